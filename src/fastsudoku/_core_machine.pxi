# Part of fastsudoku._core, included by _core.pyx (after the engines, before their table):
# the one search loop, written once for every engine.

# ============================================================================================
# The search state machine
# ============================================================================================
#
# machine_next runs a search (its state `s` of any engine, phases in s.run) to its next
# solution or to its end, and can be resumed after a solution or the node limit:
#
#          +---------> DESCEND: choose(d) ---- solution ----> return FOUND (phase BACKTRACK)
#          |              |   \---- dead end ---------------------------------+
#          |            branch (with a first alternative: no has_next)         v
#          |              |                                               BACKTRACK:
#          |            NEXT: has_next(d)? -- no: release(d) --------->   d == base: DONE
#          |              | yes                                           else d -= 1,
#          |            spend(d): node limit / Ctrl-C? -> return            retreat(d),
#          |              |                                                 then NEXT
#          |            advance(d)
#          +-- DEEPER (d + 1) / IN_PLACE (d)      FAILED: NEXT      SPENT: BACKTRACK
#
# Each engine supplies the hooks (in its own file): choose, has_next, spend, advance, and
# for the engines that undo instead of copying (dlx), retreat and release.  Target Sudoku's
# branch and bound (_core_target.pxi) runs on it too, with the bound in its hooks.  The engine is a
# fused type, so each engine gets its own compiled copy with its hooks inlined: the loop is
# written once and costs nothing to share.  `tree` is a constant for dlx (its copy with the
# tree of sizes, and its copy without); the other engines ignore it.

ctypedef fused AnySearch:
    Search
    Search9
    ExactCover
    BitCover
    VSearch
    TargetSearch             # the bitmask search with the bound of target Sudoku


cdef inline int machine_next(AnySearch *s, const bint tree) noexcept nogil:
    return machine_run(s, tree, NULL, -1)


cdef inline int machine_run(AnySearch *s, const bint tree, int64_t *tally,
                            int64_t upto) noexcept nogil:
    """machine_next, and with `tally` counting: each solution adds one to *tally and the
    search goes on, until *tally reaches `upto` (< 0: no limit; SEARCH_FOUND then) or the
    search stops.  (Inlined with the constants of each caller: the copy without a tally
    has no test for it.)"""
    cdef SearchRun *run
    if AnySearch is TargetSearch:
        run = &s.s.run
    else:
        run = &s.run
    cdef int d = run.depth, phase = run.phase, rc, status
    if phase == PHASE_DONE:
        return SEARCH_EXHAUSTED
    while True:
        if phase == PHASE_DESCEND:
            if AnySearch is Search:
                rc = bitmask_choose(s, d)
            elif AnySearch is Search9:
                rc = s9_choose(s, d)
            elif AnySearch is ExactCover:
                rc = xc_choose(s, d, tree)
            elif AnySearch is BitCover:
                rc = bx_choose(s, d)
            elif AnySearch is VSearch:
                rc = v_choose(s, d)
            else:
                rc = target_choose(s, d)
            if rc == 0:
                if tally != NULL:
                    tally[0] += 1
                    if upto < 0 or tally[0] < upto:
                        phase = PHASE_BACKTRACK
                        continue
                run.depth = d
                run.phase = PHASE_BACKTRACK
                return SEARCH_FOUND
            if rc < 0:
                phase = PHASE_BACKTRACK
                continue
            # A branch just chosen has a first alternative: on to take it.
        else:
            if phase == PHASE_BACKTRACK:
                if AnySearch is ExactCover:
                    xc_unprobe(s, d)
                if d == run.base:
                    run.depth = d
                    run.phase = PHASE_DONE
                    return SEARCH_EXHAUSTED
                d -= 1
                if AnySearch is ExactCover:
                    xc_retreat(s, d, tree)
            # PHASE_NEXT, or on from above: is there a next alternative at level d?
            if AnySearch is Search:
                rc = bitmask_has_next(s, d)
            elif AnySearch is Search9:
                rc = s9_has_next(s, d)
            elif AnySearch is ExactCover:
                rc = xc_has_next(s, d)
            elif AnySearch is BitCover:
                rc = bx_has_next(s, d)
            elif AnySearch is VSearch:
                rc = v_has_next(s, d)
            else:
                rc = bitmask_has_next(&s.s, d)
            if not rc:
                if AnySearch is ExactCover:
                    xc_release(s, d, tree)
                phase = PHASE_BACKTRACK
                continue
        if AnySearch is ExactCover:
            status = xc_spend(s, d)
        elif AnySearch is BitCover:
            status = bx_spend(s, d)
        elif AnySearch is TargetSearch:
            status = target_spend(s)
        elif AnySearch is Search:
            status = bitmask_spend(s)
        else:
            status = copy_spend(run)
        if status:
            run.depth = d
            # At the node limit the search can resume with a higher one.
            run.phase = PHASE_NEXT if status == SEARCH_LIMIT else PHASE_DONE
            return status
        if AnySearch is Search:
            rc = bitmask_advance(s, d)
        elif AnySearch is Search9:
            rc = s9_advance(s, d)
        elif AnySearch is ExactCover:
            rc = xc_advance(s, d, tree)
        elif AnySearch is BitCover:
            rc = bx_advance(s, d)
        elif AnySearch is VSearch:
            rc = v_advance(s, d)
        else:
            rc = target_advance(s, d)
        if rc == STEP_DEEPER:
            d += 1
            phase = PHASE_DESCEND
        elif rc == STEP_IN_PLACE:
            phase = PHASE_DESCEND
        elif rc == STEP_FAILED:
            phase = PHASE_NEXT
        elif rc == STEP_SPENT:
            phase = PHASE_BACKTRACK
        elif rc == STEP_RESTART:
            d = run.base
            phase = PHASE_DESCEND
        else:
            run.depth = d
            run.phase = PHASE_DONE
            return SEARCH_NOMEM


cdef inline int copy_spend(SearchRun *run) noexcept nogil:
    """spend for the engines that copy levels (bitmask, digitband): the budget, then every
    value tried is a guess (propagation leaves no cell with one candidate to branch on)."""
    cdef int status = search_budget(run.guesses, run.node_limit, run.guesses,
                                    &run.next_signal_check)
    if status == 0:
        run.guesses += 1
    return status


# Each engine's `next` (the table's, _core_engines.pxi): the loop above for its state.

cdef int search_next(Search *s) noexcept nogil:
    """Run the bitmask search to its next solution (SEARCH_FOUND) or its end; resumable."""
    return machine_next(s, False)


cdef int s9_next(Search9 *s) noexcept nogil:
    """search_next for the digit-band engine."""
    return machine_next(s, False)


cdef int v_next(VSearch *s) noexcept nogil:
    """search_next for the variant engine."""
    return machine_next(s, False)


cdef int xc_next(ExactCover *x) noexcept nogil:
    """Run to the next exact cover (SEARCH_FOUND) or the end of the tree; resumable."""
    if x.tree == NULL:
        return machine_next(x, False)
    return machine_next(x, True)


cdef int bx_next(BitCover *b) noexcept nogil:
    """xc_next on row bitsets."""
    return machine_next(b, False)


# Counting without leaving the loop at each solution (the table's `count`): for the engines
# whose counts run long (exact cover, where a count may pass millions of solutions).

cdef int xc_count(ExactCover *x, int64_t *tally, int64_t upto) noexcept nogil:
    if x.tree == NULL:
        return machine_run(x, False, tally, upto)
    return machine_run(x, True, tally, upto)


cdef int bx_count(BitCover *b, int64_t *tally, int64_t upto) noexcept nogil:
    return machine_run(b, False, tally, upto)


# A count split over threads (ExactCoverSearch.enter_branch): a fresh search confined to the
# i-th alternative of its root's column, so that each thread counts a part of the tree.

cdef int bx_enter_branch(BitCover *b, int i) noexcept nogil:
    """1 confined (base 1), 0 no such branch (or the root is a cover or a dead end), -1
    out of memory."""
    cdef int k
    if bx_choose(b, 0) <= 0:
        return 0
    for k in range(i + 1):
        if not bx_has_next(b, 0):
            return 0
        if bx_advance(b, 0) == STEP_NOMEM:
            return -1
    b.run.depth = 1
    b.run.base = 1
    b.run.phase = PHASE_DESCEND
    return 1


cdef int xc_enter_branch(ExactCover *x, int i) noexcept nogil:
    """bx_enter_branch on dancing links (the alternatives passed over are undone)."""
    if x.tree == NULL:
        return xc_enter_branch_tree(x, i, False)
    return xc_enter_branch_tree(x, i, True)


cdef inline int xc_enter_branch_tree(ExactCover *x, int i, const bint tree) noexcept nogil:
    cdef int k
    if xc_choose(x, 0, tree) <= 0:
        return 0
    for k in range(i):
        if not xc_has_next(x, 0):
            return 0
        xc_advance(x, 0, tree)
        xc_retreat(x, 0, tree)
    if not xc_has_next(x, 0):
        return 0
    xc_advance(x, 0, tree)
    x.run.depth = 1
    x.run.base = 1
    x.run.phase = PHASE_DESCEND
    return 1
