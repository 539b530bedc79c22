"""``python -m riichi.play`` on a real pseudo-terminal: pexpect runs the game on a pty, pyte (a
terminal emulator) turns what it writes into the screen a player would see, and the keys go in
only when the screen shows the game waiting for them."""

from __future__ import annotations

import os
import sys
import time

import pexpect
import pyte

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
