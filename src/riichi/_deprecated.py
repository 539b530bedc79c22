"""Old public names kept for one release, each served with a :class:`DeprecationWarning` naming
the new one: a module's ``__getattr__`` for old module names, a class attribute for old
attribute names."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar, overload

__all__ = ["renamed", "RenamedAttribute"]

T = TypeVar("T")


def renamed(module: str, old_names: Mapping[str, tuple[str, object]]) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``module``: ``old_names`` maps each old name to its new name
    and the object, which it returns with a warning; any other name is an AttributeError.

    >>> __getattr__ = renamed("m", {"Old": ("New", int)})
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     __getattr__("Old") is int, str(caught[0].message)
    (True, 'm.Old is deprecated and goes in the next release: use m.New')
    """

    def __getattr__(name: str) -> object:
        if name in old_names:
            new, value = old_names[name]
            warnings.warn(f"{module}.{name} is deprecated and goes in the next release: use "
                          f"{module}.{new}", DeprecationWarning, stacklevel=2)
            return value
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__


class RenamedAttribute(Generic[T]):
    """A read-only class attribute under an old name: it reads the attribute ``new`` of the
    instance, with a warning. ``T`` is the new attribute's type, for type checkers.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Point:
    ...     across: int
    ...     x = RenamedAttribute[int]("across")
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     Point(3).x, str(caught[0].message)
    (3, 'Point.x is deprecated and goes in the next release: use Point.across')
    """

    def __init__(self, new: str) -> None:
        self.new = new
        self.old = new  # named by the class statement (__set_name__)

    def __set_name__(self, owner: type, name: str) -> None:
        self.old = name

    @overload
    def __get__(self, instance: None, owner: type) -> RenamedAttribute[T]: ...
    @overload
    def __get__(self, instance: object, owner: type) -> T: ...

    def __get__(self, instance: object, owner: type) -> Any:
        if instance is None:
            return self
        cls = type(instance).__name__
        warnings.warn(f"{cls}.{self.old} is deprecated and goes in the next release: use "
                      f"{cls}.{self.new}", DeprecationWarning, stacklevel=2)
        return getattr(instance, self.new)
