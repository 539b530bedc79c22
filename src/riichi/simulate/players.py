"""The players a simulation seats, as data: a :class:`PlayerSpec` per seat.

A seat's player is given as a built-in name (``defensive``), ``module:Class`` (an
:class:`~riichi.agents.Agent` class) or ``module:function`` (a factory ``seed -> Agent``), any of
them with settings in brackets (``defensive(fold_threshold=2000)``), or ``mjai:COMMAND`` (an
external mjai bot, one process per game; it has its own randomness, so it takes no seed). From
Python it may also be the class or factory itself, or a :class:`PlayerSpec` with settings.

Every agent is made per game with its seat's seed (agents keep state between turns): a class as
``Class(seed=seed, **settings)`` when its constructor takes a ``seed``, else ``Class(**settings)``;
a factory as ``factory(seed, **settings)``. Names are resolved lazily, by import path, so a player
whose module is missing only fails when it is asked for; a worker process or a resumed run
rebuilds each player from its text (``str(spec)``).

>>> seat_players("random")[0]
PlayerSpec('random')
>>> str(PlayerSpec.parse("defensive(fold_threshold=2000, caution=1.5)"))
'defensive(fold_threshold=2000, caution=1.5)'
>>> agent_factory(PlayerSpec("defensive", fold_threshold=2000))(7).fold_threshold
2000
"""

from __future__ import annotations

import ast
import importlib
import inspect
import math
import os
import shutil
import sys
from collections.abc import Callable, Sequence
from typing import Any

from riichi.agents.registry import BUILTIN_PLAYERS, DEFAULT_PLAYER
from riichi.errors import BackendError, UnknownPlayerError, quoted
from riichi.game.agent import Agent
from riichi.game.builtin_agent import BuiltinAgent

__all__ = [
    "PLAYERS", "DEFAULT_PLAYER", "MJAI_PREFIX", "PlayerSpec", "Player", "seat_players",
    "load_player", "player_target", "agent_factory", "check_player", "check_commands", "runs_code",
    "check_sendable", "sent_by_value",
]

PLAYERS: dict[str, str] = {name: player.target for name, player in BUILTIN_PLAYERS.items()}
"""Built-in player names and the ``module:Class`` each one stands for
(:data:`riichi.agents.BUILTIN_PLAYERS`)."""

MJAI_PREFIX = "mjai:"
"""A player named ``mjai:COMMAND`` is the mjai bot that ``COMMAND`` starts."""

_WORDS = {2: "two", 3: "three", 4: "four"}

AgentFactory = Callable[[int], Agent]
"""Makes a fresh agent from its seed."""

_PLAIN = (type(None), bool, int, float, str)


def _frozen(value: Any) -> Any:
    """``value`` with every list in it made a tuple."""
    if isinstance(value, (tuple, list)):
        return tuple(_frozen(v) for v in value)
    return value


def _plain(value: object) -> bool:
    """Whether ``value`` is written back by ``repr`` and read by :func:`ast.literal_eval` (not
    an infinite float nor a NaN, whose ``inf`` and ``nan`` it does not read)."""
    if isinstance(value, (tuple, list)):
        return all(_plain(v) for v in value)
    return type(value) in _PLAIN and (type(value) is not float or math.isfinite(value))


class PlayerSpec:
    """One seat's player: ``player`` (a built-in name, ``module:Class``, ``module:function`` or
    ``mjai:COMMAND``, or the class or factory itself) and the settings it is made with.

    >>> from riichi.agents import DefensiveAgent
    >>> PlayerSpec(DefensiveAgent, caution=2.0)
    PlayerSpec('riichi.agents.defensive:DefensiveAgent', caution=2.0)
    """

    __slots__ = ("name", "settings", "target")

    def __init__(self, player: str | Callable[..., Any], **settings: Any) -> None:
        if "seed" in settings:
            raise UnknownPlayerError(
                "player setting seed: the simulation gives each agent its seat's seed; drop it"
            )
        for key, value in settings.items():
            if not _plain(value):
                raise UnknownPlayerError(
                    f"player setting {key}={quoted(value)}: expected None, a bool, an int, a "
                    "finite float or a str (or a tuple of them), which a run's files can write "
                    "down"
                )
        # a list is kept as a tuple: the spec is hashed (one check per distinct player) and its
        # text reads back as a tuple either way
        self.settings: tuple[tuple[str, Any], ...] = tuple(
            (key, _frozen(value)) for key, value in settings.items()
        )
        self.target: Callable[..., Any] | None = None
        if isinstance(player, str):
            if not player.strip():
                raise UnknownPlayerError("a player name is empty: expected a player for every seat")
            self.name = player.strip()
        elif callable(player):
            self.name = f"{player.__module__}:{player.__qualname__}"
            self.target = player
        else:
            raise UnknownPlayerError(
                f"player {quoted(player)}: expected a name, an Agent class, a factory "
                "seed -> Agent or a PlayerSpec"
            )

    @classmethod
    def parse(cls, text: str) -> PlayerSpec:
        """``name`` or ``name(key=value, ...)`` with Python literal values (``true``,
        ``false`` and ``none`` too)."""
        text = text.strip()
        if text.startswith(MJAI_PREFIX) or not {"(", ")"} & set(text):
            return cls(text)
        name, _, inner = text[:-1].partition("(")
        if not text.endswith(")") or not name:
            raise UnknownPlayerError(f"player {quoted(text)}: expected name(key=value, ...)")
        settings: dict[str, Any] = {}
        pieces = [piece.strip() for piece in _split(inner)]
        if pieces[-1] == "":  # no setting, or a comma after the last
            pieces.pop()
        for piece in pieces:
            key, eq, word = (part.strip() for part in piece.partition("="))
            if not eq or not key.isidentifier():
                raise UnknownPlayerError(f"player {quoted(text)}: expected name(key=value, ...)")
            if key in settings:
                raise UnknownPlayerError(
                    f"player {quoted(text)}: setting {key} given twice; expected each setting once"
                )
            settings[key] = _literal(word, text)
        return cls(name, **settings)

    def resolved(self) -> PlayerSpec:
        """This spec holding the class or factory it names (an mjai bot's stays a name), so that
        it can be sent by value to workers that cannot import it by name."""
        if self.target is not None or self.name.startswith(MJAI_PREFIX):
            return self
        spec = PlayerSpec(load_player(self.name), **dict(self.settings))
        spec.name = self.name
        return spec

    def __str__(self) -> str:
        if not self.settings:
            return self.name
        return f"{self.name}({', '.join(f'{k}={v!r}' for k, v in self.settings)})"

    def __repr__(self) -> str:
        return f"PlayerSpec({', '.join([repr(self.name), *(f'{k}={v!r}' for k, v in self.settings)])})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerSpec) and (self.name, self.settings) == (
            other.name, other.settings
        )

    def __hash__(self) -> int:
        return hash((self.name, self.settings))

    def __getstate__(self) -> tuple[str, tuple[tuple[str, Any], ...], Any]:
        return self.name, self.settings, self.target

    def __setstate__(self, state: tuple[str, tuple[tuple[str, Any], ...], Any]) -> None:
        self.name, self.settings, self.target = state


Player = str | Callable[..., Any] | PlayerSpec
"""What a seat may be given: a name (with settings), an Agent class, a factory or a spec."""


def _literal(word: str, text: str) -> Any:
    lowered = {"true": True, "false": False, "none": None}
    if word.lower() in lowered:
        return lowered[word.lower()]
    try:
        return ast.literal_eval(word)
    except (ValueError, SyntaxError):
        raise UnknownPlayerError(
            f"player {quoted(text)}: setting value {quoted(word)} is not a number, string, "
            "true/false or none"
        ) from None


def _split(text: str) -> list[str]:
    """``a,b(x=1, y=[2, 3]),c(z='4,5')`` at the commas outside brackets and quoted strings."""
    parts, depth, start, quote, escaped = [], 0, 0, "", False
    for i, char in enumerate(text):
        if quote:  # inside a string: only its closing quote counts
            escaped, closing = char == "\\" and not escaped, char == quote and not escaped
            quote = "" if closing else quote
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def seat_players(spec: Player | Sequence[Player], seats: int = 4) -> tuple[PlayerSpec, ...]:
    """The player of each of the ``seats`` seats from ``"a,b,c,d"``, one player for every
    seat, or a sequence of players.

    >>> [str(p) for p in seat_players("random,defensive(caution=2.0)", seats=2)]
    ['random', 'defensive(caution=2.0)']
    """
    if isinstance(spec, str):
        given: list[Player] = list(_split(spec))
    elif isinstance(spec, PlayerSpec) or callable(spec):
        given = [spec]
    elif isinstance(spec, Sequence):
        given = list(spec)
    else:
        raise UnknownPlayerError(
            f"players {quoted(spec)}: expected a player for every seat or a sequence of players "
            "(names, Agent classes, factories seed -> Agent or PlayerSpecs)"
        )
    players = [p if isinstance(p, PlayerSpec) else
               PlayerSpec.parse(p) if isinstance(p, str) else PlayerSpec(p) for p in given]
    if len(players) == 1:
        players *= seats
    if len(players) != seats:
        raise UnknownPlayerError(
            f"players {quoted(spec)}: expected one player for every seat or "
            f"{_WORDS.get(seats, seats)}, separated by commas (got {len(players)})"
        )
    return tuple(players)


def load_player(name: str) -> Callable[..., Any]:
    """The agent class (or factory) of a built-in player name, of ``module:Class`` (or
    ``module:function``) or of ``mjai:COMMAND``."""
    if name.startswith(MJAI_PREFIX):
        if not name[len(MJAI_PREFIX):].strip():
            raise UnknownPlayerError(f"player {name!r}: expected mjai:COMMAND, the bot's command line")
        from riichi.agents.mjai import MjaiAgent

        return MjaiAgent
    path = PLAYERS.get(name, name)
    if ":" not in path:
        raise UnknownPlayerError(
            f"unknown player {name!r}; expected one of {', '.join(PLAYERS)}, module:Class, "
            f"module:function or {MJAI_PREFIX}COMMAND"
        )
    module_name, _, attribute = path.partition(":")
    if not module_name or module_name.startswith(".") or not attribute:
        # importlib takes neither an empty nor a relative module name (ValueError, TypeError)
        raise UnknownPlayerError(
            f"player {name!r}: expected module:Class, an absolute module name and a name in it"
        )
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise UnknownPlayerError(f"player {name!r}: cannot import {module_name} ({e})") from None
    found: Any = module
    for part in attribute.split("."):
        found = getattr(found, part, None)
    if not callable(found):
        raise UnknownPlayerError(
            f"player {name!r}: {module_name} has no class or function {attribute}"
            + (" in this installation" if name in PLAYERS else "")
        )
    target: Callable[..., Any] = found
    if isinstance(target, type) and not callable(getattr(target, "act", None)):
        raise UnknownPlayerError(
            f"player {name!r}: {path} is not an Agent (it has no act(observation, legal_actions))"
        )
    return target


def runs_code(spec: PlayerSpec) -> bool:
    """Whether ``spec`` is code that naming it runs (``module:Class``, ``module:function``, an
    mjai bot's command), not one of the built-in players.

    >>> runs_code(PlayerSpec.parse("defensive(caution=2.0)")), runs_code(PlayerSpec("mjai:bot"))
    (False, True)
    """
    return spec.name not in PLAYERS


def player_target(spec: PlayerSpec) -> Callable[..., Any]:
    """The agent class (or factory) that ``spec`` names or holds."""
    return spec.target if spec.target is not None else load_player(spec.name)


def _takes_seed(target: type) -> bool:
    """Whether the constructor of ``target`` takes ``seed``. The built-in players are extension
    types, whose constructors have no signature to read: every one takes a seed."""
    try:
        return "seed" in inspect.signature(target).parameters
    except (TypeError, ValueError):  # a constructor without an introspectable signature
        return issubclass(target, BuiltinAgent)


def agent_factory(spec: PlayerSpec | str) -> AgentFactory:
    """A function that makes the agent of ``spec`` from a seed (see the module's text)."""
    if isinstance(spec, str):
        spec = PlayerSpec.parse(spec)
    target = player_target(spec)
    settings = dict(spec.settings)
    if spec.name.startswith(MJAI_PREFIX):
        command = spec.name[len(MJAI_PREFIX):]

        def make_bot(seed: int) -> Agent:
            bot: Agent = target(command, **settings)
            return bot

        return make_bot
    if isinstance(target, type):
        takes_seed = _takes_seed(target)

        def make(seed: int) -> Agent:
            agent: Agent = target(seed=seed, **settings) if takes_seed else target(**settings)
            return agent

        return make

    def made(seed: int) -> Agent:
        agent = target(seed, **settings)
        if not callable(getattr(agent, "act", None)):
            raise UnknownPlayerError(
                f"player {str(spec)!r} made {quoted(agent)}, which is not an Agent "
                "(it has no act(observation, legal_actions))"
            )
        return agent  # type: ignore[no-any-return]

    return made


def check_player(spec: PlayerSpec) -> None:
    """Make one agent of ``spec`` (not an mjai bot, which would start a process), so that a bad
    name or setting fails before any game, naming the player."""
    make = agent_factory(spec)
    if spec.name.startswith(MJAI_PREFIX):
        return
    try:
        make(0)
    except UnknownPlayerError:
        raise
    except (TypeError, ValueError) as e:
        raise UnknownPlayerError(f"player {str(spec)!r} cannot be made: {e}") from None


def check_commands(players: Sequence[PlayerSpec]) -> None:
    """Fail (:class:`~riichi.errors.UnknownPlayerError`) before any game when the command of an
    mjai bot among ``players`` names no program this machine can run: a path to no file, or to
    one that may not be executed, or a name on no folder of ``PATH``. For a run on this machine
    (a Ray cluster's workers look for their bots' programs where they run)."""
    for spec in dict.fromkeys(players):
        if not spec.name.startswith(MJAI_PREFIX):
            continue
        from riichi.agents.mjai import MjaiAgent

        bot = agent_factory(spec)(0)  # made, not started: its own reading of its command
        if not isinstance(bot, MjaiAgent):
            continue
        program = bot.command[0]
        if os.sep in program or (os.altsep is not None and os.altsep in program):
            problem = ("is no file" if not os.path.exists(program) else "is a folder" if os.path.isdir(program)
                       else "may not be executed" if not os.access(program, os.X_OK) else "")
        else:
            problem = "" if shutil.which(program) else "is on no folder of PATH"
        if problem:
            raise UnknownPlayerError(
                f"player {str(spec)!r}: the bot's program {program!r} {problem} (expected the "
                "path of an executable file, or the name of a program on PATH)"
            )


def check_sendable(players: Sequence[PlayerSpec], dumps: Callable[[Any], bytes], where: str) -> None:
    """Fail (:class:`~riichi.errors.BackendError`) before any worker starts when a player cannot
    be sent to ``where`` with ``dumps``, naming its seat."""
    for seat, spec in enumerate(players):
        try:
            dumps(spec)
        except Exception as e:  # noqa: BLE001 - pickle raises many kinds, each means the same
            raise BackendError(
                f"player {seat} ({spec}) cannot be sent to {where}: {type(e).__name__}: {e}; "
                "define it at the top level of a module (not a lambda or a local function), "
                "or play with backend 'local'"
            ) from None


def sent_by_value(players: Sequence[PlayerSpec], ray: Any) -> tuple[PlayerSpec, ...]:
    """``players`` holding each its class or factory, those from outside riichi registered with
    Ray's pickler to be sent by value: Ray's workers (on other machines too) need not be able to
    import the user's modules."""
    resolved = tuple(p.resolved() for p in players)
    for spec in resolved:
        module = sys.modules.get(getattr(spec.target, "__module__", "") or "")
        if module is not None and module.__name__.partition(".")[0] not in ("riichi", "__main__"):
            ray.cloudpickle.register_pickle_by_value(module)
    return resolved
