"""The searches behind the py-sudoku interface: a board read as the original's solver reads
it, searched by fastsudoku's engines, and written back.

The original's solver fills the empty cells (``None``) of a board so that each differs
from every other cell of its row, column and box (and, for ``DiagonalSudoku``, diagonal);
the givens (every other cell) keep their objects and are never compared with one another
(``validate()`` does that, before ``solve()``).  The rules below restate what it reads:

* a given that is falsy (``0``, ``False``: possible only by writing into ``board`` after
  construction) rules nothing out;
* any other given must be an integer 1..N (``operator.index``: Python and NumPy integers,
  ``True``) when it shares a house with an empty cell: a float such as ``1.0`` (kept by the
  constructor, since ``1.0 in range(1, 10)``) raises TypeError there, an integer beyond
  1..N IndexError, as in the original;
* an empty cell outside the N x N square, or empty cells on a board with fewer than N rows
  or a row of fewer than N cells, raise IndexError.

A board whose givens are all integers 1..N with no two equal in a house (every board that
passed ``validate()`` with Python ints: nearly all of them), on a side of at most 64, goes to
the compiled Sudoku search (``_core.search``; with diagonals, the variant engine).  Any
other board goes to an exact cover of its empty cells alone, which is the original's
problem exactly: a primary column per empty cell; a column per (house, value that no given
of the house holds), so that no two empty cells of a house take one value (primary when
the house has as many empty cells as such values, so that each must be taken: Sudoku's
own pruning; secondary in a house with a repeated given); a row per (empty cell, value
that no given of its houses holds).
"""

from __future__ import annotations

import operator
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Set, Tuple

from ... import _core
from ..._api import restarted_search, search as _variant_search
from ..._cover import count_exact_covers, exact_covers
from ..._errors import VariantError
from ..._options import MAX_SIDE
from ...variants import Diagonals, Variant

Board = List[List[Any]]

#: The most (empty cell, value) pairs an exact cover of a board may have: its rows, each a
#: Python list (about 2 GB at this bound), so that a huge board is refused at once instead
#: of taking the machine's memory.
COVER_MOST = 20_000_000

# The compiled search's options by solution limit (made once: read-only).
_OPTIONS = {limit: _core.Options("auto", limit) for limit in (1, 2)}
_DIAGONALS = (Diagonals(),)


class _Read(NamedTuple):
    """A board as the search sees it: the N*N values of its square (0 for an empty cell
    or a given that rules nothing out), its empty cells (r, c), and whether every given
    of the square is a plain value 1..N (then ``values`` is the whole puzzle)."""

    values: bytearray
    blanks: List[Tuple[int, int]]
    plain: bool


def houses(size: int, width: int, height: int, diagonals: bool) -> List[List[int]]:
    """The houses of the square as lists of cell indices (r * size + c): rows, columns,
    boxes of `height` rows and `width` columns, and the two diagonals if asked."""
    n = size
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    for top in range(0, n, height):
        for left in range(0, n, width):
            out.append([(top + i) * n + left + j for i in range(height) for j in range(width)])
    if diagonals:
        out.append([i * n + i for i in range(n)])
        out.append([i * n + n - 1 - i for i in range(n)])
    return out


def _read(board: Sequence[Sequence[Any]], size: int) -> _Read:
    n = size
    if len(board) == n and all(len(row) == n for row in board):
        cells = [cell for row in board for cell in row]
        blanks = [divmod(p, n) for p, cell in enumerate(cells) if cell is None]
    else:
        blanks = [
            (r, c) for r, row in enumerate(board) for c, cell in enumerate(row) if cell is None
        ]
        cells = []
    if not blanks:
        return _Read(bytearray(n * n), blanks, True)
    for r, c in blanks:
        if r >= n or c >= n:
            raise IndexError(f"board cell ({r}, {c}) is empty but outside the {n}x{n} grid")
    if len(board) < n:
        raise IndexError(f"the board has {len(board)} rows, the {n}x{n} grid needs {n}")
    if cells:
        # The common board, a square of ints 1..N and None, in one conversion; bytearray
        # refuses floats, negatives and values past 255 (then the loop below decides).
        try:
            values = bytearray([0 if cell is None else cell for cell in cells])
        except (TypeError, ValueError):
            pass
        else:
            if values.count(0) == len(blanks) and max(values) <= n:
                return _Read(values, blanks, True)
    values = bytearray(n * n)
    plain = True
    for r in range(n):
        row = board[r]
        if len(row) < n:
            raise IndexError(f"board row {r} has {len(row)} cells, the {n}x{n} grid needs {n}")
        base = r * n
        for c in range(n):
            cell = row[c]
            if n > MAX_SIDE:
                plain = False  # (the exact cover reads the board itself; values past 255)
            elif type(cell) is int and 0 < cell <= n:
                values[base + c] = cell
            elif cell is not None:
                value = _plain_value(cell, n)
                if value:
                    values[base + c] = value
                else:
                    plain = False
    return _Read(values, blanks, plain)


def _plain_value(cell: Any, size: int) -> int:
    """A given's value when it is an integer 1..size of another type (a NumPy integer,
    True), else 0."""
    try:
        value = operator.index(cell)
    except TypeError:
        return 0
    return value if 1 <= value <= size else 0


def _given_value(cell: Any, size: int) -> Optional[int]:
    """The value a given rules out for its empty neighbours (None: nothing), or the
    original's error for a cell it cannot use as one."""
    if not cell:
        return None
    try:
        value = operator.index(cell)
    except TypeError:
        raise TypeError(
            f"board cell {cell!r} ({type(cell).__name__}) is not an integer: a given must be "
            f"an int 1..{size}"
        ) from None
    if not 1 <= value <= size:
        raise IndexError(f"board cell {cell!r} is out of range: a given must be 1..{size}")
    return value


def _compiled(
    read: _Read, size: int, width: int, height: int, diagonals: bool, limit: int
) -> Optional[Tuple[int, Optional[bytes]]]:
    """(count up to limit, first solution's values) from the compiled engines, or None
    when the board is not for them (givens that are not plain, or repeat in a house)."""
    if not read.plain or size > MAX_SIDE:
        return None
    values = bytes(read.values)
    if diagonals:
        try:
            found = _variant_search(Variant(list(values), constraints=_DIAGONALS), limit=limit)
        except VariantError:
            return None
        first = bytes(found.solution) if found.solution is not None else None
        return found.count, first
    if _core.conflict(values, height, width) is not None:
        return None
    count, solution, _guesses, _status = restarted_search(values, height, width, _OPTIONS[limit])
    return count, solution


def _cover(
    board: Sequence[Sequence[Any]], read: _Read, size: int, width: int, height: int, diagonals: bool
) -> Tuple[List[List[int]], List[Tuple[int, int]], int, int]:
    """The exact cover of the empty cells (module docstring): rows, each row's (cell,
    value), the number of columns and of primary columns."""
    n = size
    if len(read.blanks) * n > COVER_MOST:
        raise MemoryError(
            f"a {n}x{n} board with {len(read.blanks)} empty cells is beyond the exact-cover "
            f"search of fastsudoku.compat.py_sudoku (at most {COVER_MOST:,} pairs of an "
            "empty cell and a value; sides up to 64 with distinct givens take the Sudoku "
            "engines instead)"
        )
    groups = houses(n, width, height, diagonals)
    member: Dict[int, List[int]] = {}
    for h, cells in enumerate(groups):
        for p in cells:
            member.setdefault(p, []).append(h)
    open_houses = {h for r, c in read.blanks for h in member[r * n + c]}
    ruled_out: List[Set[int]] = [set() for _ in groups]
    blank_cells = {r * n + c for r, c in read.blanks}
    for p in range(n * n):
        if p in blank_cells:
            continue
        mine = [h for h in member[p] if h in open_houses]
        if not mine:
            continue
        value = _given_value(board[p // n][p % n], n)
        if value is not None:
            for h in mine:
                ruled_out[h].add(value)
    # A house whose empty cells are as many as the values no given of it holds (its
    # givens all differ) must take each of those values once: primary columns, which
    # give the search Sudoku's own pruning; a house with a repeated given has values to
    # spare, each taken at most once: secondary columns.
    nblanks = len(read.blanks)
    holes = [0] * len(groups)
    for h in open_houses:
        holes[h] = sum(1 for p in groups[h] if p in blank_cells)
    exact = [h for h in sorted(open_houses) if holes[h] == n - len(ruled_out[h])]
    loose = [h for h in sorted(open_houses) if holes[h] != n - len(ruled_out[h])]
    column: Dict[Tuple[int, int], int] = {}
    for h in exact:
        for v in range(1, n + 1):
            if v not in ruled_out[h]:
                column[h, v] = nblanks + len(column)
    nprimary = nblanks + len(column)
    for h in loose:
        for v in range(1, n + 1):
            if v not in ruled_out[h]:
                column[h, v] = nblanks + len(column)
    rows: List[List[int]] = []
    meaning: List[Tuple[int, int]] = []
    for k, (r, c) in enumerate(read.blanks):
        mine = member[r * n + c]
        for v in range(1, n + 1):
            if all(v not in ruled_out[h] for h in mine):
                rows.append([k] + [column[h, v] for h in mine])
                meaning.append((k, v))
    return rows, meaning, nblanks + len(column), nprimary


def _written(board: Sequence[Sequence[Any]], read: _Read, fills: Sequence[int]) -> Board:
    """A copy of the board, every row, with empty cell k of ``read.blanks`` set to
    ``fills[k]``."""
    out = [list(row) for row in board]
    for (r, c), value in zip(read.blanks, fills):
        out[r][c] = value
    return out


def first_fill(
    board: Sequence[Sequence[Any]], width: int, height: int, diagonals: bool = False
) -> Optional[Board]:
    """A copy of the board (every row, extra rows and cells included) with its empty cells
    filled by the rules of the module docstring, or None when they cannot be."""
    size = width * height
    read = _read(board, size)
    if not read.blanks:
        return [list(row) for row in board]
    found = _compiled(read, size, width, height, diagonals, 1)
    if found is not None:
        solution = found[1]
        if solution is None:
            return None
        return _written(board, read, [solution[r * size + c] for r, c in read.blanks])
    rows, meaning, ncols, nprimary = _cover(board, read, size, width, height, diagonals)
    for cover in exact_covers(rows, columns=ncols, secondary=range(nprimary, ncols), limit=1):
        fills = [0] * len(read.blanks)
        for i in cover:
            k, value = meaning[i]
            fills[k] = value
        return _written(board, read, fills)
    return None


def count_fills(
    board: Sequence[Sequence[Any]], width: int, height: int, limit: int, diagonals: bool = False
) -> int:
    """How many ways the empty cells can be filled, counted up to ``limit`` (1 or 2); a
    board without empty cells has one."""
    size = width * height
    read = _read(board, size)
    if not read.blanks:
        return 1
    found = _compiled(read, size, width, height, diagonals, limit)
    if found is not None:
        return found[0]
    rows, _meaning, ncols, nprimary = _cover(board, read, size, width, height, diagonals)
    return count_exact_covers(rows, columns=ncols, secondary=range(nprimary, ncols), limit=limit)
