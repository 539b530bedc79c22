"""The web game at a table of three, in a real browser (Debian's chromium driven by Playwright):
the menu offers "3 players · you against two AI" for ``tenhou-3p`` and ``mahjongsoul-3p``; the
board seats two AI, right and left; a North is set aside with its button and shown as a badge;
the first hand is played to its end by clicking, its payments have three rows, and the hand
rebuilt from the messages the page sent ends as the page says with no hidden tile sent early."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from riichi.play.web.session import GAME_PRESETS, THREE_PLAYER_PRESETS, WebGame
from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    DESKTOP, READY, Tab, browser, no_latin, set_language, url,
)

KITA_SEED = 1  # the human holds a North on the first turn under both presets


def play_setting_norths_aside(tab: Tab) -> None:
    """Play the hand to its end as :meth:`Tab.step` does, setting every North aside at once."""
    for _ in range(300):
        tab.page.wait_for_function(READY)
        if tab.page.locator(".act-kita").count():
            tab.click_and_wait(".act-kita", "kita")
        elif not tab.step():
            break


def test_the_three_player_presets_are_offered_and_seat_two_ai() -> None:
    assert set(THREE_PLAYER_PRESETS) == {"tenhou-3p", "mahjongsoul-3p",
                                         "tenhou-3p-east", "mahjongsoul-3p-east"}
    assert set(THREE_PLAYER_PRESETS) <= set(GAME_PRESETS)
    view = WebGame("tenhou-3p", seed=KITA_SEED, opponents="random,efficiency").view()
    assert view["game"]["players"] == 3 and [s["seat"] for s in view["seats"]] == [0, 1, 2]
    assert sum(s["score"] for s in view["seats"]) == 105_000
    assert any(a["action"] == "kita" and a["tile"] >> 2 == 30 for a in view["actions"])


@pytest.mark.parametrize("preset", ["tenhou-3p", "mahjongsoul-3p"])
def test_a_three_player_hand_in_the_browser(browser: Browser, url: str, preset: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, f"?seed={KITA_SEED}&rules={preset}")
    page = tab.page
    set_language(page, "en")
    options = page.locator("#mode option")
    texts = [options.nth(k).inner_text() for k in range(options.count())]
    assert f"3 players · you against two AI: {preset}" in texts
    assert "Whole game: tenhou" in texts
    page.wait_for_function("document.getElementById('tagline').textContent.includes('3 players')")
    assert tab.view["game"]["rules"] == preset
    assert page.locator("#tagline").inner_text().startswith("3 players · you against two AI")
    assert page.locator(".seat:visible").count() == 3 and page.locator("#seat-2").is_hidden()
    assert "(right)" in page.locator("#seat-1").inner_text()
    assert "(left)" in page.locator("#seat-3").inner_text()
    assert "35,000" in page.locator("#seat-0").inner_text()
    # set the North aside: its badge, a replacement tile, and the turn goes on
    page.wait_for_function(READY)
    assert page.locator(".act-kita").count() == 1  # one button, however many Norths
    tab.click_and_wait(".act-kita", "kita")
    page.wait_for_function(READY)
    assert tab.view["seats"][0]["kita"] == 1
    assert "kita ×1" in page.locator("#seat-0 .badge-kita").inner_text()
    # the North aside is a dora of its own (9m is the dora: none in hand, no red five)
    view = tab.view
    assert view["round"]["dora"] == [8] and 30 not in view["round"]["dora"]
    in_hand = sum(t >> 2 == 8 or t in (16, 52, 88) for t in view["you"]["hand"])
    assert page.locator("#center .your-dora").inner_text() == f"Your dora: {in_hand + 1}"
    assert page.locator("#hand button.tile").count() == 14
    play_setting_norths_aside(tab)
    box = page.locator("#summary")
    assert box.is_visible()
    assert box.locator(".payments tr").count() == 5  # the heads, three seats, the totals
    assert preset in box.locator(".seed-line").inner_text()
    tab.check_fair()
    context.close()


def test_a_win_with_norths_set_aside_names_them(browser: Browser, url: str) -> None:
    """The engine's ``kita`` entry of a win (a dora for each North set aside) is named in the
    yaku table in both languages, as every other yaku is, not shown as the bare key."""
    context = browser.new_context(viewport=DESKTOP)
    # seed 0 with efficiency players: the seat on your left wins by ron with two Norths aside
    tab = Tab(context, url, "?seed=0&rules=tenhou-3p&opponents=efficiency")
    page = tab.page
    play_setting_norths_aside(tab)
    win = tab.view["summary"]["wins"][0]
    assert ["kita", 2] in win["yaku"]
    rows = page.locator("#summary .yaku tr")
    assert rows.count() == len(win["yaku"])
    set_language(page, "en")
    assert "Norths set aside (kita)\t2 han" in page.locator("#summary .yaku").inner_text()
    set_language(page, "uk")
    texts = [rows.nth(k).locator("td").first.inner_text() for k in range(rows.count())]
    assert all(no_latin(text) for text in texts), texts
    tab.check_fair()
    context.close()


def test_a_tsumo_at_a_table_of_three_says_who_paid(browser: Browser, url: str) -> None:
    """A non-dealer's tsumo at a table of three is paid by the dealer and the one other player:
    the page says so, not "each of the others"."""
    context = browser.new_context(viewport=DESKTOP)
    # seed 5 with efficiency players: the seat on your right wins by tsumo; you are the dealer
    tab = Tab(context, url, "?seed=5&rules=tenhou-3p&opponents=efficiency")
    page = tab.page
    play_setting_norths_aside(tab)
    win = tab.view["summary"]["wins"][0]
    assert (win["from"], win["hand"]["seat"], win["deltas"]) == (None, 1, [-6_000, 10_000, -3_000])
    pays = page.locator("#summary .win .pays")
    set_language(page, "en")
    assert pays.inner_text().startswith("The dealer pays 6,000, the other player 3,000 (with")
    set_language(page, "uk")
    assert pays.inner_text().startswith("Дилер платить 6\xa0000, інший гравець — 3\xa0000")
    tab.check_fair()
    context.close()
