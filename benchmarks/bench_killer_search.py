"""Killer searches in several orientations: guesses and CPU time of the variant engine,
for judging a change to its search.

A hard killer's search is chaotic: a change of heuristic or propagation that helps on
average can double or halve the guesses of any one puzzle, so one run of a dozen puzzles
says little (on the ISS's MATHEMAGIC_KILLERS a change measured 122 -> 106 s in one
orientation and 353 -> 398 s over four).  This runs each killer in --orientations of the
grid's symmetries that keep cages whole (as is, transposed, turned half round, and a
shuffle of bands, stacks and the rows and columns within them), each counted to 2 in one
thread, --jobs processes at once, and prints per collection the puzzles, the total CPU
time, the total and geometric mean of the guesses, and how many hit --node-limit.
Puzzles come from ISS texts, one a line (--data), or from the ISS's collections (--iss
CHECKOUT --collections ...); only killers (cages and givens) are taken.

    python benchmarks/bench_killer_search.py --iss CHECKOUT \
        --collections MATHEMAGIC_KILLERS,EXTREME_KILLERS,TAREK_ALL --jobs 2
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import fastsudoku as fs
from fastsudoku.variants import Cage, Variant, from_iss

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_variants import collections as iss_collections
from common import machine


def orient(kind: int, n: int, r: int, c: int) -> tuple:
    """Cell (r, c) of an n x n grid (square boxes) in orientation `kind` (0-3); 3 moves
    each band (stack) one down (right), the last to the top, and reverses its rows
    (columns)."""
    if kind == 0:
        return r, c
    if kind == 1:
        return c, r
    if kind == 2:
        return n - 1 - r, n - 1 - c
    b = math.isqrt(n)
    band = [(i + b - 1) % b for i in range(b)]
    return band[r // b] * b + (b - 1 - r % b), band[c // b] * b + (b - 1 - c % b)


def oriented(text: str, kind: int) -> Variant:
    """The killer of ISS text `text` in orientation `kind`; ValueError if it has rules
    other than cages."""
    p = from_iss(text)
    if any(not isinstance(con, Cage) for con in p.constraints):
        raise ValueError("not a killer (rules other than cages)")
    n = p.grid().n
    if math.isqrt(n) ** 2 != n:
        raise ValueError("boxes that are not square")
    givens = ["."] * (n * n)
    for x, ch in enumerate(p.givens):
        r, c = orient(kind, n, x // n, x % n)
        givens[r * n + c] = ch
    cages = [Cage([orient(kind, n, r, c) for r, c in k.cells], k.total) for k in p.constraints]
    return Variant("".join(givens), constraints=cages)


def run(job: tuple) -> tuple:
    """(collection, name, orientation, guesses or -1 over the limit, CPU seconds)."""
    source, name, text, kind, node_limit = job
    puzzle = oriented(text, kind)
    puzzle.model()
    start = time.process_time()
    try:
        guesses = fs.search(puzzle, limit=2, node_limit=node_limit).guesses
    except fs.SearchLimitError:
        guesses = -1
    return source, name, kind, guesses, time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=None, help="ISS texts, one a line")
    ap.add_argument("--iss", default=None, help="a checkout of the Interactive Sudoku Solver")
    ap.add_argument("--collections", default="", help="comma-separated ISS collections")
    ap.add_argument("--orientations", type=int, default=4, choices=[1, 2, 3, 4])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--node-limit", type=int, default=3_000_000)
    args = ap.parse_args()
    puzzles = []
    if args.collections:
        if not args.iss:
            ap.error("--collections needs --iss")
        for name in args.collections.split(","):
            puzzles += [(name, title, text) for title, text in iss_collections(args.iss, [name])]
    elif args.data:
        lines = [ln.strip() for ln in Path(args.data).read_text().splitlines()]
        puzzles = [(args.data, f"line {i + 1}", ln) for i, ln in enumerate(lines) if ln]
    else:
        ap.error("give --data or --iss with --collections")
    jobs = []
    for source, name, text in puzzles:
        try:
            oriented(text, 0)
        except (ValueError, fs.VariantError) as err:
            print(f"  {name}: skipped ({err})")
            continue
        jobs += [(source, name, text, k, args.node_limit) for k in range(args.orientations)]
    print(f"# {machine()}; {len(jobs)} searches, {args.jobs} at a time")
    with Pool(args.jobs) as pool:
        out = pool.map(run, jobs, chunksize=1)
    for source in dict.fromkeys(j[0] for j in jobs):
        rows = [o for o in out if o[0] == source]
        guesses = [max(1, o[3]) for o in rows]
        geomean = math.exp(sum(math.log(g) for g in guesses) / len(guesses))
        print(
            f"{source:24s} searches {len(rows):4d}  CPU {sum(o[4] for o in rows):8.2f} s  "
            f"guesses {sum(max(0, o[3]) for o in rows):11,d}  geomean {geomean:10,.0f}  "
            f"over the limit {sum(o[3] < 0 for o in rows)}"
        )


if __name__ == "__main__":
    main()
