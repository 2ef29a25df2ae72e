"""The ``fastsudoku`` command line (first version: line files in, line files out).

    fastsudoku solve [FILE|-] [--box RxC] [--alphabet A] [--limit K] [--stats] [--threads K]
    fastsudoku count [FILE|-] [--limit K]
    fastsudoku target [FILE|-] [--weights FILE] [--lines] [--grid] [--node-limit K]

Input: one puzzle a line (N*N cells, '.', '0' or '-' empty); blank lines and lines starting
with '#' are skipped; anything after the first whitespace on a line is ignored.
Output: one line per puzzle, in order: the solution, or ``no solution`` / ``error: ...``.

``target`` (Luogu P1074, target Sudoku) reads one puzzle, the whole input (the judge's 9
lines of 9 numbers, 0 empty), or with --lines one puzzle a line, and prints the best
weighted score of each, or -1 when it has no solution: byte for byte the judge's answer.
--weights names a file of N lines of N integers (default: the P1074 rings); --grid also
prints the best grid after the score.

Exit codes: 0 every puzzle solved; 1 some puzzle had no solution (or, with --unique, was
not unique); 2 usage; 65 some line could not be read (its line number is on stderr).
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Dict, Iterator, List, Optional, TextIO, Tuple

import numpy as np

from ._api import search
from ._batch import INVALID, solve_many
from ._grid import Grid, parse
from ._errors import SearchLimitError, SudokuError
from ._target import max_score

EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, EXIT_DATAERR = 0, 1, 2, 65


def _box(text: str) -> Tuple[int, int]:
    try:
        r, c = text.lower().split("x")
        return int(r), int(c)
    except ValueError:
        raise argparse.ArgumentTypeError(f"box must look like 3x3 or 2x3, got {text!r}") from None


def _puzzles(stream: TextIO) -> Iterator[Tuple[int, str]]:
    for number, line in enumerate(stream, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        yield number, text.split()[0]


# (line number, error or None, solutions found up to the limit, first solution, guesses)
Answer = Tuple[int, Optional[SudokuError], int, Any, int]
CHUNK = 8192          # lines a batch with --threads: memory stays proportional to it


def _per_line(items: Iterator[Tuple[int, str]], args: argparse.Namespace,
              limit: int) -> Iterator[Answer]:
    for number, text in items:
        try:
            result = search(text, limit=limit, box=args.box, alphabet=args.alphabet)
        except SudokuError as e:
            yield number, e, 0, None, 0
            continue
        yield number, None, result.count, result.solution, result.guesses


def _batched(items: Iterator[Tuple[int, str]], args: argparse.Namespace, limit: int,
             threads: int) -> Iterator[Answer]:
    """The same answers as _per_line, CHUNK lines at a time through solve_many."""
    chunk: List[Tuple[int, str]] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == CHUNK:
            yield from _solve_chunk(chunk, args, limit, threads)
            chunk = []
    if chunk:
        yield from _solve_chunk(chunk, args, limit, threads)


def _solve_chunk(chunk: List[Tuple[int, str]], args: argparse.Namespace, limit: int,
                 threads: int) -> Iterator[Answer]:
    parsed: List[Any] = []
    for _, text in chunk:
        try:
            parsed.append(parse(text, args.box, args.alphabet))
        except SudokuError as e:
            parsed.append(e)
    groups: Dict[Tuple[int, int], List[int]] = {}
    for i, grid in enumerate(parsed):
        if isinstance(grid, Grid):
            groups.setdefault((grid.r, grid.c), []).append(i)
    found: Dict[int, Tuple[int, int, Any, int]] = {}
    for (r, c), where in groups.items():
        values = np.frombuffer(b"".join(parsed[i].values for i in where), dtype=np.uint8)
        result = solve_many(values.reshape(len(where), -1), limit=limit, box=(r, c),
                            threads=threads)
        for k, i in enumerate(where):
            found[i] = (int(result.status[k]), int(result.counts[k]), result.solutions[k],
                        int(result.guesses[k]))
    for i, (number, text) in enumerate(chunk):
        grid = parsed[i]
        if not isinstance(grid, Grid):
            yield number, grid, 0, None, 0
            continue
        status, count, solution, spent = found[i]
        if status == INVALID:
            # Givens that repeat: let the per-puzzle path name them.
            yield next(_per_line(iter([(number, text)]), args, limit))
            continue
        yield number, None, count, grid.render(solution.tobytes()) if count else None, spent


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="fastsudoku", description="Fast Sudoku solving.")
    sub = p.add_subparsers(dest="command", required=True)
    for name, help_text in (("solve", "solve each puzzle of a file"),
                            ("count", "count the solutions of each puzzle")):
        s = sub.add_parser(name, help=help_text)
        s.add_argument("file", nargs="?", default="-", help="input file, '-' for stdin")
        s.add_argument("--box", type=_box, default=None, help="box shape RxC (e.g. 2x3)")
        s.add_argument("--alphabet", default=None, help="symbols, e.g. A-P, 1-9A-G, 0-9A-F")
        s.add_argument("--limit", type=int, default=2 if name == "count" else 1,
                       help="stop counting at this many solutions")
        s.add_argument("--unique", action="store_true",
                       help="exit 1 if some puzzle does not have exactly one solution")
        s.add_argument("--stats", action="store_true",
                       help="print puzzles/s and guesses/puzzle on stderr")
        s.add_argument("--threads", type=int, default=None,
                       help="solve in batches of 8,192 lines on this many threads")
    t = sub.add_parser("target", help="target Sudoku (P1074): the best weighted score")
    t.add_argument("file", nargs="?", default="-", help="input file, '-' for stdin")
    t.add_argument("--weights", default=None,
                   help="file of N lines of N integer weights (default: the P1074 rings)")
    t.add_argument("--box", type=_box, default=None, help="box shape RxC (e.g. 2x3)")
    t.add_argument("--alphabet", default=None, help="symbols, e.g. A-P, 1-9A-G, 0-9A-F")
    t.add_argument("--lines", action="store_true", help="one puzzle a line")
    t.add_argument("--grid", action="store_true", help="print the best grid after the score")
    t.add_argument("--node-limit", type=int, default=None, help="give up after K guesses")
    return p


def _target(args: argparse.Namespace, stream: TextIO) -> int:
    weights = None
    if args.weights is not None:
        try:
            with open(args.weights, encoding="utf-8") as f:
                weights = [[int(tok) for tok in line.split()] for line in f if line.strip()]
        except (OSError, ValueError) as e:
            print(f"fastsudoku: --weights {args.weights}: {e}", file=sys.stderr)
            return EXIT_DATAERR
        if any(len(row) != len(weights) for row in weights):
            print(f"fastsudoku: --weights {args.weights}: expected N lines of N integers",
                  file=sys.stderr)
            return EXIT_DATAERR
    if args.lines:
        cases = list(_puzzles(stream))
    else:
        cases = [(1, stream.read())]
    status = EXIT_OK
    for number, text in cases:
        try:
            result = max_score(text, weights, box=args.box, alphabet=args.alphabet,
                               node_limit=args.node_limit)
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


def main(argv: Optional[List[str]] = None) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:
        return EXIT_USAGE if e.code else EXIT_OK
    if args.command != "target" and args.limit < 1:
        print("fastsudoku: --limit must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    if args.command != "target" and args.threads is not None and args.threads < 1:
        print("fastsudoku: --threads must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    try:
        stream = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8",
                                                          errors="replace")
    except OSError as e:
        print(f"fastsudoku: {e}", file=sys.stderr)
        return EXIT_DATAERR
    if args.command == "target":
        with stream:
            return _target(args, stream)
    limit = max(args.limit, 2) if args.unique else args.limit
    status = EXIT_OK
    count = guesses = 0
    start = time.perf_counter()
    out = sys.stdout
    with stream:
        items = _puzzles(stream)
        answers = (_per_line(items, args, limit) if args.threads is None
                   else _batched(items, args, limit, args.threads))
        for number, error, found, solution, spent in answers:
            if error is not None:
                print(f"{args.file}:{number}: {error}", file=sys.stderr)
                out.write(f"error: {error}\n")
                status = EXIT_DATAERR
                continue
            count += 1
            guesses += spent
            if args.command == "count":
                out.write(f"{found}{'+' if found >= limit else ''}\n")
            else:
                out.write(f"{solution if found else 'no solution'}\n")
            if status == EXIT_OK and (found == 0 or (args.unique and found != 1)):
                status = EXIT_UNSOLVED
    if args.stats and count:
        elapsed = time.perf_counter() - start
        print(f"{count} puzzles in {elapsed:.3f} s: {count / elapsed:,.0f} puzzles/s, "
              f"{guesses / count:.1f} guesses/puzzle", file=sys.stderr)
    return status
