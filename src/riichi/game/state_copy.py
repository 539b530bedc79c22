"""What is taken of a :class:`~riichi.game.state.GameState` rather than played on it: its copy
(:meth:`GameState.clone`, for searches and rollouts), its comparable summary
(:meth:`GameState.snapshot`) and every tile's place (:meth:`GameState.tile_locations`), read by
invariant checks after every action.

The copy here sets the fields the table's modules share; the state's own fields (named with a
leading underscore) are set by :meth:`GameState.clone` itself, the one place that touches them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from riichi.game.state import GameState

__all__ = ["copy_shared", "snapshot", "tile_locations"]


def copy_shared(state: GameState, other: GameState) -> None:
    """Set every shared field of ``other``, a new state, to an independent copy of ``state``'s
    (events, melds and the wall's tiles are immutable and shared)."""
    other.rules = state.rules
    other.shown_rules = state.shown_rules
    other.seats = state.seats
    other.seats_after = state.seats_after
    other.position = state.position
    other.scores = state.scores[:]  # slices: C copies in the compiled build
    other.hand_number = state.hand_number
    other.stick_owners = state.stick_owners[:]
    other.events = state.events[:]
    other.outcomes = state.outcomes[:]
    other.final_scores = state.final_scores
    other.results = state.results
    other.ranks = state.ranks
    other.wall = state.wall.copy()
    other.players = tuple([p.copy() for p in state.players])
    other.winds = state.winds
    other.dealer = state.dealer
    other.east = state.east
    other.phase = state.phase
    other.turn = state.turn
    other.drawn_tile = state.drawn_tile
    other.rinshan = state.rinshan
    other.last_discard = state.last_discard
    other.discarder = state.discarder
    other.riichi_pending = state.riichi_pending
    other.claims = state.claims.copy()
    other.responses = state.responses.copy()
    other.seen = state.seen.copy()
    other.dora_indicators = state.dora_indicators
    other.dora = state.dora
    other.completed = state.completed
    other.kan_seats = state.kan_seats[:]
    other.kan_tile = state.kan_tile
    other.kan_concealed = state.kan_concealed
    other.pending_dora = state.pending_dora
    other.interrupted = state.interrupted
    other.pao = state.pao.copy()
    other.wins = state.wins.copy()
    other.listed_actions = state.listed_actions
    other.has_chi = state.has_chi
    other.kuikae_forbidden = state.kuikae_forbidden
    other.red_fives = state.red_fives


def snapshot(state: GameState) -> tuple[object, ...]:
    """A comparable summary of the whole state (two states with equal snapshots are the same
    game at the same moment)."""
    players = tuple([
        (
            tuple(p.tiles[:p.size]), tuple(p.melds), tuple(p.discards), p.kita,
            p.riichi, p.double_riichi, p.ippatsu,
            p.temp_furiten, p.riichi_furiten, p.kuikae_mask,
            p.nagashi, p.waits_mask, p.riichi_safe_mask,
        )
        for p in state.players
    ])
    return (
        state.phase,
        state.position,
        tuple(state.scores),
        tuple(state.stick_owners),
        state.hand_number,
        len(state.events),
        players,
        state.wall.next_live, state.wall.replacements, state.wall.dora_count,
        state.turn, state.drawn_tile, state.rinshan, state.last_discard, state.discarder,
        state.riichi_pending,
        tuple(sorted(state.claims)),
        tuple(sorted(state.responses.items())),  # one answer a seat: the seats alone order
        state.completed,
        tuple(state.kan_seats),
        state.kan_tile, state.kan_concealed, state.pending_dora, state.interrupted,
        bytes(state.seen),
        tuple(sorted(state.pao.items())),
        tuple(state.outcomes),
    )


def tile_locations(state: GameState) -> list[int]:
    """Every tile of the wall once: hands, melds, Norths set aside, discards not claimed, live
    and dead wall (for invariant checks: a permutation of the tiles the rules play)."""
    tiles: list[int] = []
    for p in state.players:
        tiles.extend(p.hand)
        tiles.extend(p.kita)
        for meld in p.melds:
            tiles.extend(meld.tiles)
        for d in p.discards:
            if not d.claimed:
                tiles.append(d.tile)
    tiles.extend(state.wall.live_tiles())
    tiles.extend(state.wall.dead_tiles())
    return tiles
