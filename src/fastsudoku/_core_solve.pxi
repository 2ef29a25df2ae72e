# Part of fastsudoku._core, included by _core.pyx:
# Python entry points of the searches (search, Solver, run_search).

# ============================================================================================
# Python entry points
# ============================================================================================

STATUS_NAMES = {
    SEARCH_FOUND: "found",
    SEARCH_EXHAUSTED: "exhausted",
    SEARCH_LIMIT: "node_limit",
    SEARCH_INTERRUPTED: "interrupted",
    SEARCH_NOMEM: "out_of_memory",
}


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


cdef int _raise_pending() except -1:
    # The signal handler's exception is already set; returning -1 propagates it.
    return -1


cdef inline bint _failed(int status) noexcept:
    """The search stopped on Ctrl-C or out of memory: free it, then call _status_name."""
    return status == SEARCH_INTERRUPTED or status == SEARCH_NOMEM


cdef str _status_name(int status, bint counting):
    """How a search call ended, by name: a solution is "found" (or "limit" for a counting
    loop that stopped at its limit).  Raises KeyboardInterrupt (the handler's exception,
    already set) for Ctrl-C and MemoryError when memory ran out."""
    if status == SEARCH_INTERRUPTED:
        _raise_pending()
    if status == SEARCH_NOMEM:
        raise MemoryError()
    if status == SEARCH_FOUND:
        return "limit" if counting else "found"
    return STATUS_NAMES[status]


cdef int _stopped(Interrupt it) except -1:
    """After a nogil section that stopped early: raise the signal handler's exception if
    this thread saw one; return quietly if the stop flag stopped it (another thread raises);
    else the search ran out of memory."""
    if PyErr_Occurred() != NULL:
        _status_name(SEARCH_INTERRUPTED, False)
    if it.stop != NULL and fs_load(it.stop):
        return 0
    raise MemoryError()


cdef class Solver:
    """A resumable search over the solutions of one puzzle (values: 0 empty, 1..n).

    The givens must not conflict (check with conflict() first).  Each call to next_solution()
    runs without the GIL until the next solution, the end, or the node limit.  9x9 puzzles
    run on the digit-band engine (Search9), like run_search, so that the solutions come in
    the same order as solve() and the batch give them.
    """
    cdef Search s
    cdef Search9 *s9
    cdef readonly int r, c

    def __cinit__(self, bytes values, int r, int c, long long node_limit=-1):
        cdef const Geometry *g = geometry_for(r, c)
        cdef const uint8_t *p = _checked_values(values, g)
        cdef int rc
        self.r = r
        self.c = c
        self.s.phase = PHASE_DONE
        if USE_B9 and g.n == 9 and g.r == 3:
            self.s9 = <Search9 *>malloc(sizeof(Search9))
            if self.s9 == NULL:
                raise MemoryError()
            with nogil:
                s9_init(self.s9, p)
            self.s9.node_limit = node_limit
            return
        with nogil:
            rc = search_init(&self.s, g, p)
        if rc < 0:
            search_free(&self.s)
            raise MemoryError()
        self.s.node_limit = node_limit

    def __dealloc__(self):
        search_free(&self.s)
        free(self.s9)

    @property
    def guesses(self):
        """Values assigned by branching so far."""
        return self.s9.guesses if self.s9 != NULL else self.s.guesses

    @property
    def node_limit(self):
        return self.s9.node_limit if self.s9 != NULL else self.s.node_limit

    @node_limit.setter
    def node_limit(self, long long value):
        if self.s9 != NULL:
            self.s9.node_limit = value
        else:
            self.s.node_limit = value

    cdef int step(self) noexcept nogil:
        if self.s9 != NULL:
            return s9_next(self.s9)
        return search_next(&self.s)

    cdef bytes solution(self):
        out = PyBytes_FromStringAndSize(NULL, 81 if self.s9 != NULL else self.s.g.ncells)
        if self.s9 != NULL:
            b9_solution(&self.s9.level[self.s9.depth], <uint8_t *>PyBytes_AS_STRING(out))
        else:
            search_solution(&self.s, <uint8_t *>PyBytes_AS_STRING(out))
        return out

    def next_solution(self):
        """(status, solution bytes or None); status is one of STATUS_NAMES' values."""
        cdef int status
        with nogil:
            status = self.step()
        if _failed(status):
            search_free(&self.s)
        if status != SEARCH_FOUND:
            return _status_name(status, False), None
        return "found", self.solution()

    def count(self, long long limit=-1):
        """(solutions found up to limit (< 0: all), first solution or None, status)."""
        cdef long long found = 0
        cdef int status = SEARCH_EXHAUSTED
        cdef bytes first = None
        while limit < 0 or found < limit:
            with nogil:
                status = self.step()
            if status != SEARCH_FOUND:
                break
            if found == 0:
                first = self.solution()
            found += 1
        if _failed(status):
            search_free(&self.s)
        return found, first, _status_name(status, True)


# 9x9 searches run on the digit-band engine (run_search9, Search9); off only to measure
# or test the general engine on 9x9.
cdef bint USE_B9 = 1


def _set_b9(bint on):
    """Benchmark and test hook: run 9x9 searches on the digit-band engine (True, the
    default) or on the general one."""
    global USE_B9
    USE_B9 = on


cdef int run_search(const Geometry *g, const uint8_t *values, long long limit,
                    long long node_limit, uint8_t *first, long long *found,
                    long long *guesses) noexcept nogil:
    """Count solutions up to limit (< 0: all) with one search; write the first one."""
    if USE_B9 and g.n == 9 and g.r == 3:
        return run_search9(values, limit, node_limit, first, found, guesses)
    cdef Search s
    cdef int status = SEARCH_EXHAUSTED
    found[0] = 0
    guesses[0] = 0
    cdef int rc = search_init(&s, g, values)
    if rc < 0:
        search_free(&s)
        return SEARCH_NOMEM
    s.node_limit = node_limit
    while rc and (limit < 0 or found[0] < limit):
        status = search_next(&s)
        if status != SEARCH_FOUND:
            break
        if found[0] == 0 and first != NULL:
            search_solution(&s, first)
        found[0] += 1
    guesses[0] = s.guesses
    search_free(&s)
    return status


def search(bytes values, int r, int c, long long limit=1, long long node_limit=-1):
    """One search: (solutions found up to limit, first solution bytes or None, guesses, status).

    status: "exhausted" (the count is exact), "limit" (stopped at limit solutions),
    "node_limit".  Conflicting givens must be rejected before (see conflict()).
    """
    cdef const Geometry *g = geometry_for(r, c)
    cdef const uint8_t *p = _checked_values(values, g)
    cdef bytes first = PyBytes_FromStringAndSize(NULL, g.ncells)
    cdef uint8_t *out = <uint8_t *>PyBytes_AS_STRING(first)
    cdef long long found, guesses
    cdef int status
    with nogil:
        status = run_search(g, p, limit, node_limit, out, &found, &guesses)
    return found, (first if found else None), guesses, _status_name(status, True)
