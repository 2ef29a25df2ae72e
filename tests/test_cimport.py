"""Another Cython extension can cimport the DLX engine from fastsudoku/_core.pxd: build a
tiny one against the installed package and solve 8-queens through both engines."""

import sys
from pathlib import Path

import pytest

from building import build_inplace
from problems import queens, to_csr

HERE = Path(__file__).parent / "cimport_ext"


@pytest.mark.heavy
def test_cimport_from_another_extension(tmp_path):
    pytest.importorskip("Cython", reason="the cimport test needs Cython (the test group)")
    build_inplace(HERE, ("use_core.pyx", "setup.py"), tmp_path)
    rows, ncols, sec = queens(8)
    offsets, cols, sec_bytes = to_csr(rows, ncols, sec)
    sys.path.insert(0, str(tmp_path))
    try:
        import use_core

        found, first = use_core.count_covers(ncols, offsets, cols, sec_bytes)
        found_bits, first_bits = use_core.count_covers_bitset(ncols, offsets, cols, sec_bytes)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("use_core", None)
    assert found == 92 and found_bits == 92 and first_bits == first
    assert len(first) == 8 and all(len(rows[r]) == 4 for r in first)
