"""Transitional: ``make_tests`` moved to :mod:`fastsudoku.judges` (the generators to
:mod:`fastsudoku.judges.testdata`).  Only ``_cli.py`` imports this module; delete it when
the command line imports ``fastsudoku.judges.make_tests``."""
from .judges import make_tests

__all__ = ["make_tests"]
