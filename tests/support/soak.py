"""The random-play soak: seeded whole games with every invariant checked after every action
(each of the tiles the rules play, 136 or 108 at three players, in exactly one place; points plus
the sticks on the table constant; every listed action accepted on a clone, sampled illegal ones
refused with the state unchanged).

``RIICHI_SOAK_GAMES`` sets the number of games per preset (:data:`GAMES`, the default is what CI
runs).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

from riichi.agents import Agent, DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.errors import IllegalActionError
from riichi.game import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Game,
    GameState,
    Kakan,
    Kita,
    NineTerminals,
    Observation,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.game.wall import wall_tiles

GAMES = int(os.environ.get("RIICHI_SOAK_GAMES", "2000"))


# The kinds of action the soak tries illegally, as makers of a seat and a 136-id: only the two
# drawn are made.
_KINDS: tuple[Callable[[int, int], Action], ...] = (
    Discard,
    Riichi,
    lambda seat, tile: Tsumo(seat),
    lambda seat, tile: Ron(seat),
    lambda seat, tile: Pass(seat),
    lambda seat, tile: Pon(seat, (tile, (tile + 1) % 136)),
    lambda seat, tile: Chi(seat, (tile, (tile + 4) % 136)),
    lambda seat, tile: Daiminkan(seat),
    lambda seat, tile: Ankan(seat, tile >> 2),
    lambda seat, tile: Kakan(seat, tile >> 2),
    lambda seat, tile: NineTerminals(seat),
    lambda seat, tile: Kita(seat, 120 + (tile & 3)),
)


def _illegal_samples(state: GameState, rng: random.Random) -> list[Action]:
    """Two actions of random kinds for random seats and tiles, keeping only the illegal ones
    (a chi or pon with other copies of listed tiles is the listed call, hence legal)."""
    seat = rng.randrange(4)
    tile = rng.randrange(136)
    # Two kinds as rng.sample(_KINDS, 2) draws them (the same two: it draws an index of the 12
    # kinds, then one of the 11 left, the first one's place taken by the last kind), without its
    # checks of its arguments at every decision.
    first = rng.randrange(12)
    second = rng.randrange(11)
    made = (_KINDS[first](seat, tile), _KINDS[11 if second == first else second](seat, tile))
    return [a for a in made if not state.is_legal(a)]


def check_conservation(state: GameState, total: int, tiles: frozenset[int] | None = None) -> None:
    """Every tile the rules play is in exactly one place (``tiles``: those tiles, when the caller
    keeps them); points plus sticks on the table are constant."""
    expected = frozenset(wall_tiles(state.rules)) if tiles is None else tiles
    located = state.tile_locations()
    # as many places as tiles, and every tile among them: each tile in exactly one place
    assert len(located) == len(expected) and set(located) == expected
    assert sum(state.scores) + 1_000 * state.position.sticks == total


def check_invariants(state: GameState, total: int, tiles: frozenset[int], rng: random.Random,
                     clone_all: bool) -> None:
    check_conservation(state, total, tiles)
    for seat in state.acting_seats:
        legal = state.legal(seat)
        assert legal, f"seat {seat} must act but has no legal action"
        for action in legal if clone_all else (rng.choice(legal),):
            state.clone().apply(action)
    illegal = _illegal_samples(state, rng)
    if illegal:
        before = state.snapshot()
        for action in illegal:
            try:
                state.apply(action)
            except IllegalActionError:
                continue
            raise AssertionError(f"{action!r} was accepted")
        assert state.snapshot() == before


def player(seed: int, greedy: bool) -> Agent:
    """A random player, or (``greedy``) a built-in player that wins when it can, calls, declares
    riichi and kans, so that the soak reaches wins and calls far more often than uniform play."""
    if not greedy:
        return RandomAgent(seed)
    return DefensiveAgent(seed=seed) if seed % 2 else EfficiencyAgent(seed=seed)


def soak(
    preset: str, games: int, greedy: bool, clone_all: bool, legality_every: int = 1
) -> dict[str, int]:
    """Play ``games`` seeded games with checks after every action (the legality checks after
    every ``legality_every``-th decision); returns how hands ended."""
    endings: dict[str, int] = {}
    for index in range(games):
        rng = random.Random(index)
        agents = [player(4 * index + k, greedy) for k in range(4)]
        state = Game(preset, seed=2024, game_index=index).new_state()
        total = sum(state.scores)
        tiles = frozenset(wall_tiles(state.rules))
        step = 0
        while not state.is_over:
            step += 1
            if step % legality_every == 0:
                check_invariants(state, total, tiles, rng, clone_all)
            else:
                check_conservation(state, total, tiles)
            for seat in state.acting_seats:
                legal = state.legal_actions(seat)
                state.apply(agents[seat].act(Observation(state, seat), legal))
        assert state.final_scores is not None and sum(state.final_scores) == total
        assert state.ranks is not None and sorted(state.ranks)[0] == 1
        for outcome in state.outcomes:
            endings[outcome.reason] = endings.get(outcome.reason, 0) + 1
    return endings
