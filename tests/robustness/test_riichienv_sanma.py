"""The table of three beside riichienv's three-player mode (``3p-red-single``), the same walls
dealt to both and the same random choices taken by both: every decision offers the same actions
and every hand pays the same, but for the rule differences ``docs/game.md`` gives ("Beside
riichienv"). ``bench/sanma_differential.py`` runs the same comparison over 1,000 hands and more.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import riichienv  # type: ignore[import-untyped]

from riichi.game import Game, Kita, Wall
from riichi.game.replay import replay
from riichi.logs import read
from riichi.rules import RuleSet
from tests.support.riichienv_sanma import DOCUMENTED, compare_hands, riichienv_wall

TENHOU_3P = RuleSet.preset("tenhou-3p")
GAME_DOC = Path(__file__).resolve().parents[2] / "docs" / "game.md"


def test_our_wall_deals_and_draws_the_same_tiles_at_riichienv() -> None:
    for seed in range(5):
        wall = Wall.shuffled(np.random.default_rng(seed), TENHOU_3P)
        env = riichienv.RiichiEnv(game_mode="3p-red-single", seed=0)
        env.reset(oya=seed % 3, wall=riichienv_wall(wall.yama), round_wind=0,
                  scores=[35_000] * 3, honba=0, kyotaku=0)
        hands = wall.deal(seed % 3)
        hands[seed % 3].append(wall.draw())
        assert [sorted(h) for h in env.hands] == [sorted(h) for h in hands]
        assert env.dora_indicators == wall.dora_indicators


def test_a_kita_draws_the_same_replacement_tile_at_both_tables() -> None:
    state = Game("tenhou-3p", seed=1).new_state()  # its dealer holds a North
    env = riichienv.RiichiEnv(game_mode="3p-red-single", seed=0)
    obs = env.reset(oya=0, wall=riichienv_wall(state.wall.yama), round_wind=0,
                    scores=[35_000] * 3, honba=0, kyotaku=0)
    ours = next(a for a in state.legal(0) if isinstance(a, Kita))
    theirs = next(a for a in obs[0].legal_actions()
                  if a.action_type == riichienv.ActionType.KITA and a.tile == ours.tile)
    state.apply(ours)
    env.step({0: theirs})
    assert state.drawn == env.drawn_tile and state.rinshan


@pytest.mark.parametrize(("preset", "hands"), [("tenhou-3p", 60), ("mahjongsoul-3p", 30)])
def test_random_hands_agree_with_riichienv_but_for_the_documented_differences(
    preset: str, hands: int
) -> None:
    tally = compare_hands(hands, seed=1, preset=preset)
    assert tally.hands == hands and tally.abandoned == 0, tally.lines()
    assert tally.decisions > 40 * hands and tally.agreements == tally.decisions, tally.lines()
    assert set(tally.differences) <= set(DOCUMENTED), tally.lines()
    payments = sum(n for kind, n in tally.differences.items() if "payments" in kind)
    assert tally.payments_agreed + payments == hands, tally.lines()
    assert set(tally.endings) >= {"exhaustive", "ron", "tsumo"}, tally.endings


def test_every_kind_of_difference_is_explained_in_the_docs() -> None:
    text = GAME_DOC.read_text(encoding="utf-8")
    for kind in DOCUMENTED:
        assert f"`{kind}`" in text, kind


def test_a_game_riichienv_played_and_recorded_replays_here() -> None:
    # its mjai log: a start_game naming no seat, "kita", its own names of the draws
    env = riichienv.RiichiEnv(game_mode="3p-red-half", seed=0, rule=riichienv.GameRule.default_tenhou())
    observations = env.reset()
    rng = np.random.default_rng(0)
    while not env.done():
        choices = {s: o.legal_actions() for s, o in observations.items() if o.legal_actions()}
        observations = env.step({s: legal[rng.integers(len(legal))] for s, legal in choices.items()})
    text = "\n".join(json.dumps(e) for e in env.mjai_log)
    assert '"type": "kita"' in text and '"exhaustive_draw"' in text
    record = read(text, format="mjai")
    assert len(record.names) == 3
    assert replay(record, rules="tenhou-3p").differences == ()
