"""The event log of a game, in the vocabulary of the ``mjai`` protocol.

Every change of a game state appends one event. Events are frozen dataclasses holding 136-ids and
absolute seats; :meth:`Event.to_mjai` gives the ``mjai`` JSON object (tiles as ``"5mr"``, ``"E"``,
``"P"``...). The log is complete information: an :class:`~riichi.game.observation.Observation`
decides what a seat may see.

An event says what happened; an action of :mod:`riichi.game.actions` is what a player chooses. So
the events of a draw and of the calls are named apart from the actions (the action ``Tsumo`` is a
self-drawn win, which the log records as a ``Hora``); each event's mjai ``type`` is its class
attribute ``type``:

===================  ==================  =====================================================
event                mjai ``type``       what happened
===================  ==================  =====================================================
``StartGame``        ``start_game``      a game begins
``StartKyoku``       ``start_kyoku``     a hand is dealt
``Draw``             ``tsumo``           a seat draws a tile (live wall or, after a kan, dead)
``Dahai``            ``dahai``           a seat discards
``ChiCalled``        ``chi``             a seat claims a discard into a run
``PonCalled``        ``pon``             a seat claims a discard into a triplet
``DaiminkanCalled``  ``daiminkan``       a seat claims a discard into an open kan
``KakanDeclared``    ``kakan``           a seat adds the fourth tile to its pon
``AnkanDeclared``    ``ankan``           a seat declares a concealed kan
``KitaDeclared``     ``nukidora``        a seat sets a North aside (three players: kita)
``Dora``             ``dora``            a kan dora indicator is turned
``Reach``            ``reach``           a seat declares riichi
``ReachAccepted``    ``reach_accepted``  the riichi discard passed; the stick is paid
``Hora``             ``hora``            a seat wins (ron or tsumo)
``Ryukyoku``         ``ryukyoku``        a hand ends without a winner
``EndKyoku``         ``end_kyoku``       a hand is over
``EndGame``          ``end_game``        the game is over
===================  ==================  =====================================================

>>> Dahai(actor=1, pai=16, tsumogiri=False).to_mjai()
{'type': 'dahai', 'actor': 1, 'pai': '5mr', 'tsumogiri': False}
>>> Draw(actor=0, pai=0).to_mjai()
{'type': 'tsumo', 'actor': 0, 'pai': '1m', 'rinshan': False}
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, cast

from riichi.tiles import RED_FIVE_IDS, WIND_LETTERS

__all__ = [
    "Event",
    "StartGame",
    "StartKyoku",
    "Draw",
    "Dahai",
    "ChiCalled",
    "PonCalled",
    "DaiminkanCalled",
    "KakanDeclared",
    "AnkanDeclared",
    "KitaDeclared",
    "Dora",
    "Reach",
    "ReachAccepted",
    "Hora",
    "Ryukyoku",
    "EndKyoku",
    "EndGame",
    "mjai_tile",
    "HIDDEN",
    "seen_by",
]

_HONORS = (*WIND_LETTERS, "P", "F", "C")  # mjai's names of the honours, by type - 27

HIDDEN = -1
"""The tile of an event as a seat that may not see it is told it (mjai writes it ``"?"``)."""


def mjai_tile(tile: int) -> str:
    """The mjai name of a 136-id: ``"1m"``, ``"5pr"`` (red five), ``"E"``, ``"P"`` (White), and
    ``"?"`` for a :data:`HIDDEN` tile.

    >>> mjai_tile(0), mjai_tile(52), mjai_tile(108), mjai_tile(132), mjai_tile(HIDDEN)
    ('1m', '5pr', 'E', 'C', '?')
    """
    if tile == HIDDEN:
        return "?"
    tile_type = tile // 4
    if tile_type >= 27:
        return _HONORS[tile_type - 27]
    name = f"{tile_type % 9 + 1}{'mps'[tile_type // 9]}"
    return name + "r" if tile in RED_FIVE_IDS else name


def _to_mjai_value(name: str, value: object) -> object:
    if name in ("pai", "dora_marker"):
        return mjai_tile(cast(int, value))
    if name in ("consumed", "dora_markers", "ura_markers"):
        return [mjai_tile(t) for t in cast(tuple[int, ...], value)]
    if name == "tehais":
        return [[mjai_tile(t) for t in hand] for hand in cast(tuple[tuple[int, ...], ...], value)]
    if isinstance(value, tuple):
        return list(value)
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events; ``type`` is the mjai event name."""

    type: ClassVar[str] = ""

    def to_mjai(self) -> dict[str, object]:
        """This event as an mjai JSON object."""
        out: dict[str, object] = {"type": self.type}
        for field in dataclasses.fields(self):
            out[field.name] = _to_mjai_value(field.name, getattr(self, field.name))
        return out


@dataclass(frozen=True, slots=True)
class StartGame(Event):
    """A game begins; ``scores`` are the starting points by absolute seat."""

    type: ClassVar[str] = "start_game"
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StartKyoku(Event):
    """A hand begins: round wind ``bakaze`` (``"E"``...), hand number ``kyoku`` (1-4), counters,
    riichi sticks on the table, dealer, first dora indicator and the 13 tiles dealt to each seat."""

    type: ClassVar[str] = "start_kyoku"
    bakaze: str
    kyoku: int
    honba: int
    kyotaku: int
    oya: int
    dora_marker: int
    scores: tuple[int, ...]
    tehais: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Draw(Event):
    """``actor`` draws ``pai`` (from the live wall, or the dead wall after a kan)."""

    type: ClassVar[str] = "tsumo"
    actor: int
    pai: int
    rinshan: bool = False


@dataclass(frozen=True, slots=True)
class Dahai(Event):
    """``actor`` discards ``pai``; ``tsumogiri`` when it is the tile just drawn."""

    type: ClassVar[str] = "dahai"
    actor: int
    pai: int
    tsumogiri: bool


@dataclass(frozen=True, slots=True)
class ChiCalled(Event):
    """``actor`` claims ``pai`` discarded by ``target`` into a run with ``consumed``."""

    type: ClassVar[str] = "chi"
    actor: int
    target: int
    pai: int
    consumed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PonCalled(Event):
    """``actor`` claims ``pai`` discarded by ``target`` into a triplet with ``consumed``."""

    type: ClassVar[str] = "pon"
    actor: int
    target: int
    pai: int
    consumed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DaiminkanCalled(Event):
    """``actor`` claims ``pai`` discarded by ``target`` into an open kan with ``consumed``."""

    type: ClassVar[str] = "daiminkan"
    actor: int
    target: int
    pai: int
    consumed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KakanDeclared(Event):
    """``actor`` adds ``pai`` to the pon made of ``consumed``."""

    type: ClassVar[str] = "kakan"
    actor: int
    pai: int
    consumed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AnkanDeclared(Event):
    """``actor`` declares a concealed kan of ``consumed``."""

    type: ClassVar[str] = "ankan"
    actor: int
    consumed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KitaDeclared(Event):
    """``actor`` sets the North ``pai`` aside (kita, nukidora: three players), a dora; its
    replacement draw follows unless the North is won on. mjai's three-player forks name it
    ``nukidora``.

    >>> KitaDeclared(actor=1, pai=121).to_mjai()
    {'type': 'nukidora', 'actor': 1, 'pai': 'N'}
    """

    type: ClassVar[str] = "nukidora"
    actor: int
    pai: int


@dataclass(frozen=True, slots=True)
class Dora(Event):
    """A kan dora indicator is turned."""

    type: ClassVar[str] = "dora"
    dora_marker: int


@dataclass(frozen=True, slots=True)
class Reach(Event):
    """``actor`` declares riichi (the discard follows)."""

    type: ClassVar[str] = "reach"
    actor: int


@dataclass(frozen=True, slots=True)
class ReachAccepted(Event):
    """The riichi discard passed: ``actor`` puts a 1,000 stick on the table."""

    type: ClassVar[str] = "reach_accepted"
    actor: int
    deltas: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Hora(Event):
    """``actor`` wins on ``pai`` from ``target`` (= actor on tsumo); ``deltas`` by seat include
    counters and sticks. ``yaku`` pairs each yaku name with its han; ``dora_markers`` and
    ``ura_markers`` are the indicators the hand was scored with."""

    type: ClassVar[str] = "hora"
    actor: int
    target: int
    pai: int
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    han: int
    fu: int
    points: int
    yaku: tuple[tuple[str, int], ...]
    dora_markers: tuple[int, ...]
    ura_markers: tuple[int, ...]
    pao: int | None = None


@dataclass(frozen=True, slots=True)
class Ryukyoku(Event):
    """A hand ends without a winner. ``reason``: ``"exhaustive"``, ``"nagashi_mangan"``,
    ``"nine_terminals"``, ``"four_winds"``, ``"four_riichi"``, ``"four_kans"`` or ``"triple_ron"``;
    ``tenpai`` lists the tenpai seats at an exhaustive draw."""

    type: ClassVar[str] = "ryukyoku"
    reason: str
    tenpai: tuple[int, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EndKyoku(Event):
    """The hand is over (the next ``start_kyoku`` or ``end_game`` follows)."""

    type: ClassVar[str] = "end_kyoku"


@dataclass(frozen=True, slots=True)
class EndGame(Event):
    """The game is over: points after leftover sticks, and the final results with uma and oka."""

    type: ClassVar[str] = "end_game"
    scores: tuple[int, ...]
    results: tuple[int, ...]
    ranks: tuple[int, ...]


_HIDDEN_HAND = (HIDDEN,) * 13


def seen_by(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may see it: another seat's draw and another seat's starting hand have
    their tiles :data:`HIDDEN`; every other event is public and returned as it is.

    >>> seen_by(Draw(actor=2, pai=40), seat=0)
    Draw(actor=2, pai=-1, rinshan=False)
    >>> seen_by(Draw(actor=0, pai=40), seat=0)
    Draw(actor=0, pai=40, rinshan=False)
    """
    if isinstance(event, Draw):
        return event if event.actor == seat else Draw(event.actor, HIDDEN, event.rinshan)
    if isinstance(event, StartKyoku):
        hands = tuple(h if s == seat else _HIDDEN_HAND for s, h in enumerate(event.tehais))
        return dataclasses.replace(event, tehais=hands)
    return event
