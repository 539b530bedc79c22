"""Nagashi mangan on the web page, in a real browser (Debian's chromium driven by Playwright): a
hand that ends in nagashi mangan says who made it and that it is paid as a mangan by tsumo, in
place of the noten payments, which the page must not claim were made (the engine makes none)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    DESKTOP, READY, Tab, browser, set_language, url,
)

# tenhou, seed 4729, efficiency players: you (the dealer) pass every call and discard terminals
# and honours while you hold any, and the wall runs out with two tenpai players beside you
SEED = 4729
TERMINALS_AND_HONOURS = {0, 8, 9, 17, 18, 26, *range(27, 34)}


def nagashi_discard(view: dict[str, Any]) -> int:
    """The first terminal or honour that may be discarded, else the last tile that may."""
    tiles = [a["tile"] for a in view["actions"] if a["action"] == "discard"]
    return next((t for t in tiles if t >> 2 in TERMINALS_AND_HONOURS), tiles[-1])


def test_a_nagashi_mangan_is_not_called_noten_payments(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, f"?seed={SEED}&rules=tenhou&opponents=efficiency")
    page = tab.page
    for _ in range(300):
        page.wait_for_function(READY)
        if page.locator("#summary").is_visible():
            break
        view = tab.view
        if view["claim"]:
            tab.click_and_wait(".act-pass", "pass")
        else:
            tab.discard(f"#hand button.tile[data-tile='{nagashi_discard(view)}']")
    summary = tab.view["summary"]
    assert summary["reason"] == "nagashi_mangan"
    assert summary["deltas"] == [12_000, -4_000, -4_000, -4_000]
    assert 0 < len(summary["tenpai"]) < 4  # noten payments would have been due, were it a draw
    draw = page.locator("#summary .draw")
    set_language(page, "en")
    assert "Nagashi mangan: You, paid as a mangan by tsumo; no noten payments." in draw.inner_text()
    assert "Noten payments:" not in draw.inner_text()
    set_language(page, "uk")
    assert "Нагаші манган: Ви" in draw.inner_text()
    assert "Виплати нотен:" not in draw.inner_text()
    tab.check_fair()
    context.close()
