"""The public functions: thin wrappers that parse once, search once (GIL released), render once."""

from __future__ import annotations

from typing import (
    Any,
    Callable,
    Iterator,
    List,
    Literal,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    Union,
    cast,
    overload,
)

import numpy as np

from . import _core
from ._errors import SearchLimitError
from ._grid import Grid, conflict_error, parse
from ._options import ENGINES, search_options
from .variants import Candidates, Variant, variant_text

#: The engines (the core's table, ``ENGINES``): ``"auto"`` (the default) takes the fastest
#: for the puzzle's shape -- ``"digitband"`` for 9x9 with 3x3 boxes, ``"bitmask"`` for the
#: rest; ``"dlx"`` and ``"bitset"`` search Sudoku as exact cover (bitset up to 25x25).
Engine = Literal["auto", "bitmask", "digitband", "dlx", "bitset", "variant"]

# The options of the 81-character fast path of solve() (limit 1), count_solutions and
# is_unique (limits 1 and 2), by (engine, limit), made once (read-only): building and
# checking them was about a tenth of a 17-clue puzzle's count_solutions(limit=2) call.
_FAST_OPTIONS = {(name, k): _core.Options(name, k) for name in ENGINES for k in (1, 2)}
# solve()'s: one look-up by the engine's name (no key tuple to build on every call)
_FIRST_OPTIONS = {name: _FAST_OPTIONS[name, 1] for name in ENGINES}


class SearchResult(NamedTuple):
    """What one search found.

    ``count``: solutions found, up to the limit; ``solution``: the first one in the
    puzzle's form, or None; ``guesses``: values the engine assigned by branching (every
    alternative tried counts; 0 means singles and locked candidates solved it; on 16x16
    and larger the strong search's probes are not in it, but count against
    ``node_limit``);
    ``complete``: True when the count is exact (the search ended before the limit).
    """

    count: int  # type: ignore[assignment]  # the field shadows tuple.count on purpose
    solution: Any
    guesses: int
    complete: bool

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture of the solution (the default box of its side), if any."""
        from .render import _repr_svg

        return _repr_svg(self.solution)


def _grid(puzzle: Any, box: Optional[Sequence[int]], alphabet: Optional[str]) -> Grid:
    grid = parse(puzzle, box, alphabet)
    clash = _core.conflict(grid.values, grid.r, grid.c)
    if clash is not None:
        raise conflict_error(grid, *clash)
    return grid


def _search_any(
    puzzle: Any, box: Optional[Sequence[int]], alphabet: Optional[str], options: _core.Options
) -> SearchResult:
    """_search() for a classic puzzle, or the variant engine's search for a Variant."""
    if isinstance(puzzle, Variant):
        if box is not None or alphabet is not None:
            raise TypeError("a Variant carries its own box and alphabet: pass neither")
        return _search_variant(puzzle, options)
    return _search(_grid(puzzle, box, alphabet), options)


def _search_variant(puzzle: Variant, options: _core.Options) -> SearchResult:
    grid = puzzle.grid()
    found, first, guesses, status = variant_core_search(puzzle, grid, options)
    if status == _core.NODE_LIMIT:
        raise _limit_error(options, guesses, found, probes=_probes(puzzle, options))
    solution = variant_text(grid, first) if first is not None else None
    return SearchResult(found, solution, guesses, status == _core.EXHAUSTED)


def variant_core_search(
    puzzle: Variant, grid: Grid, options: _core.Options
) -> Tuple[int, Optional[bytes], int, int]:
    """The core's search of a Variant (its grid read by the caller), as ``_core.search``
    returns it.  A classic grid with pencil marks and nothing else goes to the bitmask
    engine with its failed-literal probing when the engine is "auto" (the ISS's
    HARD_PENCILMARKS: 2-12x faster than the variant engine); the rest to the variant
    engine."""
    allowed = _pencil_marks(puzzle, grid) if options.engine == "auto" else None
    if allowed is not None:
        return _core.search_allowed(grid.values, grid.r, grid.c, allowed, options)
    return _core.variant_search(puzzle.model(), grid.values, options)


def _probes(puzzle: Variant, options: _core.Options) -> bool:
    """Whether variant_core_search counts probes with its guesses (the bitmask engine)."""
    return options.engine == "auto" and _marks_only(puzzle)


def _marks_only(puzzle: Variant) -> bool:
    """A classic grid (its boxes, no regions) whose only rules are candidate sets."""
    if puzzle.regions is not None or puzzle.box is None or not puzzle.constraints:
        return False
    return all(type(c) is Candidates for c in puzzle.constraints)


def _pencil_marks(puzzle: Variant, grid: Grid) -> Optional[bytes]:
    """For a Variant of _marks_only(): each cell's values after the variant engine's
    propagation at the root (little-endian uint64 masks); None for any other Variant, or
    when no value is left for some cell (the variant engine then says so at once)."""
    if not _marks_only(puzzle):
        return None
    masks = puzzle.model().propagated(grid.values)
    if masks is None:
        return None
    return np.asarray(masks, dtype="<u8").tobytes()


def _search(grid: Grid, options: _core.Options) -> SearchResult:
    found, first, guesses, status = restarted_search(grid.values, grid.r, grid.c, options)
    if status == _core.NODE_LIMIT:
        raise _limit_error(options, guesses, found)
    solution = grid.render(first) if first is not None else None
    return SearchResult(found, solution, guesses, status == _core.EXHAUSTED)


#: Restarts (first solutions of sides from RESTART_SIDE up): the budget of the first run, in
#: guesses and probes; each restart doubles it.
RESTART_SIDE = 25
RESTART_FIRST = 50_000
_RESTART_SEED = 0x5EED


def restarted_search(
    values: bytes, r: int, c: int, options: _core.Options
) -> Tuple[int, Optional[bytes], int, int]:
    """_core.search, with restarts for a first solution (limit 1) of a sparse puzzle (fewer
    than a fifth of the cells given) on sides of 25 and more, where a nearly empty grid
    can send the search down a subtree it does not leave for minutes (it has many
    solutions, and one bad early choice hides them all): a run that spends its budget
    (50,000 guesses and probes) without an answer is
    followed by a run on an isomorph of the puzzle (its bands, the rows in each band, its
    stacks, the columns in each stack and its values permuted at random, from a fixed seed)
    with twice the budget, and so on; a solution found is mapped back.  The puzzle's own
    run comes first, so what it solves within the first budget comes back as before.  Each
    run either finds a solution, proves there is none, or stops at its budget; the budgets
    grow until one run is complete, so the answer is always the search's, and the total
    work at most about twice the last run's.  The caller's node limit bounds the total.
    Denser puzzles (minimal ones have 40% of the cells given) run once: their hard cases
    need one long run, which restarts cut short (on the first 11 of Frisch's minimal 25x25
    puzzles, restarts lost one of the 5 that one run solves within 5,000,000 nodes, and
    took 3-5 times as long on two others)."""
    n = r * c
    if options.limit != 1 or n < RESTART_SIDE or 5 * (len(values) - values.count(0)) >= n * n:
        return _core.search(values, r, c, options)
    left = options.node_limit  # (None: no limit)
    budget = RESTART_FIRST
    used = guesses_in_all = 0
    perm: Optional[np.ndarray] = None
    relabel = np.arange(n + 1, dtype=np.uint8)
    puzzle = np.frombuffer(values, dtype=np.uint8)
    rng = np.random.default_rng(_RESTART_SEED)
    while True:
        # (A run that stops at its budget has spent all of it, probes included, which
        # its guesses do not count on these sides.)
        run = budget if left is None else min(budget, left - used)
        attempt = _core.Options(
            options.engine,
            1,
            run,
            options.locked_levels,
            options.track_over,
            options.tree_over,
            options.strong_over,
            options.probe_fails,
        )
        start = puzzle if perm is None else relabel[puzzle[perm]]
        found, first, guesses, status = _core.search(start.tobytes(), r, c, attempt)
        guesses_in_all += guesses
        used += run
        if status != _core.NODE_LIMIT or (left is not None and used >= left):
            if first is not None and perm is not None:
                back = np.empty(n + 1, dtype=np.uint8)
                back[relabel] = np.arange(n + 1, dtype=np.uint8)
                out = np.empty(n * n, dtype=np.uint8)
                out[perm] = back[np.frombuffer(first, dtype=np.uint8)]
                first = out.tobytes()
            return found, first, guesses_in_all, status
        budget *= 2
        perm, relabel = _isomorph(rng, n, r, c)


def _isomorph(rng: np.random.Generator, n: int, r: int, c: int) -> Tuple[np.ndarray, np.ndarray]:
    """A random symmetry of the n x n grid with r x c boxes: (perm, relabel), the new
    grid's cell k holding relabel[old value of cell perm[k]]."""
    rows, cols = _lines(rng, n, r), _lines(rng, n, c)
    perm = (rows[:, None] * n + cols[None, :]).ravel()
    relabel = np.concatenate(([0], rng.permutation(n) + 1)).astype(np.uint8)
    return perm, relabel


def _lines(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """The n lines (rows or columns) in groups of k consecutive ones (bands or stacks):
    the groups in random order, and the lines in each group."""
    groups = rng.permutation(n // k)[:, None] * k
    lines: np.ndarray = (groups + rng.permuted(np.tile(np.arange(k), (n // k, 1)), axis=1)).ravel()
    return lines


def _limit_error(
    options: _core.Options, guesses: int, found: int, probes: bool = True
) -> SearchLimitError:
    # probes: the classic engines' strong search counts its probes as guesses (the variant
    # engine has none).
    note = " (on 16x16 and larger, the probes of the strong search count too)" if probes else ""
    return SearchLimitError(
        f"node limit of {options.node_limit} reached after {found} solution(s) and {guesses} "
        f"guesses{note}",
        guesses=guesses,
        found=found,
    )


@overload
def solve(
    puzzle: str,
    *,
    box: Optional[Sequence[int]] = ...,
    alphabet: Optional[str] = ...,
    engine: Engine = ...,
    node_limit: Optional[int] = ...,
) -> Optional[str]: ...
@overload
def solve(
    puzzle: bytes,
    *,
    box: Optional[Sequence[int]] = ...,
    alphabet: Optional[str] = ...,
    engine: Engine = ...,
    node_limit: Optional[int] = ...,
) -> Optional[bytes]: ...
@overload
def solve(
    puzzle: np.ndarray,
    *,
    box: Optional[Sequence[int]] = ...,
    alphabet: Optional[str] = ...,
    engine: Engine = ...,
    node_limit: Optional[int] = ...,
) -> Optional[np.ndarray]: ...
@overload
def solve(
    puzzle: List[Any],
    *,
    box: Optional[Sequence[int]] = ...,
    alphabet: Optional[str] = ...,
    engine: Engine = ...,
    node_limit: Optional[int] = ...,
) -> Optional[List[Any]]: ...
@overload
def solve(
    puzzle: Any,
    *,
    box: Optional[Sequence[int]] = ...,
    alphabet: Optional[str] = ...,
    engine: Engine = ...,
    node_limit: Optional[int] = ...,
) -> Any: ...


def solve(
    puzzle: Any,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    engine: Engine = "auto",
    node_limit: Optional[int] = None,
) -> Any:
    """The first solution, in the puzzle's own form, or None if there is none.

    >>> solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    '417369825632158947958724316825437169791586432346912758289643571573291684164875293'
    >>> solve("11" + "." * 79)
    Traceback (most recent call last):
      ...
    fastsudoku.ConflictError: value 1 repeats in row 1 (columns 1 and 2)
    """
    if (
        type(puzzle) is str
        and box is None
        and alphabet is None
        and node_limit is None
        and type(cast(object, engine)) is str
    ):
        first = _FIRST_OPTIONS.get(engine)
        if first is not None:
            fast = _core.solve_line81(puzzle, first)
            if fast is not None:
                return fast[0]
    options = search_options(engine, 1, node_limit)
    return _search_any(puzzle, box, alphabet, options).solution


def count_solutions(
    puzzle: Any,
    *,
    limit: Optional[int] = None,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    engine: Engine = "auto",
    node_limit: Optional[int] = None,
) -> int:
    """The number of solutions, stopping at ``limit`` (None: count them all).

    >>> count_solutions("." * 81, limit=5)
    5
    """
    if type(puzzle) is str and box is None and alphabet is None and node_limit is None:
        options = (
            _FAST_OPTIONS.get((engine, limit))
            if isinstance(cast(object, engine), str) and type(limit) is int
            else None
        ) or search_options(engine, limit, node_limit)
        fast = _core.solve_line81(puzzle, options)
        if fast is not None:
            return fast[1]
    else:
        options = search_options(engine, limit, node_limit)
    return _search_any(puzzle, box, alphabet, options).count


def is_unique(
    puzzle: Any,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    engine: Engine = "auto",
    node_limit: Optional[int] = None,
) -> bool:
    """True if the puzzle has exactly one solution (the search stops at the second)."""
    return (
        count_solutions(
            puzzle, limit=2, box=box, alphabet=alphabet, engine=engine, node_limit=node_limit
        )
        == 1
    )


def search(
    puzzle: Any,
    *,
    limit: Optional[int] = 1,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    engine: Engine = "auto",
    node_limit: Optional[int] = None,
) -> SearchResult:
    """One search with its statistics: count up to ``limit``, first solution, guesses."""
    return _search_any(puzzle, box, alphabet, search_options(engine, limit, node_limit))


def solutions(
    puzzle: Any,
    *,
    limit: Optional[int] = None,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    engine: Engine = "auto",
    node_limit: Optional[int] = None,
) -> Iterator[Any]:
    """Iterate over the solutions lazily, each in the puzzle's form (at most ``limit``).

    The puzzle is read and checked at the call, not at the first ``next()``.

    >>> it = solutions("12..\\n..12\\n....\\n....")
    >>> next(it)
    '1234\\n4312\\n3421\\n2143'
    """
    options = search_options(engine, limit, node_limit)
    if isinstance(puzzle, Variant):
        if box is not None or alphabet is not None:
            raise TypeError("a Variant carries its own box and alphabet: pass neither")
        vgrid = puzzle.grid()
        variant = _core.VariantSearch(puzzle.model(), vgrid.values, options)
        return _iterate(variant, options, lambda v: variant_text(vgrid, v))
    grid = _grid(puzzle, box, alphabet)
    classic = _core.SudokuSearch(grid.values, grid.r, grid.c, options)
    return _iterate(classic, options, grid.render)


def _iterate(
    search: Union[_core.SudokuSearch, _core.VariantSearch],
    options: _core.Options,
    render: Callable[[bytes], Any],
) -> Iterator[Any]:
    found = 0
    while options.limit is None or found < options.limit:
        status, values = search.next_solution()
        if status == _core.NODE_LIMIT:
            probes = not isinstance(search, _core.VariantSearch)
            raise _limit_error(options, search.guesses, found, probes)
        if values is None:
            return
        found += 1
        yield render(values)
