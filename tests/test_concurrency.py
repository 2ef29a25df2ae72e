"""Many threads calling the package at once get what one thread gets.

On a free-threaded Python (3.14t, ``PYTHON_GIL=0``) the threads below really run the
Python-level work at the same time; with the GIL they still interleave wherever the
compiled core releases it.  Either way each answer is compared with the one-thread answer
computed first.  The caches that the core builds on first use (tables per box shape) are
raced in a fresh interpreter, where no shape has been built yet.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, List

import numpy as np
import pytest

import fastsudoku as fs
from fastsudoku import variants
from reference import check_grid

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def _jobs() -> List[Callable[[], Any]]:
    """Each entry point that does work in Python or in the core, one call each."""
    batch = np.frombuffer((HARD + EASY).replace(".", "0").encode(), dtype=np.uint8) - 48
    batch = batch.reshape(2, 81)
    x4 = variants.Variant(givens="." * 16, box=(2, 2), constraints=[variants.Diagonals()])
    return [
        lambda: fs.solve(HARD),
        lambda: fs.count_solutions(EASY[:40] + "." * 41, limit=50),
        lambda: fs.is_unique(HARD, engine="dlx"),
        lambda: fs.solve("." * 256, box=(4, 4)),
        lambda: fs.solve("1" + "." * 99, box=(2, 5)),
        lambda: (lambda r: (r.se, r.se_pearl, r.se_diamond, r.hardest, r.tier))(fs.rate(EASY)),
        lambda: [(s.technique, s.cells, s.placed) for s in fs.steps(EASY)][:20],
        lambda: [g.puzzle for g in fs.generate(count=2, seed=11)],
        lambda: fs.solve_many(batch, limit=2, threads=2).solutions.tobytes(),
        lambda: fs.rate_many([EASY, HARD], threads=2).se.tolist(),
        lambda: fs.canonical(HARD),
        lambda: fs.count_exact_covers([[0, 1], [2], [0], [1], [1, 2]]),
        lambda: fs.count_solutions(x4, limit=1000),
        lambda: fs.max_score(EASY).score,
    ]


def test_many_threads_at_once_get_the_one_thread_answers():
    jobs = _jobs()
    expected = [job() for job in jobs]
    check_grid(
        [int(ch) if ch != "." else 0 for ch in HARD], [int(ch) for ch in expected[0]], (3, 3)
    )
    rounds = 3
    barrier = threading.Barrier(len(jobs) * rounds)

    def run(k: int) -> Any:
        barrier.wait()  # every thread starts together
        return jobs[k % len(jobs)]()

    with ThreadPoolExecutor(max_workers=len(jobs) * rounds) as pool:
        got = list(pool.map(run, range(len(jobs) * rounds)))
    for k, answer in enumerate(got):
        assert answer == expected[k % len(jobs)], f"job {k % len(jobs)} differs in a thread"


RACE = r"""
import sys, threading
import fastsudoku as fs
shapes = [(2, 5), (5, 2), (3, 5), (5, 3), (2, 7), (7, 2), (3, 4), (4, 3)]
barrier = threading.Barrier(len(shapes) * 3)
out = [None] * (len(shapes) * 3)

def run(k):
    r, c = shapes[k % len(shapes)]
    barrier.wait()
    n = r * c
    # a search, the logical solver's tables and the variant engine's model: three caches
    out[k] = (fs.solve("." * (n * n), box=(r, c)),
              [s.technique for s in fs.steps("." * (n * n), box=(r, c))][:3],
              fs.count_solutions(fs.variants.Variant(givens="." * (n * n), box=(r, c)), limit=3))

threads = [threading.Thread(target=run, args=(k,)) for k in range(len(out))]
for t in threads:
    t.start()
for t in threads:
    t.join()
for k in range(len(shapes), len(out)):
    assert out[k] == out[k % len(shapes)], (k, out[k])
print("ok", len(out))
"""


@pytest.mark.parametrize("attempt", range(3))
def test_first_use_caches_race_in_a_fresh_interpreter(attempt):
    done = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ok", "24"]


FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))


@pytest.mark.skipif(not FREE_THREADED, reason="a free-threaded (3.13t+) Python only")
def test_import_keeps_the_gil_disabled():
    # A module not declared free-threading compatible re-enables the GIL on import, with a
    # RuntimeWarning (an error here: pytest's filterwarnings).
    done = subprocess.run(
        [
            sys.executable,
            "-W",
            "error",
            "-c",
            "import sys, fastsudoku, fastsudoku._core; print(sys._is_gil_enabled())",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
