"""What a seat may do on its turn: the actions listed after its draw (or after its chi or pon).

A win by tsumo when the drawn tile completes a scoring hand, the abort by nine terminals on a
first uninterrupted draw, the discards its kuikae ban leaves, riichi with each discard that keeps
the hand tenpai, the kans it holds while the wall allows one and the Norths it may set aside
(three players: :mod:`riichi.game.kita`), in that order; a riichi hand only discards the drawn
tile, makes the concealed kan its riichi allows, or sets the tile aside if it is a North.

The turn is decided once (:func:`decide`, into a :class:`Turn`), and the decision is what both
readers take: :func:`listed` makes the tuple an agent is given (:meth:`GameState.legal
<riichi.game.state.GameState.legal>` lists it once per turn), and the environments mark their
action mask from it and the hand without making the tuple
(:func:`riichi.env.actions.fill_turn_row`). The compiled build types these functions in
``turn.pxd``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

try:  # the compiled build makes the turn's tuple itself; the interpreted one copies a list
    import cython
except ModuleNotFoundError:
    from riichi._no_cython import cython

from riichi import _core
from riichi.errors import RiichiError
from riichi.game import hand_end as _hand_end
from riichi.game.actions import Action, NineTerminals
from riichi.game.draws import nine_terminals
from riichi.game.call_options import riichi_kan_allowed
from riichi.game.kita import kita_actions
from riichi.game.player import Player, closed
from riichi.game.prebuilt import ANKANS, DISCARDS, KAKANS, PON, RIICHIS, TSUMO

if TYPE_CHECKING:
    from riichi.game.state import GameState

__all__ = ["Turn", "turn_actions", "decide", "listed", "may_riichi", "hand_disagrees"]


class Turn:
    """A seat's turn, decided once (:func:`decide`) before any action is listed: whether it may
    win by tsumo or abort, the types its discards and riichis may be of, its kans and kitas.

    The table lists it as a tuple (:func:`listed`); the environments mark their action mask
    from it and the hand, making no action but the one chosen (:mod:`riichi.env.actions`).
    """

    __slots__ = ("seat", "player", "drawn", "win", "abort", "ban", "ready", "extras", "discards",
                 "riichis")

    if TYPE_CHECKING:  # the compiled build declares the fields in turn.pxd
        seat: int
        player: Player  # the seat's own, whose hand (ascending) the listing reads
        drawn: int  # the tile just drawn, -1 after a chi or pon
        win: bool  # tsumo
        abort: Action | None  # the abort by nine terminals
        ban: int  # the types the kuikae ban keeps, as a bit mask (not in riichi)
        ready: int  # the types whose discard keeps the hand tenpai, when it may declare riichi
        extras: tuple[Action, ...]  # its kans, then its kitas, listed last in this order
        discards: int  # how many discards are listed: the hand's counts say, not the hand
        riichis: int  # how many riichis


def turn_actions(state: GameState) -> tuple[Action, ...]:
    """The actions of the seat whose turn it is, in the order an agent is given them."""
    turn = Turn.__new__(Turn)
    decide(state, turn)
    return listed(turn)


def decide(state: GameState, turn: Turn) -> None:
    """Decide into ``turn`` what the seat whose turn it is may do (its fields all set anew)."""
    seat = state.turn
    p = cython.cast(Player, state.players[seat])  # a state's players are Players: no type test
    tile = state.drawn_tile  # -1 after a chi or pon
    counts = p.counts
    win = False
    abort: Action | None = None
    if tile >= 0:
        if p.waits_mask >> (tile >> 2) & 1 and _hand_end.tsumo_result(state, seat) is not None:
            win = True
        # only on a seat's first draw, before any call
        if not p.discards and not state.interrupted and nine_terminals(state.rules, counts):
            abort = NineTerminals(seat)
    # Every action is counted from the counts of the hand's types, so that the listing makes
    # the turn's tuple at its length and fills it in place (a list filled, copied into the
    # table's tuple and freed cost a third of the listing).
    ban = 0
    ready = 0
    extras: tuple[Action, ...] = ()
    if p.riichi:
        assert tile >= 0  # a riichi hand never calls, so every turn starts with a draw
        discards = 1  # the drawn tile only
        extras = _riichi_extras(state, seat, p, tile)
    else:
        ban = p.kuikae_mask
        discards = p.size - _held(counts, ban)
        if tile >= 0:  # after chi or pon: discard only
            # an open hand cannot declare riichi: whether it is tenpai, the costly part, is not
            # worked out (most hands have no meld: the melds are walked only when there are some)
            if not p.melds or closed(p.melds):
                if _core.tenpai_or_complete(counts):
                    if may_riichi(state, seat, p):
                        ready = p.tenpai_discards(state.rules.karaten_counts)
                else:  # the discard will skip the search of its waits
                    p.noten_turn = True
            # most turns have no kan or kita to list: told here, with no call
            quads = 4 in counts
            if quads or p.melds or state.seats == 3:
                extras = _extras(state, seat, p, tile, quads)
    turn.seat = seat
    turn.player = p
    turn.drawn = tile
    turn.win = win
    turn.abort = abort
    turn.ban = ban
    turn.ready = ready
    turn.extras = extras
    turn.discards = discards
    turn.riichis = _held(counts, ready)


def listed(turn: Turn) -> tuple[Action, ...]:
    """The actions of ``turn``, in the order an agent is given them: tsumo, the abort, the
    discards, the riichis (each in the order of the hand), the kans, the kitas."""
    seat = turn.seat
    p = turn.player
    extras = turn.extras
    first = turn.win + (turn.abort is not None)
    stop = first + turn.discards + turn.riichis  # the place of the extras
    out = _places(stop + len(extras))
    if turn.win:
        _put(out, 0, TSUMO[seat])
    if turn.abort is not None:
        _put(out, first - 1, turn.abort)
    i = first
    if p.riichi:
        _put(out, i, DISCARDS[seat][turn.drawn])
        i += 1
    else:
        i = _put_held(out, stop, i, DISCARDS[seat], p, ~turn.ban)
    if turn.ready:
        i = _put_held(out, stop, i, RIICHIS[seat], p, turn.ready)
    if i != stop:  # fewer put than counted: a place would be left empty
        raise hand_disagrees(p.hand, p.counts)
    for action in extras:
        _put(out, i, action)
        i += 1
    return _listed(out)


def _riichi_extras(state: GameState, seat: int, p: Player, drawn: int) -> tuple[Action, ...]:
    """The concealed kan the drawn tile makes, where the riichi allows it, and the kita of a drawn
    North (three players)."""
    tile_type = drawn >> 2
    extras: tuple[Action, ...] = ()
    if (
        p.counts[tile_type] == 4
        and state.kan_possible()
        and riichi_kan_allowed(state.rules.riichi_kan_policy, p.counts, p.waits_mask, tile_type)
    ):
        extras = (ANKANS[seat][tile_type],)
    if state.seats == 3:  # only three players set Norths aside
        extras += tuple(kita_actions(state, seat, p, drawn))
    return extras


def _extras(state: GameState, seat: int, p: Player, drawn: int, quads: bool) -> tuple[Action, ...]:
    """The kans of a hand not in riichi after its draw, then its kitas (``quads``: it holds four
    tiles of a type)."""
    counts = p.counts
    melds = p.melds
    extras: tuple[Action, ...] = ()
    # The kans the hand holds first, whether the wall still allows one after (rarely needed):
    # the types as bit masks, as most turns of a hand with melds have none to list.
    if quads or melds:
        one = 1  # shifted as a 64-bit mask in the compiled build (a literal 1 is a C int)
        ankan = kakan = 0
        if quads:
            for k in range(34):
                if counts[k] == 4:
                    ankan |= one << k
        for m in melds:
            if m is None:  # a seat's list of melds is a list Python code can change
                raise RiichiError(f"seat {seat}'s melds hold None: expected Melds only")
            if m.kind is PON:
                k = m.first_type  # a pon's type, a C field (its tiles are Python ints)
                if counts[k]:
                    kakan |= one << k
        if (ankan or kakan) and state.kan_possible():
            ankans = ANKANS[seat]
            kans: list[Action] = [ankans[k] for k in range(34) if ankan >> k & 1]
            # in the order of the melds, as an agent is given them
            kakans = KAKANS[seat]
            kans += [kakans[m.first_type] for m in melds
                     if m.kind is PON and kakan >> m.first_type & 1]
            extras = tuple(kans)
    if state.seats == 3 and counts[30]:  # a North held, at a table of three
        extras += tuple(kita_actions(state, seat, p, drawn))
    return extras


def _held(counts: bytearray, types: int) -> int:
    """How many tiles of the types in the bit mask ``types`` the hand of ``counts`` holds."""
    n = 0
    k = 0
    while types:
        if types & 1:
            n += counts[k]
        types >>= 1
        k += 1
    return n


def _put_held(out: list[Action], stop: int, i: int, actions: tuple[Action, ...], p: Player,
              types: int) -> int:
    """Put from place ``i`` on, in the order of the concealed tiles of ``p``, ``actions[t]`` for
    each tile ``t`` of a type in the bit mask ``types``; the place after them, at most ``stop``."""
    # The prebuilt tuples hold an action for each tile id 0-135: their reads go unchecked in the
    # compiled build (Python's index check per tile was a sixth of this), so the id is checked
    # here (the seat's bytes may be written in place by Python code), and so is the place, the
    # places having been counted from the hand's counts (a hand changed apart from its counts
    # must raise, not write past the tuple).
    tiles = p.tiles
    with cython.boundscheck(False), cython.wraparound(False):
        for k in range(p.size):
            t = tiles[k]
            if t > 135:
                raise hand_disagrees(p.hand, None)
            if types >> (t >> 2) & 1:
                if i == stop:
                    raise hand_disagrees(p.hand, None)
                _put(out, i, actions[t])
                i += 1
    return i


def hand_disagrees(hand: list[int], counts: bytearray | None) -> RiichiError:
    """The error of a seat whose hand holds no tile ids (0-135) or disagrees with its counts."""
    return RiichiError(f"a seat's hand {hand} holds ids outside 0-135 or disagrees with its counts"
                       + ("" if counts is None else f" {list(counts)}")
                       + ": expected the table's own hand, changed only by the table")


# The turn's tuple, made empty in the compiled build (its places NULL, which no code sees: every
# place is put before it is returned, and nothing is made in between that could run Python code);
# the interpreted build fills a list and copies it.
def _places(n: int) -> list[Action]:
    """``n`` places for the actions of a turn."""
    if cython.compiled:
        return PyTuple_New(n)  # type: ignore[name-defined,no-any-return]
    return [TSUMO[0]] * n


def _put(out: list[Action], i: int, action: Action) -> None:
    """Put ``action`` at place ``i`` of :func:`_places`'s ``out``."""
    if cython.compiled:  # the tuple takes a reference of its own
        Py_INCREF(action)  # type: ignore[name-defined]
        PyTuple_SET_ITEM(out, i, action)  # type: ignore[name-defined]
    else:
        out[i] = action


def _listed(out: list[Action]) -> tuple[Action, ...]:
    """:func:`_places`'s ``out``, every place put, as the turn's tuple."""
    if cython.compiled:
        return out  # type: ignore[return-value]
    return tuple(out)


def may_riichi(state: GameState, seat: int, p: Player) -> bool:
    """``seat`` (whose seat state is ``p``) may declare riichi with a tenpai hand: a closed hand,
    enough tiles left in the wall and enough points, as the rules say."""
    rules = state.rules
    return (
        closed(p.melds)
        and state.wall.live_remaining >= rules.riichi_min_wall_tiles
        and (rules.riichi_min_points is None or state.scores[seat] >= rules.riichi_min_points)
    )
