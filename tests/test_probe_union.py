"""The strong search's probe pass (probe_pass, _core_bitmask.pxi), checked against a pass
written here from the rules: each candidate of each unplaced cell is propagated by naked
and hidden singles on a copy of the level; one that ends in a contradiction leaves the
level, which is propagated; and once a cell's candidates are all probed, a candidate that
none of their outcomes kept leaves the level too (the cell takes one of those values)."""

import random
from pathlib import Path

import pytest

from fastsudoku import _core
from reference import singles, units

HERE = Path(__file__).resolve().parent


def _geometry(r, c):
    n = r * c
    us = units(n, r, c)
    peers = [sorted({x for u in us if cell in u for x in u} - {cell}) for cell in range(n * n)]
    return n, us, peers


def _singles(masks, geo):
    return singles(masks, geo[1], geo[2])


def _reference_pass(level, geo, unions=True):
    """The pass over the cells in order, as the rules say (None: a contradiction)."""
    n = geo[0]
    level = list(level)
    for cell in range(len(level)):
        if level[cell] & (level[cell] - 1) == 0:
            continue
        outcomes = []
        for v in range(n):
            bit = 1 << v
            if not level[cell] & bit:
                continue
            trial = list(level)
            trial[cell] = bit
            got = _singles(trial, geo)
            if got is not None:
                outcomes.append(got)
                continue
            level[cell] &= ~bit
            level = _singles(level, geo)
            if level is None:
                return None
        if unions and outcomes:
            union = [0] * len(level)
            for got in outcomes:
                union = [a | b for a, b in zip(union, got)]
            cut = [m & u for m, u in zip(level, union)]
            if cut != level:
                level = _singles(cut, geo)
                if level is None:
                    return None
    return level


def _hard_9x9(count):
    """Puzzles rated 8.0 and up by Sudoku Explainer (singles leave most of them open)."""
    out = []
    for line in (HERE / "data" / "se_ratings.tsv").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split("\t")
        if float(fields[1]) >= 8.0:
            out.append(fields[0])
    return out[:count]


def _masks(puzzle, n):
    full = (1 << n) - 1
    return [1 << (int(ch, 36) - 1) if ch not in ".0" else full for ch in puzzle]


def _states():
    """Levels to probe: hard 9x9 puzzles as given and with some candidates struck out at
    random (many probes then fail), and random sparse 6x6 grids (2x3 and 3x2 boxes)."""
    rng = random.Random(19)
    for puzzle in _hard_9x9(60):
        masks = _masks(puzzle, 9)
        yield masks, (3, 3)
        for _ in range(1):
            struck = list(masks)
            for cell in rng.sample(range(81), 12):
                if struck[cell] & (struck[cell] - 1):
                    struck[cell] &= ~(1 << rng.randrange(9))
            yield struck, (3, 3)
    for box in ((2, 3), (3, 2)):
        for _ in range(30):
            masks = [(1 << 6) - 1] * 36
            for cell in rng.sample(range(36), 5):
                masks[cell] = 1 << rng.randrange(6)
            yield masks, box


def test_probe_pass_matches_the_rules():
    """The level after the engine's pass is the reference's, or both find a
    contradiction; and the unions are live: on some levels they remove candidates that
    failed probes alone leave."""
    passes = union_cuts = dead = 0
    for masks, box in _states():
        got = _core._probe_pass(masks, *box)
        if got is None:
            continue
        before, after = got
        geo = _geometry(*box)
        expected = _reference_pass(before, geo)
        assert after == expected, (box, masks)
        passes += 1
        if expected is None:
            dead += 1
        elif expected != _reference_pass(before, geo, unions=False):
            union_cuts += 1
    assert passes >= 100 and union_cuts >= 3 and dead >= 5, (passes, union_cuts, dead)


@pytest.mark.parametrize("box", [(2, 2), (1, 4)])
def test_probe_pass_refuses_nothing_a_solution_needs(box):
    """On small grids with many solutions, the pass keeps every solution's candidates."""
    from reference import all_solutions

    rng = random.Random(7)
    n = box[0] * box[1]
    for _ in range(40):
        puzzle = [0] * (n * n)
        for cell in rng.sample(range(n * n), 3):
            puzzle[cell] = rng.randrange(1, n + 1)
        solutions = all_solutions(puzzle, box, 10**6)
        masks = [1 << (v - 1) if v else (1 << n) - 1 for v in puzzle]
        got = _core._probe_pass(masks, *box)
        if not solutions:
            assert got is None or got[1] is None
            continue
        assert got is not None and got[1] is not None
        for sol in solutions:
            assert all(got[1][x] >> (sol[x] - 1) & 1 for x in range(n * n)), (puzzle, sol)
