"""The worker threads of every threaded call (solve_many, count_many, generate).

``threads=k`` asks for k threads in all: the calling thread and k - 1 helpers from one pool
shared by the whole process.  k is clamped to :func:`cores` (asking for more than the
machine has gives the cores, not an error), so the pool never holds more than
``cores() - 1`` threads, whatever the values of ``threads`` a program passes; it starts
them as calls need them and keeps them for the next call (starting threads costs more than
a small batch's search).

Ctrl-C: Python runs signal handlers in the main thread only, so the calling thread is the
one that sees it.  The work shares a stop flag (one int64, see ``_core.Batch``) that
the helpers look at every few thousand guesses of a search; :func:`share` sets it when the
calling thread's work raises, waits for the helpers (they return within one check
interval) and raises again, so that nothing runs on after the call and the interpreter can
exit.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any, Callable, List, Optional

import numpy as np


def cores() -> int:
    """The cores this process may run on: its CPU affinity where the platform has one
    (``taskset``, a container's cpuset), else ``os.cpu_count()``; at least 1."""
    if hasattr(os, "sched_getaffinity"):
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except OSError:
            pass
    return os.cpu_count() or 1


def thread_count(threads: int, tasks: int) -> int:
    """The threads a call runs on: as asked (a validated positive int), but at most the
    cores and at most one per task (a thread with nothing to take is not started)."""
    return max(1, min(threads, cores(), tasks))


def new_halt() -> np.ndarray:
    """A stop flag for one call's threads: 0 go on, 1 stop."""
    return np.zeros(1, dtype=np.int64)


def share(work: Callable[[bool], None], threads: int, halt: np.ndarray) -> None:
    """Run ``work(True)`` in the calling thread and ``work(False)`` in ``threads - 1`` pool
    helpers (the argument: whether that thread looks for Ctrl-C, i.e. is the caller and the
    main thread), until all return.  The work items are taken from a shared counter or
    iterator, so the caller's return means none is left: helper tasks that have not
    started by then are cancelled (another call's work may hold the pool's threads).

    If the caller's work or a wait raises (Ctrl-C, or an error in a helper), ``halt`` is set,
    the helpers are waited for, and the exception is raised again."""
    main = threading.current_thread() is threading.main_thread()
    if threads <= 1:
        work(main)
        return
    pool = _pool(threads - 1)
    helpers = [pool.submit(work, False) for _ in range(threads - 1)]
    try:
        work(main)
        for f in helpers:
            f.cancel()
        for f in helpers:
            if not f.cancelled():
                f.result()
    except BaseException:
        halt[0] = 1
        for f in helpers:
            f.cancel()
        _wait_for(helpers)
        raise


def _wait_for(helpers: List[Future[Any]]) -> None:
    """Wait until every helper has returned, even through another Ctrl-C (the helpers see
    the stop flag within one check interval): nothing may write into a call's arrays after
    it returned."""
    while True:
        try:
            wait(helpers)
            return
        except BaseException:
            continue


_POOL: Optional[ThreadPoolExecutor] = None
_POOL_SIZE = 0
_POOL_LOCK = threading.Lock()


def _forget_pool_after_fork() -> None:
    """In a forked child the pool's threads do not exist (only the forking thread is
    copied): a task submitted to them would wait for ever.  The child starts afresh."""
    global _POOL, _POOL_SIZE, _POOL_LOCK
    _POOL = None
    _POOL_SIZE = 0
    _POOL_LOCK = threading.Lock()


if hasattr(os, "register_at_fork"):  # POSIX; Windows has no fork
    os.register_at_fork(after_in_child=_forget_pool_after_fork)


def _pool(helpers: int) -> ThreadPoolExecutor:
    """The shared pool, able to run `helpers` tasks at once.  It starts a thread per task
    until it has its size; a pool made before the cores grew (a wider CPU affinity) is
    replaced by a larger one, whose threads the old one's idle threads make room for."""
    global _POOL, _POOL_SIZE
    with _POOL_LOCK:
        if _POOL is None or helpers > _POOL_SIZE:
            old = _POOL
            _POOL_SIZE = max(helpers, cores() - 1)
            _POOL = ThreadPoolExecutor(max_workers=_POOL_SIZE, thread_name_prefix="fastsudoku")
            if old is not None:
                old.shutdown(wait=False)
        return _POOL


def share_rows(
    count: int,
    chunk: int,
    threads: int,
    run: Callable[[int, int, np.ndarray, bool], None],
) -> None:
    """Rows 0..count-1 in chunks taken from a shared counter by ``threads`` threads (as
    :func:`share`): ``run(start, stop, halt, check)`` does rows start..stop-1, ``halt`` the
    call's stop flag, ``check`` whether that thread looks for Ctrl-C."""
    halt = new_halt()
    lock = threading.Lock()
    taken = [0]

    def work(check: bool) -> None:
        while not halt[0]:
            with lock:
                start = taken[0]
                taken[0] = start + chunk
            if start >= count:
                return
            run(start, min(start + chunk, count), halt, check)

    if count:
        share(work, thread_count(threads, (count + chunk - 1) // chunk), halt)
