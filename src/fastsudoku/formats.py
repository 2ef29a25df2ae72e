"""Puzzle files: streaming readers and writers for the formats users have.

Formats (``FORMATS``):

``line``
    One puzzle a line: N*N cells ('.', '0' or '-' empty), as in the common benchmark files.
    '#' comment lines and blank lines are skipped; anything after the first whitespace on a
    line is an annotation and ignored; CRLF is fine.
``grid``
    N lines of N cells, packed (``53..7....``) or space-separated (numbers for sides over
    9), with or without box separators (``|``, ``-``, ``+``, ``*`` lines); puzzles separated
    by blank lines (a grid also ends after N rows).
``csv``
    A header naming the columns: ``quizzes,solutions`` (Kaggle) or ``puzzle,solution``
    (0 for empty), or ``source,puzzle,solution,rating`` ('.' for empty, the layout of the
    machine-learning reasoning sets).  The solution column, when present, is kept so that
    it can be checked.
``sdk``
    SadMan Software's ``.sdk``: '#' header lines (``#A`` author, ``#D`` description ...),
    then 9 lines of 9 characters ('.' empty).  Several puzzles may follow one another,
    separated by blank lines.

Every reader splits lines where ``str.splitlines`` does (LF, CRLF, CR, U+2028 ...), drops a
leading byte-order mark, and reports a line longer than any puzzle (``MAX_LINE``) without
holding it; a record it cannot read carries its ``error`` and the reading goes on.
Readers yield :class:`Record` objects one at a time and never hold the file in memory;
the text of each puzzle goes to :func:`fastsudoku.solve` and friends as it is.  Writers
take cell values (a ``bytes`` of N*N values, 0 empty) and write one puzzle at a time.

>>> import io
>>> [r.puzzle[:9] for r in read(io.StringIO("# two\\n" + "1" * 81 + " note\\n" + "." * 81))]
['111111111', '.........']
"""

from __future__ import annotations

import csv as _csv
import io
import itertools
import math
import re
from dataclasses import dataclass
from typing import IO, Any, Iterable, Iterator, List, Optional, Tuple

from ._batch import lines81_values as lines81_values
from ._errors import ParseError

# For programs that read puzzles themselves (the command line does): the parser behind every
# public function and the grid it gives (values, box shape, symbols, and a way back to the
# puzzle's form), the longest text it reads, the 81-character lines as one array, and the
# checks every public function makes of a box, a side, an alphabet and a count option.
from ._grid import MAX_TEXT as MAX_TEXT, Grid as Grid, box_for as box_for, parse as parse
from ._options import box_option as box_option, count_option as count_option
from ._symbols import WIDE, check_alphabet as check_alphabet

FORMATS = ("line", "grid", "csv", "sdk")
#: The symbols written for values 1..64 when the input named none (see _symbols.WIDE).
SYMBOLS = WIDE
_SEPARATOR = re.compile(r"^[\s\-+=*|]*$")
_CSV_LAYOUTS = {
    ("quizzes", "solutions"): ("quizzes", "solutions"),
    ("puzzle", "solution"): ("puzzle", "solution"),
    ("source", "puzzle", "solution", "rating"): ("puzzle", "solution"),
}

#: Where a line ends, for every reader: the line breaks of ``str.splitlines`` (``\n``,
#: ``\r\n``, ``\r``, ``\v``, ``\f``, ``\x1c``-``\x1e``, ``\x85``, ``\u2028``, ``\u2029``).
LINE_BREAK = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
#: No puzzle's line is longer: 64x64 cells as two-digit numbers with separators, and a
#: solution beside it, fit.  A longer line is skipped as it is read (memory stays bounded)
#: and reported.
MAX_LINE = 1 << 16
_READ_SIZE = 1 << 16


@dataclass
class Record:
    """One puzzle of a file: where it starts (1-based line), its text as written, and
    what the file says with it (a solution, a source, a rating) when it says anything.
    ``error`` is set, and ``puzzle`` empty, for a record that could not be read (a line
    longer than any puzzle, a broken CSV row): the reader goes on after it."""

    line: int
    puzzle: str
    solution: Optional[str] = None
    source: Optional[str] = None
    rating: Optional[str] = None
    error: Optional[ParseError] = None


Line = Tuple[int, Optional[str]]


def _pieces(source: Any) -> Iterator[Tuple[str, bool]]:
    """(text, ends a line) pieces: a stream's chunks, or the items of an iterable of lines
    (each item ends a line, whether or not it holds its line break)."""
    if hasattr(source, "read"):
        while True:
            chunk = source.read(_READ_SIZE)
            if not chunk:
                return
            if not isinstance(chunk, str):
                raise TypeError(
                    "puzzle files are read as text: open the file in text mode "
                    "(encoding='utf-8-sig')"
                )
            yield chunk, False
    else:
        for item in source:
            if not isinstance(item, str):
                raise TypeError(f"lines must be str, got {type(item).__name__}")
            yield item, True


def lines(source: Any) -> Iterator[Line]:
    """(1-based number, text) of each line of a text stream or an iterable of strings.

    Lines end at any of ``LINE_BREAK`` (so CR-only files and U+2028 split as everywhere
    else), a leading byte-order mark is dropped, and a line longer than ``MAX_LINE`` comes
    as (number, None): its characters are dropped as they are read, never held."""
    number = 0
    buf = ""  # the current line's text so far (a stream's line spans chunks)
    over = False  # the current line is longer than MAX_LINE
    first = True
    after_cr = False  # the last piece ended with '\r': a '\n' first in this one is its pair
    for piece, ends in _pieces(source):
        if first and piece:
            first = False
            if piece.startswith("\ufeff"):
                piece = piece[1:]
        if after_cr and piece.startswith("\n"):
            piece = piece[1:]
        after_cr = False
        start = 0
        for m in LINE_BREAK.finditer(piece):
            number += 1
            text = buf + piece[start : m.start()]
            yield number, None if over or len(text) > MAX_LINE else text
            buf, over, start = "", False, m.end()
        after_cr = piece.endswith("\r") and not ends
        rest = piece[start:]
        if ends:
            if rest or not piece:
                number += 1
                yield number, None if len(rest) > MAX_LINE else rest
            buf, over = "", False
        elif not over:
            buf += rest
            if len(buf) > MAX_LINE:
                buf, over = "", True
    if buf or over:
        number += 1
        yield number, None if over else buf


def _too_long(number: int) -> Record:
    return Record(
        number,
        "",
        error=ParseError(
            f"line {number} is longer than {MAX_LINE:,} characters, longer than any puzzle: "
            "skipped",
            line=number,
        ),
    )


def read_lines(stream: Iterable[str]) -> Iterator[Record]:
    """One puzzle a line (the ``line`` format)."""
    return _read_lines(lines(stream))


def _read_lines(numbered: Iterable[Line]) -> Iterator[Record]:
    for number, line in numbered:
        if line is None:
            yield _too_long(number)
            continue
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        yield Record(number, text.split()[0])


def _is_row(line: str) -> bool:
    return bool(line.strip()) and not _SEPARATOR.match(line)


def _row_cells(line: str) -> int:
    """Cells of a grid row: numbers (tokens of at most two digits, or one-character empty
    marks) count one a token; otherwise characters count, gaps between boxes ignored."""
    tokens = line.replace("|", " ").split()
    if len(tokens) > 1 and all(len(t) == 1 or (t.isdigit() and len(t) <= 2) for t in tokens):
        return len(tokens)
    return sum(len(t) for t in tokens)


def read_grids(stream: Iterable[str]) -> Iterator[Record]:
    """Blocks of rows (the ``grid`` format); see :func:`_read_grids`."""
    return _read_grids(lines(stream))


def _read_grids(numbered: Iterable[Line]) -> Iterator[Record]:
    """Blocks of rows; a block ends when it holds as many rows as its first row has cells
    (so that grids need no blank line between them, and blank lines inside a grid, between
    bands, are allowed), or at a blank line after rows of an unknown width."""
    block: List[str] = []
    start = 0
    width = 0
    for number, line in numbered:
        if line is None:  # the grid it was in is broken: report both
            if block:
                yield Record(start, "\n".join(block) + "\n")
                block, width = [], 0
            yield _too_long(number)
            continue
        if line.lstrip().startswith("#") and not block:
            continue
        if not line.strip():
            if block and not width:
                yield Record(start, "\n".join(block) + "\n")
                block = []
            elif block:
                block.append(line)
            continue
        if not block:
            start = number
            width = _row_cells(line) if _is_row(line) else 0
        elif not width and _is_row(line):
            width = _row_cells(line)
        block.append(line)
        rows = sum(1 for ln in block if _is_row(ln))
        if width and rows == width:
            yield Record(start, "\n".join(block) + "\n")
            block = []
            width = 0
    if block:
        yield Record(start, "\n".join(block) + "\n")


def read_csv(stream: Iterable[str]) -> Iterator[Record]:
    """The ``csv`` format: a header naming the columns, then one puzzle a row."""
    return _read_csv(lines(stream))


def _read_csv(numbered: Iterable[Line]) -> Iterator[Record]:
    header = None
    for number, line in numbered:
        if line is None:
            yield _too_long(number)
            continue
        try:
            row = next(_csv.reader([line]), [])
        except _csv.Error as e:
            yield Record(
                number, "", error=ParseError(f"line {number}: not a CSV row ({e})", line=number)
            )
            continue
        if not row or not "".join(row).strip():
            continue
        if header is None:
            names = tuple(name.strip().lower() for name in row)
            if names not in _CSV_LAYOUTS:
                raise ParseError(
                    f"line {number}: unknown CSV header {','.join(row)[:80]!r} "
                    "(expected quizzes,solutions or puzzle,solution or "
                    "source,puzzle,solution,rating)",
                    line=number,
                )
            header = names
            puzzle_col, solution_col = (names.index(k) for k in _CSV_LAYOUTS[names])
            continue
        if len(row) != len(header):
            yield Record(
                number,
                "",
                error=ParseError(
                    f"line {number}: {len(row)} fields, the header has {len(header)}", line=number
                ),
            )
            continue
        source = row[header.index("source")] if "source" in header else None
        rating = row[header.index("rating")] if "rating" in header else None
        yield Record(
            number, row[puzzle_col].strip(), row[solution_col].strip() or None, source, rating
        )


def read_sdk(stream: Iterable[str]) -> Iterator[Record]:
    """SadMan Software's ``.sdk``: '#' header lines, then 9 lines of 9 cells."""
    return _read_sdk(lines(stream))


def _read_sdk(numbered: Iterable[Line]) -> Iterator[Record]:
    return _read_grids(
        (number, line)
        for number, line in numbered
        if line is None or not line.lstrip().startswith("#")
    )


READERS = {"line": read_lines, "grid": read_grids, "csv": read_csv, "sdk": read_sdk}
_READERS = {"line": _read_lines, "grid": _read_grids, "csv": _read_csv, "sdk": _read_sdk}


def detect(first_lines: List[str]) -> str:
    """The format of a file from its first lines (comments skipped).

    A first line of L packed cells is a puzzle line when L is 81 or more (no grid row is
    that long) or when L is a square whose leading run of L-long lines is not exactly L
    lines (a grid of side L has exactly L rows); shorter rows and spaced rows are grids.
    """
    content = [
        ln.rstrip("\r\n") for ln in first_lines if ln.strip() and not ln.lstrip().startswith("#")
    ]
    if not content:
        return "line"
    if (
        first_lines
        and first_lines[0].startswith("#")
        and len(content) >= 9
        and all(len(ln.strip()) == 9 for ln in content[:9])
    ):
        return "sdk"
    head = content[0].strip().lower()
    if "," in head and tuple(x.strip() for x in head.split(",")) in _CSV_LAYOUTS:
        return "csv"
    tokens = content[0].split()
    first = tokens[0] if tokens else ""
    side = math.isqrt(len(first))
    if len(first) >= 81 and side * side == len(first):
        return "line"  # annotations may follow on the line
    if len(tokens) > 1:
        return "grid" if len(tokens) <= 64 else "line"
    if side * side != len(first) or len(first) < 16:
        return "grid"
    run = 0
    for ln in content:
        if len(ln.strip()) != len(first):
            break
        run += 1
    return "grid" if run == len(first) else "line"


def detect_lines(numbered: Iterator[Line], format: str = "auto") -> Tuple[str, Iterator[Line]]:
    """(format, the same lines): the format named, or detected from the first 80 lines."""
    if format != "auto":
        if format not in READERS:
            raise ValueError(f"unknown format {format!r}; choose from {', '.join(FORMATS)}")
        return format, numbered
    head = list(itertools.islice(numbered, 80))
    return detect([text or "" for _, text in head]), itertools.chain(head, numbered)


def read(stream: Any, format: str = "auto") -> Iterator[Record]:
    """Records of a text stream (or an iterable of lines) in the named format, or detected
    from its first lines."""
    format, numbered = detect_lines(lines(stream), format)
    return _READERS[format](numbered)


def read_numbered(numbered: Iterator[Line], format: str) -> Iterator[Record]:
    """Records of lines already split by :func:`lines` (``format`` not ``auto``)."""
    return _READERS[format](numbered)


# --- writers ---------------------------------------------------------------------------------


def _symbols(n: int, symbols: Optional[str]) -> Optional[str]:
    if symbols is not None:
        return symbols
    return SYMBOLS[:n] if n <= 9 else None


def format_line(values: bytes, n: int, symbols: Optional[str] = None, empty: str = ".") -> str:
    """One line of N*N cells (sides over 9 need one-character symbols, e.g. 'A-P')."""
    sym = _symbols(n, symbols)
    if sym is None:
        sym = SYMBOLS[:n]
    return "".join(sym[v - 1] if v else empty for v in values)


def format_grid(values: bytes, n: int, symbols: Optional[str] = None, empty: str = ".") -> str:
    """N lines of N cells: packed with symbols, else space-separated numbers (0 empty)."""
    sym = _symbols(n, symbols)
    rows = []
    for r in range(n):
        row = values[r * n : (r + 1) * n]
        if sym is not None:
            rows.append("".join(sym[v - 1] if v else empty for v in row))
        else:
            width = len(str(n))
            rows.append(" ".join(str(v).rjust(width) for v in row))
    return "\n".join(rows) + "\n"


def write(
    stream: IO[str],
    records: Iterable[Tuple[Any, Any]],
    format: str,
    n: int,
    symbols: Optional[str] = None,
) -> None:
    """Write (puzzle values, solution values or None) pairs in a format.

    ``csv`` writes the ``puzzle,solution`` layout (0 for empty); ``grid`` and ``sdk``
    separate puzzles by a blank line (and write only the puzzle).
    """
    if format not in FORMATS:
        raise ValueError(f"unknown format {format!r}; choose from {', '.join(FORMATS)}")
    if format == "csv":
        stream.write("puzzle,solution\n")
    first = True
    for puzzle, solution in records:
        if format == "line":
            stream.write(format_line(puzzle, n, symbols) + "\n")
        elif format == "csv":
            stream.write(
                format_line(puzzle, n, symbols, empty="0")
                + ","
                + (format_line(solution, n, symbols) if solution else "")
                + "\n"
            )
        else:
            if not first:
                stream.write("\n")
            stream.write(format_grid(puzzle, n, symbols))
        first = False


def to_text(values: bytes, n: int, format: str, symbols: Optional[str] = None) -> str:
    """One puzzle in a format, as a string."""
    out = io.StringIO()
    write(out, [(values, None)], format, n, symbols)
    return out.getvalue()


__all__ = [
    "lines81_values",
    "MAX_TEXT",
    "Grid",
    "box_for",
    "parse",
    "box_option",
    "count_option",
    "check_alphabet",
    "FORMATS",
    "SYMBOLS",
    "LINE_BREAK",
    "MAX_LINE",
    "Record",
    "Line",
    "lines",
    "read_lines",
    "read_grids",
    "read_csv",
    "read_sdk",
    "READERS",
    "detect",
    "detect_lines",
    "read",
    "read_numbered",
    "format_line",
    "format_grid",
    "write",
    "to_text",
]
