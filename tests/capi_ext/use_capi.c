/* A tiny C extension that calls fastsudoku's engines through its C API (fastsudoku.h),
 * built by tests/test_capi.py against the installed package. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>

#include "fastsudoku.h"

/* solve(values: bytes, box_rows, box_cols, limit, node_limit) -> (count, first, status) */
static PyObject *use_solve(PyObject *self, PyObject *args)
{
    const char *values;
    Py_ssize_t len;
    int r, c, status = 0;
    long long limit, node_limit, n;
    PyObject *first, *out;
    if (!PyArg_ParseTuple(args, "y#iiLL", &values, &len, &r, &c, &limit, &node_limit))
        return NULL;
    first = PyBytes_FromStringAndSize(NULL, len);
    if (first == NULL)
        return NULL;
    memset(PyBytes_AS_STRING(first), 0, len);
    n = FastSudoku_API->solve((const unsigned char *)values, r, c, limit, node_limit,
                              (unsigned char *)PyBytes_AS_STRING(first), &status);
    if (n < 0) {
        Py_DECREF(first);
        return NULL;
    }
    out = Py_BuildValue("LOi", n, n > 0 ? first : Py_None, status);
    Py_DECREF(first);
    return out;
}

/* exact_cover(ncols, offsets: list, cols: list, secondary: bytes or None, limit,
 *             node_limit) -> (count, first rows, status) */
static PyObject *use_exact_cover(PyObject *self, PyObject *args)
{
    int ncols, status = 0, first_len = 0;
    PyObject *offsets_list, *cols_list, *secondary_obj, *rows = NULL;
    long long limit, node_limit, n;
    int *offsets = NULL, *cols = NULL, *first = NULL;
    Py_ssize_t nrows, nones, k;
    if (!PyArg_ParseTuple(args, "iO!O!OLL", &ncols, &PyList_Type, &offsets_list,
                          &PyList_Type, &cols_list, &secondary_obj, &limit, &node_limit))
        return NULL;
    nrows = PyList_GET_SIZE(offsets_list) - 1;
    nones = PyList_GET_SIZE(cols_list);
    offsets = malloc((nrows + 1) * sizeof(int));
    cols = malloc((nones + 1) * sizeof(int));
    first = malloc((ncols + 1) * sizeof(int));
    if (offsets == NULL || cols == NULL || first == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (k = 0; k <= nrows; k++)
        offsets[k] = (int)PyLong_AsLong(PyList_GET_ITEM(offsets_list, k));
    for (k = 0; k < nones; k++)
        cols[k] = (int)PyLong_AsLong(PyList_GET_ITEM(cols_list, k));
    if (PyErr_Occurred())
        goto done;
    n = FastSudoku_API->exact_cover(
        ncols, (int)nrows, offsets, cols,
        secondary_obj == Py_None ? NULL : (const unsigned char *)PyBytes_AsString(secondary_obj),
        limit, node_limit, first, &first_len, &status);
    if (n < 0)
        goto done;
    rows = PyList_New(first_len);
    if (rows == NULL)
        goto done;
    for (k = 0; k < first_len; k++)
        PyList_SET_ITEM(rows, k, PyLong_FromLong(first[k]));
    {
        PyObject *out = Py_BuildValue("LNi", n, rows, status);
        rows = out;
    }
done:
    free(offsets);
    free(cols);
    free(first);
    return rows;
}

static PyObject *use_api_version(PyObject *self, PyObject *noargs)
{
    return Py_BuildValue("ii", FastSudoku_API->version, FastSudoku_API->size);
}

static PyMethodDef methods[] = {
    {"solve", use_solve, METH_VARARGS, "fastsudoku's solve through its C API"},
    {"exact_cover", use_exact_cover, METH_VARARGS, "fastsudoku's exact cover through its C API"},
    {"api_version", use_api_version, METH_NOARGS, "(version, size) of the API table"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "use_capi", NULL, -1, methods};

PyMODINIT_FUNC PyInit_use_capi(void)
{
    if (FastSudoku_Import() < 0)
        return NULL;
    return PyModule_Create(&module);
}
