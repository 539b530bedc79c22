"""The commands' help says what is there, in plain text: each console script names itself (not
``python -m``), no reStructuredText marks, every option explained with its default; the review
page names a seat once; a seed drawn for an analysis is short enough to copy (at most 19 digits,
as the simulator's); every option a command's help lists is explained on its page of docs/, and
every option the pages give a command is one its help lists.

Other lines of the same kind are checked beside the pages they are about: the charts the
simulator's page lists, the files of the clone the pages name and commands run from the
virtualenv (tests/test_readme.py), each preset's published source (tests/rules/).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from riichi.agents import RandomAgent
from riichi.analyze import decision, review
from riichi.analyze.report import html_report
from riichi.game import play_game
from tests.support.paths import TOUR_RECORD

BIN = Path(sys.executable).parent
MJLOG = TOUR_RECORD


@pytest.mark.parametrize("script", ["riichi-simulate", "riichi-play", "riichi-analyze"])
def test_a_console_scripts_help_names_it_in_plain_text(script: str) -> None:
    done = subprocess.run([str(BIN / script), "--help"], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: {script} ")
    assert "python -m" not in done.stdout.split("\n\n")[0]
    assert "``" not in done.stdout and ":class:" not in done.stdout


def _parsers() -> dict[str, argparse.ArgumentParser]:
    from riichi.analyze.__main__ import _parser as analyze
    from riichi.play.cli import parser as play
    from riichi.simulate.__main__ import build_parser as simulate

    return {"analyze": analyze(), "play": play(), "simulate": simulate()}


@pytest.mark.parametrize("name", ["analyze", "play", "simulate"])
def test_every_option_is_explained(name: str) -> None:
    parser = _parsers()[name]
    for action in parser._actions:
        if action.option_strings and action.dest != "help":
            assert action.help and len(action.help) > 10, (name, action.option_strings)
            if action.default not in (None, False) and action.dest != "seat":
                assert "default" in action.help, (name, action.option_strings, action.default)


@pytest.mark.parametrize("name", ["analyze", "simulate"])
def test_where_the_files_go_by_default_is_said(name: str) -> None:
    out = next(a for a in _parsers()[name]._actions if "--out" in a.option_strings)
    assert out.help and "default" in out.help


def test_the_review_page_names_a_seat_once_when_the_record_has_no_names() -> None:
    game = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
    page = html_report(review(game, 0, samples=2, horizon="hand", seed=2, progress=False, limit=1))
    title = re.search(r"<h1>(.*?)</h1>", page)
    assert title and title.group(1) == "Review of seat 1: game review"


def test_a_drawn_seed_is_at_most_19_digits() -> None:
    game = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
    seeds = [decision(game, "E1-3", seat=0, samples=2, horizon="hand", progress=False).seed,
             review(game, 0, samples=2, horizon="hand", progress=False, limit=1).seed]
    assert all(0 <= seed < 2**63 for seed in seeds)
    done = subprocess.run(
        [sys.executable, "-m", "riichi.analyze", str(MJLOG), "--seat", "2", "--at", "S1-2-5",
         "--samples", "2", "--horizon", "hand", "--quiet"],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    printed = re.search(r"seed (\d+)", done.stdout)
    assert printed and len(printed.group(1)) <= 19


# Each command line and the page of docs/ that explains it.
_PAGES = {"riichi": "core.md", "riichi.scoring": "scoring.md", "riichi.rules": "rules.md",
          "riichi.simulate": "simulate.md", "riichi.play": "play.md", "riichi.analyze": "analyze.md"}


def _help_options(module: str) -> set[str]:
    """The long options the usage line of ``python -m module --help`` lists."""
    done = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    usage = done.stdout.split("\n\n")[0]
    return set(re.findall(r"\[(--[a-z][a-z-]*)", usage)) - {"--help"}


def test_the_help_reading_finds_the_options() -> None:
    assert {"--games", "--shard-size", "--format"} <= _help_options("riichi.simulate")
    assert _help_options("riichi") == {"--players"}


@pytest.mark.parametrize("module", sorted(_PAGES))
def test_every_option_of_a_command_is_on_its_page(module: str) -> None:
    page = (Path(__file__).parents[2] / "docs" / _PAGES[module]).read_text(encoding="utf-8")
    unexplained = sorted(o for o in _help_options(module) if not re.search(rf"{o}(?![\w-])", page))
    assert not unexplained, f"docs/{_PAGES[module]} does not explain {unexplained} of {module}"


def test_every_option_a_command_of_the_docs_gives_is_the_commands() -> None:
    from tests.project.test_readme import COMMANDS

    shown = [(where, m.group(1), command) for where, command in COMMANDS
             if (m := re.match(r"\.venv/bin/python -m (riichi(?:\.\w+)?)(?: |$)", command))]
    assert len(shown) >= 15
    known = {module: _help_options(module) for module in {module for _, module, _ in shown}}
    unknown = [(where, option) for where, module, command in shown
               for option in re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", command)
               if option not in known[module]]
    assert not unknown, unknown
