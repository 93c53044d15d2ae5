/* The fillings of a Keen sum or product cage, compiled (cages.py: `_fillings`
 * is the pure-Python twin, and the reference; the tests compare them).
 *
 *   fillings(n, add, target, shape, cap) -> tuple of tuples
 *
 * Every way to give the cage's cells values 1..n (returned 0-based, in cell
 * order) whose sum (add) or product is the target and in which position k
 * differs from the earlier positions shape[k] (those sharing its row or
 * column). Depth first, each position's values ascending, the last position
 * taking what the target leaves: the same tuples in the same order as the
 * Python function, stopping once there are more than `cap`.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define MAXCELLS 16

typedef struct {
    int n, size, add;
    long long cap;
    int npeers[MAXCELLS];
    int peers[MAXCELLS][MAXCELLS];
    int chosen[MAXCELLS];
    long long power[MAXCELLS + 1];   /* n ** k, capped */
    PyObject *out;
} Ctx;

static int clash(Ctx *c, int k, int v) {
    for (int j = 0; j < c->npeers[k]; j++)
        if (c->chosen[c->peers[k][j]] == v)
            return 1;
    return 0;
}

/* 1: stop (past the cap), 0: go on, -1: error */
static int rec(Ctx *c, int k, long long rest) {
    int last = c->size - 1, n = c->n;
    if (k == last) {
        if (rest >= 1 && rest <= n && !clash(c, k, (int)rest)) {
            c->chosen[k] = (int)rest;
            PyObject *t = PyTuple_New(c->size);
            if (!t)
                return -1;
            for (int j = 0; j < c->size; j++) {
                PyObject *x = PyLong_FromLong(c->chosen[j] - 1);
                if (!x) {
                    Py_DECREF(t);
                    return -1;
                }
                PyTuple_SET_ITEM(t, j, x);
            }
            int bad = PyList_Append(c->out, t);
            Py_DECREF(t);
            if (bad)
                return -1;
            return PyList_GET_SIZE(c->out) > c->cap;
        }
        return 0;
    }
    int left = last - k;
    for (int v = 1; v <= n; v++) {
        long long r;
        if (c->add) {
            r = rest - v;
            if (r < left)
                break;
            if (r > (long long)left * n)
                continue;
        } else {
            if (rest % v)
                continue;
            r = rest / v;
            if (r > c->power[left])
                continue;
        }
        if (clash(c, k, v))
            continue;
        c->chosen[k] = v;
        int got = rec(c, k + 1, r);
        if (got)
            return got;
    }
    return 0;
}

static PyObject *fillings(PyObject *self, PyObject *args) {
    int n, add;
    long long target, cap;
    PyObject *shape;
    Ctx c;
    if (!PyArg_ParseTuple(args, "ipLOL", &n, &add, &target, &shape, &cap))
        return NULL;
    PyObject *fast = PySequence_Fast(shape, "shape must be a sequence");
    if (!fast)
        return NULL;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(fast);
    if (size < 1 || size > MAXCELLS || n < 1 || n > 64) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "cage size or order out of range");
        return NULL;
    }
    c.n = n;
    c.size = (int)size;
    c.add = add;
    c.cap = cap;
    c.power[0] = 1;
    for (int k = 1; k <= MAXCELLS; k++)
        c.power[k] = c.power[k - 1] > (1LL << 40) ? c.power[k - 1] : c.power[k - 1] * n;
    for (Py_ssize_t k = 0; k < size; k++) {
        PyObject *p = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, k), "shape rows");
        if (!p) {
            Py_DECREF(fast);
            return NULL;
        }
        Py_ssize_t m = PySequence_Fast_GET_SIZE(p);
        c.npeers[k] = 0;
        for (Py_ssize_t j = 0; j < m && j < MAXCELLS; j++) {
            long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(p, j));
            if (x < 0 || x >= k) {
                Py_DECREF(p);
                Py_DECREF(fast);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a shape names a later position");
                return NULL;
            }
            c.peers[k][c.npeers[k]++] = (int)x;
        }
        Py_DECREF(p);
    }
    Py_DECREF(fast);
    c.out = PyList_New(0);
    if (!c.out)
        return NULL;
    if (rec(&c, 0, target) < 0) {
        Py_DECREF(c.out);
        return NULL;
    }
    PyObject *res = PyList_AsTuple(c.out);
    Py_DECREF(c.out);
    return res;
}

static PyMethodDef methods[] = {
    {"fillings", fillings, METH_VARARGS,
     "fillings(n, add, target, shape, cap): the fillings of a sum or product cage."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef cages_module = {
    PyModuleDef_HEAD_INIT, "_cages", "The fillings of a Keen cage, compiled.", -1, methods,
};

PyMODINIT_FUNC PyInit__cages(void) { return PyModule_Create(&cages_module); }
