#!/bin/bash
# The bad-input sweep behind the tables of the guide's Reliability chapter (docs/src/reliability.md): runs the release binary on each bad
# input (files in this directory) and prints one tab-separated line per case: the class of
# bad input, the command, the exit code, the first lines of stderr, the start of stdout.
# Usage: bash fuzz/bad-input/run.sh [path/to/delve]   (default: target/release/delve)
D=$(realpath "${1:-target/release/delve}")
cd "$(dirname "$0")" || exit 1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
run() {
  local class="$1"; shift
  local err rc
  # 6 GB of address space and 30 s: a case that needs more is a finding, not a wait.
  err=$( (ulimit -v 6000000; timeout 30 "$D" "$@" 2>&1 >"$TMP/out") ); rc=$?
  printf '%s\t%s\t%s\t%s\t%s\n' "$class" "delve $*" "$rc" "$(echo "$err" | grep -v '^$' | head -2 | tr '\n' ' ' | cut -c1-230)" "$(head -c 120 "$TMP/out" | tr '\n' ' ')"
}
# route
run "unknown city" route --from Nowhere --to Bucharest
run "non-UTF-8 city argument" route --from $'\xff' --to Bucharest
run "unknown map name / missing file" route --map nosuch.map --from A --to B
run "empty map file" route --map empty.txt --from A --to B
run "non-UTF-8 map file" route --map nonutf8.bin --from A --to B
run "map: road to an undeclared city" route --map road_unknown.map --from A --to B
run "map: cost not a number" route --map road_badcost.map --from A --to B
run "map: huge cost (1e999)" route --map road_hugecost.map --from A --to B
run "map: negative cost" route --map road_negcost.map --from A --to B
run "map: city declared twice" route --map road_dupcity.map --from A --to B
run "map: unclosed quote" route --map road_quote.map --from A --to B
run "map: unknown keyword" route --map road_keyword.map --from A --to B
run "map is a directory" route --map . --from A --to B
run "unknown algorithm" route --from Arad --to Bucharest --algo quantum
run "bad --weight" route --from Arad --to Bucharest --algo wastar --weight -1
run "timeout 0" route --from Arad --to Bucharest --timeout 0
run "timeout negative" route --from Arad --to Bucharest --timeout -1
run "timeout nan" route --from Arad --to Bucharest --timeout nan
run "timeout huge (1e308)" route --from Arad --to Bucharest --timeout 1e308
run "timeout above u64 seconds" route --from Arad --to Bucharest --timeout 18446744073709551616
run "timeout inf" route --from Arad --to Bucharest --timeout inf
run "max-nodes negative" route --from Arad --to Bucharest --max-nodes -1
run "max-nodes above u64" route --from Arad --to Bucharest --max-nodes 99999999999999999999
run "max-memory huge" route --from Arad --to Bucharest --max-memory 18446744073709551615
# queens
run "N = 0" queens solve 0
run "N negative" queens solve -3
run "N not a number" queens solve abc
run "N above usize" queens solve 99999999999999999999
run "N huge but a usize" queens solve 1000000000000
run "N beyond memory (min-conflicts takes N < 2^32)" queens solve 4294967295
run "N beyond memory, sa" queens solve 4000000000 --algo sa
run "unknown algorithm" queens solve 8 --algo quantum
run "verbose out of range" queens solve 8 --verbose 3
run "count: N too large" queens count 40
run "count: threads 0" queens count 8 --threads 0
run "count: threads 5000" queens count 8 --threads 5000
run "batch: missing file" queens batch nosuch.txt --out-dir "$TMP/out-dir"
run "batch: empty file" queens batch empty.txt --out-dir "$TMP/out-dir"
run "batch: non-UTF-8 file" queens batch nonutf8.bin --out-dir "$TMP/out-dir"
run "batch: malformed lines among good ones" queens batch batch_mixed.txt --out-dir "$TMP/out-dir"
run "batch: every line malformed" queens batch batch_allbad.txt --out-dir "$TMP/out-dir"
run "batch: huge N" queens batch batch_hugeN.txt --out-dir "$TMP/out-dir" --timeout 5
run "batch: N beyond memory" queens batch batch_memN.txt --out-dir "$TMP/out-dir"
run "batch: out-dir not writable" queens batch batch_good.txt --out-dir /proc/nonexistent
# sudoku
run "short row" sudoku solve sudoku_shortrow.txt
run "8 rows" sudoku solve sudoku_8rows.txt
run "bad character" sudoku solve sudoku_badchar.txt
run "clashing givens" sudoku solve sudoku_clash.txt
run "empty file" sudoku solve empty.txt
run "non-UTF-8 file" sudoku solve nonutf8.bin
run "missing file / not a grid" sudoku solve nosuch.txt
run "80-character line" sudoku solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7
# sliding
run "wrong tile count" sliding solve "1 2 3 4 5 6 7 8"
run "duplicate tiles" sliding solve "1 1 2 3 4 5 6 7 8"
run "tile out of range" sliding solve "1 2 3 4 5 6 7 9 0"
run "not a tile" sliding solve "1 2 3 4 x 6 7 8 0"
run "empty state" sliding solve ""
run "non-UTF-8 argument" sliding solve $'\xff\xfe'
run "keypad on a 4x4" sliding solve 359B26478 --size 4x4
run "digit string above 10 cells" sliding solve 1234567890123456
run "ragged rows" sliding solve "1,2,3/4,5/6,7,8,0"
run "huge tile number" sliding solve "1 2 3 4 5 6 7 8 99999999999999999999"
run "bad --size (1x5)" sliding solve "1 2 3 0" --size 1x5
run "bad --size (7x7)" sliding solve "1 2 3 0" --size 7x7
run "bad --size (text)" sliding solve "1 2 3 0" --size big
run "bad --size (huge)" sliding solve "1 2 3 0" --size 4294967296x4294967296
run "--size and state disagree" sliding solve "1 2 3 4 5 6 7 8 0" --size 2x2
run "--goal wrong size" sliding solve "1 2 3 4 5 6 7 8 0" --goal "0 1 2"
run "--goal duplicate tiles" sliding solve "1 2 3 4 5 6 7 8 0" --goal "1 1 2 3 4 5 6 7 8"
run "unsolvable (parity)" sliding solve "2 1 3 4 5 6 7 8 0"
run "unknown algorithm" sliding solve "1 2 3 4 5 6 7 8 0" --algo quantum
run "unknown heuristic" sliding solve "1 2 3 4 5 6 7 8 0" --heuristic quantum
run "from-file: missing" sliding solve --from-file nosuch.txt
run "from-file: empty" sliding solve --from-file empty.txt
run "from-file: non-UTF-8" sliding solve --from-file nonutf8.bin
run "from-file: a bad line" sliding solve --from-file states_dup.txt
run "enumerate: too big (6x6)" sliding enumerate 6x6
run "enumerate: bad size" sliding enumerate 3
run "enumerate: huge size" sliding enumerate 4294967296x4294967296
run "lookup: bad state" sliding lookup 3x3 "1 2 3"
run "analyze: missing file" sliding analyze nosuch.csv
run "analyze: empty file" sliding analyze empty.txt
run "analyze: non-UTF-8" sliding analyze nonutf8.bin
run "analyze: row with 3 fields" sliding analyze csv_extrafield.csv
run "analyze: unterminated quote" sliding analyze csv_quote.csv
run "analyze: duplicate tile in a pattern" sliding analyze csv_duptile.csv
run "analyze: wrong tile count" sliding analyze csv_short.csv
run "analyze: notations mixed" sliding analyze csv_mixed.csv
run "analyze: header only" sliding analyze csv_headeronly.csv
run "pdb: partition sizes wrong sum" sliding pdb build 3x3 --partition 4-5 --pdb-dir "$TMP/pdb"
run "pdb: partition duplicate tile" sliding pdb build 3x3 --partition 1,2,2/3,4,5,6,7,8 --pdb-dir "$TMP/pdb"
run "pdb: partition sizes wrapping usize" sliding pdb build 4x4 --partition 18446744073709551615-16 --pdb-dir "$TMP/pdb"
run "pdb: board above 16 cells" sliding pdb build 4x5 --pdb-dir "$TMP/pdb"
run "pool: observed 0" sliding pool --samples 80 --observed 0
run "pool: observed > samples" sliding pool --samples 10 --observed 20
run "pool: huge max-pool" sliding pool --samples 80 --observed 48 --max-pool 18446744073709551615
run "pool: huge trials" sliding pool --samples 80 --observed 48 --trials 18446744073709551615
run "pool: huge samples" sliding pool --samples 18446744073709551615 --observed 48
run "samples-needed: pool 0" sliding samples-needed --pool 0
run "samples-needed: confidence 1" sliding samples-needed --pool 70 --confidence 1
run "samples-needed: confidence nan" sliding samples-needed --pool 70 --confidence nan
run "samples-needed: huge pool" sliding samples-needed --pool 18446744073709551615
