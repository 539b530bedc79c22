"""The cardavia preset plays what its page states (issue #38, point 3), seen in a real browser in
both languages at 1280 and 390 pixels: a ron you pass leaves you furiten until your own next draw,
and another player's call in between does not end it (the FURITEN badge stays through the call).
The rules themselves are checked both ways on arranged walls in tests/test_game_riichi.py,
tests/test_game_calls.py and tests/test_game_draws.py, and for the terminal game in
tests/play/test_terminal_rules.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.support.browser import (  # noqa: F401 - browser is a fixture
    ALLOWED, LOOK_IDS, LOOKS, READY, Tab, browser, new_context, set_language, start_server,
)

SEED = 72  # passing every call, you pass a ron; North pons before your next draw


@pytest.fixture(scope="module")
def slow_url() -> Iterator[str]:
    """A server whose AI turns are 0.1 s apart."""
    proc, address = start_server("--delay", "0.1")
    yield address
    proc.terminate()
    proc.wait(timeout=10)


# Records the page as drawn after each message from the server (a view the AI's next move
# follows at once is on screen for no time at all: a watcher sees each drawing nonetheless).
_WATCH = """() => {
  window.drawnStates = [];
  new MutationObserver(() => {
    const badge = document.querySelector('#seat-0 .badge-furiten');
    window.drawnStates.push({move: state.view.move, drawn: state.view.you.drawn,
      melds: document.querySelectorAll('.seat .meld').length, badge: badge && badge.textContent});
  }).observe(document.getElementById('board'), {childList: true, subtree: true});
}"""


def melds(view: dict[str, Any]) -> int:
    return sum(len(seat["melds"]) for seat in view["seats"])


@pytest.mark.parametrize(("lang", "size"), LOOKS, ids=LOOK_IDS)
def test_a_passed_ron_is_furiten_through_a_call_until_the_own_draw(
    browser: Browser, slow_url: str, lang: str, size: dict[str, int]
) -> None:
    context = new_context(browser, size)
    tab = Tab(context, slow_url, f"?seed={SEED}", touch=size["width"] < 500)
    page = tab.page
    set_language(page, lang)
    page.check("#hint-on")
    badge = {"uk": "ФУРІТЕН", "en": "FURITEN"}[lang]
    for _ in range(200):  # a player who passes every call and discards as the hint says
        page.wait_for_function(READY)
        if page.locator(".act-ron").count():
            break
        if page.locator(".act-pass").count():
            tab.click_and_wait(".act-pass", "pass")
            continue
        best = tab.view["hint"][0]["tile_type"]
        tab.discard(", ".join(f"{ALLOWED}[data-tile='{best * 4 + k}']" for k in range(4)))
    offered = tab.view
    assert offered["claim"] and not offered["you"]["furiten"]
    before = melds(offered)
    page.evaluate(_WATCH)
    tab.click_and_wait(".act-pass", "pass")
    page.wait_for_function(READY)
    # what the page drew for each view: the badge from the pass, through the call, to your draw
    drawn: list[dict[str, Any]] = page.evaluate("window.drawnStates")
    until_draw = [d for d in drawn if d["move"] > offered["move"] and d["drawn"] is None]
    assert any(d["melds"] > before for d in until_draw)
    assert until_draw and all(d["badge"] == badge for d in until_draw), until_draw
    views = [m for m in tab.received if m["type"] == "view" and m["move"] > offered["move"]]
    own_draw = next(k for k, v in enumerate(views) if v["you"]["drawn"] is not None)
    assert own_draw > 0
    called = [v for v in views[:own_draw] if melds(v) > before]
    assert called and all(v["you"]["furiten"] for v in views[:own_draw])
    assert not any(a["action"] == "ron" for v in views[:own_draw] for a in v["actions"])
    # your own draw ends it
    assert not views[own_draw]["you"]["furiten"]
    assert page.locator("#seat-0 .badge-furiten").count() == 0
    tab.play_to_the_end()
    tab.check_fair()
    context.close()
