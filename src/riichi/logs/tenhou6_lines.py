"""The JSON objects of a tenhou.net/6 text: one object, or one a line (as mjx writes a game, one
round each), every line of one game: the same title, names and rules.

>>> [len(o["log"]) for o in tenhou6_objects('{"log": [1]}\\n{"log": [2]}', "<example>")]
[1, 1]
>>> list(tenhou6_objects('{"name": ["A", "B", "C", "D"], "log": [1]}\\n{"log": [2]}', "<example>"))
Traceback (most recent call last):
...
riichi.errors.LogFormatError: <example>, line 2: its 'name' is not the first line's; expected the rounds of one game, one a line, each line with the game's title, names and rules
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from riichi.errors import LogFormatError

__all__ = ["tenhou6_objects"]

_GAME_KEYS = ("title", "name", "rule", "rules")
"""What each line of a game written one round per line repeats."""


def tenhou6_objects(text: str, source: str) -> Iterator[dict[str, Any]]:
    """The objects of ``text``, each with a ``log``; :class:`LogFormatError` naming the line of
    one that is not JSON, has no ``log``, or whose title, names or rules are not the first's."""
    try:
        whole = json.loads(text)
        lines: list[tuple[int, Any]] = [(0, whole)]
    except (ValueError, RecursionError):
        lines = []
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    lines.append((number, json.loads(line)))
                except (ValueError, RecursionError) as exc:
                    raise LogFormatError(f"{source}, line {number}: not JSON ({exc})") from None
    first: dict[str, Any] | None = None
    for number, obj in lines:
        if not isinstance(obj, dict) or "log" not in obj:
            where = f"{source}, line {number}" if number else source
            raise LogFormatError(f"{where}: expected a tenhou.net/6 object with a 'log'")
        if first is None:
            first = obj
        other = next((key for key in _GAME_KEYS if obj.get(key) != first.get(key)), None)
        if other is not None:  # the game is read by the first line's: a second game's rounds would mix in
            raise LogFormatError(f"{source}, line {number}: its {other!r} is not the first line's; "
                                 "expected the rounds of one game, one a line, each line with the "
                                 "game's title, names and rules")
        yield obj
