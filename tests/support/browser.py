"""Shared by the web game's browser tests: the server that ``python -m riichi.play --web`` starts,
Debian's chromium driven by Playwright, and :class:`Tab`, a page of the game with every message its
socket received and sent.

Every hand a test plays can be rebuilt from the messages the page sent (same seed, same moves):
it must end as the page says, and no message before the end may hold a tile the human could not
see (:meth:`Tab.check_fair`). Screenshots go to ``$RIICHI_SCREENSHOTS`` when set (docs/play.md's
pictures are made so), else to a temporary directory.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tests.support.web import KNOWN_KEYS, pre_end, replay, tile_ids, walk

CHROMIUM = "/usr/bin/chromium"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LOOKS = [("uk", DESKTOP), ("en", DESKTOP), ("uk", PHONE), ("en", PHONE)]
"""Both languages at both widths: what every point of the page is checked in."""
LOOK_IDS = ["uk-1280", "en-1280", "uk-390", "en-390"]

# The page is ready for the human: a finished hand, a button, or a tile that may be discarded.
READY = """() => !document.getElementById('summary').hidden
    || document.querySelector('#actions button:not(.act-riichi):not(.act-discard)') !== null
    || document.querySelector('#hand button.tile:not(.dim):not([disabled])') !== null"""
ALLOWED = "#hand button.tile:not(.dim):not([disabled])"
CONFIRMS = ("again", "enter", "button")
"""The three ways to confirm a chosen discard: a second click, Enter, the Discard button."""


PLAIN = not os.environ.get("RIICHI_SCREENSHOTS")
"""Whether a :class:`Tab` opens with the grain slider at 0 % unless the page was told otherwise:
the page then draws no grain layer, whose blend over the whole page was about a third of the
browser's work at each move (software rendering, as here). The docs' pictures keep the page's
default look."""
# Run in every page and frame of the context: only the game's own pages (other pages, such as
# the blank one a test goes back to, may not read the game's storage).
_NO_GRAIN = """url => {
    if (location.href.startsWith(url) && localStorage.getItem('riichi.grain') === null)
        localStorage.setItem('riichi.grain', '0');
}"""


def start_server(*options: str) -> tuple[subprocess.Popen[str], str]:
    """``python -m riichi.play --web --no-browser`` with quick AI turns: the process and the
    address it prints."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "riichi.play", "--web", "--no-browser", "--delay", "0.02", *options],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
    assert match, line
    return proc, match.group(1)


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """The address of a server for this test module."""
    proc, address = start_server()
    yield address
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert os.path.exists(CHROMIUM), f"the browser tests need Debian's chromium at {CHROMIUM}"
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    out = Path(os.environ.get("RIICHI_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


class Tab:
    """A page of the game and every message its socket received and sent (across reloads)."""

    def __init__(self, context: BrowserContext, url: str, query: str = "",
                 touch: bool = False, plain: bool = PLAIN) -> None:
        if plain:
            context.add_init_script(f"({_NO_GRAIN})({json.dumps(url)})")
        self.page: Page = context.new_page()
        self.touch = touch
        """Tap rather than click (a phone's context, made with ``has_touch``)."""
        self.received: list[dict[str, Any]] = []
        self.sent: list[Any] = []
        self.errors: list[str] = []
        self.clicked: list[str] = []
        self.confirms = 0
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("websocket", self._socket)
        self.page.goto(url + query)
        self.page.wait_for_selector("#hand button.tile")

    def _socket(self, socket: Any) -> None:
        socket.on("framereceived", lambda payload: self.received.append(json.loads(payload)))
        socket.on("framesent", lambda payload: self.sent.append(_json_or_text(payload)))

    @property
    def marker(self) -> str:
        return str(self.page.get_attribute("#board", "data-move"))

    @property
    def view(self) -> dict[str, Any]:
        """The latest view the page received, once it is the one the page shows (the socket's
        frames reach the test a little after the page draws them)."""
        for _ in range(250):
            view = next(m for m in reversed(self.received) if m["type"] == "view")
            seed, move, end = self.marker.rsplit(":", 2)
            # the page writes the seed as a JavaScript number: compare it as one, or a new game's
            # first view could be taken for the last game's view at the same move
            shown = None if seed in ("null", "undefined") else float(seed)
            sent = None if view["game"]["seed"] is None else float(view["game"]["seed"])
            if (sent, str(view["move"]), view["summary"] is not None) == (shown, move, end == "end"):
                return view
            self.page.wait_for_timeout(20)
        raise AssertionError(f"the page shows {self.marker}, the last view received is "
                             f"seed {view['game']['seed']} move {view['move']}")

    def wait_moved(self, before: str) -> None:
        self.page.wait_for_function(
            f"document.getElementById('board').dataset.move !== {json.dumps(before)}")

    def press(self, selector: str) -> None:
        """Click (or tap) the last element ``selector`` finds."""
        target = self.page.locator(selector).last
        if self.touch:
            target.tap()
        else:
            target.click()

    def click_and_wait(self, selector: str, what: str) -> None:
        """Click and wait for the server's next view."""
        before = self.marker
        self.press(selector)
        self.clicked.append(what)
        self.wait_moved(before)

    def discard(self, selector: str = ALLOWED, how: str | None = None, what: str = "discard") -> int:
        """Choose the last tile ``selector`` finds, check that nothing was sent, then confirm it
        ``how`` (a second click, Enter or the Discard button; each in turn by default) and wait
        for the server's view; the 136-id discarded."""
        how = how or CONFIRMS[self.confirms % len(CONFIRMS)]
        self.confirms += 1
        page, before, sent = self.page, self.marker, len(self.sent)
        chosen = int(str(page.locator(selector).last.get_attribute("data-tile")))
        self.press(selector)
        assert page.locator("#hand .chosen").get_attribute("data-tile") == str(chosen)
        assert page.locator("#hand .chosen").get_attribute("aria-pressed") == "true"
        assert self.marker == before and len(self.sent) == sent, "a click only chooses"
        if how == "again":
            self.press(f"#hand button.tile[data-tile='{chosen}']")
        elif how == "enter":
            page.keyboard.press("Enter")
        else:
            self.press(".act-discard")
        self.clicked.append(what)
        self.wait_moved(before)
        return chosen

    def until_turn(self) -> None:
        """Pass every call offered until it is the human's turn to discard."""
        for _ in range(50):
            self.page.wait_for_function(READY)
            if not self.page.locator(".act-pass").count():
                assert self.page.locator(".act-discard").count(), "the hand ended"
                return
            self.click_and_wait(".act-pass", "pass")
        raise AssertionError("no turn of yours")

    def step(self, on_call: Any = None) -> bool:
        """One decision of the test player (wins, calls every chi and pon, else discards its
        last allowed tile); ``on_call`` runs when a call is offered. False once the hand ended."""
        page = self.page
        page.wait_for_function(READY)
        if page.locator("#summary").is_visible():
            return False
        for kind in ("tsumo", "ron"):
            if page.locator(f".act-{kind}").count():
                self.click_and_wait(f".act-{kind}", kind)
                return True
        calls = page.locator(".act-chi, .act-pon")
        if calls.count():
            if on_call is not None:
                on_call()
            kind = str(calls.first.get_attribute("class")).split("act-")[-1]
            before = self.marker
            calls.first.click()
            self.clicked.append(kind)
            self.wait_moved(before)
        elif page.locator(".act-pass").count():
            self.click_and_wait(".act-pass", "pass")
        else:
            self.discard()
        return True

    def hint_step(self) -> bool:
        """One decision of a player who follows the hint: wins when it can, passes every call,
        discards the hint's tile, declaring riichi with it when it may."""
        page = self.page
        page.wait_for_function(READY)
        if page.locator("#summary").is_visible():
            return False
        for kind in ("tsumo", "ron", "pass"):
            if page.locator(f".act-{kind}").count():
                self.click_and_wait(f".act-{kind}", kind)
                return True
        best = self.view["hint"][0]["tile_type"]
        chosen = ", ".join(f"{ALLOWED}[data-tile='{best * 4 + k}']" for k in range(4))
        if page.locator(".act-riichi").count():
            page.click(".act-riichi")
            if page.locator(chosen).count():
                self.discard(chosen, what="riichi")
                return True
            page.click(".act-riichi")  # the hint's tile does not keep tenpai: no riichi
        self.discard(chosen)
        return True

    def play_to_the_end(self, on_call: Any = None) -> None:
        for _ in range(300):
            if not self.step(on_call):
                break
        assert self.page.locator("#summary").is_visible()

    def check_fair(self) -> None:
        """The hand rebuilt from the sent messages ends as shown; nothing received before the
        end holds a tile the human could not see."""
        game = self.view["game"]
        played = replay(game["rules"], game["seed"], game["opponents"],
                        [m for m in self.sent if isinstance(m, dict)])
        summary = self.view["summary"]
        assert played.game.table.summary is not None
        assert list(played.game.table.summary.deltas) == summary["deltas"]
        hidden = played.hidden_at_end()
        assert len(hidden) > 20
        views = [m for m in self.received if m["type"] == "view" and m["game"] == game]
        before = pre_end(views)
        assert len(before) > 20
        for message in before:
            assert not tile_ids(message) & hidden, message["move"]
            assert {key for key, _ in walk(message)} <= KNOWN_KEYS
        assert not self.errors


def snap(page: Page, path: Path, full_page: bool = False) -> None:
    """A screenshot as JPEG (the grain makes PNGs five times larger), from the top."""
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=path, type="jpeg", quality=82, full_page=full_page)


def _json_or_text(payload: str) -> Any:
    try:
        return json.loads(payload)
    except ValueError:
        return payload


def set_language(page: Page, lang: str) -> None:
    page.select_option("#lang", lang)
    page.wait_for_function(f"document.documentElement.lang === {json.dumps(lang)}")
    page.evaluate("document.activeElement.blur()")  # the keys back to the table


def new_context(browser: Browser, size: dict[str, int]) -> BrowserContext:
    """A browser context of ``size``: a phone's (touch) at phone width."""
    if size == PHONE:
        return browser.new_context(viewport=size, has_touch=True, is_mobile=True)
    return browser.new_context(viewport=size)


def each_look(page: Page) -> Iterator[tuple[str, dict[str, int]]]:
    """Show the page in both languages at both widths, one after the other (a still page: a
    finished hand, or the human to move)."""
    for lang, size in LOOKS:
        page.set_viewport_size(size)
        set_language(page, lang)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        yield lang, size


def no_latin(text: str) -> bool:
    """Whether ``text`` is Ukrainian throughout: no Latin letters but in the words the page's own
    Ukrainian keeps (the key names Enter and Esc, the presets' names)."""
    kept = re.sub(r"\b(Enter|Esc|cardavia|ema|tenhou)\b", "", text)
    return re.search(r"[A-Za-z]", kept) is None
