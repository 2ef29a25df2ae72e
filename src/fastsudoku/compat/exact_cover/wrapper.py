"""The ``exact_cover`` package's three searches, on fastsudoku's engines.

The search must choose as the original does (the first column with the fewest rows left,
its rows top to bottom) to meet the same covers in the same order: the bitset engine
does, and so does dancing links except on matrices of 129 to 400 primary columns, where
it breaks ties between columns by what they force (Sudoku-sized matrices).  So the
bitset engine runs wherever its memory stays small, dancing links elsewhere (there, on
129 to 400 columns with rows too many for the bitsets, a first cover may differ from the
original's when there are several).  The bitset engine gives a cover's rows in the order
it chose them, the original's output order; for dancing links (whose tie-breaking and
forced columns may reorder the levels) :func:`_search_order` puts the rows in that order
by replaying the original's column choices on the matrix.
"""

from typing import Any, Iterable, List, Optional, Set, Tuple

import numpy as np

from ... import _core
from ..._cover import CoverEngine, _bitset_bytes, _problem, count_exact_covers
from .error import NoSolution
from .io import DTYPE_FOR_ARRAY


def _matrix(matrix: Any) -> np.ndarray:
    a = np.require(matrix, dtype=DTYPE_FOR_ARRAY, requirements=["C_CONTIGUOUS"])
    if a.ndim != 2:
        raise ValueError("get_exact_cover(...) needs a 2-dimensional (m x n) matrix.")
    return a


#: The bitset engine's memory at most here (beyond, dancing links).
BITSET_BYTES = 1 << 26


def _engine(a: np.ndarray) -> CoverEngine:
    """The engine that chooses as the original does (module docstring)."""
    nrows, ncols = a.shape
    if _bitset_bytes(ncols, ncols, nrows) <= BITSET_BYTES:
        return "bitset"
    return "dlx"


def _search_order(a: np.ndarray, cover: Iterable[int]) -> List[int]:
    """The rows of `cover` in the order Algorithm X chose them: at each step the first
    column, among those not covered yet, with the fewest rows compatible with the rows
    chosen so far, and the cover's row in it."""
    rows = list(cover)
    owner = np.full(a.shape[1], -1, dtype=np.int64)
    for i in rows:
        owner[a[i]] = i
    sizes = a.sum(axis=0, dtype=np.int64)
    open_cols = np.ones(a.shape[1], dtype=bool)
    alive = np.ones(a.shape[0], dtype=bool)
    beyond = a.shape[0] + 1
    order = []
    for _ in rows:
        j = int(np.argmin(np.where(open_cols, sizes, beyond)))
        i = int(owner[j])
        order.append(i)
        taken = a[i]
        gone = alive & a[:, taken].any(axis=1)
        sizes -= a[gone].sum(axis=0, dtype=np.int64)
        alive &= ~gone
        open_cols &= ~taken
    return order


def _covers(a: np.ndarray, limit: Optional[int]) -> List[List[int]]:
    """The first `limit` covers (None: all) the search meets, each in search order."""
    engine = _engine(a)
    search = _problem(a, a.shape[1], (), None, engine)
    search.ordered = True
    out: List[List[int]] = []
    while limit is None or len(out) < limit:
        status, cover = search.next_solution()
        if status != _core.FOUND or cover is None:
            break
        out.append(cover if engine == "bitset" else _search_order(a, cover))
    return out


def get_exact_cover(matrix: Any) -> np.ndarray:
    """The first exact cover: an int32 array of row indices in search order."""
    a = _matrix(matrix)
    if a.shape[1] and a.shape[0]:
        for cover in _covers(a, 1):
            return np.array(cover, dtype=np.int32)
    raise NoSolution("No solutions found by the C code.")


def get_solution_count(matrix: Any) -> int:
    """The number of exact covers."""
    a = _matrix(matrix)
    if not a.shape[1]:
        return 1
    if not a.shape[0]:
        return 0
    return count_exact_covers(a, columns=a.shape[1])


def solutions_array_to_set(a: Any) -> Set[Tuple[int, ...]]:
    """Rows of row indices padded with -1 at the end, as a set of tuples without the
    padding."""
    out = set()
    for row in np.asarray(a):
        k = len(row)
        while k and row[k - 1] == -1:
            k -= 1
        out.add(tuple(int(x) for x in row[:k]))
    return out


def get_all_solutions(matrix: Any, max_count: Optional[int] = None) -> Set[Tuple[int, ...]]:
    """The exact covers (the first `max_count` the search meets), each a tuple of row
    indices in search order."""
    a = _matrix(matrix)
    covers: List[Tuple[int, ...]] = []
    if a.shape[1] and a.shape[0] and (max_count is None or max_count > 0):
        covers = [tuple(cover) for cover in _covers(a, max_count)]
    if not covers:
        raise NoSolution("No solutions found by the C code.")
    return set(covers)


__all__ = [
    "BITSET_BYTES",
    "get_exact_cover",
    "get_solution_count",
    "solutions_array_to_set",
    "get_all_solutions",
]
