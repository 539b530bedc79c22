"""Bad input: impossible hands and situations raise clear errors; incomplete hands and hands
without yaku raise NotAWinError / NoYakuError."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from riichi.errors import (
    InvalidHandError, NotationError, NotAWinError, NoYakuError, RiichiError, WrongTypeError,
)
from riichi.scoring import (
    Win, counted_ura, hand_shares, hand_value, payment_chart, payments_for, score_hand,
)
from riichi.tiles import parse_counts, parse_ids
from tests.support.child import run_isolated
from tests.support.impossible_wins import IMPOSSIBLE_INPUT


def score(concealed: Any, win: Any, melds: Any = (), **kwargs: Any) -> Any:
    kwargs.setdefault("tsumo", False)
    kwargs.setdefault("seat_wind", "S")
    kwargs.setdefault("round_wind", "E")
    return score_hand(concealed, win, melds, **kwargs)


@pytest.mark.parametrize(("concealed", "win", "melds", "kwargs", "message"), IMPOSSIBLE_INPUT)
def test_impossible_input_is_rejected(
    concealed: str, win: Any, melds: Any, kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidHandError, match=message):
        score(concealed, win, melds, **kwargs)


@pytest.mark.parametrize("indicators", [["0p", "1z", "0p"], ["0p", "1z", 52]])
def test_a_red_five_turned_twice_in_a_list_of_indicators_is_refused(indicators: list[Any]) -> None:
    with pytest.raises(InvalidHandError, match="red five"):
        score("123m456p789s2233z", "2z", dora_indicators=indicators)


def test_errors_are_value_errors_of_the_library() -> None:
    with pytest.raises(RiichiError):
        score("123m456p789s11z", "1z", ("chi:123z",))
    with pytest.raises(ValueError, match="unknown rule preset"):
        score("123m456p789s2233z", "2z", rules="nope")


def test_bad_notation() -> None:
    with pytest.raises(NotationError):
        score("123x456p789s2233z", "2z")
    with pytest.raises(NotationError):
        score("123m456p789s2233z", "2z", ("pin:123m",))


def test_not_a_win() -> None:
    with pytest.raises(NotAWinError, match="not a complete hand"):
        score("123m456p789s1234z", "5z")


def test_no_yaku() -> None:
    with pytest.raises(NoYakuError, match="no yaku"):
        score("234m456p78s55s", "9s", ("chi:345p",), dora_indicators="4p")


def test_two_han_minimum_from_the_counters_the_rules_name() -> None:
    import dataclasses

    from riichi.rules import RuleSet

    rules = dataclasses.replace(RuleSet(), ryanhan_shibari=5)
    assert score("234m456p111s79s55s", "8s", rules=rules, riichi=True, honba=4).han == 1
    with pytest.raises(NoYakuError, match="two han"):
        score("234m456p111s79s55s", "8s", rules=rules, riichi=True, honba=5)


def test_input_forms_agree() -> None:
    text = score("12345678s234p66m", "9s", riichi=True)
    ids = score(parse_ids("12345678s234p66m"), parse_ids("9s")[0], riichi=True)
    counts = score(parse_counts("12345678s234p66m"), 26, riichi=True, dora_indicators=[25])
    assert text == ids
    assert (counts.han, counts.fu, counts.yaku) == (5, 30, {"riichi": 1, "pinfu": 1, "ittsu": 2, "dora": 1})
    assert score(np.array(parse_counts("12345678s234p66m")), 26, riichi=True).points == 7700


def test_red_fives_count_only_where_the_rules_have_them() -> None:
    assert score("22m05m33p77p4s66s77z", "4s").yaku == {"chiitoitsu": 2, "aka_dora": 1}
    assert score("22m55m33p77p4s66s77z", "4s", rules="ema-2016").yaku == {"chiitoitsu": 2}
    kakan = score("22m234m78s555z", "9s", ("kakan:0555p",))
    assert kakan.yaku == {"haku": 1, "aka_dora": 1}
    # All four fives: notation names copy 0 "0", which is no red five without red fives.
    assert score("22m234m78s555z", "9s", ("kakan:0555p",), rules="ema-2016").yaku == {"haku": 1}
    # Rules without red fives have no red five to name (as a record of such a game has none).
    with pytest.raises(InvalidHandError, match="names a red five"):
        score("22m05m33p77p4s66s77z", "4s", rules="ema-2016")
    with pytest.raises(InvalidHandError, match="names a red five"):
        score("22m234m78s555z", "9s", ("pon:055p",), rules="ema-2016")


def test_a_meld_with_overwritten_fields_is_refused_by_the_scorer() -> None:
    out = run_isolated("""
        import riichi
        from riichi import Meld
        from riichi.tiles import parse_ids
        for name, value in (("tiles", (2**30, 2**30 + 4, 2**30 + 8)), ("tiles", (76, 80, 84, 88)),
                            ("tiles", ()), ("kind", "chi"), ("tiles", (132, 136, 140))):
            m = Meld.parse("chi:123s")
            try:
                object.__setattr__(m, name, value)
            except TypeError:  # compiled: a meld's fields cannot be overwritten; a subclass lies
                m = type("Meld", (Meld,), {name: property(lambda self, v=value: v)})(
                    m.kind, m.tiles)
            try:
                riichi.score_hand(parse_ids("45678s234p66m"), parse_ids("9s")[0], [m],
                                  tsumo=False, seat_wind="S", round_wind="E")
                print("scored")
            except (riichi.RiichiError, TypeError) as e:
                print(type(e).__name__)
    """)
    assert out.split() == ["InvalidHandError", "InvalidHandError", "InvalidHandError",
                           "WrongTypeError", "InvalidHandError"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"honba": 1.5}, "honba=1.5: expected an int >= 0"),
        ({"honba": float("nan")}, "honba=nan: expected an int >= 0"),
        ({"tsumo": None}, "tsumo=None: expected True or False"),
        ({"riichi_sticks": True}, "riichi_sticks=True: expected an int >= 0"),
        ({"seat_wind": 0}, "seat_wind=0: expected 'E', 'S', 'W' or 'N'"),
        ({"melds": "chi:123s"}, "melds='chi:123s': expected a list of melds"),
        ({"kita": 1.0}, "kita=1.0: expected an int >= 0"),
    ],
)
def test_numbers_and_flags_of_the_scorer_are_checked(change: dict[str, object], message: str) -> None:
    # a wrong type is a WrongTypeError (it was an InvalidHandError, unlike settle()'s)
    arguments: dict[str, object] = {"tsumo": False, "seat_wind": "S", "round_wind": "E",
                                    "melds": ["chi:123s"], **change}
    with pytest.raises(WrongTypeError, match=message):
        score_hand("45678s234p66m", "9s", **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", ["tenhou-3p", "mahjongsoul-3p"])
def test_three_players_have_no_north_seat(rules: str) -> None:
    # Three players sit East, South and West: a North seat was scored as if a fourth sat there.
    arguments: dict[str, Any] = {"tsumo": True, "round_wind": "E", "rules": rules}
    with pytest.raises(InvalidHandError, match=rf"^seat_wind='N': the rules '{rules}' seat "
                                                "three players, East, South and West$"):
        score_hand("11m99m123p456s567s", "9m", seat_wind="N", riichi=True, **arguments)
    assert score_hand("11m99m123p456s567s", "9m", seat_wind="W", riichi=True, **arguments).points


@pytest.mark.parametrize("wind", ["W", "N"])
def test_two_players_always_east_and_south_have_no_west_or_north_seat(wind: str) -> None:
    # 2p-match's players are always East and South: a West or North seat was scored, and its
    # tsumo paid by a non-dealer opponent the table does not have.
    arguments: dict[str, Any] = {"tsumo": True, "round_wind": "E", "rules": "2p-match"}
    with pytest.raises(InvalidHandError, match=rf"^seat_wind='{wind}': the rules '2p-match' seat "
                                                "two players, East and South$"):
        score_hand("123m456p789s1122z", "2z", seat_wind=wind, **arguments)
    assert score_hand("123m456p789s1122z", "2z", seat_wind="S", **arguments).payments.dealer
    # where the wind seats go round (2p), the opponent of West is East, and of North South
    assert score_hand("123m456p789s1122z", "2z", seat_wind=wind, tsumo=True, round_wind="E",
                      rules="2p").points


def test_melds_given_as_one_string_say_so() -> None:
    with pytest.raises(WrongTypeError, match="melds='chi:123s': expected a list of melds"):
        score_hand("45678s234p66m", "9s", "chi:123s", tsumo=False, seat_wind="S", round_wind="E")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["dora_indicators", "ura_indicators"])
@pytest.mark.parametrize("value", [None, 5, 1.5])
def test_indicators_that_are_no_list_say_so(name: str, value: object) -> None:
    expected = rf"^{name}={value}: expected notation, a list of tile names or of 136-ids"
    with pytest.raises(WrongTypeError, match=expected):
        score("12345678s234p66m", "9s", riichi=True, **{name: value})


@pytest.mark.parametrize(("indicators", "riichi", "message"), [
    # None raised a TypeError; notation came back cut into characters; riichi=None was no riichi.
    (None, True, "indicators=None: expected a sequence of indicator tiles such as (4, 8)"),
    ("1z5s", True, "indicators='1z5s': expected a sequence of indicator tiles such as (4, 8)"),
    ((4, 8), None, "riichi=None: expected True or False"),
    ((4, 8), 1, "riichi=1: expected True or False"),
])
def test_counted_ura_refuses_what_it_cannot_count(
    indicators: Any, riichi: Any, message: str
) -> None:
    with pytest.raises(WrongTypeError, match=rf"^{re.escape(message)}$"):
        counted_ura(indicators, riichi=riichi, rules="ema")


def test_counted_ura_takes_a_numpy_array_and_bool() -> None:
    assert counted_ura(np.array([4, 8]), riichi=np.bool_(True), rules="ema") == (4, 8)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("han", "fu", "message"),
    [
        (1, 2**28, "fu=268435456: expected 25 or a multiple of 10 from 20 to 170"),
        (1, 10**9, "fu=1000000000"),
        (1, 2**31, "fu=2147483648"),
        (1, 23, r"fu=23: .*\(fu are rounded up"),
        (1, 19, "fu=19"),
        (0, 30, "han=0: expected an int from 1"),
        (2**31, 30, None),
    ],
)
def test_hand_value_checks_its_range(han: object, fu: object, message: str | None) -> None:
    if message is None:  # any number of han from 13 is a counted yakuman, not an overflow
        assert hand_value(han, fu) == (8000, "kazoe_yakuman")  # type: ignore[arg-type]
        return
    with pytest.raises(InvalidHandError, match=message):
        hand_value(han, fu)  # type: ignore[arg-type]


@pytest.mark.parametrize(("han", "fu", "message"), [
    (1.5, 30, "han=1.5"), (True, 30, "han=True"), ("4", 30, "han='4'"), (4, 30.0, "fu=30.0"),
])
def test_hand_value_refuses_a_count_that_is_no_int_as_a_wrong_type(
    han: object, fu: object, message: str
) -> None:
    with pytest.raises(WrongTypeError, match=message):
        hand_value(han, fu)  # type: ignore[arg-type]


def test_hand_value_of_every_fu_it_takes_is_positive_and_bounded() -> None:
    for han in range(1, 15):
        for fu in [20, 25, *range(30, 171, 10)]:
            basic, _ = hand_value(han, fu)
            assert 0 < basic <= 8000
    assert payment_chart("ema").count("|") > 100  # the chart still prices every cell


@pytest.mark.parametrize("flag", ["is_dealer", "tsumo"])
@pytest.mark.parametrize("value", [None, 1, "no"])
def test_hand_shares_and_payments_for_want_bool_flags(flag: str, value: object) -> None:
    # None was taken for False and "no" for True.
    flags: dict[str, Any] = {"is_dealer": False, "tsumo": True, flag: value}
    message = rf"^{flag}={re.escape(repr(value))}: expected True or False$"
    with pytest.raises(WrongTypeError, match=message):
        hand_shares(2000, **flags)
    with pytest.raises(WrongTypeError, match=message):
        payments_for(2000, rules="ema", **flags)
    assert hand_shares(2000, is_dealer=np.bool_(False), tsumo=np.bool_(True)) == (0, 4000, 2000)  # type: ignore[arg-type]


@pytest.mark.parametrize(("basic", "error"), [
    *((basic, InvalidHandError) for basic in (536870912, -5, 2**31, 2**63, 800_001)),
    (1.5, WrongTypeError), (None, WrongTypeError),
])
def test_hand_shares_checks_its_range(basic: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="basic=.*: expected an int from 0 to 800,000"):
        hand_shares(basic, is_dealer=False, tsumo=False)  # type: ignore[arg-type]
    assert hand_shares(800_000, is_dealer=True, tsumo=False) == (4_800_000, 0, 0)


def test_a_hand_result_says_why_it_is_not_hashable() -> None:
    # hash() raised a bare TypeError about a dict, from a frozen dataclass that looked hashable
    result = score("12345678s234p66m", "9s", riichi=True)
    with pytest.raises(WrongTypeError, match=r"^a HandResult is not hashable: its yaku \(a dict\)"):
        hash(result)
    with pytest.raises(WrongTypeError, match="HandResult is not hashable"):
        {Win(0, result)}
    assert result == score("12345678s234p66m", "9s", riichi=True)  # equality still holds
