# Part of fastsudoku._core, included by _core.pyx:
# engine "digitband": 9x9 with 3x3 boxes on digit-band bitboards.
#
#   Board9 (120 bytes, one a level in Search9.level[])
#
#       A[3*d + b]   uint32, 27 bits: the cells of band b where digit d+1 may still go
#                    bit 9*i + j  <=>  row 3*b + i, column j
#                    |  row 3b   |  row 3b+1 |  row 3b+2 |
#                    | 0 .... 8  | 9 ... 17  | 18 ... 26 |   (3 bits a box in each row)
#       U[b]         uint32, the cells of band b not yet placed

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
# argument on the 3x3 matrix band x column, B9_PAIRS), for the digits whose masks changed
# since they were last looked at.  That also gives the hidden singles of the columns (a
# column with one place left confines its band to that column of the box, and the band's
# permutations then to the cell), so they need no pass of their own.
# The search branches on an unplaced cell with the fewest candidates -- among the first
# B9_TIES bivalue cells the one with the most unplaced peers (the general engine also
# counts the candidates the cell shares with its peers: here that cost a sixth of the time
# on the hard sets and saved under 6% of the guesses) -- values in increasing order.
#
# Measured against the general engine on 9x9 (benchmarks/bench_batch.py, same run):
# about 2x the puzzles a second on every shared set, with fewer guesses (17-clue 0.7
# against 0.9 a puzzle, forum_hardest 136 against 179).  The work is branch-free where
# the outcome is unpredictable (which digits had a placed cell, which rows are single).

cdef enum:
    B9_FULL = (1 << 27) - 1
    B9_TIES = 8              # bivalue cells b9_choose scores (as the bitmask engine's TIE_LIMIT)

cdef uint8_t B9_SHRINK[512]      # bit k set <=> the 9-bit row has a candidate in box k
cdef uint32_t B9_PERM[512]
cdef uint16_t B9_ONE[512]        # r if the 9-bit row r has exactly one bit, else 0
cdef uint8_t B9_DIGIT[27]        # k // 3 and k % 3 for a digit-band k = 3 * d + b
cdef uint8_t B9_BAND[27]
cdef uint16_t B9_PAIRS[512]      # the (i, k) pairs (bit 3i+k) of M used by some permutation
cdef uint32_t B9_PEERS[81][3]    # the peers of each cell (not itself), per band


cdef void _fill_b9_tables() noexcept:
    cdef int r, k, m, x, y, i, p
    cdef int perms[6][3]
    cdef uint32_t allowed
    cdef bint ok
    for k in range(27):
        B9_DIGIT[k] = k // 3
        B9_BAND[k] = k % 3
    for r in range(512):
        B9_ONE[r] = r if r and has_one_bit(r) else 0
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


_fill_b9_tables()


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
    cdef uint32_t a, na, single, bit, u, once, twice, w, ns
    cdef uint32_t cols[3]
    cdef uint32_t pairs[3]
    # Digits whose masks changed since their last look across the bands (which reads
    # nothing else): at a fixpoint every digit has been looked at, so a child board
    # starts with none.
    cdef uint32_t stale = 0
    while True:
        while dirty:
            k = bit_index32(lowest_bit32(dirty))
            dirty = clear_lowest_bit32(dirty)
            a = s.A[k]
            na = a & B9_PERM[B9_SHRINK[a & 0x1FF] | (B9_SHRINK[(a >> 9) & 0x1FF] << 3)
                             | (B9_SHRINK[a >> 18] << 6)]
            if na == 0:
                return False
            s.A[k] = na
            d = B9_DIGIT[k]
            b = B9_BAND[k]
            stale |= (<uint32_t>1) << d
            single = (B9_ONE[na & 0x1FF] | (<uint32_t>B9_ONE[(na >> 9) & 0x1FF] << 9)
                      | (<uint32_t>B9_ONE[na >> 18] << 18)) & s.U[b]
            while single:
                bit = lowest_bit32(single)
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
                bit = lowest_bit32(ns)
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
        while stale:
            d = bit_index32(lowest_bit32(stale))
            stale = clear_lowest_bit32(stale)
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
        if not dirty:
            return True


cdef int b9_choose(const Board9 *s, uint32_t *digits) noexcept nogil:
    """The unplaced cell to branch on: among the first B9_TIES bivalue cells, the one with
    the most unplaced peers; without one, the first cell of fewest candidates in reading
    order.  -1 if every cell is placed; digits gets its candidates (bit d: d+1)."""
    cdef int b, d, n, x, best_b = -1, best_score, nties, score
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
        while w and nties < B9_TIES:
            bit = lowest_bit32(w)
            w ^= bit
            nties += 1
            x = 27 * b + bit_index32(bit)
            score = (popcount32(s.U[0] & B9_PEERS[x][0]) + popcount32(s.U[1] & B9_PEERS[x][1])
                     + popcount32(s.U[2] & B9_PEERS[x][2]))
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
                    pick = lowest_bit32(m)
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
                out[27 * b + bit_index32(lowest_bit32(m))] = d + 1
                m = clear_lowest_bit32(m)


cdef int s9_init(Search9 *s, const uint8_t *values) noexcept nogil:
    """Set up the search of a 9x9 puzzle (values 0 empty, 1..9).  1 if it may have
    solutions, 0 if the givens already fail (repeated values included).

    The givens are placed all at once: digit d keeps, in band b, the cells that are
    neither given nor a peer of one of its own givens, and its givens there; a given that
    is a peer of another given of its digit is a repeat.  The board is the one that
    placing the givens one at a time with b9_place would give, for less work."""
    cdef Board9 *root = &s.level[0]
    cdef int x, b, d
    cdef uint32_t bit, dirty = 0
    cdef uint32_t given[27]          # given[3d+b]: the cells of band b given digit d+1
    cdef uint32_t seen[27]           # seen[3d+b]: the cells of band b that see a given d+1
    cdef uint32_t filled[3]
    memset(&s.run, 0, sizeof(SearchRun))
    s.run.node_limit = -1
    s.run.next_signal_check = SIGNAL_INTERVAL
    s.run.phase = PHASE_DONE
    memset(given, 0, sizeof(given))
    memset(seen, 0, sizeof(seen))
    filled[0] = filled[1] = filled[2] = 0
    for x in range(81):
        if values[x]:
            if values[x] > 9:
                return 0              # callers validate; never index past the masks
            d = values[x] - 1
            b = x // 27
            bit = (<uint32_t>1) << (x % 27)
            given[3 * d + b] |= bit
            filled[b] |= bit
            seen[3 * d] |= B9_PEERS[x][0]
            seen[3 * d + 1] |= B9_PEERS[x][1]
            seen[3 * d + 2] |= B9_PEERS[x][2]
    for b in range(3):
        root.U[b] = B9_FULL & ~filled[b]
    for x in range(27):
        if given[x] & seen[x]:
            return 0
        root.A[x] = (B9_FULL & ~filled[B9_BAND[x]] & ~seen[x]) | given[x]
        if root.A[x] != B9_FULL:
            dirty |= (<uint32_t>1) << x
    if not b9_propagate(root, dirty):
        return 0
    s.run.phase = PHASE_DESCEND
    return 1


# The hooks of the one search loop (machine_next, _core_machine.pxi) for this engine.

cdef inline int s9_choose(Search9 *s, int d) noexcept nogil:
    """Choose the cell to branch on at level d: 1, or 0 when every cell is placed."""
    cdef uint32_t digits
    cdef int cell = b9_choose(&s.level[d], &digits)
    if cell < 0:
        return 0
    s.cell[d] = cell
    s.rest[d] = digits
    return 1


cdef inline bint s9_has_next(const Search9 *s, int d) noexcept nogil:
    return s.rest[d] != 0


cdef inline int s9_advance(Search9 *s, int d) noexcept nogil:
    """Try the next digit of level d's cell (a STEP_ code): on a copy of the board at
    d + 1, or, for its last digit, on level d's board itself."""
    cdef uint32_t rest = s.rest[d]
    cdef uint32_t bit = lowest_bit32(rest)
    cdef int cell = s.cell[d]
    cdef Board9 *child
    rest ^= bit
    s.rest[d] = <uint16_t>rest
    if rest == 0:
        child = &s.level[d]
    else:
        child = &s.level[d + 1]
        memcpy(child, &s.level[d], sizeof(Board9))
    if b9_propagate(child, b9_place(child, bit_index32(bit), cell // 27,
                                    (<uint32_t>1) << (cell % 27), 0, 0)):
        return STEP_DEEPER if rest else STEP_IN_PLACE
    return STEP_FAILED if rest else STEP_SPENT
