"""A game definition and :func:`play_game`, which plays one whole game with agents.

Randomness: game ``i`` of a run seeded ``s`` takes its walls from
``numpy.random.SeedSequence(s, spawn_key=(i,))``; the ``k``-th hand's wall from that sequence's
``k``-th child (``spawn_key=(i, k)``). Any game (and any hand) can be replayed from ``(s, i)``,
whatever the number of workers. ``seed=None`` draws a seed from the operating system's entropy;
the result records it (:attr:`GameResult.seed`), so that game can be replayed too.

>>> from riichi.agents import RandomAgent
>>> r1 = play_game("ema", [RandomAgent(i) for i in range(4)], seed=5)
>>> r2 = play_game("ema", [RandomAgent(i) for i in range(4)], seed=5)
>>> r1.events == r2.events, sum(r1.final_scores)
(True, 120000)
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from riichi.errors import RiichiError, UnsupportedRuleError, WrongTypeError, named_count, quoted
from riichi.logs.events import Event, seen_by
from riichi.game.flow import Position, starting_scores
from riichi.game.agent import check_agent
from riichi.game.driver import Driver
from riichi.game.state import EventSink, GameState, HandOutcome
from riichi.game.wall import SeededWalls, Wall, seeded_wall
from riichi.rules import Nagashi, RuleSet

if TYPE_CHECKING:
    from riichi.game.agent import Agent

__all__ = ["Game", "GameResult", "play_game", "start_game", "end_game", "abort_game"]

# RuleSet values the engine does not play (no preset uses them), in one place: refused up front
# rather than played as something else.
_UNPLAYABLE: dict[str, tuple[frozenset[object], str]] = {
    "nagashi": (frozenset({Nagashi.WIN}), "nagashi mangan counted as a win"),
}


# Rules written for four seats (they count four players or pay three), not played by two.
_FOUR_SEATS_ONLY: dict[str, object] = {"nagashi": Nagashi.NONE, "abortive_draws": frozenset()}


def _check_playable(rules: RuleSet) -> None:
    for field, (values, meaning) in _UNPLAYABLE.items():
        value = getattr(rules, field)
        if value in values:
            raise UnsupportedRuleError(
                f"the game engine does not play {field}={value!r} ({meaning}) yet; "
                f"use a RuleSet with another {field}"
            )
    if rules.players == 2:
        for field, plain in _FOUR_SEATS_ONLY.items():
            value = getattr(rules, field)
            if value != plain:
                raise UnsupportedRuleError(
                    f"the game engine does not play {field}={value!r} with players=2 yet; "
                    f"use {field}={plain!r}"
                )


@dataclass(frozen=True, slots=True)
class Game:
    """An immutable game definition: the rules, and the seed and index that fix every wall.

    ``rules`` may be a preset name; it is stored as a :class:`RuleSet`. ``seed`` and
    ``game_index`` are ints >= 0; ``seed=None`` draws a seed from the operating system's entropy
    (stored in :attr:`seed`). Rule values the engine does not play raise
    :class:`~riichi.errors.UnsupportedRuleError` here.
    """

    rules: RuleSet
    seed: int = 0
    game_index: int = 0

    def __init__(
        self, rules: RuleSet | str = "ema", seed: int | None = 0, game_index: int = 0
    ) -> None:
        rules = RuleSet.coerce(rules)
        _check_playable(rules)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "seed", check_seed(seed))
        object.__setattr__(self, "game_index", named_count("game_index", game_index))

    def wall(self, hand: int) -> Wall:
        """The shuffled wall of the ``hand``-th hand (0-based) of this game."""
        return seeded_wall(self.seed, (self.game_index, hand), self.rules)

    def new_state(
        self,
        *,
        walls: Sequence[Wall | Sequence[int]] = (),
        position: Position | None = None,
        scores: Sequence[int] | None = None,
        record_events: bool = True,
        on_event: EventSink | None = None,
        shown_rules: RuleSet | None = None,
        table_points: int | None = None,
    ) -> GameState:
        """A fresh state at the first decision of the game.

        ``walls`` fixes the walls of the first hands (the later ones come from the seed);
        ``position`` and ``scores`` start the game from a given situation (round, dealer,
        counters, sticks on the table, points). The scores are checked as
        :func:`~riichi.game.flow.starting_scores` checks them: they add up, with 1,000 per stick
        on the table, to ``table_points``, by default the players times the rules'
        ``start_points`` (a record of a game begun with other points gives its own). Every event is kept in
        :attr:`GameState.events` unless ``record_events`` is false, and passed to ``on_event``
        if it is given. ``shown_rules`` is what the seats' observations show as the rules (by
        default a copy of :attr:`rules`, made for this state).
        """
        rules = self.rules
        check_walls_and_sink(walls, on_event)
        # validated up front, once: each hand plays on a copy (a wall's tiles never change)
        fixed = [Wall(w.yama if isinstance(w, Wall) else list(w), rules) for w in walls]

        seeded = SeededWalls(self.seed, self.game_index, rules)

        def source(hand: int) -> Wall:
            return fixed[hand].copy() if hand < len(fixed) else seeded(hand)

        start = _position(position, rules) if position is not None else Position()
        players = rules.players
        table = None if table_points is None else named_count("table_points", table_points)
        points = (starting_scores(scores, rules, start.sticks, table) if scores is not None
                  else [rules.start_points] * players)
        # without fixed walls, every hand's wall is the seed's: the table calls it at C level
        walls_of = source if fixed else seeded
        return GameState(
            self.rules, walls_of, start, points, record_events=record_events, on_event=on_event,
            shown_rules=shown_rules,
        )


def check_seed(seed: object) -> int:
    if seed is None:
        return int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
    try:
        return named_count("seed", seed)
    except RiichiError as error:  # of its class: a wrong type stays a WrongTypeError
        raise type(error)(f"{error}, or None for a seed from the operating system") from None


def _position(position: object, rules: RuleSet) -> Position:
    if not isinstance(position, Position):
        raise RiichiError(f"position={quoted(position)}: expected a riichi.game.Position")
    # The rounds a game of these rules plays: its full length, and one more under a West
    # extension (sudden death; RuleSet refuses one after North).
    rounds = rules.rounds + (1 if rules.west_extension else 0)
    if position.round_wind >= rounds:
        names = ", ".join(("East", "South", "West", "North")[:rounds])
        raise RiichiError(
            f"position.round_wind={position.round_wind}: expected 0-{rounds - 1} (the rules "
            f"{rules.name!r} play {names})"
        )
    last = rules.winds - 1
    if position.kyoku > last:
        raise RiichiError(
            f"position.kyoku={position.kyoku}: expected 0-{last} (the wind seat that is East)"
        )
    return position


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of :func:`play_game`: points at the end (leftover sticks settled), final
    results (points minus the return, plus uma and oka), ranks (1 = first), every event (empty
    when the game was played with ``record_events=False``) and the outcome of every hand; the
    rules, seed and game index it was played with (``play_game(result.rules, agents, result.seed,
    result.game_index)`` plays it again)."""

    final_scores: tuple[int, ...]
    results: tuple[int, ...]
    ranks: tuple[int, ...]
    events: tuple[Event, ...]
    hands: tuple[HandOutcome, ...]
    seed: int
    game_index: int
    rules: RuleSet


def play_game(
    rules: RuleSet | str,
    agents: Sequence[Agent],
    seed: int | None = None,
    game_index: int = 0,
    *,
    walls: Sequence[Wall | Sequence[int]] = (),
    position: Position | None = None,
    scores: Sequence[int] | None = None,
    record_events: bool = True,
    on_event: EventSink | None = None,
) -> GameResult:
    """Play one game with ``agents[seat]`` deciding for each seat (seat 0 is the first dealer;
    as many agents as the rules have players).

    An agent is given an :class:`~riichi.game.Observation` and the legal actions of its seat as
    a tuple. Every answer is checked: one that is not a legal action of the seat asked raises
    :class:`~riichi.errors.IllegalActionError` naming that seat. The walls come from ``seed``
    and ``game_index``; without a seed (``None``, the default) a fresh seed is drawn and recorded
    in the result (:attr:`GameResult.seed`), so a loop of calls plays new games, each of which
    ``play_game(rules, agents, result.seed, result.game_index)`` plays again. ``position`` and
    ``scores`` start the game from a situation, the scores checked as the simulator's ``--from``
    checks them (:func:`~riichi.game.flow.starting_scores`: range, multiples, the table's sum).
    ``record_events=False`` leaves :attr:`GameResult.events` empty (a simulation that does not
    read the log does not build it); ``on_event`` is called with every event as it happens.
    The agents' optional hooks (see :class:`~riichi.agents.Agent`) are called too: each agent's
    ``on_game_start`` before the first event, its ``on_event`` with every event as its seat sees
    it, its ``on_game_end`` with the result, or its ``on_game_abort`` with the exception when the
    game stops on one (any agent's, the interrupt included) before that is raised.

    Nothing an agent is given leads to the table: the observation shows this seat's view only,
    the legal actions, events, melds and positions cannot be changed, and the rules an agent
    sees (``on_game_start``, :attr:`Observation.rules`, the result of ``on_game_end``) are this
    game's own copy. An agent changes the game by its answers alone.
    """
    game = Game(rules, seed, game_index)
    check_agents(agents, game.rules.players)
    try:
        state = start_game(
            game, agents, walls=walls, position=position, scores=scores,
            record_events=record_events, on_event=on_event,
        )
        Driver(state, agents).advance()
    except BaseException as error:
        abort_game(agents, error)
        raise
    return end_game(state, game, agents)


def start_game(
    game: Game,
    agents: Sequence[Agent | None],
    *,
    walls: Sequence[Wall | Sequence[int]] = (),
    position: Position | None = None,
    scores: Sequence[int] | None = None,
    record_events: bool = True,
    on_event: EventSink | None = None,
) -> GameState:
    """A new state of ``game`` (see :meth:`Game.new_state`) for the ``agents`` seated at it
    (``None`` for a seat its caller decides): each agent's ``on_game_start`` is called, and its
    ``on_event`` is given every event as its seat sees it. The seats are shown their game's own
    copy of the rules. :func:`play_game` starts its games so; :mod:`riichi.env` too."""
    check_walls_and_sink(walls, on_event)  # before the agents hear of the game
    # The agents' own copy of the rules: the table's are shared with every game of the preset.
    shown = copy.copy(game.rules)
    for seat, agent in enumerate(agents):
        start = getattr(agent, "on_game_start", None) if agent is not None else None
        if start is not None:
            start(seat, shown)
    return game.new_state(
        walls=walls, position=position, scores=scores, record_events=record_events,
        on_event=_with_agent_hooks(agents, on_event), shown_rules=shown,
    )


def end_game(state: GameState, game: Game, agents: Sequence[Agent | None]) -> GameResult:
    """The result of ``game``, played to its end on ``state``; each agent's ``on_game_end`` is
    called with its own copy."""
    assert state.final_scores is not None and state.results is not None and state.ranks is not None
    result = GameResult(
        final_scores=state.final_scores,
        results=state.results,
        ranks=state.ranks,
        events=tuple(state.events),
        hands=tuple(state.outcomes),
        seed=game.seed,
        game_index=game.game_index,
        rules=game.rules,
    )
    ends = [end for agent in agents
            if agent is not None and (end := getattr(agent, "on_game_end", None)) is not None]
    if ends:
        # the agents' own copy: nothing in it is the caller's result or shared across games
        shown_result = copy.deepcopy(result)
        for end in ends:
            end(shown_result)
    return result


def abort_game(agents: Sequence[Agent | None], error: BaseException) -> None:
    """Call every agent's ``on_game_abort`` hook: the game stopped on ``error``. Each agent's
    hook is called even if another's fails (the game's error is the one that counts)."""
    for agent in agents:
        hook = getattr(agent, "on_game_abort", None) if agent is not None else None
        if hook is not None:
            try:
                hook(error)
            except Exception:  # noqa: BLE001 - the error that stopped the game is raised instead
                pass


def _with_agent_hooks(agents: Sequence[Agent | None], sink: EventSink | None) -> EventSink | None:
    """``sink`` extended to pass each event, as its seat sees it, to every agent's ``on_event``."""
    listeners = [
        (seat, hook)
        for seat, agent in enumerate(agents)
        if agent is not None and (hook := getattr(agent, "on_event", None)) is not None
    ]
    if not listeners:
        return sink

    def emit(event: Event) -> None:
        if sink is not None:
            sink(event)
        for seat, hook in listeners:
            seen = seen_by(event, seat)
            hook(seen if seen is not event else copy.copy(event))  # each agent its own

    return emit


def check_walls_and_sink(walls: object, on_event: object) -> None:
    """The ``walls`` and ``on_event`` given to start a game are of their types."""
    if isinstance(walls, (str, bytes)) or not isinstance(walls, Sequence):
        raise WrongTypeError(f"walls={quoted(walls)}: expected a sequence of walls (a Wall or "
                             "the 136-ids of one), one for each of the first hands")
    check_event_sink(on_event)


def check_event_sink(on_event: object, name: str = "on_event") -> None:
    """``on_event`` (or the callback ``name``) is None or callable: one that is not would fail
    only when the game calls it, in the middle of the game."""
    if on_event is not None and not callable(on_event):
        raise WrongTypeError(f"{name}={quoted(on_event)}: expected a function to call, or None")


def check_agents(agents: object, players: int) -> None:
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise RiichiError(f"agents={quoted(agents)}: expected a sequence of {players} agents")
    if len(agents) != players:
        raise RiichiError(f"expected {players} agents, got {len(agents)}")
    for seat, agent in enumerate(agents):
        check_agent(seat, agent)
