"""The mutable state of a game at the table, driven one action at a time.

A :class:`GameState` always rests at a decision: one seat's turn (draw done, now discard, win, kan
or riichi) or the claims on a discard (or on a kan that may be robbed), where every seat with an
option answers before the claims are resolved by priority (ron, then pon/kan, then chi; ties by
turn order from the discarder). Everything between decisions (draws, replacement draws, dora,
payments, the next hand's deal) happens inside :meth:`GameState.apply`.

Where each rule lives: the turn (the draw, the discard, riichi, tsumo, temporary furiten) is
here; the actions of a turn are listed by :mod:`riichi.game.turn`, a kan declared on a turn is in
:mod:`riichi.game.kans`, the claims on a discard or a kan in :mod:`riichi.game.claims`, the hand's
end (wins, draws, aborts, settlement) in :mod:`riichi.game.hand_end`, whether an answer is legal in
:mod:`riichi.game.legality`, and the actions, events and pond entries made once in
:mod:`riichi.game.prebuilt` (``docs/architecture.md`` has the whole table).

How it is made fast: the build also compiles this plain Python with Cython (``setup.py``,
``ENGINE``), so each rule is written once and the interpreted source (``RIICHI_PURE_PYTHON=1``) is
the reference the compiled build is tested against, game for game; ``state.pxd`` gives the fields
C types and makes the steps of a decision C-level methods (``docs/development.md`` says more). The
compiled table's methods cannot be replaced: tests that break a rule on purpose break a copy of
this source, run interpreted (``tests/support/mutation.py``).

>>> from riichi.game import Game
>>> state = Game("ema", seed=7).new_state()
>>> state.acting_seats
[0]
>>> action = state.legal_actions(0)[0]
>>> state.apply(action)
>>> [e.type for e in state.events[:4]]
['start_game', 'start_kyoku', 'tsumo', 'dahai']
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

try:  # the compiled build reads the seats' players without a type test at every discard
    import cython
except ModuleNotFoundError:
    from riichi._no_cython import cython

from riichi.errors import RiichiError
from riichi.game import events as ev
from riichi.game import hand_end as _hand_end
from riichi.game import kans as _kans, kita as _kita, legality, turn as _turn
from riichi.game import claims as _claims, state_copy as _state_copy
from riichi.game.actions import (Action, Ankan, Discard, Kakan, Kita, Pass, Riichi, Ron, TileAction,
                                  Tsumo)
from riichi.game.flow import Position, dealer_of, seat_winds
from riichi.game.hand_end import HandOutcome
from riichi.game.phase import CLAIM, OVER, TURN, Phase
from riichi.game.player import Player, dealt_seats
from riichi.game.prebuilt import (
    DAHAIS, DRAWS, EVERYONE, OWN_DISCARD, OWN_DRAW, POND, SEAT, TEMP_FURITEN_ENDS,
    TERMINAL_HONOR_MASK,
)
from riichi.game.wall import SeededWalls, Wall
from riichi.rules import RuleSet
from riichi.scoring import HandResult, Win
from riichi.scoring.rule_values import dora_of_each
from riichi.tiles import WIND_LETTERS

__all__ = ["GameState", "Phase", "HandOutcome", "WallSource", "EventSink"]

WallSource = Callable[[int], Wall]
"""Gives the wall of the ``k``-th hand of a game (``k`` = 0, 1, ...)."""

_NO_SEEN = bytearray(34)  # what each hand's count of the tiles face up is copied from

EventSink = Callable[[ev.Event], None]
"""Called with every event of a game as it happens."""


def _ignore(event: ev.Event) -> None:
    """The sink of a game whose events nobody reads."""


def _unmade() -> RiichiError:
    """The error of a state made by ``GameState.__new__`` alone, none of whose fields is set."""
    return RiichiError(
        "this GameState was never set up (made by GameState.__new__ without __init__); "
        "make one with riichi.game.Game(...).new_state()"
    )


class GameState:
    """All mutable state of one game. Make one with :meth:`riichi.game.Game.new_state`.

    Read-only attributes of interest: :attr:`phase`, :attr:`acting_seats`, :attr:`players`,
    :attr:`scores`, :attr:`wall`, :attr:`position`, :attr:`events`, :attr:`outcomes`,
    :attr:`final_scores`, :attr:`results`, :attr:`ranks` (set when the game is over).
    """

    # Slots, not a __dict__: a slot is the cheaper read for compiled code (the table reads its
    # fields at every action). The block below names every field once, with its type and meaning
    # (state.pxd gives them C types; tests/game/test_declared_state.py checks that the three agree).
    __slots__ = (
        "rules", "shown_rules", "seats", "seats_after", "_walls", "position", "scores",
        "hand_number", "stick_owners", "events", "_record_events", "_on_event", "announce", "heard",
        "outcomes", "final_scores", "results", "ranks", "wall", "players", "winds", "dealer",
        "east", "phase", "turn", "drawn_tile", "rinshan", "last_discard", "discarder",
        "riichi_pending", "claims", "responses", "seen", "dora_indicators", "dora", "completed",
        "kan_seats", "kan_tile", "kan_concealed", "pending_dora", "interrupted", "pao", "wins",
        "listed_actions", "_temp_furiten_ends", "has_chi", "_dora_of", "_kyoku_winds",
        "kuikae_forbidden", "red_fives",
    )

    if TYPE_CHECKING:
        # the game, set once by __init__
        rules: RuleSet  # the rules the table plays by (shared across games: never shown)
        shown_rules: RuleSet  # the copy of the rules the seats see
        seats: int  # how many seats play
        seats_after: tuple[tuple[int, ...], ...]  # for each seat, the others in turn order after it
        _walls: WallSource  # the wall of each hand, by its number in the game
        position: Position  # round wind, hand, repeat counters and riichi sticks on the table
        scores: list[int]  # each seat's points
        hand_number: int  # hands dealt before this one (0 for the first)
        stick_owners: list[int]  # who put each riichi stick on the table that no win took yet
        events: list[ev.Event]  # the game's log (empty if not recorded)
        _record_events: bool  # the events are kept in ``events``
        _on_event: EventSink | None  # told of every event as it happens
        announce: EventSink  # records an event (see _bind_announce)
        heard: bool  # someone records or listens to the events
        outcomes: list[HandOutcome]  # how each hand ended
        final_scores: tuple[int, ...] | None  # the scores at the end, after the leftover sticks
        results: tuple[int, ...] | None  # the game's end: each seat's result by the rules' uma/oka
        ranks: tuple[int, ...] | None  # the game's end: each seat's place (0 first)
        # the hand in play, (re)set by start_hand
        wall: Wall  # the hand's live and dead wall
        players: tuple[Player, ...]  # each seat's hand, melds, pond and riichi state
        winds: tuple[int, ...]  # each seat's wind (0 East ... 3 North)
        dealer: int  # the seat that deals and acts first: East, or South if no seat is East
        east: int | None  # the East seat, who pays and is paid as dealer; None if no seat is East
        phase: Phase  # whose decision it is: a seat's turn, claims, or the game over
        turn: int  # the seat whose turn it is (or was, during claims)
        drawn_tile: int  # the tile just drawn by ``turn``, or -1 (after a chi or pon)
        rinshan: bool  # the last draw was a replacement tile
        last_discard: int  # the tile last discarded (-1 before the first discard)
        discarder: int  # seat of the last discard, or of the kan that may be robbed
        riichi_pending: int  # seat whose riichi discard awaits its claims, or -1
        claims: dict[int, tuple[Action, ...]]  # seat -> options, in turn order from the discarder
        responses: dict[int, Action]  # seat -> its answer to the claims, once given
        seen: bytearray  # 34 counts of the tiles face up: discards, meld tiles, dora indicators
        dora_indicators: tuple[int, ...]  # the indicators turned so far (a new tuple at each turn)
        dora: tuple[int, ...]  # the dora tile type each of them shows
        completed: tuple[int, ...]  # seats whose hand the tile on offer completes
        kan_seats: list[int]  # who declared each kan of the hand
        kan_tile: int  # the tile a kan or a kita offers to be won on (-1 if none)
        kan_concealed: bool  # that kan is concealed (robbed only for kokushi, by the rules)
        pending_dora: int  # kan dora indicators to turn after the next discard
        interrupted: bool  # a call or kan happened: no more first-go-around hands
        pao: dict[int, int]  # seat -> the seat liable for its yakuman
        wins: dict[int, HandResult]  # scored wins available at the current decision
        listed_actions: tuple[Action, ...] | None  # the turn's legal actions, once listed
        _temp_furiten_ends: int  # whose furiten each moment ends, by the rules (2 bits a moment)
        has_chi: bool  # the rules have chi (RuleSet.chi), read at every discard
        _dora_of: tuple[int, ...]  # the dora each indicator's tile type shows, by the rules
        _kyoku_winds: tuple[tuple[int, ...], ...]  # the seats' winds in each hand of a round
        kuikae_forbidden: bool  # RuleSet.kuikae_forbidden, read at every pon or chi offered
        red_fives: bool  # RuleSet.red_fives, read at every pon or chi offered

    def __init__(
        self, rules: RuleSet, walls: WallSource, position: Position, scores: Sequence[int], *,
        record_events: bool = True, on_event: EventSink | None = None,
        shown_rules: RuleSet | None = None,
    ) -> None:
        self.rules = rules
        # What the seats are shown (Observation.rules): a copy, so that no agent can reach the
        # rules the table plays by, which are shared across games (a preset).
        self.shown_rules = copy.copy(rules) if shown_rules is None else shown_rules
        self.seats = rules.players
        self._temp_furiten_ends = TEMP_FURITEN_ENDS[rules.temp_furiten_clear]
        self.has_chi = rules.chi
        # what the rules make of a hand's dora and winds, worked out once for the game, not at
        # every hand (each a Python call)
        self._dora_of = dora_of_each(rules)
        self._kyoku_winds = tuple([seat_winds(rules, kyoku) for kyoku in range(rules.winds)])
        self.kuikae_forbidden = rules.kuikae_forbidden
        self.red_fives = rules.red_fives
        seats = self.seats
        # for each seat, the others in turn order after it (who may claim its discard, in order)
        self.seats_after = tuple(
            tuple((seat + k) % seats for k in range(1, seats)) for seat in range(seats)
        )
        self._walls = walls
        self.position = position
        self.scores = list(scores)
        self.hand_number = 0
        self.stick_owners = []
        self.events = []
        self._record_events = record_events
        self._on_event = on_event
        self._bind_announce()
        self.announce(ev.StartGame(tuple(self.scores)))
        self.outcomes = []
        self.final_scores = None
        self.results = None
        self.ranks = None
        self.start_hand()

    # ------------------------------------------------------------------ public API
    @property
    def is_over(self) -> bool:
        """The game has ended."""
        return self.phase is OVER

    @property
    def drawn(self) -> int | None:
        """The tile just drawn by :attr:`turn` (None after a chi or pon): :attr:`drawn_tile`,
        a C int in the compiled build (read at every turn, never made an object)."""
        return None if self.drawn_tile < 0 else self.drawn_tile

    @property
    def acting_seats(self) -> list[int]:
        """Seats that must act now (in turn order); empty when the game is over."""
        if self.phase is TURN:
            return [self.turn]
        if self.phase is OVER:
            return []
        if self.phase is None:
            raise _unmade()
        return [s for s in self.claims if s not in self.responses]

    def legal(self, seat: int) -> tuple[Action, ...]:
        """Every action ``seat`` may take now (empty if it has nothing to decide), as the engine's
        own immutable tuple: what an agent is given."""
        if self.phase is TURN:
            if seat != self.turn:
                return ()
            if self.listed_actions is None:
                self.listed_actions = _turn.turn_actions(self)
            return self.listed_actions
        if self.phase is OVER:
            return ()
        if self.phase is None:
            raise _unmade()
        if seat in self.responses:
            return ()
        return self.claims.get(seat, ())

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, as a new list (empty if it has nothing to decide)."""
        return list(self.legal(seat))

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now: listed by :meth:`legal_actions`, or a chi or pon that
        makes a listed call with other plain copies of the same tiles."""
        return legality.listed(self, action) is not None

    def apply(self, action: Action, *, seat: int | None = None) -> None:
        """Take ``action`` after checking it is legal; :class:`IllegalActionError` (and nothing
        changed) if it is not.

        ``seat`` is the seat whose agent was asked, when there is one: an answer that is not an
        action of that seat (another seat's, ``None``, any other object) is refused, and the
        message names the seat whose agent returned it. The state takes its own listed copy of
        the action, never the object it was given.
        """
        if seat is not None:
            self.answer(action, seat)
            return
        listed = legality.listed(self, action)
        if listed is None:
            raise legality.refusal(self, action, None)
        self.apply_unchecked(listed)

    def answer(self, action: Action, seat: int) -> None:
        """:meth:`apply` of what the agent of ``seat`` returned."""
        actions = self.listed_actions  # listed at this turn (what the agent was given)
        if actions is None or seat != self.turn:
            actions = self.legal(seat)
        for offered in actions:
            # What an agent returns: the listed object itself, whose value is still the one
            # listed (no route rewrites a Frozen value of the compiled build); any other object
            # is compared by value below.
            if offered is action:
                self.apply_unchecked(offered)
                return
        listed = legality.listed(self, action)
        if listed is None or listed.seat != seat:
            raise legality.refusal(self, action, seat)
        self.apply_unchecked(listed)

    def apply_unchecked(self, action: Action) -> None:
        """Take ``action`` without checking it; for trusted callers that picked it from
        :meth:`legal_actions`. An illegal action here corrupts the state."""
        self.listed_actions = None
        kind = type(action)
        if self.phase is TURN:
            if kind is Discard or kind is Riichi:  # most turns' action: taken with no other test
                # (nor the test of its class's bases a TileAction argument asks)
                self._do_discard(cython.cast(TileAction, action))
            else:
                self._take_turn(action)
            return
        if self.phase is None:
            raise _unmade()
        if self.phase is CLAIM and len(self.claims) == 1 and kind is not Ron:
            # The lone claimant of a discard (most claims have one) passes or calls: what
            # resolve would take from its one answer, taken at once, where recording it made a
            # dict's table and freed it (a ron is resolved by its claimants' answers)
            _claims.after_claims(self, None if kind is Pass else action)
            return
        # a pass, the most common answer, has its seat read from its C field (a generic
        # attribute lookup otherwise)
        seat = cython.cast(Pass, action).seat if kind is Pass else action.seat
        self.responses[seat] = action
        if len(self.responses) == len(self.claims):
            if self.phase is CLAIM:
                _claims.resolve(self)
            else:
                _claims.resolve_chankan(self)

    def clone(self) -> GameState:
        """An independent copy (events, melds and the wall's tiles are immutable and shared)."""
        if self.phase is None:
            raise _unmade()
        other = GameState.__new__(GameState)
        _state_copy.copy_shared(self, other)
        # the state's own fields, which no other module touches
        other._walls = self._walls
        other._record_events = self._record_events
        other._on_event = self._on_event
        other._bind_announce()
        other._temp_furiten_ends = self._temp_furiten_ends
        other._dora_of = self._dora_of
        other._kyoku_winds = self._kyoku_winds
        return other

    def __copy__(self) -> GameState:
        """``copy.copy(state)``: :meth:`clone` (a shallow copy would step this state too)."""
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> GameState:
        """``copy.deepcopy(state)``: :meth:`clone` (which shares only what cannot change)."""
        return self.clone()

    def snapshot(self) -> tuple[object, ...]:
        """A comparable summary of the whole state (two states with equal snapshots are the same
        game at the same moment)."""
        return _state_copy.snapshot(self)

    def tile_locations(self) -> list[int]:
        """Every tile of the wall once: hands, melds, Norths set aside, discards not claimed, live
        and dead wall (for invariant checks: a permutation of the tiles the rules play)."""
        return _state_copy.tile_locations(self)

    def stop_recording(self) -> None:
        """Play on without keeping the events or passing them on: a state played out for its
        outcome alone (a rollout of :mod:`riichi.analyze`) pays nothing for its log."""
        self._record_events = False
        self._on_event = None
        self._bind_announce()

    def deal_later_hands_from(self, walls: Callable[[int], Wall]) -> None:
        """Deal every hand after this one from ``walls(hand_number)`` instead of the game's seeded
        walls (the hand in play keeps its wall)."""
        self._walls = walls

    def hands_changed(self) -> None:
        """Forget what the table worked out from the concealed hands (the wins it scored, the
        turn's listed actions): to be called after a seat is given other concealed tiles."""
        self.wins = {}
        self.listed_actions = None

    def _bind_announce(self) -> None:
        """Make :meth:`announce` store each event, pass it to the sink, both or neither, so that a
        game nobody reads the log of pays nothing for it."""
        sink = self._on_event
        self.heard = self._record_events or sink is not None
        if not self._record_events:
            self.announce = sink if sink is not None else _ignore
        elif sink is None:
            self.announce = self.events.append
        else:
            store = self.events.append

            def emit(event: ev.Event) -> None:
                store(event)
                sink(event)

            self.announce = emit

    # ------------------------------------------------------------------ hands
    def start_hand(self) -> None:
        kyoku = self.position.kyoku
        winds = self._kyoku_winds  # seat_winds(rules, kyoku): they repeat after a round's hands
        self.winds = winds[kyoku % len(winds)]
        self.dealer = dealer_of(self.winds)
        self.east = self.dealer if self.winds[self.dealer] == 0 else None
        walls = self._walls
        # a seeded game's (Game.new_state) a C call, where a Python callable is called through
        # the generic call protocol
        self.wall = (cython.cast(SeededWalls, walls).wall(self.hand_number)
                     if type(walls) is SeededWalls else walls(self.hand_number))
        self.players = dealt_seats(self.wall.seats_dealt(self.dealer), self.seats)
        self.phase = TURN
        self.turn = self.dealer
        self.drawn_tile = -1
        self.rinshan = False
        self.last_discard = -1
        self.discarder = -1
        self.riichi_pending = -1
        self.claims = {}
        self.responses = {}
        wall = self.wall
        # a new wall's one indicator (Wall.dora_indicators, a list made by a property), read at
        # C level
        indicator = wall.yama[wall.first_dora]
        self.dora_indicators = (indicator,)
        # the rules' table, not RuleSet.dora_of: interpreted, five Python calls deep
        self.dora = (self._dora_of[indicator >> 2],)
        self.seen = _NO_SEEN.copy()  # a third of the cost of bytearray(34), a call of the type
        self.seen[indicator >> 2] = 1
        self.completed = ()
        self.kan_seats = []
        self.kan_tile = -1
        self.kan_concealed = False
        self.pending_dora = 0
        self.interrupted = False
        self.pao = {}
        self.wins = {}
        self.listed_actions = None
        pos = self.position
        if self.heard:
            self.announce(
                ev.StartKyoku(
                    bakaze=WIND_LETTERS[pos.round_wind % 4],
                    kyoku=pos.kyoku + 1,
                    honba=pos.honba,
                    kyotaku=pos.sticks,
                    oya=self.dealer,
                    dora_marker=self.dora_indicators[0],
                    scores=tuple(self.scores),
                    tehais=tuple(tuple(p.hand) for p in self.players),
                )
            )
        self.draw(self.dealer, replacement=False)

    def draw(self, seat: int, replacement: bool) -> None:
        p = cython.cast(Player, self.players[seat])  # a state's players are Players
        if not replacement:  # a replacement tile after a kan is no draw from the wall
            self.end_temp_furiten(OWN_DRAW, seat)
        tile = self.wall.draw_replacement() if replacement else self.wall.draw()
        p.add(tile)
        self.phase = TURN
        self.turn = seat
        self.drawn_tile = tile
        self.rinshan = replacement
        if self.wins:  # most turns score nothing: keep the empty dict
            self.wins = {}
        if self.heard:  # the two events of every turn: not even a call when nobody listens
            self.announce(DRAWS[seat][replacement][tile])

    def kan_possible(self) -> bool:
        """The rules and the wall allow one more kan (the replacement draw and the tiles it
        moves), whoever declares it."""
        return (len(self.kan_seats) < self.rules.max_kans and self.wall.replacements_left > 0
                and self.wall.live_remaining >= self.wall.kan_tiles)  # the tiles the kan moves

    def _do_discard(self, action: Discard | Riichi) -> None:
        seat, tile = action.seat, action.tile
        tile_type = tile >> 2
        players = self.players
        p = cython.cast(Player, players[seat])  # a state's players are Players: no type test
        riichi = type(action) is Riichi
        drawn_tile = self.drawn_tile
        tsumogiri = tile == drawn_tile
        if riichi:
            if self.heard:
                self.announce(ev.Reach(seat))
            self.riichi_pending = seat
            p.double_riichi = not self.interrupted and not p.discards
        elif p.riichi:
            p.ippatsu = False
        p.remove(tile)
        p.discards.append(POND[(2 * riichi + tsumogiri) * 136 + tile])
        bit = 1
        bit <<= tile_type  # shifted as a 64-bit mask in the compiled build (a literal 1 is a C int)
        p.discard_mask |= bit
        for s in range(self.seats):
            # a state's players are Players, one a seat: no type test, no index check
            with cython.boundscheck(False), cython.wraparound(False):
                q = cython.cast(Player, players[s])
            if q.riichi:
                q.riichi_safe_mask |= bit
        self.seen[tile_type] += 1
        if not TERMINAL_HONOR_MASK >> tile_type & 1:
            p.nagashi = False
        p.kuikae_mask = 0
        self.end_temp_furiten(OWN_DISCARD, seat)
        p.update_waits_after_discard(tile_type, drawn_tile)
        if self.heard:
            self.announce(DAHAIS[seat][tsumogiri][tile])
        self.drawn_tile = -1
        if self.pending_dora:
            self.reveal_pending_dora()
        self.last_discard = tile
        self.discarder = seat
        _claims.open_claims(self, seat, tile)

    def _take_turn(self, action: Action) -> None:
        """A turn's action other than a discard."""
        cls = type(action)
        if cls is Tsumo:
            self._do_tsumo(action)  # type: ignore[arg-type]
        elif cls is Ankan:
            _kans.declare_ankan(self, action)  # type: ignore[arg-type]
        elif cls is Kakan:
            _kans.declare_kakan(self, action)  # type: ignore[arg-type]
        elif cls is Kita:
            _kita.declare_kita(self, action)  # type: ignore[arg-type]
        else:
            _hand_end.abort(self, "nine_terminals")

    def _do_tsumo(self, action: Tsumo) -> None:
        seat = action.seat
        result = _hand_end.tsumo_result(self, seat)
        assert result is not None  # listed as legal only with a result
        _hand_end.settle(self, [Win(seat, result, self.pao.get(seat))], None, self.drawn)

    def interrupt(self) -> None:
        """A call or kan: the first go-around is over and every ippatsu ends."""
        self.interrupted = True
        for p in self.players:
            p.ippatsu = False

    def end_temp_furiten(self, moment: int, seat: int) -> None:
        """``seat`` draws from the wall, discards or claims a discard (``moment``): the
        temporary furiten the rules end at that moment ends (RuleSet.temp_furiten_clear), the
        seat's own or every seat's. The one place that ends it; passed wins start it
        (:func:`riichi.game.claims.furiten_for_passed_wins`)."""
        ends = (self._temp_furiten_ends >> 2 * moment) & 3  # two bits a moment (TEMP_FURITEN_ENDS)
        if ends == SEAT:
            p = cython.cast(Player, self.players[seat])  # the C field set, with no type test
            p.temp_furiten = False
        elif ends == EVERYONE:
            for p in self.players:
                p.temp_furiten = False

    # ------------------------------------------------------------------ dora
    def reveal_dora(self) -> None:
        indicator = self.wall.reveal_dora()
        self.dora_indicators += (indicator,)
        self.dora += (self._dora_of[indicator >> 2],)
        self.seen[indicator >> 2] += 1
        self.announce(ev.Dora(indicator))

    def reveal_pending_dora(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self.reveal_dora()
