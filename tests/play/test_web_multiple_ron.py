"""Several ron wins on one discard on the web page, in a real browser (Debian's chromium driven by
Playwright): each win's "who paid what" line mentions the honba counters only where that win was
paid them. Under ``tenhou`` (``multi_ron_honba = nearest``) the winner first after the discarder
takes the counters and the other is paid the bare hand."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    DESKTOP, READY, Tab, browser, set_language, url,
)

# tenhou, seed 4, efficiency players, you win when you can, pass every call and discard your last
# allowed tile: the fifth hand (East 4, one counter) is won by ron by South and West on one discard
SEED = 4


def test_only_the_winner_paid_the_counters_is_said_to_be(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, f"?seed={SEED}&rules=tenhou&opponents=efficiency")
    page = tab.page
    set_language(page, "en")
    hands = 0
    for _ in range(2000):
        page.wait_for_function(READY)
        if page.locator("#summary").is_visible():
            hands += 1
            if len(tab.view["summary"]["wins"]) > 1:
                break
            tab.click_and_wait("#summary .next-hand", "next")
        elif page.locator(".act-tsumo, .act-ron").count():
            tab.click_and_wait(".act-tsumo, .act-ron", "win")
        elif page.locator(".act-pass").count():
            tab.click_and_wait(".act-pass", "pass")
        else:
            tab.discard()
    summary = tab.view["summary"]
    assert hands == 5 and summary["position"]["honba"] == 1
    first, second = summary["wins"]
    assert [first["hand"]["seat"], second["hand"]["seat"]] == [1, 2]
    # the discarder (you) pays the first winner 2,600 and 300 for the counter, the second 1,300
    assert (first["points"], first["deltas"][0], second["points"], second["deltas"][0]) == (
        2_600, -2_900, 1_300, -1_300)
    pays = page.locator("#summary .win .pays")
    assert pays.nth(0).inner_text().startswith("You pay 2,900 (with the counters of honba 1")
    assert pays.nth(1).inner_text() == "You pay 1,300"
    context.close()
