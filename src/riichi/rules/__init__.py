"""Rule sets: every rule variant is a field of the frozen :class:`RuleSet`, read where the rule applies.

A preset is a named :class:`RuleSet` instance; variants are made with :func:`dataclasses.replace`:

>>> from dataclasses import replace
>>> ema = RuleSet.preset("ema")
>>> ema.kiriage, ema.kazoe_limit
(False, <KazoeLimit.YAKUMAN: 'yakuman'>)
>>> house = replace(ema, kiriage=True, name="house")
>>> house.kiriage
True
>>> RuleSet() == ema
True

Each preset's docstring says, in plain words, which published rules it follows (the EMA and WRC
rulebooks, Tenhou, Mahjong Soul, M.League) and where it departs from them or had to decide a point
the published text leaves open (``Decided: ...``).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

import numpy as np

from riichi.errors import InvalidRuleError, RiichiError, quoted
from riichi.tiles import dora_from_indicator

__all__ = [
    "AbortiveDraw",
    "Chombo",
    "KanDoraTiming",
    "KazoeLimit",
    "LeftoverSticks",
    "MultiRon",
    "MultiRonSticks",
    "Nagashi",
    "PaoScope",
    "PaoHonba",
    "Renhou",
    "RiichiKanPolicy",
    "RuleSet",
    "TempFuritenClear",
    "TsumoPayment",
    "UmaTie",
    "UnknownPresetError",
    "PRESET_NAMES",
    "DOUBLE_YAKUMAN_FORMS",
    "PAO_YAKUMAN",
]


class KazoeLimit(enum.StrEnum):
    """What a hand of 13 or more han without a real yakuman is worth."""

    YAKUMAN = "yakuman"
    """A counted yakuman (kazoe yakuman): 8,000 basic points."""
    SANBAIMAN = "sanbaiman"
    """Capped at sanbaiman (6,000 basic points): there is no counted yakuman."""


class Renhou(enum.StrEnum):
    """Blessing of Man: a ron in the first uninterrupted round before the winner's first draw."""

    NONE = "none"
    """Not a yaku; the hand needs another yaku to win."""
    MANGAN_STANDALONE = "mangan_standalone"
    """A mangan that does not combine with other yaku or dora; the hand takes the higher of the
    two values (EMA 2016 §4.2.4)."""
    MANGAN_CUMULATIVE = "mangan_cumulative"
    """A 5-han yaku that adds to the other yaku and dora (WRC)."""
    YAKUMAN = "yakuman"
    """A yakuman (EMA 2012)."""


class KanDoraTiming(enum.StrEnum):
    """When the indicator of a new kan dora is turned."""

    IMMEDIATE = "immediate"
    """At once for every kan, before the replacement draw."""
    OPEN_AFTER_DISCARD = "open_after_discard"
    """Concealed kan at once; open and added kans after the kan's discard.  A win on the
    replacement tile is scored without the new indicator (as Tenhou's logged rinshan wins after an
    added kan show)."""


class Nagashi(enum.StrEnum):
    """Nagashi mangan: only terminals and honors discarded, none claimed, at an exhaustive draw."""

    NONE = "none"
    """Not played."""
    WIN = "win"
    """Counts as a win, paid as a mangan tsumo (EMA 2012)."""
    DRAW_PAYMENT = "draw_payment"
    """Paid like a mangan tsumo but the hand is still an exhaustive draw: no noten payments, the
    dealer repeats if tenpai (Tenhou)."""


class AbortiveDraw(enum.StrEnum):
    """Situations that end a hand at once without a winner. (Three ron claims: see :class:`MultiRon`.)"""

    NINE_TERMINALS = "nine_terminals"
    """A player with nine different terminals/honors on the first uninterrupted draw may abort."""
    FOUR_WINDS = "four_winds"
    """All four first discards are the same wind, with no call."""
    FOUR_RIICHI = "four_riichi"
    """The fourth riichi declaration is accepted."""
    FOUR_KANS = "four_kans"
    """A fourth kan by more than one player (after its discard passes)."""


class MultiRon(enum.StrEnum):
    """What happens when several players claim the same discard (or robbed kan) for a win."""

    HEAD_BUMP = "head_bump"
    """Only the claimant first in turn order after the discarder wins."""
    DOUBLE = "double"
    """Two claimants both win; three claims abort the hand (an abortive draw, dealer stays)."""
    ALL = "all"
    """Every claimant wins (double and triple ron)."""


class MultiRonSticks(enum.StrEnum):
    """Who takes the counters (honba) or riichi sticks when several players win on one discard."""

    ALL = "all"
    """Counters: every winner is paid their own counters. Sticks: every winner takes back their own
    riichi stick and the other sticks go to the first winner after the discarder (EMA)."""
    NEAREST = "nearest"
    """Only the winner first in turn order after the discarder gets them (Tenhou)."""


class LeftoverSticks(enum.StrEnum):
    """Riichi sticks still on the table when the game ends."""

    FIRST_PLACE = "first_place"
    """To the player in first place (split on a tie)."""
    LOST = "lost"
    """Removed from play."""
    RETURNED = "returned"
    """Returned to the players who put them down."""


class PaoScope(enum.StrEnum):
    """What the liable (pao) player is liable for."""

    WHOLE_HAND = "whole_hand"
    """The whole hand value, including any other yakuman it stacks with."""
    YAKUMAN_PART = "yakuman_part"
    """Only the value of the yakuman that triggered the liability (Mahjong Soul)."""


class PaoHonba(enum.StrEnum):
    """Who pays the counters when a pao hand is won by ron from a third player."""

    DISCARDER = "discarder"
    """The discarder alone (EMA 2016 §3.3.9)."""
    LIABLE = "liable"
    """The liable player (Tenhou)."""


class RiichiKanPolicy(enum.StrEnum):
    """Which concealed kans a riichi player may declare on a drawn fourth tile."""

    WAIT_AND_READING = "wait_and_reading"
    """Only if the waits do not change and the three tiles are a triplet in every reading."""
    WAIT_ONLY = "wait_only"
    """Only if the waits do not change (the reading may)."""
    NONE = "none"
    """Never."""


class TempFuritenClear(enum.StrEnum):
    """When temporary furiten (from passing a winning tile) ends for a player not in riichi."""

    OWN_DRAW_OR_ANY_CALL = "own_draw_or_any_call"
    """At the player's next draw from the wall, or when any player calls a set (EMA 2012)."""
    OWN_DRAW_OR_CLAIM = "own_draw_or_claim"
    """At the player's next draw or their own claim of a tile (EMA 2016 §3.4.5)."""
    OWN_DISCARD = "own_discard"
    """At the player's next discard; others' calls do not clear it (Tenhou)."""


class TsumoPayment(enum.StrEnum):
    """Who pays a win by tsumo, and how much."""

    SHARED = "shared"
    """Every other player pays their share (the dealer double)."""
    ABSENT_TOO = "absent_too"
    """The other players pay their shares and those of the empty seats: at a two-player table the
    opponent pays what three payers would."""
    AS_RON = "as_ron"
    """The opponent pays what a ron would cost (counters as on a ron too)."""


class UmaTie(enum.StrEnum):
    """How tied final places share the placement bonus (uma) and oka."""

    SPLIT = "split"
    """The tied players share the summed uma of their places."""
    SEAT_ORDER = "seat_order"
    """The tie is broken by the starting seat order (East first)."""


class Chombo(enum.StrEnum):
    """The penalty recorded for a chombo (kept for referee tools; the engine prevents illegal play)."""

    REVERSE_MANGAN = "reverse_mangan"
    """The offender pays a mangan tsumo in reverse: 4,000 to the dealer and 2,000 to the others,
    or 4,000 to each as dealer."""
    POINT_DEDUCTION = "point_deduction"
    """``chombo_points`` are deducted from the offender's final result after uma."""


DOUBLE_YAKUMAN_FORMS: frozenset[str] = frozenset(
    {"daisuushii", "kokushi_13", "suuankou_tanki", "chuuren_9"}
)
"""Yakuman forms a rule set may count double: Big Four Winds, Thirteen Orphans on the 13-sided wait,
Four Concealed Triplets on the pair wait, Nine Gates on the 9-sided wait."""

PAO_YAKUMAN: frozenset[str] = frozenset({"daisangen", "daisuushii", "suukantsu"})
"""Yakuman that can make the player who fed the last set liable."""


def _enum_repr(value: object) -> str:
    """``repr`` that evaluates back in this module's namespace (enums as ``Cls.MEMBER``)."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, frozenset):
        if not value:
            return "frozenset()"
        items = ", ".join(sorted(_enum_repr(v) for v in value))
        return f"frozenset({{{items}}})"
    return repr(value)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every rule variant of a game of riichi mahjong; the defaults are preset ``ema``.

    Fields are read where the rule applies; code never asks which preset it runs under.
    ``repr`` evaluates back to an equal object in the namespace of :mod:`riichi.rules`.
    Every field's type and range is checked when a rule set is made (``dataclasses.replace``
    included): :class:`~riichi.errors.InvalidRuleError` names the field, its value and what it
    allows. An enum field also takes its value's string (``renhou="none"``).

    >>> RuleSet.preset("tenhou").start_points
    25000
    >>> RuleSet.preset("mahjongsoul").double_yakuman == DOUBLE_YAKUMAN_FORMS
    True
    >>> import riichi.rules as m
    >>> r = RuleSet.preset("wrc")
    >>> eval(repr(r), vars(m)) == r
    True
    """

    name: str = "ema"
    """A label for logs and displays; never read by the rules."""

    # ---- table and game length --------------------------------------------------------------
    players: int = 4
    """Number of players: 2, 3 or 4. The game engine plays 2 and 4 (it refuses 3 up front)."""
    winds: int = 4
    """Wind seats the deal passes through in a round; player ``i`` sits at wind seat
    ``i * (winds // players)``. 4: at a two-player table the players sit opposite, and in every
    second hand neither is East (South then deals and acts first, but pays and is paid as a
    non-dealer). 2: two players are always East and South."""
    start_points: int = 30_000
    """Points each player starts with."""
    return_points: int = 30_000
    """Points subtracted from each final score before uma is added (the "return")."""
    oka: int = 0
    """Bonus to first place at the end, usually ``4 * (return_points - start_points)``."""
    uma: tuple[int, int, int, int] = (30_000, 10_000, -10_000, -30_000)
    """Placement bonus for 1st, 2nd, 3rd and 4th place, in points (at a table of fewer players,
    the first places). The final results add up to zero: ``players * (start_points -
    return_points) + oka`` plus the uma of the places played must be 0, else the rule set is
    refused."""
    uma_tie: UmaTie = UmaTie.SPLIT
    """How tied places share uma and oka."""
    match_sets: int = 1
    """A match (``play_match``) is the best of this many sets (1 = one set)."""
    set_games: int = 1
    """A set of a match is the best of this many games (1 = one game)."""
    single_hand: bool = False
    """The game is one hand (East 1): the first hand's end is the game's end."""
    rounds: int = 2
    """Number of wind rounds in a full game: 1 = East only, 2 = East and South (a hanchan)."""
    target_points: int | None = None
    """Points first place needs for the game to end after the last round (West extension and
    agari-yame check against it); ``None`` = no target."""
    west_extension: bool = False
    """If nobody reached ``target_points`` after the last round, play goes on into the next wind
    round, ending as soon as someone reaches it."""
    agari_yame: bool = False
    """In the last hand, a dealer who wins while first (and at ``target_points`` if set) ends the game."""
    tenpai_yame: bool = False
    """In the last hand, a dealer tenpai at an exhaustive draw while first ends the game."""
    tobi: bool = False
    """A player below zero points ends the game at once (bust)."""
    leftover_sticks: LeftoverSticks = LeftoverSticks.FIRST_PLACE
    """Riichi sticks still on the table when the game ends."""
    chombo: Chombo = Chombo.REVERSE_MANGAN
    """Penalty for a chombo. A rules value for referee tools: the engine never reads it, since it
    refuses every illegal action instead of letting a chombo happen."""
    chombo_points: int = 0
    """Points deducted after uma for a chombo under :attr:`Chombo.POINT_DEDUCTION`; like
    :attr:`chombo`, a value for referee tools."""

    # ---- tiles, calls and kans --------------------------------------------------------------
    live_wall: int = 122
    """Tiles of the wall in play in a hand, the deal included: all but the 14-tile dead wall (122),
    or fewer (two players: 64 = the 32 stacks after the break); the hand draws when they are
    gone."""
    kan_dead_wall_tiles: int = 1
    """Tiles each kan takes from the end of the live wall into the dead wall: 1 keeps the dead
    wall at 14 tiles, 2 adds a stack (which then stays)."""
    dora_is_indicator: bool = False
    """The turned tile is itself the dora (its three other copies are dora), for kan and ura dora
    too; ``False``: the next tile in its suit is (9 to 1, North to East, Red to White)."""
    red_fives: bool = True
    """One red five per suit (136-ids 16, 52, 88), each worth one han (``aka_dora``)."""
    kuikae_forbidden: bool = True
    """After a pon of X the caller may not discard X; after a chi neither the called tile nor the
    tile at the other end of the run."""
    max_kans: int = 4
    """Kans (and replacement draws) allowed in one hand, over all players; no further kan."""
    kan_dora: bool = True
    """A kan turns a new dora indicator."""
    kan_dora_timing: KanDoraTiming = KanDoraTiming.IMMEDIATE
    """When a kan's dora indicator is turned."""
    ura_dora: bool = True
    """A riichi winner counts ura dora (the tile under the dora indicator)."""
    kan_ura: bool = True
    """A riichi winner also counts the tiles under the kan dora indicators."""
    kokushi_chankan_ankan: bool = True
    """Thirteen Orphans may rob a concealed kan."""

    # ---- riichi and furiten -----------------------------------------------------------------
    riichi_min_points: int | None = None
    """Points a player needs to declare riichi; ``None`` = no minimum (points may go below zero)."""
    riichi_min_wall_tiles: int = 4
    """Tiles that must remain in the live wall to declare riichi."""
    riichi_kan_policy: RiichiKanPolicy = RiichiKanPolicy.WAIT_AND_READING
    """Which concealed kans a riichi player may declare."""
    karaten_counts: bool = False
    """A hand waiting only on a tile of which it holds all four counts as tenpai."""
    temp_furiten_clear: TempFuritenClear = TempFuritenClear.OWN_DRAW_OR_ANY_CALL
    """When temporary furiten ends."""

    # ---- ends of a hand ---------------------------------------------------------------------
    multi_ron: MultiRon = MultiRon.ALL
    """Several players claiming one discard for a win."""
    multi_ron_honba: MultiRonSticks = MultiRonSticks.ALL
    """Which of several ron winners are paid the counters."""
    multi_ron_sticks: MultiRonSticks = MultiRonSticks.ALL
    """Which of several ron winners take the riichi sticks."""
    honba_ron: int = 300
    """Counter bonus per counter on a ron, paid by the discarder."""
    honba_tsumo: int = 100
    """Counter bonus per counter on a tsumo, paid by each payer."""
    noten_total: int = 3_000
    """Total paid by the noten players to the tenpai players at an exhaustive draw."""
    tenpai_renchan: bool = True
    """A tenpai dealer keeps the deal after an exhaustive draw; ``False``: the deal passes after
    every exhaustive draw (a counter is added all the same)."""
    tsumo_payment: TsumoPayment = TsumoPayment.SHARED
    """Who pays a tsumo."""
    nagashi: Nagashi = Nagashi.NONE
    """Nagashi mangan."""
    abortive_draws: frozenset[AbortiveDraw] = frozenset()
    """Abortive draws in play (none in EMA)."""
    pao: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    """Yakuman (names from :data:`PAO_YAKUMAN`) for which the player who fed the last set is liable."""
    pao_scope: PaoScope = PaoScope.WHOLE_HAND
    """Whether liability covers the whole hand or only the yakuman that caused it."""
    pao_honba: PaoHonba = PaoHonba.DISCARDER
    """Who pays the counters when a pao hand is won by ron from a third player."""
    ryanhan_shibari: int | None = None
    """From this many counters on, a hand needs two han of yaku to win; ``None`` = never."""

    # ---- scoring ----------------------------------------------------------------------------
    kuitan: bool = False
    """All Simples (tanyao) counts in an open hand."""
    kiriage: bool = False
    """Round 4 han 30 fu and 3 han 60 fu up to mangan."""
    kazoe_limit: KazoeLimit = KazoeLimit.YAKUMAN
    """What 13+ han without a real yakuman is worth."""
    double_yakuman: frozenset[str] = frozenset({"daisuushii"})
    """Yakuman forms (from :data:`DOUBLE_YAKUMAN_FORMS`) that count double."""
    yakuman_stacking: bool = False
    """Different yakuman in one hand add up (e.g. Big Three Dragons + All Honours = double)."""
    renhou: Renhou = Renhou.YAKUMAN
    """Value of Blessing of Man."""
    double_wind_pair_fu: int = 4
    """Fu for a pair that is both seat and round wind (2 or 4)."""
    open_pinfu_fu: int = 30
    """Fu of an open hand that counts no fu beyond the base 20 (won by ron)."""
    rinshan_tsumo_fu: bool = True
    """A win on a kan replacement tile gets the 2 fu for tsumo."""
    haitei_rinshan_combine: bool = True
    """A win on a replacement tile that is also the last tile counts both haitei and rinshan."""

    def __post_init__(self) -> None:
        # Every field is checked (dataclasses.replace builds through here too); an enum field
        # also takes its value's string, and a set field any collection, stored as the canonical
        # member or frozenset.
        problems: list[str] = []
        for name in _FIELD_NAMES:
            value = getattr(self, name)
            try:
                checked = _CHECKS[name](value)
            except _Expected as allowed:
                problems.append(f"{name}={quoted(value)} (expected {allowed})")
                continue
            if checked is not value:
                object.__setattr__(self, name, checked)
        if not problems:
            problems = _table_problems(self)
        if problems:
            raise InvalidRuleError("invalid RuleSet: " + "; ".join(problems))

    def __repr__(self) -> str:
        parts = ", ".join(
            f"{f.name}={_enum_repr(getattr(self, f.name))}" for f in dataclasses.fields(self)
        )
        return f"RuleSet({parts})"

    def dora_of(self, indicator: int) -> int:
        """The dora tile type an indicator of tile type ``indicator`` shows under these rules.

        >>> RuleSet().dora_of(8), RuleSet.preset("2p-match").dora_of(8)  # 9m: 1m, or 9m itself
        (0, 8)
        """
        return indicator if self.dora_is_indicator else dora_from_indicator(indicator)

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """The named preset; ``ValueError`` (a :class:`RiichiError`) for an unknown name.

        >>> RuleSet.preset("mleague").kiriage
        True
        >>> try:
        ...     RuleSet.preset("nope")
        ... except ValueError as error:
        ...     print(error)
        unknown rule preset 'nope'; known presets: ema, ema-2016, wrc, tenhou, mahjongsoul, mleague, cardavia, 2p, 2p-match
        """
        preset = _PRESET_CACHE.get(name) if isinstance(name, str) else None
        if preset is None:
            factory = _PRESETS.get(name)
            if factory is None:
                raise UnknownPresetError(
                    f"unknown rule preset {name!r}; known presets: {', '.join(PRESET_NAMES)}"
                )
            # a RuleSet is immutable: each preset is built and validated once, then shared
            preset = _PRESET_CACHE[name] = factory()
        return preset

    @classmethod
    def coerce(cls, rules: RuleSet | str) -> RuleSet:
        """A :class:`RuleSet` from a preset name or a :class:`RuleSet` (returned as is).

        >>> RuleSet.coerce("tenhou").name
        'tenhou'
        """
        if isinstance(rules, RuleSet):
            return rules
        if isinstance(rules, str):
            return cls.preset(rules)
        raise UnknownPresetError(f"rules={quoted(rules)}: expected a preset name or a RuleSet")


def _table_problems(rules: RuleSet) -> list[str]:
    """What does not fit together among the fields that lay out the table and the wall."""
    problems = []
    if rules.winds < rules.players:
        problems.append(
            f"winds={rules.winds} with players={rules.players} (expected at least one wind seat "
            "per player)"
        )
    deal = 13 * rules.players + 1
    if rules.live_wall < deal:
        problems.append(
            f"live_wall={rules.live_wall} with players={rules.players} (expected at least {deal}: "
            "the deal and the dealer's first draw)"
        )
    if rules.tsumo_payment is not TsumoPayment.SHARED and rules.players != 2:
        problems.append(
            f"tsumo_payment={rules.tsumo_payment.value!r} with players={rules.players} "
            "(expected 'shared': the opponent pays alone only at a two-player table)"
        )
    # The final results (points less the return, plus uma and oka) of a table add up to zero.
    players = rules.players
    total = players * (rules.start_points - rules.return_points) + sum(rules.uma[:players]) + rules.oka
    if total:
        problems.append(
            f"start_points={rules.start_points}, return_points={rules.return_points}, oka="
            f"{rules.oka}, uma={rules.uma} with players={players}: the final results add up to "
            f"{total:+,} (expected 0: {players} x (start - return) + oka + the uma of places 1-"
            f"{players} = 0)"
        )
    return problems


class UnknownPresetError(RiichiError, ValueError):
    """A rule preset name that does not exist."""


# ---- what each field allows -------------------------------------------------------------------

_Check = Callable[[Any], Any]
"""Returns the value to store (the value itself, or its canonical form) or raises _Expected."""


class _Expected(Exception):
    """What a field allows, for the message of :class:`InvalidRuleError`."""


_POINTS = 10_000_000  # far beyond any table's points, and within the scoring kernel's C ints


def _plain_int(value: Any) -> int | None:
    """``value`` as an int if it is an integer (a numpy one too) but not a bool, else None."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        return None
    return int(value)


def _int_in(low: int, high: int, *, multiple_of: int = 1, why: str = "") -> _Check:
    def check(value: Any) -> int:
        number = _plain_int(value)
        if number is None or not low <= number <= high or number % multiple_of:
            step = f", a multiple of {multiple_of}" if multiple_of > 1 else ""
            raise _Expected(f"an int {low:,} to {high:,}{step}{why}")
        return value if type(value) is int else number

    return check


def _int_choice(*choices: int) -> _Check:
    def check(value: Any) -> int:
        number = _plain_int(value)
        if number is None or number not in choices:
            raise _Expected(", ".join(map(str, choices[:-1])) + f" or {choices[-1]}")
        return value if type(value) is int else number

    return check


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Expected("True or False")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise _Expected("a str")
    return value


def _optional(check: _Check, meaning: str) -> _Check:
    def optional(value: Any) -> Any:
        if value is None:
            return None
        try:
            return check(value)
        except _Expected as allowed:
            raise _Expected(f"None ({meaning}) or {allowed}") from None

    return optional


def _member(cls: type[enum.StrEnum]) -> _Check:
    def check(value: Any) -> enum.StrEnum:
        if isinstance(value, cls):
            return value
        if type(value) is str and value in cls._value2member_map_:
            return cls(value)
        raise _Expected(f"a {cls.__name__}: " + ", ".join(repr(m.value) for m in cls))

    return check


def _frozen(value: Any) -> frozenset[Any] | None:
    """The frozenset of a collection's items, or None for anything else (a str included)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Collection):
        return None
    try:
        return frozenset(value)
    except TypeError:  # unhashable items
        return None


def _set_of(allowed: Collection[str], what: str) -> _Check:
    names = frozenset(allowed)

    def check(value: Any) -> frozenset[Any]:
        items = _frozen(value)
        if items is None or not all(isinstance(v, str) for v in items) or not items <= names:
            raise _Expected(f"a frozenset of {what}")
        return value if type(value) is frozenset else items

    return check


def _members_of(cls: type[enum.StrEnum]) -> _Check:
    names = _set_of([m.value for m in cls], f"{cls.__name__} ({', '.join(m.value for m in cls)})")

    def check(value: Any) -> frozenset[enum.StrEnum]:
        items = names(value)
        if type(items) is frozenset and all(type(v) is cls for v in items):
            return items
        return frozenset(cls(v) for v in items)

    return check


def _uma(value: Any) -> tuple[int, ...]:
    allowed = f"four ints -{_POINTS:,} to {_POINTS:,}, for 1st to 4th place"
    if not isinstance(value, (tuple, list)) or len(value) != 4:
        raise _Expected(allowed)
    numbers = tuple(n for n in map(_plain_int, value) if n is not None and -_POINTS <= n <= _POINTS)
    if len(numbers) != 4:
        raise _Expected(allowed)
    return value if type(value) is tuple and all(type(v) is int for v in value) else numbers


_CHECKS: dict[str, _Check] = {
    "name": _text,
    "players": _int_choice(2, 3, 4),
    "winds": _int_choice(2, 3, 4),
    "match_sets": _int_in(1, 99),
    "set_games": _int_in(1, 99),
    "start_points": _int_in(1, _POINTS),
    "return_points": _int_in(0, _POINTS),
    "oka": _int_in(0, _POINTS),
    "uma": _uma,
    "uma_tie": _member(UmaTie),
    "single_hand": _bool,
    "rounds": _int_in(1, 4, why="; East to North"),
    "target_points": _optional(_int_in(1, _POINTS), "no target"),
    "west_extension": _bool,
    "agari_yame": _bool,
    "tenpai_yame": _bool,
    "tobi": _bool,
    "leftover_sticks": _member(LeftoverSticks),
    "chombo": _member(Chombo),
    "chombo_points": _int_in(0, _POINTS),
    "live_wall": _int_in(27, 122, why="; the wall outside the 14-tile dead wall"),
    "kan_dead_wall_tiles": _int_choice(1, 2),
    "dora_is_indicator": _bool,
    "red_fives": _bool,
    "kuikae_forbidden": _bool,
    "max_kans": _int_in(0, 4),
    "kan_dora": _bool,
    "kan_dora_timing": _member(KanDoraTiming),
    "ura_dora": _bool,
    "kan_ura": _bool,
    "kokushi_chankan_ankan": _bool,
    "riichi_min_points": _optional(_int_in(0, _POINTS), "no minimum"),
    "riichi_min_wall_tiles": _int_in(0, 70, why="; the live wall holds 70 tiles"),
    "riichi_kan_policy": _member(RiichiKanPolicy),
    "karaten_counts": _bool,
    "temp_furiten_clear": _member(TempFuritenClear),
    "multi_ron": _member(MultiRon),
    "multi_ron_honba": _member(MultiRonSticks),
    "multi_ron_sticks": _member(MultiRonSticks),
    "honba_ron": _int_in(0, 100_000),
    "honba_tsumo": _int_in(0, 100_000),
    "noten_total": _int_in(
        0, _POINTS, multiple_of=6, why="; one, two or three players share it evenly"
    ),
    "tenpai_renchan": _bool,
    "tsumo_payment": _member(TsumoPayment),
    "nagashi": _member(Nagashi),
    "abortive_draws": _members_of(AbortiveDraw),
    "pao": _set_of(PAO_YAKUMAN, f"names from {sorted(PAO_YAKUMAN)}"),
    "pao_scope": _member(PaoScope),
    "pao_honba": _member(PaoHonba),
    "ryanhan_shibari": _optional(_int_in(0, 100), "never"),
    "kuitan": _bool,
    "kiriage": _bool,
    "kazoe_limit": _member(KazoeLimit),
    "double_yakuman": _set_of(DOUBLE_YAKUMAN_FORMS, f"names from {sorted(DOUBLE_YAKUMAN_FORMS)}"),
    "yakuman_stacking": _bool,
    "renhou": _member(Renhou),
    "double_wind_pair_fu": _int_choice(2, 4),
    "open_pinfu_fu": _int_choice(20, 30),
    "rinshan_tsumo_fu": _bool,
    "haitei_rinshan_combine": _bool,
}
"""What each :class:`RuleSet` field allows (every field has an entry: a test checks it)."""

_FIELD_NAMES = tuple(f.name for f in dataclasses.fields(RuleSet))


def _ema() -> RuleSet:
    """The European Mahjong Association's Riichi Competition Rules, 2012 edition: the default.

    Four players, East and South rounds, 30,000 points each, uma +30/+10/-10/-30 thousand and
    no oka; red fives; open tanyao not allowed; renhou and 13 han or more count as yakuman and
    Big Four Winds as a double yakuman; several players may ron the same tile.

    Where the 2012 text leaves a point open this preset decides it: a double-wind pair scores
    4 fu; no nagashi mangan and no two-han minimum; the discarder alone pays the counters of a
    multiple ron; leftover riichi sticks go to first place. A chombo never happens: the engine
    refuses an illegal action instead.
    """
    return RuleSet()


def _ema_2016() -> RuleSet:
    """The European Mahjong Association's Riichi Competition Rules, 2016 edition.

    As ``ema`` with the 2016 changes: uma +15/+5/-5/-15 thousand, no red fives, open tanyao,
    13 han or more is a sanbaiman, no double yakuman, renhou a mangan, temporary furiten ends at
    the player's own draw or claim, and a chombo costs 20,000 points after uma.

    Decided: kan dora and the scoring details the rulebook leaves open follow ``ema``.
    """
    return dataclasses.replace(
        _ema(),
        name="ema-2016",
        uma=(15_000, 5_000, -5_000, -15_000),
        red_fives=False,
        kuitan=True,
        kazoe_limit=KazoeLimit.SANBAIMAN,
        double_yakuman=frozenset(),
        renhou=Renhou.MANGAN_STANDALONE,
        temp_furiten_clear=TempFuritenClear.OWN_DRAW_OR_CLAIM,
        haitei_rinshan_combine=False,
        chombo=Chombo.POINT_DEDUCTION,
        chombo_points=20_000,
    )


def _wrc() -> RuleSet:
    """The World Riichi Championship rules, 2022 edition.

    As the 2016 EMA rules with kiriage mangan, stacking yakuman, renhou a mangan added to the
    hand, head bump (only the first player after the discarder wins a ron), leftover riichi
    sticks lost, and a chombo costing 30,000 points.

    Decided where the rulebook is silent: kuikae forbidden; temporary furiten ends on the
    player's own draw or claim; a double-wind pair scores 4 fu; haitei and rinshan do not combine.
    """
    return dataclasses.replace(
        _ema_2016(),
        name="wrc",
        kiriage=True,
        yakuman_stacking=True,
        renhou=Renhou.MANGAN_CUMULATIVE,
        multi_ron=MultiRon.HEAD_BUMP,
        leftover_sticks=LeftoverSticks.LOST,
        chombo_points=30_000,
    )


def _tenhou() -> RuleSet:
    """Tenhou.net's ranked four-player game: East and South rounds with red fives and open
    tanyao (鳳南喰赤), as its published rules and its game records show it.

    25,000 points each, 30,000 returned, uma +20/+10/-10/-20 thousand; a West round when nobody
    reaches 30,000; the last dealer may stop when leading; a player below zero ends the game;
    double ron; every abortive draw; nagashi mangan paid as a draw payment; riichi needs 1,000
    points.

    Decided where the published rules are silent: kuikae forbidden (the client offers no swap
    calls); haitei and rinshan do not combine; kan ura dora counted.
    """
    return dataclasses.replace(
        _ema(),
        name="tenhou",
        start_points=25_000,
        return_points=30_000,
        oka=20_000,
        uma=(20_000, 10_000, -10_000, -20_000),
        target_points=30_000,
        west_extension=True,
        agari_yame=True,
        tenpai_yame=True,
        tobi=True,
        kuitan=True,
        double_yakuman=frozenset(),
        yakuman_stacking=True,
        renhou=Renhou.NONE,
        kan_dora_timing=KanDoraTiming.OPEN_AFTER_DISCARD,
        kokushi_chankan_ankan=False,
        uma_tie=UmaTie.SEAT_ORDER,
        riichi_min_points=1_000,
        riichi_kan_policy=RiichiKanPolicy.WAIT_ONLY,
        temp_furiten_clear=TempFuritenClear.OWN_DISCARD,
        multi_ron=MultiRon.DOUBLE,
        multi_ron_honba=MultiRonSticks.NEAREST,
        multi_ron_sticks=MultiRonSticks.NEAREST,
        nagashi=Nagashi.DRAW_PAYMENT,
        abortive_draws=frozenset(AbortiveDraw),
        pao_honba=PaoHonba.LIABLE,
        haitei_rinshan_combine=False,
        chombo=Chombo.REVERSE_MANGAN,
    )


def _mahjongsoul() -> RuleSet:
    """Mahjong Soul's ranked four-player game, as its published rules give it.

    As ``tenhou`` with no oka (25,000 returned), triple ron, double yakuman, thirteen orphans
    robbing a concealed kan, and pao on the yakuman part of a hand; the last dealer does not
    stop on tenpai alone.

    Decided: uma +15/+5/-5/-15 thousand (Mahjong Soul's rank points vary by room); kuikae
    forbidden; temporary furiten as Tenhou; no kiriage.
    """
    return dataclasses.replace(
        _tenhou(),
        name="mahjongsoul",
        return_points=25_000,
        oka=0,
        uma=(15_000, 5_000, -5_000, -15_000),
        double_yakuman=DOUBLE_YAKUMAN_FORMS,
        kokushi_chankan_ankan=True,
        multi_ron=MultiRon.ALL,
        pao_scope=PaoScope.YAKUMAN_PART,
        tenpai_yame=False,
    )


def _mleague() -> RuleSet:
    """The rules of M.League, Japan's professional mahjong league, as it publishes them.

    25,000 points each, 30,000 returned, uma +30/+10/-10/-30 thousand; open tanyao; kiriage
    mangan; 13 han or more is a sanbaiman, no double yakuman, stacking yakuman; no renhou; a
    double-wind pair scores 2 fu; head bump; pao for four kans too.

    Decided where the published rules are silent: leftover riichi sticks go to first place;
    temporary furiten as Tenhou; kan ura dora counted; rinshan tsumo fu as Tenhou.
    """
    return dataclasses.replace(
        _ema(),
        name="mleague",
        start_points=25_000,
        return_points=30_000,
        oka=20_000,
        kuitan=True,
        kiriage=True,
        kazoe_limit=KazoeLimit.SANBAIMAN,
        double_yakuman=frozenset(),
        yakuman_stacking=True,
        renhou=Renhou.NONE,
        double_wind_pair_fu=2,
        kokushi_chankan_ankan=False,
        riichi_min_wall_tiles=0,
        temp_furiten_clear=TempFuritenClear.OWN_DISCARD,
        multi_ron=MultiRon.HEAD_BUMP,
        pao=PAO_YAKUMAN,
        haitei_rinshan_combine=False,
    )


def _cardavia() -> RuleSet:
    """One quick hand against three AI, the game ``riichi.play`` starts by default.

    It comes from a web mahjong game in which one person plays a single hand against three
    computer players, not from a published rulebook. Scoring is ``ema``'s; the game differs
    from the EMA rules in: 25,000 points each, one hand (East 1) that the first win ends, head
    bump (only the first player after the discarder wins a ron), no kan after riichi, and riichi
    sticks nobody won returned to their owners.

    Decided: no uma or oka (the hand is the whole game).
    """
    return dataclasses.replace(
        _ema(),
        name="cardavia",
        start_points=25_000,
        return_points=25_000,
        uma=(0, 0, 0, 0),
        single_hand=True,
        rounds=1,
        multi_ron=MultiRon.HEAD_BUMP,
        riichi_kan_policy=RiichiKanPolicy.NONE,
        leftover_sticks=LeftoverSticks.RETURNED,
    )


def _two_player() -> RuleSet:
    """Two players opposite each other, a house variant (no published rulebook): every call
    from the opponent, 32 stacks in play, a tsumo paid wholly by the opponent, noten 1,500, and
    the winds rotate after every exhaustive draw.

    Decided: no uma; otherwise as ``ema``.
    """
    return dataclasses.replace(
        _ema(),
        name="2p",
        players=2,
        uma=(0, 0, 0, 0),
        live_wall=64,
        tsumo_payment=TsumoPayment.ABSENT_TOO,
        noten_total=1_500,
        tenpai_renchan=False,
    )


def _two_player_match() -> RuleSet:
    """The two-player match, a house variant (no published rulebook): players always East and
    South, 4 rounds of 2 hands, 33 stacks in play, the turned tile itself is the dora, no kan ura
    dora, each kan adds a stack to the dead wall, a tsumo paid as a ron; best of three sets of
    three games.

    Decided: noten pays 1,500 to a tenpai opponent; the tile under a dora indicator is itself the
    ura dora, as the indicator is the dora; no uma; a set or match ends as soon as one player has
    won more than half of it.
    """
    return dataclasses.replace(
        _two_player(),
        name="2p-match",
        winds=2,
        rounds=4,
        live_wall=66,
        kan_dead_wall_tiles=2,
        dora_is_indicator=True,
        kan_ura=False,
        tsumo_payment=TsumoPayment.AS_RON,
        tenpai_renchan=True,
        match_sets=3,
        set_games=3,
    )


_PRESETS: dict[str, Callable[[], RuleSet]] = {
    "ema": _ema,
    "ema-2016": _ema_2016,
    "wrc": _wrc,
    "tenhou": _tenhou,
    "mahjongsoul": _mahjongsoul,
    "mleague": _mleague,
    "cardavia": _cardavia,
    "2p": _two_player,
    "2p-match": _two_player_match,
}

_PRESET_CACHE: dict[str, RuleSet] = {}

PRESET_NAMES: tuple[str, ...] = tuple(_PRESETS)
"""Names accepted by :meth:`RuleSet.preset`, the default (``ema``) first."""
