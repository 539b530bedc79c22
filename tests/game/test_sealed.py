"""An agent reaches nothing of the table but what its seat may see, and can change nothing but by
its answer: the observation is sealed, the shared actions, melds, pond entries and positions are
immutable, and the events and rules an agent is given are its game's own.

Sealed and immutable are properties of the compiled build (C fields, an observation holding no
Python reference to its table); the interpreted build, a reference for debugging, has Python
attributes that ``object.__setattr__`` reaches, so those tests are the compiled build's only.
"""

from __future__ import annotations

import copy
import dataclasses
import types
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from riichi.agents import RandomAgent
from riichi.game import Action, Game, GameResult, GameState, Observation, Wall, play_game
from riichi.game import events as ev
from riichi.game.player import Player
from riichi.rules import RuleSet

REWRITES_SHARED_ACTIONS = pytest.mark.compiled_only(
    reason="the interpreted build's shared actions can be rewritten, which would break the later "
    "tests of the process")

SKIPPED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
           types.MethodWrapperType, types.WrapperDescriptorType, types.MethodDescriptorType,
           types.GetSetDescriptorType, types.MemberDescriptorType, types.CodeType)
CONTAINERS = (tuple, list, set, frozenset, dict)
SCALARS = (int, float, str, bytes, bool, type(None), complex)


def reachable(*roots: object) -> Iterator[object]:
    """Every object reachable from ``roots`` by attributes (underscored or not, through bound
    methods' ``__self__``) and container elements; classes, modules and functions are not walked
    (from those any Python code reaches anything, by import)."""
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, SKIPPED):
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, SCALARS):
            continue
        if isinstance(obj, dict):
            todo.extend(obj.keys())
            todo.extend(obj.values())
            continue
        if isinstance(obj, CONTAINERS):
            todo.extend(obj)
            continue
        for name in dir(obj):
            try:
                with warnings.catch_warnings():  # the deprecated names are walked too
                    warnings.simplefilter("ignore", DeprecationWarning)
                    value = getattr(obj, name)
            except Exception:  # noqa: BLE001 - a property that does not apply now
                continue
            if isinstance(value, types.MethodType | types.BuiltinMethodType):
                value = getattr(value, "__self__", None)
            todo.append(value)


def table_objects(state: GameState) -> Iterator[object]:
    """The table's own mutable objects (and those that lead to them)."""
    yield state
    yield state.wall
    yield state.wall.yama
    yield from (state.players, state.scores, state.seen, state.claims, state.responses,
                state.events, state.kan_seats, state.pao, state.outcomes, state.stick_owners)
    for p in state.players:
        yield from (p, p.hand, p.counts, p.melds, p.discards)
    yield state.rules


class Walker(RandomAgent):
    """Plays like RandomAgent, and walks everything it is given at every decision."""

    def __init__(self, seed: int, state: list[GameState]) -> None:
        super().__init__(seed)
        self.found: list[str] = []
        self.table = state

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        table = {id(o): o for o in table_objects(self.table[0])}
        for obj in reachable(observation, legal_actions):
            if isinstance(obj, (GameState, Player, Wall)) or id(obj) in table:
                self.found.append(f"{type(obj).__name__} from seat {observation.seat}")
        return super().act(observation, legal_actions)


@pytest.mark.compiled_only(reason="the interpreted observation holds its table")
def test_nothing_reachable_from_an_observation_leads_to_the_table() -> None:
    game = Game("ema", seed=2)
    holder: list[GameState] = []
    walkers = [Walker(s, holder) for s in range(4)]
    state = game.new_state()
    holder.append(state)
    decisions = 0
    while not state.is_over and decisions < 300:
        for seat in state.acting_seats:
            state.apply(walkers[seat].act(Observation(state, seat), state.legal(seat)), seat=seat)
            decisions += 1
    assert decisions == 300
    assert [w.found for w in walkers] == [[], [], [], []]
    # the walk does reach what the seat may see: its own hand's tiles and the discards
    obs = Observation(state, state.acting_seats[0])
    objects = list(reachable(obs))
    assert obs.hand in objects and any(isinstance(o, ev.Event) is False and
                                       type(o).__name__ == "DiscardedTile" for o in objects)


def test_the_walker_finds_the_table_where_it_is_reachable() -> None:
    # the check can fail: the same walk from a state (as an unsealed view would hold) finds it
    state = Game("ema", seed=2).new_state()
    # the table's four seats and its wall (not the tileless layout the seeded walls are copied
    # from, which the interpreted build's walk reaches too)
    found = [o for o in reachable(state)
             if isinstance(o, Player) or (isinstance(o, Wall) and o.yama)]
    assert len(found) == 5


@pytest.mark.compiled_only(reason="object.__setattr__ rewrites the interpreted build's attributes")
def test_no_attribute_of_an_observation_can_be_set() -> None:
    state = Game("ema", seed=2).new_state()
    obs = Observation(state, 0)
    for name in ("seat", "rules", "position", "dora_indicators", "dora", "in_riichi", "seat_wind",
                 "_state", "_counts", "hand", "scores"):
        with pytest.raises((AttributeError, TypeError)):
            setattr(obs, name, None)
        with pytest.raises((AttributeError, TypeError)):
            object.__setattr__(obs, name, None)


def hostile_setattr(obj: object, name: str, value: object) -> bool:
    """Try ``object.__setattr__``; whether it took."""
    try:
        object.__setattr__(obj, name, value)
    except (AttributeError, TypeError):
        return False
    return True


class Vandal(RandomAgent):
    """Plays like RandomAgent(seed) after trying to change everything shared it is given."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.took: list[str] = []

    def on_game_start(self, seat: int, rules: RuleSet) -> None:
        if hostile_setattr(rules, "start_points", 1_000_000):
            self.took.append("on_game_start rules")

    def on_event(self, event: ev.Event) -> None:
        for name in [f.name for f in dataclasses.fields(event)][:1]:
            hostile_setattr(event, name, 0)  # its own copy when the table shares the event

    def on_game_end(self, result: GameResult) -> None:
        hostile_setattr(result.rules, "start_points", 1_000_000)
        for event in result.events:
            for name in [f.name for f in dataclasses.fields(event)][:1]:
                hostile_setattr(event, name, 0)

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        for action in legal_actions:
            for name in action._fields:  # type: ignore[union-attr]
                if hostile_setattr(action, name, 0):
                    self.took.append(f"action {name}")
        for meld in (m for seat in observation.melds for m in seat):
            if hostile_setattr(meld, "tiles", ()):
                self.took.append("meld")
        for tile in (d for seat in observation.discards for d in seat):
            if hostile_setattr(tile, "tile", 0):
                self.took.append("pond")
        if hostile_setattr(observation.position, "honba", 9):
            self.took.append("position")
        if hostile_setattr(observation.rules, "start_points", 1_000_000):
            self.took.append("observation rules")
        return super().act(observation, legal_actions)


def digest(result: GameResult) -> str:
    return repr((result.events, result.hands, result.final_scores))


@REWRITES_SHARED_ACTIONS
def test_a_hostile_agent_harms_no_later_game() -> None:
    preset = copy.copy(RuleSet.preset("ema"))
    control = [digest(play_game("ema", [RandomAgent(s) for s in range(4)], seed=3, game_index=i))
               for i in range(4)]
    vandals = [Vandal(s) for s in range(4)]
    play_game("ema", vandals, seed=3, game_index=0)
    later = [digest(play_game("ema", [RandomAgent(s) for s in range(4)], seed=3, game_index=i))
             for i in range(4)]
    assert later == control
    assert RuleSet.preset("ema") == preset
    # what an agent cannot change even in its own game: actions, melds, pond, position
    assert not [t for v in vandals for t in v.took if not t.endswith("rules")]


@REWRITES_SHARED_ACTIONS
def test_an_agents_changes_to_its_own_copies_leave_its_game_as_it_was() -> None:
    vandals = [Vandal(s) for s in range(4)]
    played = play_game("ema", vandals, seed=3, game_index=1)
    control = play_game("ema", [RandomAgent(s) for s in range(4)], seed=3, game_index=1)
    assert digest(played) == digest(control)


def test_an_agent_sees_its_games_own_copy_of_the_rules() -> None:
    seen: list[Any] = []

    class Keeper(RandomAgent):
        def on_game_start(self, seat: int, rules: RuleSet) -> None:
            seen.append(rules)

        def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
            seen.append(observation.rules)
            return super().act(observation, legal_actions)

    play_game("ema", [Keeper(s) for s in range(4)], seed=1)
    preset = RuleSet.preset("ema")
    assert all(r == preset and r is not preset for r in seen)
    assert copy.copy(preset) == preset
