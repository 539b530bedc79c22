# Limits and payments (riichi.scoring._limits): the basic points of a hand and what each seat pays.
from riichi.scoring._rules cimport RuleTable

cdef int basic_points(int han, int fu, int yakuman, RuleTable table, int* limit) noexcept


cdef inline int _ceil100(int points) noexcept nogil:
    return (points + 99) // 100 * 100


cdef inline void shares(int basic, bint dealer, bint tsumo, int* ron, int* dealer_share,
                        int* each) noexcept nogil:
    """The payments of a hand before counters: the discarder's on a ron; on a tsumo, the
    dealer's (when the winner is not the dealer) and each non-dealer's."""
    ron[0] = dealer_share[0] = each[0] = 0
    if not tsumo:
        ron[0] = _ceil100(basic * (6 if dealer else 4))
    elif dealer:
        each[0] = _ceil100(2 * basic)
    else:
        dealer_share[0] = _ceil100(2 * basic)
        each[0] = _ceil100(basic)


cdef inline int with_north_half(int own, int north) noexcept nogil:
    """A payer's share ``own`` with half of the empty North's share ``north``, rounded up to 100
    (three players under north bisection)."""
    return (2 * own + north + 199) // 200 * 100


cdef inline int hand_points(int basic, bint dealer, bint tsumo) noexcept nogil:
    """What the winner receives for the hand alone (four players)."""
    cdef int ron, dealer_share, each
    shares(basic, dealer, tsumo, &ron, &dealer_share, &each)
    return ron + dealer_share + each * (3 if dealer else 2)
