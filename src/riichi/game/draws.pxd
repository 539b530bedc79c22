# The compiled build's declaration of riichi.game.draws: the abortive draws asked after every
# discard, a C-level call from the claims (the rules are in draws.py).

cpdef abort_after_discard(object rules, object riichi, object kan_seats, bint riichi_accepted,
                          object first_discards)
