"""Bad input: impossible hands and situations raise clear errors; incomplete hands and hands
without yaku raise NotAWinError / NoYakuError."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from riichi.errors import InvalidHandError, NotationError, NotAWinError, NoYakuError, RiichiError
from riichi.scoring import score_hand
from riichi.tiles import parse_counts, parse_ids
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
