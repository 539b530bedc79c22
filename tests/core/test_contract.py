"""What each function of the core accepts and returns, checked against the table of docs/core.md
(and so against what the core's docstring says): every hand size 0-17, every input form."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import riichi
from riichi.errors import InvalidHandError
from tests.support.paths import ROOT

CORE_DOC = (ROOT / "docs" / "core.md").read_text(encoding="utf-8")
SIZES = {"3n+1 or 3n+2": {1, 2, 4, 5, 7, 8, 10, 11, 13, 14}, "3n+1": {1, 4, 7, 10, 13},
         "3n+2": {2, 5, 8, 11, 14}, "13 or 14": {13, 14}}


def _is_tiles(value: object) -> bool:
    return type(value) is list and all(type(t) is int and 0 <= t < 34 for t in value)


def _is_reading(value: object) -> bool:
    return (type(value) is tuple and len(value) == 3 and type(value[0]) is int
            and all(type(part) is tuple and all(type(t) is int for t in part) for part in value[1:]))


RETURNS: dict[str, Callable[[Any], bool]] = {
    "`int`": lambda v: type(v) is int,
    "`list[int]`": _is_tiles,
    "`tuple[list[int], int]`": lambda v: type(v) is tuple and len(v) == 2 and _is_tiles(v[0])
    and type(v[1]) is int,
    "`numpy.ndarray` (`int64`, one row per distinct discard)": lambda v: isinstance(v, np.ndarray)
    and v.dtype == np.int64 and v.ndim == 2 and v.shape[1] == 4,
    "`list[tuple[int, tuple[int, ...], tuple[int, ...]]]`": lambda v: type(v) is list
    and all(map(_is_reading, v)),
}


def table() -> list[tuple[str, str, str]]:
    """The rows of docs/core.md's table: (function, hand sizes, returns)."""
    section = CORE_DOC.split("| call | hand | returns |", 1)[1].split("\n\n", 1)[0]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in section.splitlines()[2:]]
    return [(name, hand, returns) for names, hand, returns in rows
            for name in re.findall(r"`(\w+)`", names)]


def hand_of(size: int, *, complete: bool = False) -> np.ndarray:
    """A hand of ``size`` tiles: four 1m, four 2m, ... (or, ``complete``, runs and a pair)."""
    if complete and size % 3 == 2:
        counts = np.zeros(34, dtype=np.uint8)
        counts[27] = 2  # an East pair
        for k in range(size // 3):
            counts[[3 * k, 3 * k + 1, 3 * k + 2]] += 1  # 123m, 456m, 789m, 123p
        return counts
    return np.clip(size - 4 * np.arange(34), 0, 4).astype(np.uint8)


def test_the_table_names_every_hand_function() -> None:
    names = {name for name, _, _ in table()}
    assert names == set(riichi._core.__all__) - {"shanten_batch", "tiles_from_mask"}
    assert {hand for _, hand, _ in table()} <= set(SIZES)
    assert {returns for _, _, returns in table()} <= set(RETURNS)


@pytest.mark.parametrize(("name", "hand", "returns"), table(), ids=[r[0] for r in table()])
def test_each_function_takes_the_sizes_and_returns_the_type_the_readme_says(
    name: str, hand: str, returns: str
) -> None:
    function = getattr(riichi, name)
    for size in range(18):
        for complete in (False, True):
            counts = hand_of(size, complete=complete)
            if size in SIZES[hand]:
                result = function(counts)
                assert RETURNS[returns](result), (name, size, result)
            else:
                with pytest.raises(InvalidHandError, match=f"got {size}"):
                    function(counts)


def test_a_complete_hand_has_readings_of_the_stated_shape() -> None:
    readings = riichi.decompositions(hand_of(14, complete=True))
    assert readings and all(map(_is_reading, readings))
    assert len(set(readings)) == len(readings)  # readings hash as values


@pytest.mark.parametrize("name", ["waits", "waits_mask", "ukeire"])
def test_waits_and_ukeire_send_a_hand_after_its_draw_to_discard_analysis(name: str) -> None:
    with pytest.raises(InvalidHandError, match="got 14: a hand after its draw discards first; "
                       "discard_analysis gives the waits and ukeire after each discard"):
        getattr(riichi, name)("23456m4467p789s45z")
    rows = riichi.discard_analysis("23456m4467p789s45z")
    after = {int(t): riichi.tiles_from_mask(int(m)) for t, _, m, _ in rows}
    assert after[30] == riichi.ukeire("23456m4467p789s5z")[0]  # discarding 4z (North): the rest


FORMS: dict[str, Callable[[np.ndarray], object]] = {
    "uint8 array": lambda c: c, "bytes": bytes, "bytearray": bytearray,
    "list": lambda c: c.tolist(), "notation": riichi.format_counts,
}


@pytest.mark.parametrize(("name", "size"), [("shanten", 13), ("shanten_standard", 14),
                                            ("shanten_chiitoitsu", 13), ("shanten_kokushi", 14),
                                            ("waits", 13), ("waits_mask", 13), ("ukeire", 13), ("decompositions", 14),
                                            ("discard_analysis", 14)])
def test_every_input_form_gives_the_same_answer(name: str, size: int) -> None:
    function = getattr(riichi, name)
    counts = hand_of(size, complete=True)
    answers = [function(form(counts)) for form in FORMS.values()]
    first = answers[0]
    for answer in answers[1:]:
        if isinstance(first, np.ndarray):
            assert np.array_equal(first, answer)
        else:
            assert answer == first


def _answer(function: Callable[[object], object], counts: object) -> object:
    """What ``function`` returns for ``counts``, or the type and message of what it raises."""
    try:
        return function(counts)
    except InvalidHandError as error:
        return type(error), str(error)


@pytest.mark.parametrize("name", ["shanten", "waits_mask"])
def test_the_tables_counts_give_what_every_other_form_gives(name: str) -> None:
    # The table passes each seat's counts as a bytearray, which the core reads without the checked
    # path's lookups: the same answers and the same refusals as bytes, for random hands of every
    # size 0-17, a fifth copy now and then.
    function = getattr(riichi, name)
    rng = np.random.default_rng(36)
    for _ in range(20_000):
        size = int(rng.integers(0, 18))
        counts = np.bincount(rng.integers(0, 34 if rng.random() < 0.9 else 9, size),
                             minlength=34).astype(np.uint8)
        if counts.max() > 4 and rng.random() < 0.8:
            counts = np.minimum(counts, 4)
        table = bytearray(counts.tobytes())
        assert _answer(function, table) == _answer(function, bytes(table)), counts.tolist()
        assert table == counts.tobytes()  # read, never written
