"""The README's and docs/'s examples are executed: every ```python block of a session (``>>>``) is a
doctest whose outputs must match, and a script block must compile; the quick start's test command
is the one .ci/run runs; every page of docs/ is linked from the README, and every relative link of
the README and docs/ leads to a file (and a heading) that exists."""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
TEXTS = [README, *DOCS]
CI_RUN = ROOT / ".ci" / "run"

_FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
_HEADING = re.compile(r"^#+ (.+)$", re.MULTILINE)
# [text](target) and ![alt](target), and <img src="target">
_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")


@dataclass(frozen=True)
class Block:
    """A fenced code block of a page: its language, text, page, first line number and section."""

    language: str
    text: str
    path: Path
    lineno: int
    section: str

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT).as_posix()}:{self.lineno}"


def blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        before = text[: match.start()]
        headings = _HEADING.findall(_FENCE.sub("", before))
        found.append(
            Block(
                language=match.group(1),
                text=match.group(2),
                path=path,
                lineno=before.count("\n") + 1,
                section=headings[-1] if headings else "",
            )
        )
    return found


def readme_blocks() -> list[Block]:
    return blocks(README)


PYTHON_BLOCKS = [b for path in TEXTS for b in blocks(path) if b.language == "python"]
SESSIONS = [b for b in PYTHON_BLOCKS if b.text.startswith(">>>")]
SCRIPTS = [b for b in PYTHON_BLOCKS if not b.text.startswith(">>>")]


def test_the_readme_and_docs_have_their_examples() -> None:
    assert sum(b.path == README for b in SESSIONS) >= 3  # the short tour
    assert len(SESSIONS) >= 20  # the tour and the pages of docs/


@pytest.mark.parametrize("block", SESSIONS, ids=[f"{b.where}-{b.section}" for b in SESSIONS])
def test_python_block_runs_as_doctest(block: Block) -> None:
    test = doctest.DocTestParser().get_doctest(
        block.text, globs={}, name=block.where, filename=str(block.path), lineno=block.lineno
    )
    assert test.examples, f"the block at {block.where} shows no '>>>' example"
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)


@pytest.mark.parametrize("block", SCRIPTS, ids=[f"{b.where}-{b.section}" for b in SCRIPTS])
def test_python_script_block_compiles(block: Block) -> None:
    # a script shown to copy into a file (it reads a user's own record, or runs for minutes)
    compile(block.text, block.where, "exec")


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


def test_every_players_list_the_docs_show_seats_a_table() -> None:
    from riichi.simulate.players import seat_players

    text = "\n\n".join(path.read_text(encoding="utf-8") for path in TEXTS)
    shown = list(re.finditer(r"--players\s+('[^']*'|[^\s`'\"]+)", text))
    assert len(shown) >= 6 and any("mjai:" in m.group(1) for m in shown)  # the reading finds them
    for match in shown:
        # the command it belongs to: two seats where it plays a two-player preset, else four
        command = text[text.rfind("\n\n", 0, match.start()):text.find("\n\n", match.end())]
        seats = 2 if re.search(r"--rules 2p", command) else 4
        seat_players(match.group(1).strip("'"), seats=seats)  # raises for a list that seats none


def _anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of ``path``: lower case, punctuation dropped, spaces
    as hyphens."""
    headings = _HEADING.findall(_FENCE.sub("", path.read_text(encoding="utf-8")))
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def _links(path: Path) -> list[str]:
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)  # a link shown as code is not a link
    return [a or b for a, b in _LINK.findall(text)]


def test_the_link_reading_finds_links_and_anchors() -> None:
    assert "docs/core.md" in _links(README) and "web/en-390-call.jpg" in _links(ROOT / "docs" / "play.md")
    assert "what-an-agent-can-reach" in _anchors(ROOT / "docs" / "architecture.md")


def test_every_page_of_docs_is_linked_from_the_readme() -> None:
    linked = {(README.parent / link.partition("#")[0]).resolve() for link in _links(README)}
    assert len(DOCS) >= 10
    unlinked = [path.name for path in DOCS if path.resolve() not in linked]
    assert not unlinked, f"pages of docs/ the README does not link: {unlinked}"


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(path: Path) -> None:
    broken = []
    for link in _links(path):
        if re.match(r"[a-z]+:", link):  # https:, mailto:
            continue
        target, _, anchor = link.partition("#")
        file = (path.parent / target).resolve() if target else path
        if not file.exists():
            broken.append(link)
        elif anchor and file.suffix == ".md" and anchor not in _anchors(file):
            broken.append(link)
    assert not broken, f"{path.relative_to(ROOT).as_posix()} links to what is not there: {broken}"
