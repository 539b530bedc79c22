"""What a seat may do on its turn: the actions listed after its draw (or after its chi or pon).

A win by tsumo when the drawn tile completes a scoring hand, the abort by nine terminals on a
first uninterrupted draw, the discards its kuikae ban leaves, riichi with each discard that keeps
the hand tenpai, the kans it holds while the wall allows one and the Norths it may set aside
(three players: :mod:`riichi.game.kita`), in that order; a riichi hand only discards the drawn
tile, makes the concealed kan its riichi allows, or sets the tile aside if it is a North. :meth:`GameState.legal
<riichi.game.state.GameState.legal>` lists them once per turn; the compiled build types these
functions in ``turn.pxd``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riichi import _core
from riichi.errors import RiichiError
from riichi.game import hand_end as _hand_end
from riichi.game.actions import Action, Ankan, Kakan, NineTerminals
from riichi.game.draws import nine_terminals
from riichi.game.call_options import riichi_kan_allowed
from riichi.game.kita import kita_actions
from riichi.game.player import Player, seated
from riichi.game.prebuilt import DISCARDS, PON, RIICHIS, TSUMO

if TYPE_CHECKING:
    from riichi.game.state import GameState

__all__ = ["turn_actions", "may_riichi"]


def turn_actions(state: GameState) -> list[Action]:
    """The actions of the seat whose turn it is, in the order an agent is given them."""
    seat = state.turn
    p = seated(state.players)[seat]
    drawn = state.drawn
    out: list[Action] = []
    if drawn is not None:
        tile = drawn  # a C integer in the compiled build: the masks below are read in C
        tile_type = tile >> 2
        if p.waits_mask >> tile_type & 1 and _hand_end.tsumo_result(state, seat) is not None:
            out.append(TSUMO[seat])
        # only on a seat's first draw, before any call
        if not p.discards and not state.interrupted and nine_terminals(state.rules, p.counts):
            out.append(NineTerminals(seat))
    if p.riichi:
        assert drawn is not None  # a riichi hand never calls, so every turn starts with a draw
        out.append(DISCARDS[seat][drawn])
        if (
            p.counts[tile_type] == 4
            and state.kan_possible()
            and riichi_kan_allowed(state.rules.riichi_kan_policy, p.counts, p.waits_mask, tile_type)
        ):
            out.append(Ankan(seat, tile_type))
        if state.seats == 3:  # only three players set Norths aside
            out += kita_actions(state, seat, p, drawn)
        return out
    ban = p.kuikae_mask
    hand = p.hand  # ascending
    discards = DISCARDS[seat]
    for t in hand:
        if not ban >> (t >> 2) & 1:
            out.append(discards[t])
    if drawn is None:
        return out  # after chi or pon: discard only
    counts = p.counts
    melds = p.melds
    # an open hand cannot declare riichi: its shanten, the costly part, is not worked out
    if (not melds or p.is_closed) and _core.shanten(counts) <= 0 and may_riichi(state, seat, p):
        ready = p.tenpai_discards(state.rules.karaten_counts)
        riichis = RIICHIS[seat]
        for t in hand:
            if ready >> (t >> 2) & 1:
                out.append(riichis[t])
    # the kans the hand holds first, whether the wall still allows one after (rarely needed)
    if 4 in counts or melds:
        ankan = [k for k in range(34) if counts[k] == 4] if 4 in counts else []
        kakan = []
        for m in melds:
            if m is None:  # a seat's list of melds is a list Python code can change
                raise RiichiError(f"seat {seat}'s melds hold None: expected Melds only")
            if m.kind is PON and counts[m.tile_type]:
                kakan.append(m.tile_type)
        if (ankan or kakan) and state.kan_possible():
            out += [Ankan(seat, k) for k in ankan]
            out += [Kakan(seat, k) for k in kakan]
    if state.seats == 3 and counts[30]:  # a North held, at a table of three
        out += kita_actions(state, seat, p, drawn)
    return out


def may_riichi(state: GameState, seat: int, p: Player) -> bool:
    """``seat`` (whose seat state is ``p``) may declare riichi with a tenpai hand: a closed hand,
    enough tiles left in the wall and enough points, as the rules say."""
    rules = state.rules
    return (
        p.is_closed
        and state.wall.live_remaining >= rules.riichi_min_wall_tiles
        and (rules.riichi_min_points is None or state.scores[seat] >= rules.riichi_min_points)
    )
