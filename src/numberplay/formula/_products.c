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

/* ---- equalities of products of words (wordproducts.py: `columns_py`, the twin) ----
 *
 * prod(left words) = prod(right words), letters distinct digits, no word of two or
 * more letters starting with 0. The leading letters first: the digits each takes in
 * some assignment of them all under which the sides' ranges meet. Then column by
 * column from the units: the products of the words' last k+1 digits must agree
 * modulo B^(k+1) (the last digits of a product depend only on the last digits of
 * its factors). A letter is given a digit at the first column whose test depends on
 * it: the difference of the two products is expanded into monomials of digits (one
 * digit of each word, times B^(sum of their places)), and a letter whose monomials
 * cancel modulo B^(k+1) is not needed by the test of column k (two sides ending
 * alike, as PHI and CHI, test nothing in their common columns). Letters a test
 * needs from lower columns are tried first; the new letters of the column enter the
 * test linearly modulo B, so the last of them (the one whose coefficient leaves the
 * fewest digits) is solved, not tried. Before each column the sides' ranges (each
 * word between its smallest and largest digits left) must meet. A units letter
 * given 0 makes the words ending in it multiples of B: they lose their trailing
 * zeros and the search goes on with the shorter equation (a power of B on the side
 * that had more of them). With every letter decided, the products are compared
 * exactly in 128 bits (the caller passes only sides whose largest product fits).
 */

#define WP_MAXW 16
#define WP_MAXN 62
#define WP_MAXB 62
#define WP_LEAD_TESTS 1000           /* range tests of the leading letters' walk, at most */
#define WP_MAXL 64
#define WP_MAXT 4096                 /* monomials of the expansion, at most (MAX_TERMS) */
#define WP_SYMW 10                   /* words of a side the expansion takes (SYM_WORDS) */
#define WP_INF (1 << 30)

typedef struct {                     /* the tables of one base */
    int base;
    u64 solve[WP_MAXB][WP_MAXB];     /* solve[c][r]: the digits d with c*d = r (mod B) */
    int nsol[WP_MAXB];               /* the solutions of c*d = r (mod B) for one r: gcd(c, B) */
    unsigned char cd[WP_MAXB][WP_MAXB];  /* c*d mod B */
    u64 pw[WP_MAXL + 1];             /* B^k, 0 past 2^62 */
    u64 inv[WP_MAXL + 1];            /* floor(2^64 / B^k), for the reductions below */
} WpTab;

typedef struct {                     /* one column search: the words, the order of the letters */
    int ready;                       /* 1 built, -1 no such search (a stripped word empty) */
    int ncol, el, er, strip;         /* prod(left) * B^el = prod(right) * B^er */
    int len[WP_MAXW];
    unsigned char row[WP_MAXW][WP_MAXL];  /* local letter of each place, units first */
    unsigned char unit[WP_MAXN];     /* a units letter (strip: 0 makes the search shorter) */
    int order[WP_MAXN], nord;        /* the letters to decide, by group: */
    int lat[WP_MAXL + 1], fre[WP_MAXL];  /* later[k] = order[lat[k]..fre[k]), fresh[k] =
                                      * order[fre[k]..lat[k+1]), the rest from lat[ncol] */
} WpProb;

typedef struct {
    int base, nw, n, limit, count;
    int side[WP_MAXW], len[WP_MAXW];
    unsigned char lt[WP_MAXW][WP_MAXL];  /* local letter of each place, units first */
    int lead[WP_MAXN];
    int dig[WP_MAXN], sol[WP_MAXN];
    u64 used, full;
    u64 dom[WP_MAXN];                /* the digits a letter may take (leading letters: by magnitude) */
    int nlead, leads[WP_MAXN];
    u128 place[WP_MAXW];             /* B^(length - 1) */
    int open;                        /* leading letters whose digits are not all seen yet */
    int tests;                       /* range tests left to the leading letters' walk */
    int narrow;                      /* every word's value below 2^64 */
    const WpTab *t;
    long long nodes;
    WpProb top;
    WpProb *sub[WP_MAXN];            /* the shorter search when letter z is 0, made once */
} WordEq;

typedef struct {
    u64 key;                         /* the monomial's letters + 1, sorted, 6 bits each */
    int s, sgn;                      /* B^s, the side */
} WpTerm;

static WpTab wp_tab;                 /* the last base's tables (the GIL is held) */
static WpTerm wp_terms[WP_MAXT + 1];

static const WpTab *wp_tables(int base)
{
    WpTab *t = &wp_tab;
    int c, d, k;
    if (t->base == base)
        return t;
    memset(t, 0, sizeof(*t));
    for (c = 0; c < base; c++)
        for (d = 0; d < base; d++)
            t->solve[c][c * d % base] |= 1ULL << d;
    for (c = 0; c < base; c++) {
        t->nsol[c] = __builtin_popcountll(t->solve[c][0]);
        for (d = 0; d < base; d++)
            t->cd[c][d] = (unsigned char)(c * d % base);
    }
    powers(t->pw, WP_MAXL, base);
    for (k = 1; k <= WP_MAXL; k++)
        t->inv[k] = t->pw[k] > 1 ? (u64)(((u128)1 << 64) / t->pw[k]) : 0;
    t->base = base;
    return t;
}

/* x div B^k for x < 2^64 (Barrett, with inv[k] = floor(2^64 / B^k)) */
static inline u64 wp_div(const WpTab *t, u64 x, int k)
{
    u64 m = t->pw[k], q = (u64)(((u128)x * t->inv[k]) >> 64);
    u64 r = x - q * m;
    while (r >= m) {
        r -= m;
        q++;
    }
    return q;
}

static inline u64 wp_mod(const WpTab *t, u64 x, int k)
{
    return x - wp_div(t, x, k) * t->pw[k];
}

static inline int wp_val(const WordEq *p, int x)
{
    return p->dig[x] < 0 ? 0 : p->dig[x];
}

static void wp_enum(WordEq *p, WpProb *q, int i, int end, int step);

/* every letter has a digit: the products compared exactly */
static void wp_exact(WordEq *p)
{
    u128 pl = 1, pr = 1;
    int w, j;
    for (w = 0; w < p->nw; w++) {
        u128 v = 0;
        for (j = p->len[w] - 1; j >= 0; j--)
            v = v * (u128)p->base + (u128)p->dig[p->lt[w][j]];
        if (p->side[w] > 0)
            pl *= v;
        else
            pr *= v;
    }
    if (pl == pr) {
        if (p->count == 0)
            memcpy(p->sol, p->dig, sizeof(int) * (size_t)p->n);
        p->count++;
    }
}

/* the sides' ranges, each word between its smallest and its largest digits left: can
 * they meet? */
static int wp_ranges(const WordEq *p)
{
    u128 lo[2] = {1, 1}, hi[2] = {1, 1};
    int w, j;
    for (w = 0; w < p->nw; w++) {
        int s = p->side[w] > 0 ? 0 : 1;
        if (p->narrow) {                  /* every word below 2^64 */
            u64 a = 0, z = 0, b = (u64)p->base;
            for (j = p->len[w] - 1; j >= 0; j--) {
                int x = p->lt[w][j];
                if (p->dig[x] >= 0) {
                    a = a * b + (u64)p->dig[x];
                    z = z * b + (u64)p->dig[x];
                } else {
                    u64 m = p->dom[x] & ~p->used;
                    if (!m)
                        return 0;
                    a = a * b + (u64)lowd(m);
                    z = z * b + (u64)highd(m);
                }
            }
            lo[s] *= a;
            hi[s] *= z;
        } else {
            u128 a = 0, z = 0;
            for (j = p->len[w] - 1; j >= 0; j--) {
                int x = p->lt[w][j];
                if (p->dig[x] >= 0) {
                    a = a * (u128)p->base + (u128)p->dig[x];
                    z = z * (u128)p->base + (u128)p->dig[x];
                } else {
                    u64 m = p->dom[x] & ~p->used;
                    if (!m)
                        return 0;
                    a = a * (u128)p->base + (u128)lowd(m);
                    z = z * (u128)p->base + (u128)highd(m);
                }
            }
            lo[s] *= a;
            hi[s] *= z;
        }
    }
    return lo[0] <= hi[1] && lo[1] <= hi[0];
}

static void wp_after(WordEq *p, WpProb *q, int k)
{
    if (k + 1 == q->ncol)
        wp_enum(p, q, q->lat[q->ncol], q->nord, -1);
    else
        wp_enum(p, q, q->lat[k + 1], q->fre[k + 1], k + 1);
}

/* the units: the products of the units digits agree mod B */
static void wp_units(WordEq *p, WpProb *q)
{
    const WpTab *t = p->t;
    int pl = q->el ? 0 : 1, pr = q->er ? 0 : 1, w;
    for (w = 0; w < p->nw; w++) {
        if (p->side[w] > 0)
            pl = t->cd[pl][wp_val(p, q->row[w][0])];
        else
            pr = t->cd[pr][wp_val(p, q->row[w][0])];
    }
    if (pl == pr)
        wp_after(p, q, 0);
}

/* the new letters i, i+1, ... of column k >= 1 with r the residue so far of
 * D / B^k + sum(coefficient * digit) (mod B), which must end at 0; the last one's
 * digits are those that bring it to 0 (`solve`), unless `free` (the modulus is past
 * 62 bits: no test) */
static void wp_letters(WordEq *p, WpProb *q, int k, const int *xs, const int *coef, int nx,
                       int i, int r, int free)
{
    const WpTab *t = p->t;
    int x = xs[i], b = p->base;
    u64 m = p->dom[x] & ~p->used;
    if (i == nx - 1 && !free)
        m &= t->solve[coef[i]][(b - r) % b];
    while (m && p->count < p->limit) {
        int d = __builtin_ctzll(m);
        m &= m - 1;
        p->nodes++;
        p->dig[x] = d;
        p->used |= 1ULL << d;
        if (i == nx - 1)
            wp_after(p, q, k);
        else {
            int r2 = r + t->cd[coef[i]][d];
            wp_letters(p, q, k, xs, coef, nx, i + 1, r2 >= b ? r2 - b : r2, free);
        }
        p->used &= ~(1ULL << d);
    }
    p->dig[x] = -1;
}

/* column k >= 1 (the test of every lower column passed): the words' values modulo
 * B^k, the residue, each new letter's coefficient */
static void wp_column(WordEq *p, WpProb *q, int k)
{
    const WpTab *t = p->t;
    int w, v, b = p->base, r, a, nx = q->lat[k + 1] - q->fre[k];
    int xs[WP_MAXN], coef[WP_MAXN], ucof[WP_MAXW];
    u64 mod = t->pw[k + 1];
    if (!wp_ranges(p))
        return;
    for (a = 0; a < nx; a++) {
        xs[a] = q->order[q->fre[k] + a];
        coef[a] = 0;
    }
    if (!mod) {
        if (nx)
            wp_letters(p, q, k, xs, coef, nx, 0, 0, 1);
        else
            wp_after(p, q, k);
        return;
    }
    for (w = 0; w < p->nw; w++) {
        int c = (p->side[w] > 0 ? q->el : q->er) ? 0 : 1;
        for (v = 0; v < p->nw; v++)
            if (v != w && p->side[v] == p->side[w])
                c = t->cd[c][wp_val(p, q->row[v][0])];
        ucof[w] = c;
    }
    {
        u64 pl = q->el >= k + 1 ? 0 : t->pw[q->el], pr = q->er >= k + 1 ? 0 : t->pw[q->er];
        u64 diff;
        int j;
        for (w = 0; w < p->nw; w++) {
            u64 low = 0;
            int top = q->len[w] < k ? q->len[w] : k;
            for (j = top - 1; j >= 0; j--)
                low = low * (u64)b + (u64)wp_val(p, q->row[w][j]);
            if (mod < (1ULL << 32)) {
                if (p->side[w] > 0)
                    pl = wp_mod(t, pl * low, k + 1);
                else
                    pr = wp_mod(t, pr * low, k + 1);
            } else {
                if (p->side[w] > 0)
                    pl = mulmod(pl, low, mod);
                else
                    pr = mulmod(pr, low, mod);
            }
        }
        diff = pl >= pr ? pl - pr : pl + mod - pr;
        r = (int)wp_div(t, diff, k);
    }
    for (w = 0; w < p->nw; w++) {
        int x, c;
        if (q->len[w] <= k)
            continue;
        x = q->row[w][k];
        c = p->side[w] > 0 ? ucof[w] : (b - ucof[w]) % b;
        if (p->dig[x] >= 0) {
            r += t->cd[c][p->dig[x]];
            if (r >= b)
                r -= b;
        } else {
            for (a = 0; a < nx && xs[a] != x; a++)
                ;
            if (a < nx) {
                coef[a] += c;
                if (coef[a] >= b)
                    coef[a] -= b;
            }
        }
    }
    if (nx == 0) {
        if (r == 0)
            wp_after(p, q, k);
        return;
    }
    {   /* the letter solved last: one whose coefficient has the fewest solutions */
        int best = nx - 1, bn = t->nsol[coef[best]], tmp;
        for (a = nx - 2; a >= 0 && bn > 1; a--)
            if (t->nsol[coef[a]] < bn) {
                best = a;
                bn = t->nsol[coef[a]];
            }
        if (best != nx - 1) {
            tmp = xs[best];
            xs[best] = xs[nx - 1];
            xs[nx - 1] = tmp;
            tmp = coef[best];
            coef[best] = coef[nx - 1];
            coef[nx - 1] = tmp;
        }
    }
    wp_letters(p, q, k, xs, coef, nx, 0, r, 0);
}

static int wp_stripped(WordEq *p, int z);

/* the letters order[i..end) get digits, then the next step: the units (0), column
 * `step`, or the exact comparison (-1) */
static void wp_enum(WordEq *p, WpProb *q, int i, int end, int step)
{
    int x;
    u64 m;
    if (i == end) {
        if (step == 0)
            wp_units(p, q);
        else if (step < 0)
            wp_exact(p);
        else
            wp_column(p, q, step);
        return;
    }
    x = q->order[i];
    m = p->dom[x] & ~p->used;
    while (m && p->count < p->limit) {
        int d = __builtin_ctzll(m);
        m &= m - 1;
        p->nodes++;
        p->dig[x] = d;
        p->used |= 1ULL << d;
        if (d || !q->unit[x] || !wp_stripped(p, x))
            wp_enum(p, q, i + 1, end, step);
        p->used &= ~(1ULL << d);
    }
    p->dig[x] = -1;
}

static int wp_term_cmp(const void *a, const void *b)
{
    u64 x = ((const WpTerm *)a)->key, y = ((const WpTerm *)b)->key;
    return x < y ? -1 : x > y;
}

/* the monomials of one side's product modulo B^ncol: one place of each word */
static void wp_expand(const WordEq *p, const WpProb *q, int w, int s, int sgn, int *key,
                      int depth, int *nt)
{
    int j;
    if (w == p->nw) {
        if (*nt <= WP_MAXT) {
            int sorted[WP_SYMW], a, c;
            u64 packed = 0;
            for (a = 0; a < depth; a++) {   /* insertion sort */
                int v = key[a];
                for (c = a; c > 0 && sorted[c - 1] > v; c--)
                    sorted[c] = sorted[c - 1];
                sorted[c] = v;
            }
            for (a = depth - 1; a >= 0; a--)
                packed = packed << 6 | (u64)(sorted[a] + 1);
            wp_terms[*nt].key = packed;
            wp_terms[*nt].s = s;
            wp_terms[*nt].sgn = sgn;
        }
        (*nt)++;
        return;
    }
    if ((p->side[w] > 0) != (sgn > 0)) {
        wp_expand(p, q, w + 1, s, sgn, key, depth, nt);
        return;
    }
    for (j = 0; j < q->len[w]; j++) {
        if (s + j >= q->ncol || *nt > WP_MAXT)
            break;
        key[depth] = q->row[w][j];
        wp_expand(p, q, w + 1, s + j, sgn, key, depth + 1, nt);
    }
}

/* the columns, the level of each letter (the first column whose test needs it) and
 * the order of the letters not decided yet */
static void wp_prepare(WordEq *p, WpProb *q)
{
    const WpTab *t = p->t;
    int col[WP_MAXN], level[WP_MAXN], in[WP_MAXN] = {0};
    int w, j, k, x, a, nt = 0, nl = 0, nr = 0, key[WP_MAXW];
    q->ncol = 0;
    for (w = 0; w < p->nw; w++) {
        if (q->len[w] > q->ncol)
            q->ncol = q->len[w];
        if (p->side[w] > 0)
            nl++;
        else
            nr++;
    }
    for (x = 0; x < p->n; x++)
        col[x] = level[x] = WP_INF;
    for (k = 0; k < q->ncol; k++)
        for (w = 0; w < p->nw; w++)
            if (q->len[w] > k && col[q->row[w][k]] == WP_INF)
                col[q->row[w][k]] = k;
    if (nl <= WP_SYMW && nr <= WP_SYMW) {
        if (q->el < q->ncol)
            wp_expand(p, q, 0, q->el, 1, key, 0, &nt);
        if (q->er < q->ncol)
            wp_expand(p, q, 0, q->er, -1, key, 0, &nt);
    }
    if (nl > WP_SYMW || nr > WP_SYMW || nt > WP_MAXT) {
        for (x = 0; x < p->n; x++)
            level[x] = col[x];
    } else {
        qsort(wp_terms, (size_t)nt, sizeof(WpTerm), wp_term_cmp);
        for (a = 0; a < nt;) {
            i128 cnt[WP_MAXL], v = 0;
            int b = a, at = WP_INF;
            u64 packed;
            for (k = 0; k < q->ncol; k++)
                cnt[k] = 0;
            while (b < nt && wp_terms[b].key == wp_terms[a].key) {
                cnt[wp_terms[b].s] += wp_terms[b].sgn;
                b++;
            }
            for (k = 0; k < q->ncol; k++) {
                if (!t->pw[k + 1])
                    break;
                v += cnt[k] * (i128)t->pw[k];
                if (v % (i128)t->pw[k + 1]) {
                    at = k;
                    break;
                }
            }
            for (packed = wp_terms[a].key; packed; packed >>= 6) {
                x = (int)(packed & 63) - 1;
                if (at < level[x])
                    level[x] = at;
            }
            a = b;
        }
        for (k = 0; k < q->ncol; k++)       /* a modulus past 62 bits: no test, every letter */
            if (!t->pw[k + 1]) {
                for (x = 0; x < p->n; x++)
                    if (col[x] <= k && k < level[x])
                        level[x] = k;
                break;
            }
    }
    q->nord = 0;
    for (k = 0; k < q->ncol; k++) {
        q->lat[k] = q->nord;
        for (j = 0; j < k; j++)
            for (w = 0; w < p->nw; w++) {
                if (q->len[w] <= j)
                    continue;
                x = q->row[w][j];
                if (level[x] == k && col[x] == j && p->dig[x] < 0 && !in[x]) {
                    in[x] = 1;
                    q->order[q->nord++] = x;
                }
            }
        q->fre[k] = q->nord;
        for (w = 0; w < p->nw; w++) {
            if (q->len[w] <= k)
                continue;
            x = q->row[w][k];
            if (col[x] == k && level[x] == k && p->dig[x] < 0 && !in[x]) {
                in[x] = 1;
                q->order[q->nord++] = x;
            }
        }
    }
    q->lat[q->ncol] = q->nord;
    for (j = 0; j < q->ncol; j++)
        for (w = 0; w < p->nw; w++) {
            if (q->len[w] <= j)
                continue;
            x = q->row[w][j];
            if (level[x] == WP_INF && p->dig[x] < 0 && !in[x]) {
                in[x] = 1;
                q->order[q->nord++] = x;
            }
        }
    memset(q->unit, 0, sizeof(q->unit));
    if (q->strip)
        for (w = 0; w < p->nw; w++)
            q->unit[q->row[w][0]] = 1;
    q->ready = 1;
}

/* units letter z is 0: the words ending in it lose their trailing zeros, the side that
 * had more of them a power of B, and the search goes on there; 0 when that cannot be
 * (a word of zeros only, a power past 62 bits) */
static int wp_stripped(WordEq *p, int z)
{
    WpProb *q = p->sub[z];
    if (!q) {
        int w, j, e = 0;
        q = PyMem_Malloc(sizeof(WpProb));
        if (!q)
            return 0;
        p->sub[z] = q;
        q->ready = 1;
        for (w = 0; w < p->nw; w++) {
            int tz = 0;
            while (tz < p->len[w] && p->lt[w][tz] == z)
                tz++;
            if (tz == p->len[w])
                q->ready = -1;
            q->len[w] = p->len[w] - tz;
            for (j = tz; j < p->len[w]; j++)
                q->row[w][j - tz] = p->lt[w][j];
            e += tz * p->side[w];
        }
        if (q->ready > 0 && ((e < 0 ? -e : e) > WP_MAXL || !p->t->pw[e < 0 ? -e : e]))
            q->ready = -1;
        if (q->ready > 0) {
            q->el = e > 0 ? e : 0;
            q->er = e < 0 ? -e : 0;
            q->strip = 0;
            wp_prepare(p, q);
        }
    }
    if (q->ready < 0)
        return 0;
    wp_enum(p, q, q->lat[0], q->lat[1], 0);
    return 1;
}

/* the range of each side's product with the leading letters given so far (the others
 * anything from 1 to B-1): can the two meet? */
static int wp_sides_meet(const WordEq *p)
{
    u128 lo[2] = {1, 1}, hi[2] = {1, 1};
    int w;
    for (w = 0; w < p->nw; w++) {
        int s = p->side[w] > 0 ? 0 : 1, len = p->len[w], d = p->dig[p->lt[w][len - 1]];
        u128 place = p->place[w], a, z;
        if (d >= 0) {
            a = (u128)d * place;
            z = (u128)(d + 1) * place - 1;
        } else {
            a = len > 1 ? place : 0;
            z = place * (u128)p->base - 1;
        }
        lo[s] *= a;
        hi[s] *= z;
    }
    return lo[0] <= hi[1] && lo[1] <= hi[0];
}

/* every assignment of the leading letters whose sides can meet: the digits each
 * leading letter takes in one of them; 0 when there is none */
static long long wp_leads(WordEq *p, int i, u64 *seen)
{
    int x, d;
    long long found = 0;
    if (i == p->nlead) {
        for (x = 0; x < p->nlead; x++) {
            u64 bit = 1ULL << p->dig[p->leads[x]];
            if (!(seen[x] & bit)) {
                seen[x] |= bit;
                if (seen[x] == p->dom[p->leads[x]])
                    p->open--;
            }
        }
        return 1;
    }
    x = p->leads[i];
    for (d = 1; d < p->base && p->open && p->tests > 0; d++) {
        if (p->used >> d & 1)
            continue;
        p->dig[x] = d;
        p->used |= 1ULL << d;
        p->tests--;
        if (wp_sides_meet(p))
            found += wp_leads(p, i + 1, seen);
        p->used &= ~(1ULL << d);
    }
    p->dig[x] = -1;
    return found;
}

static void wp_free(WordEq *p)
{
    int z;
    for (z = 0; z < WP_MAXN; z++)
        PyMem_Free(p->sub[z]);
    PyMem_Free(p);
}

/* word_products(base, limit, words, nleft) -> (count, digits by letter id | None, nodes)
 * words: sequences of letter ids (any ints >= 0), most significant first; the
 * first nleft are the left side. */
static PyObject *py_word_products(PyObject *self, PyObject *args)
{
    PyObject *words, *wf = NULL, *out;
    int base, limit, nleft, w, j;
    int ids[WP_MAXN];
    WordEq *p;
    if (!PyArg_ParseTuple(args, "iiOi", &base, &limit, &words, &nleft))
        return NULL;
    if (base < 2 || base > 62 || limit < 1) {
        PyErr_SetString(PyExc_ValueError, "base 2 to 62, limit >= 1");
        return NULL;
    }
    p = PyMem_Calloc(1, sizeof(WordEq));
    if (!p)
        return PyErr_NoMemory();
    p->base = base;
    p->limit = limit;
    wf = PySequence_Fast(words, "words");
    if (!wf)
        goto fail;
    p->nw = (int)PySequence_Fast_GET_SIZE(wf);
    if (p->nw > WP_MAXW || p->nw < 2) {
        PyErr_SetString(PyExc_ValueError, "2 to 16 words");
        goto fail;
    }
    for (w = 0; w < p->nw; w++) {
        PyObject *item = PySequence_Fast(PySequence_Fast_GET_ITEM(wf, w), "word");
        Py_ssize_t m;
        if (!item)
            goto fail;
        m = PySequence_Fast_GET_SIZE(item);
        if (m < 1 || m > WP_MAXL) {
            Py_DECREF(item);
            PyErr_SetString(PyExc_ValueError, "a word of 1 to 64 letters");
            goto fail;
        }
        p->len[w] = (int)m;
        p->side[w] = w < nleft ? 1 : -1;
        for (j = 0; j < m; j++) {
            long id = PyLong_AsLong(PySequence_Fast_GET_ITEM(item, m - 1 - j));
            int c;
            if (id < 0) {
                Py_DECREF(item);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "letter ids are >= 0");
                goto fail;
            }
            for (c = 0; c < p->n && ids[c] != (int)id; c++)
                ;
            if (c == p->n) {
                if (p->n == WP_MAXN || p->n == base) {
                    Py_DECREF(item);
                    PyErr_SetString(PyExc_ValueError, "more letters than digits");
                    goto fail;
                }
                ids[p->n++] = (int)id;
            }
            p->lt[w][j] = (unsigned char)c;
        }
        if (m > 1)
            p->lead[p->lt[w][m - 1]] = 1;
        Py_DECREF(item);
    }
    p->t = wp_tables(base);
    for (j = 0; j < p->n; j++)
        p->dig[j] = -1;
    p->full = (1ULL << base) - 1;
    for (j = 0; j < p->n; j++)
        p->dom[j] = p->full & (p->lead[j] ? ~1ULL : ~0ULL);
    for (w = 0; w < p->nw; w++) {
        int x = p->lt[w][p->len[w] - 1], c;
        if (p->len[w] < 2)
            continue;
        for (c = 0; c < p->nlead && p->leads[c] != x; c++)
            ;
        if (c == p->nlead)
            p->leads[p->nlead++] = x;
    }
    p->narrow = 1;
    for (w = 0; w < p->nw; w++) {
        u128 v = 1;
        p->place[w] = 1;
        for (j = 1; j < p->len[w]; j++)
            p->place[w] *= (u128)base;
        for (j = 0; j < p->len[w] && p->narrow; j++) {
            v *= (u128)base;
            if (v > (u128)~0ULL)
                p->narrow = 0;
        }
    }
    p->open = p->nlead;
    p->tests = WP_LEAD_TESTS;
    {
        u64 seen[WP_MAXN] = {0};
        long long found = wp_leads(p, 0, seen);
        if (p->tests > 0 && p->open) {      /* the walk ended: its digits are all there are */
            for (j = 0; j < p->nlead; j++)
                p->dom[p->leads[j]] &= seen[j];
        }
        if (found || p->tests <= 0 || !p->open) {
            WpProb *q = &p->top;
            for (w = 0; w < p->nw; w++) {
                q->len[w] = p->len[w];
                memcpy(q->row[w], p->lt[w], (size_t)p->len[w]);
            }
            q->el = q->er = 0;
            q->strip = 1;
            wp_prepare(p, q);
            wp_enum(p, q, q->lat[0], q->lat[1], 0);
        }
    }
    if (p->count) {
        PyObject *t = PyTuple_New(p->n);
        if (!t)
            goto fail;
        for (j = 0; j < p->n; j++)
            PyTuple_SET_ITEM(t, j, Py_BuildValue("ii", ids[j], p->sol[j]));
        out = Py_BuildValue("iNL", p->count, t, p->nodes);
    } else {
        out = Py_BuildValue("iOL", 0, Py_None, p->nodes);
    }
    Py_DECREF(wf);
    wp_free(p);
    return out;
fail:
    Py_XDECREF(wf);
    wp_free(p);
    return NULL;
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
    {"word_products", py_word_products, METH_VARARGS,
     "word_products(base, limit, words, nleft) -> (count, ((letter id, digit), ...) | None, "
     "nodes)"},
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
