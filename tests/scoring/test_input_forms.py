"""Every input form of score_hand reads to the same hand, and the same mistake gets the same error
whatever form it comes in."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from riichi.errors import InvalidHandError, NotationError
from riichi.meld import Meld
from riichi.scoring import HandResult, score_hand
from riichi.tiles import parse_counts, parse_ids, parse_tile_id

# 45678s 234p 66m + 9s with a chi of 123s; the red 5s is in the concealed tiles
CONCEALED = "40678s234p66m"
WIN = "9s"
MELD = "chi:123s"
SITUATION: dict[str, Any] = dict(tsumo=False, seat_wind="S", round_wind="E", riichi=False)


def _score(concealed: Any, win: Any, melds: Any, dora: Any, ura: Any = ()) -> HandResult:
    return score_hand(concealed, win, melds, dora_indicators=dora, ura_indicators=ura, **SITUATION)


def test_every_form_scores_the_same_hand() -> None:
    ids = parse_ids(CONCEALED)
    meld = Meld.parse(MELD)
    want = _score(CONCEALED, WIN, [MELD], "6s1z")
    assert want.yaku == {"ittsu": 1, "dora": 1, "aka_dora": 1}
    forms = [
        (CONCEALED, WIN, [MELD], ["6s", "1z"]),
        (ids, parse_tile_id(WIN), [meld], parse_ids("6s1z")),
        (tuple(ids), WIN, (meld,), tuple(parse_ids("6s1z"))),
        (np.array(ids), np.int64(parse_tile_id(WIN)), iter([meld]), np.array(parse_ids("6s1z"))),
        (ids, WIN, [MELD], "6s1z"),
    ]
    for concealed, win, melds, dora in forms:
        assert _score(concealed, win, melds, dora) == want
    # 34 counts carry no red five: the same hand without its aka dora
    by_type = _score(parse_counts(CONCEALED).tolist(), 26, [meld], [23, 27])
    assert by_type.yaku == {"ittsu": 1, "dora": 1}
    assert _score(parse_counts(CONCEALED), 26, [MELD], ["6s", "1z"]) == by_type


@pytest.mark.parametrize(
    ("forms", "error", "message"),
    [
        # an indicator that is not a tile
        ([{"dora": "6x"}, {"dora": ["6x"]}, {"dora": ["1z", "6x"]}], NotationError,
         "unexpected character 'x' at position 2 in '6x'"),
        # a fifth copy between the hand and the indicators
        ([{"dora": "66m6m"}, {"dora": ["6m", "6m", "6m"]}, {"dora": parse_ids("666m")}],
         InvalidHandError, "indicators and hand hold 5 copies of '6m'; there are 4"),
        # six indicators
        ([{"ura": "123456z"}, {"ura": [f"{n}z" for n in range(1, 7)]}, {"ura": parse_ids("123456z")}],
         InvalidHandError, "at most 5"),
    ],
)
def test_the_same_mistake_gets_the_same_error_in_every_form(
    forms: list[dict[str, Any]], error: type[Exception], message: str
) -> None:
    for form in forms:
        with pytest.raises(error) as raised:
            _score(CONCEALED, WIN, [MELD], form.get("dora", ()), form.get("ura", ()))
        assert message in str(raised.value), (form, str(raised.value))


def test_a_short_hand_is_named_alike_from_notation_ids_and_counts() -> None:
    short = "0678s234p66m"
    messages = set()
    for concealed in (short, parse_ids(short), parse_counts(short).tolist()):
        with pytest.raises(InvalidHandError) as raised:
            _score(concealed, WIN if isinstance(concealed, str) else 26, [MELD], ())
        messages.add(str(raised.value))
    assert messages == {
        "concealed tiles '66m234p5678s' are 9 tiles; with 1 meld(s) the hand before the win has 10"
    }
