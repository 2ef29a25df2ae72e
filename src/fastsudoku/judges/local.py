"""A local judge: run a competitor's program on test files and give each a verdict.

Each test is ``N.in`` (fed on stdin) and ``N.out`` (what the judge expects).  On POSIX each
run goes through a supervisor process of its own (``_supervisor``): the program runs in its
own session, its stdout and stderr go to temporary files (never to the judge's memory), and
at the time limit, the output limit, the memory limit, or when it exits, it is killed with
every process it started.  On Linux the supervisor is a child subreaper, so even a
descendant that called ``setsid()`` is found, killed and reaped before the verdict; on
macOS the program's process group is killed (a descendant that left it can survive); on
Windows only the program's own process is killed, and CPU time and peak memory are not
measured (a memory limit is refused there).  Verdicts:

``AC``  accepted; ``WA`` wrong answer (with the first differing line, or the broken rule
for problems that accept any valid solution); ``PE`` presentation error (the right
tokens, laid out differently: POJ's verdict); ``TLE`` over the time limit (killed);
``OLE`` stdout or stderr past the output limit (killed); ``MLE`` over the memory limit;
``RE`` a non-zero exit code or a signal.

The memory limit is enforced twice: ``RLIMIT_AS`` on each process caps its *virtual*
memory (so programs that reserve much more address space than they use, on the JVM or in
Go, get MLE well below their resident size: give them a larger limit), and on Linux the
resident size of the whole process tree, summed, is sampled every 10 ms and the tree is
killed once it passes the limit.  The reported peak is the larger of that sum and the
largest single process's peak RSS (``wait4``); elsewhere it is the peak of single processes.

>>> from fastsudoku.judges.local import compare
>>> compare("poj3074", "", "1\\n2\\n", "1\\n2")
('AC', '')
"""

from __future__ import annotations

import contextlib
import errno
import io
import itertools
import json
import os
import re
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Dict, Iterator, List, Optional, TextIO, Tuple

from .. import SudokuError
from .._grid import parse
from . import _supervisor
from .registry import JUDGES

__all__ = [
    "RunResult",
    "Verdict",
    "DEFAULT_OUTPUT_LIMIT_MB",
    "STDERR_TAIL",
    "MAX_TIME_LIMIT",
    "MAX_SIZE_LIMIT_MB",
    "LINE_CAP",
    "check_limits",
    "program_argv",
    "run",
    "compare",
    "compare_streams",
    "tests_in",
    "judge",
    "report",
    "self_command",
]


@dataclass
class RunResult:
    """What one run of the program did."""

    stderr: str  # the last STDERR_TAIL bytes of stderr, decoded
    wall: float  # seconds, from start to exit (or kill)
    cpu: float  # user + system seconds of the program and its descendants
    peak_kb: int  # peak resident set size, KiB (0 where not measured)
    exit_code: Optional[int]  # None when killed by a signal
    signal: Optional[int]
    timed_out: bool
    pid: int  # also the process group, killed when the run ends
    stdout_bytes: int = 0  # size of the program's stdout
    stderr_bytes: int = 0
    output_over: Optional[str] = None  # "stdout" or "stderr": killed past the output limit
    memory_over: bool = False  # killed when the whole tree passed the memory limit
    processes: int = 1  # most processes of the program seen at once (Linux)
    measured: bool = True  # False where CPU time and peak memory are not measured
    survivors: int = 0  # descendants the judge could not kill (setuid programs)


@dataclass
class Verdict:
    test: str
    verdict: str
    message: str
    wall: float
    cpu: float
    peak_kb: int
    walls: List[float] = field(default_factory=list)


DEFAULT_OUTPUT_LIMIT_MB = 256.0
STDERR_TAIL = 4096  # bytes of stderr kept for the message
MAX_TIME_LIMIT = 86400.0  # seconds
MAX_SIZE_LIMIT_MB = float(1 << 20)  # 1 TiB, for the memory and the output limit
_SUPERVISOR = str(Path(__file__).with_name("_supervisor.py"))
_WAIT_GRACE = 10.0  # beyond the time limit, before the judge kills the supervisor


def check_limits(
    time_limit: float,
    memory_limit_mb: Optional[float] = None,
    output_limit_mb: Optional[float] = DEFAULT_OUTPUT_LIMIT_MB,
) -> None:
    """ValueError naming the limit unless each is a positive, finite, bounded number of
    seconds (time) or MB (memory, output); None means "no limit" for memory only."""
    checks = [
        ("time_limit", time_limit, MAX_TIME_LIMIT, "seconds"),
        ("output_limit_mb", output_limit_mb, MAX_SIZE_LIMIT_MB, "MB"),
    ]
    if memory_limit_mb is not None:
        checks.append(("memory_limit_mb", memory_limit_mb, MAX_SIZE_LIMIT_MB, "MB"))
    for name, value, top, unit in checks:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"{name} must be a number of {unit}, got {value!r}")
        if not 0 < value <= top:  # also refuses nan
            raise ValueError(f"{name} must be a number of {unit} in (0, {top:,.0f}], got {value!r}")
    if memory_limit_mb is not None and os.name != "posix":
        raise ValueError(
            "memory_limit_mb is not supported on Windows: the judge does not "
            "measure a program's memory there"
        )


def program_argv(command: str) -> Optional[List[str]]:
    """The argument vector of a plain command (run without a shell), or None for shell
    syntax; ValueError for an empty or unparseable command."""
    if not isinstance(command, str) or not command.strip():
        raise ValueError(f"the command is empty: {command!r}")
    if os.name != "posix" or _SHELL_SYNTAX.search(command):
        return None
    try:
        return shlex.split(command)
    except ValueError as e:
        raise ValueError(f"cannot parse the command {command!r}: {e}") from None


def run(
    command: str,
    stdin_path: Path,
    time_limit: float,
    memory_limit_mb: Optional[float] = None,
    *,
    output_limit_mb: float = DEFAULT_OUTPUT_LIMIT_MB,
    stdout: Optional[BinaryIO] = None,
) -> RunResult:
    """Run `command` (a command line) with stdin from a file, under the limits.

    The program's stdout goes to `stdout` (a binary file open for writing and reading; a
    temporary file when None), its stderr to a temporary file of which the tail is kept:
    the judge never holds an output in memory.  OSError when the program cannot be started
    (not found, not executable); ValueError for a bad command or limit."""
    check_limits(time_limit, memory_limit_mb, output_limit_mb)
    argv = program_argv(command)
    cfg = {
        "argv": argv,
        "shell": command if argv is None else None,
        "time_limit": time_limit,
        "memory_limit": int(memory_limit_mb * 1024 * 1024) if memory_limit_mb else None,
        "output_limit": int(output_limit_mb * 1024 * 1024),
    }
    with contextlib.ExitStack() as stack:
        stdin = stack.enter_context(open(stdin_path, "rb"))
        if stdout is None:
            stdout = stack.enter_context(tempfile.TemporaryFile())
        stderr = stack.enter_context(tempfile.TemporaryFile())
        if os.name == "posix":
            report = _supervised(cfg, stdin, stdout, stderr, time_limit)
        else:  # pragma: no cover - Windows
            report = _supervisor.supervise(cfg, stdin, stdout, stderr)
        if "error" in report:
            if report["errno"] == errno.ENOMEM and memory_limit_mb:
                report = {
                    "wall": 0.0,
                    "cpu": 0.0,
                    "peak_kb": 0,
                    "code": 1,
                    "pid": 0,
                    "reason": None,
                    "processes": 1,
                    "tree": False,
                    "stderr": f"the program cannot start within {memory_limit_mb:g} MB "
                    "of address space (RLIMIT_AS): out of memory",
                }
            else:
                raise OSError(report["errno"], report["error"], report["filename"] or command)
        stdout.seek(0, os.SEEK_END)
        out_size = stdout.tell()
        stderr.seek(0, os.SEEK_END)
        err_size = stderr.tell()
        stderr.seek(max(0, err_size - STDERR_TAIL))
        tail = report.get("stderr") or stderr.read(STDERR_TAIL).decode("utf-8", "replace")
    code, reason = report["code"], report["reason"]
    measured = report["cpu"] is not None
    return RunResult(
        tail,
        report["wall"],
        report["cpu"] or 0.0,
        report["peak_kb"] or 0,
        code if code >= 0 else None,
        -code if code < 0 else None,
        reason == "time",
        report["pid"],
        out_size,
        err_size,
        reason if reason in ("stdout", "stderr") else None,
        reason == "memory",
        report["processes"],
        measured,
        report.get("survivors", 0),
    )


def _supervised(
    cfg: Dict[str, Any], stdin: BinaryIO, stdout: BinaryIO, stderr: BinaryIO, time_limit: float
) -> Dict[str, Any]:
    """Run the program under a dedicated supervisor process (see ``_supervisor``)."""
    read_end, write_end = os.pipe()
    try:
        cfg = dict(cfg, report_fd=write_end)
        proc = subprocess.Popen(
            [sys.executable, "-I", "-S", _SUPERVISOR, json.dumps(cfg)],
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            pass_fds=(write_end,),
            start_new_session=True,
        )
        os.close(write_end)
        write_end = -1
        try:
            proc.wait(timeout=time_limit + _WAIT_GRACE)
        except subprocess.TimeoutExpired:  # pragma: no cover - a supervisor that hangs
            _kill_group(proc)
            proc.wait()
        chunks = []
        while True:
            chunk = os.read(read_end, 65536)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)
    try:
        report: Dict[str, Any] = json.loads(b"".join(chunks))
        return report
    except ValueError:
        stderr.seek(max(0, stderr.seek(0, os.SEEK_END) - STDERR_TAIL))
        raise RuntimeError(
            "the judge's supervisor process failed (exit code "
            f"{proc.returncode}): " + stderr.read().decode("utf-8", "replace").strip()
        ) from None


_SHELL_SYNTAX = re.compile(r"[|&;<>()$`*?~]|\\\n")


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL)
        else:  # pragma: no cover - Windows
            proc.kill()
    except (ProcessLookupError, PermissionError):
        pass


# --- checkers --------------------------------------------------------------------------------
# Outputs are read as streams, a line or a chunk at a time: a program's output can be far
# larger than the judge's memory.  A line (or token) longer than LINE_CAP characters is kept
# as its first LINE_CAP characters, marked as cut, and never equals anything.

LINE_CAP = 1 << 20
_CHUNK = 1 << 16

_Line = Tuple[str, bool]  # (text, whole): whole is False for a cut line


def _lines(stream: TextIO, cap: int = LINE_CAP) -> Iterator[_Line]:
    """The lines of a text stream (universal newlines), right-stripped, final blank lines
    dropped."""
    blanks = 0
    while True:
        piece = stream.readline(cap)
        if not piece:
            return
        whole = True
        if len(piece) >= cap and not piece.endswith("\n"):
            while True:  # the rest of an overlong line: only spaces keep it
                rest = stream.readline(cap)
                if rest.strip():
                    whole = False
                if not rest or rest.endswith("\n"):
                    break
        line = piece.rstrip()
        if not line and whole:
            blanks += 1
            continue
        for _ in range(blanks):
            yield "", True
        blanks = 0
        yield line, whole


def _tokens(stream: TextIO, cap: int = LINE_CAP) -> Iterator[_Line]:
    """The whitespace-separated tokens of a text stream, read in chunks."""
    carry, cut = "", False  # a token that may go on in the next chunk; too long
    while True:
        chunk = stream.read(_CHUNK)
        if not chunk:
            if carry:
                yield carry, not cut
            return
        if cut:  # skip the rest of an overlong token
            space = _SPACE.search(chunk)
            if space is None:
                continue
            yield carry, False
            carry, cut, text = "", False, chunk[space.start() :]
        else:
            text = carry + chunk
        parts = text.split()
        carry = parts.pop() if parts and not text[-1].isspace() else ""
        for part in parts:
            yield part, True
        if len(carry) > cap:
            carry, cut = carry[:cap], True


_SPACE = re.compile(r"\s")


def _show(line: _Line) -> str:
    text, whole = line
    if whole and len(text) <= 80:
        return repr(text)
    return repr(text[:80]) + (
        f" (a line of more than {LINE_CAP:,} characters)"
        if not whole
        else f"... ({len(text):,} characters)"
    )


def compare(problem: str, input_text: str, expected: str, output: str) -> Tuple[str, str]:
    """(verdict, message) for an output against the expected output of a judge problem."""
    return compare_streams(problem, input_text, io.StringIO(expected), io.StringIO(output))


def compare_streams(
    problem: str, input_text: str, expected: TextIO, output: TextIO
) -> Tuple[str, str]:
    """:func:`compare` on two seekable text streams, never holding either whole."""
    spec = JUDGES[problem]
    if spec.any_solution:
        return _check_any_solution(problem, input_text, output)
    for k, (a, b) in enumerate(itertools.zip_longest(_lines(expected), _lines(output)), 1):  # noqa: B007 (k is read after the loop)
        if a is None or b is None or a != b or not a[1]:
            break
    else:
        return "AC", ""
    expected.seek(0)
    output.seek(0)
    if all(
        x is not None and x == y and x[1]
        for x, y in itertools.zip_longest(_tokens(expected), _tokens(output))
    ):
        return "PE", "the right answer, laid out differently (blank lines or spaces)"
    if b is None:
        return "WA", f"line {k}: expected {_show(a)}, got end of output"
    if a is None:
        return "WA", f"line {k}: unexpected {_show(b)} after the answer"
    return "WA", f"line {k}: expected {_show(a)}, got {_show(b)}"


def _check_any_solution(problem: str, input_text: str, output: TextIO) -> Tuple[str, str]:
    """Each case's output grid must solve that case (POJ 2676 accepts any solution)."""
    cases = JUDGES[problem].read(input_text)
    want = 9 * len(cases)
    rows, count = [], 0
    for text, _ in _lines(output):
        text = text.strip()
        if text:
            count += 1
            if count <= want:
                rows.append(text)
    if count != want:
        return "WA", f"expected {want} rows for {len(cases)} case(s), got {count}"
    for k, case in enumerate(cases):
        block = rows[9 * k : 9 * k + 9]
        try:
            puzzle = parse(case)
            answer = parse("\n".join(block) + "\n")
        except SudokuError as e:
            return "WA", f"case {k + 1}: {e}"
        problem_text = _broken_rule(puzzle.values, answer.values)
        if problem_text:
            return "WA", f"case {k + 1} (output lines {9 * k + 1}-{9 * k + 9}): {problem_text}"
    return "AC", ""


def _units9() -> List[Tuple[str, List[int]]]:
    """The 27 units of a 9x9 grid, named: rows, columns, boxes (left to right, top down),
    each cell list in reading order."""
    rows = [(f"row {k + 1}", [9 * k + i for i in range(9)]) for k in range(9)]
    columns = [(f"column {k + 1}", [9 * i + k for i in range(9)]) for k in range(9)]
    boxes = [
        (f"box {k + 1}", [9 * (k // 3 * 3 + i // 3) + k % 3 * 3 + i % 3 for i in range(9)])
        for k in range(9)
    ]
    return rows + columns + boxes


_UNITS9 = _units9()


def _broken_rule(puzzle: bytes, grid: bytes) -> str:
    for cell, (g, v) in enumerate(zip(puzzle, grid)):
        if v == 0:
            return f"r{cell // 9 + 1}c{cell % 9 + 1} is empty"
        if g and g != v:
            return f"r{cell // 9 + 1}c{cell % 9 + 1} changes the given {g} to {v}"
    for name, unit in _UNITS9:
        values = [grid[i] for i in unit]
        if sorted(values) != list(range(1, 10)):
            repeated = next(v for v in values if values.count(v) > 1)
            return f"{repeated} repeats in {name}"
    return ""


# --- judging a directory ---------------------------------------------------------------------


def tests_in(directory: Path) -> List[Tuple[str, Path, Path]]:
    """(name, N.in, N.out) of a test directory, in numeric order."""
    pairs = []
    for path in directory.glob("*.in"):
        out = path.with_suffix(".out")
        if out.exists():
            pairs.append((path.stem, path, out))
    key = lambda item: (int(item[0]) if item[0].isdigit() else 1 << 30, item[0])  # noqa: E731
    return sorted(pairs, key=key)


def judge(
    problem: str,
    command: str,
    tests: List[Tuple[str, Path, Path]],
    time_limit: float,
    memory_limit_mb: Optional[float] = None,
    repeat: int = 1,
    *,
    output_limit_mb: float = DEFAULT_OUTPUT_LIMIT_MB,
) -> List[Verdict]:
    check_limits(time_limit, memory_limit_mb, output_limit_mb)
    program_argv(command)
    verdicts = []
    for name, in_path, out_path in tests:
        runs, verdict, message = [], "", ""
        for k in range(repeat):
            with tempfile.TemporaryFile() as output:
                result = run(
                    command,
                    in_path,
                    time_limit,
                    memory_limit_mb,
                    output_limit_mb=output_limit_mb,
                    stdout=output,
                )
                again, why = _verdict(
                    problem,
                    result,
                    in_path,
                    out_path,
                    time_limit,
                    memory_limit_mb,
                    output,
                    output_limit_mb,
                )
            runs.append(result)
            if result.survivors:
                why = (
                    why + "; " if why else ""
                ) + f"{result.survivors} process(es) of the program could not be killed"
            if k == 0:
                verdict, message = again, why
            elif verdict == "AC" and again != "AC":
                verdict, message = again, why + " (in a repeat run)"
        verdicts.append(
            Verdict(
                name,
                verdict,
                message,
                statistics.median(r.wall for r in runs),
                statistics.median(r.cpu for r in runs),
                max(r.peak_kb for r in runs),
                [r.wall for r in runs],
            )
        )
    return verdicts


_MEMORY_ERRORS = re.compile(
    r"MemoryError|bad_alloc|out of memory|Cannot allocate memory", re.IGNORECASE
)


def _verdict(
    problem: str,
    result: RunResult,
    in_path: Path,
    out_path: Path,
    time_limit: float,
    memory_limit_mb: Optional[float],
    output: Optional[BinaryIO] = None,
    output_limit_mb: float = DEFAULT_OUTPUT_LIMIT_MB,
) -> Tuple[str, str]:
    """(verdict, message) of one run; `output` holds its stdout (read from the start)."""
    if result.timed_out or result.wall > time_limit:
        return "TLE", f"killed at the limit of {time_limit:g} s"
    if result.output_over:
        return "OLE", (
            f"{result.output_over} passed the output limit of {output_limit_mb:g} MB (killed)"
        )
    failed = result.exit_code != 0
    if memory_limit_mb:
        peak_mb = result.peak_kb / 1024
        processes = f" ({result.processes} processes together)" if result.processes > 1 else ""
        if result.memory_over or peak_mb > memory_limit_mb:
            return (
                "MLE",
                f"peak {peak_mb:.1f} MB over the limit of {memory_limit_mb:g} MB" + processes,
            )
        if failed and _MEMORY_ERRORS.search(result.stderr):
            # RLIMIT_AS refused an allocation: the address space, not the resident size, hit
            # the limit, so the peak stays below it.
            return "MLE", (
                f"out of memory: an allocation failed under the {memory_limit_mb:g} MB "
                f"limit on virtual memory (RLIMIT_AS; peak resident {peak_mb:.1f} MB)"
            )
    if result.signal is not None:
        return "RE", f"killed by signal {result.signal} ({signal.Signals(result.signal).name})"
    if failed:
        tail = result.stderr.strip().splitlines()[-1:] or [""]
        code = result.exit_code or 0
        if 128 < code < 128 + 65:
            # A shell reports a signal that killed its command as 128 + the signal.
            with contextlib.suppress(ValueError):
                tail = [f"signal {code - 128} ({signal.Signals(code - 128).name}) " + tail[0]]
        return "RE", f"exit code {result.exit_code}" + (f": {tail[0][:200]}" if tail[0] else "")
    if output is None:
        raise ValueError("_verdict: the program's output is needed to judge its answer")
    output.seek(0)
    answer = io.TextIOWrapper(output, encoding="utf-8", errors="replace")
    try:
        with open(out_path, encoding="utf-8", errors="replace") as expected:
            # Only checkers of any valid solution read the input (the judge's own file).
            input_text = in_path.read_text() if JUDGES[problem].any_solution else ""
            return compare_streams(problem, input_text, expected, answer)
    finally:
        answer.detach()


def report(
    verdicts: List[Verdict], time_limit: float, as_json: bool = False, repeat: int = 1
) -> str:
    """The table and summary as text, or as JSON."""
    slowest = max(verdicts, key=lambda v: v.wall) if verdicts else None
    summary = {
        "tests": len(verdicts),
        "accepted": sum(v.verdict == "AC" for v in verdicts),
        "verdicts": {
            k: sum(v.verdict == k for v in verdicts) for k in sorted({v.verdict for v in verdicts})
        },
        "time_limit": time_limit,
        "slowest_test": slowest.test if slowest else None,
        "slowest_wall": slowest.wall if slowest else None,
        "fraction_of_limit": slowest.wall / time_limit if slowest else None,
        "margin": time_limit - slowest.wall if slowest else None,
        "repeat": repeat,
    }
    if as_json:
        return (
            json.dumps({"tests": [asdict(v) for v in verdicts], "summary": summary}, indent=2)
            + "\n"
        )
    lines = [f"{'test':<8} {'verdict':<7} {'wall s':>8} {'cpu s':>8} {'peak MB':>8}  message"]
    measured = os.name == "posix"  # CPU time and peak memory (not on Windows)
    for v in verdicts:
        cpu = f"{v.cpu:>8.3f}" if measured else f"{'n/a':>8}"
        peak = f"{v.peak_kb / 1024:>8.1f}" if measured else f"{'n/a':>8}"
        lines.append(f"{v.test:<8} {v.verdict:<7} {v.wall:>8.3f} {cpu} {peak}  {v.message}")
    if slowest:
        lines.append(
            f"{summary['accepted']}/{len(verdicts)} accepted; slowest test "
            f"{slowest.test}: {slowest.wall:.3f} s, {100 * slowest.wall / time_limit:.1f}% "
            f"of the {time_limit:g} s limit (margin {time_limit - slowest.wall:.3f} s)"
            + (f"; times are medians of {repeat} runs" if repeat > 1 else "")
        )
    return "\n".join(lines) + "\n"


def self_command(problem: str) -> str:
    """fastsudoku's own answer to a problem, as a command line (for --self)."""
    return f"{shlex.quote(sys.executable)} -m fastsudoku judge-format {problem}"
