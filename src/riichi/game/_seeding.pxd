# The compiled declaration of riichi.game._seeding: the wall's seeded shuffle, a C-level call from
# the wall (riichi.game.wall) at every hand.

cpdef list seeded_permutation(object entropy, tuple spawn_key, object n)
