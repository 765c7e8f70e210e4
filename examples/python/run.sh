#!/usr/bin/env bash
# Runs every example of examples/python and executes the tour notebook headless, failing on
# the first error (each script asserts its results; a failing notebook cell fails the run).
#
#   PYTHON=/path/to/venv/bin/python bash examples/python/run.sh
#
# $PYTHON (default python3) needs delve-search installed, and nbclient, nbformat and
# ipykernel for the notebook; aima3 and matplotlib are optional.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
PYTHON=${PYTHON:-python3}
cd "$here"
total_start=$SECONDS

for script in *.py; do
    echo "-- $script"
    start=$SECONDS
    "$PYTHON" "$script"
    echo "   ($((SECONDS - start)) s)"
done

# The notebook is stored without outputs; it is executed in memory and not written back.
echo "-- tour.ipynb"
start=$SECONDS
"$PYTHON" - <<'PY'
import nbclient
import nbformat

nb = nbformat.read("tour.ipynb", as_version=4)
client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": "."}})
client.execute()  # raises CellExecutionError, with the cell and its traceback, on any error
cells = sum(cell.cell_type == "code" for cell in nb.cells)
print(f"   {cells} code cells ran without error")
PY
echo "   ($((SECONDS - start)) s)"
echo "examples: all passed in $((SECONDS - total_start)) s"
