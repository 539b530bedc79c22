"""What a player may do: the actions a game state lists as legal and accepts.

Every action names the absolute seat (0-3; 0-2 at three players, 0-1 at two) that takes it;
tiles are 136-ids, so red fives and tsumogiri stay exact. ``str(action)`` is its notation, which
:func:`~riichi.game.action_notation.parse_action` reads back. Actions are immutable and hashable
(:class:`riichi._frozen.Frozen`; the table shares its listed actions across games, so none can be
changed): a legal-action list can be searched with ``in`` and an agent may return any element of
it.

>>> Discard(0, 52)
Discard(seat=0, tile=52)
>>> print(Discard(0, 52), Pon(2, (53, 54)), sep="; ")
seat 0: discard 0p; seat 2: pon 55p
>>> Pon(2, (53, 54)) == Pon(2, (53, 54))
True

Each field is checked when the action is made (code that trusts an action, the compiled players
among it, reads plain ints in range): a seat 0-3, a tile a 136-id, a tile type 0-33, a call's
``tiles`` two 136-ids (any sequence of two is kept as a tuple), a kita's tile a North.

>>> Chi(1, [8, 12]).tiles
(8, 12)
>>> Discard(4, 52)
Traceback (most recent call last):
...
riichi.errors.IllegalActionError: Discard.seat=4: expected an int 0-3
"""

from __future__ import annotations

import operator
from typing import TypeVar, Union

from riichi._frozen import Frozen
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
    "Kita",
]

_Call = TypeVar("_Call", bound="CallAction")
_NORTH = 30  # the tile type a kita sets aside


def _number(action: str, name: str, value: object, stop: int) -> int:
    """``value`` as a plain int 0 to ``stop - 1`` (a bool is not a number here)."""
    number: int | None = value if type(value) is int else None
    if number is None and not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]  # an int subclass: a plain copy
        except TypeError:
            pass
    if number is None or not 0 <= number < stop:
        raise IllegalActionError(
            f"{action}.{name}={quoted(value)}: expected an int 0-{stop - 1}"
        )
    return number


def _pair(action: str, value: object) -> tuple[int, int]:
    """The two hand tiles of a call, as a tuple of plain ints."""
    try:
        tiles = tuple(value) if not isinstance(value, (str, bytes)) else ()  # type: ignore[arg-type]
    except TypeError:
        tiles = ()
    if len(tiles) != 2:
        raise IllegalActionError(f"{action}.tiles={quoted(value)}: expected two 136-ids (0-135)")
    return (_number(action, "tiles", tiles[0], 136), _number(action, "tiles", tiles[1], 136))


def trusted_call(cls: type[_Call], seat: int, tiles: tuple[int, int]) -> _Call:
    """A chi or pon (``cls``) of ``seat`` with ``tiles`` from its hand, without the checks of the
    constructor: what the table lists from the hands it keeps."""
    action = cls.__new__(cls)
    action._sealed = True
    action.seat = seat
    action.tiles = tiles
    return action


def _notation(action: Action) -> str:
    """``action`` in notation (``seat 0: discard 0p``): :mod:`riichi.game.action_notation`."""
    from riichi.game.action_notation import format_action  # which builds actions: loaded on use

    return format_action(action)


class _SeatAction(Frozen):
    """An action with no field but the seat that takes it."""

    __slots__ = ("seat",)
    _fields = ("seat",)

    def __init__(self, seat: int) -> None:
        self._seal()
        self.seat = _number(type(self).__name__, "seat", seat, 4)

    def __str__(self) -> str:
        return _notation(self)  # type: ignore[arg-type]


class TileAction(Frozen):
    """An action of a seat on one tile (a 136-id): :class:`Discard`, :class:`Riichi` and
    :class:`Kita`; the table's modules take it where any of the three will do."""

    __slots__ = ("seat", "tile")
    _fields = ("seat", "tile")

    def __init__(self, seat: int, tile: int) -> None:
        self._seal()
        name = type(self).__name__
        self.seat = _number(name, "seat", seat, 4)
        self.tile = _number(name, "tile", tile, 136)

    def __str__(self) -> str:
        return _notation(self)  # type: ignore[arg-type]


class CallAction(Frozen):
    """A claim of the discard with two tiles (136-ids) from the hand: :class:`Chi` and
    :class:`Pon`."""

    __slots__ = ("seat", "tiles")
    _fields = ("seat", "tiles")

    def __init__(self, seat: int, tiles: tuple[int, int]) -> None:
        self._seal()
        name = type(self).__name__
        self.seat = _number(name, "seat", seat, 4)
        self.tiles = _pair(name, tiles)

    def __str__(self) -> str:
        return _notation(self)  # type: ignore[arg-type]


class KanAction(Frozen):
    """A kan of a seat's own tiles of one type (0-33): :class:`Ankan` and :class:`Kakan`."""

    __slots__ = ("seat", "tile_type")
    _fields = ("seat", "tile_type")

    def __init__(self, seat: int, tile_type: int) -> None:
        self._seal()
        name = type(self).__name__
        self.seat = _number(name, "seat", seat, 4)
        self.tile_type = _number(name, "tile_type", tile_type, 34)

    def __str__(self) -> str:
        return _notation(self)  # type: ignore[arg-type]


class Discard(TileAction):
    """Discard ``tile`` from the hand (the drawn tile: tsumogiri)."""

    __slots__ = ()


class Riichi(TileAction):
    """Declare riichi and discard ``tile``."""

    __slots__ = ()


class Tsumo(_SeatAction):
    """Win on the tile just drawn."""

    __slots__ = ()


class Ron(_SeatAction):
    """Win on the tile just discarded (or the kan being added: chankan)."""

    __slots__ = ()


class Chi(CallAction):
    """Claim the discard of the player on the left into a run with ``tiles`` from the hand."""

    __slots__ = ()


class Pon(CallAction):
    """Claim the discard into a triplet with ``tiles`` from the hand."""

    __slots__ = ()


class Daiminkan(_SeatAction):
    """Claim the discard into an open kan with the three copies in the hand."""

    __slots__ = ()


class Ankan(KanAction):
    """Declare a concealed kan of the four copies of ``tile_type`` in the hand."""

    __slots__ = ()


class Kakan(KanAction):
    """Add the fourth copy of ``tile_type`` from the hand to an open pon."""

    __slots__ = ()


class Pass(_SeatAction):
    """Decline every claim on the current discard or added kan."""

    __slots__ = ()


class NineTerminals(_SeatAction):
    """Abort the hand with nine different terminals and honors on the first uninterrupted draw."""

    __slots__ = ()


class Kita(TileAction):
    """Set the North ``tile`` aside (three players: kita, nukidora), for a dora and a replacement
    draw. Only a North (136-ids 120-123) can be set aside:

    >>> Kita(0, 0)
    Traceback (most recent call last):
    ...
    riichi.errors.IllegalActionError: Kita.tile=0: expected a North (136-ids 120-123)
    """

    __slots__ = ()

    def __init__(self, seat: int, tile: int) -> None:
        TileAction.__init__(self, seat, tile)
        if self.tile >> 2 != _NORTH:
            raise IllegalActionError(f"Kita.tile={quoted(tile)}: expected a North (136-ids 120-123)")


Action = Union[
    Discard, Riichi, Tsumo, Ron, Chi, Pon, Daiminkan, Ankan, Kakan, Pass, NineTerminals, Kita
]
"""Any action a seat may take."""
