"""The wall's arguments: its dealer a seat of its table, its seed, its rules; or refused."""

from __future__ import annotations

import re

import numpy as np
import pytest

from riichi.errors import InvalidHandError, RiichiError, WrongTypeError
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


@pytest.mark.parametrize(("args", "error", "message"), [
    # the shuffle's C conversion took 1.5 for 1 and True for 1
    ((7, (0, 1.5)), WrongTypeError, r"^spawn_key=1\.5: expected an int >= 0$"),
    ((7, (0, True)), WrongTypeError, r"^spawn_key=True: expected an int >= 0$"),
    ((7, (0, "1")), WrongTypeError, r"^spawn_key='1': expected an int >= 0$"),
    ((7.0, (0, 1)), WrongTypeError, r"^entropy=7\.0: expected an int >= 0$"),
    ((-7, (0, 1)), RiichiError, r"^entropy=-7: expected an int >= 0$"),
    ((7, (0, -1)), RiichiError, r"^spawn_key=-1: expected an int >= 0$"),
    ((7, 5), WrongTypeError, r"^spawn_key=5: expected a tuple of ints >= 0$"),
    ((7, (0, 1), None), WrongTypeError, r"^rules=None: expected a preset name or a RuleSet$"),
    ((7, (0, 1), 4), WrongTypeError, r"^rules=4: expected a preset name or a RuleSet$"),
])
def test_a_seeded_wall_of_a_wrong_seed_or_rules_is_refused(
        args: tuple[object, ...], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Wall.seeded(*args)  # type: ignore[arg-type]


def test_a_seeded_wall_takes_numpy_integers_a_list_of_keys_and_a_preset_name() -> None:
    wall = Wall.seeded(7, (0, 2), RuleSet.preset("tenhou-3p"))
    assert Wall.seeded(np.int64(7), [np.uint8(0), 2], "tenhou-3p").yama == wall.yama


@pytest.mark.parametrize("rng", [3, None, "seed"])
def test_a_shuffled_wall_needs_numpy_randomness(rng: object) -> None:
    with pytest.raises(WrongTypeError, match=r"^rng=.*: expected a numpy\.random\.Generator"):
        Wall.shuffled(rng)  # type: ignore[arg-type]


def test_a_wall_takes_its_rules_by_preset_name_and_refuses_what_is_none() -> None:
    seeded = Wall.seeded(3, (0, 1), RuleSet.preset("tenhou-3p"))
    assert Wall(seeded.yama, "tenhou-3p").yama == seeded.yama
    assert Wall.shuffled(np.random.default_rng(2), "tenhou-3p").players == 3
    with pytest.raises(WrongTypeError, match=r"^rules=3: expected a preset name or a RuleSet$"):
        Wall(seeded.yama, 3)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"^rules=3: expected a preset name or a RuleSet$"):
        Wall.arranged([None] * 4, rules=3)  # type: ignore[arg-type]


@pytest.mark.parametrize(("dealer", "error"), [(4, InvalidHandError), (-1, InvalidHandError),
                                               (True, WrongTypeError)])
def test_an_arranged_wall_of_a_dealer_not_at_the_table_is_refused(
        dealer: object, error: type[Exception]) -> None:
    with pytest.raises(error, match=rf"^dealer={dealer}: expected a seat 0-3$"):
        Wall.arranged([None] * 4, dealer=dealer)  # type: ignore[arg-type]
