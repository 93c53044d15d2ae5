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

/* ---- equalities of products of words (wordproducts.py: `_Columns`, the twin) ----
 *
 * prod(left words) = prod(right words), letters distinct digits, no word of two or
 * more letters starting with 0. Column by column from the units: the letters that
 * first occur in column k (counted from the right) are given digits, then the
 * products of the words' last k+1 digits must agree modulo B^(k+1) (the last
 * digits of a product depend only on the last digits of its factors). When every
 * letter has a digit, the products are compared exactly in 128 bits (the caller
 * passes only sides whose largest product fits).
 */

#define WP_MAXW 16
#define WP_MAXN 62
#define WP_MAXB 62
#define WP_LEAD_TESTS 1000           /* range tests of the leading letters' walk, at most */
#define WP_MAXL 64

typedef struct {
    int base, nw, n, ncol, limit, count;
    int side[WP_MAXW], len[WP_MAXW];
    int lt[WP_MAXW][WP_MAXL];        /* local letter of each place, units first */
    int lead[WP_MAXN];
    int nnew[WP_MAXL], newl[WP_MAXL][WP_MAXN];
    int dig[WP_MAXN], sol[WP_MAXN];
    u64 used, full;
    int ucof[WP_MAXW];               /* product of the units of the other words of its side */
    int coef[WP_MAXL][WP_MAXN];      /* each new letter's coefficient in its column */
    u64 solve[WP_MAXB][WP_MAXB];
    int nsol[WP_MAXB];               /* the solutions of c*d = r (mod B) for one r: gcd(c, B) */
    unsigned char cd[WP_MAXB][WP_MAXB];  /* c*d mod B */
    u64 inv[WP_MAXL + 1];            /* floor(2^64 / B^k), for the reductions below */
    u64 dom[WP_MAXN];                /* the digits a letter may take (leading letters: by magnitude) */
    int nlead, leads[WP_MAXN];
    u128 place[WP_MAXW];             /* B^(length - 1) */
    int open;                        /* leading letters whose digits are not all seen yet */
    int tests;                       /* range tests left to the leading letters' walk */  /* solve[c][r]: the digits d with c*d = r (mod B) */
    u64 pw[WP_MAXL + 1];             /* B^k, 0 past 2^62 */
    u64 low[WP_MAXL + 1][WP_MAXW];   /* low[k][w]: word w modulo B^k */
    long long nodes;
} WordEq;

static void wp_column(WordEq *p, int k);

/* x mod B^k and x div B^k for x < 2^64 (Barrett, with inv[k] = floor(2^64 / B^k)) */
static inline u64 wp_div(const WordEq *p, u64 x, int k)
{
    u64 m = p->pw[k], q = (u64)(((u128)x * p->inv[k]) >> 64);
    u64 r = x - q * m;
    while (r >= m) {
        r -= m;
        q++;
    }
    return q;
}

static inline u64 wp_mod(const WordEq *p, u64 x, int k)
{
    return x - wp_div(p, x, k) * p->pw[k];
}

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

static inline void wp_next(WordEq *p, int k)
{
    if (k == 0) {
        int w, v;
        for (w = 0; w < p->nw; w++) {
            int c = 1;
            for (v = 0; v < p->nw; v++)
                if (v != w && p->side[v] == p->side[w])
                    c = p->cd[c][p->dig[p->lt[v][0]]];
            p->ucof[w] = c;
        }
    }
    if (k + 1 == p->ncol)
        wp_exact(p);
    else
        wp_column(p, k + 1);
}

static inline u64 wp_allowed(const WordEq *p, int x)
{
    return p->dom[x] & ~p->used;
}

/* the units: every new letter, then the products of the units digits agree mod B */
static void wp_units(WordEq *p, int i)
{
    int x, w;
    u64 m;
    if (i == p->nnew[0]) {
        u64 pl = 1, pr = 1;
        for (w = 0; w < p->nw; w++) {
            if (p->side[w] > 0)
                pl = p->cd[pl][p->dig[p->lt[w][0]]];
            else
                pr = p->cd[pr][p->dig[p->lt[w][0]]];
        }
        if (pl == pr)
            wp_next(p, 0);
        return;
    }
    x = p->newl[0][i];
    m = wp_allowed(p, x);
    while (m && p->count < p->limit) {
        int d = __builtin_ctzll(m);
        m &= m - 1;
        p->nodes++;
        p->dig[x] = d;
        p->used |= 1ULL << d;
        wp_units(p, i + 1);
        p->used &= ~(1ULL << d);
    }
    p->dig[x] = -1;
}

/* column k >= 1: its new letters i, i+1, ... with r the residue so far of
 * D / B^k + sum(coefficient * digit) (mod B), which must end at 0; the last new
 * letter's digits are those that bring it to 0 (`solve`), unless `free` (the
 * modulus is past 62 bits: no test) */
static void wp_letters(WordEq *p, int k, int i, int r, int free)
{
    int x = p->newl[k][i], b = p->base;
    u64 m = wp_allowed(p, x);
    if (i == p->nnew[k] - 1 && !free)
        m &= p->solve[p->coef[k][i]][(b - r) % b];
    while (m && p->count < p->limit) {
        int d = __builtin_ctzll(m);
        m &= m - 1;
        p->nodes++;
        p->dig[x] = d;
        p->used |= 1ULL << d;
        if (i == p->nnew[k] - 1)
            wp_next(p, k);
        else {
            int r2 = r + p->cd[p->coef[k][i]][d];
            wp_letters(p, k, i + 1, r2 >= b ? r2 - b : r2, free);
        }
        p->used &= ~(1ULL << d);
    }
    p->dig[x] = -1;
}

/* entering column k >= 1 (the lower columns agree modulo B^k): the words' values
 * modulo B^k, the residue, each new letter's coefficient */
static void wp_column(WordEq *p, int k)
{
    int w, b = p->base, r, a;
    u64 mod = p->pw[k + 1];
    for (w = 0; w < p->nw; w++)
        p->low[k][w] = p->low[k - 1][w]
            + (p->len[w] > k - 1 ? (u64)p->dig[p->lt[w][k - 1]] * p->pw[k - 1] : 0);
    if (!mod) {
        if (p->nnew[k])
            wp_letters(p, k, 0, 0, 1);
        else
            wp_next(p, k);
        return;
    }
    {
        u64 pl = 1, pr = 1, diff;
        if (mod < (1ULL << 32)) {
            for (w = 0; w < p->nw; w++) {
                if (p->side[w] > 0)
                    pl = wp_mod(p, pl * p->low[k][w], k + 1);
                else
                    pr = wp_mod(p, pr * p->low[k][w], k + 1);
            }
        } else {
            for (w = 0; w < p->nw; w++) {
                if (p->side[w] > 0)
                    pl = mulmod(pl, p->low[k][w], mod);
                else
                    pr = mulmod(pr, p->low[k][w], mod);
            }
        }
        diff = pl >= pr ? pl - pr : pl + mod - pr;
        r = (int)wp_div(p, diff, k);
    }
    for (a = 0; a < p->nnew[k]; a++)
        p->coef[k][a] = 0;
    for (w = 0; w < p->nw; w++) {
        int x, c;
        if (p->len[w] <= k)
            continue;
        x = p->lt[w][k];
        c = p->side[w] > 0 ? p->ucof[w] : (b - p->ucof[w]) % b;
        if (p->dig[x] >= 0) {
            r += p->cd[c][p->dig[x]];
            if (r >= b)
                r -= b;
        } else {
            for (a = 0; p->newl[k][a] != x; a++)
                ;
            p->coef[k][a] += c;
            if (p->coef[k][a] >= b)
                p->coef[k][a] -= b;
        }
    }
    if (p->nnew[k] == 0) {
        if (r == 0)
            wp_next(p, k);
        return;
    }
    {   /* the letter solved last: one whose coefficient has the fewest solutions */
        int best = p->nnew[k] - 1, bn = p->nsol[p->coef[k][best]], t;
        for (a = p->nnew[k] - 2; a >= 0 && bn > 1; a--)
            if (p->nsol[p->coef[k][a]] < bn) {
                best = a;
                bn = p->nsol[p->coef[k][a]];
            }
        if (best != p->nnew[k] - 1) {
            int last = p->nnew[k] - 1;
            t = p->newl[k][best];
            p->newl[k][best] = p->newl[k][last];
            p->newl[k][last] = t;
            t = p->coef[k][best];
            p->coef[k][best] = p->coef[k][last];
            p->coef[k][last] = t;
        }
    }
    wp_letters(p, k, 0, r, 0);
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

/* word_products(base, limit, words, nleft) -> (count, digits by letter id | None, nodes)
 * words: sequences of letter ids (any ints >= 0), most significant first; the
 * first nleft are the left side. */
static PyObject *py_word_products(PyObject *self, PyObject *args)
{
    PyObject *words, *wf = NULL, *out;
    int base, limit, nleft, w, j, k;
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
            p->lt[w][j] = c;
        }
        if (m > 1)
            p->lead[p->lt[w][m - 1]] = 1;
        if ((int)m > p->ncol)
            p->ncol = (int)m;
        Py_DECREF(item);
    }
    {   /* the letters by the column they first occur in */
        int seen[WP_MAXN] = {0};
        for (k = 0; k < p->ncol; k++)
            for (w = 0; w < p->nw; w++)
                if (p->len[w] > k && !seen[p->lt[w][k]]) {
                    seen[p->lt[w][k]] = 1;
                    p->newl[k][p->nnew[k]++] = p->lt[w][k];
                }
    }
    powers(p->pw, WP_MAXL, base);
    for (j = 0; j < p->n; j++)
        p->dig[j] = -1;
    p->full = base == 64 ? ~0ULL : (1ULL << base) - 1;
    {
        int c, d;
        for (c = 0; c < base; c++)
            for (d = 0; d < base; d++)
                p->solve[c][c * d % base] |= 1ULL << d;
        for (c = 0; c < base; c++) {
            p->nsol[c] = __builtin_popcountll(p->solve[c][0]);
            for (d = 0; d < base; d++)
                p->cd[c][d] = (unsigned char)(c * d % base);
        }
        for (k = 1; k <= WP_MAXL; k++)
            p->inv[k] = p->pw[k] > 1 ? (u64)(((u128)1 << 64) / p->pw[k]) : 0;
    }
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
    for (w = 0; w < p->nw; w++) {
        p->place[w] = 1;
        for (j = 1; j < p->len[w]; j++)
            p->place[w] *= (u128)base;
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
        if (found || p->tests <= 0 || !p->open)
            wp_units(p, 0);
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
    PyMem_Free(p);
    return out;
fail:
    Py_XDECREF(wf);
    PyMem_Free(p);
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
