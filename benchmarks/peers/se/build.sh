#!/bin/bash
# Build SukakuExplainer (the maintained Sudoku Explainer, 1.18.1) and the RateMany harness
# beside it, for benchmarks/bench_rate.py:
#
#   git clone https://github.com/SudokuMonster/SukakuExplainer SE_SRC   (commit 362854e)
#   bash benchmarks/peers/se/build.sh SE_SRC OUT_DIR
#   python benchmarks/bench_rate.py --se OUT_DIR
#
# SE stays outside the package: it is only the peer the benchmark measures against.
set -euo pipefail
src=$(cd "$1" && pwd)
out=$(mkdir -p "$2" && cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/classes" "$out/harness"
(cd "$src" && find . -name '*.java' > "$out/sources.txt")
# SE's sources are Latin-1 (a degree sign in Symmetry.java)
(cd "$src" && javac -nowarn -encoding ISO-8859-1 -d "$out/classes" @"$out/sources.txt")
# its resources (HTML explanations) beside the classes
(cd "$src" && find diuf -type f ! -name '*.java' -exec install -D -m 644 {} "$out/classes/{}" \;)
javac -encoding UTF-8 -cp "$out/classes" -d "$out/harness" "$here/RateMany.java"
echo "built: java -cp $out/classes:$out/harness RateMany FILE"
