"""How dangerous a discard is: one side of a push-or-fold choice (the other is
:mod:`riichi.agents.value`).

:func:`tile_danger` is a rough chance, in percent, that a discard deals in to a seat that is
tenpai, read from what the table shows: its genbutsu (0), suji (the far end of each two-sided wait
through the tile is genbutsu), kabe or no-chance (all four copies of a neighbour are in sight, so
a two-sided wait through it cannot exist), honours by how many copies are still out of sight, and
otherwise by the tile's number (middle tiles complete more waits than terminals). The figures are
of the size Tenhou players' statistics give for discards against a riichi: a two-sided wait
through the tile adds 4 per side still possible; closed, edge, pair and single waits add 1.5, 2.5,
3.5, 3, 3, 3, 3.5, 2.5, 1.5 by the tile's number (1-9), halved when every copy is in sight; an
honour is 0, 1.2, 3 or 7 by the copies still out of sight (0-3). At a table of three (``sanma``),
which has no 2m-8m, no two-sided wait takes 1m or 9m: they add nothing for sides. It is compiled: a
player weighs it for every discard against every threat.

>>> from riichi.tiles import parse_counts, parse_tile
>>> hand = bytes(parse_counts("123m")); nothing = bytes(34)
>>> genbutsu = 1 << parse_tile("4p")
>>> danger = lambda name: tile_danger(parse_tile(name), genbutsu, hand, nothing)
>>> danger("4p"), danger("1p"), danger("7p"), danger("5p")  # genbutsu, suji, suji, two sides
(0.0, 1.5, 3.5, 11.0)
>>> wall = bytes(parse_counts("7777p"))  # no-chance on 7p: 8p and 9p wait only on pairs and singles
>>> tile_danger(parse_tile("8p"), 0, hand, wall), tile_danger(parse_tile("9p"), 0, hand, wall)
(2.5, 1.5)
>>> nine = parse_tile("9m")  # three players: no 78m wait on it
>>> tile_danger(nine, 0, hand, nothing), tile_danger(nine, 0, bytes(34), nothing, sanma=True)
(5.5, 1.5)
"""

from __future__ import annotations

from riichi.agents._danger import tile_danger

__all__ = ["tile_danger"]
