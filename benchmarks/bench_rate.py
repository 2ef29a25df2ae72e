"""Sudoku Explainer ratings: fastsudoku's compiled rater against SukakuExplainer itself.

The same puzzles are rated by ``fastsudoku.rate``'s solver (``_core._logic_rate``: the
rating alone, one thread, CPU time per puzzle, median of --repeat) and by SukakuExplainer
1.18.1 (``benchmarks/peers/se``: one JVM, its harness times each puzzle's
``Solver.getDifficulty()`` -- wall time, start-up and a warm-up of 20 puzzles excluded; run
it on a quiet machine, it is one thread).  Per band of SE's ER: puzzles, how many get SE's
ER exactly (and EP, ED), our median, SE's median and their ratio; then rate_many with 1 and
2 threads on the whole sample.

    python benchmarks/bench_rate.py --se SE_BUILT [--every 10] [--repeat 3]

SE_BUILT: a directory with SukakuExplainer's compiled classes in classes/ and the RateMany
harness (benchmarks/peers/se/RateMany.java) compiled against them in harness/.

Without --se, the ratings and times of SE are read from --se-tsv files (the harness's
output: puzzle, ER, EP, ED, technique, ms), e.g. the nested chains' puzzles and SE's times
kept with the tests (rated by SE on this machine on 2026-11-29):

    python benchmarks/bench_rate.py --se-tsv tests/data/se_nested.tsv --every 1 --repeat 1
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fastsudoku as fs
from common import machine, puzzle_array, read_puzzles, write_rows
from fastsudoku import _core

HERE = Path(__file__).resolve().parent
DATA = HERE.parent.parent / "shared" / "data"
SETS = ("puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106")
BANDS = (
    (1.0, 1.6),
    (1.6, 2.5),
    (2.5, 4.0),
    (4.0, 6.0),
    (6.0, 8.0),
    (8.0, 9.0),
    (9.0, 9.5),
    (9.5, 99.0),  # SE's nested chains
)


def sample(every: int) -> list:
    """Every `every`-th puzzle of the shared sets, and generated easy puzzles (the low
    bands: the datasets are hard)."""
    out = []
    for name in SETS:
        # (17-clue: 49,158 mostly easy puzzles; forum_hardest: SE takes up to minutes each)
        step = every * (20 if "17_clue" in name else (3 if "hardest" in name else 1))
        out += read_puzzles(DATA / name)[::step]
    for tier in ("simple", "easy", "intermediate"):
        out += [g.puzzle for g in fs.generate(count=max(10, 200 // every), difficulty=tier, seed=7)]
    return out


def run_se(built: str, puzzles: list) -> dict:
    """SE's (ER, EP, ED, ms) of each puzzle, from its harness in one JVM."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(puzzles) + "\n")
    cmd = [
        "java",
        "-XX:+UseSerialGC",
        "-XX:ActiveProcessorCount=1",
        "-cp",
        f"{built}/classes:{built}/harness",
        "RateMany",
        "--limit=60",
        f.name,
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return parse_se(done.stdout.splitlines())


def parse_se(lines) -> dict:
    out = {}
    for line in lines:
        parts = line.rstrip("\n").split("\t")
        if len(parts) < 6 or line.startswith("#"):
            continue
        try:
            out[parts[0]] = (float(parts[1]), float(parts[2]), float(parts[3]), float(parts[5]))
        except ValueError:
            continue  # a timeout
    return out


def ours(puzzle: str, repeat: int) -> tuple:
    """(ER, EP, ED) or None when stuck, and the CPU ms of one rating: the median of
    `repeat` timings, each of as many ratings in a row as fill about 2 ms (one reading of
    the process clock costs about 0.3 us, a few percent of an easy puzzle's rating)."""
    values = bytes(0 if ch in ".0" else int(ch) for ch in puzzle)
    t = time.process_time()
    er, ep, ed, _, _, stuck = _core._logic_rate(values, 3, 3)
    once = time.process_time() - t
    inner = max(1, min(1000, int(0.002 / max(once, 1e-7))))
    times = []
    for _ in range(repeat):
        t = time.process_time()
        for _ in range(inner):
            _core._logic_rate(values, 3, 3)
        times.append((time.process_time() - t) / inner * 1000)
    rated = (er / 10, ep / 10, ed / 10) if not stuck else None
    return rated, statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--se", help="directory with SE's classes/ and the harness/")
    ap.add_argument("--se-tsv", nargs="*", default=[], help="stored harness output instead")
    ap.add_argument("--every", type=int, default=10, help="every k-th puzzle of each set")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", default=str(HERE / "results" / "bench_rate.csv"))
    args = ap.parse_args()
    if args.se:
        puzzles = sample(args.every)
        se = run_se(args.se, puzzles)
    else:
        se = {}
        for path in args.se_tsv:
            se.update(parse_se(Path(path).read_text().splitlines()))
        puzzles = list(se)[:: args.every]
    rows = []
    per_band = {band: [] for band in BANDS}
    for p in puzzles:
        if p not in se:
            continue
        er, ep, ed, se_ms = se[p]
        got, ms = ours(p, args.repeat)
        band = next((b for b in BANDS if b[0] <= er < b[1]), None)
        if band is None:
            continue  # SE's 20.0 ("beyond solver") or 0.0 (invalid)
        per_band[band].append((got == (er, ep, ed), got is not None and got[0] == er, ms, se_ms))
    host = machine()
    print(f"# {host}; ours: CPU ms a puzzle (median of {args.repeat}); SE: wall ms in one JVM")
    print("band      n  ER=  all=  ours_ms  se_ms  se/ours")
    for band, items in per_band.items():
        if not items:
            continue
        o = statistics.median(x[2] for x in items)
        s = statistics.median(x[3] for x in items)
        same_er = sum(x[1] for x in items)
        same = sum(x[0] for x in items)
        print(
            f"{band[0]:.1f}-{band[1]:<4.1f} {len(items):4d} {same_er:4d} {same:4d} "
            f"{o:8.3f} {s:7.1f} {s / o:7.0f}x"
        )
        rows.append(
            {
                "band": f"{band[0]}-{band[1]}",
                "puzzles": len(items),
                "same_er": same_er,
                "same_er_ep_ed": same,
                "ours_ms_median": o,
                "se_ms_median": s,
                "se_over_ours": s / o,
                "machine": host,
            }
        )
    arr = puzzle_array(puzzles)
    for threads in (1, 2):
        t = time.perf_counter()
        fs.rate_many(arr, threads=threads)
        print(
            f"rate_many threads={threads}: {time.perf_counter() - t:.2f} s wall, "
            f"{len(puzzles)} puzzles"
        )
    write_rows(args.out, rows)


if __name__ == "__main__":
    main()
