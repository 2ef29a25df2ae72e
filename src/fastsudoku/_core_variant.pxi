# Part of fastsudoku._core, included by _core.pyx:
# engine "variant": constraints as data (houses, pair rules, sums) for variant Sudoku.
#
#   VSearch.states: one level a search depth, each a copy of its parent
#
#       level d   | cand[0] cand[1] ... cand[ncells-1] |   uint64, bit v-1 <=> value v left
#
#   branch_cell[d], branch_rest[d]   the cell guessed at level d, its values not yet tried
#   branch_bit[d], branch_other[d]   or (branch_bit non-zero) two ways, branch_rest 2 then 1:
#                                    a value in branch_cell, then in branch_other (a house's
#                                    two places), or out of branch_cell (branch_other -1)
#   queue / hqueue / squeue          the propagation's work: cells, houses, sums to look at
#
# The model (VModel, _core.pxd) is built once per puzzle with the GIL (VariantModel below)
# and read-only during searches.

# ============================================================================================
# Propagation
# ============================================================================================
#
# A changed cell is queued once.  Taking a cell off the queue: a placed cell's value
# leaves its peers; each pair rule from it keeps, in the other cell, the values some value
# left here allows (arc consistency); its houses and sums are queued.  When no cell is
# queued: each queued sum -- bounds (each group of cells that differ between its k
# smallest and k largest values, given the other groups' ranges), exact totals for sums
# with at most 3 open terms, and for a distinct sum, its value sets that the cells can
# still cover: a value outside all of them leaves the sum's cells, a value inside all of
# them goes to its one cell left, or leaves the cells that see every cell of the sum that
# can hold it -- then, no sum queued, each queued house: a value no cell of the house has
# is a contradiction in a house of n cells, and a value with one cell left goes there
# (hidden single); a value whose cells all lie where the house crosses another leaves the
# other's cells (locked values).  Until nothing is queued.


cdef enum:
    V_DP_CELLS = 32           # sums of at most this many cells get exact totals (v_sum_exact)
    V_EXACT_OPEN = 3          # sums with more open terms: bounds only (as cheap, as strong)
    V_FEW_UPTO = 16           # sides whose 2-3 open-cell sums are solved out (v_sum_few)
    V_GROUPS = 32             # v_sum keeps the ranges of this many groups (the rest: again)
    V_SEGMENTS = 64           # crossings in one family of v_locked (no more than n)
    V_PEER_WORDS = 16         # peer_bits rows of at most 1024 cells (sides up to 32)
    V_SANDWICH_SETS = 16      # sandwich clues by value sets up to this side (2**(n-2) sets)

cdef enum:                    # VSearch.queued: what changed in a queued cell
    V_CHANGED = 1             # a value went
    V_BOUNDS = 2              # its least or its most value went (or it is placed)

cdef enum:                    # VModel.sum_kind: what a sum's cells and target mean
    V_LINEAR = 0              # the sum of coefficient times value is the target
    V_SANDWICH = 1            # a line that differs: the cells between 1 and n sum to it
    V_XSUM = 2                # a line that differs: the first x cells sum to it, x the first
    V_BETWEEN = 3             # a line: its middle cells strictly between its ends
    V_LOCKOUT = 4             # a line: its middle cells outside its ends, those it apart
    V_SKYSCRAPER = 5          # a line that differs: as many cells seen from its start
    V_CONTAIN = 6             # cells holding given values (combos; target 1: exactly)
    V_SUMLINE = 7             # a line cut into runs of this total (target; a loop: 8)
    V_SUMLOOP = 8
    V_LUNCHBOX = 9            # cells that differ: those between the least and most sum to it
    V_HIDDEN = 10             # a line that differs: its first cell below one before holds it
    V_COUNT = 11              # counting circles: a digit held counts its cells (combos)
    V_SUMLINE_MOST = 256      # cells of a sum line propagated by its runs (longer: checked)
    V_SKY_WALK = 512          # a skyscraper clue's walk: only up to this many placings
    V_SKY_STATES = 16         # skyscraper clues by states up to this side
    V_SETS_EXACT = 2          # VModel.sum_domain bit: sets of as many values as its cells


cdef inline bint v_restrict(VSearch *s, uint64_t *cand, int cell, uint64_t keep) noexcept nogil:
    """cand[cell] &= keep; queue the cell if it changed.  False if nothing is left."""
    cdef uint64_t m = cand[cell], gone = m & ~keep
    cdef uint8_t event = V_CHANGED
    if gone:
        # A bound moved (the least or the most value went): linear sums look again.
        if gone & (lowest_bit(m) | ((<uint64_t>1) << top_index(m))):
            event = V_CHANGED | V_BOUNDS
        m &= keep
        if m == 0:
            s.fail_cell = cell
            return False
        cand[cell] = m
        if not s.queued[cell]:
            s.queue[s.nqueue] = cell
            s.nqueue += 1
        s.queued[cell] |= event
        s.gone[cell] |= gone
    return True


cdef inline void v_queue_all(VSearch *s) noexcept nogil:
    cdef int cell
    for cell in range(s.m.ncells):
        if not s.queued[cell]:
            s.queue[s.nqueue] = cell
            s.nqueue += 1
        s.queued[cell] = V_CHANGED | V_BOUNDS
        s.gone[cell] = s.m.full      # every house looks at every value


cdef inline void v_clear_queues(VSearch *s) noexcept nogil:
    while s.nqueue:
        s.nqueue -= 1
        s.queued[s.queue[s.nqueue]] = 0
        s.gone[s.queue[s.nqueue]] = 0
    while s.nhqueue:
        s.nhqueue -= 1
        s.hqueued[s.hqueue[s.nhqueue]] = 0
        s.hgone[s.hqueue[s.nhqueue]] = 0
    while s.nsqueue:
        s.nsqueue -= 1
        s.squeued[s.squeue[s.nsqueue]] = 0


cdef inline uint64_t v_range_mask(int n, int64_t lo, int64_t hi) noexcept nogil:
    """The values v in 1..n with lo <= v <= hi, as a mask."""
    if lo < 1:
        lo = 1
    if hi > n:
        hi = n
    if lo > hi:
        return 0
    cdef uint64_t upto = (~(<uint64_t>0)) >> (64 - hi)          # values 1..hi
    return upto & ~((((<uint64_t>1) << (lo - 1)) - 1))


cdef inline int64_t floor_div(int64_t a, int64_t b) noexcept nogil:
    """a / b rounded down, for b > 0 (C division truncates towards zero)."""
    cdef int64_t q = a // b
    if a % b != 0 and a < 0:
        q -= 1
    return q


cdef inline int64_t v_low(uint64_t m) noexcept nogil:
    return bit_index(lowest_bit(m)) + 1


cdef inline int64_t v_high(uint64_t m) noexcept nogil:
    return top_index(m) + 1


cdef bint v_cell(VSearch *s, uint64_t *cand, int x, uint8_t event) noexcept nogil:
    """Look at a changed cell x: its placed value leaves its peers, its pair rules restrict
    the other cells, its houses and sums are queued -- a sum of bounds and totals only
    (no value sets, m.sum_domain 0) only when x lost its least or most value (event
    V_BOUNDS).  Those are most sums of a killer (its leftovers): on ISS MATHEMAGIC_KILLERS
    #2 (200,000 guesses) that took the sums looked at from 49 to 39 a guess."""
    cdef const VModel *m = s.m
    cdef uint64_t mask = cand[x], bit, support, w, gone = s.gone[x]
    cdef int k, r, h, t, n = m.n, size
    cdef const uint64_t *rel
    s.gone[x] = 0
    if has_one_bit(mask):
        s.last_single = x
        for k in range(m.peer_start[x], m.peer_start[x + 1]):
            if not v_restrict(s, cand, m.peers[k], ~mask):
                return False
    size = popcount(mask)
    for k in range(m.arc_start[x], m.arc_start[x + 1]):
        # More values than the relation has rows short of every value: one of them allows
        # the other cell anything (an anti-knight or anti-taxicab pair of a cell with two
        # values, say), nothing to do -- the same fixed point.  The ISS's Taxicab Archers
        # (count to 2): 2.65 -> 0.82 ms, 194 guesses both ways.
        if size > m.rel_bad[m.arc_rel[k]]:
            continue
        rel = m.rel + <size_t>m.arc_rel[k] * n
        support = 0
        w = mask
        while w:
            bit = lowest_bit(w)
            w ^= bit
            support |= rel[bit_index(bit)]
        if not v_restrict(s, cand, m.arc_other[k], support):
            return False
    for k in range(m.cell_house_start[x], m.cell_house_start[x + 1]):
        h = m.cell_houses[k]
        s.hgone[h] |= gone
        if not s.hqueued[h]:
            s.hqueued[h] = 1
            s.hqueue[s.nhqueue] = h
            s.nhqueue += 1
    for k in range(m.cell_sum_start[x], m.cell_sum_start[x + 1]):
        t = m.cell_sums[k]
        if not s.squeued[t] and (event & V_BOUNDS or m.sum_domain[t]):
            s.squeued[t] = 1
            s.squeue[s.nsqueue] = t
            s.nsqueue += 1
    return True


cdef bint v_house(VSearch *s, uint64_t *cand, int h, uint64_t gone) noexcept nogil:
    """Hidden singles of a house of n cells (and its missing values: a contradiction),
    and its locked values.  `gone`: the values its cells lost since it was last looked at
    -- only those can have become hidden singles or locked (the others were dealt with
    then, or are placed: a placed value is its own hidden single and locked in its cell).
    The ISS's Sudoku X example: 4.8 -> 2.8 us a guess."""
    cdef const VModel *m = s.m
    cdef int k, cell, t
    cdef uint64_t once = 0, twice = 0, w, hidden, bit
    if not m.house_full[h]:
        return True
    # The sums whose value sets this house's other cells bear on (v_sum_sets).
    for k in range(m.house_comp_start[h], m.house_comp_start[h + 1]):
        t = m.house_comps[k]
        if not s.squeued[t]:
            s.squeued[t] = 1
            s.squeue[s.nsqueue] = t
            s.nsqueue += 1
    for k in range(m.house_start[h], m.house_start[h + 1]):
        w = cand[m.house_cells[k]]
        twice |= once & w
        once |= w
    if once != m.full:
        return False
    hidden = once & ~twice & gone
    while hidden:
        bit = lowest_bit(hidden)
        hidden ^= bit
        for k in range(m.house_start[h], m.house_start[h + 1]):
            cell = m.house_cells[k]
            if cand[cell] & bit:
                if not v_restrict(s, cand, cell, bit):
                    return False
                break
    return v_locked(s, cand, h, gone)


cdef bint v_locked(VSearch *s, uint64_t *cand, int h, uint64_t gone) noexcept nogil:
    """Locked values: a value of house h whose cells all lie where h crosses another house
    (a box and a line, two jigsaw regions ...) leaves the other house's remaining cells.
    The crossings come in families whose shared cells do not overlap (a box's three rows),
    so each cell of h is read once a family: a segment's values outside it are the other
    segments' and the family's rest."""
    cdef const VModel *m = s.m
    cdef const int32_t *code = m.cross_code
    cdef int p = m.cross_start[h], end = m.cross_start[h + 1], q, i, k, nseg, count, cell
    cdef uint64_t rest, before, locked
    cdef uint64_t seg[V_SEGMENTS]
    cdef uint64_t after[V_SEGMENTS + 1]
    cdef int at[V_SEGMENTS]
    while p < end:
        nseg = code[p]
        count = code[p + 1]
        p += 2
        rest = 0
        for k in range(count):
            rest |= cand[code[p + k]]
        p += count
        for i in range(nseg):
            count = code[p]
            seg[i] = 0
            for k in range(p + 1, p + 1 + count):
                seg[i] |= cand[code[k]]
            p += 1 + count
            at[i] = p
            p += 1 + code[p]
        after[nseg] = rest
        for i in range(nseg - 1, -1, -1):
            after[i] = after[i + 1] | seg[i]
        before = 0
        for i in range(nseg):
            locked = seg[i] & ~(before | after[i + 1]) & gone
            before |= seg[i]
            if not locked:
                continue
            q = at[i]
            for k in range(q + 1, q + 1 + code[q]):
                cell = code[k]
                if cand[cell] & locked and not v_restrict(s, cand, cell, ~locked):
                    return False
    return True


cdef inline bint v_in_sum(const VModel *m, int t, int cell) noexcept nogil:
    cdef int k
    for k in range(m.sum_start[t], m.sum_start[t + 1]):
        if m.sum_cells[k] == cell:
            return True
    return False


cdef inline int64_t v_low_sum(uint64_t m, int k) noexcept nogil:
    """The sum of the k smallest values of m (which has at least k)."""
    cdef int64_t total = 0
    while k > 0:
        total += bit_index(lowest_bit(m)) + 1
        m = clear_lowest_bit(m)
        k -= 1
    return total


cdef inline int64_t v_high_sum(uint64_t m, int k) noexcept nogil:
    """The sum of the k largest values of m (which has at least k)."""
    cdef int64_t total = 0
    cdef int top
    while k > 0:
        top = top_index(m)
        total += top + 1
        m ^= (<uint64_t>1) << top
        k -= 1
    return total


# The sums of the k smallest and k largest values of each set of values 1..9 (a 9-bit mask),
# k = 0..9 (255: fewer than k values): the bounds of a group of cells of a 9x9 grid in two
# look-ups (v_group_range).  On the ISS's TAREK_ALL killers (count to 2) v_sum's
# instructions went from 4.66G to 3.63G (callgrind), CPU 1.89 -> 1.73 s with EXTREME.
cdef uint8_t V_LOW9[512 * 10]
cdef uint8_t V_HIGH9[512 * 10]


cdef void _fill_sum_tables() noexcept:
    cdef int mask, k
    for mask in range(512):
        for k in range(10):
            if k <= popcount(mask):
                V_LOW9[mask * 10 + k] = v_low_sum(mask, k)
                V_HIGH9[mask * 10 + k] = v_high_sum(mask, k)
            else:
                V_LOW9[mask * 10 + k] = 255     # fewer than k values
                V_HIGH9[mask * 10 + k] = 0


_fill_sum_tables()


cdef inline bint v_group_range(const uint64_t *cand, const VModel *m, int g, int skip,
                               int64_t *lo, int64_t *hi) noexcept nogil:
    """The least and most that group g's cells (but the one at index `skip`, if any) can sum
    to: their values differ, so from the k smallest and k largest values they hold
    together.  False if they hold fewer than k values."""
    cdef uint64_t u = 0
    cdef int k, size = 0
    if m.group_start[g + 1] - m.group_start[g] == 1 and skip < 0:
        u = cand[m.sum_cells[m.group_start[g]]]
        if u == 0:
            return False
        lo[0] = v_low(u)
        hi[0] = v_high(u)
        return True
    for k in range(m.group_start[g], m.group_start[g + 1]):
        if k != skip:
            u |= cand[m.sum_cells[k]]
            size += 1
    if m.n <= 9 and size <= 9:
        # The tables' rows (masks within 9 bits: the cells' values are 1..n).
        lo[0] = V_LOW9[u * 10 + size]
        hi[0] = V_HIGH9[u * 10 + size]
        return lo[0] != 255
    if popcount(u) < size:
        return False
    lo[0] = v_low_sum(u, size)
    hi[0] = v_high_sum(u, size)
    return True


cdef inline bint v_group_terms(const uint64_t *cand, const VModel *m, int g,
                               int64_t *lo, int64_t *hi) noexcept nogil:
    """v_group_range of the whole group times its coefficient: the least and most its
    terms add to the sum."""
    cdef int64_t coef = m.sum_coef[m.group_start[g]]
    if not v_group_range(cand, m, g, -1, lo, hi):
        return False
    lo[0] *= coef
    hi[0] *= coef
    if lo[0] > hi[0]:
        lo[0], hi[0] = hi[0], lo[0]
    return True


cdef inline bint v_run_fits(int64_t target, int64_t smin, int64_t smax, uint64_t union,
                            int k) noexcept nogil:
    """Whether k cells that all differ, their values in `union`, the least of each
    summing to smin and the most to smax, can sum to target."""
    if k == 0:
        return target == 0
    if target < smin or target > smax or popcount(union) < k:
        return False
    return v_low_sum(union, k) <= target <= v_high_sum(union, k)


cdef inline uint64_t v_run_support(int n, uint64_t cx, int64_t target, int64_t smin,
                                   int64_t smax) noexcept nogil:
    """The values of cx (one cell of a run whose least values sum to smin and most to
    smax) that the run's other cells can complete to target."""
    return cx & v_range_mask(n, target - (smax - v_high(cx)), target - (smin - v_low(cx)))


cdef bint v_sandwich(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """Sandwich clue t (a line of cells that all differ, in order): the cells between the
    ones holding 1 and n sum to the target.  For each pair of places the two ends can
    take, the cells between (values 2..n-1) must be able to make the total: on sides up
    to V_SANDWICH_SETS, some set of values making it (the sum's value sets, VModel.combos)
    must lie within what the cells between can hold, with enough values outside it left
    for the cells outside (the Interactive Sudoku Solver's test); on larger sides, their
    least and most and those of as many distinct values as cells.  Every value some
    feasible placing allows is kept, the others leave."""
    cdef const VModel *m = s.m
    cdef int n = m.n, p, q, x, d
    cdef int first = m.sum_start[t], k = m.sum_start[t + 1] - m.sum_start[t]
    cdef const int32_t *cells = m.sum_cells + first
    cdef int64_t target = m.sum_target[t], smin, smax
    cdef uint64_t lo = 1, hi = (<uint64_t>1) << (n - 1), mid = m.full & ~(lo | hi)
    cdef uint64_t cp, cq, pmask, qmask, union, c, inside, outside, outer
    cdef bint sets = n <= V_SANDWICH_SETS, found = False, hit
    cdef int cs = m.combo_start[t], ce = m.combo_start[t + 1], j
    cdef uint64_t sup[64]
    cdef uint64_t pre[65]     # pre[x]: the values cells 0..x-1 can hold (of 2..n-1)
    cdef uint64_t suf[65]     # suf[x]: those of cells x..k-1
    pre[0] = 0
    suf[k] = 0
    for x in range(k):
        sup[x] = 0
        pre[x + 1] = pre[x] | (cand[cells[x]] & mid)
        suf[k - 1 - x] = suf[k - x] | (cand[cells[k - 1 - x]] & mid)
    for p in range(k):
        cp = cand[cells[p]]
        if not cp & (lo | hi):
            continue
        smin = 0
        smax = 0
        union = 0
        for q in range(p + 1, k):
            cq = cand[cells[q]]
            pmask = 0
            qmask = 0
            if cp & lo and cq & hi:
                pmask |= lo
                qmask |= hi
            if cp & hi and cq & lo:
                pmask |= hi
                qmask |= lo
            d = q - p - 1
            if pmask and v_run_fits(target, smin, smax, union, d):
                if sets:
                    inside = 0
                    outside = 0
                    hit = False
                    outer = pre[p] | suf[q + 1]
                    for j in range(cs, ce):
                        c = m.combos[j]
                        if popcount(c) == d and not c & ~union \
                                and popcount(outer & ~c) >= k - d - 2:
                            hit = True
                            inside |= c
                            outside |= ~c
                    outside &= mid
                    if hit:
                        found = True
                        sup[p] |= pmask
                        sup[q] |= qmask
                        for x in range(p + 1, q):
                            sup[x] |= inside
                        for x in range(p):
                            sup[x] |= outside
                        for x in range(q + 1, k):
                            sup[x] |= outside
                else:
                    found = True
                    sup[p] |= pmask
                    sup[q] |= qmask
                    for x in range(p + 1, q):
                        sup[x] |= v_run_support(n, cand[cells[x]] & mid, target, smin, smax)
                    for x in range(p):
                        sup[x] |= mid
                    for x in range(q + 1, k):
                        sup[x] |= mid
            # Cell q is between the ends for every later q.
            cq &= mid
            if cq == 0:
                break
            smin += v_low(cq)
            smax += v_high(cq)
            union |= cq
            if smin > target:
                break
    if not found:
        return False
    for x in range(k):
        if not v_restrict(s, cand, cells[x], sup[x]):
            return False
    return True


cdef bint v_xsum(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """X-sum clue t (a line of cells that all differ, from the clue's end): the first
    cell's value x is how many cells from that end sum to the target.  For each x the
    first cell can take, the next x - 1 cells (without x) must be able to make the rest;
    the values some feasible x allows are kept."""
    cdef const VModel *m = s.m
    cdef int n = m.n, v, x
    cdef int first = m.sum_start[t], k = m.sum_start[t + 1] - m.sum_start[t]
    cdef const int32_t *cells = m.sum_cells + first
    cdef int64_t target = m.sum_target[t], rest, smin, smax
    cdef uint64_t c0 = cand[cells[0]], bit, cx, union, w, c, inside, outside, outer
    cdef uint64_t sup[64]
    cdef bint fits
    cdef int j
    for x in range(k):
        sup[x] = 0
    w = c0
    while w:
        bit = lowest_bit(w)
        w ^= bit
        v = bit_index(bit) + 1
        if v > k:
            continue
        rest = target - v
        smin = 0
        smax = 0
        union = 0
        fits = True
        for x in range(1, v):
            cx = cand[cells[x]] & ~bit
            if cx == 0:
                fits = False
                break
            smin += v_low(cx)
            smax += v_high(cx)
            union |= cx
        if not fits or not v_run_fits(rest, smin, smax, union, v - 1):
            continue
        if n <= V_SANDWICH_SETS and k == n:
            # The value sets of the first v - 1 cells that make the rest (VModel.combos:
            # every set S with v = |S| + 1 not in S and sum S + v = target): a set must lie
            # within what those cells hold, its other values fit the cells after them.
            inside = 0
            outside = 0
            outer = 0
            fits = False
            for x in range(v, k):
                outer |= cand[cells[x]]
            for j in range(m.combo_start[t], m.combo_start[t + 1]):
                c = m.combos[j]
                if popcount(c) == v - 1 and not c & ~union \
                        and popcount(outer & ~(c | bit)) >= k - v:
                    fits = True
                    inside |= c
                    outside |= ~(c | bit)
            if not fits:
                continue
            sup[0] |= bit
            for x in range(1, v):
                sup[x] |= inside
            for x in range(v, k):
                sup[x] |= outside
            continue
        sup[0] |= bit
        for x in range(1, v):
            sup[x] |= v_run_support(n, cand[cells[x]] & ~bit, rest, smin, smax)
        for x in range(v, k):
            sup[x] |= ~bit
    if sup[0] == 0:
        return False
    for x in range(k):
        if not v_restrict(s, cand, cells[x], sup[x]):
            return False
    return True


cdef bint v_ends(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """Between or lockout line t (its cells in order; the ends differ): the cells between
    the ends hold values strictly between the ends' (between), or outside them, the ends
    at least the target apart (lockout).  For each pair of values the ends can take, every
    middle cell must have a value in the range it leaves; the values some such pair
    allows are kept."""
    cdef const VModel *m = s.m
    cdef int n = m.n, x, a, b, lo, hi
    cdef int first = m.sum_start[t], k = m.sum_start[t + 1] - m.sum_start[t]
    cdef const int32_t *cells = m.sum_cells + first
    cdef bint lockout = m.sum_kind[t] == V_LOCKOUT, fits
    cdef int64_t gap = m.sum_target[t]
    cdef uint64_t c0 = cand[cells[0]], c1 = cand[cells[k - 1]], s0 = 0, s1 = 0, keep = 0
    cdef uint64_t wa, wb, rng
    wa = c0
    while wa:
        a = bit_index(lowest_bit(wa)) + 1
        wa = clear_lowest_bit(wa)
        wb = c1
        while wb:
            b = bit_index(lowest_bit(wb)) + 1
            wb = clear_lowest_bit(wb)
            if a == b:
                continue
            lo = a if a < b else b
            hi = a + b - lo
            if lockout:
                if hi - lo < gap:
                    continue
                rng = m.full & ~v_range_mask(n, lo, hi)
            else:
                rng = v_range_mask(n, lo + 1, hi - 1)
            fits = True
            for x in range(1, k - 1):
                if not cand[cells[x]] & rng:
                    fits = False
                    break
            if fits:
                s0 |= (<uint64_t>1) << (a - 1)
                s1 |= (<uint64_t>1) << (b - 1)
                keep |= rng
    if not v_restrict(s, cand, cells[0], s0) or not v_restrict(s, cand, cells[k - 1], s1):
        return False
    for x in range(1, k - 1):
        if not v_restrict(s, cand, cells[x], keep):
            return False
    return True


cdef int v_sky_walk(const uint64_t *cand, const int32_t *cells, int k, int i, uint64_t used,
                    int top, int seen, int64_t target, uint64_t full, uint64_t *path,
                    uint64_t *sup, int *budget) noexcept nogil:
    """The placings of a skyscraper line from its cell i on, the cells before it holding
    `used`, `seen` of them taller than all before, the tallest `top`: 1 if one makes the
    clue (each cell's value on it added to sup), 0 if none, -1 when the budget of nodes
    ran out."""
    cdef uint64_t w, bit, below
    cdef int v, r, found = 0, taller
    if seen > target:
        return 0
    if i == k:
        if seen != target:
            return 0
        for r in range(k):
            sup[r] |= path[r]
        return 1
    budget[0] -= 1
    if budget[0] < 0:
        return -1
    # At most every value above the tallest so far, in the cells left, can still be seen.
    below = ~(<uint64_t>0) if top >= 64 else ((<uint64_t>1) << top) - 1
    taller = popcount(full & ~used & ~below)
    if seen + min(taller, k - i) < target:
        return 0
    w = cand[cells[i]] & ~used
    while w:
        bit = lowest_bit(w)
        w ^= bit
        v = bit_index(bit) + 1
        path[i] = bit
        r = v_sky_walk(cand, cells, k, i + 1, used | bit, v if v > top else top,
                       seen + (v > top), target, full, path, sup, budget)
        if r < 0:
            return -1
        found |= r
    return found


cdef bint v_sky_states(VSearch *s, uint64_t *cand, const int32_t *cells, int k, int n,
                       int64_t target) noexcept nogil:
    """A skyscraper line's placings as states (the tallest so far, the cells seen: a set
    of counts a tallest), forwards and backwards, the cells' differing left out (the ISS
    reads the clue as a state machine too): each cell keeps the values on some path from
    the start to `target` seen.  Up to V_SKY_STATES a side; exact on a complete line.
    Backwards only from the states reached forwards (`reach`: the tallest values met),
    each cell's values kept in the same pass ('Skyscraper - all 5': 6.7 -> 4.4 ms,
    'Skyscaper 2-3' 35 -> 21 ms)."""
    cdef uint64_t fwd[(V_SKY_STATES + 1) * (V_SKY_STATES + 1)]
    cdef uint64_t back[(V_SKY_STATES + 1) * (V_SKY_STATES + 1)]
    cdef uint64_t reach[V_SKY_STATES + 1]
    cdef uint64_t keep[V_SKY_STATES + 1]
    cdef uint64_t w, counts, tops, c, vals
    cdef int i, top, v, row = n + 1
    fwd[0] = 1
    reach[0] = 1                                   # the tallest before the line: 0
    for i in range(k):
        vals = cand[cells[i]]
        tops = reach[i]
        reach[i + 1] = 0
        # The tallest after cell i: a value above every state's tallest, or a state's own.
        w = vals
        while w:
            v = bit_index(lowest_bit(w)) + 1
            w = clear_lowest_bit(w)
            if tops & ((((<uint64_t>1) << v) - 1)):
                reach[i + 1] |= (<uint64_t>1) << v
                fwd[(i + 1) * row + v] = 0
        w = tops
        while w:
            top = bit_index(lowest_bit(w))
            w = clear_lowest_bit(w)
            if vals & ((((<uint64_t>1) << top) - 1) >> 1) and not (reach[i + 1] >> top) & 1:
                reach[i + 1] |= (<uint64_t>1) << top
                fwd[(i + 1) * row + top] = 0
        w = tops
        while w:
            top = bit_index(lowest_bit(w))
            w = clear_lowest_bit(w)
            counts = fwd[i * row + top]
            c = vals >> top                       # values above top, from top + 1 as bit 0
            while c:
                v = top + 1 + bit_index(lowest_bit(c))
                c = clear_lowest_bit(c)
                fwd[(i + 1) * row + v] |= counts << 1
            if vals & ((((<uint64_t>1) << top) - 1) >> 1):
                fwd[(i + 1) * row + top] |= counts
    w = reach[k]
    while w:
        top = bit_index(lowest_bit(w))
        w = clear_lowest_bit(w)
        back[k * row + top] = (<uint64_t>1) << target
    for i in range(k - 1, -1, -1):
        vals = cand[cells[i]]
        keep[i] = 0
        w = reach[i]
        while w:
            top = bit_index(lowest_bit(w))
            w = clear_lowest_bit(w)
            counts = fwd[i * row + top]
            back[i * row + top] = 0
            c = vals >> top
            while c:
                v = top + 1 + bit_index(lowest_bit(c))
                c = clear_lowest_bit(c)
                if back[(i + 1) * row + v] >> 1 & counts:
                    keep[i] |= (<uint64_t>1) << (v - 1)
                back[i * row + top] |= back[(i + 1) * row + v] >> 1
            if vals & ((((<uint64_t>1) << top) - 1) >> 1):
                back[i * row + top] |= back[(i + 1) * row + top]
                if back[(i + 1) * row + top] & counts:
                    keep[i] |= vals & ((((<uint64_t>1) << top) - 1) >> 1)
    if not fwd[0] & back[0]:
        return False
    for i in range(k):
        if not v_restrict(s, cand, cells[i], keep[i]):
            return False
    return True


cdef bint v_skyscraper(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """Skyscraper clue t: from the line's start, `target` cells are taller than every
    cell before them.  A cell at place i (from 0) holds at most n - target + 1 + i (the
    target - 1 taller cells seen after it need values above it); then the states of the
    line (v_sky_states, up to V_SKY_STATES a side); then, when the cells allow at most
    V_SKY_WALK placings (the product of their counts), a walk over the placings of
    differing values: each cell keeps the values some placing making the clue gives it
    (a complete line, one placing, is checked by the walk)."""
    cdef const VModel *m = s.m
    cdef int n = m.n, x, top, budget, r
    cdef int first = m.sum_start[t], k = m.sum_start[t + 1] - m.sum_start[t]
    cdef const int32_t *cells = m.sum_cells + first
    cdef int64_t target = m.sum_target[t]
    cdef uint64_t path[64]
    cdef uint64_t sup[64]
    if target < 1 or target > k:
        return False
    for x in range(k):
        top = n - <int>target + 1 + x
        if top < n and not v_restrict(s, cand, cells[x], v_range_mask(n, 1, top)):
            return False
        sup[x] = 0
    if n <= V_SKY_STATES and k <= n and not v_sky_states(s, cand, cells, k, n, target):
        return False
    # The walk only where it ends within V_SKY_WALK placings: before, it ran until 512
    # nodes and a walk cut short was wasted ('Skyscraper - all 5': 16.9 -> 6.7 ms,
    # 'Skyscaper 2-3' 97 -> 35 ms, before the states' rewrite took them to 4.4 and 21).
    cdef int64_t placings = 1
    for x in range(k):
        placings *= popcount(cand[cells[x]])
        if placings > V_SKY_WALK:
            return True
    budget = <int>placings * (k + 1) + 1
    r = v_sky_walk(cand, cells, k, 0, 0, 0, 0, target, m.full, path, sup, &budget)
    if r == 0:
        return False
    if r > 0:
        for x in range(k):
            if not v_restrict(s, cand, cells[x], sup[x]):
                return False
    return True


cdef inline uint64_t v_cut(uint64_t states, int total) noexcept nogil:
    """The partial totals a run may go on from: a run that made `total` may also end
    (the next starts from 0)."""
    if states >> total & 1:
        states |= 1
    return states


cdef bint v_sumline_from(const uint64_t *cand, const int32_t *cells, int k, int rot,
                         int total, uint64_t *fwd, uint64_t *back,
                         uint64_t *sup) noexcept nogil:
    """One reading of a sum line, from its cell `rot` on (a loop is read from each
    cell): fwd[i] the partial totals after i cells, back[i] those from which the rest can
    be cut into runs of `total`; each cell's values on some such cutting added to sup.
    False if there is none."""
    cdef uint64_t keep = ((<uint64_t>1) << (total + 1)) - 1, reach, w, bit, top, base
    cdef int i, v, x
    fwd[0] = 1
    for i in range(k):
        base = v_cut(fwd[i], total)
        w = cand[cells[(rot + i) % k]]
        reach = 0
        while w:
            bit = lowest_bit(w)
            w ^= bit
            v = bit_index(bit) + 1
            if v <= total:
                reach |= base << v
        fwd[i + 1] = reach & keep
        if fwd[i + 1] == 0:
            return False
    top = (<uint64_t>1) << total
    if not fwd[k] & top:
        return False
    back[k] = top
    for i in range(k - 1, -1, -1):
        # Backwards, each cell's values on a cutting (in the same pass).
        x = (rot + i) % k
        base = v_cut(fwd[i], total)
        w = cand[cells[x]]
        reach = 0
        while w:
            bit = lowest_bit(w)
            w ^= bit
            v = bit_index(bit) + 1
            if v <= total:
                reach |= back[i + 1] >> v
                if (base << v) & back[i + 1] & keep:
                    sup[x] |= bit
        # A run that made the total may end: from it, the next starts anew.
        back[i] = (reach & ~top) | (top if reach & (1 | top) else 0)
    return True


cdef enum:
    V_LOOP_WORDS = 8          # words of a sum loop's packed states (v_sumloop_packed)


cdef bint v_sumline_rotations(const uint64_t *cand, const int32_t *cells, int k, int rots,
                              int total, uint64_t *fwd, uint64_t *back,
                              uint64_t *sup) noexcept nogil:
    """A sum line read from each of its first `rots` cells (1 for a line; a loop is cut
    somewhere in any `total` cells in a row): True if some reading cuts it, sup getting
    each cell's values on such cuttings."""
    cdef bint found = False
    cdef int rot
    for rot in range(rots):
        if v_sumline_from(cand, cells, k, rot, total, fwd, back, sup):
            found = True
    return found


cdef inline bint v_packs(int total) noexcept nogil:
    """Whether a sum loop of this total is read packed (v_sumloop_packed)."""
    cdef int per
    if total < 1 or total > 31:
        return False
    per = 64 // (total + 1)
    return (total + per - 1) // per <= V_LOOP_WORDS


cdef bint v_sumloop_packed(const uint64_t *cand, const int32_t *cells, int k, int total,
                           uint64_t *sup) noexcept nogil:
    """A sum loop read once, all its cuts at a time: the run that holds the loop's first
    cell began `o` before it (o = 0 .. total - 1, the part of it at the loop's end), so
    the reading starts with partial total o and must end on o (o = 0: on a run just
    made).  The partial totals of every o are kept side by side, o in a segment of
    total + 1 bits, as many segments a word as fit: a value v moves a segment's totals up
    by v (those passing `total` masked off, with them the bits that crossed into the next
    segment).  The same cells' values as reading the loop from each of its first `total`
    cells (v_sumline_from, which this replaces for totals up to 31 in at most
    V_LOOP_WORDS words): the ISS's 'Sum lines - long loop' (total 10, 2 words instead of
    10 readings) 0.46 -> 0.22 ms to count to 2.  False if there is no cutting; sup gets
    each cell's values on some cutting."""
    cdef int width = total + 1, per = 64 // width, nwords = (total + per - 1) // per
    cdef int i, w, o, v, seg
    cdef uint64_t keepv[64][V_LOOP_WORDS]          # keepv[v][w]: partials v..total
    cdef uint64_t top[V_LOOP_WORDS]
    cdef uint64_t low[V_LOOP_WORDS]
    cdef uint64_t fwd[(V_SUMLINE_MOST + 1) * V_LOOP_WORDS]
    cdef uint64_t back[V_LOOP_WORDS]
    cdef uint64_t nxt[V_LOOP_WORDS]
    cdef uint64_t base, reach, any_, vals, bit, seg_bits, f, bits
    cdef uint64_t upto = ((<uint64_t>1) << total) - 1     # values 1..total
    for w in range(nwords):
        top[w] = 0
        low[w] = 0
        fwd[w] = 0
        back[w] = 0
    for o in range(total):
        w = o // per
        seg = (o % per) * width
        top[w] |= (<uint64_t>1) << (seg + total)
        low[w] |= (<uint64_t>1) << seg
        fwd[w] |= (<uint64_t>1) << (seg + o)                 # start on o
        back[w] |= (<uint64_t>1) << (seg + (o if o else total))  # end on o
    for v in range(1, total + 1):
        for w in range(nwords):
            keepv[v][w] = 0
        for o in range(total):
            w = o // per
            seg = (o % per) * width
            seg_bits = ((<uint64_t>1) << (total + 1)) - ((<uint64_t>1) << v)
            keepv[v][w] |= seg_bits << seg
    for i in range(k):
        vals = cand[cells[i]] & upto
        any_ = 0
        for w in range(nwords):
            f = fwd[i * V_LOOP_WORDS + w]
            base = f | ((f & top[w]) >> total)              # a run made may end
            reach = 0
            bits = vals
            while bits:
                v = bit_index(lowest_bit(bits)) + 1
                bits = clear_lowest_bit(bits)
                reach |= (base << v) & keepv[v][w]
            fwd[(i + 1) * V_LOOP_WORDS + w] = reach
            any_ |= reach
        if not any_:
            return False
    any_ = 0
    for w in range(nwords):
        f = fwd[k * V_LOOP_WORDS + w]
        any_ |= f & back[w]
    if not any_:
        return False
    for i in range(k - 1, -1, -1):
        # back: the partials at cell i + 1 (before a cut) the rest can be cut from.
        vals = cand[cells[i]] & upto
        for w in range(nwords):
            nxt[w] = 0
        while vals:
            bit = lowest_bit(vals)
            vals ^= bit
            v = bit_index(bit) + 1
            for w in range(nwords):
                f = fwd[i * V_LOOP_WORDS + w]
                base = f | ((f & top[w]) >> total)
                if (base << v) & keepv[v][w] & back[w]:
                    sup[i] |= bit
                nxt[w] |= (back[w] & keepv[v][w]) >> v
        for w in range(nwords):
            reach = nxt[w]
            back[w] = (reach & ~top[w]) | ((reach & low[w]) << total) | (reach & top[w])
    return True


def _sumloop_both(list masks, int total):
    """Test hook: a sum loop of len(masks) cells (their candidate masks, bit v-1: value
    v) cut into runs of `total`, read both ways -- from each of its first `total` cells
    (v_sumline_from) and packed (v_sumloop_packed, if the total packs): each (found, the
    cells' supported values), the second None if the total does not pack."""
    cdef int k = len(masks), x
    cdef uint64_t cand[V_SUMLINE_MOST]
    cdef int32_t cells[V_SUMLINE_MOST]
    cdef uint64_t fwd[V_SUMLINE_MOST + 1]
    cdef uint64_t back[V_SUMLINE_MOST + 1]
    cdef uint64_t sup[V_SUMLINE_MOST]
    cdef bint found
    if not 1 <= k <= V_SUMLINE_MOST or not 1 <= total <= 62:
        raise ValueError("1 to 256 cells and a total of 1 to 62")
    for x in range(k):
        cand[x] = masks[x]
        cells[x] = x
        sup[x] = 0
    found = v_sumline_rotations(cand, cells, k, min(k, total), total, fwd, back, sup)
    by_rotations = (found, [sup[x] if found else 0 for x in range(k)])
    if not v_packs(total):
        return by_rotations, None
    for x in range(k):
        sup[x] = 0
    found = v_sumloop_packed(cand, cells, k, total, sup)
    return by_rotations, (found, [sup[x] if found else 0 for x in range(k)])


cdef bint v_sumline(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """Sum line t: its cells, in order, cut into runs that each total the target (a loop:
    cut anywhere around it).  Each cell keeps the values some cutting gives it, found by
    partial totals forwards and backwards (64-bit sets: totals up to 62); a line longer
    than V_SUMLINE_MOST cells, or a larger total, is checked once complete."""
    cdef const VModel *m = s.m
    cdef int start = m.sum_start[t], k = m.sum_start[t + 1] - m.sum_start[t], x, rot, rots
    cdef const int32_t *cells = m.sum_cells + start
    cdef int64_t target = m.sum_target[t], run
    cdef uint64_t fwd[V_SUMLINE_MOST + 1]
    cdef uint64_t back[V_SUMLINE_MOST + 1]
    cdef uint64_t sup[V_SUMLINE_MOST]
    cdef bint found = False, cut
    if target < 1:
        return False
    # A loop is cut somewhere in any `target` cells in a row (a run of values of at least
    # 1 is no longer): reading it from each of the first `target` cells finds every cut.
    rots = min(k, <int>target) if m.sum_kind[t] == V_SUMLOOP else 1
    if k > V_SUMLINE_MOST or target > 62:
        for x in range(k):
            if not has_one_bit(cand[cells[x]]):
                return True
        # Complete: cut it greedily (values are positive: a run ends where it makes it).
        for rot in range(rots):
            run = 0
            cut = True
            for x in range(k):
                run += bit_index(cand[cells[(rot + x) % k]]) + 1
                if run == target:
                    run = 0
                elif run > target:
                    cut = False
                    break
            if cut and run == 0:
                return True
        return False
    for x in range(k):
        sup[x] = 0
    if m.sum_kind[t] == V_SUMLOOP and v_packs(<int>target):
        found = v_sumloop_packed(cand, cells, k, <int>target, sup)
    else:
        found = v_sumline_rotations(cand, cells, k, rots, <int>target, fwd, back, sup)
    if not found:
        return False
    for x in range(k):
        if not v_restrict(s, cand, cells[x], sup[x]):
            return False
    return True


cdef bint v_lunchbox(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """Lunchbox t (cells that all differ): the cells between the one holding the least
    value and the one holding the greatest sum to the target.  For each two values lo <
    hi with room between them for the other cells' values, and each two places the ends
    can take them at, every other cell must hold a value strictly between lo and hi, and
    those between the ends must be able to make the total (their least and most, and as
    many distinct values as cells); the values some such choice allows are kept.

    The values come first: the places each value can take are gathered once, and a pair
    (lo, hi) that leaves a third place without a value between them is dropped before
    its places are tried (taking every two places and then every two values was k^2 n^2
    tries: the ISS's Extreme Lunchbox 38.4 -> 26.3 ms to count to 2, Extreme Lunchbox
    10.7 -> 4.8 ms, the same guesses)."""
    cdef const VModel *m = s.m
    cdef int n = m.n, i, j, x, lo, hi, p, q
    cdef int start = m.sum_start[t], k = m.sum_start[t + 1] - m.sum_start[t]
    cdef const int32_t *cells = m.sum_cells + start
    cdef int64_t target = m.sum_target[t], smin, smax
    cdef uint64_t rng, cx, union, empty, inside, ends, wi, wj, w
    cdef uint64_t every = (~(<uint64_t>0)) >> (64 - k)
    cdef uint64_t sup[64]
    cdef uint64_t at[65]                             # at[v]: the places value v can take
    cdef bint found = False
    for x in range(n + 1):
        at[x] = 0
    for x in range(k):
        sup[x] = 0
        w = cand[cells[x]]
        while w:
            at[bit_index(lowest_bit(w)) + 1] |= (<uint64_t>1) << x
            w = clear_lowest_bit(w)
    for lo in range(1, n - k + 2):
        if not at[lo]:
            continue
        # The places with a value strictly between lo and hi, grown with hi.
        inside = 0
        for x in range(lo + 1, min(lo + k - 1, n + 1)):
            inside |= at[x]
        for hi in range(lo + k - 1, n + 1):          # room for the other k - 2 values
            if hi > lo + k - 1:
                inside |= at[hi - 1]
            empty = every & ~inside                  # places with no value between
            if not at[hi] or popcount(empty) > 2:
                continue
            rng = v_range_mask(n, lo + 1, hi - 1)
            wi = at[lo]
            while wi:
                i = bit_index(lowest_bit(wi))
                wi = clear_lowest_bit(wi)
                wj = at[hi] & ~((<uint64_t>1) << i)
                while wj:
                    j = bit_index(lowest_bit(wj))
                    wj = clear_lowest_bit(wj)
                    ends = ((<uint64_t>1) << i) | ((<uint64_t>1) << j)
                    if empty & ~ends:
                        continue
                    p = i if i < j else j
                    q = i + j - p
                    smin = 0
                    smax = 0
                    union = 0
                    for x in range(p + 1, q):
                        cx = cand[cells[x]] & rng
                        smin += v_low(cx)
                        smax += v_high(cx)
                        union |= cx
                    if not v_run_fits(target, smin, smax, union, q - p - 1):
                        continue
                    found = True
                    sup[i] |= (<uint64_t>1) << (lo - 1)
                    sup[j] |= (<uint64_t>1) << (hi - 1)
                    for x in range(k):
                        if x == i or x == j:
                            continue
                        cx = cand[cells[x]] & rng
                        if p < x < q:
                            sup[x] |= v_run_support(n, cx, target, smin, smax)
                        else:
                            sup[x] |= cx
    if not found:
        return False
    for x in range(k):
        if not v_restrict(s, cand, cells[x], sup[x]):
            return False
    return True


cdef bint v_hidden(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """Hidden skyscraper clue t (a line of cells that all differ, from the clue's end):
    the digits rise until the first one lower than the tallest before it, and that one
    is the target.  Along the line, the states are the tallest digit so far while the
    digits still rise (bit m: tallest m, bit 0 before the first cell) or 'found': the
    states reachable before each cell go forwards, those that can still end well go
    backwards, and a digit stays if it takes a reachable state to one that can end well
    (a taller digit, to its own state; the target below the tallest, to 'found'; any
    digit once found).  Sides up to 63 (a state a bit)."""
    cdef const VModel *m = s.m
    cdef int k = m.sum_start[t + 1] - m.sum_start[t], i
    cdef const int32_t *cells = m.sum_cells + m.sum_start[t]
    cdef int64_t v = m.sum_target[t]
    cdef uint64_t vbit, c, g, keep
    cdef uint64_t fwd[65]          # the rising states before cell i
    cdef uint64_t back[65]         # the rising states before cell i that can end well
    cdef bint found[65]            # 'found' reachable before cell i
    if not 1 <= v <= m.n or k > 64:
        return False
    vbit = (<uint64_t>1) << v
    fwd[0] = 1
    found[0] = False
    for i in range(k):
        c = cand[cells[i]] << 1                # digit d as bit d
        if fwd[i]:
            # Taller than the least tallest so far; the target below the most.
            fwd[i + 1] = c & ~((<uint64_t>2 << bit_index(lowest_bit(fwd[i]))) - 1)
            found[i + 1] = found[i] or (c & vbit and top_index(fwd[i]) > v)
        else:
            fwd[i + 1] = 0
            found[i + 1] = found[i]
    if not found[k]:
        return False
    back[k] = 0
    for i in range(k - 1, -1, -1):
        c = cand[cells[i]] << 1
        g = c & back[i + 1]
        back[i] = ((<uint64_t>1) << top_index(g)) - 1 if g else 0
        if c & vbit and v < 63:
            back[i] |= ~((vbit << 1) - 1)     # any tallest above the target
    for i in range(k):
        c = cand[cells[i]] << 1
        keep = c if found[i] else 0
        if fwd[i]:
            keep |= c & back[i + 1] & ~((<uint64_t>2 << bit_index(lowest_bit(fwd[i]))) - 1)
            if c & vbit and top_index(fwd[i]) > v:
                keep |= vbit
        if not v_restrict(s, cand, cells[i], keep >> 1):
            return False
    return True


cdef bint v_counting(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """Counting circles t: each digit its cells hold stands for a number (digit bit j: j +
    target) that many of them hold.  The digit sets whose numbers add up to the cells'
    count are VModel.combos; for each set S, every cell must hold a digit of S, each digit
    of S be possible in at least its number of cells and held alone in at most that many;
    a digit of S possible in exactly its number of cells takes them all, and one held
    alone in its number of cells leaves the others; the circles come in groups that all
    differ, and a digit needs as many groups that can hold it.  Each cell keeps what some
    such set leaves it; then a digit every set has, in just its number of groups, leaves
    the cells that see all of a group's cells that can hold it.  Up to 64 cells."""
    cdef const VModel *m = s.m
    cdef int k = m.sum_start[t + 1] - m.sum_start[t], i, j, c
    cdef const int32_t *cells = m.sum_cells + m.sum_start[t]
    cdef int64_t base = m.sum_target[t]
    cdef uint64_t S, bit, rest
    cdef uint64_t held[64]
    cdef uint64_t sup[64]
    cdef uint64_t here[64]
    cdef int cnt, alone, g, groups, first_group = m.sum_group[t], ngroups
    cdef int start = m.sum_start[t], only
    cdef uint64_t must = m.full
    cdef bint ok
    ngroups = m.sum_group[t + 1] - first_group
    if k > 64:
        return True
    for i in range(k):
        held[i] = cand[cells[i]]
        sup[i] = 0
    for c in range(m.combo_start[t], m.combo_start[t + 1]):
        S = m.combos[c]
        ok = True
        for i in range(k):
            here[i] = held[i] & S
            if here[i] == 0:
                ok = False
                break
        if not ok:
            continue
        rest = S
        while rest and ok:
            bit = lowest_bit(rest)
            rest ^= bit
            j = bit_index(bit)
            cnt = 0
            alone = 0
            for i in range(k):
                if here[i] & bit:
                    cnt += 1
                    alone += here[i] == bit
            if cnt < j + base or alone > j + base:
                ok = False
            elif cnt == j + base:
                # Exactly as many cells as it needs: they all take it (the digits after
                # count without them; those before are not looked at again).
                for i in range(k):
                    if here[i] & bit:
                        here[i] = bit
            elif alone == j + base:
                # As many cells hold it alone as it needs: the others lose it.
                for i in range(k):
                    if here[i] & bit and here[i] != bit:
                        here[i] &= ~bit
                        if here[i] == 0:
                            ok = False
            if not ok or alone == j + base:
                continue
            # The cells come in groups that all differ (VModel.group_start): a digit is
            # in at most one cell of each, so it needs as many groups that can hold it;
            # with just that many, each takes it, and a group with one such cell gives it.
            groups = 0
            for g in range(first_group, first_group + ngroups):
                for i in range(m.group_start[g] - start, m.group_start[g + 1] - start):
                    if here[i] & bit:
                        groups += 1
                        break
            if groups < j + base:
                ok = False
            elif groups == j + base:
                for g in range(first_group, first_group + ngroups):
                    only = -1
                    for i in range(m.group_start[g] - start, m.group_start[g + 1] - start):
                        if here[i] & bit:
                            only = i if only == -1 else -2
                    if only >= 0:
                        here[only] = bit
        if ok:
            must &= S
            for i in range(k):
                sup[i] |= here[i]
    for i in range(k):
        if not v_restrict(s, cand, cells[i], sup[i]):
            return False
    # A digit every such set has, possible in just its number of groups: each of those
    # groups holds it, so it leaves every cell that sees all of a group's cells that can
    # hold it -- circles or not (the Interactive Sudoku Solver's exclusion groups).
    if m.peer_words == 0:
        return True
    while must:
        bit = lowest_bit(must)
        must ^= bit
        j = bit_index(bit)
        groups = 0
        for g in range(first_group, first_group + ngroups):
            for i in range(m.group_start[g] - start, m.group_start[g + 1] - start):
                if cand[cells[i]] & bit:
                    groups += 1
                    break
        if groups != j + base:
            continue
        for g in range(first_group, first_group + ngroups):
            if not v_group_peers(s, cand, m.sum_cells + m.group_start[g],
                                 m.group_start[g + 1] - m.group_start[g], bit):
                return False
    return True


cdef bint v_group_peers(VSearch *s, uint64_t *cand, const int32_t *cells, int k,
                        uint64_t bit) noexcept nogil:
    """The digit `bit` is in one of the k cells that can hold it (if any): it leaves the
    cells that see all of those (peer_bits, which the caller checked exist)."""
    cdef const VModel *m = s.m
    cdef int i, j, words = m.peer_words, cell, held = 0
    cdef uint64_t w
    cdef uint64_t common[V_PEER_WORDS]
    cdef const uint64_t *row
    for j in range(words):
        common[j] = ~(<uint64_t>0)
    for i in range(k):
        if cand[cells[i]] & bit:
            held += 1
            row = m.peer_bits + <size_t>cells[i] * words
            for j in range(words):
                common[j] &= row[j]
    if held == 0:
        return True
    for j in range(words):
        w = common[j]
        while w:
            cell = j * 64 + bit_index(lowest_bit(w))
            w = clear_lowest_bit(w)
            if cand[cell] & bit and not v_restrict(s, cand, cell, ~bit):
                return False
    return True


cdef bint v_contain(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """Rule t: its cells hold its values (VModel.combos, a value listed m times held by
    at least m cells; target 1: exactly m).  A value fewer cells can hold than it needs is
    a dead end, one exactly that many can hold is placed in them; held by its m cells
    already (exactly), it leaves the others; when the values fill the cells, every cell
    keeps only them."""
    cdef const VModel *m = s.m
    cdef int start = m.sum_start[t], k = m.sum_start[t + 1] - m.sum_start[t]
    cdef const int32_t *cells = m.sum_cells + start
    cdef int j = m.combo_start[t], end = m.combo_start[t + 1], x, need, can, held
    cdef uint64_t bit, union = 0
    cdef bint exact = m.sum_target[t] == 1
    while j < end:
        bit = m.combos[j]
        need = 0
        while j < end and m.combos[j] == bit:
            need += 1
            j += 1
        union |= bit
        can = 0
        held = 0
        for x in range(k):
            if cand[cells[x]] & bit:
                can += 1
                held += cand[cells[x]] == bit
        if can < need or (exact and held > need):
            return False
        if can == need:
            for x in range(k):
                if cand[cells[x]] & bit and not v_restrict(s, cand, cells[x], bit):
                    return False
        elif exact and held == need:
            for x in range(k):
                if cand[cells[x]] != bit and not v_restrict(s, cand, cells[x], ~bit):
                    return False
    if end - m.combo_start[t] == k:
        for x in range(k):
            if not v_restrict(s, cand, cells[x], union):
                return False
    return True


cdef bint v_sum(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """Bounds of sum t, then its exact totals (v_sum_exact) or its value sets (v_sum_sets).

    The sum's cells come in groups (VModel.group_start), each of cells that all differ
    and share a coefficient; a group's terms together lie between its k smallest and k
    largest values (k cells) -- for cells that see each other, far tighter than each
    cell's own least and most.  The other groups' ranges bound each group's total, and
    that bounds each of its cells given the least and most of the group's other cells."""
    cdef const VModel *m = s.m
    cdef int g, k, n = m.n
    cdef int64_t lo = 0, hi = 0, a, b, coef, tlo, thi, slo, shi, olo, ohi
    cdef int64_t target = m.sum_target[t]
    cdef int first = m.sum_group[t], ngroups = m.sum_group[t + 1] - first
    cdef int64_t glo[V_GROUPS]
    cdef int64_t ghi[V_GROUPS]
    if m.sum_kind[t] == V_SANDWICH:
        return v_sandwich(s, cand, t)
    if m.sum_kind[t] == V_XSUM:
        return v_xsum(s, cand, t)
    if m.sum_kind[t] == V_SKYSCRAPER:
        return v_skyscraper(s, cand, t)
    if m.sum_kind[t] == V_CONTAIN:
        return v_contain(s, cand, t)
    if m.sum_kind[t] == V_SUMLINE or m.sum_kind[t] == V_SUMLOOP:
        return v_sumline(s, cand, t)
    if m.sum_kind[t] == V_LUNCHBOX:
        return v_lunchbox(s, cand, t)
    if m.sum_kind[t] == V_HIDDEN:
        return v_hidden(s, cand, t)
    if m.sum_kind[t] == V_COUNT:
        return v_counting(s, cand, t)
    if m.sum_kind[t] != V_LINEAR:
        return v_ends(s, cand, t)
    for g in range(first, first + ngroups):
        if not v_group_terms(cand, m, g, &a, &b):
            return False
        if g - first < V_GROUPS:
            glo[g - first] = a
            ghi[g - first] = b
        lo += a
        hi += b
    if target < lo or target > hi:
        return False
    for g in range(first, first + ngroups):
        coef = m.sum_coef[m.group_start[g]]
        if g - first < V_GROUPS:
            a = glo[g - first]
            b = ghi[g - first]
        else:
            v_group_terms(cand, m, g, &a, &b)
        # This group's terms lie in [target - (hi - b), target - (lo - a)].
        tlo = target - (hi - b)
        thi = target - (lo - a)
        if tlo <= a and thi >= b:
            continue
        # The group's plain value sum lies in [slo, shi].
        if coef > 0:
            slo = -floor_div(-tlo, coef)
            shi = floor_div(thi, coef)
        else:
            slo = -floor_div(thi, -coef)
            shi = floor_div(-tlo, -coef)
        for k in range(m.group_start[g], m.group_start[g + 1]):
            if m.group_start[g + 1] - m.group_start[g] == 1:
                olo = 0
                ohi = 0
            elif not v_group_range(cand, m, g, k, &olo, &ohi):
                return False
            if not v_restrict(s, cand, m.sum_cells[k], v_range_mask(n, slo - ohi, shi - olo)):
                return False
    if m.combo_start[t] == m.combo_start[t + 1]:
        return v_sum_exact(s, cand, t)
    return v_sum_sets(s, cand, t)


cdef inline bint v_peers(const VModel *m, int a, int b) noexcept nogil:
    """Whether cells a and b must differ (peer_bits, which the caller checked exist)."""
    return (m.peer_bits[<size_t>a * m.peer_words + (b >> 6)] >> (b & 63)) & 1


cdef int v_sum_few(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """A sum without value sets with two or three open cells, exactly and with the open
    cells that see each other holding different values (v_sum_exact's totals do not know
    that: x + y = 12 in one row keeps 6 in both).  Each value of the first open cell, and
    of the second when there are three, fixes the last; the values that take part in a
    solution stay.  At most n * n steps (sides up to V_FEW_UPTO).  1, 0 on a
    contradiction, -1 when an open cell's coefficient is 0 (v_sum_exact's totals then)."""
    cdef const VModel *m = s.m
    cdef int start = m.sum_start[t], stop = m.sum_start[t + 1], i, nopen = 0, n = m.n
    cdef int cell[3]
    cdef int64_t coef[3]
    cdef int64_t rest = m.sum_target[t], r, va, vb, vc
    cdef uint64_t w, wa, wb, keep0 = 0, keep1 = 0, keep2 = 0
    cdef bint p01, p02, p12
    for i in range(start, stop):
        w = cand[m.sum_cells[i]]
        if has_one_bit(w):
            rest -= m.sum_coef[i] * v_low(w)
        else:
            if m.sum_coef[i] == 0:
                return -1
            cell[nopen] = m.sum_cells[i]
            coef[nopen] = m.sum_coef[i]
            nopen += 1
    p01 = v_peers(m, cell[0], cell[1])
    if nopen == 2:
        wa = cand[cell[0]]
        while wa:
            va = bit_index(lowest_bit(wa)) + 1
            wa = clear_lowest_bit(wa)
            r = rest - coef[0] * va
            if r % coef[1]:
                continue
            vb = r // coef[1]
            if 1 <= vb <= n and (cand[cell[1]] >> (vb - 1)) & 1 and not (p01 and va == vb):
                keep0 |= (<uint64_t>1) << (va - 1)
                keep1 |= (<uint64_t>1) << (vb - 1)
        return v_restrict(s, cand, cell[0], keep0) and v_restrict(s, cand, cell[1], keep1)
    p02 = v_peers(m, cell[0], cell[2])
    p12 = v_peers(m, cell[1], cell[2])
    wa = cand[cell[0]]
    while wa:
        va = bit_index(lowest_bit(wa)) + 1
        wa = clear_lowest_bit(wa)
        wb = cand[cell[1]]
        if p01:
            wb &= ~((<uint64_t>1) << (va - 1))
        while wb:
            vb = bit_index(lowest_bit(wb)) + 1
            wb = clear_lowest_bit(wb)
            r = rest - coef[0] * va - coef[1] * vb
            if r % coef[2]:
                continue
            vc = r // coef[2]
            if (1 <= vc <= n and (cand[cell[2]] >> (vc - 1)) & 1
                    and not (p02 and vc == va) and not (p12 and vc == vb)):
                keep0 |= (<uint64_t>1) << (va - 1)
                keep1 |= (<uint64_t>1) << (vb - 1)
                keep2 |= (<uint64_t>1) << (vc - 1)
    return (v_restrict(s, cand, cell[0], keep0) and v_restrict(s, cand, cell[1], keep1)
            and v_restrict(s, cand, cell[2], keep2))


cdef bint v_sum_exact(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """A sum without value sets, exactly: when its terms' spreads add up to at most 63, the
    totals each prefix of its terms can reach (pre) and the totals each prefix must reach
    for the rest to complete the target (need) are 64-bit masks, and a value of a cell
    stays only if it joins a reachable total of the terms before it to a needed total of
    the terms after (bounds alone let {1,9} + {1,9} + {1,9} make 12).  Two passes over
    the values of each term, no sum of two sets."""
    cdef const VModel *m = s.m
    cdef int start = m.sum_start[t], count = m.sum_start[t + 1] - start, i
    cdef int64_t base = 0, span = 0, goal, coef, a, b, shift
    cdef uint64_t w, acc, vals, vbit, keep
    cdef uint64_t pre[V_DP_CELLS + 1]
    cdef uint64_t need[V_DP_CELLS + 1]
    cdef int64_t least[V_DP_CELLS]
    cdef int open_terms = 0
    if count > V_DP_CELLS:
        return True
    for i in range(count):
        open_terms += not has_one_bit(cand[m.sum_cells[start + i]])
    if open_terms > V_EXACT_OPEN:
        return True
    # v_sum_few is written for 2 or 3 open cells (with V_EXACT_OPEN raised to 6 and this
    # guard missing, a little killer snipe counted 0 solutions instead of 1).
    if 2 <= open_terms <= 3 and m.peer_words and m.n <= V_FEW_UPTO:
        i = v_sum_few(s, cand, t)
        if i >= 0:
            return i
    for i in range(count):
        w = cand[m.sum_cells[start + i]]
        coef = m.sum_coef[start + i]
        a = coef * v_low(w)
        b = coef * v_high(w)
        if a > b:
            a, b = b, a
        least[i] = a
        base += a
        span += b - a
    if span > 63:
        return True
    goal = m.sum_target[t] - base
    if goal < 0 or goal > span:
        return False
    # need[i]: the totals (above the least) terms 0..i-1 must make for the rest to reach goal.
    need[count] = (<uint64_t>1) << goal
    for i in range(count - 1, -1, -1):
        acc = 0
        vals = cand[m.sum_cells[start + i]]
        coef = m.sum_coef[start + i]
        while vals:
            vbit = lowest_bit(vals)
            vals ^= vbit
            acc |= need[i + 1] >> (coef * (bit_index(vbit) + 1) - least[i])
        need[i] = acc
    if not need[0] & 1:
        return False
    pre[0] = 1
    for i in range(count):
        acc = 0
        keep = 0
        vals = cand[m.sum_cells[start + i]]
        coef = m.sum_coef[start + i]
        while vals:
            vbit = lowest_bit(vals)
            vals ^= vbit
            shift = coef * (bit_index(vbit) + 1) - least[i]
            if pre[i] & (need[i + 1] >> shift):
                keep |= vbit
                acc |= pre[i] << shift
        if not v_restrict(s, cand, m.sum_cells[start + i], keep):
            return False
        pre[i + 1] = acc
    return True


cdef bint v_sum_sets(VSearch *s, uint64_t *cand, int t) noexcept nogil:
    """A distinct sum's (or renban's) value sets: those its cells can still cover."""
    cdef const VModel *m = s.m
    cdef int k, j, h, cell, cnt, last = -1
    cdef uint64_t w, union_ok, must, S, cover, bit, needed = 0, rest, union
    cdef bint ok
    # In a house of n cells that holds the sum, the other cells hold the values its set
    # lacks: a value none of them can take must be in the set.
    for k in range(m.comp_house_start[t], m.comp_house_start[t + 1]):
        rest = 0
        for j in range(m.comp_cell_start[k], m.comp_cell_start[k + 1]):
            rest |= cand[m.comp_cells[j]]
        needed |= m.full & ~rest
    # Distinct sums: the value sets (each of as many values as cells, summing to the
    # target) that every cell can still take a value of, that the cells together can
    # cover, and that hold the values needed.  First, cheaply: a set within the values the
    # cells hold, holding every placed value and every needed one.
    cdef uint64_t held[64]       # the cells' values, read once (up to 64 cells)
    cdef int ncells = m.sum_start[t + 1] - m.sum_start[t]
    cdef bint small = ncells <= 64
    union = 0
    for k in range(ncells):
        w = cand[m.sum_cells[m.sum_start[t] + k]]
        if small:
            held[k] = w
        union |= w
        if has_one_bit(w):
            needed |= w
    # Then each set S: every cell holds one of its values, together all of them.  When S
    # has as many values as the sum has cells, which all differ (V_SETS_EXACT), the
    # singles of taking S count too: a cell with one value of S takes it (no two cells
    # the same one), a value of S with one cell goes there (no cell two such values),
    # and the cells' single values leave the others.  A set they narrow gives its cells
    # what is left (keep), the others all the values of theirs the cells hold (plain).
    # (The ISS's renban checks a cell's values that no other cell holds alike.)  A renban
    # of R3C3, R4C4, R5C5 with 1..9, 3..9, 3..9 loses 1 from R3C3: {1, 2, 3} would need
    # 3 in both others.  Killers in 2 orientations, count to 2 (bench_killer_search.py):
    # MATHEMAGIC 77.1 -> 66.9 s and 8.35M -> 5.60M guesses, EXTREME 1.59 -> 1.60 s
    # (122,528 -> 93,500), TAREK_ALL 1.33 -> 1.36 s (114,626 -> 85,102); ISS HARD_RENBAN
    # 1-3: 973,606 -> 600,094 guesses, 5.36 -> 4.50 s.  (Hall's condition on every set of
    # up to 8 open cells instead: 579,218 guesses but 5.58 s, killers slower still.)
    cdef bint exact = small and m.sum_domain[t] & V_SETS_EXACT
    cdef uint64_t twice, singles, only, x, plain = 0
    cdef uint64_t keep[64]
    cdef bint kept = False
    union_ok = 0
    must = m.full
    for k in range(m.combo_start[t], m.combo_start[t + 1]):
        S = m.combos[k]
        if needed & ~S or S & ~union:
            continue
        cover = 0
        twice = 0
        singles = 0
        ok = True
        for cnt in range(ncells):
            w = (held[cnt] if small else cand[m.sum_cells[m.sum_start[t] + cnt]]) & S
            if w == 0:
                ok = False
                break
            twice |= cover & w
            cover |= w
            if exact and has_one_bit(w):
                if singles & w:
                    ok = False
                    break
                singles |= w
        if not ok or cover != S:
            continue
        if exact:
            only = cover & ~twice
            if only & ~singles or singles & twice:
                # A hidden single, or a single value another cell holds too.
                for cnt in range(ncells):
                    w = held[cnt] & S
                    x = w & only
                    if x:
                        if not has_one_bit(x) or (has_one_bit(w) and x != w):
                            ok = False
                            break
                    elif not has_one_bit(w) and not w & ~singles:
                        ok = False
                        break
                if not ok:
                    continue
                if not kept:
                    memset(keep, 0, ncells * sizeof(uint64_t))
                    kept = True
                for cnt in range(ncells):
                    w = held[cnt] & S
                    x = w & only
                    if x:
                        keep[cnt] |= x
                    elif has_one_bit(w):
                        keep[cnt] |= w
                    else:
                        keep[cnt] |= w & ~singles
                union_ok |= S
                must &= S
                continue
        plain |= S
        union_ok |= S
        must &= S
    if union_ok == 0:
        return False
    if kept:
        for k in range(ncells):
            if not v_restrict(s, cand, m.sum_cells[m.sum_start[t] + k],
                              (held[k] & plain) | keep[k]):
                return False
    else:
        for k in range(m.sum_start[t], m.sum_start[t + 1]):
            if not v_restrict(s, cand, m.sum_cells[k], union_ok):
                return False
    # A value every remaining set has is in the sum's cells: with one cell left for it, it
    # goes there; and it leaves every cell that sees all the sum's cells that can hold it
    # (peer_bits; without them, the other cells of every house that holds all the sum's).
    while must:
        bit = lowest_bit(must)
        must ^= bit
        cnt = 0
        for k in range(m.sum_start[t], m.sum_start[t + 1]):
            if cand[m.sum_cells[k]] & bit:
                cnt += 1
                last = m.sum_cells[k]
        if cnt == 0:
            return False
        if cnt == 1:
            if not v_restrict(s, cand, last, bit):
                return False
            continue
        if m.peer_words:
            if not v_common_peers(s, cand, t, bit):
                return False
            continue
        for k in range(m.sum_house_start[t], m.sum_house_start[t + 1]):
            h = m.sum_houses[k]
            for j in range(m.house_start[h], m.house_start[h + 1]):
                cell = m.house_cells[j]
                if not cand[cell] & bit or v_in_sum(m, t, cell):
                    continue
                if not v_restrict(s, cand, cell, ~bit):
                    return False
    return True


cdef bint v_common_peers(VSearch *s, uint64_t *cand, int t, uint64_t bit) noexcept nogil:
    """The value `bit` must go in one of sum t's cells that hold it: it leaves the cells
    that are peers of all of them (a cell is not its own peer, so none of those)."""
    cdef const VModel *m = s.m
    cdef int k, j, words = m.peer_words, cell
    cdef uint64_t w
    cdef uint64_t common[V_PEER_WORDS]
    cdef const uint64_t *row
    for j in range(words):
        common[j] = ~(<uint64_t>0)
    for k in range(m.sum_start[t], m.sum_start[t + 1]):
        cell = m.sum_cells[k]
        if cand[cell] & bit:
            row = m.peer_bits + <size_t>cell * words
            for j in range(words):
                common[j] &= row[j]
    for j in range(words):
        w = common[j]
        while w:
            cell = j * 64 + bit_index(lowest_bit(w))
            w = clear_lowest_bit(w)
            if cand[cell] & bit and not v_restrict(s, cand, cell, ~bit):
                return False
    return True


cdef inline bint v_cells(VSearch *s, uint64_t *cand) noexcept nogil:
    """Look at the queued cells (v_cell) until none is queued; False on a contradiction."""
    cdef int x
    cdef uint8_t event
    while s.nqueue:
        s.nqueue -= 1
        x = s.queue[s.nqueue]
        event = s.queued[x]
        s.queued[x] = 0
        if not v_cell(s, cand, x, event):
            return False
    return True


cdef bint v_propagate(VSearch *s, uint64_t *cand) noexcept nogil:
    """Propagate the queued cells to a fixed point; False on a contradiction (the queues
    are then cleared).  Cells first, then every queued sum, then (no sum queued) one
    house: with the houses before the sums, each house (hidden singles and locked values,
    the dearer check) ran again for every sum that moved one of its cells -- sums first
    took the 55 ISS killers from 2.85 to 2.05 s, Wecoc #1 560 -> 423 ms, 13 little
    killers 1.82 -> 1.18 s (the same guesses but on Mathemagic #8, 249,350 -> 254,164).
    All the queued sums before the cells they changed (not one sum, then the cells): a
    sum a cell's change queued again while others were waiting is looked at once, not
    once a change (bench_killer_search.py, 2 orientations, count to 2: MATHEMAGIC 82.7 ->
    66.2 s and 9.47M -> 8.35M guesses, TAREK_ALL 1.23 -> 1.06 s, EXTREME level; the ISS
    examples level)."""
    cdef int x
    cdef uint64_t gone
    while True:
        if not v_cells(s, cand):
            v_clear_queues(s)
            return False
        if s.nsqueue:
            s.nsqueue -= 1
            x = s.squeue[s.nsqueue]
            s.squeued[x] = 0
            if not v_sum(s, cand, x):
                v_clear_queues(s)
                return False
            # Every sum queued, before the cells they changed are looked at.
            while s.nsqueue:
                s.nsqueue -= 1
                x = s.squeue[s.nsqueue]
                s.squeued[x] = 0
                if not v_sum(s, cand, x):
                    v_clear_queues(s)
                    return False
            continue
        if s.nhqueue:
            s.nhqueue -= 1
            x = s.hqueue[s.nhqueue]
            s.hqueued[x] = 0
            gone = s.hgone[x]
            s.hgone[x] = 0
            if not v_house(s, cand, x, gone):
                v_clear_queues(s)
                return False
            continue
        return True


# ============================================================================================
# Search
# ============================================================================================

cdef enum:
    V_DECAY = 1 << 14         # dead ends between halvings of the conflict scores
    V_VALUE_SCORES_UPTO = 16  # sides that add the value scores in v_choose

cdef int v_grow(VSearch *s) noexcept nogil:
    """Make room for one more level; 0 on success, -1 out of memory."""
    cdef int capacity = s.capacity * 2
    if not (regrow(<void **>&s.states, <size_t>capacity * s.m.ncells * sizeof(uint64_t))
            and regrow(<void **>&s.branch_cell, capacity * sizeof(int32_t))
            and regrow(<void **>&s.branch_rest, capacity * sizeof(uint64_t))
            and regrow(<void **>&s.branch_bit, capacity * sizeof(uint64_t))
            and regrow(<void **>&s.branch_other, capacity * sizeof(int32_t))):
        return -1
    s.capacity = capacity
    return 0


cdef int v_init(VSearch *s, const VModel *m, const uint8_t *values) noexcept nogil:
    """Set up a search of the puzzle `values` (0 empty, 1..n) under model m: 1 if it may
    have solutions, 0 if the givens and the constraints already contradict, -1 out of
    memory."""
    cdef int cell, ncells = m.ncells
    cdef uint64_t *cand
    memset(s, 0, sizeof(VSearch))
    s.run.node_limit = -1
    s.run.next_signal_check = SIGNAL_INTERVAL
    s.run.phase = PHASE_DONE
    s.m = m
    s.capacity = 16
    s.states = <uint64_t *>malloc(<size_t>s.capacity * ncells * sizeof(uint64_t))
    s.branch_cell = <int32_t *>malloc(s.capacity * sizeof(int32_t))
    s.branch_rest = <uint64_t *>malloc(s.capacity * sizeof(uint64_t))
    s.branch_bit = <uint64_t *>calloc(s.capacity, sizeof(uint64_t))
    s.branch_other = <int32_t *>malloc(s.capacity * sizeof(int32_t))
    s.queue = <int32_t *>malloc((ncells + 1) * sizeof(int32_t))
    s.queued = <uint8_t *>calloc(ncells + 1, 1)
    s.hqueue = <int32_t *>malloc((m.nhouses + 1) * sizeof(int32_t))
    s.hqueued = <uint8_t *>calloc(m.nhouses + 1, 1)
    s.gone = <uint64_t *>calloc(ncells + 1, sizeof(uint64_t))
    s.hgone = <uint64_t *>calloc(m.nhouses + 1, sizeof(uint64_t))
    s.squeue = <int32_t *>malloc((m.nsums + 1) * sizeof(int32_t))
    s.squeued = <uint8_t *>calloc(m.nsums + 1, 1)
    s.conflicts = <int64_t *>calloc(ncells + 1, sizeof(int64_t))
    s.conflicts_left = V_DECAY
    if (s.conflicts == NULL or s.states == NULL or s.branch_cell == NULL or s.branch_rest == NULL
            or s.queue == NULL or s.queued == NULL or s.hqueue == NULL or s.hqueued == NULL
            or s.squeue == NULL or s.squeued == NULL or s.branch_bit == NULL
            or s.branch_other == NULL or s.gone == NULL or s.hgone == NULL):
        return -1
    cand = s.states
    memcpy(s.conflicts, m.prior, ncells * sizeof(int64_t))
    for cell in range(ncells):
        cand[cell] = m.init[cell]
        if values[cell]:
            if values[cell] > m.n or not (cand[cell] >> (values[cell] - 1)) & 1:
                return 0
            cand[cell] = (<uint64_t>1) << (values[cell] - 1)
        if cand[cell] == 0:
            return 0
    v_queue_all(s)
    if not v_propagate(s, cand):
        return 0
    s.run.phase = PHASE_DESCEND
    return 1


cdef void v_free(VSearch *s) noexcept nogil:
    free(s.states)
    free(s.branch_cell)
    free(s.branch_rest)
    free(s.branch_bit)
    free(s.branch_other)
    s.branch_bit = NULL
    s.branch_other = NULL
    free(s.queue)
    free(s.queued)
    free(s.hqueue)
    free(s.hqueued)
    free(s.gone)
    free(s.hgone)
    s.gone = NULL
    s.hgone = NULL
    free(s.squeue)
    free(s.squeued)
    free(s.conflicts)
    s.conflicts = NULL
    s.states = NULL
    s.branch_cell = NULL
    s.branch_rest = NULL
    s.queue = NULL
    s.queued = NULL
    s.hqueue = NULL
    s.hqueued = NULL
    s.squeue = NULL
    s.squeued = NULL
    s.run.phase = PHASE_DONE


# The hooks of the one search loop (machine_next, _core_machine.pxi) for this engine.

cdef inline int v_choose(VSearch *s, int d) noexcept nogil:
    """Choose the branch at level d: the cell with the most (conflicts + 1) / values, the
    conflicts being the dead ends its guesses met so far (a history heuristic, as the
    Interactive Sudoku Solver's conflict scores and dom/wdeg in CP solvers) on top of a
    start from the model (m.prior); ties to the fewest values, then to the cell most
    constrained by the model (peers, pair rules, sums).  (Without the + 1, as the ISS: 56
    MATHEMAGIC killers, each in 4 orientations, 45.9M -> 47.6M guesses, 353 -> 398 s.)
    A cell of two values tries both; one of more, its least value in and then out (or a
    house's value in its two places, v_choose_place).  1, or 0 when every cell is placed."""
    cdef const VModel *m = s.m
    cdef const uint64_t *cand = s.states + <size_t>d * m.ncells
    cdef int cell, count, best = -1, best_count = 1, degree, best_degree = -1, v
    cdef int64_t score, best_score = 0, lhs, rhs, top = 0
    cdef uint64_t hot = 0
    # The value met in most dead ends lately: cells that can hold it get a fifth of its
    # score on top (the ISS's value scores); scores are kept five times over to stay whole.
    # Up to 16x16 only (V_VALUE_SCORES_UPTO): on the empty 64x64 grid the scores, even
    # capped at the cell's own, take the search from 11,632 guesses to over 200,000 (the
    # sides 16-49 unchanged or better); the killers they help are 9x9.  The ISS's own
    # guard (the top score at least n and half again the least) saves that grid too, but
    # costs the 55 ISS killers 10% more guesses and 17% more time.
    if m.n <= V_VALUE_SCORES_UPTO:
        for v in range(m.n):
            if s.value_conflicts[v] > top:
                top = s.value_conflicts[v]
                hot = (<uint64_t>1) << v
    for cell in range(m.ncells):
        if has_one_bit(cand[cell]):
            continue
        count = popcount(cand[cell])
        score = 5 * (s.conflicts[cell] + 1) + (top if cand[cell] & hot else 0)
        # score / count against best_score / best_count, in integers.
        lhs = score * best_count
        rhs = best_score * count
        if lhs < rhs:
            continue
        degree = m.degree[cell]
        if (best < 0 or lhs > rhs or count < best_count
                or count == best_count and degree > best_degree):
            best_score = score
            best_count = count
            best_degree = degree
            best = cell
    if best < 0:
        return 0
    s.branch_cell[d] = best
    s.branch_rest[d] = cand[best]
    s.branch_bit[d] = 0
    if best_count > 2 and s.conflicts[best] > 0:
        v_choose_place(s, d, cand, s.conflicts[best] / <double>best_count)
    if s.branch_bit[d] == 0 and best_count > 2:
        # Two ways, as the ISS: the cell's least value, then the cell without it (the
        # level re-chooses after that one's propagation).  55 ISS killers (count to 2):
        # CPU 3.32 -> 2.82 s; hard thermos (ISS HARD_THERMOS #0) 491,523 -> 169,902
        # guesses, 1.06 -> 0.33 s; 13 ISS little killers (within 100,000 guesses) 2.47 ->
        # 1.81 s; ISS examples: 'Elementary' 168 -> 84 guesses, 'Killing with flowers'
        # 959 -> 1,390, Wecoc #1 31,115 -> 39,536 (+3% time), Sudoku X 452 -> 688.
        s.branch_bit[d] = lowest_bit(cand[best])
        s.branch_other[d] = -1
        s.branch_rest[d] = 2
    return 1


cdef void v_choose_place(VSearch *s, int d, const uint64_t *cand,
                         double cell_score) noexcept nogil:
    """When the chosen cell has more than two values and has met dead ends: a value with
    exactly two places in a house of n cells, scored half the larger conflict score of the
    two cells, is branched on instead (the cell with the larger score first) if it scores
    at least the cell's conflicts per value; the last such value found wins a tie.  The
    Interactive Sudoku Solver's house candidates, with its rule for when to look.  55 ISS
    killers (count to 2, one thread): CPU 4.81 -> 4.09 s, guesses 247,155 -> 201,369;
    ISS examples: Wecoc #1 565 -> 505 ms, 'Killing with flowers' 21.8 -> 19.9, Sudoku X
    2.1 -> 1.9, Strict XV 0.26 -> 0.57, Anti-knights move 0.06 -> 0.19."""
    cdef const VModel *m = s.m
    cdef int h, k, c0, c1, x
    cdef uint64_t once, twice, thrice, w, two, bit
    cdef double best = cell_score, score
    for h in range(m.nhouses):
        if not m.house_full[h]:
            continue
        once = 0
        twice = 0
        thrice = 0
        for k in range(m.house_start[h], m.house_start[h + 1]):
            w = cand[m.house_cells[k]]
            thrice |= twice & w
            twice |= once & w
            once |= w
        two = twice & ~thrice
        while two:
            bit = lowest_bit(two)
            two ^= bit
            c0 = -1
            c1 = -1
            for k in range(m.house_start[h], m.house_start[h + 1]):
                x = m.house_cells[k]
                if cand[x] & bit:
                    if c0 < 0:
                        c0 = x
                    else:
                        c1 = x
            score = 0.5 * max(s.conflicts[c0], s.conflicts[c1])
            if score >= best:
                best = score
                if s.conflicts[c0] > s.conflicts[c1]:
                    c0, c1 = c1, c0
                s.branch_cell[d] = c1
                s.branch_other[d] = c0
                s.branch_bit[d] = bit
                s.branch_rest[d] = 2


cdef inline bint v_has_next(const VSearch *s, int d) noexcept nogil:
    return s.branch_rest[d] != 0


cdef inline int v_advance(VSearch *s, int d) noexcept nogil:
    """Try level d's next alternative (a STEP_ code): the cell's next value, the value in
    the cell then out of it, or the house value's next place; on a copy of level d at d + 1,
    or, for the last alternative, on level d itself."""
    cdef const VModel *m = s.m
    cdef uint64_t rest = s.branch_rest[d]
    cdef uint64_t bit = lowest_bit(rest)
    cdef int cell = s.branch_cell[d]
    cdef uint64_t *child
    cdef bint skip = False
    if s.branch_bit[d]:
        bit = s.branch_bit[d]
        if rest == 2:
            rest = 1
        else:
            rest = 0
            if s.branch_other[d] < 0:
                skip = True
            else:
                cell = s.branch_other[d]
    else:
        rest ^= bit
    s.branch_rest[d] = rest
    if rest == 0:
        child = s.states + <size_t>d * m.ncells
    else:
        if d + 1 >= s.capacity and v_grow(s) < 0:
            return STEP_NOMEM
        child = s.states + <size_t>(d + 1) * m.ncells
        memcpy(child, s.states + <size_t>d * m.ncells, m.ncells * sizeof(uint64_t))
    s.gone[cell] = child[cell] & ~bit if not skip else bit
    if skip:
        child[cell] &= ~bit
    else:
        child[cell] = bit
    s.queued[cell] = V_CHANGED | V_BOUNDS
    s.queue[0] = cell
    s.nqueue = 1
    s.fail_cell = -1
    s.last_single = -1
    if v_propagate(s, child):
        return STEP_DEEPER if rest else STEP_IN_PLACE
    # The dead end counts against the guessed cell, the cell it left without values (if
    # one: a sum or a house can fail on its own) and the last placed cell whose peers were
    # being cleared: the ISS fixes the singles a guess leaves one step at a time, so its
    # scores reach the cells where contradictions surface; ours, that propagate singles at
    # once, scored only the guess.  ISS lists (count to 2, node limit 2M, guesses geomean):
    # 14 MATHEMAGIC killers 720,534 -> 293,275 (CPU 87.7 -> 39.4 s), 15 little killers
    # 14,303 -> 11,871, 62 examples 392 -> 336, hard thermos 69,217 -> 43,454, renban
    # 98,249 -> 66,884, TAREK 466 -> 456, EXTREME 10,818 -> 11,027.  (The guess and the
    # wiped-out cell only: MATHEMAGIC 422,343, examples 361; the wiped-out cell instead of
    # the guess: EXTREME 16,116.)
    s.conflicts[cell] += 1
    if s.fail_cell >= 0 and s.fail_cell != cell:
        s.conflicts[s.fail_cell] += 1
    if s.last_single >= 0 and s.last_single != cell and s.last_single != s.fail_cell:
        s.conflicts[s.last_single] += 1
    s.value_conflicts[bit_index(bit)] += 1
    s.conflicts_left -= 1
    if s.conflicts_left <= 0:
        # Halve every score now and then: recent dead ends count more than old ones
        # (values' scores faster: they change more).
        for cell in range(m.ncells):
            s.conflicts[cell] >>= 1
        for cell in range(m.n):
            s.value_conflicts[cell] >>= 2
        s.conflicts_left = V_DECAY
    return STEP_FAILED if rest else STEP_SPENT


cdef void v_solution(const VSearch *s, uint8_t *out) noexcept nogil:
    """Write the solution found by the last SEARCH_FOUND as values 1..n."""
    cdef const uint64_t *cand = s.states + <size_t>s.run.depth * s.m.ncells
    cdef int cell
    for cell in range(s.m.ncells):
        out[cell] = bit_index(cand[cell]) + 1


# ============================================================================================
# The model, built from Python
# ============================================================================================

# The line clues' kinds as fastsudoku.variants gives them in a sum's sixth field.
LINE_SANDWICH = V_SANDWICH
LINE_XSUM = V_XSUM
LINE_BETWEEN = V_BETWEEN
LINE_LOCKOUT = V_LOCKOUT
LINE_SKYSCRAPER = V_SKYSCRAPER
LINE_HIDDEN = V_HIDDEN
RULE_COUNT = V_COUNT
RULE_CONTAIN = V_CONTAIN
LINE_SUMLINE = V_SUMLINE
LINE_SUMLOOP = V_SUMLOOP
RULE_LUNCHBOX = V_LUNCHBOX

cdef dict _COMBOS = {}


cdef list _combos(int n, int k, int64_t target):
    """The sets of k distinct values of 1..n summing to target, as masks (cached)."""
    if k < 0 or k > n or target < k * (k + 1) // 2 or target > k * (2 * n - k + 1) // 2:
        return []  # no k distinct values make it (not cached)
    key = (n, k, target)
    cached = _COMBOS.get(key)
    if cached is not None:
        return cached
    cdef list out = []
    cdef uint64_t S
    cdef int v
    cdef int64_t total
    for S in range(1, (<uint64_t>1) << n):
        if popcount(S) != k:
            continue
        total = 0
        for v in range(n):
            if (S >> v) & 1:
                total += v + 1
        if total == target:
            out.append(S)
    _COMBOS[key] = out
    return out


cdef list _sandwich_sets(int n, int64_t target):
    """The sets of values of 2..n-1 (any number of them, none included) summing to target,
    as masks (cached)."""
    if target < 0 or target > n * (n - 1) // 2:
        return []  # no set makes it (not cached: the cache holds only reachable totals)
    key = ("sandwich", n, target)
    cached = _COMBOS.get(key)
    if cached is not None:
        return cached
    cdef list out = []
    cdef uint64_t S, mid = ((<uint64_t>1) << (n - 1)) - 2 if n >= 2 else 0
    cdef int v
    cdef int64_t total
    S = 0
    while True:
        # Every subset of mid in turn (S = (S - mid) & mid walks them all, 0 first).
        total = 0
        for v in range(n):
            if (S >> v) & 1:
                total += v + 1
        if total == target:
            out.append(S)
        S = (S - mid) & mid
        if S == 0:
            break
    _COMBOS[key] = out
    return out


cdef list _xsum_sets(int n, int64_t target):
    """The sets S of values 1..n (cached) with x = |S| + 1 not in S and sum S + x = target:
    what the x - 1 cells after an X-sum's first cell (holding x) can hold."""
    if target < 1 or target > n * (n + 1) // 2:
        return []  # no set makes it (not cached)
    key = ("xsum", n, target)
    cached = _COMBOS.get(key)
    if cached is not None:
        return cached
    cdef list out = []
    cdef uint64_t S, full = (~(<uint64_t>0)) >> (64 - n)
    cdef int v, x
    cdef int64_t total
    S = 0
    while True:
        x = popcount(S) + 1
        if x <= n and not (S >> (x - 1)) & 1:
            total = x
            for v in range(n):
                if (S >> v) & 1:
                    total += v + 1
            if total == target:
                out.append(S)
        S = (S - full) & full
        if S == 0:
            break
    _COMBOS[key] = out
    return out


cdef int32_t *_csr(list rows, int32_t **start_out) except NULL:
    """Compressed rows of a list of int lists: the items; *start_out the row starts."""
    cdef int i, k, total = 0, nrows = len(rows)
    for row in rows:
        total += len(row)
    cdef int32_t *start = <int32_t *>malloc((nrows + 1) * sizeof(int32_t))
    cdef int32_t *items = <int32_t *>malloc((total + 1) * sizeof(int32_t))
    if start == NULL or items == NULL:
        free(start)
        free(items)
        raise MemoryError()
    k = 0
    for i in range(nrows):
        start[i] = k
        for x in rows[i]:
            items[k] = x
            k += 1
    start[nrows] = k
    start_out[0] = start
    return items


cdef bint _unit_coefs(coefs) except -1:
    """Whether every coefficient of a sum is 1."""
    for k in coefs:
        if k != 1:
            return False
    return True


cdef int32_t *_transpose(const int32_t *start, const int32_t *items, int nrows, int ncols,
                         int32_t **start_out) except NULL:
    """The other way round of compressed rows (_csr) whose items are columns 0..ncols-1:
    the rows holding each column, in the rows' order (each cell's houses, or sums);
    *start_out the columns' starts.  The caller frees both."""
    cdef int r, i, x
    cdef int32_t *cstart = <int32_t *>calloc(ncols + 1, sizeof(int32_t))
    cdef int32_t *out = <int32_t *>malloc((start[nrows] + 1) * sizeof(int32_t))
    cdef int32_t *fill = <int32_t *>malloc((ncols + 1) * sizeof(int32_t))
    if cstart == NULL or out == NULL or fill == NULL:
        free(cstart)
        free(out)
        free(fill)
        raise MemoryError()
    for i in range(start[nrows]):
        x = items[i]
        if not 0 <= x < ncols:
            free(cstart)
            free(out)
            free(fill)
            raise ValueError(f"cell {x} off the grid")
        cstart[x + 1] += 1
    for x in range(ncols):
        cstart[x + 1] += cstart[x]
    memcpy(fill, cstart, ncols * sizeof(int32_t))
    for r in range(nrows):
        for i in range(start[r], start[r + 1]):
            out[fill[items[i]]] = r
            fill[items[i]] += 1
    free(fill)
    start_out[0] = cstart
    return out


cdef inline int _code_put(int32_t **code, int *size, int *cap, int32_t value) except -1:
    """Append to a growing int32 buffer.  (An int and except -1: a void `except *` made
    every call ask Python whether an error was set -- a tenth of a killer's model build.)"""
    if size[0] == cap[0]:
        cap[0] = 2 * cap[0] + 64
        if not regrow(<void **>code, cap[0] * sizeof(int32_t)):
            raise MemoryError()
    code[0][size[0]] = value
    size[0] += 1
    return 0


# _cross_code's results by the houses of n cells they come from (each house's index and
# cells): a classic grid's rows, columns and boxes give the same code whatever the
# cages, and it was a fifth of a 9x9 killer's model.  At most _CROSS_CACHE_MOST layouts
# are kept (jigsaws each have their own); a pure function's results, shared read-only.
cdef dict _CROSS_CACHE = {}
cdef int _CROSS_CACHE_MOST = 64


def _cross_cache(bint clear=False):
    """Test hook: how many layouts _cross_code has cached (after emptying it if `clear`)."""
    if clear:
        _CROSS_CACHE.clear()
    return len(_CROSS_CACHE)


cdef void _cross_code(VModel *m) except *:
    """m.cross_start / m.cross_code (see VModel): for each house of n cells, its crossings
    with the other houses of n cells that share at least two of its cells and have cells
    outside it, in families of crossings whose shared cells do not overlap.  Cached by the
    houses of n cells (_CROSS_CACHE)."""
    cdef int h, i, k = 0, last = -1, size
    cdef int32_t *key_buf = <int32_t *>malloc((2 * m.nhouses + m.house_start[m.nhouses] + 2)
                                              * sizeof(int32_t))
    if key_buf == NULL:
        raise MemoryError()
    try:
        key_buf[k] = m.ncells
        k += 1
        for h in range(m.nhouses):
            if m.house_full[h]:
                last = h
                key_buf[k] = h
                key_buf[k + 1] = m.house_start[h + 1] - m.house_start[h]
                k += 2
                for i in range(m.house_start[h], m.house_start[h + 1]):
                    key_buf[k] = m.house_cells[i]
                    k += 1
        key = PyBytes_FromStringAndSize(<char *>key_buf, k * sizeof(int32_t))
    finally:
        free(key_buf)
    found = _CROSS_CACHE.get(key)
    cdef const char *code_bytes
    cdef const char *start_bytes
    if found is not None:
        code_b, start_b = found
        size = len(code_b) // sizeof(int32_t)
        m.cross_code = <int32_t *>malloc(len(code_b) + sizeof(int32_t))
        m.cross_start = <int32_t *>malloc((m.nhouses + 1) * sizeof(int32_t))
        if m.cross_code == NULL or m.cross_start == NULL:
            raise MemoryError()
        code_bytes = code_b
        start_bytes = start_b
        memcpy(m.cross_code, code_bytes, len(code_b))
        memcpy(m.cross_start, start_bytes, len(start_b))
        # The houses after the last of n cells have no crossings: their code is empty.
        for h in range(len(start_b) // sizeof(int32_t), m.nhouses + 1):
            m.cross_start[h] = size - 1   # the code ends in one 0 (never empty)
        return
    _cross_code_make(m)
    if len(_CROSS_CACHE) < _CROSS_CACHE_MOST:
        size = m.cross_start[m.nhouses]
        _CROSS_CACHE.setdefault(key, (
            PyBytes_FromStringAndSize(<char *>m.cross_code, (size + 1) * sizeof(int32_t)),
            PyBytes_FromStringAndSize(<char *>m.cross_start, (last + 1) * sizeof(int32_t))))


cdef void _cross_code_make(VModel *m) except *:
    """_cross_code's work, for a layout not seen before."""
    cdef int ncells = m.ncells, h, o, i, j, k, y, f, nfam, nseg, shared, outside, count
    cdef int size = 0, cap = 0
    cdef uint64_t used
    cdef int32_t *code = NULL
    cdef int32_t *stamp = <int32_t *>malloc((ncells + m.nhouses + 1) * sizeof(int32_t))
    cdef uint64_t *cover = <uint64_t *>calloc(ncells + 1, sizeof(uint64_t))
    cdef int32_t *seg_house = <int32_t *>malloc((m.house_start[m.nhouses] + 1) * sizeof(int32_t))
    cdef int32_t *seg_family = <int32_t *>malloc((m.house_start[m.nhouses] + 1) * sizeof(int32_t))
    cdef int32_t fam_count[64]
    m.cross_start = <int32_t *>malloc((m.nhouses + 1) * sizeof(int32_t))
    try:
        if (stamp == NULL or cover == NULL or seg_house == NULL or seg_family == NULL
                or m.cross_start == NULL):
            raise MemoryError()
        for i in range(ncells + m.nhouses):
            stamp[i] = -1
        for h in range(m.nhouses):
            m.cross_start[h] = size
            if not m.house_full[h]:
                continue
            for i in range(m.house_start[h], m.house_start[h + 1]):
                stamp[m.house_cells[i]] = h
                cover[m.house_cells[i]] = 0
            nseg = 0
            nfam = 0
            for i in range(m.house_start[h], m.house_start[h + 1]):
                for j in range(m.cell_house_start[m.house_cells[i]],
                               m.cell_house_start[m.house_cells[i] + 1]):
                    o = m.cell_houses[j]
                    # stamp[ncells + o]: the house o was last looked at from
                    if o == h or not m.house_full[o] or stamp[ncells + o] == h:
                        continue
                    stamp[ncells + o] = h
                    shared = 0
                    used = 0
                    for k in range(m.house_start[o], m.house_start[o + 1]):
                        y = m.house_cells[k]
                        if stamp[y] == h:
                            shared += 1
                            used |= cover[y]
                    outside = m.house_start[o + 1] - m.house_start[o] - shared
                    if shared < 2 or outside == 0:
                        continue
                    f = 0
                    while f < nfam and ((used >> f) & 1 or fam_count[f] >= V_SEGMENTS):
                        f += 1
                    if f == 64:
                        continue    # more families than a mask holds: left out
                    if f == nfam:
                        fam_count[f] = 0
                        nfam += 1
                    fam_count[f] += 1
                    seg_house[nseg] = o
                    seg_family[nseg] = f
                    nseg += 1
                    for k in range(m.house_start[o], m.house_start[o + 1]):
                        y = m.house_cells[k]
                        if stamp[y] == h:
                            cover[y] |= (<uint64_t>1) << f
            for f in range(nfam):
                _code_put(&code, &size, &cap, fam_count[f])
                count = 0
                for i in range(m.house_start[h], m.house_start[h + 1]):
                    if not (cover[m.house_cells[i]] >> f) & 1:
                        count += 1
                _code_put(&code, &size, &cap, count)
                for i in range(m.house_start[h], m.house_start[h + 1]):
                    if not (cover[m.house_cells[i]] >> f) & 1:
                        _code_put(&code, &size, &cap, m.house_cells[i])
                for k in range(nseg):
                    if seg_family[k] != f:
                        continue
                    o = seg_house[k]
                    for outside in range(2):  # the shared cells, then the other's rest
                        count = 0
                        for i in range(m.house_start[o], m.house_start[o + 1]):
                            if (stamp[m.house_cells[i]] == h) != outside:
                                count += 1
                        _code_put(&code, &size, &cap, count)
                        for i in range(m.house_start[o], m.house_start[o + 1]):
                            if (stamp[m.house_cells[i]] == h) != outside:
                                _code_put(&code, &size, &cap, m.house_cells[i])
        m.cross_start[m.nhouses] = size
        _code_put(&code, &size, &cap, 0)  # never empty (malloc of 0 bytes may be NULL)
        m.cross_code = code
        code = NULL
    finally:
        free(stamp)
        free(cover)
        free(seg_house)
        free(seg_family)
        free(code)


cdef void _priorities(VModel *m) noexcept nogil:
    """m.prior: each cell's conflict score before any dead end (v_choose weighs conflicts
    per value).  The Interactive Sudoku Solver starts from priorities: a cell gets each of
    its houses' sizes, max(2n - k, n) for each sum of k cells it is in (small cages first)
    and 2 for each pair rule (8 here: its lines are one rule of many cells, ours pairs).
    Large against the 1 a dead end adds, they order the search for long.  First taken for
    killers only -- the 55 ISS killers (count to 2): guesses 201,369 -> 159,761, CPU -28%
    -- and now for every model: against the cells' degrees (the model's count of each
    cell's peers, pair rules and sums, / 4), over the ISS's lists (count to 2, node limit
    2M, guesses geomean): 62 examples 483 -> 432, 15 little killers 29,146 -> 15,223, 3
    hard renbans 115,009 -> 98,249, 3 hard thermos 105,891 -> 69,217; CPU 53.7 -> 41.7 s
    (killers unchanged: they had them).  A pair rule weighing 16 or a renban's cells 0
    instead of 15 (it has no total) did worse."""
    cdef int ncells = m.ncells, n = m.n, cell, h, i, j
    cdef int64_t weight
    for h in range(m.nhouses):
        for i in range(m.house_start[h], m.house_start[h + 1]):
            m.prior[m.house_cells[i]] += m.house_start[h + 1] - m.house_start[h]
    for i in range(m.nsums):
        weight = max(2 * n - (m.sum_start[i + 1] - m.sum_start[i]), n)
        for j in range(m.sum_start[i], m.sum_start[i + 1]):
            m.prior[m.sum_cells[j]] += weight
    for cell in range(ncells):
        m.prior[cell] += 8 * (m.arc_start[cell + 1] - m.arc_start[cell])


cdef inline bint _in_house(const VModel *m, int x, int h) noexcept nogil:
    """Whether cell x lies in house h."""
    cdef int k
    for k in range(m.cell_house_start[x], m.cell_house_start[x + 1]):
        if m.cell_houses[k] == h:
            return True
    return False


cdef int _house_groups(const VModel *m, const int32_t *cells, const int32_t *coefs, int k,
                       int32_t *group, int32_t *gcoef, int32_t *count,
                       int32_t *left) noexcept nogil:
    """Group a sum's cells that lie in one house and share a coefficient, the house
    holding most of the cells left first, while one holds two or more: group[j] the group
    of cell j (-1 for the cells left, grouped first-fit by the caller), gcoef each group's
    coefficient; returns how many groups.  The coefficients in the order first met; count
    (nhouses, zero) and left (k) are scratch.  Largest first: a long sum's cells listed
    along a line (an arrow winding through boxes) grouped in the order listed fall into
    small groups and loose bounds (the ISS's 'Long sums 3', a 32-cell arrow on a 2-digit
    pill: 183,648 guesses; grouped by the house of most cells, the bounds alone place the
    pill)."""
    cdef int j, i, x, h, best, best_count, nleft, nrest, ngroups = 0, coef
    for j in range(k):
        group[j] = -1
    for i in range(k):
        # Each coefficient once, at its first cell.
        coef = coefs[i]
        for j in range(i):
            if coefs[j] == coef:
                break
        else:
            nleft = 0
            for j in range(i, k):
                if coefs[j] == coef:
                    left[nleft] = j
                    nleft += 1
            while nleft > 1:
                # The house holding most of the cells left (of those, the first met).
                best = -1
                best_count = 1
                for j in range(nleft):
                    x = cells[left[j]]
                    for h in range(m.cell_house_start[x], m.cell_house_start[x + 1]):
                        count[m.cell_houses[h]] += 1
                        if count[m.cell_houses[h]] > best_count:
                            best_count = count[m.cell_houses[h]]
                for j in range(nleft):
                    x = cells[left[j]]
                    for h in range(m.cell_house_start[x], m.cell_house_start[x + 1]):
                        if best < 0 and count[m.cell_houses[h]] == best_count > 1:
                            best = m.cell_houses[h]
                for j in range(nleft):
                    x = cells[left[j]]
                    for h in range(m.cell_house_start[x], m.cell_house_start[x + 1]):
                        count[m.cell_houses[h]] = 0
                if best < 0:
                    break
                nrest = 0
                for j in range(nleft):
                    if _in_house(m, cells[left[j]], best):
                        group[left[j]] = ngroups
                    else:
                        left[nrest] = left[j]
                        nrest += 1
                gcoef[ngroups] = coef
                ngroups += 1
                nleft = nrest
    return ngroups


cdef list _holding(const VModel *m, int t):
    """The houses that hold every cell of sum t (of the houses of its first cell)."""
    cdef list out = []
    cdef int x, j, k, h
    if m.sum_start[t] == m.sum_start[t + 1]:
        return out
    x = m.sum_cells[m.sum_start[t]]
    for j in range(m.cell_house_start[x], m.cell_house_start[x + 1]):
        h = m.cell_houses[j]
        for k in range(m.sum_start[t], m.sum_start[t + 1]):
            if not _in_house(m, m.sum_cells[k], h):
                break
        else:
            out.append(h)
    return out


cdef bint _distinct_cells(const VModel *m, int t) noexcept nogil:
    """Whether sum t lists no cell twice."""
    cdef int j, k
    for j in range(m.sum_start[t], m.sum_start[t + 1]):
        for k in range(j + 1, m.sum_start[t + 1]):
            if m.sum_cells[j] == m.sum_cells[k]:
                return False
    return True


cdef class VariantModel:
    """A variant puzzle's constraints in the variant engine's form (VModel), built once and
    read-only during searches.  Checked and built by fastsudoku.variants; the arguments:

    n: the side (values 1..n, n*n cells); houses: lists of cells that all differ;
    differ: extra (cell, cell) pairs that differ (neighbour rules); arcs: (a, b, table)
    pair rules, table[v] the mask of values b may take when a is v+1; sums: (cells, coefs,
    target, distinct[, sets[, kind]]) linear equalities (distinct: the cells all differ
    and their value sets are used, coefs all 1; sets: those value sets, if given; kind
    V_SANDWICH, V_XSUM or V_SKYSCRAPER: instead a clue on a line of cells that all
    differ, in order, with target its total (the cells seen from its start); V_BETWEEN
    or V_LOCKOUT: a line whose ends bound its other cells, target the lockout's least
    gap; V_CONTAIN: cells holding the values of `sets`, one bit each in sorted order, a
    value once a time it is needed; target 1: exactly that often; V_SUMLINE or
    V_SUMLOOP: a line or loop cut into runs of total target; V_LUNCHBOX: cells that
    differ, those between the least and the greatest totalling target); init: each
    cell's starting mask.
    """
    cdef VModel m
    cdef public int n

    def __cinit__(self):
        memset(&self.m, 0, sizeof(VModel))

    def __init__(self, int n, list houses, list differ, list arcs, list sums, list init):
        cdef int ncells = n * n, cell, i, k, a, b, v, h
        cdef VModel *m = &self.m
        cdef uint64_t mask
        if not 1 <= n <= 64:
            raise ValueError(f"side {n}: expected 1..64")
        if len(init) != ncells:
            raise ValueError(f"expected {ncells} starting masks, got {len(init)}")
        self.n = n
        m.n = n
        m.ncells = ncells
        m.full = (~(<uint64_t>0)) >> (64 - n)
        m.nhouses = len(houses)
        m.house_cells = _csr(houses, &m.house_start)
        m.house_full = <uint8_t *>calloc(m.nhouses + 1, 1)
        if m.house_full == NULL:
            raise MemoryError()
        for i in range(m.house_start[m.nhouses]):
            if not 0 <= m.house_cells[i] < ncells:
                raise ValueError(f"houses: cell {m.house_cells[i]} off the grid")
        # Each cell's peers as a bit row (kept for v_common_peers on grids of up to 1024
        # cells, freed at the end for larger ones), in C loops: the model is built for
        # every puzzle, and its build is most of the time of an easy one.
        cdef int words = (ncells + 63) >> 6, j, x, y, start, stop
        cdef uint64_t *bits = <uint64_t *>calloc(<size_t>ncells * words, sizeof(uint64_t))
        if bits == NULL:
            raise MemoryError()
        m.peer_bits = bits
        m.peer_words = words
        m.cell_houses = _transpose(m.house_start, m.house_cells, m.nhouses, ncells,
                                   &m.cell_house_start)
        # Each house's cells as a bit row, ORed into each of its cells' rows (k * words
        # operations a house, not k * k).
        cdef uint64_t *house_row = <uint64_t *>calloc(words, sizeof(uint64_t))
        if house_row == NULL:
            raise MemoryError()
        for h in range(m.nhouses):
            start = m.house_start[h]
            stop = m.house_start[h + 1]
            m.house_full[h] = stop - start == n
            memset(house_row, 0, words * sizeof(uint64_t))
            for i in range(start, stop):
                y = m.house_cells[i]
                house_row[y >> 6] |= (<uint64_t>1) << (y & 63)
            for i in range(start, stop):
                x = m.house_cells[i]
                for j in range(words):
                    bits[<size_t>x * words + j] |= house_row[j]
        free(house_row)
        cdef int32_t *fill
        for a, b in differ:
            if not (0 <= a < ncells and 0 <= b < ncells):
                raise ValueError(f"differ: cells {a}, {b} off the grid")
            bits[<size_t>a * words + (b >> 6)] |= (<uint64_t>1) << (b & 63)
            bits[<size_t>b * words + (a >> 6)] |= (<uint64_t>1) << (a & 63)
        for x in range(ncells):
            bits[<size_t>x * words + (x >> 6)] &= ~((<uint64_t>1) << (x & 63))
        # Crossings of two houses of n cells in at least two cells, with cells of the other
        # outside the first (v_locked), in families whose shared cells do not overlap
        # (greedily; cover[x] has bit f when family f holds cell x).  C loops into a
        # growing code buffer (this runs for every puzzle built).
        _cross_code(m)
        m.peer_start = <int32_t *>malloc((ncells + 1) * sizeof(int32_t))
        if m.peer_start == NULL:
            raise MemoryError()
        k = 0
        for x in range(ncells):
            m.peer_start[x] = k
            for j in range(words):
                k += popcount(bits[<size_t>x * words + j])
        m.peer_start[ncells] = k
        m.peers = <int32_t *>malloc((k + 1) * sizeof(int32_t))
        if m.peers == NULL:
            raise MemoryError()
        k = 0
        for x in range(ncells):
            for j in range(words):
                mask = bits[<size_t>x * words + j]
                while mask:
                    m.peers[k] = j * 64 + bit_index(lowest_bit(mask))
                    mask = clear_lowest_bit(mask)
                    k += 1
        # Pair rules: both directions, one relation table an arc, in C arrays by cell
        # (each cell's arcs in the order given).
        tables = []
        index_of = {}        # a table shared by many arcs (the same list) is stored once
        cdef int narcs = len(arcs), forward
        fill = <int32_t *>malloc((ncells + 1) * sizeof(int32_t))
        cdef int32_t *arc_rows = <int32_t *>malloc((3 * narcs + 1) * sizeof(int32_t))
        m.arc_start = <int32_t *>calloc(ncells + 1, sizeof(int32_t))
        m.arc_other = <int32_t *>malloc((2 * narcs + 1) * sizeof(int32_t))
        m.arc_rel = <int32_t *>malloc((2 * narcs + 1) * sizeof(int32_t))
        if (fill == NULL or arc_rows == NULL or m.arc_start == NULL or m.arc_other == NULL
                or m.arc_rel == NULL):
            free(arc_rows)
            free(fill)
            raise MemoryError()
        try:
            for i in range(narcs):
                a, b, table = arcs[i]
                if not (0 <= a < ncells and 0 <= b < ncells):
                    raise ValueError(f"pair rule {i}: cells {a}, {b} off the grid")
                fwd = index_of.get(id(table))
                if fwd is None:
                    back = [0] * n
                    for v in range(n):
                        mask = table[v]
                        for k in range(n):
                            if (mask >> k) & 1:
                                back[k] |= (<uint64_t>1) << v
                    fwd = len(tables)
                    tables.append(table)
                    tables.append(back)
                    index_of[id(table)] = fwd
                arc_rows[3 * i] = a
                arc_rows[3 * i + 1] = b
                arc_rows[3 * i + 2] = fwd
                m.arc_start[a + 1] += 1
                m.arc_start[b + 1] += 1
            for x in range(ncells):
                m.arc_start[x + 1] += m.arc_start[x]
            memcpy(fill, m.arc_start, ncells * sizeof(int32_t))
            for i in range(narcs):
                a = arc_rows[3 * i]
                b = arc_rows[3 * i + 1]
                forward = arc_rows[3 * i + 2]
                m.arc_other[fill[a]] = b
                m.arc_rel[fill[a]] = forward
                fill[a] += 1
                m.arc_other[fill[b]] = a
                m.arc_rel[fill[b]] = forward + 1
                fill[b] += 1
        finally:
            free(arc_rows)
            free(fill)
        cdef int32_t *again = NULL
        m.rel = <uint64_t *>malloc((len(tables) * n + 1) * sizeof(uint64_t))
        m.rel_bad = <uint8_t *>calloc(len(tables) + 1, 1)
        if m.rel == NULL or m.rel_bad == NULL:
            raise MemoryError()
        for i in range(len(tables)):
            for v in range(n):
                m.rel[i * n + v] = tables[i][v]
                if m.full & ~m.rel[i * n + v]:
                    m.rel_bad[i] += 1
        # Sums, each's cells in groups: cells that all differ (peers of each other) and
        # share a coefficient (v_sum's bounds) -- first the cells of the house holding most
        # of them (_house_groups), then the rest greedily in the sum's order; a line rule's
        # cells each a group of its own, in their order.  C arrays throughout.
        m.nsums = len(sums)
        cdef int total_cells = 0, longest = 0, nsum_cells, ng, g, jj, pos = 0, ngroups = 0
        cdef int64_t coef64
        cdef bint line, fits
        for t in sums:
            if len(t[0]) != len(t[1]):
                raise ValueError("sums: as many coefficients as cells are needed")
            total_cells += len(t[0])
            longest = max(longest, len(t[0]))
        m.sum_start = <int32_t *>malloc((m.nsums + 1) * sizeof(int32_t))
        m.sum_cells = <int32_t *>malloc((total_cells + 1) * sizeof(int32_t))
        m.sum_coef = <int32_t *>malloc((total_cells + 1) * sizeof(int32_t))
        m.sum_group = <int32_t *>malloc((m.nsums + 1) * sizeof(int32_t))
        m.group_start = <int32_t *>malloc((total_cells + 1) * sizeof(int32_t))
        cdef int32_t *tmp = <int32_t *>calloc(5 * longest + m.nhouses + 1, sizeof(int32_t))
        if (m.sum_start == NULL or m.sum_cells == NULL or m.sum_coef == NULL
                or m.sum_group == NULL or m.group_start == NULL or tmp == NULL):
            free(tmp)
            raise MemoryError()
        cdef int32_t *tcell = tmp
        cdef int32_t *tcoef = tmp + longest
        cdef int32_t *tgroup = tmp + 2 * longest
        cdef int32_t *gcoef = tmp + 3 * longest
        cdef int32_t *tleft = tmp + 4 * longest
        cdef int32_t *hcount = tmp + 5 * longest    # nhouses, zero between sums
        try:
            for i in range(m.nsums):
                t = sums[i]
                cells = t[0]
                coefs = t[1]
                nsum_cells = len(cells)
                # A line rule's cells each a group of their own (in order); counting
                # circles are grouped as a sum's cells (cliques: v_counting's bound).
                line = len(t) > 5 and <int>t[5] != V_LINEAR and <int>t[5] != V_COUNT
                for j in range(nsum_cells):
                    # C values first: comparing the Python ints was most of this loop.
                    x = cells[j]
                    try:
                        coef64 = coefs[j]
                    except OverflowError:
                        coef64 = (1 << 31)
                    if not 0 <= x < ncells:
                        raise ValueError(f"sums: cell {x} off the grid")
                    if not -(1 << 30) <= coef64 <= (1 << 30):
                        raise ValueError(f"sums: coefficient {coefs[j]} out of range")
                    tcell[j] = x
                    tcoef[j] = <int32_t>coef64
                ng = 0
                for j in range(nsum_cells):
                    tgroup[j] = -1
                if not line:
                    ng = _house_groups(m, tcell, tcoef, nsum_cells, tgroup, gcoef, hcount,
                                       tleft)
                for j in range(nsum_cells):
                    if tgroup[j] >= 0:
                        continue
                    if not line:
                        for g in range(ng):
                            if gcoef[g] != tcoef[j]:
                                continue
                            fits = True
                            for jj in range(nsum_cells):
                                y = tcell[jj]
                                if tgroup[jj] == g and not (
                                        bits[<size_t>tcell[j] * words + (y >> 6)] >> (y & 63)) & 1:
                                    fits = False
                                    break
                            if fits:
                                tgroup[j] = g
                                break
                    if tgroup[j] < 0:
                        gcoef[ng] = tcoef[j]
                        tgroup[j] = ng
                        ng += 1
                m.sum_start[i] = pos
                m.sum_group[i] = ngroups
                for g in range(ng):
                    m.group_start[ngroups + g] = pos
                    for j in range(nsum_cells):
                        if tgroup[j] == g:
                            m.sum_cells[pos] = tcell[j]
                            m.sum_coef[pos] = tcoef[j]
                            pos += 1
                ngroups += ng
            m.sum_start[m.nsums] = pos
            m.sum_group[m.nsums] = ngroups
            m.group_start[ngroups] = pos
        finally:
            free(tmp)
        # Each cell's sums, in the sums' order.
        m.cell_sums = _transpose(m.sum_start, m.sum_cells, m.nsums, ncells, &m.cell_sum_start)
        m.sum_target = <int64_t *>malloc((m.nsums + 1) * sizeof(int64_t))
        m.sum_kind = <uint8_t *>calloc(m.nsums + 1, 1)
        if m.sum_target == NULL or m.sum_kind == NULL:
            raise MemoryError()
        combo_rows = []
        exact_sets = []
        covering = []
        complements = []
        cdef int kind
        cdef bint distinct, all_exact
        for i in range(m.nsums):
            t = sums[i]
            cells = t[0]
            target = t[2]
            distinct = t[3]
            sets = t[4] if len(t) > 4 else None
            m.sum_target[i] = target
            kind = t[5] if len(t) > 5 else V_LINEAR
            if kind != V_LINEAR:
                if not (kind in (V_SANDWICH, V_XSUM, V_SKYSCRAPER, V_HIDDEN)
                        and 1 <= len(cells) <= 64
                        or kind == V_COUNT and sets is not None and 1 <= len(cells) <= 64
                        or kind == V_CONTAIN and sets is not None and len(sets) <= len(cells)
                        or kind in (V_SUMLINE, V_SUMLOOP) and len(cells) >= 1
                        or kind == V_LUNCHBOX and 2 <= len(cells) <= 64
                        or kind in (V_BETWEEN, V_LOCKOUT) and len(cells) >= 2):
                    raise ValueError(f"sum {i}: line clue kind {kind} on {len(cells)} cells")
                m.sum_kind[i] = kind
            if sets is not None:
                combo_rows.append(list(sets))
            elif kind == V_SANDWICH:
                combo_rows.append(_sandwich_sets(n, target) if n <= V_SANDWICH_SETS else [])
            elif kind == V_XSUM:
                fits_sets = n <= V_SANDWICH_SETS and len(cells) == n
                combo_rows.append(_xsum_sets(n, target) if fits_sets else [])
            elif distinct and n <= 16 and _unit_coefs(t[1]):
                combo_rows.append(_combos(n, len(cells), target))
            else:
                combo_rows.append([])
            # Sets of as many values as its cells, which all differ (v_sum_sets' singles).
            nsum_cells = len(cells)
            # Every set as many values as the cells (which all differ, in one sum).
            all_exact = bool(combo_rows[i]) and kind == V_LINEAR and _distinct_cells(m, i)
            if all_exact:
                for S in combo_rows[i]:
                    if popcount(S) != nsum_cells:
                        all_exact = False
                        break
            exact_sets.append(distinct and all_exact)
            holding = []
            if combo_rows[i]:
                holding = _holding(m, i)
            # Without peer_bits (v_common_peers): the houses holding all the cells.
            covering.append(holding if ncells > 64 * V_PEER_WORDS else [])
            # A cage's (or renban's) sets, as many distinct values as cells: in a house of
            # n cells the other cells hold the values its set lacks (v_sum_sets).
            whole = bool(holding) and all_exact
            complements.append([h for h in holding if len(houses[h]) == n] if whole else [])
        m.sum_houses = _csr(covering, &m.sum_house_start)
        m.comp_houses = _csr(complements, &m.comp_house_start)
        m.comp_cells = _csr([[x for x in houses[h] if not v_in_sum(m, i, x)]
                             for i in range(m.nsums) for h in complements[i]],
                            &m.comp_cell_start)
        by_house = [[] for _ in houses]
        for i in range(m.nsums):
            for h in complements[i]:
                by_house[h].append(i)
        m.house_comps = _csr(by_house, &m.house_comp_start)
        if ncells > 64 * V_PEER_WORDS:
            # Too large to keep (v_sum_sets uses the houses holding a sum instead).
            free(m.peer_bits)
            m.peer_bits = NULL
            m.peer_words = 0
        total = sum(len(r) for r in combo_rows)
        m.combo_start = <int32_t *>malloc((m.nsums + 1) * sizeof(int32_t))
        m.combos = <uint64_t *>malloc((total + 1) * sizeof(uint64_t))
        if m.combo_start == NULL or m.combos == NULL:
            raise MemoryError()
        k = 0
        for i in range(m.nsums):
            m.combo_start[i] = k
            for mask in combo_rows[i]:
                m.combos[k] = mask
                k += 1
        m.combo_start[m.nsums] = k
        m.sum_domain = <uint8_t *>calloc(m.nsums + 1, 1)
        if m.sum_domain == NULL:
            raise MemoryError()
        for i in range(m.nsums):
            m.sum_domain[i] = m.combo_start[i] != m.combo_start[i + 1] or m.sum_kind[i] != V_LINEAR
            if exact_sets[i]:
                m.sum_domain[i] |= V_SETS_EXACT
        m.init = <uint64_t *>malloc(ncells * sizeof(uint64_t))
        m.degree = <int32_t *>malloc(ncells * sizeof(int32_t))
        if m.init == NULL or m.degree == NULL:
            raise MemoryError()
        for cell in range(ncells):
            # How constrained a cell is by the model: v_choose's tie-break.
            m.degree[cell] = (m.peer_start[cell + 1] - m.peer_start[cell]
                              + 4 * (m.arc_start[cell + 1] - m.arc_start[cell])
                              + 4 * (m.cell_sum_start[cell + 1] - m.cell_sum_start[cell]))
        for cell in range(ncells):
            m.init[cell] = (<uint64_t>init[cell]) & m.full
        m.prior = <int64_t *>calloc(ncells + 1, sizeof(int64_t))
        if m.prior == NULL:
            raise MemoryError()
        _priorities(m)

    def repeated(self, bytes values):
        """The first two given cells (earlier, later) of a house that hold the same value,
        house by house in order, or None.  values: a value a cell, 0 empty."""
        cdef const VModel *m = &self.m
        cdef const uint8_t *v = values
        cdef int h, i, x, val
        cdef int32_t where[65]
        if len(values) != m.ncells:
            raise ValueError(f"expected {m.ncells} cell values, got {len(values)}")
        for h in range(m.nhouses):
            for val in range(65):
                where[val] = -1
            for i in range(m.house_start[h], m.house_start[h + 1]):
                x = m.house_cells[i]
                val = v[x]
                if val and val <= 64:
                    if where[val] >= 0:
                        return where[val], x
                    where[val] = x
        return None

    def propagated(self, bytes values):
        """The candidates (a bit mask a cell, value v as bit v - 1) that propagation leaves
        from the puzzle `values` (a value a cell, 0 empty) before any guess, or None when
        it meets a contradiction.  For tests and for comparing propagation strength."""
        cdef VSearch s
        cdef int rc
        if len(values) != self.m.ncells:
            raise ValueError(f"expected {self.m.ncells} cell values, got {len(values)}")
        rc = v_init(&s, &self.m, values)
        try:
            if rc < 0:
                raise MemoryError()
            if rc == 0:
                return None
            return [s.states[x] for x in range(self.m.ncells)]
        finally:
            v_free(&s)

    def __dealloc__(self):
        cdef VModel *m = &self.m
        free(m.sum_domain)
        free(m.house_start)
        free(m.house_cells)
        free(m.house_full)
        free(m.cell_house_start)
        free(m.cell_houses)
        free(m.peer_start)
        free(m.peers)
        free(m.arc_start)
        free(m.arc_other)
        free(m.arc_rel)
        free(m.rel)
        free(m.rel_bad)
        free(m.sum_start)
        free(m.sum_cells)
        free(m.sum_coef)
        free(m.sum_target)
        free(m.sum_kind)
        free(m.sum_group)
        free(m.group_start)
        free(m.combo_start)
        free(m.combos)
        free(m.cell_sum_start)
        free(m.cell_sums)
        free(m.sum_house_start)
        free(m.sum_houses)
        free(m.comp_house_start)
        free(m.comp_houses)
        free(m.comp_cell_start)
        free(m.comp_cells)
        free(m.house_comp_start)
        free(m.house_comps)
        free(m.peer_bits)
        free(m.cross_start)
        free(m.cross_code)
        free(m.init)
        free(m.degree)
        free(m.prior)


cdef dict _CLASSIC_MODELS = {}


cdef const VModel *classic_model(int r, int c) except NULL:
    """Classic Sudoku of box shape (r, c) as a variant model (rows, columns, boxes), cached:
    the variant engine runs every classic puzzle too (the tests compare it with the
    others)."""
    cdef VariantModel model = _CLASSIC_MODELS.get((r, c))
    cdef int n = r * c
    if model is None:
        houses = [[row * n + col for col in range(n)] for row in range(n)]
        houses += [[row * n + col for row in range(n)] for col in range(n)]
        houses += [[(br * r + i) * n + bc * c + j for i in range(r) for j in range(c)]
                   for br in range(c) for bc in range(r)]
        full = (1 << <object>n) - 1          # a Python int: n may be 64
        model = VariantModel(n, houses, [], [], [], [full] * (n * n))
        # Another thread may have stored one meanwhile (building runs Python code, where
        # even the GIL switches threads): keep the first, which callers may be using.
        model = _CLASSIC_MODELS.setdefault((r, c), model)
    return &model.m
