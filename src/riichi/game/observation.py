"""What one seat may see of the table when it decides.

An :class:`Observation` is a read-only view of a :class:`~riichi.game.state.GameState` for one
seat: its own concealed tiles, every discard and meld, the dora indicators, scores, riichi states,
the wall count and the round. It never shows another seat's concealed tiles or the wall's order.
It is valid only during the decision it was made for (the game moves on afterwards).

>>> from riichi.game import Game
>>> state = Game("ema", seed=3).new_state()
>>> obs = Observation(state, 0)
>>> len(obs.hand), obs.drawn is not None, obs.wall_remaining
(14, True, 69)
"""

from __future__ import annotations

from riichi.game.player import DiscardedTile
from riichi.game.state import GameState, Phase
from riichi.meld import Meld

__all__ = ["Observation"]


class Observation:
    """The table as seat :attr:`seat` sees it now."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def hand(self) -> tuple[int, ...]:
        """Own concealed 136-ids, sorted (the drawn tile included)."""
        return tuple(sorted(self._state.players[self.seat].hand))

    @property
    def drawn(self) -> int | None:
        """The tile this seat just drew, if it is this seat's turn after a draw."""
        s = self._state
        return s.drawn if s.turn == self.seat and s.phase is Phase.TURN else None

    @property
    def claimable(self) -> int | None:
        """The discard (or kan tile) other seats are now deciding on, if any."""
        s = self._state
        if s.phase is Phase.CLAIM:
            return s.last_discard
        if s.phase is Phase.CHANKAN:
            return s.kan_tile
        return None

    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]:
        """Melds of every seat (absolute seat order)."""
        return tuple(tuple(p.melds) for p in self._state.players)

    @property
    def discards(self) -> tuple[tuple[DiscardedTile, ...], ...]:
        """Discard piles of every seat, with tsumogiri, riichi and claimed marks."""
        return tuple(tuple(p.discards) for p in self._state.players)

    @property
    def riichi(self) -> tuple[bool, ...]:
        """Which seats are in riichi."""
        return tuple(p.riichi for p in self._state.players)

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        """Dora indicators turned so far."""
        return tuple(self._state.wall.dora_indicators)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of every seat."""
        return tuple(self._state.scores)

    @property
    def wall_remaining(self) -> int:
        """Tiles left in the live wall."""
        return self._state.wall.live_remaining

    @property
    def round_wind(self) -> int:
        """0 East, 1 South, 2 West, 3 North."""
        return self._state.position.round_wind

    @property
    def kyoku(self) -> int:
        """Hand of the round, 0-3 (the dealer's seat)."""
        return self._state.position.kyoku

    @property
    def honba(self) -> int:
        """Counters on the table."""
        return self._state.position.honba

    @property
    def sticks(self) -> int:
        """Riichi sticks on the table."""
        return self._state.position.sticks

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._state.dealer

    @property
    def seat_wind(self) -> int:
        """This seat's wind: 0 East (dealer) ... 3 North."""
        return (self.seat - self._state.dealer) % 4

    @property
    def waits(self) -> int:
        """Bit mask of the tile types that complete this seat's hand (when it has 3n+1 tiles)."""
        return self._state.players[self.seat].waits_mask

    @property
    def furiten(self) -> bool:
        """This seat may not win by ron now."""
        return self._state.players[self.seat].furiten
