"""Batch solving: fastsudoku.solve_many (1 and 2 threads) against one solve() call a puzzle.

For each 9x9 set in ../shared/data: puzzles/s of the per-call loop (81-char strings, the
fast path), of solve_many on a (count, 81) uint8 array with threads=1 and threads=2, and
the ratios, all measured side by side in one run; each figure the median of --repeat
passes after a warm-up.  Results: benchmarks/results/bench_batch.csv.

    python benchmarks/bench_batch.py
    python benchmarks/bench_batch.py --limit 2       # uniqueness checks instead
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

import fastsudoku as fs

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine, median_call, read_puzzles, write_rows  # noqa: E402

HERE = Path(__file__).resolve().parent
SETS = ["puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106",
        "puzzles7_serg_benchmark"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(HERE.parent.parent / "shared" / "data"))
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--limit", type=int, default=1)
    ap.add_argument("--out", default=str(HERE / "results" / "bench_batch.csv"))
    args = ap.parse_args()
    print(f"# {machine()}; limit={args.limit}")
    rows = []
    for name in SETS:
        lines = read_puzzles(Path(args.data) / name)
        arr = np.array([[0 if ch in ".0" else int(ch) for ch in p] for p in lines],
                       dtype=np.uint8)
        if args.limit == 1:
            def per_call():
                for p in lines:
                    fs.solve(p)
        else:
            def per_call():
                for p in lines:
                    fs.count_solutions(p, limit=args.limit)
        t_call = median_call(per_call, args.repeat)
        t_one = median_call(lambda: fs.solve_many(arr, limit=args.limit, threads=1), args.repeat)
        t_two = median_call(lambda: fs.solve_many(arr, limit=args.limit, threads=2), args.repeat)
        row = {"set": name, "puzzles": len(lines), "limit": args.limit,
               "per_call_per_s": len(lines) / t_call, "batch_1t_per_s": len(lines) / t_one,
               "batch_2t_per_s": len(lines) / t_two, "batch_1t_over_per_call": t_call / t_one,
               "batch_2t_over_1t": t_one / t_two, "machine": machine()}
        rows.append(row)
        print(f"  {name:<28} per-call {row['per_call_per_s']:>9,.0f}/s  batch 1 thread "
              f"{row['batch_1t_per_s']:>9,.0f}/s ({row['batch_1t_over_per_call']:.2f}x)  "
              f"2 threads {row['batch_2t_per_s']:>9,.0f}/s ({row['batch_2t_over_1t']:.2f}x)",
              flush=True)
    write_rows(args.out, rows)


if __name__ == "__main__":
    main()
