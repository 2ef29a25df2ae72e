# Part of fastsudoku._core, included by _core.pyx (after _core_logic.pxi, whose ladder calls it):
# Sudoku Explainer's chaining engine -- bidirectional cycles and forcing chains, Nishio,
# multiple (cell and region) and dynamic forcing chains, and dynamic chains with SE's basic
# rules inside (level 1) and with chains nested inside (levels 2-4: forcing chains, multiple
# forcing chains, dynamic forcing chains of a lower level) -- as SukakuExplainer 1.18.1
# does it.

# ============================================================================================
# Chains
# ============================================================================================
#
# A potential is (cell, value, on|off): "the cell holds the value" or "it does not".  From
# an assumption, the consequences are followed: an "on" turns off the cell's other values
# (when Y links are used) and the value in the cell's box, row and column; an "off" turns on
# the cell's last value (Y) or the value's last place in a house (X).  Every derived
# potential remembers its parents, so that a chain can be measured: its complexity is the
# number of distinct potentials it rests on, and its difficulty SE's base for the kind plus
# 0.1 for each length threshold passed (4, 6, 8, 12, 16, 24, ...).  In dynamic chains the
# "off"s are also removed from a working grid as they are processed, so that later
# consequences see them (their extra parents are the removals they rest on).
#
# 9x9 only.  Potentials are numbered cell * 9 + value (0..728), separately for on and off.
# The nodes (a potential with its parents) live in an arena that grows; the sets SE keeps
# (LinkedSet: insertion order, no duplicates) are PSet.

# The kinds of chain hints (SE's classes), for the step's description
cdef enum ChainKind:
    K_CYCLE = 1
    K_FORCING
    K_CONTRADICTION
    K_DOUBLE
    K_CELL
    K_REGION


cdef enum:
    ADV_CAP = 1024           # offs the rules inside a chaining give at once (at most 729)


cdef struct CNode:
    int16_t pot              # cell * 9 + value
    int8_t on
    # SE's Potential.Cause: 0 none (an assumption), C_NAKED, C_BOX + SE's region type (box,
    # row, column), C_ADVANCED
    int8_t cause
    int16_t nparents
    int32_t parents          # first parent in the arena's parent pool
    int32_t nest             # an advanced off from a nested chain: its Nest, else -1


cdef enum:
    C_NAKED = 1              # the cell's last value, or an on's other values
    C_BOX = 2                # C_BOX + k: the value's last place in (one place of) a house
    C_ADVANCED = 5           # removed by a rule inside the chain (levels >= 1)


# A nested chain hint, as the outer chain keeps it (SE's Potential.nestedChain): its
# complexity (which adds to the outer hint's, once for each distinct nested chain) and a
# hash of its chains (SE's FullChain: the targets, and every potential each rests on, in
# order) to tell two of them apart.
cdef struct Nest:
    int complexity
    uint64_t hash


# A hint of a nested rule, gathered (not only the best kept) for the outer chain
cdef struct CHint:
    double diff
    int complexity
    int key
    int seq                  # the order it was found in (SE's sort is stable)
    int elim                 # its removals (potentials, by cell then value) at hpool[elim:]
    int nelim
    int par                  # its rule parents (off potentials) at hpool[par:]
    int npar
    uint64_t hash
    uint64_t ehash           # of its removals (equal hints: equal removals)


cdef struct CArena:
    CNode *nodes
    int nnodes
    int cap
    int32_t *pool
    int npool
    int pcap
    bint failed              # out of memory: the chains are abandoned


cdef struct PSet:
    int32_t node[729]        # node of each potential, -1 if absent
    int16_t order[729]       # potentials in insertion order
    int count


cdef struct Chains:
    LBoard *b
    CArena a
    uint64_t grid[81]        # the working grid (candidate masks)
    uint64_t save[81]        # SE's saveGrid: the grid when a dynamic chaining started
    bint dynamic
    bint nishio
    bint multiple
    # level 1: "Dynamic (+)", the four basic rules inside the chains; 2, 3: also forcing
    # chains, then multiple forcing chains; 4: dynamic forcing chains of level `nesting`
    int level
    int nesting
    bint stopped             # Ctrl-C or the batch's stop flag: give up, no hint
    # nested chains: the Nest of each advanced off made by a nested rule (the outer arena's,
    # cleared with it), and while a hint's complexity is counted, the nested chains met
    Nest *nests
    int nnests
    int nests_cap
    uint64_t *met
    int nmet
    int met_sum
    uint8_t emitted[729]     # the offs made by the rules inside in this round
    bint adv_any             # a rule inside gave offs (new or not): the later ones are not run
    # as a nested rule (collect): every hint, its removals judged on `grid` (the outer
    # chain's working grid) and its rule parents on `src` (the outer chain's saved grid)
    bint collect
    const uint64_t *src
    int region_cause         # the cause of a region hint's assumptions (C_BOX + type)
    CHint *hints
    int nhints
    int hints_cap
    int16_t *hpool
    int nhpool
    int hpool_cap
    void *sub                # the rule nested inside (a SubRule), made when first needed
    # the "on" closures of a step's multiple chains (on_closure): where each starts in cpool
    int32_t ccache[729]
    int32_t *cpool
    int ncpool
    int cpool_cap
    # the outcomes of the nested rule kept for the step (run_nested_rule)
    int32_t *memo_slots
    uint64_t *memo_keys
    int8_t *memo_rules
    int32_t *memo_start
    uint64_t *memo_grids
    int32_t *memo_pool
    int memo_count
    int memo_cap
    int32_t *scratch         # an outcome when the memo is full
    int scratch_cap
    # the best hint so far (SE's sort: difficulty, complexity, kind)
    int found
    double best_diff
    int best_complexity
    int best_key
    int best_cell            # placement (-1: none)
    int best_value
    int best_nelim
    int32_t best_elim[729]
    int best_nbase
    int32_t best_base[81]
    int best_tech            # the kind of chain (K_*)
    # the best hint's chains, for its sentence (record_chains): potentials pot * 2 + on
    # from each chain's assumption to its end, the chains separated by -1
    int16_t best_chain[CHAIN_CAP]
    int best_nchain
    # scratch for ancestor counts
    uint8_t seen[1458]
    int32_t walk[1458]       # chain_walk's nodes, for c_collect
    int32_t *todo
    int32_t *nexts
    int todo_cap


cdef inline void pset_clear(PSet *s) noexcept nogil:
    cdef int k
    for k in range(s.count):
        s.node[s.order[k]] = -1
    s.count = 0


cdef inline void pset_init(PSet *s) noexcept nogil:
    cdef int k
    for k in range(729):
        s.node[k] = -1
    s.count = 0


cdef inline bint pset_add(PSet *s, int node, int pot) noexcept nogil:
    """Add unless present (SE's LinkedSet.add keeps the first); True if added."""
    if s.node[pot] >= 0:
        return False
    s.node[pot] = node
    s.order[s.count] = <int16_t>pot
    s.count += 1
    return True


cdef int c_new(Chains *c, int pot, bint on, int parent) noexcept nogil:
    """A new node with one parent (or none: parent < 0); -1 when out of memory."""
    cdef CArena *a = &c.a
    cdef CNode *grown
    cdef int32_t *pgrown
    if a.nnodes == a.cap:
        grown = <CNode *>realloc(a.nodes, 2 * a.cap * sizeof(CNode))
        if grown == NULL:
            a.failed = True
            return -1
        a.nodes = grown
        a.cap *= 2
    if a.npool + 16 > a.pcap:
        pgrown = <int32_t *>realloc(a.pool, 2 * a.pcap * sizeof(int32_t))
        if pgrown == NULL:
            a.failed = True
            return -1
        a.pool = pgrown
        a.pcap *= 2
    cdef int k = a.nnodes
    a.nnodes += 1
    a.nodes[k].pot = <int16_t>pot
    a.nodes[k].on = on
    a.nodes[k].cause = 0
    a.nodes[k].nest = -1
    a.nodes[k].parents = a.npool
    a.nodes[k].nparents = 0
    if parent >= 0:
        a.pool[a.npool] = parent
        a.npool += 1
        a.nodes[k].nparents = 1
    return k


cdef inline void c_parent(Chains *c, int node, int parent) noexcept nogil:
    """Append a parent to the node made last (its parents are at the pool's end)."""
    cdef int32_t *pgrown
    if c.a.npool == c.a.pcap:
        pgrown = <int32_t *>realloc(c.a.pool, 2 * c.a.pcap * sizeof(int32_t))
        if pgrown == NULL:
            c.a.failed = True
            return
        c.a.pool = pgrown
        c.a.pcap *= 2
    c.a.pool[c.a.npool] = parent
    c.a.npool += 1
    c.a.nodes[node].nparents += 1


cdef int on_to_off(Chains *c, int p, bint y, int32_t *out) noexcept nogil:
    """SE's getOnToOff: the offs implied by node p (on), in SE's order; their count."""
    cdef const Geometry *g = c.b.g
    cdef int pot = c.a.nodes[p].pot, cell = pot // 9, v = pot % 9, n = 0, kind, k, other, u
    cdef uint64_t m, added0 = 0, added1 = 0, bit = (<uint64_t>1) << v
    cdef int node
    if y:
        m = c.grid[cell] & ~bit
        while m:
            node = c_new(c, cell * 9 + bit_index(lowest_bit(m)), False, p)
            if node < 0:
                return n
            c.a.nodes[node].cause = C_NAKED
            out[n] = node
            n += 1
            m = clear_lowest_bit(m)
    added0 |= (<uint64_t>1) << (cell % 64) if cell < 64 else 0
    added1 |= (<uint64_t>1) << (cell - 64) if cell >= 64 else 0
    for kind in range(3):
        u = ul_region(g, cell, kind)
        for k in range(9):
            other = g.units[u * 9 + k]
            if other == cell or not c.grid[other] & bit:
                continue
            if other < 64:
                if (added0 >> other) & 1:
                    continue
                added0 |= (<uint64_t>1) << other
            else:
                if (added1 >> (other - 64)) & 1:
                    continue
                added1 |= (<uint64_t>1) << (other - 64)
            node = c_new(c, other * 9 + v, False, p)
            if node < 0:
                return n
            c.a.nodes[node].cause = C_BOX + kind
            out[n] = node
            n += 1
    return n


cdef int off_to_on(Chains *c, int p, bint y, bint x, const PSet *offs,
                   int32_t *out) noexcept nogil:
    """SE's getOffToOn: the ons implied by node p (off), with the hidden parents of dynamic
    chains (the removals since the chaining started that they rest on); their count."""
    cdef const Geometry *g = c.b.g
    cdef int pot = c.a.nodes[p].pot, cell = pot // 9, v = pot % 9, n = 0, kind, k, other
    cdef int u, found, node, j, q
    cdef uint64_t m, bit = (<uint64_t>1) << v, gone
    if y and exactly_two(c.grid[cell]):
        m = c.grid[cell] & ~bit
        node = c_new(c, cell * 9 + bit_index(lowest_bit(m)), True, p)
        if node < 0:
            return n
        c.a.nodes[node].cause = C_NAKED
        gone = c.save[cell] & ~c.grid[cell]
        while gone:
            q = offs.node[cell * 9 + bit_index(lowest_bit(gone))]
            gone = clear_lowest_bit(gone)
            if q >= 0:
                c_parent(c, node, q)
        out[n] = node
        n += 1
    if not x:
        return n
    for kind in range(3):
        u = ul_region(g, cell, kind)
        found = -1
        for k in range(9):
            other = g.units[u * 9 + k]
            if other != cell and c.grid[other] & bit:
                if found >= 0:
                    found = -2
                    break
                found = other
        if found < 0:
            continue
        for j in range(n):
            if c.a.nodes[out[j]].pot == found * 9 + v:
                break
        else:
            node = c_new(c, found * 9 + v, True, p)
            if node < 0:
                return n
            c.a.nodes[node].cause = C_BOX + kind
            for k in range(9):
                other = g.units[u * 9 + k]
                if c.save[other] & bit and not c.grid[other] & bit:
                    q = offs.node[other * 9 + v]
                    if q >= 0:
                        c_parent(c, node, q)
            out[n] = node
            n += 1
    return n


cdef int ancestors(Chains *c, int node) noexcept nogil:
    """SE's getAncestorCount (with the nested chains met, for complexity_of)."""
    return chain_walk(c, node, NULL)


cdef int chain_walk(Chains *c, int node, int32_t *order) noexcept nogil:
    """SE's getChain: the distinct potentials reachable from node through all parents,
    breadth first (a potential met again is not followed again), node first; their count,
    and each one's node in `order` (if not NULL: room for 1458).  Nested chains met are
    counted (nest_meet)."""
    cdef int count = 0, ntodo = 1, nnext, k, j, key
    cdef CNode *nd
    cdef int32_t *swap
    memset(c.seen, 0, sizeof(c.seen))
    c.todo[0] = node
    while ntodo:
        nnext = 0
        for k in range(ntodo):
            nd = &c.a.nodes[c.todo[k]]
            key = nd.pot * 2 + nd.on
            if c.seen[key]:
                continue
            c.seen[key] = 1
            if order != NULL:
                order[count] = c.todo[k]
            count += 1
            if nd.nest >= 0:
                nest_meet(c, nd.nest)
            for j in range(nd.nparents):
                if nnext == c.todo_cap:
                    break
                c.nexts[nnext] = c.a.pool[nd.parents + j]
                nnext += 1
        swap = c.todo
        c.todo = c.nexts
        c.nexts = swap
        ntodo = nnext
    return count


cdef void nest_meet(Chains *c, int nest) noexcept nogil:
    """A nested chain met while a hint's complexity is counted: its complexity adds once
    (SE's getNestedComplexity: each distinct FullChain)."""
    cdef uint64_t h = c.nests[nest].hash
    cdef int k
    for k in range(c.nmet):
        if c.met[k] == h:
            return
    if c.nmet % 256 == 0 and not regrow(<void **>&c.met, (c.nmet + 256) * sizeof(uint64_t)):
        c.a.failed = True
        return
    c.met[c.nmet] = h
    c.nmet += 1
    c.met_sum += c.nests[nest].complexity


cdef int complexity_of(Chains *c, const int32_t *targets, int n) noexcept nogil:
    """SE's getComplexity of a hint whose chains end at `targets`: the potentials each
    rests on, plus the complexity of each distinct chain nested in them."""
    cdef int k, total = 0
    c.nmet = 0
    c.met_sum = 0
    for k in range(n):
        total += ancestors(c, targets[k])
    return total + c.met_sum


cdef inline double length_bonus(int complexity) noexcept nogil:
    """SE's getLengthDifficulty, as the same sum of doubles."""
    cdef double added = 0.0
    cdef int ceil = 4, length = complexity - 2
    cdef bint odd = False
    while length > ceil:
        added += 0.1
        if not odd:
            ceil = (ceil * 3) // 2
        else:
            ceil = (ceil * 4) // 3
        odd = not odd
    return added


cdef void record_chains(Chains *c, const int32_t *ends, int nends) noexcept nogil:
    """Keep the chains of the best hint: from each end node back along its first parents
    (the main chain; a dynamic chain's other parents are the removals it rests on) to its
    assumption, stored assumption first; cut at CHAIN_CAP."""
    cdef int k, p, start, i, j
    cdef int16_t swap
    c.best_nchain = 0
    for k in range(nends):
        start = c.best_nchain
        p = ends[k]
        while c.best_nchain < CHAIN_CAP - 1:
            c.best_chain[c.best_nchain] = c.a.nodes[p].pot * 2 + c.a.nodes[p].on
            c.best_nchain += 1
            if not c.a.nodes[p].nparents:
                break
            p = c.a.pool[c.a.nodes[p].parents]
        i = start
        j = c.best_nchain - 1
        while i < j:
            swap = c.best_chain[i]
            c.best_chain[i] = c.best_chain[j]
            c.best_chain[j] = swap
            i += 1
            j -= 1
        if c.best_nchain >= CHAIN_CAP - 1:
            break
        c.best_chain[c.best_nchain] = -1
        c.best_nchain += 1


cdef void c_offer(Chains *c, double base, int complexity, int key, int kind, int target,
                  bint target_on, int place_cell, int place_value, const int32_t *base_nodes,
                  int nbase_nodes) noexcept nogil:
    """A hint on `target` (cell * 9 + value; on: the cell keeps only the value, off: the
    value goes): keep it if worth and the best so far in SE's order."""
    cdef LBoard *b = c.b
    cdef int cell = target // 9, v = target % 9, k, cnt
    cdef double diff = base + length_bonus(complexity)
    cdef uint64_t rem
    cdef int32_t elims[9]
    if target_on:
        rem = c.grid[cell] & ~((<uint64_t>1) << v)
    else:
        rem = c.grid[cell] & ((<uint64_t>1) << v)
    if not rem:
        return
    if c.collect:
        cnt = 0
        while rem:
            elims[cnt] = cell * 9 + bit_index(lowest_bit(rem))
            cnt += 1
            rem = clear_lowest_bit(rem)
        c_collect(c, diff, complexity, key, elims, cnt, base_nodes, nbase_nodes,
                  C_NAKED if kind == K_CELL else (c.region_cause if kind == K_REGION else 0),
                  False)
        return
    if not beats_best(c, diff, complexity, key):
        return
    c.found = 1
    c.best_diff = diff
    c.best_complexity = complexity
    c.best_key = key
    c.best_tech = kind
    c.best_cell = place_cell
    c.best_value = place_value
    cnt = 0
    while rem:
        c.best_elim[cnt] = cell * 64 + bit_index(lowest_bit(rem))
        cnt += 1
        rem = clear_lowest_bit(rem)
    c.best_nelim = cnt
    c.best_nbase = 0
    for k in range(nbase_nodes):
        if c.best_nbase < 81:
            c.best_base[c.best_nbase] = c.a.nodes[base_nodes[k]].pot // 9
            c.best_nbase += 1
    record_chains(c, base_nodes, nbase_nodes)


# --- forcing chains and cycles (level 0, static): SE's getLoopHintList ----------------------------

cdef void cycle_hint(Chains *c, int dst, bint y, bint x) noexcept nogil:
    """A bidirectional cycle through node dst (equal to its root): the candidates seeing an
    on and an off of the cycle with the same value go."""
    cdef const LogicTables *t = c.b.t
    cdef uint64_t loop[2], forw[9][2], back[9][2], rem
    cdef int p = dst, cell, v, k, cnt = 0, complexity
    cdef CNode *nd
    loop[0] = loop[1] = 0
    for v in range(9):
        forw[v][0] = forw[v][1] = back[v][0] = back[v][1] = 0
    while c.a.nodes[p].nparents:
        cell = c.a.nodes[p].pot // 9
        loop[cell // 64] |= (<uint64_t>1) << (cell % 64)
        p = c.a.pool[c.a.nodes[p].parents]
    p = dst
    while c.a.nodes[p].nparents:
        nd = &c.a.nodes[p]
        cell = nd.pot // 9
        v = nd.pot % 9
        if nd.on:
            forw[v][0] |= t.peer2[2 * cell]
            forw[v][1] |= t.peer2[2 * cell + 1]
        else:
            back[v][0] |= t.peer2[2 * cell]
            back[v][1] |= t.peer2[2 * cell + 1]
        p = c.a.pool[nd.parents]
    cdef int32_t elim[729]
    cdef int32_t ends[1]
    ends[0] = dst
    for cell in range(81):
        if (loop[cell // 64] >> (cell % 64)) & 1:
            continue
        for v in range(9):
            if (c.grid[cell] >> v & 1 and (forw[v][cell // 64] >> (cell % 64)) & 1
                    and (back[v][cell // 64] >> (cell % 64)) & 1):
                elim[cnt] = cell * 64 + v
                cnt += 1
    if cnt == 0:
        return
    complexity = ancestors(c, dst)
    cdef double diff = (7.0 if (x and y) else 6.5) + length_bonus(complexity)
    cdef int key = 4 if (x and y) else (3 if y else 2)
    if c.collect:
        for k in range(cnt):
            elim[k] = (elim[k] >> 6) * 9 + (elim[k] & 63)
        c_collect(c, diff, complexity, key, elim, cnt, ends, 1, 0, True)
        return
    if not beats_best(c, diff, complexity, key):
        return
    c.found = 1
    c.best_diff = diff
    c.best_complexity = complexity
    c.best_key = key
    c.best_tech = K_CYCLE
    c.best_cell = -1
    c.best_value = -1
    for k in range(cnt):
        c.best_elim[k] = elim[k]
    c.best_nelim = cnt
    c.best_nbase = 0
    p = dst
    while c.a.nodes[p].nparents and c.best_nbase < 81:
        c.best_base[c.best_nbase] = c.a.nodes[p].pot // 9
        c.best_nbase += 1
        p = c.a.pool[c.a.nodes[p].parents]
    record_chains(c, ends, 1)


cdef bint is_ancestor(Chains *c, int child, int pot, bint on) noexcept nogil:
    """SE's isParent: a potential equal to (pot, on) on child's chain of main parents."""
    cdef int p = child
    while c.a.nodes[p].nparents:
        p = c.a.pool[c.a.nodes[p].parents]
        if c.a.nodes[p].pot == pot and c.a.nodes[p].on == on:
            return True
    return False


cdef inline bint beats_best(const Chains *c, double diff, int complexity,
                            int key) noexcept nogil:
    """Whether a hint would be taken before the best so far (SE's sort: difficulty,
    complexity, kind; the first found of equals)."""
    return not c.found or diff < c.best_diff or (diff == c.best_diff and (
        complexity < c.best_complexity
        or (complexity == c.best_complexity and key < c.best_key)))


cdef int winning_complexity(const Chains *c, double base, int key) noexcept nogil:
    """The largest complexity a hint of this base and kind may have and still be taken
    before the best so far; unbounded in collect mode or with none yet."""
    cdef int cx = 1
    if c.collect or not c.found:
        return 1 << 30
    while cx < (1 << 20):
        if not beats_best(c, base + length_bonus(cx), cx, key):
            return cx - 1
        cx += 1
    return cx


cdef void unary_chaining(Chains *c, int cell, int v, bint y, bint x, PSet *on_set,
                         PSet *off_set, int32_t *q_on, int32_t *q_off,
                         int32_t *buf, bint cyc, bint from_on, bint from_off) noexcept nogil:
    """SE's doUnaryChaining for one candidate: its cycles, then (X passes) its forcing
    chains -- "pOn off" from the on side, "pOn on" from the off side.  cyc, from_on,
    from_off False: the implication graph says that search finds nothing (it is skipped)."""
    cdef int src = cell * 9 + v, root, length, n_on, n_off, i, k, cnt, p, node
    cdef int ncycles = 0, nchains = 0
    cdef int32_t cycles[729]
    cdef int32_t chains[1458]
    cdef bint hit
    cdef int on_depth, off_depth
    # Static chains have one parent a potential: a hint found d links from the source has
    # complexity d + 1 (a cycle: d).  Past the complexity that could still beat the best
    # hint so far, nothing found can be taken: the layers stop there.
    cdef int most_cycle = winning_complexity(c, 7.0 if (x and y) else 6.5,
                                             4 if (x and y) else (3 if y else 2))
    cdef int most_chain = winning_complexity(c, 7.0 if (x and y) else 6.6, 4 if (x and y) else 2)
    if not x and more_than_two(c.grid[cell]):
        return
    # cycles (layered; offs not deduplicated, but never an ancestor of their producer)
    pset_clear(on_set)
    pset_clear(off_set)
    root = c_new(c, src, True, -1)
    if root < 0:
        return
    pset_add(on_set, root, src)
    n_on = 1
    q_on[0] = root
    n_off = 0
    length = 0
    while cyc and (n_on or n_off) and not c.a.failed and length + 2 <= most_cycle:
        length += 1
        for i in range(n_on):
            p = q_on[i]
            cnt = on_to_off(c, p, y, buf)
            for k in range(cnt):
                node = buf[k]
                if not is_ancestor(c, p, c.a.nodes[node].pot, False):
                    if n_off < 20000:
                        q_off[n_off] = node
                        n_off += 1
                    pset_add(off_set, node, c.a.nodes[node].pot)
        n_on = 0
        length += 1
        for i in range(n_off):
            p = q_off[i]
            cnt = off_to_on(c, p, y, x, off_set, buf)
            for k in range(cnt):
                node = buf[k]
                if length >= 4 and c.a.nodes[node].pot == src and ncycles < 729:
                    cycles[ncycles] = node
                    ncycles += 1
                if pset_add(on_set, node, c.a.nodes[node].pot):
                    q_on[n_on] = node
                    n_on += 1
        n_off = 0
    if x:
        # forcing chains from "on" (a target: an off of the source) and from "off"
        for hit in range(2):
            if not (from_off if hit else from_on):
                continue
            pset_clear(on_set)
            pset_clear(off_set)
            root = c_new(c, src, not hit, -1)
            if root < 0:
                return
            n_on = n_off = 0
            on_depth = off_depth = 0
            if not hit:
                pset_add(on_set, root, src)
                q_on[0] = root
                n_on = 1
            else:
                pset_add(off_set, root, src)
                q_off[0] = root
                n_off = 1
            while (n_on or n_off) and not c.a.failed:
                if n_on and on_depth + 2 > most_chain:
                    break
                if n_on:
                    off_depth = on_depth + 1
                for i in range(n_on):
                    p = q_on[i]
                    cnt = on_to_off(c, p, y, buf)
                    for k in range(cnt):
                        node = buf[k]
                        if not hit and c.a.nodes[node].pot == src:
                            if not chain_listed(c, chains, nchains, node):
                                chains[nchains] = node
                                nchains += 1
                        if pset_add(off_set, node, c.a.nodes[node].pot):
                            q_off[n_off] = node
                            n_off += 1
                n_on = 0
                if n_off and off_depth + 2 > most_chain:
                    break
                if n_off:
                    on_depth = off_depth + 1
                for i in range(n_off):
                    p = q_off[i]
                    cnt = off_to_on(c, p, y, True, off_set, buf)
                    for k in range(cnt):
                        node = buf[k]
                        if hit and c.a.nodes[node].pot == src:
                            if not chain_listed(c, chains, nchains, node):
                                chains[nchains] = node
                                nchains += 1
                        if pset_add(on_set, node, c.a.nodes[node].pot):
                            q_on[n_on] = node
                            n_on += 1
                n_off = 0
    for k in range(ncycles):
        cycle_hint(c, cycles[k], y, x)
    for k in range(nchains):
        node = chains[k]
        c_offer(c, 7.0 if (x and y) else 6.6, ancestors(c, node), 4 if (x and y) else 2,
                K_FORCING, c.a.nodes[node].pot, c.a.nodes[node].on,
                (c.a.nodes[node].pot // 9) if c.a.nodes[node].on else -1,
                (c.a.nodes[node].pot % 9) if c.a.nodes[node].on else -1, &chains[k], 1)


cdef inline bint chain_listed(Chains *c, const int32_t *chains, int n, int node) noexcept nogil:
    cdef int k
    for k in range(n):
        if (c.a.nodes[chains[k]].pot == c.a.nodes[node].pot
                and c.a.nodes[chains[k]].on == c.a.nodes[node].on):
            return True
    return False


# --- multiple, dynamic and Nishio chains: SE's doChaining and getMultipleChainsHintList -----------

cdef int do_chaining(Chains *c, PSet *to_on, PSet *to_off, int32_t *q_on, int32_t *q_off,
                     int32_t *buf, int *absurd_off) noexcept nogil:
    """SE's doChaining: complete the sets from their potentials, ons first; in dynamic
    mode each processed off leaves the working grid (restored at the end).  Returns the
    on node of a contradiction (absurd_off: its off), or -1."""
    cdef int h_on = 0, t_on = 0, h_off = 0, t_off = 0, k, cnt, p, node, pot, result = -1
    cdef bint y = not c.nishio
    memcpy(c.save, c.grid, sizeof(c.save))
    for k in range(to_on.count):
        q_on[t_on] = to_on.node[to_on.order[k]]
        t_on += 1
    for k in range(to_off.count):
        q_off[t_off] = to_off.node[to_off.order[k]]
        t_off += 1
    while not c.a.failed:
        if h_on < t_on:
            p = q_on[h_on]
            h_on += 1
            cnt = on_to_off(c, p, y, buf)
            for k in range(cnt):
                node = buf[k]
                pot = c.a.nodes[node].pot
                if to_on.node[pot] >= 0:
                    absurd_off[0] = node
                    result = to_on.node[pot]
                    break
                if pset_add(to_off, node, pot):
                    q_off[t_off] = node
                    t_off += 1
            if result >= 0:
                break
            continue
        if h_off < t_off:
            p = q_off[h_off]
            h_off += 1
            cnt = off_to_on(c, p, y, True, to_off, buf)
            if c.dynamic:
                pot = c.a.nodes[p].pot
                c.grid[pot // 9] &= ~((<uint64_t>1) << (pot % 9))
            for k in range(cnt):
                node = buf[k]
                pot = c.a.nodes[node].pot
                if to_off.node[pot] >= 0:
                    absurd_off[0] = to_off.node[pot]
                    result = node
                    break
                if pset_add(to_on, node, pot):
                    q_on[t_on] = node
                    t_on += 1
            if result >= 0:
                break
            continue
        if c.level > 0:
            # nothing pending: what SE's basic rules find on the working grid, as offs whose
            # parents are the removals they rest on
            cnt = advanced_offs(c, to_off, buf, ADV_CAP)
            if c.stopped:
                break
            node = 0
            for k in range(cnt):
                pot = c.a.nodes[buf[k]].pot
                if pset_add(to_off, buf[k], pot):
                    q_off[t_off] = buf[k]
                    t_off += 1
                    node = 1
            if node:
                continue
        break
    memcpy(c.grid, c.save, sizeof(c.save))
    return result


cdef int on_closure(Chains *c, int pot, PSet *to_on, PSet *to_off, int32_t *q_on,
                    int32_t *q_off, int32_t *buf, int *absurd_off) noexcept nogil:
    """do_chaining from "pot on" alone, as SE's binary and region chainings both start:
    computed once a step (the grid does not change within it) and kept, since each
    candidate is assumed again for each house it is a place of.  Returns do_chaining's."""
    cdef int start = c.ccache[pot], k, node, dst, need
    cdef int32_t *e
    pset_clear(to_on)
    pset_clear(to_off)
    if start >= 0:
        e = &c.cpool[start]
        for k in range(e[0]):
            node = e[4 + k]
            pset_add(to_on, node, c.a.nodes[node].pot)
        for k in range(e[1]):
            node = e[4 + e[0] + k]
            pset_add(to_off, node, c.a.nodes[node].pot)
        absurd_off[0] = e[3]
        return e[2]
    node = c_new(c, pot, True, -1)
    if node < 0:
        return -1
    pset_add(to_on, node, pot)
    absurd_off[0] = -1
    dst = do_chaining(c, to_on, to_off, q_on, q_off, buf, absurd_off)
    if c.stopped or c.a.failed:
        return -1
    need = 4 + to_on.count + to_off.count
    if c.ncpool + need > c.cpool_cap:
        if not regrow(<void **>&c.cpool, (2 * c.cpool_cap + need) * sizeof(int32_t)):
            c.a.failed = True
            return -1
        c.cpool_cap = 2 * c.cpool_cap + need
    e = &c.cpool[c.ncpool]
    e[0] = to_on.count
    e[1] = to_off.count
    e[2] = dst
    e[3] = absurd_off[0]
    for k in range(to_on.count):
        e[4 + k] = to_on.node[to_on.order[k]]
    for k in range(to_off.count):
        e[4 + to_on.count + k] = to_off.node[to_off.order[k]]
    c.ccache[pot] = c.ncpool
    c.ncpool += need
    return dst


cdef struct MWork:
    PSet on_to_on[9]
    PSet on_to_off[9]
    PSet off_to_on
    PSet off_to_off
    PSet pos_on[9]
    PSet pos_off[9]
    PSet region_on
    PSet region_off
    PSet cell_on
    PSet cell_off


cdef void multiple_cell(Chains *c, MWork *w, int cell, double base, int32_t *q_on,
                        int32_t *q_off, int32_t *buf) noexcept nogil:
    """SE's getMultipleChainsHintListForCell."""
    cdef int card = popcount(c.grid[cell]), v, k, j, absurd_off, dst, node, pot, kind, u
    cdef int first, pos, other, npos, tgt
    cdef bint do_double = card >= 3 and not c.nishio and c.dynamic
    cdef bint do_contra = c.dynamic or c.nishio
    cdef bint first_value = True
    cdef int32_t nodes[9]
    cdef int positions_[9]
    cdef uint64_t bit
    cdef int complexity
    for v in range(9):
        if not (c.grid[cell] >> v) & 1:
            continue
        dst = on_closure(c, cell * 9 + v, &w.on_to_on[v], &w.on_to_off[v], q_on, q_off, buf,
                         &absurd_off)
        if c.stopped or c.a.failed:
            return
        if do_contra and dst >= 0:
            nodes[0] = dst
            nodes[1] = absurd_off
            complexity = complexity_of(c, nodes, 2)
            c_offer(c, base, complexity, 7, K_CONTRADICTION, cell * 9 + v, False,
                    -1, -1, nodes, 2)
        pset_clear(&w.off_to_on)
        pset_clear(&w.off_to_off)
        node = c_new(c, cell * 9 + v, False, -1)
        if node < 0:
            return
        pset_add(&w.off_to_off, node, cell * 9 + v)
        dst = do_chaining(c, &w.off_to_on, &w.off_to_off, q_on, q_off, buf, &absurd_off)
        if c.stopped:
            return
        if do_contra and dst >= 0:
            nodes[0] = dst
            nodes[1] = absurd_off
            complexity = complexity_of(c, nodes, 2)
            c_offer(c, base, complexity, 7, K_CONTRADICTION, cell * 9 + v, True,
                    cell, v, nodes, 2)
        if do_double:
            for k in range(w.on_to_on[v].count):
                pot = w.on_to_on[v].order[k]
                if w.off_to_on.node[pot] >= 0:
                    nodes[0] = w.on_to_on[v].node[pot]
                    nodes[1] = w.off_to_on.node[pot]
                    complexity = complexity_of(c, nodes, 2)
                    c_offer(c, base, complexity, 1, K_DOUBLE, pot, True, pot // 9,
                            pot % 9, nodes, 2)
            for k in range(w.on_to_off[v].count):
                pot = w.on_to_off[v].order[k]
                if w.off_to_off.node[pot] >= 0:
                    nodes[0] = w.on_to_off[v].node[pot]
                    nodes[1] = w.off_to_off.node[pot]
                    complexity = complexity_of(c, nodes, 2)
                    c_offer(c, base, complexity, 1, K_DOUBLE, pot, False, -1, -1,
                            nodes, 2)
        if not c.nishio:
            region_chainings(c, w, cell, v, base, q_on, q_off, buf)
            if c.stopped:
                return
        # the cell's intersections, in the first value's order
        if first_value:
            pset_clear(&w.cell_on)
            pset_clear(&w.cell_off)
            for k in range(w.on_to_on[v].count):
                pot = w.on_to_on[v].order[k]
                pset_add(&w.cell_on, w.on_to_on[v].node[pot], pot)
            for k in range(w.on_to_off[v].count):
                pot = w.on_to_off[v].order[k]
                pset_add(&w.cell_off, w.on_to_off[v].node[pot], pot)
            first_value = False
        else:
            pset_retain(&w.cell_on, &w.on_to_on[v])
            pset_retain(&w.cell_off, &w.on_to_off[v])
    if c.nishio or not (card == 2 or (c.multiple and card > 2)):
        return
    for j in range(2):
        for k in range((w.cell_on if j == 0 else w.cell_off).count):
            pot = (w.cell_on if j == 0 else w.cell_off).order[k]
            npos = 0
            for v in range(9):
                if (c.grid[cell] >> v) & 1:
                    tgt = (w.on_to_on[v] if j == 0 else w.on_to_off[v]).node[pot]
                    nodes[npos] = tgt
                    npos += 1
            complexity = complexity_of(c, nodes, npos)
            c_offer(c, base, complexity, 5, K_CELL, pot, j == 0,
                    (pot // 9) if j == 0 else -1, (pot % 9) if j == 0 else -1, nodes, npos)


cdef void pset_retain(PSet *s, const PSet *other) noexcept nogil:
    """Keep the potentials also in other (order kept)."""
    cdef int k, w = 0, pot
    for k in range(s.count):
        pot = s.order[k]
        if other.node[pot] >= 0:
            s.order[w] = <int16_t>pot
            w += 1
        else:
            s.node[pot] = -1
    s.count = w


cdef void region_chainings(Chains *c, MWork *w, int cell, int v, double base,
                           int32_t *q_on, int32_t *q_off, int32_t *buf) noexcept nogil:
    """SE's doRegionChainings: where the cell is the first place of v in a house, every
    place of v in it is followed; what all of them imply holds."""
    cdef const Geometry *g = c.b.g
    cdef int kind, u, k, j, count, first, other, node, absurd_off, pot, npos, complexity
    cdef int places[9]
    cdef int32_t nodes[9]
    cdef uint64_t bit = (<uint64_t>1) << v
    for kind in range(3):
        u = ul_region(g, cell, kind)
        count = 0
        for k in range(9):
            other = g.units[u * 9 + k]
            if c.grid[other] & bit:
                places[count] = other
                count += 1
        if not (count == 2 or (c.multiple and count > 2)):
            continue
        if places[0] != cell:
            continue
        pset_clear(&w.region_on)
        pset_clear(&w.region_off)
        for k in range(count):
            if places[k] == cell:
                for j in range(w.on_to_on[v].count):
                    pot = w.on_to_on[v].order[j]
                    pset_add(&w.region_on, w.on_to_on[v].node[pot], pot)
                for j in range(w.on_to_off[v].count):
                    pot = w.on_to_off[v].order[j]
                    pset_add(&w.region_off, w.on_to_off[v].node[pot], pot)
            else:
                on_closure(c, places[k] * 9 + v, &w.pos_on[k], &w.pos_off[k], q_on, q_off,
                           buf, &absurd_off)
                if c.stopped or c.a.failed:
                    return
                pset_retain(&w.region_on, &w.pos_on[k])
                pset_retain(&w.region_off, &w.pos_off[k])
        for j in range(2):
            for k in range((w.region_on if j == 0 else w.region_off).count):
                pot = (w.region_on if j == 0 else w.region_off).order[k]
                npos = 0
                for other in range(count):
                    if places[other] == cell:
                        node = (w.on_to_on[v] if j == 0 else w.on_to_off[v]).node[pot]
                    else:
                        node = (w.pos_on[other] if j == 0 else w.pos_off[other]).node[pot]
                    nodes[npos] = node
                    npos += 1
                complexity = complexity_of(c, nodes, npos)
                c.region_cause = C_BOX + kind
                c_offer(c, base, complexity, 6, K_REGION, pot, j == 0,
                        (pot // 9) if j == 0 else -1, (pot % 9) if j == 0 else -1,
                        nodes, npos)


# --- advanced potentials (levels >= 1): SE's getAdvancedPotentials with its basic rules ----------
#
# At level 1 ("Dynamic (+)"), when a dynamic chaining has nothing left to follow, SE runs
# its intersections, hidden pairs, naked pairs and X-wings on the working grid (all their
# hints, in their scan orders); the first rule with a hint that rests on removals made by
# the chaining gives offs: each candidate the hint removes, with the removals it rests on
# (SE's getRuleParents) as parents.  The removals come in the order SE's HashMap of cells
# gives them: by cell index modulo its capacity (16, or 32, 64, 128 past 12, 24, 48 cells),
# then in insertion order.

cdef int adv_hint(Chains *c, const PSet *offs, int32_t *out, int nout, int cap,
                  const int *cells, const uint64_t *masks, int ncells,
                  const int *parent_pots, int nparents, int nest) noexcept nogil:
    """Append the offs of one hint (cells[k] loses masks[k], in insertion order) with the
    given parents (and nested chain, or -1); the new count of out.  An off already made
    (or made before in this round) is skipped: SE's chaining skips it."""
    cdef int buckets = 16, k, b_, node, j, v, q, pot
    cdef uint64_t m
    if nparents == 0 or ncells == 0:
        return nout
    c.adv_any = True
    while ncells > buckets * 3 // 4:
        buckets *= 2
    for b_ in range(buckets):
        for k in range(ncells):
            if cells[k] % buckets != b_:
                continue
            m = masks[k]
            while m:
                v = bit_index(lowest_bit(m))
                m = clear_lowest_bit(m)
                pot = cells[k] * 9 + v
                if offs.node[pot] >= 0 or c.emitted[pot]:
                    continue
                if nout >= cap:
                    return nout
                node = c_new(c, pot, False, -1)
                if node < 0:
                    return nout
                c.emitted[pot] = 1
                c.a.nodes[node].cause = C_ADVANCED
                c.a.nodes[node].nest = nest
                for j in range(nparents):
                    q = offs.node[parent_pots[j]]
                    if q >= 0:
                        c_parent(c, node, q)
                out[nout] = node
                nout += 1
    return nout


cdef int advanced_offs(Chains *c, const PSet *offs, int32_t *out, int cap) noexcept nogil:
    """SE's getAdvancedPotentials at level 1 (rules: Locking, HiddenSet(2), NakedSet(2),
    Fisherman(2)); the count of offs made into out."""
    cdef const Geometry *g = c.b.g
    cdef const LogicTables *t = c.b.t
    cdef LBoard *b = c.b
    cdef int nout = 0, rule, pair, t1, t2, v, i1, i2, u1, u2, k, j, cell, ncells, npar
    cdef int kind, i, e, f, orient, base_kind, cover_kind
    cdef int cells[81]
    cdef uint64_t masks[81]
    cdef int parents[729]
    cdef uint64_t bit, pos1, pos2, p0, p1, vv, union_, inter, m
    cdef int kinds[8]
    cdef uint64_t places[243]     # the places of each value in each unit, on the working grid
    for u1 in range(27):
        for v in range(9):
            places[u1 * 9 + v] = 0
        for k in range(9):
            m = c.grid[g.units[u1 * 9 + k]]
            while m:
                places[u1 * 9 + bit_index(lowest_bit(m))] |= (<uint64_t>1) << k
                m = clear_lowest_bit(m)
    memset(c.emitted, 0, sizeof(c.emitted))
    c.adv_any = False
    kinds[:] = [0, 2, 0, 1, 2, 0, 1, 0]
    cdef int order[3]
    order[:] = [0, 2, 1]
    for rule in range(4):
        if rule == 0:
            # intersections: (box, column), (box, row), (column, box), (row, box)
            for pair in range(4):
                t1 = kinds[2 * pair]
                t2 = kinds[2 * pair + 1]
                for v in range(9):
                    bit = (<uint64_t>1) << v
                    for i1 in range(9):
                        u1 = unit_of_type(9, t1, i1)
                        pos1 = places[u1 * 9 + v]
                        if not two_or_more(pos1):
                            continue
                        for i2 in range(9):
                            u2 = unit_of_type(9, t2, i2)
                            if not t.inter[u1 * 27 + u2] or pos1 & ~t.inter[u1 * 27 + u2]:
                                continue
                            ncells = 0
                            for k in range(9):
                                cell = g.units[u2 * 9 + k]
                                if not in_unit(g, cell, u1) and c.grid[cell] & bit:
                                    cells[ncells] = cell
                                    masks[ncells] = bit
                                    ncells += 1
                            if not ncells:
                                continue
                            npar = 0
                            for k in range(9):
                                cell = g.units[u1 * 9 + k]
                                if (c.save[cell] & bit and not c.grid[cell] & bit
                                        and not in_unit(g, cell, u2)):
                                    parents[npar] = cell * 9 + v
                                    npar += 1
                            nout = adv_hint(c, offs, out, nout, cap, cells, masks, ncells,
                                            parents, npar, -1)
        elif rule == 1 or rule == 2:
            for kind in range(3):
                for i in range(9):
                    u1 = unit_of_type(9, order[kind], i)
                    e = 0
                    for k in range(9):
                        if not b.value[g.units[u1 * 9 + k]]:
                            e += 1
                    if (rule == 1 and e <= 4) or (rule == 2 and e < 4):
                        continue
                    vv = 3
                    while vv:
                        i1 = bit_index(lowest_bit(vv))
                        i2 = bit_index(clear_lowest_bit(vv))
                        if rule == 1:
                            # hidden pair: values i1, i2 confined to two cells
                            p0 = places[u1 * 9 + i1]
                            p1 = places[u1 * 9 + i2]
                            union_ = p0 | p1
                            if p0 == p1 and exactly_two(p0):  # the same pair in both
                                ncells = 0
                                for k in range(9):
                                    if (union_ >> k) & 1:
                                        cell = g.units[u1 * 9 + k]
                                        inter = c.grid[cell] & ~(((<uint64_t>1) << i1)
                                                                 | ((<uint64_t>1) << i2))
                                        if inter:
                                            cells[ncells] = cell
                                            masks[ncells] = inter
                                            ncells += 1
                                if ncells:
                                    npar = 0
                                    for k in range(9):
                                        if not (union_ >> k) & 1:
                                            cell = g.units[u1 * 9 + k]
                                            for j in range(2):
                                                f = i1 if j == 0 else i2
                                                if c.save[cell] >> f & 1:
                                                    parents[npar] = cell * 9 + f
                                                    npar += 1
                                    nout = adv_hint(c, offs, out, nout, cap, cells, masks,
                                                    ncells, parents, npar, -1)
                        else:
                            # naked pair: cells i1, i2 holding two values between them
                            p0 = c.grid[g.units[u1 * 9 + i1]]
                            p1 = c.grid[g.units[u1 * 9 + i2]]
                            union_ = p0 | p1
                            if p0 == p1 and exactly_two(p0):  # the same pair in both
                                ncells = 0
                                for k in range(9):
                                    cell = g.units[u1 * 9 + k]
                                    if k != i1 and k != i2 and c.grid[cell] & union_:
                                        cells[ncells] = cell
                                        masks[ncells] = c.grid[cell] & union_
                                        ncells += 1
                                if ncells:
                                    npar = 0
                                    for e in range(2):
                                        cell = g.units[u1 * 9 + (i1 if e == 0 else i2)]
                                        for f in range(9):
                                            if c.save[cell] >> f & 1 and not (union_ >> f) & 1:
                                                parents[npar] = cell * 9 + f
                                                npar += 1
                                    nout = adv_hint(c, offs, out, nout, cap, cells, masks,
                                                    ncells, parents, npar, -1)
                        vv = next_tuple(vv, 9)
        else:
            # X-wings: column bases, then row bases; pairs of lines, then values
            for orient in range(2):
                base_kind = 2 if orient == 0 else 1
                cover_kind = 1 if orient == 0 else 2
                vv = 3
                while vv:
                    i1 = bit_index(lowest_bit(vv))
                    i2 = bit_index(clear_lowest_bit(vv))
                    for v in range(9):
                        if b.placed[v] + 4 > 9:
                            continue
                        p0 = places[unit_of_type(9, base_kind, i1) * 9 + v]
                        p1 = places[unit_of_type(9, base_kind, i2) * 9 + v]
                        union_ = p0 | p1
                        if not (p0 == p1 and exactly_two(p0)):  # the same pair in both
                            continue
                        bit = (<uint64_t>1) << v
                        ncells = 0
                        for k in range(9):
                            if not (union_ >> k) & 1:
                                continue
                            u2 = unit_of_type(9, cover_kind, k)
                            for j in range(9):
                                if j != i1 and j != i2:
                                    cell = g.units[u2 * 9 + j]
                                    if c.grid[cell] & bit:
                                        cells[ncells] = cell
                                        masks[ncells] = bit
                                        ncells += 1
                        if not ncells:
                            continue
                        npar = 0
                        for e in range(2):
                            u1 = unit_of_type(9, base_kind, i1 if e == 0 else i2)
                            for k in range(9):
                                cell = g.units[u1 * 9 + k]
                                if (c.save[cell] & bit and not c.grid[cell] & bit
                                        and not (union_ >> k) & 1):
                                    parents[npar] = cell * 9 + v
                                    npar += 1
                        nout = adv_hint(c, offs, out, nout, cap, cells, masks, ncells,
                                        parents, npar, -1)
                    vv = next_tuple(vv, 9)
        if c.adv_any:
            return nout
    # levels 2-4: a chaining rule inside (SE's otherRules after the basic ones)
    if c.level >= 4:
        return run_nested_rule(c, 2, offs, out, cap)
    if c.level >= 2:
        nout = run_nested_rule(c, 0, offs, out, cap)
        if c.adv_any or c.level == 2:
            return nout
        return run_nested_rule(c, 1, offs, out, cap)
    return nout


# --- the producers -------------------------------------------------------------------------------

cdef bint chains_init(Chains *c, LBoard *b) noexcept nogil:
    c.b = b
    c.a.cap = 4096
    c.a.pcap = 16384
    c.a.nnodes = 0
    c.a.npool = 0
    c.a.failed = False
    c.a.nodes = <CNode *>malloc(c.a.cap * sizeof(CNode))
    c.a.pool = <int32_t *>malloc(c.a.pcap * sizeof(int32_t))
    c.todo_cap = 200000
    c.todo = <int32_t *>malloc(c.todo_cap * sizeof(int32_t))
    c.nexts = <int32_t *>malloc(c.todo_cap * sizeof(int32_t))
    c.found = 0
    c.level = 0
    c.nesting = 0
    c.stopped = False
    c.dynamic = c.nishio = c.multiple = False
    c.nests = NULL
    c.nnests = 0
    c.nests_cap = 0
    c.met = NULL
    c.nmet = 0
    c.met_sum = 0
    c.collect = False
    c.src = NULL
    c.region_cause = 0
    c.hints = NULL
    c.nhints = 0
    c.hints_cap = 0
    c.hpool = NULL
    c.nhpool = 0
    c.hpool_cap = 0
    c.sub = NULL
    c.cpool = NULL
    c.ncpool = 0
    c.cpool_cap = 0
    c.memo_slots = NULL
    c.memo_keys = NULL
    c.memo_rules = NULL
    c.memo_start = NULL
    c.memo_grids = NULL
    c.memo_pool = NULL
    c.memo_count = 0
    c.memo_cap = 0
    c.scratch = NULL
    c.scratch_cap = 0
    memcpy(c.grid, b.cand, 81 * sizeof(uint64_t))
    memset(c.save, 0, sizeof(c.save))
    if c.a.nodes == NULL or c.a.pool == NULL or c.todo == NULL or c.nexts == NULL:
        chains_free(c)
        return False
    return True


cdef void chains_free(Chains *c) noexcept nogil:
    sub_free(c)
    memo_free(c)
    free(c.scratch)
    c.scratch = NULL
    free(c.cpool)
    c.cpool = NULL
    free(c.nests)
    free(c.met)
    free(c.hints)
    free(c.hpool)
    c.nests = NULL
    c.met = NULL
    c.hints = NULL
    c.hpool = NULL
    free(c.a.nodes)
    free(c.a.pool)
    free(c.todo)
    free(c.nexts)
    c.a.nodes = NULL
    c.a.pool = NULL
    c.todo = NULL
    c.nexts = NULL


cdef bint chains_step(Chains *c, int tech) noexcept nogil:
    """Copy the best hint to the board's step."""
    cdef LBoard *b = c.b
    cdef int k
    if not c.found:
        return False
    step_start(b, tech)
    b.step_kind = c.best_tech
    b.step_diff = <int>((c.best_diff + 0.05) * 10)
    for k in range(c.best_nelim):
        b.elim[k] = c.best_elim[k]
    b.nelim = c.best_nelim
    for k in range(c.best_nbase):
        b.base[k] = c.best_base[k]
    b.nbase = c.best_nbase
    b.step_cell = c.best_cell
    b.step_value = c.best_value
    for k in range(c.best_nchain):
        b.chain[k] = c.best_chain[k]
    b.nchain = c.best_nchain
    return True


cdef bint find_cycles_and_chains(LBoard *b) noexcept nogil:
    """SE's "Forcing Chains & Cycles": X, then Y, then XY passes over every candidate."""
    if b.g.r != 3 or b.g.c != 3:
        return False
    cdef Chains *c = <Chains *>malloc(sizeof(Chains))
    cdef PSet *sets = <PSet *>malloc(2 * sizeof(PSet))
    cdef int32_t *q_on = <int32_t *>malloc(20000 * sizeof(int32_t))
    cdef int32_t *q_off = <int32_t *>malloc(20000 * sizeof(int32_t))
    cdef int32_t buf[64]
    cdef bint found = False
    if c == NULL or sets == NULL or q_on == NULL or q_off == NULL or not chains_init(c, b):
        free(c)
        free(sets)
        free(q_on)
        free(q_off)
        return False
    pset_init(&sets[0])
    pset_init(&sets[1])
    run_unary(c, sets, q_on, q_off, buf, b)
    found = not c.a.failed and chains_step(c, T_FORCING_CHAINS)
    chains_free(c)
    free(c)
    free(sets)
    free(q_on)
    free(q_off)
    return found


cdef bint find_multiple_chains(LBoard *b, bint multiple, bint dynamic, bint nishio,
                               int tech, int level=0, int nesting=0) noexcept nogil:
    """SE's Nishio (7.5), Multiple (8.0), Dynamic (8.5), Dynamic (+) (level 1, 9.0) and
    nested (levels 2-4: 9.5, 10.0, 10.5; at level 4 the nested dynamic chains are of level
    `nesting`) forcing chains.  A Ctrl-C (or the batch's stop flag) in the nested levels
    gives up: no hint, b.interrupted set."""
    if b.g.r != 3 or b.g.c != 3:
        return False
    cdef Chains *c = <Chains *>malloc(sizeof(Chains))
    cdef MWork *w = <MWork *>malloc(sizeof(MWork))
    cdef int32_t *q_on = <int32_t *>malloc(1500 * sizeof(int32_t))
    cdef int32_t *q_off = <int32_t *>malloc(1500 * sizeof(int32_t))
    cdef int32_t buf[ADV_CAP]
    cdef double base = 7.5 if nishio else (8.5 if dynamic else 8.0)
    if level > 0:
        base = 8.5 + 0.5 * level
    cdef bint found = False
    if c == NULL or w == NULL or q_on == NULL or q_off == NULL or not chains_init(c, b):
        free(c)
        free(w)
        free(q_on)
        free(q_off)
        return False
    c.dynamic = dynamic
    c.nishio = nishio
    c.multiple = multiple
    c.level = level
    c.nesting = nesting
    mwork_init(w)
    run_multiple(c, w, base, q_on, q_off, buf)
    if c.stopped:
        b.interrupted = True
    found = not c.a.failed and not c.stopped and chains_step(c, tech)
    chains_free(c)
    free(c)
    free(w)
    free(q_on)
    free(q_off)
    return found


# --- nested chains (levels >= 2): a chaining rule inside the dynamic chains ---------------------
#
# At levels 2 and up, when the basic rules find nothing on a dynamic chaining's working grid,
# SE runs a chaining rule on it: forcing chains and cycles (level 2), then multiple forcing
# chains (level 3), or dynamic forcing chains of level `nesting` (level 4).  Every hint of
# that rule counts, in SE's order (difficulty, complexity, kind; found first first) with
# equal removals once; each hint whose chains rest on removals made by the outer chaining
# (its rule parents: for each "on" it rests on, the candidates its cause -- the cell's last
# value, the value's last place in a house -- needed gone, that the outer chaining removed)
# turns each of its removals into an off of the outer chain, with those removals as its
# parents and the hint as its nested chain.  The nested hints are gathered by a Chains in
# collect mode (c_collect) on a copy of the working grid.

cdef inline uint64_t mix64(uint64_t h, uint64_t x) noexcept nogil:
    h ^= x + <uint64_t>0x9E3779B97F4A7C15 + (h << 6) + (h >> 2)
    h *= <uint64_t>0xBF58476D1CE4E5B9
    return h ^ (h >> 31)


cdef int rule_parents_of(Chains *c, int pot, int cause, int16_t *out, int n,
                         uint8_t *got) noexcept nogil:
    """SE's collectRuleParents for one "on" potential with its cause: the candidates that
    cause needed gone (in the outer chaining's saved grid, not in its working grid)."""
    cdef const Geometry *g = c.b.g
    cdef int cell = pot // 9, v = pot % 9, f, k, other, u, q
    cdef uint64_t gone
    if cause == C_NAKED:
        gone = c.src[cell] & ~c.grid[cell]
        while gone:
            q = cell * 9 + bit_index(lowest_bit(gone))
            gone = clear_lowest_bit(gone)
            if not got[q]:
                got[q] = 1
                out[n] = <int16_t>q
                n += 1
        return n
    u = ul_region(g, cell, cause - C_BOX)
    for k in range(9):
        other = g.units[u * 9 + k]
        if (c.src[other] >> v) & 1 and not (c.grid[other] >> v) & 1:
            q = other * 9 + v
            if not got[q]:
                got[q] = 1
                out[n] = <int16_t>q
                n += 1
    return n


cdef void c_collect(Chains *c, double diff, int complexity, int key, const int32_t *elims,
                    int nelim, const int32_t *targets, int ntargets, int root_cause,
                    bint cycle) noexcept nogil:
    """Keep a nested rule's hint (collect mode): its order keys, removals, rule parents
    and the hash of its chains."""
    cdef CHint *h
    cdef int k, t, n, cause, npar = 0, p
    cdef uint64_t hash_ = 1469598103934665603
    cdef uint8_t got[729]
    cdef CNode *nd
    if c.nhints == c.hints_cap:
        if not regrow(<void **>&c.hints, 2 * c.hints_cap * sizeof(CHint)):
            c.a.failed = True
            return
        c.hints_cap *= 2
    if c.nhpool + nelim + 729 > c.hpool_cap:
        if not regrow(<void **>&c.hpool, (2 * c.hpool_cap + nelim + 729) * sizeof(int16_t)):
            c.a.failed = True
            return
        c.hpool_cap = 2 * c.hpool_cap + nelim + 729
    h = &c.hints[c.nhints]
    h.diff = diff
    h.complexity = complexity
    h.key = key
    h.seq = c.nhints
    h.elim = c.nhpool
    h.nelim = nelim
    h.ehash = 7
    for k in range(nelim):
        c.hpool[c.nhpool + k] = <int16_t>elims[k]
        h.ehash = mix64(h.ehash, <uint64_t>elims[k])
    c.nhpool += nelim
    h.par = c.nhpool
    memset(got, 0, sizeof(got))
    for t in range(ntargets):
        nd = &c.a.nodes[targets[t]]
        hash_ = mix64(hash_, <uint64_t>(nd.pot * 2 + nd.on))
    if cycle:
        nd = &c.a.nodes[targets[0]]
        hash_ = mix64(hash_, <uint64_t>(nd.pot * 2 + 1 - nd.on))
    for t in range(ntargets):
        # SE's getChain / collectRuleParents: each potential the target rests on, once
        n = chain_walk(c, targets[t], c.walk)
        for k in range(n):
            nd = &c.a.nodes[c.walk[k]]
            hash_ = mix64(hash_, <uint64_t>(nd.pot * 2 + nd.on))
            cause = nd.cause
            if cause == 0:
                cause = root_cause
            if nd.on and cause > 0 and cause != C_ADVANCED:
                npar = rule_parents_of(c, nd.pot, cause, &c.hpool[h.par], npar, got)
        hash_ = mix64(hash_, 0xFFFF)
    if cycle:
        # the cycle's other target: the same potentials reversed (SE's getReversedCycle),
        # each with its cause -- an off of the cycle is an on there
        p = targets[0]
        while c.a.nodes[p].nparents:
            nd = &c.a.nodes[p]
            hash_ = mix64(hash_, <uint64_t>(nd.pot * 2 + 1 - nd.on))
            if not nd.on and nd.cause > 0 and nd.cause != C_ADVANCED:
                npar = rule_parents_of(c, nd.pot, nd.cause, &c.hpool[h.par], npar, got)
            p = c.a.pool[nd.parents]
    h.npar = npar
    c.nhpool += npar
    h.hash = hash_
    c.nhints += 1


cdef struct SubRule:
    Chains c
    MWork w
    PSet sets[2]
    int32_t q_on[20000]
    int32_t q_off[20000]
    int32_t buf[ADV_CAP]


cdef int hint_order(const void *a, const void *b) noexcept nogil:
    """SE's sort of a rule's chaining hints: difficulty, complexity, kind, then found first."""
    cdef const CHint *x = <const CHint *>a
    cdef const CHint *y = <const CHint *>b
    if x.diff != y.diff:
        return -1 if x.diff < y.diff else 1
    if x.complexity != y.complexity:
        return x.complexity - y.complexity
    if x.key != y.key:
        return x.key - y.key
    return x.seq - y.seq


cdef bint chains_stop(Chains *c) noexcept nogil:
    """Whether to give up (Ctrl-C, the batch's stop flag): looked at between cells of the
    nested levels, where one cell can take seconds."""
    if not c.stopped and check_interrupt() < 0:
        c.stopped = True
    return c.stopped


cdef void run_unary(Chains *c, PSet *sets, int32_t *q_on, int32_t *q_off,
                    int32_t *buf, LBoard *memo) noexcept nogil:
    """SE's getHintList for forcing chains and cycles: X, then Y, then XY passes over every
    candidate of the cells with two values or more.

    The X pass follows the links of one digit alone (on_to_off and off_to_on without y),
    so when it ended with no hint at all -- each search then ran to its full length, no
    hint bounding it -- its digits' cells are kept in `memo` (the board's fx_none; NULL:
    none kept, as in nested rules, whose grids are hypotheses), and a later X pass skips
    the candidates of a digit whose cells are the same: they find nothing again (the
    chains found depend on that digit's cells alone, and the other candidates of a
    hint's cell only shrink as the board's steps go on).  The ratings and steps of the
    1,389 puzzles of tests/data/se_ratings.tsv are the same (hashed both ways); their
    rating time 19.5 -> 19.0 s."""
    cdef int passes, cell, v, pot
    cdef bint y, x
    cdef DigitCells cells
    cdef bint skip[9]
    cdef ImplGraph *gr = <ImplGraph *>malloc(sizeof(ImplGraph))
    if gr == NULL:
        c.a.failed = True
        return
    impl_graph(c, gr)
    memset(skip, 0, sizeof(skip))
    if memo != NULL:
        digit_cells(c.grid, &cells)
        for v in range(9):
            skip[v] = memo_holds(&memo.fx_none, &cells, v)
    for passes in range(3):
        y = passes >= 1
        x = passes != 1
        if passes == 1 and memo != NULL and not c.a.failed and not c.found:
            for v in range(9):
                memo_keep(&memo.fx_none, &cells, v)
        for cell in range(81):
            if not two_or_more(c.grid[cell]):
                continue
            for v in range(9):
                if (c.grid[cell] >> v) & 1 and not (passes == 0 and skip[v]):
                    pot = cell * 9 + v
                    arena_reset(c)
                    unary_chaining(c, cell, v, y, x, &sets[0], &sets[1], q_on, q_off, buf,
                                   gr.size[gr.scc[2 * pot + 1]] > 1,
                                   impl_reaches(gr, 2 * pot + 1, 2 * pot),
                                   impl_reaches(gr, 2 * pot, 2 * pot + 1))
                    if c.a.failed:
                        break
            if c.a.failed:
                break
        if c.a.failed:
            break
    free(gr)


# The static links of the grid as a graph of potentials (node pot * 2 + on; X and Y links
# both, which contain those of every pass), its strongly connected components and what each
# reaches.  A forcing chain from a candidate is found by a pass only if its conjugate is
# reachable, and a cycle through it only if its component is more than itself: the passes
# skip the searches that cannot find anything.
cdef struct ImplGraph:
    int32_t start[1459]      # edges of node k: adj[start[k]:start[k + 1]]
    int16_t adj[1458 * 29]
    int16_t scc[1458]        # the component of each node
    int16_t size[1458]       # the nodes of each component
    uint64_t reach[1458 * 23]    # the nodes each component reaches (itself too)
    # Tarjan's scratch
    int16_t index[1458]
    int16_t low[1458]
    int16_t stack[1458]
    int16_t calls[1458]
    int16_t next_edge[1458]
    uint8_t on_stack[1458]


cdef inline bint impl_reaches(const ImplGraph *gr, int a, int b) noexcept nogil:
    cdef int k = gr.scc[a]
    return (gr.reach[k * 23 + b // 64] >> (b % 64)) & 1


cdef void impl_graph(const Chains *c, ImplGraph *gr) noexcept nogil:
    cdef const Geometry *g = c.b.g
    cdef int n = 0, pot, cell, v, kind, u, k, other, found, node, top = 0, ncalls, counter = 1
    cdef int nscc = 0, w, e, j
    cdef uint64_t m, bit
    # the edges, as on_to_off and off_to_on make them with X and Y links
    for node in range(1458):
        gr.start[node] = n
        pot = node // 2
        cell = pot // 9
        v = pot % 9
        bit = (<uint64_t>1) << v
        if not c.grid[cell] & bit:
            continue
        if node & 1:
            m = c.grid[cell] & ~bit
            while m:
                gr.adj[n] = <int16_t>(2 * (cell * 9 + bit_index(lowest_bit(m))))
                n += 1
                m = clear_lowest_bit(m)
            for kind in range(3):
                u = ul_region(g, cell, kind)
                for k in range(9):
                    other = g.units[u * 9 + k]
                    if other != cell and c.grid[other] & bit:
                        gr.adj[n] = <int16_t>(2 * (other * 9 + v))
                        n += 1
        else:
            if exactly_two(c.grid[cell]):
                k = cell * 9 + bit_index(lowest_bit(c.grid[cell] & ~bit))
                gr.adj[n] = <int16_t>(2 * k + 1)
                n += 1
            for kind in range(3):
                u = ul_region(g, cell, kind)
                found = -1
                for k in range(9):
                    other = g.units[u * 9 + k]
                    if other != cell and c.grid[other] & bit:
                        found = other if found == -1 else -2
                if found >= 0:
                    gr.adj[n] = <int16_t>(2 * (found * 9 + v) + 1)
                    n += 1
    gr.start[1458] = n
    # Tarjan's components, iteratively; a component is done after all it reaches
    for node in range(1458):
        gr.index[node] = 0
        gr.on_stack[node] = 0
    for node in range(1458):
        if gr.index[node]:
            continue
        ncalls = 0
        gr.calls[ncalls] = <int16_t>node
        ncalls += 1
        gr.index[node] = gr.low[node] = <int16_t>counter
        counter += 1
        gr.next_edge[node] = 0
        gr.stack[top] = <int16_t>node
        top += 1
        gr.on_stack[node] = 1
        while ncalls:
            w = gr.calls[ncalls - 1]
            e = gr.start[w] + gr.next_edge[w]
            if e < gr.start[w + 1]:
                gr.next_edge[w] += 1
                k = gr.adj[e]
                if not gr.index[k]:
                    gr.index[k] = gr.low[k] = <int16_t>counter
                    counter += 1
                    gr.next_edge[k] = 0
                    gr.stack[top] = <int16_t>k
                    top += 1
                    gr.on_stack[k] = 1
                    gr.calls[ncalls] = <int16_t>k
                    ncalls += 1
                elif gr.on_stack[k] and gr.index[k] < gr.low[w]:
                    gr.low[w] = gr.index[k]
                continue
            ncalls -= 1
            if ncalls and gr.low[w] < gr.low[gr.calls[ncalls - 1]]:
                gr.low[gr.calls[ncalls - 1]] = gr.low[w]
            if gr.low[w] == gr.index[w]:
                # a component: its nodes, then all that their edges reach (done before)
                memset(&gr.reach[nscc * 23], 0, 23 * sizeof(uint64_t))
                gr.size[nscc] = 0
                j = top
                while True:
                    j -= 1
                    k = gr.stack[j]
                    gr.on_stack[k] = 0
                    gr.scc[k] = <int16_t>nscc
                    gr.size[nscc] += 1
                    gr.reach[nscc * 23 + k // 64] |= (<uint64_t>1) << (k % 64)
                    if k == w:
                        break
                for e in range(j, top):
                    k = gr.stack[e]
                    for other in range(gr.start[k], gr.start[k + 1]):
                        found = gr.scc[gr.adj[other]]
                        if found != nscc:
                            for u in range(23):
                                gr.reach[nscc * 23 + u] |= gr.reach[found * 23 + u]
                top = j
                nscc += 1


cdef void run_multiple(Chains *c, MWork *w, double base, int32_t *q_on, int32_t *q_off,
                       int32_t *buf) noexcept nogil:
    """SE's getMultipleChainsHintList: every cell with more than two values (more than one
    in dynamic chains)."""
    cdef int cell, card
    # one arena for the whole run: the closures kept (on_closure) live in it
    arena_reset(c)
    c.ncpool = 0
    memo_clear(c)
    for cell in range(729):
        c.ccache[cell] = -1
    for cell in range(81):
        card = popcount(c.grid[cell])
        if card > 2 or (card > 1 and c.dynamic):
            if (c.level >= 2 or (c.collect and c.dynamic)) and chains_stop(c):
                return
            multiple_cell(c, w, cell, base, q_on, q_off, buf)
            if c.a.failed or c.stopped:
                return


cdef inline void arena_reset(Chains *c) noexcept nogil:
    c.a.nnodes = 0
    c.a.npool = 0
    c.nnests = 0


cdef void mwork_init(MWork *w) noexcept nogil:
    cdef int k
    for k in range(9):
        pset_init(&w.on_to_on[k])
        pset_init(&w.on_to_off[k])
        pset_init(&w.pos_on[k])
        pset_init(&w.pos_off[k])
    pset_init(&w.off_to_on)
    pset_init(&w.off_to_off)
    pset_init(&w.region_on)
    pset_init(&w.region_off)
    pset_init(&w.cell_on)
    pset_init(&w.cell_off)


cdef SubRule *sub_rule(Chains *c) noexcept nogil:
    """The outer chaining's nested rule, made on first use; NULL out of memory."""
    cdef SubRule *s = <SubRule *>c.sub
    if s != NULL:
        return s
    s = <SubRule *>calloc(1, sizeof(SubRule))
    if s == NULL:
        return NULL
    if not chains_init(&s.c, c.b):
        free(s)
        return NULL
    s.c.hints_cap = 256
    s.c.hpool_cap = 8192
    s.c.hints = <CHint *>malloc(s.c.hints_cap * sizeof(CHint))
    s.c.hpool = <int16_t *>malloc(s.c.hpool_cap * sizeof(int16_t))
    if s.c.hints == NULL or s.c.hpool == NULL:
        chains_free(&s.c)
        free(s)
        return NULL
    mwork_init(&s.w)
    pset_init(&s.sets[0])
    pset_init(&s.sets[1])
    c.sub = s
    return s


cdef int run_nested_rule(Chains *c, int rule, const PSet *offs, int32_t *out,
                         int cap) noexcept nogil:
    """One nested rule (0: forcing chains and cycles, 1: multiple forcing chains, 2: dynamic
    forcing chains of level c.nesting) on the working grid; its hints' removals as offs
    (count made into out, skipping those already made).  The rule's outcome depends only on
    the working grid and the saved one: within a step the same pair comes back often (an
    assumption and its conjugate reach the same grid), so outcomes are kept (memo_*)."""
    cdef int32_t *rec
    cdef int nrec, k, i, nout = 0, ncells, nest, cell, nelim, npar
    cdef int cells[81]
    cdef uint64_t masks[81]
    cdef int parents[729]
    if c.stopped:
        return 0
    if not memo_find(c, rule, &rec, &nrec) and not nested_outcome(c, rule, &rec, &nrec):
        return 0
    # each hint: complexity, hash (two halves), its removals, its rule parents
    k = 0
    while k < nrec:
        if c.nnests == c.nests_cap:
            if not regrow(<void **>&c.nests, (2 * c.nests_cap + 64) * sizeof(Nest)):
                c.a.failed = True
                return nout
            c.nests_cap = 2 * c.nests_cap + 64
        nest = c.nnests
        c.nnests += 1
        c.nests[nest].complexity = rec[k]
        c.nests[nest].hash = (<uint64_t><uint32_t>rec[k + 1]) | (
            (<uint64_t><uint32_t>rec[k + 2]) << 32)
        nelim = rec[k + 3]
        k += 4
        # its removals, cell by cell (in the order they were found: by cell)
        ncells = 0
        for i in range(nelim):
            cell = rec[k + i] // 9
            if ncells == 0 or cells[ncells - 1] != cell:
                cells[ncells] = cell
                masks[ncells] = 0
                ncells += 1
            masks[ncells - 1] |= (<uint64_t>1) << (rec[k + i] % 9)
        k += nelim
        npar = rec[k]
        k += 1
        for i in range(npar):
            parents[i] = rec[k + i]
        k += npar
        nout = adv_hint(c, offs, out, nout, cap, cells, masks, ncells, parents, npar, nest)
    return nout


cdef bint nested_outcome(Chains *c, int rule, int32_t **out, int *nout) noexcept nogil:
    """Run the nested rule on the working grid and keep its outcome in the memo (or, when
    the memo is full, in c.scratch): the hints SE's getAdvancedPotentials uses (in SE's
    order, one of equal ones, those with rule parents), as records at *out, *nout int32s.
    False if stopped or out of memory."""
    cdef SubRule *s = sub_rule(c)
    cdef Chains *n
    cdef CHint *h
    cdef int k, j, i, size
    cdef bint dup
    cdef int32_t *rec
    if s == NULL:
        c.a.failed = True
        return False
    n = &s.c
    memcpy(n.grid, c.grid, sizeof(n.grid))
    # SE's saveGrid of a rule that has not chained yet: empty (the static chains then find
    # no hidden parents; a dynamic one sets it at each chaining)
    memset(n.save, 0, sizeof(n.save))
    n.src = c.save
    n.collect = True
    n.nhints = 0
    n.nhpool = 0
    n.found = 0
    n.stopped = False
    n.a.failed = False
    n.nishio = False
    n.region_cause = 0
    if rule == 0:
        n.dynamic = n.multiple = False
        n.level = 0
        run_unary(n, s.sets, s.q_on, s.q_off, s.buf, NULL)
    elif rule == 1:
        n.dynamic = False
        n.multiple = True
        n.level = 0
        run_multiple(n, &s.w, 8.0, s.q_on, s.q_off, s.buf)
    else:
        n.dynamic = n.multiple = True
        n.level = c.nesting
        n.nesting = 0
        run_multiple(n, &s.w, 8.5 + 0.5 * c.nesting, s.q_on, s.q_off, s.buf)
    if n.stopped:
        c.stopped = True
    if n.a.failed:
        c.a.failed = True
    if c.stopped or c.a.failed:
        return False
    qsort(n.hints, n.nhints, sizeof(CHint), hint_order)
    size = 0
    for k in range(n.nhints):
        h = &n.hints[k]
        # SE keeps one of equal hints (equal removals): the first in its order
        dup = False
        for j in range(k):
            if (n.hints[j].ehash == h.ehash and n.hints[j].nelim == h.nelim
                    and n.hints[j].elim >= 0
                    and memcmp(&n.hpool[n.hints[j].elim], &n.hpool[h.elim],
                               h.nelim * sizeof(int16_t)) == 0):
                dup = True
                break
        if dup:
            h.elim = -1 - h.elim      # not compared again (a later equal one meets the first)
            continue
        if h.npar:
            size += 5 + h.nelim + h.npar
    rec = memo_add(c, rule, size)
    if rec == NULL:
        if c.a.failed:
            return False
        if size > c.scratch_cap:
            if not regrow(<void **>&c.scratch, size * sizeof(int32_t)):
                c.a.failed = True
                return False
            c.scratch_cap = size
        rec = c.scratch
    out[0] = rec
    nout[0] = size
    for k in range(n.nhints):
        h = &n.hints[k]
        if h.elim < 0 or h.npar == 0:
            continue
        rec[0] = h.complexity
        rec[1] = <int32_t><uint32_t>h.hash
        rec[2] = <int32_t><uint32_t>(h.hash >> 32)
        rec[3] = h.nelim
        for i in range(h.nelim):
            rec[4 + i] = n.hpool[h.elim + i]
        rec[4 + h.nelim] = h.npar
        for i in range(h.npar):
            rec[5 + h.nelim + i] = n.hpool[h.par + i]
        rec += 5 + h.nelim + h.npar
    return True


# --- the memo of nested outcomes: (rule, working grid, saved grid) -> the hints' records,
# kept for one run of the outer chaining (one step), bounded (past it, outcomes are not kept
# and are computed again)

cdef enum:
    MEMO_SLOTS = 16384       # hash slots (a power of two); at most half of them used
    MEMO_POOL_CAP = 1 << 24  # int32s of records kept at most (64 MiB)


cdef uint64_t memo_key(const Chains *c, int rule) noexcept nogil:
    cdef uint64_t h = <uint64_t>(rule + 1)
    cdef int k
    for k in range(81):
        h = mix64(h, c.grid[k])
        h = mix64(h, c.save[k])
    return h


cdef bint memo_find(Chains *c, int rule, int32_t **rec, int *nrec) noexcept nogil:
    """The kept outcome of the rule on this grid and saved grid, if any."""
    cdef uint64_t key
    cdef int slot, e
    if c.memo_slots == NULL:
        return False
    key = memo_key(c, rule)
    slot = <int>(key & (MEMO_SLOTS - 1))
    while True:
        e = c.memo_slots[slot]
        if e < 0:
            return False
        if (c.memo_keys[e] == key and c.memo_rules[e] == rule
                and memcmp(&c.memo_grids[e * 162], c.grid, 81 * sizeof(uint64_t)) == 0
                and memcmp(&c.memo_grids[e * 162 + 81], c.save, 81 * sizeof(uint64_t)) == 0):
            rec[0] = &c.memo_pool[c.memo_start[e]]
            nrec[0] = c.memo_start[e + 1] - c.memo_start[e]
            return True
        slot = (slot + 1) & (MEMO_SLOTS - 1)


cdef int32_t *memo_add(Chains *c, int rule, int size) noexcept nogil:
    """Room for an outcome of `size` int32s, kept under the current grids; NULL when the
    memo is full (or out of memory: c.a.failed)."""
    cdef uint64_t key
    cdef int slot, e
    if c.memo_slots == NULL:
        c.memo_slots = <int32_t *>malloc(MEMO_SLOTS * sizeof(int32_t))
        c.memo_keys = <uint64_t *>malloc(MEMO_SLOTS // 2 * sizeof(uint64_t))
        c.memo_rules = <int8_t *>malloc(MEMO_SLOTS // 2 * sizeof(int8_t))
        c.memo_start = <int32_t *>malloc((MEMO_SLOTS // 2 + 1) * sizeof(int32_t))
        c.memo_grids = <uint64_t *>malloc(MEMO_SLOTS // 2 * 162 * sizeof(uint64_t))
        if (c.memo_slots == NULL or c.memo_keys == NULL or c.memo_rules == NULL
                or c.memo_start == NULL or c.memo_grids == NULL):
            c.a.failed = True
            return NULL
        memo_clear(c)
    e = c.memo_count
    if e == MEMO_SLOTS // 2 or c.memo_start[e] + size > MEMO_POOL_CAP:
        return NULL
    if c.memo_start[e] + size > c.memo_cap:
        if not regrow(<void **>&c.memo_pool,
                      (2 * c.memo_cap + size + 1024) * sizeof(int32_t)):
            c.a.failed = True
            return NULL
        c.memo_cap = 2 * c.memo_cap + size + 1024
    key = memo_key(c, rule)
    slot = <int>(key & (MEMO_SLOTS - 1))
    while c.memo_slots[slot] >= 0:
        slot = (slot + 1) & (MEMO_SLOTS - 1)
    c.memo_slots[slot] = e
    c.memo_keys[e] = key
    c.memo_rules[e] = <int8_t>rule
    memcpy(&c.memo_grids[e * 162], c.grid, 81 * sizeof(uint64_t))
    memcpy(&c.memo_grids[e * 162 + 81], c.save, 81 * sizeof(uint64_t))
    c.memo_start[e + 1] = c.memo_start[e] + size
    c.memo_count += 1
    return &c.memo_pool[c.memo_start[e]]


cdef void memo_clear(Chains *c) noexcept nogil:
    cdef int k
    if c.memo_slots == NULL:
        return
    for k in range(MEMO_SLOTS):
        c.memo_slots[k] = -1
    c.memo_count = 0
    c.memo_start[0] = 0


cdef void memo_free(Chains *c) noexcept nogil:
    free(c.memo_slots)
    free(c.memo_keys)
    free(c.memo_rules)
    free(c.memo_start)
    free(c.memo_grids)
    free(c.memo_pool)
    c.memo_slots = NULL
    c.memo_keys = NULL
    c.memo_rules = NULL
    c.memo_start = NULL
    c.memo_grids = NULL
    c.memo_pool = NULL
    c.memo_cap = 0


cdef void sub_free(Chains *c) noexcept nogil:
    cdef SubRule *s = <SubRule *>c.sub
    if s == NULL:
        return
    chains_free(&s.c)
    free(s)
    c.sub = NULL
