"""The page's structure for assistive technology, in a real browser: every element that carries
an aria-label is one the label may name (a control, a landmark or an element with a role: a
label on a bare <div> is ignored by screen readers), and the rule tabs follow the WAI-ARIA tabs
pattern: one tab stop, the arrows move between the tabs (not through the hand), Home and End."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from tests.support.browser import DESKTOP, Tab, browser, url  # noqa: F401 - fixtures

# Elements whose own semantics let an aria-label name them, without a role.
LABELLED = """() => [...document.querySelectorAll('[aria-label]')]
    .filter(el => !el.hasAttribute('role')
        && !['BUTTON', 'INPUT', 'SELECT', 'SECTION', 'NAV', 'MAIN', 'FORM'].includes(el.tagName))
    .map(el => el.outerHTML.slice(0, 80))"""


def selected(page: Page) -> list[tuple[str, str | None, str | None, bool]]:
    """Each tab: its id, aria-selected, tabindex, whether its panel is hidden."""
    return [(tab, page.get_attribute(f"#tab-{tab}", "aria-selected"),
             page.get_attribute(f"#tab-{tab}", "tabindex"), page.locator(f"#panel-{tab}").is_hidden())
            for tab in ("table", "rules")]


def test_no_aria_label_on_an_element_without_a_role(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=11&rules=tenhou")
    for _ in range(40):  # on to melds of the AI, which once were labelled divs
        if tab.page.locator("#board .melds").count() or not tab.step():
            break
    assert tab.page.locator("#board .melds").count()
    assert tab.page.evaluate(LABELLED) == []
    assert tab.errors == []
    context.close()


def test_the_tabs_move_with_the_arrows_home_and_end(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url, "?seed=11")
    page = tab.page
    hand_before = page.locator("#hand .chosen").count()
    assert selected(page) == [("table", "true", "0", False), ("rules", "false", "-1", True)]
    page.focus("#tab-table")
    page.keyboard.press("ArrowRight")
    assert selected(page) == [("table", "false", "-1", True), ("rules", "true", "0", False)]
    assert page.evaluate("document.activeElement.id") == "tab-rules"
    page.keyboard.press("ArrowRight")  # round the end
    assert selected(page)[0][1] == "true"
    assert page.evaluate("document.activeElement.id") == "tab-table"
    assert page.locator("#hand .chosen").count() == hand_before  # the hand did not move
    page.keyboard.press("End")
    assert selected(page)[1][1] == "true"
    page.keyboard.press("Home")
    assert selected(page)[0][1] == "true"
    page.keyboard.press("ArrowLeft")
    assert selected(page)[1][1] == "true"
    page.go_back()  # the tab reached by keys is an entry of the history, as a click's
    assert selected(page)[0][1] == "true"
    assert tab.errors == []
    context.close()
