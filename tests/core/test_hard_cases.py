"""Named edge cases of the core with hand-derived answers (RULES.md hard case 22 and more).

Tile types: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = 1z-7z.
"""

from __future__ import annotations

import pytest

import riichi
from riichi import InvalidHandError

ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def all_but(*held: int) -> list[int]:
    return [t for t in range(34) if t not in held]


# --- RULES.md hard case 22: a wait on a tile the hand holds all four of does not count ---------------


def test_all_four_copies_of_the_only_wait_is_one_shanten() -> None:
    # 123m 456m 789m 111p + the fourth... 1p: its fifth copy does not exist
    assert riichi.shanten("123456789m1111p") == 1
    assert riichi.waits("123456789m1111p") == []
    # any other tile makes it tenpai: keep 111p, drop the fourth 1p, wait on the drawn tile
    assert riichi.ukeire("123456789m1111p") == (all_but(9), 33 * 4 - 9)


def test_drawn_hand_with_two_quads_is_one_shanten() -> None:
    assert riichi.shanten("12233466669999m") == 1


def test_eleven_tiles_with_a_meld_use_the_standard_form_only() -> None:
    assert riichi.shanten("19m19p19s12345z") == 6  # not 2: no seven pairs or orphans with a meld
    assert riichi.shanten_standard("19m19p19s12345z") == 6
    for form in (riichi.shanten_chiitoitsu, riichi.shanten_kokushi):
        with pytest.raises(InvalidHandError, match="13 or 14"):
            form("19m19p19s12345z")


@pytest.mark.parametrize(
    ("hand", "shanten", "ukeire"),
    [
        ("1111m", 1, (all_but(0), 33 * 4)),  # 111m + any single tile waits on its pair
        ("1111m234p", 1, (all_but(0), 33 * 4 - 3)),
        # seven pairs: four of a kind is one pair, not two (6 kinds, 5 pairs)
        ("1111223355667z", 2, (all_but(27), 33 * 4 - 9)),
    ],
)
def test_quads_never_wait_on_their_fifth_copy(hand: str, shanten: int, ukeire: tuple[list[int], int]) -> None:
    assert riichi.shanten(hand) == shanten
    assert riichi.waits(hand) == []
    assert riichi.ukeire(hand) == ukeire


def test_seven_pairs_with_a_quad_is_not_complete() -> None:
    assert riichi.shanten_chiitoitsu("11112233556677z") == 1
    assert riichi.shanten("11112233556677z") == 1
    assert riichi.decompositions("11112233556677z") == []


# --- tenpai shapes and their exact waits ------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "waits", "unseen"),
    [
        ("1m", [0], 3),  # tanki with four melds
        ("1234m", [0, 3], 6),  # nobetan
        ("34567m11p", [1, 4, 7], 11),  # sanmenchan 2-5-8m
        ("23m55p", [0, 3], 8),  # ryanmen
        ("13m55p", [1], 4),  # kanchan
        ("12m55p", [2], 4),  # penchan
        ("11m55p", [0, 13], 4),  # shanpon
        ("1112m", [1, 2], 7),  # tanki 2m or 11m + 12m
        ("1112345678999m", list(range(9)), 23),  # nine gates: all nine
        ("1123456789999m", [0, 3, 6], 8),  # RULES.md hard case 17
        ("1123456789p444z", [9, 12, 15], 8),  # RULES.md example 10: 1p-4p-7p
        ("123456m789p2344s", [18, 21], 6),  # RULES.md hard case 14: 1s-4s
        ("111m444p55p234s99s", [13, 26], 4),  # RULES.md hard case 13: shanpon 5p/9s
        ("111444s333m444p5p", [11, 13, 14], 11),  # RULES.md hard case 20: 3p, 5p tanki, 6p
        ("19m19p19s1234567z", ORPHANS, 39),  # thirteen orphans, 13-sided
        ("19m19p119s123456z", [33], 4),  # thirteen orphans, single wait
    ],
)
def test_tenpai_waits(hand: str, waits: list[int], unseen: int) -> None:
    assert riichi.shanten(hand) == 0
    assert riichi.waits(hand) == waits
    assert riichi.ukeire(hand) == (waits, unseen)


def test_thirteen_orphans_forms() -> None:
    assert riichi.shanten_kokushi("19m19p19s1234567z") == 0
    assert riichi.shanten_chiitoitsu("19m19p19s1234567z") == 6
    assert riichi.shanten_standard("19m19p19s1234567z") == 8
    assert riichi.shanten_kokushi("19m19p19s12345677z") == -1
    assert riichi.decompositions("19m19p19s12345677z") == []


def test_visible_tiles_reduce_unseen_copies_only() -> None:
    visible = riichi.tiles.counts_from("33p")
    assert riichi.ukeire("111444s333m444p5p", visible) == ([11, 13, 14], 11 - 2)


# --- complete hands and their readings --------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "readings"),
    [
        ("55z", [(31, (), ())]),  # four melds and a pair
        ("123m55z", [(31, (0,), ())]),
        ("66m234p123456789s", [(5, (10, 18, 21, 24), ())]),  # RULES.md example 1
        ("11122233355p", [(13, (), (9, 10, 11)), (13, (9, 9, 9), ())]),
        (
            "11122233344455m",
            [(1, (1, 2, 2), (0,)), (4, (), (0, 1, 2, 3)), (4, (0, 0, 0), (3,)), (4, (1, 1, 1), (0,))],
        ),
    ],
)
def test_decompositions(hand: str, readings: list[tuple[int, tuple[int, ...], tuple[int, ...]]]) -> None:
    assert riichi.shanten(hand) == -1
    assert sorted(riichi.decompositions(hand)) == sorted(readings)


def test_ryanpeikou_is_also_seven_pairs() -> None:
    hand = "223344m667788p77z"  # RULES.md example 8
    assert riichi.decompositions(hand) == [(33, (1, 1, 14, 14), ())]
    assert riichi.shanten_chiitoitsu(hand) == -1


# --- discard analysis -------------------------------------------------------------------------------


def test_discard_analysis_of_hard_case_22_plus_a_draw() -> None:
    rows = {row[0]: row[1:] for row in riichi.discard_analysis("123456789m1111p5s").tolist()}
    assert rows[9] == [0, 1 << 22, 3]  # drop a 1p: tenpai on 5s, 3 unseen
    assert rows[22][0] == 1  # drop the 5s: back to hard case 22, one-shanten


def test_discard_analysis_counts_the_discarded_copy_as_seen() -> None:
    # 11m, discard 1m: waits on 1m; of its four copies one is held and one lies in the pond
    assert riichi.discard_analysis("11m").tolist() == [[0, 0, 1, 2]]
