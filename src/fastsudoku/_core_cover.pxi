# Part of fastsudoku._core, included by _core.pyx:
# Sudoku as exact cover, and the exact-cover API's search object.

# --------------------------------------------------------------------------------------------
# Sudoku as exact cover: row cell*n + (v-1) places v in the cell; its four columns say that
# the cell is filled and that v is in the cell's row, column and box:
#     cell            0 .. n*n-1
#     row, value      n*n   + row*n + v-1
#     column, value   2*n*n + col*n + v-1
#     box, value      3*n*n + box*n + v-1
# The empty matrix is built once per box shape and copied for each puzzle; the givens are
# then selected (covered) before the search.
# --------------------------------------------------------------------------------------------

cdef class _CoverHolder:
    cdef ExactCover x

    def __dealloc__(self):
        xc_free(&self.x)


cdef dict _sudoku_covers = {}


cdef const ExactCover *sudoku_cover(int r, int c) except NULL:
    key = (r, c)
    cdef _CoverHolder h = _sudoku_covers.get(key)
    if h is not None:
        return &h.x
    cdef const Geometry *g = geometry_for(r, c)
    cdef int n = g.n, nn = n * n, cell, v, row, col, k, rc
    cdef int nrows = nn * n
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
    with nogil:
        rc = xc_build(&h.x, 4 * nn, NULL, nrows, offsets, cols)
    free(offsets)
    free(cols)
    if rc < 0:
        raise MemoryError()
    # The build ran without the GIL: another thread may have built and stored one since.
    # Keep the first stored (a thread may be searching on it already); ours is dropped.
    h = _sudoku_covers.setdefault(key, h)
    return &h.x


cdef int dlx_sudoku_init(ExactCover *x, const ExactCover *template, const Geometry *g,
                         const uint8_t *values) noexcept nogil:
    """Copy the empty matrix and select the givens.  0, or -1 out of memory; clashing
    givens leave a finished search with no solution."""
    cdef int cell, n = g.n
    if xc_copy(x, template) < 0:
        return -1
    for cell in range(g.ncells):
        if values[cell]:
            if xc_select(x, cell * n + values[cell] - 1) != 0:
                x.phase = XC_DONE
                break
    return 0


cdef void dlx_sudoku_solution(const ExactCover *x, int n, uint8_t *out) noexcept nogil:
    cdef int k, id
    for k in range(x.depth):
        id = x.ROW[x.choice[k]]
        out[id // n] = <uint8_t>(id % n + 1)


cdef class DlxSolver:
    """The Sudoku search of Solver, on dancing links: same methods and results."""
    cdef ExactCover x
    cdef const Geometry *g

    def __cinit__(self, bytes values, int r, int c, long long node_limit=-1):
        self.g = geometry_for(r, c)
        cdef const uint8_t *p = _checked_values(values, self.g)
        cdef const ExactCover *template = sudoku_cover(r, c)
        cdef int rc
        with nogil:
            rc = dlx_sudoku_init(&self.x, template, self.g, p)
        if rc < 0:
            xc_free(&self.x)
            raise MemoryError()
        self.x.node_limit = node_limit

    def __dealloc__(self):
        xc_free(&self.x)

    @property
    def guesses(self):
        """Rows tried in columns that had two or more rows left."""
        return self.x.guesses

    @property
    def node_limit(self):
        return self.x.node_limit

    @node_limit.setter
    def node_limit(self, long long value):
        self.x.node_limit = value

    def next_solution(self):
        """(status, solution bytes or None), as Solver.next_solution."""
        cdef int status
        with nogil:
            status = xc_next(&self.x)
        if _failed(status):
            xc_free(&self.x)
        if status != SEARCH_FOUND:
            return _status_name(status, False), None
        out = PyBytes_FromStringAndSize(NULL, self.g.ncells)
        dlx_sudoku_solution(&self.x, self.g.n, <uint8_t *>PyBytes_AS_STRING(out))
        return "found", out


cdef int run_dlx(const Geometry *g, const ExactCover *template, const uint8_t *values,
                 long long limit, long long node_limit, uint8_t *first, long long *found,
                 long long *guesses) noexcept nogil:
    """run_search on dancing links (template: sudoku_cover of g's box shape)."""
    cdef ExactCover x
    cdef int status = SEARCH_EXHAUSTED
    found[0] = 0
    cdef int rc = dlx_sudoku_init(&x, template, g, values)
    x.node_limit = node_limit
    if rc == 0:
        while limit < 0 or found[0] < limit:
            status = xc_next(&x)
            if status != SEARCH_FOUND:
                break
            if found[0] == 0 and first != NULL:
                dlx_sudoku_solution(&x, g.n, first)
            found[0] += 1
    guesses[0] = x.guesses
    xc_free(&x)
    return SEARCH_NOMEM if rc < 0 else status


def dlx_search(bytes values, int r, int c, long long limit=1, long long node_limit=-1):
    """search() on dancing links: (found up to limit, first solution or None, guesses,
    status)."""
    cdef const Geometry *g = geometry_for(r, c)
    cdef const uint8_t *p = _checked_values(values, g)
    cdef const ExactCover *template = sudoku_cover(r, c)
    cdef bytes first = PyBytes_FromStringAndSize(NULL, g.ncells)
    cdef uint8_t *out = <uint8_t *>PyBytes_AS_STRING(first)
    cdef long long found = 0, guesses = 0
    cdef int status
    with nogil:
        status = run_dlx(g, template, p, limit, node_limit, out, &found, &guesses)
    if status == SEARCH_NOMEM:
        raise MemoryError()
    return found, (first if found else None), guesses, _status_name(status, True)


# --------------------------------------------------------------------------------------------
# The general exact-cover search, for fastsudoku.exact_cover and friends.
# --------------------------------------------------------------------------------------------

cdef class ExactCoverSearch:
    """A resumable search over the exact covers of a 0/1 matrix in CSR form.

    offsets: int32 array of nrows + 1 entries; cols: int32 array of column indices
    (row k's columns are cols[offsets[k]:offsets[k+1]]); secondary: ncols bytes, nonzero
    for a column that may be covered at most once.  engine: "dlx" (dancing links) or
    "bitset" (Algorithm X on row bitsets: the same tree, faster on small matrices).
    Validation is the caller's job except for column ranges.
    """
    cdef ExactCover x
    cdef BitCover b
    cdef bint bitset
    cdef int32_t *rows_out

    def __cinit__(self, int ncols, const int32_t[::1] offsets, const int32_t[::1] cols,
                  bytes secondary, long long node_limit=-1, str engine="dlx"):
        cdef int nrows = offsets.shape[0] - 1
        cdef int rc
        cdef const uint8_t *sec = NULL
        self.x.phase = XC_DONE
        self.b.phase = XC_DONE
        if engine not in ("dlx", "bitset"):
            raise ValueError(f"engine must be 'dlx' or 'bitset', got {engine!r}")
        self.bitset = engine == "bitset"
        if nrows < 0 or ncols < 0:
            raise ValueError("offsets must hold nrows + 1 entries")
        if offsets[nrows] != cols.shape[0] or offsets[0] != 0:
            raise ValueError("offsets do not match cols")
        if secondary is not None:
            if PyBytes_GET_SIZE(secondary) != ncols:
                raise ValueError("secondary must hold one byte a column")
            sec = <const uint8_t *>PyBytes_AS_STRING(secondary)
        cdef const int32_t *pcols = &cols[0] if cols.shape[0] else NULL
        with nogil:
            if self.bitset:
                rc = bx_build(&self.b, ncols, sec, nrows, &offsets[0], pcols)
            else:
                rc = xc_build(&self.x, ncols, sec, nrows, &offsets[0], pcols)
        if rc == -2:
            raise ValueError("a column index is out of range")
        if rc < 0:
            raise MemoryError()
        self.rows_out = <int32_t *>malloc((ncols + 2) * sizeof(int32_t))
        if self.rows_out == NULL:
            raise MemoryError()
        self.x.node_limit = node_limit
        self.b.node_limit = node_limit

    def __dealloc__(self):
        xc_free(&self.x)
        bx_free(&self.b)
        free(self.rows_out)

    @property
    def engine(self):
        return "bitset" if self.bitset else "dlx"

    @property
    def nodes(self):
        """Rows tried so far, forced or not."""
        return self.b.nodes if self.bitset else self.x.nodes

    @property
    def guesses(self):
        """Rows tried in columns that had two or more rows left."""
        return self.b.guesses if self.bitset else self.x.guesses

    @property
    def node_limit(self):
        return self.x.node_limit

    @node_limit.setter
    def node_limit(self, long long value):
        self.x.node_limit = value
        self.b.node_limit = value

    cdef inline int step(self) noexcept nogil:
        if self.bitset:
            return bx_next(&self.b)
        return xc_next(&self.x)

    cdef void release(self) noexcept nogil:
        xc_free(&self.x)
        bx_free(&self.b)

    def next_solution(self):
        """(status, sorted list of row indices or None)."""
        cdef int status, count
        with nogil:
            status = self.step()
        if _failed(status):
            self.release()
        if status != SEARCH_FOUND:
            return _status_name(status, False), None
        if self.bitset:
            count = bx_solution(&self.b, self.rows_out)
        else:
            count = xc_solution(&self.x, self.rows_out)
        return "found", sorted([self.rows_out[k] for k in range(count)])

    def count(self, long long limit=-1):
        """(covers found up to limit (< 0: all), status); the search runs without the GIL."""
        cdef long long found = 0
        cdef int status = SEARCH_EXHAUSTED
        with nogil:
            while limit < 0 or found < limit:
                status = self.step()
                if status != SEARCH_FOUND:
                    break
                found += 1
        if _failed(status):
            self.release()
        return found, _status_name(status, True)
