"""f-puzzles puzzles (fastsudoku.variants.from_fpuzzles): its JSON, plain or compressed as
in f-puzzles and SudokuPad links (LZ-string, base64).

The JSON holds ``size``, ``grid`` (rows of cells: ``value`` with ``given``, ``region`` for
irregular regions, ``givenPencilMarks``) and one key a constraint type, each a list of
entries with ``cells``, ``cell``, ``lines`` and ``value`` fields (cells as ``R1C1``, the
clues outside the grid at row or column 0 or N+1).  Rules read: killercage, thermometer,
arrow, betweenline, whispers, renban, palindrome, difference (white dots), ratio (black
dots), xv, negative, odd, even, extraregion, littlekillersum, sandwichsum, xsum,
diagonal+ / diagonal-, antiknight, antiking, nonconsecutive, disjointgroups.  Drawing
keys (title, author, text, line, circle, rectangle, cage ...) are ignored; any other
rule raises VariantError naming it.
"""

from __future__ import annotations

import re
from typing import Any, Dict, FrozenSet, List, Optional, Set, Tuple
from urllib.parse import unquote

from ._errors import VariantError
from ._iss import _box_shape
from ._symbols import WIDE
from ._variant_io import json_object

_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
# The URI-safe alphabet's two other characters, as their base64 twins.
_URI_SAFE = {"-": "+", "$": "/", " ": "+"}
_DRAWING = {
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "text",
    "line",
    "circle",
    "rectangle",
    "cage",
    "highlight",
    "truecandidatesoptions",
    "disabledlogic",
    "version",
    "activeConstraints",
}
_CELL = re.compile(r"^[Rr](\d+)[Cc](\d+)$")
_MOST_OUT = 1 << 20  # characters of decompressed data, beyond 64 a character of input


def lz_decompress_base64(text: str) -> str:
    """LZ-string's decompressFromBase64 (and its URI-safe alphabet): the dictionary coder
    f-puzzles and SudokuPad put in their links.  Raises VariantError if the text is not
    such data."""
    values: List[int] = []
    for ch in text:
        if ch == "=":
            break
        ch = _URI_SAFE.get(ch, ch)
        k = _BASE64.find(ch)
        if k < 0:
            raise VariantError(f"f-puzzles data: {ch!r} is not a base64 character")
        values.append(k)
    if not values:
        raise VariantError("f-puzzles data: empty")
    reader = _Bits(values)
    dictionary: Dict[int, str] = {}
    size = 4  # entries 0, 1, 2 are the codes for an 8-bit, a 16-bit character and the end
    width = 3
    room = 4  # codes left before the width grows
    first = reader.read(2)
    if first == 2:
        return ""
    if first not in (0, 1):
        raise VariantError("f-puzzles data: not LZ-string data")
    w = chr(reader.read(8 if first == 0 else 16))
    dictionary[3] = w
    out = [w]
    length = 1
    most = _MOST_OUT + 64 * len(text)  # more than any puzzle: a decompression bomb stops
    while True:
        code = reader.read(width)
        if code in (0, 1):
            dictionary[size] = chr(reader.read(8 if code == 0 else 16))
            code = size
            size += 1
            room -= 1
        elif code == 2:
            return "".join(out)
        if room == 0:
            room = 1 << width
            width += 1
        if code in dictionary:
            entry = dictionary[code]
        elif code == size:
            entry = w + w[0]
        else:
            raise VariantError("f-puzzles data: corrupt LZ-string data")
        out.append(entry)
        length += len(entry)
        if length > most:
            raise VariantError(f"f-puzzles data: decompresses to more than {most} characters")
        dictionary[size] = w + entry[0]
        size += 1
        room -= 1
        w = entry
        if room == 0:
            room = 1 << width
            width += 1


class _Bits:
    """Bits of 6-bit values, each read from its high bit; numbers are put together from
    their low bit up (LZ-string's order)."""

    def __init__(self, values: List[int]) -> None:
        self.values = values
        self.index = 0
        self.mask = 32

    def read(self, count: int) -> int:
        out = 0
        for k in range(count):
            if self.index >= len(self.values):
                raise VariantError("f-puzzles data: cut short")
            if self.values[self.index] & self.mask:
                out |= 1 << k
            self.mask >>= 1
            if self.mask == 0:
                self.mask = 32
                self.index += 1
        return out


def _payload(text: str) -> str:
    """The compressed data of a link (f-puzzles ?load=, SudokuPad /fpuzzles... or
    ?puzzle=fpuzzles...), or the text itself."""
    text = text.strip()
    m = re.search(r"[?&](?:load|puzzle)=([^&#]+)", text)
    if m:
        text = m.group(1)
    elif "://" in text:
        text = text.rstrip("/").rsplit("/", 1)[-1]
    text = unquote(text)
    if text.startswith("fpuzzles"):
        text = text[len("fpuzzles") :]
    elif text.startswith(("scl", "ctc")):
        raise VariantError(
            "SudokuPad's own puzzle format (scl) is not supported; f-puzzles data is"
        )
    return text


def fpuzzles_json(data: Any) -> Dict[str, Any]:
    """The f-puzzles JSON object of `data`: a dict, JSON text, compressed data or a link."""
    if isinstance(data, dict):
        return data
    if not isinstance(data, str):
        raise VariantError(f"f-puzzles data: expected text or a dict, got {type(data).__name__}")
    text = data.strip()
    if not text.startswith("{"):
        text = lz_decompress_base64(_payload(text))
    return json_object(text, "f-puzzles data", "a JSON object")


def _rc(ref: Any, where: str) -> Tuple[int, int]:
    """An f-puzzles cell 'R1C1' as (row, column) from 1 (0 and N+1: outside the grid)."""
    m = _CELL.match(ref) if isinstance(ref, str) else None
    if not m:
        raise VariantError(f"f-puzzles {where}: cell {ref!r} is not of the form R1C1")
    return int(m.group(1)), int(m.group(2))


def _entries(obj: Dict[str, Any], key: str) -> List[Dict[str, Any]]:
    items = obj.get(key) or []
    if not isinstance(items, list) or not all(isinstance(e, dict) for e in items):
        raise VariantError(f"f-puzzles {key}: expected a list of objects")
    return items


def _lines(entry: Dict[str, Any], key: str) -> List[List[str]]:
    lines = entry.get("lines")
    if not isinstance(lines, list) or not all(isinstance(ln, list) for ln in lines):
        raise VariantError(f"f-puzzles {key}: an entry without its lines")
    return [ln for ln in lines if ln]


def _cells_of(entry: Dict[str, Any], key: str) -> List[str]:
    cells = entry.get("cells")
    if not isinstance(cells, list) or not cells:
        raise VariantError(f"f-puzzles {key}: an entry without its cells")
    return cells


def _value(entry: Dict[str, Any], key: str) -> Optional[int]:
    """An entry's number (None when it has none)."""
    value = entry.get("value")
    if value is None or value == "":
        return None
    try:
        return int(str(value).strip())
    except ValueError:
        raise VariantError(f"f-puzzles {key}: value {value!r} is not an integer") from None


def from_fpuzzles(data: Any) -> Any:
    """A Variant from f-puzzles data: its JSON (text or dict), the compressed string, or an
    f-puzzles or SudokuPad link holding it."""
    from . import variants as v

    obj = fpuzzles_json(data)
    n = obj.get("size")
    grid = obj.get("grid")
    if not isinstance(n, int) or not 1 <= n <= 64:
        raise VariantError(f"f-puzzles size: {n!r} is not a side of 1..64")
    if not (
        isinstance(grid, list)
        and len(grid) == n
        and all(isinstance(row, list) and len(row) == n for row in grid)
    ):
        raise VariantError(f"f-puzzles grid: expected {n} rows of {n} cells")
    constraints: List[Any] = []
    givens = []
    labels: List[Optional[int]] = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            cell = cell if isinstance(cell, dict) else {}
            value = cell.get("value")
            if cell.get("given") and isinstance(value, int) and 1 <= value <= n:
                givens.append(value)
            else:
                givens.append(0)
            marks = cell.get("givenPencilMarks")
            if marks and not givens[-1]:
                constraints.append(v.Candidates((r, c), [int(x) for x in marks]))
            region = cell.get("region")
            labels.append(region if isinstance(region, int) else None)
    for key, item in obj.items():
        if key in _DRAWING or key in _READERS or not item:
            continue
        raise VariantError(f"f-puzzles constraint {key!r} is not supported by fastsudoku yet")
    for key, reader in _READERS.items():
        if obj.get(key):
            reader(v, obj, key, n, constraints)
    box: Any = _box_shape(n)
    regions = None
    if any(label is not None for label in labels):
        if any(label is None for label in labels):
            raise VariantError("f-puzzles grid: some cells are in no region")
        groups = _partition(labels)
        if box is None or groups != _partition(
            [(x // n) // box[0] * box[0] + (x % n) // box[1] for x in range(n * n)]
        ):
            regions = [[divmod(x, n) for x in sorted(g)] for g in sorted(groups, key=min)]
            box = None
    text = "".join(WIDE[g - 1] if g else "." for g in givens)
    # 9x9: the default digits (the 81-character fast path reads them).
    alphabet = None if n == 9 else WIDE[:n]
    return v.Variant(text, box=box, regions=regions, constraints=constraints, alphabet=alphabet)


def _partition(labels: List[Any]) -> Set[FrozenSet[int]]:
    """The cells of each label, as a set of frozensets."""
    groups: Dict[Any, List[int]] = {}
    for x, label in enumerate(labels):
        groups.setdefault(label, []).append(x)
    return {frozenset(g) for g in groups.values()}


def _outside(ref: Any, n: int, key: str) -> Tuple[str, bool]:
    """The row or column an outside clue looks along ('R3', 'C5') and whether from its
    far end (right or bottom)."""
    r, c = _rc(ref, key)
    if r in (0, n + 1) and 1 <= c <= n:
        return f"C{c}", r == n + 1
    if c in (0, n + 1) and 1 <= r <= n:
        return f"R{r}", c == n + 1
    raise VariantError(f"f-puzzles {key}: clue cell {ref} is not beside a row or column")


_STEPS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}


def _little_killer(v: Any, obj: Dict[str, Any], key: str, n: int, out: List[Any]) -> None:
    for e in _entries(obj, key):
        total = _value(e, key)
        if total is None:
            continue
        step = _STEPS.get(str(e.get("direction", "")).upper())
        if step is None:
            raise VariantError(f"f-puzzles {key}: direction {e.get('direction')!r}")
        r, c = _rc(e.get("cell"), key)
        cells = []
        r, c = r + step[0], c + step[1]
        while 1 <= r <= n and 1 <= c <= n:
            cells.append((r - 1, c - 1))
            r, c = r + step[0], c + step[1]
        if not cells:
            raise VariantError(f"f-puzzles {key}: clue {e.get('cell')} points off the grid")
        out.append(v.Sum(cells, total))


def _sandwich(v: Any, obj: Dict[str, Any], key: str, n: int, out: List[Any]) -> None:
    for e in _entries(obj, key):
        total = _value(e, key)
        if total is not None:
            out.append(v.Sandwich(_outside(e.get("cell"), n, key)[0], total))


def _xsum(v: Any, obj: Dict[str, Any], key: str, n: int, out: List[Any]) -> None:
    for e in _entries(obj, key):
        total = _value(e, key)
        if total is not None:
            line, reverse = _outside(e.get("cell"), n, key)
            out.append(v.XSum(line, total, reverse))


def _cage(v: Any, obj: Dict[str, Any], key: str, n: int, out: List[Any]) -> None:
    for e in _entries(obj, key):
        out.append(v.Cage(_cells_of(e, key), _value(e, key)))


def _region(v: Any, obj: Dict[str, Any], key: str, n: int, out: List[Any]) -> None:
    for e in _entries(obj, key):
        out.append(v.Region(_cells_of(e, key)))


def _line_rule(v: Any, obj: Dict[str, Any], key: str, n: int, out: List[Any]) -> None:
    for e in _entries(obj, key):
        for line in _lines(e, key):
            if key == "thermometer":
                out.append(v.Thermo(line, check_path=False))
            elif key == "betweenline":
                out.append(v.Between(line, check_path=False))
            elif key == "renban":
                out.append(v.Renban(line, check_path=False))
            elif key == "palindrome":
                out.append(v.Palindrome(line, check_path=False))
            else:  # whispers: German (5 on 9x9) unless the entry says
                gap = _value(e, key)
                out.append(v.Whisper(line, (n + 2) // 2 if gap is None else gap, check_path=False))


def _arrow(v: Any, obj: Dict[str, Any], key: str, n: int, out: List[Any]) -> None:
    for e in _entries(obj, key):
        circle = sorted(_cells_of(e, key), key=lambda ref: _rc(ref, key))
        inside = {_rc(ref, key) for ref in circle}
        body = [ref for line in _lines(e, key) for ref in line if _rc(ref, key) not in inside]
        if not body:
            raise VariantError(f"f-puzzles {key}: an arrow without cells beyond its circle")
        out.append(v.Arrow(circle[0] if len(circle) == 1 else circle, body, check_path=False))


def _dots(v: Any, obj: Dict[str, Any], key: str, n: int, out: List[Any]) -> None:
    for e in _entries(obj, key):
        cells = _cells_of(e, key)
        if len(cells) != 2:
            raise VariantError(f"f-puzzles {key}: a mark between two cells, got {cells}")
        value = e.get("value")
        if key == "xv":
            if str(value).upper() not in ("X", "V"):
                raise VariantError(f"f-puzzles xv: value {value!r} is neither X nor V")
            out.append(v.XV(cells[0], cells[1], str(value).upper()))
            continue
        number = _value(e, key)
        plain = 1 if key == "difference" else 2
        if number not in (None, plain):
            raise VariantError(
                f"f-puzzles {key}: value {number} (only the plain dot, {plain}, is supported)"
            )
        out.append(v.Kropki(cells[0], cells[1], "white" if key == "difference" else "black"))


def _parity(v: Any, obj: Dict[str, Any], key: str, n: int, out: List[Any]) -> None:
    cells = [e.get("cell") for e in _entries(obj, key)]
    out.append((v.Odd if key == "odd" else v.Even)(cells))


def _flags(v: Any, obj: Dict[str, Any], key: str, n: int, out: List[Any]) -> None:
    if key == "antiknight":
        out.append(v.AntiKnight())
    elif key == "antiking":
        out.append(v.AntiKing())
    elif key == "nonconsecutive":
        out.append(v.NonConsecutive())
    elif key == "diagonal-":
        out.append(v.Diagonals(main=True, anti=False))
    elif key == "diagonal+":
        out.append(v.Diagonals(main=False, anti=True))
    elif key == "disjointgroups":
        box = _box_shape(n)
        if box is None:
            raise VariantError(f"f-puzzles disjointgroups: a {n}x{n} grid has no boxes")
        rows, cols = box
        for i in range(rows):
            for j in range(cols):
                out.append(
                    v.Region(
                        [(br * rows + i, bc * cols + j) for br in range(cols) for bc in range(rows)]
                    )
                )


def _negative(v: Any, obj: Dict[str, Any], key: str, n: int, out: List[Any]) -> None:
    kinds = obj.get(key)
    if not isinstance(kinds, list):
        raise VariantError("f-puzzles negative: expected a list of constraint names")
    known = {"ratio", "difference", "xv"}
    for kind in kinds:
        if kind not in known:
            raise VariantError(f"f-puzzles negative: {kind!r} is not supported by fastsudoku yet")
    if "ratio" in kinds or "difference" in kinds:
        out.append(v.NoOtherDots(white="difference" in kinds, black="ratio" in kinds))
    if "xv" in kinds:
        out.append(v.NoOtherXV())


_READERS = {
    "killercage": _cage,
    "extraregion": _region,
    "thermometer": _line_rule,
    "betweenline": _line_rule,
    "renban": _line_rule,
    "palindrome": _line_rule,
    "whispers": _line_rule,
    "arrow": _arrow,
    "difference": _dots,
    "ratio": _dots,
    "xv": _dots,
    "negative": _negative,
    "odd": _parity,
    "even": _parity,
    "littlekillersum": _little_killer,
    "sandwichsum": _sandwich,
    "xsum": _xsum,
    "antiknight": _flags,
    "antiking": _flags,
    "nonconsecutive": _flags,
    "diagonal+": _flags,
    "diagonal-": _flags,
    "disjointgroups": _flags,
}
