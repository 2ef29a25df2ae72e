"""The Interactive Sudoku Solver's text (fastsudoku.variants.from_iss): its example puzzles
solve to the ISS's stored solutions, the rules read as the ISS reads them (checked with the
independent rule checker and brute force on small grids), unsupported types named."""

from pathlib import Path

import pytest

import fastsudoku as fs
from fastsudoku.variants import VariantError, from_iss
from variant_reference import brute_count, check_variant

DATA = Path(__file__).resolve().parent / "data" / "variants" / "iss_examples.txt"
PAIRWISE = DATA.with_name("iss_pairwise.txt")
MORE = DATA.with_name("iss_more.txt")
# Killers with no givens that the variant engine still takes seconds over (8-12 s here).
SLOW = {"Killing with flowers", "Wecoc #1"}


def _examples(path=DATA):
    blocks = [b for b in path.read_text().split("\n\n") if b.startswith(">")]
    out = []
    for block in blocks:
        head, text, solution = block.strip().split("\n")
        name = head[2:].rsplit(" (", 1)[0]
        marks = [pytest.mark.slow] if name in SLOW else []
        out.append(pytest.param(name, text, solution, id=name, marks=marks))
    return out


@pytest.mark.parametrize(
    "name, text, solution", _examples() + _examples(PAIRWISE) + _examples(MORE)
)
def test_iss_examples_solve_to_their_stored_solution(name, text, solution):
    puzzle = from_iss(text)
    result = fs.search(puzzle, limit=2)
    assert result.count == 1
    # The ISS's stored form, 16x16 in letters A = 1 .. P = 16, is the puzzle's alphabet.
    assert result.solution == solution


def _grid(text):
    return [int(ch) for ch in text]


def test_diagonal_directions_and_givens_intersect():
    # Diagonal~1 is the anti-diagonal (R1C4 .. R4C1), -1 the main one.
    anti = from_iss(".Shape~4x4.Diagonal~1.~R1C1_1_2~R1C1_2_3")
    sol = fs.solve(anti)
    assert sol[0] == "2"  # {1,2} & {2,3}
    assert len({sol[3], sol[6], sol[9], sol[12]}) == 4
    from fastsudoku.variants import Candidates, Diagonals

    assert fs.count_solutions(anti) == brute_count(
        4, (2, 2), None, [Diagonals(main=False, anti=True), Candidates((0, 0), [2])], [0] * 16
    )


def test_jigsaw_without_noboxes_adds_regions():
    layout = "0011001122332233"
    with_boxes = from_iss(f".Shape~4x4.Jigsaw~{layout}")
    assert with_boxes.regions is None and with_boxes.box == "auto"
    replaced = from_iss(f".Shape~4x4.NoBoxes.Jigsaw~{layout}")
    assert replaced.regions == layout and replaced.box is None
    assert fs.count_solutions(replaced) == 288


def test_short_killer_forms_match_their_constraint_strings():
    compact = "S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<"
    cages = from_iss(compact).constraints
    assert cages[0].cells[0] == (0, 0) and cages[0].total == 28
    assert sum(len(c.cells) for c in cages) == 81
    cue = "3x3:d:k:" + ":".join(["2561"] * 2 + ["0"] * 79) + ":"
    v = from_iss(cue)
    names = [type(c).__name__ for c in v.constraints]
    assert "Cage" in names and "Diagonals" in names
    assert v.constraints[0].cells == [(0, 0), (0, 1)] and v.constraints[0].total == 10


def test_compact_killer_cages_follow_the_arrows():
    # Each cell's cage is the cell its arrows lead to, walked one arrow at a time here
    # (the reader follows them by pointer doubling).
    compact = "S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<"
    steps = {"^": -9, "v": 9, "<": -1, ">": 1, "`": -10, "'": -8, ",": 8, ".": 10}
    expected = {}
    for start in range(81):
        cell = start
        while compact[cell] in steps:
            cell += steps[compact[cell]]
        expected.setdefault(cell, []).append(divmod(start, 9))
    cages = from_iss(compact).constraints
    assert [c.cells for c in cages] == list(expected.values())
    totals = [int(compact[h], 36) for h in expected]
    assert [c.total for c in cages] == totals
    # A loop (two cells pointing at each other), an arrow off the grid, a path of more
    # arrows than a cage has cells: clear errors, never a wrong puzzle.
    loop = "><" + compact[2:]
    off = "^" + compact[1:]
    for bad in (loop, off, compact[:80] + "v", "v" * 9 + compact[9:]):
        with pytest.raises(VariantError, match="compact killer: an arrow leads in a loop or off"):
            from_iss(bad)
    # Row 1 led along to R1C9, down to R2C9 and back to its head R2C8: a cage of 19 cells.
    long_path = ">>>>>>>>v" + compact[9:16] + "Z<" + compact[18:]
    with pytest.raises(VariantError, match=r"19 cells cannot hold distinct digits 1\.\.9"):
        fs.solve(from_iss(long_path))


def test_cells_beyond_9_and_sums_with_coefficients():
    v = from_iss(".Shape~16x16.~RaCg_16~R1C1_1")
    assert v.grid().n == 16
    out = fs.solve(v)
    # The ISS's symbols above 9 values: letters from A = 1.
    assert out[9 * 16 + 15] == "P" and out[0] == "A"
    assert fs.solve(from_iss(".Shape~16x16.~R1C1_16")).startswith("P")
    # 1*R1C1 + 2*R1C2 - 1*R1C3 = 10 on a 4x4, against brute force.
    s = from_iss(".Shape~4x4.Sum~5_=_1_2_-1~R1C1~R1C2~R1C3")
    assert fs.count_solutions(s) == brute_count(4, (2, 2), None, list(s.constraints), [0] * 16)
    for out in fs.solutions(s, limit=5):
        d = _grid(out)
        assert d[0] + 2 * d[1] - d[2] == 5
        check_variant(4, (2, 2), None, list(s.constraints), [0] * 16, d)


def test_repeated_sum_cells_add_their_coefficients():
    # As the ISS's Sum: R1C1 listed twice is 2*R1C1; coefficients that cancel drop the cell.
    twice = from_iss(".Shape~4x4.Sum~7~R1C1~R1C1~R1C2")
    seen = 0
    for out in fs.solutions(twice):
        d = _grid(out)
        assert 2 * d[0] + d[1] == 7
        seen += 1
    assert seen == brute_count(4, (2, 2), None, list(twice.constraints), [0] * 16) > 0
    cancel = from_iss(".Shape~4x4.Sum~3_=_1_-1_1~R1C1~R1C1~R1C2")
    for out in fs.solutions(cancel):
        assert _grid(out)[1] == 3
    assert fs.count_solutions(cancel) == 288 // 4


def test_repeated_cage_cell_counts_twice_and_little_killer_keys():
    v = from_iss(".Shape~4x4.Cage~7~R1C1~R1C2~R1C2")
    for out in fs.solutions(v):
        d = _grid(out)
        assert d[0] + 2 * d[1] == 7 and d[0] != d[1]
    # R1C2's diagonal runs down-left: R1C2, R2C1.
    lk = from_iss(".Shape~4x4.LittleKiller~3~R1C2")
    for out in fs.solutions(lk):
        d = _grid(out)
        assert d[1] + d[4] == 3
    with pytest.raises(VariantError, match="no diagonal"):
        from_iss(".Shape~4x4.LittleKiller~3~R4C4")


def test_whisper_default_greater_than_and_strict_dots():
    w = from_iss(".Whisper~R1C1~R1C2~R1C3")  # difference 5
    out = _grid(fs.solve(w))
    assert abs(out[0] - out[1]) >= 5 and abs(out[1] - out[2]) >= 5
    g = from_iss(".Shape~4x4.GreaterThan~R2C2~R1C2~R2C1")
    for out in fs.solutions(g):
        d = _grid(out)
        assert d[5] > d[1] and d[5] > d[4]
    strict = from_iss(".Shape~4x4.WhiteDot~R1C1~R1C2.StrictKropki")
    for out in fs.solutions(strict):
        d = _grid(out)
        assert abs(d[0] - d[1]) == 1
        pairs = [(r * 4 + c, r * 4 + c + 1) for r in range(4) for c in range(3)]
        pairs += [(r * 4 + c, (r + 1) * 4 + c) for r in range(3) for c in range(4)]
        for a, b in pairs:
            if (a, b) != (0, 1):
                assert abs(d[a] - d[b]) != 1 and d[a] != 2 * d[b] and d[b] != 2 * d[a]


@pytest.mark.parametrize(
    "text, message",
    [
        (".Thermo~R1C1~R10C1", "invalid cell ID"),
        (".Frobnicate~R1C1", "unknown constraint type 'Frobnicate'"),
        (".Lunchbox", "expected ~<sum>~<cells>"),
        (".SameValues~2~R1C1~R1C2", "'SameValues' is not supported"),
        (".Sandwich~8~C10", "invalid row or column 'C10'"),
        (".Sandwich~8", "expected ~<sum>~<row or column>"),
        (".XSum~R1~5", "expected ~<row or column>~<sum forwards>~<backwards>"),
        (".XSum~R1C1~5~", "invalid row or column 'R1C1'"),
        (".Or.~R1C1_1.End", "'Or' is not supported"),
        ("Thermo~R1C1~R1C2", 'must start with a "."'),
        ("/data/scripts/inset.js", "made by an ISS script is not supported"),
        (".Shape~6x8", "only square grids"),
        (".Shape~9x9~0-9", "only values 1..9"),
        (".Indexing~X~R1C1", "expected ~C or ~R"),
        (".Modular", "expected ~<mod>~<cells>"),
        (".NumberedRoom~R1", "expected ~<row or column>"),
        (".Shape~9x9~0-8.NumberedRoom~R1~3~", "only on grids of the digits 1..9"),
        (".Shape~9x9~2-10", "only values 1..9"),
        (".Shape~12x12~0-11", r"or 0..11, up to 10x10"),
        (".Shape~9x9~0-8.Sandwich~10~R1", r"only on grids of the digits 1..9"),
        (".~R1C1_0", "invalid value ID"),
        (".Cage", "sum slot is missing"),
        (".X~R1C1~R3C3", "no two of its cells are orthogonal neighbours"),
        (".Diagonal~2", "invalid direction"),
        ("", "no puzzle"),
    ],
)
def test_bad_iss_text_is_named(text, message):
    with pytest.raises(VariantError, match=message):
        from_iss(text)


def test_windoku_and_disjoint_sets():
    v = from_iss(".Windoku.DisjointSets")
    regions = [type(c).__name__ for c in v.constraints]
    assert regions.count("Region") == 4 + 9
    windows = {tuple(c.cells) for c in v.constraints[:4]}
    assert tuple((r, c) for r in range(1, 4) for c in range(5, 8)) in windows
    out = _grid(fs.solve(v))
    check_variant(9, (3, 3), None, list(v.constraints), [0] * 81, out)
    # Each box position once across the boxes: R1C1, R1C4 ... R7C7 differ.
    assert len({out[r * 9 + c] for r in (0, 3, 6) for c in (0, 3, 6)}) == 9


# The ISS's 'Long sums 3' (its data/collections.js, MIT): a 2-digit pill whose arrow winds
# through 32 cells of six boxes, on an otherwise empty grid.
LONG_ARROW = (
    ".PillArrow~2~R1C9~R1C8~R1C7~R1C6~R1C5~R2C4~R2C3~R2C2~R2C1~R3C1~R4C1~R4C2~R5C2~R5C1"
    "~R6C1~R6C2~R7C2~R7C1~R8C1~R8C2~R8C3~R7C3~R7C4~R6C4~R6C3~R5C3~R5C4~R5C5~R6C5~R7C5"
    "~R7C6~R6C6~R6C7~R6C8."
)
# Its stored solution there.
LONG_ARROW_SOLUTION = (
    "765432198432198765198765432219876543543219876876543219654321987321987654987654321"
)


def test_long_arrow_is_bounded_by_its_houses():
    # The least total of the 32 cells, those of each box (or line) distinct, is close to
    # what two digits can say: with the cells grouped by the house holding most of them,
    # the bounds alone get there; grouped in the order listed (small groups: looser
    # bounds) it took 183,648 guesses.
    puzzle = from_iss(LONG_ARROW)
    result = fs.search(puzzle, limit=2)
    assert result.count == 1
    assert result.solution == LONG_ARROW_SOLUTION
    sol = [int(ch) for ch in result.solution]
    arrow = [(int(c[1]) - 1) * 9 + int(c[3]) - 1 for c in LONG_ARROW.strip(".").split("~")[4:]]
    assert len(arrow) == 32
    # The pill reads in grid order (R1C8 then R1C9), as the ISS reads it.
    assert 10 * sol[7] + sol[8] == sum(sol[x] for x in arrow)
    check_variant(9, (3, 3), None, list(puzzle.constraints), [0] * 81, sol)
    assert result.guesses < 1000


def test_zero_indexed_examples_in_a_batch():
    """The ISS's 0-indexed examples (Shape~9x9~0-8, 6x6~0-5): solve_many answers each in
    the values 0..N-1, as the ISS stores them, on two threads."""
    chosen = [
        (text, solution)
        for _name, text, solution in (p.values for p in _examples())
        if "~0-" in text
    ]
    assert len(chosen) >= 8
    result = fs.solve_many([from_iss(text) for text, _ in chosen], threads=2)
    assert list(result.solutions) == [solution for _, solution in chosen]
    assert list(result.counts) == [1] * len(chosen)


def test_a_sum_loop_without_cells_is_named_when_built():
    with pytest.raises(VariantError, match="SumLine 10: a line of at least one cell"):
        from_iss(".SumLine~10~LOOP").model()
