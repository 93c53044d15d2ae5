# The C declarations of search.py that its annotations cannot spell (Cython's
# pure-Python mode: the .py stays plain Python): the search as a C class whose
# helpers are C methods, its arrays typed buffers, the CPU's popcount and lowest
# set bit, and Régin's filter from scans.py.
cimport cython

from numberplay.latin cimport scans

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil

cdef int _low(unsigned long long x) noexcept nogil
cdef int _popc(unsigned long long x) noexcept nogil


@cython.final
cdef class Search:
    cdef int n, nn, trail_len, nopen, depth, ng
    cdef unsigned long long[::1] V
    cdef int[::1] trail_idx
    cdef unsigned long long[::1] trail_old
    cdef int[::1] queue
    cdef int[::1] open
    cdef int[::1] f_mark
    cdef int[::1] f_nopen
    cdef int[::1] f_cell
    cdef int[::1] f_nv
    cdef int[::1] f_next
    cdef unsigned char[::1] f_vals
    cdef long long[::1] W
    cdef double[::1] noise
    cdef int[::1] wa
    cdef int[::1] wb
    cdef unsigned long long rng
    cdef int restarts, node_gac, gac_depth, state, root_ok
    cdef double restart_base
    cdef readonly long long nodes, all_nodes, runs
    cdef long long fails, cutoff, pending
    cdef object tick, propagator
    cdef int[::1] g_coff
    cdef int[::1] g_cells
    cdef int[::1] g_ntup
    cdef int[::1] g_toff
    cdef int[::1] g_perm
    cdef long long[::1] g_voff
    cdef unsigned char[::1] g_vals
    cdef int[::1] cg_off
    cdef int[::1] cg_list
    cdef int[::1] dq
    cdef unsigned char[::1] indq
    cdef unsigned long long[::1] supp

    cdef void _undo_to(self, int mark) noexcept
    cdef int _propagate(self, int qn) noexcept
    cdef int _remove(self, int r, int c, int v, int qn) noexcept
    cdef int _filter_line(self, int side, int a) noexcept
    cdef int _gac_from(self, int start) noexcept
    cdef int _gac(self) noexcept
    cdef void _table_fail(self, int g) noexcept
    cdef int _table_filter(self, int g, int qn) noexcept
    cdef int _tables_from(self, int start, int every) except -1
    cdef int _descend(self) noexcept
    cdef void _new_run(self) noexcept
    cdef int _flush(self) except -1
