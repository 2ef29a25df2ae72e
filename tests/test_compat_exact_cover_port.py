"""The exact_cover package's own Python test suite (1.5.0), ported to our compat module.

One test here for each test function in the original's ``tests/`` (jwg4/exact_cover at its
1.5.0 release, test_all_solutions.py's generated tests included; the C suites and the
memory/valgrind scripts are not ported), named ``test_port_<their file>__<their test>``.
Each one asserts what theirs asserts, with the same expected answers.  Every test runs on
``fastsudoku.compat.exact_cover`` and, when the original package is installed (the test
extra installs it), on the original as well, with the same inputs.  So a port that passes on
both is faithful, and the original is the oracle for the inputs we rebuilt.

The tests were rewritten from what they check, and the original's data files and helpers
were not copied: every problem is rebuilt by the code below.

- Sudoku matrices come from the puzzles.  Saved as ``save_problem`` writes them, they are the
  original's files byte for byte: git names a file by the SHA-1 of its bytes, and our bytes
  give the ids of their files (``_SUDOKU_FILES``).  The 9x9 files are missing from the
  mirrored history (too large), but their ids are there and are met.
- The two ``.npy`` files and ``reduced.csv`` are rebuilt in the same way and checked by their
  git ids: the Fortran-order trimino array and the two tetrominoes on a cylinder.
- The pentomino problems (12 pentominoes, turned but never reflected, plus the 2x2 square
  on a chessboard) are generated; they give the same sets of rows as the original's
  ``pentominos_chessboard.csv`` and ``polyomino_data.py`` (checked once against them).
- ``cylinder.csv``: the original test reads it with ``np.genfromtxt(..., dtype=bool,
  delimiter=",")``.  NumPy's boolean converter takes only "true"/"false", so each "0" and
  "1" comes back False, and the problem that test really solves is a 644x208 matrix of
  zeros.  That zero matrix is what is ported here (``_cylinder_as_read`` shows the parse).
- ``part_reduced.csv`` (478x172, left over from a debugging session, generator not
  published) cannot be rebuilt.  A stand-in of the same kind takes its place: tetromino rows
  of four cells, with some columns that no row covers.

Where our module deliberately differs from the original (a cover made of every row of the
matrix is returned whole by ``get_all_solutions``, not as an empty tuple; a matrix with no
columns has no cover in ``get_all_solutions``), no ported test meets the case.
"""

import contextlib
import functools
import hashlib
import importlib
import io
import itertools
import logging
from types import SimpleNamespace

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

# ------------------------------------------------------------------ the module under test

_PACKAGES = {"ours": "fastsudoku.compat.exact_cover", "original": "exact_cover"}


def _implementation(package):
    """One implementation's functions, exceptions and submodules, under one set of names."""
    top = importlib.import_module(package)
    error, helpers, io_, wrapper = (
        importlib.import_module(f"{package}.{part}")
        for part in ("error", "helpers", "io", "wrapper")
    )
    return SimpleNamespace(
        get_exact_cover=top.get_exact_cover,
        get_solution_count=top.get_solution_count,
        get_all_solutions=top.get_all_solutions,
        NoSolution=error.NoSolution,
        CannotSplitFurther=error.CannotSplitFurther,
        helpers=helpers,
        io=io_,
        wrapper=wrapper,
    )


@pytest.fixture(scope="module", params=list(_PACKAGES))
def ec(request):
    """Each test runs on our module, then on the original (skipped when not installed)."""
    if request.param == "original":
        pytest.importorskip("exact_cover")
    return _implementation(_PACKAGES[request.param])


# The original's tests that it marks slow (its SKIP_SLOW switch) and that take it seconds
# here: run on the original only when slow tests are run.
_SLOW_ON_THE_ORIGINAL = pytest.mark.parametrize(
    "ec", ["ours", pytest.param("original", marks=pytest.mark.slow)], indirect=True
)


# ------------------------------------------------------------------ files, by their git ids


def _git_blob_id(data: bytes) -> str:
    """The id git gives a file with these bytes: SHA-1 of "blob <size>\\0" and the bytes."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def _savetxt(matrix, fmt="%.18e") -> bytes:
    """A matrix as ``save_problem`` writes it (``np.savetxt`` of int8; NumPy's default fmt)."""
    out = io.BytesIO()
    np.savetxt(out, np.asarray(matrix).astype(np.int8), fmt=fmt)
    return out.getvalue()


def _npy(matrix) -> bytes:
    out = io.BytesIO()
    np.save(out, matrix)
    return out.getvalue()


# ------------------------------------------------------------------ small problems

TINY = [[1, 0, 0], [0, 1, 0], [0, 1, 1], [0, 0, 1]]
TINY_WITH_ZERO_ROWS = [[1, 0, 0], [0, 0, 0], [0, 1, 0], [0, 1, 1], [0, 0, 0], [0, 0, 1]]
TINY_WITHOUT_COVER = [[1, 0, 0], [0, 1, 0], [0, 1, 0], [0, 0, 0]]


@functools.cache
def _tiny_npy() -> bytes:
    """TINY as the original's tests/files/tiny_cover_problem.npy (a boolean array)."""
    data = _npy(np.array(TINY, dtype=bool))
    assert _git_blob_id(data) == "35f70cda652023443e291c9877adacb59ff0deaa"
    return data


def _problem(data, first, covers):
    """A problem as the original's tests/problems.py describes one: the matrix, its first cover,
    the number of covers and the covers (sets of row indices)."""
    covers = [frozenset(c) for c in covers]
    return SimpleNamespace(
        data=np.asarray(data).astype(bool), first=first, count=len(covers), covers=covers
    )


def _wikipedia_problem():
    """Wikipedia's detailed example of exact cover (article "Exact cover"): the sets A to F over
    1..7; the one cover is B, D, F."""
    sets = [{1, 4, 7}, {1, 4}, {4, 5, 7}, {3, 5, 6}, {2, 3, 6, 7}, {2, 7}]
    return _problem([[x in s for x in range(1, 8)] for s in sets], [1, 3, 5], [{1, 3, 5}])


# Two disjoint covers of eight columns, three rows each.
_COVER_A = [{0, 3, 6}, {1, 4, 7}, {2, 5}]
_COVER_B = [{3}, {0, 2, 4, 7}, {1, 5, 6}]


def _copies_problem(*blocks):
    """Rows: the rows of each cover in `blocks`, block after block (a cover may come twice).
    Its covers: for either of A and B, one copy of each of its rows."""
    rows = [row for block in blocks for row in block]
    covers = []
    for cover in (_COVER_A, _COVER_B):
        starts = [i for i, block in enumerate(blocks) if block is cover]
        copies = [[3 * start + k for start in starts] for k in range(3)]
        covers.extend(set(choice) for choice in itertools.product(*copies))
    data = [[j in row for j in range(8)] for row in rows]
    return _problem(data, [0, 1, 2], covers)


def _bruteforce_problem1():
    return _copies_problem(_COVER_A, _COVER_B)


def _bruteforce_problem2():
    return _copies_problem(_COVER_A, _COVER_B, _COVER_A)


def _bruteforce_problem3():
    return _copies_problem(_COVER_A, _COVER_B, _COVER_A, _COVER_B)


def _trailing_zero_row_problem():
    """Three columns, twelve rows (two of them zero, and the last row not zero)."""
    rows = ["110", "101", "101", "110", "110", "000", "000", "001", "110", "101", "010", "100"]
    covers = [{9, 10}, {4, 7}, {2, 10}, {7, 10, 11}, {3, 7}, {0, 7}, {1, 10}, {7, 8}]
    return _problem([[ch == "1" for ch in row] for row in rows], None, covers)


# ------------------------------------------------------------------ polyominoes


def _cells(picture):
    """The (row, column) cells marked '#' in a picture of strings."""
    return [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#"]


def _normalized(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def _turns(cells):
    """The distinct quarter turns of a shape (no reflections), starting with the shape itself;
    each turn takes (r, c) to (-c, r)."""
    out = []
    shape = _normalized(cells)
    for _ in range(4):
        if shape not in out:
            out.append(shape)
        shape = _normalized([(-c, r) for r, c in shape])
    return out


def _trimino_problem():
    """Two identical L-triminoes on a 3x3 board with three cells taken (the corners (0,0),
    (0,2), (2,0)).  Columns: the two pieces, then the six free cells in reading order.  Rows:
    piece 0's placements, then piece 1's; per piece, the orientations in turn order from the
    one missing its bottom-left corner, and each orientation's positions in reading order."""
    taken = {(0, 0), (0, 2), (2, 0)}
    free = [(r, c) for r in range(3) for c in range(3) if (r, c) not in taken]
    column = {cell: 2 + k for k, cell in enumerate(free)}
    placements = []
    for shape in _turns(_cells(["##", ".#"])):
        for dr, dc in itertools.product(range(3), repeat=2):
            cells = [(r + dr, c + dc) for r, c in shape]
            if all(cell in column for cell in cells):
                placements.append([column[cell] for cell in cells])
    data = [
        [j == piece or j in cells for j in range(8)] for piece in range(2) for cells in placements
    ]
    return _problem(data, [5, 13], [{5, 13}, {6, 12}])


@functools.cache
def _trimino_npy() -> bytes:
    """The trimino matrix as the original's tests/files/small_trimino_problem.npy: a boolean
    array saved in Fortran order."""
    data = _npy(np.asfortranarray(_trimino_problem().data))
    assert _git_blob_id(data) == "c377171236a3d0e79a526ecf9391d594fd511964"
    return data


def _trimino_problem_from_file():
    problem = _trimino_problem()
    problem.data = np.load(io.BytesIO(_trimino_npy()))
    return problem


# The 12 pentominoes (F I L N P T U V W X Y Z, each in the one hand the original uses) and the
# 2x2 square: the original's 13 pieces, in its column order.
_PIECES = [
    ["##.", ".##", ".#."],
    ["#####"],
    ["####", "#..."],
    ["###.", "..##"],
    ["###", ".##"],
    ["###", ".#.", ".#."],
    ["###", "#.#"],
    ["###", "#..", "#.."],
    ["##.", ".##", "..#"],
    [".#.", "###", ".#."],
    ["####", ".#.."],
    ["##.", ".#.", ".##"],
    ["##", "##"],
]
_Y = 10


@functools.cache
def _pieces_on_a_chessboard(upright_y_in_the_last_two_files=True):
    """The 13 pieces turned (never reflected) and placed anywhere on an 8x8 board: a row per
    placement, with 13 piece columns and then the 64 squares in reading order.  The original
    ships it twice: ``pentominos_chessboard.csv`` (1553 rows) and ``polyomino_data.py`` (1543
    rows), which omits the 10 placements of an upright Y in the two last files (columns 6
    and 7).  The row order is ours; the tests that use these problems do not depend on it."""
    rows = []
    for piece, picture in enumerate(_PIECES):
        for shape in _turns(_cells(picture)):
            height = 1 + max(r for r, _ in shape)
            width = 1 + max(c for _, c in shape)
            for dr, dc in itertools.product(range(9 - height), range(9 - width)):
                if piece == _Y and height == 4 and dc == 6 and not upright_y_in_the_last_two_files:
                    continue
                row = np.zeros(13 + 64, dtype=bool)
                row[piece] = True
                row[[13 + 8 * (r + dr) + c + dc for r, c in shape]] = True
                rows.append(row)
    return np.array(rows)


def _pentomino_chessboard():
    """The original's pentominos_chessboard.csv: a problem with covers (1796 of them)."""
    a = _pieces_on_a_chessboard().copy()
    assert a.shape == (1553, 77)
    return a


def _polyomino_problem():
    """The original's polyomino_data.py: 1466 covers of 13 rows."""
    a = _pieces_on_a_chessboard(upright_y_in_the_last_two_files=False).copy()
    assert a.shape == (1543, 77)
    return a


def _cylinder_rows(height, circumference, placements):
    """Tetromino placements on a board wrapped into a cylinder: cell (r, c) is column
    r * circumference + c % circumference."""
    a = np.zeros((len(placements), height * circumference), dtype=bool)
    for i, cells in enumerate(placements):
        for r, c in cells:
            a[i, r * circumference + c % circumference] = True
    return a


@functools.cache
def _reduced_csv() -> bytes:
    """The original's tests/files/reduced.csv: all that is left of a tetromino problem on a
    10x6 cylinder once the forced placements are taken, which is two L-tetrominoes (the second
    across the seam) with 52 cells that nothing covers."""
    a = _cylinder_rows(10, 6, [[(1, 0), (1, 1), (1, 2), (2, 0)], [(8, 4), (8, 5), (8, 6), (9, 6)]])
    data = _savetxt(a, fmt="%d")
    assert _git_blob_id(data) == "1520b772e474accb3cfd57959cd684081da8b85a"
    return data


def _reduced():
    """reduced.csv read as the original's load_problem reads it."""
    return np.genfromtxt(io.BytesIO(_reduced_csv())).astype(bool)


def _cylinder_as_read():
    """What the original's test gets from cylinder.csv (a 644x208 CSV of 0s and 1s) when it reads
    it as booleans: zeros, since NumPy's boolean converter reads every "0" and "1" as False."""
    assert not np.genfromtxt(["1,0,1", "0,1,1"], dtype=bool, delimiter=",").any()
    return np.zeros((644, 208), dtype=bool)


@functools.cache
def _part_reduced_stand_in():
    """In place of part_reduced.csv, which cannot be rebuilt (module docstring): every
    L-tetromino on an 11x16 cylinder that avoids the first six cells, which stay uncovered."""
    placements = []
    for shape in _turns(_cells(["###", "#.."])):
        for r, c in itertools.product(range(11), range(16)):
            cells = [(r + dr, c + dc) for dr, dc in shape]
            if all(rr < 11 for rr, _ in cells) and not any(
                rr == 0 and cc % 16 < 6 for rr, cc in cells
            ):
                placements.append(cells)
    return _cylinder_rows(11, 16, placements)


# ------------------------------------------------------------------ Sudoku

# 4x4 and 9x9 puzzles in reading order ('.' blank); the original's 9x9 files were built from
# the puzzles of its earlier test_sudoku.py.
_PUZZLES = {
    "small": "1.....3..2.....4",
    "small_empty": "." * 16,
    "impossible": "1" * 16,
    "trivial": ".3529.864.8241.7.376438..9.218739.4....8.423..43.5297.4.6571..9359.284178..9..526",
    "easy": "....7456.5..2183...4..6.27169.32518..5..8.936.7.6.1425..3.5.6.....8.....92...6.1.",
    "medium": "9.52...3....1.3..6...456.9..4..8.6...5.3.1.4...2.6..1..2.617...3..5.9....9...27.4",
    "hard": ".3...8....5.9..3.12.7....4.....7.1..5.8.3.4.9..1.8.....8....7.67.3..6.2....4...3.",
    "very_hard": (
        "819.7...6...9..5.......4.8..526.....3.......5.....921..7.8.......6..3...2...6.947"
    ),
}

# Their file: (puzzle, the file's git id).  easy_sudoku_2 and very_hard_sudoku_2 have the ids
# of trivial_sudoku and very_hard_sudoku: the same puzzles.
_SUDOKU_FILES = {
    "small_sudoku": ("small", "b363fb8fa43b2da7401a786a62fa90c087db2614"),
    "small_empty_sudoku": ("small_empty", "264755e96a356dcdba12e8998eeaaa150394b276"),
    "impossible_sudoku": ("impossible", "39c596d398b8ed8ca6c765ea885ebf8cfc052fd1"),
    "trivial_sudoku": ("trivial", "a51091a3d342637ac4bab1751733b149ea1c8588"),
    "easy_sudoku": ("easy", "01e9121c8467a75c7c27710170fd16a056b38a57"),
    "easy_sudoku_2": ("trivial", "a51091a3d342637ac4bab1751733b149ea1c8588"),
    "medium_sudoku": ("medium", "2761acc835cb6fc6e29859ee7bf447c88b492fcb"),
    "hard_sudoku": ("hard", "56b6959847027d71e05367413cf44a733300e566"),
    "very_hard_sudoku": ("very_hard", "f5bfd7f80518e452ae1a69b099f632208d0a1f1f"),
    "very_hard_sudoku_2": ("very_hard", "f5bfd7f80518e452ae1a69b099f632208d0a1f1f"),
}


def _sudoku_matrix(puzzle):
    """The original's Sudoku constraint matrix of an n x n puzzle: row (r * n + c) * n + d
    puts digit d + 1 in cell (r, c) and covers four columns: cell r * n + c, then digit d in
    row r, in column c, in box b (each n * n long, d innermost).  The rows of a given cell's
    other digits stay, as rows of zeros."""
    n = round(len(puzzle) ** 0.5)
    side = round(n**0.5)
    a = np.zeros((n**3, 4 * n * n), dtype=bool)
    for k, ch in enumerate(puzzle):
        r, c = divmod(k, n)
        box = side * (r // side) + c // side
        for d in range(n) if ch == "." else [int(ch) - 1]:
            columns = [r * n + c, n * n + r * n + d, 2 * n * n + c * n + d, 3 * n * n + box * n + d]
            a[k * n + d, columns] = True
    return a


@functools.cache
def _sudoku_file(name) -> bytes:
    puzzle, blob_id = _SUDOKU_FILES[name]
    data = _savetxt(_sudoku_matrix(_PUZZLES[puzzle]))
    assert _git_blob_id(data) == blob_id, name
    return data


def _load_sudoku(ec, name):
    """The problem, read by the module under test's load_problem, as the original's test does."""
    return ec.io.load_problem(io.BytesIO(_sudoku_file(name)))


# ------------------------------------------------------------------ Hypothesis strategies
# (the original's test_exact_cover_problems.py builds its random problems this way)

_ORDERS = [None, "C", "F"]
_DTYPES = [None, np.bool_, np.int8, np.int32]  # theirs also names DTYPE_FOR_ARRAY: np.bool_


@st.composite
def _arrays_of(draw, rows):
    """`rows` as a NumPy array made in one of the ways the original mixes: default, C or
    Fortran order; default, bool, int8 or int32 dtype."""
    kwargs = {}
    order = draw(st.sampled_from(_ORDERS))
    if order is not None:
        kwargs["order"] = order
    dtype = draw(st.sampled_from(_DTYPES))
    if dtype is not None:
        kwargs["dtype"] = dtype
    return np.array(rows, **kwargs)


def _boolean_rows(width):
    return st.lists(
        st.lists(st.booleans(), min_size=width, max_size=width), min_size=1, max_size=30
    )


@st.composite
def _random_problems(draw):
    """1 to 30 random rows of 1 to 15 columns."""
    width = draw(st.integers(1, 15))
    return draw(_arrays_of(draw(_boolean_rows(width))))


@st.composite
def _problems_with_a_planted_cover(draw):
    """Random rows, shuffled with a cover of 1 to 10 rows: the columns dealt out among them
    (a row may get none)."""
    width = draw(st.integers(1, 15))
    noise = draw(_boolean_rows(width))
    parts = draw(st.integers(1, 10))
    owner = draw(st.lists(st.integers(0, parts - 1), min_size=width, max_size=width))
    cover = [[owner[j] == p for j in range(width)] for p in range(parts)]
    return draw(_arrays_of(draw(st.permutations(cover + noise))))


@st.composite
def _problems_with_a_full_row(draw):
    """A random problem with one row set to all ones: a cover by itself."""
    a = draw(_random_problems())
    a[draw(st.integers(0, a.shape[0] - 1))] = 1
    return a


@st.composite
def _problems_with_an_empty_column(draw):
    a = draw(_random_problems())
    a[:, draw(st.integers(0, a.shape[1] - 1))] = 0
    return a


@st.composite
def _problems_with_columns_a_b_c(draw):
    """Column a cleared wherever column b has a one, then column c set to (a and b): never
    true, so c is left empty (when c is a or b, that column is)."""
    a = draw(_random_problems())
    col_a, col_b, col_c = (draw(st.integers(0, a.shape[1] - 1)) for _ in range(3))
    a[:, col_a] = np.where(a[:, col_b] != 0, 0, a[:, col_a])
    a[:, col_c] = (a[:, col_a] != 0) & (a[:, col_b] != 0)
    return a


_large_problems_with_a_cover = st.builds(_pentomino_chessboard)
_large_problems_without_a_cover = st.one_of(
    st.builds(_cylinder_as_read),
    st.builds(_reduced),
    st.builds(lambda: _part_reduced_stand_in().copy()),
)
_problems_with_a_cover = st.one_of(
    _problems_with_a_full_row(), _problems_with_a_planted_cover(), _large_problems_with_a_cover
)
_problems_without_a_cover = st.one_of(
    _problems_with_an_empty_column(),
    _problems_with_columns_a_b_c(),
    _large_problems_without_a_cover,
)
_all_problems = st.one_of(_random_problems(), _problems_with_a_cover, _problems_without_a_cover)


# ======================================== tests/test_exact_cover.py


def test_port_exact_cover__test_exact_cover(ec):
    got = ec.get_exact_cover(np.array(TINY, dtype=bool))
    np.testing.assert_array_equal(got, [0, 1, 3])


def test_port_exact_cover__test_exact_cover_with_0_rows(ec):
    got = ec.get_exact_cover(np.array(TINY_WITH_ZERO_ROWS, dtype=bool))
    np.testing.assert_array_equal(got, [0, 2, 5])


def test_port_exact_cover__test_exact_cover_c_order_array(ec):
    got = ec.get_exact_cover(np.array(TINY, dtype=bool, order="C"))
    np.testing.assert_array_equal(got, [0, 1, 3])


def test_port_exact_cover__test_exact_cover_fortran_order_array(ec):
    got = ec.get_exact_cover(np.array(TINY, dtype=bool, order="F"))
    np.testing.assert_array_equal(got, [0, 1, 3])


def test_port_exact_cover__test_exact_cover_read_from_file(ec, tmp_path):
    path = tmp_path / "tiny_cover_problem.npy"
    path.write_bytes(_tiny_npy())
    np.testing.assert_array_equal(ec.get_exact_cover(np.load(path)), [0, 1, 3])


@given(dtype=st.sampled_from([np.int32, np.int8, np.bool_, None]))
def test_port_exact_cover__test_exact_cover_different_dtypes(ec, dtype):
    np.testing.assert_array_equal(ec.get_exact_cover(np.array(TINY, dtype=dtype)), [0, 1, 3])


def test_port_exact_cover__test_exact_cover_no_solution(ec):
    with pytest.raises(ec.NoSolution):
        ec.get_exact_cover(np.array(TINY_WITHOUT_COVER, dtype=bool))


def test_port_exact_cover__test_simple_exact_cover(ec):
    np.testing.assert_array_equal(
        ec.get_exact_cover(np.array([[1, 0, 0], [0, 1, 1]], dtype=bool)), [0, 1]
    )


def test_port_exact_cover__test_single_row_exact_cover(ec):
    np.testing.assert_array_equal(ec.get_exact_cover(np.array([[1, 1, 1]], dtype=bool)), [0])


def test_port_exact_cover__test_complex_exact_cover_problem(ec):
    assert ec.get_exact_cover(_polyomino_problem()).shape == (13,)


@given(a=_large_problems_without_a_cover)
def test_port_exact_cover__test_no_solution(ec, a):
    with pytest.raises(ec.NoSolution):
        ec.get_exact_cover(a)


# ======================================== tests/test_count_solutions.py


def test_port_count_solutions__test_exact_cover(ec):
    assert ec.get_solution_count(np.array(TINY, dtype=bool)) == 2


def test_port_count_solutions__test_exact_cover_c_order_array(ec):
    assert ec.get_solution_count(np.array(TINY, dtype=bool, order="C")) == 2


def test_port_count_solutions__test_exact_cover_fortran_order_array(ec):
    assert ec.get_solution_count(np.array(TINY, dtype=bool, order="F")) == 2


def test_port_count_solutions__test_exact_cover_read_from_file(ec, tmp_path):
    path = tmp_path / "tiny_cover_problem.npy"
    path.write_bytes(_tiny_npy())
    assert ec.get_solution_count(np.load(path)) == 2


@given(dtype=st.sampled_from([np.int32, np.int8, np.bool_, None]))
def test_port_count_solutions__test_exact_cover_different_dtypes(ec, dtype):
    assert ec.get_solution_count(np.array(TINY, dtype=dtype)) == 2


def test_port_count_solutions__test_exact_cover_no_solution(ec):
    assert ec.get_solution_count(np.array(TINY_WITHOUT_COVER, dtype=bool)) == 0


def test_port_count_solutions__test_simple_solution_count(ec):
    assert ec.get_solution_count(np.array([[1, 0, 0], [0, 1, 1]], dtype=bool)) == 1


def test_port_count_solutions__test_single_row_exact_cover(ec):
    assert ec.get_solution_count(np.array([[1, 1, 1]], dtype=bool)) == 1


@_SLOW_ON_THE_ORIGINAL
def test_port_count_solutions__test_complex_exact_cover_problem(ec):
    assert ec.get_solution_count(_polyomino_problem()) == 1466


@given(a=_large_problems_without_a_cover)
def test_port_count_solutions__test_no_solution(ec, a):
    assert ec.get_solution_count(a) == 0


# ======================================== tests/test_solution_count.py


def test_port_solution_count__test_solution_count(ec):
    assert ec.get_solution_count(np.array(TINY, dtype=bool)) == 2


def test_port_solution_count__test_solution_count_zero_rows(ec):
    # rows of zeros add no covers
    assert ec.get_solution_count(np.array(TINY_WITH_ZERO_ROWS, dtype=bool)) == 2


def test_port_solution_count__test_solution_count_duplicate_rows(ec):
    # Rows A, B, C, D with covers A+C and A+B+D; a second A and a second C make six covers:
    # two A's times two C's, and A+B+D with either A.
    a, b, c, d = [1, 0, 0], [0, 1, 0], [0, 1, 1], [0, 0, 1]
    assert ec.get_solution_count(np.array([a, b, a, c, c, d], dtype=bool)) == 6


def test_port_solution_count__test_solution_count_single_solution(ec):
    assert ec.get_solution_count(np.array(TINY[:3], dtype=bool)) == 1


def test_port_solution_count__test_solution_count_no_solutions(ec):
    # TINY with a fourth column that no row covers
    assert ec.get_solution_count(np.array([[*row, 0] for row in TINY], dtype=bool)) == 0


def test_port_solution_count__test_small_trimino_problem(ec):
    assert ec.get_solution_count(_trimino_problem().data) == 2


def test_port_solution_count__test_detailed_wikipedia_problem(ec):
    assert ec.get_solution_count(_wikipedia_problem().data) == 1


def test_port_solution_count__test_bruteforce_problem1(ec):
    assert ec.get_solution_count(_bruteforce_problem1().data) == 2


def test_port_solution_count__test_bruteforce_problem2(ec):
    assert ec.get_solution_count(_bruteforce_problem2().data) == 9


def test_port_solution_count__test_bruteforce_problem3(ec):
    assert ec.get_solution_count(_bruteforce_problem3().data) == 16


# ======================================== tests/test_all_solutions.py
# (the original generates one test per problem of its tests/problems.py)


def _assert_all_solutions(ec, problem):
    got = {frozenset(int(i) for i in cover) for cover in ec.get_all_solutions(problem.data)}
    assert got == set(problem.covers)
    assert len(problem.covers) == problem.count


def test_port_all_solutions__test_bruteforce_problem1(ec):
    _assert_all_solutions(ec, _bruteforce_problem1())


def test_port_all_solutions__test_bruteforce_problem2(ec):
    _assert_all_solutions(ec, _bruteforce_problem2())


def test_port_all_solutions__test_bruteforce_problem3(ec):
    _assert_all_solutions(ec, _bruteforce_problem3())


def test_port_all_solutions__test_detailed_wikipedia_problem(ec):
    _assert_all_solutions(ec, _wikipedia_problem())


def test_port_all_solutions__test_small_trimino_problem(ec):
    _assert_all_solutions(ec, _trimino_problem())


def test_port_all_solutions__test_small_trimino_problem_from_file(ec):
    _assert_all_solutions(ec, _trimino_problem_from_file())


def test_port_all_solutions__test_trailing_zero_row_problem(ec):
    _assert_all_solutions(ec, _trailing_zero_row_problem())


# ======================================== tests/test_exact_cover_problems.py


@given(a=_random_problems())
def test_port_exact_cover_problems__test_exact_cover(ec, a):
    try:
        got = ec.get_exact_cover(a)
    except ec.NoSolution:
        assert ec.get_solution_count(a) == 0  # (the original only accepts the exception)
    else:
        assert got.size <= len(a)
        assert (got < len(a)).all()


@example(a=np.array([[1, 1, 1]], dtype=bool))
@example(a=np.array([[1, 0, 0], [0, 1, 1]], dtype=bool))
@given(a=_problems_with_a_cover)
def test_port_exact_cover_problems__test_exact_cover_with_solution(ec, a):
    got = ec.get_exact_cover(a)
    assert 0 < got.size <= len(a)
    assert (got < len(a)).all()
    assert (a[got, :].sum(axis=0) == 1).all()


@given(a=_problems_without_a_cover)
def test_port_exact_cover_problems__test_exact_cover_without_solution(ec, a):
    with pytest.raises(ec.NoSolution):
        ec.get_exact_cover(a)


# ======================================== tests/test_get_all_solutions.py


def test_port_get_all_solutions__test_exact_cover(ec):
    assert ec.get_all_solutions(np.array(TINY, dtype=bool)) == {(0, 1, 3), (0, 2)}


def test_port_get_all_solutions__test_max_solutions(ec):
    # the first cover the search meets
    assert ec.get_all_solutions(np.array(TINY, dtype=bool), 1) == {(0, 1, 3)}


# ======================================== tests/test_helpers.py

_SQUARE = [[0, 1, 0], [1, 1, 1], [1, 1, 1]]


def test_port_helpers__test_reduce(ec):
    # no column has a single row: nothing to reduce
    a = np.array(_SQUARE)
    np.testing.assert_array_equal(ec.helpers.reduce(a), a)


@given(a=_problems_with_a_cover)
def test_port_helpers__test_reduce_with_solution(ec, a):
    got = ec.helpers.reduce(a)
    assert got.shape[0] <= a.shape[0]
    assert got.shape[1] <= a.shape[1]


@given(a=_problems_without_a_cover)
def test_port_helpers__test_reduce_without_solution(ec, a):
    with contextlib.suppress(ec.NoSolution):
        got = ec.helpers.reduce(a)
        assert got.shape[0] <= a.shape[0]
        assert got.shape[1] <= a.shape[1]


def test_port_helpers__test_split_problem(ec):
    a = np.array(_SQUARE)
    subs = list(ec.helpers.split_problem(a, 2))
    assert len(subs) >= 2
    for sub in subs:
        assert isinstance(sub, np.ndarray)
        assert sub.shape == a.shape


@given(a=_all_problems)
def test_port_helpers__test_split_arbitrary_problem(ec, a):
    with contextlib.suppress(ec.NoSolution, ec.CannotSplitFurther):
        subs = list(ec.helpers.split_problem(a, 2))
        assert len(subs) >= 2
        for sub in subs:
            assert isinstance(sub, np.ndarray)
            assert sub.shape == a.shape


@given(a=_all_problems, n=st.integers(2, 100))
def test_port_helpers__test_correct_number_of_splits(ec, a, n):
    with contextlib.suppress(ec.NoSolution, ec.CannotSplitFurther):
        subs = list(ec.helpers.split_problem(a, n))
        assert n <= len(subs) < n * a.shape[0]


@given(a=_large_problems_without_a_cover)
def test_port_helpers__test_many_splits_without_solution(ec, a):
    n = 1000
    with contextlib.suppress(ec.NoSolution):
        subs = list(ec.helpers.split_problem(a, n))
        assert n <= len(subs) < n * a.shape[0]


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(a=_large_problems_with_a_cover)
def test_port_helpers__test_many_splits_with_solution(ec, caplog, a):
    n = 1000
    with caplog.at_level(logging.INFO):
        count = sum(1 for _ in ec.helpers.split_problem(a, n))
    assert n <= count < n * a.shape[0]


@given(a=_all_problems, n=st.integers(2, 30))
def test_port_helpers__test_solution_to_split_problem_solves_original_problem(ec, a, n):
    with contextlib.suppress(ec.NoSolution, ec.CannotSplitFurther):
        for sub in list(ec.helpers.split_problem(a, n)):
            cover = ec.get_exact_cover(sub)
            if cover.size > 0:
                assert ec.helpers.is_solution(cover, sub)
                assert ec.helpers.is_solution(cover, a)


@given(a=_problems_with_a_cover)
def test_port_helpers__test_is_solution(ec, a):
    assert ec.helpers.is_solution(ec.get_exact_cover(a), a)


@given(a=_problems_with_a_cover)
def test_port_helpers__test_list_is_solution(ec, a):
    assert ec.helpers.is_solution(list(ec.get_exact_cover(a)), a)


@given(a=_problems_with_a_cover, x=st.integers(0, 100))
def test_port_helpers__test_is_solution_fails_for_extra_rows(ec, a, x):
    assert not ec.helpers.is_solution([*ec.get_exact_cover(a), x], a)


@given(a=_problems_with_a_cover)
def test_port_helpers__test_is_solution_fails_for_proper_subset(ec, a):
    assert not ec.helpers.is_solution(ec.get_exact_cover(a)[:-1], a)


# ======================================== tests/test_io.py


def test_port_io__test_basic_roundtrip(ec, tmp_path):
    path = tmp_path / "problem"
    array = ec.helpers.create_numpy_array([[0, 1, 0], [1, 0, 1]])
    ec.io.save_problem(path, array)
    np.testing.assert_array_equal(ec.io.load_problem(path), array)


# ======================================== tests/test_sudoku_based.py


def test_port_sudoku_based__test_small_sudoku_problem(ec):
    matrix = _load_sudoku(ec, "small_sudoku")
    assert matrix.shape == (64, 64)
    assert (matrix.sum(axis=0) <= 4).all()
    assert np.isin(matrix.sum(axis=1), [0, 4]).all()


def _assert_solved(ec, name):
    matrix = _load_sudoku(ec, name)
    assert ec.helpers.is_solution(ec.get_exact_cover(matrix), matrix)


def test_port_sudoku_based__test_solve_small_sudoku_problem(ec):
    _assert_solved(ec, "small_sudoku")


def test_port_sudoku_based__test_solve_small_empty_sudoku_problem(ec):
    _assert_solved(ec, "small_empty_sudoku")


def test_port_sudoku_based__test_solve_trivial_sudoku_problem(ec):
    _assert_solved(ec, "trivial_sudoku")


def test_port_sudoku_based__test_solve_easy_sudoku_problem(ec):
    _assert_solved(ec, "easy_sudoku")


def test_port_sudoku_based__test_solve_easy_sudoku_problem_2(ec):
    _assert_solved(ec, "easy_sudoku_2")


def test_port_sudoku_based__test_solve_medium_sudoku_problem(ec):
    _assert_solved(ec, "medium_sudoku")


def test_port_sudoku_based__test_solve_hard_sudoku_problem(ec):
    _assert_solved(ec, "hard_sudoku")


def test_port_sudoku_based__test_solve_very_hard_sudoku_problem(ec):
    _assert_solved(ec, "very_hard_sudoku")


def test_port_sudoku_based__test_solve_very_hard_sudoku_problem_2(ec):
    _assert_solved(ec, "very_hard_sudoku_2")


def test_port_sudoku_based__test_solve_impossible_sudoku_problem(ec):
    with pytest.raises(ec.NoSolution):
        ec.get_exact_cover(_load_sudoku(ec, "impossible_sudoku"))


# ======================================== tests/test_trimino_based.py


def test_port_trimino_based__test_inputs_are_equal():
    # checks the data only (the built matrix and the file's), so it runs once
    built = _trimino_problem().data
    read = _trimino_problem_from_file().data
    assert built.dtype is read.dtype and built.shape == read.shape
    assert (built == read).all()


def test_port_trimino_based__test_input1(ec):
    problem = _trimino_problem()
    np.testing.assert_array_equal(ec.get_exact_cover(problem.data), problem.first)


def test_port_trimino_based__test_input2(ec):
    # read from the file: a Fortran-order array
    problem = _trimino_problem_from_file()
    assert problem.data.flags.f_contiguous and not problem.data.flags.c_contiguous
    np.testing.assert_array_equal(ec.get_exact_cover(problem.data), problem.first)


# ======================================== tests/test_wrapper.py


def test_port_wrapper__test_solutions_array_to_set(ec):
    padded = np.full((3, 5), -1)
    padded[0, 0] = 7
    padded[1:, 0] = 8
    padded[1, 1] = 9
    assert ec.wrapper.solutions_array_to_set(padded) == {(7,), (8,), (8, 9)}


def test_port_wrapper__test_solutions_array_to_set_wide(ec):
    padded = np.full((3, 1000), -1)
    padded[0, 0] = 7
    padded[1:, 0] = 8
    assert ec.wrapper.solutions_array_to_set(padded) == {(7,), (8,)}
