"""target: target Sudoku (Luogu P1074), the best weighted score of each puzzle.

It reads one puzzle, the whole input (the judge's 9 lines of 9 numbers, 0 empty), unless
--format names the input's format (line: one puzzle a line, as --lines; grid: grids
separated by blank lines; csv; sdk), and prints the best weighted score of each, or -1
when it has no solution: byte for byte the judge's answer.  --weights names a file of N lines of N
integers (default: the P1074 rings); --grid also prints the best grid after the score.
"""

from __future__ import annotations

import argparse
import sys
from typing import List, TextIO

import fastsudoku

from .. import ParseError, SearchLimitError, SudokuError, formats
from .errors import EXIT_DATAERR, EXIT_OK, EXIT_UNSOLVED, fail
from .reading import Item, add_node_limit, checked, item, line_items, with_input


def add_target_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument(
        "--weights",
        default=None,
        help="file of N lines of N integer weights (default: the P1074 rings)",
    )
    s.add_argument("--lines", action="store_true", help="one puzzle a line (as --format line)")
    s.add_argument("--grid", action="store_true", help="print the best grid after the score")
    add_node_limit(s)


def run_target(args: argparse.Namespace) -> int:
    """Exit 0 every score found; 1 some puzzle has no solution or hit --node-limit; 65 some
    puzzle or the weights cannot be read."""
    return with_input(args, _target)


def _target(args: argparse.Namespace, stream: TextIO) -> int:
    weights = None
    if args.weights is not None:
        try:
            with open(args.weights, encoding="utf-8") as f:
                weights = [[int(tok) for tok in line.split()] for line in f if line.strip()]
        except (OSError, ValueError) as e:
            return fail(f"--weights {args.weights}: {e}", EXIT_DATAERR)
        if any(len(row) != len(weights) for row in weights):
            return fail(f"--weights {args.weights}: expected N lines of N integers", EXIT_DATAERR)
    cases: List[Item]
    if args.lines or args.format == "line":
        cases = list(line_items(stream))
    elif args.format in ("grid", "csv", "sdk"):
        cases = [item(record) for record in formats.read(stream, args.format)]
    else:  # the judge's input: the whole of it one puzzle
        whole = stream.read(formats.MAX_TEXT + 1)
        cases = [
            (
                1,
                whole
                if len(whole) <= formats.MAX_TEXT
                else ParseError(
                    f"the input is longer than any puzzle (more than {formats.MAX_TEXT:,} "
                    "characters)"
                ),
            )
        ]
    status = EXIT_OK
    for number, text in cases:
        try:
            result = fastsudoku.max_score(
                checked(text),
                weights,
                box=args.box,
                alphabet=args.alphabet,
                node_limit=args.node_limit,
            )
        except SearchLimitError as e:
            print(f"{args.file}:{number}: {e}", file=sys.stderr)
            sys.stdout.write("limit\n")
            status = EXIT_UNSOLVED
            continue
        except SudokuError as e:
            print(f"{args.file}:{number}: {e}", file=sys.stderr)
            sys.stdout.write(f"error: {e}\n")
            status = EXIT_DATAERR
            continue
        if result is None:
            sys.stdout.write("-1\n")
            status = max(status, EXIT_UNSOLVED)
            continue
        sys.stdout.write(f"{result.score}\n")
        if args.grid:
            grid = result.solution
            sys.stdout.write(grid if grid.endswith("\n") else grid + "\n")
    return status


__all__ = [
    "add_target_arguments",
    "run_target",
]
