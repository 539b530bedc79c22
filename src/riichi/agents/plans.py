"""Which yaku an open hand can still make: the plans a player calls for and then discards toward.

An open hand has no riichi and no menzen tsumo, so it must carry a yaku of its own. A
:class:`Plan` names the yaku the hand is going for and what that asks of its tiles: the tile types
that cannot be part of it (``garbage``: terminals and honours for tanyao, the other suits for a
flush), to be discarded first, and the tile types worth drawing (``useful``). Toitoi asks for a
shape rather than tiles and is measured by :func:`toitoi_shanten`.

Counts are 34-slot ``bytes``/``bytearray`` of the concealed tiles; melds are given by their tile
types and whether they are runs.

>>> from riichi.tiles import parse_counts
>>> c = bytes(parse_counts("234m567p3388s11z"))  # after a chi of 456s
>>> plan = open_plan(c, [((21, 22, 23), True)], yakuhai=1 << 31, kuitan=True)
>>> plan.yaku, plan.garbage_in(c)
('tanyao', 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from riichi._deprecated import RenamedAttribute
from riichi.agents._plans import flush_suit, open_plan_index, tiles_in
from riichi.tiles import DRAGONS, TERMINALS_AND_HONORS

__all__ = [
    "Plan",
    "MeldShape",
    "FREE",
    "TOITOI",
    "open_plan",
    "MeldMasks",
    "meld_masks",
    "plan_for",
    "yakuhai_mask",
    "toitoi_shanten",
    "toitoi_candidates",
    "flush_plan",
    "flush_plan_in",
    "flush_suits",
]

MeldShape = tuple[tuple[int, ...], bool]
"""A meld as a plan sees it: its tile types and whether it is a run."""

ALL_TILES = (1 << 34) - 1
YAOCHUU = sum(1 << t for t in TERMINALS_AND_HONORS)
HONOR_MASK = ((1 << 7) - 1) << 27
SUIT_MASKS = tuple(((1 << 9) - 1) << (9 * s) for s in range(3))


@dataclass(frozen=True, slots=True)
class Plan:
    """A yaku an open hand goes for: ``yaku`` names it (``"tanyao"``, ``"toitoi"``,
    ``"flush_m"``, ``"flush_p"``, ``"flush_s"``, or ``"free"`` for a hand whose yaku is already
    there); ``garbage`` are the tile types that do not fit it, ``useful`` the ones worth drawing
    (both bit masks over tile types)."""

    yaku: str
    garbage: int
    useful: int

    kind = RenamedAttribute[str]("yaku")
    """Deprecated: :attr:`yaku`."""

    def garbage_in(self, counts: bytes | bytearray) -> int:
        """How many tiles of ``counts`` do not fit the plan."""
        return tiles_in(counts, self.garbage)


FREE = Plan("free", 0, ALL_TILES)
"""Closed hands (riichi is their yaku) and hands with a yakuhai triplet: anything goes."""
TOITOI = Plan("toitoi", 0, ALL_TILES)
"""All triplets: measured by :func:`toitoi_shanten`."""
_TANYAO = Plan("tanyao", YAOCHUU, ALL_TILES & ~YAOCHUU)
_FLUSHES = tuple(
    Plan(f"flush_{'mps'[s]}", ALL_TILES & ~(SUIT_MASKS[s] | HONOR_MASK), SUIT_MASKS[s] | HONOR_MASK)
    for s in range(3)
)
# open_plan_index's answers in order, None (-1) last
_BY_INDEX: tuple[Plan | None, ...] = (FREE, TOITOI, _TANYAO, *_FLUSHES, None)


_YAKUHAI = tuple(
    tuple(
        1 << (27 + seat_wind) | 1 << (27 + round_wind) | sum(1 << t for t in DRAGONS)
        for round_wind in range(4)
    )
    for seat_wind in range(4)
)


def yakuhai_mask(seat_wind: int, round_wind: int) -> int:
    """Bit mask of the honours whose triplet is a yaku for a seat: the dragons, its seat wind and
    the round wind.

    >>> [t for t in range(34) if yakuhai_mask(1, 0) >> t & 1]
    [27, 28, 31, 32, 33]
    """
    return _YAKUHAI[seat_wind % 4][round_wind % 4]


def open_plan(
    counts: bytes | bytearray, melds: Sequence[MeldShape], yakuhai: int, kuitan: bool
) -> Plan | None:
    """The plan of a hand with these concealed ``counts`` and ``melds``, or None if the hand has
    no way to a yaku. :data:`FREE` when no meld is open (the caller knows whether it is closed:
    pass only the open melds) or a yakuhai triplet is in hand; otherwise tanyao (when ``kuitan``)
    or a flush that the melds allow, the one with fewer tiles to discard, then toitoi."""
    if not melds:
        return FREE
    return plan_for(counts, meld_masks(melds), yakuhai, kuitan)


MeldMasks = tuple[int, int, bool]
"""What a plan reads of the open melds (see :func:`meld_masks`): the mask of their tile types,
the mask of the tile types of their triplets and kans, and whether one of them is a run."""


def meld_masks(melds: Sequence[MeldShape]) -> MeldMasks:
    """The :data:`MeldMasks` of ``melds``.

    >>> meld_masks([((9, 10, 11), True), ((31, 31, 31), False)]) == (0b111 << 9 | 1 << 31, 1 << 31, True)
    True
    """
    types_mask = triplets = 0
    runs = False
    for types, is_run in melds:
        for t in types:
            types_mask |= 1 << t
        if is_run:
            runs = True
        else:
            triplets |= 1 << types[0]
    return types_mask, triplets, runs


def plan_for(
    counts: bytes | bytearray, masks: MeldMasks, yakuhai: int, kuitan: bool
) -> Plan | None:
    """:func:`open_plan` of a hand with open melds, read as ``masks`` by :func:`meld_masks` (a
    player keeps them while its melds stay)."""
    types_mask, triplets, runs = masks
    if triplets & yakuhai:
        return FREE
    return _BY_INDEX[open_plan_index(counts, types_mask, runs, yakuhai, kuitan)]


def flush_plan(
    counts: bytes | bytearray, melds: Sequence[MeldShape], min_tiles: int
) -> Plan | None:
    """The flush to steer toward, if ``counts`` hold ``min_tiles`` or more tiles of one suit and
    honours together and every meld fits that suit; None otherwise.

    >>> from riichi.tiles import parse_counts
    >>> flush_plan(bytes(parse_counts("12356799m12p11z")), [], 10).yaku
    'flush_m'
    """
    return flush_plan_in(counts, flush_suits(melds), min_tiles)


def flush_plan_in(counts: bytes | bytearray, suits: int, min_tiles: int) -> Plan | None:
    """:func:`flush_plan` among the ``suits`` (a mask, see :func:`flush_suits`) the melds allow."""
    suit = flush_suit(counts, min_tiles, suits)
    return _FLUSHES[suit] if suit >= 0 else None


def flush_suits(melds: Sequence[MeldShape]) -> int:
    """Bit mask of the suits (1 man, 2 pin, 4 sou) a flush may be of with these ``melds``.

    >>> flush_suits([((9, 10, 11), True), ((31, 31, 31), False)])
    2
    """
    suits = 7
    for types, _ in melds:
        if types[0] < 27:
            suits &= 1 << types[0] // 9
    return suits


def toitoi_shanten(counts: bytes | bytearray, open_sets: int) -> int:
    """Shanten of ``counts`` (3n+1 or 3n+2 tiles) toward all triplets and a pair, with
    ``open_sets`` triplets already melded.

    >>> from riichi.tiles import parse_counts
    >>> toitoi_shanten(bytes(parse_counts("11m22p33s4455z6z")), 1)  # five pairs, three to fill
    2
    >>> toitoi_shanten(bytes(parse_counts("111m222p333s4455z")), 0)  # shanpon: tenpai
    0
    """
    triplets = counts.count(3) + counts.count(4)
    pairs = counts.count(2)
    missing = max(0, 4 - open_sets - triplets)
    if triplets > 4 - open_sets:
        pairs += 1  # a spare triplet can give the pair
    needed = missing if pairs >= missing + 1 else 2 * missing - pairs + 1
    return needed - 1


def toitoi_candidates(
    held: Sequence[int],
    counts: bytes | bytearray,
    visible: bytes | bytearray,
    worth: bytes,
    order: bytes,
    open_sets: int,
) -> list[tuple[int, int, int, int, int]]:
    """The discards of the tile types ``held`` (those of the hand ``counts`` a player may
    discard) measured toward all triplets, as candidates ``(shanten, cost, order, tile type,
    unseen)`` (see riichi.agents.efficiency.Candidate): shanten by :func:`toitoi_shanten`, useful
    tiles the copies still out of sight of the types of ``held`` it then holds once or twice.

    >>> from riichi.tiles import parse_counts
    >>> c = bytes(parse_counts("111m22p33s14455z67z"))
    >>> held = [t for t in range(34) if c[t]]
    >>> toitoi_candidates(held, c, bytes(34), bytes(34), bytes(34), 0)[:4]  # 1m 2p 3s 1z
    [(3, -19, 0, 0, 19), (3, -18, 0, 10, 18), (3, -18, 0, 20, 18), (2, -14, 0, 27, 14)]
    """
    out: list[tuple[int, int, int, int, int]] = []
    after = bytearray(counts)
    for t in held:
        after[t] -= 1
        shanten = toitoi_shanten(after, open_sets)
        unseen = sum(4 - after[u] - visible[u] for u in held if 0 < after[u] < 3)
        after[t] += 1
        out.append((shanten, worth[t] - unseen, order[t], t, unseen))
    return out
