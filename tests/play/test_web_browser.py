"""The web game in a real browser: Debian's chromium driven by Playwright, against the server that
``python -m riichi.play --web`` starts (tests/support/browser.py).

Whole hands by clicking at 1280 and 390 pixels in both languages, by keys alone, by following the
hint to a riichi and a win; the language, sliders and tabs; bad messages; two games at once; a
whole game's first hand. Every hand is rebuilt from the messages the page sent and must end as
the page says, and no message before the end may hold a tile the human could not see. The
docs' pictures are made so: ``RIICHI_SCREENSHOTS=docs/web pytest tests/play/test_web_browser.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.support.browser import (  # noqa: F401 - url, browser and shots are fixtures
    DESKTOP, PHONE, READY, Tab, browser, set_language, shots, snap, url,
)

CALL_SEED = 4  # the test player is offered a pon and a chi, and an AI seat wins by tsumo


@pytest.mark.parametrize("lang,size", [("uk", DESKTOP), ("en", DESKTOP), ("uk", PHONE),
                                       ("en", PHONE)],
                         ids=["uk-1280", "en-1280", "uk-390", "en-390"])
def test_a_whole_hand_by_clicking_with_a_call(browser: Browser, url: str, shots: Path,
                                              lang: str, size: dict[str, int]) -> None:
    context = browser.new_context(viewport=size)
    tab = Tab(context, url, f"?seed={CALL_SEED}")
    page = tab.page
    set_language(page, lang)
    name = f"{lang}-{size['width']}"
    assert page.locator("#tab-table").inner_text() == {"uk": "Таблиця", "en": "Table"}[lang]
    # the table: four seats, the dora indicator, your 14 tiles with the drawn one apart
    assert page.locator(".seat").count() == 4
    assert page.locator("#center .dora .tile").count() == 2
    hand = page.locator("#hand button.tile")
    assert hand.count() == 14 and page.locator("#hand .drawn").count() == 1
    assert all(hand.nth(k).get_attribute("aria-label") for k in range(14))
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]  # no sideways scroll
    page.check("#hint-on")

    offered: list[dict[str, Any]] = []

    def on_call() -> None:  # the first call offered is the picture of a call
        if not offered:
            snap(page, shots / f"{name}-call.jpg")
        offered.append(tab.view)

    for _ in range(300):  # the picture of the table: mid-hand, on your turn, with the hint
        page.wait_for_function(READY)
        view = tab.view
        if len(view["seats"][0]["pond"]) == 6 and view["hint"] and not view["claim"]:
            snap(page, shots / f"{name}-table.jpg")
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        if not tab.step(on_call):
            break
    assert (shots / f"{name}-table.jpg").exists()
    assert offered and {"pon", "chi"} & set(tab.clicked), tab.clicked
    assert all(view["claim"] is not None for view in offered)
    assert page.locator("#hand .meld").count() >= 1
    assert page.locator(".pond .called").count() >= 1
    # the end: the winning hand, each yaku, each fu item, the points, every seat's payment
    summary = tab.view["summary"]
    assert summary["ending"] == "win"
    win = summary["wins"][0]
    box = page.locator("#summary")
    assert box.locator(".yaku tr").count() == len(win["yaku"])
    assert box.locator(".fu tr:not(.fu-sum)").count() == len(win["fu_items"])
    assert box.locator(".payments tr").count() == 6  # the heads, four seats, the totals
    assert f"{win['points']:,}".replace(",", "") in box.locator(".total").inner_text().replace(
        "\u202f", "").replace("\xa0", "").replace(",", "").replace(" ", "")
    assert str(CALL_SEED) in box.locator(".seed-line").inner_text()
    assert box.locator(".summary-new").is_visible() and box.locator(".next-hand").count() == 0
    snap(page, shots / f"{name}-end.jpg", full_page=size is PHONE)
    tab.check_fair()
    page.click("#tab-rules")
    assert page.locator("#panel-rules").is_visible() and page.locator("#panel-table").is_hidden()
    assert page.locator("#rules h3").count() >= 5
    snap(page, shots / f"{name}-rules.jpg")
    context.close()


def test_language_sliders_and_rules_tab(browser: Browser, url: str, shots: Path) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=9", plain=False)  # the page's own look
    page = tab.page
    assert page.locator("html").get_attribute("lang") == "uk"  # the documents' language first
    for k in range(3):
        tab.step()
    # switch in the middle of the hand (waiting for the human: nothing moves): the labels follow
    page.wait_for_function(READY)
    marker = tab.marker
    uk_status = page.locator("#status").inner_text()
    set_language(page, "en")
    assert page.locator("#tab-rules").inner_text() == "Full rules"
    assert page.locator("#status").inner_text() != uk_status
    assert tab.marker == marker
    set_language(page, "uk")
    assert page.locator("#status").inner_text() == uk_status
    assert page.locator("#tab-rules").inner_text() == "Повні правила"
    # the sliders start at 50 % and change the look; the browser remembers them
    tab.play_to_the_end()  # a still page from here on
    for name in ("contrast", "grain", "temperature"):
        assert page.input_value(f"#{name}") == "50"
    looks = {}
    for name, value in (("contrast", "85"), ("grain", "10"), ("temperature", "90")):
        previous = page.screenshot()
        page.locator(f"#{name}").fill(value)
        assert page.locator(f"#{name}-out").inner_text() == f"{value}%"
        looks[name] = page.screenshot()
        assert looks[name] != previous, name
    snap(page, shots / "uk-1280-sliders.jpg")
    page.reload()  # the finished hand is taken up again, its summary showing
    page.wait_for_selector("#summary:not([hidden])")
    assert [page.input_value(f"#{n}") for n in ("contrast", "grain", "temperature")] == ["85", "10", "90"]
    filter_css = page.evaluate("getComputedStyle(document.getElementById('look')).filter")
    assert "contrast(1.3" in filter_css, filter_css
    assert page.locator(".tint").is_visible()
    for name in ("contrast", "grain", "temperature"):
        page.locator(f"#{name}").fill("50")
    assert page.evaluate("localStorage.getItem('riichi.contrast')") == "50"
    # the neutral look draws neither the filter nor the tint (each would change nothing there)
    assert page.evaluate("getComputedStyle(document.getElementById('look')).filter") == "none"
    assert page.locator(".tint").is_hidden()
    # the grain is drawn at 50 %, not at 0 % (where its layer would be blended for nothing)
    assert page.locator(".grain").is_visible()
    page.locator("#grain").fill("0")
    assert page.locator(".grain").is_hidden()
    page.locator("#grain").fill("50")
    assert page.locator(".grain").is_visible()
    # the rules tab in both languages
    page.click("#tab-rules")
    uk_rules = page.locator("#rules").inner_text()
    assert "Фурітен" in uk_rules and "ріічі" in uk_rules.lower()
    set_language(page, "en")
    en_rules = page.locator("#rules").inner_text()
    assert "Furiten" in en_rules and "head bump" in en_rules
    assert [page.locator("#rules h3").nth(k).inner_text()[:2] for k in range(5)] == \
        ["1.", "2.", "3.", "4.", "5."]
    page.click("#tab-table")
    assert page.locator("#panel-table").is_visible()
    context.close()


def test_keyboard_play_and_the_hint(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, f"?seed={CALL_SEED}")
    page = tab.page
    set_language(page, "en")
    page.keyboard.press("h")
    assert page.locator("#hintbox").is_visible()
    view = tab.view
    assert page.locator("#hand .ukeire").count() == 14
    best = view["hint"][0]
    best_mark = page.locator("#hand button.tile").evaluate_all(
        "(tiles, t) => tiles.filter(b => (Number(b.dataset.tile) >> 2) === t)"
        ".map(b => b.querySelector('.ukeire').textContent)", best["tile_type"])
    assert best_mark and set(best_mark) == {str(best["unseen"])}
    before_keys = tab.marker
    page.locator("#hand button.tile").last.focus()
    page.keyboard.press("ArrowLeft")  # moves the focus and chooses the tile: nothing is sent
    focused = page.evaluate("document.activeElement.dataset.tile")
    assert focused == str(view["you"]["hand"][-2])
    assert page.locator("#hand .chosen").get_attribute("data-tile") == focused
    assert tab.marker == before_keys and page.locator(".act-discard").is_enabled()
    before = tab.marker
    page.keyboard.press("Enter")  # confirms
    page.wait_for_function(f"document.getElementById('board').dataset.move !== {json.dumps(before)}")
    assert tab.view["seats"][0]["pond"][0]["tile"] == int(focused)
    # the hand by keys alone: ← chooses, Enter discards, 1 takes the first call, Esc passes
    keys: list[str] = []
    for _ in range(300):
        page.wait_for_function(READY)
        if page.locator("#summary").is_visible():
            break
        before = tab.marker
        if page.locator(".act-pon, .act-chi").count() and "1" not in keys:
            key = "1"
        elif page.locator(".act-pass").count():
            key = "Escape"
        elif page.locator(".act-tsumo, .act-ron").count():
            key = "1"
        else:
            page.locator("#hand button.tile:not(.dim):not([disabled])").last.focus()
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("ArrowRight")  # back on that tile, which the arrow chooses
            key = "Enter"
        page.keyboard.press(key)
        keys.append(key)
        page.wait_for_function(
            f"document.getElementById('board').dataset.move !== {json.dumps(before)}")
    assert page.locator("#summary").is_visible()
    assert "1" in keys and "Escape" in keys
    assert tab.view["seats"][0]["melds"], "the call taken with the key 1"
    tab.check_fair()
    context.close()


def test_bad_messages_from_the_page_get_errors_and_change_nothing(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=4")
    page = tab.page
    move = tab.view["move"]
    marker = tab.marker
    for raw in ["nonsense", json.dumps({"type": "act", "move": move, "action": 99}),
                json.dumps({"type": "act", "move": move + 5, "action": 0}),
                json.dumps({"type": "dance"})]:
        count = len(tab.received)
        page.evaluate("raw => state.socket.send(raw)", raw)
        page.wait_for_function("() => !document.getElementById('error').hidden")
        for _ in range(100):
            if len(tab.received) > count:
                break
            page.wait_for_timeout(20)
        assert tab.received[-1]["type"] == "error"
        assert tab.marker == marker
    assert page.locator("#error").inner_text()
    tab.play_to_the_end()
    tab.check_fair()
    context.close()


def test_two_browser_contexts_play_two_games_at_once(browser: Browser, url: str) -> None:
    contexts = [browser.new_context(viewport=DESKTOP) for _ in range(2)]
    tabs = [Tab(contexts[0], url, "?seed=4"), Tab(contexts[1], url, "?seed=1&opponents=random")]
    live = [True, True]
    for _ in range(300):
        for k, tab in enumerate(tabs):
            if live[k]:
                live[k] = tab.step()
        if not any(live):
            break
    assert not any(live)
    for tab in tabs:
        tab.check_fair()
    games = [tab.view["game"] for tab in tabs]
    assert (games[0]["seed"], games[1]["seed"]) == (4, 1)
    assert games[1]["opponents"] == "random"
    assert tabs[0].view["summary"] != tabs[1].view["summary"]
    for context in contexts:
        context.close()


def test_a_whole_game_from_the_menu(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=3")
    page = tab.page
    set_language(page, "en")
    page.select_option("#mode", "ema")
    page.fill("#seed", "3")
    page.click("#new-game")
    page.wait_for_function("document.getElementById('tagline').textContent.includes('whole game')")
    assert tab.view["game"]["rules"] == "ema" and "30,000" in page.locator("#seat-0").inner_text()
    page.click("#tab-rules")
    assert "rules of the preset ema" in page.locator("#rules").inner_text()
    page.click("#tab-table")
    tab.play_to_the_end()
    first = tab.view["summary"]["position"]
    tab.check_fair()
    before = tab.marker
    page.click(".next-hand")
    page.wait_for_function(f"document.getElementById('board').dataset.move !== {json.dumps(before)}")
    page.wait_for_function("document.getElementById('summary').hidden")
    now = tab.view["round"]
    assert (now["kyoku"], now["honba"]) != (first["kyoku"], first["honba"])
    assert page.locator("#center .round").inner_text().startswith("East")
    context.close()


def test_riichi_and_a_win_of_your_own(browser: Browser, url: str, shots: Path) -> None:
    for lang in ("uk", "en"):
        context = browser.new_context(viewport=DESKTOP)
        tab = Tab(context, url, "?seed=67")
        page = tab.page
        set_language(page, lang)
        page.check("#hint-on")
        for _ in range(200):
            if not tab.hint_step():
                break
            if tab.clicked[-1] == "riichi":
                page.wait_for_function(READY)
                assert page.locator("#seat-0 .badge-riichi").is_visible()
                assert page.locator("#seat-0 .pond .riichi-tile").count() == 1
                snap(page, shots / f"{lang}-1280-riichi.jpg")
        assert "riichi" in tab.clicked and tab.clicked[-1] in ("tsumo", "ron")
        win = tab.view["summary"]["wins"][0]
        assert win["hand"]["seat"] == 0 and "riichi" in dict(win["yaku"])
        if lang == "en" and win["sticks_won"]:
            assert f"riichi sticks on the table: {win['sticks_won']:,}" in page.inner_text(".pays")
        snap(page, shots / f"{lang}-1280-win.jpg")
        tab.check_fair()
        context.close()


def test_furiten_badge(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=11")  # the test player is furiten from move 46
    page = tab.page
    set_language(page, "en")
    for _ in range(200):
        page.wait_for_function(READY)
        view = tab.view
        if view["you"]["furiten"] and view["you"]["waits"] and view["actions"]:
            break
        assert page.locator(".badge-furiten").count() == 0
        assert tab.step()
    badge = page.locator("#seat-0 .badge-furiten")
    assert badge.is_visible() and badge.inner_text() == "FURITEN"
    assert "ron" in str(badge.get_attribute("aria-label"))
    context.close()
