"""Hypothesis properties: solutions are valid and keep the givens, counts agree with the
reference on small grids with many solutions, and parsing then formatting round-trips."""

import numpy as np
import pytest
from hypothesis import assume, given, strategies as st

import fastsudoku as fs
from conftest import ENGINES, engine_takes
from fastsudoku._grid import parse
from reference import check_grid, count_solutions as ref_count

SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 4)]
SYMBOLS = "123456789ABCDEFG"


def _engines(box):
    """The engines of the table that solve puzzles with this box."""
    return [engine for engine in ENGINES if engine_takes(engine, box)]


def pattern_grid(r, c):
    n = r * c
    return [[(c * (i % r) + i // r + j) % n + 1 for j in range(n)] for i in range(n)]


@st.composite
def full_grids(draw, shapes=SHAPES):
    """A valid full grid: a pattern shuffled by the validity-preserving permutations."""
    r, c = draw(st.sampled_from(shapes))
    n = r * c
    g = pattern_grid(r, c)
    relabel = draw(st.permutations(range(1, n + 1)))
    band_order = draw(st.permutations(range(c)))  # c bands of r rows
    rows = [b * r + i for b in band_order for i in draw(st.permutations(range(r)))]
    stack_order = draw(st.permutations(range(r)))  # r stacks of c columns
    cols = [s * c + j for s in stack_order for j in draw(st.permutations(range(c)))]
    grid = [[relabel[g[i][j] - 1] for j in cols] for i in rows]
    return (r, c), [v for row in grid for v in row]


@st.composite
def puzzles(draw, shapes=SHAPES, keep=(0.0, 0.7)):
    box, full = draw(full_grids(shapes))
    p = draw(st.floats(*keep))
    mask = draw(st.lists(st.floats(0, 1), min_size=len(full), max_size=len(full)))
    return box, [v if m < p else 0 for v, m in zip(full, mask)], full


@given(puzzles(), st.sampled_from(ENGINES))
def test_solution_is_valid_and_keeps_givens(case, engine):
    box, puzzle, _ = case
    assume(engine_takes(engine, box))  # digitband: 9x9 only
    n = box[0] * box[1]
    arr = np.array(puzzle, dtype=np.uint8).reshape(n, n)
    out = fs.solve(arr, box=box, engine=engine)
    assert out is not None  # the puzzle came from a full grid
    check_grid(puzzle, out.reshape(-1).tolist(), box)


@given(puzzles(shapes=[(2, 2), (2, 3), (3, 2)], keep=(0.0, 0.5)))
def test_counts_agree_with_reference_small(case):
    box, puzzle, _ = case
    expect = ref_count(puzzle, box, 60)
    for engine in _engines(box):
        assert fs.count_solutions(puzzle, limit=60, box=box, engine=engine) == expect
    sols = list(fs.solutions(puzzle, limit=60, box=box, engine="dlx"))
    assert len(sols) == expect
    sols = list(fs.solutions(puzzle, limit=60, box=box))
    assert len(sols) == expect
    assert len({tuple(s) for s in sols}) == expect
    for s in sols:
        check_grid(puzzle, s, box)


@given(puzzles(shapes=[(2, 2), (2, 3)], keep=(0.3, 0.9)), st.integers(0, 10**6))
def test_counts_agree_on_changed_givens(case, seed):
    """Change one given to another value: often no solution, never a wrong count."""
    box, puzzle, _ = case
    n = box[0] * box[1]
    givens = [k for k, v in enumerate(puzzle) if v]
    assume(givens)  # a puzzle with no given has none to change
    k = givens[seed % len(givens)]
    puzzle = list(puzzle)
    puzzle[k] = puzzle[k] % n + 1
    if fs._core.conflict(bytes(puzzle), *box):  # the new value repeats a given
        for engine in _engines(box):
            with pytest.raises(fs.ConflictError):
                fs.count_solutions(puzzle, limit=30, box=box, engine=engine)
    else:
        expect = ref_count(puzzle, box, 30)
        for engine in _engines(box):
            assert fs.count_solutions(puzzle, limit=30, box=box, engine=engine) == expect


@given(
    puzzles(shapes=[(2, 2), (3, 3), (4, 4)]),
    st.sampled_from(".0-"),
    st.sampled_from(["line", "grid", "fancy", "tokens"]),
)
def test_parse_then_format_round_trips(case, empty, layout):
    box, puzzle, full = case
    n = box[0] * box[1]
    if n == 16 and empty == "0":
        empty = "."
    cells = [SYMBOLS[v - 1] if v else empty for v in puzzle]
    if layout == "line":
        text = "".join(cells)
    elif layout == "grid":
        text = "\n".join("".join(cells[i * n : (i + 1) * n]) for i in range(n)) + "\n"
    elif layout == "fancy":
        text = "\n".join(
            " | ".join(
                " ".join(cells[i * n + s * box[1] : i * n + (s + 1) * box[1]])
                for s in range(box[0])
            )
            for i in range(n)
        )
    else:
        text = "\n".join(
            " ".join(str(v) if v else "0" for v in puzzle[i * n : (i + 1) * n]) for i in range(n)
        )
        if n == 4:
            text = text.replace(" ", "  ")
    # A 16x16 puzzle without 'G' (or '0') is ambiguous between 1-9A-G and 0-9A-F, and
    # must be refused unless the alphabet is named (test_bad_input checks the refusal).
    # Likewise a 16x16 token grid of single digits only (say, all "0").
    alphabet = None if n < 16 else ("numbers" if layout == "tokens" else "1-9A-G")
    g = parse(text, None, alphabet)
    assert list(g.values) == puzzle and (g.r, g.c) == box
    if layout != "tokens" or n < 10:
        # Single-character cells are substituted in place: the layout is kept exactly.
        assert g.render(g.values) == text
    # Rendering the full grid and reading it back gives the same values.
    again = parse(g.render(bytes(full)), box if layout != "tokens" else None, alphabet)
    assert list(again.values) == full


@given(puzzles(shapes=[(2, 3), (3, 3)]))
def test_list_and_array_forms_round_trip(case):
    box, puzzle, full = case
    n = box[0] * box[1]
    nested = [puzzle[i * n : (i + 1) * n] for i in range(n)]
    g = parse(nested, box)
    assert g.render(g.values) == nested
    arr = np.array(nested, dtype=np.int16)
    ga = parse(arr, box)
    assert np.array_equal(ga.render(ga.values), arr)
    assert ga.render(bytes(full)).dtype == np.int16
