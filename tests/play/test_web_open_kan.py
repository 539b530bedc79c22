"""The Kan button offered on a discard shows the kan it would make, in a real browser (Debian's
chromium driven by Playwright): the discard and the three tiles of its kind in your hand, a red
five shown red where it is one (the discard or one of yours) and not where it is not."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    DESKTOP, READY, Tab, browser, url,
)


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
    for _ in range(200):
        page.wait_for_function(READY)
        assert page.locator("#summary").is_hidden(), "the hand ended with no kan offered"
        if page.locator(".act-kan").count():
            break
        if page.locator(".act-pass").count():
            tab.click_and_wait(".act-pass", "pass")
        else:
            tab.discard()
    button = page.locator(".act-kan")
    shown = [int(str(t.get_attribute("data-tile"))) for t in button.locator(".tile").all()]
    assert sorted(shown) == kan
    assert button.locator(".red-five").count() == 1
    assert tab.view["claim"]["tile"] in kan
    context.close()
