"""``python -m riichi.play`` in a real pseudo-terminal: keys in, the screen read back.

pexpect runs the game on a pty; pyte (a terminal emulator) turns what it writes into the 80x24
screen a player would see.
"""

from __future__ import annotations

import os
import sys
import time

from pathlib import Path

import pexpect
import pyte
import pytest

from riichi.game.replay import replay
from riichi.logs import read

if not sys.platform.startswith(("linux", "darwin")):
    pytest.skip("pseudo-terminals are POSIX only", allow_module_level=True)


class Terminal:
    """A program on a pty of ``rows`` x ``columns`` and the screen it has drawn."""

    def __init__(self, command: str, rows: int = 24, columns: int = 80) -> None:
        env = dict(os.environ, TERM="xterm-256color", LC_ALL="C.UTF-8", LANG="C.UTF-8")
        self.child = pexpect.spawn(command, dimensions=(rows, columns), env=env, timeout=10)
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""

    def read(self, seconds: float = 0.05) -> None:
        """Take in what the program wrote within ``seconds``."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                left = max(0.0, deadline - time.monotonic())
                data = self.child.read_nonblocking(65536, timeout=left)
            except (pexpect.TIMEOUT, pexpect.EOF):
                return
            self.raw += data
            self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, needle: str, seconds: float = 10, keys: str = "") -> str:
        """Read until the screen shows ``needle``; meanwhile send ``keys`` whenever the game
        waits for the player, then wait for the screen to change (so no key is ever sent to a
        screen the test has not seen)."""
        deadline = time.monotonic() + seconds
        while needle not in self.text():
            assert time.monotonic() < deadline, f"{needle!r} never shown; screen:\n{self.text()}"
            before = self.text()
            if keys and any(prompt in before for prompt in _WAITING):
                self.child.send(keys)
                while self.text() == before and time.monotonic() < deadline:
                    self.read()
            else:
                self.read()
        return self.text()

    def resize(self, rows: int, columns: int) -> None:
        self.screen.resize(rows, columns)
        self.child.setwinsize(rows, columns)

    def finish(self) -> int:
        self.child.expect(pexpect.EOF, timeout=10)
        self.raw += self.child.before or b""
        self.child.close()
        status = self.child.exitstatus
        assert status is not None
        return status


# What the screen shows while the game waits for the player's key.
_WAITING = ("Your turn", "call?", "Which kan?", "Enter: next hand", "Enter: final results",
            "Enter or q: leave")

GAME = f"{sys.executable} -m riichi.play --opponents random --delay 0"


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
    assert b"replay with --rules cardavia --seed 11" in term.raw
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
