# Part of fastsudoku._core, included by _core.pyx:
# generation: random full grids, unique puzzles dug from them.

# --------------------------------------------------------------------------------------------
# Generation: random full grids and unique puzzles dug from them (fastsudoku.generate)
# --------------------------------------------------------------------------------------------
#
# Randomness comes from splitmix64 on a 64-bit state that the caller derives from its seed
# and the puzzle's index, so that a puzzle depends on nothing else (not on the thread that
# made it, not on the platform).  A full grid is a randomised search: n random givens that
# do not clash are solved, then the values are relabelled and the rows, bands, columns and
# stacks permuted at random.  Digging visits the cells in random order, removing a cell and
# its images under the symmetry together while the puzzle keeps exactly one solution.

cdef enum:
    SYM_NONE = 0
    SYM_ROT180 = 1
    SYM_ROT90 = 2
    SYM_MIRROR = 3
    SYM_DIAGONAL = 4
    # A uniqueness check that needs more guesses than this counts as "not unique" (the
    # given stays).  Up to 16x16 the bound is never met in practice; above, a check costs
    # ~10x more a guess and the few checks that run long cost all the time (25x25 minimal:
    # about 2 s a puzzle at 1,000 guesses, hours at 1,000,000, nearly the same givens).
    GEN_UNIQUE_NODE_LIMIT = 1000000
    GEN_UNIQUE_NODE_LIMIT_LARGE = 1000
    GEN_LARGE_SIDE = 17
    # Uniqueness checks between two looks for Ctrl-C and the stop flag while digging: a
    # check is often too short to reach its search's own (SIGNAL_INTERVAL guesses), and a
    # large grid's dig is thousands of them (25x25: ~1.5 ms each, a second a puzzle).
    GEN_CHECK_CELLS = 16


SYMMETRIES = {None: SYM_NONE, "rot180": SYM_ROT180, "rot90": SYM_ROT90, "mirror": SYM_MIRROR,
              "diagonal": SYM_DIAGONAL}


cdef inline uint64_t splitmix64(uint64_t *state) noexcept nogil:
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline int rand_below(uint64_t *state, int n) noexcept nogil:
    return <int>(splitmix64(state) % <uint64_t>n)


cdef void rand_permutation(uint64_t *state, int *out, int n) noexcept nogil:
    cdef int i, j, t
    for i in range(n):
        out[i] = i
    for i in range(n - 1, 0, -1):
        j = rand_below(state, i + 1)
        t = out[i]
        out[i] = out[j]
        out[j] = t


cdef void group_order(uint64_t *state, int *out, int groups, int size, int *scratch) noexcept nogil:
    """0..groups*size-1, groups in random order, each group shuffled inside."""
    cdef int k, i
    rand_permutation(state, scratch, groups)
    for k in range(groups):
        rand_permutation(state, out + k * size, size)
        for i in range(size):
            out[k * size + i] += scratch[k] * size


cdef void random_isomorph(uint64_t *state, const Geometry *g, const uint8_t *src,
                          uint8_t *out, int *scratch, bint transpose) noexcept nogil:
    """A random isomorphic copy of the grid `src` (0 empty, 1..n) into out: bands and the
    rows in each, stacks and the columns in each, and the values relabelled (0 stays
    0); with `transpose` and square boxes, transposed half of the time (one more draw).
    scratch: 4n ints."""
    cdef int n = g.n, i, j, x
    cdef int *rows = scratch
    cdef int *cols = scratch + n
    cdef int *relabel = scratch + 2 * n
    cdef int *tmp = scratch + 3 * n
    group_order(state, rows, g.c, g.r, tmp)      # c bands of r rows
    group_order(state, cols, g.r, g.c, tmp)      # r stacks of c columns
    rand_permutation(state, relabel, n)
    transpose = transpose and g.r == g.c and rand_below(state, 2)
    for i in range(n):
        for j in range(n):
            x = src[cols[j] * n + rows[i]] if transpose else src[rows[i] * n + cols[j]]
            out[i * n + j] = relabel[x - 1] + 1 if x else 0


cdef int gen_full(const Sudoku *p, const EngineOptions *engine, EngineState *work,
                  uint64_t *state, uint8_t *out, int *scratch) noexcept nogil:
    """A random full grid into out; 0, or -1 out of memory / interrupted.  engine: the
    options of the searches (their engine; the limits are this function's)."""
    cdef const Geometry *g = p.g
    cdef int n = g.n, ncells = g.ncells, k, cell, v, j
    cdef uint8_t *values = <uint8_t *>malloc(ncells * 2)
    if values == NULL:
        return -1
    cdef uint8_t *solved = values + ncells
    cdef EngineResult result
    cdef EngineOptions o = engine[0]
    cdef int status
    o.limit = 1
    o.node_limit = 20000
    # The plain search: the strong one's branching would find other grids from the same
    # seed (generated puzzles are pinned by seed), and a random start seldom needs it.
    o.strong_over = MAX_SIDE + 1
    cdef bint clash
    while True:
        memset(values, 0, ncells)
        for k in range(n):
            cell = rand_below(state, ncells)
            v = rand_below(state, n) + 1
            clash = False
            for j in range(g.npeers):
                if values[g.peers[cell * g.npeers + j]] == v:
                    clash = True
                    break
            if not clash:
                values[cell] = v
        status = engine_run(p, values, &o, &result, solved, work)
        if status == SEARCH_INTERRUPTED or status == SEARCH_NOMEM:
            free(values)
            return -1
        if result.count:
            break
        if check_interrupt() < 0:               # a try that failed: look before the next
            free(values)
            return -1
    random_isomorph(state, g, solved, out, scratch, False)
    free(values)
    return 0


def effort_counts(bytes values, int r, int c, uint64_t seed, int copies,
                  Options options not None):
    """The guesses of a search (options: its engine and limit) on each of `copies` random
    isomorphic copies of the puzzle (random_isomorph, transposed too, from splitmix64
    seeded with `seed`): rate()'s effort, compiled (the copies made in Python cost ten
    times the searches of an easy puzzle).  Conflicting givens must be rejected before."""
    cdef Sudoku p
    cdef EngineOptions o = options.o
    cdef EngineResult result
    cdef uint64_t state = seed
    cdef int k
    prepare(&p, &o, r, c)
    cdef const uint8_t *v = _checked_values(values, p.g)
    cdef int n = p.g.n, ncells = p.g.ncells
    cdef uint8_t *grids = <uint8_t *>malloc(2 * ncells)
    cdef int *scratch = <int *>malloc(4 * n * sizeof(int))
    cdef EngineState *work = <EngineState *>malloc(sizeof(EngineState))
    counts = []
    try:
        if grids == NULL or scratch == NULL or work == NULL:
            raise MemoryError()
        for k in range(copies):
            with nogil:
                random_isomorph(&state, p.g, v, grids, scratch, True)
                engine_run(&p, grids, &o, &result, grids + ncells, work)
            raise_stopped(result.status)
            counts.append(result.guesses)
    finally:
        free(grids)
        free(scratch)
        free(work)
    return counts


cdef int sym_orbit(int n, int cell, int symmetry, int *orbit) noexcept nogil:
    """The cells that `cell` maps to under the symmetry (itself included, no repeats)."""
    cdef int i = cell // n, j = cell % n, count = 1, k, t, x
    cdef int images[4]
    orbit[0] = cell
    if symmetry == SYM_ROT180:
        images[0] = (n - 1 - i) * n + (n - 1 - j)
        t = 1
    elif symmetry == SYM_ROT90:
        images[0] = j * n + (n - 1 - i)
        images[1] = (n - 1 - i) * n + (n - 1 - j)
        images[2] = (n - 1 - j) * n + i
        t = 3
    elif symmetry == SYM_MIRROR:
        images[0] = i * n + (n - 1 - j)
        t = 1
    elif symmetry == SYM_DIAGONAL:
        images[0] = j * n + i
        t = 1
    else:
        t = 0
    for k in range(t):
        x = images[k]
        for i in range(count):
            if orbit[i] == x:
                break
        else:
            orbit[count] = x
            count += 1
    return count


cdef int is_unique(const Sudoku *p, const EngineOptions *engine, EngineState *work,
                   const uint8_t *values) noexcept nogil:
    """1 unique, 0 not (or too long to tell), -1 interrupted / out of memory."""
    cdef EngineResult result
    cdef EngineOptions o = engine[0]
    o.limit = 2
    if p.g.n < GEN_LARGE_SIDE:
        o.node_limit = GEN_UNIQUE_NODE_LIMIT
    else:
        # Short checks, on the plain search: the strong one's probes would spend the
        # budget before they paid (a probed 25x25 level costs thousands of guesses).
        o.node_limit = GEN_UNIQUE_NODE_LIMIT_LARGE
        o.strong_over = MAX_SIDE + 1
    cdef int status = engine_run(p, values, &o, &result, NULL, work)
    if status == SEARCH_INTERRUPTED or status == SEARCH_NOMEM:
        return -1
    return status != SEARCH_LIMIT and result.count == 1


cdef int gen_dig(const Sudoku *p, const EngineOptions *engine, EngineState *work,
                 uint64_t *state, const uint8_t *full, uint8_t *out, int target, int symmetry,
                 bint minimal, int *scratch) noexcept nogil:
    """Dig `full` into out: down to `target` givens (exactly; minimal: as far as it goes).
    Returns the number of givens, or -1 interrupted / out of memory."""
    cdef const Geometry *g = p.g
    cdef int ncells = g.ncells, givens = ncells, k, m, size, cell, rc
    cdef int *order = scratch
    cdef int orbit[4]
    memcpy(out, full, ncells)
    rand_permutation(state, order, ncells)
    for k in range(ncells):
        if not minimal and givens <= target:
            break
        if k % GEN_CHECK_CELLS == GEN_CHECK_CELLS - 1 and check_interrupt() < 0:
            return -1
        cell = order[k]
        if out[cell] == 0:
            continue
        size = sym_orbit(g.n, cell, symmetry, orbit)
        if not minimal and givens - size < target:
            continue
        for m in range(size):
            out[orbit[m]] = 0
        rc = is_unique(p, engine, work, out)
        if rc < 0:
            return -1
        if rc:
            givens -= size
        else:
            for m in range(size):
                out[orbit[m]] = full[orbit[m]]
    return givens


def generate_one(int r, int c, uint64_t seed, int target, int symmetry, bint minimal,
                 long long[::1] halt=None, bint interruptible=True, Options options=None):
    """(puzzle bytes, solution bytes, givens) of one generated puzzle (GIL released).

    target: the number of givens to dig down to (ignored when minimal).  The caller checks
    the result and retries with another seed when it misses its target.  halt and
    interruptible: as for Batch (a thread of a threaded generate); None when the halt flag
    stopped it.  options: the engine of the searches (default "auto"; the limits are the
    generator's own).
    """
    cdef Sudoku p
    cdef EngineOptions o
    if options is None:
        engine_options_default(&o)
    else:
        o = options.o
    prepare(&p, &o, r, c)
    cdef const Geometry *g = p.g
    if symmetry < SYM_NONE or symmetry > SYM_DIAGONAL:
        raise ValueError(f"bad symmetry code {symmetry}")
    if halt is not None and halt.shape[0] != 1:
        raise ValueError("halt must hold one int64")
    cdef bytes puzzle = PyBytes_FromStringAndSize(NULL, g.ncells)
    cdef bytes solution = PyBytes_FromStringAndSize(NULL, g.ncells)
    cdef uint8_t *out = <uint8_t *>PyBytes_AS_STRING(puzzle)
    cdef uint8_t *s = <uint8_t *>PyBytes_AS_STRING(solution)
    cdef uint64_t state = seed
    cdef int givens = -1
    cdef Interrupt mine, saved
    cdef EngineState *work = <EngineState *>malloc(sizeof(EngineState))   # see search()
    mine.stop = NULL if halt is None else &halt[0]
    mine.quiet = not interruptible
    cdef int *scratch = <int *>malloc((g.ncells + 4 * g.n) * sizeof(int))
    if scratch == NULL or work == NULL:
        free(scratch)
        free(work)
        raise MemoryError()
    with nogil:
        saved = fs_interrupt_swap(mine)
        if gen_full(&p, &o, work, &state, s, scratch) == 0:
            givens = gen_dig(&p, &o, work, &state, s, out, target, symmetry, minimal, scratch)
        fs_interrupt_swap(saved)
    free(scratch)
    free(work)
    if givens < 0:
        _stopped(mine)
        return None
    return puzzle, solution, givens
