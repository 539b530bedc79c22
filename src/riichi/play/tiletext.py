"""How a tile is written on the terminal: a two-cell label and a style class per suit.

Plain labels are the project's notation for suited tiles (``0p`` is the red five) and letters
for the honours (winds ``E S W N``, dragons ``Wh Gr Rd``); every label is padded to two cells so
rows of tiles line up. ``glyphs=True`` uses the Unicode mahjong tiles instead.

The 136-ids 16, 52 and 88 are red fives only under rules that play them (``red_fives``, as
:attr:`riichi.rules.RuleSet.red_fives` says; the web page decides the same from the same field):
under the others they are written and coloured as plain fives.

>>> [tile_label(t) for t in (0, 52, 53, 108, 124, 132)]
['1m', '0p', '5p', 'E ', 'Wh', 'Rd']
>>> tile_style(52), tile_style(53), tile_style(120)
('class:red-five', 'class:pin', 'class:honor')
>>> tile_label(52, red_fives=False), tile_style(52, red_fives=False)
('5p', 'class:pin')
"""

from __future__ import annotations

from collections.abc import Iterable

from riichi.tiles import RED_FIVE_IDS, WIND_NAMES, tile_id_name, tile_name

__all__ = ["is_red_five", "tile_label", "tile_style", "tiles_text", "WIND_NAMES"]

_HONORS = ("E ", "S ", "W ", "N ", "Wh", "Gr", "Rd")
_SUIT_STYLES = ("class:man", "class:pin", "class:sou", "class:honor")
_RED = frozenset(RED_FIVE_IDS)

# U+1F000.. holds winds, dragons (red, green, white), then characters, bamboo, circles.
_GLYPH_BASE = {0: 0x1F007, 1: 0x1F019, 2: 0x1F010}
_HONOR_GLYPHS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)


def is_red_five(tile_id: int, red_fives: bool = True) -> bool:
    """Whether the 136-id is a red five under rules that do (``red_fives``) or do not play them."""
    return red_fives and tile_id in _RED


def tile_label(tile_id: int, glyphs: bool = False, red_fives: bool = True) -> str:
    """The two-cell label of a 136-id (``glyphs``: the Unicode tile and a space; ``0`` for a
    red five only where ``red_fives`` are played)."""
    tile_type = tile_id >> 2
    if glyphs:
        code = _HONOR_GLYPHS[tile_type - 27] if tile_type >= 27 else _GLYPH_BASE[tile_type // 9] + tile_type % 9
        return chr(code) + " "
    if tile_type >= 27:
        return _HONORS[tile_type - 27]
    return tile_id_name(tile_id) if is_red_five(tile_id, red_fives) else tile_name(tile_type)


def tile_style(tile_id: int, red_fives: bool = True) -> str:
    """The style class of a 136-id: its suit's, or ``red-five`` for a red five where
    ``red_fives`` are played."""
    if is_red_five(tile_id, red_fives):
        return "class:red-five"
    return _SUIT_STYLES[min(tile_id >> 2, 27) // 9]


def tiles_text(tiles: Iterable[int], red_fives: bool = True) -> str:
    """Plain labels of 136-ids separated by spaces (honour padding dropped).

    >>> tiles_text([16, 20, 124]), tiles_text([16], red_fives=False)
    ('0m 6m Wh', '5m')
    """
    return " ".join(tile_label(t, red_fives=red_fives).strip() for t in tiles)
