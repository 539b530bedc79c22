"""The interface between a game and a player: :class:`Agent`, what the table asks of a seat.

It lives with the table that calls it (as a game state defines what a bot is asked), so the game
names no module above it; :mod:`riichi.agents` re-exports it beside the players that implement it.

>>> from riichi.agents import RandomAgent
>>> isinstance(RandomAgent(0), Agent)
True

A player that keeps its own memory of the game (an external bot speaking mjai, a player that
tracks tells) defines any of the optional hooks; :func:`~riichi.game.play_game` calls those an
agent has and skips the rest:

>>> from riichi.game import play_game
>>> class Counter(RandomAgent):
...     def on_game_start(self, seat, rules):
...         self.seat, self.seen = seat, []
...     def on_event(self, event):
...         self.seen.append(event)
...     def on_game_end(self, result):
...         self.rank = result.ranks[self.seat]
>>> players = [Counter(s) for s in range(4)]
>>> result = play_game("cardavia", players, seed=1)
>>> players[2].seen[0].type, players[2].rank == result.ranks[2]
('start_game', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from riichi.errors import RiichiError, quoted
from riichi.game.actions import Action
from riichi.game.observation import Observation

__all__ = ["Agent", "check_agent"]


@runtime_checkable
class Agent(Protocol):
    """A player: given what its seat sees and the legal actions, it returns one of them.

    Only :meth:`act` is required. A game also calls these methods of an agent that has them:

    - ``on_game_start(seat: int, rules: RuleSet) -> None`` once, before the game's first event:
      the absolute seat this agent plays (0 is the first dealer) and the rules;
    - ``on_event(event: Event) -> None`` with every event of the game as this seat may see it
      (:func:`riichi.game.events.seen_by`: other seats' draws and starting hands are
      :data:`~riichi.game.events.HIDDEN`), in order, before the decision that follows it;
    - ``on_game_end(result: GameResult) -> None`` once, with the result of the game;
    - ``on_game_abort(error: BaseException) -> None`` instead, when the game stops on an exception
      (raised by any agent, the game or an interrupt): an agent holding a process or a file lets
      it go; the exception is raised after every agent's hook.
    """

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Choose one of ``legal_actions`` (never empty)."""
        ...


def check_agent(seat: int, agent: object) -> None:
    """Refuse (:class:`~riichi.errors.RiichiError`) what the table could not ask at ``seat``'s
    decisions: an object without an ``act`` method, or an agent class rather than an agent (whose
    ``act``, called unbound, would fail at the first decision)."""
    if isinstance(agent, type):
        raise RiichiError(
            f"agents[{seat}] is the class {agent.__name__}, not an agent: expected an agent made "
            f"from it ({agent.__name__}(...))"
        )
    if not callable(getattr(agent, "act", None)):
        raise RiichiError(
            f"agents[{seat}] is {quoted(agent)}, which has no act() method; an agent answers "
            "act(observation, legal_actions) with one of the legal actions (riichi.agents.Agent)"
        )
