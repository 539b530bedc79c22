"""Seat any program that speaks the mjai protocol: :class:`MjaiAgent`.

The bot runs as a child process. It reads one mjai event per line on its stdin (its own seat's
view: other hands are ``"?"``) and answers each with one JSON line on its stdout: ``{"type":
"none"}`` when it has nothing to do, else its action (``dahai``, ``reach``, ``chi``, ``pon``,
``daiminkan``, ``kakan``, ``ankan``, ``hora``, ``ryukyoku`` for nine terminals, ``nukidora`` for a
North set aside by three players), as Mortal and the mjai bots (and their three-player forks) do. ``start_game`` carries the bot's seat as ``id``. Riichi is two answers: ``reach``,
then (after the ``reach`` event comes back) the ``dahai``. The events are written as the game's
mjai record writes them (:func:`~riichi.logs.mjai.dumps_mjai`): in a game without red fives every
five is named plainly and ``start_game`` says ``"aka_flag": false``.

The agent learns the game through the agent hooks that :func:`~riichi.game.play_game` calls
(``on_game_start``, then ``on_event`` with every event as its seat sees it). Each game starts a
fresh process, in a process group of its own (:mod:`riichi.agents.bot_process`), ended at
``end_game`` or when the game stops on an error (``on_game_abort``): whatever the bot started
ends with it. A bot that does not answer within ``timeout`` seconds, exits, writes something
that is not one JSON object on a line of at most :data:`~riichi.agents.bot_process.MAX_LINE_BYTES`
(deeply nested JSON included), floods its stderr (:class:`MjaiBotError`), or answers with an
action the rules do not allow now or for another seat's ``actor``
(:class:`~riichi.errors.IllegalActionError`) stops the game with an error naming the bot, the
seat, the event and the answer.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Sequence
from typing import Any

from riichi.agents.bot_process import BotFailure, BotProcess, seconds
from riichi.errors import IllegalActionError, MjaiBotError, quoted
from riichi.game.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.game.observation import Observation
from riichi.logs import events as ev
from riichi.logs.mjai import dumps_mjai, parse_mjai_tile
from riichi.rules import RuleSet

__all__ = ["MjaiAgent", "MjaiBotError"]



_RED_NAMES = {f"5{suit}r": f"5{suit}" for suit in "mps"}


def _name(tile: int, red_fives: bool) -> str:
    """The mjai name of the 136-id ``tile`` in a game with or without red fives (without them,
    the five mjai would name red is the plain five it is)."""
    name = ev.mjai_tile(tile)
    return name if red_fives else _RED_NAMES.get(name, name)


def _answer_name(name: Any, red_fives: bool) -> Any:
    """A tile name a bot answered with, as :func:`_name` names tiles (in a game without red
    fives, a five named red is the plain one, as a record without them reads)."""
    return name if red_fives or not isinstance(name, str) else _RED_NAMES.get(name, name)


def _command(command: object) -> list[str]:
    """The bot's program and arguments from ``command``: a command line (split as a shell
    would) or a sequence of strs or paths."""
    if isinstance(command, str):
        try:
            words: list[str] = shlex.split(command)
        except ValueError as e:  # an unclosed quote, a lone backslash at the end
            raise MjaiBotError(f"the bot's command {quoted(command)} cannot be read ({e}); "
                               "expected a command line as a shell reads it") from None
    elif isinstance(command, Sequence) and all(isinstance(w, (str, os.PathLike)) for w in command):
        words = [os.fspath(w) for w in command]
    else:
        raise MjaiBotError(
            f"command={quoted(command)}: expected a command line or a sequence of its words "
            "(strs or paths)"
        )
    if not words:
        raise MjaiBotError("an mjai bot needs a command to run")
    return words


def _mjai_action(action: Action, drawn: int | None, red_fives: bool) -> dict[str, Any]:
    """The mjai answer that means ``action`` (for messages)."""
    seat = action.seat
    if isinstance(action, (Discard, Riichi)):
        out: dict[str, Any] = {"type": "dahai", "actor": seat, "pai": _name(action.tile, red_fives),
                               "tsumogiri": action.tile == drawn}
        return {"type": "reach", "actor": seat, "then": out} if isinstance(action, Riichi) else out
    if isinstance(action, (Chi, Pon)):
        return {"type": "chi" if isinstance(action, Chi) else "pon", "actor": seat,
                "consumed": [_name(t, red_fives) for t in action.tiles]}
    if isinstance(action, Kakan):
        return {"type": "kakan", "actor": seat, "pai": ev.mjai_tile(action.tile_type * 4 + 1)}
    if isinstance(action, Ankan):
        return {"type": "ankan", "actor": seat, "consumed": [ev.mjai_tile(action.tile_type * 4 + 1)] * 4}
    if isinstance(action, Kita):
        return {"type": "nukidora", "actor": seat, "pai": ev.mjai_tile(action.tile)}
    name = {Daiminkan: "daiminkan", Tsumo: "hora", Ron: "hora", NineTerminals: "ryukyoku", Pass: "none"}
    return {"type": name[type(action)], "actor": seat}


class MjaiAgent:
    """An agent whose decisions come from an mjai bot process.

    ``command`` is the program and its arguments (a string is split like a shell would);
    ``timeout`` is the longest wait for one answer, in seconds.

    >>> agent = MjaiAgent("python3 my_bot.py", timeout=2.0)
    >>> agent.command
    ['python3', 'my_bot.py']
    """

    def __init__(self, command: str | Sequence[str], *, timeout: float = 10.0) -> None:
        self.command = _command(command)
        self.timeout = seconds("timeout", timeout, MjaiBotError)
        self._pending: list[ev.Event] = []
        self._seat: int | None = None
        self._red_fives = True  # whether the game has red fives (its rules say, at its start)
        self._bot: BotProcess | None = None  # made when the game needs it: unstarted, picklable
        self._reach_sent = False

    # --- the game's events ------------------------------------------------------------------
    def on_game_start(self, seat: int, rules: RuleSet) -> None:
        """A new game: the bot process of a previous one is closed, the seat and whether the
        game has red fives remembered."""
        self.close()
        self._pending = []
        self._seat = seat
        self._red_fives = rules.red_fives

    def on_event(self, event: ev.Event) -> None:
        """Take the next event of the game, as this seat sees it (other hands hidden)."""
        self._pending.append(event)
        if isinstance(event, ev.EndGame) and self._bot is not None:
            self._flush()
            self.close()

    def on_game_abort(self, error: BaseException) -> None:
        """The game stopped on ``error`` (another agent's included): the bot is ended."""
        self.close()

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Send the events since the last decision; the bot's answer to the last one, as the
        legal action it names."""
        if self._seat is None or not self._pending:
            raise MjaiBotError(
                "MjaiAgent has not seen the game's events: seat it with play_game, which calls its "
                "on_game_start and on_event hooks (or call them yourself)"
            )
        self._start()
        prompt = self._flush()
        answer = prompt[1]
        if answer.get("type") == "reach":
            reach = {"type": "reach", "actor": observation.seat}
            self._check_actor(prompt[0], answer, legal_actions, observation)
            if not any(isinstance(a, Riichi) for a in legal_actions):
                raise self._illegal(prompt[0], answer, legal_actions, observation)
            self._reach_sent = True
            answer = {**self._ask(reach), "reach": True}
        return self._choose(prompt[0], answer, legal_actions, observation)

    # --- the process ------------------------------------------------------------------------
    def _start(self) -> None:
        if self._bot is not None:
            return
        try:
            self._bot = BotProcess(self.command)
        except OSError as exc:
            raise MjaiBotError(f"cannot start the mjai bot {self.command!r}: {exc}") from None

    def _flush(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Send every pending event; the last one sent and the bot's answer to it."""
        assert self._seat is not None
        last: tuple[dict[str, Any], dict[str, Any]] = ({}, {"type": "none"})
        for event in self._pending:
            if isinstance(event, ev.Reach) and event.actor == self._seat and self._reach_sent:
                self._reach_sent = False  # the bot declared it and has seen it
                continue
            # as a record of the game names it: without red fives, every five plainly and
            # start_game says "aka_flag": false
            message = json.loads(dumps_mjai([event], red_fives=self._red_fives))
            if isinstance(event, ev.StartGame):
                message["id"] = self._seat
            last = (message, self._ask(message))
        self._pending = []
        return last

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        bot = self._bot
        assert bot is not None
        event = message["type"]
        try:
            bot.send(json.dumps(message, separators=(",", ":")).encode() + b"\n", self.timeout, event)
            line = bot.receive(self.timeout, event)
        except BotFailure as failure:
            raise self._failure(str(failure)) from None
        if line is None:
            raise self._failure(f"exited instead of answering {event}")
        shown = repr(line.strip()[:200].decode("utf-8", "replace"))
        try:
            answer = json.loads(line)
        except (ValueError, RecursionError):  # RecursionError: JSON nested too deep
            raise self._failure(f"answered {event} with {shown}, not JSON") from None
        if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
            raise self._failure(f"answered {event} with {shown}: expected an object with a 'type'")
        return answer

    def _failure(self, what: str) -> MjaiBotError:
        note = self._bot.failure_note() if self._bot is not None else ""
        self.close()
        return MjaiBotError(f"mjai bot {self.command!r} (seat {self._seat}) {what}{note}")

    def close(self) -> None:
        """Stop the bot (it is given a moment to exit after its stdin closes) and everything it
        started: its whole process group is ended."""
        bot, self._bot = self._bot, None
        if bot is not None:
            bot.close(min(self.timeout, 2.0))

    def __enter__(self) -> MjaiAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- answers ----------------------------------------------------------------------------
    def _choose(self, prompt: dict[str, Any], answer: dict[str, Any], legal: Sequence[Action],
                observation: Observation) -> Action:
        kind = answer.get("type")
        drawn = observation.drawn
        self._check_actor(prompt, answer, legal, observation)
        try:
            for action in legal:
                if _answers(action, answer, drawn, self._red_fives):
                    return action
        except (TypeError, ValueError, KeyError):
            pass  # a malformed answer: illegal, as below
        if kind == "none":
            passing = [a for a in legal if isinstance(a, Pass)]
            if passing:
                return passing[0]
        raise self._illegal(prompt, answer, legal, observation)

    def _check_actor(self, prompt: dict[str, Any], answer: dict[str, Any], legal: Sequence[Action],
                     observation: Observation) -> None:
        """An answer's ``actor``, if it names one, is this bot's seat."""
        actor = answer.get("actor", observation.seat)
        if type(actor) is not int or actor != observation.seat:
            raise self._illegal(prompt, answer, legal, observation, f"for seat {actor!r}")

    def _illegal(self, prompt: dict[str, Any], answer: dict[str, Any], legal: Sequence[Action],
                 observation: Observation, why: str = "now") -> IllegalActionError:
        self.close()
        allowed = [_mjai_action(a, observation.drawn, self._red_fives) for a in legal]
        return IllegalActionError(
            f"mjai bot {self.command!r} (seat {observation.seat}) answered {_shown(answer)} to "
            f"{json.dumps(prompt)}, which the rules do not allow {why}; allowed: "
            f"{json.dumps(allowed)}"
        )


def _shown(answer: dict[str, Any]) -> str:
    """``answer`` as JSON for a message, cut short (it may be nested deeper than JSON can say)."""
    try:
        text = json.dumps(answer)
    except (TypeError, ValueError, RecursionError):
        return quoted(answer)
    return text if len(text) <= 300 else text[:300] + "..."


def _answers(action: Action, answer: dict[str, Any], drawn: int | None, red_fives: bool) -> bool:
    """Whether the mjai ``answer`` means ``action`` (in a game with or without red fives)."""
    kind: str = answer["type"]
    if isinstance(action, (Discard, Riichi)):
        return (kind == "dahai" and isinstance(action, Riichi) == bool(answer.get("reach"))
                and _answer_name(answer["pai"], red_fives) == _name(action.tile, red_fives)
                and (action.tile == drawn) == bool(answer.get("tsumogiri", action.tile == drawn)))
    if isinstance(action, (Chi, Pon)):
        return kind == ("chi" if isinstance(action, Chi) else "pon") and \
            sorted(_answer_name(t, red_fives) for t in answer["consumed"]) == \
            sorted(_name(t, red_fives) for t in action.tiles)
    if isinstance(action, Kakan):
        return kind == "kakan" and _tile_type_of(answer["pai"]) == action.tile_type
    if isinstance(action, Ankan):
        return kind == "ankan" and {_tile_type_of(t) for t in answer["consumed"]} == {action.tile_type}
    if isinstance(action, Kita):  # mjai names no copy of North: any North set aside is this
        return kind == "nukidora"
    simple = {Daiminkan: "daiminkan", Tsumo: "hora", Ron: "hora", NineTerminals: "ryukyoku"}
    return simple.get(type(action)) == kind


def _tile_type_of(name: str) -> int:
    return parse_mjai_tile(name)[0]
