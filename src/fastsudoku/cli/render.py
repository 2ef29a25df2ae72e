"""render: draw each puzzle of a file as an SVG picture, or all of them on A4 sheets.

    fastsudoku render FILE --out DIR          DIR/0001.svg, DIR/0002.svg, ... one a puzzle
    fastsudoku render FILE --sheet FILE.svg   A4 pages FILE-1.svg, FILE-2.svg, ... (FILE.svg
                                              when one page holds them all)

Any input the other commands read (``--format``, ``--box``, ``--size``, ``--alphabet``;
variant puzzles one a line: ISS, JSON, f-puzzles).  ``--solve`` draws each puzzle's
solution too (the file's own, from a CSV solution column, when it has one: checked
against the puzzle; else the first one the engine finds).  Files are numbered by the
puzzle's place in the input (``0003.svg`` is the third puzzle, even when the second could
not be read), and so are the puzzles on a sheet.  A puzzle that cannot be read is reported
(``FILE:LINE: message`` on stderr) and skipped; the others are drawn.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Dict, Iterator, NamedTuple, Optional, TextIO, Tuple

import fastsudoku

from .. import SudokuError, formats
from ..render import iter_sheet, render
from ..variants import Variant
from . import variant
from .errors import EXIT_DATAERR, EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, fail, report
from .reading import located, progress, text_of, with_input

EPILOG = """\
Exit codes: 0 every puzzle drawn; 1 some puzzle has no solution (--solve: drawn without
one); 2 usage; 65 some input could not be read (FILE:LINE: message on stderr; the other
puzzles are drawn).  Examples:
    fastsudoku render puzzles.txt --out pictures --solve
    fastsudoku render puzzles.txt --sheet book.svg --columns 2 --rows 3
"""

#: The help line of the command (for the table of commands).
HELP = "draw each puzzle as SVG (one file each, or A4 sheets)"


def add_render_arguments(s: argparse.ArgumentParser) -> None:
    where = s.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "--out", metavar="DIR", help="write DIR/0001.svg, DIR/0002.svg, ... (one a puzzle)"
    )
    where.add_argument(
        "--sheet",
        metavar="FILE.svg",
        help="write A4 pages FILE-1.svg, FILE-2.svg, ... (FILE.svg if one page)",
    )
    s.add_argument("--solve", action="store_true", help="draw each puzzle's solution too")
    s.add_argument(
        "--candidates",
        action="store_true",
        help="small candidate digits in the empty cells (without --solve)",
    )
    s.add_argument("--columns", type=int, default=2, help="puzzles across a sheet (default 2)")
    s.add_argument("--rows", type=int, default=3, help="puzzles down a sheet (default 3)")
    s.add_argument("--title", default=None, help="a title on each picture or page")


def _usage(args: argparse.Namespace) -> Optional[str]:
    for name in ("columns", "rows"):
        value = getattr(args, name)
        if not 1 <= value <= 12:
            return f"--{name} must be 1..12, got {value}"
    if args.out is not None and os.path.exists(args.out) and not os.path.isdir(args.out):
        return f"--out {args.out}: not a directory"
    if args.sheet is not None and os.path.isdir(args.sheet):
        return f"--sheet {args.sheet}: a directory (name the file to write, e.g. book.svg)"
    return None


def run_render(args: argparse.Namespace) -> int:
    return with_input(args, _render, _usage)


def _render(args: argparse.Namespace, stream: TextIO) -> int:
    state = _State()
    with progress(stream) as source:
        kind, numbered = variant.detect(formats.lines(source), args.format)
        if kind in variant.VARIANT_FORMATS:
            problem = variant.usage(args)
            if problem is not None:
                return fail(problem, EXIT_USAGE)
            puzzles = _variants(variant.items(numbered), kind)
        else:
            kind, numbered = formats.detect_lines(numbered, kind)
            puzzles = _classics(formats.read_numbered(numbered, kind))
        pictures = _drawn(args, puzzles, state)
        if args.out is not None:
            _write_files(args, pictures)
        else:
            _write_sheets(args, pictures)
    return state.status


class _State:
    """The exit status so far: 65 once a puzzle could not be read, else 1 once a puzzle
    had no solution (--solve), else 0."""

    def __init__(self) -> None:
        self.status = EXIT_OK

    def unreadable(self) -> None:
        self.status = EXIT_DATAERR

    def unsolved(self) -> None:
        if self.status == EXIT_OK:
            self.status = EXIT_UNSOLVED


# (place in the input from 1, first line, the puzzle's text or Variant or the error that
# kept it from being read, the solution the file holds for it or None)
Read = Tuple[int, int, Any, Optional[str]]


def _classics(records: Iterator[formats.Record]) -> Iterator[Read]:
    for place, record in enumerate(records, 1):
        try:
            yield place, record.line, text_of(record), record.solution
        except SudokuError as e:
            yield place, record.line, located(e, record.line), None


def _variants(items: Iterator[variant.Item], kind: str) -> Iterator[Read]:
    for place, (number, text) in enumerate(items, 1):
        try:
            yield place, number, variant.puzzle(text, kind), None
        except SudokuError as e:
            yield place, number, located(e, number), None


class Picture(NamedTuple):
    """One puzzle that can be drawn: its place in the input, its text (or Variant), the
    solution to draw with it (None without --solve), and its picture."""

    place: int
    puzzle: Any
    solution: Optional[str]
    svg: str


def _drawn(args: argparse.Namespace, puzzles: Iterator[Read], state: _State) -> Iterator[Picture]:
    """Each puzzle drawn (with its solution under --solve); one that cannot be read
    (or whose stored solution is wrong) reported at its line and skipped."""
    for place, number, puzzle, stored in puzzles:
        try:
            if isinstance(puzzle, SudokuError):
                raise puzzle
            solution = _solution(args, number, puzzle, stored, state)
            svg = _one(args, puzzle, solution)
        except SudokuError as e:
            report(args, number, located(e, number))
            state.unreadable()
            continue
        yield Picture(place, puzzle, solution, svg)


def _solution(
    args: argparse.Namespace, number: int, puzzle: Any, stored: Optional[str], state: _State
) -> Optional[str]:
    """With --solve: the file's own solution (render checks it), else the engine's
    first; None (reported, status 1) when the puzzle has none."""
    if not args.solve:
        return None
    if stored:
        return stored
    if isinstance(puzzle, Variant):
        found = fastsudoku.search(puzzle, limit=2)
    else:
        found = fastsudoku.search(puzzle, box=args.box, alphabet=args.alphabet, limit=2)
    if found.count == 0:
        print(f"{args.file}:{number}: no solution: drawn without one", file=sys.stderr)
        state.unsolved()
        return None
    if found.count > 1:
        print(
            f"{args.file}:{number}: not unique: the first solution found is drawn",
            file=sys.stderr,
        )
    return str(found.solution)


def _options(args: argparse.Namespace, puzzle: Any) -> Dict[str, Any]:
    """render's box and alphabet for a classic puzzle (a Variant carries its own)."""
    if isinstance(puzzle, Variant):
        return {}
    return {"box": args.box, "alphabet": args.alphabet}


def _one(args: argparse.Namespace, puzzle: Any, solution: Optional[str]) -> str:
    return render(
        puzzle,
        solution,
        show_candidates=args.candidates and solution is None,
        title=args.title,
        **_options(args, puzzle),
    )


def _write_files(args: argparse.Namespace, pictures: Iterator[Picture]) -> None:
    """DIR/0001.svg ... one a puzzle, named by its place in the input."""
    os.makedirs(args.out, exist_ok=True)
    for picture in pictures:
        _write(os.path.join(args.out, f"{picture.place:04d}.svg"), picture.svg)


def _write_sheets(args: argparse.Namespace, pictures: Iterator[Picture]) -> None:
    """A4 pages of every puzzle that could be drawn, numbered by place in the input:
    FILE.svg for one page, FILE-1.svg, FILE-2.svg ... for more; no file without a
    puzzle.  Classic puzzles of the file share --box and --alphabet; the pages are made
    one at a time."""
    kept = [(p.place, p.puzzle, p.solution) for p in pictures]  # texts, not pictures
    if not kept:
        print(f"{args.file}: no puzzle to draw: {args.sheet} not written", file=sys.stderr)
        return
    pages = iter_sheet(
        [puzzle for _, puzzle, _ in kept],
        [solution for _, _, solution in kept] if args.solve else None,
        columns=args.columns,
        rows=args.rows,
        box=args.box,
        alphabet=args.alphabet,
        title=args.title,
        labels=[str(place) for place, _, _ in kept],
        show_candidates=args.candidates and not args.solve,
    )
    count = -(-len(kept) // (args.columns * args.rows))
    stem, ext = os.path.splitext(args.sheet)
    ext = ext or ".svg"
    for k, page in enumerate(pages, 1):
        _write(args.sheet if count == 1 else f"{stem}-{k}{ext}", page)


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


__all__ = ["add_render_arguments", "run_render", "EPILOG", "HELP"]
