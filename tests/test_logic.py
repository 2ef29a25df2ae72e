"""The compiled logical solver: each technique on hand-made candidate positions (expected
results worked out from the technique's rule), soundness of every step against the
solution, and Sudoku Explainer's ratings (ER, EP, ED) against SukakuExplainer's own
output (tests/data/se_ratings.tsv)."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import fastsudoku as fs
from conftest import dataset
from fastsudoku import _core
from fastsudoku._rate import SE_TIER_BOUNDS, TECHNIQUES, _step, se_tier, tier_of
from reference import count_solutions

DATA = Path(__file__).resolve().parent / "data" / "se_ratings.tsv"


def _cells_of(kind, k):
    if kind == "row":
        return [k * 9 + c for c in range(9)]
    if kind == "col":
        return [r * 9 + k for r in range(9)]
    br, bc = divmod(k, 3)
    return [(br * 3 + r) * 9 + bc * 3 + c for r in range(3) for c in range(3)]


class Pencil:
    """A 9x9 candidate grid built by hand: every candidate everywhere, then removals."""

    def __init__(self):
        self.cand = [set(range(1, 10)) for _ in range(81)]

    def only(self, cells, value, keep):
        """`value` stays in the cells of `keep` only, among `cells`."""
        for x in cells:
            if x not in keep:
                self.cand[x].discard(value)

    def set(self, cell, values):
        self.cand[cell] = set(values)

    def text(self):
        return "".join(
            "".join(str(v) if v in cs else "." for v in range(1, 10)) for cs in self.cand
        )

    def hint(self):
        return fs.hint(self.text())

    def masks(self):
        return [sum(1 << (v - 1) for v in cs) for cs in self.cand]


def rc(cell):
    return (cell // 9 + 1, cell % 9 + 1)


def test_candidate_grid_naked_single():
    p = Pencil()
    p.set(40, {7})
    h = p.hint()
    assert (h.technique, h.cells, h.placed, h.difficulty) == ("naked_single", ((5, 5),), 7, 2.3)
    assert h.eliminated == ()


@pytest.mark.parametrize(
    "house, index, value, cell, technique, difficulty, where",
    [
        ("row", 1, 4, 13, "hidden_single_line", 1.5, "row 2"),  # 4 fits only r2c5
        ("box", 4, 9, 40, "hidden_single_box", 1.2, "box 5"),  # 9 fits only r5c5
    ],
)
def test_hidden_singles(house, index, value, cell, technique, difficulty, where):
    p = Pencil()
    p.only(_cells_of(house, index), value, keep={cell})
    h = p.hint()
    assert (h.technique, h.cells[0], h.placed, h.difficulty) == (
        technique,
        rc(cell),
        value,
        difficulty,
    )
    assert h.houses == (where,)


def test_full_house():
    full = fs.solve("." * 81)
    h = fs.hint("." + full[1:])
    assert (h.technique, h.cells, h.placed, h.difficulty) == (
        "full_house",
        ((1, 1),),
        int(full[0]),
        1.0,
    )


def test_pointing_and_claiming():
    p = Pencil()
    box1 = _cells_of("box", 0)
    p.only(box1, 5, keep={0, 1})  # in box 1, 5 lies in row 1 only
    h = p.hint()
    assert (h.technique, h.difficulty, h.digits) == ("pointing", 2.6, (5,))
    assert set(h.eliminated) == {(1, c, 5) for c in range(4, 10)}
    assert set(h.cells) == {(1, 1), (1, 2)} and h.houses == ("box 1", "row 1")
    p = Pencil()
    row4 = _cells_of("row", 3)
    p.only(row4, 8, keep={27, 28})  # in row 4, 8 lies in box 4 only
    h = p.hint()
    assert (h.technique, h.difficulty) == ("claiming", 2.8)
    assert set(h.eliminated) == {(r, c, 8) for r in (5, 6) for c in (1, 2, 3)}


def test_direct_pointing_places_only_its_single():
    p = Pencil()
    p.only(_cells_of("box", 0), 5, keep={0, 1})  # box 1: 5 in row 1 only
    # box 2 (r1-3, c4-6): 5 only in r1c4, r1c5 and r2c6 -- once 5 leaves row 1, r2c6
    p.only(_cells_of("box", 1), 5, keep={3, 4, 14})
    h = p.hint()
    assert (h.technique, h.difficulty, h.placed, h.cells[0]) == ("direct_pointing", 1.7, 5, (2, 6))
    assert h.eliminated == ()  # as in SE: the single, not the removals, is applied


def _subset_board(cells, values):
    p = Pencil()
    for x in cells:
        p.set(x, values)
    return p


@pytest.mark.parametrize(
    "size,name,diff", [(2, "naked_pair", 3.0), (3, "naked_triple", 3.6), (4, "naked_quad", 5.0)]
)
def test_naked_subsets(size, name, diff):
    # r1c1.. hold only 1..size between them, no two the same (each cell 2+ candidates)
    values = set(range(1, size + 1))
    cells = list(range(size))
    p = Pencil()
    for k, x in enumerate(cells):
        p.set(x, values - {k + 1} if size > 2 else values)
    h = p.hint()
    assert (h.technique, h.difficulty) == (name, diff)
    assert set(h.cells) == {rc(x) for x in cells}
    # the values leave the rest of the first house SE looks at that holds the cells: box 1
    # (before rows), or row 1 for the quad (its fourth cell is in box 2)
    house = _cells_of("box", 0) if size < 4 else _cells_of("row", 0)
    assert set(h.eliminated) == {(*rc(x), v) for x in house if x not in cells for v in values}


@pytest.mark.parametrize(
    "size,name,diff", [(2, "hidden_pair", 3.4), (3, "hidden_triple", 4.0), (4, "hidden_quad", 5.4)]
)
def test_hidden_subsets(size, name, diff):
    # 1..size fit only these cells of box 1, spread over its rows and columns (so that no
    # intersection comes first)
    values = list(range(1, size + 1))
    cells = [0, 10, 20, 2][:size]
    p = Pencil()
    for v in values:
        p.only(_cells_of("box", 0), v, keep=set(cells))
    h = p.hint()
    assert (h.technique, h.difficulty) == (name, diff), h
    assert set(h.cells) == {rc(x) for x in cells}
    assert set(h.eliminated) == {(*rc(x), v) for x in cells for v in range(size + 1, 10)}


def test_hidden_pair_on_one_line_is_a_pointing_first():
    p = Pencil()
    for v in (1, 2):
        p.only(_cells_of("box", 0), v, keep={0, 1})  # both in row 1: pointing (2.6) first
    assert p.hint().technique == "pointing"


# Base columns and, for each, the two cover rows that keep its 5s: a cycle, each column's
# rows in different bands (no intersection), no smaller fish inside.
FISH = {
    2: ([0, 3], [(1, 4), (4, 1)]),
    3: ([0, 3, 6], [(1, 4), (4, 7), (7, 1)]),
    4: ([0, 3, 6, 1], [(1, 4), (4, 2), (2, 7), (7, 1)]),
}


@pytest.mark.parametrize(
    "size,name,diff", [(2, "x_wing", 3.2), (3, "swordfish", 3.8), (4, "jellyfish", 5.2)]
)
def test_fish(size, name, diff):
    cols, keeps = FISH[size]
    p = Pencil()
    for col, rows in zip(cols, keeps):
        p.only(_cells_of("col", col), 5, keep={r * 9 + col for r in rows})
    rows = {r for pair in keeps for r in pair}
    # each base line holds two places: a cycle of strong links, which SE's strong-link
    # chains (two_strong_links, 4.0) take first for the jellyfish -- so it is looked for
    # with them left out
    if size == 4:
        assert p.hint().technique == "two_strong_links"
    allowed = sum(1 << k for k, t in enumerate(TECHNIQUES) if "strong_links" not in t)
    raw = _core._logic_steps(bytes(81), 3, 3, p.masks(), 1, allowed)[0][0]
    h = _step(raw, 9)
    assert (h.technique, h.difficulty, h.digits) == (name, diff, (5,)), h
    assert set(h.eliminated) == {(r + 1, c + 1, 5) for r in rows for c in range(9) if c not in cols}


def test_xy_and_xyz_wings():
    p = Pencil()
    p.set(0, {1, 2})  # pivot r1c1
    p.set(4, {1, 3})  # pincer r1c5 (its row)
    p.set(27, {2, 3})  # pincer r4c1 (its column)
    h = p.hint()
    assert (h.technique, h.difficulty) == ("xy_wing", 4.2), h
    assert set(h.cells) == {(1, 1), (1, 5), (4, 1)}
    assert set(h.eliminated) == {(4, 5, 3)}  # r4c5 sees both pincers
    p = Pencil()
    p.set(0, {1, 2, 3})  # pivot r1c1
    p.set(10, {1, 3})  # pincer r2c2 (its box)
    p.set(4, {2, 3})  # pincer r1c5 (its row)
    h = p.hint()
    assert (h.technique, h.difficulty) == ("xyz_wing", 4.4), h
    assert set(h.eliminated) == {(1, 2, 3), (1, 3, 3)}  # the cells that see all three


def test_skyscraper():
    p = Pencil()
    p.only(_cells_of("col", 0), 5, keep={9, 63})  # column 1: 5 only in r2c1, r8c1
    p.only(_cells_of("col", 4), 5, keep={22, 67})  # column 5: 5 only in r3c5, r8c5
    h = p.hint()
    assert (h.technique, h.difficulty, h.digits) == ("two_strong_links", 4.0, (5,)), h
    # the ends r2c1 and r3c5 (the links meet in row 8): 5 leaves the cells seeing both
    assert set(h.eliminated) == {(2, 4, 5), (2, 6, 5), (3, 2, 5), (3, 3, 5)}
    assert set(h.cells) == {(2, 1), (8, 1), (3, 5), (8, 5)}


# --- soundness -----------------------------------------------------------------------------------


def _check_steps(puzzle, solution, n, box=None, nesting=fs.MAX_NESTING):
    for step in fs.steps(puzzle, box=box, nesting=nesting):
        if step.placed is not None:
            r, c = step.cells[0]
            assert int(solution[(r - 1) * n + c - 1]) == step.placed, step
        for r, c, value in step.eliminated:
            assert int(solution[(r - 1) * n + c - 1]) != value, step


@pytest.mark.heavy
def test_steps_are_sound_on_hard_sets():
    # up to SE's "Dynamic (+)": the nested chains take seconds a step on the forum's
    # hardest (test_nested_chains_agree_with_se has them)
    for name in ("puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"):
        for puzzle in dataset(name)[:60]:
            _check_steps(puzzle, fs.solve(puzzle), 9, nesting=1)


@pytest.mark.parametrize("size,box", [(4, None), (6, (2, 3)), (6, (3, 2)), (8, (2, 4))])
def test_steps_on_other_shapes(size, box):
    for g in fs.generate(size, box=box, count=6, seed=3):
        assert fs.steps(g.puzzle, box=box)
        _check_steps(g.puzzle, g.solution, size, box)


def test_candidate_grid_of_a_puzzle_rates_as_the_puzzle():
    puzzle = dataset("puzzles2_17_clue")[5]
    marks = []
    for ch in puzzle:
        marks.append("." * (int(ch) - 1) + ch + "." * (9 - int(ch)) if ch != "." else "123456789")
    # the givens are cells with one candidate (empty cells to the solver)
    text = "".join(marks)
    r = fs.rate(text)
    assert r.status == fs.Status.SOLVED and r.effort == 0.0
    _check_steps(text, fs.solve(puzzle), 9)
    # a candidate grid with the solution's value removed from a cell has no solution
    solution = fs.solve(puzzle)
    cut = list(text)
    cell = puzzle.index(".")
    cut[int(solution[cell]) - 1 + cell * 9] = "."
    assert fs.rate("".join(cut)).status == fs.Status.NO_SOLUTION


def test_candidate_grid_errors_name_the_place():
    bad = "123456789" * 80 + "12345678x"
    with pytest.raises(fs.ParseError) as e:
        fs.rate(bad)
    assert (e.value.row, e.value.column, e.value.char) == (9, 9, "x")
    empty = "123456789" * 40 + "." * 9 + "123456789" * 40
    with pytest.raises(fs.ParseError) as e:
        fs.hint(empty)
    assert (e.value.row, e.value.column) == (5, 5)
    # a contradictory pencil-mark state has no solution
    assert fs.rate("1........" * 81).status == fs.Status.NO_SOLUTION


# --- Sudoku Explainer's ratings ---------------------------------------------------------------


def _tsv(path):
    """The tab-separated fields of each line of a data file ('#' comments and blank lines
    skipped)."""
    return [
        line.split("\t")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]


def _se_rows():
    return [
        (puzzle, float(er), float(ep), float(ed), name)
        for puzzle, er, ep, ed, name, _source in _tsv(DATA)
    ]


def test_se_ratings_agree_below_the_chains():
    """Every puzzle SE rates below 6.5 (no chain on its path): ER, EP and ED exactly as
    SE's."""
    checked = 0
    for puzzle, er, ep, ed, _ in _se_rows():
        if er >= 6.5:
            continue
        r = fs.rate(puzzle)
        assert (r.se, r.se_pearl, r.se_diamond) == (er, ep, ed), (puzzle, r)
        checked += 1
    assert checked > 1000


def _band(er):
    """The 9x9 tier of an ER, written from the bands' definition (1.5 / 2.5 / 3.4)."""
    for tier, bound in (("simple", 1.5), ("easy", 2.5), ("intermediate", 3.4)):
        if er <= bound:
            return tier
    return "expert"


def test_9x9_tiers_are_bands_of_se():
    """The 9x9 tier is the band of SE's own ER (the oracle's), both from rate() and from
    the cheaper restricted ladder that generate() uses (tier_of)."""
    seen = set()
    for puzzle, er, *_ in _se_rows():
        if er > 4.5:
            continue
        values = bytes(0 if ch == "." else int(ch) for ch in puzzle)
        assert fs.rate(puzzle).tier == _band(er), puzzle
        assert tier_of(values, 3, 3) == _band(er), puzzle
        seen.add(_band(er))
    assert seen == {"simple", "easy", "intermediate", "expert"}


def test_se_tier_bounds():
    assert [se_tier(x) for x in (1.0, 1.5, 1.7, 2.5, 2.6, 3.4, 3.6, 11.9, None)] == [
        "simple",
        "simple",
        "easy",
        "easy",
        "intermediate",
        "intermediate",
        "expert",
        "expert",
        "expert",
    ]
    assert SE_TIER_BOUNDS == (1.5, 2.5, 3.4)


@pytest.mark.slow
def test_se_ratings_agree_with_chains():
    """A fifth of the puzzles SE rates 6.5 and up (cycles, forcing chains, Nishio, cell and
    region chains, dynamic chains): ER, EP and ED exactly as SE's, where SE's path needs
    no nested chain (its names with "(+"), which are not compiled yet (se None)."""
    rows = [row for row in _se_rows() if row[1] >= 6.5][::5]
    rated = 0
    for puzzle, er, ep, ed, name in rows:
        r = fs.rate(puzzle)
        if "(+" in name:
            assert r.se is None or (r.se, r.se_pearl, r.se_diamond) == (er, ep, ed), puzzle
            continue
        assert (r.se, r.se_pearl, r.se_diamond) == (er, ep, ed), (puzzle, r)
        rated += 1
    assert rated > 60


def _peers_9(a, b):
    """Whether two cells of a 9x9 grid share a row, column or box (written here)."""
    (r1, c1), (r2, c2) = a, b
    return a != b and (
        r1 == r2 or c1 == c2 or ((r1 - 1) // 3, (c1 - 1) // 3) == ((r2 - 1) // 3, (c2 - 1) // 3)
    )


def _replay(puzzle, steps):
    """Candidates before each step, replayed from the puzzle: a placed value leaves its
    peers, an elimination leaves its cell (an independent record of the position)."""
    value = {(k // 9 + 1, k % 9 + 1): int(ch) for k, ch in enumerate(puzzle) if ch != "."}
    cells = [(r, c) for r in range(1, 10) for c in range(1, 10)]
    cand = {
        x: set() if x in value else set(range(1, 10)) - {value[p] for p in value if _peers_9(x, p)}
        for x in cells
    }
    for step in steps:
        yield {x: set(v) for x, v in cand.items()}
        for r, c, d in step.eliminated:
            cand[(r, c)].discard(d)
        if step.placed is not None:
            x = step.cells[0]
            cand[x] = set()
            for p in cells:
                if _peers_9(x, p):
                    cand[p].discard(step.placed)


def test_chain_steps_show_their_chains():
    """Every chain step lists its chains, and each link follows from the one before by the
    rules: an "on" turns off the cell's other values and the value in the cell's peers;
    an "off" turns on the cell's other value or the value's other place in a house -- and
    in the static forcing chains (no removal along the way) that "other" is the only one
    left in the position before the step.  The chains end where the step says: on the
    candidate it removes or places, on both states of one candidate (contradiction), or
    back at their start (cycle).  The sentence shows them."""
    rows = [row for row in _se_rows() if 6.5 <= row[1] < 9.0][::6]
    kinds = set()
    for puzzle, *_ in rows:
        steps = fs.steps(puzzle)
        for step, cand in zip(steps, _replay(puzzle, steps)):
            if not step.technique.endswith(("chain", "chains", "nishio")):
                assert step.chains == ()
                continue
            assert step.chains, step
            for chain in step.chains:
                assert (
                    " -> ".join(f"r{r}c{c}{'=' if on else '<>'}{d}" for r, c, d, on in chain[1:])
                    in step.text
                )
                for (r1, c1, d1, on1), (r2, c2, d2, on2) in zip(chain, chain[1:]):
                    a, b = (r1, c1), (r2, c2)
                    assert on1 != on2, chain
                    if on1:  # on -> off
                        assert (a == b and d1 != d2) or (d1 == d2 and _peers_9(a, b)), chain
                    else:  # off -> on
                        assert (a == b and d1 != d2) or (d1 == d2 and _peers_9(a, b)), chain
                        if step.technique == "forcing_chain":
                            if a == b:
                                assert cand[a] == {d1, d2}, (chain, cand[a])
                            else:
                                houses = [
                                    [x for x in cand if x[0] == r1 and x[0] == r2],
                                    [x for x in cand if x[1] == c1 and x[1] == c2],
                                    [
                                        x
                                        for x in cand
                                        if (x[0] - 1) // 3 == (r1 - 1) // 3 == (r2 - 1) // 3
                                        and (x[1] - 1) // 3 == (c1 - 1) // 3 == (c2 - 1) // 3
                                    ],
                                ]
                                assert any(
                                    h and {x for x in h if d1 in cand[x]} == {a, b} for h in houses
                                ), chain
            ends = [chain[-1] for chain in step.chains]
            first = step.chains[0][0]
            if len(step.chains) == 1 and ends[0] == first:
                kinds.add("cycle")
            elif len({(r, c, d) for r, c, d, _ in ends}) == 1 and len({on for *_, on in ends}) == 2:
                kinds.add("contradiction")
            else:
                kinds.add("forcing")
                for r, c, d, on in ends:
                    if on:
                        assert step.placed == d and step.cells[0] == (r, c), step
                    else:
                        assert (r, c, d) in step.eliminated, step
    assert kinds == {"cycle", "contradiction", "forcing"}


def test_dynamic_chains_with_basic_rules_inside():
    """SE's level 1 ("Dynamic ... Forcing Chains (+)"): intersections, hidden and naked
    pairs and X-wings inside dynamic chains.  SukakuExplainer 1.18.1's numbers."""
    for puzzle, want in (
        (
            "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
            (9.8, 1.2, 1.2),
        ),
        (
            "..3.9....1...4..36..8..21...4..8..73...9................4.7..686........7.....5.4",
            (9.7, 9.7, 2.6),
        ),
    ):
        r = fs.rate(puzzle)
        assert (r.se, r.se_pearl, r.se_diamond) == want and r.hardest == "dynamic_chains_plus"


def test_se_is_none_where_the_techniques_run_out():
    # AI Escargot: SE rates it 10.5 with forcing chains nested in dynamic chains (level 2),
    # past what nesting=1 allows
    hard = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    r = fs.rate(hard, nesting=1)
    assert r.status == fs.Status.SOLVED and r.se is None and r.hardest is None
    assert r.tier == "expert"
    assert fs.steps(hard, nesting=1)[-1].technique != "nested_forcing_chains"


@pytest.mark.parametrize(
    "value, error", [(-1, ValueError), (5, ValueError), (True, TypeError), ("4", TypeError)]
)
def test_nesting_option_is_checked(value, error):
    easy = ".....3.....96.7..37.4.92..1..59748.2972.581.44832....96.87.93..5914..278.2.81..4."
    for call in (fs.rate, fs.steps, fs.hint, fs.rate_many):
        with pytest.raises(error, match="nesting"):
            call([easy] if call is fs.rate_many else easy, nesting=value)


NESTED = Path(__file__).parent / "data" / "se_nested.tsv"
_LEVEL_NAMES = {
    "(+)": "dynamic_chains_plus",
    "(+ Forcing Chains)": "nested_forcing_chains",
    "(+ Multiple Forcing Chains)": "nested_multiple_chains",
    "(+ Dynamic Forcing Chains)": "nested_dynamic_chains",
}


def _nested_rows():
    rows = []
    for puzzle, er, ep, ed, name, se_ms in _tsv(NESTED):
        technique = next(t for suffix, t in _LEVEL_NAMES.items() if name.endswith(suffix))
        rows.append((puzzle, (float(er), float(ep), float(ed)), technique, float(se_ms)))
    return rows


@pytest.mark.slow
def test_nested_chains_agree_with_se():
    """Of the puzzles SE rates with chains nested in dynamic chains, those it rates fastest
    at each level (2: forcing chains, 3: multiple forcing chains, 4: dynamic forcing chains
    nested): ER, EP, ED and the technique exactly as SE's; one level less and the puzzle is
    past the techniques.  (tests/data/se_nested.tsv has 54; all agree, 4 minutes.)"""
    rows = sorted(_nested_rows(), key=lambda row: row[3])
    levels = ("nested_forcing_chains", "nested_multiple_chains", "nested_dynamic_chains")
    picked = [row for row in rows if row[2] == levels[0]][:3]
    picked += [next(row for row in rows if row[2] == level) for level in levels[1:]]
    for puzzle, want, technique, _ in picked:
        r = fs.rate(puzzle)
        assert (r.se, r.se_pearl, r.se_diamond) == want and r.hardest == technique, puzzle
        assert fs.rate(puzzle, nesting=levels.index(technique) + 1).se is None
    puzzle, want, technique, _ = picked[0]
    batch = fs.rate_many([puzzle, puzzle], threads=2)
    assert batch.se.tolist() == [want[0]] * 2
    assert batch.hardest.tolist() == [TECHNIQUES.index(technique)] * 2


@pytest.mark.slow
def test_nested_dynamic_chains_are_sound():
    """A forum puzzle past SE's level 3 (no rating of SE's to compare: it takes SE hours):
    with dynamic chains nested in dynamic chains (level 4) every step is sound and the
    steps solve it; at nesting 3 it is past the techniques."""
    puzzle = "........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1..7.......4"
    assert fs.rate(puzzle, nesting=3).se is None
    solution = fs.solve(puzzle)
    found = fs.steps(puzzle)
    assert max(found, key=lambda s: s.difficulty).technique == "nested_dynamic_chains"
    grid = [int(ch) if ch != "." else 0 for ch in puzzle]
    for step in found:
        if step.placed is not None:
            r, c = step.cells[0]
            assert int(solution[(r - 1) * 9 + c - 1]) == step.placed, step
            grid[(r - 1) * 9 + c - 1] = step.placed
        for r, c, value in step.eliminated:
            assert int(solution[(r - 1) * 9 + c - 1]) != value, step
    assert "".join(map(str, grid)) == solution


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT delivery to this process")
@pytest.mark.usefixtures("sigint")
def test_ctrl_c_stops_nested_chains():
    """Ctrl-C stops a nested chain search within a moment (rate, steps, rate_many), and the
    next call runs normally."""
    puzzle = max(_nested_rows(), key=lambda row: row[3])[0]  # SE: over a minute
    for call in (fs.rate, fs.steps, lambda p: fs.rate_many([p, p], threads=2)):
        timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
        start = time.perf_counter()
        timer.start()
        try:
            with pytest.raises(KeyboardInterrupt):
                call(puzzle)
        finally:
            timer.cancel()
        assert time.perf_counter() - start < 3.0
    assert fs.rate(puzzle, nesting=1).status == fs.Status.SOLVED


def test_se_only_for_9x9():
    g = fs.generate(4, count=1, seed=1)[0]
    r = fs.rate(g.puzzle)
    assert r.se is None and r.hardest in TECHNIQUES


# --- rate_many --------------------------------------------------------------------------------


def test_rate_many_equals_rate_on_every_thread_count():
    rows = _se_rows()[::40]
    puzzles = [row[0] for row in rows]
    arr = np.array([[0 if ch == "." else int(ch) for ch in p] for p in puzzles], dtype=np.uint8)
    one = fs.rate_many(arr, threads=1)
    two = fs.rate_many(arr, threads=2)
    strings = fs.rate_many(puzzles)
    for a, b in zip(one, two):
        assert np.array_equal(a, b, equal_nan=True)
    for a, b in zip(one, strings):
        assert np.array_equal(a, b, equal_nan=True)
    for k, p in enumerate(puzzles):
        r = fs.rate(p)
        assert one.status[k] == fs.SOLVED
        if r.se is None:
            assert np.isnan(one.se[k]) and one.hardest[k] == -1
        else:
            assert (one.se[k], one.se_pearl[k], one.se_diamond[k]) == (
                r.se,
                r.se_pearl,
                r.se_diamond,
            )
            assert fs.TECHNIQUES[one.hardest[k]] == r.hardest


def test_rate_many_marks_bad_puzzles_and_goes_on():
    good = ".....3.....96.7..37.4.92..1..59748.2972.581.44832....96.87.93..5914..278.2.81..4."
    r = fs.rate_many([good, "xx", "." * 81, "11" + "." * 79, good])
    assert r.status.tolist() == [fs.SOLVED, fs.INVALID, fs.NOT_UNIQUE, fs.INVALID, fs.SOLVED]
    assert r.se[0] == r.se[4] == 1.2 and np.isnan(r.se[1:4]).all()
    assert r.hardest.tolist()[1:4] == [-1, -1, -1]
    # other sizes: the hardest technique, no SE numbers
    g = fs.generate(4, count=3, seed=2)
    small = fs.rate_many([x.puzzle for x in g])
    assert (small.status == fs.SOLVED).all() and np.isnan(small.se).all()
    assert (small.hardest >= 0).all()
    with pytest.raises(ValueError):
        fs.rate_many(["." * 81], threads=0)


# --- generation to order -------------------------------------------------------------------------


@pytest.mark.parametrize("band", [(1.0, 1.5), (2.6, 3.9), (4.0, 6.0), (6.5, 8.0)])
def test_generate_to_an_se_band(band):
    made = fs.generate(se=band, count=2, seed=11)
    for g in made:
        r = fs.rate(g.puzzle)
        assert r.status == fs.Status.SOLVED and band[0] <= r.se <= band[1], (g.puzzle, r)
    # reproducible, and the same on two threads
    assert [g.puzzle for g in made] == [
        g.puzzle for g in fs.generate(se=band, count=2, seed=11, threads=2)
    ]


@pytest.mark.heavy
def test_generate_the_top_bands_from_hard_seeds():
    """From ER 8.5 up, puzzles are {-1+1} neighbours of the shipped hard puzzles (random
    isomorphs): unique (an independent solver counts), rated in the band, new (no seed's
    canonical form), the same for the same seed on two threads."""
    from fastsudoku._generate import _hard_seeds

    seeds = {fs.canonical("".join(str(v or ".") for v in values)) for values in _hard_seeds()}
    for band in ((9.0, 9.4), (8.5, 8.9)):
        made = fs.generate(se=band, count=2, seed=7)
        for g in made:
            assert count_solutions(list(g.values()), (3, 3), 2) == 1
            assert band[0] <= fs.rate(g.puzzle).se <= band[1]
            assert fs.solve(g.puzzle) == g.solution
            assert fs.canonical(g.puzzle) not in seeds
        assert made == fs.generate(se=band, count=2, seed=7, threads=2)
    (g,) = fs.generate(technique="dynamic_chains", seed=3)
    assert fs.rate(g.puzzle).hardest == "dynamic_chains"


def test_generate_to_a_technique_and_refusals():
    for g in fs.generate(technique="pointing", count=2, seed=5):
        assert fs.rate(g.puzzle).hardest == "pointing"
    for g in fs.generate(6, box=(2, 3), technique="hidden_single_line", count=2, seed=5):
        assert fs.rate(g.puzzle, box=(2, 3)).hardest == "hidden_single_line"
    with pytest.raises(ValueError, match="9x9"):
        fs.generate(4, se=(1.0, 2.0))
    with pytest.raises(ValueError, match="technique"):
        fs.generate(technique="bogus")
    with pytest.raises(ValueError):
        fs.generate(se=(5.0, 2.0))
    with pytest.raises(TypeError):
        fs.generate(se="hard")
    with pytest.raises(fs.GenerationError, match=r"rated 9\.8-9\.9"):
        fs.generate(se=(9.8, 9.9), attempts=3, seed=1)


# --- published example positions (HoDoKu's technique pages) -------------------------------------

HODOKU = Path(__file__).parent / "data" / "hodoku_examples.tsv"
# HoDoKu's names -> ours (SE's technique of the same pattern)
_HODOKU_NAMES = {
    "Locked Candidates Type 1 (Pointing)": "pointing",
    "Locked Candidates Type 2 (Claiming)": "claiming",
    "Naked Pair": "naked_pair",
    "Naked Triple": "naked_triple",
    "Naked Quadruple": "naked_quad",
    "Hidden Pair": "hidden_pair",
    "Hidden Triple": "hidden_triple",
    "Hidden Quadruple": "hidden_quad",
    "X-Wing": "x_wing",
    "Swordfish": "swordfish",
    "Jellyfish": "jellyfish",
    "XY-Wing": "xy_wing",
    "XYZ-Wing": "xyz_wing",
    "Skyscraper": "two_strong_links",
    "2-String Kite": "two_strong_links",
    "Turbot Fish": "two_strong_links",
    "Empty Rectangle": "two_strong_links",
    "Uniqueness Test 1": "unique_loop",
    "Unique Rectangle Type 1": "unique_loop",
    "Unique Rectangle Type 2": "unique_loop",
    "Unique Rectangle Type 4": "unique_loop",
    "Bivalue Universal Grave + 1": "bug",
    "BUG+1": "bug",
}


def _hodoku_cells(spec):
    """HoDoKu's cell lists: "r4c23" -> r4c2, r4c3; "r25c4" -> r2c4, r5c4."""
    rows, cols = spec[1:].split("c")
    return [(int(r), int(c)) for r in rows for c in cols]


def _hodoku_removals(step):
    """The candidates a HoDoKu step line removes, as (row, column, digit): its clauses
    ("=> r4c23,r5c456<>9", "=> r2c2<>8, r2c2<>9") are cell groups with the digits they
    lose."""
    removals = set()
    for clause in step.split("=>")[1].split(", "):
        groups, digits = clause.strip().split("<>")
        for group in groups.split(","):
            removals |= {(r, c, int(d)) for r, c in _hodoku_cells(group) for d in digits}
    return removals


def _hodoku_rows():
    rows = []
    for name, url, grid, step in _tsv(HODOKU):
        cells = grid.split()
        assert len(cells) == 81, url
        page = url.split("file=")[1].split("&")[0]
        rows.append(pytest.param(name, url, cells, step, id=f"{_HODOKU_NAMES[name]}-{page}"))
    return rows


@pytest.mark.parametrize("name, url, cells, step", _hodoku_rows())
def test_published_examples(name, url, cells, step):
    """HoDoKu's example of each technique SE has: from HoDoKu's position, that technique
    alone (SE's version of it) makes HoDoKu's step -- every candidate it removes is removed
    -- at SE's difficulty, and removes only candidates the solution does not hold."""
    technique = _HODOKU_NAMES[name]
    values = bytes(int(c) if len(c) == 1 else 0 for c in cells)
    masks = [sum(1 << (int(d) - 1) for d in c) for c in cells]
    solution = fs.solve("".join(str(v) if v else "." for v in values))
    assert solution is not None, url
    allowed = 1 << TECHNIQUES.index(technique)
    raw, _ = _core._logic_steps(values, 3, 3, masks, 40, allowed)
    found = [_step(x, 9) for x in raw]
    assert found, (url, step)
    removed = set()
    least = _core.TECH_DIFFICULTY[TECHNIQUES.index(technique)] / 10
    for s in found:
        assert s.technique == technique, (url, s)
        # SE's difficulty: its own for each of these, growing with the size of the
        # strong-link chains, the unique loops and the BUG's extra values
        if technique in ("two_strong_links", "unique_loop", "bug"):
            assert least <= s.difficulty < least + 1, (url, s)
        else:
            assert s.difficulty == least, (url, s)
        for r, c, d in s.eliminated:
            assert int(solution[(r - 1) * 9 + c - 1]) != d, (url, s)
            removed.add((r, c, d))
    expected = _hodoku_removals(step)
    assert expected and expected <= removed, (url, step, sorted(expected - removed))
