"""A local judge: run a competitor's program on test files and give each a verdict.

Each test is ``N.in`` (fed on stdin) and ``N.out`` (what the judge expects).  The program
runs in its own process group, killed with its children at the time limit; the operating
system measures its wall time, CPU time and peak memory (``wait4``).  Verdicts:

``AC``  accepted; ``WA`` wrong answer (with the first differing line, or the broken rule
for problems that accept any valid solution); ``PE`` presentation error (the right
tokens, laid out differently: POJ's verdict); ``TLE`` over the time limit (killed);
``MLE`` over the memory limit (enforced with RLIMIT_AS where the platform has it, and
judged from the peak RSS); ``RE`` a non-zero exit code or a signal.

>>> from fastsudoku.localjudge import compare
>>> compare("poj3074", "", "1\\n2\\n", "1\\n2")
('AC', '')
"""
from __future__ import annotations

import json
import os
import re
import shlex
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import List, Optional, Tuple

from ._core import _geometry_units
from ._errors import SudokuError
from ._grid import parse
from .judges import JUDGES

try:
    import resource
except ImportError:                     # pragma: no cover - Windows
    resource = None                     # type: ignore[assignment]


@dataclass
class RunResult:
    """What one run of the program did."""

    stdout: str
    stderr: str
    wall: float                 # seconds, from start to exit (or kill)
    cpu: float                  # user + system seconds of the process and its waited children
    peak_kb: int                # peak resident set size, KiB (0 where not measured)
    exit_code: Optional[int]    # None when killed by a signal
    signal: Optional[int]
    timed_out: bool
    pid: int                    # also the process group, killed when the run ends


@dataclass
class Verdict:
    test: str
    verdict: str
    message: str
    wall: float
    cpu: float
    peak_kb: int
    walls: List[float] = field(default_factory=list)


def run(command: str, stdin_path: Path, time_limit: float,
        memory_limit_mb: Optional[float] = None) -> RunResult:
    """Run `command` (a shell command line) with stdin from a file, under the limits."""
    limit_bytes = int(memory_limit_mb * 1024 * 1024) if memory_limit_mb else None

    def limits() -> None:           # in the child, before exec
        if limit_bytes and resource is not None and hasattr(resource, "RLIMIT_AS"):
            try:
                resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))
            except (ValueError, OSError):
                pass                # not enforceable here (macOS): judged from the peak RSS

    posix = os.name == "posix"
    with open(stdin_path, "rb") as stdin:
        start = time.perf_counter()
        # A plain command runs without a shell, so that its own exit status and signal
        # are what the judge sees; shell syntax (pipes, redirections ...) goes to the shell.
        plain = posix and not _SHELL_SYNTAX.search(command)
        proc = subprocess.Popen(shlex.split(command) if plain else command, shell=not plain,
                                stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=posix, preexec_fn=limits if posix else None)
    out: List[bytes] = []
    err: List[bytes] = []
    readers = [threading.Thread(target=lambda: out.append(proc.stdout.read())),  # type: ignore[union-attr]
               threading.Thread(target=lambda: err.append(proc.stderr.read()))]  # type: ignore[union-attr]
    for t in readers:
        t.start()
    killed = threading.Event()

    def kill() -> None:
        killed.set()
        _kill_group(proc)

    timer = threading.Timer(time_limit, kill)
    timer.start()
    peak_kb, cpu = 0, 0.0
    try:
        if posix:
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - start
            proc.returncode = os.waitstatus_to_exitcode(status)
            cpu = usage.ru_utime + usage.ru_stime
            # ru_maxrss: KiB on Linux, bytes on macOS.
            peak_kb = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss
        else:                           # pragma: no cover - Windows
            proc.wait()
            wall = time.perf_counter() - start
    finally:
        timer.cancel()
        # Children the program left behind die with it, whatever its verdict.
        _kill_group(proc)
        for t in readers:
            t.join()
        for pipe in (proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()
    code = proc.returncode
    return RunResult(b"".join(out).decode("utf-8", "replace"),
                     b"".join(err).decode("utf-8", "replace"), wall, cpu, peak_kb,
                     code if code is not None and code >= 0 else None,
                     -code if code is not None and code < 0 else None, killed.is_set(),
                     proc.pid)


_SHELL_SYNTAX = re.compile(r"[|&;<>()$`*?~]|\\\n")


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL)
        else:                           # pragma: no cover - Windows
            proc.kill()
    except (ProcessLookupError, PermissionError):
        pass


# --- checkers --------------------------------------------------------------------------------

def _normal_lines(text: str) -> List[str]:
    lines = [ln.rstrip() for ln in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def compare(problem: str, input_text: str, expected: str, output: str) -> Tuple[str, str]:
    """(verdict, message) for an output against the expected output of a judge problem."""
    spec = JUDGES[problem]
    if spec.any_solution:
        return _check_any_solution(problem, input_text, output)
    want, got = _normal_lines(expected), _normal_lines(output)
    if want == got:
        return "AC", ""
    if " ".join(want).split() == " ".join(got).split():
        return "PE", "the right answer, laid out differently (blank lines or spaces)"
    for k, (a, b) in enumerate(zip(want, got), 1):
        if a != b:
            return "WA", f"line {k}: expected {a!r}, got {b!r}"
    if len(got) < len(want):
        return "WA", f"line {len(got) + 1}: expected {want[len(got)]!r}, got end of output"
    return "WA", f"line {len(want) + 1}: unexpected {got[len(want)]!r} after the answer"


def _check_any_solution(problem: str, input_text: str, output: str) -> Tuple[str, str]:
    """Each case's output grid must solve that case (POJ 2676 accepts any solution)."""
    cases = JUDGES[problem].read(input_text)
    rows = [ln.strip() for ln in _normal_lines(output) if ln.strip()]
    if len(rows) != 9 * len(cases):
        return "WA", f"expected {9 * len(cases)} rows for {len(cases)} case(s), got {len(rows)}"
    for k, case in enumerate(cases):
        block = rows[9 * k:9 * k + 9]
        try:
            puzzle = parse(case)
            answer = parse("\n".join(block) + "\n")
        except SudokuError as e:
            return "WA", f"case {k + 1}: {e}"
        problem_text = _broken_rule(puzzle.values, answer.values)
        if problem_text:
            return "WA", f"case {k + 1} (output lines {9 * k + 1}-{9 * k + 9}): {problem_text}"
    return "AC", ""


def _broken_rule(puzzle: bytes, grid: bytes) -> str:
    for cell, (g, v) in enumerate(zip(puzzle, grid)):
        if v == 0:
            return f"r{cell // 9 + 1}c{cell % 9 + 1} is empty"
        if g and g != v:
            return f"r{cell // 9 + 1}c{cell % 9 + 1} changes the given {g} to {v}"
    units = _geometry_units(3, 3)       # rows, columns, boxes (left to right, top down)
    names = [f"row {k + 1}" for k in range(9)] + [f"column {k + 1}" for k in range(9)] \
        + [f"box {k + 1}" for k in range(9)]
    for name, unit in zip(names, units):
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


def judge(problem: str, command: str, tests: List[Tuple[str, Path, Path]], time_limit: float,
          memory_limit_mb: Optional[float] = None, repeat: int = 1) -> List[Verdict]:
    verdicts = []
    for name, in_path, out_path in tests:
        runs = [run(command, in_path, time_limit, memory_limit_mb) for _ in range(repeat)]
        first = runs[0]
        verdict, message = _verdict(problem, first, in_path, out_path, time_limit,
                                    memory_limit_mb)
        for extra in runs[1:]:
            again, why = _verdict(problem, extra, in_path, out_path, time_limit,
                                  memory_limit_mb)
            if verdict == "AC" and again != "AC":
                verdict, message = again, why + " (in a repeat run)"
        verdicts.append(Verdict(name, verdict, message,
                                statistics.median(r.wall for r in runs),
                                statistics.median(r.cpu for r in runs),
                                max(r.peak_kb for r in runs), [r.wall for r in runs]))
    return verdicts


_MEMORY_ERRORS = re.compile(r"MemoryError|bad_alloc|out of memory|Cannot allocate memory",
                            re.IGNORECASE)


def _verdict(problem: str, result: RunResult, in_path: Path, out_path: Path,
             time_limit: float, memory_limit_mb: Optional[float]) -> Tuple[str, str]:
    if result.timed_out or result.wall > time_limit:
        return "TLE", f"killed at the limit of {time_limit:g} s"
    over = memory_limit_mb and result.peak_kb > memory_limit_mb * 1024
    failed = result.exit_code != 0
    if over or (memory_limit_mb and failed and _MEMORY_ERRORS.search(result.stderr)):
        return "MLE", (f"peak {result.peak_kb / 1024:.1f} MB over the limit of "
                       f"{memory_limit_mb:g} MB")
    if result.signal is not None:
        return "RE", f"killed by signal {result.signal} ({signal.Signals(result.signal).name})"
    if failed:
        tail = result.stderr.strip().splitlines()[-1:] or [""]
        code = result.exit_code or 0
        if 128 < code < 128 + 65:
            # A shell reports a signal that killed its command as 128 + the signal.
            try:
                tail = [f"signal {code - 128} ({signal.Signals(code - 128).name}) " + tail[0]]
            except ValueError:
                pass
        return "RE", f"exit code {result.exit_code}" + (f": {tail[0][:200]}" if tail[0] else "")
    return compare(problem, in_path.read_text(), out_path.read_text(), result.stdout)


def report(verdicts: List[Verdict], time_limit: float, as_json: bool = False,
           repeat: int = 1) -> str:
    """The table and summary as text, or as JSON."""
    slowest = max(verdicts, key=lambda v: v.wall) if verdicts else None
    summary = {
        "tests": len(verdicts),
        "accepted": sum(v.verdict == "AC" for v in verdicts),
        "verdicts": {k: sum(v.verdict == k for v in verdicts)
                     for k in sorted({v.verdict for v in verdicts})},
        "time_limit": time_limit,
        "slowest_test": slowest.test if slowest else None,
        "slowest_wall": slowest.wall if slowest else None,
        "fraction_of_limit": slowest.wall / time_limit if slowest else None,
        "margin": time_limit - slowest.wall if slowest else None,
        "repeat": repeat,
    }
    if as_json:
        return json.dumps({"tests": [asdict(v) for v in verdicts], "summary": summary},
                          indent=2) + "\n"
    lines = [f"{'test':<8} {'verdict':<7} {'wall s':>8} {'cpu s':>8} {'peak MB':>8}  message"]
    for v in verdicts:
        lines.append(f"{v.test:<8} {v.verdict:<7} {v.wall:>8.3f} {v.cpu:>8.3f} "
                     f"{v.peak_kb / 1024:>8.1f}  {v.message}")
    if slowest:
        lines.append(f"{summary['accepted']}/{len(verdicts)} accepted; slowest test "
                     f"{slowest.test}: {slowest.wall:.3f} s, {100 * slowest.wall / time_limit:.1f}% "
                     f"of the {time_limit:g} s limit (margin {time_limit - slowest.wall:.3f} s)"
                     + (f"; times are medians of {repeat} runs" if repeat > 1 else ""))
    return "\n".join(lines) + "\n"


def self_command(problem: str) -> str:
    """fastsudoku's own answer to a problem, as a command line (for --self)."""
    return f"{shlex.quote(sys.executable)} -m fastsudoku judge-format {problem}"
