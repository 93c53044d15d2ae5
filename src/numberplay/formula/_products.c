/* Compiled propagation search of the formula core for products, quotients, powers
 * and systems of equations (products.py has the pure-Python twin, `_Twin`, and
 * the description; the two visit the same nodes in the same order).
 *
 * Every equation is a sum of monomials coef * W1^e1 * ... = 0 over words; every
 * letter keeps a bit mask of digits. After each choice the masks are narrowed to
 * a fixpoint: a decided digit leaves the other letters; a digit of a letter
 * survives only if, with the letter added to the decided ones, every equation of
 * the letter holds exactly (all its letters decided), holds modulo B^k (its
 * highest column check whose letters are all decided, when the letter is one of
 * them) and its interval (each word between its smallest and largest digits)
 * contains 0. A letter left one digit is decided. Branching: the undecided letter
 * with the fewest digits, ties by rank; digits in increasing order.
 *
 * new(n, base, rank, words, eqs, doms, decided) -> state
 *   eqs: [(monomials [(coef, ((word, exponent), ...))], letter mask, [(mask, k)])]
 * run(state, max_nodes) -> (status, digits | None, nodes)
 *   status 1: a solution (digits by letter), 0: max_nodes spent, -1: no more.
 * Values are exact in 128-bit integers: the caller passes only programs whose
 * values fit in 120 bits and whose moduli B^k fit in 62.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define MAXN 62
#define MAXW 512
#define MAXWL 64
#define MAXE 64
#define MAXM 64
#define MAXF 8
#define MAXLV 64

typedef __int128 i128;
typedef unsigned long long u64;
typedef unsigned __int128 u128;

typedef struct {
    long long coef;
    int nf, w[MAXF], x[MAXF];
} Mono;

typedef struct {
    int nm, nlv, nl;
    Mono m[MAXM];
    u64 mask, lmask[MAXLV];
    int lk[MAXLV];
    int ll[MAXN];                   /* the linear part: letters, weights */
    i128 lw[MAXN], lwof[MAXN], cst;
    u64 *lwm;                       /* weights modulo each level's B^k (nlv x nl) */
    u64 cstm[MAXLV];
} Eq;

typedef struct {
    u64 dom[MAXN];
    u64 com;
    int li, entered;
    u64 todo;
} Frame;

typedef struct {
    int n, base, nw, ne, depth;
    int rank[MAXN];
    int wlen[MAXW];
    unsigned char wl[MAXW][MAXWL];
    u64 wmask[MAXW];                /* the letters of each word */
    i128 elo[MAXE], ehi[MAXE];      /* each linear part's bounds under the current masks */
    int wnd[MAXW];                  /* its distinct letters and their place values */
    unsigned char wdl[MAXW][MAXWL];
    i128 wdp[MAXW][MAXWL];
    i128 wlo[MAXW], whi[MAXW];      /* each word's bounds under the current masks */
    Eq eq[MAXE];
    int neo[MAXN], eo[MAXN][MAXE];
    u64 pw[MAXWL + 1];
    u64 full;
    Frame fr[MAXN + 2];
    int sol[MAXN];
} Prog;

static inline int lowd(u64 m) { return __builtin_ctzll(m); }
static inline int highd(u64 m) { return 63 - __builtin_clzll(m); }

static inline int digit_of(const u64 *dom, int c, int li, int d)
{
    return c == li ? d : lowd(dom[c]);
}

static i128 word_value(const Prog *p, int w, const u64 *dom, int li, int d)
{
    i128 v = 0;
    int j;
    for (j = 0; j < p->wlen[w]; j++)
        v = v * p->base + digit_of(dom, p->wl[w][j], li, d);
    return v;
}

static int exact_ok(const Prog *p, int e, const u64 *dom, int li, int d)
{
    const Eq *q = &p->eq[e];
    i128 total = q->cst;
    int a, f, x;
    for (a = 0; a < q->nl; a++)
        total += q->lw[a] * digit_of(dom, q->ll[a], li, d);
    for (a = 0; a < q->nm; a++) {
        i128 t = q->m[a].coef;
        for (f = 0; f < q->m[a].nf; f++) {
            i128 v = word_value(p, q->m[a].w[f], dom, li, d);
            for (x = 0; x < q->m[a].x[f]; x++)
                t *= v;
        }
        total += t;
    }
    return total == 0;
}

static inline u64 mulmod(u64 a, u64 b, u64 m) { return (u64)((u128)a * b % m); }

/* pw[k] = B^k for k = 0..top, 0 marking a modulus past 62 bits */
static void powers(u64 *pw, int top, int base)
{
    int k;
    pw[0] = 1;
    for (k = 1; k <= top; k++) {
        u128 v = (u128)pw[k - 1] * (u128)base;
        pw[k] = (pw[k - 1] && v < ((u128)1 << 62)) ? (u64)v : 0;
    }
}

static int residue_ok(const Prog *p, int e, int v, const u64 *dom, int li, int d)
{
    const Eq *q = &p->eq[e];
    int k = q->lk[v];
    u64 m = p->pw[k], total = q->cstm[v];
    const u64 *wm = q->lwm + (size_t)v * q->nl;
    int a, f, x, j;
    for (a = 0; a < q->nl; a++)
        if (wm[a])
            total = (total + mulmod(wm[a], (u64)digit_of(dom, q->ll[a], li, d), m)) % m;
    for (a = 0; a < q->nm; a++) {
        long long c = q->m[a].coef % (long long)m;
        u64 t = (u64)(c < 0 ? c + (long long)m : c);
        for (f = 0; f < q->m[a].nf && t; f++) {
            int w = q->m[a].w[f], len = p->wlen[w], from = len > k ? len - k : 0;
            u64 val = 0;
            for (j = from; j < len; j++)
                val = val * p->base + digit_of(dom, p->wl[w][j], li, d);
            for (x = 0; x < q->m[a].x[f]; x++)
                t = mulmod(t, val, m);
        }
        total = (total + t) % m;
    }
    return total == 0;
}

static void word_bounds(const Prog *p, int w, const u64 *dom, int li, int d, i128 *lo,
                        i128 *hi)
{
    i128 wl = 0, wh = 0;
    int j;
    for (j = 0; j < p->wlen[w]; j++) {
        int c = p->wl[w][j];
        if (c == li) {
            wl = wl * p->base + d;
            wh = wh * p->base + d;
        } else {
            wl = wl * p->base + lowd(dom[c]);
            wh = wh * p->base + highd(dom[c]);
        }
    }
    *lo = wl;
    *hi = wh;
}

/* the bounds of every word under the current masks (before a letter's digits are tested) */
static void cache_bounds(Prog *p, const u64 *dom)
{
    int w, e, a;
    for (w = 0; w < p->nw; w++)
        word_bounds(p, w, dom, -1, 0, &p->wlo[w], &p->whi[w]);
    for (e = 0; e < p->ne; e++) {
        const Eq *q = &p->eq[e];
        i128 lo = q->cst, hi = q->cst;
        for (a = 0; a < q->nl; a++) {
            i128 wt = q->lw[a];
            u64 m = dom[q->ll[a]];
            if (wt > 0) {
                lo += wt * lowd(m);
                hi += wt * highd(m);
            } else {
                lo += wt * highd(m);
                hi += wt * lowd(m);
            }
        }
        p->elo[e] = lo;
        p->ehi[e] = hi;
    }
}

/* the place value of letter li in word w (the sum over its places) */
static inline i128 place_of(const Prog *p, int w, int li)
{
    int j;
    for (j = 0; j < p->wnd[w]; j++)
        if (p->wdl[w][j] == li)
            return p->wdp[w][j];
    return 0;
}

static int bounds_ok(const Prog *p, int e, const u64 *dom, int li, int d)
{
    const Eq *q = &p->eq[e];
    i128 lo = p->elo[e], hi = p->ehi[e], wt = q->lwof[li];
    int a, f, x;
    if (wt > 0) {
        lo += wt * (d - lowd(dom[li]));
        hi += wt * (d - highd(dom[li]));
    } else if (wt < 0) {
        lo += wt * (d - highd(dom[li]));
        hi += wt * (d - lowd(dom[li]));
    }
    for (a = 0; a < q->nm; a++) {
        i128 pl = 1, ph = 1;
        for (f = 0; f < q->m[a].nf; f++) {
            int w = q->m[a].w[f];
            i128 wl = p->wlo[w], wh = p->whi[w];
            if (p->wmask[w] >> li & 1) {
                i128 pv = place_of(p, w, li);
                wl += (d - lowd(dom[li])) * pv;
                wh += (d - highd(dom[li])) * pv;
            }
            for (x = 0; x < q->m[a].x[f]; x++) {
                pl *= wl;
                ph *= wh;
            }
        }
        if (q->m[a].coef > 0) {
            lo += q->m[a].coef * pl;
            hi += q->m[a].coef * ph;
        } else {
            lo += q->m[a].coef * ph;
            hi += q->m[a].coef * pl;
        }
    }
    return lo <= 0 && 0 <= hi;
}

static int consistent(const Prog *p, int li, int d, const u64 *dom, u64 com)
{
    u64 known = com | 1ULL << li;
    int i, e, v;
    for (i = 0; i < p->neo[li]; i++) {
        const Eq *q;
        e = p->eo[li][i];
        q = &p->eq[e];
        if (!(q->mask & ~known)) {
            if (!exact_ok(p, e, dom, li, d))
                return 0;
            continue;
        }
        for (v = q->nlv - 1; v >= 0; v--)
            if (!(q->lmask[v] & ~known)) {
                if ((q->lmask[v] >> li & 1) && !residue_ok(p, e, v, dom, li, d))
                    return 0;
                break;
            }
        if (!bounds_ok(p, e, dom, li, d))
            return 0;
    }
    return 1;
}

/* narrow dom to the fixpoint; 0 on a contradiction */
static int propagate(Prog *p, u64 *dom, u64 *comp)
{
    int n = p->n, li;
    u64 com = *comp;
    for (;;) {
        int changed = 0;
        u64 used = 0;
        for (li = 0; li < n; li++)
            if (com >> li & 1) {
                if (dom[li] & used)
                    return 0;
                used |= dom[li];
            }
        for (li = 0; li < n; li++)
            if (!(com >> li & 1))
                dom[li] &= ~used;
        for (li = 0; li < n; li++) {
            u64 m, nd = 0;
            if (com >> li & 1)
                continue;
            cache_bounds(p, dom);
            m = dom[li];
            while (m) {
                u64 bit = m & (~m + 1);
                m ^= bit;
                if (consistent(p, li, lowd(bit), dom, com))
                    nd |= bit;
            }
            if (!nd)
                return 0;
            if (nd != dom[li]) {
                dom[li] = nd;
                changed = 1;
            }
            if (!(nd & (nd - 1))) {
                com |= 1ULL << li;
                changed = 1;
            }
        }
        if (!changed)
            break;
    }
    *comp = com;
    return 1;
}

static int leaf_ok(const Prog *p, const u64 *dom)
{
    int e;
    for (e = 0; e < p->ne; e++)
        if (!exact_ok(p, e, dom, -1, 0))
            return 0;
    return 1;
}

static int branch(const Prog *p, const u64 *dom, u64 com)
{
    int li, best = -1, bk = 99, br = 1 << 30;
    for (li = 0; li < p->n; li++)
        if (!(com >> li & 1)) {
            int k = __builtin_popcountll(dom[li]);
            if (k < bk || (k == bk && p->rank[li] < br)) {
                best = li;
                bk = k;
                br = p->rank[li];
            }
        }
    return best;
}

/* 1: a solution in p->sol; 0: max_nodes spent; -1: no more */
static int step(Prog *p, long long max_nodes, long long *out)
{
    long long nodes = 0;
    int n = p->n;
    while (p->depth >= 0) {
        Frame *f = &p->fr[p->depth], *c;
        u64 bit;
        if (!f->entered) {
            f->entered = 1;
            if (f->com == p->full) {
                int ok = leaf_ok(p, f->dom), li;
                p->depth--;
                if (ok) {
                    for (li = 0; li < n; li++)
                        p->sol[li] = lowd(f->dom[li]);
                    *out = nodes;
                    return 1;
                }
                continue;
            }
            f->li = branch(p, f->dom, f->com);
            f->todo = f->dom[f->li];
        }
        if (!f->todo) {
            p->depth--;
            continue;
        }
        if (nodes >= max_nodes) {
            *out = nodes;
            return 0;
        }
        bit = f->todo & (~f->todo + 1);
        f->todo ^= bit;
        nodes++;
        c = &p->fr[p->depth + 1];
        memcpy(c->dom, f->dom, sizeof(u64) * n);
        c->dom[f->li] = bit;
        c->com = f->com | 1ULL << f->li;
        if (propagate(p, c->dom, &c->com)) {
            c->entered = 0;
            p->depth++;
        }
    }
    *out = nodes;
    return -1;
}

/* ---- Python interface ---- */

static void prog_release(Prog *p)
{
    int e;
    for (e = 0; e < MAXE; e++)
        PyMem_Free(p->eq[e].lwm);
    PyMem_Free(p);
}

static void prog_free(PyObject *cap)
{
    prog_release(PyCapsule_GetPointer(cap, "numberplay.products"));
}

static int bad(const char *what)
{
    PyErr_SetString(PyExc_ValueError, what);
    return -1;
}

static int read_ints(PyObject *seq, int *out, int max, int *n, const char *what)
{
    PyObject *f = PySequence_Fast(seq, what);
    Py_ssize_t i, m;
    if (!f)
        return -1;
    m = PySequence_Fast_GET_SIZE(f);
    if (m > max) {
        Py_DECREF(f);
        return bad(what);
    }
    for (i = 0; i < m; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(f, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(f);
            return -1;
        }
        out[i] = (int)v;
    }
    *n = (int)m;
    Py_DECREF(f);
    return 0;
}

static int read_eq(Prog *p, Eq *q, PyObject *item)
{
    PyObject *monos, *levels, *lin, *mf, *lf;
    Py_ssize_t a, m;
    long long chi, clo;
    if (!PyArg_ParseTuple(item, "OKOOLL", &monos, &q->mask, &levels, &lin, &chi, &clo))
        return -1;
    q->cst = (i128)chi * ((i128)1 << 60) + clo;
    lf = PySequence_Fast(lin, "linear");
    if (!lf)
        return -1;
    m = PySequence_Fast_GET_SIZE(lf);
    if (m > MAXN) {
        Py_DECREF(lf);
        return bad("too many linear terms");
    }
    q->nl = (int)m;
    for (a = 0; a < m; a++) {
        long long whi, wlo;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(lf, a), "iLL", &q->ll[a], &whi, &wlo)
            || q->ll[a] < 0 || q->ll[a] >= p->n) {
            Py_DECREF(lf);
            if (!PyErr_Occurred())
                bad("bad linear term");
            return -1;
        }
        q->lw[a] = (i128)whi * ((i128)1 << 60) + wlo;
        q->lwof[q->ll[a]] = q->lw[a];
    }
    Py_DECREF(lf);
    mf = PySequence_Fast(monos, "monomials");
    if (!mf)
        return -1;
    m = PySequence_Fast_GET_SIZE(mf);
    if (m > MAXM) {
        Py_DECREF(mf);
        return bad("too many monomials");
    }
    q->nm = (int)m;
    for (a = 0; a < m; a++) {
        PyObject *factors, *ff;
        Mono *mo = &q->m[a];
        Py_ssize_t f, nf;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(mf, a), "LO", &mo->coef, &factors)) {
            Py_DECREF(mf);
            return -1;
        }
        ff = PySequence_Fast(factors, "factors");
        if (!ff) {
            Py_DECREF(mf);
            return -1;
        }
        nf = PySequence_Fast_GET_SIZE(ff);
        if (nf > MAXF) {
            Py_DECREF(ff);
            Py_DECREF(mf);
            return bad("too many factors");
        }
        mo->nf = (int)nf;
        for (f = 0; f < nf; f++) {
            if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(ff, f), "ii", &mo->w[f], &mo->x[f])
                || mo->w[f] < 0 || mo->w[f] >= p->nw || mo->x[f] < 0) {
                Py_DECREF(ff);
                Py_DECREF(mf);
                if (!PyErr_Occurred())
                    bad("bad factor");
                return -1;
            }
        }
        Py_DECREF(ff);
    }
    Py_DECREF(mf);
    lf = PySequence_Fast(levels, "levels");
    if (!lf)
        return -1;
    m = PySequence_Fast_GET_SIZE(lf);
    if (m > MAXLV) {
        Py_DECREF(lf);
        return bad("too many levels");
    }
    q->nlv = (int)m;
    for (a = 0; a < m; a++) {
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(lf, a), "Ki", &q->lmask[a], &q->lk[a])
            || q->lk[a] < 1 || q->lk[a] > MAXWL || p->pw[q->lk[a]] == 0) {
            Py_DECREF(lf);
            if (!PyErr_Occurred())
                bad("bad level");
            return -1;
        }
    }
    Py_DECREF(lf);
    q->lwm = PyMem_Malloc(sizeof(u64) * (size_t)(q->nlv * q->nl + 1));
    if (!q->lwm) {
        PyErr_NoMemory();
        return -1;
    }
    for (a = 0; a < q->nlv; a++) {
        i128 mod = (i128)p->pw[q->lk[a]], r;
        int t;
        for (t = 0; t < q->nl; t++) {
            r = q->lw[t] % mod;
            q->lwm[a * q->nl + t] = (u64)(r < 0 ? r + mod : r);
        }
        r = q->cst % mod;
        q->cstm[a] = (u64)(r < 0 ? r + mod : r);
    }
    return 0;
}

static PyObject *py_new(PyObject *self, PyObject *args)
{
    PyObject *rank, *words, *eqs, *doms, *wf = NULL, *ef = NULL, *df = NULL;
    int n, base, i, k, cnt;
    unsigned long long com;
    Prog *p;
    if (!PyArg_ParseTuple(args, "iiOOOOK", &n, &base, &rank, &words, &eqs, &doms, &com))
        return NULL;
    if (n < 1 || n > MAXN || base < 2 || base > 62) {
        PyErr_SetString(PyExc_ValueError, "1 to 62 letters, base 2 to 62");
        return NULL;
    }
    p = PyMem_Calloc(1, sizeof(Prog));
    if (!p)
        return PyErr_NoMemory();
    p->n = n;
    p->base = base;
    powers(p->pw, MAXWL, base);
    if (read_ints(rank, p->rank, MAXN, &cnt, "rank") < 0 || cnt != n) {
        if (!PyErr_Occurred())
            bad("rank: one per letter");
        goto fail;
    }
    wf = PySequence_Fast(words, "words");
    if (!wf)
        goto fail;
    p->nw = (int)PySequence_Fast_GET_SIZE(wf);
    if (p->nw > MAXW) {
        bad("too many words");
        goto fail;
    }
    for (i = 0; i < p->nw; i++) {
        int tmp[MAXWL], j;
        if (read_ints(PySequence_Fast_GET_ITEM(wf, i), tmp, MAXWL, &p->wlen[i], "word") < 0)
            goto fail;
        for (j = 0; j < p->wlen[i]; j++) {
            if (tmp[j] < 0 || tmp[j] >= n) {
                bad("letter out of range");
                goto fail;
            }
            p->wl[i][j] = (unsigned char)tmp[j];
            p->wmask[i] |= 1ULL << tmp[j];
        }
        {
            i128 place = 1;
            for (j = p->wlen[i] - 1; j >= 0; j--) {
                int c = p->wl[i][j], k;
                for (k = 0; k < p->wnd[i] && p->wdl[i][k] != c; k++)
                    ;
                if (k == p->wnd[i]) {
                    p->wdl[i][k] = (unsigned char)c;
                    p->wdp[i][k] = 0;
                    p->wnd[i]++;
                }
                p->wdp[i][k] += place;
                place *= base;
            }
        }
    }
    ef = PySequence_Fast(eqs, "equations");
    if (!ef)
        goto fail;
    p->ne = (int)PySequence_Fast_GET_SIZE(ef);
    if (p->ne > MAXE) {
        bad("too many equations");
        goto fail;
    }
    for (i = 0; i < p->ne; i++)
        if (read_eq(p, &p->eq[i], PySequence_Fast_GET_ITEM(ef, i)) < 0)
            goto fail;
    for (i = 0; i < n; i++) {
        int e;
        p->neo[i] = 0;
        for (e = 0; e < p->ne; e++)
            if (p->eq[e].mask >> i & 1)
                p->eo[i][p->neo[i]++] = e;
    }
    df = PySequence_Fast(doms, "doms");
    if (!df)
        goto fail;
    if (PySequence_Fast_GET_SIZE(df) != n) {
        bad("doms: one per letter");
        goto fail;
    }
    for (i = 0; i < n; i++) {
        p->fr[0].dom[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(df, i));
        if (PyErr_Occurred())
            goto fail;
    }
    Py_DECREF(wf);
    Py_DECREF(ef);
    Py_DECREF(df);
    p->full = (n == 64) ? ~0ULL : ((1ULL << n) - 1);
    p->fr[0].com = com;
    p->fr[0].entered = 0;
    p->depth = propagate(p, p->fr[0].dom, &p->fr[0].com) ? 0 : -1;
    return PyCapsule_New(p, "numberplay.products", prog_free);
fail:
    Py_XDECREF(wf);
    Py_XDECREF(ef);
    Py_XDECREF(df);
    prog_release(p);
    return NULL;
}

static PyObject *py_run(PyObject *self, PyObject *args)
{
    PyObject *cap;
    long long max_nodes, nodes = 0;
    Prog *p;
    int r, i;
    if (!PyArg_ParseTuple(args, "OL", &cap, &max_nodes))
        return NULL;
    p = PyCapsule_GetPointer(cap, "numberplay.products");
    if (!p)
        return NULL;
    r = step(p, max_nodes, &nodes);
    if (r == 1) {
        PyObject *t = PyTuple_New(p->n);
        if (!t)
            return NULL;
        for (i = 0; i < p->n; i++)
            PyTuple_SET_ITEM(t, i, PyLong_FromLong(p->sol[i]));
        return Py_BuildValue("iNL", 1, t, nodes);
    }
    return Py_BuildValue("iOL", r, Py_None, nodes);
}

static PyMethodDef methods[] = {
    {"new", py_new, METH_VARARGS,
     "new(n, base, rank, words, eqs, doms, decided) -> state"},
    {"run", py_run, METH_VARARGS, "run(state, max_nodes) -> (status, digits | None, nodes)"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_products",
    "Propagation search for products, quotients, powers and systems (see products.py).",
    -1, methods
};

PyMODINIT_FUNC PyInit__products(void)
{
    return PyModule_Create(&module);
}
