/* Compiled core of the Latin-square exact search (see search.py, the reference).
 *
 * The same search as search.py's pure-Python one, in C: bit-mask domains in
 * three views, a flat array V of 3*n*n 64-bit masks
 *   V[r*n+c]          values still possible in cell (r, c)     (bit v: value v+1)
 *   V[nn + r*n+v]     columns where value v can still go in row r
 *   V[2nn + c*n+v]    rows where value v can still go in column c
 * kept in step by the queue-based propagation of search.propagate (every
 * single of cells and of rows' and columns' values), changes undone
 * from a trail instead of copying the state. Branching: dom/wdeg over the
 * open cells (weight of a cell = failures of its row + its column, times a
 * random factor drawn once per run; the row-value and column-value views are
 * not branched on), values in increasing order of
 * |row-value view| * |column-value view|.
 * Restarts until the first solution, run i cut after restart_base * n *
 * luby(i) failures (Luby's sequence 1 1 2 1 1 2 4 ...), keeping the weights;
 * the run that finds a solution runs to the end, so every solution comes
 * exactly once, in a deterministic order. search.py's Python engine searches
 * the very same tree (same noise stream, same order of the open cells, same
 * node counts): puzzle ids rely on the order, so change both together. Luby's cutoffs against the former x1.5 growth (base 20 n), on 30
 * order-40 instances with 38% holes, 3 random streams each: 9.5 M nodes in
 * all, worst 0.8 M, against 22.5 M, worst 5.2 M.
 *
 * Nothing is learnt from a failure but the dom/wdeg weights (as in
 * search.py): nogoods recorded at restarts (Lecoutre's reduced
 * nld-nogoods) were tried and almost never fired (a new run's noise and
 * weights change the first decisions), and singleton probing at the root
 * removed nearly nothing; docs/latin.md says what was measured.
 * Régin's filter at a node (node_gac, gac_depth) only revisits the lines
 * whose cells changed, from the line's last matching.
 *
 * A kind's own constraints come as tables (see tables.py): groups of cells
 * with the value tuples each may take. After the Latin propagation (and
 * Régin's filter where it runs) every group one of whose cells changed is
 * filtered by simple tabular reduction: its live tuples are the first `size`
 * entries of a permutation, `size` kept in V after the three views (so the
 * trail restores it), a tuple a domain no longer allows is swapped out, and a
 * value no live tuple uses leaves its cell; to a common fixpoint. A group
 * left with no tuple is a wipe-out, counted against its cells' rows and
 * columns for dom/wdeg. No call back into Python.
 *
 * Python interface: Search(n, masks, restarts=True, tick=None, use_gac=True,
 * node_gac=False, gac_depth=0, restart_base=10.0, tables=None) is an iterator
 * over solutions (lists of 0-based values, row by row); tables is a sequence
 * of (cells, values): cells a sequence of flat cell indices, values a bytes
 * object holding the allowed tuples one after another. tick(k) is called with
 * the number of nodes done, every TICK_STRIDE nodes and whenever the iterator
 * returns, and may raise (the budget) to stop it. Attributes: nodes (of the
 * current run), all_nodes, runs, root (the masks after the root propagation, before
 * the first solution is asked for; None when it wiped out).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define TICK_STRIDE 256
#define RESTART_BASE 10.0   /* the first cutoff, in failures per unit of order */
#define NOISE 0.05          /* spread of the random factor on the cell weights (0.5 before:
                               on 3 tail cells of 7 instances, 0.05 took 0.55-0.75 of the time) */

typedef uint64_t u64;

typedef struct {
    int mark;      /* trail size when the frame was pushed */
    int nopen;     /* open-cell count at that node */
    int cell;
    int nv, next;
    uint8_t vals[64];
} Frame;

typedef struct {
    PyObject_HEAD
    int n, nn;
    u64 *V;               /* 3*nn masks */
    int *trail_idx;       /* trail: index into V and old value */
    u64 *trail_old;
    int trail_len, trail_cap;
    int *queue;           /* packed triples r*n*n + c*n + v... as 3 ints */
    int qcap;
    int *open;            /* sparse set of open cells */
    int nopen;
    Frame *frames;
    int depth, max_depth;
    long long *W;         /* failures per row (0..n-1) and column (n..2n-1) */
    double *noise;        /* per cell, drawn once per run */
    short *wa, *wb;       /* the weight of cell k is W[wa[k]] + W[wb[k]] (its row + its column) */
    u64 rng;
    int restarts, node_gac, gac_depth;
    signed char *hint;    /* per line (rows, then columns): its last matching, value -> cell */
    double restart_base;  /* first cutoff, in failures per unit of order; gac_depth: GAC at nodes this shallow */
    long long nodes, fails, cutoff;   /* cutoff: in failures; < 0: none */
    long long all_nodes, runs;        /* over every run */
    long long pending;         /* nodes not yet reported to tick */
    PyObject *tick;
    int state;            /* 0 fresh run, 1 searching, 2 after a solution, 3 done */
    int root_ok;
    /* table constraints (a kind's own): group g has cells g_cells[g_coff[g]..g_coff[g+1]),
     * tuples t = 0..g_ntup[g]-1 with values g_vals[g_voff[g] + t*arity + j]; its tuples
     * still alive are g_perm[g_toff[g] + 0..size), size = V[3nn + g] (trailed). */
    int ng;
    int *g_coff, *g_cells, *g_ntup, *g_toff, *g_perm;
    long *g_voff;
    uint8_t *g_vals;
    int *cg_off, *cg_list;   /* cell -> the groups it is in */
    int *dq;                 /* dirty groups */
    char *indq;
    u64 *supp;               /* per cell of the widest group */
} Search;

static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline int lowbit(u64 x) { return __builtin_ctzll(x); }

static inline void set_v(Search *s, int k, u64 val) {
    s->trail_idx[s->trail_len] = k;
    s->trail_old[s->trail_len] = s->V[k];
    s->trail_len++;
    s->V[k] = val;
}

static void undo_to(Search *s, int mark) {
    while (s->trail_len > mark) {
        s->trail_len--;
        s->V[s->trail_idx[s->trail_len]] = s->trail_old[s->trail_len];
    }
}

static u64 rng_next(Search *s) {   /* splitmix64 */
    u64 z = (s->rng += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

#define PUSH(a, b, c) do { q[qn++] = (a); q[qn++] = (b); q[qn++] = (c); } while (0)

/* Place the queued triples and every single they create; 0 on a wipe-out. */
static int propagate(Search *s, int qn) {
    const int n = s->n, nn = s->nn;
    u64 *D = s->V, *R = s->V + nn, *C = s->V + 2 * nn;
    long long *W = s->W;
    int *q = s->queue;
    while (qn) {
        int v = q[--qn], c = q[--qn], r = q[--qn];
        int i = r * n + c;
        u64 bit = 1ULL << v;
        u64 d = D[i];
        if (!(d & bit)) { W[r]++; W[n + c]++; return 0; }
        u64 rbit = 1ULL << r, cbit = 1ULL << c;
        u64 m = d ^ bit;
        if (m) {
            set_v(s, i, bit);
            while (m) {
                int u = lowbit(m); m &= m - 1;
                int k = r * n + u;
                u64 x = R[k] & ~cbit;
                set_v(s, nn + k, x);
                if (!x) { W[r]++; return 0; }
                if (!(x & (x - 1))) PUSH(r, lowbit(x), u);
                k = c * n + u;
                x = C[k] & ~rbit;
                set_v(s, 2 * nn + k, x);
                if (!x) { W[n + c]++; return 0; }
                if (!(x & (x - 1))) PUSH(lowbit(x), c, u);
            }
        }
        int k = r * n + v;
        m = R[k] & ~cbit;
        if (m) {
            set_v(s, nn + k, cbit);
            while (m) {
                int cc = lowbit(m); m &= m - 1;
                int j = r * n + cc;
                u64 dj = D[j] & ~bit;
                set_v(s, j, dj);
                if (!dj) { W[r]++; W[n + cc]++; return 0; }
                if (!(dj & (dj - 1))) PUSH(r, cc, lowbit(dj));
                int k2 = cc * n + v;
                u64 x = C[k2] & ~rbit;
                set_v(s, 2 * nn + k2, x);
                if (!x) { W[n + cc]++; return 0; }
                if (!(x & (x - 1))) PUSH(lowbit(x), cc, v);
            }
        }
        k = c * n + v;
        m = C[k] & ~rbit;
        if (m) {
            set_v(s, 2 * nn + k, rbit);
            while (m) {
                int rr = lowbit(m); m &= m - 1;
                int j = rr * n + c;
                u64 dj = D[j] & ~bit;
                set_v(s, j, dj);
                if (!dj) { W[rr]++; W[n + c]++; return 0; }
                if (!(dj & (dj - 1))) PUSH(rr, c, lowbit(dj));
                int k2 = rr * n + v;
                u64 x = R[k2] & ~cbit;
                set_v(s, nn + k2, x);
                if (!x) { W[rr]++; return 0; }
                if (!(x & (x - 1))) PUSH(rr, lowbit(x), v);
            }
        }
    }
    return 1;
}


/* ---- Régin's all-different filter on one line (n variables, n values) ---- */

static int match_line(int n, const u64 *dom, int *mvar, int *mval, const signed char *hint) {
    for (int i = 0; i < n; i++) { mvar[i] = -1; mval[i] = -1; }
    if (hint) {   /* start from an earlier matching (value -> variable), where it still holds */
        for (int u = 0; u < n; u++) {
            int x = hint[u];
            if (x >= 0 && mvar[x] < 0 && (dom[x] >> u & 1)) { mvar[x] = u; mval[u] = x; }
        }
    }
    for (int i = 0; i < n; i++) {   /* greedy start */
        if (mvar[i] >= 0) continue;
        for (u64 m = dom[i]; m; m &= m - 1) {
            int u = lowbit(m);
            if (mval[u] < 0) { mval[u] = i; mvar[i] = u; break; }
        }
    }
    int parent[64], frontier[64], nxt[64];
    for (int i = 0; i < n; i++) {
        if (mvar[i] >= 0) continue;
        int nf = 1, found = -1;
        frontier[0] = i;
        u64 seen = 0;
        while (nf && found < 0) {
            int nn2 = 0;
            for (int a = 0; a < nf && found < 0; a++) {
                int x = frontier[a];
                u64 m = dom[x] & ~seen;
                seen |= m;
                for (; m; m &= m - 1) {
                    int u = lowbit(m);
                    parent[u] = x;
                    if (mval[u] < 0) { found = u; break; }
                    nxt[nn2++] = mval[u];
                }
            }
            memcpy(frontier, nxt, sizeof(int) * nn2);
            nf = nn2;
        }
        if (found < 0) return 0;
        int u = found;
        for (;;) {
            int x = parent[u], prev = mvar[x];
            mvar[x] = u; mval[u] = x;
            if (x == i) break;
            u = prev;
        }
    }
    return 1;
}

typedef struct { int index[64], low[64], comp[64], stack[64], sp, counter, ncomp; u64 on; const u64 *adj; } Tarjan;

static void strong(Tarjan *t, int v) {
    t->index[v] = t->low[v] = t->counter++;
    t->stack[t->sp++] = v;
    t->on |= 1ULL << v;
    for (u64 m = t->adj[v]; m; m &= m - 1) {
        int w = lowbit(m);
        if (t->index[w] < 0) {
            strong(t, w);
            if (t->low[w] < t->low[v]) t->low[v] = t->low[w];
        } else if ((t->on >> w & 1) && t->index[w] < t->low[v]) {
            t->low[v] = t->index[w];
        }
    }
    if (t->low[v] == t->index[v]) {
        int w;
        do {
            w = t->stack[--t->sp];
            t->on &= ~(1ULL << w);
            t->comp[w] = t->ncomp;
        } while (w != v);
        t->ncomp++;
    }
}

/* The all-different GAC domains of one line in out[]; 0 if it has no perfect matching. */
static int line_filter(int n, const u64 *dom, u64 *out, signed char *hint) {
    int mvar[64], mval[64];
    if (!match_line(n, dom, mvar, mval, hint)) return 0;
    if (hint) for (int u = 0; u < n; u++) hint[u] = (signed char)mval[u];
    u64 adj[64];
    for (int i = 0; i < n; i++) {
        u64 a = 0;
        for (u64 m = dom[i]; m; m &= m - 1) a |= 1ULL << mval[lowbit(m)];
        adj[i] = a & ~(1ULL << i);
    }
    Tarjan t;
    t.sp = t.counter = t.ncomp = 0; t.on = 0; t.adj = adj;
    for (int i = 0; i < n; i++) t.index[i] = -1;
    for (int i = 0; i < n; i++) if (t.index[i] < 0) strong(&t, i);
    u64 allowed[64];
    for (int k = 0; k < t.ncomp; k++) allowed[k] = 0;
    for (int i = 0; i < n; i++) allowed[t.comp[i]] |= 1ULL << mvar[i];
    for (int i = 0; i < n; i++) out[i] = dom[i] & allowed[t.comp[i]];
    return 1;
}

/* line_filter for the capsule other compiled cores import (see PyInit__latin). */
static int line_filter_api(int n, const u64 *dom, u64 *out) {
    return line_filter(n, dom, out, NULL);
}

/* Remove value v from cell (r, c) in all three views, queueing new singles; 0 on a wipe-out. */
static int remove_val(Search *s, int r, int c, int v, int *qn_io) {
    const int n = s->n, nn = s->nn;
    u64 *D = s->V, *R = s->V + nn, *C = s->V + 2 * nn;
    int *q = s->queue, qn = *qn_io, ok = 1;
    int j = r * n + c;
    u64 dj = D[j] & ~(1ULL << v);
    if (dj != D[j]) {
        set_v(s, j, dj);
        if (!dj) ok = 0;
        else if (!(dj & (dj - 1))) PUSH(r, c, lowbit(dj));
    }
    int k = r * n + v;
    u64 x = R[k] & ~(1ULL << c);
    if (ok && x != R[k]) {
        set_v(s, nn + k, x);
        if (!x) ok = 0;
        else if (!(x & (x - 1))) PUSH(r, lowbit(x), v);
    }
    k = c * n + v;
    x = C[k] & ~(1ULL << r);
    if (ok && x != C[k]) {
        set_v(s, 2 * nn + k, x);
        if (!x) ok = 0;
        else if (!(x & (x - 1))) PUSH(lowbit(x), c, v);
    }
    *qn_io = qn;
    return ok;
}

/* Régin's filter on line a of one side (0: row a's cells, 1: column a's cells), its removals
 * propagated. 1 done, 0 nothing to filter (every entry fixed), -1 wipe-out. */
static int filter_line(Search *s, int side, int a, u64 *dom, u64 *out, signed char *hint) {
    const int n = s->n, nn = s->nn;
    const u64 *V = s->V;
    int fixed = 1;
    for (int b = 0; b < n; b++) {
        u64 d = side == 0 ? V[a * n + b] : V[b * n + a];
        dom[b] = d;
        if (d & (d - 1)) fixed = 0;
    }
    if (fixed) return 0;
    if (!line_filter(n, dom, out, hint)) {
        s->W[side ? n + a : a]++;
        return -1;
    }
    int qn = 0;
    for (int b = 0; b < n; b++) {
        for (u64 gone = dom[b] & ~out[b]; gone; gone &= gone - 1) {
            int x = lowbit(gone);
            int r = side == 0 ? a : b;
            int c = side == 0 ? b : a;
            if (!remove_val(s, r, c, x, &qn)) return -1;
        }
    }
    if (qn && !propagate(s, qn)) return -1;
    return 1;
}

/* Régin's filter on the lines whose cells changed since trail position
 * `from` (the state there being a fixpoint), and on the lines its removals
 * change in turn, to a common fixpoint. The matchings found are kept as the
 * next call's starting point. 0 on a wipe-out. */
static int gac_from(Search *s, int from) {
    const int n = s->n, nn = s->nn;
    u64 rows = 0, cols = 0, dom[64], out[64];
    int scan = from;
    for (;;) {
        for (; scan < s->trail_len; scan++) {
            int k = s->trail_idx[scan];
            if (k < nn) { rows |= 1ULL << (k / n); cols |= 1ULL << (k % n); }
        }
        int side, a;
        if (rows) { side = 0; a = lowbit(rows); rows &= rows - 1; }
        else if (cols) { side = 1; a = lowbit(cols); cols &= cols - 1; }
        else return 1;
        int r = filter_line(s, side, a, dom, out, s->hint + (side * n + a) * n);
        if (r <= 0) return r == 0;
    }
}

/* Filter every unfinished row and column, and
 * propagate, to a common fixpoint. */
static int gac(Search *s) {
    const int n = s->n;
    u64 dom[64], out[64];
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int side = 0; side < 2; side++) {
            for (int a = 0; a < n; a++) {
                int before = s->trail_len;
                int r = filter_line(s, side, a, dom, out, NULL);
                if (r < 0) return 0;
                if (s->trail_len != before) changed = 1;
            }
        }
    }
    return 1;
}

/* ---- table constraints: simple tabular reduction (STR) ---- */

/* Count a wipe-out of group g against the rows and columns of its cells. */
static void table_fail(Search *s, int g) {
    for (int k = s->g_coff[g]; k < s->g_coff[g + 1]; k++) {
        int cell = s->g_cells[k];
        s->W[cell / s->n]++;
        s->W[s->n + cell % s->n]++;
    }
}

/* Drop the tuples of group g the domains no longer allow, then the values no
 * tuple left uses (queued at *qn_io). 0 on a wipe-out. */
static int table_filter(Search *s, int g, int *qn_io) {
    const int n = s->n, nn = s->nn;
    u64 *D = s->V;
    const int *cells = s->g_cells + s->g_coff[g];
    const int a = s->g_coff[g + 1] - s->g_coff[g];
    const uint8_t *vals = s->g_vals + s->g_voff[g];
    int *perm = s->g_perm + s->g_toff[g];
    const int old = (int)s->V[3 * nn + g];
    int size = old, i = 0;
    u64 *supp = s->supp;
    u64 dom[64];
    int wide = a > 64;
    for (int j = 0; j < a; j++) supp[j] = 0;
    if (!wide) for (int j = 0; j < a; j++) dom[j] = D[cells[j]];
    while (i < size) {
        int t = perm[i];
        const uint8_t *tv = vals + (long)t * a;
        int ok = 1;
        for (int j = 0; j < a; j++) {
            u64 d = wide ? D[cells[j]] : dom[j];
            if (!(d >> tv[j] & 1)) { ok = 0; break; }
        }
        if (ok) {
            for (int j = 0; j < a; j++) supp[j] |= 1ULL << tv[j];
            i++;
        } else {
            perm[i] = perm[size - 1];
            perm[size - 1] = t;
            size--;
        }
    }
    if (size != old) set_v(s, 3 * nn + g, (u64)size);
    if (!size) { table_fail(s, g); return 0; }
    for (int j = 0; j < a; j++) {
        int cell = cells[j];
        for (u64 gone = D[cell] & ~supp[j]; gone; gone &= gone - 1) {
            if (!remove_val(s, cell / n, cell % n, lowbit(gone), qn_io)) { table_fail(s, g); return 0; }
        }
    }
    return 1;
}

/* Filter the groups whose cells changed since trail position `from` (every
 * group when `all`), and those their removals touch, to a common fixpoint.
 * 0 on a wipe-out. */
static int tables_from(Search *s, int from, int all) {
    const int nn = s->nn;
    int nd = 0, scan = from, ok = 1;
    if (all) for (int g = 0; g < s->ng; g++) { s->indq[g] = 1; s->dq[nd++] = g; }
    for (;;) {
        for (; scan < s->trail_len; scan++) {
            int k = s->trail_idx[scan];
            if (k >= nn) continue;
            for (int x = s->cg_off[k]; x < s->cg_off[k + 1]; x++) {
                int g = s->cg_list[x];
                if (!s->indq[g]) { s->indq[g] = 1; s->dq[nd++] = g; }
            }
        }
        if (!nd || !ok) break;
        int g = s->dq[--nd];
        s->indq[g] = 0;
        int qn = 0;
        if (!table_filter(s, g, &qn) || (qn && !propagate(s, qn))) ok = 0;
    }
    while (nd) s->indq[s->dq[--nd]] = 0;
    return ok;
}

/* Pick the branching cell (dom/wdeg over the open cells) and push its frame;
 * 1 if every cell is fixed (a solution). */
static int descend(Search *s) {
    const int n = s->n, nn = s->nn;
    u64 *D = s->V, *R = s->V + nn, *C = s->V + 2 * nn;
    int *open = s->open;
    int nopen = s->nopen;
    double bw = -1.0;
    int bc = 1, pick = -1, i = 0;
    while (i < nopen) {
        int k = open[i];
        u64 d = s->V[k];
        if (!(d & (d - 1))) {
            open[i] = open[nopen - 1];
            open[nopen - 1] = k;
            nopen--;
            continue;
        }
        int cnt = popc(d);
        double w = (double)(s->W[s->wa[k]] + s->W[s->wb[k]]) * s->noise[k];
        if (w * bc > bw * cnt) { bw = w; bc = cnt; pick = k; }
        i++;
    }
    s->nopen = nopen;
    if (pick < 0) return 1;
    Frame *f = &s->frames[s->depth++];
    f->mark = s->trail_len;
    f->nopen = nopen;
    f->cell = pick;
    f->next = 0;
    int nv = 0;
    int key[64];
    const int r = pick / n, c = pick % n;
    u64 m = D[pick];
    while (m) {   /* insertion sort, stable: ties keep increasing values */
        int a = lowbit(m); m &= m - 1;
        int kv = popc(R[r * n + a]) * popc(C[c * n + a]);
        int j = nv++;
        while (j > 0 && key[j - 1] > kv) { key[j] = key[j - 1]; f->vals[j] = f->vals[j - 1]; j--; }
        key[j] = kv;
        f->vals[j] = (uint8_t)a;
    }
    f->nv = nv;
    return 0;
}

/* The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i from 1). */
static long long luby(long long i) {
    long long k = 1;
    while ((1LL << k) - 1 < i) k++;
    while ((1LL << k) - 1 != i) { i -= (1LL << (k - 1)) - 1; k = 1; while ((1LL << k) - 1 < i) k++; }
    return 1LL << (k - 1);
}
/* The failure cutoff of the next run: restart_base * n * luby(run number). */
static long long next_cutoff(Search *s) {
    long long c = (long long)(s->restart_base * s->n * (double)luby(s->runs + 1));
    return c > 0 ? c : 1;   /* Luby's sequence is unbounded, so the search ends */
}

static void new_run(Search *s) {
    undo_to(s, 0);
    s->depth = 0;
    s->nopen = s->nn;
    for (int i = 0; i < s->nopen; i++) s->open[i] = i;
    for (int i = 0; i < s->nopen; i++) {
        s->noise[i] = s->restarts ? 1.0 + NOISE * (double)(rng_next(s) >> 11) * (1.0 / 9007199254740992.0)
                                  : 1.0;
    }
    s->nodes = 0;
    s->fails = 0;
    s->runs++;
}

static int flush_ticks(Search *s) {
    if (s->pending && s->tick != Py_None) {
        PyObject *res = PyObject_CallFunction(s->tick, "L", s->pending);
        s->pending = 0;
        if (!res) return -1;
        Py_DECREF(res);
    }
    s->pending = 0;
    return 0;
}

static PyObject *solution_list(Search *s) {
    PyObject *out = PyList_New(s->nn);
    if (!out) return NULL;
    for (int i = 0; i < s->nn; i++) {
        PyObject *x = PyLong_FromLong(lowbit(s->V[i]));
        if (!x) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, x);
    }
    return out;
}

static PyObject *found(Search *s) {
    s->state = 2;
    s->cutoff = -1;
    if (flush_ticks(s) < 0) { s->state = 3; return NULL; }
    return solution_list(s);
}

static PyObject *Search_next(Search *s) {
    if (s->state == 3) return NULL;
    if (s->state == 0) {
        new_run(s);
        s->state = 1;
        if (descend(s)) return found(s);
    }
    s->state = 1;
    for (;;) {
        if (s->depth == 0) {
            s->state = 3;
            if (flush_ticks(s) < 0) return NULL;
            return NULL;
        }
        Frame *f = &s->frames[s->depth - 1];
        undo_to(s, f->mark);
        s->nopen = f->nopen;
        if (f->next >= f->nv) { s->depth--; continue; }
        int v = f->vals[f->next++];
        s->nodes++;
        s->all_nodes++;
        if (++s->pending >= TICK_STRIDE && flush_ticks(s) < 0) { s->state = 3; return NULL; }
        if (s->cutoff >= 0 && s->fails > s->cutoff) {
            s->cutoff = next_cutoff(s);
            new_run(s);
            if (descend(s)) return found(s);
            continue;
        }
        int *q = s->queue;
        q[0] = f->cell / s->n; q[1] = f->cell % s->n; q[2] = v;
        if (!propagate(s, 3) || ((s->node_gac || s->depth <= s->gac_depth) && !gac_from(s, f->mark))
            || (s->ng && !tables_from(s, f->mark, 0))) {
            s->fails++;
            continue;
        }
        if (descend(s)) return found(s);
    }
}

/* The last search's trail, kept for the next one (under the GIL). A trail of
 * order 20 or more is over glibc's mmap threshold: allocated afresh, its pages
 * fault in again at every search, which cost small searches up to 60% more
 * time, by the accident of the process's allocation history. */
#define TRAIL_KEEP (1 << 18)   /* entries (3 MB; order 44 and below); larger trails are freed */
static int *kept_idx;
static u64 *kept_old;
static int kept_cap;

static void trail_alloc(Search *s) {
    if (kept_idx && kept_cap >= s->trail_cap) {
        s->trail_idx = kept_idx; s->trail_old = kept_old; s->trail_cap = kept_cap;
        kept_idx = NULL; kept_old = NULL; kept_cap = 0;
        return;
    }
    s->trail_idx = malloc(sizeof(int) * s->trail_cap);
    s->trail_old = malloc(sizeof(u64) * s->trail_cap);
}

static void trail_free(Search *s) {
    if (s->trail_idx && s->trail_old && s->trail_cap <= TRAIL_KEEP && s->trail_cap > kept_cap) {
        free(kept_idx); free(kept_old);
        kept_idx = s->trail_idx; kept_old = s->trail_old; kept_cap = s->trail_cap;
    } else {
        free(s->trail_idx); free(s->trail_old);
    }
    s->trail_idx = NULL; s->trail_old = NULL;
}

static void Search_dealloc(Search *s) {
    trail_free(s);
    free(s->V); free(s->queue); free(s->open);
    free(s->frames); free(s->hint); free(s->W); free(s->noise); free(s->wa); free(s->wb);
    free(s->g_coff); free(s->g_cells); free(s->g_ntup); free(s->g_toff); free(s->g_perm);
    free(s->g_voff); free(s->g_vals); free(s->cg_off); free(s->cg_list); free(s->dq);
    free(s->indq); free(s->supp);
    Py_XDECREF(s->tick);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* Read tables=[(cells, values), ...] (values: bytes, the tuples one after another)
 * into s; -1 with an exception set. */
static int parse_tables(Search *s, PyObject *tables, long *ntuples_out) {
    const int n = s->n, nn = s->nn;
    *ntuples_out = 0;
    if (tables == NULL || tables == Py_None) return 0;
    PyObject *seq = PySequence_Fast(tables, "tables must be a sequence of (cells, bytes)");
    if (!seq) return -1;
    int ng = (int)PySequence_Fast_GET_SIZE(seq);
    s->ng = ng;
    long ncells = 0, nvals = 0, ntup = 0;
    int widest = 1;
    s->g_coff = calloc(ng + 1, sizeof(int));
    s->g_ntup = calloc(ng + 1, sizeof(int));
    s->g_toff = calloc(ng + 1, sizeof(int));
    s->g_voff = calloc(ng + 1, sizeof(long));
    s->cg_off = calloc(nn + 1, sizeof(int));
    s->dq = calloc(ng + 1, sizeof(int));
    s->indq = calloc(ng + 1, 1);
    if (!s->g_coff || !s->g_ntup || !s->g_toff || !s->g_voff || !s->cg_off || !s->dq || !s->indq) {
        Py_DECREF(seq); PyErr_NoMemory(); return -1;
    }
    /* first pass: sizes and checks */
    for (int g = 0; g < ng; g++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, g), *cells, *vals;
        if (!PyTuple_Check(item)) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_TypeError, "a table must be a tuple (cells, bytes)");
            return -1;
        }
        if (!PyArg_ParseTuple(item, "OS", &cells, &vals)) { Py_DECREF(seq); return -1; }
        Py_ssize_t a = PySequence_Size(cells), len = PyBytes_GET_SIZE(vals);
        if (a < 1 || a > nn || len % a) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a table needs 1..n*n cells and whole tuples");
            return -1;
        }
        const uint8_t *v = (const uint8_t *)PyBytes_AS_STRING(vals);
        for (Py_ssize_t k = 0; k < len; k++) {
            if (v[k] >= n) { Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "a table value is not below n"); return -1; }
        }
        s->g_coff[g + 1] = s->g_coff[g] + (int)a;
        s->g_ntup[g] = (int)(len / a);
        s->g_toff[g + 1] = s->g_toff[g] + (int)(len / a);
        s->g_voff[g + 1] = s->g_voff[g] + (long)len;
        if (a > widest) widest = (int)a;
        ncells += a; nvals += len; ntup += len / a;
    }
    s->g_cells = malloc(sizeof(int) * (ncells + 1));
    s->g_vals = malloc(nvals + 1);
    s->g_perm = malloc(sizeof(int) * (ntup + 1));
    s->cg_list = malloc(sizeof(int) * (ncells + 1));
    s->supp = malloc(sizeof(u64) * widest);
    if (!s->g_cells || !s->g_vals || !s->g_perm || !s->cg_list || !s->supp) {
        Py_DECREF(seq); PyErr_NoMemory(); return -1;
    }
    /* second pass: copy, and count the groups of each cell */
    for (int g = 0; g < ng; g++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, g);
        PyObject *cells = PyTuple_GET_ITEM(item, 0), *vals = PyTuple_GET_ITEM(item, 1);
        PyObject *cs = PySequence_Fast(cells, "a table's cells must be a sequence");
        if (!cs) { Py_DECREF(seq); return -1; }
        for (int j = 0; j < s->g_coff[g + 1] - s->g_coff[g]; j++) {
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(cs, j));
            if (c == -1 && PyErr_Occurred()) { Py_DECREF(cs); Py_DECREF(seq); return -1; }
            if (c < 0 || c >= nn) {
                Py_DECREF(cs); Py_DECREF(seq);
                PyErr_SetString(PyExc_ValueError, "a table's cell is outside the grid");
                return -1;
            }
            s->g_cells[s->g_coff[g] + j] = (int)c;
            s->cg_off[c + 1]++;
        }
        Py_DECREF(cs);
        memcpy(s->g_vals + s->g_voff[g], PyBytes_AS_STRING(vals), s->g_voff[g + 1] - s->g_voff[g]);
        for (int t = 0; t < s->g_ntup[g]; t++) s->g_perm[s->g_toff[g] + t] = t;
    }
    Py_DECREF(seq);
    for (int c = 0; c < nn; c++) s->cg_off[c + 1] += s->cg_off[c];
    int *fill = calloc(nn + 1, sizeof(int));
    if (!fill) { PyErr_NoMemory(); return -1; }
    for (int g = 0; g < ng; g++)
        for (int k = s->g_coff[g]; k < s->g_coff[g + 1]; k++) {
            int c = s->g_cells[k];
            s->cg_list[s->cg_off[c] + fill[c]++] = g;
        }
    free(fill);
    *ntuples_out = ntup;
    return 0;
}

static PyObject *Search_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *names[] = {"n", "masks", "restarts", "tick", "use_gac", "node_gac",
                            "gac_depth", "restart_base", "tables", NULL};
    int n, restarts = 1, use_gac = 1, node_gac = 0, gac_depth = 0;
    double restart_base = RESTART_BASE;
    PyObject *masks, *tick = Py_None, *tables = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iO|pOppidO", names, &n, &masks, &restarts, &tick,
                                     &use_gac, &node_gac, &gac_depth, &restart_base, &tables))
        return NULL;
    if (n < 1 || n > 64) { PyErr_SetString(PyExc_ValueError, "order must be 1..64"); return NULL; }
    PyObject *seq = PySequence_Fast(masks, "masks must be a sequence");
    if (!seq) return NULL;
    int nn = n * n;
    if (PySequence_Fast_GET_SIZE(seq) != nn) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "masks must have n*n entries");
        return NULL;
    }
    Search *s = (Search *)type->tp_alloc(type, 0);
    if (!s) { Py_DECREF(seq); return NULL; }
    s->n = n; s->nn = nn;
    s->restarts = restarts;
    s->gac_depth = gac_depth;
    s->restart_base = restart_base > 0 ? restart_base : RESTART_BASE;
    long ntuples = 0;
    if (parse_tables(s, tables, &ntuples) < 0) { Py_DECREF(seq); Py_DECREF(s); return NULL; }
    s->trail_cap = 3 * nn * n + 16 + ntuples;   /* every entry shrinks a mask or a table */
    s->qcap = 3 * (3 * nn + 4);
    s->V = calloc(3 * nn + s->ng, sizeof(u64));
    trail_alloc(s);
    s->queue = malloc(sizeof(int) * s->qcap);
    s->open = malloc(sizeof(int) * nn);
    s->frames = malloc(sizeof(Frame) * (nn + 1));
    s->hint = malloc(2 * nn);
    s->W = malloc(sizeof(long long) * 2 * n);
    s->noise = malloc(sizeof(double) * nn);
    s->wa = malloc(sizeof(short) * nn);
    s->wb = malloc(sizeof(short) * nn);
    Py_INCREF(tick);
    s->tick = tick;
    if (!s->V || !s->trail_idx || !s->trail_old || !s->queue || !s->open || !s->frames || !s->hint
        || !s->W || !s->noise || !s->wa || !s->wb) {
        Py_DECREF(seq); Py_DECREF(s);
        return PyErr_NoMemory();
    }
    u64 full = n == 64 ? ~0ULL : (1ULL << n) - 1;
    u64 *D = s->V, *R = s->V + nn, *C = s->V + 2 * nn;
    int ok = 1;
    for (int i = 0; i < nn; i++) {
        u64 d = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (d == (u64)-1 && PyErr_Occurred()) { Py_DECREF(seq); Py_DECREF(s); return NULL; }
        d &= full;
        D[i] = d;
        if (!d) ok = 0;
        int r = i / n, c = i % n;
        for (u64 m = d; m; m &= m - 1) {
            int v = lowbit(m);
            R[r * n + v] |= 1ULL << c;
            C[c * n + v] |= 1ULL << r;
        }
    }
    Py_DECREF(seq);
    for (int i = 0; i < 2 * n; i++) s->W[i] = 1;
    memset(s->hint, -1, 2 * nn);
    for (int k = 0; k < nn; k++) {   /* a cell's weight: its row + its column */
        s->wa[k] = (short)(k / n); s->wb[k] = (short)(n + k % n);
    }
    s->rng = 12345;
    s->cutoff = restarts ? (long long)(s->restart_base * n) : -1;
    s->state = 0;
    if (ok) {   /* the singles of all three views, then propagate at the root */
        int *q = s->queue, qn = 0;
        for (int k = 0; k < 3 * nn && ok; k++) {
            u64 x = s->V[k];
            if (!x) { ok = 0; break; }
            if (x & (x - 1)) continue;
            int a = k % nn / n, b = k % nn % n, t = lowbit(x);
            if (k < nn) PUSH(a, b, t);
            else if (k < 2 * nn) PUSH(a, t, b);
            else PUSH(t, a, b);
        }
        if (ok) ok = propagate(s, qn);
        if (ok && use_gac) ok = gac(s);
        for (int g = 0; g < s->ng; g++) s->V[3 * nn + g] = (u64)s->g_ntup[g];
        if (ok && s->ng) ok = tables_from(s, s->trail_len, 1);
    }
    s->node_gac = node_gac;
    if (!ok) s->state = 3;
    s->trail_len = 0;   /* the root state is the base: never undone */
    s->root_ok = ok;
    return (PyObject *)s;
}

static PyObject *Search_iter(PyObject *self) { Py_INCREF(self); return self; }

static PyObject *Search_get_nodes(Search *s, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(s->nodes);
}

static PyObject *Search_get_all_nodes(Search *s, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(s->all_nodes);
}

static PyObject *Search_get_runs(Search *s, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(s->runs);
}

/* The cell masks after the root propagation (the singles of the three views, Régin's
 * filter when use_gac, the tables), or None when the root is a wipe-out; read before
 * the first solution is asked for (the search then moves the masks). */
static PyObject *Search_get_root(Search *s, void *closure) {
    (void)closure;
    if (!s->root_ok) Py_RETURN_NONE;
    PyObject *out = PyList_New(s->nn);
    if (!out) return NULL;
    for (int i = 0; i < s->nn; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(s->V[i]);
        if (!x) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, x);
    }
    return out;
}

static PyGetSetDef Search_getset[] = {
    {"root", (getter)Search_get_root, NULL, "the masks after the root propagation, or None", NULL},
    {"nodes", (getter)Search_get_nodes, NULL, "nodes of the current run", NULL},
    {"all_nodes", (getter)Search_get_all_nodes, NULL, "nodes of every run so far", NULL},
    {"runs", (getter)Search_get_runs, NULL, "runs started so far (1 + restarts)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "numberplay.latin._latin.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(n, masks, restarts=True, tick=None): iterator over the solutions.",
    .tp_new = Search_new,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_iter = Search_iter,
    .tp_iternext = (iternextfunc)Search_next,
    .tp_getset = Search_getset,
};

static struct PyModuleDef latin_module = {
    PyModuleDef_HEAD_INIT, "_latin", "Compiled core of the Latin-square exact search.", -1, NULL,
};

PyMODINIT_FUNC PyInit__latin(void) {
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&latin_module);
    if (!m) return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    /* Régin's filter for other compiled cores (a kind's generator): a capsule
     * holding `int f(int n, const u64 *dom, u64 *out)`, line_filter without hint. */
    PyObject *api = PyCapsule_New((void *)line_filter_api, "numberplay.latin._latin.line_filter",
                                  NULL);
    if (!api || PyModule_AddObject(m, "line_filter", api) < 0) {
        Py_XDECREF(api);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
