# The yaku features of a hand and of a reading (riichi.scoring._features), as bit masks of the
# F_* and Y_* features of riichi.scoring._kernel.
from libc.stdint cimport uint64_t

from riichi.scoring._kernel cimport (
    SHAPE_STANDARD, W_KOKUSHI, W_KOKUSHI_13, W_RYANMEN, W_TANKI,
    Y_KOKUSHI, Y_KOKUSHI_13, Y_SUUANKOU, Y_SUUANKOU_TANKI, Hand, Reading, bit,
)

cdef uint64_t hand_features(Hand* d, bint haitei_on_rinshan, bint cumulative_renhou) noexcept
cdef uint64_t hand_yakuman(Hand* d, bint renhou_yakuman) noexcept
cdef uint64_t reading_features(Hand* d, Reading* r, bint pinfu) noexcept nogil


cdef inline bint is_pinfu(Hand* d, Reading* r) noexcept nogil:
    """Closed, four runs, a two-sided wait and a pair that scores no fu."""
    return (r.shape == SHAPE_STANDARD and d.is_closed and r.n_triplets == 0
            and r.wait == W_RYANMEN and r.pair < 31 and r.pair != d.seat and r.pair != d.rnd)


cdef inline uint64_t reading_yakuman(Reading* r) noexcept nogil:
    if r.wait == W_KOKUSHI:
        return bit(Y_KOKUSHI)
    if r.wait == W_KOKUSHI_13:
        return bit(Y_KOKUSHI_13)
    if r.concealed_triplets == 4:
        return bit(Y_SUUANKOU_TANKI if r.wait == W_TANKI else Y_SUUANKOU)
    return 0
