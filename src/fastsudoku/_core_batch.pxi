# Part of fastsudoku._core, included by _core.pyx (after the engine contract):
# batches (solve_many) and the 81-character fast path, on engine_run.

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


cdef int batch_one(const Sudoku *p, const EngineOptions *o, EngineState *state,
                   const uint8_t *puzzle, uint8_t *out, int8_t *status, int64_t *count,
                   int64_t *guesses) noexcept nogil:
    """Search one puzzle of a batch; -1 if the search was interrupted or ran out of memory."""
    cdef const Geometry *g = p.g
    cdef int cell, rc
    cdef int where[3]
    cdef EngineResult result
    guesses[0] = 0
    count[0] = 0
    memcpy(out, puzzle, g.ncells)
    for cell in range(g.ncells):
        if puzzle[cell] > g.n:
            status[0] = BATCH_INVALID
            return 0
    # Givens that repeat leave the search with no solution at once; they are looked for
    # only then (find_conflict costs a twentieth of an easy 9x9 search).
    rc = engine_run(p, puzzle, o, &result, out, state)
    guesses[0] = result.guesses
    count[0] = result.count
    if rc == SEARCH_INTERRUPTED or rc == SEARCH_NOMEM:
        return -1
    if result.count == 0 and find_conflict(g, puzzle, where) >= 0:
        status[0] = BATCH_INVALID
        count[0] = 0
        memcpy(out, puzzle, g.ncells)
        return 0
    if rc == SEARCH_LIMIT:
        status[0] = BATCH_NODE_LIMIT
    elif result.count == 0:
        status[0] = BATCH_NO_SOLUTION
    elif result.count >= 2:
        status[0] = BATCH_NOT_UNIQUE
    else:
        status[0] = BATCH_SOLVED
    if result.count == 0:
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


cdef class Batch:
    """Many puzzles of one shape (puzzles: one row of N*N values each), searched by the
    threads that call run() on it, without the GIL.

    For each row: out = the first solution (the puzzle itself when there is none), status
    (BATCH_STATUS), counts = solutions found up to options.limit, guesses.  A bad row gets
    BATCH_INVALID and the batch goes on.

    The threads share the rows: each takes the next `chunk` rows with an atomic add on the
    batch's counter until none are left, so that they stay busy to the end without coming
    back to Python (and to the GIL) between chunks.  The results do not depend on which
    thread searched which row.

    halt (one int64, 0 = go on), shared by the threads: Ctrl-C seen by one sets it; once it
    is set, every thread stops within a row or SIGNAL_INTERVAL guesses of the row it is
    searching, and returns (rows not reached keep what their arrays held).  Only the thread
    that saw the signal raises; the caller raises for the others.
    """
    cdef const uint8_t[:, ::1] puzzles
    cdef uint8_t[:, ::1] out
    cdef int8_t[::1] status
    cdef int64_t[::1] counts
    cdef int64_t[::1] guesses
    cdef long long[::1] halt
    cdef Sudoku p
    cdef EngineOptions o
    cdef Py_ssize_t chunk
    cdef long long next_row

    def __init__(self, const uint8_t[:, ::1] puzzles, uint8_t[:, ::1] out,
                 int8_t[::1] status, int64_t[::1] counts, int64_t[::1] guesses, int r, int c,
                 Options options not None, Py_ssize_t chunk=1, long long[::1] halt=None):
        self.o = options.o
        prepare(&self.p, &self.o, r, c)
        cdef Py_ssize_t count = puzzles.shape[0]
        if puzzles.shape[1] != self.p.g.ncells or out.shape[1] != self.p.g.ncells:
            raise ValueError(f"expected rows of {self.p.g.ncells} cells, got {puzzles.shape[1]}")
        if not (out.shape[0] == status.shape[0] == counts.shape[0] == guesses.shape[0] == count):
            raise ValueError("the batch's arrays do not agree")
        if chunk < 1:
            raise ValueError("chunk must be at least 1")
        if halt is not None and halt.shape[0] != 1:
            raise ValueError("halt must hold one int64")
        self.puzzles = puzzles
        self.out = out
        self.status = status
        self.counts = counts
        self.guesses = guesses
        self.halt = halt
        self.chunk = chunk
        self.next_row = 0

    def run(self, bint interruptible=True):
        """Search rows until none are left (or the halt flag is set).  interruptible: look
        for Ctrl-C (the calling thread, if it is the main thread) every BATCH_SIGNAL_ROWS
        rows (a batch of easy puzzles never reaches a search's own check) and every
        SIGNAL_INTERVAL guesses of a search; KeyboardInterrupt then."""
        cdef Py_ssize_t i, first, last, done = 0, stop = self.puzzles.shape[0]
        cdef int rc = 0
        cdef Interrupt mine, saved
        cdef EngineState *state
        if stop == 0:
            return
        state = <EngineState *>malloc(sizeof(EngineState))     # on the heap: see search()
        if state == NULL:
            raise MemoryError()
        mine.stop = NULL if self.halt is None else &self.halt[0]
        mine.quiet = not interruptible
        with nogil:
            saved = fs_interrupt_swap(mine)
            while True:
                first = fs_fetch_add(&self.next_row, self.chunk)
                if first >= stop:
                    break
                last = min(first + self.chunk, stop)
                for i in range(first, last):
                    if mine.stop != NULL and fs_load(mine.stop):
                        rc = -1
                        break
                    rc = batch_one(&self.p, &self.o, state, &self.puzzles[i, 0],
                                   &self.out[i, 0], &self.status[i], &self.counts[i],
                                   &self.guesses[i])
                    if rc < 0:
                        break
                    done += 1
                    if done % BATCH_SIGNAL_ROWS == 0 and check_interrupt() < 0:
                        rc = -1
                        break
                if rc < 0:
                    break
            fs_interrupt_swap(saved)
        free(state)
        if rc < 0:
            _stopped(mine)


# --------------------------------------------------------------------------------------------
# The 81-character fast path: parse, solve and format in one call, no Python objects between.
# --------------------------------------------------------------------------------------------

def solve_line81(str line, Options options not None):
    """Solve an 81-character line of '1'-'9' and '.', '0', '-' for empty, on options.

    Returns (solution str or None, solutions found up to options.limit), or None when the
    line is anything else (a bad character, repeated givens) so that the caller's full
    parser can name the problem.
    """
    if PyUnicode_GET_LENGTH(line) != 81:
        return None
    cdef Sudoku p
    cdef EngineOptions o = options.o
    prepare(&p, &o, 3, 3)
    cdef int kind = PyUnicode_KIND(line)
    cdef void *data = PyUnicode_DATA(line)
    cdef uint8_t values[81]
    cdef uint8_t solution[81]
    cdef int cell, status
    cdef int where[3]
    cdef int ch
    cdef EngineResult result
    cdef EngineState state
    for cell in range(81):
        ch = <int>PyUnicode_READ(kind, data, cell)
        if ch >= 49 and ch <= 57:          # '1'..'9'
            values[cell] = <uint8_t>(ch - 48)
        elif ch == 46 or ch == 48 or ch == 45:   # '.', '0', '-'
            values[cell] = 0
        else:
            return None
    with nogil:
        status = engine_run(&p, values, &o, &result, solution, &state)
        # Repeated givens leave no solution at once: look for them only then.
        if result.count == 0 and find_conflict(p.g, values, where) >= 0:
            status = -1
    if status == -1:
        return None
    raise_stopped(status)
    if result.count == 0:
        return None, 0
    for cell in range(81):
        solution[cell] += 48
    return PyUnicode_FromKindAndData(PyUnicode_1BYTE_KIND, solution, 81), result.count
