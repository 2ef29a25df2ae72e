"""The ``sudoku`` package's interface (py-sudoku 2.0.0) on fastsudoku's engines.

Replace ``from sudoku import Sudoku`` with ``from fastsudoku.compat.py_sudoku import
Sudoku`` (and ``sudoku.sudoku`` with :mod:`fastsudoku.compat.py_sudoku.sudoku`, which also
holds ``DiagonalSudoku`` and ``UnsolvableSudoku``).  Same constructor, attributes
(``board``, ``width``, ``height``, ``size``), methods (``solve``, ``has_multiple_solutions``,
``validate``, ``difficulty``, ``get_difficulty``, ``show``, ``show_full``, ``empty``),
printed boards character for character, and exceptions; boards of any box shape, empty
cells ``None`` (the constructor also empties 0 and anything outside 1..N).

What differs, on purpose:

- A board with several solutions is solved to the engine's first solution, which need
  not be the original's (its backtracking order): so ``Sudoku(3, seed=s).solve()`` and
  ``difficulty()`` make other grids than the original for the same seed (the seeded
  board and the cells ``difficulty()`` empties are the same: both draw from the module
  ``random`` alike).  A puzzle with one solution solves to the same grid.
- ``DiagonalSudoku`` solves by its rules: the original's solver ignores the givens on the
  main diagonal and can return grids that break it; its ``has_multiple_solutions()``
  counts diagonal solutions (the original's counts plain Sudoku ones) and its
  ``get_difficulty()`` returns the difficulty (the original's always returns None).
- Sides above 64 and boards with givens that repeat (NumPy integers, which ``validate()``
  does not check) are searched as an exact cover of the empty cells, as slow as that is;
  one of more than 20,000,000 (empty cell, value) pairs raises MemoryError at once (the
  original would search it for ever).
"""

from . import sudoku as sudoku
from .sudoku import Sudoku as Sudoku

__all__ = ["Sudoku"]
