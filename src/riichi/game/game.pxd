# The compiled build's declaration of riichi.game.game: play_game plays its game through the table's
# loop (riichi.game.driver), an extension type it calls at C level.

from riichi.game.driver cimport Driver
# the wall of each hand of a seeded game, at C level
from riichi.game.wall cimport seeded_wall
