/* The Keen generator's tries, compiled (the fillings of a cage are cages.py's,
 * typed and compiled by Cython; this file fills the tries' own tables below).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* ------------------------------------------------------------------------------
 * The generator's tries (generate.py: `generate`, `judge` and the functions they
 * call are the pure-Python twin, and the reference; the tests compare the
 * puzzles, the random state left and the budget ticks).
 *
 *   tries(n, level, hard, state, base, attempt, attempts, batch, cap, tick, search,
 *         restart_base) -> (base, attempt, ticks, status, grid, cages, hard_masks)
 *
 * Runs the generator's attempts `attempt`, `attempt` + 1, ... on CPython's
 * Mersenne Twister (`state`: random.Random.getstate()'s 625 words in a writable
 * buffer of 4-byte words, updated in place; the draws are the very ones
 * random.Random makes: `shuffle`, `randrange`, `choice` through `_randbelow`),
 * each as generate.py makes it: a Jacobson-Matthews square every SQUARE_REUSE
 * attempts (`base`, n*n bytes, kept between calls), its isotope, the cages, the
 * clues, the swapped-rectangle test; then the grade: easy and medium on the
 * rung-0/1 fixpoint (singles, each cage's fillings: their union at rung 0, cell
 * by cell at rung 1, hidden singles); from hard up, turned away when the medium
 * rung solves it, then the hard rung's fixpoint (Régin's filter from the Latin
 * capsule of the typed latin.scans.regin; Tatham's cage lines); from extreme up, unique by the Latin
 * core's `search` (its Search type, called as solve_masks calls it, `tick`
 * counting its nodes), then the extreme rung's fixpoint (the fish, Tatham's
 * forcing chains): solved at extreme, stalled at unreasonable. Status: 0 none
 * found (after `batch` attempts or at `attempts`), 1 found, 2 Python decides
 * the rest (a piece not built: `search` None, or no Régin filter; `hard_masks`
 * when made), 3 a cage past `cap` fillings (Python decides).
 * `ticks`: the budget ticks Python would have made and `tick` has not.
 * `cages`: (op, target, cells) each.
 * ---------------------------------------------------------------------------- */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 16
#define MAXA (MAXN * MAXN)
#define MT_N 624
#define MT_M 397
#define MAX_CAGE 6
#define SQUARE_REUSE 25

typedef struct {
    uint32_t mt[MT_N];
    int index;
} MT;

static uint32_t genrand(MT *s) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y, *mt = s->mt;
    if (s->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        s->index = 0;
    }
    y = mt[s->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random.Random._randbelow_with_getrandbits(n), n >= 1 */
static int randbelow(MT *s, int n) {
    int k = 0;
    while ((n >> k) != 0)
        k++;
    uint32_t r;
    do
        r = genrand(s) >> (32 - k);
    while (r >= (uint32_t)n);
    return (int)r;
}

/* random.Random.shuffle */
static void shuffle(MT *s, int *x, int len) {
    for (int i = len - 1; i > 0; i--) {
        int j = randbelow(s, i + 1);
        int t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
}

static void iota(int *x, int len, int from) {
    for (int i = 0; i < len; i++)
        x[i] = i + from;
}

/* latin.squares.jacobson_matthews(n, rng, iterations=n*n), n >= 3: base[r*n+c] */
static void jacobson_matthews(MT *s, int n, unsigned char *base) {
    signed char x[MAXN][MAXN][MAXN];
    int rows[MAXN], cols[MAXN], vals[MAXN];
    iota(rows, n, 0);
    iota(cols, n, 0);
    iota(vals, n, 0);
    shuffle(s, rows, n);
    shuffle(s, cols, n);
    shuffle(s, vals, n);
    memset(x, 0, sizeof x);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            x[rows[r]][cols[c]][vals[(r + c) % n]] = 1;
    int steps = n * n, done = 0, gap = n, improper = 0;
    int r = 0, c = 0, v = 0, r1 = 0, c1 = 0, v1 = 0;
    while (done < steps || improper || (done - steps) % gap) {
        done++;
        if (!improper) {
            while (1) {
                r = randbelow(s, n);
                c = randbelow(s, n);
                v = randbelow(s, n);
                if (x[r][c][v] == 0)
                    break;
            }
            for (r1 = 0; x[r1][c][v] != 1; r1++);
            for (c1 = 0; x[r][c1][v] != 1; c1++);
            for (v1 = 0; x[r][c][v1] != 1; v1++);
        } else {
            int opts[MAXN], k;
            r = r1, c = c1, v = v1;
            k = 0;
            for (int i = 0; i < n; i++)
                if (x[i][c][v] == 1)
                    opts[k++] = i;
            r1 = opts[randbelow(s, k)];
            k = 0;
            for (int j = 0; j < n; j++)
                if (x[r][j][v] == 1)
                    opts[k++] = j;
            c1 = opts[randbelow(s, k)];
            k = 0;
            for (int j = 0; j < n; j++)
                if (x[r][c][j] == 1)
                    opts[k++] = j;
            v1 = opts[randbelow(s, k)];
        }
        x[r][c][v]++;
        x[r][c1][v1]++;
        x[r1][c][v1]++;
        x[r1][c1][v]++;
        x[r][c][v1]--;
        x[r][c1][v]--;
        x[r1][c][v]--;
        x[r1][c1][v1]--;
        improper = x[r1][c1][v1] < 0;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int k = 0;
            while (x[i][j][k] != 1)
                k++;
            base[i * n + j] = (unsigned char)k;
        }
}

/* generate.isotope: grid[r*n+c] = digits[base[rows[r]][cols[c]]], values 1..n */
static void isotope(MT *s, int n, const unsigned char *base, int *grid) {
    int rows[MAXN], cols[MAXN], digits[MAXN];
    iota(rows, n, 0);
    iota(cols, n, 0);
    iota(digits, n, 1);
    shuffle(s, rows, n);
    shuffle(s, cols, n);
    shuffle(s, digits, n);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            grid[r * n + c] = digits[base[rows[r] * n + cols[c]]];
}

static int find_root(int *parent, int i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

typedef struct {
    int count;               /* cages */
    int start[MAXA + 1];     /* cage g: cells[start[g] .. start[g+1]) */
    int cells[MAXA];
    int owner[MAXA];         /* each cell's cage */
    int op[MAXA];            /* 0 '/', 1 '-', 2 '*', 3 '+', 4 '=' */
    long long target[MAXA];
} Cages;

static const char OPCHAR[5] = {'/', '-', '*', '+', '='};

/* the neighbours left, right, up, down of cell i; returns how many */
static int near(int n, int i, int *out) {
    int r = i / n, c = i % n, k = 0;
    if (c > 0)
        out[k++] = i - 1;
    if (c < n - 1)
        out[k++] = i + 1;
    if (r > 0)
        out[k++] = i - n;
    if (r < n - 1)
        out[k++] = i + n;
    return k;
}

/* generate.cage_cells: 0 when a cell is left alone */
static int cage_cells(MT *s, int n, Cages *cg) {
    int a = n * n, order[MAXA], rank[MAXA], parent[MAXA], size[MAXA], alone[MAXA], nb[4];
    iota(order, a, 0);
    shuffle(s, order, a);
    for (int k = 0; k < a; k++)
        rank[order[k]] = k;
    for (int i = 0; i < a; i++) {
        parent[i] = i;
        size[i] = 1;
        alone[i] = 1;
    }
    for (int i = 0; i < a; i++) {
        if (!alone[i])
            continue;
        int m = near(n, i, nb), best = -1;
        for (int k = 0; k < m; k++)
            if (alone[nb[k]] && (best < 0 || rank[nb[k]] < rank[best]))
                best = nb[k];
        if (best >= 0 && randbelow(s, 4)) {
            alone[i] = alone[best] = 0;
            parent[best] = i;
            size[i] = 2;
        }
    }
    for (int i = 0; i < a; i++) {
        if (!alone[i])
            continue;
        int m = near(n, i, nb), best = -1;
        for (int k = 0; k < m; k++)
            if (size[find_root(parent, nb[k])] < MAX_CAGE && (best < 0 || rank[nb[k]] < rank[best]))
                best = nb[k];
        if (best >= 0) {
            alone[i] = alone[best] = 0;
            int rj = find_root(parent, best);
            parent[rj] = i;
            size[i] += size[rj];
        }
    }
    for (int i = 0; i < a; i++)
        if (alone[i])
            return 0;
    /* cages in order of their first cell, cells ascending */
    int label[MAXA], count[MAXA];
    for (int i = 0; i < a; i++)
        label[i] = -1;
    cg->count = 0;
    for (int i = 0; i < a; i++) {
        int rt = find_root(parent, i);
        if (label[rt] < 0) {
            label[rt] = cg->count;
            count[cg->count++] = 0;
        }
        cg->owner[i] = label[rt];
        count[label[rt]]++;
    }
    cg->start[0] = 0;
    for (int g = 0; g < cg->count; g++)
        cg->start[g + 1] = cg->start[g] + count[g];
    int fill[MAXA];
    for (int g = 0; g < cg->count; g++)
        fill[g] = cg->start[g];
    for (int i = 0; i < a; i++)
        cg->cells[fill[cg->owner[i]]++] = i;
    return 1;
}

/* generate._suits as bits (1 << op): *good, *poor */
static void suits(int n, int size, int p, int q, int hard, int *good, int *poor) {
    *good = *poor = 0;
    if (size == 1) {
        *good = 1 << 4;
        return;
    }
    if (size > 2) {
        *good = (1 << 3) | (1 << 2);
        return;
    }
    if (p < q) {
        int t = p;
        p = q;
        q = t;
    }
    if (4 < p + q && p + q < 2 * n - 2)
        *good |= 1 << 3;
    else
        *poor |= 1 << 3;
    int ways = 0, pq = p * q;
    for (int k = 1; k <= n; k++)
        if (pq % k == 0 && pq / k <= n && pq / k != k)
            ways++;
    if (ways <= 2 && hard)
        *poor |= 1 << 2;
    else
        *good |= 1 << 2;
    if (p - q < n - 1)
        *good |= 1 << 1;
    if (p % q == 0 && 2 * (p / q) <= n)
        *good |= 1 << 0;
}

/* generate.clues: each cage's operation and target */
static void clues(MT *s, int n, Cages *cg, const int *grid, int hard) {
    int G = cg->count, good[MAXA], poor[MAXA], order[MAXA];
    for (int g = 0; g < G; g++) {
        int size = cg->start[g + 1] - cg->start[g];
        int p = grid[cg->cells[cg->start[g]]];
        int q = size > 1 ? grid[cg->cells[cg->start[g] + 1]] : p;
        suits(n, size, p, q, hard, &good[g], &poor[g]);
        cg->op[g] = size == 1 ? 4 : -1;
    }
    iota(order, G, 0);
    shuffle(s, order, G);
    int lists[4][2][MAXA];
    int len[4][2], at[4][2];
    for (int o = 0; o < 4; o++)
        for (int w = 0; w < 2; w++) {
            len[o][w] = at[o][w] = 0;
            for (int k = 0; k < G; k++)
                if ((w ? poor : good)[order[k]] >> o & 1)
                    lists[o][w][len[o][w]++] = order[k];
        }
    while (1) {
        int dealt = 0;
        for (int o = 0; o < 4; o++)
            for (int w = 0; w < 2; w++) {
                int pos = at[o][w];
                while (pos < len[o][w] && cg->op[lists[o][w][pos]] >= 0)
                    pos++;
                at[o][w] = pos;
                if (pos < len[o][w]) {
                    cg->op[lists[o][w][pos]] = o;
                    dealt = 1;
                    break;
                }
            }
        if (!dealt)
            break;
    }
    for (int g = 0; g < G; g++) {
        int op = cg->op[g] < 0 ? 3 : cg->op[g];
        const int *cells = cg->cells + cg->start[g];
        int size = cg->start[g + 1] - cg->start[g];
        long long t;
        cg->op[g] = op;
        if (op == 3 || op == 4) {
            t = 0;
            for (int k = 0; k < size; k++)
                t += grid[cells[k]];
        } else if (op == 2) {
            t = 1;
            for (int k = 0; k < size; k++)
                t *= grid[cells[k]];
        } else {
            int a = grid[cells[0]], b = grid[cells[1]];
            if (a < b) {
                int x = a;
                a = b;
                b = x;
            }
            t = op == 1 ? a - b : a / b;
        }
        cg->target[g] = t;
    }
}

/* generate.swapped */
static int swapped(int n, const int *grid, const int *owner) {
    for (int r1 = 0; r1 < n - 1; r1++) {
        const int *row1 = grid + r1 * n;
        for (int r2 = r1 + 1; r2 < n; r2++) {
            const int *row2 = grid + r2 * n;
            int where2[MAXN + 1];
            for (int c = 0; c < n; c++)
                where2[row2[c]] = c;
            for (int c1 = 0; c1 < n; c1++) {
                int c2 = where2[row1[c1]];
                if (c2 <= c1 || row1[c2] != row2[c1])
                    continue;
                int a1 = owner[r1 * n + c1], a2 = owner[r2 * n + c2];
                int b1 = owner[r1 * n + c2], b2 = owner[r2 * n + c1];
                if ((a1 == b1 && a2 == b2) || (a1 == b2 && a2 == b1))
                    return 1;
            }
        }
    }
    return 0;
}

/* -- the rung-0/1 fixpoint (the kernel's quiet run of KeenRules up to rung 1) -- */

typedef struct {
    int size, count, nlive;
    int cells[MAX_CAGE];
    unsigned char *tuples;    /* count * size values, 0-based */
    int *live;                /* the tuples still possible: live[0 .. nlive) */
} Tab;

typedef struct {
    unsigned char *buf;
    size_t len, cap;
    int *live;
    size_t livecap;
} Store;

static int store_grow(Store *st, size_t need) {
    if (need <= st->cap)
        return 0;
    size_t cap = st->cap ? st->cap : 1 << 16;
    while (cap < need)
        cap *= 2;
    unsigned char *b = realloc(st->buf, cap);
    if (!b)
        return -1;
    st->buf = b;
    st->cap = cap;
    return 0;
}

/* fillings into the store (cages._search, without Python objects); -1: no memory,
 * 1: past the cap, 0: done */
typedef struct {
    int n, size, add;
    long long cap, found;
    int npeers[MAX_CAGE + 1], peers[MAX_CAGE + 1][MAX_CAGE + 1], chosen[MAX_CAGE + 1];
    long long power[MAX_CAGE + 1];
    Store *st;
} Fill;

static int fill_rec(Fill *f, int k, long long rest) {
    int last = f->size - 1, n = f->n;
    if (k == last) {
        if (rest >= 1 && rest <= n) {
            for (int j = 0; j < f->npeers[k]; j++)
                if (f->chosen[f->peers[k][j]] == rest)
                    return 0;
            f->chosen[k] = (int)rest;
            if (store_grow(f->st, f->st->len + f->size))
                return -1;
            for (int j = 0; j < f->size; j++)
                f->st->buf[f->st->len++] = (unsigned char)(f->chosen[j] - 1);
            return ++f->found > f->cap;
        }
        return 0;
    }
    int left = last - k;
    for (int v = 1; v <= n; v++) {
        long long r;
        if (f->add) {
            r = rest - v;
            if (r < left)
                break;
            if (r > (long long)left * n)
                continue;
        } else {
            if (rest % v)
                continue;
            r = rest / v;
            if (r > f->power[left])
                continue;
        }
        int bad = 0;
        for (int j = 0; j < f->npeers[k]; j++)
            if (f->chosen[f->peers[k][j]] == v) {
                bad = 1;
                break;
            }
        if (bad)
            continue;
        f->chosen[k] = v;
        int got = fill_rec(f, k + 1, r);
        if (got)
            return got;
    }
    return 0;
}

/* the cages as tables in the store; -1 no memory, 1 a cage past the cap, 0 done */
static int compile_cages(int n, const Cages *cg, Tab *tabs, Store *st, long long cap) {
    size_t offs[MAXA];
    st->len = 0;
    for (int g = 0; g < cg->count; g++) {
        Tab *t = &tabs[g];
        const int *cells = cg->cells + cg->start[g];
        int size = cg->start[g + 1] - cg->start[g];
        int op = cg->op[g];
        long long target = cg->target[g];
        t->size = size;
        for (int k = 0; k < size; k++)
            t->cells[k] = cells[k];
        offs[g] = st->len;
        if (op == 4) {
            if (store_grow(st, st->len + 1))
                return -1;
            st->buf[st->len++] = (unsigned char)(target - 1);
            t->count = 1;
        } else if (op == 0 || op == 1) {
            t->count = 0;
            for (int x = 1; x <= n; x++) {
                int opts[2];
                if (op == 1) {
                    opts[0] = x - (int)target;
                    opts[1] = x + (int)target;
                } else {
                    opts[0] = x % target == 0 ? x / (int)target : 0;
                    opts[1] = x * (int)target;
                }
                for (int j = 0; j < 2; j++) {
                    int y = opts[j];
                    if (1 <= y && y <= n && y != x) {
                        if (store_grow(st, st->len + 2))
                            return -1;
                        st->buf[st->len++] = (unsigned char)(x - 1);
                        st->buf[st->len++] = (unsigned char)(y - 1);
                        t->count++;
                    }
                }
            }
        } else {
            Fill f;
            f.n = n;
            f.size = size;
            f.add = op == 3;
            f.cap = cap;
            f.found = 0;
            f.st = st;
            f.power[0] = 1;
            for (int k = 1; k <= MAX_CAGE; k++)
                f.power[k] = f.power[k - 1] * n;
            for (int k = 0; k < size; k++) {
                f.npeers[k] = 0;
                for (int j = 0; j < k; j++)
                    if (cells[j] / n == cells[k] / n || cells[j] % n == cells[k] % n)
                        f.peers[k][f.npeers[k]++] = j;
            }
            int got = fill_rec(&f, 0, target);
            if (got)
                return got;
            t->count = (int)f.found;
        }
    }
    size_t total = 0;
    for (int g = 0; g < cg->count; g++)
        total += tabs[g].count;
    if (total > st->livecap) {
        int *l = realloc(st->live, total * sizeof(int));
        if (!l)
            return -1;
        st->live = l;
        st->livecap = total;
    }
    total = 0;
    for (int g = 0; g < cg->count; g++) {
        tabs[g].tuples = st->buf + offs[g];
        tabs[g].live = st->live + total;
        total += tabs[g].count;
    }
    return 0;
}

enum { SOLVED, STALLED, CONTRADICTION };

/* deduce.quiet(KeenRules, m, rung) for rung 0 or 1, every cell in one cage;
 * rung -1: the singles only (naked and hidden), no cage */
static int settle(int n, int G, Tab *tabs, const int *owner, uint32_t *m, int rung,
                  unsigned char *dirty) {
    int a = n * n;
    uint32_t full = (1U << n) - 1;
    int queue[MAXA * 4], nq = 0;
    unsigned char queued[MAXA];
    memset(queued, 0, a);
    for (int i = 0; i < a; i++)
        if (!(m[i] & (m[i] - 1))) {
            queue[nq++] = i;
            queued[i] = 1;
        }
    while (1) {
        /* naked singles out of their peers */
        while (nq) {
            int i = queue[--nq], r = i / n, c = i % n;
            uint32_t d = m[i];
            queued[i] = 0;
            for (int k = 0; k < n; k++) {
                int js[2] = {r * n + k, k * n + c};
                for (int h = 0; h < 2; h++) {
                    int j = js[h];
                    if (j == i || !(m[j] & d))
                        continue;
                    uint32_t x = m[j] & ~d;
                    if (!x)
                        return CONTRADICTION;
                    m[j] = x;
                    dirty[owner[j]] = 1;
                    if (!(x & (x - 1)) && !queued[j]) {
                        queue[nq++] = j;
                        queued[j] = 1;
                    }
                }
            }
        }
        /* the cages whose cells changed (none at rung -1: the singles alone) */
        int any = 0;
        for (int g = 0; g < G && rung >= 0; g++) {
            if (!dirty[g])
                continue;
            dirty[g] = 0;
            any = 1;
            Tab *t = &tabs[g];
            uint32_t keep[MAX_CAGE] = {0}, dom[MAX_CAGE];
            for (int k = 0; k < t->size; k++)
                dom[k] = m[t->cells[k]];
            int w = 0;
            for (int l = 0; l < t->nlive; l++) {
                int tu = t->live[l];
                const unsigned char *row = t->tuples + (size_t)tu * t->size;
                int k;
                for (k = 0; k < t->size; k++)
                    if (!(dom[k] >> row[k] & 1))
                        break;
                if (k < t->size)
                    continue;
                t->live[w++] = tu;
                for (k = 0; k < t->size; k++)
                    keep[k] |= 1U << row[k];
            }
            t->nlive = w;
            if (!w)
                return CONTRADICTION;
            if (rung == 0) {
                uint32_t u = 0;
                for (int k = 0; k < t->size; k++)
                    u |= keep[k];
                for (int k = 0; k < t->size; k++)
                    keep[k] = u;
            }
            for (int k = 0; k < t->size; k++) {
                int i = t->cells[k];
                if (m[i] & ~keep[k]) {
                    m[i] &= keep[k];
                    if (!m[i])
                        return CONTRADICTION;
                    if (!(m[i] & (m[i] - 1)) && !queued[i]) {
                        queue[nq++] = i;
                        queued[i] = 1;
                    }
                }
            }
            if (nq)
                break;
        }
        if (any)
            continue;
        /* hidden singles; a line without a digit is a contradiction */
        int placed = 0;
        for (int line = 0; line < 2 * n; line++) {
            uint32_t once = 0, twice = 0;
            for (int k = 0; k < n; k++) {
                int i = line < n ? line * n + k : k * n + (line - n);
                twice |= once & m[i];
                once |= m[i];
            }
            if (once != full)
                return CONTRADICTION;
            uint32_t single = once & ~twice;
            if (!single)
                continue;
            for (int k = 0; k < n; k++) {
                int i = line < n ? line * n + k : k * n + (line - n);
                uint32_t hit = m[i] & single;
                if (hit && m[i] != hit) {
                    if (hit & (hit - 1))
                        return CONTRADICTION;
                    m[i] = hit;
                    dirty[owner[i]] = 1;
                    if (!queued[i]) {
                        queue[nq++] = i;
                        queued[i] = 1;
                    }
                    placed = 1;
                }
            }
        }
        if (placed)
            continue;
        for (int i = 0; i < a; i++)
            if (m[i] & (m[i] - 1))
                return STALLED;
        return SOLVED;
    }
}

/* -- the hard rung's fixpoint ------------------------------------------------------ */

typedef int (*LineFilter)(int n, const unsigned long long *dom, unsigned long long *out);

/* Régin's filter: the capsule of the typed `latin.scans.regin` (built wherever this
 * file is); NULL without it, and a try then ends in Python (ST_PYTHON) */
static LineFilter regin(void) {
    static LineFilter f = NULL;
    static int tried = 0;
    if (!tried) {
        tried = 1;
        f = (LineFilter)PyCapsule_Import("numberplay.latin.scans.LINE_FILTER", 0);
        if (!f)
            PyErr_Clear();
    }
    return f;
}

/* The singles, Régin's filter on every line until nothing changes, then the tables,
 * to their fixpoint (as the Latin core's root); 0 on a contradiction */
static int root(int n, int G, Tab *tabs, const int *owner, uint32_t *m, unsigned char *dirty,
                LineFilter filter) {
    if (settle(n, G, tabs, owner, m, -1, dirty) == CONTRADICTION)
        return 0;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int line = 0; line < 2 * n; line++) {
            unsigned long long dom[MAXN], out[MAXN];
            int cells[MAXN], open = 0;
            for (int k = 0; k < n; k++) {
                cells[k] = line < n ? line * n + k : k * n + (line - n);
                dom[k] = m[cells[k]];
                open |= (dom[k] & (dom[k] - 1)) != 0;
            }
            if (!open)
                continue;
            if (!filter(n, dom, out))
                return 0;
            int here = 0;
            for (int k = 0; k < n; k++)
                if (out[k] != dom[k]) {
                    m[cells[k]] = (uint32_t)out[k];
                    dirty[owner[cells[k]]] = 1;
                    here = 1;
                }
            if (here) {
                changed = 1;
                if (settle(n, G, tabs, owner, m, -1, dirty) == CONTRADICTION)
                    return 0;
            }
        }
    }
    for (int g = 0; g < G; g++)
        dirty[g] = 1;
    return settle(n, G, tabs, owner, m, 1, dirty) != CONTRADICTION;
}

/* techniques.all_cage_lines (the sweep of "cage line") applied: in each line Tatham's Hard reads
 * for a cage (columns numbered 0..n-1, rows n..2n-1, below the cage's size), the
 * digits every possible filling puts in the cage's part of it leave the rest of
 * that line; every removal found in m before any is made. 1 if any was. */
static int cage_lines(int n, int G, Tab *tabs, const int *owner, uint32_t *m,
                      unsigned char *dirty) {
    int cells[MAXA * 2], count = 0;
    uint32_t gone[MAXA * 2];
    for (int g = 0; g < G; g++) {
        Tab *t = &tabs[g];
        if (t->size < 2)
            continue;
        for (int number = 0; number < t->size && number < 2 * n; number++) {
            int col = number < n, idx = col ? number : number - n, ks[MAX_CAGE], nk = 0;
            for (int k = 0; k < t->size; k++)
                if ((col ? t->cells[k] % n : t->cells[k] / n) == idx)
                    ks[nk++] = k;
            if (!nk)
                continue;
            uint32_t need = (1U << n) - 1;
            for (int l = 0; l < t->nlive && need; l++) {
                const unsigned char *row = t->tuples + (size_t)t->live[l] * t->size;
                uint32_t there = 0;
                for (int h = 0; h < nk; h++)
                    there |= 1U << row[ks[h]];
                need &= there;
            }
            if (!need)
                continue;
            for (int x = 0; x < n; x++) {
                int j = col ? x * n + idx : idx * n + x;
                if (owner[j] != g && (m[j] & need)) {
                    cells[count] = j;
                    gone[count++] = m[j] & need;
                }
            }
        }
    }
    for (int h = 0; h < count; h++) {
        m[cells[h]] &= ~gone[h];
        dirty[owner[cells[h]]] = 1;
    }
    return count > 0;
}

/* The hard rung's fixpoint (the kernel's quiet run of KeenRules up to rung 2,
 * that generate.judge asks for; each rule only removes, so there is one):
 * root, again while it changes, then the cage lines, until nothing changes.
 * 0: a contradiction */
static int hard_fixpoint(int n, int G, Tab *tabs, const int *owner, uint32_t *m,
                         unsigned char *dirty, LineFilter filter) {
    uint32_t before[MAXA];
    int a = n * n;
    while (1) {
        memcpy(before, m, sizeof(uint32_t) * a);
        if (!root(n, G, tabs, owner, m, dirty, filter))
            return 0;
        if (memcmp(before, m, sizeof(uint32_t) * a))
            continue;
        if (!cage_lines(n, G, tabs, owner, m, dirty))
            return 1;
    }
}

/* -- the extreme rung: fish and Tatham's forcing chains (the quiet run at rung 3) -- */

/* latin.techniques.fishes: all-different on each value's rows (the columns where it can go in
 * each row) and columns; 1 if anything went, 0 if nothing, -1 on a contradiction */
static int fish(int n, uint32_t *m, LineFilter filter) {
    int changed = 0;
    for (int v = 0; v < n; v++) {
        uint32_t bit = 1U << v;
        for (int transpose = 0; transpose < 2; transpose++) {
            unsigned long long doms[MAXN], out[MAXN];
            int open = 0;
            for (int a = 0; a < n; a++) {
                unsigned long long x = 0;
                for (int b = 0; b < n; b++) {
                    int i = transpose ? b * n + a : a * n + b;
                    if (m[i] & bit)
                        x |= 1ULL << b;
                }
                doms[a] = x;
                open |= (x & (x - 1)) != 0;
            }
            if (!open)
                continue;
            if (!filter(n, doms, out))
                return -1;
            for (int a = 0; a < n; a++)
                for (unsigned long long gone = doms[a] & ~out[a]; gone; gone &= gone - 1) {
                    int b = __builtin_ctzll(gone);
                    m[transpose ? b * n + a : a * n + b] &= ~bit;
                    changed = 1;
                }
        }
    }
    return changed;
}

/* latin.techniques.forcing_chains, each removal made as it is found (as
 * latin.techniques.all_forcing_chains makes them): from each two-candidate cell s and each value v of it, suppose s is
 * not v and follow the two-candidate cells it forces, each visited once (breadth
 * first, a cell's column peers top down before its row peers); a cell forced to v
 * loses v when in line with s. 1 if anything went. */
static int forcing_chains(int n, uint32_t *m) {
    int nn = n * n, any = 0;
    int value[MAXA], queue[MAXA];
    for (int s = 0; s < nn; s++) {
        uint32_t d = m[s];
        if (__builtin_popcount(d) != 2)
            continue;
        int r0 = s / n, c0 = s % n;
        for (uint32_t rest = d; rest; rest &= rest - 1) {
            int v = __builtin_ctz(rest);
            for (int i = 0; i < nn; i++)
                value[i] = -1;
            value[s] = 31 - __builtin_clz(d & ~(1U << v));
            int len = 0, head = 0;
            queue[len++] = s;
            while (head < len) {
                int cell = queue[head++], cur = value[cell], r = cell / n, c = cell % n;
                uint32_t bit = 1U << cur;
                for (int h = 0; h < 2 * (n - 1); h++) {
                    int k = h < n - 1 ? h : h - (n - 1);
                    int j;
                    if (h < n - 1)
                        j = (k < r ? k : k + 1) * n + c;       /* its column, top down */
                    else
                        j = r * n + (k < c ? k : k + 1);       /* then its row */
                    if (value[j] >= 0 || !(m[j] & bit))
                        continue;
                    uint32_t x = m[j];
                    if (__builtin_popcount(x) == 2) {
                        value[j] = 31 - __builtin_clz(x & ~bit);
                        queue[len++] = j;
                    }
                    if (cur == v && (j / n == r0 || j % n == c0)) {
                        m[j] &= ~(1U << v);
                        any = 1;
                    }
                }
            }
        }
    }
    return any;
}

/* The extreme rung's fixpoint from a position (KeenRules.settle up to rung 3):
 * the hard rung's rules and the fish to their fixpoint, then the forcing chains,
 * again until nothing changes. */
static int extreme_fixpoint(int n, int G, Tab *tabs, const int *owner, uint32_t *m,
                            unsigned char *dirty, LineFilter filter) {
    int a = n * n;
    while (1) {
        if (!hard_fixpoint(n, G, tabs, owner, m, dirty, filter))
            return CONTRADICTION;
        int f = fish(n, m, filter);
        if (f < 0)
            return CONTRADICTION;
        if (f)
            continue;
        int open = 0;
        for (int i = 0; i < a; i++)
            open |= (m[i] & (m[i] - 1)) != 0;
        if (!open)
            return SOLVED;
        if (!forcing_chains(n, m))
            return STALLED;
        for (int i = 0; i < a; i++)
            if (!m[i])
                return CONTRADICTION;
    }
}

enum { ST_NONE, ST_FOUND, ST_PYTHON, ST_UNDECIDED };

/* The number of solutions, up to 2, as generate.judge asks latin.search.solve_masks
 * for them (the same call of the Latin core's Search: the same nodes, the same
 * budget ticks); 1 only when the one solution is the grid; -1 on an error. */
static int unique(int n, const Cages *cg, const Tab *tabs, const int *grid, PyObject *search,
                  PyObject *tick, PyObject *restart_base) {
    int nn = n * n, count = 0, result = -1;
    PyObject *masks = NULL, *tables = NULL, *args = NULL, *kw = NULL, *it = NULL, *sol = NULL;
    PyObject *one = PyObject_CallFunction(tick, "i", 1);     /* solve_masks' own tick */
    if (!one)
        return -1;
    Py_DECREF(one);
    if (!(masks = PyList_New(nn)) || !(tables = PyList_New(cg->count)))
        goto done;
    for (int i = 0; i < nn; i++) {
        PyObject *x = PyLong_FromUnsignedLong((1UL << n) - 1);
        if (!x)
            goto done;
        PyList_SET_ITEM(masks, i, x);
    }
    for (int g = 0; g < cg->count; g++) {
        const Tab *t = &tabs[g];
        PyObject *cells = PyTuple_New(t->size);
        if (!cells)
            goto done;
        for (int k = 0; k < t->size; k++)
            PyTuple_SET_ITEM(cells, k, PyLong_FromLong(t->cells[k]));
        PyObject *item = Py_BuildValue("(Ny#)", cells, (const char *)t->tuples,
                                       (Py_ssize_t)t->count * t->size);
        if (!item)
            goto done;
        PyList_SET_ITEM(tables, g, item);
    }
    args = Py_BuildValue("(iOOOOO)", n, masks, Py_True, tick, Py_True, Py_False);
    kw = Py_BuildValue("{sOsO}", "tables", tables, "restart_base", restart_base);
    if (!args || !kw || !(it = PyObject_Call(search, args, kw)))
        goto done;
    int same = 1;
    while (count < 2 && (sol = PyIter_Next(it)) != NULL) {
        if (!count)
            for (int i = 0; i < nn && same; i++) {
                long v = PyLong_AsLong(PyList_GET_ITEM(sol, i));
                same = v + 1 == grid[i];
            }
        count++;
        Py_CLEAR(sol);
    }
    if (PyErr_Occurred())
        goto done;
    result = count == 1 && same;
done:
    Py_XDECREF(masks);
    Py_XDECREF(tables);
    Py_XDECREF(args);
    Py_XDECREF(kw);
    Py_XDECREF(it);
    return result;
}

/* A list of ints; NULL on an error. */
static PyObject *int_list(const int *v, int len) {
    PyObject *out = PyList_New(len);
    for (int i = 0; out && i < len; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, x);
    }
    return out;
}

/* The cages as (op, target, cells) tuples; NULL on an error. */
static PyObject *cage_tuples(const Cages *cg) {
    PyObject *out = PyTuple_New(cg->count);
    for (int g = 0; out && g < cg->count; g++) {
        int size = cg->start[g + 1] - cg->start[g];
        PyObject *cells = PyTuple_New(size);
        for (int k = 0; cells && k < size; k++) {
            PyObject *x = PyLong_FromLong(cg->cells[cg->start[g] + k]);
            if (!x)
                Py_CLEAR(cells);
            else
                PyTuple_SET_ITEM(cells, k, x);
        }
        PyObject *item = cells ? Py_BuildValue("(CLN)", OPCHAR[cg->op[g]], cg->target[g], cells)
                               : NULL;
        if (!item)
            Py_CLEAR(out);
        else
            PyTuple_SET_ITEM(out, g, item);
    }
    return out;
}

static PyObject *tries(PyObject *self, PyObject *args) {
    int n, level, hard, attempt, attempts, batch;
    long long cap;
    PyObject *state, *basebytes, *tick, *search, *restart_base;
    if (!PyArg_ParseTuple(args, "iipOOiiiLOOO", &n, &level, &hard, &state, &basebytes,
                          &attempt, &attempts, &batch, &cap, &tick, &search, &restart_base))
        return NULL;
    if (n < 3 || n > MAXN || level < 0 || level > 4) {
        PyErr_SetString(PyExc_ValueError, "order or level out of range");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(state, &view, PyBUF_WRITABLE) < 0)
        return NULL;
    if (view.len != (MT_N + 1) * 4) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "not a Mersenne Twister state (625 4-byte words)");
        return NULL;
    }
    MT mt;
    memcpy(mt.mt, view.buf, MT_N * 4);
    uint32_t index;
    memcpy(&index, (char *)view.buf + MT_N * 4, 4);
    mt.index = (int)index;
    unsigned char base[MAXA];
    Py_ssize_t blen = 0;
    if (basebytes != Py_None) {
        char *b;
        if (PyBytes_AsStringAndSize(basebytes, &b, &blen) < 0 || blen != n * n) {
            PyBuffer_Release(&view);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "base square of the wrong size");
            return NULL;
        }
        memcpy(base, b, blen);
    }
    /* per call, not static: `unique` calls back into Python, where another thread
     * may run its own tries */
    Cages *cg = PyMem_Calloc(1, sizeof(Cages));
    Tab *tabs = PyMem_Calloc(MAXA, sizeof(Tab));
    Store st = {NULL, 0, 0, NULL, 0};
    if (!cg || !tabs) {
        PyMem_Free(cg);
        PyMem_Free(tabs);
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    int grid[MAXA], status = ST_NONE, have_hard = 0, failed = 0;
    uint32_t hardm[MAXA];
    long long ticks = 0;
    int made = 0;
    while (attempt < attempts && made < batch) {
        made++;
        ticks++;
        if (attempt % SQUARE_REUSE == 0) {
            jacobson_matthews(&mt, n, base);
            blen = n * n;
        } else if (blen != n * n) {
            PyErr_SetString(PyExc_ValueError, "no base square");
            failed = 1;
            break;
        }
        attempt++;
        isotope(&mt, n, base, grid);
        if (!cage_cells(&mt, n, cg))
            continue;
        clues(&mt, n, cg, grid, hard);
        if (swapped(n, grid, cg->owner))
            continue;
        int got = compile_cages(n, cg, tabs, &st, cap);
        if (got < 0) {
            PyErr_NoMemory();
            failed = 1;
            break;
        }
        if (got > 0) {
            status = ST_UNDECIDED;
            break;
        }
        uint32_t m[MAXA];
        unsigned char dirty[MAXA];
        for (int i = 0; i < n * n; i++)
            m[i] = (1U << n) - 1;
        for (int g = 0; g < cg->count; g++) {
            tabs[g].nlive = tabs[g].count;
            for (int l = 0; l < tabs[g].count; l++)
                tabs[g].live[l] = l;
            dirty[g] = 1;
        }
        if (level <= 1) {
            /* solved at its level and stalled below (grade_exactly, and its tick) */
            ticks++;
            if (level == 1 && settle(n, cg->count, tabs, cg->owner, m, 0, dirty) != STALLED)
                continue;
            for (int g = 0; g < cg->count; g++)
                dirty[g] = 1;
            if (settle(n, cg->count, tabs, cg->owner, m, level, dirty) == SOLVED) {
                status = ST_FOUND;
                break;
            }
            continue;
        }
        /* hard and up: turned away when the medium rung solves it (generate.judge) */
        if (settle(n, cg->count, tabs, cg->owner, m, 1, dirty) != STALLED)
            continue;
        LineFilter filter = regin();
        if (!filter) {
            status = ST_PYTHON;     /* the rest in Python */
            break;
        }
        /* then the hard rung's fixpoint (and the grade's tick), from the medium one */
        ticks++;
        if (!hard_fixpoint(n, cg->count, tabs, cg->owner, m, dirty, filter))
            continue;
        int open = 0;
        for (int i = 0; i < n * n; i++)
            open |= (m[i] & (m[i] - 1)) != 0;
        if (level == 2) {
            if (!open) {
                status = ST_FOUND;
                break;
            }
            continue;
        }
        if (!open)
            continue;
        memcpy(hardm, m, sizeof hardm);
        have_hard = 1;
        status = ST_PYTHON;
        if (search == Py_None)
            break;
        /* extreme and up: unique (the budget's ticks so far first, as Python makes them) */
        PyObject *r = PyObject_CallFunction(tick, "L", ticks);
        ticks = 0;
        if (!r) {
            failed = 1;
            break;
        }
        Py_DECREF(r);
        int u = unique(n, cg, tabs, grid, search, tick, restart_base);
        if (u < 0) {
            failed = 1;
            break;
        }
        if (u) {
            /* the ladder above hard: extreme when it solves it, unreasonable when
             * it stalls (grade_exactly) */
            int end = extreme_fixpoint(n, cg->count, tabs, cg->owner, m, dirty, filter);
            if ((level == 3 && end == SOLVED) || (level == 4 && end == STALLED)) {
                status = ST_FOUND;
                break;
            }
        }
        have_hard = 0;
        status = ST_NONE;
    }
    /* the state and where the attempts are, back to Python */
    memcpy(view.buf, mt.mt, MT_N * 4);
    index = (uint32_t)mt.index;
    memcpy((char *)view.buf + MT_N * 4, &index, 4);
    PyBuffer_Release(&view);
    free(st.buf);
    free(st.live);
    if (failed) {
        PyMem_Free(cg);
        PyMem_Free(tabs);
        return NULL;
    }
    PyObject *outbase = blen == n * n ? PyBytes_FromStringAndSize((char *)base, n * n)
                                       : Py_NewRef(Py_None);
    PyObject *outgrid = status != ST_NONE ? int_list(grid, n * n) : Py_NewRef(Py_None);
    PyObject *outcages = status != ST_NONE ? cage_tuples(cg) : Py_NewRef(Py_None);
    PyObject *outhard = Py_NewRef(Py_None);
    if (have_hard && status == ST_PYTHON) {
        int h[MAXA];
        for (int i = 0; i < n * n; i++)
            h[i] = (int)hardm[i];
        Py_DECREF(outhard);
        outhard = int_list(h, n * n);
    }
    PyMem_Free(cg);
    PyMem_Free(tabs);
    /* (a NULL among them: Py_BuildValue drops the others and returns NULL) */
    return Py_BuildValue("(NiLiNNN)", outbase, attempt, ticks, status, outgrid, outcages,
                         outhard);
}

static PyMethodDef methods[] = {
    {"tries", tries, METH_VARARGS,
     "tries(n, level, hard, state, base, attempt, attempts, batch, cap): the generator's "
     "attempts, until one needs Python (see generate.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef cages_module = {
    PyModuleDef_HEAD_INIT, "_cages", "The Keen generator's tries, compiled.", -1, methods,
};

PyMODINIT_FUNC PyInit__cages(void) { return PyModule_Create(&cages_module); }
