"""Target Sudoku: the solution with the largest weighted score (NOIP 2009, Luogu P1074).

Every cell has a weight; a solution scores the sum of weight x value over all cells.  The
search is a branch and bound in the compiled core (see ``_core_target.pxi``):
propagation, a first dive for a score to beat, then Lagrangian bounds with reduced-cost
fixing, so that only a small part of the tree is visited.
"""

from __future__ import annotations

import numbers
from typing import Any, Dict, NamedTuple, Optional, Sequence

import numpy as np

from . import _core
from ._api import _grid
from ._errors import InvalidValueError, SearchLimitError, ShapeError
from ._options import count_option, count_value

# Weights are bounded so that every score and bound stays exact in int64 and in the
# double-precision arithmetic of the Lagrangian bound.
MAX_WEIGHT = 2**31 - 1
MAX_SIDE = 64  # the largest grid the engines take
_RINGS: Dict[int, np.ndarray] = {}  # the default weights of each side, flat


class TargetResult(NamedTuple):
    """The best score, one solution that reaches it (in the puzzle's form), and the
    values the engine assigned by branching (``guesses``)."""

    score: int
    solution: Any
    guesses: int

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture of the best solution (the default box of its side), if any."""
        from .render import _repr_svg

        return _repr_svg(self.solution)


def ring_weights(n: int = 9) -> np.ndarray:
    """The P1074 weights for a grid of side n: 6 on the outer ring, one more per ring inward.

    >>> ring_weights(9)[4]
    array([ 6,  7,  8,  9, 10,  9,  8,  7,  6])
    """
    n = count_value("n", n, 1)
    if n > MAX_SIDE:
        raise ValueError(f"n must be a side from 1 to {MAX_SIDE}, got {n}")
    index = np.arange(n)
    depth = np.minimum(index, n - 1 - index)
    return (6 + np.minimum.outer(depth, depth)).astype(np.int64)


def _weights(weights: Any, n: int) -> np.ndarray:
    """The weights as a flat int64 array of n*n, or an error naming the bad entry."""
    if weights is None:
        rings = _RINGS.get(n)
        if rings is None:
            rings = _RINGS[n] = ring_weights(n).ravel()
            rings.flags.writeable = False
        return rings
    if isinstance(weights, np.ndarray):
        table = weights
    else:
        try:
            table = np.array(weights, dtype=object)
        except ValueError:
            # Ragged rows: NumPy cannot build a table at all.
            raise ShapeError(f"weights must be a {n} x {n} table of integers") from None
    if table.shape not in ((n, n), (n * n,)):
        raise ShapeError(
            f"weights must be a {n} x {n} table of integers (or {n * n} in a "
            f"row), got shape {table.shape}"
        )
    table = table.reshape(n, n)
    if table.dtype.kind in "iu":
        too_big = np.argwhere(np.abs(table.astype(np.float64)) > MAX_WEIGHT)
        if len(too_big):
            row, col = too_big[0]
            _bad(table[row, col], row, col, "is out of range")
        return np.ascontiguousarray(table, dtype=np.int64).ravel()
    flat = np.empty(n * n, dtype=np.int64)
    for (row, col), w in np.ndenumerate(table):
        if isinstance(w, (bool, np.bool_)) or not isinstance(w, numbers.Integral):
            _bad(w, row, col, "is not an integer")
        if abs(int(w)) > MAX_WEIGHT:
            _bad(w, row, col, "is out of range")
        flat[row * n + col] = int(w)
    return flat


def _bad(w: Any, row: int, col: int, why: str) -> None:
    raise InvalidValueError(
        f"weight at row {row + 1}, column {col + 1} {why}: {w!r} (weights are integers "
        f"from {-MAX_WEIGHT} to {MAX_WEIGHT})",
        row=row + 1,
        column=col + 1,
        value=w,
    )


def max_score(
    puzzle: Any,
    weights: Any = None,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    node_limit: Optional[int] = None,
) -> Optional[TargetResult]:
    """The solution of largest weighted score, or None if the puzzle has no solution.

    ``weights``: an N x N table of integers (or N*N in a row), possibly negative or zero;
    by default the P1074 rings (6 on the border, then 7, 8, 9, and 10 in the centre of a
    9x9; the same rule for any side, see :func:`ring_weights`).  Any solution of the best
    score may be returned when several tie.  ``node_limit`` bounds the work of the search,
    counted in guesses: each guess counts one, and each pass of the Lagrangian bound over
    the grid counts as the unplaced cells' candidates divided by the cells (up to the side
    on an empty grid), so that the limit bounds the time too.  Reaching it raises
    :class:`SearchLimitError`, whose ``guesses`` are the guesses alone and whose ``best``
    holds the best result found so far (not proven optimal).

    >>> p1074 = '''
    ... 7 0 0 9 0 0 0 0 1
    ... 1 0 0 0 0 5 9 0 0
    ... 0 0 0 2 0 0 0 8 0
    ... 0 0 5 0 2 0 0 0 3
    ... 0 0 0 0 0 0 6 4 8
    ... 4 1 3 0 0 0 0 0 0
    ... 0 0 7 0 0 2 0 9 0
    ... 2 0 1 0 6 0 8 0 4
    ... 0 8 0 5 0 4 0 1 2'''
    >>> max_score(p1074).score
    2829
    >>> max_score("12" + "." * 14, weights=[[1] * 4] * 4) is None
    False
    """
    node_limit = count_option("node_limit", node_limit, 0)
    grid = _grid(puzzle, box, alphabet)
    flat = _weights(weights, grid.n)
    score, values, guesses, status = _core.max_score(
        grid.values, grid.r, grid.c, flat, -1 if node_limit is None else node_limit
    )
    best = None
    if score is not None and values is not None:
        best = TargetResult(score, grid.render(values), guesses)
    if status == _core.NODE_LIMIT:
        raise SearchLimitError(
            f"node limit of {node_limit} reached ({guesses} guesses, the rest the bound's "
            f"work); best score so far: {'none' if best is None else best.score}",
            guesses=guesses,
            found=0 if best is None else 1,
            best=best,
        )
    return best
