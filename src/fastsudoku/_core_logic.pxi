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
    T_STRONG_LINKS_2
    T_XYWING
    T_XYZWING
    T_UNIQUE_LOOP
    T_NAKED_QUAD
    T_JELLYFISH
    T_HIDDEN_QUAD
    T_STRONG_LINKS_3
    T_WXYZ_WING
    T_BUG
    T_STRONG_LINKS_4
    T_VWXYZ_WING
    T_APE
    T_UVWXYZ_WING
    T_FORCING_CHAINS
    T_TUVWXYZ_WING
    T_ATE
    T_NISHIO
    T_MULTIPLE_CHAINS
    T_DYNAMIC_CHAINS
    T_DYNAMIC_PLUS
    T_NESTED_CHAINS
    T_NESTED_MULTIPLE
    T_NESTED_DYNAMIC
    T_COUNT

cdef uint64_t ALL_TECHNIQUES = ((<uint64_t>1) << T_COUNT) - 1

# SE's difficulty of each technique, in tenths (the order above is the order SE tries them).
# (the base of those whose difficulty varies: strong links)
cdef int TECH_DIFF[40]
TECH_DIFF[:] = [10, 12, 15, 17, 19, 20, 23, 25, 26, 28, 30, 32, 34, 36, 38, 40, 40, 42, 44,
                45, 50, 52, 54, 54, 55, 56, 58, 62, 62, 66, 65, 75, 75, 75, 80, 85, 90,
                95, 100, 105]

TECH_NAMES = (
    "full_house", "hidden_single_box", "hidden_single_line", "direct_pointing",
    "direct_claiming", "direct_hidden_pair", "naked_single", "direct_hidden_triple",
    "pointing", "claiming", "naked_pair", "x_wing", "hidden_pair", "naked_triple",
    "swordfish", "hidden_triple", "two_strong_links", "xy_wing", "xyz_wing", "unique_loop",
    "naked_quad", "jellyfish", "hidden_quad", "three_strong_links", "wxyz_wing", "bug",
    "four_strong_links", "vwxyz_wing", "aligned_pair_exclusion", "uvwxyz_wing",
    "forcing_chain", "tuvwxyz_wing", "aligned_triple_exclusion", "nishio", "multiple_chains",
    "dynamic_chains", "dynamic_chains_plus", "nested_forcing_chains",
    "nested_multiple_chains", "nested_dynamic_chains",
)

#: SE's difficulty of each technique in TECH_NAMES, in tenths (the base of those that vary).
TECH_DIFFICULTY = tuple([TECH_DIFF[k] for k in range(<int>T_COUNT)])

cdef struct LogicTables:
    # Read-only, one per box shape (built on first use, like the geometry):
    #   index_in  ncells x 3: a cell's index in its row, column and box
    #   inter     nunits x nunits: the places of unit u1 that lie in unit u2 (bit k: u1's
    #             k-th cell), 0 when they do not meet
    #   cross     (nunits x 3) x n: the units of each kind (0 box, 1 row, 2 column) that
    #             meet unit u, increasing; ncross their count
    #   peer2, unit2  grids of at most 128 cells: each cell's peers and each unit's cells
    #             as two words (bit k of word k // 64: cell k); NULL for larger grids
    uint8_t *index_in
    uint64_t *inter
    uint16_t *cross
    uint8_t *ncross
    uint64_t *peer2
    uint64_t *unit2


cdef enum:
    CHAIN_CAP = 1024         # potentials of a chain hint's chains kept for its sentence

cdef struct DigitCells:
    uint64_t bits[9][2]      # 9x9: the cells (bit a of word a // 64) holding each digit


cdef struct DigitMemo:
    # Per digit, the cells it had when a search that reads that digit's cells alone found
    # nothing (ok[d]: kept): the search may skip the digit while its cells are the same.
    DigitCells cells
    uint8_t ok[9]


cdef void digit_cells(const uint64_t *cand, DigitCells *out) noexcept nogil:
    """The cells of each digit of a 9x9 board's candidate masks."""
    cdef int a, d
    cdef uint64_t m
    memset(out, 0, sizeof(DigitCells))
    for a in range(81):
        m = cand[a]
        while m:
            d = bit_index(lowest_bit(m))
            m = clear_lowest_bit(m)
            out.bits[d][a >> 6] |= (<uint64_t>1) << (a & 63)


cdef inline bint memo_holds(const DigitMemo *memo, const DigitCells *cells,
                            int d) noexcept nogil:
    """Did the search find nothing for digit d (0..8) when it had these cells?"""
    return (memo.ok[d] and memo.cells.bits[d][0] == cells.bits[d][0]
            and memo.cells.bits[d][1] == cells.bits[d][1])


cdef inline void memo_keep(DigitMemo *memo, const DigitCells *cells, int d) noexcept nogil:
    """The search found nothing for digit d with these cells."""
    memo.cells.bits[d][0] = cells.bits[d][0]
    memo.cells.bits[d][1] = cells.bits[d][1]
    memo.ok[d] = 1


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
    uint64_t *unit_vals      # the values placed in each unit (bit d: d + 1)
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
    bint interrupted         # Ctrl-C or a batch's stop flag stopped a nested chain search
    int step_kind            # chains: the kind of chain hint (K_*), else 0
    int16_t *chain           # chains: their potentials (Chains.best_chain), else empty
    int nchain
    # StrongLinks(2 + i) found no chain of digit d + 1 when its cells were those kept in
    # sl_none[i]: its search reads that digit's cells alone, so it finds none again until
    # they change (find_strong_links skips the digit)
    DigitMemo sl_none[3]
    # Likewise the X pass of the forcing chains and cycles (run_unary): no hint from the
    # candidates of digit d + 1 when its cells were those kept in fx_none
    DigitMemo fx_none


cdef int logic_init(LBoard *b, const Geometry *g, const LogicTables *t) noexcept nogil:
    """Allocate an empty board (every candidate everywhere); -1 when out of memory.  Its
    arrays are carved from one block (the widest first, so each is aligned), b.cand at its
    start: logic_free frees that."""
    cdef int n = g.n, cell, u, j
    cdef size_t wide = (g.ncells + g.nunits * n + g.nunits) * sizeof(uint64_t)
    cdef size_t ints = ((g.ncells * n + g.ncells + g.nunits * n) * sizeof(int32_t)
                        + (g.nunits + n) * sizeof(int))
    cdef size_t total = wide + ints + CHAIN_CAP * sizeof(int16_t) + g.ncells
    cdef char *block = <char *>malloc(total)
    b.g = g
    b.t = t
    b.n = n
    b.ncells = g.ncells
    if block == NULL:
        b.cand = NULL
        logic_free(b)
        return -1
    b.cand = <uint64_t *>block
    b.pos = b.cand + g.ncells
    b.unit_vals = b.pos + g.nunits * n
    block += wide
    b.elim = <int32_t *>block
    b.base = b.elim + g.ncells * n
    b.queue = b.base + g.ncells
    b.unit_empty = <int *>(b.queue + g.nunits * n)
    b.placed = b.unit_empty + g.nunits
    b.chain = <int16_t *>(b.placed + n)
    b.value = <uint8_t *>(b.chain + CHAIN_CAP)
    memset(b.value, 0, g.ncells)
    memset(b.unit_vals, 0, g.nunits * sizeof(uint64_t))
    memset(b.placed, 0, n * sizeof(int))
    b.nqueue = 0
    b.nchain = 0
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
    b.interrupted = False
    b.nelim = 0
    b.nbase = 0
    memset(b.sl_none, 0, sizeof(b.sl_none))
    memset(&b.fx_none, 0, sizeof(b.fx_none))
    return 0


cdef void logic_free(LBoard *b) noexcept nogil:
    free(b.cand)                 # the block of every array (logic_init)
    b.cand = NULL
    b.value = NULL
    b.elim = NULL
    b.base = NULL
    b.pos = NULL
    b.unit_empty = NULL
    b.unit_vals = NULL
    b.placed = NULL
    b.queue = NULL
    b.chain = NULL


cdef inline void logic_lose(LBoard *b, int at, uint64_t here) noexcept nogil:
    """The place `here` leaves the places b.pos[at] of a unit and digit (if it was one);
    the pair is queued when one place is left."""
    cdef uint64_t p = b.pos[at]
    if p & here:
        p &= ~here
        b.pos[at] = p
        if p and has_one_bit(p):
            b.queue[b.nqueue] = at
            b.nqueue += 1


cdef inline void logic_remove(LBoard *b, int cell, uint64_t digits) noexcept nogil:
    """Remove candidate digits (a mask) from an empty cell, keeping the places up to date."""
    cdef int n = b.n, j, d
    cdef uint64_t left = b.cand[cell] & ~digits
    cdef const uint16_t *units = b.g.cell_unit_list + 3 * cell
    cdef int base[3]
    cdef uint64_t here[3]
    digits &= b.cand[cell]
    if not digits:
        return
    b.cand[cell] = left
    if left == 0:
        b.broken = True
    # The cell's place in each of its units, read once (the stores to b.pos could
    # otherwise be the tables' bytes for all the compiler knows).
    for j in range(3):
        base[j] = units[j] * n
        here[j] = (<uint64_t>1) << b.t.index_in[3 * cell + j]
    while digits:
        d = bit_index(lowest_bit(digits))
        digits = clear_lowest_bit(digits)
        for j in range(3):
            logic_lose(b, base[j] + d, here[j])


cdef inline void logic_remove_one(LBoard *b, int cell, int d) noexcept nogil:
    """logic_remove of the one digit d (a placement's peers: most of the removals)."""
    cdef uint64_t bit = (<uint64_t>1) << d
    cdef const uint16_t *units = b.g.cell_unit_list + 3 * cell
    cdef const uint8_t *index_in = b.t.index_in + 3 * cell
    cdef int n = b.n, j
    if not b.cand[cell] & bit:
        return
    b.cand[cell] &= ~bit
    if b.cand[cell] == 0:
        b.broken = True
    for j in range(3):
        logic_lose(b, units[j] * n + d, (<uint64_t>1) << index_in[j])


cdef void logic_place(LBoard *b, int cell, int digit) noexcept nogil:
    """Give `cell` the value digit + 1 and remove the digit from its peers (SE's
    setValueAndCancel).  The peers that still have the digit are read from the places of
    its three units (up to 128 cells: as a set, cleared in increasing order as the peer
    list would; larger grids walk the peer list)."""
    cdef const Geometry *g = b.g
    cdef const uint16_t *units = g.cell_unit_list + 3 * cell
    cdef uint64_t bit = (<uint64_t>1) << digit, p
    cdef uint64_t clear[2]
    cdef int k, j, u, peer, n = b.n
    if b.value[cell]:
        b.broken = True
        return
    cdef bint broken = b.broken or not b.cand[cell] & bit
    logic_remove(b, cell, b.cand[cell])
    b.broken = broken  # the cell emptied by its own placement is no contradiction
    b.value[cell] = digit + 1
    b.nempty -= 1
    b.placed[digit] += 1
    clear[0] = 0
    clear[1] = 0
    for j in range(3):
        u = units[j]
        b.unit_empty[u] -= 1
        if b.unit_vals[u] & bit:
            b.broken = True       # a peer has the value already
        b.unit_vals[u] |= bit
        # the digit has its place in the unit: no other place counts
        p = b.pos[u * n + digit]
        b.pos[u * n + digit] = 0
        if b.t.peer2 != NULL:
            while p:
                peer = unit_cell(g, u, bit_index(lowest_bit(p)))
                p = clear_lowest_bit(p)
                clear[peer >> 6] |= (<uint64_t>1) << (peer & 63)
    if b.t.peer2 != NULL:
        for j in range(2):
            while clear[j]:
                peer = 64 * j + bit_index(lowest_bit(clear[j]))
                clear[j] = clear_lowest_bit(clear[j])
                logic_remove_one(b, peer, digit)
        return
    for k in range(g.npeers):
        peer = g.peers[cell * g.npeers + k]
        if b.cand[peer] & bit:
            logic_remove_one(b, peer, digit)


cdef int logic_load(LBoard *b, const uint8_t *values) noexcept nogil:
    """Place the givens (0 = empty) on a new board; 1 if they contradict each other.

    The state is built at once -- each unit's values, each empty cell's candidates, the
    places of each digit in each unit, the singles queued -- instead of one placement at a
    time (which would update every peer of every given: most of an easy puzzle's rating).
    Givens that repeat in a unit take the placements, which say where it breaks."""
    cdef const Geometry *g = b.g
    cdef int n = b.n, cell, j, u, d, v
    cdef uint64_t used[3 * MAX_SIDE]
    cdef uint64_t bit, left
    cdef const uint16_t *units
    cdef const uint8_t *index_in
    for u in range(g.nunits):
        used[u] = 0
    for cell in range(b.ncells):
        v = values[cell]
        if v:
            bit = (<uint64_t>1) << (v - 1)
            units = g.cell_unit_list + 3 * cell
            for j in range(3):
                if used[units[j]] & bit:
                    for cell in range(b.ncells):
                        if values[cell]:
                            logic_place(b, cell, values[cell] - 1)
                    return b.broken
                used[units[j]] |= bit
    for u in range(g.nunits * n):
        b.pos[u] = 0
    for cell in range(b.ncells):
        units = g.cell_unit_list + 3 * cell
        v = values[cell]
        if v:
            b.value[cell] = v
            b.cand[cell] = 0
            b.nempty -= 1
            b.placed[v - 1] += 1
            for j in range(3):
                b.unit_empty[units[j]] -= 1
            continue
        left = g.full & ~(used[units[0]] | used[units[1]] | used[units[2]])
        b.cand[cell] = left
        if left == 0:
            b.broken = True
        index_in = b.t.index_in + 3 * cell
        while left:
            d = bit_index(lowest_bit(left))
            left = clear_lowest_bit(left)
            for j in range(3):
                b.pos[units[j] * n + d] |= (<uint64_t>1) << index_in[j]
    b.nqueue = 0
    for u in range(g.nunits):
        b.unit_vals[u] = used[u]
        for d in range(n):
            left = b.pos[u * n + d]
            if left and has_one_bit(left):
                b.queue[b.nqueue] = u * n + d
                b.nqueue += 1
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
        free(self.t.peer2)
        free(self.t.unit2)


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
    h.t.peer2 = NULL
    h.t.unit2 = NULL
    if g.ncells <= 128:
        h.t.peer2 = <uint64_t *>calloc(2 * g.ncells, sizeof(uint64_t))
        h.t.unit2 = <uint64_t *>calloc(2 * g.nunits, sizeof(uint64_t))
        if h.t.peer2 == NULL or h.t.unit2 == NULL:
            raise MemoryError()
        for cell in range(g.ncells):
            for k in range(g.npeers):
                v = g.peers[cell * g.npeers + k]
                h.t.peer2[2 * cell + v // 64] |= (<uint64_t>1) << (v % 64)
        for u in range(g.nunits):
            for k in range(n):
                v = g.units[u * n + k]
                h.t.unit2[2 * u + v // 64] |= (<uint64_t>1) << (v % 64)
    # Built twice by two threads at once (free-threaded Python): the first stored is the
    # one every caller gets (a replaced holder would free tables in use).
    h = _logic_tables.setdefault(key, h)
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
    b.step_kind = 0
    b.nchain = 0


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
                if not two_or_more(pos):
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
                        if not two_or_more(pos3):
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
                            if (values >> d) & 1 or not two_or_more(pos[d]):
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


# --- strong links (SE's StrongLinks(n): skyscraper, kite, turbot, empty rectangle, ...) ----------
#
# A chain of n strong links on one digit (a house with the digit in exactly two places, or
# in two groups of a box or line), joined by weak links (the exit of one link and the entry
# of the next share a house); the digit leaves the cells that see both ends.  SE's own
# producer, reproduced as SE does it: its link groups (at most three cells an end), its
# enumeration order, its ring rule and its sort (difficulty, then removals, then a name).
# 9x9 only (its groups are shaped on 3x3 boxes).

cdef struct SLink:
    int unit
    int kind                 # 0 box, 1 row, 2 column
    int index
    int grouped
    int end[2]
    int sup[2]               # -1: none
    int sup2[2]
    int gh[2][3]             # the column, row and box holding all of each end's group (-1)
    uint64_t cells[2]        # the region's cells holding the digit


cdef struct SLSearch:
    LBoard *b
    int n
    int digit
    uint64_t dbit[2]         # the cells holding the digit
    int tab[4][2][4][2]      # the house shared by two chosen links' ends (-1: none)
    SLink cache[9][27][2]    # the links of each digit and house (sl_orientations), and
    int8_t ncache[9][27]     # their count (-1: not computed yet)
    int linkset[4]
    SLink links[4]
    # the best hint so far
    int found
    int best_digit
    int best_diff
    int best_total
    char best_suffix[8]
    int best_nelim
    int32_t best_elim[81]
    int best_nbase
    int32_t best_base[24]


cdef int SL_ORDERS2[1][4]
SL_ORDERS2[0][:] = [0, 1, 0, 0]
cdef int SL_ORDERS3[3][4]
SL_ORDERS3[0][:] = [0, 1, 2, 0]
SL_ORDERS3[1][:] = [1, 0, 2, 0]
SL_ORDERS3[2][:] = [0, 2, 1, 0]
cdef int SL_ORDERS4[12][4]
SL_ORDERS4[0][:] = [0, 1, 2, 3]
SL_ORDERS4[1][:] = [1, 0, 2, 3]
SL_ORDERS4[2][:] = [2, 0, 1, 3]
SL_ORDERS4[3][:] = [0, 2, 1, 3]
SL_ORDERS4[4][:] = [1, 2, 0, 3]
SL_ORDERS4[5][:] = [2, 1, 0, 3]
SL_ORDERS4[6][:] = [0, 3, 2, 1]
SL_ORDERS4[7][:] = [0, 2, 3, 1]
SL_ORDERS4[8][:] = [1, 0, 3, 2]
SL_ORDERS4[9][:] = [0, 1, 3, 2]
SL_ORDERS4[10][:] = [1, 3, 0, 2]
SL_ORDERS4[11][:] = [0, 3, 1, 2]


cdef inline int sl_full(const SLink *l) noexcept nogil:
    """SE's region number: box 1..9, row 11..19, column 21..29."""
    return (1 if l.kind == 0 else (11 if l.kind == 1 else 21)) + l.index


cdef inline int sl_share_gh(const int *a, const int *c) noexcept nogil:
    """The house holding both groups (column, then row, then box), or -1."""
    cdef int j
    for j in range(3):
        if a[j] >= 0 and a[j] == c[j]:
            return a[j]
    return -1


cdef inline int sl_group(const SLink *l, int e, int *out) noexcept nogil:
    """The cells of end e of a link: the end, then its supports (sup2 only after sup)."""
    out[0] = l.end[e]
    if l.sup[e] < 0:
        return 1
    out[1] = l.sup[e]
    if l.sup2[e] < 0:
        return 2
    out[2] = l.sup2[e]
    return 3


cdef inline void sl_seen_by(const LogicTables *t, const int *cells, int count,
                            uint64_t *acc) noexcept nogil:
    cdef int j
    for j in range(count):
        acc[0] &= t.peer2[2 * cells[j]]
        acc[1] &= t.peer2[2 * cells[j] + 1]


cdef inline void sl_drop(uint64_t *acc, int cell) noexcept nogil:
    acc[cell // 64] &= ~((<uint64_t>1) << (cell % 64))


cdef int sl_orientations(LBoard *b, int kind, int index, int digit, SLink *out) noexcept nogil:
    """The ways (0, 1 or 2) the digit's places in a house make a strong link (SE 3.10.2-3),
    each end's group houses filled in."""
    cdef int count = sl_orientations_raw(b, kind, index, digit, out), k, e, j, na, slot, k2
    cdef int grp[3]
    cdef int order[3]
    order[:] = [1, 0, 2]     # cell_unit_list slots: column, row, box (SE's test order)
    for k in range(count):
        for e in range(2):
            na = sl_group(&out[k], e, grp)
            for j in range(3):
                slot = order[j]
                out[k].gh[e][j] = b.g.cell_unit_list[3 * grp[0] + slot]
                for k2 in range(1, na):
                    if b.g.cell_unit_list[3 * grp[k2] + slot] != out[k].gh[e][j]:
                        out[k].gh[e][j] = -1
                        break
    return count


cdef int sl_orientations_raw(LBoard *b, int kind, int index, int digit,
                             SLink *out) noexcept nogil:
    """The ways (0, 1 or 2) the digit's places in a house make a strong link (SE 3.10.2-3)."""
    cdef const Geometry *g = b.g
    cdef int n = 9, u = unit_of_type(n, kind, index), count, e, k, hr, hc, heart = -1, c1, c2
    cdef uint64_t pos = positions(b, u, digit - 1)
    cdef uint64_t empty, blade1, blade2, bl1, bl2
    cdef int a[3]
    cdef int c[3]
    cdef bint block = kind == 0, found = False
    count = popcount(pos)
    if count <= 1 or count > 6:
        return 0
    for k in range(2):
        out[k].unit = u
        out[k].kind = kind
        out[k].index = index
        out[k].grouped = 0
        out[k].sup[0] = out[k].sup[1] = out[k].sup2[0] = out[k].sup2[1] = -1
        out[k].cells[0] = out[k].cells[1] = 0
    for k in range(n):
        if (pos >> k) & 1:
            e = unit_cell(g, u, k)
            out[0].cells[e // 64] |= (<uint64_t>1) << (e % 64)
    out[1].cells[0] = out[0].cells[0]
    out[1].cells[1] = out[0].cells[1]
    if count == 2:
        a[0] = unit_cell(g, u, bit_index(lowest_bit(pos)))
        a[1] = unit_cell(g, u, bit_index(clear_lowest_bit(pos)))
        if block and (a[0] // 9 == a[1] // 9 or a[0] % 9 == a[1] % 9):
            return 0
        out[0].end[0] = a[0]
        out[0].end[1] = a[1]
        return 1
    for e in range(15 if block else 3):
        if e > 8 and count < 4:
            continue
        if block and e <= 8:
            hr = e // 3
            hc = e % 3
            empty = blade1 = blade2 = 0
            for k in range(9):
                if k // 3 != hr and k % 3 != hc:
                    empty |= (<uint64_t>1) << k
                elif k % 3 == hc and k // 3 != hr:
                    blade1 |= (<uint64_t>1) << k
                elif k // 3 == hr and k % 3 != hc:
                    blade2 |= (<uint64_t>1) << k
            heart = unit_cell(g, u, e)
        elif block and e <= 11:
            # empty: box row 2, 1, 0; blades: the other two rows, upper first
            hr = 11 - e
            empty = (<uint64_t>7) << (3 * hr)
            blade1 = (<uint64_t>7) << (3 * (0 if hr != 0 else 1))
            blade2 = (<uint64_t>7) << (3 * (2 if hr != 2 else 1))
        elif block:
            hc = 14 - e
            empty = (<uint64_t>0x49) << hc
            blade1 = (<uint64_t>0x49) << (0 if hc != 0 else 1)
            blade2 = (<uint64_t>0x49) << (2 if hc != 2 else 1)
        else:
            empty = (<uint64_t>7) << (3 * e)
            blade1 = (<uint64_t>7) << (3 * (0 if e != 0 else 1))
            blade2 = (<uint64_t>7) << (3 * (2 if e != 2 else 1))
        if pos & empty == 0:
            bl1 = pos & blade1
            bl2 = pos & blade2
            found = bl1 != 0 and bl2 != 0
            break
    if not found:
        return 0
    out[0].grouped = out[1].grouped = 1
    c1 = popcount(bl1)
    c2 = popcount(bl2)
    # the blades' cells, in the house's order
    cdef int blade_a[3]
    cdef int blade_b[3]
    k = 0
    while bl1:
        blade_a[k] = unit_cell(g, u, bit_index(lowest_bit(bl1)))
        bl1 = clear_lowest_bit(bl1)
        k += 1
    k = 0
    while bl2:
        blade_b[k] = unit_cell(g, u, bit_index(lowest_bit(bl2)))
        bl2 = clear_lowest_bit(bl2)
        k += 1
    if c1 == 1 or c2 == 1:
        if c1 == 1 and c2 == 1:          # a box whose heart holds the digit
            out[0].end[0] = blade_b[0]
            out[0].end[1] = blade_a[0]
            out[0].sup[1] = heart
        elif c1 == 1:
            out[0].end[0] = blade_a[0]
            out[0].end[1] = blade_b[0]
            if block:
                out[0].sup[1] = heart
                out[0].sup2[1] = blade_b[1]
            else:
                out[0].sup[1] = blade_b[1]
                out[0].sup2[1] = blade_b[2] if c2 > 2 else -1
        else:
            out[0].end[0] = blade_b[0]
            out[0].end[1] = blade_a[0]
            if block:
                out[0].sup[1] = heart
                out[0].sup2[1] = blade_a[1]
            else:
                out[0].sup[1] = blade_a[1]
                out[0].sup2[1] = blade_a[2] if c1 > 2 else -1
        return 1
    out[0].end[0] = blade_a[0]
    out[0].sup[0] = blade_a[1]
    out[0].sup2[0] = blade_a[2] if c1 > 2 else -1
    out[0].end[1] = blade_b[0]
    out[0].sup[1] = blade_b[1]
    out[0].sup2[1] = blade_b[2] if c2 > 2 else -1
    if block and e <= 8 and b.cand[heart] & ((<uint64_t>1) << (digit - 1)):
        if c1 == 2:
            out[0].sup2[0] = heart
        if c2 == 2:
            out[0].sup2[1] = heart
    if (block and e >= 9 and count == 4
            and (out[0].sup[0] // 9 == out[0].sup[1] // 9
                 or out[0].sup[0] % 9 == out[0].sup[1] % 9)
            and (out[0].end[0] // 9 == out[0].end[1] // 9
                 or out[0].end[0] % 9 == out[0].end[1] % 9)):
        out[1].grouped = 1
        out[1].end[0] = blade_a[0]
        out[1].sup[0] = blade_b[0]
        out[1].end[1] = blade_a[1]
        out[1].sup[1] = blade_b[1]
        return 2
    return 1


cdef void sl_leaf(SLSearch *s) noexcept nogil:
    """Every chain through the chosen links (SE 3.10.5-8); keeps the best hint."""
    cdef LBoard *b = s.b
    cdef const Geometry *g = b.g
    cdef const LogicTables *t = b.t
    cdef int n = s.n, norders, oi, ucount, w, k, j, nst, nen, na, nc, ring, total, nelim
    cdef int grouped = 0, diff, cell, minfull
    cdef const int *q
    cdef int u[4]
    cdef int share[4]
    cdef int st[3]
    cdef int en[3]
    cdef int ga[3]
    cdef int gc[3]
    cdef uint64_t acc[2]
    cdef uint64_t union_[2]
    cdef uint64_t chosen[2]
    cdef uint64_t dbit[2]
    cdef char suffix[8]
    cdef char rev[8]
    cdef char alt[8]
    cdef char altrev[8]
    cdef int sv[4]
    cdef const SLink *link
    for k in range(n):
        grouped += s.links[k].grouped
    chosen[0] = chosen[1] = 0
    for k in range(n):
        chosen[0] |= t.unit2[2 * s.links[k].unit]
        chosen[1] |= t.unit2[2 * s.links[k].unit + 1]
    dbit[0] = s.dbit[0]
    dbit[1] = s.dbit[1]
    if not ((dbit[0] & ~chosen[0]) | (dbit[1] & ~chosen[1])):
        return                       # no cell outside the links could lose the digit
    # the difficulty depends on the links' kinds only (not on their order): a leaf that
    # cannot beat the best hint so far is skipped
    diff = sl_leaf_diff(s, grouped)
    if s.found and diff > s.best_diff:
        return
    minfull = 100
    for k in range(n):
        if sl_full(&s.links[k]) < minfull:
            minfull = sl_full(&s.links[k])
    # the house shared by each two link ends (SE's shareRegionOf): s.tab, filled as the
    # links were chosen (sl_build); a chain needs the links connected through them
    cdef int ei, ej, i2, reach = 1, grown = 1
    while grown:
        grown = 0
        for k in range(n):
            if (reach >> k) & 1:
                continue
            for i2 in range(n):
                if (reach >> i2) & 1 and (s.tab[k][0][i2][0] >= 0 or s.tab[k][0][i2][1] >= 0
                                          or s.tab[k][1][i2][0] >= 0 or s.tab[k][1][i2][1] >= 0):
                    reach |= 1 << k
                    grown = 1
                    break
    if reach != (1 << n) - 1:
        return
    norders = 1 if n == 2 else (3 if n == 3 else 12)
    for oi in range(norders):
        if n == 2:
            q = &SL_ORDERS2[oi][0]
        elif n == 3:
            q = &SL_ORDERS3[oi][0]
        else:
            q = &SL_ORDERS4[oi][0]
        for ucount in range(1 << n):
            for w in range(n):
                u[w] = (ucount >> (n - 1 - w)) & 1
            for w in range(n - 1):
                share[w] = s.tab[q[w]][1 - u[w]][q[w + 1]][u[w + 1]]
                if share[w] < 0:
                    break
            else:
                nst = sl_group(&s.links[q[0]], u[0], st)
                nen = sl_group(&s.links[q[n - 1]], 1 - u[n - 1], en)
                ring = s.tab[q[0]][u[0]][q[n - 1]][1 - u[n - 1]] >= 0
                if ring and (sl_full(&s.links[q[0]]) != minfull or u[0] != 0):
                    continue
                # victims of the ends
                acc[0] = dbit[0] & ~chosen[0]
                acc[1] = dbit[1] & ~chosen[1]
                sl_seen_by(t, st, 1 if not s.links[q[0]].grouped else nst, acc)
                sl_seen_by(t, en, 1 if not s.links[q[n - 1]].grouped else nen, acc)
                sl_drop(acc, st[0])
                sl_drop(acc, en[0])
                if not ring:
                    for w in range(n - 1):
                        acc[0] &= ~t.unit2[2 * share[w]]
                        acc[1] &= ~t.unit2[2 * share[w] + 1]
                total = popcount(acc[0]) + popcount(acc[1])
                union_[0] = acc[0]
                union_[1] = acc[1]
                if ring:
                    for w in range(n - 1):
                        na = sl_group(&s.links[q[w]], 1 - u[w], ga)
                        nc = sl_group(&s.links[q[w + 1]], u[w + 1], gc)
                        acc[0] = dbit[0] & ~chosen[0]
                        acc[1] = dbit[1] & ~chosen[1]
                        sl_seen_by(t, ga, na, acc)
                        sl_seen_by(t, gc, nc, acc)
                        sl_drop(acc, ga[0])
                        sl_drop(acc, gc[0])
                        total += popcount(acc[0]) + popcount(acc[1])
                        union_[0] |= acc[0]
                        union_[1] |= acc[1]
                if not (union_[0] | union_[1]):
                    continue
                # the name (suffix) and difficulty
                for k in range(n):
                    sv[k] = s.linkset[q[k]]
                for k in range(n):
                    suffix[k] = <char>(48 + sv[k])
                    rev[k] = <char>(48 + sv[n - 1 - k])
                if bytes_cmp(<const uint8_t *>suffix, <const uint8_t *>rev, n) > 0:
                    memcpy(suffix, rev, n)
                k = 0
                for j in range(n):
                    if suffix[j] == 49:
                        k = 1
                if not k:
                    for j in range(n):
                        if suffix[j] == 50:
                            suffix[j] = 49
                else:
                    for j in range(n):
                        alt[j] = suffix[j]
                        if suffix[j] == 50:
                            alt[j] = 49
                        elif suffix[j] == 49:
                            alt[j] = 50
                    for j in range(n):
                        altrev[j] = alt[n - 1 - j]
                    if bytes_cmp(<const uint8_t *>altrev, <const uint8_t *>alt, n) < 0:
                        memcpy(alt, altrev, n)
                    if bytes_cmp(<const uint8_t *>alt, <const uint8_t *>suffix, n) < 0:
                        memcpy(suffix, alt, n)
                # suffix = grouped count, then the name
                for j in range(n, 0, -1):
                    suffix[j] = suffix[j - 1]
                suffix[0] = <char>(48 + grouped)
                if s.found and not (
                        diff < s.best_diff
                        or (diff == s.best_diff and total > s.best_total)
                        or (diff == s.best_diff and total == s.best_total
                            and bytes_cmp(<const uint8_t *>suffix,
                                          <const uint8_t *>s.best_suffix, n + 1) < 0)):
                    continue
                s.found = 1
                s.best_digit = s.digit
                s.best_diff = diff
                s.best_total = total
                memcpy(s.best_suffix, suffix, n + 1)
                nelim = 0
                for cell in range(81):
                    if (union_[cell // 64] >> (cell % 64)) & 1:
                        s.best_elim[nelim] = cell * 64 + s.digit - 1
                        nelim += 1
                s.best_nelim = nelim
                s.best_nbase = 0
                for w in range(n):
                    link = &s.links[q[w]]
                    na = sl_group(link, u[w], ga)
                    for j in range(na):
                        s.best_base[s.best_nbase] = ga[j]
                        s.best_nbase += 1
                    na = sl_group(link, 1 - u[w], ga)
                    for j in range(na):
                        s.best_base[s.best_nbase] = ga[j]
                        s.best_nbase += 1


cdef int sl_leaf_diff(const SLSearch *s, int grouped) noexcept nogil:
    """SE's difficulty of a chain through the chosen links: its base, +0.3 with a grouped
    link, else +0.2 with boxes and both line directions, +0.1 with two kinds or boxes only
    (the canonical name's classes, which depend on the kinds only)."""
    cdef int base = 40 if s.n == 2 else (54 if s.n == 3 else 58), k
    cdef bint box = False, row = False, col = False
    if grouped:
        return base + 3
    for k in range(s.n):
        if s.linkset[k] == 0:
            box = True
        elif s.linkset[k] == 1:
            row = True
        else:
            col = True
    if box and row and col:
        return base + 2
    if not box and not (row and col):
        return base              # parallel lines only
    return base + 1


cdef void sl_build(SLSearch *s, int depth, int prev) noexcept nogil:
    cdef int kind = s.linkset[depth], i, k, j, count, u, e, f
    cdef SLink *options
    for i in range(prev + 1 if depth > 0 and s.linkset[depth - 1] == kind else 0, 9):
        u = unit_of_type(9, kind, i)
        options = s.cache[s.digit - 1][u]
        if s.ncache[s.digit - 1][u] < 0:
            s.ncache[s.digit - 1][u] = sl_orientations(s.b, kind, i, s.digit, options)
        count = s.ncache[s.digit - 1][u]
        if count == 0:
            continue
        # the house's places must not meet those of the links chosen before
        for j in range(depth):
            if ((options[0].cells[0] & s.links[j].cells[0])
                    or (options[0].cells[1] & s.links[j].cells[1])):
                break
        else:
            for k in range(count):
                s.links[depth] = options[k]
                for j in range(depth):
                    for e in range(2):
                        for f in range(2):
                            s.tab[depth][e][j][f] = s.tab[j][f][depth][e] = sl_share_gh(
                                s.links[depth].gh[e], s.links[j].gh[f])
                if depth + 1 < s.n:
                    sl_build(s, depth + 1, i)
                else:
                    sl_leaf(s)


cdef int SL_SETS2[6][4]
SL_SETS2[0][:] = [0, 0, 0, 0]
SL_SETS2[1][:] = [0, 1, 0, 0]
SL_SETS2[2][:] = [1, 1, 0, 0]
SL_SETS2[3][:] = [0, 2, 0, 0]
SL_SETS2[4][:] = [1, 2, 0, 0]
SL_SETS2[5][:] = [2, 2, 0, 0]


cdef bint find_strong_links(LBoard *b, int n, int tech) noexcept nogil:
    """SE's StrongLinks(n), n = 2, 3, 4: the best chain of n strong links (SE's sort)."""
    if b.g.r != 3 or b.g.c != 3:
        return False
    cdef SLSearch *s = <SLSearch *>malloc(sizeof(SLSearch))
    cdef int sets[15][4]
    cdef int nsets = 0, a, d, k
    cdef DigitMemo *memo = &b.sl_none[n - 2]
    cdef DigitCells cells
    cdef bint skip[9]
    cdef bint none[9]            # searched only while no hint bounded it, and found nothing
    if s == NULL:
        return False
    digit_cells(b.cand, &cells)
    for d in range(9):
        skip[d] = memo_holds(memo, &cells, d)
        none[d] = True
    # the non-decreasing sequences of n kinds, in SE's order (Permutations(n, 3n) filtered)
    nsets = sl_linksets(n, sets)
    s.b = b
    s.n = n
    s.found = 0
    memset(s.ncache, -1, sizeof(s.ncache))
    for k in range(nsets):
        for a in range(n):
            s.linkset[a] = sets[k][a]
        for d in range(1, 10):
            if skip[d - 1]:
                continue
            s.digit = d
            s.dbit[0] = cells.bits[d - 1][0]
            s.dbit[1] = cells.bits[d - 1][1]
            if s.found:
                none[d - 1] = False  # a hint found bounds the search: it may skip chains
            sl_build(s, 0, -1)
            if s.found:
                none[d - 1] = False
    for d in range(9):
        if none[d] and not skip[d]:
            memo_keep(memo, &cells, d)
    if not s.found:
        free(s)
        return False
    step_start(b, tech)
    b.step_diff = s.best_diff
    for k in range(s.best_nelim):
        b.elim[k] = s.best_elim[k]
    b.nelim = s.best_nelim
    for k in range(s.best_nbase):
        b.base[k] = s.best_base[k]
    b.nbase = s.best_nbase
    b.base_digits = (<uint64_t>1) << (s.best_digit - 1)
    free(s)
    return True


cdef int sl_linksets(int n, int sets[15][4]) noexcept nogil:
    """The link-kind sequences of SE's StrongLinks(n), in its order: the n-subsets of
    0..3n-1 in colex order whose i-th element is i (mod n); kind = element // n."""
    cdef uint64_t v = ((<uint64_t>1) << n) - 1
    cdef int count = 0, i, k
    cdef int idx[4]
    while v:
        k = 0
        for i in range(3 * n):
            if (v >> i) & 1:
                idx[k] = i
                k += 1
        for i in range(n):
            if idx[i] % n != i:
                break
        else:
            for i in range(n):
                sets[count][i] = idx[i] // n
            count += 1
        v = next_tuple(v, 3 * n)
    return count


# --- unique rectangles and loops (SE's UniqueLoops) -----------------------------------------------
#
# A loop of cells holding the same two values v1, v2, alternating through houses so that,
# were those all their candidates, the puzzle would have two solutions (the values could
# swap): a unique puzzle must break it.  Type 1: one cell has more -- v1 and v2 leave it;
# type 2: the extra cells share one extra value -- it leaves the cells seeing them all;
# type 3: two extra cells act as one cell of a naked (or hidden) subset of a house they
# share; type 4: v1 (v2) is locked in a house of the two extra cells, so v2 (v1) leaves
# them.  SE's search (its DFS, its rules for the extra cells, lk mode on), its difficulty
# (4.5 a rectangle; 4.6, 4.7, 5.0 longer loops; type 3 more by the subset's size) and its
# pick: the least difficulty, then the least type, then the first found.  9x9 only.

cdef struct ULSearch:
    LBoard *b
    int v1
    int v2
    int loop[81]
    int nloop
    uint64_t in_loop[2]
    int found
    int best_diff
    int best_type
    int best_nelim
    int32_t best_elim[729]
    int best_nbase
    int32_t best_base[81]


cdef inline int ul_region(const Geometry *g, int cell, int kind) noexcept nogil:
    """SE's kind 0 box, 1 row, 2 column -> the cell's unit."""
    return g.cell_unit_list[3 * cell + (2 if kind == 0 else kind - 1)]


cdef bint ul_valid(ULSearch *s) noexcept nogil:
    """SE's isValidLoop: along the loop, alternate parity; no house twice in one parity, and
    the houses of both parities the same."""
    cdef const Geometry *g = s.b.g
    cdef uint64_t seen[2][2]
    cdef int k, kind, u, parity
    seen[0][0] = seen[0][1] = seen[1][0] = seen[1][1] = 0
    for k in range(s.nloop):
        parity = k & 1
        for kind in range(3):
            u = ul_region(g, s.loop[k], kind)
            if (seen[parity][u // 64] >> (u % 64)) & 1:
                return False
            seen[parity][u // 64] |= (<uint64_t>1) << (u % 64)
    return seen[0][0] == seen[1][0] and seen[0][1] == seen[1][1]


cdef void ul_offer(ULSearch *s, int diff, int type_, uint64_t *victims, int digit,
                   const int *cells, int ncells, uint64_t digits_mask) noexcept nogil:
    """A hint whose removals are in s.b's step buffer (elim, nelim) -- or, when victims is
    not NULL, the digit from those cells: keep it if it is the best so far."""
    cdef LBoard *b = s.b
    cdef int k, cell
    if victims != NULL:
        b.nelim = 0
        for cell in range(81):
            if (victims[cell // 64] >> (cell % 64)) & 1 and b.cand[cell] >> digit & 1:
                b.elim[b.nelim] = cell * 64 + digit
                b.nelim += 1
    if b.nelim == 0:
        return
    if s.found and not (diff < s.best_diff or (diff == s.best_diff and type_ < s.best_type)):
        return
    s.found = 1
    s.best_diff = diff
    s.best_type = type_
    s.best_nelim = b.nelim
    for k in range(b.nelim):
        s.best_elim[k] = b.elim[k]
    s.best_nbase = 0
    for k in range(s.nloop):
        s.best_base[s.best_nbase] = s.loop[k]
        s.best_nbase += 1


cdef inline int ul_base_diff(int size) noexcept nogil:
    cdef int d = 45
    if size >= 10:
        d += 3
    if size >= 8:
        d += 2
    elif size >= 6:
        d += 1
    return d


cdef void ul_type3(ULSearch *s, int c1, int c2, int base) noexcept nogil:
    """Type 3 (lk mode): c1 and c2 together as one cell of a naked or hidden subset."""
    cdef LBoard *b = s.b
    cdef const Geometry *g = b.g
    cdef const LogicTables *t = b.t
    cdef uint64_t pair = ((<uint64_t>1) << s.v1) | ((<uint64_t>1) << s.v2)
    cdef uint64_t extra = (b.cand[c1] | b.cand[c2]) & ~pair
    cdef uint64_t v, union_, naked, m, common, vic[2], rem, values, positions_
    cdef int degree, kind, u, k, j, i1, i2, empty, cell, count, d, nrem
    cdef int idx[9]
    cdef int others[9]
    cdef int remv[9]
    cdef int nothers
    cdef bint ok
    for degree in range(2, 8):
        for kind in range(3):
            u = ul_region(g, c1, kind)
            if u != ul_region(g, c2, kind):
                continue
            empty = b.unit_empty[u]
            i1 = t.index_in[3 * c1 + (2 if kind == 0 else kind - 1)]
            i2 = t.index_in[3 * c2 + (2 if kind == 0 else kind - 1)]
            if 2 * degree <= empty and degree >= popcount(extra):
                v = ((<uint64_t>1) << degree) - 1
                while v:
                    if (v >> i1) & 1 and not (v >> i2) & 1:
                        naked = extra & b.cand[c1] & b.cand[c2]
                        union_ = extra
                        nothers = 0
                        ok = True
                        for k in range(9):
                            if (v >> k) & 1 and k != i1:
                                cell = unit_cell(g, u, k)
                                m = b.cand[cell]
                                if popcount(m) <= 1:
                                    ok = False
                                naked |= m
                                union_ |= m
                                others[nothers] = cell
                                nothers += 1
                        if ok and popcount(naked) == degree and popcount(union_) == degree:
                            b.nelim = 0
                            for d in range(9):
                                if not (union_ >> d) & 1:
                                    continue
                                vic[0] = vic[1] = ~(<uint64_t>0)
                                for k in range(nothers):
                                    if b.cand[others[k]] >> d & 1:
                                        vic[0] &= t.peer2[2 * others[k]]
                                        vic[1] &= t.peer2[2 * others[k] + 1]
                                if b.cand[c1] >> d & 1:
                                    vic[0] &= t.peer2[2 * c1]
                                    vic[1] &= t.peer2[2 * c1 + 1]
                                if b.cand[c2] >> d & 1:
                                    vic[0] &= t.peer2[2 * c2]
                                    vic[1] &= t.peer2[2 * c2 + 1]
                                for cell in range(81):
                                    if ((vic[cell // 64] >> (cell % 64)) & 1
                                            and b.cand[cell] >> d & 1):
                                        b.elim[b.nelim] = cell * 64 + d
                                        b.nelim += 1
                            ul_offer(s, base + degree - 1, 3, NULL, 0, NULL, 0, 0)
                    v = next_tuple(v, 9)
            if 2 * degree < empty:
                nrem = 0
                for d in range(9):
                    if d != s.v1 and d != s.v2 and not (extra >> d) & 1:
                        remv[nrem] = d
                        nrem += 1
                if degree - 2 > nrem:
                    continue
                v = ((<uint64_t>1) << (degree - 2)) - 1
                while True:
                    values = pair
                    k = 0
                    rem = v
                    while rem:
                        values |= (<uint64_t>1) << remv[bit_index(lowest_bit(rem))]
                        rem = clear_lowest_bit(rem)
                    union_ = 0
                    ok = True
                    for d in range(9):
                        if (values >> d) & 1:
                            positions_ = b.pos[u * 9 + d] & ~((<uint64_t>1) << i2)
                            if positions_ == 0:
                                ok = False
                            union_ |= positions_
                    if ok and popcount(union_) == degree:
                        union_ &= ~(((<uint64_t>1) << i1) | ((<uint64_t>1) << i2))
                        b.nelim = 0
                        count = 0
                        for k in range(9):
                            if (union_ >> k) & 1:
                                count += 1
                                add_elims(b, unit_cell(g, u, k), ~values & g.full)
                        ul_offer(s, base + count - 1, 3, NULL, 0, NULL, 0, 0)
                    if degree == 2:
                        break
                    v = next_tuple(v, nrem)
                    if v == 0:
                        break


cdef void ul_loop(ULSearch *s) noexcept nogil:
    """A loop found by the DFS: its hints (SE's getHints for one loop)."""
    cdef LBoard *b = s.b
    cdef const Geometry *g = b.g
    cdef const LogicTables *t = b.t
    cdef uint64_t pair = ((<uint64_t>1) << s.v1) | ((<uint64_t>1) << s.v2)
    cdef int extra[81]
    cdef int nextra = 0, k, kind, u, base, j, cell, lock1, lock2, c1, c2
    cdef uint64_t vic[2], rest, m
    cdef bint has1, has2
    if not ul_valid(s):
        return
    for k in range(s.nloop):
        if popcount(b.cand[s.loop[k]]) > 2:
            extra[nextra] = s.loop[k]
            nextra += 1
    base = ul_base_diff(s.nloop)
    if nextra == 1:
        b.nelim = 0
        add_elims(b, extra[0], pair)
        ul_offer(s, base, 1, NULL, 0, NULL, 0, 0)
        return
    if nextra < 2:
        return
    rest = 0
    for k in range(nextra):
        rest |= b.cand[extra[k]] & ~pair
    if nextra > 2 or popcount(rest) == 1:
        # type 2: the extra value of the first extra cell leaves the cells seeing them all
        m = b.cand[extra[0]] & ~pair
        vic[0] = vic[1] = ~(<uint64_t>0)
        for k in range(nextra):
            vic[0] &= t.peer2[2 * extra[k]]
            vic[1] &= t.peer2[2 * extra[k] + 1]
        for k in range(nextra):
            sl_drop(vic, extra[k])
        ul_offer(s, base, 2, vic, bit_index(lowest_bit(m)), NULL, 0, 0)
        if nextra > 2:
            return
    elif popcount(rest) >= 2:
        ul_type3(s, extra[0], extra[1], base)
    # type 4
    c1 = extra[0]
    c2 = extra[1]
    lock1 = lock2 = -1
    for kind in range(3):
        u = ul_region(g, c1, kind)
        if u != ul_region(g, c2, kind):
            continue
        has1 = has2 = False
        for j in range(9):
            cell = unit_cell(g, u, j)
            if cell != c1 and cell != c2:
                if b.cand[cell] >> s.v1 & 1:
                    has1 = True
                if b.cand[cell] >> s.v2 & 1:
                    has2 = True
        if not has1:
            lock1 = u
        if not has2:
            lock2 = u
    if lock1 >= 0 or lock2 >= 0:
        b.nelim = 0
        add_elims(b, c1, (<uint64_t>1) << (s.v2 if lock1 >= 0 else s.v1))
        add_elims(b, c2, (<uint64_t>1) << (s.v2 if lock1 >= 0 else s.v1))
        ul_offer(s, base, 4, NULL, 0, NULL, 0, 0)


cdef void ul_dfs(ULSearch *s, int cell, int allowed_ex, uint64_t ex_values,
                 int last_kind) noexcept nogil:
    cdef LBoard *b = s.b
    cdef const Geometry *g = b.g
    cdef int kind, u, i, nxt, card
    cdef uint64_t m, new_ex
    s.loop[s.nloop] = cell
    s.nloop += 1
    s.in_loop[cell // 64] |= (<uint64_t>1) << (cell % 64)
    for kind in range(3):
        if kind == last_kind:
            continue
        u = ul_region(g, cell, kind)
        for i in range(9):
            nxt = unit_cell(g, u, i)
            if nxt == s.loop[0] and s.nloop >= 4:
                ul_loop(s)
            elif not (s.in_loop[nxt // 64] >> (nxt % 64)) & 1:
                m = b.cand[nxt]
                if m >> s.v1 & 1 and m >> s.v2 & 1:
                    new_ex = (ex_values | m) & ~(((<uint64_t>1) << s.v1) | ((<uint64_t>1) << s.v2))
                    card = popcount(m)
                    if card == 2 or popcount(new_ex) == 1 or allowed_ex > 0:
                        ul_dfs(s, nxt, allowed_ex - (1 if card > 2 else 0), new_ex, kind)
    s.nloop -= 1
    s.in_loop[cell // 64] &= ~((<uint64_t>1) << (cell % 64))


cdef bint find_unique_loop(LBoard *b) noexcept nogil:
    if b.g.r != 3 or b.g.c != 3:
        return False
    cdef ULSearch *s = <ULSearch *>malloc(sizeof(ULSearch))
    cdef int cell, k
    cdef uint64_t m
    cdef bint found
    if s == NULL:
        return False
    s.b = b
    s.found = 0
    for cell in range(81):
        m = b.cand[cell]
        if popcount(m) != 2:
            continue
        s.v1 = bit_index(lowest_bit(m))
        s.v2 = bit_index(clear_lowest_bit(m))
        s.nloop = 0
        s.in_loop[0] = s.in_loop[1] = 0
        ul_dfs(s, cell, 2, 0, -1)
    found = s.found
    if found:
        step_start(b, T_UNIQUE_LOOP)
        b.step_diff = s.best_diff
        for k in range(s.best_nelim):
            b.elim[k] = s.best_elim[k]
        b.nelim = s.best_nelim
        for k in range(s.best_nbase):
            b.base[k] = s.best_base[k]
        b.nbase = s.best_nbase
    free(s)
    return found


# --- WXYZ, VWXYZ, UVWXYZ, TUVWXYZ wings (SE's ALS-XZ with a bivalue cell) -------------------------
#
# m cells of one house holding m+1 values between them (an almost locked set) and a cell yz
# with two of those values x < z seeing every ALS cell that holds x: were x in yz... one of
# yz and the ALS takes z, so z leaves the cells that see yz and every ALS cell holding z.
# When both values are so restricted (a double link) more goes.  SE's scan (cells in
# increasing order, each a forward peer of the earlier ones), its eliminations, its
# difficulty by the largest ALS cell and its sort (difficulty, removals, then a name in
# descending order).  9x9 only.

cdef struct WingSearch:
    LBoard *b
    int m
    int cells[6]
    int found
    int best_diff
    int best_total
    char best_suffix[8]
    int best_nelim
    int32_t best_elim[729]
    int best_nbase
    int32_t best_base[7]


cdef int wing_diff(int m, int bc) noexcept nogil:
    cdef int a = bc - 3
    if a < 0:
        a = -a
    if m == 3:
        return 55 + 1 - a
    if m == 4:
        return 62 + 2 - a
    return 66 if m == 5 else 75


cdef int wing_victims(WingSearch *s, int yz, int digit, bint with_yz, int32_t *elim,
                      int nelim) noexcept nogil:
    """Add to elim the digit in the cells that see every ALS cell holding it (and yz when
    with_yz), the ALS and yz left out; the new count."""
    cdef LBoard *b = s.b
    cdef const LogicTables *t = b.t
    cdef uint64_t vic[2]
    cdef int k, cell
    vic[0] = vic[1] = ~(<uint64_t>0)
    if with_yz:
        vic[0] &= t.peer2[2 * yz]
        vic[1] &= t.peer2[2 * yz + 1]
    for k in range(s.m):
        if b.cand[s.cells[k]] >> digit & 1:
            vic[0] &= t.peer2[2 * s.cells[k]]
            vic[1] &= t.peer2[2 * s.cells[k] + 1]
    for k in range(s.m):
        sl_drop(vic, s.cells[k])
    sl_drop(vic, yz)
    for cell in range(81):
        if (vic[cell // 64] >> (cell % 64)) & 1 and b.cand[cell] >> digit & 1:
            elim[nelim] = cell * 64 + digit
            nelim += 1
    return nelim


cdef void wing_leaf(WingSearch *s, uint64_t union_) noexcept nogil:
    """The ALS s.cells is chosen: try every yz cell (SE's order)."""
    cdef LBoard *b = s.b
    cdef const LogicTables *t = b.t
    cdef uint64_t range_[2], m
    cdef int k, yz, x, z, d, bc = 0, size = 0, nelim, nw, nx, nz, total, diff, ln
    cdef bint xr, zr, double_
    cdef int32_t elim[729]
    cdef char suffix[8]
    cdef char digits[4]
    for k in range(s.m):
        if popcount(b.cand[s.cells[k]]) > bc:
            bc = popcount(b.cand[s.cells[k]])
        size += popcount(b.cand[s.cells[k]])
    range_[0] = range_[1] = 0
    for k in range(s.m):
        range_[0] |= t.peer2[2 * s.cells[k]]
        range_[1] |= t.peer2[2 * s.cells[k] + 1]
    for k in range(s.m):
        sl_drop(range_, s.cells[k])
    for yz in range(81):
        if not (range_[yz // 64] >> (yz % 64)) & 1:
            continue
        m = b.cand[yz]
        if popcount(m) != 2 or popcount(m & union_) != 2:
            continue
        x = bit_index(lowest_bit(m))
        z = bit_index(clear_lowest_bit(m))
        xr = zr = True
        for k in range(s.m):
            if b.cand[s.cells[k]] >> x & 1 and not sees(b.g, yz, s.cells[k]):
                xr = False
            if b.cand[s.cells[k]] >> z & 1 and not sees(b.g, yz, s.cells[k]):
                zr = False
        if not xr and not zr:
            continue
        double_ = xr and zr
        nelim = 0
        nw = nx = 0
        if double_:
            for d in range(9):
                if (union_ >> d) & 1 and d != x and d != z:
                    nelim = wing_victims(s, yz, d, False, elim, nelim)
            nw = nelim
            nelim = wing_victims(s, yz, x, True, elim, nelim)
            nx = nelim - nw
            nelim = wing_victims(s, yz, z, True, elim, nelim)
            nz = nelim - nw - nx
            if nw == 0 and (nz == 0 or nx == 0):
                double_ = False
        else:
            nelim = wing_victims(s, yz, z if xr else x, True, elim, 0)
        if nelim == 0:
            continue
        total = nelim
        diff = wing_diff(s.m, bc)
        # the name: (double ? 2 : 1), the largest cell, the wing's size -- compared as text
        suffix[0] = <char>(50 if double_ else 49)
        suffix[1] = <char>(48 + bc)
        ln = 2
        if size >= 10:
            suffix[ln] = <char>(48 + size // 10)
            ln += 1
        suffix[ln] = <char>(48 + size % 10)
        ln += 1
        suffix[ln] = 0
        if s.found and not (
                diff < s.best_diff
                or (diff == s.best_diff and total > s.best_total)
                or (diff == s.best_diff and total == s.best_total
                    and str_cmp(suffix, s.best_suffix) > 0)):
            continue
        s.found = 1
        s.best_diff = diff
        s.best_total = total
        memcpy(s.best_suffix, suffix, ln + 1)
        s.best_nelim = nelim
        for k in range(nelim):
            s.best_elim[k] = elim[k]
        for k in range(s.m):
            s.best_base[k] = s.cells[k]
        s.best_base[s.m] = yz
        s.best_nbase = s.m + 1


cdef inline int str_cmp(const char *a, const char *c) noexcept nogil:
    """Java's String.compareTo sign for two NUL-terminated strings."""
    cdef int k = 0
    while a[k] and c[k]:
        if a[k] != c[k]:
            return -1 if a[k] < c[k] else 1
        k += 1
    if a[k] == c[k]:
        return 0
    return -1 if a[k] == 0 else 1


cdef void wing_cells(WingSearch *s, int depth, uint64_t union_) noexcept nogil:
    """Choose ALS cell `depth`: a forward peer of every cell chosen before."""
    cdef LBoard *b = s.b
    cdef const Geometry *g = b.g
    cdef int cell, k, start, card
    cdef uint64_t u
    cdef bint ok
    if depth == s.m:
        if popcount(union_) == s.m + 1:
            wing_leaf(s, union_)
        return
    start = s.cells[depth - 1] + 1 if depth > 0 else 0
    for cell in range(start, 81):
        ok = True
        for k in range(depth):
            if not sees(g, cell, s.cells[k]):
                ok = False
                break
        if not ok:
            continue
        card = popcount(b.cand[cell])
        if card < 2 or (depth == 0 and card > s.m + 1):
            continue
        u = union_ | b.cand[cell]
        if popcount(u) > s.m + 1:
            continue
        s.cells[depth] = cell
        wing_cells(s, depth + 1, u)


cdef bint find_als_wing(LBoard *b, int m, int tech) noexcept nogil:
    """SE's WXYZ (m = 3), VWXYZ (4), UVWXYZ (5) and TUVWXYZ (6) wings."""
    if b.g.r != 3 or b.g.c != 3:
        return False
    cdef WingSearch *s = <WingSearch *>malloc(sizeof(WingSearch))
    cdef int k
    cdef bint found
    if s == NULL:
        return False
    s.b = b
    s.m = m
    s.found = 0
    wing_cells(s, 0, 0)
    found = s.found
    if found:
        step_start(b, tech)
        b.step_diff = s.best_diff
        for k in range(s.best_nelim):
            b.elim[k] = s.best_elim[k]
        b.nelim = s.best_nelim
        for k in range(s.best_nbase):
            b.base[k] = s.best_base[k]
        b.nbase = s.best_nbase
    free(s)
    return found


# --- BUG: bivalue universal grave (SE's BivalueUniversalGrave, lk mode) ---------------------------
#
# If every empty cell had two candidates and every value two places in each house, the
# puzzle would have two solutions: the few cells with more (the BUG cells) must take one of
# their extra values.  Type 1 (5.6): one BUG cell keeps only its extra value; type 2 (5.7):
# one extra value for all -- it leaves the cells seeing all BUG cells; type 3 (5.8..6.2):
# the BUG cells act as one cell of a naked subset; type 4 (5.7): two BUG cells in a house,
# their common value locked.  SE's scan and rules, the first hint it emits.  9x9 only.

cdef bint find_bug(LBoard *b) noexcept nogil:
    if b.g.r != 3 or b.g.c != 3:
        return False
    cdef const Geometry *g = b.g
    cdef const LogicTables *t = b.t
    cdef uint64_t temp[81]
    cdef uint64_t bug_values[81]
    cdef int bug_cells[81]
    cdef int nbug = 0, kind, i, u, d, k, j, cell, count, only_value = -1, new_count
    cdef int new_cells[9]
    cdef uint64_t all_values = 0, p, extra_cells[2], common[2], m
    cdef bint have_common = False, one_value = True, have_extra = False, in_list
    extra_cells[0] = extra_cells[1] = 0
    common[0] = common[1] = ~(<uint64_t>0)
    for cell in range(81):
        temp[cell] = b.cand[cell]
        bug_values[cell] = 0
    for kind in range(3):
        for i in range(9):
            u = unit_of_type(9, kind, i)
            for d in range(9):
                p = b.pos[u * 9 + d]
                count = popcount(p)
                if count == 0 or count == 2:
                    continue
                new_count = 0
                while p:
                    cell = unit_cell(g, u, bit_index(lowest_bit(p)))
                    p = clear_lowest_bit(p)
                    if popcount(b.cand[cell]) >= 3:
                        new_cells[new_count] = cell
                        new_count += 1
                if not have_extra:
                    have_extra = True
                    only_value = d
                    for k in range(new_count):
                        extra_cells[new_cells[k] // 64] |= (<uint64_t>1) << (new_cells[k] % 64)
                elif one_value:
                    if only_value == d:
                        for k in range(new_count):
                            extra_cells[new_cells[k] // 64] |= (
                                (<uint64_t>1) << (new_cells[k] % 64))
                    else:
                        one_value = False
                if new_count == 1:
                    cell = new_cells[0]
                    if not bug_add(bug_cells, &nbug, cell):
                        pass
                    bug_values[cell] |= (<uint64_t>1) << d
                    all_values |= (<uint64_t>1) << d
                    temp[cell] &= ~((<uint64_t>1) << d)
                    common[0] &= t.peer2[2 * cell]
                    common[1] &= t.peer2[2 * cell + 1]
                    have_common = True
                    for k in range(nbug):
                        sl_drop(common, bug_cells[k])
                    if nbug > 1 and popcount(all_values) > 1 and not (common[0] | common[1]):
                        return False
                if new_count == 0:
                    return False
    if one_value and have_extra:
        for k in range(nbug):
            sl_drop(extra_cells, bug_cells[k])
        if popcount(extra_cells[0]) + popcount(extra_cells[1]) > 0:
            for cell in range(81):
                if not (extra_cells[cell // 64] >> (cell % 64)) & 1:
                    continue
                bug_cells[nbug] = cell
                nbug += 1
                bug_values[cell] = (<uint64_t>1) << only_value
                temp[cell] &= ~((<uint64_t>1) << only_value)
                common[0] &= t.peer2[2 * cell]
                common[1] &= t.peer2[2 * cell + 1]
                have_common = True
                for k in range(nbug):
                    sl_drop(common, bug_cells[k])
                if nbug > 1 and popcount(all_values) > 1 and not (common[0] | common[1]):
                    return False
    # the grid without the BUG values must be a BUG
    for cell in range(81):
        if not b.value[cell] and popcount(temp[cell]) != 2:
            return False
    for u in range(27):
        for d in range(9):
            count = 0
            for k in range(9):
                if temp[unit_cell(g, u, k)] >> d & 1:
                    count += 1
            if count != 0 and count != 2:
                return False
    if nbug == 0:
        return False
    if nbug == 1:
        step_start(b, T_BUG)
        add_elims(b, bug_cells[0], ~all_values & g.full)
        bug_done(b, bug_cells, nbug, all_values)
        return b.nelim > 0
    if popcount(all_values) == 1:
        if have_common and (common[0] | common[1]):
            step_start(b, T_BUG)
            b.step_diff = 57
            d = bit_index(all_values)
            for cell in range(81):
                if (common[cell // 64] >> (cell % 64)) & 1:
                    add_elims(b, cell, all_values)
            if b.nelim:
                bug_done(b, bug_cells, nbug, all_values)
                return True
        if nbug == 2 and bug_type4(b, bug_cells, bug_values, all_values):
            return True
        return False
    if have_common and (common[0] | common[1]):
        if nbug == 2 and bug_type4(b, bug_cells, bug_values, all_values):
            return True
        return bug_type3(b, bug_cells, nbug, all_values, common)
    return False


cdef inline bint bug_add(int *cells, int *count, int cell) noexcept nogil:
    cdef int k
    for k in range(count[0]):
        if cells[k] == cell:
            return False
    cells[count[0]] = cell
    count[0] += 1
    return True


cdef inline void bug_done(LBoard *b, const int *cells, int count, uint64_t values) noexcept nogil:
    cdef int k
    for k in range(count):
        b.base[k] = cells[k]
    b.nbase = count
    b.base_digits = values


cdef inline int bug_region(const Geometry *g, const int *cells, int count, int kind) noexcept nogil:
    cdef int k, u = ul_region(g, cells[0], kind)
    for k in range(1, count):
        if ul_region(g, cells[k], kind) != u:
            return -1
    return u


cdef bint bug_type4(LBoard *b, const int *cells, const uint64_t *values,
                    uint64_t all_values) noexcept nogil:
    cdef const Geometry *g = b.g
    cdef int c1 = cells[0], c2 = cells[1], kind, u
    cdef uint64_t common = b.cand[c1] & b.cand[c2] & ~all_values
    if popcount(common) != 1:
        return False
    for kind in range(3):
        u = bug_region(g, cells, 2, kind)
        if u < 0:
            continue
        step_start(b, T_BUG)
        b.step_diff = 57
        add_elims(b, c1, b.cand[c1] & ~values[c1] & ~common)
        add_elims(b, c2, b.cand[c2] & ~values[c2] & ~common)
        bug_done(b, cells, 2, all_values)
        b.step_unit = u
        return True        # SE emits it even if it removes nothing
    return False


cdef bint bug_type3(LBoard *b, const int *cells, int nbug, uint64_t all_values,
                    const uint64_t *common) noexcept nogil:
    cdef const Geometry *g = b.g
    cdef const LogicTables *t = b.t
    cdef int degree, kind, u, k, j, cell, nregion, d
    cdef int region_cells[9]
    cdef int chosen[6]
    cdef uint64_t v, other, naked, vic[2], rest
    for degree in range(2, 7):
        for kind in range(3):
            u = bug_region(g, cells, nbug, kind)
            if u < 0:
                continue
            nregion = 0
            for cell in range(81):
                if (common[cell // 64] >> (cell % 64)) & 1 and ul_region(g, cell, kind) == u:
                    region_cells[nregion] = cell
                    nregion += 1
            if nregion < degree:
                continue
            v = ((<uint64_t>1) << (degree - 1)) - 1
            while v:
                other = 0
                naked = all_values
                rest = v
                k = 0
                j = 1                  # every chosen cell with 2+ candidates
                while rest:
                    cell = region_cells[bit_index(lowest_bit(rest))]
                    rest = clear_lowest_bit(rest)
                    chosen[k] = cell
                    k += 1
                    other |= b.cand[cell]
                    naked |= b.cand[cell]
                    if popcount(b.cand[cell]) <= 1:
                        j = 0
                if (popcount(other) == degree and j and popcount(all_values) > 1
                        and popcount(naked) == degree):
                    step_start(b, T_BUG)
                    b.step_diff = 57 + degree - 1
                    for d in range(9):
                        if not (naked >> d) & 1:
                            continue
                        vic[0] = vic[1] = ~(<uint64_t>0)
                        for j in range(k):
                            if b.cand[chosen[j]] >> d & 1:
                                vic[0] &= t.peer2[2 * chosen[j]]
                                vic[1] &= t.peer2[2 * chosen[j] + 1]
                        for j in range(nbug):
                            if b.cand[cells[j]] >> d & 1:
                                vic[0] &= t.peer2[2 * cells[j]]
                                vic[1] &= t.peer2[2 * cells[j] + 1]
                        for cell in range(81):
                            if (vic[cell // 64] >> (cell % 64)) & 1:
                                add_elims(b, cell, (<uint64_t>1) << d)
                    if b.nelim:
                        bug_done(b, cells, nbug, all_values)
                        b.step_unit = u
                        return True
                v = next_tuple(v, nregion)
    return False


# --- aligned pair exclusion (SE's AlignedPairExclusion, 6.2) --------------------------------------
#
# Two cells (each with 2+ candidates, no naked single among their peers) and the bivalue
# cells both see (at least two): a pair of values for the two cells that would empty one of
# those cells (or repeat a value in a house) is impossible; a candidate left in no possible
# pair goes.  SE's cell list and pair order; the first pair that removes something.

cdef int ax_bases(const LBoard *b, int most, int *base, uint64_t *excl, int *excl_list,
                  int *nexcl, int *index_of) noexcept nogil:
    """SE's base cells of aligned exclusion, in cell order: the cells with 2+ candidates,
    no naked single among their peers, and some peer with 2..`most` candidates (their
    excluders).  For base k: excl[2k], excl[2k+1] its excluders as a set of 81 cells,
    excl_list[20k..] and nexcl[k] as a list; index_of[cell] is k, or -1 for a cell that
    is not a base.  Returns the number of bases."""
    cdef const Geometry *g = b.g
    cdef int nbase = 0, cell, k, p, x
    cdef bint single
    for cell in range(81):
        index_of[cell] = -1
        if popcount(b.cand[cell]) < 2:
            continue
        single = False
        excl[2 * nbase] = excl[2 * nbase + 1] = 0
        nexcl[nbase] = 0
        for k in range(g.npeers):
            p = g.peers[cell * g.npeers + k]
            x = popcount(b.cand[p])
            if x == 1:
                single = True
            elif 2 <= x <= most:
                excl[2 * nbase + p // 64] |= (<uint64_t>1) << (p % 64)
                excl_list[20 * nbase + nexcl[nbase]] = p
                nexcl[nbase] += 1
        if single or nexcl[nbase] == 0:
            continue
        base[nbase] = cell
        index_of[cell] = nbase
        nbase += 1
    return nbase


cdef bint find_ape(LBoard *b) noexcept nogil:
    if b.g.r != 3 or b.g.c != 3:
        return False
    cdef const Geometry *g = b.g
    cdef int base[81]
    cdef int index_of[81]
    cdef int excl_list[81 * 20]
    cdef int nexcl[81]
    cdef uint64_t excl[162]       # each base cell's bivalue peers, as a 128-bit set
    cdef int nbase, i0, i1, c0, c1, e
    cdef uint64_t common[2], allowed0, allowed1, m0, m1, v0, v1
    cdef bint ok, same
    nbase = ax_bases(b, 2, base, excl, excl_list, nexcl, index_of)
    # pairs in colex order: (0,1), (0,2), (1,2), (0,3), ...
    for i1 in range(1, nbase):
        for i0 in range(i1):
            common[0] = excl[2 * i0] & excl[2 * i1]
            common[1] = excl[2 * i0 + 1] & excl[2 * i1 + 1]
            if popcount(common[0]) + popcount(common[1]) < 2:
                continue
            c0 = base[i0]
            c1 = base[i1]
            same = sees(g, c0, c1)
            allowed0 = allowed1 = 0
            m0 = b.cand[c0]
            while m0:
                v0 = lowest_bit(m0)
                m0 = clear_lowest_bit(m0)
                m1 = b.cand[c1]
                while m1:
                    v1 = lowest_bit(m1)
                    m1 = clear_lowest_bit(m1)
                    if v0 == v1 and same:
                        continue
                    ok = True
                    for e in range(81):
                        if (common[e // 64] >> (e % 64)) & 1 and not (b.cand[e] & ~(v0 | v1)):
                            ok = False
                            break
                    if ok:
                        allowed0 |= v0
                        allowed1 |= v1
            if b.cand[c0] & ~allowed0 or b.cand[c1] & ~allowed1:
                step_start(b, T_APE)
                add_elims(b, c0, ~allowed0)
                add_elims(b, c1, ~allowed1)
                b.base[0] = c0
                b.base[1] = c1
                b.nbase = 2
                for e in range(81):
                    if (common[e // 64] >> (e % 64)) & 1:
                        b.base[b.nbase] = e
                        b.nbase += 1
                return True
    return False


# --- aligned triple exclusion (SE's AlignedExclusion(3), 7.5) ------------------------------------

cdef bint find_ate(LBoard *b) noexcept nogil:
    """Three cells (two from SE's base list, the third among their excluders) and the cells
    with 2-3 candidates all three see (at least two): a triple of values that repeats a
    value between cells that see each other, or holds all of such a cell's candidates, is
    impossible; a candidate in no possible triple goes."""
    if b.g.r != 3 or b.g.c != 3:
        return False
    cdef const Geometry *g = b.g
    cdef int base[81]
    cdef int index_of[81]
    cdef int excl_list[81 * 20]
    cdef int nexcl[81]
    cdef uint64_t excl[162]
    cdef int nbase, cell, k, p, i0, i1, c0, c1, c2, j, t, ntwin
    cdef int twin[40]
    cdef uint64_t ex[81]
    cdef int nex, e
    cdef uint64_t common[2], allowed[3], m0, m1, m2, v0, v1, v2
    cdef bint ok, s01, s02, s12
    nbase = ax_bases(b, 3, base, excl, excl_list, nexcl, index_of)
    if nbase < 3:
        return False
    for i1 in range(1, nbase):
        for i0 in range(i1):
            c0 = base[i0]
            c1 = base[i1]
            # the twin area: excluders of c0, then new ones of c1, that are base cells
            ntwin = 0
            for j in range(nexcl[i0] + nexcl[i1]):
                if j < nexcl[i0]:
                    p = excl_list[20 * i0 + j]
                else:
                    p = excl_list[20 * i1 + j - nexcl[i0]]
                if index_of[p] < 0 or p == c0 or p == c1:
                    continue
                for t in range(ntwin):
                    if twin[t] == p:
                        break
                else:
                    twin[ntwin] = p
                    ntwin += 1
            for t in range(ntwin):
                c2 = twin[t]
                k = index_of[c2]
                common[0] = excl[2 * i0] & excl[2 * i1] & excl[2 * k]
                common[1] = excl[2 * i0 + 1] & excl[2 * i1 + 1] & excl[2 * k + 1]
                if popcount(common[0]) + popcount(common[1]) < 2:
                    continue
                s01 = sees(g, c0, c1)
                s02 = sees(g, c0, c2)
                s12 = sees(g, c1, c2)
                nex = 0
                for cell in range(81):
                    if (common[cell // 64] >> (cell % 64)) & 1:
                        ex[nex] = b.cand[cell]
                        nex += 1
                # (what is allowed is a set: a combination whose three values are all
                # allowed already adds nothing, and once every candidate is allowed
                # nothing can go)
                allowed[0] = allowed[1] = allowed[2] = 0
                m0 = b.cand[c0]
                while m0:
                    if (allowed[0] == b.cand[c0] and allowed[1] == b.cand[c1]
                            and allowed[2] == b.cand[c2]):
                        break
                    v0 = lowest_bit(m0)
                    m0 = clear_lowest_bit(m0)
                    m1 = b.cand[c1]
                    while m1:
                        v1 = lowest_bit(m1)
                        m1 = clear_lowest_bit(m1)
                        if v0 == v1 and s01:
                            continue
                        m2 = b.cand[c2]
                        while m2:
                            v2 = lowest_bit(m2)
                            m2 = clear_lowest_bit(m2)
                            if (v0 == v2 and s02) or (v1 == v2 and s12):
                                continue
                            if v0 & allowed[0] and v1 & allowed[1] and v2 & allowed[2]:
                                continue
                            ok = True
                            for e in range(nex):
                                if not (ex[e] & ~(v0 | v1 | v2)):
                                    ok = False
                                    break
                            if ok:
                                allowed[0] |= v0
                                allowed[1] |= v1
                                allowed[2] |= v2
                if (b.cand[c0] & ~allowed[0] or b.cand[c1] & ~allowed[1]
                        or b.cand[c2] & ~allowed[2]):
                    step_start(b, T_ATE)
                    add_elims(b, c0, ~allowed[0])
                    add_elims(b, c1, ~allowed[1])
                    add_elims(b, c2, ~allowed[2])
                    b.base[0] = c0
                    b.base[1] = c1
                    b.base[2] = c2
                    b.nbase = 3
                    return True
    return False


# --- the ladder -------------------------------------------------------------------------------

cdef inline bint allows(uint64_t allowed, int tech) noexcept nogil:
    return (allowed >> tech) & 1


cdef bint logic_next(LBoard *b, uint64_t allowed, bint singles=True) noexcept nogil:
    """Find the next step: the first technique of SE's order, among the `allowed` ones (a
    mask of T_* bits), that applies; False when none does.  `singles` False: the caller
    knows there are no hidden singles (the rating's singles_pass has taken them)."""
    cdef int nesting
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
    if allows(allowed, T_STRONG_LINKS_2) and find_strong_links(b, 2, T_STRONG_LINKS_2):
        return True
    if allows(allowed, T_XYWING) and find_xy_wing(b, False):
        return True
    if allows(allowed, T_XYZWING) and find_xy_wing(b, True):
        return True
    if allows(allowed, T_UNIQUE_LOOP) and find_unique_loop(b):
        return True
    if allows(allowed, T_NAKED_QUAD) and find_naked_set(b, 4, T_NAKED_QUAD):
        return True
    if allows(allowed, T_JELLYFISH) and find_fish(b, 4, T_JELLYFISH):
        return True
    if allows(allowed, T_HIDDEN_QUAD) and find_hidden_set(b, 4, T_HIDDEN_QUAD, False):
        return True
    if allows(allowed, T_STRONG_LINKS_3) and find_strong_links(b, 3, T_STRONG_LINKS_3):
        return True
    if allows(allowed, T_WXYZ_WING) and find_als_wing(b, 3, T_WXYZ_WING):
        return True
    if allows(allowed, T_BUG) and find_bug(b):
        return True
    if allows(allowed, T_STRONG_LINKS_4) and find_strong_links(b, 4, T_STRONG_LINKS_4):
        return True
    if allows(allowed, T_VWXYZ_WING) and find_als_wing(b, 4, T_VWXYZ_WING):
        return True
    if allows(allowed, T_APE) and find_ape(b):
        return True
    if allows(allowed, T_UVWXYZ_WING) and find_als_wing(b, 5, T_UVWXYZ_WING):
        return True
    if allows(allowed, T_FORCING_CHAINS) and find_cycles_and_chains(b):
        return True
    if allows(allowed, T_TUVWXYZ_WING) and find_als_wing(b, 6, T_TUVWXYZ_WING):
        return True
    if allows(allowed, T_ATE) and find_ate(b):
        return True
    if allows(allowed, T_NISHIO) and find_multiple_chains(b, False, True, True, T_NISHIO):
        return True
    if (allows(allowed, T_MULTIPLE_CHAINS)
            and find_multiple_chains(b, True, False, False, T_MULTIPLE_CHAINS)):
        return True
    if (allows(allowed, T_DYNAMIC_CHAINS)
            and find_multiple_chains(b, True, True, False, T_DYNAMIC_CHAINS)):
        return True
    if (allows(allowed, T_DYNAMIC_PLUS)
            and find_multiple_chains(b, True, True, False, T_DYNAMIC_PLUS, 1)):
        return True
    # SE's nested chains: forcing chains, multiple forcing chains, then dynamic forcing
    # chains of level 0 to 3 inside dynamic chains
    if (allows(allowed, T_NESTED_CHAINS) and not b.interrupted
            and find_multiple_chains(b, True, True, False, T_NESTED_CHAINS, 2)):
        return True
    if (allows(allowed, T_NESTED_MULTIPLE) and not b.interrupted
            and find_multiple_chains(b, True, True, False, T_NESTED_MULTIPLE, 3)):
        return True
    if allows(allowed, T_NESTED_DYNAMIC):
        for nesting in range(4):
            if b.interrupted:
                break
            if find_multiple_chains(b, True, True, False, T_NESTED_DYNAMIC, 4, nesting):
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


cdef void logic_rate(LBoard *b, LRating *out, uint64_t allowed=ALL_TECHNIQUES) noexcept nogil:
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
            if not logic_next(b, allowed, False):
                out.stuck = b.nempty      # (or stopped: b.interrupted)
                return
            out.counts[b.step_tech] += 1
            rate_step(out, b.step_diff, b.step_tech, b.step_cell >= 0)
            logic_apply(b)


cdef int raise_interrupted(const LBoard *b) except -1:
    """After a nogil section: raise if Ctrl-C (the signal handler's exception, already set)
    or a batch's stop flag stopped the nested chains (KeyboardInterrupt either way)."""
    if b.interrupted:
        if PyErr_Occurred() == NULL:
            raise KeyboardInterrupt()
        return -1
    return 0


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


cdef list _chains_of(const LBoard *b):
    """The step's chains as lists of (cell, digit, on)."""
    cdef list chains = []
    cdef list chain = []
    cdef int k, x
    for k in range(b.nchain):
        x = b.chain[k]
        if x < 0:
            chains.append(chain)
            chain = []
        else:
            chain.append((x // 18, (x // 2) % 9, bool(x & 1)))
    if chain:
        chains.append(chain)
    return chains


def _logic_steps(bytes values, int r, int c, object candidates=None, Py_ssize_t limit=-1,
                 uint64_t allowed=ALL_TECHNIQUES):
    """The steps from a position, in order, until it is solved, stuck or `limit` steps:
    (steps, state) with each step (technique, difficulty tenths, cell, digit, eliminations
    as (cell, digit) pairs, base cells, base digit mask, unit, unit2, chain kind, chains:
    a list of chains, each a list of (cell, digit, on) from its assumption) and state
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
            raise_interrupted(&b)
            if not found:
                state = "stuck"
                break
            out.append((
                b.step_tech, b.step_diff, b.step_cell, b.step_value,
                [(b.elim[k] >> 6, b.elim[k] & 63) for k in range(b.nelim)],
                [b.base[k] for k in range(b.nbase)], b.base_digits, b.step_unit, b.step_unit2,
                b.step_kind, _chains_of(&b),
            ))
            logic_apply(&b)
    finally:
        logic_free(&b)
    return out, state


def _logic_rate(bytes values, int r, int c, object candidates=None,
                uint64_t allowed=ALL_TECHNIQUES):
    """(er, ep, ed, hardest technique, steps of each technique, empty cells left), the
    difficulties in tenths; empty cells left > 0 when the techniques ran out before the
    end (er: the hardest step until then); `allowed`: a mask of the techniques used.
    ValueError if the position breaks, KeyboardInterrupt on Ctrl-C in nested chains."""
    cdef LBoard b
    cdef LRating out
    cdef int k
    _logic_board(&b, values, r, c, candidates)
    try:
        if b.broken:
            raise ValueError("the position contradicts itself")
        with nogil:
            logic_rate(&b, &out, allowed)
        raise_interrupted(&b)
        if b.broken:
            raise ValueError("the position has no solution")
    finally:
        logic_free(&b)
    counts = [0] * T_COUNT
    for k in range(T_COUNT):
        counts[k] = out.counts[k]
    return out.er, out.ep, out.ed, out.hardest, counts, out.stuck


def _logic_solves(bytes values, int r, int c, uint64_t allowed, object candidates=None):
    """Whether the allowed techniques (a mask of technique numbers) solve the puzzle (or
    the position: the values and a list of candidate masks, as _logic_steps takes)."""
    cdef LBoard b
    cdef bint done
    _logic_board(&b, values, r, c, candidates)
    try:
        with nogil:
            done = logic_solves(&b, allowed)
        raise_interrupted(&b)
    finally:
        logic_free(&b)
    return done


def _logic_rate_rows(const uint8_t[:, ::1] rows, int r, int c, int64_t[::1] next_row,
                     Py_ssize_t stop, int16_t[:, ::1] out, int64_t[::1] halt,
                     bint interruptible=False, uint64_t allowed=ALL_TECHNIQUES):
    """Rate rows without the GIL, one at a time, each taken from the shared counter
    next_row[0] (an atomic add: every thread that calls this with the same counter takes the
    next row until `stop`, so a few slow puzzles side by side do not end up in one thread's
    share): out[i] = (er, ep, ed, hardest, empty cells left), difficulties in tenths; a row
    that contradicts itself gets empty cells left = -1.  Stops early (rows left untouched)
    once halt[0] is set, also within a row's nested chains; `interruptible`: this thread
    looks for Ctrl-C there (sets halt and raises)."""
    cdef const Geometry *g = geometry_for(r, c)
    cdef const LogicTables *t = logic_tables_for(g)
    cdef LBoard b
    cdef LRating rating
    cdef Py_ssize_t i
    cdef bint stopped = False
    cdef Interrupt mine, saved
    if rows.shape[1] != g.ncells or out.shape[1] < 5 or stop > rows.shape[0]:
        raise ValueError("rows and out do not match the grid")
    if stop > out.shape[0] or next_row.shape[0] < 1:
        raise ValueError("out or the row counter is too short")
    mine.stop = <long long *>&halt[0]
    mine.quiet = not interruptible
    with nogil:
        saved = fs_interrupt_swap(mine)
        while True:
            if fs_load(mine.stop):
                break
            i = <Py_ssize_t>fs_fetch_add(<long long *>&next_row[0], 1)
            if i >= stop:
                break
            if logic_init(&b, g, t) < 0:
                out[i, 4] = -2
                continue
            logic_load(&b, &rows[i, 0])
            if b.broken:
                out[i, 4] = -1
            else:
                logic_rate(&b, &rating, allowed)
                if b.interrupted:
                    stopped = True
                    logic_free(&b)
                    break
                out[i, 0] = <int16_t>rating.er
                out[i, 1] = <int16_t>rating.ep
                out[i, 2] = <int16_t>rating.ed
                out[i, 3] = <int16_t>rating.hardest
                out[i, 4] = -1 if b.broken else <int16_t>rating.stuck
            logic_free(&b)
        fs_interrupt_swap(saved)
    if stopped:
        _stopped(mine)
