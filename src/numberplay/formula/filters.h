/* filters.h: the candidate filters of the formula core in C, the one copy the
 * compiled modules share (_filters.c gives them to filters.py, _settle.c runs its
 * fixpoint on them); filters.py is the pure-Python reference, node for node.
 *
 * - The exact support of one column equation
 *       sum(w_i * x_i) + const + cin = modulus * cout
 *   over letters of distinct digits (full arc consistency): the depth-first
 *   enumeration of `filters.column_support_py`: letters by (weight a multiple
 *   of base, -|weight|) (`sup_order`), bounds from the suffix minima and maxima,
 *   the last letter computed rather than tried, stopping as soon as every value
 *   is supported; with modulus > base (two columns read as one) the partial sum
 *   must be divisible by base once the letters of the lower column are placed.
 *   `sup_setup` then `sup_dfs`; a solution found is handed to `keep` (when set)
 *   as a witness of its values; `first` stops at the first solution.
 * - Hall's rule on the letters' digit masks (`hall`).
 *
 * An includer may set FILTERS_LMAX (letters of one equation, default 64) and
 * FILTERS_KMAX (values of one carry, default 64) before including this file.
 */
#ifndef NUMBERPLAY_FORMULA_FILTERS_H
#define NUMBERPLAY_FORMULA_FILTERS_H

#include <string.h>

#ifndef FILTERS_LMAX
#define FILTERS_LMAX 64
#endif
#ifndef FILTERS_KMAX
#define FILTERS_KMAX 64
#endif
#define HALL_MAX 12             /* filters.HALL_MAX: more undecided letters, not here */

typedef unsigned long long U64;

typedef struct Sup Sup;
struct Sup {
    int n, split, base, npairs, need, got, fast, first;
    long long coef[FILTERS_LMAX], sufmin[FILTERS_LMAX + 1], sufmax[FILTERS_LMAX + 1], cst,
        rmin, rmax;
    U64 dom[FILTERS_LMAX], supp[FILTERS_LMAX], sin, sout, needres;
    long long pr[FILTERS_KMAX * FILTERS_KMAX];
    int pci[FILTERS_KMAX * FILTERS_KMAX], pco[FILTERS_KMAX * FILTERS_KMAX];
    int path[FILTERS_LMAX];
    long long nodes, limit;
    int vals[FILTERS_LMAX][64], nvals[FILTERS_LMAX];
    void (*keep)(Sup *s, int k);        /* a solution found (carry pair k), or NULL */
    void *ctx;                          /* the keeper's */
};

static inline long long pmod(long long a, long long b)
{
    long long r = a % b;
    return r < 0 ? r + (b < 0 ? -b : b) : r;
}

static inline int popc(U64 x) { return __builtin_popcountll(x); }

static int sup_record(Sup *s, int k)
{
    int i, fresh = 0;
    for (i = 0; i < s->n; i++) {
        U64 b = 1ULL << s->path[i];
        if (!(s->supp[i] & b)) {
            s->supp[i] |= b;
            s->got++;
            fresh = 1;
        }
    }
    if (!(s->sin >> s->pci[k] & 1)) {
        s->sin |= 1ULL << s->pci[k];
        s->got++;
        fresh = 1;
    }
    if (!(s->sout >> s->pco[k] & 1)) {
        s->sout |= 1ULL << s->pco[k];
        s->got++;
        fresh = 1;
    }
    if ((fresh || s->first) && s->keep)
        s->keep(s, k);
    return s->first || s->got >= s->need;
}

/* 1: every value supported (stop), 0: go on, -1: too many nodes */
static int sup_dfs(Sup *s, int i, long long partial, U64 used)
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
        U64 dm = s->dom[i] & ~used;
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
    if (i == s->n - 2 && s->split != s->n - 1) {
        /* the last two letters: the child's work done here, node for node (it is
         * counted, bounded and its letter computed as sup_dfs would) */
        long long b = s->coef[i + 1];
        U64 dn = s->dom[i + 1];
        for (j = 0; j < s->nvals[i]; j++) {
            int x = s->vals[i][j];
            long long t2;
            U64 dm;
            if (used >> x & 1)
                continue;
            if (++s->nodes > s->limit)
                return -1;
            t2 = t + a * x;
            if (t2 + s->sufmin[i + 1] + s->rmin > 0 || t2 + s->sufmax[i + 1] + s->rmax < 0)
                continue;
            s->path[i] = x;
            dm = dn & ~(used | 1ULL << x);
            for (k = 0; k < s->npairs; k++) {
                long long num = -(t2 + s->pr[k]), y;
                if (num % b)
                    continue;
                y = num / b;
                if (y >= 0 && y < s->base && (dm >> y & 1)) {
                    s->path[i + 1] = (int)y;
                    if (sup_record(s, k))
                        return 1;
                }
            }
        }
        return 0;
    }
    for (j = 0; j < s->nvals[i]; j++) {
        int x = s->vals[i][j], r;
        if (used >> x & 1)
            continue;
        /* fast: the test of the split made here, before the child is visited (the
         * same tuples are found, in fewer nodes) */
        if (s->fast && i + 1 == s->split && !(s->needres >> pmod(t + a * x, s->base) & 1))
            continue;
        s->path[i] = x;
        r = sup_dfs(s, i + 1, partial + a * x, used | 1ULL << x);
        if (r)
            return r;
    }
    return 0;
}

/* The enumeration order of an equation's letters: weights that are multiples of
 * base last, then by -|weight| (stable), as column_support_py sorts. */
static void sup_order(const long long *w, int n, int base, int *order)
{
    int i, j;
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
}

/* The enumeration of one equation made ready: coefficients and domains in the
 * enumeration order (`split`: the first letter of the upper column, n when
 * none), the carries' values; 0 when a letter or the carries have no value. */
static int sup_setup(Sup *s, const long long *coef, const U64 *dom, int n, int split,
                     long long cst, int base, long long modulus, const long long *cinv,
                     int nin, const long long *coutv, int nout, long long limit)
{
    int i, j;
    U64 x;
    s->n = n;
    s->base = base;
    s->cst = cst;
    s->split = split;
    s->need = nin + nout;
    for (i = 0; i < n; i++) {
        s->coef[i] = coef[i];
        s->dom[i] = dom[i];
        s->supp[i] = 0;
        s->nvals[i] = 0;
        for (x = dom[i]; x; x &= x - 1)       /* the set bits, lowest first */
            s->vals[i][s->nvals[i]++] = __builtin_ctzll(x);
        if (!s->nvals[i])
            return 0;
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
    s->rmin = s->rmax = 0;
    for (i = 0; i < nin; i++) {
        s->needres |= 1ULL << pmod(-cinv[i], base);
        for (j = 0; j < nout; j++) {
            int k = s->npairs++;
            s->pr[k] = cinv[i] - modulus * coutv[j];
            s->pci[k] = i;
            s->pco[k] = j;
            if (k == 0 || s->pr[k] < s->rmin)
                s->rmin = s->pr[k];
            if (k == 0 || s->pr[k] > s->rmax)
                s->rmax = s->pr[k];
        }
    }
    s->sin = s->sout = 0;
    s->got = 0;
    s->nodes = 0;
    s->limit = limit;
    return s->npairs > 0;
}

/* Hall's rule on the letters' masks to the fixpoint, in place (filters.hall_py): a
 * decided letter's digit leaves the others; with `every` (as many letters as
 * digits) a digit one letter can take is that letter's; k undecided letters whose
 * digits are k between them keep those digits. 0 done, -1 contradiction, -2 more
 * than HALL_MAX letters undecided (m then unspecified). */
static int hall(U64 *m, int n, int base, int every)
{
    int i, j, changed;
    U64 uni[1 << HALL_MAX];
    do {
        int open[64], no = 0;
        unsigned int S, full;
        changed = 0;
        for (i = 0; i < n; i++) {
            if (!m[i])
                return -1;
            if (!(m[i] & (m[i] - 1)))
                for (j = 0; j < n; j++)
                    if (j != i && (m[j] & m[i])) {
                        m[j] &= ~m[i];
                        if (!m[j])
                            return -1;
                        changed = 1;
                    }
        }
        if (changed)
            continue;
        if (every)
            for (i = 0; i < base; i++) {
                int who = -1, cnt = 0;
                for (j = 0; j < n; j++)
                    if (m[j] >> i & 1) {
                        who = j;
                        cnt++;
                    }
                if (!cnt)
                    return -1;
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
            return -2;
        full = (1u << no) - 1;
        uni[0] = 0;
        for (S = 1; S <= full && !changed; S++) {
            int low = __builtin_ctz(S), size = popc(S), k;
            uni[S] = uni[S & (S - 1)] | m[open[low]];
            k = popc(uni[S]);
            if (k < size)
                return -1;
            if (k == size && size >= 2)
                for (j = 0; j < no; j++)
                    if (!(S >> j & 1) && (m[open[j]] & uni[S])) {
                        m[open[j]] &= ~uni[S];
                        changed = 1;
                    }
        }
    } while (changed);
    return 0;
}

#ifdef Py_PYTHON_H
/* n masks as a tuple of ints (NULL with an exception set) */
static PyObject *masks_tuple(const U64 *m, int n)
{
    PyObject *t = PyTuple_New(n);
    int i;
    if (!t)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(m[i]);
        if (!x) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}
#endif

#endif
