"""Tenhou's wall from the SHUFFLE seed, proven on every round of the 160 games in tests/data/mjlog."""

from __future__ import annotations

import random

import numpy as np
import pytest

from riichi.errors import LogFormatError
from riichi.logs import (
    MjlogAgari,
    MjlogCall,
    MjlogDraw,
    MjlogGame,
    MjlogNewDora,
    MjlogRound,
    MjlogRyuukyoku,
    deal,
    dora_indicator,
    live_draw,
    read_mjlog,
    replacement_draw,
    tenhou_walls,
    tenhou_walls_with_dice,
    ura_indicator,
)
from riichi.logs.tenhou_wall import SEED_PREFIX, _init_by_array, decode_seed
from riichi.meld import MeldKind
from tests.support.paths import DATA

ZERO_SEED = SEED_PREFIX + "AAAA" * 832


@pytest.fixture(scope="module")
def games() -> list[MjlogGame]:
    return [read_mjlog(path) for path in sorted((DATA / "mjlog").glob("*.mjlog.gz"))]


def test_mt19937_init_by_array_matches_the_reference_output() -> None:
    # mt19937ar.out of Matsumoto & Nishimura: init_by_array({0x123, 0x234, 0x345, 0x456})
    generator = np.random.MT19937()
    state = _init_by_array([0x123, 0x234, 0x345, 0x456])
    generator.state = {"bit_generator": "MT19937", "state": {"key": state, "pos": 624}}
    assert generator.random_raw(5).tolist() == [1067595299, 955945823, 477289528, 4107218783, 4228976476]


def test_mt19937_state_matches_python_random_for_a_real_seed(games: list[MjlogGame]) -> None:
    # CPython's random.seed(int) runs init_by_array over the int's 32-bit words, lowest first
    seed = games[0].seed
    assert seed is not None
    key = decode_seed(seed)
    assert key[-1] != 0  # else CPython would drop the top word
    python_random = random.Random(sum(word << (32 * i) for i, word in enumerate(key)))
    assert list(python_random.getstate()[1][:624]) == _init_by_array(key).tolist()


def test_walls_are_deterministic_permutations() -> None:
    first = [wall for wall, _ in zip(tenhou_walls(ZERO_SEED), range(3))]
    again = [wall for wall, _ in zip(tenhou_walls(ZERO_SEED), range(3))]
    assert first == again
    assert all(sorted(wall) == list(range(136)) for wall in first)
    assert first[0] != first[1] != first[2]


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        ("mt19937ar-sha512-n288," + "AAAA" * 832, "must start with"),
        (SEED_PREFIX + "AA*A" * 832, "not valid base64"),
        (SEED_PREFIX + "AAAA" * 831, "must decode to 2496 bytes"),
    ],
)
def test_a_bad_seed_raises_log_format_error(seed: str, message: str) -> None:
    with pytest.raises(LogFormatError, match=message):
        next(tenhou_walls(seed))


def test_position_helpers_reject_out_of_range_arguments() -> None:
    yama = list(range(136))
    with pytest.raises(ValueError, match="70 draws"):
        live_draw(yama, 70)
    with pytest.raises(ValueError, match="dealer"):
        deal(yama, 4)
    with pytest.raises(ValueError, match="136 tiles"):
        dora_indicator(yama[:-1])
    with pytest.raises(ValueError, match="n=5"):
        ura_indicator(yama, 5)
    with pytest.raises(ValueError, match="n=4"):
        replacement_draw(yama, 4)


def _check_round(yama: list[int], dice: tuple[int, int], hand: MjlogRound) -> None:
    """Every tile the log shows coming out of the wall is where the rebuilt wall has it."""
    assert deal(yama, hand.dealer) == tuple(list(h) for h in hand.hands)
    assert dora_indicator(yama) == hand.dora_indicator
    assert dice == hand.dice
    live = replacements = new_doras = 0
    kan_pending = False
    for event in hand.events:
        if isinstance(event, MjlogDraw):
            if kan_pending:
                assert event.tile == replacement_draw(yama, replacements)
                replacements += 1
                kan_pending = False
            else:
                assert event.tile == live_draw(yama, live)
                live += 1
        elif isinstance(event, MjlogCall) and event.meld.kind in (MeldKind.KAN, MeldKind.ANKAN, MeldKind.KAKAN):
            kan_pending = True
        elif isinstance(event, MjlogNewDora):
            new_doras += 1
            assert event.indicator == dora_indicator(yama, new_doras)
        elif isinstance(event, MjlogAgari):
            count = len(event.dora_indicators)
            assert list(event.dora_indicators) == [dora_indicator(yama, n) for n in range(count)]
            assert list(event.ura_indicators) in ([], [ura_indicator(yama, n) for n in range(count)])
        elif isinstance(event, MjlogRyuukyoku) and event.reason in (None, "nm"):
            # an exhaustive draw leaves no live tile: the kans' replacements came off its end
            assert live + replacements == 70


def test_rebuilt_walls_match_every_round_of_every_game(games: list[MjlogGame]) -> None:
    checked_rounds = 0
    for game in games:
        assert game.seed is not None
        for (yama, dice), hand in zip(tenhou_walls_with_dice(game.seed), game.rounds):
            _check_round(yama, dice, hand)
            checked_rounds += 1
    assert len(games) == 160
    assert checked_rounds == 1671
