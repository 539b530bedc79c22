"""The exhaustive draw: noten payments for every set of tenpai seats (their total,
``RuleSet.noten_total``, played both ways on ``ema``), and a wait the seat holds all four of is not
tenpai. The last tile is in test_last_tile.py, abortive draws in test_abortive_draws.py."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from riichi.game import (
    Position,
)
from riichi.game import events as ev
from riichi.rules import RuleSet
from tests.support.game import (
    NOTEN,
    QUIET,
    TENPAI,
    WIN_HAND,
    play_out,
    table,
)

EMA = RuleSet.preset("ema")


ALL_SUBSETS = [c for n in range(5) for c in itertools.combinations(range(4), n)]


@pytest.mark.parametrize("tenpai", ALL_SUBSETS)
def test_exhaustive_draw_noten_payments(tenpai: tuple[int, ...]) -> None:
    hands = [TENPAI[s] if s in tenpai else NOTEN[s] for s in range(4)]
    state = table(hands)
    play_out(state)
    outcome = state.outcomes[0]
    assert (outcome.ending, outcome.reason) == ("draw", "exhaustive")
    drawn = next(e for e in state.events if isinstance(e, ev.Ryukyoku))
    assert drawn.tenpai == tenpai
    n = len(tenpai)
    expected = tuple(
        0 if n in (0, 4) else (3_000 // n if s in tenpai else -3_000 // (4 - n)) for s in range(4)
    )
    assert outcome.deltas == expected
    # a counter is added; the dealer stays only if tenpai
    assert state.position == Position(0, 0 if 0 in tenpai else 1, 1, 0)


def test_karaten_is_not_tenpai() -> None:
    state = table(list(NOTEN))
    assert state.players[3].waits_mask == 0  # 1111z222z333z444z: the only wait is held four times
    play_out(state)
    assert next(e for e in state.events if isinstance(e, ev.Ryukyoku)).tenpai == ()


@pytest.mark.parametrize(("total", "deltas"), [(3_000, (-1_000, 3_000, -1_000, -1_000)),
                                               (1_500, (-500, 1_500, -500, -500))])
def test_noten_total(total: int, deltas: tuple[int, ...]) -> None:
    rules = replace(EMA, noten_total=total)
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], rules=rules)
    play_out(state)
    outcome = state.outcomes[0]
    assert (outcome.reason, outcome.deltas) == ("exhaustive", deltas)
