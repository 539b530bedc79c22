# The readings of a winning hand (riichi.scoring._readings): its decompositions into sets and a
# pair, each with the set the winning tile completed.
from riichi.scoring._kernel cimport Hand, Reading

cdef int readings(Hand* d, Reading* out) noexcept nogil
