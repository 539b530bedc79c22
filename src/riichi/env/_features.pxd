# The rich encoding's kernels (riichi.env._features), for riichi.env.encoders to call at C level.
from libc.stdint cimport uint64_t

cpdef int write_discards(object counts, object visible, float[:, ::1] out, int shanten_plane,
                         int ukeire_plane, bint sanma=*) except -1
cpdef int write_danger(object counts, object visible, uint64_t genbutsu, float[:, ::1] out,
                       int plane, bint sanma=*) except -1
cpdef int clear(float[:, ::1] out, int first, int stop, int rows=*) except -1
