"""What an agent can reach from what it is handed (docs/architecture.md, "What an agent can
reach"): a cheating agent tries every route towards the hidden tiles, and only the routes the docs
name as beyond an in-process guarantee lead anywhere; an observation cannot be pickled or copied,
made without a table it raises, and it is taken back when its decision is over."""

from __future__ import annotations

import copy
import gc
import pickle
import subprocess
import sys
import textwrap
from collections.abc import Sequence

import pytest

from riichi import _interpreted
from riichi.agents import EfficiencyAgent, RandomAgent
from riichi.errors import ExpiredObservationError, SealedError
from riichi.game import Action, Game, GameState, Observation, play_game
from tests.support.cheaters import ROUTES, CheatingAgent
from tests.support.paths import ROOT

INTERPRETED = _interpreted.requested()
# The routes docs/architecture.md names as open, in each build: the collector's scans of every
# object in the process always; in the interpreted build also a plain attribute of a Python
# object, the referents the collector walks and the frames of the table's Python code (and so
# the traceback of a game an agent stops: see the test of that route).
OPEN_ROUTES = (
    {"attributes", "referents", "frames", "referrers", "objects"} if INTERPRETED
    else {"referrers", "objects"}
)
DOCS = ROOT / "docs" / "architecture.md"


def cheat(preset: str, seed: int, **options: object) -> CheatingAgent:
    cheater = CheatingAgent(seed=seed, **options)  # type: ignore[arg-type]
    play_game(preset, [cheater, RandomAgent(1), EfficiencyAgent(2), RandomAgent(3)], seed=seed)
    return cheater


@pytest.mark.parametrize(("preset", "seed"), [("cardavia", 1), ("cardavia", 2), ("tenhou", 3)])
def test_only_the_documented_routes_lead_to_hidden_tiles(preset: str, seed: int) -> None:
    cheater = cheat(preset, seed)
    assert cheater.decisions >= 2
    assert {route for route, count in cheater.leaks.items() if count} == OPEN_ROUTES


def test_the_docs_name_every_open_route() -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## What an agent can reach"):]
    for name in ("gc.get_referrers", "gc.get_objects", "isolated"):
        assert name in section
    assert set(ROUTES) >= OPEN_ROUTES


def test_the_traceback_of_a_stopped_game_leads_nowhere() -> None:
    cheater = CheatingAgent(seed=4, fail_at=2)
    with pytest.raises(RuntimeError, match="cheating agent stops"):
        play_game("cardavia", [cheater, RandomAgent(1), RandomAgent(2), RandomAgent(3)], seed=4)
    assert cheater.leaks["traceback"] == INTERPRETED


@pytest.mark.parametrize("route", [copy.copy, copy.deepcopy, pickle.dumps])
def test_an_observation_cannot_be_copied_or_pickled(route: object) -> None:
    observation = Observation(Game("ema", seed=3).new_state(), 0)
    with pytest.raises(SealedError, match="cannot be pickled or copied"):
        route(observation)  # type: ignore[operator]
    with pytest.raises(SealedError):
        observation.__reduce_ex__(2)
    with pytest.raises(TypeError):  # what pickle's and copy's callers catch
        observation.__reduce__()


@pytest.mark.skipif(INTERPRETED, reason="a Python object's slots are the collector's to walk")
def test_the_collector_walks_nothing_from_an_observation() -> None:
    observation = Observation(Game("ema", seed=3).new_state(), 0)
    assert gc.get_referents(observation) == []
    assert not gc.is_tracked(observation)


def test_an_observation_made_without_a_table_raises_rather_than_crashing() -> None:
    # In its own process: on f4bd2d0 the compiled build died of SIGSEGV here.
    script = textwrap.dedent("""
        from riichi.errors import ExpiredObservationError
        from riichi.game import Observation
        blank = Observation.__new__(Observation)
        for read in (lambda: blank.hand, lambda: blank.counts, lambda: blank.riichi_or_melds(1),
                     lambda: blank.visible, lambda: blank.scores, lambda: blank.drawn,
                     lambda: blank.furiten, lambda: blank.genbutsu, lambda: blank.red_fives):
            try:
                read()
            except ExpiredObservationError:
                continue
            raise SystemExit("read without raising")
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert (done.returncode, done.stdout.strip()) == (0, "ok"), done.stderr


class Keeper(RandomAgent):
    """Keeps every observation it is handed, and what it read from each during its decision."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.kept: list[tuple[Observation, tuple[int, ...]]] = []

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        self.kept.append((observation, observation.hand))
        return super().act(observation, legal_actions)


def test_an_observation_is_taken_back_when_its_decision_is_over() -> None:
    keeper = Keeper(0)
    play_game("cardavia", [keeper, RandomAgent(1), RandomAgent(2), RandomAgent(3)], seed=5)
    assert len(keeper.kept) > 5
    for observation, hand in keeper.kept:
        assert len(hand) in (13, 14) or hand  # what was read stays the agent's
        assert observation.seat == 0  # the values read when it was made stay readable
        with pytest.raises(ExpiredObservationError, match="decision is over"):
            observation.hand


def test_observations_kept_by_agents_leave_no_table_uncollected() -> None:
    # The collector does not see an observation's state: no cycle may run through one after its
    # decision, or the tables of games whose observations an agent keeps would never be freed.
    def tables() -> int:
        gc.collect()
        return sum(type(o) is GameState for o in gc.get_objects())

    before = tables()
    keepers = [Keeper(seat) for seat in range(4)]
    for seed in range(20):
        play_game("cardavia", keepers, seed=seed)
    assert sum(len(k.kept) for k in keepers) > 100
    assert tables() == before
