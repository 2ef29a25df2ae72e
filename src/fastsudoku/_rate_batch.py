"""Rating many puzzles: Sudoku Explainer's ER/EP/ED and the hardest technique of each, on
every core.

The uniqueness check is ``solve_many(limit=2)``'s (compiled, threaded); the rating of each
unique puzzle runs in the compiled logical solver without the GIL, threads taking chunks of
rows from a shared counter, so the results do not depend on the number of threads.  A bad
puzzle gets a status and the batch goes on.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

from . import _core, _threads
from ._batch import _rows, solve_many
from ._grid import parse_batch
from ._options import box_option, count_value
from ._rate import MAX_NESTING, nesting_mask
from ._status import INVALID, SOLVED
from ._symbols import check_alphabet


class RateManyResult(NamedTuple):
    """What :func:`rate_many` found for each puzzle (arrays, one entry a puzzle).

    ``status``: int8 codes as :func:`solve_many`'s (``SOLVED`` for a unique puzzle,
    ``NO_SOLUTION``, ``NOT_UNIQUE``, ``INVALID``); ``se``, ``se_pearl``, ``se_diamond``:
    float64 Sudoku Explainer ER, EP, ED (9x9 unique puzzles the compiled techniques solve;
    NaN elsewhere); ``hardest``: int16 number of the hardest technique in
    ``fastsudoku.TECHNIQUES`` (-1 where the techniques do not solve the puzzle or it is not
    unique).
    """

    status: npt.NDArray[np.int8]
    se: npt.NDArray[np.float64]
    se_pearl: npt.NDArray[np.float64]
    se_diamond: npt.NDArray[np.float64]
    hardest: npt.NDArray[np.int16]


def _string_rows(
    puzzles: Sequence[Any], box: Optional[Sequence[int]], alphabet: Optional[str]
) -> Tuple[np.ndarray, int, int, np.ndarray]:
    """(uint8 rows, r, c, readable mask) of puzzle strings of one shape (the shape of the
    first readable one; the others are unreadable here, as in solve_many)."""
    grids, shape = parse_batch(puzzles, box, alphabet)
    values = [g.values if g is not None else None for g in grids]
    r, c = shape if shape is not None else (3, 3)
    ncells = (r * c) ** 2
    rows = np.zeros((len(values), ncells), dtype=np.uint8)
    ok = np.zeros(len(values), dtype=bool)
    for i, v in enumerate(values):
        if v is not None:
            rows[i] = np.frombuffer(v, dtype=np.uint8)
            ok[i] = True
    return rows, r, c, ok


def rate_many(
    puzzles: Any,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    threads: Optional[int] = None,
    nesting: int = MAX_NESTING,
) -> RateManyResult:
    """Rate a batch of puzzles of one shape on every core; see :class:`RateManyResult`.

    ``puzzles``: an integer array of shape (count, N*N) or (count, N, N), 0 for empty, or
    a sequence of puzzle strings; ``threads``: as for :func:`solve_many` (the results are
    the same for any number); ``nesting``: as for :func:`rate`.

    >>> easy = ".....3.....96.7..37.4.92..1..59748.2972.581.44832....96.87.93..5914..278.2.81..4."
    >>> r = rate_many([easy])
    >>> r.status.tolist(), r.se.tolist(), r.hardest.tolist()
    ([0], [1.2], [1])
    """
    allowed = nesting_mask(nesting)
    box = box_option(box)
    check_alphabet(alphabet)
    threads = count_value("threads", _threads.cores() if threads is None else threads, 1)
    if isinstance(puzzles, np.ndarray) and puzzles.dtype.kind in "iu":
        rows, _, r, c, bad = _rows(puzzles, box)
        ok = np.ones(len(rows), dtype=bool) if bad is None else ~bad
        status = solve_many(puzzles, limit=2, box=box, threads=threads).status.copy()
    else:
        items = list(puzzles)
        rows, r, c, ok = _string_rows(items, box, alphabet)
        status = np.full(len(items), INVALID, dtype=np.int8)
        if ok.any():
            status[ok] = solve_many(rows[ok], limit=2, box=(r, c), threads=threads).status
    count = len(rows)
    out = np.zeros((count, 5), dtype=np.int16)
    todo = np.flatnonzero((status == SOLVED) & ok)
    picked = np.ascontiguousarray(rows[todo])
    part = np.zeros((len(todo), 5), dtype=np.int16)

    # The threads take the puzzles one at a time from a shared counter, in the compiled
    # core (no trip back to Python between them): the hardest puzzles of a set often sit
    # side by side, and chunks of them would leave one thread with most of the work.
    next_row = np.zeros(1, dtype=np.int64)
    halt = _threads.new_halt()

    def run(check: bool) -> None:
        _core._logic_rate_rows(picked, r, c, next_row, len(todo), part, halt, check, allowed)

    if len(todo):
        _threads.share(run, _threads.thread_count(threads, len(todo)), halt)
        out[todo] = part
    rated = (status == SOLVED) & ok & (out[:, 4] == 0)
    nine = r == 3 and c == 3
    se = [np.full(count, np.nan) for _ in range(3)]
    if nine:
        for k in range(3):
            se[k][rated] = out[rated, k] / 10
    hardest = np.where(rated, out[:, 3], -1).astype(np.int16)
    return RateManyResult(status, se[0], se[1], se[2], hardest)
