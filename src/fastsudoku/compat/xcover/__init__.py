"""The ``xcover`` package's interface (version 0.2.6: exact cover with colours, Knuth's
Algorithm C) on fastsudoku's engines.

Replace ``from xcover import covers`` with ``from fastsudoku.compat.xcover import
covers`` (and ``xcover.solvers`` / ``.io`` / ``.utils`` likewise).  Same calls, the same
covers:

- ``covers(options, primary=None, secondary=None, colored=False)``: a generator of the
  exact covers, each a list of option indices (ints) in the order the search chose them.
  ``options`` is an iterable of options, each an iterable of items (any hashables).
  Primary items are covered exactly once, secondary items at most once, or, with
  ``colored=True``, by any number of options that all give them the same colour: there
  every entry is a string, and ``"x:c"`` is item ``x`` (the text before the first colon)
  in colour ``c`` (the text after the last one: ``"x:1:C"`` is colour ``"C"``, as the
  original reads it).  Which items are which: both lists None, every item is primary;
  only ``secondary`` given, every other item is primary; only ``primary`` given, every
  other item is secondary (colours split off).  An option without a primary item is
  never chosen.
- ``covers_bool(matrix)``: a generator of the exact covers of a 2-D array (rows the
  options, columns the items, all primary; a nonzero entry is a one), each its row
  indices in choice order.
- ``io.read_xcover_from_file(filename)`` -> ``(options, primary, secondary, colored)``
  from Knuth's format, as the original returns them, and
  ``io.write_xcover_to_file(filename, options, primary=None, secondary=None,
  colored=False, item_to_string=None)``.
- ``utils.verify_exact_cover(solution, options, primary=None, secondary=None,
  colored=False)``: AssertionError unless the options of ``solution`` form a cover;
  ``utils.bool_array_to_options(bool_array)``: a matrix's rows as lists of column indices.

Laziness.  Both solvers are generators, as the original's are: the input is read and
checked at the first ``next()``, not at the call, and each ``next()`` runs the compiled
search on to the next cover and stops there.

Order.  Each cover lists its options in the order the search chose them (the original's
do too), not sorted: the search takes the first primary item with the fewest options
left (items in the order ``primary`` lists them, or the options first name them) and
tries its options in index order.  The covers come in our search's order; the original's
follows the swaps of its sparse sets, which it does not specify.  The set of covers is
the same.

>>> list(covers([["a", "b"], ["b"], ["a"]]))  # a and b tie with two options: a first
[[0], [2, 1]]

Bad input raises :class:`~fastsudoku.ExactCoverError` (a ``ValueError``) naming the
option and the item, at the first ``next()``; where the original raises ``KeyError``
(an option names an item outside the given lists) the error is also a ``KeyError``
(:class:`~fastsudoku.compat.xcover.solvers.UnknownItemError`), where it raises
``TypeError`` (options that are not iterables of hashables; a non-string entry with
``colored=True``) also a ``TypeError``
(:class:`~fastsudoku.compat.xcover.solvers.ItemTypeError`), and where it raises
``ValueError`` (no option names an item) an ExactCoverError.

Where ours deliberately differs (each a case the original gets wrong or leaves
undefined):

- ``colored=True`` with only ``secondary`` given: the original keeps every coloured
  entry ``"x:c"`` as a primary item of that name, which nothing covers, so it finds no
  cover; ours reads it as the secondary item ``x`` in colour ``c``.  With neither list
  given the original raises KeyError or finds nothing; ours makes every item primary, so
  a coloured entry is an error (next point).
- A colour on a primary item (``"p:c"`` with ``p`` primary), an item listed as both
  primary and secondary, an item listed twice in ``primary``, an item twice in one option
  in different colours: ExactCoverError (the original finds no cover, or covers ``p``
  more than once).  The same entry twice in one option counts once, as in the original.
- A problem without primary items has one cover, ``[]`` (Knuth's answer), and a problem
  whose entries all name one item has a cover of each option naming it; the original's
  search stops at the root for both, yields ``[]`` and then raises IndexError.
- ``options``, ``primary`` and ``secondary`` may be any iterables, generators included
  (the original crashes on a generator of options), and ``covers_bool`` takes any
  array-like (the original needs a NumPy array); a matrix that is not 2-D or has no
  columns is an ExactCoverError (the original: IndexError), one with columns but no ones
  has no cover.
- ``io`` and ``utils`` follow the rules above (inferred item lists come in the order the
  options name them, not in a set's order); see their docstrings for the rest.

Not provided: ``covers_zdd``, ``covers_bool_zdd``, ``algorithm_z`` and the
``zdd_utils`` and ``dancing_cells_zdd`` modules (they build a zero-suppressed decision
diagram of the covers, a different algorithm that no engine here runs), and
``algorithm_c``, the ``dancing_cells`` module and ``solvers.input_as_arrays`` /
``solvers.color_indices`` (the original's Numba search and the sparse arrays it takes:
our engines take their own input, through :func:`covers`).  Nor ``__version__`` and
``__author__``, which would name the original's release and author.
"""

from . import io as io, solvers as solvers, utils as utils
from .solvers import (
    ItemTypeError as ItemTypeError,
    UnknownItemError as UnknownItemError,
    covers as covers,
    covers_bool as covers_bool,
)

__all__ = ["covers", "covers_bool", "UnknownItemError", "ItemTypeError"]
