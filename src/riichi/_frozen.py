"""The base of the table's immutable values: actions, melds, pond entries, positions.

The table makes these once and shares them (across seats, and for the actions and pond entries
across games), so nothing may change one after it is made. In the compiled build each subclass's
fields are read-only C fields (its ``.pxd``): no assignment, ``object.__setattr__`` included, can
reach them, and a second call of ``__init__`` (which writes them at C level) is refused by
:meth:`Frozen._seal`; there is no ``__setstate__`` (the build turns Cython's automatic pickling
off) and a copy or an unpickled value is made anew by its constructor (``__reduce__``). The
interpreted build (``RIICHI_PURE_PYTHON=1``, the reference) sets each field once in ``__init__``
and refuses every later assignment, as a frozen dataclass does.

Equality, hashing, ``repr`` and pickling follow the fields a subclass names in ``_fields``:

>>> from riichi.game.actions import Discard
>>> Discard(0, 52) == Discard(0, 52), Discard(0, 52)
(True, Discard(seat=0, tile=52))
>>> Discard(0, 52).tile = 53
Traceback (most recent call last):
...
AttributeError: Discard.tile is read-only
>>> Discard(0, 52).__init__(0, 53)
Traceback (most recent call last):
...
AttributeError: Discard.seat is read-only
"""

from __future__ import annotations

import dataclasses
from typing import Any

__all__ = ["Frozen", "dataclass_fields"]


class Frozen:
    """An immutable value compared, hashed and pickled by the fields its class lists."""

    __slots__ = ("_sealed",)
    _fields: tuple[str, ...] = ()
    _sealed: bool

    def _seal(self) -> None:
        """Mark a value made: called first by every ``__init__`` and by the table's trusted
        constructors, so that calling ``__init__`` again on a made value (which in the compiled
        build would write its C fields in place) is refused."""
        try:
            sealed = self._sealed  # a C field in the compiled build, read without a lookup
        except AttributeError:  # the interpreted build's slot, unset until the value is made
            sealed = False
        if sealed:
            raise AttributeError(f"{type(self).__name__}.{self._fields[0]} is read-only")
        self._sealed = True

    def __setattr__(self, name: str, value: object) -> None:
        # Set once: the interpreted build's __init__ comes through here, the compiled build's
        # writes its C fields directly and never does.
        if hasattr(self, name):
            raise AttributeError(f"{type(self).__name__}.{name} is read-only")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__}.{name} is read-only")

    def _key(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self._fields])

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        # field by field, as the tuples of _key() compare, without making them (a legal action
        # is looked up among the listed ones by value)
        for name in self._fields:
            mine = getattr(self, name)
            theirs = getattr(other, name)
            if mine is not theirs and not mine == theirs:
                return False
        return True

    def __hash__(self) -> int:
        # the fields alone (ints and tuples of them), not the class name: a str's hash changes
        # from process to process, and sets of actions must iterate alike in every process
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join([f"{name}={getattr(self, name)!r}" for name in self._fields])
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._key())


def dataclass_fields(names: tuple[str, ...], *types: str, **defaults: object) -> dict[str, dataclasses.Field[Any]]:
    """What :mod:`dataclasses` reads of a value type: its fields ``names``, with their ``types`` and
    ``defaults``. A class that sets its ``__dataclass_fields__`` to this is taken by
    :func:`dataclasses.fields`, :func:`~dataclasses.replace` and :func:`~dataclasses.asdict` as a
    frozen dataclass (the record's events, which once were).

    >>> from riichi.logs.events import Draw  # dataclass_fields(("actor", "pai", "rinshan"), ..., rinshan=False)
    >>> dataclasses.replace(Draw(0, 52), pai=53), dataclasses.asdict(Draw(1, 7))
    (Draw(actor=0, pai=53, rinshan=False), {'actor': 1, 'pai': 7, 'rinshan': False})
    """
    spec = [(name, kind, dataclasses.field(default=defaults[name])) if name in defaults else (name, kind)
            for name, kind in zip(names, types)]
    fields: dict[str, dataclasses.Field[Any]] = vars(dataclasses.make_dataclass("Value", spec, frozen=True))[
        "__dataclass_fields__"]
    return fields
