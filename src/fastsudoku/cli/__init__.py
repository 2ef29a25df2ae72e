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
    fastsudoku generate / rate / canon / dedupe / gen-tests / judge / bench  (see --help)
    fastsudoku completion bash|zsh|fish              the shell completion script
    fastsudoku --version

Every command that reads puzzles takes the same input options (one parent parser,
:data:`.reading.INPUT`: FILE, ``--format``, ``--box``, ``--size``, ``--alphabet``); every
command that prints answers takes ``-o/--output FILE`` (written atomically); the searches
take ``--node-limit K`` (solve, count, check, target, cover); ``--json`` prints the summary
(solve, count, check, dedupe, bench, cover, judge) as one JSON object.  Each command's ``--help``
has a description, an example and its exit codes.

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
no solution (or, with --unique, was not unique; or hit --node-limit; check: some puzzle or
stored solution is wrong); 2 usage; 65 some input could not be read (file, line and column
on stderr); 130 Ctrl-C.

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
import tempfile
import textwrap
from typing import Any, Callable, Dict, List, NamedTuple, NoReturn, Optional

import fastsudoku

from . import canon, completion, cover, generate, judge, render, solve, target
from .errors import (
    EXIT_DATAERR,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_OTHER,
    EXIT_UNSOLVED,
    EXIT_USAGE,
    fail,
)
from .reading import INPUT, OUTPUT

__all__ = ["main", "parser", "subcommands", "COMMANDS", "Command"]

#: The exit codes every command shares (each command's help adds what its 1 means).
EXIT_CODES = (
    "exit codes: 0 done; 1 {one}; 2 usage (a bad option, before any input is read); "
    "65 some input could not be read (FILE:LINE: message on stderr, the run goes on); "
    "130 Ctrl-C"
)


class Command(NamedTuple):
    """One row of the table: what ``fastsudoku --help`` says of the command (``help``), the
    function that adds its own arguments to its subparser, the one that runs it (parsed
    arguments in, exit code out), its ``--help`` page (``description``, ``example``: shell
    lines, ``one``: what exit code 1 means for it, ``epilog``: more), and the parent
    parsers it takes: ``reads`` puzzles (the input options; ``variants``: variant puzzles
    too), ``writes`` answers on stdout (``-o/--output``)."""

    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    epilog: Optional[str] = None
    description: str = ""
    example: str = ""
    one: str = "the answer is not a success (see the description)"
    reads: bool = False
    variants: bool = False
    writes: bool = True


#: Every command, in the order ``fastsudoku --help`` lists them.
COMMANDS: Dict[str, Command] = {
    "solve": Command(
        "solve each puzzle of a file",
        solve.add_solve_arguments,
        solve.run_solve,
        description="Solve each puzzle of FILE (or stdin): one answer a puzzle, in order -- "
        "the solution in the puzzle's own form (or --output-format), 'no solution', "
        "'limit' (--node-limit reached) or 'error: ...'.",
        example="fastsudoku solve puzzles.txt --unique --stats\n"
        "fastsudoku solve big.txt --threads 2 -o solutions.txt --json",
        one="some puzzle had no solution, was not unique (--unique) or hit --node-limit",
        reads=True,
        variants=True,
    ),
    "count": Command(
        "count the solutions of each puzzle",
        solve.add_count_arguments,
        solve.run_solve,
        description="Count the solutions of each puzzle up to --limit (default 2): one "
        "number a line, with '+' where the count stopped at the limit.",
        example="fastsudoku count puzzles.txt --limit 1000",
        one="some puzzle had no solution, was not unique (--unique) or hit --node-limit",
        reads=True,
        variants=True,
    ),
    "check": Command(
        "check givens, stored solutions and uniqueness",
        solve.add_check_arguments,
        solve.run_check,
        description="Check each puzzle: its givens, the solution stored beside it (CSV "
        "files), and that it has exactly one solution.  One verdict a line: ok, not unique, "
        "no solution, wrong solution, limit, error; the counts on stderr.",
        example="fastsudoku check sudoku.csv --json",
        one="some puzzle is not ok",
        reads=True,
        variants=True,
    ),
    "convert": Command(
        "convert puzzles from one format to another",
        solve.add_convert_arguments,
        solve.run_convert,
        description="Write each puzzle in another format (line, grid, csv, sdk; iss or json "
        "for variant puzzles).",
        example="fastsudoku convert puzzles.sdk --to line -o puzzles.txt",
        one="never (bad puzzles are 65)",
        reads=True,
        variants=True,
    ),
    "judge-format": Command(
        "answer a judge problem's input (stdin) exactly",
        judge.add_judge_format_arguments,
        judge.run_judge_format,
        description="Read a judge problem's input from stdin and write its expected output "
        "byte for byte.",
        example="fastsudoku judge-format poj3074 < input.txt",
        one="some puzzle had no solution",
    ),
    "generate": Command(
        "generate unique puzzles, one a line",
        generate.add_generate_arguments,
        generate.run_generate,
        description="Generate puzzles with one solution each: by size or box, givens, "
        "symmetry, difficulty or Sudoku Explainer rating; variant puzzles with --variant.",
        example="fastsudoku generate --count 10 --clues 24-28 --seed 7\n"
        "fastsudoku generate --se 6.0-7.5 --count 3",
        one="fewer puzzles than asked could be made",
    ),
    "bench": Command(
        "time the engines on a file of puzzles",
        solve.add_bench_arguments,
        solve.run_bench,
        description="Time one search call a puzzle and solve_many on 1 and K threads on the "
        "puzzles of FILE (one size); medians of --repeat runs.",
        example="fastsudoku bench puzzles.txt --limit 2 --json",
        one="never",
        reads=True,
    ),
    "rate": Command(
        "tier, techniques and search effort of each puzzle",
        generate.add_rate_arguments,
        generate.run_rate,
        description="Rate each puzzle: its tier, Sudoku Explainer's ER/EP/ED and hardest "
        "technique (9x9), the search effort and the techniques used; --explain adds the "
        "steps.",
        example="fastsudoku rate puzzles.txt --explain",
        one="never (puzzles without one solution are rated by their status)",
        reads=True,
    ),
    "canon": Command(
        "the canonical (minlex) form of each puzzle",
        canon.add_canon_arguments,
        canon.run_canon,
        description="Write the canonical form of each puzzle (minlex, maxlex or patminlex): "
        "equivalent puzzles get the same line.",
        example="fastsudoku canon puzzles.txt --form patminlex",
        one="never (bad puzzles are 65)",
        reads=True,
    ),
    "dedupe": Command(
        "keep one puzzle of each equivalence class",
        canon.add_dedupe_arguments,
        canon.run_dedupe,
        description="Keep the first puzzle of each class of equivalent puzzles (the same "
        "canonical form), in the input's order.",
        example="fastsudoku dedupe puzzles.txt -o unique.txt",
        one="never (bad puzzles are 65)",
        reads=True,
    ),
    "gen-tests": Command(
        "write N.in / N.out test files for a judge problem",
        judge.add_gen_tests_arguments,
        judge.run_gen_tests,
        judge.GEN_TESTS_EPILOG,
        description="Write test files for a judge problem: generated inputs and their "
        "expected outputs.",
        example="fastsudoku gen-tests poj3074 --count 20 --out tests/",
        writes=False,
    ),
    "judge": Command(
        "run a program on test files and judge its answers",
        judge.add_judge_arguments,
        judge.run_judge,
        judge.JUDGE_EPILOG,
        description="Run a program on test files (or generated tests) and judge its "
        "answers: a verdict and a time a test.",
        example="fastsudoku judge poj3074 --run './a.out' --generate 20",
        one="some test was not accepted",
    ),
    "target": Command(
        "target Sudoku (P1074): the best weighted score",
        target.add_target_arguments,
        target.run_target,
        description="Target Sudoku (Luogu P1074): the best weighted score of each puzzle, "
        "or -1 without a solution.  By default the whole input is one puzzle (the judge's "
        "9 lines of 9 numbers); --format names another layout.",
        example="fastsudoku target < p1074.in\nfastsudoku target puzzles.txt --format line --grid",
        one="some puzzle had no solution or hit --node-limit",
        reads=True,
    ),
    "cover": Command(
        "exact cover from a file in Knuth's DLX format",
        cover.add_cover_arguments,
        cover.run_cover,
        cover.EPILOG,
        description="Solve an exact-cover problem in Knuth's DLX format: one cover, the "
        "number of covers, or every cover.",
        example="fastsudoku cover problem.dlx --count --json",
        one="no cover, or the limit was reached",
    ),
    "render": Command(
        render.HELP,
        render.add_render_arguments,
        render.run_render,
        render.EPILOG,
        description="Draw each puzzle as an SVG picture, or A4 sheets of them.",
        example="fastsudoku render puzzles.txt --sheet sheet.svg --solve",
        one="some puzzle had no solution (--solve)",
        reads=True,
        variants=True,
        writes=False,
    ),
    "completion": Command(
        "print the shell completion script (bash, zsh, fish)",
        completion.add_completion_arguments,
        completion.run_completion,
        description="Print a completion script for the shell, generated from this parser.",
        example='eval "$(fastsudoku completion bash)"\n'
        "fastsudoku completion fish > ~/.config/fish/completions/fastsudoku.fish",
        one="never",
    ),
}


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors on one line (no usage block before it), exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def parser() -> argparse.ArgumentParser:
    """The parser of every command, one subparser a row of :data:`COMMANDS`."""
    p = _Parser(
        prog="fastsudoku",
        description="Fast Sudoku solving, rating, generation and exact cover.",
        epilog="See 'fastsudoku COMMAND --help' for each command's options, an example and "
        "its exit codes.",
    )
    p.add_argument("--version", action="version", version=f"fastsudoku {fastsudoku.__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, command in COMMANDS.items():
        parents: List[argparse.ArgumentParser] = [INPUT] if command.reads else []
        parents += [OUTPUT] if command.writes else []
        example = "\n".join("  " + line for line in command.example.split("\n"))
        epilog = f"example:\n{example}\n\n" if command.example else ""
        epilog += _wrap(EXIT_CODES.format(one=command.one))
        if command.epilog:
            epilog += "\n\n" + command.epilog
        s = sub.add_parser(
            name,
            help=command.help,
            description=command.description or command.help,
            epilog=epilog,
            parents=parents,  # type: ignore[arg-type]  # any ArgumentParser is a parent
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.arguments(s)
        s.set_defaults(variants=command.variants)
    return p


def _wrap(text: str) -> str:
    return textwrap.fill(text, width=88, subsequent_indent="  ")


def subcommands(p: argparse.ArgumentParser) -> argparse._SubParsersAction[Any]:
    """The action of ``p`` (a :func:`parser`) that holds the commands: its ``choices`` map
    each name to its subparser (for the completion scripts and the documentation)."""
    return next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))


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
    run = COMMANDS[args.command].run
    if getattr(args, "output", None) is None:
        return run(args)
    return _to_file(args, run)


def _to_file(args: argparse.Namespace, run: Callable[[argparse.Namespace], int]) -> int:
    """Run the command with its stdout going to a temporary file beside ``--output``, which
    replaces FILE once the command has run (exit 0, 1 or 65: every answer written); a usage
    error, Ctrl-C or a failure leaves FILE as it was."""
    target = os.path.abspath(args.output)
    if os.path.isdir(target):
        return fail(f"--output {args.output}: is a directory", EXIT_USAGE)
    try:
        fd, temp = tempfile.mkstemp(
            prefix=f".{os.path.basename(target)}.", suffix=".part", dir=os.path.dirname(target)
        )
    except OSError as e:
        return fail(f"--output {args.output}: {e.strerror or e}", EXIT_USAGE)
    stream = open(fd, "w", encoding="utf-8", newline="")  # noqa: SIM115 (closed below)
    saved = sys.stdout
    code = EXIT_INTERRUPTED
    written = False  # the whole output is on disk (a full disk fails the flush or fsync)
    try:
        sys.stdout = stream
        code = run(args)
        stream.flush()
        os.fsync(stream.fileno())
        written = True
    finally:
        sys.stdout = saved
        stream.close()
        if written and code in (EXIT_OK, EXIT_UNSOLVED, EXIT_DATAERR):
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(temp, 0o666 & ~mask)  # as a file the shell's > would make
            os.replace(temp, target)
        else:
            os.unlink(temp)
    return code


def _drop_stdout() -> None:
    """Point stdout at the null device, so that the interpreter's last flush of what could
    not be written raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
