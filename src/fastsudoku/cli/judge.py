"""judge-format, gen-tests and judge: online-judge problems (``fastsudoku.judges``) and the
local judge (``fastsudoku.judges.local``)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from .. import SudokuError, judges
from ..judges import local
from .errors import EXIT_DATAERR, EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, fail
from .reading import open_input

GEN_TESTS_EPILOG = (
    "Exit codes: 0 written; 1 the files cannot be written (--out a file, no "
    "parent directory, a full disk); 2 usage."
)
JUDGE_EPILOG = (
    "Verdicts: AC WA PE TLE OLE MLE RE.  No process of the program outlives its "
    "verdict on Linux (a child subreaper); on macOS its process group is killed; "
    "on Windows its own process.  Exit codes: 0 every test AC; 1 some test not AC; "
    "2 usage (a bad limit, a --run command that is empty, unparseable, missing or "
    "not executable); 65 no tests found."
)


def _add_problem(s: argparse.ArgumentParser) -> None:
    s.add_argument("problem", choices=sorted(judges.JUDGES))


# --- judge-format --------------------------------------------------------------------------


def add_judge_format_arguments(s: argparse.ArgumentParser) -> None:
    _add_problem(s)


def run_judge_format(args: argparse.Namespace) -> int:
    """stdin -> the judge's exact output; exit 65 when the input is not the problem's."""
    with open_input("-") as stream:
        text = stream.read()
    try:
        sys.stdout.write(judges.answer(args.problem, text))
    except (SudokuError, ValueError) as e:
        return fail(f"judge-format {args.problem}: {e}", EXIT_DATAERR)
    return EXIT_OK


# --- gen-tests -----------------------------------------------------------------------------


def add_gen_tests_arguments(s: argparse.ArgumentParser) -> None:
    _add_problem(s)
    s.add_argument("--count", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument(
        "--out", required=True, help="directory for the files (created if its parent exists)"
    )


def run_gen_tests(args: argparse.Namespace) -> int:
    if args.count < 1:
        return fail("--count must be at least 1", EXIT_USAGE)
    if not args.out:
        return fail("--out must name a directory", EXIT_USAGE)
    directory = Path(args.out)
    try:
        _write_tests(args.problem, args.count, args.seed, directory)
    except OSError as e:
        return fail(_out_problem(directory, e), EXIT_UNSOLVED)
    print(
        f"{args.count} tests for {args.problem} (seed {args.seed}) in {args.out}", file=sys.stderr
    )
    return EXIT_OK


def _write_tests(problem: str, count: int, seed: int, directory: Path) -> None:
    directory.mkdir(exist_ok=True)
    for k, (text, expected) in enumerate(judges.make_tests(problem, count, seed), 1):
        (directory / f"{k}.in").write_text(text)
        (directory / f"{k}.out").write_text(expected)


def _out_problem(directory: Path, error: OSError) -> str:
    if directory.exists() and not directory.is_dir():
        return f"--out {str(directory)!r} is not a directory"
    if not directory.parent.is_dir():
        return f"--out {str(directory)!r}: no directory {str(directory.parent)!r} to create it in"
    return f"--out {str(directory)!r}: {error.strerror or error}"


# --- judge ---------------------------------------------------------------------------------


def add_judge_arguments(s: argparse.ArgumentParser) -> None:
    _add_problem(s)
    who = s.add_mutually_exclusive_group(required=True)
    who.add_argument("--run", dest="run_command", help="the program's command line (shell syntax)")
    who.add_argument("--self", action="store_true", help="judge fastsudoku's own answers")
    data = s.add_mutually_exclusive_group(required=True)
    data.add_argument("--tests", help="a directory of N.in / N.out files")
    data.add_argument("--generate", type=int, metavar="N", help="generate N tests (with --seed)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument(
        "--time-limit",
        type=float,
        default=1.0,
        help="seconds a test, wall clock (default 1; at most 86400)",
    )
    s.add_argument(
        "--memory-limit",
        type=float,
        default=None,
        help="MB: RLIMIT_AS on each process caps its virtual memory (JVM or Go "
        "programs get MLE well below their resident size), and on Linux the "
        "summed resident size of the whole process tree; not on Windows",
    )
    s.add_argument(
        "--output-limit",
        type=float,
        default=local.DEFAULT_OUTPUT_LIMIT_MB,
        help="MB of stdout (and of stderr) before the program is killed: OLE "
        f"(default {local.DEFAULT_OUTPUT_LIMIT_MB:g})",
    )
    s.add_argument("--repeat", type=int, default=1, help="runs a test; times are medians")
    s.add_argument("--json", action="store_true", help="the report as JSON")


#: localjudge's parameter names, as the options that set them are spelled.
_LIMIT_OPTIONS = {
    "time_limit": "--time-limit",
    "memory_limit_mb": "--memory-limit",
    "output_limit_mb": "--output-limit",
}


def run_judge(args: argparse.Namespace) -> int:
    """Exit 0 every test AC; 1 some test not AC (or the tests cannot be written); 2 a bad
    option (a limit, or a --run command that is empty, unparseable, missing or not
    executable); 65 no tests in --tests."""
    if args.repeat < 1 or (args.generate is not None and args.generate < 1):
        return fail("--repeat and --generate must be at least 1", EXIT_USAGE)
    command = local.self_command(args.problem) if args.self else args.run_command
    try:
        local.check_limits(args.time_limit, args.memory_limit, args.output_limit)
        local.program_argv(command)
    except (TypeError, ValueError) as e:
        text = str(e)
        for name, flag in _LIMIT_OPTIONS.items():
            text = text.replace(name, flag)
        return fail(text if text.startswith("--") else f"--run: {text}", EXIT_USAGE)
    with tempfile.TemporaryDirectory(prefix="fastsudoku-judge-") as tmp:
        if args.generate is not None:
            directory = Path(tmp)
            try:
                _write_tests(args.problem, args.generate, args.seed, directory)
            except OSError as e:
                return fail(f"cannot write the tests in {tmp}: {e.strerror or e}", EXIT_UNSOLVED)
        else:
            directory = Path(args.tests)
        tests = local.tests_in(directory)
        if not tests:
            return fail(f"no N.in / N.out pairs in {directory}", EXIT_DATAERR)
        try:
            verdicts = local.judge(
                args.problem,
                command,
                tests,
                args.time_limit,
                args.memory_limit,
                args.repeat,
                output_limit_mb=args.output_limit,
            )
        except OSError as e:
            what = e.filename if e.filename is not None else command
            return fail(f"--run: cannot run {str(what)!r}: {e.strerror or e}", EXIT_USAGE)
    sys.stdout.write(local.report(verdicts, args.time_limit, args.json, args.repeat))
    return EXIT_OK if all(v.verdict == "AC" for v in verdicts) else EXIT_UNSOLVED


__all__ = [
    "GEN_TESTS_EPILOG",
    "JUDGE_EPILOG",
    "add_judge_format_arguments",
    "run_judge_format",
    "add_gen_tests_arguments",
    "run_gen_tests",
    "add_judge_arguments",
    "run_judge",
]
