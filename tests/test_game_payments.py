"""Every point a game moves on a win comes from the scorer's one owner of payments.

For every hand won in random games, the table's deltas must be exactly what
:func:`riichi.scoring.settle` pays for the winners' scored hands, with the hand's counters, sticks,
dealer, discarder and liable seats, and each winner's ``Hora`` deltas exactly what
:func:`riichi.scoring.settle_each` gives that winner. The table does no payment arithmetic of its
own, so any it did would show here as a difference.

``RIICHI_PAYMENT_GAMES`` sets the number of games of the slow run (2,000 by default).
"""

from __future__ import annotations

import os

import pytest

from riichi.agents import DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.game import events as ev
from riichi.game import play_game
from riichi.rules import RuleSet
from riichi.scoring import Win, settle, settle_each

FAST_GAMES = 200
SLOW_GAMES = int(os.environ.get("RIICHI_PAYMENT_GAMES", "2000"))
PRESETS = ("ema", "tenhou", "cardavia")


def _check_games(games: int) -> int:
    """Play ``games`` games (presets in turn) and check every win; the number of wins checked."""
    checked = 0
    for index in range(games):
        rules = RuleSet.preset(PRESETS[index % len(PRESETS)])
        # players that win often, one that deals in often: wins of every kind, multiple ron included
        agents = [EfficiencyAgent(), DefensiveAgent(), EfficiencyAgent(), RandomAgent(index)]
        game = play_game(rules, agents, seed=index)
        horas = iter([e for e in game.events if isinstance(e, ev.Hora)])
        for hand in game.hands:
            if hand.kind != "win":
                continue
            shown = [next(horas) for _ in hand.winners]
            assert [h.actor for h in shown] == list(hand.winners)
            wins = [
                Win(seat, result, h.pao)
                for seat, result, h in zip(hand.winners, hand.results, shown)
            ]
            pos = hand.position
            settled = dict(
                dealer=pos.kyoku, discarder=hand.discarder, honba=pos.honba,
                riichi_sticks=pos.sticks, rules=rules,
            )
            assert hand.deltas == settle(wins, **settled), (index, hand)  # type: ignore[arg-type]
            assert [h.deltas for h in shown] == settle_each(wins, **settled)  # type: ignore[arg-type]
            for h, result in zip(shown, hand.results):
                assert (h.han, h.fu, h.points) == (result.han, result.fu, result.points)
            checked += 1
        assert next(horas, None) is None
    return checked


def test_every_win_is_paid_by_settle() -> None:
    assert _check_games(FAST_GAMES) > FAST_GAMES


@pytest.mark.slow
def test_every_win_is_paid_by_settle_soak() -> None:
    assert _check_games(SLOW_GAMES) > SLOW_GAMES
