"""Tiles (issue #38, point 6), in a real browser in both languages at 1280 and 390 pixels: a red
five is unmistakable at every size the page draws tiles (your hand, the ponds, melds, the small
tiles of the centre and the buttons), by its colour and by a mark, measured on the pixels: a red
frame and corner that a plain five has not. Your hand's tiles are large enough to tap on a phone
(44 pixels at least, as are the buttons), and the page does not scroll sideways."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from playwright.sync_api import Browser, Locator

from tests.support.browser import (  # noqa: F401 - url and browser are fixtures
    LOOK_IDS, LOOKS, PHONE, Tab, browser, new_context, set_language, url,
)

RED_FIVES = (16, 52, 88)
TAP = 44  # CSS pixels: a finger's width
# Where the page draws tiles, and how: a container of the page and the classes of a tile there.
PLACES = {
    "pond": ("#seat-1 .pond", []),
    "meld": ("#seat-1 .melds .meld", []),
    "small": ("#center .dora", ["small"]),
    "button": ("#actions .act-discard", ["small"]),
}
_ADD = """([place, classes, ids]) => {
  if (!document.querySelector("#seat-1 .melds")) {
    const melds = Object.assign(document.createElement("div"), { className: "melds" });
    melds.append(Object.assign(document.createElement("span"), { className: "meld" }));
    document.getElementById("seat-1").append(melds);
  }
  const box = document.querySelector(place);
  for (const id of ids) box.append(tileElement(id, { classes: [...classes, "probe"] }));
}"""


def red_share(tile: Locator) -> tuple[float, float, float]:
    """The share of red pixels in a tile's outer ring, its top-left corner and its whole face."""
    image = Image.open(io.BytesIO(tile.screenshot())).convert("RGB")
    width, height = image.size
    ring = corner = whole = ring_n = corner_n = 0
    for y in range(height):
        for x in range(width):
            r, g, b = image.getpixel((x, y))  # type: ignore[misc]
            red = r > 140 and g < 90 and b < 100
            whole += red
            edge = min(x, y, width - 1 - x, height - 1 - y) < max(2, width * 0.14)
            ring_n += edge
            ring += red and edge
            if x < width * 0.3 and y < height * 0.22:
                corner_n += 1
                corner += red
    return ring / ring_n, corner / corner_n, whole / (width * height)


def assert_marked(red: Locator, plain: Locator, where: str) -> None:
    red_ring, red_corner, red_whole = red_share(red)
    plain_ring, plain_corner, plain_whole = red_share(plain)
    assert red.locator(".red-mark").count() == 1 and plain.locator(".red-mark").count() == 0
    assert red_ring > 0.2 and plain_ring < 0.03, (where, red_ring, plain_ring)
    assert red_corner > 0.2 and red_corner > 5 * plain_corner, (where, red_corner, plain_corner)
    assert red_whole > plain_whole + 0.05, (where, red_whole, plain_whole)


@pytest.mark.parametrize(("lang", "size"), LOOKS, ids=LOOK_IDS)
def test_red_fives_are_unmistakable_and_tiles_are_large_enough_to_tap(
    browser: Browser, url: str, lang: str, size: dict[str, int]
) -> None:
    context = new_context(browser, size)
    tab = Tab(context, url, "?seed=2", touch=size == PHONE)  # your hand: the red 5s and a plain 5s
    page = tab.page
    set_language(page, lang)
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    hand = page.locator("#hand button.tile")
    for k in range(hand.count()):
        box = hand.nth(k).bounding_box()
        assert box is not None and box["width"] >= TAP and box["height"] >= TAP, box
    # your hand
    red, plain = (page.locator(f"#hand [data-tile='{t}']") for t in (88, 91))
    assert_marked(red, plain, "hand")
    names = {"uk": ("червона 5, бамбук", "5, бамбук"), "en": ("red 5 of bamboo", "5 of bamboo")}[lang]
    assert names[0] in str(red.get_attribute("aria-label"))
    assert names[1] in str(plain.get_attribute("aria-label"))
    assert not str(plain.get_attribute("aria-label")).startswith(names[0])
    # choose a tile: the Discard button and the others are as tall as a finger is wide
    tab.press("#hand [data-tile='88']")
    for button in page.locator("#actions button").all():
        box = button.bounding_box()
        assert box is not None and box["height"] >= (TAP if size == PHONE else 30), box
    # every other size the page draws a tile at, each suit's red five beside its plain five
    for where, (place, classes) in PLACES.items():
        page.evaluate(_ADD, [place, classes, [t + k for t in RED_FIVES for k in (0, 1)]])
        for red_id in RED_FIVES:
            red, plain = (page.locator(f"{place} .probe[data-tile='{t}']") for t in (red_id, red_id + 1))
            assert_marked(red, plain, f"{where} {red_id}")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    context.close()
