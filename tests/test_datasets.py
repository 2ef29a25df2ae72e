"""The shared benchmark sets: every puzzle solved to a valid grid and checked for uniqueness.

The full files are read from ../shared/data when that folder sits beside the checkout (as
in CI); otherwise from the samples in tests/data.
"""

import pytest

import fastsudoku as fs
from conftest import dataset
from reference import check_grid, count_solutions as ref_count

# The full 17-clue set (49,162 puzzles, about 18 s of the suite for the five engines, several
# times that in the checking builds) is the one long check: marked slow, so the checking builds
# (.ci/variant) and the per-platform CI matrix deselect it; .ci/run's plain `pytest` and one CI
# cell run it.  The other two sets are about as small as their samples.
UNIQUE_SETS = [
    pytest.param("puzzles2_17_clue", marks=pytest.mark.slow),
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
]


def _values(line):
    return [0 if ch in ".0" else int(ch) for ch in line]


@pytest.mark.parametrize("name", UNIQUE_SETS)
def test_every_puzzle_solved_and_unique(name, engine):
    puzzles = dataset(name)
    assert len(puzzles) > 30
    for p in puzzles:
        s = fs.solve(p, engine=engine)
        assert s is not None, p
        check_grid(_values(p), _values(s), (3, 3))
        assert fs.count_solutions(p, limit=2, engine=engine) == 1, p


def test_serg_counts_agree_with_reference(engine):
    """puzzles7_serg_benchmark puzzles have several solutions: counts up to 2 vs the oracle."""
    puzzles = dataset("puzzles7_serg_benchmark")
    sample = puzzles[:: max(1, len(puzzles) // 1000)][:1000]
    assert len(sample) >= 1000
    for p in sample:
        expect = ref_count(_values(p), (3, 3), 2)
        assert fs.count_solutions(p, limit=2, engine=engine) == expect, p
        s = fs.solve(p, engine=engine)
        if expect:
            check_grid(_values(p), _values(s), (3, 3))
        else:
            assert s is None


def test_guesses_reported():
    hard = dataset("puzzles6_forum_hardest_1106")[:20]
    assert all(fs.search(p).guesses > 0 for p in hard)
    # A puzzle solved by singles alone makes no guess.
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    assert fs.search(easy).guesses == 0
