"""Three-player mahjong in the core: ``players=3`` plays without 2m-8m.

* Differential: ``HANDS_PER_SIZE`` closed hands of every legal size dealt from the 108-tile set
  against xiangting's ``PlayerCount.THREE`` (an independent implementation): shanten, scalar and
  batch; for 3n+1 hands the ukeire tiles (xiangting's necessary tiles) and the waits; for 3n+2
  hands, each discard's shanten and ukeire tiles.
* Brute force (tests/support/reference.py, three-player suits): waits, ukeire with visible tiles and the
  discard analysis of small random hands, and every hand of 1m and 9m alone.
* The boundary: a hand or visible tiles holding 2m-8m are refused naming the tile, ``players``
  other than 4, 3 or 2 is refused, and 2 plays every tile as 4 does.
"""

from __future__ import annotations

import itertools

import numpy as np
import numpy.typing as npt
import pytest
import xiangting

import riichi
from riichi.errors import InvalidHandError, InvalidRuleError
from tests.support import reference as ref
from tests.support.hands import assert_rows_equal, notation, scaled, visible_for, wall_hands


SEED = 20261204
HANDS_PER_SIZE = scaled(3_400)  # about 20,000 hands over the six sizes
REFERENCE_HANDS = scaled(300)  # per size, against the brute force
SIZES = (1, 4, 7, 10, 13, 14)
NUM_TYPES = 34
#: 1m, 9m, the pinzu, the souzu and the honours: the 27 types of three-player mahjong
SANMA_TYPES = np.array([t for t in range(NUM_TYPES) if not 1 <= t <= 7])
Hands = npt.NDArray[np.uint8]


def sanma_hands(rng: np.random.Generator, size: int, n: int) -> Hands:
    """``n`` hands of ``size`` tiles, each the first tiles of its own shuffle of the 108 tiles."""
    wall = np.repeat(SANMA_TYPES, 4)
    types = rng.permuted(np.broadcast_to(wall, (n, len(wall))), axis=1)[:, :size]
    hands = np.zeros((n, NUM_TYPES), dtype=np.uint8)
    np.add.at(hands, (np.arange(n)[:, None], types), 1)
    return hands


def _xiangting(hand: npt.ArrayLike) -> tuple[int, int]:
    """xiangting's shanten and necessary tiles (those lowering it) of a three-player hand."""
    replacement, necessary = xiangting.calculate_necessary_tiles(
        [int(c) for c in np.asarray(hand)], xiangting.PlayerCount.THREE
    )
    return replacement - 1, necessary


def _deal(size: int, n: int = HANDS_PER_SIZE) -> Hands:
    return sanma_hands(np.random.default_rng([SEED, size]), size, n)


@pytest.mark.parametrize("size", SIZES)
def test_shanten_equals_xiangting(size: int) -> None:
    dealt = _deal(size)
    want = [_xiangting(h)[0] for h in dealt]
    assert_rows_equal(dealt, [riichi.shanten(h, players=3) for h in dealt], want, "shanten")
    assert_rows_equal(dealt, riichi.shanten_batch(dealt, players=3), want, "shanten_batch")


@pytest.mark.parametrize("size", [s for s in SIZES if s % 3 == 1])
def test_ukeire_and_waits_equal_xiangting(size: int) -> None:
    dealt = _deal(size)
    want = [_xiangting(h) for h in dealt]
    got = [riichi.ukeire(h, players=3)[0] for h in dealt]
    assert_rows_equal(dealt, [ref.mask_of(t) for t in got], [m for _, m in want], "ukeire tiles")
    waits = [ref.mask_of(riichi.waits(h, players=3)) for h in dealt]
    assert_rows_equal(dealt, waits, [m if s == 0 else 0 for s, m in want], "waits")
    masks = [riichi.waits_mask(h, players=3) for h in dealt]
    assert_rows_equal(dealt, masks, waits, "waits_mask")


@pytest.mark.parametrize("size", [2, 5, 8, 11, 14])
def test_discard_analysis_equals_xiangting(size: int) -> None:
    for hand in _deal(size, max(1, HANDS_PER_SIZE // 4)):
        got = [(int(t), int(s), int(m)) for t, s, m, _ in riichi.discard_analysis(hand, players=3)]
        want = []
        for t in np.flatnonzero(hand):
            rest = hand.copy()
            rest[t] -= 1
            want.append((int(t), *_xiangting(rest)))
        assert got == want, notation(hand)


@pytest.mark.parametrize("size", [*SIZES, 2, 5, 8, 11])
def test_waits_ukeire_and_discards_equal_the_brute_force(size: int) -> None:
    rng = np.random.default_rng([SEED, size, 1])
    hands = sanma_hands(rng, size, REFERENCE_HANDS)
    assert_rows_equal(hands, [riichi.shanten(h, players=3) for h in hands],
                      ref.shanten_many(hands, players=3), "shanten")
    for hand in hands:
        visible = visible_for(rng, hand)
        visible[1:8] = 0  # three players see no 2m-8m either
        if size % 3 == 1:
            assert riichi.waits(hand, players=3) == ref.waits(hand, players=3), notation(hand)
            assert riichi.ukeire(hand, visible, players=3) == ref.ukeire(hand, visible, players=3), \
                notation(hand)
        else:
            got = [tuple(int(x) for x in row) for row in riichi.discard_analysis(hand, visible, 3)]
            assert got == ref.discard_analysis(hand, visible, players=3), notation(hand)


def test_every_hand_of_1m_and_9m_equals_the_brute_force() -> None:
    """1m and 9m form no runs: 1111m99m is no 111m + 123m-like reading."""
    for ones, nines in itertools.product(range(5), repeat=2):
        if (ones + nines) % 3 == 0:
            continue
        hand = np.zeros(NUM_TYPES, dtype=np.uint8)
        hand[0], hand[8] = ones, nines
        assert riichi.shanten(hand, players=3) == ref.shanten(hand, players=3), notation(hand)
        assert riichi.shanten_standard(hand, players=3) == ref.shanten_standard(hand, players=3)
        if (ones + nines) % 3 == 1:
            assert riichi.ukeire(hand, players=3) == ref.ukeire(hand, players=3), notation(hand)


def test_1m_and_9m_form_no_runs() -> None:
    """xiangting's own example: four players draw 2m or 3m for 123m beside 111m; three cannot."""
    assert riichi.ukeire("1111m111122233z") == ([1, 2], 8)
    tiles, unseen = riichi.ukeire("1111m111122233z", players=3)
    assert tiles == [8, *range(9, 27), 29, 30, 31, 32, 33] and unseen == 94
    assert riichi.shanten("1111m111122233z", players=3) == 2


def test_the_default_and_two_players_use_every_tile() -> None:
    rng = np.random.default_rng([SEED, 2])
    hands = np.concatenate([wall_hands(rng, size, 100) for size in SIZES])
    four = riichi.shanten_batch(hands)
    assert list(riichi.shanten_batch(hands, players=2)) == list(four)
    assert [riichi.shanten(h, players=2) for h in hands] == list(four)
    assert riichi.waits("23m456p789s11122z", players=2) == [0, 3]
    assert riichi.ukeire("23m456p789s11122z", players=2) == riichi.ukeire("23m456p789s11122z")


@pytest.mark.parametrize("call", [
    lambda: riichi.shanten("123m456p789s1122z", players=3),
    lambda: riichi.shanten_standard("123m456p789s1122z", players=3),
    lambda: riichi.waits("123m456p789s1122z", players=3),
    lambda: riichi.waits_mask("123m456p789s1122z", players=3),
    lambda: riichi.ukeire("123m456p789s1122z", players=3),
    lambda: riichi.discard_analysis("123m456p789s11222z", players=3),
], ids=["shanten", "shanten_standard", "waits", "waits_mask", "ukeire", "discard_analysis"])
def test_a_hand_holding_2m_to_8m_is_refused_naming_the_tile(call: object) -> None:
    with pytest.raises(InvalidHandError, match="the hand holds 2m, which three-player mahjong "
                                               r"does not have \(it plays without 2m-8m\)"):
        call()  # type: ignore[operator]


def test_visible_2m_to_8m_are_refused_and_a_batch_row_is_named() -> None:
    with pytest.raises(InvalidHandError, match="visible holds 8m, which three-player"):
        riichi.ukeire("19m19p19s1234566z", "8m", players=3)
    with pytest.raises(InvalidHandError, match="visible holds 5m"):
        riichi.discard_analysis("19m19p19s12345667z", "5m", players=3)
    hands = np.stack([riichi.tiles.parse_counts(h) for h in ("19m19p19s1234566z", "1m7m")])
    out = np.full(2, 9, dtype=np.int8)
    with pytest.raises(InvalidHandError, match="row 1: the hand holds 7m"):
        riichi.shanten_batch(hands, out, players=3)
    assert list(out) == [9, 9]


@pytest.mark.parametrize("players", [5, 1, 0, -3, True, 3.0, "3", None])
def test_players_other_than_4_3_or_2_is_refused(players: object) -> None:
    message = rf"players is 4, 3 or 2 \(two players use every tile, as four do\), got {players!r}"
    for call in (riichi.shanten, riichi.waits, riichi.waits_mask, riichi.ukeire):
        with pytest.raises(InvalidRuleError, match=message):
            call("1m", players=players)  # type: ignore[arg-type]
    with pytest.raises(InvalidRuleError, match=message):
        riichi.discard_analysis("11m", players=players)  # type: ignore[arg-type]
    with pytest.raises(InvalidRuleError, match=message):
        riichi.shanten_batch(np.zeros((0, 34), np.uint8), players=players)  # type: ignore[arg-type]


def test_numpy_integers_count_players() -> None:
    assert riichi.shanten("1111m111122233z", players=np.int64(3)) == 2
    assert riichi.shanten("1111m111122233z", players=np.uint8(2)) == 1


def test_the_command_line_takes_players(capsys: pytest.CaptureFixture[str]) -> None:
    from riichi.__main__ import main

    assert main(["19m123p456s11223z", "--players", "3"]) == 0
    assert capsys.readouterr().out == "19m123p456s11223z: 2-shanten\n  ukeire 1m 9m 1z 2z 3z (13 unseen)\n"
    assert main(["19m123p456s11223z"]) == 0
    assert "ukeire 1m 2m 3m 7m 8m 9m 1z 2z 3z" in capsys.readouterr().out
    assert main(["234m456p789s1122z", "--players", "3"]) == 2
    assert "the hand holds 2m, which three-player mahjong" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["1m", "--players", "5"])
    assert "invalid choice: 5 (choose from 4, 3, 2)" in capsys.readouterr().err
