"""Builders of classic exact-cover problems, for tests and benchmarks (stdlib only).

Every builder returns ``(rows, ncols, secondary)``:

* ``rows``: a list of rows, each a sorted list of distinct column indices in
  ``range(ncols)``;
* ``ncols``: the number of columns;
* ``secondary``: a list of the column indices that may be covered at most once
  (every other column is primary and must be covered exactly once).

``sudoku_rows`` also returns what each row means, so that a cover can be turned back
into a grid with ``decode_sudoku``.  ``to_matrix`` and ``to_csr`` turn rows into the
NumPy forms (NumPy is imported inside them only).

Known counts (every cover counted, no symmetry reduction unless a builder's
``break_symmetry`` is set):

==================  =====================================================
problem             covers
==================  =====================================================
queens(n)           n = 1..12: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680,
                    14200 (OEIS A000170)
pentominoes(6, 10)  9356; with ``break_symmetry=True``: 2339
pentominoes(5, 12)  4040; 1010
pentominoes(4, 15)  1472; 368
pentominoes(3, 20)  8; 2
langford(n)         n = 1..8: 0, 0, 2, 2, 0, 0, 52, 300 (a pairing and its
                    reverse both counted: twice OEIS A014552); with
                    ``break_symmetry=True``: 0, 0, 1, 1, 0, 0, 26, 150
==================  =====================================================
"""

from __future__ import annotations

__all__ = [
    "QUEENS_COUNTS",
    "LANGFORD_COUNTS",
    "PENTOMINO_COUNTS",
    "PENTOMINOES",
    "queens",
    "pentominoes",
    "pentomino_orientations",
    "langford",
    "sudoku_rows",
    "decode_sudoku",
    "to_matrix",
    "to_csr",
]

#: queens(n) cover counts, n = 1..12 (OEIS A000170).
QUEENS_COUNTS = {
    1: 1,
    2: 0,
    3: 0,
    4: 2,
    5: 10,
    6: 4,
    7: 40,
    8: 92,
    9: 352,
    10: 724,
    11: 2680,
    12: 14200,
}

#: langford(n) cover counts, n = 1..8 (a pairing and its reverse counted apart).
LANGFORD_COUNTS = {1: 0, 2: 0, 3: 2, 4: 2, 5: 0, 6: 0, 7: 52, 8: 300}

#: pentominoes(h, w) cover counts: {(h, w): (all tilings, with break_symmetry=True)}.
PENTOMINO_COUNTS = {
    (6, 10): (9356, 2339),
    (5, 12): (4040, 1010),
    (4, 15): (1472, 368),
    (3, 20): (8, 2),
}


# --------------------------------------------------------------------------- queens


def queens(n: int):
    """The n-queens problem as an exact cover with secondary columns.

    One row per square ``(r, c)``, in row-major order (row ``r * n + c``), covering:

    * column ``r``: rank r (primary),
    * column ``n + c``: file c (primary),
    * column ``2n + r + c``: diagonal r + c, one of 2n - 1 (secondary),
    * column ``2n + (2n - 1) + (r - c + n - 1)``: anti-diagonal, one of 2n - 1 (secondary).

    ``ncols == 6n - 2``; ``secondary == list(range(2n, 6n - 2))``.  The covers are exactly
    the placements of n non-attacking queens: ``QUEENS_COUNTS[n]`` of them.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    ndiag = 2 * n - 1
    rows = []
    for r in range(n):
        for c in range(n):
            rows.append([r, n + c, 2 * n + r + c, 2 * n + ndiag + (r - c + n - 1)])
    ncols = 2 * n + 2 * ndiag
    return rows, ncols, list(range(2 * n, ncols))


# ---------------------------------------------------------------------- pentominoes

#: The 12 pentominoes, by their usual letters, each as (row, col) cells.
PENTOMINOES = {
    "F": ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)),
    "I": ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
    "L": ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1)),
    "N": ((0, 1), (1, 1), (2, 0), (2, 1), (3, 0)),
    "P": ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)),
    "U": ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),
    "V": ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2)),
    "W": ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2)),
    "X": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)),
    "Y": ((0, 1), (1, 0), (1, 1), (2, 1), (3, 1)),
    "Z": ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)),
}

# The 8 symmetries of the square acting on (r, c); the first 4 (identity, the half turn
# and the two mirror images in the axes) are those of a non-square rectangle.
_SYMMETRIES = (
    lambda r, c: (r, c),
    lambda r, c: (-r, -c),
    lambda r, c: (-r, c),
    lambda r, c: (r, -c),
    lambda r, c: (c, -r),
    lambda r, c: (-c, r),
    lambda r, c: (c, r),
    lambda r, c: (-c, -r),
)


def _normalize(cells):
    """Shift cells to touch row 0 and column 0; return them sorted, as a tuple."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def pentomino_orientations(name: str):
    """The distinct orientations (rotations and mirror images) of a pentomino.

    A list of normalized cell tuples, sorted, without repeats: 1 for X, 2 for I,
    4 for T, U, V, W and Z, 8 for F, L, N, P and Y (63 in all).
    """
    cells = PENTOMINOES[name]
    return sorted({_normalize([g(r, c) for r, c in cells]) for g in _SYMMETRIES})


def _one_orientation_per_orbit(name: str, nsym: int):
    """Orientations of an asymmetric piece, one from each orbit of the board's group.

    The group is the first ``nsym`` entries of ``_SYMMETRIES`` (4 for a non-square
    rectangle, 8 for a square).  The piece has 8 distinct orientations, on which that group
    acts freely, so each orbit has ``nsym`` orientations and we keep the least of each.
    """
    keep = []
    seen = set()
    for shape in pentomino_orientations(name):
        if shape in seen:
            continue
        orbit = {_normalize([g(r, c) for r, c in shape]) for g in _SYMMETRIES[:nsym]}
        seen |= orbit
        keep.append(min(orbit))
    return keep


def pentominoes(height: int = 6, width: int = 10, *, break_symmetry: bool = False):
    """The 12 pentominoes tiling a ``height`` x ``width`` rectangle of 60 cells.

    Columns ``0..11`` are the pieces, in ``PENTOMINOES`` order (F I L N P T U V W X Y Z);
    column ``12 + r * width + c`` is cell (r, c).  There is one row for each distinct
    orientation of each piece at each position where it fits; a row covers its piece
    column and its 5 cell columns (rows are grouped by piece, then by orientation, then
    by position).  All columns are primary; ``secondary`` is empty.

    Every tiling is counted, mirror images and rotations of a tiling too: 6x10 has 9,356
    covers.  With ``break_symmetry=True`` each class of tilings that the rectangle's 4
    symmetries (identity, half turn, the two mirror images) map to one another is counted
    once, so the count is exactly ``all / 4``: 2,339 for 6x10 (1,010 for 5x12, 368 for
    4x15, 2 for 3x20; see ``PENTOMINO_COUNTS``).  How:

    * both sides even (6x10): Knuth's trick, the X pentomino's centre is kept in the
      top-left quadrant (centre row < (height - 1) / 2, column < (width - 1) / 2).  X is
      symmetric, and no centre lies on a middle line, so the 4 images of a tiling put X's
      centre in the 4 different quadrants and exactly one of them is kept;
    * otherwise: the P pentomino (whose 8 orientations are all distinct) keeps one
      orientation out of each orbit of the rectangle's group (2 of its 8).  No symmetry
      but the identity fixes a tiling's P, so the 4 images of a tiling put P in the 4
      orientations of one orbit and exactly one of them is kept.

    The X rule is the faster of the two for 6x10 (about half the search of the P rule).
    """
    if height < 1 or width < 1:
        raise ValueError("height and width must be positive")
    if height * width != 60:
        raise ValueError("the 12 pentominoes cover 60 cells: height * width must be 60")
    # 60 cells: never a square, so the board has the 4 symmetries of a rectangle.
    x_rule = break_symmetry and height % 2 == 0 and width % 2 == 0
    p_rule = break_symmetry and not x_rule
    rows = []
    for piece, name in enumerate(PENTOMINOES):
        if p_rule and name == "P":
            shapes = _one_orientation_per_orbit(name, 4)
        else:
            shapes = pentomino_orientations(name)
        for shape in shapes:
            h = max(r for r, _ in shape) + 1
            w = max(c for _, c in shape) + 1
            for r0 in range(height - h + 1):
                for c0 in range(width - w + 1):
                    # X's centre is (r0 + 1, c0 + 1)
                    if (
                        x_rule
                        and name == "X"
                        and not (2 * (r0 + 1) < height - 1 and 2 * (c0 + 1) < width - 1)
                    ):
                        continue
                    cells = sorted(12 + (r0 + r) * width + (c0 + c) for r, c in shape)
                    rows.append([piece, *cells])
    return rows, 12 + height * width, []


# ------------------------------------------------------------------------- langford


def langford(n: int, *, break_symmetry: bool = False):
    """Langford pairings L(2, n) as an exact cover.

    Place two copies of each k in 1..n among 2n positions so that exactly k numbers stand
    between the two copies of k.  Column ``k - 1`` is value k; column ``n + i`` is
    position i (0-based).  One row per value k and start i, covering ``k - 1``, ``n + i``
    and ``n + i + k + 1``, for ``0 <= i <= 2n - k - 2`` (rows grouped by k, then i).  All
    columns are primary.

    Convention: a pairing and its reverse are different covers, so the counts are twice
    OEIS A014552: n = 1..8 give 0, 0, 2, 2, 0, 0, 52, 300 (``LANGFORD_COUNTS``).  With
    ``break_symmetry=True`` the pair of 1s keeps only starts ``i <= n - 2`` (the first
    half: reversal maps start i to 2n - 3 - i, and no start is its own image), so each
    pairing is counted with its reverse once: exactly A014552 (0, 0, 1, 1, 0, 0, 26, 150).
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    rows = []
    for k in range(1, n + 1):
        last = 2 * n - k - 2
        if break_symmetry and k == 1:
            last = n - 2
        for i in range(last + 1):
            rows.append([k - 1, n + i, n + i + k + 1])
    return rows, 3 * n, []


# --------------------------------------------------------------------------- sudoku

_BOX = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]


def sudoku_rows(puzzle: str, *, reduced: bool = False):
    """The exact-cover matrix of a 9x9 Sudoku puzzle.

    ``puzzle``: 81 characters in row-major order, ``1``-``9`` a given, ``.`` or ``0``
    empty (whitespace is ignored).  Returns ``(rows, ncols, secondary, meanings)`` where
    ``ncols == 324``, ``secondary == []`` and ``meanings[j] == (cell, digit)`` tells that
    row j puts ``digit`` (1..9) in ``cell`` (0..80, row-major).  Row ``(cell, d)`` with
    ``v = d - 1``, ``r, c = divmod(cell, 9)`` and box ``b`` covers:

    * ``cell``                 (each cell filled once),
    * ``81 + 9 * r + v``       (digit once in each row),
    * ``162 + 9 * c + v``      (digit once in each column),
    * ``243 + 9 * b + v``      (digit once in each box).

    An empty cell has a row for each of the 9 digits, a given cell only the row for its
    own digit (so 729 - 8 * givens rows).  With ``reduced=True`` the rows that clash with
    a given (the same digit in a given's row, column or box) are left out as well; the
    covers are the same.  Rows are in order of cell, then digit.  The covers are the
    puzzle's solutions; ``decode_sudoku`` turns one back into an 81-character string.
    """
    text = "".join(puzzle.split())
    if len(text) != 81:
        raise ValueError(f"a 9x9 puzzle has 81 cells, got {len(text)}")
    givens = []
    for ch in text:
        if ch in ".0":
            givens.append(0)
        elif "1" <= ch <= "9":
            givens.append(int(ch))
        else:
            raise ValueError(f"bad character {ch!r} in puzzle")
    banned = set()
    if reduced:
        for cell, d in enumerate(givens):
            if d:
                r, c = divmod(cell, 9)
                v = d - 1
                banned.update((81 + 9 * r + v, 162 + 9 * c + v, 243 + 9 * _BOX[cell] + v))
    rows = []
    meanings = []
    for cell, given in enumerate(givens):
        r, c = divmod(cell, 9)
        for d in [given] if given else range(1, 10):
            v = d - 1
            row = [cell, 81 + 9 * r + v, 162 + 9 * c + v, 243 + 9 * _BOX[cell] + v]
            if not given and banned.intersection(row):
                continue
            rows.append(row)
            meanings.append((cell, d))
    return rows, 324, [], meanings


def decode_sudoku(chosen, meanings) -> str:
    """The 81-character grid that a cover (row indices ``chosen``) of ``sudoku_rows``
    stands for; cells that no chosen row fills are ``'.'``."""
    grid = ["."] * 81
    for j in chosen:
        cell, d = meanings[j]
        grid[cell] = str(d)
    return "".join(grid)


# ---------------------------------------------------------------------------- numpy


def to_matrix(rows, ncols: int):
    """The rows as a dense NumPy bool matrix of shape ``(len(rows), ncols)``."""
    import numpy as np

    m = np.zeros((len(rows), ncols), dtype=bool)
    for i, row in enumerate(rows):
        m[i, row] = True
    return m


def to_csr(rows, ncols: int, secondary=()):
    """``(offsets, cols, secondary_bytes)`` for ``fastsudoku._core.ExactCoverSearch``.

    ``offsets``: int32 array of ``len(rows) + 1`` entries; ``cols``: int32 array of
    every row's columns in turn; ``secondary_bytes``: ``ncols`` bytes, 1 for a secondary
    column, or ``None`` if there is none.
    """
    import numpy as np

    offsets = np.zeros(len(rows) + 1, dtype=np.int32)
    offsets[1:] = np.cumsum([len(row) for row in rows], dtype=np.int64)
    cols = np.fromiter((c for row in rows for c in row), dtype=np.int32, count=int(offsets[-1]))
    sec = None
    if len(secondary):
        flags = bytearray(ncols)
        for c in secondary:
            flags[c] = 1
        sec = bytes(flags)
    return offsets, cols, sec
