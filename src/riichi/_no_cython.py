"""Cython's class directives as plain decorators, its indexing directives as contexts that do
nothing, and its cast as the value itself, for running the compiled modules' sources where
Cython (a build dependency only) is not installed: the interpreted build needs none of them.

>>> class A: pass
>>> with cython.boundscheck(False):
...     cython.no_gc(cython.cclass(A)) is A, cython.compiled
(True, False)
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import TypeVar

__all__ = ["cython"]

_T = TypeVar("_T")


class cython:  # noqa: N801 - it stands in for the module of that name
    """The directives the sources use, each returning the class it decorates, and the cast."""

    compiled = False

    @staticmethod
    def no_gc(cls: _T) -> _T:
        return cls

    @staticmethod
    def cclass(cls: _T) -> _T:
        return cls

    @staticmethod
    def cast(kind: object, value: _T) -> _T:
        return value

    @staticmethod
    def boundscheck(checked: bool) -> AbstractContextManager[None]:
        """Indexing checked or not where compiled: interpreted, Python checks it anyway."""
        return nullcontext()

    wraparound = boundscheck
