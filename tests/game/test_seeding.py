"""The wall's seeded shuffle in C gives exactly numpy's: SeedSequence, PCG64, Generator.permutation."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi.agents import RandomAgent
from riichi.errors import RiichiError, WrongTypeError
from riichi.game import Game, Wall, play_game
from riichi.game._seeding import seeded_permutation


def numpy_permutation(entropy: int, spawn_key: tuple[int, ...], n: int) -> list[int]:
    seq = np.random.SeedSequence(entropy, spawn_key=spawn_key)
    return list(np.random.default_rng(seq).permutation(n).tolist())


@settings(max_examples=400, deadline=None)
@given(
    entropy=st.one_of(st.integers(0, 2**32), st.integers(0, 2**130)),
    spawn_key=st.lists(st.integers(0, 2**70), max_size=4).map(tuple),
    n=st.integers(0, 300),
)
def test_the_same_permutation_as_numpy(entropy: int, spawn_key: tuple[int, ...], n: int) -> None:
    assert seeded_permutation(entropy, spawn_key, n) == numpy_permutation(entropy, spawn_key, n)


@pytest.mark.parametrize("n", [1, 2, 108, 136, 255, 256, 257, 1000])
def test_every_size_is_numpys(n: int) -> None:
    # the places below 256 come from a table of ints, the others are made
    assert seeded_permutation(3, (1, 4), n) == numpy_permutation(3, (1, 4), n)


def test_a_games_walls_are_numpys() -> None:
    game = Game("ema", seed=2**100 + 7, game_index=12)
    for hand in range(5):
        seq = np.random.SeedSequence(game.seed, spawn_key=(12, hand))
        assert game.wall(hand).yama == Wall.shuffled(np.random.default_rng(seq)).yama


@pytest.mark.parametrize(("entropy", "spawn_key", "n"), [(-1, (), 5), (1, (-2,), 5), (1, (), -1)])
def test_negative_numbers_are_refused(entropy: int, spawn_key: tuple[int, ...], n: int) -> None:
    with pytest.raises(RiichiError, match="seeded_permutation"):
        seeded_permutation(entropy, spawn_key, n)


@pytest.mark.parametrize(("seed", "error"), [(-1, RiichiError), (1.5, WrongTypeError),
                                             ("7", WrongTypeError), (True, WrongTypeError)])
def test_bad_seeds_are_refused(seed: object, error: type[RiichiError]) -> None:
    with pytest.raises(error, match="seed=.*expected an int >= 0") as raised:
        play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=seed)  # type: ignore[arg-type]
    assert isinstance(raised.value, WrongTypeError) == (error is WrongTypeError)  # -1: a value


def test_a_drawn_seed_is_recorded_and_replays_the_game() -> None:
    first = play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=None)
    again = play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=first.seed,
                      game_index=first.game_index)
    other = play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=None)
    assert isinstance(first.seed, int) and first.seed >= 0 and first.seed != other.seed
    assert again.events == first.events and again.seed == first.seed
