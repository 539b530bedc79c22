"""What a player sees: the observation's counts, face-up tiles and genbutsu checked against a
recount from the table at every decision, and the agent hooks with each seat's filtered events."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from riichi.agents import DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.game import Action, Game, GameResult, GameState, Observation, events, play_game
from riichi.rules import RuleSet
from riichi.tiles import dora_from_indicator


def recount_visible(state: GameState) -> list[int]:
    seen = [0] * 34
    for p in state.players:
        for d in p.discards:
            if not d.claimed:
                seen[d.tile >> 2] += 1
        for m in p.melds:
            for t in m.tiles:
                seen[t >> 2] += 1
    for indicator in state.wall.dora_indicators:
        seen[indicator >> 2] += 1
    return seen


def recount_genbutsu(log: Sequence[events.Event], seat: int) -> int:
    """From the events of the current hand: the seat's discards, and every discard after its
    riichi was accepted."""
    mask = 0
    riichi = False
    for e in log:
        if isinstance(e, events.StartKyoku):
            mask, riichi = 0, False
        elif isinstance(e, events.ReachAccepted) and e.actor == seat:
            riichi = True
        elif isinstance(e, events.Dahai) and (e.actor == seat or riichi):
            mask |= 1 << (e.pai >> 2)
    return mask


@pytest.mark.parametrize("preset", ["ema", "tenhou"])
def test_views_match_a_recount_at_every_decision(preset: str) -> None:
    for index in range(3):
        state = Game(preset, seed=31, game_index=index).new_state()
        agents = [DefensiveAgent(seed=s) for s in range(4)]
        while not state.is_over:
            for seat in state.acting_seats:
                obs = Observation(state, seat)
                counts = [0] * 34
                for t in state.players[seat].hand:
                    counts[t >> 2] += 1
                assert list(obs.counts) == counts
                assert list(obs.visible) == recount_visible(state)
                assert all(c + v <= 4 for c, v in zip(obs.counts, obs.visible))
                assert obs.genbutsu == tuple(recount_genbutsu(state.events, s) for s in range(4))
                assert obs.dora == tuple(
                    dora_from_indicator(i >> 2) for i in state.wall.dora_indicators
                )
                assert obs.rules == state.rules and obs.rules is not state.rules  # its own copy
                assert obs.position == state.position
                assert obs.meld_counts == tuple(len(m) for m in obs.melds)
                assert obs.in_riichi == obs.riichi[seat]
                assert obs.red_fives == tuple(t for t in (16, 52, 88) if t in obs.hand)
                if obs.claimable is None:
                    assert obs.discarder is None
                else:
                    assert obs.discarder == state.discarder != seat
                state.apply(agents[seat].act(obs, state.legal_actions(seat)))


def test_clone_keeps_its_own_visible_counts() -> None:
    state = Game("ema", seed=2).new_state()
    copy = state.clone()
    copy.apply(copy.legal_actions(0)[0])
    assert bytes(state.seen) != bytes(copy.seen) and sum(state.seen) == 1
    assert state.snapshot() != copy.snapshot()


class Recorder(RandomAgent):
    """Keeps what the hooks tell it."""

    def on_game_start(self, seat: int, rules: RuleSet) -> None:
        self.seat, self.rules, self.seen, self.result = seat, rules, [], None

    def on_event(self, event: events.Event) -> None:
        self.seen.append(event)

    def on_game_end(self, result: GameResult) -> None:
        self.result = result

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        # every event up to the decision has arrived
        assert self.seen and not isinstance(self.seen[-1], events.EndGame)
        return super().act(observation, legal_actions)


def test_hooks_get_the_events_each_seat_may_see() -> None:
    players = [Recorder(s) for s in range(4)]
    outside: list[events.Event] = []
    result = play_game("tenhou", players, seed=4, on_event=outside.append)
    assert outside == list(result.events)
    for seat, p in enumerate(players):
        assert p.seat == seat and p.rules == RuleSet.preset("tenhou") and p.result == result
        assert p.seen == [events.seen_by(e, seat) for e in result.events]
        for e in p.seen:
            if isinstance(e, events.Draw):
                assert (e.pai == events.HIDDEN) == (e.actor != seat)
            elif isinstance(e, events.StartKyoku):
                for s, hand in enumerate(e.tehais):
                    assert (set(hand) == {events.HIDDEN}) == (s != seat) and len(hand) == 13
        hidden = [e for e in p.seen if isinstance(e, events.Draw) and e.pai == events.HIDDEN]
        assert hidden and hidden[0].to_mjai()["pai"] == "?"


def test_hooks_fire_with_record_events_off_and_agents_without_hooks_still_play() -> None:
    recorder = Recorder(0)
    result = play_game(
        "ema", [recorder, RandomAgent(1), EfficiencyAgent(), DefensiveAgent()], seed=6,
        record_events=False,
    )
    # the agent's own copy of the result, equal to what the caller gets
    assert result.events == () and recorder.result == result and recorder.result is not result
    assert isinstance(recorder.seen[0], events.StartGame)
    assert isinstance(recorder.seen[-1], events.EndGame)
