"""The mutable state of a game at the table, driven one action at a time.

A :class:`GameState` always rests at a decision: one seat's turn (draw done, now discard, win, kan
or riichi) or the claims on a discard (or on a kan that may be robbed), where every seat with an
option answers before the claims are resolved by priority (ron, then pon/kan, then chi; ties by
turn order from the discarder). Everything between decisions (draws, replacement draws, dora,
payments, the next hand's deal) happens inside :meth:`GameState.apply`.

How it is made fast: this module (with the rest of the table, the melds and the built-in players)
is plain Python that the build compiles with Cython (``setup.py``, ``ENGINE``), so each rule is
written once and the interpreted source (``RIICHI_PURE_PYTHON=1``) is the reference the compiled
build is tested against, game for game. The compiled build gives the same source C types: the
augmenting ``state.pxd`` beside this file makes :class:`GameState` an extension type whose seats,
tiles, counters and flags are C fields and whose steps of a decision (the draw, the turn's actions,
the discard, the claims, the hand's end) are C-level methods, and ``player.pxd``, ``wall.pxd``,
``actions.pxd`` and ``observation.pxd`` do the same for the seats, the wall, the actions and the
observation. What the .pxd files say is types only; the rules are here. The hot path also avoids
allocation: the actions, the draw and discard events and the pond entries of every tile are made
once and shared (they are immutable: :class:`riichi._frozen.Frozen`); a hand is kept in order with
its 34 counts and its waits, so "can this seat ron, pon or chi" is a bit test or two count reads
before anything is built; nothing is allocated for a discard nobody claims; an event nobody records
or listens to is not built; the heavy questions (shanten, waits, scoring) go to the compiled core.
The table's methods cannot be replaced in the compiled build: tests that break a rule on purpose
break a copy of this source, run by the interpreter (``tests/mutation.py``).

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
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from riichi import _core
from riichi.errors import IllegalActionError, quoted
from riichi.game import events as ev
from riichi.game.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.game.draws import (
    abort_after_discard, nagashi_payments, nine_terminals, noten_payments, triple_ron,
)
from riichi.game.flow import (
    Position, dealer_seat, final_results, game_over, next_position, seat_winds, share_sticks,
)
from riichi.game.options import (
    RUN_SHAPES,
    chi_options,
    kuikae_ban,
    listed_call,
    pon_options,
    riichi_kan_allowed,
)
from riichi.game.player import DiscardedTile, Player, mask_of
from riichi.game.wall import Wall
from riichi.game.winning import Situation, score_win
from riichi.meld import Meld, MeldKind
from riichi.rules import KanDoraTiming, MultiRon, Nagashi, RuleSet, TempFuritenClear
from riichi.scoring import HandResult, Win, counted_ura, settle_each
from riichi.tiles import DRAGONS, RED_FIVE_IDS, TERMINALS_AND_HONORS, WIND_LETTERS, WINDS

__all__ = ["GameState", "Phase", "HandOutcome", "WallSource", "EventSink"]

WallSource = Callable[[int], Wall]
"""Gives the wall of the ``k``-th hand of a game (``k`` = 0, 1, ...)."""

EventSink = Callable[[ev.Event], None]
"""Called with every event of a game as it happens."""


def _ignore(event: ev.Event) -> None:
    """The sink of a game whose events nobody reads."""

_TERMINAL_HONOR_MASK = mask_of(TERMINALS_AND_HONORS)
_RED = frozenset(RED_FIVE_IDS)

# Actions are immutable: the common ones are made once (building frozen dataclasses is slow).
_DISCARDS = tuple(tuple(Discard(s, t) for t in range(136)) for s in range(4))
_RIICHIS = tuple(tuple(Riichi(s, t) for t in range(136)) for s in range(4))
_TSUMO = tuple(Tsumo(s) for s in range(4))
_RON = tuple(Ron(s) for s in range(4))
_PASS = tuple(Pass(s) for s in range(4))
_ROB = tuple((_RON[s], _PASS[s]) for s in range(4))  # the answers to a kan that may be robbed
_DAIMINKAN = tuple(Daiminkan(s) for s in range(4))
_ACTION_TYPES = frozenset((Discard, Riichi, Tsumo, Ron, Chi, Pon, Daiminkan, Ankan, Kakan, Pass,
                           NineTerminals))
# So are the records of the two things that happen at every turn, a draw and a discard, and the
# tile a discard leaves in the pond: [seat][flag][tile], the flag being rinshan or tsumogiri.
_DRAWS = tuple(tuple(tuple(ev.Draw(s, t, f) for t in range(136)) for f in (False, True))
               for s in range(4))
_DAHAIS = tuple(tuple(tuple(ev.Dahai(s, t, f) for t in range(136)) for f in (False, True))
                for s in range(4))
_POND = tuple(tuple(tuple(DiscardedTile(t, f, r) for t in range(136)) for f in (False, True))
              for r in (False, True))  # [riichi][tsumogiri][tile]
_CLAIMED = tuple(tuple(tuple(DiscardedTile(t, f, r, claimed=True) for t in range(136))
                       for f in (False, True)) for r in (False, True))  # taken by a call


class Phase(enum.Enum):
    """What the state waits for."""

    TURN = "turn"
    """The seat :attr:`GameState.turn` to discard, win, declare a kan or riichi."""
    CLAIM = "claim"
    """Answers to the claims on the last discard."""
    CHANKAN = "chankan"
    """Answers to a possible robbing of the kan just declared."""
    OVER = "over"
    """The game has ended."""


# An enum member is a descriptor call away on Python 3.11 (slow on a path taken at every action):
# the state machine reads these module constants instead.
_TURN, _CLAIM, _CHANKAN, _OVER = Phase.TURN, Phase.CLAIM, Phase.CHANKAN, Phase.OVER
_CHI, _PON = MeldKind.CHI, MeldKind.PON

# The moments that may end a seat's temporary furiten, and whose furiten each one ends under each
# rule (RuleSet.temp_furiten_clear): nobody's, the seat's own, or every seat's.
_OWN_DRAW, _OWN_DISCARD, _OWN_CLAIM = 0, 1, 2  # from the wall; a discard; a chi, pon or open kan
_NOBODY, _SEAT, _EVERYONE = 0, 1, 2
_TEMP_FURITEN_ENDS = {
    TempFuritenClear.OWN_DRAW_OR_ANY_CALL: (_SEAT, _NOBODY, _EVERYONE),
    TempFuritenClear.OWN_DRAW_OR_CLAIM: (_SEAT, _NOBODY, _SEAT),
    TempFuritenClear.OWN_DISCARD: (_NOBODY, _SEAT, _NOBODY),
}


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """How one hand ended: ``kind`` is ``"win"``, ``"draw"`` (exhaustive) or ``"abort"``;
    ``reason`` is ``"tsumo"``, ``"ron"`` or the draw's reason (see
    :class:`~riichi.game.events.Ryukyoku`); ``deltas`` the point changes by seat; ``results``
    the scored hands of the winners, in turn order from the discarder."""

    position: Position
    kind: str
    reason: str
    winners: tuple[int, ...]
    discarder: int | None
    deltas: tuple[int, ...]
    results: tuple[HandResult, ...] = field(repr=False)


class GameState:
    """All mutable state of one game. Make one with :meth:`riichi.game.Game.new_state`.

    Read-only attributes of interest: :attr:`phase`, :attr:`acting_seats`, :attr:`players`,
    :attr:`scores`, :attr:`wall`, :attr:`position`, :attr:`events`, :attr:`outcomes`,
    :attr:`final_scores`, :attr:`results`, :attr:`ranks` (set when the game is over).
    """

    # Slots, not a __dict__: the table reads its fields at every action, and a slot is the
    # cheaper read for compiled code (which the interpreter's attribute caches do not serve).
    __slots__ = (
        "rules", "shown_rules", "seats", "_after", "_walls", "position", "scores", "hand_number",
        "stick_owners", "events", "_record_events", "_on_event", "_emit", "_heard", "outcomes",
        "final_scores", "results", "ranks",
        "wall", "players", "winds", "dealer", "east", "phase", "turn", "drawn", "rinshan",
        "last_discard", "discarder", "riichi_pending", "claims", "responses", "seen",
        "dora_indicators", "completed", "kan_seats", "kan_tile", "kan_concealed", "pending_dora",
        "interrupted", "pao", "_wins", "_turn_actions", "_temp_furiten_ends",
    )

    if TYPE_CHECKING:  # the compiled build declares the fields in state.pxd
        shown_rules: RuleSet  # the copy of the rules the seats see
        # state of the current hand, (re)set by _start_hand
        wall: Wall
        players: list[Player]
        winds: tuple[int, ...]  # each seat's wind (0 East ... 3 North)
        dealer: int  # the seat that deals and acts first: East, or South if no seat is East
        east: int | None  # the East seat, who pays and is paid as dealer; None if no seat is East
        phase: Phase
        turn: int
        drawn: int | None  # the tile just drawn by ``turn`` (None after a chi or pon)
        rinshan: bool  # the last draw was a replacement tile
        last_discard: int
        discarder: int  # seat of the last discard, or of the kan that may be robbed
        riichi_pending: int  # seat whose riichi discard awaits its claims, or -1
        claims: dict[int, tuple[Action, ...]]  # seat -> options, in turn order from the discarder
        responses: dict[int, Action]
        seen: bytearray  # 34 counts of the tiles face up: discards, meld tiles, dora indicators
        dora_indicators: tuple[int, ...]  # the indicators turned so far (a new tuple at each turn)
        completed: tuple[int, ...]  # seats whose hand the tile on offer completes
        kan_seats: list[int]  # who declared each kan of the hand
        kan_tile: int
        kan_concealed: bool
        pending_dora: int  # kan dora indicators to turn after the next discard
        interrupted: bool  # a call or kan happened: no more first-go-around hands
        pao: dict[int, int]  # seat -> the seat liable for its yakuman
        _wins: dict[int, HandResult]  # scored wins available at the current decision
        _turn_actions: tuple[Action, ...] | None
        _temp_furiten_ends: tuple[int, int, int]  # whose furiten each moment ends, by the rules
        _emit: EventSink  # records an event (see _bind_emit)
        _heard: bool  # someone records or listens to the events

    def __init__(
        self,
        rules: RuleSet,
        walls: WallSource,
        position: Position,
        scores: Sequence[int],
        *,
        record_events: bool = True,
        on_event: EventSink | None = None,
        shown_rules: RuleSet | None = None,
    ) -> None:
        self.rules = rules
        # What the seats are shown (Observation.rules): a copy, so that no agent can reach the
        # rules the table plays by, which are shared across games (a preset).
        self.shown_rules = copy.copy(rules) if shown_rules is None else shown_rules
        self.seats = rules.players
        self._temp_furiten_ends = _TEMP_FURITEN_ENDS[rules.temp_furiten_clear]
        seats = self.seats
        # for each seat, the others in turn order after it (who may claim its discard, in order)
        self._after = tuple(
            tuple((seat + k) % seats for k in range(1, seats)) for seat in range(seats)
        )
        self._walls = walls
        self.position = position
        self.scores = list(scores)
        self.hand_number = 0
        self.stick_owners: list[int] = []
        self.events: list[ev.Event] = []
        self._record_events = record_events
        self._on_event = on_event
        self._bind_emit()
        self._emit(ev.StartGame(tuple(self.scores)))
        self.outcomes: list[HandOutcome] = []
        self.final_scores: tuple[int, ...] | None = None
        self.results: tuple[int, ...] | None = None
        self.ranks: tuple[int, ...] | None = None
        self._start_hand()

    # ------------------------------------------------------------------ public API
    @property
    def is_over(self) -> bool:
        """The game has ended."""
        return self.phase is _OVER

    @property
    def acting_seats(self) -> list[int]:
        """Seats that must act now (in turn order); empty when the game is over."""
        if self.phase is _TURN:
            return [self.turn]
        if self.phase is _OVER:
            return []
        return [s for s in self.claims if s not in self.responses]

    def legal(self, seat: int) -> tuple[Action, ...]:
        """Every action ``seat`` may take now (empty if it has nothing to decide), as the engine's
        own immutable tuple: what an agent is given."""
        if self.phase is _TURN:
            if seat != self.turn:
                return ()
            if self._turn_actions is None:
                self._turn_actions = tuple(self._compute_turn_actions())
            return self._turn_actions
        if self.phase is _OVER or seat in self.responses:
            return ()
        return self.claims.get(seat, ())

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, as a new list (empty if it has nothing to decide)."""
        return list(self.legal(seat))

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now: listed by :meth:`legal_actions`, or a chi or pon that
        makes a listed call with other plain copies of the same tiles."""
        return self._listed(action) is not None

    def apply(self, action: Action, *, seat: int | None = None) -> None:
        """Take ``action`` after checking it is legal; :class:`IllegalActionError` (and nothing
        changed) if it is not.

        ``seat`` is the seat whose agent was asked, when there is one: an answer that is not an
        action of that seat (another seat's, ``None``, any other object) is refused, and the
        message names the seat whose agent returned it. The state takes its own listed copy of
        the action, never the object it was given.
        """
        if seat is not None:
            self._answer(action, seat)
            return
        listed = self._listed(action)
        if listed is None:
            raise self._refusal(action, None)
        self.apply_unchecked(listed)

    def _answer(self, action: Action, seat: int) -> None:
        """:meth:`apply` of what the agent of ``seat`` returned."""
        actions = self._turn_actions  # listed at this turn (what the agent was given)
        if actions is None or seat != self.turn:
            actions = self.legal(seat)
        for offered in actions:
            if offered is action:  # what an agent returns: the listed object itself
                self.apply_unchecked(offered)
                return
        listed = self._listed(action)
        if listed is None or listed.seat != seat:
            raise self._refusal(action, seat)
        self.apply_unchecked(listed)

    def _listed(self, action: object) -> Action | None:
        """The listed action equal to ``action``, a copy of a chi or pon that makes a listed call,
        or None.

        Only an action of one of the game's own types whose fields are plain ints is compared, so
        an object with a strange ``__eq__`` or strange fields cannot pass for a legal action.
        """
        if type(action) not in _ACTION_TYPES or not _plain_fields(action):
            return None
        act = cast(Action, action)
        seat = act.seat
        if not 0 <= seat < self.seats:
            return None
        legal = self.legal(seat)
        try:
            return legal[legal.index(act)]  # an agent returns the listed object itself, found first
        except ValueError:
            pass
        if isinstance(act, (Chi, Pon)) and listed_call(act, self.players[seat].hand) in legal:
            # The same call with other plain copies: made anew, so the state holds its own.
            return type(act)(seat, act.tiles)
        return None

    def _refusal(self, action: object, seat: int | None) -> IllegalActionError:
        """The error for an action :meth:`apply` refuses (``seat``: whose agent returned it)."""
        who = f"seat {seat}'s agent returned " if seat is not None else ""
        shown = quoted(action)
        if type(action) not in _ACTION_TYPES or not _plain_fields(action):
            return IllegalActionError(
                f"{who}{shown}: expected one of the actions of riichi.game.actions, with int fields"
            )
        actor = cast(Action, action).seat
        if not 0 <= actor < self.seats:
            return IllegalActionError(
                f"{who}{shown}: expected an action of a seat 0-{self.seats - 1}"
            )
        if seat is not None and actor != seat:
            return IllegalActionError(
                f"{who}{shown}, an action of seat {actor}: an agent acts for its own seat only"
            )
        legal = self.legal(actor)
        listed = ", ".join(repr(a) for a in legal[:8]) + (", ..." if len(legal) > 8 else "")
        subject = f"{who}{shown}, which is" if seat is not None else f"{shown} is"
        return IllegalActionError(
            f"{subject} not legal now (phase {self.phase.value}); legal for seat {actor}: [{listed}]"
        )

    def apply_unchecked(self, action: Action) -> None:
        """Take ``action`` without checking it; for trusted callers that picked it from
        :meth:`legal_actions`. An illegal action here corrupts the state."""
        self._turn_actions = None
        if self.phase is _TURN:
            self._take_turn(action)
            return
        self.responses[action.seat] = action
        if len(self.responses) == len(self.claims):
            if self.phase is _CLAIM:
                self._resolve_claims()
            else:
                self._resolve_chankan()

    def clone(self) -> GameState:
        """An independent copy (events, melds and the wall's tiles are immutable and shared)."""
        other = GameState.__new__(GameState)
        other.rules = self.rules
        other.shown_rules = self.shown_rules
        other.seats = self.seats
        other._after = self._after
        other._walls = self._walls
        other.position = self.position
        other.scores = self.scores.copy()
        other.hand_number = self.hand_number
        other.stick_owners = self.stick_owners.copy()
        other.events = self.events.copy()
        other._record_events = self._record_events
        other._on_event = self._on_event
        other._bind_emit()
        other.outcomes = self.outcomes.copy()
        other.final_scores = self.final_scores
        other.results = self.results
        other.ranks = self.ranks
        other.wall = self.wall.copy()
        other.players = [p.copy() for p in self.players]
        other.winds = self.winds
        other.dealer = self.dealer
        other.east = self.east
        other.phase = self.phase
        other.turn = self.turn
        other.drawn = self.drawn
        other.rinshan = self.rinshan
        other.last_discard = self.last_discard
        other.discarder = self.discarder
        other.riichi_pending = self.riichi_pending
        other.claims = self.claims.copy()
        other.responses = self.responses.copy()
        other.seen = self.seen.copy()
        other.dora_indicators = self.dora_indicators
        other.completed = self.completed
        other.kan_seats = self.kan_seats.copy()
        other.kan_tile = self.kan_tile
        other.kan_concealed = self.kan_concealed
        other.pending_dora = self.pending_dora
        other.interrupted = self.interrupted
        other.pao = self.pao.copy()
        other._wins = self._wins.copy()
        other._turn_actions = self._turn_actions
        other._temp_furiten_ends = self._temp_furiten_ends
        return other

    def snapshot(self) -> tuple[object, ...]:
        """A comparable summary of the whole state (two states with equal snapshots are the same
        game at the same moment)."""
        players = tuple(
            (
                tuple(sorted(p.hand)),
                tuple(p.melds),
                tuple(p.discards),
                p.riichi,
                p.double_riichi,
                p.ippatsu,
                p.temp_furiten,
                p.riichi_furiten,
                p.kuikae_mask,
                p.nagashi,
                p.waits_mask,
                p.riichi_safe_mask,
            )
            for p in self.players
        )
        return (
            self.phase,
            self.position,
            tuple(self.scores),
            tuple(self.stick_owners),
            self.hand_number,
            len(self.events),
            players,
            self.wall.next_live,
            self.wall.kans,
            self.wall.dora_count,
            self.turn,
            self.drawn,
            self.rinshan,
            self.last_discard,
            self.discarder,
            self.riichi_pending,
            tuple(sorted(self.claims)),
            tuple(sorted(self.responses.items(), key=lambda kv: kv[0])),
            self.completed,
            tuple(self.kan_seats),
            self.pending_dora,
            self.interrupted,
            bytes(self.seen),
        )

    def tile_locations(self) -> list[int]:
        """Every 136-id once: hands, melds, discards not claimed, live and dead wall (for
        invariant checks: the result must be a permutation of 0..135)."""
        tiles: list[int] = []
        for p in self.players:
            tiles.extend(p.hand)
            for m in p.melds:
                tiles.extend(m.tiles)
            tiles.extend(d.tile for d in p.discards if not d.claimed)
        tiles.extend(self.wall.live_tiles())
        tiles.extend(self.wall.dead_tiles())
        return tiles

    def _bind_emit(self) -> None:
        """Make :meth:`_emit` store each event, pass it to the sink, both or neither, so that a
        game nobody reads the log of pays nothing for it."""
        sink = self._on_event
        self._heard = self._record_events or sink is not None
        if not self._record_events:
            self._emit = sink if sink is not None else _ignore
        elif sink is None:
            self._emit = self.events.append
        else:
            store = self.events.append

            def emit(event: ev.Event) -> None:
                store(event)
                sink(event)

            self._emit = emit

    # ------------------------------------------------------------------ hands
    def _start_hand(self) -> None:
        kyoku = self.position.kyoku
        self.winds = seat_winds(self.rules, kyoku)
        self.dealer = dealer_seat(self.rules, kyoku)
        self.east = self.dealer if self.winds[self.dealer] == 0 else None
        self.wall = self._walls(self.hand_number)
        self.players = [Player(tiles) for tiles in self.wall.deal(self.dealer)]
        for p in self.players:
            p.update_waits()
        self.phase = _TURN
        self.turn = self.dealer
        self.drawn = None
        self.rinshan = False
        self.last_discard = -1
        self.discarder = -1
        self.riichi_pending = -1
        self.claims = {}
        self.responses = {}
        self.dora_indicators = tuple(self.wall.dora_indicators)
        self.seen = bytearray(34)
        self.seen[self.dora_indicators[0] >> 2] = 1
        self.completed = ()
        self.kan_seats = []
        self.kan_tile = -1
        self.kan_concealed = False
        self.pending_dora = 0
        self.interrupted = False
        self.pao = {}
        self._wins = {}
        self._turn_actions = None
        pos = self.position
        if self._heard:
            self._emit(
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
        self._draw(self.dealer, replacement=False)

    def _draw(self, seat: int, replacement: bool) -> None:
        p = self.players[seat]
        if not replacement:  # a replacement tile after a kan is no draw from the wall
            self._end_temp_furiten(_OWN_DRAW, seat)
        tile = self.wall.draw_replacement() if replacement else self.wall.draw()
        p.add(tile)
        self.phase = _TURN
        self.turn = seat
        self.drawn = tile
        self.rinshan = replacement
        if self._wins:  # most turns score nothing: keep the empty dict
            self._wins = {}
        if self._heard:  # the two events of every turn: not even a call when nobody listens
            self._emit(_DRAWS[seat][replacement][tile])

    # ------------------------------------------------------------------ turn actions
    def _kan_possible(self) -> bool:
        return (
            len(self.kan_seats) < self.rules.max_kans
            and self.wall.replacements_left > 0
            and self.wall.live_remaining >= self.wall.kan_tiles  # the tiles the kan moves
        )

    def _compute_turn_actions(self) -> list[Action]:
        seat = self.turn
        p = self.players[seat]
        drawn = self.drawn
        out: list[Action] = []
        if drawn is not None:
            if p.waits_mask >> (drawn >> 2) & 1 and self._tsumo_result(seat) is not None:
                out.append(_TSUMO[seat])
            # only on a seat's first draw, before any call
            if not p.discards and not self.interrupted and nine_terminals(self.rules, p.counts):
                out.append(NineTerminals(seat))
        if p.riichi:
            assert drawn is not None  # a riichi hand never calls, so every turn starts with a draw
            out.append(_DISCARDS[seat][drawn])
            kind = drawn >> 2
            if (
                p.counts[kind] == 4
                and self._kan_possible()
                and riichi_kan_allowed(self.rules.riichi_kan_policy, p.counts, p.waits_mask, kind)
            ):
                out.append(Ankan(seat, kind))
            return out
        ban = p.kuikae_mask
        hand = p.hand  # ascending
        discards = _DISCARDS[seat]
        if ban:
            out += [discards[t] for t in hand if not ban >> (t >> 2) & 1]
        else:
            out += [discards[t] for t in hand]
        if drawn is None:
            return out  # after chi or pon: discard only
        counts = p.counts
        if _core.shanten(counts) <= 0 and self._may_riichi(seat, p):
            ready = p.tenpai_discards()
            out += [_RIICHIS[seat][t] for t in hand if ready >> (t >> 2) & 1]
        # the kans the hand holds first, whether the wall still allows one after (rarely needed)
        ankan = [k for k in range(34) if counts[k] == 4] if 4 in counts else []
        melds = p.melds
        kakan = [m.tile_type for m in melds if m.kind is _PON and counts[m.tile_type]] if melds \
            else []
        if (ankan or kakan) and self._kan_possible():
            out += [Ankan(seat, k) for k in ankan]
            out += [Kakan(seat, k) for k in kakan]
        return out

    def _may_riichi(self, seat: int, p: Player) -> bool:
        rules = self.rules
        return (
            p.is_closed
            and self.wall.live_remaining >= rules.riichi_min_wall_tiles
            and (rules.riichi_min_points is None or self.scores[seat] >= rules.riichi_min_points)
        )

    def _do_discard(self, action: Discard | Riichi) -> None:
        seat, tile = action.seat, action.tile
        kind = tile >> 2
        players = self.players
        p = players[seat]
        riichi = type(action) is Riichi
        tsumogiri = tile == self.drawn
        if riichi:
            if self._heard:
                self._emit(ev.Reach(seat))
            self.riichi_pending = seat
            p.double_riichi = not self.interrupted and not p.discards
        elif p.riichi:
            p.ippatsu = False
        p.remove(tile)
        p.discards.append(_POND[riichi][tsumogiri][tile])
        bit = 1
        bit <<= kind  # shifted as a 64-bit mask in the compiled build (a literal 1 is a C int)
        p.discard_mask |= bit
        for q in players:
            if q.riichi:
                q.riichi_safe_mask |= bit
        self.seen[kind] += 1
        if not _TERMINAL_HONOR_MASK >> kind & 1:
            p.nagashi = False
        if p.kuikae_mask:
            p.kuikae_mask = 0
        self._end_temp_furiten(_OWN_DISCARD, seat)
        if not tsumogiri:
            p.update_waits()
        if self._heard:
            self._emit(_DAHAIS[seat][tsumogiri][tile])
        self.drawn = None
        if self.pending_dora:
            self._flush_dora()
        self.last_discard = tile
        self.discarder = seat
        self._open_claims(seat, tile)

    def _take_turn(self, action: Action) -> None:
        kind = type(action)
        if kind is Discard or kind is Riichi:
            self._do_discard(action)  # type: ignore[arg-type]
        elif kind is Tsumo:
            self._do_tsumo(action)  # type: ignore[arg-type]
        elif kind is Ankan:
            self._do_ankan(action)  # type: ignore[arg-type]
        elif kind is Kakan:
            self._do_kakan(action)  # type: ignore[arg-type]
        else:
            self._abort("nine_terminals")

    def _do_tsumo(self, action: Tsumo) -> None:
        seat = action.seat
        result = self._tsumo_result(seat)
        assert result is not None  # listed as legal only with a result
        self._settle([Win(seat, result, self.pao.get(seat))], None, self.drawn)

    def _do_ankan(self, action: Ankan) -> None:
        seat, kind = action.seat, action.tile_type
        p = self.players[seat]
        tiles = p.tiles_of_type(kind)
        for t in tiles:
            p.remove(t)
        self.seen[kind] = 4
        p.melds.append(Meld.trusted(MeldKind.ANKAN, tiles))
        p.update_waits()
        self._interrupt()
        self._emit(ev.AnkanDeclared(seat, tuple(tiles)))
        robbers: dict[int, tuple[Action, ...]] = {}
        completed: list[int] = []
        if self.rules.kokushi_chankan_ankan:
            for s in self._after[seat]:
                q = self.players[s]
                if (
                    q.waits_mask >> kind & 1
                    and not q.melds
                    and _core.shanten_kokushi(q.counts) == 0
                ):
                    completed.append(s)
                    if not q.furiten and self._ron_result(s, tiles[0], chankan=True) is not None:
                        robbers[s] = _ROB[s]
        self._offer_kan(seat, tiles[0], robbers, completed, concealed=True)

    def _do_kakan(self, action: Kakan) -> None:
        seat, kind = action.seat, action.tile_type
        p = self.players[seat]
        tile = p.tiles_of_type(kind)[0]
        index = next(
            i for i, m in enumerate(p.melds) if m.kind is MeldKind.PON and m.tile_type == kind
        )
        pon = p.melds[index]
        p.remove(tile)
        self.seen[kind] += 1
        p.melds[index] = Meld.trusted(
            MeldKind.KAKAN, pon.tiles + (tile,), pon.called, pon.from_seat
        )
        p.update_waits()
        self._emit(ev.KakanDeclared(seat, tile, pon.tiles))
        robbers: dict[int, tuple[Action, ...]] = {}
        completed: list[int] = []
        for s in self._after[seat]:
            q = self.players[s]
            if q.waits_mask >> kind & 1:
                completed.append(s)
                if not q.furiten and self._ron_result(s, tile, chankan=True) is not None:
                    robbers[s] = _ROB[s]
        self._offer_kan(seat, tile, robbers, completed, concealed=False)

    def _offer_kan(
        self,
        seat: int,
        tile: int,
        robbers: dict[int, tuple[Action, ...]],
        completed: list[int],
        concealed: bool,
    ) -> None:
        self.kan_tile = tile
        self.kan_concealed = concealed
        self.discarder = seat
        self.completed = tuple(completed)
        if robbers:
            self.phase = _CHANKAN
            self.claims = robbers
            self.responses = {}
        else:
            self._furiten_for_passed_wins()
            self._complete_kan(seat, concealed)

    def _complete_kan(self, seat: int, concealed: bool) -> None:
        if not concealed:
            self._interrupt()
        # an earlier kan's indicator waits until this kan stands: a robbed kan turns none (as
        # Tenhou's records show)
        self._flush_dora()
        self.kan_seats.append(seat)
        if self.rules.kan_dora:
            if concealed or self.rules.kan_dora_timing is KanDoraTiming.IMMEDIATE:
                self._reveal_dora()
            else:
                self.pending_dora += 1
        self._draw(seat, replacement=True)

    # ------------------------------------------------------------------ claims
    def _open_claims(self, discarder: int, tile: int) -> None:
        kind = tile >> 2
        last = self.wall.live_remaining == 0
        kuikae = self.rules.kuikae_forbidden
        players = self.players
        # Most discards are claimed by nobody: the dict, the lists and the tuple of a claim are
        # made only for a seat that has one.
        claims: dict[int, tuple[Action, ...]] = {}
        completed: tuple[int, ...] = ()
        if self._wins:
            self._wins = {}
        after = self._after[discarder]
        left = after[0]  # the next to draw, who alone may chi
        for s in after:
            q = players[s]
            opts: list[Action] | None = None
            if q.waits_mask >> kind & 1:
                completed += (s,)
                if not q.furiten and self._ron_result(s, tile) is not None:
                    opts = [_RON[s]]
            if not last and not q.riichi:
                counts = q.counts
                have = counts[kind]
                if have >= 2:
                    calls = pon_options(s, q.hand, kind, kuikae)
                    if have == 3 and self._kan_possible():
                        calls.append(_DAIMINKAN[s])
                    opts = opts + calls if opts else calls
                if s == left:
                    for _, low, high in RUN_SHAPES[kind]:  # most hands have no run to make
                        if counts[low] and counts[high]:
                            calls = chi_options(s, q.hand, counts, kind, kuikae)
                            if calls:
                                opts = opts + calls if opts else calls
                            break
            if opts:
                opts.append(_PASS[s])
                claims[s] = tuple(opts)
        self.completed = completed
        self.claims = claims
        if claims:
            self.phase = _CLAIM
            self.responses = {}
        else:
            self._after_claims(None)

    def _resolve_claims(self) -> None:
        rons = self._ron_claimants()
        if rons:
            self._ron(rons, chankan=False)
            return
        call: Action | None = None
        for s in self.claims:
            answer = self.responses[s]
            if isinstance(answer, (Pon, Daiminkan)):
                call = answer
            elif isinstance(answer, Chi) and call is None:
                call = answer
        self._after_claims(call)

    def _resolve_chankan(self) -> None:
        rons = self._ron_claimants()
        if rons:
            self._ron(rons, chankan=True)
            return
        seat = self.discarder
        self.claims = {}
        self.responses = {}
        self._furiten_for_passed_wins()
        self._complete_kan(seat, self.kan_concealed)

    def _ron_claimants(self) -> list[int]:
        """Seats that claimed ron, in turn order."""
        return [s for s in self.claims if isinstance(self.responses[s], Ron)]

    def _furiten_for_passed_wins(self) -> None:
        """Nobody won on the tile on offer: every seat whose hand it completes becomes furiten
        (temporarily, or for the rest of the hand in riichi), whether or not it was offered ron
        (a tile that gives no yaku, a seat already furiten: a pass is a pass)."""
        for s in self.completed:
            q = self.players[s]
            if q.riichi:
                q.riichi_furiten = True
            else:
                q.temp_furiten = True
        self.completed = ()

    def _after_claims(self, call: Action | None) -> None:
        """The discard was not won on: accept a riichi, check the abortive draws, then make the
        call or go on to the next draw."""
        rules = self.rules
        seat = self.discarder
        if self.completed:
            self._furiten_for_passed_wins()
        accepted = self.riichi_pending >= 0
        if accepted:
            self._accept_riichi(self.riichi_pending)
        if rules.abortive_draws:
            players = self.players
            # only a seat's first discard, with no call made, can make four winds
            firsts = [p.discards[0].tile >> 2 if len(p.discards) == 1 else -1 for p in players] \
                if call is None and not self.interrupted and len(players[seat].discards) == 1 \
                else None
            reason = abort_after_discard(
                rules, [p.riichi for p in players], self.kan_seats, accepted, firsts
            )
            if reason is not None:
                self._abort(reason)
                return
        if self.claims:
            self.claims = {}
        if self.responses:
            self.responses = {}
        if type(call) is Daiminkan:
            self._do_daiminkan(call)
        elif call is not None:
            self._do_chi_pon(call)  # type: ignore[arg-type]
        elif self.wall.live_remaining == 0:
            self._exhaustive_draw()
        else:
            self._draw((seat + 1) % self.seats, replacement=False)

    def _accept_riichi(self, seat: int) -> None:
        p = self.players[seat]
        p.riichi = True
        p.ippatsu = True
        self.riichi_pending = -1
        self.scores[seat] -= 1_000
        self.stick_owners.append(seat)
        self.position = Position(
            self.position.round_wind, self.position.kyoku, self.position.honba,
            self.position.sticks + 1,
        )
        if self._heard:
            deltas = tuple(-1_000 if s == seat else 0 for s in range(self.seats))
            self._emit(ev.ReachAccepted(seat, deltas, tuple(self.scores)))

    def _take_discard(self, seat: int, used: Sequence[int], kind: MeldKind) -> Meld:
        """Move the last discard and ``used`` from ``seat``'s hand into a new meld."""
        p = self.players[seat]
        src = self.discarder
        tile = self.last_discard
        giver = self.players[src]
        last = giver.discards[-1]
        giver.discards[-1] = _CLAIMED[last.riichi][last.tsumogiri][tile]
        giver.nagashi = False
        for t in used:
            p.remove(t)
            self.seen[t >> 2] += 1
        meld = Meld.trusted(kind, (*used, tile), tile, src)
        p.melds.append(meld)
        self._interrupt()
        self._end_temp_furiten(_OWN_CLAIM, seat)
        self._check_pao(seat, p, tile >> 2, src)
        return meld

    def _do_chi_pon(self, action: Chi | Pon) -> None:
        seat = action.seat
        tile = self.last_discard
        kind = tile >> 2
        if isinstance(action, Chi):
            self._take_discard(seat, action.tiles, _CHI)
            if self._heard:
                self._emit(ev.ChiCalled(seat, self.discarder, tile, action.tiles))
            ban = kuikae_ban(kind, min(kind, *(t >> 2 for t in action.tiles)))
        else:
            self._take_discard(seat, action.tiles, _PON)
            if self._heard:
                self._emit(ev.PonCalled(seat, self.discarder, tile, action.tiles))
            ban = kuikae_ban(kind, None)
        p = self.players[seat]
        p.kuikae_mask = ban if self.rules.kuikae_forbidden else 0
        self.phase = _TURN
        self.turn = seat
        self.drawn = None
        self.rinshan = False

    def _do_daiminkan(self, action: Daiminkan) -> None:
        seat = action.seat
        tile = self.last_discard
        used = self.players[seat].tiles_of_type(tile >> 2)
        self._take_discard(seat, used, MeldKind.KAN)
        self.players[seat].update_waits()
        self._emit(ev.DaiminkanCalled(seat, self.discarder, tile, tuple(used)))
        self._complete_kan(seat, concealed=False)

    def _check_pao(self, seat: int, p: Player, kind: int, src: int) -> None:
        pao = self.rules.pao
        if len(p.melds) < 3:  # every yakuman with pao takes three or four called sets
            return
        sets = [m.tile_type for m in p.melds if m.is_triplet_like]
        if "daisangen" in pao and kind in DRAGONS and sum(t in DRAGONS for t in sets) == 3:
            self.pao[seat] = src
        elif "daisuushii" in pao and kind in WINDS and sum(t in WINDS for t in sets) == 4:
            self.pao[seat] = src
        elif "suukantsu" in pao and sum(m.is_kan for m in p.melds) == 4:
            self.pao[seat] = src

    def _interrupt(self) -> None:
        """A call or kan: the first go-around is over and every ippatsu ends."""
        self.interrupted = True
        for p in self.players:
            p.ippatsu = False

    def _end_temp_furiten(self, moment: int, seat: int) -> None:
        """``seat`` draws from the wall, discards or claims a discard (``moment``): the
        temporary furiten the rules end at that moment ends (RuleSet.temp_furiten_clear), the
        seat's own or every seat's. The one place that ends it; passed wins start it
        (:meth:`_furiten_for_passed_wins`)."""
        ends = self._temp_furiten_ends[moment]
        if ends == _SEAT:
            self.players[seat].temp_furiten = False
        elif ends == _EVERYONE:
            for p in self.players:
                p.temp_furiten = False

    # ------------------------------------------------------------------ dora
    def _reveal_dora(self) -> None:
        indicator = self.wall.reveal_dora()
        self.dora_indicators += (indicator,)
        self.seen[indicator >> 2] += 1
        self._emit(ev.Dora(indicator))

    def _flush_dora(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self._reveal_dora()

    # ------------------------------------------------------------------ wins
    def _indicators(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(dora, ura dora) indicators revealed; the scorer says which ura dora a winner gets."""
        wall = self.wall
        # a kan dora still waiting for the kan's discard does not count, even for a win on the
        # replacement tile (as Tenhou's records show)
        count = wall.dora_count
        return (
            tuple(wall.yama[5 + 2 * k] for k in range(count)),
            tuple(wall.yama[4 + 2 * k] for k in range(count)),
        )

    def _situation(self, seat: int, tsumo: bool, chankan: bool) -> Situation:
        p = self.players[seat]
        first = not self.interrupted and not p.discards
        last = self.wall.live_remaining == 0
        dora, ura = self._indicators()
        return Situation(
            tsumo=tsumo,
            seat_wind=self.winds[seat],
            round_wind=self.position.round_wind % 4,
            dora_indicators=dora,
            ura_indicators=ura,
            riichi=p.riichi and not p.double_riichi,
            double_riichi=p.riichi and p.double_riichi,
            ippatsu=p.ippatsu,
            rinshan=tsumo and self.rinshan,
            chankan=chankan,
            # the scorer drops haitei from a rinshan win where the rules do not combine them
            haitei=tsumo and last,
            houtei=not tsumo and not chankan and last,
            tenhou=tsumo and first and seat == self.east,
            chiihou=tsumo and first and seat != self.east,
            renhou=not tsumo and first and seat != self.east,
        )

    def _tsumo_result(self, seat: int) -> HandResult | None:
        if seat not in self._wins:
            p = self.players[seat]
            drawn = self.drawn
            assert drawn is not None
            concealed = [t for t in p.hand if t != drawn]
            situation = self._situation(seat, True, False)
            result = score_win(self.rules, concealed, drawn, p.melds, situation, self.position.honba)
            if result is None:
                return None
            self._wins[seat] = result
        return self._wins[seat]

    def _ron_result(self, seat: int, tile: int, chankan: bool = False) -> HandResult | None:
        p = self.players[seat]
        situation = self._situation(seat, False, chankan)
        result = score_win(self.rules, p.hand, tile, p.melds, situation, self.position.honba)
        if result is not None:
            self._wins[seat] = result
        return result

    def _ron(self, rons: list[int], chankan: bool) -> None:
        if self.rules.multi_ron is MultiRon.HEAD_BUMP:
            rons = rons[:1]
        elif triple_ron(self.rules, len(rons)):
            self._abort("triple_ron")
            return
        self.riichi_pending = -1  # a riichi discard won on is void: no stick
        tile = self.kan_tile if chankan else self.last_discard
        winners = [Win(s, self._wins[s], self.pao.get(s)) for s in rons]
        self._settle(winners, self.discarder, tile)

    def _settle(self, wins: list[Win], discarder: int | None, tile: int | None) -> None:
        pos = self.position
        per_winner = settle_each(
            wins, dealer=self.east, discarder=discarder, honba=pos.honba,
            riichi_sticks=pos.sticks, rules=self.rules,
        )
        deltas = [sum(d[s] for d in per_winner) for s in range(self.seats)]
        self.stick_owners = []
        assert tile is not None
        dora, ura = self._indicators()
        for w, own in zip(wins, per_winner):
            r = w.result
            for s in range(self.seats):
                self.scores[s] += own[s]
            if not self._heard:
                continue
            self._emit(
                ev.Hora(
                    actor=w.seat,
                    target=w.seat if discarder is None else discarder,
                    pai=tile,
                    deltas=own,
                    scores=tuple(self.scores),
                    han=r.han,
                    fu=r.fu,
                    points=r.points,
                    yaku=tuple(r.yaku.items()),
                    dora_markers=dora,
                    ura_markers=counted_ura(ura, riichi=r.riichi, rules=self.rules),
                    pao=w.liable if _pao_applies(self.rules, w) else None,
                )
            )
        seats = tuple(w.seat for w in wins)
        dealer_won = self.east in seats
        self._end_hand(
            "win",
            "tsumo" if discarder is None else "ron",
            seats,
            discarder,
            deltas,
            tuple(w.result for w in wins),
            dealer_stays=dealer_won,
            add_counter=dealer_won,
            sticks=0,
        )

    # ------------------------------------------------------------------ draws
    def _exhaustive_draw(self) -> None:
        rules = self.rules
        tenpai = tuple(s for s in range(self.seats) if self.players[s].waits_mask)
        nagashi = [
            s for s, p in enumerate(self.players) if p.nagashi and p.discards
        ] if rules.nagashi is not Nagashi.NONE else []
        if nagashi:
            reason, deltas = "nagashi_mangan", nagashi_payments(nagashi, self.dealer)
        else:
            reason, deltas = "exhaustive", noten_payments(rules.noten_total, tenpai, self.seats)
        for s in range(self.seats):
            self.scores[s] += deltas[s]
        if self._heard:
            self._emit(ev.Ryukyoku(reason, tenpai, tuple(deltas), tuple(self.scores)))
        dealer_tenpai = rules.tenpai_renchan and self.east in tenpai
        self._end_hand(
            "draw", reason, (), None, deltas, (),
            dealer_stays=dealer_tenpai, add_counter=True, sticks=self.position.sticks,
        )

    def _abort(self, reason: str) -> None:
        self.riichi_pending = -1
        self._emit(ev.Ryukyoku(reason, (), (0,) * self.seats, tuple(self.scores)))
        self._end_hand(
            "abort", reason, (), None, [0] * self.seats, (),
            dealer_stays=True, add_counter=True, sticks=self.position.sticks,
        )

    def _end_hand(
        self,
        kind: str,
        reason: str,
        winners: tuple[int, ...],
        discarder: int | None,
        deltas: Sequence[int],
        results: tuple[HandResult, ...],
        dealer_stays: bool,
        add_counter: bool,
        sticks: int,
    ) -> None:
        pos = self.position
        if self._heard:
            self._emit(ev.EndKyoku())
        self.outcomes.append(
            HandOutcome(pos, kind, reason, winners, discarder, tuple(deltas), results)
        )
        self.claims = {}
        self.responses = {}
        self._turn_actions = None
        self.hand_number += 1
        self.position = next_position(pos, dealer_stays, add_counter, sticks, self.rules.winds)
        if game_over(self.rules, pos, self.scores, dealer_stays, kind):
            self._end_game()
        else:
            self._start_hand()

    def _end_game(self) -> None:
        bonus = share_sticks(self.rules, self.scores, self.position.sticks, self.stick_owners)
        for s in range(self.seats):
            self.scores[s] += bonus[s]
        self.stick_owners = []
        ranks, results = final_results(self.rules, self.scores)
        self.final_scores = tuple(self.scores)
        self.results = tuple(results)
        self.ranks = tuple(ranks)
        self.phase = _OVER
        self._emit(ev.EndGame(tuple(self.scores), tuple(results), tuple(ranks)))


def _pao_applies(rules: RuleSet, w: Win) -> bool:
    return w.liable is not None and any(y in w.result.yaku for y in rules.pao)


def _plain_fields(action: object) -> bool:
    """Whether every field of an action is an int or a tuple of ints (nothing that could compare
    or index strangely)."""
    for name in action._fields:  # type: ignore[attr-defined]
        value = getattr(action, name)
        if type(value) is not int and not (
            type(value) is tuple and all(type(v) is int for v in value)
        ):
            return False
    return True
