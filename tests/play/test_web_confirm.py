"""Choose, then confirm (issue #38, point 2), as the CARDAVIA page says ("Виберіть плитку і
підтвердьте скидання"): in a real browser, in both languages, at 1280 pixels by mouse and at 390 by
touch. A click (or tap) on a tile only chooses it and sends nothing; a second click on it, Enter or
the Discard button discards it; another tile moves the choice, Esc drops it; the "one click
discards" option, remembered by the browser, discards on the first click."""

from __future__ import annotations

import pytest
from pathlib import Path

from playwright.sync_api import Browser

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    ALLOWED, LOOK_IDS, LOOKS, PHONE, Tab, browser, new_context, set_language, shots, snap, url,
)

WORDS = {
    "uk": {"turn": "підтвердьте скидання", "chosen": "Скинути {tile}?", "button": "Скинути"},
    "en": {"turn": "then confirm the discard", "chosen": "Discard {tile}?", "button": "Discard"},
}


@pytest.mark.parametrize(("lang", "size"), LOOKS, ids=LOOK_IDS)
def test_a_discard_is_chosen_then_confirmed(browser: Browser, url: str, shots: Path, lang: str,
                                            size: dict[str, int]) -> None:
    phone = size == PHONE
    context = new_context(browser, size)
    tab = Tab(context, url, "?seed=4", touch=phone)
    page, words = tab.page, WORDS[lang]
    set_language(page, lang)
    assert words["turn"] in page.locator("#status").inner_text()
    discard_button = page.locator(".act-discard")
    assert discard_button.is_disabled() and words["button"] in discard_button.inner_text()
    # a choice sends nothing; another tile moves it; Esc drops it
    tiles = page.locator(ALLOWED)
    first, second = (str(tiles.nth(k).get_attribute("data-tile")) for k in (0, 1))
    before, sent = tab.marker, len(tab.sent)
    tab.press(f"{ALLOWED}[data-tile='{first}']")
    name = page.evaluate("id => tileName(id)", int(first))
    assert words["chosen"].format(tile=name) in page.locator("#status").inner_text()
    assert discard_button.is_enabled()
    assert discard_button.locator(".tile").get_attribute("data-tile") == first
    snap(page, shots / f"{lang}-{size['width']}-confirm.jpg")
    tab.press(f"{ALLOWED}[data-tile='{second}']")
    assert page.locator("#hand .chosen").count() == 1
    assert page.locator("#hand .chosen").get_attribute("data-tile") == second
    assert page.locator(f"#hand [data-tile='{first}']").get_attribute("aria-pressed") == "false"
    page.keyboard.press("Escape")
    assert page.locator("#hand .chosen").count() == 0 and discard_button.is_disabled()
    assert tab.marker == before and len(tab.sent) == sent, "choosing sends nothing"
    # each way to confirm, on turns of its own (a phone has no Enter key)
    confirms = ["again", "button"] if phone else ["again", "enter", "button"]
    for how in confirms:
        tab.until_turn()
        pond = len(tab.view["seats"][0]["pond"])
        discarded = tab.discard(how=how)
        page.wait_for_function(f"() => document.querySelectorAll('#seat-0 .pond .tile').length > {pond}")
        assert tab.view["seats"][0]["pond"][pond]["tile"] == discarded
    # one click discards with the option, which the browser remembers
    tab.until_turn()
    page.locator("#one-click").check()
    page.reload()
    page.wait_for_selector("#hand button.tile")
    assert page.locator("#one-click").is_checked()
    tab.until_turn()
    pond = len(tab.view["seats"][0]["pond"])
    tile = int(str(page.locator(ALLOWED).last.get_attribute("data-tile")))
    tab.click_and_wait(f"{ALLOWED}[data-tile='{tile}']", "one click")
    assert tab.view["seats"][0]["pond"][pond]["tile"] == tile
    page.locator("#one-click").uncheck()
    assert page.evaluate("localStorage.getItem('riichi.one-click')") == "0"
    tab.play_to_the_end()
    tab.check_fair()
    context.close()
