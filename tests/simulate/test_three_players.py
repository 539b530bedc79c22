"""The simulator under the three-player presets (``tenhou-3p``, ``mahjongsoul-3p``): three seats in
the summary, the Parquet tables, the plots and the records; duplicate play with three seat
rotations; a game played on from a situation of three scores; the command's printed summary."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

from riichi.agents import DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.errors import SituationError
from riichi.game import Position, play_game
from riichi.game.replay import replay
from riichi.logs import read
from riichi.rules import RuleSet
from riichi.simulate import StartingPoint, run
from riichi.simulate.__main__ import main
from riichi.simulate.output import RunDirectory, write_plots
from riichi.simulate.players import seat_players
from riichi.simulate.report import render_summary
from riichi.simulate.shard import agent_seed

PRESETS = ("tenhou-3p", "mahjongsoul-3p")
MIXED = "efficiency,random,defensive"
SEED = 11
SEAT_LINE = re.compile(r"(seat|player) ([0-9]): (efficiency|random|defensive)")


def _agents(deal: int, rotation: int) -> list[EfficiencyAgent | RandomAgent | DefensiveAgent]:
    """The agents of ``MIXED`` as the run seats them on wall ``deal`` in ``rotation``."""
    makers = (lambda s: EfficiencyAgent(seed=s), RandomAgent, lambda s: DefensiveAgent(seed=s))
    return [makers[(s + rotation) % 3](agent_seed(SEED, deal, s)) for s in range(3)]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_run_of_three_players_has_three_seats_in_every_file(preset: str, tmp_path: Path) -> None:
    result = run(games=4, seed=SEED, rules=preset, players=MIXED, backend="local", shard_size=3,
                 out=tmp_path, logs=1)
    players = result.summary["players"]
    assert [p["player"] for p in players] == MIXED.split(",")
    assert all(len(p["rank_dist"]) == 3 and sum(p["rank_dist"]) == pytest.approx(1) for p in players)
    games = pq.read_table(tmp_path / "games.parquet").sort_by("game")
    assert games.equals(result.games.sort_by("game"))
    assert "score_2" in games.column_names and "score_3" not in games.column_names
    for row in games.to_pylist():
        alone = play_game(preset, _agents(row["game"], 0), seed=SEED, game_index=row["game"])
        assert tuple(row[f"score_{s}"] for s in range(3)) == alone.final_scores
        assert sum(alone.final_scores) == 3 * RuleSet.preset(preset).start_points
    hands = pq.read_table(tmp_path / "hands.parquet").to_pylist()
    assert hands and all(len(h["deltas"]) == 3 for h in hands)
    assert any(h["winners"] for h in hands)
    pngs = write_plots(RunDirectory(tmp_path), result.summary)
    assert sorted(p.name for p in pngs) == ["final_scores.png", "ranks.png"]
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pngs)
    logs = sorted((tmp_path / "logs").iterdir())
    assert [p.name for p in logs] == ["game-000000.mjai.jsonl", "game-000000.tenhou6.json"]
    first = json.loads(logs[0].read_text(encoding="utf-8").splitlines()[0])
    assert first["scores"] == [RuleSet.preset(preset).start_points] * 3
    for log in logs:  # each format reads back as the game played
        assert replay(read(log), rules=preset).differences == ()


@pytest.mark.parametrize("preset", PRESETS)
def test_duplicate_plays_each_wall_in_three_rotations(preset: str) -> None:
    result = run(games=3, seed=SEED, rules=preset, players=MIXED, duplicate=True,
                 backend="local", shard_size=6)
    summary, table = result.summary, result.games.to_pylist()
    assert summary["games"] == 9 and summary["deals"] == 3 and len(table) == 9
    names = [str(p) for p in seat_players(MIXED, 3)]
    results = np.zeros((3, 3, 3))  # wall, rotation, listed player
    for row in table:
        assert row["game"] == 3 * row["deal"] + row["rotation"]
        alone = play_game(preset, _agents(row["deal"], row["rotation"]), seed=SEED,
                          game_index=row["deal"])
        assert tuple(row[f"score_{s}"] for s in range(3)) == alone.final_scores
        for s in range(3):
            j = (s + row["rotation"]) % 3
            assert row[f"player_{s}"] == names[j]
            results[row["deal"], row["rotation"], j] = row[f"result_{s}"]
    assert sorted({row["rotation"] for row in table}) == [0, 1, 2]
    for j, p in enumerate(summary["players"]):
        single = results[:, :, j].ravel().var(ddof=1)
        walls = results[:, :, j].mean(axis=1).var(ddof=1)
        dup = p["duplicate"]
        assert dup["walls"] == 3
        assert dup["wall_mean_variance"] == pytest.approx(walls)
        assert dup["variance_reduction"] == pytest.approx(1 - walls / (single / 3))
        assert p["avg_result"] == pytest.approx(results[:, :, j].mean())
    text = render_summary(summary, width=80)
    assert "9 games (3 walls x 3 rotations)" in text
    assert max(map(len, text.splitlines())) <= 80


@pytest.mark.parametrize("preset", PRESETS)
def test_a_run_from_a_situation_of_three_players(preset: str, tmp_path: Path) -> None:
    text = "S3 honba=1 sticks=1 scores=45000,35000,24000 dealer=3"  # seats 1-3 for people
    result = run(games=6, seed=SEED, rules=preset, players=MIXED, backend="local",
                 situation=text, out=tmp_path)
    assert result.summary["from"] == text
    for p in result.summary["players"]:
        assert len(p["rank_dist"]) == 3 and sum(p["rank_dist"]) == pytest.approx(1)
    first_hands = [h for h in result.hands.to_pylist() if h["hand"] == 0]
    assert len(first_hands) == 6
    assert {(h["round_wind"], h["kyoku"], h["honba"], h["sticks"], h["dealer"])
            for h in first_hands} == {(1, 2, 1, 1, 2)}
    for row in result.games.to_pylist():
        alone = play_game(preset, _agents(row["game"], 0), seed=SEED, game_index=row["game"],
                          position=Position(1, 2, 1, 1), scores=(45000, 35000, 24000))
        assert tuple(row[f"score_{s}"] for s in range(3)) == alone.final_scores
    pngs = write_plots(RunDirectory(tmp_path), result.summary)
    assert "placement.png" in [p.name for p in pngs]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("E4 scores=35000,35000,35000", "round 'E4'.*expected E1-W3"),
        ("E1 scores=30000,30000,30000,15000", "4 scores; expected 3"),
        ("E1 scores=35000,35000,34000", "holds 3 x 35000 = 105000"),
        ("E2 scores=35000,35000,35000 dealer=3", "dealer=3 does not match E2"),
        ("E2 scores=35000,35000,35000 dealer=4", "dealer='4'; expected a whole number from 1 to 3"),
        ("E1 honba=1", "scores=a,b,c is required"),
    ],
)
def test_situations_of_three_players_are_checked(text: str, message: str) -> None:
    with pytest.raises(SituationError, match=message):
        StartingPoint.parse(text, RuleSet.preset("tenhou-3p"))


@pytest.mark.parametrize("preset", PRESETS)
def test_the_command_prints_three_seats_within_80_columns(
    preset: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    common = ["--rules", preset, "--seed", "3", "--quiet", "--backend", "local",
              "--players", MIXED]
    for extra in (["--games", "3"], ["--games", "2", "--duplicate"],
                  ["--games", "3", "--from", "S3 scores=45000,35000,25000"]):
        assert main([*common, *extra]) == 0
        out = capsys.readouterr().out
        lines = out.splitlines()
        assert max(map(len, lines)) <= 80, out
        assert "3rd" in out and "4th" not in out
        # seats numbered 1-3 for people, as 1-4 at four players
        assert [m[2] for line in lines if (m := SEAT_LINE.fullmatch(line))] == ["1", "2", "3"]
    assert main([*common, "--games", "2", "--format", "json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["players"]) == 3


def test_the_help_says_how_many_players_three_seats_take(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "player of each seat (three under three-player rules, two under 2p)" in " ".join(
        capsys.readouterr().out.split())
