"""The claims on a discard, on a kan or on a North set aside: who may claim what, the answers by
priority, and what follows (the call, the riichi accepted, an abortive draw, the next draw).

Claims open on every discard (:func:`open_claims`: ron, pon, open kan, chi where the rules have
it, each seat's options in turn order from the discarder), on a kan that may be robbed
(:func:`offer_kan`) and on a kita that may be won on (:mod:`riichi.game.kita`); once every
seat with an option has answered, :func:`resolve` takes ron first, then pon or kan, then chi.
A tile that completes a hand and is not won on makes its seat furiten
(:func:`furiten_for_passed_wins`). Functions of the state (:class:`~riichi.game.state.GameState`);
the compiled build types them in ``claims.pxd``.

>>> from riichi.game import Game, Phase
>>> state = Game("ema", seed=7).new_state()
>>> state.apply(state.legal(0)[0])  # the dealer's discard: claims open, or the next seat draws
>>> state.phase in (Phase.TURN, Phase.CLAIM)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

try:  # the compiled build reads the seats' players without a type test at every discard
    import cython
except ModuleNotFoundError:
    from riichi._no_cython import cython

from riichi.errors import RiichiError
from riichi.game import events as ev, hand_end as _hand_end
from riichi.game.actions import Action, Chi, Daiminkan, Pon, Ron
from riichi.game.draws import abort_after_discard, four_kans
from riichi.game.flow import trusted_position
from riichi.game.call_options import kuikae_ban, run_held, seat_chi_options, seat_pon_options
from riichi.game.phase import CHANKAN, CLAIM, KITA, TURN, Phase
from riichi.game.player import Player, mask_of
from riichi.game.prebuilt import CHI, CLAIMED, DAIMINKAN, OWN_CLAIM, PASS, PON, RON
from riichi.meld import Meld, MeldKind, trusted_meld
from riichi.rules import KanDoraTiming
from riichi.tiles import DRAGONS, WINDS

if TYPE_CHECKING:
    from riichi.game.state import GameState

__all__ = [
    "open_claims", "resolve", "resolve_chankan", "furiten_for_passed_wins", "after_claims",
    "offer_kan", "offer_to_rob", "complete_kan",
]

# read at every call: a member looked up through its enum class is a Python call each time
_KAN = MeldKind.KAN
# read at every discard: a bit test in C, where `in WINDS` compared Python ints
_WIND_MASK = mask_of(WINDS)


def open_claims(state: GameState, discarder: int, tile: int) -> None:
    tile_type = tile >> 2
    last = state.wall.live_remaining == 0
    # no call on the last discard, nor on one that ends the hand unless it is won on (four kans)
    ending = len(state.kan_seats) == 4 and four_kans(state.rules, state.kan_seats)
    players = state.players
    # Most discards are claimed by nobody: the dict, the lists and the tuple of a claim are
    # made only for a seat that has one.
    claims: dict[int, tuple[Action, ...]] | None = None
    completed: tuple[int, ...] = ()
    if state.wins:
        state.wins = {}
    seats = state.seats
    if not 0 <= discarder < seats:  # the seats after it are read unchecked below
        raise RiichiError(f"open_claims: discarder {discarder}: expected a seat 0-{seats - 1}")
    s = discarder
    for k in range(1, seats):  # state.seats_after[discarder], counted without a division
        s += 1
        if s == seats:
            s = 0
        # a state's players are Players, one a seat (no type test, no index check)
        with cython.boundscheck(False), cython.wraparound(False):
            q = cython.cast(Player, players[s])
        ron = False
        if q.waits_mask >> tile_type & 1:
            completed += (s,)
            ron = not q.furiten and _hand_end.ron_result(state, s, tile) is not None
        have = 0
        chi = False
        if not (last or ending) and not q.riichi:
            have = q.counts[tile_type]
            # the first seat after the discarder, the next to draw, alone may chi (and three
            # players have no chi)
            if k == 1 and state.has_chi:
                chi = run_held(q.counts, tile_type)  # most hands have no run to make
        # Most seats can claim nothing: told from C fields, before any list is made
        if ron or have >= 2 or chi:
            options = _seat_options(state, s, q, tile_type, ron, have, chi)
            if options is not None:
                if claims is None:
                    claims = {}
                claims[s] = options
    state.completed = completed
    if claims:
        state.claims = claims
        state.phase = CLAIM
        if state.responses:  # empty, unless riichi.analyze asks the claims again
            state.responses = {}
    else:
        after_claims(state, None)  # which empties the claims of the last discard, if any


def _seat_options(state: GameState, s: int, q: Player, tile_type: int, ron: bool, have: int,
                  chi: bool) -> tuple[Action, ...] | None:
    """Seat ``s``'s options on the discard of ``tile_type``, a pass last (None if it has none):
    a ron if ``ron``, the pons (and the open kan) if it holds ``have`` copies, two or more, and
    the chis if ``chi``."""
    opts: list[Action] = [RON[s]] if ron else []
    if have >= 2:
        seat_pon_options(opts, s, q, tile_type, state.kuikae_forbidden, state.red_fives)
        if have == 3 and state.kan_possible():
            opts.append(DAIMINKAN[s])
    if chi:
        seat_chi_options(opts, s, q, tile_type, state.kuikae_forbidden, state.red_fives)
    if not opts:  # its pons or chis would leave it only tiles kuikae bans
        return None
    opts.append(PASS[s])
    return tuple(opts)


def resolve(state: GameState) -> None:
    won = False
    call: Action | None = None
    # The answers in the order given, no seat looked up: a call's priority does not depend on it
    # (one seat alone can pon a tile, one alone chi it), and the rons, rare, are listed in turn
    # order from the discarder.
    for answer in state.responses.values():
        kind = type(answer)  # an action the table listed: its type is the listed class
        if kind is Ron:
            won = True
        elif kind is Pon or kind is Daiminkan:
            call = answer
        elif kind is Chi and call is None:
            call = answer
    if won:
        _hand_end.ron(state, _ron_claimants(state))
    else:
        after_claims(state, call)


def resolve_chankan(state: GameState) -> None:
    """The answers on a kan (or a kita) are in: the rons win, else the kan is completed (or the
    kita's seat draws its replacement tile)."""
    rons = _ron_claimants(state)
    if rons:
        _hand_end.ron(state, rons)
        return
    state.claims = {}
    state.responses = {}
    _not_robbed(state)


def _ron_claimants(state: GameState) -> list[int]:
    """Seats that claimed ron, in turn order."""
    responses = state.responses
    return [s for s in state.claims if type(responses[s]) is Ron]  # the listed Ron itself


def furiten_for_passed_wins(state: GameState) -> None:
    """Nobody won on the tile on offer: every seat whose hand it completes becomes furiten
    (temporarily, or for the rest of the hand in riichi), whether or not it was offered ron
    (a tile that gives no yaku, a seat already furiten: a pass is a pass)."""
    players = state.players
    for s in state.completed:
        q = players[s]
        if q.riichi:
            q.riichi_furiten = True
        else:
            q.temp_furiten = True
    state.completed = ()


def after_claims(state: GameState, call: Action | None) -> None:
    """The discard was not won on: accept a riichi, check the abortive draws, then make the
    call or go on to the next draw."""
    seat = state.discarder
    if state.completed:
        furiten_for_passed_wins(state)
    accepted = state.riichi_pending >= 0
    if accepted:
        _accept_riichi(state, state.riichi_pending)
    p = cython.cast(Player, state.players[seat])  # a state's players are Players
    # only a seat's first discard, with no call made, can make four winds, and only if it is a
    # wind (most first discards are not: they ask the rules nothing either)
    first = (call is None and not state.interrupted and len(p.discards) == 1
             and _WIND_MASK >> (state.last_discard >> 2) & 1)
    # Only a riichi just accepted, a fourth kan or a first discard of a wind can abort the hand:
    # most discards read no other seat, build no lists and ask the rules nothing.
    if (accepted or first or len(state.kan_seats) == 4) and state.rules.abortive_draws:
        rules = state.rules
        players = state.players
        firsts = [p.discards[0].tile >> 2 if len(p.discards) == 1 else -1 for p in players] \
            if first else None
        reason = abort_after_discard(
            rules, [p.riichi for p in players], state.kan_seats, accepted, firsts
        )
        if reason is not None:
            _hand_end.abort(state, reason)
            return
    if state.claims:
        state.claims = {}
    if state.responses:
        state.responses = {}
    if type(call) is Daiminkan:
        _daiminkan(state, call)
    elif call is not None:
        _chi_or_pon(state, call)  # type: ignore[arg-type]
    elif state.wall.live_remaining == 0:
        _hand_end.exhaustive_draw(state)
    else:
        seat += 1  # the next seat draws, counted without a division
        state.draw(0 if seat == state.seats else seat, replacement=False)


def _accept_riichi(state: GameState, seat: int) -> None:
    p = state.players[seat]
    p.riichi = True
    p.ippatsu = True
    state.riichi_pending = -1
    state.scores[seat] -= 1_000
    state.stick_owners.append(seat)
    pos = state.position
    state.position = trusted_position(pos.round_wind, pos.kyoku, pos.honba, pos.sticks + 1)
    if state.heard:
        deltas = tuple(-1_000 if s == seat else 0 for s in range(state.seats))
        state.announce(ev.ReachAccepted(seat, deltas, tuple(state.scores)))


def _take_discard(state: GameState, seat: int, used: tuple[int, ...], kind: MeldKind) -> Meld:
    """Move the last discard and ``used`` from ``seat``'s hand into a new meld."""
    players = state.players
    p = players[seat]
    src = state.discarder
    tile = state.last_discard
    giver = players[src]
    last = giver.discards[-1]
    giver.discards[-1] = CLAIMED[(2 * last.riichi + last.tsumogiri) * 136 + tile]
    giver.nagashi = False
    for t in used:
        p.remove(t)
        state.seen[t >> 2] += 1
    meld = trusted_meld(kind, _called_set(used, tile), tile, src)
    p.melds.append(meld)
    state.interrupt()
    state.end_temp_furiten(OWN_CLAIM, seat)
    # only a dragon's or a wind's set, or a kan (the fourth), completes a yakuman with pao: most
    # calls ask the rules nothing
    if tile >> 2 >= 27 or kind is _KAN:
        _check_pao(state, seat, p, tile >> 2, src)
    return meld


def _called_set(used: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """The tiles of a called meld, ascending: the two of a chi or pon (in either order: without
    red fives a call may be made with any copies, as given) and the claimed ``tile`` put in order
    by comparisons (a list made and sorted was most of the cost of a call); an open kan's four
    sorted."""
    if len(used) != 2:
        return tuple(sorted([*used, tile]))
    a, b = used
    if a > b:
        a, b = b, a
    if tile < a:
        return (tile, a, b)
    return (a, tile, b) if tile < b else (a, b, tile)


def _chi_or_pon(state: GameState, action: Chi | Pon) -> None:
    seat = action.seat
    tile = state.last_discard
    tile_type = tile >> 2
    if type(action) is Chi:
        _take_discard(state, seat, action.tiles, CHI)
        if state.heard:
            state.announce(ev.ChiCalled(seat, state.discarder, tile, action.tiles))
        a, b = action.tiles
        ban = kuikae_ban(tile_type, min(tile_type, a >> 2, b >> 2))
    else:
        _take_discard(state, seat, action.tiles, PON)
        if state.heard:
            state.announce(ev.PonCalled(seat, state.discarder, tile, action.tiles))
        ban = kuikae_ban(tile_type, None)
    p = state.players[seat]
    p.kuikae_mask = ban if state.kuikae_forbidden else 0
    state.phase = TURN
    state.turn = seat
    state.drawn_tile = -1
    state.rinshan = False


def _daiminkan(state: GameState, action: Daiminkan) -> None:
    seat = action.seat
    tile = state.last_discard
    # a tuple, as a chi's or a pon's tiles are: _take_discard reads it by index in C
    used = tuple(state.players[seat].tiles_of_type(tile >> 2))
    _take_discard(state, seat, used, _KAN)
    state.players[seat].update_waits()
    state.announce(ev.DaiminkanCalled(seat, state.discarder, tile, used))
    complete_kan(state, seat, concealed=False)


def _check_pao(state: GameState, seat: int, p: Player, tile_type: int, src: int) -> None:
    if len(p.melds) < 3:  # every yakuman with pao takes three or four called sets
        return
    pao = state.rules.pao
    sets = [m.tile_type for m in p.melds if m.is_triplet_like]
    if "daisangen" in pao and tile_type in DRAGONS and sum(t in DRAGONS for t in sets) == 3:
        state.pao[seat] = src
    elif "daisuushii" in pao and tile_type in WINDS and sum(t in WINDS for t in sets) == 4:
        state.pao[seat] = src
    elif "suukantsu" in pao and sum(m.is_kan for m in p.melds) == 4:
        state.pao[seat] = src


def offer_kan(
    state: GameState,
    seat: int,
    tile: int,
    robbers: dict[int, tuple[Action, ...]],
    completed: list[int],
    concealed: bool,
) -> None:
    state.kan_concealed = concealed
    offer_to_rob(state, seat, tile, robbers, tuple(completed), CHANKAN)


def offer_to_rob(
    state: GameState,
    seat: int,
    tile: int,
    robbers: dict[int, tuple[Action, ...]],
    completed: tuple[int, ...],
    phase: Phase,
) -> None:
    """``seat`` declared a kan (``phase`` CHANKAN) or a kita (KITA) of ``tile``, which completes
    the seats ``completed``: the ``robbers`` among them answer, or it stands at once."""
    state.kan_tile = tile
    state.discarder = seat
    state.completed = completed
    state.phase = phase
    if robbers:
        state.claims = robbers
        state.responses = {}
    else:
        _not_robbed(state)


def _not_robbed(state: GameState) -> None:
    """Nobody won on the kan's (or the kita's) tile: the kan is completed, or the kita stands as a
    call (ending every ippatsu and the first go-around) and its seat draws its replacement tile."""
    furiten_for_passed_wins(state)
    if state.phase is KITA:
        state.interrupt()
        state.draw(state.discarder, replacement=True)
    else:
        complete_kan(state, state.discarder, state.kan_concealed)


def complete_kan(state: GameState, seat: int, concealed: bool) -> None:
    if not concealed:
        state.interrupt()
    # an earlier kan's indicator waits until this kan stands: a robbed kan turns none (as
    # Tenhou's records show)
    state.reveal_pending_dora()
    state.kan_seats.append(seat)
    if state.rules.kan_dora:
        if concealed or state.rules.kan_dora_timing is KanDoraTiming.IMMEDIATE:
            state.reveal_dora()
        else:
            state.pending_dora += 1
    state.draw(seat, replacement=True)
