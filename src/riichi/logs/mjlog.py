"""Read Tenhou's mjlog XML game records into frozen dataclasses.

An mjlog is one ``<mjloggm>`` element holding a flat list of tags: ``SHUFFLE`` (the wall seed),
``GO`` (room and rules), ``UN`` (players), ``TAIKYOKU``, then for every round an ``INIT`` followed by
draws ``<T12/>`` ... ``<W12/>`` (seats 0-3), discards ``<D12/>`` ... ``<G12/>``, calls ``N``, ``REACH``,
``DORA``, and one ``RYUUKYOKU`` or one or more ``AGARI``; the last of those carries ``owari``.
``BYE`` and a ``UN`` with one name mark a player leaving and coming back.

Points are given in points (the log writes hundreds). Tiles are 136-ids; melds are
:class:`riichi.meld.Meld` with the absolute seat they were called from.

>>> game = parse_mjlog(
...     '<mjloggm ver="2.3"><GO type="169" lobby="0"/>'
...     '<UN n0="A" n1="B" n2="C" n3="D" dan="16,17,17,17" rate="2121,2181,2185.5,2177" sx="M,M,M,F"/>'
...     '<TAIKYOKU oya="0"/><INIT seed="0,0,0,3,3,20" ten="250,250,250,250" oya="0" '
...     'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
...     'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/>'
...     '<T52/><D52/><RYUUKYOKU type="kaze4" ba="0,0" sc="250,0,250,0,250,0,250,0" '
...     'owari="250,5.0,250,-5.0,250,-15.0,250,15.0"/></mjloggm>')
>>> game.players[2].rate, game.rounds[0].dice, game.rounds[0].events[1]
(2185.5, (4, 4), MjlogDiscard(seat=0, tile=52, tsumogiri=True))
>>> game.rounds[0].ryuukyoku.reason, game.owari.scores
('kaze4', (25000, 25000, 25000, 25000))
"""

from __future__ import annotations

import os
import re
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING
from xml.parsers import expat

from riichi._deprecated import RenamedAttribute, renamed
from riichi.errors import InvalidHandError, LogFormatError, quoted
from riichi.logs.record_bytes import checked_size, decompressed, read_bounded
from riichi.logs.tenhou_wall import decode_seed
from riichi.meld import Meld, MeldKind

__all__ = [
    "GameType",
    "MjlogPlayer",
    "YakuHan",
    "Owari",
    "MjlogDraw",
    "MjlogDiscard",
    "MjlogCall",
    "MjlogReach",
    "MjlogNewDora",
    "MjlogAgari",
    "MjlogRyuukyoku",
    "MjlogDisconnect",
    "MjlogReconnect",
    "MjlogEvent",
    "MjlogRound",
    "MjlogGame",
    "RYUUKYOKU_REASONS",
    "decode_meld",
    "parse_mjlog",
    "read_mjlog",
]

#: Abortive and special draws as the ``type`` of ``RYUUKYOKU`` names them (absent = exhaustive draw):
#: nine terminals, four riichi, triple ron, four kans, four winds, nagashi mangan.
RYUUKYOKU_REASONS = frozenset({"yao9", "reach4", "ron3", "kan4", "kaze4", "nm"})

_SEATS = range(4)
_TILES = range(136)


@dataclass(frozen=True, slots=True)
class GameType:
    """The ``GO type`` bit field: room and rule flags of a Tenhou game.

    >>> rules = GameType(169)
    >>> rules.red_fives, rules.open_tanyao, rules.hanchan, rules.room
    (True, True, True, 'houou')
    """

    flags: int

    @property
    def vs_humans(self) -> bool:
        """False for a game against computer players."""
        return bool(self.flags & 0x01)

    @property
    def red_fives(self) -> bool:
        """One red five per suit (the flag is written "no red")."""
        return not self.flags & 0x02

    @property
    def open_tanyao(self) -> bool:
        """All Simples counts with open melds (the flag is written "no open tanyao")."""
        return not self.flags & 0x04

    @property
    def hanchan(self) -> bool:
        """East and South rounds; False for an East-only game."""
        return bool(self.flags & 0x08)

    @property
    def three_player(self) -> bool:
        """Sanma; this reader only reads four-player games."""
        return bool(self.flags & 0x10)

    @property
    def fast(self) -> bool:
        """Shorter thinking times."""
        return bool(self.flags & 0x40)

    @property
    def room(self) -> str:
        """The lobby level: ``"ippan"``, ``"joukyuu"`` (bit 0x80), ``"tokujou"`` (0x20) or ``"houou"`` (both)."""
        return ("ippan", "joukyuu", "tokujou", "houou")[(self.flags >> 7) & 1 | (self.flags >> 4) & 2]


@dataclass(frozen=True, slots=True)
class MjlogPlayer:
    """A seat's player at the start of the game: name, dan (0 = beginner ... 10 = 1-dan ... 20 = tenhoui), rate, sex."""

    name: str
    dan: int
    rate: float
    sex: str


@dataclass(frozen=True, slots=True)
class YakuHan:
    """One yaku of a win, by Tenhou's yaku id, with its han (dora are yaku 52-54 in Tenhou's list)."""

    id: int
    han: int


@dataclass(frozen=True, slots=True)
class Owari:
    """The end of the game: final scores (points) and Tenhou's placement points (uma and oka included)."""

    scores: tuple[int, int, int, int]
    points: tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class MjlogDraw:
    """``seat`` draws ``tile`` (from the live wall, or a replacement tile after a kan)."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class MjlogDiscard:
    """``seat`` discards ``tile``; ``tsumogiri`` when it is the tile just drawn."""

    seat: int
    tile: int
    tsumogiri: bool


@dataclass(frozen=True, slots=True)
class MjlogCall:
    """``seat`` makes ``meld`` (chi, pon, any kan); ``meld.from_seat`` is absolute."""

    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class MjlogReach:
    """Riichi: ``step`` 1 is the declaration (before the discard), 2 the stick paid after it passed.

    ``scores`` are the scores after the stick (step 2 only).
    """

    seat: int
    step: int
    scores: tuple[int, int, int, int] | None = None


@dataclass(frozen=True, slots=True)
class MjlogNewDora:
    """A kan dora indicator is turned."""

    indicator: int


@dataclass(frozen=True, slots=True)
class MjlogAgari:
    """A win with everything Tenhou's server computed for it.

    ``hand`` is the concealed tiles including ``win_tile`` (the ``machi``) and without concealed-kan
    tiles; ``limit``: 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman.
    ``scores`` are before the win, ``deltas`` the payments (sticks and counters included).
    """

    winner: int
    from_seat: int
    pao_seat: int | None
    honba: int
    sticks: int
    hand: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    fu: int
    points: int
    limit: int
    yaku: tuple[YakuHan, ...]
    yakuman: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    scores: tuple[int, int, int, int]
    deltas: tuple[int, int, int, int]

    @property
    def is_tsumo(self) -> bool:
        """A self-drawn win."""
        return self.from_seat == self.winner

    @property
    def han(self) -> int:
        """The total han of the yaku (0 for a yakuman hand)."""
        return sum(y.han for y in self.yaku)


@dataclass(frozen=True, slots=True)
class MjlogRyuukyoku:
    """A drawn round: ``reason`` is the tag's ``type``, None for an exhaustive draw, else one of
    :data:`RYUUKYOKU_REASONS`.

    ``hands`` are the hands shown (tenpai, nine terminals, ...) by seat, None where not shown.
    """

    reason: str | None
    honba: int
    sticks: int
    scores: tuple[int, int, int, int]
    deltas: tuple[int, int, int, int]
    hands: tuple[tuple[int, ...] | None, tuple[int, ...] | None, tuple[int, ...] | None, tuple[int, ...] | None]

    kind = RenamedAttribute[str | None]("reason")
    """Deprecated: :attr:`reason`."""


@dataclass(frozen=True, slots=True)
class MjlogDisconnect:
    """``BYE``: the player of ``seat`` left (the server plays for them)."""

    seat: int


@dataclass(frozen=True, slots=True)
class MjlogReconnect:
    """A ``UN`` in the middle of the game: the player of ``seat`` came back."""

    seat: int
    name: str


MjlogEvent = (
    MjlogDraw | MjlogDiscard | MjlogCall | MjlogReach | MjlogNewDora | MjlogAgari | MjlogRyuukyoku
    | MjlogDisconnect | MjlogReconnect
)


@dataclass(frozen=True, slots=True)
class MjlogRound:
    """One round (hand): the ``INIT`` data and every event up to the next ``INIT``, in order.

    ``number`` 0 = East 1 ... 7 = South 4, 8 = West 1; ``dice`` are the pips 1-6 (the log writes
    0-5); ``scores`` at the start, in points; ``hands`` the four 13-tile starting hands by seat.
    Connection events (:class:`MjlogDisconnect`, :class:`MjlogReconnect`) before the first ``INIT`` open the
    first round's events; those after a round's result stay in that round.
    """

    number: int
    honba: int
    sticks: int
    dice: tuple[int, int]
    dora_indicator: int
    scores: tuple[int, int, int, int]
    dealer: int
    hands: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    events: tuple[MjlogEvent, ...]

    @property
    def agaris(self) -> tuple[MjlogAgari, ...]:
        """The wins of the round in log order (two for a double ron), () for a draw."""
        return tuple(e for e in self.events if isinstance(e, MjlogAgari))

    @property
    def ryuukyoku(self) -> MjlogRyuukyoku | None:
        """The draw that ended the round, or None if it ended with a win (or the log was cut)."""
        return next((e for e in self.events if isinstance(e, MjlogRyuukyoku)), None)


@dataclass(frozen=True, slots=True)
class MjlogGame:
    """A whole mjlog: rules, players, the wall seed, the rounds and the final result.

    ``seed`` is the ``SHUFFLE`` seed string (see :mod:`riichi.logs.tenhou_wall`), None if absent;
    ``owari`` is None when the log was cut before the end.
    """

    version: str
    seed: str | None
    game_type: GameType
    lobby: int | None
    players: tuple[MjlogPlayer, MjlogPlayer, MjlogPlayer, MjlogPlayer]
    first_dealer: int
    rounds: tuple[MjlogRound, ...]
    owari: Owari | None


# --- meld codes -------------------------------------------------------------------------------


def decode_meld(code: int, seat: int) -> Meld:
    """The meld of an mjlog ``m`` code called by ``seat``, with the absolute seat it came from.

    Bits 0-1 say whom the tile came from relative to the caller (1 right, 2 across, 3 left, 0 a
    concealed kan); bit 2 marks a chi, bit 3 a pon, bit 4 an added kan, none of them a kan.

    >>> decode_meld(46185, 3)
    Meld.parse('pon:444z', called='4z', from_seat=0)
    >>> decode_meld(6367, 1)
    Meld(MeldKind.CHI, (11, 14, 17), called=11, from_seat=0)
    """
    if not 0 <= code < 1 << 16 or seat not in _SEATS:
        raise LogFormatError(f"meld code {quoted(code)} for seat {quoted(seat)}: expected a 16-bit code and a seat 0-3")
    relative = code & 3
    from_seat = (seat + relative) % 4 if relative else None
    try:
        if code & 0x04:
            return _decode_chi(code, from_seat, relative)
        if code & 0x18:
            return _decode_pon_or_kakan(code, from_seat)
        if code & 0x20:
            raise LogFormatError(f"meld code {code}: a north-tile extraction (three-player only)")
        return _decode_kan(code, from_seat)
    except InvalidHandError as exc:
        raise LogFormatError(f"meld code {code} does not give a valid meld: {exc}") from None


def _decode_chi(code: int, from_seat: int | None, relative: int) -> Meld:
    if relative != 3:
        raise LogFormatError(f"meld code {code}: a chi must come from the left (bits 0-1 = 3), got {relative}")
    base = code >> 10
    run = base // 3
    if run >= 21:
        raise LogFormatError(f"meld code {code}: chi run index {run} out of range 0-20")
    start = (run // 7) * 9 + run % 7
    ids = [(start + k) * 4 + ((code >> (3 + 2 * k)) & 3) for k in range(3)]
    return Meld(MeldKind.CHI, tuple(ids), called=ids[base % 3], from_seat=from_seat)


def _decode_pon_or_kakan(code: int, from_seat: int | None) -> Meld:
    if from_seat is None:
        raise LogFormatError(f"meld code {code}: a pon or added kan needs a source (bits 0-1 = 0)")
    base = code >> 9
    tile_type, called_index = divmod(base, 3)
    if tile_type >= 34:
        raise LogFormatError(f"meld code {code}: tile type {tile_type} out of range 0-33")
    other = (code >> 5) & 3  # the copy left out of the pon, or the one added to make the kan
    pon = [tile_type * 4 + c for c in range(4) if c != other]
    if code & 0x08:
        return Meld(MeldKind.PON, tuple(pon), called=pon[called_index], from_seat=from_seat)
    tiles = tuple(tile_type * 4 + c for c in range(4))
    return Meld(MeldKind.KAKAN, tiles, called=pon[called_index], from_seat=from_seat)


def _decode_kan(code: int, from_seat: int | None) -> Meld:
    tile = code >> 8
    if tile not in _TILES:
        raise LogFormatError(f"meld code {code}: kan tile id {tile} out of range 0-135")
    tiles = tuple(tile // 4 * 4 + c for c in range(4))
    if from_seat is None:
        return Meld(MeldKind.ANKAN, tiles)
    return Meld(MeldKind.KAN, tiles, called=tile, from_seat=from_seat)


# --- XML tags -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Tag:
    name: str
    attrs: Mapping[str, str]
    source: str
    line: int
    column: int

    def fail(self, problem: str) -> LogFormatError:
        where = f"line {self.line}, column {self.column}" if self.line else "end"
        return LogFormatError(f"<{self.name}> {problem} ({self.source}, {where})")

    def raw(self, key: str) -> str:
        try:
            return self.attrs[key]
        except KeyError:
            raise self.fail(f"lacks the attribute {key!r}") from None

    def numbers(self, key: str, count: int | None = None, valid: range | None = None) -> tuple[int, ...]:
        text = self.raw(key)
        try:
            values = tuple(int(part) for part in text.split(",")) if text else ()
        except ValueError:
            raise self.fail(f"attribute {key}={quoted(text)}: expected comma-separated integers") from None
        if count is not None and len(values) != count:
            raise self.fail(f"attribute {key}={quoted(text)}: expected {count} values, got {len(values)}")
        if valid is not None and any(v not in valid for v in values):
            raise self.fail(f"attribute {key}={quoted(text)}: values must be in {valid.start}..{valid.stop - 1}")
        return values

    def number(self, key: str, valid: range | None = None) -> int:
        return self.numbers(key, 1, valid)[0]

    def optional_number(self, key: str, valid: range | None = None) -> int | None:
        return self.number(key, valid) if key in self.attrs else None

    def floats(self, key: str, count: int) -> tuple[float, ...]:
        text = self.raw(key)
        try:
            values = tuple(float(part) for part in text.split(","))
        except ValueError:
            raise self.fail(f"attribute {key}={quoted(text)}: expected comma-separated numbers") from None
        if len(values) != count:
            raise self.fail(f"attribute {key}={quoted(text)}: expected {count} values, got {len(values)}")
        return values

    def tiles(self, key: str, count: int | None = None) -> tuple[int, ...]:
        return self.numbers(key, count, _TILES)

    def score_pairs(self, key: str = "sc") -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
        values = self.numbers(key, 8)
        scores = _four(tuple(100 * v for v in values[0::2]))
        deltas = _four(tuple(100 * v for v in values[1::2]))
        return scores, deltas

    def melds(self, key: str, seat: int) -> tuple[Meld, ...]:
        if key not in self.attrs:
            return ()
        try:
            return tuple(decode_meld(code, seat) for code in self.numbers(key))
        except LogFormatError as exc:
            raise self.fail(f"attribute {key}: {exc}") from None

    def seat(self, key: str = "who") -> int:
        return self.number(key, _SEATS)


def _four(values: tuple[int, ...]) -> tuple[int, int, int, int]:
    return values[0], values[1], values[2], values[3]


def _tokenize(data: str | bytes, source: str) -> list[_Tag]:
    """The root tag and its child tags in order, or LogFormatError for XML that is not an mjlog."""
    parser = expat.ParserCreate()
    tags: list[_Tag] = []
    open_tags: list[str] = []

    def here(name: str, attrs: dict[str, str]) -> _Tag:
        return _Tag(name, attrs, source, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)

    def start(name: str, attrs: dict[str, str]) -> None:
        if not open_tags and name != "mjloggm":
            raise here(name, attrs).fail("is not the root tag <mjloggm> of an mjlog")
        if len(open_tags) > 1 or (open_tags and name == "mjloggm"):
            raise here(name, attrs).fail(f"is nested inside <{open_tags[-1]}>")
        open_tags.append(name)
        tags.append(here(name, attrs))

    def end(_name: str) -> None:
        open_tags.pop()

    def text(content: str) -> None:
        if content.strip():
            where = f"line {parser.CurrentLineNumber}, column {parser.CurrentColumnNumber + 1}"
            raise LogFormatError(f"unexpected text {content.strip()[:30]!r} ({source}, {where})")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise LogFormatError(
            f"not well-formed XML: {expat.errors.messages[exc.code]} ({source}, line {exc.lineno}, "
            f"column {exc.offset + 1})"
        ) from None
    except UnicodeEncodeError as exc:  # a str that is no text (a lone surrogate)
        raise LogFormatError(f"{source}: not encodable text ({exc.reason} at {exc.start})") from None
    return tags


# --- building the game ----------------------------------------------------------------------

_MOVE_TAG = re.compile(r"([TUVWDEFG])(\d+)")
_SEAT_LETTERS = {letter: seat for seat, letters in enumerate(("TD", "UE", "VF", "WG")) for letter in letters}


class _RoundBuilder:
    """Collects one round's events; tracks each seat's last drawn tile to mark tsumogiri."""

    def __init__(self, tag: _Tag, pending: list[MjlogEvent]) -> None:
        seed = tag.numbers("seed", 6)
        if any(v < 0 for v in seed[:3]) or any(v not in range(6) for v in seed[3:5]) or seed[5] not in _TILES:
            raise tag.fail(f"attribute seed={quoted(tag.raw('seed'))}: expected round,honba,sticks,dice0-5,dice0-5,tile")
        self.number, self.honba, self.sticks = seed[0], seed[1], seed[2]
        self.dice = (seed[3] + 1, seed[4] + 1)
        self.dora_indicator = seed[5]
        self.scores = _four(tuple(100 * v for v in tag.numbers("ten", 4)))
        self.dealer = tag.seat("oya")
        self.hands = _four_hands(tuple(tag.tiles(f"hai{seat}", 13) for seat in _SEATS))
        self.events: list[MjlogEvent] = list(pending)
        self.drawn: list[int | None] = [None] * 4
        self.finished = False

    def add(self, event: MjlogEvent) -> None:
        if isinstance(event, MjlogDraw):
            self.drawn[event.seat] = event.tile
        elif isinstance(event, (MjlogDiscard, MjlogCall)):
            self.drawn[event.seat] = None
        self.events.append(event)

    def build(self) -> MjlogRound:
        return MjlogRound(
            self.number,
            self.honba,
            self.sticks,
            self.dice,
            self.dora_indicator,
            self.scores,
            self.dealer,
            self.hands,
            tuple(self.events),
        )


def _four_hands(
    hands: tuple[tuple[int, ...], ...],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    return hands[0], hands[1], hands[2], hands[3]


def _agari(tag: _Tag) -> MjlogAgari:
    honba, sticks = tag.numbers("ba", 2)
    winner = tag.seat("who")
    fu, points, limit = tag.numbers("ten", 3)
    if limit not in range(6):
        raise tag.fail(f"attribute ten={quoted(tag.raw('ten'))}: limit must be 0-5")
    yaku_values = tag.numbers("yaku") if "yaku" in tag.attrs else ()
    if len(yaku_values) % 2:
        raise tag.fail(f"attribute yaku={quoted(tag.raw('yaku'))}: expected pairs of yaku id and han")
    hand = tag.tiles("hai")
    win_tile = tag.number("machi", _TILES)
    if win_tile not in hand:
        raise tag.fail(f"attribute machi={win_tile}: the winning tile is not in hai={quoted(tag.raw('hai'))}")
    scores, deltas = tag.score_pairs()
    return MjlogAgari(
        winner=winner,
        from_seat=tag.seat("fromWho"),
        pao_seat=tag.optional_number("paoWho", _SEATS),
        honba=honba,
        sticks=sticks,
        hand=hand,
        melds=tag.melds("m", winner),
        win_tile=win_tile,
        fu=fu,
        points=points,
        limit=limit,
        yaku=tuple(YakuHan(i, h) for i, h in zip(yaku_values[0::2], yaku_values[1::2])),
        yakuman=tag.numbers("yakuman") if "yakuman" in tag.attrs else (),
        dora_indicators=tag.tiles("doraHai"),
        ura_indicators=tag.tiles("doraHaiUra") if "doraHaiUra" in tag.attrs else (),
        scores=scores,
        deltas=deltas,
    )


def _ryuukyoku(tag: _Tag) -> MjlogRyuukyoku:
    reason = tag.attrs.get("type")
    if reason is not None and reason not in RYUUKYOKU_REASONS:
        raise tag.fail(f"attribute type={quoted(reason)}: expected one of {sorted(RYUUKYOKU_REASONS)}")
    honba, sticks = tag.numbers("ba", 2)
    scores, deltas = tag.score_pairs()
    shown = tuple(tag.tiles(f"hai{seat}") if f"hai{seat}" in tag.attrs else None for seat in _SEATS)
    return MjlogRyuukyoku(reason, honba, sticks, scores, deltas, (shown[0], shown[1], shown[2], shown[3]))


def _owari(tag: _Tag) -> Owari:
    values = tag.floats("owari", 8)
    if any(v != int(v) for v in values[0::2]):
        raise tag.fail(f"attribute owari={quoted(tag.raw('owari'))}: scores must be whole hundreds")
    scores = _four(tuple(int(v) * 100 for v in values[0::2]))
    points = values[1::2]
    return Owari(scores, (points[0], points[1], points[2], points[3]))


def _name(tag: _Tag, key: str) -> str:
    text = tag.raw(key)
    try:
        return urllib.parse.unquote(text, errors="strict")
    except UnicodeDecodeError:
        raise tag.fail(f"attribute {key}={quoted(text)}: expected a percent-encoded UTF-8 name") from None


def _players(tag: _Tag) -> tuple[MjlogPlayer, MjlogPlayer, MjlogPlayer, MjlogPlayer]:
    names = [_name(tag, f"n{seat}") for seat in _SEATS]
    dan = tag.numbers("dan", 4)
    rate = tag.floats("rate", 4)
    sexes = tag.attrs.get("sx", ",,,").split(",")
    if len(sexes) != 4:
        raise tag.fail(f"attribute sx={quoted(tag.raw('sx'))}: expected 4 values")
    players = tuple(MjlogPlayer(names[s], dan[s], rate[s], sexes[s]) for s in _SEATS)
    return players[0], players[1], players[2], players[3]


class _GameBuilder:
    """Walks the tag list once; every tag is checked before anything is kept."""

    def __init__(self) -> None:
        self.version = ""
        self.seed: str | None = None
        self.game_type: GameType | None = None
        self.lobby: int | None = None
        self.players: tuple[MjlogPlayer, MjlogPlayer, MjlogPlayer, MjlogPlayer] | None = None
        self.first_dealer: int | None = None
        self.rounds: list[MjlogRound] = []
        self.current: _RoundBuilder | None = None
        self.pending: list[MjlogEvent] = []
        self.owari: Owari | None = None
        self.handlers: dict[str, Callable[[_Tag], None]] = {
            "mjloggm": self.on_root,
            "SHUFFLE": self.on_shuffle,
            "GO": self.on_go,
            "UN": self.on_un,
            "TAIKYOKU": self.on_taikyoku,
            "INIT": self.on_init,
            "N": self.on_call,
            "REACH": self.on_reach,
            "DORA": self.on_dora,
            "AGARI": self.on_agari,
            "RYUUKYOKU": self.on_ryuukyoku,
            "BYE": self.on_bye,
        }

    def feed(self, tag: _Tag) -> None:
        if self.owari is not None:
            raise tag.fail("after the end of the game (owari)")
        move = _MOVE_TAG.fullmatch(tag.name)  # draws and discards: most of the tags
        if move is None:
            handler = self.handlers.get(tag.name)
            if handler is None:
                raise tag.fail("is not an mjlog tag")
            handler(tag)
            return
        letter, tile = move[1], int(move[2])
        if tile not in _TILES:
            raise tag.fail(f"names tile {tile}: expected a tile id 0-135")
        seat, current = _SEAT_LETTERS[letter], self.in_round(tag)
        if letter in "TUVW":
            current.add(MjlogDraw(seat, tile))
        else:
            current.add(MjlogDiscard(seat, tile, current.drawn[seat] == tile))

    def in_round(self, tag: _Tag) -> _RoundBuilder:
        if self.current is None or self.current.finished:
            raise tag.fail("outside a round (expected <INIT> first)")
        return self.current

    def on_root(self, tag: _Tag) -> None:
        self.version = tag.attrs.get("ver", "")

    def on_shuffle(self, tag: _Tag) -> None:
        seed = tag.raw("seed")
        try:
            decode_seed(seed)
        except LogFormatError as exc:
            raise tag.fail(f"attribute seed: {exc}") from None
        self.seed = seed

    def on_go(self, tag: _Tag) -> None:
        self.game_type = GameType(tag.number("type", range(1 << 16)))
        if self.game_type.three_player:
            raise tag.fail(f"type={tag.raw('type')}: three-player games are not supported")
        self.lobby = tag.optional_number("lobby")

    def on_un(self, tag: _Tag) -> None:
        if self.players is None:
            self.players = _players(tag)
            return
        for seat in _SEATS:
            if f"n{seat}" in tag.attrs:
                self.connection(MjlogReconnect(seat, _name(tag, f"n{seat}")))

    def on_bye(self, tag: _Tag) -> None:
        self.connection(MjlogDisconnect(tag.seat()))

    def connection(self, event: MjlogEvent) -> None:
        if self.current is None:
            self.pending.append(event)
        else:
            self.current.events.append(event)

    def on_taikyoku(self, tag: _Tag) -> None:
        self.first_dealer = tag.seat("oya")

    def on_init(self, tag: _Tag) -> None:
        if self.players is None or self.game_type is None or self.first_dealer is None:
            raise tag.fail("before the <GO>, <UN> and <TAIKYOKU> tags")
        if self.current is not None:
            if not self.current.finished:
                raise tag.fail("starts a round before the previous one ended (no AGARI or RYUUKYOKU)")
            self.rounds.append(self.current.build())
        self.current = _RoundBuilder(tag, self.pending)
        self.pending = []

    def on_call(self, tag: _Tag) -> None:
        seat = tag.seat()
        try:
            meld = decode_meld(tag.number("m"), seat)
        except LogFormatError as exc:
            raise tag.fail(f"attribute m: {exc}") from None
        self.in_round(tag).add(MjlogCall(seat, meld))

    def on_reach(self, tag: _Tag) -> None:
        seat, step = tag.seat(), tag.number("step", range(1, 3))
        scores = _four(tuple(100 * v for v in tag.numbers("ten", 4))) if step == 2 else None
        self.in_round(tag).add(MjlogReach(seat, step, scores))

    def on_dora(self, tag: _Tag) -> None:
        self.in_round(tag).add(MjlogNewDora(tag.number("hai", _TILES)))

    def on_agari(self, tag: _Tag) -> None:
        current = self.current
        # a double ron writes the second AGARI right after the first one
        second_ron = current is not None and current.finished and isinstance(current.events[-1], MjlogAgari)
        if current is None or not second_ron:
            current = self.in_round(tag)
        current.add(_agari(tag))
        self.finish(current, tag)

    def on_ryuukyoku(self, tag: _Tag) -> None:
        current = self.in_round(tag)
        current.add(_ryuukyoku(tag))
        self.finish(current, tag)

    def finish(self, current: _RoundBuilder, tag: _Tag) -> None:
        current.finished = True
        if "owari" in tag.attrs:
            self.owari = _owari(tag)

    def build(self, end: _Tag) -> MjlogGame:
        if self.players is None or self.game_type is None or self.first_dealer is None:
            raise end.fail("ended before the <GO>, <UN> and <TAIKYOKU> tags")
        if self.current is None:
            raise end.fail("has no round (no <INIT>)")
        rounds = (*self.rounds, self.current.build())
        return MjlogGame(
            self.version, self.seed, self.game_type, self.lobby, self.players, self.first_dealer, rounds, self.owari
        )


def parse_mjlog(data: str | bytes, *, source: str = "<mjlog>") -> MjlogGame:
    """Parse the text of an mjlog (XML ``str`` or ``bytes``; gzip-compressed bytes too).

    ``source`` names the input in error messages. Anything that is not a well-formed four-player
    mjlog raises :class:`~riichi.errors.LogFormatError` naming the tag, the attribute and the position.

    >>> parse_mjlog("<mjloggm><GO type='169'/><X1/></mjloggm>")
    Traceback (most recent call last):
    ...
    riichi.errors.LogFormatError: <X1> is not an mjlog tag (<mjlog>, line 1, column 26)
    """
    data = decompressed(data, source) if isinstance(data, bytes) else checked_size(data, source)
    tags = _tokenize(data, source)
    builder = _GameBuilder()
    for tag in tags:
        builder.feed(tag)
    return builder.build(_Tag("mjloggm", {}, source, 0, 0))


def read_mjlog(path: str | os.PathLike[str]) -> MjlogGame:
    """Read an mjlog file (plain or gzip-compressed, as Tenhou serves them).

    Errors name the file: ``LogFormatError("<INIT> lacks the attribute 'oya' (game.mjlog, line 1, column 2345)")``.
    """
    return parse_mjlog(read_bounded(path), source=os.fspath(path))


if not TYPE_CHECKING:
    __getattr__ = renamed(__name__, {"RYUUKYOKU_KINDS": ("RYUUKYOKU_REASONS", RYUUKYOKU_REASONS)})
