"""The call options of a hand (riichi.game.options) against brute force, and the ordered hand the
table keeps for them (riichi.game.player.Player)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from riichi.game.actions import Chi, Pon
from riichi.game.options import RUN_SHAPES, chi_options, kuikae_ban, pon_options
from riichi.game.player import Player
from riichi.tiles import RED_FIVE_IDS

RED = set(RED_FIVE_IDS)

# A hand of 3n+1 distinct 136-ids (the table's hands after a discard), a discarded type and seat;
# small hands of few types make calls and red fives frequent.
hands = st.lists(st.integers(0, 135), min_size=1, max_size=13, unique=True).filter(
    lambda h: len(h) % 3 == 1
)
focused = st.integers(0, 8).flatmap(
    lambda first: st.lists(st.integers(first * 4, first * 4 + 15), min_size=1, max_size=13,
                           unique=True).filter(lambda h: len(h) % 3 == 1)
)


def canonical(tile: int, hand: list[int]) -> int:
    """What a call is made of: a red five is itself, a plain copy stands for the lowest plain
    copy of its type in the hand (every plain copy makes the same call)."""
    if tile in RED:
        return tile
    return min(t for t in hand if t >> 2 == tile >> 2 and t not in RED)


def may_discard_after(hand: list[int], used: tuple[int, ...], banned: int) -> bool:
    return any(t not in used and not banned >> (t >> 2) & 1 for t in hand)


def brute_pons(hand: list[int], kind: int, kuikae: bool) -> set[tuple[int, int]]:
    out = set()
    plain = sorted(t for t in hand if t >> 2 == kind and t not in RED)
    for a, b in combinations(hand, 2):
        if a >> 2 == b >> 2 == kind:
            # two plain copies make the pon of the two lowest; a red five, with the lowest plain
            reds = sorted({a, b} & RED)
            pair = (reds[0], plain[0]) if reds else (plain[0], plain[1])
            if not kuikae or may_discard_after(hand, pair, kuikae_ban(kind, None)):
                out.add(pair)
    return out


def brute_chis(hand: list[int], kind: int, kuikae: bool) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    if kind >= 27:
        return out
    for a, b in combinations(hand, 2):
        types = sorted({a >> 2, b >> 2, kind})
        if (
            len(types) == 3 and types[0] < 27 and types[0] // 9 == types[2] // 9
            and types[2] - types[0] == 2
        ):
            low, high = sorted((canonical(a, hand), canonical(b, hand)), key=lambda t: t >> 2)
            if not kuikae or may_discard_after(hand, (low, high), kuikae_ban(kind, types[0])):
                out.add((low, high))
    return out


def counts_of(hand: list[int]) -> bytearray:
    counts = bytearray(34)
    for t in hand:
        counts[t >> 2] += 1
    return counts


@settings(max_examples=400)
@given(st.one_of(hands, focused), st.integers(0, 33), st.integers(0, 3), st.booleans())
def test_pon_options_are_every_distinct_pon(
    hand: list[int], kind: int, seat: int, kuikae: bool
) -> None:
    hand = sorted(hand)
    options = pon_options(seat, hand, kind, kuikae)
    assert all(type(o) is Pon and o.seat == seat for o in options)
    pairs = [o.tiles for o in options]  # type: ignore[union-attr]
    assert len(set(pairs)) == len(pairs)
    assert set(pairs) == brute_pons(hand, kind, kuikae)


@settings(max_examples=400)
@given(st.one_of(hands, focused), st.integers(0, 33), st.integers(0, 3), st.booleans())
def test_chi_options_are_every_distinct_chi(
    hand: list[int], kind: int, seat: int, kuikae: bool
) -> None:
    hand = sorted(hand)
    options = chi_options(seat, hand, counts_of(hand), kind, kuikae)
    assert all(type(o) is Chi and o.seat == seat for o in options)
    pairs = [o.tiles for o in options]  # type: ignore[union-attr]
    assert len(set(pairs)) == len(pairs)
    assert set(pairs) == brute_chis(hand, kind, kuikae)


def test_run_shapes_are_the_runs_through_each_type() -> None:
    for kind in range(34):
        expected = [
            (start, *[t for t in range(start, start + 3) if t != kind])
            for start in range(27) if start % 9 <= 6 and start <= kind <= start + 2
        ]
        assert list(RUN_SHAPES[kind]) == expected, kind


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
