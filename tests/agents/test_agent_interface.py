"""The agent interface and the random agent."""

from __future__ import annotations

from collections.abc import Sequence

import random

import pytest

from riichi.agents import Agent, RandomAgent
from riichi.errors import IllegalActionError, RiichiError
from riichi.game import Action, Discard, Game, Observation, play_game
from riichi.game.driver import Driver


def test_random_agent_is_an_agent_and_picks_legal_actions() -> None:
    agent = RandomAgent(1)
    assert isinstance(agent, Agent)
    state = Game("ema", seed=2).new_state()
    legal = state.legal_actions(0)
    picks = {agent.act(Observation(state, 0), legal) for _ in range(200)}
    assert picks <= set(legal) and len(picks) > 1


def test_random_agent_is_reproducible() -> None:
    state = Game("ema", seed=2).new_state()
    legal = state.legal_actions(0)
    a, b = RandomAgent(7), RandomAgent(7)
    obs = Observation(state, 0)
    assert [a.act(obs, legal) for _ in range(20)] == [b.act(obs, legal) for _ in range(20)]


@pytest.mark.parametrize("size", [1, 2, 3, 7, 8, 9, 14, 15, 16, 17, 40])
def test_random_agent_draws_what_randrange_draws(size: int) -> None:
    # its choices are random.Random(seed).randrange(len(legal)), drawn without randrange's costs
    state = Game("ema", seed=2).new_state()
    obs = Observation(state, 0)
    options = list(range(size))
    agent, reference = RandomAgent(size), random.Random(size)
    assert [agent.act(obs, options) for _ in range(500)] == [  # type: ignore[arg-type]
        reference.randrange(size) for _ in range(500)
    ]


def test_random_agent_refuses_an_empty_choice() -> None:
    state = Game("ema", seed=2).new_state()
    with pytest.raises(IllegalActionError, match="no legal action"):
        RandomAgent(1).act(Observation(state, 0), ())


def test_a_custom_agent_sees_observations() -> None:
    seen: list[int] = []

    class Lowest:
        def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
            seen.append(len(observation.hand))
            return legal_actions[0]

    result = play_game("cardavia", [Lowest() for _ in range(4)], seed=4)
    assert result.final_scores and seen and set(seen) <= {1, 2, 4, 5, 7, 8, 10, 11, 13, 14}


class _Answers:
    """An agent that answers ``answer(legal_actions)`` at every decision."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return self.answer(legal_actions)  # type: ignore[operator, no-any-return]


@pytest.mark.parametrize("answer", [
    lambda legal: None,
    lambda legal: "discard",
    lambda legal: Discard(1, legal[0].tile),
    lambda legal: legal,
], ids=["None", "str", "another seat's", "the whole tuple"])
def test_a_refused_answer_names_the_seat_and_what_it_could_do(answer: object) -> None:
    state = Game("tenhou", seed=2).new_state()
    driver = Driver(state, [_Answers(answer)] + [RandomAgent(s) for s in range(1, 4)])
    events = len(state.events)
    legal = state.legal(0)
    with pytest.raises(IllegalActionError) as refused:
        driver.advance()
    assert str(refused.value).startswith("seat 0's agent returned ")
    assert f"legal for seat 0: [{legal[0]!r}, {legal[1]!r}, " in str(refused.value)
    assert len(state.events) == events and state.legal(0) == legal  # the table is as it was


def test_an_error_an_agent_raises_is_raised_as_it_is_with_a_note_naming_its_seat() -> None:
    state = Game("tenhou", seed=2).new_state()
    driver = Driver(state, [RandomAgent(0), RandomAgent(1), _Answers(lambda legal: 1 / 0),
                            RandomAgent(3)])
    with pytest.raises(ZeroDivisionError) as raised:
        driver.advance()
    legal = state.legal(2)  # the table waits for seat 2's answer, as it did
    assert state.turn == 2 and legal
    assert raised.value.__notes__ == [
        f"raised by seat 2's agent (_Answers) deciding among: [{legal[0]!r}, {legal[1]!r}, "
        + ", ".join(repr(a) for a in legal[2:8]) + ", ...]"
    ]


def test_the_librarys_own_errors_an_agent_raises_carry_no_note() -> None:
    state = Game("tenhou", seed=2).new_state()
    with pytest.raises(IllegalActionError) as raised:
        Driver(state, [_Answers(lambda legal: RandomAgent(0).act(None, ()))]  # type: ignore[arg-type]
               + [RandomAgent(s) for s in range(1, 4)]).advance()
    assert not getattr(raised.value, "__notes__", None)


@pytest.mark.parametrize("seats", [
    lambda: [RandomAgent, RandomAgent(1), RandomAgent(2), RandomAgent(3)],
    lambda: [None, RandomAgent(1), RandomAgent, RandomAgent(3)],
], ids=["all agents", "a seat kept by the caller"])
def test_an_agent_class_instead_of_an_agent_is_refused_before_any_decision(seats: object) -> None:
    # it has an act(), which the table called unbound at its first decision: a bare TypeError
    agents = seats()  # type: ignore[operator]
    seat = agents.index(RandomAgent)
    with pytest.raises(RiichiError, match=fr"^agents\[{seat}\] is the class RandomAgent, not an "
                                          r"agent: expected an agent made from it"):
        if None in agents:
            Driver(Game("tenhou", seed=2).new_state(), agents)
        else:
            play_game("tenhou", agents, seed=2)


def test_a_driver_refuses_a_seat_that_is_no_agent() -> None:
    # the driver took it, and failed with an AttributeError at the seat's first decision
    with pytest.raises(RiichiError, match=r"^agents\[1\] is 'random', which has no act\(\) method"):
        Driver(Game("tenhou", seed=2).new_state(), [None, "random", None, None])  # type: ignore[list-item]
