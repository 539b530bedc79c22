"""Keys held with Ctrl, Alt or Meta belong to the browser (Ctrl+H its history, Alt+1 or Ctrl+1 a
tab, Alt+Left back, Ctrl+Enter in some a new tab), not to the table: in a real browser (Debian's
chromium driven by Playwright) none of them chooses, discards, presses a button or shows the hint,
while the same keys alone still do."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    ALLOWED, DESKTOP, READY, Tab, browser, url,
)

HELD = ["Control+Enter", "Alt+Enter", "Meta+Enter", "Control+1", "Alt+1", "Control+h",
        "Alt+h", "Alt+ArrowLeft", "Control+ArrowRight", "Control+Escape"]


def test_keys_with_ctrl_alt_or_meta_are_left_to_the_browser(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=4")
    page = tab.page
    page.wait_for_function(READY)
    tab.until_turn()
    page.locator(ALLOWED).last.click()  # chosen, waiting to be confirmed
    chosen = page.locator("#hand .chosen").get_attribute("data-tile")
    sent, before = len(tab.sent), tab.marker
    for key in HELD:
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert len(tab.sent) == sent and tab.marker == before
    assert page.locator("#hand .chosen").get_attribute("data-tile") == chosen
    assert page.locator("#hintbox").is_hidden() and not page.is_checked("#hint-on")
    page.keyboard.press("h")  # alone, the keys are the table's
    assert page.locator("#hintbox").is_visible()
    page.keyboard.press("Enter")
    tab.wait_moved(before)
    assert not tab.errors
    context.close()
