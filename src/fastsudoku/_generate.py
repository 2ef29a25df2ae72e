"""Generating unique puzzles (the digging runs in the compiled core, without the GIL)."""
from __future__ import annotations

import hashlib
import secrets
from typing import List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from . import _core, _threads
from ._grid import box_for
from .formats import SYMBOLS
from ._rate import TIERS, tier_of



class GenerationError(ValueError):
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


# Cell value -> its symbol in Generated's lines ('.' for empty), for bytes.translate.
_RENDER = bytes.maketrans(bytes(range(len(SYMBOLS) + 1)), ("." + SYMBOLS).encode("ascii"))


def _seed64(seed: int, index: int, attempt: int) -> int:
    """A 64-bit seed for one puzzle, one attempt: the same on every platform."""
    digest = hashlib.blake2b(f"{seed}:{index}:{attempt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def _clue_range(clues: Union[None, int, Sequence[int]], ncells: int) -> Tuple[int, int]:
    if clues is None:
        return 0, ncells
    if isinstance(clues, int) and not isinstance(clues, bool):
        lo = hi = clues
    else:
        try:
            lo, hi = (int(x) for x in clues)      # type: ignore[union-attr]
        except (TypeError, ValueError):
            raise ValueError(f"clues must be an int or a (low, high) pair, got {clues!r}") from None
    if not 0 <= lo <= hi <= ncells:
        raise ValueError(f"clues must lie in 0..{ncells} with low <= high, got {clues!r}")
    return lo, hi


def _one(index: int, seed: int, r: int, c: int, lo: int, hi: int, symmetry: int,
         minimal: bool, difficulty: Optional[str], attempts: int, halt: np.ndarray,
         check: bool) -> Optional[Generated]:
    """Puzzle `index` of a call; None once the call's stop flag `halt` is set (check: this
    thread looks for Ctrl-C, see _threads.share)."""
    n = r * c
    for attempt in range(attempts):
        if halt[0]:
            return None
        s64 = _seed64(seed, index, attempt)
        # An exact count digs to it; a range digs to a target drawn inside it, so that the
        # counts spread over the range (the greedy dig may stop above a low target).
        target = lo if lo == hi else lo + s64 % (hi - lo + 1)
        made = _core.generate_one(r, c, s64, target, symmetry, minimal, halt, check)
        if made is None:
            return None
        puzzle, solution, givens = made
        if not lo <= givens <= hi:
            continue
        if difficulty is not None and tier_of(puzzle, r, c)[0] != difficulty:
            continue
        return Generated(puzzle.translate(_RENDER).decode("ascii"),
                         solution.translate(_RENDER).decode("ascii"), givens, (r, c))
    what = [f"{lo}" if lo == hi else f"{lo}-{hi}", "givens"]
    if difficulty:
        what.append(f"at tier {difficulty!r}")
    raise GenerationError(f"no {n}x{n} puzzle with {' '.join(what)} in {attempts} attempts "
                          "(widen the range, drop the symmetry or allow more attempts)")


def generate(size: int = 9, *, box: Optional[Sequence[int]] = None, count: int = 1,
             clues: Union[None, int, Sequence[int]] = None, difficulty: Optional[str] = None,
             symmetry: Optional[str] = None, minimal: bool = False, seed: Optional[int] = None,
             threads: Optional[int] = 1, attempts: int = 2000) -> List[Generated]:
    """Make `count` puzzles, each with exactly one solution (checked by the engine).

    ``size`` and ``box``: the side (square boxes) or the box shape (``box=(2, 3)`` for 6x6).
    ``clues``: an exact number of givens, a ``(low, high)`` range, or None (dig as far as
    the random order allows).  ``symmetry``: None, ``"rot180"``, ``"rot90"``, ``"mirror"``
    or ``"diagonal"`` (the pattern of givens).  ``minimal``: no given can be removed without
    losing uniqueness (with a symmetry: no symmetric group of givens; above 16x16, as far
    as uniqueness checks of 1,000 guesses tell: a longer check keeps the given).
    ``difficulty``: a tier of :func:`rate` (``simple``, ``easy``, ``intermediate``,
    ``expert``); puzzles are made until one rates so (``simple`` with no clue count digs to
    30-45 givens: minimal puzzles that naked singles solve are rare).  ``seed``: the same
    seed gives the same puzzles on every platform and for every ``threads`` (None, and at
    most: the cores this process may run on).  ``attempts``: per puzzle, before :class:`GenerationError`.

    >>> all(24 <= p.givens <= 28 for p in generate(count=3, clues=(24, 28), seed=1))
    True
    >>> len(generate(box=(2, 3), seed=5)[0].puzzle)
    36
    """
    if size != 9 or box is not None:
        r, c = box_for(size if box is None else int(box[0]) * int(box[1]), box)
    else:
        r, c = 3, 3
    n = r * c
    lo, hi = _clue_range(clues, n * n)
    if n == 9 and hi < 17:
        raise GenerationError("a 9x9 puzzle with a unique solution has at least 17 givens")
    if symmetry not in _core.SYMMETRIES:
        raise ValueError(f"symmetry must be one of {list(_core.SYMMETRIES)}, got {symmetry!r}")
    if difficulty is not None and difficulty not in TIERS:
        raise ValueError(f"difficulty must be one of {TIERS}, got {difficulty!r}")
    if threads is None:
        threads = _threads.cores()
    for name, value in (("count", count), ("threads", threads), ("attempts", attempts)):
        if not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a positive integer, got {value!r}")
    if seed is None:
        seed = secrets.randbits(63)
    if difficulty == "simple" and clues is None:
        # Puzzles that naked singles solve are rare among minimal ones: dig less.
        lo, hi = 30, 45
    code = _core.SYMMETRIES[symmetry]
    # With no clue count asked, dig as far as the random order allows (a minimal puzzle).
    dig_all = minimal or (clues is None and difficulty != "simple")
    args = (seed, r, c, lo, hi, code, dig_all, difficulty, attempts)

    # Each thread takes the next index from one shared iterator (its next() is atomic
    # under the GIL) until none is left, the calling thread among them: puzzles that take
    # long do not hold the others up, and no task is queued a puzzle.  Puzzle k depends
    # only on (seed, k), so the list is the same for every number of threads.
    made: List[Optional[Generated]] = [None] * count
    indices = iter(range(count))
    halt = _threads.new_halt()

    def work(check: bool) -> None:
        try:
            for k in indices:
                made[k] = _one(k, *args, halt, check)
                if made[k] is None:
                    return                  # stopped: the call raises
        except BaseException:
            halt[0] = 1                     # an error here stops the other threads too
            raise
    _threads.share(work, _threads.thread_count(threads, count), halt)
    return made  # type: ignore[return-value]
