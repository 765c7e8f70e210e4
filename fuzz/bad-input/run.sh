#!/bin/bash
# The bad-input sweep behind the tables of the guide's Reliability chapter
# (docs/src/reliability.md): runs `delve` on bad inputs of every kind, for every command and for
# `delve serve`, and checks each case's exit code (2 for bad input, 1 for a limit, 0 where the
# input is fine after all), that neither "panicked" nor "overflowed" nor a raw escape character
# reaches the terminal, that it ends within SECS seconds, and that its peak resident memory
# stays under RSS_MB megabytes. Prints one tab-separated line per case (verdict, class,
# command, exit code, peak MB, the first line of stderr) and exits 1 if any case failed.
#
# Usage: bash fuzz/bad-input/run.sh [--quick] [path/to/delve]   (default: target/release/delve)
#   --quick   only the input classes every command shares (devices, FIFOs, stdin, BOM, CRLF,
#             control characters, huge sizes, deep recursion) and the server: what CI runs
#   RSS_MB=1024 SECS=30 (environment) the memory and time each case may take
QUICK=0
if [ "${1:-}" = --quick ]; then QUICK=1; shift; fi
D=$(realpath "${1:-target/release/delve}")
RSS_MB=${RSS_MB:-1024}
SECS=${SECS:-30}
HERE=$(realpath "$(dirname "$0")")
ROOT=$(realpath "$HERE/../..")
cd "$HERE" || exit 1
TMP=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
  rm -rf "$TMP"
}
trap cleanup EXIT
FAILS=0
CASES=0
STDIN=/dev/null

# check WANT CLASS ARGS…: runs `delve ARGS` (stdin from $STDIN), watching its peak memory.
check() {
  local want="$1" class="$2"; shift 2
  "$D" "$@" <"$STDIN" >"$TMP/out" 2>"$TMP/err" &
  local pid=$! peak=0 state key value rest timed_out=0 start=$SECONDS
  while :; do
    state=""
    while read -r key value rest; do
      case "$key" in
        State:) state=$value ;;
        VmHWM:) (( value > peak )) && peak=$value ;;
      esac
    done < <(cat "/proc/$pid/status" 2>/dev/null)
    [ -z "$state" ] || [ "$state" = Z ] && break
    if (( SECONDS - start >= SECS )); then kill -9 "$pid"; timed_out=1; break; fi
    sleep 0.01
  done
  wait "$pid"
  local rc=$? verdict=ok why=""
  peak=$((peak / 1024))
  if (( timed_out )); then verdict=FAIL; why="still running after ${SECS} s"
  elif ! [[ "$rc" =~ ^($want)$ ]]; then verdict=FAIL; why="exit $rc, expected $want"
  elif grep -qE 'panicked|overflowed|memory allocation' "$TMP/err"; then verdict=FAIL; why="a panic or abort"
  elif grep -q $'\x1b' "$TMP/err"; then verdict=FAIL; why="a raw escape character in stderr"
  elif (( peak > RSS_MB )); then verdict=FAIL; why="peak ${peak} MB > ${RSS_MB} MB"
  fi
  CASES=$((CASES + 1))
  [ "$verdict" = FAIL ] && FAILS=$((FAILS + 1))
  # The command as typed, with control characters and bytes past ASCII shown as `cat -v` does.
  printf '%s\t%s\t%s\t%s\t%s MB\t%s\n' "$verdict${why:+ ($why)}" "$class" "$(printf 'delve %s' "$*" | cat -v)" "$rc" "$peak" \
    "$(grep -v '^$' "$TMP/err" | head -1 | cut -c1-160)"
}
run() { check 2 "$@"; }   # bad input: exit 2 with a message
fine() { check 0 "$@"; }  # input that is fine after all
limit() { check 1 "$@"; } # a limit stops it: exit 1 with its report
# feed CLASS WANT ARGS…: runs the case while another process writes to $TMP/fifo forever.
feed() {
  local class="$1" want="$2"; shift 2
  yes '#####' >"$TMP/fifo" 2>/dev/null &
  local writer=$!
  PIDS+=("$writer")
  check "$want" "$class" "$@"
  kill "$writer" 2>/dev/null
  wait "$writer" 2>/dev/null
}

# ---- inputs made here -------------------------------------------------------------------
SOK="$ROOT/crates/domains/sokoban/data"
SOK_FILE=$(ls "$SOK"/*.xsb "$SOK"/*.txt 2>/dev/null | head -1)
RGB="$ROOT/crates/domains/rgb/data/archiloque"
RGB_LEVEL=$(ls "$RGB"/*.txt | head -1)
CS188="$ROOT/crates/game/data/cs188/q2"
CS188_TEST=$(ls "$CS188"/*.test | head -1)
LAYOUT="$ROOT/crates/domains/pacman/data/layouts/testClassic.lay"
C4_SET="$ROOT/crates/domains/connect4/data/Test_L3_R1"
mkfifo "$TMP/fifo"
# A byte-order mark, and Windows line ends, on files each command reads.
for f in "$RGB_LEVEL" "$CS188_TEST" "$LAYOUT"; do
  name=$(basename "$f")
  { printf '\xef\xbb\xbf'; cat "$f"; } >"$TMP/bom-$name"
  sed 's/$/\r/' "$f" >"$TMP/crlf-$name"
done
cp "${CS188_TEST%.test}.solution" "$TMP/bom-$(basename "${CS188_TEST%.test}").solution"
cp "${CS188_TEST%.test}.solution" "$TMP/crlf-$(basename "${CS188_TEST%.test}").solution"
printf '\xef\xbb\xbf#####\n#@$.#\n#####\n' >"$TMP/bom.xsb"
printf '#####\r\n#@$.#\r\n#####\r\n' >"$TMP/crlf.xsb"
printf '\xef\xbb\xbf53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n' >"$TMP/bom-sudoku.txt"
printf '\xef\xbb\xbf8 bfs\n4 dfs\n' >"$TMP/bom-batch.txt"
printf '\xef\xbb\xbf1 2 3 4 5 6 0 7 8\n' >"$TMP/bom-states.txt"
head -3 "$C4_SET" | { printf '\xef\xbb\xbf'; cat; } >"$TMP/bom-c4"
head -3 "$C4_SET" | sed 's/$/\r/' >"$TMP/crlf-c4"
# Control characters: an escape sequence that would retitle the terminal, and a NUL.
printf '#####\n#@$.#\n##\x1b]0;pwned\x07###\n' >"$TMP/esc.xsb"
printf '#####\n#@$.#\n##\x00##\n' >"$TMP/nul.xsb"
printf 'Arad\x1b[2J 75 Zerind\n' >"$TMP/esc.map"
# Sizes past every bound: a file over the 64 MB read cap, a run length past any row, a file
# of run lengths, a maze past 10,000 cells, a line of a megabyte.
head -c $((65 * 1024 * 1024)) /dev/zero | tr '\0' '#' >"$TMP/huge.xsb"
printf '99999999999999999999#\n#@$.#\n#####\n' >"$TMP/rle-count.xsb"
yes '999#' | head -c $((3 * 1024 * 1024)) >"$TMP/rle-bomb.xsb"
awk 'BEGIN { w = 2000; wall = sprintf("%*s", w, ""); gsub(/ /, "%", wall); dots = sprintf("%*s", w - 2, ""); gsub(/ /, ".", dots)
  print wall; print "%P" substr(dots, 2) "%"; for (i = 0; i < w - 3; i++) print "%" dots "%"; print wall }' >"$TMP/maze.lay"
head -c $((1024 * 1024)) /dev/zero | tr '\0' 'x' >"$TMP/long-line.txt"
# Game trees that cycle: past the bound on depth × agents, and within it but vast.
cycle() {
  local depth=$1 ways=$2 successors=""
  for ((w = 0; w < ways; w++)); do successors+="a x$w b"$'\n'"b y$w a"$'\n'; done
  printf 'class: "GraphGameTreeTest"\nalg: "MinimaxAgent"\ndepth: "%s"\nnum_agents: "2"\nstart_state: "a"\nwin_states: ""\nlose_states: ""\nsuccessors: """\n%s"""\nevaluation: """\na 1.0\nb 2.0\n"""\n' "$depth" "$successors"
}
cycle 100000 1 >"$TMP/deep.test"
cycle 40 2 >"$TMP/vast.test"
printf 'action: "x0"\ngenerated: "a b"\n' >"$TMP/vast.solution"
mkdir -p "$TMP/grade/q2"
cp "$TMP/vast.test" "$TMP/grade/q2/1-vast.test"
printf 'action: "x0"\ngenerated: "a b"\n' >"$TMP/grade/q2/1-vast.solution"
printf 'max_points: "1"\nclass: "PassAllTestsQuestion"\n' >"$TMP/grade/q2/CONFIG"
# Bench folders holding what is not a level: a link to an endless device, a FIFO nobody writes.
mkdir -p "$TMP/bench-link" "$TMP/bench-fifo"
cp "$RGB_LEVEL" "$TMP/bench-link/"
cp "$RGB_LEVEL" "$TMP/bench-fifo/"
ln -s /dev/zero "$TMP/bench-link/x.txt"
mkfifo "$TMP/bench-fifo/x.txt"

echo "== classes every command shares"
for dev in /dev/zero /dev/urandom; do
  run "device ($dev)" sokoban solve "$dev"
  run "device ($dev)" sokoban bench "$dev"
  run "device ($dev)" rgb solve "$dev"
  run "device ($dev)" rgb show "$dev"
  run "device ($dev)" connect4 bench "$dev"
  run "device ($dev)" connect4 book info "$dev"
  run "device ($dev)" pacman play --layout "$dev" --agent reflex --quiet
  run "device ($dev)" pacman replay "$dev"
  run "device ($dev)" sliding read --templates "$dev" "$dev"
  run "device ($dev)" game cs188 "$dev"
  run "device ($dev)" route --map "$dev" --from A --to B
  run "device ($dev)" sudoku solve "$dev"
  run "device ($dev)" queens batch "$dev" --out-dir "$TMP/out-dir"
  run "device ($dev)" sliding solve --from-file "$dev"
  run "device ($dev)" sliding analyze "$dev"
done
feed "FIFO written forever" 2 sokoban solve "$TMP/fifo"
feed "FIFO written forever" 2 rgb solve "$TMP/fifo"
feed "FIFO written forever" 2 game cs188 "$TMP/fifo"
feed "FIFO written forever" 2 pacman play --layout "$TMP/fifo" --agent reflex --quiet
feed "FIFO written forever" 2 route --map "$TMP/fifo" --from A --to B
feed "FIFO written forever" 2 sudoku solve "$TMP/fifo"
feed "FIFO written forever" 2 connect4 bench "$TMP/fifo"
feed "FIFO written forever" 2 sliding solve --from-file "$TMP/fifo"
feed "FIFO written forever" 2 pacman replay "$TMP/fifo"
feed "FIFO written forever" 2 queens batch "$TMP/fifo" --out-dir "$TMP/out-dir"
feed "FIFO written forever" 2 sliding analyze "$TMP/fifo"
STDIN=/dev/zero
run "stdin from /dev/zero" connect4 solve -
run "stdin from /dev/zero" tictactoe play
run "stdin from /dev/zero" sokoban play "$TMP/bom.xsb"
STDIN=/dev/null
run "bench folder: x.txt links to /dev/zero" rgb bench "$TMP/bench-link"
run "bench folder: x.txt is a FIFO nobody writes" rgb bench "$TMP/bench-fifo"
fine "BOM" sokoban solve "$TMP/bom.xsb"
fine "BOM" rgb solve "$TMP/bom-$(basename "$RGB_LEVEL")"
fine "BOM" game cs188 "$TMP/bom-$(basename "$CS188_TEST")"
fine "BOM" pacman play --layout "$TMP/bom-testClassic.lay" --agent reflex --quiet --seed 1
fine "BOM" sudoku solve "$TMP/bom-sudoku.txt"
fine "BOM" queens batch "$TMP/bom-batch.txt" --out-dir "$TMP/out-dir"
fine "BOM" sliding solve --from-file "$TMP/bom-states.txt"
fine "BOM" connect4 bench "$TMP/bom-c4"
fine "CRLF" sokoban solve "$TMP/crlf.xsb"
fine "CRLF" rgb solve "$TMP/crlf-$(basename "$RGB_LEVEL")"
fine "CRLF" game cs188 "$TMP/crlf-$(basename "$CS188_TEST")"
fine "CRLF" pacman play --layout "$TMP/crlf-testClassic.lay" --agent reflex --quiet --seed 1
fine "CRLF" connect4 bench "$TMP/crlf-c4"
run "control characters (ESC ] … BEL)" sokoban solve "$TMP/esc.xsb"
run "control characters (NUL)" sokoban solve "$TMP/nul.xsb"
run "control characters (ESC [ 2 J)" route --map "$TMP/esc.map" --from Arad --to Zerind
run "control characters in an argument" connect4 solve $'4\x1b]0;x\x07'
run "file over the read cap (65 MB)" sokoban solve "$TMP/huge.xsb"
run "file over --max-input 1" sokoban solve "$TMP/rle-bomb.xsb" --max-input 1
run "run length of 20 digits" sokoban solve "$TMP/rle-count.xsb"
run "3 MB of run lengths (999#)" sokoban solve "$TMP/rle-bomb.xsb"
run "maze of 2000×2000" pacman play --layout "$TMP/maze.lay" --agent reflex --quiet
run "a line of a megabyte" sokoban solve "$TMP/long-line.txt"
run "a line of a megabyte" game cs188 "$TMP/long-line.txt"
run "a line of a megabyte" sudoku solve "$TMP/long-line.txt"
run "depth × agents of 200,000 on a cycle" game cs188 "$TMP/deep.test"
limit "a cycle searched 80 plies deep" game cs188 "$TMP/vast.test" --timeout 1
limit "a cycle searched 80 plies deep" pacman grade "$TMP/grade" --timeout 1
fine "jobs × threads far past the cores" sokoban bench "$TMP/bom.xsb" --jobs 20 --threads 64
limit "empty board, 1 s" connect4 solve "" --timeout 1 --json

if (( ! QUICK )); then
echo "== each command's own bad inputs"
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
  fine "timeout huge (1e308)" route --from Arad --to Bucharest --timeout 1e308
  fine "timeout above u64 seconds" route --from Arad --to Bucharest --timeout 18446744073709551616
  fine "timeout inf" route --from Arad --to Bucharest --timeout inf
  run "max-nodes negative" route --from Arad --to Bucharest --max-nodes -1
  run "max-nodes above u64" route --from Arad --to Bucharest --max-nodes 99999999999999999999
  fine "max-memory huge" route --from Arad --to Bucharest --max-memory 18446744073709551615
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
  printf '127.0.0.1:2101\n  localhost\n' > "$TMP/hosts_noport.txt"
  run "count: hostfile line without a port" queens count 8 --hostfile "$TMP/hosts_noport.txt"
  run "count: missing hostfile" queens count 8 --hostfile nosuch.txt
  run "count: process index out of range" queens count 8 --processes 2 --process 5
  run "count: the other process never starts" queens count 8 --processes 2 --connect-timeout 1
  run "count: workers 0" queens count 8 --workers 0
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
  run "bad --size (1x1)" sliding solve "1 2 3 0" --size 1x1
  run "bad --size (7x7)" sliding solve "1 2 3 0" --size 7x7
  run "bad --size (text)" sliding solve "1 2 3 0" --size big
  run "bad --size (huge)" sliding solve "1 2 3 0" --size 4294967296x4294967296
  run "--size and state disagree" sliding solve "1 2 3 4 5 6 7 8 0" --size 2x2
  run "--goal wrong size" sliding solve "1 2 3 4 5 6 7 8 0" --goal "0 1 2"
  run "--goal duplicate tiles" sliding solve "1 2 3 4 5 6 7 8 0" --goal "1 1 2 3 4 5 6 7 8"
  limit "unsolvable (parity): no solution" sliding solve "2 1 3 4 5 6 7 8 0"
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
  run "pdb: board above 32 cells" sliding pdb build 6x6 --pdb-dir "$TMP/pdb"
  run "pool: observed 0" sliding pool --samples 80 --observed 0
  run "pool: observed > samples" sliding pool --samples 10 --observed 20
  run "pool: huge max-pool" sliding pool --samples 80 --observed 48 --max-pool 18446744073709551615
  run "pool: huge trials" sliding pool --samples 80 --observed 48 --trials 18446744073709551615
  run "pool: huge samples" sliding pool --samples 18446744073709551615 --observed 48
  run "samples-needed: pool 0" sliding samples-needed --pool 0
  run "samples-needed: confidence 1" sliding samples-needed --pool 70 --confidence 1
  run "samples-needed: confidence nan" sliding samples-needed --pool 70 --confidence nan
  run "samples-needed: huge pool" sliding samples-needed --pool 18446744073709551615
  # sokoban
  MICRO="$ROOT/crates/domains/sokoban/data/microban.xsb"
  run "missing file" sokoban solve nosuch.xsb
  run "empty file" sokoban solve empty.txt
  run "non-UTF-8 file" sokoban solve nonutf8.bin
  run "level number past the file" sokoban solve "$MICRO" --level 99999
  run "level 0" sokoban solve "$MICRO" --level 0
  run "a backwards range" sokoban bench "$MICRO" --levels 5-2
  printf '#####\n#@$.#\n#@  #\n#####\n' >"$TMP/two-players.xsb"
  run "two players" sokoban solve "$TMP/two-players.xsb"
  printf '#####\n#@$ #\n#####\n' >"$TMP/no-goal.xsb"
  run "more boxes than goals" sokoban solve "$TMP/no-goal.xsb"
  printf '#####\n# $.#\n#####\n' >"$TMP/no-player.xsb"
  run "no player" sokoban solve "$TMP/no-player.xsb"
  printf 'xyz\n' >"$TMP/moves.txt"
  STDIN="$TMP/moves.txt"
  run "moves that are not LURD" sokoban play "$TMP/bom.xsb"
  STDIN=/dev/null
  # connect4
  run "a column that is not 1-7" connect4 solve 48
  run "a full column" connect4 solve 4444444
  run "a position already won" connect4 solve 1212121
  run "a test-set line that is not a position" connect4 bench batch_allbad.txt
  run "a book that is not a book" connect4 book info empty.txt
  run "a book that is not a book (text)" connect4 solve 4455 --book batch_good.txt
  run "a book too deep" connect4 book build --depth 99 --out "$TMP/book.c4b"
  # pacman
  run "unknown layout name" pacman play --layout nosuch --agent reflex --quiet
  run "unknown agent" pacman play --layout testClassic --agent quantum --quiet
  run "depth 0" pacman play --layout testClassic --agent minimax --depth 0 --quiet
  run "depth 99" pacman play --layout testClassic --agent minimax --depth 99 --quiet
  printf '%%%%%%%%%%\n%%....%%\n%%%%%%%%%%\n' >"$TMP/no-pacman.lay"
  run "a layout without Pacman" pacman play --layout "$TMP/no-pacman.lay" --agent reflex --quiet
  printf '%%%%%%%%%%\n%%P..%%\n   %%\n%%%%%%%%%%\n' >"$TMP/ragged.lay"
  run "a ragged layout" pacman play --layout "$TMP/ragged.lay" --agent reflex --quiet
  run "a replay that is not JSON" pacman replay batch_good.txt
  run "grade: missing folder" pacman grade nosuch
  run "grade: an empty folder" pacman grade "$TMP/out-dir"
  # game cs188
  run "missing file" game cs188 nosuch.test
  run "empty file" game cs188 empty.txt
  run "non-UTF-8 file" game cs188 nonutf8.bin
  sed 's/^depth: .*/depth: "x"/' "$CS188_TEST" >"$TMP/bad-depth.test"
  run "depth not a number" game cs188 "$TMP/bad-depth.test"
  sed 's/^alg: .*/alg: "QuantumAgent"/' "$CS188_TEST" >"$TMP/bad-alg.test"
  run "unknown agent" game cs188 "$TMP/bad-alg.test"
  cp "$CS188_TEST" "$TMP/lonely.test"
  run "no solution file beside it" game cs188 "$TMP/lonely.test"
  # tictactoe
  for move in 0 10 x "5\n5"; do
    printf "$move\n" >"$TMP/ttt.txt"
    STDIN="$TMP/ttt.txt"
    fine "stdin \`$(printf "$move" | tr '\n' ' ')\`: not a free cell, asked again" tictactoe play
  done
  STDIN=/dev/null
  # --max-memory against the process's peak: every algorithm on a problem that would take
  # gigabytes, a limit of 100 MB, and 60 MB for the binary and the last look's growth.
  SIX="19 26 28 32 4 13 14 20 7 8 5 11 0 17 21 3 31 23 34 25 1 27 22 6 9 24 2 29 12 10 16 15 30 18 35 33"
  for algo in bfs dfs ucs astar wastar bibfs; do
    RSS_MB=160 limit "--max-memory 100 (6×6 board)" sliding solve "$SIX" --size 6x6 --algo "$algo" --max-memory 100
  done
  for algo in dls iddfs ils idastar; do
    RSS_MB=160 limit "--max-memory 100, --timeout 2 (6×6 board)" sliding solve "$SIX" --size 6x6 --algo "$algo" --max-memory 100 --timeout 2
  done
  for algo in bfs dfs ucs; do
    RSS_MB=160 limit "--max-memory 100 (65,535 queens)" queens solve 65535 --algo "$algo" --max-memory 100
  done
  RSS_MB=160 limit "--max-memory 100 (optimal Sokoban)" sokoban solve "$MICRO" --level 144 --max-memory 100
fi

echo "== delve serve"
# answer WANT CLASS CURL-ARGS…: one request; passes when the status is WANT.
answer() {
  local want="$1" class="$2"; shift 2
  local got
  got=$(curl -s -o "$TMP/body" -w '%{http_code} %{time_total}' --max-time 10 "$@")
  local verdict=ok
  [ "${got%% *}" = "$want" ] || { verdict="FAIL (status ${got%% *}, expected $want)"; FAILS=$((FAILS + 1)); }
  CASES=$((CASES + 1))
  printf '%s\t%s\tcurl %s\t%s\t%s s\t%s\n' "$verdict" "$class" "${*: -1}" "${got%% *}" "${got#* }" "$(head -c 160 "$TMP/body")"
}
"$D" serve --port 0 >"$TMP/serve.out" 2>&1 &
SERVER=$!
PIDS+=("$SERVER")
for _ in $(seq 100); do grep -q http "$TMP/serve.out" && break; sleep 0.1; done
URL=$(grep -o 'http://[0-9.:]*' "$TMP/serve.out")
if [ -z "$URL" ]; then
  echo "FAIL: delve serve did not start: $(cat "$TMP/serve.out")"
  FAILS=$((FAILS + 1))
else
  J=(-H 'content-type: application/json')
  answer 200 "health" "$URL/api/health"
  answer 403 "a foreign Host (DNS rebinding)" -H "Host: evil.example" "$URL/api/health"
  answer 403 "a foreign Host, POST" -H "Host: evil.example:8471" "${J[@]}" -d '{"n":8}' "$URL/api/queens/count"
  answer 405 "GET on a POST route" "$URL/api/queens/count"
  answer 413 "a body of 1 MB" "${J[@]}" --data-binary "@$TMP/long-line.txt" "$URL/api/queens/count"
  answer 400 "not JSON" "${J[@]}" -d '{"n":' "$URL/api/queens/count"
  answer 400 "an impossible tic-tac-toe board" "${J[@]}" -d '{"board":"XXXOOO..."}' "$URL/api/tictactoe/move"
  answer 400 "60 KB of run lengths (999#)" "${J[@]}" -d "{\"text\":\"$(head -c 60000 "$TMP/rle-bomb.xsb" | tr '\n' '|')\"}" "$URL/api/sokoban/level"
  answer 404 "cancel with a made-up id and token" "${J[@]}" -d '{"job":"00000000000000000000000000000000","token":"00000000000000000000000000000000"}' "$URL/api/cancel"
  answer 404 "a path outside the pages" --path-as-is "$URL/../../etc/passwd"
  # Silent connections past the cap: health still answers.
  for _ in $(seq 300); do (exec 3<>"/dev/tcp/127.0.0.1/${URL##*:}"; sleep 20) & PIDS+=($!); done
  sleep 1
  answer 200 "health beside 300 silent connections" "$URL/api/health"
  peak=$(awk '/^VmHWM:/{print int($2/1024)}' "/proc/$SERVER/status")
  verdict=ok
  (( peak > RSS_MB )) && { verdict="FAIL (peak ${peak} MB > ${RSS_MB} MB)"; FAILS=$((FAILS + 1)); }
  CASES=$((CASES + 1))
  printf '%s\t%s\t%s\t\t%s MB\n' "$verdict" "the server's peak memory" "delve serve" "$peak"
fi

echo "$CASES cases, $FAILS failed"
(( FAILS == 0 ))
