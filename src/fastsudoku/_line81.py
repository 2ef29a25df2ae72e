"""The one codec of the 81-character line: a 9x9 puzzle in one line, ``1``-``9`` for the
givens and ``.``, ``0`` or ``-`` for an empty cell (the form of nearly every puzzle file and
dataset column).  Every reader and writer of such lines goes through it: ``parse`` (one
line), ``solve_many`` and the command line (many at once, as arrays); the compiled fast path
of ``solve`` (``_core.solve_line81``) decodes the same characters in C, and a test checks
the two agree on every character.
"""

from __future__ import annotations

import re
from typing import List, Optional, Sequence, cast

import numpy as np

#: The givens' characters, value 1..9 in order, and the characters of an empty cell.
DIGITS = "123456789"
EMPTY = ".0-"

assert "".join(chr(ord("0") + v) for v in range(1, 10)) == DIGITS  # many_text relies on it
_LINE = re.compile(f"[{re.escape(DIGITS)}{re.escape(EMPTY)}]{{81}}")
_VALUES = str.maketrans(
    {**{ch: chr(v) for v, ch in enumerate(DIGITS, 1)}, **{ch: "\0" for ch in EMPTY}}
)
_TO_DIGITS = bytes.maketrans(bytes(range(1, 10)), DIGITS.encode("ascii"))
# One byte of a line -> its cell value; 255 for a byte that is not one of the line's
# characters (a row holding one is not a line: the caller reads it another way).
_LUT = np.full(256, 255, dtype=np.uint8)
_LUT[np.frombuffer(DIGITS.encode("ascii"), dtype=np.uint8)] = np.arange(1, 10, dtype=np.uint8)
_LUT[np.frombuffer(EMPTY.encode("ascii"), dtype=np.uint8)] = 0


def values(text: str) -> Optional[bytes]:
    """The 81 cell values of a line (0 empty), or None if the text is not one."""
    if not _LINE.fullmatch(text):
        return None
    return text.translate(_VALUES).encode("latin-1")


def text(cells: bytes, like: Optional[str] = None) -> str:
    """A line of 81 cell values; the empty cells of a partial grid keep the characters of
    the line `like` (the puzzle it came from) where that line is empty too, and take its
    first empty character (else '.') where it had a value."""
    if 0 in cells:
        if like is None:
            return "".join("." if not v else DIGITS[v - 1] for v in cells)
        empty = next((ch for ch in like if ch not in DIGITS), ".")
        return "".join(
            (like[k] if like[k] not in DIGITS else empty) if not v else DIGITS[v - 1]
            for k, v in enumerate(cells)
        )
    return cells.translate(_TO_DIGITS).decode("ascii")


def many_values(lines: Sequence[object]) -> Optional[np.ndarray]:
    """The (count, 81) uint8 values of a list of 81-character lines, all str or all bytes,
    read in a few NumPy calls (None for any other list).  A character outside the line's
    gives 255 in its row."""
    if not lines:
        return None
    kind = type(lines[0])
    if kind not in (str, bytes) or not all(type(t) is kind and len(t) == 81 for t in lines):
        return None
    if kind is str:
        # A non-ASCII character becomes '?' (one byte still), so the row stays 81 bytes.
        joined = "".join(cast(List[str], lines)).encode("ascii", "replace")
    else:
        joined = b"".join(cast(List[bytes], lines))
    return _LUT[np.frombuffer(joined, dtype=np.uint8)].reshape(len(lines), 81)


def many_text(rows: np.ndarray) -> bytes:
    """Grids (count, 81) of values 1..9 as their lines, one after the other (ASCII; a
    digit is chr(48 + value), so one addition writes them all: a row holding another value
    gets another character, and is not a solution to read)."""
    return (rows + ord("0")).astype(np.uint8).tobytes()
