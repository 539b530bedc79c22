"""The presets: named :class:`~riichi.rules.RuleSet` instances, each built by a function whose
docstring says, in plain words, which published rules it follows (the EMA and WRC rulebooks,
Tenhou, Mahjong Soul, M.League) and where it departs from them or had to decide a point the
published text leaves open (``Decided: ...``). This module names them and builds each once; the
functions live by table size in :mod:`~riichi.rules.presets_4p`, :mod:`~riichi.rules.presets_3p`
and :mod:`~riichi.rules.presets_2p`.

>>> preset("wrc").kiriage
True
>>> PRESET_NAMES[0]
'ema'
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable

from riichi.errors import UnknownPresetError, WrongTypeError, quoted
from riichi.rules.presets_2p import two_player, two_player_match
from riichi.rules.presets_3p import mahjongsoul_3p, tenhou_3p
from riichi.rules.presets_4p import cardavia, ema, ema_2016, mahjongsoul, mleague, tenhou, wrc
from riichi.rules.ruleset import RuleSet

__all__ = ["PRESET_NAMES", "PRESETS", "preset"]


def _east_game(hanchan: Callable[[], RuleSet], what: str) -> Callable[[], RuleSet]:
    """The preset of ``hanchan``'s game played in the East round alone (its name with
    ``-east``); ``what`` names the game."""

    def east() -> RuleSet:
        full = hanchan()
        return dataclasses.replace(full, name=f"{full.name}-east", rounds=1)

    source = inspect.cleandoc(hanchan.__doc__ or "").split("\n\nSource: ", 1)[1]
    east.__doc__ = (f"{what}: ``{hanchan().name}`` in the East round alone, going on into the "
                    f"South round when nobody reaches the target points.\n\nSource: {source}")
    return east


PRESETS: dict[str, Callable[[], RuleSet]] = {
    "ema": ema,
    "ema-2016": ema_2016,
    "wrc": wrc,
    "tenhou": tenhou,
    "tenhou-east": _east_game(tenhou, "Tenhou.net's ranked four-player East game (東喰赤)"),
    "mahjongsoul": mahjongsoul,
    "mleague": mleague,
    "cardavia": cardavia,
    "2p": two_player,
    "2p-match": two_player_match,
    "tenhou-3p": tenhou_3p,
    "tenhou-3p-east": _east_game(
        tenhou_3p, "Tenhou.net's ranked three-player East game (三鳳東喰赤)"
    ),
    "mahjongsoul-3p": mahjongsoul_3p,
    "mahjongsoul-3p-east": _east_game(mahjongsoul_3p, "Mahjong Soul's three-player East game"),
}

_PRESET_CACHE: dict[str, RuleSet] = {}

PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)
"""Names accepted by :meth:`RuleSet.preset`, the default (``ema``) first."""


def preset(name: str) -> RuleSet:
    """The preset called ``name`` (built and checked once, then shared: a rule set is immutable);
    :class:`~riichi.errors.UnknownPresetError` for a name that is not one,
    :class:`~riichi.errors.WrongTypeError` for what is no str."""
    if not isinstance(name, str):
        raise WrongTypeError(f"preset name {quoted(name)}: expected a str, one of "
                             f"{', '.join(PRESET_NAMES)}")
    rules = _PRESET_CACHE.get(name)
    if rules is None:
        factory = PRESETS.get(name)
        if factory is None:
            raise UnknownPresetError(
                f"unknown rule preset {quoted(name)}; known presets: {', '.join(PRESET_NAMES)}"
            )
        rules = _PRESET_CACHE[name] = factory()
    return rules
