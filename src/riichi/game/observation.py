"""What one seat may see of the table when it decides.

An :class:`Observation` is a read-only view of a :class:`~riichi.game.state.GameState` for one
seat: its own concealed tiles (as 136-ids and as 34 counts), every discard and meld, the tiles face
up on the table, genbutsu against each seat, the dora, scores, riichi states, the wall count, the
round and the rules. It never shows another seat's concealed tiles or the wall's order, and in the
compiled build nothing reachable from it leads to the table (docs/architecture.md, "What an agent
can reach"): the state it reads is a C field (``observation.pxd``) that no Python attribute, no
reduction and no walk of the collector's referents reaches; it cannot be pickled or copied
(:class:`~riichi.errors.SealedError`); and everything it returns is a copy or immutable.

It is lent for the decision it was made for: once the agent has answered, the table takes it back,
and reading it then raises :class:`~riichi.errors.ExpiredObservationError` (an agent that wants to
remember something keeps what it read, not the observation).

Every view is cheap: the game keeps the counts up to date as tiles move, and a view that copies
anything (:attr:`counts`, :attr:`visible`) does so on first reading and keeps the copy, so a player
pays only for what it reads.

>>> from riichi.game import Game
>>> state = Game("ema", seed=3).new_state()
>>> obs = Observation(state, 0)
>>> len(obs.hand), obs.drawn is not None, obs.wall_remaining
(14, True, 69)
>>> sum(obs.counts), sum(obs.visible)  # 14 tiles in hand; face up: the dora indicator
(14, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

try:  # the compiled build reads the class's directive below; the interpreted one has no use for it
    import cython
except ModuleNotFoundError:
    from riichi._no_cython import cython

from riichi import _core
from riichi.errors import ExpiredObservationError, SealedError
from riichi.game.flow import Position
from riichi.game.player import DiscardedTile, Player
from riichi.game.state import GameState, Phase
from riichi.meld import Meld
from riichi.rules import RuleSet
from riichi.tiles import RED_FIVE_IDS

__all__ = ["Observation"]

# Read on most decisions: looked up once here rather than on every read.
_TURN, _CLAIM, _CHANKAN, _KITA = Phase.TURN, Phase.CLAIM, Phase.CHANKAN, Phase.KITA
# More melds than a hand can hold: riichi_or_melds then flags the seats in riichi alone.
_NO_MELDS_COUNT = 5


def _expired() -> NoReturn:
    """The refusal of a read once the decision is over: apart, so that a read's own path (a
    field's test) keeps no room for the error's."""
    raise ExpiredObservationError(
        "this observation's decision is over (or it was made without a table): read an "
        "observation while its agent decides, and keep what you read rather than the "
        "observation"
    )


# no_gc: the collector's walks (gc.get_referents, gc.get_referrers) must not see the state either;
# no cycle runs through an observation they miss, as the table takes the state back when the
# decision is over (take_back). A class directive, which Cython reads only here, not in the .pxd.
@cython.no_gc
@cython.cclass
class Observation:
    """The table as seat :attr:`seat` sees it now.

    Read when it is made (each is an immutable object or a number the table hands out as is):
    :attr:`seat`, :attr:`rules`, :attr:`position`, :attr:`dora_indicators`, :attr:`dora`,
    :attr:`in_riichi` and :attr:`seat_wind`. In the compiled build they are C fields, which the
    built-in players read without a lookup; everything else is read from the table when asked.
    """

    __slots__ = (
        "_state", "seat", "rules", "position", "dora_indicators", "dora", "in_riichi", "seat_wind",
        "_counts", "_visible",
    )

    if TYPE_CHECKING:  # the compiled build declares the fields in observation.pxd
        seat: int
        """The seat this observation is for."""
        rules: RuleSet
        """The rules of the game (this game's own copy: the table's are out of reach)."""
        position: Position
        """Round wind, hand of the round, counters and riichi sticks on the table."""
        dora_indicators: tuple[int, ...]
        """Dora indicators turned so far."""
        dora: tuple[int, ...]
        """The dora tile types, one per indicator turned (a type twice if it is dora twice)."""
        in_riichi: bool
        """This seat is in riichi (it discards what it draws)."""
        seat_wind: int
        """This seat's wind: 0 East (dealer) ... 3 North."""

    def __init__(self, state: GameState, seat: int) -> None:
        self.lend(state, seat)

    def __reduce_ex__(self, protocol: object) -> str:
        raise SealedError("an Observation cannot be pickled or copied: it reads the table, which "
                          "its seat may not see; keep the values you read from it instead")

    def __reduce__(self) -> str:
        return self.__reduce_ex__(0)

    # ---- what the properties show, lent rather than copied -------------------------------------
    # The entries of compiled readers (the encodings of riichi.env): each returns what the table
    # keeps, not a copy, so that a reader makes no object; it must not change what it is lent. In
    # the compiled build they are C methods (observation.pxd), out of Python's reach; the
    # properties below are made from them, so each fact of the table is read in one place.

    def drawn_tile(self) -> int:
        """:attr:`drawn`, or -1."""
        s = self._table()
        return s.drawn_tile if s.turn == self.seat and s.phase is _TURN else -1

    def offered_tile(self) -> int:
        """:attr:`claimable`, or -1."""
        s = self._table()
        phase = s.phase
        if phase is _CLAIM:
            return s.last_discard
        if phase is _CHANKAN or phase is _KITA:
            return s.kan_tile
        return -1

    if not cython.compiled:
        # The compiled build's are inline, their bodies in observation.pxd (a module that
        # cimports Observation runs them as its own C code): these are the same lending and
        # reads, interpreted.

        def lend(self, state: GameState, seat: int) -> None:
            """Lend this observation for ``seat``'s decision now (the table may lend one
            observation again for a later decision: :class:`riichi.game.driver.Driver` does)."""
            self._state: GameState | None = state
            self._counts: bytes | None = None
            self._visible: bytes | None = None
            self.seat = seat
            self.rules = state.shown_rules
            self.position = state.position
            self.dora_indicators = state.dora_indicators
            self.dora = state.dora
            self.in_riichi = state.players[seat].riichi
            self.seat_wind = state.winds[seat]

        def take_back(self) -> None:
            """Give the state back: the decision is over (the table calls this)."""
            self._state = None

        def _table(self) -> GameState:
            """The state this observation reads, while it is lent."""
            state: GameState | None = getattr(self, "_state", None)  # unset: no table lent it
            if state is None:
                _expired()
            return state

        def own(self) -> Player:
            """This seat's side of the table: its concealed tiles, melds, discards, waits,
            furiten."""
            return self._table().players[self.seat]

        def pond(self, seat: int) -> list[DiscardedTile]:
            """The discards of ``seat`` (absolute), with their marks, in order."""
            return self._table().players[seat].discards

        def meld_list(self, seat: int) -> list[Meld]:
            """The melds of ``seat`` (absolute), in the order made."""
            return self._table().players[seat].melds

        def seat_riichi(self, seat: int) -> bool:
            """Whether ``seat`` (absolute) is in riichi."""
            return self._table().players[seat].riichi

        def seat_kita(self, seat: int) -> tuple[int, ...]:
            """The Norths ``seat`` (absolute) has set aside: see :attr:`kita`."""
            return self._table().players[seat].kita

        def seat_genbutsu(self, seat: int) -> int:
            """The genbutsu mask of ``seat`` (absolute): see :attr:`genbutsu`."""
            return self._table().players[seat].genbutsu_mask

        def seen_counts(self) -> bytearray:
            """34 counts of the tiles face up: see :attr:`visible`."""
            return self._table().seen

        def score_list(self) -> list[int]:
            """The points of every seat."""
            return self._table().scores

        def seat_count(self) -> int:
            """The seats at the table."""
            return self._table().seats

        def wall_left(self) -> int:
            """:attr:`wall_remaining`."""
            return self._table().wall.live_remaining

    # ---- the seat's view ----------------------------------------------------------------------

    @property
    def counts(self) -> bytes:
        """Own concealed tiles as 34 counts (the drawn tile included), ready for the core.

        >>> from riichi.game import Game
        >>> from riichi import shanten
        >>> shanten(Observation(Game("ema", seed=3).new_state(), 0).counts)
        2
        """
        p = self.own()  # first: an expired observation shows nothing, kept copies neither
        if self._counts is None:
            self._counts = _core.frozen_counts(p.counts)
        return self._counts

    @property
    def red_fives(self) -> tuple[int, ...]:
        """The red fives (136-ids) among own concealed tiles: none under rules without red fives,
        where the same ids are plain fives."""
        player = self.own()
        counts = player.counts
        if not (counts[4] or counts[13] or counts[22]) or not self.rules.red_fives:  # no 5 held
            return ()
        held = set(player.hand)
        return tuple([t for t in RED_FIVE_IDS if t in held])

    @property
    def visible(self) -> bytes:
        """34 counts of the tiles face up on the table, none of them in this seat's hand: every
        discard still in a pond, every meld's tiles (this seat's too), the dora indicators. Pass
        it as ``visible`` to :func:`riichi.ukeire` or :func:`riichi.discard_analysis`."""
        seen = self.seen_counts()
        if self._visible is None:
            self._visible = _core.frozen_counts(seen)
        return self._visible

    @property
    def genbutsu(self) -> tuple[int, ...]:
        """For each seat, the bit mask of tile types no one can deal in to it with (bit ``t`` set
        for type ``t``): its own discards and, once it is in riichi, every tile discarded since."""
        return tuple([self.seat_genbutsu(s) for s in range(self.seat_count())])

    @property
    def discarder(self) -> int | None:
        """The seat whose discard (or added kan) :attr:`claimable` comes from, if any."""
        return self._table().discarder if self.offered_tile() >= 0 else None

    @property
    def hand(self) -> tuple[int, ...]:
        """Own concealed 136-ids, sorted (the drawn tile included)."""
        return tuple(sorted(self.own().hand))

    @property
    def drawn(self) -> int | None:
        """The tile this seat just drew, if it is this seat's turn after a draw."""
        drawn = self.drawn_tile()
        return drawn if drawn >= 0 else None

    @property
    def claimable(self) -> int | None:
        """The discard (or kan tile, or North set aside) other seats are now deciding on, if
        any."""
        tile = self.offered_tile()
        return tile if tile >= 0 else None

    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]:
        """Melds of every seat (absolute seat order)."""
        return tuple([tuple(self.meld_list(s)) for s in range(self.seat_count())])

    @property
    def meld_counts(self) -> tuple[int, ...]:
        """How many melds (open or concealed kans) each seat has."""
        return tuple([len(self.meld_list(s)) for s in range(self.seat_count())])

    @property
    def discards(self) -> tuple[tuple[DiscardedTile, ...], ...]:
        """Discard piles of every seat, with tsumogiri, riichi and claimed marks."""
        return tuple([tuple(self.pond(s)) for s in range(self.seat_count())])

    @property
    def riichi(self) -> tuple[bool, ...]:
        """Which seats are in riichi."""
        return tuple([self.seat_riichi(s) for s in range(self.seat_count())])

    @property
    def riichi_mask(self) -> int:
        """Which seats are in riichi, as a bit mask (bit ``s`` set for seat ``s``)."""
        return self.riichi_or_melds(_NO_MELDS_COUNT)

    def riichi_or_melds(self, min_melds: int) -> int:
        """Bit mask of the seats (bit ``s`` set for seat ``s``, this one included) in riichi or
        with ``min_melds`` or more melds (concealed kans count): in one cheap read, the seats
        a player may have to defend against.

        >>> from riichi.game import Game
        >>> Observation(Game("ema", seed=3).new_state(), 0).riichi_or_melds(1)
        0
        """
        mask = 0
        players = self._table().players
        for seat in range(len(players)):
            p = players[seat]
            if p.riichi or len(p.melds) >= min_melds:
                mask |= 1 << seat
        return mask

    @property
    def is_closed(self) -> bool:
        """This seat's hand has no open meld (a concealed kan keeps it closed)."""
        for meld in self.own().melds:
            if meld.is_open:
                return False
        return True

    @property
    def kita(self) -> tuple[tuple[int, ...], ...]:
        """The Norths (136-ids) each seat has set aside (three players: kita), by seat."""
        return tuple([p.kita for p in self._table().players])

    @property
    def own_melds(self) -> tuple[Meld, ...]:
        """This seat's melds (concealed kans too), in the order made: ``melds[seat]`` alone."""
        return tuple(self.own().melds)

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of every seat."""
        return tuple(self.score_list())

    @property
    def wall_remaining(self) -> int:
        """Tiles left in the live wall."""
        return self.wall_left()

    @property
    def round_wind(self) -> int:
        """0 East, 1 South, 2 West, 3 North."""
        return self.position.round_wind

    @property
    def kyoku(self) -> int:
        """Hand of the round, 0 to ``rules.winds - 1`` (the wind seat that is East)."""
        return self.position.kyoku

    @property
    def honba(self) -> int:
        """Counters on the table."""
        return self.position.honba

    @property
    def sticks(self) -> int:
        """Riichi sticks on the table."""
        return self.position.sticks

    @property
    def dealer(self) -> int:
        """The seat that deals and acts first: East, or South when no seat is East (two players);
        :attr:`seat_wind` says who is paid as dealer."""
        return self._table().dealer

    @property
    def waits(self) -> int:
        """Bit mask of the tile types that complete this seat's hand (when it has 3n+1 tiles)."""
        return self.own().waits_mask

    @property
    def furiten(self) -> bool:
        """This seat may not win by ron now."""
        return self.own().furiten
