"""solve_many / count_many: the batch path equals the per-call path, for every thread count,
and a bad puzzle in a batch is marked, never raised; Ctrl-C stops a long batch."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import fastsudoku as fs
from conftest import dataset
from fastsudoku import _core
from reference import check_grid
from test_golden import FILES, _read, _values

SETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
]


def _array(lines):
    return np.array([[0 if ch in ".0" else int(ch) for ch in p] for p in lines], dtype=np.uint8)


@pytest.mark.parametrize("name", SETS)
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_equals_per_call(name, threads):
    lines = dataset(name)
    arr = _array(lines)
    limit = 2
    result = fs.solve_many(arr, limit=limit, threads=threads)
    for i, line in enumerate(lines):
        found = fs.search(line, limit=limit)
        assert result.counts[i] == found.count
        assert result.guesses[i] == found.guesses
        if found.count:
            assert "".join(map(str, result.solutions[i])) == found.solution
            expected = fs.SOLVED if found.count == 1 else fs.NOT_UNIQUE
        else:
            expected = fs.NO_SOLUTION
        assert result.status[i] == expected


def test_threads_give_identical_results():
    arr = _array(dataset("puzzles3_magictour_top1465"))
    one = fs.solve_many(arr, threads=1, limit=2)
    for threads in (2, 3, 8):
        other = fs.solve_many(arr, threads=threads, limit=2)
        for a, b in zip(one, other):
            assert np.array_equal(a, b)


def test_every_golden_shape_and_status():
    for path in FILES:
        box, cases = _read(path)
        n = box[0] * box[1]
        arr = np.array([_values(p, n) for _, p, _, _ in cases], dtype=np.int64).reshape(-1, n, n)
        result = fs.solve_many(arr, box=box, limit=2)
        assert result.solutions.shape == arr.shape and result.solutions.dtype == np.int64
        for i, (_, puzzle, count, _solution) in enumerate(cases):
            expected = {0: fs.NO_SOLUTION, 1: fs.SOLVED}.get(count, fs.NOT_UNIQUE)
            assert result.status[i] == expected, (path.name, i)
            assert result.counts[i] == min(count, 2)
            if count:
                check_grid(_values(puzzle, n), result.solutions[i].ravel().tolist(), box)
            else:
                assert (result.solutions[i].ravel() == _values(puzzle, n)).all()


@pytest.mark.parametrize("dtype", [np.int16, np.uint8])
def test_invalid_rows_are_marked_and_the_rest_solved(dtype):
    # uint8 rows go to the core as they are (it finds the values above 9 itself); other
    # dtypes are converted first, their out-of-range rows marked before.
    lines = dataset("puzzles3_magictour_top1465")[:50]
    arr = _array(lines).astype(dtype)
    arr[3, 0] = 10  # out of range
    arr[7, :2] = 5  # repeated given in row 1
    arr[9, 5] = -1 if dtype == np.int16 else 255  # negative / the largest uint8
    result = fs.solve_many(arr, threads=2)
    bad = {3, 7, 9}
    for i in range(50):
        if i in bad:
            assert result.status[i] == fs.INVALID
            assert (result.solutions[i] == arr[i]).all()  # the caller's values, unchanged
        else:
            assert result.status[i] == fs.SOLVED
            assert "".join(map(str, result.solutions[i])) == fs.solve(lines[i])
    assert fs.count_many(arr)[3] == -1


def test_strings_and_node_limit():
    lines = [*dataset("puzzles6_forum_hardest_1106")[:20], "x" * 81, "11" + "." * 79, "." * 16]
    result = fs.solve_many(lines, limit=2)
    assert result.solutions[:20] == [fs.solve(p) for p in lines[:20]]
    assert result.solutions[20:] == [None, None, None]
    assert result.status[20:].tolist() == [fs.INVALID] * 3  # a 4x4 among 9x9: invalid
    limited = fs.solve_many(lines[:20], node_limit=0)
    assert set(limited.status.tolist()) <= {fs.SOLVED, fs.NODE_LIMIT}
    assert fs.NODE_LIMIT in limited.status.tolist()


def test_81_character_lines_read_as_arrays_equal_the_per_call_path():
    """A list of 81-character lines takes the vectorised path: the same statuses, counts
    and solutions as one call a puzzle, also for the odd lines among them (a bad
    character, '*' for empty, repeated givens, no solution, a non-ASCII character)."""
    lines = dataset("puzzles3_magictour_top1465")[:40]
    odd = {
        3: "x" + lines[3][1:],  # not a symbol: invalid
        5: lines[5].replace(".", "*"),  # '*' empty: still a 9x9 line
        8: "11" + lines[8][2:],  # repeated given: invalid
        11: "12345678." + "........9" + "." * 63,  # consistent, no solution
        13: "\u00e9" + lines[13][1:],  # non-ASCII: invalid
        17: "." * 81,  # many solutions
    }
    for i, line in odd.items():
        lines[i] = line
    result = fs.solve_many(lines, limit=2, threads=2)
    for i, line in enumerate(lines):
        try:
            found = fs.search(line, limit=2)
        except ValueError:
            assert result.status[i] == fs.INVALID and result.solutions[i] is None, i
            continue
        assert result.counts[i] == found.count and result.guesses[i] == found.guesses, i
        assert result.solutions[i] == found.solution, i
    assert result.status[[3, 8, 13]].tolist() == [fs.INVALID] * 3
    assert result.status[11] == fs.NO_SOLUTION and result.status[17] == fs.NOT_UNIQUE
    # bytes lines come back as bytes, as from solve()
    raw = [line.encode() for line in dataset("puzzles2_17_clue")[:5]]
    assert fs.solve_many(raw).solutions == [fs.solve(p) for p in raw]


@pytest.mark.parametrize("dtype", [object, "U81", "S81"])
def test_arrays_of_strings(dtype):
    """A column of puzzle strings (as NumPy or pandas read a CSV) is a batch of strings."""
    lines = dataset("puzzles2_17_clue")[:30]
    arr = np.array(lines if dtype != "S81" else [p.encode() for p in lines], dtype=dtype)
    result = fs.solve_many(arr)
    expected = [fs.solve(p) for p in arr.tolist()]
    assert result.solutions == expected and (result.status == fs.SOLVED).all()
    with pytest.raises(ValueError, match="1-D"):
        fs.solve_many(arr.reshape(5, 6))


def test_strings_of_other_forms_and_shapes():
    """Strings that are not 81-character lines are parsed one by one: grids with
    separators, other sizes; the first puzzle's shape is the batch's."""
    grid = "\n".join(p[i : i + 9] for p in ["." * 81] for i in range(0, 81, 9))
    result = fs.solve_many([grid, "." * 81, "." * 16], limit=2)
    assert result.status.tolist() == [fs.NOT_UNIQUE, fs.NOT_UNIQUE, fs.INVALID]
    assert result.solutions[0] == fs.solve(grid)
    small = fs.solve_many(["1234" + "." * 12, "." * 16, "x" * 16], limit=2)
    assert small.status.tolist() == [fs.NOT_UNIQUE, fs.NOT_UNIQUE, fs.INVALID]
    assert small.solutions[:2] == [fs.solve("1234" + "." * 12), fs.solve("." * 16)]
    nothing = fs.solve_many(["x", None, 5])
    assert nothing.status.tolist() == [fs.INVALID] * 3 and nothing.solutions == [None] * 3
    assert fs.solve_many([]).status.shape == (0,)


@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
@pytest.mark.parametrize("shape", [(0, 81), (0, 9, 9), (0, 16)])
def test_empty_batches(dtype, shape):
    result = fs.solve_many(np.zeros(shape, dtype=dtype), limit=2, threads=2)
    assert result.solutions.shape == shape and result.solutions.dtype == dtype
    assert result.status.shape == result.counts.shape == result.guesses.shape == (0,)


def test_options_take_numpy_integers_and_huge_limits():
    empty = np.zeros((3, 16), dtype=np.uint8)
    counts = fs.count_many(empty, limit=10**30)  # no limit: all 288 grids
    assert counts.tolist() == [288] * 3
    assert fs.count_many(empty, limit=np.int64(5)).tolist() == [5] * 3
    assert fs.count_solutions("." * 16, limit=10**30) == 288
    assert fs.count_solutions("." * 16, limit=np.uint8(7), node_limit=10**40) == 7
    result = fs.solve_many(empty, threads=np.int32(64))  # more threads than rows
    assert (result.status == fs.SOLVED).all()


@pytest.mark.parametrize(
    "bad,error",
    [
        (np.zeros((2, 80), dtype=np.uint8), ValueError),
        (np.zeros((2, 9, 8), dtype=np.uint8), ValueError),
        (np.zeros((2, 81), dtype=np.float64), TypeError),
        ("." * 81, TypeError),
    ],
)
def test_bad_batches(bad, error):
    with pytest.raises(error):
        fs.solve_many(bad)


@pytest.mark.parametrize(
    "option",
    [
        {"limit": 0},
        {"threads": 0},
        {"node_limit": -2},
        {"limit": 1.5},
        {"threads": True},
        {"node_limit": "9"},
    ],
)
def test_bad_options(option):
    with pytest.raises(ValueError):
        fs.solve_many(np.zeros((1, 81), dtype=np.uint8), **option)


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT delivery to this process")
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.usefixtures("sigint")
def test_ctrl_c_stops_a_long_batch(threads):
    """A batch of many easy puzzles is interrupted within a moment of Ctrl-C (the rows
    loop looks for it, not only the searches), and the next batch runs normally."""
    arr = np.tile(_array(dataset("puzzles2_17_clue")[:500]), (4000, 1))  # 2M puzzles
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            fs.solve_many(arr, threads=threads)
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 3.0  # the whole batch takes ~10 s
    small = fs.solve_many(arr[:50], threads=threads)
    assert (small.status == fs.SOLVED).all()


@pytest.mark.parametrize("threads", [1, 2])
def test_dlx_batch_equals_dlx_per_call(threads):
    lines = [*dataset("puzzles3_magictour_top1465")[:200], "11" + "." * 79, "." * 81]
    arr = _array(lines)
    result = fs.solve_many(arr, limit=2, threads=threads, engine="dlx")
    for i, line in enumerate(lines[:-2]):
        found = fs.search(line, limit=2, engine="dlx")
        assert result.counts[i] == found.count and result.guesses[i] == found.guesses
        assert "".join(map(str, result.solutions[i])) == found.solution
        # The 81-character fast path of solve / count_solutions, on dancing links too.
        assert fs.solve(line, engine="dlx") == found.solution
        assert fs.count_solutions(line, limit=2, engine="dlx") == found.count
    assert result.status[-2] == fs.INVALID and result.status[-1] == fs.NOT_UNIQUE
    with pytest.raises(ValueError, match="unknown engine"):
        fs.solve_many(arr, engine="links")


def test_first_dlx_batch_of_a_shape_on_many_threads():
    """The threads of a batch build the shape's exact-cover template at the same moment on
    first use: one of them must win, none may search on a template that was dropped.
    In a fresh interpreter, so that no template exists yet."""
    import subprocess
    import sys

    code = (
        "import numpy as np, fastsudoku as fs\n"
        "for box in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 4)]:\n"
        "    n = box[0] * box[1]\n"
        "    r = fs.solve_many(np.zeros((64, n * n), np.uint8), limit=2, box=box,\n"
        "                      threads=4, engine='dlx')\n"
        "    assert (r.status == fs.NOT_UNIQUE).all(), (box, r.status)\n"
        "print('ok')\n"
    )
    for _ in range(3):
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_threaded_batch_in_a_forked_child():
    """A child forked after a threaded batch (multiprocessing's default start method on
    Linux) has none of the pool's threads: its own threaded batch must not wait for them.
    In a fresh interpreter, with a timeout: before the fix it hung."""
    import subprocess
    import sys

    code = (
        "import os, numpy as np, fastsudoku as fs\n"
        "a = np.zeros((64, 81), np.uint8)\n"
        "fs.solve_many(a, threads=2)\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    r = fs.solve_many(a, threads=2)\n"
        "    os._exit(0 if (r.status == fs.SOLVED).all() else 3)\n"
        "_, status = os.waitpid(pid, 0)\n"
        "print(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 'signal')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "0", done.stderr[-2000:]


def test_status_enum_is_the_cores_batch_codes():
    """One status: the enum's codes are the ones the compiled batch writes."""
    assert {name.upper(): code for name, code in _core.BATCH_STATUS.items()} == {
        s.name: s.value for s in fs.Status
    }
    result = fs.solve_many(["." * 81, "11" + "." * 79, "1" * 81], limit=2)
    assert [fs.Status(code) for code in result.status.tolist()] == [
        fs.Status.NOT_UNIQUE,
        fs.Status.INVALID,
        fs.Status.INVALID,
    ]
    assert fs.Status.NOT_UNIQUE.label == "not_unique"
