"""Tiles, tile notation and tile counts.

A tile is spoken of in three ways:

* a **tile type**, an ``int`` 0-33: 0-8 are 1m-9m (characters), 9-17 are 1p-9p (circles), 18-26 are
  1s-9s (bamboo) and 27-33 are the honors 1z-7z (East, South, West, North, White, Green, Red);
* a **136-id**, an ``int`` 0-135 naming one physical tile: ``type * 4 + copy``. Copy 0 of each five
  (ids 16, 52 and 88) is that suit's red five;
* **counts**, a ``numpy.uint8`` array of 34 numbers 0-4: how many tiles of each type a hand holds.

Notation writes a group of digits followed by its suit letter, e.g. ``"123m456p789s1234567z"``. The digit
``0`` is the red five of m, p or s; the honors are ``1z``-``7z``. A suit may appear in several groups
(``"1m2m"``), but whitespace and upper-case letters are not notation. The empty string is the empty
hand. The ``format_*`` functions write the canonical form: suits in the order m, p, s, z, each suit's
tiles sorted, a red five just before that suit's other fives (``"2205m"``).

>>> parse_types("406m")
[3, 4, 5]
>>> parse_ids("406m")
[12, 16, 20]
>>> format_ids([20, 16, 12])
'406m'
>>> format_counts(parse_counts("77z123p1s"))
'123p1s77z'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final, TypeAlias

import numpy as np
import numpy.typing as npt

from riichi.errors import InvalidHandError, NotationError, WrongTypeError, checked_int, quoted

__all__ = [
    # constants and types
    "NUM_TYPES", "NUM_IDS", "NUM_COPIES", "SUITS", "FIVES", "RED_FIVE_IDS", "RED_FIVE_OF_TYPE",
    "WIND_LETTERS", "WIND_NAMES", "TERMINALS", "HONORS", "WINDS", "DRAGONS",
    "TERMINALS_AND_HONORS", "SIMPLES", "TileCounts", "CountsLike",
    # single tiles
    "tile_type", "is_red", "tile_name", "tile_id_name", "tile_suit", "tile_number", "is_honor",
    "is_terminal", "is_simple", "is_terminal_or_honor", "dora_from_indicator",
    # notation
    "parse_ids", "parse_types", "parse_counts", "parse_tile", "parse_tile_id", "format_ids",
    "format_types", "format_counts",
    # counts
    "counts_from", "ids_to_counts", "types_to_counts", "counts_to_types",
]

TileCounts: TypeAlias = npt.NDArray[np.uint8]
"""34 tile counts: ``counts[t]`` is how many tiles of type ``t`` a hand holds."""

CountsLike: TypeAlias = str | Sequence[int] | npt.NDArray[np.integer[Any]]
"""What :func:`counts_from` accepts: tile notation, or 34 integer counts."""

NUM_TYPES: Final = 34
NUM_IDS: Final = 136
NUM_COPIES: Final = 4
SUITS: Final = "mpsz"
FIVES: Final = (4, 13, 22)
RED_FIVE_IDS: Final = (16, 52, 88)
RED_FIVE_OF_TYPE: Final = {red >> 2: red for red in RED_FIVE_IDS}
"""The red five's 136-id by tile type (5m, 5p, 5s)."""
TERMINALS: Final = (0, 8, 9, 17, 18, 26)
HONORS: Final = (27, 28, 29, 30, 31, 32, 33)
WINDS: Final = (27, 28, 29, 30)
WIND_LETTERS: Final = ("E", "S", "W", "N")
"""The winds as the scorer and game records name them, East first (seat or round wind 0-3)."""
WIND_NAMES: Final = ("East", "South", "West", "North")
"""The winds in words, as a player names a seat or round wind (0 = East)."""
DRAGONS: Final = (31, 32, 33)
TERMINALS_AND_HONORS: Final = TERMINALS + HONORS
SIMPLES: Final = tuple(t for t in range(27) if t % 9 not in (0, 8))

_NAMES: Final = tuple(f"{t % 9 + 1}{SUITS[t // 9]}" for t in range(NUM_TYPES))
_ID_NAMES: Final = tuple(
    "0" + _NAMES[i // 4][1] if i in RED_FIVE_IDS else _NAMES[i // 4] for i in range(NUM_IDS)
)
_DIGITS: Final = frozenset("0123456789")
_SUIT_BASES: Final = {"m": 0, "p": 9, "s": 18, "z": 27}
_FIRST_HONOR: Final = 27


def _type_arg(tile: int) -> int:
    t = checked_int(tile, "a tile type (an int 0-33)")
    if not 0 <= t < NUM_TYPES:
        raise InvalidHandError(f"tile type {quoted(t)} is out of range; expected 0 to 33")
    return t


def _id_arg(tile_id: int) -> int:
    i = checked_int(tile_id, "a 136-id (an int 0-135)")
    if not 0 <= i < NUM_IDS:
        raise InvalidHandError(f"tile id {quoted(i)} is out of range; expected 0 to 135")
    return i


def _int_list(values: Iterable[int], what: str) -> list[int]:
    # A str is iterable, so without this check "123m" would fail later with a puzzling message.
    if isinstance(values, str):
        raise WrongTypeError(
            f"expected {what}, got the str {quoted(values)}; parse notation with parse_*()"
        )
    try:
        items = iter(values)
    except TypeError:
        # None or a lone int in place of a list: say so, not "object is not iterable".
        raise WrongTypeError(f"expected {what} (a list of ints), got {type(values).__name__}") from None
    return [checked_int(v, what) for v in items]


# --- single tiles ------------------------------------------------------------------------------


def tile_type(tile_id: int) -> int:
    """The tile type (0-33) of a 136-id.

    >>> tile_type(16), tile_type(135)
    (4, 33)
    """
    return _id_arg(tile_id) >> 2


def is_red(tile_id: int) -> bool:
    """Whether a 136-id is a red five.

    >>> is_red(16), is_red(17)
    (True, False)
    """
    return _id_arg(tile_id) in RED_FIVE_IDS


def tile_name(tile: int) -> str:
    """The notation of a tile type.

    >>> tile_name(0), tile_name(13), tile_name(31)
    ('1m', '5p', '5z')
    """
    return _NAMES[_type_arg(tile)]


def tile_id_name(tile_id: int) -> str:
    """The notation of a 136-id: like :func:`tile_name`, with ``0`` for a red five.

    >>> tile_id_name(52), tile_id_name(53)
    ('0p', '5p')
    """
    return _ID_NAMES[_id_arg(tile_id)]


def tile_suit(tile: int) -> str:
    """The suit letter of a tile type: ``"m"``, ``"p"``, ``"s"`` or ``"z"`` (honors).

    >>> tile_suit(9), tile_suit(27)
    ('p', 'z')
    """
    return SUITS[_type_arg(tile) // 9]


def tile_number(tile: int) -> int:
    """The number written for a tile type: 1-9 in a suit, 1-7 for the honors.

    >>> tile_number(13), tile_number(33)
    (5, 7)
    """
    return _type_arg(tile) % 9 + 1


def is_honor(tile: int) -> bool:
    """Whether a tile type is a wind or a dragon (1z-7z).

    >>> is_honor(27), is_honor(26)
    (True, False)
    """
    return _type_arg(tile) >= _FIRST_HONOR


def is_terminal(tile: int) -> bool:
    """Whether a tile type is a 1 or a 9 of a suit (honors are not terminals).

    >>> is_terminal(8), is_terminal(27)
    (True, False)
    """
    t = _type_arg(tile)
    return t < _FIRST_HONOR and t % 9 in (0, 8)


def is_simple(tile: int) -> bool:
    """Whether a tile type is a 2-8 of a suit.

    >>> is_simple(1), is_simple(0), is_simple(31)
    (True, False, False)
    """
    t = _type_arg(tile)
    return t < _FIRST_HONOR and t % 9 not in (0, 8)


def is_terminal_or_honor(tile: int) -> bool:
    """Whether a tile type is a terminal or an honor (the thirteen tiles of Thirteen Orphans).

    >>> is_terminal_or_honor(17), is_terminal_or_honor(16)
    (True, False)
    """
    return not is_simple(tile)


def dora_from_indicator(indicator: int) -> int:
    """The dora shown by an indicator's tile type: the next tile of its suit.

    The numbers wrap from 9 to 1, the winds from North to East and the dragons from Red to White.

    >>> [tile_name(dora_from_indicator(parse_tile(s))) for s in ("3m", "9p", "4z", "7z")]
    ['4m', '1p', '1z', '5z']
    """
    t = _type_arg(indicator)
    if t < _FIRST_HONOR:
        return t - t % 9 + (t % 9 + 1) % 9
    if t in WINDS:
        return WINDS[(t - WINDS[0] + 1) % len(WINDS)]
    return DRAGONS[(t - DRAGONS[0] + 1) % len(DRAGONS)]


# --- notation ----------------------------------------------------------------------------------


def _scan(text: str, physical: bool, begin: int = 0) -> tuple[list[int], list[int]]:
    """Read the notation ``text[begin:]``; return the tiles in the order written and the 34 counts.

    The tiles are 136-ids if ``physical``, else tile types. Positions in messages count the characters
    of ``text`` from 1, so a caller that embeds notation in a longer string (``"chi:123s"``) gets
    positions in that string.
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"expected a str of tile notation, got {type(text).__name__}")
    if not 0 <= checked_int(begin, "begin (an int)") <= len(text):
        raise NotationError(f"begin={begin} is outside {quoted(text)}; expected 0 to {len(text)}")
    tiles: list[int] = []
    counts = [0] * NUM_TYPES
    reds = [0, 0, 0]
    group = begin  # position of the first digit of the group being read
    for pos in range(begin, len(text)):
        char = text[pos]
        if char in _DIGITS:
            continue
        base = _SUIT_BASES.get(char)
        if base is None:
            raise NotationError(
                f"unexpected character {char!r} at position {pos + 1} in {quoted(text, pos)};"
                " expected a digit or a suit letter m, p, s, z"
            )
        if group == pos:
            raise NotationError(
                f"suit letter {char!r} at position {pos + 1} in {quoted(text, pos)} has no digits"
                " before it"
            )
        suit = base // 9
        for digit_pos in range(group, pos):
            digit = ord(text[digit_pos]) - ord("0")
            red = digit == 0 and base != _FIRST_HONOR
            if base == _FIRST_HONOR and not 1 <= digit <= 7:
                raise NotationError(
                    f"no honor tile '{digit}z' at position {digit_pos + 1} in"
                    f" {quoted(text, digit_pos)}; honors are 1z to 7z"
                )
            tile = base + (4 if red else digit - 1)
            count = counts[tile]
            if count == NUM_COPIES:
                raise InvalidHandError(
                    f"fifth copy of {_NAMES[tile]} at position {digit_pos + 1} in"
                    f" {quoted(text, digit_pos)};"
                    " a tile has four copies"
                )
            if red:
                if reds[suit]:
                    raise InvalidHandError(
                        f"second red five '0{char}' at position {digit_pos + 1} in"
                        f" {quoted(text, digit_pos)};"
                        " a suit has one red five"
                    )
                reds[suit] = 1
                copy = 0
            elif digit == 5 and base != _FIRST_HONOR:
                # Copy 0 is the red five, so the plain fives are copies 1 to 3.
                copy = count - reds[suit] + 1
                if copy == NUM_COPIES and physical:
                    raise InvalidHandError(
                        f"fourth plain '5{char}' at position {digit_pos + 1} in"
                        f" {quoted(text, digit_pos)}; one of the"
                        f" four copies of 5{char} is the red five, write it as '0{char}'"
                    )
            else:
                copy = count
            counts[tile] = count + 1
            tiles.append(tile * NUM_COPIES + copy if physical else tile)
        group = pos + 1
    if group < len(text):
        raise NotationError(
            f"digits {quoted(text[group:])} at position {group + 1} in {quoted(text, group)} have"
            " no suit letter;"
            " expected m, p, s or z after them"
        )
    return tiles, counts


def parse_ids(text: str, *, begin: int = 0) -> list[int]:
    """The 136-ids of tile notation, in the order written.

    ``0`` is the red five (copy 0); plain fives take copies 1, 2 and 3 and every other tile copies
    0 to 3, in the order they appear. Four plain fives of one suit are therefore an error: one of them
    must be the red five. The empty string is the empty hand. With ``begin``, the notation is
    ``text[begin:]`` and the positions an error gives still count the characters of ``text``
    (``Meld.parse`` reads ``"pon:555m"`` so).

    >>> parse_ids("1m11m")
    [0, 1, 2]
    >>> parse_ids("505m")
    [17, 16, 18]
    >>> parse_ids("11111m")
    Traceback (most recent call last):
    ...
    riichi.errors.InvalidHandError: fifth copy of 1m at position 5 in '11111m'; a tile has four copies

    Raises:
        NotationError: ``text`` is not notation.
        InvalidHandError: more than four copies of a tile, two red fives of a suit, or four plain fives.
    """
    return _scan(text, physical=True, begin=begin)[0]


def parse_types(text: str) -> list[int]:
    """The tile types of tile notation, in the order written (a red five is a five).

    >>> parse_types("0m7z5p")
    [4, 33, 13]
    >>> parse_types("5555m")
    [4, 4, 4, 4]
    >>> parse_types("123")
    Traceback (most recent call last):
    ...
    riichi.errors.NotationError: digits '123' at position 1 in '123' have no suit letter; expected m, p, s or z after them

    Raises:
        NotationError: ``text`` is not notation.
        InvalidHandError: more than four copies of a tile, or two red fives of a suit.
    """
    return _scan(text, physical=False)[0]


def parse_counts(text: str) -> TileCounts:
    """The 34 tile counts of tile notation (a red five counts as a five).

    >>> parse_counts("19m19p19s1234567z").tolist() == [1, 0, 0, 0, 0, 0, 0, 0, 1] * 3 + [1] * 7
    True
    >>> int(parse_counts("").sum())
    0

    Raises:
        NotationError: ``text`` is not notation.
        InvalidHandError: more than four copies of a tile, or two red fives of a suit.
    """
    return np.array(_scan(text, physical=False)[1], dtype=np.uint8)


def parse_tile(text: str) -> int:
    """The tile type of the notation of a single tile.

    >>> parse_tile("5p"), parse_tile("0p")
    (13, 13)
    >>> parse_tile("55p")
    Traceback (most recent call last):
    ...
    riichi.errors.NotationError: expected a single tile like '5p', got '55p'
    """
    tiles = parse_types(text)
    if len(tiles) != 1:
        raise NotationError(f"expected a single tile like '5p', got {quoted(text)}")
    return tiles[0]


def parse_tile_id(text: str) -> int:
    """The 136-id of the notation of a single tile, as :func:`parse_ids` numbers it.

    >>> parse_tile_id("0p"), parse_tile_id("5p"), parse_tile_id("1z")
    (52, 53, 108)
    """
    tiles = parse_ids(text)
    if len(tiles) != 1:
        raise NotationError(f"expected a single tile like '5p', got {quoted(text)}")
    return tiles[0]


def _format(counts: Sequence[int], reds: Sequence[int]) -> str:
    """Canonical notation of 34 counts, ``reds[s]`` of the fives of suit ``s`` being red."""
    groups = []
    for suit_index, suit in enumerate(SUITS):
        base = 9 * suit_index
        size = 7 if suit == "z" else 9
        digits = [str(n + 1) * counts[base + n] for n in range(size)]
        if suit != "z" and reds[suit_index]:
            digits[4] = "0" + digits[4][1:]
        text = "".join(digits)
        if text:
            groups.append(text + suit)
    return "".join(groups)


def _type_counts(types: Iterable[int]) -> list[int]:
    counts = [0] * NUM_TYPES
    for tile in _int_list(types, "tile types"):
        counts[_type_arg(tile)] += 1
    for t, count in enumerate(counts):
        if count > NUM_COPIES:
            raise InvalidHandError(f"{count} copies of {_NAMES[t]}; a tile has four copies")
    return counts


def _id_counts(ids: Iterable[int]) -> tuple[list[int], list[int]]:
    """The 34 counts and the number of red fives per suit of distinct 136-ids."""
    counts = [0] * NUM_TYPES
    reds = [0, 0, 0]
    seen = bytearray(NUM_IDS)
    for tile_id in _int_list(ids, "136-ids"):
        i = _id_arg(tile_id)
        if seen[i]:
            raise InvalidHandError(
                f"tile id {i} ({_ID_NAMES[i]}) appears twice; a 136-id is one physical tile"
            )
        seen[i] = 1
        counts[i >> 2] += 1
        if i in RED_FIVE_IDS:
            reds[RED_FIVE_IDS.index(i)] = 1
    return counts, reds


def format_ids(ids: Iterable[int]) -> str:
    """Canonical notation of distinct 136-ids, red fives written ``0``.

    >>> format_ids([88, 89, 0, 90, 112])
    '1m055s2z'
    >>> format_ids(parse_ids("2z5s1m0s5s")) == "1m055s2z"
    True

    Raises:
        InvalidHandError: an id out of 0-135 or given twice.
    """
    counts, reds = _id_counts(ids)
    return _format(counts, reds)


def format_types(types: Iterable[int]) -> str:
    """Canonical notation of tile types (a multiset: the order does not matter).

    >>> format_types([27, 0, 4, 4])
    '155m1z'

    Raises:
        InvalidHandError: a type out of 0-33 or given more than four times.
    """
    return _format(_type_counts(types), (0, 0, 0))


def format_counts(counts: CountsLike) -> str:
    """Canonical notation of 34 tile counts (anything :func:`counts_from` accepts).

    >>> counts = [0] * 34
    >>> counts[0] = 3; counts[33] = 2
    >>> format_counts(counts)
    '111m77z'
    """
    return _format(counts_from(counts).tolist(), (0, 0, 0))


# --- counts ------------------------------------------------------------------------------------


def _bad_count(tile: int, value: object, reason: str) -> InvalidHandError:
    return InvalidHandError(f"count of {_NAMES[tile]} is {quoted(value)}; {reason}")


def _range_error(tile: int, value: int) -> InvalidHandError:
    reason = "a count cannot be negative" if value < 0 else "a tile has four copies"
    return _bad_count(tile, value, reason)


def counts_from(tiles: CountsLike) -> TileCounts:
    """A fresh C-contiguous ``numpy.uint8`` array of 34 tile counts, from notation or counts.

    Accepts tile notation (``"123m55z"``), a numpy array of an integer dtype and shape ``(34,)``, or any
    sequence of 34 ``int`` (a list, a tuple, ``bytes``...). Each count must be 0 to 4. Counts of another
    dtype are refused even when integral (``1.0``, ``True``): a float or bool array is almost always a
    bug upstream, and silently casting it would hide it.

    >>> format_counts(counts_from("55z123m"))
    '123m55z'
    >>> counts_from([0] * 12)
    Traceback (most recent call last):
    ...
    riichi.errors.InvalidHandError: expected 34 tile counts, got 12
    >>> counts_from([5] + [0] * 33)
    Traceback (most recent call last):
    ...
    riichi.errors.InvalidHandError: count of 1m is 5; a tile has four copies

    Raises:
        InvalidHandError: wrong length or shape, a non-integer count, a count out of 0-4, or (for
            notation) anything :func:`parse_counts` refuses.
        NotationError: a str that is not notation.
        TypeError: neither a str, a sequence nor a numpy array.
    """
    if isinstance(tiles, str):
        return parse_counts(tiles)
    if isinstance(tiles, np.ndarray):
        if tiles.dtype.kind not in "iu":
            raise InvalidHandError(
                f"expected integer tile counts, got an array of dtype {tiles.dtype}"
            )
        if tiles.ndim != 1:
            raise InvalidHandError(
                f"expected 34 tile counts, got an array of shape {tiles.shape}"
            )
        if len(tiles) != NUM_TYPES:
            raise InvalidHandError(f"expected 34 tile counts, got {len(tiles)}")
        bad = np.flatnonzero((tiles < 0) | (tiles > NUM_COPIES))
        if bad.size:
            raise _range_error(int(bad[0]), int(tiles[bad[0]]))
        return np.array(tiles, dtype=np.uint8, order="C")
    if not isinstance(tiles, Sequence):
        raise WrongTypeError(f"expected tile notation or 34 tile counts, got {type(tiles).__name__}")
    if len(tiles) != NUM_TYPES:
        raise InvalidHandError(f"expected 34 tile counts, got {len(tiles)}")
    for t, value in enumerate(tiles):
        # bool is an int subclass, and numpy integers are not ints: test both explicitly.
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            raise _bad_count(t, value, "expected an integer 0 to 4")
        if not 0 <= value <= NUM_COPIES:
            raise _range_error(t, int(value))
    return np.fromiter(tiles, dtype=np.uint8, count=NUM_TYPES)


def ids_to_counts(ids: Iterable[int]) -> TileCounts:
    """The 34 tile counts of distinct 136-ids.

    >>> format_counts(ids_to_counts([16, 17, 135]))
    '55m7z'

    Raises:
        InvalidHandError: an id out of 0-135 or given twice.
    """
    return np.array(_id_counts(ids)[0], dtype=np.uint8)


def types_to_counts(types: Iterable[int]) -> TileCounts:
    """The 34 tile counts of tile types.

    >>> format_counts(types_to_counts([33, 0, 33]))
    '1m77z'

    Raises:
        InvalidHandError: a type out of 0-33 or given more than four times.
    """
    return np.array(_type_counts(types), dtype=np.uint8)


def counts_to_types(counts: CountsLike) -> list[int]:
    """The tile types of 34 counts, sorted, each repeated as often as it is counted.

    >>> counts_to_types(parse_counts("1m22z"))
    [0, 28, 28]
    """
    return [t for t, count in enumerate(counts_from(counts).tolist()) for _ in range(count)]
