"""fastsudoku.render and ``fastsudoku render``: every picture parsed as XML, and what it
claims checked against the puzzle -- which digits, where (the cell's centre, from the
grid's own border), how many thick lines for the box shape, the variant rules' marks, the
sheets' pages and numbers, the errors, and the command's files and exit codes.

The expected values come from the puzzles themselves (their parsed values, the rules'
cells), never from the picture, so a picture that drew the wrong cell fails."""

import argparse
import doctest
import math
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import fastsudoku as fs
import fastsudoku.render
from conftest import DATA
from fastsudoku.cli import render as cli_render
from fastsudoku.render import iter_sheet, render, render_sheet
from fastsudoku.variants import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    Between,
    Cage,
    Candidates,
    Constraint,
    Contains,
    CountingCircles,
    Diagonals,
    Entropic,
    EqualityCage,
    Even,
    HiddenSkyscraper,
    Indexing,
    Kropki,
    Lockout,
    Lunchbox,
    Modular,
    NonConsecutive,
    NoOtherDots,
    NoOtherXV,
    NumberedRoom,
    Odd,
    Palindrome,
    Region,
    RegionSumLine,
    RellikCage,
    Renban,
    Sandwich,
    Skyscraper,
    Sum,
    SumLine,
    Thermo,
    Variant,
    Whisper,
    XSum,
    Zipper,
    from_iss,
)

SVG = "{http://www.w3.org/2000/svg}"
P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


# --- reading a picture ------------------------------------------------------------------


def parse(svg):
    """The document's root (ElementTree refuses anything that is not well-formed XML)."""
    assert isinstance(svg, str)
    return ET.fromstring(svg)


def elements(root, cls, tag=None):
    return [e for e in root.iter() if e.get("class") == cls and (tag is None or e.tag == SVG + tag)]


def texts(root, cls):
    return elements(root, cls, "text")


def grid_frame(root):
    """(x0, y0, cell side) from the grid's outer border (a rect of class border)."""
    (border,) = elements(root, "border", "rect")
    x0, y0 = float(border.get("x")), float(border.get("y"))
    width, height = float(border.get("width")), float(border.get("height"))
    assert width == pytest.approx(height)
    return x0, y0, width


def cell_of(root, element, n):
    """The (row, column) whose centre a text stands on (asserting that it is a centre)."""
    x0, y0, side = grid_frame(root)
    s = side / n
    col = (float(element.get("x")) - x0) / s - 0.5
    row = (float(element.get("y")) - y0) / s - 0.5
    assert col == pytest.approx(round(col), abs=0.01) and row == pytest.approx(round(row), abs=0.01)
    assert element.get("text-anchor") == "middle" and element.get("dominant-baseline") == "central"
    return round(row), round(col)


def finite_numbers(svg):
    """Every number in the document's attributes is finite (no NaN, no inf)."""
    for value in re.findall(r'="([^"]*)"', svg):
        for token in re.findall(r"[-+]?[0-9]*\.?[0-9]+(?:e[-+]?\d+)?|nan|inf", value, re.I):
            assert math.isfinite(float(token)), value


def digits_at(root, cls, n):
    return {cell_of(root, t, n): t.text for t in texts(root, cls)}


def expected(grid, values):
    """{(row, column): symbol} of the nonzero values, in the symbols the picture uses."""
    n = grid.n
    symbols = grid.symbols if grid.symbols and len(grid.symbols) >= n else None
    return {
        (k // n, k % n): symbols[v - 1] if symbols else str(v) for k, v in enumerate(values) if v
    }


# --- classic grids ------------------------------------------------------------------------


def _puzzle(size, box, seed):
    return fs.generate(size=size, box=box, seed=seed)[0]


SHAPES = [
    (4, (2, 2)),
    (6, (2, 3)),
    (6, (3, 2)),
    (8, (2, 4)),
    (9, (3, 3)),
    (12, (3, 4)),
    (16, (4, 4)),
    (25, (5, 5)),
]


@pytest.mark.parametrize("size, box", SHAPES)
def test_digits_stand_on_their_cells_and_box_lines_match_the_shape(size, box):
    made = _puzzle(size, box, seed=size)
    grid = fs.formats.parse(made.puzzle, box)
    solution = fs.formats.parse(made.solution, box).values
    for sol in (None, made.solution):
        root = parse(render(made.puzzle, sol, box=box))
        givens = digits_at(root, "given", size)
        assert givens == expected(grid, grid.values)
        assert all(t.get("font-weight") == "bold" for t in texts(root, "given"))
        solved = digits_at(root, "solved", size)
        if sol is None:
            assert solved == {}
        else:
            others = bytes(v if not g else 0 for g, v in zip(grid.values, solution))
            assert solved == expected(grid, others)
            assert len(givens) + len(solved) == size * size
        # Thick lines: r - 1 vertical ones (every c columns), c - 1 horizontal (every r rows).
        r, c = box
        x0, y0, side = grid_frame(root)
        s = side / size
        lines = elements(root, "box-line", "line")
        assert len(lines) == (r - 1) + (c - 1)
        across = [e for e in lines if e.get("y1") == e.get("y2")]
        down = [e for e in lines if e.get("x1") == e.get("x2")]
        rows = sorted(round((float(e.get("y1")) - y0) / s) for e in across)
        cols = sorted(round((float(e.get("x1")) - x0) / s) for e in down)
        assert rows == list(range(r, size, r)) and cols == list(range(c, size, c))


def test_a_9x9_by_hand():
    root = parse(render(P))
    givens = texts(root, "given")
    assert len(givens) == sum(ch != "." for ch in P) == 17
    first = givens[0]
    assert first.text == "4" and cell_of(root, first, 9) == (0, 0)
    x0, y0, side = grid_frame(root)
    assert float(first.get("x")) == pytest.approx(x0 + side / 18)
    assert float(first.get("y")) == pytest.approx(y0 + side / 18)
    assert (8, 2) in digits_at(root, "given", 9)  # the '4' of the last row


def test_symbols_above_nine_follow_the_puzzles_alphabet():
    made = _puzzle(16, None, seed=5)
    grid = fs.formats.parse(made.puzzle)
    root = parse(render(made.puzzle))
    letters = {t.text for t in texts(root, "given")}
    assert letters <= set(grid.symbols) and any(ch.isalpha() for ch in letters)
    # The same grid as numbers (an array, no one-character alphabet): 10..16, a smaller font.
    array = np.frombuffer(grid.values, dtype=np.uint8).reshape(16, 16).astype(int)
    numbered = parse(render(array))
    assert digits_at(numbered, "given", 16) == expected(fs.formats.parse(array), grid.values)
    assert any(len(t.text) == 2 for t in texts(numbered, "given"))
    size_letters = {float(t.get("font-size")) for t in texts(root, "given")}
    size_numbers = {float(t.get("font-size")) for t in texts(numbered, "given")}
    assert len(size_letters) == len(size_numbers) == 1
    assert size_numbers.pop() < size_letters.pop()
    # An alphabet named by the caller.
    as_hex = made.puzzle.translate(str.maketrans("123456789ABCDEFG", "0123456789ABCDEF"))
    hexed = parse(render(as_hex, alphabet="hex"))
    assert {t.text for t in texts(hexed, "given")} <= set("0123456789ABCDEF")


def test_the_largest_and_the_smallest_grids():
    empty = "." * 4096
    root = parse(render(empty, fs.solve(empty)))
    assert len(texts(root, "solved")) == 4096 and not texts(root, "given")
    assert len(elements(root, "box-line")) == 14
    one = parse(render("1"))
    assert [t.text for t in texts(one, "given")] == ["1"] and not elements(one, "box-line")
    empty_one = parse(render(".", show_candidates=True))
    assert not texts(empty_one, "given") and [t.text for t in texts(empty_one, "candidate")] == [
        "1"
    ]


def test_candidates_are_the_values_no_given_strikes_out():
    puzzle = "1.....3......2.."
    root = parse(render(puzzle, show_candidates=True, box=(2, 2)))
    values = [0 if ch == "." else int(ch) for ch in puzzle]
    want = 0
    for k in range(16):
        if values[k]:
            continue
        r, c = divmod(k, 4)
        peers = {
            values[j]
            for j in range(16)
            if j // 4 == r or j % 4 == c or (j // 8 == r // 2 and j % 4 // 2 == c // 2)
        }
        want += len({1, 2, 3, 4} - peers)
    assert len(texts(root, "candidate")) == want
    # With a solution, no candidates.
    full = fs.solve(puzzle)
    assert not texts(parse(render(puzzle, full, show_candidates=True)), "candidate")


def test_text_is_escaped_and_the_output_is_the_same_every_time():
    title = 'a <b> & "c" \x00\x1b \ud800 end'
    svg = render('<>&"............', alphabet='<>&"', title=title)
    root = parse(svg)
    assert [t.text for t in texts(root, "given")] == ["<", ">", "&", '"']
    (shown,) = texts(root, "title")
    assert shown.text == 'a <b> & "c" \ufffd\ufffd \ufffd end'
    assert svg == render('<>&"............', alphabet='<>&"', title=title)
    svg.encode("utf-8")  # no lone surrogate left
    finite_numbers(svg)


def test_options_are_checked():
    with pytest.raises(ValueError, match="cell_size"):
        render(P, cell_size=0)
    with pytest.raises(ValueError, match="cell_size"):
        render(P, cell_size=float("nan"))
    with pytest.raises(TypeError, match="cell_size"):
        render(P, cell_size="40")
    with pytest.raises(TypeError, match="title"):
        render(P, title=3)
    small = parse(render(P, cell_size=10))
    assert grid_frame(small)[2] == pytest.approx(90)


# --- errors -------------------------------------------------------------------------------


def test_bad_puzzles_raise_the_packages_errors():
    with pytest.raises(fs.ParseError, match="80"):
        render(P[:-1])
    with pytest.raises(fs.ParseError) as e:
        render(P[:10] + "x" + P[11:])
    assert (e.value.row, e.value.column, e.value.char) == (2, 2, "x")
    with pytest.raises(fs.ShapeError):
        render("." * 36)  # side 6: name the box
    with pytest.raises(fs.ConflictError):
        render("11" + "." * 79)
    with pytest.raises(TypeError):
        render(3.5)


def test_a_solution_must_fit_the_puzzle():
    solution = fs.solve(P)
    with pytest.raises(fs.ParseError, match=r"^solution: "):
        render(P, solution[:-1])
    with pytest.raises(fs.ParseError, match=r"^solution: ") as e:
        render(P, solution[:5] + "z" + solution[6:])
    assert (e.value.row, e.value.column) == (1, 6)
    wrong = "5" + solution[1:]  # r1c1 is a given 4
    with pytest.raises(fs.InvalidValueError, match="row 1, column 1") as e:
        render(P, wrong)
    assert (e.value.row, e.value.column) == (1, 1)
    with pytest.raises(fs.InvalidValueError, match="empty"):
        render(P, solution[:40] + "." + solution[41:])
    swapped = list(solution)
    k = next(i for i in range(80) if P[i] == "." and P[i + 1] == "." and i % 9 < 8)
    swapped[k] = swapped[k + 9]  # a repeat in the column, no given contradicted
    with pytest.raises(fs.ConflictError, match=r"^solution: "):
        render(P, "".join(swapped))
    with pytest.raises(fs.ParseError):
        render(P, "1" * 16)  # another size


# --- variants -----------------------------------------------------------------------------


def iss_examples():
    text = (DATA / "variants" / "iss_examples.txt").read_text(encoding="utf-8")
    out = []
    for block in text.split("\n\n"):
        lines = block.strip().splitlines()
        if lines and lines[0].startswith(">"):
            out.append((lines[0][2:], lines[1], lines[2]))
    return out


EXAMPLES = iss_examples()


def example(name):
    return next((text, solution) for title, text, solution in EXAMPLES if title.startswith(name))


@pytest.mark.parametrize("title, text, solution", EXAMPLES, ids=[t for t, _, _ in EXAMPLES])
def test_every_iss_example_is_drawn_with_and_without_its_solution(title, text, solution):
    v = from_iss(text)
    n = v.grid().n
    for sol in (None, fs.solve(v)):
        svg = render(v, sol, title=title)
        root = parse(svg)
        finite_numbers(svg)
        cells = len(texts(root, "given")) + len(texts(root, "solved"))
        assert cells == (n * n if sol else sum(1 for x in v.grid().values if x))
        # Every rule is drawn or named: none falls back to its repr.
        legend = " ".join(t.text for t in texts(root, "legend"))
        for rule in v.constraints:
            assert f"{type(rule).__name__}(" not in legend, legend


def test_a_jigsaw_shows_its_regions():
    v = from_iss(example("Jigsaw")[0])
    assert v.regions is not None
    root = parse(render(v))
    assert not elements(root, "box-line")
    (path,) = elements(root, "region-lines", "path")
    _, _, side = grid_frame(root)
    n = v.grid().n
    s = side / n
    length = 0.0
    for m in re.finditer(r"M([\d.]+) ([\d.]+)([HV])([\d.]+)", path.get("d")):
        x, y, kind, to = (float(m.group(1)), float(m.group(2)), m.group(3), float(m.group(4)))
        length += abs(to - (x if kind == "H" else y)) / s
    from fastsudoku.variants import _Builder, _regions

    region = {}
    for k, cells in enumerate(_regions(_Builder(n), v.regions)):
        for x in cells:
            region[x] = k
    borders = sum(
        1
        for x in range(n * n)
        for y in ((x + 1) if x % n < n - 1 else None, x + n if x + n < n * n else None)
        if y is not None and region[x] != region[y]
    )
    assert length == pytest.approx(borders)


def test_a_killer_shows_its_cages_and_sums():
    v = from_iss(example("Killer (")[0])
    cages = [c for c in v.constraints if isinstance(c, Cage)]
    root = parse(render(v))
    assert len(elements(root, "cage", "path")) == len(cages)
    sums = texts(root, "cage-sum")
    assert sorted(t.text for t in sums) == sorted(str(c.total) for c in cages)
    x0, y0, side = grid_frame(root)
    s = side / 9
    for cage in cages:
        r, c = min(cage.cells)  # the first cell in reading order
        (label,) = [
            t
            for t in sums
            if x0 + c * s < float(t.get("x")) < x0 + (c + 0.5) * s
            and y0 + r * s < float(t.get("y")) < y0 + (r + 0.5) * s
        ]
        assert label.text == str(cage.total) and label.get("text-anchor") == "start"


def segments(d, x0, y0, s):
    """The segments of an 'M x y H x' / 'M x y V y' path, in cells from the grid's corner."""
    out = set()
    for m in re.finditer(r"M([-\d.]+) ([-\d.]+)([HV])([-\d.]+)", d):
        x, y, kind, to = float(m.group(1)), float(m.group(2)), m.group(3), float(m.group(4))
        end = (to, y) if kind == "H" else (x, to)
        a, b = sorted([(x, y), end])
        out.add(
            tuple(
                round(v, 3)
                for v in ((a[0] - x0) / s, (a[1] - y0) / s, (b[0] - x0) / s, (b[1] - y0) / s)
            )
        )
    return out


def test_a_cage_outline_turns_its_corners_inside_the_cells():
    """An L of three cells: convex corners stop an inset short of the cell's edge, the
    concave one reaches an inset past it, and the straight top edge is one segment."""
    v = Variant("." * 81, constraints=[Cage([(0, 0), (0, 1), (1, 0)], 6)])
    root = parse(render(v))
    x0, y0, side = grid_frame(root)
    s = side / 9
    (cage,) = elements(root, "cage", "path")
    d = 0.08  # the inset, in cells
    near, far = round(d, 3), round(1 - d, 3)
    assert segments(cage.get("d"), x0, y0, s) == {
        (near, near, round(2 - d, 3), near),  # top, across both cells
        (round(2 - d, 3), near, round(2 - d, 3), far),  # right of the top-right cell
        (far, far, round(2 - d, 3), far),  # under the top-right cell, to the inner corner
        (far, far, far, round(2 - d, 3)),  # right of the bottom cell, from the inner corner
        (near, round(2 - d, 3), far, round(2 - d, 3)),  # bottom
        (near, near, near, round(2 - d, 3)),  # left, down both cells
    }


def test_a_thermo_shows_its_bulbs_and_lines():
    v = from_iss(example("Thermo")[0])
    thermos = [c for c in v.constraints if isinstance(c, Thermo)]
    root = parse(render(v))
    bulbs = elements(root, "thermo-bulb", "circle")
    assert len(bulbs) == len(elements(root, "thermo", "path")) == len(thermos) == 4
    x0, y0, side = grid_frame(root)
    s = side / 9
    at = {
        (round((float(b.get("cy")) - y0) / s - 0.5), round((float(b.get("cx")) - x0) / s - 0.5))
        for b in bulbs
    }
    n = 9
    from fastsudoku.variants import _Builder

    b = _Builder(n)
    assert at == {divmod(b.cell(t.cells[0], "t"), n) for t in thermos}


EVERY_RULE = [
    Odd([(0, 0), (0, 1)]),
    Even([(1, 0)]),
    Between([(2, 0), (3, 1), (4, 1), (5, 0)]),
    Lockout([(0, 3), (0, 4), (1, 5), (2, 5)]),
    Palindrome([(6, 0), (7, 1), (8, 2)]),
    Entropic([(3, 3), (3, 4), (3, 5)]),
    Region([(4, 4), (4, 5), (5, 4), (5, 5)]),
    Region([(4, 6), (4, 7), (5, 6), (5, 7)]),
    Diagonals(),
    XSum("R2", 15, reverse=True),
    Skyscraper("C5", 3, reverse=True),
    Sandwich("R2", 10),
    NumberedRoom("C1", 4),
    Contains([(6, 5), (6, 6), (7, 5), (7, 6)], [1, 2, 3]),
    Contains([(0, 7), (0, 8), (1, 8)], [4]),
    Sum([(6, 7), (7, 7)], 9, coefficients=[2, 1]),
    Sum([(8, 6), (8, 7), (7, 8)], 11),
    Sum([(0, 1), (1, 2), (2, 3)], 12),  # a little killer (from outside the grid)
    Candidates((2, 2), [1, 3, 5]),
    SumLine([(6, 3), (6, 4), (7, 4), (7, 3)], 10, loop=True),
    Kropki((8, 0), (8, 1), "black"),
    Kropki((8, 1), (8, 2), "white"),
    XV((7, 2), (7, 3), "X"),
    XV((8, 3), (8, 4), "v"),
    Zipper([(1, 1), (1, 2), (2, 3)]),
    Whisper([(3, 6), (3, 7)]),
    Renban([(2, 6), (2, 7)]),
    Modular([(0, 5), (0, 6)]),
    RegionSumLine([(1, 6), (1, 7)]),
    Arrow((5, 8), [(6, 8), (7, 8)]),
    Arrow([(3, 8), (4, 8)], [(2, 8)]),
    Lunchbox([(5, 1), (5, 2), (5, 3)], 0),
    Cage([(4, 0), (4, 1)], 7),
    Thermo([(8, 5), (8, 6)]),
    Indexing([(0, 2)]),
    AntiKnight(),
    AntiKing(),
    NonConsecutive(),
    NoOtherDots(),
    NoOtherXV(),
]


def test_every_rule_has_its_mark():
    v = Variant("." * 81, constraints=EVERY_RULE)
    svg = render(v)
    root = parse(svg)
    finite_numbers(svg)
    for cls, tag, count in [
        ("odd", "circle", 2),
        ("even", "rect", 1),
        ("between-end", "circle", 2),
        ("lockout-end", "polygon", 2),
        ("palindrome", "path", 1),
        ("entropic", "path", 1),
        ("region", "rect", 8),
        ("diagonal", "line", 2),
        ("quad", "circle", 1),
        ("quad-digit", "text", 3),
        ("allowed", "text", 1),
        ("sumline", "path", 1),
        ("kropki-black", "circle", 1),
        ("kropki-white", "circle", 1),
        ("xv", "text", 2),
        ("zipper", "path", 1),
        ("whisper", "path", 1),
        ("renban", "path", 1),
        ("modular", "path", 1),
        ("regionsumline", "path", 1),
        ("arrow", "path", 2),
        ("arrow-circle", "circle", 1),
        ("arrow-circle", "rect", 1),
        ("cage", "path", 1),
        ("sum", "path", 1),
        ("lunchbox", "path", 1),
        ("thermo-bulb", "circle", 1),
        ("indexing", "rect", 1),
        ("clue-arrow", "path", 1),
    ]:
        assert len(elements(root, cls, tag)) == count, cls
    assert sorted(t.text for t in texts(root, "clue")) == ["10", "12", "15", "3", "4"]
    assert sorted(t.text for t in texts(root, "xv")) == ["V", "X"]
    legend = " ".join(t.text for t in texts(root, "legend"))
    for words in (
        "anti-knight",
        "anti-king",
        "non-consecutive",
        "every white or black dot",
        "every X or V",
        "2*R7C8 + 1*R8C8 = 9",
        "R1C8, R1C9, R2C9 hold 4",
    ):
        assert words in legend, words
    # The outside clues sit off the grid, before their line's first cell.
    x0, y0, side = grid_frame(root)
    s = side / 9
    places = {
        t.text: ((float(t.get("y")) - y0) / s, (float(t.get("x")) - x0) / s)
        for t in texts(root, "clue")
    }
    assert places["10"] == pytest.approx((1.5, -0.5))  # sandwich R2, left
    assert places["15"] == pytest.approx((1.5, 9.5))  # x-sum R2 from the right
    assert places["3"] == pytest.approx((9.5, 4.5))  # skyscraper C5 from the bottom
    assert places["4"] == pytest.approx((-0.5, 0.5))  # numbered room C1, top
    assert places["12"][0] < 0 and places["12"][1] < 1  # the little killer, top left


def test_rellik_equality_hidden_skyscraper_and_counting_rules_are_drawn_and_explained():
    v = Variant(
        "." * 81,
        constraints=[
            RellikCage([(0, 0), (0, 1), (1, 0)], 10),
            EqualityCage([(4, 4), (4, 5)]),
            HiddenSkyscraper("R3", 7, reverse=True),
            CountingCircles([(8, 0), (8, 8)]),
        ],
    )
    root = parse(render(v))
    assert len(elements(root, "counting", "circle")) == 2
    assert [t.text for t in texts(root, "clue")] == ["7"]
    assert len(elements(root, "rellik", "path")) == 1
    assert len(elements(root, "equality", "path")) == 1
    assert [t.text for t in texts(root, "rellik-sum")] == ["\u226010"]
    legend = " ".join(t.text for t in texts(root, "legend"))
    assert "no one or more of their digits sum" in legend and "as many even digits" in legend
    assert "hidden skyscrapers" in legend and "how many circles hold it" in legend


def test_a_rule_the_picture_does_not_know_is_named_not_refused():
    class Mystery(Constraint):
        def _add(self, b):
            pass

        def __repr__(self):
            return "Mystery(<&>)"

    svg = render(Variant("." * 16, constraints=[Mystery()]))
    legend = [t.text for t in texts(parse(svg), "legend")]
    assert legend == ["Mystery: Mystery(<&>)"]


def test_variant_errors():
    with pytest.raises(TypeError, match="carries its own"):
        render(Variant("." * 81), box=(3, 3))
    with pytest.raises(fs.VariantError):
        render(Variant("." * 81, constraints=[Thermo([(0, 0), (5, 5)])]))
    thermo = Variant("." * 81, constraints=[Thermo([(0, 0), (0, 1)])])
    solution = fs.solve(thermo)
    backwards = solution[1] + solution[0] + solution[2:]
    with pytest.raises(fs.VariantError, match=r"^solution: "):
        render(thermo, backwards)
    assert len(texts(parse(render(thermo, solution)), "solved")) == 81


def test_zero_based_digits_are_drawn_as_written():
    text, solution = example("0-indexed: 6x6")
    v = from_iss(text)
    root = parse(render(v, solution))
    shown = {t.text for t in texts(root, "given") + texts(root, "solved")}
    assert shown == set("012345")
    assert "digits 0..5" in [t.text for t in texts(root, "legend")]


# --- sheets -------------------------------------------------------------------------------


def test_sheets_are_a4_pages_of_numbered_puzzles():
    puzzles = [P] * 7
    pages = render_sheet(puzzles, title="Seven")
    assert len(pages) == 2
    roots = [parse(page) for page in pages]
    for root in roots:
        assert root.get("viewBox") == "0 0 210 297"
        assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
        assert [t.text for t in texts(root, "sheet-title")] == ["Seven"]
    assert [t.text for t in texts(roots[0], "number")] == ["1", "2", "3", "4", "5", "6"]
    assert [t.text for t in texts(roots[1], "number")] == ["7"]
    assert [t.text for t in texts(roots[1], "footer")] == ["page 2 of 2"]
    assert len(texts(roots[0], "given")) == 6 * 17
    assert pages == render_sheet(puzzles, title="Seven")  # the same bytes
    # Every puzzle inside the page.
    for g in elements(roots[0], "puzzle", "g"):
        x, y, k = map(float, re.findall(r"[\d.]+", g.get("transform")))
        assert 0 <= x <= 210 and 0 <= y <= 297 and 0 < k < 1


def test_sheet_options():
    pages = render_sheet(
        [P, P, P], [fs.solve(P), None, None], columns=1, rows=1, labels=["a", "b", "<c>"]
    )
    assert len(pages) == 3
    assert [t.text for t in texts(parse(pages[2]), "number")] == ["<c>"]
    assert len(texts(parse(pages[0]), "solved")) == 64
    assert len(render_sheet([])) == 1
    assert len(list(iter_sheet([P] * 13, columns=3, rows=2))) == 3
    with pytest.raises(ValueError, match="solutions"):
        render_sheet([P, P], [None])
    with pytest.raises(ValueError, match="columns"):
        render_sheet([P], columns=0)
    with pytest.raises(TypeError):
        render_sheet(P)
    with pytest.raises(fs.ParseError, match=r"^puzzle 2: "):
        render_sheet([P, "x" * 81])


def test_the_module_examples_run():
    result = doctest.testmod(fastsudoku.render, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


# --- the command line -------------------------------------------------------------------


def run(argv, capsys):
    """``fastsudoku render ARGV`` (the command's own functions, as the table of commands
    calls them): (exit code, stdout, stderr)."""
    from fastsudoku.cli.reading import INPUT

    parser = argparse.ArgumentParser(prog="fastsudoku render", parents=[INPUT])
    cli_render.add_render_arguments(parser)
    code = cli_render.run_render(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_draws_every_good_puzzle_and_reports_a_bad_one(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text(f"# three\n{P}\n{'x' * 81}\n\n{P.replace('4', '.', 1)}\n")
    code, _, err = run([str(f), "--out", str(tmp_path / "pics"), "--solve"], capsys)
    assert code == 65
    assert f"{f}:3:" in err and "'x'" in err
    written = sorted(p.name for p in (tmp_path / "pics").iterdir())
    assert written == ["0001.svg", "0003.svg"]  # named by place in the input
    first = parse((tmp_path / "pics" / "0001.svg").read_text(encoding="utf-8"))
    assert len(texts(first, "given")) == 17 and len(texts(first, "solved")) == 64
    # Without --solve: givens only.
    code, _, _ = run([str(f), "--out", str(tmp_path / "plain")], capsys)
    plain = parse((tmp_path / "plain" / "0003.svg").read_text(encoding="utf-8"))
    assert code == 65 and len(texts(plain, "given")) == 16 and not texts(plain, "solved")


def test_the_command_writes_sheets(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text("\n".join([P] * 5) + "\n")
    code, _, err = run([str(f), "--sheet", str(tmp_path / "book.svg")], capsys)
    assert code == 0 and err == ""
    assert [p.name for p in tmp_path.glob("book*")] == ["book.svg"]
    root = parse((tmp_path / "book.svg").read_text(encoding="utf-8"))
    assert [t.text for t in texts(root, "number")] == ["1", "2", "3", "4", "5"]
    code, _, _ = run(
        [str(f), "--sheet", str(tmp_path / "many.svg"), "--rows", "1", "--columns", "2"], capsys
    )
    assert code == 0
    pages = sorted(p.name for p in tmp_path.glob("many*"))
    assert pages == ["many-1.svg", "many-2.svg", "many-3.svg"]
    last = parse((tmp_path / "many-3.svg").read_text(encoding="utf-8"))
    assert [t.text for t in texts(last, "number")] == ["5"]


def test_the_command_with_boxes_csv_solutions_and_no_solution(tmp_path, capsys):
    six = "1.......3............4....5........6"
    f = tmp_path / "six.txt"
    f.write_text(six + "\n" + "11" + "." * 34 + "\n")
    code, _, err = run([str(f), "--box", "2x3", "--out", str(tmp_path / "six"), "--solve"], capsys)
    assert code == 65 and f"{f}:2:" in err
    root = parse((tmp_path / "six" / "0001.svg").read_text(encoding="utf-8"))
    assert len(elements(root, "box-line")) == 3 and len(texts(root, "solved")) == 31
    # A CSV's own solution is drawn (and checked).
    solution = fs.solve(P)
    wrong = "5" + solution[1:]
    c = tmp_path / "in.csv"
    zeros = P.replace(".", "0")
    c.write_text(f"puzzle,solution\n{zeros},{solution}\n{zeros},{wrong}\n")
    code, _, err = run([str(c), "--out", str(tmp_path / "csv"), "--solve"], capsys)
    assert code == 65 and f"{c}:3: solution: row 1, column 1" in err
    assert [p.name for p in (tmp_path / "csv").iterdir()] == ["0001.svg"]
    # A puzzle without a solution is drawn without one: exit 1.
    n = tmp_path / "none.txt"
    n.write_text("12........3...4.\n")
    code, _, err = run([str(n), "--out", str(tmp_path / "none"), "--solve"], capsys)
    assert code == 1 and "no solution" in err
    assert (tmp_path / "none" / "0001.svg").exists()


def test_the_command_reads_variant_lines(tmp_path, capsys):
    f = tmp_path / "v.txt"
    text, _ = example("Killer (")
    f.write_text(f"{text}\n.Cage~3~R1CZ\n{example('Thermo')[0]}\n")
    code, _, err = run([str(f), "--sheet", str(tmp_path / "v.svg"), "--solve"], capsys)
    assert code == 65 and f"{f}:2:" in err
    root = parse((tmp_path / "v.svg").read_text(encoding="utf-8"))
    assert [t.text for t in texts(root, "number")] == ["1", "3"]
    assert len(texts(root, "solved")) == 2 * 81 - 8  # the thermo example's 8 givens
    assert elements(root, "cage", "path") and elements(root, "thermo-bulb", "circle")
    code, _, err = run([str(f), "--box", "3x3", "--out", str(tmp_path / "x")], capsys)
    assert code == 2 and "variant" in err


def test_the_command_usage_errors(tmp_path, capsys):
    f = tmp_path / "in.txt"
    f.write_text(P + "\n")
    assert run([str(f), "--out", str(tmp_path / "o"), "--columns", "0"], capsys)[0] == 2
    assert run([str(f), "--out", str(tmp_path / "o"), "--box", "0x3"], capsys)[0] == 2
    assert run([str(f), "--out", str(f)], capsys)[0] == 2  # a file, not a directory
    assert run([str(f), "--sheet", str(tmp_path)], capsys)[0] == 2
    assert run([str(tmp_path / "missing.txt"), "--out", str(tmp_path / "o")], capsys)[0] == 65
    with pytest.raises(SystemExit) as e:
        run([str(f)], capsys)  # neither --out nor --sheet
    assert e.value.code == 2
    assert "Exit codes" in cli_render.EPILOG and "fastsudoku render" in cli_render.EPILOG


def test_the_command_through_main(tmp_path, capsys):
    from fastsudoku.cli import COMMANDS, main

    assert "render" in COMMANDS
    f = tmp_path / "in.txt"
    f.write_text(P + "\n")
    assert main(["render", str(f), "--out", str(tmp_path / "o")]) == 0
    assert (tmp_path / "o" / "0001.svg").exists()
    assert main(["render", str(f)]) == 2


# --- Jupyter ------------------------------------------------------------------------------


def test_jupyter_draws_puzzles_and_results():
    # A generated puzzle: its givens, in its own box shape (2 rows x 3 columns).
    made = fs.generate(size=6, box=(2, 3), seed=3)[0]
    root = parse(made._repr_svg_())
    grid = fs.formats.parse(made.puzzle, (2, 3))
    assert digits_at(root, "given", 6) == expected(grid, grid.values)
    assert len(elements(root, "box-line", "line")) == (2 - 1) + (3 - 1)
    # A search result: its solution, every cell; none to draw without one.
    found = fs.search(P)
    root = parse(found._repr_svg_())
    assert "".join(t.text for t in texts(root, "given")) == found.solution
    stuck = "12345678." + "." * 8 + "9" + "." * 63  # R1C9 can only be 9, as R2C9 is
    assert fs.search(stuck)._repr_svg_() is None  # no solution: Jupyter shows the text
    assert fs.TargetResult(0, None, 0)._repr_svg_() is None
    best = fs.max_score("." * 81)
    assert len(texts(parse(best._repr_svg_()), "given")) == 81
    # A variant: its rules as render draws them.
    v = Variant(P, constraints=[Thermo(["R1C2", "R1C3", "R1C4"])])
    assert v._repr_svg_() == render(v)
