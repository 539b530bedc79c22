"""riichi.analyze on three-player (sanma) records: every way of drawing worlds keeps the record's
three-player tiles (108, no 2m-8m, the kita set aside), and the command analyses one decision and
reviews a seat, numbering the seats 1-3."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from riichi.agents import DefensiveAgent
from riichi.game import play_game
from riichi.game.wall import wall_tiles
from riichi.logs import read

from tests.analyze.test_worlds import assert_keeps_the_record, discard_points, sampled_worlds

SANMA = sorted((Path(__file__).parent.parent / "data" / "sanma").glob("*.mjlog.xml"))


@cache
def selfplay(seed: int = 5):
    from riichi.analyze.position import as_record

    return as_record(play_game("tenhou-3p", [DefensiveAgent(seed=s) for s in range(3)],
                               seed=seed))


def test_a_sampled_three_player_world_never_contradicts_the_record():
    from riichi.analyze.position import as_record

    record, rules = selfplay()
    points = discard_points(record, rules, every=7)
    real, real_rules = as_record(read(SANMA[0]))
    points += discard_points(real, real_rules, every=11)
    assert all(p.state.seats == 3 for p in points)
    assert any(p.state.players[s].kita for p in points for s in range(3))
    assert any(p.state.players[s].riichi for p in points for s in range(3) if s != p.seat)
    tiles = sorted(wall_tiles(rules))
    assert len(tiles) == 108 and not any(4 <= t < 32 for t in tiles)  # no 2m-8m
    for point, worlds, world in sampled_worlds(points, 3):
        state = point.state
        assert [p.kita for p in world.players] == [p.kita for p in state.players]
        assert sorted(world.tile_locations()) == tiles
        # the replacement places the kita and kans drew keep their tiles
        assert [world.wall.yama[i] for i in world.wall.seen_places()] == \
            [state.wall.yama[i] for i in state.wall.seen_places()]
        assert not any(4 <= t < 32 for p in world.players for t in p.hand)
        assert_keeps_the_record(point, worlds, world)


def _analyze(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "riichi.analyze", *args, "--quiet",
                           "--seed", "3"], capture_output=True, text=True, cwd=cwd,
                          env=dict(os.environ, COLUMNS="80"), check=False)


@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> Path:
    """A tenhou-3p game written as mjai by riichi.simulate."""
    return _simulate("tenhou-3p", tmp_path_factory.mktemp("sim"))


def _simulate(preset: str, out: Path) -> Path:
    """A game of ``preset`` written as mjai by riichi.simulate into ``out``."""
    done = subprocess.run([sys.executable, "-m", "riichi.simulate", "--rules", preset,
                           "--games", "1", "--seed", "4", "--out", str(out), "--logs", "1",
                           "--workers", "1", "--quiet"],
                          capture_output=True, text=True, cwd=out, check=False,
                          env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    files = sorted(p for p in out.rglob("*") if "mjai" in p.name or p.suffix == ".mjson")
    assert files, list(out.rglob("*"))
    return files[0]


@pytest.mark.parametrize("which", ["simulated", "real"])
def test_one_decision_of_a_three_player_record(which, simulated, tmp_path):
    record = simulated if which == "simulated" else SANMA[0]
    done = _analyze(str(record), "--at", "E1-3", "--seat", "2", "--samples", "6",
                    "--horizon", "hand", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "tenhou-3p" in done.stderr
    assert "seat 2" in done.stdout
    assert "seat 4" not in done.stdout
    assert all(len(line) <= 80 for line in done.stdout.splitlines())
    as_json = _analyze(str(record), "--at", "E1-3", "--seat", "2", "--samples", "4",
                       "--horizon", "hand", "--format", "json", cwd=tmp_path)
    assert as_json.returncode == 0, as_json.stderr
    result = json.loads(as_json.stdout)
    assert result["samples"] == 4


def test_one_decision_of_a_mahjongsoul_3p_record_under_its_rules(tmp_path_factory, tmp_path):
    record = _simulate("mahjongsoul-3p", tmp_path_factory.mktemp("sim"))
    done = _analyze(str(record), "--rules", "mahjongsoul-3p", "--at", "E1-3", "--seat", "2",
                    "--samples", "6", "--horizon", "hand", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "seat 2" in done.stdout and "seat 4" not in done.stdout


def test_a_review_of_a_three_player_seat(simulated, tmp_path):
    done = _analyze(str(simulated), "--seat", "3", "--samples", "3", "--limit", "3",
                    "--horizon", "hand", "--out", "review.html", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "reviewed 3 decisions of seat 3" in done.stdout
    page = (tmp_path / "review.html").read_text(encoding="utf-8")
    assert "seat 3" in page


def test_a_fourth_seat_of_a_three_player_record_is_refused(tmp_path):
    done = _analyze(str(SANMA[0]), "--seat", "4", "--samples", "3", "--limit", "1", cwd=tmp_path)
    assert done.returncode == 2
    assert "seat 4" in done.stderr and "1-3" in done.stderr
    assert not list(tmp_path.iterdir())


def test_four_player_rules_on_a_three_player_record_are_refused():
    from riichi.analyze import AnalysisError
    from riichi.analyze.position import as_record

    with pytest.raises(AnalysisError, match="a record of 3 seats cannot be replayed under rules "
                                            "for 4 players"):
        as_record(read(SANMA[0]), "tenhou")
    assert as_record(read(SANMA[0]))[1].players == 3  # tenhou-3p when the record says nothing


def test_the_help_says_a_three_player_record_takes_three_players(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "riichi.analyze", "--help"], capture_output=True,
                          text=True, cwd=tmp_path, env=dict(os.environ, COLUMNS="80"), check=True)
    shown = " ".join(done.stdout.split()).replace("two- player", "two-player")  # wrapped
    assert ("one player or one a seat (four, three in a three-player record, two in a two-player "
            "one)") in shown
    assert "to 4 (3 for a three-player record, 2 for a two-player one)" in shown


def test_every_kita_of_a_real_game_is_a_decision_of_its_seat():
    from riichi.analyze.position import as_record, decision_points
    from riichi.game.actions import Kita
    from riichi.logs import events as ev

    record, rules = as_record(read(SANMA[-1]))
    for seat in range(3):
        kitas = [k for k, e in enumerate(record.events)
                 if isinstance(e, ev.KitaDeclared) and e.actor == seat]
        points = {p.event: p for p in decision_points(record, rules, seat)}
        assert kitas and all(isinstance(points[k].played, Kita) for k in kitas)
        assert all(len(points[k].legal) > 1 for k in kitas)
        # a kita is named by its event, the discard after it by the turn: one name each
        labels = [p.label for p in points.values()]
        assert len(set(labels)) == len(labels)
        assert all(points[k].label.endswith(f" #{k}") for k in kitas)


def test_a_ron_on_a_kita_is_analysed_on_redealt_worlds():
    import numpy as np

    from riichi.analyze import decision
    from riichi.analyze.position import as_record, find_point
    from riichi.analyze.review import table_view
    from riichi.analyze.worlds import redeal
    from riichi.game.actions import Pass, Ron
    from riichi.game.state import Phase
    from riichi.logs import events as ev

    for seed in range(1, 200):  # a self-played game where a seat wins on a kita
        record, rules = as_record(play_game("tenhou-3p", [DefensiveAgent(seed=s)
                                                          for s in range(3)], seed=seed))
        found = [(k + 1, record.events[k + 1].actor) for k, e in enumerate(record.events[:-1])
                 if isinstance(e, ev.KitaDeclared) and isinstance(record.events[k + 1], ev.Hora)]
        if found:
            break
    at, seat = found[0]
    point = find_point(record, rules, at, seat)
    assert point.state.phase is Phase.KITA and isinstance(point.played, Ron)
    assert {type(a) for a in point.legal} == {Ron, Pass}
    for world_seed in range(5):
        world = point.state.clone()
        redeal(world, seat, np.random.default_rng(world_seed))
        assert seat in world.claims  # the seat is asked again on its redealt table
        world.apply(Ron(seat), seat=seat)  # its ron scored on the redealt table
        assert list(world.outcomes[-1].winners) == [seat]
    assert table_view(point)["offered"] == record.events[at - 1].pai  # the North, on the page
    result = decision(record, at, seat=seat, samples=3, horizon="hand", seed=2, progress=False)
    assert sorted(a.label for a in result.actions) == ["pass", "ron"]
    assert result.played.label == "ron" and result.played.win.mean == 1.0



def _kokushi_on_north(state, seat: int) -> None:
    """Give ``seat`` (closed, 13 tiles) thirteen orphans waiting on North alone, its other tiles
    swapped into unseen places of the wall, so that every tile of the table stays one."""
    from riichi.analyze.worlds import hidden_places

    wall, p = state.wall, state.players[seat]
    wanted = [0, 0, 8, 9, 17, 18, 26, 27, 28, 29, 31, 32, 33]  # 1m 1m 9m 1p 9p 1s 9s E S W P F C
    kept: list[int] = []
    for t in wanted:
        held = [x for x in p.hand if x >> 2 == t and x not in kept]
        kept.append(held[0] if held else -1)
    spare = [x for x in p.hand if x not in kept]
    yama = list(wall.yama)
    places = iter(i for i in hidden_places(wall) if yama[i] >> 2 in wanted)
    for k, t in enumerate(wanted):
        if kept[k] < 0:
            place = next(i for i in places if yama[i] >> 2 == t)
            kept[k], yama[place] = yama[place], spare.pop()
    wall.yama = yama
    p.hand = sorted(kept)
    counts = bytearray(34)
    for x in p.hand:
        counts[x >> 2] += 1
    p.counts = counts
    p.update_waits()
    state.hands_changed()


def test_an_oracle_world_lets_every_seat_that_holds_the_winning_hand_ron_a_kita():
    """Two seats waiting on the North set aside both win on it (a double ron), as at the table:
    the world must not keep the second one's real hand from its ron and make it furiten."""
    import numpy as np

    from riichi.analyze.position import find_point
    from riichi.analyze.worlds import redeal
    from riichi.game.actions import Pass, Ron

    record, rules = selfplay(1227)
    at = 331  # a ron on a kita of seed 1227's self-played game
    seat = record.events[at].actor
    point = find_point(record, rules, at, seat)
    state = point.state.clone()
    other = next(s for s in range(3) if s not in (seat, state.discarder))
    assert not state.players[other].melds and other not in state.claims
    _kokushi_on_north(state, other)
    assert sorted(state.tile_locations()) == sorted(point.state.tile_locations())
    for world_seed in range(3):
        world = state.clone()
        redeal(world, seat, np.random.default_rng(world_seed), worlds="oracle")
        assert sorted(world.claims) == sorted([seat, other])
        passed = world.clone()
        passed.apply(Pass(seat), seat=seat)
        passed.apply(Ron(other), seat=other)
        assert list(passed.outcomes[-1].winners) == [other]
        world.apply(Ron(seat), seat=seat)
        world.apply(Ron(other), seat=other)
        assert sorted(world.outcomes[-1].winners) == sorted([seat, other])
