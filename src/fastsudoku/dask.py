"""Batch solving beyond one machine, on Dask (optional: ``pip install fastsudoku[dask]``).

fastsudoku brings no cluster code of its own: a Dask array of puzzles, chunked along its
rows, is solved block by block with :func:`fastsudoku.solve_many` wherever Dask runs the
blocks (threads, processes, or the workers of a ``distributed`` cluster).

>>> import dask.array as da, numpy as np
>>> from fastsudoku.dask import solve_many_dask
>>> puzzles = da.from_array(np.zeros((4, 16), dtype=np.uint8), chunks=(2, 16))
>>> solutions, status, counts, guesses = solve_many_dask(puzzles, limit=2)
>>> status.compute().tolist()
[2, 2, 2, 2]
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ._api import Engine
from ._batch import _solve_variants, solve_many
from ._canon import Classes, canonical_many
from ._options import engine_option, search_options
from ._rate import MAX_NESTING, nesting_mask
from ._rate_batch import rate_many

try:
    import dask.array as da
except ImportError as _missing:  # pragma: no cover - exercised without the extra
    # (A private name: Python unbinds it after the except clause, and stubtest would report
    # a public one as in the module's types but missing at run time.)
    raise ImportError("fastsudoku.dask needs Dask: pip install 'fastsudoku[dask]'") from _missing

__all__ = [
    "canonical_many_dask",
    "rate_many_dask",
    "solve_many_dask",
    "solve_variants_dask",
    "unique_classes_dask",
]


def _row_blocks(puzzles: Any) -> Any:
    """A (count, N*N) integer Dask array whose blocks hold whole rows."""
    if not isinstance(puzzles, da.Array):
        puzzles = da.asarray(puzzles)  # type: ignore[no-untyped-call]  # Dask's own
    if puzzles.ndim != 2:
        raise ValueError(f"puzzles must be a 2-D (count, N*N) array, got {puzzles.ndim}-D")
    if puzzles.dtype.kind not in "iu":
        raise TypeError(f"puzzles must be an integer array, got dtype {puzzles.dtype}")
    if len(puzzles.chunks[1]) != 1:
        puzzles = puzzles.rechunk({1: puzzles.shape[1]})
    return puzzles


def _solve_block(
    block: np.ndarray,
    limit: int,
    box: Optional[Sequence[int]],
    node_limit: Optional[int],
    engine: Engine,
) -> np.ndarray:
    """One block of rows -> the solutions with status, count and guesses appended."""
    result = solve_many(
        np.ascontiguousarray(block),
        limit=limit,
        box=box,
        threads=1,
        node_limit=node_limit,
        engine=engine,
    )
    packed = np.empty((len(block), block.shape[1] + 3), dtype=np.int64)
    packed[:, :-3] = result.solutions
    packed[:, -3] = result.status
    packed[:, -2] = result.counts
    packed[:, -1] = result.guesses
    return packed


def solve_many_dask(
    puzzles: Any,
    *,
    limit: int = 1,
    box: Optional[Sequence[int]] = None,
    node_limit: Optional[int] = None,
    engine: Engine = "auto",
) -> Tuple[Any, Any, Any, Any]:
    """Lazy (solutions, status, counts, guesses) Dask arrays for a (count, N*N) Dask array.

    Each block of rows is one :func:`fastsudoku.solve_many` call (one thread: Dask spreads
    the blocks).  The arrays share one graph: computing them together (``dask.compute``)
    solves each block once.  Statuses are those of ``solve_many``; ``engine`` as there.
    """
    puzzles = _row_blocks(puzzles)
    ncells = puzzles.shape[1]
    engine_option(engine)
    packed = puzzles.map_blocks(
        _solve_block,
        limit,
        box,
        node_limit,
        engine,
        dtype=np.int64,
        chunks=(puzzles.chunks[0], (ncells + 3,)),
    )
    solutions = packed[:, :ncells].astype(puzzles.dtype)
    return (
        solutions,
        packed[:, ncells].astype(np.int8),
        packed[:, ncells + 1],
        packed[:, ncells + 2],
    )


def solve_variants_dask(
    puzzles: Any,
    *,
    limit: Optional[int] = 1,
    node_limit: Optional[int] = None,
    npartitions: Optional[int] = None,
) -> Any:
    """A Dask bag of (solution or None, status, count, guesses), one a puzzle in order, for
    variant puzzles (:class:`fastsudoku.variants.Variant`): a bag of them, or a sequence
    cut into ``npartitions`` (default: about 100 puzzles each).  Each partition is one
    :func:`fastsudoku.solve_many` call on the worker that runs it (the puzzles travel as
    their rules; the engine's model is built there).  Compute it (``.compute()``) for a
    list; ``INVALID`` marks a puzzle that is not a Variant or has a malformed rule.

    >>> from fastsudoku.variants import Variant, Diagonals
    >>> bag = solve_variants_dask([Variant("." * 16, constraints=[Diagonals()])] * 3, limit=2)
    >>> [status for _, status, _, _ in bag.compute()]
    [2, 2, 2]
    """
    import dask.bag as db

    search_options("variant", limit, node_limit)  # the options checked here, not on a worker
    if not isinstance(puzzles, db.Bag):
        puzzles = list(puzzles)
        parts = npartitions or max(1, (len(puzzles) + 99) // 100)
        # (dask.bag is untyped: called through Any for mypy --strict.)
        from_sequence: Any = db.from_sequence
        puzzles = from_sequence(puzzles, npartitions=min(parts, max(1, len(puzzles))))
    return puzzles.map_partitions(_solve_variant_part, limit, node_limit)


def _solve_variant_part(
    part: Any, limit: Optional[int], node_limit: Optional[int]
) -> List[Tuple[Any, int, int, int]]:
    items = list(part)
    if not items:
        return []
    # Straight to the variant batch: a partition of only bad items is still one of variants.
    result = _solve_variants(items, 1, search_options("variant", limit, node_limit))
    return [
        (result.solutions[i], int(result.status[i]), int(result.counts[i]), int(result.guesses[i]))
        for i in range(len(items))
    ]


def _rate_block(block: np.ndarray, box: Optional[Sequence[int]], nesting: int) -> np.ndarray:
    """One block of rows -> status, ER, EP, ED and hardest technique, as float64 columns."""
    result = rate_many(np.ascontiguousarray(block), box=box, threads=1, nesting=nesting)
    return np.stack(
        [result.status, result.se, result.se_pearl, result.se_diamond, result.hardest], axis=1
    ).astype(np.float64)


def rate_many_dask(
    puzzles: Any, *, box: Optional[Sequence[int]] = None, nesting: int = MAX_NESTING
) -> Tuple[Any, Any, Any, Any, Any]:
    """Lazy (status, se, se_pearl, se_diamond, hardest) Dask arrays for a (count, N*N) Dask
    array of puzzles: each block of rows is one :func:`fastsudoku.rate_many` call (one
    thread; Dask spreads the blocks), the arrays as ``rate_many``'s; ``nesting`` as for
    :func:`fastsudoku.rate`.

    >>> import dask.array as da, numpy as np
    >>> from fastsudoku.dask import rate_many_dask
    >>> puzzles = da.from_array(np.zeros((2, 16), dtype=np.uint8), chunks=(1, 16))
    >>> status, se, _, _, hardest = rate_many_dask(puzzles)
    >>> status.compute().tolist(), hardest.compute().tolist()
    ([2, 2], [-1, -1])
    """
    nesting_mask(nesting)  # a bad value is the caller's error, not a worker's
    puzzles = _row_blocks(puzzles)
    packed = puzzles.map_blocks(
        _rate_block, box, nesting, dtype=np.float64, chunks=(puzzles.chunks[0], (5,))
    )
    return (
        packed[:, 0].astype(np.int8),
        packed[:, 1],
        packed[:, 2],
        packed[:, 3],
        packed[:, 4].astype(np.int16),
    )


def _canonical_block(
    block: np.ndarray, box: Optional[Sequence[int]], form: str, budget: Optional[int]
) -> np.ndarray:
    """One block of rows -> the canonical values with the status appended."""
    found = canonical_many(
        np.ascontiguousarray(block), box=box, form=form, threads=1, budget=budget
    )
    out = np.empty((len(block), block.shape[1] + 1), dtype=np.int16)
    out[:, :-1] = found.canonical
    out[:, -1] = found.status
    return out


def canonical_many_dask(
    puzzles: Any,
    *,
    box: Optional[Sequence[int]] = None,
    form: str = "minlex",
    budget: Optional[int] = None,
) -> Tuple[Any, Any]:
    """Lazy (canonical, status) Dask arrays for a (count, N*N) Dask array of puzzles: each
    block of rows is one :func:`fastsudoku.canonical_many` call (one thread; Dask spreads
    the blocks); ``canonical`` uint8 (count, N*N), ``status`` int8, as ``canonical_many``'s.

    >>> import dask.array as da, numpy as np
    >>> from fastsudoku.dask import canonical_many_dask
    >>> puzzles = da.from_array(np.array([[0, 0, 0, 1] + [0] * 12, [2] + [0] * 15]), chunks=(1, 16))
    >>> canonical, status = canonical_many_dask(puzzles)
    >>> canonical.compute().tolist() == [[0] * 15 + [1]] * 2, status.compute().tolist()
    (True, [0, 0])
    """
    packed = _canonical_packed(puzzles, box, form, budget)
    width = packed.shape[1] - 1
    return packed[:, :width].astype(np.uint8), packed[:, width].astype(np.int8)


def _canonical_packed(
    puzzles: Any, box: Optional[Sequence[int]], form: str, budget: Optional[int]
) -> Any:
    """The canonical values with the status appended, a lazy int16 Dask array."""
    puzzles = _row_blocks(puzzles)
    width = puzzles.shape[1]
    return puzzles.map_blocks(
        _canonical_block,
        box,
        form,
        budget,
        dtype=np.int16,
        chunks=(puzzles.chunks[0], (width + 1,)),
    )


def unique_classes_dask(
    puzzles: Any, *, box: Optional[Sequence[int]] = None, budget: Optional[int] = None
) -> Classes:
    """:func:`fastsudoku.unique_classes` of a (count, N*N) Dask array: the canonical forms
    computed block by block wherever Dask runs them, the classes numbered here (in input
    order, the first puzzle of each class its representative).  Returns the computed
    :class:`~fastsudoku.Classes`.

    >>> import dask.array as da, numpy as np
    >>> from fastsudoku.dask import unique_classes_dask
    >>> puzzles = da.from_array(np.array([[0, 0, 0, 1] + [0] * 12, [2] + [0] * 15]), chunks=(1, 16))
    >>> unique_classes_dask(puzzles).classes.tolist()
    [0, 0]
    """
    packed = _canonical_packed(puzzles, box, "minlex", budget).compute()
    values, codes = packed[:, :-1].astype(np.uint8), packed[:, -1].astype(np.int8)
    classes = np.full(len(codes), -1, dtype=np.int64)
    seen: Dict[bytes, int] = {}
    reps: List[int] = []
    for i in np.flatnonzero(codes == 0):
        k = seen.setdefault(values[i].tobytes(), len(reps))
        if k == len(reps):
            reps.append(int(i))
        classes[i] = k
    return Classes(np.array(reps, dtype=np.int64), classes, codes)
