"""The 9x9 digit-band engine ("digitband", Search9) against the general bitmask engine and
the reference solver: the same counts everywhere, valid solutions, the same set of
solutions when there are several, node limits and resumable enumeration."""

import random

import pytest

import fastsudoku as fs
from conftest import dataset
from fastsudoku import _core
from reference import check_grid, count_solutions as reference_count

SETS = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
]


def values(line):
    return bytes(0 if ch in ".0" else int(ch) for ch in line)


def _options(b9, limit=1, node_limit=None):
    """The digit-band engine (b9) or the general bitmask engine, by name."""
    return _core.Options("digitband" if b9 else "bitmask", limit, node_limit)


def run(puzzle, limit, b9, node_limit=None):
    return _core.search(puzzle, 3, 3, _options(b9, None if limit < 0 else limit, node_limit))


def every_solution(puzzle, b9, limit=500):
    solver = _core.SudokuSearch(puzzle, 3, 3, _options(b9))
    out = []
    while len(out) < limit:
        _status, sol = solver.next_solution()
        if sol is None:
            break
        out.append(sol)
    return out


def random_puzzle(rng, givens):
    """Givens drawn from a random full grid: usually several solutions."""
    full = fs.generate(9, count=1, seed=rng.randrange(10**9), clues=(60, 70))[0].solution
    grid = values(full)
    keep = set(rng.sample(range(81), givens))
    return bytes(v if k in keep else 0 for k, v in enumerate(grid))


@pytest.mark.parametrize("name", SETS)
def test_shared_sets_same_counts_as_the_general_engine(name):
    puzzles = dataset(name)[:300]
    for line in puzzles:
        p = values(line)
        fast = run(p, 2, True)
        general = run(p, 2, False)
        assert fast[0] == general[0], line
        if fast[0]:
            check_grid(list(p), list(fast[1]), (3, 3))
            if fast[0] == 1:
                assert fast[1] == general[1]


def test_several_solutions_same_set_as_the_general_engine():
    rng = random.Random(5)
    for givens in (17, 20, 22, 24, 26, 28, 30):
        for _ in range(6):
            p = random_puzzle(rng, givens)
            fast = every_solution(p, True)
            general = every_solution(p, False)
            assert len(fast) == len(set(fast))
            if len(general) < 500:
                assert sorted(fast) == sorted(general)
            else:
                assert len(fast) == 500
            for sol in fast[:20]:
                check_grid(list(p), list(sol), (3, 3))
            # solve(), the batch and the enumeration agree on which solution is first.
            assert run(p, 1, True)[1] == fast[0]


def test_against_the_reference_solver_on_sparse_puzzles():
    rng = random.Random(11)
    for _ in range(12):
        p = random_puzzle(rng, rng.randint(24, 34))
        expect = reference_count(list(p), (3, 3), 40)
        assert run(p, 40, True)[0] == expect


def test_contradictions():
    # Two 5s in row 0: no solution, no crash (the Python layer reports the conflict).
    p = bytearray(81)
    p[0] = p[8] = 5
    assert run(bytes(p), 2, True)[0] == 0
    # A cell with no candidate left after the givens' propagation.
    p = bytearray(81)
    for k, v in enumerate([1, 2, 3, 4, 5, 6, 7, 8]):
        p[k] = v
    p[9 * 4 + 8] = 9
    assert run(bytes(p), 2, True)[0] == 0
    assert fs.count_solutions("".join(str(v) if v else "." for v in p)) == 0


def test_node_limit_and_resume():
    empty = bytes(81)
    _found, _first, guesses, status = run(empty, -1, True, node_limit=50)
    assert status == _core.NODE_LIMIT and guesses == 50
    solver = _core.SudokuSearch(empty, 3, 3, _options(True, node_limit=10))
    seen = 0
    while True:
        status, _sol = solver.next_solution()
        if status == _core.NODE_LIMIT:
            solver.node_limit = solver.node_limit + 10
            continue
        assert status == _core.FOUND
        seen += 1
        if seen == 30:
            break
    assert solver.guesses >= 10


def test_public_calls_use_it_consistently():
    line = dataset("puzzles6_forum_hardest_1106")[0]
    grid = fs.solve(line)
    assert fs.count_solutions(line, limit=2) == 1
    assert next(iter(fs.solutions(line))) == grid
