# Part of fastsudoku._core, included by _core.pyx:
# tables and bit helpers; geometry of each box shape.

# ============================================================================================
# Tables and bit helpers
# ============================================================================================
#
# POPCOUNT16[m]      number of set bits of a 16-bit mask; a 64-bit mask is four look-ups.
# DEBRUIJN_INDEX[k]  index of the single set bit b, with k = (b * DEBRUIJN) >> 58: the
#                    de Bruijn sequence makes the top six bits of the product distinct for
#                    each of the 64 powers of two.  One multiply and one look-up, no
#                    compiler intrinsics, so it is the same on gcc, clang and MSVC.

cdef uint8_t POPCOUNT16[65536]
cdef uint8_t DEBRUIJN_INDEX[64]
cdef uint64_t DEBRUIJN = 0x03F79D71B4CB0A89ULL


cdef void _fill_tables() noexcept:
    cdef int m, k
    POPCOUNT16[0] = 0
    for m in range(1, 65536):
        POPCOUNT16[m] = POPCOUNT16[m >> 1] + (m & 1)
    for k in range(64):
        DEBRUIJN_INDEX[((<uint64_t>1 << k) * DEBRUIJN) >> 58] = k


_fill_tables()


cdef inline int popcount(uint64_t mask) noexcept nogil:
    if mask < 0x10000:
        return POPCOUNT16[mask]
    return (POPCOUNT16[mask & 0xFFFF] + POPCOUNT16[(mask >> 16) & 0xFFFF]
            + POPCOUNT16[(mask >> 32) & 0xFFFF] + POPCOUNT16[mask >> 48])


cdef inline uint64_t lowest_bit(uint64_t nonzero_mask) noexcept nogil:
    return nonzero_mask & (~nonzero_mask + 1)


cdef inline uint64_t clear_lowest_bit(uint64_t mask) noexcept nogil:
    return mask & (mask - 1)


cdef inline bint has_one_bit(uint64_t nonzero_mask) noexcept nogil:
    return (nonzero_mask & (nonzero_mask - 1)) == 0


cdef inline int bit_index(uint64_t single_bit_mask) noexcept nogil:
    return DEBRUIJN_INDEX[(single_bit_mask * DEBRUIJN) >> 58]


cdef inline uint64_t value_bit(int value) noexcept nogil:
    """The mask bit of value 1..64."""
    return (<uint64_t>1) << (value - 1)


def _table_popcount(uint64_t mask):
    """popcount() as seen from Python (for the exhaustive table tests)."""
    return popcount(mask)


def _table_bit_index(uint64_t single_bit_mask):
    """bit_index() as seen from Python (for the exhaustive table tests)."""
    return bit_index(single_bit_mask)


def _table_lowest_bit(uint64_t nonzero_mask):
    return lowest_bit(nonzero_mask)


# ============================================================================================
# Geometry: the cells of each unit and the peers of each cell, cached per box shape
# ============================================================================================
#
#   cell = row * n + col;  box of (row, col) = (row // r) * r + col // c   (r box-rows... see below)
#
#   A box has r rows and c columns, so the grid has n / r = c bands of boxes and
#   n / c = r stacks:  box index = (row // r) * r + (col // c).

cdef dict _geometries = {}


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
    key = (r, c)
    h = _geometries.get(key)
    if h is not None:
        return &h.g
    if r < 1 or c < 1 or r * c > MAX_SIDE:
        raise ValueError(f"box ({r}, {c}) is outside the bitmask engine (side 1..{MAX_SIDE})")
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
    _geometries[key] = h
    return g


def _geometry_units(int r, int c):
    """The unit lists of a geometry, as Python lists (for tests)."""
    cdef const Geometry *g = geometry_for(r, c)
    return [[g.units[u * g.n + k] for k in range(g.n)] for u in range(g.nunits)]


def _geometry_peers(int r, int c):
    cdef const Geometry *g = geometry_for(r, c)
    return [[g.peers[cell * g.npeers + k] for k in range(g.npeers)] for cell in range(g.ncells)]
