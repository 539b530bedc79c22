"""Worlds consistent with what one seat knew: the hidden tiles of a table redealt at random.

At a decision a seat sees its own hand, every discard and meld, the dora indicators turned and the
scores; it does not see the other seats' concealed tiles, the live wall or the dead wall beyond
the turned indicators. :func:`redeal` deals those hidden tiles anew, uniformly at random, into the
same places (each other seat keeps its number of concealed tiles, the wall its length and the dead
wall its shape) and leaves every public fact as it was. A seat in riichi is dealt only a tenpai
hand that no tile discarded since its riichi completes (it would have won on it): its hand is drawn
again until it is, at most ``tries`` times (:class:`AnalysisError` past that limit). With two or
more seats in riichi their hands are drawn one after the other, each among the tiles left by the
ones before (an approximation of the exact joint draw, which would need far more tries).

What the redeal does not do: weigh the hands by what the opponents' discards and calls suggest
(a seat that called three pons is dealt as random a hand as one that called nothing), or give a
redealt seat the temporary furiten its real hand may have had.

>>> import numpy as np
>>> from riichi.game import Game
>>> state = Game("tenhou", seed=3).new_state()
>>> world = state.clone()
>>> tries = redeal(world, 0, np.random.default_rng(1))
>>> world.players[0].hand == state.players[0].hand, world.players[1].hand == state.players[1].hand
(True, False)
>>> sorted(world.tile_locations()) == list(range(136))
True
"""

from __future__ import annotations

import numpy as np

from riichi.game.player import waits_mask
from riichi.game.state import GameState, Phase
from riichi.game.wall import Wall
from riichi.analyze.position import AnalysisError

__all__ = ["hidden_places", "redeal", "RIICHI_TRIES"]

RIICHI_TRIES = 20_000
"""Hands drawn for one seat in riichi before the redeal gives up."""

_REPLACEMENTS = (1, 0, 3, 2)  # the wall's replacement places, in order (riichi.game.wall)
_FIRST_DORA = 5


def hidden_places(wall: Wall) -> list[int]:
    """The ``yama`` places whose tiles nobody has seen: the live wall still to draw and the dead
    wall but its turned indicators and the replacement tiles already drawn."""
    seen = set(_REPLACEMENTS[: wall.kans])
    seen.update(_FIRST_DORA + 2 * k for k in range(wall.dora_count))
    return [i for i in range(wall.next_live + 1) if i not in seen]


def _riichi_hand(state: GameState, seat: int, pool: list[int], rng: np.random.Generator,
                 tries: int) -> tuple[list[int], int]:
    """A concealed hand for ``seat`` in riichi drawn from ``pool``: tenpai, and not completed by
    any tile discarded since its riichi. Returns the hand and the hands drawn."""
    p = state.players[seat]
    size = len(p.hand)
    tiles = np.asarray(pool)
    for attempt in range(1, tries + 1):
        hand = rng.choice(tiles, size, replace=False)
        counts = bytearray(34)
        for t in hand:
            counts[t >> 2] += 1
        waits = waits_mask(counts, p.melds)
        if waits and not waits & p.riichi_safe_mask:
            return [int(t) for t in hand], attempt
    raise AnalysisError(
        f"no tenpai hand for seat {seat} in riichi found in {tries} tries of the redeal: "
        "its riichi is not consistent with the tiles left unseen"
    )


def redeal(state: GameState, seat: int, rng: np.random.Generator,
           tries: int = RIICHI_TRIES) -> int:
    """Deal the tiles ``seat`` has not seen anew on ``state`` (changed in place: give it a
    clone), drawn from ``rng``. Returns the hands drawn for the seats in riichi (0 when none is:
    the acceptance rate of the riichi draws is their number over this count)."""
    wall = state.wall
    places = hidden_places(wall)
    others = [s for s in range(state.seats) if s != seat]
    pool = [wall.yama[i] for i in places]
    for s in others:
        pool.extend(state.players[s].hand)
    hands: dict[int, list[int]] = {}
    drawn = 0
    for s in others:
        if state.players[s].riichi:
            hand, attempts = _riichi_hand(state, s, pool, rng, tries)
            drawn += attempts
            hands[s] = hand
            taken = set(hand)
            pool = [t for t in pool if t not in taken]
    order = rng.permutation(len(pool))
    shuffled = [pool[i] for i in order]
    for s in others:
        if s not in hands:
            size = len(state.players[s].hand)
            hands[s], shuffled = shuffled[:size], shuffled[size:]
    yama = list(wall.yama)  # a wall's list is shared by its copies: build a new one
    for place, tile in zip(places, shuffled):
        yama[place] = tile
    wall.yama = yama
    for s in others:
        p = state.players[s]
        p.hand = sorted(hands[s])
        counts = bytearray(34)
        for t in p.hand:
            counts[t >> 2] += 1
        p.counts = counts
        p.update_waits()
        p.temp_furiten = False  # the real hand's furiten says nothing about this one
        p.riichi_furiten = False  # a riichi hand is drawn so that it passed no win
    _refresh(state, seat)
    return drawn


def _refresh(state: GameState, seat: int) -> None:
    """Drop what the table worked out from the old hands: the scored wins, the listed turn
    actions, the claims on the tile on offer (asked again of the new hands)."""
    state._wins = {}
    state._turn_actions = None
    if state.phase is Phase.CLAIM:
        state._open_claims(state.discarder, state.last_discard)
    elif state.phase is Phase.CHANKAN:
        # the other seats' chances to rob the kan are not worked out again: only this seat's
        # answer is asked, and a redealt hand the kan tile completes becomes furiten
        kind = state.kan_tile >> 2
        state.claims = {seat: state.claims[seat]}
        state.responses = {}
        state.completed = tuple(s for s in range(state.seats) if s != state.discarder
                                and state.players[s].waits_mask >> kind & 1)
        state._ron_result(seat, state.kan_tile, chankan=True)
