# C-level surface of the compiled core, for other Cython code to `cimport`.
#
#     from fastsudoku._core cimport Geometry, Search, geometry_for, ...
#
# The parts, in the order _core.pyx includes them (each uses only those above it):
#
#   _core_bits.pxi          lookup tables, named bit helpers
#   _core_geometry.pxi      units and peers of each box shape; repeated givens
#   _core_run.pxi           what every search shares: phases, budget, Ctrl-C and stop flag
#   _core_bitmask.pxi       engine "bitmask": candidate masks a cell, every size   (Search)
#   _core_digitband.pxi     engine "digitband": 9x9 on digit-band bitboards        (Search9)
#   _core_dlx.pxi           engine "dlx": dancing links, general exact cover       (ExactCover)
#   _core_bitset.pxi        engine "bitset": Algorithm X (C, M) on row bitsets     (BitCover)
#   _core_variant.pxi       engine "variant": constraints as data, VariantModel   (VSearch)
#   _core_leftovers.pxi     the law of leftovers for killer cages (model build time)
#   _core_machine.pxi       the one search loop, a fused type over the engines' states
#   _core_sudoku_cover.pxi  Sudoku as an exact-cover matrix, for dlx and bitset
#   _core_engines.pxi       the engine table, options and result; the search objects
#   _core_capi.pxi          the C API (include/fastsudoku.h) in a PyCapsule
#   _core_batch.pxi         services on the contract: batches, the 81-character fast path,
#   _core_generate.pxi        generation,
#   _core_target.pxi          target Sudoku (branch and bound on the bitmask engine)
#   _core_logic.pxi           the logical solver and Sudoku Explainer rating,
#   _core_chains.pxi          its chains,
#   _core_canon.pxi           canonical forms (minlex, maxlex) and their transformations
#   _core_canon9.pxi          the minlex form of a full 9x9 grid, by its top band, from a table
#
# Layout of a search for a grid of side N = r*c (box of r rows and c columns):
#
#   cand[cell]        uint64  candidate mask of one cell: bit v-1 set <=> value v still possible.
#                             A cell whose mask has exactly one bit is *placed*.
#
#   states            capacity x ncells uint64, one candidate array per search level:
#
#       level 0   [ cand[0] ... cand[ncells-1] | placed[0] ... placed[nunits-1] ]
#                 after the givens and propagation; placed[u] = values placed in unit u
#       level 1   [ ...                                ]   after guess 1 and propagation
#       ...                                                (a level is a copy of its parent:
#                                                           backtracking = dropping a level)
#   branch_cell[d]    the cell guessed at level d
#   branch_rest[d]    the values of that cell not yet tried
#
#   Geometry (shared, read-only, cached per box shape):
#       peers   ncells x npeers  uint16  the other cells of a cell's row, column and box
#       units   nunits x n       uint16  rows 0..n-1, columns n..2n-1, boxes 2n..3n-1
#       cell_units ncells x nwords uint64  bit u set <=> the cell is in unit u
#       cell_unit_list ncells x 3  uint16  the row, column and box unit of each cell

from libc.stdint cimport uint64_t, uint32_t, uint16_t, uint8_t, int64_t, int32_t, int8_t

cdef enum:
    MAX_SIDE = 64            # one uint64 mask a cell

cdef enum Phase:
    # Where a resumable search goes on from, the same for every engine.
    PHASE_DESCEND = 0        # the top level is consistent: choose where to branch, take the first
    PHASE_NEXT = 1           # take the next alternative of the top level's branch
    PHASE_BACKTRACK = 2      # the top level is finished: drop it (undo its choice)
    PHASE_DONE = 3           # nothing left

cdef enum SearchStatus:
    SEARCH_FOUND = 1         # a solution is in search_solution(); call search_next again for more
    SEARCH_EXHAUSTED = 2     # no (more) solutions
    SEARCH_LIMIT = 3         # node limit reached; the search can be resumed with a higher limit
    # SEARCH_INTERRUPTED: a Python signal handler raised (Ctrl-C; the exception is set), or
    # the batch's stop flag was set (no exception)
    SEARCH_INTERRUPTED = 4
    SEARCH_NOMEM = 5         # out of memory

cdef enum:
    # EngineId: the engines, by number
    # The engines, by name (ENGINES in _core_engines.pxi is the table of them, in this order).
    ENGINE_AUTO = 0          # the caller's "pick for me"; resolved before a search starts
    ENGINE_BITMASK = 1       # candidate masks a cell, every box shape up to 64x64
    ENGINE_DIGITBAND = 2     # 9x9 with 3x3 boxes only, on digit-band bitboards
    ENGINE_DLX = 3           # dancing links (Sudoku as exact cover, or any exact cover)
    ENGINE_BITSET = 4        # Algorithm X on row bitsets (small exact covers; Sudoku to 25x25)
    ENGINE_VARIANT = 5       # constraints as data: houses, pair rules, sums (variant Sudoku)
    ENGINE_COUNT = 6

ctypedef struct EngineOptions:
    # Everything a search is told, one struct for every engine (fields an engine has no use
    # for are ignored by it).  engine_options_default() fills the defaults.
    int engine               # an EngineId, resolved (not ENGINE_AUTO)
    int64_t limit            # stop after this many solutions; < 0: all of them
    int64_t node_limit       # stop when the guesses reach it; < 0: none
    int locked_levels        # bitmask: locked candidates at levels < this (1: the root only)
    int strong_over          # bitmask: the strong search (search_strong) at sides >= this
    int64_t probe_fails      # bitmask, strong: probe from this many dead ends on (< 0: never)
    int track_over           # dlx: keep forced columns listed above this many primary columns
    int tree_over            # dlx: choose the column with a tree of sizes above this many
    const uint64_t *allowed  # bitmask: each cell's allowed values (bit v-1), NULL: all

ctypedef struct EngineResult:
    # What one search ended with.
    int64_t count            # solutions found, up to the limit
    int64_t guesses
    int64_t nodes
    # status: a SearchStatus: EXHAUSTED (the count is exact), FOUND (stopped at the
    # limit), LIMIT (node limit), INTERRUPTED, NOMEM
    int status

ctypedef struct SearchRun:
    # The header of every engine's search state (its first member, so that code that
    # handles any engine reads it at the same place): the state machine and its budget.
    int phase                # a Phase
    int depth                # levels on the stack
    int base                 # levels fixed before the search (DLX: the selected givens)
    int64_t guesses          # alternatives tried where there was a choice
    int64_t nodes            # alternatives tried, forced or not (exact cover; else = guesses)
    int64_t node_limit       # stop when guesses reach it (resumable); < 0: none
    int64_t next_signal_check

ctypedef struct Geometry:
    int r                    # rows per box
    int c                    # columns per box
    int n                    # side, r*c
    int ncells               # n*n
    int nunits               # 3*n
    int npeers               # peers of each cell
    uint64_t full            # the n low bits
    uint16_t *peers
    uint16_t *units
    int nwords               # uint64 words of a set of units, (nunits + 63) // 64
    uint64_t *cell_units     # ncells x nwords: the set of the 3 units of each cell
    uint16_t *cell_unit_list  # ncells x 3: the row, column and box unit of each cell

cdef struct Work:
    # What propagation has still to do; empty between two propagations.
    uint16_t *naked          # cells whose one candidate must still be cleared from their peers
    int nnaked
    uint64_t dirty[3]        # units to re-examine for hidden singles (3 x 64 >= 3 * MAX_SIDE)
    int removed              # candidates singles() removed (counted for the probes' scores)

cdef struct Backoff:
    # The DLX engine's probing back-off (backoff_skip / backoff_after, _core_dlx.pxi)
    int span                 # levels to leave unprobed after the next fruitless probe
    int skip                 # levels still to leave unprobed

# The probes' board for 16x16 with 4x4 boxes (drawn in _core_band16.pxi): one 64-bit word a
# digit and band of 4 rows.
ctypedef struct Board16:
    uint64_t D[64]           # D[16*w + d]: the cells of band w where digit d+1 may go
    uint64_t U[4]            # U[w]: the cells of band w not yet placed
    uint64_t UT[4]           # UT[w]: U[w] with the band's 4x4 nibbles transposed

ctypedef struct Search:
    SearchRun run
    const Geometry *g
    uint64_t *states
    int *branch_cell
    uint64_t *branch_rest
    # branch_bit: 0 for a cell branch; else the value of a place branch (its unit in
    # branch_cell, its cells left as unit positions in branch_rest)
    uint64_t *branch_bit
    # The strong search (search_strong; all 0 without it)
    uint64_t *scratch        # one level of scratch for probing
    uint64_t *uni            # ncells of scratch: the union of a cell's probes' outcomes
    uint64_t *root           # the root level as propagated from the givens (to start again)
    int64_t fails            # dead ends met
    int64_t probes           # probes made (counted as guesses by the node limit)
    int64_t probe_fails      # probe every level from this many dead ends on (start_probing)
    bint probing
    bint found               # a solution was reported: never start again
    bint dead                # the probed root is a contradiction: no solution
    bint scored              # the top level was just probed: lit holds for it
    bint probed              # the last probe() was not too large to run (place branching on)
    int32_t *lit             # ncells x n: candidates the last probe of each (cell, value) removed
    Board16 *b16             # 16x16 with 4x4 boxes: the probed level and a probe's copy
    Work work
    size_t level_words       # uint64 words of one level (ncells + nunits)
    uint64_t *segs           # ncells words of scratch for the box-line segments
    uint16_t *ties           # TIE_LIMIT cells of scratch for the branching choice
    int locked_levels        # locked candidates in the propagation of levels < this
    int capacity

# Target Sudoku (_core_target.pxi): branch and bound on the bitmask search, whose state
# it carries with the bound's.
ctypedef struct Target:
    const int64_t *weights   # ncells
    uint16_t *order          # nunits x n: each unit's cells, heaviest weight first
    int64_t *cell_bound      # ncells of scratch: the best each unplaced cell can add
    bint use_bound           # False: plain enumeration of every solution (the baseline)
    bint dive                # stop at the first solution (to have a score to beat)
    bint lagrange            # use the Lagrangian bound (else the combinatorial one alone)
    bint found
    int64_t best
    uint8_t *best_values     # ncells: the best solution so far (values 1..n)
    # Lagrangian bound (see target_lagrange)
    int lam_words            # nunits * n
    int lam_capacity         # levels of lam
    double *lam              # lam_capacity x lam_words: the multipliers of each level
    double *lam_step         # lam_words of scratch: the multipliers being tried
    int32_t *hits            # lam_words of scratch: cells of the unit taking the value
    uint8_t *pick            # ncells of scratch: the value each cell takes in the relaxation
    double *adjusted         # n of scratch: a cell's adjusted value of each candidate
    int root_rounds          # subgradient steps at the first level a bound is asked of
    int node_rounds          # subgradient steps at every other level
    int passes               # bound, fix, propagate: at most this many times a level
    double step_scale        # Polyak's factor (0, 2) on the subgradient step
    # The Lagrangian bound's work: the candidates its passes visited (relaxations and
    # reduced-cost fixing), and the last relaxation's.  visits / ncells counts as guesses
    # for the node limit and the checks for Ctrl-C (see target_spent).
    int64_t visits
    int64_t visited

ctypedef struct TargetSearch:
    Search s                 # first: its SearchRun is this struct's
    Target *t


# The 9x9 digit-band engine (drawn in _core_digitband.pxi): one 27-bit mask a digit and
# band, copied a level; the levels live in the struct (no allocation a puzzle).
cdef enum:
    B9_LEVELS = 82           # the root and at most one level a placed cell

ctypedef struct Board9:
    uint32_t A[27]           # A[3*d + b]: the cells of band b where digit d+1 may go
    uint32_t U[3]            # U[b]: the cells of band b not yet placed

ctypedef struct Search9:
    SearchRun run
    Board9 level[B9_LEVELS]
    int8_t cell[B9_LEVELS]   # the cell branched on at each level
    uint16_t rest[B9_LEVELS]  # the digits of that cell not yet tried

cdef const Geometry *geometry_for(int r, int c) except NULL
cdef int search_init(Search *s, const Geometry *g, const uint8_t *values,
                     int locked_levels) noexcept nogil
cdef int search_strong(Search *s, int64_t probe_fails) noexcept nogil
cdef void search_free(Search *s) noexcept nogil
cdef int search_next(Search *s) noexcept nogil
cdef void search_solution(const Search *s, uint8_t *out) noexcept nogil


# --------------------------------------------------------------------------------------------
# Dancing Links (Knuth's Algorithm X) on flat int32 arrays.
#
#   index 0              unused (the classic root: headers are not linked here, see size)
#   1 .. ncols           column headers, the top and bottom of their column's vertical
#                        list: the primary columns in order (1 .. nprimary), then the
#                        secondary ones
#   ncols+1 .. nnodes-1  one node per 1 in the matrix, row by row
#
#            L    R    U    D    C    ROW
#   node i   <-   ->   ^    v    its column header, its row index (-1 for headers)
#   size[k]  nodes still linked under header k, + 2**29 for a secondary column, + 2**30
#            while the column is covered: the column choice scans size as a plain array
#
#   choice[0 .. depth-1]   the node of the row chosen at each level; levels below `base`
#                          are rows selected before the search (the givens of a Sudoku)
# --------------------------------------------------------------------------------------------

ctypedef struct ExactCover:
    SearchRun run            # guesses: rows tried in columns that had two or more rows left
    int ncols
    int nrows
    int nnodes
    int32_t *L
    int32_t *R
    int32_t *U
    int32_t *D
    int32_t *C
    int32_t *ROW
    int32_t *size
    int32_t *row_first       # nrows: the first node of each row (-1 for an empty row)
    int32_t *choice          # up to ncols + 1 levels
    int32_t *hot             # columns that a cover left with 0 or 1 rows (a hint, may be stale)
    int nhot
    int dead                 # a column that a cover left with no row (a hint, may be stale)
    int hot_capacity
    bint track               # keep hot / dead up to date during covers (many columns only)
    bint shares_static       # C, ROW, row_first belong to another ExactCover (xc_copy)
    int nprimary             # headers 1..nprimary are the primary columns
    int live                 # primary columns not yet covered
    # With many primary columns (xc_tree_over), the choice asks a tree instead of scanning:
    int32_t *tree            # 2 x tree_leaves: min of the sizes below (leaf i: header i + 1)
    int tree_leaves          # a power of two >= nprimary
    uint8_t *dirty           # ncols + 1: the size changed since the tree last saw it
    int32_t *dirty_list      # ncols + 1: those columns
    int ndirty
    # Failed-row probing (xc_strong; Sudoku from EngineOptions.strong_over, no tree):
    int64_t probe_fails      # probe every level from this many dead ends on (never: max)
    int64_t fails            # dead ends met
    int64_t probes           # rows probed (counted as guesses by the node limit)
    bint probing
    Backoff backoff
    int32_t *trail           # nrows: the first nodes of the rows probing removed, in order
    int ntrail
    int32_t *trail_at        # ncols + 2: ntrail when level d began (its removals follow)
    int32_t *undo            # ncols + 1: the columns a probe covered, in order
    uint32_t *stamp          # nrows: the round in which a row was last probed
    uint32_t round           # (wraps: a row left unprobed once in 2**32 rounds)
    # Colours (XCC, xc_set_colors; NULL: none): a node's colour, 0 none, > 0 its (column,
    # colour) pair, -1 while its column is purified to that colour (Knuth's Algorithm C).
    int32_t *color


cdef int xc_build(ExactCover *x, int ncols, const uint8_t *secondary, int nrows,
                  const int32_t *row_offsets, const int32_t *row_cols,
                  const EngineOptions *options) noexcept nogil
cdef int xc_set_colors(ExactCover *x, const int32_t *entry_color) noexcept nogil
cdef int xc_copy(ExactCover *dst, const ExactCover *src) noexcept nogil
cdef int xc_select(ExactCover *x, int row) noexcept nogil
cdef int xc_next(ExactCover *x) noexcept nogil
cdef int xc_solution(const ExactCover *x, int32_t *rows) noexcept nogil
cdef void xc_free(ExactCover *x) noexcept nogil


# --------------------------------------------------------------------------------------------
# Algorithm X on row bitsets, for small matrices (the general exact-cover API picks it when
# the rows fit in a few dozen words).  The same search as the links above -- same column
# choice (fewest rows, first in column order), same row order, so the same tree, nodes,
# guesses and order of solutions -- but a level's state is a copy, not an undo list:
#
#   colbits   ncols x nwords   bit k of column c set <=> row k has a 1 in column c
#   row_cols  row k's columns at row_off[k] .. row_off[k+1]-1, its primary ones first
#             (row_nprim[k] of them); columns renumbered, primaries 0 .. nprimary-1
#   level d   active[d]  rows still compatible with the rows chosen above
#             count[d]   rows of active[d] in each primary column (BX_COVERED once covered)
#             cand[d]    rows of the chosen column not yet tried; chosen[d] the row tried
# --------------------------------------------------------------------------------------------

ctypedef struct BitCover:
    SearchRun run
    int nrows
    int ncols
    int nprimary
    int nwords               # uint64 words of a set of rows, at least 1
    uint64_t *colbits
    int32_t *row_off
    int32_t *row_cols
    int32_t *row_nprim
    int capacity             # levels allocated (grown as the search goes deeper)
    uint64_t *active         # capacity levels x nwords
    uint64_t *cand
    int32_t *count           # capacity levels x nprimary
    int32_t *live            # primary columns not yet covered, per level
    int32_t *chosen
    int32_t *cursor          # the word of cand[d] to look at next
    int32_t *width           # the rows of level d's column when it was chosen
    int32_t *lo              # active[d]'s nonzero words lie in lo[d] .. hi[d]-1
    int32_t *hi
    bint shares_static       # colbits and the row arrays belong to another BitCover (bx_copy)
    # Colours (XCC): colbits holds nkill sets, the columns' and then one for each (secondary
    # column, colour) that some row gives: the rows of that column without that colour.  A
    # row's entry names the set its choice removes (row_cols: a column, or ncols + pair).
    int nkill
    # Multiplicities (MCC): each primary column is covered by lo..hi rows, not exactly one.
    bint multi               # (then count[d] is 3 nprimary: rows, rows needed, rows allowed)
    int32_t *slack           # multi: hi - lo of each primary column
    bint loose               # multi: some primary column has slack (lo < hi)
    int32_t *col             # multi: level d's chosen column
    int32_t *left            # multi: its rows not yet tried
    uint8_t *skip            # multi: its branch "no more rows here" not yet taken
    int nopen                # multi: uint64 words of a set of primary columns
    uint64_t *open           # multi: capacity levels x nopen: the primary columns still open

cdef int bx_build(BitCover *b, int ncols, const uint8_t *secondary, int nrows,
                  const int32_t *row_offsets, const int32_t *row_cols) noexcept nogil
cdef int bx_build_xcc(BitCover *b, int ncols, const uint8_t *secondary, int nrows,
                      const int32_t *row_offsets, const int32_t *row_cols,
                      const int32_t *pair, int npairs, const int32_t *pair_col,
                      const int32_t *col_lo, const int32_t *col_hi) noexcept nogil
cdef int bx_copy(BitCover *dst, const BitCover *src) noexcept nogil
cdef int bx_select(BitCover *b, int row) noexcept nogil
cdef int bx_next(BitCover *b) noexcept nogil
cdef int bx_solution(const BitCover *b, int32_t *rows) noexcept nogil
cdef void bx_free(BitCover *b) noexcept nogil


# --------------------------------------------------------------------------------------------
# The variant engine (_core_variant.pxi): a grid of n*n cells, values 1..n, and constraints
# as data, in compressed rows (X_start[i] .. X_start[i+1] indexes X's items of i):
#
#   houses      cells that all differ; a house of n cells holds every value (hidden singles)
#   peers       per cell, the cells it must differ from (the houses' and the neighbour rules')
#   arcs        per cell, pair rules: (other cell, relation r); rel[r*n + v] is the mask of
#               values the other cell may take when this one is v+1 (both directions stored)
#   sums        sum(coef[i] * value[i]) == target over a list of cells; a distinct sum's
#               cells all differ and its value sets (combos) are listed
#   init        per cell, the values it may take at the start (odd/even, candidate sets)
# --------------------------------------------------------------------------------------------

ctypedef struct VModel:
    int n
    int ncells
    uint64_t full
    int nhouses
    int32_t *house_start
    int32_t *house_cells
    uint8_t *house_full
    int32_t *cell_house_start
    int32_t *cell_houses
    int32_t *peer_start
    int32_t *peers
    int32_t *arc_start
    int32_t *arc_other
    int32_t *arc_rel
    uint64_t *rel
    uint8_t *rel_bad          # per relation: its values whose row is not every value
    int nsums
    int32_t *sum_start
    int32_t *sum_cells
    int32_t *sum_coef
    int64_t *sum_target
    uint8_t *sum_kind         # nsums: V_LINEAR, or a line rule (V_SANDWICH ... V_LOCKOUT)
    # sum_domain, nsums: looks at every change of its cells (else: bounds); with bit
    # V_SETS_EXACT, its value sets have as many values as it has cells, all different.
    uint8_t *sum_domain
    int32_t *sum_group        # nsums + 1: the sum's groups (v_sum), its cells ordered by them
    int32_t *group_start      # ngroups + 1: a group's first index in sum_cells
    int32_t *combo_start      # nsums + 1: a distinct sum's value sets (none: bounds only)
    uint64_t *combos
    int32_t *cell_sum_start
    int32_t *cell_sums
    int32_t *sum_house_start  # nsums + 1: the houses holding every cell of a sum with sets
    int32_t *sum_houses
    int32_t *comp_house_start  # nsums + 1: a set sum's houses of n cells holding all its cells
    int32_t *comp_houses       # (the rest of such a house holds the values the set lacks)
    int32_t *comp_cell_start   # one per comp_houses entry + 1: that house's cells outside the sum
    int32_t *comp_cells
    int32_t *house_comp_start  # nhouses + 1: the sums with the house among their comp_houses
    int32_t *house_comps
    # A house's crossings with other houses (v_locked), as a code read in order from
    # cross_code[cross_start[h]] to cross_code[cross_start[h + 1]]: for each family of
    # crossings whose shared cells do not overlap: its segment count, the count and
    # cells of the house outside all its segments, then for each segment the count and
    # cells shared with the other house, and the count and cells of the other house
    # outside the house.
    int32_t *cross_start      # nhouses + 1
    int32_t *cross_code
    int peer_words            # words of a cell's row in peer_bits (0: no peer_bits)
    uint64_t *peer_bits       # ncells rows of ncells bits: the cell's peers (sides <= 32)
    uint64_t *init
    int32_t *degree           # ncells: peers + 4 * (pair rules + sums), v_choose's tie-break
    int64_t *prior            # ncells: each cell's conflict score at the start (v_init)

ctypedef struct VSearch:
    SearchRun run
    const VModel *m
    uint64_t *states          # capacity levels of ncells masks
    int capacity
    int32_t *branch_cell
    uint64_t *branch_rest
    int32_t *queue            # ncells: cells whose masks changed, to look at
    uint8_t *queued
    int32_t nqueue
    int32_t *hqueue           # nhouses: houses to look at
    uint8_t *hqueued
    int32_t nhqueue
    uint64_t *gone            # ncells: values a queued cell lost since it was queued
    uint64_t *hgone           # nhouses: values a queued house's cells lost (v_house)
    int32_t *squeue           # nsums: sums to look at
    uint8_t *squeued
    int32_t nsqueue
    int64_t *conflicts        # ncells: dead ends met by guesses on each cell (v_choose)
    int64_t conflicts_left    # dead ends until the scores are halved
    int64_t value_conflicts[64]  # dead ends met by each value (v_choose's bonus)
    uint64_t *branch_bit      # 0: a cell's values; else a value tried two ways: in
    int32_t *branch_other     # branch_cell, then in branch_other (or out of the cell: -1)
    int32_t fail_cell         # the cell left without values by the last dead end, or -1
    int32_t last_single       # the last placed cell v_cell looked at


# --------------------------------------------------------------------------------------------
# The engine contract (_core_engines.pxi): one options struct in, one result struct out, the
# same for every engine; the engines are the rows of one table.
#
#   Sudoku        a box shape's geometry and what the engines need prepared for it (built
#                 with the GIL, cached per shape, read-only during searches)
#   EngineState   any engine's search; its first member is always a SearchRun
# --------------------------------------------------------------------------------------------

ctypedef struct Sudoku:
    const Geometry *g        # the box shape (NULL for a variant puzzle)
    const ExactCover *cover  # the empty Sudoku matrix on links (dlx), else NULL
    const BitCover *bits     # the same on row bitsets (bitset), else NULL
    const VModel *model      # the constraints (variant engine), else NULL

ctypedef union EngineState:
    SearchRun run
    Search bitmask
    Search9 digitband
    ExactCover dlx
    BitCover bitset
    VSearch variant

ctypedef struct Engine:
    const char *name
    # Set up a search of the puzzle `values` (0 empty, 1..n): 1 it may have solutions, 0 it
    # has none (the search is finished), -1 out of memory.  free() afterwards in every case.
    int (*init)(EngineState *s, const Sudoku *p, const uint8_t *values,
                const EngineOptions *o) noexcept nogil
    # Resumable: the next solution (SEARCH_FOUND), or how the search stopped.
    int (*next)(EngineState *s) noexcept nogil
    # The solution just found, as values 1..n.
    void (*solution)(const EngineState *s, const Sudoku *p, uint8_t *out) noexcept nogil
    # The exact-cover rows of the solution just found (dlx, bitset; NULL for the others).
    int (*cover_rows)(const EngineState *s, int32_t *rows) noexcept nogil
    void (*free)(EngineState *s) noexcept nogil
    # Count on: add the solutions to *n until it reaches upto (< 0: all) or the search
    # stops (as repeated next() calls, without returning at each one); NULL: next() it is.
    int (*count)(EngineState *s, int64_t *n, int64_t upto) noexcept nogil

cdef const Engine *engine_row(int engine) noexcept nogil
cdef void engine_options_default(EngineOptions *o) noexcept nogil
cdef int engine_count(const Engine *e, EngineState *s, const Sudoku *p, int64_t limit,
                      uint8_t *first, int64_t *count) noexcept nogil
cdef int engine_run(const Sudoku *p, const uint8_t *values, const EngineOptions *o,
                    EngineResult *result, uint8_t *first, EngineState *s) noexcept nogil
