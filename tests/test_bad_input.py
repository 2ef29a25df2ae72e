"""Bad input: every case must raise the documented error, naming the place, quickly.

Never a crash, a hang or a wrong answer: each case runs the public API and checks the
exception class, a message pattern (the place) and the attributes.
"""

import numpy as np
import pytest

import fastsudoku as fs
from fastsudoku import (
    ConflictError,
    InvalidValueError,
    ParseError,
    SearchLimitError,
    ShapeError,
    SudokuError,
)

GOOD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GRID = "\n".join(GOOD[i : i + 9] for i in range(0, 81, 9))

BAD = [
    # (id, puzzle, kwargs, exception, message regex, attributes)
    ("empty string", "", {}, ParseError, r"empty puzzle", {}),
    ("whitespace only", "   \n  \n", {}, ParseError, r"empty puzzle", {}),
    ("80 cells", GOOD[:80], {}, ParseError, r"N\*N cells .* got 80", {}),
    ("82 cells", GOOD + ".", {}, ParseError, r"got 82", {}),
    (
        "letter in 9x9",
        "x" + GOOD[1:],
        {},
        ParseError,
        r"row 1, column 1 .*'x'",
        {"row": 1, "column": 1, "char": "x"},
    ),
    (
        "symbol at the end",
        GOOD[:80] + "%",
        {},
        ParseError,
        r"row 9, column 9 .*'%'",
        {"row": 9, "column": 9, "char": "%"},
    ),
    (
        "A in 9x9",
        GOOD[:40] + "A" + GOOD[41:],
        {},
        ParseError,
        r"row 5, column 5",
        {"row": 5, "column": 5},
    ),
    (
        "repeat in row",
        "11" + "." * 79,
        {},
        ConflictError,
        r"value 1 repeats in row 1 \(columns 1 and 2\)",
        {"unit": "row", "index": 1, "value": 1, "cells": ((1, 1), (1, 2))},
    ),
    (
        "repeat in column",
        "5" + "." * 8 + "5" + "." * 71,
        {},
        ConflictError,
        r"value 5 repeats in column 1 \(rows 1 and 2\)",
        {"unit": "column", "index": 1},
    ),
    (
        "repeat in box",
        "7" + "." * 9 + "7" + "." * 70,
        {},
        ConflictError,
        r"value 7 repeats in box 1 \(r1c1 and r2c2\)",
        {"unit": "box", "index": 1},
    ),
    (
        "repeat in last box",
        "." * 70 + "9" + "." * 9 + "9",
        {},
        ConflictError,
        r"repeats in box 9 \(r8c8 and r9c9\)",
        {"unit": "box", "index": 9},
    ),
    (
        "grid short row",
        GRID.replace("4.....8.5", "4.....8."),
        {},
        ParseError,
        r"row 1 \(line 1\) has 8 cells, expected 9",
        {"row": 1},
    ),
    (
        "grid long row",
        GRID.replace(".3.......", ".3........"),
        {},
        ParseError,
        r"row 2 \(line 2\) has 10 cells",
        {"row": 2},
    ),
    (
        "grid bad char",
        GRID.replace(".3.......", ".3..#...."),
        {},
        ParseError,
        r"row 2, column 5 \(line 2\): '#'",
        {"row": 2, "column": 5, "char": "#"},
    ),
    ("8 lines", "\n".join(GRID.splitlines()[:8]), {}, ParseError, r"8 rows of 9 cells", {}),
    ("side 7 no box", "." * 49, {}, ShapeError, r"side 7 is not a square.*box=\(1, 7\)", {}),
    ("side 6 no box", "." * 36, {}, ShapeError, r"side 6 is not a square.*box=\(2, 3\)", {}),
    ("box disagrees", "." * 81, {"box": (2, 3)}, ParseError, r"expected 36 cells for box", {}),
    ("box not a pair", "." * 36, {"box": "2x3"}, ShapeError, r"pair of integers", {}),
    ("box zero", [[0] * 6] * 6, {"box": (0, 6)}, ShapeError, r"at least one row", {}),
    (
        "box product",
        [[0] * 6] * 6,
        {"box": (3, 3)},
        ShapeError,
        r"box \(3, 3\) holds 9 cells but the grid has side 6",
        {},
    ),
    (
        "side 81",
        np.zeros((81, 81), dtype=np.uint8),
        {},
        ShapeError,
        r"side 81 is larger than the bitmask engine's limit of 64",
        {},
    ),
    (
        "ragged list",
        [[0] * 9] * 8 + [[0] * 8],
        {},
        ParseError,
        r"row 9 has 8 cells, expected 9",
        {"row": 9},
    ),
    (
        "value 10 in list",
        [[10] + [0] * 8] + [[0] * 9] * 8,
        {},
        InvalidValueError,
        r"row 1, column 1: value 10 is out of range 0..9",
        {"row": 1, "column": 1, "value": 10},
    ),
    (
        "negative in list",
        [[0] * 9] * 4 + [[0, 0, -1] + [0] * 6] + [[0] * 9] * 4,
        {},
        InvalidValueError,
        r"row 5, column 3: value -1",
        {"row": 5, "column": 3},
    ),
    (
        "float in list",
        [[1.5] + [0] * 8] + [[0] * 9] * 8,
        {},
        InvalidValueError,
        r"row 1, column 1: 1.5 is not an integer",
        {},
    ),
    (
        "bool in list",
        [[True] + [0] * 8] + [[0] * 9] * 8,
        {},
        InvalidValueError,
        r"True is not a cell value",
        {},
    ),
    (
        "leetcode bad string",
        [["x"] + ["."] * 8] + [["."] * 9] * 8,
        {},
        ParseError,
        r"row 1, column 1: 'x' is not a number",
        {},
    ),
    (
        "leetcode 10",
        [["."] * 8 + ["10"]] + [["."] * 9] * 8,
        {},
        InvalidValueError,
        r"row 1, column 9: value 10 is out of range 1..9",
        {},
    ),
    ("row not a list", [[0] * 9] * 8 + [5], {}, ParseError, r"row 9 is a int", {}),
    ("flat list 80", [0] * 80, {}, ParseError, r"flat list has N\*N cells", {}),
    ("float array", np.zeros((9, 9)), {}, InvalidValueError, r"dtype float64", {}),
    (
        "array value 12",
        np.pad(np.array([[12]]), ((0, 8), (0, 8))),
        {},
        InvalidValueError,
        r"row 1, column 1: value 12 is out of range 0..9",
        {"value": 12},
    ),
    ("array not square", np.zeros((9, 8), dtype=int), {}, ShapeError, r"not square", {}),
    ("array 3-d", np.zeros((2, 9, 9), dtype=int), {}, ShapeError, r"solve_many", {}),
    ("array flat 80", np.zeros(80, dtype=int), {}, ShapeError, r"N\*N cells", {}),
    (
        "array repeat",
        np.array([[1, 1, 0, 0]] + [[0] * 4] * 3),
        {},
        ConflictError,
        r"value 1 repeats in row 1",
        {},
    ),
    ("non-ascii bytes", b"\xff" + b"." * 80, {}, ParseError, r"byte 0 \(0xff\) is not ASCII", {}),
    (
        "unknown alphabet size",
        "." * 81,
        {"alphabet": "A-P"},
        ParseError,
        r"alphabet 'A-P' has 16 symbols, the grid needs 9",
        {},
    ),
    ("alphabet repeats", "." * 16, {"alphabet": "1123"}, ParseError, r"repeats a symbol", {}),
    (
        "hex symbol not in A-P",
        "G" + "-" * 255,
        {"alphabet": "0-9A-F"},
        ParseError,
        r"row 1, column 1 .*'G'",
        {},
    ),
    ("ambiguous 16x16", "1" + "." * 255, {}, ParseError, r"ambiguous alphabet", {}),
    (
        "side 36: b after 1-9A-Za",
        "b" + "." * 1295,
        {},
        ParseError,
        r"row 1, column 1 .*'b' is not a symbol of the 1-9A-Za alphabet",
        {},
    ),
    (
        "number token too big",
        " ".join(["17"] + ["0"] * 255),
        {},
        InvalidValueError,
        r"value 17 is out of range 1..16",
        {},
    ),
    ("word token", " ".join(["x1"] + ["0"] * 80), {}, ParseError, r"'x1' is not a number", {}),
]


@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_bad_input(case):
    _, puzzle, kwargs, exc, pattern, attrs = case
    with pytest.raises(exc, match=pattern) as info:
        fs.solve(puzzle, **kwargs)
    assert isinstance(info.value, SudokuError)
    assert isinstance(info.value, ValueError)
    for name, value in attrs.items():
        assert getattr(info.value, name) == value
    # The same error from every entry point.
    with pytest.raises(exc):
        fs.count_solutions(puzzle, limit=2, **kwargs)
    with pytest.raises(exc):
        fs.solutions(puzzle, **kwargs)


def test_bad_input_table_is_large():
    assert len(BAD) >= 30


@pytest.mark.parametrize("thing", [42, 3.5, None, {"a": 1}, object()])
def test_wrong_type(thing):
    with pytest.raises(TypeError, match="cannot read a puzzle"):
        fs.solve(thing)


@pytest.mark.parametrize(
    "kwargs, pattern",
    [
        ({"engine": "quantum"}, "unknown engine"),
        ({"node_limit": -1}, "node_limit"),
        ({"node_limit": 1.5}, "node_limit"),
    ],
)
def test_bad_options(kwargs, pattern):
    with pytest.raises(ValueError, match=pattern):
        fs.solve(GRID, **kwargs)


@pytest.mark.parametrize("limit", [0, -3, 2.0])
def test_bad_limit(limit):
    with pytest.raises(ValueError, match="limit"):
        fs.count_solutions(GOOD, limit=limit)


def test_unsolvable_is_not_an_error():
    # No repeated given, but r1c9 has no candidate left: no solution, no exception.
    p = "12345678." + "........9" + "." * 63
    assert fs.solve(p) is None
    assert fs.count_solutions(p) == 0
    assert not fs.is_unique(p)
    assert list(fs.solutions(p)) == []


def test_node_limit():
    with pytest.raises(SearchLimitError, match="node limit of 3") as info:
        fs.count_solutions("." * 81, node_limit=3)
    assert info.value.guesses == 3
    assert isinstance(info.value, SudokuError) and isinstance(info.value, RuntimeError)
    with pytest.raises(SearchLimitError):
        list(fs.solutions("." * 81, node_limit=5, limit=1000))
    # A limit high enough to finish does not get in the way.
    assert fs.solve(GOOD, node_limit=10_000) is not None
