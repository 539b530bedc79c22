"""Hypothesis properties of the core kernels (derandomised: the same examples on every run)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi
from tests.support import reference as ref
from tests.support.hands import hand_strategy, notation, scaled

EXAMPLES = scaled(400)  # examples per property
SHORT = (1, 4, 7, 10, 13)  # 3n+1 sizes
FULL = (2, 5, 8, 11, 14)  # 3n+2 sizes

Hands = npt.NDArray[np.uint8]
derandomised = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None)


def _plus(hand: Hands, t: int | np.integer, k: int = 1) -> Hands:
    out = hand.copy()
    out[t] = int(out[t]) + k
    return out


def _visible(data: st.DataObject, hand: Hands) -> Hands:
    """Visible counts drawn by hypothesis among the copies the hand does not hold."""
    free = np.repeat(np.arange(34), 4 - hand.astype(np.int64))
    picks = data.draw(st.lists(st.integers(0, len(free) - 1), max_size=40, unique=True), label="visible")
    return np.bincount(free[picks].astype(np.int64), minlength=34).astype(np.uint8)


@derandomised
@given(hand_strategy(SHORT))
def test_drawing_a_tile_lowers_shanten_by_at_most_one(hand: Hands) -> None:
    before = riichi.shanten(hand)
    for t in np.flatnonzero(hand < 4):
        assert before - 1 <= riichi.shanten(_plus(hand, t)) <= before, (notation(hand), t)


@derandomised
@given(hand_strategy(FULL))
def test_discarding_a_tile_raises_shanten_by_at_most_one(hand: Hands) -> None:
    before = riichi.shanten(hand)
    after = [riichi.shanten(_plus(hand, t, -1)) for t in np.flatnonzero(hand)]
    assert all(before <= a <= before + 1 for a in after), notation(hand)
    # an incomplete 3n+2 hand is as good as its best discard (it has a tile its target lacks)
    assert min(after) == max(before, 0), notation(hand)


@derandomised
@given(hand_strategy(SHORT))
def test_tenpai_exactly_when_there_are_waits(hand: Hands) -> None:
    waits = riichi.waits(hand)
    assert (riichi.shanten(hand) == 0) == bool(waits), notation(hand)
    assert waits == sorted(set(waits))
    complete = [t for t in range(34) if hand[t] < 4 and riichi.shanten(_plus(hand, t)) == -1]
    assert waits == complete, notation(hand)
    assert riichi.waits_mask(hand) == ref.mask_of(waits), notation(hand)


@derandomised
@given(hand_strategy(SHORT), st.data())
def test_ukeire_tiles_are_exactly_the_draws_that_lower_shanten(hand: Hands, data: st.DataObject) -> None:
    visible = _visible(data, hand)
    before = riichi.shanten(hand)
    lowering = [t for t in range(34) if hand[t] < 4 and riichi.shanten(_plus(hand, t)) < before]
    tiles, unseen = riichi.ukeire(hand, visible)
    assert tiles == lowering, notation(hand)
    assert unseen == sum(4 - int(hand[t]) - int(visible[t]) for t in tiles), notation(hand)
    assert riichi.ukeire(hand) == (tiles, sum(4 - int(hand[t]) for t in tiles))
    assert riichi.tiles_from_mask(ref.mask_of(tiles)) == tiles


@derandomised
@given(hand_strategy())
def test_shanten_is_the_minimum_over_the_forms(hand: Hands) -> None:
    forms = [riichi.shanten_standard(hand)]
    if hand.sum() >= 13:
        forms += [riichi.shanten_chiitoitsu(hand), riichi.shanten_kokushi(hand)]
    shanten = riichi.shanten(hand)
    assert shanten == min(forms), notation(hand)
    assert shanten >= (0 if hand.sum() % 3 == 1 else -1)


@derandomised
@given(hand_strategy(FULL), st.data())
def test_discard_analysis_rows_are_shanten_and_ukeire_after_the_discard(
    hand: Hands, data: st.DataObject
) -> None:
    visible = _visible(data, hand)
    rows = riichi.discard_analysis(hand, visible)
    assert rows.dtype == np.int64 and rows.shape == (np.count_nonzero(hand), 4)
    assert rows[:, 0].tolist() == np.flatnonzero(hand).tolist()
    for t, shanten, mask, unseen in rows.tolist():
        rest = _plus(hand, t, -1)
        tiles, expected_unseen = riichi.ukeire(rest, _plus(visible, t))  # the discard lies in the pond
        want = (riichi.shanten(rest), tiles, expected_unseen)
        assert (shanten, riichi.tiles_from_mask(mask), unseen) == want, (notation(hand), t)


@derandomised
@given(hand_strategy(FULL))
def test_decompositions_rebuild_the_hand(hand: Hands) -> None:
    readings = riichi.decompositions(hand)
    assert bool(readings) == (riichi.shanten_standard(hand) == -1), notation(hand)
    assert len(set(readings)) == len(readings)
    for pair, runs, triplets in readings:
        assert list(runs) == sorted(runs) and list(triplets) == sorted(triplets)
        rebuilt = np.zeros(34, dtype=np.int64)
        rebuilt[pair] += 2
        for t in runs:
            assert t < 27 and t % 9 <= 6
            rebuilt[t : t + 3] += 1
        for t in triplets:
            rebuilt[t] += 3
        assert rebuilt.tolist() == hand.tolist(), (notation(hand), pair, runs, triplets)


@derandomised
@given(st.lists(hand_strategy(), min_size=1, max_size=20))
def test_kernels_equal_the_reference_and_batch_equals_scalar(hands: list[Hands]) -> None:
    batch = np.array(hands, dtype=np.uint8)
    want = ref.shanten_many(batch)
    assert riichi.shanten_batch(batch).tolist() == want.tolist()
    assert [riichi.shanten(h) for h in hands] == want.tolist()


@derandomised
@given(hand_strategy())
def test_every_accepted_input_form_gives_the_same_answer(hand: Hands) -> None:
    want = riichi.shanten(hand)
    forms = [
        hand.tobytes(),
        bytearray(hand.tobytes()),
        hand.tolist(),
        tuple(hand.tolist()),
        hand.astype(np.int64),
        np.repeat(hand, 2)[::2],  # a strided view: not the fast path, but the same counts
        riichi.tiles.format_counts(hand),
    ]
    for form in forms:
        assert riichi.shanten(form) == want, (notation(hand), type(form))


def _near_complete(data: st.DataObject) -> tuple[Hands, int]:
    """A complete hand (one to four sets and a pair, the edges of the suits among them; seven
    pairs; thirteen orphans) with one tile taken out and up to two tiles changed: hands
    around the waits' quick refusal of hands with two loose tiles (a single tile with no tile of
    its suit within two places, or a single honour)."""
    players = data.draw(st.sampled_from((4, 3)), label="players")
    absent = set(range(1, 8)) if players == 3 else set()
    kinds = [t for t in range(34) if t not in absent]
    runs = [t for t in range(27) if t % 9 <= 6 and not {t, t + 1, t + 2} & absent]
    hand = np.zeros(34, dtype=np.int64)
    form = data.draw(st.sampled_from(("standard", "standard", "seven pairs", "orphans")))
    if form == "orphans":  # thirteen terminals and honours, one of them twice
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        hand[orphans] = 1
        hand[data.draw(st.sampled_from(orphans), label="pair")] += 1
    elif form == "seven pairs":
        pairs = data.draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7, unique=True))
        hand[pairs] = 2
    else:
        groups = [("pair", data.draw(st.sampled_from(kinds), label="pair"))]
        for _ in range(data.draw(st.integers(1, 4), label="sets")):
            run = data.draw(st.booleans(), label="run")
            groups.append(("run", data.draw(st.sampled_from(runs), label="low")) if run
                          else ("set", data.draw(st.sampled_from(kinds), label="triplet")))
        for shape, t in groups:
            for k in {"pair": (t, t), "run": (t, t + 1, t + 2), "set": (t, t, t)}[shape]:
                hand[k] += 1
    if hand.max() > 4:
        hand = np.minimum(hand, 4)  # a fifth copy: fewer tiles, a hand all the same
    hand[data.draw(st.sampled_from(list(np.flatnonzero(hand))), label="out")] -= 1
    for _ in range(data.draw(st.integers(0, 2), label="changes")):
        held = list(np.flatnonzero(hand))
        free = [t for t in kinds if hand[t] < 4]
        hand[data.draw(st.sampled_from(held), label="from")] -= 1
        hand[data.draw(st.sampled_from(free), label="to")] += 1
    if hand.sum() % 3 != 1:  # trimmed copies: pad with single honours, loose by definition
        for t in range(27, 34):
            if hand.sum() % 3 == 1:
                break
            if hand[t] == 0:
                hand[t] = 1
    return hand.astype(np.uint8), players


@settings(max_examples=scaled(2_000), derandomize=True, deadline=None, database=None)
@given(st.data())
def test_waits_of_hands_near_a_win_match_the_reference(data: st.DataObject) -> None:
    hand, players = _near_complete(data)
    expected = ref.mask_of(ref.waits(hand, players))
    assert riichi.waits_mask(hand, players) == expected, (notation(hand), players)


@settings(max_examples=scaled(2_000), derandomize=True, deadline=None, database=None)
@given(st.data())
def test_tenpai_or_complete_of_the_tables_counts_is_shanten_at_most_zero(
    data: st.DataObject,
) -> None:
    # hands near a win and a drawn tile: the table's 3n+2 counts around the quick refusal of
    # hands with three loose tiles (thirteen orphans among them)
    hand, players = _near_complete(data)
    if players == 3:
        hand = data.draw(hand_strategy(FULL), label="far")  # the table's counts: four players'
    else:
        hand = _plus(hand, data.draw(st.sampled_from(list(np.flatnonzero(hand < 4))), label="drawn"))
    expected = ref.shanten(hand) <= 0
    assert riichi._core.tenpai_or_complete(bytearray(hand.tobytes())) == expected, notation(hand)
    assert riichi._core.tenpai_or_complete(hand) == expected, notation(hand)
