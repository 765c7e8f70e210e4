#!/usr/bin/env bash
# One measurement pass for BENCHMARKS.md: every delve row and every anchor that is a program,
# one after the other on one machine (about 25 minutes on 2 cores, after the builds it starts
# with). Run from the repository root:
#
#   PONS=/path/to/c4solver FESTIVAL=/path/to/fess-cli benches/run-all.sh [OUT_DIR] [SECTION...]
#
# SECTION is any of core queens sliding vision rgb sokoban connect4 pacman (default: all), or
# dist: the timely dataflows against the single-machine code (not in the default pass: the
# whole 2x7 space takes an hour and two processes of 7.6 GiB; N = 20 about half an hour each way).
# korf24: the 24-puzzle's 6-6-6-6 tables, then Korf and Felner's instances in the order of
# their published node counts, at most half an hour each (not in the default pass either: the
# ten easiest take minutes, the rest hours). KORF24_COUNT picks how many (default 10).
# Anchors built outside the repository (their code is not ours to ship):
#   PONS      Pascal Pons's Connect Four solver, github.com/PascalPons/connect4 at tag part12,
#             built with its Makefile (`make`, g++ -O3).
#   FESTIVAL  Festival 3.1 (Yaron Shoham), github.com/CarloNicolini/festival-cli at 865b19f,
#             built with `g++ -O2 -DTHREADS -w -Isrc src/*.cpp -pthread -o fess-cli` leaving out
#             src/solver_lib.cpp and src/cli_parser.cpp.
# Either may be left unset; its rows are then skipped. The C N-Queens counter and the Python
# BFS are in the repository and always run. Each step writes OUT_DIR/NAME.out (its output),
# NAME.time (wall s, user s, max RSS KB) and a line in OUT_DIR/log.
set -u
cd "$(dirname "$0")/.."
OUT=$(realpath -m "${1:-/tmp/delve-bench}")
shift || true
SECTIONS=${*:-core queens sliding vision rgb sokoban connect4 pacman}
DELVE=${DELVE:-}
PONS=${PONS:-}
FESTIVAL=${FESTIVAL:-}
GOAL="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
C4=crates/domains/connect4/data
SOK=crates/domains/sokoban/data
mkdir -p "$OUT"

# run NAME COMMAND...: run once, output to NAME.out, times to NAME.time, a line in the log.
run() {
    local name=$1
    shift
    echo "$(date -u +%T) start $name (load $(cut -d' ' -f1 /proc/loadavg))" >>"$OUT/log"
    /usr/bin/time -f '%e %U %M' -o "$OUT/$name.time" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"
    local rc=$?
    echo "$(date -u +%T) end   $name rc=$rc $(tail -1 "$OUT/$name.time")" >>"$OUT/log"
}

# repeat N NAME COMMAND...: N runs, outputs appended to NAME.out (one JSON object a line).
repeat() {
    local n=$1 name=$2
    shift 2
    : >"$OUT/$name.out"
    for _ in $(seq "$n"); do
        "$@" >>"$OUT/$name.out" 2>>"$OUT/$name.err"
        echo >>"$OUT/$name.out"
    done
    echo "$(date -u +%T) done  $name ($n runs)" >>"$OUT/log"
}

want() { [[ " $SECTIONS " == *" $1 "* ]]; }

# Build first, so that no compilation runs during the pass (set DELVE to use another binary).
if [ -z "$DELVE" ]; then
    cargo build --release -p delve-cli || exit 1
    DELVE=$PWD/target/release/delve
fi
if want core; then
    cargo bench --no-run -p delve-grid --bench grid_astar && cargo bench --no-run -p delve-core --bench node_store || exit 1
fi
if want queens; then cargo bench --no-run -p delve-queens --bench report || exit 1; fi
if want vision; then cargo bench --no-run -p delve-sliding-vision --bench read || exit 1; fi
if want pacman; then cargo build --release -p delve-pacman --example contest || exit 1; fi
echo "$(date -u +%T) built; pass starts, binary $DELVE" >>"$OUT/log"

if want core; then
    run grid_astar cargo bench -p delve-grid --bench grid_astar -- --warm-up-time 1 --measurement-time 4
    run node_store cargo bench -p delve-core --bench node_store
fi

if want queens; then
    run queens_report cargo bench -p delve-queens --bench report -- counts mc hc
    gcc -O3 -o "$OUT/nqueens" crates/domains/queens/benches/c/nqueens.c
    repeat 3 nqueens_c16 "$OUT/nqueens" 16
fi

if want sliding; then
    repeat 11 enum3x3 "$DELVE" sliding enumerate 3x3 --json
    repeat 3 bfs3x3_py python3 crates/domains/sliding/benches/bfs_3x3.py
    run enum3x4 "$DELVE" sliding enumerate 3x4 --json
    run enum2x6 "$DELVE" sliding enumerate 2x6 --json
    rm -rf "$OUT/pdb"
    run pdb78 "$DELVE" sliding pdb build 4x4 --goal "$GOAL" --pdb-dir "$OUT/pdb" --json
    run korf100 "$DELVE" sliding solve --from-file crates/domains/sliding/data/korf100.txt --goal "$GOAL" \
        --pdb-dir "$OUT/pdb" --json
fi

if want korf24; then
    GOAL24="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24"
    rm -rf "$OUT/pdb24"
    run pdb6666 "$DELVE" sliding pdb build 5x5 --goal "$GOAL24" --pdb-dir "$OUT/pdb24" --json
    awk '!/^#/ && NF { print $NF, $0 }' crates/domains/sliding/data/korf24.txt | sort -n \
        | head -n "${KORF24_COUNT:-10}" | cut -d' ' -f2- > "$OUT/korf24-easiest.txt"
    run korf24 "$DELVE" sliding solve --from-file "$OUT/korf24-easiest.txt" --goal "$GOAL24" \
        --pdb-dir "$OUT/pdb24" --timeout 1800 --json
fi

# pair NAME ARGS...: `delve ARGS` as two processes on loopback; process 0's output and times
# are NAME.*, process 1's NAME.p1.*.
pair() {
    local name=$1
    shift
    /usr/bin/time -f '%e %U %M' -o "$OUT/$name.p1.time" "$DELVE" "$@" --processes 2 --process 1 \
        >"$OUT/$name.p1.out" 2>"$OUT/$name.p1.err" &
    run "$name" "$DELVE" "$@" --processes 2 --process 0
    wait
}

if want dist; then
    for i in 1 2 3; do
        run "enum3x4_single_$i" "$DELVE" sliding enumerate 3x4 --json
        run "enum3x4_w2_$i" "$DELVE" sliding enumerate 3x4 --workers 2 --json
        pair "enum3x4_p2_$i" sliding enumerate 3x4 --json
    done
    run queens19_single "$DELVE" queens count 19 --threads 2 --json
    pair queens19_p2 queens count 19 --json
    pair enum2x7_p2 sliding enumerate 2x7 --json
    run queens20_single "$DELVE" queens count 20 --threads 2 --json
    pair queens20_p2 queens count 20 --json
fi

if want vision; then
    run vision cargo bench -p delve-sliding-vision --bench read -- --warm-up-time 2 --measurement-time 8
fi

if want rgb; then
    P7=crates/domains/rgb/data/P-7.txt
    repeat 11 p7_ils "$DELVE" rgb solve $P7 --algo ils --json
    repeat 11 p7_astar "$DELVE" rgb solve $P7 --json
    repeat 5 p7_ucs "$DELVE" rgb solve $P7 --algo ucs --json
    repeat 5 rgb7_astar "$DELVE" rgb bench crates/domains/rgb/data --json
    repeat 5 rgb7_ils "$DELVE" rgb bench crates/domains/rgb/data --algo ils --json
    repeat 3 archiloque "$DELVE" rgb bench crates/domains/rgb/data/archiloque --json
fi

if want sokoban; then
    run xsok_any "$DELVE" sokoban bench $SOK/xsokoban90.xsb --any --timeout-per-level 60 --max-memory 3000 --json
    if [ -n "$FESTIVAL" ]; then
        rm -rf "$OUT/festival" && mkdir -p "$OUT/festival" && cp $SOK/xsokoban90.xsb "$OUT/festival/"
        (cd "$OUT/festival" && run festival "$FESTIVAL" xsokoban90.xsb -time 60 -cores 2)
    fi
    run micro_pushes "$DELVE" sokoban bench $SOK/microban.xsb --pushes --jobs 1 --threads 2 \
        --timeout-per-level 60 --max-memory 3000 --json
    run micro_optimal "$DELVE" sokoban bench $SOK/microban.xsb --optimal --jobs 1 --threads 2 \
        --timeout-per-level 60 --max-memory 3000 --json
    run micro_any "$DELVE" sokoban bench $SOK/microban.xsb --any --timeout-per-level 10 --max-memory 3000 --json
    run xsok1_pushes "$DELVE" sokoban solve $SOK/xsokoban90.xsb --level 1 --pushes --timeout 120 --max-memory 4000 --json
    run xsok38_pushes "$DELVE" sokoban solve $SOK/xsokoban90.xsb --level 38 --pushes --timeout 120 --max-memory 4000 --json
fi

if want connect4; then
    for set in L3_R1 L2_R1 L2_R2 L1_R1 L1_R2; do
        run "c4_$set" "$DELVE" connect4 bench $C4/Test_$set --json
    done
    run c4_L1_R3_10 "$DELVE" connect4 bench $C4/Test_L1_R3 --limit 10 --json
    run c4_L1_R3_100_t2 "$DELVE" connect4 bench $C4/Test_L1_R3 --limit 100 --threads 2 --json
    run c4_empty "$DELVE" connect4 solve "" --json
    if [ -n "$PONS" ]; then
        # Pons's solver prints "moves score nodes microseconds" a position.
        for set in L3_R1 L2_R1 L2_R2 L1_R1 L1_R2; do
            cut -d' ' -f1 $C4/Test_$set >"$OUT/pons_in_$set"
            run "pons_$set" sh -c "\"$PONS\" < \"$OUT/pons_in_$set\""
        done
        head -10 $C4/Test_L1_R3 | cut -d' ' -f1 >"$OUT/pons_in_L1_R3_10"
        run pons_L1_R3_10 sh -c "\"$PONS\" < \"$OUT/pons_in_L1_R3_10\""
    fi
fi

if want pacman; then
    run pacman_grade "$DELVE" pacman grade crates/domains/pacman/data/cs188
    run pacman_q1 "$DELVE" pacman play --layout openClassic --agent reflex --games 10 --json
    run pacman_q5 "$DELVE" pacman play --layout smallClassic --agent expectimax --depth 2 --eval better \
        --num-ghosts 1 --games 10 --json
    run pacman_ab3 "$DELVE" pacman play --layout smallClassic --agent alphabeta --depth 3 --ghosts random --games 5 --json
    run gametrees "$DELVE" game cs188 crates/game/data/cs188/q2 crates/game/data/cs188/q3 crates/game/data/cs188/q4 --json
    run tictactoe "$DELVE" tictactoe count --json
    run contest cargo run --release -p delve-pacman --example contest -- 200 1 5 2
fi
echo "$(date -u +%T) pass done" >>"$OUT/log"
