/* Compiled core of numberplay.crossproduct.solver: full arc consistency on one
 * line (row or column) of a CrossProduct grid.
 *
 * The same dynamic programme as solver._revise_dp (the pure-Python reference):
 * a digit is 2^a 3^b 5^c 7^d; the exponent vectors reachable after a prefix of
 * the line are a bitset over packed vectors (each coordinate gets room for the
 * target plus the largest exponent one digit adds, so a shift never carries
 * into the next coordinate); adding a digit is a left shift, a mask keeps the
 * vectors that stay under the target. A backward pass gives the vectors from
 * which the target is still reachable; a digit survives in a cell when a
 * forward state shifted by it meets a backward state. Decided cells are taken
 * off the target first, so the programme runs over the open cells only.
 *
 * revise(masks, e2, e3, e5, e7) -> tuple of masks, or None on a wipe-out
 *   masks: the line's domains (bit d set = digit d allowed, d in 1..9);
 *   e2..e7: the exponents of the line's product.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 4096
#define MAX_BITS (1L << 22)

static const int EXP[10][4] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0},
    {0, 0, 1, 0}, {1, 1, 0, 0}, {0, 0, 0, 1}, {3, 0, 0, 0}, {0, 2, 0, 0}};
static const int MAXE[4] = {3, 2, 1, 1};

/* Bitsets are W words with a zero word on each side (index -1 and W are
 * readable), and carry the range [lo, hi] of their words that may be non-zero. */
typedef struct {
    uint64_t *w;
    long lo, hi;
} Bits;

/* dst |= src >> s */
static void or_shr(Bits *dst, const Bits *src, long s)
{
    long q = s >> 6, i, a = src->lo - q - 1, b = src->hi - q;
    int r = (int)(s & 63);
    uint64_t *restrict d = dst->w;
    const uint64_t *restrict x = src->w;
    if (a < 0)
        a = 0;
    if (b < a)
        return;
    if (r == 0) {
        for (i = a; i <= b; i++)
            d[i] |= x[i + q];
    } else {
        for (i = a; i <= b; i++)
            d[i] |= (x[i + q] >> r) | (x[i + q + 1] << (64 - r));
    }
    if (a < dst->lo)
        dst->lo = a;
    if (b > dst->hi)
        dst->hi = b;
}

/* acc |= (f << s) & g over W words; returns whether anything was set */
static int or_shl_and(Bits *acc, const Bits *f, const Bits *g, long W, long s)
{
    long q = s >> 6, i, a = f->lo + q, b = f->hi + q + 1;
    int r = (int)(s & 63);
    uint64_t any = 0;
    uint64_t *restrict d = acc->w;
    const uint64_t *restrict x = f->w, *restrict y = g->w;
    if (a < g->lo)
        a = g->lo;
    if (b > g->hi)
        b = g->hi;
    if (b > W - 1)
        b = W - 1;
    if (b < a)
        return 0;
    if (r == 0) {
        for (i = a; i <= b; i++) {
            uint64_t w = x[i - q] & y[i];
            d[i] |= w;
            any |= w;
        }
    } else {
        for (i = a; i <= b; i++) {
            uint64_t w = ((x[i - q] << r) | (x[i - q - 1] >> (64 - r))) & y[i];
            d[i] |= w;
            any |= w;
        }
    }
    if (any) {
        if (a < acc->lo)
            acc->lo = a;
        if (b > acc->hi)
            acc->hi = b;
    }
    return any != 0;
}

/* Shrink [lo, hi] to the non-zero words; false when all are zero */
static int tighten(Bits *x)
{
    while (x->lo <= x->hi && !x->w[x->lo])
        x->lo++;
    while (x->hi >= x->lo && !x->w[x->hi])
        x->hi--;
    return x->lo <= x->hi;
}

static PyObject *revise(PyObject *self, PyObject *args)
{
    PyObject *seq, *fast, *out = NULL;
    long e[4];
    if (!PyArg_ParseTuple(args, "Ollll", &seq, &e[0], &e[1], &e[2], &e[3]))
        return NULL;
    fast = PySequence_Fast(seq, "masks must be a sequence");
    if (!fast)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast), k;
    if (n > MAXN) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "line too long");
        return NULL;
    }
    int masks[MAXN], open[MAXN], nopen = 0;
    for (k = 0; k < n; k++) {
        long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, k));
        if (m == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return NULL;
        }
        masks[k] = (int)(m & 0x3fe);
    }
    Py_DECREF(fast);
    for (k = 0; k < n; k++) {
        int m = masks[k];
        if (!m)
            Py_RETURN_NONE;
        if (m & (m - 1)) {
            open[nopen++] = (int)k;
        } else {
            int d = __builtin_ctz(m), p;
            for (p = 0; p < 4; p++)
                e[p] -= EXP[d][p];
        }
    }
    if (e[0] < 0 || e[1] < 0 || e[2] < 0 || e[3] < 0)
        Py_RETURN_NONE;
    if (nopen > 0) {
        long stride[4], size = 1, target = 0, offs[10];
        int p, d;
        for (p = 0; p < 4; p++) {
            stride[p] = size;
            size *= e[p] + 1 + MAXE[p];
            if (size > MAX_BITS) {
                PyErr_SetString(PyExc_ValueError, "line state too large");
                return NULL;
            }
            target += e[p] * stride[p];
        }
        for (d = 0; d < 10; d++) {
            offs[d] = 0;
            for (p = 0; p < 4; p++)
                offs[d] += EXP[d][p] * stride[p];
        }
        long W = (size + 63) >> 6, i, P = W + 2;
        /* arrays: valid, target, f, acc, back[1..nopen-1], back[0]; each P words */
        uint64_t *mem = calloc((size_t)P * (nopen + 4), sizeof(uint64_t));
        if (!mem)
            return PyErr_NoMemory();
        uint64_t *valid = mem + 1;
        Bits tgt = {mem + P + 1, target >> 6, target >> 6};
        Bits f = {mem + 2 * P + 1, 0, 0}, acc = {mem + 3 * P + 1, W, -1};
        Bits *back = malloc(sizeof(Bits) * (nopen + 1));
        if (!back) {
            free(mem);
            return PyErr_NoMemory();
        }
        for (k = 0; k < nopen; k++) {
            back[k].w = mem + (4 + k) * P + 1;
            back[k].lo = W;
            back[k].hi = -1;
        }
        back[nopen] = tgt;
        tgt.w[target >> 6] = 1ULL << (target & 63);
        /* valid: every coordinate <= its target exponent (runs of e2 + 1 bits) */
        {
            long b, c, x, bit, end;
            for (x = 0; x <= e[3]; x++)
                for (c = 0; c <= e[2]; c++)
                    for (b = 0; b <= e[1]; b++) {
                        bit = x * stride[3] + c * stride[2] + b * stride[1];
                        end = bit + e[0];
                        for (; bit <= end; bit++)
                            valid[bit >> 6] |= 1ULL << (bit & 63);
                    }
        }
        /* backward: back[k] = union over digits of back[k+1] >> offs[d], within valid */
        int ok = 1;
        for (k = nopen - 1; k >= 0 && ok; k--) {
            int m = masks[open[k]];
            for (d = 1; d <= 9; d++)
                if (m >> d & 1)
                    or_shr(&back[k], &back[k + 1], offs[d]);
            for (i = back[k].lo; i <= back[k].hi; i++)
                back[k].w[i] &= valid[i];
            if (!tighten(&back[k]))
                ok = 0;
        }
        if (ok && !(back[0].lo == 0 && (back[0].w[0] & 1)))
            ok = 0;
        if (ok) {
            /* forward: f = {0}; keep the digits whose shifted states meet back[k+1] */
            Bits *cur = &f, *nxt = &acc;
            f.w[0] = 1;
            for (k = 0; k < nopen; k++) {
                int m = masks[open[k]], keep = 0;
                for (d = 1; d <= 9; d++)
                    if (m >> d & 1)
                        if (or_shl_and(nxt, cur, &back[k + 1], W, offs[d]))
                            keep |= 1 << d;
                masks[open[k]] = keep;
                for (i = cur->lo; i <= cur->hi; i++)
                    cur->w[i] = 0;
                cur->lo = W;
                cur->hi = -1;
                Bits *t = cur;
                cur = nxt;
                nxt = t;
            }
        }
        free(back);
        free(mem);
        if (!ok)
            Py_RETURN_NONE;
    } else if (e[0] || e[1] || e[2] || e[3]) {
        Py_RETURN_NONE;
    }
    out = PyTuple_New(n);
    if (!out)
        return NULL;
    for (k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(masks[k]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, k, v);
    }
    return out;
}

static PyMethodDef METHODS[] = {
    {"revise", revise, METH_VARARGS,
     "revise(masks, e2, e3, e5, e7) -> the line's masks made arc consistent, or None"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_lines",
                                    "Compiled line revision for CrossProduct.", -1, METHODS};

PyMODINIT_FUNC PyInit__lines(void) { return PyModule_Create(&MODULE); }
