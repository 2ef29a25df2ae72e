"""The ``sudoku.sudoku`` module of py-sudoku 2.0.0: :class:`Sudoku`, :class:`DiagonalSudoku`
and :class:`UnsolvableSudoku`, searching with fastsudoku's engines.

A board is a list of N rows of N cells (N = ``width * height``; boxes of ``height`` rows
and ``width`` columns), each an int 1..N or ``None`` for an empty cell.  The constructor
copies the board and turns every cell that is not in ``range(1, N + 1)`` (``0``, ``"5"``,
out-of-range numbers) into ``None``; it keeps the objects it accepts (``5``, ``5.0``,
``numpy.int64(5)``, ``True``) as they are.

The difficulty number is what the printing shows: a fraction of empty cells in (0, 1), or
one of the codes ``0`` (solved), ``-1`` (invalid), ``-2`` (no solution) and ``-3``
(several solutions); None for a board made from a seed, whose ``str()`` then raises
TypeError, as the original's does.

>>> from fastsudoku.compat.py_sudoku import Sudoku
>>> puzzle = Sudoku(2, board=[[0, 0, 3, 0], [3, 0, 0, 2], [0, 1, 0, 0], [0, 0, 2, 0]])
>>> puzzle.board[0], puzzle.get_difficulty()
([None, None, 3, None], 0.6875)
>>> puzzle.solve().board
[[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
>>> puzzle.has_multiple_solutions()
False
>>> print(puzzle.solve())
<BLANKLINE>
---------------------------
4x4 (2x2) SUDOKU PUZZLE
Difficulty: SOLVED
---------------------------
+-----+-----+
| 1 2 | 3 4 |
| 3 4 | 1 2 |
+-----+-----+
| 2 1 | 4 3 |
| 4 3 | 2 1 |
+-----+-----+
<BLANKLINE>
<BLANKLINE>
>>> Sudoku(2, board=[[1, 1, None, None]] + [[None] * 4] * 3).solve(assert_solvable=True)
Traceback (most recent call last):
  ...
fastsudoku.compat.py_sudoku.sudoku.UnsolvableSudoku: No solution found
"""

from __future__ import annotations

import random
import sys
from typing import Any, Iterable, List, Optional, Tuple

from ._search import count_fills, first_fill

__all__ = ["Sudoku", "DiagonalSudoku", "UnsolvableSudoku"]

Board = List[List[Optional[int]]]
Cells = Iterable[Iterable[Optional[int]]]

# The difficulty codes.
_SOLVED = 0
_INVALID = -1
_NO_SOLUTION = -2
_MULTIPLE = -3

_EMPTY = None  # an empty cell


class UnsolvableSudoku(Exception):
    """``solve(assert_solvable=True)`` (``DiagonalSudoku``: ``solve(raising=True)``) on a
    board without a solution."""


def _normalised(board: Cells, size: int) -> Tuple[Board, int]:
    """A copy of the board with every cell outside 1..size emptied, and how many cells
    are empty."""
    accepted = range(1, size + 1)
    # `cell in accepted`, the original's test, with the common cases first: None is never
    # in a range (which would compare it with each number), an int is when 1..size.
    rows: Board = [
        [
            cell
            if (type(cell) is int and 0 < cell <= size) or (cell is not None and cell in accepted)
            else _EMPTY
            for cell in row
        ]
        for row in board
    ]
    return rows, sum(row.count(_EMPTY) for row in rows)


def _seeded_order(size: int, seed: int) -> List[int]:
    """0..size-1 shuffled by the module ``random`` after ``random.seed(seed)``: the
    original seeds the global generator, which ``difficulty()`` then draws from."""
    order = list(range(size))
    random.seed(seed)
    random.shuffle(order)
    return order


class Sudoku:
    """A Sudoku board with boxes of ``height`` rows and ``width`` columns.

    ``Sudoku(width=3, height=None, board=None, difficulty=None, seed=...)``: ``height``
    defaults to ``width`` (and so does a height of 0); without a board, the board holds
    one given per row, at the columns of a permutation drawn after
    ``random.seed(seed)``, each column's value its number (1..N); the default seed is
    drawn once, when the module is imported (so ``Sudoku(3)`` gives the same board each
    time in a process).  With a board and no ``difficulty``, the difficulty is the share
    of empty cells, or -2 when :meth:`validate` fails.  AssertionError for a width or
    height below 1 and for a 1x1 board.
    """

    _empty_cell_value = _EMPTY
    __difficulty: Optional[float] = None

    # What the printing and searches of this class are (DiagonalSudoku changes them).
    _diagonals = False
    _title = "SUDOKU PUZZLE"
    _rule = "-" * 27
    _labels: Tuple[Tuple[float, str], ...] = (
        (_NO_SOLUTION, "INVALID PUZZLE (GIVEN PUZZLE HAS NO SOLUTION)"),
        (_INVALID, "INVALID PUZZLE"),
        (_MULTIPLE, "INVALID PUZZLE (MULTIPLE SOLUTIONS)"),
        (_SOLVED, "SOLVED"),
    )

    board: Board

    def __init__(
        self,
        width: int = 3,
        height: Optional[int] = None,
        board: Optional[Cells] = None,
        difficulty: Optional[float] = None,
        seed: int = random.randrange(sys.maxsize),
    ) -> None:
        self.width = width
        self.height = height if height else width
        self.size = self.width * self.height
        self._check_shape()
        self._start(board, difficulty, seed)

    def _check_shape(self) -> None:
        # assert, as the original: python -O skips these checks there too.
        assert self.width > 0, "Width cannot be less than 1"
        assert self.height > 0, "Height cannot be less than 1"
        assert self.size > 1, "Board size cannot be 1 x 1"

    def _start(self, board: Optional[Cells], difficulty: Optional[float], seed: int) -> None:
        """The board and difficulty of a new puzzle (class docstring)."""
        if difficulty is not None:
            self.__difficulty = difficulty
        if board:
            self.board, empty = self._read_board(board)
            if difficulty is None:
                valid = self.validate()
                self.__difficulty = empty / (self.size * self.size) if valid else _NO_SOLUTION
        else:
            self.board = self._seeded(seed)

    def _read_board(self, board: Cells) -> Tuple[Board, int]:
        return _normalised(board, self.size)

    def _seeded(self, seed: int) -> Board:
        """One given a row: column order[j] of row j holds order[j] + 1."""
        n = self.size
        rows: Board = []
        for col in _seeded_order(n, seed):
            row: List[Optional[int]] = [_EMPTY] * n
            row[col] = col + 1
            rows.append(row)
        return rows

    # ------------------------------------------------------------------------ searching

    def solve(self, assert_solvable: bool = False) -> Sudoku:
        """A new, solved Sudoku (difficulty 0); a board that fails :meth:`validate` or has
        no solution gives a Sudoku of the default 3x3 shape holding an empty board of
        this board's size, with difficulty -2 -- or raises :class:`UnsolvableSudoku`
        with ``assert_solvable=True``.  Of several solutions, the engine's first."""
        solution = self._solution() if self.validate() else None
        if solution is not None:
            return solution
        if assert_solvable:
            raise UnsolvableSudoku("No solution found")
        return Sudoku(board=Sudoku.empty(self.width, self.height).board, difficulty=_NO_SOLUTION)

    def _solution(self) -> Optional[Sudoku]:
        filled = first_fill(self.board, self.width, self.height, self._diagonals)
        if filled is None:
            return None
        return Sudoku(self.width, self.height, board=filled, difficulty=_SOLVED)

    def has_multiple_solutions(self) -> bool:
        """True if the empty cells can be filled in two or more ways (the givens are not
        checked against each other: see :meth:`validate`)."""
        return count_fills(self.board, self.width, self.height, 2, self._diagonals) > 1

    def validate(self) -> bool:
        """False if an int value repeats in a row, column or box (cells of other types,
        such as ``5.0``, are not checked).  Reads the N x N square row by row and stops at
        the first repeat: IndexError if it meets a missing cell first (and, as the
        original's tables are lists, an int out of 1..N -- only there if written into
        ``board`` after construction -- indexes them as a list would)."""
        n, width, height = self.size, self.width, self.height
        in_row = [[False] * n for _ in range(n)]
        in_col = [[False] * n for _ in range(n)]
        in_box = [[False] * n for _ in range(n)]
        for r in range(n):
            row = self.board[r]
            band = r // height * height  # the boxes of a band: `height` of them
            seen = in_row[r]
            for c in range(n):
                cell = row[c]
                if cell is _EMPTY or not isinstance(cell, int):
                    continue
                k = cell - 1
                box = in_box[band + c // width]
                if seen[k] or in_col[c][k] or box[k]:
                    return False
                seen[k] = in_col[c][k] = box[k] = True
        return True

    @staticmethod
    def _copy_board(board: Cells) -> Board:
        return [list(row) for row in board]

    @staticmethod
    def empty(width: int, height: int) -> Sudoku:
        """A Sudoku with every cell empty (difficulty 0)."""
        size = width * height
        return Sudoku(width, height, [[_EMPTY] * size for _ in range(size)], _SOLVED)

    def _emptied(self, difficulty: float) -> Board:
        """This board solved, then ``int(difficulty * N * N)`` cells emptied at positions
        drawn by ``random.shuffle`` (the original's draws, in its order)."""
        assert 0 < difficulty < 1, "Difficulty must be between 0 and 1"
        n = self.size
        cells = list(range(n * n))
        random.shuffle(cells)
        board = self.solve().board
        for p in cells[: int(difficulty * n * n)]:
            board[p // n][p % n] = _EMPTY
        return board

    def difficulty(self, difficulty: float) -> Sudoku:
        """A puzzle: this board solved, then ``int(difficulty * N * N)`` cells emptied at
        positions drawn by ``random.shuffle``; its difficulty is ``difficulty``, or -3 when
        it has several solutions.  AssertionError unless 0 < difficulty < 1."""
        board = self._emptied(difficulty)
        puzzle = Sudoku(self.width, self.height, board, difficulty)
        if puzzle.has_multiple_solutions():
            return Sudoku(self.width, self.height, board, _MULTIPLE)
        return puzzle

    def get_difficulty(self) -> Optional[float]:
        return self.__difficulty

    # ------------------------------------------------------------------------- printing

    def show(self) -> None:
        """Print a line on the puzzle's status, then the board."""
        code = self.__difficulty
        if code == _MULTIPLE:
            print("Puzzle has multiple solutions")
        elif code == _NO_SOLUTION:
            print("Puzzle has no solution")
        elif code == _INVALID:
            print(
                "Invalid puzzle. Please solve the puzzle (puzzle.solve()), or set a "
                "difficulty (puzzle.difficulty())"
            )
        elif not self.board:
            print("No solution")
        else:
            print("Puzzle has exactly one solution")
        print(self._table())

    def show_full(self) -> None:
        """Print ``str(self)``: a header with the shape and difficulty, then the board."""
        print(self.__str__())

    def __str__(self) -> str:
        code = self.__difficulty
        label = next((text for key, text in self._labels if code == key), None)
        if label is None:
            label = f"{code:.2f}"  # TypeError for None, as the original's
        n = self.size
        return (
            f"\n{self._rule}\n{n}x{n} ({self.width}x{self.height}) {self._title}\n"
            f"Difficulty: {label}\n{self._rule}\n{self._table()}\n        "
        )

    def _cell_text(self, row: int, col: int, cell: Any, digits: int) -> str:
        """A cell as printed: its number padded with zeros to the width of N's, or blanks."""
        return " " * digits if cell is _EMPTY else format(cell, f"0{digits}d")

    def _table(self) -> str:
        """The board in ASCII: ``|`` between boxes, a ``+---+`` rule above the first row
        and below each band of boxes (and the N-th row), every row of the board printed
        (its first N cells: IndexError for a shorter one)."""
        n, width, height = self.size, self.width, self.height
        digits = len(str(n))
        rule = ("+-" + "-" * (digits + 1) * width) * height + "+\n"
        out = []
        for i, row in enumerate(self.board):
            if i == 0:
                out.append(rule)
            texts = [self._cell_text(i, x, cell, digits) for x, cell in enumerate(row)]
            if len(texts) < width * height:
                raise IndexError(
                    f"board row {i} has {len(texts)} cells, a {width}x{height} box shape "
                    f"prints {width * height}"
                )
            for b in range(height):
                out.append("| " + "".join(t + " " for t in texts[b * width : (b + 1) * width]))
            out.append("|\n")
            if i == n - 1 or i % height == height - 1:
                out.append(rule)
        return "".join(out)


class DiagonalSudoku(Sudoku):
    """A Sudoku whose two diagonals also hold every value once: ``size x size`` boxes.

    ``DiagonalSudoku(size=3, board=None, difficulty=None, seed=...)``; without a board,
    the main diagonal holds 1..N in an order drawn after ``random.seed(seed)``.  It prints
    only full boards (an empty cell raises TypeError, as in the original), the diagonals
    in bold and underlined (ANSI escapes).
    """

    _diagonals = True
    _title = "DIAGONAL SUDOKU PUZZLE"
    _rule = "-" * 36
    _labels = tuple(item for item in Sudoku._labels if item[0] != _MULTIPLE)

    def __init__(
        self,
        size: int = 3,
        board: Optional[Cells] = None,
        difficulty: Optional[float] = None,
        seed: int = random.randrange(sys.maxsize),
    ) -> None:
        self.width = size
        self.height = size
        self.size = size * size
        self.diagonal_left_to_right = [(i, i) for i in range(self.size)]
        self.diagonal_right_to_left = [(i, self.size - 1 - i) for i in range(self.size)]
        self._check_shape()
        self._start(board, difficulty, seed)

    def _read_board(self, board: Cells) -> Tuple[Board, int]:
        rows, empty = _normalised(board, self.size)
        # The original reads each diagonal cell here: IndexError on a board too small.
        n = self.size
        if len(rows) < n or any(len(rows[i]) < n for i in range(n)):
            raise IndexError(f"a diagonal cell is missing: the board is smaller than {n}x{n}")
        return rows, empty

    def _seeded(self, seed: int) -> Board:
        """The main diagonal: cell (j, j) holds order[j] + 1."""
        n = self.size
        rows: Board = []
        for j, value in enumerate(_seeded_order(n, seed)):
            row: List[Optional[int]] = [_EMPTY] * n
            row[j] = value + 1
            rows.append(row)
        return rows

    def validate(self) -> bool:
        """:meth:`Sudoku.validate`, then no int value twice on either diagonal."""
        if not super().validate():
            return False
        for diagonal in (self.diagonal_left_to_right, self.diagonal_right_to_left):
            seen = [False] * self.size
            for r, c in diagonal:
                cell = self.board[r][c]
                if cell is _EMPTY or not isinstance(cell, int):
                    continue
                if seen[cell - 1]:
                    return False
                seen[cell - 1] = True
        return True

    def solve(self, raising: bool = False) -> DiagonalSudoku:
        """As :meth:`Sudoku.solve` (the flag is named ``raising`` here); the empty board
        of an unsolvable puzzle comes in a ``DiagonalSudoku`` of the default size 3."""
        solution = self._solution() if self.validate() else None
        if solution is not None:
            return solution
        if raising:
            raise UnsolvableSudoku("No solution found")
        return DiagonalSudoku(
            board=Sudoku.empty(self.width, self.height).board, difficulty=_NO_SOLUTION
        )

    def _solution(self) -> Optional[DiagonalSudoku]:
        filled = first_fill(self.board, self.width, self.height, self._diagonals)
        if filled is None:
            return None
        return DiagonalSudoku(self.width, board=filled, difficulty=_SOLVED)

    def difficulty(self, difficulty: float) -> DiagonalSudoku:
        """As :meth:`Sudoku.difficulty`, without the check for several solutions."""
        return DiagonalSudoku(self.width, self._emptied(difficulty), difficulty)

    def show(self) -> None:
        """Print the status lines that apply (no solution; invalid; no board), then the
        board."""
        code = self.get_difficulty()
        if code == _NO_SOLUTION:
            print("Puzzle has no solution")
        if code == _INVALID:
            print(
                "Invalid puzzle. Please solve the puzzle (puzzle.solve()), or set a "
                "difficulty (puzzle.difficulty())"
            )
        if not self.board:
            print("No solution")
        print(self._table())

    def _cell_text(self, row: int, col: int, cell: Any, digits: int) -> str:
        on_diagonal = col == row or self.diagonal_right_to_left[row][1] == col
        text = format(cell, f"0{digits}d")  # TypeError for an empty cell, as the original's
        return f"\033[1m\033[4m{text}\033[0m" if on_diagonal else text
