"""Two-player records (presets ``2p`` and ``2p-match``) in mjai: two seats in ``start_game``,
``start_kyoku`` and every payment, read into the same record model as games of three and four,
with the same checks, and each round's wall rebuilt where the engine's two-player wall holds the
tiles (136 tiles, the deal to two seats from ``yama[135]`` down, the live draws from
``yama[109]`` down, the dead wall as four players').

The evidence: the engine's own walls (``Wall.seeded``, as ``play_game`` shuffles them) hold the
very tiles the rebuilt walls put where the record shows them, and the records read back give the
engine's events (tile names, seats, payments), so that the replay (tests/game) can play them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from riichi.agents import EfficiencyAgent, RandomAgent
from riichi.errors import LogFormatError
from riichi.game import GameResult, play_game
from riichi.game.wall import Wall
from riichi.logs import dumps, read
from riichi.logs import events as ev
from riichi.logs.tenhou_wall import deal, dora_indicator, live_draw, replacement_draw
from riichi.rules import RuleSet

SEED = 11


def _game(preset: str, seed: int = SEED) -> GameResult:
    agents = [EfficiencyAgent(seed=seed), RandomAgent(seed + 1)]
    return play_game(preset, agents, seed=seed)


@pytest.fixture(scope="module")
def two_p_text() -> str:
    return dumps(_game("2p"), format="mjai")


@pytest.mark.parametrize("preset", ["2p", "2p-match"])
def test_a_two_player_game_reads_into_two_seats_with_the_engines_events(preset: str) -> None:
    game = _game(preset)
    record = read(dumps(game, format="mjai"))
    assert record.format == "mjai" and record.names == ("", "") and record.rules is not None
    assert record.rules.name == preset and record.start.scores == (30_000, 30_000)
    assert len(record.rounds) == len(game.hands) > 3
    for rnd in record.rounds:
        assert len(rnd.start.scores) == len(rnd.start.tehais) == 2
        assert all(len(e.deltas) == 2 for e in rnd.results)
    assert record.end is not None and record.end.scores == game.final_scores
    assert [e.to_mjai() for e in record.events] == [e.to_mjai() for e in game.events]


@pytest.mark.parametrize("preset", ["2p", "2p-match"])
def test_the_rebuilt_walls_hold_the_engines_tiles_where_the_record_shows_them(preset: str) -> None:
    rules = RuleSet.preset(preset)
    record = read(dumps(_game(preset), format="mjai"))
    places = list(range(136))
    for hand, (rnd, rebuilt) in enumerate(zip(record.rounds, record.round_walls())):
        assert sorted(rebuilt) == places
        yama = Wall.seeded(SEED, (0, hand), rules).yama  # the wall play_game shuffled
        draws = [e for e in rnd.events if isinstance(e, ev.Draw)]
        live = sum(not d.rinshan for d in draws)
        # the record names tiles by type (and red): the copies are the reader's own; and it
        # shows each starting hand sorted, not in the order its tiles were dealt
        for dealt in deal(places, rnd.start.oya, players=2):
            assert sorted(ev.mjai_tile(rebuilt[p]) for p in dealt) == sorted(ev.mjai_tile(yama[p]) for p in dealt)
        shown = [live_draw(places, k, players=2) for k in range(live)]
        shown += [replacement_draw(places, k) for k in range(len(draws) - live)]
        shown += [dora_indicator(places, k) for k in range(1 + sum(e.type == "dora" for e in rnd.events))]
        assert live > 10 and len(shown) == len(set(shown))
        assert [ev.mjai_tile(rebuilt[p]) for p in shown] == [ev.mjai_tile(yama[p]) for p in shown]


def _lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def _joined(lines: list[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(line) for line in lines)


def _changed(text: str, event: str, **fields: Any) -> str:
    """``text`` with the first ``event`` line's ``fields`` replaced."""
    lines = _lines(text)
    k = next(i for i, x in enumerate(lines) if x["type"] == event)
    lines[k].update(fields)
    return _joined(lines)


def test_two_seats_scores_and_names_are_checked(two_p_text: str) -> None:
    points = r"expected 4 whole numbers of points \(3 at three players, 2 at two\)"
    with pytest.raises(LogFormatError, match=r"line 1: start_game: the scores \[30000\]: " + points):
        read(_changed(two_p_text, "start_game", scores=[30_000]))
    with pytest.raises(LogFormatError, match=r"line 1: start_game: the scores \[30000, 10{30}\]: " + points):
        read(_changed(two_p_text, "start_game", scores=[30_000, 10**30]))
    with pytest.raises(LogFormatError, match="line 1: start_game: expected 2 names"):
        read(_changed(two_p_text, "start_game", names=["a", "b", "c"]))
    assert read(_changed(two_p_text, "start_game", names=["a", "b"])).names == ("a", "b")
    with pytest.raises(LogFormatError, match=r"line 2: round E1-0: the scores \[30000, 30000, 0\]: " + points):
        read(_changed(two_p_text, "start_kyoku", scores=[30_000, 30_000, 0]))
    with pytest.raises(LogFormatError, match=r"end_game: the scores \[\d+, -?\d+, 0, 0\]: " + points):
        lines = _lines(two_p_text)
        lines[-1]["scores"] += [0, 0]
        read(_joined(lines))


def test_two_seats_hands_seats_and_payments_are_checked(two_p_text: str) -> None:
    lines = _lines(two_p_text)
    hands = lines[1]["tehais"]
    with pytest.raises(LogFormatError, match="line 2: expected 2 starting hands of 13 tiles"):
        read(_changed(two_p_text, "start_kyoku", tehais=[*hands, hands[0]]))
    with pytest.raises(LogFormatError, match="line 3: seat 2 is not 0-1"):
        read(_changed(two_p_text, "tsumo", actor=2))
    win = next(x for x in lines if x["type"] in ("hora", "ryukyoku"))
    with pytest.raises(LogFormatError, match=r"payments \[.*\]: expected 2 whole numbers of points"):
        read(_changed(two_p_text, win["type"], deltas=[*win["deltas"], 0]))
    nukidora = {"type": "nukidora", "actor": 0, "pai": "N"}
    with pytest.raises(LogFormatError, match=r"line 4: seat 0 sets a North aside \(kita\) in a game of 2 players"):
        read(_joined([*lines[:3], nukidora, *lines[3:]]))
    with pytest.raises(LogFormatError, match="line 2: a fifth copy of 1m"):
        read(_changed(two_p_text, "start_kyoku", tehais=[["1m"] * 13, hands[1]]))


def test_a_two_seat_riichi_pays_its_stick_from_its_seat() -> None:
    game = _game("2p")
    record = read(dumps(game, format="mjai"))
    accepted = [e for e in record.events if isinstance(e, ev.ReachAccepted)]
    assert accepted and all(e.deltas == tuple(-1000 if s == e.actor else 0 for s in range(2))
                            for e in accepted)
    assert [e.to_mjai() for e in accepted] == [e.to_mjai() for e in game.events if e.type == "reach_accepted"]


def test_the_two_player_walls_places_are_refused_for_a_wrong_wall_or_seat() -> None:
    with pytest.raises(LogFormatError, match="a wall is of 2, 3 or 4 players, got players=5"):
        deal(list(range(136)), 0, players=5)
    with pytest.raises(LogFormatError, match=r"a wall has 136 tiles \(108 for three players\), got 108 for 2 players"):
        live_draw(list(range(108)), 0, players=2)
    with pytest.raises(LogFormatError, match="dealer must be a seat 0-1, got 2"):
        deal(list(range(136)), 2, players=2)
    with pytest.raises(LogFormatError, match=r"the live wall has 96 draws \(k = 0..95\), got k=96"):
        live_draw(list(range(136)), 96, players=2)
