# The compiled hot path of fastsudoku.
#
# Everything that loops over cells lives here, in C-level Cython with the GIL released.
# The Python layer (_grid.py, _api.py) turns user input into a `bytes` of cell values
# (0 = empty, 1..n) and a box shape, calls one function of this module, and turns the
# result back into the user's form.  See _core.pxd for the data layout.

from cpython.bytes cimport PyBytes_FromStringAndSize, PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.exc cimport PyErr_Occurred
from cpython.unicode cimport PyUnicode_FromKindAndData, PyUnicode_1BYTE_KIND
from libc.stdint cimport uint64_t, uint32_t, uint16_t, uint8_t, int64_t, int32_t, int8_t
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memcpy, memset

cdef extern from "Python.h":
    # Declared without an exception clause on purpose: on failure the handler's exception
    # (KeyboardInterrupt) stays set, the search unwinds and frees, and the caller re-raises.
    int PyErr_CheckSignals()
    Py_ssize_t PyUnicode_GET_LENGTH(object)
    int PyUnicode_KIND(object)
    void *PyUnicode_DATA(object)
    Py_UCS4 PyUnicode_READ(int kind, void *data, Py_ssize_t index)


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


# ============================================================================================
# Bitmask search
# ============================================================================================

# Locked candidates (box-line reduction) cost about as much as a round of hidden singles.
# Measured with callgrind on the shared sets: applied to the givens they cut the guesses
# on puzzles3_magictour_top1465 by 2.4x and the instructions by 1.5x; applied deeper in
# the tree they cost more than the guesses they save (puzzles6_forum_hardest_1106: +20%
# instructions when applied at every level).  So: at levels < LOCKED_DEPTH (root only).
cdef bint LOCKED_DEFAULT = 1
cdef int LOCKED_DEPTH = 0


def _set_locked(bint on, int depth=0):
    """Tuning hook for benchmarks: locked candidates on/off, and the deepest level using them."""
    global LOCKED_DEFAULT, LOCKED_DEPTH
    LOCKED_DEFAULT = on
    LOCKED_DEPTH = depth


cdef enum:
    PHASE_DESCEND = 0        # the top level is consistent: choose a cell and branch
    PHASE_NEXT = 1           # try the next value of the top level's branch cell
    PHASE_BACKTRACK = 2      # the top level is finished: drop it
    PHASE_DONE = 3
    SIGNAL_INTERVAL = 4096   # guesses between two checks for Ctrl-C


cdef inline int eliminate(const Geometry *g, uint64_t *cand, int cell, uint64_t bits,
                          Work *work, const int nwords) noexcept nogil:
    """Clear bits from a cell: 0 on a contradiction (no candidate left), else 1.

    A change marks the cell's units dirty; a cell left with one candidate is queued.
    """
    cdef uint64_t m = cand[cell]
    cdef const uint64_t *touch
    cdef int w
    if m & bits:
        m &= ~bits
        if m == 0:
            return 0
        cand[cell] = m
        touch = g.cell_units + cell * nwords
        for w in range(nwords):
            work.dirty[w] |= touch[w]
        if has_one_bit(m):
            work.naked[work.nnaked] = cell
            work.nnaked += 1
    return 1


cdef inline bint singles_shape(const Geometry *g, uint64_t *cand, Work *work, const int n,
                               const int npeers, const int nwords) noexcept nogil:
    """Place every forced value; False on a contradiction.

    work.naked holds cells whose mask has one bit and whose peers still need that bit
    cleared; work.dirty the units whose cells changed since they were last looked at.
    Naked singles: clearing a bit that leaves one candidate queues the cell.  Hidden
    singles: in each dirty unit, a value in exactly one unplaced cell is placed there.
    A cell with no candidate, or a unit where some value has no cell, is a contradiction.

    n, npeers and nwords repeat g's fields so that a caller passing constants (the 9x9
    path) gets a copy compiled for that shape.
    """
    cdef int w, k, u, cell
    cdef uint64_t bit, m, once, twice, hidden, full = g.full
    cdef const uint16_t *peer
    cdef const uint16_t *unit
    cdef const uint64_t *touch
    cdef uint64_t *placed_in = cand + g.ncells
    cdef const uint16_t *unit_of
    while True:
        while work.nnaked:
            work.nnaked -= 1
            cell = work.naked[work.nnaked]
            bit = cand[cell]
            unit_of = g.cell_unit_list + 3 * cell
            placed_in[unit_of[0]] |= bit
            placed_in[unit_of[1]] |= bit
            placed_in[unit_of[2]] |= bit
            peer = g.peers + cell * npeers
            for k in range(npeers):
                if cand[peer[k]] & bit:
                    if not eliminate(g, cand, peer[k], bit, work, nwords):
                        return False
        for w in range(nwords):
            if work.dirty[w]:
                break
        else:
            return True
        bit = lowest_bit(work.dirty[w])
        work.dirty[w] ^= bit
        u = w * 64 + bit_index(bit)
        unit = g.units + u * n
        once = 0
        twice = 0
        for k in range(n):
            m = cand[unit[k]]
            twice |= once & m
            once |= m
        if once != full:
            return False
        hidden = once & ~(twice | placed_in[u])
        while hidden:
            bit = lowest_bit(hidden)
            hidden ^= bit
            for k in range(n):
                cell = unit[k]
                if cand[cell] & bit:
                    cand[cell] = bit
                    touch = g.cell_units + cell * nwords
                    for w in range(nwords):
                        work.dirty[w] |= touch[w]
                    work.naked[work.nnaked] = cell
                    work.nnaked += 1
                    break


cdef inline int locked_shape(const Geometry *g, uint64_t *cand, Work *work, uint64_t *seg,
                             const int n, const int r, const int c,
                             const int nwords) noexcept nogil:
    """Locked candidates (pointing and claiming) on every box-line intersection.

    A segment is the part of a line inside a box.  A value of a segment that the rest of
    the box lacks must be in the segment, so it leaves the rest of the line (pointing); a
    value the rest of the line lacks leaves the rest of the box (claiming).
    Returns -1 on a contradiction, 1 if some candidate was removed, 0 otherwise.

        row segments:    seg[row * r + stack]   the c cells of `row` in stack `stack`
        column segments: seg[col * c + band]    the r cells of `col` in band `band`
    """
    cdef int row, col, stack, band, k, t, changed = 0
    cdef uint64_t m, line_rest, box_rest, point, claim
    # Rows: the grid has r stacks of c columns, each box spans r rows.
    for row in range(n):
        for stack in range(r):
            m = 0
            for k in range(c):
                m |= cand[row * n + stack * c + k]
            seg[row * r + stack] = m
    for row in range(n):
        band = row // r
        for stack in range(r):
            line_rest = 0
            for k in range(r):
                if k != stack:
                    line_rest |= seg[row * r + k]
            box_rest = 0
            for t in range(band * r, band * r + r):
                if t != row:
                    box_rest |= seg[t * r + stack]
            m = seg[row * r + stack]
            point = m & ~box_rest & line_rest
            claim = m & ~line_rest & box_rest
            if point:
                changed = 1
                for col in range(n):
                    if col // c != stack:
                        if not eliminate(g, cand, row * n + col, point, work, nwords):
                            return -1
            if claim:
                changed = 1
                for t in range(band * r, band * r + r):
                    if t != row:
                        for k in range(c):
                            if not eliminate(g, cand, t * n + stack * c + k, claim, work, nwords):
                                return -1
    # Columns: c bands of r rows, each box spans c columns.
    for col in range(n):
        for band in range(c):
            m = 0
            for k in range(r):
                m |= cand[(band * r + k) * n + col]
            seg[col * c + band] = m
    for col in range(n):
        stack = col // c
        for band in range(c):
            line_rest = 0
            for k in range(c):
                if k != band:
                    line_rest |= seg[col * c + k]
            box_rest = 0
            for t in range(stack * c, stack * c + c):
                if t != col:
                    box_rest |= seg[t * c + band]
            m = seg[col * c + band]
            point = m & ~box_rest & line_rest
            claim = m & ~line_rest & box_rest
            if point:
                changed = 1
                for row in range(n):
                    if row // r != band:
                        if not eliminate(g, cand, row * n + col, point, work, nwords):
                            return -1
            if claim:
                changed = 1
                for t in range(stack * c, stack * c + c):
                    if t != col:
                        for k in range(r):
                            if not eliminate(g, cand, (band * r + k) * n + t, claim, work, nwords):
                                return -1
    return changed


cdef inline bint propagate_shape(const Geometry *g, uint64_t *cand, Work *work, uint64_t *seg,
                                 bint locked, const int n, const int r, const int c,
                                 const int npeers, const int nwords) noexcept nogil:
    cdef int rc
    while True:
        if not singles_shape(g, cand, work, n, npeers, nwords):
            return False
        if not locked:
            return True
        rc = locked_shape(g, cand, work, seg, n, r, c, nwords)
        if rc < 0:
            return False
        if rc == 0:
            return True


cdef bint propagate(const Geometry *g, uint64_t *cand, Work *work, uint64_t *seg,
                    bint locked) noexcept nogil:
    """Propagate a level to its fixed point; False on a contradiction.

    `work` holds what the eliminations that made this level found (naked singles, dirty
    units); it is empty when this returns True and is reset by the caller otherwise.
    """
    if g.n == 9 and g.r == 3:
        return propagate_shape(g, cand, work, seg, locked, 9, 3, 3, 20, 1)
    return propagate_shape(g, cand, work, seg, locked, g.n, g.r, g.c, g.npeers, g.nwords)


cdef enum:
    TIE_LIMIT = 8         # tied cells scored by choose_cell_shape


cdef inline int choose_cell_shape(const Geometry *g, const uint64_t *cand, uint16_t *ties,
                                  const int ncells, const int npeers, const int tie_limit) noexcept nogil:
    """The cell to branch on, or -1 if every cell is placed.

    Fewest candidates first (MRV).  Among the first TIE_LIMIT cells that tie, the one whose
    guess bites hardest: score = sum over its peers of 4 * (peer unplaced) + (candidates
    the peer shares with it).  ties is scratch for TIE_LIMIT cells.

    Measured on puzzles6_forum_hardest_1106 (guesses a puzzle, first solution / limit 2):
    first MRV cell 316 / 732; most unplaced peers 168 / 379; this score 175 / 336, the
    lowest uniqueness-check cost, and with TIE_LIMIT 8 the fewest instructions a puzzle
    (callgrind: 0.88M first, 1.66M unique against 0.83M / 1.72M for unplaced peers).
    """
    cdef int cell, k, j, count, best_count = 65, nties = 0, score, best_score = -1, best = -1
    cdef uint64_t m, p
    cdef const uint16_t *peer
    for cell in range(ncells):
        m = cand[cell]
        if not has_one_bit(m):
            count = popcount(m)
            if count < best_count:
                best_count = count
                ties[0] = cell
                nties = 1
            elif count == best_count and nties < tie_limit:
                ties[nties] = cell
                nties += 1
            else:
                continue
            # Propagation leaves no cell with 0 or 1 candidates: 2 cannot be beaten.
            if count == 2 and nties == tie_limit:
                break
    if nties <= 1:
        return ties[0] if nties else -1
    for k in range(nties):
        cell = ties[k]
        m = cand[cell]
        peer = g.peers + cell * npeers
        score = 0
        for j in range(npeers):
            p = cand[peer[j]]
            score += 4 * (not has_one_bit(p)) + popcount(p & m)
        if score > best_score:
            best_score = score
            best = cell
    return best


cdef int choose_cell(const Geometry *g, const uint64_t *cand, uint16_t *ties) noexcept nogil:
    if g.n == 9 and g.r == 3:
        return choose_cell_shape(g, cand, ties, 81, 20, TIE_LIMIT)
    # Above 16x16 the tie-break sends the search of near-empty grids into long detours
    # (an empty 42x42 grid: over 2M guesses against 1,515 for the first MRV cell).
    return choose_cell_shape(g, cand, ties, g.ncells, g.npeers, TIE_LIMIT if g.n <= 16 else 1)


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


cdef inline bint regrow(void **p, size_t size) noexcept nogil:
    """realloc *p to size bytes; False out of memory (*p is then unchanged)."""
    cdef void *q = realloc(p[0], size)
    if q == NULL:
        return False
    p[0] = q
    return True


cdef int search_grow(Search *s) noexcept nogil:
    """Make room for one more level; 0 on success, -1 out of memory."""
    cdef int capacity = s.capacity * 2
    if not (regrow(<void **>&s.states, <size_t>capacity * s.level_words * sizeof(uint64_t))
            and regrow(<void **>&s.branch_cell, capacity * sizeof(int))
            and regrow(<void **>&s.branch_rest, capacity * sizeof(uint64_t))):
        return -1
    s.capacity = capacity
    return 0


cdef inline void clear_work(Search *s) noexcept nogil:
    s.work.nnaked = 0
    s.work.dirty[0] = 0
    s.work.dirty[1] = 0
    s.work.dirty[2] = 0


cdef int search_init(Search *s, const Geometry *g, const uint8_t *values) noexcept nogil:
    """Set up a search of the puzzle `values` (0 empty, 1..n); the givens must not conflict.

    Returns 1 if the search may have solutions, 0 if propagation of the givens already
    fails (the search is then exhausted), -1 out of memory.  search_free() in every case.
    """
    cdef int cell, ncells = g.ncells
    memset(s, 0, sizeof(Search))
    s.g = g
    s.node_limit = -1
    s.next_signal_check = SIGNAL_INTERVAL
    s.level_words = ncells + g.nunits
    s.capacity = 8 if ncells > 1024 else 32
    s.states = <uint64_t *>malloc(<size_t>s.capacity * s.level_words * sizeof(uint64_t))
    s.branch_cell = <int *>malloc(s.capacity * sizeof(int))
    s.branch_rest = <uint64_t *>malloc(s.capacity * sizeof(uint64_t))
    # Each cell becomes single at most once per level: the queue cannot overflow.
    s.work.naked = <uint16_t *>malloc((ncells + 1) * sizeof(uint16_t))
    s.segs = <uint64_t *>malloc(ncells * sizeof(uint64_t))
    s.ties = <uint16_t *>malloc(TIE_LIMIT * sizeof(uint16_t))
    s.locked = LOCKED_DEFAULT
    if (s.segs == NULL or s.ties == NULL or s.states == NULL or s.branch_cell == NULL or s.branch_rest == NULL
            or s.work.naked == NULL):
        s.phase = PHASE_DONE
        return -1
    cdef uint64_t *cand = s.states
    clear_work(s)
    memset(cand + ncells, 0, g.nunits * sizeof(uint64_t))
    for cell in range(ncells):
        if values[cell]:
            cand[cell] = value_bit(values[cell])
            s.work.naked[s.work.nnaked] = cell
            s.work.nnaked += 1
        else:
            cand[cell] = g.full
    for cell in range(g.nunits):
        s.work.dirty[cell // 64] |= (<uint64_t>1) << (cell % 64)
    if not propagate(g, cand, &s.work, s.segs, s.locked):
        s.phase = PHASE_DONE
        return 0
    s.phase = PHASE_DESCEND
    return 1


cdef void search_free(Search *s) noexcept nogil:
    free(s.states)
    free(s.branch_cell)
    free(s.branch_rest)
    free(s.work.naked)
    free(s.segs)
    free(s.ties)
    s.segs = NULL
    s.ties = NULL
    s.states = NULL
    s.branch_cell = NULL
    s.branch_rest = NULL
    s.work.naked = NULL
    s.phase = PHASE_DONE


cdef int check_signals() noexcept nogil:
    with gil:
        return PyErr_CheckSignals()


cdef inline int search_budget(int64_t guesses, int64_t node_limit, int64_t work,
                              int64_t *next_signal_check) noexcept nogil:
    """Every search's check before a step: SEARCH_LIMIT once `guesses` reached the node
    limit (< 0: none), SEARCH_INTERRUPTED on Ctrl-C (looked for each time `work` passes
    *next_signal_check, then SIGNAL_INTERVAL further on), else 0."""
    if node_limit >= 0 and guesses >= node_limit:
        return SEARCH_LIMIT
    if work >= next_signal_check[0]:
        next_signal_check[0] = work + SIGNAL_INTERVAL
        if check_signals() < 0:
            return SEARCH_INTERRUPTED
    return 0


cdef inline int search_guess(Search *s) noexcept nogil:
    """Before a guess: search_budget's status, else 0 and the guess is counted."""
    cdef int status = search_budget(s.guesses, s.node_limit, s.guesses, &s.next_signal_check)
    if status == 0:
        s.guesses += 1
    return status


cdef inline uint64_t *search_child(Search *s, int d, bint last) noexcept nogil:
    """The state a guess at level d works on: level d itself for its last alternative
    (nothing to come back to), else a copy of it at level d + 1; NULL out of memory.
    The levels may move: the caller reloads its pointer to level d."""
    cdef size_t words = s.level_words
    if last:
        return s.states + d * words
    if d + 1 >= s.capacity and search_grow(s) < 0:
        return NULL
    cdef uint64_t *top = s.states + d * words
    memcpy(top + words, top, words * sizeof(uint64_t))
    return top + words


cdef int search_next(Search *s) noexcept nogil:
    """Run until the next solution (SEARCH_FOUND) or the end of the tree; resumable."""
    cdef const Geometry *g = s.g
    cdef size_t words = s.level_words
    cdef int d = s.depth, cell, status
    cdef uint64_t *top
    cdef uint64_t *child
    cdef uint64_t rest, bit
    cdef int phase = s.phase
    if phase == PHASE_DONE:
        return SEARCH_EXHAUSTED
    while True:
        top = s.states + d * words
        if phase == PHASE_DESCEND:
            cell = choose_cell(g, top, s.ties)
            if cell < 0:
                s.depth = d
                s.phase = PHASE_BACKTRACK
                return SEARCH_FOUND
            s.branch_cell[d] = cell
            s.branch_rest[d] = top[cell]
        elif phase == PHASE_BACKTRACK:
            if d == 0:
                s.depth = 0
                s.phase = PHASE_DONE
                return SEARCH_EXHAUSTED
            d -= 1
            top = s.states + d * words
        # PHASE_NEXT, or fall through: try the next value of branch_cell[d]
        rest = s.branch_rest[d]
        if rest == 0:
            phase = PHASE_BACKTRACK
            continue
        status = search_guess(s)
        if status:
            s.depth = d
            # At the node limit the search can resume with a higher one.
            s.phase = PHASE_NEXT if status == SEARCH_LIMIT else PHASE_DONE
            return status
        cell = s.branch_cell[d]
        bit = lowest_bit(rest)
        rest ^= bit
        s.branch_rest[d] = rest
        clear_work(s)
        child = search_child(s, d, rest == 0)
        if child == NULL:
            s.depth = d
            s.phase = PHASE_DONE
            return SEARCH_NOMEM
        top = s.states + d * words
        if (eliminate(g, child, cell, child[cell] ^ bit, &s.work, g.nwords)
                and propagate(g, child, &s.work, s.segs, s.locked and d + 1 < LOCKED_DEPTH)):
            if child != top:
                d += 1
            phase = PHASE_DESCEND
        else:
            phase = PHASE_NEXT if child != top else PHASE_BACKTRACK


cdef void search_solution(const Search *s, uint8_t *out) noexcept nogil:
    """Write the solution found by the last SEARCH_FOUND as values 1..n."""
    search_solution_at(s.g, s.states + <size_t>s.depth * s.level_words, out)


cdef inline void search_solution_at(const Geometry *g, const uint64_t *cand,
                                    uint8_t *out) noexcept nogil:
    """Write a level whose cells are all placed as values 1..n."""
    cdef int cell
    for cell in range(g.ncells):
        out[cell] = bit_index(cand[cell]) + 1


# --------------------------------------------------------------------------------------------
# 9x9 (3x3 boxes) on digit-band bitboards: the bitmask search's engine for the classic size
# --------------------------------------------------------------------------------------------
#
# The general search keeps one candidate mask a cell.  For 9x9 it is faster to keep one
# mask a digit and band: A[3*d + b] holds the cells of band b (rows 3b..3b+2; bit 9*i + j
# for row 3b+i, column j) where digit d+1 is still possible, U[b] the cells not yet placed.
# A board is 120 bytes, copied a level.
#
# Digit d in band b must take one cell in each of the band's 3 rows, in 3 different boxes.
# Which rows still reach which boxes is a 3x3 bit matrix M (bit 3i+k: row i has a candidate
# in box k); the arrangements left are the permutations that M allows, and B9_PERM[M] is
# the union of their row-box segments.  One table look-up therefore applies, for a digit
# and band, the hidden singles of its rows and boxes and both kinds of locked candidates
# inside the band (a box whose digit is confined to one row, a row confined to one box);
# an empty result is a contradiction.  A row left with one cell places the digit there
# (B9_PEERS clears it from the cell's row, column and box in every band; the other digits
# leave the cell).  A changed digit-band is queued (a bit in `dirty`) and looked at again.
# When the queue is empty: naked singles (cells in exactly one A[3d+b], counted bit-sliced
# over the 9 digits, a band at a time); then locked candidates between bands (in a stack,
# the digit takes one column in each band, a different one in each: the same permutation
# argument on the 3x3 matrix band x column, B9_PAIRS); then hidden singles in columns.
# The search branches on an unplaced cell with the fewest candidates -- among the first
# TIE_LIMIT bivalue cells the one whose guess bites hardest, scored as choose_cell_shape
# does -- values in increasing order.
#
# Measured against the general engine on 9x9 (benchmarks/bench_batch.py, same run):
# about 2x the puzzles a second on every shared set, with fewer guesses (17-clue 0.7
# against 0.9 a puzzle, forum_hardest 136 against 179).  The work is branch-free where
# the outcome is unpredictable (which digits had a placed cell, which rows are single).

cdef enum:
    B9_FULL = (1 << 27) - 1
    B9_LEVELS = 82           # the root and at most one level a placed cell

ctypedef struct Board9:
    uint32_t A[27]
    uint32_t U[3]

ctypedef struct Search9:
    Board9 level[B9_LEVELS]
    int8_t cell[B9_LEVELS]
    uint16_t rest[B9_LEVELS]
    int depth
    int phase
    int64_t guesses
    int64_t node_limit
    int64_t next_signal_check

cdef uint8_t B9_SHRINK[512]      # bit k set <=> the 9-bit row has a candidate in box k
cdef uint32_t B9_PERM[512]
cdef uint16_t B9_ONE[512]        # r if the 9-bit row r has exactly one bit, else 0
cdef uint8_t B9_DIGIT[27]        # k // 3 and k % 3 for a digit-band k = 3 * d + b
cdef uint8_t B9_BAND[27]
cdef uint16_t B9_PAIRS[512]      # the (i, k) pairs (bit 3i+k) of M used by some permutation
cdef uint32_t B9_PEERS[81][3]    # the peers of each cell (not itself), per band
cdef uint32_t B9_COL[9]          # column j's 3 cells in a band


cdef void _fill_b9_tables() noexcept:
    cdef int r, k, m, x, y, i, p
    cdef int perms[6][3]
    cdef uint32_t allowed
    cdef bint ok
    for k in range(27):
        B9_DIGIT[k] = k // 3
        B9_BAND[k] = k % 3
    for r in range(512):
        B9_ONE[r] = r if r and not (r & (r - 1)) else 0
        B9_SHRINK[r] = 0
        for k in range(3):
            if (r >> (3 * k)) & 7:
                B9_SHRINK[r] |= 1 << k
    k = 0
    for i in range(3):
        for p in range(3):
            for m in range(3):
                if i != p and i != m and p != m:
                    perms[k][0] = i
                    perms[k][1] = p
                    perms[k][2] = m
                    k += 1
    for m in range(512):
        allowed = 0
        B9_PAIRS[m] = 0
        for p in range(6):
            ok = True
            for i in range(3):
                if not (m >> (3 * i + perms[p][i])) & 1:
                    ok = False
            if ok:
                for i in range(3):
                    allowed |= (<uint32_t>7) << (9 * i + 3 * perms[p][i])
                    B9_PAIRS[m] |= 1 << (3 * i + perms[p][i])
        B9_PERM[m] = allowed
    for x in range(81):
        B9_PEERS[x][0] = B9_PEERS[x][1] = B9_PEERS[x][2] = 0
        for y in range(81):
            if y != x and (y // 9 == x // 9 or y % 9 == x % 9
                           or (y // 27 == x // 27 and (y % 9) // 3 == (x % 9) // 3)):
                B9_PEERS[x][y // 27] |= (<uint32_t>1) << (y % 27)
    for k in range(9):
        B9_COL[k] = ((<uint32_t>1) << k) | ((<uint32_t>1) << (9 + k)) | ((<uint32_t>1) << (18 + k))


_fill_b9_tables()


cdef inline int popcount32(uint32_t m) noexcept nogil:
    return POPCOUNT16[m & 0xFFFF] + POPCOUNT16[m >> 16]


cdef inline int bit_index32(uint32_t single_bit) noexcept nogil:
    return bit_index(<uint64_t>single_bit)


cdef inline uint32_t b9_place(Board9 *s, int d, int b, uint32_t bit,
                              uint32_t dirty, const bint alone) noexcept nogil:
    """Place digit d (0..8) at the cell `bit` of band b; returns dirty with the digit-bands
    that changed added.  Branch-free: which masks change is not predictable."""
    cdef int pos = bit_index32(bit), x = 27 * b + pos
    cdef uint32_t old, m, changed, nb = ~bit
    cdef uint32_t *p = s.A + b
    cdef const uint32_t *peers
    s.U[b] &= nb
    # The digits that still had the cell (bit 3e of `changed` for digit e), then clear it
    # from all nine, and give it back to d.  Written out: a loop costs twice as much.
    if alone:
        # A naked single: no other digit has the cell.
        changed = 0
    else:
        changed = (((p[0] >> pos) & 1) | (((p[3] >> pos) & 1) << 3)
                   | (((p[6] >> pos) & 1) << 6) | (((p[9] >> pos) & 1) << 9)
                   | (((p[12] >> pos) & 1) << 12) | (((p[15] >> pos) & 1) << 15)
                   | (((p[18] >> pos) & 1) << 18) | (((p[21] >> pos) & 1) << 21)
                   | (((p[24] >> pos) & 1) << 24))
        p[0] &= nb
        p[3] &= nb
        p[6] &= nb
        p[9] &= nb
        p[12] &= nb
        p[15] &= nb
        p[18] &= nb
        p[21] &= nb
        p[24] &= nb
        p[3 * d] |= bit
        changed = (changed << b) & ~((<uint32_t>1) << (3 * d + b))
    # The digit leaves the cell's peers, in every band.
    p = s.A + 3 * d
    peers = B9_PEERS[x]
    old = p[0]
    m = old & ~peers[0]
    p[0] = m
    changed |= (<uint32_t>(m != old)) << (3 * d)
    old = p[1]
    m = old & ~peers[1]
    p[1] = m
    changed |= (<uint32_t>(m != old)) << (3 * d + 1)
    old = p[2]
    m = old & ~peers[2]
    p[2] = m
    changed |= (<uint32_t>(m != old)) << (3 * d + 2)
    return dirty | changed




cdef bint b9_propagate(Board9 *s, uint32_t dirty) noexcept nogil:
    """Place every single the rules above find; False on a contradiction."""
    cdef int k, d, b, j
    cdef uint32_t a, na, single, bit, u, once, twice, w, ns, c_once, c_twice, sole, placed
    cdef uint32_t cols[3]
    cdef uint32_t pairs[3]
    while True:
        while dirty:
            k = bit_index32(dirty & (~dirty + 1))
            dirty &= dirty - 1
            a = s.A[k]
            na = a & B9_PERM[B9_SHRINK[a & 0x1FF] | (B9_SHRINK[(a >> 9) & 0x1FF] << 3)
                             | (B9_SHRINK[a >> 18] << 6)]
            if na == 0:
                return False
            s.A[k] = na
            d = B9_DIGIT[k]
            b = B9_BAND[k]
            single = (B9_ONE[na & 0x1FF] | (<uint32_t>B9_ONE[(na >> 9) & 0x1FF] << 9)
                      | (<uint32_t>B9_ONE[na >> 18] << 18)) & s.U[b]
            while single:
                bit = single & (~single + 1)
                single ^= bit
                dirty = b9_place(s, d, b, bit, dirty, 0)
        # Naked singles.
        for b in range(3):
            u = s.U[b]
            if u == 0:
                continue
            once = 0
            twice = 0
            for d in range(9):
                w = s.A[3 * d + b]
                twice |= once & w
                once |= w
            if u & ~once:
                return False
            ns = u & ~twice
            while ns:
                bit = ns & (~ns + 1)
                ns ^= bit
                j = bit_index32(bit)
                w = 0
                for d in range(9):
                    w |= ((s.A[3 * d + b] >> j) & 1) << d
                if w == 0:
                    return False      # an earlier placement took its last candidate
                dirty = b9_place(s, bit_index32(w), b, bit, dirty, 1)
        if dirty:
            continue
        # Locked candidates across bands: in each stack, digit d takes one column in each
        # band, a different one in each; B9_PAIRS keeps the (band, column) pairs that some
        # such arrangement uses.
        for d in range(9):
            for b in range(3):
                a = s.A[3 * d + b]
                cols[b] = (a | (a >> 9) | (a >> 18)) & 0x1FF     # columns with d in band b
            for k in range(3):
                # Bit 3b+j of the stack's matrix: band b has d in the stack's column j.
                pairs[k] = B9_PAIRS[((cols[0] >> (3 * k)) & 7) | (((cols[1] >> (3 * k)) & 7) << 3)
                                    | (((cols[2] >> (3 * k)) & 7) << 6)]
                if pairs[k] == 0:
                    return False
            for b in range(3):
                # The columns band b keeps: stack k's allowed ones are bits 3b..3b+2 of pairs[k].
                w = (((pairs[0] >> (3 * b)) & 7) | (((pairs[1] >> (3 * b)) & 7) << 3)
                     | (((pairs[2] >> (3 * b)) & 7) << 6))
                w |= (w << 9) | (w << 18)
                a = s.A[3 * d + b]
                if a & ~w:
                    s.A[3 * d + b] = a & w
                    dirty |= (<uint32_t>1) << (3 * d + b)
        if dirty:
            continue
        # Hidden singles in columns.
        for d in range(9):
            c_once = 0
            c_twice = 0
            placed = 0
            for b in range(3):
                a = s.A[3 * d + b]
                placed |= a & ~s.U[b]
                for k in range(3):
                    w = (a >> (9 * k)) & 0x1FF
                    c_twice |= c_once & w
                    c_once |= w
            if c_once != 0x1FF:
                return False
            # Columns with one place left, less those where the digit is placed already.
            sole = c_once & ~c_twice & ~(placed | (placed >> 9) | (placed >> 18))
            while sole:
                bit = sole & (~sole + 1)
                sole ^= bit
                j = bit_index32(bit)
                for b in range(3):
                    w = s.A[3 * d + b] & B9_COL[j]
                    if w:
                        if w & s.U[b]:
                            dirty = b9_place(s, d, b, w, dirty, 0)
                        break
        if not dirty:
            return True


cdef int b9_choose(const Board9 *s, uint32_t *digits) noexcept nogil:
    """The unplaced cell with the fewest candidates (bivalue cells first; the first in
    reading order), -1 if every cell is placed; digits gets its candidates (bit d: d+1)."""
    cdef int b, d, n, e, x, best_b = -1, best_score, nties, score
    cdef uint32_t once, twice, thrice, w, u, pick = 0, c0, c1, c2, c3, carry, m, bit
    cdef uint32_t bivalue[3]
    cdef uint32_t cnt[3][4]
    for b in range(3):
        u = s.U[b]
        bivalue[b] = 0
        if u == 0:
            continue
        once = 0
        twice = 0
        thrice = 0
        for d in range(9):
            w = s.A[3 * d + b]
            thrice |= twice & w
            twice |= once & w
            once |= w
        bivalue[b] = twice & ~thrice & u
    best_score = -1
    nties = 0
    for b in range(3):
        w = bivalue[b]
        while w and nties < TIE_LIMIT:
            bit = w & (~w + 1)
            w ^= bit
            nties += 1
            x = 27 * b + bit_index32(bit)
            score = 0
            for e in range(3):
                score += 4 * popcount32(s.U[e] & B9_PEERS[x][e])
            for d in range(9):
                if s.A[3 * d + b] & bit:
                    for e in range(3):
                        score += popcount32(s.A[3 * d + e] & B9_PEERS[x][e])
            if score > best_score:
                best_score = score
                pick = bit
                best_b = b
    if best_b < 0:
        # No bivalue cell: count every unplaced cell's candidates (4 bit-sliced counters,
        # bit k of the count in cnt[b][k]), then take the first cell of the lowest count.
        for b in range(3):
            c0 = c1 = c2 = c3 = 0
            for d in range(9):
                w = s.A[3 * d + b]
                carry = c0 & w
                c0 ^= w
                w = c1 & carry
                c1 ^= carry
                carry = c2 & w
                c2 ^= w
                c3 |= carry
            cnt[b][0] = c0
            cnt[b][1] = c1
            cnt[b][2] = c2
            cnt[b][3] = c3
        for n in range(3, 10):
            for b in range(3):
                m = s.U[b]
                m &= cnt[b][0] if n & 1 else ~cnt[b][0]
                m &= cnt[b][1] if n & 2 else ~cnt[b][1]
                m &= cnt[b][2] if n & 4 else ~cnt[b][2]
                m &= cnt[b][3] if n & 8 else ~cnt[b][3]
                if m:
                    pick = m & (~m + 1)
                    best_b = b
                    break
            if best_b >= 0:
                break
        if best_b < 0:
            return -1
    digits[0] = 0
    for d in range(9):
        if s.A[3 * d + best_b] & pick:
            digits[0] |= (<uint32_t>1) << d
    return 27 * best_b + bit_index32(pick)


cdef void b9_solution(const Board9 *s, uint8_t *out) noexcept nogil:
    cdef int d, b
    cdef uint32_t m
    for d in range(9):
        for b in range(3):
            m = s.A[3 * d + b]
            while m:
                out[27 * b + bit_index32(m & (~m + 1))] = d + 1
                m &= m - 1


cdef int s9_init(Search9 *s, const uint8_t *values) noexcept nogil:
    """Set up the search of a 9x9 puzzle (values 0 empty, 1..9).  1 if it may have
    solutions, 0 if the givens already fail (repeated values included)."""
    cdef Board9 *root = &s.level[0]
    cdef int x, b, d
    cdef uint32_t bit, dirty = 0
    s.depth = 0
    s.guesses = 0
    s.node_limit = -1
    s.next_signal_check = SIGNAL_INTERVAL
    s.phase = PHASE_DONE
    for d in range(27):
        root.A[d] = B9_FULL
    root.U[0] = root.U[1] = root.U[2] = B9_FULL
    for x in range(81):
        if values[x]:
            if values[x] > 9:
                return 0              # callers validate; never index past the masks
            d = values[x] - 1
            b = x // 27
            bit = (<uint32_t>1) << (x % 27)
            if not (root.A[3 * d + b] & bit):
                return 0
            dirty = b9_place(root, d, b, bit, dirty, 0)
    if not b9_propagate(root, dirty):
        return 0
    s.phase = PHASE_DESCEND
    return 1


cdef int s9_next(Search9 *s) noexcept nogil:
    """search_next for Search9: the next solution (SEARCH_FOUND) or the end; resumable."""
    cdef int d = s.depth, cell, v, b, status
    cdef uint32_t digits, rest, bit
    cdef Board9 *top
    cdef Board9 *child
    cdef int phase = s.phase
    if phase == PHASE_DONE:
        return SEARCH_EXHAUSTED
    while True:
        top = &s.level[d]
        if phase == PHASE_DESCEND:
            cell = b9_choose(top, &digits)
            if cell < 0:
                s.depth = d
                s.phase = PHASE_BACKTRACK
                return SEARCH_FOUND
            s.cell[d] = cell
            s.rest[d] = digits
        elif phase == PHASE_BACKTRACK:
            if d == 0:
                s.depth = 0
                s.phase = PHASE_DONE
                return SEARCH_EXHAUSTED
            d -= 1
            top = &s.level[d]
        rest = s.rest[d]
        if rest == 0:
            phase = PHASE_BACKTRACK
            continue
        status = search_budget(s.guesses, s.node_limit, s.guesses, &s.next_signal_check)
        if status:
            s.depth = d
            s.phase = PHASE_NEXT if status == SEARCH_LIMIT else PHASE_DONE
            return status
        s.guesses += 1
        cell = s.cell[d]
        bit = rest & (~rest + 1)
        rest ^= bit
        s.rest[d] = <uint16_t>rest
        v = bit_index32(bit)
        if rest == 0:
            child = top
        else:
            child = &s.level[d + 1]
            memcpy(child, top, sizeof(Board9))
        b = cell // 27
        if b9_propagate(child, b9_place(child, v, b, (<uint32_t>1) << (cell % 27), 0, 0)):
            if child != top:
                d += 1
            phase = PHASE_DESCEND
        else:
            phase = PHASE_NEXT if child != top else PHASE_BACKTRACK


cdef int run_search9(const uint8_t *values, long long limit, long long node_limit,
                     uint8_t *first, long long *found, long long *guesses) noexcept nogil:
    """run_search for 9x9 with 3x3 boxes."""
    cdef Search9 search       # 10 kB: on the stack, no allocation a puzzle
    cdef Search9 *s = &search
    cdef int status = SEARCH_EXHAUSTED
    found[0] = 0
    guesses[0] = 0
    cdef int rc = s9_init(s, values)
    s.node_limit = node_limit
    while rc and (limit < 0 or found[0] < limit):
        status = s9_next(s)
        if status != SEARCH_FOUND:
            break
        if found[0] == 0 and first != NULL:
            b9_solution(&s.level[s.depth], first)
        found[0] += 1
    guesses[0] = s.guesses
    return status


# ============================================================================================
# Python entry points
# ============================================================================================

STATUS_NAMES = {
    SEARCH_FOUND: "found",
    SEARCH_EXHAUSTED: "exhausted",
    SEARCH_LIMIT: "node_limit",
    SEARCH_INTERRUPTED: "interrupted",
    SEARCH_NOMEM: "out_of_memory",
}


cdef const uint8_t *_checked_values(bytes values, const Geometry *g) except NULL:
    if PyBytes_GET_SIZE(values) != g.ncells:
        raise ValueError(f"expected {g.ncells} cell values, got {PyBytes_GET_SIZE(values)}")
    cdef const uint8_t *p = <const uint8_t *>PyBytes_AS_STRING(values)
    cdef int cell
    for cell in range(g.ncells):
        if p[cell] > g.n:
            raise ValueError(f"cell {cell}: value {p[cell]} out of range 0..{g.n}")
    return p


def conflict(bytes values, int r, int c):
    """None if no given repeats in a unit, else (unit, value, cell_a, cell_b).

    unit: 0..n-1 rows, n..2n-1 columns, 2n..3n-1 boxes.
    """
    cdef const Geometry *g = geometry_for(r, c)
    cdef const uint8_t *p = _checked_values(values, g)
    cdef int where[3]
    cdef int unit
    with nogil:
        unit = find_conflict(g, p, where)
    if unit < 0:
        return None
    return (unit, where[0], where[1], where[2])


cdef int _raise_pending() except -1:
    # The signal handler's exception is already set; returning -1 propagates it.
    return -1


cdef inline bint _failed(int status) noexcept:
    """The search stopped on Ctrl-C or out of memory: free it, then call _status_name."""
    return status == SEARCH_INTERRUPTED or status == SEARCH_NOMEM


cdef str _status_name(int status, bint counting):
    """How a search call ended, by name: a solution is "found" (or "limit" for a counting
    loop that stopped at its limit).  Raises KeyboardInterrupt (the handler's exception,
    already set) for Ctrl-C and MemoryError when memory ran out."""
    if status == SEARCH_INTERRUPTED:
        _raise_pending()
    if status == SEARCH_NOMEM:
        raise MemoryError()
    if status == SEARCH_FOUND:
        return "limit" if counting else "found"
    return STATUS_NAMES[status]


cdef class Solver:
    """A resumable search over the solutions of one puzzle (values: 0 empty, 1..n).

    The givens must not conflict (check with conflict() first).  Each call to next_solution()
    runs without the GIL until the next solution, the end, or the node limit.  9x9 puzzles
    run on the digit-band engine (Search9), like run_search, so that the solutions come in
    the same order as solve() and the batch give them.
    """
    cdef Search s
    cdef Search9 *s9
    cdef readonly int r, c

    def __cinit__(self, bytes values, int r, int c, long long node_limit=-1):
        cdef const Geometry *g = geometry_for(r, c)
        cdef const uint8_t *p = _checked_values(values, g)
        cdef int rc
        self.r = r
        self.c = c
        self.s.phase = PHASE_DONE
        if USE_B9 and g.n == 9 and g.r == 3:
            self.s9 = <Search9 *>malloc(sizeof(Search9))
            if self.s9 == NULL:
                raise MemoryError()
            with nogil:
                s9_init(self.s9, p)
            self.s9.node_limit = node_limit
            return
        with nogil:
            rc = search_init(&self.s, g, p)
        if rc < 0:
            search_free(&self.s)
            raise MemoryError()
        self.s.node_limit = node_limit

    def __dealloc__(self):
        search_free(&self.s)
        free(self.s9)

    @property
    def guesses(self):
        """Values assigned by branching so far."""
        return self.s9.guesses if self.s9 != NULL else self.s.guesses

    @property
    def node_limit(self):
        return self.s9.node_limit if self.s9 != NULL else self.s.node_limit

    @node_limit.setter
    def node_limit(self, long long value):
        if self.s9 != NULL:
            self.s9.node_limit = value
        else:
            self.s.node_limit = value

    cdef int step(self) noexcept nogil:
        if self.s9 != NULL:
            return s9_next(self.s9)
        return search_next(&self.s)

    cdef bytes solution(self):
        out = PyBytes_FromStringAndSize(NULL, 81 if self.s9 != NULL else self.s.g.ncells)
        if self.s9 != NULL:
            b9_solution(&self.s9.level[self.s9.depth], <uint8_t *>PyBytes_AS_STRING(out))
        else:
            search_solution(&self.s, <uint8_t *>PyBytes_AS_STRING(out))
        return out

    def next_solution(self):
        """(status, solution bytes or None); status is one of STATUS_NAMES' values."""
        cdef int status
        with nogil:
            status = self.step()
        if _failed(status):
            search_free(&self.s)
        if status != SEARCH_FOUND:
            return _status_name(status, False), None
        return "found", self.solution()

    def count(self, long long limit=-1):
        """(solutions found up to limit (< 0: all), first solution or None, status)."""
        cdef long long found = 0
        cdef int status = SEARCH_EXHAUSTED
        cdef bytes first = None
        while limit < 0 or found < limit:
            with nogil:
                status = self.step()
            if status != SEARCH_FOUND:
                break
            if found == 0:
                first = self.solution()
            found += 1
        if _failed(status):
            search_free(&self.s)
        return found, first, _status_name(status, True)


# 9x9 searches run on the digit-band engine (run_search9, Search9); off only to measure
# or test the general engine on 9x9.
cdef bint USE_B9 = 1


def _set_b9(bint on):
    """Benchmark and test hook: run 9x9 searches on the digit-band engine (True, the
    default) or on the general one."""
    global USE_B9
    USE_B9 = on


cdef int run_search(const Geometry *g, const uint8_t *values, long long limit,
                    long long node_limit, uint8_t *first, long long *found,
                    long long *guesses) noexcept nogil:
    """Count solutions up to limit (< 0: all) with one search; write the first one."""
    if USE_B9 and g.n == 9 and g.r == 3:
        return run_search9(values, limit, node_limit, first, found, guesses)
    cdef Search s
    cdef int status = SEARCH_EXHAUSTED
    found[0] = 0
    guesses[0] = 0
    cdef int rc = search_init(&s, g, values)
    if rc < 0:
        search_free(&s)
        return SEARCH_NOMEM
    s.node_limit = node_limit
    while rc and (limit < 0 or found[0] < limit):
        status = search_next(&s)
        if status != SEARCH_FOUND:
            break
        if found[0] == 0 and first != NULL:
            search_solution(&s, first)
        found[0] += 1
    guesses[0] = s.guesses
    search_free(&s)
    return status


def search(bytes values, int r, int c, long long limit=1, long long node_limit=-1):
    """One search: (solutions found up to limit, first solution bytes or None, guesses, status).

    status: "exhausted" (the count is exact), "limit" (stopped at limit solutions),
    "node_limit".  Conflicting givens must be rejected before (see conflict()).
    """
    cdef const Geometry *g = geometry_for(r, c)
    cdef const uint8_t *p = _checked_values(values, g)
    cdef bytes first = PyBytes_FromStringAndSize(NULL, g.ncells)
    cdef uint8_t *out = <uint8_t *>PyBytes_AS_STRING(first)
    cdef long long found, guesses
    cdef int status
    with nogil:
        status = run_search(g, p, limit, node_limit, out, &found, &guesses)
    return found, (first if found else None), guesses, _status_name(status, True)


# --------------------------------------------------------------------------------------------
# Generation: random full grids and unique puzzles dug from them (fastsudoku.generate)
# --------------------------------------------------------------------------------------------
#
# Randomness comes from splitmix64 on a 64-bit state that the caller derives from its seed
# and the puzzle's index, so that a puzzle depends on nothing else (not on the thread that
# made it, not on the platform).  A full grid is a randomised search: n random givens that
# do not clash are solved, then the values are relabelled and the rows, bands, columns and
# stacks permuted at random.  Digging visits the cells in random order, removing a cell and
# its images under the symmetry together while the puzzle keeps exactly one solution.

cdef enum:
    SYM_NONE = 0
    SYM_ROT180 = 1
    SYM_ROT90 = 2
    SYM_MIRROR = 3
    SYM_DIAGONAL = 4
    # A uniqueness check that needs more guesses than this counts as "not unique" (the
    # given stays).  Up to 16x16 the bound is never met in practice; above, a check costs
    # ~10x more a guess and the few checks that run long cost all the time (25x25 minimal:
    # about 2 s a puzzle at 1,000 guesses, hours at 1,000,000, nearly the same givens).
    GEN_UNIQUE_NODE_LIMIT = 1000000
    GEN_UNIQUE_NODE_LIMIT_LARGE = 1000
    GEN_LARGE_SIDE = 17


SYMMETRIES = {None: SYM_NONE, "rot180": SYM_ROT180, "rot90": SYM_ROT90, "mirror": SYM_MIRROR,
              "diagonal": SYM_DIAGONAL}


cdef inline uint64_t splitmix64(uint64_t *state) noexcept nogil:
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline int rand_below(uint64_t *state, int n) noexcept nogil:
    return <int>(splitmix64(state) % <uint64_t>n)


cdef void rand_permutation(uint64_t *state, int *out, int n) noexcept nogil:
    cdef int i, j, t
    for i in range(n):
        out[i] = i
    for i in range(n - 1, 0, -1):
        j = rand_below(state, i + 1)
        t = out[i]
        out[i] = out[j]
        out[j] = t


cdef void group_order(uint64_t *state, int *out, int groups, int size, int *scratch) noexcept nogil:
    """0..groups*size-1, groups in random order, each group shuffled inside."""
    cdef int k, i
    rand_permutation(state, scratch, groups)
    for k in range(groups):
        rand_permutation(state, out + k * size, size)
        for i in range(size):
            out[k * size + i] += scratch[k] * size


cdef int gen_full(const Geometry *g, uint64_t *state, uint8_t *out, int *scratch) noexcept nogil:
    """A random full grid into out; 0, or -1 out of memory / interrupted."""
    cdef int n = g.n, ncells = g.ncells, k, cell, v, j, i
    cdef uint8_t *values = <uint8_t *>malloc(ncells * 2)
    if values == NULL:
        return -1
    cdef uint8_t *solved = values + ncells
    cdef long long found, guesses
    cdef int status
    cdef bint clash
    cdef int *rows = scratch
    cdef int *cols = scratch + n
    cdef int *relabel = scratch + 2 * n
    cdef int *tmp = scratch + 3 * n
    while True:
        memset(values, 0, ncells)
        for k in range(n):
            cell = rand_below(state, ncells)
            v = rand_below(state, n) + 1
            clash = False
            for j in range(g.npeers):
                if values[g.peers[cell * g.npeers + j]] == v:
                    clash = True
                    break
            if not clash:
                values[cell] = v
        status = run_search(g, values, 1, 20000, solved, &found, &guesses)
        if status == SEARCH_INTERRUPTED or status == SEARCH_NOMEM:
            free(values)
            return -1
        if found:
            break
    group_order(state, rows, g.c, g.r, tmp)      # c bands of r rows
    group_order(state, cols, g.r, g.c, tmp)      # r stacks of c columns
    rand_permutation(state, relabel, n)
    for i in range(n):
        for j in range(n):
            out[i * n + j] = relabel[solved[rows[i] * n + cols[j]] - 1] + 1
    free(values)
    return 0


cdef int sym_orbit(int n, int cell, int symmetry, int *orbit) noexcept nogil:
    """The cells that `cell` maps to under the symmetry (itself included, no repeats)."""
    cdef int i = cell // n, j = cell % n, count = 1, k, t, x
    cdef int images[4]
    orbit[0] = cell
    if symmetry == SYM_ROT180:
        images[0] = (n - 1 - i) * n + (n - 1 - j)
        t = 1
    elif symmetry == SYM_ROT90:
        images[0] = j * n + (n - 1 - i)
        images[1] = (n - 1 - i) * n + (n - 1 - j)
        images[2] = (n - 1 - j) * n + i
        t = 3
    elif symmetry == SYM_MIRROR:
        images[0] = i * n + (n - 1 - j)
        t = 1
    elif symmetry == SYM_DIAGONAL:
        images[0] = j * n + i
        t = 1
    else:
        t = 0
    for k in range(t):
        x = images[k]
        for i in range(count):
            if orbit[i] == x:
                break
        else:
            orbit[count] = x
            count += 1
    return count


cdef int is_unique(const Geometry *g, const uint8_t *values) noexcept nogil:
    """1 unique, 0 not (or too long to tell), -1 interrupted / out of memory."""
    cdef long long found, guesses
    cdef long long budget = (GEN_UNIQUE_NODE_LIMIT if g.n < GEN_LARGE_SIDE
                             else GEN_UNIQUE_NODE_LIMIT_LARGE)
    cdef int status = run_search(g, values, 2, budget, NULL, &found, &guesses)
    if status == SEARCH_INTERRUPTED or status == SEARCH_NOMEM:
        return -1
    return status != SEARCH_LIMIT and found == 1


cdef int gen_dig(const Geometry *g, uint64_t *state, const uint8_t *full, uint8_t *out,
                 int target, int symmetry, bint minimal, int *scratch) noexcept nogil:
    """Dig `full` into out: down to `target` givens (exactly; minimal: as far as it goes).
    Returns the number of givens, or -1 interrupted / out of memory."""
    cdef int ncells = g.ncells, givens = ncells, k, m, size, cell, rc
    cdef int *order = scratch
    cdef int orbit[4]
    memcpy(out, full, ncells)
    rand_permutation(state, order, ncells)
    for k in range(ncells):
        if not minimal and givens <= target:
            break
        cell = order[k]
        if out[cell] == 0:
            continue
        size = sym_orbit(g.n, cell, symmetry, orbit)
        if not minimal and givens - size < target:
            continue
        for m in range(size):
            out[orbit[m]] = 0
        rc = is_unique(g, out)
        if rc < 0:
            return -1
        if rc:
            givens -= size
        else:
            for m in range(size):
                out[orbit[m]] = full[orbit[m]]
    return givens


def generate_one(int r, int c, uint64_t seed, int target, int symmetry, bint minimal):
    """(puzzle bytes, solution bytes, givens) of one generated puzzle (GIL released).

    target: the number of givens to dig down to (ignored when minimal).  The caller checks
    the result and retries with another seed when it misses its target.
    """
    cdef const Geometry *g = geometry_for(r, c)
    if symmetry < SYM_NONE or symmetry > SYM_DIAGONAL:
        raise ValueError(f"bad symmetry code {symmetry}")
    cdef bytes puzzle = PyBytes_FromStringAndSize(NULL, g.ncells)
    cdef bytes solution = PyBytes_FromStringAndSize(NULL, g.ncells)
    cdef uint8_t *p = <uint8_t *>PyBytes_AS_STRING(puzzle)
    cdef uint8_t *s = <uint8_t *>PyBytes_AS_STRING(solution)
    cdef uint64_t state = seed
    cdef int givens = -1
    cdef int *scratch = <int *>malloc((g.ncells + 4 * g.n) * sizeof(int))
    if scratch == NULL:
        raise MemoryError()
    with nogil:
        if gen_full(g, &state, s, scratch) == 0:
            givens = gen_dig(g, &state, s, p, target, symmetry, minimal, scratch)
    free(scratch)
    if givens < 0:
        _status_name(SEARCH_INTERRUPTED if PyErr_Occurred() != NULL else SEARCH_NOMEM, False)
    return puzzle, solution, givens


# --------------------------------------------------------------------------------------------
# Batches: many puzzles of one shape in one call, without the GIL (solve_many)
# --------------------------------------------------------------------------------------------

cdef enum:
    BATCH_SOLVED = 0         # a solution (the only one when limit >= 2)
    BATCH_NO_SOLUTION = 1
    BATCH_NOT_UNIQUE = 2     # limit >= 2 and a second solution was found
    BATCH_INVALID = 3        # a value out of range 0..N, or givens that repeat in a unit
    BATCH_NODE_LIMIT = 4


BATCH_STATUS = {"solved": BATCH_SOLVED, "no_solution": BATCH_NO_SOLUTION,
                "not_unique": BATCH_NOT_UNIQUE, "invalid": BATCH_INVALID,
                "node_limit": BATCH_NODE_LIMIT}


cdef int batch_one(const Geometry *g, const ExactCover *template, const uint8_t *puzzle,
                   uint8_t *out, long long limit, long long node_limit, int8_t *status,
                   int64_t *count, int64_t *guesses) noexcept nogil:
    """Search one puzzle of a batch (on dancing links when template is not NULL); -1 if
    the search was interrupted or ran out of memory."""
    cdef int cell, rc
    cdef int where[3]
    cdef long long found = 0, spent = 0
    guesses[0] = 0
    count[0] = 0
    memcpy(out, puzzle, g.ncells)
    for cell in range(g.ncells):
        if puzzle[cell] > g.n:
            status[0] = BATCH_INVALID
            return 0
    # Givens that repeat leave the search with no solution at once; they are looked for
    # only then (find_conflict costs a twentieth of an easy 9x9 search).
    if template != NULL:
        rc = run_dlx(g, template, puzzle, limit, node_limit, out, &found, &spent)
    else:
        rc = run_search(g, puzzle, limit, node_limit, out, &found, &spent)
    guesses[0] = spent
    count[0] = found
    if rc == SEARCH_INTERRUPTED or rc == SEARCH_NOMEM:
        return -1
    if found == 0 and find_conflict(g, puzzle, where) >= 0:
        status[0] = BATCH_INVALID
        count[0] = 0
        memcpy(out, puzzle, g.ncells)
        return 0
    if rc == SEARCH_LIMIT:
        status[0] = BATCH_NODE_LIMIT
    elif found == 0:
        status[0] = BATCH_NO_SOLUTION
    elif found >= 2:
        status[0] = BATCH_NOT_UNIQUE
    else:
        status[0] = BATCH_SOLVED
    if found == 0:
        memcpy(out, puzzle, g.ncells)
    return 0


cdef enum:
    BATCH_SIGNAL_ROWS = 256


cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline long long fs_fetch_add(long long *p, long long v) {
        return _InterlockedExchangeAdd64((volatile long long *)p, v);
    }
    #else
    static inline long long fs_fetch_add(long long *p, long long v) {
        return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
    }
    #endif
    """
    long long fs_fetch_add(long long *p, long long v) noexcept nogil


def batch_search(const uint8_t[:, ::1] puzzles, uint8_t[:, ::1] out, int8_t[::1] status,
                 int64_t[::1] counts, int64_t[::1] guesses, int r, int c, long long limit,
                 long long node_limit, Py_ssize_t start, Py_ssize_t stop,
                 long long[::1] next_row=None, Py_ssize_t chunk=16, bint interruptible=True,
                 bint dlx=False):
    """Search puzzles[start:stop] (one row of N*N values each) without the GIL.

    For each row: out = the first solution (the puzzle itself when there is none), status
    (BATCH_STATUS), counts = solutions found up to limit, guesses.  A bad row gets
    BATCH_INVALID and the batch goes on.  Ctrl-C (main thread only) raises KeyboardInterrupt.

    With next_row (one int64, start at 0), several threads share the rows: each takes the
    next `chunk` rows with an atomic add until none are left, so that the threads stay
    busy to the end without coming back to Python (and to the GIL) between chunks.

    dlx: search on dancing links instead of the bitmask engine.

    interruptible: look for Ctrl-C every BATCH_SIGNAL_ROWS rows (for the main thread: a
    batch of easy puzzles never reaches a search's own check); KeyboardInterrupt then.
    """
    cdef const Geometry *g = geometry_for(r, c)
    if puzzles.shape[1] != g.ncells or out.shape[1] != g.ncells:
        raise ValueError(f"expected rows of {g.ncells} cells, got {puzzles.shape[1]}")
    if not (0 <= start <= stop <= puzzles.shape[0] <= out.shape[0]
            and stop <= status.shape[0] and stop <= counts.shape[0]
            and stop <= guesses.shape[0]):
        raise ValueError("batch arrays and range do not agree")
    if chunk < 1:
        raise ValueError("chunk must be at least 1")
    cdef Py_ssize_t i, first, last, done = 0
    cdef int rc = 0
    cdef long long *shared = NULL
    cdef const ExactCover *template = sudoku_cover(r, c) if dlx else NULL
    if next_row is not None:
        if next_row.shape[0] != 1:
            raise ValueError("next_row must hold one int64")
        shared = &next_row[0]
    with nogil:
        first = start
        last = stop
        while True:
            if shared != NULL:
                first = start + fs_fetch_add(shared, chunk)
                last = min(first + chunk, stop)
            if first >= stop:
                break
            for i in range(first, last):
                rc = batch_one(g, template, &puzzles[i, 0], &out[i, 0], limit, node_limit,
                               &status[i], &counts[i], &guesses[i])
                if rc < 0:
                    break
                done += 1
                if interruptible and done % BATCH_SIGNAL_ROWS == 0 and check_signals() < 0:
                    rc = -1
                    break
            if shared == NULL or rc < 0:
                break
    if rc < 0:
        _status_name(SEARCH_INTERRUPTED if PyErr_Occurred() != NULL else SEARCH_NOMEM, False)


# --------------------------------------------------------------------------------------------
# The 81-character fast path: parse, solve and format in one call, no Python objects between.
# --------------------------------------------------------------------------------------------

cdef const Geometry *_g9 = NULL


def solve_line81(str line, long long limit=1, bint dlx=False):
    """Solve an 81-character line of '1'-'9' and '.', '0', '-' for empty (dlx: on dancing
    links).

    Returns (solution str or None, solutions found up to limit), or None when the line
    is anything else (a bad character, repeated givens) so that the caller's full parser
    can name the problem.
    """
    global _g9
    if _g9 == NULL:
        _g9 = geometry_for(3, 3)
    cdef const ExactCover *template = sudoku_cover(3, 3) if dlx else NULL
    if PyUnicode_GET_LENGTH(line) != 81:
        return None
    cdef int kind = PyUnicode_KIND(line)
    cdef void *data = PyUnicode_DATA(line)
    cdef uint8_t values[81]
    cdef uint8_t solution[81]
    cdef int cell, status
    cdef int where[3]
    cdef int ch
    cdef long long found, guesses
    for cell in range(81):
        ch = <int>PyUnicode_READ(kind, data, cell)
        if ch >= 49 and ch <= 57:          # '1'..'9'
            values[cell] = <uint8_t>(ch - 48)
        elif ch == 46 or ch == 48 or ch == 45:   # '.', '0', '-'
            values[cell] = 0
        else:
            return None
    with nogil:
        # Repeated givens leave no solution at once: look for them only then.
        if template != NULL:
            status = run_dlx(_g9, template, values, limit, -1, solution, &found, &guesses)
        else:
            status = run_search(_g9, values, limit, -1, solution, &found, &guesses)
        if found == 0 and find_conflict(_g9, values, where) >= 0:
            status = -1
    if status == -1:
        return None
    _status_name(status, True)          # raises on Ctrl-C and out of memory
    if found == 0:
        return None, 0
    for cell in range(81):
        solution[cell] += 48
    return PyUnicode_FromKindAndData(PyUnicode_1BYTE_KIND, solution, 81), found


# ============================================================================================
# Target Sudoku: the solution of largest weighted score (NOIP 2009 / Luogu P1074)
# ============================================================================================
#
# Branch and bound on the bitmask search.  A level is propagated (singles) as in
# search_next; then an upper bound on the score of any solution below it is compared with
# the best score found so far, and the level is dropped when it cannot beat it.  The bound
# adds to the score of the placed cells, for the unplaced cells, the least of three sums
# (one per unit kind: rows, columns, boxes) of a bound per unit:
#
#     unit bound = min(rearrangement, cell maxima)
#     rearrangement: the unit's missing values must go to its unplaced cells, one each, so
#                    the best they can add is the largest weight times the largest missing
#                    value, and so on down (the rearrangement inequality; true for any sign)
#     cell maxima:   each unplaced cell times its best candidate (the largest for a weight
#                    >= 0, the smallest for a negative one)
#
# Both parts are true upper bounds, so the bound never cuts the optimum.  Values are tried
# best first (the largest value for a cell of weight >= 0), so that a good solution comes
# early and the bound cuts most of the tree.

cdef inline uint64_t highest_bit(uint64_t nonzero_mask) noexcept nogil:
    cdef uint64_t m = nonzero_mask
    m |= m >> 1
    m |= m >> 2
    m |= m >> 4
    m |= m >> 8
    m |= m >> 16
    m |= m >> 32
    return m ^ (m >> 1)


cdef inline int64_t value_sum(uint64_t mask) noexcept nogil:
    """The sum of the values (bit index + 1) of a mask."""
    cdef int64_t total = 0
    cdef uint64_t bit
    while mask:
        bit = lowest_bit(mask)
        mask ^= bit
        total += bit_index(bit) + 1
    return total


ctypedef struct Target:
    const int64_t *weights   # ncells
    uint16_t *order          # nunits x n: each unit's cells, heaviest weight first
    int64_t *cell_bound      # ncells of scratch: the best each unplaced cell can add
    bint use_bound           # False: plain enumeration of every solution (the baseline)
    bint dive                # stop at the first solution (to have a score to beat)
    bint lagrange            # use the Lagrangian bound (else the combinatorial one alone)
    bint found
    int64_t best
    uint8_t *best_values     # ncells: the best solution so far (values 1..n)
    # Lagrangian bound (see target_lagrange)
    int lam_words            # nunits * n
    int lam_capacity         # levels of lam
    double *lam              # lam_capacity x lam_words: the multipliers of each level
    double *lam_step         # lam_words of scratch: the multipliers being tried
    int32_t *hits            # lam_words of scratch: cells of the unit taking the value
    uint8_t *pick            # ncells of scratch: the value each cell takes in the relaxation
    double *adjusted         # n of scratch: a cell's adjusted value of each candidate
    int root_rounds          # subgradient steps at the first level a bound is asked of
    int node_rounds          # subgradient steps at every other level
    int passes               # bound, fix, propagate: at most this many times a level
    double step_scale        # Polyak's factor (0, 2) on the subgradient step


cdef int target_init(Target *t, const Geometry *g, const int64_t *weights) noexcept nogil:
    """Sort each unit's cells by weight, heaviest first; -1 out of memory."""
    cdef int u, k, j, n = g.n
    cdef uint16_t cell
    t.weights = weights
    t.found = False
    t.best = 0
    t.order = <uint16_t *>malloc(<size_t>g.nunits * n * sizeof(uint16_t))
    t.cell_bound = <int64_t *>malloc(<size_t>g.ncells * sizeof(int64_t))
    t.best_values = <uint8_t *>malloc(<size_t>g.ncells)
    t.lam_words = g.nunits * n
    t.lam_capacity = 8
    t.lam = <double *>calloc(<size_t>t.lam_capacity * t.lam_words, sizeof(double))
    t.lam_step = <double *>malloc(<size_t>t.lam_words * sizeof(double))
    t.hits = <int32_t *>malloc(<size_t>t.lam_words * sizeof(int32_t))
    t.pick = <uint8_t *>malloc(<size_t>g.ncells)
    t.adjusted = <double *>malloc(<size_t>n * sizeof(double))
    t.root_rounds = 100
    t.node_rounds = 4
    if (t.order == NULL or t.cell_bound == NULL or t.best_values == NULL or t.lam == NULL
            or t.lam_step == NULL or t.hits == NULL or t.pick == NULL or t.adjusted == NULL):
        return -1
    for u in range(g.nunits):
        for k in range(n):
            cell = g.units[u * n + k]
            j = k
            while j > 0 and weights[t.order[u * n + j - 1]] < weights[cell]:
                t.order[u * n + j] = t.order[u * n + j - 1]
                j -= 1
            t.order[u * n + j] = cell
    return 0


cdef void target_free(Target *t) noexcept nogil:
    free(t.order)
    free(t.cell_bound)
    free(t.best_values)
    free(t.lam)
    free(t.lam_step)
    free(t.hits)
    free(t.pick)
    free(t.adjusted)
    t.adjusted = NULL
    t.order = NULL
    t.cell_bound = NULL
    t.best_values = NULL
    t.lam = NULL
    t.lam_step = NULL
    t.hits = NULL
    t.pick = NULL


cdef double *target_lam(Target *t, int level) noexcept nogil:
    """The multipliers of a level (zero when new); NULL out of memory."""
    cdef int capacity
    cdef double *grown
    if level >= t.lam_capacity:
        capacity = 2 * level
        grown = <double *>realloc(t.lam, <size_t>capacity * t.lam_words * sizeof(double))
        if grown == NULL:
            return NULL
        memset(grown + <size_t>t.lam_capacity * t.lam_words, 0,
               <size_t>(capacity - t.lam_capacity) * t.lam_words * sizeof(double))
        t.lam = grown
        t.lam_capacity = capacity
    return t.lam + <size_t>level * t.lam_words


cdef int64_t target_bound(const Geometry *g, const uint64_t *cand, Target *t,
                          int64_t *placed_score) noexcept nogil:
    """An upper bound on the score of every solution of the level `cand` (see above);
    placed_score receives the score of the cells already placed."""
    cdef int cell, u, k, kind, n = g.n
    cdef int64_t w, placed = 0, total, rearranged, maxima, by_value, least = 0
    cdef uint64_t m, missing, bit, avail
    cdef const int64_t *weights = t.weights
    cdef int64_t *cell_bound = t.cell_bound
    cdef const uint64_t *placed_in = cand + g.ncells
    cdef const uint16_t *order
    for cell in range(g.ncells):
        m = cand[cell]
        w = weights[cell]
        if has_one_bit(m):
            placed += w * (bit_index(m) + 1)
        elif w >= 0:
            cell_bound[cell] = w * (bit_index(highest_bit(m)) + 1)
        else:
            cell_bound[cell] = w * (bit_index(lowest_bit(m)) + 1)
    for kind in range(3):
        total = 0
        for u in range(kind * n, kind * n + n):
            missing = g.full & ~placed_in[u]
            if missing == 0:
                continue
            order = t.order + u * n
            rearranged = 0
            maxima = 0
            by_value = 0
            avail = missing
            for k in range(n):
                cell = order[k]
                m = cand[cell]
                if not has_one_bit(m):
                    bit = highest_bit(missing)
                    missing ^= bit
                    rearranged += weights[cell] * (bit_index(bit) + 1)
                    maxima += cell_bound[cell]
                    m &= avail
                    if m:
                        avail ^= m
                        by_value += weights[cell] * value_sum(m)
            if maxima < rearranged:
                rearranged = maxima
            if by_value < rearranged:
                rearranged = by_value
            total += rearranged
        if kind == 0 or total < least:
            least = total
    placed_score[0] = placed
    return placed + least


cdef double target_relax(const Geometry *g, const uint64_t *cand, Target *t,
                         const double *lam) noexcept nogil:
    """The Lagrangian relaxation of the unplaced cells for the multipliers lam.

    The constraints "value v once in unit u" of the missing (u, v) are moved into the
    objective with a multiplier each: every unplaced cell then takes on its own the
    candidate v of largest  weight * v - lam[row, v] - lam[column, v] - lam[box, v],
    and the relaxation is the sum of these plus the sum of lam over the missing (u, v).
    For any lam this is an upper bound on what the unplaced cells add in a solution
    (weak duality); t.pick receives the value index each cell took.
    """
    cdef int cell, u, k, best_k, n = g.n
    cdef uint64_t m, bit
    cdef double total = 0.0, best_v, v, w
    cdef const double *lr
    cdef const double *lc
    cdef const double *lb
    cdef const uint16_t *units_of
    cdef const uint64_t *placed_in = cand + g.ncells
    for cell in range(g.ncells):
        m = cand[cell]
        if has_one_bit(m):
            continue
        units_of = g.cell_unit_list + 3 * cell
        lr = lam + units_of[0] * n
        lc = lam + units_of[1] * n
        lb = lam + units_of[2] * n
        w = <double>t.weights[cell]
        best_v = -1e300
        best_k = 0
        while m:
            bit = lowest_bit(m)
            m ^= bit
            k = bit_index(bit)
            v = w * (k + 1) - lr[k] - lc[k] - lb[k]
            if v > best_v:
                best_v = v
                best_k = k
        total += best_v
        t.pick[cell] = <uint8_t>best_k
    for u in range(g.nunits):
        m = g.full & ~placed_in[u]
        while m:
            bit = lowest_bit(m)
            m ^= bit
            total += lam[u * n + bit_index(bit)]
    return total


cdef inline bint below(double relaxed, int64_t best) noexcept nogil:
    """relaxed (a bound computed in floating point) proves that no solution beats best.

    Scores are integers, so a bound under best + 1 suffices; the slack covers rounding.
    """
    return relaxed < <double>best + 1.0 - 1e-6 - 1e-9 * (relaxed if relaxed > 0 else -relaxed)


cdef bint target_lagrange(const Geometry *g, const uint64_t *cand, Target *t, double *lam,
                          int64_t placed, int rounds, double *bound) noexcept nogil:
    """Subgradient steps on the multipliers lam of a level; True if a bound cuts the level.

    Each step moves lam against the violation of each missing (u, v) (1 minus the unplaced
    cells of u that took v), by Polyak's rule aimed at the best score found; lam keeps
    the multipliers of the lowest bound seen.  A relaxation that breaks no constraint is
    a solution: it becomes the best if it beats it, and the level is done either way.
    """
    cdef int step, cell, u, k, n = g.n, words = t.lam_words
    cdef double relaxed, lowest = 1e300, norm, size, slack
    cdef uint64_t m, bit
    cdef const uint16_t *units_of
    cdef const uint64_t *placed_in = cand + g.ncells
    cdef double *trial = t.lam_step
    memcpy(trial, lam, words * sizeof(double))
    for step in range(rounds + 1):
        relaxed = placed + target_relax(g, cand, t, trial)
        if below(relaxed, t.best):
            return True
        if relaxed < lowest:
            lowest = relaxed
            bound[0] = relaxed
            if step:
                memcpy(lam, trial, words * sizeof(double))
        if step == rounds:
            break
        memset(t.hits, 0, words * sizeof(int32_t))
        for cell in range(g.ncells):
            if not has_one_bit(cand[cell]):
                units_of = g.cell_unit_list + 3 * cell
                k = t.pick[cell]
                t.hits[units_of[0] * n + k] += 1
                t.hits[units_of[1] * n + k] += 1
                t.hits[units_of[2] * n + k] += 1
        norm = 0.0
        for u in range(g.nunits):
            m = g.full & ~placed_in[u]
            while m:
                bit = lowest_bit(m)
                m ^= bit
                k = bit_index(bit)
                slack = 1.0 - t.hits[u * n + k]
                norm += slack * slack
        if norm == 0.0:
            # The relaxation is a solution of this level, and the best one (its score is
            # the bound).  Record it and drop the level.
            target_keep_pick(g, cand, t)
            return True
        size = t.step_scale * (relaxed - t.best) / norm
        for u in range(g.nunits):
            m = g.full & ~placed_in[u]
            while m:
                bit = lowest_bit(m)
                m ^= bit
                k = u * n + bit_index(bit)
                trial[k] -= size * (1.0 - t.hits[k])
    return False


cdef uint64_t target_best_value(const Geometry *g, int cell, uint64_t rest, const Target *t,
                                const double *lam) noexcept nogil:
    """The value of `rest` to try first in `cell`: the largest adjusted value for the
    multipliers of the level (the relaxation's own choice when it is left)."""
    cdef const uint16_t *units_of = g.cell_unit_list + 3 * cell
    cdef const double *lr = lam + units_of[0] * g.n
    cdef const double *lc = lam + units_of[1] * g.n
    cdef const double *lb = lam + units_of[2] * g.n
    cdef double w = <double>t.weights[cell], v, best_v = -1e300
    cdef uint64_t bit, best = 0
    cdef int k
    while rest:
        bit = lowest_bit(rest)
        rest ^= bit
        k = bit_index(bit)
        v = w * (k + 1) - lr[k] - lc[k] - lb[k]
        if v > best_v:
            best_v = v
            best = bit
    return best


cdef int target_fix(const Geometry *g, uint64_t *cand, Target *t, const double *lam,
                    double bound, Work *work) noexcept nogil:
    """Reduced-cost fixing: drop the candidates that cannot be in a better solution.

    With the multipliers lam fixed, putting value v in an unplaced cell lowers the bound by
    the cell's best adjusted value minus v's; when what is left is no more than the best
    score, v leaves the cell.  -1 on a contradiction (a cell left with nothing), 1 if some
    candidate was dropped (the caller propagates), 0 otherwise.
    """
    cdef int cell, k, n = g.n, changed = 0
    cdef uint64_t m, bit, drop
    cdef double best_v, v, w
    cdef double *adjusted = t.adjusted
    cdef const double *lr
    cdef const double *lc
    cdef const double *lb
    cdef const uint16_t *units_of
    for cell in range(g.ncells):
        m = cand[cell]
        if has_one_bit(m):
            continue
        units_of = g.cell_unit_list + 3 * cell
        lr = lam + units_of[0] * n
        lc = lam + units_of[1] * n
        lb = lam + units_of[2] * n
        w = <double>t.weights[cell]
        best_v = -1e300
        while m:
            bit = lowest_bit(m)
            m ^= bit
            k = bit_index(bit)
            v = w * (k + 1) - lr[k] - lc[k] - lb[k]
            adjusted[k] = v
            if v > best_v:
                best_v = v
        m = cand[cell]
        drop = 0
        while m:
            bit = lowest_bit(m)
            m ^= bit
            if below(bound - best_v + adjusted[bit_index(bit)], t.best):
                drop |= bit
        if drop:
            if not eliminate(g, cand, cell, drop, work, g.nwords):
                return -1
            changed = 1
    return changed


cdef void target_keep_pick(const Geometry *g, const uint64_t *cand, Target *t) noexcept nogil:
    """Make the relaxation's choice (t.pick on the unplaced cells) the best solution if it
    beats it; its score is summed again in integers."""
    cdef int cell, value
    cdef int64_t score = 0
    for cell in range(g.ncells):
        if has_one_bit(cand[cell]):
            value = bit_index(cand[cell]) + 1
        else:
            value = t.pick[cell] + 1
        t.pick[cell] = <uint8_t>value
        score += t.weights[cell] * value
    if t.found and score <= t.best:
        return
    memcpy(t.best_values, t.pick, g.ncells)
    t.found = True
    t.best = score


cdef int64_t target_score(const Geometry *g, const uint64_t *cand, const int64_t *weights) noexcept nogil:
    cdef int cell
    cdef int64_t score = 0
    for cell in range(g.ncells):
        score += weights[cell] * (bit_index(cand[cell]) + 1)
    return score


cdef bint target_cut_root(Search *s, Target *t) noexcept nogil:
    """The bound of the root, with t.root_rounds subgradient steps: the multipliers it
    leaves are where every level of the tree starts from."""
    clear_work(s)
    return target_cut_level(s, s.states, t, t.lam, t.root_rounds)


cdef bint target_cut_level(Search *s, uint64_t *cand, Target *t, double *lam,
                           int rounds) noexcept nogil:
    """True if no solution below the level `cand` can beat the best one found.

    The cheap combinatorial bound first, then `rounds` subgradient steps on the level's
    multipliers lam; if the level survives, reduced-cost fixing drops candidates, and
    after propagation the level is bounded again (a few times at most).
    """
    cdef int64_t placed
    cdef double bound
    cdef int rc, passes
    if not t.lagrange:
        return target_bound(s.g, cand, t, &placed) <= t.best
    for passes in range(t.passes):
        if target_bound(s.g, cand, t, &placed) <= t.best:
            return True
        if target_lagrange(s.g, cand, t, lam, placed, rounds, &bound):
            return True
        rc = target_fix(s.g, cand, t, lam, bound, &s.work)
        if rc < 0:
            return True
        if rc == 0:
            return False
        if not propagate(s.g, cand, &s.work, s.segs, False):
            return True
    return False


cdef bint target_cut(Search *s, uint64_t *cand, Target *t, double *lam) noexcept nogil:
    """target_cut_level for a level below the root, with lam inherited from its parent."""
    if not t.use_bound or not t.found:
        return False
    return target_cut_level(s, cand, t, lam, t.node_rounds)


cdef int target_run(Search *s, Target *t) noexcept nogil:
    """Search the whole tree (after search_init) for the best score; the status it ended on.

    SEARCH_EXHAUSTED: t.found / t.best / t.best_values are the optimum (or no solution);
    SEARCH_LIMIT, SEARCH_INTERRUPTED, SEARCH_NOMEM: the best found so far, not proven.
    """
    cdef const Geometry *g = s.g
    cdef size_t words = s.level_words
    cdef int d = 0, cell, status
    cdef uint64_t *top
    cdef uint64_t *child
    cdef uint64_t rest, bit
    cdef int64_t score
    cdef double *lam
    cdef int phase = s.phase
    if phase == PHASE_DONE:
        return SEARCH_EXHAUSTED
    if t.found and t.use_bound and target_cut_root(s, t):
        s.phase = PHASE_DONE
        return SEARCH_EXHAUSTED
    while True:
        top = s.states + d * words
        if phase == PHASE_DESCEND:
            cell = choose_cell(g, top, s.ties)
            if cell < 0:
                score = target_score(g, top, t.weights)
                if not t.found or score > t.best:
                    t.found = True
                    t.best = score
                    search_solution_at(g, top, t.best_values)
                if t.dive:
                    s.phase = PHASE_DONE
                    return SEARCH_FOUND
                phase = PHASE_BACKTRACK
                continue
            s.branch_cell[d] = cell
            s.branch_rest[d] = top[cell]
        elif phase == PHASE_BACKTRACK:
            if d == 0:
                s.phase = PHASE_DONE
                return SEARCH_EXHAUSTED
            d -= 1
            top = s.states + d * words
        rest = s.branch_rest[d]
        if rest == 0:
            phase = PHASE_BACKTRACK
            continue
        status = search_guess(s)
        if status:
            s.phase = PHASE_DONE
            return status
        cell = s.branch_cell[d]
        if t.use_bound:
            bit = target_best_value(g, cell, rest, t, t.lam + <size_t>d * t.lam_words)
        else:
            bit = highest_bit(rest) if t.weights[cell] >= 0 else lowest_bit(rest)
        rest ^= bit
        s.branch_rest[d] = rest
        clear_work(s)
        child = search_child(s, d, rest == 0)
        # The multipliers go with the state: improved in place on the last alternative,
        # else copied to the child's level.
        lam = NULL if child == NULL else target_lam(t, d if rest == 0 else d + 1)
        if lam == NULL:
            s.phase = PHASE_DONE
            return SEARCH_NOMEM
        top = s.states + d * words
        if rest != 0:
            memcpy(lam, lam - t.lam_words, t.lam_words * sizeof(double))
        if (eliminate(g, child, cell, child[cell] ^ bit, &s.work, g.nwords)
                and propagate(g, child, &s.work, s.segs, False)
                and not target_cut(s, child, t, lam)):
            if child != top:
                d += 1
            phase = PHASE_DESCEND
        else:
            phase = PHASE_NEXT if child != top else PHASE_BACKTRACK


cdef int target_solve(Search *s, const Geometry *g, const uint8_t *values, Target *t,
                      int64_t node_limit, bint bound, int64_t cheap_guesses) noexcept nogil:
    """The best score of the puzzle `values` into t; the status the search ended on.

    Without the bound, one search scores every solution.  With it, three stages, each a
    search from the root that keeps the best score found before it:
      1. a dive, best values first, to the first solution: a score to beat;
      2. the combinatorial bound alone, for up to cheap_guesses guesses: easy instances
         end here, before the Lagrangian bound costs more than it saves;
      3. the full bound (Lagrangian, reduced-cost fixing) and its value order.
    s (zeroed or freed) is set up by each stage and freed by the caller; guesses add up
    across stages.
    """
    cdef int stage, status = SEARCH_EXHAUSTED
    cdef int64_t spent = 0, limit
    for stage in range(3 if bound else 1):
        search_free(s)
        if search_init(s, g, values) < 0:
            return SEARCH_NOMEM
        t.dive = bound and stage == 0
        t.use_bound = bound and stage > 0
        t.lagrange = stage == 2
        limit = node_limit
        if stage == 1 and (limit < 0 or spent + cheap_guesses < limit):
            limit = spent + cheap_guesses
        s.guesses = spent
        s.node_limit = limit
        status = target_run(s, t)
        spent = s.guesses
        if stage == 0 and status != SEARCH_FOUND:
            break
        if stage == 1 and (status != SEARCH_LIMIT or limit == node_limit):
            break
    if status == SEARCH_FOUND:
        status = SEARCH_EXHAUSTED
    return status


def max_score(bytes values, int r, int c, const int64_t[::1] weights, long long node_limit=-1,
              bint bound=True, int root_rounds=80, int node_rounds=4, int passes=2,
              double step_scale=0.5, long long cheap_guesses=20):
    """The best weighted score: (score or None, best solution bytes or None, guesses, status).

    weights: one int64 per cell.  status "exhausted": the score is the maximum (None: no
    solution); "node_limit": the best found within the limit, not proven.  bound=False
    enumerates every solution instead (the baseline the bound is measured against).
    Conflicting givens must be rejected before (see conflict()).
    """
    cdef const Geometry *g = geometry_for(r, c)
    cdef const uint8_t *p = _checked_values(values, g)
    if weights.shape[0] != g.ncells:
        raise ValueError(f"expected {g.ncells} weights, got {weights.shape[0]}")
    cdef Search s
    cdef Target t
    cdef int status = SEARCH_NOMEM
    cdef long long guesses = 0
    memset(&t, 0, sizeof(Target))
    memset(&s, 0, sizeof(Search))
    with nogil:
        if target_init(&t, g, &weights[0]) == 0:
            t.root_rounds = root_rounds
            t.node_rounds = node_rounds
            t.passes = passes
            t.step_scale = step_scale
            status = target_solve(&s, g, p, &t, node_limit, bound, cheap_guesses)
        guesses = s.guesses
    search_free(&s)
    best = None
    if t.found:
        best = (t.best, PyBytes_FromStringAndSize(<char *>t.best_values, g.ncells))
    target_free(&t)
    name = _status_name(status, False)
    if best is None:
        return None, None, guesses, name
    return best[0], best[1], guesses, name


# ============================================================================================
# Dancing Links: Algorithm X on flat int32 arrays (layout drawn in _core.pxd)
# ============================================================================================
#
# cover(c) marks column c covered (in its size) and unlinks every row that has a 1 in c from
# the other columns it touches; uncover(c) undoes it in exactly the reverse order.  The search is
# iterative: choice[] is the stack of chosen row nodes, and the phase says whether to go down
# (choose a column, take its first row) or up (undo the top row, take the next row of its
# column).  Nothing is allocated during the search.

cdef enum:
    # Track forced and dead columns during covers above this many primary columns (measured:
    # 6x10 pentominoes and 12-queens, 72 and 24 columns, are faster without; Sudoku, 324
    # and more, with).
    XC_TRACK_OVER = 128
    # Columns tied for the fewest rows that xc_bite scores (with tracking only), up to
    # XC_BITE_MAX primary columns (9x9 Sudoku: 324).  Above, the score led the search into
    # detours: 16x16 numbers_1-16 2,048 -> 9,386 guesses, the POJ 3076 sample 1,762 ->
    # 12,664, an empty 49x49 grid about 1 s -> 212 s.
    XC_TIES = 8
    XC_BITE_MAX = 400
    # size[c] of a secondary column is XC_SECONDARY + its rows; covering adds XC_COVERED.
    # Real sizes stay below 2**29 (nnodes is an int32), so the three ranges never meet.
    XC_SECONDARY = 1 << 29
    XC_COVERED = 1 << 30
    XC_DESCEND = 0
    XC_BACKTRACK = 1
    XC_DONE = 2


cdef inline void xc_cover(ExactCover *x, int c) noexcept nogil:
    if x.track:
        xc_cover_shape(x, c, True)
    else:
        xc_cover_shape(x, c, False)


cdef inline void xc_cover_shape(ExactCover *x, int c, const bint track) noexcept nogil:
    """Cover column c.  With `track` (a constant at each call, so that the compiler makes
    two copies), remember the columns left with one row or none: with hundreds of columns
    (Sudoku) that spares the next choice a scan; with a few dozen (polyominoes, queens)
    the scan is cheaper than the bookkeeping on every update."""
    cdef int32_t *R = x.R
    cdef int32_t *U = x.U
    cdef int32_t *D = x.D
    cdef int32_t *C = x.C
    cdef int32_t *S = x.size
    cdef int32_t *hot = x.hot
    cdef int nhot = x.nhot, room = x.hot_capacity
    cdef int i, j, k, size, up, down
    cdef int dead = x.dead
    if S[c] < XC_SECONDARY:
        x.live -= 1
    S[c] += XC_COVERED
    # Locals, not x's fields, in the loop: stores through the int32 arrays could alias x.
    i = D[c]
    while i != c:
        j = R[i]
        while j != i:
            up = U[j]
            down = D[j]
            U[down] = up
            D[up] = down
            k = C[j]
            size = S[k] - 1
            S[k] = size
            if track and size <= 1:
                # Now forced (1) or dead (0): remember it so that the next choice need
                # not scan every column.  Only uncovered primary sizes can be this small.
                if size == 0:
                    dead = k
                elif nhot < room:
                    hot[nhot] = k
                    nhot += 1
            j = R[j]
        i = D[i]
    x.dead = dead
    x.nhot = nhot


cdef inline void xc_uncover(ExactCover *x, int c) noexcept nogil:
    cdef int32_t *L = x.L
    cdef int32_t *U = x.U
    cdef int32_t *D = x.D
    cdef int32_t *C = x.C
    cdef int32_t *S = x.size
    cdef int i, j
    i = U[c]
    while i != c:
        j = L[i]
        while j != i:
            S[C[j]] += 1
            U[D[j]] = j
            D[U[j]] = j
            j = L[j]
        i = U[i]
    S[c] -= XC_COVERED
    if S[c] < XC_SECONDARY:
        x.live += 1


cdef int xc_track_over = XC_TRACK_OVER


def _set_xc_track_over(int columns):
    """Tuning hook for benchmarks: track forced columns above this many primary columns."""
    global xc_track_over
    xc_track_over = columns


cdef int xc_alloc(ExactCover *x, int ncols, int nrows, int nnodes,
                  bint own_static) noexcept nogil:
    """Allocate the arrays of a problem; the read-only ones (C, ROW, row_first) only when
    own_static, else the caller shares another problem's.  0, or -1 out of memory (call
    xc_free either way)."""
    memset(x, 0, sizeof(ExactCover))
    x.ncols = ncols
    x.nrows = nrows
    x.nnodes = nnodes
    x.phase = XC_DONE
    x.node_limit = -1
    x.next_signal_check = SIGNAL_INTERVAL
    x.shares_static = not own_static
    cdef size_t bytes_nodes = <size_t>nnodes * sizeof(int32_t)
    x.L = <int32_t *>malloc(bytes_nodes)
    x.R = <int32_t *>malloc(bytes_nodes)
    x.U = <int32_t *>malloc(bytes_nodes)
    x.D = <int32_t *>malloc(bytes_nodes)
    x.size = <int32_t *>malloc((ncols + 1) * sizeof(int32_t))
    x.choice = <int32_t *>malloc((ncols + 2) * sizeof(int32_t))
    x.hot_capacity = 2 * ncols + 16
    x.hot = <int32_t *>malloc(x.hot_capacity * sizeof(int32_t))
    if (x.L == NULL or x.R == NULL or x.U == NULL or x.D == NULL or x.size == NULL
            or x.choice == NULL or x.hot == NULL):
        return -1
    if own_static:
        x.C = <int32_t *>malloc(bytes_nodes)
        x.ROW = <int32_t *>malloc(bytes_nodes)
        x.row_first = <int32_t *>malloc((nrows + 1) * sizeof(int32_t))
        if x.C == NULL or x.ROW == NULL or x.row_first == NULL:
            return -1
    return 0


cdef void xc_free(ExactCover *x) noexcept nogil:
    free(x.L)
    free(x.R)
    free(x.U)
    free(x.D)
    if not x.shares_static:
        free(x.C)
        free(x.ROW)
        free(x.row_first)
    free(x.size)
    free(x.choice)
    free(x.hot)
    memset(x, 0, sizeof(ExactCover))
    x.phase = XC_DONE


cdef int xc_build(ExactCover *x, int ncols, const uint8_t *secondary, int nrows,
                  const int32_t *row_offsets, const int32_t *row_cols) noexcept nogil:
    """Build the links of a 0/1 matrix given row by row: row k has 1s in the columns
    row_cols[row_offsets[k] : row_offsets[k + 1]] (0-based, each at most once a row).
    secondary: NULL or ncols flags.  Returns 0, -1 out of memory, -2 a column out of range.
    Call xc_free afterwards in every case."""
    cdef int nnodes = ncols + 1 + row_offsets[nrows]
    cdef int k, c, i, first, node
    if xc_alloc(x, ncols, nrows, nnodes, True) < 0:
        return -1
    cdef int32_t *L = x.L
    cdef int32_t *R = x.R
    cdef int32_t *U = x.U
    cdef int32_t *D = x.D
    for c in range(ncols + 1):
        U[c] = c
        D[c] = c
        x.C[c] = c
        x.ROW[c] = -1
        x.size[c] = 0
    # Column headers are not linked to each other: a column's state is in its size (see
    # XC_SECONDARY), and the choice scans the sizes as an array.  Headers 1..nprimary are
    # the primary columns in order, then come the secondary ones: hdr maps a column to its
    # header.
    cdef int32_t *hdr = <int32_t *>malloc((ncols + 1) * sizeof(int32_t))
    if hdr == NULL:
        return -1
    x.nprimary = 0
    for c in range(ncols):
        if secondary == NULL or not secondary[c]:
            x.nprimary += 1
            hdr[c] = x.nprimary
    k = x.nprimary
    for c in range(ncols):
        if secondary != NULL and secondary[c]:
            k += 1
            hdr[c] = k
            x.size[k] = XC_SECONDARY
    x.live = x.nprimary
    x.track = x.nprimary > xc_track_over
    for c in range(ncols + 1):
        L[c] = c
        R[c] = c
    node = ncols + 1
    for k in range(nrows):
        first = -1
        for i in range(row_offsets[k], row_offsets[k + 1]):
            c = row_cols[i]
            if c < 0 or c >= ncols:
                free(hdr)
                return -2
            c = hdr[c]
            x.C[node] = c
            x.ROW[node] = k
            # Append at the bottom of column c.
            U[node] = U[c]
            D[node] = c
            D[U[c]] = node
            U[c] = node
            x.size[c] += 1
            if first < 0:
                first = node
                L[node] = node
                R[node] = node
            else:
                L[node] = L[first]
                R[node] = first
                R[L[first]] = node
                L[first] = node
            node += 1
        x.row_first[k] = first
    free(hdr)
    x.depth = 0
    x.base = 0
    x.phase = XC_DESCEND
    return 0


cdef int xc_copy(ExactCover *dst, const ExactCover *src) noexcept nogil:
    """A copy of src's links and state that shares src's read-only arrays (C, ROW,
    row_first): src must outlive it.  0, or -1 out of memory (call xc_free either way)."""
    if xc_alloc(dst, src.ncols, src.nrows, src.nnodes, False) < 0:
        return -1
    cdef size_t bytes_nodes = <size_t>src.nnodes * sizeof(int32_t)
    dst.C = src.C
    dst.ROW = src.ROW
    dst.row_first = src.row_first
    memcpy(dst.L, src.L, bytes_nodes)
    memcpy(dst.R, src.R, bytes_nodes)
    memcpy(dst.U, src.U, bytes_nodes)
    memcpy(dst.D, src.D, bytes_nodes)
    memcpy(dst.size, src.size, (src.ncols + 1) * sizeof(int32_t))
    memcpy(dst.choice, src.choice, src.depth * sizeof(int32_t))
    memcpy(dst.hot, src.hot, src.nhot * sizeof(int32_t))
    dst.nhot = src.nhot
    dst.dead = src.dead
    dst.live = src.live
    dst.nprimary = src.nprimary
    dst.track = src.track
    dst.depth = src.depth
    dst.base = src.base
    dst.phase = src.phase
    return 0


cdef int xc_select(ExactCover *x, int row) noexcept nogil:
    """Put a row in every solution before the search starts (a Sudoku given).

    Returns 0; 1 if the row clashes with one selected before (then the problem has no
    solution: the search is marked finished); -1 if the row is empty or out of range."""
    cdef int first, j
    if row < 0 or row >= x.nrows or x.row_first[row] < 0 or x.depth > x.ncols:
        return -1
    first = x.row_first[row]
    # The row clashes iff one of its columns is covered already.
    j = first
    while True:
        if x.size[x.C[j]] >= XC_COVERED:
            x.phase = XC_DONE
            return 1
        j = x.R[j]
        if j == first:
            break
    j = first
    while True:
        xc_cover(x, x.C[j])
        j = x.R[j]
        if j == first:
            break
    x.choice[x.depth] = first
    x.depth += 1
    x.base = x.depth
    return 0


cdef int xc_bite(const ExactCover *x, const int32_t *ties, int nties) noexcept nogil:
    """Among columns tied for the fewest rows, the one whose rows reach the largest other
    columns: choosing one of its rows removes the most, and forces most.  Used with
    tracking (Sudoku-sized matrices; small ones keep the first column, the tree of the
    bitset engine) and up to XC_BITE_MAX primary columns.  Measured on 9x9 Sudoku:
    guesses on puzzles3_magictour_top1465 51.0 -> 35.0, puzzles6_forum_hardest_1106 400 ->
    268, puzzles2_17_clue 5.3 -> 4.1; eight ties did better on forum_hardest than 4, 16, 32
    or 64."""
    cdef const int32_t *R = x.R
    cdef const int32_t *D = x.D
    cdef const int32_t *C = x.C
    cdef const int32_t *S = x.size
    cdef int t, r, j, col, best = ties[0]
    cdef int64_t score, best_score = -1
    for t in range(nties):
        col = ties[t]
        score = 0
        r = D[col]
        while r != col:
            j = R[r]
            while j != r:
                score += S[C[j]] & (XC_SECONDARY - 1)    # a secondary column's own rows
                j = R[j]
            r = D[r]
        if score > best_score:
            best_score = score
            best = col
    return best


cdef int xc_next(ExactCover *x) noexcept nogil:
    """Run to the next exact cover (SEARCH_FOUND) or the end of the tree; resumable."""
    cdef int32_t *R = x.R
    cdef int32_t *D = x.D
    cdef int32_t *C = x.C
    cdef int32_t *L = x.L
    cdef int32_t *S = x.size
    cdef int32_t *choice = x.choice
    cdef int depth = x.depth, c, best, s, r, j, status, nties
    cdef int32_t ties[XC_TIES]
    cdef int nprimary = x.nprimary
    cdef int phase = x.phase
    if phase == XC_DONE:
        return SEARCH_EXHAUSTED
    while True:
        status = search_budget(x.guesses, x.node_limit, x.nodes, &x.next_signal_check)
        if status:
            x.depth = depth
            # At the node limit the search can resume with a higher one.
            x.phase = phase if status == SEARCH_LIMIT else XC_DONE
            return status
        if phase == XC_DESCEND:
            if x.live == 0:
                x.depth = depth
                x.phase = XC_BACKTRACK
                return SEARCH_FOUND
            # Minimum remaining values: the uncovered primary column with the fewest rows;
            # covered and secondary columns have sizes >= XC_SECONDARY.  A plain array scan
            # (no pointer chasing through a header list) stops at a forced column.
            best = 0
            s = XC_SECONDARY
            # First the columns that covers left with one row or none (stale entries,
            # grown back by an uncover, are dropped); a scan only when there is none.
            if x.dead and S[x.dead] == 0:
                # A column left with no row: this branch is dead, whatever else is forced.
                x.dead = 0
                phase = XC_BACKTRACK
                continue
            while x.nhot > 0:
                x.nhot -= 1
                c = x.hot[x.nhot]
                if S[c] <= 1:
                    s = S[c]
                    best = c
                    break
            if best == 0:
                nties = 0
                for c in range(1, nprimary + 1):
                    if S[c] < s:
                        s = S[c]
                        best = c
                        ties[0] = c
                        nties = 1
                        if s <= 1:
                            break
                    elif S[c] == s and nties < XC_TIES:
                        ties[nties] = c
                        nties += 1
                if x.track and nprimary <= XC_BITE_MAX and s >= 2 and nties > 1:
                    best = xc_bite(x, ties, nties)
            if s == 0:
                phase = XC_BACKTRACK
                continue
            xc_cover(x, best)
            r = D[best]
            x.nodes += 1
            if s > 1:
                x.guesses += 1
        else:
            if depth == x.base:
                x.depth = depth
                x.phase = XC_DONE
                return SEARCH_EXHAUSTED
            depth -= 1
            r = choice[depth]
            c = C[r]
            j = L[r]
            while j != r:
                xc_uncover(x, C[j])
                j = L[j]
            r = D[r]
            if r == c:
                xc_uncover(x, c)
                continue
            x.nodes += 1
            x.guesses += 1
        choice[depth] = r
        depth += 1
        j = R[r]
        while j != r:
            xc_cover(x, C[j])
            j = R[j]
        phase = XC_DESCEND


cdef int xc_solution(const ExactCover *x, int32_t *rows) noexcept nogil:
    """Write the rows of the cover just found (selected rows first); return how many."""
    cdef int k
    for k in range(x.depth):
        rows[k] = x.ROW[x.choice[k]]
    return x.depth


# --------------------------------------------------------------------------------------------
# Algorithm X on row bitsets (layout in _core.pxd).  Choosing row r at level d makes level
# d+1: active[d+1] = active[d] minus every row that shares a column with r (r included),
# and count[d+1] = count[d] minus, for each removed row, one in each of its primary columns.
# No links are followed: the updates are sequential word operations and decrements of a
# small count array, where dancing links chase a pointer for each one.  Backtracking is
# free (level d is still there).  Memory grows with levels x (rows / 64 + primary columns),
# so the API takes this engine only for small matrices.
# --------------------------------------------------------------------------------------------

cdef enum:
    BX_COVERED = 1 << 30


cdef void bx_free(BitCover *b) noexcept nogil:
    free(b.colbits)
    free(b.row_off)
    free(b.row_cols)
    free(b.row_nprim)
    free(b.active)
    free(b.cand)
    free(b.count)
    free(b.live)
    free(b.chosen)
    free(b.cursor)
    free(b.lo)
    free(b.hi)
    memset(b, 0, sizeof(BitCover))
    b.phase = XC_DONE


cdef int bx_grow(BitCover *b, int levels) noexcept nogil:
    """Room for `levels` search levels (the per-level arrays grow with the depth reached,
    not with the number of columns).  0, or -1 out of memory (the old arrays stay)."""
    cdef size_t L = levels, W = b.nwords, P = b.nprimary
    if levels <= b.capacity:
        return 0
    if not (regrow(<void **>&b.active, L * W * sizeof(uint64_t))
            and regrow(<void **>&b.cand, L * W * sizeof(uint64_t))
            and regrow(<void **>&b.count, (L * P + 1) * sizeof(int32_t))
            and regrow(<void **>&b.live, L * sizeof(int32_t))
            and regrow(<void **>&b.chosen, L * sizeof(int32_t))
            and regrow(<void **>&b.cursor, L * sizeof(int32_t))
            and regrow(<void **>&b.lo, L * sizeof(int32_t))
            and regrow(<void **>&b.hi, L * sizeof(int32_t))):
        return -1
    b.capacity = levels
    return 0


cdef int bx_build(BitCover *b, int ncols, const uint8_t *secondary, int nrows,
                  const int32_t *row_offsets, const int32_t *row_cols) noexcept nogil:
    """The bitset form of a 0/1 matrix given as for xc_build.  0, -1 out of memory, -2 a
    column out of range; call bx_free afterwards in every case."""
    cdef int c, k, i, p, q, nprimary = 0
    cdef int nones = row_offsets[nrows]
    memset(b, 0, sizeof(BitCover))
    b.phase = XC_DONE
    b.node_limit = -1
    b.next_signal_check = SIGNAL_INTERVAL
    b.nrows = nrows
    b.ncols = ncols
    b.nwords = (nrows + 63) // 64 if nrows > 0 else 1
    cdef int W = b.nwords
    cdef int32_t *renum = <int32_t *>malloc((ncols + 1) * sizeof(int32_t))
    if renum == NULL:
        return -1
    for c in range(ncols):
        if secondary == NULL or not secondary[c]:
            renum[c] = nprimary
            nprimary += 1
    k = nprimary
    for c in range(ncols):
        if secondary != NULL and secondary[c]:
            renum[c] = k
            k += 1
    b.nprimary = nprimary
    b.colbits = <uint64_t *>calloc(<size_t>ncols * W + 1, sizeof(uint64_t))
    b.row_off = <int32_t *>malloc((nrows + 1) * sizeof(int32_t))
    b.row_cols = <int32_t *>malloc((<size_t>nones + 1) * sizeof(int32_t))
    b.row_nprim = <int32_t *>malloc((nrows + 1) * sizeof(int32_t))
    if (b.colbits == NULL or b.row_off == NULL or b.row_cols == NULL or b.row_nprim == NULL
            or bx_grow(b, 16) < 0):
        free(renum)
        return -1
    memset(b.active, 0, W * sizeof(uint64_t))
    for c in range(nprimary):
        b.count[c] = 0
    for k in range(nrows):
        # Primary columns from the front, secondary ones from the back of the row's slot.
        p = row_offsets[k]
        q = row_offsets[k + 1]
        b.row_off[k] = p
        for i in range(row_offsets[k], row_offsets[k + 1]):
            c = row_cols[i]
            if c < 0 or c >= ncols:
                free(renum)
                return -2
            c = renum[c]
            b.colbits[<size_t>c * W + (k >> 6)] |= (<uint64_t>1) << (k & 63)
            if c < nprimary:
                b.row_cols[p] = c
                p += 1
                b.count[c] += 1
            else:
                q -= 1
                b.row_cols[q] = c
        b.row_nprim[k] = p - row_offsets[k]
        b.active[k >> 6] |= (<uint64_t>1) << (k & 63)
    b.row_off[nrows] = nones
    free(renum)
    b.live[0] = nprimary
    b.lo[0] = 0
    b.hi[0] = W
    b.depth = 0
    b.phase = XC_DESCEND
    return 0


cdef inline void bx_choose(BitCover *b, int d, int r) noexcept nogil:
    """Make level d+1 from level d and row r."""
    cdef int W = b.nwords, P = b.nprimary
    cdef const uint64_t *act = b.active + <size_t>d * W
    cdef uint64_t *nact = b.active + <size_t>(d + 1) * W
    cdef int32_t *ncnt = b.count + <size_t>(d + 1) * P
    cdef const uint64_t *colbits = b.colbits
    cdef const int32_t *row_off = b.row_off
    cdef const int32_t *row_cols = b.row_cols
    cdef const int32_t *row_nprim = b.row_nprim
    cdef const int32_t *rc = row_cols + row_off[r]
    cdef int k = row_off[r + 1] - row_off[r]
    cdef int w, i, x, lo = b.lo[d], hi = b.hi[d], nlo = W, nhi = 0
    cdef uint64_t m, a, rest
    cdef const int32_t *xc
    memcpy(ncnt, b.count + <size_t>d * P, P * sizeof(int32_t))
    for w in range(lo, hi):
        a = act[w]
        if a == 0:
            nact[w] = 0
            continue
        m = 0
        for i in range(k):
            m |= colbits[<size_t>rc[i] * W + w]
        m &= a
        rest = a & ~m
        nact[w] = rest
        if rest:
            if w < nlo:
                nlo = w
            nhi = w + 1
        while m:
            x = (w << 6) + bit_index(lowest_bit(m))
            m = clear_lowest_bit(m)
            xc = row_cols + row_off[x]
            for i in range(row_nprim[x]):
                ncnt[xc[i]] -= 1
    for i in range(row_nprim[r]):
        ncnt[rc[i]] = BX_COVERED
    if nhi == 0:
        nlo = 0
    b.lo[d + 1] = nlo
    b.hi[d + 1] = nhi
    b.live[d + 1] = b.live[d] - row_nprim[r]


cdef int bx_next(BitCover *b) noexcept nogil:
    """Run to the next exact cover (SEARCH_FOUND) or the end of the tree; resumable."""
    cdef int W = b.nwords, P = b.nprimary
    cdef int depth = b.depth, phase = b.phase, c, best, s, w, hi, status
    cdef const int32_t *cnt
    cdef const uint64_t *act
    cdef const uint64_t *cb
    cdef uint64_t *cd
    cdef uint64_t bit
    if phase == XC_DONE:
        return SEARCH_EXHAUSTED
    while True:
        status = search_budget(b.guesses, b.node_limit, b.nodes, &b.next_signal_check)
        if status:
            b.depth = depth
            # At the node limit the search can resume with a higher one.
            b.phase = phase if status == SEARCH_LIMIT else XC_DONE
            return status
        if phase == XC_DESCEND:
            if b.live[depth] == 0:
                b.depth = depth
                b.phase = XC_BACKTRACK
                return SEARCH_FOUND
            cnt = b.count + <size_t>depth * P
            best = 0
            s = BX_COVERED
            for c in range(P):
                if cnt[c] < s:
                    s = cnt[c]
                    best = c
                    if s <= 1:
                        break
            if s == 0:
                phase = XC_BACKTRACK
                continue
            act = b.active + <size_t>depth * W
            cb = b.colbits + <size_t>best * W
            cd = b.cand + <size_t>depth * W
            hi = b.hi[depth]
            for w in range(b.lo[depth], hi):
                cd[w] = act[w] & cb[w]
            w = b.lo[depth]
            if s > 1:
                b.guesses += 1
        else:
            if depth == 0:
                b.depth = 0
                b.phase = XC_DONE
                return SEARCH_EXHAUSTED
            depth -= 1
            cd = b.cand + <size_t>depth * W
            hi = b.hi[depth]
            w = b.cursor[depth]
            while w < hi and cd[w] == 0:
                w += 1
            if w == hi:
                continue
            b.guesses += 1
        # Take the next row of the chosen column at this level, from word w on.
        while cd[w] == 0:
            w += 1
        b.cursor[depth] = w
        bit = lowest_bit(cd[w])
        cd[w] ^= bit
        b.nodes += 1
        b.chosen[depth] = (w << 6) + bit_index(bit)
        if depth + 2 > b.capacity and bx_grow(b, 2 * b.capacity) < 0:
            b.depth = depth
            b.phase = XC_DONE
            return SEARCH_NOMEM
        bx_choose(b, depth, b.chosen[depth])
        depth += 1
        phase = XC_DESCEND


cdef int bx_solution(const BitCover *b, int32_t *rows) noexcept nogil:
    """Write the rows of the cover just found; return how many."""
    memcpy(rows, b.chosen, b.depth * sizeof(int32_t))
    return b.depth


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
