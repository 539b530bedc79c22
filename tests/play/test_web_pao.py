"""A win with a liable player (pao) says who paid it: the page named a Big Three Dragons tsumo
that the liable player paid alone "the dealer pays 32,000, each of the others 0", and a ron that
the discarder and the liable player split as the discarder's payment only. The walls are
arranged (the server deals only seeded walls), so the finished hands' views, made by the server's
own :class:`WebGame`, are shown on a real page."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from tests.support.pao import pao_game
from tests.support.browser import DESKTOP, Tab, browser, set_language, url  # noqa: F401 - fixtures

def pao_summary(last_draws: str) -> dict[str, Any]:
    """The view of the finished hand (:func:`tests.support.pao.pao_game`)."""
    view = pao_game(last_draws).view()
    assert view["summary"]["wins"][0]["pao"] == 0 and view["summary"]["wins"][0]["yaku"] == [
        ["daisangen", 13]]
    return view


def test_a_pao_win_names_the_liable_player_and_what_each_paid(browser: Browser, url: str) -> None:
    tsumo = pao_summary("7s7s1p5m")  # South draws 5m
    ron = pao_summary("5m")  # West draws and throws 5m
    assert tsumo["summary"]["deltas"] == [-32_000, 32_000, 0, 0]
    assert ron["summary"]["deltas"] == [-16_000, 32_000, -16_000, 0]
    tab = Tab(browser.new_context(viewport=DESKTOP), url)
    expected = {
        "en": ["You pay 32,000 (liable: pao)",
               "You pay 16,000 (liable: pao); West (across) pays 16,000"],
        "uk": ["Ви платите 32\u00a0000 (відповідальність: пао)",
               "Ви платите 16\u00a0000 (відповідальність: пао); Платить Захід (навпроти): 16\u00a0000"],
    }
    for lang, texts in expected.items():
        set_language(tab.page, lang)
        for view, text in zip((tsumo, ron), texts):
            tab.page.evaluate("view => shown(view)", view)
            assert tab.page.inner_text("#summary .pays") == text
    assert not tab.errors
