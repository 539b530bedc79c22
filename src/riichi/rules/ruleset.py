"""The rule set: :class:`RuleSet`, every rule variant a field of it, each field declared once with
its default, its check and its documentation.

A field is ``name: type = rule(default, check)`` followed by its docstring; the check
(:mod:`riichi.rules.checks`) runs whenever a rule set is made, and the docstring is what
``python -m riichi.rules`` prints for the field. Nothing else lists the fields.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from dataclasses import dataclass

from riichi.errors import InvalidRuleError, WrongTypeError, quoted
from riichi.rules.checks import (
    POINTS,
    Check,
    Expected,
    boolean,
    check_of,
    int_in,
    known_fields_only,
    member,
    members,
    one_of,
    optional,
    rule,
    text,
    uma_table,
)
from riichi.rules.variants import *  # noqa: F403 - the fields' types are the variants
from riichi.tiles import dora_from_indicator

__all__ = ["RuleSet"]


def _enum_repr(value: object) -> str:
    """``repr`` that evaluates back in the namespace of :mod:`riichi.rules` (enums as
    ``Cls.MEMBER``)."""
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

    name: str = rule("ema", text)
    """A label for logs and displays; never read by the rules."""

    # ---- table and game length --------------------------------------------------------------
    players: int = rule(4, one_of(2, 3, 4))
    """Number of players: 2, 3 or 4. Three players (sanma) play 108 tiles, without 2m-8m: a 1m
    indicator shows 9m as the dora, and 9m shows 1m."""
    winds: int = rule(4, one_of(2, 3, 4))
    """Wind seats the deal passes through in a round; player ``i`` sits at wind seat
    ``i * (winds // players)``. 4: at a two-player table the players sit opposite, and in every
    second hand neither is East (South then deals and acts first, but pays and is paid as a
    non-dealer). 2: two players are always East and South."""
    start_points: int = rule(30_000, int_in(1, POINTS))
    """Points each player starts with."""
    return_points: int = rule(30_000, int_in(0, POINTS))
    """Points subtracted from each final score before uma is added (the "return")."""
    oka: int = rule(0, int_in(0, POINTS))
    """Bonus to first place at the end, usually ``4 * (return_points - start_points)``."""
    uma: tuple[int, int, int, int] = rule((30_000, 10_000, -10_000, -30_000), uma_table)
    """Placement bonus for 1st, 2nd, 3rd and 4th place, in points (at a table of fewer players,
    the first places; the others must be 0). The final results add up to zero: ``players * (start_points -
    return_points) + oka`` plus the uma of the places played must be 0, else the rule set is
    refused."""
    uma_tie: UmaTie = rule(UmaTie.SPLIT, member(UmaTie))
    """How tied places share uma and oka."""
    match_sets: int = rule(1, int_in(1, 99))
    """A match (``play_match``) is the best of this many sets (1 = one set)."""
    set_games: int = rule(1, int_in(1, 99))
    """A set of a match is the best of this many games (1 = one game)."""
    single_hand: bool = rule(False, boolean)
    """The game is one hand (East 1): the first hand's end is the game's end."""
    rounds: int = rule(2, int_in(1, 4, why="; East to North"))
    """Number of wind rounds in a full game: 1 = East only, 2 = East and South (a hanchan)."""
    target_points: int | None = rule(None, optional(int_in(1, POINTS), "no target"))
    """Points first place needs for the game to end after the last round (West extension and
    agari-yame check against it); ``None`` = no target."""
    west_extension: bool = rule(False, boolean)
    """If nobody reached ``target_points`` (which must be set) after the last round, play goes
    on into the next wind round (so ``rounds`` is 1 to 3), ending as soon as someone reaches it."""
    agari_yame: bool = rule(False, boolean)
    """In the last hand, a dealer who wins while first (and at ``target_points`` if set) ends the game."""
    tenpai_yame: bool = rule(False, boolean)
    """In the last hand, a dealer tenpai at an exhaustive draw while first ends the game."""
    tobi: bool = rule(False, boolean)
    """A player below zero points ends the game at once (bust)."""
    leftover_sticks: LeftoverSticks = rule(LeftoverSticks.FIRST_PLACE, member(LeftoverSticks))
    """Riichi sticks still on the table when the game ends."""
    chombo: Chombo = rule(Chombo.REVERSE_MANGAN, member(Chombo))
    """Penalty for a chombo, as :func:`riichi.scoring.chombo_penalty` computes it for referee
    tools. The engine's table never has a chombo: it refuses every illegal action instead."""
    chombo_points: int = rule(0, int_in(0, POINTS))
    """Points deducted after uma for a chombo under :attr:`Chombo.POINT_DEDUCTION`
    (:func:`riichi.scoring.chombo_penalty`)."""

    # ---- tiles, calls and kans --------------------------------------------------------------
    live_wall: int = rule(122, int_in(27, 122, why="; the wall outside the 14-tile dead wall"))
    """Tiles of the wall in play in a hand, the deal included: all but the 14-tile dead wall (122;
    94 of the 108 tiles of three players), or fewer (two players: 64 = the 32 stacks after the
    break); the hand draws when they are gone."""
    replacement_tiles: int = rule(4, one_of(4, 8))
    """Replacement tiles at the end of the dead wall, drawn after a kan or a kita: 4, the dora
    indicator on the third stack from the break; 8 (three players), on the fifth. A hand has no
    more kans or kita once they are drawn."""
    kan_dead_wall_tiles: int = rule(1, one_of(1, 2))
    """Tiles each kan takes from the end of the live wall into the dead wall: 1 keeps the dead
    wall at 14 tiles, 2 adds a stack (which then stays)."""
    dora_is_indicator: bool = rule(False, boolean)
    """The turned tile is itself the dora (its three other copies are dora), for kan and ura dora
    too; ``False``: the next tile in its suit is (9 to 1, North to East, Red to White)."""
    red_fives: bool = rule(True, boolean)
    """One red five per suit (136-ids 16, 52, 88), each worth one han (``aka_dora``)."""
    chi: bool = rule(True, boolean)
    """The next seat may claim a discard into a run (chi); ``False``: only pon, kan and ron (three
    players)."""
    kuikae_forbidden: bool = rule(True, boolean)
    """After a pon of X the caller may not discard X; after a chi neither the called tile nor the
    tile at the other end of the run."""
    max_kans: int = rule(4, int_in(0, 4))
    """Kans (and replacement draws) allowed in one hand, over all players; no further kan."""
    kan_dora: bool = rule(True, boolean)
    """A kan turns a new dora indicator."""
    kan_dora_timing: KanDoraTiming = rule(KanDoraTiming.IMMEDIATE, member(KanDoraTiming))
    """When a kan's dora indicator is turned."""
    ura_dora: bool = rule(True, boolean)
    """A riichi winner counts ura dora (the tile under the dora indicator)."""
    kan_ura: bool = rule(True, boolean)
    """A riichi winner also counts the tiles under the kan dora indicators."""
    kokushi_chankan_ankan: bool = rule(True, boolean)
    """Thirteen Orphans may rob a concealed kan."""
    kita: bool = rule(False, boolean)
    """Three players: on its turn after a draw a seat may set a North aside (kita, nukidora), face
    up beside its hand; each counts one dora (one more for each indicator showing North), and the
    seat draws a replacement tile (a win on it is rinshan). A kita is a call: once nobody wins on
    the North, it ends ippatsu and the first go-around (nine terminals, double riichi, tenhou,
    chiihou). A seat in riichi sets aside only the North it drew. A North kept in the hand is an ordinary tile, a guest wind.
    ``False``: North is only an ordinary tile."""
    kita_ron: bool = rule(True, boolean)
    """A seat waiting on North may win by ron on a North set aside (kita), as on a discard: not
    robbing a kan, so without chankan's yaku; but, as a ron robbing a kan, before the kita stands
    as a call, so it keeps the winner's ippatsu."""

    # ---- riichi and furiten -----------------------------------------------------------------
    riichi_min_points: int | None = rule(None, optional(int_in(0, POINTS), "no minimum"))
    """Points a player needs to declare riichi; ``None`` = no minimum (points may go below zero)."""
    riichi_min_wall_tiles: int = rule(4, int_in(0, 70, why="; the live wall holds 70 tiles"))
    """Tiles that must remain in the live wall to declare riichi: at most what it holds after the
    deal (70 at four players)."""
    riichi_kan_policy: RiichiKanPolicy = rule(
        RiichiKanPolicy.WAIT_AND_READING, member(RiichiKanPolicy)
    )
    """Which concealed kans a riichi player may declare."""
    karaten_counts: bool = rule(False, boolean)
    """A hand waiting only on tiles of which the seat holds all four, some of them in its melds
    or set aside as kita (a kanchan on the tile of its own kan), counts as tenpai: it may declare
    riichi and is paid as tenpai at an exhaustive draw. A wait on a tile the concealed hand holds
    all four of never counts. ``False``: such a hand is noten."""
    temp_furiten_clear: TempFuritenClear = rule(
        TempFuritenClear.OWN_DRAW_OR_ANY_CALL, member(TempFuritenClear)
    )
    """When temporary furiten ends."""

    # ---- ends of a hand ---------------------------------------------------------------------
    multi_ron: MultiRon = rule(MultiRon.ALL, member(MultiRon))
    """Several players claiming one discard for a win."""
    multi_ron_honba: MultiRonSticks = rule(MultiRonSticks.ALL, member(MultiRonSticks))
    """Which of several ron winners are paid the counters."""
    multi_ron_sticks: MultiRonSticks = rule(MultiRonSticks.ALL, member(MultiRonSticks))
    """Which of several ron winners take the riichi sticks."""
    honba_ron: int = rule(300, int_in(0, 100_000))
    """Counter bonus per counter on a ron, paid by the discarder."""
    honba_tsumo: int = rule(100, int_in(0, 100_000))
    """Counter bonus per counter on a tsumo, paid by each payer (three players: 100 each, 200
    in all, as the ron's 200 in Tenhou's records)."""
    noten_total: int = rule(3_000, int_in(0, POINTS))
    """Total paid by the noten players to the tenpai players at an exhaustive draw (3,000; three
    players 2,000), shared evenly by the payers and by the paid."""
    tenpai_renchan: bool = rule(True, boolean)
    """A tenpai dealer keeps the deal after an exhaustive draw; ``False``: the deal passes after
    every exhaustive draw (a counter is added all the same)."""
    tsumo_payment: TsumoPayment = rule(TsumoPayment.SHARED, member(TsumoPayment))
    """Who pays a tsumo."""
    nagashi: Nagashi = rule(Nagashi.NONE, member(Nagashi))
    """Nagashi mangan."""
    abortive_draws: frozenset[AbortiveDraw] = rule(frozenset(), members(AbortiveDraw))
    """Abortive draws in play (none in EMA)."""
    pao: frozenset[PaoYaku] = rule(
        frozenset({PaoYaku.DAISANGEN, PaoYaku.DAISUUSHII}), members(PaoYaku)
    )
    """Yakuman (members of :class:`PaoYaku`) for which the player who fed the last set is liable."""
    pao_scope: PaoScope = rule(PaoScope.WHOLE_HAND, member(PaoScope))
    """Whether liability covers the whole hand or only the yakuman that caused it."""
    pao_honba: PaoHonba = rule(PaoHonba.DISCARDER, member(PaoHonba))
    """Who pays the counters when a pao hand is won by ron from a third player."""
    ryanhan_shibari: int | None = rule(None, optional(int_in(0, 100), "never"))
    """From this many counters on, a hand needs two han of yaku to win; ``None`` = never."""

    # ---- scoring ----------------------------------------------------------------------------
    kuitan: bool = rule(False, boolean)
    """All Simples (tanyao) counts in an open hand."""
    kiriage: bool = rule(False, boolean)
    """Round 4 han 30 fu and 3 han 60 fu up to mangan."""
    kazoe_limit: KazoeLimit = rule(KazoeLimit.YAKUMAN, member(KazoeLimit))
    """What 13+ han without a real yakuman is worth."""
    double_yakuman: frozenset[DoubleYakuman] = rule(
        frozenset({DoubleYakuman.DAISUUSHII}), members(DoubleYakuman)
    )
    """Yakuman forms (members of :class:`DoubleYakuman`) that count double."""
    yakuman_stacking: bool = rule(False, boolean)
    """Different yakuman in one hand add up (e.g. Big Three Dragons + All Honours = double)."""
    renhou: Renhou = rule(Renhou.YAKUMAN, member(Renhou))
    """Value of Blessing of Man."""
    double_wind_pair_fu: int = rule(4, one_of(2, 4))
    """Fu for a pair that is both seat and round wind (2 or 4)."""
    open_pinfu_fu: int = rule(30, one_of(20, 30))
    """Fu of an open hand that counts no fu beyond the base 20 (won by ron)."""
    rinshan_tsumo_fu: bool = rule(True, boolean)
    """A win on a kan replacement tile gets the 2 fu for tsumo."""
    haitei_rinshan_combine: bool = rule(True, boolean)
    """A win on a replacement tile that is also the last tile counts both haitei and rinshan."""

    def __post_init__(self) -> None:
        # Every field is checked (dataclasses.replace builds through here too); an enum field
        # also takes its value's string, and a set field any collection, stored as the canonical
        # member or frozenset.
        problems: list[str] = []
        for name, check in _FIELD_CHECKS:
            value = getattr(self, name)
            try:
                checked = check(value)
            except Expected as allowed:
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
        >>> RuleSet().dora_of(0), RuleSet.preset("tenhou-3p").dora_of(0)  # 1m: 2m, or 9m (no 2m-8m)
        (1, 8)
        """
        if self.dora_is_indicator:
            return indicator
        if self.players == 3 and indicator == 0:
            return 8
        return dora_from_indicator(indicator)

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """The named preset (:mod:`riichi.rules.presets`); :class:`~riichi.errors.UnknownPresetError`
        (a ``ValueError``) for an unknown name, :class:`~riichi.errors.WrongTypeError` for a
        ``name`` that is no str.

        >>> RuleSet.preset("mleague").kiriage
        True
        >>> try:
        ...     RuleSet.preset("nope")
        ... except ValueError as error:
        ...     print(error)
        unknown rule preset 'nope'; known presets: ema, ema-2016, wrc, tenhou, tenhou-east, mahjongsoul, mleague, cardavia, 2p, 2p-match, tenhou-3p, tenhou-3p-east, mahjongsoul-3p, mahjongsoul-3p-east
        """
        from riichi.rules.presets import preset  # the presets are built from this class

        return preset(name)

    @classmethod
    def coerce(cls, rules: RuleSet | str) -> RuleSet:
        """A :class:`RuleSet` from a preset name or a :class:`RuleSet` (returned as is); anything
        else is a :class:`~riichi.errors.WrongTypeError`.

        >>> RuleSet.coerce("tenhou").name
        'tenhou'
        """
        if isinstance(rules, RuleSet):
            return rules
        if isinstance(rules, str):
            return cls.preset(rules)
        raise WrongTypeError(f"rules={quoted(rules)}: expected a preset name or a RuleSet")


def _table_problems(rules: RuleSet) -> list[str]:
    """What does not fit together among the fields that lay out the table and the wall."""
    problems = []
    players = rules.players
    if rules.winds < players or (players == 3 and rules.winds != 3):
        problems.append(
            f"winds={rules.winds} with players={players} (expected "
            + ("3: the three players sit East, South and West)" if players == 3
               else "at least one wind seat per player)")
        )
    deal = 13 * players + 1
    live = (108 if players == 3 else 136) - 14
    if not deal <= rules.live_wall <= live:
        problems.append(
            f"live_wall={rules.live_wall} with players={players} (expected {deal} to {live}: at "
            "least the deal and the dealer's first draw, at most the wall but its 14-tile dead wall)"
        )
    if rules.west_extension and rules.rounds == 4:
        problems.append("west_extension=True with rounds=4 (expected rounds 1 to 3: no wind round "
                        "follows North)")
    if rules.west_extension and rules.target_points is None:
        problems.append("west_extension=True with target_points=None (expected a target_points: "
                        "the extension is played when nobody has reached it)")
    after_deal = rules.live_wall - 13 * players
    if not problems and rules.riichi_min_wall_tiles > after_deal:
        problems.append(
            f"riichi_min_wall_tiles={rules.riichi_min_wall_tiles} with live_wall={rules.live_wall} "
            f"and players={players} (expected 0 to {after_deal}: the live wall holds {after_deal} "
            "tiles after the deal, so riichi could never be declared)"
        )
    payment = rules.tsumo_payment
    table_of = {TsumoPayment.NORTH_BISECTION: 3, TsumoPayment.ABSENT_TOO: 2, TsumoPayment.AS_RON: 2}
    if payment in table_of and players != table_of[payment]:
        problems.append(
            f"tsumo_payment={payment.value!r} with players={players} (expected 'shared'"
            + (" or 'north_bisection')" if players == 3 else ": a tsumo paid otherwise needs "
               f"{table_of[payment]} players)")
        )
    if rules.kita and players != 3:
        problems.append(f"kita=True with players={players} (expected False: only three players "
                        "set the North aside)")
    four = [d.value for d in (AbortiveDraw.FOUR_WINDS, AbortiveDraw.FOUR_RIICHI)
            if d in rules.abortive_draws]
    if four and players == 3:
        problems.append(f"abortive_draws with {', '.join(four)} and players=3 (expected neither: "
                        "they need four players)")
    # The noten payments are shared evenly by the one or more payers and the one or more paid.
    shares = math.lcm(*range(1, players))
    if rules.noten_total % shares:
        problems.append(
            f"noten_total={rules.noten_total} with players={players} (expected a multiple of "
            f"{shares}: the noten players share it evenly, as do the tenpai players)"
        )
    if any(rules.uma[players:]):
        places = "place 4" if players == 3 else f"places {players + 1}-4"
        problems.append(f"uma={rules.uma} with players={players} (expected 0 for {places}: a "
                        f"table of {players} has no such place)")
    # The final results (points less the return, plus uma and oka) of a table add up to zero.
    total = players * (rules.start_points - rules.return_points) + sum(rules.uma[:players]) + rules.oka
    if total:
        problems.append(
            f"start_points={rules.start_points}, return_points={rules.return_points}, oka="
            f"{rules.oka}, uma={rules.uma} with players={players}: the final results add up to "
            f"{total:+,} (expected 0: {players} x (start - return) + oka + the uma of places 1-"
            f"{players} = 0)"
        )
    return problems


_FIELD_CHECKS: tuple[tuple[str, Check], ...] = tuple(
    (f.name, check_of(f)) for f in dataclasses.fields(RuleSet)
)
"""Each field's name and check, in the order of the fields."""

RuleSet.__init__ = known_fields_only(  # type: ignore[method-assign]
    RuleSet.__init__, tuple(name for name, _ in _FIELD_CHECKS)
)
