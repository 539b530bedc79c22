"""A seat's view as plain data (:mod:`riichi.game.seat_view`): the state built from it shows the
seat what the table showed, property for property, at every decision, and holds nothing else."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from riichi.agents import DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.game import Game
from riichi.game import observation as observation_module
from riichi.game.observation import Observation
from riichi.game.seat_view import state_from_view, view_of
from riichi.rules import PRESET_NAMES, RuleSet
from riichi.rules.files import rules_from_dict, rules_to_dict
from tests.support.hands import scaled

GAMES = {"cardavia": scaled(12), "ema": scaled(3), "tenhou": scaled(3), "2p": scaled(3),
         "mahjongsoul": scaled(2), "tenhou-3p": scaled(3)}
# The readers observation.pxd declares `cdef` are C calls of the compiled build, out of an agent's
# reach there; run interpreted (RIICHI_PURE_PYTHON=1) they are plain methods, lend and take_back
# among them, which a comparison must neither call nor count as something the seat is shown.
_C_LEVEL = set(re.findall(r"^\s+cdef\s[^(\n]*?(\w+)\(self",
                          Path(observation_module.__file__).with_name("observation.pxd")
                          .read_text(), re.MULTILINE))
PROPERTIES = sorted(name for name in dir(Observation)
                    if not name.startswith("_") and name not in _C_LEVEL)


def _shown(observation: Observation) -> dict[str, object]:
    """Every public property of ``observation``; a method is called with each argument it takes
    (riichi_or_melds: 0 to 5 melds)."""
    out: dict[str, object] = {}
    for name in PROPERTIES:
        value = getattr(observation, name)
        out[name] = [value(k) for k in range(6)] if callable(value) else value
    return out


def test_the_properties_are_read() -> None:
    assert {"lend", "take_back", "drawn_tile", "pond"} <= _C_LEVEL  # the .pxd was read
    # the comparison below covers what an agent reads: the hand and the table around it
    assert {"hand", "counts", "melds", "discards", "genbutsu", "furiten", "waits", "drawn",
            "claimable", "discarder", "visible", "wall_remaining", "riichi_or_melds",
            "kita"} <= set(PROPERTIES)


@pytest.mark.parametrize("preset", sorted(GAMES))
def test_a_state_from_the_view_shows_every_property_the_table_shows(preset: str) -> None:
    decisions = 0
    for seed in range(GAMES[preset]):
        game = Game(preset, seed=seed)
        state = game.new_state()
        players = game.rules.players
        agents = [(EfficiencyAgent, RandomAgent, DefensiveAgent, EfficiencyAgent)[s](seed + s)
                  for s in range(players)]
        while not state.is_over:
            for seat in state.acting_seats:
                observation = Observation(state, seat)
                view = json.loads(json.dumps(view_of(observation)))  # plain data, as sent
                built = state_from_view(view, state.shown_rules)
                assert _shown(Observation(built, seat)) == _shown(observation)
                # and nothing else: no other seat's concealed tile, no tile of the wall
                assert [len(p.hand) for p in built.players] == [
                    len(observation.hand) if s == seat else 0 for s in range(players)]
                assert built.wall.yama == []
                decisions += 1
                state.apply(agents[seat].act(observation, state.legal(seat)), seat=seat)
    assert decisions > 20 * GAMES[preset]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_rules_travel_as_data(preset: str) -> None:
    rules = RuleSet.preset(preset)
    assert rules_from_dict(json.loads(json.dumps(rules_to_dict(rules)))) == rules
