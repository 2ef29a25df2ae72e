# Typed stubs of the compiled core (fastsudoku._core).  Private: use the public API.
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

#: How a search ended (the core's SearchStatus codes).
FOUND: int
EXHAUSTED: int
NODE_LIMIT: int

ENGINES: Tuple[str, ...]
COVER_ENGINES: Tuple[str, ...]
CAPI_BITSET_MAX_ROWS: int
CAPI_BITSET_MAX_PRIMARY: int
_C_API: object

@disjoint_base
class Options:
    def __init__(
        self,
        engine: str = ...,
        limit: Optional[int] = ...,
        node_limit: Optional[int] = ...,
        locked_levels: int = ...,
        track_over: int = ...,
        tree_over: int = ...,
        strong_over: int = ...,
        probe_fails: Optional[int] = ...,
    ) -> None: ...
    @property
    def engine(self) -> str: ...
    @property
    def limit(self) -> Optional[int]: ...
    @property
    def node_limit(self) -> Optional[int]: ...
    @property
    def locked_levels(self) -> int: ...
    @property
    def track_over(self) -> int: ...
    @property
    def tree_over(self) -> int: ...
    @property
    def strong_over(self) -> int: ...
    @property
    def probe_fails(self) -> Optional[int]: ...

def engine_for(engine: str, r: int, c: int) -> str: ...
def conflict(values: bytes, r: int, c: int) -> Optional[Tuple[int, int, int, int]]: ...
def search(
    values: bytes, r: int, c: int, options: Options
) -> Tuple[int, Optional[bytes], int, int]: ...
def search_allowed(
    values: bytes, r: int, c: int, allowed: bytes, options: Options
) -> Tuple[int, Optional[bytes], int, int]: ...

@disjoint_base
class VariantModel:
    n: int
    def __init__(
        self,
        n: int,
        houses: List[List[int]],
        differ: List[Tuple[int, int]],
        arcs: List[Tuple[int, int, List[int]]],
        sums: List[Tuple[Any, ...]],
        init: List[int],
    ) -> None: ...
    def repeated(self, values: bytes) -> Optional[Tuple[int, int]]: ...
    def propagated(self, values: bytes) -> Optional[List[int]]: ...

LINE_SANDWICH: int
LINE_XSUM: int
LINE_BETWEEN: int
LINE_LOCKOUT: int
LINE_SKYSCRAPER: int
LINE_HIDDEN: int
RULE_COUNT: int
RULE_CONTAIN: int
LINE_SUMLINE: int
LINE_SUMLOOP: int
RULE_LUNCHBOX: int

def leftover_sums(
    n: int, houses: List[List[int]], nboxes: int, sums: List[Tuple[Any, ...]], most: int
) -> List[Tuple[List[int], List[int], int, bool]]: ...
def combined_sums(
    n: int,
    houses: List[List[int]],
    differ: List[Tuple[int, int]],
    sums: List[Tuple[Any, ...]],
    most: int = ...,
) -> List[Tuple[List[int], List[int], int, bool]]: ...
def intersection_sums(
    n: int,
    houses: List[List[int]],
    differ: List[Tuple[int, int]],
    sums: List[Tuple[Any, ...]],
    most: int = ...,
) -> List[Tuple[List[int], List[int], int, bool]]: ...
def new_sums(
    made: List[Tuple[Any, ...]], derived: List[Tuple[Any, ...]]
) -> List[Tuple[Any, ...]]: ...
def variant_search(
    model: VariantModel, values: bytes, options: Options
) -> Tuple[int, Optional[bytes], int, int]: ...
def max_score(
    values: bytes,
    r: int,
    c: int,
    weights: npt.NDArray[np.int64],
    node_limit: int = ...,
    bound: bool = ...,
    root_rounds: int = ...,
    node_rounds: int = ...,
    passes: int = ...,
    step_scale: float = ...,
    cheap_guesses: int = ...,
) -> Tuple[Optional[int], Optional[bytes], int, int]: ...

BATCH_STATUS: dict[str, int]
SYMMETRIES: dict[Optional[str], int]

def generate_one(
    r: int,
    c: int,
    seed: int,
    target: int,
    symmetry: int,
    minimal: bool,
    halt: Optional[npt.NDArray[np.int64]] = ...,
    interruptible: bool = ...,
    options: Optional[Options] = ...,
) -> Optional[Tuple[bytes, bytes, int]]: ...
def effort_counts(
    values: bytes, r: int, c: int, seed: int, copies: int, options: Options
) -> List[int]: ...
def solve_line81(line: str, options: Options) -> Optional[Tuple[Optional[str], int]]: ...

@disjoint_base
class Batch:
    def __init__(
        self,
        puzzles: npt.NDArray[np.uint8],
        out: npt.NDArray[np.uint8],
        status: npt.NDArray[np.int8],
        counts: npt.NDArray[np.int64],
        guesses: npt.NDArray[np.int64],
        r: int,
        c: int,
        options: Options,
        chunk: int = ...,
        halt: Optional[npt.NDArray[np.int64]] = ...,
    ) -> None: ...
    def run(self, interruptible: bool = ...) -> None: ...

@disjoint_base
class _Resumable:
    @property
    def engine(self) -> str: ...
    @property
    def guesses(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    node_limit: int
    def next_solution(self) -> Tuple[int, Any]: ...
    def count(self, limit: int = ...) -> Tuple[Any, ...]: ...

@disjoint_base
class SudokuSearch(_Resumable):
    r: int
    c: int
    def __init__(self, values: bytes, r: int, c: int, options: Options) -> None: ...
    def next_solution(self) -> Tuple[int, Optional[bytes]]: ...
    def count(self, limit: int = ...) -> Tuple[int, Optional[bytes], int]: ...

@disjoint_base
class VariantSearch(_Resumable):
    def __init__(self, model: VariantModel, values: bytes, options: Options) -> None: ...
    def next_solution(self) -> Tuple[int, Optional[bytes]]: ...
    def count(self, limit: int = ...) -> Tuple[int, Optional[bytes], int]: ...

@disjoint_base
class ExactCoverSearch(_Resumable):
    ordered: bool
    def __init__(
        self,
        ncols: int,
        offsets: npt.NDArray[np.int32],
        cols: npt.NDArray[np.int32],
        secondary: Optional[bytes],
        options: Optional[Options] = ...,
        pair: Optional[npt.NDArray[np.int32]] = ...,
        pair_col: Optional[npt.NDArray[np.int32]] = ...,
        col_lo: Optional[npt.NDArray[np.int32]] = ...,
        col_hi: Optional[npt.NDArray[np.int32]] = ...,
    ) -> None: ...
    def next_solution(self) -> Tuple[int, Optional[List[int]]]: ...
    def count(
        self,
        limit: int = ...,
        halt: Optional[npt.NDArray[np.int64]] = ...,
        interruptible: bool = ...,
    ) -> Tuple[int, int]: ...
    def fork(self) -> ExactCoverSearch: ...
    def enter_branch(self, i: int) -> bool: ...

def _table_popcount(mask: int) -> int: ...
def _table_popcount32(mask: int) -> int: ...
def _table_bit_index(single_bit_mask: int) -> int: ...
def _table_bit_index_portable(single_bit_mask: int) -> int: ...
def _table_top_index(nonzero_mask: int) -> int: ...
def _table_top_index_portable(nonzero_mask: int) -> int: ...
def _table_lowest_bit(nonzero_mask: int) -> int: ...
def _geometry_units(r: int, c: int) -> list[list[int]]: ...
def _geometry_peers(r: int, c: int) -> list[list[int]]: ...
def _probe_pass(
    allowed: list[int], r: int, c: int
) -> Optional[Tuple[list[int], Optional[list[int]]]]: ...
def _probe16(allowed: list[int]) -> Optional[list[Tuple[int, int, int, int]]]: ...
def _probe_pass16(
    allowed: list[int],
) -> Optional[
    Tuple[Optional[Tuple[list[int], list[int]]], Optional[Tuple[list[int], list[int]]]]
]: ...

# The logical solver (_core_logic.pxi)
TECH_NAMES: Tuple[str, ...]
TECH_DIFFICULTY: Tuple[int, ...]

def _logic_steps(
    values: bytes,
    r: int,
    c: int,
    candidates: Optional[List[int]] = ...,
    limit: int = ...,
    allowed: int = ...,
) -> Tuple[List[Tuple[Any, ...]], str]: ...
def _logic_rate(
    values: bytes, r: int, c: int, candidates: Optional[List[int]] = ..., allowed: int = ...
) -> Tuple[int, int, int, int, List[int], int]: ...
def _logic_solves(
    values: bytes, r: int, c: int, allowed: int, candidates: Optional[Sequence[int]] = ...
) -> bool: ...
def _canonical(
    values: bytes, r: int, c: int, form: int, budget: int, path: int = ...
) -> Optional[Tuple[bytes, bool, bytes, bytes, bytes, int, int]]: ...
def _canonical_rows(
    rows: npt.NDArray[np.uint8],
    r: int,
    c: int,
    form: int,
    budget: int,
    start: int,
    stop: int,
    out: npt.NDArray[np.uint8],
    status: npt.NDArray[np.int8],
    halt: npt.NDArray[np.int64],
    interruptible: bool = ...,
) -> None: ...
def _logic_rate_rows(
    rows: npt.NDArray[np.uint8],
    r: int,
    c: int,
    next_row: npt.NDArray[np.int64],
    stop: int,
    out: npt.NDArray[np.int16],
    halt: npt.NDArray[np.int64],
    interruptible: bool = ...,
    allowed: int = ...,
) -> None: ...
