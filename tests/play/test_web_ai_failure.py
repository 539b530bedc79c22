"""An AI player that fails with an error of its own (a defect, not a refusal of the rules) is
reported on the page as the AI's failure, in a real browser, and its traceback goes to the
server's log: the page no longer waits for a move that never comes."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.support.browser import (  # noqa: F401 - browser is a fixture
    ALLOWED, DESKTOP, Tab, browser, each_look,
)

# The server of `python -m riichi.play --web`, its "random" opponents replaced by a player that
# fails at its first decision as a defect would.
_SERVER = """
import sys
from riichi.agents import RandomAgent
from riichi.agents.registry import BUILTIN_PLAYERS, BuiltinPlayer
from riichi.play.cli import main

class Broken(RandomAgent):
    def act(self, observation, legal_actions):
        return {}["the tile it wanted"]

sys.modules["broken"] = sys.modules[__name__]
BUILTIN_PLAYERS["random"] = BuiltinPlayer("random", "broken:Broken", "fails", ())
sys.exit(main(["--web", "--no-browser", "--delay", "0.02"]))
"""


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[subprocess.Popen[str], str]]:
    proc = subprocess.Popen([sys.executable, "-c", _SERVER], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
    assert match, line
    yield proc, match.group(1)
    proc.terminate()
    proc.wait(timeout=10)


def test_an_ai_that_fails_is_reported_on_the_page_and_in_the_log(
    browser: Browser, server: tuple[subprocess.Popen[str], str]
) -> None:
    proc, url = server
    tab = Tab(browser.new_context(viewport=DESKTOP), url, "?seed=1&opponents=random")
    tab.page.locator(ALLOWED).last.dblclick()  # your discard: the AI's turn follows
    banner = tab.page.locator("#error")
    banner.wait_for(state="visible", timeout=10_000)
    errors = [m for m in tab.received if m["type"] == "error"]
    assert [m["code"] for m in errors] == ["ai"]
    assert "KeyError: 'the tile it wanted'" in errors[0]["message"]
    for lang, _ in each_look(tab.page):
        said = {"en": "A computer player failed", "uk": "Комп'ютерний гравець збився"}[lang]
        assert banner.inner_text().startswith(said)
    assert tab.errors == []
    proc.terminate()
    _, log = proc.communicate(timeout=10)
    assert "Traceback" in log and "KeyError: 'the tile it wanted'" in log
