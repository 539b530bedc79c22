"""Tests of riichi.meld: meld kinds, validation, notation and repr."""

from __future__ import annotations

import doctest
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import riichi.meld
from riichi.errors import InvalidHandError, NotationError
from riichi.meld import Meld, MeldKind
from riichi.tiles import format_ids, is_red, tile_id_name

CANONICAL = [
    "chi:123m", "chi:789p", "chi:406m", "chi:340s", "chi:067p",
    "pon:111m", "pon:055m", "pon:555z", "pon:777z",
    "kan:9999s", "kan:0555m", "ankan:2222m", "ankan:1111z", "kakan:0555p", "kakan:4444z",
]


def round_trip(meld: Meld) -> Any:
    return eval(repr(meld), {"Meld": Meld, "MeldKind": MeldKind})


# --- kinds ---------------------------------------------------------------------------------------


def test_meld_kinds() -> None:
    assert [kind.value for kind in MeldKind] == ["chi", "pon", "kan", "ankan", "kakan"]
    assert MeldKind("ankan") is MeldKind.ANKAN


@pytest.mark.parametrize("kind", list(MeldKind))
def test_meld_kind_repr_evaluates(kind: MeldKind) -> None:
    assert repr(kind) == f"MeldKind.{kind.name}"
    assert eval(repr(kind), {"MeldKind": MeldKind}) is kind


# --- parsing and formatting ----------------------------------------------------------------------


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_notation_round_trips(text: str) -> None:
    meld = Meld.parse(text)
    assert str(meld) == text
    assert repr(meld) == f"Meld.parse({text!r})"
    assert round_trip(meld) == meld
    assert meld.called is None and meld.from_seat is None


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("chi:312m", "chi:123m"), ("chi:604m", "chi:406m"), ("pon:505m", "pon:055m"),
     ("kan:5505m", "kan:0555m"), ("pon:5z5z5z", "pon:555z")],
)
def test_parse_accepts_any_order(text: str, canonical: str) -> None:
    assert str(Meld.parse(text)) == canonical
    assert Meld.parse(text) == Meld.parse(canonical)


@pytest.mark.parametrize(
    ("text", "kind", "tiles", "types", "tile_type"),
    [
        ("chi:123s", MeldKind.CHI, (72, 76, 80), (18, 19, 20), 18),
        ("chi:406m", MeldKind.CHI, (12, 16, 20), (3, 4, 5), 3),
        ("pon:555z", MeldKind.PON, (124, 125, 126), (31, 31, 31), 31),
        ("pon:555m", MeldKind.PON, (17, 18, 19), (4, 4, 4), 4),
        ("kan:0555m", MeldKind.KAN, (16, 17, 18, 19), (4, 4, 4, 4), 4),
        ("ankan:2222m", MeldKind.ANKAN, (4, 5, 6, 7), (1, 1, 1, 1), 1),
        ("kakan:0555p", MeldKind.KAKAN, (52, 53, 54, 55), (13, 13, 13, 13), 13),
    ],
)
def test_parse(text: str, kind: MeldKind, tiles: tuple[int, ...], types: tuple[int, ...],
               tile_type: int) -> None:
    meld = Meld.parse(text)
    assert meld.kind is kind
    assert meld.tiles == tiles
    assert meld.types == types
    assert meld.tile_type == tile_type


@pytest.mark.parametrize(
    ("kind", "is_open", "is_kan", "is_run", "is_triplet_like"),
    [
        (MeldKind.CHI, True, False, True, False),
        (MeldKind.PON, True, False, False, True),
        (MeldKind.KAN, True, True, False, True),
        (MeldKind.ANKAN, False, True, False, True),
        (MeldKind.KAKAN, True, True, False, True),
    ],
)
def test_kind_properties(kind: MeldKind, is_open: bool, is_kan: bool, is_run: bool,
                         is_triplet_like: bool) -> None:
    tiles = (0, 4, 8) if kind is MeldKind.CHI else (0, 1, 2) if kind is MeldKind.PON else (0, 1, 2, 3)
    meld = Meld(kind, tiles)
    assert (meld.is_open, meld.is_kan, meld.is_run, meld.is_triplet_like) == (
        is_open, is_kan, is_run, is_triplet_like)


@pytest.mark.parametrize(
    ("text", "called", "from_seat", "called_id", "shown"),
    [
        ("chi:123s", "2s", 3, 76, "Meld.parse('chi:123s', called='2s', from_seat=3)"),
        ("chi:406m", "0m", 0, 16, "Meld.parse('chi:406m', called='0m', from_seat=0)"),
        ("chi:406m", 16, None, 16, "Meld.parse('chi:406m', called='0m')"),
        ("pon:055m", "5m", 1, 17, "Meld.parse('pon:055m', called='5m', from_seat=1)"),
        ("pon:055m", 18, 1, 18, "Meld.parse('pon:055m', called=18, from_seat=1)"),
        ("kakan:1111z", "1z", 2, 108, "Meld.parse('kakan:1111z', called='1z', from_seat=2)"),
        ("kan:9999s", None, 2, None, "Meld.parse('kan:9999s', from_seat=2)"),
        ("pon:777z", np.int64(134), np.uint8(1), 134, "Meld.parse('pon:777z', called=134, from_seat=1)"),
    ],
)
def test_parse_with_called_tile_and_seat(text: str, called: Any, from_seat: Any, called_id: int | None,
                                         shown: str) -> None:
    meld = Meld.parse(text, called=called, from_seat=from_seat)
    assert meld.called == called_id
    assert type(meld.called) is (int if called_id is not None else type(None))
    assert meld.from_seat == (None if from_seat is None else int(from_seat))
    assert repr(meld) == shown
    assert round_trip(meld) == meld


@pytest.mark.parametrize(
    ("meld", "shown"),
    [
        (Meld(MeldKind.PON, (16, 18, 19), called=18, from_seat=1),
         "Meld(MeldKind.PON, (16, 18, 19), called=18, from_seat=1)"),
        (Meld(MeldKind.CHI, (73, 77, 81)), "Meld(MeldKind.CHI, (73, 77, 81))"),
        (Meld(MeldKind.PON, (1, 2, 3), from_seat=0), "Meld(MeldKind.PON, (1, 2, 3), from_seat=0)"),
    ],
)
def test_repr_spells_out_copies_notation_cannot_express(meld: Meld, shown: str) -> None:
    assert repr(meld) == shown
    assert round_trip(meld) == meld


PARSE_ERRORS = [
    ("123s", NotationError, "expected 'kind:tiles' like 'chi:123s', got '123s'"),
    ("", NotationError, "expected 'kind:tiles' like 'chi:123s', got ''"),
    ("chii:123s", NotationError,
     "unknown meld kind 'chii' in 'chii:123s'; expected one of chi, pon, kan, ankan, kakan"),
    ("CHI:123s", NotationError,
     "unknown meld kind 'CHI' in 'CHI:123s'; expected one of chi, pon, kan, ankan, kakan"),
    ("chi:123x", NotationError,
     "unexpected character 'x' at position 8 in 'chi:123x'; expected a digit or a suit letter m, p, s, z"),
    ("chi: 123s", NotationError,
     "unexpected character ' ' at position 5 in 'chi: 123s'; expected a digit or a suit letter m, p, s, z"),
    ("chi:123", NotationError,
     "digits '123' at position 5 in 'chi:123' have no suit letter; expected m, p, s or z after them"),
    ("pon:888z", NotationError, "no honor tile '8z' at position 5 in 'pon:888z'; honors are 1z to 7z"),
    ("chi:1:23s", NotationError,
     "unexpected character ':' at position 6 in 'chi:1:23s'; expected a digit or a suit letter m, p, s, z"),
    ("chi:", InvalidHandError, "a chi has 3 tiles, got 0 in 'chi:'"),
    ("chi:1234s", InvalidHandError, "a chi has 3 tiles, got 4 in 'chi:1234s'"),
    ("pon:11z", InvalidHandError, "a pon has 3 tiles, got 2 in 'pon:11z'"),
    ("kan:111z", InvalidHandError, "a kan has 4 tiles, got 3 in 'kan:111z'"),
    ("ankan:11111z", InvalidHandError,
     "fifth copy of 1z at position 11 in 'ankan:11111z'; a tile has four copies"),
    ("kakan:00555p", InvalidHandError,
     "second red five '0p' at position 8 in 'kakan:00555p'; a suit has one red five"),
    ("kan:5555m", InvalidHandError,
     "fourth plain '5m' at position 8 in 'kan:5555m'; one of the four copies of 5m is the red five,"
     " write it as '0m'"),
    ("chi:123z", InvalidHandError,
     "invalid chi 'chi:123z': expected three consecutive tiles of one suit (no honors)"),
    ("chi:135m", InvalidHandError,
     "invalid chi 'chi:135m': expected three consecutive tiles of one suit (no honors)"),
    ("chi:89m1p", InvalidHandError,
     "invalid chi 'chi:89m1p': expected three consecutive tiles of one suit (no honors)"),
    ("chi:111m", InvalidHandError,
     "invalid chi 'chi:111m': expected three consecutive tiles of one suit (no honors)"),
    ("pon:123m", InvalidHandError, "invalid pon 'pon:123m': expected 3 copies of one tile"),
    ("pon:5m5p5s", InvalidHandError, "invalid pon 'pon:5m5p5s': expected 3 copies of one tile"),
    ("kan:1112m", InvalidHandError, "invalid kan 'kan:1112m': expected 4 copies of one tile"),
    ("ankan:1z2z3z4z", InvalidHandError, "invalid ankan 'ankan:1234z': expected 4 copies of one tile"),
]


@pytest.mark.parametrize(("text", "error", "message"), PARSE_ERRORS)
def test_parse_errors(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        Meld.parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("text", "called", "from_seat", "error", "message"),
    [
        ("chi:123m", "4m", None, InvalidHandError, "called tile '4m' is not in 'chi:123m'"),
        ("chi:406m", "5m", None, InvalidHandError, "called tile '5m' is not in 'chi:406m'"),
        ("pon:555m", "0m", None, InvalidHandError, "called tile '0m' is not in 'pon:555m'"),
        ("chi:123m", "2", None, NotationError,
         "digits '2' at position 1 in '2' have no suit letter; expected m, p, s or z after them"),
        ("chi:123m", "23m", None, NotationError, "expected a single tile like '5p', got '23m'"),
        ("chi:123m", 5, None, InvalidHandError,
         "called tile id 5 is not one of the tiles (0, 4, 8) of 'chi:123m'"),
        ("chi:123m", None, 4, InvalidHandError, "from_seat must be a seat 0 to 3, got 4"),
        ("chi:123m", "1m", -1, InvalidHandError, "from_seat must be a seat 0 to 3, got -1"),
        ("ankan:1111m", "1m", None, InvalidHandError, "an ankan has no called tile, got called=0"),
        ("ankan:1111m", None, 0, InvalidHandError, "an ankan is not called from a seat, got from_seat=0"),
        ("chi:124m", "1m", None, InvalidHandError,
         "invalid chi 'chi:124m': expected three consecutive tiles of one suit (no honors)"),
    ],
)
def test_parse_called_and_seat_errors(text: str, called: Any, from_seat: Any, error: type[Exception],
                                      message: str) -> None:
    with pytest.raises(error) as info:
        Meld.parse(text, called=called, from_seat=from_seat)
    assert str(info.value) == message


def test_parse_wants_a_str() -> None:
    with pytest.raises(TypeError, match="expected a str like 'chi:123s', got bytes"):
        Meld.parse(b"chi:123s")  # type: ignore[arg-type]


# --- the constructor -----------------------------------------------------------------------------


def test_tiles_are_normalised_to_a_sorted_tuple_of_ints() -> None:
    meld = Meld(MeldKind.CHI, [80, np.int64(72), 76], called=np.uint8(76), from_seat=np.int8(2))  # type: ignore[arg-type]
    assert meld.tiles == (72, 76, 80)
    assert all(type(i) is int for i in meld.tiles)
    assert type(meld.called) is int and type(meld.from_seat) is int
    assert meld == Meld(MeldKind.CHI, (72, 76, 80), 76, 2)
    assert hash(meld) == hash(Meld(MeldKind.CHI, (72, 76, 80), 76, 2))


def test_melds_differing_in_called_or_seat_are_different() -> None:
    melds = {Meld.parse("pon:111z"), Meld.parse("pon:111z", called="1z"),
             Meld.parse("pon:111z", from_seat=1), Meld.parse("pon:111z", called="1z", from_seat=1)}
    assert len(melds) == 4


def test_meld_is_frozen() -> None:
    meld = Meld.parse("chi:123m")
    with pytest.raises(AttributeError, match="read-only"):
        meld.called = 0  # type: ignore[misc]
    with pytest.raises(AttributeError, match="read-only"):
        del meld.tiles


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((MeldKind.PON, (0, 0, 1)), InvalidHandError,
         "tile id 0 (1m) appears twice; a 136-id is one physical tile"),
        ((MeldKind.PON, (0, 1, 136)), InvalidHandError, "tile id 136 is out of range; expected 0 to 135"),
        ((MeldKind.CHI, (32, 36, 40)), InvalidHandError,
         "invalid chi 'chi:9m12p': expected three consecutive tiles of one suit (no honors)"),
        ((MeldKind.CHI, (104, 108, 112)), InvalidHandError,
         "invalid chi 'chi:9s12z': expected three consecutive tiles of one suit (no honors)"),
        ((MeldKind.KAKAN, (0, 1, 2)), InvalidHandError, "a kakan has 4 tiles, got 3 in 'kakan:111m'"),
        ((MeldKind.PON, ()), InvalidHandError, "a pon has 3 tiles, got 0 in 'pon:'"),
    ],
)
def test_constructor_errors(args: tuple[Any, ...], error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        Meld(*args)
    assert str(info.value) == message


def test_constructor_type_errors() -> None:
    with pytest.raises(TypeError, match="expected a MeldKind, got 'chi'"):
        Meld("chi", (0, 4, 8))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"expected 136-ids, got the str '123m'; use Meld.parse\(\)"):
        Meld(MeldKind.CHI, "123m")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Meld(MeldKind.CHI, (0.0, 4, 8))  # type: ignore[arg-type]


# --- properties ----------------------------------------------------------------------------------


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    kind = draw(st.sampled_from(list(MeldKind)))
    if kind is MeldKind.CHI:
        start = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
        tiles = [(start + k) * 4 + draw(st.integers(0, 3)) for k in range(3)]
    else:
        tile = draw(st.integers(0, 33))
        size = 3 if kind is MeldKind.PON else 4
        copies = draw(st.permutations(range(4)))[:size]
        tiles = [tile * 4 + c for c in copies]
    if kind is MeldKind.ANKAN:
        return Meld(kind, tuple(tiles))
    called = draw(st.none() | st.sampled_from(tiles))
    from_seat = draw(st.none() | st.integers(0, 3))
    return Meld(kind, tuple(tiles), called, from_seat)


@given(melds())
def test_repr_evaluates_back(meld: Meld) -> None:
    assert round_trip(meld) == meld


@given(melds())
def test_str_round_trips_types_and_red_fives(meld: Meld) -> None:
    text = str(meld)
    parsed = Meld.parse(text)
    assert str(parsed) == text
    assert parsed.kind is meld.kind
    assert parsed.types == meld.types
    assert [is_red(i) for i in parsed.tiles] == [is_red(i) for i in meld.tiles]
    assert text == f"{meld.kind.value}:{format_ids(meld.tiles)}"


@given(melds())
def test_called_tile_by_name_is_a_tile_of_the_same_kind(meld: Meld) -> None:
    assume(meld.called is not None)
    assert meld.called is not None
    name = tile_id_name(meld.called)
    again = Meld.parse(str(meld), called=name, from_seat=meld.from_seat)
    assert again.called is not None
    assert tile_id_name(again.called) == name


def test_doctests() -> None:
    result = doctest.testmod(riichi.meld)
    assert result.attempted > 10
    assert result.failed == 0


@given(melds(), st.randoms(use_true_random=False))
def test_a_trusted_meld_is_the_checked_one(meld: Meld, rng: Any) -> None:
    # the table builds its melds unchecked, from tiles in the order the call took them
    tiles = list(meld.tiles)
    rng.shuffle(tiles)
    trusted = Meld.trusted(meld.kind, tiles, meld.called, meld.from_seat)
    assert trusted == meld and repr(trusted) == repr(meld) and hash(trusted) == hash(meld)


@given(melds(), st.randoms(use_true_random=False))
def test_first_type_is_the_type_of_the_lowest_tile(meld: Meld, rng: Any) -> None:
    # what the encodings read for a chi's first type and any other meld's one type
    tiles = list(meld.tiles)
    rng.shuffle(tiles)
    trusted = Meld.trusted(meld.kind, tiles, meld.called, meld.from_seat)
    assert meld.first_type == trusted.first_type == min(tiles) // 4 == meld.types[0]
