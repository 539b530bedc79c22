"""The compiled scorer has two ways in: it reads 136-ids with Meld objects itself (the engine's
form) and hands everything else to the general reader. Both must give the same results, and bad
input must be rejected with the same error whichever way it came in."""

from __future__ import annotations

from typing import Any

import pytest

from riichi.scoring import _kernel as _scoring
from riichi.errors import InvalidHandError, NotationError, RiichiError, WrongTypeError
from riichi.meld import Meld
from riichi.rules import RuleSet
from riichi.scoring import score_hand
from riichi.tiles import format_ids, parse_ids, tile_id_name
from tests.support.impossible_wins import IMPOSSIBLE_INPUT
from tests.support.winning_hands import random_hands


def _outcome(**kwargs: Any) -> Any:
    try:
        return score_hand(**kwargs)
    except RiichiError as error:
        return type(error), str(error)


@pytest.mark.parametrize("rules", ["tenhou", "ema", "cardavia"])
def test_both_readers_score_every_generated_hand_alike(rules: str) -> None:
    for hand in random_hands(1000, seed=11):
        engine_form = hand.kwargs()
        notation = dict(
            engine_form,
            concealed=format_ids(hand.concealed),
            win_tile=tile_id_name(hand.win_tile),
            melds=[str(m) for m in hand.melds],
            dora_indicators=format_ids(hand.dora_indicators),
            ura_indicators=format_ids(hand.ura_indicators),
        )
        assert _outcome(**engine_form, rules=rules) == _outcome(**notation, rules=rules), hand


def _engine_form(case: tuple[Any, ...]) -> tuple[dict[str, Any], str] | None:
    """A case of IMPOSSIBLE_INPUT as 136-ids and Meld objects, or None if only notation can
    write it (a chi of honors is no Meld; "22z" is not one winning tile)."""
    concealed, win, melds, kwargs, message = case
    try:
        ids = parse_ids(win) if isinstance(win, str) else [win]
        engine = dict(
            concealed=parse_ids(concealed),
            melds=tuple(Meld.parse(m) if isinstance(m, str) else m for m in melds),
            tsumo=False, seat_wind="S", round_wind="E",
        )  # fmt: skip
    except (NotationError, InvalidHandError):
        return None
    if len(ids) != 1:
        return None
    engine["win_tile"] = ids[0]
    for key, value in kwargs.items():
        engine[key] = parse_ids(value) if key.endswith("indicators") else value
    return engine, message


ENGINE_FORM = [found for found in map(_engine_form, IMPOSSIBLE_INPUT) if found is not None]


def test_most_impossible_input_has_an_engine_form() -> None:
    assert len(ENGINE_FORM) >= len(IMPOSSIBLE_INPUT) - 3


@pytest.mark.parametrize(("engine", "message"), ENGINE_FORM)
def test_impossible_input_in_the_engines_form_is_rejected_alike(
    engine: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidHandError, match=message):
        score_hand(**engine)


ENGINE_HAND: dict[str, Any] = dict(
    concealed=[0, 4, 8, 36, 40, 44, 72, 76, 80, 112, 113, 116, 117],  # 123m 123p 123s 22z 33z
    win_tile=114, tsumo=False, seat_wind="S", round_wind="E",
)  # fmt: skip


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"concealed": [0, 0, 1, 2, 36, 40, 44, 72, 76, 80, 112, 113, 116]}, "same tile id twice"),
        ({"concealed": [0, 4, 8, 36, 40, 44, 72, 76, 80, 112, 113, 116, 136]}, "0-135"),
        ({"dora_indicators": [0, 1, 2, 3, 5, 6]}, "at most 5"),
        ({"ura_indicators": [-1]}, "not a tile id"),
        ({"dora_indicators": [114, 115]}, "copies of '2z'"),
        ({"riichi_sticks": -2}, "riichi_sticks=-2"),
        ({"melds": [Meld.parse("pon:777z")]}, "with 1 meld"),
    ],
)
def test_mistakes_only_the_engines_form_can_make_are_rejected(
    change: dict[str, Any], message: str
) -> None:
    assert score_hand(**ENGINE_HAND).yaku == {"seat_wind": 1, "sanshoku_doujun": 2, "chanta": 2}
    with pytest.raises(InvalidHandError, match=message):
        score_hand(**{**ENGINE_HAND, **change})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"concealed": (True, 4, 8, 36, 40, 44, 72, 76, 80, 112, 113, 116, 117)}, "not a tile id"),
        ({"win_tile": 117.0}, "not a tile id"),
        ({"win_tile": None}, "not a tile id"),
        ({"round_wind": 27}, "round_wind=27"),
        ({"melds": (42,)}, "Meld or a string"),
    ],
)
def test_arguments_of_the_wrong_type_are_refused_as_such(
    change: dict[str, Any], message: str
) -> None:
    # they were InvalidHandErrors, as if the hand were impossible, where settle() raised a
    # WrongTypeError for the same mistakes
    with pytest.raises(WrongTypeError, match=message):
        score_hand(**{**ENGINE_HAND, **change})


def test_rule_tables_are_compiled_once_per_rule_set() -> None:
    rules = RuleSet(name="house", kiriage=True)
    assert _scoring.table_for(rules) is _scoring.table_for(rules)
    assert _scoring.table_for(rules).rules is rules
    assert _scoring.table_for("tenhou") is _scoring.table_for("tenhou")
    assert _scoring.table_for(RuleSet(name="other")) is not _scoring.table_for(rules)
