"""What the package's commands share: a parser whose bad arguments end the program with one line
on stderr (``PROG: error: ...``) and exit code 2, and that prints the page asked for; and
:func:`printable`, through which every text that may hold a user's words (a rule set's name, a
player, a file name) goes on its way to a terminal."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn

from riichi.errors import RiichiError

__all__ = ["EXIT_USAGE", "Parser", "printable"]

EXIT_USAGE = 2
"""The exit code of a command given bad arguments."""

_BIDI = (*range(0x202A, 0x202F), *range(0x2066, 0x206A))
"""The bidirectional embeddings, overrides and isolates: they reorder the text that follows."""

_ESCAPES = {
    code: f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    for code in (*range(0x20), 0x7F, *range(0x80, 0xA0), *_BIDI)
    if code != 0x0A
}
"""C0 (but the newline), DEL, C1 and the bidi controls, each as Python writes it in a str."""


def printable(text: str) -> str:
    r"""``text`` safe to write to a terminal: each control character (C0 but the newline, DEL,
    C1: ESC starts the terminal's commands) and each bidi control (U+202A-U+202E,
    U+2066-U+2069: they reorder what is shown) written as its escape, ``\x1b``, ``\u202e``.

    >>> print(printable("rules \x1b[31mred\x00 \u202eevil\nnext line"))
    rules \x1b[31mred\x00 \u202eevil
    next line
    """
    return text.translate(_ESCAPES)


class Parser(argparse.ArgumentParser):
    """Bad arguments end the program with one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(printable(f"{self.prog}: error: {message}"), file=sys.stderr)
        sys.exit(EXIT_USAGE)

    def print_page(self, page: Callable[[], str]) -> int:
        """Write the text ``page()`` makes to stdout and return 0; an error it raises for what
        the arguments named (an unknown preset) ends the program as a bad argument does."""
        try:
            text = page()
        except RiichiError as error:
            self.error(str(error))
        sys.stdout.write(printable(text))
        return 0
