"""``python -m riichi HAND``: the hand is echoed as written (its red fives too), then analysed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from riichi.__main__ import main


@pytest.mark.parametrize(("hand", "echo"), [
    ("5550m123p456s789s1z", "0555m123p456789s1z: tenpai"),
    ("0m55m123p456s789s1z", "055m123p456789s1z: tenpai"),
    ("123m406p789s1122z", "123m406p789s1122z: tenpai"),
])
def test_the_hand_is_echoed_with_its_red_fives(hand: str, echo: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main([hand]) == 0
    assert capsys.readouterr().out.splitlines()[0] == echo


def test_the_command_echoes_red_fives_in_a_real_process() -> None:
    done = subprocess.run([sys.executable, "-m", "riichi", "5550m123p456s789s1z"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("0555m123p456789s1z: tenpai\n")


@pytest.mark.parametrize(("args", "message"), [
    (["123m"], "a hand has 3n+1 or 3n+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, 13 or 14), got 3"),
    (["--players", "5", "123m"], "argument --players: invalid choice: 5 (choose from 4, 3, 2)"),
    ([], "the following arguments are required: HAND"),
])
def test_a_bad_hand_or_argument_is_one_line_naming_the_command(args: list[str],
                                                               message: str) -> None:
    done = subprocess.run([sys.executable, "-m", "riichi", *args], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"python -m riichi: error: {message}\n"
