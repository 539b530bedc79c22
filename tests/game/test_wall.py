"""The wall's deal: the dealer it is asked for is a seat of its table, or refused."""

from __future__ import annotations

import re

import numpy as np
import pytest

from riichi.errors import InvalidHandError, WrongTypeError
from riichi.game import Wall
from riichi.rules import RuleSet


def _wall(rules: str) -> Wall:
    return Wall.seeded(3, (0, 1), RuleSet.preset(rules))


def _counters(wall: Wall) -> tuple[int, ...]:
    return (wall.next_live, wall.live_remaining, wall.replacements, wall.dora_count)


@pytest.mark.parametrize("method", ["deal", "seats_dealt", "hands"])
@pytest.mark.parametrize(("rules", "dealer"), [
    ("tenhou", -1), ("tenhou", 4), ("tenhou", 9), ("tenhou", 2**70),
    ("tenhou-3p", 3), ("tenhou-3p", -1), ("2p", 2),
])
def test_a_dealer_not_at_the_table_is_refused(method: str, rules: str, dealer: int) -> None:
    # -1 was read as the last seat (a negative index) and 9 raised a bare IndexError
    wall = _wall(rules)
    before = _counters(wall), list(wall.yama)
    last = RuleSet.preset(rules).players - 1
    with pytest.raises(InvalidHandError, match=rf"^dealer={dealer}: expected a seat 0-{last}$"):
        getattr(wall, method)(dealer)
    assert (_counters(wall), wall.yama) == before


@pytest.mark.parametrize("method", ["deal", "seats_dealt", "hands"])
@pytest.mark.parametrize("dealer", [True, np.bool_(False), 1.0, "1", None])
def test_a_dealer_of_another_type_is_refused(method: str, dealer: object) -> None:
    wall = _wall("tenhou")
    shown = re.escape(repr(dealer))
    with pytest.raises(WrongTypeError, match=rf"^dealer={shown}: expected a seat 0-3$"):
        getattr(wall, method)(dealer)


@pytest.mark.parametrize("method", ["deal", "seats_dealt", "hands"])
def test_numpy_integers_deal_as_ints(method: str) -> None:
    wall = _wall("tenhou")
    for dealer in range(4):
        assert getattr(wall, method)(np.int64(dealer)) == getattr(wall, method)(dealer)
