"""A command whose reader stops reading (``python -m riichi.rules | head``) ends quietly: no
traceback on stderr, the exit code the shell's own tools end with then (141, 128 + SIGPIPE).

Each command is run for real with its output a pipe that is closed before the command writes.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from riichi._cli import EXIT_CLOSED
from tests.support.paths import TOUR_RECORD

COMMANDS = {
    "shanten": ["riichi", "123m456p789s11223z", "19m19p19s1234567z"],
    "rules": ["riichi.rules", "tenhou"],
    "payments": ["riichi.scoring", "ema"],
    "simulate": ["riichi.simulate", "--games", "2", "--seed", "3", "--backend", "local", "--quiet"],
    "analyze": ["riichi.analyze", str(TOUR_RECORD), "--seat", "2", "--at", "S1-2-5", "--samples", "2",
                "--horizon", "hand", "--seed", "1", "--quiet", "--rules", "tenhou"],
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_ends_quietly_when_its_reader_stops(name: str) -> None:
    done = subprocess.Popen([sys.executable, "-m", *COMMANDS[name]], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env={**os.environ, "COLUMNS": "80"})
    assert done.stdout is not None and done.stderr is not None
    done.stdout.close()  # before the interpreter has even started: every write fails
    error = done.stderr.read().decode()
    assert done.wait(timeout=120) == EXIT_CLOSED, error
    assert error == ""


def test_a_command_read_to_the_end_is_unchanged() -> None:
    done = subprocess.run([sys.executable, "-m", *COMMANDS["shanten"]], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("123m456p789s11223z: tenpai\n  discard 3z: tenpai")
