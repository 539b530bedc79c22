"""Red fives on the web page follow the rules the server plays: under rules with red fives
(``tenhou``) the 136-ids 16, 52 and 88 are drawn red, marked, named "red 5" and counted as dora;
under rules without them (``wrc``, ``ema-2016``) they are plain fives, as the engine scores them.
Checked in a real browser (Debian's chromium driven by Playwright), the same deal under both."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from riichi.play.web.session import WebGame
from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    DESKTOP, Tab, browser, set_language, url,
)

SEED = 6  # your first hand holds 16 (5m) and 52 (5p); the dora is 3m, and you hold one


@pytest.mark.parametrize(("rules", "red"), [("wrc", False), ("ema-2016", False), ("tenhou", True)])
def test_the_view_says_whether_red_fives_are_played(rules: str, red: bool) -> None:
    view = WebGame(rules, SEED, "random").view()
    assert view["game"]["red_fives"] is red
    assert {16, 52} <= set(view["you"]["hand"]) and view["round"]["dora"] == [2]


def test_red_fives_follow_the_rules_played(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, f"?seed={SEED}&rules=wrc")
    page = tab.page
    set_language(page, "en")
    for rules, red in [("wrc", False), ("tenhou", True), ("ema-2016", False)]:
        if tab.view["game"]["rules"] != rules:  # the next preset, same seed, same tab
            page.select_option("#mode", rules)
            page.fill("#seed", str(SEED))
            page.click("#new-game")
            # the same seed and move: the board's marker stays, the tagline names the rules
            page.wait_for_function("document.getElementById('tagline').textContent"
                                   f".endsWith('({rules})')")
        assert tab.view["game"]["rules"] == rules
        for tile in (16, 52):
            five = page.locator(f"#hand button.tile[data-tile='{tile}']")
            assert five.count() == 1
            assert five.locator(".red-mark").count() == (1 if red else 0), (rules, tile)
            classes = str(five.get_attribute("class")).split()
            assert ("red-five" in classes) is red and ("is-dora" in classes) is red, (rules, classes)
            assert ("red 5" in str(five.get_attribute("aria-label"))) is red, rules
        # 3m is the dora: one in hand, and under tenhou the two red fives besides
        assert page.locator("#center .your-dora").inner_text() == f"Your dora: {3 if red else 1}"
        assert page.locator("#hand .red-five").count() == (2 if red else 0)
    assert not tab.errors
    context.close()
