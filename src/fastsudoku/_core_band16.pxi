# Part of fastsudoku._core, included by _core.pyx:
# the probes of the strong search on 16x16 with 4x4 boxes, on digit-band bitboards.
#
#   Board16 (576 bytes: the probed level, and a probe's copy of it)
#
#       D[16*w + d]  uint64: the cells of band w (rows 4w..4w+3) where digit d+1 may go
#                    bit 16*i + j  <=>  row 4w + i, column j  (= cell index - 64*w)
#                    | row 4w | row 4w+1 | row 4w+2 | row 4w+3 |   a row is a 16-bit lane,
#                    box k of the band is bits 4k..4k+3 of each lane
#       U[w]         uint64: the cells of band w not yet placed
#       UT[w]        U[w] with the band's 4x4 nibbles transposed (box k's cells in lane k)
#
# The strong search (probe(), _core_bitmask.pxi) tries every candidate of a level's cells
# on a copy of the level and propagates singles to their fixed point: on the hard 16x16
# puzzles that is 70% of the time.  On the cell masks a placement visits the cell's 39
# peers one by one and a dirty unit is read cell by cell; here a placement is 20 word
# operations (the cell leaves the 16 digits of its band, the digit leaves its peers in the
# 4 bands), a changed digit-band is queued (bit 16*w + d of a 64-bit queue), and its rows
# and boxes are read as lanes of one word, without branches: the boxes become lanes by
# transposing the band's 4x4 nibbles.  The rules are the same -- naked singles, hidden
# singles of rows, columns and boxes, and their contradictions -- so the fixed point is
# the same, and so are the candidates a probe removes (the score choose_binary weighs),
# the probes that fail, and the guesses; a probe costs less.  A box's single is
# transposed back only when it is one of an unplaced cell (UT), a column's is looked for
# only among the columns with an unplaced candidate, and a probe's copy of the level is
# put back in the words the probe changed, not copied whole: blue_ultimate 0.80 -> 0.69 s
# (15 puzzles, uniqueness, side by side), the tough set 0.63 -> 0.55 s, the same guesses.
# The two loops over a band's 16 digit words (a placed cell leaving the other digits, the
# naked singles' counts) go two words to a vector (fs_b16_clear_cell, fs_b16_once_twice):
# 0.69 -> 0.65 s and 0.54 -> 0.52 s.  Reading two queued digit-bands' rows and boxes in one
# vector as well was no faster (0.66 s) and was left out.
# A placed cell keeps its digit's bit (and no other), as on the 9x9 digit-band boards.

cdef uint64_t B16_PEERS[256][4]   # the peers of each cell (not itself), per band

cdef extern from *:
    """
    #define FS_B16_LANES 0x0001000100010001ULL
    #define FS_B16_HIGH 0x8000800080008000ULL
    #define FS_B16_LOW15 0x7FFF7FFF7FFF7FFFULL
    """
    const uint64_t B16_LANES "FS_B16_LANES"    # bit 0 of each 16-bit lane (a row each)
    const uint64_t B16_HIGH "FS_B16_HIGH"      # bit 15 of each lane
    const uint64_t B16_LOW15 "FS_B16_LOW15"    # bits 0..14 of each lane


cdef extern from *:
    """
    /* The digits (bit e) of the 16 words p[0..15] that have bit `pos`, which leaves them
       all.  Two words at a time where the compiler has vector types (SSE2 on every x86-64,
       NEON on arm64): a 16-byte vector of two uint64; FS_NO_VECTOR_TYPES (a -D flag)
       builds the plain loops. */
    #if defined(__GNUC__) && (defined(__x86_64__) || defined(__aarch64__)) \
        && !defined(FS_NO_VECTOR_TYPES)
    typedef uint64_t fs_v2u64 __attribute__((vector_size(16)));
    static inline uint64_t fs_b16_clear_cell(uint64_t *p, int pos) {
        const uint64_t keep = ~((uint64_t)1 << pos);
        const fs_v2u64 nb = {keep, keep};
        fs_v2u64 acc = {0, 0}, v, sel = {1, 2};
        int e;
        for (e = 0; e < 8; e++) {
            __builtin_memcpy(&v, p + 2 * e, sizeof(v));
            acc |= (-((v >> pos) & 1)) & sel;
            v &= nb;
            __builtin_memcpy(p + 2 * e, &v, sizeof(v));
            sel <<= 2;
        }
        return acc[0] | acc[1];
    }
    /* The bits set in at least one of p[0..15] (returned) and in at least two (*twice). */
    static inline uint64_t fs_b16_once_twice(const uint64_t *p, uint64_t *twice) {
        fs_v2u64 once = {0, 0}, two = {0, 0}, v;
        int e;
        for (e = 0; e < 8; e++) {
            __builtin_memcpy(&v, p + 2 * e, sizeof(v));
            two |= once & v;
            once |= v;
        }
        *twice = two[0] | two[1] | (once[0] & once[1]);
        return once[0] | once[1];
    }
    #else
    static inline uint64_t fs_b16_clear_cell(uint64_t *p, int pos) {
        const uint64_t keep = ~((uint64_t)1 << pos);
        uint64_t out = 0;
        int e;
        for (e = 0; e < 16; e++) {
            out |= ((p[e] >> pos) & 1) << e;
            p[e] &= keep;
        }
        return out;
    }
    static inline uint64_t fs_b16_once_twice(const uint64_t *p, uint64_t *twice) {
        uint64_t once = 0, two = 0;
        int e;
        for (e = 0; e < 16; e++) {
            two |= once & p[e];
            once |= p[e];
        }
        *twice = two;
        return once;
    }
    #endif
    """
    uint64_t fs_b16_clear_cell(uint64_t *p, int pos) noexcept nogil
    uint64_t fs_b16_once_twice(const uint64_t *p, uint64_t *twice) noexcept nogil


cdef void _fill_b16_tables() noexcept:
    cdef int x, y
    for x in range(256):
        B16_PEERS[x][0] = B16_PEERS[x][1] = B16_PEERS[x][2] = B16_PEERS[x][3] = 0
        for y in range(256):
            if y != x and (y // 16 == x // 16 or y % 16 == x % 16
                           or (y // 64 == x // 64 and (y % 16) // 4 == (x % 16) // 4)):
                B16_PEERS[x][y // 64] |= (<uint64_t>1) << (y % 64)


_fill_b16_tables()


cdef inline uint64_t b16_transpose(uint64_t x) noexcept nogil:
    """The band's 4x4 nibbles transposed: nibble k of lane i <-> nibble i of lane k (box
    k's rows become lane k's nibbles).  Its own inverse."""
    cdef uint64_t t = (x ^ (x >> 12)) & 0x0000F0F00000F0F0ULL
    x ^= t ^ (t << 12)
    t = (x ^ (x >> 24)) & 0x00000000FF00FF00ULL
    return x ^ t ^ (t << 24)


cdef void b16_from_cand(Board16 *s, const uint64_t *cand) noexcept nogil:
    """The board of a propagated level of cell masks (its single cells are placed)."""
    cdef int cell, w
    cdef uint64_t m, bit
    memset(s, 0, sizeof(Board16))
    for cell in range(256):
        m = cand[cell]
        w = cell >> 6
        bit = (<uint64_t>1) << (cell & 63)
        if not has_one_bit(m):
            s.U[w] |= bit
        while m:
            s.D[16 * w + bit_index(lowest_bit(m))] |= bit
            m = clear_lowest_bit(m)
    for w in range(4):
        s.UT[w] = b16_transpose(s.U[w])


cdef inline uint64_t b16_single_lanes(uint64_t a) noexcept nogil:
    """The lanes of `a` (none empty) that have exactly one bit."""
    cdef uint64_t x = a & (a - B16_LANES)       # each lane less its lowest bit: no borrow
    cdef uint64_t more = (((x & B16_LOW15) + B16_LOW15) | x) & B16_HIGH
    return a & (((more ^ B16_HIGH) >> 15) * 0xFFFF)


cdef inline uint64_t b16_place(Board16 *s, int d, int w, uint64_t bit,
                               uint64_t dirty, const bint alone) noexcept nogil:
    """Place digit d (0..15) at the cell `bit` of band w (the digit must still have it;
    `alone`: no other digit has the cell, a naked single); returns dirty with the
    digit-bands that changed added."""
    cdef int pos = bit_index(bit), v
    cdef uint64_t nb = ~bit, old, m, changed = 0
    cdef uint64_t *p = s.D + 16 * w
    cdef const uint64_t *peers = B16_PEERS[64 * w + pos]
    s.U[w] &= nb
    s.UT[w] &= ~b16_transpose(bit)
    if not alone:
        # The cell leaves the band's other digits.
        changed = fs_b16_clear_cell(p, pos)
        p[d] |= bit
        changed = (changed << (16 * w)) & ~((<uint64_t>1) << (16 * w + d))
    p = s.D + d
    for v in range(4):
        old = p[16 * v]
        m = old & ~peers[v]
        p[16 * v] = m
        changed |= (<uint64_t>(m != old)) << (16 * v + d)
    return dirty | changed


cdef inline bint b16_fail(uint64_t *touched, uint64_t words) noexcept nogil:
    """b16_propagate's contradiction: the digit-bands it changed, processed or not, go
    to *touched (a probe's copy is restored from them)."""
    touched[0] |= words
    return False


cdef bint b16_propagate(Board16 *s, uint64_t dirty, uint64_t *touched) noexcept nogil:
    """Place every single (naked; hidden in rows, columns and boxes) to the fixed point;
    False on a contradiction.  `dirty` holds the digit-bands changed since the board was
    at a fixed point; every digit-band changed is added to *touched (on a contradiction
    too)."""
    cdef int k, d, w
    cdef uint64_t a, t, single, bit, u, once, twice, x, cells, spread, seen = 0
    cdef uint64_t *p
    cdef uint32_t stale = 0, bands = 0, o32, t32
    while True:
        while dirty:
            bit = lowest_bit(dirty)
            dirty ^= bit
            seen |= bit
            k = bit_index(bit)
            d = k & 15
            w = k >> 4
            stale |= (<uint32_t>1) << d
            bands |= (<uint32_t>1) << w
            a = s.D[k]
            # Each row and box of the band needs the digit: an empty one is a
            # contradiction; one with a single place not yet placed is a hidden single.
            t = b16_transpose(a)
            if (((a - B16_LANES) & ~a) | ((t - B16_LANES) & ~t)) & B16_HIGH:
                return b16_fail(touched, seen | dirty)
            single = b16_single_lanes(a) & s.U[w]
            x = b16_single_lanes(t) & s.UT[w]
            if x:
                single |= b16_transpose(x)
            while single:
                bit = lowest_bit(single)
                single ^= bit
                if not s.D[k] & bit:
                    return b16_fail(touched, seen | dirty)  # two singles see each other
                dirty = b16_place(s, d, w, bit, dirty, 0)
        # Naked singles in the bands that changed: the cells in exactly one digit's mask.
        while bands:
            w = bit_index(lowest_bit(bands))
            bands &= bands - 1
            u = s.U[w]
            if u == 0:
                continue
            p = s.D + 16 * w
            once = fs_b16_once_twice(p, &twice)
            if u & ~once:
                return b16_fail(touched, seen | dirty)
            single = u & ~twice
            while single:
                bit = lowest_bit(single)
                single ^= bit
                for d in range(16):
                    if p[d] & bit:
                        break
                else:
                    return b16_fail(touched, seen | dirty)  # its digit: a peer placed before
                dirty = b16_place(s, d, w, bit, dirty, 1)
        if dirty:
            continue
        # Hidden singles of the columns, for the digits changed since they were looked at.
        while stale:
            d = bit_index(lowest_bit(stale))
            stale &= stale - 1
            once = 0
            twice = 0
            u = 0
            for w in range(4):
                x = s.D[16 * w + d]
                twice |= once & x
                once |= x
                u |= x & s.U[w]
            # Fold the four lanes (rows) into one: a column seen twice in any of them.
            o32 = <uint32_t>(once | (once >> 32))
            t32 = <uint32_t>(twice | (twice >> 32) | (once & (once >> 32)))
            t32 = (t32 | (t32 >> 16) | (o32 & (o32 >> 16))) & 0xFFFF
            o32 = (o32 | (o32 >> 16)) & 0xFFFF
            if o32 != 0xFFFF:
                return b16_fail(touched, seen | dirty)
            # Columns with one place, not a placed cell (which keeps its digit's bit).
            u |= u >> 32
            single = ~t32 & (u | (u >> 16)) & 0xFFFF
            if single == 0:
                continue
            spread = single * B16_LANES
            for w in range(4):
                cells = s.D[16 * w + d] & spread & s.U[w]
                while cells:
                    bit = lowest_bit(cells)
                    cells ^= bit
                    if not s.D[16 * w + d] & bit:
                        return b16_fail(touched, seen | dirty)
                    dirty = b16_place(s, d, w, bit, dirty, 0)
        if not dirty:
            touched[0] |= seen
            return True


cdef inline int b16_removed(const Board16 *level, const Board16 *s,
                            uint64_t words) noexcept nogil:
    """The candidates of `level` that s lacks in the digit-bands of `words` (bit
    16*w + d; s has no candidate that `level` lacks)."""
    cdef int total = 0, k
    while words:
        k = bit_index(lowest_bit(words))
        total += popcount(level.D[k] ^ s.D[k])
        words = clear_lowest_bit(words)
    return total


cdef int b16_probe(const Board16 *level, Board16 *s, int cell, int value,
                   uint64_t *uni) noexcept nogil:
    """Probe digit `value` (0..15) at `cell` of the board `level` on s, a copy of it (and
    again one after): the candidates its singles remove, or -1 if they end in a
    contradiction; a successful probe's digit-band words are ORed into uni[64] (all 64:
    ORing only the words the probe changed, and marking the others as the level's, was
    2% slower on blue_ultimate).  s is put back from `level` in the words the probe
    changed (under a tenth of the board: the whole copy was a quarter of a probe's time
    out of propagation)."""
    cdef int w = cell >> 6, k, removed = -1
    cdef uint64_t touched = 0, dirty
    dirty = b16_place(s, value, w, (<uint64_t>1) << (cell & 63), 0, 0)
    if b16_propagate(s, dirty, &touched):
        removed = b16_removed(level, s, touched)
        for k in range(64):
            uni[k] |= s.D[k]
    # (Counting the removed candidates inside this loop instead, one pass over `touched`:
    # blue_ultimate 0.65 -> 0.79 s in two rounds side by side.)
    while touched:
        k = bit_index(lowest_bit(touched))
        touched = clear_lowest_bit(touched)
        s.D[k] = level.D[k]
    memcpy(s.U, level.U, sizeof(level.U))
    memcpy(s.UT, level.UT, sizeof(level.UT))
    return removed


cdef inline uint64_t b16_digits(const Board16 *s, int w, int pos) noexcept nogil:
    """The digits (bit d: digit d) that still have the cell at bit `pos` of band w."""
    cdef uint64_t out = 0
    cdef int d
    for d in range(16):
        out |= ((s.D[16 * w + d] >> pos) & 1) << d
    return out


cdef void b16_to_cand(const Board16 *s, const Geometry *g, uint64_t *cand) noexcept nogil:
    """Write the board back as a level of cell masks: the masks, and the values placed in
    each unit (a placed cell is one with one candidate, its peers cleared)."""
    cdef int cell, j
    cdef uint64_t m
    cdef uint64_t *placed_in = cand + 256
    memset(placed_in, 0, g.nunits * sizeof(uint64_t))
    for cell in range(256):
        m = b16_digits(s, cell >> 6, cell & 63)
        cand[cell] = m
        if has_one_bit(m):
            for j in range(3):
                placed_in[g.cell_unit_list[3 * cell + j]] |= m


cdef bint b16_probe_pass(Search *s, uint64_t *cand, int limit) noexcept nogil:
    """probe()'s pass over the cells on Board16 (the level propagated, `limit` the most
    candidates a probed cell has): each candidate of each unplaced cell is probed on a
    copy of the level; one that fails leaves the level, which is propagated on the board
    -- the same singles as the cell masks' -- and the pass goes on with the cell's
    candidates above it, as probe() does; then what none of the cell's probes kept
    leaves the level (their union, as in probe_pass).  The level goes back to the cell masks once,
    at the end, if it changed.  False on a contradiction."""
    cdef Board16 *level = &s.b16[0]
    cdef Board16 *copy = &s.b16[1]
    cdef int cell, w, pos, d, k, removed
    cdef uint64_t digits, bit, touched, dirty
    cdef uint64_t uni[64]
    cdef bint changed = False, held
    b16_from_cand(level, cand)
    memcpy(copy, level, sizeof(Board16))
    for cell in range(256):
        w = cell >> 6
        pos = cell & 63
        bit = (<uint64_t>1) << pos
        if not level.U[w] & bit:
            continue
        digits = b16_digits(level, w, pos)
        if popcount(digits) > limit:
            continue
        memset(uni, 0, sizeof(uni))
        held = False
        while digits:
            d = bit_index(lowest_bit(digits))
            digits = clear_lowest_bit(digits)
            s.probes += 1
            removed = b16_probe(level, copy, cell, d, uni)
            if removed >= 0:
                s.lit[cell * 16 + d] = removed
                held = True
                continue
            changed = True
            level.D[16 * w + d] &= ~bit
            touched = 0
            if not b16_propagate(level, (<uint64_t>1) << (16 * w + d), &touched):
                return False
            memcpy(copy, level, sizeof(Board16))
            # On with the cell's candidates above d (propagation may have taken some).
            digits = b16_digits(level, w, pos) & ~((<uint64_t>2 << d) - 1)
        if not held:
            continue
        # The union of the cell's probes, as probe_pass takes it.
        dirty = 0
        for k in range(64):
            if level.D[k] & ~uni[k]:
                level.D[k] &= uni[k]
                dirty |= (<uint64_t>1) << k
        if dirty:
            changed = True
            touched = 0
            if not b16_propagate(level, dirty, &touched):
                return False
            memcpy(copy, level, sizeof(Board16))
    if changed:
        b16_to_cand(level, s.g, cand)
    return True


def _probe16(list allowed):
    """Test hook: every probe of a 16x16 level (4x4 boxes), made both ways.

    `allowed` is 256 candidate masks (bit v-1: value v); the level is them propagated
    (singles and locked candidates).  None if that is a contradiction, else a list of
    (cell, value, removed on the cell masks, removed on Board16) for every candidate of
    every unplaced cell, removed -1 for a probe that fails."""
    cdef Search s
    cdef uint64_t *cand
    cdef uint64_t m, bit
    cdef uint64_t uni[64]
    cdef int cell
    try:
        if not _test_level(&s, allowed, 4, 4):
            return None
        cand = s.states
        memset(uni, 0, sizeof(uni))
        b16_from_cand(&s.b16[0], cand)
        memcpy(&s.b16[1], &s.b16[0], sizeof(Board16))
        out = []
        for cell in range(256):
            m = cand[cell]
            if has_one_bit(m):
                continue
            while m:
                bit = lowest_bit(m)
                m ^= bit
                out.append((cell, bit_index(bit) + 1, probe_one(&s, cand, cell, bit),
                            b16_probe(&s.b16[0], &s.b16[1], cell, bit_index(bit), uni)))
        return out
    finally:
        search_free(&s)


def _probe_pass16(list allowed):
    """Test hook: one probe pass over a 16x16 level (4x4 boxes), made on the cell masks
    (probe_pass) and on Board16 (b16_probe_pass), from the same level.

    `allowed` is 256 candidate masks; the level is them propagated (singles and locked
    candidates).  None if that is a contradiction, else a pair, one a way: None if the
    pass found a contradiction, else (the level's 256 masks and 48 units' placed values
    after the pass, the 256 x 16 candidates each probe removed)."""
    cdef Search s
    cdef uint64_t *level = NULL
    cdef int way, k
    cdef bint ok
    try:
        if not _test_level(&s, allowed, 4, 4):
            return None
        level = <uint64_t *>malloc(s.level_words * sizeof(uint64_t))
        if level == NULL:
            raise MemoryError()
        out = []
        for way in range(2):
            memcpy(level, s.states, s.level_words * sizeof(uint64_t))
            memset(s.lit, 0, 256 * 16 * sizeof(int32_t))
            ok = b16_probe_pass(&s, level, 16) if way else probe_pass(&s, level, 16)
            if not ok:
                out.append(None)
                continue
            out.append(([level[k] for k in range(s.level_words)],
                        [s.lit[k] for k in range(256 * 16)]))
        return tuple(out)
    finally:
        free(level)
        search_free(&s)
