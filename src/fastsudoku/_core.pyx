# The compiled hot path of fastsudoku.
#
# Everything that loops over cells lives here, in C-level Cython with the GIL released.
# The Python layer (_grid.py, _api.py) turns user input into a `bytes` of cell values
# (0 = empty, 1..n) and a box shape, calls one function of this module, and turns the
# result back into the user's form.  See _core.pxd for the data layout.

from cpython.bytes cimport PyBytes_FromStringAndSize, PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.exc cimport PyErr_Occurred
from cpython.unicode cimport PyUnicode_FromKindAndData, PyUnicode_1BYTE_KIND
from libc.stdint cimport (uint64_t, uint32_t, uint16_t, uint8_t, int64_t, int32_t, int16_t,
                          int8_t, INT64_MAX)
from libc.stdlib cimport malloc, calloc, realloc, free, qsort
from libc.string cimport memcpy, memset, memcmp

cdef extern from "Python.h":
    # Declared without an exception clause on purpose: on failure the handler's exception
    # (KeyboardInterrupt) stays set, the search unwinds and frees, and the caller re-raises.
    int PyErr_CheckSignals()
    Py_ssize_t PyUnicode_GET_LENGTH(object)
    int PyUnicode_KIND(object)
    void *PyUnicode_DATA(object)
    Py_UCS4 PyUnicode_READ(int kind, void *data, Py_ssize_t index)

# The module is one compilation unit written in parts: each `include` pastes a file in
# here, so the parts share one namespace and their C functions inline across parts.

# In dependency order (each part uses only the parts above it; _core.pxd draws the list):
# shared tables and geometry, the search machinery every engine shares, the four engines,
# Sudoku as exact cover, the engine contract and table, then the services on top of it.
include "_core_bits.pxi"
include "_core_geometry.pxi"
include "_core_run.pxi"
include "_core_band16.pxi"
include "_core_bitmask.pxi"
include "_core_digitband.pxi"
include "_core_dlx.pxi"
include "_core_bitset.pxi"
include "_core_variant.pxi"
include "_core_leftovers.pxi"
include "_core_machine.pxi"
include "_core_sudoku_cover.pxi"
include "_core_engines.pxi"
include "_core_capi.pxi"
include "_core_batch.pxi"
include "_core_generate.pxi"
include "_core_target.pxi"
include "_core_logic.pxi"
include "_core_chains.pxi"
include "_core_canon.pxi"
include "_core_canon9.pxi"
