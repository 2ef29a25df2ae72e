"""Canonical forms and equivalence: minlex (and maxlex), transformations, isomorphs and
de-duplication, for every size and box shape.

Two puzzles are *equivalent* (isomorphic) when one becomes the other by permuting the rows
within a band, the bands, the columns within a stack, the stacks, transposing (square boxes
only: an r x c box with r != c has no transposition that keeps its shape) and relabelling
the values.  Empty cells stay empty.

**The conventions.**  ``canonical(p)`` is the *minlex* form: of all the puzzles
equivalent to ``p``, the one whose cells read row by row, each empty cell as 0 and each
value as its number (1..N), make the lexicographically least sequence.  Empty cells count
as the smallest symbol, so they gather at the start; for a solution grid the first row
reads 1..N.  The forum's 17-clue list is written in it (47,653 of its 49,158 puzzles are
their own minlex forms; of the other 1,505, 560 are in patminlex form and the rest in
neither).  Two other conventions are in use and offered by ``form=``:

- ``"patminlex"``: first the least *pattern* (the givens' places, read as 0 for empty and
  1 for a given), then, among the equivalents with that pattern, the least sequence: the
  form of dobrichev's patminlex tool (the same strings on every puzzle we compared).  For a
  solution grid it is the same as minlex.
- ``"maxlex"``: the greatest sequence under the same reading, so the first given comes as
  early as possible and is the largest value (a 9x9 maxlex puzzle starts ``98.7..``).

The canonical form is returned in the puzzle's own form (its alphabet and empty character).

The search is compiled (``_core_canon.pxi``; full grids up to 36x36 by their own search,
``_core_canon9.pxi``), runs without the GIL and is exact: every transformation is
accounted for, not sampled.  Its work is bounded by ``budget`` search steps (a puzzle past
it raises :class:`~fastsudoku.SearchLimitError`; none of the published or generated
puzzles we tried comes near it, but solution grids from 36x36 up with many automorphisms,
such as the solver's grid of an empty puzzle, do) and it can be interrupted with Ctrl-C.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import _core, _threads
from ._api import _grid
from ._batch import _rows
from ._errors import SearchLimitError
from ._grid import Grid, parse, parse_batch
from ._options import box_option, count_value
from ._status import INVALID, NODE_LIMIT, SOLVED
from ._symbols import check_alphabet

__all__ = [
    "Transform",
    "canonical",
    "canonical_transform",
    "equivalent",
    "isomorph",
    "canonical_many",
    "CanonicalManyResult",
    "unique_classes",
    "Classes",
    "CANONICAL_FORMS",
    "BUDGET",
]

#: The canonical forms: ``minlex`` (the default), ``maxlex`` and ``patminlex``.
CANONICAL_FORMS = FORMS = ("minlex", "maxlex", "patminlex")
#: Search steps one puzzle may take before SearchLimitError (about 1-5 s of CPU; the
#: published 9x9 to 36x36 puzzles and ordinary grids up to 36x36 take well under 1%).
BUDGET = 20_000_000
# Rows a thread takes at a time in canonical_many.
_CHUNK = 64


def _form(form: str) -> int:
    """The core's number of a form (its place in FORMS); ValueError naming the option."""
    if form not in FORMS:
        raise ValueError(f"form must be one of {', '.join(FORMS)}, got {form!r}")
    return FORMS.index(form)


def _budget(budget: Optional[int]) -> int:
    return BUDGET if budget is None else count_value("budget", budget, 1)


def _group_order(groups: int, size: int, rng: random.Random) -> List[int]:
    """0..groups*size-1 with the groups shuffled and each group shuffled inside."""
    order: List[int] = []
    for group in rng.sample(range(groups), groups):
        inside = list(range(group * size, group * size + size))
        rng.shuffle(inside)
        order.extend(inside)
    return order


class Transform:
    """A transformation of grids of one box shape: ``output[i][j] =
    digits[source[rows[i]][cols[j]]]``, where ``source`` is the grid, or its transpose when
    ``transpose`` is set; ``digits[0] == 0`` (empty cells stay empty).

    ``rows`` keep bands together (the rows of each output band come from one input band),
    ``cols`` keep stacks together, ``transpose`` only for square boxes.  Apply it with
    :meth:`apply` (or call it), undo it with :meth:`inverse`, chain with :meth:`then`.

    >>> t = Transform((2, 2), False, (1, 0, 2, 3), (0, 1, 2, 3), (0, 2, 1, 3, 4))
    >>> t.apply("1234341221434321")
    '3421213412434312'
    >>> t.inverse().apply(t.apply("1234341221434321"))
    '1234341221434321'
    """

    __slots__ = ("box", "transpose", "rows", "cols", "digits")

    box: Tuple[int, int]
    transpose: bool
    rows: Tuple[int, ...]
    cols: Tuple[int, ...]
    digits: Tuple[int, ...]

    def __init__(
        self,
        box: Sequence[int],
        transpose: bool,
        rows: Sequence[int],
        cols: Sequence[int],
        digits: Sequence[int],
    ) -> None:
        shape = box_option(box)
        if shape is None:
            raise ValueError("box must be given, e.g. (3, 3)")
        r, c = shape
        n = r * c
        rows_t, cols_t, digits_t = (
            tuple(map(int, rows)),
            tuple(map(int, cols)),
            tuple(map(int, digits)),
        )
        if sorted(rows_t) != list(range(n)):
            raise ValueError(f"rows must be a permutation of 0..{n - 1}")
        if sorted(cols_t) != list(range(n)):
            raise ValueError(f"cols must be a permutation of 0..{n - 1}")
        if len(digits_t) != n + 1 or digits_t[0] != 0 or sorted(digits_t) != list(range(n + 1)):
            raise ValueError(f"digits must have digits[0] == 0 and permute 1..{n}")
        if transpose and r != c:
            raise ValueError(f"a {r}x{c} box has no transposition (boxes must be square)")
        for name, order, size in (("rows", rows_t, r), ("cols", cols_t, c)):
            for start in range(0, n, size):
                if len({x // size for x in order[start : start + size]}) != 1:
                    what = "band" if name == "rows" else "stack"
                    raise ValueError(
                        f"{name}[{start}:{start + size}] mix two {what}s: a {what} must stay whole"
                    )
        object.__setattr__(self, "box", (r, c))
        object.__setattr__(self, "transpose", bool(transpose))
        object.__setattr__(self, "rows", rows_t)
        object.__setattr__(self, "cols", cols_t)
        object.__setattr__(self, "digits", digits_t)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Transform is immutable")

    @property
    def n(self) -> int:
        """The side of the grids it applies to."""
        return self.box[0] * self.box[1]

    @classmethod
    def identity(cls, box: Sequence[int]) -> Transform:
        """The transformation that changes nothing."""
        r, c = box_option(box) or (3, 3)
        n = r * c
        return cls((r, c), False, range(n), range(n), range(n + 1))

    @classmethod
    def random(cls, box: Sequence[int], seed: Any = None) -> Transform:
        """A uniformly random transformation of the group (every element equally likely, so
        a puzzle's image is uniform over its equivalent puzzles).  ``seed``: an int, a
        ``random.Random``, or None (fresh entropy)."""
        r, c = box_option(box) or (3, 3)
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        n = r * c
        relabel = list(range(1, n + 1))
        rng.shuffle(relabel)
        rows, cols = _group_order(c, r, rng), _group_order(r, c, rng)
        transpose = r == c and rng.random() < 0.5
        return cls((r, c), transpose, rows, cols, [0, *relabel])

    def _sources(self) -> List[int]:
        """source cell of each output cell (row-major indices)."""
        n = self.n
        rows, cols = self.rows, self.cols
        if self.transpose:
            return [cols[j] * n + rows[i] for i in range(n) for j in range(n)]
        return [rows[i] * n + cols[j] for i in range(n) for j in range(n)]

    def apply_values(self, values: bytes) -> bytes:
        """The transformed cell values (bytes of N*N values, 0 empty)."""
        n = self.n
        if len(values) != n * n:
            raise ValueError(f"expected {n * n} cell values, got {len(values)}")
        d = self.digits
        return bytes(d[values[s]] for s in self._sources())

    def apply(self, puzzle: Any, *, alphabet: Optional[str] = None) -> Any:
        """The transformed puzzle (or grid), in the puzzle's own form."""
        grid = parse(puzzle, self.box, alphabet)
        if (grid.r, grid.c) != self.box:
            raise ValueError(
                f"the transform is for {self.box[0]}x{self.box[1]} boxes, "
                f"the puzzle has {grid.r}x{grid.c}"
            )
        return grid.render(self.apply_values(grid.values))

    __call__ = apply

    def inverse(self) -> Transform:
        """The transformation that undoes this one."""
        n = self.n
        rinv, cinv, dinv = [0] * n, [0] * n, [0] * (n + 1)
        for i, x in enumerate(self.rows):
            rinv[x] = i
        for j, x in enumerate(self.cols):
            cinv[x] = j
        for v, x in enumerate(self.digits):
            dinv[x] = v
        if self.transpose:
            return Transform(self.box, True, cinv, rinv, dinv)
        return Transform(self.box, False, rinv, cinv, dinv)

    def then(self, other: Transform) -> Transform:
        """This transformation followed by ``other``: ``a.then(b).apply(p) ==
        b.apply(a.apply(p))``."""
        if other.box != self.box:
            raise ValueError("the transforms are for different box shapes")
        n = self.n
        mine, theirs = self._sources(), other._sources()
        source = [mine[s] for s in theirs]
        transpose = self.transpose != other.transpose
        if transpose:
            rows = [source[i * n] % n for i in range(n)]
            cols = [source[j] // n for j in range(n)]
        else:
            rows = [source[i * n] // n for i in range(n)]
            cols = [source[j] % n for j in range(n)]
        digits = [other.digits[self.digits[v]] for v in range(n + 1)]
        return Transform(self.box, transpose, rows, cols, digits)

    def _key(self) -> Tuple[Any, ...]:
        return (self.box, self.transpose, self.rows, self.cols, self.digits)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Transform) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Transform(box={self.box}, transpose={self.transpose}, rows={self.rows}, "
            f"cols={self.cols}, digits={self.digits})"
        )

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Transform, self._key())


def _run(grid: Grid, form: int, budget: int) -> Tuple[bytes, Transform]:
    """(canonical values, the transform to them) of a parsed grid without repeats."""
    try:
        found = _core._canonical(grid.values, grid.r, grid.c, form, budget)
    except RuntimeError as e:
        if str(e) != "budget":
            raise
        raise SearchLimitError(
            f"the canonical form took more than {budget:,} search steps "
            "(raise budget= to search longer)",
            guesses=budget,
            found=0,
        ) from None
    assert found is not None, "_grid() rejects repeated givens"
    values, transpose, rows, cols, digits = found[:5]
    return values, Transform((grid.r, grid.c), transpose, rows, cols, digits)


def canonical(
    puzzle: Any,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    form: str = "minlex",
    budget: Optional[int] = None,
) -> Any:
    """The canonical form of a puzzle or solution grid (see the module docstring for the
    convention), in the puzzle's own form.  ConflictError when givens repeat in a unit.

    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> canonical(p)
    '........1.....1.23..4.5..........5.....6..74.38............2.....7...6...1...8...'
    >>> canonical(p, form="maxlex")
    '98.7.....7............6.5...54..3.....6.............92..3...4.....8........2....7'
    >>> from fastsudoku import solve
    >>> canonical(solve(p))
    '123456789457189236698372541241638975365927418789541362516793824834215697972864153'
    """
    grid = _grid(puzzle, box, alphabet)
    values, _ = _run(grid, _form(form), _budget(budget))
    return grid.render(values)


def canonical_transform(
    puzzle: Any,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    form: str = "minlex",
    budget: Optional[int] = None,
) -> Transform:
    """A transformation that takes the puzzle to its canonical form:
    ``canonical_transform(p).apply(p) == canonical(p)``."""
    grid = _grid(puzzle, box, alphabet)
    return _run(grid, _form(form), _budget(budget))[1]


def equivalent(
    a: Any,
    b: Any,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    budget: Optional[int] = None,
) -> Optional[Transform]:
    """A transformation taking puzzle ``a`` to puzzle ``b`` (``t.apply(a) == b`` as
    values), or None when they are not equivalent (other shapes count as not equivalent).

    >>> t = equivalent("12..34..........", "..21..43........", box=(2, 2))
    >>> t.apply("12..34..........")
    '..21..43........'
    """
    ga, gb = _grid(a, box, alphabet), _grid(b, box, alphabet)
    if (ga.r, ga.c) != (gb.r, gb.c):
        return None
    steps = _budget(budget)
    va, ta = _run(ga, 0, steps)
    vb, tb = _run(gb, 0, steps)
    if va != vb:
        return None
    t = ta.then(tb.inverse())
    assert t.apply_values(ga.values) == gb.values
    return t


def isomorph(
    puzzle: Any,
    *,
    seed: Any = None,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
) -> Any:
    """A uniformly random equivalent of the puzzle (every transformation equally likely),
    in the puzzle's own form; ``seed`` as for :meth:`Transform.random`.

    >>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> canonical(isomorph(p, seed=7)) == canonical(p)
    True
    """
    grid = parse(puzzle, box, alphabet)
    return grid.render(Transform.random((grid.r, grid.c), seed).apply_values(grid.values))


class CanonicalManyResult(NamedTuple):
    """What :func:`canonical_many` found for each puzzle.

    ``status``: int8, ``SOLVED`` (0) where the canonical form was found, ``INVALID`` for a
    puzzle that cannot be read or whose givens repeat in a unit, ``NODE_LIMIT`` past the
    budget; ``canonical``: for an array input, a uint8 array (count, N*N) of the canonical
    values (rows of zeros where the status is not SOLVED); for a sequence of puzzles, a list
    of the canonical forms in each puzzle's own form (None where not SOLVED); ``values``:
    the canonical values as a uint8 array (count, N*N) in both cases (equal rows, equal
    classes, whatever the puzzles' forms).
    """

    status: npt.NDArray[np.int8]
    canonical: Union[npt.NDArray[np.uint8], List[Any]]
    values: npt.NDArray[np.uint8]


def _canonical_rows(
    rows: np.ndarray, r: int, c: int, form: int, budget: int, threads: int
) -> Tuple[np.ndarray, np.ndarray]:
    """(canonical values, status codes 0 done / 1 repeats / 2 budget) of uint8 rows."""
    count = len(rows)
    out = np.zeros_like(rows)
    code = np.zeros(count, dtype=np.int8)

    def run(start: int, stop: int, halt: np.ndarray, check: bool) -> None:
        _core._canonical_rows(rows, r, c, form, budget, start, stop, out, code, halt, check)

    _threads.share_rows(count, _CHUNK, threads, run)
    return out, code


def _statuses(code: np.ndarray) -> np.ndarray:
    return np.select([code == 0, code == 1], [SOLVED, INVALID], NODE_LIMIT).astype(np.int8)


def _batch(
    puzzles: Any,
    box: Optional[Sequence[int]],
    alphabet: Optional[str],
    form: str,
    threads: Optional[int],
    budget: Optional[int],
) -> Tuple[np.ndarray, np.ndarray, Optional[List[Optional[Grid]]]]:
    """(status, canonical values (count, N*N), the parsed grids of a sequence input or
    None for an array input)."""
    code_form = _form(form)
    steps = _budget(budget)
    box = box_option(box)
    check_alphabet(alphabet)
    threads = count_value("threads", _threads.cores() if threads is None else threads, 1)
    if isinstance(puzzles, np.ndarray) and puzzles.dtype.kind in "iu":
        rows, _, r, c, bad = _rows(puzzles, box)
        rows = np.ascontiguousarray(rows, dtype=np.uint8)
        out, code = _canonical_rows(rows, r, c, code_form, steps, threads)
        status = _statuses(code)
        if bad is not None:
            status[bad] = INVALID
        out[status != SOLVED] = 0
        return status, out, None
    grids, shape = parse_batch(puzzles, box, alphabet)
    r, c = shape if shape is not None else (3, 3)
    ok = [i for i, g in enumerate(grids) if g is not None]
    status = np.full(len(grids), INVALID, dtype=np.int8)
    values = np.zeros((len(grids), (r * c) ** 2), dtype=np.uint8)
    if ok:
        rows = np.frombuffer(b"".join(grids[i].values for i in ok), dtype=np.uint8)  # type: ignore[union-attr]
        out, code = _canonical_rows(
            rows.reshape(len(ok), -1).copy(), r, c, code_form, steps, threads
        )
        status[ok] = _statuses(code)
        values[ok] = out
        values[status != SOLVED] = 0
    return status, values, grids


def canonical_many(
    puzzles: Any,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    form: str = "minlex",
    threads: Optional[int] = None,
    budget: Optional[int] = None,
) -> CanonicalManyResult:
    """Canonical forms of a batch of puzzles of one shape on every core; see
    :class:`CanonicalManyResult`.  ``puzzles``: an integer array (count, N*N) or (count, N,
    N), 0 for empty, or a sequence of puzzles in any accepted form (those of another shape
    than the first readable one are INVALID); ``threads`` as for :func:`solve_many` (the
    results do not depend on it).

    >>> canonical_many(["...4.3..4.......", "12..34..........", "1..."], box=(2, 2)).status.tolist()
    [0, 0, 3]
    """
    status, values, grids = _batch(puzzles, box, alphabet, form, threads, budget)
    if grids is None:
        return CanonicalManyResult(status, values, values)
    forms: List[Any] = [
        g.render(values[i].tobytes()) if g is not None and status[i] == SOLVED else None
        for i, g in enumerate(grids)
    ]
    return CanonicalManyResult(status, forms, values)


class Classes(NamedTuple):
    """Equivalence classes of a batch (see :func:`unique_classes`).

    ``representatives``: int64 indices of the first puzzle of each class, in input order;
    ``classes``: int64, for each puzzle the number of its class (its position in
    ``representatives``), -1 for a puzzle with no canonical form (unreadable, repeating
    givens, past the budget); ``status``: as :func:`canonical_many`'s.
    """

    representatives: npt.NDArray[np.int64]
    classes: npt.NDArray[np.int64]
    status: npt.NDArray[np.int8]


def unique_classes(
    puzzles: Any,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    threads: Optional[int] = None,
    budget: Optional[int] = None,
) -> Classes:
    """One representative of each equivalence class (the first met), and each puzzle's
    class.

    >>> unique_classes(["12..34..........", "..21..43........", "1..............."],
    ...                box=(2, 2)).classes.tolist()
    [0, 0, 1]
    """
    status, values, _ = _batch(puzzles, box, alphabet, "minlex", threads, budget)
    count = len(status)
    classes = np.full(count, -1, dtype=np.int64)
    seen: Dict[bytes, int] = {}
    reps: List[int] = []
    for i in range(count):
        if status[i] != SOLVED:
            continue
        key = values[i].tobytes()
        k = seen.get(key)
        if k is None:
            k = seen[key] = len(reps)
            reps.append(i)
        classes[i] = k
    return Classes(np.array(reps, dtype=np.int64), classes, status)
