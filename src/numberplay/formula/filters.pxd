# The C declarations of filters.py that Cython's pure-Python mode cannot spell
# (the .py stays plain Python): the CPU's popcount and lowest set bit, behind
# `_bitcount` and `_lowest`.

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil

cdef inline int _bitcount(unsigned long long x) noexcept
cdef inline int _lowest(unsigned long long x) noexcept
