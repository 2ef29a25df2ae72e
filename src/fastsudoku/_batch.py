"""Batch solving: many puzzles of one shape, from NumPy, on every core.

The loop over puzzles runs in C without the GIL (``_core.Batch``); threads each take
a contiguous chunk of rows, so the results do not depend on the number of threads.  A bad
puzzle gets a status and the batch goes on.  A list of variant puzzles
(:class:`fastsudoku.variants.Variant`) runs one puzzle at a time a thread, each search
without the GIL.
"""

from __future__ import annotations

import itertools
import math
import threading
from typing import Any, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

from . import _core, _line81, _threads
from ._api import Engine, variant_core_search
from ._grid import Grid, box_for, parse
from ._options import box_option, count_value, search_options
from ._status import INVALID, NO_SOLUTION, NODE_LIMIT, NOT_UNIQUE, SOLVED
from ._symbols import check_alphabet
from .variants import Variant, variant_text

# At most this many rows a thread takes at a time (one atomic add): 64 int8 statuses fill a
# cache line, so that two threads seldom write into the same line.
_CHUNK = 64


class BatchResult(NamedTuple):
    """What :func:`solve_many` found for each puzzle.

    ``solutions``: the first solution of each puzzle in the input's shape and dtype (the
    puzzle itself, unchanged, where there is none; a list with ``None`` for string input);
    ``status``: int8 codes (``SOLVED``, ``NO_SOLUTION``, ``NOT_UNIQUE``, ``INVALID``,
    ``NODE_LIMIT``); ``counts``: solutions found up to ``limit``; ``guesses``: the search
    effort of each puzzle.
    """

    solutions: Any
    status: npt.NDArray[np.int8]
    counts: npt.NDArray[np.int64]
    guesses: npt.NDArray[np.int64]


def _rows(
    puzzles: np.ndarray, box: Optional[Sequence[int]]
) -> Tuple[np.ndarray, int, int, int, Optional[np.ndarray]]:
    """(uint8 rows of N*N, N, r, c, invalid mask) of an integer array (n, N*N) or (n, N, N).

    The mask is None for uint8 input: the core marks a row with a value above N invalid
    and leaves it as it is, so only rows converted from other dtypes need it.
    """
    if puzzles.dtype.kind not in "iu":
        raise TypeError(f"puzzles must be an integer array, got dtype {puzzles.dtype}")
    if puzzles.ndim == 3 and puzzles.shape[1] == puzzles.shape[2]:
        n = puzzles.shape[1]
    elif puzzles.ndim == 2 and math.isqrt(puzzles.shape[1]) ** 2 == puzzles.shape[1]:
        n = math.isqrt(puzzles.shape[1])
    else:
        raise ValueError(
            f"puzzles must have shape (count, N*N) or (count, N, N), got {puzzles.shape}"
        )
    r, c = box_for(n, box)
    flat = puzzles.reshape(len(puzzles), n * n)
    if flat.dtype == np.uint8:
        return np.ascontiguousarray(flat), n, r, c, None
    bad = ((flat < 0) | (flat > n)).any(axis=1)
    # Out-of-range rows become values > n so that the core marks them invalid too.
    rows = np.where(bad[:, None], 255, flat).astype(np.uint8)
    return np.ascontiguousarray(rows), n, r, c, bad


def solve_many(
    puzzles: Any,
    *,
    limit: Optional[int] = 1,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    threads: Optional[int] = None,
    node_limit: Optional[int] = None,
    engine: Engine = "auto",
) -> BatchResult:
    """Solve a batch of puzzles of one shape; see :class:`BatchResult`.

    ``puzzles``: an integer array of shape (count, N*N) or (count, N, N), 0 for empty
    (uint8 is used as is, other integer dtypes are converted once), or puzzle strings (an
    iterable, or a 1-D array of str, bytes or objects such as a pandas column); a list of
    81-character lines is read and written as whole arrays.  ``limit=2`` checks
    uniqueness (status ``NOT_UNIQUE``); ``limit=None`` counts every solution, as does a
    limit past 2**63 - 1 (and a ``node_limit`` past it is no node limit).  ``threads``: the
    number of threads (default, and at most: the cores this process may run on; never more
    than puzzles); the results are the same for any number
    (NumPy's OpenBLAS thread spins on a core for about 0.1 s after NumPy's import and its
    linear algebra: set ``OPENBLAS_NUM_THREADS=1`` if short batches follow them).
    ``engine``: one of ``ENGINES``, as for :func:`solve`.

    >>> import numpy as np
    >>> grid = np.zeros((2, 4, 4), dtype=np.uint8); grid[1, 0, :2] = 1
    >>> result = solve_many(grid, limit=2)
    >>> result.status.tolist(), result.solutions.shape
    ([2, 3], (2, 4, 4))
    """
    options = search_options(engine, limit, node_limit)
    box = box_option(box)
    check_alphabet(alphabet)
    threads = count_value("threads", _threads.cores() if threads is None else threads, 1)
    if isinstance(puzzles, np.ndarray):
        if puzzles.dtype.kind in "USO":
            # Strings in an array (a CSV column read by NumPy or pandas): one puzzle each.
            if puzzles.ndim != 1:
                raise ValueError(
                    f"an array of puzzle strings must be 1-D, got shape {puzzles.shape}"
                )
            return _solve_strings(puzzles.tolist(), box, alphabet, threads, options)
        return _solve_array(puzzles, box, threads, options)
    if isinstance(puzzles, (str, bytes)):
        raise TypeError("solve_many takes many puzzles: an array or an iterable of strings")
    puzzles = list(puzzles)
    if any(isinstance(p, Variant) for p in puzzles):
        if box is not None or alphabet is not None:
            raise TypeError("variant puzzles carry their own box and alphabet: pass neither")
        return _solve_variants(puzzles, threads, options)
    return _solve_strings(puzzles, box, alphabet, threads, options)


def _solve_variants(puzzles: List[Any], threads: int, options: _core.Options) -> BatchResult:
    """Each variant puzzle on the variant engine, the threads taking the next puzzle from a
    shared counter; anything that is not a Variant, or whose rules are malformed, is
    INVALID (the batch goes on)."""
    count = len(puzzles)
    solutions: List[Any] = [None] * count
    status = np.full(count, INVALID, dtype=np.int8)
    counts = np.zeros(count, dtype=np.int64)
    guesses = np.zeros(count, dtype=np.int64)
    halt = _threads.new_halt()
    order = itertools.count()
    lock = threading.Lock()

    def work(check: bool) -> None:
        while not halt[0]:
            with lock:
                i = next(order)
            if i >= count:
                return
            puzzle = puzzles[i]
            if not isinstance(puzzle, Variant):
                continue
            try:
                grid = puzzle.grid()
                puzzle.model()
            except Exception:  # a malformed rule or unreadable givens: INVALID, go on
                continue
            found, first, effort, end = variant_core_search(puzzle, grid, options)
            counts[i] = found
            guesses[i] = effort
            if end == _core.NODE_LIMIT:
                status[i] = NODE_LIMIT
            else:
                status[i] = NO_SOLUTION if found == 0 else SOLVED if found == 1 else NOT_UNIQUE
            if first is not None:
                solutions[i] = variant_text(grid, first)

    _threads.share(work, _threads.thread_count(threads, count), halt)
    return BatchResult(solutions, status, counts, guesses)


def _run(
    rows: np.ndarray, r: int, c: int, threads: int, options: _core.Options
) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    count = len(rows)
    out = np.empty_like(rows)
    status = np.empty(count, dtype=np.int8)
    counts = np.zeros(count, dtype=np.int64)
    guesses = np.zeros(count, dtype=np.int64)
    threads = _threads.thread_count(threads, count)
    halt = _threads.new_halt()
    # The calling thread and threads - 1 pool workers share the rows, taking them a chunk
    # at a time from the batch's counter (an atomic add in the core): hard puzzles that
    # bunch up leave no thread idle, no thread comes back to Python between chunks, and
    # the caller's own thread, already running, does a share.  Small batches (often of
    # hard puzzles) go a row at a time, so that no thread is left with a long tail; large
    # ones in up to _CHUNK rows, so that the counter's cache line does not bounce between
    # the cores on every easy puzzle.  One thread takes them all at once.
    chunk = max(count, 1) if threads <= 1 else max(1, min(_CHUNK, count // (256 * threads)))
    batch = _core.Batch(rows, out, status, counts, guesses, r, c, options, chunk, halt)

    def task(check: bool) -> None:
        # check: look for Ctrl-C (the calling thread, if it is the main thread: elsewhere
        # Python does not deliver signals, and the check would cost a GIL round).
        batch.run(check)

    _threads.share(task, threads, halt)
    return out, status, counts, guesses


def _solve_array(
    puzzles: np.ndarray, box: Optional[Sequence[int]], threads: int, options: _core.Options
) -> BatchResult:
    rows, n, r, c, bad = _rows(puzzles, box)
    out, status, counts, guesses = _run(rows, r, c, threads, options)
    solutions = out.astype(puzzles.dtype, copy=False)
    if bad is not None:
        # Rows out of uint8's range were invalid (the core saw 255s): they keep the
        # caller's own values.
        status[bad] = INVALID
        solutions[bad] = puzzles.reshape(len(puzzles), n * n)[bad]
    solutions = solutions.reshape(puzzles.shape)
    return BatchResult(solutions, status, counts, guesses)


#: The (count, 81) values of a list of 81-character lines (None for another list): the
#: line codec's, kept under this name for the command line and ``formats``.
lines81_values = _line81.many_values


def _solve_strings(
    lines: List[Any],
    box: Optional[Sequence[int]],
    alphabet: Optional[str],
    threads: int,
    options: _core.Options,
) -> BatchResult:
    """Parse each string (a failure marks it invalid), solve the rest as one array.

    81-character lines (the common case: puzzle files, Kaggle-style CSV columns) are read
    and written as whole arrays; a line among them that holds another character is parsed
    on its own (``*`` or ``_`` for empty are still 9x9 lines), and is invalid if it is not a
    9x9 puzzle.  Anything else is parsed a string at a time; the first puzzle that parses
    sets the batch's shape, and puzzles of another shape are invalid.
    """
    count = len(lines)
    grids: List[Optional[Grid]] = [None] * count
    rows = None
    if alphabet is None and (box is None or tuple(box) == (3, 3)):
        rows = lines81_values(lines)
    as_lines = rows is not None
    if rows is not None:
        r, c = 3, 3
        for i in np.flatnonzero((rows == 255).any(axis=1)).tolist():
            grid = _parse_or_none(lines[i], box, alphabet)
            if grid is not None and (grid.r, grid.c) == (3, 3):
                rows[i] = np.frombuffer(grid.values, dtype=np.uint8)
                grids[i] = grid
    else:
        shape: Optional[Tuple[int, int]] = None
        for i, line in enumerate(lines):
            grid = _parse_or_none(line, box, alphabet)
            if grid is None:
                continue
            if shape is None:
                shape = (grid.r, grid.c)
            if (grid.r, grid.c) == shape:
                grids[i] = grid
        if shape is None:
            status = np.full(count, INVALID, dtype=np.int8)
            zeros = np.zeros(count, dtype=np.int64)
            return BatchResult([None] * count, status, zeros, zeros.copy())
        r, c = shape
        ncells = (r * c) ** 2
        rows = np.full((count, ncells), 255, dtype=np.uint8)
        for i, grid in enumerate(grids):
            if grid is not None:
                rows[i] = np.frombuffer(grid.values, dtype=np.uint8)
    out, status, counts, guesses = _run(rows, r, c, threads, options)
    found = np.flatnonzero((status == SOLVED) | (status == NOT_UNIQUE)).tolist()
    solutions: List[Any] = [None] * count
    text: Any = ""  # the solutions as 81-digit lines, for lines
    if as_lines and found:
        digits = _line81.many_text(out)  # rows without a solution are not read
        text = digits if type(lines[0]) is bytes else digits.decode("ascii")
    for i in found:
        # A grid is kept for each puzzle parsed on its own; 81-character lines have none.
        grid = grids[i]
        solutions[i] = (
            grid.render(out[i].tobytes()) if grid is not None else text[81 * i : 81 * i + 81]
        )
    return BatchResult(solutions, status, counts, guesses)


def _parse_or_none(
    puzzle: Any, box: Optional[Sequence[int]], alphabet: Optional[str]
) -> Optional[Grid]:
    try:
        return parse(puzzle, box, alphabet)
    except Exception:  # whatever the row holds, it is marked invalid; the batch goes on
        return None


def count_many(puzzles: Any, *, limit: Optional[int] = 2, **options: Any) -> npt.NDArray[np.int64]:
    """The number of solutions of each puzzle, up to ``limit`` (invalid puzzles: -1)."""
    result = solve_many(puzzles, limit=limit, **options)
    counts = result.counts.copy()
    counts[result.status == INVALID] = -1
    return counts
