"""The strong search of the bitmask engine (place branching, probing, the restart to a
probed root) and of the dlx engine (failed-row probing, rows removed and put back).

It is on by default from 16x16 (EngineOptions.strong_over); here it is also forced onto
small grids (strong_over=1), where the reference solver can count every solution, with
probing from the root (probe_fails=0) or after a few dead ends (bitmask: a restart before
the first solution, none after; dlx: probing from there on), so that each path of it is
checked against the oracle.
"""

import itertools
import random
from pathlib import Path

import pytest

import fastsudoku as fs
from fastsudoku import _core
from fastsudoku.formats import parse
from reference import all_solutions, check_grid, count_solutions

HERE = Path(__file__).resolve().parent
HARD16 = HERE / "data" / "hard" / "16x16_tough.txt"
LARGE = HERE / "data" / "hard" / "large.txt"
SERG = HERE / "data" / "puzzles7_serg_benchmark.sample"  # in the checkout: CI has no ../shared

# probe_fails: probing from the root; after 1 dead end (a restart at once); after 5.
PROBE_FAILS = [0, 1, 5]
# The engines with a strong search: bitmask (probe(), place branching, the restart) and
# dlx (failed-row probing, rows removed at a level and put back when it is left).
ENGINES = ["bitmask", "dlx"]


def _lines(path):
    return [x.strip() for x in path.read_text().splitlines() if x.strip() and x[0] != "#"]


def _strong(limit, probe_fails, engine, node_limit=None):
    return _core.Options(engine, limit, node_limit, strong_over=1, probe_fails=probe_fails)


def _random_puzzle(rng, box, givens):
    """A puzzle of `givens` cells taken from a random solution of the empty grid (so it has
    at least one solution, often many)."""
    n = box[0] * box[1]
    grid = all_solutions([0] * (n * n), box, 1)[0]
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    cells = rng.sample(range(n * n), givens)
    return [relabel[grid[k] - 1] if k in cells else 0 for k in range(n * n)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("probe_fails", PROBE_FAILS)
@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2)])
def test_every_solution_of_small_grids_once(box, probe_fails, engine):
    """Every solution, each once, against the reference's list (a restart must not find a
    solution twice, nor one after a solution was reported)."""
    rng = random.Random(19 + probe_fails)
    n = box[0] * box[1]
    for _trial in range(25):
        # 4x4: from the empty grid (288 solutions) up; 6x6: from 14 givens (hundreds).
        low = 0 if n == 4 else 14
        puzzle = _random_puzzle(rng, box, rng.randrange(low, n * n // 2 + 1))
        expected = {tuple(s) for s in all_solutions(puzzle, box, 10**6)}
        search = _core.SudokuSearch(bytes(puzzle), *box, _strong(None, probe_fails, engine))
        found = []
        while True:
            status, values = search.next_solution()
            if status != _core.FOUND:
                assert status == _core.EXHAUSTED
                break
            found.append(tuple(values))
        assert len(found) == len(set(found)), (box, puzzle)
        assert set(found) == expected, (box, puzzle)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("probe_fails", PROBE_FAILS)
def test_counts_of_9x9_with_many_solutions(probe_fails, engine):
    """Puzzles with two or more solutions: the counts up to 30 match the reference."""
    puzzles = [line.split()[0][:81] for line in _lines(SERG)][::97][:10]
    for line in puzzles:
        values = [0 if ch in ".0" else int(ch) for ch in line]
        expected = count_solutions(values, (3, 3), 30)
        options = _strong(30, probe_fails, engine)
        count, first, _, status = _core.search(bytes(values), 3, 3, options)
        assert count == expected, line
        assert status == (_core.FOUND if expected == 30 else _core.EXHAUSTED)
        check_grid(values, list(first), (3, 3))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("probe_fails", PROBE_FAILS)
def test_contradictions_found_by_probing(probe_fails, engine):
    """Puzzles without a solution whose givens do not clash: the strong search says 0."""
    rng = random.Random(7)
    box = (2, 3)
    seen = 0
    for _ in range(3000):
        puzzle = [0] * 36
        for cell in rng.sample(range(36), 10):
            puzzle[cell] = rng.randrange(1, 7)
        if _clash(puzzle, box) or count_solutions(puzzle, box, 1):
            continue
        seen += 1
        count, first, _, status = _core.search(bytes(puzzle), *box, _strong(2, probe_fails, engine))
        assert (count, first, status) == (0, None, _core.EXHAUSTED), puzzle
    assert seen >= 20


def _clash(puzzle, box):
    """True if two givens of one unit are equal (the reference's rule, restated)."""
    r, c = box
    n = r * c
    groups = {}
    for cell, v in enumerate(puzzle):
        if v:
            i, j = divmod(cell, n)
            for unit in (("r", i), ("c", j), ("b", (i // r, j // c))):
                if (unit, v) in groups:
                    return True
                groups[(unit, v)] = cell
    return False


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("line", _lines(HARD16))
def test_tough_sparse_16x16_are_proven_unique(line, engine):
    """Forum puzzles with 81-84 givens that the engine without probing could not prove
    unique in 200,000 guesses: now unique within the same budget with its probes counted
    as guesses (about 140-220 guesses each), and the solution keeps the givens and the
    rules (the reference checker)."""
    grid = parse(line)
    assert (grid.n, grid.r, grid.c) == (16, 4, 4)
    result = fs.search(line, limit=2, node_limit=200_000, engine=engine)
    assert result.count == 1 and result.complete and result.guesses < 1000
    solution = parse(result.solution)
    check_grid(list(grid.values), list(solution.values), (4, 4))
    assert fs.solve(line, node_limit=200_000, engine=engine) == result.solution


@pytest.mark.parametrize("line", _lines(LARGE))
def test_hard_large_puzzles_are_proven_unique(line):
    """25x25 (Frisch's instance 19 with a row filled), 36x36 and 49x49 minimal puzzles: one
    solution, which keeps the givens and the rules, within a bounded search (the strong
    search is on by default at these sides)."""
    grid = parse(line)
    box = (grid.r, grid.c)
    result = fs.search(line, limit=2, node_limit=2_000_000)
    assert result.count == 1 and result.complete
    check_grid(list(grid.values), list(parse(result.solution).values), box)


@pytest.mark.parametrize("engine", ENGINES)
def test_tough_16x16_in_a_batch_with_a_bad_one(engine):
    """solve_many / count_many take the strong search too; a bad puzzle among them is
    marked (count 0 in solve_many, -1 in count_many) and the others are answered."""
    lines = _lines(HARD16)[:3]
    bad = "A" * 256
    batch = fs.solve_many(
        [lines[0], bad, *lines[1:]], limit=2, node_limit=200_000, threads=2, engine=engine
    )
    assert list(batch.status) == [fs.SOLVED, fs.INVALID, fs.SOLVED, fs.SOLVED]
    assert list(batch.counts) == [1, 0, 1, 1]
    for line, solution in zip(lines, [batch.solutions[0], *batch.solutions[2:]]):
        assert solution == fs.solve(line)
    counts = fs.count_many([lines[0], bad], limit=2, node_limit=200_000, engine=engine)
    assert counts.tolist() == [1, -1]


@pytest.mark.parametrize("engine", ENGINES)
def test_node_limit_counts_the_probes(engine):
    """The probes are work: a tough puzzle with a small node limit stops at it quickly
    (probing a level costs hundreds of probes), and resumes to the same answer."""
    line = _lines(HARD16)[0]
    grid = parse(line)
    options = _core.Options(engine, 2, 300, probe_fails=0)
    count, _, guesses, status = _core.search(grid.values, 4, 4, options)
    assert status == _core.NODE_LIMIT and count == 0 and guesses <= 300
    search = _core.SudokuSearch(grid.values, 4, 4, _core.Options(engine, 2, 300, probe_fails=0))
    assert search.next_solution()[0] == _core.NODE_LIMIT
    search.node_limit = -1
    status, values = search.next_solution()
    assert status == _core.FOUND
    check_grid(list(grid.values), list(values), (4, 4))
    assert search.next_solution()[0] == _core.EXHAUSTED


def test_plain_and_strong_agree_on_16x16():
    """The same first solution count and uniqueness verdicts, strong or not, on generated
    16x16 puzzles and on ones with a cell blanked (two or more solutions)."""
    plain = _core.Options("bitmask", 3, None, strong_over=65)
    strong = _core.Options("bitmask", 3, None, probe_fails=0)
    for p in fs.generate(16, count=6, seed=19):
        values = bytearray(parse(p.puzzle).values)
        for cell in itertools.islice((k for k, v in enumerate(values) if v), 0, 40, 8):
            values[cell] = 0
            a = _core.search(bytes(values), 4, 4, plain)
            b = _core.search(bytes(values), 4, 4, strong)
            assert a[0] == b[0]
            check_grid(list(values), list(b[1]), (4, 4))


def _solved_grid(line, box):
    """The solution of a unique puzzle, checked by the reference checker."""
    grid = parse(fs.solve(line)).values
    check_grid(list(parse(line).values), list(grid), box)
    return grid


def _kept(rng, grid, keep):
    """A puzzle of `keep` random cells of a solved grid (one solution or more)."""
    cells = set(rng.sample(range(len(grid)), keep))
    return bytes(grid[k] if k in cells else 0 for k in range(len(grid)))


def test_probe_scores_choose_on_25x25_with_the_same_counts():
    """From 25x25 a probed level branches on the cell whose probes placed most: counts up
    to 3 as with the plain search (where it ends within 200,000 guesses) and valid
    solutions, on puzzles of 320 cells of a 25x25 grid (most have several solutions),
    probing from the root.  The grid is Gecode's puzzle's solution, checked by the
    reference checker."""
    plain = _core.Options("bitmask", 3, 200_000, strong_over=65)
    strong = _core.Options("bitmask", 3, None, probe_fails=0)
    grid = _solved_grid(_lines(LARGE)[0], (5, 5))
    rng = random.Random(25)
    compared = 0
    for _ in range(12):
        values = _kept(rng, grid, 320)
        count, _, _, status = _core.search(values, 5, 5, plain)
        if status == _core.NODE_LIMIT:
            continue
        compared += 1
        b = _core.search(values, 5, 5, strong)
        assert b[0] == count >= 1
        check_grid(list(values), list(b[1]), (5, 5))
    assert compared >= 6


def test_probe_scores_choose_on_16x16_after_many_guesses():
    """On 16x16 the probes' score picks the cell once a search has made 200 guesses:
    counts up to 300 as with the plain search, on puzzles of 100-110 cells of a grid
    checked by the reference checker (hundreds of solutions, so the strong search passes
    200 guesses), probing from the root; every solution it reports is valid."""
    plain = _core.Options("bitmask", 300, 2_000_000, strong_over=65)
    strong = _core.Options("bitmask", 300, None, probe_fails=0)
    grid = _solved_grid(_lines(HARD16)[0], (4, 4))
    rng = random.Random(16)
    past = 0
    for keep in (110, 110, 100, 100):
        values = _kept(rng, grid, keep)
        count, _, _, status = _core.search(values, 4, 4, plain)
        assert status != _core.NODE_LIMIT
        search = _core.SudokuSearch(values, 4, 4, strong)
        found = 0
        while found < 300:
            status, solution = search.next_solution()
            if status != _core.FOUND:
                assert status == _core.EXHAUSTED
                break
            check_grid(list(values), list(solution), (4, 4))
            found += 1
        assert found == count
        past += search.guesses > 200
    assert past >= 2
