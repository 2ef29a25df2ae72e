# Part of fastsudoku._core, included by _core.pyx (after the geometry):
# what every engine's search shares -- the phases of its state machine, the budget
# (node limit), Ctrl-C and the batch's stop flag, growing its arrays.

# Every engine's search is the same resumable state machine over a stack of levels, with
# its state in a SearchRun header (_core.pxd: the phases and the counters):
#
#     DESCEND    choose where to branch at the top level (MRV: the cell or column with
#                fewest alternatives); none left to choose: a solution -> FOUND
#     NEXT       budget check (node limit, Ctrl-C, stop flag), then take the top level's
#                next alternative: consistent -> a new level, DESCEND; contradiction -> NEXT
#     BACKTRACK  the top level has no alternative left: drop it (below run.base: DONE)
#
# The engines differ in what a level is (a copy of the candidates, or an undo list of
# links) and in how it is chosen; the loop, its statuses and its budget are the same.

cdef enum:
    SIGNAL_INTERVAL = 4096   # guesses between two checks for Ctrl-C and the stop flag

cdef enum:
    # What taking an alternative at level d gave (an engine's advance hook):
    STEP_DEEPER = 1          # a consistent level at d + 1: go down
    # STEP_IN_PLACE: a consistent level at d itself (the last alternative of an engine
    # that copies levels reuses its level)
    STEP_IN_PLACE = 2
    STEP_FAILED = 0          # a contradiction: try level d's next alternative
    STEP_SPENT = -1          # a contradiction on level d itself: it is gone, backtrack
    STEP_NOMEM = -2
    STEP_RESTART = 3         # level base was set up again: go down from there (bitmask)


cdef int check_signals() noexcept nogil:
    with gil:
        return PyErr_CheckSignals()


# Stopping the threads of a batch together.  Python runs signal handlers in the main thread
# only, so a batch's calling thread is the one that looks for Ctrl-C; the batch's other
# threads look at a flag that it sets.  The flag (a long long owned by the batch, 0 = go
# on) and whether this thread looks for signals are per thread, set by the calling code
# for the duration of its nogil section (Interrupt, below): the engines' searches find them
# at their periodic check without a parameter of their own, and a search outside a batch
# (solve, count_solutions, a SudokuSearch) sees no flag and looks for signals as before.
cdef extern from *:
    """
    #if defined(_MSC_VER)
    #define FS_THREAD_LOCAL __declspec(thread)
    static __inline long long fs_load(const long long *p) {
        return *(const volatile long long *)p;
    }
    static __inline void fs_store(long long *p, long long v) {
        *(volatile long long *)p = v;
    }
    #else
    #define FS_THREAD_LOCAL __thread
    static inline long long fs_load(const long long *p) {
        return __atomic_load_n(p, __ATOMIC_RELAXED);
    }
    static inline void fs_store(long long *p, long long v) {
        __atomic_store_n(p, v, __ATOMIC_RELAXED);
    }
    #endif
    typedef struct { long long *stop; int quiet; } fs_interrupt;
    static FS_THREAD_LOCAL fs_interrupt fs_thread_interrupt = {NULL, 0};
    /* Install `next` as this thread's stop flag and signal choice; the old ones back. */
    static fs_interrupt fs_interrupt_swap(fs_interrupt next) {
        fs_interrupt old = fs_thread_interrupt;
        fs_thread_interrupt = next;
        return old;
    }
    static fs_interrupt fs_interrupt_get(void) { return fs_thread_interrupt; }
    """
    ctypedef struct Interrupt "fs_interrupt":
        long long *stop          # the batch's stop flag (NULL: none); nonzero: stop
        int quiet                # 1: do not look for signals (a helper thread)
    long long fs_load(const long long *p) noexcept nogil
    void fs_store(long long *p, long long v) noexcept nogil
    Interrupt fs_interrupt_swap(Interrupt next) noexcept nogil
    Interrupt fs_interrupt_get() noexcept nogil


cdef int check_interrupt() noexcept nogil:
    """-1 if the search must stop: this thread's stop flag is set (another thread of the
    batch saw Ctrl-C; no exception is set here), or a signal handler raised (Ctrl-C: the
    exception is set, and so is the flag, for the batch's other threads); else 0."""
    cdef Interrupt it = fs_interrupt_get()
    if it.stop != NULL and fs_load(it.stop):
        return -1
    if it.quiet:
        return 0
    if check_signals() < 0:
        if it.stop != NULL:
            fs_store(it.stop, 1)
        return -1
    return 0


cdef inline int search_budget(int64_t guesses, int64_t node_limit, int64_t work,
                              int64_t *next_signal_check) noexcept nogil:
    """Every search's check before a step: SEARCH_LIMIT once `guesses` reached the node
    limit (< 0: none), SEARCH_INTERRUPTED on Ctrl-C or the batch's stop flag
    (check_interrupt, looked at each time `work` passes *next_signal_check, then
    SIGNAL_INTERVAL further on), else 0."""
    if node_limit >= 0 and guesses >= node_limit:
        return SEARCH_LIMIT
    if work >= next_signal_check[0]:
        next_signal_check[0] = work + SIGNAL_INTERVAL
        if check_interrupt() < 0:
            return SEARCH_INTERRUPTED
    return 0


cdef inline bint regrow(void **p, size_t size) noexcept nogil:
    """realloc *p to size bytes; False out of memory (*p is then unchanged)."""
    cdef void *q = realloc(p[0], size)
    if q == NULL:
        return False
    p[0] = q
    return True
