"""The player's answers as the page sends them: one per decision, however the button or tile
is pressed."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.support.browser import ALLOWED, DESKTOP, READY, Tab, browser, url  # noqa: F401 - fixtures


def test_a_double_click_answers_once(browser: Browser, url: str) -> None:
    # with "one click discards" a double click on a tile sent the discard twice, and the second,
    # refused as too late, put "That answer came too late" over the table; so did a double
    # click on Pass
    tab = Tab(browser.new_context(viewport=DESKTOP), url, "?seed=2")
    page = tab.page
    page.check("#one-click")
    for _ in range(60):
        page.wait_for_function(READY)
        if page.locator("#summary").is_visible():
            break
        before, sent = tab.marker, len(tab.sent)
        target = ".act-pass" if page.locator(".act-pass").count() else ALLOWED
        page.locator(target).last.dblclick()
        tab.wait_moved(before)
        page.wait_for_timeout(50)  # a second answer, if any, is sent at once
        acts = [m for m in tab.sent[sent:] if m["type"] == "act"]
        assert len(acts) == 1, acts
    assert not [m for m in tab.received if m["type"] == "error"]
    assert page.locator("#error").is_hidden()
    tab.check_fair()
