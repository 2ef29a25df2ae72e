"""The general exact-cover API: Algorithm X, compiled, on one of two engines.

``engine="dlx"`` is dancing links on flat arrays; ``engine="bitset"`` keeps each search
level's compatible rows as a bitset and its column sizes as an array (no links to chase),
and is faster on small matrices (2.4x on the pentominoes, 1.4x on 12-queens).  Both make
the same column choice (fewest rows; the first such column) and try rows in order, so they
explore the same tree and give the solutions in the same order; only the Sudoku-sized
matrices, where dancing links look ahead for forced columns, differ in the order of ties.
``engine="auto"`` (the default) takes the bitset engine for matrices of at most
``BITSET_MAX_ROWS`` rows and ``BITSET_MAX_PRIMARY`` primary columns, where it was measured
faster (``benchmarks/bench_exact_cover.py``), and dancing links for the rest.

A problem is a 0/1 matrix.  A solution is a set of rows with exactly one 1 in every
*primary* column and at most one 1 in every *secondary* column (Knuth's generalisation,
used for the diagonals of N-queens; ``secondary=None`` means none).  A row with no 1 in a
primary column is never part of a solution, and a matrix with columns but no rows has no
solution.

Scale.  Only the columns that hold a 1 reach the engines: a primary column with no 1
means no cover, found before anything is allocated, and an empty secondary column is
dropped, so ``columns=`` and a ``range`` of secondary columns cost nothing however wide.
Dancing links choose the column with a tree of sizes above 32,768 primary columns (the
same choice as the scan below that, in a few steps per size changed instead of a pass
over every column), so that 1,000,000 one-column rows take a fraction of a second.  The
bitset engine copies every primary column's count at each level by design; it refuses a
matrix whose bitsets and levels would exceed ``BITSET_MAX_BYTES``.

Colours and multiplicities (Knuth's XCC and MCC, TAOCP 7.2.2.1; his programs DLX2 and
DLX3).  ``colors=`` gives secondary columns a colour in some rows: a row list's colours
are one list a row (None for a row without colours), one entry a column (None or 0: no
colour; else any hashable value); a matrix's colours are an integer array of its shape
(0: no colour).  A secondary column is then covered by at most one row without a colour,
or by any number of rows that give it the same colour.  ``multiplicity={column: n or
(lo, hi)}`` lets a primary column be covered by lo..hi rows (0 <= lo <= hi, hi >= 1);
each cover is found once (the rows of a column are taken in order, as in Algorithm M).
Colours run on both engines (dancing links purify a column as Algorithm C does; the
bitset engine keeps a bitset a (column, colour) pair, so its memory grows with rows x
(columns + pairs)); multiplicities on the bitset engine only (``engine="dlx"`` refuses
them; ``"auto"`` takes the bitset engine for them).  :class:`fastsudoku.CoverProblem`
states such problems with named items and reads and writes Knuth's text format.

The matrix is given either as rows of column indices (``[[0, 3], [1, 2], ...]``) or as a
2-D NumPy array of 0/1 or booleans.  Solutions are sorted lists of row indices.

Mapping from the ``exact-cover`` package on PyPI::

    exact_cover.get_exact_cover(S)                 fastsudoku.exact_cover(S)
        (an array of row indices; empty if none)       (a list of row indices; None if none)
    exact_cover.get_exact_cover(S, secondary=k)    fastsudoku.exact_cover(
                                                     S,
                                                     secondary=range(S.shape[1] - k, S.shape[1]))
    exact_cover.get_all_solutions(S)               list(fastsudoku.exact_covers(S))
    (counting)                                     fastsudoku.count_exact_covers(S)
"""

from __future__ import annotations

import itertools
import operator
import threading
from typing import (
    Any,
    Dict,
    Iterable,
    Iterator,
    List,
    Literal,
    Mapping,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
)

import numpy as np

from . import _core
from ._errors import ExactCoverError, SearchLimitError
from ._options import count_option, count_value, engine_option
from ._threads import cores, new_halt, share, thread_count

_INT32_MAX = 2**31 - 1
#: The largest column index (and column count - 1) the API takes.
_MAX_INDEX = _INT32_MAX // 4

#: The exact-cover engines: "auto" picks "bitset" for small matrices, "dlx" above.
CoverEngine = Literal["auto", "dlx", "bitset"]
COVER_ENGINES = ("auto", *_core.COVER_ENGINES)
#: engine="auto" takes the bitset engine up to this many rows ...
BITSET_MAX_ROWS = 4096
#: ... and this many primary columns (each level copies the primary columns' sizes).
BITSET_MAX_PRIMARY = 128
#: engine="bitset" refuses a matrix whose column bitsets (columns x rows / 8 bytes) and
#: levels (one per primary column at most, each rows / 4 + primary columns x 4 bytes)
#: exceed this.
BITSET_MAX_BYTES = 1 << 29


def _index(value: Any, what: str, row: Optional[int] = None) -> int:
    if isinstance(value, (bool, np.bool_)):
        raise ExactCoverError(f"{what}: {value!r} is a bool, not a column index", row=row)
    try:
        return operator.index(value)
    except TypeError:
        raise ExactCoverError(
            f"{what}: {value!r} is not an integer column index", row=row
        ) from None


def _from_matrix(matrix: np.ndarray, columns: Optional[int]) -> Tuple[np.ndarray, np.ndarray, int]:
    if matrix.ndim != 2:
        raise ExactCoverError(
            f"the matrix must be 2-D (rows x columns), got {matrix.ndim}-D of shape {matrix.shape}"
        )
    if matrix.dtype != np.bool_ and not np.issubdtype(matrix.dtype, np.integer):
        raise ExactCoverError(
            f"the matrix must hold 0/1 integers or booleans, got dtype {matrix.dtype}"
        )
    nrows, ncols = matrix.shape
    if columns is not None and columns != ncols:
        raise ExactCoverError(f"columns={columns} but the matrix has {ncols} columns")
    if matrix.dtype != np.bool_:
        bad = np.argwhere((matrix != 0) & (matrix != 1))
        if len(bad):
            r, c = (int(v) for v in bad[0])
            raise ExactCoverError(
                f"row {r}, column {c}: {matrix[r, c].item()!r} is not 0 or 1", row=r, column=c
            )
    rows_idx, cols = np.nonzero(matrix)
    return _offsets(np.bincount(rows_idx, minlength=nrows)), cols, ncols


def _offsets(lengths: np.ndarray) -> np.ndarray:
    """CSR row offsets (nrows + 1 entries) from the number of ones in each row."""
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return offsets


def _from_rows(
    rows: Iterable[Iterable[Any]], columns: Optional[int]
) -> Tuple[np.ndarray, np.ndarray, int]:
    if isinstance(rows, (str, bytes)):
        raise ExactCoverError("rows must be a sequence of rows of column indices, not a string")
    if not isinstance(rows, (list, tuple)):
        rows = list(rows)
    fast = _from_int_rows(rows, columns)
    if fast is not None:
        return fast
    return _from_rows_checked(rows, columns)


def _from_int_rows(
    rows: Sequence[Any], columns: Optional[int]
) -> Optional[Tuple[np.ndarray, np.ndarray, int]]:
    """The common case at C speed: rows are lists or tuples of plain ints, all valid.
    None when anything is unusual; the checked path then finds and names the problem."""
    if not set(map(type, rows)) <= {list, tuple}:
        return None
    flat = list(itertools.chain.from_iterable(rows))
    if not set(map(type, flat)) <= {int}:
        return None
    try:
        cols = np.array(flat, dtype=np.int64)
    except OverflowError:
        return None
    lengths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
    high = int(cols.max()) if len(cols) else -1
    if len(cols) and (
        int(cols.min()) < 0 or high > _INT32_MAX // 4 or (columns is not None and high >= columns)
    ):
        return None
    ncols = columns if columns is not None else high + 1
    # A column repeating within a row: keys (row, column) must be distinct.  Rows listed
    # in increasing column order (the usual case) are checked without sorting.
    key = np.repeat(np.arange(len(rows), dtype=np.int64), lengths) * max(ncols, 1) + cols
    if len(key) > 1 and not (key[1:] > key[:-1]).all():
        key.sort()
        if (key[1:] == key[:-1]).any():
            return None
    return _offsets(lengths), cols, ncols


def _from_rows_checked(
    rows: Sequence[Any], columns: Optional[int]
) -> Tuple[np.ndarray, np.ndarray, int]:
    flat: List[int] = []
    offsets = [0]
    for r, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not hasattr(row, "__iter__"):
            raise ExactCoverError(f"row {r}: {row!r} is not a sequence of column indices", row=r)
        cols = [_index(v, f"row {r}", r) for v in row]
        if len(set(cols)) != len(cols):
            seen = set()
            for c in cols:
                if c in seen:
                    raise ExactCoverError(f"row {r}: column {c} appears twice", row=r, column=c)
                seen.add(c)
        for c in cols:
            if c > _INT32_MAX // 4:
                raise ExactCoverError(
                    f"row {r}: column {c} is too large for the engine (at most {_INT32_MAX // 4})",
                    row=r,
                    column=c,
                )
            if c < 0 or (columns is not None and c >= columns):
                limit = f"0..{columns - 1}" if columns is not None else "0 or more"
                raise ExactCoverError(
                    f"row {r}: column {c} is out of range ({limit})", row=r, column=c
                )
        flat.extend(cols)
        offsets.append(len(flat))
    ncols = columns if columns is not None else (max(flat) + 1 if flat else 0)
    return np.asarray(offsets, dtype=np.int64), np.asarray(flat, dtype=np.int64), ncols


def _pick_engine(engine: str, nrows: int, nprimary: int) -> str:
    if engine == "auto":
        small = nrows <= BITSET_MAX_ROWS and nprimary <= BITSET_MAX_PRIMARY
        return "bitset" if small else "dlx"
    return engine


def _secondary(secondary: Any, ncols: int) -> Any:
    """The secondary columns: an increasing range, or a sorted array without repeats
    (None: none).  A range is kept as a range, so a wide one costs nothing."""
    if secondary is None or (isinstance(secondary, (list, tuple)) and not secondary):
        return range(0)
    if isinstance(secondary, (str, bytes)) or not hasattr(secondary, "__iter__"):
        raise ExactCoverError(
            f"secondary must be a sequence of column indices (or None), got {secondary!r}"
        )
    if isinstance(secondary, range):
        sec: Any = secondary if secondary.step > 0 else secondary[::-1]
        bad = [c for c in sec[:1] if c < 0] + [c for c in sec[-1:] if c >= ncols]
    else:
        sec = np.fromiter((_index(v, "secondary") for v in secondary), dtype=np.int64)
        bad = [int(c) for c in sec[(sec < 0) | (sec >= ncols)][:1]]
        sec = np.unique(sec)
    if bad:
        raise ExactCoverError(
            f"secondary column {bad[0]} is out of range (0..{ncols - 1})", column=bad[0]
        )
    return sec


def _secondary_mask(sec: Any, cols: np.ndarray) -> np.ndarray:
    """Which of the columns `cols` are in `sec` (as _secondary returns it)."""
    mask: np.ndarray
    if isinstance(sec, range):
        mask = (cols >= sec.start) & (cols < sec.stop) & ((cols - sec.start) % sec.step == 0)
    else:
        mask = np.isin(cols, sec)
    return mask


def _used_columns(cols: np.ndarray, ncols: int) -> Optional[np.ndarray]:
    """The columns that hold a one, in order; None when that is every column.  Costs
    time and memory in the ones, not in ncols, when most columns are empty."""
    if ncols <= 4 * len(cols) + 1024:
        present = np.zeros(ncols, dtype=np.bool_)
        present[cols] = True
        return None if present.all() else np.flatnonzero(present)
    return np.unique(cols)


class _Extras(NamedTuple):
    """Colours and multiplicities, checked, in the caller's column numbering."""

    pair: Optional[np.ndarray]  # one a one: 0, or its (column, colour) pair 1..npairs
    pair_col: Optional[np.ndarray]  # the column of each pair
    mult_cols: Optional[np.ndarray]  # primary columns with bounds other than 1..1
    mult_lo: Optional[np.ndarray]
    mult_hi: Optional[np.ndarray]


def _entry_colors(
    colors: Any, rows: Any, offsets: np.ndarray, cols: np.ndarray
) -> Tuple[List[Any], np.ndarray]:
    """The coloured ones: their colours, and their places in cols."""
    nrows = len(offsets) - 1
    if isinstance(rows, np.ndarray):
        grid = np.asarray(colors)
        if grid.shape != rows.shape:
            raise ExactCoverError(
                f"colors must have the matrix's shape {rows.shape}, got {grid.shape}"
            )
        where: Any = np.argwhere((grid != 0) & (rows == 0)) if grid.dtype != object else []
        if len(where):
            r, c = (int(v) for v in where[0])
            raise ExactCoverError(
                f"row {r}, column {c}: a colour where the matrix has no 1", row=r, column=c
            )
        ridx = np.repeat(np.arange(nrows), np.diff(offsets))
        values = grid[ridx, cols] if len(cols) else np.zeros(0, dtype=grid.dtype)
        if values.dtype == object:
            mask = np.array([v is not None and not _is_zero(v) for v in values], dtype=bool)
        else:
            mask = values != 0
        places = np.flatnonzero(mask)
        return list(values[places]), places
    if isinstance(colors, (str, bytes)) or not hasattr(colors, "__len__"):
        raise ExactCoverError("colors must be a sequence with one entry a row (or None)")
    if len(colors) != nrows:
        raise ExactCoverError(f"colors has {len(colors)} entries, one a row is {nrows}")
    found: List[Any] = []
    spots: List[int] = []
    for r, row_colors in enumerate(colors):
        if row_colors is None:
            continue
        start, stop = int(offsets[r]), int(offsets[r + 1])
        if isinstance(row_colors, (str, bytes)) or not hasattr(row_colors, "__len__"):
            raise ExactCoverError(
                f"row {r}: colors {row_colors!r} is not a sequence, one entry a column", row=r
            )
        if len(row_colors) != stop - start:
            raise ExactCoverError(
                f"row {r}: {len(row_colors)} colours for {stop - start} columns", row=r
            )
        for k, value in enumerate(row_colors):
            if value is None or _is_zero(value):
                continue
            try:
                hash(value)
            except TypeError:
                raise ExactCoverError(
                    f"row {r}, column {int(cols[start + k])}: colour {value!r} is not hashable",
                    row=r,
                    column=int(cols[start + k]),
                ) from None
            found.append(value)
            spots.append(start + k)
    return found, np.asarray(spots, dtype=np.int64)


def _is_zero(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool) and value == 0


def _extras(
    rows: Any,
    offsets: np.ndarray,
    cols: np.ndarray,
    ncols: int,
    sec: Any,
    colors: Any,
    multiplicity: Any,
) -> _Extras:
    pair = pair_col = mcols = mlo = mhi = None
    if colors is not None:
        values, places = _entry_colors(colors, rows, offsets, cols)
        if len(places):
            where = cols[places]
            primary = ~_secondary_mask(sec, where)
            if primary.any():
                k = int(places[np.argmax(primary)])
                r = int(np.searchsorted(offsets, k, side="right")) - 1
                raise ExactCoverError(
                    f"row {r}, column {int(cols[k])}: a colour on a primary column "
                    f"(only secondary columns take colours)",
                    row=r,
                    column=int(cols[k]),
                )
            ids: Dict[Any, int] = {}
            cid = np.fromiter(
                (ids.setdefault(v, len(ids)) for v in values), dtype=np.int64, count=len(values)
            )
            keys, inverse = np.unique(where * len(ids) + cid, return_inverse=True)
            pair = np.zeros(len(cols), dtype=np.int32)
            pair[places] = inverse.reshape(-1) + 1
            pair_col = (keys // len(ids)).astype(np.int64)
    if multiplicity is not None:
        if not hasattr(multiplicity, "items"):
            raise ExactCoverError(
                "multiplicity must be a mapping {column: n or (lo, hi)}, "
                f"got {type(multiplicity).__name__}"
            )
        found = []
        for column, bounds in multiplicity.items():
            c = _index(column, "multiplicity")
            if c < 0 or c >= ncols:
                raise ExactCoverError(
                    f"multiplicity: column {c} is out of range (0..{ncols - 1})", column=c
                )
            if len(_secondary_mask(sec, np.array([c])).nonzero()[0]):
                raise ExactCoverError(
                    f"multiplicity: column {c} is secondary (only primary columns take "
                    f"multiplicities)",
                    column=c,
                )
            if isinstance(bounds, (tuple, list)) and len(bounds) == 2:
                lo = _index(bounds[0], f"multiplicity of column {c}")
                hi = _index(bounds[1], f"multiplicity of column {c}")
            else:
                lo = hi = _index(bounds, f"multiplicity of column {c}")
            if not 0 <= lo <= hi or hi < 1 or hi > _MAX_INDEX:
                raise ExactCoverError(
                    f"multiplicity of column {c}: ({lo}, {hi}) is not a range "
                    f"0 <= lo <= hi, 1 <= hi",
                    column=c,
                )
            if (lo, hi) != (1, 1):
                found.append((c, lo, hi))
        if found:
            found.sort()
            arr = np.array(found, dtype=np.int64)
            mcols, mlo, mhi = arr[:, 0], arr[:, 1], arr[:, 2]
    return _Extras(pair, pair_col, mcols, mlo, mhi)


def _problem(
    rows: Any,
    columns: Optional[int],
    secondary: Optional[Iterable[Any]],
    node_limit: Optional[int],
    engine: str = "auto",
    colors: Any = None,
    multiplicity: Any = None,
) -> _core.ExactCoverSearch:
    engine_option(engine, COVER_ENGINES)
    if columns is not None:
        columns = _index(columns, "columns")
        if columns < 1:
            raise ExactCoverError(f"columns must be at least 1, got {columns}")
        if columns > _MAX_INDEX + 1:
            raise ExactCoverError(
                f"the matrix is too large: {columns} columns (columns= "
                f"may be at most {_MAX_INDEX + 1})"
            )
    node_limit = count_option("node_limit", node_limit, 0)
    if isinstance(rows, np.ndarray):
        offsets, cols, ncols = _from_matrix(rows, columns)
    else:
        if not isinstance(rows, (list, tuple, str, bytes)):
            rows = list(rows)
        offsets, cols, ncols = _from_rows(rows, columns)
    nrows = len(offsets) - 1
    if ncols == 0:
        raise ExactCoverError(
            "the matrix is empty: it has no columns"
            if nrows
            else "the matrix is empty: no rows, and no columns= to say its width"
        )
    if ncols > _MAX_INDEX + 1:
        raise ExactCoverError(
            f"the matrix is too large: {ncols} columns (at most {_MAX_INDEX + 1})"
        )
    sec = _secondary(secondary, ncols)
    extra = _extras(rows, offsets, cols, ncols, sec, colors, multiplicity)
    multi = extra.mult_cols is not None
    if multi and engine == "dlx":
        raise ExactCoverError(
            "engine='dlx' does not take multiplicity; use engine='bitset' or 'auto'"
        )
    # Only the columns that hold a one reach the engines, renumbered in order (so the
    # choice, the first column of fewest rows, is unchanged): memory and time follow the
    # ones, not the declared width.  An empty secondary column constrains nothing; an
    # empty primary column cannot be covered, so there is no cover (unless it may be
    # covered by no row: multiplicity 0..hi).
    used = _used_columns(cols, ncols)
    nused = ncols if used is None else len(used)
    if nused + len(cols) + 1 > _MAX_INDEX or nrows > _MAX_INDEX:
        raise ExactCoverError(
            f"the matrix is too large: {len(cols)} ones in {nrows} rows "
            f"(the engines take at most {_MAX_INDEX} rows, and ones plus "
            f"columns holding them)"
        )
    in_secondary = None if used is None else _secondary_mask(sec, used)
    used_secondary = len(sec) if in_secondary is None else int(in_secondary.sum())
    optional = 0
    if extra.mult_cols is not None and extra.mult_lo is not None and used is not None:
        zero = extra.mult_cols[extra.mult_lo == 0]
        optional = len(zero) - int(np.isin(zero, used).sum())
    if ncols - len(sec) - optional > nused - used_secondary:
        # No cover: a search over one primary column and no row says so at once.
        return _core.ExactCoverSearch(
            1,
            np.zeros(1, dtype=np.int32),
            np.zeros(0, dtype=np.int32),
            b"\0",
            _core.Options(_pick_engine(engine, 0, 1), None, node_limit),
        )
    pair_col = extra.pair_col
    mult_cols, mult_lo, mult_hi = extra.mult_cols, extra.mult_lo, extra.mult_hi
    if used is None or in_secondary is None:  # (None together)
        flags = np.zeros(ncols, dtype=np.uint8)
        if isinstance(sec, range):
            flags[sec.start : sec.stop : sec.step] = 1
        else:
            flags[sec] = 1
    else:
        cols = np.searchsorted(used, cols)
        flags = in_secondary.astype(np.uint8)
        if pair_col is not None:
            pair_col = np.searchsorted(used, pair_col)
        if mult_cols is not None and mult_lo is not None and mult_hi is not None:
            keep = np.isin(mult_cols, used)
            mult_cols = np.searchsorted(used, mult_cols[keep])
            mult_lo, mult_hi = mult_lo[keep], mult_hi[keep]
    nprimary = nused - used_secondary
    npairs = 0 if pair_col is None else len(pair_col)
    col_lo = col_hi = None
    most = nprimary
    if mult_cols is not None and mult_lo is not None and mult_hi is not None:
        col_lo = np.ones(nused, dtype=np.int32)
        col_hi = np.ones(nused, dtype=np.int32)
        col_lo[mult_cols] = mult_lo
        col_hi[mult_cols] = np.minimum(mult_hi, nrows + 1)
        most = int(col_hi[flags == 0].sum())
    chosen = "bitset" if multi else _pick_engine(engine, nrows, nprimary)
    if (
        chosen == "bitset"
        and _bitset_bytes(nused + npairs, nprimary, nrows, most) > BITSET_MAX_BYTES
    ):
        if engine != "auto" or multi:
            raise ExactCoverError(
                f"the matrix is too large for engine='bitset' ({nused + npairs} columns "
                f"and colour pairs x {nrows} rows of bitsets)"
                + (
                    "; it is the only engine that takes multiplicity"
                    if multi
                    else "; use engine='dlx' or 'auto'"
                )
            )
        chosen = "dlx"
    engine = chosen
    return _core.ExactCoverSearch(
        nused,
        offsets.astype(np.int32),
        cols.astype(np.int32),
        flags.tobytes(),
        _core.Options(engine, None, node_limit),
        None if extra.pair is None else extra.pair.astype(np.int32),
        None if pair_col is None else pair_col.astype(np.int32),
        col_lo,
        col_hi,
    )


def _bitset_bytes(ncols: int, nprimary: int, nrows: int, most: Optional[int] = None) -> int:
    """The bitset engine's memory at worst: the column bitsets (columns and colour pairs),
    and for each level (one a chosen row, each covering a primary column; with
    multiplicities, one a row up to `most` rows in all, and one a column closed without
    one) two row sets and the primary counts (and bounds)."""
    words = (nrows + 63) // 64
    if most is None or most == nprimary:
        return ncols * words * 8 + (min(nrows, nprimary) + 1) * (2 * words * 8 + nprimary * 4)
    levels = min(nrows, most) + nprimary + 1
    return ncols * words * 8 + levels * (2 * words * 8 + nprimary * 12 + 16)


def _limit_error(search: Any, node_limit: Optional[int], found: int) -> SearchLimitError:
    return SearchLimitError(
        f"node limit of {node_limit} guesses reached after {found} solution(s)",
        guesses=search.guesses,
        found=found,
    )


def exact_cover(
    rows: Any,
    *,
    columns: Optional[int] = None,
    secondary: Optional[Iterable[int]] = (),
    node_limit: Optional[int] = None,
    engine: CoverEngine = "auto",
    colors: Any = None,
    multiplicity: Optional[Mapping[int, Any]] = None,
) -> Optional[List[int]]:
    """The first exact cover found, as a sorted list of row indices, or None.

    >>> exact_cover([[0, 1], [2], [0], [1, 2]])
    [0, 1]
    >>> exact_cover([[0, 1], [1, 2]]) is None
    True
    """
    search = _problem(rows, columns, secondary, node_limit, engine, colors, multiplicity)
    status, found = search.next_solution()
    if status == _core.NODE_LIMIT:
        raise _limit_error(search, node_limit, 0)
    return found


def exact_covers(
    rows: Any,
    *,
    columns: Optional[int] = None,
    secondary: Optional[Iterable[int]] = (),
    limit: Optional[int] = None,
    node_limit: Optional[int] = None,
    engine: CoverEngine = "auto",
    colors: Any = None,
    multiplicity: Optional[Mapping[int, Any]] = None,
) -> Iterator[List[int]]:
    """Iterate over the exact covers lazily (at most ``limit``), each a sorted row list.

    The matrix is checked at the call, not at the first ``next()``.

    >>> list(exact_covers([[0, 1], [2], [0], [1], [1, 2]]))
    [[0, 1], [1, 2, 3], [2, 4]]
    """
    limit = count_option("limit", limit, 1)
    search = _problem(rows, columns, secondary, node_limit, engine, colors, multiplicity)
    return _iterate(search, limit, node_limit)


def _iterate(search: Any, limit: Optional[int], node_limit: Optional[int]) -> Iterator[List[int]]:
    found = 0
    while limit is None or found < limit:
        status, cover = search.next_solution()
        if status == _core.NODE_LIMIT:
            raise _limit_error(search, node_limit, found)
        if cover is None:
            return
        found += 1
        yield cover


def count_exact_covers(
    rows: Any,
    *,
    columns: Optional[int] = None,
    secondary: Optional[Iterable[int]] = (),
    limit: Optional[int] = None,
    node_limit: Optional[int] = None,
    engine: CoverEngine = "auto",
    colors: Any = None,
    multiplicity: Optional[Mapping[int, Any]] = None,
    threads: Optional[int] = 1,
) -> int:
    """The number of exact covers, stopping at ``limit`` (None: count them all).

    ``threads`` (default 1; None: every core) splits the count over threads by the
    alternatives of the first column the search chooses, each thread counting the
    subtrees it takes (not with ``node_limit``: a budget shared by threads would make the
    count depend on their timing, so a node limit runs on one thread).

    >>> count_exact_covers([[0, 1], [2], [0], [1], [1, 2]])
    3
    """
    limit = count_option("limit", limit, 1)
    search = _problem(rows, columns, secondary, node_limit, engine, colors, multiplicity)
    workers = thread_count(
        cores() if threads is None else count_value("threads", threads, 1), 1 << 30
    )
    if workers > 1 and node_limit is None:
        return _count_split(search, limit, workers)
    found, status = search.count(-1 if limit is None else limit)
    if status == _core.NODE_LIMIT:
        raise _limit_error(search, node_limit, found)
    return found


def _count_split(search: Any, limit: Optional[int], workers: int) -> int:
    """count_exact_covers on `workers` threads: each takes the next branch of the root
    (a fork of the search confined to it) and counts it; Ctrl-C in the calling thread
    stops them all (_threads.share)."""
    probe = search.fork()
    if not probe.enter_branch(0):  # the root is a cover or a dead end: one thread
        whole, _ = search.count(-1 if limit is None else limit)
        return int(whole)
    halt = new_halt()
    lock = threading.Lock()
    taken = [0]  # branches handed out
    found = [0]  # covers counted

    def work(check: bool) -> None:
        while not halt[0]:
            with lock:
                i = taken[0]
                taken[0] = i + 1
                if limit is not None and found[0] >= limit:
                    return
            part = probe if i == 0 else search.fork()
            if i and not part.enter_branch(i):
                return
            n, _ = part.count(-1 if limit is None else limit, halt, check)
            with lock:
                found[0] += int(n)

    share(work, workers, halt)
    return found[0] if limit is None else min(found[0], limit)


class CoverResult(NamedTuple):
    """What one exact-cover search found.

    ``count``: covers found, up to the limit; ``first``: the first one (sorted row
    indices) or None; ``nodes``: rows the search tried; ``guesses``: those tried in a
    column that had two or more rows left; ``complete``: True when the count is exact.
    """

    count: int  # type: ignore[assignment]  # the field shadows tuple.count on purpose
    first: Optional[List[int]]
    nodes: int
    guesses: int
    complete: bool


def search_exact_cover(
    rows: Any,
    *,
    columns: Optional[int] = None,
    secondary: Optional[Iterable[int]] = (),
    limit: Optional[int] = 1,
    node_limit: Optional[int] = None,
    engine: CoverEngine = "auto",
    colors: Any = None,
    multiplicity: Optional[Mapping[int, Any]] = None,
) -> CoverResult:
    """One search with its statistics: count up to ``limit``, first cover, nodes, guesses.

    >>> search_exact_cover([[0, 1], [2], [0], [1], [1, 2]], limit=None)
    CoverResult(count=3, first=[0, 1], nodes=6, guesses=4, complete=True)
    """
    limit = count_option("limit", limit, 1)
    search = _problem(rows, columns, secondary, node_limit, engine, colors, multiplicity)
    status, first = search.next_solution()
    if status == _core.NODE_LIMIT:
        raise _limit_error(search, node_limit, 0)
    if first is None:
        return CoverResult(0, None, search.nodes, search.guesses, True)
    if limit == 1:
        return CoverResult(1, first, search.nodes, search.guesses, False)
    found, status = search.count(-1 if limit is None else limit - 1)
    if status == _core.NODE_LIMIT:
        raise _limit_error(search, node_limit, found + 1)
    complete = status == _core.EXHAUSTED
    return CoverResult(found + 1, first, search.nodes, search.guesses, complete)
