"""Ctrl-C while one of the package's commands is still starting (importing numpy, the engine,
the simulator: most of a second) ends it with one line and exit code 130, as a Ctrl-C later in
the command does, not with the traceback of whatever was being imported.

:func:`guard` is called first thing by the package's ``__init__``: when the process runs a
command of the package (``python -m riichi.simulate``, ``riichi-simulate``), SIGINT ends it
quietly until the command's ``main`` calls :func:`started`, which gives Ctrl-C back to Python
(a :class:`KeyboardInterrupt`, which each command handles as its work needs). Only the standard
library is imported here: this runs before anything else of the package.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

__all__ = ["EXIT_INTERRUPTED", "guard", "started"]

EXIT_INTERRUPTED = 130
"""The exit code of a command stopped with Ctrl-C: 128 + SIGINT, as the shell reports it."""

_PACKAGE = "riichi"


def guard() -> None:
    """Make Ctrl-C end a starting command quietly, when this process runs one (Python's own
    handler still in place: a SIGINT that is ignored, in a background job, stays so)."""
    if _running_a_command() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _stop)


def started() -> None:
    """The command's ``main`` runs: Ctrl-C is a :class:`KeyboardInterrupt` again."""
    if signal.getsignal(signal.SIGINT) is _stop:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _stop(signum: int, frame: FrameType | None) -> None:
    sys.stderr.write("interrupted while starting; nothing was done\n")
    sys.stderr.flush()
    # Not SystemExit: Python runs a signal's handler wherever the main thread is, and an exception
    # raised in a callback (the import system's module locks have weakref callbacks) is printed
    # and ignored, so the command went on. Starting, it has nothing to clean up or save.
    os._exit(EXIT_INTERRUPTED)


def _running_a_command() -> bool:
    """Whether this process is ``python -m riichi...`` (Python names the switch ``-m`` in
    ``sys.argv`` while it imports the module's packages) or a ``riichi-...`` script."""
    first = os.path.basename(sys.argv[0]) if sys.argv else ""
    if first.startswith(f"{_PACKAGE}-"):
        return True
    if first != "-m":
        return False
    words = sys.orig_argv
    module = next((words[k + 1] if word == "-m" else word[2:]
                   for k, word in enumerate(words[:-1]) if word.startswith("-m")), "")
    return module == _PACKAGE or module.startswith(f"{_PACKAGE}.")
