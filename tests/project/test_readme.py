"""The README's and docs/'s examples are executed: every ```python block of a session (``>>>``) is a
doctest whose outputs must match, and a script block must compile; the quick start's test command
is the one .ci/run runs; every page of docs/ is linked from the README, and every relative link of
the README and docs/ leads to a file (and a heading) that exists. What they tell a user to type is
what a clone gives: every command of a shell block runs from the quick start's virtualenv (no bare
``riichi-simulate`` that works only with it activated), every file of the repository a command
names is there, the charts the simulator's page lists are the charts a run writes, and each
``$`` command of a console block runs and prints the output shown below it."""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.paths import ROOT

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
    found: list[Block] = []
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
    # extras (from a wheel it builds once, installed alone first in a virtualenv of its own to check
    # the engine without extras), then runs the tests.
    _, install, test_command = quick_start_commands()[1].split(" && ")
    ci_lines = [line.strip() for line in CI_RUN.read_text(encoding="utf-8").splitlines()]
    extras = install.removeprefix('.venv/bin/pip install ".').removesuffix('"')
    assert extras == "[test]"
    for step in ('.venv/bin/pip wheel --no-deps --wheel-dir "$work/wheels" .',
                 '"$work/bare/bin/pip" install "$wheel"',
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

SIMULATE_DOC = ROOT / "docs" / "simulate.md"
# How a command of the docs may start: the virtualenv's own programs, making it, the CI script,
# after variables set for it (or a variable set for the commands below).
_RUNS_FROM_THE_VENV = re.compile(
    r"(\w+=\S+ )*(\.venv/bin/\S+|python3 -m venv \.venv|bash \.ci/run)( |$)|\w+=\S+$")


def shell_commands() -> list[tuple[str, str]]:
    """(where, command) of every command in the ```sh and ```console blocks of the README and
    docs/ (in a console block, the lines after ``$ ``; the others are their output)."""
    found: list[tuple[str, str]] = []
    for path in TEXTS:
        for block in blocks(path):
            if block.language not in ("sh", "console"):
                continue
            for number, line in enumerate(block.text.splitlines()):
                if block.language == "console" and not line.startswith("$ "):
                    continue  # what the command above printed
                line = line.removeprefix("$ ").split("  #", 1)[0].strip()
                if line and not line.startswith("#"):
                    where = f"{block.where}+{number}"
                    found.extend((where, command.strip()) for command in line.split(" && "))
    return found


COMMANDS = shell_commands()


def test_the_commands_are_read() -> None:
    assert len(COMMANDS) >= 20
    assert ("README.md", ".venv/bin/python -m riichi.simulate") in {
        (where.split(":")[0], command) for where, command in COMMANDS}


@pytest.mark.parametrize(("where", "command"), COMMANDS, ids=[w for w, _ in COMMANDS])
def test_every_command_runs_from_the_virtualenv(where: str, command: str) -> None:
    assert _RUNS_FROM_THE_VENV.match(command), (
        f"{where}: {command!r} runs only where the virtualenv is activated; write .venv/bin/...")


# A path of the clone: a folder of the repository (or one beside it) and what follows.
_CLONE_PATH = re.compile(r"(?:\w+=)?((?:\.\./)?(?:tests|bench|docs|build_tools|shared|\.ci|\.github)/[\w./-]*)")


def clone_paths(path: Path) -> list[str]:
    """The paths of the repository that ``path`` names in its code: spans and blocks."""
    text = path.read_text(encoding="utf-8")
    code = [m.group(2) for m in _FENCE.finditer(text)] + re.findall(r"`([^`\n]+)`", _FENCE.sub("", text))
    return [m.group(1).rstrip(".") for span in code for word in span.split()
            if (m := _CLONE_PATH.fullmatch(word.strip("\"'(),;:")))]


def test_every_file_of_the_clone_the_pages_name_is_there() -> None:
    named = {(path, name) for path in TEXTS for name in clone_paths(path)}
    assert ("docs/analyze.md", "tests/data/mjlog/2010091009gm-00a9-0000-83af2648.mjlog.gz") in {
        (path.relative_to(ROOT).as_posix(), name) for path, name in named}  # the reading finds them
    missing = sorted(f"{path.relative_to(ROOT).as_posix()}: {name}" for path, name in named
                     if not (ROOT / name).exists())
    assert not missing, missing


def documented_plots() -> dict[bool, set[str]]:
    """The PNG files the run-directory table of docs/simulate.md lists, by whether the row needs
    ``--from`` (True) or only ``--plots`` (False)."""
    rows = [line for line in SIMULATE_DOC.read_text(encoding="utf-8").splitlines()
            if line.startswith("| `") and "--plots" in line]
    plots: dict[bool, set[str]] = {False: set(), True: set()}
    for row in rows:
        files, what = row.strip("|").split("|", 1)
        plots["--from" in what] |= set(re.findall(r"`([\w.]+\.png)`", files))
    return plots


@pytest.mark.parametrize("situation", [None, "E3 scores=35000,30000,30000,25000"])
def test_the_plots_listed_are_the_plots_a_run_writes(tmp_path: Path, situation: str | None) -> None:
    from riichi.simulate import run
    from riichi.simulate.output import RunDirectory, write_plots

    plots = documented_plots()
    assert plots[False] and plots[True]
    result = run(games=8, seed=3, players="random", backend="local", out=tmp_path, situation=situation)
    written = {path.name for path in write_plots(RunDirectory(tmp_path), result.summary)}
    assert written == plots[False] | (plots[True] if situation else set())


def console_sessions() -> list[tuple[str, str, str]]:
    """(where, command, output shown) of every ``$ `` command of the ```console blocks."""
    found: list[tuple[str, str, str]] = []
    for path in TEXTS:
        for block in blocks(path):
            if block.language != "console":
                continue
            for number, part in enumerate(block.text.split("$ ")[1:]):
                command, _, output = part.partition("\n")
                found.append((f"{block.where}+{number}", command.split("  #", 1)[0].strip(), output))
    return found


CONSOLE = console_sessions()


def test_the_console_sessions_are_read() -> None:
    assert any(command.endswith("--players 3 1111m111122233z") and "(94 unseen)" in output
               for _, command, output in CONSOLE)


@pytest.mark.parametrize(("where", "command", "output"), CONSOLE, ids=[w for w, _, _ in CONSOLE])
def test_a_console_command_prints_what_the_page_shows(where: str, command: str, output: str) -> None:
    words = shlex.split(command)
    assert words[0] == ".venv/bin/python", f"{where}: {command!r}"
    done = subprocess.run([sys.executable, *words[1:]], capture_output=True, text=True, timeout=120,
                          cwd=ROOT, env={**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0, f"{where}: {command!r} failed: {done.stderr}"
    if output:
        assert done.stdout == output, f"{where}: {command!r} printed another output"


_NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                 "fourteen fifteen sixteen seventeen eighteen nineteen twenty").split()


def test_the_readme_counts_the_presets_there_are() -> None:
    from riichi.rules import PRESET_NAMES

    counted = re.findall(rf"\b({'|'.join(_NUMBER_WORDS)})\s+rule\s+presets", README.read_text(encoding="utf-8"))
    assert counted, "the README no longer counts the rule presets"
    assert [_NUMBER_WORDS.index(word) for word in counted] == [len(PRESET_NAMES)] * len(counted)


def test_the_readme_names_every_extra() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    text = README.read_text(encoding="utf-8")
    assert "simulate" in extras and "play" in extras
    unnamed = sorted(extra for extra in extras if f"`{extra}`" not in text)
    assert not unnamed, f"the README does not name the extras {unnamed}"


def test_the_readme_quotes_its_speed_figures_as_the_pages_give_them() -> None:
    # each paragraph of the README's Speed section quotes the page it links (else
    # docs/benchmarks.md, which has every figure): no figure of an earlier measurement left behind
    speed = README.read_text(encoding="utf-8").split("\n## Speed\n", 1)[1].split("\n## ", 1)[0]
    paragraphs = speed.strip().split("\n\n")
    assert len(paragraphs) >= 4
    stale = []
    for paragraph in paragraphs:
        pages = re.findall(r"\]\((docs/[\w.]+\.md)", paragraph) or ["docs/benchmarks.md"]
        text = "\n".join((ROOT / page).read_text(encoding="utf-8") for page in pages)
        prose = re.sub(r"\[[^\]]*\]\([^)]*\)", "", paragraph)
        for figure in re.findall(r"(?<![\w.])\d[\d,]*(?:\.\d+)*", prose):
            if not re.search(rf"(?<![\d.,]){re.escape(figure)}(?![\d]|[.,]\d)", text):
                stale.append((pages, figure))
    assert not stale, f"README figures its pages do not give: {stale}"
