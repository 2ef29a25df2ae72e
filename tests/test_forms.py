"""Every input form is read right and answered in the same form."""

import numpy as np
import pytest

import fastsudoku as fs
from reference import check_grid

P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
S = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
PV = [0 if ch == "." else int(ch) for ch in P]
SV = [int(ch) for ch in S]


def rows(s, n=9):
    return [s[i : i + n] for i in range(0, n * n, n)]


@pytest.mark.parametrize("empty", [".", "0", "-"])
def test_line_empty_chars(empty):
    assert fs.solve(P.replace(".", empty)) == S


def test_line_with_surrounding_whitespace_keeps_it():
    assert fs.solve("  " + P + "\n") == "  " + S + "\n"


def test_packed_grid():
    text = "\n".join(rows(P)) + "\n"
    assert fs.solve(text) == "\n".join(rows(S)) + "\n"


def test_grid_with_separators_keeps_layout():
    def fancy(s):
        out = []
        for i, r in enumerate(rows(s)):
            if i in (3, 6):
                out.append("------+-------+------")
            out.append(" ".join(r[0:3]) + " | " + " ".join(r[3:6]) + " | " + " ".join(r[6:9]))
        return "\n".join(out)

    assert fs.solve(fancy(P)) == fancy(S)


def test_grid_with_dash_separators_and_dash_empties():
    lines = rows(P.replace(".", "-"))
    text = "\n".join([*lines[:3], "-" * 11, *lines[3:6], "-" * 11, *lines[6:]])
    out = fs.solve(text)
    assert out.splitlines()[3] == "-" * 11
    assert "".join(line for i, line in enumerate(out.splitlines()) if i not in (3, 7)) == S


def test_grid_row_of_only_dashes_is_a_row():
    # A 4x4 puzzle whose second row is empty, written with '-' for empty.
    text = "1---\n----\n--1-\n-1--\n"
    out = fs.solve(text)
    assert out is not None
    check_grid(
        [int(ch) if ch != "-" else 0 for ch in text.replace("\n", "")],
        [int(ch) for ch in out.replace("\n", "")],
        (2, 2),
    )


def test_blank_lines_between_rows():
    text = "\n\n".join(rows(P))
    assert fs.solve(text).replace("\n", "") == S


def test_spaced_digits_grid():
    text = "\n".join(" ".join(r.replace(".", "0")) for r in rows(P))
    assert fs.solve(text) == "\n".join(" ".join(r) for r in rows(S))


def test_one_line_of_tokens():
    text = " ".join(str(v) for v in PV)
    assert fs.solve(text) == " ".join(S)


def test_list_of_lists_of_ints():
    grid = [PV[i : i + 9] for i in range(0, 81, 9)]
    assert fs.solve(grid) == [SV[i : i + 9] for i in range(0, 81, 9)]
    assert grid == [PV[i : i + 9] for i in range(0, 81, 9)]  # input untouched


def test_list_with_none_for_empty():
    grid = [[v or None for v in PV[i : i + 9]] for i in range(0, 81, 9)]
    assert fs.solve(grid) == [SV[i : i + 9] for i in range(0, 81, 9)]


def test_tuple_keeps_tuple():
    grid = tuple(tuple(PV[i : i + 9]) for i in range(0, 81, 9))
    out = fs.solve(grid)
    assert isinstance(out, tuple) and isinstance(out[0], tuple)
    assert [v for r in out for v in r] == SV


def test_leetcode_board():
    board = [[ch for ch in r] for r in rows(P)]
    assert fs.solve(board) == [[ch for ch in r] for r in rows(S)]


def test_list_of_row_strings():
    assert fs.solve(rows(P)) == rows(S)


def test_flat_list():
    assert fs.solve(PV) == SV


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int32, np.int64, np.uint16])
@pytest.mark.parametrize("shape", [(9, 9), (81,)])
def test_numpy(dtype, shape):
    a = np.array(PV, dtype=dtype).reshape(shape)
    out = fs.solve(a)
    assert isinstance(out, np.ndarray) and out.dtype == dtype and out.shape == shape
    assert out.reshape(-1).tolist() == SV


def test_bytes_keep_bytes():
    assert fs.solve(P.encode()) == S.encode()


def test_poj3076_letters(data_dir):
    puzzle = (data_dir / "poj3076_1.in").read_text()
    assert fs.solve(puzzle) == (data_dir / "poj3076_1.out").read_text()


def test_hex_alphabet_detected(data_dir):
    text = (data_dir / "hex_0-9A-F.txt").read_text()
    out = fs.solve(text)
    assert fs.solve(text, alphabet="0-9A-F") == out
    assert fs.solve(text, alphabet="hex") == out
    # Layout kept: same line structure, the givens in place.
    assert [len(x) for x in out.splitlines()] == [len(x) for x in text.splitlines()]
    assert all(a == b for a, b in zip(text, out) if a != "*")
    values = ["0123456789ABCDEF".index(ch) + 1 for ch in out if ch not in " \n"]
    givens = [
        0 if ch == "*" else "0123456789ABCDEF".index(ch) + 1 for ch in text if ch not in " \n"
    ]
    check_grid(givens, values, (4, 4))


def test_numbers_grid(data_dir):
    text = (data_dir / "numbers_1-16.txt").read_text()
    out = fs.solve(text)
    givens = [0 if t == "." else int(t) for t in text.split()]
    values = [int(t) for t in out.split()]
    check_grid(givens, values, (4, 4))
    assert len(out.splitlines()) == 16


def test_named_alphabets_16():
    empty16 = "-" * 256
    letters = fs.solve(empty16, alphabet="A-P")
    assert set(letters) == set("ABCDEFGHIJKLMNOP")
    alnum = fs.solve("." * 256, alphabet="1-9A-G")
    assert set(alnum) == set("123456789ABCDEFG")
    custom = fs.solve("." * 256, alphabet="abcdefghijklmnop")
    assert set(custom) == set("ABCDEFGHIJKLMNOP")


def test_lowercase_letters_read():
    p = "a" + "-" * 255
    out = fs.solve(p, alphabet="A-P")
    assert out[0] == "A"


@pytest.mark.parametrize("box", [(2, 3), (3, 2)])
def test_rectangular_box_from_string(box):
    out = fs.solve("." * 36, box=box)
    check_grid([0] * 36, [int(ch) for ch in out], box)


def test_25x25_letters():
    out = fs.solve("." * 625, alphabet="A-Y")
    check_grid([0] * 625, [ord(ch) - 64 for ch in out], (5, 5))


def test_large_sides_numbers_grid():
    n = 36
    text = "\n".join(" ".join(["0"] * n) for _ in range(n))
    out = fs.solve(text)
    check_grid([0] * n * n, [int(t) for t in out.split()], (6, 6))


def test_solutions_iterator_keeps_form():
    grid = [[1, 2, 0, 0], [0, 0, 1, 2], [0] * 4, [0] * 4]
    sols = list(fs.solutions(grid))
    assert len(sols) == fs.count_solutions(grid) > 1
    assert all(isinstance(s, list) and len(s) == 4 for s in sols)
    assert len({str(s) for s in sols}) == len(sols)


def test_search_result():
    r = fs.search(P)
    assert r.count == 1 and r.solution == S and r.complete is False  # stopped at limit 1
    r = fs.search(P, limit=2)
    assert r.count == 1 and r.complete is True and r.guesses >= 0
    r = fs.search("." * 81, limit=3)
    assert r.count == 3 and not r.complete
