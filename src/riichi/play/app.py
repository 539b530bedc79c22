"""The terminal front end: prompt_toolkit draws :func:`~riichi.play.view.render` full screen,
turns keys into :meth:`Controller.press` calls and lets the AI seats move in the background.

prompt_toolkit puts the terminal in raw mode on the alternate screen and gives both back on any
exit (Ctrl-C included); it redraws on resize, and the view says when the terminal is too small.

>>> key_name("c-m"), key_name("left"), key_name("p"), key_name("c-x")
('enter', 'left', 'p', None)
"""

from __future__ import annotations

import asyncio

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import FormattedTextControl, Layout, Window
from prompt_toolkit.styles import Style

from riichi.play.controller import Controller
from riichi.play.view import render

__all__ = ["STYLE", "key_name", "run"]

STYLE = Style.from_dict(
    {
        "man": "ansired",
        "pin": "ansibrightblue",
        "sou": "ansigreen",
        "honor": "ansiyellow",
        "red-five": "bold reverse ansired",
        "called": "italic",
        "tsumogiri": "ansibrightblack",
        "title": "bold",
        "you": "bold ansicyan",
        "seat": "bold",
        "turn": "bold ansimagenta",
        "riichi": "bold ansired",
        "warning": "bold ansired",
        "prompt": "bold",
        "choice": "ansicyan",
        "hint": "ansigreen",
        "dim": "ansibrightblack",
        "log": "",
        "gain": "ansigreen",
        "loss": "ansired",
        "meld": "",
        "cursor": "bold",
    }
)
"""Colours: one per suit, the red fives reversed."""

_NAMED = {
    "c-m": "enter",
    "c-j": "enter",
    "left": "left",
    "right": "right",
    "up": "up",
    "down": "down",
    "home": "home",
    "end": "end",
    "pageup": "pageup",
    "pagedown": "pagedown",
    "escape": "escape",
}


def key_name(key: str) -> str | None:
    """The :meth:`Controller.press` name of a prompt_toolkit key (``None``: not a key we use)."""
    if key in _NAMED:
        return _NAMED[key]
    return key if len(key) == 1 and key.isprintable() else None


def run(ui: Controller, delay: float = 0.3, glyphs: bool = False) -> int:
    """Play until the human leaves: 0 when they quit or the game ends, 130 on Ctrl-C."""
    app: Application[int]

    def screen() -> StyleAndTextTuples:
        size = app.output.get_size()
        fragments: StyleAndTextTuples = []
        for i, line in enumerate(render(ui, size.columns, size.rows, glyphs)):
            if i:
                fragments.append(("", "\n"))
            fragments.extend(line)
        return fragments

    bindings = KeyBindings()

    @bindings.add("c-c")
    def _interrupt(event: KeyPressEvent) -> None:
        event.app.exit(result=130)

    @bindings.add("<any>")
    def _key(event: KeyPressEvent) -> None:
        key = event.key_sequence[0].key
        name = key_name(key.value if isinstance(key, Keys) else key)
        if name is not None:
            ui.press(name)
        if ui.quit:
            event.app.exit(result=0)

    async def play_ai() -> None:
        try:
            while True:
                if ui.table.ai_pending():
                    turn = ui.table.ai_step()
                    ui.refresh()
                    app.invalidate()
                    await asyncio.sleep(delay if turn else 0)
                else:
                    await asyncio.sleep(0.05)
        except Exception as error:  # shown after the terminal is restored
            app.exit(exception=error)

    app = Application(
        layout=Layout(Window(FormattedTextControl(screen, focusable=True, show_cursor=False))),
        key_bindings=bindings,
        style=STYLE,
        full_screen=True,
        mouse_support=False,
    )
    def start() -> None:
        app.create_background_task(play_ai())

    return app.run(pre_run=start)
