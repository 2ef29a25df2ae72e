"""What a type checker sees of the public API (checked by mypy in tests/test_typing.py;
not a test module itself: pytest does not collect it)."""

from typing import Any, Iterator, List, Optional

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

import fastsudoku as fs

line = "." * 81
assert_type(fs.solve(line), Optional[str])
assert_type(fs.solve(line.encode()), Optional[bytes])
assert_type(fs.solve(np.zeros((9, 9), dtype=np.uint8)), Optional[np.ndarray])
assert_type(fs.solve([[0] * 4] * 4), Optional[List[Any]])
assert_type(fs.solve(line, engine="dlx", node_limit=10), Optional[str])
assert_type(fs.count_solutions(line, limit=2), int)
assert_type(fs.is_unique(line), bool)
assert_type(fs.search(line, limit=2), fs.SearchResult)
assert_type(fs.search(line).count, int)

batch = fs.solve_many(np.zeros((3, 81), dtype=np.uint8), limit=2, threads=2, engine="dlx")
assert_type(batch, fs.BatchResult)
assert_type(batch.status, npt.NDArray[np.int8])
assert_type(batch.counts, npt.NDArray[np.int64])
assert_type(fs.count_many(["." * 81]), npt.NDArray[np.int64])
assert_type(fs.rate_many(["." * 81]).se, npt.NDArray[np.float64])
assert_type(fs.rate_many(["." * 81]).hardest, npt.NDArray[np.int16])
assert_type(fs.canonical_many(["." * 81]).status, npt.NDArray[np.int8])
assert_type(fs.unique_classes(["." * 81]).classes, npt.NDArray[np.int64])

assert_type(fs.generate(count=2, clues=(24, 28), seed=1), List[fs.Generated])
assert_type(fs.generate()[0].puzzle, str)
assert_type(fs.rate(line), fs.Rating)
assert_type(fs.max_score(line), Optional[fs.TargetResult])

assert_type(fs.exact_cover([[0], [1]], engine="bitset"), Optional[List[int]])
assert_type(fs.exact_covers([[0], [1]]), Iterator[List[int]])
assert_type(fs.count_exact_covers([[0], [1]], limit=5), int)
assert_type(fs.search_exact_cover([[0], [1]]), fs.CoverResult)
