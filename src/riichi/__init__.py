"""riichi: a fast and exact Riichi mahjong engine.

>>> import riichi
>>> riichi.shanten("123m456p789s1122z")
0
>>> riichi.waits("123m456p789s1122z")
[27, 28]

Its names are the core's and the errors' (every name of their ``__all__``), tile notation, and
the main classes and functions of the layers above, each loaded on first use:

>>> riichi.play_game.__module__
'riichi.game.game'
>>> [name for name in dir(riichi) if name.startswith("_")]
['__version__']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riichi import _startup

_startup.guard()  # before the imports, which take most of a second: a Ctrl-C there ends quietly

from riichi import _interpreted  # noqa: E402

if _interpreted.requested():
    _interpreted.install()

# after the switch above, which decides how modules load
from riichi import _core, errors, tiles  # noqa: E402
from riichi._core import *  # noqa: E402, F403 - every hand function is a name of the package
from riichi.errors import *  # noqa: E402, F403 - and every error

if TYPE_CHECKING:
    from riichi import meld
    from riichi.agents import Agent, DefensiveAgent, EfficiencyAgent, RandomAgent
    from riichi.game import Game, GameResult, GameState, MatchResult, play_game, play_match
    from riichi.meld import Meld, MeldKind
    from riichi.rules import RuleSet
    from riichi.scoring import HandResult, Payments, Win, score_hand, settle
    from riichi.tiles import (
        counts_from, format_counts, format_ids, format_types, parse_counts, parse_ids, parse_tile,
        parse_tile_id, parse_types, tile_name,
    )

    __version__: str

_core.set_counts_converter(tiles.counts_from)

# The hand functions above are all that `import riichi` (and so `import riichi._core`, which runs
# this file first) loads: every worker process of a simulation pays for this import. The table,
# the players and the scorer are loaded on first use of one of their names (PEP 562).
_LAZY: dict[str, tuple[str, ...]] = {
    "riichi.tiles": ("counts_from", "format_counts", "format_ids", "format_types", "parse_counts",
                     "parse_ids", "parse_tile", "parse_tile_id", "parse_types", "tile_name"),
    "riichi.meld": ("Meld", "MeldKind"),
    "riichi.rules": ("RuleSet",),
    "riichi.scoring": ("HandResult", "Payments", "Win", "score_hand", "settle"),
    "riichi.game": ("Game", "GameResult", "GameState", "MatchResult", "play_game", "play_match"),
    "riichi.agents": ("Agent", "RandomAgent", "EfficiencyAgent", "DefensiveAgent"),
}
"""The names of the layers above the core that the package offers, by the module holding each."""
_HOME = {name: module for module, names in _LAZY.items() for name in names}
# Subpackages reachable as attributes after a bare `import riichi`, as when it loaded them all.
_SUBPACKAGES = frozenset({"agents", "game", "logs", "meld", "rules", "scoring", "tiles"})


def _load(name: str) -> object:
    """The value of the lazily loaded attribute ``name``, imported now and kept."""
    import importlib

    if name in _HOME:
        value: object = getattr(importlib.import_module(_HOME[name]), name)
    elif name in _SUBPACKAGES:
        value = importlib.import_module(f"riichi.{name}")
    elif name == "__version__":
        value = _version()
    else:
        raise AttributeError(f"module 'riichi' has no attribute {name!r}")
    globals()[name] = value
    return value


def _version() -> str:
    """The installed distribution's version: pyproject.toml is its one source."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("riichi")
    except PackageNotFoundError:  # a copy of the sources without an installation's metadata
        return "0+unknown"


def __dir__() -> list[str]:
    return sorted({*__all__, *_SUBPACKAGES, "__version__"})


# Type checkers see every name through the imports above; a module `__getattr__` would make
# them accept any attribute of `riichi`, misspelt ones included.
if not TYPE_CHECKING:
    __getattr__ = _load

__all__ = [*errors.__all__, *_core.__all__, *_HOME, "meld", "tiles"]
