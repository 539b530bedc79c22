"""The figures of play: hand records from the engine's events and from real Tenhou records, and
the tallies and intervals computed from them."""

from __future__ import annotations

import glob
import json
import math
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from riichi.agents import RandomAgent
from riichi.errors import StatsError, WrongTypeError
from riichi.game import events as ev
from riichi.game import play_game
from riichi.game.hand_end import HandEnding
from riichi.logs import MjlogAgari, MjlogReach, read_mjlog
from riichi.stats import HandRecord, PlayerTally, Tally, hand_records, mean_interval, mjlog_events, rate_interval
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
    win = HandRecord(
        0, 0, 0, 0, 0, "win", "tsumo", (0,), None, (8000,), (5,), (30,),
        (("riichi", "dora", "aka_dora", "ura_dora", "pinfu"),), (True, False, False, False),
        (False,) * 4, (8000, -4000, -2000, -2000),
    )
    tally = Tally.of([win], ["p"] * 4, games=1)
    assert dict(tally.yaku) == {"riichi": 1, "pinfu": 1}


def _win(seats: int) -> HandRecord:
    """A ron of seat 2 by seat 1 at a table of ``seats``."""
    return HandRecord(0, 0, 0, 0, 0, HandEnding.WIN, "ron", (1,), 2, (3900,), (3,), (30,),
                      (("riichi",),), (False, True) + (False,) * (seats - 2), (False,) * seats,
                      (0, 3900, -3900) + (0,) * (seats - 3))


@pytest.mark.parametrize(("seats", "players"), [(4, 3), (4, 2), (3, 4)])
def test_hands_of_another_table_size_than_the_players_named_are_refused(
        seats: int, players: int) -> None:
    # four seats counted for three players lost seat 4's riichi and calls silently; the others
    # stopped on an IndexError
    tally = Tally.of([_win(seats)], ["a"] * seats, games=1)
    before = Tally.from_dict(tally.to_dict())
    names = ["b", "c", "d", "e"][:players]
    with pytest.raises(StatsError, match=f"a hand of {seats} seats counted for {players} players"):
        tally.add([_win(seats), _win(seats)], names)
    assert tally == before


@pytest.mark.parametrize(("ranks", "message"), [
    ((0, 1, 2, 3), r"ranks at a table of 4 are 1 to 4, got \(0, 1, 2, 3\)"),
    ((5, 1, 2, 3), r"ranks at a table of 4 are 1 to 4, got \(5, 1, 2, 3\)"),
    ((1, 2, 3), r"a game of 4 players needs .* got 4, 4 and 3"),
])
def test_a_game_with_ranks_outside_the_table_is_refused(ranks: tuple[int, ...],
                                                        message: str) -> None:
    # a rank 0 was counted as a fourth place (counts[-1])
    tally = Tally()
    with pytest.raises(StatsError, match=message):
        tally.add_game((40000, 30000, 20000, 10000), (50, 10, -20, -40), ranks, "abcd")
    assert tally == Tally()


@pytest.mark.parametrize(("scores", "results", "ranks", "message"), [
    ((40000, 30000, 20000, 10000), (50, 10, -20, -40), (1, 2, 3, 4.0), "expected a rank"),
    ((40000, 30000, 20000, 10000), (50, 10, -20, -40), (True, 2, 3, 4), "expected a rank"),
    ((40000, 30000, 20000, 10000.5), (50, 10, -20, -40), (1, 2, 3, 4), "expected a final score"),
    ((40000, 30000, 20000, 10000), ("50", 10, -20, -40), (1, 2, 3, 4), "expected a result"),
])
def test_a_game_of_numbers_that_are_no_whole_numbers_is_refused_and_counts_nothing(
        scores: tuple[object, ...], results: tuple[object, ...], ranks: tuple[object, ...],
        message: str) -> None:
    # a rank 4.0 raised Python's TypeError with three seats counted; True was a first place
    tally = Tally()
    with pytest.raises(WrongTypeError, match=message):
        tally.add_game(scores, results, ranks, "abcd")  # type: ignore[arg-type]
    assert tally == Tally()


@pytest.mark.parametrize(("hits", "n", "error", "message"), [
    (5, 3, StatsError, "a share's hits must be 0 to its total, got 5 of 3"),
    (-1, 10, StatsError, "a share's hits must be 0 to its total, got -1 of 10"),
    (0, -1, StatsError, "a share's hits must be 0 to its total, got 0 of -1"),
    (0.5, 10, WrongTypeError, "expected a count of hits"),
])
def test_a_share_of_impossible_counts_is_refused(hits: object, n: int, error: type,
                                                 message: str) -> None:
    # 5 of 3 and -1 of 10 raised "math domain error"; 0.5 of 10 gave a rate
    with pytest.raises(error, match=message):
        rate_interval(hits, n)  # type: ignore[arg-type]


@pytest.mark.parametrize(("total", "total_sq", "n", "error", "message"), [
    (10, 100, 1.5, WrongTypeError, r"expected a count of values \(an int\), got float 1.5"),
    (10, 100, -2, StatsError, "a mean of -2 values: expected a count of values >= 0"),
    ("10", 100, 2, WrongTypeError, "expected the sum of the values \\(a number\\), got '10'"),
    (10, None, 2, WrongTypeError, "expected the sum of squares of the values"),
])
def test_a_mean_of_impossible_sums_is_refused(total: object, total_sq: object, n: object,
                                              error: type, message: str) -> None:
    # 1.5 values gave a mean and an interval; a str sum raised Python's own TypeError
    with pytest.raises(error, match=message):
        mean_interval(total, total_sq, n)  # type: ignore[arg-type]


def _sums() -> dict[str, object]:
    tally = Tally.of([_win(4)], ["a", "b", "c", "d"], games=1)
    tally.add_game((25_000,) * 4, (0,) * 4, (1, 2, 3, 4), ["a", "b", "c", "d"])
    return json.loads(json.dumps(tally.to_dict()))


KEYS = re.escape("expected the keys games, hands, draws, aborts, players, yaku and matches (matches "
                 "may be left out), as Tally.to_dict writes them") + "$"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.pop("players"), f"a tally lacks 'players': {KEYS}"),
    (lambda d: [d.pop(k) for k in ("games", "yaku")], f"a tally lacks 'games', 'yaku': {KEYS}"),
    (lambda d: d.update(extra=1), f"a tally has the unknown 'extra': {KEYS}"),
    (lambda d: d.update(games="1"), "a tally's 'games': expected a whole number >= 0, got '1'"),
    (lambda d: d.update(players=[]), r"a tally's 'players': expected a mapping \(as Tally.to_dict writes it\), got list"),
    (lambda d: d["players"]["a"].update(wons=1), "player 'a' has the unknown 'wons': expected the keys seat_hands, "),
    (lambda d: d["players"]["b"].update(rank_counts=[1, 0]),
     r"'rank_counts' of player 'b': expected four whole numbers >= 0 \(games 1st to 4th\), got \[1, 0\]"),
    # a count below 0 was read as any other: a tally of -1 games
    (lambda d: d.update(games=-1), "a tally's 'games': expected a whole number >= 0, got -1"),
    (lambda d: d["players"]["a"].update(seat_hands=-3),
     "'seat_hands' of player 'a': expected a whole number >= 0, got -3"),
    (lambda d: d["players"]["b"].update(rank_counts=[1, -1, 0, 0]),
     r"'rank_counts' of player 'b': expected four whole numbers >= 0"),
    (lambda d: d["yaku"].update(riichi=-2), "the count of yaku 'riichi': expected a whole number >= 0"),
    (lambda d: d["yaku"].update(riichi=1.5), "the count of yaku 'riichi': expected a whole number >= 0, got 1.5"),
])
def test_sums_that_are_no_tally_name_what_is_wrong(change: Callable[[dict[str, Any]], object],
                                                   message: str) -> None:
    # a missing key was a bare KeyError, an unknown field a TypeError from PlayerTally
    data = _sums()
    assert Tally.from_dict(data).to_dict() == data
    change(data)
    with pytest.raises(StatsError, match=f"^{message}"):
        Tally.from_dict(data)
    with pytest.raises(StatsError, match=r"^a tally: expected a mapping \(as Tally.to_dict writes it\), got list$"):
        Tally.from_dict([])  # type: ignore[arg-type]


def test_the_sums_of_points_below_0_read_back() -> None:
    data = _sums()
    for sums in data["players"].values():  # type: ignore[attr-defined]
        sums.update(final_score=-25_000, result=-40_000, wall_result=-7)
    assert Tally.from_dict(data).to_dict() == data


def test_a_tally_written_before_matches_were_counted_still_reads() -> None:
    data = _sums()
    del data["matches"]
    for sums in data["players"].values():  # type: ignore[attr-defined]
        for name in ("matches", "sets", "set_wins", "match_wins", "walls"):
            del sums[name]
    assert Tally.from_dict(data).to_dict() == _sums()


@pytest.mark.parametrize("other", [1, 1.0, "x", None, PlayerTally()])
def test_a_tally_adds_only_a_tally(other: object) -> None:
    # Tally + 1 raised an AttributeError ('int' object has no attribute 'players')
    tally = Tally.from_dict(_sums())
    with pytest.raises(TypeError, match=rf"^unsupported operand type\(s\) for \+: 'Tally' and '{type(other).__name__}'$"):
        tally + other  # type: ignore[operator]
    with pytest.raises(TypeError):  # as the other operand says (a str: "can only concatenate str")
        other + tally  # type: ignore[operator]
    if not isinstance(other, PlayerTally):
        with pytest.raises(TypeError, match=r"^unsupported operand type\(s\) for \+: 'PlayerTally' and "):
            PlayerTally() + other  # type: ignore[operator]
