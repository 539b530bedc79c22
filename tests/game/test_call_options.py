"""The call options of a hand (riichi.game.call_options) against brute force, and the ordered hand
the table keeps for them (riichi.game.player.Player).

The brute force knows kuikae only as the rule reads: after a call the seat may not discard a tile
that would make the same set again with the two tiles it called with (after a pon the called
type; after a chi the called type and, called on an end of the run, the type beyond its other
end). It finds those tiles by trying every type; the table's ``kuikae_ban`` is what it tests.
"""

from __future__ import annotations

from itertools import combinations, product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi import _core
from riichi.errors import IllegalActionError, InvalidHandError, WrongTypeError
from riichi.game.actions import Chi, Pon
from riichi.game.call_options import (
    RUN_SHAPES, chi_options, kuikae_ban, pon_options, riichi_kan_allowed, run_held,
)
from riichi.game.player import Player, waits_mask
from riichi.game.prebuilt import CHI_SPAN, CHIS, PON_SPAN, PONS
from riichi.rules import RiichiKanPolicy
from riichi.tiles import RED_FIVE_IDS

RED = set(RED_FIVE_IDS)

# A hand of 3n+1 distinct 136-ids (the table's hands after a discard), a discarded type and seat;
# small hands of few types make calls and red fives frequent (in both halves of the ids, which
# the table reads from opposite ends).
hands = st.lists(st.integers(0, 135), min_size=1, max_size=13, unique=True).filter(
    lambda h: len(h) % 3 == 1
)
focused = st.integers(0, 30).flatmap(
    lambda first: st.lists(st.integers(first * 4, first * 4 + 15), min_size=1, max_size=13,
                           unique=True).filter(lambda h: len(h) % 3 == 1)
)


def reds(red_fives: bool) -> set[int]:
    """The ids that are red fives: none under rules without them (the same ids are plain)."""
    return RED if red_fives else set()


def canonical(tile: int, hand: list[int], red_fives: bool) -> int:
    """What a call is made of: a red five is itself, a plain copy stands for the lowest plain
    copy of its type in the hand (every plain copy makes the same call)."""
    red = reds(red_fives)
    if tile in red:
        return tile
    return min(t for t in hand if t >> 2 == tile >> 2 and t not in red)


def is_set(types: list[int]) -> bool:
    """Three tile types that make a set: a triplet, or a run in one suit."""
    low, middle, high = sorted(types)
    return low == middle == high or (
        high < 27 and low // 9 == high // 9 and (middle, high) == (low + 1, low + 2)
    )


def swap_types(used: tuple[int, int]) -> set[int]:
    """Every type that makes a set with the two tiles a call used: what kuikae forbids."""
    return {t for t in range(34) if is_set([t, *used])}


def may_discard_after(hand: list[int], used: tuple[int, ...]) -> bool:
    banned = swap_types((used[0] >> 2, used[1] >> 2))
    return any(t not in used and t >> 2 not in banned for t in hand)


def test_kuikae_ban_is_every_type_that_remakes_the_call() -> None:
    for kind in range(34):
        assert kuikae_ban(kind, None) == sum(1 << t for t in swap_types((kind, kind))), kind
        for start in range(kind - 2, kind + 1):
            run = [start, start + 1, start + 2]
            if 0 <= start and is_set(run):
                low, high = (t for t in run if t != kind)
                ban = sum(1 << t for t in swap_types((low, high)))
                assert kuikae_ban(kind, start) == ban, (kind, start)


def test_swap_types_are_the_kuikae_of_the_rules() -> None:
    one, two, three, four = 0, 1, 2, 3  # 1m 2m 3m 4m
    assert swap_types((two, three)) == {one, four}  # chi of 1m or 4m with 23m
    assert swap_types((one, three)) == {two}  # a closed wait: the called tile only
    assert swap_types((7, 8)) == {6}  # 89m: only 7m (no 10m)
    assert swap_types((31, 31)) == {31}  # a pon


def brute_pons(hand: list[int], kind: int, kuikae: bool, red_fives: bool) -> set[tuple[int, int]]:
    out = set()
    red = reds(red_fives)
    plain = sorted(t for t in hand if t >> 2 == kind and t not in red)
    for a, b in combinations(hand, 2):
        if a >> 2 == b >> 2 == kind:
            # two plain copies make the pon of the two lowest; a red five, with the lowest plain
            used_red = sorted({a, b} & red)
            pair = (used_red[0], plain[0]) if used_red else (plain[0], plain[1])
            if not kuikae or may_discard_after(hand, pair):
                out.add(pair)
    return out


def brute_chis(hand: list[int], kind: int, kuikae: bool, red_fives: bool) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    if kind >= 27:
        return out
    for a, b in combinations(hand, 2):
        types = sorted({a >> 2, b >> 2, kind})
        if (
            len(types) == 3 and types[0] < 27 and types[0] // 9 == types[2] // 9
            and types[2] - types[0] == 2
        ):
            low, high = sorted((canonical(a, hand, red_fives), canonical(b, hand, red_fives)),
                               key=lambda t: t >> 2)
            if not kuikae or may_discard_after(hand, (low, high)):
                out.add((low, high))
    return out


def counts_of(hand: list[int]) -> bytearray:
    counts = bytearray(34)
    for t in hand:
        counts[t >> 2] += 1
    return counts


@settings(max_examples=400)
@given(st.one_of(hands, focused), st.integers(0, 33), st.integers(0, 3), st.booleans(),
       st.booleans())
def test_pon_options_are_every_distinct_pon(
    hand: list[int], kind: int, seat: int, kuikae: bool, red_fives: bool
) -> None:
    hand = sorted(hand)
    options = pon_options(seat, hand, kind, kuikae, red_fives)
    assert all(type(o) is Pon and o.seat == seat for o in options)
    # the table builds them without the constructor's checks: each is the action it would make
    assert all(o == Pon(seat, o.tiles) and hash(o) == hash(Pon(seat, o.tiles)) for o in options)
    pairs = [o.tiles for o in options]  # type: ignore[union-attr]
    assert len(set(pairs)) == len(pairs)
    assert set(pairs) == brute_pons(hand, kind, kuikae, red_fives)


@settings(max_examples=400)
@given(st.one_of(hands, focused), st.integers(0, 33), st.integers(0, 3), st.booleans(),
       st.booleans())
def test_chi_options_are_every_distinct_chi(
    hand: list[int], kind: int, seat: int, kuikae: bool, red_fives: bool
) -> None:
    hand = sorted(hand)
    options = chi_options(seat, hand, counts_of(hand), kind, kuikae, red_fives)
    assert all(type(o) is Chi and o.seat == seat for o in options)
    assert all(o == Chi(seat, o.tiles) and hash(o) == hash(Chi(seat, o.tiles)) for o in options)
    pairs = [o.tiles for o in options]  # type: ignore[union-attr]
    assert len(set(pairs)) == len(pairs)
    assert set(pairs) == brute_chis(hand, kind, kuikae, red_fives)


def test_run_shapes_are_the_runs_through_each_type() -> None:
    for kind in range(34):
        expected = [
            (start, *[t for t in range(start, start + 3) if t != kind])
            for start in range(27) if start % 9 <= 6 and start <= kind <= start + 2
        ]
        assert list(RUN_SHAPES[kind]) == expected, kind


def test_a_run_is_held_where_both_other_tiles_of_a_run_shape_are() -> None:
    # every type, with each of its four neighbours held none, once or twice
    for kind in range(34):
        for held in product((0, 1, 2), repeat=4):
            counts = bytearray(34)
            for offset, count in zip((-2, -1, 1, 2), held):
                if 0 <= kind + offset < 34:
                    counts[kind + offset] = count
            expected = any(counts[low] and counts[high] for _, low, high in RUN_SHAPES[kind])
            assert run_held(counts, kind) is expected, (kind, held)


@given(st.lists(st.integers(0, 135), min_size=13, max_size=13, unique=True),
       st.lists(st.tuples(st.booleans(), st.integers(0, 135)), max_size=40))
def test_a_player_keeps_its_hand_in_order_with_its_counts(
    deal: list[int], moves: list[tuple[bool, int]]
) -> None:
    player = Player(deal)
    held = set(deal)
    for draw, tile in moves:
        if draw and tile not in held:
            player.add(tile)
            held.add(tile)
        elif not draw and tile in held:
            player.remove(tile)
            held.discard(tile)
        assert player.hand == sorted(held)
        assert player.counts == counts_of(player.hand)


SANMA_TYPES = [0, 8, *range(9, 34)]  # three players play without 2m-8m
SANMA_RUNS = [start for start in range(9, 27) if start % 9 <= 6]  # pinzu and souzu alone
sanma_sets = st.one_of(
    st.sampled_from(SANMA_RUNS).map(lambda start: (start, start + 1, start + 2)),
    st.sampled_from(SANMA_TYPES).map(lambda t: (t, t, t)),
)


def sanma_waits(counts: bytearray) -> int:
    """The waits of a 3n+1 three-player hand by brute force: every tile of the table (not a fifth
    copy) that makes it a win as the three-player core reads a win."""
    mask = 0
    for t in SANMA_TYPES:
        if counts[t] < 4:
            counts[t] += 1
            if _core.shanten(counts, 3) == -1:
                mask |= 1 << t
            counts[t] -= 1
    return mask


@settings(max_examples=300)
@given(st.lists(sanma_sets, min_size=4, max_size=4), st.sampled_from(SANMA_TYPES),
       st.integers(0, 13))
def test_three_player_waits_and_a_riichi_kan_read_as_three_players_do(
    sets: list[tuple[int, int, int]], pair: int, dropped: int
) -> None:
    # The table's waits and its riichi kan test call the core without the seat count. A hand
    # of three players holds no 2m-8m, and 1m and 9m alone make no wait on one: the four-player
    # reading must give exactly the three-player waits, before and after every riichi kan.
    counts = bytearray(34)
    for t in [*(t for s in sets for t in s), pair, pair]:
        counts[t] += 1
    if max(counts) > 4:
        return
    tiles = [t for t in range(34) for _ in range(counts[t])]
    counts[tiles[dropped]] -= 1
    mask = waits_mask(counts, [])
    assert mask == sanma_waits(counts)
    for kan in (t for t in SANMA_TYPES if counts[t] == 3):
        drawn = bytearray(counts)
        drawn[kan] += 1
        after = bytearray(drawn)
        after[kan] = 0
        same_waits = sanma_waits(after) == mask
        assert riichi_kan_allowed(RiichiKanPolicy.WAIT_ONLY, drawn, mask, kan) is same_waits


@pytest.mark.parametrize("hand", [
    [17, 16, 18],  # not ascending
    [16, 16, 17],  # an id twice
    [16, 17, 136],  # no tile id
    [16, 17, 300],
    [-1, 16, 17],
    [16, 17, "18"],
])
def test_a_hand_the_table_would_not_keep_is_refused(hand: list[int]) -> None:
    counts = bytearray(34)
    counts[4] = 3
    with pytest.raises(InvalidHandError, match="distinct tile ids 0-135 in ascending order"):
        pon_options(0, hand, 4, kuikae=True, red_fives=True)
    with pytest.raises(InvalidHandError, match="distinct tile ids 0-135 in ascending order"):
        chi_options(0, hand, counts, 4, kuikae=True, red_fives=True)


@pytest.mark.parametrize(("seat", "tile_type"), [(4, 4), (-1, 4), (0, 34), (0, -1)])
def test_a_seat_or_type_out_of_range_is_refused(seat: int, tile_type: int) -> None:
    hand = [12, 16, 17, 20]
    with pytest.raises(IllegalActionError, match="expected a seat 0-3 and a tile type 0-33"):
        pon_options(seat, hand, tile_type, kuikae=True, red_fives=True)
    with pytest.raises(IllegalActionError, match="expected a seat 0-3 and a tile type 0-33"):
        chi_options(seat, hand, counts_of(hand), tile_type, kuikae=True, red_fives=True)


def test_counts_other_than_the_hands_are_refused() -> None:
    hand = [12, 20]  # 4m 6m: a chi of 5m
    assert chi_options(0, hand, counts_of(hand), 4, kuikae=False, red_fives=True)
    wrong = counts_of(hand)
    wrong[5] += 1
    with pytest.raises(InvalidHandError, match="are not those of the hand"):
        chi_options(0, hand, wrong, 4, kuikae=False, red_fives=True)


@pytest.mark.parametrize(("seat", "hand", "tile_type", "wrong"), [
    ("0", [12, 16, 17, 20], 4, "seat"),
    (True, [12, 16, 17, 20], 4, "seat"),
    (0.0, [12, 16, 17, 20], 4, "seat"),
    (0, [12, 16, 17, 20], "4", "tile_type"),
    (0, [12, 16, 17, 20], None, "tile_type"),
    (0, "12 16 17 20", 4, "hand"),
    (0, {12, 16, 17, 20}, 4, "hand"),
    (0, None, 4, "hand"),
])
def test_arguments_of_the_wrong_type_are_refused_with_a_riichi_error(
    seat: object, hand: object, tile_type: object, wrong: str
) -> None:
    # the compiled build's typed arguments refused these with Python's own TypeError
    counts = bytearray(34)
    for function, args in (
        (pon_options, (seat, hand, tile_type)),
        (chi_options, (seat, hand, counts, tile_type)),
    ):
        with pytest.raises(WrongTypeError, match=f"^{function.__name__}: {wrong}="):
            function(*args, kuikae=True, red_fives=True)


def test_numpy_ints_are_taken_for_a_seat_and_a_type() -> None:
    hand = [12, 16, 17, 20]
    assert pon_options(np.int64(1), hand, np.int8(4), kuikae=False, red_fives=True) == \
        pon_options(1, hand, 4, kuikae=False, red_fives=True)
    assert chi_options(np.int64(1), hand, counts_of(hand), np.int16(4), kuikae=False,
                       red_fives=True) == chi_options(1, hand, counts_of(hand), 4, kuikae=False,
                                                      red_fives=True)


@pytest.mark.parametrize("counts", [None, [0] * 34, "counts", 5])
def test_counts_that_are_no_bytes_are_refused(counts: object) -> None:
    hand = [12, 20]
    with pytest.raises(WrongTypeError, match="^chi_options: counts=.*expected the hand's 34 counts"):
        chi_options(0, hand, counts, 4, kuikae=False, red_fives=True)  # type: ignore[arg-type]


def test_the_prebuilt_calls_are_each_the_call_of_their_place() -> None:
    # what _listed gives for the ids of a seat's call: the chi or pon of those ids and that seat
    for calls, span, cls, count in ((CHIS, CHI_SPAN, Chi, 720), (PONS, PON_SPAN, Pon, 204)):
        made = [(i, c) for i, c in enumerate(calls) if c is not None]
        assert len(made) == 4 * count  # every chi (45 pairs of types, 16 of ids), every pon
        for i, call in made:
            seat, rest = divmod(i, 136 * span)
            low, apart = divmod(rest, span)
            assert type(call) is cls and call == cls(seat, (low, low + apart))
