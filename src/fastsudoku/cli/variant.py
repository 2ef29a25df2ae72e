"""Variant puzzles on the command line: one puzzle a line, as the Interactive Sudoku
Solver's constraint string (``--format iss``), fastsudoku's JSON form or f-puzzles' JSON
(``--format json``: an object with ``givens`` is ours, one with ``grid`` f-puzzles'), or
an f-puzzles or SudokuPad link or its compressed data (``--format fpuzzles``); detected
when the first puzzle line starts with ``.`` and holds a ``~`` (ISS), starts with ``{``
(JSON), or is such a link or starts with ``N4Ig`` (f-puzzles).  solve, count and check
answer each line as for classic lines (the solution as N*N characters in the puzzle's
alphabet); convert writes the ISS string or our JSON.  Blank lines and lines starting
with ``#`` are skipped."""

from __future__ import annotations

import argparse
import itertools
import re
from typing import Any, Iterator, List, Optional, Tuple

from .. import SudokuError, VariantError, formats
from ..variants import from_fpuzzles, from_iss, from_text

#: The variant formats, one puzzle a line.
VARIANT_FORMATS = ("iss", "json", "fpuzzles")
# f-puzzles and SudokuPad links, and f-puzzles' compressed data (its JSON always starts so).
_LINK = re.compile(r"^(https?://\S*(f-puzzles|sudokupad|crackingthecryptic)\S*|N4Ig\S*)$", re.I)

# (line number, the puzzle's text, or the error that kept it from being read)
Item = Tuple[int, Any]


def _content(text: Optional[str]) -> bool:
    return text is None or (bool(text.strip()) and not text.lstrip().startswith("#"))


def detect(numbered: Iterator[formats.Line], format: str) -> Tuple[str, Iterator[formats.Line]]:
    """(format, the same lines): a variant format when named, or when the first line with
    a puzzle looks like one ('.' and '~': ISS; '{': JSON); else the format as given."""
    if format != "auto":
        return format, numbered
    head: List[formats.Line] = []
    for number, text in numbered:
        head.append((number, text))
        if _content(text) or len(head) >= 80:
            break
    first = head[-1][1] if head else None
    found = format
    if first is not None and _content(first):
        stripped = first.strip()
        if stripped.startswith("{"):
            found = "json"
        elif stripped.startswith(".") and "~" in stripped:
            found = "iss"
        elif _LINK.match(stripped):
            found = "fpuzzles"
    return found, itertools.chain(head, numbered)


def items(numbered: Iterator[formats.Line]) -> Iterator[Item]:
    """(line number, text or error) of each puzzle line."""
    for number, text in numbered:
        if text is None:
            yield number, SudokuError(f"line longer than {formats.MAX_LINE} characters")
        elif _content(text):
            yield number, text.strip()


def puzzle(text: Any, format: str) -> Any:
    """The Variant of one line (raises the error the line was read with, or the
    VariantError of a malformed puzzle)."""
    if isinstance(text, SudokuError):
        raise text
    if format == "iss":
        variant = from_iss(text)
    elif format == "fpuzzles":
        variant = from_fpuzzles(text)
    else:  # JSON: ours or f-puzzles'
        if not text.lstrip().startswith("{"):
            raise VariantError("JSON variant: expected an object")
        variant = from_text(text)
    variant.model()  # every rule checked here, where the line is known
    return variant


def usage(args: argparse.Namespace) -> Optional[str]:
    """Options a variant puzzle does not take (it carries its own box and alphabet)."""
    for option, value in (("--box", args.box), ("--size", getattr(args, "size", None))):
        if value is not None:
            return f"{option}: variant puzzles carry their own box"
    if getattr(args, "alphabet", None) is not None:
        return "--alphabet: variant puzzles carry their own alphabet"
    if getattr(args, "output_format", None) not in (None, "line"):
        return "--output-format: a variant puzzle's solution is one line of N*N characters"
    return None


__all__ = [
    "VARIANT_FORMATS",
    "Item",
    "detect",
    "items",
    "puzzle",
    "usage",
]
