"""The wins of the first go-around: tenhou (a dealer's win on the deal), chiihou (a non-dealer's
tsumo on the first draw), renhou (a ron before the own first draw, as ``RuleSet.renhou`` values
it), and a call that ends the first go-around for all of them."""

from __future__ import annotations

import pytest

from riichi.game import Pon, Ron, Tsumo
from tests.support.game import QUIET, WIN_HAND, discard, first, hora, pass_claims, table, tsumogiri


def test_tenhou_blessing_of_heaven() -> None:
    state = table(["234m345p456s5556z", QUIET[0], QUIET[1], QUIET[2]], "6z")
    state.apply(Tsumo(0))
    (win,) = hora(state)
    assert "tenhou" in dict(win.yaku)
    assert win.deltas == (48_000, -16_000, -16_000, -16_000)


def test_chiihou_blessing_of_earth() -> None:
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z5z")
    tsumogiri(state)
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert "chiihou" in dict(win.yaku)
    assert win.deltas == (-16_000, 32_000, -8_000, -8_000)


@pytest.mark.parametrize(
    ("rules", "deltas"), [("ema", (-32_000, 32_000, 0, 0)), ("tenhou", (-1_300, 1_300, 0, 0))]
)
def test_renhou_blessing_of_man(rules: str, deltas: tuple[int, ...]) -> None:
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "5z", rules=rules)
    discard(state, 0, "5z")
    state.apply(Ron(1))
    assert hora(state)[0].deltas == deltas


def test_a_call_ends_the_first_go_around() -> None:
    hands = ["147m258p369s1237z", WIN_HAND, "258m369p147s1277z", QUIET[2]]
    state = table(hands, "9p9p9p5z")
    discard(state, 0, "7z")
    state.apply(first(state, 2, Pon))  # seat 1 is skipped: its first draw comes later
    discard(state, 2, "2m")
    pass_claims(state)
    tsumogiri(state, 2)  # seats 3 and 0
    state.apply(Tsumo(1))
    assert dict(hora(state)[0].yaku) == {"menzen_tsumo": 1, "haku": 1}
