# C-level surface of the compiled core, for other Cython code to `cimport`.
#
#     from fastsudoku._core cimport Geometry, Search, geometry_for, ...
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

from libc.stdint cimport uint64_t, uint16_t, uint8_t, int64_t, int32_t

cdef enum:
    MAX_SIDE = 64            # one uint64 mask a cell

cdef enum SearchStatus:
    SEARCH_FOUND = 1         # a solution is in search_solution(); call search_next again for more
    SEARCH_EXHAUSTED = 2     # no (more) solutions
    SEARCH_LIMIT = 3         # node limit reached; the search can be resumed with a higher limit
    SEARCH_INTERRUPTED = 4   # a Python signal handler raised (Ctrl-C; the exception is set),
                             # or the batch's stop flag was set (no exception)
    SEARCH_NOMEM = 5         # out of memory

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
    uint16_t *cell_unit_list # ncells x 3: the row, column and box unit of each cell

cdef struct Work:
    # What propagation has still to do; empty between two propagations.
    uint16_t *naked          # cells whose one candidate must still be cleared from their peers
    int nnaked
    uint64_t dirty[3]        # units to re-examine for hidden singles (3 x 64 >= 3 * MAX_SIDE)

ctypedef struct Search:
    const Geometry *g
    uint64_t *states
    int *branch_cell
    uint64_t *branch_rest
    Work work
    size_t level_words       # uint64 words of one level (ncells + nunits)
    uint64_t *segs           # ncells words of scratch for the box-line segments
    uint16_t *ties           # TIE_LIMIT cells of scratch for the branching choice
    bint locked              # use locked candidates in propagation
    int depth
    int capacity
    int phase
    int64_t guesses          # values assigned by branching (every alternative tried counts)
    int64_t node_limit       # < 0: none
    int64_t next_signal_check

cdef const Geometry *geometry_for(int r, int c) except NULL
cdef int search_init(Search *s, const Geometry *g, const uint8_t *values) noexcept nogil
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
    int depth
    int base                 # levels fixed by xc_select before the search
    int phase
    int64_t nodes            # rows tried by the search (forced or not)
    int64_t guesses          # rows tried in columns that had two or more rows left
    int64_t node_limit       # on guesses; < 0: none
    int64_t next_signal_check
    # With many primary columns (xc_tree_over), the choice asks a tree instead of scanning:
    int32_t *tree            # 2 x tree_leaves: min of the sizes below (leaf i: header i + 1)
    int tree_leaves          # a power of two >= nprimary
    uint8_t *dirty           # ncols + 1: the size changed since the tree last saw it
    int32_t *dirty_list      # ncols + 1: those columns
    int ndirty


cdef int xc_build(ExactCover *x, int ncols, const uint8_t *secondary, int nrows,
                  const int32_t *row_offsets, const int32_t *row_cols) noexcept nogil
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
    int32_t *lo              # active[d]'s nonzero words lie in lo[d] .. hi[d]-1
    int32_t *hi
    int depth
    int phase
    int64_t nodes
    int64_t guesses
    int64_t node_limit
    int64_t next_signal_check

cdef int bx_build(BitCover *b, int ncols, const uint8_t *secondary, int nrows,
                  const int32_t *row_offsets, const int32_t *row_cols) noexcept nogil
cdef int bx_next(BitCover *b) noexcept nogil
cdef int bx_solution(const BitCover *b, int32_t *rows) noexcept nogil
cdef void bx_free(BitCover *b) noexcept nogil
