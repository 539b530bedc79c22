"""What a player may do: the actions a game state lists as legal and accepts.

Every action names the absolute seat (0-3) that takes it; tiles are 136-ids, so red fives and
tsumogiri stay exact. Actions are frozen and hashable: a legal-action list can be searched with
``in`` and an agent may return any element of it.

>>> Discard(0, 52)
Discard(seat=0, tile=52)
>>> Pon(2, (53, 54)) == Pon(2, (53, 54))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

__all__ = [
    "Action",
    "Discard",
    "Riichi",
    "Tsumo",
    "Ron",
    "Chi",
    "Pon",
    "Daiminkan",
    "Ankan",
    "Kakan",
    "Pass",
    "NineTerminals",
]


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``tile`` from the hand (the drawn tile: tsumogiri)."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Riichi:
    """Declare riichi and discard ``tile``."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Tsumo:
    """Win on the tile just drawn."""

    seat: int


@dataclass(frozen=True, slots=True)
class Ron:
    """Win on the tile just discarded (or the kan being added: chankan)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Chi:
    """Claim the discard of the player on the left into a run with ``tiles`` from the hand."""

    seat: int
    tiles: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Pon:
    """Claim the discard into a triplet with ``tiles`` from the hand."""

    seat: int
    tiles: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Daiminkan:
    """Claim the discard into an open kan with the three copies in the hand."""

    seat: int


@dataclass(frozen=True, slots=True)
class Ankan:
    """Declare a concealed kan of the four copies of ``tile_type`` in the hand."""

    seat: int
    tile_type: int


@dataclass(frozen=True, slots=True)
class Kakan:
    """Add the fourth copy of ``tile_type`` from the hand to an open pon."""

    seat: int
    tile_type: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline every claim on the current discard or added kan."""

    seat: int


@dataclass(frozen=True, slots=True)
class NineTerminals:
    """Abort the hand with nine different terminals and honors on the first uninterrupted draw."""

    seat: int


Action = Union[Discard, Riichi, Tsumo, Ron, Chi, Pon, Daiminkan, Ankan, Kakan, Pass, NineTerminals]
"""Any action a seat may take."""
