"""The ``fastsudoku`` command line.

    fastsudoku solve [FILE|-] [--format F] [--output-format F] [--box RxC] [--alphabet A]
                     [--engine E] [--limit K] [--unique] [--threads K] [--stats]
    fastsudoku count [FILE|-] [same options; --limit 2 by default]
    fastsudoku check [FILE|-] [--format F] ...       givens, solutions in the file, uniqueness
    fastsudoku convert [FILE|-] --to F [--format F]  one format to another
    fastsudoku judge-format PROBLEM                  stdin -> the judge's exact output
    fastsudoku target [FILE|-] [--weights FILE] [--lines] [--grid] [--node-limit K]
    fastsudoku cover FILE [--count | --all] [--limit K] [--node-limit K] [--threads K] [--json]
                                                     exact cover, Knuth's DLX format
    fastsudoku render [FILE|-] (--out DIR | --sheet FILE.svg) [--solve] [--candidates]
                                                     SVG pictures, one a puzzle or A4 sheets
    fastsudoku generate / rate / gen-tests / judge / bench     (see --help of each)

Formats (``--format``, detected by default): ``line`` (one puzzle a line, '#' comments,
annotations after the puzzle ignored), ``grid`` (N lines of N cells, separators and blank
lines allowed), ``csv`` (``quizzes,solutions``, ``puzzle,solution`` or
``source,puzzle,solution,rating``), ``sdk`` (SadMan, '#' header lines).  See
``fastsudoku.formats``.  Variant puzzles, one a line (solve, count, check, convert):
``iss`` (the Interactive Sudoku Solver's constraint string) and ``json`` (fastsudoku's
JSON form), detected from a first line starting with '.' and holding '~', or with '{'
(see :mod:`.variant`).  Output: one answer a puzzle, in order: the solution (in the
puzzle's own form, or in ``--output-format``), or ``no solution`` / ``error: ...`` on a line
of its own; grids are separated by a blank line.  Judge problems: see ``fastsudoku.judges``.

Exit codes: 0 every puzzle solved (check: every puzzle valid and unique); 1 some puzzle had
no solution (or, with --unique, was not unique; check: some puzzle or stored solution is
wrong); 2 usage; 65 some input could not be read (file, line and column on stderr); 130
Ctrl-C.

The package: one module a group of commands (:mod:`.solve`: solve, count, check, convert,
bench; :mod:`.generate`: generate, rate; :mod:`.target`; :mod:`.render`; :mod:`.judge`:
judge-format, gen-tests, judge), what they share (:mod:`.reading`, :mod:`.writing`,
:mod:`.errors`), and here the table of commands: a command is one row of :data:`COMMANDS`
(its help, the function that adds its arguments, the function that runs it) and its
module.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, Dict, List, NamedTuple, NoReturn, Optional

from . import canon, cover, generate, judge, render, solve, target
from .errors import EXIT_INTERRUPTED, EXIT_OK, EXIT_OTHER, EXIT_USAGE, fail

__all__ = ["main", "COMMANDS", "Command"]


class Command(NamedTuple):
    """One row of the table: what ``fastsudoku --help`` says of the command, the function
    that adds its arguments to its subparser, and the one that runs it (parsed arguments
    in, exit code out)."""

    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    epilog: Optional[str] = None


#: Every command, in the order ``fastsudoku --help`` lists them.
COMMANDS: Dict[str, Command] = {
    "solve": Command("solve each puzzle of a file", solve.add_solve_arguments, solve.run_solve),
    "count": Command(
        "count the solutions of each puzzle", solve.add_count_arguments, solve.run_solve
    ),
    "check": Command(
        "check givens, stored solutions and uniqueness", solve.add_check_arguments, solve.run_check
    ),
    "convert": Command(
        "convert puzzles from one format to another", solve.add_convert_arguments, solve.run_convert
    ),
    "judge-format": Command(
        "answer a judge problem's input (stdin) exactly",
        judge.add_judge_format_arguments,
        judge.run_judge_format,
    ),
    "generate": Command(
        "generate unique puzzles, one a line",
        generate.add_generate_arguments,
        generate.run_generate,
    ),
    "bench": Command(
        "time the engines on a file of puzzles", solve.add_bench_arguments, solve.run_bench
    ),
    "rate": Command(
        "tier, techniques and search effort of each puzzle",
        generate.add_rate_arguments,
        generate.run_rate,
    ),
    "canon": Command(
        "the canonical (minlex) form of each puzzle", canon.add_canon_arguments, canon.run_canon
    ),
    "dedupe": Command(
        "keep one puzzle of each equivalence class",
        canon.add_dedupe_arguments,
        canon.run_dedupe,
    ),
    "gen-tests": Command(
        "write N.in / N.out test files for a judge problem",
        judge.add_gen_tests_arguments,
        judge.run_gen_tests,
        judge.GEN_TESTS_EPILOG,
    ),
    "judge": Command(
        "run a program on test files and judge its answers",
        judge.add_judge_arguments,
        judge.run_judge,
        judge.JUDGE_EPILOG,
    ),
    "target": Command(
        "target Sudoku (P1074): the best weighted score",
        target.add_target_arguments,
        target.run_target,
    ),
    "cover": Command(
        "exact cover from a file in Knuth's DLX format",
        cover.add_cover_arguments,
        cover.run_cover,
        cover.EPILOG,
    ),
    "render": Command(render.HELP, render.add_render_arguments, render.run_render, render.EPILOG),
}


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors on one line (no usage block before it), exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def parser() -> argparse.ArgumentParser:
    """The parser of every command, one subparser a row of :data:`COMMANDS`."""
    p = _Parser(prog="fastsudoku", description="Fast Sudoku solving.")
    sub = p.add_subparsers(dest="command", required=True)
    for name, command in COMMANDS.items():
        command.arguments(sub.add_parser(name, help=command.help, epilog=command.epilog))
    return p


def main(argv: Optional[List[str]] = None) -> int:
    """The command line; returns the exit code.  Whatever happens, one error line on stderr
    and a documented code, never a traceback: 2 usage, 65 unreadable input, 1 an output
    that cannot be written (a full disk, a closed pipe), 130 Ctrl-C."""
    try:
        code = _run(argv)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        return fail("interrupted", EXIT_INTERRUPTED)
    except BrokenPipeError:
        _drop_stdout()  # the reader went away (| head): nothing more to say
        return EXIT_OTHER
    except OSError as e:
        _drop_stdout()
        return fail(f"cannot write the output: {e.strerror or e}", EXIT_OTHER)


def _run(argv: Optional[List[str]]) -> int:
    try:
        args = parser().parse_args(argv)
    except SystemExit as e:
        return EXIT_USAGE if e.code else EXIT_OK
    return COMMANDS[args.command].run(args)


def _drop_stdout() -> None:
    """Point stdout at the null device, so that the interpreter's last flush of what could
    not be written raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
