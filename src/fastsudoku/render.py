"""Pictures of puzzles: an SVG document of a grid, its givens, a solution and a variant's
rules, and printable A4 sheets of several puzzles.

:func:`render` draws one puzzle in any form the package reads (a string of N*N symbols,
N lines, lists, arrays; ``box=(r, c)`` and ``alphabet=`` as for :func:`fastsudoku.solve`)
or a :class:`fastsudoku.variants.Variant`; :func:`render_sheet` puts several on A4 pages,
numbered (:func:`iter_sheet` makes the same pages one at a time).

What a picture shows:

- every side 1..64 and every box shape: thin cell lines, thick lines between boxes and
  around the grid (a jigsaw's region borders instead of box lines; none for a grid without
  boxes);
- the givens in bold black, a solution's other digits in blue, centred in their cells;
  with ``show_candidates=True``, the candidates of each empty cell as small grey digits
  (the values no given strikes out: a given's value is struck from every cell that must
  differ from it, and the odd, even and candidate-set rules are applied);
- the symbols: the puzzle's own alphabet as the package reads it (``1-9`` then ``A-Z``,
  hex ``0-F``, letters, ``alphabet=``): a 16x16 string shows ``A``..``G`` for 10..16; a
  puzzle with no one-character alphabet (numbers separated by spaces, lists, arrays) shows
  the numbers ``10``..``64``.  Two-character symbols get a smaller font, the same in every
  cell;
- a variant's rules drawn the usual way: jigsaw regions (thick borders), extra regions
  (tinted cells), diagonals (thin blue lines), killer cages (dashed inset outlines, the
  total in the top-left corner of the cage's first cell in reading order), thermometers
  (grey bulb and thick grey line), arrows (circle, line and arrowhead), Kropki dots (white
  or black on the edge), X and V (letters on the edge), quadruples (a circle on the
  corner with its digits), odd (grey circle) and even (grey square) cells, candidate sets
  (small digits), indexing cells (tinted red), coloured lines (whisper green, renban
  purple, palindrome grey, between: thin grey with circles at its ends, lockout: diamonds
  at its ends, zipper, region-sum, sum, modular and entropic lines, each its colour),
  outside clues (sandwich, X-sum, skyscraper, numbered room, lunchbox, and little killer
  sums with an arrow along their diagonal);
- under the grid, a small legend: the rules that are not drawn (anti-knight, anti-king,
  non-consecutive, anti-taxicab, the negative dot and XV rules), the meaning of line
  colours and outside clues, and any rule that has no picture of its own.  A rule is
  never an error because it cannot be drawn.

Every document is valid XML (text is escaped, coordinates are finite numbers written
with at most two decimals) and the same input gives the same bytes.  Bad input raises
what the package raises for it (:class:`fastsudoku.ParseError`,
:class:`fastsudoku.ShapeError`, ...), naming the row, column and character; a solution
that does not fit the puzzle, leaves a cell empty, contradicts a given or breaks a rule
is refused the same way.

>>> from fastsudoku.render import render
>>> svg = render("1.3." "..1." "3..." "...2", title="4x4")
>>> svg.startswith("<?xml"), svg.count('class="given"')
(True, 5)
>>> render("1.3." "..1." "3..." "...x")
Traceback (most recent call last):
  ...
fastsudoku.ParseError: row 4, column 4 (line 1): 'x' is not a symbol of the 1-4 alphabet ...
"""

from __future__ import annotations

import math
import numbers
import operator
import re
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Sequence, Set, Tuple

from . import _core, variants as _v
from ._api import _grid as _classic_grid
from ._errors import InvalidValueError, SudokuError, VariantError
from ._grid import Grid, conflict_error, parse
from ._options import shown
from .variants import Constraint, Variant

__all__ = ["render", "render_sheet", "iter_sheet", "A4"]

#: The page of :func:`render_sheet`, in millimetres (its SVG viewBox): A4 portrait.
A4 = (210.0, 297.0)

Cell = Tuple[int, int]

# ----------------------------------------------------------------------------------------
# Colours and proportions (of the cell side s)
# ----------------------------------------------------------------------------------------

INK = "#000000"
SOLVED = "#2a62b6"  # a solution's digits: lighter than the givens' black
PENCIL = "#6b6b6b"  # candidates
THIN = 0.025  # cell lines
THICK = 0.075  # box, region and outer borders
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

#: Each line rule: its class, colour, width (of s) and the legend's words.
LINE_STYLES: Dict[str, Tuple[str, float, str]] = {
    "Thermo": ("#bdbdbd", 0.28, ""),
    "Whisper": ("#47b847", 0.22, "green lines: German whispers (neighbours differ by {d} or more)"),
    "Renban": ("#a45ad6", 0.22, "purple lines: renban (a set of consecutive digits, any order)"),
    "Palindrome": ("#9e9e9e", 0.22, "grey lines: palindromes (read the same both ways)"),
    "Between": ("#9e9e9e", 0.08, "circled lines: digits between the two ends' digits"),
    "Lockout": (
        "#7d7d7d",
        0.08,
        "diamond lines: ends differ by {d} or more, digits between them lie outside them",
    ),
    "Zipper": ("#8e7ef0", 0.22, "lavender lines: zippers (equal sums about the middle)"),
    "RegionSumLine": ("#3d86d9", 0.22, "blue lines: equal sums in each box they cross"),
    "SumLine": ("#e3a03a", 0.22, "amber lines: cut into runs summing to {d}"),
    "Modular": ("#2bb0a6", 0.22, "teal lines: every {d} cells in a row differ modulo {d}"),
    "Entropic": ("#ef7a3a", 0.22, "orange lines: every 3 cells in a row hold low, middle, high"),
    "Relation": ("#8d6e63", 0.12, "brown lines: a rule of the puzzle's own between the cells"),
}

#: The line rules with a number, and its field: each line is labelled with its number
#: when the puzzle's lines of the kind differ in it.
LINE_PARAMETERS = {
    "Whisper": "difference",
    "Lockout": "difference",
    "Modular": "mod",
    "SumLine": "total",
}
#: The legend's words for lines of one kind with different numbers (each line's number in
#: the corner of its first cell).
LINE_NUMBERS = {
    "Whisper": "German whispers (neighbours differ by the line's number or more)",
    "Lockout": "ends differ by the line's number or more, digits between lie outside them",
    "Modular": "every k cells in a row differ modulo k, k the line's number",
    "SumLine": "cut into runs summing to the line's number",
}

#: Extra regions' tints, in turn.
REGION_TINTS = ("#dfe6ef", "#f4e3c6", "#dcefd6", "#eedbf0", "#d6eeee", "#f3d9d9")
INDEX_TINT = "#f5cccc"
PARITY = "#d2d2d2"

#: Outside clues: class, colour, legend words.
OUTSIDE: Dict[str, Tuple[str, str]] = {
    "Sandwich": ("#000000", "sandwich sums (digits between the 1 and the N)"),
    "XSum": ("#1d4fa3", "X-sums (the first X digits, X the first)"),
    "Skyscraper": ("#1f7a3a", "skyscrapers (digits seen from that end)"),
    "HiddenSkyscraper": ("#5a6b1f", "hidden skyscrapers (the first digit lower than one before)"),
    "NumberedRoom": ("#9a2a2a", "numbered rooms (the X-th digit, X the first)"),
    "Lunchbox": ("#6b3fa0", "lunchboxes (digits between the least and the greatest)"),
    "Sum": ("#000000", "little killers (the arrow's diagonal sums to the clue)"),
}
_COLOUR_NAMES = {
    "#000000": "black",
    "#1d4fa3": "blue",
    "#1f7a3a": "green",
    "#9a2a2a": "red",
    "#6b3fa0": "purple",
}

#: The rules with no picture: their words in the legend.
GLOBAL_RULES: Dict[str, str] = {
    "AntiKnight": "anti-knight: cells a knight's move apart differ",
    "AntiKing": "anti-king: cells a king's move apart differ",
    "NonConsecutive": "non-consecutive: orthogonal neighbours differ by more than 1",
    "AntiTaxicab": "anti-taxicab: a digit d is never d steps (along rows and columns) from a d",
}

# ----------------------------------------------------------------------------------------
# Text and numbers
# ----------------------------------------------------------------------------------------

# Characters XML 1.0 cannot hold (and lone surrogates, which UTF-8 cannot): written as U+FFFD.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _esc(text: str) -> str:
    """Text as XML character data or an attribute value (quoted with ")."""
    text = _NOT_XML.sub("\ufffd", text)
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _f(x: float) -> str:
    """A coordinate: at most two decimals, no trailing zeros, never '-0', 'nan' or 'inf'."""
    if not math.isfinite(x):  # pragma: no cover - every size is checked on the way in
        raise ValueError(f"coordinate {x!r} is not a finite number")
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _text(
    x: float,
    y: float,
    content: str,
    cls: str,
    size: float,
    *,
    anchor: str = "middle",
    fill: str = INK,
    bold: bool = False,
) -> str:
    """A <text> centred vertically on y (dominant-baseline on each element: SVG 1.1 does
    not inherit it)."""
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text class="{cls}" x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" '
        f'text-anchor="{anchor}" dominant-baseline="central" fill="{fill}"{weight}>'
        f"{_esc(content)}</text>"
    )


def _text_width(text: str, size: float) -> float:
    """About how wide a line of text is in a sans-serif font (for wrapping and boxes)."""
    return 0.58 * size * len(text)


def _wrap(text: str, width: float, size: float) -> List[str]:
    """Lines of at most `width` (words kept whole; a longer word stands alone)."""
    most = max(8, int(width / (0.58 * size)))
    lines: List[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > most:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def _positive(name: str, value: Any) -> float:
    """A size option: a finite positive number up to 1e6 (bools refused)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a positive number, got {shown(value)}")
    number = float(value)
    if not (math.isfinite(number) and 0 < number <= 1e6):
        raise ValueError(f"{name} must be a positive number up to 1e6, got {shown(value)}")
    return number


def _count(name: str, value: Any, most: int) -> int:
    """A layout option: an integer 1..most."""
    if isinstance(value, bool):
        value = None
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer 1..{most}, got {shown(value)}") from None
    if not 1 <= number <= most:
        raise ValueError(f"{name} must be an integer 1..{most}, got {number}")
    return number


# ----------------------------------------------------------------------------------------
# The puzzle, read and checked
# ----------------------------------------------------------------------------------------


@dataclass
class _Puzzle:
    """What a picture draws: the grid's shape, its values, its symbols and its rules."""

    n: int
    r: int
    c: int
    givens: bytes
    solution: Optional[bytes]
    symbols: List[str]  # symbols[v] for the values 1..n (symbols[0] unused)
    boxes: bool  # draw r x c box lines
    region_of: Optional[List[int]] = None  # a jigsaw's region of each cell
    variant: Optional[Variant] = None
    first: int = 1
    constraints: List[Constraint] = field(default_factory=list)


def _symbols(grid: Grid, first: int) -> List[str]:
    """The symbol of each value: the grid's alphabet, else the numbers themselves."""
    n = grid.n
    if grid.symbols is not None and len(grid.symbols) >= n:
        return ["", *grid.symbols[:n]]
    return ["", *(str(v + first - 1) for v in range(1, n + 1))]


def _prepare(puzzle: Any, solution: Any, box: Any, alphabet: Any) -> _Puzzle:
    """Read and check the puzzle (and the solution): the package's parser and checks,
    the package's errors."""
    if isinstance(puzzle, Variant):
        if box is not None or alphabet is not None:
            raise TypeError("a Variant carries its own box and alphabet: pass neither")
        puzzle.model()  # every rule checked, repeated givens refused
        grid = puzzle.grid()
        first = operator.index(puzzle.first)
        n = grid.n
        region_of: Optional[List[int]] = None
        if puzzle.regions is not None:
            region_of = [0] * (n * n)
            for k, cells in enumerate(_v._regions(_v._Builder(n, first), puzzle.regions)):
                for x in cells:
                    region_of[x] = k
        p = _Puzzle(
            n,
            grid.r,
            grid.c,
            grid.values,
            None,
            _symbols(grid, first),
            boxes=puzzle.box is not None and puzzle.regions is None,
            region_of=region_of,
            variant=puzzle,
            first=first,
            constraints=list(puzzle.constraints),
        )
    else:
        grid = _classic_grid(puzzle, box, alphabet)  # parsed, repeated givens refused
        p = _Puzzle(grid.n, grid.r, grid.c, grid.values, None, _symbols(grid, 1), boxes=True)
    if solution is not None:
        p.solution = _solution(p, grid, solution)
    return p


def _solution(p: _Puzzle, grid: Grid, solution: Any) -> bytes:
    """The solution's values: read as the puzzle is (its box, its alphabet), full, keeping
    every given and breaking no rule; otherwise the package's error, prefixed
    'solution: '."""
    symbols = grid.symbols if grid.symbols is not None and len(grid.symbols) == grid.n else None
    try:
        values = parse(solution, (grid.r, grid.c), symbols).values
    except (SudokuError, TypeError) as e:
        e.args = (f"solution: {e}", *e.args[1:])
        raise
    n = p.n
    for k, (given, value) in enumerate(zip(p.givens, values)):
        row, col = k // n + 1, k % n + 1
        if not value:
            raise InvalidValueError(
                f"solution: row {row}, column {col} is empty (a solution fills every cell)",
                row=row,
                column=col,
                value=0,
            )
        if given and given != value:
            raise InvalidValueError(
                f"solution: row {row}, column {col} holds {p.symbols[value]!r} where the "
                f"puzzle gives {p.symbols[given]!r}",
                row=row,
                column=col,
                value=value,
            )
    if p.variant is None:
        clash = _core.conflict(values, p.r, p.c)
        if clash is not None:
            error = conflict_error(grid, *clash)
            error.args = (f"solution: {error}",)
            raise error
    else:
        model = p.variant.model()
        found = model.repeated(values)
        if found is not None:
            y, x = found
            raise VariantError(
                f"solution: {p.symbols[values[x]]!r} repeats at R{y // n + 1}C{y % n + 1} "
                f"and R{x // n + 1}C{x % n + 1}, cells that must differ"
            )
        if model.propagated(values) is None:
            raise VariantError("solution: it breaks a rule of the puzzle")
    return values


def _builder(p: _Puzzle) -> _v._Builder:
    """The rules in the engine's terms (houses, pairs that differ, each cell's allowed
    values), as Variant builds its model: for the candidates."""
    n = p.n
    b = _v._Builder(n, p.first)
    if p.variant is None:
        b.houses += _v._classic_houses(n, p.r, p.c, True)
        return b
    if p.variant.regions is not None:
        b.houses += _v._lines_of(n)
        b.houses += _v._regions(b, p.variant.regions)
    else:
        b.houses += _v._classic_houses(n, p.r, p.c, p.variant.box is not None)
    b.nboxes = len(b.houses) - 2 * n
    for con in p.constraints:
        con._add(b)
    return b


def _candidates(p: _Puzzle) -> List[int]:
    """Each empty cell's candidates as a mask (bit v-1 for value v): the values no given
    strikes out (houses and pairs that differ) and the cell's own rules allow."""
    b = _builder(p)
    masks = list(b.init)
    for house in b.houses:
        seen = 0
        for x in house:
            if p.givens[x]:
                seen |= 1 << (p.givens[x] - 1)
        for x in house:
            masks[x] &= ~seen
    for x, y in b.differ:
        if p.givens[x]:
            masks[y] &= ~(1 << (p.givens[x] - 1))
        if p.givens[y]:
            masks[x] &= ~(1 << (p.givens[y] - 1))
    return [0 if p.givens[x] else m for x, m in enumerate(masks)]


# ----------------------------------------------------------------------------------------
# Drawing: a picture is its size and its elements, in its own coordinates
# ----------------------------------------------------------------------------------------


@dataclass
class _Picture:
    width: float
    height: float
    body: List[str]


class _Segments:
    """Axis-parallel segments on a lattice of points (k, o) at k * s + o * d (a cell
    boundary k, moved by o insets d), merged where one ends where the next begins."""

    def __init__(self) -> None:
        self.h: Dict[Tuple[int, int], List[Tuple[Tuple[int, int], Tuple[int, int]]]] = {}
        self.v: Dict[Tuple[int, int], List[Tuple[Tuple[int, int], Tuple[int, int]]]] = {}

    def horizontal(self, y: Tuple[int, int], x1: Tuple[int, int], x2: Tuple[int, int]) -> None:
        self.h.setdefault(y, []).append((x1, x2))

    def vertical(self, x: Tuple[int, int], y1: Tuple[int, int], y2: Tuple[int, int]) -> None:
        self.v.setdefault(x, []).append((y1, y2))

    def path(self, s: float, d: float, x0: float, y0: float) -> str:
        def at(p: Tuple[int, int]) -> float:
            return p[0] * s + p[1] * d

        out: List[str] = []
        for horizontal, table in ((True, self.h), (False, self.v)):
            for fixed in sorted(table, key=lambda p: (at(p), p)):
                runs: List[List[Tuple[int, int]]] = []
                for a, b in sorted(table[fixed], key=lambda seg: (at(seg[0]), seg)):
                    if runs and runs[-1][1] == a:
                        runs[-1][1] = b
                    else:
                        runs.append([a, b])
                for a, b in runs:
                    if horizontal:
                        out.append(f"M{_f(x0 + at(a))} {_f(y0 + at(fixed))}H{_f(x0 + at(b))}")
                    else:
                        out.append(f"M{_f(x0 + at(fixed))} {_f(y0 + at(a))}V{_f(y0 + at(b))}")
        return "".join(out)


def _outline(cells: Set[Cell]) -> _Segments:
    """The outline of a set of cells, inset by one d on the inside (a killer cage): each
    side on the set's edge, its ends stopped short at a convex corner, carried on along a
    straight edge, carried past at a concave one."""
    seg = _Segments()

    def end(along: Cell, diagonal: Cell, boundary: int, outward: int) -> Tuple[int, int]:
        if along not in cells:
            return boundary, -outward
        return (boundary, 0) if diagonal not in cells else (boundary, outward)

    for r, c in sorted(cells):
        if (r - 1, c) not in cells:
            seg.horizontal(
                (r, 1),
                end((r, c - 1), (r - 1, c - 1), c, -1),
                end((r, c + 1), (r - 1, c + 1), c + 1, 1),
            )
        if (r + 1, c) not in cells:
            seg.horizontal(
                (r + 1, -1),
                end((r, c - 1), (r + 1, c - 1), c, -1),
                end((r, c + 1), (r + 1, c + 1), c + 1, 1),
            )
        if (r, c - 1) not in cells:
            seg.vertical(
                (c, 1),
                end((r - 1, c), (r - 1, c - 1), r, -1),
                end((r + 1, c), (r + 1, c - 1), r + 1, 1),
            )
        if (r, c + 1) not in cells:
            seg.vertical(
                (c + 1, -1),
                end((r - 1, c), (r - 1, c + 1), r, -1),
                end((r + 1, c), (r + 1, c + 1), r + 1, 1),
            )
    return seg


class _Draw:
    """One picture being drawn: the grid at (x0, y0), cells of side s, layers of
    elements (drawn in order: shading, cell lines, rules' lines, cages, borders, marks on
    edges, digits, labels), the outside clues and the legend."""

    LAYERS = ("shade", "grid", "lines", "cages", "borders", "edges", "digits", "labels")

    def __init__(self, p: _Puzzle, s: float, x0: float, y0: float) -> None:
        self.p = p
        self.s = s
        self.x0 = x0  # the grid's top-left corner
        self.y0 = y0
        self.layers: Dict[str, List[str]] = {name: [] for name in self.LAYERS}
        self.legend: List[str] = []
        # Outside clues by position (row, column) off the grid: (text, class, colour, arrow).
        self.outside: Dict[Cell, Tuple[str, str, str, Optional[Cell]]] = {}
        self.cells = _v._Builder(p.n, p.first)  # reads cell references

    # -- geometry ----------------------------------------------------------------------

    def centre(self, x: int) -> Tuple[float, float]:
        n, s = self.p.n, self.s
        return self.x0 + (x % n + 0.5) * s, self.y0 + (x // n + 0.5) * s

    def at(self, row: float, col: float) -> Tuple[float, float]:
        return self.x0 + col * self.s, self.y0 + row * self.s

    def note(self, text: str) -> None:
        if text not in self.legend:
            self.legend.append(text)

    def cell_list(self, refs: Any, where: str) -> List[int]:
        return self.cells.cells(refs, where, distinct=False)

    # -- the grid ------------------------------------------------------------------------

    def grid(self) -> None:
        p, s = self.p, self.s
        n = p.n
        side = n * s
        thin: List[str] = []
        box_rows = p.boxes and p.r < n  # horizontal box lines every r rows
        box_cols = p.boxes and p.c < n
        for k in range(1, n):
            x, y = self.at(k, k)
            if not (box_rows and k % p.r == 0):
                thin.append(f"M{_f(self.x0)} {_f(y)}H{_f(self.x0 + side)}")
            if not (box_cols and k % p.c == 0):
                thin.append(f"M{_f(x)} {_f(self.y0)}V{_f(self.y0 + side)}")
        if thin:
            self.layers["grid"].append(
                f'<path class="cell-lines" d="{"".join(thin)}" fill="none" stroke="#555555" '
                f'stroke-width="{_f(THIN * s)}"/>'
            )
        borders = self.layers["borders"]
        width = _f(THICK * s)
        if p.boxes:
            for k in range(p.r, n, p.r):
                y = self.at(k, 0)[1]
                borders.append(
                    f'<line class="box-line" x1="{_f(self.x0)}" y1="{_f(y)}" '
                    f'x2="{_f(self.x0 + side)}" y2="{_f(y)}" stroke="{INK}" '
                    f'stroke-width="{width}"/>'
                )
            for k in range(p.c, n, p.c):
                x = self.at(0, k)[0]
                borders.append(
                    f'<line class="box-line" x1="{_f(x)}" y1="{_f(self.y0)}" '
                    f'x2="{_f(x)}" y2="{_f(self.y0 + side)}" stroke="{INK}" '
                    f'stroke-width="{width}"/>'
                )
        if p.region_of is not None:
            seg = _Segments()
            reg = p.region_of
            for row in range(n):
                for col in range(n):
                    x = row * n + col
                    if col + 1 < n and reg[x] != reg[x + 1]:
                        seg.vertical((col + 1, 0), (row, 0), (row + 1, 0))
                    if row + 1 < n and reg[x] != reg[x + n]:
                        seg.horizontal((row + 1, 0), (col, 0), (col + 1, 0))
            d = seg.path(s, 0.0, self.x0, self.y0)
            if d:
                borders.append(
                    f'<path class="region-lines" d="{d}" fill="none" stroke="{INK}" '
                    f'stroke-width="{width}" stroke-linecap="square"/>'
                )
        borders.append(
            f'<rect class="border" x="{_f(self.x0)}" y="{_f(self.y0)}" width="{_f(side)}" '
            f'height="{_f(side)}" fill="none" stroke="{INK}" stroke-width="{width}"/>'
        )

    # -- digits --------------------------------------------------------------------------

    def digit_size(self) -> float:
        longest = max((len(sym) for sym in self.p.symbols[1:]), default=1)
        return self.s * (0.6 if longest <= 1 else min(0.5, 0.8 / (0.62 * longest)))

    def digits(self, show_candidates: bool) -> None:
        p, s = self.p, self.s
        out = self.layers["digits"]
        size = self.digit_size()
        for x, given in enumerate(p.givens):
            cx, cy = self.centre(x)
            if given:
                out.append(_text(cx, cy, p.symbols[given], "given", size, bold=True))
            elif p.solution is not None:
                out.append(_text(cx, cy, p.symbols[p.solution[x]], "solved", size, fill=SOLVED))
        if show_candidates and p.solution is None:
            masks = _candidates(p)
            k = math.isqrt(p.n - 1) + 1 if p.n > 1 else 1
            step = 0.9 * s / k
            small = min(0.3 * s, 0.8 * step / max(1, max(len(t) for t in p.symbols[1:])))
            for x, mask in enumerate(masks):
                if not mask:
                    continue
                left, top = self.at(x // p.n, x % p.n)
                for v in range(1, p.n + 1):
                    if mask >> (v - 1) & 1:
                        i, j = divmod(v - 1, k)
                        out.append(
                            _text(
                                left + 0.05 * s + (j + 0.5) * step,
                                top + 0.05 * s + (i + 0.5) * step,
                                p.symbols[v],
                                "candidate",
                                small,
                                fill=PENCIL,
                            )
                        )

    # -- the rules -----------------------------------------------------------------------

    def rules(self, show_candidates: bool) -> None:
        p = self.p
        if p.variant is not None and p.first != 1:
            self.note(f"digits {p.first}..{p.first + p.n - 1}")
        numbers: Dict[str, Set[str]] = {}
        for con in p.constraints:
            key = LINE_PARAMETERS.get(type(con).__name__)
            if key is not None:
                numbers.setdefault(type(con).__name__, set()).add(str(getattr(con, key)))
        varying = {name for name, values in numbers.items() if len(values) > 1}
        tints: Dict[int, int] = {}  # cell -> the tint of the region that shades it
        for con in p.constraints:
            name = type(con).__name__
            try:
                self.rule(con, name, show_candidates, name in varying, tints)
            except (SudokuError, TypeError, ValueError):
                # A rule the model took but this picture cannot place: named, not drawn.
                self.note(f"{name}: {con!r}")

    def rule(
        self,
        con: Constraint,
        name: str,
        show_candidates: bool,
        labelled: bool,
        tints: Dict[int, int],
    ) -> None:
        """Draw one rule (or note it in the legend)."""
        if isinstance(con, _v.Region):
            self.region(self.cell_list(con.cells, name), tints)
        elif isinstance(con, _v.Diagonals):
            self.diagonals(con)
        elif name in GLOBAL_RULES:
            self.note(GLOBAL_RULES[name])
        elif isinstance(con, _v.NoOtherDots):
            kinds = " or ".join(k for k, on in (("white", con.white), ("black", con.black)) if on)
            self.note(f"every {kinds} dot is given (no other neighbours have its property)")
        elif isinstance(con, _v.NoOtherXV):
            kinds = " or ".join(k for k, on in (("X", con.x), ("V", con.v)) if on)
            self.note(f"every {kinds} is given (no other neighbours sum to its total)")
        elif isinstance(con, _v.Cage):
            self.cage(self.cell_list(con.cells, name), con.total, "cage")
        elif isinstance(con, _v.RellikCage):
            self.cage(self.cell_list(con.cells, name), f"\u2260{con.total}", "rellik")
            self.note("cages marked \u2260: no one or more of their digits sum to the number")
        elif isinstance(con, _v.EqualityCage):
            self.cage(self.cell_list(con.cells, name), None, "equality", colour="#2e7d32")
            self.note(
                "green cages: as many even digits as odd, as many low as high (the middle "
                "digit of an odd count in none)"
            )
        elif isinstance(con, _v.Sum):
            self.sum(con)
        elif isinstance(
            con, (_v.Sandwich, _v.XSum, _v.NumberedRoom, _v.Skyscraper, _v.HiddenSkyscraper)
        ):
            self.line_clue(con)
        elif isinstance(con, _v.Lunchbox):
            cells = self.cell_list(con.cells, name)
            if not self.clue(cells, str(con.total), "Lunchbox"):
                self.cage(cells, con.total, "lunchbox", colour=OUTSIDE["Lunchbox"][0], dotted=True)
                self.note(
                    "dotted purple outlines: lunchboxes (the digits between the least and the "
                    "greatest sum to the total)"
                )
        elif isinstance(con, _v.Thermo):
            self.thermo(self.cell_list(con.cells, name))
        elif isinstance(con, _v.Arrow):
            self.arrow(con)
        elif name in LINE_STYLES:
            key = LINE_PARAMETERS.get(name)
            self.line(con, name, str(getattr(con, key)) if key else "", labelled)
        elif isinstance(con, _v.Kropki):
            self.kropki(con)
        elif isinstance(con, _v.XV):
            self.xv(con)
        elif isinstance(con, (_v.Odd, _v.Even)):
            self.parity(self.cell_list(con.cells, name), isinstance(con, _v.Odd))
        elif isinstance(con, _v.CountingCircles):
            for x in self.cell_list(con.cells, name):
                cx, cy = self.centre(x)
                self.layers["shade"].append(
                    f'<circle class="counting" cx="{_f(cx)}" cy="{_f(cy)}" '
                    f'r="{_f(0.4 * self.s)}" fill="none" stroke="#8a6d3b" '
                    f'stroke-width="{_f(0.04 * self.s)}"/>'
                )
            self.note("circles: the digit in each is how many circles hold it")
        elif isinstance(con, _v.Candidates):
            if not show_candidates:
                self.allowed(con)
        elif isinstance(con, _v.Contains):
            self.contains(con)
        elif isinstance(con, _v.Indexing):
            self.shade(self.cell_list(con.cells, name), INDEX_TINT, "indexing")
            other = "row" if con.by == "column" else "column"
            self.note(
                f"red cells: indexing by {con.by} (a digit d in {con.by} k puts k in the "
                f"d-th cell of its {other})"
            )
        else:
            self.note(f"{name}: {con!r}")

    def listed(self, cells: Sequence[int], most: int = 8) -> str:
        n = self.p.n
        names = [f"R{x // n + 1}C{x % n + 1}" for x in cells[:most]]
        return ", ".join(names) + (", ..." if len(cells) > most else "")

    def shade(self, cells: Sequence[int], colour: str, cls: str) -> None:
        s = self.s
        for x in cells:
            left, top = self.at(x // self.p.n, x % self.p.n)
            self.layers["shade"].append(
                f'<rect class="{cls}" x="{_f(left)}" y="{_f(top)}" width="{_f(s)}" '
                f'height="{_f(s)}" fill="{colour}"/>'
            )

    def region(self, cells: Sequence[int], tints: Dict[int, int]) -> None:
        """An extra region's cells, tinted: the first tint no region it touches has."""
        n = self.p.n
        touching = {
            tints[y]
            for x in cells
            for y in (x - n, x + n, x - 1 if x % n else -1, x + 1 if x % n < n - 1 else -1)
            if y in tints
        }
        tint = next((k for k in range(len(REGION_TINTS)) if k not in touching), 0)
        for x in cells:
            tints.setdefault(x, tint)
        self.shade(cells, REGION_TINTS[tint], "region")
        self.note("tinted regions: their digits differ (a region of N cells holds every digit)")

    def diagonals(self, con: _v.Diagonals) -> None:
        side = self.p.n * self.s
        x0, y0 = self.x0, self.y0
        ends = []
        if con.main:
            ends.append((x0, y0, x0 + side, y0 + side))
        if con.anti:
            ends.append((x0 + side, y0, x0, y0 + side))
        for a, b, c, d in ends:
            self.layers["lines"].append(
                f'<line class="diagonal" x1="{_f(a)}" y1="{_f(b)}" x2="{_f(c)}" y2="{_f(d)}" '
                f'stroke="#6f93c9" stroke-width="{_f(0.04 * self.s)}"/>'
            )

    def cage(
        self,
        cells: Sequence[int],
        total: Any,
        cls: str,
        *,
        colour: str = "#222222",
        dotted: bool = False,
    ) -> None:
        """A dashed (or dotted) outline inset in the cells, the total in the top-left
        corner of the first cell in reading order."""
        n, s = self.p.n, self.s
        d = 0.08 * s
        path = _outline({(x // n, x % n) for x in cells}).path(s, d, self.x0, self.y0)
        dash = f"{_f(0.02 * s)} {_f(0.06 * s)}" if dotted else f"{_f(0.1 * s)} {_f(0.06 * s)}"
        cap = ' stroke-linecap="round"' if dotted else ""
        width = _f((0.035 if dotted else 0.025) * s)
        self.layers["cages"].append(
            f'<path class="{cls}" d="{path}" fill="none" stroke="{colour}" '
            f'stroke-width="{width}" stroke-dasharray="{dash}"{cap}/>'
        )
        if total is not None:
            self.corner(min(cells), str(total), f"{cls}-sum", colour)

    def corner(self, x: int, label: str, cls: str, colour: str) -> None:
        """A small label in the top-left corner of cell x, on white (a cage's total)."""
        n, s = self.p.n, self.s
        left, top = self.at(x // n, x % n)
        size = 0.22 * s
        self.layers["labels"].append(
            f'<rect class="{cls}-back" x="{_f(left + 0.05 * s)}" y="{_f(top + 0.05 * s)}" '
            f'width="{_f(_text_width(label, size) + 0.04 * s)}" height="{_f(1.1 * size)}" '
            f'fill="#ffffff"/>'
        )
        self.layers["labels"].append(
            _text(
                left + 0.07 * s,
                top + 0.05 * s + 0.55 * size,
                label,
                cls,
                size,
                anchor="start",
                fill=colour,
            )
        )

    def straight(self, cells: Sequence[int]) -> Optional[Cell]:
        """The step (rows, columns) between consecutive cells of a straight line that
        starts at the grid's edge (the cell before its first is off the grid), or None."""
        n = self.p.n
        if len(cells) < 2:
            return None
        dr, dc = cells[1] // n - cells[0] // n, cells[1] % n - cells[0] % n
        if max(abs(dr), abs(dc)) != 1:
            return None
        for a, b in zip(cells, cells[1:]):
            if (b // n - a // n, b % n - a % n) != (dr, dc):
                return None
        r0, c0 = cells[0] // n - dr, cells[0] % n - dc
        return (dr, dc) if not (0 <= r0 < n and 0 <= c0 < n) else None

    def clue(self, cells: Sequence[int], text: str, kind: str, arrow: bool = False) -> bool:
        """An outside clue before the first cell of a straight line from the grid's edge
        (further out when that place is taken); False if the cells are no such line."""
        step = self.straight(cells)
        if step is None:
            return False
        n = self.p.n
        dr, dc = step
        pos = (cells[0] // n - dr, cells[0] % n - dc)
        while pos in self.outside:
            pos = (pos[0] - dr, pos[1] - dc)
        self.outside[pos] = (text, kind, OUTSIDE[kind][0], step if arrow else None)
        return True

    def sum(self, con: _v.Sum) -> None:
        cells = self.cell_list(con.cells, "Sum")
        weighted = con.coefficients is not None and any(k != 1 for k in con.coefficients)
        if weighted:
            terms = " + ".join(
                f"{k}*{name}"
                for k, name in zip(con.coefficients or (), self.listed(cells, 99).split(", "))
            )
            self.note(f"sum: {terms} = {con.total}")
        elif not self.clue(cells, str(con.total), "Sum", arrow=True):
            self.cage(cells, con.total, "sum", dotted=True)
            self.note("dotted outlines: the cells sum to the total (digits may repeat)")

    def line_clue(self, con: Any) -> None:
        name = type(con).__name__
        cells = _v._line_cells(self.cells, con.line, bool(getattr(con, "reverse", False)), name)
        value = con.total if hasattr(con, "total") else con.clue
        self.clue(cells, str(value), name)

    def path_of(self, cells: Sequence[int]) -> str:
        points = [self.centre(x) for x in cells]
        return "M" + "L".join(f"{_f(x)} {_f(y)}" for x, y in points)

    def thermo(self, cells: Sequence[int]) -> None:
        colour, width, _ = LINE_STYLES["Thermo"]
        s = self.s
        out = self.layers["lines"]
        if len(cells) > 1:
            out.append(
                f'<path class="thermo" d="{self.path_of(cells)}" fill="none" stroke="{colour}" '
                f'stroke-width="{_f(width * s)}" stroke-linecap="round" stroke-linejoin="round"/>'
            )
        if cells:
            cx, cy = self.centre(cells[0])
            out.append(
                f'<circle class="thermo-bulb" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(0.38 * s)}" '
                f'fill="{colour}"/>'
            )

    def arrow(self, con: _v.Arrow) -> None:
        n, s = self.p.n, self.s
        circle: Any = con.circle
        if isinstance(circle, str) or (
            isinstance(circle, tuple)
            and len(circle) == 2
            and all(isinstance(x, int) for x in circle)
        ):
            circle = [circle]
        head = self.cell_list(circle, "Arrow circle")
        body = self.cell_list(con.cells, "Arrow")
        out = self.layers["lines"]
        grey, radius = "#8a8a8a", 0.4 * s
        rows = sorted({x // n for x in head})
        cols = sorted({x % n for x in head})
        span = len(head) > 1 and (len(rows) == 1 or len(cols) == 1)
        if span and max(rows) - min(rows) + max(cols) - min(cols) == len(head) - 1:
            left, top = self.at(min(rows), min(cols))
            w = (max(cols) - min(cols) + 1) * s - 0.2 * s
            h = (max(rows) - min(rows) + 1) * s - 0.2 * s
            out.append(
                f'<rect class="arrow-circle" x="{_f(left + 0.1 * s)}" y="{_f(top + 0.1 * s)}" '
                f'width="{_f(w)}" height="{_f(h)}" rx="{_f(radius)}" fill="#ffffff" '
                f'stroke="{grey}" stroke-width="{_f(0.05 * s)}"/>'
            )
        else:
            for x in head:
                cx, cy = self.centre(x)
                out.append(
                    f'<circle class="arrow-circle" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(radius)}" '
                    f'fill="#ffffff" stroke="{grey}" stroke-width="{_f(0.05 * s)}"/>'
                )
        if not body:
            return
        near = min(
            head, key=lambda x: (max(abs(x // n - body[0] // n), abs(x % n - body[0] % n)), x)
        )
        hx, hy = self.centre(near)
        points = [self.centre(x) for x in body]
        dx, dy = points[0][0] - hx, points[0][1] - hy
        length = math.hypot(dx, dy) or 1.0
        start = (hx + dx / length * radius, hy + dy / length * radius)
        px, py = points[-2] if len(points) > 1 else start
        tx, ty = points[-1]
        ux, uy = tx - px, ty - py
        length = math.hypot(ux, uy) or 1.0
        ux, uy = ux / length, uy / length
        wing = 0.25 * s
        cos, sin = math.cos(math.radians(30)), math.sin(math.radians(30))
        one = (tx - wing * (ux * cos - uy * sin), ty - wing * (uy * cos + ux * sin))
        two = (tx - wing * (ux * cos + uy * sin), ty - wing * (uy * cos - ux * sin))
        line = "M" + "L".join(f"{_f(x)} {_f(y)}" for x, y in [start, *points])
        tip = f"M{_f(one[0])} {_f(one[1])}L{_f(tx)} {_f(ty)}L{_f(two[0])} {_f(two[1])}"
        out.append(
            f'<path class="arrow" d="{line}{tip}" fill="none" stroke="{grey}" '
            f'stroke-width="{_f(0.05 * s)}" stroke-linecap="round" stroke-linejoin="round"/>'
        )

    def line(self, con: Any, name: str, value: str, labelled: bool) -> None:
        """A coloured line through the cells' centres (ends marked for between and
        lockout lines); its number in the first cell's corner when `labelled`."""
        colour, width, words = LINE_STYLES[name]
        s = self.s
        cells = self.cell_list(con.cells, name)
        if not cells:
            return
        out = self.layers["lines"]
        closed = "Z" if name == "SumLine" and getattr(con, "loop", False) and len(cells) > 2 else ""
        cls = name.lower()
        if len(cells) > 1:
            out.append(
                f'<path class="{cls}" d="{self.path_of(cells)}{closed}" fill="none" '
                f'stroke="{colour}" stroke-width="{_f(width * s)}" stroke-linecap="round" '
                f'stroke-linejoin="round"/>'
            )
        else:
            cx, cy = self.centre(cells[0])
            out.append(
                f'<circle class="{cls}" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(width * s / 2)}" '
                f'fill="{colour}"/>'
            )
        if name in ("Between", "Lockout"):
            for x in dict.fromkeys((cells[0], cells[-1])):
                cx, cy = self.centre(x)
                r = 0.38 * s
                if name == "Between":
                    out.append(
                        f'<circle class="between-end" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" '
                        f'fill="#ffffff" stroke="{colour}" stroke-width="{_f(0.05 * s)}"/>'
                    )
                else:
                    points = " ".join(
                        f"{_f(cx + a * r)},{_f(cy + b * r)}"
                        for a, b in ((0, -1), (1, 0), (0, 1), (-1, 0))
                    )
                    out.append(
                        f'<polygon class="lockout-end" points="{points}" fill="#ffffff" '
                        f'stroke="{colour}" stroke-width="{_f(0.05 * s)}"/>'
                    )
        if labelled:
            self.corner(cells[0], value, "line-number", colour)
            words = words.split(":")[0] + ": " + LINE_NUMBERS[name]
        if words:
            self.note(words.format(d=value))

    def edge_point(self, a: Any, b: Any, where: str) -> Tuple[float, float]:
        x, y = self.cells.cell(a, where), self.cells.cell(b, where)
        (ax, ay), (bx, by) = self.centre(x), self.centre(y)
        return (ax + bx) / 2, (ay + by) / 2

    def kropki(self, con: _v.Kropki) -> None:
        cx, cy = self.edge_point(con.a, con.b, "Kropki")
        fill = INK if con.kind == "black" else "#ffffff"
        self.layers["edges"].append(
            f'<circle class="kropki-{_esc(str(con.kind))}" cx="{_f(cx)}" cy="{_f(cy)}" '
            f'r="{_f(0.11 * self.s)}" fill="{fill}" stroke="{INK}" '
            f'stroke-width="{_f(0.025 * self.s)}"/>'
        )

    def xv(self, con: _v.XV) -> None:
        cx, cy = self.edge_point(con.a, con.b, "XV")
        s = self.s
        self.layers["edges"].append(
            f'<circle class="xv-back" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(0.15 * s)}" '
            'fill="#ffffff"/>'
        )
        self.layers["edges"].append(_text(cx, cy, str(con.kind).upper(), "xv", 0.28 * s, bold=True))

    def parity(self, cells: Sequence[int], odd: bool) -> None:
        s = self.s
        for x in cells:
            cx, cy = self.centre(x)
            if odd:
                self.layers["shade"].append(
                    f'<circle class="odd" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(0.38 * s)}" '
                    f'fill="{PARITY}"/>'
                )
            else:
                self.layers["shade"].append(
                    f'<rect class="even" x="{_f(cx - 0.38 * s)}" y="{_f(cy - 0.38 * s)}" '
                    f'width="{_f(0.76 * s)}" height="{_f(0.76 * s)}" fill="{PARITY}"/>'
                )

    def allowed(self, con: _v.Candidates) -> None:
        x = self.cells.cell(con.cell, "Candidates")
        p = self.p
        if p.givens[x] or p.solution is not None:
            return
        symbols = [p.symbols[v - p.first + 1] for v in sorted(set(con.values))]
        text = "".join(symbols) if all(len(t) == 1 for t in symbols) else " ".join(symbols)
        cx, cy = self.centre(x)
        size = min(0.22 * self.s, 0.85 * self.s / max(1.0, 0.6 * len(text)))
        self.layers["digits"].append(
            _text(cx, cy + 0.32 * self.s, text, "allowed", size, fill=PENCIL)
        )

    def contains(self, con: _v.Contains) -> None:
        p, s = self.p, self.s
        n = p.n
        cells = sorted(set(self.cell_list(con.cells, "Contains")))
        values = [p.symbols[v - p.first + 1] for v in con.values]
        square = (
            len(cells) == 4
            and cells[1] == cells[0] + 1
            and cells[2] == cells[0] + n
            and cells[3] == cells[0] + n + 1
            and cells[0] % n < n - 1
        )
        if not square or len(values) > 4:
            shown_values = ", ".join(values)
            self.note(f"the cells {self.listed(cells)} hold {shown_values}")
            return
        cx, cy = self.at(cells[0] // n + 1, cells[0] % n + 1)
        out = self.layers["edges"]
        out.append(
            f'<circle class="quad" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(0.29 * s)}" fill="#ffffff" '
            f'stroke="{INK}" stroke-width="{_f(0.025 * s)}"/>'
        )
        longest = max((len(v) for v in values), default=1)
        size = (0.2 if len(values) > 1 else 0.26) * s / longest
        e = 0.1
        spots = {
            1: [(0.0, 0.0)],
            2: [(-e, 0.0), (e, 0.0)],
            3: [(-e, -e), (e, -e), (0.0, e)],
            4: [(-e, -e), (e, -e), (-e, e), (e, e)],
        }.get(len(values), [])
        for value, (a, b) in zip(values, spots):
            out.append(_text(cx + a * s, cy + b * s, value, "quad-digit", size))

    # -- outside clues, title, legend and the whole picture ------------------------------

    def margins(self) -> Tuple[int, int, int, int]:
        """Cells of outside clues beyond each side: (top, right, bottom, left)."""
        n = self.p.n
        rows = [r for r, _ in self.outside] or [0]
        cols = [c for _, c in self.outside] or [0]
        return (
            max(0, -min(rows)),
            max(0, max(cols) - n + 1),
            max(0, max(rows) - n + 1),
            max(0, -min(cols)),
        )

    def outside_clues(self) -> None:
        s = self.s
        kinds: List[str] = []
        for (row, col), (text, kind, colour, arrow) in sorted(self.outside.items()):
            if kind not in kinds:
                kinds.append(kind)
            cx, cy = self.at(row + 0.5, col + 0.5)
            size = 0.42 * s if arrow is None else 0.34 * s
            if arrow is not None:
                dr, dc = arrow
                norm = math.hypot(dr, dc)
                ux, uy = dc / norm, dr / norm
                a = (cx + 0.18 * s * ux, cy + 0.18 * s * uy)
                b = (cx + 0.46 * s * ux, cy + 0.46 * s * uy)
                wing = 0.12 * s
                cos, sin = math.cos(math.radians(35)), math.sin(math.radians(35))
                w1 = (b[0] - wing * (ux * cos - uy * sin), b[1] - wing * (uy * cos + ux * sin))
                w2 = (b[0] - wing * (ux * cos + uy * sin), b[1] - wing * (uy * cos - ux * sin))
                self.layers["labels"].append(
                    f'<path class="clue-arrow" d="M{_f(a[0])} {_f(a[1])}L{_f(b[0])} {_f(b[1])}'
                    f'M{_f(w1[0])} {_f(w1[1])}L{_f(b[0])} {_f(b[1])}L{_f(w2[0])} {_f(w2[1])}" '
                    f'fill="none" stroke="{colour}" stroke-width="{_f(0.03 * s)}" '
                    f'stroke-linecap="round"/>'
                )
                cx, cy = cx - 0.12 * s * ux, cy - 0.12 * s * uy
            self.layers["labels"].append(_text(cx, cy, text, "clue", size, fill=colour))
        if len(kinds) == 1:
            self.note(f"numbers outside the grid: {OUTSIDE[kinds[0]][1]}")
        elif kinds:
            self.note(
                "numbers outside the grid: "
                + "; ".join(
                    f"{_COLOUR_NAMES.get(OUTSIDE[k][0], OUTSIDE[k][0])}: {OUTSIDE[k][1]}"
                    for k in kinds
                )
            )


def _draw(
    p: _Puzzle, s: float, *, title: Optional[str], show_candidates: bool, legend: bool
) -> _Picture:
    """The picture of a prepared puzzle: (width, height, elements) at cell side s."""
    probe = _Draw(p, s, 0.0, 0.0)  # the outside clues decide the margins
    probe.rules(show_candidates)
    top, right, bottom, left = probe.margins()
    n = p.n
    side = n * s
    pad = 0.3 * s
    width = 2 * pad + (left + n + right) * s
    title_size = max(0.5 * s, side / 30)
    if title:  # one line, as wide as the picture at most (bold: about 0.65 em a character)
        title_size = min(title_size, (width - 2 * pad) / (0.65 * len(title)))
    title_h = 1.6 * title_size if title else 0.0
    d = _Draw(p, s, pad + left * s, pad + title_h + top * s)
    d.rules(show_candidates)
    d.grid()
    d.digits(show_candidates)
    d.outside_clues()
    body: List[str] = []
    for name in d.LAYERS:
        body.extend(d.layers[name])
    height = d.y0 + side + bottom * s + pad
    if title:
        body.append(_text(width / 2, pad + title_h / 2, title, "title", title_size, bold=True))
    if legend and d.legend:
        size = max(0.3 * s, side / 60)
        y = height
        for item in d.legend:
            for line in _wrap(item, width - 2 * pad, size):
                body.append(
                    _text(pad, y + 0.6 * size, line, "legend", size, anchor="start", fill="#333333")
                )
                y += 1.3 * size
        height = y + pad
    background = (
        f'<rect class="background" x="0" y="0" width="{_f(width)}" height="{_f(height)}" '
        'fill="#ffffff"/>'
    )
    return _Picture(width, height, [background, *body])


def _svg(width: str, height: str, view: Tuple[float, float], body: List[str]) -> str:
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" '
        f'height="{height}" viewBox="0 0 {_f(view[0])} {_f(view[1])}" '
        f'font-family="{FONT}">\n'
    )
    return head + "\n".join(body) + "\n</svg>\n"


# ----------------------------------------------------------------------------------------
# The public functions
# ----------------------------------------------------------------------------------------


def render(
    puzzle: Any,
    solution: Any = None,
    *,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    cell_size: float = 40.0,
    show_candidates: bool = False,
    title: Optional[str] = None,
    legend: bool = True,
) -> str:
    """An SVG document (a string) of the puzzle's grid.

    ``puzzle``: any form :func:`fastsudoku.solve` reads (``box`` and ``alphabet`` as
    there), or a :class:`fastsudoku.variants.Variant` (which carries its own box and
    alphabet: pass neither).  ``solution``: a full grid in the same form and alphabet
    (the string :func:`fastsudoku.solve` returns, for one); its digits that are not givens
    are drawn in blue.  ``cell_size``: the side of a cell in the document's units (px);
    ``show_candidates``: small candidate digits in the empty cells (without a solution);
    ``title``: a line above the grid; ``legend``: the notes under the grid (rules that
    are not drawn, line colours, outside clues).

    Raises what reading the puzzle raises (:class:`fastsudoku.ParseError`,
    :class:`fastsudoku.ShapeError`, :class:`fastsudoku.ConflictError`,
    :class:`fastsudoku.VariantError`, ``TypeError``), and the same for a solution that
    cannot be read, leaves a cell empty, contradicts a given
    (:class:`fastsudoku.InvalidValueError` naming row and column) or breaks a rule; the
    messages about a solution start with ``solution:``.
    """
    s = _positive("cell_size", cell_size)
    p = _prepare(puzzle, solution, box, alphabet)
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string, got {shown(title)}")
    pic = _draw(p, s, title=title, show_candidates=bool(show_candidates), legend=bool(legend))
    return _svg(_f(pic.width), _f(pic.height), (pic.width, pic.height), pic.body)


def _repr_svg(puzzle: Any, solution: Any = None, box: Any = None) -> Optional[str]:
    """The picture Jupyter shows for a puzzle or result object (``_repr_svg_``), or None
    (Jupyter then shows its text) when there is nothing to draw or it cannot be drawn."""
    if puzzle is None:
        return None
    try:
        return render(puzzle, solution, box=box)
    except (SudokuError, TypeError, ValueError):
        return None


def iter_sheet(
    puzzles: Sequence[Any],
    solutions: Optional[Sequence[Any]] = None,
    *,
    columns: int = 2,
    rows: int = 3,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    title: Optional[str] = None,
    labels: Optional[Sequence[str]] = None,
    show_candidates: bool = False,
    legend: bool = True,
) -> Iterator[str]:
    """The pages of :func:`render_sheet`, each made when it is asked for (a long list of
    puzzles is never held as pictures); a puzzle that cannot be drawn raises when its
    page is made."""
    columns = _count("columns", columns, 12)
    rows = _count("rows", rows, 12)
    if isinstance(puzzles, (str, bytes)) or not isinstance(puzzles, Sequence):
        raise TypeError(
            f"puzzles must be a sequence (a list) of puzzles, got {type(puzzles).__name__}"
        )
    count = len(puzzles)
    for name, values in (("solutions", solutions), ("labels", labels)):
        if values is not None and (isinstance(values, (str, bytes)) or len(values) != count):
            raise ValueError(
                f"{name} must be a list of {count} (one a puzzle), got {shown(values)}"
            )
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a string, got {shown(title)}")
    return _pages(
        puzzles, solutions, columns, rows, box, alphabet, title, labels, show_candidates, legend
    )


def _pages(
    puzzles: Sequence[Any],
    solutions: Optional[Sequence[Any]],
    columns: int,
    rows: int,
    box: Optional[Sequence[int]],
    alphabet: Optional[str],
    title: Optional[str],
    labels: Optional[Sequence[str]],
    show_candidates: bool,
    legend: bool,
) -> Iterator[str]:
    page_w, page_h = A4
    margin, gap, label_h, footer_h = 12.0, 5.0, 6.0, 8.0
    head_h = 12.0 if title else 0.0
    per_page = columns * rows
    total = max(1, -(-len(puzzles) // per_page))
    slot_w = (page_w - 2 * margin) / columns
    slot_h = (page_h - 2 * margin - head_h - footer_h) / rows
    for page in range(total):
        body = [
            f'<rect class="page" x="0" y="0" width="{_f(page_w)}" height="{_f(page_h)}" '
            'fill="#ffffff"/>'
        ]
        if title:
            body.append(
                _text(page_w / 2, margin + head_h / 2, title, "sheet-title", 6.0, bold=True)
            )
        for k in range(per_page):
            i = page * per_page + k
            if i >= len(puzzles):
                break
            try:
                p = _prepare(puzzles[i], None if solutions is None else solutions[i], box, alphabet)
            except (SudokuError, TypeError, ValueError) as e:
                e.args = (f"puzzle {i + 1}: {e}", *e.args[1:])
                raise
            pic = _draw(p, 40.0, title=None, show_candidates=show_candidates, legend=legend)
            sx = margin + (k % columns) * slot_w
            sy = margin + head_h + (k // columns) * slot_h
            room_w, room_h = slot_w - gap, slot_h - gap - label_h
            scale = min(room_w / pic.width, room_h / pic.height)
            x = sx + (slot_w - pic.width * scale) / 2
            y = sy + label_h
            label = str(i + 1) if labels is None else str(labels[i])
            body.append(_text(x, sy + label_h / 2, label, "number", 4.5, anchor="start", bold=True))
            body.append(
                f'<g class="puzzle" transform="translate({_f(x)} {_f(y)}) scale({scale:.6f})">'
            )
            body.extend(pic.body)
            body.append("</g>")
        body.append(
            _text(
                page_w / 2,
                page_h - margin / 2 - 2,
                f"page {page + 1} of {total}",
                "footer",
                3.5,
                fill="#555555",
            )
        )
        yield _svg("210mm", "297mm", A4, body)


def render_sheet(
    puzzles: Sequence[Any],
    solutions: Optional[Sequence[Any]] = None,
    *,
    columns: int = 2,
    rows: int = 3,
    box: Optional[Sequence[int]] = None,
    alphabet: Optional[str] = None,
    title: Optional[str] = None,
    labels: Optional[Sequence[str]] = None,
    show_candidates: bool = False,
    legend: bool = True,
) -> List[str]:
    """Printable A4 pages (SVG documents, one string a page, viewBox 210x297 mm) with
    ``columns`` x ``rows`` puzzles a page (1..12 each), numbered 1, 2, ... above their
    grids (or ``labels``, one a puzzle), ``title`` at the top of each page and "page k of
    K" at the bottom.  ``solutions``: None, or one a puzzle (None for a puzzle drawn
    without); ``box``, ``alphabet``: as for :func:`render`, for every classic puzzle.
    An empty list gives one empty page.  Raises the first error of a puzzle that cannot
    be drawn, its message starting ``puzzle K:``.

    >>> pages = render_sheet(["." * 81] * 7)
    >>> len(pages), pages[1].count('class="number"')
    (2, 1)
    """
    return list(
        iter_sheet(
            puzzles,
            solutions,
            columns=columns,
            rows=rows,
            box=box,
            alphabet=alphabet,
            title=title,
            labels=labels,
            show_candidates=show_candidates,
            legend=legend,
        )
    )
