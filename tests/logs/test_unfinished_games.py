"""A game saved before its end (the terminal game's ``--save``, left with ``q``) reads back from
both formats this package writes, and analyses.

The terminal game is played on a real pseudo-terminal; the round trips cut games at every kind of
decision a player can leave on (a discard, a call offered, a riichi discard, after a kan), by
playing the human's seat with random legal actions and stopping at a random point.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from riichi.agents import RandomAgent
from riichi.game.replay import replay
from riichi.logs import dumps, read
from riichi.play.human_game import HumanGame
from riichi.rules import RuleSet
from tests.support.terminal import GAME, Terminal

PRESETS = ("cardavia", "ema", "tenhou", "ema-2016")
CUTS = 12  # games cut short per preset


@pytest.mark.parametrize("name", ["game.json", "game.jsonl", "game.json.gz"])
def test_a_game_left_in_the_terminal_reads_back_and_analyses(tmp_path: Path, name: str) -> None:
    saved = tmp_path / name
    term = Terminal(f"{GAME} --seed 7 --save {saved}")
    term.wait_for("Your turn")
    term.child.send("\r")  # discard the drawn tile
    term.wait_for("Your turn", keys="\r")
    term.child.send("q")
    term.wait_for("Leave")
    term.child.send("y")
    assert term.finish() == 0
    assert b"saved the game to" in term.raw
    record = read(saved)
    assert record.end is None and len(record.rounds) == 1
    assert record.rounds[0].results == ()  # the round was cut, not finished
    assert replay(record, rules="cardavia").differences == ()
    done = subprocess.run(
        [sys.executable, "-m", "riichi.analyze", str(saved), "--seat", "1", "--samples", "2",
         "--horizon", "hand", "--seed", "1", "--limit", "1", "--quiet",
         "--out", str(tmp_path / "review.html")],
        capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "reviewed 1 decision of seat 1" in done.stdout  # "1 decisions" before
    assert "<p class=\"meta\">1 decision with a choice" in (tmp_path / "review.html").read_text()
    # the record says which rules it was played under (tests/logs/test_record_rules.py)
    assert record.rules == RuleSet.preset("cardavia")
    assert "replaying under the rules the record carries: cardavia" in done.stderr


def cut_game(preset: str, seed: int) -> HumanGame:
    """A game of ``preset`` whose human seat plays random legal actions, left at a random
    decision (within its first hands)."""
    game = HumanGame(preset, seed=seed, opponents=[RandomAgent(seed * 4 + s) for s in (1, 2, 3)])
    rng = random.Random(seed)
    steps = 60 if game.rules.single_hand else 600  # a one-hand game ends sooner
    for _ in range(rng.randrange(1, steps)):
        if game.is_over:
            break
        if game.summary is not None:
            game.dismiss()
        elif game.ai_pending():
            game.ai_step()
        elif actions := game.human_actions():
            game.act(rng.choice(actions))
    return game


@pytest.mark.parametrize("preset", PRESETS)
def test_both_writers_round_trip_a_game_cut_short(preset: str) -> None:
    cut = 0
    for seed in range(CUTS):
        state = cut_game(preset, seed).state
        cut += state.final_scores is None
        for fmt in ("mjai", "tenhou6"):
            text = dumps(state, format=fmt)
            record = read(text)
            report = replay(record, rules=preset)
            assert report.differences == (), (preset, seed, fmt)
            # the same game, event for event: what the engine played again writes the same text
            assert len(report.events) == len(state.events), (preset, seed, fmt)
            assert dumps(report, format=fmt) == text, (preset, seed, fmt)
    assert cut >= CUTS // 2  # most of them end mid-game


def test_only_the_last_round_may_lack_its_result() -> None:
    import json

    from riichi.errors import LogFormatError

    state = cut_game("ema", 3).state
    obj = json.loads(dumps(state, format="tenhou6"))
    assert len(obj["log"]) >= 2 and len(obj["log"][-1]) == 16 and len(obj["log"][0]) == 17
    obj["log"][0] = obj["log"][0][:16]
    with pytest.raises(LogFormatError, match=r"round 1: a round is a list of 17 entries$"):
        read(json.dumps(obj), format="tenhou6")
