"""Threads of solve_many, count_many and generate: bounded by the cores whatever the
``threads=`` values a program passes, and stopped together by Ctrl-C (issue 17, defects 4
and 16).  Each check runs in a fresh interpreter: a leak would be hidden by the threads of
earlier tests, and a hang must fail the test rather than the run."""

import os
import select
import signal
import subprocess
import sys
import time

import pytest


def test_cores_follow_the_affinity():
    from fastsudoku import _threads

    expected = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert _threads.cores() == expected >= 1
    import fastsudoku

    assert fastsudoku.cores() == expected  # the public name of the same count
    assert _threads.thread_count(10**6, 10**9) == _threads.cores()
    assert _threads.thread_count(10**6, 3) == min(3, _threads.cores())
    assert _threads.thread_count(5, 0) == 1


def test_threads_stay_bounded_by_the_cores():
    """300 calls with threads=2..301 used to leave a pool per value (5,317 live threads),
    and threads=10**6 built 2,999 workers: now one shared pool of at most cores - 1."""
    code = (
        "import os, threading, numpy as np, fastsudoku as fs\n"
        "rows = np.zeros((400, 16), np.uint8)\n"
        "first = fs.solve_many(rows, limit=2, threads=1)\n"
        "for t in range(2, 302):\n"
        "    r = fs.solve_many(rows, limit=2, threads=t)\n"
        "    assert (r.status == first.status).all() and (r.counts == first.counts).all()\n"
        "    assert (fs.count_many(rows[:50], threads=t) == 2).all()\n"
        "r = fs.solve_many(rows, limit=2, threads=10 ** 6)\n"
        "assert (r.counts == first.counts).all()\n"
        "made = fs.generate(size=4, count=40, seed=3, threads=10 ** 6)\n"
        "assert made == fs.generate(size=4, count=40, seed=3, threads=1)\n"
        "for t in range(2, 40):\n"
        "    fs.generate(size=4, count=8, seed=t, threads=t)\n"
        "print(threading.active_count(), len(os.sched_getaffinity(0))\n"
        "      if hasattr(os, 'sched_getaffinity') else os.cpu_count())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    alive, cores = map(int, done.stdout.split())
    assert alive <= cores + 1, (alive, cores)  # the main thread and cores - 1 helpers


# A child that runs a call for minutes, says "started", and reports KeyboardInterrupt.
_LONG_CALL = r"""
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)   # a background job ignores it
import numpy as np, fastsudoku as fs
kind, threads = sys.argv[1], int(sys.argv[2])
calls = {
    # Two rows counted to 2**62: each thread's one row is a search of days.
    "two_rows": lambda: fs.solve_many(np.zeros((2, 81), np.uint8), limit=2 ** 62,
                                      threads=threads),
    # Ordinary rows, each ~0.6 s: a helper used to finish its chunk of rows first.
    "many_rows": lambda: fs.count_many(np.zeros((20000, 81), np.uint8), limit=10 ** 6,
                                       threads=threads),
    "dlx_rows": lambda: fs.solve_many(np.zeros((2, 81), np.uint8), limit=2 ** 62,
                                      threads=threads, engine="dlx"),
    # 36x36 minimal puzzles: ~4 s each, thousands of short uniqueness checks.
    "generate": lambda: fs.generate(size=36, count=500, minimal=True, seed=1,
                                    threads=threads),
}
print("started", flush=True)
try:
    calls[kind]()
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
# The shared pool is usable after an interrupt, with the same results.
after = fs.count_many(np.zeros((8, 16), np.uint8), limit=10 ** 6, threads=threads)
print("after", after.tolist() == [288] * 8, flush=True)
"""


def _line(fd: int, deadline: float) -> str:
    """One line from a pipe, or what came before the deadline."""
    data = b""
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        chunk = os.read(fd, 1)
        if not chunk:
            break
        data += chunk
    return data.decode().strip()


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT delivery to a child")
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("kind", ["two_rows", "many_rows", "dlx_rows", "generate"])
def test_ctrl_c_stops_every_thread_at_once(kind, threads):
    """SIGINT during a threaded call raises KeyboardInterrupt within a second (the helpers
    see the stop flag inside the search of one puzzle, not only between rows or puzzles),
    the next call runs normally, and the interpreter exits (no helper runs on).  Before: with
    2 threads the first SIGINT was swallowed and the child never exited; ordinary rows came
    24.5 s late."""
    child = subprocess.Popen(
        [sys.executable, "-c", _LONG_CALL, kind, str(threads)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        fd = child.stdout.fileno()
        assert _line(fd, time.monotonic() + 60) == "started"
        time.sleep(0.5)  # well inside the searches
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        said = _line(fd, sent + 5)
        arrived = time.monotonic() - sent
        assert said == "interrupted", (said, child.stderr.read1(4000) if said else "")
        assert arrived < 1.0, arrived
        assert _line(fd, time.monotonic() + 30) == "after True"
        assert child.wait(timeout=10) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()
