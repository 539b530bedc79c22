# Limits and payments (riichi.scoring._limits): the basic points of a hand and what each seat pays.
from riichi.scoring._kernel cimport EAST, TP_ABSENT_TOO, TP_AS_RON, TP_NORTH_BISECTION, Hand
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


cdef inline void tsumo_parts(int basic, bint dealer, int mode, int* dealer_share,
                             int* each) noexcept nogil:
    """A tsumo's payments before counters as ``RuleSet.tsumo_payment`` (``mode``) says: the
    dealer's (0 on the dealer's own tsumo) and each other payer's. Where one opponent pays for
    the whole table (``absent_too``, ``as_ron``) both are that payment, dealer or not."""
    cdef int ron
    shares(basic, dealer, True, &ron, dealer_share, each)
    if mode == TP_NORTH_BISECTION:  # the payers halve the empty North's share (``each``)
        if not dealer:
            dealer_share[0] = with_north_half(dealer_share[0], each[0])
        each[0] = with_north_half(each[0], each[0])
    elif mode == TP_AS_RON or mode == TP_ABSENT_TOO:
        if mode == TP_AS_RON:
            each[0] = _ceil100(basic * (6 if dealer else 4))
        else:  # the opponent's share and those of the two empty seats
            each[0] = dealer_share[0] + each[0] * (3 if dealer else 2)
        dealer_share[0] = 0 if dealer else each[0]


cdef inline bint dealer_pays(Hand* d, RuleTable table) noexcept:
    """The dealer is among the payers of the hand's tsumo: always when the winner is not the
    dealer, but at two players only when the opponent (``winds // 2`` wind seats on) is East."""
    if d.is_dealer:
        return False
    return table.players != 2 or (d.seat - EAST + table.winds // 2) % table.winds == 0


cdef inline int tsumo_payers(int basic, Hand* d, RuleTable table, int* dealer_share,
                             int* each) noexcept:
    """The hand's tsumo before counters: the dealer's payment into ``dealer_share`` (0 when the
    dealer pays none), each non-dealer payer's into ``each``; returns how many non-dealers pay."""
    tsumo_parts(basic, d.is_dealer, table.tsumo_payment, dealer_share, each)
    if dealer_pays(d, table):
        return table.players - 2
    dealer_share[0] = 0
    return table.players - 1


cdef inline int hand_points(int basic, Hand* d, RuleTable table) noexcept:
    """What the winner receives for the hand alone, before counters and sticks."""
    cdef int dealer_share, each, non_dealers
    if not d.tsumo:
        return _ceil100(basic * (6 if d.is_dealer else 4))
    non_dealers = tsumo_payers(basic, d, table, &dealer_share, &each)
    return dealer_share + each * non_dealers
