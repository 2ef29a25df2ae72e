"""Variant Sudoku: a grid, its givens and a list of constraints, solved in the compiled core.

A :class:`Variant` is accepted wherever a classic puzzle is: :func:`fastsudoku.solve`
returns its solution as an N*N-character string in the puzzle's alphabet (``None`` if it
has none), :func:`fastsudoku.count_solutions`, :func:`fastsudoku.is_unique` and
:func:`fastsudoku.search` count.  Every constraint is propagated in the engine's own terms
(``engine="variant"``, with the GIL released): houses by naked and hidden singles, pair
rules by arc consistency on precomputed tables, sums by bounds and, for cages of distinct
digits, by the digit sets that can still make the total.

Cells are ``(row, column)`` pairs counted from 0, or ``"R1C1"`` strings counted from 1 (as
setters write them; case does not matter).

>>> import fastsudoku as fs
>>> from fastsudoku.variants import Variant, AntiKnight
>>> v = Variant("." * 81, constraints=[AntiKnight()])
>>> fs.count_solutions(v, limit=2)
2

Constraints (each a small frozen object; the grid's side comes from the givens):

- regions: :class:`Region` (any cells that all differ: windoku, disjoint groups ...),
  :class:`Diagonals` (X-Sudoku), irregular regions replacing the boxes
  (``Variant(regions=...)``: jigsaw);
- neighbours: :class:`AntiKnight`, :class:`AntiKing`, :class:`NonConsecutive`,
  :class:`AntiTaxicab`;
- cages and sums: :class:`Cage` (killer: digits differ, optional total),
  :class:`Sum` (a total over cells that may repeat: little killer diagonals);
- clues outside the grid: :class:`Sandwich` (the digits between the 1 and the N of a row
  or column), :class:`XSum` (the first X digits of a row or column, X the first),
  :class:`NumberedRoom` (the X-th digit is the clue, X the first), :class:`Lunchbox`
  (the digits between a set's least and greatest), :class:`Skyscraper`
  (how many digits are taller than all before them);
- lines: :class:`Thermo`, :class:`Arrow`, :class:`Whisper`, :class:`Renban`,
  :class:`Palindrome`, :class:`Between`, :class:`Lockout`, :class:`Zipper`,
  :class:`RegionSumLine`, :class:`SumLine`, :class:`Modular`, :class:`Entropic`;
- indexing: :class:`Indexing` (a cell's digit says where its column's number goes in
  its row, or its row's in its column);
- pairs: :class:`Kropki` (white: consecutive, black: one double the other), :class:`XV`,
  and :class:`NoOtherDots` / :class:`NoOtherXV` (the negative rules: pairs without a mark
  have none of its property);
- cells: :class:`Odd`, :class:`Even`, :class:`Candidates`, :class:`Contains` (the cells
  hold given digits: quadruple clues).

A rule that cannot hold (a cage total no digits make) is "no solution", not an error; a
malformed rule (a cell off the grid, a cage listing a cell twice, a thermometer whose cells
are not a path) raises :class:`fastsudoku.VariantError` naming the constraint.
"""

from __future__ import annotations

import itertools
import math
import operator
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from . import _core
from ._errors import ShapeError, VariantError
from ._fpuzzles import from_fpuzzles
from ._grid import Grid, parse
from ._iss import from_iss
from ._variant_generate import generate, jigsaw_layout, killer
from ._variant_io import from_json, from_text, to_iss, to_json

__all__ = [
    "Variant",
    "from_iss",
    "from_fpuzzles",
    "from_text",
    "from_json",
    "to_json",
    "to_iss",
    "generate",
    "killer",
    "jigsaw_layout",
    "Region",
    "Diagonals",
    "AntiKnight",
    "AntiKing",
    "NonConsecutive",
    "Cage",
    "Sum",
    "Sandwich",
    "XSum",
    "Thermo",
    "Arrow",
    "Whisper",
    "Renban",
    "Between",
    "Lockout",
    "Palindrome",
    "Zipper",
    "RegionSumLine",
    "SumLine",
    "Modular",
    "Entropic",
    "NumberedRoom",
    "Skyscraper",
    "Indexing",
    "AntiTaxicab",
    "Kropki",
    "NoOtherDots",
    "XV",
    "Relation",
    "CountingCircles",
    "HiddenSkyscraper",
    "EqualityCage",
    "RellikCage",
    "NoOtherXV",
    "Odd",
    "Even",
    "Candidates",
    "Contains",
    "Lunchbox",
    "VariantError",
]

CellRef = Union[Tuple[int, int], str]
_RC = re.compile(r"^[Rr](\d+)[Cc](\d+)$")


# Pair-rule tables by (side, key) and neighbour pairs by (side, steps): made once.
_TABLES: Dict[Tuple[int, int, Any], List[int]] = {}
_NEIGHBOURS: Dict[Tuple[int, Tuple[Tuple[int, int], ...]], List[Tuple[int, int]]] = {}
# Indexing's tables by (side, value): tables[k] for the place k + 1; AntiTaxicab's pairs by
# side, each with its distance.
_INDEX_TABLES: Dict[Tuple[int, int], List[List[int]]] = {}
_TAXICAB_PAIRS: Dict[int, List[Tuple[int, int, int]]] = {}


class _Builder:
    """What the constraints add, in engine terms (cells numbered row * n + column)."""

    def __init__(self, n: int, first: int = 1) -> None:
        self.n = n
        self.first = first  # the number the engine's digit 1 stands for (Variant.first)
        self.houses: List[List[int]] = []
        self.differ: List[Tuple[int, int]] = []
        self.arcs: List[Tuple[int, int, List[int]]] = []
        self.sums: List[Tuple[Any, ...]] = []
        self.init = [(1 << n) - 1] * (n * n)
        self.nboxes = 0  # the houses after the rows and columns that are boxes or regions

    def cell(self, ref: Any, where: str) -> int:
        n = self.n
        if type(ref) is tuple and len(ref) == 2:  # the common case, at speed
            row, col = ref
            if type(row) is int and type(col) is int and 0 <= row < n and 0 <= col < n:
                return row * n + col
        if isinstance(ref, str):
            m = _RC.match(ref.strip())
            if not m:
                raise VariantError(f"{where}: cell {ref!r} is not of the form R1C1")
            row, col = int(m.group(1)) - 1, int(m.group(2)) - 1
        else:
            try:
                row, col = (int(x) for x in ref)
            except (TypeError, ValueError):
                raise VariantError(
                    f"{where}: cell {ref!r} is neither a (row, column) pair nor 'R1C1'"
                ) from None
        if not (0 <= row < n and 0 <= col < n):
            raise VariantError(
                f"{where}: cell {ref!r} is off the {n}x{n} grid (pairs count from 0, 'R1C1' from 1)"
            )
        return row * n + col

    def cells(self, refs: Sequence[Any], where: str, *, distinct: bool = True) -> List[int]:
        if type(refs) is not list and (isinstance(refs, str) or not isinstance(refs, Sequence)):
            raise VariantError(f"{where}: expected a list of cells, got {refs!r}")
        n = self.n
        out = []
        for ref in refs:
            # cell()'s common case inline (a killer's cages: a third of their build).
            if type(ref) is tuple and len(ref) == 2:
                row, col = ref
                if type(row) is int and type(col) is int and 0 <= row < n and 0 <= col < n:
                    out.append(row * n + col)
                    continue
            out.append(self.cell(ref, where))
        if distinct and len(set(out)) != len(out):
            seen = set()
            for ref, x in zip(refs, out):
                if x in seen:
                    raise VariantError(f"{where}: cell {ref!r} is listed twice")
                seen.add(x)
        return out

    def pair(self, a: int, b: int, allowed: Callable[[int, int], bool], key: Any = None) -> None:
        """A pair rule between cells a and b: allowed(digit of a, digit of b)."""
        self.arcs.append((a, b, self.table(allowed, key)))

    def table(self, allowed: Callable[[int, int], bool], key: Any = None) -> List[int]:
        """The value table of a pair rule: table[x - 1] the mask of the digits y with
        allowed(value of x, value of y), the values being the numbers the digits stand
        for (first .. first + n - 1).  Made once per key (a rule's kind and parameters,
        which decide `allowed`), side and first value, and shared by every puzzle (never
        changed)."""
        n, shift = self.n, self.first - 1
        table = _TABLES.get((n, shift, key)) if key is not None else None
        if table is None:
            table = []
            for x in range(1, n + 1):
                mask = 0
                for y in range(1, n + 1):
                    if allowed(x + shift, y + shift):
                        mask |= 1 << (y - 1)
                table.append(mask)
            if key is not None:
                _TABLES[(n, shift, key)] = table
        return table

    def total(self, coefs: Sequence[int], total: int) -> int:
        """A sum's total over the values, as a total over the engine's digits (each
        value is its digit + first - 1)."""
        return total - (self.first - 1) * sum(coefs)

    def values(self, where: str) -> None:
        """Refuse a rule that reads the digits 1..N themselves (its clues name them)."""
        if self.first != 1:
            raise VariantError(
                f"{where}: only on grids of the digits 1..{self.n} (this one's are "
                f"{self.first}..{self.first + self.n - 1})"
            )

    def value_bit(self, value: Any, where: str) -> int:
        """A digit's bit from the number it stands for (checked: first..first+n-1)."""
        v = _int(value, where)
        lo, hi = self.first, self.first + self.n - 1
        if not lo <= v <= hi:
            raise VariantError(f"{where}: digit {v} is outside {lo}..{hi}")
        return 1 << (v - lo)

    def mask(self, value_ok: Callable[[int], bool]) -> int:
        """The digits whose values pass value_ok, as a mask."""
        shift = self.first - 1
        return sum(1 << (d - 1) for d in range(1, self.n + 1) if value_ok(d + shift))

    def neighbours(self, steps: Sequence[Tuple[int, int]]) -> List[Tuple[int, int]]:
        """The pairs of cells (a < b) one of the steps apart (made once a side and set of
        steps; shared, never changed)."""
        n = self.n
        key = (n, tuple(steps))
        out = _NEIGHBOURS.get(key)
        if out is None:
            out = []
            for row in range(n):
                for col in range(n):
                    for dr, dc in steps:
                        r2, c2 = row + dr, col + dc
                        if 0 <= r2 < n and 0 <= c2 < n and (row, col) < (r2, c2):
                            out.append((row * n + col, r2 * n + c2))
            _NEIGHBOURS[key] = out
        return out

    def line(self, refs: Sequence[Any], where: str, check: bool = True) -> List[int]:
        """A line's cells, checked to follow one another (unless check is False)."""
        cells = self.cells(refs, where)
        if check:
            self.path(cells, refs, where)
        return cells

    def path(self, cells: List[int], refs: Sequence[Any], where: str) -> None:
        n = self.n
        for (a, ra), (b, rb) in zip(zip(cells, refs), zip(cells[1:], refs[1:])):
            if max(abs(a // n - b // n), abs(a % n - b % n)) != 1:
                raise VariantError(
                    f"{where}: cells {ra!r} and {rb!r} are not neighbours (a line's cells "
                    "follow one another, orthogonally or diagonally)"
                )


_ORTHOGONAL = ((0, 1), (1, 0))


class Constraint:
    """A rule of a variant puzzle; subclasses add themselves to a _Builder."""

    def _add(self, b: _Builder) -> None:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def _name(self) -> str:
        return type(self).__name__


@dataclass(frozen=True)
class Region(Constraint):
    """Cells that all differ (a windoku window, a disjoint group, an extra house); a
    region of N cells holds every digit."""

    cells: Sequence[CellRef]

    def _add(self, b: _Builder) -> None:
        b.houses.append(b.cells(self.cells, self._name()))


@dataclass(frozen=True)
class Diagonals(Constraint):
    """X-Sudoku: the main diagonal, the anti-diagonal, or both, each holds every digit."""

    main: bool = True
    anti: bool = True

    def _add(self, b: _Builder) -> None:
        n = b.n
        if self.main:
            b.houses.append([i * n + i for i in range(n)])
        if self.anti:
            b.houses.append([i * n + (n - 1 - i) for i in range(n)])


@dataclass(frozen=True)
class AntiKnight(Constraint):
    """Cells a chess knight's move apart differ."""

    def _add(self, b: _Builder) -> None:
        b.differ += b.neighbours(((1, 2), (2, 1), (1, -2), (2, -1)))


@dataclass(frozen=True)
class AntiKing(Constraint):
    """Cells a chess king's move apart (diagonal neighbours included) differ."""

    def _add(self, b: _Builder) -> None:
        b.differ += b.neighbours(((0, 1), (1, 0), (1, 1), (1, -1)))


@dataclass(frozen=True)
class NonConsecutive(Constraint):
    """Orthogonal neighbours differ by more than 1."""

    def _add(self, b: _Builder) -> None:
        table = b.table(lambda x, y: abs(x - y) > 1, key="nonconsecutive")
        b.arcs += [(a, c, table) for a, c in b.neighbours(_ORTHOGONAL)]


@dataclass(frozen=True)
class Cage(Constraint):
    """A killer cage: its digits differ and, when ``total`` is given, sum to it."""

    cells: Sequence[CellRef]
    total: Optional[int] = None

    def _add(self, b: _Builder) -> None:
        where = f"Cage{'' if self.total is None else f' {self.total}'}"
        cells = b.cells(self.cells, where)
        if len(cells) > b.n:
            raise VariantError(f"{where}: {len(cells)} cells cannot hold distinct digits 1..{b.n}")
        b.houses.append(cells)
        total = self.total
        if total is not None:
            ones = [1] * len(cells)
            if not (type(total) is int and -_TOTAL_MOST <= total <= _TOTAL_MOST):
                total = _total(total, where)  # checked, and kept inside the engine's range
            b.sums.append((cells, ones, b.total(ones, total), True))


@dataclass(frozen=True)
class Sum(Constraint):
    """The digits of the cells sum to ``total`` (repeats allowed: a little killer
    diagonal, for example); with ``coefficients``, each digit times its coefficient."""

    cells: Sequence[CellRef]
    total: int
    coefficients: Optional[Sequence[int]] = None

    def _add(self, b: _Builder) -> None:
        where = f"Sum {self.total}"
        cells = b.cells(self.cells, where)
        coefs = [1] * len(cells) if self.coefficients is None else list(self.coefficients)
        if len(coefs) != len(cells):
            raise VariantError(f"{where}: {len(coefs)} coefficients for {len(cells)} cells")
        coefs = [_int(k, where) for k in coefs]
        for k in coefs:
            if abs(k) > _COEF_MOST:
                raise VariantError(
                    f"{where}: coefficient {k} is out of range (at most {_COEF_MOST} either way)"
                )
        b.sums.append((cells, coefs, b.total(coefs, _total(self.total, where)), False))


_LINE = re.compile(r"^\s*([RrCc])\s*(\d+)\s*$")


def _line_cells(b: _Builder, line: Any, reverse: bool, where: str) -> List[int]:
    """The cells of row or column `line` ('R3', 'C5', counting from 1) in order, from its
    end when `reverse`."""
    m = _LINE.match(line) if isinstance(line, str) else None
    if not m:
        raise VariantError(f"{where}: line {line!r} is not a row or column ('R1', 'C9')")
    n = b.n
    k = int(m.group(2)) - 1
    if not 0 <= k < n:
        raise VariantError(f"{where}: line {line!r} is off the {n}x{n} grid")
    row = m.group(1) in "Rr"
    cells = [k * n + i if row else i * n + k for i in range(n)]
    return cells[::-1] if reverse else cells


@dataclass(frozen=True)
class Sandwich(Constraint):
    """The digits between the 1 and the N (the grid's least and greatest digits) of a
    row or column sum to ``total`` (0: the two are next to each other).  ``line``:
    ``"R3"`` or ``"C5"``, counting from 1."""

    line: str
    total: int

    def _add(self, b: _Builder) -> None:
        where = f"Sandwich {self.total}"
        b.values(where)
        cells = _line_cells(b, self.line, False, where)
        total = _total(self.total, where)
        b.sums.append((cells, [1] * len(cells), total, False, None, _core.LINE_SANDWICH))


@dataclass(frozen=True)
class XSum(Constraint):
    """The first X digits of a row or column sum to ``total``, X being the first of them
    (counted from the row's left or the column's top, or from the other end with
    ``reverse=True``).  ``line``: ``"R3"`` or ``"C5"``, counting from 1."""

    line: str
    total: int
    reverse: bool = False

    def _add(self, b: _Builder) -> None:
        where = f"XSum {self.total}"
        b.values(where)
        cells = _line_cells(b, self.line, bool(self.reverse), where)
        total = _total(self.total, where)
        b.sums.append((cells, [1] * len(cells), total, False, None, _core.LINE_XSUM))


@dataclass(frozen=True)
class Thermo(Constraint):
    """Digits strictly increase along the line from its bulb (the first cell).
    ``check_path=False`` accepts cells that do not follow one another (as other tools do)."""

    cells: Sequence[CellRef]
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        cells = b.line(self.cells, "Thermo", self.check_path)
        for a, c in zip(cells, cells[1:]):
            b.pair(a, c, lambda x, y: x < y, key="<")


@dataclass(frozen=True)
class Arrow(Constraint):
    """The digits on the arrow sum to the number in its circle (a circle of several cells
    reads as a number, its first cell the leading digit)."""

    circle: Union[CellRef, Sequence[CellRef]]
    cells: Sequence[CellRef]
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        circle: Any = self.circle
        if isinstance(circle, str) or (
            isinstance(circle, tuple)
            and len(circle) == 2
            and all(isinstance(x, int) for x in circle)
        ):
            circle = [circle]  # one cell
        head = b.cells(circle, "Arrow circle")
        body = b.line(self.cells, "Arrow", self.check_path)
        if set(head) & set(body):
            raise VariantError("Arrow: a cell is in both its circle and its line")
        coefs = [1] * len(body) + [-(10 ** (len(head) - 1 - i)) for i in range(len(head))]
        b.sums.append((body + head, coefs, b.total(coefs, 0), False))


@dataclass(frozen=True)
class Whisper(Constraint):
    """Neighbours on the line differ by at least ``difference`` (German whispers: 5)."""

    cells: Sequence[CellRef]
    difference: int = 5
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        cells = b.line(self.cells, "Whisper", self.check_path)
        d = _int(self.difference, "Whisper")
        for a, c in zip(cells, cells[1:]):
            b.pair(a, c, lambda x, y: abs(x - y) >= d, key=("whisper", d))


@dataclass(frozen=True)
class Between(Constraint):
    """The digits on the line between its two ends (circles) lie strictly between the
    ends' digits."""

    cells: Sequence[CellRef]
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        cells = b.line(self.cells, "Between", self.check_path)
        if len(cells) > 2:  # two circles alone: no rule
            b.sums.append((cells, [1] * len(cells), 0, False, None, _core.LINE_BETWEEN))


@dataclass(frozen=True)
class Lockout(Constraint):
    """The line's two ends (diamonds) differ by at least ``difference``, and the digits
    between them on the line lie outside the ends' digits (neither between nor equal)."""

    cells: Sequence[CellRef]
    difference: int = 4
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        cells = b.line(self.cells, "Lockout", self.check_path)
        if len(cells) < 2:
            raise VariantError("Lockout: a line of at least two cells (its ends) is needed")
        gap = _total(self.difference, "Lockout")
        b.sums.append((cells, [1] * len(cells), gap, False, None, _core.LINE_LOCKOUT))


@dataclass(frozen=True)
class Renban(Constraint):
    """The line's digits are distinct and consecutive, in any order."""

    cells: Sequence[CellRef]
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        cells = b.line(self.cells, "Renban", self.check_path)
        k = len(cells)
        if k > b.n:
            raise VariantError(f"Renban: {k} cells cannot hold distinct digits 1..{b.n}")
        b.houses.append(cells)
        # The digit sets it may hold are the runs of k consecutive digits: the engine keeps
        # those its cells can still cover, as for a killer cage's sets (coefficients 0: no
        # total to bound).
        runs = [((1 << k) - 1) << lo for lo in range(b.n - k + 1)]
        b.sums.append((cells, [0] * k, 0, True, runs))


@dataclass(frozen=True)
class Palindrome(Constraint):
    """The line reads the same from both ends."""

    cells: Sequence[CellRef]
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        cells = b.line(self.cells, "Palindrome", self.check_path)
        for i in range(len(cells) // 2):
            b.pair(cells[i], cells[-1 - i], lambda x, y: x == y, key="=")


_EQUAL_ALL = 16  # equal sums between every two sets up to this many sets


def _equal_sums(b: _Builder, sets: List[List[int]]) -> None:
    """Every set of cells has the same sum (as the ISS does it: single cells equal each
    other, and one of them equals each longer set; without one, every two sets)."""
    singles = [s[0] for s in sets if len(s) == 1]
    multis = [s for s in sets if len(s) > 1]
    for x in singles[1:]:
        b.pair(singles[0], x, lambda p, q: p == q, key="=")
    if singles:
        pairs = [([singles[0]], m) for m in multis]
    elif len(multis) <= _EQUAL_ALL:
        pairs = [(multis[i], multis[j]) for i in range(len(multis)) for j in range(i)]
    else:  # each against the first: as many sums as sets, not their square
        pairs = [(multis[0], m) for m in multis[1:]]
    for one, other in pairs:
        coefs = [1] * len(one) + [-1] * len(other)
        b.sums.append((one + other, coefs, b.total(coefs, 0), False))


@dataclass(frozen=True)
class Zipper(Constraint):
    """Digits the same distance from the line's middle have the same sum; on a line of
    odd length, the middle digit is that sum."""

    cells: Sequence[CellRef]
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        cells = b.line(self.cells, "Zipper", self.check_path)
        k = len(cells)
        pairs = [[cells[i], cells[k - 1 - i]] for i in range(k // 2)]
        if k % 2:
            middle = cells[k // 2]
            for pair in pairs:
                coefs = [1, 1, -1]
                b.sums.append(([*pair, middle], coefs, b.total(coefs, 0), False))
        else:
            _equal_sums(b, pairs)


@dataclass(frozen=True)
class RegionSumLine(Constraint):
    """The line's digits have the same sum in each box it passes through (each time it
    passes: a run of its cells in one box is one sum).  On a grid without boxes the
    jigsaw regions count; without either, the rule says nothing."""

    cells: Sequence[CellRef]
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        cells = b.line(self.cells, "RegionSumLine", self.check_path)
        n = b.n
        region_of: Dict[int, int] = {}
        for k, house in enumerate(b.houses[2 * n : 2 * n + b.nboxes]):
            for x in house:
                region_of[x] = k
        if not region_of:
            return
        runs: List[List[int]] = []
        for x in cells:
            if runs and region_of[x] == region_of[runs[-1][-1]]:
                runs[-1].append(x)
            else:
                runs.append([x])
        _equal_sums(b, runs)


@dataclass(frozen=True)
class SumLine(Constraint):
    """The line's digits, in order, cut into runs that each sum to ``total`` (where to cut
    is not given); with ``loop=True`` the line closes on itself and may be cut anywhere
    around it."""

    cells: Sequence[CellRef]
    total: int = 10
    loop: bool = False
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        where = f"SumLine {self.total}"
        b.values(where)
        cells = b.line(self.cells, where, self.check_path)
        if not cells:
            raise VariantError(f"{where}: a line of at least one cell is needed")
        kind = _core.LINE_SUMLOOP if self.loop else _core.LINE_SUMLINE
        total = _total(self.total, where)
        b.sums.append((cells, [1] * len(cells), total, False, None, kind))


def _periodic_pairs(
    b: _Builder, cells: List[int], period: int, group: Callable[[int], int], key: Any
) -> None:
    """Every `period` cells in a row along the line fall in different groups: two cells
    less than `period` apart differ in group, two exactly `period` apart share it (which
    implies the rest; the pairs grow as the line times the period, not its square)."""
    same = b.table(lambda p, q: group(p) == group(q), key=("same", key))
    differ = b.table(lambda p, q: group(p) != group(q), key=("differ", key))
    for i, x in enumerate(cells):
        for j in range(i + 1, min(len(cells), i + period + 1)):
            b.arcs.append((x, cells[j], same if j - i == period else differ))


@dataclass(frozen=True)
class Modular(Constraint):
    """Every ``mod`` cells in a row along the line have different remainders modulo
    ``mod`` (mod 3: one of 147, one of 258, one of 369)."""

    cells: Sequence[CellRef]
    mod: int = 3
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        cells = b.line(self.cells, "Modular", self.check_path)
        mod = _int(self.mod, "Modular")
        if mod < 1:
            raise VariantError(f"Modular: mod {mod} is not at least 1")
        _periodic_pairs(b, cells, mod, lambda v: v % mod, ("mod", mod))


@dataclass(frozen=True)
class Entropic(Constraint):
    """Every three cells in a row along the line hold a low, a middle and a high digit
    (on 9x9: one of 123, one of 456, one of 789; the values in thirds)."""

    cells: Sequence[CellRef]
    check_path: bool = True

    def _add(self, b: _Builder) -> None:
        cells = b.line(self.cells, "Entropic", self.check_path)
        if b.n % 3:
            raise VariantError(f"Entropic: a {b.n}x{b.n} grid's digits do not split in thirds")
        third, first = b.n // 3, b.first
        _periodic_pairs(b, cells, 3, lambda v: (v - first) // third, "entropy")


@dataclass(frozen=True)
class NumberedRoom(Constraint):
    """The X-th digit of a row or column (from its left or top, or from the other end
    with ``reverse=True``) is ``clue``, X being the first digit from that end.  ``line``:
    ``"R3"`` or ``"C5"``, counting from 1."""

    line: str
    clue: int
    reverse: bool = False

    def _add(self, b: _Builder) -> None:
        where = f"NumberedRoom {self.clue}"
        b.values(where)
        cells = _line_cells(b, self.line, bool(self.reverse), where)
        _index(b, cells[0], cells, _int(self.clue, where))


@dataclass(frozen=True)
class Skyscraper(Constraint):
    """Seen from the clue's end of a row or column (its left or top, or the other end
    with ``reverse=True``), ``clue`` digits are taller than every digit before them (the
    digits are the heights of buildings; the taller hide the lower).  ``line``: ``"R3"``
    or ``"C5"``, counting from 1."""

    line: str
    clue: int
    reverse: bool = False

    def _add(self, b: _Builder) -> None:
        where = f"Skyscraper {self.clue}"
        b.values(where)  # the ISS: a 0 is no building (not seen), a rule of its own
        cells = _line_cells(b, self.line, bool(self.reverse), where)
        clue = _total(self.clue, where)
        b.sums.append((cells, [1] * len(cells), clue, False, None, _core.LINE_SKYSCRAPER))


_COUNT_SETS = 20000  # CountingCircles: the digit sets listed, up to this many


@dataclass(frozen=True)
class CountingCircles(Constraint):
    """Circled cells: the number in each tells how many circles hold it (a number n is
    in none of them or in exactly n).  (The Interactive Sudoku Solver's
    ``CountingCircles``.)"""

    cells: Sequence[CellRef]

    def _add(self, b: _Builder) -> None:
        where = "CountingCircles"
        cells = b.cells(self.cells, where)
        k = len(cells)
        if not 1 <= k <= 64:
            raise VariantError(f"{where}: 1 to 64 cells, got {k}")
        # The digit sets whose numbers (at least 1) add up to the count of circles.
        numbers = [x for x in range(b.first, b.first + b.n) if x >= 1]
        sets: List[int] = []

        def grow(i: int, left: int, mask: int) -> None:
            if left == 0:
                sets.append(mask)
                return
            if len(sets) > _COUNT_SETS:
                raise VariantError(
                    f"{where}: {k} circles have over {_COUNT_SETS:,} sets of numbers"
                )
            for j in range(i, len(numbers)):
                x = numbers[j]
                if x > left:
                    break
                grow(j + 1, left - x, mask | 1 << (x - b.first))

        grow(0, k, 0)
        b.sums.append((cells, [0] * k, b.first, False, sets, _core.RULE_COUNT))


@dataclass(frozen=True)
class HiddenSkyscraper(Constraint):
    """Seen from the clue's end of a row or column (its left or top, or the other end
    with ``reverse=True``), the first digit lower than one before it (the first building
    hidden) is ``clue``.  ``line``: ``"R3"`` or ``"C5"``, counting from 1.  (The
    Interactive Sudoku Solver's ``HiddenSkyscraper``; on grids of 0..N-1 too.)"""

    line: str
    clue: int
    reverse: bool = False

    def _add(self, b: _Builder) -> None:
        where = f"HiddenSkyscraper {self.clue}"
        if b.n > 63:
            raise VariantError(f"{where}: on sides up to 63 (this one is {b.n})")
        cells = _line_cells(b, self.line, bool(self.reverse), where)
        # The clue's digit (heights keep their order whatever number digit 1 stands for);
        # one no digit is makes no solution.
        digit = _total(self.clue, where) - b.first + 1
        b.sums.append((cells, [1] * len(cells), digit, False, None, _core.LINE_HIDDEN))


def _index(b: _Builder, control: int, cells: List[int], value: int) -> None:
    """The cell cells[d - 1] holds `value`, d being the control cell's digit (the digits
    are the values: the callers refuse other grids)."""
    # Cached only for the values a digit can hold (a clue's value is the caller's: the
    # caches stay bounded by the sides).
    cached = 1 <= value <= b.n
    key = (b.n, value)
    tables = _INDEX_TABLES.get(key) if cached else None
    if tables is None:
        tables = []
        for place in range(1, b.n + 1):

            def holds(p: int, q: int, place: int = place) -> bool:
                return p != place or q == value

            tables.append(b.table(holds, ("index", place, value) if cached else None))
        if cached:
            _INDEX_TABLES[key] = tables
    for k, x in enumerate(cells):
        if x != control:
            b.arcs.append((control, x, tables[k]))
        elif k + 1 != value:
            b.init[x] &= ~(1 << k)  # holding k + 1, it would be the cell that holds value


@dataclass(frozen=True)
class Indexing(Constraint):
    """Indexing cells: with ``by="column"``, a cell of column c holding d means that the
    d-th cell of its row holds c (columns counted from 1); with ``by="row"``, the d-th
    cell of its column holds its row's number."""

    cells: Sequence[CellRef]
    by: str = "column"

    def _add(self, b: _Builder) -> None:
        where = f"Indexing by {self.by}"
        if self.by not in ("column", "row"):
            raise VariantError(f"Indexing: by {self.by!r} is neither 'column' nor 'row'")
        b.values(where)
        n = b.n
        for x in b.cells(self.cells, where):
            row, col = divmod(x, n)
            if self.by == "column":
                _index(b, x, [row * n + k for k in range(n)], col + 1)
            else:
                _index(b, x, [k * n + col for k in range(n)], row + 1)


_TAXICAB_MOST = 25


def _taxicab(d: int) -> Callable[[int, int], bool]:
    return lambda p, q: not (p == q == d)


@dataclass(frozen=True)
class AntiTaxicab(Constraint):
    """Two cells holding the same digit d are not d steps apart counted along rows and
    columns (taxicab distance)."""

    def _add(self, b: _Builder) -> None:
        b.values("AntiTaxicab")
        n = b.n
        if n > _TAXICAB_MOST:
            # Its pairs grow as the side's fourth power (a 64x64 grid: millions).
            raise VariantError(f"AntiTaxicab: grids up to {_TAXICAB_MOST}x{_TAXICAB_MOST}")
        pairs = _TAXICAB_PAIRS.get(n)
        if pairs is None:
            pairs = []
            for x in range(n * n):
                for y in range(x + 1, n * n):
                    dr, dc = abs(x // n - y // n), abs(x % n - y % n)
                    # Cells in one row or column differ anyway.
                    if dr and dc and dr + dc <= n:
                        pairs.append((x, y, dr + dc))
            if n <= 16:  # kept for the common sides (25x25: 100,000 pairs)
                _TAXICAB_PAIRS[n] = pairs
        tables = [b.table(_taxicab(d), key=("taxicab", d)) for d in range(n + 1)]
        b.arcs += [(x, y, tables[d]) for x, y, d in pairs]


def _white(x: int, y: int) -> bool:
    return abs(x - y) == 1


def _black(x: int, y: int) -> bool:
    return x == 2 * y or y == 2 * x


@dataclass(frozen=True)
class Kropki(Constraint):
    """A dot between two orthogonal neighbours: ``"white"`` (consecutive digits) or
    ``"black"`` (one is double the other)."""

    a: CellRef
    b: CellRef
    kind: str = "white"

    def _add(self, b: _Builder) -> None:
        where = f"Kropki {self.kind}"
        x, y = b.cell(self.a, where), b.cell(self.b, where)
        _orthogonal(b, x, y, self.a, self.b, where)
        if self.kind not in ("white", "black"):
            raise VariantError(f"Kropki: kind {self.kind!r} is neither 'white' nor 'black'")
        b.pair(x, y, _white if self.kind == "white" else _black, key=self.kind)


@dataclass(frozen=True)
class XV(Constraint):
    """An X (the two digits sum to 10) or a V (to 5) between orthogonal neighbours."""

    a: CellRef
    b: CellRef
    kind: str = "X"

    def _add(self, b: _Builder) -> None:
        where = f"XV {self.kind}"
        x, y = b.cell(self.a, where), b.cell(self.b, where)
        _orthogonal(b, x, y, self.a, self.b, where)
        total = {"X": 10, "V": 5}.get(str(self.kind).upper())
        if total is None:
            raise VariantError(f"XV: kind {self.kind!r} is neither 'X' nor 'V'")
        b.pair(x, y, lambda p, q: p + q == total, key=("sum", total))


_RELATION_SETS = 5000  # Relation(every_pair=True): digit sets listed up to this many k-subsets


@dataclass(frozen=True)
class Relation(Constraint):
    """A rule of your own between cells: ``allowed`` lists the (x, y) pairs of numbers
    that may stand in two cells, the first cell's number first.  It binds each cell to
    the next in ``cells`` (a chain), or, with ``every_pair``, every two of them in list
    order; a relation that never allows a number beside itself makes those cells all
    differ.  (The Interactive Sudoku Solver's ``Pair`` and ``PairX``.)

    >>> import fastsudoku as fs
    >>> knight = Relation([(0, 0), (1, 2)], [(x, y) for x in range(1, 10)
    ...                                       for y in range(1, 10) if x + y == 10])
    >>> v = Variant("." * 81, constraints=[knight])
    >>> grid = fs.solve(v)
    >>> int(grid[0]) + int(grid[11])
    10
    """

    cells: Sequence[CellRef]
    allowed: Sequence[Tuple[int, int]]
    every_pair: bool = False

    def _add(self, b: _Builder) -> None:
        where = "Relation"
        cells = b.cells(self.cells, where)
        if len(cells) < 2:
            raise VariantError(f"{where}: needs two cells or more, got {len(cells)}")
        table = [0] * b.n
        try:
            pairs = [tuple(pair) for pair in self.allowed]
        except TypeError:
            raise VariantError(f"{where}: allowed must list (x, y) pairs of numbers") from None
        for pair in pairs:
            if len(pair) != 2:
                raise VariantError(f"{where}: {pair!r} is not an (x, y) pair")
            x = b.value_bit(pair[0], where).bit_length() - 1
            table[x] |= b.value_bit(pair[1], where)
        if self.every_pair:
            k = len(cells)
            links = [(cells[i], cells[j]) for i in range(k) for j in range(i + 1, k)]
            if not any(table[x] >> x & 1 for x in range(b.n)):
                # All differ: a house too, and for a symmetric relation the digit sets
                # whose every two digits it allows (kept as a renban's runs are, while
                # the cells can cover them; the ISS's PairX does the like).
                b.houses.append(cells)
                symmetric = all(
                    (table[x] >> y & 1) == (table[y] >> x & 1) for x in range(b.n) for y in range(x)
                )
                if symmetric and 2 < k <= b.n and math.comb(b.n, k) <= _RELATION_SETS:
                    sets = []
                    for digits in itertools.combinations(range(b.n), k):
                        mask = 0
                        for x in digits:
                            mask |= 1 << x
                        if all(table[x] & mask == mask & ~(1 << x) for x in digits):
                            sets.append(mask)
                    b.sums.append((cells, [0] * k, 0, True, sets))
        else:
            links = list(zip(cells, cells[1:]))
        for a, c in links:
            b.arcs.append((a, c, table))


_CAGE_SETS = 20000  # EqualityCage, RellikCage: their digit sets, up to this many k-subsets


# _cage_sets' lists by (side, first, cells, the rule and its number): made once, shared
# (never changed), at most 4,096 of them.
_CAGE_SET_LISTS: Dict[Tuple[int, int, int, Any], List[int]] = {}


def _cage_sets(
    b: _Builder, cells: List[int], where: str, keep: Callable[[List[int]], bool], key: Any
) -> None:
    """A cage of distinct digits whose digit sets are those `keep` accepts (given the
    numbers they stand for; `key` names the rule and its number, for the cache): the
    cells a house, and the sets kept as a renban's runs are (v_sum_sets: the cells keep
    the values of the sets they can still cover)."""
    k = len(cells)
    if k == 0:
        raise VariantError(f"{where}: no cells")
    if k > b.n:
        raise VariantError(f"{where}: {k} cells cannot hold distinct digits 1..{b.n}")
    if math.comb(b.n, k) > _CAGE_SETS:
        raise VariantError(
            f"{where}: {k} cells on a side of {b.n} have {math.comb(b.n, k):,} digit sets "
            f"(up to {_CAGE_SETS:,} are supported)"
        )
    b.houses.append(cells)
    cache_key = (b.n, b.first, k, key)
    sets = _CAGE_SET_LISTS.get(cache_key)
    if sets is None:
        sets = []
        for digits in itertools.combinations(range(b.n), k):
            if keep([x + b.first for x in digits]):
                mask = 0
                for x in digits:
                    mask |= 1 << x
                sets.append(mask)
        if len(_CAGE_SET_LISTS) < 4096:
            sets = _CAGE_SET_LISTS.setdefault(cache_key, sets)
    if sets:
        b.sums.append((cells, [0] * k, 0, True, sets))
    else:
        # No digit set keeps the rule (an equality cage of odd size): no solution -- a
        # sum of nothing that must make 1 (an empty list of sets would bind nothing).
        b.sums.append((cells, [0] * k, 1, False))


@dataclass(frozen=True)
class EqualityCage(Constraint):
    """A cage of distinct digits with as many even numbers as odd ones and as many from
    the low half of the numbers as from the high half; with an odd count of numbers the
    middle one is in neither half, so not in the cage.  (The Interactive Sudoku Solver's
    ``EqualityCage``.)"""

    cells: Sequence[CellRef]

    def _add(self, b: _Builder) -> None:
        where = "EqualityCage"
        cells = b.cells(self.cells, where)
        half = b.n // 2
        low, high = b.first + half, b.first + b.n - half  # below low; high and above

        def keep(numbers: List[int]) -> bool:
            k = len(numbers)
            even = sum(1 for x in numbers if x % 2 == 0)
            below = sum(1 for x in numbers if x < low)
            above = sum(1 for x in numbers if x >= high)
            return 2 * even == k and below == above and below + above == k

        _cage_sets(b, cells, where, keep, "equality")


@dataclass(frozen=True)
class RellikCage(Constraint):
    """A cage of distinct digits in which no one or more of its numbers sum to
    ``total``.  (The Interactive Sudoku Solver's ``RellikCage``.)"""

    cells: Sequence[CellRef]
    total: int

    def _add(self, b: _Builder) -> None:
        where = f"RellikCage {self.total}"
        cells = b.cells(self.cells, where)
        total = _int(self.total, where)

        def keep(numbers: List[int]) -> bool:
            if total < 0:
                return True  # numbers from 0 up: no subset makes a negative total
            sums = 0  # bit t: some non-empty subset totals t
            for x in numbers:
                sums |= (sums << x) | (1 << x)
            return not sums >> total & 1

        _cage_sets(b, cells, where, keep, ("rellik", total))


class _Negative(Constraint):
    """A negative rule: it needs the puzzle's marks, so Variant applies it (_negative)."""

    def _add(self, b: _Builder) -> None:
        pass


@dataclass(frozen=True)
class NoOtherDots(_Negative):
    """The negative rule of kropki: orthogonal neighbours without a dot of a kind (the
    puzzle's Kropki constraints) are not consecutive (white) / not in ratio 2 (black)."""

    white: bool = True
    black: bool = True


@dataclass(frozen=True)
class NoOtherXV(_Negative):
    """The negative rule of XV: neighbours without an X do not sum to 10, without a V not
    to 5."""

    x: bool = True
    v: bool = True


@dataclass(frozen=True)
class Odd(Constraint):
    """The cells hold odd digits."""

    cells: Sequence[CellRef]

    def _add(self, b: _Builder) -> None:
        mask = b.mask(lambda v: v % 2 == 1)
        for x in b.cells(self.cells, "Odd"):
            b.init[x] &= mask


@dataclass(frozen=True)
class Even(Constraint):
    """The cells hold even digits."""

    cells: Sequence[CellRef]

    def _add(self, b: _Builder) -> None:
        mask = b.mask(lambda v: v % 2 == 0)
        for x in b.cells(self.cells, "Even"):
            b.init[x] &= mask


@dataclass(frozen=True)
class Candidates(Constraint):
    """A cell holds one of the given digits."""

    cell: CellRef
    values: Sequence[int]

    def _add(self, b: _Builder) -> None:
        x = b.cell(self.cell, "Candidates")
        mask = 0
        for v in self.values:
            mask |= b.value_bit(v, "Candidates")
        b.init[x] &= mask


@dataclass(frozen=True)
class Lunchbox(Constraint):
    """The cells (in order, usually a row or column) differ, and those between the one
    holding their least digit and the one holding their greatest sum to ``total``."""

    cells: Sequence[CellRef]
    total: int

    def _add(self, b: _Builder) -> None:
        where = f"Lunchbox {self.total}"
        b.values(where)
        cells = b.cells(self.cells, where)
        if not 2 <= len(cells) <= b.n:
            raise VariantError(f"{where}: {len(cells)} cells (2..{b.n} that differ)")
        b.houses.append(cells)
        total = _total(self.total, where)
        b.sums.append((cells, [1] * len(cells), total, False, None, _core.RULE_LUNCHBOX))


@dataclass(frozen=True)
class Contains(Constraint):
    """The cells hold the ``values`` (a value listed twice, at least twice; with
    ``exactly=True``, exactly as often as listed): a quadruple clue is the four cells
    around a corner and up to four values."""

    cells: Sequence[CellRef]
    values: Sequence[int]
    exactly: bool = False

    def _add(self, b: _Builder) -> None:
        where = "Contains"
        cells = b.cells(self.cells, where)
        bits = [b.value_bit(v, where) for v in self.values]
        if len(bits) > len(cells):
            raise VariantError(f"{where}: {len(cells)} cells cannot hold {len(bits)} values")
        if bits:
            target = 1 if self.exactly else 0
            b.sums.append(
                (cells, [0] * len(cells), target, False, sorted(bits), _core.RULE_CONTAIN)
            )


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool):
        raise VariantError(f"{where}: {value!r} is not an integer")
    try:
        return operator.index(value)
    except TypeError:
        raise VariantError(f"{where}: {value!r} is not an integer") from None


_COEF_MOST = 1 << 20  # a Sum's coefficients: the engine's totals stay far inside 64 bits
_TOTAL_MOST = 1 << 40  # beyond any total N*N digits of at most 64 times _COEF_MOST make


def _total(value: Any, where: str) -> int:
    """A sum's total; one no digits can reach stays unreachable but fits the engine."""
    total = _int(value, where)
    return max(-_TOTAL_MOST, min(_TOTAL_MOST, total))


def variant_text(grid: Grid, values: bytes) -> Any:
    """A solution of a variant puzzle: N*N characters in the puzzle's alphabet (the
    puzzle's own form when it has no single-character alphabet)."""
    if grid.symbols is not None and len(grid.symbols) >= grid.n:
        return "".join(grid.symbols[v - 1] for v in values)
    return grid.render(values)


def _orthogonal(b: _Builder, x: int, y: int, ra: Any, rb: Any, where: str) -> None:
    n = b.n
    if abs(x // n - y // n) + abs(x % n - y % n) != 1:
        raise VariantError(f"{where}: cells {ra!r} and {rb!r} are not orthogonal neighbours")


def _no_dot(white: bool, black: bool) -> Callable[[int, int], bool]:
    return lambda p, q: not (white and _white(p, q)) and not (black and _black(p, q))


def _no_mark(x: bool, v: bool) -> Callable[[int, int], bool]:
    return lambda p, q: not (x and p + q == 10) and not (v and p + q == 5)


def _negative(b: _Builder, constraints: Sequence[Constraint]) -> None:
    """The negative rules: every orthogonal pair without a mark of the kind."""
    dots: Dict[Tuple[int, int], str] = {}
    xv: Dict[Tuple[int, int], str] = {}
    for c in constraints:
        if isinstance(c, Kropki):
            x, y = b.cell(c.a, "Kropki"), b.cell(c.b, "Kropki")
            dots[(min(x, y), max(x, y))] = c.kind
        elif isinstance(c, XV):
            x, y = b.cell(c.a, "XV"), b.cell(c.b, "XV")
            xv[(min(x, y), max(x, y))] = str(c.kind).upper()
    for c in constraints:
        if isinstance(c, NoOtherDots):
            table = b.table(_no_dot(c.white, c.black), key=("nodot", c.white, c.black))
            b.arcs += [(x, y, table) for x, y in b.neighbours(_ORTHOGONAL) if (x, y) not in dots]
        elif isinstance(c, NoOtherXV):
            table = b.table(_no_mark(c.x, c.v), key=("noxv", c.x, c.v))
            b.arcs += [(x, y, table) for x, y in b.neighbours(_ORTHOGONAL) if (x, y) not in xv]


_BOXED = "auto"  # the classic boxes of the side (or none when regions are given)


@dataclass(frozen=True)
class Variant:
    """A variant puzzle: givens, the grid's houses and constraints.

    ``givens``: the puzzle as for :func:`fastsudoku.solve` (a string of N*N cells, '.'
    or '0' empty, a list, an array ...); ``box``: ``"auto"`` (the classic boxes of a square
    side), the box shape (rows, columns) for sides that are not squares, or ``None`` for a
    grid without boxes (rows and columns only);
    ``regions``: irregular regions replacing the boxes (jigsaw) -- N lists of N cells, or
    a string of N*N region labels, one character a cell; ``constraints``: the rules;
    ``alphabet``: the symbols of the digits 1..N in the givens and solutions.

    ``first``: the number the first digit stands for, 1 by default; 0 for the puzzles
    whose grids hold 0..N-1 (the Interactive Sudoku Solver's ``Shape~9x9~0-8``).  The rules
    read the digits as these numbers (a cage's total, a dot's ratio, odd and even,
    :class:`Candidates`); the givens and solutions are in the alphabet, whose default is
    then the numbers themselves when they are single digits ("012345678").  Sandwich and
    X-sum clues name the digits 1..N and are refused on other grids.
    """

    givens: Any
    box: Any = _BOXED
    regions: Any = None
    constraints: Sequence[Constraint] = ()
    alphabet: Optional[str] = None
    first: int = 1
    _built: Dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __reduce__(self) -> Any:
        # Without the built model (compiled; rebuilt where it is unpickled): a Variant goes
        # to other processes and machines (fastsudoku.dask) as its rules.
        return (
            Variant,
            (self.givens, self.box, self.regions, self.constraints, self.alphabet, self.first),
        )

    def _repr_svg_(self) -> Optional[str]:
        """Jupyter's picture of the puzzle: its grid, givens and rules."""
        from .render import _repr_svg

        return _repr_svg(self)

    def grid(self) -> Grid:
        """The givens, parsed (values, alphabet, the way back to the puzzle's form)."""
        self._build()
        grid: Grid = self._built["grid"]
        return grid

    def model(self) -> Any:
        """The constraints in the engine's form (built once)."""
        self._build()
        return self._built["model"]

    def _build(self) -> None:
        if "model" in self._built:
            return
        explicit = not _default_box(self.box) and self.box is not None
        first = _int(self.first, "Variant first")
        if abs(first) > _COEF_MOST:
            raise VariantError(f"Variant first: {first} is out of range (at most {_COEF_MOST})")
        alphabet = self.alphabet
        if alphabet is None and first != 1:
            side = _side(self.givens)
            if side is not None and first >= 0 and first + side <= 10:
                alphabet = "0123456789"[first : first + side]
        try:
            grid = parse(self.givens, self.box if explicit else None, alphabet)
        except ShapeError:
            # A side that is not a square, on a grid without boxes (a 7x7 jigsaw): read it
            # with rows for boxes (the box shape only matters to classic Sudoku).
            if explicit or (_default_box(self.box) and self.regions is None):
                raise
            side = _side(self.givens)
            if side is None:
                raise
            grid = parse(self.givens, (1, side), alphabet)
        n = grid.n
        b = _Builder(n, first)
        if self.regions is not None:
            if not _default_box(self.box) and self.box is not None:
                raise VariantError("regions replace the boxes: give regions or box, not both")
            b.houses += _lines_of(n)
            b.houses += _regions(b, self.regions)
        else:
            b.houses += _classic_houses(n, grid.r, grid.c, self.box is not None)
        b.nboxes = len(b.houses) - 2 * n
        constraints = list(self.constraints)
        for con in constraints:
            if not isinstance(con, Constraint):
                raise VariantError(f"{con!r} is not a constraint of fastsudoku.variants")
            con._add(b)
        _negative(b, constraints)
        made = list(b.sums)
        # Derived sums, each once (and none already made): the law of leftovers, merged
        # sums and sums crossed over a house, all from the rules' own sums.
        derived = _innies(b, made)
        derived += _core.combined_sums(n, b.houses, b.differ, made)
        derived += _core.intersection_sums(n, b.houses, b.differ, made)
        b.sums += _new_sums(made, derived)
        model = _core.VariantModel(n, b.houses, b.differ, b.arcs, b.sums, b.init)
        _check_givens(model, grid)
        self._built["grid"] = grid
        self._built["model"] = model


def _default_box(box: Any) -> bool:
    return isinstance(box, str) and box == _BOXED


_LEFTOVER_MOST = 6  # cells of a leftover sum with terms on both sides of a region's edge


def _innies(b: _Builder, made: List[Tuple[Any, ...]]) -> List[Tuple[Any, ...]]:
    """The law of leftovers for killer cages (compiled: _core.leftover_sums).  A region
    made of k houses (rows, columns, boxes and their unions) holds each digit k times, so
    its cells sum to k N(N+1)/2.  Take the cages with more than half of their cells inside
    the region (a set of cages that do not overlap): the region's cells in none of them
    (A) sum to that total minus the cages' totals plus the cages' cells outside the region
    (B).  Counting a cage by its larger side keeps both A and B small, so the derived sums
    are short: each becomes a sum of its own (sum A - sum B = constant) when A and B hold
    at most _LEFTOVER_MOST cells, or up to N cells with at most 2 on one side and a cell
    in no cage (longer ones over caged cells only add work); A alone in one house is a
    distinct sum propagated like a cage.  For a single house, each cage with exactly one
    cell outside it gives one more (the outie).  The idea of counting a cage on its larger
    side is the Interactive Sudoku Solver's (its optimizer).  Returns them (the
    caller drops those already made)."""
    return _core.leftover_sums(b.n, b.houses, b.nboxes, made, _LEFTOVER_MOST)


def _new_sums(made: List[Tuple[Any, ...]], derived: List[Tuple[Any, ...]]) -> List[Tuple[Any, ...]]:
    """The derived sums whose equations are not already among `made` nor earlier in
    `derived` (the leftovers of a row and of a box can be one equation written twice,
    once each way round: propagating it twice is wasted work).  Compiled:
    _core.new_sums."""
    out: List[Tuple[Any, ...]] = _core.new_sums(made, derived)
    return out


def _side(givens: Any) -> Optional[int]:
    """The side of a grid given as a line of N*N cells, if it is one."""
    if isinstance(givens, str):
        k = len("".join(givens.split()))
        side = math.isqrt(k)
        if side * side == k:
            return side
    return None


def _regions(b: _Builder, regions: Any) -> List[List[int]]:
    n = b.n
    if isinstance(regions, str):
        text = "".join(regions.split())
        if len(text) != n * n:
            raise VariantError(f"regions: {len(text)} labels for the {n * n} cells")
        groups: Dict[str, List[int]] = {}
        for x, ch in enumerate(text):
            groups.setdefault(ch, []).append(x)
        out = list(groups.values())
    else:
        out = [b.cells(r, f"region {k + 1}") for k, r in enumerate(regions)]
    if len(out) != n or any(len(r) != n for r in out):
        raise VariantError(f"regions: expected {n} regions of {n} cells each")
    if not isinstance(regions, str) and len({x for r in out for x in r}) != n * n:
        raise VariantError("regions: the regions overlap (each cell is in exactly one)")
    return out


def _check_givens(model: Any, grid: Grid) -> None:
    """Two equal givens in one house is a malformed puzzle: say where (the first such
    pair, house by house, found by the compiled model)."""
    found = model.repeated(grid.values)
    if found is not None:
        n = grid.n
        y, x = found
        raise VariantError(
            f"givens repeat {grid.values[x]} at R{y // n + 1}C{y % n + 1} and "
            f"R{x // n + 1}C{x % n + 1}, cells that must differ"
        )


_HOUSES: Dict[Tuple[int, int, int, bool], List[List[int]]] = {}


def _lines_of(n: int) -> List[List[int]]:
    """The rows, then the columns, of an n x n grid."""
    return [[r * n + c for c in range(n)] for r in range(n)] + [
        [r * n + c for r in range(n)] for c in range(n)
    ]


def _classic_houses(n: int, r: int, c: int, boxes: bool) -> List[List[int]]:
    """Rows, columns and (if `boxes`) the r x c boxes, made once a shape (the lists are
    shared: nothing changes them)."""
    key = (n, r, c, boxes)
    houses = _HOUSES.get(key)
    if houses is None:
        houses = _lines_of(n)
        if boxes:
            houses += [
                [(br * r + i) * n + bc * c + j for i in range(r) for j in range(c)]
                for br in range(c)
                for bc in range(r)
            ]
        _HOUSES[key] = houses
    return list(houses)
