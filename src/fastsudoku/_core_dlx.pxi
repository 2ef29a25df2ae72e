# Part of fastsudoku._core, included by _core.pyx:
# engine "dlx": Dancing Links on flat int32 arrays, for any exact-cover matrix.
#
#   node:     0 | 1 .. ncols (column headers) | ncols+1 .. (one a 1 of the matrix, row by row)
#   L R U D   int32 a node: its neighbours in its row (L, R) and its column (U, D)
#   C ROW     int32 a node: its column header, its row of the matrix
#   size[k]   the rows left under header k (+ XC_SECONDARY, + XC_COVERED: see below)
#   choice[]  the row node chosen at each level; levels below run.base are selected givens

# ============================================================================================
# Dancing Links: Algorithm X on flat int32 arrays (layout drawn in _core.pxd)
# ============================================================================================
#
# cover(c) marks column c covered (in its size) and unlinks every row that has a 1 in c from
# the other columns it touches; uncover(c) undoes it in exactly the reverse order.  The search is
# iterative: choice[] is the stack of chosen row nodes, and the phase says whether to go down
# (choose a column, take its first row) or up (undo the top row, take the next row of its
# column).  Nothing is allocated during the search.

cdef enum:
    # Track forced and dead columns during covers above this many primary columns (measured:
    # 6x10 pentominoes and 12-queens, 72 and 24 columns, are faster without; Sudoku, 324
    # and more, with).
    XC_TRACK_OVER = 128
    # Columns tied for the fewest rows that xc_bite scores (with tracking only), up to
    # XC_BITE_MAX primary columns (9x9 Sudoku: 324).  Above, the score led the search into
    # detours: 16x16 numbers_1-16 2,048 -> 9,386 guesses, the POJ 3076 sample 1,762 ->
    # 12,664, an empty 49x49 grid about 1 s -> 212 s.
    XC_TIES = 8
    XC_BITE_MAX = 400
    # Above this many primary columns the choice asks a tree of sizes (xc_tree_first)
    # instead of scanning the columns: a scan costs every column at every level (1,000,000
    # one-column rows: 10**12 steps), the tree a few steps per size changed.  Sudoku, up to
    # 64x64 (16,384 columns), keeps the scan (its forced columns mostly come from `hot`).
    XC_TREE_OVER = 1 << 15
    XC_TREE_PAD = 0x7fffffff
    # size[c] of a secondary column is XC_SECONDARY + its rows; covering adds XC_COVERED.
    # Real sizes stay below 2**29 (nnodes is an int32), so the three ranges never meet.
    XC_SECONDARY = 1 << 29
    XC_COVERED = 1 << 30
    # Probe no level whose uncovered primary columns hold more ones than this (minimal
    # 49x49 puzzles: about 25,000 at the root).
    XC_PROBE_ONES = 1 << 17


cdef inline void xc_cover(ExactCover *x, int c) noexcept nogil:
    if x.tree == NULL:
        xc_cover_tree(x, c, False)
    else:
        xc_cover_tree(x, c, True)


cdef inline void xc_cover_tree(ExactCover *x, int c, const bint tree) noexcept nogil:
    """xc_cover with `tree` known (a constant in xc_next's two copies)."""
    if x.track:
        xc_cover_shape(x, c, True, tree)
    else:
        xc_cover_shape(x, c, False, tree)


cdef inline void xc_mark(ExactCover *x, int k) noexcept nogil:
    """Column k's size changed: the tree must see it before the next choice."""
    if not x.dirty[k]:
        x.dirty[k] = 1
        x.dirty_list[x.ndirty] = k
        x.ndirty += 1


cdef inline void xc_cover_shape(ExactCover *x, int c, const bint track,
                                const bint tree) noexcept nogil:
    """Cover column c.  With `track` (a constant at each call, so that the compiler makes
    a copy for each), remember the columns left with one row or none: with hundreds of
    columns (Sudoku) that spares the next choice a scan; with a few dozen (polyominoes,
    queens) the scan is cheaper than the bookkeeping on every update.  With `tree`, note
    every column whose size changes, for the tree of sizes."""
    cdef int32_t *R = x.R
    cdef int32_t *U = x.U
    cdef int32_t *D = x.D
    cdef int32_t *C = x.C
    cdef int32_t *S = x.size
    cdef int32_t *hot = x.hot
    cdef int nhot = x.nhot, room = x.hot_capacity
    cdef int i, j, k, size, up, down
    cdef int dead = x.dead
    if S[c] < XC_SECONDARY:
        x.live -= 1
    S[c] += XC_COVERED
    if tree:
        xc_mark(x, c)
    # Locals, not x's fields, in the loop: stores through the int32 arrays could alias x.
    i = D[c]
    while i != c:
        j = R[i]
        while j != i:
            up = U[j]
            down = D[j]
            U[down] = up
            D[up] = down
            k = C[j]
            size = S[k] - 1
            S[k] = size
            if tree:
                xc_mark(x, k)
            if track and size <= 1:
                # Now forced (1) or dead (0): remember it so that the next choice need
                # not scan every column.  Only uncovered primary sizes can be this small.
                if size == 0:
                    dead = k
                elif nhot < room:
                    hot[nhot] = k
                    nhot += 1
            j = R[j]
        i = D[i]
    x.dead = dead
    x.nhot = nhot


cdef inline void xc_uncover_shape(ExactCover *x, int c, const bint tree) noexcept nogil:
    """Undo xc_cover(c); with `tree` (a constant in xc_next's two copies), note the
    columns whose size changes."""
    cdef int32_t *L = x.L
    cdef int32_t *U = x.U
    cdef int32_t *D = x.D
    cdef int32_t *C = x.C
    cdef int32_t *S = x.size
    cdef int i, j
    i = U[c]
    while i != c:
        j = L[i]
        while j != i:
            S[C[j]] += 1
            if tree:
                xc_mark(x, C[j])
            U[D[j]] = j
            D[U[j]] = j
            j = L[j]
        i = U[i]
    S[c] -= XC_COVERED
    if tree:
        xc_mark(x, c)
    if S[c] < XC_SECONDARY:
        x.live += 1


cdef int xc_tree_alloc(ExactCover *x) noexcept nogil:
    """The arrays of the tree of sizes for x.nprimary columns.  0, or -1 out of memory."""
    cdef int leaves = 1
    while leaves < x.nprimary:
        leaves *= 2
    x.tree_leaves = leaves
    x.ndirty = 0
    x.tree = <int32_t *>malloc(2 * <size_t>leaves * sizeof(int32_t))
    x.dirty = <uint8_t *>calloc(<size_t>x.ncols + 1, 1)
    x.dirty_list = <int32_t *>malloc((<size_t>x.ncols + 1) * sizeof(int32_t))
    if x.tree == NULL or x.dirty == NULL or x.dirty_list == NULL:
        return -1
    return 0


cdef void xc_tree_build(ExactCover *x) noexcept nogil:
    """Fill the tree from the sizes of the primary columns."""
    cdef int32_t *T = x.tree
    cdef int leaves = x.tree_leaves, i
    for i in range(leaves):
        T[leaves + i] = x.size[i + 1] if i < x.nprimary else XC_TREE_PAD
    for i in range(leaves - 1, 0, -1):
        T[i] = T[2 * i] if T[2 * i] <= T[2 * i + 1] else T[2 * i + 1]
    x.ndirty = 0


cdef void xc_tree_sync(ExactCover *x) noexcept nogil:
    """Bring the tree up to date with the sizes changed since the last choice."""
    cdef int32_t *T = x.tree
    cdef const int32_t *S = x.size
    cdef int leaves = x.tree_leaves, nprimary = x.nprimary, n, k, i
    cdef int32_t low
    for n in range(x.ndirty):
        k = x.dirty_list[n]
        x.dirty[k] = 0
        if k > nprimary:
            continue
        i = leaves + k - 1
        T[i] = S[k]
        while i > 1:
            i >>= 1
            low = T[2 * i] if T[2 * i] <= T[2 * i + 1] else T[2 * i + 1]
            if T[i] == low:
                break
            T[i] = low
    x.ndirty = 0


cdef int xc_tree_first(const ExactCover *x, int32_t most, int start) noexcept nogil:
    """The first primary column from header `start` on whose size is at most `most`, or
    0 if none (the tree must be in sync)."""
    cdef const int32_t *T = x.tree
    cdef int leaves = x.tree_leaves
    cdef int i = leaves + start - 1
    if start > x.nprimary:
        return 0
    # Up and to the right until a subtree holds such a column, then down to its first.
    while T[i] > most:
        while i & 1:
            i >>= 1
        if i == 0:
            return 0
        i += 1
    while i < leaves:
        i = 2 * i if T[2 * i] <= most else 2 * i + 1
    return i - leaves + 1


cdef int xc_alloc(ExactCover *x, int ncols, int nrows, int nnodes,
                  bint own_static) noexcept nogil:
    """Allocate the arrays of a problem; the read-only ones (C, ROW, row_first) only when
    own_static, else the caller shares another problem's.  0, or -1 out of memory (call
    xc_free either way)."""
    memset(x, 0, sizeof(ExactCover))
    x.ncols = ncols
    x.nrows = nrows
    x.nnodes = nnodes
    x.run.phase = PHASE_DONE
    x.run.node_limit = -1
    x.run.next_signal_check = SIGNAL_INTERVAL
    x.shares_static = not own_static
    cdef size_t bytes_nodes = <size_t>nnodes * sizeof(int32_t)
    x.L = <int32_t *>malloc(bytes_nodes)
    x.R = <int32_t *>malloc(bytes_nodes)
    x.U = <int32_t *>malloc(bytes_nodes)
    x.D = <int32_t *>malloc(bytes_nodes)
    x.size = <int32_t *>malloc((ncols + 1) * sizeof(int32_t))
    x.choice = <int32_t *>malloc((ncols + 2) * sizeof(int32_t))
    x.hot_capacity = 2 * ncols + 16
    x.hot = <int32_t *>malloc(x.hot_capacity * sizeof(int32_t))
    if (x.L == NULL or x.R == NULL or x.U == NULL or x.D == NULL or x.size == NULL
            or x.choice == NULL or x.hot == NULL):
        return -1
    if own_static:
        x.C = <int32_t *>malloc(bytes_nodes)
        x.ROW = <int32_t *>malloc(bytes_nodes)
        x.row_first = <int32_t *>malloc((nrows + 1) * sizeof(int32_t))
        if x.C == NULL or x.ROW == NULL or x.row_first == NULL:
            return -1
    return 0


cdef void xc_free(ExactCover *x) noexcept nogil:
    free(x.L)
    free(x.R)
    free(x.U)
    free(x.D)
    if not x.shares_static:
        free(x.C)
        free(x.ROW)
        free(x.row_first)
    free(x.size)
    free(x.choice)
    free(x.hot)
    free(x.tree)
    free(x.dirty)
    free(x.dirty_list)
    free(x.trail)
    free(x.trail_at)
    free(x.undo)
    free(x.stamp)
    free(x.color)
    memset(x, 0, sizeof(ExactCover))
    x.run.phase = PHASE_DONE


cdef int xc_build(ExactCover *x, int ncols, const uint8_t *secondary, int nrows,
                  const int32_t *row_offsets, const int32_t *row_cols,
                  const EngineOptions *options) noexcept nogil:
    """Build the links of a 0/1 matrix given row by row: row k has 1s in the columns
    row_cols[row_offsets[k] : row_offsets[k + 1]] (0-based, each at most once a row).
    secondary: NULL or ncols flags.  options: the node limit, track_over and tree_over.
    Returns 0, -1 out of memory, -2 a column out of range.
    Call xc_free afterwards in every case."""
    cdef int nnodes = ncols + 1 + row_offsets[nrows]
    cdef int k, c, i, first, node
    if xc_alloc(x, ncols, nrows, nnodes, True) < 0:
        return -1
    cdef int32_t *L = x.L
    cdef int32_t *R = x.R
    cdef int32_t *U = x.U
    cdef int32_t *D = x.D
    for c in range(ncols + 1):
        U[c] = c
        D[c] = c
        x.C[c] = c
        x.ROW[c] = -1
        x.size[c] = 0
    # Column headers are not linked to each other: a column's state is in its size (see
    # XC_SECONDARY), and the choice scans the sizes as an array.  Headers 1..nprimary are
    # the primary columns in order, then come the secondary ones: hdr maps a column to its
    # header.
    cdef int32_t *hdr = <int32_t *>malloc((ncols + 1) * sizeof(int32_t))
    if hdr == NULL:
        return -1
    x.nprimary = 0
    for c in range(ncols):
        if secondary == NULL or not secondary[c]:
            x.nprimary += 1
            hdr[c] = x.nprimary
    k = x.nprimary
    for c in range(ncols):
        if secondary != NULL and secondary[c]:
            k += 1
            hdr[c] = k
            x.size[k] = XC_SECONDARY
    x.live = x.nprimary
    x.track = x.nprimary > options.track_over
    x.run.node_limit = options.node_limit
    for c in range(ncols + 1):
        L[c] = c
        R[c] = c
    node = ncols + 1
    for k in range(nrows):
        first = -1
        for i in range(row_offsets[k], row_offsets[k + 1]):
            c = row_cols[i]
            if c < 0 or c >= ncols:
                free(hdr)
                return -2
            c = hdr[c]
            x.C[node] = c
            x.ROW[node] = k
            # Append at the bottom of column c.
            U[node] = U[c]
            D[node] = c
            D[U[c]] = node
            U[c] = node
            x.size[c] += 1
            if first < 0:
                first = node
                L[node] = node
                R[node] = node
            else:
                L[node] = L[first]
                R[node] = first
                R[L[first]] = node
                L[first] = node
            node += 1
        x.row_first[k] = first
    free(hdr)
    if x.nprimary > options.tree_over:
        if xc_tree_alloc(x) < 0:
            return -1
        xc_tree_build(x)
    x.run.depth = 0
    x.run.base = 0
    x.run.phase = PHASE_DESCEND
    return 0


cdef int xc_set_colors(ExactCover *x, const int32_t *entry_color) noexcept nogil:
    """Give the nodes colours, one a 1 of the matrix in xc_build's order (0: none; > 0: a
    (secondary column, colour) pair's number, the same for equal colours in a column).  The
    caller puts colours on secondary columns only.  0, or -1 out of memory."""
    cdef int i, nones = x.nnodes - x.ncols - 1
    x.color = <int32_t *>calloc(x.nnodes, sizeof(int32_t))
    if x.color == NULL:
        return -1
    for i in range(nones):
        x.color[x.ncols + 1 + i] = entry_color[i]
    return 0


cdef int xc_copy(ExactCover *dst, const ExactCover *src) noexcept nogil:
    """A copy of src's links and state that shares src's read-only arrays (C, ROW,
    row_first): src must outlive it.  0, or -1 out of memory (call xc_free either way)."""
    if xc_alloc(dst, src.ncols, src.nrows, src.nnodes, False) < 0:
        return -1
    cdef size_t bytes_nodes = <size_t>src.nnodes * sizeof(int32_t)
    dst.C = src.C
    dst.ROW = src.ROW
    dst.row_first = src.row_first
    memcpy(dst.L, src.L, bytes_nodes)
    memcpy(dst.R, src.R, bytes_nodes)
    memcpy(dst.U, src.U, bytes_nodes)
    memcpy(dst.D, src.D, bytes_nodes)
    memcpy(dst.size, src.size, (src.ncols + 1) * sizeof(int32_t))
    memcpy(dst.choice, src.choice, src.run.depth * sizeof(int32_t))
    memcpy(dst.hot, src.hot, src.nhot * sizeof(int32_t))
    dst.nprimary = src.nprimary
    if src.tree != NULL:
        if xc_tree_alloc(dst) < 0:
            return -1
        memcpy(dst.tree, src.tree, 2 * <size_t>src.tree_leaves * sizeof(int32_t))
        memcpy(dst.dirty, src.dirty, <size_t>src.ncols + 1)
        memcpy(dst.dirty_list, src.dirty_list, src.ndirty * sizeof(int32_t))
        dst.ndirty = src.ndirty
    dst.nhot = src.nhot
    dst.dead = src.dead
    dst.live = src.live
    dst.nprimary = src.nprimary
    dst.track = src.track
    dst.run = src.run
    if src.color != NULL:
        dst.color = <int32_t *>malloc(bytes_nodes)
        if dst.color == NULL:
            return -1
        memcpy(dst.color, src.color, bytes_nodes)
    return 0


cdef int xc_select(ExactCover *x, int row) noexcept nogil:
    """Put a row in every solution before the search starts (a Sudoku given).

    Returns 0; 1 if the row clashes with one selected before (then the problem has no
    solution: the search is marked finished); -1 if the row is empty or out of range."""
    cdef int first, j
    if row < 0 or row >= x.nrows or x.row_first[row] < 0 or x.run.depth > x.ncols:
        return -1
    first = x.row_first[row]
    # The row clashes iff one of its columns is covered already.
    j = first
    while True:
        if x.size[x.C[j]] >= XC_COVERED:
            x.run.phase = PHASE_DONE
            return 1
        j = x.R[j]
        if j == first:
            break
    j = first
    while True:
        xc_cover(x, x.C[j])
        j = x.R[j]
        if j == first:
            break
    x.choice[x.run.depth] = first
    x.run.depth += 1
    x.run.base = x.run.depth
    return 0


cdef int xc_bite(const ExactCover *x, const int32_t *ties, int nties) noexcept nogil:
    """Among columns tied for the fewest rows, the one whose rows reach the largest other
    columns: choosing one of its rows removes the most, and forces most.  Used with
    tracking (Sudoku-sized matrices; small ones keep the first column, the tree of the
    bitset engine) and up to XC_BITE_MAX primary columns.  Measured on 9x9 Sudoku:
    guesses on puzzles3_magictour_top1465 51.0 -> 35.0, puzzles6_forum_hardest_1106 400 ->
    268, puzzles2_17_clue 5.3 -> 4.1; eight ties did better on forum_hardest than 4, 16, 32
    or 64."""
    cdef const int32_t *R = x.R
    cdef const int32_t *D = x.D
    cdef const int32_t *C = x.C
    cdef const int32_t *S = x.size
    cdef int t, r, j, col, best = ties[0]
    cdef int64_t score, best_score = -1
    for t in range(nties):
        col = ties[t]
        score = 0
        r = D[col]
        while r != col:
            j = R[r]
            while j != r:
                score += S[C[j]] & (XC_SECONDARY - 1)    # a secondary column's own rows
                j = R[j]
            r = D[r]
        if score > best_score:
            best_score = score
            best = col
    return best


cdef int xc_tree_choose(ExactCover *x) noexcept nogil:
    """The scan's choice (below), asked of the tree: the first column of at most one row,
    else the first of the fewest rows (with tracking and few columns, xc_bite's pick among
    the first XC_TIES of them)."""
    cdef int32_t ties[XC_TIES]
    cdef int nties = 0, best, c
    cdef int32_t s
    xc_tree_sync(x)
    s = x.tree[1]
    best = xc_tree_first(x, s if s > 1 else 1, 1)
    if x.track and x.nprimary <= XC_BITE_MAX and s >= 2:
        c = best
        while c != 0 and nties < XC_TIES:
            ties[nties] = c
            nties += 1
            c = xc_tree_first(x, s, c + 1)
        if nties > 1:
            best = xc_bite(x, ties, nties)
    return best


# Failed-row probing (the strong search of large Sudoku, as the bitmask engine's probe()):
# a row is probed by selecting it and taking every column it leaves with one row, until
# none is left or some column has no row (the row fails), then undoing it all.  A row that
# fails is removed from the matrix at this level (unlinked from its columns, as a cover
# unlinks rows) and put back, in reverse order, when the search leaves the level.


cdef int xc_strong(ExactCover *x, int64_t probe_fails) noexcept nogil:
    """Make a search probe every level (xc_probe_level) once it has met probe_fails dead
    ends (0: from the root; < 0: never).  Not with the tree of sizes.  0, or -1 out of
    memory (the search is then finished; xc_free frees what was allocated)."""
    if probe_fails < 0 or x.tree != NULL:
        return 0
    x.trail = <int32_t *>malloc((<size_t>x.nrows + 1) * sizeof(int32_t))
    x.trail_at = <int32_t *>calloc(<size_t>x.ncols + 2, sizeof(int32_t))
    x.undo = <int32_t *>malloc((<size_t>x.ncols + 1) * sizeof(int32_t))
    x.stamp = <uint32_t *>calloc(<size_t>x.nrows + 1, sizeof(uint32_t))
    if x.trail == NULL or x.trail_at == NULL or x.undo == NULL or x.stamp == NULL:
        x.run.phase = PHASE_DONE
        return -1
    x.probe_fails = probe_fails
    x.probing = probe_fails == 0
    return 0


cdef inline void xc_cover_row(ExactCover *x, int32_t i, int *nundo) noexcept nogil:
    """Select node i's row inside a probe: cover its columns, noted in x.undo."""
    cdef int32_t j = i
    while True:
        xc_cover_shape(x, x.C[j], True, False)
        x.undo[nundo[0]] = x.C[j]
        nundo[0] += 1
        j = x.R[j]
        if j == i:
            break


cdef bint xc_probe_row(ExactCover *x, int32_t i) noexcept nogil:
    """Does selecting node i's row, and then every row a column is left with alone, leave
    every primary column a row?  The matrix is as before when this returns."""
    cdef const int32_t *S = x.size
    cdef int nundo = 0, c
    cdef bint ok = True
    x.nhot = 0
    x.dead = 0
    xc_cover_row(x, i, &nundo)
    while True:
        if x.dead and S[x.dead] == 0:
            ok = False
            break
        c = 0
        while x.nhot > 0:
            x.nhot -= 1
            if S[x.hot[x.nhot]] <= 1:    # uncovered and primary (else the size is larger)
                c = x.hot[x.nhot]
                break
        if c == 0:
            break
        if S[c] == 0:
            ok = False
            break
        xc_cover_row(x, x.D[c], &nundo)
    while nundo > 0:
        nundo -= 1
        xc_uncover_shape(x, x.undo[nundo], False)
    x.nhot = 0
    x.dead = 0
    return ok


cdef bint xc_remove_row(ExactCover *x, int32_t i) noexcept nogil:
    """Unlink node i's row from its columns (on the trail); False if a column is left
    with no row."""
    cdef int32_t *U = x.U
    cdef int32_t *D = x.D
    cdef int32_t *S = x.size
    cdef int32_t j = i
    cdef bint ok = True
    while True:
        U[D[j]] = U[j]
        D[U[j]] = D[j]
        S[x.C[j]] -= 1
        if S[x.C[j]] == 0:
            ok = False
        j = x.R[j]
        if j == i:
            break
    x.trail[x.ntrail] = i
    x.ntrail += 1
    return ok


cdef inline void xc_unprobe(ExactCover *x, int d) noexcept nogil:
    """The search leaves level d: put back the rows probing removed there, last first."""
    cdef int32_t i, j
    if x.trail == NULL:
        return
    while x.ntrail > x.trail_at[d]:
        x.ntrail -= 1
        i = x.trail[x.ntrail]
        j = x.L[i]
        while True:
            x.size[x.C[j]] += 1
            x.U[x.D[j]] = j
            x.D[x.U[j]] = j
            if j == i:
                break
            j = x.L[j]


cdef enum:
    PROBE_BACKOFF = 63        # levels left unprobed after fruitless probes, at most


cdef inline bint backoff_skip(Backoff *b) noexcept nogil:
    """Is this level one the probing back-off leaves unprobed (it is then counted)?"""
    if b.skip:
        b.skip -= 1
        return True
    return False


cdef inline void backoff_after(Backoff *b, bint found) noexcept nogil:
    """After a level's probes: if they found something (or a contradiction), probe the
    next level; after k fruitless levels in a row, leave the next 2**k - 1 (at most
    PROBE_BACKOFF) unprobed."""
    if found:
        b.span = 0
    else:
        b.span = min(2 * b.span + 1, PROBE_BACKOFF)
        b.skip = b.span


cdef int xc_probe_level(ExactCover *x) noexcept nogil:
    """Probe every row of the uncovered primary columns once, removing those that fail (one
    pass, as the bitmask engine's probe()); back off after fruitless levels as its
    probe_level does.  1 if rows were removed, 0 if none, -1 if the level is a dead end (a
    column lost its last row)."""
    cdef const int32_t *S = x.size
    cdef int c
    cdef int32_t i, after
    cdef bint found = False
    cdef int64_t ones = 0
    if backoff_skip(&x.backoff):
        return 0
    # Not on a level too large to probe whole (a near-empty 64x64 grid: 2**20 ones).
    for c in range(1, x.nprimary + 1):
        if S[c] < XC_SECONDARY:
            ones += S[c]
    if ones > XC_PROBE_ONES:
        return 0
    # A row is in several columns: the stamp probes it once.
    x.round += 1
    for c in range(1, x.nprimary + 1):
        if S[c] >= XC_SECONDARY:
            continue
        i = x.D[c]
        while i != c:
            after = x.D[i]
            if x.stamp[x.ROW[i]] != x.round:
                x.stamp[x.ROW[i]] = x.round
                x.probes += 1
                if not xc_probe_row(x, i):
                    found = True
                    if not xc_remove_row(x, i):
                        backoff_after(&x.backoff, True)
                        return -1
            i = after
    backoff_after(&x.backoff, found)
    return 1 if found else 0


# The hooks of the one search loop (machine_next, _core_machine.pxi) for this engine.  A
# level is a chosen column: choice[d] holds its header before the first row is tried, then
# the row node being tried.  `tree` is a constant at each call (machine_next is compiled
# once with the tree of sizes and once without, so the scan's copy has no test for it).

cdef inline int xc_pick(ExactCover *x, int *size_out, const bint tree) noexcept nogil:
    """The column to branch on (its size in *size_out; 0: a dead end): a column left with
    one row or none by the covers, else the fewest rows (minimum remaining values)."""
    cdef const int32_t *S = x.size
    cdef int c, best, s, nties, nprimary = x.nprimary
    cdef int32_t ties[XC_TIES]
    # Covered and secondary columns have sizes >= XC_SECONDARY.  A plain array scan (no
    # pointer chasing through a header list) stops at a forced column.
    best = 0
    s = XC_SECONDARY
    # First the columns that covers left with one row or none (stale entries, grown back
    # by an uncover, are dropped); a scan only when there is none.
    if x.dead and S[x.dead] == 0:
        # A column left with no row: this branch is dead, whatever else is forced.
        x.dead = 0
        size_out[0] = 0
        return 0
    while x.nhot > 0:
        x.nhot -= 1
        c = x.hot[x.nhot]
        if S[c] <= 1:
            s = S[c]
            best = c
            break
    if best == 0 and tree:
        best = xc_tree_choose(x)
        s = S[best]
    elif best == 0:
        nties = 0
        for c in range(1, nprimary + 1):
            if S[c] < s:
                s = S[c]
                best = c
                ties[0] = c
                nties = 1
                if s <= 1:
                    break
            elif S[c] == s and nties < XC_TIES:
                ties[nties] = c
                nties += 1
        if x.track and nprimary <= XC_BITE_MAX and s >= 2 and nties > 1:
            best = xc_bite(x, ties, nties)
    size_out[0] = s
    return best


cdef inline int xc_choose(ExactCover *x, int d, const bint tree) noexcept nogil:
    """Choose the column to branch on at level d and cover it: 1; 0 when every primary
    column is covered (a cover); -1 when some column has no row left (a dead end).  A
    probing search (xc_strong) probes the level first when no column is forced."""
    cdef int best, s, rc
    if x.trail != NULL:
        x.trail_at[d] = x.ntrail     # (xc_unprobe(d) runs however this level ends)
    if x.live == 0:
        return 0
    best = xc_pick(x, &s, tree)
    if s >= 2 and x.probing and not tree:
        rc = xc_probe_level(x)
        if rc > 0:
            best = xc_pick(x, &s, tree)
        elif rc < 0:
            s = 0
    if s == 0:
        if x.trail != NULL:
            x.fails += 1
            if x.fails == x.probe_fails:
                x.probing = True
        return -1
    xc_cover_tree(x, best, tree)
    x.choice[d] = best
    return 1


cdef inline bint xc_has_next(const ExactCover *x, int d) noexcept nogil:
    """Has level d's column a row after the one tried (after its header: any row)?"""
    cdef int32_t r = x.choice[d]
    return x.D[r] != x.C[r]


cdef inline void xc_retreat(ExactCover *x, int d, const bint tree) noexcept nogil:
    """Undo the row tried at level d: uncover its other columns, in reverse order."""
    cdef const int32_t *L = x.L
    cdef const int32_t *C = x.C
    cdef int32_t r = x.choice[d]
    cdef int32_t j = L[r]
    if x.color != NULL:
        xc_retreat_colors(x, r, tree)
        return
    while j != r:
        xc_uncover_shape(x, C[j], tree)
        j = L[j]


cdef inline void xc_release(ExactCover *x, int d, const bint tree) noexcept nogil:
    """Level d's column has no row left: uncover it."""
    xc_uncover_shape(x, x.C[x.choice[d]], tree)


cdef inline int xc_spend(ExactCover *x, int d) noexcept nogil:
    """Before a row: the budget (guesses and probes against the node limit; Ctrl-C every
    SIGNAL_INTERVAL rows and probes), then count it: a node, and a guess if its column has two or
    more rows."""
    cdef int status = search_budget(x.run.guesses + x.probes, x.run.node_limit,
                                    x.run.nodes + x.probes, &x.run.next_signal_check)
    cdef int32_t c
    if status == 0:
        x.run.nodes += 1
        c = x.C[x.choice[d]]
        if x.D[x.D[c]] != c:
            x.run.guesses += 1
    return status


cdef inline int xc_advance(ExactCover *x, int d, const bint tree) noexcept nogil:
    """Try the next row of level d's column: cover its other columns; a level d + 1."""
    cdef const int32_t *R = x.R
    cdef const int32_t *C = x.C
    cdef int32_t r = x.D[x.choice[d]]
    cdef int32_t j = R[r]
    x.choice[d] = r
    if x.color != NULL:
        xc_advance_colors(x, r, tree)
        return STEP_DEEPER
    while j != r:
        xc_cover_tree(x, C[j], tree)
        j = R[j]
    return STEP_DEEPER


# Colours (Knuth's Algorithm C, TAOCP 7.2.2.1): a row that gives secondary column k a colour
# "purifies" k -- hides every row of k with another colour or none, and marks those of the
# same colour (-1) so that choosing them later changes nothing -- instead of covering it.
# The chosen row's own node has left k's list already (its primary column was covered), so
# it keeps its colour for the undo.  Rows hidden here keep their place in k's list, as a
# covered column's rows do in the column's; the undo walks the list the other way.

cdef void xc_advance_colors(ExactCover *x, int32_t r, const bint tree) noexcept nogil:
    cdef int32_t j = x.R[r]
    while j != r:
        if x.color[j] == 0:
            xc_cover_tree(x, x.C[j], tree)
        elif x.color[j] > 0:
            xc_purify(x, j, tree)
        j = x.R[j]


cdef void xc_retreat_colors(ExactCover *x, int32_t r, const bint tree) noexcept nogil:
    cdef int32_t j = x.L[r]
    while j != r:
        if x.color[j] == 0:
            xc_uncover_shape(x, x.C[j], tree)
        elif x.color[j] > 0:
            xc_unpurify(x, j, tree)
        j = x.L[j]


cdef void xc_purify(ExactCover *x, int32_t p, const bint tree) noexcept nogil:
    cdef int32_t *U = x.U
    cdef int32_t *D = x.D
    cdef int32_t *S = x.size
    cdef int32_t k = x.C[p], want = x.color[p], i, j
    i = D[k]
    while i != k:
        if x.color[i] == want:
            x.color[i] = -1
        else:
            j = x.R[i]
            while j != i:
                U[D[j]] = U[j]
                D[U[j]] = D[j]
                S[x.C[j]] -= 1
                if tree:
                    xc_mark(x, x.C[j])
                j = x.R[j]
        i = D[i]


cdef void xc_unpurify(ExactCover *x, int32_t p, const bint tree) noexcept nogil:
    cdef int32_t *U = x.U
    cdef int32_t *D = x.D
    cdef int32_t *S = x.size
    cdef int32_t k = x.C[p], want = x.color[p], i, j
    i = U[k]
    while i != k:
        if x.color[i] < 0:
            x.color[i] = want
        else:
            j = x.L[i]
            while j != i:
                U[D[j]] = j
                D[U[j]] = j
                S[x.C[j]] += 1
                if tree:
                    xc_mark(x, x.C[j])
                j = x.L[j]
        i = U[i]


cdef int xc_solution(const ExactCover *x, int32_t *rows) noexcept nogil:
    """Write the rows of the cover just found (selected rows first); return how many."""
    cdef int k
    for k in range(x.run.depth):
        rows[k] = x.ROW[x.choice[k]]
    return x.run.depth
