# cython: language_level=3
# A separate extension that cimports fastsudoku's exact-cover engines (tests/test_cimport.py
# builds it): it counts the exact covers of a matrix given in CSR form, without the GIL.
from libc.stdint cimport int32_t, uint8_t
from fastsudoku._core cimport (ExactCover, xc_build, xc_next, xc_solution, xc_free,
                               BitCover, bx_build, bx_next, bx_solution, bx_free,
                               SEARCH_FOUND, EngineOptions, engine_options_default)


def count_covers(int ncols, const int32_t[::1] offsets, const int32_t[::1] cols,
                 bytes secondary):
    """(number of covers, the first cover's rows) through the C-level API."""
    cdef ExactCover x
    cdef int rc, k, n = 0
    cdef long long found = 0
    cdef int32_t first[64]
    cdef const uint8_t *sec = secondary
    cdef EngineOptions options
    with nogil:
        engine_options_default(&options)
        options.limit = -1
        rc = xc_build(&x, ncols, sec, offsets.shape[0] - 1, &offsets[0], &cols[0], &options)
        if rc == 0:
            while xc_next(&x) == SEARCH_FOUND:
                if found == 0:
                    n = xc_solution(&x, first)
                found += 1
    xc_free(&x)
    if rc != 0:
        raise ValueError(f"xc_build failed: {rc}")
    return found, sorted([first[k] for k in range(n)])


def count_covers_bitset(int ncols, const int32_t[::1] offsets, const int32_t[::1] cols,
                        bytes secondary):
    """The same through the bitset engine."""
    cdef BitCover b
    cdef int rc, k, n = 0
    cdef long long found = 0
    cdef int32_t first[64]
    cdef const uint8_t *sec = secondary
    with nogil:
        rc = bx_build(&b, ncols, sec, offsets.shape[0] - 1, &offsets[0], &cols[0])
        if rc == 0:
            while bx_next(&b) == SEARCH_FOUND:
                if found == 0:
                    n = bx_solution(&b, first)
                found += 1
    bx_free(&b)
    if rc != 0:
        raise ValueError(f"bx_build failed: {rc}")
    return found, sorted([first[k] for k in range(n)])
