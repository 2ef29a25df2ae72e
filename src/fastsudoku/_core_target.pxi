# Part of fastsudoku._core, included by _core.pyx:
# target Sudoku: branch and bound on the weighted score.

# ============================================================================================
# Target Sudoku: the solution of largest weighted score (NOIP 2009 / Luogu P1074)
# ============================================================================================
#
# Branch and bound on the bitmask search.  A level is propagated (singles) as in
# search_next; then an upper bound on the score of any solution below it is compared with
# the best score found so far, and the level is dropped when it cannot beat it.  The bound
# adds to the score of the placed cells, for the unplaced cells, the least of three sums
# (one per unit kind: rows, columns, boxes) of a bound per unit:
#
#     unit bound = min(rearrangement, cell maxima)
#     rearrangement: the unit's missing values must go to its unplaced cells, one each, so
#                    the best they can add is the largest weight times the largest missing
#                    value, and so on down (the rearrangement inequality; true for any sign)
#     cell maxima:   each unplaced cell times its best candidate (the largest for a weight
#                    >= 0, the smallest for a negative one)
#
# Both parts are true upper bounds, so the bound never cuts the optimum.  Values are tried
# best first (the largest value for a cell of weight >= 0), so that a good solution comes
# early and the bound cuts most of the tree.

cdef inline uint64_t highest_bit(uint64_t nonzero_mask) noexcept nogil:
    cdef uint64_t m = nonzero_mask
    m |= m >> 1
    m |= m >> 2
    m |= m >> 4
    m |= m >> 8
    m |= m >> 16
    m |= m >> 32
    return m ^ (m >> 1)


cdef inline int64_t value_sum(uint64_t mask) noexcept nogil:
    """The sum of the values (bit index + 1) of a mask."""
    cdef int64_t total = 0
    cdef uint64_t bit
    while mask:
        bit = lowest_bit(mask)
        mask ^= bit
        total += bit_index(bit) + 1
    return total


cdef int target_init(Target *t, const Geometry *g, const int64_t *weights) noexcept nogil:
    """Sort each unit's cells by weight, heaviest first; -1 out of memory."""
    cdef int u, k, j, n = g.n
    cdef uint16_t cell
    t.weights = weights
    t.found = False
    t.best = 0
    t.order = <uint16_t *>malloc(<size_t>g.nunits * n * sizeof(uint16_t))
    t.cell_bound = <int64_t *>malloc(<size_t>g.ncells * sizeof(int64_t))
    t.best_values = <uint8_t *>malloc(<size_t>g.ncells)
    t.lam_words = g.nunits * n
    t.lam_capacity = 8
    t.lam = <double *>calloc(<size_t>t.lam_capacity * t.lam_words, sizeof(double))
    t.lam_step = <double *>malloc(<size_t>t.lam_words * sizeof(double))
    t.hits = <int32_t *>malloc(<size_t>t.lam_words * sizeof(int32_t))
    t.pick = <uint8_t *>malloc(<size_t>g.ncells)
    t.adjusted = <double *>malloc(<size_t>n * sizeof(double))
    t.root_rounds = 100
    t.node_rounds = 4
    if (t.order == NULL or t.cell_bound == NULL or t.best_values == NULL or t.lam == NULL
            or t.lam_step == NULL or t.hits == NULL or t.pick == NULL or t.adjusted == NULL):
        return -1
    for u in range(g.nunits):
        for k in range(n):
            cell = g.units[u * n + k]
            j = k
            while j > 0 and weights[t.order[u * n + j - 1]] < weights[cell]:
                t.order[u * n + j] = t.order[u * n + j - 1]
                j -= 1
            t.order[u * n + j] = cell
    return 0


cdef void target_free(Target *t) noexcept nogil:
    free(t.order)
    free(t.cell_bound)
    free(t.best_values)
    free(t.lam)
    free(t.lam_step)
    free(t.hits)
    free(t.pick)
    free(t.adjusted)
    t.adjusted = NULL
    t.order = NULL
    t.cell_bound = NULL
    t.best_values = NULL
    t.lam = NULL
    t.lam_step = NULL
    t.hits = NULL
    t.pick = NULL


cdef double *target_lam(Target *t, int level) noexcept nogil:
    """The multipliers of a level (zero when new); NULL out of memory."""
    cdef int capacity
    cdef double *grown
    if level >= t.lam_capacity:
        capacity = 2 * level
        grown = <double *>realloc(t.lam, <size_t>capacity * t.lam_words * sizeof(double))
        if grown == NULL:
            return NULL
        memset(grown + <size_t>t.lam_capacity * t.lam_words, 0,
               <size_t>(capacity - t.lam_capacity) * t.lam_words * sizeof(double))
        t.lam = grown
        t.lam_capacity = capacity
    return t.lam + <size_t>level * t.lam_words


cdef int64_t target_bound(const Geometry *g, const uint64_t *cand, Target *t,
                          int64_t *placed_score) noexcept nogil:
    """An upper bound on the score of every solution of the level `cand` (see above);
    placed_score receives the score of the cells already placed."""
    cdef int cell, u, k, kind, n = g.n
    cdef int64_t w, placed = 0, total, rearranged, maxima, by_value, least = 0
    cdef uint64_t m, missing, bit, avail
    cdef const int64_t *weights = t.weights
    cdef int64_t *cell_bound = t.cell_bound
    cdef const uint64_t *placed_in = cand + g.ncells
    cdef const uint16_t *order
    for cell in range(g.ncells):
        m = cand[cell]
        w = weights[cell]
        if has_one_bit(m):
            placed += w * (bit_index(m) + 1)
        elif w >= 0:
            cell_bound[cell] = w * (bit_index(highest_bit(m)) + 1)
        else:
            cell_bound[cell] = w * (bit_index(lowest_bit(m)) + 1)
    for kind in range(3):
        total = 0
        for u in range(kind * n, kind * n + n):
            missing = g.full & ~placed_in[u]
            if missing == 0:
                continue
            order = t.order + u * n
            rearranged = 0
            maxima = 0
            by_value = 0
            avail = missing
            for k in range(n):
                cell = order[k]
                m = cand[cell]
                if not has_one_bit(m):
                    bit = highest_bit(missing)
                    missing ^= bit
                    rearranged += weights[cell] * (bit_index(bit) + 1)
                    maxima += cell_bound[cell]
                    m &= avail
                    if m:
                        avail ^= m
                        by_value += weights[cell] * value_sum(m)
            if maxima < rearranged:
                rearranged = maxima
            if by_value < rearranged:
                rearranged = by_value
            total += rearranged
        if kind == 0 or total < least:
            least = total
    placed_score[0] = placed
    return placed + least


cdef double target_relax(const Geometry *g, const uint64_t *cand, Target *t,
                         const double *lam) noexcept nogil:
    """The Lagrangian relaxation of the unplaced cells for the multipliers lam.

    The constraints "value v once in unit u" of the missing (u, v) are moved into the
    objective with a multiplier each: every unplaced cell then takes on its own the
    candidate v of largest  weight * v - lam[row, v] - lam[column, v] - lam[box, v],
    and the relaxation is the sum of these plus the sum of lam over the missing (u, v).
    For any lam this is an upper bound on what the unplaced cells add in a solution
    (weak duality); t.pick receives the value index each cell took, and t.visited the
    number of candidates looked at.
    """
    cdef int cell, u, k, best_k, n = g.n
    cdef uint64_t m, bit
    cdef double total = 0.0, best_v, v, w
    cdef int64_t visited = 0
    cdef const double *lr
    cdef const double *lc
    cdef const double *lb
    cdef const uint16_t *units_of
    cdef const uint64_t *placed_in = cand + g.ncells
    for cell in range(g.ncells):
        m = cand[cell]
        if has_one_bit(m):
            continue
        units_of = g.cell_unit_list + 3 * cell
        lr = lam + units_of[0] * n
        lc = lam + units_of[1] * n
        lb = lam + units_of[2] * n
        w = <double>t.weights[cell]
        best_v = -1e300
        best_k = 0
        while m:
            bit = lowest_bit(m)
            m ^= bit
            k = bit_index(bit)
            v = w * (k + 1) - lr[k] - lc[k] - lb[k]
            visited += 1
            if v > best_v:
                best_v = v
                best_k = k
        total += best_v
        t.pick[cell] = <uint8_t>best_k
    t.visited = visited
    for u in range(g.nunits):
        m = g.full & ~placed_in[u]
        while m:
            bit = lowest_bit(m)
            m ^= bit
            total += lam[u * n + bit_index(bit)]
    return total


cdef inline bint below(double relaxed, int64_t best) noexcept nogil:
    """relaxed (a bound computed in floating point) proves that no solution beats best.

    Scores are integers, so a bound under best + 1 suffices; the slack covers rounding.
    """
    return relaxed < <double>best + 1.0 - 1e-6 - 1e-9 * (relaxed if relaxed > 0 else -relaxed)


cdef bint target_lagrange(const Geometry *g, const uint64_t *cand, Target *t, double *lam,
                          int64_t placed, int rounds, double *bound) noexcept nogil:
    """Subgradient steps on the multipliers lam of a level; True if a bound cuts the level.

    Each step moves lam against the violation of each missing (u, v) (1 minus the unplaced
    cells of u that took v), by Polyak's rule aimed at the best score found; lam keeps
    the multipliers of the lowest bound seen.  A relaxation that breaks no constraint is
    a solution: it becomes the best if it beats it, and the level is done either way.
    """
    cdef int step, cell, u, k, n = g.n, words = t.lam_words
    cdef double relaxed, lowest = 1e300, norm, size, slack
    cdef uint64_t m, bit
    cdef const uint16_t *units_of
    cdef const uint64_t *placed_in = cand + g.ncells
    cdef double *trial = t.lam_step
    memcpy(trial, lam, words * sizeof(double))
    for step in range(rounds + 1):
        relaxed = placed + target_relax(g, cand, t, trial)
        t.visits += t.visited
        if below(relaxed, t.best):
            return True
        if relaxed < lowest:
            lowest = relaxed
            bound[0] = relaxed
            if step:
                memcpy(lam, trial, words * sizeof(double))
        if step == rounds:
            break
        memset(t.hits, 0, words * sizeof(int32_t))
        for cell in range(g.ncells):
            if not has_one_bit(cand[cell]):
                units_of = g.cell_unit_list + 3 * cell
                k = t.pick[cell]
                t.hits[units_of[0] * n + k] += 1
                t.hits[units_of[1] * n + k] += 1
                t.hits[units_of[2] * n + k] += 1
        norm = 0.0
        for u in range(g.nunits):
            m = g.full & ~placed_in[u]
            while m:
                bit = lowest_bit(m)
                m ^= bit
                k = bit_index(bit)
                slack = 1.0 - t.hits[u * n + k]
                norm += slack * slack
        if norm == 0.0:
            # The relaxation is a solution of this level, and the best one (its score is
            # the bound).  Record it and drop the level.
            target_keep_pick(g, cand, t)
            return True
        size = t.step_scale * (relaxed - t.best) / norm
        for u in range(g.nunits):
            m = g.full & ~placed_in[u]
            while m:
                bit = lowest_bit(m)
                m ^= bit
                k = u * n + bit_index(bit)
                trial[k] -= size * (1.0 - t.hits[k])
    return False


cdef uint64_t target_best_value(const Geometry *g, int cell, uint64_t rest, const Target *t,
                                const double *lam) noexcept nogil:
    """The value of `rest` to try first in `cell`: the largest adjusted value for the
    multipliers of the level (the relaxation's own choice when it is left)."""
    cdef const uint16_t *units_of = g.cell_unit_list + 3 * cell
    cdef const double *lr = lam + units_of[0] * g.n
    cdef const double *lc = lam + units_of[1] * g.n
    cdef const double *lb = lam + units_of[2] * g.n
    cdef double w = <double>t.weights[cell], v, best_v = -1e300
    cdef uint64_t bit, best = 0
    cdef int k
    while rest:
        bit = lowest_bit(rest)
        rest ^= bit
        k = bit_index(bit)
        v = w * (k + 1) - lr[k] - lc[k] - lb[k]
        if v > best_v:
            best_v = v
            best = bit
    return best


cdef int target_fix(const Geometry *g, uint64_t *cand, Target *t, const double *lam,
                    double bound, Work *work) noexcept nogil:
    """Reduced-cost fixing: drop the candidates that cannot be in a better solution.

    With the multipliers lam fixed, putting value v in an unplaced cell lowers the bound by
    the cell's best adjusted value minus v's; when what is left is no more than the best
    score, v leaves the cell.  -1 on a contradiction (a cell left with nothing), 1 if some
    candidate was dropped (the caller propagates), 0 otherwise.
    """
    cdef int cell, k, n = g.n, changed = 0
    cdef uint64_t m, bit, drop
    cdef double best_v, v, w
    cdef double *adjusted = t.adjusted
    cdef const double *lr
    cdef const double *lc
    cdef const double *lb
    cdef const uint16_t *units_of
    for cell in range(g.ncells):
        m = cand[cell]
        if has_one_bit(m):
            continue
        units_of = g.cell_unit_list + 3 * cell
        lr = lam + units_of[0] * n
        lc = lam + units_of[1] * n
        lb = lam + units_of[2] * n
        w = <double>t.weights[cell]
        best_v = -1e300
        while m:
            bit = lowest_bit(m)
            m ^= bit
            k = bit_index(bit)
            v = w * (k + 1) - lr[k] - lc[k] - lb[k]
            adjusted[k] = v
            if v > best_v:
                best_v = v
        m = cand[cell]
        drop = 0
        while m:
            bit = lowest_bit(m)
            m ^= bit
            if below(bound - best_v + adjusted[bit_index(bit)], t.best):
                drop |= bit
        if drop:
            if not eliminate(g, cand, cell, drop, work, g.nwords):
                return -1
            changed = 1
    return changed


cdef void target_keep_pick(const Geometry *g, const uint64_t *cand, Target *t) noexcept nogil:
    """Make the relaxation's choice (t.pick on the unplaced cells) the best solution if it
    beats it; its score is summed again in integers."""
    cdef int cell, value
    cdef int64_t score = 0
    for cell in range(g.ncells):
        if has_one_bit(cand[cell]):
            value = bit_index(cand[cell]) + 1
        else:
            value = t.pick[cell] + 1
        t.pick[cell] = <uint8_t>value
        score += t.weights[cell] * value
    if t.found and score <= t.best:
        return
    memcpy(t.best_values, t.pick, g.ncells)
    t.found = True
    t.best = score


cdef int64_t target_score(const Geometry *g, const uint64_t *cand,
                          const int64_t *weights) noexcept nogil:
    cdef int cell
    cdef int64_t score = 0
    for cell in range(g.ncells):
        score += weights[cell] * (bit_index(cand[cell]) + 1)
    return score


cdef bint target_cut_root(Search *s, Target *t) noexcept nogil:
    """The bound of the root, with t.root_rounds subgradient steps: the multipliers it
    leaves are where every level of the tree starts from."""
    clear_work(s)
    return target_cut_level(s, s.states, t, t.lam, t.root_rounds)


cdef bint target_cut_level(Search *s, uint64_t *cand, Target *t, double *lam,
                           int rounds) noexcept nogil:
    """True if no solution below the level `cand` can beat the best one found.

    The cheap combinatorial bound first, then `rounds` subgradient steps on the level's
    multipliers lam; if the level survives, reduced-cost fixing drops candidates, and
    after propagation the level is bounded again (a few times at most).
    """
    cdef int64_t placed
    cdef double bound
    cdef int rc, passes
    if not t.lagrange:
        return target_bound(s.g, cand, t, &placed) <= t.best
    for passes in range(t.passes):
        if target_bound(s.g, cand, t, &placed) <= t.best:
            return True
        if target_lagrange(s.g, cand, t, lam, placed, rounds, &bound):
            return True
        t.visits += t.visited       # fixing looks at the candidates the relaxation did
        rc = target_fix(s.g, cand, t, lam, bound, &s.work)
        if rc < 0:
            return True
        if rc == 0:
            return False
        if not propagate(s.g, cand, &s.work, s.segs, False):
            return True
    return False


cdef bint target_cut(Search *s, uint64_t *cand, Target *t, double *lam) noexcept nogil:
    """target_cut_level for a level below the root, with lam inherited from its parent."""
    if not t.use_bound or not t.found:
        return False
    return target_cut_level(s, cand, t, lam, t.node_rounds)


cdef inline int64_t target_spent(const Search *s, const Target *t) noexcept nogil:
    """The guesses, plus the bound's work counted in guesses: a guess (a copy of the level
    and its propagation) costs of the order of a visit of every cell, and a pass of the
    bound visits every candidate of the unplaced cells (an empty 64x64 grid: 64 guesses)."""
    return s.run.guesses + t.visits // s.g.ncells


# The hooks of the one search loop (machine_next, _core_machine.pxi) for branch and bound:
# the bitmask engine's, with the bound.

cdef inline int target_choose(TargetSearch *ts, int d) noexcept nogil:
    """Choose the cell to branch on at level d: 1.  Every cell placed: keep the solution if
    it beats the best; 0 (stop: a solution) when diving, else -1 (on to the next one)."""
    cdef Search *s = &ts.s
    cdef Target *t = ts.t
    cdef uint64_t *top = s.states + <size_t>d * s.level_words
    cdef int cell = choose_cell(s.g, top, s.ties)
    cdef int64_t score
    if cell < 0:
        score = target_score(s.g, top, t.weights)
        if not t.found or score > t.best:
            t.found = True
            t.best = score
            search_solution_at(s.g, top, t.best_values)
        return 0 if t.dive else -1
    s.branch_cell[d] = cell
    s.branch_rest[d] = top[cell]
    return 1


cdef inline int target_spend(TargetSearch *ts) noexcept nogil:
    """copy_spend with the bound's work counted as guesses (the limit and Ctrl-C)."""
    cdef Search *s = &ts.s
    cdef int64_t spent = target_spent(s, ts.t)
    cdef int status = search_budget(spent, s.run.node_limit, spent, &s.run.next_signal_check)
    if status == 0:
        s.run.guesses += 1
    return status


cdef inline int target_advance(TargetSearch *ts, int d) noexcept nogil:
    """bitmask_advance in the bound's value order, with the level's multipliers going
    along (improved in place on the last alternative, else copied to the child's level)
    and the bound asked of the child."""
    cdef Search *s = &ts.s
    cdef Target *t = ts.t
    cdef const Geometry *g = s.g
    cdef uint64_t rest = s.branch_rest[d], bit
    cdef int cell = s.branch_cell[d]
    cdef uint64_t *child
    cdef double *lam
    if t.use_bound:
        bit = target_best_value(g, cell, rest, t, t.lam + <size_t>d * t.lam_words)
    else:
        bit = highest_bit(rest) if t.weights[cell] >= 0 else lowest_bit(rest)
    rest ^= bit
    s.branch_rest[d] = rest
    clear_work(s)
    child = search_child(s, d, rest == 0)
    lam = NULL if child == NULL else target_lam(t, d if rest == 0 else d + 1)
    if lam == NULL:
        return STEP_NOMEM
    if rest != 0:
        memcpy(lam, lam - t.lam_words, t.lam_words * sizeof(double))
    if (eliminate(g, child, cell, child[cell] ^ bit, &s.work, g.nwords)
            and propagate(g, child, &s.work, s.segs, False)
            and not target_cut(s, child, t, lam)):
        return STEP_DEEPER if rest else STEP_IN_PLACE
    return STEP_FAILED if rest else STEP_SPENT


cdef int target_run(Search *s, Target *t) noexcept nogil:
    """Search the whole tree (after search_init) for the best score; the status it ended on.

    SEARCH_EXHAUSTED: t.found / t.best / t.best_values are the optimum (or no solution);
    SEARCH_FOUND: the dive's first solution; SEARCH_LIMIT, SEARCH_INTERRUPTED, SEARCH_NOMEM:
    the best found so far, not proven.
    """
    cdef TargetSearch ts
    cdef int status
    if s.run.phase == PHASE_DONE:
        return SEARCH_EXHAUSTED
    if t.found and t.use_bound and target_cut_root(s, t):
        s.run.phase = PHASE_DONE
        return SEARCH_EXHAUSTED
    ts.s = s[0]                  # the search's state, moved in for the run and back after
    ts.t = t
    status = machine_next(&ts, False)
    s[0] = ts.s
    return status


cdef int target_solve(Search *s, const Geometry *g, const uint8_t *values, Target *t,
                      int64_t node_limit, bint bound, int64_t cheap_guesses) noexcept nogil:
    """The best score of the puzzle `values` into t; the status the search ended on.

    Without the bound, one search scores every solution.  With it, three stages, each a
    search from the root that keeps the best score found before it:
      1. a dive, best values first, to the first solution: a score to beat;
      2. the combinatorial bound alone, for up to cheap_guesses guesses: easy instances
         end here, before the Lagrangian bound costs more than it saves;
      3. the full bound (Lagrangian, reduced-cost fixing) and its value order.
    s (zeroed or freed) is set up by each stage and freed by the caller; guesses add up
    across stages.  node_limit bounds the guesses plus the bound's work (target_spent):
    the search stops at the first guess after the two reach it.
    """
    cdef int stage, status = SEARCH_EXHAUSTED
    cdef int64_t spent = 0, limit, used
    for stage in range(3 if bound else 1):
        search_free(s)
        if search_init(s, g, values, 1) < 0:
            return SEARCH_NOMEM
        t.dive = bound and stage == 0
        t.use_bound = bound and stage > 0
        t.lagrange = stage == 2
        limit = node_limit
        used = spent + t.visits // g.ncells
        if stage == 1 and (limit < 0 or used + cheap_guesses < limit):
            limit = used + cheap_guesses
        s.run.guesses = spent
        s.run.node_limit = limit
        status = target_run(s, t)
        spent = s.run.guesses
        if stage == 0 and status != SEARCH_FOUND:
            break
        if stage == 1 and (status != SEARCH_LIMIT or limit == node_limit):
            break
    if status == SEARCH_FOUND:
        status = SEARCH_EXHAUSTED
    return status


def max_score(bytes values, int r, int c, const int64_t[::1] weights, long long node_limit=-1,
              bint bound=True, int root_rounds=80, int node_rounds=4, int passes=2,
              double step_scale=0.5, long long cheap_guesses=20):
    """The best weighted score: (score or None, best solution bytes or None, guesses, status).

    weights: one int64 per cell.  status EXHAUSTED: the score is the maximum (None: no
    solution); NODE_LIMIT: the best found within the limit, not proven.  bound=False
    enumerates every solution instead (the baseline the bound is measured against).
    Conflicting givens must be rejected before (see conflict()).
    """
    cdef const Geometry *g = geometry_for(r, c)
    cdef const uint8_t *p = _checked_values(values, g)
    if weights.shape[0] != g.ncells:
        raise ValueError(f"expected {g.ncells} weights, got {weights.shape[0]}")
    cdef Search s
    cdef Target t
    cdef int status = SEARCH_NOMEM
    cdef long long guesses = 0
    memset(&t, 0, sizeof(Target))
    memset(&s, 0, sizeof(Search))
    with nogil:
        if target_init(&t, g, &weights[0]) == 0:
            t.root_rounds = root_rounds
            t.node_rounds = node_rounds
            t.passes = passes
            t.step_scale = step_scale
            status = target_solve(&s, g, p, &t, node_limit, bound, cheap_guesses)
        guesses = s.run.guesses
    search_free(&s)
    best = None
    if t.found:
        best = (t.best, PyBytes_FromStringAndSize(<char *>t.best_values, g.ncells))
    target_free(&t)
    raise_stopped(status)
    if best is None:
        return None, None, guesses, status
    return best[0], best[1], guesses, status
