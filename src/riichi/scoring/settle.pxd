# The compiled build's declaration of riichi.scoring.settle: the checks and payments of a win as
# C-level calls (the rules are in settle.py); the table settles every win through settle_each.

cdef tuple _seats(str name, object seat, object dealer)
cdef tuple _checked_types(object wins, object dealer, object discarder, object honba, object riichi_sticks)
cdef _check_seats(list seats, list liable, object discarder, object players)
cdef _check_dealer(object dealer, object rules)
cdef _check_seat(str name, object seat, object players)
cdef _pay(list deltas, object winner, object payer, object amount)
cdef _pay_hand(list deltas, object w, object dealer, object discarder, object honba, object rules)
cpdef list tsumo_shares(object basic, object winner, object dealer, object rules)
cdef object _ron_value(object basic, object is_dealer)
