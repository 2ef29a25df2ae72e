# Part of fastsudoku._core, included by _core.pyx (after the dlx and bitset engines):
# Sudoku as an exact-cover matrix, searched by either.

# --------------------------------------------------------------------------------------------
# Sudoku as exact cover: row cell*n + (v-1) places v in the cell; its four columns say that
# the cell is filled and that v is in the cell's row, column and box:
#     cell            0 .. n*n-1
#     row, value      n*n   + row*n + v-1
#     column, value   2*n*n + col*n + v-1
#     box, value      3*n*n + box*n + v-1
# The empty matrix is built once per box shape (with the GIL, cached) and copied for each
# puzzle; the givens are then selected before the search (levels below run.base).
# --------------------------------------------------------------------------------------------

cdef class _CoverHolder:
    cdef ExactCover x
    cdef BitCover b

    def __dealloc__(self):
        xc_free(&self.x)
        bx_free(&self.b)


cdef dict _sudoku_covers = {}

# Above this side the bitset engine's levels (a bit a row: n**3 / 64 words, and a count a
# column: 4 n**2) outgrow what a search should hold: 25x25 keeps 14 kB a level.
cdef enum:
    BITSET_MAX_SIDE = 25


cdef _CoverHolder sudoku_matrix(int r, int c, bint bitset):
    """The empty Sudoku matrix of box shape (r, c), on links or (bitset) on row bitsets;
    built on first use and cached."""
    key = (r, c, bitset)
    cdef _CoverHolder h = _sudoku_covers.get(key)
    if h is not None:
        return h
    cdef const Geometry *g = geometry_for(r, c)
    cdef int n = g.n, nn = n * n, cell, v, row, col, k, rc
    cdef int nrows = nn * n
    cdef EngineOptions defaults
    engine_options_default(&defaults)
    cdef int32_t *offsets = <int32_t *>malloc((nrows + 1) * sizeof(int32_t))
    cdef int32_t *cols = <int32_t *>malloc(4 * <size_t>nrows * sizeof(int32_t))
    if offsets == NULL or cols == NULL:
        free(offsets)
        free(cols)
        raise MemoryError()
    for cell in range(nn):
        row = cell // n
        col = cell % n
        for v in range(n):
            k = cell * n + v
            offsets[k] = 4 * k
            cols[4 * k] = cell
            cols[4 * k + 1] = nn + row * n + v
            cols[4 * k + 2] = 2 * nn + col * n + v
            cols[4 * k + 3] = 3 * nn + box_of(r, c, row, col) * n + v
    offsets[nrows] = 4 * nrows
    h = _CoverHolder()
    h.x.run.phase = PHASE_DONE
    h.b.run.phase = PHASE_DONE
    with nogil:
        if bitset:
            rc = bx_build(&h.b, 4 * nn, NULL, nrows, offsets, cols)
        else:
            rc = xc_build(&h.x, 4 * nn, NULL, nrows, offsets, cols, &defaults)
    free(offsets)
    free(cols)
    if rc < 0:
        raise MemoryError()
    # The build ran without the GIL: another thread may have built and stored one since.
    # Keep the first stored (a thread may be searching on it already); ours is dropped.
    return _sudoku_covers.setdefault(key, h)


cdef int dlx_sudoku_init(EngineState *s, const Sudoku *p, const uint8_t *values,
                         const EngineOptions *o) noexcept nogil:
    """Engine "dlx" on a Sudoku: copy the empty matrix (with the options' tuning), select
    the givens.  1, 0 if the givens clash (no solution), -1 out of memory."""
    cdef ExactCover *x = &s.dlx
    cdef int cell, n = p.g.n
    if xc_copy(x, p.cover) < 0:
        return -1
    x.run.node_limit = o.node_limit
    x.track = x.nprimary > o.track_over
    if x.tree == NULL and x.nprimary > o.tree_over:
        if xc_tree_alloc(x) < 0:
            return -1
        xc_tree_build(x)
    for cell in range(p.g.ncells):
        if values[cell]:
            if xc_select(x, cell * n + values[cell] - 1) != 0:
                x.run.phase = PHASE_DONE
                return 0
    if n >= o.strong_over and xc_strong(x, o.probe_fails) < 0:
        return -1
    return 1


cdef int bitset_sudoku_init(EngineState *s, const Sudoku *p, const uint8_t *values,
                            const EngineOptions *o) noexcept nogil:
    """Engine "bitset" on a Sudoku, as dlx_sudoku_init."""
    cdef BitCover *b = &s.bitset
    cdef int cell, n = p.g.n, rc
    if bx_copy(b, p.bits) < 0:
        return -1
    b.run.node_limit = o.node_limit
    for cell in range(p.g.ncells):
        if values[cell]:
            rc = bx_select(b, cell * n + values[cell] - 1)
            if rc < 0:
                return -1
            if rc:
                return 0
    return 1


cdef inline void cover_rows_to_values(const int32_t *rows, int count, int n,
                                      uint8_t *out) noexcept nogil:
    """A Sudoku cover's rows (cell * n + value - 1) as the values of its cells."""
    cdef int k
    for k in range(count):
        out[rows[k] // n] = <uint8_t>(rows[k] % n + 1)


cdef void dlx_sudoku_solution(const EngineState *s, const Sudoku *p,
                              uint8_t *out) noexcept nogil:
    cdef const ExactCover *x = &s.dlx
    cdef int k, id, n = p.g.n
    for k in range(x.run.depth):
        id = x.ROW[x.choice[k]]
        out[id // n] = <uint8_t>(id % n + 1)


cdef void bitset_sudoku_solution(const EngineState *s, const Sudoku *p,
                                 uint8_t *out) noexcept nogil:
    cover_rows_to_values(s.bitset.chosen, s.bitset.run.depth, p.g.n, out)
