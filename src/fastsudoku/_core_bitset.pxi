# Part of fastsudoku._core, included by _core.pyx:
# engine "bitset": Algorithm X on row bitsets, for small exact-cover matrices.
#
#   colbits[c]   nwords uint64: the rows with a 1 in column c (read-only)
#   level d      active[d]  nwords uint64: rows still compatible with the rows chosen above
#                count[d]   nprimary int32: active rows in each primary column
#                cand[d]    nwords uint64: rows of the chosen column not yet tried
#                chosen[d]  the row tried; levels below run.base are selected givens

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
    if not b.shares_static:
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
    free(b.width)
    free(b.lo)
    free(b.hi)
    free(b.slack)
    free(b.col)
    free(b.left)
    free(b.skip)
    free(b.open)
    memset(b, 0, sizeof(BitCover))
    b.run.phase = PHASE_DONE


cdef int bx_grow(BitCover *b, int levels) noexcept nogil:
    """Room for `levels` search levels (the per-level arrays grow with the depth reached,
    not with the number of columns).  0, or -1 out of memory (the old arrays stay)."""
    cdef size_t L = levels, W = b.nwords, P = b.nprimary
    if levels <= b.capacity:
        return 0
    if not (regrow(<void **>&b.active, L * W * sizeof(uint64_t))
            and regrow(<void **>&b.cand, L * W * sizeof(uint64_t))
            and regrow(<void **>&b.count, ((3 * L if b.multi else L) * P + 1) * sizeof(int32_t))
            and regrow(<void **>&b.live, L * sizeof(int32_t))
            and regrow(<void **>&b.chosen, L * sizeof(int32_t))
            and regrow(<void **>&b.cursor, L * sizeof(int32_t))
            and regrow(<void **>&b.width, L * sizeof(int32_t))
            and regrow(<void **>&b.lo, L * sizeof(int32_t))
            and regrow(<void **>&b.hi, L * sizeof(int32_t))):
        return -1
    if b.multi and not (regrow(<void **>&b.col, L * sizeof(int32_t))
                        and regrow(<void **>&b.left, L * sizeof(int32_t))
                        and regrow(<void **>&b.skip, L * sizeof(uint8_t))
                        and regrow(<void **>&b.open, L * b.nopen * sizeof(uint64_t))):
        return -1
    b.capacity = levels
    return 0


cdef int bx_build(BitCover *b, int ncols, const uint8_t *secondary, int nrows,
                  const int32_t *row_offsets, const int32_t *row_cols) noexcept nogil:
    """The bitset form of a 0/1 matrix given as for xc_build.  0, -1 out of memory, -2 a
    column out of range; call bx_free afterwards in every case."""
    return bx_build_xcc(b, ncols, secondary, nrows, row_offsets, row_cols, NULL, 0, NULL,
                        NULL, NULL)


cdef int bx_build_xcc(BitCover *b, int ncols, const uint8_t *secondary, int nrows,
                      const int32_t *row_offsets, const int32_t *row_cols,
                      const int32_t *pair, int npairs, const int32_t *pair_col,
                      const int32_t *col_lo, const int32_t *col_hi) noexcept nogil:
    """bx_build with colours and multiplicities (either may be NULL: none).

    pair[i] (one for each entry of row_cols): 0, or the colour pair 1..npairs of that entry,
    a (secondary column, colour) whose column is pair_col[pair - 1].  col_lo[c], col_hi[c]:
    primary column c is covered by lo..hi rows (1 <= hi, 0 <= lo <= hi).  0, -1 out of
    memory, -2 a column, pair or bound out of range; call bx_free afterwards in every case."""
    cdef int c, k, i, p, q, x, nprimary = 0
    cdef int nones = row_offsets[nrows]
    cdef size_t w
    memset(b, 0, sizeof(BitCover))
    b.run.phase = PHASE_DONE
    b.run.node_limit = -1
    b.run.next_signal_check = SIGNAL_INTERVAL
    b.nrows = nrows
    b.ncols = ncols
    b.nkill = ncols + npairs
    b.nwords = (nrows + 63) // 64 if nrows > 0 else 1
    cdef int W = b.nwords
    cdef int32_t *renum = <int32_t *>malloc((ncols + 1) * sizeof(int32_t))
    if renum == NULL:
        return -1
    for c in range(ncols):
        if secondary == NULL or not secondary[c]:
            renum[c] = nprimary
            nprimary += 1
            if col_lo != NULL and (col_lo[c] != 1 or col_hi[c] != 1):
                if col_hi[c] < 1 or col_lo[c] < 0 or col_lo[c] > col_hi[c]:
                    free(renum)
                    return -2
                b.multi = True
    if b.multi:
        b.nopen = (nprimary + 63) // 64 if nprimary > 0 else 1
    k = nprimary
    for c in range(ncols):
        if secondary != NULL and secondary[c]:
            renum[c] = k
            k += 1
    b.nprimary = nprimary
    b.colbits = <uint64_t *>calloc(<size_t>b.nkill * W + 1, sizeof(uint64_t))
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
    for x in range(npairs):
        if pair_col[x] < 0 or pair_col[x] >= ncols:
            free(renum)
            return -2
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
            x = pair[i] if pair != NULL else 0
            if x < 0 or x > npairs or (x and (pair_col[x - 1] != c or renum[c] < nprimary)):
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
                if x:
                    # For now: the rows that give the column this colour.
                    c = ncols + x - 1
                    b.colbits[<size_t>c * W + (k >> 6)] |= (<uint64_t>1) << (k & 63)
                b.row_cols[q] = c
        b.row_nprim[k] = p - row_offsets[k]
        b.active[k >> 6] |= (<uint64_t>1) << (k & 63)
    b.row_off[nrows] = nones
    # A colour pair's set: the rows of its column that do not give it that colour.
    for x in range(npairs):
        c = renum[pair_col[x]]
        for w in range(<size_t>W):
            b.colbits[(<size_t>ncols + x) * W + w] = (b.colbits[<size_t>c * W + w]
                                                      & ~b.colbits[(<size_t>ncols + x) * W + w])
    if b.multi:
        b.slack = <int32_t *>malloc((nprimary + 1) * sizeof(int32_t))
        if b.slack == NULL:
            free(renum)
            return -1
        for c in range(ncols):
            if renum[c] < nprimary:
                b.count[nprimary + renum[c]] = col_lo[c]
                b.count[2 * nprimary + renum[c]] = col_hi[c]
                b.slack[renum[c]] = col_hi[c] - col_lo[c]
                b.loose = b.loose or col_hi[c] > col_lo[c]
        memset(b.open, 0, b.nopen * sizeof(uint64_t))
        for c in range(nprimary):
            b.open[c >> 6] |= (<uint64_t>1) << (c & 63)
    free(renum)
    b.live[0] = nprimary
    b.lo[0] = 0
    b.hi[0] = W
    b.run.depth = 0
    b.run.phase = PHASE_DESCEND
    return 0


cdef int bx_copy(BitCover *dst, const BitCover *src) noexcept nogil:
    """A copy of src's search (its levels up to the current one) that shares src's matrix
    (colbits and the row arrays): src must outlive it.  0, or -1 out of memory (call
    bx_free either way)."""
    cdef size_t levels = src.run.depth + 1, W = src.nwords, P = src.nprimary
    memset(dst, 0, sizeof(BitCover))
    dst.run = src.run
    dst.nrows = src.nrows
    dst.ncols = src.ncols
    dst.nprimary = src.nprimary
    dst.nwords = src.nwords
    dst.nkill = src.nkill
    dst.multi = src.multi
    dst.nopen = src.nopen
    dst.loose = src.loose
    dst.shares_static = True
    dst.colbits = src.colbits
    dst.row_off = src.row_off
    dst.row_cols = src.row_cols
    dst.row_nprim = src.row_nprim
    dst.slack = NULL
    if src.multi:
        dst.slack = <int32_t *>malloc((src.nprimary + 1) * sizeof(int32_t))
        if dst.slack == NULL:
            return -1
        memcpy(dst.slack, src.slack, src.nprimary * sizeof(int32_t))
    if bx_grow(dst, max(16, <int>levels + 1)) < 0:
        return -1
    memcpy(dst.active, src.active, levels * W * sizeof(uint64_t))
    memcpy(dst.cand, src.cand, levels * W * sizeof(uint64_t))
    memcpy(dst.count, src.count, (3 * levels if src.multi else levels) * P * sizeof(int32_t))
    memcpy(dst.live, src.live, levels * sizeof(int32_t))
    memcpy(dst.chosen, src.chosen, levels * sizeof(int32_t))
    memcpy(dst.cursor, src.cursor, levels * sizeof(int32_t))
    memcpy(dst.width, src.width, levels * sizeof(int32_t))
    memcpy(dst.lo, src.lo, levels * sizeof(int32_t))
    memcpy(dst.hi, src.hi, levels * sizeof(int32_t))
    if src.multi:
        memcpy(dst.col, src.col, levels * sizeof(int32_t))
        memcpy(dst.left, src.left, levels * sizeof(int32_t))
        memcpy(dst.skip, src.skip, levels * sizeof(uint8_t))
        memcpy(dst.open, src.open, levels * src.nopen * sizeof(uint64_t))
    return 0


cdef int bx_select(BitCover *b, int row) noexcept nogil:
    """Put a row in every solution before the search starts (a Sudoku given), as
    xc_select: 0; 1 if the row clashes with one selected before (the search is then
    finished, with no solution); -1 if the row is out of range or memory ran out."""
    cdef int d = b.run.depth
    if row < 0 or row >= b.nrows or b.multi:
        return -1
    if b.run.phase == PHASE_DONE:
        return 1
    if not (b.active[<size_t>d * b.nwords + (row >> 6)] >> (row & 63)) & 1:
        b.run.phase = PHASE_DONE
        return 1
    if d + 2 > b.capacity and bx_grow(b, 2 * b.capacity) < 0:
        return -1
    b.chosen[d] = row
    bx_take(b, d, row)
    b.run.depth = d + 1
    b.run.base = d + 1
    return 0


cdef inline void bx_take(BitCover *b, int d, int r) noexcept nogil:
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
    b.live[d + 1] = b.live[d] - row_nprim[r]
    if b.live[d + 1] == 0:
        return      # a cover: the level below is a leaf, whose rows and counts nothing reads
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


# The hooks of the one search loop (machine_next, _core_machine.pxi) for this engine.

cdef inline int bx_choose(BitCover *b, int d) noexcept nogil:
    """Choose the column to branch on at level d (the first of the fewest rows): 1; 0 when
    every primary column is covered (a cover); -1 when one has no row left."""
    cdef int W = b.nwords, P = b.nprimary, c, best = 0, s = BX_COVERED, w
    cdef const int32_t *cnt
    cdef const uint64_t *act
    cdef const uint64_t *cb
    cdef uint64_t *cd
    if b.live[d] == 0:
        return 0
    if b.multi:
        return bx_choose_m(b, d)
    cnt = b.count + <size_t>d * P
    for c in range(P):
        if cnt[c] < s:
            s = cnt[c]
            best = c
            if s <= 1:
                break
    if s == 0:
        return -1
    act = b.active + <size_t>d * W
    cb = b.colbits + <size_t>best * W
    cd = b.cand + <size_t>d * W
    for w in range(b.lo[d], b.hi[d]):
        cd[w] = act[w] & cb[w]
    b.cursor[d] = b.lo[d]
    b.width[d] = s
    return 1


cdef inline bint bx_has_next(BitCover *b, int d) noexcept nogil:
    """Has level d's column a row not yet tried?  (Moves the cursor to its word.)"""
    cdef const uint64_t *cd = b.cand + <size_t>d * b.nwords
    cdef int w = b.cursor[d], hi = b.hi[d]
    if b.multi:
        return bx_has_next_m(b, d)
    while w < hi and cd[w] == 0:
        w += 1
    b.cursor[d] = w
    return w < hi


cdef inline int bx_spend(BitCover *b, int d) noexcept nogil:
    """Before a row: the budget (guesses against the node limit; Ctrl-C every
    SIGNAL_INTERVAL rows), then count it: a node, and a guess if its column had two or
    more rows."""
    cdef int status = search_budget(b.run.guesses, b.run.node_limit, b.run.nodes,
                                    &b.run.next_signal_check)
    if status == 0:
        b.run.nodes += 1
        if b.width[d] > 1:
            b.run.guesses += 1
    return status


cdef inline int bx_advance(BitCover *b, int d) noexcept nogil:
    """Try the next row of level d's column (there is one, from the cursor's word on, as
    bx_choose or bx_has_next found): level d + 1."""
    cdef uint64_t *cd = b.cand + <size_t>d * b.nwords
    cdef int w = b.cursor[d]
    cdef uint64_t bit
    if b.multi:
        return bx_advance_m(b, d)
    while cd[w] == 0:
        w += 1
    b.cursor[d] = w
    bit = lowest_bit(cd[w])
    cd[w] ^= bit
    b.chosen[d] = (w << 6) + bit_index(bit)
    if d + 2 > b.capacity and bx_grow(b, 2 * b.capacity) < 0:
        return STEP_NOMEM
    bx_take(b, d, b.chosen[d])
    return STEP_DEEPER


cdef int bx_solution(const BitCover *b, int32_t *rows) noexcept nogil:
    """Write the rows of the cover just found; return how many."""
    cdef int d, n = 0
    if not b.multi:
        memcpy(rows, b.chosen, b.run.depth * sizeof(int32_t))
        return b.run.depth
    for d in range(b.run.depth):
        if b.chosen[d] >= 0:        # (not a level that closed its column without a row)
            rows[n] = b.chosen[d]
            n += 1
    return n


# --------------------------------------------------------------------------------------------
# Multiplicities (Knuth's Algorithm M, TAOCP 7.2.2.1): primary column c is covered by
# lo[c]..hi[c] rows.  bound[d] holds, per primary column, the rows still needed (need) and
# still allowed (room).  Level d branches on the column of fewest branches, rows + 1 - need
# (one branch per row that can come first among the column's rows in the cover, and one
# "no more rows here" when need is 0); a column with fewer rows than it needs is a dead
# end.  Its rows are tried in order, and trying row r takes the rows tried before r out of
# the levels below (a cover is reached once, through its first row in the column).  Taking
# a row spends one of each of its columns' room; a column whose room is spent is covered
# (its rows go), the others lose only the row itself.  With lo = hi = 1 everywhere this is
# the search above.
# --------------------------------------------------------------------------------------------

cdef inline int bx_choose_m(BitCover *b, int d) noexcept nogil:
    cdef int W = b.nwords, P = b.nprimary, c, best = -1, s = BX_COVERED, w, k, t, q
    cdef int slack, best_slack = 0, best_k = 0
    cdef const int32_t *cnt = b.count + <size_t>d * 3 * P
    cdef const int32_t *need = cnt + P
    cdef const int32_t *room = cnt + 2 * P
    cdef const int32_t *slack0 = b.slack
    cdef const uint64_t *opened = b.open + <size_t>d * b.nopen
    cdef uint64_t bits
    cdef const uint64_t *act
    cdef const uint64_t *cb
    cdef uint64_t *cd
    for q in range(b.nopen):
        # The open columns only, in order (covered ones cost nothing).
        bits = opened[q]
        while bits:
            c = (q << 6) + bit_index(lowest_bit(bits))
            bits = clear_lowest_bit(bits)
            k = cnt[c]
            if k <= need[c]:
                if k < need[c]:
                    return -1
                if k == 0:
                    # No row left and none needed: as good as closed (counts only fall).
                    continue
            t = k + 1 - need[c]
            if t <= s:
                # Ties (as Knuth's DLX3): the column with less slack left, then more rows.
                slack = min(slack0[c], room[c])
                if t < s or slack < best_slack or (slack == best_slack and k > best_k):
                    s = t
                    best = c
                    best_slack = slack
                    best_k = k
                    if t == 1:
                        # One branch (every row left is needed): taken as soon as seen, where
                        # DLX3 would still compare slack and rows with later columns of one.
                        break
    if best < 0:
        return 0            # every open column has what it needs and no row left
    act = b.active + <size_t>d * W
    cb = b.colbits + <size_t>best * W
    cd = b.cand + <size_t>d * W
    for w in range(b.lo[d], b.hi[d]):
        cd[w] = act[w] & cb[w]
    b.cursor[d] = b.lo[d]
    b.width[d] = s
    b.col[d] = best
    b.left[d] = cnt[best]
    b.skip[d] = need[best] == 0
    return 1


cdef inline bint bx_has_next_m(BitCover *b, int d) noexcept nogil:
    """A row of level d's column that can still come first among its rows in a cover (at
    least `need` rows left from it on), or the branch without more rows."""
    cdef int need = b.count[<size_t>d * 3 * b.nprimary + b.nprimary + b.col[d]]
    return b.left[d] >= max(need, 1) or b.skip[d]


cdef int bx_advance_m(BitCover *b, int d) noexcept nogil:
    """Level d + 1 from level d's next row (or, with none left to try, from closing the
    column without more rows)."""
    cdef int W = b.nwords, P = b.nprimary, c = b.col[d], w, i, x, r = -1
    cdef int need = b.count[<size_t>d * 3 * P + P + c]
    cdef uint64_t *cd
    cdef const uint64_t *act
    cdef uint64_t *nact
    cdef int32_t *ncnt
    cdef int32_t *nb
    cdef uint64_t *nopen
    cdef const uint64_t *cb = b.colbits + <size_t>c * W
    cdef const int32_t *rc
    cdef const int32_t *xc
    cdef uint64_t m, a, rest, bit
    cdef int nlo = W, nhi = 0, k, y, live = b.live[d]
    cdef bint loose = b.loose
    if d + 2 > b.capacity and bx_grow(b, 2 * b.capacity) < 0:
        return STEP_NOMEM
    # (After the growth: it may move the levels.)
    cd = b.cand + <size_t>d * W
    act = b.active + <size_t>d * W
    nact = b.active + <size_t>(d + 1) * W
    ncnt = b.count + <size_t>(d + 1) * 3 * P
    nb = ncnt + P
    nopen = b.open + <size_t>(d + 1) * b.nopen
    memcpy(ncnt, b.count + <size_t>d * 3 * P, 3 * P * sizeof(int32_t))
    for i in range(b.nopen):
        nopen[i] = b.open[<size_t>d * b.nopen + i]
    if b.left[d] >= max(need, 1):
        w = b.cursor[d]
        while cd[w] == 0:
            w += 1
        b.cursor[d] = w
        bit = lowest_bit(cd[w])
        cd[w] ^= bit
        r = (w << 6) + bit_index(bit)
        b.left[d] -= 1
    else:
        b.skip[d] = 0
    b.chosen[d] = r
    # nact = act minus m, m the rows that go: every row of a column closed by this step,
    # the rows of the column tried so far (r among them), and those a colour rules out.
    # The columns this step closes are marked covered first, and the rows that go leave
    # their counts alone (no chain of decrements of one count through memory).
    if r >= 0:
        rc = b.row_cols + b.row_off[r]
        k = b.row_off[r + 1] - b.row_off[r]
        for i in range(b.row_nprim[r]):
            x = rc[i]
            nb[P + x] -= 1
            if nb[x] > 0:
                nb[x] -= 1
            if nb[P + x] == 0:
                ncnt[x] = BX_COVERED
                nopen[x >> 6] ^= (<uint64_t>1) << (x & 63)
                live -= 1
    else:
        ncnt[c] = BX_COVERED
        nopen[c >> 6] ^= (<uint64_t>1) << (c & 63)
        live -= 1
    if live == 0:
        # A cover: the level below is a leaf, whose rows and counts nothing reads.
        b.live[d + 1] = 0
        return STEP_DEEPER
    for w in range(b.lo[d], b.hi[d]):
        a = act[w]
        if a == 0:
            nact[w] = 0
            continue
        if r < 0:
            m = cb[w]
        else:
            m = cb[w] & ~cd[w]
            for i in range(k):
                x = rc[i]
                if x >= P or nb[P + x] == 0:
                    m |= b.colbits[<size_t>x * W + w]
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
            xc = b.row_cols + b.row_off[x]
            for i in range(b.row_nprim[x]):
                # (A covered column's count stays above any count of rows: it starts at
                # BX_COVERED, and is never chosen: it is not open.)
                y = xc[i]
                ncnt[y] -= 1
                if loose and ncnt[y] == 0 and nb[y] == 0:
                    # No row left and none needed: closed (the leaf needs no scan).
                    ncnt[y] = BX_COVERED
                    nopen[y >> 6] ^= (<uint64_t>1) << (y & 63)
                    live -= 1
    if nhi == 0:
        nlo = 0
    b.lo[d + 1] = nlo
    b.hi[d + 1] = nhi
    b.live[d + 1] = live
    return STEP_DEEPER
