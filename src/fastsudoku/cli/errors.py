"""The exit codes of every command, and the one way a command says what went wrong.

Whatever happens, a command writes at most one ``fastsudoku: error: ...`` line on stderr
(:func:`fail`) and returns a documented code, never a traceback; a puzzle that cannot be
read is reported where it stands, ``FILE:LINE: message`` (:func:`report`), and the run goes
on.
"""

from __future__ import annotations

import argparse
import sys

EXIT_OK = 0
EXIT_UNSOLVED = 1  # some puzzle had no solution (not unique with --unique; check: wrong)
EXIT_USAGE = 2  # a bad option, found before any input is read
EXIT_DATAERR = 65  # some input could not be read (file, line and column on stderr)
EXIT_OTHER = 1  # neither usage nor data: the output cannot be written
EXIT_INTERRUPTED = 130  # Ctrl-C, as a shell reports SIGINT

PREFIX = "fastsudoku: error: "


def fail(message: str, code: int) -> int:
    """One line on stderr, ``fastsudoku: error: message``; returns ``code`` (the exit code
    the command returns)."""
    print(PREFIX + message, file=sys.stderr)
    return code


def report(args: argparse.Namespace, number: int, error: Exception) -> None:
    """``FILE:LINE: message`` on stderr for one puzzle of the input: the error's own line
    when it has one, else ``number`` (the puzzle's first line)."""
    line = getattr(error, "line", None) or number
    print(f"{args.file}:{line}: {error}", file=sys.stderr)


__all__ = [
    "EXIT_OK",
    "EXIT_UNSOLVED",
    "EXIT_USAGE",
    "EXIT_DATAERR",
    "EXIT_OTHER",
    "EXIT_INTERRUPTED",
    "PREFIX",
    "fail",
    "report",
]
