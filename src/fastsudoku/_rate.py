"""Difficulty: a human-style logical solver (tiers, techniques, steps) and the search effort.

Techniques, simplest first (after any progress the solver starts again from the first):

    naked_single        a cell with one candidate                     tier "simple"
    hidden_single       a value with one place in a row, column, box  tier "easy"
    locked_candidates   pointing (a box's value confined to one line
                        leaves the rest of the line) and claiming
                        (a line's value confined to one box leaves
                        the rest of the box)                           tier "intermediate"
    naked_pair          two cells of a unit with the same two candidates
    hidden_pair         two values of a unit confined to the same two cells
                                                                       tier "intermediate"
    (none applies)      the puzzle needs guessing                     tier "expert"

The tiers follow QQWing's names.  The search effort is the engine's guesses to the first
solution, averaged over random isomorphic copies of the puzzle (values relabelled, rows
within bands, bands, columns within stacks, stacks, and transposition for square boxes), so
that it does not depend on the puzzle's orientation.
"""

from __future__ import annotations

import hashlib
import random
import statistics
from typing import Any, Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Tuple

from . import _core
from ._api import _grid
from ._status import Status

# The searches of the rater: the effort (guesses to a first solution) and the uniqueness
# check, on the engine that solve() takes by default.
_FIRST = _core.Options("auto", 1)
_UNIQUE = _core.Options("auto", 2)

TIERS = ("simple", "easy", "intermediate", "expert")
LEVEL = {
    "naked_single": 0,
    "hidden_single": 1,
    "locked_candidates": 2,
    "naked_pair": 2,
    "hidden_pair": 2,
}
EFFORT_COPIES = 32


class Step(NamedTuple):
    """One deduction: the technique, the cells it is about ((row, column), 1-based), the
    value it places (``placed``, or None) and the candidates it removes
    (``eliminated``: (row, column, value) triples)."""

    technique: str
    cells: Tuple[Tuple[int, int], ...]
    placed: Optional[int]
    eliminated: Tuple[Tuple[int, int, int], ...]


class Rating(NamedTuple):
    """``status``: :class:`Status` ``SOLVED`` (a unique solution), ``NO_SOLUTION`` or
    ``NOT_UNIQUE``; ``tier`` (None unless solved);
    ``techniques``: how often each technique was used; ``effort``: mean guesses of the
    engine over ``EFFORT_COPIES`` isomorphic copies, ``effort_noise`` its standard error."""

    status: Status
    tier: Optional[str]
    techniques: Dict[str, int]
    effort: float
    effort_noise: float


class _Board:
    def __init__(self, values: bytes, r: int, c: int) -> None:
        self.r, self.c, self.n = r, c, r * c
        self.units: List[List[int]] = _core._geometry_units(r, c)
        self.peers: List[List[int]] = _core._geometry_peers(r, c)
        full = (1 << self.n) - 1
        self.cand = [full] * (self.n * self.n)
        self.solved = [False] * (self.n * self.n)
        self.ok = True
        for cell, v in enumerate(values):
            if v:
                self.place(cell, v)

    def place(self, cell: int, v: int) -> List[Tuple[int, int, int]]:
        bit = 1 << (v - 1)
        if not self.cand[cell] & bit:
            self.ok = False
            return []
        self.cand[cell] = bit
        self.solved[cell] = True
        removed = []
        for p in self.peers[cell]:
            if self.cand[p] & bit:
                self.cand[p] &= ~bit
                removed.append((p, v))
                if not self.cand[p]:
                    self.ok = False
        return [(p // self.n + 1, p % self.n + 1, v) for p, v in removed]

    def rc(self, cell: int) -> Tuple[int, int]:
        return cell // self.n + 1, cell % self.n + 1

    def eliminate(self, cells: Sequence[int], mask: int) -> List[Tuple[int, int, int]]:
        out: List[Tuple[int, int, int]] = []
        for cell in cells:
            hit = self.cand[cell] & mask
            if hit and not self.solved[cell]:
                self.cand[cell] &= ~mask
                if not self.cand[cell]:
                    self.ok = False
                out.extend((*self.rc(cell), v + 1) for v in range(self.n) if hit >> v & 1)
        return out

    # --- techniques: each returns one Step or None -------------------------------------

    def naked_single(self) -> Optional[Step]:
        for cell, m in enumerate(self.cand):
            if not self.solved[cell] and m and not m & (m - 1):
                v = m.bit_length()
                removed = self.place(cell, v)
                return Step("naked_single", (self.rc(cell),), v, tuple(removed))
        return None

    def hidden_single(self) -> Optional[Step]:
        for unit in self.units:
            for v in range(self.n):
                bit = 1 << v
                where = [cell for cell in unit if self.cand[cell] & bit]
                if len(where) == 1 and not self.solved[where[0]]:
                    removed = self.place(where[0], v + 1)
                    return Step("hidden_single", (self.rc(where[0]),), v + 1, tuple(removed))
                if not where:
                    self.ok = False
                    return None
        return None

    def locked_candidates(self) -> Optional[Step]:
        n = self.n
        for box, line, inside in _segments(self.r, self.c, self.units):
            if all(self.solved[x] for x in inside):
                continue
            for v in range(n):
                bit = 1 << v
                if not any(self.cand[x] & bit and not self.solved[x] for x in inside):
                    continue
                in_box = [x for x in box if self.cand[x] & bit and not self.solved[x]]
                in_line = [x for x in line if self.cand[x] & bit and not self.solved[x]]
                if len(in_box) > 1 and inside.issuperset(in_box):  # pointing
                    gone = self.eliminate([x for x in line if x not in inside], bit)
                    if gone:
                        return Step(
                            "locked_candidates", tuple(map(self.rc, in_box)), None, tuple(gone)
                        )
                if len(in_line) > 1 and inside.issuperset(in_line):  # claiming
                    gone = self.eliminate([x for x in box if x not in inside], bit)
                    if gone:
                        return Step(
                            "locked_candidates", tuple(map(self.rc, in_line)), None, tuple(gone)
                        )
        return None

    def naked_pair(self) -> Optional[Step]:
        for unit in self.units:
            pairs: Dict[int, List[int]] = {}
            for cell in unit:
                m = self.cand[cell]
                if not self.solved[cell] and bin(m).count("1") == 2:
                    pairs.setdefault(m, []).append(cell)
            for m, cells in pairs.items():
                if len(cells) == 2:
                    gone = self.eliminate([x for x in unit if x not in cells], m)
                    if gone:
                        return Step("naked_pair", tuple(map(self.rc, cells)), None, tuple(gone))
        return None

    def hidden_pair(self) -> Optional[Step]:
        for unit in self.units:
            places: Dict[Tuple[int, ...], List[int]] = {}
            for v in range(self.n):
                where = tuple(x for x in unit if self.cand[x] & (1 << v) and not self.solved[x])
                if len(where) == 2:
                    places.setdefault(where, []).append(v)
            for where, vals in places.items():
                if len(vals) == 2:
                    keep = (1 << vals[0]) | (1 << vals[1])
                    gone = self.eliminate(list(where), ~keep & ((1 << self.n) - 1))
                    if gone:
                        return Step("hidden_pair", tuple(map(self.rc, where)), None, tuple(gone))
        return None

    def next_step(self) -> Optional[Step]:
        for technique in (
            self.naked_single,
            self.hidden_single,
            self.locked_candidates,
            self.naked_pair,
            self.hidden_pair,
        ):
            step = technique()
            if step is not None or not self.ok:
                return step
        return None


_SEGMENTS: Dict[Tuple[int, int], List[Tuple[List[int], List[int], FrozenSet[int]]]] = {}


def _segments(
    r: int, c: int, units: List[List[int]]
) -> List[Tuple[List[int], List[int], FrozenSet[int]]]:
    """(box, line, the cells they share) for every box and row or column that meet."""
    found = _SEGMENTS.get((r, c))
    if found is None:
        n = r * c
        found = []
        for box in units[2 * n :]:
            for line in units[: 2 * n]:
                inside = frozenset(box) & frozenset(line)
                if inside:
                    found.append((box, line, inside))
        _SEGMENTS[(r, c)] = found
    return found


def _logic(values: bytes, r: int, c: int, limit: Optional[int] = None) -> Tuple[List[Step], bool]:
    """The deductions from the givens, in order, and whether they solve the puzzle."""
    board = _Board(values, r, c)
    steps: List[Step] = []
    while board.ok and not all(board.solved) and (limit is None or len(steps) < limit):
        step = board.next_step()
        if step is None:
            break
        steps.append(step)
    return steps, board.ok and all(board.solved)


def steps(
    puzzle: Any, *, box: Optional[Sequence[int]] = None, alphabet: Optional[str] = None
) -> List[Step]:
    """Every deduction the logical solver makes, in order (it stops where guessing starts).

    >>> steps("1234\\n3412\\n2143\\n432.")
    [Step(technique='naked_single', cells=((4, 4),), placed=1, eliminated=())]
    """
    grid = _grid(puzzle, box, alphabet)
    return _logic(grid.values, grid.r, grid.c)[0]


def hint(
    puzzle: Any, *, box: Optional[Sequence[int]] = None, alphabet: Optional[str] = None
) -> Optional[Step]:
    """The next deduction (the simplest technique that applies), or None."""
    grid = _grid(puzzle, box, alphabet)
    found = _logic(grid.values, grid.r, grid.c, limit=1)[0]
    return found[0] if found else None


def _group_order(groups: int, size: int, rng: random.Random) -> List[int]:
    """0..groups*size-1 with the groups shuffled and each group shuffled inside."""
    order: List[int] = []
    for group in rng.sample(range(groups), groups):
        inside = list(range(group * size, group * size + size))
        rng.shuffle(inside)
        order.extend(inside)
    return order


def _isomorphic(values: bytes, r: int, c: int, rng: random.Random) -> bytes:
    """A random isomorphic copy: values relabelled (empty cells stay empty), rows within
    bands, bands, columns within stacks, stacks, and a transposition for square boxes."""
    n = r * c
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    rows, cols = _group_order(c, r, rng), _group_order(r, c, rng)
    transpose = r == c and rng.random() < 0.5
    out = bytearray(n * n)
    for i in range(n):
        for j in range(n):
            a, b = (cols[j], rows[i]) if transpose else (rows[i], cols[j])
            v = values[a * n + b]
            out[i * n + j] = relabel[v - 1] if v else 0
    return bytes(out)


def effort(values: bytes, r: int, c: int, copies: int = EFFORT_COPIES) -> Tuple[float, float]:
    """(mean guesses to the first solution over random isomorphic copies, standard error).

    The copies are drawn from a generator seeded by the puzzle's values, so that the
    figure of one puzzle is reproducible."""
    rng = random.Random(hashlib.blake2b(bytes(values), digest_size=8).digest())
    counts = [_core.search(_isomorphic(values, r, c, rng), r, c, _FIRST)[2] for _ in range(copies)]
    mean = statistics.fmean(counts)
    noise = statistics.stdev(counts) / copies**0.5 if copies > 1 else 0.0
    return mean, noise


def rate(
    puzzle: Any, *, box: Optional[Sequence[int]] = None, alphabet: Optional[str] = None
) -> Rating:
    """The difficulty of a puzzle: human tier, techniques used and search effort.

    >>> puzzle = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
    >>> rate(puzzle).tier
    'expert'
    """
    grid = _grid(puzzle, box, alphabet)
    found = _core.search(grid.values, grid.r, grid.c, _UNIQUE)[0]
    mean, noise = effort(grid.values, grid.r, grid.c) if found else (0.0, 0.0)
    if found != 1:
        return Rating(
            Status.NO_SOLUTION if found == 0 else Status.NOT_UNIQUE, None, {}, mean, noise
        )
    tier, used = tier_of(grid.values, grid.r, grid.c)
    return Rating(Status.SOLVED, tier, used, mean, noise)


def tier_of(values: bytes, r: int, c: int) -> Tuple[str, Dict[str, int]]:
    """(tier, how often each technique was used) by the logical solver: the level of the
    hardest technique it needed, or "expert" when it gets stuck."""
    done, solved = _logic(values, r, c)
    used: Dict[str, int] = {}
    for step in done:
        used[step.technique] = used.get(step.technique, 0) + 1
    if not solved:
        return "expert", used
    return TIERS[max((LEVEL[t] for t in used), default=0)], used
