"""One seat's side of the table: concealed tiles, melds, discards, riichi and furiten.

A :class:`Player` keeps its tile counts beside its 136-ids and caches the waits of its hand
(a bit mask over tile types) whenever the hand has 3n+1 tiles, so "can this seat win on that tile"
is a bit test.

>>> p = Player([0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 110, 124])
>>> p.update_waits()
>>> [t for t in range(34) if p.waits_mask >> t & 1]
[31]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from riichi import _core
from riichi.meld import Meld

__all__ = ["Player", "DiscardedTile"]


@dataclass(frozen=True, slots=True)
class DiscardedTile:
    """A tile in a discard pile: ``tsumogiri`` (the tile just drawn), ``riichi`` (the riichi
    declaration tile), ``claimed`` (taken by another player's call or win)."""

    tile: int
    tsumogiri: bool
    riichi: bool = False
    claimed: bool = False


def mask_of(types: Iterable[int]) -> int:
    """Bit mask with bit ``t`` set for each tile type ``t``."""
    mask = 0
    for t in types:
        mask |= 1 << t
    return mask


class Player:
    """The mutable state of one seat in the current hand."""

    __slots__ = (
        "hand",
        "counts",
        "melds",
        "discards",
        "discard_mask",
        "riichi_safe_mask",
        "waits_mask",
        "riichi",
        "double_riichi",
        "ippatsu",
        "temp_furiten",
        "riichi_furiten",
        "kuikae_mask",
        "nagashi",
    )

    def __init__(self, tiles: Iterable[int]) -> None:
        self.hand: list[int] = sorted(tiles)
        self.counts = bytearray(34)
        for tile in self.hand:
            self.counts[tile >> 2] += 1
        self.melds: list[Meld] = []
        self.discards: list[DiscardedTile] = []
        self.discard_mask = 0
        # tile types discarded by anyone after this seat's riichi: it can no longer win on them
        self.riichi_safe_mask = 0
        self.waits_mask = 0
        self.riichi = False
        self.double_riichi = False
        self.ippatsu = False
        self.temp_furiten = False
        self.riichi_furiten = False
        self.kuikae_mask = 0
        # still eligible for nagashi mangan: every discard a terminal or honor, none claimed
        self.nagashi = True

    def add(self, tile: int) -> None:
        """Put ``tile`` into the concealed hand."""
        self.hand.append(tile)
        self.counts[tile >> 2] += 1

    def remove(self, tile: int) -> None:
        """Take ``tile`` out of the concealed hand."""
        self.hand.remove(tile)
        self.counts[tile >> 2] -= 1

    def tiles_of_type(self, kind: int) -> list[int]:
        """The concealed 136-ids of type ``kind``, ascending."""
        return sorted(t for t in self.hand if t >> 2 == kind)

    def update_waits(self) -> None:
        """Recompute the cached waits; the hand must have 3n+1 concealed tiles.

        The core counts only the concealed tiles, so a wait on a tile whose other copies are all in
        this seat's melds (a pon of 1m and a 1m single wait) is dropped here: the seat holds all
        four and nothing is left to win on.
        """
        mask = mask_of(_core.waits(self.counts))
        if mask and self.melds:
            held = self.counts.copy()
            for meld in self.melds:
                for kind in meld.types:
                    held[kind] += 1
            for kind in _core.tiles_from_mask(mask):
                if held[kind] == 4:
                    mask &= ~(1 << kind)
        self.waits_mask = mask

    @property
    def is_closed(self) -> bool:
        """No open meld (a concealed kan keeps the hand closed)."""
        return all(not m.is_open for m in self.melds)

    @property
    def genbutsu_mask(self) -> int:
        """Bit mask of the tile types no one can deal in to this seat with: its own discards and,
        once it is in riichi, every tile discarded after its riichi."""
        return self.discard_mask | self.riichi_safe_mask

    @property
    def furiten(self) -> bool:
        """This seat may not win by ron now."""
        return self.temp_furiten or self.riichi_furiten or bool(self.waits_mask & self.discard_mask)

    def copy(self) -> Player:
        """An independent copy (melds and discard records are immutable and shared)."""
        other = Player.__new__(Player)
        other.hand = self.hand.copy()
        other.counts = self.counts.copy()
        other.melds = self.melds.copy()
        other.discards = self.discards.copy()
        other.discard_mask = self.discard_mask
        other.riichi_safe_mask = self.riichi_safe_mask
        other.waits_mask = self.waits_mask
        other.riichi = self.riichi
        other.double_riichi = self.double_riichi
        other.ippatsu = self.ippatsu
        other.temp_furiten = self.temp_furiten
        other.riichi_furiten = self.riichi_furiten
        other.kuikae_mask = self.kuikae_mask
        other.nagashi = self.nagashi
        return other
