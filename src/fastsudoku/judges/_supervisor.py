"""Run one program under the local judge's limits, and leave no process of it behind.

Standard library only: on POSIX :mod:`fastsudoku.judges.local` runs this file by path
(``python -I -S _supervisor.py CONFIG``) as a dedicated supervisor process, one per run, so
that what it changes about itself (``PR_SET_CHILD_SUBREAPER``) never touches the judge's own
process.  On Windows :func:`supervise` runs inside the judge.

The supervisor starts the program in a session of its own, with stdin, stdout and stderr
the files the judge gave it, and waits for it with ``wait4``.  A watcher thread enforces the
limits while it runs:

- the time limit (wall clock, from the start of the program);
- the output limit: the size of the stdout and stderr files, polled;
- on Linux the memory limit over the whole process tree: the resident size of the program
  and of all its descendants, summed, polled every ``POLL`` seconds (``RLIMIT_AS`` is also
  set on every process, by the judge's request).

On Linux the supervisor is a child subreaper: a descendant whose parent dies, even one that
called ``setsid()``, becomes the supervisor's child instead of init's.  When the program
ends (or is killed), every descendant is found through ``/proc/PID/task/TID/children`` (or
the parent links of ``/proc/*/stat``), killed with ``SIGKILL`` and reaped, until the
supervisor has no child left; only then does it report.  Elsewhere on POSIX the program's
process group is killed; a descendant that left the group (``setsid``) may survive there.

The report is one JSON object written to the file descriptor the judge passed.
"""

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from typing import IO, Any, Dict, List, Optional, Tuple, Union

Report = Dict[str, Any]
Stream = Union[int, IO[bytes]]  # a file descriptor or an open binary file

POLL = 0.01  # seconds between two samples of memory and output size
LINUX = sys.platform.startswith("linux")
PR_SET_CHILD_SUBREAPER = 36  # <linux/prctl.h>


def become_subreaper() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux 3.4+)."""
    if not LINUX:
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _children_of(pid: int) -> List[int]:
    """Direct children of `pid` (every thread's list: a thread's children are listed by it)."""
    kids: List[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return kids
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children", "rb") as f:
                kids.extend(int(k) for k in f.read().split())
        except OSError:
            pass
    return kids


def _parent_links() -> Dict[int, List[int]]:
    """{parent pid: [child pids]} from every /proc/PID/stat (kernels without ``children``)."""
    links: Dict[int, List[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as f:
                    stat = f.read()
            except OSError:
                continue
            ppid = int(stat[stat.rfind(b")") + 2 :].split()[1])
            links.setdefault(ppid, []).append(int(name))
    return links


_HAS_CHILDREN = LINUX and os.path.exists(f"/proc/self/task/{os.getpid()}/children")


def descendants(root: int) -> List[int]:
    """Every live or zombie descendant of `root` (Linux), parents before children."""
    if not LINUX:
        return []
    links = None if _HAS_CHILDREN else _parent_links()
    found: List[int] = []
    todo = [root]
    while todo:
        pid = todo.pop()
        kids = _children_of(pid) if links is None else links.get(pid, [])
        found.extend(kids)
        todo.extend(kids)
    return found


_PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024 if hasattr(os, "sysconf") else 4


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE_KB
    except (OSError, IndexError, ValueError):
        return 0


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)


def _kill_tree(proc: "subprocess.Popen[bytes]", tree: bool) -> None:
    if os.name != "posix":
        proc.kill()
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    if tree:
        for pid in descendants(os.getpid()):
            _kill(pid)


SWEEP_TIMEOUT = 5.0  # seconds: a descendant we may not kill (setuid) is left


def _sweep(me: int) -> int:
    """Kill and reap every descendant of the subreaper `me`, until it has no child left;
    the number of descendants still alive after SWEEP_TIMEOUT (0 normally)."""
    deadline = time.perf_counter() + SWEEP_TIMEOUT
    while True:
        left = descendants(me)
        for pid in left:
            _kill(pid)
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return 0
        if pid == 0:
            if time.perf_counter() > deadline:
                return len(left)
            time.sleep(0.001)


def supervise(
    cfg: Report, stdin: Stream, stdout: Stream, stderr: Stream, tree: bool = False
) -> Report:
    """Run the program of `cfg` (``argv`` or ``shell``) under ``time_limit`` (s),
    ``memory_limit`` and ``output_limit`` (bytes, or None); the report as a dict.

    `tree`: this process is a subreaper (Linux); sweep and measure the whole tree."""
    posix = os.name == "posix"
    memory_limit: Optional[int] = cfg.get("memory_limit")
    output_limit = cfg.get("output_limit")

    def limits() -> None:  # in the child, before exec
        import resource

        assert memory_limit is not None
        # Not enforceable everywhere (macOS): then judged from the peak.
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))

    shell = cfg.get("shell")
    start = time.perf_counter()
    try:
        proc = subprocess.Popen(
            shell if shell is not None else cfg["argv"],
            shell=shell is not None,
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            start_new_session=posix,
            preexec_fn=limits if posix and memory_limit else None,
        )
    except OSError as e:
        return {
            "error": e.strerror or str(e),
            "errno": e.errno,
            "filename": str(e.filename) if e.filename is not None else None,
        }
    state: Dict[str, Any] = {"reason": None, "tree_peak_kb": 0, "processes": 1}
    lock = threading.Lock()
    done = threading.Event()
    out_fds: List[Tuple[str, Stream]] = [("stdout", stdout), ("stderr", stderr)]

    def stop(reason: str) -> None:
        with lock:
            if state["reason"] is None:
                state["reason"] = reason
        _kill_tree(proc, tree)

    def watch() -> None:
        deadline = start + cfg["time_limit"]
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                stop("time")
                return
            if done.wait(min(POLL, left)):
                return
            if output_limit is not None:
                for name, f in out_fds:
                    try:
                        size = os.fstat(f if isinstance(f, int) else f.fileno()).st_size
                    except (OSError, ValueError):
                        continue
                    if size > output_limit:
                        stop(name)
                        return
            if tree:
                pids = [proc.pid, *descendants(proc.pid)]
                total = sum(_rss_kb(pid) for pid in pids)
                state["tree_peak_kb"] = max(state["tree_peak_kb"], total)
                state["processes"] = max(state["processes"], len(pids))
                if memory_limit and total * 1024 > memory_limit:
                    stop("memory")
                    return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    cpu: Optional[float] = None
    peak_kb: Optional[int] = None
    if posix:
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = code = os.waitstatus_to_exitcode(status)
    else:  # pragma: no cover - Windows
        code = proc.wait()
        wall = time.perf_counter() - start
    done.set()
    watcher.join()
    if posix:
        # Children the program left behind die with it, whatever its verdict.
        _kill_tree(proc, tree)
        if tree:
            state["survivors"] = _sweep(os.getpid())
        import resource

        # ru_maxrss: KiB on Linux, bytes on macOS.  RUSAGE_CHILDREN covers every reaped
        # descendant: with the sweep, the whole tree (and nothing else: we ran only it).
        scale = 1024 if sys.platform == "darwin" else 1
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = children.ru_utime + children.ru_stime if tree else usage.ru_utime + usage.ru_stime
        peak_kb = max(usage.ru_maxrss, children.ru_maxrss) // scale
        peak_kb = max(peak_kb, state["tree_peak_kb"])
    return {
        "wall": wall,
        "cpu": cpu,
        "peak_kb": peak_kb,
        "code": code,
        "pid": proc.pid,
        "reason": state["reason"],
        "processes": state["processes"],
        "tree": tree,
        "survivors": state.get("survivors", 0),
    }


def main() -> None:
    cfg = json.loads(sys.argv[1])
    tree = cfg.get("tree", True) and become_subreaper()
    report = supervise(cfg, 0, 1, 2, tree)
    data = json.dumps(report).encode()
    fd = cfg["report_fd"]
    while data:
        data = data[os.write(fd, data) :]
    os.close(fd)


if __name__ == "__main__":
    main()
