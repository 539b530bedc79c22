"""Read any game record, write mjai or tenhou.net/6: :func:`read`, :func:`write`, :func:`dumps`.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> result = play_game("ema", [RandomAgent(s) for s in range(4)], seed=8)
>>> text = dumps(result, format="tenhou6")
>>> detect_format(text), read(text).format
('tenhou6', 'tenhou6')
>>> read(dumps(result)).end.scores == result.final_scores
True
"""

from __future__ import annotations

import gzip
import os
import shutil
from collections.abc import Iterable
from typing import Protocol

from riichi.errors import LogFormatError, WrongTypeError, quoted
from riichi.logs.events import Event
from riichi.logs.mjai import dumps_mjai, parse_mjai
from riichi.logs.mjlog import parse_mjlog
from riichi.logs.mjlog_events import mjlog_record
from riichi.logs.record import GameRecord
from riichi.logs.record_bytes import checked_size, decompressed, read_bounded
from riichi.logs.tenhou6 import dumps_tenhou6, parse_tenhou6
from riichi.rules import RuleSet

__all__ = ["FORMATS", "detect_format", "read", "write", "dumps"]

FORMATS = ("mjai", "tenhou6", "mjlog")
"""The record formats :func:`read` knows; :func:`write` writes the first two."""


class HasEvents(Protocol):
    """A played game: :class:`~riichi.game.GameResult`, :class:`GameRecord`, a replay report."""

    @property
    def events(self) -> Iterable[Event]: ...


def detect_format(data: str | bytes, *, source: str = "<record>") -> str:
    """``"mjai"``, ``"tenhou6"`` or ``"mjlog"`` from the first characters of a record
    (``source`` names it in the error for another text).

    >>> detect_format('{"type":"start_game"}'), detect_format("<mjloggm ver='2.3'>")
    ('mjai', 'mjlog')
    """
    if not isinstance(data, (str, bytes)):
        raise WrongTypeError(f"data: expected a record's text or bytes, got {type(data).__name__}")
    head = data[:4096] if isinstance(data, str) else decompressed(data, source)[:4096].decode("utf-8", "replace")
    head = head.lstrip("\ufeff \t\r\n")
    expected = "expected mjai JSON lines, tenhou.net/6 JSON or mjlog XML"
    if not head:
        raise LogFormatError(f"{source}: empty, or blanks only ({expected})")
    if head.startswith("<"):
        return "mjlog"
    if head.startswith("{"):
        first = head.split("\n", 1)[0]
        if '"type"' in first and '"log"' not in first:
            return "mjai"
        if '"log"' in head or '"name"' in head or '"title"' in head:
            return "tenhou6"
        if '"type"' in head:
            return "mjai"
    raise LogFormatError(f"{source}: not a known game record: {head[:40]!r}... ({expected})")


def read(source: str | bytes | os.PathLike[str], *, format: str | None = None) -> GameRecord:
    """Read a game record from a file path, or from its text or bytes (gzip-compressed too).

    Bytes are UTF-8, or UTF-16 or UTF-32 (as Windows Notepad saves "Unicode" text), compressed
    once or not at all: other bytes (Shift-JIS names) and gzip inside gzip are a
    :class:`~riichi.errors.LogFormatError` naming them. ``format`` (one of :data:`FORMATS`)
    skips the detection. A ``str`` is taken as the record's text when it holds a line break, is
    blank or begins with ``{``, ``[`` or ``<``, else as a path. At most
    :data:`~riichi.logs.MAX_RECORD_BYTES` are read or decompressed.
    """
    if not isinstance(source, (str, bytes, os.PathLike)):
        raise WrongTypeError(f"source: expected a path, or a record's text or bytes, got {type(source).__name__}")
    if isinstance(source, os.PathLike) or (isinstance(source, str) and not _looks_like_text(source)):
        name = os.fspath(source)
        data: str | bytes = read_bounded(name)
    else:
        name = f"<{format or 'record'}>"
        data = checked_size(source, name)
    if isinstance(data, bytes):
        data = decompressed(data, name)
    kind = format or detect_format(data, source=name)
    if kind == "mjai":
        return parse_mjai(data, source=name)
    if kind == "tenhou6":
        return parse_tenhou6(data, source=name)
    if kind == "mjlog":
        return mjlog_record(parse_mjlog(data, source=name), source=name)
    raise LogFormatError(f"format={format!r}: expected one of {', '.join(FORMATS)}")


def _looks_like_text(text: str) -> bool:
    head = text.lstrip("\ufeff \t\r")
    return "\n" in text or not head or head.startswith(("{", "[", "<"))  # blank: an empty text, no path


def dumps(game: HasEvents | Iterable[Event], *, format: str = "mjai") -> str:
    """The text of ``game`` (anything with ``events``, or the events) as ``"mjai"`` JSON lines
    or ``"tenhou6"`` JSON.

    The record carries the ``rules`` of ``game`` (a :class:`~riichi.game.GameResult`, a
    :class:`~riichi.game.GameState`, a :class:`GameRecord` that carries them): the preset and
    the fields changed. Both formats say whether the game has red fives (tenhou.net/6 its
    ``rule.aka``; mjai names every five plainly and writes ``"aka_flag": false`` when it has
    none): as those rules say, else as its ``red_fives`` (a :class:`GameRecord`, a replay
    report), else with red fives.
    """
    events = list(game.events if hasattr(game, "events") else game if isinstance(game, Iterable) else [game])
    if not all(isinstance(e, Event) for e in events):
        raise WrongTypeError(f"game: expected a game (anything with events) or its events, got {type(game).__name__}")
    names = getattr(game, "names", ("", "", "", ""))
    rules = getattr(game, "rules", None)
    rules = rules if isinstance(rules, RuleSet) else None
    red_fives = rules.red_fives if rules is not None else bool(getattr(game, "red_fives", True))
    if format == "mjai":
        return dumps_mjai(events, names if any(names) else None, rules, red_fives=red_fives,
                          final_scores_stated=getattr(game, "final_scores_stated", True))
    if format == "tenhou6":
        return dumps_tenhou6(events, names, getattr(game, "title", ""), red_fives=red_fives,
                             rules=rules)
    raise LogFormatError(f"format={format!r}: expected 'mjai' or 'tenhou6'")


def write(game: HasEvents | Iterable[Event], path: str | os.PathLike[str], *, format: str = "mjai") -> None:
    """Write ``game`` to ``path`` as ``"mjai"`` or ``"tenhou6"`` (gzip-compressed if the name ends
    in ``.gz``).

    The file is written whole or not at all: a path that cannot take it (a folder, a folder that
    does not exist, one that may not be written, a full disk) raises
    :class:`~riichi.errors.LogFormatError` saying why, and leaves no file cut short behind.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise WrongTypeError(f"path: expected a file's path (a str or a path object), got {type(path).__name__}")
    name = os.fspath(path)
    if not isinstance(name, str):
        raise WrongTypeError(f"path: expected a file's path as text, got {type(name).__name__}")
    data = dumps(game, format=format).encode("utf-8")
    if name.endswith(".gz"):
        data = gzip.compress(data, mtime=0)
    if not name:  # else the current folder's name would be written beside it and refused as a folder
        raise LogFormatError("cannot write '': an empty path (expected the path of a file)")
    if os.path.isdir(name):
        raise LogFormatError(f"cannot write {quoted(name)}: it is a folder (expected the path of a file)")
    try:
        _write_whole(name, data)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        problem = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise LogFormatError(f"cannot write {quoted(name)}: {problem} (expected the path of a file "
                             "in a folder that exists and may be written)") from None


def _write_whole(name: str, data: bytes) -> None:
    """Write ``data`` to the file ``name`` through a copy beside it, moved over it once whole
    (the file named through a link, its permissions kept); a device or a pipe (/dev/stdout) as
    it is."""
    if os.path.exists(name) and not os.path.isfile(name):
        with open(name, "wb") as file:
            file.write(data)
        return
    real = os.path.realpath(name)
    part = os.path.join(os.path.dirname(real), f".{os.path.basename(real)}.tmp")
    try:
        with open(part, "wb") as file:
            file.write(data)
        if os.path.isfile(real):
            shutil.copymode(real, part)
        os.replace(part, real)
    finally:
        if os.path.isfile(part):
            os.remove(part)
