"""The Interactive Sudoku Solver's puzzle text (``fastsudoku.variants.from_iss``).

Read as the ISS reads it: ``#`` comment lines dropped, sections split at blank lines (their
constraints joined), each section first tried as one of the short forms -- ``=`` and a
plain grid, the 81-character killer (arrows to each cage's head), SudoCue's ``3x3::k:``
killer, givens followed by a jigsaw layout, a jigsaw layout, a plain grid, a grid with
separators, pencilmarks -- and otherwise as a constraint string: ``.Type~arg~arg``
tokens with every whitespace removed, the empty type being givens (``.~R1C1_5``, several
values a candidate set).  Cells are ``R<row>C<col>`` with one character each, ``1``-``9``
then ``a``-``g`` for 10-16.  The rules follow the ISS (its file ``sudoku_builder.js``):
``Diagonal~1`` is the anti-diagonal, a ``Jigsaw`` without ``NoBoxes`` adds its regions to
the boxes, dots and X/V marks on a set of cells bind every orthogonal pair in it, a cell
listed twice in a cage counts twice in its sum.  A constraint type we do not implement
raises :class:`fastsudoku.VariantError` naming it (never a wrong answer).
"""

from __future__ import annotations

import math
import re
import sys
from collections import Counter
from typing import Any, Dict, List, Optional, Set, Tuple

from ._errors import VariantError
from ._symbols import WIDE

ISS_LETTERS = "ABCDEFGHIJKLMNOP"

Cell = Tuple[int, int]

_COMMENT = re.compile(r"^#.*$", re.MULTILINE)
_SECTIONS = re.compile(r"\n\s*\n")
_ARROWS = {"^": -9, "v": 9, "<": -1, ">": 1, "`": -10, "'": -8, ",": 8, ".": 10}
_KILLER81 = re.compile(r"^[0-9A-Za-j^<v>`',.]{81}$")
_CELL = re.compile(r"^[Rr]([1-9a-gA-G])[Cc]([1-9a-gA-G])$")

# The types read here; every other name the ISS knows is refused by name.
_KNOWN_ELSEWHERE = (
    "Container",
    "Or",
    "And",
    "End",
    "Replicate",
    "Regex",
    "NFA",
    "LookAndSay",
    "SameValues",
    "EqualSum",
    "CountDistinct",
    "ValueIndexing",
    "FullRank",
    "FullRankTies",
    "GlobalEntropy",
    "GlobalMod",
    "DutchFlatmates",
    "RegionSameValues",
    "Var",
    "ConnectedValues",
    "ChaosConstruction",
    "ChaosArrow",
    "ChaosCount",
    "Doppelganger",
    "SearchPriority",
)


class _Puzzle:
    """What the sections add up to, before it becomes a Variant."""

    def __init__(self) -> None:
        self.n: Optional[int] = None
        self.candidates: Dict[int, Set[int]] = {}
        self.constraints: List[Any] = []
        self.no_boxes = False
        self.jigsaw: Optional[str] = None
        self.strict_dots = False
        self.strict_xv = False
        self.diagonals: Set[int] = set()
        self.first = 1  # the least value: 0 on the ISS's 0-indexed grids (Shape~9x9~0-8)

    def side(self, n: int, where: str) -> None:
        if self.n is not None and self.n != n:
            raise VariantError(f"ISS {where}: a {n}x{n} grid, but the puzzle is {self.n}x{self.n}")
        self.n = n

    def allow(self, cell: int, values: Set[int]) -> None:
        self.candidates[cell] = self.candidates.get(cell, values) & values


def from_iss(text: str) -> Any:
    """A :class:`~fastsudoku.variants.Variant` from the Interactive Sudoku Solver's text
    (a constraint string such as ``.~R1C1_5.Thermo~R9C4~R8C3``, or one of its short forms)."""
    if not isinstance(text, str):
        raise TypeError(f"from_iss takes the puzzle's text (a str), got {type(text).__name__}")
    puzzle = _Puzzle()
    cleaned = _COMMENT.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    sections = [s for s in _SECTIONS.split(cleaned) if s.strip()]
    if not sections:
        raise VariantError("ISS text: no puzzle in it")
    # The constraint strings need the grid's side first: Shape may come last.
    strings = []
    for section in sections:
        if not _short_form(puzzle, section):
            strings.append(section)
    tokens = [t for s in strings for t in _tokens(s)]
    for name, args in tokens:
        if name == "Shape":
            side, puzzle.first = _shape(args)
            puzzle.side(side, "Shape")
    if puzzle.n is None:
        puzzle.n = 9
    for name, args in tokens:
        _constraint(puzzle, name, args)
    return _variant(puzzle)


# ----------------------------------------------------------------------------------------
# Short forms
# ----------------------------------------------------------------------------------------


def _short_form(p: _Puzzle, section: str) -> bool:
    """Read a section that is one of the short forms into p; False if it is none."""
    text = re.sub(r"\s+", "", section)
    if len(text) <= 1 or "~" in text:  # '~' is only in constraint strings
        return False
    if text.startswith("="):
        _plain(p, text[1:], "plain grid after '='", required=True)
        return True
    if _KILLER81.match(text) and any(ch in "<v>^`',." for ch in text) and _killer81(p, text):
        return True
    if text.startswith("3x3:"):
        _sudocue(p, text)
        return True
    side = math.isqrt(len(text) // 2)
    if side * side * 2 == len(text) and 1 <= side <= 16:
        layout = text[side * side :]
        if _is_layout(layout, side) and _plain(p, text[: side * side], "", required=False):
            p.jigsaw = layout
            p.no_boxes = True
            return True
    side = math.isqrt(len(text))
    if side * side == len(text) and 1 <= side <= 16:
        if _is_layout(text, side):
            p.side(side, "jigsaw layout")
            p.jigsaw = text
            p.no_boxes = True
            return True
        if _plain(p, text, "", required=False):
            return True
    if _separated(p, section):
        return True
    side = round(len(text) ** (1 / 3))
    if side**3 == len(text) and 1 <= side <= 9 and re.fullmatch(r"[0-9.]+", text):
        p.side(side, "pencilmarks")
        for cell in range(side * side):
            block = text[cell * side : (cell + 1) * side]
            p.allow(cell, {int(ch) for ch in block if ch != "." and 1 <= int(ch) <= side})
        return True
    return False


def _char_value(ch: str, n: int) -> int:
    if n < 10:
        return int(ch) if ch.isdigit() else -1
    if ch == "0":
        return 0
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 1
    return -1


def _plain(p: _Puzzle, text: str, where: str, *, required: bool) -> bool:
    n = math.isqrt(len(text))
    if n * n != len(text) or not 1 <= n <= 16:
        if required:
            raise VariantError(f"ISS {where}: {len(text)} cells is not a square grid")
        return False
    values = [_char_value(ch, n) for ch in text]
    blanks = {ch for ch, v in zip(text, values) if not 1 <= v <= n}
    if len(blanks) > 1:
        if required:
            raise VariantError(f"ISS {where}: blanks written {sorted(blanks)} (one character only)")
        return False
    p.side(n, "plain grid")
    for cell, v in enumerate(values):
        if 1 <= v <= n:
            p.allow(cell, {v})
    return True


def _is_layout(text: str, n: int) -> bool:
    counts = Counter(text)
    return len(counts) == n and all(k == n for k in counts.values())


def _killer81(p: _Puzzle, text: str) -> bool:
    # Each cell's cage head by pointer doubling: a cell points at the cell its arrow
    # leads to (a head at itself), and four rounds of "point where your target points"
    # follow up to 16 arrows -- a cage of 9 cells has paths of at most 8 (walking each
    # cell's arrows one at a time was a quarter of reading a killer).
    step = [x + _ARROWS.get(ch, 0) for x, ch in enumerate(text)]
    if min(step) < 0 or max(step) > 80:
        raise VariantError("ISS compact killer: an arrow leads in a loop or off the grid")
    for _ in range(4):
        step = [step[y] for y in step]
    heads: Dict[int, List[int]] = {}
    for start, head in enumerate(step):
        if text[head] in _ARROWS:
            raise VariantError("ISS compact killer: an arrow leads in a loop or off the grid")
        heads.setdefault(head, []).append(start)
    p.side(9, "compact killer")
    Cage = _variants().Cage
    rc = _rc_table(9)
    for head, cells in heads.items():
        ch = text[head]
        if ch.isdigit():
            total = int(ch)
        elif "A" <= ch <= "Z":
            total = ord(ch) - ord("A") + 10
        else:
            total = ord(ch) - ord("a") + 36
        # The cells in order, each once (each cell has one head).
        p.constraints.append(Cage([rc[x] for x in cells], total or None))
    return True


def _sudocue(p: _Puzzle, text: str) -> None:
    parts = text.split(":")
    if len(parts) != 85 or parts[0] != "3x3" or parts[2] != "k":
        raise VariantError(
            "ISS 3x3::k: killer: expected '3x3:<d or empty>:k:' and 81 values, each ended by ':'"
        )
    p.side(9, "3x3::k: killer")
    cages: Dict[int, List[int]] = {}
    totals: Dict[int, int] = {}
    for cell, item in enumerate(parts[3:84]):
        if not item.isdigit():
            raise VariantError(f"ISS 3x3::k: killer: cell {cell + 1} holds {item!r}, not a number")
        total, cage = divmod(int(item), 256)
        if total:
            cages.setdefault(cage, []).append(cell)
            totals.setdefault(cage, total)
    for cage, cells in cages.items():
        _cage(p, cells, totals[cage])
    if parts[1] == "d":
        p.diagonals |= {1, -1}


def _separated(p: _Puzzle, section: str) -> bool:
    if not re.fullmatch(r"[\d\s.|_\-]+", section):
        return False
    tokens = re.findall(r"[.]|\d+", section)
    n = math.isqrt(len(tokens))
    if n * n != len(tokens) or not 1 <= n <= 16:
        return False
    p.side(n, "grid")
    for cell, tok in enumerate(tokens):
        if tok != ".":
            v = int(tok)
            if not 1 <= v <= n:
                raise VariantError(
                    f"ISS grid: value {v} at R{cell // n + 1}C{cell % n + 1} is outside 1..{n}"
                )
            p.allow(cell, {v})
    return True


# ----------------------------------------------------------------------------------------
# Constraint strings
# ----------------------------------------------------------------------------------------


def _tokens(section: str) -> List[Tuple[str, List[str]]]:
    text = re.sub(r"\s+", "", section)
    items = text.split(".")
    if items[0] != "":
        if section.strip().startswith("/") and section.strip().endswith(".js"):
            # The ISS's examples made by a script of its own (data/scripts/*.js).
            raise VariantError(
                f"ISS text {section.strip()!r}: a puzzle made by an ISS script is not "
                "supported (give its constraint string)"
            )
        raise VariantError('ISS constraint string: it must start with a "."')
    out = []
    for item in items[1:]:
        if item == "":
            continue
        name, *args = item.split("~")
        out.append((name or "Given", args))
    return out


def _shape(args: List[str]) -> Tuple[int, int]:
    """A Shape's side and least value (1, or 0 for a range 0..N-1)."""
    spec = "~".join(args)
    m = re.fullmatch(r"(\d+)x(\d+)(?:~([^~]*))?(?:~(Sudoku|Raw))?", spec)
    if not m:
        raise VariantError(f"ISS Shape~{spec}: not a shape of the form 9x9[~range]")
    rows, cols = int(m.group(1)), int(m.group(2))
    if rows != cols or not 1 <= rows <= 16:
        raise VariantError(f"ISS Shape~{spec}: only square grids up to 16x16 are supported")
    values = m.group(3)
    zero = values == f"0-{rows - 1}" and rows <= 10
    if (not zero and values not in (None, "", str(rows), f"1-{rows}")) or m.group(4) == "Raw":
        raise VariantError(
            f"ISS Shape~{spec}: only values 1..{rows} (or 0..{rows - 1}, up to 10x10) on a "
            "Sudoku grid are supported"
        )
    return rows, 0 if zero else 1


_DIGITS = "123456789abcdefg"
# A given's one value as the ISS writes it ("5") -> {5}, per side (never changed: allow()
# makes new sets).
_SINGLE: Dict[Tuple[int, int], Dict[str, Set[int]]] = {}
# "R1C1" -> cell index, per side (the ISS's own spelling; others go through _CELL).
_CELL_INDEX: Dict[int, Dict[str, int]] = {}


def _variants() -> Any:
    """fastsudoku.variants (which imports this module: not at the top), without an import
    statement's cost on each rule read (a 9x9 killer's 29 cages: 45 us)."""
    module = sys.modules.get(__package__ + ".variants")
    if module is None:
        from . import variants as module
    return module


def _cell(p: _Puzzle, ref: str, where: str) -> int:
    assert p.n is not None
    index = _CELL_INDEX.get(p.n)
    if index is None:
        n = p.n
        index = {f"R{_DIGITS[r]}C{_DIGITS[c]}": r * n + c for r in range(n) for c in range(n)}
        _CELL_INDEX[n] = index
    found = index.get(ref)
    if found is not None:
        return found
    m = _CELL.match(ref)
    if m is None:
        raise VariantError(f"ISS {where}: invalid cell ID {ref!r} (R1C1 .. RgCg)")
    row, col = (int(x, 17) - 1 for x in m.groups())
    if not (row < p.n and col < p.n):
        raise VariantError(f"ISS {where}: cell {ref} is off the {p.n}x{p.n} grid")
    return row * p.n + col


def _cells(p: _Puzzle, refs: List[str], where: str) -> List[int]:
    return [_cell(p, r, where) for r in refs]


def _number(text: str, where: str) -> int:
    if not re.fullmatch(r"-?\d+", text):
        raise VariantError(f"ISS {where}: {text!r} is not an integer")
    return int(text)


# (row, column) of each cell, per side: shared tuples, made once.
_RC_TABLE: Dict[int, List[Cell]] = {}


def _rc_table(n: int) -> List[Cell]:
    table = _RC_TABLE.get(n)
    if table is None:
        table = _RC_TABLE.setdefault(n, [divmod(x, n) for x in range(n * n)])
    return table


def _rc(p: _Puzzle, cell: int) -> Cell:
    assert p.n is not None
    return _rc_table(p.n)[cell]


def _cage(p: _Puzzle, cells: List[int], total: Optional[int]) -> None:
    v = _variants()
    if len(set(cells)) == len(cells):
        assert p.n is not None
        rc = _rc_table(p.n)
        p.constraints.append(v.Cage([rc[x] for x in cells], total or None))
        return
    counts = Counter(cells)
    unique = list(counts)
    # A cell listed twice counts twice in the sum (as in the ISS); the cells still differ.
    p.constraints.append(v.Region([_rc(p, x) for x in unique]))
    if total:
        p.constraints.append(v.Sum([_rc(p, x) for x in unique], total, [counts[x] for x in unique]))


def _pairs(p: _Puzzle, cells: List[int], name: str) -> List[Tuple[int, int]]:
    """The orthogonally adjacent pairs inside a set of cells (in the order listed)."""
    assert p.n is not None
    n = p.n
    out = []
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            if abs(a // n - b // n) + abs(a % n - b % n) == 1:
                out.append((a, b))
    if not out:
        raise VariantError(f"ISS {name}: no two of its cells are orthogonal neighbours")
    return out


# Each side's little killer diagonals by their first cell (the ISS's clue cell): made once.
_LK_LINES: Dict[int, Dict[int, List[int]]] = {}


def _little_killer(p: _Puzzle, key: int) -> List[int]:
    assert p.n is not None
    n = p.n
    lines = _LK_LINES.get(n)
    if lines is None:
        starts = (
            [((r, 0), (1, 1)) for r in range(n - 1)]
            + [((r, n - 1), (-1, -1)) for r in range(1, n - 1)]
            + [((0, c), (1, -1)) for c in range(1, n)]
            + [((n - 1, c), (-1, 1)) for c in range(1, n - 1)]
        )
        seen = set()
        lines = {}
        for (r, c), (dr, dc) in starts:
            line = []
            while 0 <= r < n and 0 <= c < n:
                line.append(r * n + c)
                r, c = r + dr, c + dc
            if len(line) <= 1 or frozenset(line) in seen:
                continue
            seen.add(frozenset(line))
            lines.setdefault(line[0], line)
        lines = _LK_LINES.setdefault(n, lines)
    found = lines.get(key)
    if found is None:
        raise VariantError(f"ISS LittleKiller: no diagonal starts at R{key // n + 1}C{key % n + 1}")
    return list(found)


def _constraint(p: _Puzzle, name: str, args: List[str]) -> None:
    v = _variants()

    assert p.n is not None
    n = p.n
    where = name

    def rc(cells: List[int]) -> List[Cell]:
        return [_rc(p, x) for x in cells]

    if name == "Given":
        first = p.first
        singles = _SINGLE.get((n, first))
        if singles is None:
            singles = _SINGLE[(n, first)] = {
                str(k): {k - first + 1} for k in range(first, first + n)
            }
        for arg in args:
            ref, _, values = arg.partition("_")
            cell = _cell(p, ref, "given")
            one = singles.get(values)
            if one is not None:  # the common case: one value
                p.allow(cell, one)
                continue
            try:
                allowed = {int(x) for x in values.split("_")} if values else set()
            except ValueError:
                raise VariantError(f"ISS given: invalid value ID {arg!r}") from None
            if any(not first <= x < first + n for x in allowed):
                raise VariantError(
                    f"ISS given: invalid value ID {arg!r} (values {first}..{first + n - 1})"
                )
            p.allow(cell, {x - first + 1 for x in allowed})
    elif name in ("Shape", "Windoku", "DisjointSets"):
        if name == "Windoku":
            _windoku(p)
        elif name == "DisjointSets":
            _disjoint(p)
    elif name == "NoBoxes":
        p.no_boxes = True
    elif name == "Jigsaw":
        if not args or len(args[-1]) != n * n:
            raise VariantError(f"ISS Jigsaw: the layout must have {n * n} characters")
        p.jigsaw = args[-1]
    elif name == "RegionSize":
        if args != [str(n)]:
            raise VariantError(
                f"ISS RegionSize~{'~'.join(args)}: only regions of {n} cells are supported"
            )
    elif name in ("AntiKnight", "AntiKing", "AntiConsecutive", "StrictKropki", "StrictXV"):
        if name == "AntiKnight":
            p.constraints.append(v.AntiKnight())
        elif name == "AntiKing":
            p.constraints.append(v.AntiKing())
        elif name == "AntiConsecutive":
            p.constraints.append(v.NonConsecutive())
        elif name == "StrictKropki":
            p.strict_dots = True
        else:
            p.strict_xv = True
    elif name == "Diagonal":
        if args not in (["1"], ["-1"]):
            raise VariantError(f"ISS Diagonal: invalid direction {'~'.join(args)!r} (1 or -1)")
        p.diagonals.add(int(args[0]))
    elif name == "Cage":
        if not args:
            raise VariantError("ISS Cage: the sum slot is missing")
        total = None if args[0] == "" else _number(args[0], "Cage sum")
        _cage(p, _cells(p, args[1:], where), total)
    elif name == "AllDifferent":
        p.constraints.append(v.Region(rc(list(dict.fromkeys(_cells(p, args, where))))))
    elif name in ("RellikCage", "Lunchbox"):
        if not args:
            raise VariantError(f"ISS {name}: expected ~<sum>~<cells>")
        total = _number(args[0], f"{name} sum")
        rule = v.RellikCage if name == "RellikCage" else v.Lunchbox
        p.constraints.append(rule(rc(_cells(p, args[1:], where)), total))
    elif name == "CountingCircles":
        if not args:
            raise VariantError("ISS CountingCircles: expected its cells")
        p.constraints.append(v.CountingCircles(rc(_cells(p, args, where))))
    elif name == "EqualityCage":
        if not args:
            raise VariantError("ISS EqualityCage: expected its cells")
        p.constraints.append(v.EqualityCage(rc(_cells(p, args, where))))
    elif name == "Sum":
        if not args or args[0] == "":
            raise VariantError("ISS Sum: the sum is missing")
        total_text, _, coefs_text = args[0].partition("_=_")
        cells = _cells(p, args[1:], where)
        coefs = (
            [_number(k, "Sum coefficient") for k in coefs_text.split("_")]
            if coefs_text
            else [1] * len(cells)
        )
        if len(coefs) != len(cells):
            raise VariantError("ISS Sum: as many coefficients as cells are needed")
        # A cell listed more than once has its coefficients added (as in the ISS); a cell
        # whose coefficients cancel leaves the sum.
        merged: Dict[int, int] = {}
        for cell, coef in zip(cells, coefs):
            merged[cell] = merged.get(cell, 0) + coef
        cells = [cell for cell, coef in merged.items() if coef]
        p.constraints.append(
            v.Sum(rc(cells), _number(total_text, "Sum"), [merged[x] for x in cells])
        )
    elif name == "LittleKiller":
        if len(args) != 2:
            raise VariantError("ISS LittleKiller: expected ~<sum>~<start cell>")
        line = _little_killer(p, _cell(p, args[1], where))
        p.constraints.append(v.Sum(rc(line), _number(args[0], "LittleKiller sum")))
    elif name in ("Zipper", "RegionSumLine", "Entropic"):
        rule = {"Zipper": v.Zipper, "RegionSumLine": v.RegionSumLine, "Entropic": v.Entropic}
        p.constraints.append(rule[name](rc(_cells(p, args, where)), check_path=False))
    elif name == "SumLine":
        if not args:
            raise VariantError("ISS SumLine: expected ~<sum>~<cells>[~LOOP]")
        loop = args[-1] == "LOOP"
        refs = args[1:-1] if loop else args[1:]
        total = _number(args[0], "SumLine sum")
        sum_line = rc(_cells(p, refs, where))
        p.constraints.append(v.SumLine(sum_line, total, loop=loop, check_path=False))
    elif name == "Modular":
        if not args:
            raise VariantError("ISS Modular: expected ~<mod>~<cells>")
        mod = _number(args[0], "Modular mod")
        p.constraints.append(v.Modular(rc(_cells(p, args[1:], where)), mod, check_path=False))
    elif name == "Indexing":
        if not args or args[0] not in ("C", "R"):
            raise VariantError("ISS Indexing: expected ~C or ~R, then the cells")
        by = "column" if args[0] == "C" else "row"
        p.constraints.append(v.Indexing(rc(_cells(p, args[1:], where)), by))
    elif name == "Quad":
        if not args:
            raise VariantError("ISS Quad: expected ~<top-left cell>~<values>")
        r, c = divmod(_cell(p, args[0], where), n)
        if r + 1 >= n or c + 1 >= n:
            raise VariantError(f"ISS Quad: {args[0]} is not the top-left of four cells")
        quad = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        wanted = [_number(x, "Quad value") for x in args[1:] if x != ""]
        p.constraints.append(v.Contains(quad, wanted))
    elif name in ("ContainAtLeast", "ContainExact"):
        if not args:
            raise VariantError(f"ISS {name}: expected ~<values>~<cells>")
        wanted = [_number(x, f"{name} value") for x in args[0].split("_") if x != ""]
        held = rc(_cells(p, args[1:], where))
        p.constraints.append(v.Contains(held, wanted, exactly=name == "ContainExact"))
    elif name == "AntiTaxicab":
        p.constraints.append(v.AntiTaxicab())
    elif name in ("Sandwich", "XSum", "NumberedRoom", "Skyscraper", "SumLine", "Lunchbox") and (
        p.first != 1
    ):
        # Their clues name the digits 1..N (the ISS shifts them on 0-indexed grids).
        raise VariantError(
            f"ISS {name} on a grid of {p.first}..{p.first + n - 1}: only on grids of the "
            f"digits 1..{n}"
        )
    elif name == "Sandwich":
        if len(args) != 2:
            raise VariantError("ISS Sandwich: expected ~<sum>~<row or column>")
        p.constraints.append(
            v.Sandwich(_iss_line(p, args[1], name), _number(args[0], "Sandwich sum"))
        )
    elif name == "XSum":
        if len(args) != 3:
            raise VariantError("ISS XSum: expected ~<row or column>~<sum forwards>~<backwards>")
        outside = _iss_line(p, args[0], name)
        for clue, reverse in ((args[1], False), (args[2], True)):
            if clue != "":
                p.constraints.append(v.XSum(outside, _number(clue, "XSum sum"), reverse))
    elif name in ("Skyscraper", "NumberedRoom", "HiddenSkyscraper"):
        if len(args) not in (2, 3):
            raise VariantError(f"ISS {name}: expected ~<row or column>~<clue>~<clue back>")
        clue_rule = {
            "Skyscraper": v.Skyscraper,
            "NumberedRoom": v.NumberedRoom,
            "HiddenSkyscraper": v.HiddenSkyscraper,
        }[name]
        outside = _iss_line(p, args[0], name)
        for clue, reverse in zip(args[1:], (False, True)):
            if clue != "":
                clue_value = _number(clue, f"{name} clue")
                p.constraints.append(clue_rule(outside, clue_value, reverse))
    elif name == "Between":
        p.constraints.append(v.Between(rc(_cells(p, args, where)), check_path=False))
    elif name == "Lockout":
        if not args:
            raise VariantError("ISS Lockout: expected ~<least difference>~<cells>")
        gap = _number(args[0], "Lockout difference")
        p.constraints.append(v.Lockout(rc(_cells(p, args[1:], where)), gap, check_path=False))
    elif name in ("Thermo", "Renban", "Palindrome"):
        line_cells = rc(_cells(p, args, where))
        cls = {"Thermo": v.Thermo, "Renban": v.Renban, "Palindrome": v.Palindrome}[name]
        p.constraints.append(cls(line_cells, check_path=False))
    elif name == "Whisper":
        diff = 5
        if args and re.fullmatch(r"-?\d+", args[0]):
            diff, args = int(args[0]), args[1:]
        elif args and args[0] == "":
            diff, args = 0, args[1:]
        p.constraints.append(v.Whisper(rc(_cells(p, args, where)), diff, check_path=False))
    elif name == "Arrow":
        cells = _cells(p, args, where)
        if len(cells) < 2:
            raise VariantError("ISS Arrow: a circle and at least one cell are needed")
        p.constraints.append(v.Arrow(_rc(p, cells[0]), rc(cells[1:]), check_path=False))
    elif name == "PillArrow":
        size = _number(args[0], "PillArrow size") if args else 0
        if size not in (2, 3) or len(args) < size + 2:
            raise VariantError("ISS PillArrow: expected ~<2|3>~<pill cells>~<arrow cells>")
        cells = _cells(p, args[1:], where)
        pill = sorted(cells[:size])
        p.constraints.append(v.Arrow(rc(pill), rc(cells[size:]), check_path=False))
    elif name == "DoubleArrow":
        cells = _cells(p, args, where)
        if len(cells) < 3:
            raise VariantError("ISS DoubleArrow: at least three cells are needed")
        mids = cells[1:-1]
        p.constraints.append(v.Sum(rc([*mids, cells[0], cells[-1]]), 0, [1] * len(mids) + [-1, -1]))
    elif name in ("WhiteDot", "BlackDot", "X", "V"):
        for a, b in _pairs(p, _cells(p, args, where), name):
            if name in ("WhiteDot", "BlackDot"):
                p.constraints.append(
                    v.Kropki(_rc(p, a), _rc(p, b), "white" if name == "WhiteDot" else "black")
                )
            else:
                p.constraints.append(v.XV(_rc(p, a), _rc(p, b), name))
    elif name == "GreaterThan":
        for a, b in _pairs(p, _cells(p, args, where), name):
            p.constraints.append(v.Thermo([_rc(p, b), _rc(p, a)], check_path=False))
    elif name in ("Pair", "PairX", "Binary", "BinaryX"):
        _pairwise(p, name, args)
    elif name in _KNOWN_ELSEWHERE:
        raise VariantError(f"ISS constraint {name!r} is not supported by fastsudoku yet")
    else:
        raise VariantError(f"ISS constraint string: unknown constraint type {name!r}")


_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _relation_pairs(key: str, n: int, first: int, where: str) -> List[Tuple[int, int]]:
    """The (x, y) number pairs of the ISS's binary key: bit (x - 1) * n + (y - 1) over its
    digits, six bits a URL-safe base64 character, lowest first."""
    pairs = []
    for k, ch in enumerate(key):
        bits = _BASE64.find(ch)
        if bits < 0:
            raise VariantError(f"ISS {where}: {ch!r} in the key {key!r} is not base64")
        for j in range(6):
            i = 6 * k + j
            if bits >> j & 1:
                if i >= n * n:
                    raise VariantError(f"ISS {where}: the key {key!r} is too long for {n} digits")
                pairs.append((i // n + first, i % n + first))
    return pairs


def _pairwise(p: _Puzzle, name: str, args: List[str]) -> None:
    """Pair and PairX (a custom relation between consecutive cells, or every two), each
    group of cells (an empty argument between groups; '_name' names the next); Binary and
    BinaryX are their older forms, the key's '-' and '_' swapped."""
    assert p.n is not None
    v = _variants()
    if not args:
        raise VariantError(f"ISS {name}: a key and cells are needed")
    key = args[0]
    if name in ("Binary", "BinaryX"):
        key = key.translate(str.maketrans("-_", "_-"))
    pairs = _relation_pairs(key, p.n, p.first, name)
    groups: List[List[str]] = [[]]
    for item in args[1:]:
        if item == "" or item.startswith("_"):
            groups.append([])
        else:
            groups[-1].append(item)
    every = name in ("PairX", "BinaryX")
    for group in groups:
        if len(group) >= 2:
            cells = [_rc(p, x) for x in _cells(p, group, name)]
            p.constraints.append(v.Relation(cells, pairs, every_pair=every))


def _iss_line(p: _Puzzle, text: str, where: str) -> str:
    """An outside clue's row or column ('R3', 'C5') of the grid, checked."""
    assert p.n is not None
    m = re.fullmatch(r"([RC])(\d+)", text)
    if not m or not 1 <= int(m.group(2)) <= p.n:
        raise VariantError(f"ISS {where}: invalid row or column {text!r}")
    return text


def _box_shape(n: int) -> Optional[Tuple[int, int]]:
    """The default boxes of an n x n grid, the most square ones (rows <= columns), as the
    ISS and f-puzzles draw them: (rows, columns) of a box, or None for a prime side."""
    for small in range(math.isqrt(n), 1, -1):
        if n % small == 0:
            return small, n // small
    return None


def _boxes_of(p: _Puzzle, name: str) -> Tuple[int, int]:
    assert p.n is not None
    box = _box_shape(p.n)
    if box is None:
        raise VariantError(f"ISS {name}: a {p.n}x{p.n} grid has no boxes")
    return box


def _windoku(p: _Puzzle) -> None:
    """The windows of box size one row and column apart from the edges and each other."""
    Region = _variants().Region
    assert p.n is not None
    h, w = _boxes_of(p, "Windoku")
    for r0 in range(1, p.n - h, h + 1):
        for c0 in range(1, p.n - w, w + 1):
            p.constraints.append(Region([(r0 + i, c0 + j) for i in range(h) for j in range(w)]))


def _disjoint(p: _Puzzle) -> None:
    """The cells at one place in every box differ."""
    Region = _variants().Region
    assert p.n is not None
    n = p.n
    h, w = _boxes_of(p, "DisjointSets")
    for i in range(h):
        for j in range(w):
            cells = [(br * h + i, bc * w + j) for br in range(n // h) for bc in range(n // w)]
            p.constraints.append(Region(cells))


def _variant(p: _Puzzle) -> Any:
    v = _variants()

    assert p.n is not None
    n = p.n
    # The ISS's own symbols: digits up to 9 values, else letters from A = 1 (its short
    # grids and stored solutions), so that a solution reads as the ISS writes it.
    # 0-indexed grids (up to 10x10): the values themselves.
    symbols = WIDE[:n] if n <= 9 else ISS_LETTERS[:n]
    if p.first == 0:
        symbols = "0123456789"[:n]
    givens = ["."] * (n * n)
    for cell, allowed in sorted(p.candidates.items()):
        if len(allowed) == 1:
            for value in allowed:
                givens[cell] = symbols[value - 1]
        elif not allowed:
            # Disjoint candidate sets: a cell with none left (no solution, as in the ISS).
            p.constraints.append(v.Candidates(divmod(cell, n), []))
        else:
            # Candidates takes the values (the digits + first - 1).
            values = sorted(d + p.first - 1 for d in allowed)
            p.constraints.append(v.Candidates(divmod(cell, n), values))
    if 1 in p.diagonals or -1 in p.diagonals:
        p.constraints.append(v.Diagonals(main=-1 in p.diagonals, anti=1 in p.diagonals))
    if p.strict_dots:
        p.constraints.append(v.NoOtherDots())
    if p.strict_xv:
        p.constraints.append(v.NoOtherXV())
    box: Any = "auto" if _box_shape(n) is not None else None
    if box == "auto" and not _square(n):
        box = _box_shape(n)
    regions = None
    if p.jigsaw is not None:
        # The regions replace the boxes, also on a side with no boxes (7x7).
        if p.no_boxes or box is None:
            regions, box = p.jigsaw, None
        else:
            groups: Dict[str, List[Cell]] = {}
            for cell, ch in enumerate(p.jigsaw):
                groups.setdefault(ch, []).append(divmod(cell, n))
            for cells in groups.values():
                p.constraints.append(v.Region(cells))
    elif p.no_boxes:
        box = None
    return v.Variant(
        "".join(givens),
        box=box,
        regions=regions,
        constraints=p.constraints,
        alphabet=None if n == 9 and p.first == 1 else symbols,  # the fast 81-character read
        first=p.first,
    )


def _square(n: int) -> bool:
    return math.isqrt(n) ** 2 == n
