"""fastsudoku.formats: every reader tolerates what real files contain, and read -> write ->
read gives back the same puzzles in every format and between any two formats."""

import io

import pytest

import fastsudoku as fs
from conftest import DATA, dataset
from fastsudoku import formats
from fastsudoku._grid import parse
from test_golden import FILES, _read, _values

LINES = dataset("puzzles3_magictour_top1465")[:30]


def _values_of(text):
    return parse(text).values


def _golden_puzzles():
    out = []
    for path in FILES:
        box, cases = _read(path)
        n = box[0] * box[1]
        if n in (9, 16, 4):
            out.append((n, [bytes(_values(p, n)) for _, p, _, _ in cases][:12]))
    return out


def _messy(text):
    """CRLF, trailing spaces, extra blank lines, no final newline."""
    lines = text.split("\n")
    return ("\r\n".join(ln + "  " if ln else ln for ln in lines) + "\r\n\r\n").rstrip("\r\n")


@pytest.mark.parametrize("fmt", ["line", "grid", "csv", "sdk"])
def test_round_trip_every_format(fmt):
    for n, puzzles in _golden_puzzles():
        if fmt == "sdk" and n != 9:
            continue
        symbols = "ABCDEFGHIJKLMNOP" if n == 16 else None
        out = io.StringIO()
        formats.write(out, [(p, None) for p in puzzles], fmt, n, symbols)
        for text in (out.getvalue(), _messy(out.getvalue())):
            records = list(formats.read(io.StringIO(text), fmt))
            assert len(records) == len(puzzles), (fmt, n)
            alphabet = "A-P" if n == 16 else None
            got = [parse(r.puzzle, alphabet=alphabet).values for r in records]
            assert got == puzzles, (fmt, n)


def test_convert_between_any_two_formats_loses_nothing():
    puzzles = [_values_of(p) for p in LINES]
    for src in formats.FORMATS:
        text = io.StringIO()
        formats.write(text, [(p, None) for p in puzzles], src, 9)
        records = list(formats.read(io.StringIO(text.getvalue()), "auto"))
        for dst in formats.FORMATS:
            mid = io.StringIO()
            formats.write(mid, [(_values_of(r.puzzle), None) for r in records], dst, 9)
            again = [_values_of(r.puzzle) for r in formats.read(io.StringIO(mid.getvalue()), dst)]
            assert again == puzzles, (src, dst)


def test_detection():
    assert formats.detect(["# c\n", "." * 81 + " annotation\n"]) == "line"
    assert formats.detect(["quizzes,solutions\n", "0" * 81 + "," + "1" * 81 + "\n"]) == "csv"
    assert formats.detect(["source,puzzle,solution,rating\n"]) == "csv"
    assert formats.detect(["#Asomebody\n"] + ["." * 9 + "\n"] * 9) == "sdk"
    assert formats.detect(["5 3 . | . 7 .\n"]) == "grid"


def test_line_annotations_comments_and_crlf():
    text = "# header\r\n" + LINES[0] + "  17 clues, rating 3.4\r\n\r\n" + LINES[1]
    records = list(formats.read(io.StringIO(text), "line"))
    assert [r.puzzle for r in records] == LINES[:2]
    assert [r.line for r in records] == [2, 4]


def test_csv_layouts_keep_solutions():
    sol = fs.solve(LINES[0])
    for header, p, s in (
        ("quizzes,solutions", LINES[0].replace(".", "0"), sol),
        ("puzzle,solution", LINES[0].replace(".", "0"), sol),
    ):
        (rec,) = formats.read(io.StringIO(f"{header}\n{p},{s}\n"), "csv")
        assert fs.solve(rec.puzzle) == rec.solution
    (rec,) = formats.read(
        io.StringIO(f"source,puzzle,solution,rating\nmagictour,{LINES[0]},{sol},2.5\n"), "csv"
    )
    assert (rec.source, rec.rating, rec.solution) == ("magictour", "2.5", sol)
    with pytest.raises(fs.ParseError) as info:
        list(formats.read(io.StringIO("a,b\n1,2\n"), "csv"))
    assert info.value.line == 1
    # A row with the wrong number of fields is reported in its record; the rows after it
    # are still read.
    bad, good = formats.read(io.StringIO(f"puzzle,solution\n{LINES[0]}\n{LINES[1]},\n"), "csv")
    assert isinstance(bad.error, fs.ParseError) and bad.error.line == 2 and bad.puzzle == ""
    assert "1 fields, the header has 2" in str(bad.error)
    assert (good.line, good.puzzle, good.error) == (3, LINES[1], None)


def test_grids_with_separators_and_numbers():
    grid = (DATA / "numbers_1-16.txt").read_text()
    hexgrid = (DATA / "hex_0-9A-F.txt").read_text()
    records = list(formats.read(io.StringIO(grid + "\n\n" + grid), "grid"))
    assert len(records) == 2 and records[0].line == 1
    assert parse(records[0].puzzle).values == parse(grid).values
    (rec,) = formats.read(io.StringIO(hexgrid), "grid")
    assert parse(rec.puzzle, alphabet="0-9A-F").values == parse(hexgrid, alphabet="0-9A-F").values
    boxed = (
        "53.|.7.|...\n6..|195|...\n.98|...|.6.\n---+---+---\n"
        "8..|.6.|..3\n4..|8.3|..1\n7..|.2.|..6\n---+---+---\n"
        ".6.|...|28.\n...|419|..5\n...|.8.|.79\n"
    )
    two = list(formats.read(io.StringIO(boxed + boxed), "grid"))  # no blank line between
    assert len(two) == 2 and two[1].line == 12
    assert fs.solve(two[1].puzzle) is not None


def test_one_line81_codec_and_the_cores_fast_path_agree_on_every_character():
    """The 81-character line has one codec (_line81); the compiled fast path decodes the
    same characters: a line holding any character outside them is not a line for either
    (the core hands it back, None, to the full parser)."""
    from fastsudoku import _core, _line81

    solved = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    options = _core.Options()
    for code in [*list(range(768)), 8232, 65279, 120782]:
        ch = chr(code)
        line = ch + "." * 80
        ours = _line81.values(line)
        core = _core.solve_line81(line, options)
        assert (ours is None) == (core is None), (hex(code), ours, core)
        if ours is not None:
            value = 0 if ch in _line81.EMPTY else _line81.DIGITS.index(ch) + 1
            assert ours == bytes([value]) + bytes(80)
            assert core[0] is not None and (value == 0 or core[0][0] == ch)
        arr = _line81.many_values([line])
        assert arr is not None and ((arr[0, 0] == 255) == (ours is None)), hex(code)
    rows = _line81.many_values([solved, "." * 81])
    assert _line81.many_text(rows[:1]).decode() == solved
    assert _line81.text(bytes(rows[1]), "-" * 81) == "-" * 81


@pytest.mark.parametrize("n", range(1, 65))
def test_every_side_has_a_one_character_alphabet_that_round_trips(n):
    """_symbols.default_symbols(n), the alphabet a grid of side n is written in when none is
    named: one character a value, and the text reads back (no alphabet named) as the same
    values, full grid or with empty cells, for every side 1..64."""
    from fastsudoku import _symbols

    symbols = _symbols.default_symbols(n)
    assert len(symbols) == n == len(set(symbols)) and all(len(ch) == 1 for ch in symbols)
    r = max(k for k in range(1, n + 1) if n % k == 0 and k * k <= n)
    c = n // r
    grid = [[(c * (i % r) + i // r + j) % n + 1 for j in range(n)] for i in range(n)]
    values = bytes(v for row in grid for v in row)
    text = "".join(symbols[v - 1] for v in values)
    box = None if r == c else (r, c)
    g = parse(text, box)
    assert g.values == values and g.render(values) == text
    holes = bytes(0 if k % 3 == 0 else v for k, v in enumerate(values))
    partial = "".join("." if v == 0 else symbols[v - 1] for v in holes)
    if n == 16:
        # 16 symbols but no 'G' in sight may be 0-9A-F: an ambiguous text must name it.
        assert parse(partial, box, "1-9A-G").values == holes
    else:
        assert parse(partial, box).values == holes
