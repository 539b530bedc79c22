"""The player's answers as the page sends them: one per decision, however the button or tile
is pressed, and none where the game went on in another tab; the AI the command line named."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    ALLOWED, DESKTOP, READY, Tab, browser, set_language, url,
)


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


def test_a_tab_whose_game_went_on_in_another_offers_nothing_to_press(
    browser: Browser, url: str
) -> None:
    # the tab kept its tiles and buttons; a press was refused ("no game yet") and the refusal
    # took the place of the banner saying where the game went
    context = browser.new_context(viewport=DESKTOP)
    first = Tab(context, url, "?seed=4")
    other = Tab(context, url, "?seed=4")
    other.page.evaluate("key => sessionStorage.setItem('riichi.session', key)",
                        first.page.evaluate("sessionStorage.getItem('riichi.session')"))
    other.page.reload()
    page = first.page
    page.wait_for_function("!document.getElementById('error').hidden")
    set_language(page, "en")
    assert page.locator(f"{ALLOWED}, #actions button:not([disabled])").count() == 0
    assert page.locator("#hand button.tile").count() == 14  # the last view stays in sight
    assert page.locator("#status").inner_text() == ""
    page.keyboard.press("Enter")
    page.locator("#hand button.tile").last.click(force=True)
    assert page.locator("#error").inner_text() == (
        "This game goes on in another tab. Start a new hand to play here.")
    assert not [m for m in first.sent if isinstance(m, dict) and m["type"] == "act"]
    assert not first.errors
    context.close()


def test_the_opponents_named_one_by_one_play_the_first_game(browser: Browser, url: str) -> None:
    # --opponents random,defensive,efficiency reaches the page as its address says; the page
    # knew only single names and dealt the first game against the default player
    named = "random,defensive,efficiency"
    tab = Tab(browser.new_context(viewport=DESKTOP), url,
              "?rules=cardavia&opponents=random%2Cdefensive%2Cefficiency&seed=3")
    assert tab.view["game"]["opponents"] == named
    assert [m["opponents"] for m in tab.sent if m["type"] == "new"] == [named]
    page = tab.page
    for lang, text in (("en", "random, defensive, efficient"), ("uk", "випадкові, обережні, ощадливі")):
        set_language(page, lang)  # the menu is filled again in the language: the choice stays
        assert page.locator("#opponents").input_value() == named
        assert page.locator("#opponents option:checked").inner_text() == text
    assert not tab.errors
