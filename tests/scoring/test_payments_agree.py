"""``score_hand``'s points and payments against :func:`riichi.scoring.settle`, under every preset
and so every ``RuleSet.tsumo_payment`` (four players' shares, three players' tsumo loss and north
bisection, two players' ``absent_too`` and ``as_ron``): what the result says the winner receives
and each payer pays is what settlement moves, counters and sticks included."""

from __future__ import annotations

import dataclasses
import random

import pytest

from riichi.errors import InvalidHandError, NoYakuError
from riichi.rules import PRESET_NAMES, RuleSet, TsumoPayment
from riichi.scoring import HandResult, Win, score_hand, settle
from tests.support.winning_hands import GeneratedHand, random_hands

WINDS = "ESWN"
BISECTION = dataclasses.replace(RuleSet.preset("tenhou-3p"), tsumo_payment=TsumoPayment.NORTH_BISECTION)
TWO_SHARED = dataclasses.replace(RuleSet.preset("2p"), tsumo_payment=TsumoPayment.SHARED)
RULES = [RuleSet.preset(name) for name in PRESET_NAMES] + [BISECTION, TWO_SHARED]


def _seats(hand: GeneratedHand, rules: RuleSet) -> tuple[int, int | None] | None:
    """(winner's seat, dealer's seat or None) at the table of ``rules``; None where the winner's
    wind has no seat there."""
    wind = WINDS.index(hand.seat_wind)
    if rules.players > 2:
        return (wind, 0) if wind < rules.players else None
    if wind >= rules.winds:
        return None
    opponent = (wind + rules.winds // 2) % rules.winds  # the winner is seat 0, the opponent 1
    return 0, 0 if wind == 0 else 1 if opponent == 0 else None


def _score(hand: GeneratedHand, rules: RuleSet) -> HandResult | None:
    try:
        return score_hand(**hand.kwargs(), rules=rules)
    except (NoYakuError, InvalidHandError):  # no yaku, or tiles three players do not play
        return None


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.name}-{r.tsumo_payment}")
def test_payments_are_what_settle_pays(rules: RuleSet) -> None:
    checked = tsumo = 0
    for n, hand in enumerate(random_hands(1500, seed=len(rules.name) * 1009)):
        seats = _seats(hand, rules)
        r = _score(hand, rules) if seats else None
        if r is None or seats is None:
            continue
        winner, dealer = seats
        others = [s for s in range(rules.players) if s != winner]
        discarder = None if r.tsumo else others[n % len(others)]
        deltas = settle([Win(winner, r)], dealer=dealer, discarder=discarder, honba=hand.honba,
                        riichi_sticks=hand.riichi_sticks, rules=rules)
        p = r.payments
        assert deltas[winner] == p.total == r.points + p.honba + p.sticks
        for s in others:
            part = p.ron if s == discarder else 0
            if r.tsumo:
                part = p.dealer if s == dealer else p.non_dealer
            assert -deltas[s] == part, (hand, s, deltas, p)
        checked += 1
        tsumo += r.tsumo
    assert checked >= 100 and tsumo >= 30
