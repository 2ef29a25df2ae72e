"""A local judge: run a competitor's program on test files and give each a verdict.

Each test is ``N.in`` (fed on stdin) and ``N.out`` (what the judge expects).  The program
runs in its own process group, killed with its children at the time limit; the operating
system measures its wall time, CPU time and peak memory (``wait4``).  Verdicts:

``AC``  accepted; ``WA`` wrong answer (with the first differing line, or the broken rule
for problems that accept any valid solution); ``PE`` presentation error (the right
tokens, laid out differently: POJ's verdict); ``TLE`` over the time limit (killed);
``MLE`` over the memory limit (on Linux the summed resident size of the program's process
tree, sampled from /proc; RLIMIT_AS on each process where the platform has it; refused on
Windows); ``OLE`` more output than the output limit; ``RE`` a non-zero exit code or a
signal.  No process of the program outlives its verdict (see :func:`run`).

>>> from fastsudoku.localjudge import compare
>>> compare("poj3074", "", "1\\n2\\n", "1\\n2")
('AC', '')
"""
from __future__ import annotations

import ctypes
import itertools
import json
import math
import os
import re
import selectors
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Set, Tuple

from ._core import _geometry_units
from ._errors import SudokuError
from ._grid import parse
from .judges import JUDGES

try:
    import resource
except ImportError:                     # pragma: no cover - Windows
    resource = None                     # type: ignore[assignment]


#: Default cap on a program's standard output (OLE past it); --output-limit changes it.
OUTPUT_LIMIT_MB = 64.0
#: The end of a program's standard error kept for its RE message.
STDERR_TAIL = 64 * 1024
#: After the program ends (or is killed), how long its output pipes may still deliver.
GRACE = 0.5
#: How often the process tree is looked at (Linux): its summed memory, new descendants.
POLL = 0.02
#: Limits the judge takes: positive, finite and at most these.
MAX_TIME_LIMIT = 86400.0
MAX_MEMORY_LIMIT_MB = float(1 << 20)       # 1 TiB


@dataclass
class RunResult:
    """What one run of the program did."""

    stdout: str                 # its output, when run() kept it in memory (else "")
    stderr: str                 # the last STDERR_TAIL bytes of its standard error
    wall: float                 # seconds, from start to exit (or kill)
    cpu: float                  # user + system seconds of the process and its waited children
    peak_kb: int                # peak resident set size, KiB: the larger of the process's own
                                # peak and the peak of its whole tree's sum (0 if not measured)
    exit_code: Optional[int]    # None when killed by a signal
    signal: Optional[int]
    timed_out: bool
    pid: int                    # also the process group, killed when the run ends
    output_path: Optional[Path] = None     # where its output went, when run() was given one
    output_over: bool = False   # the output passed the output limit (the program was killed)
    tree_over: bool = False     # its process tree's summed memory passed the memory limit
    processes: int = 1          # the most processes of its tree seen at once


@dataclass
class Verdict:
    test: str
    verdict: str
    message: str
    wall: float
    cpu: float
    peak_kb: int
    walls: List[float] = field(default_factory=list)


LIMIT_NAMES = ("time_limit", "memory_limit_mb", "output_limit_mb")


def check_limits(time_limit: float, memory_limit_mb: Optional[float] = None,
                 output_limit_mb: Optional[float] = None,
                 names: Tuple[str, str, str] = LIMIT_NAMES) -> None:
    """ValueError unless every limit is a positive finite number within the judge's bounds
    (``inf`` would disable a limit, ``nan`` compares false with everything); on a platform
    where memory cannot be measured (Windows), a memory limit is refused."""
    for k, (value, top) in enumerate(((time_limit, MAX_TIME_LIMIT),
                                      (memory_limit_mb, MAX_MEMORY_LIMIT_MB),
                                      (output_limit_mb, MAX_MEMORY_LIMIT_MB))):
        if value is None and k:
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value) or not 0 < value <= top:
            raise ValueError(f"{names[k]} must be a positive finite number of at most "
                             f"{top:,.0f}, got {value!r}")
    if memory_limit_mb is not None and os.name != "posix":
        raise ValueError(f"{names[1]}: a memory limit cannot be enforced on this platform "
                         "(the judge measures memory with wait4 and /proc, which Windows "
                         "lacks): judge without one")


def run(command: str, stdin_path: Path, time_limit: float,
        memory_limit_mb: Optional[float] = None, *,
        output_limit_mb: float = OUTPUT_LIMIT_MB,
        output_path: Optional[Path] = None) -> RunResult:
    """Run `command` (a shell command line) with stdin from a file, under the limits.

    No process of the program outlives the call: on Linux the judge is a child subreaper
    while it runs (orphans of the program become its children, even after ``setsid``) and
    kills and reaps every descendant at the end; elsewhere the program's process group is
    killed.  Its output goes to ``output_path`` (or memory) up to ``output_limit_mb``, its
    standard error is kept as a bounded tail, and the reading ends at most GRACE seconds
    after the program does, whoever still holds its pipes.  On Linux the resident memory of
    the whole tree is summed every POLL seconds: past ``memory_limit_mb`` the tree is killed
    (``tree_over``).  OSError if the command cannot be started."""
    check_limits(time_limit, memory_limit_mb, output_limit_mb)
    argv = _argv(command)
    limit_bytes = int(memory_limit_mb * 1024 * 1024) if memory_limit_mb else None

    def limits() -> None:           # in the child, before exec
        if limit_bytes and resource is not None and hasattr(resource, "RLIMIT_AS"):
            try:
                resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))
            except (ValueError, OSError):
                pass                # not enforceable here (macOS): judged from the peak RSS

    posix = os.name == "posix"
    out_file = open(output_path, "wb") if output_path is not None else None
    reaper = _Subreaper()
    with reaper, open(stdin_path, "rb") as stdin:
        before = _children_of(os.getpid()) if reaper.on else set()
        start = time.perf_counter()
        proc = subprocess.Popen(argv if argv is not None else command, shell=argv is None,
                                stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=posix, preexec_fn=limits if posix else None)
        io = _Pipes(proc, out_file, int(output_limit_mb * 1024 * 1024))
        killed = threading.Event()
        tree = _Tree(proc.pid, before, limit_bytes) if reaper.on else None

        def kill() -> None:
            killed.set()
            _kill_group(proc)
            if tree is not None:
                tree.kill_all()

        timer = threading.Timer(time_limit, kill)
        timer.start()
        finished = threading.Event()
        watcher = threading.Thread(target=_watch, args=(finished, io, tree, kill), daemon=True)
        watcher.start()
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
            finished.set()
            # Nothing of this run may act after it (a kill still running in the timer's
            # thread would take the next run's processes for this one's): wait for both.
            if timer.is_alive():
                timer.join()
            watcher.join()
            # Children the program left behind die with it, whatever its verdict.
            _kill_group(proc)
            if tree is not None:
                tree.stop()
                tree.kill_all()
            io.finish(time.monotonic() + GRACE)
            if tree is not None:
                tree.kill_all()     # what was forked while the pipes drained
            if out_file is not None:
                out_file.close()
    code = proc.returncode
    if tree is not None and tree.samples:
        # Sampled from /proc (the program's own peak and its tree's summed size): wait4's
        # figure would count the judge's own size at the fork.  A run shorter than one
        # poll keeps wait4's.
        peak_kb = tree.peak_kb
    return RunResult(io.kept.decode("utf-8", "replace") if out_file is None else "",
                     io.tail.decode("utf-8", "replace"), wall, cpu, peak_kb,
                     code if code is not None and code >= 0 else None,
                     -code if code is not None and code < 0 else None, killed.is_set()
                     and not io.over and not (tree is not None and tree.over),
                     proc.pid, output_path, io.over, tree is not None and tree.over,
                     tree.most if tree is not None else 1)


_SHELL_SYNTAX = re.compile(r"[|&;<>()$`*?~]|\\\n")


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL)
        else:                           # pragma: no cover - Windows
            proc.kill()
    except (ProcessLookupError, PermissionError):
        pass


def _argv(command: str) -> Optional[List[str]]:
    """The argument list of a plain command (run without a shell, so that its own exit
    status and signal are what the judge sees), or None for shell syntax (pipes,
    redirections ...).  ValueError for an empty command or unbalanced quotes."""
    if not isinstance(command, str) or not command.strip():
        raise ValueError("the command to run is empty")
    if os.name != "posix" or _SHELL_SYNTAX.search(command):
        return None
    try:
        argv = shlex.split(command)
    except ValueError as e:
        raise ValueError(f"cannot split the command {command!r}: {e}") from None
    if not argv:
        raise ValueError("the command to run is empty")
    return argv


def check_command(command: str) -> None:
    """ValueError, naming the problem, for a command that cannot start: empty, unbalanced
    quotes, a program that does not exist or is not executable (checked for plain commands;
    a shell command's own errors are the shell's, reported as RE)."""
    argv = _argv(command)
    if argv is None:
        return
    program = argv[0]
    if os.sep in program or (os.altsep and os.altsep in program):
        if not os.path.exists(program):
            raise ValueError(f"the program {program!r} does not exist")
        if os.path.isdir(program) or not os.access(program, os.X_OK):
            raise ValueError(f"the program {program!r} is not executable")
    elif shutil.which(program) is None:
        raise ValueError(f"the program {program!r} is not found on the PATH")


class _Pipes:
    """The program's stdout and stderr, read until both close or a deadline: stdout into a
    file (or memory) up to a cap, stderr as a bounded tail.  POSIX: one thread polling both
    pipes, so that a descendant still holding them cannot keep the judge waiting."""

    def __init__(self, proc: subprocess.Popen, out_file: Any, cap: int) -> None:
        self.out_file = out_file
        self.cap = cap
        self.written = 0
        self.kept = bytearray()
        self.tail = bytearray()
        self.over = False
        self.deadline: Optional[float] = None
        self.done = threading.Event()
        self.pipes = {proc.stdout: self._out, proc.stderr: self._err}
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _out(self, data: bytes) -> None:
        room = self.cap - self.written
        if len(data) > room:
            data, self.over = data[:max(room, 0)], True
        self.written += len(data)
        if self.out_file is not None:
            self.out_file.write(data)
        else:
            self.kept += data

    def _err(self, data: bytes) -> None:
        self.tail += data
        if len(self.tail) > STDERR_TAIL:
            del self.tail[:len(self.tail) - STDERR_TAIL]

    def _read(self) -> None:
        try:
            if os.name == "posix":
                self._poll()
            else:                           # pragma: no cover - Windows
                self._blocking()
        finally:
            self.done.set()

    def _poll(self) -> None:
        with selectors.DefaultSelector() as sel:
            for pipe in self.pipes:
                sel.register(pipe, selectors.EVENT_READ)
            while sel.get_map():
                if self.deadline is not None and time.monotonic() > self.deadline:
                    return
                for key, _ in sel.select(timeout=0.05):
                    data = os.read(key.fileobj.fileno(), 1 << 16)   # type: ignore[union-attr]
                    if not data:
                        sel.unregister(key.fileobj)
                    elif self.over:
                        continue                # past the cap: drained, not kept
                    else:
                        self.pipes[key.fileobj](data)    # type: ignore[index]

    def _blocking(self) -> None:                # pragma: no cover - Windows
        def pump(pipe: Any, sink: Any) -> None:
            for data in iter(lambda: pipe.read1(1 << 16), b""):
                if not self.over:
                    sink(data)
        threads = [threading.Thread(target=pump, args=item, daemon=True)
                   for item in self.pipes.items()]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    def finish(self, deadline: float) -> None:
        """Wait for the pipes to close, until the deadline; then close our ends."""
        self.deadline = deadline
        if os.name == "posix":
            # The poller looks at the deadline at least every 50 ms: it has stopped before
            # the descriptors close (a closed number may be reused by the next pipe).
            self.thread.join()
        else:                                   # pragma: no cover - Windows
            self.done.wait(max(0.0, deadline - time.monotonic()) + 0.2)
        for pipe in self.pipes:
            try:
                pipe.close()
            except OSError:
                pass


def _watch(finished: threading.Event, io: _Pipes, tree: Optional["_Tree"],
           kill: Callable[[], None]) -> None:
    """Until the program has ended: kill it when its output passes the cap or its tree's
    memory the limit."""
    while not finished.wait(POLL):
        if io.over or (tree is not None and tree.sample()):
            kill()
            return


class _Subreaper:
    """Linux: the judge is a child subreaper while a program runs (prctl), so that the
    program's orphans, even those that left its session, become the judge's children and can
    be found and reaped.  The previous setting is restored after.  Elsewhere: off."""

    def __init__(self) -> None:
        self.on = False
        self.was = 0

    def __enter__(self) -> "_Subreaper":
        libc = _libc()
        if libc is not None and os.path.isdir("/proc"):
            state = ctypes.c_int(0)
            if libc.prctl(37, ctypes.byref(state), 0, 0, 0) == 0:      # PR_GET_CHILD_SUBREAPER
                self.was = state.value
                self.on = libc.prctl(36, 1, 0, 0, 0) == 0              # PR_SET_CHILD_SUBREAPER
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.on and not self.was:
            libc = _libc()
            if libc is not None:
                libc.prctl(36, 0, 0, 0, 0)


def _libc() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:                             # pragma: no cover
        return None


_PAGE_KB = (os.sysconf("SC_PAGE_SIZE") // 1024) if hasattr(os, "sysconf") else 4


def _proc_table() -> Dict[int, Tuple[int, int, bool]]:
    """pid -> (parent pid, resident KiB, a zombie) of every process, from /proc."""
    table = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2:].split()
        try:
            table[int(name)] = (int(fields[1]), int(fields[21]) * _PAGE_KB,
                                fields[0] == b"Z")
        except (IndexError, ValueError):
            continue
    return table


def _peak_of(pid: int) -> int:
    """VmHWM of a live process, KiB: the peak resident size of its memory since its exec
    (0 if gone).  Unlike wait4's ru_maxrss it does not start from the size of the process
    that forked it (Linux carries the parent's size over the fork and exec)."""
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            for line in f:
                if line.startswith(b"VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _children_of(pid: int) -> Set[int]:
    return {p for p, (ppid, _, _) in _proc_table().items() if ppid == pid}


class _Tree:
    """The program's process tree (Linux): every descendant seen, its summed memory."""

    def __init__(self, root: int, before: Set[int], limit_bytes: Optional[int]) -> None:
        self.root = root
        self.me = os.getpid()
        self.before = before            # the judge's children that are not the program's
        self.known: Set[int] = {root}
        self.limit_kb = limit_bytes // 1024 if limit_bytes else None
        self.peak_kb = 0
        self.samples = 0
        self.most = 1
        self.over = False
        self.stopped = False

    def _members(self, table: Dict[int, Tuple[int, int, bool]]) -> Set[int]:
        children: Dict[int, List[int]] = {}
        for pid, (ppid, _, _) in table.items():
            children.setdefault(ppid, []).append(pid)
        # Orphans of the program are the judge's children now (subreaper): new ones count.
        roots = {p for p in self.known if p in table}
        roots |= {p for p in children.get(self.me, ()) if p not in self.before}
        members, stack = set(), list(roots)
        while stack:
            pid = stack.pop()
            if pid in members:
                continue
            members.add(pid)
            stack.extend(children.get(pid, ()))
        return members

    def sample(self) -> bool:
        """Look at the tree once; True if its summed memory is over the limit."""
        if self.stopped:
            return False
        table = _proc_table()
        members = self._members(table)
        self.known |= members
        total = sum(table[p][1] for p in members if p in table)
        self.peak_kb = max(self.peak_kb, total, _peak_of(self.root))
        self.samples += 1
        self.most = max(self.most, len(members))
        if self.limit_kb is not None and total > self.limit_kb:
            self.over = True
        return self.over

    def stop(self) -> None:
        self.stopped = True

    def kill_all(self) -> None:
        """SIGKILL every member of the tree until none is left, and reap the judge's own."""
        for _ in range(200):
            table = _proc_table()
            members = self._members(table) - {self.me}
            # The program itself is reaped by run()'s wait4; a zombie is dead already (the
            # judge reaps its own, its parent's death takes the others).
            alive = [p for p in members if not table[p][2]]
            ours = [p for p in members if p != self.root and table[p][0] == self.me]
            if not alive and not ours:
                return
            for pid in alive:
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            for pid in ours:
                try:
                    os.waitpid(pid, 0)
                except ChildProcessError:
                    pass
            if not alive:
                return
            time.sleep(0.005)


# --- checkers --------------------------------------------------------------------------------

def _normal_lines(text: str) -> List[str]:
    lines = [ln.rstrip() for ln in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


#: Lines and tokens longer than this are compared in pieces of this size (both sides cut
#: alike), so that one enormous line is never held whole.
_PIECE = 1 << 20


def _stream_lines(stream: Any) -> Iterator[str]:
    """The lines of a text stream opened with newline=None (CR, LF, CRLF), right-stripped; a
    line longer than _PIECE comes in pieces (only its last one stripped)."""
    while True:
        piece = stream.readline(_PIECE)
        if not piece:
            return
        yield piece[:-1].rstrip() if piece.endswith("\n") else (
            piece if len(piece) == _PIECE else piece.rstrip())


def _tokens(stream: Any) -> Iterator[str]:
    """The whitespace-separated tokens of a stream, read in chunks (a token longer than
    _PIECE comes in pieces)."""
    carry = ""
    while True:
        chunk = stream.read(_PIECE)
        if not chunk:
            break
        parts = (carry + chunk).split()
        ends_open = not chunk[-1].isspace()
        carry = parts.pop() if parts and ends_open else ""
        yield from parts
        while len(carry) > _PIECE:
            yield carry[:_PIECE]
            carry = carry[_PIECE:]
    if carry:
        yield carry


def compare(problem: str, input_text: str, expected: str, output: str) -> Tuple[str, str]:
    """(verdict, message) for an output against the expected output of a judge problem."""
    import io
    return compare_streams(problem, input_text, lambda: io.StringIO(expected),
                           lambda: io.StringIO(output))


def compare_streams(problem: str, input_text: str, expected: Callable[[], Any],
                    output: Callable[[], Any]) -> Tuple[str, str]:
    """compare() on streams, a line (or token) at a time, never holding either whole:
    ``expected`` and ``output`` open the texts (each may be read twice: lines, then tokens
    when the lines differ, to tell PE from WA)."""
    if JUDGES[problem].any_solution:
        with output() as got:
            return _check_any_solution(problem, input_text, got)
    with expected() as want, output() as got:
        verdict = _compare_lines(_stream_lines(want), _stream_lines(got))
    if verdict is None:
        return "AC", ""
    with expected() as want, output() as got:
        if all(a == b for a, b in itertools.zip_longest(_tokens(want), _tokens(got))):
            return "PE", "the right answer, laid out differently (blank lines or spaces)"
    return "WA", verdict


def _compare_lines(want: Iterator[str], got: Iterator[str]) -> Optional[str]:
    """None if the lines agree (trailing blank lines aside), else where they first differ."""
    for k, (a, b) in enumerate(itertools.zip_longest(want, got), 1):
        if a == b or (a is None and b == "") or (b is None and a == ""):
            continue
        if b is None:
            return f"line {k}: expected {a[:200]!r}, got end of output"
        if a is None:
            return f"line {k}: unexpected {b[:200]!r} after the answer"
        return f"line {k}: expected {a[:200]!r}, got {b[:200]!r}"
    return None


def _check_any_solution(problem: str, input_text: str, output: Any) -> Tuple[str, str]:
    """Each case's output grid must solve that case (POJ 2676 accepts any solution)."""
    cases = JUDGES[problem].read(input_text)
    rows: List[str] = []
    extra = 0
    for line in _stream_lines(output):
        if line.strip():
            if len(rows) < 9 * len(cases):
                rows.append(line.strip()[:200])
            else:
                extra += 1          # counted, not kept
    if len(rows) + extra != 9 * len(cases):
        return "WA", (f"expected {9 * len(cases)} rows for {len(cases)} case(s), "
                      f"got {len(rows) + extra}")
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
          memory_limit_mb: Optional[float] = None, repeat: int = 1,
          output_limit_mb: float = OUTPUT_LIMIT_MB) -> List[Verdict]:
    """Run the program on every test (``repeat`` times each) and give each a verdict.
    Its output goes to a temporary file and is compared from there, a line at a time."""
    check_limits(time_limit, memory_limit_mb, output_limit_mb)
    check_command(command)
    verdicts = []
    with tempfile.TemporaryDirectory(prefix="fastsudoku-judge-out-") as tmp:
        for name, in_path, out_path in tests:
            outcomes = []
            for k in range(repeat):
                output = Path(tmp) / f"{k}.out"
                result = run(command, in_path, time_limit, memory_limit_mb,
                             output_limit_mb=output_limit_mb, output_path=output)
                outcomes.append((result, _verdict(problem, result, in_path, out_path,
                                                  time_limit, memory_limit_mb,
                                                  output_limit_mb)))
            runs = [r for r, _ in outcomes]
            verdict, message = outcomes[0][1]
            for _, (again, why) in outcomes[1:]:
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
             time_limit: float, memory_limit_mb: Optional[float],
             output_limit_mb: float = OUTPUT_LIMIT_MB) -> Tuple[str, str]:
    if result.output_over:
        return "OLE", f"the output passed the limit of {output_limit_mb:g} MB (killed there)"
    if result.timed_out or result.wall > time_limit:
        return "TLE", f"killed at the limit of {time_limit:g} s"
    failed = result.exit_code != 0
    if memory_limit_mb:
        limit_kb = memory_limit_mb * 1024
        if result.tree_over or result.peak_kb > limit_kb:
            where = (f" summed over its {result.processes} processes"
                     if result.processes > 1 else "")
            return "MLE", (f"peak {max(result.peak_kb, limit_kb) / 1024:.1f} MB{where}, over "
                           f"the limit of {memory_limit_mb:g} MB"
                           + (" (killed there)" if result.tree_over else ""))
        if (failed or result.signal is not None) and _MEMORY_ERRORS.search(result.stderr):
            # RLIMIT_AS caps virtual memory: an allocation was refused below the resident
            # limit (runtimes such as the JVM or Go reserve far more than they touch).
            return "MLE", (f"an allocation was refused at the limit of {memory_limit_mb:g} MB "
                           f"of address space (RLIMIT_AS; resident peak "
                           f"{result.peak_kb / 1024:.1f} MB)")
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
    input_text = in_path.read_text()
    if result.output_path is not None:
        path = result.output_path
        return compare_streams(problem, input_text,
                               lambda: open(out_path, encoding="utf-8", errors="replace"),
                               lambda: open(path, encoding="utf-8", errors="replace"))
    return compare(problem, input_text, out_path.read_text(), result.stdout)


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
