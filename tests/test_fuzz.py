"""Fuzzing of every parser and reader with Hypothesis: any text, bytes, nesting or record
layout ends in an answer or a documented exception, never another exception class.

The budget is modest in CI (150 examples a test); ``HYPOTHESIS_PROFILE=thorough`` runs 5,000
a test for a local session.
"""

import contextlib
import io
import os

import numpy as np
from hypothesis import given, settings, strategies as st

import fastsudoku as fs
from fastsudoku import formats, judges
from fastsudoku.cli import main as cli_main

# More examples than the other property tests (these are cheap), more still when the
# profile is "thorough" (conftest.py registers the profiles).
FUZZ = settings(max_examples=5000 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else 150)

P81 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

# Characters that matter to the readers, mixed with any others.
SPECIAL = list(
    ".0-_*?|+=:#, \t\n\r\x0b\x0c\x1c\x85\u2028\ufeff\u200b\u00b2\u0663123456789ABCDGabg@$%"
)
cells = st.sampled_from(SPECIAL) | st.characters()
texts = st.text(cells, max_size=400) | st.builds(
    lambda p, k, s: p[:k] + s + p[k:], st.just(P81), st.integers(0, 81), st.text(cells, max_size=5)
)
alphabets = (
    st.none()
    | st.sampled_from(["hex", "letters", "wide", "1-9A-G", "A-P", "aAbB", "\u00dfabc", "abc", ""])
    | st.text(max_size=5)
)


def _sudoku_call(call, *args, **kwargs):
    try:
        return call(*args, **kwargs)
    except fs.SudokuError:  # ParseError, ShapeError, InvalidValueError, ConflictError ...
        return None
    except ValueError as e:  # only for an empty alphabet
        assert "alphabet must not be empty" in str(e), e
        return None


@FUZZ
@given(texts, alphabets)
def test_parse_any_text(text, alphabet):
    solution = _sudoku_call(fs.solve, text, alphabet=alphabet, node_limit=2000)
    assert solution is None or isinstance(solution, str)


@FUZZ
@given(
    st.binary(max_size=300)
    | st.builds(lambda p, b: p.encode() + b, st.just(P81), st.binary(max_size=4))
)
def test_parse_any_bytes(data):
    solution = _sudoku_call(fs.solve, data, node_limit=2000)
    assert solution is None or isinstance(solution, bytes)


nested = st.recursive(
    st.none() | st.integers(-3, 70) | st.text(cells, max_size=3) | st.floats() | st.booleans(),
    lambda children: st.lists(children, max_size=5) | st.tuples(children, children),
    max_leaves=40,
)


@FUZZ
@given(nested)
def test_parse_any_nesting(thing):
    try:
        fs.solve(thing, node_limit=2000)
    except fs.SudokuError:
        pass
    except TypeError as e:
        assert "cannot read a puzzle" in str(e), e


@FUZZ
@given(
    st.lists(st.integers(-2, 300), min_size=0, max_size=100),
    st.sampled_from([np.uint8, np.int8, np.int64, np.uint16]),
)
def test_parse_any_array(values, dtype):
    arr = np.array(values, dtype=np.int64).astype(dtype)
    with contextlib.suppress(fs.SudokuError):
        fs.solve(arr, node_limit=2000)


@FUZZ
@given(st.lists(texts | st.none() | st.integers(), max_size=6))
def test_batch_never_aborts(rows):
    result = fs.solve_many(rows, limit=2, node_limit=2000)
    assert len(result.status) == len(rows)


@FUZZ
@given(st.text(cells, max_size=600), st.sampled_from(("auto", *formats.FORMATS)))
def test_readers_any_text(text, fmt):
    try:
        records = list(formats.read(io.StringIO(text), fmt))
    except fs.ParseError:  # a CSV file whose header names no known layout
        assert fmt == "csv" or formats.detect(text.splitlines()[:80]) == "csv"
        records = []
    for record in records:
        assert record.error is None or isinstance(record.error, fs.ParseError)
        assert record.line >= 1


@FUZZ
@given(st.lists(st.text(cells, max_size=90), max_size=20))
def test_line_splitting_matches_splitlines(pieces):
    pieces = [p for p in pieces if p]  # an empty read is the end of a stream
    text = "".join(pieces)
    expected = (text[1:] if text.startswith("\ufeff") else text).splitlines()

    class Chunks(io.StringIO):  # reads cut at the pieces' boundaries
        def __init__(self):
            super().__init__()
            self.parts = iter(pieces)

        def read(self, size=-1):
            return next(self.parts, "")

    assert [t for _, t in formats.lines(Chunks())] == expected
    assert [t for _, t in formats.lines(io.StringIO(text))] == expected


@FUZZ
@given(st.sampled_from(sorted(judges.JUDGES)), st.text(cells, max_size=400))
def test_judge_readers_any_text(problem, text):
    with contextlib.suppress(fs.SudokuError):
        judges.answer(problem, text)


@FUZZ
@given(st.binary(max_size=500))
def test_cli_any_file(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "in.txt"
    path.write_bytes(data)
    assert cli_main(["count", str(path), "--limit", "2"]) in (0, 1, 65)
