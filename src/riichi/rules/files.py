"""Rules files and rule sets as data: a whole :class:`~riichi.rules.RuleSet` as plain values (for JSON) and back,
a preset changed by ``field=value`` words (the simulator's ``--set``), and rules files (TOML: a
preset name plus fields).

>>> house = with_changes(RuleSet.preset("tenhou"), ["uma=30000,10000,-10000,-30000", "red_fives=false"])
>>> house.uma, house.red_fives
((30000, 10000, -10000, -30000), False)
>>> describe(house)
'tenhou with red_fives=false, uma=30000,10000,-10000,-30000'
>>> rules_from_dict(rules_to_dict(house)) == house
True
>>> with_changes(RuleSet(), ["red_five=false"])
Traceback (most recent call last):
...
riichi.errors.UnknownRuleFieldError: unknown rule field 'red_five' (did you mean red_fives?); python -m riichi.rules lists them
"""

from __future__ import annotations

import dataclasses
import enum
import os
import tomllib
from collections.abc import Iterable, Mapping
from typing import Any

from riichi.errors import InvalidRuleError, LogFormatError, RiichiError, WrongTypeError, quoted
from riichi.rules import PRESET_NAMES, RuleSet
from riichi.rules.checks import unknown_field
from riichi.rules.presets import PRESETS

__all__ = [
    "carried_rules", "plain_value", "rules_to_dict", "rules_from_dict", "parse_change", "with_changes", "read_rules_file",
    "load_rules", "nearest_preset", "rule_changes", "rule_word", "describe", "rules_in_record",
]

_TYPES = {f.name: str(f.type) for f in dataclasses.fields(RuleSet)}
PRESET_KEY = "preset"
"""The key of a rules file (or dict) naming the preset its fields change (default ``ema``)."""


def plain_value(value: Any) -> Any:
    """A field's value as JSON and TOML hold it: enums by value, sets as sorted lists."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(plain_value(v) for v in value)
    if isinstance(value, tuple):
        return list(value)
    return value


def rules_to_dict(rules: RuleSet) -> dict[str, Any]:
    """Every field of ``rules`` as a plain value (JSON-ready), in the order of the fields."""
    return {name: plain_value(getattr(rules, name)) for name in _TYPES}


def _field(name: object) -> str:
    if isinstance(name, str) and name in _TYPES:
        return name
    raise unknown_field(name, list(_TYPES))


def _stored(name: str, value: Any) -> Any:
    """A plain value (from JSON or TOML) in the form the field takes; "none" stands for None
    where the field allows it (TOML has no null)."""
    kind = _TYPES[name]
    if kind.endswith("| None") and isinstance(value, str) and value.lower() == "none":
        return None
    if kind.startswith("tuple") and isinstance(value, list):
        return tuple(value)
    return value


def _checked(base: RuleSet, changes: Mapping[str, Any]) -> RuleSet:
    """``base`` with ``changes``; an invalid value raises the one-line InvalidRuleError of
    RuleSet, which names the field, the value and what it allows."""
    return dataclasses.replace(base, **{_field(k): _stored(_field(k), v) for k, v in changes.items()})


def rules_from_dict(data: Mapping[str, Any]) -> RuleSet:
    """A rule set from the fields in ``data`` over the preset named by its ``preset`` key
    (``ema`` when there is none): :func:`rules_to_dict` read back, or a rules file's table."""
    if not isinstance(data, Mapping):
        raise WrongTypeError(f"rules={quoted(data)}: expected a mapping of rule fields to values "
                             "(a rules file's table)")
    fields = dict(data)
    name = fields.pop(PRESET_KEY, PRESET_NAMES[0])
    if not isinstance(name, str) or name not in PRESETS:
        raise InvalidRuleError(
            f"{PRESET_KEY}={quoted(name)}: expected a preset name: {', '.join(PRESET_NAMES)}"
        )
    return _checked(RuleSet.preset(name), fields)


def parse_change(text: str) -> tuple[str, Any]:
    """``field=value`` as the field and its value: ``true``/``false``, ``none`` (where the field
    allows None; for a set field, the empty set), an int, items separated by commas (uma, sets),
    an enum's value.

    >>> parse_change("uma=15000,5000,-5000,-15000"), parse_change("ryanhan_shibari=none")
    (('uma', (15000, 5000, -5000, -15000)), ('ryanhan_shibari', None))
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"rule change {quoted(text)}: expected a str, field=value")
    name, sep, word = text.partition("=")
    if not sep:
        raise InvalidRuleError(f"rule change {quoted(text)}: expected field=value")
    name = _field(name.strip())
    word = word.strip()
    kind = _TYPES[name]
    if kind.endswith("| None") and word.lower() == "none":
        return name, None
    try:
        if kind == "bool":
            return name, {"true": True, "false": False}[word.lower()]
        if kind.startswith("int"):
            return name, int(word.replace("_", ""))
        if kind.startswith("tuple"):
            return name, tuple(int(w) for w in word.split(","))
    except (KeyError, ValueError):
        allowed = {"bool": "true or false", "tuple": "ints separated by commas"}.get(
            kind.partition("[")[0], "an int" + (" or none" if "None" in kind else "")
        )
        raise InvalidRuleError(f"{name}={quoted(word)}: expected {allowed}") from None
    if kind.startswith("frozenset"):
        words = [] if word.lower() in ("", "none") else word.split(",")
        return name, frozenset(w.strip() for w in words)
    return name, word


def with_changes(rules: RuleSet, changes: Iterable[str]) -> RuleSet:
    """``rules`` with each ``field=value`` of ``changes`` applied (later ones win)."""
    if isinstance(changes, (str, bytes)) or not isinstance(changes, Iterable):  # not letters
        raise WrongTypeError(f"changes={quoted(changes)}: expected a list of field=value words")
    return _checked(rules, dict(parse_change(text) for text in changes))


def read_rules_file(path: str | os.PathLike[str]) -> RuleSet:
    """The rule set of a TOML file: ``preset = "tenhou"`` (default ``ema``) and fields with
    TOML values (``uma = [30000, 10000, -10000, -30000]``, ``red_fives = false``, ``"none"``
    for None)."""
    where = f"rules file {os.fspath(path)!r}"
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise InvalidRuleError(f"{where}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise InvalidRuleError(
            f"{where} is not UTF-8 text (byte {e.object[e.start]:#04x} at offset {e.start}); "
            "expected TOML, which is UTF-8"
        ) from None
    except RecursionError:  # the reader recurses once per nested array or inline table
        raise InvalidRuleError(f"{where} nests arrays or tables too deeply to be read") from None
    except tomllib.TOMLDecodeError as e:
        raise InvalidRuleError(f"{where} is not valid TOML: {e}") from None
    try:
        return rules_from_dict(data)
    except InvalidRuleError as e:
        raise InvalidRuleError(f"{where}: {e}") from None


def load_rules(source: str, changes: Iterable[str] = ()) -> RuleSet:
    """A preset name or a rules file (a name ending ``.toml``), then ``field=value`` changes:
    what the simulator's ``--rules`` and ``--set`` say.

    >>> load_rules("tenhou", ["kuitan=false"]).kuitan
    False
    """
    base = read_rules_file(source) if source.endswith(".toml") else RuleSet.preset(source)
    return with_changes(base, changes)


def nearest_preset(rules: RuleSet) -> str:
    """The preset ``rules`` is named after, or else the one it differs from in fewest fields."""
    if rules.name in PRESETS:
        return rules.name
    return min(PRESET_NAMES, key=lambda name: len(rule_changes(rules, name)))


def rule_changes(rules: RuleSet, preset: str | None = None) -> dict[str, Any]:
    """The fields (but the name) in which ``rules`` differs from ``preset`` (default: the
    :func:`nearest_preset`), as plain values."""
    base = RuleSet.preset(preset or nearest_preset(rules))
    return {
        name: plain_value(getattr(rules, name)) for name in sorted(_TYPES)
        if name != "name" and getattr(rules, name) != getattr(base, name)
    }


def rules_in_record(rules: RuleSet) -> dict[str, Any]:
    """``rules`` as a game record written by this package carries them: the preset they are
    named after (or the nearest) and each field changed from it, as a rules file holds them;
    :func:`rules_from_dict` reads them back.

    >>> rules_in_record(RuleSet.preset("cardavia"))
    {'preset': 'cardavia'}
    >>> house = with_changes(RuleSet.preset("tenhou"), ["red_fives=false"])
    >>> rules_in_record(house), rules_from_dict(rules_in_record(house)) == house
    ({'preset': 'tenhou', 'red_fives': False}, True)
    """
    preset = nearest_preset(rules)
    named = {} if rules.name == preset else {"name": rules.name}
    return {PRESET_KEY: preset, **named, **rule_changes(rules, preset)}


def rule_word(value: Any) -> str:
    """A plain value (:func:`rule_changes`) as :func:`parse_change` reads it.

    >>> rule_word([30000, 10000, -10000, -30000]), rule_word(False), rule_word(None)
    ('30000,10000,-10000,-30000', 'false', 'none')
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return ",".join(map(str, value)) or "none"
    return str(value)


def describe(rules: RuleSet) -> str:
    """The rule set in words: its preset and each change in ``--set`` form."""
    preset = nearest_preset(rules)
    changes = ", ".join(f"{k}={rule_word(v)}" for k, v in rule_changes(rules, preset).items())
    named = rules.name if rules.name == preset else f"{rules.name} ({preset}"
    text = f"{named} with {changes}" if changes else named
    return text if rules.name == preset else text + ")"


def carried_rules(value: object, source: str) -> RuleSet | None:
    """The rule set a record's header carries (``value``: its ``rules``, a preset name and the
    fields changed, as :func:`~riichi.rules.files.rules_in_record` writes them), None when it
    carries none; :class:`LogFormatError` naming ``source`` for rules no table plays."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise LogFormatError(f"{source}: 'rules' must be an object (a preset and its changes), "
                             f"got {quoted(value)}")
    try:
        return rules_from_dict(value)
    except RiichiError as exc:
        raise LogFormatError(f"{source}: the record's rules: {exc}") from None
