"""The games the server keeps for its tabs, by session id, so that a reload finds its hand again.

A tab's first game gets a session id (:func:`secrets.token_urlsafe`: 192 random bits, so no
other page can guess it); the page keeps the id and, after a reload or a lost connection, asks
for its game back with it. Nothing else names a game: without the id no socket reaches it. A game
whose tab went away is kept :attr:`Keeper.keep` seconds, and at most :attr:`Keeper.most` such
games are kept (the oldest go first); a game whose tab is open is never dropped.

>>> keeper = Keeper(keep=60.0)
>>> game, owner = object(), object()
>>> key = keeper.add(game, owner)
>>> len(key) >= 32, keeper.take(key, owner) is game, keeper.take("guessed", owner)
(True, True, None)
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Keeper", "ID_BYTES"]

ID_BYTES = 24
"""Random bytes in a session id (32 URL-safe characters)."""

Game = TypeVar("Game")


@dataclass
class _Kept(Generic[Game]):
    game: Game
    owner: object | None  # the connection showing the game, None once its tab went away
    left_at: float = 0.0


class Keeper(Generic[Game]):
    """Games by session id: each either shown by one connection or waiting for its tab."""

    def __init__(self, keep: float = 900.0, most: int = 64,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.keep = keep
        """Seconds a game waits for its tab to come back."""
        self.most = most
        """Games kept waiting at most (a tab's open game is not counted)."""
        self._clock = clock
        self._kept: dict[str, _Kept[Game]] = {}

    def __len__(self) -> int:
        return len(self._kept)

    def add(self, game: Game, owner: object) -> str:
        """Keep ``game``, shown by ``owner``; its new session id."""
        key = secrets.token_urlsafe(ID_BYTES)
        self._kept[key] = _Kept(game, owner)
        return key

    def replace(self, key: str, game: Game, owner: object) -> None:
        """``owner`` (holding ``key``) now plays ``game`` under the same id."""
        kept = self._kept.get(key)
        if kept is not None and kept.owner is owner:
            kept.game = game

    def take(self, key: str, owner: object) -> Game | None:
        """The game kept under ``key``, now shown by ``owner`` (who had the id); ``None`` for an
        id the keeper does not hold (never given, expired, or the server restarted)."""
        self._expire()
        kept = self._kept.get(key)
        if kept is None:
            return None
        kept.owner = owner
        return kept.game

    def owner(self, key: str) -> object | None:
        """The connection showing the game of ``key`` (``None`` if its tab went away)."""
        kept = self._kept.get(key)
        return None if kept is None else kept.owner

    def leave(self, key: str, owner: object) -> None:
        """``owner``'s tab went away: its game waits :attr:`keep` seconds for it."""
        kept = self._kept.get(key)
        if kept is not None and kept.owner is owner:
            kept.owner = None
            kept.left_at = self._clock()
        self._expire()

    def _expire(self) -> None:
        now = self._clock()
        waiting = sorted((k.left_at, key) for key, k in self._kept.items() if k.owner is None)
        for n, (left_at, key) in enumerate(waiting):
            if now - left_at > self.keep or n < len(waiting) - self.most:
                del self._kept[key]
