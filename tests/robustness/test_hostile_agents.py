"""Agents that misbehave: they mutate what they receive, answer for other seats, return foreign
objects or raise. The game either goes on exactly as with well-behaved agents, or refuses the
answer with an IllegalActionError naming the seat whose agent returned it, the state unchanged."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from riichi import IllegalActionError, RiichiError
from riichi.agents import RandomAgent
from riichi.game import Game, GameState, Observation, play_game
from riichi.game.actions import Action, Chi, Discard, Pass, Riichi, Tsumo
from tests.support.game import forged


class AlwaysEqual:
    """Claims to equal everything, a legal action included."""

    seat = 0

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


class SlyInt(int):
    """An int that equals every int (a field that would slip past a plain comparison)."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


class FakeDiscard(Discard):
    """A Discard subclass: not one of the game's own actions."""


def foreign_answers(seat: int, legal: Sequence[Action], state: GameState) -> Iterator[object]:
    """Everything an agent of ``seat`` must not get away with at this decision."""
    other = (seat + 1) % 4
    yield from (None, "discard 5z", 42, AlwaysEqual(), legal, list(legal))
    yield from (Pass(other), Tsumo(other), Discard(other, 0))
    # Actions refuse such fields when made; these have them overwritten after.
    yield from (forged(Discard, -1, 0), forged(Discard, 4, 0), forged(Discard, seat, SlyInt(0)),
                forged(Discard, seat, 52.0), forged(Discard, seat, 2**70), forged(Discard, True, 0),
                forged(Chi, seat, (1, 2, 3)), forged(Riichi, seat, -5))
    first = legal[0]
    fields = {name: getattr(first, name) for name in first._fields}  # type: ignore[union-attr]
    yield FakeDiscard(seat, fields.get("tile", 0))
    for other_seat in state.acting_seats:  # another acting seat's own legal action
        if other_seat != seat:
            yield state.legal(other_seat)[0]


class Mutator:
    """Plays like RandomAgent(seed) but first tries to change what it was given."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomAgent(seed)

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        try:
            legal_actions.pop()  # type: ignore[attr-defined]
        except AttributeError:
            pass  # a tuple: nothing to pop
        seat = observation.seat
        choice = self.inner.act(observation, legal_actions)
        try:  # its own view object: read-only in the compiled build; the game never reads it back
            observation.seat = (seat + 1) % 4  # type: ignore[misc]
        except AttributeError:
            pass
        return choice


def test_mutating_agents_play_the_same_game_as_well_behaved_ones() -> None:
    control = play_game("ema", [RandomAgent(s) for s in range(4)], seed=11)
    mutated = play_game("ema", [Mutator(s) for s in range(4)], seed=11)
    assert mutated.events == control.events and mutated.final_scores == control.final_scores


@pytest.mark.parametrize("rules", ["ema", "tenhou"])
def test_every_foreign_answer_is_refused_naming_the_seat_and_changes_nothing(rules: str) -> None:
    control = play_game(rules, [RandomAgent(s) for s in range(4)], seed=5)
    agents = [RandomAgent(s) for s in range(4)]
    state = Game(rules, seed=5).new_state()
    refused = 0
    while not state.is_over:
        for seat in state.acting_seats:
            legal = state.legal(seat)
            before = state.snapshot()
            if refused < 3000:
                for answer in foreign_answers(seat, legal, state):
                    with pytest.raises(IllegalActionError, match=f"seat {seat}'s agent returned"):
                        state.apply(answer, seat=seat)  # type: ignore[arg-type]
                    assert state.snapshot() == before
                    refused += 1
            state.apply(agents[seat].act(Observation(state, seat), legal), seat=seat)
    # The refused answers left no trace: the game is the one well-behaved agents play.
    assert state.events == list(control.events) and state.final_scores == control.final_scores
    assert refused >= 3000


def test_an_agent_that_raises_stops_the_game_with_its_own_error() -> None:
    class Broken(RandomAgent):
        def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
            raise RuntimeError("agent bug")

    with pytest.raises(RuntimeError, match="agent bug"):
        play_game("ema", [RandomAgent(0), RandomAgent(1), Broken(2), RandomAgent(3)], seed=2)
    state = Game("ema", seed=2).new_state()
    before = state.snapshot()
    with pytest.raises(RuntimeError):
        state.apply(Broken(0).act(Observation(state, 0), state.legal(0)), seat=0)
    assert state.snapshot() == before


def test_an_agent_answering_for_another_seat_in_a_claim_is_refused() -> None:
    # Find a claim with two deciding seats; seat a answers with seat b's own legal action.
    state = Game("ema", seed=0).new_state()
    agents = [RandomAgent(s) for s in range(4)]
    while len(state.acting_seats) < 2:
        seat = state.acting_seats[0]
        state.apply(agents[seat].act(Observation(state, seat), state.legal(seat)), seat=seat)
    a, b = state.acting_seats[:2]
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match=f"seat {a}'s agent returned .*an action of seat {b}"):
        state.apply(state.legal(b)[-1], seat=a)
    assert state.snapshot() == before and state.legal(a) != ()


class Recorder:
    """Plays randomly and records the type of the legal actions it is given."""

    def __init__(self, seat: int) -> None:
        self.inner = RandomAgent(seat)
        self.kinds: set[type] = set()

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        self.kinds.add(type(legal_actions))
        return self.inner.act(observation, legal_actions)


def test_agents_get_an_immutable_tuple_and_lists_given_out_are_copies() -> None:
    agents = [Recorder(s) for s in range(4)]
    play_game("cardavia", agents, seed=4)
    assert set().union(*(a.kinds for a in agents)) == {tuple}
    state = Game("ema", seed=4).new_state()
    listed = state.legal_actions(0)
    chosen = listed.pop()
    listed.append(Pass(0))
    assert chosen in state.legal(0) and Pass(0) not in state.legal(0)
    state.apply(chosen, seat=0)  # still legal: the engine's own actions were not touched


def test_an_answer_for_another_seat_is_refused_naming_the_seat() -> None:
    class Impostor(RandomAgent):
        def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
            return Pass((observation.seat + 1) % 4)

    with pytest.raises(IllegalActionError, match="seat 1's agent returned Pass\\(seat=2\\)"):
        play_game("ema", [RandomAgent(0), Impostor(1), RandomAgent(2), RandomAgent(3)], seed=3)


def test_agents_without_act_are_refused_up_front_and_none_names_the_seat() -> None:
    with pytest.raises(RiichiError, match=r"agents\[0\] is 1, which has no act\(\) method"):
        play_game("ema", [1, 2, 3, 4], seed=0)  # type: ignore[list-item]

    class Silent:
        def act(self, observation: Observation, legal_actions: Sequence[Action]) -> None:
            return None

    with pytest.raises(IllegalActionError, match="seat 0's agent returned None"):
        play_game("ema", [Silent(), RandomAgent(1), RandomAgent(2), RandomAgent(3)])  # type: ignore[list-item]
