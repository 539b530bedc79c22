"""Replay a game record through the engine and report where the two disagree.

:func:`replay` plays a :class:`~riichi.logs.record.GameRecord` (read from mjai, tenhou.net/6 or
mjlog) on a :class:`~riichi.game.state.GameState`: each round on the record's wall (the exact one
for an mjlog with its shuffle seed, else one rebuilt from the tiles the record shows), each seat
taking the record's actions. The :class:`ReplayReport` lists every :class:`Difference`: a start of
round, a draw or an action the engine does not allow, a win paid differently, another draw result,
other final scores (when the record states them: :attr:`~riichi.logs.record.GameRecord.final_scores_stated`).
After a difference that leaves the two apart the replay goes on from the
record's next round.

It lives in :mod:`riichi.game` because it drives the engine; :mod:`riichi.logs` names it too.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> from riichi.logs import GameRecord
>>> result = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
>>> report = replay(GameRecord.from_events(result.events), rules="tenhou")
>>> report.differences, report.events == result.events
((), True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from riichi._deprecated import RenamedAttribute
from riichi.errors import InvalidRuleError, RiichiError, WrongTypeError
from riichi.game.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.game.flow import STICK, Position
from riichi.game.game import Game
from riichi.game.phase import CHANKAN, CLAIM, KITA, TURN
from riichi.game.state import GameState
from riichi.logs import events as ev
from riichi.logs.events import (
    AnkanDeclared, ChiCalled, DaiminkanCalled, Dahai, Draw, EndGame, EndKyoku, Hora, KakanDeclared,
    KitaDeclared, PonCalled, Reach, Ryukyoku, StartKyoku,
)
from riichi.logs.record import GameRecord, RoundRecord
from riichi.rules import RuleSet
from riichi.tiles import WIND_LETTERS

__all__ = ["Decision", "Difference", "ReplayReport", "replay", "rules_of", "table_points"]



@dataclass(frozen=True, slots=True)
class Difference:
    """One disagreement: in round ``round`` (index into the record's rounds; None for the game as
    a whole) at event ``event`` (index into that round's events), in what ``aspect`` of the game
    (``"start"``, ``"draw"``, ``"illegal"``, ``"win"``, ``"draw_result"``, ``"round_end"``,
    ``"game_end"``, ``"final_scores"``), described by ``message``."""

    round: int | None
    event: int | None
    aspect: str
    message: str

    kind = RenamedAttribute[str]("aspect")
    """Deprecated: :attr:`aspect`."""

    def __str__(self) -> str:
        where = "game" if self.round is None else f"round {self.round}"
        if self.event is not None:
            where += f", event {self.event}"
        return f"{where}: {self.aspect}: {self.message}"


@dataclass(frozen=True, slots=True)
class ReplayReport:
    """What :func:`replay` found: the events the engine played (up to the end of the record's
    last round, or the end of the game), every difference from the record, and the rules the
    engine played them under."""

    record: GameRecord
    events: tuple[ev.Event, ...]
    differences: tuple[Difference, ...]
    rules: RuleSet | None = None

    @property
    def ok(self) -> bool:
        """The engine played the record exactly."""
        return not self.differences

    @property
    def red_fives(self) -> bool:
        """Whether the record's game has red fives (its tiles are the record's)."""
        return self.record.red_fives


_ANSWERS = (CLAIM, CHANKAN, KITA)  # the phases where seats answer an offered tile
"""The phases in which seats answer a tile offered to them (a discard, a kan, a North set aside)."""


class Apart(Exception):
    """The engine and the record went apart in this round (the difference is recorded)."""


Decision = Callable[[int, GameState, int, Action], None]
"""Called by :func:`replay` before each action it takes: the index of the record's round, the
state at the decision, the seat deciding and its action (one of ``state.legal(seat)``)."""


class RoundReplay:
    """Drives one round of the record on ``state``."""

    def __init__(self, state: GameState, rnd: RoundRecord, index: int, out: list[Difference],
                 on_decision: Decision | None = None) -> None:
        self.state = state
        self.rnd = rnd
        self.index = index
        self.out = out
        self.on_decision = on_decision
        self.k = 0
        events = state.events
        self.begin = next(k for k in range(len(events) - 1, -1, -1)
                          if isinstance(events[k], StartKyoku))

    def apply(self, seat: int, action: Action) -> None:
        """Take ``action``, a legal action of ``seat``, telling the hook first."""
        if self.on_decision is not None:
            self.on_decision(self.index, self.state, seat, action)
        self.state.answer(action, seat)  # apply(action, seat=seat), called at C level

    def differ(self, aspect: str, message: str) -> None:
        self.out.append(Difference(self.index, self.k, aspect, message))

    def apart(self, aspect: str, message: str) -> Apart:
        self.differ(aspect, message)
        return Apart()

    def run(self) -> None:
        self.check_start()
        events = self.rnd.events
        riichi: set[int] = set()
        hands_before = len(self.state.outcomes)
        self.k = 1
        while self.k < len(events):
            e = events[self.k]
            if isinstance(e, Draw):
                self.draw(e)
            elif isinstance(e, Dahai):
                self.dahai(e, riichi)
            elif isinstance(e, Reach):
                riichi.add(e.actor)
            elif isinstance(e, (ChiCalled, PonCalled)):
                want = sorted(ev.mjai_tile(t) for t in e.consumed)
                call = ChiCalled if isinstance(e, ChiCalled) else PonCalled
                action = Chi if call is ChiCalled else Pon
                self.claim({e.actor: lambda a, s: type(a) is action
                            and sorted(ev.mjai_tile(t) for t in _tiles(a)) == want}, e)
            elif isinstance(e, DaiminkanCalled):
                self.claim({e.actor: lambda a, s: isinstance(a, Daiminkan)}, e)
            elif isinstance(e, KakanDeclared):
                self.take(e, e.actor, lambda a, s: isinstance(a, Kakan) and a.tile_type == e.pai // 4)
            elif isinstance(e, AnkanDeclared):
                self.take(e, e.actor, lambda a, s: isinstance(a, Ankan) and a.tile_type == e.consumed[0] // 4)
            elif isinstance(e, KitaDeclared):
                self.take(e, e.actor, lambda a, s: isinstance(a, Kita))
            elif isinstance(e, Hora):
                self.wins()
            elif isinstance(e, Ryukyoku):
                self.draw_result(e)
            self.k += 1
        ended = len(self.state.outcomes) > hands_before
        if ended != _ends(events):
            self.k = len(events) - 1
            raise self.apart("round_end", "the engine ended the round" if ended else
                             "the record ended the round, the engine did not")

    def draw(self, e: Draw) -> None:
        """The claims on the last discard passed, the draw ``e`` records is the table's."""
        self.pass_claims()
        s = self.state
        if s.phase is not TURN or s.turn != e.actor or s.drawn is None or s.drawn != e.pai:
            got = "no draw" if s.drawn is None or s.phase is not TURN else \
                f"seat {s.turn} draws {ev.mjai_tile(s.drawn)}"
            raise self.apart("draw", f"record: seat {e.actor} draws {ev.mjai_tile(e.pai)}; engine: {got}")

    def dahai(self, e: Dahai, riichi: set[int]) -> None:
        """Take the discard ``e`` records: a riichi's when its seat declared one (``riichi``, the
        seats whose declaration waits for its discard)."""
        actor = e.actor
        cls: type = Riichi if actor in riichi else Discard
        riichi.discard(actor)
        if not e.tsumogiri and e.pai == self.state.drawn and _dealers_opening(self.rnd.events, self.k):
            e = ev.shared_dahai(actor, e.pai, True)  # the 14th tile, dealt: either flag is the writer's convention
        self.apply(actor, self.discard(e, cls))

    def check_start(self) -> None:
        got = self.state.events[self.begin]
        assert isinstance(got, StartKyoku)
        want = self.rnd.start
        for field in ("bakaze", "kyoku", "honba", "kyotaku", "oya", "dora_marker", "scores", "tehais"):
            a, b = getattr(want, field), getattr(got, field)
            if field == "tehais":
                a, b = [sorted(h) for h in a], [sorted(h) for h in b]
            if a != b:  # the wall holds the record's very tiles: the same ids
                raise self.apart("start", f"{field}: record {want.to_mjai()[field]!r}, "
                                          f"engine {got.to_mjai()[field]!r}")

    def pass_claims(self, chosen: dict[int, Action] | None = None) -> None:
        s = self.state
        while s.phase in _ANSWERS:
            for seat in list(s.acting_seats):
                self.apply(seat, (chosen or {}).get(seat) or _listed_pass(s, seat))

    def find(self, seat: int, matches: Callable[[Action, GameState], bool], what: ev.Event) -> Action:
        """The legal action of ``seat`` that does what ``what`` records: the very same tiles when
        the engine offers them, else the same tiles by name."""
        s = self.state
        legal = s.legal(seat)
        tiles = _tiles_of(what)
        found = None
        for a in legal:
            if matches(a, s):
                if _tiles(a) == tiles:
                    return a
                found = found or a
        if found is not None:
            return found
        shown = ", ".join(repr(a) for a in legal[:8])
        raise self.apart("illegal", f"{what.to_mjai()} is not legal for the engine (seat {seat} may: [{shown}])")

    def take(self, e: ev.Event, seat: int, matches: Callable[[Action, GameState], bool]) -> None:
        self.apply(seat, self.find(seat, matches, e))

    def discard(self, e: Dahai, cls: type) -> Action:
        """The listed discard (or riichi, ``cls``) that ``e`` records: the very tile, or a tile of
        the same name discarded from the same place (the drawn tile or the hand)."""
        s = self.state
        actor, pai = e.actor, e.pai
        if s.phase is TURN and s.turn == actor and (pai == s.drawn) == e.tsumogiri:
            for a in s.legal(actor):
                if type(a) is cls:
                    listed = a  # a C field below in the compiled build (replay.pxd)
                    if listed.tile == pai:  # type: ignore[union-attr]
                        return a
        return self.find(actor, _discarding(e, cls), e)

    def claim(self, wanted: dict[int, Callable[[Action, GameState], bool]], e: ev.Event) -> None:
        if self.state.phase not in _ANSWERS:
            raise self.apart("illegal", f"{e.to_mjai()}: the engine has no claim open")
        chosen = {seat: self.find(seat, m, e) for seat, m in wanted.items()}
        self.pass_claims(chosen)

    def wins(self) -> None:
        events = self.rnd.events
        first = self.k
        while self.k + 1 < len(events) and isinstance(events[self.k + 1], Hora):
            self.k += 1
        wins = [e for e in events[first : self.k + 1] if isinstance(e, Hora)]
        self.k = first
        before = len(self.state.events)
        if wins[0].actor == wins[0].target:
            self.take(wins[0], wins[0].actor, lambda a, s: isinstance(a, Tsumo))
        else:
            self.claim({w.actor: (lambda a, s: isinstance(a, Ron)) for w in wins}, wins[0])
        self.k += len(wins) - 1
        horas = [e for e in self.state.events[before:] if isinstance(e, Hora)]
        if [_win_key(h) for h in horas] != [_win_key(h) for h in wins]:
            got = [_win_summary(h) for h in horas]
            want = [_win_summary(h) for h in wins]
            raise self.apart("win", f"record {want}, engine {got}")

    def draw_result(self, e: ev.Ryukyoku) -> None:
        s = self.state
        if e.reason == "nine_terminals":
            self.take(e, s.turn, lambda a, st: isinstance(a, NineTerminals))
        elif e.reason == "triple_ron":
            self.claim({seat: (lambda a, st: isinstance(a, Ron)) for seat in s.acting_seats
                        if Ron(seat) in s.legal_actions(seat)}, e)
        else:
            self.pass_claims()
        got = [x for x in s.events[self.begin :] if isinstance(x, (Ryukyoku, Hora))]
        summary = [x.to_mjai() for x in got]
        if len(got) != 1 or not isinstance(got[0], Ryukyoku) \
                or (got[0].reason, got[0].deltas) != (e.reason, e.deltas):
            raise self.apart("draw_result", f"record {e.reason} {list(e.deltas)}, engine {summary or 'no result'}")


def _ends(events: Sequence[ev.Event]) -> bool:
    """Whether a round's ``events`` hold its end."""
    for e in events:
        if isinstance(e, EndKyoku):
            return True
    return False


def _dealers_opening(events: Sequence[ev.Event], k: int) -> bool:
    """Whether the discard ``events[k]`` is the dealer's first of the hand, from the 14 tiles
    dealt: Tenhou writes the 14th tile as a draw and its discard as tsumogiri, Mahjong Soul deals
    it and RiichiEnv's ``default_mjsoul`` rules write that discard as tedashi."""
    start, first = events[0], events[1]
    if not isinstance(start, StartKyoku) or not isinstance(first, Draw) or first.actor != start.oya:
        return False
    return all(isinstance(e, Reach) for e in events[2:k])  # a double riichi's declaration before it


def _listed_pass(state: GameState, seat: int) -> Action:
    """The pass the table lists for ``seat`` (the last of its options)."""
    legal = state.legal(seat)
    return legal[-1] if legal and type(legal[-1]) is Pass else Pass(seat)


def _discarding(e: ev.Dahai, cls: type) -> Callable[[Action, GameState], bool]:
    """Whether an action is a discard (or riichi, ``cls``) of a tile of the name ``e`` records
    from the same place (the drawn tile or the hand)."""
    def matches(action: Action, state: GameState) -> bool:
        if type(action) is not cls:
            return False
        tile = action.tile  # type: ignore[union-attr]
        return ev.mjai_tile(tile) == ev.mjai_tile(e.pai) and (tile == state.drawn) == e.tsumogiri
    return matches


def _tiles(action: Action) -> tuple[int, ...]:
    if isinstance(action, (Discard, Riichi, Kita)):
        return (action.tile,)
    return tuple(getattr(action, "tiles", ()))


def _tiles_of(event: ev.Event) -> tuple[int, ...]:
    if isinstance(event, (Dahai, KitaDeclared)):
        return (event.pai,)
    return tuple(getattr(event, "consumed", ()))


def _win_key(h: ev.Hora) -> tuple[object, ...]:
    """What must agree: who won on what from whom, the payments, the very indicators."""
    return (h.actor, h.target, ev.mjai_tile(h.pai), h.deltas, h.dora_markers, h.ura_markers)


def _win_summary(h: ev.Hora) -> tuple[object, ...]:
    return (h.actor, h.target, ev.mjai_tile(h.pai), list(h.deltas),
            [ev.mjai_tile(t) for t in h.dora_markers], [ev.mjai_tile(t) for t in h.ura_markers])


def table_points(start: ev.StartKyoku) -> int:
    """The points on the table as ``start`` deals (the scores and the riichi sticks): a record's
    own, whatever start points the rules that replay it give."""
    return sum(start.scores) + STICK * start.kyotaku


def rules_of(record: GameRecord, rules: RuleSet | str | None) -> RuleSet | str:
    """``rules``, or when None the rules ``record`` carries (:attr:`GameRecord.rules`): what a
    record is replayed under; a record that carries none needs ``rules``."""
    if rules is not None:
        return rules
    if record.rules is None:
        raise InvalidRuleError("the record carries no rule set: give rules= (a preset name or a "
                               "RuleSet)")
    return record.rules


def replay(record: GameRecord, *, rules: RuleSet | str | None = None,
           on_decision: Decision | None = None) -> ReplayReport:
    """Play ``record`` through the engine under ``rules`` (by default the rules the record
    carries, :attr:`GameRecord.rules`) and report every difference.

    The game starts where the record's first round does (round, dealer, counters, sticks, scores).
    ``on_decision`` is called before each action the replay takes, with the round's index, the
    state, the seat and the action (every decision of every seat: the passes on claims too).
    Rules for another number of players than the record's seats are refused (InvalidRuleError).
    """
    if not isinstance(record, GameRecord):
        raise WrongTypeError(f"record: expected a GameRecord (riichi.logs.read), got {type(record).__name__}")
    game = Game(rules_of(record, rules))
    if game.rules.players != len(record.names):
        raise InvalidRuleError(f"rules {game.rules.name!r} are for {game.rules.players} players: a record "
                               f"of {len(record.names)} seats cannot be replayed under them")
    walls = record.round_walls()
    out: list[Difference] = []
    played: list[ev.Event] = []
    state: GameState | None = None
    kept = 0  # engine events of the current state that belong to the report
    for index, rnd in enumerate(record.rounds):
        if state is not None and state.is_over:
            out.append(Difference(index, 0, "game_end", "the engine ended the game before this round"))
            played.extend(state.events[kept:])
            state = None
        if state is None:
            start = rnd.start
            try:
                position = Position(WIND_LETTERS.index(start.bakaze), start.kyoku - 1, start.honba,
                                    start.kyotaku)
                state = game.new_state(walls=walls[index:], position=position, scores=start.scores,
                                       table_points=table_points(start))
            except RiichiError as error:  # a round these rules do not play (a West round)
                out.append(Difference(index, 0, "start", str(error)))
                continue
            kept = 0 if not played else 1  # one start_game in the report
            played.extend(state.events[kept:])
            kept = len(state.events)
        try:
            RoundReplay(state, rnd, index, out, on_decision).run()
        except Apart:
            played.extend(state.events[kept:])
            state = None
            continue
        events = state.events
        # up to the round's end; a round the record cut goes as far as it was played
        upto = next((k + 1 for k in range(len(events) - 1, kept - 1, -1)
                     if isinstance(events[k], (EndKyoku, EndGame))), len(events))
        played.extend(state.events[kept:upto])
        kept = upto
    if state is not None and state.is_over:
        played.extend(state.events[kept:])
    if record.end is not None:
        if state is None or not state.is_over:
            out.append(Difference(None, None, "game_end", "the record ended the game, the engine did not"))
        elif record.final_scores_stated and list(state.final_scores or ()) != list(record.end.scores):
            out.append(Difference(None, None, "final_scores",
                                  f"record {list(record.end.scores)}, engine {list(state.final_scores or ())}"))
    return ReplayReport(record, tuple(played), tuple(out), game.rules)
