"""The players' compiled steps against plain-Python references of the same rules, on many random
positions: the danger of a discard and the flush a hand can steer to."""

from __future__ import annotations

import random

import pytest

from riichi.agents._danger import tile_danger
from riichi.agents._plans import flush_suit
from riichi.errors import InvalidHandError

SIDE = 4.0
OTHER = (0.0, 1.5, 2.5, 3.5, 3.0, 3.0, 3.0, 3.5, 2.5, 1.5)
HONOR = (0.0, 1.2, 3.0, 7.0)


def reference_danger(tile: int, genbutsu: int, counts: bytes, visible: bytes,
                     sanma: bool = False) -> float:
    if genbutsu >> tile & 1:
        return 0.0
    unseen = 4 - counts[tile] - visible[tile]
    if tile >= 27:
        return HONOR[min(unseen, 3)]
    number = tile % 9 + 1
    danger = OTHER[number] if unseen > 0 else OTHER[number] / 2
    if sanma and tile < 9:  # no 2m-8m: no two-sided wait on 1m or 9m
        return danger

    def closed(suji: int, a: int, b: int) -> bool:
        return bool(genbutsu >> suji & 1 or counts[a] + visible[a] == 4
                    or counts[b] + visible[b] == 4)

    if number >= 4 and not closed(tile - 3, tile - 2, tile - 1):
        danger += SIDE
    if number <= 6 and not closed(tile + 3, tile + 1, tile + 2):
        danger += SIDE
    return danger


def reference_flush(counts: bytes, min_tiles: int, suits: int) -> int:
    honours = sum(counts[27:])
    for s in range(3):
        if suits >> s & 1 and sum(counts[9 * s: 9 * s + 9]) + honours >= min_tiles:
            return s
    return -1


def random_split(rng: random.Random, sanma: bool = False) -> tuple[bytes, bytes]:
    """A hand and the visible tiles, drawn from one set of 136 tiles (108 with ``sanma``, without
    2m-8m), with many walls shown, so that kabe and no-chance occur."""
    kinds = [t for t in range(34) if not (sanma and 0 < t < 8)]
    tiles = rng.sample([t for t in kinds for _ in range(4)], 14 + rng.randrange(60))
    counts, visible = bytearray(34), bytearray(34)
    for i, t in enumerate(tiles):
        (counts if i < 14 else visible)[t] += 1
    return bytes(counts), bytes(visible)


def test_tile_danger_matches_the_reference() -> None:
    rng = random.Random(5)
    for _ in range(3_000):
        counts, visible = random_split(rng)
        genbutsu = rng.getrandbits(34) & rng.getrandbits(34)
        for tile in range(34):
            assert tile_danger(tile, genbutsu, counts, visible) == reference_danger(
                tile, genbutsu, counts, visible
            )


def test_tile_danger_at_a_table_of_three_matches_the_reference() -> None:
    rng = random.Random(7)
    for _ in range(2_000):
        counts, visible = random_split(rng, sanma=True)
        genbutsu = rng.getrandbits(34) & rng.getrandbits(34)
        for tile in (0, 8, *range(9, 34)):
            assert tile_danger(tile, genbutsu, counts, visible, True) == reference_danger(
                tile, genbutsu, counts, visible, sanma=True
            )


def test_a_lone_terminal_man_tile_at_a_table_of_three_has_no_open_side() -> None:
    # With no 2m-8m, 1m and 9m are won on a pair or a single wait alone (as an unseen terminal
    # is): 1.5, where a table of four adds 4 for the two-sided wait 23m or 78m.
    nothing = bytes(34)
    assert tile_danger(8, 0, nothing, nothing) == 5.5
    assert tile_danger(0, 0, nothing, nothing, True) == tile_danger(8, 0, nothing, nothing,
                                                                    True) == 1.5


def test_a_fifth_copy_of_a_tile_is_refused() -> None:
    # three 1m held and three in sight: no table has six (best_discard refuses the same rows)
    counts, visible = bytearray(34), bytearray(34)
    counts[0] = visible[0] = 3
    with pytest.raises(InvalidHandError, match="3 of tile type 0 in the hand and 3 visible"):
        tile_danger(9, 0, bytes(counts), bytes(visible))


def test_a_man_tile_a_table_of_three_lacks_is_refused() -> None:
    hand = bytearray(34)
    hand[4] = 1  # 5m
    with pytest.raises(InvalidHandError, match="2m-8m"):
        tile_danger(4, 0, bytes(34), bytes(34), True)
    with pytest.raises(InvalidHandError, match="2m-8m"):
        tile_danger(9, 0, bytes(hand), bytes(34), True)


def test_flush_suit_matches_the_reference() -> None:
    rng = random.Random(6)
    for _ in range(3_000):
        counts, _ = random_split(rng)
        min_tiles, suits = rng.randrange(6, 15), rng.randrange(8)
        assert flush_suit(counts, min_tiles, suits) == reference_flush(counts, min_tiles, suits)


@pytest.mark.parametrize("bad", [bytes(33), [0] * 34, "x" * 34])
def test_bad_rows_are_refused(bad: object) -> None:
    with pytest.raises(InvalidHandError, match="34 values"):
        tile_danger(0, 0, bad, bytes(34))  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="34 values"):
        flush_suit(bad, 10)  # type: ignore[arg-type]


def test_a_tile_out_of_range_is_refused() -> None:
    with pytest.raises(InvalidHandError, match="0-33"):
        tile_danger(34, 0, bytes(34), bytes(34))


def reference_defence(
    candidates: list[tuple[int, int, int, int, int]], counts: bytes, visible: bytes,
    threats: list[tuple[float, int, int]], caution: float,
) -> tuple[tuple[int, int, int, int, int], ...]:
    """The push-or-fold choice of ``DefensiveAgent`` written out in Python."""

    def danger(tile: int) -> float:
        total = 0.0
        for weight, wins_on, genbutsu in threats:
            if wins_on >> tile & 1:
                total += weight * reference_danger(tile, genbutsu, counts, visible)
        return total

    best = min(candidates)
    level = [c for c in candidates if c[0] == best[0]]
    push = min(level, key=lambda c: (caution * danger(c[3]) + c[1], c))
    fold = min(candidates, key=lambda c: (danger(c[3]), c))
    return best, push, fold


def test_defend_discard_matches_the_reference() -> None:
    # The candidates come from best_discard's definition (tests/agents/test_best_discard.py) and, for
    # the listed form, straight from the test.
    from riichi import _core
    from riichi.agents._efficiency import ALL_TILES, defend_discard

    rng = random.Random(31)
    for _ in range(2_000):
        counts, visible = random_split(rng)
        if sum(counts) % 3 != 2:
            continue
        worth = bytes(rng.choice((0, 0, 4, 8)) for _ in range(34))
        order = bytes(rng.randrange(40) for _ in range(34))
        threats = [(rng.choice((1.0, 0.6)), rng.choice((ALL_TILES, rng.getrandbits(34))),
                    rng.getrandbits(34) & rng.getrandbits(34)) for _ in range(rng.randrange(1, 4))]
        caution = rng.choice((0.0, 0.5, 1.0, 3.0))
        rows = _core.discard_analysis(counts, visible).tolist()
        candidates = [(s, worth[t] - n, order[t], t, n) for t, s, _, n in rows]
        expected = reference_defence(candidates, counts, visible, threats, caution)
        got = defend_discard(counts, visible, worth, order, 0, ALL_TILES, 0, threats, caution)
        assert got == expected
        rng.shuffle(candidates)
        listed = defend_discard(counts, visible, worth, order, 0, ALL_TILES, 0, threats,
                                caution, candidates)
        assert listed == expected


def test_defend_discard_refuses_bad_threats_and_candidates() -> None:
    from riichi.agents._efficiency import ALL_TILES, defend_discard

    hand = bytes([2] + [1] * 12 + [0] * 21)
    z = bytes(34)
    with pytest.raises(InvalidHandError, match="at most 4 threats"):
        defend_discard(hand, z, z, z, 0, ALL_TILES, 0, [(1.0, 0, 0)] * 5, 1.0)
    with pytest.raises(InvalidHandError, match="1 to 34 candidates"):
        defend_discard(hand, z, z, z, 0, ALL_TILES, 0, [], 1.0, [])
    with pytest.raises(InvalidHandError, match="0-33"):
        defend_discard(hand, z, z, z, 0, ALL_TILES, 0, [], 1.0, [(0, 0, 0, 40, 0)])
