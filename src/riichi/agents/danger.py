"""How dangerous a discard is: one side of a push-or-fold choice (the other is
:mod:`riichi.agents.value`).

:func:`tile_danger` is a rough chance, in percent, that a discard deals in to a seat that is
tenpai, read from what the table shows: its genbutsu (0), suji (the far end of each two-sided wait
through the tile is genbutsu), kabe or no-chance (all four copies of a neighbour are in sight, so
a two-sided wait through it cannot exist), honours by how many copies are still out of sight, and
otherwise by the tile's number (middle tiles complete more waits than terminals). The figures are
of the size Tenhou players' statistics give for discards against a riichi.

>>> from riichi.tiles import parse_counts, parse_tile
>>> hand = bytes(parse_counts("123m")); nothing = bytes(34)
>>> genbutsu = 1 << parse_tile("4p")
>>> danger = lambda name: tile_danger(parse_tile(name), genbutsu, hand, nothing)
>>> danger("4p"), danger("1p"), danger("7p"), danger("5p")  # genbutsu, suji, suji, two sides
(0.0, 1.5, 3.5, 11.0)
>>> wall = bytes(parse_counts("7777p"))  # no-chance on 7p: 8p and 9p wait only on pairs and singles
>>> tile_danger(parse_tile("8p"), 0, hand, wall), tile_danger(parse_tile("9p"), 0, hand, wall)
(2.5, 1.5)
"""

from __future__ import annotations

__all__ = ["tile_danger"]

# A two-sided wait through the tile, per side still possible.
_SIDE = 4.0
# Closed, edge, pair and single waits on the tile, by its number (1-9).
_OTHER = (0.0, 1.5, 2.5, 3.5, 3.0, 3.0, 3.0, 3.5, 2.5, 1.5)
# Honours: shanpon and tanki only, by the copies still out of sight (0-3).
_HONOR = (0.0, 1.2, 3.0, 7.0)


def tile_danger(
    tile: int, genbutsu: int, counts: bytes | bytearray, visible: bytes | bytearray
) -> float:
    """Rough chance (percent) that discarding ``tile`` (a type) deals in to a tenpai seat whose
    genbutsu mask is ``genbutsu``, knowing this seat's concealed ``counts`` and the ``visible``
    face-up tiles."""
    if genbutsu >> tile & 1:
        return 0.0
    unseen = 4 - counts[tile] - visible[tile]
    if tile >= 27:
        return _HONOR[min(unseen, 3)]
    number = tile % 9 + 1
    danger = _OTHER[number] if unseen > 0 else _OTHER[number] / 2
    if number >= 4 and not _side_closed(tile - 3, tile - 2, tile - 1, genbutsu, counts, visible):
        danger += _SIDE
    if number <= 6 and not _side_closed(tile + 3, tile + 1, tile + 2, genbutsu, counts, visible):
        danger += _SIDE
    return danger


def _side_closed(
    suji: int, a: int, b: int, genbutsu: int, counts: bytes | bytearray, visible: bytes | bytearray
) -> bool:
    """A two-sided wait on ``a``-``b`` is impossible: its other end ``suji`` is genbutsu, or
    every copy of ``a`` or of ``b`` is in sight."""
    return bool(
        genbutsu >> suji & 1 or counts[a] + visible[a] == 4 or counts[b] + visible[b] == 4
    )
