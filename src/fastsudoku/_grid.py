"""The Python boundary: turn what users pass into cell values, and values back into their form.

A parsed puzzle is a :class:`Grid`: ``values`` (a ``bytes`` of N*N cell values, 0 for
empty, row by row), the box shape ``(r, c)`` (boxes of r rows and c columns, N = r*c) and
a ``render`` function that writes a full grid of values in the form the user gave.

Accepted forms (see the documentation, "Solving", for the exact rules):

* ``str``: one line of N*N cells, or N lines of N cells (packed, or separated by spaces,
  with or without box separators ``|``, ``-``, ``+``, ``=``, blank lines ignored); or N
  lines of N space-separated numbers.  Empty cells: ``.``, ``0``, ``-``, ``_``, ``*``,
  ``?`` (``0`` is a value in the ``0-9A-F`` alphabet).
* ``bytes``: as ``str`` (ASCII), rendered back to ``bytes``.
* lists or tuples: N rows of N cells (ints, ``None`` for empty, or one-symbol strings as
  in LeetCode's ``[["5", "3", "."], ...]``), N strings of N symbols, or a flat N*N list.
* NumPy integer arrays of shape (N, N) or (N*N,); 0 for empty.
"""

from __future__ import annotations

import functools
import math
import operator
import re
import unicodedata
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from . import _line81
from ._errors import ConflictError, InvalidValueError, ParseError, ShapeError, SudokuError
from ._options import MAX_SIDE, alphabet_option, box_option, shown
from ._symbols import (
    ALNUM,
    _describe,
    alphabet_symbols,
    choose_alphabet,
    describe_char,
    describe_token,
    symbol_table,
)

Box = Tuple[int, int]
Render = Callable[[bytes], Any]


class Grid:
    """A parsed puzzle: cell values, box shape and a way back to the user's form."""

    __slots__ = ("values", "r", "c", "render", "symbols")

    def __init__(
        self, values: bytes, r: int, c: int, render: Render, symbols: Optional[str] = None
    ) -> None:
        self.values = values
        self.r = r
        self.c = c
        self.render = render
        self.symbols = symbols

    @property
    def n(self) -> int:
        return self.r * self.c


# ----------------------------------------------------------------------------------------
# Shapes (the alphabets are _symbols')
# ----------------------------------------------------------------------------------------


def box_for(n: int, box: Optional[Sequence[int]]) -> Box:
    """The box shape of a grid of side n: inferred when n is a square, else the caller's."""
    if n < 1:
        raise ShapeError("empty puzzle: no cells")
    if n > MAX_SIDE:
        raise ShapeError(f"side {n} is larger than the bitmask engine's limit of {MAX_SIDE}")
    if box is None:
        root = math.isqrt(n)
        if root * root == n:
            return root, root
        options = [(r, n // r) for r in range(2, n) if n % r == 0]
        hint = (
            " or ".join(f"box=({r}, {c})" for r, c in options[:2]) if options else f"box=(1, {n})"
        )
        raise ShapeError(
            f"side {n} is not a square: name the box shape, e.g. {hint} (rows and columns per box)"
        )
    try:
        r, c = (operator.index(x) for x in box)
    except (TypeError, ValueError):
        raise ShapeError(f"box must be a pair of integers (rows, columns), got {box!r}") from None
    if r < 1 or c < 1:
        raise ShapeError(f"box ({r}, {c}) must have at least one row and one column")
    if r * c != n:
        raise ShapeError(f"box ({r}, {c}) holds {r * c} cells but the grid has side {n}")
    return r, c


_SEPARATOR = re.compile(r"^[\s\-=+|*:]*[+=][\s\-=+|*:]*$")
_DASHES = re.compile(r"^[\s\-]+$")


def _bad_char(ch: str, row: int, col: int, line: int, n: int, symbols: str) -> ParseError:
    shown = describe_char(ch)
    return ParseError(
        f"row {row}, column {col} (line {line}): {shown} is not a symbol of the "
        f"{_describe(symbols)} alphabet (empty: '.', '0', '-')",
        row=row,
        column=col,
        char=ch,
        line=line,
    )


def _parse_line(
    text: str, box: Optional[Sequence[int]], alphabet: Optional[str], origin: str
) -> Grid:
    """One line: N*N packed cells, or N*N space-separated tokens."""
    stripped = text.strip()
    tokens = stripped.split()
    if len(tokens) > 1:
        side = math.isqrt(len(tokens))
        if (
            side > 1
            and side * side == len(tokens)
            and (
                any(len(t) > 1 for t in tokens)
                or alphabet == "numbers"
                or all(len(t) == 1 for t in tokens)
            )
        ):
            spans = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
            return _from_tokens(
                [tokens], [spans], text, box, alphabet, one_line=True, origin=origin
            )
    if alphabet == "numbers":
        raise ParseError("alphabet 'numbers' needs space-separated cells", line=1)
    positions = _cell_positions(text)
    ncells = len(positions)
    if box is not None:
        want = box[0] * box[1]
        if ncells != want * want:
            raise ParseError(
                f"expected {want * want} cells for box {box}, got {ncells}"
                + _invisible(text, positions),
                line=1,
            )
    side = math.isqrt(ncells)
    if ncells == 0:
        raise ParseError("empty puzzle: no cells", line=1)
    if side * side != ncells:
        raise ParseError(
            f"a puzzle line has N*N cells (16, 36, 81, 256, ...), got {ncells}"
            + _invisible(text, positions),
            line=1,
        )
    r, c = box_for(side, box)
    chars = "".join(text[i] for i in positions)
    symbols, table = choose_alphabet(side, chars, alphabet)
    values = bytearray(ncells)
    for k, ch in enumerate(chars):
        v = table.get(ch)
        if v is None:
            raise _bad_char(ch, k // side + 1, k % side + 1, 1, side, symbols)
        values[k] = v
    return Grid(bytes(values), r, c, _substitute(text, positions, symbols, origin), symbols)


def _substitute(text: str, positions: List[int], symbols: str, origin: str) -> Render:
    """Render by writing each cell's symbol in place of the input's character (an empty
    cell keeps the input's character where that cell was empty, and takes the input's
    first empty character, else '.', where it had a value)."""
    empty = next((text[pos] for pos in positions if text[pos] not in symbols), ".")

    def render(values: bytes) -> Any:
        out = list(text)
        for pos, v in zip(positions, values):
            if v:
                out[pos] = symbols[v - 1]
            elif out[pos] in symbols:
                out[pos] = empty
        s = "".join(out)
        return s.encode("ascii") if origin == "bytes" else s

    return render


def _invisible(text: str, positions: List[int]) -> str:
    """For a message about a count of cells: where the first cell that cannot be seen is
    (an invisible or zero-width character counts as a cell), or ''."""
    for k, pos in enumerate(positions):
        ch = text[pos]
        if not ch.isprintable() or unicodedata.category(ch) in ("Cf", "Mn", "Me", "Zs"):
            return f" (cell {k + 1} is the invisible {describe_char(ch)})"
    return ""


def _cell_positions(text: str) -> List[int]:
    """Where the one-character cells of a line are: every character but spaces and '|'."""
    return [i for i, ch in enumerate(text) if not ch.isspace() and ch != "|"]


def _tokens(line: str) -> List[str]:
    """The whitespace-separated cells of a line, '|' separators dropped."""
    return line.replace("|", " ").split()


def _square(rows: List[Tuple[int, str]]) -> bool:
    """True if each of these lines holds len(rows) cells, as characters or as tokens."""
    n = len(rows)
    if n == 0:
        return False
    if all(len(_cell_positions(ln)) == n for _, ln in rows):
        return True
    return n > 1 and all(len(_tokens(ln)) == n for _, ln in rows)


def _parse_text(
    text: str, box: Optional[Sequence[int]], alphabet: Optional[str], origin: str
) -> Grid:
    lines = text.splitlines(keepends=True)
    numbered = [(i + 1, ln) for i, ln in enumerate(lines) if ln.strip()]
    if len(numbered) <= 1:
        return _parse_line(text, box, alphabet, origin)
    numbered = [(i, ln) for i, ln in numbered if not _SEPARATOR.match(ln)]
    # A line of dashes is a separator, unless dashes are the empty cells of a row: take the
    # dash lines as rows only when the grid is square with them and not without them.
    rows = [(i, ln) for i, ln in numbered if not _DASHES.match(ln)]
    if len(rows) < len(numbered) and not _square(rows) and _square(numbered):
        rows = numbered
    if not rows:
        raise ParseError("empty puzzle: no cells")
    n = len(rows)
    offsets = []
    pos = 0
    for ln in lines:
        offsets.append(pos)
        pos += len(ln)
    # Token mode: every row has N whitespace-separated tokens (after removing '|').
    row_tokens = [_tokens(ln) for _, ln in rows]
    if alphabet == "numbers" or (
        n > 1
        and all(len(t) == n for t in row_tokens)
        and (n > len(ALNUM) or any(len(tok) > 1 for t in row_tokens for tok in t))
    ):
        spans = []
        for (i, ln), _toks in zip(rows, row_tokens):
            base = offsets[i - 1]
            spans.append([(base + m.start(), base + m.end()) for m in re.finditer(r"[^\s|]+", ln)])
        return _from_tokens(
            row_tokens,
            spans,
            text,
            box,
            alphabet,
            one_line=False,
            origin=origin,
            lines=[i for i, _ in rows],
        )
    positions: List[int] = []
    chars: List[str] = []
    row_cells = [_cell_positions(ln) for _, ln in rows]
    widths = {len(cells) for cells in row_cells}
    if len(widths) == 1 and n not in widths:
        raise ParseError(f"{n} rows of {widths.pop()} cells: a grid has as many rows as columns")
    for row, ((i, ln), cells) in enumerate(zip(rows, row_cells), 1):
        base = offsets[i - 1]
        if len(cells) != n:
            raise ParseError(
                f"row {row} (line {i}) has {len(cells)} cells, expected {n}"
                + _invisible(ln, cells),
                row=row,
                line=i,
            )
        positions.extend(base + k for k in cells)
        chars.extend(ln[k] for k in cells)
    r, c = box_for(n, box)
    joined = "".join(chars)
    symbols, table = choose_alphabet(n, joined, alphabet)
    values = bytearray(n * n)
    for k, ch in enumerate(joined):
        v = table.get(ch)
        if v is None:
            row = k // n
            raise _bad_char(ch, row + 1, k % n + 1, rows[row][0], n, symbols)
        values[k] = v
    return Grid(bytes(values), r, c, _substitute(text, positions, symbols, origin), symbols)


EMPTY_TOKENS = frozenset(".-_*?0")


def _token_value(
    tok: str, n: int, row: int, col: int, line: Optional[int], table: Optional[Dict[str, int]]
) -> int:
    """The value of one cell token: a number 1..n in ASCII digits (other scripts' digits are
    not numbers here, as in character mode), an empty mark, or a symbol of the alphabet."""
    where = f"row {row}, column {col}" + (f" (line {line})" if line else "")
    if tok in EMPTY_TOKENS:
        return 0
    if tok.isascii() and tok.isdigit():
        digits = tok.lstrip("0")
        if not digits:
            return 0
        if len(digits) > 6:  # no int() of a token that long: not a value
            raise ParseError(
                f"{where}: {describe_token(tok)} is not a cell value (a number "
                f"of {len(digits):,} digits; values are 1..{n})",
                row=row,
                column=col,
                char=tok,
                line=line,
            )
        if int(digits) > n:
            raise InvalidValueError(
                f"{where}: value {digits} is out of range 1..{n}",
                row=row,
                column=col,
                value=int(digits),
            )
        return int(digits)
    if table is not None and tok in table:
        return table[tok]
    raise ParseError(
        f"{where}: {describe_token(tok)} is not a number"
        + (" or a symbol of the alphabet" if table is not None else ""),
        row=row,
        column=col,
        char=tok,
        line=line,
    )


def _from_tokens(
    row_tokens: List[List[str]],
    spans: List[List[Tuple[int, int]]],
    text: str,
    box: Optional[Sequence[int]],
    alphabet: Optional[str],
    *,
    one_line: bool,
    origin: str,
    lines: Optional[List[int]] = None,
) -> Grid:
    flat = [t for row in row_tokens for t in row]
    n = math.isqrt(len(flat))
    if not one_line:
        n = len(row_tokens)
        for row, toks in enumerate(row_tokens, 1):
            if len(toks) != n:
                raise ParseError(
                    f"row {row} has {len(toks)} numbers, expected {n}",
                    row=row,
                    line=lines[row - 1] if lines else None,
                )
    r, c = box_for(n, box)
    symbols, table = _token_symbols(alphabet, n)
    known = _common_tokens(n, symbols)
    values = bytearray(n * n)
    for k, tok in enumerate(flat):
        v = known.get(tok)
        if v is None:  # anything else, read (or refused) by the full rules
            row, col = k // n + 1, k % n + 1
            v = _token_value(tok, n, row, col, lines[row - 1] if lines else 1, table)
        values[k] = v
    width = len(str(n))

    def render(vals: bytes) -> Any:
        if symbols is not None:
            cells = [symbols[v - 1] if v else "." for v in vals]
        else:
            cells = [str(v).rjust(width) for v in vals]
        if one_line:
            s = " ".join(cells)
        else:
            s = "\n".join(" ".join(cells[i * n : (i + 1) * n]) for i in range(n))
            if text.endswith("\n"):
                s += "\n"
        return s.encode("ascii") if origin == "bytes" else s

    return Grid(bytes(values), r, c, render, symbols)


# ----------------------------------------------------------------------------------------
# Lists, tuples and arrays
# ----------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _common_tokens(n: int, symbols: Optional[str]) -> Dict[str, int]:
    """The tokens most cells are, with their values: the numbers 1..n as written, the empty
    marks and the alphabet's symbols (a pure function of its arguments, cached)."""
    known = dict(symbol_table(symbols)) if symbols is not None else {}
    known.update((str(v), v) for v in range(1, n + 1))  # _token_value's order: empty
    known.update((e, 0) for e in EMPTY_TOKENS)  # marks, then numbers, then symbols
    return known


def _token_symbols(
    alphabet: Optional[str], n: int
) -> Tuple[Optional[str], Optional[Dict[str, int]]]:
    """(symbols, their table) of the alphabet tokens may use; (None, None) for numbers."""
    if alphabet in (None, "numbers"):
        return None, None
    symbols = alphabet_symbols(alphabet, n)
    return symbols, symbol_table(symbols)


def _cell_value(x: Any, n: int, row: int, col: int, table: Optional[Dict[str, int]]) -> int:
    if x is None:
        return 0
    if isinstance(x, str):
        return _token_value(x.strip(), n, row, col, None, table)
    if isinstance(x, bool):
        raise InvalidValueError(
            f"row {row}, column {col}: {x!r} is not a cell value", row=row, column=col, value=x
        )
    try:
        v = operator.index(x)
    except TypeError:
        raise InvalidValueError(
            f"row {row}, column {col}: {shown(x)} is not an integer", row=row, column=col, value=x
        ) from None
    if not 0 <= v <= n:
        raise InvalidValueError(
            f"row {row}, column {col}: value {v} is out of range 0..{n}",
            row=row,
            column=col,
            value=v,
        )
    return v


def _parse_sequence(
    seq: Sequence[Any], box: Optional[Sequence[int]], alphabet: Optional[str]
) -> Grid:
    kind: Callable[[Any], Any] = type(seq)
    items = list(seq)
    if not items:
        raise ParseError("empty puzzle: no cells")
    if all(isinstance(x, str) and len(x) != 1 for x in items) and len(items) > 1:
        # N strings of N symbols each.
        n = len(items)
        text = "\n".join(items)
        grid = _parse_text(text, box, alphabet, "str")
        if grid.n != n:
            raise ParseError(f"{n} rows of text do not make a grid of side {grid.n}")

        def render_rows(values: bytes) -> Any:
            return kind(grid.render(values).split("\n"))

        return Grid(grid.values, grid.r, grid.c, render_rows, grid.symbols)
    nested = [isinstance(x, (list, tuple)) for x in items]
    if any(nested):
        n = len(items)
        for row, x in enumerate(items, 1):
            if not isinstance(x, (list, tuple)):
                raise ParseError(f"row {row} is a {type(x).__name__}, not a list of cells", row=row)
            if len(x) != n:
                raise ParseError(f"row {row} has {len(x)} cells, expected {n}", row=row)
        r, c = box_for(n, box)
        symbols, table = _token_symbols(alphabet, n)
        values = bytes(
            _cell_value(x, n, i + 1, j + 1, table)
            for i, rowv in enumerate(items)
            for j, x in enumerate(rowv)
        )
        row_kinds = [type(x) for x in items]
        as_str = [[isinstance(x, str) for x in rowv] for rowv in items]

        def render_nested(vals: bytes) -> Any:
            out = []
            for i in range(n):
                cells: List[Any] = []
                for j in range(n):
                    v = vals[i * n + j]
                    if as_str[i][j]:
                        cells.append(symbols[v - 1] if symbols else str(v))
                    else:
                        cells.append(v)
                out.append(row_kinds[i](cells))
            return kind(out)

        return Grid(values, r, c, render_nested, symbols)
    side = math.isqrt(len(items))
    if side * side != len(items):
        raise ParseError(f"a flat list has N*N cells (16, 36, 81, ...), got {len(items)}")
    r, c = box_for(side, box)
    symbols, table = _token_symbols(alphabet, side)
    values = bytes(
        _cell_value(x, side, k // side + 1, k % side + 1, table) for k, x in enumerate(items)
    )
    as_str_flat = [isinstance(x, str) for x in items]

    def render_flat(vals: bytes) -> Any:
        return kind(
            (symbols[v - 1] if symbols else str(v)) if s else v for v, s in zip(vals, as_str_flat)
        )

    return Grid(values, r, c, render_flat, symbols)


def _parse_array(arr: Any, box: Optional[Sequence[int]]) -> Grid:
    import numpy as np

    a = np.asarray(arr)
    if a.dtype.kind not in "iu":
        raise InvalidValueError(
            f"array dtype {a.dtype} is not an integer type (use 0 for empty cells)"
        )
    if a.ndim == 2:
        if a.shape[0] != a.shape[1]:
            raise ShapeError(f"array of shape {a.shape} is not square")
        n = a.shape[0]
    elif a.ndim == 1:
        n = math.isqrt(a.shape[0])
        if n * n != a.shape[0]:
            raise ShapeError(f"a flat array has N*N cells (16, 36, 81, ...), got {a.shape[0]}")
    else:
        raise ShapeError(
            f"array of shape {a.shape}: expected (N, N) or (N*N,); use solve_many for batches"
        )
    r, c = box_for(n, box)
    flat = a.reshape(-1)
    bad = np.flatnonzero((flat < 0) | (flat > n))
    if bad.size:
        k = int(bad[0])
        v = int(flat[k])
        raise InvalidValueError(
            f"row {k // n + 1}, column {k % n + 1}: value {v} is out of range 0..{n}",
            row=k // n + 1,
            column=k % n + 1,
            value=v,
        )
    values = flat.astype(np.uint8).tobytes()
    shape, dtype = a.shape, a.dtype

    def render(vals: bytes) -> Any:
        return np.frombuffer(vals, dtype=np.uint8).astype(dtype).reshape(shape)

    return Grid(values, r, c, render)


def _render_line81(line: str) -> Render:
    def render(values: bytes) -> str:
        return _line81.text(values, line)

    return render


#: No puzzle's text is longer: 64 lines of the longest line a reader takes (a 64x64 grid
#: of two-digit numbers with separators fits many times over).
MAX_TEXT = 64 * (1 << 16)


def _text_checked(text: str) -> str:
    """The text without a leading byte-order mark; ParseError when it is longer than any
    puzzle (before anything is allocated for its cells)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if len(text) > MAX_TEXT:
        raise ParseError(
            f"the text has {len(text):,} characters, more than any puzzle (at most {MAX_TEXT:,})"
        )
    return text


def parse(puzzle: Any, box: Optional[Sequence[int]] = None, alphabet: Optional[str] = None) -> Grid:
    """Read a puzzle in any accepted form (see the module docstring)."""
    box = box_option(box)
    alphabet = alphabet_option(alphabet)
    if isinstance(puzzle, str):
        # The common case, an 81-character line, read in two C calls.
        values = (
            _line81.values(puzzle) if alphabet is None and (box is None or box == (3, 3)) else None
        )
        if values is not None:
            return Grid(values, 3, 3, _render_line81(puzzle), _line81.DIGITS)
        return _parse_text(_text_checked(puzzle), box, alphabet, "str")
    if isinstance(puzzle, (bytes, bytearray)):
        if alphabet is not None and not alphabet.isascii():
            raise ParseError(
                f"alphabet {alphabet!r} is not ASCII: a bytes puzzle is written "
                "in ASCII (pass the puzzle as a str)"
            )
        data = bytes(puzzle)
        if data.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte-order mark
            data = data[3:]
        try:
            text = data.decode("ascii")
        except UnicodeDecodeError as e:
            raise ParseError(f"byte {e.start} (0x{data[e.start]:02x}) is not ASCII") from None
        return _parse_text(_text_checked(text), box, alphabet, "bytes")
    if type(puzzle).__module__ == "numpy" and hasattr(puzzle, "dtype"):
        return _parse_array(puzzle, box)
    if isinstance(puzzle, (list, tuple)):
        return _parse_sequence(puzzle, box, alphabet)
    raise TypeError(
        f"cannot read a puzzle from {type(puzzle).__name__}: pass a str, bytes, "
        "a list of rows or a NumPy array"
    )


def parse_batch(
    puzzles: Any, box: Optional[Sequence[int]], alphabet: Optional[str]
) -> Tuple[List[Optional[Grid]], Optional[Tuple[int, int]]]:
    """Each puzzle of a batch parsed, None where it cannot be read or has another box shape
    than the first readable one (whose shape comes second, None if there is none)."""
    grids: List[Optional[Grid]] = []
    shape: Optional[Tuple[int, int]] = None
    for p in puzzles:
        try:
            grid = parse(p, box, alphabet)
        except (SudokuError, TypeError, ValueError):
            grids.append(None)
            continue
        if shape is None:
            shape = (grid.r, grid.c)
        grids.append(grid if (grid.r, grid.c) == shape else None)
    return grids, shape


# ----------------------------------------------------------------------------------------
# Givens that conflict
# ----------------------------------------------------------------------------------------


def conflict_error(grid: Grid, unit: int, value: int, a: int, b: int) -> ConflictError:
    n = grid.n
    kind, index = ("row", "column", "box")[unit // n], unit % n + 1
    ra, ca, rb, cb = a // n + 1, a % n + 1, b // n + 1, b % n + 1
    shown = f"value {value}"
    if grid.symbols and grid.symbols[value - 1] != str(value):
        shown += f" ({grid.symbols[value - 1]!r})"
    if kind == "row":
        where = f"columns {ca} and {cb}"
    elif kind == "column":
        where = f"rows {ra} and {rb}"
    else:
        where = f"r{ra}c{ca} and r{rb}c{cb}"
    return ConflictError(
        f"{shown} repeats in {kind} {index} ({where})",
        unit=kind,
        index=index,
        value=value,
        cells=((ra, ca), (rb, cb)),
    )
