/*
 * fastsudoku's C API: the compiled engines for C and C++ extension modules, without
 * Python objects in the loop.
 *
 * The functions live in fastsudoku._core and are reached through a PyCapsule: call
 * FastSudoku_Import() once (in your module's init function), then use FastSudoku_API.
 * Build with the directory fastsudoku.get_include() returns on the include path:
 *
 *     #include "fastsudoku.h"
 *     ...
 *     if (FastSudoku_Import() < 0) return NULL;             (module init)
 *     long long n = FastSudoku_API->solve(values, 3, 3, 2, -1, first, &status);
 *
 * Call every function with the GIL held, as any function of Python's C API; the search
 * itself runs with the GIL released (other Python threads run meanwhile) and looks for
 * Ctrl-C.  On an error a function returns -1 with a Python exception set (ValueError for
 * bad input, KeyboardInterrupt on Ctrl-C, MemoryError).
 */
#ifndef FASTSUDOKU_H
#define FASTSUDOKU_H

#include <Python.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FASTSUDOKU_API_VERSION 1
#define FASTSUDOKU_CAPSULE "fastsudoku._core._C_API"

/* How a search ended (*status). */
#define FASTSUDOKU_FOUND 1      /* stopped at `limit` solutions: there may be more */
#define FASTSUDOKU_EXHAUSTED 2  /* the whole tree searched: the count is exact */
#define FASTSUDOKU_NODE_LIMIT 3 /* stopped at `node_limit` guesses */

typedef struct FastSudokuAPI {
    int version; /* FASTSUDOKU_API_VERSION of the installed package (this header's or newer) */
    int size;    /* sizeof(FastSudokuAPI) there: entries added later are at the end */

    /* A Sudoku of box_rows x box_cols boxes (side n = box_rows * box_cols, 1 to 64):
     * values holds its n*n cells row by row, 0 empty, 1..n given.  Counts the solutions up
     * to `limit` (< 0: all) within `node_limit` guesses (< 0: no limit), writes the first
     * into `first` (n*n values; NULL: not wanted) and how it ended into *status (NULL: not
     * wanted).  Givens that repeat in a row, column or box: 0 solutions.  Returns the
     * count, or -1 with an exception set (a bad shape, a value above n). */
    long long (*solve)(const unsigned char *values, int box_rows, int box_cols,
                       long long limit, long long node_limit, unsigned char *first,
                       int *status);

    /* Exact cover of a 0/1 matrix of ncols columns and nrows rows in compressed rows:
     * row k has its 1s in columns cols[offsets[k] .. offsets[k+1]-1] (offsets: nrows + 1
     * entries, offsets[0] = 0).  secondary: ncols bytes, nonzero for a column covered at
     * most once (NULL: every column primary).  Counts the covers up to `limit` (< 0: all)
     * within `node_limit` guesses (< 0: none); the first cover's rows (in the order they
     * were chosen) into `first` (room for ncols ints; NULL: not wanted), their number into
     * *first_len, how it ended into *status.  Returns the count, or -1 with an exception
     * set (a column out of range, offsets that do not increase). */
    long long (*exact_cover)(int ncols, int nrows, const int *offsets, const int *cols,
                             const unsigned char *secondary, long long limit,
                             long long node_limit, int *first, int *first_len, int *status);
} FastSudokuAPI;

#ifndef FASTSUDOKU_CORE /* (fastsudoku._core itself takes the struct only) */

/* Set by FastSudoku_Import(), one pointer in each file that includes this header. */
static const FastSudokuAPI *FastSudoku_API = NULL;

/* Import the API: 0, or -1 with an exception set (fastsudoku not installed, or older
 * than this header). */
Py_LOCAL_INLINE(int) FastSudoku_Import(void)
{
    const FastSudokuAPI *api =
        (const FastSudokuAPI *)PyCapsule_Import(FASTSUDOKU_CAPSULE, 0);
    if (api == NULL)
        return -1;
    if (api->version < FASTSUDOKU_API_VERSION || api->size < (int)sizeof(FastSudokuAPI)) {
        PyErr_Format(PyExc_ImportError,
                     "fastsudoku's C API is version %d; this extension needs %d or newer",
                     api->version, FASTSUDOKU_API_VERSION);
        return -1;
    }
    FastSudoku_API = api;
    return 0;
}

#endif /* FASTSUDOKU_CORE */

#ifdef __cplusplus
}
#endif

#endif /* FASTSUDOKU_H */
