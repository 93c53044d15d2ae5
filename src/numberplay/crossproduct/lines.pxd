# The C declarations of lines.py that its annotations cannot spell (Cython's
# pure-Python mode: the .py stays plain Python): the C allocator for the
# scratch bitsets, and the helpers as C functions.
from libc.stdlib cimport calloc, free

cdef tuple _layout(long e2, long e3, long e5, long e7)
cdef bint _run(unsigned long long *cell, Py_ssize_t n, Py_ssize_t nopen, tuple lay) except -1
cdef bint _passes(unsigned long long *cell, Py_ssize_t n, Py_ssize_t nopen, Py_ssize_t Z, long B,
                  long target, long *sh, unsigned long long *valid, unsigned long long **bits,
                  long long *lo, long long *hi) noexcept
