"""``xcover.utils``: a checker of covers, and a matrix's rows as options.

:func:`verify_exact_cover` reads the problem as :func:`~fastsudoku.compat.xcover.covers`
does (so a malformed one raises the same ExactCoverError) and raises AssertionError,
with a message naming the item, unless the chosen options cover every primary item
exactly once and every secondary item at most once, or only in one colour.  It accepts
and rejects what the original's does, except where the original's reading of the
problem differs from its own solver's: the colour of ``"x:1:C"`` is ``"C"`` here (the
original's checker takes ``"1"``, its solver ``"C"``), an entry repeated in one option
counts once (the original's checker counts it twice), and the inference rules of the
package docstring apply.  The check is a ``raise``, not an ``assert`` statement, so it
also runs under ``python -O`` (where the original's passes everything).
"""

from typing import Any, Dict, Hashable, Iterable, List, Optional

import numpy as np

from ..._errors import ExactCoverError
from .solvers import _resolve

__all__ = ["verify_exact_cover", "bool_array_to_options"]


def verify_exact_cover(
    solution: Iterable[int],
    options: Iterable[Iterable[Hashable]],
    primary: Optional[Iterable[Hashable]] = None,
    secondary: Optional[Iterable[Hashable]] = None,
    colored: bool = False,
) -> None:
    """Raise AssertionError unless the options ``solution`` indexes (as a list index:
    IndexError beyond the options) form an exact cover of the problem.

    >>> options = [["c", "e"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d", "f"],
    ...            ["b", "g"], ["d", "e", "g"]]
    >>> verify_exact_cover([0, 3, 4], options)
    >>> verify_exact_cover([0, 3], options)
    Traceback (most recent call last):
      ...
    AssertionError: primary item 'g' is not covered
    """
    problem = _resolve(options, primary, secondary, colored)
    names = problem.primary + problem.secondary
    nprimary = len(problem.primary)
    taken: Dict[int, List[int]] = {}  # item -> the options of the solution that cover it
    uses: Dict[int, List[Optional[str]]] = {}  # secondary item -> its colours (None: none)
    for s in solution:
        row = problem.rows[s]
        colors = problem.colors[s] if problem.colors is not None else None
        for j, k in enumerate(row):
            taken.setdefault(k, []).append(s)
            if k >= nprimary:
                uses.setdefault(k, []).append(None if colors is None else colors[j])
    for k in range(nprimary):
        by = taken.get(k, [])
        if not by:
            raise AssertionError(f"primary item {names[k]!r} is not covered")
        if len(by) > 1:
            raise AssertionError(
                f"primary item {names[k]!r} is covered {len(by)} times (options {by})"
            )
    for k, colors_used in uses.items():
        if len(colors_used) > 1 and (None in colors_used or len(set(colors_used)) > 1):
            raise AssertionError(
                f"secondary item {names[k]!r} is covered {len(colors_used)} times "
                f"(options {taken[k]}) not all in one colour"
            )


def bool_array_to_options(bool_array: Any) -> List[List[Any]]:
    """The rows of a 2-D array as options: each the list of its nonzero columns (NumPy
    integers, as the original gives them).

    >>> [[int(c) for c in option] for option in bool_array_to_options(np.eye(2))]
    [[0], [1]]
    """
    a = np.asarray(bool_array)
    if a.ndim != 2:
        raise ExactCoverError(f"bool_array_to_options needs a 2-D array, got shape {a.shape}")
    return [list(np.flatnonzero(row)) for row in a]
