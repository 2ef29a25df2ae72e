"""The ``exact_cover`` package's helpers: reduction, splitting into subproblems, and a
checker, on NumPy boolean matrices."""

import logging
from collections import deque
from typing import Any, Iterator, Sequence

import numpy as np

from .error import CannotSplitFurther, NoSolution
from .io import DTYPE_FOR_ARRAY

logger = logging.getLogger(__name__)


def create_numpy_array(a: Any) -> np.ndarray:
    """A boolean matrix from nested lists (or any array-like).

    >>> create_numpy_array([[0, 1], [1, 0]])
    array([[False,  True],
           [ True, False]])
    """
    return np.asarray(a).astype(DTYPE_FOR_ARRAY)


def cut(a: np.ndarray) -> np.ndarray:
    """One reduction: a column that only one row covers forces that row; the row's columns
    go, with every row touching them.  ValueError when no column has a single row."""
    single = np.flatnonzero(np.sum(a, axis=0) == 1)
    if not len(single):
        raise ValueError("no column is covered by a single row")
    forced = np.flatnonzero(a[:, single[0]])[0]
    taken = a[forced] != 0
    keep = ~np.any(a[:, taken] != 0, axis=1)
    logger.debug("row %d forced by column %d", forced, single[0])
    reduced: np.ndarray = a[keep][:, ~taken]
    return reduced


def reduce(a: np.ndarray) -> np.ndarray:
    """:func:`cut` as long as a column has a single row."""
    while True:
        try:
            a = cut(a)
        except Exception:
            return a


def _split_problem_once(a: np.ndarray) -> Iterator[np.ndarray]:
    """One subproblem per row of the column with the most rows: that row kept, the
    column's other rows emptied.  NoSolution when a column has no row;
    CannotSplitFurther when no column has two."""
    counts = a.sum(axis=0)
    if counts.min() < 1:
        logger.debug("no row covers a column: %s", counts)
        raise NoSolution
    col = int(np.argmax(counts))
    if counts[col] < 2:
        raise CannotSplitFurther
    holders = np.flatnonzero(a[:, col])
    for keep in holders:
        sub = a.copy()
        sub[holders[holders != keep], :] = 0
        yield sub


def split_problem(a: np.ndarray, n: int) -> Iterator[np.ndarray]:
    """At least `n` subproblems whose covers together are the problem's (subproblems
    without a cover dropped); NoSolution when none is left."""
    queue = deque([a])
    while len(queue) < n:
        if not queue:
            raise NoSolution
        first = queue.popleft()
        try:
            queue.extend(list(_split_problem_once(first)))
        except NoSolution:
            continue
    yield from queue


def is_solution(solution: Sequence[int], problem: np.ndarray) -> bool:
    """Are these rows (distinct, valid, none empty) an exact cover of the problem?"""
    rows = list(solution)
    if not rows or len(set(rows)) != len(rows):
        return False
    try:
        chosen = np.asarray(problem)[rows, :]
    except IndexError:
        return False
    if (chosen.sum(axis=1) < 1).any():
        return False
    per_column = chosen.sum(axis=0)
    return bool((per_column == 1).all())


__all__ = [
    "logger",
    "create_numpy_array",
    "cut",
    "reduce",
    "split_problem",
    "is_solution",
]
