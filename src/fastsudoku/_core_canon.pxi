# Canonical forms: the least (minlex) or greatest (maxlex) string among a puzzle's
# equivalents, for every size and box shape, without the GIL.
#
# Two grids are equivalent when one becomes the other by permuting the rows within a band
# (r rows), the bands, the columns within a stack (c columns), the stacks, transposing
# (square boxes only) and relabelling the values.  The canonical string is the least of
# the equivalents' strings read row by row, with the empty cell as 0 (minlex) -- or, for
# maxlex, the greatest, which is the least once every value v is read as n + 1 - v and the
# empty cell as above every value: both are one search with the empty cell's key at the
# bottom or at the top of the order.
#
# The search builds the output row by row.  A state holds the rows placed so far, and the
# columns as an ordered partition: target positions in cells of columns still tied (their
# order changes no row placed so far) inside stacks, and the stacks in groups of stacks
# still tied.  Relabelling is by first appearance: a value gets the next label where it
# first shows, so its label is known once its column's place is.  A row is placed in one of
# two ways:
# - row by row (no value in it waits for a label): each cell's columns are sorted by key
#   (the empty key, a known label, or "new", above every label), a group's stacks by their
#   keys, and the ties split where the keys differ.  New values whose columns are still
#   tied get their labels later ("pending"): their labels are the next ones, in the order
#   their columns will take, whatever it is.
# - position by position (a value in it waits): at each position the least key any column
#   that may come there gives; a pending value's least label comes from moving its first
#   column to the front of its cell (and its stack to the front of its group), which fixes
#   that label.  Equal least keys that are not interchangeable branch.
# Among the rows that may come next, only those giving the least row are followed; the best
# string so far is kept, each position compared as it is made, and a branch that makes a
# greater key is cut (the best is marked unknown after a position that got smaller).  Empty
# rows of one band (and wholly empty bands) are interchangeable: one of each is tried.
# This is the partition refinement of canonical labelling (McKay's), with the row-major
# order of the string deciding which choice is made first; dobrichev's patminlex keeps
# candidate lists per row in the same way for 9x9.

cdef enum:
    CN_NEW = 0xFD        # sort key of a value not seen before: above every label
    CN_EMPTY_HI = 0xFE   # the empty cell's key under maxlex: above every label
    CN_INF = 0xFF        # a best position not known yet
    CN_NONE = 0xFF       # intro_row of a value not seen yet
    CN_CHECK = 4095      # nodes between checks for Ctrl-C and the budget
    CN_RESOLVE = 24       # orders of new values resolved at once (more: they wait)

    CN_MINLEX = 0        # the forms
    CN_MAXLEX = 1
    CN_PATMINLEX = 2

    CN_OK = 0
    CN_INVALID = -1
    CN_NOMEM = -2
    CN_STOPPED = -3
    CN_BUDGET = -4


ctypedef struct CnState:
    uint8_t pos2col[64]     # target position -> source column
    uint8_t col2pos[64]
    uint8_t cstart[65]      # 1 where a cell of tied columns starts (every stack's start, and n)
    uint8_t sstart[65]      # 1 where a group of tied stacks starts (and at r)
    uint8_t rowsrc[64]      # target row -> source row
    uint8_t rowused[64]
    uint8_t bandused[64]
    uint8_t label[65]       # value -> label (0: not seen, or pending)
    uint8_t intro_row[65]   # value -> the target row where it first shows (CN_NONE: not yet)
    uint8_t intro_col[65]   # value -> its source column there
    uint8_t base[65]        # target row -> labels given before it
    uint8_t t               # 1: the source is the transposed grid


ctypedef struct Canon:
    int n, r, c, ntrans, nstates
    uint8_t ekey
    int patmode             # 1: values read as 1 (least pattern, leaves kept); 2: rows fixed
    CnState *leaves         # patminlex: the placements of the least pattern
    int nleaves, capleaves
    const CnState *fixed
    const uint8_t *g[2]
    uint8_t *gt             # the transposed copy (owned)
    uint8_t *best           # n*n keys of the best string so far
    uint8_t *rowbuf         # per target row: up to 2n candidate rows of n keys
    uint16_t *cands         # per target row: up to 2n candidates (t * 64 + source row)
    CnState *st             # the states of the search, one a depth
    CnState scratch
    CnState beststate
    uint8_t rowempty[2][64]
    uint8_t bandof[64]      # row -> its band (row // r), column -> its stack (col // c)
    uint8_t stackof[64]
    uint64_t rowbits[2][64]  # the values of each row (bit v - 1), of the grid and its transpose
    int64_t nodes, budget   # search steps (dfs, resolve and walk steps), and their cap
    int64_t checkat         # the step count at which Ctrl-C is checked next
    int64_t walks           # of them, steps of rows placed position by position
    int resolve             # resolve new values now when their orders are at most this
    int stop
    # full grids: 0 their own search (the 9x9 table for 9x9), 1 the general search, 2
    # their own search without the table (the tests compare them)
    int path


cdef int canon_alloc(Canon *C, int r, int c) noexcept nogil:
    """Buffers for grids of box shape (r, c); CN_NOMEM on failure (canon_free frees any)."""
    cdef int n = r * c, i
    C.n = n
    C.r = r
    C.c = c
    for i in range(n):
        C.bandof[i] = <uint8_t>(i // r)
        C.stackof[i] = <uint8_t>(i // c)
    C.nstates = n * (2 * n + 2) + 4
    C.gt = <uint8_t *>malloc(n * n)
    C.best = <uint8_t *>malloc(n * n)
    C.rowbuf = <uint8_t *>malloc(n * 2 * n * n)
    C.cands = <uint16_t *>malloc(n * 2 * n * sizeof(uint16_t))
    C.st = <CnState *>malloc(C.nstates * sizeof(CnState))
    if C.gt == NULL or C.best == NULL or C.rowbuf == NULL or C.cands == NULL or C.st == NULL:
        return CN_NOMEM
    return CN_OK


cdef void canon_free(Canon *C) noexcept nogil:
    free(C.gt)
    free(C.best)
    free(C.leaves)
    free(C.rowbuf)
    free(C.cands)
    free(C.st)
    C.gt = NULL
    C.best = NULL
    C.leaves = NULL
    C.nleaves = 0
    C.capleaves = 0
    C.rowbuf = NULL
    C.cands = NULL
    C.st = NULL


cdef inline void cn_swap_slots(Canon *C, CnState *s, int a, int b) noexcept nogil:
    """Exchange the stacks at slots a and b (their columns and cells move with them)."""
    cdef int c = C.c, i, pa = a * c, pb = b * c
    cdef uint8_t x
    for i in range(c):
        x = s.pos2col[pa + i]
        s.pos2col[pa + i] = s.pos2col[pb + i]
        s.pos2col[pb + i] = x
        s.col2pos[s.pos2col[pa + i]] = pa + i
        s.col2pos[s.pos2col[pb + i]] = pb + i
        x = s.cstart[pa + i]
        s.cstart[pa + i] = s.cstart[pb + i]
        s.cstart[pb + i] = x


cdef inline void cn_swap_pos(CnState *s, int a, int b) noexcept nogil:
    cdef uint8_t x = s.pos2col[a]
    s.pos2col[a] = s.pos2col[b]
    s.pos2col[b] = x
    s.col2pos[s.pos2col[a]] = a
    s.col2pos[s.pos2col[b]] = b


cdef inline int cn_before(Canon *C, CnState *s, int k0, int pos) noexcept nogil:
    """How many columns of values first shown in target row k0 stand before position pos."""
    cdef int v, count = 0
    for v in range(1, C.n + 1):
        if s.intro_row[v] == k0 and s.col2pos[s.intro_col[v]] < pos:
            count += 1
    return count


cdef void cn_place(Canon *C, CnState *s, int x, int p, bint stackchoice) noexcept nogil:
    """Put column x at position p (the start of its cell), with its stack first in its group
    when p starts a slot whose stack is still to choose."""
    cdef int slot = p // C.c, q
    if stackchoice:
        q = s.col2pos[x] // C.c
        if q != slot:
            cn_swap_slots(C, s, slot, q)
        s.sstart[slot + 1] = 1
    q = s.col2pos[x]
    if q != p:
        cn_swap_pos(s, p, q)
    s.cstart[p + 1] = 1


cdef int cn_fix_label(Canon *C, CnState *s, int v) noexcept nogil:
    """Give pending value v its least label: its first column to the front of its cell, its
    stack to the front of its group.  Returns the label."""
    cdef int y = s.intro_col[v], q = s.col2pos[y], c = C.c
    cdef int sy = q // c, gs = sy, a, lab
    while not s.sstart[gs]:
        gs -= 1
    if gs != sy or not s.sstart[sy + 1]:
        if gs != sy:
            cn_swap_slots(C, s, gs, sy)
        s.sstart[gs + 1] = 1
        q = s.col2pos[y]
    a = q
    while not s.cstart[a]:
        a -= 1
    if a != q:
        cn_swap_pos(s, a, q)
    s.cstart[a + 1] = 1
    lab = s.base[s.intro_row[v]] + 1 + cn_before(C, s, s.intro_row[v], a)
    s.label[v] = <uint8_t>lab
    return lab


cdef inline int cn_tick(Canon *C) noexcept nogil:
    """Count a node; -1 (and C.stop set) when the search must stop."""
    C.nodes += 1
    if C.nodes > C.budget:
        C.stop = CN_BUDGET
        return -1
    if C.nodes >= C.checkat:
        # (not every CN_CHECK + 1-th node: a full grid's leaf counts several at once)
        C.checkat = C.nodes + CN_CHECK + 1
        if check_interrupt() < 0:
            C.stop = CN_STOPPED
            return -1
    return 0


cdef inline int cn_compare(Canon *C, int idx, uint8_t key) noexcept nogil:
    """Compare a key made at string index idx with the best: 1 greater (cut), 0 equal or
    better (the best takes it; after a smaller key the rest of the best is unknown)."""
    cdef uint8_t b = C.best[idx]
    if key < b and C.patmode == 1:
        C.nleaves = 0
    if key > b:
        return 1
    if key < b:
        C.best[idx] = key
        memset(C.best + idx + 1, CN_INF, C.n * C.n - idx - 1)
    return 0


cdef inline void cn_move(uint8_t *dst, const uint8_t *src, int size) noexcept nogil:
    cdef int i
    for i in range(size):
        dst[i] = src[i]


cdef inline void cn_keytab(Canon *C, CnState *s, int k, uint8_t *tab) noexcept nogil:
    """tab[v] = the sort key of value v (0: the empty cell) in target row k."""
    cdef int v
    if C.patmode == 1:
        memset(tab + 1, 1, C.n)
        tab[0] = 0
        return
    tab[0] = C.ekey
    for v in range(1, C.n + 1):
        # (a value first shown in this row before a walk handed the row over is new)
        tab[v] = s.label[v] if s.label[v] and s.intro_row[v] != k else CN_NEW


cdef bint cn_refine(Canon *C, CnState *s, int t, int k, int R, const uint8_t *tab,
                    uint8_t *out, bint commit, const uint8_t *bound) noexcept nogil:
    """Source row R of grid t as target row k, row by row (no value in it is pending; tab:
    its keys by value, cn_keytab): sort the tied columns and stacks by key and split the
    ties; out = the row's keys.  With
    commit, the state takes the new order, ties and labels; without, it is left as it is
    (the row is only looked at), and with a bound (a row, or NULL) it stops as soon as the
    row is known to be greater than it (True: out is then incomplete)."""
    cdef int n = C.n, c = C.c, r = C.r
    cdef const uint8_t *row = C.g[t] + R * n
    cdef uint8_t key[64]
    cdef uint8_t seq[64]
    cdef uint8_t tmpc[64]
    cdef uint8_t tmps[64]
    cdef uint8_t tmpf[64]
    cdef uint8_t lp2c[64]
    cdef uint8_t *p2c = s.pos2col
    cdef uint8_t *cs = s.cstart
    cdef uint8_t *ss = s.sstart
    cdef int x, v, p, e, i, j, q, cnt, slot
    cdef bint below, multi
    cdef uint8_t kx
    if not commit:
        # Only the column order is changed (a copy; whole array: a few vector moves): the
        # ties split and the stacks' cell starts move only when the state takes the row.
        memcpy(lp2c, s.pos2col, sizeof(lp2c))
        p2c = lp2c
    for x in range(n):
        key[x] = tab[row[x]]
    # Group by group (a row known to be greater than the bound stops there): within each
    # cell of its stacks, columns by key; then its stacks by their keys; then its keys, the
    # labels of the values that show first there, and the comparison with the bound.
    cnt = s.base[k]
    below = bound == NULL
    slot = 0
    while slot < r:
        e = slot + 1
        while not ss[e]:
            e += 1
        p = slot * c
        while p < e * c:
            q = p + 1
            while not cs[q]:
                q += 1
            if q - p > 1:
                for i in range(p + 1, q):
                    x = p2c[i]
                    kx = key[x]
                    j = i
                    while j > p and key[p2c[j - 1]] > kx:
                        p2c[j] = p2c[j - 1]
                        j -= 1
                    p2c[j] = <uint8_t>x
                if commit:
                    for i in range(p + 1, q):
                        if key[p2c[i]] != key[p2c[i - 1]]:
                            cs[i] = 1
            p = q
        multi = e - slot > 1
        if multi:
            for p in range(slot * c, e * c):
                seq[p] = key[p2c[p]]
            for i in range(slot + 1, e):
                cn_move(tmpc, p2c + i * c, c)
                cn_move(tmps, seq + i * c, c)
                if commit:
                    cn_move(tmpf, cs + i * c, c)
                j = i
                while j > slot and bytes_cmp(seq + (j - 1) * c, tmps, c) > 0:
                    cn_move(p2c + j * c, p2c + (j - 1) * c, c)
                    cn_move(seq + j * c, seq + (j - 1) * c, c)
                    if commit:
                        cn_move(cs + j * c, cs + (j - 1) * c, c)
                    j -= 1
                cn_move(p2c + j * c, tmpc, c)
                cn_move(seq + j * c, tmps, c)
                if commit:
                    cn_move(cs + j * c, tmpf, c)
            if commit:
                for i in range(slot + 1, e):
                    if bytes_cmp(seq + (i - 1) * c, seq + i * c, c) != 0:
                        ss[i] = 1
        for p in range(slot * c, e * c):
            x = p2c[p]
            kx = seq[p] if multi else key[x]
            if kx == CN_NEW:
                cnt += 1
                out[p] = <uint8_t>cnt
                if commit:
                    v = row[x]
                    s.intro_row[v] = k
                    s.intro_col[v] = x
                    i = p // c
                    if cs[p] and cs[p + 1] and ss[i] and ss[i + 1]:
                        s.label[v] = <uint8_t>cnt
                    else:
                        s.label[v] = 0
            else:
                out[p] = kx
            if commit:
                s.col2pos[x] = p
            elif not below:
                if out[p] > bound[p]:
                    return True
                below = out[p] < bound[p]
        slot = e
    if commit:
        s.base[k + 1] = <uint8_t>cnt
    return False


cdef inline uint64_t cn_pending_mask(Canon *C, CnState *s) noexcept nogil:
    """The values waiting for their labels (bit v - 1): a row holding one is placed
    position by position."""
    cdef int v
    cdef uint64_t mask = 0
    if C.patmode == 1:
        return 0
    for v in range(1, C.n + 1):
        if not s.label[v] and s.intro_row[v] != CN_NONE:
            mask |= (<uint64_t>1) << (v - 1)
    return mask


cdef inline bint cn_pending_from(Canon *C, CnState *s, const uint8_t *row, int p) noexcept nogil:
    """Does a value of an earlier row still wait for its label at positions p.. of this
    row (a value shows once in a row, so one first shown here before p is not met)?"""
    cdef int q, v
    for q in range(p, C.n):
        v = row[s.pos2col[q]]
        if v and not s.label[v] and s.intro_row[v] != CN_NONE:
            return True
    return False


cdef void cn_leaf(Canon *C, CnState *s) noexcept nogil:
    """A complete placement: labels still pending follow their columns' order."""
    cdef int v
    cdef CnState *grown
    for v in range(1, C.n + 1):
        if s.intro_row[v] != CN_NONE and not s.label[v]:
            s.label[v] = <uint8_t>(s.base[s.intro_row[v]] + 1
                                   + cn_before(C, s, s.intro_row[v], s.col2pos[s.intro_col[v]]))
    memcpy(&C.beststate, s, sizeof(CnState))
    if C.patmode == 1:
        # patminlex: every placement of the least pattern so far, for the second pass.
        if C.nleaves == C.capleaves:
            grown = <CnState *>realloc(C.leaves, (2 * C.capleaves + 16) * sizeof(CnState))
            if grown == NULL:
                C.stop = CN_NOMEM
                return
            C.leaves = grown
            C.capleaves = 2 * C.capleaves + 16
        memcpy(&C.leaves[C.nleaves], s, sizeof(CnState))
        C.nleaves += 1


cdef inline void cn_take_row(Canon *C, CnState *s, int k, int R) noexcept nogil:
    s.rowsrc[k] = <uint8_t>R
    s.rowused[R] = 1
    s.bandused[C.bandof[R]] = 1


cdef int cn_walk(Canon *C, int d, int k, int p) noexcept nogil:
    """Place the rest of target row k (state C.st[d], its source row chosen) position by
    position, from position p; then the rows after it.  -1 once the search stops."""
    cdef CnState *s = &C.st[d]
    cdef CnState *nx
    cdef int n = C.n, c = C.c
    cdef const uint8_t *row = C.g[s.t] + s.rowsrc[k] * n
    cdef uint8_t tab[65]
    cdef int slot, e, ge, L, s2, i, j, x, v, m, ncand, ntied, cnt, q
    cdef bint stackchoice, several
    cdef uint8_t cpos[64]
    cdef int ckey[64]
    cdef uint8_t keys[64]
    cdef uint8_t value
    if p == 0:
        s.base[k + 1] = s.base[k]
    while p < n:
        C.walks += 1
        if cn_tick(C) < 0:
            return -1
        if not cn_pending_from(C, s, row, p):
            # No value waits in the rest of the row: it is placed row by row from here (the
            # positions before p are already in key order; the refinement keeps them).
            cn_keytab(C, s, k, tab)
            cn_refine(C, s, s.t, k, s.rowsrc[k], tab, keys, True, NULL)
            for i in range(p, n):
                if cn_compare(C, k * n + i, keys[i]):
                    return 0
            return cn_next_row(C, d, k)
        slot = p // c
        stackchoice = (p % c == 0) and not s.sstart[slot + 1]
        ncand = 0
        if stackchoice:
            e = p + 1
            while not s.cstart[e]:
                e += 1
            L = e - p
            ge = slot + 1
            while not s.sstart[ge]:
                ge += 1
            for s2 in range(slot, ge):
                for i in range(L):
                    cpos[ncand] = <uint8_t>(s2 * c + i)
                    ncand += 1
        else:
            e = p + 1
            while not s.cstart[e]:
                e += 1
            for i in range(p, e):
                cpos[ncand] = <uint8_t>i
                ncand += 1
        m = 0x7fff
        for j in range(ncand):
            x = s.pos2col[cpos[j]]
            v = row[x]
            if v == 0:
                ckey[j] = C.ekey
            elif s.label[v]:
                ckey[j] = s.label[v]
            elif s.intro_row[v] == CN_NONE:
                ckey[j] = CN_NEW
            else:
                memcpy(&C.scratch, s, sizeof(CnState))
                cn_place(C, &C.scratch, x, p, stackchoice)
                ckey[j] = cn_fix_label(C, &C.scratch, v)
            if ckey[j] < m:
                m = ckey[j]
        value = <uint8_t>(s.base[k + 1] + 1 if m == CN_NEW else m)
        if cn_compare(C, k * n + p, value):
            return 0
        if m == C.ekey or m == CN_NEW:
            # Empty cells (or new values) tie without consequence inside one stack: they
            # stay a cell.  Across stacks still to choose, each stack is a branch.
            several = False
            s2 = -1
            for j in range(ncand):
                if ckey[j] == m:
                    if s2 < 0:
                        s2 = cpos[j] // c
                    elif cpos[j] // c != s2:
                        several = True
            if several:
                nx = &C.st[d + 1]
                i = -1
                for j in range(ncand):
                    if ckey[j] == m and cpos[j] // c != i:
                        i = cpos[j] // c
                        memcpy(nx, s, sizeof(CnState))
                        if i != slot:
                            cn_swap_slots(C, nx, slot, i)
                        nx.sstart[slot + 1] = 1
                        if cn_walk(C, d + 1, k, p) < 0:
                            return -1
                return 0
            if stackchoice:
                if s2 != slot:
                    cn_swap_slots(C, s, slot, s2)
                s.sstart[slot + 1] = 1
            e = p + 1
            while not s.cstart[e]:
                e += 1
            # The tied columns to the front, in their order.
            cnt = 0
            for i in range(p, e):
                v = row[s.pos2col[i]]
                if (v == 0) if m == C.ekey else (v != 0 and s.intro_row[v] == CN_NONE):
                    if i != p + cnt:
                        x = s.pos2col[i]
                        for q in range(i, p + cnt, -1):
                            s.pos2col[q] = s.pos2col[q - 1]
                            s.col2pos[s.pos2col[q]] = q
                        s.pos2col[p + cnt] = <uint8_t>x
                        s.col2pos[x] = p + cnt
                    cnt += 1
            s.cstart[p + cnt] = 1
            for i in range(cnt):
                if m == CN_NEW:
                    x = s.pos2col[p + i]
                    v = row[x]
                    s.base[k + 1] += 1
                    value = s.base[k + 1]
                    s.intro_row[v] = k
                    s.intro_col[v] = x
                    s.label[v] = value if cnt == 1 else 0
                else:
                    value = C.ekey
                if i and cn_compare(C, k * n + p + i, value):
                    return 0
            p += cnt
            continue
        ntied = 0
        for j in range(ncand):
            if ckey[j] == m:
                ntied += 1
                i = j
        if ntied == 1:
            x = s.pos2col[cpos[i]]
            v = row[x]
            cn_place(C, s, x, p, stackchoice)
            if not s.label[v]:
                cn_fix_label(C, s, v)
            p += 1
            continue
        # Pending values tie at their least label: each column is a branch.
        nx = &C.st[d + 1]
        for j in range(ncand):
            if ckey[j] == m:
                memcpy(nx, s, sizeof(CnState))
                x = nx.pos2col[cpos[j]]
                cn_place(C, nx, x, p, stackchoice)
                cn_fix_label(C, nx, row[x])
                if cn_walk(C, d + 1, k, p + 1) < 0:
                    return -1
        return 0
    return cn_next_row(C, d, k)


cdef int cn_orders(Canon *C, CnState *s, int k) noexcept nogil:
    """How many orders the values row k showed first in tied columns (or tied stacks) can
    take (capped at 1000): the branches resolving them now would make."""
    cdef int n = C.n, c = C.c, r = C.r, p, e, m, f, total = 1, slot, v
    p = 0
    while p < n:
        e = p + 1
        while not s.cstart[e]:
            e += 1
        v = C.g[s.t][s.rowsrc[k] * n + s.pos2col[p]]
        if e - p > 1 and v and s.intro_row[v] == k:
            for m in range(2, e - p + 1):
                total *= m
        if total > 1000:
            return 1001
        p = e
    slot = 0
    while slot < r:
        e = slot + 1
        while not s.sstart[e]:
            e += 1
        if e - slot > 1:
            f = 0
            for p in range(slot * c, slot * c + c):
                v = C.g[s.t][s.rowsrc[k] * n + s.pos2col[p]]
                if v and s.intro_row[v] == k:
                    f = 1
            if f:
                for m in range(2, e - slot + 1):
                    total *= m
                if total > 1000:
                    return 1001
        slot = e
    return total


cdef int cn_resolve(Canon *C, int d, int k) noexcept nogil:
    """The values row k showed first in tied columns (or tied stacks) take their labels
    now, each order a branch; then the rows after it.  Cheaper than letting them wait when
    the orders are few: the rows after are then placed row by row, not position by
    position."""
    cdef CnState *s = &C.st[d]
    cdef CnState *nx = &C.st[d + 1]
    cdef int n = C.n, c = C.c, v, v0 = -1, q = n, slot, gs, ge, s2, a, b, qq
    if cn_tick(C) < 0:
        return -1
    for v in range(1, n + 1):
        if s.intro_row[v] == k and not s.label[v] and s.col2pos[s.intro_col[v]] < q:
            q = s.col2pos[s.intro_col[v]]
            v0 = v
    if v0 < 0:
        return cn_dfs(C, d, k + 1)
    slot = q // c
    gs = slot
    while not s.sstart[gs]:
        gs -= 1
    ge = slot + 1
    while not s.sstart[ge]:
        ge += 1
    if ge - gs > 1:
        for s2 in range(gs, ge):
            memcpy(nx, s, sizeof(CnState))
            if s2 != gs:
                cn_swap_slots(C, nx, gs, s2)
            nx.sstart[gs + 1] = 1
            if cn_resolve(C, d + 1, k) < 0:
                return -1
        return 0
    a = q
    while not s.cstart[a]:
        a -= 1
    b = q + 1
    while not s.cstart[b]:
        b += 1
    for qq in range(a, b):
        memcpy(nx, s, sizeof(CnState))
        if qq != a:
            cn_swap_pos(nx, a, qq)
        nx.cstart[a + 1] = 1
        v = C.g[nx.t][nx.rowsrc[k] * n + nx.pos2col[a]]
        nx.label[v] = <uint8_t>(nx.base[k] + 1 + cn_before(C, nx, k, a))
        if cn_resolve(C, d + 1, k) < 0:
            return -1
    return 0


cdef int cn_next_row(Canon *C, int d, int k) noexcept nogil:
    """After target row k is placed (state C.st[d]): its new values' few orders resolved
    at once, or the rows after it."""
    cdef CnState *s = &C.st[d]
    if C.patmode != 1 and s.base[k + 1] > s.base[k] and cn_orders(C, s, k) <= C.resolve:
        return cn_resolve(C, d, k)
    return cn_dfs(C, d, k + 1)


cdef int cn_tail(Canon *C, CnState *s, int k) noexcept nogil:
    """Every row left is empty: the rest of the string is empty keys."""
    cdef int n = C.n, r = C.r, idx, kk, R, b
    for idx in range(k * n, n * n):
        if C.ekey > C.best[idx]:
            return 0
        if C.ekey < C.best[idx]:
            memset(C.best + idx, C.ekey, n * n - idx)
            C.nleaves = 0
            break
    for kk in range(k, n):
        if kk % r == 0:
            for b in range(C.c):
                if not s.bandused[b]:
                    break
            R = b * r
        else:
            R = (s.rowsrc[kk - 1] // r) * r
            while s.rowused[R]:
                R += 1
        cn_take_row(C, s, kk, R)
    cn_leaf(C, s)
    return 0


cdef int cn_dfs(Canon *C, int d, int k) noexcept nogil:
    """Target rows k.. after the state C.st[d].  -1 once the search stops."""
    cdef CnState *s = &C.st[d]
    cdef CnState *nx = &C.st[d + 1]
    cdef int n = C.n, r = C.r, t, t0, t1, R, lo, hi, b, i, nc = 0, best_i, left
    cdef uint16_t *cands = C.cands + k * 2 * n
    cdef uint8_t *rows = C.rowbuf + k * 2 * n * n
    cdef uint64_t empty_bands, empty_rows_bands, pending
    cdef bint first
    cdef uint8_t pend[128]
    cdef uint8_t worse[128]
    cdef uint8_t tab[65]
    cdef bint empty
    if cn_tick(C) < 0:
        return -1
    if k == n:
        cn_leaf(C, s)
        return 0
    if k:
        left = 0
        for R in range(n):
            if not s.rowused[R] and not C.rowempty[s.t][R]:
                left = 1
                break
        if not left:
            return cn_tail(C, s, k)
        t0 = s.t
        t1 = s.t + 1
    else:
        left = 0
        for R in range(n):
            if not C.rowempty[0][R]:
                left = 1
                break
        if not left:
            s.t = 0
            return cn_tail(C, s, 0)
        t0 = 0
        t1 = C.ntrans
    # The rows that may come next: one empty row a band, one wholly empty band (in
    # patminlex's second pass, the row its placement has there).
    if C.patmode == 2:
        t0 = C.fixed.t
        t1 = t0
        cands[0] = <uint16_t>(t0 * 64 + C.fixed.rowsrc[k])
        nc = 1
    first = k % r == 0
    for t in range(t0, t1):
        if first:
            lo = 0
            hi = n
        else:
            lo = C.bandof[s.rowsrc[k - 1]] * r
            hi = lo + r
        empty_bands = 0
        empty_rows_bands = 0
        for R in range(lo, hi):
            b = C.bandof[R]
            if s.rowused[R] or first and s.bandused[b]:
                continue
            if C.rowempty[t][R]:
                if empty_rows_bands >> b & 1:
                    continue
                empty_rows_bands |= (<uint64_t>1) << b
            if first:
                i = 0
                while i < r and C.rowempty[t][b * r + i]:
                    i += 1
                if i == r:
                    if empty_bands:
                        continue
                    empty_bands = 1
            cands[nc] = <uint16_t>(t * 64 + R)
            nc += 1
    # Rows placed row by row: the least of their rows is followed.  An empty row is all
    # empty keys (the least row under minlex) and changes no tie.
    best_i = -1
    pending = cn_pending_mask(C, s)
    cn_keytab(C, s, k, tab)
    if C.ekey == 0:
        for i in range(nc):
            if C.rowempty[cands[i] // 64][cands[i] % 64]:
                best_i = i
                break
    for i in range(nc):
        t = cands[i] // 64
        R = cands[i] % 64
        if C.rowempty[t][R]:
            pend[i] = 0
            memset(rows + i * n, C.ekey, n)
        else:
            pend[i] = (C.rowbits[t][R] & pending) != 0
            worse[i] = 1
            if pend[i] or C.ekey == 0 and best_i >= 0 and C.rowempty[cands[best_i] // 64][
                    cands[best_i] % 64]:
                continue
            if cn_refine(C, s, t, k, R, tab, rows + i * n, False,
                         rows + best_i * n if best_i >= 0 else C.best + k * n):
                continue
            worse[i] = 0
        if best_i < 0 or bytes_cmp(rows + i * n, rows + best_i * n, n) < 0:
            best_i = i
    if best_i >= 0:
        b = bytes_cmp(rows + best_i * n, C.best + k * n, n)
        if b < 0:
            C.nleaves = 0
            memcpy(C.best + k * n, rows + best_i * n, n)
            memset(C.best + (k + 1) * n, CN_INF, n * n - (k + 1) * n)
        if b <= 0:
            empty = C.rowempty[cands[best_i] // 64][cands[best_i] % 64]
            for i in range(nc):
                t = cands[i] // 64
                R = cands[i] % 64
                if pend[i] or C.rowempty[t][R] != empty or not empty and worse[i]:
                    continue
                if not empty and bytes_cmp(rows + i * n, C.best + k * n, n) != 0:
                    continue
                memcpy(nx, s, sizeof(CnState))
                nx.t = <uint8_t>t
                cn_take_row(C, nx, k, R)
                if empty:
                    nx.base[k + 1] = nx.base[k]
                    if cn_dfs(C, d + 1, k + 1) < 0:
                        return -1
                    continue
                cn_refine(C, nx, t, k, R, tab, rows + i * n, True, NULL)
                if cn_next_row(C, d + 1, k) < 0:
                    return -1
    # Rows with pending values: position by position.
    for i in range(nc):
        if not pend[i]:
            continue
        t = cands[i] // 64
        R = cands[i] % 64
        memcpy(nx, s, sizeof(CnState))
        nx.t = <uint8_t>t
        cn_take_row(C, nx, k, R)
        if cn_walk(C, d + 1, k, 0) < 0:
            return -1
    return 0


cdef int canon_pass(Canon *C, const uint8_t *values, int ekey, int patmode) noexcept nogil:
    """One search over the grid: C.best and C.beststate."""
    cdef int n = C.n, r = C.r, c = C.c, i, j, t, p
    cdef CnState *s = &C.st[0]
    C.ekey = <uint8_t>ekey
    C.patmode = patmode
    C.nleaves = 0
    memset(C.best, CN_INF, n * n)
    memset(s, 0, sizeof(CnState))
    for p in range(n):
        s.pos2col[p] = <uint8_t>p
        s.col2pos[p] = <uint8_t>p
        s.cstart[p] = (p % c == 0)
    s.cstart[n] = 1
    s.sstart[0] = 1
    s.sstart[r] = 1
    memset(s.intro_row, CN_NONE, sizeof(s.intro_row))
    C.stop = 0
    cn_dfs(C, 0, 0)
    return C.stop


cdef int canon_run(Canon *C, const uint8_t *values, int form, int64_t budget) noexcept nogil:
    """Canonicalize one grid (C allocated for its shape): C.best holds the keys and
    C.beststate the placement.  CN_OK, CN_INVALID (a value above n, or a value that repeats
    in a unit), CN_STOPPED
    (Ctrl-C or the batch's stop flag) or CN_BUDGET (more than `budget` nodes)."""
    cdef int n = C.n, r = C.r, c = C.c, i, j, t, full, v, b, rb
    cdef uint64_t seen[192]
    cdef uint64_t bit
    cdef CnState *s
    # A value above n, or one that repeats in a row, column or box (one pass, masks).
    memset(seen, 0, sizeof(seen))
    for i in range(n):
        rb = C.bandof[i] * r
        for j in range(n):
            v = values[i * n + j]
            if v == 0:
                continue
            if v > n:
                return CN_INVALID
            bit = (<uint64_t>1) << (v - 1)
            b = rb + C.stackof[j]
            if (seen[i] | seen[64 + j] | seen[128 + b]) & bit:
                return CN_INVALID
            seen[i] |= bit
            seen[64 + j] |= bit
            seen[128 + b] |= bit
    C.ntrans = 2 if r == c and n > 1 else 1
    C.g[0] = values
    for i in range(n):
        for j in range(n):
            C.gt[i * n + j] = values[j * n + i]
    C.g[1] = C.gt
    for i in range(n):
        C.rowbits[0][i] = seen[i]
        C.rowbits[1][i] = seen[64 + i]
        C.rowempty[0][i] = seen[i] == 0
        C.rowempty[1][i] = seen[64 + i] == 0
    C.nodes = 0
    C.checkat = 0
    C.walks = 0
    C.resolve = CN_RESOLVE
    C.budget = budget
    full = 1
    for i in range(n * n):
        if not values[i]:
            full = 0
            break
    if full and n > 1 and (C.path == 2 or C.path == 0 and n <= 36):
        # A full grid: its own search (_core_canon9.pxi), by table for 9x9.  From 49x49 on,
        # its branching over a stack's column orders (c!) costs more than the general
        # search's ties (64x64 grids: past 20M steps where the general search takes 2-4M).
        return cn_grid9(C) if r == 3 and c == 3 and C.path == 0 else cn_gridfull(C)
    if form == CN_PATMINLEX and not full:
        # The least pattern first, then the least string with that pattern (a full grid
        # has one pattern: its patminlex form is its minlex form).
        if canon_pass(C, values, 0, 1):
            return C.stop
        # Every placement of the least pattern leaves its columns tied where their
        # patterns are: the least string is the least over these placements, rows fixed.
        memset(C.best, CN_INF, n * n)
        C.patmode = 2
        for i in range(C.nleaves):
            C.fixed = &C.leaves[i]
            s = &C.st[0]
            memcpy(s, C.fixed, sizeof(CnState))
            memset(s.rowused, 0, sizeof(s.rowused))
            memset(s.bandused, 0, sizeof(s.bandused))
            memset(s.label, 0, sizeof(s.label))
            memset(s.intro_row, CN_NONE, sizeof(s.intro_row))
            s.base[0] = 0
            cn_dfs(C, 0, 0)
            if C.stop:
                return C.stop
        return CN_OK
    return canon_pass(C, values, CN_EMPTY_HI if form == CN_MAXLEX else 0, 0)


cdef void canon_output(Canon *C, int form, uint8_t *out) noexcept nogil:
    """The canonical grid's values (0 empty) from the best keys."""
    cdef int i, key, n = C.n
    for i in range(n * n):
        key = C.best[i]
        if key == C.ekey:
            out[i] = 0
        else:
            out[i] = <uint8_t>(n + 1 - key if form == CN_MAXLEX else key)


cdef void canon_digits(Canon *C, int form, uint8_t *digits) noexcept nogil:
    """digits[v] = the value v becomes (digits[0] = 0); values absent from the grid take
    the values left, in order."""
    cdef int v, n = C.n, nxt = 1
    cdef CnState *s = &C.beststate
    cdef uint8_t used[65]
    memset(used, 0, sizeof(used))
    digits[0] = 0
    for v in range(1, n + 1):
        digits[v] = s.label[v] if s.intro_row[v] != CN_NONE else 0
        used[digits[v]] = 1
    for v in range(1, n + 1):
        if not digits[v]:
            while used[nxt]:
                nxt += 1
            digits[v] = <uint8_t>nxt
            used[nxt] = 1
    if form == CN_MAXLEX:
        for v in range(1, n + 1):
            digits[v] = <uint8_t>(n + 1 - digits[v])


cdef int canon_raise(int rc) except -1:
    """Raise for a search that did not finish: the signal handler's exception (already
    set) or KeyboardInterrupt for CN_STOPPED, MemoryError, RuntimeError('budget')."""
    if rc == CN_STOPPED:
        if PyErr_Occurred() != NULL:
            return -1
        raise KeyboardInterrupt()
    if rc == CN_NOMEM:
        raise MemoryError()
    if rc == CN_BUDGET:
        raise RuntimeError("budget")
    return 0


def _canonical(bytes values, int r, int c, int form, int64_t budget, int path=0):
    """(canonical values, transposed, rows, cols, digits, search steps, steps of rows placed
    position by position): the canonical grid and the transformation that makes it:
    output[i][j] = digits[source[rows[i]][cols[j]]], source the grid or (transposed) its
    transpose.  None for a grid whose givens repeat in a unit; RuntimeError('budget') past
    `budget` steps; KeyboardInterrupt on Ctrl-C.  `path` (for the tests): a full grid's own
    search (0), the general search (1), or a full grid's search without the 9x9 table (2)."""
    cdef const Geometry *geo = geometry_for(r, c)
    cdef const uint8_t *p = _checked_values(values, geo)
    cdef Canon C
    cdef int rc, n = r * c
    cdef bytes out = PyBytes_FromStringAndSize(NULL, n * n)
    cdef bytes digits = PyBytes_FromStringAndSize(NULL, n + 1)
    cdef uint8_t *outp = <uint8_t *>PyBytes_AS_STRING(out)
    cdef uint8_t *digp = <uint8_t *>PyBytes_AS_STRING(digits)
    memset(&C, 0, sizeof(Canon))
    C.path = path
    with nogil:
        rc = canon_alloc(&C, r, c)
        if rc == CN_OK:
            rc = canon_run(&C, p, form, budget)
        if rc == CN_OK:
            canon_output(&C, form, outp)
            canon_digits(&C, form, digp)
    try:
        if rc == CN_INVALID:
            return None
        if rc != CN_OK:
            canon_raise(rc)
        rows = bytes([C.beststate.rowsrc[i] for i in range(n)])
        cols = bytes([C.beststate.pos2col[i] for i in range(n)])
        return out, bool(C.beststate.t), rows, cols, digits, C.nodes, C.walks
    finally:
        canon_free(&C)


def _canonical_rows(const uint8_t[:, ::1] rows, int r, int c, int form, int64_t budget,
                    Py_ssize_t start, Py_ssize_t stop, uint8_t[:, ::1] out,
                    int8_t[::1] status, int64_t[::1] halt, bint interruptible=False):
    """Canonicalize rows[start:stop] without the GIL: out[i] the canonical values,
    status[i] 0 (done), 1 (a value repeats in a unit) or 2 (past the budget).  Stops early
    once halt[0] is set (rows left untouched)."""
    cdef const Geometry *geo = geometry_for(r, c)
    cdef Canon C
    cdef Py_ssize_t i
    cdef int rc = CN_OK
    cdef Interrupt mine, saved
    if rows.shape[1] != geo.ncells or out.shape[1] != geo.ncells or stop > rows.shape[0]:
        raise ValueError("rows and out do not match the grid")
    memset(&C, 0, sizeof(Canon))
    mine.stop = <long long *>&halt[0]
    mine.quiet = not interruptible
    with nogil:
        saved = fs_interrupt_swap(mine)
        rc = canon_alloc(&C, r, c)
        if rc == CN_OK:
            for i in range(start, stop):
                if fs_load(mine.stop):
                    break
                rc = canon_run(&C, &rows[i, 0], form, budget)
                if rc == CN_OK:
                    canon_output(&C, form, &out[i, 0])
                    status[i] = 0
                elif rc == CN_INVALID:
                    status[i] = 1
                elif rc == CN_BUDGET:
                    status[i] = 2
                else:
                    break
                rc = CN_OK
        fs_interrupt_swap(saved)
        canon_free(&C)
    if rc == CN_STOPPED and not fs_load(mine.stop):
        fs_store(mine.stop, 1)
    if rc == CN_NOMEM or rc == CN_STOPPED and PyErr_Occurred() != NULL:
        canon_raise(rc)
