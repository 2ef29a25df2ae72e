# The minlex form of a full 9x9 grid (3x3 boxes), by its top band, from a table.
#
# In the minlex grid the first row is 123456789 (any column order relabels the first row to
# it), so a choice of the top band's first row r1 (of 18: transposed or not, any row) and
# of the column order pi fixes the labels: a value's label is the place of its column in
# the first row.  The second row r2 (a row of r1's band) then reads
#     row2[p] = place of sigma(pi[p]),  sigma(col) = the column where r1 holds r2's value,
# a permutation that sends every stack elsewhere (the box rule) -- 12,096 of them.  Given
# the first stack and the order of its three columns (18 choices), the least second row is
# forced: each column sigma shows first takes the next place of its stack's target stack,
# a stack not seen yet becomes the next target stack, and a target place that comes up
# before any column went there takes the one column of its stack left (where more than one
# is left, the choice is worse than the least: the table's build checks it).  A table
# built at import (about 10 ms; a 0.7 MB index by Lehmer rank and the column orders)
# gives, for each sigma, the least second row over the 18 choices and the column orders
# reaching it.
#
# The search: the least second row over the 36 (r1, r2) pairs (36 table look-ups); for the
# pairs reaching it and their choices, the third row; for the choices giving the least top
# band, the other six rows are placed by sorting (rows within a band, bands by their first
# row), and the least grid is kept.  It reads the same string as the general search
# (_core_canon.pxi), in about 1.5 microseconds instead of 200; the tests compare the two.
# The same approach (the least top band first, the rest by sorting) is the Rust `sudoku`
# crate's; the table of second rows is ours.

cdef enum:
    G9_SIGMAS = 12096           # permutations of 9 columns sending every stack elsewhere
    G9_FACT9 = 362880
    G9_CANDS = 648              # (r1, r2, first stack, its order) choices: 36 * 18
    G9_PIS = 18 * G9_SIGMAS     # at most 18 choices reach each least second row

cdef uint8_t G9_PERM3[6][3]
G9_PERM3[:] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
cdef int G9_FACT[9]
G9_FACT[:] = [40320, 5040, 720, 120, 24, 6, 2, 1, 1]

cdef uint64_t G9_BRANCH = (<uint64_t>1) << 63
cdef uint16_t g9_index[G9_FACT9]  # Lehmer rank of sigma -> its entry + 1 (0: not a sigma)
cdef uint64_t g9_key[G9_SIGMAS]  # the least second row (places, 4 bits each, first high)
cdef uint32_t g9_first[G9_SIGMAS + 1]  # its column orders: g9_pis[g9_first[e]:g9_first[e+1]]
cdef uint64_t g9_pis[G9_PIS]    # column orders reaching it (source columns, 4 bits each)
cdef uint8_t g9_below[512]      # bits of a 9-bit mask


cdef inline int g9_rank(const uint8_t *sigma) noexcept nogil:
    """The Lehmer rank of a permutation of 0..8."""
    cdef int i, v, rank = 0
    cdef unsigned used = 0
    for i in range(8):
        v = sigma[i]
        rank += (v - g9_below[used & ((1u << v) - 1)]) * G9_FACT[i]
        used |= 1u << v
    return rank


cdef uint64_t g9_second(const uint8_t *sigma, int choice, uint8_t *pi,
                        uint8_t *place) noexcept nogil:
    """The least second row (places packed 4 bits each) for sigma with the first stack and
    its order `choice`; pi[target place] = source column and place[source column] = target
    place filled in.  A place that comes up with more than one column to take it ends the
    search (G9_BRANCH set): the key is then the places so far followed by zeros, a lower
    bound of the second rows down that path."""
    cdef int s1 = choice // 6, order = choice % 6, p, k, q, col, S, T, left, ntarget = 1
    cdef int8_t target[3]      # source stack -> target stack (-1: not seen)
    cdef int8_t source[3]      # target stack -> source stack
    cdef uint8_t fill[3]
    cdef uint64_t key = 0
    memset(place, 0xFF, 9)
    memset(pi, 0xFF, 9)
    target[0] = target[1] = target[2] = -1
    target[s1] = 0
    source[0] = <int8_t>s1
    fill[0] = 3
    fill[1] = fill[2] = 0
    for k in range(3):
        col = 3 * s1 + G9_PERM3[order][k]
        pi[k] = <uint8_t>col
        place[col] = <uint8_t>k
    for p in range(9):
        col = pi[p]
        if col == 0xFF:
            # The target stack's places left: the source stack's one column not placed.
            T = p // 3
            if T >= ntarget:
                return G9_BRANCH | (key << (4 * (9 - p)))
            S = source[T]
            left = 0
            for k in range(3 * S, 3 * S + 3):
                if place[k] == 0xFF:
                    left += 1
                    col = k
            if left != 1:
                return G9_BRANCH | (key << (4 * (9 - p)))
            pi[p] = <uint8_t>col
            place[col] = <uint8_t>p
            fill[T] += 1
        q = sigma[col]
        if place[q] == 0xFF:
            S = q // 3
            if target[S] < 0:
                target[S] = <int8_t>ntarget
                source[ntarget] = <int8_t>S
                ntarget += 1
            T = target[S]
            place[q] = <uint8_t>(3 * T + fill[T])
            pi[3 * T + fill[T]] = <uint8_t>q
            fill[T] += 1
        key = (key << 4) | place[q]
    return key


cdef int g9_build() except -1:
    """Fill the tables: every sigma (permutations of 0..8 in Heap's order, those sending
    each stack elsewhere kept), its least second row and the choices reaching it."""
    cdef uint8_t sigma[9]
    cdef uint8_t pi[9]
    cdef uint8_t place[9]
    cdef int cnt[9]
    cdef int i, j, choice, nsig = 0, ok, npis = 0
    cdef uint64_t key, least, bound, packed
    cdef uint32_t mask
    for i in range(512):
        g9_below[i] = <uint8_t>popcount(i)
    memset(g9_index, 0, sizeof(g9_index))
    for i in range(9):
        sigma[i] = <uint8_t>i
        cnt[i] = 0
    i = 0
    while True:
        ok = 1
        for j in range(9):
            if sigma[j] // 3 == j // 3:
                ok = 0
                break
        if ok:
            least = G9_BRANCH
            mask = 0
            bound = G9_BRANCH
            for choice in range(18):
                key = g9_second(sigma, choice, pi, place)
                if key & G9_BRANCH:
                    bound = min(bound, key ^ G9_BRANCH)
                    continue
                if key < least:
                    least = key
                    mask = 0
                if key == least:
                    mask |= 1u << choice
            # A choice that branches must be worse than the least: its places before the
            # branch, followed by zeros, already exceed it.
            if bound <= least:
                raise AssertionError("9x9 canonical table: a branch may reach the least row")
            g9_key[nsig] = least
            g9_first[nsig] = npis
            for choice in range(18):
                if not (mask >> choice) & 1:
                    continue
                g9_second(sigma, choice, pi, place)
                packed = 0
                for j in range(9):
                    packed = (packed << 4) | pi[j]
                g9_pis[npis] = packed
                npis += 1
            nsig += 1
            g9_index[g9_rank(sigma)] = <uint16_t>nsig
        # Heap's algorithm, iterative: the next permutation by one swap.
        while i < 9 and cnt[i] >= i:
            cnt[i] = 0
            i += 1
        if i == 9:
            break
        if i % 2 == 0:
            sigma[0], sigma[i] = sigma[i], sigma[0]
        else:
            sigma[cnt[i]], sigma[i] = sigma[i], sigma[cnt[i]]
        cnt[i] += 1
        i = 0
    if nsig != G9_SIGMAS:
        raise AssertionError("9x9 canonical table: %d permutations" % nsig)
    g9_first[nsig] = npis
    return 0


g9_build()


ctypedef struct G9Cand:
    uint8_t t, r1, r2, r3
    uint8_t pi[9]
    uint8_t place[9]


cdef inline uint64_t g9_row(const uint8_t *row, const uint8_t *pi,
                            const uint8_t *label) noexcept nogil:
    """A row read through the column order pi and the labels (packed 4 bits each)."""
    cdef uint64_t key = 0
    cdef int p
    for p in range(9):
        key = (key << 4) | label[row[pi[p]]]
    return key


cdef int cn_grid9(Canon *C) noexcept nogil:
    """The minlex form of the full, valid 9x9 grid C.g[0] (C.g[1] its transpose): C.best
    (keys: labels 1..9) and C.beststate (rows, columns, transposition, labels)."""
    cdef uint8_t col_of[2][9][10]     # [t][row][value] -> column
    cdef uint8_t sigma[9]
    cdef uint8_t label[10]
    cdef uint8_t tmp_pi[9]
    cdef uint8_t tmp_place[9]
    cdef uint8_t pairs[36][4]         # t, r1, r2, r3 of the pairs reaching the least row 2
    cdef uint16_t pentry[36]
    cdef uint8_t tau[9]
    cdef G9Cand cands[G9_CANDS]
    cdef G9Cand *cd
    cdef uint64_t least2 = ~(<uint64_t>0), least3 = ~(<uint64_t>0), key
    cdef uint64_t rest[6]
    cdef uint64_t best[6]
    cdef uint8_t bestrows[6]
    cdef uint8_t rows[6]
    cdef uint64_t bk[2][3]
    cdef uint8_t br[2][3]
    cdef int t, b, r1, r2, i, j, k, v, npairs = 0, ncands = 0, bestc = -1
    cdef int ob, lo, u, x
    cdef uint32_t e
    cdef uint64_t packed
    cdef const uint8_t *g
    cdef CnState *s
    for t in range(2):
        g = C.g[t]
        for i in range(9):
            for j in range(9):
                col_of[t][i][g[i * 9 + j]] = <uint8_t>j
    # The least second row over the 36 (r1, r2) pairs.
    for t in range(2):
        g = C.g[t]
        for b in range(3):
            for r1 in range(3 * b, 3 * b + 3):
                for r2 in range(3 * b, 3 * b + 3):
                    if r2 == r1:
                        continue
                    for j in range(9):
                        sigma[j] = col_of[t][r1][g[r2 * 9 + j]]
                    k = g9_index[g9_rank(sigma)] - 1
                    key = g9_key[k]
                    if key > least2:
                        continue
                    if key < least2:
                        least2 = key
                        npairs = 0
                    pairs[npairs][0] = <uint8_t>t
                    pairs[npairs][1] = <uint8_t>r1
                    pairs[npairs][2] = <uint8_t>r2
                    pairs[npairs][3] = <uint8_t>(9 * b + 3 - r1 - r2)
                    pentry[npairs] = <uint16_t>k
                    npairs += 1
    # Their column orders: the least third row.
    for i in range(npairs):
        t = pairs[i][0]
        r1 = pairs[i][1]
        g = C.g[t]
        for j in range(9):
            tau[j] = col_of[t][r1][g[pairs[i][3] * 9 + j]]
        for e in range(g9_first[pentry[i]], g9_first[pentry[i] + 1]):
            packed = g9_pis[e]
            for j in range(9):
                tmp_pi[8 - j] = <uint8_t>(packed & 15)
                tmp_place[packed & 15] = <uint8_t>(8 - j)
                packed >>= 4
            key = 0
            for j in range(9):
                key = (key << 4) | tmp_place[tau[tmp_pi[j]]]
            if key > least3:
                continue
            if key < least3:
                least3 = key
                ncands = 0
            cd = &cands[ncands]
            cd.t = <uint8_t>t
            cd.r1 = <uint8_t>r1
            cd.r2 = pairs[i][2]
            cd.r3 = pairs[i][3]
            memcpy(cd.pi, tmp_pi, 9)
            memcpy(cd.place, tmp_place, 9)
            ncands += 1
    # Each top band: the other rows sorted within their bands, bands by their first row.
    for i in range(ncands):
        cd = &cands[i]
        g = C.g[cd.t]
        label[0] = 0
        for v in range(1, 10):
            label[v] = cd.place[col_of[cd.t][cd.r1][v]]
        b = cd.r1 // 3
        ob = 0
        for u in range(3):
            if u == b:
                continue
            for k in range(3):
                x = 3 * u + k
                key = g9_row(&g[x * 9], cd.pi, label)
                # insertion into the band's sorted three
                j = k
                while j > 0 and bk[ob][j - 1] > key:
                    bk[ob][j] = bk[ob][j - 1]
                    br[ob][j] = br[ob][j - 1]
                    j -= 1
                bk[ob][j] = key
                br[ob][j] = <uint8_t>x
            ob += 1
        lo = 0 if bk[0][0] < bk[1][0] else 1
        for k in range(3):
            rest[k] = bk[lo][k]
            rows[k] = br[lo][k]
            rest[3 + k] = bk[1 - lo][k]
            rows[3 + k] = br[1 - lo][k]
        if bestc >= 0:
            k = 0
            while k < 6 and rest[k] == best[k]:
                k += 1
            if k == 6 or rest[k] > best[k]:
                continue
        bestc = i
        memcpy(best, rest, sizeof(best))
        memcpy(bestrows, rows, 6)
    cd = &cands[bestc]
    s = &C.beststate
    memset(s, 0, sizeof(CnState))
    s.t = cd.t
    s.rowsrc[0] = cd.r1
    s.rowsrc[1] = cd.r2
    s.rowsrc[2] = cd.r3
    memcpy(&s.rowsrc[3], bestrows, 6)
    memcpy(s.pos2col, cd.pi, 9)
    for j in range(9):
        s.col2pos[cd.pi[j]] = <uint8_t>j
    memset(s.intro_row, 0, sizeof(s.intro_row))
    for v in range(1, 10):
        s.label[v] = <uint8_t>(cd.place[col_of[cd.t][cd.r1][v]] + 1)
    g = C.g[cd.t]
    for i in range(9):
        for j in range(9):
            C.best[i * 9 + j] = s.label[g[s.rowsrc[i] * 9 + cd.pi[j]]]
    C.nodes = ncands
    return CN_OK


# The minlex form of a full grid of any other shape, the same way without the table: the
# first row r1 fixes the labels, and for each second row r2 (a row of r1's band; any other
# row when bands are one row) the least second row over the column orders is searched
# place by place.  A place whose column is not known yet branches over the columns that
# may come there (those of its target stack's source stack, or of any stack not placed
# yet when the place opens a target stack); a column sigma shows that has no place yet
# takes the least one it can (the next place of its target stack, or the first place of
# the next target stack), which is forced.  The best second row is kept across all (r1,
# r2) and a branch making a greater place is cut; each column order reaching the least
# second row (a leaf) is completed at once by sorting the other rows, as for 9x9.
#
# Two leaves making the same string differ by an automorphism of the grid (a
# transformation taking it to itself).  Each one found joins the (t, r1, r2) pairs it maps
# onto each other (union-find); a pair whose class holds a pair already searched is
# skipped, since its search is that pair's, moved by the automorphism: the same strings.
# This is McKay's orbit pruning at the first level; grids with many automorphisms (the
# pattern grids) would otherwise search every pair's copy of the same tree.

ctypedef struct GfState:
    uint8_t place[64]      # source column -> target place (0xFF: none yet)
    uint8_t pi[64]         # target place -> source column (0xFF: none yet)
    uint8_t target[64]     # source stack -> target stack (0xFF: none yet)
    uint8_t source[64]     # target stack -> source stack
    uint8_t fill[64]       # target stack -> places filled
    int ntarget


ctypedef struct GfSearch:
    uint8_t best[64]       # the least second row so far (0xFF: not known)
    bint full              # C.best and C.beststate hold a leaf with that second row
    uint8_t t, r1, r2      # the pair searched
    const uint8_t *sigma
    uint8_t *col_of        # [t][row][value] -> column, 2 x 64 x 65
    uint8_t *keys          # n x n: a leaf's rows by source row
    uint8_t *cand          # n x n: its string
    uint8_t *bk            # n x n: rows being sorted
    uint16_t *parent       # union-find over the pairs (t * 64 + r1) * 64 + r2
    uint8_t *searched      # per class root: a pair of the class was searched


cdef inline int gf_find(GfSearch *G, int x) noexcept nogil:
    while G.parent[x] != x:
        G.parent[x] = G.parent[G.parent[x]]
        x = G.parent[x]
    return x


cdef inline void gf_union(GfSearch *G, int a, int b) noexcept nogil:
    a = gf_find(G, a)
    b = gf_find(G, b)
    if a != b:
        G.parent[b] = <uint16_t>a
        G.searched[a] |= G.searched[b]


cdef void gf_sort_rows(uint8_t *rows, uint8_t *keys, int count, int n) noexcept nogil:
    """Sort `count` rows (source row numbers) by their keys (n bytes each), in place."""
    cdef int i, j
    cdef uint8_t R
    cdef uint8_t tmp[64]
    for i in range(1, count):
        R = rows[i]
        memcpy(tmp, keys + i * n, n)
        j = i
        while j > 0 and bytes_cmp(keys + (j - 1) * n, tmp, n) > 0:
            rows[j] = rows[j - 1]
            memcpy(keys + j * n, keys + (j - 1) * n, n)
            j -= 1
        rows[j] = R
        memcpy(keys + j * n, tmp, n)


cdef void gf_leaf(Canon *C, GfSearch *G, const uint8_t *pi) noexcept nogil:
    """A column order reaching the least second row: its string (the other rows sorted
    within their bands, the top band's after r1 and r2, the other bands by their first
    rows), kept if least; equal to the best, the automorphism joins pairs."""
    cdef int n = C.n, r = C.r, i, j, v, b, k, nb, lo, a, t = G.t, tb
    cdef uint8_t place[64]
    cdef uint8_t label[65]
    cdef uint8_t order[64]      # target row -> source row
    cdef uint8_t bandfirst[64]
    cdef uint8_t rowmap[64]
    cdef uint8_t colmap[64]
    cdef const uint8_t *g = C.g[t]
    cdef uint8_t *keys = G.keys
    cdef uint8_t *bk = G.bk
    cdef uint8_t *cand = G.cand
    # (completing a leaf costs about n search steps: the budget counts it so)
    C.nodes += n
    for j in range(n):
        place[pi[j]] = <uint8_t>j
    label[0] = 0
    for v in range(1, n + 1):
        label[v] = <uint8_t>(place[G.col_of[(t * 64 + G.r1) * 65 + v]] + 1)
    for k in range(n):
        for j in range(n):
            keys[k * n + j] = label[g[k * n + pi[j]]]
    order[0] = G.r1
    order[1] = G.r2
    k = 2
    for b in range(n // r):
        if b == G.r1 // r or b == G.r2 // r:
            lo = k
            for j in range(b * r, b * r + r):
                if j != G.r1 and j != G.r2:
                    order[k] = <uint8_t>j
                    memcpy(bk + k * n, keys + j * n, n)
                    k += 1
            gf_sort_rows(order + lo, bk + lo * n, k - lo, n)
    nb = 0
    for b in range(n // r):
        if b == G.r1 // r or b == G.r2 // r:
            continue
        for j in range(r):
            order[k + j] = <uint8_t>(b * r + j)
            memcpy(bk + (k + j) * n, keys + (b * r + j) * n, n)
        gf_sort_rows(order + k, bk + k * n, r, n)
        bandfirst[nb] = <uint8_t>k
        nb += 1
        k += r
    # the bands by their first rows (insertion sort of whole bands; cand is scratch here)
    for j in range(1, nb):
        b = j
        while b > 0 and bytes_cmp(bk + bandfirst[b - 1] * n, bk + bandfirst[b] * n, n) > 0:
            for v in range(r):
                order[bandfirst[b - 1] + v], order[bandfirst[b] + v] = (
                    order[bandfirst[b] + v], order[bandfirst[b - 1] + v])
                memcpy(cand, bk + (bandfirst[b - 1] + v) * n, n)
                memcpy(bk + (bandfirst[b - 1] + v) * n, bk + (bandfirst[b] + v) * n, n)
                memcpy(bk + (bandfirst[b] + v) * n, cand, n)
            b -= 1
    for k in range(n):
        memcpy(cand + k * n, keys + order[k] * n, n)
    if G.full:
        v = bytes_cmp(cand, C.best, n * n)
        if v > 0:
            return
        if v == 0:
            # An automorphism: this leaf's rows and columns onto the best one's; the
            # transposed frame's rows are the columns.
            tb = C.beststate.t
            for i in range(n):
                rowmap[order[i]] = C.beststate.rowsrc[i]
                colmap[pi[i]] = C.beststate.pos2col[i]
            for a in range(n):
                for b in range(n):
                    if b == a or r > 1 and b // r != a // r:
                        continue
                    gf_union(G, (t * 64 + a) * 64 + b, (tb * 64 + rowmap[a]) * 64 + rowmap[b])
                    if C.ntrans == 2:
                        gf_union(G, ((1 - t) * 64 + a) * 64 + b,
                                 ((1 - tb) * 64 + colmap[a]) * 64 + colmap[b])
            return
    G.full = True
    memcpy(C.best, cand, n * n)
    memset(&C.beststate, 0, sizeof(CnState))
    C.beststate.t = <uint8_t>t
    memcpy(C.beststate.rowsrc, order, n)
    memcpy(C.beststate.pos2col, pi, n)
    for j in range(n):
        C.beststate.col2pos[pi[j]] = <uint8_t>j
    memcpy(C.beststate.label, label, n + 1)
    memset(C.beststate.intro_row, 0, sizeof(C.beststate.intro_row))


cdef int gf_dfs(Canon *C, GfSearch *G, GfState *S, int p) noexcept nogil:
    """Places p.. of the second row; -1 once the search stops (C.stop)."""
    cdef int n = C.n, c = C.c, col, q, T, St, x, lab
    cdef GfState nx
    if cn_tick(C) < 0:
        return -1
    while p < n:
        col = S.pi[p]
        if col == 0xFF:
            T = p // c
            for x in range(n):
                if S.place[x] != 0xFF:
                    continue
                St = C.stackof[x]
                if T < S.ntarget and St != S.source[T]:
                    continue
                if T >= S.ntarget and S.target[St] != 0xFF:
                    continue
                memcpy(&nx, S, sizeof(GfState))
                if T >= nx.ntarget:
                    nx.target[St] = <uint8_t>T
                    nx.source[T] = <uint8_t>St
                    nx.fill[T] = 0
                    nx.ntarget = T + 1
                nx.pi[p] = <uint8_t>x
                nx.place[x] = <uint8_t>p
                nx.fill[T] += 1
                if gf_dfs(C, G, &nx, p) < 0:
                    return -1
            return 0
        q = G.sigma[col]
        if S.place[q] == 0xFF:
            St = C.stackof[q]
            if S.target[St] == 0xFF:
                T = S.ntarget
                S.target[St] = <uint8_t>T
                S.source[T] = <uint8_t>St
                S.fill[T] = 0
                S.ntarget += 1
            T = S.target[St]
            S.place[q] = <uint8_t>(T * c + S.fill[T])
            S.pi[T * c + S.fill[T]] = <uint8_t>q
            S.fill[T] += 1
        lab = S.place[q]
        if lab > G.best[p]:
            return 0
        if lab < G.best[p]:
            G.best[p] = <uint8_t>lab
            memset(G.best + p + 1, 0xFF, 63 - p)
            G.full = False
        p += 1
    gf_leaf(C, G, S.pi)
    return 0


cdef int cn_gridfull(Canon *C) noexcept nogil:
    """The minlex form of the full, valid grid C.g[0] (C.g[1] its transpose, square boxes):
    C.best and C.beststate.  CN_OK, or C.stop's code (budget, Ctrl-C, memory)."""
    cdef int n = C.n, r = C.r, t, r1, r2, i, j, pair, rc = CN_OK
    cdef GfSearch G
    cdef GfState S
    cdef uint8_t sigma[64]
    cdef const uint8_t *g
    memset(&G, 0, sizeof(GfSearch))
    memset(G.best, 0xFF, 64)
    G.col_of = <uint8_t *>malloc(2 * 64 * 65)
    G.keys = <uint8_t *>malloc(n * n)
    G.cand = <uint8_t *>malloc(n * n)
    G.bk = <uint8_t *>malloc(n * n)
    G.parent = <uint16_t *>malloc(2 * 64 * 64 * sizeof(uint16_t))
    G.searched = <uint8_t *>calloc(2 * 64 * 64, 1)
    if (G.col_of == NULL or G.keys == NULL or G.cand == NULL or G.bk == NULL
            or G.parent == NULL or G.searched == NULL):
        rc = CN_NOMEM
    else:
        for i in range(2 * 64 * 64):
            G.parent[i] = <uint16_t>i
        for t in range(C.ntrans):
            g = C.g[t]
            for i in range(n):
                for j in range(n):
                    G.col_of[(t * 64 + i) * 65 + g[i * n + j]] = <uint8_t>j
    C.stop = 0
    for t in range(C.ntrans if rc == CN_OK else 0):
        g = C.g[t]
        for r1 in range(n):
            for r2 in range(n):
                if r2 == r1 or r > 1 and r2 // r != r1 // r:
                    continue
                pair = gf_find(&G, (t * 64 + r1) * 64 + r2)
                if G.searched[pair]:
                    continue
                G.searched[pair] = 1
                for j in range(n):
                    sigma[j] = G.col_of[(t * 64 + r1) * 65 + g[r2 * n + j]]
                memset(&S, 0xFF, sizeof(GfState))
                S.ntarget = 0
                G.t = <uint8_t>t
                G.r1 = <uint8_t>r1
                G.r2 = <uint8_t>r2
                G.sigma = sigma
                if gf_dfs(C, &G, &S, 0) < 0:
                    rc = C.stop
                    break
            if rc != CN_OK:
                break
        if rc != CN_OK:
            break
    free(G.col_of)
    free(G.keys)
    free(G.cand)
    free(G.bk)
    free(G.parent)
    free(G.searched)
    return rc
