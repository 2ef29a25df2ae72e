"""Test data for judge problems: random full grids, unique puzzles dug from them, and the
puzzles of each test file (the ``puzzles`` of a registry entry, which its ``write`` turns
into an input file: see :func:`fastsudoku.judges.make_tests`).

Everything is driven by one ``random.Random``, which also seeds the compiled generator (a
randomised search for full grids, digging while the puzzle stays unique), so the same seed
gives the same files on every platform.  A puzzle maker takes the generator and the index
of the test file (0, 1, ...) and returns the file's puzzles as cell values (0 empty).

>>> import random
>>> [len(p) for p in tier_puzzles(random.Random(1), 1)]
[81, 81]
"""

from __future__ import annotations

import functools
import random
from typing import Callable, List, Tuple

from .. import _core, generate, solve
from .._generate import shipped_puzzles
from .._rate import _isomorphic

PuzzleMaker = Callable[[random.Random, int], List[bytes]]


def _generated(r: int, c: int, rng: random.Random, givens: int) -> Tuple[bytes, bytes]:
    """(puzzle, full grid): the compiled generator, seeded from rng (64 bits)."""
    made = _core.generate_one(r, c, rng.getrandbits(64), givens, 0, False)
    assert made is not None  # None only when halted, and nothing halts it here
    return made[0], made[1]


def random_full_grid(r: int, c: int, rng: random.Random) -> bytes:
    """A random full grid of side r*c (the compiled generator, seeded from rng)."""
    n = r * c
    return _generated(r, c, rng, n * n)[1]


def dig_unique(r: int, c: int, rng: random.Random, givens: int) -> bytes:
    """A unique puzzle dug from a random full grid down to `givens` givens when the random
    order allows (it may stop above)."""
    return _generated(r, c, rng, givens)[0]


def random_givens(full: bytes, rng: random.Random, givens: int) -> bytes:
    """`givens` cells of a full grid, drawn at random (the puzzle may have several solutions)."""
    keep = set(rng.sample(range(len(full)), givens))
    return bytes(v if i in keep else 0 for i, v in enumerate(full))


# --- the tiers of test data (method 3 of ALGORITHMS.md): givens of unique 9x9 puzzles ----------

TIERS = ((40, 50), (30, 35), (22, 28), (17, 21))


def tier_puzzle(tier: Tuple[int, int], rng: random.Random) -> bytes:
    """A unique 9x9 puzzle with givens in the tier's range.  The top tier starts from a
    known minimal 17-clue puzzle, relabelled by a random isomorphism, with givens of its
    solution added up to the drawn count."""
    lo, hi = tier
    target = rng.randint(lo, hi)
    if lo > 17 or hi < 17:
        found = generate(clues=target, seed=rng.getrandbits(62), attempts=5000)[0]
        return found.values()
    base = _isomorphic(rng.choice(_minimal17()), 3, 3, rng)
    solved = solve("".join(str(v) for v in base))  # unique: every engine gives this one
    assert solved is not None
    solution = bytes(int(ch) for ch in solved)
    values = bytearray(base)
    empty = [i for i, v in enumerate(values) if not v]
    for cell in rng.sample(empty, target - 17):
        values[cell] = solution[cell]
    return bytes(values)


@functools.cache
def _minimal17() -> Tuple[bytes, ...]:
    """The minimal 17-clue puzzles shipped in ``fastsudoku/data/minimal17.txt``."""
    return shipped_puzzles("minimal17.txt")


# --- puzzle makers: (rng, index of the test file) -> its puzzles -------------------------------
# More cases and fewer givens as the index grows.


def one_tier_puzzle(rng: random.Random, index: int) -> List[bytes]:
    """One unique 9x9 puzzle of tier ``index % 4``."""
    return [tier_puzzle(TIERS[index % len(TIERS)], rng)]


def tier_puzzles(rng: random.Random, index: int) -> List[bytes]:
    """``1 + index % 4`` unique 9x9 puzzles of tier ``index % 4``."""
    tier = TIERS[index % len(TIERS)]
    return [tier_puzzle(tier, rng) for _ in range(1 + index % 4)]


def several_solutions(rng: random.Random, index: int) -> List[bytes]:
    """``1 + index % 3`` 9x9 puzzles of 26-36 random givens, some with several solutions (for
    a judge that accepts any solution)."""
    return [
        random_givens(random_full_grid(3, 3, rng), rng, rng.randint(26, 36))
        for _ in range(1 + index % 3)
    ]


def one_target_puzzle(rng: random.Random, index: int) -> List[bytes]:
    """One 9x9 puzzle of 24-30 random givens (target Sudoku: unique or not, or unsolvable)."""
    return [random_givens(random_full_grid(3, 3, rng), rng, rng.randint(24, 30))]


def unique_several_none(rng: random.Random, index: int) -> List[bytes]:
    """Three 9x9 puzzles: a unique one, one of 20-26 random givens (most have several
    solutions), and one whose 30 givens include a value its full grid does not have there
    (most have no solution)."""
    out = [dig_unique(3, 3, rng, rng.randint(24, 32))]
    full = random_full_grid(3, 3, rng)
    out.append(random_givens(full, rng, rng.randint(20, 26)))
    full = random_full_grid(3, 3, rng)
    p = bytearray(random_givens(full, rng, 30))
    empty = [i for i, v in enumerate(p) if not v]
    cell = rng.choice(empty)
    p[cell] = rng.choice([v for v in range(1, 10) if v != full[cell]])
    out.append(bytes(p))
    return out


def unique16(rng: random.Random, index: int) -> List[bytes]:
    """``1 + index % 4`` unique 16x16 puzzles, dug down to 100-140 givens."""
    givens = rng.randint(100, 140)
    return [dig_unique(4, 4, rng, givens) for _ in range(1 + index % 4)]


__all__ = [
    "PuzzleMaker",
    "random_full_grid",
    "dig_unique",
    "random_givens",
    "TIERS",
    "tier_puzzle",
    "one_tier_puzzle",
    "tier_puzzles",
    "several_solutions",
    "one_target_puzzle",
    "unique_several_none",
    "unique16",
]
