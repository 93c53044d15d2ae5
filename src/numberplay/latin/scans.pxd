# The C declarations of scans.py that its annotations cannot spell (Cython's
# pure-Python mode: the .py stays plain Python): Régin's filter on C arrays, for
# the Latin search (search.pxd cimports it) and as a capsule for other
# compiled modules.
from cpython.pycapsule cimport PyCapsule_New

cdef int regin(int n, unsigned long long *dom, unsigned long long *out) noexcept
