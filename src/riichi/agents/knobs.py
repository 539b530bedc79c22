"""The checks of the built-in players' knobs, made when a player is made: a knob of the wrong
type (``fold_threshold="2000"``, ``calls=1``) is a :class:`~riichi.errors.WrongTypeError` naming
it, where it would fail only at the first decision that weighed it.

>>> count_knob("push_waits", 3), count_or_none_knob("dama_points", None), weight_knob("caution", 2)
(3, None, 2.0)
>>> flag_knob("calls", 1)
Traceback (most recent call last):
...
riichi.errors.WrongTypeError: calls=1: expected True or False
"""

from __future__ import annotations

import math
import numbers

from riichi.errors import RiichiError, WrongTypeError, named_int, quoted

__all__ = ["count_knob", "count_or_none_knob", "flag_knob", "weight_knob"]


def flag_knob(name: str, value: object) -> bool:
    """``value``, given for the on/off knob ``name``, when it is a bool."""
    if type(value) is not bool:
        raise WrongTypeError(f"{name}={quoted(value)}: expected True or False")
    return value


def count_knob(name: str, value: object) -> int:
    """``value``, given for the knob ``name`` (tiles, shanten or points), as an int (a numpy
    integer too, never a bool)."""
    return named_int(name, value, "an int")


def count_or_none_knob(name: str, value: object) -> int | None:
    """``value``, given for the knob ``name`` that None turns off, as an int or None."""
    return None if value is None else named_int(name, value, "an int or None")


def weight_knob(name: str, value: object) -> float:
    """``value``, given for the weight knob ``name``, as a float (any finite real number but a
    bool: an infinite or NaN weight makes every estimate it scales infinite or NaN, and the
    player's choices arbitrary).

    >>> weight_knob("caution", 1e400)
    Traceback (most recent call last):
    ...
    riichi.errors.RiichiError: caution=inf: expected a finite number
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise WrongTypeError(f"{name}={quoted(value)}: expected a number")
    weight = float(value)
    if not math.isfinite(weight):
        raise RiichiError(f"{name}={weight!r}: expected a finite number")
    return weight
