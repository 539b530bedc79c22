"""The exception hierarchy of :mod:`riichi`.

Every error the library raises on purpose derives from :class:`RiichiError`, so a caller can catch
them all at once. Errors caused by a bad argument also derive from :class:`ValueError`, so code that
already handles ``ValueError`` keeps working.
"""

from __future__ import annotations

__all__ = [
    "RiichiError",
    "NotationError",
    "InvalidHandError",
    "IllegalActionError",
    "NotAWinError",
    "NoYakuError",
    "LogFormatError",
    "UnsupportedRuleError",
    "SimulationError",
    "UnknownPlayerError",
    "SituationError",
    "BackendError",
]


class RiichiError(Exception):
    """Base class of every error raised by :mod:`riichi`."""


class NotationError(RiichiError, ValueError):
    """A tile or meld string is not valid notation (``"123m456p789s1122z"``)."""


class InvalidHandError(RiichiError, ValueError):
    """Tiles that cannot form the hand asked for: a fifth copy, a wrong size, a bad meld."""


class IllegalActionError(RiichiError, ValueError):
    """An action the rules do not allow in the current state of a game."""


class NotAWinError(RiichiError, ValueError):
    """The tiles given to the scorer are not a complete hand."""


class NoYakuError(RiichiError, ValueError):
    """A complete hand without any yaku: it cannot win."""


class LogFormatError(RiichiError, ValueError):
    """A game record (mjlog, tenhou.net/6 JSON, mjai) is corrupt or of an unknown format."""


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
