# The C declarations of filters.py that Cython's pure-Python mode cannot spell
# (the .py stays plain Python): the CPU's popcount behind `_bitcount`.

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil

cdef inline int _bitcount(unsigned long long x) noexcept
