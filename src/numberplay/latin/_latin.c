/* Compiled core of the Latin-square exact search (see search.py, the reference).
 *
 * The same search as search.py's pure-Python one, in C: bit-mask domains in
 * three views, a flat array V of 3*n*n 64-bit masks
 *   V[r*n+c]          values still possible in cell (r, c)     (bit v: value v+1)
 *   V[nn + r*n+v]     columns where value v can still go in row r
 *   V[2nn + c*n+v]    rows where value v can still go in column c
 * kept in step by the queue-based propagation of search.propagate (every
 * naked single and every hidden single of rows and columns), changes undone
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
 * Two knobs, off by default (measured for issue 34; the figures are in the docs): `layers`
 * adds Régin's filter on each value's layer (the columns value v may take in
 * each row: the third all-different of a Latin square) wherever the filter
 * runs; `learn_after` hands the search, at its restarts past that many
 * failures, slices of a clause-learning search over the direct encoding
 * (section "clause learning" below).
 *
 * Python interface: Search(n, masks, restarts=True, tick=None, use_gac=True,
 * node_gac=False, gac_depth=0, restart_base=10.0, tables=None, learn_after=-1,
 * layers=False) is an iterator
 * over solutions (lists of 0-based values, row by row); tables is a sequence
 * of (cells, values): cells a sequence of flat cell indices, values a bytes
 * object holding the allowed tuples one after another. tick(k) is called with
 * the number of nodes done, every TICK_STRIDE nodes and whenever the iterator
 * returns, and may raise (the budget) to stop it. Attributes: nodes (of the
 * current run), all_nodes, runs, conflicts (of clause learning; -1 if unused).
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

typedef struct Cdcl Cdcl;

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
    int restarts, node_gac, gac_depth, layers;
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
    long long tfails;        /* failures over every run */
    long long cd_mark;       /* tfails at the last slice of clause learning */
    long long learn_after;   /* hand over to clause learning past this many failures; < 0: never */
    Cdcl *cd;                /* the clause-learning search, once handed over (state 4) */
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

/* Régin's filter on line a of one side (0: row a's cells, 1: column a's cells,
 * 2: value a's layer, the columns it may take in each row), its removals
 * propagated. 1 done, 0 nothing to filter (every entry fixed), -1 wipe-out. */
static int filter_line(Search *s, int side, int a, u64 *dom, u64 *out, signed char *hint) {
    const int n = s->n, nn = s->nn;
    const u64 *V = s->V;
    int fixed = 1;
    for (int b = 0; b < n; b++) {
        u64 d = side == 0 ? V[a * n + b] : side == 1 ? V[b * n + a] : V[nn + b * n + a];
        dom[b] = d;
        if (d & (d - 1)) fixed = 0;
    }
    if (fixed) return 0;
    if (!line_filter(n, dom, out, hint)) {
        if (side < 2) s->W[side ? n + a : a]++;
        return -1;
    }
    int qn = 0;
    for (int b = 0; b < n; b++) {
        for (u64 gone = dom[b] & ~out[b]; gone; gone &= gone - 1) {
            int x = lowbit(gone);
            int r = side == 0 ? a : b;
            int c = side == 0 ? b : side == 1 ? a : x;
            int v = side == 2 ? a : x;
            if (!remove_val(s, r, c, v, &qn)) return -1;
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
    u64 rows = 0, cols = 0, vals = 0, dom[64], out[64];
    int scan = from;
    for (;;) {
        for (; scan < s->trail_len; scan++) {
            int k = s->trail_idx[scan];
            if (k < nn) { rows |= 1ULL << (k / n); cols |= 1ULL << (k % n); }
            else if (s->layers && k < 2 * nn) vals |= 1ULL << ((k - nn) % n);
        }
        int side, a;
        if (rows) { side = 0; a = lowbit(rows); rows &= rows - 1; }
        else if (cols) { side = 1; a = lowbit(cols); cols &= cols - 1; }
        else if (vals) { side = 2; a = lowbit(vals); vals &= vals - 1; }
        else return 1;
        int r = filter_line(s, side, a, dom, out, s->hint + (side * n + a) * n);
        if (r <= 0) return r == 0;
    }
}

/* Filter every unfinished row and column (and value layer, with `layers`), and
 * propagate, to a common fixpoint. */
static int gac(Search *s) {
    const int n = s->n;
    u64 dom[64], out[64];
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int side = 0; side < (s->layers ? 3 : 2); side++) {
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

/* ---- clause learning over the direct encoding (slices after many failures) ----
 *
 * A boolean x per candidate (cell, value) of an open cell at the root; each x is
 * in three groups (its cell, its row-value and its column-value entry): at most
 * one true per group (binary nogoods, never stored: x true falsifies the rest of
 * its groups) and at least one (the group's clause: its last non-false member is
 * set true). Conflict analysis to the first unique implication point on that
 * implication graph, the learnt clauses watched by two literals; VSIDS (decay
 * 0.95) with phase saving (first phase true: a value placed); restarts every
 * CD_RESTART * luby(i) conflicts, where the learnt clauses of literal block
 * distance above 2 are halved (the worse half by distance, then age) once
 * they pass a growing limit. A solution blocks itself with a clause over its
 * values and the search restarts, so every solution comes once. Literals:
 * 2x (x true) and 2x+1 (x false). */

#define CD_RESTART 100
#define LEARN_SHARE 0.5   /* clause-learning ticks per failure of the search, when both run */
enum { R_DEC, R_AMO, R_GROUP, R_CLAUSE };

struct Cdcl {
    int nv, ng;
    int *vcell, *vval, *vg;       /* var -> cell, value, its 3 groups */
    int *gs, *gv;                 /* group g: vars gv[gs[g] .. gs[g+1]) */
    int *nf;                      /* non-false members per group */
    signed char *val, *phase;
    int *level, *rkind, *rdata;
    int *trail, tn, qh, *lim, dl;
    int *cl; long cln, clcap;     /* clauses: [size, lbd, deleted, lits...] at offsets */
    int *learnts; int nlearnts, lcap, maxl;
    int **w; int *wn, *wcap;     /* watch lists per literal: clause offsets */
    double *act, inc;
    int *heap, *hpos, hn;
    char *seen;
    int *tmp, *tmp2, *stamp, stampc;
    long long conflicts, restart_at, runs;
    int done;
};

static inline int cd_litval(const Cdcl *d, int lit) {   /* 1 true, 0 false, -1 open */
    int v = d->val[lit >> 1];
    return v < 0 ? -1 : v ^ (lit & 1);
}
static inline int cd_flit(const Cdcl *d, int x) { return 2 * x + (d->val[x] == 1); }

static int heap_less(const Cdcl *d, int a, int b) {   /* a before b: more active, then lower */
    return d->act[a] > d->act[b] || (d->act[a] == d->act[b] && a < b);
}
static void heap_up(Cdcl *d, int i) {
    int x = d->heap[i];
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!heap_less(d, x, d->heap[p])) break;
        d->heap[i] = d->heap[p]; d->hpos[d->heap[i]] = i; i = p;
    }
    d->heap[i] = x; d->hpos[x] = i;
}
static void heap_down(Cdcl *d, int i) {
    int x = d->heap[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= d->hn) break;
        if (c + 1 < d->hn && heap_less(d, d->heap[c + 1], d->heap[c])) c++;
        if (!heap_less(d, d->heap[c], x)) break;
        d->heap[i] = d->heap[c]; d->hpos[d->heap[i]] = i; i = c;
    }
    d->heap[i] = x; d->hpos[x] = i;
}
static void heap_insert(Cdcl *d, int x) {
    if (d->hpos[x] >= 0) return;
    d->heap[d->hn] = x; d->hpos[x] = d->hn++;
    heap_up(d, d->hpos[x]);
}
static int heap_pop(Cdcl *d) {
    int x = d->heap[0];
    d->hpos[x] = -1;
    if (--d->hn > 0) { d->heap[0] = d->heap[d->hn]; d->hpos[d->heap[0]] = 0; heap_down(d, 0); }
    return x;
}
static void cd_bump(Cdcl *d, int x) {
    if ((d->act[x] += d->inc) > 1e100) {
        for (int i = 0; i < d->nv; i++) d->act[i] *= 1e-100;
        d->inc *= 1e-100;
    }
    if (d->hpos[x] >= 0) heap_up(d, d->hpos[x]);
}

static void cd_assign(Cdcl *d, int x, int v, int kind, int data) {
    d->val[x] = (signed char)v;
    d->level[x] = d->dl;
    d->rkind[x] = kind; d->rdata[x] = data;
    d->trail[d->tn++] = x;
    if (!v) for (int k = 0; k < 3; k++) d->nf[d->vg[3 * x + k]]--;
}
static void cd_assign_lit(Cdcl *d, int lit, int kind, int data) {
    cd_assign(d, lit >> 1, !(lit & 1), kind, data);
}

static void cd_backtrack(Cdcl *d, int level) {
    if (d->dl <= level) return;
    int stop = d->lim[level];
    while (d->tn > stop) {
        int x = d->trail[--d->tn];
        if (!d->val[x]) for (int k = 0; k < 3; k++) d->nf[d->vg[3 * x + k]]++;
        d->phase[x] = d->val[x];
        d->val[x] = -1;
        heap_insert(d, x);
    }
    d->qh = d->tn;
    d->dl = level;
}

static int cd_watch(Cdcl *d, int lit, int off) {
    if (d->wn[lit] == d->wcap[lit]) {
        int cap = d->wcap[lit] ? 2 * d->wcap[lit] : 4;
        int *nw = realloc(d->w[lit], sizeof(int) * cap);
        if (!nw) return -1;
        d->w[lit] = nw; d->wcap[lit] = cap;
    }
    d->w[lit][d->wn[lit]++] = off;
    return 0;
}

/* Store a clause (lits[0], lits[1] watched); its offset, or -1 out of memory. */
static int cd_add(Cdcl *d, const int *lits, int size, int lbd) {
    if (d->cln + size + 3 > d->clcap) {
        long cap = 2 * d->clcap + size + 3;
        int *nc = realloc(d->cl, sizeof(int) * cap);
        if (!nc) return -1;
        d->cl = nc; d->clcap = cap;
    }
    int off = (int)d->cln;
    d->cl[off] = size; d->cl[off + 1] = lbd; d->cl[off + 2] = 0;
    memcpy(d->cl + off + 3, lits, sizeof(int) * size);
    d->cln += size + 3;
    if (cd_watch(d, lits[0], off) < 0 || cd_watch(d, lits[1], off) < 0) return -1;
    if (d->nlearnts == d->lcap) {
        int cap = d->lcap ? 2 * d->lcap : 64;
        int *nl = realloc(d->learnts, sizeof(int) * cap);
        if (!nl) return -1;
        d->learnts = nl; d->lcap = cap;
    }
    d->learnts[d->nlearnts++] = off;
    return off;
}

/* Unit propagation; 0 if no conflict, else the conflict in kind, data
 * (R_AMO: two true vars data and *data2; R_GROUP: group; R_CLAUSE: offset). */
static int cd_propagate(Cdcl *d, int *kind, int *data, int *data2) {
    while (d->qh < d->tn) {
        int x = d->trail[d->qh++];
        if (d->val[x] == 1) {
            for (int k = 0; k < 3; k++) {
                int g = d->vg[3 * x + k];
                for (int j = d->gs[g]; j < d->gs[g + 1]; j++) {
                    int y = d->gv[j];
                    if (y == x) continue;
                    if (d->val[y] == 1) { *kind = R_AMO; *data = x; *data2 = y; return 1; }
                    if (d->val[y] < 0) cd_assign(d, y, 0, R_AMO, x);
                }
            }
        } else {
            for (int k = 0; k < 3; k++) {
                int g = d->vg[3 * x + k];
                if (d->nf[g] == 0) { *kind = R_GROUP; *data = g; return 1; }
                if (d->nf[g] == 1) {
                    for (int j = d->gs[g]; j < d->gs[g + 1]; j++) {
                        int z = d->gv[j];
                        if (d->val[z] < 0) { cd_assign(d, z, 1, R_GROUP, g); break; }
                        if (d->val[z] == 1) break;
                    }
                }
            }
        }
        int p = cd_flit(d, x);   /* the literal of x that just became false */
        int *ws = d->w[p];
        int i = 0, j = 0, n = d->wn[p];
        while (i < n) {
            int off = ws[i++];
            int *c = d->cl + off;
            if (c[2]) continue;   /* deleted: dropped from the list */
            int *lits = c + 3;
            if (lits[0] == p) { lits[0] = lits[1]; lits[1] = p; }
            if (cd_litval(d, lits[0]) == 1) { ws[j++] = off; continue; }
            int found = 0;
            for (int k = 2; k < c[0]; k++) {
                if (cd_litval(d, lits[k]) != 0) {
                    lits[1] = lits[k]; lits[k] = p;
                    if (cd_watch(d, lits[1], off) < 0) { d->done = -1; return 0; }
                    found = 1;
                    break;
                }
            }
            if (found) continue;
            ws[j++] = off;
            if (cd_litval(d, lits[0]) == 0) {
                while (i < n) ws[j++] = ws[i++];
                d->wn[p] = j;
                *kind = R_CLAUSE; *data = off; return 1;
            }
            cd_assign_lit(d, lits[0], R_CLAUSE, off);
        }
        d->wn[p] = j;
    }
    return 0;
}

/* Count var a of the clause being resolved (analysis step). */
static inline void cd_see(Cdcl *d, int a, int *pathC, int *out) {
    if (d->seen[a] || d->level[a] == 0) return;
    cd_bump(d, a);
    d->seen[a] = 1;
    if (d->level[a] >= d->dl) (*pathC)++;
    else d->tmp[(*out)++] = cd_flit(d, a);
}

static inline int cd_in(const Cdcl *d, int a) { return d->seen[a] || d->level[a] == 0; }

/* Whether var a of a learnt clause (its vars marked seen) is implied by the others. */
static int cd_redundant(const Cdcl *d, int a) {
    int kind = d->rkind[a], data = d->rdata[a];
    if (kind == R_DEC) return 0;
    if (kind == R_AMO) return cd_in(d, data);
    if (kind == R_GROUP) {
        for (int j = d->gs[data]; j < d->gs[data + 1]; j++)
            if (d->gv[j] != a && !cd_in(d, d->gv[j])) return 0;
        return 1;
    }
    const int *c = d->cl + data;
    for (int k = 0; k < c[0]; k++) {
        int b = c[3 + k] >> 1;
        if (b != a && !cd_in(d, b)) return 0;
    }
    return 1;
}

/* First-UIP analysis of a conflict: the learnt clause in tmp[0..size) (tmp[0]
 * asserting, tmp[1] of the highest level below), its size; *bt, *lbd set. */
static int cd_analyze(Cdcl *d, int kind, int data, int data2, int *bt, int *lbd) {
    int pathC = 0, p = -1, idx = d->tn - 1, out = 1;
    for (;;) {
        if (kind == R_AMO) {
            if (data != p) cd_see(d, data, &pathC, &out);
            if (data2 != p) cd_see(d, data2, &pathC, &out);
        } else if (kind == R_GROUP) {
            for (int j = d->gs[data]; j < d->gs[data + 1]; j++)
                if (d->gv[j] != p) cd_see(d, d->gv[j], &pathC, &out);
        } else {
            const int *c = d->cl + data;
            for (int k = 0; k < c[0]; k++) {
                int a = c[3 + k] >> 1;
                if (a != p) cd_see(d, a, &pathC, &out);
            }
        }
        while (!d->seen[d->trail[idx]]) idx--;
        p = d->trail[idx--];
        d->seen[p] = 0;
        if (--pathC == 0) break;
        kind = d->rkind[p]; data = d->rdata[p]; data2 = p;
    }
    d->tmp[0] = cd_flit(d, p);
    /* local minimisation: drop a literal whose reason's other vars are all in the
     * clause (or fixed at level 0) */
    int kept = 1, gone = 0;
    for (int k = 1; k < out; k++) {
        int a = d->tmp[k] >> 1;
        if (!cd_redundant(d, a)) d->tmp[kept++] = d->tmp[k];
        else d->tmp2[gone++] = a;   /* stays seen until the end of the pass */
    }
    for (int k = 0; k < gone; k++) d->seen[d->tmp2[k]] = 0;
    out = kept;
    int hi = 0;
    d->stampc++;
    int levels = 1;
    d->stamp[d->dl] = d->stampc;
    for (int k = 1; k < out; k++) {
        int a = d->tmp[k] >> 1;
        d->seen[a] = 0;
        if (d->stamp[d->level[a]] != d->stampc) { d->stamp[d->level[a]] = d->stampc; levels++; }
        if (hi == 0 || d->level[a] > d->level[d->tmp[hi] >> 1]) hi = k;
    }
    *bt = 0;
    if (out > 1) {
        int t = d->tmp[1]; d->tmp[1] = d->tmp[hi]; d->tmp[hi] = t;
        *bt = d->level[d->tmp[1] >> 1];
    }
    *lbd = levels;
    return out;
}

static const int *cd_sort_cl;
static int cd_cmp(const void *a, const void *b) {   /* higher distance first, then older */
    int x = *(const int *)a, y = *(const int *)b;
    int lx = cd_sort_cl[x + 1], ly = cd_sort_cl[y + 1];
    if (lx != ly) return lx > ly ? -1 : 1;
    return x < y ? -1 : (x > y);
}

/* At level 0: delete the worse half of the learnt clauses of distance above 2
 * once there are more than maxl of them. */
static void cd_reduce(Cdcl *d) {
    int k = 0;
    for (int i = 0; i < d->nlearnts; i++) k += d->cl[d->learnts[i] + 1] > 2;
    if (k <= d->maxl) return;
    int *buf = malloc(sizeof(int) * k);
    if (!buf) return;   /* no memory to sort: keep them all */
    k = 0;
    for (int i = 0; i < d->nlearnts; i++) {
        int off = d->learnts[i];
        if (d->cl[off + 1] > 2) buf[k++] = off;
    }
    cd_sort_cl = d->cl;
    qsort(buf, k, sizeof(int), cd_cmp);
    for (int i = 0; i < k / 2; i++) d->cl[buf[i] + 2] = 1;
    free(buf);
    int j = 0;
    for (int i = 0; i < d->nlearnts; i++) {
        int off = d->learnts[i];
        if (!d->cl[off + 2]) d->learnts[j++] = off;
    }
    d->nlearnts = j;
    d->maxl += d->maxl / 10;
}

static void cd_free(Cdcl *d) {
    if (!d) return;
    if (d->w) for (int i = 0; i < 2 * d->nv; i++) free(d->w[i]);
    free(d->w); free(d->wn); free(d->wcap);
    free(d->vcell); free(d->vval); free(d->vg); free(d->gs); free(d->gv); free(d->nf);
    free(d->val); free(d->phase); free(d->level); free(d->rkind); free(d->rdata);
    free(d->trail); free(d->lim); free(d->cl); free(d->learnts); free(d->act);
    free(d->heap); free(d->hpos); free(d->seen); free(d->tmp); free(d->tmp2); free(d->stamp);
    free(d);
}

/* The clause-learning search over the open cells of the root state V (n, nn);
 * NULL out of memory. */
static Cdcl *cd_new(int n, const u64 *V) {
    const int nn = n * n;
    const u64 *D = V, *R = V + nn, *C = V + 2 * nn;
    Cdcl *d = calloc(1, sizeof(Cdcl));
    if (!d) return NULL;
    int nv = 0, ng = 0;
    for (int i = 0; i < nn; i++) if (D[i] & (D[i] - 1)) { nv += popc(D[i]); ng++; }
    for (int k = 0; k < 2 * nn; k++) { u64 x = (k < nn ? R : C)[k % nn]; if (x & (x - 1)) ng++; }
    d->nv = nv; d->ng = ng;
    int m = nv > 0 ? nv : 1;
    d->vcell = malloc(sizeof(int) * m); d->vval = malloc(sizeof(int) * m);
    d->vg = malloc(sizeof(int) * 3 * m);
    d->gs = calloc(ng + 1, sizeof(int)); d->gv = malloc(sizeof(int) * 3 * m);
    d->nf = calloc(ng + 1, sizeof(int));
    d->val = malloc(m); d->phase = malloc(m);
    d->level = calloc(m, sizeof(int)); d->rkind = calloc(m, sizeof(int));
    d->rdata = calloc(m, sizeof(int));
    d->trail = malloc(sizeof(int) * m); d->lim = calloc(m + 1, sizeof(int));
    d->act = calloc(m, sizeof(double));
    d->heap = malloc(sizeof(int) * m); d->hpos = malloc(sizeof(int) * m);
    d->seen = calloc(m, 1); d->tmp = malloc(sizeof(int) * (m + 1));
    d->tmp2 = malloc(sizeof(int) * (m + 1));
    d->stamp = calloc(m + 2, sizeof(int));
    d->w = calloc(2 * m, sizeof(int *)); d->wn = calloc(2 * m, sizeof(int));
    d->wcap = calloc(2 * m, sizeof(int));
    int *vid = malloc(sizeof(int) * nn * (n + 1) + 1);   /* (cell, value) -> var */
    int *gid = malloc(sizeof(int) * 2 * nn + 1);         /* row-value, column-value -> group */
    if (!d->vcell || !d->vval || !d->vg || !d->gs || !d->gv || !d->nf || !d->val || !d->phase
        || !d->level || !d->rkind || !d->rdata || !d->trail || !d->lim || !d->act || !d->heap
        || !d->hpos || !d->seen || !d->tmp || !d->tmp2 || !d->stamp || !d->w || !d->wn || !d->wcap
        || !vid || !gid) {
        free(vid); free(gid); cd_free(d); return NULL;
    }
    int x = 0, g = 0;
    for (int i = 0; i < nn; i++) {   /* cell groups first, in cell order */
        if (!(D[i] & (D[i] - 1))) continue;
        for (u64 b = D[i]; b; b &= b - 1) {
            int v = lowbit(b);
            vid[i * n + v] = x;
            d->vcell[x] = i; d->vval[x] = v; d->vg[3 * x] = g;
            x++;
        }
        g++;
    }
    for (int k = 0; k < 2 * nn; k++) {   /* then row-value, then column-value */
        u64 b = (k < nn ? R : C)[k % nn];
        gid[k] = (b & (b - 1)) ? g++ : -1;
    }
    for (x = 0; x < nv; x++) {
        int i = d->vcell[x], v = d->vval[x];
        d->vg[3 * x + 1] = gid[(i / n) * n + v];
        d->vg[3 * x + 2] = gid[nn + (i % n) * n + v];
    }
    for (x = 0; x < nv; x++) for (int k = 0; k < 3; k++) d->gs[d->vg[3 * x + k] + 1]++;
    for (g = 0; g < ng; g++) { d->nf[g] = d->gs[g + 1]; d->gs[g + 1] += d->gs[g]; }
    int *fill = calloc(ng + 1, sizeof(int));
    if (!fill) { free(vid); free(gid); cd_free(d); return NULL; }
    for (x = 0; x < nv; x++) for (int k = 0; k < 3; k++) {
        g = d->vg[3 * x + k];
        d->gv[d->gs[g] + fill[g]++] = x;
    }
    free(fill); free(vid); free(gid);
    for (x = 0; x < nv; x++) {
        d->val[x] = -1; d->phase[x] = 1;
        d->heap[x] = x; d->hpos[x] = x;
    }
    d->hn = nv;
    d->inc = 1.0;
    d->maxl = 2000;
    d->restart_at = CD_RESTART;
    d->runs = 1;
    d->clcap = 1024;
    d->cl = malloc(sizeof(int) * d->clcap);
    if (!d->cl) { cd_free(d); return NULL; }
    return d;
}

/* Block the solution on the trail (a clause: not all of its values again), at level 0.
 * 0 if no other solution can exist, 1 if blocked, -1 out of memory. */
static int cd_block(Cdcl *d) {
    int k = 0;
    for (int x = 0; x < d->nv; x++) if (d->val[x] == 1) d->tmp[k++] = 2 * x + 1;
    cd_backtrack(d, 0);
    int j = 0;
    for (int i = 0; i < k; i++) {
        int lv = cd_litval(d, d->tmp[i]);
        if (lv == 1) return 1;   /* cannot happen: a true var fixed at level 0 */
        if (lv < 0) d->tmp[j++] = d->tmp[i];
    }
    if (j == 0) return 0;
    if (j == 1) { cd_assign_lit(d, d->tmp[0], R_DEC, 0); return 1; }
    return cd_add(d, d->tmp, j, 0) < 0 ? -1 : 1;
}

/* Search on: 1 with a solution on the trail, 0 when there is none left, 2 after
 * `slice` ticks (decisions and conflicts, counted in *ticks), -1 out of memory. */
static int cd_search(Cdcl *d, long long *ticks, long long slice) {
    long long stop = *ticks + slice;
    for (;;) {
        if (*ticks >= stop) return 2;
        int kind = 0, data = 0, data2 = 0;
        int conflict = cd_propagate(d, &kind, &data, &data2);
        if (d->done < 0) return -1;
        if (conflict) {
            d->conflicts++;
            (*ticks)++;
            if (d->dl == 0) return 0;
            int bt, lbd;
            int size = cd_analyze(d, kind, data, data2, &bt, &lbd);
            cd_backtrack(d, bt);
            if (size == 1) cd_assign_lit(d, d->tmp[0], R_DEC, 0);
            else {
                int off = cd_add(d, d->tmp, size, lbd);
                if (off < 0) return -1;
                cd_assign_lit(d, d->tmp[0], R_CLAUSE, off);
            }
            d->inc *= 1.0 / 0.95;
            continue;
        }
        if (d->conflicts >= d->restart_at && d->dl > 0) {
            d->runs++;
            d->restart_at = d->conflicts + CD_RESTART * luby(d->runs);
            cd_backtrack(d, 0);
            cd_reduce(d);
            continue;
        }
        int x = -1;
        while (d->hn > 0) {
            int y = heap_pop(d);
            if (d->val[y] < 0) { x = y; break; }
        }
        if (x < 0) return 1;
        (*ticks)++;
        d->lim[d->dl++] = d->tn;
        cd_assign(d, x, d->phase[x], R_DEC, 0);
    }
}

/* The solution on the CDCL trail as a list (the root's fixed cells from V). */
static PyObject *cd_solution(Search *s) {
    Cdcl *d = s->cd;
    PyObject *out = PyList_New(s->nn);
    if (!out) return NULL;
    for (int i = 0; i < s->nn; i++) {
        PyObject *x = PyLong_FromLong(lowbit(s->V[i]));
        if (!x) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, x);
    }
    for (int x = 0; x < d->nv; x++) {
        if (d->val[x] != 1) continue;
        PyObject *v = PyLong_FromLong(d->vval[x]);
        if (!v) { Py_DECREF(out); return NULL; }
        PyList_SetItem(out, d->vcell[x], v);
    }
    return out;
}

/* Run the clause-learning search for at most `budget` ticks (LLONG_MAX: until
 * it ends), reporting its ticks: 1 with a solution, 0 none left, 2 budget
 * spent, -1 on an error (exception set). */
static int cd_advance(Search *s, long long budget) {
    Cdcl *d = s->cd;
    long long t = 0;
    int r = 2;
    if (d->done) return 0;
    while (t < budget) {
        long long before = t, step = budget - t < TICK_STRIDE ? budget - t : TICK_STRIDE;
        r = cd_search(d, &t, step);
        s->all_nodes += t - before;
        s->pending += t - before;
        if (s->pending >= TICK_STRIDE && flush_ticks(s) < 0) return -1;
        if (r != 2) break;
    }
    if (r < 0 && !PyErr_Occurred()) PyErr_NoMemory();
    return r;
}

/* What cd_advance's result `r` gives the iterator: the solution (blocked for
 * the next call), or NULL when done or on an error. */
static PyObject *cd_yield(Search *s, int r) {
    Cdcl *d = s->cd;
    if (r <= 0) {
        s->state = 3;
        if (flush_ticks(s) < 0 || r < 0) return NULL;
        return NULL;
    }
    if (flush_ticks(s) < 0) { s->state = 3; return NULL; }
    PyObject *out = cd_solution(s);
    if (!out) { s->state = 3; return NULL; }
    int b = cd_block(d);
    if (b < 0) { Py_DECREF(out); s->state = 3; return PyErr_NoMemory(); }
    if (b == 0) d->done = 1;
    return out;
}

static PyObject *cd_next(Search *s) { return cd_yield(s, cd_advance(s, LLONG_MAX)); }

/* At a restart before the first solution, past learn_after failures: the clause
 * learning search (started from the root state at the first call) gets a slice
 * of LEARN_SHARE ticks per failure since the last slice. NULL with state 1 if
 * the restart is to go on; else what the iterator returns (state 3 or 4). */
static PyObject *cd_slice(Search *s, int *go_on) {
    undo_to(s, 0);
    s->depth = 0;
    *go_on = 0;
    if (!s->cd) {
        s->cd = cd_new(s->n, s->V);
        if (!s->cd) { s->state = 3; return PyErr_NoMemory(); }
        s->cd_mark = s->learn_after;
    }
    long long slice = (long long)((double)(s->tfails - s->cd_mark) * LEARN_SHARE);
    s->cd_mark = s->tfails;
    int r = cd_advance(s, slice > 0 ? slice : 1);
    if (r == 2) { *go_on = 1; return NULL; }
    s->state = 4;
    return cd_yield(s, r);
}

/* Hand the search over to clause learning, from the root state. */
static PyObject *cd_start(Search *s) {
    undo_to(s, 0);
    s->depth = 0;
    s->cd = cd_new(s->n, s->V);
    if (!s->cd) { s->state = 3; return PyErr_NoMemory(); }
    s->state = 4;
    return cd_next(s);
}

static PyObject *Search_next(Search *s) {
    if (s->state == 3) return NULL;
    if (s->state == 4) return cd_next(s);
    if (s->state == 0 && s->learn_after == 0 && !s->ng) return cd_start(s);
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
            if (s->learn_after >= 0 && s->tfails > s->learn_after && !s->ng) {
                int go_on;
                PyObject *out = cd_slice(s, &go_on);
                if (!go_on) return out;
            }
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
            s->tfails++;
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
    cd_free(s->cd);
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
                            "gac_depth", "restart_base", "tables", "learn_after", "layers", NULL};
    int n, restarts = 1, use_gac = 1, node_gac = 0, gac_depth = 0;
    double restart_base = RESTART_BASE;
    long long learn_after = -1;
    int layers = 0;
    PyObject *masks, *tick = Py_None, *tables = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iO|pOppidOLp", names, &n, &masks, &restarts, &tick,
                                     &use_gac, &node_gac, &gac_depth, &restart_base, &tables,
                                     &learn_after, &layers))
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
    s->learn_after = learn_after;
    s->layers = layers;
    long ntuples = 0;
    if (parse_tables(s, tables, &ntuples) < 0) { Py_DECREF(seq); Py_DECREF(s); return NULL; }
    s->trail_cap = 3 * nn * n + 16 + ntuples;   /* every entry shrinks a mask or a table */
    s->qcap = 3 * (3 * nn + 4);
    s->V = calloc(3 * nn + s->ng, sizeof(u64));
    trail_alloc(s);
    s->queue = malloc(sizeof(int) * s->qcap);
    s->open = malloc(sizeof(int) * nn);
    s->frames = malloc(sizeof(Frame) * (nn + 1));
    s->hint = malloc(3 * nn);
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
    memset(s->hint, -1, 3 * nn);
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

static PyObject *Search_get_conflicts(Search *s, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(s->cd ? s->cd->conflicts : -1);
}

static PyGetSetDef Search_getset[] = {
    {"conflicts", (getter)Search_get_conflicts, NULL,
     "conflicts of the clause-learning search, -1 if the search never handed over", NULL},
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
    return m;
}
