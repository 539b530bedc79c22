# The compiled build's declaration of riichi.game.draws: the abortive draws asked after every
# discard, a C-level call from the claims, and nine terminals, from the turn's actions (the rules
# are in draws.py).

cimport cython

cpdef bint four_kans(object rules, object kan_seats) except -1
cpdef abort_after_discard(object rules, object riichi, object kan_seats, bint riichi_accepted,
                          object first_discards)
@cython.locals(kinds=Py_ssize_t, t=Py_ssize_t)
cpdef bint nine_terminals(object rules, bytearray counts) except -1
# the payments of every exhaustive draw, a C-level call from the hand's end
cpdef list noten_payments(object total, object tenpai, Py_ssize_t players=*)
