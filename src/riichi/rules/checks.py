"""What a :class:`~riichi.rules.RuleSet` field allows, kept with the field: ``rule(default, check)``.

A check takes the value given for a field and returns the value to store (the value itself, or
its canonical form: an enum member for its string, a frozenset for any collection) or raises
:class:`Expected` saying what the field allows, which ``RuleSet`` puts into its
:class:`~riichi.errors.InvalidRuleError`.

>>> one_of(2, 3, 4)(3)
3
>>> try:
...     int_in(1, 99)(0)
... except Expected as allowed:
...     print(allowed)
an int 1 to 99
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import functools
from collections.abc import Callable, Collection, Sequence
from typing import Any, TypeVar, cast

import numpy as np

from riichi.errors import UnknownRuleFieldError, WrongTypeError, quoted

__all__ = [
    "Check", "Expected", "POINTS", "rule", "check_of", "int_in", "one_of", "boolean", "text",
    "optional", "member", "members", "uma_table", "unknown_field", "known_fields_only",
]

Check = Callable[[Any], Any]
"""Returns the value to store (the value itself, or its canonical form) or raises Expected."""

_CHECK = "check"
"""The key of a field's check in its ``dataclasses.field`` metadata."""

T = TypeVar("T")


class Expected(Exception):
    """What a field allows, for the message of :class:`~riichi.errors.InvalidRuleError`."""


POINTS = 10_000_000
"""Far beyond any table's points, and within the scoring kernel's C ints."""


def rule(default: T, check: Check) -> T:
    """A :class:`~riichi.rules.RuleSet` field with its default and its check, in one place.

    Type checkers read the result as the default (the field's type); the dataclass reads the
    ``dataclasses.field`` it is.
    """
    return dataclasses.field(default=default, metadata={_CHECK: check})


def check_of(field: dataclasses.Field[Any]) -> Check:
    """The check of a field made by :func:`rule`; a field made otherwise is a mistake in the
    class, refused when the class is made."""
    try:
        return cast(Check, field.metadata[_CHECK])
    except KeyError:
        raise WrongTypeError(f"RuleSet field {field.name!r} has no check: declare it with rule()") from None


def unknown_field(name: object, fields: Sequence[str]) -> UnknownRuleFieldError:
    """The error for a field ``name`` that is not among the rule set's ``fields``, naming the
    nearest one.

    >>> print(unknown_field("red_five", ["red_fives", "kuitan"]))
    unknown rule field 'red_five' (did you mean red_fives?); python -m riichi.rules lists them
    """
    close = difflib.get_close_matches(str(name), fields, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    return UnknownRuleFieldError(
        f"unknown rule field {quoted(name)}{hint}; python -m riichi.rules lists them"
    )


def known_fields_only(init: Callable[..., None], fields: Sequence[str]) -> Callable[..., None]:
    """The rule set's dataclass ``__init__``, refusing a field not among ``fields`` with
    :func:`unknown_field` (``dataclasses.replace`` builds through it too) rather than Python's
    bare TypeError."""
    known = frozenset(fields)

    @functools.wraps(init)
    def checked_init(self: object, *args: Any, **values: Any) -> None:
        for name in values:
            if name not in known:
                raise unknown_field(name, fields)
        init(self, *args, **values)

    return checked_init


def _plain_int(value: Any) -> int | None:
    """``value`` as an int if it is an integer (a numpy one too) but not a bool, else None."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        return None
    return int(value)


def int_in(low: int, high: int, *, multiple_of: int = 1, why: str = "") -> Check:
    """An int from ``low`` to ``high`` (a multiple of ``multiple_of``); ``why`` ends the message."""

    def check(value: Any) -> int:
        number = _plain_int(value)
        if number is None or not low <= number <= high or number % multiple_of:
            step = f", a multiple of {multiple_of}" if multiple_of > 1 else ""
            raise Expected(f"an int {low:,} to {high:,}{step}{why}")
        return value if type(value) is int else number

    return check


def one_of(*choices: int) -> Check:
    """One of the ints ``choices``."""

    def check(value: Any) -> int:
        number = _plain_int(value)
        if number is None or number not in choices:
            raise Expected(", ".join(map(str, choices[:-1])) + f" or {choices[-1]}")
        return value if type(value) is int else number

    return check


def boolean(value: Any) -> bool:
    """True or False (not 0 or 1)."""
    if not isinstance(value, bool):
        raise Expected("True or False")
    return value


def text(value: Any) -> str:
    """A str."""
    if not isinstance(value, str):
        raise Expected("a str")
    return value


def optional(check: Check, meaning: str) -> Check:
    """None (which means ``meaning``) or what ``check`` allows."""

    def optional_check(value: Any) -> Any:
        if value is None:
            return None
        try:
            return check(value)
        except Expected as allowed:
            raise Expected(f"None ({meaning}) or {allowed}") from None

    return optional_check


def member(cls: type[enum.StrEnum]) -> Check:
    """A member of ``cls``, or its value's string."""

    def check(value: Any) -> enum.StrEnum:
        if isinstance(value, cls):
            return value
        if type(value) is str and value in cls._value2member_map_:
            return cls(value)
        raise Expected(f"a {cls.__name__}: " + ", ".join(repr(m.value) for m in cls))

    return check


def _frozen(value: Any) -> frozenset[Any] | None:
    """The frozenset of a collection's items, or None for anything else (a str included)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Collection):
        return None
    try:
        return frozenset(value)
    except TypeError:  # unhashable items
        return None


def _names_from(allowed: Collection[str], what: str) -> Check:
    """A set of names from ``allowed`` (any collection, stored as a frozenset)."""
    names = frozenset(allowed)

    def check(value: Any) -> frozenset[Any]:
        items = _frozen(value)
        if items is None or not all(isinstance(v, str) for v in items) or not items <= names:
            raise Expected(f"a frozenset of {what}")
        return value if type(value) is frozenset else items

    return check


def members(cls: type[enum.StrEnum]) -> Check:
    """A set of members of ``cls`` (or their strings), stored as a frozenset of members."""
    names = _names_from([m.value for m in cls], f"{cls.__name__} ({', '.join(m.value for m in cls)})")

    def check(value: Any) -> frozenset[enum.StrEnum]:
        items = names(value)
        if type(items) is frozenset and all(type(v) is cls for v in items):
            return items
        return frozenset(cls(v) for v in items)

    return check


def uma_table(value: Any) -> tuple[int, ...]:
    """Four ints, the uma of 1st to 4th place (0 for the places a smaller table has not)."""
    allowed = (f"four ints -{POINTS:,} to {POINTS:,}, for 1st to 4th place, 0 for the places a "
               "smaller table has not: 20000,0,-20000,0 at three players")
    if not isinstance(value, (tuple, list)) or len(value) != 4:
        raise Expected(allowed)
    numbers = tuple(n for n in map(_plain_int, value) if n is not None and -POINTS <= n <= POINTS)
    if len(numbers) != 4:
        raise Expected(allowed)
    return value if type(value) is tuple and all(type(v) is int for v in value) else numbers
