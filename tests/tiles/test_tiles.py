"""Tests of riichi.tiles: constants, single tiles, notation in and out, counts."""

from __future__ import annotations

import doctest
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import riichi.tiles
from riichi.errors import InvalidHandError, NotationError, WrongTypeError
from riichi.tiles import (
    DRAGONS,
    FIVES,
    HONORS,
    NUM_COPIES,
    NUM_IDS,
    NUM_TYPES,
    RED_FIVE_IDS,
    SIMPLES,
    SUITS,
    TERMINALS,
    TERMINALS_AND_HONORS,
    WINDS,
    counts_from,
    counts_to_types,
    dora_from_indicator,
    format_counts,
    format_ids,
    format_types,
    ids_to_counts,
    is_honor,
    is_red,
    is_simple,
    is_terminal,
    is_terminal_or_honor,
    parse_counts,
    parse_ids,
    parse_tile,
    parse_tile_id,
    parse_types,
    tile_id_name,
    tile_name,
    tile_number,
    tile_suit,
    tile_type,
    types_to_counts,
)

ALL_NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def counts_of(pairs: dict[int, int]) -> list[int]:
    counts = [0] * NUM_TYPES
    for tile, count in pairs.items():
        counts[tile] = count
    return counts


# --- constants -----------------------------------------------------------------------------------


def test_sizes() -> None:
    assert (NUM_TYPES, NUM_IDS, NUM_COPIES, SUITS) == (34, 136, 4, "mpsz")


def test_tile_groups_partition_the_types() -> None:
    assert HONORS == WINDS + DRAGONS == tuple(range(27, 34))
    assert TERMINALS == (0, 8, 9, 17, 18, 26)
    assert TERMINALS_AND_HONORS == TERMINALS + HONORS
    assert len(SIMPLES) == 21
    assert sorted(SIMPLES + TERMINALS_AND_HONORS) == list(range(NUM_TYPES))


def test_red_fives_are_copy_zero_of_the_fives() -> None:
    assert RED_FIVE_IDS == (16, 52, 88)
    assert tuple(i // 4 for i in RED_FIVE_IDS) == FIVES == (4, 13, 22)
    assert all(i % 4 == 0 for i in RED_FIVE_IDS)


# --- single tiles --------------------------------------------------------------------------------


@pytest.mark.parametrize("tile", range(NUM_TYPES))
def test_tile_name_and_parse_tile_invert_each_other(tile: int) -> None:
    assert tile_name(tile) == ALL_NAMES[tile]
    assert parse_tile(ALL_NAMES[tile]) == tile
    assert tile_suit(tile) + str(tile_number(tile)) == ALL_NAMES[tile][::-1]


@pytest.mark.parametrize("tile_id", range(NUM_IDS))
def test_tile_id_helpers(tile_id: int) -> None:
    assert tile_type(tile_id) == tile_id // 4
    assert is_red(tile_id) == (tile_id in (16, 52, 88))
    name = tile_id_name(tile_id)
    assert name == ("0" + ALL_NAMES[tile_id // 4][1] if is_red(tile_id) else ALL_NAMES[tile_id // 4])
    assert parse_tile(name) == tile_id // 4


@pytest.mark.parametrize(
    ("text", "tile_id"),
    [("1m", 0), ("0m", 16), ("5m", 17), ("0p", 52), ("5p", 53), ("0s", 88), ("9s", 104), ("7z", 132)],
)
def test_parse_tile_id(text: str, tile_id: int) -> None:
    assert parse_tile_id(text) == tile_id


def test_parse_tile_of_a_red_five_is_the_five() -> None:
    assert parse_tile("0p") == parse_tile("5p") == 13


@pytest.mark.parametrize("function", [parse_tile, parse_tile_id])
@pytest.mark.parametrize("text", ["", "55p", "1m2m"])
def test_parse_tile_wants_exactly_one_tile(function: Any, text: str) -> None:
    with pytest.raises(NotationError) as info:
        function(text)
    assert str(info.value) == f"expected a single tile like '5p', got {text!r}"


@pytest.mark.parametrize("function", [parse_tile, parse_tile_id])
def test_parse_tile_reports_bad_notation(function: Any) -> None:
    with pytest.raises(NotationError, match="unexpected character 'x' at position 1 in 'x1m'"):
        function("x1m")


@pytest.mark.parametrize("tile", range(NUM_TYPES))
def test_tile_predicates(tile: int) -> None:
    number, suit = ALL_NAMES[tile][0], ALL_NAMES[tile][1]
    honor = suit == "z"
    terminal = not honor and number in "19"
    assert is_honor(tile) == honor
    assert is_terminal(tile) == terminal
    assert is_simple(tile) == (not honor and not terminal)
    assert is_terminal_or_honor(tile) == (honor or terminal)
    assert is_simple(tile) == (tile in SIMPLES)
    assert is_terminal_or_honor(tile) == (tile in TERMINALS_AND_HONORS)


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [("1m", "2m"), ("8m", "9m"), ("9m", "1m"), ("9p", "1p"), ("9s", "1s"), ("5s", "6s"),
     ("1z", "2z"), ("3z", "4z"), ("4z", "1z"), ("5z", "6z"), ("6z", "7z"), ("7z", "5z")],
)
def test_dora_from_indicator(indicator: str, dora: str) -> None:
    assert dora_from_indicator(parse_tile(indicator)) == parse_tile(dora)


@pytest.mark.parametrize("group", [range(0, 9), range(9, 18), range(18, 27), WINDS, DRAGONS])
def test_dora_cycles_through_each_group(group: Any) -> None:
    seen = set()
    tile = group[0]
    for _ in group:
        seen.add(tile)
        tile = dora_from_indicator(tile)
    assert tile == group[0]
    assert seen == set(group)


TYPE_FUNCTIONS: list[Any] = [tile_name, tile_suit, tile_number, is_honor, is_terminal, is_simple,
                  is_terminal_or_honor, dora_from_indicator]
ID_FUNCTIONS: list[Any] = [tile_type, is_red, tile_id_name]


@pytest.mark.parametrize("function", TYPE_FUNCTIONS)
@pytest.mark.parametrize("tile", [-1, 34, 1000])
def test_type_functions_reject_out_of_range(function: Any, tile: int) -> None:
    with pytest.raises(InvalidHandError) as info:
        function(tile)
    assert str(info.value) == f"tile type {tile} is out of range; expected 0 to 33"


@pytest.mark.parametrize("function", ID_FUNCTIONS)
@pytest.mark.parametrize("tile_id", [-1, 136])
def test_id_functions_reject_out_of_range(function: Any, tile_id: int) -> None:
    with pytest.raises(InvalidHandError) as info:
        function(tile_id)
    assert str(info.value) == f"tile id {tile_id} is out of range; expected 0 to 135"


@pytest.mark.parametrize("function", TYPE_FUNCTIONS + ID_FUNCTIONS)
def test_single_tile_functions_reject_non_integers(function: Any) -> None:
    with pytest.raises(TypeError):
        function(1.0)


def test_single_tile_functions_accept_numpy_integers() -> None:
    assert tile_name(np.uint8(13)) == "5p"  # type: ignore[arg-type]
    assert tile_type(np.int64(52)) == 13  # type: ignore[arg-type]


# --- parsing -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("", []),
        ("1m", [0]),
        ("1111m", [0, 1, 2, 3]),
        ("1m11m1m", [0, 1, 2, 3]),
        ("123m", [0, 4, 8]),
        ("0m", [16]),
        ("5m", [17]),
        ("555m", [17, 18, 19]),
        ("0555m", [16, 17, 18, 19]),
        ("5505m", [17, 18, 16, 19]),
        ("0m0p0s", [16, 52, 88]),
        ("9s1z", [104, 108]),
        ("7777z", [132, 133, 134, 135]),
        ("2z1m", [112, 0]),
        ("19m19p19s1234567z", [0, 32, 36, 68, 72, 104, 108, 112, 116, 120, 124, 128, 132]),
    ],
)
def test_parse_ids(text: str, ids: list[int]) -> None:
    assert parse_ids(text) == ids
    assert parse_types(text) == [i // 4 for i in ids]
    assert parse_counts(text).tolist() == ids_to_counts(ids).tolist()


def test_parse_types_and_counts_allow_four_plain_fives() -> None:
    assert parse_types("5555p") == [13] * 4
    assert parse_counts("5555p").tolist() == counts_of({13: 4})
    assert parse_counts("0555p").tolist() == counts_of({13: 4})


def test_parse_counts_returns_a_fresh_uint8_array() -> None:
    counts = parse_counts("123m")
    assert counts.dtype == np.uint8
    assert counts.shape == (34,)
    assert counts.flags.c_contiguous
    counts[0] = 4
    assert parse_counts("123m")[0] == 1


def test_empty_string_is_the_empty_hand() -> None:
    assert parse_ids("") == parse_types("") == []
    assert parse_counts("").tolist() == [0] * 34
    assert format_ids([]) == format_types([]) == format_counts([0] * 34) == ""


NOTATION_ERRORS = [
    ("123x", "unexpected character 'x' at position 4 in '123x';"
             " expected a digit or a suit letter m, p, s, z"),
    ("x", "unexpected character 'x' at position 1 in 'x'; expected a digit or a suit letter m, p, s, z"),
    ("1M", "unexpected character 'M' at position 2 in '1M'; expected a digit or a suit letter m, p, s, z"),
    ("1m 2m", "unexpected character ' ' at position 3 in '1m 2m';"
              " expected a digit or a suit letter m, p, s, z"),
    ("\u0661m", "unexpected character '\u0661' at position 1 in '\u0661m';"
                " expected a digit or a suit letter m, p, s, z"),
    ("123", "digits '123' at position 1 in '123' have no suit letter; expected m, p, s or z after them"),
    ("1m23", "digits '23' at position 3 in '1m23' have no suit letter; expected m, p, s or z after them"),
    ("m", "suit letter 'm' at position 1 in 'm' has no digits before it"),
    ("123mp", "suit letter 'p' at position 5 in '123mp' has no digits before it"),
    ("8z", "no honor tile '8z' at position 1 in '8z'; honors are 1z to 7z"),
    ("1239z", "no honor tile '9z' at position 4 in '1239z'; honors are 1z to 7z"),
    ("10z", "no honor tile '0z' at position 2 in '10z'; honors are 1z to 7z"),
]


@pytest.mark.parametrize("function", [parse_ids, parse_types, parse_counts])
@pytest.mark.parametrize(("text", "message"), NOTATION_ERRORS)
def test_notation_errors(function: Any, text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        function(text)
    assert str(info.value) == message


COUNT_ERRORS = [
    ("11111m", "fifth copy of 1m at position 5 in '11111m'; a tile has four copies"),
    ("11m111m", "fifth copy of 1m at position 6 in '11m111m'; a tile has four copies"),
    ("77777z", "fifth copy of 7z at position 5 in '77777z'; a tile has four copies"),
    ("05555p", "fifth copy of 5p at position 5 in '05555p'; a tile has four copies"),
    ("00s", "second red five '0s' at position 2 in '00s'; a suit has one red five"),
    ("0s1m0s", "second red five '0s' at position 5 in '0s1m0s'; a suit has one red five"),
]


@pytest.mark.parametrize("function", [parse_ids, parse_types, parse_counts])
@pytest.mark.parametrize(("text", "message"), COUNT_ERRORS)
def test_count_errors(function: Any, text: str, message: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        function(text)
    assert str(info.value) == message


def test_parse_ids_from_begin_counts_positions_in_the_whole_text() -> None:
    assert parse_ids("pon:505m", begin=4) == [17, 16, 18]
    assert parse_ids("pon:", begin=4) == []
    with pytest.raises(NotationError) as info:
        parse_ids("pon:55x", begin=4)
    assert str(info.value) == (
        "unexpected character 'x' at position 7 in 'pon:55x'; expected a digit or a suit letter m, p, s, z"
    )


@pytest.mark.parametrize(("begin", "error", "message"), [
    (-1, NotationError, "begin=-1 is outside '123m'; expected 0 to 4"),
    (5, NotationError, "begin=5 is outside '123m'; expected 0 to 4"),
    (True, WrongTypeError, "expected begin (an int), got the bool True"),
    (1.0, WrongTypeError, "expected begin (an int), got float 1.0"),
])
def test_parse_ids_refuses_a_begin_outside_the_text(begin: Any, error: type, message: str) -> None:
    with pytest.raises(error) as info:
        parse_ids("123m", begin=begin)
    assert str(info.value) == message


@pytest.mark.parametrize(("text", "position"), [("5555m", 4), ("55m5m5m", 6), ("55550m", 4)])
def test_parse_ids_refuses_four_plain_fives(text: str, position: int) -> None:
    with pytest.raises(InvalidHandError) as info:
        parse_ids(text)
    assert str(info.value) == (
        f"fourth plain '5m' at position {position} in {text!r};"
        " one of the four copies of 5m is the red five, write it as '0m'"
    )


@pytest.mark.parametrize("function", [parse_ids, parse_types, parse_counts, parse_tile, parse_tile_id])
@pytest.mark.parametrize("value", [None, 123, b"123m", ["1m"]])
def test_parsers_want_a_str(function: Any, value: object) -> None:
    with pytest.raises(TypeError, match="expected a str of tile notation, got"):
        function(value)


# --- formatting ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ids", "text"),
    [
        ([], ""),
        ([112, 0], "1m2z"),
        ([4, 5, 16, 17], "2205m"),
        ([17, 16, 4, 5], "2205m"),
        ([12, 16, 20], "406m"),
        ([16, 17, 18, 19], "0555m"),
        ([52, 88, 16], "0m0p0s"),
        ([135, 134, 0, 35, 36, 107], "19m1p9s77z"),
    ],
)
def test_format_ids(ids: list[int], text: str) -> None:
    assert format_ids(ids) == text
    assert format_ids(iter(ids)) == text


@pytest.mark.parametrize(
    ("types", "text"),
    [([], ""), ([33, 0], "1m7z"), ([4, 4, 3], "455m"), ([13] * 4, "5555p"), ([26, 18, 27], "19s1z")],
)
def test_format_types(types: list[int], text: str) -> None:
    assert format_types(types) == text
    assert format_counts(types_to_counts(types)) == text


def test_format_counts_accepts_what_counts_from_accepts() -> None:
    counts = counts_of({0: 2, 31: 3})
    assert format_counts(counts) == "11m555z"
    assert format_counts(tuple(counts)) == "11m555z"
    assert format_counts(np.array(counts, dtype=np.int32)) == "11m555z"
    assert format_counts("5z1m55z1m") == "11m555z"


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        ([0, 0], "tile id 0 (1m) appears twice; a 136-id is one physical tile"),
        ([16, 1, 16], "tile id 16 (0m) appears twice; a 136-id is one physical tile"),
        ([136], "tile id 136 is out of range; expected 0 to 135"),
        ([-1], "tile id -1 is out of range; expected 0 to 135"),
    ],
)
def test_format_ids_errors(ids: list[int], message: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        format_ids(ids)
    assert str(info.value) == message
    with pytest.raises(InvalidHandError):
        ids_to_counts(ids)


@pytest.mark.parametrize(
    ("types", "message"),
    [
        ([0] * 5, "5 copies of 1m; a tile has four copies"),
        ([33, 1] + [33] * 5, "6 copies of 7z; a tile has four copies"),
        ([34], "tile type 34 is out of range; expected 0 to 33"),
        ([-1], "tile type -1 is out of range; expected 0 to 33"),
    ],
)
def test_format_types_errors(types: list[int], message: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        format_types(types)
    assert str(info.value) == message
    with pytest.raises(InvalidHandError):
        types_to_counts(types)


@pytest.mark.parametrize("function", [format_ids, format_types, ids_to_counts, types_to_counts])
def test_formatters_refuse_notation(function: Any) -> None:
    with pytest.raises(TypeError, match="got the str '123m'; parse notation with parse_"):
        function("123m")


@pytest.mark.parametrize("function", [format_ids, format_types, ids_to_counts, types_to_counts])
@pytest.mark.parametrize("value", [None, 16, np.int64(16), np.array(16)])
def test_formatters_refuse_what_is_no_list(function: Any, value: object) -> None:
    expected = rf"^expected .* \(a list of ints\), got {type(value).__name__}$"
    with pytest.raises(WrongTypeError, match=expected):
        function(value)


@pytest.mark.parametrize("function", [format_ids, format_types])
def test_formatters_refuse_non_integers(function: Any) -> None:
    with pytest.raises(TypeError):
        function([1.0])


# --- counts --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "1m22z",
        counts_of({0: 1, 28: 2}),
        tuple(counts_of({0: 1, 28: 2})),
        bytes(counts_of({0: 1, 28: 2})),
        bytearray(counts_of({0: 1, 28: 2})),
        [np.int64(v) for v in counts_of({0: 1, 28: 2})],
        np.array(counts_of({0: 1, 28: 2}), dtype=np.uint8),
        np.array(counts_of({0: 1, 28: 2}), dtype=np.int8),
        np.array(counts_of({0: 1, 28: 2}), dtype=np.uint64),
        np.repeat(np.array(counts_of({0: 1, 28: 2}), dtype=np.int32), 2)[::2],
    ],
    ids=["str", "list", "tuple", "bytes", "bytearray", "numpy-scalars", "uint8", "int8", "uint64",
         "strided"],
)
def test_counts_from_accepts(source: Any) -> None:
    counts = counts_from(source)
    assert counts.dtype == np.uint8
    assert counts.shape == (34,)
    assert counts.flags.c_contiguous
    assert counts.tolist() == counts_of({0: 1, 28: 2})


def test_counts_from_returns_a_copy() -> None:
    source = np.zeros(34, dtype=np.uint8)
    counts = counts_from(source)
    counts[0] = 3
    assert source[0] == 0
    listed = [0] * 34
    counts_from(listed)[1] = 2
    assert listed[1] == 0


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ([0] * 12, "expected 34 tile counts, got 12"),
        ([0] * 35, "expected 34 tile counts, got 35"),
        ([], "expected 34 tile counts, got 0"),
        (np.zeros(12, dtype=np.uint8), "expected 34 tile counts, got 12"),
        (np.zeros((2, 34), dtype=np.uint8), "expected 34 tile counts, got an array of shape (2, 34)"),
        ([5] + [0] * 33, "count of 1m is 5; a tile has four copies"),
        ([0] * 33 + [7], "count of 7z is 7; a tile has four copies"),
        ([0] * 4 + [-1] + [0] * 29, "count of 5m is -1; a count cannot be negative"),
        ([10**30] + [0] * 33, f"count of 1m is {10**30}; a tile has four copies"),
        ([1.0] + [0] * 33, "count of 1m is 1.0; expected an integer 0 to 4"),
        ([0, True] + [0] * 32, "count of 2m is True; expected an integer 0 to 4"),
        ([0, 0, "1"] + [0] * 31, "count of 3m is '1'; expected an integer 0 to 4"),
        ([None] * 34, "count of 1m is None; expected an integer 0 to 4"),
        (np.full(34, 5, dtype=np.uint8), "count of 1m is 5; a tile has four copies"),
        (np.array([0] * 9 + [-2] + [0] * 24), "count of 1p is -2; a count cannot be negative"),
        (np.zeros(34), "expected integer tile counts, got an array of dtype float64"),
        (np.zeros(34, dtype=bool), "expected integer tile counts, got an array of dtype bool"),
        (np.zeros(34, dtype=object), "expected integer tile counts, got an array of dtype object"),
        (bytes([9] * 34), "count of 1m is 9; a tile has four copies"),
        ("11111m", "fifth copy of 1m at position 5 in '11111m'; a tile has four copies"),
    ],
)
def test_counts_from_errors(source: Any, message: str) -> None:
    with pytest.raises(InvalidHandError) as info:
        counts_from(source)
    assert str(info.value) == message


def test_counts_from_bad_notation() -> None:
    with pytest.raises(NotationError, match="unexpected character 'x' at position 2 in '1x'"):
        counts_from("1x")


@pytest.mark.parametrize("source", [None, 3, np.uint8(3), {1, 2}, (i for i in range(34)), 1.5])
def test_counts_from_refuses_other_types(source: object) -> None:
    with pytest.raises(TypeError, match="expected tile notation or 34 tile counts, got"):
        counts_from(source)  # type: ignore[arg-type]


def test_ids_and_types_to_counts() -> None:
    assert ids_to_counts([16, 17, 135]).tolist() == counts_of({4: 2, 33: 1})
    assert types_to_counts([33, 4, 4]).tolist() == counts_of({4: 2, 33: 1})
    assert ids_to_counts([]).dtype == types_to_counts([]).dtype == np.uint8


def test_counts_to_types() -> None:
    assert counts_to_types(counts_of({4: 2, 33: 1})) == [4, 4, 33]
    assert counts_to_types("7z1m") == [0, 33]
    assert counts_to_types([0] * 34) == []


# --- properties ----------------------------------------------------------------------------------

id_sets = st.sets(st.integers(0, NUM_IDS - 1), max_size=NUM_IDS)
count_lists = st.lists(st.integers(0, NUM_COPIES), min_size=NUM_TYPES, max_size=NUM_TYPES)


@given(id_sets)
def test_ids_round_trip(ids: set[int]) -> None:
    text = format_ids(ids)
    # Notation keeps each tile's type and redness, not which plain copy it is.
    parsed = parse_ids(text)
    assert sorted(map(tile_id_name, parsed)) == sorted(map(tile_id_name, ids))
    assert ids_to_counts(parsed).tolist() == ids_to_counts(ids).tolist()
    assert format_ids(parsed) == text


@given(id_sets, st.randoms(use_true_random=False))
def test_any_writing_order_formats_canonically(ids: set[int], rng: random.Random) -> None:
    tiles = list(ids)
    rng.shuffle(tiles)
    text = "".join(tile_id_name(i) for i in tiles)
    parsed = parse_ids(text)
    assert len(set(parsed)) == len(parsed)
    assert [tile_id_name(i) for i in parsed] == [tile_id_name(i) for i in tiles]
    assert format_ids(parsed) == format_ids(ids)
    assert parse_types(text) == [i // 4 for i in tiles]


@given(count_lists)
def test_counts_round_trip(counts: list[int]) -> None:
    text = format_counts(counts)
    assert parse_counts(text).tolist() == counts
    assert format_counts(parse_counts(text)) == text
    assert format_types(counts_to_types(counts)) == text
    assert types_to_counts(counts_to_types(counts)).tolist() == counts
    assert counts_from(np.array(counts)).tolist() == counts


@given(st.text(alphabet="0123456789mpsz", max_size=30))
def test_parsing_random_text_succeeds_or_raises_a_riichi_error(text: str) -> None:
    try:
        ids = parse_ids(text)
    except (NotationError, InvalidHandError):
        return
    assert len(set(ids)) == len(ids)
    assert sorted(parse_types(text)) == sorted(i // 4 for i in ids)
    assert sorted(parse_ids(format_ids(ids))) == sorted(ids)


def test_doctests() -> None:
    result = doctest.testmod(riichi.tiles)
    assert result.attempted > 20
    assert result.failed == 0


def test_a_long_input_is_quoted_in_a_short_window() -> None:
    text = "1" * 1_000_000 + "x"
    with pytest.raises(riichi.NotationError) as info:
        riichi.parse_types(text)
    message = str(info.value)
    assert len(message) < 300 and "position 1000001" in message and "characters 999942-1000001" in message


@pytest.mark.parametrize(("mask", "message"), [(1.5, "got float"), ("5p", "got str"), (True, "got the bool True")])
def test_tiles_from_mask_wants_an_int(mask: object, message: str) -> None:
    with pytest.raises(TypeError, match=f"a tile mask is an int, {message}"):
        riichi.tiles_from_mask(mask)  # type: ignore[arg-type]
