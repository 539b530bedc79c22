"""The two-player presets (see :mod:`riichi.rules.presets`), house variants built on ``ema``."""

from __future__ import annotations

import dataclasses

from riichi.rules.ruleset import RuleSet
from riichi.rules.variants import *  # noqa: F403 - the presets choose among the variants
from riichi.rules.presets_4p import ema

__all__ = ["two_player", "two_player_match"]


def two_player() -> RuleSet:
    """Two players opposite each other, a house variant (no published rulebook): every call
    from the opponent, 32 stacks in play, a tsumo paid wholly by the opponent, noten 1,500, and
    the winds rotate after every exhaustive draw.

    Decided: no uma; otherwise as ``ema``.

    Source: none published (a house variant).
    """
    return dataclasses.replace(
        ema(),
        name="2p",
        players=2,
        uma=(0, 0, 0, 0),
        live_wall=64,
        tsumo_payment=TsumoPayment.ABSENT_TOO,
        noten_total=1_500,
        tenpai_renchan=False,
    )


def two_player_match() -> RuleSet:
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
        two_player(),
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
