# Part of fastsudoku._core, included by _core.pyx:
# engine "bitmask": the search on candidate masks, every size and box shape.
#
#   Search.states: one level a search depth, each a copy of its parent
#
#       level d   | cand[0] cand[1] ... cand[ncells-1] | placed[0] ... placed[3n-1] |
#                   uint64, bit v-1 <=> value v left     uint64, values placed in unit u
#                   (one bit: the cell is placed)        (rows, then columns, then boxes)
#
#   branch_cell[d], branch_rest[d]   the cell guessed at level d, its values not yet tried
#   work.naked / work.dirty          the propagation's queue: new singles, units to re-check

# ============================================================================================
# Bitmask search
# ============================================================================================

# Locked candidates (box-line reduction) cost about as much as a round of hidden singles.
# Measured with callgrind on the shared sets: applied to the givens they cut the guesses
# on puzzles3_magictour_top1465 by 2.4x and the instructions by 1.5x; applied deeper in
# the tree they cost more than the guesses they save (puzzles6_forum_hardest_1106: +20%
# instructions when applied at every level).  So EngineOptions.locked_levels is 1 by
# default: the root only.


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
                               const int npeers, const int nwords,
                               const bint counting) noexcept nogil:
    """Place every forced value; False on a contradiction.

    work.naked holds cells whose mask has one bit and whose peers still need that bit
    cleared; work.dirty the units whose cells changed since they were last looked at.
    Naked singles: clearing a bit that leaves one candidate queues the cell.  Hidden
    singles: in each dirty unit, a value in exactly one unplaced cell is placed there.
    A cell with no candidate, or a unit where some value has no cell, is a contradiction.

    n, npeers and nwords repeat g's fields so that a caller passing constants (the 9x9
    path) gets a copy compiled for that shape; `counting` (a constant too: the probes'
    copy) adds the candidates removed to work.removed.
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
                    if counting:
                        work.removed += 1
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
                    if counting:
                        work.removed += popcount(cand[cell]) - 1
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
        if not singles_shape(g, cand, work, n, npeers, nwords, False):
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
    # Compiled copies for the square shapes the strong search spends its time on (the
    # probes of 16x16: 9% faster with the loop bounds constant).
    if g.n == 9 and g.r == 3:
        return propagate_shape(g, cand, work, seg, locked, 9, 3, 3, 20, 1)
    if g.n == 16 and g.r == 4:
        return propagate_shape(g, cand, work, seg, locked, 16, 4, 4, 39, 1)
    return propagate_shape(g, cand, work, seg, locked, g.n, g.r, g.c, g.npeers, g.nwords)


cdef bint propagate_counting(const Geometry *g, uint64_t *cand, Work *work) noexcept nogil:
    """A probe's propagation: singles to the fixed point (no locked candidates), the
    candidates removed added to work.removed; False on a contradiction."""
    if g.n == 16 and g.r == 4:
        return singles_shape(g, cand, work, 16, 39, 1, True)
    return singles_shape(g, cand, work, g.n, g.npeers, g.nwords, True)


cdef int probe(Search *s, uint64_t *cand) noexcept nogil:
    """Failed-literal probing of a propagated level: each candidate of each unplaced cell is
    tried on a scratch copy of the level; one whose propagation fails leaves the level,
    which is propagated again.  One pass over the cells: the literals probed before a
    removal are not tried again on this level (to the fixpoint -- rounds until a whole
    round removed nothing -- each level made 1.5-2 passes, a failure being found by 3% of
    the probes; one pass: blue_ultimate's median 182 -> 119 ms and worst 477 -> 308, the
    tough set's worst 60 -> 43 ms, the 25x25 variants 87 -> 73 ms).  On 16x16 with 4x4
    boxes the probes run on digit-band boards (Board16, _core_band16.pxi): the same
    outcomes and guesses, blue_ultimate 1.55 -> 1.06 s, the tough set 0.70 -> 0.49 s; and
    so does the level between them (b16_probe_pass: the level is not rebuilt from the
    cell masks after each failed probe), blue_ultimate 51.7 -> 47.3 ms a puzzle.
    False on a contradiction."""
    cdef const Geometry *g = s.g
    cdef uint64_t m
    cdef int cell, ncells = g.ncells, n = g.n, limit
    s.probed = probe_fits(s, cand)
    if not s.probed:
        return True
    # Locked candidates on the level first (not in each probe: there they cost more than
    # they find; here 6% off the time on 16x16_forum_tough, its worst 106 -> 98 ms).
    clear_work(s)
    if not propagate(g, cand, &s.work, s.segs, True):
        return False
    # Cells with more than half the values left are not probed (unless none has fewer):
    # a failure there is rare and takes one value of many.  On every hard set the
    # guesses stay the same and the time drops (16x16_forum_tough's median 3.6 -> 2.0 ms,
    # the 25x25 variants 59 -> 45 ms).  With the unions of probe_pass, probing every cell
    # or only those with up to 8 values changed nothing on Frisch's 25x25 puzzles.
    limit = n + 1
    for cell in range(ncells):
        m = cand[cell]
        if not has_one_bit(m) and popcount(m) < limit:
            limit = popcount(m)
    limit = max(limit, n // 2)
    memset(s.lit, 0, ncells * n * sizeof(int32_t))
    if not (b16_probe_pass(s, cand, limit) if s.b16 != NULL else probe_pass(s, cand, limit)):
        return False
    s.scored = True
    return True


cdef inline int probe_one(Search *s, const uint64_t *cand, int cell,
                          uint64_t bit) noexcept nogil:
    """One probe on the cell masks: the value `bit` at `cell`, on a scratch copy of the
    propagated level `cand`; the candidates its singles remove, or -1 if they end in a
    contradiction."""
    memcpy(s.scratch, cand, s.level_words * sizeof(uint64_t))
    clear_work(s)
    s.work.removed = popcount(s.scratch[cell]) - 1
    if (eliminate(s.g, s.scratch, cell, s.scratch[cell] ^ bit, &s.work, s.g.nwords)
            and propagate_counting(s.g, s.scratch, &s.work)):
        return s.work.removed
    return -1


cdef bint probe_pass(Search *s, uint64_t *cand, int limit) noexcept nogil:
    """probe()'s pass over the cells on the cell masks (`limit`: the most candidates a
    probed cell has): each candidate of each unplaced cell is probed on a scratch copy of
    the level; one that fails leaves the level, which is propagated, and the pass goes on
    with the cell's candidates above it.  The candidates each probe removed go to s.lit.
    False on a contradiction.

    Once every value of a cell is probed, a candidate that none of its probes kept is in
    no solution (the cell takes one of them): it leaves the level (the union of the
    probes' outcomes, s.uni; a cell forcing chain).  Alain Frisch's 25x25 puzzles (first
    solution, 2M guesses and probes): the first went 54,907 guesses (54 s) -> 1,759
    (1.7 s), the others solved either way 1-10% fewer guesses, the same time; 16x16 (on
    the boards of b16_probe_pass, which takes the same union) 2% fewer guesses:
    blue_ultimate 7,983 -> 7,845 (the same time), the tough set 33,065 -> 32,523 (0.66 ->
    0.62 s, worst 30 -> 23 ms).
    Tried and left: the same over the two places of a value in a unit (a second pass of
    probes: 0-10% fewer guesses, 10% slower), and locked candidates in every probe (on
    Frisch's puzzles 11 first solutions of 16 within the 2M instead of 8, 20-40% fewer
    guesses, but each probe 5x dearer: 2-4x the time on those solved both ways)."""
    cdef const Geometry *g = s.g
    cdef uint64_t m, bit
    cdef int cell, x, removed, n = g.n, ncells = g.ncells
    cdef bint first, cut
    for cell in range(ncells):
        m = cand[cell]
        if not has_one_bit(m) and popcount(m) <= limit:
            first = True
            while m:
                bit = lowest_bit(m)
                m ^= bit
                s.probes += 1
                removed = probe_one(s, cand, cell, bit)
                if removed >= 0:
                    s.lit[cell * n + bit_index(bit)] = removed
                    if first:
                        memcpy(s.uni, s.scratch, ncells * sizeof(uint64_t))
                        first = False
                    else:
                        for x in range(ncells):
                            s.uni[x] |= s.scratch[x]
                    continue
                clear_work(s)
                if not (eliminate(g, cand, cell, bit, &s.work, g.nwords)
                        and propagate(g, cand, &s.work, s.segs, False)):
                    return False
                # On with the cell's candidates above bit (propagation may have taken some).
                m = cand[cell] & ~((bit << 1) - 1)
            if first:
                continue
            # Every value of the cell probed: a candidate no probe kept is in no solution.
            clear_work(s)
            cut = False
            for x in range(ncells):
                if cand[x] & ~s.uni[x]:
                    cut = True
                    if not eliminate(g, cand, x, cand[x] & ~s.uni[x], &s.work, g.nwords):
                        return False
            if cut:
                if not propagate(g, cand, &s.work, s.segs, False):
                    return False
    return True


cdef int choose_scored(const Geometry *g, const uint64_t *cand, const int32_t *lit) noexcept nogil:
    """After a probe, when no branch has two ways: among the cells with the fewest
    candidates, the one whose candidates' probes removed most (the product over them of 1
    + candidates removed: every branch bites)."""
    cdef int cell, count, best_count = 65, best = -1, n = g.n
    cdef uint64_t m
    cdef double score, best_score = -1.0
    for cell in range(g.ncells):
        m = cand[cell]
        if not has_one_bit(m):
            count = popcount(m)
            if count > best_count:
                continue
            score = 1.0
            while m:
                score *= 1.0 + lit[cell * n + bit_index(lowest_bit(m))]
                m = clear_lowest_bit(m)
            if count < best_count or score > best_score:
                best_count = count
                best_score = score
                best = cell
    return best


cdef bint choose_binary(Search *s, const uint64_t *cand, int d) noexcept nogil:
    """After a probe: the two-way branch -- a cell with two values, or a value with two
    places in a unit -- whose two probes removed most (the product of 1 + candidates
    removed, as lookahead SAT solvers weigh a variable's two sides), set as level d's
    branch; False if there is none.

    Measured against choosing among the cells with fewest values by cells placed
    (uniqueness, one thread, same run): blue_ultimate's 15 puzzles 12,127 -> 9,213
    guesses, 2.57 -> 1.81 s (worst 365 -> 265 ms), the 25x25 variants 56 -> 43 ms, the
    tough 16x16 set level (0.80 -> 0.78 s, its worst 53 -> 40 ms).  Counting cells placed
    instead of candidates removed: blue_ultimate 10,481 guesses.  Every probed level
    branches so; until 5f7aa0a a 16x16 one only after 200 guesses (scoring from the
    start then cost the tough set 0.77 -> 1.10 s, its probes growing).  With the probes
    on Board16, side by side (uniqueness; first solutions): blue_ultimate median 63.4 ->
    51.7 ms, worst 156 -> 123 ms, 9,213 -> 7,983 guesses (first: 42.4 -> 23.9 ms, worst
    124 -> 77 ms); the tough set median 1.50 -> 1.76 ms, worst 22 -> 32 ms (first: 1.17
    -> 1.65 ms, worst 12.8 -> 12.6 ms) -- far inside what the sparse lists are asked for
    (a median under 5 ms, none over 100 ms), where blue_ultimate was not.

    Tried on Frisch's 25x25 puzzles and left: the side whose probe removed fewer (or
    more) candidates first instead of the lower one -- first solutions come 3x sooner on
    some, the search hits its limit on others, and a uniqueness check (the whole tree)
    gains nothing; up to 50% random noise on the scores (ten seeds): none found the
    puzzles that the plain order cannot, so these are not heavy-tailed runs that
    restarts would cut short."""
    cdef const Geometry *g = s.g
    cdef int n = g.n, cell, u, k, a, b, best_u = -1, best_cell = -1
    cdef uint64_t m, two, bit, best_bit = 0
    cdef double score, best = -1.0
    cdef double vscore[64]
    cdef const uint16_t *unit
    for k in range(n):
        vscore[k] = 1.0
    for cell in range(g.ncells):
        m = cand[cell]
        if popcount(m) == 2:
            a = bit_index(lowest_bit(m))
            b = bit_index(lowest_bit(clear_lowest_bit(m)))
            score = (1.0 + s.lit[cell * n + a]) * (1.0 + s.lit[cell * n + b])
            if score > best:
                best = score
                best_cell = cell
                best_u = -1
    for u in range(g.nunits):
        two = two_places(g, cand, u, n)
        if not two:
            continue
        unit = g.units + u * n
        for k in range(n):
            m = cand[unit[k]] & two
            while m:
                a = bit_index(lowest_bit(m))
                m = clear_lowest_bit(m)
                vscore[a] *= 1.0 + s.lit[unit[k] * n + a]
        while two:
            bit = lowest_bit(two)
            two ^= bit
            a = bit_index(bit)
            score = vscore[a]
            vscore[a] = 1.0
            if score > best:
                best = score
                best_u = u
                best_bit = bit
    if best < 0:
        return False
    if best_u < 0:
        s.branch_cell[d] = best_cell
        s.branch_bit[d] = 0
        s.branch_rest[d] = cand[best_cell]
    else:
        set_place_branch(s, cand, d, best_u, best_bit)
    return True


cdef bint probe_fits(const Search *s, const uint64_t *cand) noexcept nogil:
    """Is the level small enough to probe: its candidates times its words at most
    PROBE_WORDS (a near-empty 64x64 level is not)?"""
    cdef int cell
    cdef int64_t literals = 0
    for cell in range(s.g.ncells):
        if not has_one_bit(cand[cell]):
            literals += popcount(cand[cell])
    return literals * <int64_t>s.level_words <= PROBE_WORDS


cdef inline bint probe_level(Search *s, uint64_t *cand) noexcept nogil:
    """probe() on every level the search makes once it probes (the DLX engine's back-off,
    which leaves levels unprobed after fruitless ones, is not used here: probing every
    level (with the unions of probe_pass), Frisch's 25x25 puzzles found 9 first solutions
    of 16 within 2M guesses and probes instead of 8 (the new one in 1,727 guesses, 1.8
    s), those solved both ways in 0.9-1.4x the time (2,611 -> 1,814 guesses on one);
    uniqueness proven on 6 instead of 5; blue_ultimate 7,845 -> 7,051 guesses
    (uniqueness), 0.85 -> 0.81 s, worst 124 -> 105 ms; the generated 36x36 and 49x49
    puzzles 10% slower, at 6-12 ms a puzzle).  False on a contradiction."""
    return probe(s, cand)


cdef enum:
    PROBE_WORDS = 1 << 21     # probe no level whose candidates times its words pass this
    STRONG_OVER = 16      # EngineOptions.strong_over's default
    PROBE_FAILS = 64      # EngineOptions.probe_fails's default
    TIE_LIMIT = 8         # tied cells scored by choose_cell_shape


cdef inline int choose_cell_shape(const Geometry *g, const uint64_t *cand, uint16_t *ties,
                                  const int ncells, const int npeers,
                                  const int tie_limit) noexcept nogil:
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


cdef inline uint64_t two_places(const Geometry *g, const uint64_t *cand, int u,
                                const int n) noexcept nogil:
    """The values not placed in unit u that have exactly two cells left there."""
    cdef const uint16_t *unit = g.units + u * n
    cdef uint64_t m, once = 0, twice = 0, thrice = 0
    cdef int k
    for k in range(n):
        m = cand[unit[k]]
        thrice |= twice & m
        twice |= once & m
        once |= m
    return twice & ~thrice & ~cand[g.ncells + u]


cdef inline void set_place_branch(Search *s, const uint64_t *cand, int d, int u,
                                  uint64_t bit) noexcept nogil:
    """Level d branches on the places of value `bit` in unit u (their unit positions)."""
    cdef const uint16_t *unit = s.g.units + u * s.g.n
    cdef uint64_t rest = 0
    cdef int k
    for k in range(s.g.n):
        if cand[unit[k]] & bit:
            rest |= (<uint64_t>1) << k
    s.branch_cell[d] = u
    s.branch_bit[d] = bit
    s.branch_rest[d] = rest


cdef inline int choose_place(const Geometry *g, const uint64_t *cand, uint64_t *bit_out,
                             const int n) noexcept nogil:
    """A unit where some value has exactly two cells left: the unit (the value's bit in
    *bit_out), or -1 if there is none."""
    cdef uint64_t two
    cdef int u
    for u in range(g.nunits):
        two = two_places(g, cand, u, n)
        if two:
            bit_out[0] = lowest_bit(two)
            return u
    return -1


cdef int search_grow(Search *s) noexcept nogil:
    """Make room for one more level; 0 on success, -1 out of memory."""
    cdef int capacity = s.capacity * 2
    if not (regrow(<void **>&s.states, <size_t>capacity * s.level_words * sizeof(uint64_t))
            and regrow(<void **>&s.branch_cell, capacity * sizeof(int))
            and regrow(<void **>&s.branch_rest, capacity * sizeof(uint64_t))
            and regrow(<void **>&s.branch_bit, capacity * sizeof(uint64_t))):
        return -1
    s.capacity = capacity
    return 0


cdef inline void clear_work(Search *s) noexcept nogil:
    s.work.nnaked = 0
    s.work.dirty[0] = 0
    s.work.dirty[1] = 0
    s.work.dirty[2] = 0


cdef int search_init(Search *s, const Geometry *g, const uint8_t *values,
                     int locked_levels) noexcept nogil:
    """Set up a search of the puzzle `values` (0 empty, 1..n); the givens must not conflict.
    Locked candidates run in the propagation of the levels < locked_levels.

    Returns 1 if the search may have solutions, 0 if propagation of the givens already
    fails (the search is then exhausted), -1 out of memory.  search_free() in every case.
    """
    cdef int cell, ncells = g.ncells
    memset(s, 0, sizeof(Search))
    s.g = g
    s.run.node_limit = -1
    s.run.next_signal_check = SIGNAL_INTERVAL
    s.probe_fails = INT64_MAX
    s.level_words = ncells + g.nunits
    s.capacity = 8 if ncells > 1024 else 32
    s.states = <uint64_t *>malloc(<size_t>s.capacity * s.level_words * sizeof(uint64_t))
    s.branch_cell = <int *>malloc(s.capacity * sizeof(int))
    s.branch_rest = <uint64_t *>malloc(s.capacity * sizeof(uint64_t))
    s.branch_bit = <uint64_t *>calloc(s.capacity, sizeof(uint64_t))
    # Each cell becomes single at most once per level: the queue cannot overflow.
    s.work.naked = <uint16_t *>malloc((ncells + 1) * sizeof(uint16_t))
    s.segs = <uint64_t *>malloc(ncells * sizeof(uint64_t))
    s.ties = <uint16_t *>malloc(TIE_LIMIT * sizeof(uint16_t))
    s.locked_levels = locked_levels
    if (s.segs == NULL or s.ties == NULL or s.states == NULL or s.branch_cell == NULL
            or s.branch_rest == NULL or s.branch_bit == NULL
            or s.work.naked == NULL):
        s.run.phase = PHASE_DONE
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
    if not propagate(g, cand, &s.work, s.segs, locked_levels > 0):
        s.run.phase = PHASE_DONE
        return 0
    s.run.phase = PHASE_DESCEND
    return 1


cdef int search_allow(Search *s, const uint64_t *allowed) noexcept nogil:
    """Limit a search just set up by search_init (that returned 1) to the values
    `allowed` of each cell (pencil marks), propagated.  1, or 0 if none is left for some
    cell (the search is then exhausted)."""
    cdef const Geometry *g = s.g
    cdef uint64_t *cand = s.states
    cdef int cell
    clear_work(s)
    for cell in range(g.ncells):
        if cand[cell] & ~allowed[cell]:
            if not eliminate(g, cand, cell, cand[cell] & ~allowed[cell], &s.work, g.nwords):
                s.run.phase = PHASE_DONE
                return 0
    if not propagate(g, cand, &s.work, s.segs, True):
        s.run.phase = PHASE_DONE
        return 0
    return 1


cdef int search_strong(Search *s, int64_t probe_fails) noexcept nogil:
    """Make a search just set up by search_init (that returned 1) a strong one: it probes
    every level (probe()) once it has met probe_fails dead ends (0: from the root, < 0:
    never; see start_probing), and while it probes it branches on a value's two places in a
    unit when no cell has two candidates.  Returns 1, 0 if the probed root is a
    contradiction (the search is then exhausted), -1 out of memory."""
    if probe_fails < 0:
        s.probe_fails = INT64_MAX
        return 1
    s.probe_fails = probe_fails
    s.root = <uint64_t *>malloc(s.level_words * sizeof(uint64_t))
    s.scratch = <uint64_t *>malloc(s.level_words * sizeof(uint64_t))
    s.uni = <uint64_t *>malloc(s.g.ncells * sizeof(uint64_t))
    s.lit = <int32_t *>calloc(s.g.ncells * s.g.n, sizeof(int32_t))
    if s.g.n == 16 and s.g.r == 4:
        s.b16 = <Board16 *>malloc(2 * sizeof(Board16))
        if s.b16 == NULL:
            s.run.phase = PHASE_DONE
            return -1
    if s.root == NULL or s.scratch == NULL or s.lit == NULL or s.uni == NULL:
        s.run.phase = PHASE_DONE
        return -1
    memcpy(s.root, s.states, s.level_words * sizeof(uint64_t))
    if probe_fails == 0:
        s.probing = True
        clear_work(s)
        if not probe(s, s.states):
            s.run.phase = PHASE_DONE
            return 0
    return 1


cdef void search_free(Search *s) noexcept nogil:
    free(s.states)
    free(s.branch_cell)
    free(s.branch_rest)
    free(s.branch_bit)
    free(s.scratch)
    free(s.uni)
    s.uni = NULL
    free(s.root)
    free(s.lit)
    free(s.b16)
    s.b16 = NULL
    free(s.work.naked)
    free(s.segs)
    free(s.ties)
    s.segs = NULL
    s.ties = NULL
    s.states = NULL
    s.branch_cell = NULL
    s.branch_rest = NULL
    s.branch_bit = NULL
    s.scratch = NULL
    s.root = NULL
    s.lit = NULL
    s.work.naked = NULL
    s.run.phase = PHASE_DONE


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


# The hooks of the one search loop (machine_next, _core_machine.pxi) for this engine.

cdef inline int bitmask_choose(Search *s, int d) noexcept nogil:
    """Choose the cell to branch on at level d: 1, or 0 when every cell is placed (a
    solution; propagation never leaves a level with an empty cell)."""
    cdef const Geometry *g = s.g
    cdef uint64_t *top = s.states + <size_t>d * s.level_words
    cdef int cell, u
    cdef uint64_t bit
    if s.dead:
        return -1
    if s.scored:
        s.scored = False
        if choose_binary(s, top, d):
            return 1
        cell = choose_scored(g, top, s.lit)
    else:
        cell = choose_cell(g, top, s.ties)
    if cell < 0:
        s.found = True
        return 0
    if s.probing and s.probed and popcount(top[cell]) > 2:
        u = choose_place(g, top, &bit, g.n)
        if u >= 0:
            set_place_branch(s, top, d, u, bit)
            return 1
    s.branch_cell[d] = cell
    s.branch_bit[d] = 0
    s.branch_rest[d] = top[cell]
    return 1


cdef inline int bitmask_spend(Search *s) noexcept nogil:
    """copy_spend with the probes counted as guesses for the node limit and the checks for
    Ctrl-C (a probe is a copy of the level and its propagation, as a guess is)."""
    cdef int64_t spent = s.run.guesses + s.probes
    cdef int status = search_budget(spent, s.run.node_limit, spent, &s.run.next_signal_check)
    if status == 0:
        s.run.guesses += 1
    return status


cdef inline bint bitmask_has_next(const Search *s, int d) noexcept nogil:
    return s.branch_rest[d] != 0


cdef inline int bitmask_advance(Search *s, int d) noexcept nogil:
    """Try the next value of level d's cell (a STEP_ code): on a copy of level d at d + 1,
    or, for its last value, on level d itself."""
    cdef const Geometry *g = s.g
    cdef uint64_t rest = s.branch_rest[d]
    cdef uint64_t bit = lowest_bit(rest)
    cdef int cell = s.branch_cell[d]
    cdef uint64_t *child
    rest ^= bit
    if s.branch_bit[d]:
        # A place branch: the value s.branch_bit[d] in the next of its unit's cells.
        cell = g.units[cell * g.n + bit_index(bit)]
        bit = s.branch_bit[d]
    s.branch_rest[d] = rest
    clear_work(s)
    child = search_child(s, d, rest == 0)
    if child == NULL:
        return STEP_NOMEM
    if (eliminate(g, child, cell, child[cell] ^ bit, &s.work, g.nwords)
            and propagate(g, child, &s.work, s.segs, d + 1 < s.locked_levels)
            and (not s.probing or probe_level(s, child))):
        return STEP_DEEPER if rest else STEP_IN_PLACE
    s.fails += 1
    if s.fails == s.probe_fails and start_probing(s):
        return STEP_RESTART
    return STEP_FAILED if rest else STEP_SPENT


cdef bint start_probing(Search *s) noexcept nogil:
    """The search has met EngineOptions.probe_fails dead ends: probe every level from now
    on.  Before the first solution, start again from the root, probed (the first choices,
    made without it, are the ones that cost most); after it, go on (a restart would find
    that solution again; nor when the root is too large to probe: the restart would only
    repeat the work).  True if it starts again."""
    s.probing = True
    if s.found or s.root == NULL or not probe_fits(s, s.root):
        return False
    memcpy(s.states + <size_t>s.run.base * s.level_words, s.root,
           s.level_words * sizeof(uint64_t))
    clear_work(s)
    if not probe(s, s.states + <size_t>s.run.base * s.level_words):
        s.dead = True
    return True


cdef void search_solution(const Search *s, uint8_t *out) noexcept nogil:
    """Write the solution found by the last SEARCH_FOUND as values 1..n."""
    search_solution_at(s.g, s.states + <size_t>s.run.depth * s.level_words, out)


cdef inline void search_solution_at(const Geometry *g, const uint64_t *cand,
                                    uint8_t *out) noexcept nogil:
    """Write a level whose cells are all placed as values 1..n."""
    cdef int cell
    for cell in range(g.ncells):
        out[cell] = bit_index(cand[cell]) + 1


cdef int _test_level(Search *s, list allowed, int r, int c) except -1:
    """The probe test hooks' level: a strong search of an r x c-box grid set up with its
    buffers (no probing yet) on the candidate masks `allowed`, propagated (singles and
    locked candidates).  1, or 0 if that is a contradiction; search_free() in every
    case."""
    cdef const Geometry *g = geometry_for(r, c)
    cdef int ncells = g.ncells, cell, rc
    memset(s, 0, sizeof(Search))
    if len(allowed) != ncells:
        raise ValueError(f"allowed: {ncells} masks expected")
    cdef uint8_t *zeros = <uint8_t *>calloc(ncells, 1)
    cdef uint64_t *masks = <uint64_t *>malloc(ncells * sizeof(uint64_t))
    try:
        if zeros == NULL or masks == NULL:
            raise MemoryError()
        for cell in range(ncells):
            masks[cell] = allowed[cell]
        rc = search_init(s, g, zeros, 0)
        if rc < 0:
            raise MemoryError()
        if rc == 0 or search_allow(s, masks) == 0:
            return 0
        if search_strong(s, INT64_MAX) < 0:
            raise MemoryError()
        return 1
    finally:
        free(zeros)
        free(masks)


def _probe_pass(list allowed, int r, int c):
    """Test hook: one probe_pass over the level of an r x c-box grid made from `allowed`
    (its cells' candidate masks, bit v-1: value v), every unplaced cell probed.

    None if that level is a contradiction; else (the level before the pass, the level
    after it or None if the pass found a contradiction), each as the cells' masks."""
    cdef Search s
    cdef int cell, ncells
    try:
        if not _test_level(&s, allowed, r, c):
            return None
        ncells = s.g.ncells
        before = [s.states[cell] for cell in range(ncells)]
        if not probe_pass(&s, s.states, s.g.n):
            return before, None
        return before, [s.states[cell] for cell in range(ncells)]
    finally:
        search_free(&s)
