"""canon and dedupe: canonical forms of a file's puzzles, and one puzzle of each class.

Both stream their input: puzzles are read, canonicalized and written CHUNK at a time
(``canonical_many`` on ``--threads`` threads), with a progress bar on a terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Iterator, List, Optional, Set, TextIO, Tuple, Union

import fastsudoku

from .. import CANONICAL_FORMS, SOLVED, SudokuError, formats
from .errors import EXIT_DATAERR, EXIT_OK, report
from .reading import add_json, located, progress, text_of, with_input

#: Puzzles canonicalized at a time.
CHUNK = 8192


def _add_common(s: argparse.ArgumentParser) -> None:
    s.add_argument("--threads", type=int, default=None, help="threads (default: every core)")


def add_canon_arguments(s: argparse.ArgumentParser) -> None:
    _add_common(s)
    s.add_argument(
        "--form",
        default="minlex",
        choices=CANONICAL_FORMS,
        help="minlex (least string, empty cells as 0; the default), maxlex (greatest) or "
        "patminlex (least pattern of givens first: the 17-clue list's form)",
    )


def add_dedupe_arguments(s: argparse.ArgumentParser) -> None:
    _add_common(s)
    add_json(s, "puzzles, kept, equivalent, errors")
    s.add_argument(
        "--canonical",
        action="store_true",
        help="write each kept puzzle's canonical (minlex) form instead of the puzzle itself",
    )


Canonical = Tuple[int, str, Optional[str], bytes, Optional[Exception]]


def _chunks(args: argparse.Namespace, stream: TextIO, form: str) -> Iterator[Canonical]:
    """(line, text, canonical form or None, its values, error or None) of each puzzle, in
    order."""
    records = formats.read(stream, args.format)
    while True:
        chunk: List[Tuple[int, Union[str, SudokuError]]] = []
        for record in records:
            try:
                chunk.append((record.line, text_of(record)))
            except SudokuError as e:
                chunk.append((record.line, located(e, record.line)))
            if len(chunk) == CHUNK:
                break
        if not chunk:
            return
        texts = [t for _, t in chunk if isinstance(t, str)]
        found = fastsudoku.canonical_many(
            texts, box=args.box, alphabet=args.alphabet, form=form, threads=args.threads
        )
        k = 0
        for line, text in chunk:
            if not isinstance(text, str):
                yield line, "", None, b"", text
                continue
            if found.status[k] == SOLVED:
                yield line, text, found.canonical[k], found.values[k].tobytes(), None
            else:
                # Not canonicalized: the one-puzzle call names why (where, which value).
                try:
                    fastsudoku.canonical(text, box=args.box, alphabet=args.alphabet, form=form)
                    error: Exception = ValueError("the puzzle's shape differs from the file's")
                except (SudokuError, ValueError) as e:
                    error = located(e, line) if isinstance(e, SudokuError) else e
                yield line, text, None, b"", error
            k += 1


def run_canon(args: argparse.Namespace) -> int:
    return with_input(args, _canon)


def _canon(args: argparse.Namespace, stream: TextIO) -> int:
    """Each puzzle's canonical form, in the puzzle's own form, one a line (a puzzle that
    has none: reported on stderr, 'error: ...' in its place)."""
    status = EXIT_OK
    with progress(stream) as source:
        for line, _, form, _, error in _chunks(args, source, args.form):
            if error is not None:
                report(args, line, error)
                sys.stdout.write(f"error: {error}\n")
                status = EXIT_DATAERR
                continue
            sys.stdout.write(str(form).rstrip("\n") + "\n")
    return status


def run_dedupe(args: argparse.Namespace) -> int:
    return with_input(args, _dedupe)


def _dedupe(args: argparse.Namespace, stream: TextIO) -> int:
    """The first puzzle of each equivalence class, in input order (as read, or its
    canonical form with --canonical); on stderr, how many were kept."""
    status = EXIT_OK
    seen: Set[bytes] = set()
    count = kept = errors = 0
    with progress(stream) as source:
        for line, text, form, key, error in _chunks(args, source, "minlex"):
            if error is not None:
                report(args, line, error)
                status = EXIT_DATAERR
                errors += 1
                continue
            count += 1
            if key in seen:
                continue
            seen.add(key)
            kept += 1
            out = str(form) if args.canonical else text
            sys.stdout.write(out.rstrip("\n") + "\n")
    if args.json:
        summary = {
            "command": "dedupe",
            "puzzles": count,
            "kept": kept,
            "equivalent": count - kept,
            "error": errors,
        }
        print(json.dumps(summary), file=sys.stderr)
    else:
        print(
            f"kept {kept:,} of {count:,} puzzles ({count - kept:,} equivalent to one before)",
            file=sys.stderr,
        )
    return status


__all__ = [
    "CHUNK",
    "add_canon_arguments",
    "add_dedupe_arguments",
    "Canonical",
    "run_canon",
    "run_dedupe",
]
