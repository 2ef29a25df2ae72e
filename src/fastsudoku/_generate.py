"""Generating unique puzzles (the digging runs in the compiled core, without the GIL)."""

from __future__ import annotations

import functools
import hashlib
import random
import secrets
from pathlib import Path
from typing import Any, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from . import _core, _threads
from ._errors import PicklableError
from ._options import (
    box_option,
    choice,
    clues_option,
    count_value,
    flag_option,
    seed_option,
    size_option,
)
from ._rate import _FIRST, _UNIQUE, TECHNIQUES, TIERS, _isomorphic, tier_of
from ._symbols import WIDE as SYMBOLS


class GenerationError(PicklableError, ValueError):
    """The asked-for puzzle could not be made within the attempts allowed."""


class Generated(NamedTuple):
    """A generated puzzle and its solution, as lines of N*N symbols ('.' empty; values 1-9
    then A-Z, a-z: the ``1-9A-G`` style alphabet above 9), with its box shape."""

    puzzle: str
    solution: str
    givens: int
    box: Tuple[int, int]

    def values(self) -> bytes:
        """The puzzle's cell values (0 empty), row by row."""
        return bytes(0 if ch == "." else SYMBOLS.index(ch) + 1 for ch in self.puzzle)

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture of the puzzle (its givens, in its box shape)."""
        from .render import _repr_svg

        return _repr_svg(self.puzzle, box=self.box)


# Cell value -> its symbol in Generated's lines ('.' for empty), for bytes.translate.
_RENDER = bytes.maketrans(bytes(range(len(SYMBOLS) + 1)), ("." + SYMBOLS).encode("ascii"))


def _seed64(seed: int, index: int, attempt: int) -> int:
    """A 64-bit seed for one puzzle, one attempt: the same on every platform."""
    digest = hashlib.blake2b(f"{seed}:{index}:{attempt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


#: The fewest givens a puzzle with one solution can have: proven for 4x4, 6x6 (2x3) and
#: 9x9; for other sides n - 1 (were two values missing from the givens, swapping them in a
#: solution would give a second one).
FEWEST_GIVENS = {4: 4, 6: 8, 9: 17}

# "simple" puzzles (naked singles only) are rare among minimal ones: with no clue count
# asked, they are dug to 30-45 givens of 81, this share of the cells at other sides.
_SIMPLE_SHARE = (30 / 81, 45 / 81)


def _simple_range(ncells: int) -> Tuple[int, int]:
    lo, hi = (round(ncells * share) for share in _SIMPLE_SHARE)
    return max(lo, 1) if ncells > 1 else 0, min(hi, ncells - 1) if ncells > 1 else 0


# Side 16: a puzzle without 'G' reads as 0-9A-F as well as 1-9A-G (an ambiguous alphabet):
# swapping the labels 1 and 16 (an isomorphic puzzle, as unique) makes it unambiguous.
_SWAP_1_16 = bytes.maketrans(bytes([1, 16]), bytes([16, 1]))


# A tier between "simple" and "expert" asked with no clue count: minimal puzzles are tried
# first; after this many in a row rate harder than asked, the digging stops higher (by a
# quarter of the side's givens), and lower again after one that rates easier.  Minimal
# 9x9 puzzles are often easy or intermediate, so little changes there; minimal 16x16 ones
# almost never are (they need ~120 of 256 givens to be "easy"), and the stop point climbs
# to where they are.  It depends only on the earlier attempts of the same puzzle, so the
# puzzles still depend only on (seed, index).
_MISSES_BEFORE_CLIMB = 8


def _one(
    index: int,
    seed: int,
    r: int,
    c: int,
    lo: int,
    hi: int,
    symmetry: int,
    minimal: bool,
    difficulty: Optional[str],
    attempts: int,
    want: Tuple[int, int, int],
    halt: np.ndarray,
    check: bool,
    adapt: bool = False,
) -> Optional[Generated]:
    """Puzzle `index` of a call; None once the call's stop flag `halt` is set (check: this
    thread looks for Ctrl-C, see _threads.share)."""
    n = r * c
    step = max(1, n // 4)
    floor = 0  # adapt: the givens to stop digging at (0: dig all the way)
    misses = 0
    for attempt in range(attempts):
        if halt[0]:
            return None
        s64 = _seed64(seed, index, attempt)
        # An exact count digs to it; a range digs to a target drawn inside it, so that the
        # counts spread over the range (the greedy dig may stop above a low target).
        target = lo if lo == hi else lo + s64 % (hi - lo + 1)
        if floor:
            target = floor
        made = _core.generate_one(r, c, s64, target, symmetry, minimal and not floor, halt, check)
        if made is None:
            return None
        puzzle, solution, givens = made
        if not lo <= givens <= hi:
            continue
        if n == 16 and 16 not in puzzle:
            puzzle, solution = puzzle.translate(_SWAP_1_16), solution.translate(_SWAP_1_16)
        if difficulty is not None:
            tier = tier_of(puzzle, r, c)
            if tier != difficulty:
                if adapt and TIERS.index(tier) > TIERS.index(difficulty):
                    misses += 1
                    if misses == _MISSES_BEFORE_CLIMB:
                        floor, misses = min(givens + step, n * n), 0
                elif adapt and floor:
                    floor, misses = max(floor - step, 1), 0
                continue
        if want != _ANY and not _rated_as(puzzle, r, c, want):
            continue
        return Generated(
            puzzle.translate(_RENDER).decode("ascii"),
            solution.translate(_RENDER).decode("ascii"),
            givens,
            (r, c),
        )
    what = [f"{lo}" if lo == hi else f"{lo}-{hi}", "givens"]
    if difficulty:
        what.append(f"at tier {difficulty!r}")
    if want[0] >= 0:
        what.append(f"rated {want[0] / 10:.1f}-{want[1] / 10:.1f}")
    if want[2] >= 0:
        what.append(f"whose hardest step is {TECHNIQUES[want[2]]}")
    raise GenerationError(
        f"no {n}x{n} puzzle with {' '.join(what)} in {attempts} attempts "
        "(widen the range, drop the symmetry or allow more attempts)"
    )


# No rating asked: (lowest ER, highest ER in tenths, technique number), -1 for none.
_ANY = (-1, -1, -1)

# From this ER up (tenths), puzzles come from known hard ones, not from digging: dug
# puzzles rarely rate past 8.5 (none of 3,000 reached 9.0).
_FROM_SEEDS = 85
# A seed's neighbour: how many cells are tried for the added given before another given
# is removed, and how many moves a walk makes from one seed.
_ADD_TRIES = 12
_WALK = 6


def shipped_puzzles(name: str) -> Tuple[bytes, ...]:
    """The 9x9 puzzles of ``fastsudoku/data/<name>``: the first field of each line that is
    not blank or a '#' comment, '.' for an empty cell."""
    text = (Path(__file__).parent / "data" / name).read_text()
    return tuple(
        bytes(0 if ch == "." else int(ch) for ch in line.split()[0])
        for line in text.splitlines()
        if line.strip() and not line.startswith("#")
    )


@functools.cache
def _hard_seeds() -> Tuple[bytes, ...]:
    """The hard puzzles shipped in ``fastsudoku/data/hard_seeds.txt``."""
    return shipped_puzzles("hard_seeds.txt")


def _neighbour(values: bytes, solution: bytes, rng: random.Random) -> Optional[bytes]:
    """A {-1+1} move: one given removed, another cell given its value in the solution,
    kept only with one solution (None if no added cell of _ADD_TRIES gives one)."""
    givens = [k for k, v in enumerate(values) if v]
    empty = [k for k, v in enumerate(values) if not v]
    out = bytearray(values)
    out[rng.choice(givens)] = 0
    for cell in rng.sample(empty, min(_ADD_TRIES, len(empty))):
        out[cell] = solution[cell]
        if _core.search(bytes(out), 3, 3, _UNIQUE)[0] == 1:
            return bytes(out)
        out[cell] = 0
    return None


def _one_hard(
    index: int, seed: int, attempts: int, want: Tuple[int, int, int], halt: np.ndarray
) -> Optional[Generated]:
    """Puzzle `index` of a call asking for a high rating: walks of {-1+1} moves from a
    random isomorph of a shipped hard puzzle (the neighbours of hard puzzles are often
    hard), each step rated until one lies in the band; None once `halt` is set."""
    rng = random.Random(_seed64(seed, index, 0))
    seeds = _hard_seeds()
    for _ in range(max(1, attempts // _WALK)):
        values = _isomorphic(rng.choice(seeds), 3, 3, rng)
        solution = _core.search(values, 3, 3, _FIRST)[1]
        if solution is None:  # (never: an isomorph of a unique puzzle)
            continue
        for _ in range(_WALK):
            if halt[0]:
                return None
            moved = _neighbour(values, solution, rng)
            if moved is None:
                break
            values = moved
            if _rated_as(values, 3, 3, want):
                return Generated(
                    values.translate(_RENDER).decode("ascii"),
                    solution.translate(_RENDER).decode("ascii"),
                    sum(1 for v in values if v),
                    (3, 3),
                )
    raise GenerationError(
        f"no 9x9 puzzle rated {want[0] / 10:.1f}-{want[1] / 10:.1f} in {attempts} moves "
        "from the shipped hard puzzles (widen the range or allow more attempts)"
    )


def _rated_as(puzzle: bytes, r: int, c: int, want: Tuple[int, int, int]) -> bool:
    """Whether the logical solver solves the puzzle with Sudoku Explainer's ER in
    [want[0], want[1]] (tenths) and the technique want[2] as its hardest step."""
    # The end of SE's ladder whose least difficulties are all past the band cannot be on
    # the path of a puzzle in it (where the full ladder would take one, nothing before it
    # applies, and the shortened ladder is stuck): leaving it out gives the same verdict
    # and spares the nested chains' seconds on puzzles harder than asked.
    least = _core.TECH_DIFFICULTY
    keep = len(least) if want[1] < 0 else max(k + 1 for k, d in enumerate(least) if d <= want[1])
    er, _, _, hardest, _, stuck = _core._logic_rate(puzzle, r, c, None, (1 << keep) - 1)
    if stuck:
        return False
    if want[0] >= 0 and not want[0] <= er <= want[1]:
        return False
    return want[2] < 0 or hardest == want[2]


def _want(se: Optional[Sequence[float]], technique: Optional[str], n: int) -> Tuple[int, int, int]:
    """The rating asked of generate() as (low, high ER in tenths, technique number)."""
    lo = hi = tech = -1
    if se is not None:
        if n != 9:
            raise ValueError(f"se=: Sudoku Explainer's scale is for 9x9 puzzles, not {n}x{n}")
        try:
            low, high = (float(x) for x in se)
        except (TypeError, ValueError):
            raise TypeError(f"se= must be a (low, high) pair of ratings, got {se!r}") from None
        if not 1.0 <= low <= high <= 20.0:
            raise ValueError(f"se=: a range 1.0 <= low <= high <= 20.0, got ({low}, {high})")
        lo, hi = round(low * 10), round(high * 10)
    if technique is not None:
        choice("technique", technique, list(TECHNIQUES))
        tech = TECHNIQUES.index(technique)
    return lo, hi, tech


def generate(
    size: Any = None,
    *,
    box: Optional[Sequence[int]] = None,
    count: int = 1,
    clues: Union[int, Sequence[int], None] = None,
    difficulty: Optional[str] = None,
    symmetry: Optional[str] = None,
    minimal: bool = False,
    seed: Optional[int] = None,
    threads: Optional[int] = 1,
    attempts: int = 2000,
    se: Optional[Sequence[float]] = None,
    technique: Optional[str] = None,
) -> List[Generated]:
    """Make `count` puzzles, each with exactly one solution (checked by the engine).

    ``size`` and ``box``: the side (square boxes) or the box shape (``box=(2, 3)`` for 6x6),
    or both when they agree; 9x9 when neither is given.  ``size`` may instead be a
    :class:`fastsudoku.variants.Variant` template: then Variants with its rules come back
    (:func:`fastsudoku.variants.generate`; ``count`` and ``seed`` apply).
    ``clues``: an exact number of givens, a ``(low, high)`` range, or None (dig as far as
    the random order allows).  ``symmetry``: None, ``"rot180"``, ``"rot90"``, ``"mirror"``
    or ``"diagonal"`` (the pattern of givens).  ``minimal``: no given can be removed without
    losing uniqueness (with a symmetry: no symmetric group of givens; above 16x16, as far
    as uniqueness checks of 1,000 guesses tell: a longer check keeps the given).
    ``difficulty``: a tier of :func:`rate` (``simple``, ``easy``, ``intermediate``,
    ``expert``); puzzles are made until one rates so (``simple`` with no clue count digs to
    30-45 givens: minimal puzzles that naked singles solve are rare).  ``seed``: the same
    seed gives the same puzzles on every platform and for every ``threads`` (None, and at
    most: the cores this process may run on).  ``attempts``: per puzzle, before
    :class:`GenerationError`.  ``se``: a ``(low, high)`` range of Sudoku Explainer's ER
    (9x9; see :func:`rate`), and ``technique``: a name of ``fastsudoku.TECHNIQUES`` that
    must be the hardest step: puzzles are made until one rates so (the high bands are
    rare among dug puzzles: give ``attempts`` room).

    >>> all(24 <= p.givens <= 28 for p in generate(count=3, clues=(24, 28), seed=1))
    True
    >>> len(generate(box=(2, 3), seed=5)[0].puzzle)
    36
    """
    from .variants import Variant

    if isinstance(size, Variant):
        # A variant template: its rules, givens dug while unique (variants.generate).
        asked = {
            "box": box,
            "clues": clues,
            "difficulty": difficulty,
            "symmetry": symmetry,
            "se": se,
            "technique": technique,
        }
        for name, value in asked.items():
            if value is not None:
                raise TypeError(f"generate: {name}= is for classic puzzles, not a Variant")
        from .variants import generate as generate_variants

        return generate_variants(size, count=count, seed=seed)
    r, c = size_option(size, box_option(box))
    n = r * c
    clue_range = clues_option(clues, n * n)
    choice("symmetry", symmetry, list(_core.SYMMETRIES))
    if difficulty is not None:
        choice("difficulty", difficulty, TIERS)
    want = _want(se, technique, n)
    count = count_value("count", count, 1)
    threads = count_value("threads", _threads.cores() if threads is None else threads, 1)
    attempts = count_value("attempts", attempts, 1)
    minimal = flag_option("minimal", minimal)
    seed = seed_option(seed)
    if seed is None:
        seed = secrets.randbits(63)
    if clue_range is None and difficulty == "simple":
        clue_range = _simple_range(n * n)
    lo, hi = clue_range if clue_range is not None else (0, n * n)
    fewest = FEWEST_GIVENS.get(n, n - 1)
    if hi < fewest:
        raise GenerationError(
            f"a {n}x{n} puzzle with a unique solution has at least {fewest} "
            f"givens; asked for at most {hi}"
        )
    code = _core.SYMMETRIES[symmetry]
    # With no clue count asked, dig as far as the random order allows (a minimal puzzle).
    dig_all = minimal or (clues is None and difficulty != "simple")
    adapt = clues is None and not minimal and difficulty in ("easy", "intermediate")
    args = (seed, r, c, lo, hi, code, dig_all, difficulty, attempts, want)

    # Each thread takes the next index from one shared iterator (its next() is atomic
    # under the GIL) until none is left, the calling thread among them: puzzles that take
    # long do not hold the others up, and no task is queued a puzzle.  Puzzle k depends
    # only on (seed, k), so the list is the same for every number of threads.
    made: List[Optional[Generated]] = [None] * count
    indices = iter(range(count))
    halt = _threads.new_halt()

    # A high rating with no other demand on the givens: from the shipped hard puzzles.
    hardest = max(want[0], _core.TECH_DIFFICULTY[want[2]] if want[2] >= 0 else -1)
    hard = (
        n == 9
        and hardest >= _FROM_SEEDS
        and clues is None
        and symmetry is None
        and not minimal
        and difficulty in (None, "expert")
    )

    def work(check: bool) -> None:
        try:
            for k in indices:
                if hard:
                    made[k] = _one_hard(k, seed, attempts, want, halt)
                else:
                    made[k] = _one(k, *args, halt, check, adapt)
                if made[k] is None:
                    return  # stopped: the call raises
        except BaseException:
            halt[0] = 1  # an error here stops the other threads too
            raise

    _threads.share(work, _threads.thread_count(threads, count), halt)
    return made  # type: ignore[return-value]
