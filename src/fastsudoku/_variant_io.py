"""Variant puzzles written out and read back: fastsudoku's JSON form and the Interactive
Sudoku Solver's constraint string (fastsudoku.variants re-exports these).

The JSON form, one object a puzzle (one line a puzzle in batch files)::

    {"givens": "5..3....", "box": "auto", "regions": null, "alphabet": null, "first": 1,
     "constraints": [{"type": "Cage", "cells": ["R1C1", "R1C2"], "total": 9}, ...]}

``givens``: the N*N cells as a string ('.' empty, the puzzle's alphabet) or a list of
ints (0 empty); ``box``: "auto", [rows, columns] or null (no boxes); ``regions``: null, a
string of N*N region labels or N lists of cells; ``alphabet``: null or the puzzle's
symbols; ``first``: the number the first digit stands for (1, or 0 for grids of 0..N-1;
see Variant); ``constraints``: each a constraint class of fastsudoku.variants by name, its
fields by name (cells as "R1C1" strings counting from 1, or [row, column] pairs from 0).
Fields left out take their defaults.  Every key is optional but ``givens``.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any, Dict, List, Tuple

from ._errors import VariantError

# Fields holding one cell, and those holding a list of cells (Arrow's circle: either).
_ONE_CELL = {"a", "b", "cell"}
_CELLS = {"cells"}
_KEYS = {"givens", "box", "regions", "alphabet", "first", "constraints"}


def _ref(b: Any, ref: Any, where: str) -> str:
    return _rc(b.n, b.cell(ref, where))


def _rc(n: int, x: int) -> str:
    return f"R{x // n + 1}C{x % n + 1}"


def _is_one_cell(ref: Any) -> bool:
    return isinstance(ref, str) or (
        isinstance(ref, (tuple, list)) and len(ref) == 2 and all(isinstance(x, int) for x in ref)
    )


def _constraint_dict(b: Any, con: Any) -> Dict[str, Any]:
    """A constraint as a JSON object: its type and its fields (cells as 'R1C1')."""
    name = type(con).__name__
    out: Dict[str, Any] = {"type": name}
    for f in dataclasses.fields(con):
        value = getattr(con, f.name)
        if f.name in _ONE_CELL or (f.name == "circle" and _is_one_cell(value)):
            value = _ref(b, value, name)
        elif f.name in _CELLS or f.name == "circle":
            value = [_rc(b.n, x) for x in b.cells(value, name, distinct=False)]
        elif isinstance(value, (tuple, list)):
            value = list(value)
        out[f.name] = value
    return out


def _builder(variant: Any) -> Any:
    from .variants import _Builder

    return _Builder(variant.grid().n, variant.first)


def _givens_text(variant: Any) -> Any:
    """The givens as one string ('.' empty) in the puzzle's symbols, or a list of ints."""
    grid = variant.grid()
    symbols = variant.alphabet or grid.symbols
    if symbols is not None and len(symbols) >= grid.n:
        return "".join(symbols[v - 1] if v else "." for v in grid.values)
    return list(grid.values)


def to_json(variant: Any) -> str:
    """The puzzle in fastsudoku's JSON form, on one line (read back by from_json)."""
    from .variants import Variant

    if not isinstance(variant, Variant):
        raise TypeError(f"to_json takes a Variant, not {type(variant).__name__}")
    variant.model()  # checks every rule first: nothing malformed is written
    b = _builder(variant)
    box = variant.box
    regions = variant.regions
    if isinstance(regions, (list, tuple)):
        regions = [[_rc(b.n, x) for x in b.cells(region, "regions")] for region in regions]
    obj = {
        "givens": _givens_text(variant),
        "box": list(box) if isinstance(box, (tuple, list)) else box,
        "regions": regions,
        "alphabet": variant.alphabet,
        "first": variant.first,
        "constraints": [_constraint_dict(b, con) for con in variant.constraints],
    }
    return json.dumps(obj, separators=(",", ":"))


def json_object(data: Any, what: str, expected: str) -> Dict[str, Any]:
    """A JSON object from text (or already parsed); VariantError, `what` first, if the
    text is not JSON or not an object (`expected` says what is)."""
    if isinstance(data, (str, bytes, bytearray)):
        try:
            data = json.loads(data)
        except ValueError as e:
            raise VariantError(f"{what}: not valid JSON ({e})") from None
        except RecursionError:
            raise VariantError(f"{what}: nested too deeply to read") from None
    if not isinstance(data, dict):
        raise VariantError(f"{what}: expected {expected}")
    return data


def from_json(data: Any) -> Any:
    """A Variant from fastsudoku's JSON form: a JSON text, or the object already parsed.
    Malformed input raises VariantError naming what is wrong (a constraint by its number
    and type)."""
    from . import variants as v

    data = json_object(data, "JSON variant", "an object with at least 'givens'")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise VariantError(f"JSON variant: unknown key {unknown[0]!r}")
    if "givens" not in data:
        raise VariantError("JSON variant: 'givens' is missing")
    box = data.get("box", "auto")
    if isinstance(box, list):
        box = tuple(box)
    raw = data.get("constraints", [])
    if raw is None:
        raw = []
    if not isinstance(raw, list):
        raise VariantError("JSON variant: 'constraints' must be a list")
    classes = {name: getattr(v, name) for name in v.__all__}
    constraints: List[Any] = []
    for i, item in enumerate(raw):
        where = f"JSON constraint {i + 1}"
        if not isinstance(item, dict) or not isinstance(item.get("type"), str):
            raise VariantError(f"{where}: expected an object with a 'type'")
        cls = classes.get(item["type"])
        if not (isinstance(cls, type) and issubclass(cls, v.Constraint)) or cls is v.Constraint:
            raise VariantError(f"{where}: unknown constraint type {item['type']!r}")
        fields = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        args = {k: val for k, val in item.items() if k != "type"}
        extra = sorted(set(args) - fields)
        if extra:
            raise VariantError(f"{where} ({item['type']}): unknown field {extra[0]!r}")
        for key, val in args.items():
            if key in _ONE_CELL or key == "circle":
                args[key] = _tuples(val)
            elif key in _CELLS:
                args[key] = [_tuples(r) for r in val] if isinstance(val, list) else val
        try:
            constraints.append(cls(**args))
        except TypeError as e:
            raise VariantError(f"{where} ({item['type']}): {e}") from None
    return v.Variant(
        data["givens"],
        box=box,
        regions=data.get("regions"),
        constraints=constraints,
        alphabet=data.get("alphabet"),
        first=data.get("first", 1),
    )


def _tuples(ref: Any) -> Any:
    """JSON's [row, column] lists back to tuples (lists of them stay lists)."""
    if isinstance(ref, list):
        if len(ref) == 2 and all(isinstance(x, int) for x in ref):
            return (ref[0], ref[1])
        return [_tuples(r) for r in ref]
    return ref


_LINK = re.compile(r"^(https?://\S*(f-puzzles|sudokupad|crackingthecryptic)\S*|N4Ig\S*)$", re.I)


def from_text(text: str) -> Any:
    """A Variant from any form fastsudoku reads, told apart by its look: a JSON object
    (ours with 'givens', f-puzzles' with 'grid'), an f-puzzles or SudokuPad link or its
    compressed data (starting N4Ig), else the Interactive Sudoku Solver's text (its
    constraint strings and short forms)."""
    from .variants import from_fpuzzles, from_iss

    if not isinstance(text, str):
        raise TypeError(f"from_text takes a str, not {type(text).__name__}")
    stripped = text.strip()
    if stripped.startswith("{"):
        obj = json_object(stripped, "JSON variant", "an object")
        return from_fpuzzles(obj) if "grid" in obj and "givens" not in obj else from_json(obj)
    if _LINK.match(stripped):
        return from_fpuzzles(stripped)
    return from_iss(stripped)


# ------------------------------------------------------------------------------------------
# The Interactive Sudoku Solver's constraint string
# ------------------------------------------------------------------------------------------

_LABELS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_DIGITS = "123456789abcdefg"  # the ISS's row and column digits (base 17, from 1)


def _iss_id(n: int, x: int) -> str:
    """A cell's ISS ID: R1C1 .. RgCg."""
    return f"R{_DIGITS[x // n]}C{_DIGITS[x % n]}"


def to_iss(variant: Any) -> str:
    """The puzzle as the Interactive Sudoku Solver's constraint string (read back by
    from_iss, pasted into the ISS).  What the ISS cannot say -- boxes other than its
    default shape for the side, sides above 16, the negative dot rule for one colour
    only -- raises VariantError naming it."""
    from . import variants as v
    from ._iss import _box_shape

    if not isinstance(variant, v.Variant):
        raise TypeError(f"to_iss takes a Variant, not {type(variant).__name__}")
    variant.model()
    grid = variant.grid()
    n = grid.n
    if n > 16:
        raise VariantError(f"ISS text: a {n}x{n} grid (the ISS takes up to 16x16)")
    first = variant.first
    if first not in (0, 1) or (first == 0 and n > 10):
        raise VariantError(
            f"ISS text: values {first}..{first + n - 1} (the ISS's grids hold 1..N, or 0..N-1 "
            "up to 10x10)"
        )
    b = v._Builder(n, first)
    parts: List[str] = []
    if first == 0:
        parts.append(f".Shape~{n}x{n}~0-{n - 1}")
    elif n != 9:
        parts.append(f".Shape~{n}x{n}")
    default = _box_shape(n)
    if variant.regions is not None:
        parts.append(".NoBoxes")
        parts.append(f".Jigsaw~{_layout(b, variant.regions)}")
    elif variant.box is None:
        parts.append(".NoBoxes")
    elif not v._default_box(variant.box) and tuple(variant.box) != default:
        raise VariantError(
            f"ISS text: boxes of {variant.box[0]}x{variant.box[1]} (the ISS's {n}x{n} grid "
            f"has {'no boxes' if default is None else f'{default[0]}x{default[1]} boxes'})"
        )
    givens = [f"~{_iss_id(n, x)}_{val + first - 1}" for x, val in enumerate(grid.values) if val]
    if givens:
        parts.append("." + "".join(givens))
    for con in variant.constraints:
        parts.append(_iss_part(b, con))
    return "".join(parts) or "."


def _layout(b: Any, regions: Any) -> str:
    """A jigsaw layout: one label a cell, the regions in order."""
    n = b.n
    if isinstance(regions, str):
        text = "".join(regions.split())
        order: Dict[str, str] = {}
        return "".join(order.setdefault(ch, _LABELS[len(order)]) for ch in text)
    labels = [""] * (n * n)
    for k, region in enumerate(regions):
        for x in b.cells(region, "regions"):
            labels[x] = _LABELS[k]
    return "".join(labels)


def _iss_ref(b: Any, ref: Any, where: str) -> str:
    return _iss_id(b.n, b.cell(ref, where))


def _iss_cells(b: Any, refs: Any, where: str) -> str:
    return "".join(f"~{_iss_id(b.n, x)}" for x in b.cells(refs, where, distinct=False))


def _relation_key(b: Any, con: Any) -> Tuple[str, bool]:
    """A Relation's pairs as the ISS's binary key (the reverse of _iss._relation_pairs):
    bit (x - 1) * n + (y - 1) over the digits, six a base64 character, lowest first,
    trailing zeros left out; and whether the relation is symmetric (PairX needs it)."""
    from ._iss import _BASE64

    n = b.n
    bits = [0] * ((n * n + 5) // 6)
    pairs = set()
    for pair in con.allowed:
        x = b.value_bit(pair[0], "Relation").bit_length() - 1
        y = b.value_bit(pair[1], "Relation").bit_length() - 1
        pairs.add((x, y))
        k = x * n + y
        bits[k // 6] |= 1 << (k % 6)
    while bits and not bits[-1]:
        bits.pop()
    return "".join(_BASE64[v] for v in bits), all((y, x) in pairs for x, y in pairs)


def _iss_line(b: Any, line: str) -> str:
    """A row or column as the ISS names it ('R3', 'C5')."""
    from .variants import _line_cells

    cells = _line_cells(b, line, False, "line")
    n = b.n
    if len(cells) < 2 or cells[1] - cells[0] == 1:
        return f"R{cells[0] // n + 1}"
    return f"C{cells[0] % n + 1}"


def _iss_part(b: Any, con: Any) -> str:
    """One constraint as ISS text."""
    from . import variants as v

    name = type(con).__name__
    n = b.n
    if isinstance(con, v.Region):
        return f".AllDifferent{_iss_cells(b, con.cells, name)}"
    if isinstance(con, v.Diagonals):
        return (".Diagonal~-1" if con.main else "") + (".Diagonal~1" if con.anti else "")
    if isinstance(con, (v.AntiKnight, v.AntiKing, v.NonConsecutive)):
        return {"AntiKnight": ".AntiKnight", "AntiKing": ".AntiKing"}.get(name, ".AntiConsecutive")
    if isinstance(con, v.Cage):
        total = "" if con.total is None else str(con.total)
        return f".Cage~{total}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, v.RellikCage):
        return f".RellikCage~{con.total}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, (v.EqualityCage, v.CountingCircles)):
        return f".{name}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, v.Sum):
        ks = list(con.coefficients or [])
        plain = all(k == 1 for k in ks)
        weights = "" if plain else "_=_" + "_".join(map(str, ks))
        return f".Sum~{con.total}{weights}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, v.Arrow):
        if _is_one_cell(con.circle):
            return f".Arrow~{_iss_ref(b, con.circle, name)}{_iss_cells(b, con.cells, name)}"
        # A circle of several cells reads as a number: a sum with its digits' weights.
        head = list(con.circle)
        powers = [10 ** (len(head) - 1 - i) for i in range(len(head))]
        text = "_".join(map(str, [1] * len(con.cells) + [-k for k in powers]))
        return f".Sum~0_=_{text}{_iss_cells(b, list(con.cells) + head, name)}"
    if isinstance(con, (v.Thermo, v.Renban, v.Palindrome, v.Between)):
        return f".{name}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, (v.Zipper, v.RegionSumLine, v.Entropic)):
        return f".{name}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, v.Lunchbox):
        return f".Lunchbox~{con.total}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, v.SumLine):
        loop = "~LOOP" if con.loop else ""
        return f".SumLine~{con.total}{_iss_cells(b, con.cells, name)}{loop}"
    if isinstance(con, v.Modular):
        return f".Modular~{con.mod}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, v.Indexing):
        kind = "C" if con.by == "column" else "R"
        return f".Indexing~{kind}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, v.Contains):
        kind = "ContainExact" if con.exactly else "ContainAtLeast"
        wanted = "_".join(str(x) for x in con.values)
        return f".{kind}~{wanted}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, v.AntiTaxicab):
        return ".AntiTaxicab"
    if isinstance(con, (v.NumberedRoom, v.Skyscraper, v.HiddenSkyscraper)):
        line = _iss_line(b, con.line)
        return f".{name}~{line}~~{con.clue}" if con.reverse else f".{name}~{line}~{con.clue}~"
    if isinstance(con, v.Whisper):
        return f".Whisper~{con.difference}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, v.Lockout):
        return f".Lockout~{con.difference}{_iss_cells(b, con.cells, name)}"
    if isinstance(con, v.Kropki):
        kind = "WhiteDot" if str(con.kind).lower() == "white" else "BlackDot"
        return f".{kind}~{_iss_ref(b, con.a, name)}~{_iss_ref(b, con.b, name)}"
    if isinstance(con, v.XV):
        return f".{con.kind.upper()}~{_iss_ref(b, con.a, name)}~{_iss_ref(b, con.b, name)}"
    if isinstance(con, v.NoOtherDots):
        if not (con.white and con.black):
            raise VariantError("ISS text: NoOtherDots for one colour only (StrictKropki is both)")
        return ".StrictKropki"
    if isinstance(con, v.NoOtherXV):
        if not (con.x and con.v):
            raise VariantError("ISS text: NoOtherXV for X or V only (StrictXV is both)")
        return ".StrictXV"
    if isinstance(con, (v.Odd, v.Even, v.Candidates)):
        if isinstance(con, v.Candidates):
            cells, values = [con.cell], sorted(set(con.values))
        else:
            cells = list(con.cells)
            odd = isinstance(con, v.Odd)
            values = [x for x in range(b.first, b.first + n) if x % 2 == odd]
        if not values:
            raise VariantError(f"ISS text: {name} leaves a cell no value (no solution)")
        tail = "_".join(map(str, values))
        return "." + "".join(f"~{_iss_ref(b, c, name)}_{tail}" for c in cells)
    if isinstance(con, v.Relation):
        key, symmetric = _relation_key(b, con)
        if not con.every_pair:
            return f".Pair~{key}{_iss_cells(b, con.cells, name)}"
        if symmetric:
            return f".PairX~{key}{_iss_cells(b, con.cells, name)}"
        # PairX takes symmetric rules only: every two cells as a group of a Pair.
        cells = list(con.cells)
        groups = [[x, y] for i, x in enumerate(cells) for y in cells[i + 1 :]]
        return f".Pair~{key}" + "~".join(_iss_cells(b, g, name) for g in groups)
    if isinstance(con, v.Sandwich):
        return f".Sandwich~{con.total}~{_iss_line(b, con.line)}"
    if isinstance(con, v.XSum):
        line = _iss_line(b, con.line)
        return f".XSum~{line}~~{con.total}" if con.reverse else f".XSum~{line}~{con.total}~"
    raise VariantError(f"ISS text: {name} has no ISS form")  # pragma: no cover - all above
