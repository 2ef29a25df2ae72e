"""The probes of the strong search on 16x16 with 4x4 boxes run on digit-band boards
(Board16, _core_band16.pxi): each probe must find what the cell-mask propagation finds --
the same failures and the same count of candidates removed, which the branching weighs --
and both what a plain singles propagation written from the rules finds."""

import random
from pathlib import Path

import pytest

import fastsudoku as fs
from fastsudoku import _core
from fastsudoku.formats import parse
from reference import check_grid, singles, units

HERE = Path(__file__).resolve().parent
HARD16 = HERE / "data" / "hard" / "16x16_tough.txt"
N = 16
UNITS = units(N, 4, 4)
UNITS_OF = [[u for u in UNITS if cell in u] for cell in range(N * N)]
PEERS = [sorted({x for u in UNITS_OF[cell] for x in u} - {cell}) for cell in range(N * N)]
FULL = (1 << N) - 1


def _lines(path):
    return [x.strip() for x in path.read_text().splitlines() if x.strip() and x[0] != "#"]


def _singles(masks):
    """Naked and hidden singles to their fixed point (reference.singles) on the 16x16
    grid: the masks, or None on a contradiction."""
    return singles(masks, UNITS, PEERS)


def _removed(before, after):
    return sum(bin(m).count("1") for m in before) - sum(bin(m).count("1") for m in after)


def _states():
    """Levels to probe: tough puzzles as given, and the same with some of their solution
    filled in and some wrong values taken out (many probes then fail), or a right value
    taken out (a contradiction a few steps away)."""
    rng = random.Random(16)
    for line in _lines(HARD16)[:4]:
        puzzle = parse(line).values
        yield [1 << (v - 1) if v else FULL for v in puzzle]
        solution = parse(fs.solve(line)).values
        for filled, wrong_out, right_out in (
            (3, 0, 0),
            (0, 20, 0),
            (2, 10, 1),
            (0, 0, 1),
            (0, 0, 4),
        ):
            masks = [1 << (v - 1) if v else FULL for v in puzzle]
            for cell in rng.sample(range(N * N), filled):
                masks[cell] = 1 << (solution[cell] - 1)
            for _ in range(wrong_out):
                cell = rng.randrange(N * N)
                v = rng.randrange(N)
                if v != solution[cell] - 1 and masks[cell] & ~(1 << v):
                    masks[cell] &= ~(1 << v)
            for cell in rng.sample([x for x in range(N * N) if not puzzle[x]], right_out):
                if masks[cell] & ~(1 << (solution[cell] - 1)):
                    masks[cell] &= ~(1 << (solution[cell] - 1))
            yield masks


def test_board16_probes_match_the_cell_masks_and_the_rules():
    rng = random.Random(61)
    levels = probes = failed = checked = 0
    for masks in _states():
        got = _core._probe16(masks)
        if got is None:
            continue
        levels += 1
        probes += len(got)
        for cell, value, by_masks, by_board in got:
            assert by_masks == by_board, (cell, value, by_masks, by_board)
            failed += by_masks < 0
        # The rules, on a sample of the level's probes (plain Python is slow).
        level = _level(masks)
        for cell, value, by_masks, _ in rng.sample(got, min(25, len(got))):
            trial = list(level)
            trial[cell] = 1 << (value - 1)
            after = _singles(trial)
            expect = -1 if after is None else _removed(level, after)
            assert by_masks == expect, (cell, value, by_masks, expect)
            checked += 1
    # The states must have exercised both outcomes.
    assert levels >= 16 and probes > 10_000 and failed > 200 and checked >= 400


def _level(masks):
    """The level _probe16 probes, read back from the engine: the masks after singles and
    locked candidates.  Its probes' counts are compared, so the level must be the same:
    the engine's level is asked for by probing nothing (a fixpoint is its own)."""
    level = _singles(masks)
    assert level is not None
    # Locked candidates (the engine's level has them too): pointing and claiming to the
    # fixed point together with singles.
    while True:
        before = list(level)
        for box in UNITS[2 * N :]:
            for line in UNITS[: 2 * N]:
                inter = set(box) & set(line)
                if not inter:
                    continue
                for v in range(N):
                    bit = 1 << v
                    if not any(level[x] & bit for x in inter):
                        continue
                    if not any(level[x] & bit for x in box if x not in inter):
                        for x in line:
                            if x not in inter and level[x] & bit:
                                level[x] &= ~bit
                    if not any(level[x] & bit for x in line if x not in inter):
                        for x in box:
                            if x not in inter and level[x] & bit:
                                level[x] &= ~bit
        level = _singles(level)
        assert level is not None
        if level == before:
            return level


@pytest.mark.parametrize("line", _lines(HARD16)[:3])
def test_hard_16x16_unique_probing_from_the_root(line):
    """The strong search probing every level from the root (probe_fails=0): the one
    solution, keeping the givens and the rules (the reference checker), and no other."""
    grid = parse(line)
    count, first, _, status = _core.search(
        grid.values, 4, 4, _core.Options("bitmask", 2, None, probe_fails=0)
    )
    assert (count, status) == (1, _core.EXHAUSTED)
    check_grid(list(grid.values), list(first), (4, 4))


def test_board16_probe_pass_matches_the_cell_masks():
    """A whole pass -- probes, failed ones leaving the level, the level propagated -- gives
    the same level (masks and placed values) and the same scores both ways, or the same
    contradiction."""
    passes = changed = dead = 0
    for masks in _states():
        got = _core._probe_pass16(masks)
        if got is None:
            continue
        by_masks, by_board = got
        assert by_masks == by_board
        passes += 1
        if by_masks is None:
            dead += 1
        else:
            changed += by_masks[0][:256] != _level(masks)
    assert passes >= 16 and changed >= 3 and dead >= 1
