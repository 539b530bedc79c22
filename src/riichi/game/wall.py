"""The wall: 136 physical tiles, the live part players draw from and the 14-tile dead wall.

Tiles are kept in Tenhou's ``yama`` layout so that walls rebuilt from Tenhou logs play unchanged:
``yama[0..13]`` is the dead wall, the deal takes from ``yama[135]`` downward (4 tiles to each player
three times starting with the dealer, then one each), the ``k``-th live draw is ``yama[83 - k]``,
dora indicators are ``yama[5], yama[7], ...``, ura indicators ``yama[4], yama[6], ...`` and the
replacement draws after kans ``yama[1], yama[0], yama[3], yama[2]``. Each kan moves the last live
tile into the dead wall, so the live wall shrinks by one per kan.

A :class:`~riichi.rules.RuleSet` may lay the wall out otherwise: fewer players are dealt in the
same order, the live wall may end before the dead wall (``live_wall``: the tiles between are not
played) and a kan may move two tiles into the dead wall (``kan_dead_wall_tiles``).

>>> import numpy as np
>>> wall = Wall.shuffled(np.random.default_rng(1))
>>> hands = wall.deal(dealer=0)
>>> [len(h) for h in hands], wall.live_remaining
([13, 13, 13, 13], 70)
>>> tile = wall.draw()
>>> wall.live_remaining, len(wall.dora_indicators)
(69, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from riichi.errors import InvalidHandError, WrongTypeError, quoted
from riichi.game._seeding import seeded_permutation
from riichi.rules import RuleSet
from riichi.tiles import RED_FIVE_IDS, _index, parse_ids

__all__ = ["Wall", "WALL_TILES", "LIVE_TILES"]

WALL_TILES = 136
DEAD_WALL_TILES = 14
DEAL_TILES = 52
LIVE_TILES = WALL_TILES - DEAD_WALL_TILES - DEAL_TILES
"""Live tiles after the deal (70), before any kan."""

_REPLACEMENTS = (1, 0, 3, 2)
_FIRST_DORA = 5
_FIRST_URA = 4
_FOUR_PLAYERS = RuleSet()


@functools.cache
def _deal_positions(dealer: int, players: int = 4) -> list[list[int]]:
    """The yama indices dealt to each absolute seat, in the order they are dealt (computed once
    per dealer and player count; callers only read them)."""
    positions: list[list[int]] = [[] for _ in range(players)]
    top = WALL_TILES - 1
    for _ in range(3):
        for k in range(players):
            seat = (dealer + k) % players
            positions[seat].extend(range(top, top - 4, -1))
            top -= 4
    for k in range(players):
        positions[(dealer + k) % players].append(top)
        top -= 1
    return positions


class Wall:
    """The 136 tiles of one hand in ``yama`` order, with the draw and kan counters.

    Build one with :meth:`shuffled` (a ``numpy`` Generator), :meth:`arranged` (tests) or from an
    explicit ``yama`` (replays); ``rules`` lays it out (default: four players). A ``Wall`` checks
    its input; it trusts its callers about the order of operations (the game state decides when
    a draw is legal).
    """

    __slots__ = (
        "yama", "next_live", "kans", "dora_count", "players", "live_end", "kan_tiles",
        "live_remaining",
    )

    def __init__(self, yama: Sequence[int], rules: RuleSet = _FOUR_PLAYERS) -> None:
        if isinstance(yama, (str, bytes)) or not isinstance(yama, Sequence):
            raise WrongTypeError(f"expected a wall of 136 tile ids, got {quoted(yama)}")
        tiles = list(yama)
        if not all(type(t) is int for t in tiles):  # numpy ints and the like; no bools or floats
            tiles = [_index(t, "a 136-id (an int 0-135)") for t in tiles]
        if sorted(tiles) != list(range(WALL_TILES)):
            raise InvalidHandError(
                f"a wall must hold each 136-id 0..135 exactly once, got {len(tiles)} tiles: "
                f"{quoted(tiles)}"
            )
        self._start(tiles, rules)

    def _start(self, tiles: list[int], rules: RuleSet) -> None:
        self.yama: list[int] = tiles
        self.players = rules.players
        self.next_live = WALL_TILES - 13 * rules.players - 1  # the first live draw
        self.live_end = WALL_TILES - rules.live_wall  # yama[live_end] is the last live tile
        self.kan_tiles = rules.kan_dead_wall_tiles
        self.kans = 0
        self.dora_count = 1
        self.live_remaining = self.next_live - self.live_end + 1

    @classmethod
    def shuffled(cls, rng: np.random.Generator, rules: RuleSet = _FOUR_PLAYERS) -> Wall:
        """A uniformly shuffled wall drawn from ``rng``."""
        return cls._of_permutation(rng.permutation(WALL_TILES).tolist(), rules)

    @classmethod
    def seeded(
        cls, entropy: int, spawn_key: tuple[int, ...], rules: RuleSet = _FOUR_PLAYERS
    ) -> Wall:
        """The wall :meth:`shuffled` draws from
        ``numpy.random.default_rng(numpy.random.SeedSequence(entropy, spawn_key=spawn_key))``,
        without making those objects (:func:`riichi.game._seeding.seeded_permutation`).

        >>> seq = np.random.SeedSequence(7, spawn_key=(0, 2))
        >>> Wall.seeded(7, (0, 2)).yama == Wall.shuffled(np.random.default_rng(seq)).yama
        True
        """
        return cls._of_permutation(seeded_permutation(entropy, spawn_key, WALL_TILES), rules)

    @classmethod
    def _of_permutation(cls, tiles: list[int], rules: RuleSet) -> Wall:
        wall = cls.__new__(cls)
        wall._start(tiles, rules)  # a permutation needs no check
        return wall

    @classmethod
    def counted(cls, rules: RuleSet, live_remaining: int, kans: int, dora_count: int) -> Wall:
        """A wall without its tiles (:attr:`yama` is empty) whose counters are these: what a seat
        may know of the wall (:mod:`riichi.game.seat_view`). It can be counted, not drawn from.

        >>> wall = Wall.counted(RuleSet(), 60, kans=1, dora_count=2)
        >>> wall.live_remaining, wall.kans, wall.dora_count, wall.yama
        (60, 1, 2, [])
        """
        wall = cls.__new__(cls)
        wall._count(rules, live_remaining, kans, dora_count)
        return wall

    def _count(self, rules: RuleSet, live_remaining: int, kans: int, dora_count: int) -> None:
        # a method: the compiled build sets its read-only counters through a typed self
        self._start([], rules)
        self.kans = kans
        self.dora_count = dora_count
        self.live_remaining = live_remaining
        self.next_live = live_remaining + self.live_end - 1 + kans * self.kan_tiles

    @classmethod
    def arranged(
        cls,
        hands: Sequence[str | None],
        draws: str = "",
        *,
        dealer: int = 0,
        dora_indicators: str = "",
        ura_indicators: str = "",
        replacements: str = "",
        rules: RuleSet = _FOUR_PLAYERS,
    ) -> Wall:
        """A wall that deals ``hands[seat]`` (13 tiles in notation, or ``None`` for filler) to each
        absolute seat (one hand per player of ``rules``) and then gives the live draws ``draws``
        in order (the first is the first draw of ``dealer``, the seat that deals). Dead-wall
        tiles may be fixed the same way. Each tile written takes the lowest free copy of its type
        (``0`` = the red five, ``5`` = a plain five); the other tiles fill the remaining places in
        ascending id order.

        >>> w = Wall.arranged(["123456789m1234p", None, None, None], "5z", dora_indicators="1s")
        >>> hands = w.deal(0)
        >>> hands[0][:3], w.draw(), w.dora_indicators
        ([0, 4, 8], 124, [72])
        """
        players = rules.players
        if len(hands) != players:
            raise InvalidHandError(f"expected {players} hands (None for filler), got {len(hands)}")
        yama: list[int | None] = [None] * WALL_TILES
        used: set[int] = set()

        def take(notation: str, places: Sequence[int], what: str) -> None:
            ids = _allocate(notation, used)
            if len(ids) > len(places):
                raise InvalidHandError(f"{what} {notation!r}: at most {len(places)} tiles fit")
            for place, tile in zip(places, ids):
                yama[place] = tile

        for seat, positions in enumerate(_deal_positions(dealer, players)):
            hand = hands[seat]
            if hand is not None:
                if len(parse_ids(hand)) != 13:
                    raise InvalidHandError(f"hand {hand!r} of seat {seat}: expected 13 tiles")
                take(hand, positions, "hand")
        first_live = WALL_TILES - 13 * players - 1
        take(draws, range(first_live, WALL_TILES - rules.live_wall - 1, -1), "draws")
        take(dora_indicators, range(_FIRST_DORA, DEAD_WALL_TILES, 2), "dora indicators")
        take(ura_indicators, range(_FIRST_URA, DEAD_WALL_TILES, 2), "ura indicators")
        take(replacements, _REPLACEMENTS, "replacements")
        filler = iter(t for t in range(WALL_TILES) if t not in used)
        return cls([t if t is not None else next(filler) for t in yama], rules)

    def deal(self, dealer: int) -> list[list[int]]:
        """The 13 starting tiles of each absolute seat (in dealing order)."""
        return [[self.yama[i] for i in seat] for seat in _deal_positions(dealer, self.players)]

    @property
    def replacements_left(self) -> int:
        """Replacement tiles left in the dead wall."""
        return len(_REPLACEMENTS) - self.kans

    def draw(self) -> int:
        """Take the next live tile."""
        tile = self.yama[self.next_live]
        self.next_live -= 1
        self.live_remaining -= 1
        return tile

    def draw_replacement(self) -> int:
        """Take the next replacement tile after a kan (the live wall gives up its last tile)."""
        tile = self.yama[_REPLACEMENTS[self.kans]]
        self.kans += 1
        self.live_remaining -= self.kan_tiles  # the live wall gives up its last tiles
        return tile

    def reveal_dora(self) -> int:
        """Turn the next kan dora indicator and return it."""
        self.dora_count += 1
        return self.yama[_FIRST_DORA + 2 * (self.dora_count - 1)]

    @property
    def dora_indicators(self) -> list[int]:
        """The dora indicators turned so far (the first, then kan dora)."""
        return [self.yama[_FIRST_DORA + 2 * k] for k in range(self.dora_count)]

    @property
    def ura_indicators(self) -> list[int]:
        """The tiles under the turned indicators (seen only by a riichi winner)."""
        return [self.yama[_FIRST_URA + 2 * k] for k in range(self.dora_count)]

    def live_tiles(self) -> list[int]:
        """The tiles still in the live wall, next draw first (for invariant checks)."""
        return self.yama[self.next_live : self.live_end - 1 + self.kans * self.kan_tiles : -1]

    def dead_tiles(self) -> list[int]:
        """The tiles of the dead wall not yet drawn as replacements, and those beyond the end of
        a shorter live wall, never played (for invariant checks)."""
        drawn = _REPLACEMENTS[: self.kans]
        end = self.live_end + self.kans * self.kan_tiles
        return [self.yama[i] for i in range(end) if i not in drawn]

    def copy(self) -> Wall:
        """An independent copy."""
        clone = Wall.__new__(Wall)
        clone.yama = self.yama  # never mutated after construction: safe to share
        clone.players = self.players
        clone.live_end = self.live_end
        clone.kan_tiles = self.kan_tiles
        clone.next_live = self.next_live
        clone.kans = self.kans
        clone.dora_count = self.dora_count
        clone.live_remaining = self.live_remaining
        return clone

    def __copy__(self) -> Wall:
        """``copy.copy(wall)``: :meth:`copy`."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Wall:
        """``copy.deepcopy(wall)``: :meth:`copy`, independent already (its tiles never change)."""
        return self.copy()

    def __repr__(self) -> str:
        return f"Wall({self.yama!r})"


def _allocate(notation: str, used: set[int]) -> list[int]:
    """136-ids for ``notation``, each the lowest copy not yet in ``used`` (red stays red)."""
    ids: list[int] = []
    for parsed in parse_ids(notation):
        tile_type = parsed // 4
        if parsed in RED_FIVE_IDS:
            copies: Sequence[int] = (0,)
        elif tile_type * 4 in RED_FIVE_IDS:
            copies = (1, 2, 3)
        else:
            copies = (0, 1, 2, 3)
        free = [tile_type * 4 + c for c in copies if tile_type * 4 + c not in used]
        if not free:
            raise InvalidHandError(f"no copy of tile {parsed // 4} left for {notation!r}")
        used.add(free[0])
        ids.append(free[0])
    return ids
