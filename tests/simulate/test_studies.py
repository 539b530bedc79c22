"""The simulator's studies: any rule set and any player with its settings, under every backend and
through an interruption; duplicate play that cancels the luck of the walls; a summary that fits
the terminal."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from riichi.agents import DefensiveAgent, EfficiencyAgent
from riichi.errors import BackendError, InvalidRuleError, UnknownPlayerError
from riichi.rules import RuleSet
from riichi.rules.files import load_rules, rules_to_dict
from riichi.simulate import resume, run
from riichi.simulate.players import PlayerSpec, seat_players
from riichi.simulate.report import render_summary
from tests.support import sim_players
from tests.support.cli import CLI
from tests.support.paths import checkout_env

HOUSE_TOML = 'preset = "tenhou"\numa = [30000, 10000, -10000, -30000]\nred_fives = false\n'
HOUSE_SET = ["--set", "uma=30000,10000,-10000,-30000", "--set", "red_fives=false"]
TUNED = ("defensive(fold_threshold=2000),tests.support.sim_players:Timid(dora_weight=6),"
         "tests.support.sim_players:cautious,efficiency")


def house() -> RuleSet:
    return replace(RuleSet.preset("tenhou"), uma=(30000, 10000, -10000, -30000), red_fives=False)


# ---- rules as data ------------------------------------------------------------------------------

def test_a_rule_set_a_preset_with_changes_and_a_rules_file_are_one_rule_set(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE_TOML)
    assert load_rules(str(path)) == load_rules("tenhou", [s for s in HOUSE_SET if s != "--set"])
    assert load_rules(str(path)) == house()
    assert load_rules(str(path), ["red_fives=true", "kiriage=true"]) == replace(
        house(), red_fives=True, kiriage=True
    )


def test_run_takes_any_rule_set_and_writes_all_of_it_down(tmp_path: Path) -> None:
    result = run(6, seed=3, rules=house(), players="random", backend="local", out=tmp_path / "r")
    stored = json.loads((tmp_path / "r" / "run.json").read_text())
    assert stored["rules"] == rules_to_dict(house())
    assert result.summary["rules"] == "tenhou" and result.summary["rules_base"] == "tenhou"
    assert result.summary["rule_changes"] == {
        "red_fives": False, "uma": [30000, 10000, -10000, -30000]
    }
    assert result.plan.rules == house()
    # the uma is played: each game's results are its points, the return and oka, and this uma
    for row in result.games.to_pylist():
        ranks = [row[f"rank_{s}"] for s in range(4)]
        if len(set(ranks)) == 4:  # no tie shares an uma
            for s in range(4):
                uma = (30000, 10000, -10000, -30000)[ranks[s] - 1]
                oka = 20000 if ranks[s] == 1 else 0
                assert row[f"result_{s}"] == row[f"score_{s}"] - 30000 + uma + oka


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (["red_fives=maybe"], r"^red_fives='maybe': expected true or false$"),
        (["uma=1,2"], r"^invalid RuleSet: uma=\(1, 2\) \(expected four ints"),
        (["max_kans=9"], r"^invalid RuleSet: max_kans=9 \(expected an int 0 to 4\)$"),
        (["red_five=false"], r"^unknown rule field 'red_five' \(did you mean red_fives\?\)"),
        (["kazoe_limit=many"], r"^invalid RuleSet: kazoe_limit='many' \(expected a KazoeLimit: "),
        (["kiriage"], r"^rule change 'kiriage': expected field=value$"),
    ],
)
def test_a_bad_rule_change_is_one_short_line_naming_field_value_and_what_is_allowed(
    changes: list[str], message: str
) -> None:
    with pytest.raises(InvalidRuleError, match=message) as info:
        load_rules("tenhou", changes)
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


def test_a_bad_rules_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('preset = "tenhou"\nmax_kans = 9\n')
    with pytest.raises(InvalidRuleError, match=r"bad.toml'?: invalid RuleSet: max_kans=9"):
        load_rules(str(path))
    path.write_text("preset = \n")
    with pytest.raises(InvalidRuleError, match="is not valid TOML"):
        load_rules(str(path))
    path.write_text('preset = "nope"\n')
    with pytest.raises(InvalidRuleError, match="preset='nope': expected a preset name"):
        load_rules(str(path))


def test_the_cli_errors_on_a_bad_rule_change_in_one_line() -> None:
    done = subprocess.run([*CLI, "--set", "red_fives=maybe"], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr == "python -m riichi.simulate: error: red_fives='maybe': expected true or false\n"


# ---- players as data ----------------------------------------------------------------------------

def test_every_form_of_player_makes_the_same_agents_with_their_settings() -> None:
    forms = seat_players([
        "defensive(fold_threshold=2000)",
        PlayerSpec(DefensiveAgent, fold_threshold=2000),
        sim_players.Timid,
        "tests.support.sim_players:cautious(caution=1.5)",
    ])
    assert [str(p) for p in forms] == [
        "defensive(fold_threshold=2000)",
        "riichi.agents.defensive:DefensiveAgent(fold_threshold=2000)",
        "tests.support.sim_players:Timid",
        "tests.support.sim_players:cautious(caution=1.5)",
    ]
    result = run(2, seed=5, players=forms, backend="local")
    assert [p["player"] for p in result.summary["players"]] == [str(p) for p in forms]
    # the spec's text reads back as the same player (run.json and worker processes rely on it)
    assert [PlayerSpec.parse(str(p)) for p in forms] == list(forms)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("defensive(fold_treshold=2000),random,random,random",
         r"player 'defensive\(fold_treshold=2000\)' cannot be made: .*fold_treshold"),
        ("defensive(fold_threshold=@),random,random,random", "setting value '@' is not a number"),
        ("random(seed=3)", "gives each agent its seat's seed"),
        ("tests.support.sim_players:nothing",
         "tests.support.sim_players has no class or function nothing"),
        ("tests.support.sim_players:Timid(x=1",
         r"player 'tests.support.sim_players:Timid\(x=1': expected name\(key=value"),
        ("efficiency,random", "expected one player for every seat or four"),
        # the forms a player takes, all of them (module:function and mjai:COMMAND were left out)
        ("deffensive", "^unknown player 'deffensive'; expected one of random, efficiency, "
                       "defensive, module:Class, module:function or mjai:COMMAND$"),
        ("defensive(caution=1.0, caution=2.0)", "setting caution given twice"),
        # a list setting is a player like any other: here one the agent does not take
        ("efficiency(x=[1, 2])", r"player 'efficiency\(x=\(1, 2\)\)' cannot be made: .*'x'"),
    ],
)
def test_a_bad_player_fails_before_any_game_naming_it(players: str, message: str) -> None:
    with pytest.raises(UnknownPlayerError, match=message):
        run(2, seed=1, players=players, backend="local")


@pytest.mark.parametrize(
    "players", [5, {"random", "efficiency", "defensive", "tests.support.sim_players:Timid"}])
def test_players_that_are_neither_a_player_nor_a_sequence_are_refused(players: object) -> None:
    # 5 was Python's TypeError ('int' object is not iterable); a set was seated in the order of
    # its strings' hashes, which changes from one process to the next
    with pytest.raises(UnknownPlayerError, match=r"^players .*: expected a player for every seat "
                                                 r"or a sequence of players"):
        run(2, seed=1, players=players, backend="local")  # type: ignore[arg-type]


def test_a_list_setting_is_kept_as_a_tuple_whose_text_reads_back_as_the_same_player() -> None:
    spec = PlayerSpec.parse("tests.support.sim_players:Timid(weights=[1, [2, 3]])")
    assert spec == PlayerSpec("tests.support.sim_players:Timid", weights=(1, (2, 3)))
    assert PlayerSpec.parse(str(spec)) == spec
    assert len({spec, PlayerSpec.parse(str(spec))}) == 1  # hashed: one check per distinct player


@pytest.mark.parametrize("label", ["a=b", "k, y=2", "a(b", "x)", "it's"])
def test_a_string_setting_with_any_text_reads_back_as_the_same_player(
        tmp_path: Path, label: str) -> None:
    # an = or a bracket inside the string broke the reading of the spec's own text ("setting
    # value "'" is not a number"), so the run's resume called its run.json damaged
    spec = PlayerSpec("tests.support.sim_players:labelled", label=label)
    assert PlayerSpec.parse(str(spec)) == spec
    assert seat_players(f"{spec},random,random,random")[0] == spec
    out = tmp_path / "run"
    first = run(2, seed=4, players=[spec, "random", "random", "random"], backend="local",
                shard_size=1, out=out)
    (out / "shards" / "00001.json").unlink()  # as if stopped after the first shard
    assert resume(out, players=[spec, "random", "random", "random"],
                  backend="local").summary == first.summary


@pytest.mark.parametrize("label", [float("-inf"), (1.0, float("nan"))])
def test_a_setting_that_is_no_finite_number_is_refused(label: object) -> None:
    # its text (label=inf) did not read back: the run played, its resume called run.json damaged
    # and the replay command of a failed game was refused
    refused = pytest.raises(UnknownPlayerError, match=r"^player setting label=.*: expected None, a "
                                                      r"bool, an int, a finite float or a str")
    with refused:
        PlayerSpec("tests.support.sim_players:labelled", label=label)
    with refused:
        run(2, seed=1, players="tests.support.sim_players:labelled(label=-1e400)", backend="local")


def test_a_player_that_cannot_be_pickled_says_why_under_the_process_backend() -> None:
    def local_factory(seed: int) -> EfficiencyAgent:
        return EfficiencyAgent(seed=seed)

    with pytest.raises(BackendError, match=r"player 0 .*local_factory.* cannot be sent to worker "
                                           r"processes: .*not a lambda or a local function"):
        run(2, seed=1, players=local_factory, backend="process", workers=1)
    local = run(2, seed=1, players=local_factory, backend="local")  # no pickling in one process
    assert local.summary["games"] == 2


# ---- under every backend, through an interruption -----------------------------------------------

@pytest.fixture(scope="module")
def ray_session() -> Iterator[None]:
    import ray  # the test extra installs it: missing, this fails rather than skips
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="warning")
    yield
    ray.shutdown()


class _Stop(Exception):
    pass


def _interrupted_then_resumed(out: Path, backend: str, **settings: Any) -> str:
    """The summary of a run stopped (Ctrl-C) after its first shard, then resumed."""

    def stop_after_first_shard(done: int, total: int) -> None:
        if done:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(**settings, backend=backend, workers=2, out=out, progress=stop_after_first_shard)
    kept = len(list((out / "shards").glob("*.json")))
    assert 1 <= kept < 4 and not (out / "summary.json").exists()
    resumed = resume(out, players=settings["players"], backend=backend, workers=2)
    assert resumed.games_played == settings["games"] - 5 * kept
    return resumed.summary_json()


@pytest.mark.parametrize("backend", ["process", "ray"])
def test_house_rules_and_tuned_players_resume_to_the_same_summary(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if backend == "ray":
        request.getfixturevalue("ray_session")
    settings: dict[str, Any] = {"games": 20, "seed": 9, "rules": house(), "players": TUNED,
                                "shard_size": 5}
    whole = run(**settings, backend="local")
    assert whole.summary["rule_changes"] == {"red_fives": False,
                                             "uma": [30000, 10000, -10000, -30000]}
    assert [p["player"] for p in whole.summary["players"]] == [
        "defensive(fold_threshold=2000)", "tests.support.sim_players:Timid(dora_weight=6)",
        "tests.support.sim_players:cautious", "efficiency",
    ]
    assert _interrupted_then_resumed(tmp_path / "r", backend, **settings) == whole.summary_json()


@pytest.mark.parametrize("backend", ["process", "ray"])
def test_the_cli_plays_a_rules_file_with_changes_and_tuned_players_then_resumes_them(
    backend: str, tmp_path: Path
) -> None:
    path = tmp_path / "house.toml"
    path.write_text('preset = "tenhou"\numa = [30000, 10000, -10000, -30000]\n')
    args = ["--games", "20", "--seed", "9", "--shard-size", "5", "--rules", str(path),
            "--set", "red_fives=false", "--players", TUNED, "--quiet"]
    env = checkout_env(COLUMNS="80")  # the players of tests.support.sim_players
    done = subprocess.run([*CLI, *args, "--backend", backend, "--workers", "2", "--out",
                           str(tmp_path / "a")], capture_output=True, text=True, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert "rules changed from tenhou: red_fives=false, uma=30000,10000,-10000,-30000" in done.stdout
    assert "seat 2: tests.support.sim_players:Timid(dora_weight=6)" in done.stdout  # seats 1-4
    assert max(len(line) for line in done.stdout.splitlines()) <= 80
    # the same run stopped after a shard (in this process) and resumed from the command line
    with pytest.raises(KeyboardInterrupt):
        run(20, seed=9, rules=house(), players=TUNED, shard_size=5, backend="local",
            out=tmp_path / "b", progress=lambda done, total: _raise(done))
    again = subprocess.run([*CLI, "--resume", str(tmp_path / "b"), "--players", TUNED,
                            "--backend", backend, "--workers", "2", "--quiet"],
                           capture_output=True, text=True, env=env, timeout=300)
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "b" / "summary.json").read_text() == (
        tmp_path / "a" / "summary.json").read_text()


def _raise(done: int) -> None:
    if done:
        raise KeyboardInterrupt


# ---- duplicate ------------------------------------------------------------------------------------

def _one_game_per_wall(result: Any) -> bool:
    rows = result.games.to_pylist()
    walls: dict[int, set[tuple[int, ...]]] = {}
    for r in rows:
        walls.setdefault(r["deal"], set()).add(tuple(r[f"score_{s}"] for s in range(4)))
    return len(rows) == 4 * len(walls) and all(len(seen) == 1 for seen in walls.values())


def test_four_identical_players_play_one_game_on_a_wall_in_every_rotation() -> None:
    result = run(6, seed=4, rules="tenhou", players="defensive", duplicate=True, backend="local")
    assert _one_game_per_wall(result)  # the same scores seat by seat in every rotation
    for p in result.summary["players"]:
        assert p["duplicate"]["variance_reduction"] >= 0.9


def test_a_seats_randomness_is_the_same_whoever_sits_there() -> None:
    # two names of one player: their seeds come from the wall and the seat, not from the name
    same = run(6, seed=4, players="random,riichi.agents:RandomAgent,random,random",
               duplicate=True, backend="local")
    assert _one_game_per_wall(same)
    # different players play different games, and their sums follow each player round the table
    mixed = run(6, seed=4, players="efficiency,defensive,efficiency,defensive", duplicate=True,
                backend="local")
    assert not _one_game_per_wall(mixed)
    assert sum(p["games"] for p in mixed.summary["players"]) == 4 * 24


# ---- the printed summary ------------------------------------------------------------------------

def _share(x: float, ci: list[float]) -> str:
    return f"{100 * x:.1f} ({100 * ci[0]:.1f}-{100 * ci[1]:.1f})"


def _mean(x: float, ci: list[float], spec: str) -> str:
    return f"{x:{spec}} ±{(ci[1] - ci[0]) / 2:{spec.lstrip('+')}}"


def _expected_cells(summary: dict[str, Any]) -> list[tuple[int, str]]:
    """Every per-seat figure of the summary as printed: (seat, text)."""
    cells = []
    for p in summary["players"]:
        ci = p["ci95"]
        seat = p["seat"] + 1  # printed 1-4, the data 0-3
        cells += [(seat, _share(x, c)) for x, c in zip(p["rank_dist"], ci["rank_dist"])]
        cells += [(seat, _share(p[k], ci[k]))
                  for k in ("win_rate", "deal_in_rate", "riichi_rate", "call_rate")]
        cells += [(seat, _mean(p["avg_rank"], ci["avg_rank"], ".2f")),
                  (seat, _mean(p["avg_final_score"], ci["avg_final_score"], ",.0f")),
                  (seat, _mean(p["avg_result"], ci["avg_result"], "+,.0f"))]
        if p["avg_win_points"] is not None:
            cells.append((seat, _mean(p["avg_win_points"], ci["avg_win_points"], ",.0f")))
        if "duplicate" in p:
            d = p["duplicate"]
            cells += [(seat, f"{d['walls']:,}"), (seat, f"{d['variance_ratio']:.3f}"),
                      (seat, f"{100 * d['variance_reduction']:.1f} %")]
        if "matches" in p:
            cells += [(seat, f"{p['set_wins']:,}"), (seat, f"{p['match_wins']:,}"),
                      (seat, _share(p["match_win_rate"], ci["match_win_rate"]))]
    return cells


@pytest.fixture(scope="module")
def summaries() -> list[dict[str, Any]]:
    long_name = ("tests.support.sim_players:Timid(dora_weight=6, flush_slack=2, tanyao_slack=2, "
                 "calls=True)")
    return [
        run(30, seed=8, rules=house(), players=[long_name, "random", "efficiency",
                                                "defensive(fold_threshold=2000)"],
            backend="local").summary,
        run(6, seed=8, players="efficiency,defensive,random,defensive", duplicate=True,
            backend="local").summary,
        run(2, seed=8, rules="2p-match", players="efficiency,random", backend="local").summary,
        run(20, seed=8, rules="tenhou", players="defensive", backend="local",
            situation="S4 honba=1 sticks=1 scores=32000,28000,24000,15000 dealer=4").summary,
    ]


@pytest.mark.parametrize("width", [80, 100, 120])
def test_the_summary_prints_every_figure_whole_within_the_width(
    width: int, summaries: list[dict[str, Any]]
) -> None:
    timing = {"games_played": 30, "seconds": 1.25, "games_per_second": 24.0}
    for summary in summaries:
        text = render_summary(summary, timing, width)
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= width
        assert "…" not in text
        for seat, cell in _expected_cells(summary):
            assert any(line.startswith(f"{seat} ") and re.search(rf"(^|  ){re.escape(cell)}(  |$)",
                                                                line) for line in lines), (seat, cell)
        flat = " ".join(text.split())
        moved = summary["duplicate"] or "matches" in summary  # players moved round the table
        for p in summary["players"]:
            assert f"{'player' if moved else 'seat'} {p['seat'] + 1}: {p['player']}" in flat
        hands = summary["hands"]
        assert f"hands: {hands['count']:,} ({hands['per_game']:.2f} per game)" in flat
        assert _share(hands["draw_rate"], hands["ci95"]["draw_rate"]) in flat
        assert _mean(hands["avg_win_points"], hands["ci95"]["avg_win_points"], ",.0f") in flat
        assert f"{100 * hands['abort_rate']:.1f} %" in flat
        for name, count in list(summary["yaku"].items())[:8]:
            assert f"{name} {count:,}" in flat
        assert f"seed {summary['seed']}" in flat and f"rules {summary['rules']}" in flat
        for field, value in summary["rule_changes"].items():
            word = ",".join(map(str, value)) if isinstance(value, list) else str(value).lower()
            assert f"{field}={word}" in flat


def test_one_game_wall_or_match_is_named_in_the_singular() -> None:
    # "1 games - rules ema", "1 games played", "(1 walls x 4 rotations)", "in 1 matches"
    timing = {"games_played": 1, "seconds": 0.5, "games_per_second": 2.0}
    one = render_summary(run(1, seed=3, players="random", backend="local").summary, timing)
    assert one.startswith("1 game - rules ema, seed 3\n") and "\n1 game played in 0.5 s" in one
    walls = render_summary(run(1, seed=3, players="random", duplicate=True,
                               backend="local").summary)
    assert walls.startswith("4 games (1 wall x 4 rotations) - rules ema")
    match = run(1, seed=3, rules="2p-match", players="random", backend="local").summary
    assert "games in 1 match - rules 2p-match" in render_summary(match)


def test_a_narrow_summary_keeps_each_time_and_speed_with_its_unit(
        summaries: list[dict[str, Any]]) -> None:
    # "1.2" ended a line and "s:" began the next (and "24.0" and "games/s")
    timing = {"games_played": 30, "seconds": 1.25, "games_per_second": 24.0}
    lines = [line.strip() for line in render_summary(summaries[0], timing, 12).splitlines()]
    assert "1.2 s:" in lines and "24.0 games/s" in lines


# ---- the charts -----------------------------------------------------------------------------------

@pytest.mark.parametrize("scores", [[25000, 25100, 25300], list(range(-24300, 83000, 700)),
                                    [30000] * 5, [-100, 0, 100, 1000, 987600]])
def test_final_score_bins_hold_equally_many_possible_scores(scores: list[int]) -> None:
    from riichi.simulate.output import score_bins

    edges = score_bins(scores)
    assert len(edges) - 1 <= 61 and edges[0] < min(scores) and max(scores) < edges[-1]
    grid = range(int(edges[0]) + 50, int(edges[-1]), 100)  # every possible score in the range
    per_bin = {sum(1 for g in grid if lo < g < hi) for lo, hi in zip(edges, edges[1:])}
    assert len(per_bin) == 1  # no comb: each bin holds as many possible scores as the next
