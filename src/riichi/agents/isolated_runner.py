"""The process of an isolated agent (:class:`riichi.agents.isolated.IsolatedAgent`): ``python -m
riichi.agents.isolated_runner``.

It reads one JSON object per line on its stdin and writes one answer line on its stdout to each
question: first the agent to make (``{"agent": "package.module:Class", "args": [...], "kwargs":
{...}}``, answered ``{"hooks": [...]}``, the optional hooks the agent has), then the game:
``{"start": seat, "rules": {...}}`` (no answer), and questions that carry the events since the
last one (``"events"``, as the seat sees them): a decision (``"act"``: the seat's view from
:func:`riichi.game.seat_view.view_of`, ``"legal"``: the legal actions), answered with the index of
the action chosen; the game's end (``"end"``), answered ``{"ok": true}``; an abort (``"abort"``:
the kind of error that stopped the game), which ends the process. When the agent raises (or
cannot be made), the answer is ``{"error": "..."}`` and the process exits; the traceback goes to
its stderr, and so does whatever the agent prints.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import traceback
from typing import IO, Any

from riichi.agents.isolated import action_from_plain, event_from_plain
from riichi.errors import RiichiError
from riichi.game.game import GameResult
from riichi.game.observation import Observation
from riichi.game.seat_view import state_from_view
from riichi.logs import events as ev
from riichi.rules import RuleSet
from riichi.rules.files import rules_from_dict

__all__ = ["main"]

HOOKS = ("on_game_start", "on_event", "on_game_end", "on_game_abort")


class _Seat:
    """The agent and what it has been told of the game."""

    def __init__(self, spec: str, args: list[Any], kwargs: dict[str, Any]) -> None:
        module, _, name = spec.partition(":")
        target: Any = importlib.import_module(module)
        for part in name.split("."):
            target = getattr(target, part)
        self.agent = target(*args, **kwargs)
        if not callable(getattr(self.agent, "act", None)):
            raise RiichiError(f"{spec} made {self.agent!r}, which has no act() method")
        self.seat = -1
        self.rules = RuleSet()
        self.events: list[ev.Event] = []
        self.doing = "its construction"  # for the message, if the agent raises

    def hooks(self) -> list[str]:
        return [h for h in HOOKS if callable(getattr(self.agent, h, None))]

    def take(self, message: dict[str, Any]) -> object:
        """Do what ``message`` says; the answer to write, or None when it needs none."""
        agent = self.agent
        if "start" in message:
            self.seat = message["start"]
            self.rules = rules_from_dict(message["rules"])
            self.events = []
            if hasattr(agent, "on_game_start"):
                self.doing = "on_game_start"
                agent.on_game_start(self.seat, self.rules)
            return None
        if "rules" in message:
            self.rules = rules_from_dict(message["rules"])
        hook = getattr(agent, "on_event", None)
        self.doing = "on_event"
        for data in message.get("events", ()):
            event = event_from_plain(data)
            self.events.append(event)
            if hook is not None:
                hook(event)
        if "act" in message:
            return self._act(message["act"], message["legal"])
        if "end" in message:
            end = message["end"]
            if hasattr(agent, "on_game_end"):
                self.doing = "on_game_end"
                agent.on_game_end(GameResult(
                    final_scores=tuple(end["final_scores"]), results=tuple(end["results"]),
                    ranks=tuple(end["ranks"]), events=tuple(self.events), hands=(), seed=-1,
                    game_index=-1, rules=self.rules,
                ))
            self.events = []
            return {"ok": True}
        if "abort" in message:
            if hasattr(agent, "on_game_abort"):
                self.doing = "on_game_abort"
                agent.on_game_abort(RiichiError(f"the game stopped on a {message['abort']}"))
            return None
        raise RiichiError(f"a message the runner does not know: {sorted(message)}")

    def _act(self, view: dict[str, Any], plain: list[list[Any]]) -> object:
        self.doing = "act"
        seat = self.seat = view["seat"]
        legal = tuple([action_from_plain(a, seat) for a in plain])
        observation = Observation(state_from_view(view, self.rules), seat)
        chosen = self.agent.act(observation, legal)
        for index, action in enumerate(legal):
            if action is chosen:
                return index
        for index, action in enumerate(legal):
            if action == chosen:
                return index
        return {"illegal": repr(chosen)}


def main(stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """Serve the questions read from ``stdin`` until it closes; 1 after an error."""
    seat: _Seat | None = None
    try:
        for line in stdin:
            message = json.loads(line)
            if seat is None:
                seat = _Seat(message["agent"], message["args"], message["kwargs"])
                answer: object = {"hooks": seat.hooks()}
            else:
                answer = seat.take(message)
            if answer is not None:
                stdout.write(json.dumps(answer, separators=(",", ":")).encode() + b"\n")
                stdout.flush()
    except Exception as error:  # noqa: BLE001 - the table is told, then the process exits
        traceback.print_exc()
        doing = seat.doing if seat is not None else "its construction"
        stdout.write(json.dumps({"error": f"{type(error).__name__} in {doing}: {error}"}).encode()
                     + b"\n")
        stdout.flush()
        return 1
    return 0


def _protocol_streams() -> tuple[IO[bytes], IO[bytes]]:
    """The questions and answers on their own descriptors; the agent's stdin reads nothing and
    its stdout is the stderr (a print cannot break an answer line)."""
    stdin = os.fdopen(os.dup(0), "rb")
    stdout = os.fdopen(os.dup(1), "wb")
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)
    os.close(nothing)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return stdin, stdout


if __name__ == "__main__":
    sys.exit(main(*_protocol_streams()))
