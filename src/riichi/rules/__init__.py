"""Rule sets: every rule variant is a field of the frozen :class:`RuleSet`, read where the rule applies.

A preset is a named :class:`RuleSet` instance; variants are made with :func:`dataclasses.replace`:

>>> from dataclasses import replace
>>> ema = RuleSet.preset("ema")
>>> ema.kiriage, ema.kazoe_limit
(False, <KazoeLimit.YAKUMAN: 'yakuman'>)
>>> house = replace(ema, kiriage=True, name="house")
>>> house.kiriage
True
>>> RuleSet() == ema
True

The package holds, each in its module: the variants (:mod:`~riichi.rules.variants`, the enums a
field takes), the rule set (:mod:`~riichi.rules.ruleset`, each field with its check from
:mod:`~riichi.rules.checks`), the presets (:mod:`~riichi.rules.presets`), rules files and rule
sets as data (:mod:`~riichi.rules.files`: TOML, JSON, ``--set`` words) and the tables of the
presets (:mod:`~riichi.rules.printed`).
"""

from __future__ import annotations

from riichi.errors import UnknownPresetError
from riichi.rules.presets import PRESET_NAMES
from riichi.rules.ruleset import RuleSet
from riichi.rules import variants
from riichi.rules.variants import *  # noqa: F403 - every variant is a name of the package

__all__ = [*variants.__all__, "RuleSet", "UnknownPresetError", "PRESET_NAMES"]
