/* _filters: the candidate filters of the formula core in C (filters.py is the
 * pure-Python reference, node for node): the exact support of one column
 * equation, and Hall's rule on the letters' digit masks.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

/* ---- support(): the exact filter of one column equation (candidates.column_support) ----
 *
 * support(weights, const, doms, cin, cout, base, modulus, limit)
 *   -> None (no solution) | -1 (more than `limit` nodes: too wide)
 *      | (masks, cin, cout): the supported values (full arc consistency).
 * The same depth-first enumeration as the Python reference, node for node
 * (the tests compare both): letters by (weight a multiple of base, -|weight|),
 * bounds from the suffix minima and maxima, the last letter computed, the
 * search stopping as soon as every value is supported.
 */
#include "filters.h"

static int sup_values(PyObject *seq, long long *out, int max, int *n)
{
    PyObject *f = PySequence_Fast(seq, "carries must be iterable");
    Py_ssize_t i, m;
    if (!f)
        return -1;
    m = PySequence_Fast_GET_SIZE(f);
    if (m > max) {
        Py_DECREF(f);
        PyErr_SetString(PyExc_ValueError, "too many carry values");
        return -1;
    }
    for (i = 0; i < m; i++) {
        out[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(f, i));
        if (out[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(f);
            return -1;
        }
    }
    *n = (int)m;
    Py_DECREF(f);
    return 0;
}

static PyObject *sup_set(const long long *v, int n, unsigned long long mask)
{
    PyObject *list = PyList_New(0), *res;
    int i;
    if (!list)
        return NULL;
    for (i = 0; i < n; i++) {
        if (mask >> i & 1) {
            PyObject *x = PyLong_FromLongLong(v[i]);
            if (!x || PyList_Append(list, x) < 0) {
                Py_XDECREF(x);
                Py_DECREF(list);
                return NULL;
            }
            Py_DECREF(x);
        }
    }
    res = PyFrozenSet_New(list);
    Py_DECREF(list);
    return res;
}

static PyObject *py_support(PyObject *self, PyObject *args)
{
    PyObject *weights, *doms, *cin, *cout, *wf = NULL, *df = NULL, *masks = NULL, *a = NULL,
             *b = NULL;
    long long cst, limit, w[FILTERS_LMAX], coef[FILTERS_LMAX], cinv[FILTERS_KMAX],
        coutv[FILTERS_KMAX];
    U64 d[FILTERS_LMAX], dom[FILTERS_LMAX];
    int base, modulus, n, i, r, split, ncin, ncout, order[FILTERS_LMAX];
    Sup *s;
    if (!PyArg_ParseTuple(args, "OLOOOiiL", &weights, &cst, &doms, &cin, &cout, &base,
                          &modulus, &limit))
        return NULL;
    if (base < 2 || base > 63) {
        PyErr_SetString(PyExc_ValueError, "base must be 2 to 63");
        return NULL;
    }
    wf = PySequence_Fast(weights, "weights must be a sequence");
    df = wf ? PySequence_Fast(doms, "doms must be a sequence") : NULL;
    if (!df)
        goto fail;
    n = (int)PySequence_Fast_GET_SIZE(wf);
    if (n > FILTERS_LMAX || PySequence_Fast_GET_SIZE(df) != n) {
        PyErr_SetString(PyExc_ValueError, "weights and doms: same length, at most 64");
        goto fail;
    }
    for (i = 0; i < n; i++) {
        w[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(wf, i));
        d[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(df, i));
        if (PyErr_Occurred())
            goto fail;
    }
    s = PyMem_Malloc(sizeof(Sup));
    if (!s) {
        PyErr_NoMemory();
        goto fail;
    }
    if (sup_values(cin, cinv, FILTERS_KMAX, &ncin) < 0 ||
        sup_values(cout, coutv, FILTERS_KMAX, &ncout) < 0) {
        PyMem_Free(s);
        goto fail;
    }
    sup_order(w, n, base, order);
    split = n;
    if (modulus > base)
        for (i = 0; i < n; i++)
            if (w[order[i]] % base == 0) {
                split = i;
                break;
            }
    for (i = 0; i < n; i++) {
        coef[i] = w[order[i]];
        dom[i] = d[order[i]];
    }
    if (!sup_setup(s, coef, dom, n, split, cst, base, modulus, cinv, ncin, coutv, ncout,
                   limit)) {
        PyMem_Free(s);
        Py_DECREF(wf);
        Py_DECREF(df);
        Py_RETURN_NONE;
    }
    s->fast = s->first = 0;
    s->keep = NULL;
    r = sup_dfs(s, 0, 0, 0);
    Py_DECREF(wf);
    wf = NULL;
    if (r < 0) {
        PyMem_Free(s);
        Py_DECREF(df);
        return PyLong_FromLong(-1);
    }
    if (r == 1) {       /* every value supported: the domains as given */
        PyObject *t = PySequence_Tuple(df);
        PyMem_Free(s);
        Py_DECREF(df);
        return t ? Py_BuildValue("(NOO)", t, cin, cout) : NULL;
    }
    Py_DECREF(df);
    df = NULL;
    if (!s->sin) {
        PyMem_Free(s);
        Py_RETURN_NONE;
    }
    masks = PyTuple_New(n);
    if (!masks) {
        PyMem_Free(s);
        return NULL;
    }
    for (i = 0; i < n; i++) {
        PyObject *m = PyLong_FromUnsignedLongLong(s->supp[i]);
        if (!m) {
            PyMem_Free(s);
            Py_DECREF(masks);
            return NULL;
        }
        PyTuple_SET_ITEM(masks, order[i], m);
    }
    a = sup_set(cinv, ncin, s->sin);
    b = a ? sup_set(coutv, ncout, s->sout) : NULL;
    PyMem_Free(s);
    if (!b) {
        Py_XDECREF(a);
        Py_DECREF(masks);
        return NULL;
    }
    return Py_BuildValue("(NNN)", masks, a, b);
fail:
    Py_XDECREF(wf);
    Py_XDECREF(df);
    return NULL;
}


/* ---- hall(): letters take distinct digits, to the fixpoint ----
 *
 * hall(masks, every) -> None (contradiction) | -1 (more than HALL_MAX letters
 * undecided: not done here) | the masks after: a decided letter's digit
 * removed from the others; k undecided letters whose digits are k between
 * them keep those digits to themselves (Hall's condition, every group: the
 * fixpoint of the explanation's `different letters`); fewer digits than
 * letters in a group, or a letter without digits, is a contradiction; with
 * `every` (as many letters as digits) a digit only one letter can take is
 * that letter's, and a digit no letter can take is a contradiction (filters.h).
 */

static PyObject *py_hall(PyObject *self, PyObject *args)
{
    PyObject *masks, *f;
    int every, base, n, i, r;
    U64 m[64];
    if (!PyArg_ParseTuple(args, "Oip", &masks, &base, &every))
        return NULL;
    f = PySequence_Fast(masks, "masks must be a sequence");
    if (!f)
        return NULL;
    n = (int)PySequence_Fast_GET_SIZE(f);
    if (n > 64 || base < 1 || base > 64) {
        Py_DECREF(f);
        PyErr_SetString(PyExc_ValueError, "at most 64 letters and digits");
        return NULL;
    }
    for (i = 0; i < n; i++)
        m[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(f, i));
    Py_DECREF(f);
    if (PyErr_Occurred())
        return NULL;
    r = hall(m, n, base, every);
    if (r == -1)
        Py_RETURN_NONE;
    if (r == -2)
        return PyLong_FromLong(-1);
    return masks_tuple(m, n);
}

static PyMethodDef methods[] = {
    {"support", py_support, METH_VARARGS,
     "support(weights, const, doms, cin, cout, base, modulus, limit) -> None | -1 | "
     "(masks, cin, cout)"},
    {"hall", py_hall, METH_VARARGS, "hall(masks, base, every) -> None | -1 | masks"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_filters",
    "Column support and Hall's rule for the formula ladder (see filters.py).", -1, methods
};

PyMODINIT_FUNC PyInit__filters(void)
{
    return PyModule_Create(&module);
}
