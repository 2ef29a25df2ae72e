"""The one status of a puzzle's outcome, shared by the batch (``solve_many``), the rater
(``Rating.status``) and the command line.

An ``IntEnum``: the int8 arrays of a batch hold its values, and each compares equal to its
code (``result.status == Status.SOLVED`` works on the whole array).  The codes are those of
the first version's module constants (``fastsudoku.SOLVED`` ... , still exported).
"""

from __future__ import annotations

import enum


class Status(enum.IntEnum):
    """How a puzzle came out.

    ``SOLVED``: a solution (the only one, when the search looked for a second);
    ``NO_SOLUTION``; ``NOT_UNIQUE``: a second solution was found; ``INVALID``: the puzzle
    could not be read, or its givens repeat in a unit; ``NODE_LIMIT``: the search stopped
    at its node limit before it could tell.
    """

    SOLVED = 0
    NO_SOLUTION = 1
    NOT_UNIQUE = 2
    INVALID = 3
    NODE_LIMIT = 4

    @property
    def label(self) -> str:
        """The lower-case name used in text output (``"not_unique"``)."""
        return self.name.lower()


SOLVED = Status.SOLVED
NO_SOLUTION = Status.NO_SOLUTION
NOT_UNIQUE = Status.NOT_UNIQUE
INVALID = Status.INVALID
NODE_LIMIT = Status.NODE_LIMIT
