"""Misbehaving mjai bots at the table (:class:`riichi.agents.MjaiAgent`): a bot that writes
without end fails fast within bounded memory, deeply nested JSON is a bot error, a bot and the
programs it started end with the game however it ends, and an answer for another seat is refused."""

from __future__ import annotations

import os
import signal
import sys
import textwrap
import time
from pathlib import Path

import pytest

from riichi import IllegalActionError
from riichi.agents import MjaiAgent, MjaiBotError, RandomAgent
from riichi.game import play_game


def _bot(tmp_path: Path, body: str, name: str = "bot.py") -> list[str]:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return [sys.executable, str(path)]


def _play(command: list[str], timeout: float = 5.0) -> None:
    agents = [MjaiAgent(command, timeout=timeout), RandomAgent(1), RandomAgent(2), RandomAgent(3)]
    play_game("ema", agents, seed=0)


def _resident_kib() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
@pytest.mark.parametrize(
    ("stream", "message"),
    [
        ("stdout", r"\(seat 0\) answered start_game with a line of more than 262,144 bytes"),
        ("stderr", r"bot.py'\] \(seat 0\) wrote more than 4,194,304 bytes to its stderr \(at start_game\)"),
    ],
)
def test_a_bot_writing_without_end_fails_fast_within_bounded_memory(
    tmp_path: Path, stream: str, message: str
) -> None:
    endless = _bot(tmp_path, f"""
        import sys
        sys.stdin.readline()
        chunk = "x" * 65536  # no newline, ever
        while True:
            sys.{stream}.write(chunk)
            sys.{stream}.flush()
    """)
    before = _resident_kib()
    start = time.monotonic()
    with pytest.raises(MjaiBotError, match=message):
        _play(endless, timeout=30.0)
    assert time.monotonic() - start < 20  # long before the 30 s timeout
    assert _resident_kib() - before < 64 * 1024


def test_deeply_nested_json_is_a_bot_error_and_the_bot_is_ended(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    nested = _bot(tmp_path, f"""
        import os, sys
        open({str(pid_file)!r}, "w").write(str(os.getpid()))
        sys.stdin.readline()
        print("[" * 100000 + "]" * 100000, flush=True)
        for line in sys.stdin:
            pass
        import time
        time.sleep(60)
    """)
    with pytest.raises(MjaiBotError, match=r"answered start_game with '\[\[\[.*not JSON"):
        _play(nested)
    _assert_gone(int(pid_file.read_text()))


def _assert_gone(pid: int) -> None:
    """The process ``pid`` has ended (it may linger as a zombie of a parent that is gone)."""
    for _ in range(50):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().split(") ", 1)[1].startswith("Z"):
                    return
        except FileNotFoundError:
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
    pytest.fail(f"process {pid} outlived the game")


# A bot that starts a program of its own, then discards every tile it draws and calls nothing.
SPAWNER = """
import json, os, subprocess, sys
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
open({pids!r}, "w").write(f"{{os.getpid()}} {{child.pid}}")
me = None
for line in sys.stdin:
    e = json.loads(line)
    answer = {{"type": "none"}}
    if e["type"] == "start_game":
        me = e["id"]
    elif e["type"] == "tsumo" and e["actor"] == me:
        answer = {{"type": "dahai", "actor": me, "pai": e["pai"], "tsumogiri": True}}
    print(json.dumps(answer), flush=True)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_when_another_agent_raises_the_bot_and_its_grandchild_end(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    spawner = _bot(tmp_path, SPAWNER.format(pids=str(pids)))

    class Crasher(RandomAgent):
        def act(self, observation, legal_actions):  # type: ignore[no-untyped-def]
            raise RuntimeError("crashed")

    agents = [MjaiAgent(spawner, timeout=5.0), Crasher(1), RandomAgent(2), RandomAgent(3)]
    with pytest.raises(RuntimeError, match="crashed"):  # after the bot's first discard
        play_game("ema", agents, seed=0)
    bot, grandchild = map(int, pids.read_text().split())
    _assert_gone(bot)
    _assert_gone(grandchild)


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_a_grandchild_ends_with_a_game_that_ends_normally(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    spawner = _bot(tmp_path, SPAWNER.format(pids=str(pids)))
    agents = [RandomAgent(0), RandomAgent(1), RandomAgent(2), MjaiAgent(spawner, timeout=5.0)]
    play_game("cardavia", agents, seed=0)
    for pid in map(int, pids.read_text().split()):
        _assert_gone(pid)


def test_an_answer_for_another_seat_is_refused(tmp_path: Path) -> None:
    other = _bot(tmp_path, """
        import json, sys
        me = None
        for line in sys.stdin:
            e = json.loads(line)
            answer = {"type": "none"}
            if e["type"] == "start_game":
                me = e["id"]
            elif e["type"] == "tsumo" and e["actor"] == me:
                answer = {"type": "dahai", "actor": (me + 1) % 4, "pai": e["pai"], "tsumogiri": True}
            print(json.dumps(answer), flush=True)
    """)
    with pytest.raises(IllegalActionError, match=r"\(seat 0\) answered \{\"type\": \"dahai\", \"actor\": 1.* which the rules do not allow for seat 1"):
        _play(other)
