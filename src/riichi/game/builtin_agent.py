"""The base of the built-in players: agents whose decision the compiled table calls at C level.

:class:`BuiltinAgent` is an extension type in the compiled build (``builtin_agent.pxd``): the table
sees that an agent is one, and calls its :meth:`~BuiltinAgent.act` through C rather than through a
Python method lookup and call. Nothing else changes: any object with ``act(observation,
legal_actions)`` plays at the table as before (:class:`riichi.agents.Agent`), and a Python
subclass of a built-in player may override ``act`` (the table then calls the override).

>>> from riichi.agents import RandomAgent
>>> isinstance(RandomAgent(0), BuiltinAgent)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from riichi.errors import RiichiError
from riichi.game.actions import Action
from riichi.game.legality import listed_text
from riichi.game.observation import Observation

__all__ = ["BuiltinAgent"]


class BuiltinAgent:
    """An agent the table calls at C level; subclasses define :meth:`act`, and their constructors
    take ``seed`` (the simulator passes each player its own; an extension type's constructor has
    no signature it could read)."""

    __slots__ = ()

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Choose one of ``legal_actions``."""
        raise RiichiError(f"{type(self).__name__} is a BuiltinAgent without an act() of its own")


def decide(agent: object, observation: Observation, legal: tuple[Action, ...]) -> Action:
    """``agent``'s answer at this decision: through C for a built-in one. The observation is
    taken back when the agent has answered (or raised): it was lent for this decision only.

    An error the agent raises that is not the library's own (those say what was wrong) is raised
    as it is, with a note naming the seat, the agent and the legal actions it was deciding among.
    """
    try:
        if isinstance(agent, BuiltinAgent):
            builtin = agent
            return builtin.act(observation, legal)
        return agent.act(observation, legal)  # type: ignore[attr-defined, no-any-return]
    except Exception as error:
        if not isinstance(error, RiichiError):
            error.add_note(_raised_note(agent, observation.seat, legal))
        raise
    finally:
        observation.take_back()


def _raised_note(agent: object, seat: int, legal: tuple[Action, ...]) -> str:
    """The note on an error an agent raised: whose agent, and what it was deciding among."""
    among = listed_text(legal)
    return f"raised by seat {seat}'s agent ({type(agent).__name__}) deciding among: {among}"
