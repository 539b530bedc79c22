"""A one-line progress bar on a terminal (standard error), silent elsewhere.

>>> import io
>>> out = io.StringIO()
>>> bar = Bar(10, "E1-3", stream=out, enabled=True)
>>> bar(5, 10); bar(10, 10); bar.close()
>>> out.getvalue().split("\\r")[-1][:50]
'E1-3 [##############################] 10/10 worlds'
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from riichi.errors import WrongTypeError, quoted

__all__ = ["Bar"]


class Bar:
    """Shows the worlds done out of ``total`` (a :data:`riichi.runner.Progress`) when ``enabled``
    (default: ``stream`` is a terminal); ``enabled`` is the ``progress=`` of the analysis calls,
    so anything but a bool or None is a :class:`~riichi.errors.WrongTypeError` naming it."""

    WIDTH = 30

    def __init__(self, total: int, title: str, stream: TextIO | None = None,
                 enabled: bool | None = None) -> None:
        if enabled is not None and type(enabled) is not bool:
            # "no" or 0 would read as a wish: a bar the caller did not ask for, or none asked for
            raise WrongTypeError(f"progress={quoted(enabled)}: expected True, False or None "
                                 "(None: a bar when standard error is a terminal)")
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total = max(1, total)
        self.done = 0
        self.title = title
        self.started = time.monotonic()
        self._draw()

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, max(1, total)
        self._draw()

    def _draw(self) -> None:
        if not self.enabled:
            return
        filled = self.WIDTH * self.done // self.total
        elapsed = time.monotonic() - self.started
        self.stream.write(f"\r{self.title} [{'#' * filled}{'.' * (self.WIDTH - filled)}] "
                          f"{self.done}/{self.total} worlds {elapsed:.1f}s")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
