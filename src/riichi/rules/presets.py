"""The presets: named :class:`~riichi.rules.RuleSet` instances, each built by a function whose
docstring says, in plain words, which published rules it follows (the EMA and WRC rulebooks,
Tenhou, Mahjong Soul, M.League) and where it departs from them or had to decide a point the
published text leaves open (``Decided: ...``).

>>> preset("wrc").kiriage
True
>>> PRESET_NAMES[0]
'ema'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from riichi.errors import UnknownPresetError, quoted
from riichi.rules.ruleset import RuleSet
from riichi.rules.variants import *  # noqa: F403 - the presets choose among the variants

__all__ = ["PRESET_NAMES", "PRESETS", "preset"]


def _ema() -> RuleSet:
    """The European Mahjong Association's Riichi Competition Rules, 2012 edition: the default.

    Four players, East and South rounds, 30,000 points each, uma +30/+10/-10/-30 thousand and
    no oka; red fives; open tanyao not allowed; renhou and 13 han or more count as yakuman and
    Big Four Winds as a double yakuman; several players may ron the same tile.

    Where the 2012 text leaves a point open this preset decides it: a double-wind pair scores
    4 fu; no nagashi mangan and no two-han minimum; the discarder alone pays the counters of a
    multiple ron; leftover riichi sticks go to first place. A chombo never happens: the engine
    refuses an illegal action instead.

    Source: the EMA's Riichi Competition Rules, 2012 edition (mahjong-europe.org).
    """
    return RuleSet()


def _ema_2016() -> RuleSet:
    """The European Mahjong Association's Riichi Competition Rules, 2016 edition.

    As ``ema`` with the 2016 changes: uma +15/+5/-5/-15 thousand, no red fives, open tanyao,
    13 han or more is a sanbaiman, no double yakuman, renhou a mangan, temporary furiten ends at
    the player's own draw or claim, and a chombo costs 20,000 points after uma.

    Decided: kan dora and the scoring details the rulebook leaves open follow ``ema``.

    Source: the EMA's Rules for Japanese Mahjong, 2016 edition (mahjong-europe.org,
    Riichi-rules-2016-EN.pdf).
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

    Source: the WRC Rules, 2022 edition, and the WRC's optional rules of June 2022.
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

    Source: Tenhou's rules page (tenhou.net/man) and its Phoenix-room game records.
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

    Source: the rules text of Mahjong Soul's ranked rooms, in the game.
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

    Source: M.League's official rules, as the league publishes them (m-league.jp).
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
    sticks nobody won returned to their owners. Where the page's own text states a rule, it
    governs: temporary furiten lasts until the player's next draw (a call does not end it),
    concealed kans cannot be robbed (not even for thirteen orphans), and riichi needs at least
    1,000 points and four tiles left in the wall.

    Decided: no uma or oka (the hand is the whole game).

    Source: none published; the game's own rules card (the web game shows it in full).
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
        temp_furiten_clear=TempFuritenClear.OWN_DRAW,
        kokushi_chankan_ankan=False,
        riichi_min_points=1_000,
        riichi_min_wall_tiles=4,
    )


def _two_player() -> RuleSet:
    """Two players opposite each other, a house variant (no published rulebook): every call
    from the opponent, 32 stacks in play, a tsumo paid wholly by the opponent, noten 1,500, and
    the winds rotate after every exhaustive draw.

    Decided: no uma; otherwise as ``ema``.

    Source: none published (a house variant).
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

    Source: none published (a house variant).
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


def _tenhou_3p() -> RuleSet:
    """Tenhou.net's ranked three-player game (三鳳南喰赤): East and South rounds with red fives and
    open tanyao, as its published rules and its game records show it.

    108 tiles (2m-8m removed; a 1m indicator shows 9m, 9m shows 1m), no chi, a North set aside
    as kita for one dora and a replacement draw (a call for ippatsu and the first go-around; not
    right after a pon; a ron on it is no chankan; a North kept is a guest wind), eight
    replacement tiles with the dora indicator on the fifth stack, 35,000 points each, 40,000
    returned, uma +20/0/-20 thousand (oka 15,000 to first place), a West round when nobody
    reaches 40,000; otherwise as ``tenhou``. Sources: riichi.wiki's Tenhou.net rules
    (three-player section) and its Sanma page, mjstars.net's three-player ranking rules.

    Checked against two whole Houou games (17 hands, every payment): the wall is the 108 tiles
    shuffled by the game's seed, dealt and drawn as ``tenhou``'s 136 with the replacements at
    yama[1], [0], [3], [2], ... and the dora at yama[9]; a tsumo is paid by the
    two players present (tsumo loss: a non-dealer mangan 4,000 + 2,000, a dealer's 4,000 all);
    a counter pays 200 on a ron and 100 from each payer on a tsumo; the noten players pay 2,000
    in all (1,000 to each of two tenpai, or 1,000 each to one); kita count as dora in the
    records' dora line (here their own line, ``kita``). Where the engine differs from the records:
    Tenhou rounds the final results to the thousand (54.0 for 59,200 points), the engine keeps
    the points (54,200).

    Decided where no source says: the abortive draws that can happen with three players (nine
    terminals, four kans); nagashi mangan paid as a mangan tsumo with tsumo loss; no kita when
    the live wall is empty (a replacement moves its last tile, as for a kan); riichi with three
    tiles left in the live wall, the "one more draw" of Tenhou's rule for three players.
    """
    return dataclasses.replace(
        _tenhou(),
        name="tenhou-3p",
        players=3,
        winds=3,
        live_wall=94,
        replacement_tiles=8,
        chi=False,
        kita=True,
        start_points=35_000,
        return_points=40_000,
        oka=15_000,
        uma=(20_000, 0, -20_000, 0),
        target_points=40_000,
        honba_ron=200,
        noten_total=2_000,
        riichi_min_wall_tiles=3,
        abortive_draws=frozenset({AbortiveDraw.NINE_TERMINALS, AbortiveDraw.FOUR_KANS}),
    )


def _mahjongsoul_3p() -> RuleSet:
    """Mahjong Soul's three-player game, whose rules riichi.wiki's Mahjong Soul page (three-player
    section) gives as Tenhou's but where it says otherwise: ``tenhou-3p`` with Mahjong Soul's
    four-player differences (triple ron, double yakuman, thirteen orphans robbing a concealed
    kan, pao on the yakuman part, no stop on the last dealer's tenpai). The page names tsumo
    loss the default, north bisection an option of friendly rooms (``tsumo_payment``); a ron on
    a kita is not chankan; a North triplet is a guest wind; no four winds, no four riichi.

    Decided: 35,000 returned and no oka, uma +15/0/-15 thousand (Mahjong Soul's rank points
    vary by room), as ``mahjongsoul`` decides them.
    """
    return dataclasses.replace(
        _tenhou_3p(),
        name="mahjongsoul-3p",
        return_points=35_000,
        oka=0,
        uma=(15_000, 0, -15_000, 0),
        double_yakuman=DOUBLE_YAKUMAN_FORMS,
        kokushi_chankan_ankan=True,
        multi_ron=MultiRon.ALL,
        pao_scope=PaoScope.YAKUMAN_PART,
        tenpai_yame=False,
    )


def _east_game(hanchan: Callable[[], RuleSet], what: str) -> Callable[[], RuleSet]:
    """The preset of ``hanchan``'s game played in the East round alone (its name with
    ``-east``); ``what`` names the game."""

    def east() -> RuleSet:
        full = hanchan()
        return dataclasses.replace(full, name=f"{full.name}-east", rounds=1)

    east.__doc__ = (f"{what}: ``{hanchan().name}`` in the East round alone, going on into the "
                    "South round when nobody reaches the target points.")
    return east


PRESETS: dict[str, Callable[[], RuleSet]] = {
    "ema": _ema,
    "ema-2016": _ema_2016,
    "wrc": _wrc,
    "tenhou": _tenhou,
    "mahjongsoul": _mahjongsoul,
    "mleague": _mleague,
    "cardavia": _cardavia,
    "2p": _two_player,
    "2p-match": _two_player_match,
    "tenhou-3p": _tenhou_3p,
    "tenhou-3p-east": _east_game(
        _tenhou_3p, "Tenhou.net's ranked three-player East game (三鳳東喰赤)"
    ),
    "mahjongsoul-3p": _mahjongsoul_3p,
    "mahjongsoul-3p-east": _east_game(_mahjongsoul_3p, "Mahjong Soul's three-player East game"),
}

_PRESET_CACHE: dict[str, RuleSet] = {}

PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)
"""Names accepted by :meth:`RuleSet.preset`, the default (``ema``) first."""


def preset(name: str) -> RuleSet:
    """The preset called ``name`` (built and checked once, then shared: a rule set is immutable);
    :class:`~riichi.errors.UnknownPresetError` for a name that is not one."""
    rules = _PRESET_CACHE.get(name) if isinstance(name, str) else None
    if rules is None:
        factory = PRESETS.get(name)
        if factory is None:
            raise UnknownPresetError(
                f"unknown rule preset {quoted(name)}; known presets: {', '.join(PRESET_NAMES)}"
            )
        rules = _PRESET_CACHE[name] = factory()
    return rules
