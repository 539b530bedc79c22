"""A hand survives a reload (issue #38, point 5), in a real browser, in both languages at 1280 and
390 pixels: the server keeps the tab's game under a session id the page keeps (sessionStorage),
and the page takes the game up again after a reload, after leaving and coming back, after a lost
connection; the rules tab and new hands are history entries, so Back never leaves the game. A
page without the id (another browser) gets a game of its own; the id is not guessable, and a tab
that takes a game up with it takes it from the tab that had it, which says so."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    DESKTOP, LOOK_IDS, LOOKS, READY, Tab, browser, new_context, set_language, url,
)

SESSION = "sessionStorage.getItem('riichi.session')"


def shown(tab: Tab) -> tuple[int, int, list[int]]:
    """The game on the page: seed, move and your hand."""
    view = tab.view
    return view["game"]["seed"], view["move"], view["you"]["hand"]


def wait_table(page: Page) -> None:
    page.wait_for_selector("#board[data-move]", state="attached")
    page.wait_for_function(READY)


@pytest.mark.parametrize(("lang", "size"), LOOKS, ids=LOOK_IDS)
def test_a_hand_survives_a_reload_and_back_stays_in_the_game(
    browser: Browser, url: str, lang: str, size: dict[str, int]
) -> None:
    context = new_context(browser, size)
    tab = Tab(context, url, "?seed=4", touch=size["width"] < 500)
    page = tab.page
    set_language(page, lang)
    key = page.evaluate(SESSION)
    assert isinstance(key, str) and len(key) >= 32
    for _ in range(3):
        tab.step()
    wait_table(page)
    before = shown(tab)
    # a reload: the same game, at the same move, played on to the end
    page.reload()
    wait_table(page)
    assert shown(tab) == before and page.evaluate(SESSION) == key
    assert {"type": "resume", "session": key} in tab.sent
    assert page.locator("html").get_attribute("lang") == lang
    # the rules tab is a history entry: Back returns to the table, Forward to the rules
    page.click("#tab-rules")
    assert page.url.endswith("#rules") and page.locator("#panel-rules").is_visible()
    page.go_back()
    page.wait_for_function("!document.getElementById('panel-table').hidden")
    page.go_forward()
    page.wait_for_function("!document.getElementById('panel-rules').hidden")
    page.reload()  # on the rules tab, still
    wait_table(page)
    assert page.locator("#panel-rules").is_visible() and shown(tab) == before
    page.click("#tab-table")
    # away to another page and Back: the game again
    page.goto("about:blank")
    page.go_back()
    wait_table(page)
    assert shown(tab) == before
    # a lost connection: the page reconnects and takes the game up
    page.evaluate("state.socket.close()")
    page.wait_for_function("document.getElementById('error').hidden && state.socket && state.socket.readyState === 1")
    wait_table(page)
    assert shown(tab) == before
    tab.play_to_the_end()
    tab.check_fair()
    # a new hand is a history entry too: Back stays on the page, showing the game
    first_url = page.url
    before_new = tab.marker
    page.fill("#seed", "9")
    page.click("#new-game")
    tab.wait_moved(before_new)
    assert page.url.endswith("#hand-2") and tab.view["game"]["seed"] == 9
    page.go_back()
    page.wait_for_function("!document.getElementById('panel-table').hidden")
    assert page.url == first_url and tab.view["game"]["seed"] == 9
    assert page.locator("#hand button.tile").count() == 14
    assert not tab.errors
    context.close()


def test_another_browser_has_its_own_game_and_the_id_alone_takes_one_up(
    browser: Browser, url: str
) -> None:
    first_context = browser.new_context(viewport=DESKTOP)
    first = Tab(first_context, url, "?seed=4")
    for _ in range(4):
        first.step()
    wait_table(first.page)
    kept = shown(first)
    key = first.page.evaluate(SESSION)
    # another browser at the same address: a game of its own (the same deal, from its start)
    other_context = browser.new_context(viewport=DESKTOP)
    other = Tab(other_context, url, "?seed=4")
    assert other.page.evaluate(SESSION) != key and shown(other)[1] == 0 < kept[1]
    assert not any(m.get("type") == "resume" for m in other.sent if isinstance(m, dict))
    # a made-up id reaches no game: the page is told so and deals a new one
    other.page.evaluate("sessionStorage.setItem('riichi.session', 'x' + 'A'.repeat(31))")
    other.page.reload()
    wait_table(other.page)
    assert shown(other)[1] == 0 and any(m.get("code") == "session" for m in other.received)
    assert other.page.locator("#error").is_visible()
    # the id itself takes the game up, and the tab that had it lets it go
    other.page.evaluate("key => sessionStorage.setItem('riichi.session', key)", key)
    other.page.reload()
    wait_table(other.page)
    assert shown(other) == kept
    first.page.wait_for_function("!document.getElementById('error').hidden")
    set_language(first.page, "en")
    assert first.page.locator("#error").inner_text() == (
        "This game goes on in another tab. Start a new hand to play here.")
    other.play_to_the_end()
    other.sent[:0] = first.sent  # the hand as both tabs played it
    other.check_fair()
    for context in (first_context, other_context):
        context.close()
