"""Generation and rating speed, one thread and two, and the tier distributions of the sets.

    python benchmarks/bench_generate.py

Figures (one run, same machine; results/bench_generate.csv):
* 9x9 unique puzzles with 22-28 givens, minimal 9x9 puzzles, minimal 16x16 puzzles, and
  puzzles of each difficulty tier: puzzles/s (or s each), threads=1 and threads=2;
* rate(): the tier distribution of each 9x9 set in ../shared/data, and ms a puzzle.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

import fastsudoku as fs

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from common import machine, read_puzzles, write_rows  # noqa: E402

SETS = ["puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"]


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=HERE / "results" / "bench_generate.csv")
    args = ap.parse_args()
    print(f"# {machine()}")
    rows = []
    jobs = [
        ("9x9 unique, 22-28 givens", dict(count=2000, clues=(22, 28))),
        ("9x9 minimal", dict(count=2000, minimal=True)),
        ("9x9 rot180, 26-32 givens", dict(count=1000, clues=(26, 32), symmetry="rot180")),
        ("16x16 minimal", dict(size=16, count=20, minimal=True)),
    ]
    jobs += [
        (f"9x9 tier {t}", dict(count=20, difficulty=t))
        for t in ("simple", "easy", "intermediate", "expert")
    ]
    for name, kwargs in jobs:
        for threads in (1, 2):
            seconds, made = timed(lambda: fs.generate(seed=2026, threads=threads, **kwargs))
            rate = len(made) / seconds
            givens = sum(p.givens for p in made) / len(made)
            rows.append(
                {
                    "job": name,
                    "threads": threads,
                    "puzzles": len(made),
                    "seconds": seconds,
                    "puzzles_per_s": rate,
                    "s_per_puzzle": seconds / len(made),
                    "mean_givens": givens,
                    "machine": machine(),
                }
            )
            print(
                f"  {name:<28} threads={threads}  {rate:>9,.1f} puzzles/s  "
                f"{1000 * seconds / len(made):>9.3f} ms each  mean givens {givens:.1f}",
                flush=True,
            )
    data = HERE.parent.parent / "shared" / "data"
    for name in SETS:
        puzzles = read_puzzles(data / name)
        seconds, ratings = timed(lambda: [fs.rate(p) for p in puzzles])
        tiers = collections.Counter(r.tier for r in ratings)
        effort = sum(r.effort for r in ratings) / len(ratings)
        print(
            f"  rate {name:<28} {dict(tiers)}  mean effort {effort:.1f} guesses  "
            f"{1000 * seconds / len(puzzles):.2f} ms a puzzle",
            flush=True,
        )
        rows.append(
            {
                "job": f"rate {name}",
                "threads": 1,
                "puzzles": len(puzzles),
                "seconds": seconds,
                "puzzles_per_s": len(puzzles) / seconds,
                "s_per_puzzle": seconds / len(puzzles),
                "mean_givens": "",
                "machine": machine(),
            }
        )
        rows[-1]["tiers"] = " ".join(
            f"{t}={tiers.get(t, 0)}" for t in ("simple", "easy", "intermediate", "expert")
        )
    for row in rows:
        row.setdefault("tiers", "")
    write_rows(args.out, rows)


if __name__ == "__main__":
    main()
