"""No hidden information in the encodings of a seat: dealing the tiles that seat has not seen anew
(the other seats' concealed tiles and the wall, changed consistently: each seat keeps its number of
tiles, the wall its shape, every public fact stays; ``riichi.analyze.worlds.redeal``) leaves its
``compact-v1`` and ``rich-v1`` encodings as they were, at any decision of any game, for the seat
deciding (any of them while several have a claim on a discard). The ``oracle-v1`` encoding, which
shows those tiles on purpose, does change: the property can fail.
"""

from __future__ import annotations

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from riichi.analyze.worlds import redeal
from riichi.env import encode
from riichi.game import Game, GameState, Observation
from riichi.game.driver import Driver


def moment(preset: str, seed: int, steps: int) -> GameState:
    """The state after ``steps`` random decisions of game ``seed`` of ``preset``."""
    driver = Driver(Game(preset, seed).new_state(record_events=False), [None] * 4)
    driver.advance()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if driver.seat < 0:
            break
        driver.take(driver.legal[int(rng.integers(len(driver.legal)))])
    return driver.state


def hidden(state: GameState, seat: int) -> tuple[object, ...]:
    """What ``seat`` cannot see: the others' concealed tiles and the wall's order."""
    return (tuple(tuple(p.hand) for s, p in enumerate(state.players) if s != seat),
            tuple(state.wall.yama))


@given(preset=st.sampled_from(["tenhou", "ema", "mleague"]), seed=st.integers(0, 2**32 - 1),
       steps=st.integers(0, 700), seat=st.integers(0, 3), world=st.integers(0, 2**32 - 1))
@settings(max_examples=80, deadline=None)
def test_a_seats_encoding_ignores_what_it_cannot_see(
        preset: str, seed: int, steps: int, seat: int, world: int) -> None:
    state = moment(preset, seed, steps)
    assume(not state.is_over)
    deciding = state.acting_seats
    seat = deciding[seat % len(deciding)]
    other = state.clone()
    redeal(other, seat, np.random.default_rng(world))
    assert hidden(other, seat) != hidden(state, seat)  # the world did change
    for encoding in ("compact-v1", "rich-v1"):
        before = encode(Observation(state, seat), encoding)
        after = encode(Observation(other, seat), encoding)
        assert np.array_equal(before, after), encoding


def test_the_oracle_shows_what_the_seat_cannot_see() -> None:
    changed = 0
    for seed in range(10):
        state = moment("tenhou", seed, 40)
        seat = state.acting_seats[0]
        other = state.clone()
        redeal(other, seat, np.random.default_rng(seed))
        before = encode(Observation(state, seat), "oracle-v1", state=state)
        after = encode(Observation(other, seat), "oracle-v1", state=other)
        changed += not np.array_equal(before, after)
    assert changed == 10
