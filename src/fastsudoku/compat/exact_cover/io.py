"""The ``exact_cover`` package's matrix type and text files (NumPy's ``savetxt`` form)."""

from typing import Any

import numpy as np

DTYPE_FOR_ARRAY = np.bool_


def load_problem(filename: Any) -> np.ndarray:
    """A matrix saved by :func:`save_problem` (whitespace-separated 0/1 rows)."""
    values = np.genfromtxt(filename)
    return values.astype(DTYPE_FOR_ARRAY)


def save_problem(filename: Any, array: Any) -> None:
    """Write a matrix as rows of 0/1 (NumPy ``savetxt``)."""
    ones = np.asarray(array).astype(np.int8)
    np.savetxt(filename, ones)


__all__ = [
    "DTYPE_FOR_ARRAY",
    "load_problem",
    "save_problem",
]
