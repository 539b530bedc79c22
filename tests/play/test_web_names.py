"""Every name the engine may put in a finished hand's summary has words on the web page in both
languages, read from the page's own tables in a real browser (Debian's chromium driven by
Playwright): each yaku and dora entry (the Norths set aside too), each limit up to a sextuple
yakuman, each wait and each fu item. A name without words would be shown as the engine's key."""

from __future__ import annotations

from playwright.sync_api import Browser

from riichi.scoring import Yaku
from riichi.scoring._fu import _FU_REASONS
from riichi.scoring._limits import LIMIT_NAMES, YAKUMAN_LIMIT_NAMES
from riichi.scoring._readings import WAITS
from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    DESKTOP, Tab, browser, url,
)

YAKU_KEYS = [y.name.lower() for y in Yaku] + ["dora", "aka_dora", "ura_dora", "kita"]
LIMIT_KEYS = [f"limit_{n}" for n in LIMIT_NAMES + YAKUMAN_LIMIT_NAMES if n]
WAIT_KEYS = [f"wait_{n}" for n in WAITS]


def test_every_name_of_a_summary_has_words_in_both_languages(browser: Browser, url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    tab = Tab(context, url)
    tables = tab.page.evaluate("[TEXT, YAKU, FU]")
    text, yaku, fu = tables
    for lang in ("en", "uk"):
        assert [k for k in YAKU_KEYS if not yaku[lang].get(k)] == [], lang
        assert [k for k in LIMIT_KEYS + WAIT_KEYS if not text[lang].get(k)] == [], lang
        assert [k for k in _FU_REASONS if not fu[lang].get(k)] == [], lang
    context.close()
