"""Python agents in a process of their own (:class:`riichi.agents.IsolatedAgent`): the same games
as in the table's process, the hooks told what the seat sees, a cheating agent that finds nothing,
and every way the process can fail a clear error naming the agent and the seat."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import pytest

from riichi.agents import (
    DefensiveAgent, EfficiencyAgent, IsolatedAgent, IsolatedAgentError, RandomAgent,
)
from riichi.agents.isolated import (
    action_from_plain, action_to_plain, event_from_plain, event_to_plain,
)
from riichi.errors import IllegalActionError, RiichiError
from riichi.game import events as ev
from riichi.game import Game, play_game
from riichi.game.actions import Ankan, Chi, Daiminkan, Kakan, NineTerminals, Pass, Pon, Ron
from riichi.rules import RuleSet
from tests.support import cheaters
from tests.support.paths import ROOT

def _isolated(spec: str, *args: object, **kwargs: object) -> IsolatedAgent:
    return IsolatedAgent(spec, *args, python_path=[str(ROOT)], **kwargs)  # type: ignore[arg-type]


# the built-in players, as a spec and arguments for the process and made here
BUILTIN = [("riichi.agents:EfficiencyAgent", (0,)), ("riichi.agents:DefensiveAgent", (1,)),
           ("riichi.agents:RandomAgent", (2,)), ("riichi.agents:EfficiencyAgent", ())]


@pytest.mark.parametrize(("preset", "games"), [("cardavia", 3), ("tenhou", 1)])
def test_isolated_builtin_players_play_the_same_games(preset: str, games: int) -> None:
    isolated = [IsolatedAgent(spec, *args) for spec, args in BUILTIN]
    in_process = [EfficiencyAgent(0), DefensiveAgent(1), RandomAgent(2), EfficiencyAgent()]
    try:
        for game in range(games):
            apart = play_game(preset, isolated, seed=11, game_index=game)
            together = play_game(preset, in_process, seed=11, game_index=game)
            assert apart.events == together.events
            assert apart.final_scores == together.final_scores
    finally:
        for agent in isolated:
            agent.close()


def test_events_and_actions_travel_as_json_unchanged() -> None:
    kinds = set()
    for game in range(3):
        result = play_game("tenhou", [EfficiencyAgent(s) for s in range(4)], seed=game)
        for event in result.events:
            kinds.add(event.type)
            seen = ev.seen_by(event, 0)
            assert event_from_plain(json.loads(json.dumps(event_to_plain(seen)))) == seen
    assert {"start_kyoku", "tsumo", "dahai", "pon", "reach", "hora", "end_game"} <= kinds
    state = Game("tenhou", seed=1).new_state()
    for action in [*state.legal(0), Chi(1, (8, 12)), Pon(2, (0, 1)), Ankan(0, 27), Kakan(0, 4),
                   Daiminkan(3), Ron(1), Pass(2), NineTerminals(0)]:
        plain = json.loads(json.dumps(action_to_plain(action)))
        assert action_from_plain(plain, action.seat) == action


def test_the_hooks_are_told_what_the_seat_sees(tmp_path: Path) -> None:
    report = tmp_path / "told.json"
    agent = _isolated("tests.support.isolated_agents:RecordingAgent", 5, str(report))
    with agent:
        result = play_game("cardavia", [RandomAgent(0), agent, RandomAgent(2), RandomAgent(3)],
                           seed=3)
    told = json.loads(report.read_text())
    expected = [repr(ev.seen_by(e, 1)) for e in result.events]
    assert told["seat"] == 1 and told["rules"] == "cardavia"
    assert told["events"] == expected == told["result_events"]
    assert any("pai=-1" in e for e in expected)  # other seats' draws arrive hidden
    assert told["rank"] == result.ranks[1]
    assert told["seed"] == -1  # withheld: a run's seed gives the walls of its other games


def test_an_abort_is_told_by_its_kind_alone(tmp_path: Path) -> None:
    # another seat's error may show what this seat may not see: only its kind is told
    report = tmp_path / "told.json"
    agent = _isolated("tests.support.isolated_agents:RecordingAgent", 5, str(report))

    class Raising(RandomAgent):
        def act(self, observation: object, legal_actions: object) -> object:
            raise ValueError(f"my hand is {observation.hand}")  # type: ignore[attr-defined]

    with pytest.raises(ValueError, match="my hand is"):
        play_game("cardavia", [agent, Raising(1), RandomAgent(2), RandomAgent(3)], seed=3)
    assert agent._bot is None
    assert json.loads(report.read_text())["abort"] == "the game stopped on a ValueError"


def test_a_cheating_agent_in_its_own_process_finds_nothing(tmp_path: Path) -> None:
    report = tmp_path / "leaks.json"
    searches = 3
    cheater = _isolated("tests.support.cheaters:CheatingAgent", 7, report=str(report), searches=searches)
    with cheater:
        play_game("cardavia", [RandomAgent(0), RandomAgent(1), cheater, RandomAgent(3)], seed=2)
    found = json.loads(report.read_text())
    assert found["decisions"] > searches
    assert found["leaks"] == dict.fromkeys(cheaters.ROUTES, 0)


def test_an_agent_that_raises_is_named_with_its_seat_and_its_error() -> None:
    agent = _isolated("tests.support.isolated_agents:FailingAgent", "raise", 2)
    with pytest.raises(IsolatedAgentError,
                       match=r"isolated agent 'tests.support.isolated_agents:FailingAgent' \(seat 3\) failed at "
                             r"its decision: 'ValueError in act: this agent gives up'"):
        play_game("cardavia", [RandomAgent(s) for s in range(3)] + [agent], seed=1)
    assert agent._bot is None  # ended with the game


def test_a_process_that_exits_is_an_error_with_its_exit_code_and_stderr() -> None:
    agent = _isolated("tests.support.isolated_agents:FailingAgent", "exit")
    with pytest.raises(IsolatedAgentError,
                       match=r"\(seat 0\) exited instead of answering its decision \(exit code 3\); "
                             r"its stderr ends: leaving now"):
        play_game("cardavia", [agent] + [RandomAgent(s) for s in range(3)], seed=1)


def test_a_process_that_hangs_is_an_error_within_the_timeout() -> None:
    agent = _isolated("tests.support.isolated_agents:FailingAgent", "hang", timeout=1.0)
    agent.on_game_start(0, RuleSet.preset("cardavia"))  # starts the process
    bot = agent._bot
    assert bot is not None
    with pytest.raises(IsolatedAgentError, match=r"\(seat 0\) did not answer its decision within 1 s"):
        play_game("cardavia", [agent] + [RandomAgent(s) for s in range(3)], seed=1)
    assert bot.process.poll() is not None  # the hanging process was ended


@pytest.mark.parametrize("line", ["99", "-1", "true", '"0"', '{"index": 0}', "[0]"])
def test_an_answer_that_is_not_a_legal_index_is_an_illegal_action(line: str) -> None:
    # the agent writes to the table's answer pipe itself, before the runner answers
    agent = _isolated("tests.support.isolated_agents:FailingAgent", "forge", 1, line)
    with pytest.raises(IllegalActionError,
                       match=r"isolated agent 'tests.support.isolated_agents:FailingAgent' \(seat 0\) answered "
                             r".*expected the index of a legal action \(0-13\); legal: seat 0: discard"):
        play_game("cardavia", [agent] + [RandomAgent(s) for s in range(3)], seed=1)


def test_an_answer_that_is_not_json_or_too_long_is_an_error() -> None:
    for line, message in (("not json", "not JSON"), ("7" * 300_000, "a line of more than")):
        agent = _isolated("tests.support.isolated_agents:FailingAgent", "forge", 1, line)
        with pytest.raises(IsolatedAgentError, match=message):
            play_game("cardavia", [agent] + [RandomAgent(s) for s in range(3)], seed=1)


def test_an_action_nobody_listed_is_an_illegal_action() -> None:
    agent = _isolated("tests.support.isolated_agents:FailingAgent", "stray")
    with pytest.raises(IllegalActionError,
                       match=r"\(seat 1\) returned \"'discard everything'\", which is not one of "
                             r"the legal actions"):
        play_game("cardavia", [RandomAgent(0), agent, RandomAgent(2), RandomAgent(3)], seed=1)


def test_a_print_is_no_answer_and_an_agent_without_hooks_plays() -> None:
    printing = _isolated("tests.support.isolated_agents:FailingAgent", "print", 1)
    plain = _isolated("tests.support.isolated_agents:HooklessAgent")
    with printing, plain:
        result = play_game("cardavia", [printing, plain, RandomAgent(2), RandomAgent(3)], seed=4)
    assert sum(result.final_scores) == 4 * result.rules.start_points


def test_the_process_and_its_agent_live_across_games() -> None:
    # a RandomAgent's generator runs on across games, in its process as in the table's
    agent = IsolatedAgent("riichi.agents:RandomAgent", 9)
    local = RandomAgent(9)
    others = [RandomAgent(s) for s in range(3)]
    with agent:
        apart = [play_game("cardavia", [agent, *others], seed=5, game_index=g).events
                 for g in range(2)]
        pid = agent._bot.process.pid if agent._bot is not None else None
    others = [RandomAgent(s) for s in range(3)]
    together = [play_game("cardavia", [local, *others], seed=5, game_index=g).events
                for g in range(2)]
    assert apart == together
    assert pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # closed: the process is gone


def test_bad_settings_are_refused_when_the_agent_is_made() -> None:
    with pytest.raises(IsolatedAgentError, match="expected 'package.module:Class'"):
        IsolatedAgent("riichi.agents.EfficiencyAgent")
    with pytest.raises(IsolatedAgentError, match="must be JSON values"):
        IsolatedAgent("riichi.agents:EfficiencyAgent", object())
    with pytest.raises(IsolatedAgentError, match=r"timeout=0: expected a positive number"):
        IsolatedAgent("riichi.agents:EfficiencyAgent", timeout=0)
    # infinity was taken, and was an OverflowError when a send waited on a full pipe
    with pytest.raises(IsolatedAgentError, match=r"timeout=inf: expected a positive number"):
        IsolatedAgent("riichi.agents:EfficiencyAgent", timeout=float("inf"))
    for path in ("tests", 5, [None]):
        with pytest.raises(IsolatedAgentError, match="python_path=.*expected a sequence of folder"):
            IsolatedAgent("riichi.agents:EfficiencyAgent", python_path=path)  # type: ignore[arg-type]
    assert issubclass(IsolatedAgentError, RiichiError)


def test_an_agent_that_cannot_be_made_is_an_error_at_the_first_game() -> None:
    agent = IsolatedAgent("no_such_module:Agent")
    with pytest.raises(IsolatedAgentError,
                       match=r"\(seat 2\) failed at the start of the agent: \"ModuleNotFoundError "
                             r"in its construction: No module named 'no_such_module'\""):
        play_game("cardavia", [RandomAgent(0), RandomAgent(1), agent, RandomAgent(3)], seed=1)


def test_an_unstarted_agent_pickles() -> None:
    agent = IsolatedAgent("riichi.agents:EfficiencyAgent", 3, timeout=4.0)
    copy = pickle.loads(pickle.dumps(agent))
    assert (copy.spec, copy.args, copy.timeout) == ("riichi.agents:EfficiencyAgent", (3,), 4.0)
