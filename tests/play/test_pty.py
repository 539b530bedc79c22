"""``python -m riichi.play`` in a real pseudo-terminal: keys in, the screen read back
(:mod:`tests.support.terminal`: the 80x24 screen a player would see).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from riichi.game.replay import replay
from riichi.logs import read

if not sys.platform.startswith(("linux", "darwin")):
    pytest.skip("pseudo-terminals are POSIX only", allow_module_level=True)

from tests.support.terminal import GAME, Terminal  # noqa: E402  (pexpect's pty: POSIX only)


def test_a_whole_cardavia_hand_by_keys(tmp_path: Path) -> None:
    saved = tmp_path / "hand.jsonl"
    term = Terminal(f"{GAME} --seed 11 --save {saved}")
    first = term.wait_for("Your turn")
    assert "CARDAVIA  East 1  honba 0  sticks 0  wall 69" in first
    assert "> You  East  25,000" in first
    term.child.send("h")  # the hint line
    assert "hint: discard" in term.wait_for("hint: discard")
    # Enter discards the drawn tile on every turn and passes on every call, to the hand's end
    end = term.wait_for("Payments", seconds=20, keys="\r")
    assert "East 1, honba 0, sticks 0:" in end
    assert ("exhaustive draw" in end and "Tenpai:" in end) or (" by " in end and "han" in end)
    assert "(you)" in end and "Enter: final results" in end
    final = term.wait_for("Game over", keys="\r")
    assert "1st" in final and "You" in final
    term.child.send("\r")
    assert term.finish() == 0
    assert b"cardavia game, seed 11; to play it again:" in term.raw
    assert b"\n  python -m riichi.play --seed 11 --opponents random\r\n" in term.raw
    # --save wrote the hand as an mjai record that replays exactly
    record = read(saved)
    assert record.format == "mjai" and replay(record, rules="cardavia").differences == ()


def test_too_small_then_resized_then_ctrl_c_restores_the_terminal() -> None:
    # stty -g before and after: the game must leave the pty's modes exactly as it found them
    script = f"stty -g; {GAME} --seed 3; echo status=$?; stty -g"
    term = Terminal(f"sh -c '{script}'", rows=20, columns=60)
    assert "terminal too small (need 80x24)" in term.wait_for("terminal too small")
    term.resize(24, 80)
    assert "Your turn" in term.wait_for("Your turn")
    term.child.sendcontrol("c")
    assert term.finish() == 0
    out = term.raw.decode("utf-8", "replace")
    assert "status=130" in out and "interrupted" in out
    modes = [line.strip() for line in out.splitlines() if line.count(":") > 10]
    assert len(modes) == 2 and modes[0] == modes[1]
    assert "\x1b[?1049l" in out  # left the alternate screen


def test_a_save_that_fails_when_the_game_is_left_ends_with_status_1(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    term = Terminal(f"{GAME} --seed 7 --save {folder / 'game.jsonl'}")
    term.wait_for("Your turn")
    folder.rmdir()  # gone while the game was played
    term.child.send("q")
    term.wait_for("Leave")
    term.child.send("y")
    assert term.finish() == 1
    assert b"error: could not save the game to" in term.raw


def test_a_name_of_no_tile_typed_at_the_prompt_is_answered_on_screen() -> None:
    term = Terminal(f"{GAME} --seed 11")
    term.wait_for("Your turn")
    term.child.send("8z")  # no honour 8z: once a traceback that left the game
    assert "no tile 8z: the honours are 1z to 7z" in term.wait_for("no tile 8z")
    term.child.send("q")
    term.wait_for("Leave")
    term.child.send("y")
    assert term.finish() == 0


def test_a_tsumogiri_is_marked_and_greyed_in_the_pond() -> None:
    term = Terminal(f"{GAME} --seed 11")
    term.wait_for("Your turn")
    term.child.send("\r")  # the cursor starts on the drawn tile: a tsumogiri
    term.wait_for("8p.")  # your pond: the 8p drawn and discarded
    term.wait_for("You draw")
    term.wait_for("Your turn")
    term.child.send("1\r")  # the first tile of the hand, 1m: not the one drawn
    term.wait_for("8p.1m")  # no mark after 1m
    screen = term.text().splitlines()
    row = next(i for i, line in enumerate(screen) if "You  East" in line) + 1
    colours = [term.screen.buffer[row][col].fg for col in range(3, 9)]
    assert colours[:2] == ["brightblack"] * 2 and "brightblack" not in colours[3:5], colours
    term.child.send("q")
    term.wait_for("Leave")
    term.child.send("y")
    assert term.finish() == 0
