"""Agents for the isolated runner's tests, made in its child process
(``tests.support.isolated_agents:Class``, found there through ``python_path``): one that writes down what its hooks were told, and ones
that fail in each way a process can."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from typing import Any

from riichi.agents import RandomAgent
from riichi.game import Action, Observation


class RecordingAgent(RandomAgent):
    """Plays at random and writes to ``report`` (JSON) what its hooks were given: the seat, the
    rules' name, every event (as its repr), its rank and the last error it was told of."""

    def __init__(self, seed: int, report: str) -> None:
        super().__init__(seed)
        self.report = report
        self.told: dict[str, Any] = {"events": []}

    def on_game_start(self, seat: int, rules: Any) -> None:
        self.told = {"seat": seat, "rules": rules.name, "events": []}

    def on_event(self, event: object) -> None:
        self.told["events"].append(repr(event))

    def on_game_end(self, result: Any) -> None:
        self.told["rank"] = result.ranks[self.told["seat"]]
        self.told["result_events"] = [repr(e) for e in result.events]
        self.told["seed"] = result.seed
        self._write()

    def on_game_abort(self, error: BaseException) -> None:
        self.told["abort"] = str(error)
        self._write()

    def _write(self) -> None:
        with open(self.report, "w", encoding="utf-8") as out:
            json.dump(self.told, out)


class FailingAgent(RandomAgent):
    """Plays at random until its ``at``-th decision, where it does ``how``: ``raise``, ``exit``
    (exit code 3, after a word on its stderr), ``hang``, ``print`` (a line on its stdout, then
    plays on), ``forge`` (writes ``line`` to every descriptor it may write to, the table's answer
    pipe among them, then plays on) or ``stray`` (returns an action nobody listed)."""

    def __init__(self, how: str, at: int = 1, line: str = "99") -> None:
        super().__init__(0)
        self.how, self.at, self.line, self.decisions = how, at, line, 0

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        self.decisions += 1
        if self.decisions == self.at:
            if self.how == "raise":
                raise ValueError("this agent gives up")
            if self.how == "exit":
                os.write(2, b"leaving now\n")
                os._exit(3)
            if self.how == "hang":
                time.sleep(60)
            if self.how == "print":
                print("a word on stdout, which must not be taken for an answer")
            if self.how == "forge":
                for fd in range(3, 64):
                    try:
                        os.write(fd, self.line.encode() + b"\n")
                    except OSError:
                        pass
            if self.how == "stray":
                return "discard everything"  # type: ignore[return-value]
        return super().act(observation, legal_actions)


class HooklessAgent:
    """An agent with ``act`` alone: the first legal action."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[0]
