"""The checks of the built-in players' knobs, made when a player is made: a knob of the wrong
type (``fold_threshold="2000"``, ``calls=1``) is a :class:`~riichi.errors.WrongTypeError` naming
it, and one outside its range (``fold_threshold=-5``, ``caution=inf``) a
:class:`~riichi.errors.PlayerSettingError` naming it and the range, where either would have failed
at the first decision that weighed it or silently changed the player's play.

>>> count_knob("push_waits", 3, 0, 136), count_or_none_knob("dama_points", None, 0)
(3, None)
>>> weight_knob("caution", 2)
2.0
>>> flag_knob("calls", 1)
Traceback (most recent call last):
...
riichi.errors.WrongTypeError: calls=1: expected True or False
>>> count_knob("threat_melds", 0, 1, 4)
Traceback (most recent call last):
...
riichi.errors.PlayerSettingError: threat_melds=0: expected an int 1 to 4
"""

from __future__ import annotations

import math
import numbers

from riichi.errors import PlayerSettingError, WrongTypeError, named_int, quoted

__all__ = [
    "HAND_TILES", "MAX_DORA_WEIGHT", "MAX_SHANTEN", "SET_TILES",
    "count_knob", "count_or_none_knob", "flag_knob", "weight_knob",
]

HAND_TILES = 14
"""The most tiles a hand holds: the top of the knobs that count tiles of a hand."""
MAX_SHANTEN = 8
"""The highest shanten of a hand (toward four sets and a pair, or all triplets): a call limit
of this many allows every call."""
SET_TILES = 136
"""The tiles of the set: the top of the knobs that count tiles of the wall or out of sight."""
MAX_DORA_WEIGHT = 51
"""The top of ``dora_weight``: a tile type is kept for up to five times it (dora four times over,
and a red five), which must fit the byte that holds its worth."""


def flag_knob(name: str, value: object) -> bool:
    """``value``, given for the on/off knob ``name``, when it is a bool."""
    if type(value) is not bool:
        raise WrongTypeError(f"{name}={quoted(value)}: expected True or False")
    return value


def count_knob(name: str, value: object, low: int, high: float = math.inf) -> int:
    """``value``, given for the knob ``name`` (tiles, shanten or points), as an int (a numpy
    integer too, never a bool) from ``low`` to ``high``."""
    return _count(name, value, low, high, f"an int {_span(low, high)}")


def count_or_none_knob(name: str, value: object, low: int, high: float = math.inf) -> int | None:
    """``value``, given for the knob ``name`` that None turns off, as an int from ``low`` to
    ``high`` or None."""
    if value is None:
        return None
    return _count(name, value, low, high, f"an int {_span(low, high)} or None")


def weight_knob(name: str, value: object) -> float:
    """``value``, given for the weight knob ``name``, as a float: any finite real number from 0 up
    but a bool (an infinite or NaN weight makes every estimate it scales infinite or NaN, and the
    player's choices arbitrary; a negative one seeks what it should avoid).

    >>> weight_knob("caution", 1e400)
    Traceback (most recent call last):
    ...
    riichi.errors.PlayerSettingError: caution=inf: expected a finite number 0 or more
    """
    expected = f"a finite number {_span(0, math.inf)}"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise WrongTypeError(f"{name}={quoted(value)}: expected {expected}")
    weight = float(value)
    _check_within(name, weight, 0, math.inf, expected)
    return weight


def _count(name: str, value: object, low: int, high: float, expected: str) -> int:
    """``value`` as an int from ``low`` to ``high``, else an error saying ``expected``."""
    count = named_int(name, value, expected)
    _check_within(name, count, low, high, expected)
    return count


def _check_within(name: str, number: float, low: int, high: float, expected: str) -> None:
    """A PlayerSettingError naming the knob ``name``, ``number`` and ``expected`` unless
    ``number`` is a finite number from ``low`` to ``high``."""
    if not low <= number <= high or number == math.inf:  # NaN is never within
        raise PlayerSettingError(f"{name}={number!r}: expected {expected}")


def _span(low: int, high: float) -> str:
    """The range from ``low`` to ``high`` in words: ``0 to 14``, ``0 or more``."""
    return f"{low} or more" if high == math.inf else f"{low} to {high:,}"
