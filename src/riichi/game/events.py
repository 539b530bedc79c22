"""The event log of a game: the vocabulary of :mod:`riichi.logs.events`, which the engine emits.

The events live with the game records (one vocabulary for what the engine plays and what a record
holds: the game imports it from the layer below); this module names them where the engine uses them.
"""

from riichi.logs import events as _vocabulary
from riichi.logs.events import *  # noqa: F403

__all__ = _vocabulary.__all__
