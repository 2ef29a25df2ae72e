"""Restarts of first-solution searches on sides of 25 and more (fastsudoku._api.
restarted_search): a run that spends its budget is followed by one on a random isomorph
with twice the budget.  Checked here: the isomorphs are symmetries of the grid (rows stay
rows, columns columns, boxes boxes, values a permutation); nearly empty 49x49 boards that
sent the plain search down a subtree it did not leave for minutes are solved, each
solution checked by tests/reference.py's grid checker (which knows nothing of fastsudoku)
and keeping the givens; a puzzle with no solution is still proven to have none; the
caller's node limit bounds every run together; counts (limit 2) are not restarted."""

import numpy as np
import pytest

import fastsudoku as fs
from fastsudoku import _api, _core
from reference import check_grid


@pytest.mark.parametrize("n, r, c", [(25, 5, 5), (30, 5, 6), (30, 6, 5), (49, 7, 7), (64, 8, 8)])
def test_isomorphs_are_symmetries_of_the_grid(n, r, c):
    rng = np.random.default_rng(n * r)
    for _ in range(5):
        perm, relabel = _api._isomorph(rng, n, r, c)
        assert sorted(perm.tolist()) == list(range(n * n))
        assert relabel[0] == 0 and sorted(relabel.tolist()) == list(range(n + 1))
        old = perm.reshape(n, n)
        rows, cols = old // n, old % n
        assert all(len(set(rows[i].tolist())) == 1 for i in range(n))  # a row stays a row
        assert all(len(set(cols[:, j].tolist())) == 1 for j in range(n))
        boxes = (rows // r) * (n // c) + cols // c
        for top in range(0, n, r):
            for left in range(0, n, c):
                assert len(set(boxes[top : top + r, left : left + c].ravel().tolist())) == 1


def _one_a_row(seed, n=49):
    """A 49x49 board with one given a row, value = row + 1, in a random column (py-sudoku's
    seeded boards): the plain search stalled on some of them for minutes."""
    rng = np.random.default_rng(seed)
    grid = np.zeros((n, n), dtype=np.uint8)
    grid[np.arange(n), rng.permutation(n)] = np.arange(1, n + 1)
    return grid


def _stalled(seed):
    """py-sudoku's seeded 49x49 board (one given a row) for Sudoku(7, seed=seed)."""
    from fastsudoku.compat.py_sudoku import Sudoku

    board = Sudoku(7, seed=seed).board
    return np.array([[v or 0 for v in row] for row in board], dtype=np.uint8)


def _solved(grid, solution):
    sol = np.asarray(solution, dtype=np.uint8).ravel()
    check_grid(grid.ravel().tolist(), sol.tolist(), (7, 7))  # the givens kept, too


@pytest.mark.parametrize("seed", range(6))
def test_nearly_empty_49x49_boards_are_solved(seed):
    grid = _one_a_row(seed)
    found = fs.search(grid, node_limit=20_000_000)
    assert found.count == 1
    _solved(grid, found.solution)


@pytest.mark.heavy  # (7 s: seed 13 takes several restarts)
def test_py_sudoku_boards_that_stalled():
    # Sudoku(7, seed=13) and seed=20 (py-sudoku's seeding): over 10 s each before.
    from fastsudoku.compat.py_sudoku import Sudoku

    for seed in (13, 20):
        grid = _stalled(seed)
        _solved(grid, fs.solve(grid))
        solved = Sudoku(7, seed=seed).solve()
        _solved(grid, [v for row in solved.board for v in row])


def test_no_solution_is_still_proven():
    # R1C25 can only hold 25, which R2C25 already holds: no solution, at every budget.
    n = 25
    grid = np.zeros((n, n), dtype=np.uint8)
    grid[0, : n - 1] = np.arange(1, n)
    grid[1, n - 1] = n
    found = fs.search(grid)
    assert (found.count, found.solution, found.complete) == (0, None, True)


def test_the_node_limit_bounds_all_runs_together(monkeypatch):
    budgets = []
    real = _core.search

    def spy(values, r, c, options):
        budgets.append(options.node_limit)
        return real(values, r, c, options)

    monkeypatch.setattr(_core, "search", spy)
    grid = _stalled(13)
    with pytest.raises(fs.SearchLimitError):
        fs.search(grid, node_limit=70_000)
    # 50,000 on the puzzle, then the 20,000 left on one isomorph: 70,000 in all.
    assert budgets == [_api.RESTART_FIRST, 70_000 - _api.RESTART_FIRST]
    budgets.clear()
    _api.restarted_search(bytes(49 * 49), 7, 7, _core.Options("auto", 2))
    assert budgets == [None]  # a count is never restarted


def test_small_sides_and_easy_puzzles_run_once(monkeypatch):
    calls = []
    real = _core.search

    def spy(values, r, c, options):
        calls.append(r * c)
        return real(values, r, c, options)

    monkeypatch.setattr(_core, "search", spy)
    fs.search("." * 81)
    fs.search(np.zeros((36, 36), dtype=np.uint8))
    assert calls == [9, 36]
