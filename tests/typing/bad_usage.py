"""Calls a type checker must refuse (tests/test_typing.py expects an error on each line
marked "error")."""

import numpy as np

import fastsudoku as fs

fs.solve("." * 81, engine="links")  # error
fs.solve_many(np.zeros((1, 81), dtype=np.uint8), limit="2")  # error
fs.exact_cover([[0]], engine="dlx2")  # error
fs.count_solutions("." * 81, 2)  # error
