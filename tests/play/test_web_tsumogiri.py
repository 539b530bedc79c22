"""The ponds mark a tsumogiri (the drawn tile discarded at once), as Tenhou does: the tile is
greyed (class ``tsumogiri``), and says so to a screen reader and in a tooltip, in both languages;
every pond of the page marks exactly the tiles the server's view says were tsumogiri."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    ALLOWED, DESKTOP, READY, Tab, browser, set_language, url,
)

SAID = {"en": "discarded as drawn (tsumogiri)", "uk": "скинута одразу, як узята (цумоґірі)"}
PONDS = """() => [0, 1, 2, 3].map(place => [...document.querySelectorAll(`#seat-${place} .pond .tile`)]
    .map(el => el.classList.contains('tsumogiri')))"""
FILL = "el => getComputedStyle(el.querySelector('.tile-body')).fill"


def test_a_tsumogiri_is_greyed_and_named_in_every_pond(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=11")
    page = tab.page
    tab.until_turn()
    tab.discard(f"{ALLOWED}.drawn")
    tab.until_turn()
    tab.discard(f"{ALLOWED}:not(.drawn)")
    page.wait_for_function(READY)  # the AI wait for you: the page stays as it is
    view = tab.view
    shown = page.evaluate(PONDS)
    flags = {seat["seat"]: [d["tsumogiri"] for d in seat["pond"]] for seat in view["seats"]}
    assert shown == [flags[place] for place in range(4)]  # seat k sits at place k at four
    assert flags[0][:2] == [True, False]
    assert any(True in f for f in flags.values()) and any(False in f for f in flags.values())
    mine = page.locator("#seat-0 .pond .tile")
    drawn, kept = mine.nth(0), mine.nth(1)
    assert drawn.evaluate(FILL) != kept.evaluate(FILL)  # greyed
    for lang in ("en", "uk"):
        set_language(page, lang)
        drawn = page.locator("#seat-0 .pond .tile").nth(0)
        kept = page.locator("#seat-0 .pond .tile").nth(1)
        assert SAID[lang] in str(drawn.get_attribute("aria-label"))
        assert drawn.get_attribute("title") == SAID[lang]
        assert SAID[lang] not in str(kept.get_attribute("aria-label"))
        assert kept.get_attribute("title") is None
    assert tab.errors == []
    context.close()
