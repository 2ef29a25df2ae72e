"""The compiled core's tables, geometry and search modes, against plain Python."""

import random
import signal
import threading
import time

import numpy as np
import pytest

import fastsudoku as fs
from conftest import engine_takes
from fastsudoku import _core


def test_popcount_exhaustive_16_bits():
    for m in range(1 << 16):
        assert _core._table_popcount(m) == bin(m).count("1")
        assert _core._table_popcount32(m) == bin(m).count("1")
        assert _core._table_popcount32(m << 16) == bin(m).count("1")


@pytest.mark.parametrize(
    ("bits", "popcount"), [(32, _core._table_popcount32), (64, _core._table_popcount)]
)
def test_popcount_random(bits, popcount):
    rng = random.Random(bits)
    for _ in range(20000):
        m = rng.getrandbits(bits)
        assert popcount(m) == bin(m).count("1")
    assert popcount((1 << bits) - 1) == bits


def test_bit_index_every_bit():
    for k in range(64):
        assert _core._table_bit_index(1 << k) == k
        assert _core._table_bit_index_portable(1 << k) == k


def test_top_index_every_bit_and_random_masks():
    rng = random.Random(3)
    masks = [1 << k for k in range(64)] + [(1 << k) - 1 for k in range(1, 65)]
    masks += [rng.getrandbits(rng.randint(1, 64)) or 1 for _ in range(20000)]
    for m in masks:
        assert _core._table_top_index(m) == m.bit_length() - 1
        assert _core._table_top_index_portable(m) == m.bit_length() - 1


def test_lowest_bit():
    rng = random.Random(2)
    for _ in range(20000):
        m = rng.getrandbits(64) or 1
        assert _core._table_lowest_bit(m) == m & -m


SHAPES = [
    (1, 1),
    (1, 2),
    (2, 1),
    (2, 2),
    (2, 3),
    (3, 2),
    (3, 3),
    (2, 4),
    (3, 4),
    (4, 3),
    (4, 4),
    (5, 5),
    (7, 9),
    (8, 8),
]


@pytest.mark.parametrize("r,c", SHAPES)
def test_geometry_against_python(r, c):
    n = r * c
    units = _core._geometry_units(r, c)
    rows = [[i * n + j for j in range(n)] for i in range(n)]
    cols = [[i * n + j for i in range(n)] for j in range(n)]
    boxes = [
        [(br * r + i) * n + bc * c + j for i in range(r) for j in range(c)]
        for br in range(c)
        for bc in range(r)
    ]
    assert units == rows + cols + boxes
    peers = _core._geometry_peers(r, c)
    for cell in range(n * n):
        expect = {x for u in rows + cols + boxes if cell in u for x in u} - {cell}
        assert sorted(peers[cell]) == sorted(expect)
        assert len(peers[cell]) == len(expect)


def test_shape_limit():
    with pytest.raises(ValueError):
        _core._geometry_units(9, 9)


@pytest.mark.parametrize(
    "side,box",
    [
        (1, None),
        (4, None),
        (6, (2, 3)),
        (6, (3, 2)),
        (8, (2, 4)),
        (9, None),
        (10, (2, 5)),
        (12, (3, 4)),
        (12, (4, 3)),
        (16, None),
        (20, (4, 5)),
        (25, None),
        (30, (5, 6)),
        (36, None),
        (42, (6, 7)),
        (49, None),
        pytest.param(64, None, marks=pytest.mark.heavy),
    ],
)
def test_empty_grid_of_every_size_solves(side, box, engine):
    from reference import check_grid

    r, c = box or (int(side**0.5),) * 2
    empty = np.zeros((side, side), dtype=np.uint8)
    if engine == "dlx" and side > 49:
        # Known limit: deterministic MRV on dancing links is heavy-tailed on empty grids
        # above 49x49 (an empty 56x56 or 64x64 grid runs past a million guesses).
        pytest.skip("DLX on empty grids above 49x49 is heavy-tailed (a known limit)")
    if engine_takes(engine, (r, c)):
        out = fs.solve(empty, box=box, engine=engine)
        check_grid([0] * side * side, out.reshape(-1).tolist(), (r, c))
    else:
        # The engine's own limit (digitband: 9x9 only; bitset: up to 25x25): a clear error.
        with pytest.raises(ValueError, match=f"engine '{engine}' solves"):
            fs.solve(empty, box=box, engine=engine)


def test_contradictory_large_puzzle_answers_quickly():
    # 25x25: the first row holds 1..24 in its first 24 cells and the last cell's column
    # already holds 25: no value is left for r1c25.  Answered by propagation alone.
    n = 25
    a = np.zeros((n, n), dtype=np.uint8)
    a[0, :24] = np.arange(1, 25)
    a[5, 24] = 25
    r = fs.search(a)
    assert r.count == 0 and r.guesses == 0 and r.complete


def test_solver_resumes_and_counts(engine):
    p = bytes(81)
    s = _core.SudokuSearch(p, 3, 3, _core.Options(engine))
    seen = set()
    for _ in range(50):
        status, values = s.next_solution()
        assert status == _core.FOUND
        seen.add(values)
    assert len(seen) == 50
    s2 = _core.SudokuSearch(p, 3, 3, _core.Options(engine))
    found, first, status = s2.count(50)
    assert found == 50 and status == _core.FOUND and first in seen


def test_node_limit_resume(engine):
    s = _core.SudokuSearch(bytes(81), 3, 3, _core.Options(engine, node_limit=0))
    assert s.next_solution() == (_core.NODE_LIMIT, None)
    s.node_limit = -1
    status, values = s.next_solution()
    assert status == _core.FOUND and values is not None


def _interrupt_soon(delay=0.2):
    def fire():
        signal.raise_signal(signal.SIGINT)

    t = threading.Timer(delay, fire)
    t.start()
    return t


@pytest.mark.skipif(not hasattr(signal, "raise_signal"), reason="needs signal.raise_signal")
@pytest.mark.usefixtures("sigint")
def test_ctrl_c_interrupts_a_long_count_and_the_process_stays_usable(engine):
    for _ in range(3):
        t = _interrupt_soon()
        start = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            fs.count_solutions("." * 81, engine=engine)  # 6.67e21 solutions: never ends
        t.join()
        assert time.perf_counter() - start < 10
    assert fs.solve("." * 81, engine=engine) is not None


@pytest.mark.skipif(not hasattr(signal, "raise_signal"), reason="needs signal.raise_signal")
@pytest.mark.usefixtures("sigint")
def test_ctrl_c_interrupts_the_iterator(engine):
    # 16x16 where the engine takes it; digitband solves 9x9 only.
    empty = "." * 256 if engine_takes(engine, (4, 4)) else "." * 81
    it = fs.solutions(empty, alphabet="A-P" if len(empty) == 256 else None, engine=engine)
    next(it)
    t = _interrupt_soon()
    with pytest.raises(KeyboardInterrupt):
        for _ in it:
            pass
    t.join()


def test_threads_share_nothing():
    from concurrent.futures import ThreadPoolExecutor

    from conftest import dataset

    puzzles = dataset("puzzles3_magictour_top1465")[:200]
    expect = [fs.solve(p) for p in puzzles]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(fs.solve, puzzles))
        dlx = list(pool.map(lambda p: fs.solve(p, engine="dlx"), puzzles))
    assert got == expect
    assert dlx == expect  # the puzzles are unique: both engines find the same grid
