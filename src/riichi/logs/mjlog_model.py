"""What an mjlog reads into: frozen dataclasses for the game, its rounds and their events, and
the melds of its ``m`` codes (:func:`~riichi.logs.mjlog.parse_mjlog` builds them;
:mod:`riichi.logs.mjlog` names them all).

>>> MjlogDiscard(seat=0, tile=52, tsumogiri=True)
MjlogDiscard(seat=0, tile=52, tsumogiri=True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from riichi._deprecated import RenamedAttribute
from riichi._frozen import Frozen, dataclass_fields
from riichi.errors import LogFormatError, quoted
from riichi.meld import Meld, MeldKind
from riichi.rules import RuleSet

__all__ = [
    "GameType",
    "MjlogPlayer",
    "YakuHan",
    "Owari",
    "MjlogDraw",
    "MjlogDiscard",
    "MjlogCall",
    "MjlogKita",
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
    "kita_tile",
]

# The seats and the 136-ids a record may name, which the reader (mjlog.py) checks its numbers against
SEATS = range(4)
TILES = range(136)

#: Abortive and special draws as the ``type`` of ``RYUUKYOKU`` names them (absent = exhaustive draw):
#: nine terminals, four riichi, triple ron, four kans, four winds, nagashi mangan.
RYUUKYOKU_REASONS = frozenset({"yao9", "reach4", "ron3", "kan4", "kaze4", "nm"})

@dataclass(frozen=True, slots=True)
class GameType:
    """The ``GO type`` bit field: room and rule flags of a Tenhou game.

    >>> rules = GameType(169)
    >>> rules.red_fives, rules.open_tanyao, rules.hanchan, rules.room
    (True, True, True, 'houou')

    The rule set the flags say (:attr:`rules`): a Phoenix East game without red fives and open
    tanyao (bits 0x02 and 0x04 set, 0x08 clear: 東 for 東南):

    >>> from riichi.rules.files import describe
    >>> describe(GameType(0xA1).rules), describe(GameType(0xA7).rules)
    ('tenhou-east', 'tenhou-east with kuitan=false, red_fives=false')
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
        """Sanma: three seats (0-2; the log keeps a fourth, empty, slot in its lists)."""
        return bool(self.flags & 0x10)

    @property
    def players(self) -> int:
        """The seats played: 3 for sanma, else 4."""
        return 3 if self.flags & 0x10 else 4

    @property
    def fast(self) -> bool:
        """Shorter thinking times."""
        return bool(self.flags & 0x40)

    @property
    def rules(self) -> RuleSet:
        """The rules of the game: the ``tenhou`` preset (``tenhou-3p`` for three players), its
        East game (``tenhou-east``, ``tenhou-3p-east``) without the 0x08 flag, with ``kuitan``
        and ``red_fives`` false where the flags take them away."""
        base = RuleSet.preset(("tenhou-3p" if self.flags & 0x10 else "tenhou")
                              + ("" if self.flags & 0x08 else "-east"))
        rules = dataclasses.replace(base, kuitan=base.kuitan and self.open_tanyao,
                                    red_fives=base.red_fives and self.red_fives)
        return base if rules == base else rules

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


class MjlogDraw(Frozen):
    """``seat`` draws ``tile`` (from the live wall, or a replacement tile after a kan).

    The draws and discards are most of a log: they are immutable values that :mod:`dataclasses`
    reads as frozen dataclasses (:func:`~riichi._frozen.dataclass_fields`), extension types in
    the compiled build, each made once and shared by every log.
    """

    __slots__ = _fields = __match_args__ = ("seat", "tile")
    __dataclass_fields__ = dataclass_fields(__slots__, "int", "int")

    def __init__(self, seat: int, tile: int) -> None:
        self._seal()
        self.seat = seat
        self.tile = tile


class MjlogDiscard(Frozen):
    """``seat`` discards ``tile``; ``tsumogiri`` when it is the tile just drawn."""

    __slots__ = _fields = __match_args__ = ("seat", "tile", "tsumogiri")
    __dataclass_fields__ = dataclass_fields(__slots__, "int", "int", "bool")

    def __init__(self, seat: int, tile: int, tsumogiri: bool) -> None:
        self._seal()
        self.seat = seat
        self.tile = tile
        self.tsumogiri = tsumogiri


# The shared draws and discards (see MjlogDraw) that the reader (mjlog.py) hands out
DRAW_OF = tuple(tuple(MjlogDraw(s, t) for t in range(136)) for s in range(4))  # [seat][tile]
DISCARD_OF = tuple(tuple(tuple(MjlogDiscard(s, t, f) for t in range(136)) for f in (False, True))
                    for s in range(4))  # [seat][tsumogiri][tile]


@dataclass(frozen=True, slots=True)
class MjlogCall:
    """``seat`` makes ``meld`` (chi, pon, any kan); ``meld.from_seat`` is absolute."""

    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class MjlogKita:
    """``seat`` sets the North ``tile`` aside (three players: kita, nukidora); its replacement
    draw follows."""

    seat: int
    tile: int


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
    kita: int = 0
    """The Norths the winner set aside (three players; Tenhou counts them in its dora, yaku 52)."""

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
    MjlogDraw | MjlogDiscard | MjlogCall | MjlogKita | MjlogReach | MjlogNewDora | MjlogAgari | MjlogRyuukyoku
    | MjlogDisconnect | MjlogReconnect
)


@dataclass(frozen=True, slots=True)
class MjlogRound:
    """One round (hand): the ``INIT`` data and every event up to the next ``INIT``, in order.

    ``number`` 0 = East 1 ... 7 = South 4, 8 = West 1; ``dice`` are the pips 1-6 (the log writes
    0-5); ``scores`` at the start, in points; ``hands`` the four 13-tile starting hands by seat
    (three players: the fourth is empty, its score 0).
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

_NORTHS = range(120, 124)


def kita_tile(code: int) -> int | None:
    """The North of an ``m`` code that sets one aside (kita: bit 5 alone of bits 2-5), None for
    any other code; :class:`LogFormatError` for a kita code naming no North.

    >>> kita_tile(31008), kita_tile(46185)
    (121, None)
    """
    if code & 0x3C != 0x20:
        return None
    tile = code >> 8
    if tile not in _NORTHS:
        raise LogFormatError(f"meld code {code}: a kita of tile id {tile}, which is no North (120-123)")
    return tile



def decode_meld(code: int, seat: int) -> Meld:
    """The meld of an mjlog ``m`` code called by ``seat``, with the absolute seat it came from.

    Bits 0-1 say whom the tile came from relative to the caller (1 right, 2 across, 3 left, 0 a
    concealed kan); bit 2 marks a chi, bit 3 a pon, bit 4 an added kan, none of them a kan.

    >>> decode_meld(46185, 3)
    Meld.parse('pon:444z', called='4z', from_seat=0)
    >>> decode_meld(6367, 1)
    Meld(MeldKind.CHI, (11, 14, 17), called=11, from_seat=0)
    """
    if not 0 <= code < 1 << 16 or seat not in SEATS:
        raise LogFormatError(f"meld code {quoted(code)} for seat {quoted(seat)}: expected a 16-bit code and a seat 0-3")
    relative = code & 3
    from_seat = (seat + relative) % 4 if relative else None
    # Every code that passes the checks below gives a well-formed meld (distinct copies of one type,
    # or a run of one suit, the called tile among them): made without the constructor's checks.
    if code & 0x04:
        return _decode_chi(code, from_seat, relative)
    if code & 0x18:
        return _decode_pon_or_kakan(code, from_seat)
    if code & 0x20:
        raise LogFormatError(f"meld code {code}: a North set aside (kita) is no meld")
    return _decode_kan(code, from_seat)


def _decode_chi(code: int, from_seat: int | None, relative: int) -> Meld:
    if relative != 3:
        raise LogFormatError(f"meld code {code}: a chi must come from the left (bits 0-1 = 3), got {relative}")
    base = code >> 10
    run = base // 3
    if run >= 21:
        raise LogFormatError(f"meld code {code}: chi run index {run} out of range 0-20")
    start = (run // 7) * 9 + run % 7
    ids = [(start + k) * 4 + ((code >> (3 + 2 * k)) & 3) for k in range(3)]
    return Meld.trusted(MeldKind.CHI, ids, ids[base % 3], from_seat)


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
        return Meld.trusted(MeldKind.PON, pon, pon[called_index], from_seat)
    tiles = tuple(tile_type * 4 + c for c in range(4))
    return Meld.trusted(MeldKind.KAKAN, tiles, pon[called_index], from_seat)


def _decode_kan(code: int, from_seat: int | None) -> Meld:
    tile = code >> 8
    if tile not in TILES:
        raise LogFormatError(f"meld code {code}: kan tile id {tile} out of range 0-135")
    tiles = tuple(tile // 4 * 4 + c for c in range(4))
    if from_seat is None:
        return Meld.trusted(MeldKind.ANKAN, tiles)
    return Meld.trusted(MeldKind.KAN, tiles, tile, from_seat)
