"""riichi.analyze: decision points of records, the redeal of hidden tiles, the rollouts and their
numbers (equivalent actions, obvious positions, reproducibility), the backends, the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from functools import cache

import numpy as np
import pytest

from riichi.agents import DefensiveAgent
from riichi.analyze import AnalysisError, decision
from riichi.analyze.decision import analyse_point, candidates
from riichi.analyze.position import as_record, decision_points, find_point
from riichi.analyze.review import pruned, review
from riichi.analyze.worlds import hidden_places, redeal
from riichi.game import Game, play_game
from riichi.game.actions import Discard, Riichi, Ron, Tsumo
from riichi.game.state import Phase
from riichi.logs import GameRecord, dumps, events as ev, read
from tests.support.paths import DATA

MJLOG = DATA / "mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog.gz"


@cache
def selfplay(seed: int = 11) -> tuple[GameRecord, object]:
    game = play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)], seed=seed)
    return as_record(game)


def points_where(record: GameRecord, rules: object, want: type, limit: int = 40) -> list:
    """Decision points just before an event of type ``want`` by its actor (found without
    replaying every event)."""
    out = []
    for k, e in enumerate(record.events):
        if isinstance(e, want) and (want is not ev.Hora or e.actor == e.target):
            try:
                out.append(find_point(record, rules, k, e.actor))  # type: ignore[arg-type]
            except AnalysisError:
                continue
            if len(out) >= limit:
                break
    return out


# ---------------------------------------------------------------- decision points


def test_turn_name_and_event_index_name_the_same_point():
    record, rules = selfplay()
    point = find_point(record, rules, "E1-5", seat=1)
    again = find_point(record, rules, point.event, seat=1)
    assert again.state.snapshot() == point.state.snapshot()
    assert point.played in point.legal and isinstance(point.played, Discard)
    shown = record.events[point.event]
    assert isinstance(shown, ev.Dahai) and shown.actor == 1 and shown.pai == point.played.tile
    # the table there is the record's: the seat holds the tile it discards next
    assert point.played.tile in point.state.players[1].hand


def test_every_decision_point_is_a_real_choice_with_the_played_action_legal():
    record, rules = as_record(read(MJLOG))
    points = list(decision_points(record, rules, 0))
    assert len(points) > 30
    kinds = Counter(type(p.played).__name__ for p in points)
    assert kinds["Discard"] > 20 and kinds["Pass"] > 0
    for p in points:
        assert p.seat in p.state.acting_seats and len(p.legal) > 1 and p.played in p.legal


@pytest.mark.parametrize("at, seat, message", [
    ("E9-1", 0, "expected an event index or a turn name"),
    ("E1-5", None, "needs the seat"),
    ("S4-3-2", 0, "no round S4 with 3 honba"),
    ("E1-99", 1, "fewer than 99 discards"),
    (0, None, "event inside a round"),
    ("E1-0", 1, "discard number, from 1"),
    ("E1-5", 4, r"seat=4: expected a seat 0-3"),
    ("E1-5", -1, r"seat=-1: expected a seat 0-3"),
    (30, 7, r"seat=7: expected a seat 0-3"),
])
def test_bad_decision_points_are_refused_clearly(at, seat, message):
    record, rules = selfplay()
    with pytest.raises(AnalysisError, match=message):
        find_point(record, rules, at, seat)


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-3p", "2p"])
def test_a_missing_seat_is_asked_for_in_the_seats_of_the_record(preset):
    """A turn name or an event that names no seat asks for a seat this record has (once
    'seat=0-3; --seat 1-4' for every record, and 'give seat=' only)."""
    n = Game(preset).rules.players
    record, rules = as_record(play_game(preset, [DefensiveAgent(seed=s) for s in range(n)], seed=3))
    wanted = f"(seat=0-{n - 1}; --seat 1-{n} on the command line)"
    with pytest.raises(AnalysisError) as turn:
        find_point(record, rules, "E1-2")
    assert str(turn.value).endswith(f"a turn name needs the seat whose turn it counts {wanted}")
    end = next(k for k, e in enumerate(record.events) if isinstance(e, ev.EndKyoku))
    with pytest.raises(AnalysisError) as unnamed:
        find_point(record, rules, end)
    assert str(unnamed.value) == (f"at={end}: event end_kyoku names no seat; give the seat whose "
                                  f"decision it is {wanted}")


def test_rules_that_cannot_play_a_round_of_the_record_are_refused_before_any_decision():
    """Under rules that play East only, a review of a half game was refused only at the first
    South decision (after the East ones were analysed), with the table's 'position.round_wind'."""
    with pytest.raises(AnalysisError) as refused:
        review(read(MJLOG), 0, rules="cardavia", samples=2, horizon="hand", seed=1,
               progress=False)
    assert str(refused.value) == ("the record's round S1 cannot be played under the rules "
                                  "'cardavia': position.round_wind=1: expected 0-0 (the rules "
                                  "'cardavia' play East)")
    assert as_record(read(MJLOG), "tenhou-east")[1].name == "tenhou-east"  # South: its extension


def test_a_round_the_record_lacks_is_refused_with_the_rounds_it_has():
    """A round name the record lacks (a record's only West hand played with 1 honba, asked as
    'W1-5') said only that there was no such round, not which ones there are."""
    record, rules = as_record(read(MJLOG))
    with pytest.raises(AnalysisError) as refused:
        find_point(record, rules, "S2-2-3", 0)
    rounds = [f"{r.start.bakaze}{r.start.kyoku}" + (f"-{r.start.honba}" if r.start.honba else "")
              for r in record.rounds]
    assert "S2-1" in rounds and str(refused.value) == (
        f"at='S2-2-3': the record has no round S2 with 2 honba; expected one of its rounds: "
        f"{', '.join(rounds)}")
    assert find_point(record, rules, rounds[-1] + "-2", 0).label.startswith(rounds[-1])


def test_the_discard_of_a_riichi_names_the_riichi_decision():
    """--at the index of a riichi's discard (the event after its Reach) analysed the seat's
    choice as a plain discard of that tile: the played action was not what the seat did."""
    record, rules = as_record(read(MJLOG))
    reaches = [k for k, e in enumerate(record.events) if isinstance(e, ev.Reach)]
    assert reaches
    for k in reaches:
        discard = record.events[k + 1]
        assert isinstance(discard, ev.Dahai)
        point, riichi = find_point(record, rules, k + 1), find_point(record, rules, k)
        assert (point.event, point.label, point.played) == (k, riichi.label, riichi.played)
        assert isinstance(point.played, Riichi) and point.played.tile == discard.pai


def test_the_start_of_a_round_is_no_decision_of_any_seat():
    """--at the index of a round's start_kyoku with --seat ended in an IndexError traceback."""
    record, rules = as_record(read(MJLOG))
    starts = [k for k, e in enumerate(record.events) if isinstance(e, ev.StartKyoku)]
    for k in starts[:2]:
        for seat in range(4):
            with pytest.raises(AnalysisError, match=f"at={k}: seat={seat} \\(--seat {seat + 1}\\) "
                                                    f"has no choice to make before event {k} "
                                                    "\\(start_kyoku\\)"):
                find_point(record, rules, k, seat)


def test_an_event_index_out_of_the_record_is_refused_with_the_record_s_range():
    """A record cut before its end_game was told a range one event short (1-599 of 600), and
    one without a hand '1-0'."""
    game = play_game("2p", [DefensiveAgent(seed=s) for s in range(2)], seed=4)
    events = [e for e in game.events if not isinstance(e, ev.EndGame)]
    record, rules = as_record(GameRecord.from_events(events), "2p")
    with pytest.raises(AnalysisError) as cut:
        find_point(record, rules, len(events) + 5)
    assert str(cut.value) == (f"at={len(events) + 5}: expected the index of an event inside a "
                              f"round (1-{len(events) - 1})")
    with pytest.raises(AnalysisError, match="no choice to make"):  # the last: inside a round
        find_point(record, rules, len(events) - 1, 0)
    empty, rules = as_record(GameRecord.from_events(events[:1]), "2p")
    with pytest.raises(AnalysisError, match="^at=1: the record has no hand to analyse"):
        find_point(empty, rules, 1)


def test_a_game_played_without_its_events_is_refused_with_what_to_do():
    """A GameResult of play_game(record_events=False) was refused as a record that does not
    begin with start_game ('<events>: ...'), which says nothing of the setting at fault."""
    game = play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)], seed=2,
                     record_events=False)
    message = ("record: a GameResult played with record_events=False keeps no events to replay; "
               "expected one played with record_events=True")
    for analyse in (lambda: decision(game, "E1-2", seat=0, samples=2, progress=False),
                    lambda: review(game, 0, samples=2, progress=False)):
        with pytest.raises(AnalysisError) as refused:
            analyse()
        assert str(refused.value) == message


def test_a_numpy_seat_names_the_same_point():
    record, rules = selfplay()
    point = find_point(record, rules, "E1-5", seat=np.int64(1))
    assert type(point.seat) is int and point.event == find_point(record, rules, "E1-5", 1).event


def test_an_event_where_the_seat_has_no_choice_is_refused():
    record, rules = selfplay()
    start = next(k for k, e in enumerate(record.events) if isinstance(e, ev.Draw))
    with pytest.raises(AnalysisError, match="no choice to make"):
        find_point(record, rules, start, seat=3)


# ---------------------------------------------------------------- the redeal


def _public(state, seat):
    return (
        sorted(state.players[seat].hand),
        [(tuple(p.melds), tuple(p.discards), p.riichi, len(p.hand)) for p in state.players],
        tuple(state.dora_indicators), tuple(state.scores), state.wall.live_remaining,
        state.phase, state.turn, bytes(state.seen),
    )


def test_redeal_keeps_every_public_fact_and_moves_only_unseen_tiles():
    record, rules = selfplay()
    points = [find_point(record, rules, e, s) for e, s in ((37, 1), (375, 0), (514, 0), (768, 0))]
    assert any(p.state.players[s].riichi for p in points for s in range(4))
    for point in points:
        state, seat = point.state, point.seat
        unseen = sorted([state.wall.yama[i] for i in hidden_places(state.wall)]
                        + [t for s in range(4) if s != seat for t in state.players[s].hand])
        for k in range(20):
            world = state.clone()
            redeal(world, seat, np.random.default_rng(k))
            assert _public(world, seat) == _public(state, seat)
            assert sorted(world.tile_locations()) == list(range(136))
            moved = sorted([world.wall.yama[i] for i in hidden_places(world.wall)]
                           + [t for s in range(4) if s != seat for t in world.players[s].hand])
            assert moved == unseen
            for s, p in enumerate(world.players):
                if p.riichi and s != seat:  # tenpai, not furiten
                    assert p.waits_mask and not p.waits_mask & p.genbutsu_mask
            assert world.legal(seat) == state.legal(seat)


def test_redeal_is_uniform_over_the_unseen_tiles():
    record, rules = selfplay()
    point = find_point(record, rules, 37, 1)  # nobody in riichi
    state = point.state
    places = hidden_places(state.wall)
    tile = state.wall.yama[places[0]]
    hand2 = len(state.players[2].hand)
    unseen = len(places) + sum(len(state.players[s].hand) for s in (0, 2, 3))
    n = 3000
    in_hand = next_draw = 0
    for k in range(n):
        world = state.clone()
        redeal(world, 1, np.random.default_rng(k), worlds="uniform")
        in_hand += tile in world.players[2].hand
        next_draw += world.wall.yama[world.wall.next_live] == tile
    for hits, p in ((in_hand, hand2 / unseen), (next_draw, 1 / unseen)):
        assert abs(hits - n * p) < 4.5 * np.sqrt(n * p * (1 - p)), (hits, n * p)


def test_a_riichi_that_no_hand_fits_gives_up_with_a_clear_error():
    record, rules = selfplay()
    point = find_point(record, rules, 768, 0)
    world = point.state.clone()
    rich = next(s for s in range(4) if world.players[s].riichi)
    world.players[rich].riichi_safe_mask = (1 << 34) - 1  # every tile passed since the riichi
    with pytest.raises(AnalysisError, match=f"no tenpai hand for seat={rich} \\(--seat {rich + 1}\\) in riichi"):
        redeal(world, 0, np.random.default_rng(0), tries=30)  # both numberings: API and --seat


# ---------------------------------------------------------------- honest numbers


def test_identical_tiles_are_one_candidate_and_give_identical_estimates():
    record, rules = selfplay()
    point = next(p for p in points_where(record, rules, ev.Dahai)
                 if any(c == 2 for c in point_counts(p)))
    kind = next(k for k, c in enumerate(point_counts(point)) if c == 2)
    twins = [a for a in point.legal if isinstance(a, Discard) and a.tile >> 2 == kind]
    assert len(twins) == 2 and len(candidates(twins)) == 1
    result = analyse_point(point, samples=60, horizon="hand", seed=3, progress=False,
                           actions=twins)
    a, b = [r for r in result.actions if r.action in twins]
    assert a.value == b.value and a.hand_delta == b.hand_delta and a.win == b.win
    assert a.deal_in == b.deal_in and a.placement == b.placement


def point_counts(point):
    counts = [0] * 34
    for t in point.state.players[point.seat].hand:
        if t not in (16, 52, 88):
            counts[t >> 2] += 1
    return counts


def test_the_played_action_differs_from_itself_by_exactly_zero():
    record, rules = selfplay()
    result = decision(record, "E1-5", seat=1, samples=30, horizon="hand", seed=4,
                      rules=rules, progress=False)
    played = result.played
    assert (played.vs_played.mean, played.vs_played.low, played.vs_played.high) == (0, 0, 0)
    assert len(result.actions) == len(candidates(find_point(record, rules, "E1-5", 1).legal))


def test_winning_beats_discarding_the_winning_tile():
    record, rules = selfplay()
    point = points_where(record, rules, ev.Hora)[0]
    assert isinstance(point.played, Tsumo)
    drawn = point.state.drawn
    throw = next(a for a in point.legal if isinstance(a, (Discard, Riichi)) and a.tile == drawn)
    result = analyse_point(point, samples=80, horizon="hand", seed=5, progress=False,
                           actions=[point.played, throw])
    assert result.best.action == point.played
    loser = next(a for a in result.actions if a.action == throw)
    assert loser.vs_played.high < 0  # the paired interval excludes zero
    assert result.best.win.mean == 1.0


def test_a_genbutsu_beats_a_dangerous_tile_against_a_riichi():
    record, rules = selfplay()
    found = []
    for point in points_where(record, rules, ev.Dahai, limit=400):
        state, seat = point.state, point.seat
        riichi = [s for s in range(4) if s != seat and state.players[s].riichi]
        if state.phase is not Phase.TURN or state.players[seat].riichi or len(riichi) != 1:
            continue
        safe = state.players[riichi[0]].genbutsu_mask
        genbutsu = [a for a in point.legal if isinstance(a, Discard) and safe >> (a.tile >> 2) & 1]
        # a middle tile of which nothing is in sight: no one can say it is safe
        danger = [a for a in point.legal if isinstance(a, Discard) and not safe >> (a.tile >> 2) & 1
                  and a.tile >> 2 < 27 and 3 <= (a.tile >> 2) % 9 <= 5 and not state.seen[a.tile >> 2]]
        if point.played in genbutsu and danger:  # it folded, and could have pushed
            found.append((bin(safe).count("1"), point, danger[0]))
    assert found
    _, point, danger = max(found, key=lambda f: f[0])  # the narrowest set of waits
    result = analyse_point(point, samples=300, horizon="hand", seed=6, progress=False,
                           actions=[point.played, danger])
    assert result.acceptance is not None and 0 < result.acceptance < 1
    risky = next(a for a in result.actions if a.action == danger)
    assert result.best.action == point.played
    assert risky.deal_in.mean > result.played.deal_in.mean
    assert risky.vs_played.high < 0  # the paired interval excludes zero


def test_the_json_counts_seats_from_0_as_the_api_and_the_table_from_1():
    """One decision's JSON numbers every seat as the Python API, summary.json and the records do
    (0-3): its seat, the seats in riichi, the keys of ess; only the table, for people, says 1-4."""
    record, rules = selfplay()
    point = next(p for p in points_where(record, rules, ev.Dahai, limit=400)
                 if p.state.phase is Phase.TURN and any(
                     s != p.seat and p.state.players[s].riichi for s in range(4)))
    riichi = [s for s in range(4) if point.state.players[s].riichi]
    result = analyse_point(point, samples=2, horizon="hand", seed=1, progress=False,
                           actions=[point.played])
    data = json.loads(json.dumps(result.to_json()))
    assert data["seat"] == point.seat and data["riichi"] == riichi
    assert sorted(data["ess"]) == [str(s) for s in range(4) if s != point.seat]
    assert "seat" not in data["situation"]  # a text names no seat a number could contradict
    people = ", ".join(str(s + 1) for s in riichi)
    assert f"riichi: seat {people}" in result.table().splitlines()[1]
    assert f"seat {point.seat + 1}:" in result.table().splitlines()[0]


def test_an_illegal_candidate_is_refused_naming_the_seat_as_the_actions_do():
    """'Discard(seat=0, ...) is not a legal action of seat 2' named the API's seat 1 as 2,
    beside an action whose seat=0 counts from 0."""
    record, rules = selfplay()
    point = find_point(record, rules, "E1-5", seat=1)
    other = Discard(0, point.played.tile)
    with pytest.raises(AnalysisError, match=r"^actions: Discard\(seat=0, tile=\d+\) is not a legal "
                       r"action of seat=1 at E1-5; expected one of its DecisionPoint.legal$"):
        analyse_point(point, samples=2, horizon="hand", seed=1, progress=False, actions=[other])


def test_paired_intervals_are_narrower_than_unpaired_ones():
    record, rules = selfplay()
    result = decision(record, "E1-5", seat=1, samples=60, horizon="hand", seed=7,
                      rules=rules, progress=False)
    others = [a for a in result.actions if not a.played]
    assert sum(a.vs_played.half_width for a in others) < sum(a.unpaired_half_width for a in others)


def test_the_same_seed_gives_the_same_numbers_on_any_backend_and_worker_count():
    record, rules = selfplay()
    args = dict(seat=1, samples=24, horizon="hand", seed=8, rules=rules, progress=False)
    local = decision(record, "E1-5", **args)
    pooled = decision(record, "E1-5", backend="process", workers=2, **args)
    assert local.to_json() == pooled.to_json()
    other = decision(record, "E1-5", **{**args, "seed": 9})
    assert other.to_json() != local.to_json()


def test_ray_backend_gives_the_local_numbers():
    pytest.importorskip("ray")
    record, rules = selfplay()
    args = dict(seat=1, samples=12, horizon="hand", seed=8, rules=rules, progress=False)
    assert decision(record, "E1-5", backend="ray", workers=2, **args).to_json() == \
        decision(record, "E1-5", **args).to_json()


def test_to_the_end_of_the_game_every_world_ends_the_game():
    record, rules = selfplay()
    result = decision(record, "E1-5", seat=1, samples=6, horizon="game", seed=1, rules=rules,
                      progress=False)
    for a in result.actions:
        assert abs(sum(p.mean for p in a.placement) - 1) < 1e-9
        assert 1 <= sum((k + 1) * p.mean for k, p in enumerate(a.placement)) <= 4


@pytest.mark.parametrize("kwargs, message", [
    (dict(samples=1), "samples=1"), (dict(horizon="round"), "horizon='round'"),
    (dict(players="nobody"), "unknown player"), (dict(backend="cloud"), "unknown backend"),
    (dict(workers=0, backend="process"), "workers=0"), (dict(seed=-1), "seed=-1"),
])
def test_bad_settings_are_refused(kwargs, message):
    record, rules = selfplay()
    with pytest.raises(Exception, match=message):
        decision(record, "E1-5", seat=1, rules=rules, progress=False, **kwargs)


def test_a_record_of_the_wrong_type_is_refused():
    with pytest.raises(AnalysisError, match="expected a riichi.logs.GameRecord"):
        decision("not a record", 3)


# ---------------------------------------------------------------- review and command line


def test_pruned_keeps_the_played_action_and_every_non_discard():
    record, rules = as_record(read(MJLOG))
    for point in list(decision_points(record, rules, 0))[:40]:
        kept = pruned(point)
        assert point.played in kept
        assert all(a in kept for a in candidates(point.legal, point.played)
                   if not isinstance(a, Discard))
        assert sum(isinstance(a, Discard) for a in kept) <= 4 + 2 + 1


def test_review_ranks_the_costliest_decision_first():
    done = review(read(MJLOG), 0, samples=6, horizon="hand", seed=1, progress=False, limit=4)
    assert len(done.decisions) == 4
    losses = [done.decisions[k].loss for k in done.costliest()]
    assert losses == sorted(losses, reverse=True)


def run_cli(*args: str, cwd: object = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "riichi.analyze", *args], capture_output=True,
                          text=True, timeout=600, cwd=cwd)


def test_cli_prints_one_decision_as_a_table_and_as_json():
    out = run_cli(str(MJLOG), "--at", "E1-5", "--seat", "1", "--samples", "10", "--horizon",
                  "hand", "--seed", "1")
    assert out.returncode == 0, out.stderr
    assert "E1-5" in out.stdout and "vs played" in out.stdout
    # the played action is marked once in each table (the values, then the rates: 80 columns)
    marked = [line.split()[1] for line in out.stdout.splitlines() if line.startswith("*")]
    assert len(marked) == 2 and marked[0] == marked[1]
    js = run_cli(str(MJLOG), "--at", "E1-5", "--seat", "1", "--samples", "10", "--horizon",
                 "hand", "--seed", "1", "--format", "json")
    data = json.loads(js.stdout)
    assert data["label"] == "E1-5" and sum(a["played"] for a in data["actions"]) == 1
    means = [a["value"]["mean"] for a in data["actions"]]
    assert means == sorted(means, reverse=True)


def test_cli_reviews_a_seat_into_an_html_page(tmp_path):
    page = tmp_path / "review.html"
    out = run_cli(str(MJLOG), "--seat", "3", "--samples", "4", "--horizon", "hand", "--seed",
                  "1", "--limit", "3", "--out", str(page), "--quiet")
    assert out.returncode == 0, out.stderr
    assert "reviewed 3 decisions of seat 3" in out.stdout
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>")
    data = json.loads(html.split('<script type="application/json" id="review-data">')[1]
                      .split("</script>")[0])
    assert len(data["decisions"]) == 3 and all(d["table"]["seat"] == 2 for d in data["decisions"])
    assert "<link" not in html and 'src="' not in html  # nothing fetched: style and script inline


def test_cli_errors_are_one_line_and_exit_2(tmp_path):
    out = run_cli(str(MJLOG), "--at", "Z1-1", "--seat", "1")
    assert out.returncode == 2 and "error: at='Z1-1'" in out.stderr
    out = run_cli(str(MJLOG))
    assert out.returncode == 2 and "give --seat" in out.stderr
    out = run_cli(str(tmp_path / "missing.json"), "--seat", "1")
    assert out.returncode == 2 and "cannot read" in out.stderr


@pytest.mark.parametrize("args, message", [
    (["--seat", "5", "--at", "E1-1"], "argument --seat: invalid choice: 5 (choose from 1, 2, 3, 4)"),
    (["--seat", "1", "--samples", "x"], "argument --samples: invalid int value: 'x'"),
    (["--seat", "1", "--at", "E1-5", "--seed", "-4"], "seed=-4: expected a whole number >= 0"),
    (["--seat", "1", "--at", "E1-5", "--rules", "2p"],
     "rules='2p': a record of 4 seats cannot be replayed under rules for 2 players"),
    (["--seat", "2", "--at", "E1-99"], "at='E1-99': seat=1 (--seat 2) made fewer than 99 "
     "discards in E1"),
    (["--seat", "1", "--at", "699"], "at=699: seat=0 (--seat 1) has no choice to make before "
     "event 699 (dahai): it is not its decision, or only one action is legal"),
    (["--at", "S1-2-5"], "at='S1-2-5': a turn name needs the seat whose turn it counts "
     "(seat=0-3; --seat 1-4 on the command line)"),
    (["--seat", "1", "--at", "E1-5", "--players", "defensive(nope=1)"],  # once a traceback
     "player 'defensive(nope=1)' cannot be made: __init__() got an unexpected keyword argument "
     "'nope'"),
    (["--seat", "1", "--at", "E1-5", "--samples", "0"],
     "samples=0: expected an int >= 2 (worlds to play)"),
    (["--seat", "1", "--at", "E1-5", "--samples", "-1"],
     "samples=-1: expected an int >= 2 (worlds to play)"),
    (["--seat", "1", "--seed", "-1"], "seed=-1: expected a whole number >= 0"),
    (["--seat", "1", "--limit", "-1"], "limit=-1: expected a number of decisions >= 1"),
    (["--seat", "1", "--limit", "0"], "limit=0: expected a number of decisions >= 1"),
    (["--seat", "1", "--limit", "1", "--out", "{tmp}/missing/page.html"],
     "--out {tmp}/missing/page.html: no folder {tmp}/missing; expected a file in an existing folder"),
    (["--seat", "1", "--limit", "1", "--out", "{tmp}"],
     "--out {tmp}: a folder; expected the name of a file to write"),
    (["--seat", "1", "--limit", "1", "--out", ""],
     "--out : an empty path; expected the name of a file to write"),
    (["--seat", "1", "--at", "E1-5", "--out", "{tmp}/page.html"],
     "--out: for the review of a whole game, not one decision (--at); drop one or the other"),
    (["--seat", "1", "--at", "E1-5", "--out", "{tmp}/page.html", "--limit", "2"], "--out and "
     "--limit: for the review of a whole game, not one decision (--at); drop one or the other"),
    (["--seat", "1", "--limit", "1", "--format", "json", "--out", "{tmp}/page.html"],
     "--out writes the review as an HTML page; --format json prints it: drop one or the other"),
])
def test_cli_refuses_bad_settings_in_one_line_before_any_rollout(tmp_path, args, message):
    args = [a.format(tmp=tmp_path) for a in args]
    out = run_cli(str(MJLOG), "--rules", "tenhou", "--horizon", "hand", "--samples", "2",
                  "--quiet", *args, cwd=tmp_path)
    assert out.returncode == 2 and out.stdout == "", out.stderr
    assert out.stderr == f"python -m riichi.analyze: error: {message.format(tmp=tmp_path)}\n"
    assert list(tmp_path.iterdir()) == []  # no page written


def test_cli_refuses_to_write_the_page_over_the_record(tmp_path):
    """--out naming the record itself replaced the game with the page of its review."""
    record = tmp_path / "game.mjlog.gz"
    record.write_bytes(MJLOG.read_bytes())
    out = run_cli(str(record), "--seat", "1", "--samples", "2", "--limit", "1", "--horizon",
                  "hand", "--quiet", "--out", str(record), cwd=tmp_path)
    assert out.returncode == 2 and out.stderr.endswith(
        f"error: --out {record}: the record itself; expected another file for the page\n")
    assert record.read_bytes() == MJLOG.read_bytes() and len(list(tmp_path.iterdir())) == 1


def test_cli_refuses_a_record_with_absurd_scores_in_one_line(tmp_path):
    """Scores no table holds are the reader's error (once an OverflowError deep in the table)."""
    lines = [json.loads(x) for x in dumps(play_game("tenhou", [DefensiveAgent(s) for s in range(4)],
                                                     seed=3)).splitlines()]
    lines[1]["scores"] = [10**30, -(10**30), 0, 0]
    path = tmp_path / "absurd.mjai"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    out = run_cli(str(path), "--at", "3", "--seat", "1", "--samples", "2", "--horizon", "hand",
                  "--workers", "1", "--quiet")
    assert out.returncode == 2, out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert "absurd.mjai, line 2: round E1-0: the scores [" in out.stderr
    assert "expected 4 whole numbers of points" in out.stderr


def test_both_winners_of_a_double_ron_decided_their_ron():
    record, rules = as_record(read(DATA / "mjlog" / "2010091009gm-00a9-0000-83af2648.mjlog.gz"))
    events = record.events
    first = next(k for k in range(1, len(events) - 1)
                 if isinstance(events[k], ev.Hora) and isinstance(events[k + 1], ev.Hora))
    second_seat = events[first + 1].actor
    for at in (first, first + 1):  # each win's own event names its seat's decision
        point = find_point(record, rules, at)
        assert point.seat == events[at].actor and point.event == first
        assert isinstance(point.played, Ron)
    assert first in [p.event for p in decision_points(record, rules, second_seat)]
    result = decision(record, first + 1, samples=2, horizon="hand", seed=1, progress=False)
    assert result.seat == second_seat and result.played.label == "ron"
    assert result.played.win.mean == 1.0


def test_the_three_seats_of_a_triple_ron_abort_each_declared_their_ron():
    record, rules = as_record(read(DATA / "mjlog" / "mjx-4af036b8af2e.mjlog.gz"))
    at = next(k for k, e in enumerate(record.events)
              if isinstance(e, ev.Ryukyoku) and e.reason == "triple_ron")
    discarder = record.events[at - 1].actor
    for seat in (s for s in range(4) if s != discarder):
        point = find_point(record, rules, at, seat)
        assert isinstance(point.played, Ron)  # not a pass: the abort took three rons


@pytest.mark.parametrize("at", ["٣٠", "²", "E1-٥", "E١-5", "E1-٠-5"])
def test_a_point_written_with_other_digits_than_ascii_is_refused(at):
    """An event index or a turn name is typed in ASCII digits: "٣٠" once read as event 30, "E1-٥"
    as turn 5, and "²" raised a bare ValueError."""
    record, rules = selfplay()
    with pytest.raises(AnalysisError, match="expected an event index or a turn name"):
        find_point(record, rules, at, 1)
