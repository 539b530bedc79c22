"""The three-player presets (see :mod:`riichi.rules.presets`): Tenhou's and Mahjong Soul's
three-player games, built on ``tenhou``.
"""

from __future__ import annotations

import dataclasses

from riichi.rules.ruleset import RuleSet
from riichi.rules.variants import *  # noqa: F403 - the presets choose among the variants
from riichi.rules.presets_4p import tenhou

__all__ = ["tenhou_3p", "mahjongsoul_3p"]


def tenhou_3p() -> RuleSet:
    """Tenhou.net's ranked three-player game (三鳳南喰赤): East and South rounds with red fives and
    open tanyao, as its published rules and its game records show it.

    108 tiles (2m-8m removed; a 1m indicator shows 9m, 9m shows 1m), no chi, a North set aside
    as kita for one dora and a replacement draw (a call for ippatsu and the first go-around; not
    right after a pon; a ron on it is no chankan; a North kept is a guest wind), eight
    replacement tiles with the dora indicator on the fifth stack, 35,000 points each, 40,000
    returned, uma +20/0/-20 thousand (oka 15,000 to first place), a West round when nobody
    reaches 40,000; otherwise as ``tenhou``.

    Checked against two whole Houou games (17 hands, every payment): the wall is the 108 tiles
    shuffled by the game's seed, dealt and drawn as ``tenhou``'s 136 with the replacements at
    yama[1], [0], [3], [2], ... and the dora at yama[9]; a tsumo is paid by the
    two players present (tsumo loss: a non-dealer mangan 4,000 + 2,000, a dealer's 4,000 all);
    a counter pays 200 on a ron and 100 from each payer on a tsumo; the noten players pay 2,000
    in all (1,000 to each of two tenpai, or 1,000 each to one); kita count as dora in the
    records' dora line (here their own line, ``kita``). Where the engine differs from the records:
    Tenhou rounds the final results to the thousand (54.0 for 59,200 points), the engine keeps
    the points (54,200).

    A hand whose only wait is on tiles it holds all four of, some in its own kan or set aside as
    kita, is tenpai (``karaten_counts``), as ``tenhou`` has it and riichienv plays it.

    Decided: a ron on a North set aside keeps the winner's ippatsu: the kita stands as a call
    only once nobody wins on it, as a robbed kan never stands (riichi.wiki's Chankan page:
    ippatsu and chankan together, with a Tenhou game), and riichienv's three-player table gives
    Mahjong Soul's ippatsu there.

    Decided where no source says: the abortive draws that can happen with three players (nine
    terminals, four kans); nagashi mangan paid as a mangan tsumo with tsumo loss; no kita when
    the live wall is empty (a replacement moves its last tile, as for a kan); riichi with three
    tiles left in the live wall, the "one more draw" of Tenhou's rule for three players.

    Source: tenhou.net's rules as riichi.wiki gives them (Tenhou.net, three-player section, and
    its Sanma page) and mjstars.net's three-player ranking rules.
    """
    return dataclasses.replace(
        tenhou(),
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


def mahjongsoul_3p() -> RuleSet:
    """Mahjong Soul's three-player game, whose rules riichi.wiki's Mahjong Soul page (three-player
    section) gives as Tenhou's but where it says otherwise: ``tenhou-3p`` with Mahjong Soul's
    four-player differences (triple ron, double yakuman, thirteen orphans robbing a concealed
    kan, pao on the yakuman part, no stop on the last dealer's tenpai). The page names tsumo
    loss the default, north bisection an option of friendly rooms (``tsumo_payment``); a ron on
    a kita is not chankan; a North triplet is a guest wind; no four winds, no four riichi.

    Decided: 35,000 returned and no oka, uma +15/0/-15 thousand (Mahjong Soul's rank points
    vary by room), as ``mahjongsoul`` decides them; a ron on a kita keeps ippatsu, as
    ``tenhou-3p`` decides it (riichienv gives Mahjong Soul's ippatsu there).

    Source: Mahjong Soul's rules as riichi.wiki gives them (its Mahjong Soul page, three-player
    section).
    """
    return dataclasses.replace(
        tenhou_3p(),
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
