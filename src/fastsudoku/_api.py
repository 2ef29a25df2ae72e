"""The public functions: thin wrappers that parse once, search once (GIL released), render once."""
from __future__ import annotations

import operator
from typing import Any, Iterator, List, Literal, NamedTuple, Optional, Sequence, Tuple, overload

import numpy as np

from . import _core
from ._errors import SearchLimitError
from ._grid import Grid, conflict_error, parse
from ._options import COUNT_MAX as _COUNT_MAX, count_option, count_value  # noqa: F401

#: The Sudoku engines: the bitmask search (default) and dancing links.
Engine = Literal["bitmask", "dlx"]
ENGINES = ("bitmask", "dlx")
_SEARCH = {"bitmask": _core.search, "dlx": _core.dlx_search}
_SOLVER = {"bitmask": _core.Solver, "dlx": _core.DlxSolver}


class SearchResult(NamedTuple):
    """What one search found.

    ``count``: solutions found, up to the limit; ``solution``: the first one in the
    puzzle's form, or None; ``guesses``: values the engine assigned by branching (every
    alternative tried counts; 0 means singles and locked candidates solved it);
    ``complete``: True when the count is exact (the search ended before the limit).
    """

    count: int  # type: ignore[assignment]  # the field shadows tuple.count on purpose
    solution: Any
    guesses: int
    complete: bool


def check_engine(engine: object) -> None:
    """ValueError unless engine is one of ENGINES (every Sudoku entry point's check)."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose from {', '.join(ENGINES)}")


def _check_options(engine: object, limit: Any,
                   node_limit: Any) -> Tuple[Optional[int], Optional[int]]:
    """(limit, node_limit) checked; ValueError for an unknown engine or a bad number."""
    check_engine(engine)
    return count_option("limit", limit, 1), count_option("node_limit", node_limit, 0)


def _grid(puzzle: Any, box: Optional[Sequence[int]], alphabet: Optional[str]) -> Grid:
    grid = parse(puzzle, box, alphabet)
    clash = _core.conflict(grid.values, grid.r, grid.c)
    if clash is not None:
        raise conflict_error(grid, *clash)
    return grid


def _search(grid: Grid, limit: Optional[int], node_limit: Optional[int],
            engine: Engine = "bitmask") -> SearchResult:
    found, first, guesses, status = _SEARCH[engine](
        grid.values, grid.r, grid.c, -1 if limit is None else limit,
        -1 if node_limit is None else node_limit)
    if status == "node_limit":
        raise SearchLimitError(
            f"node limit of {node_limit} guesses reached after {found} solution(s)",
            guesses=guesses, found=found)
    solution = grid.render(first) if first is not None else None
    return SearchResult(found, solution, guesses, status == "exhausted")


@overload
def solve(puzzle: str, *, box: Optional[Sequence[int]] = ..., alphabet: Optional[str] = ...,
          engine: Engine = ..., node_limit: Optional[int] = ...) -> Optional[str]: ...
@overload
def solve(puzzle: bytes, *, box: Optional[Sequence[int]] = ..., alphabet: Optional[str] = ...,
          engine: Engine = ..., node_limit: Optional[int] = ...) -> Optional[bytes]: ...
@overload
def solve(puzzle: np.ndarray, *, box: Optional[Sequence[int]] = ...,
          alphabet: Optional[str] = ..., engine: Engine = ...,
          node_limit: Optional[int] = ...) -> Optional[np.ndarray]: ...
@overload
def solve(puzzle: List[Any], *, box: Optional[Sequence[int]] = ...,
          alphabet: Optional[str] = ..., engine: Engine = ...,
          node_limit: Optional[int] = ...) -> Optional[List[Any]]: ...
@overload
def solve(puzzle: Any, *, box: Optional[Sequence[int]] = ..., alphabet: Optional[str] = ...,
          engine: Engine = ..., node_limit: Optional[int] = ...) -> Any: ...


def solve(puzzle: Any, *, box: Optional[Sequence[int]] = None, alphabet: Optional[str] = None,
          engine: Engine = "bitmask", node_limit: Optional[int] = None) -> Any:
    """The first solution, in the puzzle's own form, or None if there is none.

    >>> solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
    >>> solve("11" + "." * 79)
    Traceback (most recent call last):
      ...
    fastsudoku._errors.ConflictError: value 1 repeats in row 1 (columns 1 and 2)
    """
    if (type(puzzle) is str and box is None and alphabet is None and node_limit is None
            and engine in ENGINES):
        fast = _core.solve_line81(puzzle, 1, engine == "dlx")
        if fast is not None:
            return fast[0]
    _, node_limit = _check_options(engine, 1, node_limit)
    return _search(_grid(puzzle, box, alphabet), 1, node_limit, engine).solution


def count_solutions(puzzle: Any, *, limit: Optional[int] = None,
                    box: Optional[Sequence[int]] = None, alphabet: Optional[str] = None,
                    engine: Engine = "bitmask", node_limit: Optional[int] = None) -> int:
    """The number of solutions, stopping at ``limit`` (None: count them all).

    >>> count_solutions("." * 81, limit=5)
    5
    """
    limit, node_limit = _check_options(engine, limit, node_limit)
    if (type(puzzle) is str and box is None and alphabet is None and node_limit is None
            and limit is not None):
        fast = _core.solve_line81(puzzle, limit, engine == "dlx")
        if fast is not None:
            return fast[1]
    return _search(_grid(puzzle, box, alphabet), limit, node_limit, engine).count


def is_unique(puzzle: Any, *, box: Optional[Sequence[int]] = None,
              alphabet: Optional[str] = None, engine: Engine = "bitmask",
              node_limit: Optional[int] = None) -> bool:
    """True if the puzzle has exactly one solution (the search stops at the second)."""
    return count_solutions(puzzle, limit=2, box=box, alphabet=alphabet, engine=engine,
                           node_limit=node_limit) == 1


def search(puzzle: Any, *, limit: Optional[int] = 1, box: Optional[Sequence[int]] = None,
           alphabet: Optional[str] = None, engine: Engine = "bitmask",
           node_limit: Optional[int] = None) -> SearchResult:
    """One search with its statistics: count up to ``limit``, first solution, guesses."""
    limit, node_limit = _check_options(engine, limit, node_limit)
    return _search(_grid(puzzle, box, alphabet), limit, node_limit, engine)


def solutions(puzzle: Any, *, limit: Optional[int] = None, box: Optional[Sequence[int]] = None,
              alphabet: Optional[str] = None, engine: Engine = "bitmask",
              node_limit: Optional[int] = None) -> Iterator[Any]:
    """Iterate over the solutions lazily, each in the puzzle's form (at most ``limit``).

    The puzzle is read and checked at the call, not at the first ``next()``.

    >>> it = solutions("12..\\n..12\\n....\\n....")
    >>> next(it)
    '1234\\n4312\\n3421\\n2143'
    """
    limit, node_limit = _check_options(engine, limit, node_limit)
    grid = _grid(puzzle, box, alphabet)
    solver = _SOLVER[engine](grid.values, grid.r, grid.c,
                             -1 if node_limit is None else node_limit)
    return _iterate(grid, solver, limit, node_limit)


def _iterate(grid: Grid, solver: Any, limit: Optional[int],
             node_limit: Optional[int]) -> Iterator[Any]:
    found = 0
    while limit is None or found < limit:
        status, values = solver.next_solution()
        if status == "node_limit":
            raise SearchLimitError(
                f"node limit of {node_limit} guesses reached after {found} solution(s)",
                guesses=solver.guesses, found=found)
        if values is None:
            return
        found += 1
        yield grid.render(values)
