"""The input side of every command that reads puzzles: the options they share, the checks
made before anything is read, opening a file or stdin, its records, and the progress bar.

A puzzle travels as an :data:`Item`: its first line in the file, and its text or the error
that kept the reader from it (the error is raised, inside the command's handler, where
the puzzle's answer would be written: :func:`checked`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from typing import Any, Callable, Iterator, Optional, TextIO, Tuple, Union

from .. import SudokuError, formats
from .errors import EXIT_DATAERR, EXIT_USAGE, fail, report

# (line number, the puzzle's text, or the error that kept it from being read)
Item = Tuple[int, Union[str, SudokuError]]


def box_shape(text: str) -> Tuple[int, int]:
    """``--box RxC`` as (rows, columns) of a box; argparse reports anything else."""
    try:
        r, c = text.lower().split("x")
        return int(r), int(c)
    except ValueError:
        raise argparse.ArgumentTypeError(f"box must look like 3x3 or 2x3, got {text!r}") from None


# A parser or an argument group (argparse's common base of both).
Arguments = argparse._ActionsContainer


def add_file(s: Arguments) -> None:
    s.add_argument("file", nargs="?", default="-", help="input file, '-' for stdin")


def add_box(s: Arguments, help_text: Optional[str] = None) -> None:
    s.add_argument("--box", type=box_shape, default=None, help=help_text)


def add_node_limit(s: Arguments) -> None:
    """--node-limit K: the bound of each search (checked in :func:`with_input`)."""
    s.add_argument(
        "--node-limit",
        type=int,
        default=None,
        metavar="K",
        help="give up a puzzle's search after K guesses (its answer: 'limit', exit 1)",
    )


def add_json(
    s: Arguments, what: str = "puzzles, how many of each outcome, seconds, guesses"
) -> None:
    """--json: the run's summary (``what`` it holds) as one JSON object on stderr (stdout
    holds the answers)."""
    s.add_argument(
        "--json",
        action="store_true",
        help=f"print the summary ({what}) as one JSON object on stderr",
    )


#: The formats of variant puzzles, one a line (the commands that take them: ``variants``).
VARIANT_FORMATS = ("iss", "json", "fpuzzles")


def _input_parent() -> argparse.ArgumentParser:
    """FILE, --format, --box, --size, --alphabet: one parent parser, shared by every command
    that reads puzzles (:data:`INPUT`)."""
    p = argparse.ArgumentParser(add_help=False)
    g = p.add_argument_group("input")
    add_file(g)
    g.add_argument(
        "--format",
        default="auto",
        choices=("auto", *formats.FORMATS, *VARIANT_FORMATS),
        help="input format (default: detected; iss, json, fpuzzles: variant puzzles, one a "
        "line, where the command takes them)",
    )
    add_box(g, "box shape RxC (e.g. 2x3)")
    g.add_argument(
        "--size",
        type=int,
        default=None,
        help="side N of every grid (square boxes; else give --box)",
    )
    g.add_argument("--alphabet", default=None, help="symbols, e.g. A-P, 1-9A-G, 0-9A-F")
    return p


def _output_parent() -> argparse.ArgumentParser:
    """-o/--output FILE: the parent parser of every command that prints its answers."""
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        default=None,
        help="write the answers to FILE instead of stdout, atomically: FILE holds the whole "
        "output once the command has run, or is left as it was (an error before the end, "
        "Ctrl-C)",
    )
    return p


#: The parent parsers (argparse ``parents=``) of the commands that read puzzles and of
#: those that print answers.
INPUT = _input_parent()
OUTPUT = _output_parent()


Body = Callable[[argparse.Namespace, TextIO], int]


def with_input(
    args: argparse.Namespace,
    body: Body,
    usage: Optional[Callable[[argparse.Namespace], Optional[str]]] = None,
) -> int:
    """Run ``body(args, stream)`` on the command's input.

    First the options that every puzzle would fail on (a variant format given to a command
    that reads classic puzzles only, ``--box``, ``--alphabet``, then
    ``--size``, then the command's own ``usage`` check, which returns a message or None):
    usage errors, exit 2, found before any reading.  Then the file (or stdin) is opened
    (exit 65 when it cannot be), and a file-level problem that ``body`` raises (an unknown
    CSV header, a format that does not fit) is reported at its line, exit 65."""
    if getattr(args, "format", None) in VARIANT_FORMATS and not getattr(args, "variants", True):
        return fail(
            f"--format {args.format}: {args.command} reads classic puzzles "
            f"({', '.join(formats.FORMATS)}), not variant ones",
            EXIT_USAGE,
        )
    try:
        formats.box_option(args.box)
    except ValueError as e:
        return fail(f"--box: {e}", EXIT_USAGE)
    if getattr(args, "node_limit", None) is not None:
        try:
            formats.count_option("node_limit", args.node_limit, 0)
        except ValueError as e:
            return fail(f"--node-limit: {e}", EXIT_USAGE)
    try:
        formats.check_alphabet(getattr(args, "alphabet", None))
    except ValueError as e:
        return fail(f"--alphabet: {e}", EXIT_USAGE)
    if getattr(args, "size", None) is not None:
        try:
            box = formats.box_for(args.size, args.box)
        except SudokuError as e:
            return fail(f"--size {args.size}: {e}", EXIT_USAGE)
        args.box = box
    problem = usage(args) if usage is not None else None
    if problem is not None:
        return fail(problem, EXIT_USAGE)
    try:
        stream = open_input(args.file)
    except OSError as e:
        return fail(f"cannot read {args.file}: {e.strerror or e}", EXIT_DATAERR)
    try:
        with stream:
            return body(args, stream)
    except (SudokuError, ValueError) as e:
        report(args, getattr(e, "line", None) or 0, e)
        return EXIT_DATAERR


def open_input(file: str) -> TextIO:
    """The input as text: UTF-8 with a leading byte-order mark dropped, bytes that are not
    UTF-8 as U+FFFD (reported where they stand), line breaks as they are (the readers split
    lines, the same way for a file and for stdin).  ``-`` is stdin."""
    if file == "-":
        try:
            fd = sys.stdin.fileno()
        except (OSError, ValueError, AttributeError):  # not a file (a test's StringIO)
            return sys.stdin
        return open(fd, encoding="utf-8-sig", errors="replace", newline="", closefd=False)
    return open(file, encoding="utf-8-sig", errors="replace", newline="")


def item(record: formats.Record) -> Item:
    """(line, the puzzle's text or the error that kept the reader from it)."""
    if record.error is None:
        return record.line, record.puzzle
    # Its line is the file's already.  setattr: a mark of the CLI's, not an attribute the
    # error classes declare (ruff's B010 would have it written as one).
    setattr(record.error, "_located", True)  # noqa: B010
    return record.line, record.error


def line_items(stream: TextIO) -> Iterator[Item]:
    """The items of a file of one puzzle a line."""
    for record in formats.read_lines(stream):
        yield item(record)


def items(numbered: Iterator[formats.Line], format: str) -> Iterator[Item]:
    """The items of lines already split (``formats.lines``), in a named format."""
    for record in formats.read_numbered(numbered, format):
        yield item(record)


def checked(text: Union[str, SudokuError]) -> str:
    """An item's puzzle text; its reading error raised (inside the caller's handler)."""
    if isinstance(text, SudokuError):
        raise text
    return text


def text_of(record: formats.Record) -> str:
    """A record's puzzle text; its reading error raised."""
    return checked(item(record)[1])


def located(error: SudokuError, number: int) -> SudokuError:
    """The error with the file line of its puzzle when the puzzle spans several lines
    (``number`` is the puzzle's first line; the error's line counts within the puzzle)."""
    line = getattr(error, "line", None)
    if line is not None and not getattr(error, "_located", False):
        setattr(error, "line", number + line - 1)  # noqa: B010 - not every error has a line
        setattr(error, "_located", True)  # noqa: B010
    return error


class _Progress:
    """A text stream whose reads move a progress bar on stderr: over the file's bytes when
    its size is known (an ETA), a running count of characters otherwise (a pipe)."""

    def __init__(self, stream: TextIO, bar: Any) -> None:
        self.stream = stream
        self.bar = bar

    def read(self, size: int = -1) -> str:
        chunk = self.stream.read(size)
        self.bar.update(len(chunk))
        return chunk

    def __enter__(self) -> _Progress:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.bar.close()


def progress(stream: TextIO) -> Any:
    """The stream with a progress bar on stderr when stderr is a terminal and tqdm is
    installed (pip install "fastsudoku[progress]"); the stream as it is otherwise (also a
    context manager, closing the bar)."""
    if not sys.stderr.isatty():
        return contextlib.nullcontext(stream)
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:
        return contextlib.nullcontext(stream)
    try:
        total: Optional[int] = os.fstat(stream.fileno()).st_size or None
    except (OSError, ValueError, AttributeError):
        total = None
    bar = tqdm(
        total=total,
        unit="B",
        unit_scale=True,
        unit_divisor=1024,
        file=sys.stderr,
        leave=False,
        mininterval=0.5,
    )
    return _Progress(stream, bar)


__all__ = [
    "Item",
    "box_shape",
    "Arguments",
    "add_file",
    "add_box",
    "add_node_limit",
    "add_json",
    "VARIANT_FORMATS",
    "INPUT",
    "OUTPUT",
    "Body",
    "with_input",
    "open_input",
    "item",
    "line_items",
    "items",
    "checked",
    "text_of",
    "located",
    "progress",
]
