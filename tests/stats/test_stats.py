"""The figures of play: hand records from the engine's events and from real Tenhou records, and
the tallies and intervals computed from them."""

from __future__ import annotations

import glob
import json
import math

import numpy as np
import pytest

from riichi.agents import RandomAgent
from riichi.game import events as ev
from riichi.game import play_game
from riichi.logs import MjlogAgari, MjlogReach, read_mjlog
from riichi.stats import Tally, hand_records, mean_interval, mjlog_events, rate_interval
from riichi.stats.tally import Z95
from tests.support.paths import DATA

MJLOGS = sorted(glob.glob(str(DATA / "mjlog" / "*.mjlog.gz")))


@pytest.mark.parametrize("rules", ["ema", "tenhou", "cardavia"])
def test_records_match_the_engines_own_outcomes(rules: str) -> None:
    for seed in range(3):
        result = play_game(rules, [RandomAgent(seed * 4 + s) for s in range(4)], seed=seed)
        records = hand_records(result.events)
        assert len(records) == len(result.hands)
        sticks_paid: list[list[int]] = []  # riichi sticks paid during each hand, by seat
        for e in result.events:
            if isinstance(e, ev.StartKyoku):
                sticks_paid.append([0] * 4)
            elif isinstance(e, ev.ReachAccepted):
                sticks_paid[-1][e.actor] -= 1000
        for record, outcome, paid in zip(records, result.hands, sticks_paid):
            assert record.ending == outcome.ending and record.reason == outcome.reason
            assert record.winners == outcome.winners and record.discarder == outcome.discarder
            assert record.points == tuple(r.points for r in outcome.results)
            assert list(record.deltas) == [d + p for d, p in zip(outcome.deltas, paid)]
            assert all(record.riichi[s] for s in range(4) if paid[s])


def test_every_tenhou_round_becomes_one_record_with_its_wins_and_payments() -> None:
    assert len(MJLOGS) == 160
    games = [read_mjlog(path) for path in MJLOGS[:40]]
    for game in games:
        records = hand_records(mjlog_events(game))
        assert len(records) == len(game.rounds)
        for record, rnd in zip(records, game.rounds):
            agaris = [e for e in rnd.events if isinstance(e, MjlogAgari)]
            assert record.winners == tuple(a.winner for a in agaris)
            assert record.points == tuple(a.points for a in agaris)
            reach = {e.seat for e in rnd.events if isinstance(e, MjlogReach)}
            assert {s for s in range(4) if record.riichi[s]} == reach
            final = [
                s + d for s, d in zip(rnd.scores, record.deltas)
            ]  # the round's deltas lead to the next round's start scores
            nxt = game.rounds.index(rnd) + 1
            if nxt < len(game.rounds):
                assert final == list(game.rounds[nxt].scores)


def test_tally_counts_by_hand_and_merges_by_addition() -> None:
    games = [read_mjlog(path) for path in MJLOGS[:20]]
    parts = [Tally.of(hand_records(mjlog_events(g)), ["human"] * 4, games=1) for g in games]
    whole = Tally.of(
        [r for g in games for r in hand_records(mjlog_events(g))], ["human"] * 4, games=20
    )
    merged = parts[0]
    for part in parts[1:]:
        merged = merged + part
    assert merged == whole
    human = whole.players["human"]
    assert human.seat_hands == 4 * whole.hands
    wins = sum(len([e for e in r.events if isinstance(e, MjlogAgari)]) for g in games for r in g.rounds)
    assert human.wins == wins
    rons = sum(
        any(isinstance(e, MjlogAgari) and e.from_seat != e.winner for e in r.events)
        for g in games
        for r in g.rounds
    )
    assert human.deal_ins == rons


def test_intervals() -> None:
    half = rate_interval(50, 100)
    assert half.value == 0.5 and half.low < 0.5 < half.high
    assert 0.39 < half.low < 0.41 and 0.59 < half.high < 0.61
    none = rate_interval(0, 20)
    assert none.value == 0.0 and none.low == 0.0 and 0.1 < none.high < 0.2
    assert math.isnan(rate_interval(0, 0).value)
    values = [1.0, 2.0, 3.0, 4.0]
    m = mean_interval(sum(values), sum(v * v for v in values), len(values))
    assert m.value == 2.5
    # sample sd of 1..4 is sqrt(5/3); half width 1.96 * sd / 2
    assert m.high - m.value == pytest.approx(1.959963984540054 * math.sqrt(5 / 3) / 2)


def test_the_wilson_interval_of_no_hit_starts_at_0_and_of_every_hit_ends_at_1_exactly() -> None:
    # rounding in the Wilson formula left 5.6e-17 (0 of 3) or 0.9999999999999999 (10 of 10)
    for n in range(1, 2001):
        none, every = rate_interval(0, n), rate_interval(n, n)
        assert none.low == 0.0 and none.high == pytest.approx(Z95**2 / (n + Z95**2))
        assert every.high == 1.0 and every.low == pytest.approx(n / (n + Z95**2))
    for n in range(1, 60):
        for hits in range(1, n):
            inside = rate_interval(hits, n)
            assert 0.0 < inside.low < inside.value < inside.high < 1.0


def test_a_game_played_without_its_log_gives_the_same_records_through_a_sink() -> None:
    from riichi.stats import HandRecorder

    agents = [RandomAgent(s) for s in range(4)]
    logged = play_game("tenhou", agents, seed=11)
    recorder = HandRecorder()
    agents = [RandomAgent(s) for s in range(4)]
    quiet = play_game("tenhou", agents, seed=11, record_events=False, on_event=recorder.feed)
    assert quiet.events == () and quiet.final_scores == logged.final_scores
    assert recorder.records == hand_records(logged.events)


def test_tally_game_sums_merge_and_survive_json() -> None:
    tallies = []
    for i in range(4):
        result = play_game("ema", [RandomAgent(4 * i + s) for s in range(4)], seed=1, game_index=i)
        t = Tally.of(hand_records(result.events), ["a", "b", "a", "b"], games=0)
        t.add_game(result.final_scores, result.results, result.ranks, ["a", "b", "a", "b"])
        tallies.append((t, result))
    merged = tallies[0][0] + tallies[1][0] + tallies[2][0] + tallies[3][0]
    assert merged.games == 4
    a = merged.players["a"]
    assert a.games == 8 and sum(a.rank_counts) == 8
    scores = [r.final_scores[s] for _, r in tallies for s in (0, 2)]
    assert a.final_score == sum(scores) and a.final_score_sq == sum(x * x for x in scores)
    assert a.avg_rank == pytest.approx(np.mean([r.ranks[s] for _, r in tallies for s in (0, 2)]))
    assert Tally.from_dict(json.loads(json.dumps(merged.to_dict()))) == merged


def test_dora_are_not_counted_as_yaku() -> None:
    from riichi.stats import HandRecord

    win = HandRecord(
        0, 0, 0, 0, 0, "win", "tsumo", (0,), None, (8000,), (5,), (30,),
        (("riichi", "dora", "aka_dora", "ura_dora", "pinfu"),), (True, False, False, False),
        (False,) * 4, (8000, -4000, -2000, -2000),
    )
    tally = Tally.of([win], ["p"] * 4, games=1)
    assert dict(tally.yaku) == {"riichi": 1, "pinfu": 1}
