"""A game definition and :func:`play_game`, which plays one whole game with agents.

Randomness: game ``i`` of a run seeded ``s`` takes its walls from
``numpy.random.SeedSequence(s, spawn_key=(i,))``; the ``k``-th hand's wall from that sequence's
``k``-th child (``spawn_key=(i, k)``). Any game (and any hand) can be replayed from ``(s, i)``,
whatever the number of workers.

>>> from riichi.agents import RandomAgent
>>> r1 = play_game("ema", [RandomAgent(i) for i in range(4)], seed=5)
>>> r2 = play_game("ema", [RandomAgent(i) for i in range(4)], seed=5)
>>> r1.events == r2.events, sum(r1.final_scores)
(True, 120000)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from riichi.errors import RiichiError, UnsupportedRuleError
from riichi.logs.events import Event
from riichi.game.flow import Position
from riichi.game.observation import Observation
from riichi.game.state import EventSink, GameState, HandOutcome
from riichi.game.wall import Wall
from riichi.rules import Nagashi, RuleSet

if TYPE_CHECKING:  # agents sit above the game: only their interface is named here
    from riichi.agents.base import Agent

__all__ = ["Game", "GameResult", "play_game"]

# RuleSet values the scorer knows but the engine does not play yet (no preset uses them): refused
# up front rather than played as something else.
_UNPLAYABLE = {
    "karaten_counts": (True, "a wait on a tile the hand holds all four of counting as tenpai"),
    "nagashi": (Nagashi.WIN, "nagashi mangan counted as a win"),
}


def _check_playable(rules: RuleSet) -> None:
    for field, (value, meaning) in _UNPLAYABLE.items():
        if getattr(rules, field) == value:
            raise UnsupportedRuleError(
                f"the game engine does not play {field}={value!r} ({meaning}) yet; "
                f"use a RuleSet with another {field}"
            )


@dataclass(frozen=True, slots=True)
class Game:
    """An immutable game definition: the rules, and the seed and index that fix every wall.

    ``rules`` may be a preset name; it is stored as a :class:`RuleSet`.
    """

    rules: RuleSet
    seed: int = 0
    game_index: int = 0

    def __init__(self, rules: RuleSet | str = "ema", seed: int = 0, game_index: int = 0) -> None:
        rules = RuleSet.coerce(rules)
        _check_playable(rules)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "game_index", game_index)

    def wall(self, hand: int) -> Wall:
        """The shuffled wall of the ``hand``-th hand (0-based) of this game."""
        seq = np.random.SeedSequence(self.seed, spawn_key=(self.game_index, hand))
        return Wall.shuffled(np.random.default_rng(seq))

    def new_state(
        self,
        *,
        walls: Sequence[Wall | Sequence[int]] = (),
        position: Position | None = None,
        scores: Sequence[int] | None = None,
        record_events: bool = True,
        on_event: EventSink | None = None,
    ) -> GameState:
        """A fresh state at the first decision of the game.

        ``walls`` fixes the walls of the first hands (the later ones come from the seed);
        ``position`` and ``scores`` start the game from a given situation (round, dealer,
        counters, sticks on the table, points). Every event is kept in
        :attr:`GameState.events` unless ``record_events`` is false, and passed to ``on_event``
        if it is given.
        """
        fixed = [w.yama if isinstance(w, Wall) else list(w) for w in walls]
        for yama in fixed:
            Wall(yama)  # validate up front

        def source(hand: int) -> Wall:
            return Wall(fixed[hand]) if hand < len(fixed) else self.wall(hand)

        start = position if position is not None else Position()
        points = list(scores) if scores is not None else [self.rules.start_points] * 4
        if len(points) != 4:
            raise RiichiError(f"scores={points!r}: expected 4 values")
        return GameState(
            self.rules, source, start, points, record_events=record_events, on_event=on_event
        )


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of :func:`play_game`: points at the end (leftover sticks settled), final
    results (points minus the return, plus uma and oka), ranks (1 = first), every event (empty
    when the game was played with ``record_events=False``) and the outcome of every hand."""

    final_scores: tuple[int, ...]
    results: tuple[int, ...]
    ranks: tuple[int, ...]
    events: tuple[Event, ...]
    hands: tuple[HandOutcome, ...]


def play_game(
    rules: RuleSet | str,
    agents: Sequence[Agent],
    seed: int = 0,
    game_index: int = 0,
    *,
    walls: Sequence[Wall | Sequence[int]] = (),
    position: Position | None = None,
    scores: Sequence[int] | None = None,
    record_events: bool = True,
    on_event: EventSink | None = None,
) -> GameResult:
    """Play one game with ``agents[seat]`` deciding for each seat (seat 0 is the first dealer).

    Every action an agent returns is checked (:class:`~riichi.errors.IllegalActionError`).
    ``record_events=False`` leaves :attr:`GameResult.events` empty (a simulation that does not
    read the log does not build it); ``on_event`` is called with every event as it happens.
    """
    if len(agents) != 4:
        raise RiichiError(f"expected 4 agents, got {len(agents)}")
    state = Game(rules, seed, game_index).new_state(
        walls=walls, position=position, scores=scores, record_events=record_events,
        on_event=on_event,
    )
    while not state.is_over:
        for seat in state.acting_seats:
            legal = state.legal_actions(seat)
            state.apply(agents[seat].act(Observation(state, seat), legal))
    assert state.final_scores is not None and state.results is not None and state.ranks is not None
    return GameResult(
        final_scores=state.final_scores,
        results=state.results,
        ranks=state.ranks,
        events=tuple(state.events),
        hands=tuple(state.outcomes),
    )
