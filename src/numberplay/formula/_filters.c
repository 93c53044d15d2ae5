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
#define SMAX 64
#define CMAX 64

typedef struct {
    int n, split, base, ncin, ncout, npairs, need, got, full;
    long long coef[SMAX], sufmin[SMAX + 1], sufmax[SMAX + 1], cst, rmin, rmax;
    unsigned long long dom[SMAX], supp[SMAX], sin, sout;
    long long cinv[CMAX], coutv[CMAX];
    long long pr[CMAX * CMAX];
    int pci[CMAX * CMAX], pco[CMAX * CMAX];
    unsigned long long needres;     /* residues r with (t + cin) % base == 0 possible */
    int path[SMAX];
    long long nodes, limit;
    int vals[SMAX][64], nvals[SMAX];
} Sup;

static long long pmod(long long a, long long b)
{
    long long r = a % b;
    return r < 0 ? r + (b < 0 ? -b : b) : r;
}

static int sup_record(Sup *s, int k)
{
    int i;
    for (i = 0; i < s->n; i++) {
        unsigned long long b = 1ULL << s->path[i];
        if (!(s->supp[i] & b)) {
            s->supp[i] |= b;
            s->got++;
        }
    }
    if (!(s->sin >> s->pci[k] & 1)) {
        s->sin |= 1ULL << s->pci[k];
        s->got++;
    }
    if (!(s->sout >> s->pco[k] & 1)) {
        s->sout |= 1ULL << s->pco[k];
        s->got++;
    }
    return s->got >= s->need;
}

/* 1: every value supported (stop), 0: go on, -1: too many nodes */
static int sup_dfs(Sup *s, int i, long long partial, unsigned long long used)
{
    long long t, a;
    int k, j;
    if (++s->nodes > s->limit)
        return -1;
    if (i == s->n) {
        for (k = 0; k < s->npairs; k++)
            if (partial + s->cst + s->pr[k] == 0 && sup_record(s, k))
                return 1;
        return 0;
    }
    t = partial + s->cst;
    if (t + s->sufmin[i] + s->rmin > 0 || t + s->sufmax[i] + s->rmax < 0)
        return 0;
    if (i == s->split && !(s->needres >> pmod(t, s->base) & 1))
        return 0;
    a = s->coef[i];
    if (i == s->n - 1) {
        unsigned long long dm = s->dom[i] & ~used;
        for (k = 0; k < s->npairs; k++) {
            long long num = -(t + s->pr[k]), x;
            if (num % a)
                continue;
            x = num / a;
            if (x >= 0 && x < s->base && (dm >> x & 1)) {
                s->path[i] = (int)x;
                if (sup_record(s, k))
                    return 1;
            }
        }
        return 0;
    }
    for (j = 0; j < s->nvals[i]; j++) {
        int x = s->vals[i][j], r;
        if (used >> x & 1)
            continue;
        s->path[i] = x;
        r = sup_dfs(s, i + 1, partial + a * x, used | 1ULL << x);
        if (r)
            return r;
    }
    return 0;
}

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
    long long cst, limit, w[SMAX];
    unsigned long long d[SMAX];
    int base, modulus, n, i, j, r, order[SMAX];
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
    if (n > SMAX || PySequence_Fast_GET_SIZE(df) != n) {
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
    if (sup_values(cin, s->cinv, CMAX, &s->ncin) < 0 ||
        sup_values(cout, s->coutv, CMAX, &s->ncout) < 0) {
        PyMem_Free(s);
        goto fail;
    }
    /* the order: weights that are multiples of base last, then by -|weight| (stable) */
    for (i = 0; i < n; i++)
        order[i] = i;
    for (i = 1; i < n; i++) {
        int x = order[i];
        long long kx0 = (w[x] % base == 0), kx1 = -(w[x] < 0 ? -w[x] : w[x]);
        j = i - 1;
        while (j >= 0) {
            int y = order[j];
            long long ky0 = (w[y] % base == 0), ky1 = -(w[y] < 0 ? -w[y] : w[y]);
            if (ky0 > kx0 || (ky0 == kx0 && ky1 > kx1)) {
                order[j + 1] = y;
                j--;
            } else
                break;
        }
        order[j + 1] = x;
    }
    s->n = n;
    s->base = base;
    s->cst = cst;
    s->split = n;
    if (modulus > base)
        for (i = 0; i < n; i++)
            if (w[order[i]] % base == 0) {
                s->split = i;
                break;
            }
    s->need = s->ncin + s->ncout;
    for (i = 0; i < n; i++) {
        s->coef[i] = w[order[i]];
        s->dom[i] = d[order[i]];
        s->supp[i] = 0;
        s->nvals[i] = 0;
        for (j = 0; j < 64; j++)
            if (d[order[i]] >> j & 1)
                s->vals[i][s->nvals[i]++] = j;
        if (!s->nvals[i]) {
            PyMem_Free(s);
            Py_DECREF(wf);
            Py_DECREF(df);
            Py_RETURN_NONE;
        }
        s->need += s->nvals[i];
    }
    s->sufmin[n] = s->sufmax[n] = 0;
    for (i = n - 1; i >= 0; i--) {
        long long c = s->coef[i], lo = s->vals[i][0], hi = s->vals[i][s->nvals[i] - 1];
        s->sufmin[i] = s->sufmin[i + 1] + (c > 0 ? c * lo : c * hi);
        s->sufmax[i] = s->sufmax[i + 1] + (c > 0 ? c * hi : c * lo);
    }
    s->npairs = 0;
    s->needres = 0;
    for (i = 0; i < s->ncin; i++) {
        s->needres |= 1ULL << pmod(-s->cinv[i], base);
        for (j = 0; j < s->ncout; j++) {
            int k = s->npairs++;
            s->pr[k] = s->cinv[i] - (long long)modulus * s->coutv[j];
            s->pci[k] = i;
            s->pco[k] = j;
            if (k == 0 || s->pr[k] < s->rmin)
                s->rmin = s->pr[k];
            if (k == 0 || s->pr[k] > s->rmax)
                s->rmax = s->pr[k];
        }
    }
    if (!s->npairs) {
        PyMem_Free(s);
        Py_DECREF(wf);
        Py_DECREF(df);
        Py_RETURN_NONE;
    }
    s->sin = s->sout = 0;
    s->got = 0;
    s->nodes = 0;
    s->limit = limit;
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
    a = sup_set(s->cinv, s->ncin, s->sin);
    b = a ? sup_set(s->coutv, s->ncout, s->sout) : NULL;
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
 * that letter's, and a digit no letter can take is a contradiction.
 */
#define HALL_MAX 12

static int popc(unsigned long long x) { return __builtin_popcountll(x); }

static PyObject *py_hall(PyObject *self, PyObject *args)
{
    PyObject *masks, *f, *out;
    int every, base, n, i, j, changed;
    unsigned long long m[64], uni[1 << HALL_MAX];
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
    do {
        int open[64], no = 0;
        unsigned int S, full;
        changed = 0;
        for (i = 0; i < n; i++) {               /* decided letters */
            if (!m[i])
                Py_RETURN_NONE;
            if (!(m[i] & (m[i] - 1)))
                for (j = 0; j < n; j++)
                    if (j != i && (m[j] & m[i])) {
                        m[j] &= ~m[i];
                        if (!m[j])
                            Py_RETURN_NONE;
                        changed = 1;
                    }
        }
        if (changed)
            continue;
        if (every)
            for (i = 0; i < base; i++) {        /* a digit with one place */
                int who = -1, cnt = 0;
                for (j = 0; j < n; j++)
                    if (m[j] >> i & 1) {
                        who = j;
                        cnt++;
                    }
                if (!cnt)
                    Py_RETURN_NONE;
                if (cnt == 1 && (m[who] & (m[who] - 1))) {
                    m[who] = 1ULL << i;
                    changed = 1;
                }
            }
        if (changed)
            continue;
        for (i = 0; i < n; i++)
            if (m[i] & (m[i] - 1))
                open[no++] = i;
        if (no > HALL_MAX)
            return PyLong_FromLong(-1);
        full = (1u << no) - 1;
        uni[0] = 0;
        for (S = 1; S <= full && !changed; S++) {
            int low = __builtin_ctz(S), size = popc(S), k;
            uni[S] = uni[S & (S - 1)] | m[open[low]];
            k = popc(uni[S]);
            if (k < size)
                Py_RETURN_NONE;
            if (k == size && size >= 2)
                for (j = 0; j < no; j++)
                    if (!(S >> j & 1) && (m[open[j]] & uni[S])) {
                        m[open[j]] &= ~uni[S];
                        changed = 1;
                    }
        }
    } while (changed);
    out = PyTuple_New(n);
    if (!out)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(m[i]);
        if (!x) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, x);
    }
    return out;
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
