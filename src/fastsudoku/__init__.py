"""fastsudoku: fast Sudoku solving for every grid size, compiled with Cython.

>>> import fastsudoku as fs
>>> fs.solve("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
'483921657967345821251876493548132976729564138136798245372689514814253769695417382'
>>> fs.is_unique("." * 81)
False
"""

# The public submodule of reading and writing puzzle files, loaded with the package
# (``fastsudoku.formats.read`` after ``import fastsudoku``).
from . import formats as formats
from ._api import (
    Engine,
    SearchResult,
    count_solutions,
    is_unique,
    search,
    solutions,
    solve,
)
from ._batch import BatchResult, count_many, solve_many
from ._canon import (
    CANONICAL_FORMS,
    CanonicalManyResult,
    Classes,
    Transform,
    canonical,
    canonical_many,
    canonical_transform,
    equivalent,
    isomorph,
    unique_classes,
)
from ._cover import (
    COVER_ENGINES,
    CoverResult,
    count_exact_covers,
    exact_cover,
    exact_covers,
    search_exact_cover,
)
from ._errors import (
    ConflictError,
    ExactCoverError,
    InvalidValueError,
    ParseError,
    SearchLimitError,
    ShapeError,
    SudokuError,
    VariantError,
)
from ._generate import Generated, GenerationError, generate
from ._options import ENGINES
from ._rate import MAX_NESTING, TECHNIQUES, Rating, Step, hint, rate, steps
from ._rate_batch import RateManyResult, rate_many
from ._status import INVALID, NO_SOLUTION, NODE_LIMIT, NOT_UNIQUE, SOLVED, Status
from ._target import TargetResult, max_score, ring_weights
from ._threads import cores
from ._xcc import CoverProblem, CoverSearch, format_cover, parse_cover, read_cover, write_cover

__version__ = "0.1.0"


def get_include() -> str:
    """The directory of ``fastsudoku.h``, the header of the C API (the engines for C and
    C++ extensions, through the capsule ``fastsudoku._core._C_API``): put it on the
    include path of an extension that calls them, as ``numpy.get_include()``.
    """
    import os

    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")


__all__ = [
    "solve",
    "count_solutions",
    "is_unique",
    "solutions",
    "search",
    "SearchResult",
    "ENGINES",
    "Engine",
    "solve_many",
    "count_many",
    "BatchResult",
    "cores",
    "Status",
    "SOLVED",
    "NO_SOLUTION",
    "NOT_UNIQUE",
    "INVALID",
    "NODE_LIMIT",
    "max_score",
    "generate",
    "Generated",
    "GenerationError",
    "rate",
    "MAX_NESTING",
    "Rating",
    "rate_many",
    "RateManyResult",
    "TECHNIQUES",
    "steps",
    "hint",
    "Step",
    "canonical",
    "CANONICAL_FORMS",
    "canonical_transform",
    "canonical_many",
    "CanonicalManyResult",
    "equivalent",
    "isomorph",
    "unique_classes",
    "Classes",
    "Transform",
    "ring_weights",
    "TargetResult",
    "exact_cover",
    "exact_covers",
    "count_exact_covers",
    "search_exact_cover",
    "CoverResult",
    "CoverProblem",
    "CoverSearch",
    "COVER_ENGINES",
    "parse_cover",
    "read_cover",
    "format_cover",
    "write_cover",
    "ExactCoverError",
    "VariantError",
    "SudokuError",
    "ParseError",
    "ShapeError",
    "InvalidValueError",
    "ConflictError",
    "SearchLimitError",
    "get_include",
    "__version__",
]


import contextlib  # noqa: E402  (for the one function below)


def _show_public_module() -> None:
    """The public classes say ``fastsudoku.`` as their module (in tracebacks, reprs and
    the documentation), not the private module that defines them; pickle finds them
    there too."""
    namespace = globals()
    for name in __all__:
        obj = namespace[name]
        if isinstance(obj, type) and obj.__module__.startswith("fastsudoku._"):
            with contextlib.suppress(TypeError):  # a compiled type: its module is fixed
                obj.__module__ = "fastsudoku"


_show_public_module()
del _show_public_module
