/* _wordcount: the compiled counter of the alphametic word-list generator
 * (cryptarithm/wordlist.py): how many solutions has
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

static PyMethodDef methods[] = {
    {"count", py_count, METH_VARARGS,
     "count(addends, total, base, limit, max_nodes) -> (count, digits, nodes)"},
    {"unique_sums", py_unique_sums, METH_VARARGS,
     "unique_sums(addends, sums, base, max_nodes) -> (uniques, undecided, nodes)"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_wordcount",
    "Column search with carries for sums of words (see wordlist.py).", -1, methods
};

PyMODINIT_FUNC PyInit__wordcount(void)
{
    return PyModule_Create(&module);
}
