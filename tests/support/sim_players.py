"""Players of a user's own module, for the simulator's tests: a class with settings and a factory."""

from __future__ import annotations

from typing import Any

from riichi.agents import DefensiveAgent, EfficiencyAgent


class Timid(EfficiencyAgent):
    """An efficiency player that declares no riichi unless told to."""

    label = ""
    """A name given by :func:`labelled`."""

    def __init__(self, seed: int | None = None, *, riichi: bool = False, **knobs: Any) -> None:
        super().__init__(seed, riichi=riichi, **knobs)


def cautious(seed: int, caution: float = 3.0) -> DefensiveAgent:
    """A factory ``seed -> Agent``: a defensive player that weighs danger ``caution`` times."""
    return DefensiveAgent(seed=seed, caution=caution)


def labelled(seed: int, label: str = "") -> Timid:
    """A factory with a text setting (any text: ``=``, brackets, quotes), which names the agent."""
    agent = Timid(seed)
    agent.label = label
    return agent
