"""The local judge under its first version's name: an alias of :mod:`fastsudoku.judges.local`,
kept so that ``import fastsudoku.localjudge`` and ``from fastsudoku.localjudge import judge``
go on working.  It re-exports the public names of that module (its ``__all__``), the same
objects; new code imports :mod:`fastsudoku.judges.local`.

>>> from fastsudoku.localjudge import compare
>>> compare("poj3074", "", "1\\n2\\n", "1\\n2")
('AC', '')
"""

from .judges.local import *  # noqa: F403  (the alias: every public name of the module)
from .judges.local import __all__ as __all__
