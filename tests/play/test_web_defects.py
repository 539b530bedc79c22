"""The defects issue #38 met in play, each fixed and shown so in a real browser, in both languages at
1280 and 390 pixels: the end-of-hand table adds up with the riichi sticks put down and returned;
the end of a whole game names players as the hand above it does and shows the uma; a refused seed
leaves the table playable and ``abc`` is refused clearly; the hint respects riichi and says Tsumo
on a winning draw; a cue when the keys go to a form control; "You wait on"; banners in one
language. (A reload: test_web_reload.py; red fives and tap sizes: test_web_tiles.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    DESKTOP, PHONE, READY, Tab, browser, each_look, no_latin, set_language, shots, snap, url,
)
from riichi.rules import RuleSet

CYRILLIC = re.compile(r"[А-Яа-яІіЇїЄєҐґ]")


def number(text: str) -> int:
    """A number as the page writes it: 25 000 or 25,000, +1,000, −1 000."""
    digits = re.sub(r"[\s\u202f\xa0,+]", "", text).replace("−", "-")
    return int(digits)


def table_rows(page: Page, selector: str) -> tuple[list[str], list[list[str]]]:
    """A table's head cells and the cells of its other rows."""
    rows: list[list[str]] = page.locator(f"{selector} tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.innerText.trim()))")
    return rows[0], rows[1:]


def test_a_drawn_hand_with_a_riichi_stick_adds_up(browser: Browser, url: str, shots: Path) -> None:
    # seed 11: North declares riichi, the wall runs out with you and North tenpai; the hand being
    # the whole game, North's stick goes back to North
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=11")
    tab.play_to_the_end()
    view = tab.view
    summary, final = view["summary"], view["final"]
    assert summary["ending"] == "draw" and {h["seat"] for h in summary["tenpai"]} == {0, 3}
    page = tab.page
    for lang, size in each_look(page):
        snap(page, shots / f"{lang}-{size['width']}-draw.jpg", full_page=size == PHONE)
        head, rows = table_rows(page, "#summary .payments")
        returned = {"uk": "повернені палички", "en": "sticks returned"}[lang]
        assert head[1:] == {"uk": ["на початку", "палички ріічі", "роздача", returned, "після"],
                            "en": ["at the start", "riichi sticks", "the hand", returned, "after"]}[lang]
        seats, total = rows[:4], rows[4]
        for row in seats:  # each row adds up
            start, deposit, change, back, after = (number(cell) for cell in row[1:])
            assert start + deposit + change + back == after, row
        assert [number(row[5]) for row in seats] == final["scores"]  # the engine's final points
        assert number(total[5]) == 100_000 and number(total[2]) == -1_000 and number(total[4]) == 1_000
        north = seats[3]
        assert (number(north[2]), number(north[4])) == (-1_000, 1_000)
        text = page.locator("#summary").inner_text()
        assert {"uk": "Ви чекаєте на:", "en": "You wait on:"}[lang] in text
        assert "waits on" not in text.replace("(left) waits on", "")  # "You waits on" no more
    tab.check_fair()
    context.close()


def test_the_end_of_a_whole_game(browser: Browser, url: str, shots: Path) -> None:
    # tenhou, seed 4, from the menu: five hands, then you are bust; the final table names every
    # player as the last hand's table does and adds up points, the return and uma with oka
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=4")
    page = tab.page
    page.select_option("#mode", "tenhou")
    page.fill("#seed", "4")
    page.click("#new-game")
    page.wait_for_function("document.getElementById('tagline').textContent.includes('tenhou')")
    for _ in range(12):
        tab.play_to_the_end()
        if not page.locator(".next-hand").count():
            break
        before = tab.marker
        page.click(".next-hand")
        tab.wait_moved(before)
    view = tab.view
    final, rules = view["final"], RuleSet.preset("tenhou")
    assert view["over"] and final is not None and view["game"]["rules"] == "tenhou"
    for lang, size in each_look(page):
        page.locator("#summary .final").scroll_into_view_if_needed()
        page.screenshot(path=shots / f"{lang}-{size['width']}-final.jpg", type="jpeg", quality=82)
        _, rows = table_rows(page, "#summary .payments")
        hand_names = {row[0].split(" (")[0] if row[0].startswith(("Ви", "You")) else row[0]
                      for row in rows[:4]}
        head, ranking = table_rows(page, "#summary .final")
        assert head == {"uk": ["Місце", "Гравець", "Очки", "повернення", "ума й ока", "Результат"],
                        "en": ["Place", "Player", "Points", "return", "uma and oka", "Result"]}[lang]
        assert {row[1] for row in ranking} == hand_names  # one name per player on the page
        assert {"uk": "Ви платите", "en": "You pay "}[lang] in page.locator("#summary .pays").inner_text()
        for row in ranking:
            place, points, back, uma, result = number(row[0]), *(number(c) for c in row[2:])
            assert points + back + uma == result and back == -rules.return_points
            assert uma == rules.uma[place - 1] + (rules.oka if place == 1 else 0)
        assert sorted(number(row[5]) for row in ranking) == sorted(final["results"])
    context.close()


BAD_SEEDS = ["-5", "1.5", "9223372036854775808", "99999999999999999999", "abc"]


def test_a_refused_seed_leaves_the_table_playable(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=4")
    page = tab.page
    for (lang, _), bad in zip(each_look(page), BAD_SEEDS[:4], strict=True):
        tab.until_turn()
        marker, sent = tab.marker, len(tab.sent)
        page.fill("#seed", bad)
        page.click("#new-game")
        banner = page.locator("#error")
        assert banner.is_visible()
        words = {"uk": f"Зерно «{bad}» не прийнято", "en": f"Seed “{bad}” not accepted"}[lang]
        assert banner.inner_text().startswith(words)
        assert tab.marker == marker and len(tab.sent) == sent  # nothing asked of the server
        tab.discard()  # and the table plays on
    set_language(page, "uk")
    page.fill("#seed", "abc")
    page.click("#new-game")
    assert page.locator("#error").inner_text().startswith("Зерно «abc» не прийнято: зерно — це ціле число")
    # a seed the server refuses (sent by hand) does not freeze the table either
    page.evaluate("raw => state.socket.send(raw)", json.dumps({"type": "new", "seed": -5}))
    page.wait_for_function("() => document.getElementById('error').textContent.includes('-5')")
    tab.until_turn()
    tab.discard()
    # the largest seed goes to the server digit for digit
    page.fill("#seed", "9223372036854775807")
    page.click("#new-game")
    # the new game's view, not a late turn of the old game's players (they still play after the
    # discard above): the board shows the seed as a JavaScript number, so compare it as one
    page.wait_for_function("seed => Number(document.getElementById('board').dataset.move"
                           ".split(':')[0]) === Number(seed)", arg="9223372036854775807")
    assert any(isinstance(m, dict) and m.get("seed") == 2**63 - 1 for m in tab.sent)
    assert tab.view["game"]["seed"] == 2**63 - 1 and page.locator("#error").is_hidden()
    context.close()


def _allowed(view: dict[str, Any]) -> set[int]:
    return {a["tile"] >> 2 for a in view["actions"] if a["action"] == "discard"}


def test_the_hint_respects_riichi_and_says_tsumo(browser: Browser, url: str) -> None:
    # seed 67: following the hint you declare riichi, then draw your winning tile
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=67")
    page = tab.page
    page.check("#hint-on")
    for _ in range(200):
        page.wait_for_function(READY)
        view = tab.view
        if view["hint_tsumo"]:
            break
        assert {row["tile_type"] for row in view["hint"]} <= _allowed(view)  # only allowed discards
        assert tab.hint_step()
    assert view["seats"][0]["riichi"] and "riichi" in tab.clicked
    drawn = view["you"]["drawn"]
    assert [row["tile_type"] for row in view["hint"]] == [drawn >> 2] == sorted(_allowed(view))
    for lang, _ in each_look(page):
        hint = page.locator("#hintbox").inner_text()
        assert hint == {"uk": "Підказка: Цумо! Взята плитка завершує вашу руку.",
                        "en": "Hint: Tsumo! The drawn tile completes your hand."}[lang]
        assert page.locator(".act-tsumo.hinted").is_visible()
        marks = page.locator("#hand button.tile .ukeire").all_inner_texts()
        assert [m for m in marks if m] == [str(view["hint"][0]["unseen"])]  # the drawn tile's alone
    tab.click_and_wait(".act-tsumo", "tsumo")
    assert tab.view["summary"]["wins"][0]["hand"]["seat"] == 0
    tab.check_fair()
    context.close()


def test_keys_in_a_form_control_are_cued(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=4")
    page = tab.page
    cue = page.locator("#keys-cue")
    page.fill("#seed", "")
    page.locator("#hand button.tile").first.focus()
    for lang, _ in each_look(page):
        assert cue.is_hidden()
        page.click("#seed")
        field = {"uk": "Зерно", "en": "Seed"}[lang]
        assert cue.is_visible() and cue.inner_text() == {
            "uk": f"Клавіші зараз діють у полі «{field}»: Esc повертає їх столу.",
            "en": f"The keys now go to “{field}”: Esc gives them back to the table."}[lang]
        page.keyboard.press("h")  # typed into the field, not the hint's key
        assert page.input_value("#seed") == "h" and page.locator("#hintbox").is_hidden()
        page.keyboard.press("Escape")
        assert cue.is_hidden() and page.evaluate("document.activeElement.matches('#hand button.tile')")
        page.keyboard.press("h")
        assert page.locator("#hintbox").is_visible()
        page.keyboard.press("h")
        page.fill("#seed", "")
        page.locator("#contrast").focus()
        assert cue.is_visible() and "Contrast" in cue.inner_text()
        page.locator("#hint-on").focus()  # a checkbox takes no keys but space: no cue
        assert cue.is_hidden()
        page.keyboard.press("h")
        assert page.locator("#hintbox").is_visible()
        page.keyboard.press("h")
        page.locator("#hand button.tile").first.focus()
    context.close()


def test_banners_speak_the_pages_language(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=4")
    page = tab.page
    move = tab.view["move"]
    bad = ["nonsense", json.dumps({"type": "act", "move": move + 5, "action": 0}),
           json.dumps({"type": "act", "move": move, "action": 99}), json.dumps({"type": "dance"})]
    for (lang, _), raw in zip(each_look(page), bad, strict=True):
        count = len(tab.received)
        page.evaluate("raw => state.socket.send(raw)", raw)
        for _ in range(100):
            if len(tab.received) > count:
                break
            page.wait_for_timeout(20)
        assert tab.received[-1]["type"] == "error"
        banner = page.locator("#error")
        banner.wait_for(state="visible")
        text = banner.inner_text()
        if lang == "uk":
            assert text and no_latin(text), text
        else:
            assert text and not CYRILLIC.search(text), text
        other = "en" if lang == "uk" else "uk"
        set_language(page, other)  # the banner follows the language switch
        assert banner.inner_text() != text
        set_language(page, lang)
    context.close()
