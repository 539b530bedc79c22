"""Kita (nukidora): a North set aside at a three-player table, and the ron it may give.

Where the rules allow it (``RuleSet.kita``), a seat that has drawn may set a North from its hand
aside (a seat in riichi only the North it drew), while the wall holds a replacement tile and a
live tile to give the dead wall. The North lies face up beside the hand and counts a dora for
the seat's wins (the scorer's ``kita``). The seats waiting on North may then win on it
(``RuleSet.kita_ron``: a ron as on a discard, not robbing a kan); when none does, the kita
stands as a call, ending every ippatsu and the first go-around, and the seat draws a replacement
tile, as after a kan (a win on it is rinshan). A ron on the North comes before the call stands,
as a ron robbing a kan does, so it keeps the winner's ippatsu. The claims on the North are the claims' (:mod:`riichi.game.claims`,
phase :attr:`~riichi.game.phase.Phase.KITA`). Functions of the state
(:class:`~riichi.game.state.GameState`); the compiled build types them in ``kita.pxd``.

>>> from riichi.game import Game, Kita
>>> state = Game("tenhou-3p", seed=1).new_state()
>>> [str(a) for a in state.legal(0) if isinstance(a, Kita)]
['seat 0: kita 4z']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riichi.game import events as ev
from riichi.game.actions import Action, Kita
from riichi.game.claims import offer_to_rob
# a module: hand_end may still be loading (it imports the state, which imports this module)
from riichi.game import hand_end as _hand_end
from riichi.game.phase import KITA
from riichi.game.player import Player
from riichi.game.prebuilt import KITAS, ROB

if TYPE_CHECKING:
    from riichi.game.state import GameState

__all__ = ["NORTH", "kita_actions", "declare_kita", "kita_robbers"]

NORTH = 30
"""The tile type of North, the tile three players set aside."""


def kita_actions(state: GameState, seat: int, p: Player, drawn: int) -> list[Action]:
    """The kita ``seat`` (whose seat state is ``p``, just having drawn ``drawn``) may declare:
    one for each North it holds (in riichi, only the North drawn), where the rules allow kita and
    the wall a replacement draw (a replacement tile, and a live tile to move to the dead wall)."""
    counts = p.counts  # read as C bytes
    north = NORTH
    if not counts[north]:  # most turns: no North held, no rule or wall read
        return []
    wall = state.wall
    if not (
        state.rules.kita
        and wall.replacements_left > 0
        and wall.live_remaining >= wall.kan_tiles
    ):
        return []
    kitas = KITAS[seat]
    if p.riichi:
        return [kitas[drawn]] if drawn >> 2 == NORTH else []
    # The Norths held, ascending, come before the three dragons' tiles, the last of the hand's:
    # read there, where the hand (a list made at each read) would be walked whole.
    tiles = p.tiles
    last = p.size - counts[north + 1] - counts[north + 2] - counts[north + 3]
    return [kitas[tiles[i]] for i in range(last - counts[north], last) if tiles[i] >> 2 == north]


def declare_kita(state: GameState, action: Kita) -> None:
    """``action``'s seat sets its North aside; the seats waiting on North may win on it (the claims
    answer; when none wins, the kita stands as a call and the seat draws its replacement tile), or
    the kita stands and the seat draws its replacement tile now."""
    seat, tile = action.seat, action.tile
    p = state.players[seat]
    p.remove(tile)
    p.kita = p.kita + (tile,)
    p.update_waits()
    state.seen[NORTH] += 1
    state.announce(ev.KitaDeclared(seat, tile))
    robbers, completed = kita_robbers(state, seat, tile)
    offer_to_rob(state, seat, tile, robbers, completed, KITA)


def kita_robbers(
    state: GameState, seat: int, tile: int
) -> tuple[dict[int, tuple[Action, ...]], tuple[int, ...]]:
    """Who may win on ``seat``'s kita of the North ``tile``: the answers of the seats that may (a
    ron or a pass each, where the rules allow it), and every seat the North completes. The
    analysis asks it again of the hands it deals anew (:mod:`riichi.analyze.worlds`)."""
    robbers: dict[int, tuple[Action, ...]] = {}
    completed: tuple[int, ...] = ()
    for s in state.seats_after[seat]:
        q = state.players[s]
        if not q.waits_mask >> NORTH & 1:
            continue
        completed += (s,)
        if state.rules.kita_ron and not q.furiten \
                and _hand_end.ron_result(state, s, tile) is not None:
            robbers[s] = ROB[s]
    return robbers, completed

