"""The exceptions of fastsudoku: one base class, a few precise subclasses.

Every error about a puzzle is a :class:`SudokuError`, itself a :class:`ValueError`, and
names the place: row and column (1-based, as in the message), the character or value,
the unit.  A puzzle that is well formed but has no solution is not an error: ``solve``
returns ``None`` and ``count_solutions`` returns 0.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Type

__all__ = [
    "SudokuError",
    "ParseError",
    "ShapeError",
    "InvalidValueError",
    "ConflictError",
    "SearchLimitError",
]


def _rebuild(
    cls: Type[BaseException], args: Tuple[Any, ...], state: Dict[str, Any]
) -> BaseException:
    """An exception as pickled: its class, its message arguments and its attributes, set
    without calling ``__init__`` (whose keyword-only arguments pickle does not pass)."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class PicklableError(Exception):
    """Pickles with its attributes (``pickle``, process pools, Dask workers): every
    exception of the package derives from it."""

    def __reduce__(self) -> Any:
        return _rebuild, (type(self), self.args, dict(self.__dict__))


class SudokuError(PicklableError, ValueError):
    """Base class of every fastsudoku error about a puzzle."""


class ParseError(SudokuError):
    """The input cannot be read as a grid: wrong length, a character that is not a symbol.

    ``row`` and ``column`` are the 1-based grid cell (or None when the error is about the
    whole input), ``char`` the offending character, ``line`` the 1-based line of the text.
    """

    def __init__(
        self,
        message: str,
        *,
        row: Optional[int] = None,
        column: Optional[int] = None,
        char: Optional[str] = None,
        line: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.row = row
        self.column = column
        self.char = char
        self.line = line


class ShapeError(SudokuError):
    """The grid's shape is impossible: side and box disagree, or the side is unsupported."""


class InvalidValueError(SudokuError):
    """A cell of a list or array holds something that is not a value 0..N (0 = empty)."""

    def __init__(
        self,
        message: str,
        *,
        row: Optional[int] = None,
        column: Optional[int] = None,
        value: object = None,
    ) -> None:
        super().__init__(message)
        self.row = row
        self.column = column
        self.value = value


class ConflictError(SudokuError):
    """A given value repeats in a row, column or box.

    ``unit`` is "row", "column" or "box", ``index`` its 1-based number (boxes are counted
    left to right, top to bottom), ``value`` the repeated value and ``cells`` the two
    (row, column) places, 1-based.
    """

    def __init__(
        self,
        message: str,
        *,
        unit: str,
        index: int,
        value: int,
        cells: Tuple[Tuple[int, int], Tuple[int, int]],
    ) -> None:
        super().__init__(message)
        self.unit = unit
        self.index = index
        self.value = value
        self.cells = cells


class VariantError(SudokuError):
    """A variant puzzle's rule is malformed: a cell off the grid, a cage that lists a cell
    twice, a line whose cells are not a path, regions that overlap."""


class SearchLimitError(SudokuError, RuntimeError):
    """The search reached its ``node_limit`` before it could answer.

    ``guesses``: what the search spent; ``found``: solutions found before the limit;
    ``best``: for :func:`max_score`, the best result found so far (not proven), else None.
    """

    def __init__(self, message: str, *, guesses: int, found: int, best: Any = None) -> None:
        super().__init__(message)
        self.guesses = guesses
        self.found = found
        self.best = best


class ExactCoverError(PicklableError, ValueError):
    """A matrix given to the exact-cover functions is malformed.

    ``row`` and ``column`` (0-based, as in the caller's matrix) say where, when there is
    a place to name; ``line`` (1-based) the line of a problem read from text (Knuth's
    format, :func:`fastsudoku.read_cover`).
    """

    def __init__(
        self,
        message: str,
        *,
        row: Optional[int] = None,
        column: Optional[int] = None,
        line: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.row = row
        self.column = column
        self.line = line
