/* Compiled hot paths of the Latin technique ladder (see techniques.py, the
 * reference: its pure-Python functions are the twin the tests compare with).
 *
 * The deduction kernel calls the ladder's cheapest rungs and the contradiction
 * check at every step of every trial it follows; in Python each scans the n*n
 * masks. Here the same scans, returning what the Python functions would find,
 * in the same order (the first in reading order, lines rows first then
 * columns), as plain tuples the Python side turns into moves and sentences:
 *
 *   naked_single(n, masks)  -> (cell, value, (peer, ...)) | None
 *       the first placed cell (reading order) whose value a peer still lists;
 *       the peers holding it, row peers then column peers, in order
 *   hidden_single(n, masks) -> (cell, value, line) | None
 *       the first line (rows 0..n-1, then columns) with a value in one cell only
 *       that still lists others; line = index in that order
 *   contradiction(n, masks) -> None | (0, cell, 0) | (1, line, value)
 *       the first cell with no candidate, else the first line with no place
 *       left for a value (the lowest such value)
 *   line_filter(n, doms) -> [dom, ...] | None
 *       all-different arc consistency on n cells taking n values (search.py's
 *       line_filter, Régin's filter): each cell keeps the values some perfect
 *       matching gives it; None when there is none. The result is unique, so
 *       the same as the Python one (here: a matching, then the cells' mutual
 *       reachability through it by bit-matrix closure)
 *
 * Values are 0-based bits of the masks; orders up to 64 (the Python side keeps
 * its own code beyond).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MAXN 64

static int read_masks(PyObject *seq, Py_ssize_t n, uint64_t *m) {
    Py_ssize_t nn = n * n;
    if (n < 1 || n > MAXN) {
        PyErr_SetString(PyExc_ValueError, "order out of range");
        return -1;
    }
    PyObject *fast = PySequence_Fast(seq, "masks must be a sequence of ints");
    if (!fast)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != nn) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "masks must hold n*n ints");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < nn; i++) {
        unsigned long long x = PyLong_AsUnsignedLongLong(items[i]);
        if (x == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        m[i] = (uint64_t)x;
    }
    Py_DECREF(fast);
    return 0;
}

static int lowbit(uint64_t x) { return __builtin_ctzll(x); }

static PyObject *naked_single(PyObject *self, PyObject *args) {
    Py_ssize_t n;
    PyObject *seq;
    uint64_t m[MAXN * MAXN];
    if (!PyArg_ParseTuple(args, "nO", &n, &seq) || read_masks(seq, n, m) < 0)
        return NULL;
    for (Py_ssize_t r = 0; r < n; r++) {
        for (Py_ssize_t c = 0; c < n; c++) {
            uint64_t d = m[r * n + c];
            if (!d || (d & (d - 1)))
                continue;
            Py_ssize_t hits[2 * MAXN];
            Py_ssize_t k = 0;
            for (Py_ssize_t j = 0; j < n; j++)
                if (j != c && (m[r * n + j] & d))
                    hits[k++] = r * n + j;
            for (Py_ssize_t j = 0; j < n; j++)
                if (j != r && (m[j * n + c] & d))
                    hits[k++] = j * n + c;
            if (!k)
                continue;
            PyObject *peers = PyTuple_New(k);
            if (!peers)
                return NULL;
            for (Py_ssize_t t = 0; t < k; t++)
                PyTuple_SET_ITEM(peers, t, PyLong_FromSsize_t(hits[t]));
            return Py_BuildValue("(niN)", r * n + c, lowbit(d), peers);
        }
    }
    Py_RETURN_NONE;
}

static PyObject *hidden_single(PyObject *self, PyObject *args) {
    Py_ssize_t n;
    PyObject *seq;
    uint64_t m[MAXN * MAXN];
    if (!PyArg_ParseTuple(args, "nO", &n, &seq) || read_masks(seq, n, m) < 0)
        return NULL;
    for (Py_ssize_t line = 0; line < 2 * n; line++) {
        Py_ssize_t base = line < n ? line * n : line - n;
        Py_ssize_t step = line < n ? 1 : n;
        uint64_t once = 0, twice = 0;
        for (Py_ssize_t k = 0; k < n; k++) {
            uint64_t d = m[base + k * step];
            twice |= once & d;
            once |= d;
        }
        uint64_t single = once & ~twice;
        if (!single)
            continue;
        for (Py_ssize_t k = 0; k < n; k++) {
            Py_ssize_t i = base + k * step;
            uint64_t d = m[i], hit = d & single;
            if (hit && d != hit)
                return Py_BuildValue("(nin)", i, lowbit(hit), line);
        }
    }
    Py_RETURN_NONE;
}

static PyObject *contradiction(PyObject *self, PyObject *args) {
    Py_ssize_t n;
    PyObject *seq;
    uint64_t m[MAXN * MAXN];
    if (!PyArg_ParseTuple(args, "nO", &n, &seq) || read_masks(seq, n, m) < 0)
        return NULL;
    for (Py_ssize_t i = 0; i < n * n; i++)
        if (!m[i])
            return Py_BuildValue("(ini)", 0, i, 0);
    uint64_t full = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    for (Py_ssize_t line = 0; line < 2 * n; line++) {
        Py_ssize_t base = line < n ? line * n : line - n;
        Py_ssize_t step = line < n ? 1 : n;
        uint64_t u = 0;
        for (Py_ssize_t k = 0; k < n; k++)
            u |= m[base + k * step];
        if (u != full)
            return Py_BuildValue("(ini)", 1, line, lowbit(full & ~u));
    }
    Py_RETURN_NONE;
}

static int augment(int i, const uint64_t *dom, int *match_val, uint64_t *seen) {
    uint64_t m = dom[i] & ~*seen;
    while (m) {
        int u = lowbit(m);
        m &= m - 1;
        *seen |= (uint64_t)1 << u;
        if (match_val[u] < 0 || augment(match_val[u], dom, match_val, seen)) {
            match_val[u] = i;
            return 1;
        }
    }
    return 0;
}

static PyObject *line_filter(PyObject *self, PyObject *args) {
    Py_ssize_t n;
    PyObject *seq;
    uint64_t dom[MAXN], reach[MAXN], out;
    int match_val[MAXN], match_var[MAXN];
    if (!PyArg_ParseTuple(args, "nO", &n, &seq))
        return NULL;
    if (n < 1 || n > MAXN) {
        PyErr_SetString(PyExc_ValueError, "order out of range");
        return NULL;
    }
    PyObject *fast = PySequence_Fast(seq, "doms must be a sequence of ints");
    if (!fast)
        return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "doms must hold n ints");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long long x = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (x == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return NULL;
        }
        dom[i] = (uint64_t)x;
    }
    Py_DECREF(fast);
    for (int v = 0; v < n; v++)
        match_val[v] = -1;
    for (int i = 0; i < n; i++) {
        uint64_t seen = 0;
        if (!augment(i, dom, match_val, &seen))
            Py_RETURN_NONE;
    }
    for (int v = 0; v < n; v++)
        match_var[match_val[v]] = v;
    /* cell i reaches cell j when i may take j's matched value */
    for (int i = 0; i < n; i++) {
        uint64_t a = (uint64_t)1 << i, m = dom[i];
        while (m) {
            int v = lowbit(m);
            m &= m - 1;
            a |= (uint64_t)1 << match_val[v];
        }
        reach[i] = a;
    }
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++)
            if (reach[i] >> k & 1)
                reach[i] |= reach[k];
    PyObject *res = PyList_New(n);
    if (!res)
        return NULL;
    for (int i = 0; i < n; i++) {
        out = 0;
        for (int j = 0; j < n; j++)
            if ((reach[i] >> j & 1) && (reach[j] >> i & 1))
                out |= (uint64_t)1 << match_var[j];
        PyObject *x = PyLong_FromUnsignedLongLong(dom[i] & out);
        if (!x) {
            Py_DECREF(res);
            return NULL;
        }
        PyList_SET_ITEM(res, i, x);
    }
    return res;
}

static PyMethodDef methods[] = {
    {"line_filter", line_filter, METH_VARARGS,
     "line_filter(n, doms): all-different arc consistency on one line, or None."},
    {"naked_single", naked_single, METH_VARARGS,
     "naked_single(n, masks): (cell, value, peers) of the first naked single, or None."},
    {"hidden_single", hidden_single, METH_VARARGS,
     "hidden_single(n, masks): (cell, value, line) of the first hidden single, or None."},
    {"contradiction", contradiction, METH_VARARGS,
     "contradiction(n, masks): None, (0, cell, 0) or (1, line, value)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef ladder_module = {
    PyModuleDef_HEAD_INIT, "_ladder", "Compiled hot paths of the Latin technique ladder.", -1,
    methods,
};

PyMODINIT_FUNC PyInit__ladder(void) { return PyModule_Create(&ladder_module); }
