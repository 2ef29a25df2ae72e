# Part of fastsudoku._core, included by _core.pyx (after every engine):
# the engine contract -- one options struct in, one result struct out -- the table of the
# engines, and the objects that Python drives a search through.

# ============================================================================================
# The engine table
# ============================================================================================
#
#   ENGINE_TABLE[id]   one row an engine, one signature for all (struct Engine in _core.pxd):
#
#       id                 name         init                next        solution   cover_rows
#       ENGINE_AUTO        "auto"       (resolved before a search: digitband for 9x9, else bitmask)
#       ENGINE_BITMASK     "bitmask"    search_init         search_next  values     -
#       ENGINE_DIGITBAND   "digitband"  s9_init             s9_next      values     -
#       ENGINE_DLX         "dlx"        copy + select       xc_next      values     rows
#       ENGINE_BITSET      "bitset"     copy + select       bx_next      values     rows
#       ENGINE_VARIANT     "variant"    v_init              v_next       values     -
#                                       (a classic puzzle runs on its rows, columns and boxes
#                                       as a variant model; a variant puzzle only here)
#
# engine_run() is the one counting loop on top of it: every public search (solve,
# count_solutions, search, solve_many, generate's checks, rate's effort) ends there.  Tests
# and benchmarks loop over ENGINES, the names in table order.

cdef Engine ENGINE_TABLE[ENGINE_COUNT]


cdef int bitmask_init(EngineState *s, const Sudoku *p, const uint8_t *values,
                      const EngineOptions *o) noexcept nogil:
    cdef int rc = search_init(&s.bitmask, p.g, values, o.locked_levels)
    if rc > 0 and o.allowed != NULL:
        rc = search_allow(&s.bitmask, o.allowed)
    if rc > 0 and p.g.n >= o.strong_over:
        rc = search_strong(&s.bitmask, o.probe_fails)
    s.run.node_limit = o.node_limit
    return rc


cdef int bitmask_next(EngineState *s) noexcept nogil:
    return search_next(&s.bitmask)


cdef void bitmask_solution(const EngineState *s, const Sudoku *p, uint8_t *out) noexcept nogil:
    search_solution(&s.bitmask, out)


cdef void bitmask_free(EngineState *s) noexcept nogil:
    search_free(&s.bitmask)


cdef int digitband_init(EngineState *s, const Sudoku *p, const uint8_t *values,
                        const EngineOptions *o) noexcept nogil:
    cdef int rc = s9_init(&s.digitband, values)
    s.run.node_limit = o.node_limit
    return rc


cdef int digitband_next(EngineState *s) noexcept nogil:
    return s9_next(&s.digitband)


cdef void digitband_solution(const EngineState *s, const Sudoku *p,
                             uint8_t *out) noexcept nogil:
    b9_solution(&s.digitband.level[s.run.depth], out)


cdef void digitband_free(EngineState *s) noexcept nogil:
    s.run.phase = PHASE_DONE             # the levels live in the struct: nothing to free


cdef int dlx_next(EngineState *s) noexcept nogil:
    return xc_next(&s.dlx)


cdef int dlx_count(EngineState *s, int64_t *n, int64_t upto) noexcept nogil:
    return xc_count(&s.dlx, n, upto)


cdef int dlx_rows(const EngineState *s, int32_t *rows) noexcept nogil:
    return xc_solution(&s.dlx, rows)


cdef void dlx_free(EngineState *s) noexcept nogil:
    xc_free(&s.dlx)


cdef int bitset_next(EngineState *s) noexcept nogil:
    return bx_next(&s.bitset)


cdef int bitset_count(EngineState *s, int64_t *n, int64_t upto) noexcept nogil:
    return bx_count(&s.bitset, n, upto)


cdef int bitset_rows(const EngineState *s, int32_t *rows) noexcept nogil:
    return bx_solution(&s.bitset, rows)


cdef void bitset_free(EngineState *s) noexcept nogil:
    bx_free(&s.bitset)


cdef int variant_init(EngineState *s, const Sudoku *p, const uint8_t *values,
                      const EngineOptions *o) noexcept nogil:
    cdef int rc = v_init(&s.variant, p.model, values)
    s.run.node_limit = o.node_limit
    return rc


cdef int variant_next(EngineState *s) noexcept nogil:
    return v_next(&s.variant)


cdef void variant_solution(const EngineState *s, const Sudoku *p, uint8_t *out) noexcept nogil:
    v_solution(&s.variant, out)


cdef void variant_free(EngineState *s) noexcept nogil:
    v_free(&s.variant)


cdef void _fill_engine_table() noexcept:
    memset(ENGINE_TABLE, 0, sizeof(ENGINE_TABLE))
    ENGINE_TABLE[ENGINE_AUTO].name = "auto"
    ENGINE_TABLE[ENGINE_BITMASK] = Engine("bitmask", bitmask_init, bitmask_next,
                                          bitmask_solution, NULL, bitmask_free, NULL)
    ENGINE_TABLE[ENGINE_DIGITBAND] = Engine("digitband", digitband_init, digitband_next,
                                            digitband_solution, NULL, digitband_free, NULL)
    ENGINE_TABLE[ENGINE_DLX] = Engine("dlx", dlx_sudoku_init, dlx_next, dlx_sudoku_solution,
                                      dlx_rows, dlx_free, dlx_count)
    ENGINE_TABLE[ENGINE_BITSET] = Engine("bitset", bitset_sudoku_init, bitset_next,
                                         bitset_sudoku_solution, bitset_rows, bitset_free,
                                         bitset_count)
    ENGINE_TABLE[ENGINE_VARIANT] = Engine("variant", variant_init, variant_next,
                                          variant_solution, NULL, variant_free, NULL)


_fill_engine_table()

#: The engines' names, in the table's order (the index is the EngineId).
ENGINES = tuple(ENGINE_TABLE[k].name.decode("ascii") for k in range(ENGINE_COUNT))
#: The engines that search any exact-cover matrix (cover_rows in the table).
COVER_ENGINES = tuple(ENGINES[k] for k in range(ENGINE_COUNT) if ENGINE_TABLE[k].cover_rows != NULL)


cdef const Engine *engine_row(int engine) noexcept nogil:
    return &ENGINE_TABLE[engine]


cdef void engine_options_default(EngineOptions *o) noexcept nogil:
    o.engine = ENGINE_AUTO
    o.limit = 1
    o.node_limit = -1
    o.locked_levels = 1
    o.strong_over = STRONG_OVER
    o.probe_fails = PROBE_FAILS
    o.track_over = XC_TRACK_OVER
    o.tree_over = XC_TREE_OVER
    o.allowed = NULL


cdef int engine_count(const Engine *e, EngineState *s, const Sudoku *p, int64_t limit,
                      uint8_t *first, int64_t *count) noexcept nogil:
    """The one counting loop: run the search `s` (set up, or resumed) on, adding the
    solutions found to *count until it reaches limit (< 0: no limit); the first solution
    of the loop (when *count was 0) into `first` unless it is NULL.  Returns the status it
    stopped on: SEARCH_FOUND (at the limit), SEARCH_EXHAUSTED, or how it was stopped."""
    cdef int status = SEARCH_EXHAUSTED
    while limit < 0 or count[0] < limit:
        if e.count != NULL and (count[0] > 0 or first == NULL):
            return e.count(s, count, limit)
        status = e.next(s)
        if status != SEARCH_FOUND:
            break
        if count[0] == 0 and first != NULL:
            e.solution(s, p, first)
        count[0] += 1
    return status


cdef int engine_run(const Sudoku *p, const uint8_t *values, const EngineOptions *o,
                    EngineResult *result, uint8_t *first, EngineState *s) noexcept nogil:
    """One search from start to end: set up `values` (0 empty, 1..n) on o.engine, count
    the solutions up to o.limit (< 0: all) with engine_count, the first into `first`
    (unless NULL).  The status is also in result.status.  `s` is scratch for the engine's
    state (the caller's, so that a batch reuses one); it is freed before this returns."""
    cdef const Engine *e = &ENGINE_TABLE[o.engine]
    cdef int status = SEARCH_EXHAUSTED
    cdef int rc = e.init(s, p, values, o)
    result.count = 0
    if rc < 0:
        status = SEARCH_NOMEM
    elif rc > 0:
        status = engine_count(e, s, p, o.limit, first, &result.count)
    result.guesses = s.run.guesses
    result.nodes = s.run.nodes
    result.status = status
    e.free(s)
    return status


# ============================================================================================
# Options: the struct, as Python builds it
# ============================================================================================

cdef dict _ENGINE_IDS = {name: k for k, name in enumerate(ENGINES)}


cdef int engine_id(str engine) except -1:
    """The EngineId of an engine's name; ValueError naming the choices otherwise."""
    if engine not in _ENGINE_IDS:
        raise ValueError(f"unknown engine {engine!r}; choose from {', '.join(ENGINES)}")
    return _ENGINE_IDS[engine]


cdef class Options:
    """The options of a search (EngineOptions), made once and passed to every search call.

    engine: a name of ENGINES; limit: solutions to stop at (None: all); node_limit: guesses
    to stop at (None: none); locked_levels, track_over, tree_over: tuning (the defaults are
    the measured best; benchmarks and tests vary them).
    """
    cdef EngineOptions o

    def __init__(self, str engine="auto", limit=1, node_limit=None, int locked_levels=1,
                 int track_over=XC_TRACK_OVER, int tree_over=XC_TREE_OVER,
                 int strong_over=STRONG_OVER, probe_fails=PROBE_FAILS):
        engine_options_default(&self.o)
        self.o.engine = engine_id(engine)
        self.o.limit = -1 if limit is None else limit
        self.o.node_limit = -1 if node_limit is None else node_limit
        self.o.locked_levels = locked_levels
        self.o.track_over = track_over
        self.o.tree_over = tree_over
        self.o.strong_over = strong_over
        self.o.probe_fails = -1 if probe_fails is None else probe_fails

    @property
    def engine(self):
        return ENGINES[self.o.engine]

    @property
    def limit(self):
        return None if self.o.limit < 0 else self.o.limit

    @property
    def node_limit(self):
        return None if self.o.node_limit < 0 else self.o.node_limit

    @property
    def locked_levels(self):
        return self.o.locked_levels

    @property
    def strong_over(self):
        return self.o.strong_over

    @property
    def probe_fails(self):
        return None if self.o.probe_fails < 0 else self.o.probe_fails

    @property
    def track_over(self):
        return self.o.track_over

    @property
    def tree_over(self):
        return self.o.tree_over

    def __repr__(self):
        return (f"Options(engine={self.engine!r}, limit={self.limit}, "
                f"node_limit={self.node_limit}, locked_levels={self.o.locked_levels}, "
                f"strong_over={self.o.strong_over}, probe_fails={self.probe_fails}, "
                f"track_over={self.o.track_over}, tree_over={self.o.tree_over})")


cdef int resolve_engine(int engine, const Geometry *g) except -1:
    """The engine that runs a Sudoku of geometry g: ENGINE_AUTO picks the fastest measured
    (digitband for 9x9 with 3x3 boxes, bitmask otherwise); a named engine that cannot take
    the shape is a ValueError that says so."""
    if engine == ENGINE_AUTO:
        return ENGINE_DIGITBAND if g.r == 3 and g.c == 3 else ENGINE_BITMASK
    if engine == ENGINE_DIGITBAND and not (g.r == 3 and g.c == 3):
        raise ValueError(f"engine 'digitband' solves 9x9 with 3x3 boxes only, not "
                         f"{g.n}x{g.n} with {g.r}x{g.c} boxes")
    if engine == ENGINE_BITSET and g.n > BITSET_MAX_SIDE:
        raise ValueError(f"engine 'bitset' solves sides up to {BITSET_MAX_SIDE}, not {g.n}")
    return engine


cdef int prepare(Sudoku *p, EngineOptions *o, int r, int c) except -1:
    """Fill p for box shape (r, c) and resolve o.engine for it (with the GIL: builds what
    the engine needs on first use, cached per shape)."""
    p.g = geometry_for(r, c)
    p.cover = NULL
    p.bits = NULL
    p.model = NULL
    o.engine = resolve_engine(o.engine, p.g)
    if o.engine == ENGINE_VARIANT:
        p.model = classic_model(r, c)
    elif o.engine == ENGINE_DLX:
        p.cover = &sudoku_matrix(r, c, False).x
    elif o.engine == ENGINE_BITSET:
        p.bits = &sudoku_matrix(r, c, True).b
    return 0


# ============================================================================================
# Python entry points
# ============================================================================================

def engine_for(str engine, int r, int c):
    """The name of the engine that runs a Sudoku of box shape (r, c) on `engine` ("auto"
    resolved); ValueError if that engine cannot take the shape."""
    cdef int e = engine_id(engine)
    return ENGINES[resolve_engine(e, geometry_for(r, c))]

#
# Statuses reach Python as the SearchStatus codes below; the Python layer names them.


FOUND = SEARCH_FOUND
EXHAUSTED = SEARCH_EXHAUSTED
NODE_LIMIT = SEARCH_LIMIT


cdef const uint8_t *_checked_values(bytes values, const Geometry *g) except NULL:
    if PyBytes_GET_SIZE(values) != g.ncells:
        raise ValueError(f"expected {g.ncells} cell values, got {PyBytes_GET_SIZE(values)}")
    cdef const uint8_t *p = <const uint8_t *>PyBytes_AS_STRING(values)
    cdef int cell
    for cell in range(g.ncells):
        if p[cell] > g.n:
            raise ValueError(f"cell {cell}: value {p[cell]} out of range 0..{g.n}")
    return p


def conflict(bytes values, int r, int c):
    """None if no given repeats in a unit, else (unit, value, cell_a, cell_b).

    unit: 0..n-1 rows, n..2n-1 columns, 2n..3n-1 boxes.
    """
    cdef const Geometry *g = geometry_for(r, c)
    cdef const uint8_t *p = _checked_values(values, g)
    cdef int where[3]
    cdef int unit
    with nogil:
        unit = find_conflict(g, p, where)
    if unit < 0:
        return None
    return (unit, where[0], where[1], where[2])


cdef int raise_stopped(int status) except -1:
    """After a search: raise for how it ended, if that is an error -- KeyboardInterrupt
    (the signal handler's exception, already set) for SEARCH_INTERRUPTED, MemoryError for
    SEARCH_NOMEM; else 0."""
    if status == SEARCH_INTERRUPTED:
        if PyErr_Occurred() == NULL:
            raise KeyboardInterrupt()
        return -1
    if status == SEARCH_NOMEM:
        raise MemoryError()
    return 0


cdef int _stopped(Interrupt it) except -1:
    """After a nogil section that stopped early: raise the signal handler's exception if
    this thread saw one; return quietly if the stop flag stopped it (another thread raises);
    else the search ran out of memory."""
    if PyErr_Occurred() != NULL:
        return -1
    if it.stop != NULL and fs_load(it.stop):
        return 0
    raise MemoryError()


def search(bytes values, int r, int c, Options options not None):
    """One search: (solutions found up to options.limit, first solution bytes or None,
    guesses, status: EXHAUSTED (the count is exact), FOUND (stopped at the limit) or
    NODE_LIMIT).  Conflicting givens must be rejected before (see conflict())."""
    cdef Sudoku p
    cdef EngineOptions o = options.o
    prepare(&p, &o, r, c)
    return run_once(&p, _checked_values(values, p.g), &o, p.g.ncells)


def search_allowed(bytes values, int r, int c, bytes allowed, Options options not None):
    """search() on the bitmask engine with each cell's values limited to `allowed` (ncells
    little-endian uint64 masks, bit v-1 for value v): a classic grid with pencil marks.
    The strong search (probing) runs from 9x9 up."""
    cdef Sudoku p
    cdef EngineOptions o = options.o
    if o.engine not in (ENGINE_AUTO, ENGINE_BITMASK):
        raise ValueError("candidate masks are searched on the 'bitmask' engine only")
    o.engine = ENGINE_BITMASK
    prepare(&p, &o, r, c)
    if PyBytes_GET_SIZE(allowed) != 8 * p.g.ncells:
        raise ValueError(f"expected {p.g.ncells} candidate masks, "
                         f"got {PyBytes_GET_SIZE(allowed)} bytes")
    o.allowed = <const uint64_t *>PyBytes_AS_STRING(allowed)
    o.strong_over = min(o.strong_over, 9)
    return run_once(&p, _checked_values(values, p.g), &o, p.g.ncells)


cdef tuple run_once(const Sudoku *p, const uint8_t *v, const EngineOptions *o, int ncells):
    """engine_run without the GIL, as search() and variant_search() return it."""
    cdef bytes first = PyBytes_FromStringAndSize(NULL, ncells)
    cdef uint8_t *out = <uint8_t *>PyBytes_AS_STRING(first)
    cdef EngineResult result
    # On the heap, not in this frame: a state on the stack put the bitmask engine's hot
    # fields at addresses that sometimes alias its heap levels (16x16 uniqueness checks took
    # 300 us instead of 248 in some processes; with the state allocated, always 248).
    cdef EngineState *state = <EngineState *>malloc(sizeof(EngineState))
    if state == NULL:
        raise MemoryError()
    with nogil:
        engine_run(p, v, o, &result, out, state)
    free(state)
    raise_stopped(result.status)
    return result.count, (first if result.count else None), result.guesses, result.status


cdef const uint8_t *prepare_variant(Sudoku *p, EngineOptions *o, VariantModel model,
                                    bytes values) except NULL:
    """prepare() for a variant puzzle: the engine (auto or variant) and the model in p, the
    cell values checked against it."""
    if o.engine not in (ENGINE_AUTO, ENGINE_VARIANT):
        raise ValueError(f"engine {ENGINES[o.engine]!r} solves classic Sudoku only; "
                         "variant puzzles run on 'variant' (or 'auto')")
    o.engine = ENGINE_VARIANT
    memset(p, 0, sizeof(Sudoku))
    p.model = &model.m
    if PyBytes_GET_SIZE(values) != model.m.ncells:
        raise ValueError(f"expected {model.m.ncells} cell values, got {PyBytes_GET_SIZE(values)}")
    cdef const uint8_t *v = <const uint8_t *>PyBytes_AS_STRING(values)
    cdef int cell
    for cell in range(model.m.ncells):
        if v[cell] > model.m.n:
            raise ValueError(f"cell {cell}: value {v[cell]} out of range 0..{model.m.n}")
    return v


def variant_search(VariantModel model not None, bytes values, Options options not None):
    """search() for a variant puzzle (its model built by fastsudoku.variants): the same
    tuple.  The engine must be "auto" or "variant"."""
    cdef Sudoku p
    cdef EngineOptions o = options.o
    cdef const uint8_t *v = prepare_variant(&p, &o, model, values)
    return run_once(&p, v, &o, model.m.ncells)


# ============================================================================================
# Resumable searches: one base, a Sudoku leaf and an exact-cover leaf
# ============================================================================================

cdef class _Resumable:
    """A search that Python resumes: each next_solution() runs without the GIL until the
    next solution, the end, or the node limit (then raising the limit resumes it)."""
    cdef EngineState *state
    cdef const Engine *e
    cdef bint live                       # state holds an initialised search, not yet freed

    def __cinit__(self, *args, **kwargs):
        self.state = <EngineState *>calloc(1, sizeof(EngineState))
        if self.state == NULL:
            raise MemoryError()
        self.state.run.phase = PHASE_DONE

    def __dealloc__(self):
        self.release()
        free(self.state)

    cdef void release(self) noexcept nogil:
        if self.live:
            self.e.free(self.state)
            self.live = False

    @property
    def engine(self):
        """The name of the engine that runs the search."""
        return self.e.name.decode("ascii")

    @property
    def guesses(self):
        """Alternatives tried where there was a choice."""
        return self.state.run.guesses

    @property
    def nodes(self):
        """Alternatives tried, forced or not (exact-cover engines; 0 for the others)."""
        return self.state.run.nodes

    @property
    def node_limit(self):
        return self.state.run.node_limit

    @node_limit.setter
    def node_limit(self, long long value):
        self.state.run.node_limit = value

    cdef object found(self):
        """The solution just found, as the leaf hands it to Python."""
        raise NotImplementedError

    cdef int ended(self, int status) except -1:
        """status, after a run of the search: a search stopped by Ctrl-C or out of memory is
        freed and its error raised (raise_stopped)."""
        if status == SEARCH_INTERRUPTED or status == SEARCH_NOMEM:
            self.release()
            raise_stopped(status)
        return status

    cdef int step(self) except? -1:
        cdef int status
        with nogil:
            status = self.e.next(self.state)
        return self.ended(status)

    def next_solution(self):
        """(FOUND, the solution) or (EXHAUSTED or NODE_LIMIT, None)."""
        cdef int status = self.step()
        if status != SEARCH_FOUND:
            return status, None
        return status, self.found()

    def count(self, long long limit=-1):
        """(solutions found up to limit (< 0: all), the first one or None, status); the
        first through next_solution(), the rest in engine_count without the GIL."""
        cdef int64_t n = 0
        cdef int status
        if limit == 0:
            return 0, None, SEARCH_EXHAUSTED
        status, first = self.next_solution()
        if status == SEARCH_FOUND:
            n = 1
            with nogil:
                status = engine_count(self.e, self.state, NULL, limit, NULL, &n)
            self.ended(status)
        return n, first, status


cdef class SudokuSearch(_Resumable):
    """The solutions of one Sudoku (values: 0 empty, 1..n; the givens must not conflict,
    see conflict()), one at a time, on options.engine; each as bytes of values."""
    cdef Sudoku p
    cdef readonly int r, c

    def __init__(self, bytes values, int r, int c, Options options not None):
        cdef EngineOptions o = options.o
        prepare(&self.p, &o, r, c)
        cdef const uint8_t *v = _checked_values(values, self.p.g)
        cdef int rc
        self.r = r
        self.c = c
        self.e = &ENGINE_TABLE[o.engine]
        with nogil:
            rc = self.e.init(self.state, &self.p, v, &o)
        self.live = True
        if rc < 0:
            self.release()
            raise MemoryError()

    cdef object found(self):
        out = PyBytes_FromStringAndSize(NULL, self.p.g.ncells)
        self.e.solution(self.state, &self.p, <uint8_t *>PyBytes_AS_STRING(out))
        return out


cdef class VariantSearch(_Resumable):
    """The solutions of one variant puzzle (its model built by fastsudoku.variants), one at
    a time on the variant engine; each as bytes of values."""
    cdef Sudoku p
    cdef VariantModel model                # kept alive: the search reads it

    def __init__(self, VariantModel model not None, bytes values, Options options not None):
        cdef EngineOptions o = options.o
        cdef int rc
        cdef const uint8_t *v = prepare_variant(&self.p, &o, model, values)
        self.model = model
        self.e = &ENGINE_TABLE[ENGINE_VARIANT]
        with nogil:
            rc = self.e.init(self.state, &self.p, v, &o)
        self.live = True
        if rc < 0:
            self.release()
            raise MemoryError()

    cdef object found(self):
        out = PyBytes_FromStringAndSize(NULL, self.model.m.ncells)
        self.e.solution(self.state, &self.p, <uint8_t *>PyBytes_AS_STRING(out))
        return out


cdef class ExactCoverSearch(_Resumable):
    """The exact covers of a 0/1 matrix in CSR form, one at a time; each as the sorted list
    of its rows (with `ordered` set: in the order the search chose them, one a level).

    offsets: int32 array of nrows + 1 entries; cols: int32 array of column indices (row k's
    columns are cols[offsets[k]:offsets[k+1]]); secondary: ncols bytes, nonzero for a column
    that may be covered at most once (or None).  options.engine: "dlx" (dancing links;
    "auto" means it here) or "bitset" (Algorithm X on row bitsets: the same tree, faster on
    small matrices).  Validation is the caller's job except for column ranges.
    """
    cdef int32_t *rows_out
    cdef int rows_cap
    cdef public bint ordered
    cdef object template                 # fork(): the search whose arrays this one shares

    def __init__(self, int ncols, const int32_t[::1] offsets, const int32_t[::1] cols,
                 bytes secondary, Options options=None, const int32_t[::1] pair=None,
                 const int32_t[::1] pair_col=None, const int32_t[::1] col_lo=None,
                 const int32_t[::1] col_hi=None):
        cdef EngineOptions o
        if options is None:
            engine_options_default(&o)
        else:
            o = options.o
        if o.engine == ENGINE_AUTO:
            o.engine = ENGINE_DLX
        if ENGINE_TABLE[o.engine].cover_rows == NULL:
            raise ValueError(f"engine {ENGINES[o.engine]!r} does not search exact covers; "
                             f"choose from {', '.join(COVER_ENGINES)}")
        cdef int nrows = offsets.shape[0] - 1
        cdef int rc
        cdef const uint8_t *sec = NULL
        if nrows < 0 or ncols < 0:
            raise ValueError("offsets must hold nrows + 1 entries")
        if offsets[nrows] != cols.shape[0] or offsets[0] != 0:
            raise ValueError("offsets do not match cols")
        if secondary is not None:
            if PyBytes_GET_SIZE(secondary) != ncols:
                raise ValueError("secondary must hold one byte a column")
            sec = <const uint8_t *>PyBytes_AS_STRING(secondary)
        cdef const int32_t *pcols = &cols[0] if cols.shape[0] else NULL
        cdef const int32_t *ppair = NULL
        cdef const int32_t *ppcol = NULL
        cdef const int32_t *plo = NULL
        cdef const int32_t *phi = NULL
        cdef int npairs = 0
        if pair is not None:
            if pair.shape[0] != cols.shape[0] or pair_col is None:
                raise ValueError("pair must hold one entry a one, with pair_col")
            npairs = pair_col.shape[0]
            ppair = &pair[0] if pair.shape[0] else NULL
            ppcol = &pair_col[0] if npairs else NULL
        if col_lo is not None:
            if col_hi is None or col_lo.shape[0] != ncols or col_hi.shape[0] != ncols:
                raise ValueError("col_lo and col_hi must hold one entry a column")
            plo = &col_lo[0] if ncols else NULL
            phi = &col_hi[0] if ncols else NULL
        if plo != NULL and o.engine != ENGINE_BITSET:
            raise ValueError(f"engine {ENGINES[o.engine]!r} does not take multiplicities; "
                             f"use 'bitset'")
        self.e = &ENGINE_TABLE[o.engine]
        with nogil:
            if o.engine == ENGINE_BITSET:
                rc = bx_build_xcc(&self.state.bitset, ncols, sec, nrows, &offsets[0], pcols,
                                  ppair, npairs, ppcol, plo, phi)
                self.state.run.node_limit = o.node_limit
            else:
                rc = xc_build(&self.state.dlx, ncols, sec, nrows, &offsets[0], pcols, &o)
                if rc == 0 and ppair != NULL:
                    rc = xc_set_colors(&self.state.dlx, ppair)
        self.live = True
        if rc == -2:
            self.release()
            raise ValueError("a column, colour pair or bound is out of range")
        if rc < 0:
            self.release()
            raise MemoryError()
        self.rows_cap = max(ncols, nrows) + 2
        self.rows_out = <int32_t *>malloc(self.rows_cap * sizeof(int32_t))
        if self.rows_out == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.rows_out)

    cdef object found(self):
        cdef int count = self.e.cover_rows(self.state, self.rows_out)
        rows = [self.rows_out[k] for k in range(count)]
        return rows if self.ordered else sorted(rows)

    def count(self, long long limit=-1, long long[::1] halt=None, bint interruptible=True):
        """(covers found up to limit (< 0: all), status); the search runs without the GIL,
        the covers are not built.  halt (one int64, shared by the threads of one count;
        nonzero: stop) and interruptible (look for Ctrl-C) as for a Batch: a count that the
        halt flag stopped returns (what it found, INTERRUPTED) without raising."""
        cdef int64_t n = 0
        cdef int status
        cdef Interrupt mine, saved
        mine.stop = NULL if halt is None else &halt[0]
        mine.quiet = not interruptible
        with nogil:
            saved = fs_interrupt_swap(mine)
            status = engine_count(self.e, self.state, NULL, limit, NULL, &n)
            fs_interrupt_swap(saved)
        if (status == SEARCH_INTERRUPTED and PyErr_Occurred() == NULL and mine.stop != NULL
                and fs_load(mine.stop)):
            return n, status
        self.ended(status)
        return n, status

    def fork(self):
        """A fresh search of the same matrix that shares this one's read-only arrays (this
        one must not have started): one per thread of a count split by enter_branch."""
        if self.state.run.depth != 0 or self.state.run.phase != PHASE_DESCEND:
            raise ValueError("fork() needs a search that has not started")
        cdef ExactCoverSearch f = ExactCoverSearch.__new__(ExactCoverSearch)
        cdef int rc
        f.e = self.e
        f.ordered = self.ordered
        f.template = self
        with nogil:
            if self.e == &ENGINE_TABLE[ENGINE_BITSET]:
                rc = bx_copy(&f.state.bitset, &self.state.bitset)
            else:
                rc = xc_copy(&f.state.dlx, &self.state.dlx)
        f.live = True
        f.rows_cap = self.rows_cap
        f.rows_out = <int32_t *>malloc(f.rows_cap * sizeof(int32_t))
        if rc < 0 or f.rows_out == NULL:
            f.release()
            raise MemoryError()
        return f

    def enter_branch(self, int i):
        """Confine this fresh search to the i-th branch of its root (the i-th alternative of
        the first column it chooses): True, or False when the root has no i-th branch (or
        is itself a cover or a dead end).  The branches partition the covers."""
        cdef int rc
        if self.state.run.depth != 0 or self.state.run.phase != PHASE_DESCEND:
            raise ValueError("enter_branch() needs a search that has not started")
        with nogil:
            if self.e == &ENGINE_TABLE[ENGINE_BITSET]:
                rc = bx_enter_branch(&self.state.bitset, i)
            else:
                rc = xc_enter_branch(&self.state.dlx, i)
        if rc < 0:
            self.release()
            raise MemoryError()
        if rc == 0:
            self.release()
        return rc == 1
