"""f-puzzles data (fastsudoku.variants.from_fpuzzles): the LZ-string links of f-puzzles and
SudokuPad, and each rule of the JSON read as its constraint (counts against brute force
over the rules as stated, on 4x4 grids); what is not supported is named."""

import json

import pytest

import fastsudoku as fs
from fastsudoku._fpuzzles import lz_decompress_base64
from fastsudoku.variants import (
    XV,
    AntiKing,
    Arrow,
    Between,
    Cage,
    Diagonals,
    Even,
    Kropki,
    NoOtherDots,
    Odd,
    Region,
    Sandwich,
    Sum,
    Thermo,
    VariantError,
    Whisper,
    XSum,
    from_fpuzzles,
    from_json,
    from_text,
)
from variant_reference import brute_count

# Public f-puzzles links (from other projects' tests and documentation).
LINKS = [
    "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3v"
    "yGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A",
    "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7"
    "rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAU"
    "FlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=",
]


def test_lz_string_data_and_links():
    assert lz_decompress_base64("N4IgHiBcDMC+Q===") == '{"x":3}'
    # The URI-safe alphabet and a SudokuPad link to the same data.
    assert lz_decompress_base64("N4IgHiBcDMC-Q") == '{"x":3}'
    with pytest.raises(VariantError, match="size"):
        from_fpuzzles("https://sudokupad.app/fpuzzlesN4IgHiBcDMC%2BQ")
    first = from_fpuzzles(LINKS[0])
    assert first.grid().n == 9
    killer = from_fpuzzles(LINKS[1])
    assert killer.constraints == [
        Cage(["R1C1", "R2C1"], 9),
        Cage(["R1C2", "R1C3", "R2C2", "R2C3", "R3C2"], 33),
    ]
    # Both cages hold in every solution found.
    solution = fs.solve(killer)
    assert int(solution[0]) + int(solution[9]) == 9
    assert sum(int(solution[x]) for x in (1, 2, 10, 11, 19)) == 33


def _grid(n, givens=""):
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            ch = givens[r * n + c] if givens else "."
            row.append({"value": int(ch), "given": True} if ch != "." else {})
        rows.append(row)
    return rows


CASES = [
    (
        {"killercage": [{"cells": ["R1C1", "R1C2"], "value": "5"}, {"cells": ["R2C2", "R3C2"]}]},
        [Cage(["R1C1", "R1C2"], 5), Cage(["R2C2", "R3C2"])],
    ),
    (
        {"thermometer": [{"lines": [["R1C1", "R1C2", "R1C3"], ["R1C1", "R2C1"]]}]},
        [Thermo(["R1C1", "R1C2", "R1C3"]), Thermo(["R1C1", "R2C1"])],
    ),
    (
        {"arrow": [{"cells": ["R2C2"], "lines": [["R2C2", "R2C3", "R3C3"]]}]},
        [Arrow("R2C2", ["R2C3", "R3C3"])],
    ),
    ({"betweenline": [{"lines": [["R1C1", "R2C2", "R3C3"]]}]}, [Between(["R1C1", "R2C2", "R3C3"])]),
    (
        {"whispers": [{"lines": [["R1C1", "R1C2", "R2C2"]], "value": "2"}]},
        [Whisper(["R1C1", "R1C2", "R2C2"], 2)],
    ),
    (
        {
            "difference": [{"cells": ["R1C1", "R1C2"]}],
            "ratio": [{"cells": ["R2C1", "R2C2"]}],
            "negative": ["ratio"],
        },
        [
            Kropki("R1C1", "R1C2", "white"),
            Kropki("R2C1", "R2C2", "black"),
            NoOtherDots(white=False, black=True),
        ],
    ),
    ({"xv": [{"cells": ["R1C1", "R2C1"], "value": "V"}]}, [XV("R1C1", "R2C1", "V")]),
    (
        {"odd": [{"cell": "R1C1"}, {"cell": "R4C4"}], "even": [{"cell": "R2C2"}]},
        [Odd(["R1C1", "R4C4"]), Even(["R2C2"])],
    ),
    (
        {
            "littlekillersum": [
                {"cell": "R0C1", "direction": "DR", "value": "10"},
                {"cell": "R5C2", "direction": "UR", "value": "7"},
            ]
        },
        [Sum(["R1C2", "R2C3", "R3C4"], 10), Sum(["R4C3", "R3C4"], 7)],
    ),
    (
        {"sandwichsum": [{"cell": "R0C2", "value": "2"}, {"cell": "R3C0", "value": "0"}]},
        [Sandwich("C2", 2), Sandwich("R3", 0)],
    ),
    (
        {"xsum": [{"cell": "R1C5", "value": "7"}, {"cell": "R0C3", "value": "3"}]},
        [XSum("R1", 7, reverse=True), XSum("C3", 3)],
    ),
    (
        {
            "diagonal-": True,
            "antiking": True,
            "extraregion": [{"cells": ["R1C1", "R2C3", "R3C2", "R4C4"]}],
        },
        [Diagonals(main=True, anti=False), AntiKing(), Region(["R1C1", "R2C3", "R3C2", "R4C4"])],
    ),
]


@pytest.mark.parametrize("rules, expected", CASES)
@pytest.mark.parametrize("givens", ["", "1..." + "." * 12])
def test_each_rule_reads_as_its_constraint(rules, expected, givens):
    obj = {"size": 4, "grid": _grid(4, givens), "title": "t", "text": [{"value": "x"}], **rules}
    puzzle = from_fpuzzles(json.dumps(obj))
    values = [0 if ch == "." else int(ch) for ch in (givens or "." * 16)]
    assert fs.count_solutions(puzzle) == brute_count(4, (2, 2), None, expected, values)
    assert from_fpuzzles(obj).constraints == puzzle.constraints


def test_regions_jigsaw_and_default_boxes():
    boxes = [[{"region": (r // 2) * 2 + c // 2} for c in range(4)] for r in range(4)]
    plain = from_fpuzzles({"size": 4, "grid": boxes})
    assert plain.regions is None and fs.count_solutions(plain) == 288
    odd = "AAABCABBCCDBCDDD"  # brute force: 96 grids
    jig = [[{"region": "ABCD".index(odd[r * 4 + c])} for c in range(4)] for r in range(4)]
    puzzle = from_fpuzzles({"size": 4, "grid": jig})
    assert fs.count_solutions(puzzle) == brute_count(4, None, odd, [], [0] * 16) == 96
    six = from_fpuzzles({"size": 6, "grid": _grid(6)})
    assert six.box == (2, 3)


@pytest.mark.parametrize(
    "data, message",
    [
        ("N4Ig!", "not a base64 character"),
        ("https://sudokupad.app/sclN4Ig", "SudokuPad's own puzzle format"),
        ("{", "not valid JSON"),
        ('{"size": 4}', "expected 4 rows"),
        ('{"size": 99, "grid": []}', "side of 1..64"),
        (
            json.dumps({"size": 4, "grid": _grid(4), "clone": [{"cells": ["R1C1"]}]}),
            "'clone' is not supported",
        ),
        (
            json.dumps(
                {"size": 4, "grid": _grid(4), "ratio": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}
            ),
            "only the plain dot",
        ),
        (json.dumps({"size": 4, "grid": _grid(4), "negative": ["thermo"]}), "'thermo' is not"),
        (
            json.dumps(
                {"size": 4, "grid": _grid(4), "sandwichsum": [{"cell": "R2C2", "value": "3"}]}
            ),
            "not beside a row or column",
        ),
        (
            json.dumps(
                {"size": 4, "grid": _grid(4), "killercage": [{"cells": ["X1"], "value": "3"}]}
            ),
            "not of the form R1C1",
        ),
        (json.dumps({"size": 4, "grid": _grid(4), "thermometer": [{}]}), "without its lines"),
        (json.dumps({"size": 4, "grid": [[{"region": 0}] * 4] + [[{}] * 4] * 3}), "in no region"),
    ],
)
def test_bad_fpuzzles_data_is_named(data, message):
    with pytest.raises(VariantError, match=message):
        fs.solve(from_fpuzzles(data))


_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _lz_compress_base64(text):
    """LZ-string's compressToBase64, written here from the algorithm (independent of the
    package's decoder): a dictionary coder whose codes grow a bit at a time, written low
    bit first into 6-bit characters filled high bit first."""
    bits = []
    state = {"enlarge": 2, "size": 3, "width": 2}
    dictionary, fresh = {}, set()

    def write(value, count):
        bits.extend((value >> i) & 1 for i in range(count))

    def grow():
        state["enlarge"] -= 1
        if state["enlarge"] == 0:
            state["enlarge"] = 1 << state["width"]
            state["width"] += 1

    def emit(w):
        if w in fresh:
            wide = ord(w) >= 256
            write(1 if wide else 0, state["width"])
            write(ord(w), 16 if wide else 8)
            grow()
            fresh.discard(w)
        else:
            write(dictionary[w], state["width"])
        grow()

    w = ""
    for ch in text:
        if ch not in dictionary:
            dictionary[ch] = state["size"]
            state["size"] += 1
            fresh.add(ch)
        if w + ch in dictionary:
            w += ch
        else:
            emit(w)
            dictionary[w + ch] = state["size"]
            state["size"] += 1
            w = ch
    if w:
        emit(w)
    write(2, state["width"])
    bits.extend([0] * (-len(bits) % 6))
    out = "".join(_B64[int("".join(map(str, bits[i : i + 6])), 2)] for i in range(0, len(bits), 6))
    return out + "=" * (-len(out) % 4)


def test_lz_string_round_trips_and_bounds(monkeypatch):
    import random

    import fastsudoku._fpuzzles as fp

    assert _lz_compress_base64('{"x":3}') == "N4IgHiBcDMC+Q==="  # the published vector
    rng = random.Random(5)
    for k in range(200):
        alphabet = "ab" if k % 3 == 0 else '{}":,RC0123456789ß€'
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 400)))
        assert lz_decompress_base64(_lz_compress_base64(text)) == text
    obj = {"size": 4, "grid": _grid(4, "1..." + "." * 12), "odd": [{"cell": "R1C2"}]}
    link = "https://www.f-puzzles.com/?load=" + _lz_compress_base64(json.dumps(obj))
    assert fs.count_solutions(from_fpuzzles(link)) == brute_count(
        4, (2, 2), None, [Odd(["R1C2"])], [1] + [0] * 15
    )
    # A small input that would decompress to far more than any puzzle stops early.
    monkeypatch.setattr(fp, "_MOST_OUT", 1000)
    bomb = _lz_compress_base64("a" * 200_000)
    with pytest.raises(VariantError, match="decompresses to more than"):
        lz_decompress_base64(bomb)
    deep = '{"grid": ' + "[" * 100_000
    for read in (from_fpuzzles, from_text, from_json):
        with pytest.raises(VariantError, match="nested too deeply"):
            read(deep)
