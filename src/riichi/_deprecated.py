"""Old public names kept for one release: a module's ``__getattr__`` that serves each with a
:class:`DeprecationWarning` naming the new one."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping

__all__ = ["renamed"]


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
