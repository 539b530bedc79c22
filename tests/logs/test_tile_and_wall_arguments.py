"""mjai_tile_name and the wall helpers of riichi.logs refuse what is no tile name and no wall with a
RiichiError saying what was expected, where they raised a bare TypeError, KeyError or IndexError, or
named a tile of no tile ((-1, False) gave '?', (True, False) gave '2m')."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from riichi.errors import InvalidHandError, WrongTypeError
from riichi.logs import deal, dora_indicator, live_draw, mjai_tile_name, parse_mjai_tile, replacement_draw, ura_indicator

_TYPE = "expected a tile name, a tile type (an int 0-33) and whether it is a red five (a bool), e.g. (4, True)"
_RANGE = "expected a tile type 0-33, red only for a five (4, 13 or 22)"


@pytest.mark.parametrize("name, error, message", [
    (5, WrongTypeError, f"name=5: {_TYPE}"),
    ([4, True], WrongTypeError, f"name=[4, True]: {_TYPE}"),
    ((4, 1), WrongTypeError, f"name=(4, 1): {_TYPE}"),
    ((True, False), WrongTypeError, f"name=(True, False): {_TYPE}"),
    ((33, False, 1), WrongTypeError, f"name=(33, False, 1): {_TYPE}"),
    ((-1, False), InvalidHandError, f"name=(-1, False): {_RANGE}"),
    ((34, False), InvalidHandError, f"name=(34, False): {_RANGE}"),
    ((3, True), InvalidHandError, f"name=(3, True): {_RANGE}"),
])
def test_mjai_tile_name_refuses_what_is_no_tile_name(name: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        mjai_tile_name(name)


def test_mjai_tile_name_names_every_tile_as_the_reader_reads_it() -> None:
    names = [(t, False) for t in range(34)] + [(4, True), (13, True), (22, True), (np.int64(31), False)]
    assert [parse_mjai_tile(mjai_tile_name(name)) for name in names] == [(int(t), red) for t, red in names]


@pytest.mark.parametrize("call", [
    lambda yama: dora_indicator(yama, 0), lambda yama: ura_indicator(yama), lambda yama: deal(yama, 0),
    lambda yama: live_draw(yama, 0), lambda yama: replacement_draw(yama, 0),
], ids=["dora", "ura", "deal", "live", "replacement"])
@pytest.mark.parametrize("yama", [None, 5, "x" * 136])
def test_wall_helpers_refuse_what_is_no_wall(call: Any, yama: object) -> None:
    with pytest.raises(WrongTypeError, match=r"^yama=.*: expected a wall \(a list of its 136-ids\)$"):
        call(yama)


@pytest.mark.parametrize("call, name", [
    (lambda yama, v: deal(yama, v), "dealer"), (lambda yama, v: live_draw(yama, v), "k"),
    (lambda yama, v: dora_indicator(yama, v), "n"), (lambda yama, v: ura_indicator(yama, v), "n"),
    (lambda yama, v: replacement_draw(yama, v), "n"),
], ids=["deal", "live", "dora", "ura", "replacement"])
@pytest.mark.parametrize("value", [True, False, 1.0, "1"])
def test_wall_helpers_refuse_a_place_that_is_no_int(call: Any, name: str, value: object) -> None:
    """True read as place 1 and False as 0 (a bool is an int to Python, not to the library)."""
    with pytest.raises(WrongTypeError, match=rf"^{name}=.*: expected "):
        call(list(range(136)), value)
    assert call(list(range(136)), np.int64(1)) == call(list(range(136)), 1)  # numpy's ints are ints
