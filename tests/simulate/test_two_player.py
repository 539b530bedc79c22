"""The simulator under the two-player presets: two seats, and for ``2p-match`` whole matches whose
games, set wins and match wins are checked against matches played on their own."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from riichi.agents import DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.errors import LogFormatError, SimulationError
from riichi.game import play_game, play_match
from riichi.game.replay import replay
from riichi.logs import dumps, read
from riichi.rules import RuleSet
from riichi.simulate import resume, run
from riichi.simulate.__main__ import build_parser, main
from riichi.simulate.output import RunDirectory, write_plots
from riichi.simulate.report import render_summary
from riichi.simulate.shard import agent_seed, match_seed
from tests.support.paths import ROOT

SEED = 7


def test_2p_run_reports_two_seats_and_each_row_is_its_game() -> None:
    result = run(games=6, seed=SEED, rules="2p", players="efficiency,random", backend="local",
                 shard_size=4)
    players = result.summary["players"]
    assert [p["player"] for p in players] == ["efficiency", "random"]
    assert all(len(p["rank_dist"]) == 2 and sum(p["rank_dist"]) == 1.0 for p in players)
    assert "matches" not in result.summary
    columns = result.games.column_names
    assert "score_1" in columns and "score_2" not in columns
    for row in result.games.to_pylist():
        agents = [EfficiencyAgent(seed=agent_seed(SEED, row["game"], 0)),
                  RandomAgent(agent_seed(SEED, row["game"], 1))]
        alone = play_game("2p", agents, seed=SEED, game_index=row["game"])
        assert (row["score_0"], row["score_1"]) == alone.final_scores
    assert all(len(d) == 2 for d in result.hands.column("deltas").to_pylist())


def test_2p_match_run_counts_matches_as_played_alone(tmp_path: Path) -> None:
    one = run(games=3, seed=SEED, rules="2p-match", players="efficiency", backend="local",
              shard_size=1, out=tmp_path / "a")
    two = run(games=3, seed=SEED, rules="2p-match", players="efficiency", backend="process",
              workers=2, shard_size=2)
    assert one.summary_json() == two.summary_json()
    summary = one.summary
    assert summary["matches"] == 3
    set_wins = [0, 0]
    match_wins = [0, 0]
    games = 0
    for m in range(3):
        agents = [EfficiencyAgent(seed=agent_seed(SEED, m, p)) for p in (0, 1)]
        alone = play_match("2p-match", agents, match_seed(SEED, m))
        for p in (0, 1):
            set_wins[p] += alone.set_wins[p]
            match_wins[p] += alone.winner == p
        games += sum(len(s.games) for s in alone.sets)
    assert [p["set_wins"] for p in summary["players"]] == set_wins
    assert [p["match_wins"] for p in summary["players"]] == match_wins
    assert summary["games"] == games == one.games.num_rows
    pngs = write_plots(RunDirectory(tmp_path / "a"), summary)
    assert all(path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for path in pngs)


def test_the_progress_of_a_match_run_counts_matches_as_games_counts_them(tmp_path: Path) -> None:
    # it was told the games played against the matches to play: (9, 3), (18, 3), (27, 3)
    told: list[tuple[int, int]] = []
    run(games=3, seed=SEED, rules="2p-match", players="random", backend="local", shard_size=1,
        out=tmp_path, progress=lambda done, total: told.append((done, total)))
    assert told == [(0, 3), (1, 3), (2, 3), (3, 3)]
    told.clear()
    resume(tmp_path, backend="local", progress=lambda done, total: told.append((done, total)))
    assert told == [(3, 3)]


def test_shard_size_counts_matches_under_a_match_preset_as_its_help_and_the_docs_say(
    tmp_path: Path,
) -> None:
    run(games=5, seed=SEED, rules="2p-match", players="random", backend="local", shard_size=2,
        out=tmp_path)
    assert len(list((tmp_path / "shards").iterdir())) == 3  # 2, 2 and 1 matches
    usage = " ".join(build_parser().format_help().split())
    assert "--shard-size N games per shard (default 100); under a match preset, matches" in usage
    docs = " ".join((ROOT / "docs" / "simulate.md").read_text().split())
    assert "in shards of `--shard-size N` games (matches under a match preset" in docs


def test_a_finished_match_run_resumed_says_it_played_all_its_matches(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(games=2, seed=SEED, rules="2p-match", players="random", backend="local", out=tmp_path)
    with pytest.raises(SystemExit) as exit_:
        main(["--resume", str(tmp_path), "--backend", "local"])
    assert exit_.value.code == 2
    # it said "all its 2 games" of a run of 18 games
    assert f"had played all its 2 matches already; its summary is {tmp_path}/summary.json" \
        in capsys.readouterr().err


def test_a_match_of_more_than_127_games_keeps_each_games_index_in_its_row() -> None:
    # a game's index in its match went to an 8-bit column: game 128 stopped the run (ArrowInvalid)
    rules = replace(RuleSet.preset("2p-match"), match_sets=2, set_games=65)
    result = run(games=1, seed=SEED, rules=rules, players="random", backend="local")
    assert result.games["rotation"].to_pylist() == list(range(130))


def test_command_line_2p_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rules", "2p-match", "--games", "2", "--seed", "3", "--quiet",
                 "--backend", "local", "--format", "json", "--players", "efficiency"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["matches"] == 2 and len(summary["players"]) == 2
    assert main(["--rules", "2p-match", "--games", "2", "--seed", "3", "--quiet",
                 "--backend", "local", "--players", "efficiency"]) == 0
    text = capsys.readouterr().out
    assert "2 matches" in text and "matches won" in text


def test_four_player_only_options_are_refused() -> None:
    with pytest.raises(SimulationError, match="duplicate play is for three- and four-player games"):
        run(games=2, rules="2p", duplicate=True, backend="local")
    with pytest.raises(SimulationError, match="situation play is for three- and four-player games"):
        run(games=2, rules="2p-match", situation="E1 scores=30000,30000", backend="local")
    with pytest.raises(SimulationError, match="every seat or two"):
        run(games=2, rules="2p", players="random,random,random", backend="local")


def test_2p_game_records_are_written_as_mjai_only(tmp_path: Path) -> None:
    run(games=1, seed=SEED, rules="2p", players="efficiency", backend="local", out=tmp_path,
        logs=1)
    assert sorted(p.name for p in (tmp_path / "logs").iterdir()) == ["game-000000.mjai.jsonl"]
    game = play_game("2p", [EfficiencyAgent(), EfficiencyAgent(seed=1)], seed=SEED)
    with pytest.raises(LogFormatError, match="tenhou.net/6 records hold four- and three-player games"):
        dumps(game, format="tenhou6")
    first = json.loads(dumps(game, format="mjai").splitlines()[0])
    assert first == {"type": "start_game", "scores": [30_000, 30_000],
                     "rules": {"preset": "2p"}}  # the rules it was played under
    # docs/simulate.md: the record kept reads back, two seats, as the game was played
    kept = tmp_path / "logs" / "game-000000.mjai.jsonl"
    record = read(kept)
    assert record.rules is not None and record.rules.name == "2p"
    assert record.names == ("", "") and record.start.scores == (30_000, 30_000)
    assert dumps(record, format="mjai") == kept.read_text()


@pytest.mark.parametrize(("preset", "games"), [("2p", 3), ("2p-match", 1)])
def test_2p_records_the_simulator_keeps_replay_and_write_back_the_same(
        tmp_path: Path, preset: str, games: int) -> None:
    """Each game kept (every game of a match too) reads back, replays under its rules with no
    difference, event for event as the table played it, and is written again as the same text."""
    run(games=games, seed=SEED, rules=preset, players="efficiency,defensive", backend="local",
        out=tmp_path, logs=20)
    kept = sorted((tmp_path / "logs").glob("*.mjai.jsonl"))
    assert len(kept) >= 3 and not list((tmp_path / "logs").glob("*.tenhou6.json"))
    for path in kept:
        text = path.read_text()
        record = read(path)
        assert record.rules is not None and record.rules.name == preset
        report = replay(record, rules=preset)
        assert [str(d) for d in report.differences] == []
        assert [e.to_mjai() for e in report.events] == [e.to_mjai() for e in record.events]
        assert dumps(record, format="mjai") == text
        assert dumps(report, format="mjai") == text  # the engine's own events, its rules
    if preset == "2p":  # the games as the table played them alone
        for game, path in enumerate(kept):
            agents = [EfficiencyAgent(seed=agent_seed(SEED, game, 0)),
                      DefensiveAgent(seed=agent_seed(SEED, game, 1))]
            alone = play_game(preset, agents, seed=SEED, game_index=game)
            assert [e.to_mjai() for e in read(path).events] == [e.to_mjai() for e in alone.events]


def test_a_match_run_names_its_rows_by_player_as_they_move_round_the_seats() -> None:
    # a match seats its players anew each game, so a row is a player, not a seat ('seat 2:
    # random' was printed for the player who sits at seat 1 in every other game)
    summary = run(games=1, seed=SEED, rules="2p-match", players="efficiency,random",
                  backend="local").summary
    lines = render_summary(summary, width=80).splitlines()
    assert "player 1: efficiency" in lines and "player 2: random" in lines
    assert not any(line.startswith("seat") for line in lines)
    assert any(line.split()[:2] == ["player", "1st"] for line in lines)  # the tables' header
