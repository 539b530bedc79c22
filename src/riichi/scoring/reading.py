"""Every reading of a winning hand: decomposition into sets and a pair, and how the winning tile
completed it (the wait), which decides wait fu, pinfu and whether a triplet counts as concealed.
"""

from __future__ import annotations

import enum
from functools import lru_cache

from riichi import _core
from riichi.scoring.hand import WinningHand

__all__ = ["Reading", "Shape", "Wait", "readings"]


class Shape(enum.IntEnum):
    """The form of a complete hand."""

    STANDARD = 0
    """Four sets and a pair."""
    CHIITOITSU = 1
    """Seven different pairs."""
    KOKUSHI = 2
    """Thirteen orphans."""


class Wait(enum.IntEnum):
    """How the winning tile completed its set or pair."""

    RYANMEN = 0
    """Open wait: 23 waiting on 1 or 4."""
    KANCHAN = 1
    """Closed wait: 13 waiting on 2."""
    PENCHAN = 2
    """Edge wait: 12 waiting on 3, 89 on 7."""
    TANKI = 3
    """Pair wait."""
    SHANPON = 4
    """Two pairs, one becoming a triplet."""
    KOKUSHI = 5
    """Thirteen orphans waiting on its missing tile."""
    KOKUSHI_13 = 6
    """Thirteen orphans holding one of each: 13-sided wait."""


class Reading:
    """One way to read the hand: its sets, the pair and the wait.

    ``triplets`` holds (tile, concealed, kan) for every pon/kan/closed triplet; a triplet completed
    by a ron counts as open (not concealed).
    """

    __slots__ = ("shape", "pair", "runs", "triplets", "wait", "concealed_triplets")

    def __init__(
        self,
        shape: Shape,
        pair: int,
        runs: tuple[int, ...],
        triplets: tuple[tuple[int, bool, bool], ...],
        wait: Wait,
    ) -> None:
        self.shape = shape
        self.pair = pair
        self.runs = runs
        self.triplets = triplets
        self.wait = wait
        self.concealed_triplets = sum(1 for t in triplets if t[1])

    def all_sets_have(self, mask: int) -> bool:
        """Every set and the pair contain a tile of ``mask`` (for chanta / junchan)."""
        if not mask >> self.pair & 1:
            return False
        for r in self.runs:
            if not (mask >> r & 1 or mask >> (r + 2) & 1):
                return False
        return all(mask >> t[0] & 1 for t in self.triplets)

    def __repr__(self) -> str:
        return (
            f"Reading({self.shape.name}, pair={self.pair}, runs={self.runs}, "
            f"triplets={self.triplets}, wait={self.wait.name})"
        )


@lru_cache(maxsize=8192)
def _decompositions(closed: bytes) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
    return tuple(_core.decompositions(closed))


@lru_cache(maxsize=8192)
def _special_shapes(closed: bytes) -> tuple[bool, bool]:
    """(seven pairs, thirteen orphans) for a closed 14-tile hand."""
    return _core.shanten_chiitoitsu(closed) == -1, _core.shanten_kokushi(closed) == -1


def _run_wait(start: int, win: int) -> Wait:
    if win == start + 1:
        return Wait.KANCHAN
    if (win == start + 2 and start % 9 == 0) or (win == start and start % 9 == 6):
        return Wait.PENCHAN
    return Wait.RYANMEN


def readings(h: WinningHand) -> list[Reading]:
    """Every (decomposition, wait) reading of the hand; [] if it is not complete.

    Readings that differ only in which of two identical sets took the winning tile are given once.
    """
    win = h.win
    out: list[Reading] = []
    if not h.melds and sum(h.closed) == 14:
        seven_pairs, orphans = _special_shapes(h.closed)
        if orphans:
            thirteen = h.closed[win] == 2
            wait = Wait.KOKUSHI_13 if thirteen else Wait.KOKUSHI
            pair = next(t for t in range(34) if h.closed[t] == 2)
            out.append(Reading(Shape.KOKUSHI, pair, (), (), wait))
            return out
        if seven_pairs:
            out.append(Reading(Shape.CHIITOITSU, win, (), (), Wait.TANKI))
    tsumo = h.tsumo
    for pair, runs, trips in _decompositions(h.closed):
        all_runs = tuple(sorted(runs + h.meld_runs)) if h.meld_runs else runs
        waits: dict[Wait, int] = {}
        if pair == win:
            waits[Wait.TANKI] = -1
        for r in runs:
            if r <= win <= r + 2:
                waits.setdefault(_run_wait(r, win), -1)
        if win in trips:
            waits[Wait.SHANPON] = win
        for wait, ron_triplet in waits.items():
            triplets = tuple(
                (t, tsumo or t != ron_triplet, False) for t in trips
            ) + h.meld_triplets
            out.append(Reading(Shape.STANDARD, pair, all_runs, triplets, wait))
    return out

