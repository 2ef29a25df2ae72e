"""Single-thread throughput of the public API, one call per puzzle.

For each 9x9 set in ../shared/data (or --data DIR): puzzles/s and µs/puzzle for
``fastsudoku.solve`` (first solution) and ``fastsudoku.count_solutions(limit=2)``
(uniqueness check), and guesses/puzzle; for the 16x16 puzzles, the time of each.
Each figure is the median of --repeat timed passes over the whole set (after one warm-up
pass).  Results go to benchmarks/results/bench_solve.csv with the machine named.

    python benchmarks/bench_solve.py                 # full sets, 5 passes
    python benchmarks/bench_solve.py --quick         # first 2,000 puzzles a set, 3 passes
    python benchmarks/bench_solve.py --engines bitmask,dlx --out benchmarks/results/engines.csv
                                                     # both engines side by side, same run
"""

from __future__ import annotations

import argparse
import csv
import functools
import statistics
import sys
import time
from pathlib import Path

import fastsudoku as fs

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import machine, median_call, read_puzzles

HERE = Path(__file__).resolve().parent
SETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
]


def timed_passes(fn, puzzles, repeat: int) -> float:
    """Median seconds of one pass over the puzzles (one warm-up pass first)."""
    for p in puzzles:
        fn(p)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for p in puzzles:
            fn(p)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def unique_check(p):
    return fs.count_solutions(p, limit=2)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=HERE.parent.parent / "shared" / "data")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--repeat", type=int, default=None)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "bench_solve.csv")
    ap.add_argument(
        "--engines",
        default="auto",
        help="comma-separated engines to measure side by side, or 'all' (fastsudoku.ENGINES)",
    )
    args = ap.parse_args()
    # "all": every engine of the core's table, each on the sets whose shape it takes.
    engines = list(fs.ENGINES) if args.engines == "all" else args.engines.split(",")
    limit = 2000 if args.quick else None
    repeat = args.repeat or (3 if args.quick else 5)
    rows = []
    print(f"machine: {machine()}")
    print(
        f"{'set':32} {'engine':>8} {'puzzles':>8} {'solve/s':>10} {'µs/puzzle':>10} "
        f"{'unique/s':>10} {'unique/solve':>12} {'guesses':>8}"
    )
    for name in SETS:
        path = args.data / name
        if not path.exists():
            print(f"{name}: not found in {args.data}", file=sys.stderr)
            continue
        puzzles = read_puzzles(path, limit)
        for engine in engines:
            solve = functools.partial(fs.solve, engine=engine)
            unique = functools.partial(fs.count_solutions, limit=2, engine=engine)
            t_solve = timed_passes(solve, puzzles, repeat)
            t_unique = timed_passes(unique, puzzles, repeat)
            guesses = sum(fs.search(p, engine=engine).guesses for p in puzzles) / len(puzzles)
            row = {
                "set": name,
                "engine": engine,
                "puzzles": len(puzzles),
                "solve_per_s": round(len(puzzles) / t_solve),
                "solve_us": round(t_solve / len(puzzles) * 1e6, 2),
                "unique_per_s": round(len(puzzles) / t_unique),
                "unique_over_solve": round(t_unique / t_solve, 2),
                "guesses_per_puzzle": round(guesses, 1),
            }
            rows.append(row)
            print(
                f"{name:32} {engine:>8} {row['puzzles']:8} {row['solve_per_s']:10,} "
                f"{row['solve_us']:10} {row['unique_per_s']:10,} "
                f"{row['unique_over_solve']:12} {row['guesses_per_puzzle']:8}"
            )
    big = [
        ("16x16/hex_0-9A-F.txt", None),
        ("16x16/numbers_1-16.txt", None),
        ("judge/poj3076_1.in", None),
    ]
    for rel, alphabet in big:
        path = args.data / rel
        if not path.exists():
            continue
        text = path.read_text()
        for engine in engines:
            try:
                fs.search(text, alphabet=alphabet, engine=engine, node_limit=0)
            except fs.SearchLimitError:  # (a ValueError too) the engine takes the shape
                pass
            except ValueError:  # an engine that does not take this shape (digitband: 9x9)
                continue
            med = median_call(
                lambda: fs.solve(text, alphabet=alphabet, engine=engine), max(repeat, 5)
            )
            med_u = median_call(
                lambda: fs.count_solutions(text, limit=2, alphabet=alphabet, engine=engine),
                max(repeat, 5),
            )
            r = fs.search(text, limit=2, alphabet=alphabet, engine=engine)
            rows.append(
                {
                    "set": rel,
                    "engine": engine,
                    "puzzles": 1,
                    "solve_per_s": round(1 / med),
                    "solve_us": round(med * 1e6, 1),
                    "unique_per_s": round(1 / med_u),
                    "unique_over_solve": round(med_u / med, 2),
                    "guesses_per_puzzle": r.guesses,
                }
            )
            print(
                f"{rel:32} {engine:>8} {'1':>8} {round(1 / med):10,} {med * 1e6:10.1f} "
                f"{round(1 / med_u):10,} {med_u / med:12.2f} {r.guesses:8}"
            )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", newline="") as f:
        f.write(
            f"# machine: {machine()}\n# command: python benchmarks/bench_solve.py"
            f"{' --quick' if args.quick else ''} --engines {args.engines}; median of {repeat} "
            "passes, one thread, one public call per puzzle\n"
        )
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
