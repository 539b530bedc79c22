"""The tile numbers of tenhou.net/6 records (:mod:`riichi.logs.tenhou6` reads and writes them).

11-19 characters, 21-29 circles, 31-39 bamboo, 41-47 winds and dragons (East, South, West, North,
White, Green, Red), 51-53 the red fives (in a game with them); and what a record's head holds
beside its rounds: its rule, title and names.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence

from riichi.errors import LogFormatError, WrongTypeError, quoted
from riichi.logs.mjlog_model import GameType
from riichi.logs import events as ev
from riichi.logs.record import TileName
from riichi.logs.record_bytes import checked_names
from riichi.rules import RuleSet
from riichi.tiles import RED_FIVE_OF_TYPE, tile_type

__all__ = ["tenhou6_code", "parse_tenhou6_code", "tile_at", "red_fives_of_rule", "rules_of_room", "writable_seats",
           "record_title", "checked_title", "checked_four_names"]

_RED_CODES = {51: 4, 52: 13, 53: 22}


def tenhou6_code(tile: int, *, red_fives: bool = True) -> int:
    """The tenhou.net/6 number of a 136-id; in a game without red fives, ids 16, 52 and 88 are
    plain fives.

    >>> tenhou6_code(0), tenhou6_code(16), tenhou6_code(17), tenhou6_code(108), tenhou6_code(132)
    (11, 51, 15, 41, 47)
    >>> tenhou6_code(16, red_fives=False)
    15
    """
    kind = tile_type(tile)  # refuses what is no 136-id, which would give a number of no tile
    if red_fives and RED_FIVE_OF_TYPE.get(kind) == tile:
        return 51 + kind // 9
    if kind >= 27:
        return 41 + kind - 27
    return (kind // 9 + 1) * 10 + kind % 9 + 1


_NAMES: dict[int, TileName] = {
    **{(t // 9 + 1) * 10 + t % 9 + 1: (t, False) for t in range(27)},
    **{41 + t: (27 + t, False) for t in range(7)},
    **{code: (t, True) for code, t in _RED_CODES.items()},
}
_NAME_OF_NUMBER = tuple(_NAMES.get(code) for code in range(54))  # a tile read by its number: no lookup


def parse_tenhou6_code(code: object) -> TileName:
    """The tile type and redness of a tenhou.net/6 tile number; :class:`LogFormatError` if it is none.

    >>> parse_tenhou6_code(52), parse_tenhou6_code(47)
    ((13, True), (33, False))
    """
    if type(code) is int and 0 <= code < 54:  # no bool, no 11.0
        name = _NAME_OF_NUMBER[code]
        if name is not None:
            return name
    raise LogFormatError(f"{code!r} is not a tenhou.net/6 tile (11-19, 21-29, 31-39, 41-47, 51-53)")


def tile_at(code: object, fail: Callable[[str], LogFormatError]) -> TileName:
    """:func:`parse_tenhou6_code`, its error made by ``fail`` (which names where the number is)."""
    try:
        return parse_tenhou6_code(code)
    except LogFormatError as exc:
        raise fail(str(exc)) from None


_AKA_BY_SUIT = ("aka51", "aka52", "aka53")


def red_fives_of_rule(rule: object, source: str) -> bool:
    """Whether ``rule`` gives red fives: ``aka51``-``aka53`` (each suit's number) when the record
    has all three, else ``aka`` (every suit's), else yes (Tenhou's usual game)."""
    if not isinstance(rule, dict):
        raise LogFormatError(f"{source}: 'rule' must be an object, got {rule!r}")
    keys = _AKA_BY_SUIT if all(k in rule for k in _AKA_BY_SUIT) else ("aka",) if "aka" in rule else ()
    counts = [rule[k] for k in keys]
    for key, count in zip(keys, counts):
        if type(count) is not int or count not in (0, 1):
            raise LogFormatError(f"{source}: rule {key}={count!r}: expected 0 (no red fives) or 1 "
                                 "(one red five per suit)")
    if len(set(counts)) > 1:
        raise LogFormatError(f"{source}: rule {', '.join(f'{k}={c}' for k, c in zip(keys, counts))}: "
                             "red fives in some suits only are not supported")
    return not counts or counts[0] == 1


# A Tenhou lobby as ``rule.disp`` names it: 三 for three players, the room (般 上 特 鳳), 東 for
# an East game or 南 for East and South, 喰 where open tanyao counts; 赤, 速 and the rest follow
_TENHOU_ROOM = re.compile("(三)?[般上特鳳](東|南)(喰)?")
_CHIPS = "祝"  # in the name of a lobby that pays chips (祝儀) for red fives, ura and ippatsu


def rules_of_room(rule: dict[str, object], red_fives: bool, seats: int, source: str) -> RuleSet | None:
    """The rules of the Tenhou lobby ``rule.disp`` names, as an mjlog's flags give them
    (:attr:`~riichi.logs.mjlog_model.GameType.rules`), with red fives or without as ``aka`` says
    (``red_fives``); None for a ``disp`` that names no Tenhou lobby (or no ``disp``);
    :class:`LogFormatError` naming ``source`` for a ``disp`` that is not text, a lobby that pays
    chips (祝), or a lobby of another number of players than the record's ``seats``.

    >>> rules_of_room({"disp": "般東喰"}, True, 4, "").name
    'tenhou-east'
    >>> rules_of_room({"disp": "三鳳南赤"}, True, 3, "").kuitan
    False
    >>> rules_of_room({"disp": "Gold Room South"}, True, 4, "") is None
    True
    """
    disp = rule.get("disp")
    if disp is not None and not isinstance(disp, str):
        raise LogFormatError(f"{source}: rule disp={quoted(disp)}: expected the name of the game's "
                             "lobby as text (Tenhou's: 鳳南喰赤, 般東喰)")
    if disp is not None and _CHIPS in disp:  # as an mjlog's chip flags (0x200, 0x400) are refused
        raise LogFormatError(f"{source}: rule disp={quoted(disp)}: a lobby that pays chips ({_CHIPS}儀) is not "
                             f"played here; expected a lobby without {_CHIPS} (Tenhou's: 鳳南喰赤, 般東喰)")
    room = _TENHOU_ROOM.match(disp) if disp is not None else None
    if room is None:
        return None
    three, wind, open_tanyao = room.groups()
    flags = 0x01 | (0 if red_fives else 0x02) | (0 if open_tanyao else 0x04) | (0x08 if wind == "南" else 0)
    rules = GameType(flags | (0x10 if three else 0)).rules
    if rules.players != seats:
        raise LogFormatError(f"{source}: rule disp={quoted(disp)} names a lobby of {rules.players} "
                             f"players, but the rounds deal {seats} hands")
    return rules


def writable_seats(start: ev.StartKyoku | None, end: ev.EndGame | None) -> int:
    """The seats of a game whose first ``start_kyoku`` is ``start`` and whose ``end_game`` is
    ``end``, if tenhou.net/6 can hold it; else :class:`LogFormatError` saying why (a game of no
    round or of two players, an end without final results) and to write it as mjai."""
    seats = 0 if start is None else len(start.tehais)
    if start is None:
        problem = "a game without a round: tenhou.net/6 gives the seats and scores in its rounds' heads"
    elif seats not in (3, 4):
        problem = f"a game of {seats} players: tenhou.net/6 records hold four- and three-player games"
    elif end is not None and len(end.results) != seats:
        problem = "the game's end_game states no final results (placement points), which tenhou.net/6's 'sc' holds"
    else:
        return seats
    raise LogFormatError(f"{problem}: write it as mjai")


def record_title(title: object, source: str) -> str:
    """A record's title: Tenhou's list of texts (its lobby and date) joined by spaces, or one
    text as other tools write it, or none (null, as a missing title); :class:`LogFormatError` for
    a title of another kind."""
    if title is None:
        return ""
    if isinstance(title, str):
        return title
    if isinstance(title, list) and all(isinstance(t, str) for t in title):
        return " ".join(t for t in title if t)
    raise LogFormatError(f"{source}: 'title' must be a text or a list of texts, got {json.dumps(title)[:60]}")


def checked_title(title: str) -> str:
    """``title`` to write, unless it is no text (its reader refuses a title of another kind)."""
    if not isinstance(title, str):
        raise WrongTypeError(f"title: expected a text, got {type(title).__name__}")
    return title


def checked_four_names(names: Sequence[str]) -> Sequence[str]:
    """``names`` to write in the record's four places, unless its reader would refuse them."""
    return checked_names(names, range(5), "at most 4 player names (tenhou.net/6's four places)")
