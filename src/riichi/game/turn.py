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
from riichi.game.player import Player, closed
from riichi.game.prebuilt import DISCARDS, PON, RIICHIS, TSUMO

if TYPE_CHECKING:
    from riichi.game.state import GameState

__all__ = ["turn_actions", "may_riichi"]


def turn_actions(state: GameState) -> list[Action]:
    """The actions of the seat whose turn it is, in the order an agent is given them."""
    seat = state.turn
    p = state.players[seat]
    drawn = state.drawn
    win = abort = False
    if drawn is not None:
        tile = drawn  # a C integer in the compiled build: the masks below are read in C
        tile_type = tile >> 2
        if p.waits_mask >> tile_type & 1 and _hand_end.tsumo_result(state, seat) is not None:
            win = True
        # only on a seat's first draw, before any call
        if not p.discards and not state.interrupted and nine_terminals(state.rules, p.counts):
            abort = True
    discards = DISCARDS[seat]
    hand = p.hand  # ascending
    # The list is made at its length, a discard of each tile at most after the win and the
    # abort, and filled in place: appended one by one, it would grow three or four times.
    first = win + abort
    out: list[Action] = [discards[0]] * (first + (1 if p.riichi else len(hand)))
    if win:
        out[0] = TSUMO[seat]
    if abort:
        out[first - 1] = NineTerminals(seat)
    if p.riichi:
        assert drawn is not None  # a riichi hand never calls, so every turn starts with a draw
        out[first] = discards[drawn]
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
    i = first
    for t in hand:
        if not ban >> (t >> 2) & 1:
            out[i] = discards[t]
            i += 1
    if i < len(out):  # the tiles the kuikae ban keeps, after a chi or pon
        del out[i:]
    if drawn is None:
        return out  # after chi or pon: discard only
    counts = p.counts
    melds = p.melds
    # an open hand cannot declare riichi: its shanten, the costly part, is not worked out
    if closed(melds) and _core.shanten(counts) <= 0 and may_riichi(state, seat, p):
        ready = p.tenpai_discards(state.rules.karaten_counts)
        riichis = RIICHIS[seat]
        for t in hand:
            if ready >> (t >> 2) & 1:
                out.append(riichis[t])
    # The kans the hand holds first, whether the wall still allows one after (rarely needed):
    # the types as bit masks, as most turns of a hand with melds have none to list.
    if 4 in counts or melds:
        one = 1  # shifted as a 64-bit mask in the compiled build (a literal 1 is a C int)
        ankan = kakan = 0
        if 4 in counts:
            for k in range(34):
                if counts[k] == 4:
                    ankan |= one << k
        for m in melds:
            if m is None:  # a seat's list of melds is a list Python code can change
                raise RiichiError(f"seat {seat}'s melds hold None: expected Melds only")
            if m.kind is PON:
                k = m.tiles[0] >> 2  # a pon's type
                if counts[k]:
                    kakan |= one << k
        if (ankan or kakan) and state.kan_possible():
            out += [Ankan(seat, k) for k in range(34) if ankan >> k & 1]
            # in the order of the melds, as an agent is given them
            out += [Kakan(seat, m.tiles[0] >> 2) for m in melds
                    if m.kind is PON and kakan >> (m.tiles[0] >> 2) & 1]
    if state.seats == 3 and counts[30]:  # a North held, at a table of three
        out += kita_actions(state, seat, p, drawn)
    return out


def may_riichi(state: GameState, seat: int, p: Player) -> bool:
    """``seat`` (whose seat state is ``p``) may declare riichi with a tenpai hand: a closed hand,
    enough tiles left in the wall and enough points, as the rules say."""
    rules = state.rules
    return (
        closed(p.melds)
        and state.wall.live_remaining >= rules.riichi_min_wall_tiles
        and (rules.riichi_min_points is None or state.scores[seat] >= rules.riichi_min_points)
    )
