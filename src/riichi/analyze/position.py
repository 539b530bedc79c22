"""Decision points of a game record: where a seat chose among several legal actions, the table
as it stood there, and the action the record shows it took.

A decision point is named by an event index into :attr:`GameRecord.events
<riichi.logs.GameRecord.events>` (the decision made just before that event) or by the round and
the seat's turn as a viewer shows them: ``E3-2-7`` is the seat's 7th discard in East 3 with 2
honba, ``E3-7`` the same with no honba (``S``, ``W``, ``N`` for the later winds). The table there is
rebuilt by replaying the record through the engine (:mod:`riichi.game.replay`) up to that event.
A refusal names a seat as people count them, 1-4 (``seat=1`` is seat 2), as the analysis' tables
do.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> result = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
>>> record, rules = as_record(result)
>>> point = find_point(record, rules, "E1-3", seat=1)
>>> point.seat, point.label, point.state.acting_seats
(1, 'E1-3', [1])
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from riichi.errors import AnalysisError, RiichiError, named_int, quoted
from riichi.game import Game
from riichi.game.actions import (
    Action, Ankan, Chi, Daiminkan, Discard, Kakan, Kita, NineTerminals, Pass, Pon, Riichi, Ron,
    Tsumo,
)
from riichi.game.flow import Position
from riichi.game.game import GameResult
# the engine's own round driver, stopped early
from riichi.game.replay import Apart, Difference, RoundReplay, table_points
from riichi.game.state import GameState, Phase
from riichi.logs import events as ev
from riichi.logs.record import GameRecord, RoundRecord
from riichi.rules import RuleSet
from riichi.tiles import WIND_LETTERS, format_ids, format_types, tile_id_name, tile_name

__all__ = ["AnalysisError", "DecisionPoint", "FALLBACK_RULES", "FALLBACK_RULES_3P",
           "FALLBACK_RULES_2P", "as_record",
           "fallback_rules", "find_point", "decision_points",
           "action_label", "all_last", "tiles_text"]


_TURN_NAME = re.compile(r"^([ESWN])([1-4])(?:-(\d+))?-(\d+)$", re.ASCII)  # "٣" is no number to type
_EVENT_INDEX = re.compile(r"\d+", re.ASCII)


@dataclass(frozen=True)
class DecisionPoint:
    """One decision of ``seat``: the table ``state`` (a private copy) before event ``event`` of
    the record (an index into ``record.events``), in round ``round`` (an index into
    ``record.rounds``), and the action the record shows it took (``played``). ``label`` is the
    viewer's name of the point (``E3-2-7``, or ``E3-2 #k`` for a claim, a kan or a kita, ``k`` the
    event index)."""

    record: GameRecord
    rules: RuleSet
    round: int
    local: int  # index of the event in the round's events
    event: int
    seat: int
    state: GameState
    played: Action
    label: str

    @property
    def legal(self) -> tuple[Action, ...]:
        """The seat's legal actions here."""
        return self.state.legal(self.seat)


FALLBACK_RULES = "tenhou"
FALLBACK_RULES_3P = "tenhou-3p"  # a three-player record's (Tenhou's three-player lobby)
FALLBACK_RULES_2P = "2p"  # a two-player record's (the package's own two-player game)
"""The preset a game record that carries no rule set is replayed under."""


def all_last(point: DecisionPoint) -> bool:
    """Whether the hand of ``point`` may be the game's last whatever happens in it (South 4 of
    a half game, a hand of the West extension, a single-hand game): there the hand's points
    matter only through the placement they give."""
    rules, pos = point.rules, point.state.position
    return bool(rules.single_hand or pos.round_wind >= rules.rounds
                or (pos.round_wind == rules.rounds - 1 and pos.kyoku == rules.winds - 1))


def as_record(record: GameRecord | GameResult | object, rules: RuleSet | str | None = None
              ) -> tuple[GameRecord, RuleSet]:
    """The :class:`GameRecord` and the rules of ``record`` (a record, or a game the engine
    played: then its own rules unless ``rules`` is given; a record is played under ``rules``,
    by default the rules it carries, else :func:`fallback_rules`' preset, without red fives
    when the record says it was played without them)."""
    if isinstance(record, GameResult):
        if not record.events:
            raise AnalysisError("record: a GameResult played with record_events=False keeps no "
                                "events to replay; expected one played with record_events=True")
        game_rules: RuleSet | str = rules if rules is not None else record.rules
        record, chosen = GameRecord.from_events(record.events), Game(game_rules).rules
    elif not isinstance(record, GameRecord):
        raise AnalysisError(
            f"record={quoted(record)}: expected a riichi.logs.GameRecord (riichi.logs.read reads "
            "mjai, tenhou.net/6 and mjlog) or a riichi.game.GameResult"
        )
    else:
        given = rules if rules is not None else record.rules
        chosen = Game(given if given is not None else fallback_rules(record)).rules
        if given is None and chosen.red_fives and not record.red_fives:  # a lobby without them
            chosen = dataclasses.replace(chosen, red_fives=False)
    if chosen.players != len(record.names):
        raise AnalysisError(f"rules={quoted(rules)}: a record of {len(record.names)} seats "
                            f"cannot be replayed under rules for {chosen.players} players")
    for index, wall in enumerate(record.round_walls()):  # refused now, not at the round's
        start_state(record, chosen, index, wall)         # first decision
    return record, chosen


def fallback_rules(record: GameRecord) -> str:
    """The preset a record that carries no rules is replayed under: :data:`FALLBACK_RULES`, or
    :data:`FALLBACK_RULES_3P` for a three-player record, :data:`FALLBACK_RULES_2P` for a
    two-player one."""
    return {3: FALLBACK_RULES_3P, 2: FALLBACK_RULES_2P}.get(len(record.names), FALLBACK_RULES)


def _round_name(start: ev.StartKyoku, honba: bool = True) -> str:
    name = f"{start.bakaze}{start.kyoku}"
    return f"{name}-{start.honba}" if honba and start.honba else name


def _locate(record: GameRecord, event: int) -> tuple[int, int]:
    """(round, index in the round) of the event ``event`` of ``record.events``."""
    k = event - 1  # record.events begins with start_game
    for index, rnd in enumerate(record.rounds):
        if 0 <= k < len(rnd.events):
            return index, k
        k -= len(rnd.events)
    last = _first_event(record, len(record.rounds)) - 1
    if last == 0:
        raise AnalysisError(f"at={event}: the record has no hand to analyse (no start_kyoku)")
    raise AnalysisError(f"at={event}: expected the index of an event inside a round (1-{last})")


def _first_event(record: GameRecord, round_index: int) -> int:
    return 1 + sum(len(r.events) for r in record.rounds[:round_index])


def start_state(record: GameRecord, rules: RuleSet, round_index: int, wall: list[int]
                ) -> GameState:
    """The engine's table at the start of round ``round_index`` of the record (its position,
    scores and ``wall``); :class:`AnalysisError` when ``rules`` cannot play that round (a South
    hand under rules that play East only)."""
    start = record.rounds[round_index].start
    position = Position(WIND_LETTERS.index(start.bakaze), start.kyoku - 1, start.honba,
                        start.kyotaku)
    try:
        return Game(rules).new_state(walls=[wall], position=position, scores=start.scores,
                                     table_points=table_points(start))
    except RiichiError as e:
        raise AnalysisError(f"the record's round {_round_name(start)} cannot be played under "
                            f"the rules {rules.name!r}: {e}") from None


def state_before(record: GameRecord, rules: RuleSet, round_index: int, local: int
                 ) -> GameState | None:
    """The engine's table just before event ``local`` of round ``round_index``: the round is
    replayed from its start (its scores, counters and wall) up to that event. None when the
    round is over by then (nobody could claim the last discard: the table drew the hand)."""
    rnd = record.rounds[round_index]
    start = rnd.start
    state = start_state(record, rules, round_index, record.round_walls()[round_index])
    differences: list[Difference] = []
    try:
        RoundReplay(state, RoundRecord(rnd.events[:local]), round_index, differences).run()
    except Apart:
        pass
    if differences:
        if differences[0].aspect == "round_end" and len(state.outcomes) > 0:
            return None
        raise AnalysisError(f"the engine cannot replay round {_round_name(start)} of the record "
                            f"up to event {local}: {differences[0]}")
    return state


def _played(state: GameState, seat: int, events: tuple[ev.Event, ...], k: int) -> Action | None:
    """The legal action of ``seat`` that event ``k`` (and the next, for a riichi) records; a pass
    when the seat had a claim open and the record goes on without its call."""
    legal = state.legal(seat)
    e = events[k]
    actor = getattr(e, "actor", None)
    wanted: list[Action] = []
    if isinstance(e, ev.Reach) and actor == seat and k + 1 < len(events):
        after = events[k + 1]
        if isinstance(after, ev.Dahai):
            wanted = [a for a in legal if isinstance(a, Riichi) and a.tile == after.pai] or \
                [a for a in legal if isinstance(a, Riichi) and a.tile >> 2 == after.pai >> 2]
    elif isinstance(e, ev.Dahai) and actor == seat:
        wanted = [a for a in legal if isinstance(a, Discard) and a.tile == e.pai] or \
            [a for a in legal if isinstance(a, Discard) and a.tile >> 2 == e.pai >> 2]
    elif isinstance(e, (ev.ChiCalled, ev.PonCalled)) and actor == seat:
        cls = Chi if isinstance(e, ev.ChiCalled) else Pon
        want = sorted(tile_id_name(t) for t in e.consumed)
        wanted = [a for a in legal if isinstance(a, cls)
                  and sorted(tile_id_name(t) for t in a.tiles) == want]
    elif isinstance(e, ev.DaiminkanCalled) and actor == seat:
        wanted = [a for a in legal if isinstance(a, Daiminkan)]
    elif isinstance(e, ev.AnkanDeclared) and actor == seat:
        wanted = [a for a in legal if isinstance(a, Ankan) and a.tile_type == e.consumed[0] >> 2]
    elif isinstance(e, ev.KakanDeclared) and actor == seat:
        wanted = [a for a in legal if isinstance(a, Kakan) and a.tile_type == e.pai >> 2]
    elif isinstance(e, ev.KitaDeclared) and actor == seat:
        wanted = [a for a in legal if isinstance(a, Kita) and a.tile == e.pai] or \
            [a for a in legal if isinstance(a, Kita)]
    elif isinstance(e, ev.Hora) and seat in _winners(events, k):
        wanted = [a for a in legal if isinstance(a, (Tsumo, Ron))]
    elif isinstance(e, ev.Ryukyoku) and e.reason == "nine_terminals":
        wanted = [a for a in legal if isinstance(a, NineTerminals)]
    elif isinstance(e, ev.Ryukyoku) and e.reason == "triple_ron":  # three declared a ron
        wanted = [a for a in legal if isinstance(a, Ron)]
    elif state.phase is not Phase.TURN and not isinstance(e, ev.Hora):  # no choice beats a ron
        wanted = [a for a in legal if isinstance(a, Pass)]
    return wanted[0] if wanted else None


def _winners(events: tuple[ev.Event, ...], k: int) -> list[int]:
    """The seats that win with the win recorded at event ``k``: its own, and those of the wins
    recorded right after it on the same tile (a double ron)."""
    out = []
    while k < len(events) and isinstance(events[k], ev.Hora):
        out.append(events[k].actor)  # type: ignore[attr-defined]
        k += 1
    return out


_ACTIONS = (ev.Reach, ev.Dahai, ev.ChiCalled, ev.PonCalled, ev.DaiminkanCalled, ev.AnkanDeclared,
            ev.KakanDeclared, ev.KitaDeclared, ev.Hora, ev.Ryukyoku, ev.Draw)


def _may_decide(events: tuple[ev.Event, ...], k: int, seat: int) -> bool:
    """Whether ``seat`` may have a decision just before event ``k`` (a cheap filter before the
    replay: its turn, or a claim on another seat's discard, kan or kita)."""
    if not isinstance(events[k], _ACTIONS) or isinstance(events[k - 1], ev.Reach):
        return False  # a riichi is decided at its Reach event, not at the discard after it
    j = k - 1
    while j > 0 and isinstance(events[j], (ev.Dora, ev.ReachAccepted)):
        j -= 1  # what the table does between a discard and the next decision
    before = events[j]
    own = (ev.Draw, ev.ChiCalled, ev.PonCalled, ev.DaiminkanCalled, ev.AnkanDeclared,
           ev.KakanDeclared)
    if getattr(before, "actor", None) == seat:
        return isinstance(before, own)
    return isinstance(before, (ev.Dahai, ev.KakanDeclared, ev.AnkanDeclared, ev.KitaDeclared))


def _point(record: GameRecord, rules: RuleSet, round_index: int, k: int, seat: int,
           turn: int | None) -> DecisionPoint | None:
    rnd = record.rounds[round_index]
    state = state_before(record, rules, round_index, k)
    if state is None or seat not in state.acting_seats or len(state.legal(seat)) < 2:
        return None
    played = _played(state, seat, rnd.events, k)
    if played is None:
        return None
    name = _round_name(rnd.start)
    event = _first_event(record, round_index) + k
    # a kan or a kita leaves the turn to go on to its discard, which the turn's name stands for
    by_turn = state.phase is Phase.TURN and not isinstance(played, (Ankan, Kakan, Kita))
    label = f"{name}-{turn}" if by_turn and turn is not None else f"{name} #{event}"
    return DecisionPoint(record, rules, round_index, k, event, seat, state, played, label)


def _turns(events: tuple[ev.Event, ...], seat: int) -> list[int]:
    """For each event of a round, the number of discards ``seat`` made before it, plus one (the
    turn its next discard belongs to)."""
    out, turn = [], 1
    for e in events:
        out.append(turn)
        if isinstance(e, ev.Dahai) and e.actor == seat:
            turn += 1
    return out


def decision_points(record: GameRecord, rules: RuleSet, seat: int) -> Iterator[DecisionPoint]:
    """Every decision of ``seat`` in ``record`` where more than one action was legal, in order."""
    for index, rnd in enumerate(record.rounds):
        turns = _turns(rnd.events, seat)
        for k in range(1, len(rnd.events)):
            if _may_decide(rnd.events, k, seat):
                point = _point(record, rules, index, k, seat, turns[k])
                if point is not None:
                    yield point


def seat_named(seat: int) -> str:
    """``seat`` (counted from 0) in a message read by callers of the API and of the command
    alike: ``seat=1 (--seat 2)``."""
    return f"seat={seat} (--seat {seat + 1})"


def find_point(record: GameRecord, rules: RuleSet, at: int | str, seat: int | None = None
               ) -> DecisionPoint:
    """The decision point ``at`` (an event index, or a turn name such as ``E3-2-7``, for which
    ``seat`` is needed); :class:`AnalysisError` when there is no decision there."""
    if type(at) is not str:
        at = named_int("at", at, "an event index or a turn name like E3-2-7")
    seats = f"seat=0-{rules.players - 1}; --seat 1-{rules.players} on the command line"
    if seat is not None:
        expected = f"a seat 0-{rules.players - 1} (--seat 1-{rules.players} on the command line) or None"
        checked = named_int("seat", seat, expected)
        if not 0 <= checked < rules.players:
            raise AnalysisError(f"seat={checked}: expected {expected}")
        seat = checked
    if isinstance(at, str) and _EVENT_INDEX.fullmatch(at.strip()):
        at = int(at)
    if isinstance(at, int):
        round_index, k = _locate(record, at)
        events = record.rounds[round_index].events
        who = seat if seat is not None else getattr(events[k], "actor", None)
        if not isinstance(who, int):
            raise AnalysisError(f"at={at}: event {events[k].type} names no seat; give the seat "
                                f"whose decision it is ({seats})")
        while isinstance(events[k], ev.Hora) and isinstance(events[k - 1], ev.Hora):
            k -= 1  # a double ron's second win was decided with the first, before the tile
        if isinstance(events[k], ev.Dahai) and k > 0 and isinstance(events[k - 1], ev.Reach):
            k -= 1  # a riichi's discard was decided with the riichi, before its Reach event
        # nobody decides before a round's start_kyoku: its table is not dealt yet
        point = _point(record, rules, round_index, k, who, _turns(events, who)[k]) if k else None
        if point is None:
            raise AnalysisError(f"at={at}: {seat_named(who)} has no choice to make before event {at} "
                                f"({events[k].type}): it is not its decision, or only one "
                                "action is legal")
        return point
    match = _TURN_NAME.match(at.strip())
    if match is None or int(match.group(4)) < 1:
        raise AnalysisError(f"at={at!r}: expected an event index or a turn name like E3-7 or "
                            "E3-2-7 (round, honba, the seat's discard number, from 1)")
    if seat is None:
        raise AnalysisError(f"at={at!r}: a turn name needs the seat whose turn it counts "
                            f"({seats})")
    wind, kyoku, honba, turn = match.group(1), int(match.group(2)), match.group(3), int(match.group(4))
    for index, rnd in enumerate(record.rounds):
        start = rnd.start
        if start.bakaze != wind or start.kyoku != kyoku or start.honba != int(honba or 0):
            continue
        turns = _turns(rnd.events, seat)
        for k, e in enumerate(rnd.events):
            mine = isinstance(e, ev.Dahai) and e.actor == seat and turns[k] == turn
            if mine and k > 0 and isinstance(rnd.events[k - 1], ev.Reach):
                k -= 1
            if mine:
                point = _point(record, rules, index, k, seat, turn)
                if point is None:
                    raise AnalysisError(f"at={at!r}: {seat_named(seat)} had only one legal action "
                                        "there")
                return point
        raise AnalysisError(f"at={at!r}: {seat_named(seat)} made fewer than {turn} discards in "
                            f"{_round_name(start)}")
    raise AnalysisError(f"at={at!r}: the record has no round {wind}{kyoku} with {honba or 0} "
                        f"honba; expected one of its rounds: {_round_names(record)}")


def _round_names(record: GameRecord) -> str:
    """The rounds of ``record`` as a turn name begins (``E1``, ``E2-1``, ...)."""
    return ", ".join(_round_name(r.start) for r in record.rounds)


def _plain_name(tile_id: int) -> str:
    return tile_name(tile_id >> 2)


def tiles_text(ids: Iterable[int], red_fives: bool = True) -> str:
    """The notation of the 136-ids ``ids``, a red five written ``0`` where the rules have red
    fives (without them, the 136-ids of the red fives are plain fives).

    >>> tiles_text([16, 17, 52]), tiles_text([16, 17, 52], red_fives=False)
    ('05m0p', '55m5p')
    """
    return format_ids(ids) if red_fives else format_types([t >> 2 for t in ids])


def action_label(action: Action, red_fives: bool = True) -> str:
    """A short name of an action: ``5m``, ``riichi 3p``, ``pon 55m``, ``chi 46s``, ``pass`` (a
    red five ``0`` where the rules have red fives, as ``red_fives`` says).

    >>> action_label(Riichi(0, 52)), action_label(Pon(1, (1, 2))), action_label(Pass(2))
    ('riichi 0p', 'pon 11m', 'pass')
    >>> action_label(Riichi(0, 52), red_fives=False)
    'riichi 5p'
    """
    name = tile_id_name if red_fives else _plain_name
    if isinstance(action, Discard):
        return name(action.tile)
    if isinstance(action, (Riichi, Kita)):
        return f"{type(action).__name__.lower()} {name(action.tile)}"
    if isinstance(action, (Chi, Pon)):
        names = "".join(sorted(name(t)[0] for t in action.tiles))
        return f"{type(action).__name__.lower()} {names}{name(action.tiles[0])[1]}"
    if isinstance(action, (Ankan, Kakan)):
        return f"{type(action).__name__.lower()} {tile_name(action.tile_type)}"
    return {Tsumo: "tsumo", Ron: "ron", Pass: "pass", Daiminkan: "daiminkan",
            NineTerminals: "nine terminals"}[type(action)]
