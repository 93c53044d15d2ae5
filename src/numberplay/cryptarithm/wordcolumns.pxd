# The C types of wordcolumns.py (Cython's pure-Python mode: the .py stays plain Python).
# Sizes: MAXW = 16 words, MAXL = 64 places, MAXN = MAXB = 62 letters and digits.
cimport cython

cdef extern from *:
    # the exact comparison of the products (the caller keeps them below 2^128) and
    # the expansion's sums of place values
    ctypedef unsigned long long u128 "unsigned __int128"
    ctypedef long long i128 "__int128"

# the sizes as C constants (the .py assigns them only where nothing was compiled),
# so the C compiler folds the strides of the flat arrays ([w * MAXL + j])
cdef enum:
    MAXW = 16
    MAXN = 62
    MAXB = 62
    MAXL = 64

cdef int LEAD_TESTS, MAXT, SYMW, INF
cdef unsigned long long M64, M62

@cython.final
cdef class _Tables:
    cdef int base
    cdef unsigned long long solve[3844]
    cdef int nsol[62]
    cdef unsigned char cd[3844]
    cdef unsigned long long pw[65]
    cdef unsigned long long inv[65]

@cython.final
cdef class _Cols:
    cdef int ready, ncol, el, er, strip, nord
    cdef int len[16]
    cdef unsigned char row[1024]
    cdef unsigned char unit[62]
    cdef int order[62]
    cdef int lat[65]
    cdef int fre[64]
    cdef int xs[3968]
    cdef int coef[3968]

@cython.final
cdef class _WordEq:
    cdef int base, limit, nw, n, count, nlead, open, tests, narrow
    cdef long long nodes
    cdef unsigned long long used
    cdef int side[16]
    cdef int len[16]
    cdef unsigned char lt[1024]
    cdef int lead[62]
    cdef int dig[62]
    cdef int sol[62]
    cdef unsigned long long dom[62]
    cdef int leads[62]
    cdef u128 place[16]
    cdef _Tables t
    cdef _Cols top
    cdef list sub

    @cython.locals(pl=u128, pr=u128, v=u128)
    cdef void exact(self) noexcept
    @cython.locals(lo0=u128, lo1=u128, hi0=u128, hi1=u128, wa=u128, wz=u128)
    cdef bint ranges(self) noexcept
    cdef void after(self, _Cols q, int k) noexcept
    cdef void units(self, _Cols q) noexcept
    cdef void letters(self, _Cols q, int k, int nx, int i, int r, bint free) noexcept
    @cython.locals(wide=u128)
    cdef void column(self, _Cols q, int k) noexcept
    cdef void enum(self, _Cols q, int i, int end, int step) noexcept
    cdef int expand(self, _Cols q, int w, int s, int sgn, list key, dict terms, int nt) except -1
    @cython.locals(v=i128, p=i128)
    cdef void prepare(self, _Cols q) except *
    cdef bint stripped(self, int z) noexcept
    @cython.locals(lo0=u128, lo1=u128, hi0=u128, hi1=u128, a=u128, z=u128, place=u128)
    cdef bint sides_meet(self) noexcept
    cdef int walk(self, int i, list seen) except -1

cdef _Tables _tables(int base)

cdef extern from *:
    # the CPU's bit scans (what wordcolumns.py computes with int.bit_length as Python)
    """
    static inline int numberplay_ctz(unsigned long long m) { return __builtin_ctzll(m); }
    static inline int numberplay_msb(unsigned long long m) { return 63 - __builtin_clzll(m); }
    """
    int _ctz "numberplay_ctz"(unsigned long long m) noexcept nogil
    int _msb "numberplay_msb"(unsigned long long m) noexcept nogil

cdef inline int _low(unsigned long long m) noexcept
cdef inline int _high(unsigned long long m) noexcept
@cython.locals(w=u128)
cdef inline unsigned long long _div(_Tables t, unsigned long long x, int k) noexcept
