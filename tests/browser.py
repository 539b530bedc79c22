"""The real browser of the page tests: Debian's chromium, driven by Playwright."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from playwright.sync_api import Browser, sync_playwright

CHROMIUM = "/usr/bin/chromium"


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    """A chromium launched for the test (``--no-sandbox``: the tests may run as root)."""
    assert os.path.exists(CHROMIUM), f"the browser tests need Debian's chromium at {CHROMIUM}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()
