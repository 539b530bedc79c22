"""A seat keeps its concealed tiles once, as bytes the table reads (``Player.tiles``), and shows
them as :attr:`Player.hand`, a new list at each read: the table's moves, a hand assigned (what
riichi.analyze does when it deals anew) and its copies keep the ids ascending with their counts,
and a list read out of a seat changes no seat."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi.analyze.worlds import redeal
from riichi.errors import IllegalActionError, InvalidHandError
from riichi.game import Game
from riichi.game.player import Player
from riichi.game.state import GameState


def counts_of(ids: list[int]) -> list[int]:
    return [sum(t >> 2 == k for t in ids) for k in range(34)]


def assert_consistent(state: GameState) -> None:
    """Every seat's hand ascends, holds tile ids, at most 14, and agrees with its counts; the
    tiles of the table are each in one place."""
    for p in state.players:
        hand = p.hand
        assert hand == sorted(hand) and all(0 <= t <= 135 for t in hand)
        assert p.size == len(hand) <= 14 <= len(p.tiles)
        assert bytes(p.tiles[:p.size]) == bytes(hand)  # the bytes the table reads
        assert list(p.counts) == counts_of(hand)
    locations = state.tile_locations()
    assert len(locations) == len(set(locations))


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["tenhou", "tenhou-3p", "2p"]), st.integers(0, 2**32 - 1))
def test_random_games_keep_every_hand_ascending_with_its_counts(rules: str, seed: int) -> None:
    state = Game(rules, seed=seed).new_state()
    rng = np.random.default_rng(seed)
    steps = 0
    while not state.is_over and steps < 400:
        seat = state.acting_seats[0]
        legal = state.legal(seat)
        state.apply(legal[int(rng.integers(len(legal)))], seat=seat)
        assert_consistent(state)
        steps += 1


@pytest.mark.parametrize("worlds", ["belief", "uniform", "oracle"])
def test_a_world_dealt_anew_keeps_every_hand_ascending_with_its_counts(worlds: str) -> None:
    state = Game("tenhou", seed=5).new_state()
    rng = np.random.default_rng(5)
    for _ in range(30):  # a few turns in, with discards and perhaps calls to keep
        seat = state.acting_seats[0]
        legal = state.legal(seat)
        state.apply(legal[int(rng.integers(len(legal)))], seat=seat)
    seat = state.acting_seats[0]
    for k in range(4):
        world = state.clone()
        redeal(world, seat, np.random.default_rng(k), worlds=worlds)
        assert_consistent(world)
        assert world.players[seat].hand == state.players[seat].hand


def test_a_hand_assigned_is_dealt_anew_sorted_and_counted() -> None:
    p = Player([0, 4, 8])
    p.hand = [135, 16, 17, 1]
    assert p.hand == [1, 16, 17, 135] and p.size == 4
    assert list(p.counts) == counts_of([1, 16, 17, 135])
    p.remove(16)
    assert p.hand == [1, 17, 135] and p.counts[4] == 1


@pytest.mark.parametrize(("bad", "expected"), [
    ([0, 136], "expected ids 0-135"),
    ([-1, 5], "expected ids 0-135"),
    ([4, 4, 8], "twice in the hand: expected each tile once"),
    ([8, 0, 8], "twice in the hand: expected each tile once"),
    ([16, 16, 16, 16, 16], "twice in the hand: expected each tile once"),  # a fifth copy
])
def test_a_hand_the_table_cannot_hold_is_refused_and_changes_nothing(
    bad: list[int], expected: str
) -> None:
    p = Player([0, 4, 8])
    with pytest.raises(InvalidHandError, match=expected):
        p.hand = bad
    with pytest.raises(InvalidHandError, match=expected):
        Player(bad)
    assert p.hand == [0, 4, 8] and list(p.counts) == counts_of([0, 4, 8])


@pytest.mark.parametrize("tile", [136, 256, -1])
def test_a_tile_that_is_no_id_is_not_added(tile: int) -> None:
    p = Player([0, 4, 8])
    with pytest.raises(IllegalActionError, match=f"tile {tile} added to a hand: expected an id"):
        p.add(tile)
    assert p.hand == [0, 4, 8] and list(p.counts) == counts_of([0, 4, 8])


def test_a_list_read_from_a_seat_changes_no_seat() -> None:
    state = Game("tenhou", seed=3).new_state()
    p = state.players[0]
    before = p.hand
    shown = p.hand
    shown.append(shown.pop(0))
    shown[0] = 135
    assert p.hand == before and shown is not p.hand
    assert_consistent(state)


def test_a_hand_grows_past_fourteen_tiles_outside_the_table() -> None:
    # the table never holds more than 14; a seat made by hand may (the room grows)
    ids = list(range(0, 136, 7))
    p = Player([])
    for tile in reversed(ids):
        p.add(tile)
    assert p.hand == ids and p.size == len(ids) > 14 and list(p.counts) == counts_of(ids)
    copy = p.copy()
    for tile in ids[::2]:
        p.remove(tile)
    assert p.hand == ids[1::2] and copy.hand == ids
