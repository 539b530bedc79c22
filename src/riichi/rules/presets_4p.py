"""The four-player presets (see :mod:`riichi.rules.presets`): the published rules of the EMA,
the WRC, Tenhou, Mahjong Soul and M.League, and the one-hand game ``cardavia``; each function's
docstring says which rules it follows and where it decides a point they leave open.
"""

from __future__ import annotations

import dataclasses

from riichi.rules.ruleset import RuleSet
from riichi.rules.variants import *  # noqa: F403 - the presets choose among the variants

__all__ = ["ema", "ema_2016", "wrc", "tenhou", "mahjongsoul", "mleague", "cardavia"]


def ema() -> RuleSet:
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


def ema_2016() -> RuleSet:
    """The European Mahjong Association's Riichi Competition Rules, 2016 edition.

    As ``ema`` with the 2016 changes: uma +15/+5/-5/-15 thousand, no red fives, open tanyao,
    13 han or more is a sanbaiman, no double yakuman, renhou a mangan, temporary furiten ends at
    the player's own draw or claim, and a chombo costs 20,000 points after uma.

    Decided: kan dora and the scoring details the rulebook leaves open follow ``ema``.

    Source: the EMA's Rules for Japanese Mahjong, 2016 edition (mahjong-europe.org,
    Riichi-rules-2016-EN.pdf).
    """
    return dataclasses.replace(
        ema(),
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


def wrc() -> RuleSet:
    """The World Riichi Championship rules, 2022 edition.

    As the 2016 EMA rules with kiriage mangan, stacking yakuman, renhou a mangan added to the
    hand, head bump (only the first player after the discarder wins a ron), leftover riichi
    sticks lost, and a chombo costing 30,000 points.

    Decided where the rulebook is silent: kuikae forbidden; temporary furiten ends on the
    player's own draw or claim; a double-wind pair scores 4 fu; haitei and rinshan do not combine.

    Source: the WRC Rules, 2022 edition, and the WRC's optional rules of June 2022.
    """
    return dataclasses.replace(
        ema_2016(),
        name="wrc",
        kiriage=True,
        yakuman_stacking=True,
        renhou=Renhou.MANGAN_CUMULATIVE,
        multi_ron=MultiRon.HEAD_BUMP,
        leftover_sticks=LeftoverSticks.LOST,
        chombo_points=30_000,
    )


def tenhou() -> RuleSet:
    """Tenhou.net's ranked four-player game: East and South rounds with red fives and open
    tanyao (鳳南喰赤), as its published rules and its game records show it.

    25,000 points each, 30,000 returned, uma +20/+10/-10/-20 thousand; a West round when nobody
    reaches 30,000; the last dealer may stop when leading; a player below zero ends the game;
    double ron; every abortive draw; nagashi mangan paid as a draw payment; riichi needs 1,000
    points. A wait for a "5th tile" is tenpai, but not when "the 4 available tiles for said wait
    are included in your hand", which the rules of Tenhou's Meijinsen name as the hand that
    chooses the discard (打牌選択可能な手牌で4枚使用している牌を除く): a wait on the tiles of
    the seat's own kan counts (``karaten_counts``) for riichi and the noten payments, as
    riichi.wiki's Karaten page reports of Tenhou (12s44466688p beside a kan of 3s scored
    tenpai); four copies in the concealed hand make no wait.

    Decided where the published rules are silent: kuikae forbidden (the client offers no swap
    calls); haitei and rinshan do not combine; kan ura dora counted. Where the engine differs
    from Tenhou: Tenhou rounds the final results to the thousand, the engine keeps the points.

    Source: Tenhou's rules page (tenhou.net/man, as riichi.wiki's Tenhou.net rules translate it)
    and its Phoenix-room game records.
    """
    return dataclasses.replace(
        ema(),
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
        karaten_counts=True,
    )


def mahjongsoul() -> RuleSet:
    """Mahjong Soul's ranked four-player game, as its published rules give it.

    As ``tenhou`` with no oka (25,000 returned), triple ron, double yakuman, thirteen orphans
    robbing a concealed kan, and pao on the yakuman part of a hand; the last dealer does not
    stop on tenpai alone. A wait on the tiles of the seat's own kan is tenpai, as Tenhou's:
    riichi.wiki's Karaten page, "the same kind of case is allowable in Mahjong Soul".

    Decided: uma +15/+5/-5/-15 thousand (Mahjong Soul's rank points vary by room); kuikae
    forbidden; temporary furiten as Tenhou; no kiriage.

    Source: the rules text of Mahjong Soul's ranked rooms, in the game.
    """
    return dataclasses.replace(
        tenhou(),
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


def mleague() -> RuleSet:
    """The rules of M.League, Japan's professional mahjong league, as it publishes them.

    25,000 points each, 30,000 returned, uma +30/+10/-10/-30 thousand; open tanyao; kiriage
    mangan; 13 han or more is a sanbaiman, no double yakuman, stacking yakuman; no renhou; a
    double-wind pair scores 2 fu; head bump; pao for four kans too.

    Decided where the published rules are silent: leftover riichi sticks go to first place;
    temporary furiten as Tenhou; kan ura dora counted; rinshan tsumo fu as Tenhou.

    Source: M.League's official rules, as the league publishes them (m-league.jp).
    """
    return dataclasses.replace(
        ema(),
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


def cardavia() -> RuleSet:
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
        ema(),
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
