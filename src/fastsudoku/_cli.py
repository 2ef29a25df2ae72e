"""The ``fastsudoku`` command line.

    fastsudoku solve [FILE|-] [--format F] [--output-format F] [--box RxC] [--alphabet A]
                     [--engine E] [--limit K] [--unique] [--threads K] [--stats]
    fastsudoku count [FILE|-] [same options; --limit 2 by default]
    fastsudoku check [FILE|-] [--format F] ...       givens, solutions in the file, uniqueness
    fastsudoku convert [FILE|-] --to F [--format F]  one format to another
    fastsudoku judge-format PROBLEM                  stdin -> the judge's exact output
    fastsudoku target [FILE|-] [--weights FILE] [--lines] [--grid] [--node-limit K]
    fastsudoku generate / rate / gen-tests / judge / bench     (see --help of each)

Formats (``--format``, detected by default): ``line`` (one puzzle a line, '#' comments,
annotations after the puzzle ignored), ``grid`` (N lines of N cells, separators and blank
lines allowed), ``csv`` (``quizzes,solutions``, ``puzzle,solution`` or
``source,puzzle,solution,rating``), ``sdk`` (SadMan, '#' header lines).  See
``fastsudoku.formats``.  Output: one answer a puzzle, in order: the solution (in the
puzzle's own form, or in ``--output-format``), or ``no solution`` / ``error: ...`` on a line
of its own; grids are separated by a blank line.  Judge problems: see ``fastsudoku.judges``.

``target`` (Luogu P1074, target Sudoku) reads one puzzle, the whole input (the judge's 9
lines of 9 numbers, 0 empty), or with --lines one puzzle a line, and prints the best
weighted score of each, or -1 when it has no solution: byte for byte the judge's answer.
--weights names a file of N lines of N integers (default: the P1074 rings); --grid also
prints the best grid after the score.

Exit codes: 0 every puzzle solved (check: every puzzle valid and unique); 1 some puzzle had
no solution (or, with --unique, was not unique; check: some puzzle or stored solution is
wrong); 2 usage; 65 some input could not be read (file, line and column on stderr).
"""
from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, NoReturn, Optional, TextIO, Tuple, Union

import numpy as np

from . import _core, _threads, formats, judges, localjudge
from ._generate import GenerationError, generate
from ._rate import rate
from ._testdata import make_tests
from ._api import ENGINES, _grid
from ._batch import INVALID, lines81_values, solve_many
from ._grid import MAX_TEXT, Grid, box_for, check_alphabet, parse
from ._options import box_option, count_option
from ._errors import ParseError, SearchLimitError, SudokuError
from ._target import max_score

EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, EXIT_DATAERR = 0, 1, 2, 65
EXIT_OTHER = 1          # an error that is neither usage nor data: the output cannot be written
EXIT_INTERRUPTED = 130  # Ctrl-C, as a shell reports SIGINT


def error(message: str) -> None:
    """One line on stderr: ``fastsudoku: error: message``."""
    print(f"fastsudoku: error: {message}", file=sys.stderr)


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors on one line (no usage block before it), exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _box(text: str) -> Tuple[int, int]:
    try:
        r, c = text.lower().split("x")
        return int(r), int(c)
    except ValueError:
        raise argparse.ArgumentTypeError(f"box must look like 3x3 or 2x3, got {text!r}") from None


# (line number, the puzzle's text, or the error that kept it from being read)
Item = Tuple[int, Union[str, SudokuError]]


def _puzzles(stream: TextIO) -> Iterator[Item]:
    for record in formats.read_lines(stream):
        yield _item(record)


def _item(record: formats.Record) -> Item:
    """(line, the puzzle's text or the error that kept the reader from it)."""
    if record.error is None:
        return record.line, record.puzzle
    setattr(record.error, "_located", True)    # its line is the file's already
    return record.line, record.error


def _checked(text: Union[str, SudokuError]) -> str:
    """An item's puzzle text; its reading error raised (inside the caller's handler)."""
    if isinstance(text, SudokuError):
        raise text
    return text


def _text(record: formats.Record) -> str:
    return _checked(_item(record)[1])


# (line number, error or None, solutions found up to the limit, parsed grid, first
# solution's values, guesses)
Answer = Tuple[int, Optional[SudokuError], int, Optional[Grid], Optional[bytes], int]
CHUNK = 8192          # puzzles a batch with --threads: memory stays proportional to it


def _located(error: SudokuError, number: int) -> SudokuError:
    """The error with the file line of its puzzle when the puzzle spans several lines."""
    line = getattr(error, "line", None)
    if line is not None and not getattr(error, "_located", False):
        setattr(error, "line", number + line - 1)
        setattr(error, "_located", True)
    return error


def _per_line(items: Iterator[Item], args: argparse.Namespace,
              limit: int) -> Iterator[Answer]:
    for number, text in items:
        try:
            grid = _grid(_checked(text), args.box, args.alphabet)
        except SudokuError as e:
            yield number, _located(e, number), 0, None, None, 0
            continue
        found, first, guesses, status = _core.search(grid.values, grid.r, grid.c,
                                                     _core.Options(args.engine, limit))
        yield number, None, found, grid, first, guesses


def _batched(items: Iterator[Item], args: argparse.Namespace, limit: int,
             threads: int) -> Iterator[Answer]:
    """The same answers as _per_line, CHUNK puzzles at a time through solve_many."""
    chunk: List[Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == CHUNK:
            yield from _solve_chunk(chunk, args, limit, threads)
            chunk = []
    if chunk:
        yield from _solve_chunk(chunk, args, limit, threads)


def _solve_chunk(chunk: List[Item], args: argparse.Namespace, limit: int,
                 threads: int) -> Iterator[Answer]:
    parsed: List[Any] = []
    for _, text in chunk:
        try:
            parsed.append(parse(_checked(text), args.box, args.alphabet))
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
                            threads=threads, engine=args.engine)
        for k, i in enumerate(where):
            found[i] = (int(result.status[k]), int(result.counts[k]), result.solutions[k],
                        int(result.guesses[k]))
    for i, (number, text) in enumerate(chunk):
        grid = parsed[i]
        if not isinstance(grid, Grid):
            yield number, _located(grid, number), 0, None, None, 0
            continue
        status, count, solution, spent = found[i]
        if status == INVALID:
            # Givens that repeat: let the per-puzzle path name them.
            yield next(_per_line(iter([(number, text)]), args, limit))
            continue
        yield number, None, count, grid, solution.tobytes() if count else None, spent


class _Writer:
    """Writes answers in order: in the puzzle's own form, or in an output format."""

    def __init__(self, out: TextIO, fmt: Optional[str], grid_like: bool) -> None:
        self.out = out
        self.fmt = fmt
        self.blank = grid_like if fmt is None else fmt in ("grid", "sdk")
        self.started = False

    def _separate(self) -> None:
        if self.started and self.blank:
            self.out.write("\n")
        self.started = True

    def line(self, text: str) -> None:
        self._separate()
        self.out.write(text + "\n")

    def grid(self, grid: Grid, values: bytes, puzzle_values: Optional[bytes] = None) -> None:
        if self.fmt == "csv" and not self.started:
            self.out.write("puzzle,solution\n")
        self._separate()
        symbols = grid.symbols if grid.symbols and len(grid.symbols) == grid.n else None
        if self.fmt is None:
            text = grid.render(values)          # a str: the CLI parses text
            self.out.write(text if text.endswith("\n") else text + "\n")
        elif self.fmt == "csv":
            self.out.write(formats.format_line(puzzle_values or values, grid.n, symbols, "0")
                           + "," + (formats.format_line(values, grid.n, symbols)
                                    if puzzle_values else "") + "\n")
        else:
            self.out.write(formats.to_text(values, grid.n, self.fmt, symbols))


def _open(args: argparse.Namespace) -> TextIO:
    """The input as text: UTF-8 with a leading byte-order mark dropped, bytes that are not
    UTF-8 as U+FFFD (reported where they stand), line breaks as they are (the readers split
    lines, the same way for a file and for stdin)."""
    if args.file == "-":
        try:
            fd = sys.stdin.fileno()
        except (OSError, ValueError, AttributeError):    # not a file (a test's StringIO)
            return sys.stdin
        return open(fd, encoding="utf-8-sig", errors="replace", newline="", closefd=False)
    return open(args.file, encoding="utf-8-sig", errors="replace", newline="")


def _records(args: argparse.Namespace, numbered: Iterator[formats.Line]) -> Iterator[Item]:
    for record in formats.read_numbered(numbered, args.format):
        yield _item(record)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="fastsudoku", description="Fast Sudoku solving.")
    sub = p.add_subparsers(dest="command", required=True)

    def common(s: argparse.ArgumentParser) -> None:
        s.add_argument("file", nargs="?", default="-", help="input file, '-' for stdin")
        s.add_argument("--format", default="auto", choices=("auto",) + formats.FORMATS,
                       help="input format (default: detected)")
        s.add_argument("--box", type=_box, default=None, help="box shape RxC (e.g. 2x3)")
        s.add_argument("--size", type=int, default=None,
                       help="side N of every grid (square boxes; else give --box)")
        s.add_argument("--alphabet", default=None, help="symbols, e.g. A-P, 1-9A-G, 0-9A-F")

    for name, help_text in (("solve", "solve each puzzle of a file"),
                            ("count", "count the solutions of each puzzle")):
        s = sub.add_parser(name, help=help_text)
        common(s)
        s.add_argument("--output-format", default=None, choices=formats.FORMATS,
                       help="write solutions in this format (default: the puzzle's own form)")
        s.add_argument("--engine", default="auto", choices=ENGINES)
        s.add_argument("--limit", type=int, default=2 if name == "count" else 1,
                       help="stop counting at this many solutions")
        s.add_argument("--unique", action="store_true",
                       help="exit 1 if some puzzle does not have exactly one solution")
        s.add_argument("--stats", action="store_true",
                       help="print puzzles/s and guesses/puzzle on stderr")
        s.add_argument("--threads", type=int, default=None,
                       help="solve in batches of 8,192 puzzles on this many threads")
    c = sub.add_parser("check", help="check givens, stored solutions and uniqueness")
    common(c)
    v = sub.add_parser("convert", help="convert puzzles from one format to another")
    common(v)
    v.add_argument("--to", "--output-format", dest="to", required=True, choices=formats.FORMATS)
    j = sub.add_parser("judge-format", help="answer a judge problem's input (stdin) exactly")
    j.add_argument("problem", choices=sorted(judges.JUDGES))
    gen = sub.add_parser("generate", help="generate unique puzzles, one a line")
    gen.add_argument("--size", type=int, default=None)
    gen.add_argument("--box", type=_box, default=None, help="box shape RxC (e.g. 2x3)")
    gen.add_argument("--count", type=int, default=1)
    gen.add_argument("--clues", default=None, help="N or LOW-HIGH givens")
    gen.add_argument("--symmetry", default=None,
                     choices=["rot180", "rot90", "mirror", "diagonal"])
    gen.add_argument("--minimal", action="store_true")
    gen.add_argument("--difficulty", default=None,
                     choices=["simple", "easy", "intermediate", "expert"])
    gen.add_argument("--seed", type=int, default=None)
    gen.add_argument("--threads", type=int, default=1)
    gen.add_argument("--solutions", action="store_true", help="print 'puzzle solution' lines")
    be = sub.add_parser("bench", help="time the engines on a file of puzzles")
    be.add_argument("file", help="puzzle file (any format of one size)")
    be.add_argument("--format", default="auto", choices=("auto",) + formats.FORMATS)
    be.add_argument("--box", type=_box, default=None)
    be.add_argument("--alphabet", default=None)
    be.add_argument("--limit", type=int, default=1, help="1 solve, 2 uniqueness check")
    be.add_argument("--threads", type=int, default=None, help="default: every core")
    be.add_argument("--repeat", type=int, default=3)
    ra = sub.add_parser("rate", help="tier, techniques and search effort of each puzzle")
    ra.add_argument("file", nargs="?", default="-", help="input file, '-' for stdin")
    ra.add_argument("--format", default="auto", choices=("auto",) + formats.FORMATS)
    ra.add_argument("--box", type=_box, default=None)
    ra.add_argument("--alphabet", default=None)
    g = sub.add_parser("gen-tests", help="write N.in / N.out test files for a judge problem",
                       epilog="Exit codes: 0 written; 1 the files cannot be written (--out a "
                              "file, no parent directory, a full disk); 2 usage.")
    g.add_argument("problem", choices=sorted(judges.JUDGES))
    g.add_argument("--count", type=int, default=10)
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--out", required=True,
                   help="directory for the files (created if its parent exists)")
    r = sub.add_parser("judge", help="run a program on test files and judge its answers",
                       epilog="Verdicts: AC WA PE TLE OLE MLE RE.  No process of the program "
                              "outlives its verdict on Linux (a child subreaper); on macOS its "
                              "process group is killed; on Windows its own process.  Exit "
                              "codes: 0 every test AC; 1 some test not AC; 2 usage (a bad "
                              "limit, a --run command that is empty, unparseable, missing or "
                              "not executable); 65 no tests found.")
    r.add_argument("problem", choices=sorted(judges.JUDGES))
    who = r.add_mutually_exclusive_group(required=True)
    who.add_argument("--run", dest="run_command", help="the program's command line (shell syntax)")
    who.add_argument("--self", action="store_true", help="judge fastsudoku's own answers")
    data = r.add_mutually_exclusive_group(required=True)
    data.add_argument("--tests", help="a directory of N.in / N.out files")
    data.add_argument("--generate", type=int, metavar="N", help="generate N tests (with --seed)")
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--time-limit", type=float, default=1.0,
                   help="seconds a test, wall clock (default 1; at most 86400)")
    r.add_argument("--memory-limit", type=float, default=None,
                   help="MB: RLIMIT_AS on each process caps its virtual memory (JVM or Go "
                        "programs get MLE well below their resident size), and on Linux the "
                        "summed resident size of the whole process tree; not on Windows")
    r.add_argument("--output-limit", type=float, default=localjudge.DEFAULT_OUTPUT_LIMIT_MB,
                   help="MB of stdout (and of stderr) before the program is killed: OLE "
                        f"(default {localjudge.DEFAULT_OUTPUT_LIMIT_MB:g})")
    r.add_argument("--repeat", type=int, default=1, help="runs a test; times are medians")
    r.add_argument("--json", action="store_true", help="the report as JSON")
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


def _report(args: argparse.Namespace, number: int, error: Exception) -> None:
    line = getattr(error, "line", None) or number
    print(f"{args.file}:{line}: {error}", file=sys.stderr)


def _check(args: argparse.Namespace, stream: TextIO) -> int:
    """One line a puzzle: ok, no solution, not unique, wrong solution, or error."""
    status = EXIT_OK
    counts: Dict[str, int] = {}
    for record in formats.read(stream, args.format):
        try:
            grid = _grid(_text(record), args.box, args.alphabet)
            found, first, _, _ = _core.search(grid.values, grid.r, grid.c, _core.Options("auto", 2))
            verdict = {0: "no solution", 1: "ok"}.get(found, "not unique")
            if record.solution and verdict != "no solution":
                given = parse(record.solution, args.box, args.alphabet)
                if not _solves(grid, given.values) or (found == 1 and given.values != first):
                    verdict = "wrong solution"
        except SudokuError as e:
            _report(args, record.line, _located(e, record.line))
            verdict = f"error: {e}"
            status = EXIT_DATAERR
        if verdict != "ok":
            print(f"{args.file}:{record.line}: {verdict}", file=sys.stderr)
            if status == EXIT_OK:
                status = EXIT_UNSOLVED
        counts[verdict.split(":")[0]] = counts.get(verdict.split(":")[0], 0) + 1
        sys.stdout.write(verdict + "\n")
    summary = ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
    print(f"{sum(counts.values())} puzzles: {summary or 'none'}", file=sys.stderr)
    return status


def _solves(grid: Grid, values: bytes) -> bool:
    """values is a full grid that keeps the givens and breaks no rule."""
    if len(values) != len(grid.values) or 0 in values:
        return False
    if any(g and g != v for g, v in zip(grid.values, values)):
        return False
    return _core.conflict(values, grid.r, grid.c) is None


def _convert(args: argparse.Namespace, stream: TextIO) -> int:
    status = EXIT_OK
    out = _Writer(sys.stdout, args.to, grid_like=False)
    for record in formats.read(stream, args.format):
        try:
            grid = parse(_text(record), args.box, args.alphabet)
            solution = (parse(record.solution, args.box, args.alphabet).values
                        if record.solution else None)
        except SudokuError as e:
            _report(args, record.line, _located(e, record.line))
            out.line(f"error: {e}")
            status = EXIT_DATAERR
            continue
        if args.to == "csv" and solution:
            out.grid(grid, solution, grid.values)       # puzzle,solution
        else:
            out.grid(grid, grid.values)                 # csv: an empty solution column
    return status


def _generate(args: argparse.Namespace) -> int:
    clues: Any = None
    if args.clues:
        try:
            parts = [int(x) for x in args.clues.split("-")]
            clues = parts[0] if len(parts) == 1 else (parts[0], parts[1])
        except (ValueError, IndexError):
            error(f"--clues must be N or LOW-HIGH, got {args.clues!r}")
            return EXIT_USAGE
    try:
        made = generate(args.size, box=args.box, count=args.count, clues=clues,
                        difficulty=args.difficulty, symmetry=args.symmetry,
                        minimal=args.minimal, seed=args.seed, threads=args.threads)
    except GenerationError as e:
        error(str(e))
        return EXIT_UNSOLVED
    except (ValueError, TypeError) as e:        # an option generate() refuses
        error(str(e))
        return EXIT_USAGE
    for p in made:
        sys.stdout.write(p.puzzle + (f" {p.solution}" if args.solutions else "") + "\n")
    return EXIT_OK


def _bench(args: argparse.Namespace, stream: TextIO) -> int:
    """puzzles/s of one search call a puzzle and of solve_many on 1 and K threads (medians)."""
    grids = []
    for record in formats.read(stream, args.format):
        try:
            grids.append(_grid(_text(record), args.box, args.alphabet))
        except SudokuError as e:
            _report(args, record.line, _located(e, record.line))
            return EXIT_DATAERR
    shapes = {(g.r, g.c) for g in grids}
    if len(shapes) != 1 or args.limit < 1 or args.repeat < 1:
        error("bench needs puzzles of one size, --limit and --repeat >= 1")
        return EXIT_USAGE
    (r, c), = shapes
    values = np.frombuffer(b"".join(g.values for g in grids), dtype=np.uint8)
    values = values.reshape(len(grids), -1)
    # The threads solve_many runs on (asking for more than the cores gives the cores).
    threads = _threads.thread_count(args.threads or _threads.cores(), len(values))

    def median(fn: Any) -> float:
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return statistics.median(times)
    options = _core.Options("auto", args.limit)
    per_call = median(lambda: [_core.search(g.values, r, c, options) for g in grids])
    one = median(lambda: solve_many(values, limit=args.limit, threads=1))
    many = median(lambda: solve_many(values, limit=args.limit, threads=threads))
    n = len(grids)
    print(f"{n} puzzles ({r * c}x{r * c}), limit {args.limit}, median of {args.repeat}:")
    print(f"  one call a puzzle   {n / per_call:>12,.0f} puzzles/s")
    print(f"  solve_many, 1 thread{n / one:>12,.0f} puzzles/s")
    print(f"  solve_many, {threads} threads{n / many:>11,.0f} puzzles/s")
    return EXIT_OK


def _rate_file(args: argparse.Namespace, stream: TextIO) -> int:
    status = EXIT_OK
    for record in formats.read(stream, args.format):
        try:
            r = rate(_text(record), box=args.box, alphabet=args.alphabet)
        except SudokuError as e:
            _report(args, record.line, _located(e, record.line))
            sys.stdout.write(f"error: {e}\n")
            status = EXIT_DATAERR
            continue
        used = " ".join(f"{k}={v}" for k, v in r.techniques.items())
        sys.stdout.write(f"{r.tier or r.status.label} effort={r.effort:.1f}\u00b1{r.effort_noise:.1f}"
                         + (f" {used}" if used else "") + "\n")
    return status


def _write_tests(problem: str, count: int, seed: int, directory: Path) -> None:
    directory.mkdir(exist_ok=True)
    for k, (text, expected) in enumerate(make_tests(problem, count, seed), 1):
        (directory / f"{k}.in").write_text(text)
        (directory / f"{k}.out").write_text(expected)


def _fail(args: argparse.Namespace, message: str, status: int) -> int:
    """One ``error:`` line on stderr; `status` is the exit code."""
    print(f"fastsudoku {args.command}: error: {message}", file=sys.stderr)
    return status


def _out_problem(directory: Path, error: OSError) -> str:
    if directory.exists() and not directory.is_dir():
        return f"--out {str(directory)!r} is not a directory"
    if not directory.parent.is_dir():
        return f"--out {str(directory)!r}: no directory {str(directory.parent)!r} to create it in"
    return f"--out {str(directory)!r}: {error.strerror or error}"


def _gen_tests(args: argparse.Namespace) -> int:
    if args.count < 1:
        return _fail(args, "--count must be at least 1", EXIT_USAGE)
    if not args.out:
        return _fail(args, "--out must name a directory", EXIT_USAGE)
    directory = Path(args.out)
    try:
        _write_tests(args.problem, args.count, args.seed, directory)
    except OSError as e:
        return _fail(args, _out_problem(directory, e), EXIT_UNSOLVED)
    print(f"{args.count} tests for {args.problem} (seed {args.seed}) in {args.out}",
          file=sys.stderr)
    return EXIT_OK


def _run_judge(args: argparse.Namespace) -> int:
    """Exit 0 every test AC; 1 some test not AC (or the tests cannot be written); 2 a bad
    option (a limit, or a --run command that is empty, unparseable, missing or not
    executable); 65 no tests in --tests."""
    if args.repeat < 1 or (args.generate is not None and args.generate < 1):
        return _fail(args, "--repeat and --generate must be at least 1", EXIT_USAGE)
    command = localjudge.self_command(args.problem) if args.self else args.run_command
    try:
        localjudge.check_limits(args.time_limit, args.memory_limit, args.output_limit)
        localjudge.program_argv(command)
    except (TypeError, ValueError) as e:
        option = {"time_limit": "--time-limit", "memory_limit_mb": "--memory-limit",
                  "output_limit_mb": "--output-limit"}
        text = str(e)
        for name, flag in option.items():
            text = text.replace(name, flag)
        return _fail(args, text if text.startswith("--") else f"--run: {text}", EXIT_USAGE)
    with tempfile.TemporaryDirectory(prefix="fastsudoku-judge-") as tmp:
        if args.generate is not None:
            directory = Path(tmp)
            try:
                _write_tests(args.problem, args.generate, args.seed, directory)
            except OSError as e:
                return _fail(args, f"cannot write the tests in {tmp}: {e.strerror or e}",
                             EXIT_UNSOLVED)
        else:
            directory = Path(args.tests)
        tests = localjudge.tests_in(directory)
        if not tests:
            return _fail(args, f"no N.in / N.out pairs in {directory}", EXIT_DATAERR)
        try:
            verdicts = localjudge.judge(args.problem, command, tests, args.time_limit,
                                        args.memory_limit, args.repeat,
                                        output_limit_mb=args.output_limit)
        except OSError as e:
            what = e.filename if e.filename is not None else command
            return _fail(args, f"--run: cannot run {str(what)!r}: {e.strerror or e}",
                         EXIT_USAGE)
    sys.stdout.write(localjudge.report(verdicts, args.time_limit, args.json, args.repeat))
    return EXIT_OK if all(v.verdict == "AC" for v in verdicts) else EXIT_UNSOLVED


def _judge(args: argparse.Namespace) -> int:
    with _open(argparse.Namespace(file="-")) as stream:
        text = stream.read()
    try:
        sys.stdout.write(judges.answer(args.problem, text))
    except (SudokuError, ValueError) as e:
        error(f"judge-format {args.problem}: {e}")
        return EXIT_DATAERR
    return EXIT_OK


def _target(args: argparse.Namespace, stream: TextIO) -> int:
    weights = None
    if args.weights is not None:
        try:
            with open(args.weights, encoding="utf-8") as f:
                weights = [[int(tok) for tok in line.split()] for line in f if line.strip()]
        except (OSError, ValueError) as e:
            error(f"--weights {args.weights}: {e}")
            return EXIT_DATAERR
        if any(len(row) != len(weights) for row in weights):
            error(f"--weights {args.weights}: expected N lines of N integers")
            return EXIT_DATAERR
    cases: List[Item]
    if args.lines:
        cases = list(_puzzles(stream))
    else:
        text = stream.read(MAX_TEXT + 1)
        cases = [(1, text if len(text) <= MAX_TEXT else ParseError(
            f"the input is longer than any puzzle (more than {MAX_TEXT:,} characters)"))]
    status = EXIT_OK
    for number, text in cases:
        try:
            result = max_score(_checked(text), weights, box=args.box, alphabet=args.alphabet,
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
    """The command line; returns the exit code.  Whatever happens, one error line on stderr
    and a documented code, never a traceback: 2 usage, 65 unreadable input, 1 an output
    that cannot be written (a full disk, a closed pipe), 130 Ctrl-C."""
    try:
        code = _main(argv)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        error("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _drop_stdout()            # the reader went away (| head): nothing more to say
        return EXIT_OTHER
    except OSError as e:
        _drop_stdout()
        error(f"cannot write the output: {e.strerror or e}")
        return EXIT_OTHER


def _drop_stdout() -> None:
    """Point stdout at the null device, so that the interpreter's last flush of what could
    not be written raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _main(argv: Optional[List[str]]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:
        return EXIT_USAGE if e.code else EXIT_OK
    if args.command == "judge-format":
        return _judge(args)
    if args.command == "gen-tests":
        return _gen_tests(args)
    if args.command == "generate":
        return _generate(args)
    if args.command == "judge":
        return _run_judge(args)
    # Options that every puzzle would fail on are usage errors, found before any reading.
    checks = (("--box", lambda: box_option(args.box)),
              ("--alphabet", lambda: check_alphabet(getattr(args, "alphabet", None))),
              ("--node-limit", lambda: count_option("node_limit",
                                                    getattr(args, "node_limit", None), 0)))
    for flag, check in checks:
        try:
            check()
        except ValueError as e:
            error(f"{flag}: {e}")
            return EXIT_USAGE
    if getattr(args, "size", None) is not None:
        try:
            box = box_for(args.size, args.box)
        except SudokuError as e:
            error(f"--size {args.size}: {e}")
            return EXIT_USAGE
        args.box = box
    if args.command in ("solve", "count"):
        if args.limit < 1:
            error("--limit must be at least 1")
            return EXIT_USAGE
        if args.threads is not None and args.threads < 1:
            error("--threads must be at least 1")
            return EXIT_USAGE
    try:
        stream = _open(args)
    except OSError as e:
        error(f"cannot read {args.file}: {e.strerror or e}")
        return EXIT_DATAERR
    try:
        with stream:
            if args.command == "target":
                return _target(args, stream)
            if args.command == "check":
                return _check(args, stream)
            if args.command == "rate":
                return _rate_file(args, stream)
            if args.command == "bench":
                return _bench(args, stream)
            if args.command == "convert":
                return _convert(args, stream)
            return _solve(args, stream)
    except (SudokuError, ValueError) as e:
        # A file-level problem (an unknown CSV header, a format that does not fit).
        _report(args, getattr(e, "line", None) or 0, e)
        return EXIT_DATAERR


def _solve(args: argparse.Namespace, stream: TextIO) -> int:
    limit = max(args.limit, 2) if args.unique else args.limit
    start = time.perf_counter()
    with _progress(stream) as source:
        args.format, numbered = formats.detect_lines(formats.lines(source), args.format)
        out = _Writer(sys.stdout, args.output_format if args.command == "solve" else None,
                      grid_like=args.format in ("grid", "sdk") and args.command == "solve")
        stats = None
        if (args.format == "line" and args.engine == "bitmask" and args.box in (None, (3, 3))
                and args.alphabet is None and args.output_format in (None, "line")):
            stats = _solve_lines81(args, numbered, limit, out)
        if stats is not None:
            status, count, guesses = stats
        else:
            items = _records(args, numbered)
            answers = (_per_line(items, args, limit) if args.threads is None
                       else _batched(items, args, limit, args.threads))
            status, count, guesses = _emit(args, out, answers, limit, EXIT_OK)
    _print_stats(args, count, guesses, start)
    return status


SUMMARY_OVER = 300    # puzzles above which a summary line goes to stderr unasked


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

    def __enter__(self) -> "_Progress":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.bar.close()


def _progress(stream: TextIO) -> Any:
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
    bar = tqdm(total=total, unit="B", unit_scale=True, unit_divisor=1024, file=sys.stderr,
               leave=False, mininterval=0.5)
    return _Progress(stream, bar)


def _emit(args: argparse.Namespace, out: _Writer, answers: Iterator[Answer], limit: int,
          status: int) -> Tuple[int, int, int]:
    """Write the answers in order; (exit status, puzzles answered, guesses)."""
    count = guesses = 0
    for number, error, found, grid, values, spent in answers:
        if error is not None:
            _report(args, number, error)
            out.line(f"error: {error}")
            status = EXIT_DATAERR
            continue
        count += 1
        guesses += spent
        if args.command == "count":
            out.line(f"{found}{'+' if found >= limit else ''}")
        elif found and grid is not None and values is not None:
            out.grid(grid, values, grid.values)
        else:
            out.line("no solution")
        if status == EXIT_OK and (found == 0 or (args.unique and found != 1)):
            status = EXIT_UNSOLVED
    return status, count, guesses


def _print_stats(args: argparse.Namespace, count: int, guesses: int, start: float) -> None:
    if (args.stats or count > SUMMARY_OVER) and count:
        elapsed = time.perf_counter() - start
        print(f"{count} puzzles in {elapsed:.3f} s: {count / elapsed:,.0f} puzzles/s, "
              f"{guesses / count:.1f} guesses/puzzle", file=sys.stderr)


def _solve_lines81(args: argparse.Namespace, numbered: Iterator[formats.Line], limit: int,
                   out: _Writer) -> Optional[Tuple[int, int, int]]:
    """The common case at array speed: chunks of 81-character lines, converted, solved and
    written as whole arrays.  A chunk holding anything else (a bad line, another size, a
    line too long to read) goes through the general path, so every answer and message is
    the same as there.  Returns (exit status, puzzles, guesses)."""
    status, count, guesses = EXIT_OK, 0, 0
    threads = args.threads or 1
    chunk: List[Item] = []

    def flush() -> None:
        nonlocal status, count, guesses
        texts = [t for _, t in chunk]
        values = lines81_values(texts)
        if values is not None and not (values == 255).any():
            result = solve_many(values, limit=limit, threads=threads)
            if not (result.status == INVALID).any():
                count += len(texts)
                guesses += int(result.guesses.sum())
                found = result.counts
                if args.command == "count":
                    lines = [f"{k}{'+' if k >= limit else ''}" for k in found.tolist()]
                else:
                    digits = (result.solutions + 48).tobytes().decode("ascii")
                    lines = [digits[81 * i:81 * i + 81] if k else "no solution"
                             for i, k in enumerate(found.tolist())]
                out.out.write("\n".join(lines) + "\n")
                if status == EXIT_OK and ((found == 0).any()
                                          or (args.unique and (found != 1).any())):
                    status = EXIT_UNSOLVED
                return
        status, done, spent = _emit(args, out, _per_line(iter(chunk), args, limit), limit,
                                    status)
        count += done
        guesses += spent

    for record in formats.read_numbered(numbered, "line"):
        chunk.append(_item(record))
        if len(chunk) == CHUNK:
            flush()
            chunk = []
    if chunk:
        flush()
    return status, count, guesses
