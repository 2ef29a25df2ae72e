# Part of fastsudoku._core, included by _core.pyx:
# batches (solve_many) and the 81-character fast path.

# --------------------------------------------------------------------------------------------
# Batches: many puzzles of one shape in one call, without the GIL (solve_many)
# --------------------------------------------------------------------------------------------

cdef enum:
    BATCH_SOLVED = 0         # a solution (the only one when limit >= 2)
    BATCH_NO_SOLUTION = 1
    BATCH_NOT_UNIQUE = 2     # limit >= 2 and a second solution was found
    BATCH_INVALID = 3        # a value out of range 0..N, or givens that repeat in a unit
    BATCH_NODE_LIMIT = 4


BATCH_STATUS = {"solved": BATCH_SOLVED, "no_solution": BATCH_NO_SOLUTION,
                "not_unique": BATCH_NOT_UNIQUE, "invalid": BATCH_INVALID,
                "node_limit": BATCH_NODE_LIMIT}


cdef int batch_one(const Geometry *g, const ExactCover *template, const uint8_t *puzzle,
                   uint8_t *out, long long limit, long long node_limit, int8_t *status,
                   int64_t *count, int64_t *guesses) noexcept nogil:
    """Search one puzzle of a batch (on dancing links when template is not NULL); -1 if
    the search was interrupted or ran out of memory."""
    cdef int cell, rc
    cdef int where[3]
    cdef long long found = 0, spent = 0
    guesses[0] = 0
    count[0] = 0
    memcpy(out, puzzle, g.ncells)
    for cell in range(g.ncells):
        if puzzle[cell] > g.n:
            status[0] = BATCH_INVALID
            return 0
    # Givens that repeat leave the search with no solution at once; they are looked for
    # only then (find_conflict costs a twentieth of an easy 9x9 search).
    if template != NULL:
        rc = run_dlx(g, template, puzzle, limit, node_limit, out, &found, &spent)
    else:
        rc = run_search(g, puzzle, limit, node_limit, out, &found, &spent)
    guesses[0] = spent
    count[0] = found
    if rc == SEARCH_INTERRUPTED or rc == SEARCH_NOMEM:
        return -1
    if found == 0 and find_conflict(g, puzzle, where) >= 0:
        status[0] = BATCH_INVALID
        count[0] = 0
        memcpy(out, puzzle, g.ncells)
        return 0
    if rc == SEARCH_LIMIT:
        status[0] = BATCH_NODE_LIMIT
    elif found == 0:
        status[0] = BATCH_NO_SOLUTION
    elif found >= 2:
        status[0] = BATCH_NOT_UNIQUE
    else:
        status[0] = BATCH_SOLVED
    if found == 0:
        memcpy(out, puzzle, g.ncells)
    return 0


cdef enum:
    BATCH_SIGNAL_ROWS = 256


cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline long long fs_fetch_add(long long *p, long long v) {
        return _InterlockedExchangeAdd64((volatile long long *)p, v);
    }
    #else
    static inline long long fs_fetch_add(long long *p, long long v) {
        return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
    }
    #endif
    """
    long long fs_fetch_add(long long *p, long long v) noexcept nogil


def batch_search(const uint8_t[:, ::1] puzzles, uint8_t[:, ::1] out, int8_t[::1] status,
                 int64_t[::1] counts, int64_t[::1] guesses, int r, int c, long long limit,
                 long long node_limit, Py_ssize_t start, Py_ssize_t stop,
                 long long[::1] next_row=None, Py_ssize_t chunk=16, bint interruptible=True,
                 bint dlx=False, long long[::1] halt=None):
    """Search puzzles[start:stop] (one row of N*N values each) without the GIL.

    For each row: out = the first solution (the puzzle itself when there is none), status
    (BATCH_STATUS), counts = solutions found up to limit, guesses.  A bad row gets
    BATCH_INVALID and the batch goes on.

    With next_row (one int64, start at 0), several threads share the rows: each takes the
    next `chunk` rows with an atomic add until none are left, so that the threads stay
    busy to the end without coming back to Python (and to the GIL) between chunks.

    dlx: search on dancing links instead of the bitmask engine.

    interruptible: look for Ctrl-C (the calling thread, if it is the main thread) every
    BATCH_SIGNAL_ROWS rows (a batch of easy puzzles never reaches a search's own check)
    and every SIGNAL_INTERVAL guesses of a search; KeyboardInterrupt then.

    halt (one int64, 0 = go on), shared by the threads of a batch: Ctrl-C seen here sets
    it; once it is set, every thread stops within a row or SIGNAL_INTERVAL guesses of the
    row it is searching, and returns (rows not reached keep what their arrays held).  Only
    the thread that saw the signal raises; the caller raises for the others.
    """
    cdef const Geometry *g = geometry_for(r, c)
    if puzzles.shape[1] != g.ncells or out.shape[1] != g.ncells:
        raise ValueError(f"expected rows of {g.ncells} cells, got {puzzles.shape[1]}")
    if not (0 <= start <= stop <= puzzles.shape[0] <= out.shape[0]
            and stop <= status.shape[0] and stop <= counts.shape[0]
            and stop <= guesses.shape[0]):
        raise ValueError("batch arrays and range do not agree")
    if chunk < 1:
        raise ValueError("chunk must be at least 1")
    cdef Py_ssize_t i, first, last, done = 0
    cdef int rc = 0
    cdef long long *shared = NULL
    cdef const ExactCover *template = sudoku_cover(r, c) if dlx else NULL
    cdef Interrupt mine, saved
    if next_row is not None:
        if next_row.shape[0] != 1:
            raise ValueError("next_row must hold one int64")
        shared = &next_row[0]
    if halt is not None and halt.shape[0] != 1:
        raise ValueError("halt must hold one int64")
    mine.stop = NULL if halt is None else &halt[0]
    mine.quiet = not interruptible
    with nogil:
        saved = fs_interrupt_swap(mine)
        first = start
        last = stop
        while True:
            if shared != NULL:
                first = start + fs_fetch_add(shared, chunk)
                last = min(first + chunk, stop)
            if first >= stop:
                break
            for i in range(first, last):
                if mine.stop != NULL and fs_load(mine.stop):
                    rc = -1
                    break
                rc = batch_one(g, template, &puzzles[i, 0], &out[i, 0], limit, node_limit,
                               &status[i], &counts[i], &guesses[i])
                if rc < 0:
                    break
                done += 1
                if done % BATCH_SIGNAL_ROWS == 0 and check_interrupt() < 0:
                    rc = -1
                    break
            if shared == NULL or rc < 0:
                break
        fs_interrupt_swap(saved)
    if rc < 0:
        _stopped(mine)


# --------------------------------------------------------------------------------------------
# The 81-character fast path: parse, solve and format in one call, no Python objects between.
# --------------------------------------------------------------------------------------------

cdef const Geometry *_g9 = NULL


def solve_line81(str line, long long limit=1, bint dlx=False):
    """Solve an 81-character line of '1'-'9' and '.', '0', '-' for empty (dlx: on dancing
    links).

    Returns (solution str or None, solutions found up to limit), or None when the line
    is anything else (a bad character, repeated givens) so that the caller's full parser
    can name the problem.
    """
    global _g9
    if _g9 == NULL:
        _g9 = geometry_for(3, 3)
    cdef const ExactCover *template = sudoku_cover(3, 3) if dlx else NULL
    if PyUnicode_GET_LENGTH(line) != 81:
        return None
    cdef int kind = PyUnicode_KIND(line)
    cdef void *data = PyUnicode_DATA(line)
    cdef uint8_t values[81]
    cdef uint8_t solution[81]
    cdef int cell, status
    cdef int where[3]
    cdef int ch
    cdef long long found, guesses
    for cell in range(81):
        ch = <int>PyUnicode_READ(kind, data, cell)
        if ch >= 49 and ch <= 57:          # '1'..'9'
            values[cell] = <uint8_t>(ch - 48)
        elif ch == 46 or ch == 48 or ch == 45:   # '.', '0', '-'
            values[cell] = 0
        else:
            return None
    with nogil:
        # Repeated givens leave no solution at once: look for them only then.
        if template != NULL:
            status = run_dlx(_g9, template, values, limit, -1, solution, &found, &guesses)
        else:
            status = run_search(_g9, values, limit, -1, solution, &found, &guesses)
        if found == 0 and find_conflict(_g9, values, where) >= 0:
            status = -1
    if status == -1:
        return None
    _status_name(status, True)          # raises on Ctrl-C and out of memory
    if found == 0:
        return None, 0
    for cell in range(81):
        solution[cell] += 48
    return PyUnicode_FromKindAndData(PyUnicode_1BYTE_KIND, solution, 81), found
