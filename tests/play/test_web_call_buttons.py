"""The buttons of the calls offered on a discard, in a real browser (Debian's chromium driven by
Playwright). The Kan button shows the kan it would make: the discard and the three tiles of its
kind in your hand, a red five shown red where it is one (the discard or one of yours) and not where
it is not. Under rules without red fives, calls that differ only by which five they take are the
same call: the engine offers it once, as one button."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    DESKTOP, READY, Tab, browser, url,
)


def pass_until(tab: Tab, offered: str) -> None:
    """Pass every call and discard your last allowed tile until a button ``offered`` shows."""
    page = tab.page
    for _ in range(200):
        page.wait_for_function(READY)
        assert page.locator("#summary").is_hidden(), f"the hand ended with no {offered} offered"
        if page.locator(offered).count():
            return
        if page.locator(".act-pass").count():
            tab.click_and_wait(".act-pass", "pass")
        else:
            tab.discard()


# cardavia, efficiency players, you pass every call and discard your last allowed tile until a
# kan is offered: on seed 654 of the red 5s (88) with three plain 5s in your hand, on seed 1554
# of a plain 5p (53) with the red 5p (52) and two plain ones in your hand
@pytest.mark.parametrize(("seed", "kan"), [(654, [88, 89, 90, 91]), (1554, [52, 53, 54, 55])])
def test_the_kan_button_shows_the_tiles_of_the_kan(
    browser: Browser, url: str, seed: int, kan: list[int]
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, f"?seed={seed}&opponents=efficiency")
    page = tab.page
    pass_until(tab, ".act-kan")
    button = page.locator(".act-kan")
    shown = [int(str(t.get_attribute("data-tile"))) for t in button.locator(".tile").all()]
    assert sorted(shown) == kan
    assert button.locator(".red-five").count() == 1
    assert tab.view["claim"]["tile"] in kan
    context.close()


# wrc (no red fives), efficiency players, passing and discarding as above: on seed 2 you may chi
# 5s6s (91 96) or 5s6s (88 96), the same call under these rules
def test_calls_alike_without_red_fives_are_one_button(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=2&rules=wrc&opponents=efficiency")
    pass_until(tab, ".act-chi")
    chis = [a for a in tab.view["actions"] if a["action"] == "chi"]
    assert [a["tiles"] for a in chis] == [[88, 96]]  # 5s ids 88 and 91 in hand: the lowest
    assert tab.page.locator(".act-chi").count() == 1
    before = tab.view["seats"][0]["melds"]
    tab.click_and_wait(".act-chi", "chi")
    melds = tab.view["seats"][0]["melds"]
    assert len(melds) == len(before) + 1 and melds[-1]["kind"] == "chi"
    assert not tab.errors
    context.close()
