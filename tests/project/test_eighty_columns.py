"""Every text the package prints fits the terminal: each command of the README is run as it is
written in an 80x24 pseudo-terminal and no line it writes is wider than 80 cells (none wraps);
where the output is no terminal, the text is laid out for 80 columns (or ``--width``), and a
line is never broken inside a figure (``6,304 ±116``, ``12.1 (10.9-13.4)``, ``95 %``).

The README's other commands (making the virtualenv, ``pip install``, the test suite, ``.ci/run``)
print pip's and pytest's text, not the package's: they are listed, and only they are left out.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pexpect
import pytest

from tests.project.test_readme import README, _FENCE, shell_commands
from tests.support.paths import ROOT, TOUR_RECORD

WIDTH = 80
VENV_PYTHON = ".venv/bin/python"
NOT_THE_PACKAGES = re.compile(r"python3 -m venv |\.venv/bin/pip |\.venv/bin/python -m pytest |bash \.ci/run")
# The end of the alternate screen: what the terminal game prints after it is plain text again.
_SCREEN_LEFT = b"\x1b[?1049l"
_ESCAPE = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|[=>78])")


def cells(text: str) -> int:
    """The terminal cells ``text`` takes: two for a wide (East Asian) character."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def readme_commands() -> list[str]:
    """Every command the README shows: its shell blocks' and the commands in its prose."""
    text = README.read_text(encoding="utf-8")
    commands = [c for where, c in shell_commands() if where.startswith("README.md")]
    prose = re.findall(r"`(\.venv/bin/[^`]+)`|`(bash \.ci/run)`", _FENCE.sub("", text))
    commands += [a or b for a, b in prose]
    return list(dict.fromkeys(commands))


COMMANDS = readme_commands()
RUN = [c for c in COMMANDS if not NOT_THE_PACKAGES.match(c)]


def test_the_readme_commands_are_read() -> None:
    assert len(RUN) >= 6 and all(c.startswith(f"{VENV_PYTHON} -m riichi") for c in RUN)
    assert f'{VENV_PYTHON} -m riichi "23456m4467p789s45z"' in RUN
    assert f"{VENV_PYTHON} -m riichi.play --web" in RUN
    left_out = [c for c in COMMANDS if c not in RUN]
    assert left_out and all(NOT_THE_PACKAGES.match(c) for c in left_out)


def printed_lines(raw: bytes) -> list[str]:
    """The lines a terminal shows of ``raw``: escape sequences dropped, each line as the last
    carriage return left it (a progress bar redraws its line)."""
    text = _ESCAPE.sub("", raw.decode("utf-8", "replace"))
    return [line.split("\r")[-1] for line in re.split(r"\r?\n", text)]


@pytest.mark.parametrize("command", RUN)
def test_a_readme_command_wraps_no_line_in_an_80_column_terminal(
    command: str, tmp_path: Path
) -> None:
    (tmp_path / "tests").symlink_to(ROOT / "tests")  # the README's paths, from a clone's root
    log = tmp_path / "terminal.log"
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", LC_ALL="C.UTF-8", LANG="C.UTF-8", BROWSER="true")
    argv = command.replace(VENV_PYTHON, sys.executable, 1)
    child = pexpect.spawn("/bin/sh", ["-c", argv], dimensions=(24, WIDTH), env=env,
                          cwd=str(tmp_path), timeout=900)
    with open(log, "wb") as out:
        child.logfile_read = out
        if "riichi.play --web" in command:
            child.expect_exact("(Ctrl-C stops the server)")
            child.sendcontrol("c")
        elif "riichi.play" in command:
            child.expect_exact("Your turn")
            child.send("q")
            child.expect_exact("Leave the game?")
            child.send("y")
        child.expect(pexpect.EOF)
        child.close()
    raw = log.read_bytes()
    assert child.exitstatus in (0, None) or child.signalstatus is not None, raw[-2000:]
    if _SCREEN_LEFT in raw:  # the game's screen is drawn to its size; what follows is text
        raw = raw.rsplit(_SCREEN_LEFT, 1)[1]
    lines = printed_lines(raw)
    assert any(line.strip() for line in lines), raw[-2000:]
    wide = [line for line in lines if cells(line) > WIDTH]
    assert not wide, f"{command}: lines wider than the terminal: {wide}"


def _simulate(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    return subprocess.run([sys.executable, "-m", "riichi.simulate", *args], capture_output=True,
                          text=True, timeout=300, env=env)


def assert_no_figure_split(text: str) -> None:
    """No line begins with what belongs to the figure before it: its ± half-width, its unit, its
    interval."""
    for line in text.splitlines():
        assert not re.match(r"\s*(±\d|%(\s|$)|\(\d|\[\d)", line), line


@pytest.mark.parametrize("width", [None, 60, 100])
def test_the_summary_is_laid_out_for_80_columns_or_the_width_asked(width: int | None) -> None:
    args = ["--games", "60", "--seed", "1", "--players", "defensive,efficiency,random,random",
            "--backend", "local"]
    done = _simulate(*args, *([] if width is None else ["--width", str(width)]))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(map(cells, lines)) <= (width or WIDTH)
    assert_no_figure_split(done.stdout)
    assert re.search(r"average winning hand [\d,]+ ±[\d,]+ points", " ".join(done.stdout.split()))


def test_a_figure_is_never_split_at_any_width() -> None:
    from riichi.simulate import run
    from riichi.simulate.report import render_summary

    summary = run(games=30, seed=4, players="defensive,efficiency,random,random",
                  backend="local").summary
    for width in range(40, 121, 3):
        text = render_summary(summary, {"games_played": 30, "seconds": 1.5,
                                        "games_per_second": 20.0}, width)
        assert_no_figure_split(text)
        assert re.search(r"average winning hand [\d,]+ ±[\d,]+ points", " ".join(text.split()))


# Each command's own pages, beside the README's: its help, the hand analysis (a long line of
# ukeire), the rule presets and the payment tables.
PAGES = [("riichi", "5550m"), ("riichi", "23406m4467p789s45z"), ("riichi", "--help"),
         ("riichi.rules",), ("riichi.rules", "tenhou"), ("riichi.rules", "--help"),
         ("riichi.scoring", "tenhou"), ("riichi.scoring", "--help"), ("riichi.simulate", "--help"),
         ("riichi.play", "--help"), ("riichi.analyze", "--help")]


@pytest.mark.parametrize("args", PAGES, ids=" ".join)
def test_every_page_a_command_prints_is_laid_out_for_80_columns(args: tuple[str, ...]) -> None:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    done = subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) >= 2, done.stdout
    wide = [line for line in lines if cells(line) > WIDTH]
    assert not wide, wide


def test_analysis_tables_fit_80_columns_where_the_output_is_no_terminal() -> None:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    for horizon in ("hand", "game"):
        done = subprocess.run(
            [sys.executable, "-m", "riichi.analyze", str(TOUR_RECORD), "--seat", "2", "--at", "S1-2-5",
             "--samples", "4", "--horizon", horizon, "--seed", "3", "--quiet"],
            capture_output=True, text=True, timeout=600, env=env)
        assert done.returncode == 0, done.stderr
        assert max(map(cells, done.stdout.splitlines())) <= WIDTH
        assert "vs played [paired 95%]" in done.stdout and "deal-in" in done.stdout


def test_an_error_on_a_terminal_is_wrapped_at_its_width(tmp_path: Path) -> None:
    log = tmp_path / "terminal.log"
    child = pexpect.spawn(sys.executable, ["-m", "riichi.simulate", "--players", "nobody,x"],
                          dimensions=(24, 60), timeout=60,
                          env={k: v for k, v in os.environ.items() if k != "COLUMNS"})
    with open(log, "wb") as out:
        child.logfile_read = out
        child.expect(pexpect.EOF)
        child.close()
    lines = [line for line in printed_lines(log.read_bytes()) if line.strip()]
    assert len(lines) >= 2 and max(map(cells, lines)) <= 60
    assert lines[0].startswith("python -m riichi.simulate: error: ")
