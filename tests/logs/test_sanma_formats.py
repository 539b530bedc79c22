"""Three-player records in every format: tenhou.net/6 (read and written, the fourth place empty and
a kita written ``"f44"``) and mjai (three seats, the ``nukidora`` event), with the walls rebuilt
from what they show (108 tiles).

The evidence: the two real Houou games (``tests/data/sanma``) written in each format and read back
replay through ``tenhou-3p`` with zero differences, on walls rebuilt from the record alone; and so
do games the engine played under both three-player presets.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import riichi
from riichi.errors import LogFormatError
from riichi.game.replay import replay
from riichi.logs import GameRecord, dumps, read
from riichi.logs.tenhou6 import tenhou6_code
from riichi.logs.tenhou_wall import THREE_PLAYER_TILES

DATA = Path(__file__).resolve().parent.parent / "data" / "sanma"
GAMES = sorted(DATA.glob("*.mjlog.xml"))


@pytest.mark.parametrize("form", ["tenhou6", "mjai"])
@pytest.mark.parametrize("path", GAMES, ids=[p.name.split(".")[0] for p in GAMES])
def test_the_real_games_written_and_read_back_replay_with_no_difference(path: Path, form: str) -> None:
    record = read(path)
    back = read(dumps(record, format=form), format=form)
    assert back.format == form and back.walls is None and back.names == record.names
    # the same events (a kan's dora aside: Tenhou's log turns it a step earlier)
    assert [e.type for e in back.events if e.type != "dora"] == [e.type for e in record.events if e.type != "dora"]
    assert sum(e.type == "nukidora" for e in back.events) > 0
    assert all(sorted(w) == list(THREE_PLAYER_TILES) for w in back.round_walls())
    report = replay(back, rules="tenhou-3p")
    assert [str(d) for d in report.differences] == []


@pytest.mark.parametrize("preset", ["tenhou-3p", "mahjongsoul-3p"])
@pytest.mark.parametrize("seed", range(4))
def test_engine_games_of_three_replay_from_every_format(preset: str, seed: int) -> None:
    game = riichi.play_game(preset, [riichi.EfficiencyAgent(seed=s) for s in range(3)], seed=seed)
    records = [GameRecord.from_events(game.events),
               *(read(dumps(game, format=form), format=form) for form in ("tenhou6", "mjai"))]
    for record in records:
        report = replay(record, rules=preset)
        assert report.differences == ()
        assert [e.to_mjai() for e in report.events] == [e.to_mjai() for e in game.events]


def _tenhou6_of_a_real_game() -> dict[str, object]:
    text = dumps(read(DATA / "tenhou-sanma-dnovikoff.mjlog.xml"), format="tenhou6")
    obj = json.loads(text)
    assert isinstance(obj, dict)
    return obj


def test_tenhou6_keeps_four_places_the_last_empty_and_writes_kita_f44() -> None:
    obj = _tenhou6_of_a_real_game()
    names, log = obj["name"], obj["log"]
    assert isinstance(names, list) and names[3] == "" and all(names[:3])
    assert isinstance(log, list)
    first = log[0]
    assert first[1] == [35_000, 35_000, 35_000, 0] and first[13:16] == [[], [], []]
    # the dealer's first turn: a North set aside, then its replacement draw (the mjlog's
    # <T82/><N who="0" m="31008"/><T38/>)
    assert first[6][0] == "f44" and first[5][:2] == [tenhou6_code(82), tenhou6_code(38)] == [33, 21]
    assert first[16][1][3] == 0  # the fourth place pays nothing


def test_three_player_records_are_checked() -> None:
    obj = _tenhou6_of_a_real_game()
    log = obj["log"]
    assert isinstance(log, list)
    log[0][16][1][3] = 1000
    with pytest.raises(LogFormatError, match="the fourth place of a three-player game pays 1000"):
        read(json.dumps(obj), format="tenhou6")
    log[0][16][1][3] = 0
    log[0][1][3] = 25_000
    with pytest.raises(LogFormatError, match="fourth place has no hand and a score of 0"):
        read(json.dumps(obj), format="tenhou6")
    mjai = dumps(riichi.play_game("tenhou-3p", [riichi.RandomAgent(s) for s in range(3)], seed=2))
    kita = next(line for line in mjai.splitlines() if '"nukidora"' in line)
    with pytest.raises(LogFormatError, match=r"nukidora of 'E': only a North \(N\) is set aside"):
        read(mjai.replace(kita, kita.replace('"N"', '"E"'), 1), format="mjai")
    with pytest.raises(LogFormatError, match="2m in a three-player game"):
        read(mjai.replace('"dora_marker":"', '"dora_marker":"2m","x":"', 1), format="mjai")
    four = dumps(riichi.play_game("tenhou", [riichi.RandomAgent(s) for s in range(4)], seed=2))
    first_draw = next(line for line in four.splitlines() if '"tsumo"' in line)
    actor = json.loads(first_draw)["actor"]
    with pytest.raises(LogFormatError, match="sets a North aside \\(kita\\) in a game of 4 players"):
        read(four.replace(first_draw, first_draw + f'\n{{"type":"nukidora","actor":{actor},"pai":"N"}}', 1),
             format="mjai")


def test_riichienvs_kita_reads_as_nukidora() -> None:
    game = riichi.play_game("tenhou-3p", [riichi.EfficiencyAgent(seed=s) for s in range(3)], seed=1)
    text = dumps(game).replace('"type":"nukidora"', '"type":"kita"')
    assert replay(read(text, format="mjai"), rules="tenhou-3p").differences == ()


def test_a_start_game_naming_no_seat_takes_the_seats_of_the_first_round() -> None:
    # RiichiEnv writes {"type": "start_game"} alone: its three-player games were read as four
    # seats and refused at the first start_kyoku's three scores
    game = riichi.play_game("tenhou-3p", [riichi.EfficiencyAgent(seed=s) for s in range(3)], seed=1)
    lines = dumps(game).splitlines()
    assert json.loads(lines[0])["type"] == "start_game"
    record = read("\n".join(['{"type":"start_game"}', *lines[1:]]), format="mjai")
    assert len(record.names) == 3 and record.start.scores == (35_000,) * 3
    assert replay(record, rules="tenhou-3p").differences == ()


def test_riichienvs_names_of_draws_read_as_the_engines() -> None:
    # RiichiEnv's ryukyoku reasons: replayed, every draw was a difference ("record exhaustive_draw")
    game = riichi.play_game("tenhou-3p", [riichi.EfficiencyAgent(seed=s) for s in range(3)], seed=18)
    text = dumps(game)
    theirs = text.replace('"reason":"exhaustive"', '"reason":"exhaustive_draw"').replace(
        '"reason":"nine_terminals"', '"reason":"kyushu_kyuhai"')
    assert '"reason":"kyushu_kyuhai"' in theirs and '"reason":"exhaustive_draw"' in theirs
    record = read(theirs, format="mjai")
    assert {e.reason for e in record.events if e.type == "ryukyoku"} == {"exhaustive", "nine_terminals"}
    assert replay(record, rules="tenhou-3p").differences == ()


@pytest.mark.parametrize("header, seats, points", [
    ({"names": ["p0", "p1", "p2"]}, 3, 35_000),  # Mortal's three-player fork writes this
    ({"rules": {"preset": "mahjongsoul-3p"}}, 3, 35_000),
    ({"names": ["a", "b"], "rules": {"preset": "2p"}}, 2, 30_000),
    ({"names": ["a", "b"]}, 2, 30_000),
])
def test_an_mjai_start_game_without_scores_takes_its_seats_from_its_names_or_rules(
        header: dict[str, object], seats: int, points: int) -> None:
    """The standard mjai ``start_game`` has the names and no scores: a game of three names is a
    game of three seats, starting at the usual points (its rules' when it carries them)."""
    preset = {3: "tenhou-3p", 2: "2p"}[seats]
    game = riichi.play_game(preset, [riichi.EfficiencyAgent(seed=s) for s in range(seats)], seed=1)
    lines = dumps(game).split("\n")
    bare = read("\n".join([json.dumps({"type": "start_game", **header}), *lines[1:]]))
    assert bare.start.scores == (points,) * seats and len(bare.names) == seats
    assert bare.rounds == read(dumps(game)).rounds
    assert replay(bare, rules=preset).differences == ()


@pytest.mark.parametrize("names", [["a", "b", "c", "d"], ["a", "b", "c"]])
def test_an_mjai_start_game_of_names_only_starts_at_its_first_rounds_scores(
        names: list[str]) -> None:
    """Without scores or rules the start points are the first ``start_kyoku``'s: an EMA game
    (30,000 each) read from a ``start_game`` of names only started at 25,000, while its first
    round said 30,000, and a three-player game from a situation at 35,000 each."""
    seats = len(names)
    preset = "ema" if seats == 4 else "tenhou-3p"
    scores = (30_000,) * 4 if seats == 4 else (45_000, 35_000, 25_000)
    players = [riichi.EfficiencyAgent(seed=s) for s in range(seats)]
    game = riichi.play_game(preset, players, seed=1, scores=scores)
    lines = dumps(game).split("\n")
    bare = read("\n".join([json.dumps({"type": "start_game", "names": names}), *lines[1:]]))
    assert bare.start.scores == scores == tuple(json.loads(lines[1])["scores"])
    assert read(dumps(game)).start.scores == scores
    assert bare.names == tuple(names) and bare.rounds == read(dumps(game)).rounds
    assert replay(bare, rules=preset).differences == ()
