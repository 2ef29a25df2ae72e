"""The C API: a tiny C extension (tests/capi_ext/use_capi.c), compiled against the
installed package's header (fastsudoku.get_include()), calls the engines through the
capsule fastsudoku._core._C_API; its answers are checked against the Python API and
against the rules."""

import sys
from pathlib import Path

import pytest

import fastsudoku as fs
from building import build_inplace
from fastsudoku import _core
from problems import queens, to_csr
from reference import check_grid

HERE = Path(__file__).parent / "capi_ext"
PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.fixture(scope="module")
def use_capi(tmp_path_factory):
    pytest.importorskip("setuptools", reason="building the C extension needs setuptools")
    where = tmp_path_factory.mktemp("capi")
    build_inplace(HERE, ("use_capi.c", "setup.py"), where)
    sys.path.insert(0, str(where))
    try:
        import use_capi

        yield use_capi
    finally:
        sys.path.remove(str(where))
        sys.modules.pop("use_capi", None)


def _values(puzzle):
    return bytes(0 if ch == "." else int(ch) for ch in puzzle)


def test_the_header_ships_with_the_package():
    header = Path(fs.get_include()) / "fastsudoku.h"
    assert header.is_file() and "FastSudokuAPI" in header.read_text()


def test_solve_through_the_c_api(use_capi):
    assert use_capi.api_version()[0] >= 1
    count, first, status = use_capi.solve(_values(PUZZLE), 3, 3, 2, -1)
    assert (count, status) == (1, _core.EXHAUSTED)
    text = "".join(str(v) for v in first)
    assert text == fs.solve(PUZZLE)
    check_grid(list(_values(PUZZLE)), list(first), (3, 3))
    # An empty 2x3 grid: many solutions, stopped at the limit; a node limit.
    count, first, status = use_capi.solve(bytes(36), 2, 3, 5, -1)
    assert (count, status) == (5, _core.FOUND)
    check_grid([0] * 36, list(first), (2, 3))
    count, _, status = use_capi.solve(bytes(81), 3, 3, -1, 3)
    assert status == _core.NODE_LIMIT
    # Givens that repeat: no solution.
    twice = bytearray(81)
    twice[0] = twice[1] = 5
    assert use_capi.solve(bytes(twice), 3, 3, 1, -1) == (0, None, _core.EXHAUSTED)


def test_solve_errors_are_python_exceptions(use_capi):
    with pytest.raises(ValueError, match="row 1, column 3"):
        use_capi.solve(bytes([0, 0, 10]) + bytes(78), 3, 3, 1, -1)
    with pytest.raises(ValueError, match="box"):
        use_capi.solve(bytes(81), 9, 9, 1, -1)


def test_exact_cover_through_the_c_api(use_capi):
    for n, expect in ((6, 4), (8, 92)):
        rows, ncols, sec = queens(n)
        offsets, cols, sec_bytes = to_csr(rows, ncols, sec)
        count, first, status = use_capi.exact_cover(
            ncols, list(map(int, offsets)), list(map(int, cols)), sec_bytes, -1, -1
        )
        assert (count, status) == (expect, _core.EXHAUSTED)
        # The first cover: n queens, one a row and column, in the order chosen.
        assert len(first) == n and sorted(first) == fs.exact_cover(
            rows, columns=ncols, secondary=sec
        )
    # Over the bitset engine's limits (5,000 rows): dancing links, the same answer.
    rows = [[k % 2] for k in range(5000)]
    offsets = [0]
    for row in rows:
        offsets.append(offsets[-1] + len(row))
    cols = [c for row in rows for c in row]
    count, first, _ = use_capi.exact_cover(2, offsets, cols, None, -1, -1)
    assert count == fs.count_exact_covers(rows) == 2500 * 2500
    assert _core.CAPI_BITSET_MAX_ROWS == fs._cover.BITSET_MAX_ROWS
    assert _core.CAPI_BITSET_MAX_PRIMARY == fs._cover.BITSET_MAX_PRIMARY


def test_exact_cover_errors(use_capi):
    with pytest.raises(ValueError, match="out of range"):
        use_capi.exact_cover(2, [0, 1], [5], None, -1, -1)
    with pytest.raises(ValueError, match="offsets decrease"):
        use_capi.exact_cover(2, [0, 2, 1], [0, 1], None, -1, -1)
    assert use_capi.exact_cover(2, [0, 1], [0], None, -1, -1) == (0, [], _core.EXHAUSTED)
