"""Action notation: an action as a player says it at the table, and read back.

An action is written ``who: what`` — who acts, then the word a player says (the words of the mjai
vocabulary and of the table: ``discard``, ``riichi``, ``tsumo``, ``ron``, ``chi``, ``pon``,
``kan``, ``ankan``, ``kakan``, ``pass``, ``abort`` for nine terminals, ``kita`` for a North set
aside) and the tiles in ``mpsz`` notation (:mod:`riichi.tiles`, a red five ``0``): the tile
discarded or set aside, the two hand tiles a call uses, the tile type of a concealed or added kan.

>>> from riichi.game.actions import Discard, Pon
>>> str(Discard(0, 52)), str(Pon(2, (53, 54)))
('seat 0: discard 0p', 'seat 2: pon 55p')
>>> format_action(Discard(2, 52), winds=(1, 2, 3, 0))
'North: discard 0p'
>>> parse_action("North: discard 0p", winds=(1, 2, 3, 0))
Discard(seat=2, tile=52)

Who: an action holds its absolute seat (0-3, 0-2 at three players, 0-1 at two; seat 0 is the
first dealer), not a wind, and which seat is East changes from hand to hand. So ``str(action)`` names the seat (``seat 2``), which
says the same thing in every hand of a game; a table that knows each seat's wind now
(``GameState.winds``, ``Observation.seat_wind``) passes ``winds`` and the action reads as the
table says it (``North: discard 0p``), read back with the same ``winds``.

Tiles: a 136-id is one physical tile, and notation names the tile, not its copy. Read back, a tile
is the copy :func:`~riichi.tiles.parse_ids` gives it (``5p`` the lowest plain five, ``0p`` the
red one), as :meth:`riichi.meld.Meld.parse` does; given the ``legal`` actions, the text is read
as the legal action written so, whichever copy it holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from riichi.errors import (
    IllegalActionError, NotationError, RiichiError, WrongTypeError, named_int, quoted,
)
from riichi.game.actions import *  # noqa: F403 - notation for every action
from riichi.tiles import WIND_NAMES, format_ids, format_types, parse_ids

__all__ = ["ACTION_WORDS", "format_action", "parse_action"]

ACTION_WORDS: dict[type, str] = {
    Discard: "discard", Riichi: "riichi", Tsumo: "tsumo", Ron: "ron", Chi: "chi", Pon: "pon",
    Daiminkan: "kan", Ankan: "ankan", Kakan: "kakan", Pass: "pass", NineTerminals: "abort",
    Kita: "kita",
}
"""The word of each action class, as a player says it (and mjai writes it)."""
_CLASSES = {word: cls for cls, word in ACTION_WORDS.items()}
_SEAT = "seat "


def format_action(action: Action, winds: Sequence[int] | None = None) -> str:
    """``action`` in notation: ``seat 0: discard 0p``, or with ``winds`` (each seat's wind now,
    0 = East to 3 = North) the acting seat's wind: ``East: discard 0p``.

    >>> from riichi.game.actions import Ankan, Chi, Tsumo
    >>> format_action(Chi(1, (8, 12))), format_action(Ankan(3, 27)), format_action(Tsumo(0))
    ('seat 1: chi 34m', 'seat 3: ankan 1z', 'seat 0: tsumo')
    """
    if type(action) not in ACTION_WORDS:
        raise WrongTypeError(f"expected an action (riichi.game.actions), got "
                             f"{type(action).__name__} {quoted(action)}")
    return _written(action, None if winds is None else _seat_winds(winds))


def _written(action: Action, winds: Sequence[int] | None) -> str:
    """``action`` in notation, ``winds`` already checked."""
    if winds is None:
        who = f"{_SEAT}{action.seat}"
    elif action.seat < len(winds):
        who = WIND_NAMES[winds[action.seat]]
    else:
        raise IllegalActionError(f"{action!r}: seat {action.seat} has no wind in winds="
                                 f"{tuple(winds)}")
    return f"{who}: {ACTION_WORDS[type(action)]}{_tiles(action)}"


def _seat_winds(winds: object) -> tuple[int, ...]:
    """``winds`` checked as each seat's wind now: two to four different winds 0-3."""
    expected = "each seat's wind now, two to four different ints 0 (East) to 3 (North)"
    if isinstance(winds, (str, bytes)) or not isinstance(winds, Sequence):
        raise WrongTypeError(f"winds={quoted(winds)}: expected {expected}")
    checked = tuple(named_int("winds", wind, expected) for wind in winds)
    if not 2 <= len(checked) <= 4 or len(set(checked)) != len(checked) \
            or not all(0 <= wind <= 3 for wind in checked):
        raise RiichiError(f"winds={quoted(winds)}: expected {expected}")
    return checked


def _tiles(action: Action) -> str:
    if isinstance(action, (Discard, Riichi, Kita)):
        return " " + format_ids([action.tile])
    if isinstance(action, (Chi, Pon)):
        return " " + format_ids(action.tiles)
    if isinstance(action, (Ankan, Kakan)):
        return " " + format_types([action.tile_type])
    return ""


def parse_action(
    text: str, winds: Sequence[int] | None = None, legal: Sequence[Action] | None = None
) -> Action:
    """The action written ``text`` (:func:`format_action`'s notation), who acting named by seat
    (``seat 2: pon 55p``) or, with ``winds``, by wind (``West: pon 55p``).

    With ``legal`` (the legal actions), the one of them written so, whichever copy of a tile it
    holds; :class:`~riichi.errors.IllegalActionError` if none is.

    >>> parse_action("seat 1: kakan 5m")
    Kakan(seat=1, tile_type=4)
    >>> parse_action("seat 0: discard 5p", legal=[Discard(0, 54), Discard(0, 60)])
    Discard(seat=0, tile=54)
    >>> parse_action("seat 0: discard")
    Traceback (most recent call last):
    ...
    riichi.errors.NotationError: 'seat 0: discard': discard takes a tile, like 'discard 5p'

    Raises:
        NotationError: ``text`` is not action notation.
        IllegalActionError: a seat out of range, or (with ``legal``) no legal action is ``text``.
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"expected a str like 'seat 0: discard 5p', got {type(text).__name__}")
    winds = None if winds is None else _seat_winds(winds)
    who, colon, what = text.partition(":")
    words = what.split()
    if not colon or not words or words[0] not in _CLASSES:
        raise NotationError(f"expected 'who: what' like 'seat 0: discard 5p' with what one of "
                            f"{', '.join(_CLASSES)}, got {quoted(text)}")
    seat = _seat(who.strip(), winds, text)
    action = _action(_CLASSES[words[0]], seat, words[1:], text)
    if legal is None:
        return action
    if isinstance(legal, (str, bytes)) or not isinstance(legal, Sequence) \
            or not all(type(a) in ACTION_WORDS for a in legal):
        raise WrongTypeError(f"legal={quoted(legal)}: expected the legal actions (a sequence of "
                             "riichi.game.actions)")
    written = _written(action, winds)
    for candidate in legal:
        if _written(candidate, winds) == written:
            return candidate
    raise IllegalActionError(f"{quoted(text)} is not a legal action now; legal: "
                             f"{', '.join(_written(a, winds) for a in legal) or 'none'}")


def _seat(who: str, winds: Sequence[int] | None, text: str) -> int:
    if winds is None:
        number = who.removeprefix(_SEAT)
        if who.startswith(_SEAT) and number.isascii() and number.isdigit():
            return int(number)
        raise NotationError(f"{quoted(text)}: expected who as 'seat 0' to 'seat 3' (pass winds= "
                            "to name seats by wind)")
    if who in WIND_NAMES and WIND_NAMES.index(who) in winds:
        return list(winds).index(WIND_NAMES.index(who))
    named = ", ".join(WIND_NAMES[w] for w in winds)
    raise NotationError(f"{quoted(text)}: expected who as a wind at the table: {named}")


_TILE_ARGUMENT = {Discard: "a tile, like 'discard 5p'", Riichi: "a tile, like 'riichi 5p'",
                  Kita: "the North, like 'kita 4z'",
                  Ankan: "a tile, like 'ankan 5m'", Kakan: "a tile, like 'kakan 5m'",
                  Chi: "the two tiles of the hand it uses, number tiles of one suit one or two "
                       "apart (the claimed tile makes the run), like 'chi 34m' or 'chi 35m'",
                  Pon: "the two tiles of the hand it uses, two of one tile, like 'pon 55p'"}


def _action(cls: type, seat: int, tiles: list[str], text: str) -> Action:
    """The action of class ``cls`` by ``seat`` with the ``tiles`` words written after its word."""
    word = ACTION_WORDS[cls]
    if cls not in _TILE_ARGUMENT:
        if tiles:
            raise NotationError(f"{quoted(text)}: {word} takes no tile")
        made: Action = cls(seat)
        return made
    ids = parse_ids(tiles[0]) if len(tiles) == 1 else []
    pair = cls in (Chi, Pon)
    if len(ids) != (2 if pair else 1) or pair and not _meld_part(cls, ids[0] >> 2, ids[1] >> 2):
        raise NotationError(f"{quoted(text)}: {word} takes {_TILE_ARGUMENT[cls]}")
    tile_type = cls in (Ankan, Kakan)
    made = cls(seat, (ids[0], ids[1]) if pair else ids[0] >> 2 if tile_type else ids[0])
    return made


def _meld_part(cls: type, first: int, second: int) -> bool:
    """The tile types ``first`` and ``second`` can be the hand's part of a chi (number tiles of
    one suit one or two apart) or of a pon (one type), as ``cls`` is."""
    if cls is Pon:
        return first == second
    low, high = sorted((first, second))
    return high < 27 and low // 9 == high // 9 and 0 < high - low <= 2
