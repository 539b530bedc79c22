"""Seats are numbered 1-4 for people, seat 1 the first dealer, in every command and page: the
terminal game's and the analysis' ``--seat``, the simulator's summary and ``--from``'s
``dealer=``, the analysis' tables and its review page. The Python API keeps 0-3."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from riichi.agents import RandomAgent
from riichi.analyze import review
from riichi.analyze.report import html_report
from riichi.game import play_game
from tests.support.paths import TOUR_RECORD
from riichi.logs import read

MJLOG = TOUR_RECORD


def command(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True,
                          timeout=600)


def test_the_analysis_takes_seats_1_to_4_and_names_them_so(tmp_path: Path) -> None:
    page = tmp_path / "review.html"
    done = command("riichi.analyze", str(MJLOG), "--seat", "4", "--samples", "2", "--horizon",
                   "hand", "--seed", "1", "--limit", "1", "--quiet", "--out", str(page))
    assert done.returncode == 0, done.stderr
    assert "reviewed 1 decision of seat 4" in done.stdout
    # the fourth seat of the record (the API's seat 3) is the one reviewed
    from html import escape

    fourth = escape(read(MJLOG).names[3])
    assert f"<h1>Review of seat 4 ({fourth}): " in page.read_text()
    default = command("riichi.analyze", str(MJLOG), "--seat", "2", "--samples", "2", "--horizon",
                      "hand", "--seed", "1", "--limit", "1", "--quiet")
    assert default.returncode == 0 and "-seat2.html" in default.stdout
    Path(default.stdout.split("wrote ")[1].split()[0]).unlink()
    for bad in ("0", "5"):
        refused = command("riichi.analyze", str(MJLOG), "--seat", bad)
        assert refused.returncode == 2 and "--seat: invalid choice" in refused.stderr
    table = command("riichi.analyze", str(MJLOG), "--seat", "2", "--at", "S1-2-5", "--samples",
                    "2", "--horizon", "hand", "--seed", "1", "--quiet")
    assert table.returncode == 0, table.stderr
    assert "S1-2-5 (event 699), seat 2: " in table.stdout
    as_json = command("riichi.analyze", str(MJLOG), "--seat", "2", "--at", "S1-2-5", "--samples",
                      "2", "--horizon", "hand", "--seed", "1", "--quiet", "--format", "json")
    assert json.loads(as_json.stdout)["seat"] == 1  # the data for programs keeps the API's 0-3


def test_the_review_page_numbers_seats_1_to_4() -> None:
    game = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
    done = review(game, 0, samples=2, horizon="hand", seed=2, progress=False, limit=1)
    page = html_report(done)
    assert "<h1>Review of seat 1: " in page and "seat 0" not in page
    assert "<title>game review: seat 1</title>" in page
    # the page's script draws each seat's panel, numbered from 1
    assert "`seat ${s + 1} (${side})" in page


def test_the_simulator_numbers_seats_1_to_4() -> None:
    done = command("riichi.simulate", "--games", "8", "--seed", "1", "--players",
                   "defensive,efficiency,random,random", "--backend", "local")
    assert done.returncode == 0, done.stderr
    assert [line for line in done.stdout.splitlines() if line.startswith("seat ")][:4] == [
        "seat 1: defensive", "seat 2: efficiency", "seat 3: random", "seat 4: random"]
    rows = [line.split()[0] for line in done.stdout.splitlines() if re.match(r"[1-4] ", line)]
    assert rows[:4] == ["1", "2", "3", "4"]
    helped = command("riichi.simulate", "--help")
    assert "seat 1 the first" in " ".join(helped.stdout.split())
    assert "dealer of E4 is seat 4" in " ".join(helped.stdout.split())


@pytest.mark.parametrize(("dealer", "ok"), [("4", True), ("3", False)])
def test_the_dealer_of_a_situation_is_numbered_1_to_4(dealer: str, ok: bool) -> None:
    done = command("riichi.simulate", "--games", "2", "--seed", "1", "--players", "random",
                   "--backend", "local", "--rules", "tenhou", "--from",
                   f"E4 scores=25000,25000,25000,25000 dealer={dealer}")
    assert (done.returncode == 0) is ok, done.stderr
    if not ok:
        assert "dealer=3 does not match E4, whose dealer is seat 4" in done.stderr


def test_the_review_docs_analyze_shows_names_its_seat_1_to_4() -> None:
    """The caption of docs/analyze.md's review: the seat it names (people's 1-4) is the one whose
    S1-2-5 played 2p, and the player it names sits there."""
    from riichi.analyze.position import action_label, as_record, find_point
    from tests.support.paths import ROOT

    text = " ".join((ROOT / "docs" / "analyze.md").read_text(encoding="utf-8").split())
    caption = re.search(r"The picture is seat (\d) of .*?; (\S+), second .*?reviewed with "
                        r"`--seat (\d) --samples", text)
    assert caption and caption[1] == caption[3], caption
    seat = int(caption[1]) - 1
    record, rules = as_record(read(MJLOG), None)
    assert record.names[seat] == caption[2]
    point = find_point(record, rules, "S1-2-5", seat)
    assert point.event == 699 and "**S1-2-5** (event 699)" in text
    assert re.search(r"played\s+\*\*2p\*\*", text) and action_label(point.played) == "2p"


def test_a_hand_the_review_exports_names_its_seat_as_the_json_and_the_command_do() -> None:
    """The export is JSON, which counts seats from 0 (the API, Decision.to_json(), summary.json),
    and a file for people: its title said 'seat 2' of seat=1; it names both counts now."""
    from riichi.analyze.decision import analyse_point
    from riichi.analyze.position import as_record, find_point
    from riichi.analyze.review import hand_export

    record, rules = as_record(play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1))
    point = find_point(record, rules, "E1-3", seat=1)
    result = analyse_point(point, samples=2, horizon="hand", seed=1, progress=False)
    export = hand_export(point, result)
    assert export is not None and export["title"][0].startswith("E1-3, seat=1 (--seat 2): played ")


def test_the_simulators_charts_name_seats_1_to_4(tmp_path: Path) -> None:
    """The charts' legends and placement rows take their names from ``player_names`` (the
    printed summary's too); summary.json keeps the API's 0-3."""
    from riichi.simulate import run
    from riichi.simulate.output import RunDirectory, write_plots
    from riichi.simulate.report import player_names

    result = run(games=2, seed=1, players="random", rules="tenhou", backend="local",
                 out=tmp_path / "from", situation="S4 scores=25000,25000,25000,25000")
    assert [p["seat"] for p in result.summary["players"]] == [0, 1, 2, 3]
    assert player_names(result.summary) == [f"seat {k}: random" for k in (1, 2, 3, 4)]
    charts = write_plots(RunDirectory(tmp_path / "from"), result.summary)
    assert sorted(p.name for p in charts) == ["final_scores.png", "placement.png", "ranks.png"]
    duplicate = run(games=1, seed=1, players="random", duplicate=True, backend="local")
    assert player_names(duplicate.summary)[0] == "player 1: random"
