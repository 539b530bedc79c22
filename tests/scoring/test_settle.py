"""settle(): per-seat point changes for one win or several, with counters, sticks and pao."""

from __future__ import annotations

import numpy as np
import pytest

from riichi.errors import IllegalActionError, RiichiError, SettlementError, WrongTypeError
from riichi.rules import RuleSet
from riichi.scoring import (
    HandResult, Win, chombo_penalty, payments_for, score_hand, settle, tsumo_shares,
)

WINDS = "ESWN"


def hand(concealed: str, win: str, melds: tuple[str, ...] = (), *, seat: int, dealer: int = 0,
         tsumo: bool = False, rules: str = "ema", **kwargs: bool) -> HandResult:
    return score_hand(concealed, win, melds, tsumo=tsumo, seat_wind=WINDS[(seat - dealer) % 4],
                      round_wind="E", rules=rules, **kwargs)


def test_single_ron_with_counters_and_sticks() -> None:
    r = hand("123m456p789s1155z", "5z", seat=1)
    assert r.points == 1300
    assert settle([Win(1, r)], dealer=0, discarder=3, honba=2, riichi_sticks=3) == (0, 4900, 0, -1900)


def test_dealer_tsumo() -> None:
    r = hand("12345678s234p66m", "9s", seat=2, dealer=2, tsumo=True, riichi=True)
    assert settle([Win(2, r)], dealer=2, honba=1) == (-4100, -4100, 12300, -4100)


@pytest.mark.parametrize(
    ("rules", "expected"),
    [("ema", (-3200, 3600, 0, 1600)), ("tenhou", (-2900, 3600, 0, 1300))],
)
def test_double_ron_counters_and_sticks(rules: str, expected: tuple[int, ...]) -> None:
    # Seat 0 discards; seat 1 (riichi) is the first winner after the discarder, seat 3 the second.
    # ema: both get counters, seat 1 takes back its stick and the other; tenhou: all to seat 1.
    a = hand("234m456p678s3399p", "9p", seat=1, dealer=2, riichi=True, rules=rules)
    b = hand("123m456p789s1155z", "5z", seat=3, dealer=2, rules=rules)
    deltas = settle([Win(3, b), Win(1, a)], dealer=2, discarder=0, honba=1, riichi_sticks=2,
                    rules=rules)
    assert deltas == expected


def test_head_bump_and_triple_ron_rules_refuse_extra_winners() -> None:
    a = hand("234m456p678s3399p", "9p", seat=1, dealer=0, rules="wrc", riichi=True)
    b = hand("123m456p789s1155z", "5z", seat=3, dealer=0, rules="wrc")
    with pytest.raises(SettlementError, match="head bump"):
        settle([Win(1, a), Win(3, b)], dealer=0, discarder=2, rules="wrc")
    c = hand("123m456p789s1155z", "5z", seat=0, dealer=1, rules="tenhou")
    a2 = hand("234m456p678s3399p", "9p", seat=2, dealer=1, rules="tenhou", riichi=True)
    b2 = hand("123m456p789s1166z", "6z", seat=3, dealer=1, rules="tenhou")
    with pytest.raises(SettlementError, match="triple ron"):
        settle([Win(0, c), Win(2, a2), Win(3, b2)], dealer=1, discarder=1, rules="tenhou")


def test_bad_settlements() -> None:
    r = hand("123m456p789s1155z", "5z", seat=1)
    with pytest.raises(SettlementError, match="own discard"):
        settle([Win(1, r)], dealer=0, discarder=1)
    with pytest.raises(SettlementError, match="does not fit"):
        settle([Win(1, r)], dealer=1, discarder=2)
    with pytest.raises(SettlementError, match="at least one"):
        settle([], dealer=0, discarder=2)
    with pytest.raises(SettlementError, match="winner seat 4 is not a seat 0-3"):
        settle([Win(4, r)], dealer=0, discarder=2)
    with pytest.raises(SettlementError, match="a seat wins twice"):
        settle([Win(1, r), Win(1, r)], dealer=0, discarder=2)
    with pytest.raises(SettlementError, match="honba=-1: expected an int >= 0"):
        settle([Win(1, r)], dealer=0, discarder=2, honba=-1)
    with pytest.raises(SettlementError, match="only one player can win by tsumo"):
        settle([Win(1, r), Win(2, r)], dealer=0, discarder=None)


def test_a_bad_settlement_is_no_illegal_action() -> None:
    """An illegal action is a move at a table; settle() is handed wins, not moves."""
    r = hand("123m456p789s1155z", "5z", seat=1)
    with pytest.raises(SettlementError) as caught:
        settle([Win(1, r)], dealer=0, discarder=1)
    assert not isinstance(caught.value, IllegalActionError)
    assert isinstance(caught.value, RiichiError) and isinstance(caught.value, ValueError)


DAISANGEN = ("123m11p55z", "5z", ("pon:666z", "pon:777z"))


def test_pao_tsumo_the_liable_player_pays_all() -> None:
    r = hand(*DAISANGEN, seat=1, tsumo=True)
    assert r.yaku == {"daisangen": 13}
    assert settle([Win(1, r, liable=3)], dealer=0, honba=1) == (0, 32300, 0, -32300)


@pytest.mark.parametrize(("rules", "discarder_pays"), [("ema", 16300), ("tenhou", 16000)])
def test_pao_ron_by_a_third_player_is_split(rules: str, discarder_pays: int) -> None:
    r = hand(*DAISANGEN, seat=1, rules=rules)
    deltas = settle([Win(1, r, liable=3)], dealer=0, discarder=2, honba=1, rules=rules)
    assert deltas[1] == 32300
    assert deltas[2] == -discarder_pays
    assert deltas[3] == -(32300 - discarder_pays)


def test_pao_ron_from_the_liable_player() -> None:
    r = hand(*DAISANGEN, seat=1)
    assert settle([Win(1, r, liable=2)], dealer=0, discarder=2) == (0, 32000, -32000, 0)


def test_pao_for_the_yakuman_part_only() -> None:
    # Big three dragons + all honours; the liable player answers only for the dragons.
    r = hand("111z22z55z", "5z", ("pon:666z", "pon:777z"), seat=1, tsumo=True, rules="mahjongsoul")
    assert r.yaku == {"daisangen": 13, "tsuuiisou": 13}
    deltas = settle([Win(1, r, liable=3)], dealer=0, rules="mahjongsoul")
    assert deltas == (-16000, 64000, -8000, -40000)


@pytest.mark.parametrize("tsumo", [True, False])
@pytest.mark.parametrize(("rules", "liable", "seats"), [
    ("ema", 4, "0-3"), ("ema", 9, "0-3"), ("ema", -1, "0-3"), ("tenhou-3p", 3, "0-2"),
])
def test_a_liable_seat_outside_the_table_is_refused(
    rules: str, liable: int, seats: str, tsumo: bool
) -> None:
    # It raised an IndexError, or (a negative seat) charged the seat counted from the end.
    r = hand("999m11p55z", "5z", ("pon:666z", "pon:777z"), seat=1, tsumo=tsumo, rules=rules)
    assert r.yaku["daisangen"] == 13
    with pytest.raises(SettlementError, match=rf"^liable seat {liable} is not a seat {seats}$"):
        settle([Win(1, r, liable=liable)], dealer=0, discarder=None if tsumo else 2, rules=rules)


@pytest.mark.parametrize(("winner", "dealer", "rules", "message"), [
    (4, 0, "ema", "winner seat 4 is not a seat 0-3"),
    (-1, 0, "ema", "winner seat -1 is not a seat 0-3"),
    (1, 5, "ema", "dealer seat 5 is not a seat 0-3"),
    (3, 0, "tenhou-3p", "winner seat 3 is not a seat 0-2"),
])
def test_tsumo_shares_refuses_a_seat_outside_the_table(
    winner: int, dealer: int, rules: str, message: str
) -> None:
    # They raised an IndexError, or (a negative seat) left the seat counted from the end unpaid.
    with pytest.raises(SettlementError, match=f"^{message}$"):
        tsumo_shares(2000, winner, dealer, RuleSet.preset(rules))


@pytest.mark.parametrize(("winner", "dealer"), [(None, 0), (1.0, 0), (True, 0), (1, "0")])
def test_tsumo_shares_refuses_seats_that_are_no_ints(winner: object, dealer: object) -> None:
    with pytest.raises(WrongTypeError, match="expected seats"):
        tsumo_shares(2000, winner, dealer, RuleSet())  # type: ignore[arg-type]


def test_tsumo_shares_and_payments_for_take_a_preset_name() -> None:
    # As settle does; they raised an AttributeError on a str.
    assert tsumo_shares(2000, 1, 0, "tenhou-3p") == [4000, 0, 2000]
    assert payments_for(2000, is_dealer=False, tsumo=True, rules="2p") == {"opponent": 8000}


def test_no_pao_without_a_pao_yakuman() -> None:
    r = hand("123m456p789s1155z", "5z", seat=1)
    assert settle([Win(1, r, liable=3)], dealer=0, discarder=2) == (0, 1300, -1300, 0)


@pytest.mark.parametrize(("rules", "offender", "dealer", "penalty"), [
    # a mangan tsumo paid in reverse: 4,000 to the dealer and 2,000 to each other seat, or
    # 4,000 to each from a dealer
    ("ema", 1, 0, ((4_000, -8_000, 2_000, 2_000), 0)),
    ("ema", 0, 0, ((-12_000, 4_000, 4_000, 4_000), 0)),
    ("tenhou", 3, 2, ((2_000, 2_000, 4_000, -8_000), 0)),
    # chombo_points off the final result after uma, nothing now
    ("ema-2016", 2, 0, ((0, 0, 0, 0), 20_000)),
    ("wrc", 0, 0, ((0, 0, 0, 0), 30_000)),
    # two players: the opponent is paid as the rules' tsumo payment says (2p: for three payers,
    # 2p-match: as a ron); with no East seat, both are non-dealers
    ("2p", 1, None, ((8_000, -8_000), 0)),
    ("2p-match", 0, 0, ((-12_000, 12_000), 0)),
])
def test_chombo_penalty(rules: str, offender: int, dealer: int | None,
                        penalty: tuple[tuple[int, ...], int]) -> None:
    assert chombo_penalty(offender, dealer=dealer, rules=rules) == penalty
    assert sum(penalty[0]) == 0


def test_chombo_penalty_refuses_a_seat_not_at_the_table() -> None:
    with pytest.raises(SettlementError, match="offender seat 4 is not a seat 0-3"):
        chombo_penalty(4, dealer=0)
    with pytest.raises(SettlementError, match="dealer seat 2 is not a seat 0-1"):
        chombo_penalty(0, dealer=2, rules="2p")
    with pytest.raises(WrongTypeError, match="expected seats"):  # as settle and tsumo_shares
        chombo_penalty(True, dealer=0)  # type: ignore[arg-type]


NUMPY_INTS = (np.int64, np.int32, np.uint8, np.intp)


def _flat(value: object) -> list[object]:
    return [x for v in value for x in _flat(v)] if isinstance(value, (tuple, list)) else [value]


@pytest.mark.parametrize("kind", NUMPY_INTS)
def test_numpy_integers_are_seats_and_counts_everywhere(kind: type) -> None:
    """What operator.index takes is an int (environments hand out numpy's integers); the
    results are plain ints, the same as for ints."""
    n = kind
    pao = hand("999m11p55z", "5z", ("pon:666z", "pon:777z"), seat=1)
    tsumo = hand("12345678s234p66m", "9s", seat=2, dealer=2, tsumo=True, riichi=True)
    cases = [
        (lambda: settle([Win(n(1), pao, liable=n(3))], dealer=n(0), discarder=n(2), honba=n(1),
                        riichi_sticks=n(1)),
         lambda: settle([Win(1, pao, liable=3)], dealer=0, discarder=2, honba=1, riichi_sticks=1)),
        (lambda: settle([Win(n(2), tsumo)], dealer=n(2), honba=n(1)),
         lambda: settle([Win(2, tsumo)], dealer=2, honba=1)),
        (lambda: chombo_penalty(n(1), dealer=n(0)), lambda: chombo_penalty(1, dealer=0)),
        (lambda: tsumo_shares(2000, n(1), n(0), "ema"), lambda: tsumo_shares(2000, 1, 0, "ema")),
    ]
    for given, expected in cases:
        got = given()
        assert got == expected()
        assert {type(x) for x in _flat(got)} == {int}


@pytest.mark.parametrize("bad", [True, np.True_, 1.0, np.float64(1.0), "1"])
def test_what_is_no_integer_is_a_wrong_type_for_every_seat(bad: object) -> None:
    """A bool (numpy's too), a float or a str is no seat, in settle and chombo_penalty alike."""
    r = hand("123m456p789s1155z", "5z", seat=1)
    with pytest.raises(WrongTypeError, match=r"expected a Win\(seat, result, liable\) with an int seat"):
        settle([Win(bad, r)], dealer=0, discarder=2)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"expected a Win\(seat, result, liable\) .* an int or None liable"):
        settle([Win(1, r, liable=bad)], dealer=0, discarder=2)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"expected seats \(ints\), discarder None for a tsumo"):
        settle([Win(1, r)], dealer=0, discarder=bad)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"^honba=.*: expected an int >= 0$"):
        settle([Win(1, r)], dealer=0, discarder=2, honba=bad)  # type: ignore[arg-type]
    for name, call in (("offender", lambda: chombo_penalty(bad, dealer=0)),  # type: ignore[arg-type]
                       ("winner", lambda: tsumo_shares(2000, bad, 0, "ema"))):  # type: ignore[arg-type]
        with pytest.raises(WrongTypeError, match=rf"^{name}=.*: expected seats \(ints\), dealer None when no seat is East$"):
            call()
    with pytest.raises(WrongTypeError, match=r"^offender=1, dealer=.*: expected seats"):
        chombo_penalty(1, dealer=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("rules", "winner", "wind"), [
    ("ema", 1, "S"), ("tenhou-3p", 1, "S"), ("2p-match", 1, "S"),
])
def test_no_east_seat_is_refused_where_the_rules_always_seat_one(
        rules: str, winner: int, wind: str) -> None:
    # dealer=None (no East) was taken at every table: the dealer's share was paid as a
    # non-dealer's (ema: the winner got 2,100 for a 1,300 / 700 / 700 hand)
    result = score_hand("123p456p789s1122z", "2z", tsumo=True, seat_wind=wind, round_wind="E",
                        rules=rules)
    message = rf"^dealer=None: the rules '{rules}' always seat an East \(expected its seat"
    with pytest.raises(SettlementError, match=message):
        settle([Win(winner, result)], dealer=None, rules=rules)
    with pytest.raises(SettlementError, match=message):
        tsumo_shares(2000, winner, None, rules)
    with pytest.raises(SettlementError, match=message):
        chombo_penalty(winner, dealer=None, rules=rules)
    # two players on four wind seats: every second hand has no East
    assert chombo_penalty(1, dealer=None, rules="2p") == ((8_000, -8_000), 0)
