"""The exact-cover API on both engines (dancing links and row bitsets): known counts, a
brute-force oracle, the same search tree on both, bad input, limits, laziness and Ctrl-C."""

import itertools
import os
import random
import signal
import threading

import numpy as np
import pytest

import fastsudoku as fs
from fastsudoku import ExactCoverError, SearchLimitError
from problems import (
    LANGFORD_COUNTS,
    PENTOMINO_COUNTS,
    QUEENS_COUNTS,
    decode_sudoku,
    langford,
    pentominoes,
    queens,
    sudoku_rows,
    to_csr,
    to_matrix,
)
from reference import check_grid

ENGINES = ("dlx", "bitset")


class _On:
    """The four API calls with engine= fixed."""

    def __init__(self, engine):
        self.engine = engine

    def __getattr__(self, name):
        call = getattr(fs, name)
        return lambda *args, **kw: call(*args, engine=self.engine, **kw)


@pytest.fixture(params=ENGINES)
def xc(request):
    return _On(request.param)


def brute_force(rows, ncols, secondary=()):
    """Every subset of rows that covers each primary column exactly once and each
    secondary column at most once, from the rows that touch a primary column (as in
    Knuth's Algorithm X, a row with secondary columns only is never chosen).  Exponential:
    small matrices only."""
    sec = set(secondary)
    usable = [r for r, row in enumerate(rows) if any(c not in sec for c in row)]
    found = []
    for k in range(1, len(usable) + 1):
        for subset in itertools.combinations(usable, k):
            if _is_cover(rows, ncols, secondary, subset):
                found.append(list(subset))
    return found


def _is_cover(rows, ncols, secondary, chosen):
    counts = [0] * ncols
    for r in chosen:
        for c in rows[r]:
            counts[c] += 1
    sec = set(secondary)
    return all((counts[c] <= 1) if c in sec else (counts[c] == 1) for c in range(ncols))


@pytest.mark.parametrize("n", sorted(QUEENS_COUNTS))
def test_queens_counts(n, xc):
    rows, ncols, secondary = queens(n)
    if n > 10:  # counted only: too many covers to list
        assert xc.count_exact_covers(rows, columns=ncols, secondary=secondary) == QUEENS_COUNTS[n]
    else:
        sols = list(xc.exact_covers(rows, columns=ncols, secondary=secondary))
        assert len(sols) == QUEENS_COUNTS[n]
        assert len({tuple(s) for s in sols}) == len(sols)
        assert all(_is_cover(rows, ncols, secondary, s) for s in sols)


@pytest.mark.parametrize(
    "shape",
    # (The 5x12 and 6x10 boxes: heavy; the 3x20 and 4x15 walk the same code.)
    [
        pytest.param(s, marks=pytest.mark.heavy) if s[0] >= 5 else s
        for s in sorted(PENTOMINO_COUNTS)
    ],
)
def test_pentomino_tilings(shape, xc):
    every, reduced = PENTOMINO_COUNTS[shape]
    rows, ncols, sec = pentominoes(*shape)
    assert xc.count_exact_covers(rows, columns=ncols, secondary=sec) == every
    rows, ncols, sec = pentominoes(*shape, break_symmetry=True)
    assert xc.count_exact_covers(rows, columns=ncols, secondary=sec) == reduced
    first = xc.exact_cover(rows, columns=ncols)
    assert _is_cover(rows, ncols, sec, first) and len(first) == 12


@pytest.mark.parametrize("n", sorted(LANGFORD_COUNTS))
def test_langford_pairings(n, xc):
    rows, ncols, sec = langford(n)
    assert xc.count_exact_covers(rows, columns=ncols, secondary=sec) == LANGFORD_COUNTS[n]


@pytest.mark.parametrize("seed", range(60))
def test_random_matrices_against_brute_force(seed, xc):
    rng = random.Random(seed)
    ncols = rng.randint(1, 7)
    nrows = rng.randint(1, 11)
    rows = [sorted(rng.sample(range(ncols), rng.randint(1, min(3, ncols)))) for _ in range(nrows)]
    secondary = sorted(rng.sample(range(ncols), rng.randint(0, ncols // 2)))
    if len(secondary) == ncols:
        secondary = secondary[1:]  # keep a primary column: see test_all_secondary
    expect = sorted(brute_force(rows, ncols, secondary))
    got = list(xc.exact_covers(rows, columns=ncols, secondary=secondary))
    assert sorted(got) == expect
    assert xc.count_exact_covers(rows, columns=ncols, secondary=secondary) == len(expect)
    m = to_matrix(rows, ncols)
    assert sorted(xc.exact_covers(m, secondary=secondary)) == expect
    assert sorted(xc.exact_covers(m.astype(np.int8), secondary=secondary)) == expect
    first = xc.exact_cover(rows, columns=ncols, secondary=secondary)
    assert (first is None) == (not expect) and (first is None or first in expect)


def test_sudoku_through_the_general_api(xc):
    p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    rows, ncols, _sec, meanings = sudoku_rows(p)
    chosen = xc.exact_cover(rows, columns=ncols)
    grid = decode_sudoku(chosen, meanings)
    check_grid([0 if ch == "." else int(ch) for ch in p], [int(ch) for ch in grid], (3, 3))
    assert xc.count_exact_covers(rows, columns=ncols, limit=2) == 1


def test_limits_and_laziness(xc):
    rows, ncols, sec = queens(8)
    assert xc.count_exact_covers(rows, columns=ncols, secondary=sec, limit=5) == 5
    it = xc.exact_covers(rows, columns=ncols, secondary=sec, limit=3)
    assert len(list(it)) == 3
    with pytest.raises(SearchLimitError) as info:
        xc.count_exact_covers(*pentominoes(6, 10)[:1], node_limit=50)
    assert info.value.guesses == 50
    with pytest.raises(ValueError):
        xc.count_exact_covers(rows, limit=0)


def test_no_solution_is_not_an_error(xc):
    assert xc.count_exact_covers([], columns=3) == 0
    assert xc.exact_cover(np.zeros((0, 4), dtype=bool)) is None
    assert xc.exact_cover([[0], [0, 1]], columns=3) is None
    assert xc.count_exact_covers([[0, 1], [1, 2]]) == 0
    assert list(xc.exact_covers([[0, 1], [1, 2]])) == []


BAD = [
    ([], {}, "no rows, and no columns="),
    ([[]], {}, "no columns"),
    (np.zeros((0, 0), dtype=bool), {}, "no rows, and no columns="),
    (np.zeros((3, 0), dtype=bool), {}, "no columns"),
    ([[0, 1], [1, 1]], {}, "row 1: column 1 appears twice"),
    ([[3, 0, 3]], {}, "row 0: column 3 appears twice"),
    (((0, 1), (2, 0, 2)), {}, "row 1: column 2 appears twice"),
    ([[0, 5]], {"columns": 3}, "row 0: column 5 is out of range"),
    ([[0, -1]], {}, "row 0: column -1 is out of range"),
    ([[0, "a"]], {}, "row 0: 'a' is not an integer"),
    ([[0, 1.5]], {}, "row 0: 1.5 is not an integer"),
    ([[True]], {}, "is a bool"),
    ([5], {}, "row 0: 5 is not a sequence"),
    ("0101", {}, "not a string"),
    (np.ones((2, 3), dtype=float), {}, "dtype float64"),
    (np.ones(4, dtype=bool), {}, "must be 2-D"),
    (np.array([[0, 2], [1, 0]]), {}, "row 0, column 1: 2 is not 0 or 1"),
    (np.ones((2, 3), dtype=bool), {"columns": 4}, "columns=4 but the matrix has 3"),
    ([[0, 1]], {"secondary": [7]}, "secondary column 7 is out of range"),
    ([[0, 1]], {"secondary": "1"}, "secondary must be a sequence"),
    ([[0, 1]], {"columns": 0}, "columns must be at least 1"),
    ([[0, 10**20]], {}, "row 0: column 100000000000000000000 is too large"),
    ([[0, 1]], {"columns": 10**12}, "too large: 1000000000000 columns"),
]


@pytest.mark.parametrize("rows,kw,message", BAD, ids=[b[2] for b in BAD])
def test_bad_input_errors(rows, kw, message):
    for fn in (fs.exact_cover, fs.count_exact_covers, fs.exact_covers):
        with pytest.raises(ExactCoverError, match=message.replace("(", r"\(")):
            fn(rows, **kw)


def test_row_forms_agree(xc):
    rows, ncols, sec = queens(6)
    expect = list(xc.exact_covers(rows, columns=ncols, secondary=sec))
    assert len(expect) == 4
    as_tuples = tuple(tuple(r) for r in rows)
    as_numpy = [np.array(r, dtype=np.int16) for r in rows]
    as_generator = (iter(r) for r in rows)
    for form in (as_tuples, as_numpy, as_generator):
        assert list(xc.exact_covers(form, columns=ncols, secondary=sec)) == expect


def test_error_names_the_place():
    with pytest.raises(ExactCoverError) as info:
        fs.exact_cover([[0], [2, 3, 2]])
    assert (info.value.row, info.value.column) == (1, 2)


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT delivery to this process")
@pytest.mark.usefixtures("sigint")
def test_ctrl_c_interrupts_a_count(xc):
    rows, ncols, sec = queens(16)  # 14,772,512 solutions: far longer than the timer
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            xc.count_exact_covers(rows, columns=ncols, secondary=sec)
    finally:
        timer.cancel()
    rows, ncols, sec = queens(6)
    assert xc.count_exact_covers(rows, columns=ncols, secondary=sec) == 4


def test_search_reports_nodes_and_guesses(xc):
    rows, ncols, sec = queens(8)
    r = xc.search_exact_cover(rows, columns=ncols, secondary=sec, limit=None)
    assert (
        r.count == 92
        and r.complete
        and r.first in list(xc.exact_covers(rows, columns=ncols, secondary=sec))
    )
    assert r.nodes >= r.guesses > 0
    r5 = xc.search_exact_cover(rows, columns=ncols, secondary=sec, limit=5)
    assert r5.count == 5 and not r5.complete and r5.nodes < r.nodes
    r1 = xc.search_exact_cover(rows, columns=ncols, secondary=sec)
    assert r1.count == 1 and not r1.complete and r1.first == r.first
    none = xc.search_exact_cover([[0, 1], [1, 2]])
    assert none == (0, None, none.nodes, 0, True)
    with pytest.raises(SearchLimitError):
        xc.search_exact_cover(rows, columns=ncols, secondary=sec, limit=None, node_limit=10)


@pytest.mark.parametrize(
    "problem",
    [
        queens(7),
        queens(9),
        langford(8),
        pentominoes(3, 20),
        pentominoes(4, 15, break_symmetry=True),
    ],
    ids=["queens7", "queens9", "langford8", "pento3x20", "pento4x15"],
)
def test_engines_walk_the_same_tree(problem):
    """Same column choice and row order: the same solutions in the same order, and the
    same node and guess counts, for matrices that do not need a look-ahead."""
    rows, ncols, sec = problem
    runs = {e: list(fs.exact_covers(rows, columns=ncols, secondary=sec, engine=e)) for e in ENGINES}
    assert runs["dlx"] == runs["bitset"] and runs["dlx"]
    stats = {
        e: fs.search_exact_cover(rows, columns=ncols, secondary=sec, limit=None, engine=e)
        for e in ENGINES
    }
    assert stats["dlx"] == stats["bitset"]


def test_random_larger_matrices_engines_agree():
    """Matrices of a few hundred rows (several bitset words, secondary columns, rows with
    secondary columns only and empty rows): both engines give the same covers."""
    rng = random.Random(7)
    for _ in range(40):
        ncols = rng.randint(8, 40)
        nrows = rng.randint(60, 300)
        rows = [sorted(rng.sample(range(ncols), rng.randint(0, 4))) for _ in range(nrows)]
        secondary = sorted(rng.sample(range(ncols), rng.randint(0, ncols // 3)))
        got = [
            list(fs.exact_covers(rows, columns=ncols, secondary=secondary, limit=2000, engine=e))
            for e in ENGINES
        ]
        assert got[0] == got[1]
        assert all(_is_cover(rows, ncols, secondary, c) for c in got[0])


def test_auto_engine_choice():
    from fastsudoku import _cover

    def engine_of(rows, ncols, sec=()):
        return _cover._problem(rows, ncols, sec, None, "auto").engine

    assert engine_of(*pentominoes(6, 10)) == "bitset"
    assert engine_of(*queens(12)) == "bitset"
    rows, ncols, _sec, _ = sudoku_rows("." * 81)
    assert engine_of(rows, ncols) == "dlx"  # 324 primary columns
    wide = [[k] for k in range(_cover.BITSET_MAX_ROWS + 1)]
    assert engine_of(wide, len(wide)) == "dlx"
    assert fs.count_exact_covers(wide[:5], engine="dlx") == 1
    with pytest.raises(ValueError, match="unknown engine"):
        fs.exact_cover([[0]], engine="links")


def test_bitset_engine_refuses_a_huge_matrix_and_grows_with_depth():
    from fastsudoku import _cover

    n = 2**15
    # 32,768 x 32,768 bitsets would take 128 MB ... make it 4x over the cap cheaply.
    rows = [[k] for k in range(4 * n)]
    with pytest.raises(ExactCoverError, match="too large for engine='bitset'"):
        fs.exact_cover(rows, engine="bitset")
    assert 4 * n * (4 * n // 64) * 8 > _cover.BITSET_MAX_BYTES
    # A cover 300 rows deep: the levels grow past their first allocation.
    deep = [[k] for k in range(300)]
    assert fs.search_exact_cover(deep, engine="bitset", limit=None) == fs.search_exact_cover(
        deep, engine="dlx", limit=None
    )
    assert fs.exact_cover(deep, engine="bitset") == list(range(300))


# ------------------------------------------------------------------ scale (issue 17, defect 5)


def _child(code, timeout=120, memory=1 << 30):
    """Run `code` in a fresh interpreter under an address-space cap (`memory` bytes, on
    Linux) and a time limit, so that a hang or a blow-up fails the test, not the run."""
    import subprocess
    import sys

    from conftest import SANITIZED

    # Under ASan (which reserves terabytes of address space) the time limit alone bounds.
    if sys.platform.startswith("linux") and not SANITIZED:
        code = (
            f"import resource\nresource.setrlimit(resource.RLIMIT_AS, ({memory}, "
            f"{memory}))\n" + code
        )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_a_million_one_column_rows():
    """Each level used to scan every column: 80,000 rows took 3.6 s, 10**6 did not end."""
    out = _child(
        "import fastsudoku as fs\n"
        "n = 10 ** 6\n"
        "assert fs.exact_cover([[i] for i in range(n)]) == list(range(n))\n"
        "assert fs.count_exact_covers([[i] for i in range(n)]) == 1\n"
        "rows = [[i] for i in range(n)] + [[i, i + 1] for i in range(0, n, 2)]\n"
        "print(fs.exact_cover(rows, engine='dlx') == list(range(n)))\n",
        timeout=60,
    )
    assert out.split() == ["True"]


def test_a_declared_width_costs_nothing():
    """columns=2**28 used to allocate per declared column (8.9 GB, 28 s); an empty primary
    column means no cover, and empty secondary columns are dropped."""
    out = _child(
        "import fastsudoku as fs\n"
        "rows = [[0], [1], [0, 1]]\n"
        "w = 2 ** 28\n"
        "for e in ('auto', 'dlx', 'bitset'):\n"
        "    assert fs.exact_cover(rows, columns=w, engine=e) is None\n"
        "    assert fs.count_exact_covers(rows, columns=w, engine=e) == 0\n"
        "    assert fs.search_exact_cover(rows, columns=w, engine=e, limit=None) == "
        "(0, None, 0, 0, True)\n"
        "    sec = range(2, w)\n"
        "    assert fs.exact_cover(rows, columns=w, secondary=sec, engine=e) == [0, 1]\n"
        "    assert fs.count_exact_covers(rows, columns=w, secondary=range(w - 1, 1, -1),"
        " engine=e) == 2\n"
        "print('ok')\n",
        timeout=60,
    )
    assert out.split() == ["ok"]


@pytest.mark.parametrize(
    "kw,expect",
    [
        ({"columns": 3}, None),  # column 2 primary and empty
        ({"columns": 3, "secondary": [2]}, [[0, 1], [2]]),  # empty secondary: dropped
        ({"columns": 5, "secondary": [4, 2, 3, 3]}, [[0, 1], [2]]),
        ({"secondary": [1]}, [[0], [2]]),  # a row of secondary columns only: never chosen
    ],
)
def test_empty_columns(xc, kw, expect):
    rows = [[0], [1], [0, 1]]
    assert list(xc.exact_covers(rows, **kw)) == (expect or [])
    assert xc.count_exact_covers(rows, **kw) == len(expect or [])


def test_tree_choice_is_the_scan_choice():
    """Above a number of primary columns dancing links choose with a tree of sizes: the
    same columns as the scan, so the same covers in the same order and the same counts."""
    from fastsudoku import _core

    sudoku, width, _, _ = sudoku_rows("." * 81)
    problems = [queens(8), langford(7), pentominoes(3, 20), (sudoku, width, [])]
    rng = random.Random(11)
    for _ in range(60):
        ncols = rng.randint(8, 40)
        rows = [
            sorted(rng.sample(range(ncols), rng.randint(0, 4))) for _ in range(rng.randint(5, 200))
        ]
        problems.append((rows, ncols, sorted(rng.sample(range(ncols), rng.randint(0, 8)))))

    def runs(tree_over):
        # The tree is a field of the search's options (the default: above 32,768 columns).
        options = _core.Options("dlx", None, None, tree_over=tree_over)
        out = []
        for r, n, s in problems:
            offsets, cols, sec = to_csr(r, n, s)
            counting = _core.ExactCoverSearch(n, offsets, cols, sec, options)
            count, status = counting.count(300)
            listing = _core.ExactCoverSearch(n, offsets, cols, sec, options)
            covers = [listing.next_solution()[1] for _ in range(100)]
            out.append((count, status, counting.nodes, counting.guesses, covers))
        return out

    scan = runs(_core.Options("dlx").tree_over)
    assert sum(count for count, *_ in scan) > 100  # the problems have covers to compare
    for over in (0, 3):
        assert runs(over) == scan


def test_secondary_none_and_bad_secondary():
    rows, ncols, sec = queens(6)
    assert fs.count_exact_covers([[0], [1], [0, 1]], secondary=None) == 2
    assert list(fs.exact_covers(rows, columns=ncols, secondary=range(ncols - 1, 11, -1))) == list(
        fs.exact_covers(rows, columns=ncols, secondary=sec)
    )
    for bad, message in (
        (5, "secondary must be a sequence"),
        ([1.5], "secondary: 1.5"),
        (range(-1, 2), "secondary column -1 is out of range"),
        (np.array([0, 9]), "secondary column 9 is out of range"),
    ):
        with pytest.raises(ExactCoverError, match=message):
            fs.exact_cover([[0], [1], [0, 1]], secondary=bad)


def test_too_many_columns_names_the_columns():
    with pytest.raises(
        ExactCoverError,
        match=r"too large: 536870913 columns \(columns= "
        r"may be at most 536870912\)",
    ):
        fs.exact_cover([[0], [1], [0, 1]], columns=2**29 + 1)
    # At the limit it is an ordinary problem with empty columns (was "4 ones in 3 rows").
    assert fs.exact_cover([[0], [1], [0, 1]], columns=2**29) is None
    assert fs.exact_cover([[0], [1], [0, 1]], columns=2**29, secondary=range(2, 2**29)) == [0, 1]


def test_bitset_engine_counts_its_levels():
    """The bitset engine keeps a count per primary column at every level: 20,000 one-column
    rows would need 1.6 GB of levels, so it refuses them up front."""
    from fastsudoku import _cover

    rows = [[k] for k in range(20000)]
    assert _cover._bitset_bytes(20000, 20000, 20000) > _cover.BITSET_MAX_BYTES
    with pytest.raises(ExactCoverError, match="too large for engine='bitset'"):
        fs.exact_cover(rows, engine="bitset")
    assert fs.exact_cover(rows) == list(range(20000))
