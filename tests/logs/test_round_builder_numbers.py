"""A round built from a record's numbers (seats, kyoku, honba, sticks, payments) takes numpy's
integers as ints, giving the same events as from ints; a bool, a float or a str is no number and
the record is refused (LogFormatError) saying which number."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from riichi.errors import LogFormatError
from riichi.logs.record import RoundBuilder

# no red fives; seat 3 holds two 5p (type 13) to call a third
HANDS = [[(t, False) for t in range(13)] for _ in range(3)] + [
    [(13, False), (13, False)] + [(t, False) for t in range(14, 25)]]


def build(number: Callable[[int], Any]) -> list[Any]:
    """A round of a hand drawn and discarded, one call, a riichi and a tsumo, each number made
    by ``number``."""
    b = RoundBuilder("<test>", (25000,) * 4, red_fives=False)
    n = number
    return [
        b.start_kyoku("E", n(1), n(2), n(1), n(0), (20, False), HANDS),
        b.tsumo(n(0), (30, False)),
        b.dahai(n(0), (30, False), True),
        b.tsumo(n(1), (13, False)),
        b.dahai(n(1), (13, False), True),
        b.call("pon", n(3), n(1), (13, False), [(13, False), (13, False)]),
        b.dahai(n(3), (24, False), False),
        b.tsumo(n(0), (31, False)),
        b.reach(n(0)),
        b.dahai(n(0), (31, False), True),
        b.reach_accepted(n(0)),
        b.tsumo(n(1), (32, False)),
        b.hora(n(1), n(1), [n(-2600), n(7800), n(-2600), n(-2600)], pao=n(3)),
    ]


@pytest.mark.parametrize("number", [np.int64, np.int32, np.int16], ids=lambda t: t.__name__)
def test_numpy_integers_give_the_events_of_ints(number: Callable[[int], Any]) -> None:
    events, expected = build(number), build(int)
    assert events == expected
    assert json.dumps([e.to_mjai() for e in events]) == json.dumps([e.to_mjai() for e in expected])


def test_numpy_tenpai_seats_and_payments_end_a_round() -> None:
    for number in (np.int64, int):
        b = RoundBuilder("<test>", (25000,) * 4, red_fives=False)
        b.start_kyoku("E", number(1), number(0), number(0), number(0), (20, False), HANDS)
        end = b.ryukyoku("fanpai", [number(0)], [number(3000), number(-1000), number(-1000),
                                                   number(-1000)])
        assert json.loads(json.dumps(end.to_mjai()))["deltas"] == [3000, -1000, -1000, -1000]
        assert b.scores == [28000, 24000, 24000, 24000]


@pytest.mark.parametrize("value", [True, np.bool_(True), 1.0, "1"], ids=repr)
@pytest.mark.parametrize("what", ["kyoku", "honba", "kyotaku", "oya"])
def test_a_number_that_is_no_int_is_refused(what: str, value: object) -> None:
    numbers: dict[str, object] = {"kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, what: value}
    b = RoundBuilder("<test>", (25000,) * 4, red_fives=False)
    said = "seat" if what == "oya" else what
    with pytest.raises(LogFormatError, match=f"<test>: {said} {value!r} is "):
        b.start_kyoku("E", numbers["kyoku"], numbers["honba"], numbers["kyotaku"],  # type: ignore[arg-type]
                      numbers["oya"], (20, False), HANDS)  # type: ignore[arg-type]
