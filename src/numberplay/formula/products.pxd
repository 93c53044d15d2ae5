# The C types of products.py's search (Cython's pure-Python mode: the .py stays
# plain Python): 128-bit integers for the values (`fits`: below 2^120), the C
# allocator for the arrays sized by the program, the CPU's bit scans.
cimport cython
from libc.stdlib cimport calloc, free

cdef extern from *:
    # the values (signed) and the products modulo B^k (unsigned)
    ctypedef long long i128 "__int128"
    ctypedef unsigned long long u128 "unsigned __int128"

cdef extern from *:
    """
    static inline int numberplay_products_ctz(unsigned long long m) { return __builtin_ctzll(m); }
    static inline int numberplay_products_msb(unsigned long long m) { return 63 - __builtin_clzll(m); }
    static inline int numberplay_products_count(unsigned long long m) { return __builtin_popcountll(m); }
    """
    int _ctz "numberplay_products_ctz"(unsigned long long m) noexcept nogil
    int _msb "numberplay_products_msb"(unsigned long long m) noexcept nogil
    int _popcount "numberplay_products_count"(unsigned long long m) noexcept nogil

cdef unsigned long long M62
cdef long long TWO60

cdef inline int _low(unsigned long long m) noexcept
cdef inline int _high(unsigned long long m) noexcept
cdef inline int _count(unsigned long long m) noexcept
@cython.locals(hi=i128, lo=cython.longlong)
cdef i128 _wide(object v) except? -1

@cython.final
cdef class _Search:
    cdef int n, base, nw, ne, depth
    cdef long long nodes
    cdef unsigned long long full
    cdef int rank[62]
    cdef int sol[62]
    cdef unsigned long long pw[65]
    cdef int neo[62]
    # the words: length, start in wl, letters (most significant first); distinct
    # letters (wdl, from the start) with their place values (wdp); letter mask; bounds
    cdef int *wlen
    cdef int *wst
    cdef int *wnd
    cdef unsigned char *wl
    cdef unsigned char *wdl
    cdef i128 *wdp
    cdef unsigned long long *wmask
    cdef i128 *wlo
    cdef i128 *whi
    # the equations (at most 64): their monomials, levels and linear terms from
    # eq_m0, eq_v0, eq_l0 in the arrays below
    cdef int eq_nm[64]
    cdef int eq_m0[64]
    cdef int eq_nlv[64]
    cdef int eq_v0[64]
    cdef int eq_nl[64]
    cdef int eq_l0[64]
    cdef unsigned long long eq_mask[64]
    cdef i128 eq_cst[64]
    cdef i128 elo[64]
    cdef i128 ehi[64]
    cdef long long *mcoef
    cdef int *mnf
    cdef int *mf0
    cdef int *fw
    cdef int *fx
    cdef unsigned long long *lvmask
    cdef int *lvk
    cdef unsigned long long *cstm
    cdef int *lwm0
    cdef unsigned long long *lwm
    cdef int *ll
    cdef i128 *lw
    cdef i128 *lwof
    cdef int *eo
    # the frames: masks [depth * n + letter], decided letters, branching letter,
    # entered, its digits left
    cdef unsigned long long *fdom
    cdef unsigned long long fcom[64]
    cdef int fli[64]
    cdef int fent[64]
    cdef unsigned long long ftodo[64]

    cdef void _alloc(self, int total, int nm, int nf, int nlv, int nl, int nwm) except *
    @cython.locals(total=i128, t=i128, v=i128)
    cdef inline bint exact_ok(self, int e, int o, int li, int d) noexcept
    @cython.locals(wide=u128)
    cdef inline bint residue_ok(self, int e, int lv, int o, int li, int d) noexcept
    @cython.locals(lo=i128, hi=i128, wt=i128)
    cdef inline void cache_bounds(self, int o) noexcept
    @cython.locals(lo=i128, hi=i128, wt=i128, pl=i128, ph=i128, wl=i128, wh=i128, pv=i128,
                   cf=cython.longlong)
    cdef inline bint bounds_ok(self, int e, int o, int li, int d) noexcept
    cdef inline bint consistent(self, int li, int d, int o, unsigned long long com) noexcept
    cdef bint propagate(self, int depth) noexcept
    cdef bint leaf_ok(self, int o) noexcept
    cdef int branch(self, int o, unsigned long long com) noexcept
    cpdef int run(self, long long max_nodes)
    cpdef list digits(self)
