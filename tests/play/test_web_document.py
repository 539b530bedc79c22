"""The CARDAVIA page's own document on the web page (issue #38, point 1), in a real browser at 1280
and 390 pixels: on the Ukrainian page every line of the document (tests/data/cardavia/page_uk.txt,
the text of the original page), word for word and in its order; the English page is a faithful
translation of the same text, section by section, bullet by bullet, with the same sentences and the
same numbers in each."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    LOOK_IDS, LOOKS, Tab, browser, set_language, url,
)
from tests.support.paths import DATA

DOCUMENT = DATA / "cardavia" / "page_uk.txt"
CONTROLS = ["Language:", "Contrast:", "Grain:", "Color temperature:"]  # as the document writes them
ENGLISH = {
    "tabs": ["Table", "Full rules"],
    "tagline": "4 players · you against three AI · one hand",
    "intro": "Build a hand with yaku and decide whether to declare Riichi when you are ready. Keep "
             "an eye on your furiten and dora status as you aim to win by draw or by discard.",
    "headings": ["1. Goal", "2. Setup", "3. Playing a turn", "4. Riichi and furiten",
                 "5. Scoring and ending"],
}
# the page's text, the selects shown as the option they show (as a reader sees the header)
_SHOWN = """(selector) => {
  const copy = document.querySelector(selector).cloneNode(true);
  for (const s of copy.querySelectorAll("select")) s.replaceWith(s.options[s.selectedIndex].text);
  return copy.textContent;
}"""


def squeeze(text: str) -> str:
    return " ".join(text.split())


def document_lines() -> list[str]:
    """The document's lines that hold text, without their indentation and bullets."""
    lines = [line.strip().removeprefix("•").strip() for line in DOCUMENT.read_text("utf-8").splitlines()]
    return [line for line in lines if line]


def document_sections() -> list[tuple[str, list[str]]]:
    """The five sections of the document's rules: heading and bullets."""
    sections: list[tuple[str, list[str]]] = []
    for raw in DOCUMENT.read_text("utf-8").splitlines():
        line = raw.strip()
        if re.match(r"^\d\. ", line):
            sections.append((line, []))
        elif line.startswith("•"):
            sections[-1][1].append(line.removeprefix("•").strip())
    return sections


def sentences(text: str) -> int:
    return len(re.findall(r"[.!?](?:\s|$)", text))


def numbers(text: str) -> list[int]:
    """The numbers a text names (25 000 and 25,000 alike), in order."""
    return [int(re.sub(r"[ ,]", "", n)) for n in re.findall(r"\d{1,3}(?:[ ,]\d{3})+|\d+", text)]


def page_sections(page: Page) -> list[tuple[str, list[str]]]:
    """The rules tab's sections as the reader sees them (headings and their bullets)."""
    return [(squeeze(s["heading"]), [squeeze(b) for b in s["bullets"]]) for s in page.evaluate(
        """() => [...document.querySelectorAll('#rules h3')].map(h => ({heading: h.innerText,
             bullets: h.nextElementSibling && h.nextElementSibling.tagName === 'UL'
               ? [...h.nextElementSibling.children].map(li => li.innerText) : []}))""")]


def test_the_document_is_copied_whole() -> None:
    lines = document_lines()
    assert lines[0] == "CARDAVIA" and len(lines) == 27
    assert [heading for heading, _ in document_sections()] == [
        "1. Мета", "2. Налаштування", "3. Граючи хід", "4. Ріічі та фурітен", "5. Оцінка та завершення"]


@pytest.mark.parametrize(("lang", "size"), LOOKS, ids=LOOK_IDS)
def test_the_documents_words_are_on_the_page(browser: Browser, url: str, lang: str,
                                             size: dict[str, int]) -> None:
    context = browser.new_context(viewport=size)
    tab = Tab(context, url, plain=False)  # the page as the document shows it
    page = tab.page
    if lang != "uk":
        set_language(page, lang)
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    # the controls keep the document's labels in both languages, the sliders at 50%
    assert page.locator("header .control-name").all_inner_texts() == CONTROLS
    assert page.locator("header output").all_inner_texts() == ["50%"] * 3
    assert page.locator(".brand").inner_text() == "CARDAVIA"
    assert page.locator(".about").is_visible()
    table_text = squeeze(page.evaluate(_SHOWN, "header") + " " + page.locator("nav.tabs").inner_text()
                         + " " + page.locator(".about").inner_text())
    page.click("#tab-rules")
    assert page.locator(".about").is_visible() and page.locator("#panel-rules").is_visible()
    rules_text = squeeze(page.locator("#rules").inner_text())
    shown = page_sections(page)[:5]
    if lang == "uk":
        # every line of the document, word for word and in the document's order
        text, at = table_text + " " + rules_text, 0
        for line in document_lines():
            found = text.find(line, at)
            assert found >= 0, f"not on the page (after the lines before it): {line!r}"
            at = found + len(line)
        assert shown == document_sections()
    else:
        assert page.locator("nav.tabs button").all_inner_texts() == ENGLISH["tabs"]
        assert squeeze(page.locator("#tagline").inner_text()) == ENGLISH["tagline"]
        assert squeeze(page.locator(".intro").inner_text()) == ENGLISH["intro"]
        assert [heading for heading, _ in shown] == ENGLISH["headings"]
        # a translation of the same text: each bullet has as many sentences and the same numbers
        for (_, english), (_, ukrainian) in zip(shown, document_sections(), strict=True):
            assert len(english) == len(ukrainian)
            for en, uk in zip(english, ukrainian):
                assert sentences(en) == sentences(uk), en
                assert numbers(en) == numbers(uk), en
        assert "Choose a tile and confirm the discard." in rules_text
        assert "Concealed kongs cannot." in rules_text
        assert "at least 1,000 points and at least four tiles remain in the wall" in rules_text
        assert "temporary furiten until the next draw" in rules_text
        # English throughout, but for the name of the other language in its list
        body = page.locator("body").inner_text().replace("Українська", "")
        assert not re.search(r"[А-Яа-яІіЇїЄєҐґ]", body), re.findall(r"\S*[А-Яа-яІіЇїЄєҐґ]\S*", body)
    page.click("#tab-table")
    context.close()
