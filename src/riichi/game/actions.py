"""What a player may do: the actions a game state lists as legal and accepts.

Every action names the absolute seat (0-3) that takes it; tiles are 136-ids, so red fives and
tsumogiri stay exact. ``str(action)`` is its notation, which
:func:`~riichi.game.action_notation.parse_action` reads back. Actions are frozen and hashable: a
legal-action list can be searched with ``in`` and an agent may return any element of it.

>>> Discard(0, 52)
Discard(seat=0, tile=52)
>>> print(Discard(0, 52), Pon(2, (53, 54)), sep="; ")
seat 0: discard 0p; seat 2: pon 55p
>>> Pon(2, (53, 54)) == Pon(2, (53, 54))
True

Each field is checked when the action is made (code that trusts an action, the compiled players
among it, reads plain ints in range): a seat 0-3, a tile a 136-id, a tile type 0-33, a call's
``tiles`` two 136-ids (any sequence of two is kept as a tuple).

>>> Chi(1, [8, 12]).tiles
(8, 12)
>>> Discard(4, 52)
Traceback (most recent call last):
...
riichi.errors.IllegalActionError: Discard.seat=4: expected an int 0-3
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Union

from riichi.errors import IllegalActionError, quoted

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


def _number(action: object, name: str, value: object, stop: int) -> int:
    """``value`` as a plain int 0 to ``stop - 1`` (a bool is not a number here)."""
    number: int | None = value if type(value) is int else None
    if number is None and not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]  # an int subclass: a plain copy
        except TypeError:
            pass
    if number is None or not 0 <= number < stop:
        raise IllegalActionError(
            f"{type(action).__name__}.{name}={quoted(value)}: expected an int 0-{stop - 1}"
        )
    return number


def _check(action: object, name: str, stop: int) -> None:
    """Check field ``name`` of a just-made ``action``, stored as a plain int."""
    value = getattr(action, name)
    number = _number(action, name, value, stop)
    if number is not value:
        object.__setattr__(action, name, number)


def _check_pair(action: object) -> None:
    """Check the two hand tiles of a just-made call, stored as a tuple of plain ints."""
    value = action.tiles  # type: ignore[attr-defined]
    try:
        tiles = tuple(value) if not isinstance(value, (str, bytes)) else ()
    except TypeError:
        tiles = ()
    if len(tiles) != 2:
        raise IllegalActionError(
            f"{type(action).__name__}.tiles={quoted(value)}: expected two 136-ids (0-135)"
        )
    pair = (_number(action, "tiles", tiles[0], 136), _number(action, "tiles", tiles[1], 136))
    if pair is not value:
        object.__setattr__(action, "tiles", pair)


def _notation(action: Action) -> str:
    """``action`` in notation (``seat 0: discard 0p``): :mod:`riichi.game.action_notation`."""
    from riichi.game.action_notation import format_action  # which builds actions: loaded on use

    return format_action(action)


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``tile`` from the hand (the drawn tile: tsumogiri)."""

    seat: int
    tile: int

    def __post_init__(self) -> None:
        _check(self, "seat", 4)
        _check(self, "tile", 136)

    def __str__(self) -> str:
        return _notation(self)


@dataclass(frozen=True, slots=True)
class Riichi:
    """Declare riichi and discard ``tile``."""

    seat: int
    tile: int

    def __post_init__(self) -> None:
        _check(self, "seat", 4)
        _check(self, "tile", 136)

    def __str__(self) -> str:
        return _notation(self)


@dataclass(frozen=True, slots=True)
class Tsumo:
    """Win on the tile just drawn."""

    seat: int

    def __post_init__(self) -> None:
        _check(self, "seat", 4)

    def __str__(self) -> str:
        return _notation(self)


@dataclass(frozen=True, slots=True)
class Ron:
    """Win on the tile just discarded (or the kan being added: chankan)."""

    seat: int

    def __post_init__(self) -> None:
        _check(self, "seat", 4)

    def __str__(self) -> str:
        return _notation(self)


@dataclass(frozen=True, slots=True)
class Chi:
    """Claim the discard of the player on the left into a run with ``tiles`` from the hand."""

    seat: int
    tiles: tuple[int, int]

    def __post_init__(self) -> None:
        _check(self, "seat", 4)
        _check_pair(self)

    def __str__(self) -> str:
        return _notation(self)


@dataclass(frozen=True, slots=True)
class Pon:
    """Claim the discard into a triplet with ``tiles`` from the hand."""

    seat: int
    tiles: tuple[int, int]

    def __post_init__(self) -> None:
        _check(self, "seat", 4)
        _check_pair(self)

    def __str__(self) -> str:
        return _notation(self)


@dataclass(frozen=True, slots=True)
class Daiminkan:
    """Claim the discard into an open kan with the three copies in the hand."""

    seat: int

    def __post_init__(self) -> None:
        _check(self, "seat", 4)

    def __str__(self) -> str:
        return _notation(self)


@dataclass(frozen=True, slots=True)
class Ankan:
    """Declare a concealed kan of the four copies of ``tile_type`` in the hand."""

    seat: int
    tile_type: int

    def __post_init__(self) -> None:
        _check(self, "seat", 4)
        _check(self, "tile_type", 34)

    def __str__(self) -> str:
        return _notation(self)


@dataclass(frozen=True, slots=True)
class Kakan:
    """Add the fourth copy of ``tile_type`` from the hand to an open pon."""

    seat: int
    tile_type: int

    def __post_init__(self) -> None:
        _check(self, "seat", 4)
        _check(self, "tile_type", 34)

    def __str__(self) -> str:
        return _notation(self)


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline every claim on the current discard or added kan."""

    seat: int

    def __post_init__(self) -> None:
        _check(self, "seat", 4)

    def __str__(self) -> str:
        return _notation(self)


@dataclass(frozen=True, slots=True)
class NineTerminals:
    """Abort the hand with nine different terminals and honors on the first uninterrupted draw."""

    seat: int

    def __post_init__(self) -> None:
        _check(self, "seat", 4)

    def __str__(self) -> str:
        return _notation(self)


Action = Union[Discard, Riichi, Tsumo, Ron, Chi, Pon, Daiminkan, Ankan, Kakan, Pass, NineTerminals]
"""Any action a seat may take."""
