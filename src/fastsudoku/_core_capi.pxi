# Part of fastsudoku._core, included by _core.pyx (after the engines):
# the C API, for C and C++ extensions (int is 32 bits on every platform with wheels: the
# rows and columns pass as int32 arrays): a table of functions (FastSudokuAPI, declared in
# include/fastsudoku.h, shipped in the wheel; fastsudoku.get_include() finds it) in a
# PyCapsule named fastsudoku._core._C_API.  Each function is called with the GIL held,
# runs its search without it, and returns -1 with a Python exception set on an error.

from cpython.pycapsule cimport PyCapsule_New

cdef extern from *:
    """
    #define FASTSUDOKU_CORE
    #include "fastsudoku.h"
    """
    ctypedef struct FastSudokuAPI:
        int version
        int size
        long long (*solve)(const unsigned char *values, int box_rows, int box_cols,
                           long long limit, long long node_limit, unsigned char *first,
                           int *status) except -1
        long long (*exact_cover)(int ncols, int nrows, const int *offsets, const int *cols,
                                 const unsigned char *secondary, long long limit,
                                 long long node_limit, int *first, int *first_len,
                                 int *status) except -1
    int FASTSUDOKU_API_VERSION

# The bitset engine takes a matrix of at most this many rows and primary columns (the
# limits of engine="auto" in fastsudoku._cover; a test checks they agree), dancing links
# the others.
CAPI_BITSET_MAX_ROWS = 4096
CAPI_BITSET_MAX_PRIMARY = 128


cdef long long capi_solve(const unsigned char *values, int box_rows, int box_cols,
                          long long limit, long long node_limit, unsigned char *first,
                          int *status) except -1:
    cdef Sudoku p
    cdef EngineOptions o
    cdef EngineResult result
    cdef EngineState *state
    cdef int where[3]
    cdef int cell, unit
    if values == NULL:
        raise ValueError("fastsudoku C API solve: values is NULL")
    engine_options_default(&o)
    o.limit = limit if limit >= 0 else -1
    o.node_limit = node_limit if node_limit >= 0 else -1
    prepare(&p, &o, box_rows, box_cols)
    for cell in range(p.g.ncells):
        if values[cell] > p.g.n:
            raise ValueError(f"fastsudoku C API solve: cell {cell} (row {cell // p.g.n + 1}, "
                             f"column {cell % p.g.n + 1}) holds {values[cell]}, above {p.g.n}")
    with nogil:
        unit = find_conflict(p.g, values, where)
    if unit >= 0 or o.limit == 0:
        if status != NULL:
            status[0] = SEARCH_EXHAUSTED if unit >= 0 else SEARCH_FOUND
        return 0
    state = <EngineState *>malloc(sizeof(EngineState))
    if state == NULL:
        raise MemoryError()
    with nogil:
        engine_run(&p, values, &o, &result, first, state)
    free(state)
    raise_stopped(result.status)
    if status != NULL:
        status[0] = result.status
    return result.count


cdef long long capi_exact_cover(int ncols, int nrows, const int *offsets, const int *cols,
                                const unsigned char *secondary, long long limit,
                                long long node_limit, int *first, int *first_len,
                                int *status) except -1:
    cdef EngineOptions o
    cdef EngineState *state
    cdef const Engine *e
    cdef int k, rc, nprimary = 0, st, length = 0
    cdef int64_t n = 0
    if ncols < 1 or nrows < 0 or offsets == NULL or (cols == NULL and offsets[nrows] > 0):
        raise ValueError("fastsudoku C API exact_cover: needs ncols >= 1, nrows >= 0, "
                         "offsets and cols")
    if offsets[0] != 0:
        raise ValueError("fastsudoku C API exact_cover: offsets[0] must be 0")
    for k in range(nrows):
        if offsets[k + 1] < offsets[k]:
            raise ValueError(f"fastsudoku C API exact_cover: offsets decrease at row {k}")
    for k in range(ncols):
        nprimary += secondary == NULL or not secondary[k]
    engine_options_default(&o)
    o.node_limit = node_limit if node_limit >= 0 else -1
    if first_len != NULL:
        first_len[0] = 0
    if limit == 0:
        if status != NULL:
            status[0] = SEARCH_FOUND
        return 0
    state = <EngineState *>calloc(1, sizeof(EngineState))
    if state == NULL:
        raise MemoryError()
    if nrows <= CAPI_BITSET_MAX_ROWS and nprimary <= CAPI_BITSET_MAX_PRIMARY:
        e = &ENGINE_TABLE[ENGINE_BITSET]
        with nogil:
            rc = bx_build(&state.bitset, ncols, secondary, nrows, <const int32_t *>offsets,
                          <const int32_t *>cols)
        state.run.node_limit = o.node_limit
    else:
        e = &ENGINE_TABLE[ENGINE_DLX]
        with nogil:
            rc = xc_build(&state.dlx, ncols, secondary, nrows, <const int32_t *>offsets,
                          <const int32_t *>cols, &o)
    if rc < 0:
        e.free(state)
        free(state)
        if rc == -2:
            raise ValueError("fastsudoku C API exact_cover: a column index is out of range")
        raise MemoryError()
    with nogil:
        st = e.next(state)
        if st == SEARCH_FOUND:
            n = 1
            if first != NULL:
                length = e.cover_rows(state, <int32_t *>first)
            if limit < 0 or limit > 1:
                st = engine_count(e, state, NULL, limit, NULL, &n)
    e.free(state)
    free(state)
    raise_stopped(st)
    if first_len != NULL:
        first_len[0] = length
    if status != NULL:
        status[0] = st
    return n


cdef FastSudokuAPI CAPI_TABLE
CAPI_TABLE.version = FASTSUDOKU_API_VERSION
CAPI_TABLE.size = sizeof(FastSudokuAPI)
CAPI_TABLE.solve = capi_solve
CAPI_TABLE.exact_cover = capi_exact_cover

_C_API = PyCapsule_New(<void *>&CAPI_TABLE, b"fastsudoku._core._C_API", NULL)
