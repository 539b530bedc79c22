"""What the package's small commands share: a parser whose bad arguments end the program with one
line on stderr (``PROG: error: ...``) and exit code 2, and that prints the page asked for."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn

from riichi.errors import RiichiError

__all__ = ["EXIT_USAGE", "Parser"]

EXIT_USAGE = 2
"""The exit code of a command given bad arguments."""


class Parser(argparse.ArgumentParser):
    """Bad arguments end the program with one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(EXIT_USAGE)

    def print_page(self, page: Callable[[], str]) -> int:
        """Write the text ``page()`` makes to stdout and return 0; an error it raises for what
        the arguments named (an unknown preset) ends the program as a bad argument does."""
        try:
            text = page()
        except RiichiError as error:
            self.error(str(error))
        sys.stdout.write(text)
        return 0
