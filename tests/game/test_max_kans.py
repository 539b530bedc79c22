"""The kans of a hand (``RuleSet.max_kans``): no kan is offered once the hand has had that many."""

from __future__ import annotations

import dataclasses

import pytest

from riichi.game import Ankan, Kakan
from riichi.rules import RuleSet
from tests.support.game import table, tsumogiri


@pytest.mark.parametrize("max_kans", [0, 1, 2, 4])
def test_max_kans(max_kans: int) -> None:
    # seat 1 holds three quads and draws the fourth 1m: it declares every kan it is offered
    rules = dataclasses.replace(RuleSet.preset("ema"), max_kans=max_kans, name="house")
    state = table([None, "111m222m333m444m5z", None, None], "9p1m", rules=rules,
                  replacements="2m3m4m7p")
    tsumogiri(state)
    for kind in range(4):
        if Ankan(1, kind) not in state.legal_actions(1):
            break
        state.apply(Ankan(1, kind))
    assert len(state.kan_seats) == max_kans
    assert not any(isinstance(a, (Ankan, Kakan)) for a in state.legal_actions(1))
