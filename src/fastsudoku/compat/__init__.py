"""Drop-in replacements for the interfaces of other solver packages.

Each module keeps the original's call signatures, argument and return types and
exceptions, and runs on fastsudoku's compiled engines: code written against the original
gets our speed by changing an import.

- :mod:`fastsudoku.compat.exact_cover`: the ``exact_cover`` package (NumPy boolean matrix
  in, row indices out): ``from fastsudoku.compat import exact_cover``.
- :mod:`fastsudoku.compat.xcover`: the ``xcover`` package (exact cover with colours:
  options of named items in, generators of covers out; no ZDDs):
  ``from fastsudoku.compat import xcover``.
"""
