"""The counters (honba) a win pays, ``RuleSet.honba_ron`` and ``RuleSet.honba_tsumo``, each played
with the default and with another value (``dataclasses.replace`` on ``ema``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from riichi.game import Ron, Tsumo
from riichi.rules import RuleSet
from tests.support.game import QUIET, WIN_HAND, discard, hora, table, tsumogiri


EMA = RuleSet.preset("ema")


@pytest.mark.parametrize(("ron", "tsumo"), [(300, 100), (1_000, 200)])
def test_honba_ron(ron: int, tsumo: int) -> None:
    rules = replace(EMA, honba_ron=ron, honba_tsumo=tsumo)
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z7z7z7z5z", rules=rules, honba=2)
    tsumogiri(state, 4)
    discard(state, 0, "5z")
    state.apply(Ron(1))
    assert hora(state)[0].deltas == (-1_300 - 2 * ron, 1_300 + 2 * ron, 0, 0)


@pytest.mark.parametrize(("ron", "tsumo"), [(300, 100), (1_000, 200)])
def test_honba_tsumo(ron: int, tsumo: int) -> None:
    rules = replace(EMA, honba_ron=ron, honba_tsumo=tsumo)
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z7z7z7z9m5z", rules=rules, honba=2)
    tsumogiri(state, 5)
    state.apply(Tsumo(1))
    # menzen tsumo + haku, 2 han 40 fu: 1,300 from the dealer, 700 from each other
    c = 2 * tsumo
    assert hora(state)[0].deltas == (-1_300 - c, 2_700 + 3 * c, -700 - c, -700 - c)
