"""Worlds consistent with what one seat knew: the hidden tiles of a table redealt at random.

At a decision a seat sees its own hand, every discard and meld, the dora indicators turned and the
scores; it does not see the other seats' concealed tiles, the live wall or the dead wall beyond
the turned indicators. :func:`redeal` deals those hidden tiles anew, uniformly at random, into the
same places (each other seat keeps its number of concealed tiles, the wall its length and the dead
wall its shape) and leaves every public fact as it was.

A seat in riichi is dealt only a hand consistent with its riichi: tenpai and not furiten, so
completed neither by its own discards (players seldom declare riichi in furiten) nor by a tile
discarded since its riichi (it would have won on it). About one random 13-tile hand in 10,000 is
tenpai (measured: 0.01 %), so drawing whole hands until one is would take too long; the hand is
drawn instead by a Markov chain whose stationary law is the uniform one over the consistent hands
(a symmetric proposal, kept when the hand stays consistent): it starts from a
random complete hand of the unseen tiles less one tile (drawn again, at most ``tries`` times,
until it is consistent; :class:`AnalysisError` past that limit), then :data:`RIICHI_STEPS` times
proposes to swap one of its tiles for a random unseen tile and keeps the swap when the hand stays
consistent (resampled until consistent, tile by tile; the share of swaps kept is the acceptance
rate an analysis reports; at about 10 % kept, the chain mixes over some 40 swaps, an
approximation of the uniform law; its start is never the real hand). With two or more seats in riichi their hands are drawn one after the
other, each among the tiles the ones before left.

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

from riichi.game.claims import open_claims
from riichi.game.hand_end import ron_result
from riichi.game.player import Player, waits_mask
from riichi.game.state import GameState, Phase
from riichi.game.wall import Wall
from riichi.analyze.position import AnalysisError

__all__ = ["hidden_places", "redeal", "RIICHI_TRIES"]

RIICHI_TRIES = 1_000
"""Starting hands drawn for one seat in riichi before the redeal gives up."""

RIICHI_STEPS = 400
"""Tile swaps proposed to a riichi seat's hand after its starting hand (see :func:`redeal`)."""

def hidden_places(wall: Wall) -> list[int]:
    """The ``yama`` places whose tiles nobody has seen: the live wall still to draw and the dead
    wall but its turned indicators and the replacement tiles already drawn."""
    seen = set(wall.seen_places())
    return [i for i in range(wall.next_live + 1) if i not in seen]


def _consistent(counts: bytearray, p: Player) -> bool:
    """Whether a riichi seat's concealed ``counts`` are tenpai and not furiten: no tile of its
    own discards or discarded since its riichi completes them."""
    waits = waits_mask(counts, p.melds)
    return bool(waits) and not waits & p.genbutsu_mask


def _complete_hand(kinds: list[int], size: int, rng: np.random.Generator) -> list[int] | None:
    """Tile types of a random complete hand of ``size + 1`` tiles (sets and a pair) taken from
    the types ``kinds`` (one entry per tile), one of its tiles then dropped; None if the draw
    runs out of tiles."""
    left = bytearray(34)
    for k in kinds:
        left[k] += 1
    hand: list[int] = []
    for _ in range(size // 3):
        shapes = [(k, k, k) for k in range(34) if left[k] >= 3]
        shapes += [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6
                   and left[k] and left[k + 1] and left[k + 2]]
        if not shapes:
            return None
        for k in shapes[int(rng.integers(len(shapes)))]:
            left[k] -= 1
            hand.append(k)
    pairs = [k for k in range(34) if left[k] >= 2]
    if not pairs:
        return None
    pair = pairs[int(rng.integers(len(pairs)))]
    hand += [pair, pair]
    hand.pop(int(rng.integers(len(hand))))
    return hand


def _riichi_hand(state: GameState, seat: int, pool: list[int], rng: np.random.Generator,
                 tries: int, steps: int) -> tuple[list[int], int, int]:
    """A concealed hand for ``seat`` in riichi drawn from ``pool``: tenpai and not furiten (see
    :func:`redeal`). Returns the hand, the proposals
    made and those accepted."""
    p = state.players[seat]
    size = len(p.hand)
    by_kind: dict[int, list[int]] = {}
    for t in pool:
        by_kind.setdefault(t >> 2, []).append(t)
    for _ in range(tries):
        kinds = _complete_hand([t >> 2 for t in pool], size, rng)
        if kinds is None:
            continue
        counts = bytearray(34)
        for k in kinds:
            counts[k] += 1
        if _consistent(counts, p):
            break
    else:
        raise AnalysisError(
            f"no tenpai hand for seat {seat} in riichi found in {tries} tries of the redeal: "
            "its riichi is not consistent with the tiles left unseen"
        )
    hand = []
    for k in kinds:
        copies = by_kind[k]
        hand.append(copies.pop(int(rng.integers(len(copies)))))
    rest = [t for copies in by_kind.values() for t in copies]
    accepted = 0
    picks = rng.integers(0, [size, len(rest)], size=(steps, 2))
    for i, j in picks:
        out, into = hand[i], rest[j]
        counts[out >> 2] -= 1
        counts[into >> 2] += 1
        if _consistent(counts, p):
            hand[i], rest[j] = into, out
            accepted += 1
        else:
            counts[out >> 2] += 1
            counts[into >> 2] -= 1
    return hand, steps, accepted


def redeal(state: GameState, seat: int, rng: np.random.Generator,
           tries: int = RIICHI_TRIES, steps: int = RIICHI_STEPS) -> tuple[int, int]:
    """Deal the tiles ``seat`` has not seen anew on ``state`` (changed in place: give it a
    clone), drawn from ``rng``. Returns the proposals made and accepted while drawing the hands
    of the seats in riichi ((0, 0) when none is)."""
    wall = state.wall
    places = hidden_places(wall)
    others = [s for s in range(state.seats) if s != seat]
    pool = [wall.yama[i] for i in places]
    for s in others:
        pool.extend(state.players[s].hand)
    hands: dict[int, list[int]] = {}
    proposals = accepted = 0
    for s in others:
        if state.players[s].riichi:
            hand, made, kept = _riichi_hand(state, s, pool, rng, tries, steps)
            proposals += made
            accepted += kept
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
    return proposals, accepted


def _refresh(state: GameState, seat: int) -> None:
    """Drop what the table worked out from the old hands: the scored wins, the listed turn
    actions, the claims on the tile on offer (asked again of the new hands)."""
    state.hands_changed()
    if state.phase is Phase.CLAIM:
        open_claims(state, state.discarder, state.last_discard)
    elif state.phase is Phase.CHANKAN:
        # the other seats' chances to rob the kan are not worked out again: only this seat's
        # answer is asked, and a redealt hand the kan tile completes becomes furiten
        tile_type = state.kan_tile >> 2
        state.claims = {seat: state.claims[seat]}
        state.responses = {}
        state.completed = tuple(s for s in range(state.seats) if s != state.discarder
                                and state.players[s].waits_mask >> tile_type & 1)
        ron_result(state, seat, state.kan_tile, chankan=True)
