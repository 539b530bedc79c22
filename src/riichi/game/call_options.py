"""What a hand may call or declare: the choices of a chi or pon, kuikae, a kan after riichi.

Pure functions of a player's concealed tiles (136-ids in ascending order, as
:class:`~riichi.game.player.Player` keeps them, with their 34-type counts) and the rules. Under
rules without red fives (``RuleSet.red_fives`` false) the red five's id is one more plain copy.

>>> pon_options(1, [16, 17, 18, 40], tile_type=4, kuikae=True, red_fives=True)
[Pon(seat=1, tiles=(17, 18)), Pon(seat=1, tiles=(16, 17))]
>>> pon_options(1, [16, 17, 18, 40], tile_type=4, kuikae=True, red_fives=False)
[Pon(seat=1, tiles=(16, 17))]
>>> bin(kuikae_ban(called=0, run_start=0))  # claim 1m for 123m: neither 1m nor 4m
'0b1001'
"""

from __future__ import annotations

from riichi import _core
from riichi.errors import (
    IllegalActionError, InvalidHandError, RiichiError, WrongTypeError, named_int, quoted,
)
from riichi.game.actions import Action, Chi, Pon, trusted_call
from riichi.game.player import Player
from riichi.game.prebuilt import CHI_SPAN, CHIS, PON_SPAN, PONS
from riichi.rules import RiichiKanPolicy
from riichi.tiles import ids_to_counts

__all__ = [
    "RUN_SHAPES",
    "kuikae_ban",
    "pon_options",
    "chi_options",
    "seat_pon_options",
    "seat_chi_options",
    "run_held",
    "listed_call",
    "riichi_kan_allowed",
]


def _is_red(tile: int) -> bool:
    """``tile`` is the id of a red five: one of :data:`riichi.tiles.RED_FIVE_IDS`, written out for
    the compiled build to compare C ints (a set's lookup was a sixth of the listing of a pon)."""
    return tile == 16 or tile == 52 or tile == 88


def kuikae_ban(called: int, run_start: int | None) -> int:
    """Bit mask of the tile types that may not be discarded right after calling ``called``
    (a pon when ``run_start`` is None): the called type, and for a run the type at its far end."""
    if run_start is None:  # compared with an int, None takes Python's slowest comparison
        one = 1  # shifted as a 64-bit mask in the compiled build (a literal 1 is a C int)
        return one << called
    return _run_ban(called, run_start)


def _run_ban(called: int, run_start: int) -> int:
    """:func:`kuikae_ban` of a chi, of C ints in the compiled build (asked at every chi listed)."""
    one = 1
    ban = one << called
    if run_start == called and called % 9 <= 5:
        ban |= one << (called + 3)
    elif run_start == called - 2 and called % 9 >= 3:
        ban |= one << (called - 3)
    return ban


def _kept_after_chi(counts: bytearray, size: int, called: int, run_start: int) -> bool:
    """Whether a hand of ``size`` tiles (``counts``) keeps a tile that kuikae lets it discard after
    the chi of ``called`` into the run from ``run_start``: counted from the types, not read from the
    ids, as the two tiles called with are of types the ban never holds."""
    ban = _run_ban(called, run_start)
    left = size - 2
    # the ban's types: the called one and the type beyond the run's other end
    for t in range(max(run_start - 1, 0), min(run_start + 4, 34)):
        if ban >> t & 1:
            left -= counts[t]
    return left > 0


def _copies(tiles: bytes | bytearray, size: int, tile_type: int) -> tuple[int, int]:
    """Where the copies of ``tile_type`` lie among the ``size`` ascending ids of ``tiles``:
    ``tiles[start:stop]``, as the copies of a type lie together (the red five, an id of its own,
    lowest). Read from the nearer end, as the types run evenly from 0 to 33: about half the ids
    read."""
    first = tile_type << 2
    if tile_type < 17:
        start = stop = 0
        while stop < size:
            t = tiles[stop]
            if t >= first + 4:
                break
            stop += 1
            if t < first:
                start = stop
        return start, stop
    start = stop = size
    while start:
        t = tiles[start - 1]
        if t < first:
            break
        start -= 1
        if t >= first + 4:
            stop = start
    return start, stop


def _red_and_plain(
    hand: list[int], tile_type: int, red_fives: bool
) -> tuple[int | None, list[int]]:
    """The red five of ``tile_type`` in ``hand`` (None if it holds none or the rules have none)
    and its plain copies, ascending."""
    tiles = bytes(hand)  # kept while its bytes are read (the compiled build reads them as C bytes)
    start, stop = _copies(tiles, len(hand), tile_type)
    if red_fives and start < stop and _is_red(hand[start]):
        return hand[start], hand[start + 1:stop]
    return None, hand[start:stop]


def _choices(tiles: bytes | bytearray, first: int, copies: int, red_fives: bool) -> int:
    """How many distinct ids a call may use of the ``copies`` tiles of one type from
    ``tiles[first]`` on: two where the lowest is a red five with a plain copy above it (a red and
    a plain five are different where the rules have red fives), else one. The choices are the ids
    from ``tiles[first]`` on, listed from the highest: the plain copy before the red five."""
    if copies > 1 and red_fives and _is_red(tiles[first]):
        return 2
    return 1


def pon_options(
    seat: int, hand: list[int], tile_type: int, kuikae: bool, red_fives: bool
) -> list[Action]:
    """One pon of a discarded ``tile_type`` (the 34-index) per distinct pair of tiles (with or
    without a red five, when ``red_fives``); none that would leave only tiles kuikae forbids
    (when ``kuikae`` is forbidden). A seat out of 0-3 or a type out of 0-33 raises
    IllegalActionError; a hand not of distinct ascending ids 0-135 InvalidHandError; a seat or a
    type that is no int, or a hand that is no list or tuple, WrongTypeError."""
    seat, tiles, tile_type = _offered("pon_options", seat, hand, tile_type)  # tiles kept: C bytes
    return _pons([], seat, tiles, len(tiles), tile_type, kuikae, red_fives)


def seat_pon_options(
    out: list[Action], seat: int, p: Player, tile_type: int, kuikae: bool, red_fives: bool
) -> None:
    """:func:`pon_options` of the concealed tiles of ``p``, read where the seat keeps them,
    appended to ``out`` (a seat's options on a discard: one list for all of them)."""
    _pons(out, seat, p.tiles, p.size, tile_type, kuikae, red_fives)


def _pons(
    out: list[Action], seat: int, tiles: bytes | bytearray, size: int, tile_type: int,
    kuikae: bool, red_fives: bool,
) -> list[Action]:
    """:func:`pon_options` of the ``size`` ascending ids of ``tiles``, appended to ``out``."""
    start, stop = _copies(tiles, size, tile_type)
    # after a pon kuikae bans the called type alone: a tile of another type must be left
    if stop - start < 2 or (kuikae and stop - start == size):
        return out
    plain = start + 1 if red_fives and _is_red(tiles[start]) else start  # the first plain copy
    if stop - plain >= 2:
        out.append(_listed(PONS, PON_SPAN, Pon, seat, tiles[plain], tiles[plain + 1]))
    if plain > start:
        out.append(_listed(PONS, PON_SPAN, Pon, seat, tiles[start], tiles[plain]))
    return out


def _listed(calls: tuple[Action | None, ...], span: int, cls: type[Chi] | type[Pon], seat: int,
            low: int, high: int) -> Action:
    """The chi or pon (``cls``; ``calls`` and ``span`` the prebuilt ones) of ``seat`` with the ids
    ``low`` and ``high``: the shared one (one made and freed at every listing was a fifth of the
    cost of a claim), made anew only for ids of a hand Python code wrote in place."""
    if 0 <= seat < 4 and 0 < high - low < span and high < 136:
        action = calls[(seat * 136 + low) * span + high - low]
        if action is not None:
            return action
    return trusted_call(cls, seat, (low, high))


def _offered(
    function: str, seat: object, hand: object, tile_type: object
) -> tuple[int, bytes, int]:
    """``seat``, ``hand`` as bytes for the C readers of a chi's or pon's options, and
    ``tile_type``, after the checks the table's own hands need not: ints (WrongTypeError), ``seat``
    0-3 and ``tile_type`` 0-33 (IllegalActionError), the hand a list or tuple (WrongTypeError) of
    distinct 136-ids in ascending order, as a seat keeps them (InvalidHandError)."""
    seat = named_int(f"{function}: seat", seat, "a seat 0-3")
    tile_type = named_int(f"{function}: tile_type", tile_type, "a tile type 0-33")
    if not isinstance(hand, (list, tuple)):
        raise WrongTypeError(f"{function}: hand={quoted(hand)}: expected a list of tile ids")
    if not 0 <= seat <= 3 or not 0 <= tile_type <= 33:
        raise IllegalActionError(f"{function}: seat {seat}, tile_type {tile_type}: expected a "
                                 "seat 0-3 and a tile type 0-33")
    previous = -1
    for tile in hand:
        if type(tile) is not int or not previous < tile <= 135:
            raise InvalidHandError(f"{function}: hand {quoted(hand)}: expected distinct tile ids "
                                   "0-135 in ascending order")
        previous = tile
    return seat, bytes(hand), tile_type


def _run_shapes(tile_type: int) -> tuple[tuple[int, int, int], ...]:
    """The runs a discarded ``tile_type`` can complete: (first type, the two other types)."""
    shapes: list[tuple[int, int, int]] = []
    for start in (tile_type - 2, tile_type - 1, tile_type):
        if tile_type < 27 and start >= 0 and start // 9 == tile_type // 9 and start % 9 <= 6:
            low, high = [t for t in (start, start + 1, start + 2) if t != tile_type]
            shapes.append((start, low, high))
    return tuple(shapes)


RUN_SHAPES = tuple(_run_shapes(tile_type) for tile_type in range(34))
"""For each tile type, the runs a discard of it can complete: (first type, the two other types).
Asked at nearly every discard, and mostly answered "none": looked up, not built."""


def run_held(counts: bytearray, tile_type: int) -> bool:
    """``counts`` hold the two other tiles of a run a discarded ``tile_type`` completes (of one
    shape of :data:`RUN_SHAPES` at least): asked of the next seat at nearly every discard, in C,
    before :func:`chi_options` is.

    >>> counts = bytearray(34); counts[1] = counts[3] = 1  # 2m and 4m
    >>> run_held(counts, 2), run_held(counts, 4)  # 3m: 2m-4m; 5m: neither 3m nor 6m held
    (True, False)
    """
    if tile_type >= 27:  # no run of honours
        return False
    number = tile_type % 9
    below = number >= 1 and counts[tile_type - 1] > 0
    above = number <= 7 and counts[tile_type + 1] > 0
    return bool(
        (below and (above or (number >= 2 and counts[tile_type - 2] > 0)))
        or (above and number <= 6 and counts[tile_type + 2] > 0)
    )


def chi_options(
    seat: int, hand: list[int], counts: bytearray, tile_type: int, kuikae: bool, red_fives: bool
) -> list[Action]:
    """Every distinct chi of a discarded suited ``tile_type``: each run shape, each red-five
    choice (when ``red_fives``). Bad input raises as :func:`pon_options` does, ``counts`` other
    than the hand's InvalidHandError, and ``counts`` that are no bytes WrongTypeError."""
    seat, tiles, tile_type = _offered("chi_options", seat, hand, tile_type)  # tiles kept: C bytes
    expected = bytearray(ids_to_counts(list(tiles)).tobytes())
    if not isinstance(counts, (bytes, bytearray)):
        raise WrongTypeError(f"chi_options: counts={quoted(counts)}: expected the hand's 34 "
                             "counts as a bytearray (Player.counts)")
    if counts != expected:
        raise InvalidHandError(f"chi_options: counts {list(counts)} are not those of the hand "
                               f"{list(hand)}: expected its 34 counts")
    return _chis([], seat, tiles, len(tiles), expected, tile_type, kuikae, red_fives)


def seat_chi_options(
    out: list[Action], seat: int, p: Player, tile_type: int, kuikae: bool, red_fives: bool
) -> None:
    """:func:`chi_options` of the concealed tiles of ``p``, read where the seat keeps them,
    appended to ``out`` (as :func:`seat_pon_options`)."""
    _chis(out, seat, p.tiles, p.size, p.counts, tile_type, kuikae, red_fives)


def _chis(
    out: list[Action], seat: int, tiles: bytes | bytearray, size: int, counts: bytearray,
    tile_type: int, kuikae: bool, red_fives: bool,
) -> list[Action]:
    """:func:`chi_options` of the ``size`` ascending ids of ``tiles`` (``counts`` their counts),
    appended to ``out``."""
    for start, low, high in RUN_SHAPES[tile_type]:
        if not (counts[low] and counts[high]):
            continue
        if kuikae and not _kept_after_chi(counts, size, tile_type, start):
            continue
        low_first, high_first = _copies(tiles, size, low)
        # the copies of the types lie together in the ordered hand, in the types' order: the high
        # tile's copies follow the low tile's (and the called type's, in the middle of the run)
        for t in range(low + 1, high):
            high_first += counts[t]
        # the reads below end before high_first + counts[high]: within the tiles, unless Python
        # code changed the counts apart from them
        if high_first + counts[high] > size:
            raise RiichiError(f"a seat's counts {list(counts)} hold more than its {size} tiles: "
                              "expected the table's own hand, changed only by the table")
        lows = _choices(tiles, low_first, counts[low], red_fives)
        highs = _choices(tiles, high_first, counts[high], red_fives)
        for a in range(low_first + lows - 1, low_first - 1, -1):
            for b in range(high_first + highs - 1, high_first - 1, -1):
                out.append(_listed(CHIS, CHI_SPAN, Chi, seat, tiles[a], tiles[b]))
    return out


def listed_call(action: Action, hand: list[int], red_fives: bool) -> Action | None:
    """The listed form of a chi or pon made with other plain copies of the same tiles (legal
    actions list one call per distinct choice; any plain copy in the hand makes the same call,
    and any copy at all under rules without red fives), or None if ``action`` is no chi or pon
    with tiles from ``hand``."""
    if not isinstance(action, (Chi, Pon)):
        return None
    tiles = action.tiles
    if not (isinstance(tiles, tuple) and len(tiles) == 2 and all(type(t) is int for t in tiles)):
        return None
    a, b = sorted(tiles)
    if a == b or a not in hand or b not in hand:
        return None
    if isinstance(action, Pon):
        if a >> 2 != b >> 2:
            return None
        red, plain = _red_and_plain(hand, a >> 2, red_fives)
        return Pon(action.seat, (plain[0], plain[1]) if red != a else (a, plain[0]))
    return Chi(action.seat, (_listed_copy(hand, a, red_fives), _listed_copy(hand, b, red_fives)))


def _listed_copy(hand: list[int], tile: int, red_fives: bool) -> int:
    """The copy of ``tile``'s type a listed call uses for ``tile``: a red five itself, else the
    lowest plain copy (every copy is plain under rules without red fives)."""
    red, plain = _red_and_plain(hand, tile >> 2, red_fives)
    return tile if tile == red else plain[0]


def riichi_kan_allowed(
    policy: RiichiKanPolicy, counts: bytearray, waits_mask: int, tile_type: int
) -> bool:
    """Whether a riichi hand (``counts`` with the fourth ``tile_type`` just drawn, waiting on
    ``waits_mask`` before the draw) may declare a concealed kan of ``tile_type``."""
    if policy is RiichiKanPolicy.NONE:
        return False
    after = bytearray(counts)
    after[tile_type] = 0
    if _core.waits_mask(after) != waits_mask:
        return False
    if policy is RiichiKanPolicy.WAIT_ONLY:
        return True
    before = bytearray(counts)
    before[tile_type] -= 1
    for wait in _core.tiles_from_mask(waits_mask):
        before[wait] += 1
        readings = _core.decompositions(before)
        before[wait] -= 1
        if not readings or any(tile_type not in triplets for _, _, triplets in readings):
            return False
    return True
