# Part of fastsudoku._core, included by _core.pyx (after _core_logic.pxi, whose ladder calls it):
# Sudoku Explainer's chaining engine -- bidirectional cycles and forcing chains, Nishio,
# multiple (cell and region) and dynamic forcing chains, and dynamic chains with SE's basic
# rules inside (level 1) -- as SukakuExplainer 1.18.1 does it.  Levels 2-4 (chains nested
# inside dynamic chains: their hints' rule parents are the on-potentials' removals, their
# complexity adds to the outer chain's) are not built yet.

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


cdef struct CNode:
    int16_t pot              # cell * 9 + value
    int8_t on
    int16_t nparents
    int32_t parents          # first parent in the arena's parent pool


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
    int level                # 1: "Dynamic (+)", the four basic rules inside the chains
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
    if y and popcount(c.grid[cell]) == 2:
        m = c.grid[cell] & ~bit
        node = c_new(c, cell * 9 + bit_index(lowest_bit(m)), True, p)
        if node < 0:
            return n
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
    """SE's getAncestorCount: the distinct potentials reachable through all parents,
    breadth first (a potential met again is not followed again)."""
    cdef int count = 0, ntodo = 1, nnext, k, j, q, key
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
            count += 1
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
    if target_on:
        rem = c.b.cand[cell] & ~((<uint64_t>1) << v)
    else:
        rem = c.b.cand[cell] & ((<uint64_t>1) << v)
    if not rem:
        return
    if c.found and not (diff < c.best_diff
                        or (diff == c.best_diff and (complexity < c.best_complexity
                            or (complexity == c.best_complexity and key < c.best_key)))):
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
    cdef LBoard *b = c.b
    cdef int32_t elim[729]
    for cell in range(81):
        if (loop[cell // 64] >> (cell % 64)) & 1:
            continue
        for v in range(9):
            if (b.cand[cell] >> v & 1 and (forw[v][cell // 64] >> (cell % 64)) & 1
                    and (back[v][cell // 64] >> (cell % 64)) & 1):
                elim[cnt] = cell * 64 + v
                cnt += 1
    if cnt == 0:
        return
    complexity = ancestors(c, dst)
    cdef double diff = (7.0 if (x and y) else 6.5) + length_bonus(complexity)
    cdef int key = 4 if (x and y) else (3 if y else 2)
    if c.found and not (diff < c.best_diff
                        or (diff == c.best_diff and (complexity < c.best_complexity
                            or (complexity == c.best_complexity and key < c.best_key)))):
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
    cdef int32_t ends[1]
    ends[0] = dst
    record_chains(c, ends, 1)


cdef bint is_ancestor(Chains *c, int child, int pot, bint on) noexcept nogil:
    """SE's isParent: a potential equal to (pot, on) on child's chain of main parents."""
    cdef int p = child
    while c.a.nodes[p].nparents:
        p = c.a.pool[c.a.nodes[p].parents]
        if c.a.nodes[p].pot == pot and c.a.nodes[p].on == on:
            return True
    return False


cdef void unary_chaining(Chains *c, int cell, int v, bint y, bint x, PSet *on_set,
                         PSet *off_set, int32_t *q_on, int32_t *q_off,
                         int32_t *buf) noexcept nogil:
    """SE's doUnaryChaining for one candidate: its cycles, then (X passes) its forcing
    chains -- "pOn off" from the on side, "pOn on" from the off side."""
    cdef int src = cell * 9 + v, root, length, n_on, n_off, i, k, cnt, p, node
    cdef int ncycles = 0, nchains = 0
    cdef int32_t cycles[729]
    cdef int32_t chains[1458]
    cdef bint hit
    if not x and popcount(c.grid[cell]) > 2:
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
    while (n_on or n_off) and not c.a.failed:
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
            pset_clear(on_set)
            pset_clear(off_set)
            root = c_new(c, src, not hit, -1)
            if root < 0:
                return
            n_on = n_off = 0
            if not hit:
                pset_add(on_set, root, src)
                q_on[0] = root
                n_on = 1
            else:
                pset_add(off_set, root, src)
                q_off[0] = root
                n_off = 1
            while (n_on or n_off) and not c.a.failed:
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
            cnt = advanced_offs(c, to_off, buf, 512)
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
        pset_clear(&w.on_to_on[v])
        pset_clear(&w.on_to_off[v])
        node = c_new(c, cell * 9 + v, True, -1)
        if node < 0:
            return
        pset_add(&w.on_to_on[v], node, cell * 9 + v)
        dst = do_chaining(c, &w.on_to_on[v], &w.on_to_off[v], q_on, q_off, buf, &absurd_off)
        if do_contra and dst >= 0:
            nodes[0] = dst
            nodes[1] = absurd_off
            complexity = ancestors(c, dst) + ancestors(c, absurd_off)
            c_offer(c, base, complexity, 7, K_CONTRADICTION, cell * 9 + v, False,
                    -1, -1, nodes, 2)
        pset_clear(&w.off_to_on)
        pset_clear(&w.off_to_off)
        node = c_new(c, cell * 9 + v, False, -1)
        if node < 0:
            return
        pset_add(&w.off_to_off, node, cell * 9 + v)
        dst = do_chaining(c, &w.off_to_on, &w.off_to_off, q_on, q_off, buf, &absurd_off)
        if do_contra and dst >= 0:
            nodes[0] = dst
            nodes[1] = absurd_off
            complexity = ancestors(c, dst) + ancestors(c, absurd_off)
            c_offer(c, base, complexity, 7, K_CONTRADICTION, cell * 9 + v, True,
                    cell, v, nodes, 2)
        if do_double:
            for k in range(w.on_to_on[v].count):
                pot = w.on_to_on[v].order[k]
                if w.off_to_on.node[pot] >= 0:
                    nodes[0] = w.on_to_on[v].node[pot]
                    nodes[1] = w.off_to_on.node[pot]
                    complexity = ancestors(c, nodes[0]) + ancestors(c, nodes[1])
                    c_offer(c, base, complexity, 1, K_DOUBLE, pot, True, pot // 9,
                            pot % 9, nodes, 2)
            for k in range(w.on_to_off[v].count):
                pot = w.on_to_off[v].order[k]
                if w.off_to_off.node[pot] >= 0:
                    nodes[0] = w.on_to_off[v].node[pot]
                    nodes[1] = w.off_to_off.node[pot]
                    complexity = ancestors(c, nodes[0]) + ancestors(c, nodes[1])
                    c_offer(c, base, complexity, 1, K_DOUBLE, pot, False, -1, -1,
                            nodes, 2)
        if not c.nishio:
            region_chainings(c, w, cell, v, base, q_on, q_off, buf)
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
            complexity = 0
            for v in range(9):
                if (c.grid[cell] >> v) & 1:
                    tgt = (w.on_to_on[v] if j == 0 else w.on_to_off[v]).node[pot]
                    nodes[npos] = tgt
                    npos += 1
                    complexity += ancestors(c, tgt)
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
                pset_clear(&w.pos_on[k])
                pset_clear(&w.pos_off[k])
                node = c_new(c, places[k] * 9 + v, True, -1)
                if node < 0:
                    return
                pset_add(&w.pos_on[k], node, places[k] * 9 + v)
                do_chaining(c, &w.pos_on[k], &w.pos_off[k], q_on, q_off, buf, &absurd_off)
                pset_retain(&w.region_on, &w.pos_on[k])
                pset_retain(&w.region_off, &w.pos_off[k])
        for j in range(2):
            for k in range((w.region_on if j == 0 else w.region_off).count):
                pot = (w.region_on if j == 0 else w.region_off).order[k]
                complexity = 0
                npos = 0
                for other in range(count):
                    if places[other] == cell:
                        node = (w.on_to_on[v] if j == 0 else w.on_to_off[v]).node[pot]
                    else:
                        node = (w.pos_on[other] if j == 0 else w.pos_off[other]).node[pot]
                    nodes[npos] = node
                    npos += 1
                    complexity += ancestors(c, node)
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
                  const int *parent_pots, int nparents) noexcept nogil:
    """Append the offs of one hint (cells[k] loses masks[k], in insertion order) with the
    given parents; the new count of out."""
    cdef int buckets = 16, k, b_, node, j, v, q
    cdef uint64_t m
    if nparents == 0 or ncells == 0:
        return nout
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
                if nout >= cap:
                    return nout
                node = c_new(c, cells[k] * 9 + v, False, -1)
                if node < 0:
                    return nout
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
    cdef uint64_t bit, pos1, pos2, p0, p1, vv, union_, inter
    cdef int kinds[8]
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
                        pos1 = adv_positions(c, u1, v)
                        if popcount(pos1) < 2:
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
                                            parents, npar)
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
                            p0 = adv_positions(c, u1, i1)
                            p1 = adv_positions(c, u1, i2)
                            union_ = p0 | p1
                            if popcount(p0) >= 2 and popcount(p1) >= 2 and popcount(union_) == 2:
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
                                                    ncells, parents, npar)
                        else:
                            # naked pair: cells i1, i2 holding two values between them
                            p0 = c.grid[g.units[u1 * 9 + i1]]
                            p1 = c.grid[g.units[u1 * 9 + i2]]
                            union_ = p0 | p1
                            if popcount(p0) >= 2 and popcount(p1) >= 2 and popcount(union_) == 2:
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
                                                    ncells, parents, npar)
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
                        p0 = adv_positions(c, unit_of_type(9, base_kind, i1), v)
                        p1 = adv_positions(c, unit_of_type(9, base_kind, i2), v)
                        union_ = p0 | p1
                        if popcount(p0) < 2 or popcount(p1) < 2 or popcount(union_) != 2:
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
                                        parents, npar)
                    vv = next_tuple(vv, 9)
        if nout:
            return nout
    return nout


cdef inline uint64_t adv_positions(const Chains *c, int u, int v) noexcept nogil:
    """The places of value v in unit u on the working grid."""
    cdef uint64_t out = 0
    cdef int k
    for k in range(9):
        if (c.grid[c.b.g.units[u * 9 + k]] >> v) & 1:
            out |= (<uint64_t>1) << k
    return out


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
    c.dynamic = c.nishio = c.multiple = False
    memcpy(c.grid, b.cand, 81 * sizeof(uint64_t))
    memset(c.save, 0, sizeof(c.save))
    if c.a.nodes == NULL or c.a.pool == NULL or c.todo == NULL or c.nexts == NULL:
        chains_free(c)
        return False
    return True


cdef void chains_free(Chains *c) noexcept nogil:
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
    cdef int passes, cell, v
    cdef bint y, x, found = False
    if c == NULL or sets == NULL or q_on == NULL or q_off == NULL or not chains_init(c, b):
        free(c)
        free(sets)
        free(q_on)
        free(q_off)
        return False
    pset_init(&sets[0])
    pset_init(&sets[1])
    for passes in range(3):
        y = passes >= 1
        x = passes != 1
        for cell in range(81):
            if popcount(c.grid[cell]) < 2:
                continue
            for v in range(9):
                if (c.grid[cell] >> v) & 1:
                    c.a.nnodes = 0
                    c.a.npool = 0
                    unary_chaining(c, cell, v, y, x, &sets[0], &sets[1], q_on, q_off, buf)
    found = not c.a.failed and chains_step(c, T_FORCING_CHAINS)
    chains_free(c)
    free(c)
    free(sets)
    free(q_on)
    free(q_off)
    return found


cdef bint find_multiple_chains(LBoard *b, bint multiple, bint dynamic, bint nishio,
                               int tech, int level=0) noexcept nogil:
    """SE's Nishio (7.5), Multiple (8.0), Dynamic (8.5) and Dynamic (+) (level 1, 9.0)
    forcing chains."""
    if b.g.r != 3 or b.g.c != 3:
        return False
    cdef Chains *c = <Chains *>malloc(sizeof(Chains))
    cdef MWork *w = <MWork *>malloc(sizeof(MWork))
    cdef int32_t *q_on = <int32_t *>malloc(1500 * sizeof(int32_t))
    cdef int32_t *q_off = <int32_t *>malloc(1500 * sizeof(int32_t))
    cdef int32_t buf[512]
    cdef int cell, card, k
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
    for cell in range(81):
        card = popcount(c.grid[cell])
        if card > 2 or (card > 1 and dynamic):
            c.a.nnodes = 0
            c.a.npool = 0
            multiple_cell(c, w, cell, base, q_on, q_off, buf)
            if c.a.failed:
                break
    found = not c.a.failed and chains_step(c, tech)
    chains_free(c)
    free(c)
    free(w)
    free(q_on)
    free(q_off)
    return found
