"""What the table pays on a win, against the written score table (RULES.md, the rule sets' docs).

The oracle (``auditor.basic_points`` and ``auditor.win_deltas``) is written from the rules, not
from the scorer or :mod:`riichi.scoring.settle`: a hand's basic points from its han and fu by the
table of limits, rounded payments by who pays what, counters, liability. It is first held to
payments worked out by hand from the printed table, then every win of random games (players that
win often, one that deals in often: wins of every kind, several ron winners included) must be
paid what it says, hand by hand and winner by winner, sticks included.

``RIICHI_PAYMENT_GAMES`` sets the number of games of the slow run (2,000 by default).
"""

from __future__ import annotations

import os

import pytest

from riichi.agents import DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.game import events as ev
from riichi.game import play_game
from riichi.game.flow import seat_winds
from riichi.rules import MultiRonSticks, RuleSet
from tests.support.auditor import basic_points, liable_basic, win_deltas

FAST_GAMES = 200
SLOW_GAMES = int(os.environ.get("RIICHI_PAYMENT_GAMES", "2000"))
PRESETS = ("ema", "tenhou", "cardavia", "wrc", "mahjongsoul", "mleague", "2p")
EMA = RuleSet.preset("ema")

# (han, fu, yaku) -> (non-dealer ron, dealer ron, non-dealer tsumo: from others / from the
# dealer, dealer tsumo from each), read off the printed table
WRITTEN = [
    (1, 30, {}, 1_000, 1_500, (300, 500), 500),
    (1, 40, {}, 1_300, 2_000, (400, 700), 700),
    (2, 25, {}, 1_600, 2_400, (400, 800), 800),
    (2, 70, {}, 4_500, 6_800, (1_200, 2_300), 2_300),
    (3, 30, {}, 3_900, 5_800, (1_000, 2_000), 2_000),
    (3, 60, {}, 7_700, 11_600, (2_000, 3_900), 3_900),
    (4, 30, {}, 7_700, 11_600, (2_000, 3_900), 3_900),
    (4, 40, {}, 8_000, 12_000, (2_000, 4_000), 4_000),
    (6, 30, {}, 12_000, 18_000, (3_000, 6_000), 6_000),
    (8, 30, {}, 16_000, 24_000, (4_000, 8_000), 8_000),
    (11, 30, {}, 24_000, 36_000, (6_000, 12_000), 12_000),
    (13, 30, {}, 32_000, 48_000, (8_000, 16_000), 16_000),
    (13, 30, {"kokushi": 13}, 32_000, 48_000, (8_000, 16_000), 16_000),
    (26, 30, {"daisuushii": 26}, 64_000, 96_000, (16_000, 32_000), 32_000),
]


@pytest.mark.parametrize(("han", "fu", "yaku", "ron", "dealer_ron", "tsumo", "dealer_tsumo"),
                         WRITTEN)
def test_the_oracle_pays_the_printed_table(
    han: int, fu: int, yaku: dict[str, int], ron: int, dealer_ron: int,
    tsumo: tuple[int, int], dealer_tsumo: int,
) -> None:
    basic = basic_points(han, fu, yaku, EMA)
    assert win_deltas(EMA, 1, basic, east=0, discarder=2, honba=0) == [0, ron, -ron, 0]
    assert win_deltas(EMA, 0, basic, east=0, discarder=2, honba=0) == [dealer_ron, 0, -dealer_ron, 0]
    each, dealer = tsumo
    assert win_deltas(EMA, 1, basic, east=0, discarder=None, honba=0) == [
        -dealer, each * 2 + dealer, -each, -each]
    assert win_deltas(EMA, 0, basic, east=0, discarder=None, honba=0) == [
        3 * dealer_tsumo, -dealer_tsumo, -dealer_tsumo, -dealer_tsumo]


def test_the_oracle_pays_the_written_rules_of_each_preset() -> None:
    mleague, ema_2016, two = (RuleSet.preset(n) for n in ("mleague", "ema-2016", "2p"))
    # kiriage: 4 han 30 fu and 3 han 60 fu are a mangan; 13 han without yakuman a sanbaiman
    assert win_deltas(mleague, 1, basic_points(4, 30, {}, mleague), 0, 2, 0) == [0, 8_000, -8_000, 0]
    assert basic_points(3, 60, {}, mleague) == 2_000 and basic_points(13, 40, {}, ema_2016) == 6_000
    # counters: 300 a counter on a ron, 100 from each payer on a tsumo (two counters here)
    assert win_deltas(EMA, 1, 1_000, 0, 3, 2) == [0, 4_600, 0, -4_600]
    assert win_deltas(EMA, 1, 1_000, 0, None, 2) == [-2_200, 4_600, -1_200, -1_200]
    # two players: the opponent pays what the three payers of a four-seat tsumo would
    assert win_deltas(two, 1, 1_000, None, None, 1) == [-4_300, 4_300]
    assert win_deltas(two, 0, 1_000, 0, None, 0) == [6_000, -6_000]
    # liability (RULES.md): a yakuman's liable seat pays a tsumo alone, half a third seat's ron;
    # the discarder pays the counters (EMA), or the liable seat (Tenhou)
    assert win_deltas(EMA, 1, 8_000, 0, None, 1, liable=2, liable_basic=8_000) == [0, 32_300, -32_300, 0]
    assert win_deltas(EMA, 1, 8_000, 0, 3, 1, liable=2, liable_basic=8_000) == [
        0, 32_300, -16_000, -16_300]
    tenhou = RuleSet.preset("tenhou")
    assert win_deltas(tenhou, 1, 8_000, 0, 3, 1, liable=2, liable_basic=8_000) == [
        0, 32_300, -16_300, -16_000]
    # Mahjong Soul: liable for the yakuman that made it liable, not the rest of the hand
    soul = RuleSet.preset("mahjongsoul")
    yaku = {"daisangen": 13, "tsuuiisou": 13}
    assert liable_basic(yaku, 16_000, soul) == 8_000 and liable_basic(yaku, 16_000, EMA) == 16_000
    assert win_deltas(soul, 1, 16_000, 0, None, 0, liable=2, liable_basic=8_000) == [
        -16_000, 64_000, -40_000, -8_000]


def _check_games(games: int) -> int:
    """Play ``games`` games (presets in turn) and check every win; the number of wins checked."""
    checked = 0
    for index in range(games):
        rules = RuleSet.preset(PRESETS[index % len(PRESETS)])
        agents = [EfficiencyAgent(), DefensiveAgent(), EfficiencyAgent(), RandomAgent(index)]
        game = play_game(rules, agents[: rules.players], seed=index)
        horas = iter([e for e in game.events if isinstance(e, ev.Hora)])
        for hand in game.hands:
            if hand.ending != "win":
                continue
            shown = [next(horas) for _ in hand.winners]
            assert [h.actor for h in shown] == list(hand.winners)
            winds = seat_winds(rules, hand.position.kyoku)
            east = winds.index(0) if 0 in winds else None
            pos = hand.position
            riichi_winners = [h.actor for h in shown if "riichi" in dict(h.yaku)
                              or "double_riichi" in dict(h.yaku)]
            total = [0] * rules.players
            for k, h in enumerate(shown):  # in turn order from the discarder: nearest first
                yaku = dict(h.yaku)
                basic = basic_points(h.han, h.fu, yaku, rules)
                honba = pos.honba if k == 0 or rules.multi_ron_honba is MultiRonSticks.ALL else 0
                part = liable_basic(yaku, basic, rules) if h.pao is not None else 0
                want = win_deltas(rules, h.actor, basic, east, hand.discarder, honba,
                                  h.pao if part else None, part)
                # the riichi sticks: with several winners each may take back its own stick, the
                # nearest the rest; else the nearest takes them all
                if len(shown) > 1 and rules.multi_ron_sticks is MultiRonSticks.ALL:
                    own = [s for s in riichi_winners if s != shown[0].actor]
                    sticks = pos.sticks - len(own) if k == 0 else int(h.actor in own)
                else:
                    sticks = pos.sticks if k == 0 else 0
                want[h.actor] += 1_000 * sticks
                assert h.deltas == tuple(want), (index, rules.name, hand, h)
                total = [a + b for a, b in zip(total, want)]
                checked += 1
            assert hand.deltas == tuple(total), (index, rules.name, hand)
        assert next(horas, None) is None
    return checked


def test_every_win_is_paid_by_the_score_table() -> None:
    assert _check_games(FAST_GAMES) > FAST_GAMES


@pytest.mark.slow
def test_every_win_is_paid_by_the_score_table_soak() -> None:
    assert _check_games(SLOW_GAMES) > SLOW_GAMES
