"""Red fives on the terminal follow the rules played, as on the web page: under rules with red
fives (``cardavia``, ``tenhou``) the 136-ids 16, 52 and 88 are written ``0m 0p 0s`` and styled
``red-five``; under rules without them (``wrc``, ``ema-2016``) they are plain fives everywhere
the screen names a tile, and ``0p`` picks nothing."""

from __future__ import annotations

import pytest

from riichi.agents import RandomAgent
from riichi.play import Controller, HumanGame
from riichi.play.view import plain, render
from tests.play.test_terminal import arranged, press, screen

SEED = 6  # your first hand holds 16 (5m) and 52 (5p), as in test_web_red_fives.py


def first_screen(rules: str) -> tuple[Controller, list[list[tuple[str, str]]]]:
    table = HumanGame(rules, SEED, [RandomAgent(s) for s in (1, 2, 3)])
    ui = Controller(table, "")
    return ui, render(ui, 80, 24)


@pytest.mark.parametrize("rules", ["wrc", "ema-2016"])
def test_no_red_five_is_drawn_under_rules_without_them(rules: str) -> None:
    ui, lines = first_screen(rules)
    assert {16, 52} <= set(ui.hand_tiles())
    styled = [(style, text) for line in lines for style, text in line]
    assert not [f for f in styled if "red-five" in f[0]]
    text = plain(lines)
    assert "0m" not in text and "0p" not in text
    assert "1m 3m 4m 5m 8m 4p 5p 6p 6p" in text
    assert "a name (5p, E, Wh)" in text


def test_red_fives_are_drawn_under_rules_that_play_them() -> None:
    ui, lines = first_screen("tenhou")
    styled = [(style, text) for line in lines for style, text in line]
    assert [text for style, text in styled if style == "class:red-five"] == ["0m", "0p"]
    assert "1m 3m 4m 0m 8m 4p 0p 6p 6p" in plain(lines)
    assert "a name (5p, 0p, E, Wh)" in plain(lines)


def test_typing_0p_without_red_fives_says_so_and_moves_nothing() -> None:
    ui, _ = first_screen("wrc")
    before = ui.cursor
    ui.press("0")
    ui.press("p")
    assert ui.cursor == before
    assert ui.message == "wrc plays no red fives: type 5p for a five"
    ui.press("5")
    ui.press("p")
    assert ui.hand_tiles()[ui.cursor] == 52 and not ui.message


def test_a_chi_with_the_red_or_a_plain_five_is_one_choice_without_red_fives() -> None:
    hand, draws = "123m0p5p6p9p456s555z", "9m1p9p7p"
    red = arranged(hand, draws)  # cardavia: the red five's chi apart
    press(red, "enter")  # 9m; North discards 7p
    assert [c.label for c in red.menu()] == [
        "Chi 5p 6p 7p", "Chi 0p 6p 7p", "Pass"]
    ui = arranged(hand, draws, rules="wrc")
    press(ui, "enter")
    labels = [c.label for c in ui.menu()]
    assert labels == ["Chi 5p 6p 7p", "Pass"]
    assert "[1] Chi 5p 6p 7p" in screen(ui)
    press(ui, "1", "enter")
    assert ui.table.observation.melds[0][0].types == (13, 14, 15)


def test_a_concealed_kan_of_fives_is_logged_with_its_four_tiles_as_its_meld_shows_them() -> None:
    # once "You: concealed kan 0s", as if the kan were of red fives alone
    others = ("147m258p369p1234z", "258m369p147p1234z", "369m147p258p1234z")
    ui = arranged("0555s456p556677z", "9m", others=others)
    press(ui, "k", "enter")
    assert "You: concealed kan 0s 5s 5s 5s" in ui.table.log
    assert "ankan 0s 5s 5s 5s" in screen(ui)  # the meld, as the log now names it
    wrc = arranged("0555s456p556677z", "9m", others=others, rules="wrc")
    press(wrc, "k", "enter")
    assert "You: concealed kan 5s 5s 5s 5s" in wrc.table.log
