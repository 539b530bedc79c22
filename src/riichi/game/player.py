"""One seat's side of the table: concealed tiles, melds, discards, the Norths set aside (kita),
riichi and furiten.

A :class:`Player` keeps its concealed 136-ids as bytes (the table's searches read them as C bytes,
where a list's items are Python ints converted one by one), their tile counts beside them, and
caches the waits of its hand (a bit mask over tile types) whenever the hand has 3n+1 tiles, so "can
this seat win on that tile" is a bit test.

>>> p = Player([0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 110, 124])
>>> p.update_waits()
>>> [t for t in range(34) if p.waits_mask >> t & 1]
[31]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from riichi import _core
from riichi._frozen import Frozen
from riichi.errors import IllegalActionError, InvalidHandError, WrongTypeError, named_int, quoted
from riichi.meld import Meld, MeldKind

__all__ = ["Player", "DiscardedTile", "waits_mask", "dealt_seats"]

_NORTH = 30  # the tile type of the Norths set aside (kita)
_MOST = 14  # the most concealed tiles a hand at the table holds: thirteen and the tile drawn
_ANKAN = MeldKind.ANKAN
_NO_TILES = bytearray(_MOST)  # what a dealt seat's tiles and counts are copied from
_NO_COUNTS = bytearray(34)
_NO_DEAL = bytearray(4 * _MOST)  # what the seats' tiles are dealt into, _MOST places a seat
_NO_MARKS = bytearray(5)  # and their counts, by mark (1 + the seat)


class DiscardedTile(Frozen):
    """A tile in a discard pile: ``tsumogiri`` (the tile just drawn), ``riichi`` (the riichi
    declaration tile), ``claimed`` (taken by another player's call or win).

    >>> DiscardedTile(52, tsumogiri=True)
    DiscardedTile(tile=52, tsumogiri=True, riichi=False, claimed=False)
    """

    __slots__ = _fields = ("tile", "tsumogiri", "riichi", "claimed")

    def __init__(
        self, tile: int, tsumogiri: bool, riichi: bool = False, claimed: bool = False
    ) -> None:
        self._seal()
        self.tile = tile
        self.tsumogiri = tsumogiri
        self.riichi = riichi
        self.claimed = claimed


def mask_of(types: Iterable[int]) -> int:
    """Bit mask with bit ``t`` set for each tile type ``t``."""
    mask = 0
    for t in types:
        mask |= 1 << t
    return mask


def waits_mask(counts: bytearray, melds: Sequence[Meld], kita: int = 0) -> int:
    """Bit mask of the tile types that complete a hand of 3n+1 concealed ``counts`` and ``melds``
    (and ``kita`` Norths set aside): the one definition of tenpai at the table (riichi, wins,
    furiten, noten payments; where ``RuleSet.karaten_counts``, riichi and the noten payments
    count the waits dropped below too, :meth:`Player.tenpai`).

    The core counts only the concealed tiles, so a wait on a tile whose other copies are all in
    the melds (a pon or concealed kan of 1m and a 1m single wait) or set aside (Norths) is
    dropped here: the seat holds all four and nothing is left to win on.

    >>> from riichi.meld import Meld, MeldKind
    >>> hand = bytearray(34); hand[0] = hand[1] = hand[2] = hand[31] = 1
    >>> waits_mask(hand, []) == 1 << 31
    True
    >>> waits_mask(hand, [Meld(MeldKind.PON, (124, 125, 126), called=124, from_seat=3)])
    0
    """
    return _seat_waits(counts, melds, kita)


# The body of waits_mask, inline in the compiled build: Player.update_waits asks it after most
# discards, where the call of waits_mask, a cpdef with a default argument, cost more than its work.
def _seat_waits(counts: bytearray, melds: Sequence[Meld], kita: int) -> int:
    mask = _core.waits_mask(counts)
    if mask and (melds or kita):  # most hands at the table wait on nothing
        mask = _unheld(mask, counts, melds, kita)
    return mask


def _unheld(mask: int, counts: bytearray, melds: Sequence[Meld], kita: int) -> int:
    """``mask`` without the waits on tiles the seat holds all four of, the concealed ``counts``
    with ``melds`` and ``kita`` Norths."""
    held = counts.copy()
    for meld in melds:
        for tile in meld.tiles:  # the ids, a C field (Meld.types builds a tuple)
            held[tile >> 2] += 1
    held[_NORTH] += kita
    for t in _core.tiles_from_mask(mask):
        if held[t] == 4:
            mask ^= 1 << t
    return mask


def closed(melds: list[Meld]) -> bool:
    """No meld of ``melds`` opens the hand (a concealed kan keeps it closed): what
    :attr:`Player.is_closed` says, read by the table without an attribute lookup.

    >>> from riichi.meld import Meld
    >>> closed([Meld.parse("ankan:1111m")]), closed([Meld.parse("pon:222m")])
    (True, False)
    """
    for meld in melds:
        if meld.kind is not _ANKAN:
            return False
    return True


def _place(tiles: bytearray, size: int, tile: int) -> int:
    """The place of ``tile`` among the ``size`` ascending ids of ``tiles``: of the first id not
    below it."""
    # From the nearer end (the ids run evenly from 0 to 135): about half the bytes of a scan from
    # one end, where bisect would be a Python call.
    if tile < 68:
        i = 0
        while i < size and tiles[i] < tile:
            i += 1
    else:
        i = size
        while i and tiles[i - 1] >= tile:
            i -= 1
    return i


def dealt_seats(seats: bytearray, players: int) -> tuple[Player, ...]:
    """The ``players`` seats of a deal that gave each 136-id to the seat ``seats[id] - 1`` (0: to
    none; :meth:`riichi.game.wall.Wall.seats_dealt`), each with its waits: a table's seats at
    every hand. A mark above ``players`` deals its tile to no seat. ``seats`` other than a
    bytearray of 136 or ``players`` not an int raise WrongTypeError; ``players`` other than 2-4,
    or more than 14 tiles for a seat, InvalidHandError.

    >>> seats = bytearray(136); seats[8] = seats[4] = seats[0] = seats[20] = 1; seats[52] = 2
    >>> [(p.hand, p.waits_mask) for p in dealt_seats(seats, 2)]
    [([0, 4, 8, 20], 32), ([52], 8192)]
    """
    count = players if type(players) is int else named_int("players", players, "2, 3 or 4")
    # checked once a hand, as the seats read the marks through a C pointer
    if type(seats) is not bytearray or len(seats) != 136:
        raise WrongTypeError(f"seats={quoted(seats)}: expected a bytearray of 136 marks, one a "
                             "tile id (Wall.seats_dealt)")
    if not 2 <= count <= 4:
        raise InvalidHandError(f"players={count}: expected 2, 3 or 4")
    seated = count
    marked = seats
    # every seat's tiles in one pass over the marks, in id order (ascending, with no sort), side
    # by side in held: _MOST places a seat, and each seat's count of its marks in taken[mark]
    held = _NO_DEAL.copy()
    taken = _NO_MARKS.copy()
    marks, placed, sizes = marked, held, taken  # the compiled build's C pointers to them
    for tile in range(len(marked)):
        mark = marks[tile]
        if mark and mark <= seated:
            size = sizes[mark]
            if size < _MOST:
                placed[(mark - 1) * _MOST + size] = tile
            sizes[mark] = size + 1  # 136 at most: a byte holds it
    for seat in range(seated):
        if sizes[seat + 1] > _MOST:  # no room: more than a hand at the table holds
            raise InvalidHandError(f"more than {_MOST} tiles marked for seat {seat}: "
                                   f"expected at most {_MOST}")
    dealt: list[Player] = []
    for seat in range(seated):
        p = Player.__new__(Player)
        p._take(held, seat * _MOST, sizes[seat + 1])
        p._new_hand()
        p.update_waits()
        dealt.append(p)
    return tuple(dealt)


class Player:
    """The mutable state of one seat in the current hand: :attr:`hand` lists the concealed 136-ids
    in ascending order (the order the legal discards are listed in), ``counts`` the same tiles as
    34 counts.

    The table keeps the ids as the first ``size`` bytes of ``tiles`` and reads them there; ``hand``
    is a new list of them at each read (changing that list changes no seat), and a hand assigned
    to it is dealt anew, counts and all (what riichi.analyze does). Only :meth:`add`,
    :meth:`remove` and an assigned hand write ``tiles``; for bytes written there in place the
    table reads nothing past its tables (the turn's listing and mask refuse an id past 135 with
    ``RiichiError``).
    """

    __slots__ = (
        "tiles",
        "size",
        "counts",
        "melds",
        "discards",
        "discard_mask",
        "riichi_safe_mask",
        "waits_mask",
        "riichi",
        "double_riichi",
        "ippatsu",
        "temp_furiten",
        "riichi_furiten",
        "kuikae_mask",
        "nagashi",
        "kita",
        "noten_turn",
    )

    def __init__(self, tiles: Iterable[int]) -> None:
        self._deal(sorted(tiles))

    def _deal(self, hand: list[int]) -> None:
        """Start a hand with the concealed 136-ids ``hand``, ascending."""
        self._hold(hand)
        self._new_hand()

    def _new_hand(self) -> None:
        """A seat's state at the deal, but for its tiles: no melds, discards, riichi or furiten."""
        self.melds: list[Meld] = []
        self.discards: list[DiscardedTile] = []
        self.discard_mask = 0
        # tile types discarded by anyone after this seat's riichi: it can no longer win on them
        self.riichi_safe_mask = 0
        self.waits_mask = 0
        self.riichi = False
        self.double_riichi = False
        self.ippatsu = False
        self.temp_furiten = False
        self.riichi_furiten = False
        self.kuikae_mask = 0
        # still eligible for nagashi mangan: every discard a terminal or honor, none claimed
        self.nagashi = True
        self.kita: tuple[int, ...] = ()  # the Norths set aside (three players), in order
        # this turn's hand is neither tenpai nor complete, as riichi.game.turn.decide found after
        # the draw (for its discard's waits); the next tile added clears it
        self.noten_turn = False

    def _hold(self, hand: list[int]) -> None:
        """Keep the ascending 136-ids ``hand`` as the concealed tiles, and count them: the one
        place a whole hand is written (InvalidHandError, and nothing changed, if it is no hand)."""
        size = len(hand)
        tiles = bytearray(max(size, _MOST))
        counts = bytearray(34)
        previous = -1
        for i in range(size):
            tile = hand[i]
            if tile < 0 or tile > 135:
                raise InvalidHandError(f"tile id {tile} in the hand: expected ids 0-135")
            if tile == previous:  # ascending: a tile held twice is next to itself
                raise InvalidHandError(f"tile id {tile} twice in the hand: expected each tile once")
            previous = tile
            tiles[i] = tile
            counts[tile >> 2] += 1
        self.tiles = tiles
        self.size = size
        self.counts = counts

    def _take(self, held: bytearray, start: int, size: int) -> None:
        """Hold the ``size`` ascending 136-ids from ``held[start]`` (at most 14): a hand dealt
        from the wall (:func:`dealt_seats`)."""
        # copies of zeroed bytes: bytearray.copy() is a third of the cost of bytearray(n), a call
        # of the type, or of a slice
        tiles = _NO_TILES.copy()
        counts = _NO_COUNTS.copy()
        dealt, placed, counted = held, tiles, counts  # the compiled build's C pointers to them
        for i in range(size):
            tile = dealt[start + i]
            placed[i] = tile
            counted[tile >> 2] += 1
        self.tiles = tiles
        self.size = size
        self.counts = counts

    @property
    def hand(self) -> list[int]:
        """The concealed 136-ids, ascending: a new list at each read."""
        tiles = self.tiles
        return [tiles[i] for i in range(self.size)]

    @hand.setter
    def hand(self, tiles: Iterable[int]) -> None:
        """Deal the concealed hand anew: ``tiles`` in ascending order, and their counts."""
        self._hold(sorted(tiles))

    def add(self, tile: int) -> None:
        """Put ``tile`` into the concealed hand, in its place (IllegalActionError if it is no
        tile id)."""
        if tile < 0 or tile > 135:
            raise IllegalActionError(f"tile {tile} added to a hand: expected an id 0-135")
        size = self.size
        if size == len(self.tiles):  # more than the table's 14 tiles (as a test may hold)
            self.tiles += bytes(size)
        tiles = self.tiles
        i = size
        while i and tiles[i - 1] > tile:  # the ids above it move up one place
            tiles[i] = tiles[i - 1]
            i -= 1
        tiles[i] = tile
        self.size = size + 1
        self.counts[tile >> 2] += 1
        self.noten_turn = False  # until the turn with this tile is decided

    def remove(self, tile: int) -> None:
        """Take ``tile`` out of the concealed hand (IllegalActionError if it holds no such tile)."""
        tiles = self.tiles
        size = self.size - 1
        i = _place(tiles, size + 1, tile)
        if i > size or tiles[i] != tile:
            raise IllegalActionError(f"tile {tile} is not in the hand")
        while i < size:  # the ids above it move down one place
            tiles[i] = tiles[i + 1]
            i += 1
        self.size = size
        self.counts[tile >> 2] -= 1

    def tiles_of_type(self, tile_type: int) -> list[int]:
        """The concealed 136-ids of type ``tile_type``, ascending."""
        return sorted(t for t in self.hand if t >> 2 == tile_type)

    def update_waits(self) -> None:
        """Recompute the cached waits; the hand must have 3n+1 concealed tiles."""
        self.waits_mask = _seat_waits(self.counts, self.melds, len(self.kita))

    def update_waits_after_discard(self, tile_type: int, drawn: int) -> None:
        """The cached waits after a discard of type ``tile_type``, ``drawn`` the tile drawn at
        this turn (-1 after a chi or pon)."""
        if self.noten_turn:
            # Neither tenpai nor complete with the tile discarded: without it, not tenpai (a tile
            # taken out never brings a hand nearer), and the waits are not searched.
            self.noten_turn = False
            self.waits_mask = 0
        elif drawn < 0 or drawn >> 2 != tile_type:
            # discarding the drawn tile's type restores the counts of before the draw: same waits
            self.update_waits()

    def tenpai(self, karaten: bool = False) -> bool:
        """This 3n+1-tile hand is tenpai (for the exhaustive draw's payments): it waits
        (:attr:`waits_mask`), or, with ``karaten`` (``RuleSet.karaten_counts``), its only waits
        are on tiles whose other copies are in its melds or set aside as kita. A wait on a tile
        the concealed hand holds all four of never counts.

        >>> Player([0, 1, 2, 3, 32, 33, 34, 36, 40, 44, 72, 76, 80]).tenpai(karaten=True)  # 1m x4
        False
        """
        return bool(self.waits_mask) or (karaten and bool(_core.waits_mask(self.counts)))

    def tenpai_discards(self, karaten: bool = False) -> int:
        """Bit mask of the tile types whose discard leaves this 3n+2-tile hand tenpai, by the
        definition of :attr:`waits_mask` (the riichi discards); ``karaten``
        (``RuleSet.karaten_counts``): also where the only wait is on tiles whose other copies are
        in the seat's melds or set aside (:meth:`tenpai`).

        >>> p = Player([0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 110, 124, 132])
        >>> [t for t in range(34) if p.tenpai_discards() >> t & 1]
        [31, 33]
        """
        held = self.counts
        counts = held.copy()
        mask = 0
        for tile_type in range(34):
            if not held[tile_type]:
                continue
            counts[tile_type] -= 1
            if (_core.waits_mask(counts) if karaten
                    else _seat_waits(counts, self.melds, len(self.kita))):
                mask |= 1 << tile_type
            counts[tile_type] += 1
        return mask

    @property
    def is_closed(self) -> bool:
        """No open meld (a concealed kan keeps the hand closed)."""
        return closed(self.melds)

    @property
    def genbutsu_mask(self) -> int:
        """Bit mask of the tile types no one can deal in to this seat with: its own discards and,
        once it is in riichi, every tile discarded after its riichi."""
        return self.discard_mask | self.riichi_safe_mask

    @property
    def furiten(self) -> bool:
        """This seat may not win by ron now."""
        return self.temp_furiten or self.riichi_furiten or bool(self.waits_mask & self.discard_mask)

    def copy(self) -> Player:
        """An independent copy (melds and discard records are immutable and shared)."""
        other = Player.__new__(Player)
        other.tiles = self.tiles[:]  # slices: C copies in the compiled build (copy() is a lookup)
        other.size = self.size
        other.counts = self.counts[:]
        other.melds = self.melds[:]
        other.discards = self.discards[:]
        other.discard_mask = self.discard_mask
        other.riichi_safe_mask = self.riichi_safe_mask
        other.waits_mask = self.waits_mask
        other.riichi = self.riichi
        other.double_riichi = self.double_riichi
        other.ippatsu = self.ippatsu
        other.temp_furiten = self.temp_furiten
        other.riichi_furiten = self.riichi_furiten
        other.kuikae_mask = self.kuikae_mask
        other.nagashi = self.nagashi
        other.kita = self.kita
        other.noten_turn = False  # a copy's hands may be dealt anew (riichi.analyze)
        return other

    def __copy__(self) -> Player:
        """``copy.copy(player)``: :meth:`copy` (a copy sharing the hand would change with it)."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Player:
        """``copy.deepcopy(player)``: :meth:`copy`, independent already."""
        return self.copy()
