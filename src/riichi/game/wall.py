"""The wall: 136 physical tiles (108 for three players), the live part players draw from and the
14-tile dead wall.

Tiles are kept in Tenhou's ``yama`` layout so that walls rebuilt from Tenhou logs play unchanged:
``yama[0..13]`` is the dead wall, the deal takes from ``yama[135]`` downward (4 tiles to each player
three times starting with the dealer, then one each), the ``k``-th live draw is ``yama[83 - k]``,
dora indicators are ``yama[5], yama[7], ...``, ura indicators ``yama[4], yama[6], ...`` and the
replacement draws after kans ``yama[1], yama[0], yama[3], yama[2]``. Each kan moves the last live
tile into the dead wall, so the live wall shrinks by one per kan.

A :class:`~riichi.rules.RuleSet` may lay the wall out otherwise: fewer players are dealt in the
same order, the live wall may end before the dead wall (``live_wall``: the tiles between are not
played) and a kan may move two tiles into the dead wall (``kan_dead_wall_tiles``). Three players
play the 108 tiles without 2m-8m (:func:`wall_tiles`), ``yama[107]`` down, as Tenhou shuffles
them: with eight replacement tiles (``replacement_tiles``, drawn after a kan or a kita)
``yama[1], yama[0], yama[3], yama[2], yama[5], ...``, the dora indicators are ``yama[9], yama[11],
...`` and the ura ``yama[8], ...`` (the later kan indicators lie among the tiles the replacements
moved from the live wall).

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

from riichi._deprecated import RenamedAttribute
from riichi.errors import (InvalidHandError, WrongTypeError, checked_int, named_count, named_int,
                           quoted)
from riichi.game._seeding import seeded_permutation
from riichi.rules import RuleSet
from riichi.tiles import RED_FIVE_IDS, parse_ids, tile_id_name

__all__ = ["Wall", "WALL_TILES", "LIVE_TILES", "wall_tiles"]

WALL_TILES = 136
DEAD_WALL_TILES = 14
DEAL_TILES = 52
LIVE_TILES = WALL_TILES - DEAD_WALL_TILES - DEAL_TILES
"""Live tiles after the deal (70), before any kan."""

_REPLACEMENT_ORDER = (1, 0, 3, 2, 5, 4, 7, 6)  # the replacement tiles, two to a stack
_FOUR_PLAYERS = RuleSet()
_EVERY_TILE = tuple(range(WALL_TILES))
_WITHOUT_2M_8M = tuple(t for t in range(WALL_TILES) if not 4 <= t < 32)


def wall_tiles(rules: RuleSet) -> tuple[int, ...]:
    """The 136-ids of the tiles ``rules`` play, ascending: all 136, or the 108 of three players
    (2m-8m removed).

    >>> len(wall_tiles(RuleSet())), wall_tiles(RuleSet.preset("tenhou-3p"))[:6]
    (136, (0, 1, 2, 3, 32, 33))
    """
    return _WITHOUT_2M_8M if rules.players == 3 else _EVERY_TILE


@functools.cache
def _deal_positions(dealer: int, players: int = 4, size: int = WALL_TILES) -> list[list[int]]:
    """The yama indices dealt to each absolute seat of a wall of ``size`` tiles, in the order they
    are dealt (computed once per dealer and player count; callers only read them)."""
    positions: list[list[int]] = [[] for _ in range(players)]
    top = size - 1
    for _ in range(3):
        for k in range(players):
            seat = (dealer + k) % players
            positions[seat].extend(range(top, top - 4, -1))
            top -= 4
    for k in range(players):
        positions[(dealer + k) % players].append(top)
        top -= 1
    return positions


def _deal_seats(dealer: int, players: int, size: int) -> bytes:
    """1 + the seat dealt each of the top ``13 * players`` places of the wall (the deal takes
    them all), the top one first: :func:`_deal_positions` as one byte a place."""
    seats = bytearray(13 * players)
    for seat, places in enumerate(_deal_positions(dealer, players, size)):
        for place in places:
            seats[size - 1 - place] = seat + 1
    return bytes(seats)


_SIZES = ((2, WALL_TILES), (3, len(_WITHOUT_2M_8M)), (4, WALL_TILES))
"""Each player count and the size of its wall (:func:`wall_tiles`)."""
_DEALS = {
    players: tuple(_deal_positions(dealer, players, size) for dealer in range(players))
    for players, size in _SIZES
}
""":func:`_deal_positions` of each player count and dealer: what a hand's deal reads, without
the call of the cached function."""
_DEAL_SEATS = {
    players: tuple(_deal_seats(dealer, players, size) for dealer in range(players))
    for players, size in _SIZES
}
""":func:`_deal_seats` of each player count and dealer: what :meth:`Wall.seats_dealt` reads."""
_UNDEALT = bytearray(WALL_TILES)  # what Wall.seats_dealt copies: no 136-id dealt


class Wall:
    """The tiles of one hand in ``yama`` order (136, or 108 for three players), with the draw and
    replacement counters.

    Build one with :meth:`shuffled` (a ``numpy`` Generator), :meth:`arranged` (tests) or from an
    explicit ``yama`` (replays); ``rules`` (a RuleSet or a preset's name) lays it out (default:
    four players). A ``Wall`` checks its input; it trusts its callers about the order of
    operations (the game state decides when a draw is legal). :attr:`replacements` counts the
    replacement tiles drawn (after kans, and kita at three players).
    """

    __slots__ = (
        "yama", "next_live", "replacements", "dora_count", "players", "live_end", "kan_tiles",
        "live_remaining", "first_dora", "replacement_places",
    )

    def __init__(self, yama: Sequence[int], rules: RuleSet | str = _FOUR_PLAYERS) -> None:
        rules = RuleSet.coerce(rules)
        tile_set = wall_tiles(rules)
        size = len(tile_set)
        if isinstance(yama, (str, bytes)) or not isinstance(yama, Sequence):
            raise WrongTypeError(f"expected a wall of {size} tile ids, got {quoted(yama)}")
        tiles = list(yama)
        if not all(type(t) is int for t in tiles):  # numpy ints and the like; no bools or floats
            tiles = [checked_int(t, "a 136-id (an int 0-135)") for t in tiles]
        if tuple(sorted(tiles)) != tile_set:
            which = ("each 136-id 0..135" if size == WALL_TILES else
                     f"each 136-id of the {size} tiles of {rules.players} players (no 2m-8m)")
            raise InvalidHandError(
                f"a wall must hold {which} exactly once, got {len(tiles)} tiles: {quoted(tiles)}"
            )
        self._start(tiles, rules)

    def _start(self, tiles: list[int], rules: RuleSet) -> None:
        # each rule read once, into a C int (a wall is laid out at every hand)
        size = len(wall_tiles(rules))
        players = rules.players
        replacement_tiles = rules.replacement_tiles
        self.yama: list[int] = tiles
        self.players = players
        self.next_live = size - 13 * players - 1  # the first live draw
        self.live_end = size - rules.live_wall  # yama[live_end] is the last live tile
        self.kan_tiles = rules.kan_dead_wall_tiles
        self.replacement_places = _REPLACEMENT_ORDER[:replacement_tiles]
        self.first_dora = replacement_tiles + 1  # on the stack after the replacements
        self.replacements = 0
        self.dora_count = 1
        self.live_remaining = self.next_live - self.live_end + 1

    kans = RenamedAttribute[int]("replacements")
    """Deprecated: :attr:`replacements` (drawn after kans, and after kita too)."""

    @classmethod
    def shuffled(cls, rng: np.random.Generator, rules: RuleSet | str = _FOUR_PLAYERS) -> Wall:
        """A uniformly shuffled wall drawn from ``rng`` (numpy's Generator, or its RandomState)."""
        if not isinstance(rng, (np.random.Generator, np.random.RandomState)):
            raise WrongTypeError(f"rng={quoted(rng)}: expected a numpy.random.Generator "
                                 "(numpy.random.default_rng(seed))")
        rules = RuleSet.coerce(rules)
        return _wall_of(rng.permutation(len(wall_tiles(rules))).tolist(), rules)

    @classmethod
    def seeded(
        cls, entropy: int, spawn_key: tuple[int, ...], rules: RuleSet | str = _FOUR_PLAYERS
    ) -> Wall:
        """The wall :meth:`shuffled` draws from
        ``numpy.random.default_rng(numpy.random.SeedSequence(entropy, spawn_key=spawn_key))``,
        without making those objects (:func:`riichi.game._seeding.seeded_permutation`).

        ``entropy`` and each key of ``spawn_key`` (a tuple or a list) are ints >= 0 (numpy's
        too, as numpy takes them): another type is a WrongTypeError, a negative int a RiichiError.

        >>> seq = np.random.SeedSequence(7, spawn_key=(0, 2))
        >>> Wall.seeded(7, (0, 2)).yama == Wall.shuffled(np.random.default_rng(seq)).yama
        True
        """
        # checked here: the shuffle's C conversion took 1.5 for 1 and True for 1
        seed = named_count("entropy", entropy)
        if not isinstance(spawn_key, (tuple, list)):
            raise WrongTypeError(f"spawn_key={quoted(spawn_key)}: expected a tuple of ints >= 0")
        key = tuple([named_count("spawn_key", k) for k in spawn_key])
        rules = RuleSet.coerce(rules)
        return seeded_wall(seed, key, rules)

    @classmethod
    def counted(
        cls, rules: RuleSet, live_remaining: int, replacements: int, dora_count: int
    ) -> Wall:
        """A wall without its tiles (:attr:`yama` is empty) whose counters are these: what a seat
        may know of the wall (:mod:`riichi.game.seat_view`). It can be counted, not drawn from.

        >>> wall = Wall.counted(RuleSet(), 60, replacements=1, dora_count=2)
        >>> wall.live_remaining, wall.replacements, wall.dora_count, wall.yama
        (60, 1, 2, [])
        """
        wall = cls.__new__(cls)
        wall._count(rules, live_remaining, replacements, dora_count)
        return wall

    def _count(
        self, rules: RuleSet, live_remaining: int, replacements: int, dora_count: int
    ) -> None:
        # a method: the compiled build sets its read-only counters through a typed self
        self._start([], rules)
        self.replacements = replacements
        self.dora_count = dora_count
        self.live_remaining = live_remaining
        self.next_live = live_remaining + self.live_end - 1 + replacements * self.kan_tiles

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
        rules: RuleSet | str = _FOUR_PLAYERS,
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
        rules = RuleSet.coerce(rules)
        players = rules.players
        dealer = _dealer_seat(dealer, players)
        if len(hands) != players:
            raise InvalidHandError(f"expected {players} hands (None for filler), got {len(hands)}")
        tile_set = wall_tiles(rules)
        size = len(tile_set)
        yama: list[int | None] = [None] * size
        used = set(_EVERY_TILE) - set(tile_set)  # no copy of a tile the rules do not play
        first_dora = rules.replacement_tiles + 1

        def take(notation: str, places: Sequence[int], what: str) -> None:
            ids = _allocate(notation, used, rules)
            if len(ids) > len(places):
                raise InvalidHandError(f"{what} {notation!r}: at most {len(places)} tiles fit")
            for place, tile in zip(places, ids):
                yama[place] = tile

        for seat, positions in enumerate(_deal_positions(dealer, players, size)):
            hand = hands[seat]
            if hand is not None:
                if len(parse_ids(hand)) != 13:
                    raise InvalidHandError(f"hand {hand!r} of seat {seat}: expected 13 tiles")
                take(hand, positions, "hand")
        first_live = size - 13 * players - 1
        take(draws, range(first_live, size - rules.live_wall - 1, -1), "draws")
        take(dora_indicators, range(first_dora, first_dora + 10, 2), "dora indicators")
        take(ura_indicators, range(first_dora - 1, first_dora + 9, 2), "ura indicators")
        take(replacements, _REPLACEMENT_ORDER[: rules.replacement_tiles], "replacements")
        filler = iter(t for t in tile_set if t not in used)
        return cls([t if t is not None else next(filler) for t in yama], rules)

    def deal(self, dealer: int) -> list[list[int]]:
        """The 13 starting tiles of each absolute seat (in dealing order); ``dealer`` is a seat
        of the wall's table (:func:`_dealer_seat`)."""
        yama = self.yama
        hands: list[list[int]] = []
        for places in _DEALS[self.players][_dealer_seat(dealer, self.players)]:
            hand: list[int] = []
            for i in places:  # a C index into the list: no Python subscript
                hand.append(yama[i])
            hands.append(hand)
        return hands

    def hands(self, dealer: int) -> list[list[int]]:
        """The tiles :meth:`deal` gives each absolute seat, ascending (as a seat holds them).

        >>> wall = Wall(list(range(136)))
        >>> wall.hands(1)[1] == sorted(wall.deal(1)[1])
        True
        """
        hands: list[list[int]] = [[] for _ in range(self.players)]
        tile = 0
        for seat in self.seats_dealt(dealer):  # the bytes read in a C loop, no index checked
            if seat:
                hand = hands[seat - 1]
                hand.append(tile)
            tile += 1
        return hands

    def seats_dealt(self, dealer: int) -> bytearray:
        """1 + the seat :meth:`deal` gives each 136-id, by id (0: dealt to no one): what the
        table deals the seats from (:func:`riichi.game.player.dealt_seats`), each seat's tiles
        read out in id order, ascending, with no sort and no list of them.

        >>> list(Wall(list(range(136))).seats_dealt(dealer=1)[132:])
        [2, 2, 2, 2]
        """
        holder = _UNDEALT.copy()  # a third of the cost of bytearray(136), a call of the type
        yama = self.yama
        top = len(yama) - 1
        # the seats of the dealt places, top down, in bytes read at C level (where lists of
        # places gave Python ints to convert)
        seats = _DEAL_SEATS[self.players][_dealer_seat(dealer, self.players)]
        for i in range(len(seats)):
            tile = yama[top - i]  # a C int: the bytearray written at C level
            holder[tile] = seats[i]
        return holder

    @property
    def replacements_left(self) -> int:
        """Replacement tiles left in the dead wall."""
        return len(self.replacement_places) - self.replacements

    def draw(self) -> int:
        """Take the next live tile."""
        tile = self.yama[self.next_live]
        self.next_live -= 1
        self.live_remaining -= 1
        return tile

    def draw_replacement(self) -> int:
        """Take the next replacement tile after a kan or a kita (the live wall gives up its last
        tile)."""
        tile = self.yama[self.replacement_places[self.replacements]]
        self.replacements += 1
        self.live_remaining -= self.kan_tiles  # the live wall gives up its last tiles
        return tile

    def reveal_dora(self) -> int:
        """Turn the next kan dora indicator and return it."""
        self.dora_count += 1
        return self.yama[self.first_dora + 2 * (self.dora_count - 1)]

    @property
    def dora_indicators(self) -> list[int]:
        """The dora indicators turned so far (the first, then kan dora)."""
        return [self.yama[self.first_dora + 2 * k] for k in range(self.dora_count)]

    @property
    def ura_indicators(self) -> list[int]:
        """The tiles under the turned indicators (seen only by a riichi winner)."""
        return [self.yama[self.first_dora - 1 + 2 * k] for k in range(self.dora_count)]

    def live_tiles(self) -> list[int]:
        """The tiles still in the live wall, next draw first (for invariant checks)."""
        end = self.live_end - 1 + self.replacements * self.kan_tiles
        return self.yama[self.next_live : end : -1]

    def seen_places(self) -> list[int]:
        """The ``yama`` places of the dead wall whose tiles are known: the replacement tiles drawn
        and the indicators turned."""
        places = list(self.replacement_places[: self.replacements])
        return places + [self.first_dora + 2 * k for k in range(self.dora_count)]

    def dead_tiles(self) -> list[int]:
        """The tiles of the dead wall not yet drawn as replacements, and those beyond the end of
        a shorter live wall, never played (for invariant checks)."""
        drawn = self.replacement_places[: self.replacements]
        end = self.live_end + self.replacements * self.kan_tiles
        return [self.yama[i] for i in range(end) if i not in drawn]

    def copy(self) -> Wall:
        """An independent copy."""
        clone = Wall.__new__(Wall)
        clone.yama = self.yama  # never mutated after construction: safe to share
        clone.players = self.players
        clone.live_end = self.live_end
        clone.kan_tiles = self.kan_tiles
        clone.first_dora = self.first_dora
        clone.replacement_places = self.replacement_places
        clone.next_live = self.next_live
        clone.replacements = self.replacements
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


def _dealer_seat(dealer: object, players: int) -> int:
    """``dealer`` as a seat of a table of ``players``: an int (numpy's integers too, no bool) from
    0 to ``players - 1``, else WrongTypeError or InvalidHandError quoting it (where an index would
    read -1 as the last seat)."""
    seat = (dealer if type(dealer) is int
            else named_int("dealer", dealer, f"a seat 0-{players - 1}"))
    if not 0 <= seat < players:
        raise InvalidHandError(f"dealer={quoted(dealer)}: expected a seat 0-{players - 1}")
    return seat


def seeded_wall(entropy: int, spawn_key: tuple[int, ...], rules: RuleSet) -> Wall:
    """:meth:`Wall.seeded`: what :meth:`riichi.game.Game.wall` gives, a C call there where the
    class method is a Python call with its arguments checked."""
    return _wall_of(seeded_permutation(entropy, spawn_key, len(wall_tiles(rules))), rules)


class SeededWalls:
    """The walls of a seeded game by hand number, ``walls(hand)`` the same as
    ``Game(rules, seed, game_index).wall(hand)``: what :meth:`riichi.game.Game.new_state` deals
    each hand from. The rules' layout of a wall is read once, here, not at every hand. Its
    arguments are the game's, checked there: it is no public API (and in no ``__all__``).

    >>> walls = SeededWalls(7, 2, RuleSet.preset("tenhou-3p"))
    >>> walls(5).yama == Wall.seeded(7, (2, 5), RuleSet.preset("tenhou-3p")).yama
    True
    """

    __slots__ = ("entropy", "game_index", "layout")

    def __init__(self, entropy: int, game_index: int, rules: RuleSet) -> None:
        self.entropy = entropy
        self.game_index = game_index
        self.layout = _laid_out(rules)  # a wall of the rules' layout, without its tiles

    def __call__(self, hand: int) -> Wall:
        return self.wall(hand)

    def wall(self, hand: int) -> Wall:
        """The wall of the ``hand``-th hand (0-based)."""
        size = len(_WITHOUT_2M_8M) if self.layout.players == 3 else WALL_TILES
        return _filled(self.layout, seeded_permutation(self.entropy, (self.game_index, hand), size))


def _wall_of(order: list[int], rules: RuleSet) -> Wall:
    """The wall whose ``k``-th place holds tile number ``order[k]`` of the rules' tile set
    (:func:`wall_tiles`, ascending: all 136 tiles are their own numbers)."""
    return _filled(_laid_out(rules), order)


def _laid_out(rules: RuleSet) -> Wall:
    """A wall laid out by ``rules``, without its tiles."""
    wall = Wall.__new__(Wall)
    wall._start([], rules)
    return wall


def _filled(layout: Wall, order: list[int]) -> Wall:
    """A copy of the tileless wall ``layout`` whose ``k``-th place holds tile number
    ``order[k]`` of its tile set (a permutation: it needs no check)."""
    wall = layout.copy()
    wall.yama = [_WITHOUT_2M_8M[k] for k in order] if layout.players == 3 else order
    return wall


_PLACED = {1: "the red five is placed", 3: "its three plain copies are placed (0 is the red one)",
           4: "the four are placed"}
"""Why no copy of a tile is left, by how many copies of it a notation may take."""


def _allocate(notation: str, used: set[int], rules: RuleSet) -> list[int]:
    """136-ids for ``notation``, each the lowest copy not yet in ``used`` (red stays red) of the
    tiles ``rules`` play."""
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
            why = (f"the rules {rules.name!r} play three players, without 2m-8m"
                   if rules.players == 3 and 1 <= tile_type <= 7 else _PLACED[len(copies)])
            raise InvalidHandError(
                f"no copy of {tile_id_name(parsed)} left for {notation!r}: {why}"
            )
        used.add(free[0])
        ids.append(free[0])
    return ids
