"""The rollouts against a plain reference: every world played by players made afresh for each
action, on walls shuffled afresh for each hand, gives the numbers the rollouts give with their
copies of players and walls made once per world."""

from __future__ import annotations

import numpy as np

from riichi.agents import DefensiveAgent
from riichi.analyze.belief import beliefs, passed_tiles
from riichi.analyze.decision import candidates
from riichi.analyze.position import as_record, find_point
from riichi.analyze.rollout import Job, RolloutPlayer
from riichi.analyze.worlds import redeal
from riichi.game import play_game
from riichi.game.observation import Observation
from riichi.game.state import Phase
from riichi.game.wall import Wall
from riichi.simulate.players import seat_players


def reference(point, actions, seed: int, horizon: str, worlds: int, kind: str):
    """(hand point change, placement points) per world and action, played the plain way."""
    events = point.record.rounds[point.round].events[:point.local]
    seats = beliefs(point.state, point.seat, passed_tiles(events, 4))
    out = np.zeros((worlds, len(actions), 2))
    for world in range(worlds):
        deal, agent, wall = np.random.SeedSequence(seed, spawn_key=(world,)).spawn(3)
        base = point.state.clone()
        redeal(base, point.seat, np.random.default_rng(deal), worlds=kind, seats=seats)
        agent_seeds = [int(s) for s in agent.generate_state(4)]
        first = base.hand_number
        for column, action in enumerate(actions):
            state = base.clone()
            state.stop_recording()
            state.deal_later_hands_from(lambda hand: Wall.shuffled(np.random.default_rng(
                np.random.SeedSequence(wall.entropy, spawn_key=(*wall.spawn_key, hand - first))),
                point.rules))
            players = [DefensiveAgent(seed=s) for s in agent_seeds]
            hand = len(state.outcomes)
            state.apply(action, seat=point.seat)
            while state.phase is not Phase.OVER and (horizon == "game"
                                                      or len(state.outcomes) == hand):
                for s in (state.turn,) if state.phase is Phase.TURN else state.acting_seats:
                    state.apply(players[s].act(Observation(state, s), state.legal(s)), seat=s)
            out[world, column, 0] = state.outcomes[hand].deltas[point.seat]
            if state.results is not None:
                out[world, column, 1] = state.results[point.seat]
    return out


def test_rollouts_give_what_players_and_walls_made_afresh_give():
    record, rules = as_record(play_game("tenhou", [DefensiveAgent(s) for s in range(4)], seed=5))
    point = find_point(record, rules, "S1-4", seat=2)
    actions = candidates(point.legal, point.played)[:3]
    for horizon, kind in (("game", "belief"), ("hand", "uniform")):
        job = Job(record, rules, point.event, 2, actions, seat_players("defensive"), horizon, 9,
                  "test", kind)
        rows = RolloutPlayer(job).play(range(5))
        want = reference(point, actions, 9, horizon, 5, kind)
        assert rows.hand_delta.tolist() == want[:, :, 0].tolist()
        if horizon == "game":
            assert rows.points.tolist() == want[:, :, 1].tolist()
