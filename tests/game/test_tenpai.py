"""One definition of tenpai at the table: the riichi offer, the riichi discards, the observation and
the exhaustive draw's tenpai seats agree, decision by decision, with each other and with the
auditor's brute-force waits (``tests/support/auditor.py``)."""

from __future__ import annotations

import random

import pytest

from riichi.game import Action, Discard, Game, GameState, Observation, Phase, Riichi
from riichi.game import events as ev
from riichi.game.player import Player, waits_mask
from tests.support.auditor import MixedAgent, waits

GAMES = 15


def _in_melds(p: Player) -> tuple[int, ...]:
    held = [0] * 34
    for meld in p.melds:
        for kind in meld.types:
            held[kind] += 1
    return tuple(held)


def _tenpai_after(p: Player, tile: int) -> tuple[bool, bool]:
    """Tenpai after discarding ``tile``: by the engine's Player (a copy) and by brute force."""
    after = p.copy()
    after.remove(tile)
    after.update_waits()
    return bool(after.waits_mask), bool(waits(tuple(after.counts), _in_melds(after)))


def _check_decision(state: GameState, counts: dict[str, int]) -> None:
    for seat, p in enumerate(state.players):
        if len(p.hand) % 3 == 1:
            brute = {t for t in range(34) if Observation(state, seat).waits >> t & 1}
            assert brute == set(waits(tuple(p.counts), _in_melds(p)))
            counts["observed waits"] += 1
    if state.phase is not Phase.TURN or state.drawn is None:
        return
    seat = state.turn
    p = state.players[seat]
    offered = {a.tile for a in state.legal_actions(seat) if isinstance(a, Riichi)}
    if p.riichi or not p.is_closed or state.wall.live_remaining < state.rules.riichi_min_wall_tiles:
        assert not offered
        return
    minimum = state.rules.riichi_min_points
    if minimum is not None and state.scores[seat] < minimum:
        assert not offered
        return
    engine_ready, brute_ready = set(), set()
    for tile in p.hand:
        by_engine, by_brute = _tenpai_after(p, tile)
        if by_engine:
            engine_ready.add(tile)
        if by_brute:
            brute_ready.add(tile)
    assert offered == engine_ready == brute_ready
    mask = p.tenpai_discards()
    assert {t for t in p.hand if mask >> (t >> 2) & 1} == offered
    counts["riichi decisions"] += 1
    counts["riichi offered"] += bool(offered)


def _tenpai_if_the_hand_ends(state: GameState, action: Action) -> tuple[int, ...]:
    """The tenpai seats if ``action`` ends the hand in an exhaustive draw: the observation's waits,
    and brute force (for a seat discarding, on its hand after the discard)."""
    tenpai = []
    for seat, p in enumerate(state.players):
        if len(p.hand) % 3 == 2:  # the seat to play: only its discard can end the hand
            if isinstance(action, (Discard, Riichi)):
                ready = _tenpai_after(p, action.tile)
                assert ready[0] == ready[1]
                if ready[0]:
                    tenpai.append(seat)
        elif Observation(state, seat).waits:
            assert waits(tuple(p.counts), _in_melds(p))
            tenpai.append(seat)
    return tuple(tenpai)


@pytest.mark.parametrize("preset", ["ema", "tenhou"])
def test_riichi_observation_and_noten_share_one_tenpai(preset: str) -> None:
    counts = {"observed waits": 0, "riichi decisions": 0, "riichi offered": 0, "draws": 0}
    for index in range(GAMES):
        rng = random.Random(index)
        agents = [MixedAgent(random.Random(rng.random())) for _ in range(4)]
        state = Game(preset, seed=99, game_index=index).new_state()
        while not state.is_over:
            _check_decision(state, counts)
            for seat in state.acting_seats:
                before = len(state.events)
                action = agents[seat].act(Observation(state, seat), state.legal_actions(seat))
                tenpai = _tenpai_if_the_hand_ends(state, action)
                state.apply(action)
                for e in state.events[before:]:
                    if isinstance(e, ev.Ryukyoku) and e.reason == "exhaustive":
                        assert e.tenpai == tenpai
                        counts["draws"] += 1
    assert all(counts.values()), counts


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-3p"])
def test_a_discard_leaves_the_waits_of_the_hand_it_leaves(preset: str) -> None:
    # A discard skips the search of its waits where the turn's decision found the hand neither
    # tenpai nor complete (Player.noten_turn): the waits it leaves must still be the hand's.
    skipped = searched = 0
    for index in range(GAMES):
        rng = random.Random(index)
        state = Game(preset, seed=5, game_index=index).new_state()
        agents = [MixedAgent(random.Random(rng.random())) for _ in range(state.seats)]
        while not state.is_over:
            for seat in state.acting_seats:
                action = agents[seat].act(Observation(state, seat), state.legal_actions(seat))
                p = state.players[seat]  # the hand discarded from, even if the discard ends it
                noten = p.noten_turn
                state.apply(action)
                if isinstance(action, (Discard, Riichi)):
                    assert p.waits_mask == waits_mask(p.counts, p.melds, len(p.kita))
                    skipped += noten
                    searched += not noten
    assert skipped and searched, (skipped, searched)

