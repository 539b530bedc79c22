"""Worlds consistent with what one seat knew: the hidden tiles of a table dealt anew.

At a decision a seat sees its own hand, every discard and meld, the dora indicators turned and the
scores; it does not see the other seats' concealed tiles, the live wall or the dead wall beyond
the turned indicators. :func:`redeal` deals those hidden tiles anew into the same places (each
other seat keeps its number of concealed tiles, the wall its length and the dead wall its shape)
and leaves every public fact as it was. How the other seats' hands are drawn is the ``worlds``
setting (:data:`WORLDS`):

- ``"belief"`` (the default): from what the table showed of each seat
  (:mod:`riichi.analyze.belief`): a shanten level from the prior fitted on real games, a hand of
  that level weighed by the likelihood of the seat's discards; a seat in riichi tenpai and not
  furiten;
- ``"uniform"``: uniformly from the unseen tiles, a seat in riichi among its tenpai, not furiten
  hands (what the analysis did before the belief; kept as the reference of the calibration);
- ``"oracle"``: the real hands (a record has them), only the wall shuffled: the reference a
  belief is measured against, not an analysis a player could make.

A seat in riichi is dealt only a hand consistent with its riichi: tenpai and not furiten (no wait
among its own discards or the tiles discarded since its riichi). About one random 13-tile hand in
10,000 is tenpai, so the hand comes from a Markov chain whose stationary law is the uniform one
over the consistent hands (:func:`riichi.analyze._belief.draw_hand`): it starts from a random
complete hand of the unseen tiles less one tile (drawn again, at most ``tries`` times, until it is
consistent; :class:`AnalysisError` past that), then swaps one of its tiles for a random unseen one
:data:`~riichi.analyze.belief.RIICHI_BURN` times, keeping each swap that leaves it consistent.

>>> import numpy as np
>>> from riichi.game import Game
>>> state = Game("tenhou", seed=3).new_state()
>>> world = state.clone()
>>> draws = redeal(world, 0, np.random.default_rng(1))
>>> world.players[0].hand == state.players[0].hand, world.players[1].hand == state.players[1].hand
(True, False)
>>> sorted(world.tile_locations()) == list(range(136))
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from riichi.analyze._belief import draw_hand
from riichi.analyze.belief import DEFAULT_MODEL, RIICHI_BURN, RIICHI_TRIES, Draws, Model, \
    SeatBelief, beliefs, draw_hands, riichi_start
from riichi.analyze.position import AnalysisError
from riichi.errors import quoted
from riichi.game.claims import open_claims
from riichi.game.actions import Action
from riichi.game.kans import kan_robbers
from riichi.game.kita import kita_robbers
from riichi.game.state import GameState, Phase
from riichi.game.wall import Wall

__all__ = ["WORLDS", "hidden_places", "redeal", "check_worlds"]

WORLDS = ("belief", "uniform", "oracle")

_FLAT = np.zeros(16)  # a discard model that weighs every hand alike


def check_worlds(worlds: object) -> str:
    """``worlds`` if it names a way to draw worlds, else an :class:`AnalysisError`."""
    if worlds not in WORLDS:
        raise AnalysisError(f"worlds={quoted(worlds)}: expected one of {', '.join(WORLDS)}")
    return str(worlds)


def hidden_places(wall: Wall) -> list[int]:
    """The ``yama`` places whose tiles nobody has seen: the live wall still to draw and the dead
    wall but its turned indicators and the replacement tiles already drawn."""
    seen = set(wall.seen_places())
    return [i for i in range(wall.next_live + 1) if i not in seen]


def _uniform_hands(pool: list[int], seats: Sequence[SeatBelief], rng: np.random.Generator,
                   tries: int) -> tuple[dict[int, list[int]], list[int], Draws]:
    """The hands of the ``"uniform"`` worlds: a riichi seat's from its chain (unweighed), the
    others' the first tiles of a shuffle of the rest."""
    hands: dict[int, list[int]] = {}
    draws = Draws({})
    for b in seats:
        if b.riichi:
            start = riichi_start(pool, b, rng, tries)
            taken = set(start)
            rest = [t for t in pool if t not in taken]
            hand, _, made, kept, _ = draw_hand(
                start, rest, 1, 0, b.banned, b.melded, b"", b"", _FLAT,
                rng.random((RIICHI_BURN + 1, 2)), RIICHI_BURN, 1, 1, 0.0)
            draws.proposals += made
            draws.accepted += kept
            hands[b.seat] = hand
            taken = set(hand)
            pool = [t for t in pool if t not in taken]
    order = rng.permutation(len(pool))
    shuffled = [pool[i] for i in order]
    for b in seats:
        if not b.riichi:
            hands[b.seat], shuffled = shuffled[:b.size], shuffled[b.size:]
    return hands, shuffled, draws


def redeal(state: GameState, seat: int, rng: np.random.Generator, *, worlds: str = "belief",
           seats: Sequence[SeatBelief] | None = None, model: Model = DEFAULT_MODEL,
           tries: int = RIICHI_TRIES) -> Draws:
    """Deal the tiles ``seat`` has not seen anew on ``state`` (changed in place: give it a
    clone), drawn from ``rng`` as ``worlds`` says (see the module's docstring). ``seats`` is
    what the table showed of the other seats (:func:`~riichi.analyze.belief.beliefs`; worked
    out from ``state`` when None, without the tiles each seat passed). Returns the draws'
    figures: the effective sample size per seat (belief worlds) and the swaps proposed and
    kept inside the consistent sets."""
    wall = state.wall
    places = hidden_places(wall)
    others = [s for s in range(state.seats) if s != seat]
    if seats is None:
        seats = beliefs(state, seat, {}, model)
    if worlds == "oracle":
        pool = [wall.yama[i] for i in places]
        shuffled = [pool[i] for i in rng.permutation(len(pool))]
        hands = {s: state.players[s].hand for s in others}
        draws = Draws({})
    else:
        pool = [wall.yama[i] for i in places]
        for s in others:
            pool.extend(state.players[s].hand)
        if worlds == "belief":
            hands, left, draws = draw_hands(pool, seats, rng, model, tries)
            shuffled = [left[i] for i in rng.permutation(len(left))]
        else:
            hands, shuffled, draws = _uniform_hands(pool, seats, rng, tries)
    yama = list(wall.yama)  # a wall's list is shared by its copies: build a new one
    for place, tile in zip(places, shuffled):
        yama[place] = tile
    wall.yama = yama
    for s in others:
        p = state.players[s]
        p.hand = hands[s]  # the seat sorts and counts them
        p.update_waits()
        if worlds != "oracle":
            p.temp_furiten = False  # a hand is drawn so that it passed no win
            p.riichi_furiten = False
    _refresh(state)
    return draws


def _refresh(state: GameState) -> None:
    """Drop what the table worked out from the old hands: the scored wins, the listed turn
    actions, the claims on the tile on offer (asked again of the new hands)."""
    state.hands_changed()
    if state.phase is Phase.CLAIM:
        open_claims(state, state.discarder, state.last_discard)
    elif state.phase is Phase.CHANKAN:
        _reopen_robbing(state, *kan_robbers(state, state.discarder, state.kan_tile,
                                            state.kan_concealed))
    elif state.phase is Phase.KITA:
        _reopen_robbing(state, *kita_robbers(state, state.discarder, state.kan_tile))


def _reopen_robbing(state: GameState, robbers: dict[int, tuple[Action, ...]],
                    completed: Sequence[int]) -> None:
    """Ask the kan's (or the kita's) tile again of every seat, as the table asks it: each seat
    the redealt hands let rob it answers (two robbers are a double ron, as in a real game), and
    a seat the tile completes that may not becomes furiten if nobody wins."""
    state.claims = robbers
    state.responses = {}
    state.completed = tuple(completed)
