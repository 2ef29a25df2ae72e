# The law of leftovers for killer cages, done at model build time (fastsudoku.variants
# calls leftover_sums before it makes the VariantModel).  Plain C loops over cell arrays:
# in Python, with cell sets as big ints, it was most of a killer's build (about 1 ms of
# 1.7 on a 9x9 killer with 29 cages).
#
# A region made of k houses holds each value k times, so its cells sum to k N(N+1)/2.
# Count each (non-overlapping, distinct, unit-coefficient) cage on its larger side of the
# region: the region's cells outside the cages counted in (A) sum to the region's total
# minus those cages' totals plus the cages' cells outside the region (B).  Each (A, B)
# becomes a sum of its own, A with coefficient 1 and B with -1.  The regions: every run
# of consecutive rows and of consecutive columns, the first and the last k boxes (or
# jigsaw regions), every box and every other house of N cells; for a single house, each
# cage with exactly one cell outside gives one more sum (the outie).


cdef class _Leftovers:
    """Scratch arrays of one leftover_sums call (freed with the object)."""
    cdef int n, ncells, nhouses, ncages
    cdef int32_t *cage_of        # ncells: the chosen cage holding the cell, or -1
    cdef int32_t *cage_start     # ncages + 1
    cdef int32_t *cage_cells
    cdef int64_t *cage_total
    cdef int32_t *count          # ncages: the region's cells in the cage
    cdef int32_t *house_start    # nhouses + 1
    cdef int32_t *house_cells
    cdef int32_t *cell_house_start  # ncells + 1
    cdef int32_t *cell_houses
    cdef int32_t *stamp          # ncells: the current region's cells
    cdef int32_t now
    cdef int32_t *hstamp         # ncells: a house's cells (_in_one_house)
    cdef int32_t hnow
    cdef int32_t *touched        # ncages
    cdef int32_t *a_cells        # ncells
    cdef int32_t *b_cells        # ncells
    cdef int32_t *c_cells        # ncells + 1

    def __dealloc__(self):
        free(self.cage_of)
        free(self.cage_start)
        free(self.cage_cells)
        free(self.cage_total)
        free(self.count)
        free(self.house_start)
        free(self.house_cells)
        free(self.cell_house_start)
        free(self.cell_houses)
        free(self.stamp)
        free(self.hstamp)
        free(self.touched)
        free(self.a_cells)
        free(self.b_cells)
        free(self.c_cells)


cdef void _sort_cells(int32_t *a, int k) noexcept nogil:
    """Insertion sort (the arrays are short, mostly sorted)."""
    cdef int i, j
    cdef int32_t x
    for i in range(1, k):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef bint _in_one_house(_Leftovers L, const int32_t *cells, int k):
    """Whether one house holds all k cells (k >= 1)."""
    cdef int i, j, h
    for i in range(L.cell_house_start[cells[0]], L.cell_house_start[cells[0] + 1]):
        h = L.cell_houses[i]
        L.hnow += 1
        for j in range(L.house_start[h], L.house_start[h + 1]):
            L.hstamp[L.house_cells[j]] = L.hnow
        for j in range(k):
            if L.hstamp[cells[j]] != L.hnow:
                break
        else:
            return True
    return False


cdef class _LeftoverOut:
    """What leftover_sums has found: the sums, and the (A, B, rest) keys already given."""
    cdef list sums
    cdef set seen
    cdef int most

    def __cinit__(self, int most):
        self.sums = []
        self.seen = set()
        self.most = most


cdef _add_leftover(_Leftovers L, _LeftoverOut out, const int32_t *a, int na,
                   const int32_t *bm, int nb, int64_t rest):
    """Keep the sum  A - B = rest  unless it is empty, seen, or long with every cell caged
    (the cages already say as much): long is more than `most` cells, and then more than N
    cells or more than 2 on each side."""
    cdef int i
    cdef bint uncaged = False
    if na + nb == 0:
        return
    if na + nb > out.most:
        for i in range(na):
            if L.cage_of[a[i]] < 0:
                uncaged = True
                break
        if na + nb > L.n or (na > 2 and nb > 2) or not uncaged:
            return
    key = (PyBytes_FromStringAndSize(<char *>a, na * sizeof(int32_t)),
           PyBytes_FromStringAndSize(<char *>bm, nb * sizeof(int32_t)), rest)
    if key in out.seen:
        return
    out.seen.add(key)
    cells = [a[i] for i in range(na)] + [bm[i] for i in range(nb)]
    coefs = [1] * na + [-1] * nb
    distinct = nb == 0 and _in_one_house(L, a, na)
    out.sums.append((cells, coefs, rest, distinct))


cdef _house_outies(_Leftovers L, _LeftoverOut out, const int32_t *region, int nr,
                   int64_t total, int ntouched):
    """The ISS's outies of a house (its optimizer's hidden cages): a cage of three or more
    cells with exactly one outside the house makes the house's cells in neither it nor a
    cage wholly inside (A) minus that outside cell (B) sum to the house's total less those
    cages' totals.  Counting on the larger side (_leftover_region) counts such a cage in
    with the cages half inside, and so yields another equation: Wecoc #1's box 1 gives
    r1c3 + r2c2 + r2c3 + r3c2 + r3c3 - r4c1 = 21 only this way.  L.count: the region's
    cells in each touched cage."""
    cdef int i, j, c, x, size, na
    cdef int64_t rest = total
    for i in range(ntouched):
        c = L.touched[i]
        if L.count[c] == L.cage_start[c + 1] - L.cage_start[c]:
            rest -= L.cage_total[c]
    for i in range(ntouched):
        c = L.touched[i]
        size = L.cage_start[c + 1] - L.cage_start[c]
        if size < 3 or L.count[c] != size - 1:
            continue
        na = 0
        for j in range(nr):
            x = L.cage_of[region[j]]
            if x != c and (x < 0 or L.count[x] != L.cage_start[x + 1] - L.cage_start[x]):
                L.c_cells[na] = region[j]
                na += 1
        for j in range(L.cage_start[c], L.cage_start[c + 1]):
            if L.stamp[L.cage_cells[j]] != L.now:
                L.c_cells[na] = L.cage_cells[j]
        _add_leftover(L, out, L.c_cells, na, L.c_cells + na, 1, rest - L.cage_total[c])


cdef _leftover_region(_Leftovers L, _LeftoverOut out, const int32_t *region, int nr,
                      int64_t total, bint single):
    """The leftover sums of one region (its cells sorted)."""
    cdef int i, j, c, ntouched = 0, na = 0, nb = 0, na2, nb2
    cdef int64_t rest = total
    cdef bint covered = False
    L.now += 1
    cdef int32_t mark = L.now
    for i in range(nr):
        L.stamp[region[i]] = mark
        c = L.cage_of[region[i]]
        if c >= 0:
            if L.count[c] == 0:
                L.touched[ntouched] = c
                ntouched += 1
            L.count[c] += 1
    if single:
        _sort_cells(L.touched, ntouched)  # the cages in their order (the sums' order)
        _house_outies(L, out, region, nr, total, ntouched)
    # A cage counted in has more than half its cells inside: count[c] becomes -1.  Its
    # cells outside go to B; A is the region's cells in no cage counted in.
    na = nr
    for i in range(ntouched):
        c = L.touched[i]
        if 2 * L.count[c] > L.cage_start[c + 1] - L.cage_start[c]:
            na -= L.count[c]
            nb += L.cage_start[c + 1] - L.cage_start[c] - L.count[c]
            covered = True
    if not single and (not covered or na + nb == 0
                       or na + nb > out.most and na + nb > L.n):
        # No sum, or one _add_leftover would drop (longer than it keeps, whatever its
        # cells), and a region not single has no outies: nothing to list (most of the
        # runs of rows and columns).
        for i in range(ntouched):
            L.count[L.touched[i]] = 0
        return
    if not single:
        _sort_cells(L.touched, ntouched)
    na = 0
    nb = 0
    covered = False
    for i in range(ntouched):
        c = L.touched[i]
        if 2 * L.count[c] > L.cage_start[c + 1] - L.cage_start[c]:
            rest -= L.cage_total[c]
            covered = True
            for j in range(L.cage_start[c], L.cage_start[c + 1]):
                if L.stamp[L.cage_cells[j]] != mark:
                    L.b_cells[nb] = L.cage_cells[j]
                    nb += 1
            L.count[c] = -1
    for i in range(nr):
        c = L.cage_of[region[i]]
        if c < 0 or L.count[c] >= 0:
            L.a_cells[na] = region[i]
            na += 1
    _sort_cells(L.b_cells, nb)
    if covered:  # else: the region's own sum, nothing new
        _add_leftover(L, out, L.a_cells, na, L.b_cells, nb, rest)
    if single:
        # Outies: a cage crossing the house with one cell outside (only two-cell cages
        # can: one more than half inside counts it in): A without the cage's cell, B
        # with the cell outside.
        for i in range(ntouched):
            c = L.touched[i]
            if L.count[c] < 0 or L.count[c] != L.cage_start[c + 1] - L.cage_start[c] - 1:
                continue
            na2 = 0
            for j in range(na):
                if L.cage_of[L.a_cells[j]] != c:
                    L.c_cells[na2] = L.a_cells[j]
                    na2 += 1
            nb2 = 0
            for j in range(L.cage_start[c], L.cage_start[c + 1]):
                if L.stamp[L.cage_cells[j]] != mark:
                    L.c_cells[na2 + nb2] = L.cage_cells[j]
                    nb2 += 1
            # B and the cell outside, in order, after A's cells in c_cells.
            for j in range(nb):
                L.c_cells[na2 + nb2 + j] = L.b_cells[j]
            _sort_cells(L.c_cells + na2, nb2 + nb)
            _add_leftover(L, out, L.c_cells, na2, L.c_cells + na2, nb2 + nb,
                          rest - L.cage_total[c])
    for i in range(ntouched):
        L.count[L.touched[i]] = 0


cdef bint _is_run(const int32_t *region, int nr, int n) noexcept nogil:
    """Whether the sorted, distinct cells of `region` are a run of whole rows (rows j..k)
    or of whole columns (columns j..k, not all n): leftover_sums makes those first."""
    cdef int i, lo, hi, col
    if nr == 0 or nr % n:
        return False
    if region[0] % n == 0 and region[nr - 1] - region[0] == nr - 1:
        return True
    if nr == n * n:
        return False
    lo = n
    hi = -1
    for i in range(nr):
        col = region[i] % n
        lo = min(lo, col)
        hi = max(hi, col)
    return (hi - lo + 1) * n == nr


def leftover_sums(int n, list houses, int nboxes, list sums, int most):
    """The law of leftovers' sums for the killer cages among `sums` (cells, coefs, total,
    distinct, ...): a list of (cells, coefs, total, distinct) to add to them.  houses: the
    grid's houses, rows then columns then the nboxes boxes (or jigsaw regions), then the
    others; most: the cells of a sum kept however it is made (see _add_leftover)."""
    cdef _Leftovers L = _Leftovers()
    cdef _LeftoverOut out = _LeftoverOut(most)
    cdef int ncells = n * n, i, j, k, x, r, c, nchosen = 0, ncc = 0, nh = len(houses), nr
    cdef int64_t unit = n * (n + 1) // 2
    L.n = n
    L.ncells = ncells
    L.nhouses = nh
    L.cage_of = <int32_t *>malloc(ncells * sizeof(int32_t))
    L.stamp = <int32_t *>calloc(ncells, sizeof(int32_t))
    L.hstamp = <int32_t *>calloc(ncells, sizeof(int32_t))
    L.a_cells = <int32_t *>malloc(ncells * sizeof(int32_t))
    L.b_cells = <int32_t *>malloc(ncells * sizeof(int32_t))
    L.c_cells = <int32_t *>malloc((ncells + 1) * sizeof(int32_t))
    if (L.cage_of == NULL or L.stamp == NULL or L.hstamp == NULL or L.a_cells == NULL
            or L.b_cells == NULL or L.c_cells == NULL):
        raise MemoryError()
    for x in range(ncells):
        L.cage_of[x] = -1
    # The cages: distinct sums with unit coefficients, no two sharing a cell.
    chosen = []
    for entry in sums:
        cells, coefs, total, distinct = entry[0], entry[1], entry[2], entry[3]
        if not distinct or not _unit_coefs(coefs):
            continue
        k = 0  # cells marked taken (-2, numbered below) by this sum
        for x in cells:
            if L.cage_of[x] != -1:  # another cage's, or listed twice
                break
            L.cage_of[x] = -2
            k += 1
        if k < len(cells):
            for x in cells[:k]:
                L.cage_of[x] = -1
            continue
        chosen.append((cells, total))
        ncc += len(cells)
    nchosen = len(chosen)
    if nchosen == 0:
        return []
    L.ncages = nchosen
    L.cage_start = <int32_t *>malloc((nchosen + 1) * sizeof(int32_t))
    L.cage_cells = <int32_t *>malloc((ncc + 1) * sizeof(int32_t))
    L.cage_total = <int64_t *>malloc(nchosen * sizeof(int64_t))
    L.count = <int32_t *>calloc(nchosen, sizeof(int32_t))
    L.touched = <int32_t *>malloc(nchosen * sizeof(int32_t))
    if (L.cage_start == NULL or L.cage_cells == NULL or L.cage_total == NULL
            or L.count == NULL or L.touched == NULL):
        raise MemoryError()
    k = 0
    for i in range(nchosen):
        cells, total = chosen[i]
        L.cage_start[i] = k
        L.cage_total[i] = total
        for x in cells:
            L.cage_of[x] = i
            L.cage_cells[k] = x
            k += 1
    L.cage_start[nchosen] = k
    L.house_cells = _csr(houses, &L.house_start)
    L.cell_houses = _transpose(L.house_start, L.house_cells, nh, ncells, &L.cell_house_start)

    # The regions, each once (by its sorted cells), in the order the sums are made.  The
    # runs of rows and of columns all differ (the whole grid is a run of rows only); a
    # region of boxes is checked against them by its shape, and against the other regions
    # of boxes by its cells as bytes (hashing every run's cells was a tenth of the call).
    cdef int32_t *region = <int32_t *>malloc(ncells * sizeof(int32_t))
    cdef uint8_t *inside = <uint8_t *>malloc(ncells)
    if region == NULL or inside == NULL:
        free(region)
        free(inside)
        raise MemoryError()
    seen = set()
    try:
        # Runs of rows j..k (the whole grid among them), then of columns (not the whole).
        for j in range(n):
            for k in range(j, n):
                nr = 0
                for x in range(j * n, (k + 1) * n):
                    region[nr] = x
                    nr += 1
                _leftover_region(L, out, region, nr, (k - j + 1) * unit, k == j)
        for j in range(n):
            for k in range(j, n):
                if k - j + 1 == n:
                    continue
                nr = 0
                for r in range(n):
                    for c in range(j, k + 1):
                        region[nr] = r * n + c
                        nr += 1
                _leftover_region(L, out, region, nr, (k - j + 1) * unit, k == j)
        # The first k boxes and the last k, while they do not overlap; then every box and
        # every other house of N cells.
        for backwards in range(2):
            memset(inside, 0, ncells)
            for k in range(nboxes):
                i = 2 * n + (nboxes - 1 - k if backwards else k)
                overlap = False
                for x in houses[i]:
                    if inside[x]:
                        overlap = True
                    inside[x] = 1
                if overlap:
                    break
                nr = 0
                for x in range(ncells):
                    if inside[x]:
                        region[nr] = x
                        nr += 1
                if _is_run(region, nr, n):
                    continue
                key = PyBytes_FromStringAndSize(<char *>region, nr * sizeof(int32_t))
                if key not in seen:
                    seen.add(key)
                    _leftover_region(L, out, region, nr, (k + 1) * unit, k == 0)
        for i in range(2 * n, nh):
            if i >= 2 * n + nboxes and len(houses[i]) != n:
                continue
            nr = 0
            for x in houses[i]:
                region[nr] = x
                nr += 1
            _sort_cells(region, nr)
            if _is_run(region, nr, n):
                continue
            key = PyBytes_FromStringAndSize(<char *>region, nr * sizeof(int32_t))
            if key not in seen:
                seen.add(key)
                _leftover_region(L, out, region, nr, unit, True)
    finally:
        free(region)
        free(inside)
    return out.sums


# --------------------------------------------------------------------------------------------
# Combined sums: two sums over disjoint cells that see each other a lot add up to one sum
# whose cells fall in larger groups of cells that must differ, so its least and most totals
# (k smallest and k largest values a group) are much closer to its target than the two
# were apart -- a little killer's diagonals combined can leave one unit of slack.  The
# idea (scores, greedy merging) is the Interactive Sudoku Solver's optimizer's.
# --------------------------------------------------------------------------------------------

cdef class _SumRecord:
    cdef readonly list cells  # sorted cells
    cdef readonly object bits  # the cells as one Python int bit set
    cdef readonly int64_t total
    cdef readonly int64_t score
    cdef readonly bint original


cdef int _record_groups_c(const uint64_t *peers, int words, const int32_t *at, int k,
                          int32_t *sizes) except -1:
    """Groups of cells that all see each other, grown greedily as cliques: each group
    starts from all the cells not yet grouped and takes, again and again, the one that
    sees the most of those still possible (ties to the first), keeping only the cells it
    sees.  Their sizes in `sizes`; returns how many.  (The Interactive Sudoku Solver's
    'best' greedy strategy; first-fit in the cells' order instead found no combination
    of the four long diagonals of its 'Zero solution: Little Killer', whose clique groups
    leave two units of slack: ISS 832 guesses, we 5M without an answer.)"""
    cdef int kw = (k + 63) >> 6, ngroups = 0, i, j, w, x, y
    cdef int best, best_score, score, left = k
    cdef uint64_t bits
    cdef uint64_t *adj = <uint64_t *>calloc(<size_t>k * kw + 2 * kw + 1, sizeof(uint64_t))
    cdef uint64_t *unassigned
    cdef uint64_t *cand
    if adj == NULL:
        raise MemoryError()
    unassigned = adj + <size_t>k * kw
    cand = unassigned + kw
    try:
        for i in range(k):
            x = at[i]
            unassigned[i >> 6] |= (<uint64_t>1) << (i & 63)
            for j in range(k):
                y = at[j]
                if j != i and (peers[<size_t>x * words + (y >> 6)] >> (y & 63)) & 1:
                    adj[<size_t>i * kw + (j >> 6)] |= (<uint64_t>1) << (j & 63)
        while left > 0:
            memcpy(cand, unassigned, kw * sizeof(uint64_t))
            sizes[ngroups] = 0
            while True:
                best = -1
                best_score = -1
                for w in range(kw):
                    bits = cand[w]
                    while bits:
                        i = w * 64 + bit_index(lowest_bit(bits))
                        bits = clear_lowest_bit(bits)
                        score = 0
                        for j in range(kw):
                            score += popcount(cand[j] & adj[<size_t>i * kw + j])
                        if score > best_score:
                            best_score = score
                            best = i
                if best < 0:
                    break
                sizes[ngroups] += 1
                left -= 1
                unassigned[best >> 6] &= ~((<uint64_t>1) << (best & 63))
                for j in range(kw):
                    cand[j] &= adj[<size_t>best * kw + j]
            ngroups += 1
    finally:
        free(adj)
    return ngroups


cdef int _group_bounds_c(int n, const uint64_t *peers, int words, const int32_t *at, int k,
                         int32_t *sizes, int64_t *low, int64_t *high) except -1:
    """The least and most totals of the k cells `at` split into clique groups
    (_record_groups_c, their sizes in `sizes`, k + 1 long): each group of k takes the k
    least (most) values.  Returns how many groups."""
    cdef int g, ngroups = _record_groups_c(peers, words, at, k, sizes)
    low[0] = 0
    high[0] = 0
    for g in range(ngroups):
        low[0] += <int64_t>sizes[g] * (sizes[g] + 1) // 2
        high[0] += <int64_t>sizes[g] * (2 * n - sizes[g] + 1) // 2
    return ngroups


cdef int _group_bounds(int n, const uint64_t *peers, int words, list cells, int32_t *sizes,
                       int64_t *low, int64_t *high) except -1:
    """_group_bounds_c of a list of cells."""
    cdef int k = len(cells), i
    cdef int32_t *at = <int32_t *>malloc((k + 1) * sizeof(int32_t))
    if at == NULL:
        raise MemoryError()
    try:
        for i in range(k):
            at[i] = cells[i]
        return _group_bounds_c(n, peers, words, at, k, sizes, low, high)
    finally:
        free(at)


cdef _SumRecord _sum_record(int n, const uint64_t *peers, int words, list cells, int64_t total,
                            bint original):
    """A record of the sum of `cells` (sorted) to `total`, or None when no values reach
    it.  Its score: for each group of k cells that differ, k (n - k) less the slack (how
    far the total is from the nearer end of its reachable range)."""
    cdef int k = len(cells), g, ngroups
    cdef int64_t low = 0, high = 0, dof, score = 0
    cdef int32_t *sizes = <int32_t *>calloc(k + 1, sizeof(int32_t))
    if sizes == NULL:
        raise MemoryError()
    try:
        ngroups = _group_bounds(n, peers, words, cells, sizes, &low, &high)
        if total < low or total > high:
            return None
        dof = min(total - low, high - total)
        for g in range(ngroups):
            score += <int64_t>sizes[g] * (n - sizes[g]) - dof
    finally:
        free(sizes)
    cdef _SumRecord r = _SumRecord()
    r.cells = cells
    bits = 0
    for x in cells:
        bits |= 1 << x
    r.bits = bits
    r.total = total
    r.score = score
    r.original = original
    return r


cdef bint _related(const uint64_t *peers, int words, _SumRecord a, _SumRecord b):
    """Disjoint, and at least 6 cells of the smaller see some cell of the larger."""
    cdef int count = 0, x, w
    cdef _SumRecord small = a if len(a.cells) < len(b.cells) else b
    cdef _SumRecord big = b if small is a else a
    if a.bits & b.bits or len(small.cells) < 6:
        return False
    big_words = [(big.bits >> (64 * w)) & 0xFFFFFFFFFFFFFFFF for w in range(words)]
    cdef uint64_t *row
    cdef uint64_t bw[V_PEER_WORDS * 4]
    if words > V_PEER_WORDS * 4:
        return False
    for w in range(words):
        bw[w] = big_words[w]
    for x in small.cells:
        row = <uint64_t *>peers + <size_t>x * words
        for w in range(words):
            if row[w] & bw[w]:
                count += 1
                break
        if count >= 6:
            return True
    return False


cdef _push_merge(int n, const uint64_t *peers, int words, dict active, list candidates,
                 _SumRecord a, _SumRecord b):
    """Propose merging a and b when they are related and the merge scores well."""
    if not _related(peers, words, a, b):
        return
    merged_cells = sorted(a.cells + b.cells)
    key = tuple(merged_cells)
    if key in active:
        return
    c = _sum_record(n, peers, words, merged_cells, a.total + b.total, False)
    if c is None:
        return
    if (c.score <= a.score or c.score <= b.score) and c.score <= a.score + b.score:
        return
    candidates.append((c.score, key, a, b, c))


cdef list _unit_sums(list sums):
    """The (sorted cells, total) of the linear sums with unit coefficients over distinct
    cells."""
    cdef list pool = [], cells
    cdef Py_ssize_t k, i
    for entry in sums:
        if len(entry) > 5 and entry[5] != V_LINEAR:
            continue
        cells = sorted(entry[0])
        coefs = entry[1]
        k = len(cells)
        if k == 0 or len(coefs) != k or not _unit_coefs(coefs):
            continue
        for i in range(1, k):
            if cells[i] == cells[i - 1]:
                break
        else:
            pool.append((cells, entry[2]))
    return pool


cdef uint64_t *_peer_rows(int ncells, int words, list houses, list differ) except NULL:
    """Each cell's row of the cells that must differ from it (houses and pairs), `words`
    words a row; the caller frees it."""
    cdef int x, y, i, j, k
    cdef uint64_t *peers = <uint64_t *>calloc(<size_t>ncells * words + 1, sizeof(uint64_t))
    cdef int32_t *at = <int32_t *>malloc((ncells + 1) * sizeof(int32_t))
    if peers == NULL or at == NULL:
        free(peers)
        free(at)
        raise MemoryError()
    try:
        for house in houses:
            k = 0
            for x in house:
                if not 0 <= x < ncells or k >= ncells:
                    raise ValueError(f"houses: cell {x} off the grid (or a house too long)")
                at[k] = x
                k += 1
            for i in range(k):
                x = at[i]
                for j in range(k):
                    y = at[j]
                    if x != y:
                        peers[<size_t>x * words + (y >> 6)] |= (<uint64_t>1) << (y & 63)
        for x, y in differ:
            if not (0 <= x < ncells and 0 <= y < ncells):
                raise ValueError(f"differ: cells {x}, {y} off the grid")
            peers[<size_t>x * words + (y >> 6)] |= (<uint64_t>1) << (y & 63)
            peers[<size_t>y * words + (x >> 6)] |= (<uint64_t>1) << (x & 63)
    except BaseException:
        free(peers)
        raise
    finally:
        free(at)
    return peers


def combined_sums(int n, list houses, list differ, list sums, int most=300):
    """Sums over merged disjoint sums (unit coefficients) that see each other: a list of
    (cells, coefs, total, False) to add.  Pairs are merged greedily, the best score first,
    while the merged record scores above both inputs (or their sum); only merged records
    scoring above 0 are returned.  Skipped above `most` sums or 4096 cells."""
    cdef int ncells = n * n, words = (ncells + 63) >> 6, i, j
    if ncells > 4096:
        return []
    pool = _unit_sums(sums)
    if len(pool) < 2 or len(pool) > most:
        return []
    # Only sums of 6 cells or more can merge (_related: at least 6 cells of the smaller
    # see the larger), and the others are never returned: without them the result is the
    # same, and a killer's cages (rarely that long) cost no records.
    pool = [entry for entry in pool if len(entry[0]) >= 6]
    if len(pool) < 2:
        return []
    cdef uint64_t *peers = _peer_rows(ncells, words, houses, differ)
    try:
        active = {}
        for cells, total in pool:
            key = tuple(cells)
            if key in active:
                continue
            r = _sum_record(n, peers, words, cells, total, True)
            if r is not None:
                active[key] = r
        candidates = []
        records = list(active.values())
        for i in range(len(records)):
            for j in range(i + 1, len(records)):
                _push_merge(n, peers, words, active, candidates, records[i], records[j])
        while candidates:
            candidates = [cand for cand in candidates
                          if active.get(tuple(cand[2].cells)) is cand[2]
                          and active.get(tuple(cand[3].cells)) is cand[3]
                          and cand[1] not in active]
            if not candidates:
                break
            best = max(candidates, key=lambda cand: (cand[0], cand[1]))
            candidates.remove(best)
            del active[tuple(best[2].cells)]
            del active[tuple(best[3].cells)]
            active[best[1]] = best[4]
            for other in list(active.values()):
                if other is not best[4]:
                    _push_merge(n, peers, words, active, candidates, best[4], other)
        out = []
        for r in active.values():
            if not r.original and r.score > 0:
                out.append((list(r.cells), [1] * len(r.cells), r.total, False))
        return out
    finally:
        free(peers)


def intersection_sums(int n, list houses, list differ, list sums, int most=300):
    """Sums through a house, crossed over (the Interactive Sudoku Solver's sum
    intersections): for each house of n cells (its values 1..n, total n(n+1)/2), the
    unit sums that cross it, as many as do not overlap (those crossing fewest of the
    others first), and where they leave holes the other houses that fill them exactly
    (each meeting the house in two or more cells, all of them holes); when the house is
    covered, its cells are taken out of the union, whose other cells sum to the totals
    less the house's -- less again any house lying wholly in them.  Kept when the total's
    slack is under a quarter of its range (the groups of cells that differ bound it).  A
    list of (cells, coefs, total, False); skipped above `most` sums or 4096 cells.  C
    loops over bit rows (it was a fifth of a 9x9 killer's build in Python big ints)."""
    cdef int ncells = n * n, words = (ncells + 63) >> 6, k, i, j, w, x, r, q, g, count
    cdef int npool, nregions, total_cells = 0, ncross, meet, inside
    cdef int64_t low, high, total, dof, full = <int64_t>n * (n + 1) // 2
    if ncells > 4096:
        return []
    pool = _unit_sums(sums)
    npool = len(pool)
    if not pool or npool > most:
        return []
    regions = [house for house in houses if len(house) == n and len(set(house)) == n]
    nregions = len(regions)
    if not regions:
        return []
    for cells, _ in pool:
        total_cells += len(cells)
    cdef int64_t *stotal = <int64_t *>malloc((npool + 1) * sizeof(int64_t))
    cdef int32_t *ints = <int32_t *>calloc(
        4 * npool + total_cells + nregions * n + 8, sizeof(int32_t))
    cdef uint64_t *bits = <uint64_t *>calloc(
        <size_t>(npool + nregions + 4) * words + 1, sizeof(uint64_t))
    cdef uint64_t *peers = NULL
    cdef int32_t *sizes = NULL
    cdef int32_t *left = NULL                          # ncells: the cells left (in sizes)
    cdef int32_t *cstart = NULL                        # ncells + 1: each cell's sums
    cdef int32_t *csums = NULL
    if stotal == NULL or ints == NULL or bits == NULL:
        free(stotal)
        free(ints)
        free(bits)
        raise MemoryError()
    cdef int32_t *sstart = ints                        # npool + 1: each sum's cells
    cdef int32_t *scells = sstart + npool + 1          # total_cells
    cdef int32_t *overlaps = scells + total_cells      # npool
    cdef int32_t *stamp = overlaps + npool             # npool
    cdef int32_t *rcells = stamp + npool               # nregions * n
    cdef int32_t *cross = rcells + nregions * n        # npool
    cdef uint64_t *sbits = bits                        # npool rows
    cdef uint64_t *rbits = sbits + <size_t>npool * words   # nregions rows
    cdef uint64_t *covered = rbits + <size_t>nregions * words
    cdef uint64_t *holes = covered + words
    cdef uint64_t *rest = holes + words
    cdef int32_t a, b
    cdef uint64_t bits_w
    out = []
    seen = set()
    try:
        k = 0
        for i in range(npool):
            cells, tot = pool[i]
            stotal[i] = tot
            sstart[i] = k
            for x in cells:
                if not 0 <= x < ncells:
                    raise ValueError(f"sums: cell {x} off the grid")
                scells[k] = x
                k += 1
                sbits[<size_t>i * words + (x >> 6)] |= (<uint64_t>1) << (x & 63)
        sstart[npool] = k
        csums = _transpose(sstart, scells, npool, ncells, &cstart)
        for r in range(nregions):
            k = 0
            for x in regions[r]:
                if not 0 <= x < ncells:
                    raise ValueError(f"houses: cell {x} off the grid")
                rcells[r * n + k] = x
                k += 1
                rbits[<size_t>r * words + (x >> 6)] |= (<uint64_t>1) << (x & 63)
        # How many of the sums each sum meets (itself too), for the order of the greedy pick.
        for i in range(npool):
            stamp[i] = -1
        for i in range(npool):
            count = 0
            for k in range(sstart[i], sstart[i + 1]):
                x = scells[k]
                for q in range(cstart[x], cstart[x + 1]):
                    j = csums[q]
                    if stamp[j] != i:
                        stamp[j] = i
                        count += 1
            overlaps[i] = count
        for i in range(npool):
            stamp[i] = -1
        peers = _peer_rows(ncells, words, houses, differ)
        sizes = <int32_t *>calloc(2 * ncells + 2, sizeof(int32_t))
        if sizes == NULL:
            raise MemoryError()
        left = sizes + ncells + 1
        for r in range(nregions):
            # The sums crossing the house, fewest overlaps first (then in order).
            ncross = 0
            for k in range(n):
                x = rcells[r * n + k]
                for q in range(cstart[x], cstart[x + 1]):
                    j = csums[q]
                    if stamp[j] != r:
                        stamp[j] = r
                        cross[ncross] = j
                        ncross += 1
            if ncross == 0:
                continue
            for i in range(1, ncross):
                a = cross[i]
                j = i - 1
                while j >= 0 and (overlaps[cross[j]] > overlaps[a]
                                  or overlaps[cross[j]] == overlaps[a] and cross[j] > a):
                    cross[j + 1] = cross[j]
                    j -= 1
                cross[j + 1] = a
            memset(covered, 0, words * sizeof(uint64_t))
            total = 0
            for k in range(ncross):
                i = cross[k]
                inside = 0
                for w in range(words):
                    if sbits[<size_t>i * words + w] & covered[w]:
                        inside = 1
                        break
                if inside:
                    continue
                for w in range(words):
                    covered[w] |= sbits[<size_t>i * words + w]
                total += stotal[i]
            count = 0
            for w in range(words):
                holes[w] = rbits[<size_t>r * words + w] & ~covered[w]
                count += popcount(holes[w])
            for g in range(nregions):
                if count == 0:
                    break
                if g == r:
                    continue
                inside = 0                              # bits & covered, bits & base
                meet = 0
                a = 0
                b = 0
                for w in range(words):
                    if rbits[<size_t>g * words + w] & covered[w]:
                        inside = 1
                    meet += popcount(holes[w] & rbits[<size_t>g * words + w])
                    a += popcount(rbits[<size_t>r * words + w] & rbits[<size_t>g * words + w])
                    b |= (rbits[<size_t>g * words + w] != rbits[<size_t>r * words + w])
                if not b or inside or a == 0 or meet < 2 or meet != a:
                    continue
                total += full
                count = 0
                for w in range(words):
                    covered[w] |= rbits[<size_t>g * words + w]
                    holes[w] &= ~covered[w]
                    count += popcount(holes[w])
            if count:
                continue
            count = 0
            for w in range(words):
                rest[w] = covered[w] & ~rbits[<size_t>r * words + w]
                count += popcount(rest[w])
            total -= full
            for g in range(nregions):
                if n > count:
                    break
                inside = 1
                for w in range(words):
                    if rbits[<size_t>g * words + w] & ~rest[w]:
                        inside = 0
                        break
                if inside:
                    total -= full
                    for w in range(words):
                        rest[w] &= ~rbits[<size_t>g * words + w]
                    count -= n
                    if count == 0:
                        break
            if count == 0:
                continue
            key = PyBytes_FromStringAndSize(<char *>rest, words * sizeof(uint64_t))
            if key in seen:
                continue
            seen.add(key)
            # The cells left, in order (the sums and houses taken do not overlap).
            k = 0
            for w in range(words):
                bits_w = rest[w]
                while bits_w:
                    left[k] = w * 64 + bit_index(lowest_bit(bits_w))
                    k += 1
                    bits_w = clear_lowest_bit(bits_w)
            _group_bounds_c(n, peers, words, left, k, sizes, &low, &high)
            if low <= total <= high:
                dof = min(total - low, high - total)
                if high == low or high - low <= 4 * dof:
                    continue
            # (Or no values reach it.)
            out.append(([left[q] for q in range(k)], [1] * k, total, False))
        return out
    finally:
        free(stotal)
        free(ints)
        free(bits)
        free(peers)
        free(sizes)
        free(cstart)
        free(csums)


# --------------------------------------------------------------------------------------------
# Derived sums, each once: the leftovers of a row and of a box can be one equation written
# twice (once each way round), and propagating it twice is wasted work.  A sum's key is its
# equation whatever the order of its terms or its sign: the (cell, coefficient) terms
# sorted, negated if the first coefficient is negative (and sorted again), and the total,
# as bytes.  (In Python, with sorted tuples, this was a quarter of a 9x9 killer's build.)
# --------------------------------------------------------------------------------------------

cdef void _sort_terms(int64_t *t, Py_ssize_t k) noexcept nogil:
    """Insertion sort of k (cell, coefficient) pairs (the sums are short)."""
    cdef Py_ssize_t i, j
    cdef int64_t a0, a1
    for i in range(1, k):
        a0 = t[2 * i]
        a1 = t[2 * i + 1]
        j = i - 1
        while j >= 0 and (t[2 * j] > a0 or t[2 * j] == a0 and t[2 * j + 1] > a1):
            t[2 * j + 2] = t[2 * j]
            t[2 * j + 3] = t[2 * j + 1]
            j -= 1
        t[2 * j + 2] = a0
        t[2 * j + 3] = a1


cdef object _sum_key(entry):
    cells = entry[0]
    coefs = entry[1]
    cdef Py_ssize_t k = len(cells), i
    cdef int64_t total
    if len(coefs) != k:
        return None
    key = PyBytes_FromStringAndSize(NULL, (2 * k + 1) * sizeof(int64_t))
    cdef int64_t *t = <int64_t *>PyBytes_AS_STRING(key)
    try:
        total = entry[2]
        for i in range(k):
            t[2 * i] = cells[i]
            t[2 * i + 1] = coefs[i]
    except (OverflowError, TypeError):
        return None
    _sort_terms(t, k)
    if k and t[1] < 0:
        for i in range(k):
            t[2 * i + 1] = -t[2 * i + 1]
        total = -total
        _sort_terms(t, k)
    t[2 * k] = total
    return key


def new_sums(list made, list derived):
    """The entries of `derived` (cells, coefs, total, ...) whose equations are neither
    among the linear sums of `made` nor earlier in `derived`."""
    cdef set seen = set()
    cdef list out = []
    for entry in made:
        if len(entry) < 6 or not entry[5]:
            key = _sum_key(entry)
            if key is not None:
                seen.add(key)
    for entry in derived:
        key = _sum_key(entry)
        if key is None:
            out.append(entry)
        elif key not in seen:
            seen.add(key)
            out.append(entry)
    return out
