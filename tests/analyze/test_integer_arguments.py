"""The analysis's numbers (the event index, the seat, the worlds to play, the limit, the seed)
are ints or numpy's integers (the same analysis either way); a bool, a float or a str of no
turn name is refused with a WrongTypeError saying what was given and what was expected."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from riichi.agents import RandomAgent
from riichi.analyze import decision, review
from riichi.analyze.position import as_record, find_point
from riichi.errors import WrongTypeError
from riichi.game import play_game

GAME = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
RECORD, RULES = as_record(GAME)
SETTINGS: dict[str, Any] = {"horizon": "hand", "progress": False}


def _stable(found: dict[str, Any]) -> dict[str, Any]:
    """``found`` without the times it took."""
    return {k: v for k, v in found.items() if "second" not in k and "elapsed" not in k}


def test_numpy_integers_give_the_analysis_of_ints() -> None:
    first = next(k for k, e in enumerate(RECORD.events) if getattr(e, "type", "") == "dahai")
    assert find_point(RECORD, RULES, np.int64(first), np.int8(0)).label \
        == find_point(RECORD, RULES, first, 0).label
    by_numpy = decision(RECORD, "E1-3", seat=np.int64(1), samples=np.int64(4), seed=np.int64(5),
                        rules=RULES, **SETTINGS)
    by_int = decision(RECORD, "E1-3", seat=1, samples=4, seed=5, rules=RULES, **SETTINGS)
    assert json.dumps(by_numpy.to_json()) == json.dumps(by_int.to_json())
    reviewed = review(GAME, np.int64(1), samples=np.int64(4), seed=np.int64(2),
                      limit=np.int64(2), **SETTINGS)
    expected = review(GAME, 1, samples=4, seed=2, limit=2, **SETTINGS)
    assert len(reviewed.decisions) == 2
    assert json.dumps(_stable(reviewed.to_json())) == json.dumps(_stable(expected.to_json()))


@pytest.mark.parametrize("value", [True, np.bool_(True), 4.0], ids=repr)
@pytest.mark.parametrize("name, expected", [
    ("seat", "a seat 0-3"), ("samples", r"an int >= 2 \(worlds to play\)"),
    ("limit", "a number of decisions >= 1"),
])
def test_a_review_number_that_is_no_int_is_a_wrong_type(name: str, expected: str, value: object) -> None:
    given: dict[str, Any] = {"seat": 1, "samples": 4, "limit": 2, name: value}
    with pytest.raises(WrongTypeError, match=f"{name}={value!r}: expected {expected}"):
        review(GAME, given.pop("seat"), seed=2, **given, **SETTINGS)


@pytest.mark.parametrize("value", [True, 2.5], ids=repr)
def test_a_decision_point_that_is_no_int_is_a_wrong_type(value: object) -> None:
    with pytest.raises(WrongTypeError, match=f"at={value!r}: expected an event index or a turn name"):
        find_point(RECORD, RULES, value, 0)  # type: ignore[arg-type]
    for seat in (value, "1"):
        with pytest.raises(WrongTypeError, match=f"seat={seat!r}: expected a seat 0-3 "):
            find_point(RECORD, RULES, "E1-3", seat)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=f"samples={value!r}: expected an int >= 2"):
        decision(RECORD, "E1-3", seat=1, samples=value, rules=RULES, **SETTINGS)  # type: ignore[arg-type]
