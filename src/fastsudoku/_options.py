"""One check for each option of the public functions, so that every entry point accepts and
refuses the same values with the same message.

Each check returns the value in its canonical form (a Python ``int``, a ``(r, c)`` tuple)
or raises ``ValueError`` / ``TypeError`` naming the option, what it got and what is
allowed.  NumPy integers are integers everywhere; ``bool`` is never a number.
"""

from __future__ import annotations

import math
import operator
from typing import Any, Optional, Sequence, Tuple, Union

from . import _core
from ._errors import ShapeError

#: The engines, by name, in the core's table order ("auto" picks per puzzle shape).
ENGINES: Tuple[str, ...] = _core.ENGINES

#: The largest side: one uint64 candidate mask a cell in the bitmask engine.
MAX_SIDE = 64

# A count or node limit beyond the C engines' 64-bit counters cannot be reached: it is
# taken as that largest count (so limit=10**30 means "no limit", not an OverflowError).
COUNT_MAX = 2**63 - 1


def shown(value: Any) -> str:
    """repr(value) for a message: cut short, and never an exception of its own."""
    try:
        text = repr(value)
    except Exception:  # a caller's object whose repr fails
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= 40 else text[:36] + "...>"


def integer(value: Any) -> Optional[int]:
    """value as a Python int if it is an integer (NumPy's too), else None; bools are not."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def count_value(name: str, value: Any, lowest: int) -> int:
    """An integer option that must be given (``limit`` of a batch, ``count``, ``threads``),
    at least ``lowest``, clamped to 2**63 - 1."""
    if type(value) is int and lowest <= value <= COUNT_MAX:  # the common case, at once
        return value
    number = integer(value)
    if number is None or number < lowest:
        kind = "positive" if lowest == 1 else "non-negative" if lowest == 0 else f">= {lowest}"
        raise ValueError(f"{name} must be a {kind} integer, got {shown(value)}")
    return min(number, COUNT_MAX)


def count_option(name: str, value: Any, lowest: int) -> Optional[int]:
    """count_value where None is allowed (no limit) and stays None."""
    return None if value is None else count_value(name, value, lowest)


def choice(name: str, value: Any, choices: Sequence[Any]) -> Any:
    """value if it is one of choices (compared without hashing: lists are refused, not a
    TypeError from a dict lookup)."""
    if not any(type(value) is type(c) and value == c for c in choices):
        allowed = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {allowed}; got {shown(value)}")
    return value


def engine_option(engine: Any, engines: Sequence[str] = ENGINES) -> str:
    """engine if it is one of the engines' names (every entry point's check)."""
    if not isinstance(engine, str) or engine not in engines:
        raise ValueError(f"unknown engine {shown(engine)}; choose from {', '.join(engines)}")
    return engine


def search_options(
    engine: Any, limit: Any = 1, node_limit: Any = None, lowest_limit: int = 1
) -> _core.Options:
    """The core's options struct for one call, every value checked here: ``engine`` a name
    of ENGINES, ``limit`` a count of solutions >= ``lowest_limit`` (None: all of them),
    ``node_limit`` a count of guesses (None: none)."""
    return _core.Options(
        engine_option(engine),
        count_option("limit", limit, lowest_limit),
        count_option("node_limit", node_limit, 0),
    )


def box_option(box: Any) -> Optional[Tuple[int, int]]:
    """None, or a pair (rows, columns) of positive integers whose product is a side up to
    MAX_SIDE; ShapeError (a ValueError) otherwise."""
    if box is None:
        return None
    r, c = _integer_pair(box)
    if r is None or c is None:
        raise ShapeError(f"box must be a pair of integers (rows, columns), got {shown(box)}")
    if r < 1 or c < 1:
        raise ShapeError(f"box ({r}, {c}) must have at least one row and one column")
    if r * c > MAX_SIDE:
        raise ShapeError(
            f"box ({r}, {c}) makes side {r * c}, larger than the engines' limit of {MAX_SIDE}"
        )
    return r, c


def _integer_pair(value: Any) -> Tuple[Optional[int], Optional[int]]:
    """The two integers of a pair (a tuple, list, array ... of two), or Nones."""
    if not isinstance(value, (str, bytes, dict, set, frozenset)):
        try:
            items = list(value)
        except TypeError:
            items = []
        if len(items) == 2:
            return integer(items[0]), integer(items[1])
    return None, None


def alphabet_option(alphabet: Any) -> Optional[str]:
    """None or a non-empty str (its symbols are checked against the grid by the parser)."""
    if alphabet is None:
        return None
    if not isinstance(alphabet, str):
        raise TypeError(
            f"alphabet must be a string (symbols such as 'A-P' or '1-9A-G', or a "
            f"name such as 'hex'), got {shown(alphabet)}"
        )
    if not alphabet:
        raise ValueError(
            "alphabet must not be empty (symbols such as 'A-P' or '1-9A-G', or "
            "a name such as 'hex')"
        )
    return alphabet


def size_option(size: Any, box: Optional[Tuple[int, int]]) -> Tuple[int, int]:
    """The box shape of ``size`` (a side with square boxes) and ``box``: either alone, or
    both when they agree; 9x9 when neither is given."""
    if size is None:
        return box if box is not None else (3, 3)
    n = integer(size)
    if n is None:
        raise TypeError(f"size must be an integer side 1..{MAX_SIDE}, got {shown(size)}")
    if not 1 <= n <= MAX_SIDE:
        raise ValueError(f"size must be a side 1..{MAX_SIDE}, got {n}")
    if box is not None:
        if box[0] * box[1] != n:
            raise ValueError(
                f"size {n} and box {box} disagree: a {box[0]}x{box[1]} box makes "
                f"side {box[0] * box[1]} (give one of them)"
            )
        return box
    root = math.isqrt(n)
    if root * root != n:
        raise ShapeError(
            f"size {n} is not a square: give the box shape, e.g. box=(r, c) with r * c = {n}"
        )
    return root, root


#: Seeds are integers in this range (they are hashed with the puzzle index).
SEED_LIMIT = 2**128


def seed_option(seed: Any) -> Optional[int]:
    """None (a fresh random seed) or an integer 0 <= seed < 2**128."""
    if seed is None:
        return None
    number = integer(seed)
    if number is None:
        raise TypeError(f"seed must be an integer or None, got {shown(seed)}")
    if not 0 <= number < SEED_LIMIT:
        raise ValueError(f"seed must lie in 0..2**128 - 1, got {shown(seed)}")
    return number


def clues_option(clues: Union[int, Sequence[int], None], ncells: int) -> Optional[Tuple[int, int]]:
    """None, or (low, high) givens from an integer or a (low, high) pair within 0..ncells."""
    if clues is None:
        return None
    exact = integer(clues)
    if exact is not None:
        lo = hi = exact
    else:
        low, high = _integer_pair(clues)
        if low is None or high is None:
            raise TypeError(
                f"clues must be an integer or a (low, high) pair of integers, got {shown(clues)}"
            )
        lo, hi = low, high
    if not 0 <= lo <= hi <= ncells:
        raise ValueError(f"clues must lie in 0..{ncells} with low <= high, got {shown(clues)}")
    return lo, hi


def flag_option(name: str, value: Any) -> bool:
    """A yes/no option: a bool (NumPy's too), nothing else."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {shown(value)}")
