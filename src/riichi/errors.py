"""The exception hierarchy of :mod:`riichi`.

Every error the library raises on purpose derives from :class:`RiichiError`, so a caller can catch
them all at once. Errors caused by a bad argument also derive from :class:`ValueError`, so code that
already handles ``ValueError`` keeps working; :class:`WrongTypeError` and :class:`SealedError` derive from
:class:`TypeError` (the second as :mod:`pickle` and :mod:`copy` expect of an object they cannot
handle). No plain ``ValueError`` or ``TypeError`` is raised on purpose (a test reads the sources).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = [
    "RiichiError",
    "NotationError",
    "InvalidHandError",
    "OutputArrayError",
    "IllegalActionError",
    "SettlementError",
    "NotAWinError",
    "NoYakuError",
    "LogFormatError",
    "UnsupportedRuleError",
    "SimulationError",
    "UnknownPlayerError",
    "SituationError",
    "BackendError",
    "RunDirectoryError",
    "GameFailedError",
    "WorkerDiedError",
    "InvalidRuleError",
    "UnknownPresetError",
    "UnknownRuleFieldError",
    "AnalysisError",
    "StatsError",
    "PlayerSettingError",
    "MjaiBotError",
    "IsolatedAgentError",
    "PlayError",
    "MessageError",
    "SealedError",
    "WrongTypeError",
    "ExpiredObservationError",
    "MissingExtraError",
]


class RiichiError(Exception):
    """Base class of every error raised by :mod:`riichi`."""


class NotationError(RiichiError, ValueError):
    """A tile or meld string is not valid notation (``"123m456p789s1122z"``)."""


class InvalidHandError(RiichiError, ValueError):
    """Tiles that cannot form the hand asked for, or a win that cannot be, in arguments of the
    right types (a wrong type is a :class:`WrongTypeError`): a fifth copy, a wrong size, a bad
    meld, ``honba=-1``."""


class OutputArrayError(RiichiError, ValueError):
    """An ``out`` array that cannot take a batch call's results: not a writable numpy array of
    the right dtype and length, or one sharing memory with the input (:func:`riichi.shanten_batch`)."""


class IllegalActionError(RiichiError, ValueError):
    """An action the rules do not allow in the current state of a game.

    The table's refusal (:meth:`described_by`) writes its message, which quotes the action and
    lists the legal ones, when the message is first read (``str``, ``repr``, ``args``, a
    traceback, a pickle): a caller that catches refusals in a loop, a bot trying its answers, pays
    nothing for a text it never reads.
    """

    _describe: Callable[[], str] | None = None

    @classmethod
    def described_by(cls, describe: Callable[[], str]) -> IllegalActionError:
        """The error whose message is ``describe()``, called once, when it is first read
        (``describe`` reads only values that cannot change)."""
        error = cls()
        error._describe = describe
        return error

    def _written(self) -> None:
        describe = self._describe
        if describe is not None:
            del self._describe
            BaseException.args.__set__(self, (describe(),))  # type: ignore[attr-defined]

    @property
    def args(self) -> tuple[Any, ...]:
        self._written()
        return BaseException.args.__get__(self)  # type: ignore[attr-defined,no-any-return]

    @args.setter
    def args(self, value: tuple[Any, ...]) -> None:
        if self._describe is not None:
            del self._describe
        BaseException.args.__set__(self, value)  # type: ignore[attr-defined]

    def __str__(self) -> str:
        self._written()
        return super().__str__()

    def __repr__(self) -> str:
        self._written()
        return super().__repr__()

    def __reduce__(self) -> str | tuple[Any, ...]:
        self._written()
        return super().__reduce__()


class SettlementError(RiichiError, ValueError):
    """Wins that cannot end one hand, given to :func:`~riichi.scoring.settle`: none, a seat not at
    the table or winning twice, a ron on one's own discard, more ron winners than the rules let win
    at once, or a negative count of counters or riichi sticks."""


class NotAWinError(RiichiError, ValueError):
    """The tiles given to the scorer are not a complete hand."""


class NoYakuError(RiichiError, ValueError):
    """A complete hand without any yaku: it cannot win."""


class LogFormatError(RiichiError, ValueError):
    """A game record (mjlog, tenhou.net/6 JSON, mjai) is corrupt or of an unknown format, or its
    file cannot be read or written (a folder, a missing one, no permission)."""


class UnsupportedRuleError(RiichiError, ValueError):
    """A :class:`~riichi.rules.RuleSet` value that the game engine does not play (yet)."""


class SimulationError(RiichiError, ValueError):
    """A simulation asked for with settings it cannot run (:mod:`riichi.simulate`)."""


class UnknownPlayerError(SimulationError):
    """A player name that is not registered or a ``module:Class`` that cannot be loaded as an agent."""


class SituationError(SimulationError):
    """A game situation (``--from``) that is malformed or impossible under the rules."""


class BackendError(SimulationError):
    """A parallel backend that cannot be used: a missing optional package, an unreachable cluster."""


class RunDirectoryError(SimulationError):
    """An output directory that cannot hold the run, or a run kept there that cannot be resumed
    as it is: a file that does not belong to it, was changed or is cut short."""


class GameFailedError(SimulationError):
    """A game of a simulation that could not be played to its end (an agent raised, or returned
    an illegal action). ``game`` is its row, ``seed`` the run's seed and ``command`` a command
    that replays exactly that game."""

    def __init__(self, message: str, game: int, seed: int, command: str) -> None:
        super().__init__(message, game, seed, command)
        self.game = game
        self.seed = seed
        self.command = command

    def __str__(self) -> str:
        return str(self.args[0])


class WorkerDiedError(GameFailedError):
    """A worker of a simulation that died while it played a shard (killed by a signal, out of
    memory, or ended by an agent): ``shard`` is that shard; ``game`` the game it was playing (or,
    when that is not known, the shard's first), ``seed`` and ``command`` as for
    :class:`GameFailedError`."""

    def __init__(self, message: str, game: int, seed: int, command: str, shard: int) -> None:
        super().__init__(message, game, seed, command)
        self.args = (message, game, seed, command, shard)
        self.shard = shard


class InvalidRuleError(RiichiError, ValueError):
    """A :class:`~riichi.rules.RuleSet` field of the wrong type or out of its range."""


class UnknownPresetError(InvalidRuleError):
    """A rule preset name that does not exist (:data:`~riichi.rules.PRESET_NAMES` lists them)."""


class UnknownRuleFieldError(InvalidRuleError, TypeError):
    """A :class:`~riichi.rules.RuleSet` field name that does not exist, given to ``RuleSet(...)``,
    ``dataclasses.replace`` or a rules file (``python -m riichi.rules`` lists the fields); a
    ``TypeError`` too, as Python's own error for an unexpected keyword is."""


class AnalysisError(RiichiError, ValueError):
    """A decision point or an analysis setting (:mod:`riichi.analyze`) that cannot be used."""


class StatsError(RiichiError, ValueError):
    """Counts or hand records the figures of play (:mod:`riichi.stats`) cannot take: a share's
    hits outside 0 to its total, hands of another number of seats than the players named, a
    rank outside the table."""


class PlayerSettingError(RiichiError, ValueError):
    """A knob of a built-in player outside its range (``DefensiveAgent(fold_threshold=-5)``, an
    infinite ``caution``), refused when the player is made; the message names the knob, the value
    and the range."""


class MjaiBotError(RiichiError):
    """An mjai bot process failed (:class:`~riichi.agents.MjaiAgent`): it did not start, did not
    answer in time, exited, or wrote something that is not one JSON object per line."""


class IsolatedAgentError(RiichiError):
    """An agent run in a process of its own failed (:class:`~riichi.agents.IsolatedAgent`): its
    process did not start, did not answer in time, exited, or the agent raised there."""


class PlayError(RiichiError, ValueError):
    """A bad choice on the command line of the terminal game (an unknown opponent, a bad seat)."""


class MessageError(RiichiError, ValueError):
    """A message from the browser (``riichi.play`` on the web) that is malformed or does not fit
    the game now. ``code`` names the kind of refusal, so that the page can say it in its own
    language: ``"seed"``, ``"stale"`` (an answer to a view that is no longer the latest),
    ``"turn"``, ``"session"`` (no game kept under that id), ``"refused"`` for the rest."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.code = code


class WrongTypeError(RiichiError, TypeError):
    """A value of a type the library does not take there (a bool for a tile mask, a list where
    tile notation is expected, a float for a count in the scorer, rules that are neither a preset
    name nor a ``RuleSet``, a str for a player's count knob); the message says what was expected."""


class SealedError(RiichiError, TypeError):
    """An object that may not be pickled or copied, because the copy would carry what its owner
    may not see: an :class:`~riichi.game.observation.Observation` (it reads the table)."""


class ExpiredObservationError(RiichiError):
    """An :class:`~riichi.game.observation.Observation` read after the decision it was made for
    (the table has moved on and no longer lends it), or one made without a table."""


class MissingExtraError(RiichiError, ImportError):
    """A module that needs an optional extra of the package which is not installed (the
    Gymnasium and PettingZoo environments of :mod:`riichi.env` need ``riichi[env]``); the message
    names the extra and the command that installs it."""


_QUOTE = 60
"""Characters of a user's input an error message quotes at most (about)."""


def quoted(value: object, position: int = 0) -> str:
    """``repr(value)`` for an error message, kept short whatever the input.

    A str longer than 60 characters is cut to 60 around ``position`` (0-based) and says where the
    piece lies; any other long repr is cut after 60 characters; a huge int is described by its size.

    >>> quoted("123m")
    "'123m'"
    >>> quoted("1" * 100 + "x", 100)[-32:]
    "111x' (characters 42-101 of 101)"
    >>> quoted(list(range(100)))[-30:]
    '... (a list of 390 characters)'
    """
    if isinstance(value, str) and len(value) > _QUOTE:
        start = max(0, min(position - _QUOTE // 2, len(value) - _QUOTE))
        piece = value[start : start + _QUOTE]
        return f"{piece!r} (characters {start + 1}-{start + len(piece)} of {len(value)})"
    if isinstance(value, int) and value.bit_length() > 4 * _QUOTE:
        # repr() of an int of more than 4,300 digits raises; this one would be too long anyway.
        return f"an int of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        return f"a {type(value).__name__} that cannot be shown"
    if len(text) > _QUOTE + 20:
        return f"{text[:_QUOTE]}... (a {type(value).__name__} of {len(text)} characters)"
    return text


def as_int(value: object) -> int | None:
    """``value`` as an int when the library takes it for one, else None: an int, or what
    :func:`operator.index` takes (numpy's integers, which environments hand out), but never a
    bool (numpy's neither): the rule for a seat, a count or an index given to the library
    (:func:`checked_int`'s, and the settlement's of :mod:`riichi.scoring.settle`).

    >>> as_int(np.int64(2)), as_int(2), as_int(True), as_int(2.0), as_int("2")
    (2, 2, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, (bool, np.bool_)):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def checked_int(value: object, what: str) -> int:
    """``value``, a number the caller gave, as an int (:func:`as_int`); a bool (numpy's too:
    ``True`` is no tile, seat or count) or a value that is no integer is refused with a
    :class:`WrongTypeError` saying ``what`` was expected.

    >>> checked_int(3, "a seat (an int 0-3)")
    3
    >>> checked_int(True, "a seat (an int 0-3)")
    Traceback (most recent call last):
    ...
    riichi.errors.WrongTypeError: expected a seat (an int 0-3), got the bool True
    """
    number = as_int(value)
    if number is not None:
        return number
    if isinstance(value, (bool, np.bool_)):
        raise WrongTypeError(f"expected {what}, got the bool {value!r}")
    raise WrongTypeError(f"expected {what}, got {type(value).__name__} {quoted(value)}")


def named_int(name: str, value: object, expected: str) -> int:
    """``value``, given as the argument ``name``, as an int (:func:`as_int`); anything else is a
    :class:`WrongTypeError` saying ``name=value: expected ...``.

    >>> named_int("seat", np.int64(2), "a seat 0-3")
    2
    >>> named_int("seat", 2.0, "a seat 0-3")
    Traceback (most recent call last):
    ...
    riichi.errors.WrongTypeError: seat=2.0: expected a seat 0-3
    """
    number = as_int(value)
    if number is None:
        raise WrongTypeError(f"{name}={quoted(value)}: expected {expected}")
    return number


def named_count(name: str, value: object) -> int:
    """``value``, given as the argument ``name``, as an int >= 0 (a count, a seed, an index):
    another type is a :class:`WrongTypeError` (:func:`named_int`), a negative int a
    :class:`RiichiError`, each saying ``name=value: expected an int >= 0``.

    >>> named_count("honba", np.int64(2))
    2
    >>> named_count("honba", -1)
    Traceback (most recent call last):
    ...
    riichi.errors.RiichiError: honba=-1: expected an int >= 0
    """
    number = named_int(name, value, "an int >= 0")
    if number < 0:
        raise RiichiError(f"{name}={quoted(value)}: expected an int >= 0")
    return number
