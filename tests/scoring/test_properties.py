"""Hypothesis properties of the scorer over generated winning hands."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from riichi.errors import InvalidHandError, NoYakuError
from riichi.meld import MeldKind
from riichi.scoring import HandResult, Win, score_hand, settle
from riichi.tiles import dora_from_indicator
from tests.support.winning_hands import GeneratedHand, random_hand

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
RULES = st.sampled_from(["ema", "tenhou", "ema-2016", "wrc", "mleague", "mahjongsoul"])


def _hand(seed: int) -> GeneratedHand:
    return random_hand(random.Random(seed))


def _score(hand: GeneratedHand, rules: str) -> HandResult:
    try:
        return score_hand(**hand.kwargs(), rules=rules)
    except NoYakuError:
        assume(False)
        raise


def _tiles_of(hand: GeneratedHand) -> list[int]:
    ids = [*hand.concealed, hand.win_tile, *(i for m in hand.melds for i in m.tiles)]
    return ids + list(hand.dora_indicators) + list(hand.ura_indicators)


@settings(max_examples=300, deadline=None)
@given(SEEDS, RULES)
def test_adding_a_dora_never_lowers_the_points(seed: int, rules: str) -> None:
    hand = _hand(seed)
    assume(len(hand.dora_indicators) < 5)
    before = _score(hand, rules)
    used = _tiles_of(hand)
    hand_types = {i >> 2 for i in used[: len(used) - len(hand.dora_indicators) - len(hand.ura_indicators)]}
    # An indicator that points at a tile of the hand, from the copies still unseen.
    free = [i for i in range(136) if i not in used and dora_from_indicator(i >> 2) in hand_types]
    assume(free)
    more = dataclasses.replace(hand, dora_indicators=(*hand.dora_indicators, free[seed % len(free)]))
    after = score_hand(**more.kwargs(), rules=rules)
    assert after.points >= before.points
    assert after.han >= before.han


@settings(max_examples=200, deadline=None)
@given(SEEDS)
def test_riichi_on_an_open_hand_is_rejected(seed: int) -> None:
    hand = _hand(seed)
    assume(any(m.kind is not MeldKind.ANKAN for m in hand.melds))
    flags = dict(hand.flags, riichi=True)
    with pytest.raises(InvalidHandError, match="riichi with an open hand"):
        score_hand(**dataclasses.replace(hand, flags=flags).kwargs())


@settings(max_examples=300, deadline=None)
@given(SEEDS, RULES)
def test_payments_sum_to_the_hands_points(seed: int, rules: str) -> None:
    hand = _hand(seed)
    r = _score(hand, rules)
    p = r.payments
    if r.tsumo:
        payers = [p.dealer, p.non_dealer, p.non_dealer] if not r.is_dealer else [p.non_dealer] * 3
        assert p.ron == 0
    else:
        payers = [p.ron]
        assert p.dealer == p.non_dealer == 0
    assert sum(payers) == r.points + p.honba
    assert p.total == r.points + p.honba + p.sticks
    assert p.sticks == 1000 * hand.riichi_sticks
    seat = "ESWN".index(hand.seat_wind)
    discarder = None if r.tsumo else (seat + 1 + seed % 3) % 4
    deltas = settle([Win(seat, r)], dealer=0, discarder=discarder, honba=hand.honba,
                    riichi_sticks=hand.riichi_sticks, rules=rules)
    assert deltas[seat] == p.total
    assert sum(deltas) == p.sticks


@settings(max_examples=150, deadline=None)
@given(SEEDS)
def test_scoring_is_deterministic_and_input_forms_agree(seed: int) -> None:
    hand = _hand(seed)
    first = _score(hand, "ema")
    assert score_hand(**hand.kwargs(), rules="ema") == first
    melds = tuple(str(m) for m in hand.melds)
    if all(m.tiles == tuple(sorted(m.tiles)) for m in hand.melds):
        text = dataclasses.replace(hand, melds=())
        again = score_hand(**{**text.kwargs(), "melds": melds}, rules="ema")
        # Meld notation gives each tile a fixed copy, so only red fives can differ.
        assert (again.han - again.aka_dora, again.fu) == (first.han - first.aka_dora, first.fu)
