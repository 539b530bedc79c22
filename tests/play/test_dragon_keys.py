"""The terminal game takes a tile by the name it shows: the dragons are shown ``Wh Gr Rd`` and
typed so (``P F C`` pick them too), on a real pseudo-terminal.

Seed 38 deals the player East, White, two Greens and two Reds, and no West.
"""

from __future__ import annotations

import re

from tests.support.terminal import GAME, Terminal


def prompt(screen: str) -> str:
    return next(line for line in screen.splitlines() if line.startswith("Your turn"))


def test_the_dragons_are_typed_as_the_screen_writes_them() -> None:
    term = Terminal(f"{GAME} --seed 38")
    screen = term.wait_for("Your turn")
    hand = screen.splitlines()
    assert any(re.search(r"\bWh\b", line) and re.search(r"\bGr Gr Rd Rd\b", line) for line in hand)
    for keys, name in (("Wh", "Wh"), ("Gr", "Gr"), ("Rd", "Rd"), ("P", "Wh"), ("F", "Gr"),
                       ("C", "Rd"), ("E", "E")):
        term.child.send(keys)  # each name picks another tile than the one before
        assert prompt(term.wait_for(f"discards {name}", seconds=5)).endswith(f"discards {name}")
        assert "hint:" not in term.text()  # Wh's h picked the tile, it did not turn the hint on
    # the prompt says so
    assert re.search(r"left/right, an index or a name \(5p, 0p, E, Wh\)", prompt(term.text()))
    # W alone is the West wind, which this hand lacks: said so, by the name the screen uses
    term.child.send("W")
    assert "no W in your hand" in term.wait_for("no W in your hand", seconds=5)
    term.child.send("h")
    assert prompt(term.wait_for("discards Wh", seconds=5)).endswith("discards Wh")
    term.child.send("\r")  # discard the White dragon: it lies in the player's pond
    pond = "> You  East  25,000\n   Wh"
    assert pond in term.wait_for(pond, seconds=10)
    term.child.sendcontrol("c")
    term.finish()
