"""The game as one human seat plays it: the engine, the AI seats, what happened, how hands ended.

A :class:`HumanGame` owns a :class:`~riichi.game.GameState`, lets the AI seats move one step at a
time (so a terminal can show each discard), accepts the human's actions, and keeps a
:class:`HandSummary` of every finished hand until the human has seen it. It knows nothing of
keys or screens.

>>> from riichi.agents import RandomAgent
>>> table = HumanGame("cardavia", seed=4, opponents=[RandomAgent(s) for s in (1, 2, 3)])
>>> table.human_actions() != [], table.seat in table.state.acting_seats
(True, True)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from riichi._deprecated import RenamedAttribute
from riichi.agents.registry import BUILTIN_PLAYERS
from riichi.game.agent import Agent
from riichi.errors import IllegalActionError, PlayError, named_int
from riichi.game import Action, Discard, Game, Observation, Phase, Wall
from riichi.game import events as ev
from riichi.game.flow import Position
from riichi.game.hand_end import HandEnding
from riichi.meld import Meld
from riichi.rules import RuleSet
from riichi.scoring import HandResult
from riichi.play.tiletext import WIND_NAMES, tiles_text

__all__ = [
    "OPPONENTS",
    "PlayError",
    "ShownHand",
    "WinSummary",
    "HandSummary",
    "HumanGame",
    "make_opponents",
]

OPPONENTS = BUILTIN_PLAYERS
"""Opponent names accepted by ``--opponents``: the built-in players
(:data:`riichi.agents.BUILTIN_PLAYERS`)."""

# Spawn-key branch of the opponents' generators, apart from the walls' (game, hand) keys.
_AGENT_KEY = 1 << 20



def make_opponents(names: Sequence[str], seed: int, count: int = 3) -> list[Agent]:
    """The ``count`` AI players named (one name serves all), each seeded from ``seed``: three at
    a table of four, two at a table of three.

    >>> [type(a).__name__ for a in make_opponents(["random"], seed=1)]
    ['RandomAgent', 'RandomAgent', 'RandomAgent']
    >>> [type(a).__name__ for a in make_opponents(["random", "defensive"], seed=1, count=2)]
    ['RandomAgent', 'DefensiveAgent']
    >>> make_opponents(["tenhou"], seed=1)
    Traceback (most recent call last):
    ...
    riichi.errors.PlayError: unknown opponent 'tenhou'; expected one of random, efficiency, defensive
    """
    seed = named_int("seed", seed, "a whole number >= 0")
    if seed < 0:
        raise PlayError(f"seed={seed}: expected a whole number >= 0")
    names = list(names)
    if len(names) == 1:
        names *= count
    if len(names) != count:
        raise PlayError(
            f"expected 1 or {count} opponent names, got {len(names)}: {','.join(names)}"
        )
    out: list[Agent] = []
    for k, name in enumerate(names):
        player = OPPONENTS.get(name)
        if player is None:
            raise PlayError(f"unknown opponent {name!r}; expected one of {', '.join(OPPONENTS)}")
        state = np.random.SeedSequence(seed, spawn_key=(_AGENT_KEY, k)).generate_state(1)
        out.append(player.make(seed=int(state[0])))
    return out


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand laid open at the end: concealed 136-ids (sorted, the winning tile not among them),
    melds, and the winning tile (``None`` for a tenpai hand shown at a draw)."""

    seat: int
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    winning_tile: int | None = None


@dataclass(frozen=True, slots=True)
class WinSummary:
    """One winner: the hand, who paid (``from_seat`` is ``None`` for a tsumo), the scored result,
    the point changes of this win alone, counters and sticks included, and the seat liable for
    it (pao), which pays it alone or shares a ron with the discarder (``None``: nobody)."""

    hand: ShownHand
    from_seat: int | None
    result: HandResult
    deltas: tuple[int, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    pao: int | None = None

    @property
    def sticks_won(self) -> int:
        """The riichi sticks this win takes from the table, in points: the deltas' sum, as every
        other payment goes from seat to seat (the scored result's ``payments.sticks`` leaves
        them out: the table settles them)."""
        return sum(self.deltas)


@dataclass(frozen=True, slots=True)
class HandSummary:
    """How a hand ended, for the end-of-hand screen.

    ``ending`` is a :class:`~riichi.game.hand_end.HandEnding`; ``reason`` ``"tsumo"``, ``"ron"``
    or the draw's reason; ``tenpai`` the hands shown at an exhaustive draw; ``deltas`` and
    ``scores`` the point changes of the hand and the points after it, by seat;
    ``start_scores`` the points when the hand was dealt (the riichi sticks put down in the hand
    are the difference the deltas leave).
    """

    position: Position
    ending: HandEnding
    reason: str
    wins: tuple[WinSummary, ...]
    tenpai: tuple[ShownHand, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    start_scores: tuple[int, ...] = ()

    kind = RenamedAttribute[HandEnding]("ending")
    """Deprecated: :attr:`ending`."""

    @property
    def dealer(self) -> int:
        """The dealer's seat in the hand."""
        return self.position.kyoku


@dataclass(slots=True)
class _HandSeen:
    """What one hand showed the table: the points when it was dealt, its wins (each win's event
    and the hand laid open), the hands shown at an exhaustive draw, and the points after it."""

    start_scores: tuple[int, ...]
    wins: list[tuple[ev.Hora, ShownHand]] = field(default_factory=list)
    tenpai: list[ShownHand] = field(default_factory=list)
    scores_after: tuple[int, ...] = ()


class HumanGame:
    """A game in which seat :attr:`seat` is played by a person and the others by ``opponents``
    (in turn order after the human): four seats, or three under three-player rules. ``walls``
    fixes the walls of the first hands, as in :meth:`riichi.game.Game.new_state`."""

    def __init__(
        self,
        rules: RuleSet | str,
        seed: int,
        opponents: Sequence[Agent],
        seat: int = 0,
        *,
        walls: Sequence[Wall] = (),
        log_size: int = 4,
    ) -> None:
        ruleset = RuleSet.coerce(rules)
        players = ruleset.players
        if players < 3:
            raise PlayError(
                f"the table seats three or four players; rules {ruleset.name!r} have {players}"
            )
        seat = named_int("seat", seat, f"a seat 0-{players - 1}")
        if not 0 <= seat < players:
            raise PlayError(f"seat={seat}: expected 0-{players - 1}")
        if len(opponents) != players - 1:
            raise PlayError(f"expected {players - 1} opponents, got {len(opponents)}")
        game = Game(rules, seed)  # refuses a seed that is no whole number >= 0
        self.seat = seat
        self.seed = game.seed
        self.agents = {(seat + k) % players: opponents[k - 1] for k in range(1, players)}
        self.log: deque[str] = deque(maxlen=log_size)
        """The latest things that happened at the table, in words, oldest first."""
        self.summaries: deque[HandSummary] = deque()
        """Finished hands the human has not dismissed yet."""
        # What each hand showed, by its number in the game: the engine plays on into the next
        # hand (and may finish it) before the human's next decision, when the hands are summed up
        self._seen: list[_HandSeen] = []
        self._red_fives = ruleset.red_fives  # read by the log of the deal, before self.state
        self.state = game.new_state(walls=walls, on_event=self._on_event)
        self._hands_seen = 0
        self.moves = 0
        """Actions applied so far (a new decision whenever it changes)."""

    # ------------------------------------------------------------------ what to show
    @property
    def rules(self) -> RuleSet:
        """The rules being played."""
        return self.state.rules

    @property
    def observation(self) -> Observation:
        """The table as the human's seat sees it."""
        return Observation(self.state, self.seat)

    @property
    def summary(self) -> HandSummary | None:
        """The oldest finished hand the human has not dismissed, if any."""
        return self.summaries[0] if self.summaries else None

    @property
    def is_over(self) -> bool:
        """The game has ended and every hand's summary has been dismissed."""
        return self.state.is_over and not self.summaries

    def name(self, seat: int) -> str:
        """``"You"`` for the human, else the seat's wind in the current hand."""
        return "You" if seat == self.seat else self.wind_name(seat)

    def tiles_text(self, tiles: Iterable[int]) -> str:
        """136-ids as the screen writes them under these rules (``0p`` only where red fives
        are played)."""
        return tiles_text(tiles, self._red_fives)

    def wind_name(self, seat: int) -> str:
        """The seat's wind in the current hand."""
        return WIND_NAMES[(seat - self.state.dealer) % self.rules.players]

    # ------------------------------------------------------------------ moves
    def human_actions(self) -> list[Action]:
        """What the human may do now (empty while others decide or a summary is showing)."""
        if self.summaries or self.seat not in self.state.acting_seats:
            return []
        return list(self.state.legal_actions(self.seat))

    def ai_pending(self) -> bool:
        """Some AI seat must act before the human can (and no summary is waiting)."""
        if self.summaries or self.state.is_over:
            return False
        return any(s != self.seat for s in self.state.acting_seats) or self._forced() is not None

    def ai_step(self) -> bool:
        """Let the AI act: one turn (draw done, discard or call or win), or every AI answer to a
        discard at once. A human in riichi who may only discard the drawn tile discards it here.
        Returns whether a turn was played (worth a pause on screen; answers to a discard are
        not, so a pause never shows that an AI had a call)."""
        if not self.ai_pending():
            return False
        state = self.state
        forced = self._forced()
        if forced is not None:
            self._apply(forced)
            return True
        if state.phase is Phase.TURN:
            seat = state.turn
            self._apply(self.agents[seat].act(Observation(state, seat), state.legal_actions(seat)))
            return True
        phase, hand = state.phase, state.hand_number
        for seat in [s for s in state.acting_seats if s != self.seat]:
            if state.phase is not phase or state.hand_number != hand:
                break
            obs = Observation(state, seat)
            self._apply(self.agents[seat].act(obs, state.legal_actions(seat)))
        return False

    def act(self, action: Action) -> None:
        """Take the human's ``action``; :class:`~riichi.errors.IllegalActionError` (and nothing
        changed) if it is not one of :meth:`human_actions`."""
        if action not in self.human_actions():
            raise IllegalActionError(f"{action!r} is not one of the human's legal actions now")
        self._apply(action)

    def dismiss(self) -> None:
        """The human has seen the oldest hand summary."""
        if self.summaries:
            self.summaries.popleft()

    def _forced(self) -> Action | None:
        """The human's only action when it is the discard of the drawn tile in riichi."""
        if self.summaries or self.seat not in self.state.acting_seats:
            return None
        legal = self.state.legal_actions(self.seat)
        riichi = self.state.players[self.seat].riichi
        return legal[0] if riichi and len(legal) == 1 and isinstance(legal[0], Discard) else None

    def _apply(self, action: Action) -> None:
        self.state.apply(action)
        self.moves += 1
        outcomes = self.state.outcomes
        while self._hands_seen < len(outcomes):
            self._summarise(self._hands_seen)
            self._hands_seen += 1

    def _summarise(self, index: int) -> None:
        outcome = self.state.outcomes[index]
        seen = self._seen[index]
        wins = tuple(
            WinSummary(
                hand=hand,
                from_seat=None if hora.target == hora.actor else hora.target,
                result=result,
                deltas=hora.deltas,
                dora_indicators=hora.dora_markers,
                ura_indicators=hora.ura_markers,
                pao=hora.pao,
            )
            for (hora, hand), result in zip(seen.wins, outcome.results)
        )
        self.summaries.append(
            HandSummary(
                outcome.position, outcome.ending, outcome.reason, wins, tuple(seen.tenpai),
                outcome.deltas, seen.scores_after, seen.start_scores,
            )
        )

    # ------------------------------------------------------------------ events
    def _on_event(self, event: ev.Event) -> None:
        """Record what a person at the table would see happen (and the hands laid open)."""
        if isinstance(event, ev.StartKyoku):
            self._seen.append(_HandSeen(event.scores))
        if isinstance(event, (ev.Hora, ev.Ryukyoku)):
            self._seen[-1].scores_after = event.scores
        if isinstance(event, ev.Hora):
            tsumo = event.actor == event.target
            self._seen[-1].wins.append((event, self._shown(event.actor, event.pai, tsumo)))
            how = "tsumo" if tsumo else f"ron on {self.name(event.target)}"
            self._say(f"{self.name(event.actor)}: {how}!")
        elif isinstance(event, ev.Ryukyoku):
            self._seen[-1].tenpai = [self._shown(s, None, False) for s in event.tenpai]
            self._say(f"Draw ({event.reason.replace('_', ' ')})")
        else:
            text = self._describe(event)
            if text:
                self._say(text)

    def _describe(self, event: ev.Event) -> str | None:
        if isinstance(event, ev.Dahai):
            return f"{self.name(event.actor)}: discard {self.tiles_text([event.pai])}"
        if isinstance(event, (ev.ChiCalled, ev.PonCalled, ev.DaiminkanCalled)):
            call = {"daiminkan": "kan"}.get(event.type, event.type)
            return (f"{self.name(event.actor)}: {call} {self.tiles_text([event.pai])} "
                    f"from {self.name(event.target)}")
        if isinstance(event, ev.AnkanDeclared):
            # its four tiles, as the meld shows them: a kan of fives holds the red one (0p 5p 5p 5p)
            return f"{self.name(event.actor)}: concealed kan {self.tiles_text(sorted(event.consumed))}"
        if isinstance(event, ev.KakanDeclared):
            return f"{self.name(event.actor)}: added kan {self.tiles_text([event.pai])}"
        if isinstance(event, ev.Reach):
            return f"{self.name(event.actor)}: riichi!"
        if isinstance(event, ev.KitaDeclared):
            return f"{self.name(event.actor)}: kita (sets a North aside)"
        if isinstance(event, ev.Dora):
            return f"New dora indicator {self.tiles_text([event.dora_marker])}"
        if isinstance(event, ev.Draw) and event.actor == self.seat:
            return f"You draw {self.tiles_text([event.pai])}"
        return None

    def _say(self, text: str) -> None:
        self.log.append(text)

    def _shown(self, seat: int, winning: int | None, tsumo: bool) -> ShownHand:
        p = self.state.players[seat]
        concealed = sorted(p.hand)
        if tsumo and winning is not None:
            concealed.remove(winning)
        return ShownHand(seat, tuple(concealed), tuple(p.melds), winning)
