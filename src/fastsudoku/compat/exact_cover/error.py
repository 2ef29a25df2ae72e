"""The ``exact_cover`` package's exceptions."""


class ExactCoverError(Exception):
    """Base of this module's errors."""


class NoSolution(ExactCoverError):
    """The matrix has no exact cover (or none within ``max_count``)."""


class CannotSplitFurther(ExactCoverError):
    """``helpers.split_problem``: no column with two or more rows left to split on."""


__all__ = [
    "ExactCoverError",
    "NoSolution",
    "CannotSplitFurther",
]
