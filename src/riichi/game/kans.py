"""The kans a hand declares on its turn: a concealed kan (ankan) and an added kan (kakan) on its
own pon, and who may rob them.

Each moves the tiles into the meld, then offers the kan tile to the seats it completes: any
seat for an added kan, only a closed thirteen-orphans hand for a concealed one (and only where the
rules allow it, ``RuleSet.kokushi_chankan_ankan``). What follows (the robbing, or the kan completed
with its replacement draw and dora) belongs to the claims (:func:`riichi.game.claims.offer_kan`).
Functions of the state (:class:`~riichi.game.state.GameState`); the compiled build types them in
``kans.pxd``.

"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riichi import _core
from riichi.game import events as ev
from riichi.game.actions import Action, Ankan, Kakan
from riichi.game.claims import offer_kan
# a module: hand_end may still be loading (it imports the state, which imports this module)
from riichi.game import hand_end as _hand_end
from riichi.game.prebuilt import ROB
from riichi.meld import Meld, MeldKind

if TYPE_CHECKING:
    from riichi.game.state import GameState

__all__ = ["declare_ankan", "declare_kakan", "kan_robbers"]


def declare_ankan(state: GameState, action: Ankan) -> None:
    seat, tile_type = action.seat, action.tile_type
    p = state.players[seat]
    tiles = p.tiles_of_type(tile_type)
    for t in tiles:
        p.remove(t)
    state.seen[tile_type] = 4
    p.melds.append(Meld.trusted(MeldKind.ANKAN, tiles))
    p.update_waits()
    state.interrupt()
    state.announce(ev.AnkanDeclared(seat, tuple(tiles)))
    robbers, completed = kan_robbers(state, seat, tiles[0], True)
    offer_kan(state, seat, tiles[0], robbers, completed, concealed=True)


def declare_kakan(state: GameState, action: Kakan) -> None:
    seat, tile_type = action.seat, action.tile_type
    p = state.players[seat]
    tile = p.tiles_of_type(tile_type)[0]
    for index, pon in enumerate(p.melds):
        if pon.kind is MeldKind.PON and pon.tile_type == tile_type:
            break
    p.remove(tile)
    state.seen[tile_type] += 1
    p.melds[index] = Meld.trusted(MeldKind.KAKAN, pon.tiles + (tile,), pon.called, pon.from_seat)
    p.update_waits()
    state.announce(ev.KakanDeclared(seat, tile, pon.tiles))
    robbers, completed = kan_robbers(state, seat, tile, False)
    offer_kan(state, seat, tile, robbers, completed, concealed=False)


def kan_robbers(
    state: GameState, seat: int, tile: int, concealed: bool
) -> tuple[dict[int, tuple[Action, ...]], list[int]]:
    """Who may rob ``seat``'s kan of ``tile`` (a concealed kan where ``concealed``): the answers
    of the seats that may (a ron or a pass each), and every seat the tile completes. The analysis
    asks it again of the hands it deals anew (:mod:`riichi.analyze.worlds`)."""
    robbers: dict[int, tuple[Action, ...]] = {}
    completed: list[int] = []
    if not concealed or state.rules.kokushi_chankan_ankan:
        _chankan(state, seat, tile, concealed, robbers, completed)
    return robbers, completed


def _chankan(
    state: GameState,
    seat: int,
    tile: int,
    concealed: bool,
    robbers: dict[int, tuple[Action, ...]],
    completed: list[int],
) -> None:
    """Fill ``completed`` with the seats the kan ``tile`` completes (a concealed kan only a closed
    thirteen orphans) and ``robbers`` with the answers of those that may rob it."""
    tile_type = tile >> 2
    for s in state.seats_after[seat]:
        q = state.players[s]
        if not q.waits_mask >> tile_type & 1:
            continue
        if concealed and (q.melds or _core.shanten_kokushi(q.counts) != 0):
            continue
        completed.append(s)
        if not q.furiten and _hand_end.ron_result(state, s, tile, chankan=True) is not None:
            robbers[s] = ROB[s]
