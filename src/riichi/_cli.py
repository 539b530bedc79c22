"""What the package's commands share: a parser whose bad arguments end the program with one line
on stderr (``PROG: error: ...``) and exit code 2, and that prints the page asked for;
:func:`printable`, through which every text that may hold a user's words (a rule set's name, a
player, a file name) goes on its way to a terminal; and the width text is laid out in
(:func:`columns`, :func:`wrap`, :func:`say`): the terminal's, else 80 columns.

>>> wrap("average winning hand 6,304 ±116 points, draws 12.1 (10.9-13.4) %", 30, "  ")
['average winning hand', '  6,304 ±116 points, draws', '  12.1 (10.9-13.4) %']
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import sys
import unicodedata
from collections.abc import Callable, Sequence
from functools import wraps
from typing import NoReturn, ParamSpec, TextIO

from riichi import _startup
from riichi.errors import RiichiError

__all__ = ["EXIT_CLOSED", "EXIT_USAGE", "WIDTH", "Parser", "cells", "columns", "command_text",
           "complain", "many", "printable", "program", "quiet_on_broken_pipe", "say", "unwritable", "wrap"]

WIDTH = 80
"""The columns text is laid out in where it goes to no terminal (a pipe, a file)."""

EXIT_USAGE = 2
"""The exit code of a command given bad arguments."""

EXIT_CLOSED = 141
"""The exit code of a command whose reader closed its output early (``| head``): 128 + SIGPIPE,
the code the shell's own tools end with then."""

P = ParamSpec("P")

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


def program(module: str) -> str:
    """The command as it was launched, for its help and errors: the console script's name
    (``riichi-simulate``), else ``python -m MODULE``."""
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return name if name.startswith("riichi-") else f"python -m {module}"


def columns(stream: TextIO | None = None, given: int | None = None) -> int:
    """The width to lay out text written to ``stream`` (stdout by default) in: ``given`` (a
    command's ``--width``), else ``COLUMNS``, else the terminal's width when ``stream`` is a
    terminal, else :data:`WIDTH`."""
    if given is not None:
        return given
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    stream = sys.stdout if stream is None else stream
    try:
        if stream.isatty():
            return os.get_terminal_size(stream.fileno()).columns or WIDTH
    except (AttributeError, OSError, ValueError):  # no file behind it
        pass
    return WIDTH


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes: two for a wide (East Asian) character, none for a
    combining mark.

    >>> cells("seat 2"), cells("ミラクルおじさん")
    (6, 16)
    """
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF"
               else 1 for c in text)


_NO_BREAK = "\u00a0"
# A figure and what belongs to it: its half-width (6,304 ±116), its unit (12.1 %), its interval
# (26.1 (22.4-30.1), 1,500 [1,000, 2,000]).
_GLUED = re.compile(r"(?<=\d) (?=[±%])|(?<=\d) (?=[(\[][-+]?\d)")
_INTERVAL = re.compile(r"[(\[][-+]?\d[\d,. %+-]*[)\]]")


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` cells, each line after the first
    beginning with ``indent``; a figure is never split from its half-width, unit or interval,
    nor words joined by a no-break space (U+00A0, written as a space), and a word longer than
    the width (a path) keeps a line of its own."""
    text = _INTERVAL.sub(lambda m: m.group().replace(" ", _NO_BREAK), _GLUED.sub(_NO_BREAK, text))
    body = text.lstrip(" ")
    first, *words = body.split(" ")
    lines: list[str] = []
    line = text[: len(text) - len(body)] + first  # the line's own indentation kept
    for word in words:
        if line.strip() and cells(line) + 1 + cells(word) > width:
            lines.append(line)
            line = indent + word
        else:
            line = f"{line} {word}"
    lines.append(line)
    return [x.replace(_NO_BREAK, " ").rstrip() for x in lines]


def many(count: int, thing: str) -> str:
    """``count`` things, in the singular for one: ``1 game``, ``2,000 games``, ``3 matches``.

    >>> many(1, "decision"), many(1200, "match")
    ('1 decision', '1,200 matches')
    """
    plural = thing + ("es" if thing.endswith("ch") else "s")
    return f"{count:,} {thing if count == 1 else plural}"


def say(text: str, stream: TextIO | None = None, indent: str = "  ",
        width: int | None = None) -> None:
    """Write ``text`` (made :func:`printable`) to ``stream`` (stdout by default), each of its lines
    wrapped to the width (:func:`columns`), the later parts indented with ``indent``."""
    stream = sys.stdout if stream is None else stream
    width = columns(stream, width)
    lines = [part for line in printable(text).split("\n") for part in wrap(line, width, indent)]
    print("\n".join(lines), file=stream)


def command_text(argv: Sequence[str], width: int, indent: str = "  ") -> str:
    """``argv`` as a shell command to copy: each word quoted for the shell, the lines broken with
    a backslash where the command would pass ``width``.

    >>> print(command_text(["python", "-m", "riichi.simulate", "--resume", "my run"], 30))
      python -m riichi.simulate \\
        --resume 'my run'
    """
    words = [shlex.quote(word) for word in argv]
    lines: list[str] = []
    line = indent + words[0]
    for word in words[1:]:
        if cells(line) + 1 + cells(word) + 2 > width:  # room for the " \\" that goes on
            lines.append(line + " \\")
            line = f"{indent}  {word}"
        else:
            line = f"{line} {word}"
    return "\n".join([*lines, line])


def complain(text: str) -> None:
    """Write the error ``text`` to stderr: wrapped to a terminal's width, else on one line (a
    script reads an error whole, one line each)."""
    if sys.stderr.isatty():
        say(text, sys.stderr)
    else:
        print(printable(text), file=sys.stderr)


def unwritable(path: str) -> str | None:
    """Why no file could be written at ``path`` (a folder there, a missing or read-only folder),
    else None: asked before the work whose result the file is to keep, not after it.

    >>> unwritable("/nonexistent/page.html")
    'no folder /nonexistent; expected a file in an existing folder'
    """
    folder = os.path.dirname(path) or "."
    if not path:
        return "an empty path; expected the name of a file to write"
    if os.path.isdir(path):
        return "a folder; expected the name of a file to write"
    if not os.path.isdir(folder):
        return f"no folder {folder}; expected a file in an existing folder"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} cannot be written to"
    return None


def quiet_on_broken_pipe(main: Callable[P, int]) -> Callable[P, int]:
    """``main`` (a command's), ending with :data:`EXIT_CLOSED` and no traceback when the reader of
    its output stops reading (``python -m riichi.simulate ... | head``), and with one line and
    exit code 130 on a Ctrl-C that ``main`` leaves to it (one while ``main`` still imports or
    checks, before the work that handles its own)."""

    @wraps(main)
    def command(*args: P.args, **kwargs: P.kwargs) -> int:
        _startup.started()  # a Ctrl-C from here on is the command's to handle
        try:
            code = main(*args, **kwargs)
            sys.stdout.flush()
        except BrokenPipeError:
            # Python flushes stdout once more at exit, which would fail and print again: what is
            # left of the output goes nowhere instead
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError):  # no file behind it (a test's capture): nothing to flush
                pass
            return EXIT_CLOSED
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return _startup.EXIT_INTERRUPTED
        return code

    return command


class Parser(argparse.ArgumentParser):
    """Bad arguments end the program with one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        complain(f"{self.prog}: error: {message}")
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
