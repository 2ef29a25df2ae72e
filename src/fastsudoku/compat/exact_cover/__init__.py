"""The ``exact_cover`` package's interface (version 1.5) on fastsudoku's engines.

Replace ``import exact_cover`` with ``from fastsudoku.compat import exact_cover`` (and
``exact_cover.error`` / ``.io`` / ``.helpers`` / ``.wrapper`` likewise).  Same calls and
answers:

- ``get_exact_cover(matrix)``: the first exact cover of a 2-D matrix (any dtype, read as
  booleans; any memory order), a NumPy int32 array of row indices in the order the
  search chose them; :class:`~fastsudoku.compat.exact_cover.error.NoSolution` when there
  is none.  The search is the original's: Knuth's Algorithm X choosing the first column
  with the fewest rows and trying its rows top to bottom, so the cover and its order are
  the original's.
- ``get_solution_count(matrix)``: the number of exact covers (duplicate rows count
  separately, rows of zeros never).
- ``get_all_solutions(matrix, max_count=None)``: a set of tuples, each a cover's rows in
  search order (at most ``max_count``, the first ones the search meets).

A matrix with no columns has no cover here and one in the count, as in the original.
"""

from .wrapper import (
    get_all_solutions as get_all_solutions,
    get_exact_cover as get_exact_cover,
    get_solution_count as get_solution_count,
)

__all__ = ["get_exact_cover", "get_solution_count", "get_all_solutions"]
