"""fastsudoku.compat.exact_cover: the exact_cover package's interface on our engines.

Checked three ways: the original's own test cases (restated here), an independent oracle
(every subset of rows for the covers, and Algorithm X written from its rules for the
order the first cover is found in), and the original itself side by side on random
matrices when it is installed (the test group installs it)."""

import itertools

import numpy as np
import pytest

import problems
from fastsudoku.compat import exact_cover as ec
from fastsudoku.compat.exact_cover import helpers, io, wrapper
from fastsudoku.compat.exact_cover.error import CannotSplitFurther, ExactCoverError, NoSolution

TINY = [[1, 0, 0], [0, 1, 0], [0, 1, 1], [0, 0, 1]]


def test_first_cover_in_search_order_any_dtype_and_memory_order():
    for dtype in (np.int32, np.int8, np.bool_, None, io.DTYPE_FOR_ARRAY):
        got = ec.get_exact_cover(np.array(TINY, dtype=dtype))
        assert got.dtype == np.int32 and got.tolist() == [0, 1, 3]
    assert ec.get_exact_cover(np.array(TINY, order="F")).tolist() == [0, 1, 3]
    assert ec.get_exact_cover(TINY).tolist() == [0, 1, 3]
    empty_rows = [[1, 0, 0], [0, 0, 0], [0, 1, 0], [0, 1, 1], [0, 0, 0], [0, 0, 1]]
    assert ec.get_exact_cover(np.array(empty_rows)).tolist() == [0, 2, 5]
    assert ec.get_exact_cover(np.array([[1, 0, 0], [0, 1, 1]])).tolist() == [0, 1]
    # search order, not sorted: column 2 (one row) is chosen first
    assert ec.get_exact_cover(np.array([[1, 1, 0], [1, 0, 0], [0, 1, 1]])).tolist() == [2, 1]


def test_no_cover_and_bad_shapes():
    with pytest.raises(NoSolution, match="No solutions"):
        ec.get_exact_cover(np.array([[1, 0, 0], [0, 1, 0], [0, 1, 0], [0, 0, 0]]))
    assert issubclass(NoSolution, ExactCoverError) and issubclass(
        CannotSplitFurther, ExactCoverError
    )
    for empty in (np.zeros((0, 3)), np.zeros((3, 0))):
        with pytest.raises(NoSolution):
            ec.get_exact_cover(empty)
        with pytest.raises(NoSolution):
            ec.get_all_solutions(empty)
    assert ec.get_solution_count(np.zeros((0, 3))) == 0
    assert ec.get_solution_count(np.zeros((3, 0))) == 1
    with pytest.raises(ValueError, match="2-dimensional"):
        ec.get_exact_cover(np.ones(4))


def test_counts_and_all_solutions():
    assert ec.get_solution_count(np.array(TINY)) == 2
    with_empty = [[1, 0, 0], [0, 0, 0], [0, 1, 0], [0, 1, 1], [0, 0, 0], [0, 0, 1]]
    assert ec.get_solution_count(np.array(with_empty)) == 2
    duplicated = [[1, 0, 0], [0, 1, 0], [1, 0, 0], [0, 1, 1], [0, 1, 1], [0, 0, 1]]
    assert ec.get_solution_count(np.array(duplicated)) == 6
    assert ec.get_solution_count(np.array([[1, 0, 0], [0, 1, 0], [0, 1, 1]])) == 1
    none = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 1, 1, 0], [0, 0, 1, 0]]
    assert ec.get_solution_count(np.array(none)) == 0
    assert ec.get_all_solutions(np.array(TINY)) == {(0, 1, 3), (0, 2)}
    assert ec.get_all_solutions(np.array(TINY), 1) == {(0, 1, 3)}
    with pytest.raises(NoSolution):
        ec.get_all_solutions(np.array(none))
    # a cover of every row keeps its rows (the original drops them: an empty tuple)
    assert ec.get_all_solutions(np.array([[1, 1, 1, 1]])) == {(0,)}


def _covers_by_subsets(a):
    """Every set of rows (rows of zeros left out: they cover nothing) covering each column
    once."""
    nonempty = [i for i in range(a.shape[0]) if a[i].any()]
    out = set()
    for k in range(1, len(nonempty) + 1):
        for rows in itertools.combinations(nonempty, k):
            if (a[list(rows)].sum(axis=0) == 1).all():
                out.add(rows)
    return out


def _algorithm_x_order(a):
    """The first cover Algorithm X meets, in the order it chose its rows: the first column
    with the fewest rows left, its rows top to bottom (written from the rules)."""

    def search(rows, cols, chosen):
        if not cols:
            return chosen
        col = min(cols, key=lambda j: (sum(1 for i in rows if a[i, j]), j))
        for i in sorted(rows):
            if not a[i, col]:
                continue
            taken = {j for j in cols if a[i, j]}
            left = {r for r in rows if not any(a[r, j] for j in taken)}
            found = search(left, cols - taken, [*chosen, i])
            if found is not None:
                return found
        return None

    return search(set(range(a.shape[0])), set(range(a.shape[1])), [])


def test_against_brute_force_and_algorithm_x():
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(300):
        a = rng.random((int(rng.integers(1, 11)), int(rng.integers(1, 7)))) < 0.4
        covers = _covers_by_subsets(a)
        assert ec.get_solution_count(a) == len(covers)
        if not covers:
            with pytest.raises(NoSolution):
                ec.get_exact_cover(a)
            continue
        checked += 1
        first = ec.get_exact_cover(a).tolist()
        assert first == _algorithm_x_order(a)
        # the bitset engine's own order is the replayed one
        assert wrapper._search_order(a, sorted(first)) == first
        assert {tuple(sorted(t)) for t in ec.get_all_solutions(a)} == covers
        assert len(ec.get_all_solutions(a, 1)) == 1
    assert checked > 50


def test_dancing_links_path_answers_the_same(monkeypatch):
    # Past the bitset budget the covers come from dancing links, their rows put in search
    # order by the replay.
    rng = np.random.default_rng(8)
    cases = [
        rng.random((int(rng.integers(2, 12)), int(rng.integers(2, 7)))) < 0.4 for _ in range(80)
    ]
    want = [(ec.get_exact_cover(a).tolist() if ec.get_solution_count(a) else None) for a in cases]
    monkeypatch.setattr(wrapper, "BITSET_BYTES", 0)
    for a, first in zip(cases, want):
        if first is None:
            with pytest.raises(NoSolution):
                ec.get_exact_cover(a)
        else:
            assert ec.get_exact_cover(a).tolist() == first
            assert len(ec.get_all_solutions(a)) == ec.get_solution_count(a)


def _pentomino_rows():
    """The 12 pentominoes on an 8x8 board without its central 2x2: each placement a row
    (12 piece columns, then the 60 cells)."""
    shapes = {
        "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
        "I": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
        "L": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
        "N": [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
        "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
        "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
        "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
        "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
        "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
        "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
        "Y": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
        "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
    }
    hole = {(3, 3), (3, 4), (4, 3), (4, 4)}
    cells = [(r, c) for r in range(8) for c in range(8) if (r, c) not in hole]
    index = {cell: 12 + k for k, cell in enumerate(cells)}
    rows = []
    for p, shape in enumerate(shapes.values()):
        seen = set()
        for turn in range(8):
            pts = shape
            for _ in range(turn % 4):
                pts = [(c, -r) for r, c in pts]
            if turn >= 4:
                pts = [(r, -c) for r, c in pts]
            r0 = min(r for r, _ in pts)
            c0 = min(c for _, c in pts)
            norm = tuple(sorted((r - r0, c - c0) for r, c in pts))
            if norm in seen:
                continue
            seen.add(norm)
            for dr in range(8):
                for dc in range(8):
                    placed = [(r + dr, c + dc) for r, c in norm]
                    if all(cell in index for cell in placed):
                        row = np.zeros(72, dtype=bool)
                        row[p] = True
                        row[[index[cell] for cell in placed]] = True
                        rows.append(row)
    return np.array(rows)


def test_pentominoes_have_the_known_520_tilings():
    # Dana Scott's problem: 65 tilings up to the board's 8 symmetries, 520 in all.
    a = _pentomino_rows()
    assert ec.get_solution_count(a) == 520
    first = ec.get_exact_cover(a)
    assert helpers.is_solution(first.tolist(), a) and len(first) == 12


def test_helpers_io_and_wrapper(tmp_path):
    square = np.array([[0, 1, 0], [1, 1, 1], [1, 1, 1]])
    np.testing.assert_array_equal(helpers.reduce(square), square)
    forced = np.array([[1, 1, 0, 0], [0, 0, 1, 1], [0, 1, 1, 0], [0, 0, 1, 1]], dtype=bool)
    # column 0 has one row: row 0 is forced, and row 2 (which touches column 1) goes
    np.testing.assert_array_equal(helpers.reduce(forced), [[True, True], [True, True]])
    subs = list(helpers.split_problem(square, 2))
    assert len(subs) >= 2 and all(s.shape == square.shape for s in subs)
    with pytest.raises(CannotSplitFurther):
        list(helpers.split_problem(np.eye(3, dtype=bool), 2))
    assert helpers.is_solution([0, 1, 3], np.array(TINY))
    assert not helpers.is_solution([], np.array(TINY))
    assert not helpers.is_solution([0, 0, 2], np.array(TINY))
    assert not helpers.is_solution([0, 9], np.array(TINY))
    assert not helpers.is_solution([0, 1], np.array(TINY))
    path = tmp_path / "problem.txt"
    array = helpers.create_numpy_array([[0, 1, 0], [1, 0, 1]])
    io.save_problem(path, array)
    np.testing.assert_array_equal(io.load_problem(path), array)
    padded = np.full((3, 5), -1)
    padded[0, 0] = 7
    padded[1, 0] = padded[2, 0] = 8
    padded[1, 1] = 9
    assert wrapper.solutions_array_to_set(padded) == {(7,), (8,), (8, 9)}


def test_side_by_side_with_the_original():
    original = pytest.importorskip("exact_cover")
    from exact_cover.error import NoSolution as TheirNoSolution

    rng = np.random.default_rng(11)
    compared = 0
    for _ in range(300):
        a = rng.random((int(rng.integers(1, 14)), int(rng.integers(1, 9)))) < 0.35
        if a.all(axis=1).any():
            continue  # a cover of one row that is every column: the original drops it
        try:
            theirs = original.get_exact_cover(a).tolist()
        except TheirNoSolution:
            with pytest.raises(NoSolution):
                ec.get_exact_cover(a)
            assert ec.get_solution_count(a) == original.get_solution_count(a) == 0
            continue
        compared += 1
        assert ec.get_exact_cover(a).tolist() == theirs
        assert ec.get_solution_count(a) == original.get_solution_count(a)
        mine = ec.get_all_solutions(a)
        everyone = {tuple(int(x) for x in t) for t in original.get_all_solutions(a)}
        if all(len(t) < a.shape[0] for t in mine):  # (the original drops full-width ones)
            assert mine == everyone
            two = {tuple(int(x) for x in t) for t in original.get_all_solutions(a, 2)}
            assert ec.get_all_solutions(a, 2) == two
    assert compared > 30
    # Sudoku-sized matrices with many covers: the same first cover, in the same order
    for puzzle in ("." * 81, "1" + "." * 80, "12345678" + "." * 73):
        rows, ncols, *_ = problems.sudoku_rows(puzzle)
        a = problems.to_matrix(rows, ncols)
        assert ec.get_exact_cover(a).tolist() == original.get_exact_cover(a).tolist()
