"""Seat a Python agent in a process of its own, which sees only its seat's view: :class:`IsolatedAgent`.

An agent in the table's process is trusted code: whatever the observation seals, the garbage
collector (``gc.get_referrers``, ``gc.get_objects``) reaches every object of the process, the table
included. A tournament or a bot arena that seats agents it does not trust seats each one with
``IsolatedAgent("package.module:Class", *args, **kwargs)``: a child process
(``python -m riichi.agents.isolated_runner``) imports the class, makes the agent there with those
arguments (JSON values), and plays it through the same :class:`~riichi.agents.Agent` interface.
The process is told only what the seat may see, as JSON lines on its stdin: the hooks
(``on_game_start``, ``on_event`` with the events as the seat sees them, ``on_game_end``,
``on_game_abort``) and, at each decision, the seat's view (:func:`riichi.game.seat_view.view_of`)
and the legal actions. There the agent's ``act`` is given a real
:class:`~riichi.game.observation.Observation` of a state that holds that view and nothing else
(:func:`~riichi.game.seat_view.state_from_view`: the other hands empty, a wall without tiles),
so the built-in players run there unchanged. It answers with the index of the legal action
chosen, one short JSON line; the table reads nothing else from it (it never unpickles or
evaluates what the process writes).

>>> agent = IsolatedAgent("riichi.agents:EfficiencyAgent", 7, timeout=5.0)
>>> agent.spec, agent.args, agent.timeout
('riichi.agents:EfficiencyAgent', (7,), 5.0)

An answer that is not the index of a legal action raises
:class:`~riichi.errors.IllegalActionError`; a process that cannot start the agent, does not
answer within ``timeout`` seconds, exits, or whose agent raises (its error's text is shown) raises
:class:`~riichi.errors.IsolatedAgentError`; both name the agent and the seat, and end the process.

The process is started at the first game and kept across games (the agent keeps its memory, as
in-process), and ended by :meth:`IsolatedAgent.close` (or ``with``, or when the agent is
collected), and when a game stops on an error (the next game starts a new one, with the agent
made anew). Lines are bounded, the waits are timed and the process runs in a process group of
its own, which ends with it (:mod:`riichi.agents.bot_process`). Its prints go to its stderr,
whose last lines a failure shows. At the end of a game the agent's ``on_game_end`` is given a
:class:`~riichi.game.GameResult` with the points, results, ranks and the events as its seat saw
them; the scored hands stay with the table (the ``hora`` events carry yaku and points) and the
seed is withheld (``-1``: the seed of a run gives the walls of its other games).
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

from riichi.agents.bot_process import BotFailure, BotProcess, seconds
from riichi.errors import IllegalActionError, IsolatedAgentError, quoted
from riichi.game.action_notation import ACTION_WORDS
from riichi.game.actions import Action
from riichi.game.game import GameResult
from riichi.game.observation import Observation
from riichi.game.seat_view import view_of
from riichi.logs import events as ev
from riichi.rules import RuleSet
from riichi.rules.files import rules_to_dict

__all__ = ["IsolatedAgent", "IsolatedAgentError", "RUNNER"]

RUNNER = "riichi.agents.isolated_runner"
"""The module the child process runs (``python -m``)."""

_SPEC = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")
_SHOWN = 300  # characters of what the process wrote, at most, in a message


class IsolatedAgent:
    """The agent ``spec`` (``"package.module:Class"``) made as ``Class(*args, **kwargs)`` in a
    process of its own.

    ``timeout`` is the longest wait for one answer, in seconds; ``start_timeout`` the longest
    wait for the process to start and make the agent (it imports the engine first).
    ``python_path`` lists folders put before the child's ``PYTHONPATH`` (where ``spec``'s module
    lives, if Python would not find it); ``python`` is the interpreter it runs (this one by
    default). ``args`` and ``kwargs`` travel as JSON: numbers, strings, ``None``, booleans, lists
    and dicts of them (a tuple arrives as a list). Keywords of these names are this class's own.
    """

    def __init__(
        self,
        spec: str,
        *args: Any,
        timeout: float = 10.0,
        start_timeout: float = 60.0,
        python_path: Sequence[str] = (),
        python: str = sys.executable,
        **kwargs: Any,
    ) -> None:
        if not isinstance(spec, str) or not _SPEC.fullmatch(spec):
            raise IsolatedAgentError(
                f"agent {quoted(spec)}: expected 'package.module:Class', like "
                "'riichi.agents:EfficiencyAgent'"
            )
        self.timeout = seconds("timeout", timeout, IsolatedAgentError)
        self.start_timeout = seconds("start_timeout", start_timeout, IsolatedAgentError)
        try:
            self._init_line = _line({"agent": spec, "args": list(args), "kwargs": kwargs})
        except (TypeError, ValueError) as error:
            raise IsolatedAgentError(
                f"agent {spec!r}: its arguments must be JSON values (numbers, strings, None, "
                f"booleans, lists, dicts with str keys): {error}"
            ) from None
        if isinstance(python_path, str) or not isinstance(python_path, Sequence) or \
                not all(isinstance(p, str) for p in python_path):
            raise IsolatedAgentError(
                f"python_path={quoted(python_path)}: expected a sequence of folder names"
            )
        self.spec = spec
        self.args = args
        self.kwargs = kwargs
        self.python_path = tuple(python_path)
        self.python = python
        self._bot: BotProcess | None = None  # made when a game needs it: unstarted, picklable
        self._hooks: frozenset[str] | None = None  # the agent's hooks, once the process says
        self._outbox: list[bytes] = []  # lines that need no answer, sent with the next question
        self._events: list[dict[str, Any]] = []
        self._rules: RuleSet | None = None  # the rules the process has
        self._seat: int | None = None

    # --- the agent's interface -----------------------------------------------------------------
    def on_game_start(self, seat: int, rules: RuleSet) -> None:
        """A new game: the process (started on the first) is told the seat and the rules."""
        self._start()
        self._seat = seat
        self._events = []
        self._rules = rules
        self._outbox.append(_line({"start": seat, "rules": rules_to_dict(rules)}))

    def on_event(self, event: ev.Event) -> None:
        """Take the next event as this seat sees it; it is sent with the next question."""
        if self._hooks is None or "on_event" in self._hooks or "on_game_end" in self._hooks:
            self._events.append(event_to_plain(event))

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Send the seat's view and the legal actions; the legal action whose index the process
        answers."""
        self._start()
        self._seat = observation.seat
        question: dict[str, Any] = {"act": view_of(observation),
                                    "legal": [action_to_plain(a) for a in legal_actions]}
        if observation.rules is not self._rules:  # act called without on_game_start
            self._rules = observation.rules
            question["rules"] = rules_to_dict(observation.rules)
        answer, line = self._ask(question, "its decision")
        if type(answer) is int and 0 <= answer < len(legal_actions):
            return legal_actions[answer]
        self.close()
        if isinstance(answer, dict) and isinstance(answer.get("illegal"), str):
            what = f"returned {_text(answer['illegal'])}, which is not one of the legal actions"
        else:
            what = (f"answered {_text(line)}: expected the index of a legal action "
                    f"(0-{len(legal_actions) - 1})")
        raise IllegalActionError(
            f"{self._name()} {what}; legal: {', '.join(str(a) for a in legal_actions)}"
        )

    def on_game_end(self, result: GameResult) -> None:
        """The game is over: the process is given the result and answers when its agent is done."""
        if self._bot is None:
            return
        end = {"final_scores": result.final_scores, "results": result.results,
               "ranks": result.ranks}
        self._ask({"end": end}, "the end of the game")
        self._events = []

    def on_game_abort(self, error: BaseException) -> None:
        """The game stopped on ``error``: the process is told its kind (its message may show what
        this seat may not see) and ended."""
        bot = self._bot
        if bot is not None:
            self._outbox.append(_line({"abort": type(error).__name__}))
            try:
                bot.send(b"".join(self._outbox), min(self.timeout, 2.0), "the abort")
            except BotFailure:
                pass  # it is ended below either way
            self._outbox = []
        self.close()

    # --- the process ---------------------------------------------------------------------------
    def _start(self) -> None:
        if self._bot is not None:
            return
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [*self.python_path, *filter(None, [env.get("PYTHONPATH")])]
        )
        try:
            self._bot = BotProcess([self.python, "-m", RUNNER], env=env)
        except OSError as error:
            raise IsolatedAgentError(
                f"cannot start the process of isolated agent {self.spec!r}: {error}"
            ) from None
        self._hooks = None
        self._outbox = [self._init_line]

    def _ask(self, question: dict[str, Any], what: str) -> tuple[Any, str]:
        """Send what is waiting and ``question``; the process's answer to it, read as JSON, and
        the line it came on (for messages)."""
        bot = self._bot
        assert bot is not None
        if self._events:
            question["events"] = self._events
            self._events = []
        self._outbox.append(_line(question))
        data, self._outbox = b"".join(self._outbox), []
        try:
            bot.send(data, self.timeout, what)
            if self._hooks is None:
                ready, line = self._read(bot, self.start_timeout, "the start of the agent")
                hooks = ready.get("hooks") if isinstance(ready, dict) else None
                if not isinstance(hooks, list):
                    raise self._failure(f"answered its start with {_text(line)}")
                self._hooks = frozenset(h for h in hooks if isinstance(h, str))
            return self._read(bot, self.timeout, what)
        except BotFailure as failure:
            raise self._failure(str(failure)) from None

    def _read(self, bot: BotProcess, timeout: float, what: str) -> tuple[Any, str]:
        data = bot.receive(timeout, what)
        if data is None:
            raise self._failure(f"exited instead of answering {what}")
        line = data.decode("utf-8", "replace")
        try:
            answer = json.loads(line)
        except (ValueError, RecursionError):  # RecursionError: JSON nested too deep
            raise self._failure(f"answered {what} with {_text(line)}, not JSON") from None
        if isinstance(answer, dict) and "error" in answer:
            raise self._failure(f"failed at {what}: {_text(str(answer['error']))}")
        return answer, line

    def _name(self) -> str:
        return f"isolated agent {self.spec!r} (seat {self._seat})"

    def _failure(self, what: str) -> IsolatedAgentError:
        note = self._bot.failure_note() if self._bot is not None else ""
        self.close()
        return IsolatedAgentError(f"{self._name()} {what}{note}")

    def close(self) -> None:
        """End the process (it is given a moment to exit after its stdin closes) and everything
        it started: its whole process group."""
        bot, self._bot = self._bot, None
        self._hooks = None
        self._outbox = []
        if bot is not None:
            bot.close(min(self.timeout, 2.0))

    def __enter__(self) -> IsolatedAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        args = "".join(f", {a!r}" for a in self.args)
        kwargs = "".join(f", {k}={v!r}" for k, v in self.kwargs.items())
        return f"IsolatedAgent({self.spec!r}{args}{kwargs}, timeout={self.timeout:g})"


# --- the wire: the actions and events as both processes write and read them ------------------
EVENTS: dict[str, type[ev.Event]] = {
    cls.type: cls for cls in (getattr(ev, name) for name in ev.__all__)
    if isinstance(cls, type) and issubclass(cls, ev.Event) and cls is not ev.Event
}
"""Each event class by its ``type``."""
_FIELDS = {cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in EVENTS.values()}
ACTIONS = {word: cls for cls, word in ACTION_WORDS.items()}
"""Each action class by its word (:data:`~riichi.game.action_notation.ACTION_WORDS`)."""


def _line(message: object) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def _text(text: str) -> str:
    """What the process wrote, for a message: cut short, control characters escaped."""
    cut = text.strip()
    shown = repr(cut[:_SHOWN])
    return shown + "..." if len(cut) > _SHOWN else shown


def action_to_plain(action: Action) -> list[Any]:
    """``action`` as its word and its fields after the seat: ``["chi", (8, 12)]``.

    >>> from riichi.game.actions import Chi
    >>> action_to_plain(Chi(1, (8, 12))), action_from_plain(["chi", [8, 12]], 1)
    (['chi', (8, 12)], Chi(seat=1, tiles=(8, 12)))
    """
    cls = type(action)
    return [ACTION_WORDS[cls], *(getattr(action, name) for name in cls._fields[1:])]


def action_from_plain(data: list[Any], seat: int) -> Action:
    """The action of ``seat`` that :func:`action_to_plain` wrote as ``data`` (read back from
    JSON)."""
    word, *values = data
    action: Action = ACTIONS[word](seat, *(tuple(v) if isinstance(v, list) else v for v in values))
    return action


def event_to_plain(event: ev.Event) -> dict[str, Any]:
    """``event`` as its ``type`` and its fields.

    >>> event_to_plain(ev.Draw(2, ev.HIDDEN)), event_from_plain({"type": "tsumo", "actor": 2,
    ...                                                          "pai": -1, "rinshan": False})
    ({'type': 'tsumo', 'actor': 2, 'pai': -1, 'rinshan': False}, Draw(actor=2, pai=-1, rinshan=False))
    """
    values: dict[str, Any] = {"type": event.type}
    for name in _FIELDS[type(event)]:
        values[name] = getattr(event, name)
    return values


def event_from_plain(data: dict[str, Any]) -> ev.Event:
    """The event that :func:`event_to_plain` wrote as ``data`` (read back from JSON: its lists
    are tuples again)."""
    cls = EVENTS[data["type"]]
    return cls(**{name: _tuples(data[name]) for name in _FIELDS[cls]})


def _tuples(value: Any) -> Any:
    return tuple([_tuples(v) for v in value]) if isinstance(value, list) else value
