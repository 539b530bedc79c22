"""Bad input to the core: InvalidHandError (a ValueError and a RiichiError) that says what was expected.

numpy uint8 arrays, bytes and bytearray of 34 counts take the fast path; anything else goes through
``riichi.tiles.counts_from`` (notation, integer arrays, sequences of int), which refuses other types
with a TypeError. Nothing is computed, and nothing is changed, before the input is checked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import riichi
from riichi import InvalidHandError, NotationError, RiichiError
from riichi.errors import OutputArrayError
from tests.support.child import run_isolated

TENPAI = "123456789m111p5s"  # 13 tiles
DRAWN = "123456789m111p55s"  # 14 tiles

SCALAR_KERNELS: list[Callable[..., Any]] = [
    riichi.shanten,
    riichi.shanten_standard,
    riichi.shanten_chiitoitsu,
    riichi.shanten_kokushi,
    riichi.waits,
    riichi.waits_mask,
    riichi.ukeire,
    riichi.discard_analysis,
    riichi.decompositions,
]


def counts(notation: str, dtype: Any = np.uint8) -> Any:
    return riichi.tiles.counts_from(notation).astype(dtype)


def raises_invalid(fragment: str) -> Any:
    return pytest.raises(InvalidHandError, match=fragment)


def test_invalid_hand_error_is_a_value_error_and_a_riichi_error() -> None:
    with raises_invalid("34 tile counts") as info:
        riichi.shanten(np.zeros(33, dtype=np.uint8))
    assert isinstance(info.value, ValueError) and isinstance(info.value, RiichiError)


BAD_COUNTS = [
    pytest.param(np.zeros(33, dtype=np.uint8), "expected 34 tile counts, got 33", id="uint8-33"),
    pytest.param(np.zeros(35, dtype=np.uint8), "expected 34 tile counts, got 35", id="uint8-35"),
    pytest.param(bytes(33), "expected 34 tile counts, got 33", id="bytes-33"),
    pytest.param(bytearray(35), "expected 34 tile counts, got 35", id="bytearray-35"),
    pytest.param([0] * 33, "expected 34 tile counts, got 33", id="list-33"),
    pytest.param(counts(TENPAI, np.float64), "integer tile counts.*float64", id="float-array"),
    pytest.param(counts(TENPAI, bool), "integer tile counts.*bool", id="bool-array"),
    pytest.param([1.0] * 13 + [0] * 21, "1m is 1.0; expected an integer", id="float-list"),
    pytest.param([True] * 13 + [False] * 21, "1m is True; expected an integer", id="bool-list"),
    pytest.param(np.zeros((2, 34), dtype=np.uint8), r"shape \(2, 34\)", id="2d-array"),
    pytest.param(
        np.array([5] + [1] * 8 + [0] * 25, dtype=np.uint8), "1m is 5; a tile has four copies", id="five-uint8"
    ),
    pytest.param(bytes([0] * 9 + [5] + [1] * 8 + [0] * 16), "1p is 5; a tile has four copies", id="five-bytes"),
    pytest.param(np.array([0] * 33 + [9], dtype=np.int64), "7z is 9; a tile has four copies", id="nine-int64"),
    pytest.param(np.array([257] + [0] * 33, dtype=np.uint16), "1m is 257", id="uint16-no-wraparound"),
    pytest.param(
        np.array([-1] + [1] * 14 + [0] * 19), "1m is -1; a count cannot be negative", id="negative-array"
    ),
    pytest.param([0, -2] + [1] * 15 + [0] * 17, "2m is -2; a count cannot be negative", id="negative-list"),
]


@pytest.mark.parametrize("kernel", SCALAR_KERNELS, ids=lambda k: k.__name__)
@pytest.mark.parametrize(("bad", "fragment"), BAD_COUNTS)
def test_bad_counts(kernel: Callable[..., Any], bad: Any, fragment: str) -> None:
    with raises_invalid(fragment):
        kernel(bad)


@pytest.mark.parametrize("kernel", SCALAR_KERNELS, ids=lambda k: k.__name__)
@pytest.mark.parametrize("size", [0, 3, 6, 9, 12, 15, 16, 17])
def test_illegal_hand_sizes(kernel: Callable[..., Any], size: int) -> None:
    hand = np.clip(size - 4 * np.arange(34), 0, 4).astype(np.uint8)  # four 1m, four 2m, ...
    assert hand.sum() == size
    with raises_invalid(r"3n\+1 or 3n\+2 tiles \(1, 2, 4, 5, 7, 8, 10, 11, 13 or 14\), got %d" % size):
        kernel(hand)


@pytest.mark.parametrize("kernel", SCALAR_KERNELS, ids=lambda k: k.__name__)
def test_wrong_python_types_are_type_errors(kernel: Callable[..., Any]) -> None:
    bad: object
    for bad in (None, 13, 1.5, {}):
        with pytest.raises(TypeError, match="expected tile notation or 34 tile counts"):
            kernel(bad)


@pytest.mark.parametrize("kernel", SCALAR_KERNELS, ids=lambda k: k.__name__)
def test_bad_notation(kernel: Callable[..., Any]) -> None:
    with pytest.raises(NotationError, match="position 4") as info:
        kernel("123x")
    assert isinstance(info.value, ValueError) and isinstance(info.value, RiichiError)


@pytest.mark.parametrize("kernel", [riichi.waits, riichi.waits_mask, riichi.ukeire])
def test_waits_and_ukeire_need_a_3n_plus_1_hand(kernel: Callable[..., Any]) -> None:
    with raises_invalid("expected a hand of 3n\\+1 tiles.*got 14"):
        kernel(DRAWN)


@pytest.mark.parametrize("kernel", [riichi.discard_analysis, riichi.decompositions])
def test_discard_analysis_and_decompositions_need_a_3n_plus_2_hand(kernel: Callable[..., Any]) -> None:
    with raises_invalid("expected a hand of 3n\\+2 tiles.*got 13"):
        kernel(TENPAI)


@pytest.mark.parametrize("kernel", [riichi.shanten_chiitoitsu, riichi.shanten_kokushi])
@pytest.mark.parametrize("hand", ["19m19p19s12345z", "1m", "19m19p19s1234z"])
def test_seven_pairs_and_orphans_need_13_or_14_tiles(kernel: Callable[..., Any], hand: str) -> None:
    with raises_invalid("needs a closed hand of 13 or 14 tiles, got"):
        kernel(hand)


@pytest.mark.parametrize(
    ("kernel", "hand"),
    [(riichi.ukeire, TENPAI), (riichi.discard_analysis, DRAWN)],
    ids=["ukeire", "discard_analysis"],
)
def test_bad_visible_counts(kernel: Callable[..., Any], hand: str) -> None:
    with raises_invalid("3 1p in the hand and 2 visible: a tile has four copies"):
        kernel(hand, counts("11p"))
    with raises_invalid("expected 34 tile counts, got 3"):
        kernel(hand, [0, 0, 0])
    with raises_invalid("a count cannot be negative"):
        kernel(hand, np.array([-1] + [0] * 33))
    with raises_invalid("1 1m in the hand and 5 visible: a tile has four copies"):
        kernel(hand, np.array([5] + [0] * 33, dtype=np.uint8))
    with raises_invalid("integer tile counts"):
        kernel(hand, np.zeros(34))


@pytest.mark.parametrize(
    ("bad", "fragment"),
    [
        pytest.param(counts(TENPAI), r"array of shape \(N, 34\).*shape \(34,\)", id="1d-array"),
        pytest.param([counts(TENPAI)], r"array of shape \(N, 34\).*got list", id="list"),
        pytest.param(np.zeros((2, 34)), r"numpy.uint8 array.*float64", id="float"),
        pytest.param(np.zeros((2, 33), dtype=np.uint8), r"shape \(N, 34\).*\(2, 33\)", id="33-columns"),
        pytest.param(np.zeros((2, 34, 1), dtype=np.uint8), r"shape \(N, 34\)", id="3d-array"),
        pytest.param(np.stack([counts(TENPAI)] * 4)[::2], r"C-contiguous", id="strided"),
    ],
)
def test_shanten_batch_bad_arrays(bad: Any, fragment: str) -> None:
    with raises_invalid(fragment):
        riichi.shanten_batch(bad)


def test_shanten_batch_bad_row_names_the_row_and_writes_nothing() -> None:
    hands = np.stack([counts(TENPAI), counts(DRAWN), counts("123m"), counts(TENPAI)])
    out = np.full(4, 42, dtype=np.int8)
    with raises_invalid("row 2: a hand has 3n\\+1 or 3n\\+2 tiles.*got 3"):
        riichi.shanten_batch(hands, out=out)
    assert out.tolist() == [42] * 4
    hands[2, 0] = 9
    with raises_invalid("row 2: count of 1m is 9"):
        riichi.shanten_batch(hands, out=out)
    assert out.tolist() == [42] * 4


@pytest.mark.parametrize(
    ("out", "fragment"),
    [
        (np.zeros(3, dtype=np.int8), r"out must have shape \(2,\), got \(3,\)"),
        (np.zeros(2, dtype=np.int64), "out must be a writable numpy.int8 array"),
        (np.zeros(2, dtype=np.int8)[::-1], "out must be a writable numpy.int8 array"),
    ],
)
def test_shanten_batch_bad_out(out: Any, fragment: str) -> None:
    with pytest.raises(OutputArrayError, match=fragment) as caught:
        riichi.shanten_batch(np.stack([counts(TENPAI)] * 2), out=out)
    # The hands are fine: the error names the array, not the hands.
    assert not isinstance(caught.value, InvalidHandError) and isinstance(caught.value, ValueError)


def test_shanten_batch_read_only_out_is_refused() -> None:
    out = np.zeros(2, dtype=np.int8)
    out.flags.writeable = False
    with pytest.raises(OutputArrayError, match="writable"):
        riichi.shanten_batch(np.stack([counts(TENPAI)] * 2), out=out)


def test_shanten_batch_says_which_layout_or_flag_of_an_array_is_wrong() -> None:
    # dtype and shape are right in each: the message must name what is not.
    hands = np.stack([counts(TENPAI)] * 4)
    with raises_invalid(r"got an array of dtype uint8 and shape \(2, 34\), not C-contiguous$"):
        riichi.shanten_batch(hands[::2])
    read_only = np.zeros(4, dtype=np.int8)
    read_only.flags.writeable = False
    for out, flaw in ((np.zeros(8, dtype=np.int8)[::2], "not C-contiguous"),
                      (read_only, "read-only")):
        with pytest.raises(OutputArrayError,
                           match=rf"got an array of dtype int8 and shape \(4,\), {flaw}$"):
            riichi.shanten_batch(hands, out=out)


def test_shanten_batch_out_sharing_the_hands_memory_is_refused() -> None:
    hands = np.stack([counts(TENPAI)] * 2)
    with pytest.raises(OutputArrayError, match="out shares memory with hands"):
        riichi.shanten_batch(hands, out=hands.view(np.int8)[0, :2])


def test_tiles_from_mask_bad_masks() -> None:
    for bad in (-1, 1 << 34):
        with raises_invalid("bits 0-33 only"):
            riichi.tiles_from_mask(bad)


def test_kernels_leave_their_inputs_unchanged() -> None:
    hand, visible = counts(DRAWN), counts("9p")
    hand.flags.writeable = False  # any write would raise
    visible.flags.writeable = False
    riichi.discard_analysis(hand, visible)
    riichi.decompositions(hand)
    short = counts(TENPAI)
    short.flags.writeable = False
    riichi.ukeire(short, visible)
    riichi.waits(short)
    riichi.waits_mask(short)
    assert riichi.tiles.format_counts(hand) == DRAWN and riichi.tiles.format_counts(short) == TENPAI


def test_empty_batch_is_fine() -> None:
    assert riichi.shanten_batch(np.zeros((0, 34), dtype=np.uint8)).shape == (0,)


def test_shanten_batch_refuses_an_out_that_overlaps_the_input() -> None:
    out = run_isolated("""
        import numpy as np, riichi
        from riichi.tiles import parse_counts
        h = np.tile(parse_counts("123m456p789s11222z"), (1000, 1))
        before = h.copy()
        try:
            riichi.shanten_batch(h, out=h.reshape(-1)[68:1068].view(np.int8))
        except riichi.OutputArrayError as e:
            print(e)
        print((h == before).all())
    """)
    assert "out shares memory with hands" in out and out.strip().endswith("True")


def test_shanten_batch_survives_another_thread_writing_its_input() -> None:
    out = run_isolated("""
        import threading, time
        import numpy as np, riichi
        from riichi.tiles import parse_counts
        hands = np.tile(parse_counts("123m456p789s1122z"), (2_000_000, 1))
        def write():
            time.sleep(0.002)
            hands[:, 0] = 255
        writer = threading.Thread(target=write)
        writer.start()
        try:
            result = riichi.shanten_batch(hands)
            print("finished", int(result.max()))
        except riichi.InvalidHandError as e:
            print("refused", e)
        writer.join()
    """)
    # Whether the write lands before, during or after the call, no row is read outside the
    # tables: a changed row is refused with its count named.
    assert out.startswith("finished 0") or (
        out.startswith("refused row ") and "count of 1m is 255" in out
    ), out


def test_bools_are_no_tiles_or_counts_in_any_entry_point() -> None:
    with pytest.raises(TypeError, match="got the bool True"):
        riichi.tile_name(True)
    hands = np.ones((2, 34), dtype=bool)
    with pytest.raises(InvalidHandError, match="dtype bool"):
        riichi.shanten(hands[0])
    with pytest.raises(InvalidHandError, match="dtype bool"):
        riichi.shanten_batch(hands)


def test_shanten_batch_of_none_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="numpy.uint8 array of shape \\(N, 34\\), got None"):
        riichi.shanten_batch(None)  # type: ignore[arg-type]
