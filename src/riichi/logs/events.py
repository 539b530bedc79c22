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
from typing import Any, ClassVar, cast

from riichi._frozen import Frozen, dataclass_fields
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
    "DRAWS",
    "DAHAIS",
    "shared_draw",
    "shared_dahai",
    "REACHES",
    "END_KYOKU",
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


class Event(Frozen):
    """Base of all events; ``type`` is the mjai event name."""

    __slots__ = ()
    type: ClassVar[str] = ""
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]] = {}

    def to_mjai(self) -> dict[str, object]:
        """This event as an mjai JSON object."""
        out: dict[str, object] = {"type": self.type}
        for name in self._fields:
            out[name] = _to_mjai_value(name, getattr(self, name))
        return out


class StartGame(Event):
    """A game begins; ``scores`` are the starting points by absolute seat."""

    __slots__ = _fields = __match_args__ = ("scores",)
    __dataclass_fields__ = dataclass_fields(__slots__, "tuple[int, ...]")
    type = "start_game"

    def __init__(self, scores: tuple[int, ...]) -> None:
        self._seal()
        self.scores = scores


class StartKyoku(Event):
    """A hand begins: round wind ``bakaze`` (``"E"``...), hand number ``kyoku`` (1-4), counters,
    riichi sticks on the table, dealer, first dora indicator and the 13 tiles dealt to each seat."""

    __slots__ = _fields = __match_args__ = (
        "bakaze", "kyoku", "honba", "kyotaku", "oya", "dora_marker", "scores", "tehais")
    __dataclass_fields__ = dataclass_fields(__slots__, "str", "int", "int", "int", "int", "int", "tuple[int, ...]",
                                      "tuple[tuple[int, ...], ...]")
    type = "start_kyoku"

    def __init__(self, bakaze: str, kyoku: int, honba: int, kyotaku: int, oya: int, dora_marker: int,
                 scores: tuple[int, ...], tehais: tuple[tuple[int, ...], ...]) -> None:
        self._seal()
        self.bakaze = bakaze
        self.kyoku = kyoku
        self.honba = honba
        self.kyotaku = kyotaku
        self.oya = oya
        self.dora_marker = dora_marker
        self.scores = scores
        self.tehais = tehais


class Draw(Event):
    """``actor`` draws ``pai`` (from the live wall, or the dead wall after a kan)."""

    __slots__ = _fields = __match_args__ = ("actor", "pai", "rinshan")
    __dataclass_fields__ = dataclass_fields(__slots__, "int", "int", "bool", rinshan=False)
    type = "tsumo"

    def __init__(self, actor: int, pai: int, rinshan: bool = False) -> None:
        self._seal()
        self.actor = actor
        self.pai = pai
        self.rinshan = rinshan


class Dahai(Event):
    """``actor`` discards ``pai``; ``tsumogiri`` when it is the tile just drawn."""

    __slots__ = _fields = __match_args__ = ("actor", "pai", "tsumogiri")
    __dataclass_fields__ = dataclass_fields(__slots__, "int", "int", "bool")
    type = "dahai"

    def __init__(self, actor: int, pai: int, tsumogiri: bool) -> None:
        self._seal()
        self.actor = actor
        self.pai = pai
        self.tsumogiri = tsumogiri


class _Claim(Event):
    """A claim of the discard ``pai`` of ``target`` by ``actor`` with ``consumed`` from the hand."""

    __slots__ = _fields = __match_args__ = ("actor", "target", "pai", "consumed")
    __dataclass_fields__ = dataclass_fields(__slots__, "int", "int", "int", "tuple[int, ...]")

    def __init__(self, actor: int, target: int, pai: int, consumed: tuple[int, ...]) -> None:
        self._seal()
        self.actor = actor
        self.target = target
        self.pai = pai
        self.consumed = consumed


class ChiCalled(_Claim):
    """``actor`` claims ``pai`` discarded by ``target`` into a run with ``consumed``."""

    __slots__ = ()
    type = "chi"


class PonCalled(_Claim):
    """``actor`` claims ``pai`` discarded by ``target`` into a triplet with ``consumed``."""

    __slots__ = ()
    type = "pon"


class DaiminkanCalled(_Claim):
    """``actor`` claims ``pai`` discarded by ``target`` into an open kan with ``consumed``."""

    __slots__ = ()
    type = "daiminkan"


class KakanDeclared(Event):
    """``actor`` adds ``pai`` to the pon made of ``consumed``."""

    __slots__ = _fields = __match_args__ = ("actor", "pai", "consumed")
    __dataclass_fields__ = dataclass_fields(__slots__, "int", "int", "tuple[int, ...]")
    type = "kakan"

    def __init__(self, actor: int, pai: int, consumed: tuple[int, ...]) -> None:
        self._seal()
        self.actor = actor
        self.pai = pai
        self.consumed = consumed


class AnkanDeclared(Event):
    """``actor`` declares a concealed kan of ``consumed``."""

    __slots__ = _fields = __match_args__ = ("actor", "consumed")
    __dataclass_fields__ = dataclass_fields(__slots__, "int", "tuple[int, ...]")
    type = "ankan"

    def __init__(self, actor: int, consumed: tuple[int, ...]) -> None:
        self._seal()
        self.actor = actor
        self.consumed = consumed


class KitaDeclared(Event):
    """``actor`` sets the North ``pai`` aside (kita, nukidora: three players), a dora; its
    replacement draw follows unless the North is won on. mjai's three-player forks name it
    ``nukidora``.

    >>> KitaDeclared(actor=1, pai=121).to_mjai()
    {'type': 'nukidora', 'actor': 1, 'pai': 'N'}
    """

    __slots__ = _fields = __match_args__ = ("actor", "pai")
    __dataclass_fields__ = dataclass_fields(__slots__, "int", "int")
    type = "nukidora"

    def __init__(self, actor: int, pai: int) -> None:
        self._seal()
        self.actor = actor
        self.pai = pai


class Dora(Event):
    """A kan dora indicator is turned."""

    __slots__ = _fields = __match_args__ = ("dora_marker",)
    __dataclass_fields__ = dataclass_fields(__slots__, "int")
    type = "dora"

    def __init__(self, dora_marker: int) -> None:
        self._seal()
        self.dora_marker = dora_marker


class Reach(Event):
    """``actor`` declares riichi (the discard follows)."""

    __slots__ = _fields = __match_args__ = ("actor",)
    __dataclass_fields__ = dataclass_fields(__slots__, "int")
    type = "reach"

    def __init__(self, actor: int) -> None:
        self._seal()
        self.actor = actor


class ReachAccepted(Event):
    """The riichi discard passed: ``actor`` puts a 1,000 stick on the table."""

    __slots__ = _fields = __match_args__ = ("actor", "deltas", "scores")
    __dataclass_fields__ = dataclass_fields(__slots__, "int", "tuple[int, ...]", "tuple[int, ...]")
    type = "reach_accepted"

    def __init__(self, actor: int, deltas: tuple[int, ...], scores: tuple[int, ...]) -> None:
        self._seal()
        self.actor = actor
        self.deltas = deltas
        self.scores = scores


class Hora(Event):
    """``actor`` wins on ``pai`` from ``target`` (= actor on tsumo); ``deltas`` by seat include
    counters and sticks. ``yaku`` pairs each yaku name with its han; ``dora_markers`` and
    ``ura_markers`` are the indicators the hand was scored with."""

    __slots__ = _fields = __match_args__ = (
        "actor", "target", "pai", "deltas", "scores", "han", "fu", "points", "yaku", "dora_markers",
        "ura_markers", "pao")
    __dataclass_fields__ = dataclass_fields(__slots__, "int", "int", "int", "tuple[int, ...]", "tuple[int, ...]",
                                      "int", "int", "int", "tuple[tuple[str, int], ...]", "tuple[int, ...]",
                                      "tuple[int, ...]", "int | None", pao=None)
    type = "hora"

    def __init__(self, actor: int, target: int, pai: int, deltas: tuple[int, ...], scores: tuple[int, ...],
                 han: int, fu: int, points: int, yaku: tuple[tuple[str, int], ...], dora_markers: tuple[int, ...],
                 ura_markers: tuple[int, ...], pao: int | None = None) -> None:
        self._seal()
        self.actor = actor
        self.target = target
        self.pai = pai
        self.deltas = deltas
        self.scores = scores
        self.han = han
        self.fu = fu
        self.points = points
        self.yaku = yaku
        self.dora_markers = dora_markers
        self.ura_markers = ura_markers
        self.pao = pao


class Ryukyoku(Event):
    """A hand ends without a winner. ``reason``: ``"exhaustive"``, ``"nagashi_mangan"``,
    ``"nine_terminals"``, ``"four_winds"``, ``"four_riichi"``, ``"four_kans"`` or ``"triple_ron"``;
    ``tenpai`` lists the tenpai seats at an exhaustive draw."""

    __slots__ = _fields = __match_args__ = ("reason", "tenpai", "deltas", "scores")
    __dataclass_fields__ = dataclass_fields(__slots__, "str", "tuple[int, ...]", "tuple[int, ...]", "tuple[int, ...]")
    type = "ryukyoku"

    def __init__(self, reason: str, tenpai: tuple[int, ...], deltas: tuple[int, ...],
                 scores: tuple[int, ...]) -> None:
        self._seal()
        self.reason = reason
        self.tenpai = tenpai
        self.deltas = deltas
        self.scores = scores


class EndKyoku(Event):
    """The hand is over (the next ``start_kyoku`` or ``end_game`` follows)."""

    __slots__ = _fields = __match_args__ = ()
    __dataclass_fields__ = dataclass_fields(__slots__)
    type = "end_kyoku"

    def __init__(self) -> None:
        self._seal()


class EndGame(Event):
    """The game is over: points after leftover sticks, and the final results with uma and oka."""

    __slots__ = _fields = __match_args__ = ("scores", "results", "ranks")
    __dataclass_fields__ = dataclass_fields(__slots__, "tuple[int, ...]", "tuple[int, ...]", "tuple[int, ...]")
    type = "end_game"

    def __init__(self, scores: tuple[int, ...], results: tuple[int, ...], ranks: tuple[int, ...]) -> None:
        self._seal()
        self.scores = scores
        self.results = results
        self.ranks = ranks


DRAWS = tuple(tuple(tuple(Draw(s, t, f) for t in range(136)) for f in (False, True)) for s in range(4))
"""Every draw, ``DRAWS[seat][rinshan][tile]``: the commonest events, made once and shared by the
table and the record readers."""
DAHAIS = tuple(tuple(tuple(Dahai(s, t, f) for t in range(136)) for f in (False, True)) for s in range(4))
"""Every discard, ``DAHAIS[seat][tsumogiri][tile]``, made once as :data:`DRAWS`."""


def shared_draw(actor: int, pai: int, rinshan: bool) -> Draw:
    """``Draw(actor, pai, rinshan)``: the one of :data:`DRAWS` for a seat, a 136-id and a bool.

    >>> shared_draw(2, 40, False) is DRAWS[2][False][40], shared_draw(2, 40, 1) is DRAWS[2][True][40]
    (True, False)
    """
    if type(actor) is int and 0 <= actor < 4 and type(pai) is int and 0 <= pai < 136 and type(rinshan) is bool:
        return DRAWS[actor][1 if rinshan else 0][pai]
    return Draw(actor, pai, rinshan)


def shared_dahai(actor: int, pai: int, tsumogiri: bool) -> Dahai:
    """``Dahai(actor, pai, tsumogiri)``: the one of :data:`DAHAIS` for a seat, a 136-id and a bool."""
    if type(actor) is int and 0 <= actor < 4 and type(pai) is int and 0 <= pai < 136 and type(tsumogiri) is bool:
        return DAHAIS[actor][1 if tsumogiri else 0][pai]
    return Dahai(actor, pai, tsumogiri)


REACHES = tuple(Reach(s) for s in range(4))
"""Every riichi declaration, by seat."""
END_KYOKU = EndKyoku()
"""The end of a hand."""

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
