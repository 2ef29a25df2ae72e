# Part of fastsudoku._core, included by _core.pyx (after the bit helpers):
# the geometry of each box shape -- units, peers -- and the check for repeated givens.

# ============================================================================================
# Geometry: the cells of each unit and the peers of each cell, cached per box shape
# ============================================================================================
#
#   cell = row * n + col;  box of (row, col) = (row // r) * r + col // c   (r box-rows... see below)
#
#   A box has r rows and c columns, so the grid has n / r = c bands of boxes and
#   n / c = r stacks:  box index = (row // r) * r + (col // c).

cdef dict _geometries = {}
# The same, by shape, for the lookup on every call (no tuple, no dict): filled as the
# geometries are built, never changed after (a cache of read-only tables, not a setting).
# Read and written through an acquire load and a release store: on a free-threaded
# Python a thread that sees the pointer sees the tables it points at, built by another.
cdef const Geometry *_geometry_by_shape[MAX_SIDE + 1][MAX_SIDE + 1]


cdef extern from *:
    """
    /* A pointer published by one thread and read by others without a lock: the store
       releases what was written before it, the load acquires it (MSVC, x64 only here:
       aligned pointer accesses are atomic and volatile ones ordered so, /volatile:ms). */
    #if defined(__GNUC__) || defined(__clang__)
    static inline const void *fs_load_acquire(const void *const *p) {
        return __atomic_load_n(p, __ATOMIC_ACQUIRE);
    }
    static inline void fs_store_release(const void **p, const void *v) {
        __atomic_store_n(p, v, __ATOMIC_RELEASE);
    }
    #else
    static __inline const void *fs_load_acquire(const void *const *p) {
        return *(const void *const volatile *)p;
    }
    static __inline void fs_store_release(const void **p, const void *v) {
        *(const void *volatile *)p = v;
    }
    #endif
    """
    const void *fs_load_acquire(const void * const *p) noexcept nogil
    void fs_store_release(const void **p, const void *v) noexcept nogil


cdef class _GeometryHolder:
    cdef Geometry g

    def __dealloc__(self):
        free(self.g.peers)
        free(self.g.units)
        free(self.g.cell_units)
        free(self.g.cell_unit_list)


cdef inline int box_of(int r, int c, int row, int col) noexcept nogil:
    return (row // r) * r + (col // c)


cdef const Geometry *geometry_for(int r, int c) except NULL:
    """The cached geometry of box shape (r, c); built on first use (needs the GIL)."""
    cdef _GeometryHolder h
    if r < 1 or c < 1 or r * c > MAX_SIDE:
        raise ValueError(f"box ({r}, {c}) is outside the bitmask engine (side 1..{MAX_SIDE})")
    cdef const Geometry *known = <const Geometry *>fs_load_acquire(
        <const void * const *>&_geometry_by_shape[r][c])
    if known != NULL:
        return known
    key = (r, c)
    h = _GeometryHolder()
    cdef Geometry *g = &h.g
    cdef int n = r * c, row, col, k, cell, other, count
    g.r = r
    g.c = c
    g.n = n
    g.ncells = n * n
    g.nunits = 3 * n
    g.full = (<uint64_t>0xFFFFFFFFFFFFFFFFULL) >> (64 - n)
    g.npeers = 2 * (n - 1) + (r - 1) * (c - 1)
    g.nwords = (g.nunits + 63) // 64
    g.units = <uint16_t *>malloc(g.nunits * n * sizeof(uint16_t))
    g.cell_units = <uint64_t *>calloc(g.ncells * g.nwords, sizeof(uint64_t))
    g.cell_unit_list = <uint16_t *>malloc(g.ncells * 3 * sizeof(uint16_t))
    g.peers = <uint16_t *>malloc(max(1, g.ncells * g.npeers) * sizeof(uint16_t))
    if g.units == NULL or g.peers == NULL or g.cell_units == NULL or g.cell_unit_list == NULL:
        raise MemoryError()
    cdef int *fill = <int *>calloc(g.nunits, sizeof(int))
    if fill == NULL:
        raise MemoryError()
    for row in range(n):
        for col in range(n):
            cell = row * n + col
            g.units[row * n + fill[row]] = cell
            fill[row] += 1
            g.units[(n + col) * n + fill[n + col]] = cell
            fill[n + col] += 1
            k = 2 * n + box_of(r, c, row, col)
            g.units[k * n + fill[k]] = cell
            fill[k] += 1
            g.cell_unit_list[3 * cell] = row
            g.cell_unit_list[3 * cell + 1] = n + col
            g.cell_unit_list[3 * cell + 2] = 2 * n + box_of(r, c, row, col)
            for k in (row, n + col, 2 * n + box_of(r, c, row, col)):
                g.cell_units[cell * g.nwords + k // 64] |= (<uint64_t>1) << (k % 64)
    free(fill)
    for cell in range(g.ncells):
        row = cell // n
        col = cell % n
        count = 0
        for other in range(g.ncells):
            if other != cell and (other // n == row or other % n == col
                                  or box_of(r, c, other // n, other % n) == box_of(r, c, row, col)):
                g.peers[cell * g.npeers + count] = other
                count += 1
        assert count == g.npeers
    # Another thread may have built the same shape meanwhile (a free-threaded Python runs
    # them at once): the first stored is kept, and every caller gets that one -- a holder
    # replaced in the dict would free tables a search is using.
    h = _geometries.setdefault(key, h)
    fs_store_release(<const void **>&_geometry_by_shape[r][c], &h.g)
    return &h.g


def _geometry_units(int r, int c):
    """The unit lists of a geometry, as Python lists (for tests)."""
    cdef const Geometry *g = geometry_for(r, c)
    return [[g.units[u * g.n + k] for k in range(g.n)] for u in range(g.nunits)]


def _geometry_peers(int r, int c):
    cdef const Geometry *g = geometry_for(r, c)
    return [[g.peers[cell * g.npeers + k] for k in range(g.npeers)] for cell in range(g.ncells)]


cdef int find_conflict(const Geometry *g, const uint8_t *values, int *where) noexcept nogil:
    """-1 if no value repeats in a unit; else the unit, with where[0:3] = value, cell, cell."""
    cdef int u, k, j, v, n = g.n
    cdef uint64_t seen
    for u in range(g.nunits):
        seen = 0
        for k in range(n):
            v = values[g.units[u * n + k]]
            if v:
                if seen & value_bit(v):
                    for j in range(k):
                        if values[g.units[u * n + j]] == v:
                            where[0] = v
                            where[1] = g.units[u * n + j]
                            where[2] = g.units[u * n + k]
                            return u
                seen |= value_bit(v)
    return -1
