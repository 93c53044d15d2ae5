/* Compiled column search of the formula core, for the alphametic word-list
 * generator (wordlist.py of the sum-of-words kind): how many solutions has
 * W1 + ... + Wk = S (each letter a distinct digit in base B, no leading zero
 * on a word of two or more letters)? A word is a byte string of letter codes
 * 0..255: the caller numbers the letters of its alphabet (any alphabet).
 *
 * The same search as wordlist.count_columns (the pure-Python reference):
 * columns from the right with their carries; in each column the addends'
 * letters not yet given a digit are tried, then the sum's letter is computed
 * (the column total modulo B) rather than tried; after every column the
 * whole sum is checked against the largest and smallest totals the letters
 * still free can reach (each letter's weight is its place values in the
 * addends minus those in the sum). Before the columns from the right, the
 * letters of the top column (and of the next ones, up to PRE_MAX letters) are
 * tried: their weights dominate, so the bound then cuts at once what the
 * columns from the right would refute only at the end (EPSILON + ... = UPSILON).
 *
 * count(addends, total, base, limit, max_nodes) -> (count, digits, nodes)
 *   count: solutions found, stopping at limit; -1 if max_nodes ran out first;
 *   digits: the first solution, 256 bytes (the digit of letter code c at c, 255
 *   if absent), or None.
 * unique_sums(addends, sums, base, max_nodes) -> (uniques, undecided, nodes)
 *   for each candidate sum in `sums` (a sequence of bytes): uniques is a list
 *   of (index, digits) for the sums with exactly one solution, undecided the
 *   indices whose node budget ran out. A sum where two letters have the same
 *   weight and leading-zero rule is not searched: swapping their digits turns
 *   any solution into another, so it cannot have exactly one.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define MAXL 36      /* letters of one sum: at most the base's digits */
#define NCODES 256   /* letter codes */
#define MAXTERMS 64
#define MAXLEN 40
#define MAXSTEPS (MAXTERMS * MAXLEN + MAXLEN + 8)

#define PRE_MAX 4   /* letters of the top columns tried before the columns from the right */

typedef struct {
    int base, nl, nsteps;
    unsigned char op[MAXSTEPS];     /* 0: add an addend's letter, 1: the sum's letter */
    unsigned char let[MAXSTEPS];
    int rest_from[MAXSTEPS];        /* order[rest_from..nl) are still free after this step */
    int order[MAXL];
    long long W[MAXL];
    int lead[MAXL];
    int digit[MAXL];
    unsigned long long used;
    long long P;
    int count, limit, aborted;
    int sol[MAXL];
    long long nodes, max_nodes;
    int code[MAXL];                 /* local letter -> its letter code */
    /* the letters order[r..nl) by weight: positive ones largest first, negative
       ones most negative first */
    signed char pos[MAXL + 1][MAXL], neg[MAXL + 1][MAXL];
    int npos[MAXL + 1], nneg[MAXL + 1];
} Prob;

/* Can the free letters still make the whole weighted sum zero?  The largest
 * total gives the positive weights the largest free digits (largest weight with
 * largest digit) and the negative ones the smallest; the smallest total the
 * reverse (the rearrangement inequality; leading zeros are not excluded here,
 * so the bound is safe). */
static int bound_ok(Prob *p, int i)
{
    long long lo = 0, hi = 0, need = -p->P;
    int r = p->rest_from[i], b = p->base, nf = 0, d, k;
    int free[64];
    unsigned long long freed;
    if (r >= p->nl)
        return need == 0;
    freed = ~p->used & ((b >= 64) ? ~0ULL : ((1ULL << b) - 1));
    for (d = 0; d < b; d++)
        if (freed >> d & 1)
            free[nf++] = d;
    {
        const signed char *pos = p->pos[r], *neg = p->neg[r];
        int np = p->npos[r], nn = p->nneg[r];
        for (k = 0; k < np; k++) {
            long long w = p->W[(int)pos[k]];
            hi += w * free[nf - 1 - k];
            lo += w * free[k];
        }
        for (k = 0; k < nn; k++) {
            long long w = p->W[(int)neg[k]];
            hi += w * free[k];
            lo += w * free[nf - 1 - k];
        }
    }
    return lo <= need && need <= hi;
}

static void rec(Prob *p, int i, long long s)
{
    int l, d;
    while (i < p->nsteps && p->op[i] == 0 && p->digit[p->let[i]] >= 0) {
        s += p->digit[p->let[i]];
        i++;
    }
    if (p->aborted || p->count >= p->limit)
        return;
    if (++p->nodes > p->max_nodes) {
        p->aborted = 1;
        return;
    }
    if (i == p->nsteps) {
        if (s == 0 && p->P == 0) {
            if (p->count == 0)
                memcpy(p->sol, p->digit, sizeof(p->sol));
            p->count++;
        }
        return;
    }
    l = p->let[i];
    if (p->op[i] == 2) {               /* a top-column letter, tried first */
        for (d = p->lead[l]; d < p->base; d++) {
            if (p->used >> d & 1)
                continue;
            p->used |= 1ULL << d;
            p->digit[l] = d;
            p->P += p->W[l] * d;
            if (bound_ok(p, i))
                rec(p, i + 1, s);
            p->P -= p->W[l] * d;
            p->digit[l] = -1;
            p->used &= ~(1ULL << d);
            if (p->aborted || p->count >= p->limit)
                return;
        }
        return;
    }
    if (p->op[i] == 0) {
        for (d = p->lead[l]; d < p->base; d++) {
            if (p->used >> d & 1)
                continue;
            p->used |= 1ULL << d;
            p->digit[l] = d;
            p->P += p->W[l] * d;
            rec(p, i + 1, s + d);
            p->P -= p->W[l] * d;
            p->digit[l] = -1;
            p->used &= ~(1ULL << d);
            if (p->aborted || p->count >= p->limit)
                return;
        }
        return;
    }
    d = (int)(s % p->base);
    if (p->digit[l] >= 0) {
        if (p->digit[l] == d && bound_ok(p, i))
            rec(p, i + 1, s / p->base);
        return;
    }
    if ((p->used >> d & 1) || d < p->lead[l])
        return;
    p->used |= 1ULL << d;
    p->digit[l] = d;
    p->P += p->W[l] * d;
    if (bound_ok(p, i))
        rec(p, i + 1, s / p->base);
    p->P -= p->W[l] * d;
    p->digit[l] = -1;
    p->used &= ~(1ULL << d);
}

/* Set up the problem; 0 if it has no solution on its face, 1 to search, -1 on bad input. */
static int setup(Prob *p, const char **words, const Py_ssize_t *lens, int nterms, int base)
{
    int local[NCODES], c, t, L, maxlen = 0, nsteps = 0, assigned = 0, seen[MAXL];
    long long place;
    const char *S = words[nterms - 1];
    p->nl = 0;
    p->nsteps = 0;
    p->used = 0;
    p->P = 0;
    p->count = 0;
    p->aborted = 0;
    p->nodes = 0;
    p->base = base;
    for (c = 0; c < NCODES; c++)
        local[c] = -1;
    L = (int)lens[nterms - 1];
    for (t = 0; t < nterms; t++) {
        Py_ssize_t j;
        if (lens[t] <= 0 || lens[t] > MAXLEN)
            return -1;
        if (t < nterms - 1 && lens[t] > maxlen)
            maxlen = (int)lens[t];
        for (j = 0; j < lens[t]; j++) {
            int ch = (unsigned char)words[t][j];
            if (local[ch] < 0) {
                if (p->nl >= base)
                    return 0;   /* more letters than digits */
                local[ch] = p->nl;
                p->code[p->nl] = ch;
                p->nl++;
            }
        }
    }
    if (maxlen > L)
        return 0;       /* an addend of 2+ letters longer than the sum exceeds it */
    for (c = 0; c < p->nl; c++) {
        p->digit[c] = -1;
        p->W[c] = 0;
        p->lead[c] = 0;
        seen[c] = 0;
    }
    for (t = 0; t < nterms; t++) {
        Py_ssize_t j;
        if (lens[t] > 1)
            p->lead[local[(unsigned char)words[t][0]]] = 1;
        place = 1;
        for (j = lens[t] - 1; j >= 0; j--) {
            int l = local[(unsigned char)words[t][j]];
            p->W[l] += (t < nterms - 1) ? place : -place;
            place *= base;
        }
    }
    /* the letters of the top columns first, as long as they are few: their
       weights dominate, so the bound prunes at once what the columns from the
       right would only refute at the end */
    {
        int top, q, cnt = 0, mark[MAXL];
        for (q = 0; q < p->nl; q++)
            mark[q] = 0;
        for (top = L - 1; top >= 0; top--) {
            int add = 0, lst[MAXTERMS + 1], nlst = 0;
            for (t = 0; t < nterms; t++) {
                int len = (int)lens[t], l;
                if (len <= top)
                    continue;
                l = local[(unsigned char)words[t][len - 1 - top]];
                if (!mark[l]) {
                    mark[l] = 1;
                    lst[nlst++] = l;
                    add++;
                }
            }
            if (cnt + add > PRE_MAX && top < L - 1) {
                for (q = 0; q < nlst; q++)
                    mark[lst[q]] = 0;
                break;
            }
            for (q = 0; q < nlst; q++) {
                p->op[nsteps] = 2;
                p->let[nsteps] = (unsigned char)lst[q];
                seen[lst[q]] = 1;
                p->order[assigned++] = lst[q];
                p->rest_from[nsteps] = assigned;
                nsteps++;
            }
            cnt += add;
            if (cnt >= PRE_MAX)
                break;
        }
    }
    for (c = 0; c < L; c++) {
        for (t = 0; t < nterms - 1; t++) {
            if (lens[t] > c) {
                int l = local[(unsigned char)words[t][lens[t] - 1 - c]];
                p->op[nsteps] = 0;
                p->let[nsteps] = (unsigned char)l;
                if (!seen[l]) {
                    seen[l] = 1;
                    p->order[assigned++] = l;
                }
                p->rest_from[nsteps] = assigned;
                nsteps++;
            }
        }
        {
            int l = local[(unsigned char)S[L - 1 - c]];
            p->op[nsteps] = 1;
            p->let[nsteps] = (unsigned char)l;
            if (!seen[l]) {
                seen[l] = 1;
                p->order[assigned++] = l;
            }
            p->rest_from[nsteps] = assigned;
            nsteps++;
        }
    }
    p->nsteps = nsteps;
    for (c = 0; c < p->nl; c++) {       /* c = rest_from value */
        int np = 0, nn = 0, a, q;
        for (a = c; a < p->nl; a++) {
            int l = p->order[a];
            long long w = p->W[l];
            if (w > 0) {
                for (q = np++; q > 0 && p->W[(int)p->pos[c][q - 1]] < w; q--)
                    p->pos[c][q] = p->pos[c][q - 1];
                p->pos[c][q] = (signed char)l;
            } else if (w < 0) {
                for (q = nn++; q > 0 && p->W[(int)p->neg[c][q - 1]] > w; q--)
                    p->neg[c][q] = p->neg[c][q - 1];
                p->neg[c][q] = (signed char)l;
            }
        }
        p->npos[c] = np;
        p->nneg[c] = nn;
    }
    return 1;
}

static int get_words(PyObject *seq, const char **words, Py_ssize_t *lens, int max, int *n)
{
    Py_ssize_t k, m = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    if (m + 1 > max || m < 1) {
        PyErr_SetString(PyExc_ValueError, "between 1 and 63 addends");
        return -1;
    }
    for (k = 0; k < m; k++) {
        char *buf;
        if (PyBytes_AsStringAndSize(items[k], &buf, &lens[k]) < 0)
            return -1;
        words[k] = buf;
    }
    *n = (int)m;
    return 0;
}

/* Two letters with the same weight and the same leading-zero rule can swap
 * digits in any solution, so the sum has 0 or at least 2 solutions. */
static int has_twins(const Prob *p)
{
    int a, b;
    for (a = 0; a < p->nl; a++)
        for (b = a + 1; b < p->nl; b++)
            if (p->W[a] == p->W[b] && p->lead[a] == p->lead[b])
                return 1;
    return 0;
}

static PyObject *digits_of(Prob *p)
{
    unsigned char out[NCODES];
    int c;
    memset(out, 255, sizeof(out));
    for (c = 0; c < p->nl; c++)
        out[p->code[c]] = (unsigned char)p->sol[c];
    return PyBytes_FromStringAndSize((const char *)out, NCODES);
}

static int check_base(int base)
{
    if (base < 2 || base > 36) {
        PyErr_SetString(PyExc_ValueError, "base must be 2 to 36");
        return -1;
    }
    return 0;
}

static PyObject *py_count(PyObject *self, PyObject *args)
{
    PyObject *addends, *seq, *total;
    int base, limit, n, r;
    long long max_nodes;
    const char *words[MAXTERMS];
    Py_ssize_t lens[MAXTERMS];
    Prob prob;
    char *buf;
    if (!PyArg_ParseTuple(args, "OSiiL", &addends, &total, &base, &limit, &max_nodes))
        return NULL;
    if (check_base(base) < 0)
        return NULL;
    seq = PySequence_Fast(addends, "addends must be a sequence of bytes");
    if (!seq)
        return NULL;
    if (get_words(seq, words, lens, MAXTERMS, &n) < 0) {
        Py_DECREF(seq);
        return NULL;
    }
    if (PyBytes_AsStringAndSize(total, &buf, &lens[n]) < 0) {
        Py_DECREF(seq);
        return NULL;
    }
    words[n] = buf;
    r = setup(&prob, words, lens, n + 1, base);
    Py_DECREF(seq);
    if (r < 0) {
        PyErr_SetString(PyExc_ValueError, "words must be 1 to 40 letters");
        return NULL;
    }
    if (r == 0)
        return Py_BuildValue("iOi", 0, Py_None, 0);
    prob.limit = limit < 1 ? 1 : limit;
    prob.max_nodes = max_nodes;
    rec(&prob, 0, 0);
    if (prob.aborted)
        return Py_BuildValue("iOL", -1, Py_None, prob.nodes);
    if (prob.count == 0)
        return Py_BuildValue("iOL", 0, Py_None, prob.nodes);
    {
        PyObject *digits = digits_of(&prob);
        PyObject *res = Py_BuildValue("iNL", prob.count, digits, prob.nodes);
        return res;
    }
}

static PyObject *py_unique_sums(PyObject *self, PyObject *args)
{
    PyObject *addends, *sums, *seq, *sseq, *uniques = NULL, *undecided = NULL;
    int base, n, r;
    long long max_nodes, nodes = 0;
    const char *words[MAXTERMS];
    Py_ssize_t lens[MAXTERMS], j, m;
    Prob prob;
    if (!PyArg_ParseTuple(args, "OOiL", &addends, &sums, &base, &max_nodes))
        return NULL;
    if (check_base(base) < 0)
        return NULL;
    seq = PySequence_Fast(addends, "addends must be a sequence of bytes");
    if (!seq)
        return NULL;
    sseq = PySequence_Fast(sums, "sums must be a sequence of bytes");
    if (!sseq) {
        Py_DECREF(seq);
        return NULL;
    }
    if (get_words(seq, words, lens, MAXTERMS, &n) < 0)
        goto fail;
    uniques = PyList_New(0);
    undecided = PyList_New(0);
    if (!uniques || !undecided)
        goto fail;
    m = PySequence_Fast_GET_SIZE(sseq);
    for (j = 0; j < m; j++) {
        char *buf;
        PyObject *item = PySequence_Fast_GET_ITEM(sseq, j);
        if (PyBytes_AsStringAndSize(item, &buf, &lens[n]) < 0)
            goto fail;
        words[n] = buf;
        r = setup(&prob, words, lens, n + 1, base);
        if (r < 0) {
            PyErr_SetString(PyExc_ValueError, "words must be 1 to 40 letters");
            goto fail;
        }
        if (r == 0 || has_twins(&prob))
            continue;
        prob.limit = 2;
        prob.max_nodes = max_nodes;
        rec(&prob, 0, 0);
        nodes += prob.nodes;
        if (prob.aborted) {
            PyObject *ix = PyLong_FromSsize_t(j);
            if (!ix || PyList_Append(undecided, ix) < 0) {
                Py_XDECREF(ix);
                goto fail;
            }
            Py_DECREF(ix);
        } else if (prob.count == 1) {
            PyObject *pair = Py_BuildValue("nN", j, digits_of(&prob));
            if (!pair || PyList_Append(uniques, pair) < 0) {
                Py_XDECREF(pair);
                goto fail;
            }
            Py_DECREF(pair);
        }
    }
    Py_DECREF(seq);
    Py_DECREF(sseq);
    return Py_BuildValue("NNL", uniques, undecided, nodes);
fail:
    Py_DECREF(seq);
    Py_DECREF(sseq);
    Py_XDECREF(uniques);
    Py_XDECREF(undecided);
    return NULL;
}


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
    {"count", py_count, METH_VARARGS,
     "count(addends, total, base, limit, max_nodes) -> (count, digits, nodes)"},
    {"unique_sums", py_unique_sums, METH_VARARGS,
     "unique_sums(addends, sums, base, max_nodes) -> (uniques, undecided, nodes)"},
    {"support", py_support, METH_VARARGS,
     "support(weights, const, doms, cin, cout, base, modulus, limit) -> None | -1 | "
     "(masks, cin, cout)"},
    {"hall", py_hall, METH_VARARGS, "hall(masks, base, every) -> None | -1 | masks"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_columns",
    "Column search with carries for sums of words (see wordlist.py).", -1, methods
};

PyMODINIT_FUNC PyInit__columns(void)
{
    return PyModule_Create(&module);
}
