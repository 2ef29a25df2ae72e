"""``xcover.solvers`` on fastsudoku's engines: :func:`covers` (options of named items,
secondary items, colours), :func:`covers_bool` (a 0/1 matrix) and :func:`items`, the
inference of the primary and secondary items that ``io`` and ``utils`` share.

Each solver is a generator: the input is read and checked at the first ``next()``, as
the original's are, and each further ``next()`` runs the compiled search on to the next
cover.  A cover is the list of its option indices in the order the search chose them.
"""

import collections.abc
from typing import Any, Dict, Hashable, Iterable, Iterator, List, NamedTuple, Optional, Tuple

import numpy as np

from ... import _core
from ..._cover import _problem
from ..._errors import ExactCoverError

__all__ = [
    "covers",
    "covers_bool",
    "items",
    "UnknownItemError",
    "ItemTypeError",
]


class UnknownItemError(ExactCoverError, KeyError):
    """An option names an item that is in neither list (both lists given).

    The original raises ``KeyError`` here, so this is both a ``KeyError`` and our
    :class:`~fastsudoku.ExactCoverError` (a ``ValueError``); ``row`` is the option.
    """

    def __str__(self) -> str:  # the message as written (KeyError's would quote it)
        return BaseException.__str__(self)


class ItemTypeError(ExactCoverError, TypeError):
    """The options are not an iterable of iterables of hashable items, or with
    ``colored=True`` an entry of an option is not a string.

    The original raises ``TypeError`` here (or ``AttributeError`` for some non-strings
    when colored), so this is both a ``TypeError`` and an
    :class:`~fastsudoku.ExactCoverError`; ``row`` is the option when there is one.
    """


# ------------------------------------------------------------------------- reading input


def _hashable(item: Any, where: str, row: Optional[int] = None) -> None:
    try:
        hash(item)
    except TypeError:
        raise ItemTypeError(f"{where}: item {item!r} is not hashable", row=row) from None


def _split(entry: Any, colored: bool, row: Optional[int]) -> Tuple[Hashable, Optional[str]]:
    """(item, colour) of one entry of option `row` (None: of no option in particular).
    With `colored`, ``"x:c"`` is item x (the text before the first colon) in colour c (the
    text after the last colon, as the original reads it: ``"x:1:C"`` is x in colour
    ``"C"``; ``"x:"`` is x in colour ``""``)."""
    where = "an option" if row is None else f"option {row}"
    if not colored:
        _hashable(entry, where, row)
        return entry, None
    if not isinstance(entry, str):
        raise ItemTypeError(
            f"{where}: item {entry!r} is not a string (with colored=True every "
            f"entry is a string 'item' or 'item:colour')",
            row=row,
        )
    if ":" not in entry:
        return entry, None
    return entry.split(":", 1)[0], entry.rsplit(":", 1)[1]


def _read_options(options: Any) -> List[List[Any]]:
    """The options as lists of their entries (any iterables: lists, sets, strings, rows of
    an array, generators of either)."""
    if options is None or not hasattr(options, "__iter__"):
        raise ItemTypeError(
            f"options must be an iterable of options (iterables of items), "
            f"got {type(options).__name__}"
        )
    out = []
    for r, option in enumerate(options):
        if not hasattr(option, "__iter__"):
            raise ItemTypeError(f"option {r}: {option!r} is not an iterable of items", row=r)
        out.append(list(option))
    return out


def _read_items(given: Any, what: str) -> List[Hashable]:
    if not hasattr(given, "__iter__"):
        raise ItemTypeError(f"{what} must be an iterable of items (or None), got {given!r}")
    out = list(given)
    for item in out:
        _hashable(item, what)
    return out


def _distinct(names: Iterable[Hashable], leave_out: Iterable[Hashable] = ()) -> List[Hashable]:
    """The names in the order they first appear, each once, without those of `leave_out`."""
    seen = set(leave_out)
    out = []
    for name in names:
        if name not in seen:
            seen.add(name)
            out.append(name)
    return out


def _infer(
    names: List[Hashable], primary: Any, secondary: Any
) -> Tuple[List[Hashable], List[Hashable]]:
    """The primary and secondary items from the options' item names (colours split off)
    and what the caller gave: both None, every item primary; one None, every other item
    in the other list, in the order the options name them."""
    if primary is None and secondary is None:
        return _distinct(names), []
    if primary is None:
        sec = _read_items(secondary, "secondary")
        return _distinct(names, sec), sec
    prim = _read_items(primary, "primary")
    if secondary is None:
        return prim, _distinct(names, prim)
    return prim, _read_items(secondary, "secondary")


def items(
    all_opts: Iterable[Any],
    primary: Optional[Iterable[Hashable]] = None,
    secondary: Optional[Iterable[Hashable]] = None,
    colored: bool = False,
) -> Tuple[List[Hashable], List[Hashable]]:
    """(primary, secondary): the items of a problem whose options' entries, all in one
    list, are `all_opts`, by the rules of the package docstring (those of
    :func:`covers`).  Lists, inferred items in the order the entries name them (the
    original gives a set where it infers one, the caller's object where it is given).

    >>> items(["a", "b", "x:R", "b", "y"], primary=["a", "b"], colored=True)
    (['a', 'b'], ['x', 'y'])
    """
    names = [_split(entry, colored, None)[0] for entry in all_opts]
    return _infer(names, primary, secondary)


class _Problem(NamedTuple):
    """A problem as our engines take it: items numbered primary first, then secondary;
    each option the indices of its items (each once) and, when any option colours an
    item, one colour an entry (None: none) a row."""

    primary: List[Hashable]
    secondary: List[Hashable]
    rows: List[List[int]]
    colors: Optional[List[Optional[List[Optional[str]]]]]


def _resolve(options: Any, primary: Any, secondary: Any, colored: bool) -> _Problem:
    """Check the input and number its items, or raise ExactCoverError naming the option
    and the item (UnknownItemError and ItemTypeError where the original raises KeyError
    and TypeError)."""
    opts = _read_options(options)
    split = [[_split(entry, colored, r) for entry in option] for r, option in enumerate(opts)]
    names = [name for option in split for name, _ in option]
    prim, sec = _infer(names, primary, secondary)
    index: Dict[Hashable, int] = {}
    for j, name in enumerate(prim):
        if name in index:
            raise ExactCoverError(f"primary: item {name!r} is listed twice", column=j)
        index[name] = j
    sec = _distinct(sec)  # (a secondary item listed twice is harmless in the original)
    for name in sec:
        if name in index:
            raise ExactCoverError(
                f"item {name!r} is both primary and secondary", column=index[name]
            )
        index[name] = len(index)
    nprimary = len(prim)
    rows: List[List[int]] = []
    colors: List[Optional[List[Optional[str]]]] = []
    for r, option in enumerate(split):
        row: List[int] = []
        row_colors: List[Optional[str]] = []
        place: Dict[int, int] = {}  # item -> its place in row
        for (name, color), entry in zip(option, opts[r]):
            k = index.get(name)
            if k is None:
                raise UnknownItemError(f"option {r}: item {name!r} is in neither list", row=r)
            if color is not None and k < nprimary:
                raise ExactCoverError(
                    f"option {r}: {entry!r} gives the primary item {name!r} a colour "
                    f"(only secondary items take colours)",
                    row=r,
                    column=k,
                )
            if k in place:
                if row_colors[place[k]] != color:
                    raise ExactCoverError(
                        f"option {r}: item {name!r} appears twice, in different colours",
                        row=r,
                        column=k,
                    )
                continue  # the same entry twice: once (as the original reads it)
            place[k] = len(row)
            row.append(k)
            row_colors.append(color)
        rows.append(row)
        colors.append(row_colors if any(c is not None for c in row_colors) else None)
    if not any(rows):
        raise ExactCoverError("no option names an item: there is nothing to cover")
    has_colors = any(c is not None for c in colors)
    return _Problem(prim, sec, rows, colors if has_colors else None)


# ------------------------------------------------------------------------------ searches


def _search(rows: Any, ncols: int, nsecondary: int, colors: Any = None) -> Iterator[List[int]]:
    """The covers of the matrix, one search step a ``next()``, each in choice order."""
    search = _problem(rows, ncols, range(ncols - nsecondary, ncols), None, "auto", colors)
    search.ordered = True
    while True:
        status, cover = search.next_solution()
        if cover is None or status != _core.FOUND:
            return
        yield cover


def covers(
    options: Iterable[Iterable[Hashable]],
    primary: Optional[Iterable[Hashable]] = None,
    secondary: Optional[Iterable[Hashable]] = None,
    colored: bool = False,
) -> Iterator[List[int]]:
    """The exact covers of the options, lazily: each the list of its option indices in
    the order the search chose them (a generator; the input is checked at the first
    ``next()``, as the original's is).

    ``options``: an iterable of options, each an iterable of items (any hashables).
    ``primary`` (covered exactly once) and ``secondary`` (at most once): lists of items,
    or None to infer (both None: every item primary; one None: every other item in the
    other).  ``colored=True``: each entry is a string, ``"x:c"`` the secondary item
    ``x`` in colour ``c`` (several options may then share ``x``, all in one colour).

    >>> list(covers([[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]))
    [[1, 3, 5]]
    >>> options = [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", "x:B"],
    ...            ["q", "x:A"], ["r", "y:B"]]
    >>> list(covers(options, primary=["p", "q", "r"], secondary=["x", "y"], colored=True))
    [[3, 1]]
    >>> next(covers([["a", "z"]], primary=["a"], secondary=["b"]))
    Traceback (most recent call last):
      ...
    fastsudoku.compat.xcover.solvers.UnknownItemError: option 0: item 'z' is in neither list
    """
    p = _resolve(options, primary, secondary, colored)
    yield from _search(p.rows, len(p.primary) + len(p.secondary), len(p.secondary), p.colors)


def covers_bool(matrix: Any) -> Iterator[List[int]]:
    """The exact covers of a 2-D matrix (rows the options, columns the items, all primary;
    a nonzero entry is a one), lazily: each the list of its row indices in the order the
    search chose them (a generator; the matrix is checked at the first ``next()``).

    >>> m = [[1, 0, 0, 1, 0, 0, 1], [1, 0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 1, 0, 1],
    ...      [0, 0, 1, 0, 1, 1, 0], [0, 1, 1, 0, 0, 1, 1], [0, 1, 0, 0, 0, 0, 1]]
    >>> list(covers_bool(np.array(m, dtype=bool)))
    [[1, 3, 5]]
    """
    if not isinstance(matrix, np.ndarray):
        # Rows of different lengths, named here: NumPy before 1.24 would make them an
        # object array with a VisibleDeprecationWarning instead of refusing them.
        matrix = list(matrix) if isinstance(matrix, collections.abc.Iterable) else matrix
        lengths = (
            {len(row) for row in matrix if isinstance(row, collections.abc.Sized)}
            if matrix
            else set()
        )
        if len(lengths) > 1:
            raise ExactCoverError(
                f"covers_bool needs a 2-D array: rows of {len(lengths)} different lengths"
            )
    try:
        a = np.asarray(matrix)
    except (TypeError, ValueError) as e:
        raise ExactCoverError(f"covers_bool needs a 2-D array: {e}") from None
    if a.ndim != 2:
        raise ExactCoverError(
            f"covers_bool needs a 2-D array (options x items), got shape {a.shape}"
        )
    if not a.shape[1]:
        raise ExactCoverError("covers_bool: the matrix has no columns (no items to cover)")
    ones = np.zeros(a.shape, dtype=np.bool_)
    ones[np.nonzero(a)] = True
    yield from _search(ones, a.shape[1], 0)
