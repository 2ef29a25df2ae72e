"""Write the golden files tests/data/golden_<N>x<N>_<r>x<c>.txt used by test_golden.py.

Run from anywhere:  python tests/make_golden.py

Standard library only, plus the pure-Python oracle in tests/reference.py: every count and
every stored solution comes from `reference`, never from fastsudoku.  The output is
deterministic (fixed random seeds, and effort bounded by counting search nodes, not by
wall-clock time), so running it again rewrites the same files.

What each file holds (see the header written into it):

* the empty grid (small shapes only) and one full grid;
* unique puzzles: a random valid full grid with givens removed in random order while the
  reference count stays 1 (down to a floor of givens for 12x12 and 16x16, where the
  reference's plain backtracking gets slow);
* puzzles with several solutions: a unique puzzle with more givens removed, picked so the
  counts spread over 2..9, 10..99 and 100 (= "100 or more");
* unsolvable but consistent puzzles: a unique puzzle with one given changed to a value that
  does not repeat in its row, column or box, kept when the reference count is 0.

Full grids come from a pattern grid shuffled by the Sudoku symmetries (relabelling values,
rows within a band, bands, columns within a stack, stacks, and transposition when r == c);
for N <= 9 the pattern is first replaced by the reference's solution of a grid whose first
row is a random permutation, so the grids are not all in one symmetry class.
"""

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import reference  # noqa: E402

SYMBOLS = "123456789ABCDEFG"
LIMIT = 100  # counts are capped here: 100 means "100 or more"
DATA = HERE / "data"

# shape -> plan.  unique: how many unique puzzles; floor: fewest givens a unique puzzle may
# keep (as a fraction of N*N); multi / unsolvable: how many of those; budget: most search
# nodes one reference count may use before the candidate is dropped.
SHAPES = [
    ((2, 2), dict(unique=8, floor=0.0, multi=12, unsolvable=6, empty=True, budget=200_000)),
    ((2, 3), dict(unique=10, floor=0.0, multi=12, unsolvable=8, empty=True, budget=200_000)),
    ((3, 2), dict(unique=10, floor=0.0, multi=12, unsolvable=8, empty=True, budget=200_000)),
    ((2, 4), dict(unique=10, floor=0.0, multi=12, unsolvable=8, empty=True, budget=200_000)),
    ((3, 3), dict(unique=10, floor=0.0, multi=12, unsolvable=8, empty=True, budget=200_000)),
    ((3, 4), dict(unique=6, floor=0.45, multi=6, unsolvable=4, empty=False, budget=20_000)),
    ((4, 3), dict(unique=6, floor=0.45, multi=6, unsolvable=4, empty=False, budget=20_000)),
    ((4, 4), dict(unique=4, floor=0.62, multi=4, unsolvable=3, empty=False, budget=5_000)),
]


# ----------------------------------------------------------------------------------------
# Reference counts with a bounded number of search nodes
# ----------------------------------------------------------------------------------------


class OverBudget(Exception):
    """The reference search went past its node budget."""


def ref_count(puzzle, box, limit, budget):
    """reference.count_solutions(puzzle, box, limit), or None if the search takes more than
    `budget` nodes.  Nodes are the calls of the reference's inner `most_constrained`
    (one per cell tried), counted with a trace hook: deterministic, unlike a timeout."""
    nodes = 0

    def tracer(frame, event, arg):
        nonlocal nodes
        if event == "call" and frame.f_code.co_name == "most_constrained":
            nodes += 1
            if nodes > budget:
                raise OverBudget
        return None

    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        return reference.count_solutions(puzzle, box, limit)
    except OverBudget:
        return None
    finally:
        sys.settrace(old)  # also restores after the hook unset itself by raising


# ----------------------------------------------------------------------------------------
# Full grids
# ----------------------------------------------------------------------------------------


def pattern_grid(box):
    r, c = box
    n = r * c
    return [(c * (i % r) + i // r + j) % n + 1 for i in range(n) for j in range(n)]


def _group_order(rng, groups, size):
    """A validity-preserving order of groups*size lines: the groups of `size` consecutive
    lines shuffled, then the lines within each group."""
    order = list(range(groups))
    rng.shuffle(order)
    lines = []
    for g in order:
        inner = list(range(size))
        rng.shuffle(inner)
        lines.extend(g * size + k for k in inner)
    return lines


def shuffle_grid(grid, box, rng):
    """Apply random validity-preserving symmetries."""
    r, c = box
    n = r * c
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    # Bands are groups of r rows (c of them); stacks are groups of c columns (r of them).
    rows = _group_order(rng, c, r)
    cols = _group_order(rng, r, c)
    out = [relabel[grid[rows[i] * n + cols[j]] - 1] for i in range(n) for j in range(n)]
    if r == c and rng.random() < 0.5:
        out = [out[j * n + i] for i in range(n) for j in range(n)]
    return out


def random_full_grid(box, rng):
    r, c = box
    n = r * c
    grid = pattern_grid(box)
    if n <= 9:
        first = list(range(1, n + 1))
        rng.shuffle(first)
        seeded = reference.solve(first + [0] * (n * n - n), box)
        if seeded is not None:
            grid = seeded
    grid = shuffle_grid(grid, box, rng)
    reference.check_grid(grid, grid, box)
    return grid


# ----------------------------------------------------------------------------------------
# Puzzles
# ----------------------------------------------------------------------------------------


def make_unique(box, rng, floor, budget, stop_early):
    """Remove givens from a random full grid while the reference count stays exactly 1.
    A removal whose check goes over budget is undone (uniqueness not proven)."""
    n = box[0] * box[1]
    puzzle = random_full_grid(box, rng)
    min_givens = int(floor * n * n)
    # Some puzzles stop at a random number of givens instead of going as low as possible.
    target = rng.randint(min_givens, n * n * 3 // 4) if stop_early else min_givens
    order = list(range(n * n))
    rng.shuffle(order)
    givens = n * n
    for cell in order:
        if givens <= target:
            break
        saved = puzzle[cell]
        puzzle[cell] = 0
        if ref_count(puzzle, box, 2, budget) == 1:
            givens -= 1
        else:
            puzzle[cell] = saved
    return puzzle


def more_solutions(unique, box, rng, budget):
    """Remove further givens one at a time from a unique puzzle: (puzzle, count) for each
    step whose count is known, until the count reaches the cap."""
    puzzle = list(unique)
    cells = [k for k, v in enumerate(puzzle) if v]
    rng.shuffle(cells)
    out = []
    for cell in cells:
        puzzle[cell] = 0
        count = ref_count(puzzle, box, LIMIT, budget)
        if count is None:
            break
        if count >= 2:
            out.append((list(puzzle), count))
        if count >= LIMIT:
            break
    return out


def peers(cell, box):
    r, c = box
    n = r * c
    i, j = divmod(cell, n)
    bi, bj = i // r * r, j // c * c
    out = {i * n + k for k in range(n)} | {k * n + j for k in range(n)}
    out |= {(bi + a) * n + bj + b for a in range(r) for b in range(c)}
    out.discard(cell)
    return sorted(out)


def unsolvable_from(unique, box, rng, budget):
    """Change one given of a unique puzzle to another value that repeats nowhere in its
    units; the new puzzle if the reference says it has no solution, else None."""
    n = box[0] * box[1]
    cells = [k for k, v in enumerate(unique) if v]
    rng.shuffle(cells)
    for cell in cells:
        taken = {unique[p] for p in peers(cell, box)}
        options = [v for v in range(1, n + 1) if v != unique[cell] and v not in taken]
        rng.shuffle(options)
        for v in options:
            puzzle = list(unique)
            puzzle[cell] = v
            assert reference.givens_consistent(puzzle, box)
            if ref_count(puzzle, box, 1, budget) == 0:
                return puzzle
    return None


def pick_spread(candidates, want, rng):
    """Choose `want` (puzzle, count) pairs spread over the count ranges, distinct puzzles."""
    buckets = {"low": [], "mid": [], "cap": []}
    for p, cnt in candidates:
        key = "low" if cnt < 10 else "mid" if cnt < LIMIT else "cap"
        buckets[key].append((p, cnt))
    for b in buckets.values():
        rng.shuffle(b)
    chosen, seen = [], set()
    while len(chosen) < want and any(buckets.values()):
        for key in ("low", "mid", "cap"):
            while buckets[key]:
                p, cnt = buckets[key].pop()
                if tuple(p) not in seen:
                    seen.add(tuple(p))
                    chosen.append((p, cnt))
                    break
            if len(chosen) >= want:
                break
    return chosen


# ----------------------------------------------------------------------------------------
# Files
# ----------------------------------------------------------------------------------------


def encode(values):
    return "".join(SYMBOLS[v - 1] if v else "." for v in values)


def case_line(puzzle, box, budget):
    """'puzzle:count' or 'puzzle:count:solution' from the reference (None if over budget)."""
    count = ref_count(puzzle, box, LIMIT, budget)
    if count is None:
        return None
    line = f"{encode(puzzle)}:{count}"
    if count == 1:
        solution = reference.solve(puzzle, box)
        reference.check_grid(puzzle, solution, box)
        line += ":" + encode(solution)
    return line


HEADER = """\
# Golden cases for {n}x{n} Sudoku with boxes of {r} rows x {c} columns (box=({r}, {c})).
# Written by tests/make_golden.py (seed {seed}); counts and solutions come from the
# pure-Python oracle tests/reference.py, not from fastsudoku.  Do not edit by hand.
#
# One case per line, '#' lines are comments:
#     puzzle:count            or            puzzle:count:solution
# puzzle   : {cells} symbols row by row from "{symbols}", '.' for an empty cell
#            (symbol k stands for value k).
# count    : number of solutions, capped at {limit}: {limit} means "{limit} or more"; 0 means
#            no solution (the givens never repeat in a unit, the puzzle is just unsolvable).
# solution : the solution, same alphabet, present only when count == 1.
#
# Cases: {summary}.
"""


def build(box, plan, seed):
    r, c = box
    n = r * c
    rng = random.Random(seed)
    budget = plan["budget"]
    kinds = []  # (kind, puzzle)
    if plan["empty"]:
        kinds.append(("empty", [0] * (n * n)))
    kinds.append(("full", random_full_grid(box, rng)))
    uniques = []
    for k in range(plan["unique"]):
        uniques.append(make_unique(box, rng, plan["floor"], budget, stop_early=(k % 3 == 2)))
    kinds.extend(("unique", p) for p in uniques)
    candidates = []
    for u in uniques:
        candidates.extend(more_solutions(u, box, rng, budget))
    kinds.extend(("multi", p) for p, _ in pick_spread(candidates, plan["multi"], rng))
    made = 0
    for u in uniques:
        if made >= plan["unsolvable"]:
            break
        p = unsolvable_from(u, box, rng, budget)
        if p is not None:
            kinds.append(("unsolvable", p))
            made += 1
    lines, tally, seen = [], {}, set()
    for kind, p in kinds:
        if tuple(p) in seen:
            continue
        line = case_line(p, box, budget * 4)
        if line is None:
            continue
        seen.add(tuple(p))
        lines.append(line)
        tally[kind] = tally.get(kind, 0) + 1
    summary = ", ".join(
        f"{tally[k]} {k}" for k in ("empty", "full", "unique", "multi", "unsolvable") if k in tally
    )
    header = HEADER.format(
        n=n,
        r=r,
        c=c,
        seed=seed,
        cells=n * n,
        symbols=SYMBOLS[:n],
        limit=LIMIT,
        summary=f"{len(lines)} ({summary})",
    )
    return header + "\n".join(lines) + "\n", tally, len(lines)


def main():
    DATA.mkdir(exist_ok=True)
    for box, plan in SHAPES:
        r, c = box
        n = r * c
        seed = 1000 * n + 10 * r + c
        text, tally, total = build(box, plan, seed)
        path = DATA / f"golden_{n}x{n}_{r}x{c}.txt"
        path.write_text(text, encoding="ascii")
        print(f"{path.name}: {total} cases {tally}", flush=True)


if __name__ == "__main__":
    main()
