# The C types of wordcount.py (Cython's pure-Python mode: the .py stays plain Python).
# Sizes: MAXL = 36 letters (pos/neg: (MAXL + 1) * MAXL); the program's steps sized
# by the words (array.array).

cdef int MAXL, MAXWORD, PRE_MAX

cdef class _Sum:
    cdef int base, limit, nl, nsteps, count, aborted
    cdef long long max_nodes, nodes, P
    cdef unsigned long long used
    cdef int[::1] op
    cdef int[::1] let
    cdef int[::1] rest_from
    cdef int order[36]
    cdef long long W[36]
    cdef int lead[36]
    cdef int digit[36]
    cdef int sol[36]
    cdef int code[36]
    cdef signed char pos[1332]
    cdef signed char neg[1332]
    cdef int npos[37]
    cdef int nneg[37]

    cdef int setup(self, list words) except -2
    cdef bint has_twins(self) noexcept
    cdef bint bound_ok(self, int i) noexcept
    cdef void rec(self, int i, long long s) noexcept
    cdef bytes digits(self)
