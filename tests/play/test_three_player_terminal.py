"""The terminal game at a table of three (``tenhou-3p``, ``mahjongsoul-3p``): two AI seats, right
and left; kita on the key ``n``; the ron on a North set aside; three rows of payments; and the
command itself in a real pseudo-terminal of 80 x 24."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from riichi.errors import PlayError
from riichi.game import Action, Kita, Observation, Phase, Wall
from riichi.play import Controller, HumanGame, make_opponents
from riichi.play.cli import main
from riichi.play.controller import hint_rows
from riichi.play.rules_text import rules_text
from riichi.rules import RuleSet
from riichi.tiles import parse_ids
from tests.play.test_pty import Terminal
from tests.play.test_terminal import Tsumogiri, press, screen, settle
from tests.support.game import SANMA_QUIET

PRESETS = ("tenhou-3p", "mahjongsoul-3p")
NORTH_IN_HAND = "9m147p258s123456z"  # far from tenpai, one North
ITTSU_NORTH_PAIR = "123p456p789p11s44z"  # shanpon on 1s and North, ittsu for a yaku


class Kitaer(Tsumogiri):
    """A test seat that sets every North aside, and otherwise plays like Tsumogiri."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        kita = [a for a in legal_actions if isinstance(a, Kita)]
        return kita[0] if kita else super().act(observation, legal_actions)


def arranged3(hands: Sequence[str], draws: str, rules: str = "tenhou-3p",
              opponents: Sequence[Tsumogiri] = ()) -> Controller:
    """Seat 0 (the dealer) is the human with ``hands[0]``; the wall gives ``draws`` in order."""
    ruleset = RuleSet.preset(rules)
    wall = Wall.arranged(hands, draws, dora_indicators="1m", ura_indicators="8s", rules=ruleset)
    table = HumanGame(ruleset, seed=0, opponents=list(opponents) or [Tsumogiri(), Tsumogiri()],
                      walls=[wall])
    return Controller(table, rules_text(ruleset))


@pytest.mark.parametrize("preset", PRESETS)
def test_the_screen_shows_two_others_and_kita_on_n(preset: str) -> None:
    ui = arranged3([NORTH_IN_HAND, *SANMA_QUIET[1:]], "7z", rules=preset)
    settle(ui)
    first = screen(ui)
    assert f"{preset.upper()}  East 1" in first and "(dora 9m)" in first  # a 1m indicator
    assert "(right)" in first and "(left)" in first and "across" not in first
    assert "35,000" in first and "[n] Kita (set a North aside)" in first
    press(ui, "n")
    settle(ui)
    state = ui.table.state
    assert len(state.players[0].kita) == 1 and ui.table.observation.drawn is not None
    after = screen(ui)
    assert "You  East  35,000  kita x1" in after
    assert "You: kita (sets a North aside)" in after
    assert "[n] Kita" not in after  # the only North is aside


def test_a_north_set_aside_may_be_won_on_from_the_menu() -> None:
    ui = arranged3([ITTSU_NORTH_PAIR, "19m258p369s12467z", SANMA_QUIET[2]], "9p9p",
                   opponents=[Kitaer(), Tsumogiri()])
    settle(ui)
    press(ui, "enter")  # discard the drawn 9p; the right seat draws and sets its North aside
    settle(ui)
    assert ui.table.state.phase is Phase.KITA
    text = screen(ui)
    assert "South: kita (sets a North aside)" in text and "South sets aside N: call?" in text
    assert "[1] Ron N" in text and "[2] Pass" in text
    press(ui, "1", "enter")
    summary = screen(ui)
    assert "You win by ron!" in summary and "ittsu 2 han" in summary
    assert "South pays 3,900" in summary  # the dealer's 2 han 40 fu
    rows = [line for line in summary.splitlines() if " -> " in line]
    assert len(rows) == 3 and "+3,900" in rows[0] and "-3,900" in rows[1] and rows[2].endswith(" 0")


def test_the_hint_counts_no_2m_to_8m() -> None:
    hand = parse_ids("19m11p23p789p11s55z1z")  # at four players, 2m-8m would draw closer
    unseen = np.zeros(34, np.uint8)
    assert all(not 1 <= t <= 7 for r in hint_rows(hand, unseen, 3) for t in r.ukeire)
    assert any(1 <= t <= 7 for r in hint_rows(hand, unseen) for t in r.ukeire)


def test_two_opponents_and_seats_1_to_3() -> None:
    table = HumanGame("tenhou-3p", seed=3, opponents=make_opponents(["efficiency"], 3, 2),
                      seat=2)
    assert sorted(table.agents) == [0, 1]
    with pytest.raises(PlayError, match="expected 2 opponents, got 3"):
        HumanGame("tenhou-3p", seed=3, opponents=make_opponents(["random"], 3))
    with pytest.raises(PlayError, match="expected 1 or 2 opponent names, got 3"):
        make_opponents(["random"] * 3, 3, 2)
    with pytest.raises(PlayError, match="seats three or four players"):
        HumanGame("2p", seed=3, opponents=make_opponents(["random"], 3, 1))


def test_the_command_refuses_a_fourth_seat(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["--rules", "tenhou-3p", "--seat", "4"]) == 2
    assert "--seat 4: expected 1-3 under tenhou-3p" in capsys.readouterr().err


@pytest.mark.skipif(not sys.platform.startswith(("linux", "darwin")),
                    reason="pseudo-terminals are POSIX only")
@pytest.mark.parametrize("preset", PRESETS)
def test_a_three_player_hand_by_keys_in_a_terminal(preset: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.jsonl"
    term = Terminal(f"{sys.executable} -m riichi.play --rules {preset} --opponents random "
                    f"--delay 0 --seed 5 --seat 2 --save {saved}")
    first = term.wait_for("Your turn", seconds=30, keys="\r")
    assert f"{preset.upper()}  East 1" in first
    assert "(right)" in first and "(left)" in first and "across" not in first
    # Enter discards the drawn tile and passes every call, to the first hand's end
    end = term.wait_for("Payments", seconds=60, keys="\r")
    assert "East 1, honba 0, sticks 0:" in end and "(you)" in end
    assert len([line for line in end.splitlines() if " -> " in line]) == 3
    term.child.send("q")
    term.wait_for("Leave the game?")
    term.child.send("y")
    assert term.finish() == 0
    out = term.raw.decode("utf-8", "replace")
    command = " ".join(out.replace("\\\r\n", " ").split())  # a long line goes on after a backslash
    assert f"python -m riichi.play --rules {preset} --seed 5 --opponents random --seat 2" in command
    first_line = json.loads(saved.read_text(encoding="utf-8").splitlines()[0])
    assert first_line["type"] == "start_game" and len(first_line["scores"]) == 3
