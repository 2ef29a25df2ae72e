# Part of fastsudoku._core, included by _core.pyx (after the geometry):
# the human-style logical solver -- one step at a time, the simplest technique first, each
# step with its technique, its Sudoku Explainer difficulty and what it rests on -- and the
# rating on the Sudoku Explainer scale (ER, EP, ED) built on it.

# ============================================================================================
# The logical solver
# ============================================================================================
#
# A board holds the candidates of every empty cell (a mask; 0 once the cell has a value)
# and the values.  `logic_next` finds the next step the way Sudoku Explainer (SE) does:
# the techniques ("producers") are tried in SE's order -- which is its order of difficulty
# -- and the first step found is the one taken; inside a technique, the houses and
# candidates are visited in SE's order (houses: boxes, then columns, then rows, where SE
# does so; values 1..n; tuples in increasing order), so that the step, and from it the
# rating, is the one SE finds.  `logic_apply` then removes the step's candidates and places
# its value, as SE applies a hint.
#
# Everything is written for any side n <= 64 and any box shape (a cell's candidates are one
# uint64 mask); SE's scale is defined for 9x9 only, the other sizes use the same steps.
#
# A step (the fields step_* of the board):
#   tech, diff      the technique (T_*) and its difficulty in tenths (SE's, e.g. 12 = 1.2)
#   cell, value     the value it places (-1 when it only removes candidates)
#   elim[0:nelim]   candidates it removes, cell * 64 + digit (digit 0..n-1)
#   base[0:nbase]   the cells it rests on, in order; base_digits the digits involved
#   unit, unit2     the house(s) it is about (-1: none), in the geometry's unit numbering

cdef enum Technique:
    T_FULL_HOUSE = 0
    T_HIDDEN_SINGLE_BOX
    T_HIDDEN_SINGLE_LINE
    T_DIRECT_POINTING
    T_DIRECT_CLAIMING
    T_DIRECT_HIDDEN_PAIR
    T_NAKED_SINGLE
    T_DIRECT_HIDDEN_TRIPLE
    T_POINTING
    T_CLAIMING
    T_NAKED_PAIR
    T_XWING
    T_HIDDEN_PAIR
    T_NAKED_TRIPLE
    T_SWORDFISH
    T_HIDDEN_TRIPLE
    T_XYWING
    T_XYZWING
    T_NAKED_QUAD
    T_JELLYFISH
    T_HIDDEN_QUAD
    T_COUNT

cdef uint64_t ALL_TECHNIQUES = ((<uint64_t>1) << T_COUNT) - 1

# SE's difficulty of each technique, in tenths (the order above is the order SE tries them).
cdef int TECH_DIFF[21]
TECH_DIFF[:] = [10, 12, 15, 17, 19, 20, 23, 25, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44,
                50, 52, 54]

TECH_NAMES = (
    "full_house", "hidden_single_box", "hidden_single_line", "direct_pointing",
    "direct_claiming", "direct_hidden_pair", "naked_single", "direct_hidden_triple",
    "pointing", "claiming", "naked_pair", "x_wing", "hidden_pair", "naked_triple",
    "swordfish", "hidden_triple", "xy_wing", "xyz_wing", "naked_quad", "jellyfish",
    "hidden_quad",
)

cdef struct LogicTables:
    # Read-only, one per box shape (built on first use, like the geometry):
    #   index_in  ncells x 3: a cell's index in its row, column and box
    #   inter     nunits x nunits: the places of unit u1 that lie in unit u2 (bit k: u1's
    #             k-th cell), 0 when they do not meet
    #   cross     (nunits x 3) x n: the units of each kind (0 box, 1 row, 2 column) that
    #             meet unit u, increasing; ncross their count
    uint8_t *index_in
    uint64_t *inter
    uint16_t *cross
    uint8_t *ncross


cdef struct LBoard:
    const Geometry *g
    const LogicTables *t
    int n
    int ncells
    uint64_t *cand           # candidates of each empty cell; 0 once it has a value
    uint8_t *value           # 0 or 1..n
    int nempty
    # kept up to date with cand: the places of each digit in each unit (pos[u * n + d],
    # bit k = the unit's k-th cell), the empty cells of each unit, the givens of each digit
    uint64_t *pos
    int *unit_empty
    int *placed
    # (unit * n + digit) of each place set that came down to one place: the singles to
    # look at (the rating takes them from here instead of scanning every house)
    int32_t *queue
    int nqueue
    bint broken              # a cell without candidates or a repeated value was made
    # the step found by logic_next
    int step_tech
    int step_diff
    int step_cell
    int step_value
    int nelim
    int32_t *elim
    int nbase
    int32_t *base
    uint64_t base_digits
    int step_unit
    int step_unit2


cdef int logic_init(LBoard *b, const Geometry *g, const LogicTables *t) noexcept nogil:
    """Allocate an empty board (every candidate everywhere); -1 when out of memory."""
    cdef int n = g.n, cell, u, j
    b.g = g
    b.t = t
    b.n = n
    b.ncells = g.ncells
    b.cand = <uint64_t *>malloc(g.ncells * sizeof(uint64_t))
    b.value = <uint8_t *>calloc(g.ncells, 1)
    b.elim = <int32_t *>malloc(g.ncells * n * sizeof(int32_t))
    b.base = <int32_t *>malloc(g.ncells * sizeof(int32_t))
    b.pos = <uint64_t *>malloc(g.nunits * n * sizeof(uint64_t))
    b.unit_empty = <int *>malloc(g.nunits * sizeof(int))
    b.placed = <int *>calloc(n, sizeof(int))
    b.queue = <int32_t *>malloc(g.nunits * n * sizeof(int32_t))
    b.nqueue = 0
    if (b.cand == NULL or b.value == NULL or b.elim == NULL or b.base == NULL
            or b.pos == NULL or b.unit_empty == NULL or b.placed == NULL or b.queue == NULL):
        logic_free(b)
        return -1
    for cell in range(g.ncells):
        b.cand[cell] = g.full
    for u in range(g.nunits):
        b.unit_empty[u] = n
        for j in range(n):
            b.pos[u * n + j] = g.full
            if n == 1:
                b.queue[b.nqueue] = u * n + j
                b.nqueue += 1
    b.nempty = g.ncells
    b.broken = False
    b.nelim = 0
    b.nbase = 0
    return 0


cdef void logic_free(LBoard *b) noexcept nogil:
    free(b.cand)
    free(b.value)
    free(b.elim)
    free(b.base)
    free(b.pos)
    free(b.unit_empty)
    free(b.placed)
    free(b.queue)
    b.queue = NULL
    b.pos = NULL
    b.unit_empty = NULL
    b.placed = NULL
    b.cand = NULL
    b.value = NULL
    b.elim = NULL
    b.base = NULL


cdef inline void logic_remove(LBoard *b, int cell, uint64_t digits) noexcept nogil:
    """Remove candidate digits (a mask) from an empty cell, keeping the places up to date."""
    cdef int n = b.n, j, d, at
    cdef uint64_t p
    cdef const uint16_t *units = b.g.cell_unit_list + 3 * cell
    digits &= b.cand[cell]
    if not digits:
        return
    b.cand[cell] &= ~digits
    if b.cand[cell] == 0:
        b.broken = True
    while digits:
        d = bit_index(lowest_bit(digits))
        digits = clear_lowest_bit(digits)
        for j in range(3):
            at = units[j] * n + d
            p = b.pos[at]
            if p & ((<uint64_t>1) << b.t.index_in[3 * cell + j]):
                p &= ~((<uint64_t>1) << b.t.index_in[3 * cell + j])
                b.pos[at] = p
                if p and has_one_bit(p):
                    b.queue[b.nqueue] = at
                    b.nqueue += 1


cdef void logic_place(LBoard *b, int cell, int digit) noexcept nogil:
    """Give `cell` the value digit + 1 and remove the digit from its peers (SE's
    setValueAndCancel)."""
    cdef const Geometry *g = b.g
    cdef uint64_t bit = (<uint64_t>1) << digit
    cdef int k, p, j, n = b.n
    if b.value[cell]:
        b.broken = True
        return
    cdef bint broken = b.broken or not b.cand[cell] & bit
    logic_remove(b, cell, b.cand[cell])
    b.broken = broken  # the cell emptied by its own placement is no contradiction
    b.value[cell] = digit + 1
    b.nempty -= 1
    b.placed[digit] += 1
    for j in range(3):
        b.unit_empty[g.cell_unit_list[3 * cell + j]] -= 1
        # the digit has its place in the unit: no other place counts
        b.pos[g.cell_unit_list[3 * cell + j] * n + digit] = 0
    for k in range(g.npeers):
        p = g.peers[cell * g.npeers + k]
        if b.value[p] == digit + 1:
            b.broken = True
        elif b.cand[p] & bit:
            logic_remove(b, p, bit)


cdef int logic_load(LBoard *b, const uint8_t *values) noexcept nogil:
    """Place the givens (0 = empty); 1 if they contradict each other."""
    cdef int cell
    for cell in range(b.ncells):
        if values[cell]:
            logic_place(b, cell, values[cell] - 1)
    return b.broken


cdef void logic_apply(LBoard *b) noexcept nogil:
    """Apply the step found: remove its candidates, then place its value (SE's order).
    A direct step (direct pointing, claiming, hidden pair and triple) only places its
    value: its removals are the reason for the single, SE does not apply them."""
    cdef int k, cell
    cdef uint64_t bit
    cdef bint direct = (b.step_tech == T_DIRECT_POINTING or b.step_tech == T_DIRECT_CLAIMING
                        or b.step_tech == T_DIRECT_HIDDEN_PAIR
                        or b.step_tech == T_DIRECT_HIDDEN_TRIPLE)
    for k in range(0 if direct else b.nelim):
        cell = b.elim[k] >> 6
        bit = (<uint64_t>1) << (b.elim[k] & 63)
        if not b.value[cell]:
            logic_remove(b, cell, bit)
    if b.step_cell >= 0 and not b.value[b.step_cell]:
        logic_place(b, b.step_cell, b.step_value)


cdef dict _logic_tables = {}


cdef class _LogicTablesHolder:
    cdef LogicTables t

    def __dealloc__(self):
        free(self.t.index_in)
        free(self.t.inter)
        free(self.t.cross)
        free(self.t.ncross)


cdef const LogicTables *logic_tables_for(const Geometry *g) except NULL:
    """The cached tables of a box shape; built on first use (needs the GIL)."""
    key = (g.r, g.c)
    cdef _LogicTablesHolder h = _logic_tables.get(key)
    if h is not None:
        return &h.t
    h = _LogicTablesHolder()
    cdef int n = g.n, u, v, k, j, cell
    h.t.index_in = <uint8_t *>malloc(g.ncells * 3)
    h.t.inter = <uint64_t *>calloc(g.nunits * g.nunits, sizeof(uint64_t))
    h.t.cross = <uint16_t *>malloc(g.nunits * 3 * n * sizeof(uint16_t))
    h.t.ncross = <uint8_t *>calloc(g.nunits * 3, 1)
    if h.t.index_in == NULL or h.t.inter == NULL or h.t.cross == NULL or h.t.ncross == NULL:
        raise MemoryError()
    for u in range(g.nunits):
        for k in range(n):
            cell = g.units[u * n + k]
            for j in range(3):
                v = g.cell_unit_list[3 * cell + j]
                if v == u:
                    h.t.index_in[3 * cell + j] = k
                h.t.inter[u * g.nunits + v] |= (<uint64_t>1) << k
    cdef int kind, i
    for u in range(g.nunits):
        for kind in range(3):
            for i in range(n):
                v = unit_of_type(n, kind, i)
                if v != u and h.t.inter[u * g.nunits + v]:
                    h.t.cross[(u * 3 + kind) * n + h.t.ncross[u * 3 + kind]] = v
                    h.t.ncross[u * 3 + kind] += 1
    _logic_tables[key] = h
    return &h.t


# --- small helpers ---------------------------------------------------------------------------

cdef inline int unit_cell(const Geometry *g, int u, int k) noexcept nogil:
    return g.units[u * g.n + k]


cdef inline uint64_t positions(const LBoard *b, int u, int digit) noexcept nogil:
    """The places (indices 0..n-1 in unit u) where the digit is still a candidate."""
    return b.pos[u * b.n + digit]


cdef inline int empty_in(const LBoard *b, int u) noexcept nogil:
    return b.unit_empty[u]


cdef inline bint in_unit(const Geometry *g, int cell, int u) noexcept nogil:
    return (g.cell_units[cell * g.nwords + u // 64] >> (u % 64)) & 1


cdef inline bint sees(const Geometry *g, int a, int b) noexcept nogil:
    """a and b share a house (a != b)."""
    cdef const uint16_t *ua = g.cell_unit_list + 3 * a
    cdef const uint16_t *ub = g.cell_unit_list + 3 * b
    return a != b and (ua[0] == ub[0] or ua[1] == ub[1] or ua[2] == ub[2])


cdef inline bint crosses(const LBoard *b, int u1, int u2) noexcept nogil:
    """Houses u1 and u2 (different) share at least one cell."""
    return b.t.inter[u1 * b.g.nunits + u2] != 0


cdef inline void step_start(LBoard *b, int tech) noexcept nogil:
    b.step_tech = tech
    b.step_diff = TECH_DIFF[tech]
    b.step_cell = -1
    b.step_value = -1
    b.nelim = 0
    b.nbase = 0
    b.base_digits = 0
    b.step_unit = -1
    b.step_unit2 = -1


cdef inline void add_elims(LBoard *b, int cell, uint64_t digits) noexcept nogil:
    """Record the removal of `digits` (a mask) from an empty cell, those it still has."""
    digits &= b.cand[cell]
    while digits:
        b.elim[b.nelim] = cell * 64 + bit_index(lowest_bit(digits))
        b.nelim += 1
        digits = clear_lowest_bit(digits)


cdef inline int unit_of_type(int n, int kind, int index) noexcept nogil:
    """SE's region types: 0 box, 1 row, 2 column -> the geometry's unit number."""
    if kind == 0:
        return 2 * n + index
    if kind == 1:
        return index
    return n + index


# SE visits houses in this order of types for singles and subsets: boxes, columns, rows.
cdef int HOUSE_ORDER[3]
HOUSE_ORDER[:] = [0, 2, 1]


# --- singles -----------------------------------------------------------------------------------

cdef bint find_hidden_single(LBoard *b, bint alone, uint64_t allowed) noexcept nogil:
    """A value with one place in a house; `alone`: only where that place is the house's last
    empty cell (a full house, 1.0), else only where it is not (1.2 in a box, 1.5 in a line)."""
    cdef int n = b.n, t, i, u, d, k, count
    cdef uint64_t pos
    for t in range(3):
        if not alone and not allows(allowed, T_HIDDEN_SINGLE_BOX if HOUSE_ORDER[t] == 0
                                    else T_HIDDEN_SINGLE_LINE):
            continue
        for i in range(n):
            u = unit_of_type(n, HOUSE_ORDER[t], i)
            count = -1
            for d in range(n):
                pos = positions(b, u, d)
                if pos and has_one_bit(pos):
                    if count < 0:
                        count = empty_in(b, u)
                    if (count == 1) != alone:
                        continue
                    k = bit_index(pos)
                    step_start(b, T_FULL_HOUSE if alone else
                               (T_HIDDEN_SINGLE_BOX if HOUSE_ORDER[t] == 0
                                else T_HIDDEN_SINGLE_LINE))
                    b.step_cell = unit_cell(b.g, u, k)
                    b.step_value = d
                    b.step_unit = u
                    b.base[0] = b.step_cell
                    b.nbase = 1
                    b.base_digits = (<uint64_t>1) << d
                    return True
    return False


cdef bint find_naked_single(LBoard *b) noexcept nogil:
    cdef int cell
    cdef uint64_t m
    for cell in range(b.ncells):
        m = b.cand[cell]
        if m and has_one_bit(m):
            step_start(b, T_NAKED_SINGLE)
            b.step_cell = cell
            b.step_value = bit_index(m)
            b.base[0] = cell
            b.nbase = 1
            b.base_digits = m
            return True
    return False


# --- intersections (pointing, claiming; direct: when they leave a hidden single) ----------------

cdef bint find_locking(LBoard *b, bint direct, uint64_t allowed) noexcept nogil:
    """A value whose places in house u1 all lie in house u2 (u1 a box and u2 a line:
    pointing; u1 a line and u2 a box: claiming) leaves the rest of u2.  Direct: only
    where that leaves a house of u1's kind with one place for the value (its single is
    placed)."""
    cdef const Geometry *g = b.g
    cdef int n = b.n, pair, t1, t2, d, i1, i2, i3, u1, u2, u3, hcell
    cdef uint64_t pos, pos3
    # SE's order of (u1 kind, u2 kind): (box, column), (box, row), (column, box), (row, box)
    cdef int kinds[8]
    kinds[:] = [0, 2, 0, 1, 2, 0, 1, 0]
    for pair in range(4):
        t1 = kinds[2 * pair]
        t2 = kinds[2 * pair + 1]
        if direct and not allows(allowed, T_DIRECT_POINTING if t1 == 0 else T_DIRECT_CLAIMING):
            continue
        if not direct and not allows(allowed, T_POINTING if t1 == 0 else T_CLAIMING):
            continue
        for d in range(n):
            for i1 in range(n):
                u1 = unit_of_type(n, t1, i1)
                pos = positions(b, u1, d)
                if popcount(pos) < 2:
                    continue
                for i2 in range(b.t.ncross[u1 * 3 + t2]):
                    u2 = b.t.cross[(u1 * 3 + t2) * n + i2]
                    if pos & ~b.t.inter[u1 * g.nunits + u2]:
                        continue
                    if not positions(b, u2, d) & ~b.t.inter[u2 * g.nunits + u1]:
                        continue  # nothing to remove
                    if not direct:
                        step_start(b, T_POINTING if t1 == 0 else T_CLAIMING)
                        if lock_fill(b, u1, u2, d):
                            return True
                        continue
                    for i3 in range(b.t.ncross[u2 * 3 + t1]):
                        u3 = b.t.cross[(u2 * 3 + t1) * n + i3]
                        if u3 == u1:
                            continue
                        pos3 = positions(b, u3, d)
                        if popcount(pos3) < 2:
                            continue
                        pos3 &= ~b.t.inter[u3 * g.nunits + u2]  # its places outside u2
                        if pos3 and has_one_bit(pos3):
                            hcell = unit_cell(g, u3, bit_index(pos3))
                            step_start(b, T_DIRECT_POINTING if t1 == 0 else T_DIRECT_CLAIMING)
                            if lock_fill(b, u1, u2, d):
                                b.step_cell = hcell
                                b.step_value = d
                                return True
    return False


cdef bint lock_fill(LBoard *b, int u1, int u2, int d) noexcept nogil:
    """The step of a locked value d (its places in u1 all in u2): the cells of u1 with it,
    and its removal from the cells of u2 outside u1.  False if nothing is removed."""
    cdef const Geometry *g = b.g
    cdef int k, cell
    cdef uint64_t bit = (<uint64_t>1) << d
    for k in range(b.n):
        cell = unit_cell(g, u1, k)
        if b.cand[cell] & bit:
            b.base[b.nbase] = cell
            b.nbase += 1
    for k in range(b.n):
        cell = unit_cell(g, u2, k)
        if not in_unit(g, cell, u1):
            add_elims(b, cell, bit)
    b.base_digits = bit
    b.step_unit = u1
    b.step_unit2 = u2
    return b.nelim > 0


# --- subsets ------------------------------------------------------------------------------------

cdef inline int eligible(const uint64_t *sets, int count, int degree, int *out) noexcept nogil:
    """The indices i (increasing) of the sets with 2..degree elements: the only ones a
    tuple of `degree` sets holding `degree` elements between them can use (SE also skips
    sets of 0 or 1)."""
    cdef int i, m = 0, k
    for i in range(count):
        k = popcount(sets[i])
        if 2 <= k <= degree:
            out[m] = i
            m += 1
    return m


cdef inline uint64_t next_tuple(uint64_t v, int m) noexcept nogil:
    """The next mask with as many bits as v, in increasing order (SE's Permutations: the
    tuples in colexicographic order); 0 after the last one below 2**m."""
    cdef uint64_t smallest = v & (~v + 1)
    cdef uint64_t ripple = v + smallest
    if ripple == 0:
        return 0
    v = ripple | (((v ^ ripple) >> 2) // smallest)
    if m < 64 and v >> m:
        return 0
    return v


cdef inline uint64_t tuple_union(const uint64_t *sets, const int *idx, uint64_t v,
                                 uint64_t *chosen) noexcept nogil:
    """The union of the sets idx[k] for the bits k of v; `chosen` gets the mask of those
    indices."""
    cdef uint64_t u = 0, c = 0
    cdef int k
    while v:
        k = bit_index(lowest_bit(v))
        v = clear_lowest_bit(v)
        u |= sets[idx[k]]
        c |= (<uint64_t>1) << idx[k]
    chosen[0] = c
    return u


cdef bint find_naked_set(LBoard *b, int degree, int tech) noexcept nogil:
    """`degree` cells of a house, each with 2+ candidates, holding `degree` values between
    them: the values leave the house's other cells.  Houses with fewer than 2 * degree
    empty cells are not searched (SE)."""
    cdef const Geometry *g = b.g
    cdef int n = b.n, t, i, u, k, j, cell, m
    cdef int idx[64]
    cdef uint64_t sets[64]
    cdef uint64_t union_, chosen, v
    for t in range(3):
        for i in range(n):
            u = unit_of_type(n, HOUSE_ORDER[t], i)
            if empty_in(b, u) < 2 * degree:
                continue
            for k in range(n):
                sets[k] = b.cand[unit_cell(g, u, k)]
            m = eligible(sets, n, degree, idx)
            if m < degree:
                continue
            v = ((<uint64_t>1) << degree) - 1
            while v:
                union_ = tuple_union(sets, idx, v, &chosen)
                if popcount(union_) == degree:
                    step_start(b, tech)
                    for j in range(n):
                        cell = unit_cell(g, u, j)
                        if (chosen >> j) & 1:
                            b.base[b.nbase] = cell
                            b.nbase += 1
                        else:
                            add_elims(b, cell, union_)
                    if b.nelim:
                        b.base_digits = union_
                        b.step_unit = u
                        return True
                v = next_tuple(v, m)
    return False


cdef bint find_hidden_set(LBoard *b, int degree, int tech, bint direct) noexcept nogil:
    """`degree` values of a house, each with 2+ places, confined to `degree` cells between
    them: the cells' other candidates go.  Direct: only where that leaves another value
    of the house with one place (its single is placed).  SE searches a house only if it
    has more than 2 * degree empty cells (direct: more than degree)."""
    cdef const Geometry *g = b.g
    cdef int n = b.n, t, i, u, j, empty, cell, d, m
    cdef int idx[64]
    cdef const uint64_t *pos
    cdef uint64_t union_, values, rest, v
    for t in range(3):
        for i in range(n):
            u = unit_of_type(n, HOUSE_ORDER[t], i)
            empty = empty_in(b, u)
            if not (empty > 2 * degree or (direct and empty > degree)):
                continue
            pos = b.pos + u * n
            m = eligible(pos, n, degree, idx)
            if m < degree:
                continue
            v = ((<uint64_t>1) << degree) - 1
            while v:
                union_ = tuple_union(pos, idx, v, &values)
                if popcount(union_) == degree:
                    step_start(b, tech)
                    for j in range(n):
                        if (union_ >> j) & 1:
                            cell = unit_cell(g, u, j)
                            b.base[b.nbase] = cell
                            b.nbase += 1
                            add_elims(b, cell, ~values)
                    b.base_digits = values
                    b.step_unit = u
                    if direct:
                        for d in range(n):
                            if (values >> d) & 1 or popcount(pos[d]) < 2:
                                continue
                            rest = pos[d] & ~union_
                            if rest and has_one_bit(rest):
                                b.step_cell = unit_cell(g, u, bit_index(rest))
                                b.step_value = d
                                return True
                    elif b.nelim:
                        return True
                v = next_tuple(v, m)
    return False


# --- fish ---------------------------------------------------------------------------------------

cdef bint find_fish(LBoard *b, int degree, int tech) noexcept nogil:
    """A value whose places in `degree` base lines (columns, then rows) lie in `degree`
    cover lines between them, each base line with 2+ places: the value leaves the cover
    lines' other cells.  SE looks only at values placed at most n - 2 * degree times, and
    tries the tuples of base lines in its order, each with every value."""
    cdef const Geometry *g = b.g
    cdef int n = b.n, orient, base_kind, cover_kind, d, k, j, cell, m, best, first
    cdef int idx[64]
    cdef int *idxs = <int *>malloc(n * 64 * sizeof(int))
    cdef int counts[64]
    cdef uint64_t *sets = <uint64_t *>malloc(n * 64 * sizeof(uint64_t))
    cdef uint64_t union_, lines, v = 0
    cdef uint64_t cur[64]
    cdef bint found = False
    if idxs == NULL or sets == NULL:
        free(idxs)
        free(sets)
        return False
    for orient in range(2):
        base_kind = 2 if orient == 0 else 1
        cover_kind = 1 if orient == 0 else 2
        # For each value: its places in every base line, and the lines it can use.
        for d in range(n):
            counts[d] = 0
            if b.placed[d] + 2 * degree > n:
                continue
            for k in range(n):
                sets[d * 64 + k] = b.pos[unit_of_type(n, base_kind, k) * n + d]
            counts[d] = eligible(sets + d * 64, n, degree, idxs + d * 64)
        # SE's order: tuples of lines (colex), each with the values 1..n.  Each value
        # walks its own tuples; the next hit overall is the smallest (tuple, value).
        best = -1
        for d in range(n):
            cur[d] = ((<uint64_t>1) << degree) - 1 if counts[d] >= degree else 0
        while True:
            # the value whose current tuple (mapped to lines) is smallest
            best = -1
            for d in range(n):
                while cur[d]:
                    union_ = tuple_union(sets + d * 64, idxs + d * 64, cur[d], &lines)
                    if popcount(union_) == degree and fish_removes(b, d, union_, lines,
                                                                   cover_kind):
                        break
                    cur[d] = next_tuple(cur[d], counts[d])
                if cur[d]:
                    tuple_union(sets + d * 64, idxs + d * 64, cur[d], &lines)
                    if best < 0 or lines < v:
                        best = d
                        v = lines
            if best < 0:
                break
            d = best
            union_ = tuple_union(sets + d * 64, idxs + d * 64, cur[d], &lines)
            step_start(b, tech)
            for j in range(n):
                if not (union_ >> j) & 1:
                    continue
                for k in range(n):
                    cell = unit_cell(g, unit_of_type(n, cover_kind, j), k)
                    if (lines >> k) & 1:
                        if b.cand[cell] & ((<uint64_t>1) << d):
                            b.base[b.nbase] = cell
                            b.nbase += 1
                    else:
                        add_elims(b, cell, (<uint64_t>1) << d)
            b.base_digits = (<uint64_t>1) << d
            found = True
            break
        if found:
            break
    free(idxs)
    free(sets)
    return found


cdef inline bint fish_removes(const LBoard *b, int d, uint64_t covers, uint64_t lines,
                              int cover_kind) noexcept nogil:
    """The value d has a place in one of the cover lines outside the base lines."""
    cdef int j, n = b.n
    while covers:
        j = bit_index(lowest_bit(covers))
        covers = clear_lowest_bit(covers)
        if b.pos[unit_of_type(n, cover_kind, j) * n + d] & ~lines:
            return True
    return False


# --- wings --------------------------------------------------------------------------------------

cdef bint find_xy_wing(LBoard *b, bint xyz) noexcept nogil:
    """A pivot with candidates xy (xyz) seeing two cells xz and yz: z leaves the cells that
    see both of them (and the pivot, for XYZ)."""
    cdef const Geometry *g = b.g
    cdef int pivot, a, c, ka, kc, cell, z, target = 3 if xyz else 2
    cdef uint64_t mp, ma, mc, union_, inter, zbit
    for pivot in range(b.ncells):
        mp = b.cand[pivot]
        if popcount(mp) != target:
            continue
        for ka in range(g.npeers):
            a = g.peers[pivot * g.npeers + ka]
            ma = b.cand[a]
            if popcount(ma) != 2 or popcount(mp & ~ma) != 1:
                continue
            for kc in range(g.npeers):
                c = g.peers[pivot * g.npeers + kc]
                mc = b.cand[c]
                if popcount(mc) != 2:
                    continue
                union_ = mp | ma | mc
                inter = mp & ma & mc
                if popcount(union_) != 3 or popcount(inter) != (1 if xyz else 0):
                    continue
                zbit = ma & mc
                if zbit == 0:
                    continue
                zbit = lowest_bit(zbit)
                step_start(b, T_XYZWING if xyz else T_XYWING)
                for cell in range(b.ncells):
                    if (cell != pivot and cell != a and cell != c and sees(g, cell, a)
                            and sees(g, cell, c) and (not xyz or sees(g, cell, pivot))):
                        add_elims(b, cell, zbit)
                if b.nelim:
                    b.base[0] = pivot
                    b.base[1] = a
                    b.base[2] = c
                    b.nbase = 3
                    b.base_digits = union_
                    return True
    return False


# --- the ladder -------------------------------------------------------------------------------

cdef inline bint allows(uint64_t allowed, int tech) noexcept nogil:
    return (allowed >> tech) & 1


cdef bint logic_next(LBoard *b, uint64_t allowed, bint singles=True) noexcept nogil:
    """Find the next step: the first technique of SE's order, among the `allowed` ones (a
    mask of T_* bits), that applies; False when none does.  `singles` False: the caller
    knows there are no hidden singles (the rating's singles_pass has taken them)."""
    if singles and ((allows(allowed, T_FULL_HOUSE) and find_hidden_single(b, True, allowed))
                    or find_hidden_single(b, False, allowed)):
        return True
    if find_locking(b, True, allowed):
        return True
    if (allows(allowed, T_DIRECT_HIDDEN_PAIR)
            and find_hidden_set(b, 2, T_DIRECT_HIDDEN_PAIR, True)):
        return True
    if allows(allowed, T_NAKED_SINGLE) and find_naked_single(b):
        return True
    if (allows(allowed, T_DIRECT_HIDDEN_TRIPLE)
            and find_hidden_set(b, 3, T_DIRECT_HIDDEN_TRIPLE, True)):
        return True
    if find_locking(b, False, allowed):
        return True
    if allows(allowed, T_NAKED_PAIR) and find_naked_set(b, 2, T_NAKED_PAIR):
        return True
    if allows(allowed, T_XWING) and find_fish(b, 2, T_XWING):
        return True
    if allows(allowed, T_HIDDEN_PAIR) and find_hidden_set(b, 2, T_HIDDEN_PAIR, False):
        return True
    if allows(allowed, T_NAKED_TRIPLE) and find_naked_set(b, 3, T_NAKED_TRIPLE):
        return True
    if allows(allowed, T_SWORDFISH) and find_fish(b, 3, T_SWORDFISH):
        return True
    if allows(allowed, T_HIDDEN_TRIPLE) and find_hidden_set(b, 3, T_HIDDEN_TRIPLE, False):
        return True
    if allows(allowed, T_XYWING) and find_xy_wing(b, False):
        return True
    if allows(allowed, T_XYZWING) and find_xy_wing(b, True):
        return True
    if allows(allowed, T_NAKED_QUAD) and find_naked_set(b, 4, T_NAKED_QUAD):
        return True
    if allows(allowed, T_JELLYFISH) and find_fish(b, 4, T_JELLYFISH):
        return True
    if allows(allowed, T_HIDDEN_QUAD) and find_hidden_set(b, 4, T_HIDDEN_QUAD, False):
        return True
    return False


cdef int singles_pass(LBoard *b, int kind, int *counts) noexcept nogil:
    """Place every single of one kind at once (0: full houses, 1: hidden singles in boxes,
    2: in rows and columns -- each kind also takes the easier ones it meets), from the
    queue of places that came down to one; the count placed (counts[T_*] counts each by
    what it was when placed).  In the rating this is the same as SE's one at a time: a
    single stays a single until it is placed, and SE places all the singles of a kind (and
    easier) before it tries anything harder, so both reach the same position and the same
    hardest step."""
    cdef int n = b.n, i = 0, w = 0, u, at, count = 0, tech
    cdef uint64_t p
    while i < b.nqueue:
        at = b.queue[i]
        i += 1
        p = b.pos[at]
        if p == 0:
            continue                  # placed (or emptied: the board is broken)
        u = at // n
        if b.unit_empty[u] == 1:
            tech = T_FULL_HOUSE
        elif u >= 2 * n:
            tech = T_HIDDEN_SINGLE_BOX
        else:
            tech = T_HIDDEN_SINGLE_LINE
        if tech <= kind:
            logic_place(b, unit_cell(b.g, u, bit_index(p)), at % n)
            counts[tech] += 1
            count += 1
            if b.broken:
                break
        else:
            b.queue[w] = at
            w += 1
    while i < b.nqueue:              # left when broken
        b.queue[w] = b.queue[i]
        w += 1
        i += 1
    b.nqueue = w
    return count


cdef struct LRating:
    int er                   # tenths: the hardest step (until stuck, if stuck)
    int ep
    int ed
    int hardest              # technique of er
    int steps
    int stuck                # empty cells left when the techniques ran out (0: solved)
    int counts[64]           # steps of each technique (singles: each placement)


cdef inline void rate_step(LRating *out, int diff, int tech, bint placed) noexcept nogil:
    if diff > out.er:
        out.er = diff
        out.hardest = tech
    out.steps += 1
    if out.ep == 0:
        if out.ed == 0:
            out.ed = out.er
        if placed:
            out.ep = out.er


cdef void logic_rate(LBoard *b, LRating *out) noexcept nogil:
    """SE's rating loop: take the next step until solved; ER is the hardest step, ED the
    difficulty of the first step, EP the hardest step up to the first placed value.
    Singles go in bulk (singles_pass), everything else one step at a time as SE does."""
    cdef int kind
    memset(out, 0, sizeof(LRating))
    out.hardest = -1
    while b.nempty > 0 and not b.broken:
        for kind in range(3):
            if singles_pass(b, kind, out.counts):
                rate_step(out, TECH_DIFF[kind], kind, True)
                break
        else:
            if not logic_next(b, ALL_TECHNIQUES, False):
                out.stuck = b.nempty
                return
            out.counts[b.step_tech] += 1
            rate_step(out, b.step_diff, b.step_tech, b.step_cell >= 0)
            logic_apply(b)


cdef bint logic_solves(LBoard *b, uint64_t allowed) noexcept nogil:
    """Whether the `allowed` techniques alone solve the position (one step at a time)."""
    while b.nempty > 0 and not b.broken:
        if not logic_next(b, allowed):
            return False
        logic_apply(b)
    return not b.broken


# --- Python entry points --------------------------------------------------------------------------

cdef _logic_board(LBoard *b, bytes values, int r, int c, object candidates):
    """Set up a board from values (and an optional list of candidate masks, a pencil-mark
    state: each empty cell keeps only those)."""
    cdef const Geometry *g = geometry_for(r, c)
    if len(values) != g.ncells:
        raise ValueError(f"{len(values)} values for a {g.n}x{g.n} grid")
    if candidates is not None and len(candidates) != g.ncells:
        raise ValueError(f"{len(candidates)} candidate sets for a {g.n}x{g.n} grid")
    if logic_init(b, g, logic_tables_for(g)) < 0:
        raise MemoryError()
    cdef const uint8_t *v = <const uint8_t *>PyBytes_AS_STRING(values)
    cdef int cell
    logic_load(b, v)
    if candidates is not None:
        for cell in range(g.ncells):
            if not b.value[cell]:
                logic_remove(&b[0], cell, ~(<uint64_t>candidates[cell]))


def _logic_steps(bytes values, int r, int c, object candidates=None, Py_ssize_t limit=-1,
                 uint64_t allowed=ALL_TECHNIQUES):
    """The steps from a position, in order, until it is solved, stuck or `limit` steps:
    (steps, state) with each step (technique, difficulty tenths, cell, digit, eliminations
    as (cell, digit) pairs, base cells, base digit mask, unit, unit2) and state
    "solved", "stuck" or "broken" ("limit" when cut short)."""
    cdef LBoard b
    cdef bint found
    _logic_board(&b, values, r, c, candidates)
    out = []
    state = "solved"
    try:
        while True:
            if b.broken:
                state = "broken"
                break
            if b.nempty == 0:
                break
            if limit >= 0 and len(out) >= limit:
                state = "limit"
                break
            with nogil:
                found = logic_next(&b, allowed)
            if not found:
                state = "stuck"
                break
            out.append((
                b.step_tech, b.step_diff, b.step_cell, b.step_value,
                [(b.elim[k] >> 6, b.elim[k] & 63) for k in range(b.nelim)],
                [b.base[k] for k in range(b.nbase)], b.base_digits, b.step_unit, b.step_unit2,
            ))
            logic_apply(&b)
    finally:
        logic_free(&b)
    return out, state


def _logic_rate(bytes values, int r, int c, object candidates=None):
    """(er, ep, ed, hardest technique, steps of each technique, empty cells left), the
    difficulties in tenths; empty cells left > 0 when the techniques ran out before the
    end (er: the hardest step until then).  ValueError if the position breaks."""
    cdef LBoard b
    cdef LRating out
    cdef int k
    _logic_board(&b, values, r, c, candidates)
    try:
        if b.broken:
            raise ValueError("the position contradicts itself")
        with nogil:
            logic_rate(&b, &out)
        if b.broken:
            raise ValueError("the position has no solution")
    finally:
        logic_free(&b)
    counts = [0] * T_COUNT
    for k in range(T_COUNT):
        counts[k] = out.counts[k]
    return out.er, out.ep, out.ed, out.hardest, counts, out.stuck


def _logic_solves(bytes values, int r, int c, uint64_t allowed):
    """Whether the allowed techniques (a mask of technique numbers) solve the puzzle."""
    cdef LBoard b
    cdef bint done
    _logic_board(&b, values, r, c, None)
    try:
        with nogil:
            done = logic_solves(&b, allowed)
    finally:
        logic_free(&b)
    return done
