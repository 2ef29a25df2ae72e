"""Batch solving: fastsudoku.solve_many (1 and 2 threads) against one solve() call a puzzle.

For each 9x9 set in ../shared/data: puzzles/s of the per-call loop (81-char strings, the
fast path), of solve_many on a (count, 81) uint8 array with threads=1 and threads=2, and
the ratios, all measured side by side in one run; each figure the median of --repeat
passes after a warm-up (the four measurements alternate within each pass, and the
ratios are medians of per-pass ratios).  The per-call loop runs twice: on the 9x9
digit-band engine (what solve() uses, engine="auto") and on the general bitmask engine
(engine="bitmask"), the engine of the foundation issue, whose per-call figure the batch is
measured against (``batch_1t_over_general_call``).  Results: benchmarks/results/bench_batch.csv.

    python benchmarks/bench_batch.py
    python benchmarks/bench_batch.py --limit 2       # uniqueness checks instead
    python benchmarks/bench_batch.py --times 10      # each set 10 times over in one batch

On a small set a batch lasts 15-40 ms, and the second core of this 2-vCPU VM takes a
noticeable part of that to wake up; --times shows the scaling of longer batches.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

import fastsudoku as fs

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine, per_call_loop, puzzle_array, read_puzzles, write_rows

HERE = Path(__file__).resolve().parent
SETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(HERE.parent.parent / "shared" / "data"))
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--limit", type=int, default=1)
    ap.add_argument(
        "--times",
        type=int,
        default=1,
        help="repeat each set this many times in the batch (per-call: once)",
    )
    ap.add_argument(
        "--out",
        default=None,
        help="default: results/bench_batch.csv (bench_batch_xK.csv with --times K)",
    )
    args = ap.parse_args()
    if args.out is None:
        suffix = "" if args.times == 1 else f"_x{args.times}"
        args.out = str(HERE / "results" / f"bench_batch{suffix}.csv")
    print(f"# {machine()}; limit={args.limit}; times={args.times}")
    rows = []
    for name in SETS:
        lines = read_puzzles(Path(args.data) / name)
        arr = np.tile(puzzle_array(lines), (args.times, 1))
        per_call = per_call_loop(lines, args.limit)
        general_call = per_call_loop(lines, args.limit, engine="bitmask")
        runs = {
            "call": per_call,
            "general": general_call,
            "one": lambda: fs.solve_many(arr, limit=args.limit, threads=1),
            "two": lambda: fs.solve_many(arr, limit=args.limit, threads=2),
        }
        for fn in runs.values():
            fn()  # warm-up
        # Each pass times the four in turn, so that a slow spell of the machine hits all of
        # them; the ratios are taken within a pass and their median reported.
        passes = []
        for _ in range(args.repeat):
            times = {}
            for key, fn in runs.items():
                start = time.perf_counter()
                fn()
                times[key] = time.perf_counter() - start
            passes.append(times)

        def med(f):
            return float(np.median([f(t) for t in passes]))

        n = len(lines)
        k = args.times
        row = {
            "set": name,
            "puzzles": n,
            "times": k,
            "limit": args.limit,
            "general_call_per_s": med(lambda t: n / t["general"]),
            "per_call_per_s": med(lambda t: n / t["call"]),
            "batch_1t_per_s": med(lambda t: k * n / t["one"]),
            "batch_2t_per_s": med(lambda t: k * n / t["two"]),
            "batch_1t_over_per_call": med(lambda t: k * t["call"] / t["one"]),
            "batch_1t_over_general_call": med(lambda t: k * t["general"] / t["one"]),
            "batch_2t_over_1t": med(lambda t: t["one"] / t["two"]),
            "batch_2t_over_1t_min": min(t["one"] / t["two"] for t in passes),
            "batch_2t_over_1t_max": max(t["one"] / t["two"] for t in passes),
            "machine": machine(),
        }
        rows.append(row)
        print(
            f"  {name:<28} general per-call {row['general_call_per_s']:>9,.0f}/s  "
            f"per-call {row['per_call_per_s']:>9,.0f}/s  batch 1 thread "
            f"{row['batch_1t_per_s']:>9,.0f}/s ({row['batch_1t_over_per_call']:.2f}x, "
            f"{row['batch_1t_over_general_call']:.2f}x general)  "
            f"2 threads {row['batch_2t_per_s']:>9,.0f}/s ({row['batch_2t_over_1t']:.2f}x)",
            flush=True,
        )
    write_rows(args.out, rows)


if __name__ == "__main__":
    main()
