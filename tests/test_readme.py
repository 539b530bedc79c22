"""README.md's examples are executed: every ```python block is a doctest whose outputs must match,
and the quick start's test command is the one .ci/run runs."""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"

_FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
_HEADING = re.compile(r"^#+ (.+)$", re.MULTILINE)


@dataclass(frozen=True)
class Block:
    """A fenced code block of the README: its language, text, first line number and section."""

    language: str
    text: str
    lineno: int
    section: str


def readme_blocks() -> list[Block]:
    text = README.read_text(encoding="utf-8")
    blocks = []
    for match in _FENCE.finditer(text):
        before = text[: match.start()]
        headings = _HEADING.findall(before)
        blocks.append(
            Block(
                language=match.group(1),
                text=match.group(2),
                lineno=before.count("\n") + 1,
                section=headings[-1] if headings else "",
            )
        )
    return blocks


PYTHON_BLOCKS = [b for b in readme_blocks() if b.language == "python"]


def test_readme_has_an_api_tour() -> None:
    assert len(PYTHON_BLOCKS) >= 6


@pytest.mark.parametrize(
    "block", PYTHON_BLOCKS, ids=[f"line{b.lineno}-{b.section}" for b in PYTHON_BLOCKS]
)
def test_python_block_runs_as_doctest(block: Block) -> None:
    test = doctest.DocTestParser().get_doctest(
        block.text, globs={}, name=f"README.md:{block.lineno}", filename=str(README), lineno=block.lineno
    )
    assert test.examples, f"the block at README.md:{block.lineno} shows no '>>>' example"
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)


def quick_start_commands() -> list[str]:
    quick_start = [b for b in readme_blocks() if b.section == "Quick start" and b.language == "sh"]
    assert len(quick_start) == 1, "the quick start should be one sh block"
    return [line for line in quick_start[0].text.splitlines() if line.strip()]


def test_quick_start_is_two_commands_the_second_runs_the_tests() -> None:
    commands = quick_start_commands()
    assert len(commands) == 2
    venv, install, test_command = commands[1].split(" && ")
    assert venv == "python3 -m venv .venv"
    assert install == '.venv/bin/pip install ".[test]"'
    assert test_command.startswith(".venv/bin/python -m pytest")


def test_ci_runs_the_readme_test_command() -> None:
    # .ci/run makes the virtualenv with the Python it finds, installs this tree with the README's
    # extras (from a wheel it builds once, to check the bare install first), then runs the tests.
    _, install, test_command = quick_start_commands()[1].split(" && ")
    ci_lines = [line.strip() for line in CI_RUN.read_text(encoding="utf-8").splitlines()]
    extras = install.removeprefix('.venv/bin/pip install ".').removesuffix('"')
    assert extras == "[test]"
    for step in ('.venv/bin/pip wheel --no-deps --wheel-dir "$wheels" .', '.venv/bin/pip install "$wheel"',
                 f'.venv/bin/pip install "$wheel{extras}"', test_command):
        assert any(line.startswith(step) for line in ci_lines), (
            f".ci/run does not run the README's step {step!r}"
        )


def test_every_players_list_the_readme_shows_seats_a_table() -> None:
    from riichi.simulate.players import seat_players

    text = README.read_text(encoding="utf-8")
    shown = list(re.finditer(r"--players\s+('[^']*'|[^\s`'\"]+)", text))
    assert len(shown) >= 6 and any("mjai:" in m.group(1) for m in shown)  # the reading finds them
    for match in shown:
        # the command it belongs to: two seats where it plays a two-player preset, else four
        command = text[text.rfind("\n\n", 0, match.start()):text.find("\n\n", match.end())]
        seats = 2 if re.search(r"--rules 2p", command) else 4
        seat_players(match.group(1).strip("'"), seats=seats)  # raises for a list that seats none
