/*
 * _settle: the techniques' fixpoint of sums, in C, for the kernel's trial search.
 *
 * The compiled twin of `settle.Settle` (the techniques' common fixpoint of a
 * supposition, with the fixpoints found kept per supposition): the kernel asks
 * it (`FormulaRules.closes`) whether a supposition can close before following
 * it step by step. The Python class is the reference; the tests hold both to
 * the same results.
 *
 * A position is flat masks: the letters' digit masks, then the carries' value
 * masks (bit k = the carry's lowest value + k). A unit is a column of a sum or
 * two neighbouring columns read as one equation:
 *
 *     sum(w_i * x_i) + const + cin = modulus * cout
 *
 * over letters of distinct digits (modulus = base, or base^2 for two columns).
 * Its filter keeps every value some solution of the unit uses (full arc
 * consistency, by the enumeration of `filters.column_support_py`, node for
 * node, so the node limits give up exactly where the Python filter does).
 *
 * Settle(n, base, lo, units, ncols, holds): n letters, `lo` the lowest
 * value of every variable (0 for letters), `units` tuples (pair, weights, const,
 * letter indices, cin index or -1, cout index or -1), the columns first (ncols
 * of them); `holds(digits)` the formula's test when every letter is decided (or None).
 * `enabled` is False where the reference would use bounds (a column too wide to
 * enumerate): the caller then keeps to the Python classes.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define NMAX 64                 /* variables: letters and carries */
#define LMAX 6                  /* letters of a unit enumerated (candidates.WIDE_LETTERS) */
#define WIDE_CARRIES 12         /* more carry values: bounds (candidates.WIDE_CARRIES) */
#define KMAX (WIDE_CARRIES + 1)
#define UVMAX (LMAX + 2)
#define COLUMN_NODES 200000LL   /* candidates.COLUMN_NODES */
#define PAIR_NODES 30000LL      /* candidates.PAIR_NODES */
#define STRONG_NODES 1000000000LL   /* fixpoint.STRONG_NODES */
#define SUBSET_MAX 6            /* deduce.SUBSET_MAX */
#define KEEP 4                  /* fixpoint.Fixpoint.KEEP */
#define CACHE_BITS 8
#define ABORT (-100)            /* a Python error (err 1) or the bounds are needed (err 2) */

#define FILTERS_LMAX LMAX
#define FILTERS_KMAX KMAX
#include "filters.h"            /* the column enumeration and Hall's rule, shared */

/* ---- one unit's filter ------------------------------------------------------------ */

typedef struct {
    U64 key[UVMAX], res[UVMAX];
    int state;                  /* 0 empty, 1 a result, 2 contradiction */
} Entry;

typedef struct {
    int pair, nl, nv, cin, cout;        /* cin, cout: their place in var[], or -1 */
    int var[LMAX + 2];
    long long w[LMAX], cst;
    int inert;                          /* two columns with too many letters: never narrow */
    int order[LMAX], split;
    long long most;                     /* the most nodes the enumeration can visit */
    Entry *cache[2];                    /* the quick filter's, the exact filter's */
    /* residual supports: wit[q * 64 + v] a solution of the unit whose place q has
     * value v (letters' digits, carries' bits), valid where wvalid[q] has bit v */
    unsigned char (*wit)[LMAX + 2];
    U64 wvalid[LMAX + 2];
} Unit;

/* where a solution found is kept as a witness: the unit, its carries' bits by value */
typedef struct {
    Unit *u;
    int cinbit[KMAX], coutbit[KMAX];
} Witness;


/* The solution on the path (carry pair k) kept as the witness of each of its values */
static void keep_witness(Sup *s, int k)
{
    Witness *w = s->ctx;
    Unit *u = w->u;
    unsigned char t[LMAX + 2];
    int i, q;
    if (!u->wit)
        return;
    for (i = 0; i < s->n; i++)
        t[u->order[i]] = (unsigned char)s->path[i];
    if (u->cin >= 0)
        t[u->cin] = (unsigned char)w->cinbit[s->pci[k]];
    if (u->cout >= 0)
        t[u->cout] = (unsigned char)w->coutbit[s->pco[k]];
    for (q = 0; q < u->nv; q++) {
        memcpy(u->wit[q * 64 + t[q]], t, sizeof t);
        u->wvalid[q] |= 1ULL << t[q];
    }
}

/* The supported values of unit u's equation: 1 (masks in supp, carry indices in
 * sin/sout), 0 none, -1 over `limit` nodes (candidates.column_support_py). */
static int support(Unit *u, const U64 *dom, const long long *cinv, int nin,
                   const long long *coutv, int nout, int base, long long limit,
                   U64 *supp, U64 *sin, U64 *sout, int cinlo, int coutlo, int first)
{
    Sup s;
    Witness w;
    long long modulus = u->pair ? (long long)base * base : base, coef[LMAX];
    U64 d[LMAX];
    int i, n = u->nl, r;
    for (i = 0; i < n; i++) {
        coef[i] = u->w[u->order[i]];
        d[i] = dom[u->order[i]];
    }
    if (!sup_setup(&s, coef, d, n, u->split, u->cst, base, modulus, cinv, nin, coutv, nout,
                   limit))
        return 0;
    /* node for node as the reference only where its node limit could be reached */
    s.fast = u->most <= limit;
    s.first = first;
    w.u = u;
    for (i = 0; i < nin; i++)
        w.cinbit[i] = (int)(cinv[i] - cinlo);
    for (i = 0; i < nout; i++)
        w.coutbit[i] = (int)(coutv[i] - coutlo);
    s.keep = keep_witness;
    s.ctx = &w;
    r = sup_dfs(&s, 0, 0, 0);
    if (r < 0)
        return -1;
    if (first)
        return r;
    if (r == 1) {
        for (i = 0; i < n; i++)
            supp[i] = dom[i];
        *sin = nin >= 64 ? ~0ULL : (1ULL << nin) - 1;
        *sout = nout >= 64 ? ~0ULL : (1ULL << nout) - 1;
        return 1;
    }
    if (!s.sin)
        return 0;
    for (i = 0; i < n; i++)
        supp[u->order[i]] = s.supp[i];
    *sin = s.sin;
    *sout = s.sout;
    return 1;
}

/* ---- the deducer ------------------------------------------------------------------ */

typedef struct {
    U64 *base[KEEP], *fix[KEEP];       /* fix NULL: a contradiction */
    int count;
} Memo;

typedef struct {
    PyObject_HEAD
    int n, nv, base, every, ncols, nunits, enabled, err;
    int lo[NMAX];
    Unit *units;
    int *watch[NMAX], nwatch[NMAX];
    Memo *memo;                         /* per (variable, bit), made when first used */
    PyObject *holds;
} Deducer;

static U64 key_hash(const U64 *k, int n)
{
    U64 h = 0x9E3779B97F4A7C15ULL;
    int i;
    for (i = 0; i < n; i++) {
        h ^= k[i] + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
    }
    return h ^ (h >> 31);
}

/* The carry of unit place `p` (a variable index or -1) as values (ascending). */
static int carry_values(const Deducer *D, int p, U64 mask, long long *out)
{
    int k = 0, b;
    if (p < 0) {
        out[0] = 0;
        return 1;
    }
    for (; mask && k < KMAX; mask &= mask - 1) {      /* the set bits, lowest first */
        b = __builtin_ctzll(mask);
        out[k++] = D->lo[p] + b;
    }
    return k;
}

/* Unit u's filter on `key` (its variables' masks) into `out`: 1 a result, 0 a
 * contradiction, ABORT when the reference would use bounds (err 2). `strong`: the
 * exact filter of the fixpoint, else the technique's (node limits). */
#define RESIDUAL_MAX 512          /* more values without a witness: enumerate them all (measured: searching each is cheaper at any count) */

/* The exact filter by residual supports (the result is the same as the whole
 * enumeration's): a value whose kept witness still lies in the domains is
 * supported; for each other value a solution with that value is searched (the
 * first one ends the search and becomes its witness). 1 a result, 0 a
 * contradiction, 2 too many values without a witness (the caller enumerates). */
static int residual(Deducer *D, Unit *u, const U64 *key, U64 *out, int cin_var, int cout_var)
{
    U64 sup[LMAX + 2], tried[LMAX + 2];
    int q, p, nv = u->nv, missing = 0;
    for (q = 0; q < nv; q++) {
        if (!key[q])
            return 0;
        sup[q] = tried[q] = 0;
    }
    if (!u->wit) {
        u->wit = PyMem_Calloc((size_t)nv * 64 + 1, sizeof *u->wit);
        if (!u->wit)
            return 2;
    }
    for (q = 0; q < nv; q++) {
        U64 x = key[q] & u->wvalid[q];
        while (x) {
            int v = __builtin_ctzll(x);
            unsigned char *t = u->wit[q * 64 + v];
            x &= x - 1;
            if (sup[q] >> v & 1)
                continue;
            for (p = 0; p < nv && (key[p] >> t[p] & 1); p++)
                ;
            if (p == nv)
                for (p = 0; p < nv; p++)
                    sup[p] |= 1ULL << t[p];
        }
    }
    for (q = 0; q < nv; q++)
        missing += popc(key[q] & ~sup[q]);
    if (!missing) {
        memcpy(out, key, sizeof(U64) * nv);
        return 1;
    }
    if (missing > RESIDUAL_MAX)
        return 2;
    for (q = 0; q < nv; q++) {
        U64 x;
        while ((x = key[q] & ~sup[q] & ~tried[q])) {
            int v = __builtin_ctzll(x), nin, nout;
            long long cinv[KMAX], coutv[KMAX];
            U64 dom[LMAX + 2], s1[LMAX], a, b;
            tried[q] |= 1ULL << v;
            memcpy(dom, key, sizeof(U64) * nv);
            dom[q] = 1ULL << v;
            nin = carry_values(D, cin_var, u->cin >= 0 ? dom[u->cin] : 1, cinv);
            nout = carry_values(D, cout_var, u->cout >= 0 ? dom[u->cout] : 1, coutv);
            if (support(u, dom, cinv, nin, coutv, nout, D->base, STRONG_NODES, s1, &a, &b,
                        cin_var >= 0 ? D->lo[cin_var] : 0, cout_var >= 0 ? D->lo[cout_var] : 0,
                        1) == 1) {
                unsigned char *t = u->wit[q * 64 + v];
                for (p = 0; p < nv; p++)
                    sup[p] |= 1ULL << t[p];
            }
        }
    }
    for (q = 0; q < nv; q++) {
        out[q] = sup[q];
        if (!sup[q])
            return 0;
    }
    return 1;
}

static int filter_raw(Deducer *D, Unit *u, const U64 *key, U64 *out, int strong)
{
    long long limit = strong ? STRONG_NODES : (u->pair ? PAIR_NODES : COLUMN_NODES);
    long long cinv[KMAX], coutv[KMAX];
    int nin, nout, r, i, nl = u->nl, ci = -1, co = -1;
    U64 supp[LMAX], sin, sout;
    int cin_var = u->cin >= 0 ? u->var[u->cin] : -1, cout_var = u->cout >= 0 ? u->var[u->cout] : -1;
    memcpy(out, key, sizeof(U64) * u->nv);
    if (u->inert)
        return 1;
    if (u->cin >= 0)
        ci = u->cin;
    if (u->cout >= 0)
        co = u->cout;
    if ((ci >= 0 && popc(key[ci]) > WIDE_CARRIES) || (co >= 0 && popc(key[co]) > WIDE_CARRIES)) {
        if (u->pair)
            return 1;
        D->err = 2;
        return ABORT;
    }
    if (u->most <= limit) {     /* exact here: any way to the support will do */
        r = residual(D, u, key, out, cin_var, cout_var);
        if (r != 2)
            return r;
    }
    nin = carry_values(D, cin_var, ci >= 0 ? key[ci] : 1, cinv);
    nout = carry_values(D, cout_var, co >= 0 ? key[co] : 1, coutv);
    r = support(u, key, cinv, nin, coutv, nout, D->base, limit, supp, &sin, &sout,
                cin_var >= 0 ? D->lo[cin_var] : 0, cout_var >= 0 ? D->lo[cout_var] : 0, 0);
    if (r < 0) {
        if (u->pair)
            return 1;
        D->err = 2;
        return ABORT;
    }
    if (!r)
        return 0;
    for (i = 0; i < nl; i++)
        out[i] = supp[i];
    if (ci >= 0) {              /* carry index k -> the k-th value's bit */
        U64 m = 0;
        int k;
        for (k = 0; k < nin; k++)
            if (sin >> k & 1)
                m |= 1ULL << (cinv[k] - D->lo[cin_var]);
        out[ci] = m;
    }
    if (co >= 0) {
        U64 m = 0;
        int k;
        for (k = 0; k < nout; k++)
            if (sout >> k & 1)
                m |= 1ULL << (coutv[k] - D->lo[cout_var]);
        out[co] = m;
    }
    return 1;
}

/* filter_raw through the unit's cache */
static int filter(Deducer *D, Unit *u, const U64 *key, U64 *out, int strong)
{
    Entry *e;
    int r;
    if (u->most <= (u->pair ? PAIR_NODES : COLUMN_NODES))
        strong = 1;             /* neither filter can give up: the same results, one cache */
    if (!u->cache[strong]) {
        u->cache[strong] = PyMem_Calloc((size_t)1 << CACHE_BITS, sizeof(Entry));
        if (!u->cache[strong]) {
            PyErr_NoMemory();
            D->err = 1;
            return ABORT;
        }
    }
    e = &u->cache[strong][key_hash(key, u->nv) & ((1u << CACHE_BITS) - 1)];
    if (e->state && !memcmp(e->key, key, sizeof(U64) * u->nv)) {
        if (e->state == 2)
            return 0;
        memcpy(out, e->res, sizeof(U64) * u->nv);
        return 1;
    }
    r = filter_raw(D, u, key, out, strong);
    if (r == ABORT)
        return r;
    memcpy(e->key, key, sizeof(U64) * u->nv);
    if (r)
        memcpy(e->res, out, sizeof(U64) * u->nv);
    e->state = r ? 1 : 2;
    return r;
}

/* ---- letters take distinct digits ---------------------------------------------------- */

/* Does hall change nothing in the letters of m? */
static int hall_still(const Deducer *D, const U64 *m)
{
    U64 c[NMAX];
    memcpy(c, m, sizeof(U64) * D->n);
    return hall(c, D->n, D->base, D->every) == 0 && !memcmp(c, m, sizeof(U64) * D->n);
}

/* columns.clear_decided: 1, or 0 on a contradiction */
static int settle(const Deducer *D, U64 *m)
{
    int n = D->n, i, j, changed = 1;
    while (changed) {
        changed = 0;
        for (i = 0; i < n; i++) {
            U64 x = m[i];
            if (!x)
                return 0;
            if (!(x & (x - 1)))
                for (j = 0; j < n; j++)
                    if (j != i && (m[j] & x)) {
                        m[j] &= ~x;
                        if (!m[j])
                            return 0;
                        changed = 1;
                    }
        }
    }
    for (i = n; i < D->nv; i++)
        if (!m[i])
            return 0;
    return 1;
}

/* deduce.tech_different on masks, the hall test before it done by the caller: 1 it
 * narrowed m, 0 nothing found, -1 contradiction */
static int different_once(const Deducer *D, U64 *m)
{
    int n = D->n, open[NMAX], no = 0, i, j, d, size, top;
    for (i = 0; i < n; i++)
        if (popc(m[i]) != 1)
            open[no++] = i;
    if (n == D->base)
        for (d = 0; d < D->base; d++) {
            int who = -1, cnt = 0;
            for (j = 0; j < n; j++)
                if (m[j] >> d & 1) {
                    if (who < 0)
                        who = j;
                    cnt++;
                }
            if (!cnt)
                return -1;
            if (cnt == 1 && popc(m[who]) != 1) {
                m[who] &= 1ULL << d;
                return 1;
            }
        }
    top = no <= 12 ? no : SUBSET_MAX;
    for (size = 2; size <= top; size++) {
        int small[NMAX], ns = 0, idx[NMAX], k;
        for (i = 0; i < no; i++)
            if (popc(m[open[i]]) <= size)
                small[ns++] = open[i];
        if (ns < size)
            continue;
        for (k = 0; k < size; k++)
            idx[k] = k;
        for (;;) {              /* itertools.combinations(small, size), in its order */
            U64 uni = 0;
            int cnt, hit = 0;
            for (k = 0; k < size; k++)
                uni |= m[small[idx[k]]];
            cnt = popc(uni);
            if (cnt < size)
                return -1;
            if (cnt == size) {
                for (i = 0; i < no; i++) {
                    int c = open[i], in = 0;
                    for (k = 0; k < size; k++)
                        if (small[idx[k]] == c)
                            in = 1;
                    if (!in && (m[c] & uni)) {
                        m[c] &= ~uni;
                        hit = 1;
                    }
                }
                if (hit)
                    return 1;
            }
            k = size - 1;
            while (k >= 0 && idx[k] == ns - size + k)
                k--;
            if (k < 0)
                break;
            idx[k]++;
            for (j = k + 1; j < size; j++)
                idx[j] = idx[j - 1] + 1;
        }
    }
    return 0;
}

/* deduce.different_fixpoint on masks: 1, 0 contradiction */
static int different_fix(const Deducer *D, U64 *m)
{
    for (;;) {
        int r;
        if (!settle(D, m))
            return 0;
        if (hall_still(D, m))
            return 1;
        r = different_once(D, m);
        if (r == 0)
            return 1;
        if (r < 0)
            return 0;
    }
}

/* formula false with every letter decided: 1 it is, 0 not (or undecided), ABORT */
static int formula_false(Deducer *D, const U64 *m)
{
    PyObject *env, *res;
    int i, t;
    for (i = 0; i < D->n; i++)
        if (m[i] & (m[i] - 1))
            return 0;
    if (D->holds == Py_None)
        return 0;
    env = PyList_New(D->n);
    if (!env) {
        D->err = 1;
        return ABORT;
    }
    for (i = 0; i < D->n; i++)
        PyList_SET_ITEM(env, i, PyLong_FromLong(__builtin_ctzll(m[i])));
    res = PyObject_CallOneArg(D->holds, env);
    Py_DECREF(env);
    if (!res) {
        D->err = 1;
        return ABORT;
    }
    t = PyObject_IsTrue(res);
    Py_DECREF(res);
    if (t < 0) {
        D->err = 1;
        return ABORT;
    }
    return !t;
}

/* ---- the fixpoint (fixpoint.Fixpoint.run) ------------------------------------------ */

/* Units waiting to be filtered: two FIFO queues, the columns' served first (a
 * column costs little, two columns read together much more, and the fixpoint does
 * not depend on the order: the pairs then see narrower domains). */
typedef struct {
    int q[2][1024], head[2], tail[2], len[2];
    char queued[1024];
} Queue;

static void push(const Deducer *D, Queue *Q, const int *vs, int nvs)
{
    int i, j;
    for (i = 0; i < nvs; i++)
        for (j = 0; j < D->nwatch[vs[i]]; j++) {
            int u = D->watch[vs[i]][j], k = u >= D->ncols;
            if (!Q->queued[u]) {
                Q->queued[u] = 1;
                Q->q[k][Q->tail[k]] = u;
                Q->tail[k] = (Q->tail[k] + 1) % 1024;
                Q->len[k]++;
            }
        }
}

static int pop(Queue *Q)
{
    int k = Q->len[0] ? 0 : 1, u = Q->q[k][Q->head[k]];
    Q->head[k] = (Q->head[k] + 1) % 1024;
    Q->len[k]--;
    Q->queued[u] = 0;
    return u;
}

/* Fixpoint._hall: 1, 0 contradiction; the letters that changed appended */
static int fix_hall(const Deducer *D, U64 *m, int *changed, int *nch)
{
    U64 c[NMAX];
    int r, i;
    memcpy(c, m, sizeof(U64) * D->nv);
    r = hall(c, D->n, D->base, D->every);
    if (r == -1)
        return 0;
    if (r == -2) {
        memcpy(c, m, sizeof(U64) * D->nv);
        if (!different_fix(D, c))
            return 0;
    }
    for (i = 0; i < D->n; i++)
        if (m[i] != c[i]) {
            m[i] = c[i];
            changed[(*nch)++] = i;
        }
    return 1;
}

/* The fixpoint from m (in place), the units of `dirty` first: 1, 0 contradiction, ABORT */
static int run(Deducer *D, U64 *m, const int *dirty, int ndirty)
{
    Queue Q;
    int changed[NMAX * 2], nch = 0, i;
    Q.head[0] = Q.tail[0] = Q.len[0] = Q.head[1] = Q.tail[1] = Q.len[1] = 0;
    memset(Q.queued, 0, (size_t)D->nunits);
    if (!fix_hall(D, m, changed, &nch))
        return 0;
    push(D, &Q, dirty, ndirty);
    push(D, &Q, changed, nch);
    while (Q.len[0] || Q.len[1]) {
        int u = pop(&Q), r;
        Unit *U = &D->units[u];
        U64 key[UVMAX], out[UVMAX];
        nch = 0;
        for (i = 0; i < U->nv; i++)
            key[i] = m[U->var[i]];
        r = filter(D, U, key, out, 1);
        if (r == ABORT)
            return r;
        if (!r)
            return 0;
        for (i = 0; i < U->nv; i++)
            if (key[i] != out[i]) {
                m[U->var[i]] = out[i];
                changed[nch++] = U->var[i];
            }
        if (nch) {
            if (changed[0] < D->n && !fix_hall(D, m, changed, &nch))
                return 0;
            push(D, &Q, changed, nch);
        }
    }
    i = formula_false(D, m);
    if (i == ABORT)
        return i;
    return !i;
}

/* Fixpoint.closes_masks: 1 the fixpoint of supposing bit b of variable v (m: the
 * position after it) is a contradiction, 0 not, ABORT */
static int closes(Deducer *D, int v, int b, const U64 *m)
{
    Memo *M;
    U64 *res = NULL, *nb, *nf;
    int nv = D->nv, e, i, r, found = 0, hit = -1;
    size_t sz = sizeof(U64) * nv;
    if (!D->memo) {
        D->memo = PyMem_Calloc((size_t)nv * 64, sizeof(Memo));
        if (!D->memo) {
            PyErr_NoMemory();
            D->err = 1;
            return ABORT;
        }
    }
    M = &D->memo[v * 64 + b];
    nf = PyMem_Malloc(sz);
    nb = PyMem_Malloc(sz);
    if (!nf || !nb) {
        PyMem_Free(nf);
        PyMem_Free(nb);
        PyErr_NoMemory();
        D->err = 1;
        return ABORT;
    }
    memcpy(nb, m, sz);
    for (e = 0; e < M->count && !found; e++) {
        U64 *base = M->base[e], *fix = M->fix[e];
        for (i = 0; i < nv; i++)
            if (m[i] & ~base[i])
                break;
        if (i < nv)
            continue;
        found = 1;
        hit = e;
        if (!fix) {
            r = 0;
        } else {
            int dirty[NMAX], nd = 0;
            for (i = 0; i < nv; i++) {
                nf[i] = fix[i] & m[i];
                if (nf[i] != fix[i])
                    dirty[nd++] = i;
            }
            r = nd ? run(D, nf, dirty, nd) : 1;
        }
    }
    if (!found) {
        int dirty[NMAX];
        for (i = 0; i < nv; i++)
            dirty[i] = i;
        memcpy(nf, m, sz);
        r = run(D, nf, dirty, nv);
    }
    if (r == ABORT) {
        PyMem_Free(nf);
        PyMem_Free(nb);
        return r;
    }
    if (r)
        res = nf;
    else
        PyMem_Free(nf);
    if (hit > 0) {              /* the entry used moves to the front (least recently used goes) */
        U64 *hb = M->base[hit], *hf = M->fix[hit];
        for (e = hit; e > 0; e--) {
            M->base[e] = M->base[e - 1];
            M->fix[e] = M->fix[e - 1];
        }
        M->base[0] = hb;
        M->fix[0] = hf;
    }
    if (M->count == KEEP) {     /* the least recently used goes */
        M->count--;
        PyMem_Free(M->base[M->count]);
        PyMem_Free(M->fix[M->count]);
    }
    for (e = M->count; e > 0; e--) {
        M->base[e] = M->base[e - 1];
        M->fix[e] = M->fix[e - 1];
    }
    M->base[0] = nb;
    M->fix[0] = res;
    M->count++;
    return res == NULL;
}

/* ---- Python glue ------------------------------------------------------------------- */

static int read_masks(const Deducer *D, PyObject *seq, U64 *m)
{
    PyObject *f = PySequence_Fast(seq, "masks must be a sequence");
    int i;
    if (!f)
        return -1;
    if (PySequence_Fast_GET_SIZE(f) != D->nv) {
        Py_DECREF(f);
        PyErr_SetString(PyExc_ValueError, "one mask per letter and carry");
        return -1;
    }
    for (i = 0; i < D->nv; i++)
        m[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(f, i));
    Py_DECREF(f);
    return PyErr_Occurred() ? -1 : 0;
}

/* the error of an ABORT: a Python exception stays, the need for bounds returns -1 */
static PyObject *aborted(Deducer *D)
{
    int err = D->err;
    D->err = 0;
    if (err == 2)
        return PyLong_FromLong(-1);
    return NULL;
}

static int read_ints(PyObject *seq, long long *out, int max, int *n, const char *what)
{
    PyObject *f = PySequence_Fast(seq, what);
    Py_ssize_t i, k;
    if (!f)
        return -1;
    k = PySequence_Fast_GET_SIZE(f);
    if (k > max) {
        Py_DECREF(f);
        *n = (int)k;
        return 1;               /* too many: the caller disables */
    }
    for (i = 0; i < k; i++)
        out[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(f, i));
    Py_DECREF(f);
    *n = (int)k;
    return PyErr_Occurred() ? -1 : 0;
}

static void ded_free_parts(Deducer *D)
{
    int i, e;
    if (D->units) {
        for (i = 0; i < D->nunits; i++) {
            PyMem_Free(D->units[i].cache[0]);
            PyMem_Free(D->units[i].cache[1]);
            PyMem_Free(D->units[i].wit);
        }
        PyMem_Free(D->units);
        D->units = NULL;
    }
    for (i = 0; i < NMAX; i++) {
        PyMem_Free(D->watch[i]);
        D->watch[i] = NULL;
    }
    if (D->memo) {
        for (i = 0; i < D->nv * 64; i++)
            for (e = 0; e < D->memo[i].count; e++) {
                PyMem_Free(D->memo[i].base[e]);
                PyMem_Free(D->memo[i].fix[e]);
            }
        PyMem_Free(D->memo);
        D->memo = NULL;
    }
}

static void ded_dealloc(Deducer *D)
{
    ded_free_parts(D);
    Py_XDECREF(D->holds);
    Py_TYPE(D)->tp_free((PyObject *)D);
}

/* one unit from (pair, weights, const, letters, cin, cout); 1 ok, 0 too wide, -1 error */
static int read_unit(Deducer *D, PyObject *spec, Unit *u)
{
    PyObject *weights, *letters;
    long long w[64], li[64];
    int pair, cin, cout, nw, nl, i, r;
    long long cst;
    if (!PyArg_ParseTuple(spec, "pOLOii", &pair, &weights, &cst, &letters, &cin, &cout))
        return -1;
    r = read_ints(weights, w, 64, &nw, "weights must be a sequence");
    if (r < 0)
        return -1;
    if (r > 0)
        nw = 65;
    r = read_ints(letters, li, 64, &nl, "letters must be a sequence");
    if (r < 0)
        return -1;
    if (r > 0 || nl != nw) {
        if (nl != nw && r == 0 && nw <= 64) {
            PyErr_SetString(PyExc_ValueError, "one weight per letter");
            return -1;
        }
    }
    memset(u, 0, sizeof(Unit));
    u->pair = pair;
    u->cst = cst;
    u->cin = u->cout = -1;
    if (nl > LMAX) {
        if (!pair)
            return 0;           /* a column the reference bounds */
        u->inert = 1;
        u->nl = u->nv = 0;
        return 1;
    }
    u->nl = nl;
    for (i = 0; i < nl; i++) {
        if (li[i] < 0 || li[i] >= D->n) {
            PyErr_SetString(PyExc_ValueError, "letter index out of range");
            return -1;
        }
        u->w[i] = w[i];
        u->var[i] = (int)li[i];
    }
    u->nv = nl;
    if (cin >= 0) {
        u->cin = u->nv;
        u->var[u->nv++] = cin;
    }
    if (cout >= 0) {
        u->cout = u->nv;
        u->var[u->nv++] = cout;
    }
    for (i = nl; i < u->nv; i++)
        if (u->var[i] < D->n || u->var[i] >= D->nv) {
            PyErr_SetString(PyExc_ValueError, "carry index out of range");
            return -1;
        }
    sup_order(u->w, nl, D->base, u->order);     /* as column_support_py sorts */
    {                                   /* the prefixes of distinct digits, nl - 1 long at most */
        long long p = 1;
        u->most = 1;
        for (i = 0; i < nl - 1 && u->most <= STRONG_NODES; i++) {
            p *= D->base - i > 0 ? D->base - i : 0;
            u->most += p;
        }
    }
    u->split = nl;
    if (pair)
        for (i = 0; i < nl; i++)
            if (u->w[u->order[i]] % D->base == 0) {
                u->split = i;
                break;
            }
    return 1;
}

static int ded_init(Deducer *D, PyObject *args, PyObject *kw)
{
    PyObject *lo, *units, *holds, *uf = NULL;
    long long tmp[NMAX];
    int n, base, ncols, i, j, r, k;
    if (!PyArg_ParseTuple(args, "iiOOiO", &n, &base, &lo, &units, &ncols, &holds))
        return -1;
    ded_free_parts(D);
    D->enabled = 0;
    D->err = 0;
    Py_INCREF(holds);
    Py_XSETREF(D->holds, holds);
    if (base < 2 || base > 63 || n < 0 || n > 63) {
        D->n = D->nv = D->nunits = 0;
        return 0;               /* not enabled */
    }
    D->n = n;
    D->base = base;
    D->every = n == base;
    r = read_ints(lo, tmp, NMAX, &k, "lo must be a sequence");
    if (r < 0)
        return -1;
    if (r > 0 || k < n) {
        D->nv = D->nunits = 0;
        return 0;
    }
    D->nv = k;
    for (i = 0; i < k; i++)
        D->lo[i] = (int)tmp[i];
    uf = PySequence_Fast(units, "units must be a sequence");
    if (!uf)
        return -1;
    D->nunits = (int)PySequence_Fast_GET_SIZE(uf);
    if (D->nunits > 1024 || ncols > D->nunits) {
        Py_DECREF(uf);
        D->nunits = 0;
        return 0;
    }
    D->ncols = ncols;
    D->units = PyMem_Calloc(D->nunits ? D->nunits : 1, sizeof(Unit));
    if (!D->units) {
        Py_DECREF(uf);
        PyErr_NoMemory();
        return -1;
    }
    D->enabled = 1;
    for (i = 0; i < D->nunits; i++) {
        r = read_unit(D, PySequence_Fast_GET_ITEM(uf, i), &D->units[i]);
        if (r < 0) {
            Py_DECREF(uf);
            return -1;
        }
        if (r == 0)
            D->enabled = 0;
    }
    Py_DECREF(uf);
    for (i = n; i < D->nv; i++)         /* carries of more values: the reference bounds */
        if (D->lo[i] < -(1 << 20) || D->lo[i] > (1 << 20))
            D->enabled = 0;
    for (i = 0; i < D->nv; i++) {
        int cnt = 0;
        for (j = 0; j < D->nunits; j++) {
            Unit *u = &D->units[j];
            for (k = 0; k < u->nv; k++)
                if (u->var[k] == i)
                    cnt++;
        }
        D->nwatch[i] = 0;
        D->watch[i] = PyMem_Malloc(sizeof(int) * (cnt ? cnt : 1));
        if (!D->watch[i]) {
            PyErr_NoMemory();
            return -1;
        }
        for (j = 0; j < D->nunits; j++) {
            Unit *u = &D->units[j];
            for (k = 0; k < u->nv; k++)
                if (u->var[k] == i)
                    D->watch[i][D->nwatch[i]++] = j;
        }
    }
    return 0;
}

static PyObject *ded_closes(Deducer *D, PyObject *args)
{
    PyObject *seq;
    int v, b, r;
    U64 m[NMAX];
    if (!PyArg_ParseTuple(args, "iiO", &v, &b, &seq))
        return NULL;
    if (!D->enabled || v < 0 || v >= D->nv || b < 0 || b > 63) {
        PyErr_SetString(PyExc_ValueError, "not enabled, or no such variable");
        return NULL;
    }
    if (read_masks(D, seq, m) < 0)
        return NULL;
    r = closes(D, v, b, m);
    if (r == ABORT)
        return aborted(D);
    return PyBool_FromLong(r);
}

static PyObject *ded_fixpoint(Deducer *D, PyObject *args)
{
    PyObject *seq;
    int r, i, dirty[NMAX];
    U64 m[NMAX];
    if (!PyArg_ParseTuple(args, "O", &seq))
        return NULL;
    if (!D->enabled) {
        PyErr_SetString(PyExc_ValueError, "not enabled");
        return NULL;
    }
    if (read_masks(D, seq, m) < 0)
        return NULL;
    for (i = 0; i < D->nv; i++)
        dirty[i] = i;
    r = run(D, m, dirty, D->nv);
    if (r == ABORT)
        return aborted(D);
    if (!r)
        Py_RETURN_NONE;
    return masks_tuple(m, D->nv);
}

/* The ladder's `column sum` and `two columns` rungs: the first unit of first..last-1
 * whose filter (the ladder's, with its node limits) narrows m: (unit, its masks
 * after) or (unit, None) when nothing fits; None when none narrows; -1 where the
 * Python filter would use bounds (a column too wide to enumerate). */
static PyObject *ded_narrow(Deducer *D, PyObject *args)
{
    PyObject *seq, *t;
    int first, last, u, i, r;
    U64 m[NMAX];
    if (!PyArg_ParseTuple(args, "Oii", &seq, &first, &last))
        return NULL;
    if (!D->enabled || first < 0 || last > D->nunits) {
        PyErr_SetString(PyExc_ValueError, "not enabled, or no such unit");
        return NULL;
    }
    if (read_masks(D, seq, m) < 0)
        return NULL;
    for (u = first; u < last; u++) {
        Unit *U = &D->units[u];
        U64 key[UVMAX], out[UVMAX];
        for (i = 0; i < U->nv; i++)
            key[i] = m[U->var[i]];
        r = filter(D, U, key, out, 0);
        if (r == ABORT)
            return aborted(D);
        if (!r)
            return Py_BuildValue("(iO)", u, Py_None);
        if (!memcmp(key, out, sizeof(U64) * U->nv))
            continue;
        t = masks_tuple(out, U->nv);
        if (!t)
            return NULL;
        return Py_BuildValue("(iN)", u, t);
    }
    Py_RETURN_NONE;
}

static PyObject *ded_enabled(Deducer *D, void *closure)
{
    return PyBool_FromLong(D->enabled);
}

static PyMethodDef ded_methods[] = {
    {"closes", (PyCFunction)ded_closes, METH_VARARGS,
     "closes(var, bit, masks) -> bool | -1: is the fixpoint after supposing it a "
     "contradiction (-1: bounds needed)"},
    {"fixpoint", (PyCFunction)ded_fixpoint, METH_VARARGS,
     "fixpoint(masks) -> masks | None | -1"},
    {"narrow", (PyCFunction)ded_narrow, METH_VARARGS,
     "narrow(masks, first, last) -> (unit, masks | None) | None | -1: the first unit "
     "the ladder's filter narrows"},
    {NULL, NULL, 0, NULL}
};

static PyGetSetDef ded_getset[] = {
    {"enabled", (getter)ded_enabled, NULL, "whether the model is covered here", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyTypeObject SettleType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "numberplay.formula._settle.Settle",
    .tp_basicsize = sizeof(Deducer),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The techniques' fixpoint of one sum model on masks.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)ded_init,
    .tp_dealloc = (destructor)ded_dealloc,
    .tp_methods = ded_methods,
    .tp_getset = ded_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_settle",
    "The techniques' fixpoint of sums, for the trial search (see settle.py).", -1, NULL
};

PyMODINIT_FUNC PyInit__settle(void)
{
    PyObject *m;
    if (PyType_Ready(&SettleType) < 0)
        return NULL;
    m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF(&SettleType);
    if (PyModule_AddObject(m, "Settle", (PyObject *)&SettleType) < 0) {
        Py_DECREF(&SettleType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
