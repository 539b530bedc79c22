"""Real Tenhou games replayed through the engine under the ``tenhou`` rules.

Each game's walls are rebuilt from its ``SHUFFLE`` seed; every logged action must be legal, every
win and draw must move the same points, and the game must end with the same final scores. The
legal actions of every decision are recorded and the rules auditor (``tests/auditor.py``) checks
them against the log's hands: every ``Ron`` or ``Tsumo`` offered is a real win by the rules (and
every other offer too), not only the ones the log's players took.
Data: ``tests/data/mjlog`` (Tenhou game logs from mjx-project/mjx, MIT; see the README there).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from pathlib import Path

import pytest

from riichi.game import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Game,
    GameState,
    Kakan,
    NineTerminals,
    Pass,
    Phase,
    Pon,
    Position,
    Riichi,
    Ron,
    Tsumo,
)
from auditor import Auditor, Offers
from riichi.game import events as ev
from riichi.logs.mjlog import Agari, Call, Draw, MjlogGame, MjlogRound, Reach, Ryuukyoku, read_mjlog
from riichi.logs.mjlog import Discard as LogDiscard
from riichi.logs.tenhou_wall import tenhou_walls
from riichi.meld import MeldKind
from riichi.rules import RuleSet

TENHOU = RuleSet.preset("tenhou")
LOGS = sorted((Path(__file__).parent / "data" / "mjlog").glob("*.mjlog*"))


class Mismatch(AssertionError):
    """The engine and the log disagree."""


class RecordingState:
    """A game state whose every applied action is recorded with the legal actions offered."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.offers: Offers = {}

    def __getattr__(self, name: str) -> object:
        return getattr(self.state, name)

    def apply(self, action: Action) -> None:
        seat: int = action.seat  # type: ignore[attr-defined]
        legal = tuple(self.state.legal_actions(seat))
        self.offers.setdefault(len(self.state.events), {})[seat] = (legal, action)
        self.state.apply(action)


def _answer_claims(state: GameState, chosen: Mapping[int, Action]) -> None:
    """Answer the open claims: ``chosen`` actions for some seats, a pass for every other."""
    for seat in list(state.acting_seats):
        state.apply(chosen.get(seat, Pass(seat)))


def _call_action(call: Call) -> Action:
    meld = call.meld
    seat = call.seat
    kind = meld.tile_type
    if meld.kind is MeldKind.ANKAN:
        return Ankan(seat, kind)
    if meld.kind is MeldKind.KAKAN:
        return Kakan(seat, kind)
    if meld.kind is MeldKind.KAN:
        return Daiminkan(seat)
    first, second = sorted(t for t in meld.tiles if t != meld.called)
    return (Chi if meld.kind is MeldKind.CHI else Pon)(seat, (first, second))


def _check_start(state: GameState, rnd: MjlogRound, where: str) -> None:
    start = next(e for e in reversed(state.events) if isinstance(e, ev.StartKyoku))
    got = (start.oya, start.honba, start.kyotaku, start.scores, [sorted(h) for h in start.tehais])
    want = (rnd.dealer, rnd.honba, rnd.sticks, rnd.scores, [sorted(h) for h in rnd.hands])
    if got != want:
        raise Mismatch(f"{where}: start {got[:4]} != log {want[:4]}")


def _replay_round(state: GameState, rnd: MjlogRound, where: str) -> None:
    _check_start(state, rnd, where)
    hands_before = len(state.outcomes)
    riichi_seat = -1
    played = (Draw, LogDiscard, Call, Reach, Agari, Ryuukyoku)
    events = [e for e in rnd.events if isinstance(e, played)]
    k = 0
    while k < len(events):
        e = events[k]
        here = f"{where} event {k} {e!r}"
        if isinstance(e, Draw):
            if state.phase is not Phase.TURN:
                _answer_claims(state, {})
            if (state.turn, state.drawn) != (e.seat, e.tile):
                raise Mismatch(f"{here}: engine drew {(state.turn, state.drawn)}")
        elif isinstance(e, Reach):
            if e.step == 1:
                riichi_seat = e.seat
        elif isinstance(e, LogDiscard):
            kind = Riichi if riichi_seat == e.seat else Discard
            throw: Action = kind(e.seat, e.tile)
            riichi_seat = -1
            state.apply(throw)
        elif isinstance(e, Call):
            call = _call_action(e)
            if isinstance(call, (Chi, Pon, Daiminkan)):
                _answer_claims(state, {e.seat: call})
            else:
                state.apply(call)
        elif isinstance(e, Agari):
            wins = [e]
            while k + 1 < len(events) and isinstance(events[k + 1], Agari):
                k += 1
                wins.append(events[k])  # type: ignore[arg-type]
            if e.is_tsumo:
                state.apply(Tsumo(e.winner))
            else:
                _answer_claims(state, {w.winner: Ron(w.winner) for w in wins})
            horas = [x for x in state.events if isinstance(x, ev.Hora)][-len(wins) :]
            got = [(h.actor, h.deltas, h.dora_markers, h.ura_markers) for h in horas]
            want = [(w.winner, w.deltas, w.dora_indicators, w.ura_indicators) for w in wins]
            if got != want:
                raise Mismatch(f"{here}: wins {got} != log {want}")
        elif isinstance(e, Ryuukyoku):
            if e.kind == "yao9":
                state.apply(NineTerminals(state.turn))
            elif state.phase is not Phase.TURN:
                rons: dict[int, Action] = {}
                if e.kind == "ron3":
                    rons = {s: Ron(s) for s in state.acting_seats}
                _answer_claims(state, rons)
            if len(state.outcomes) == hands_before:
                raise Mismatch(f"{here}: the engine did not end the hand")
            got_deltas = state.outcomes[-1].deltas
            if got_deltas != e.deltas:
                raise Mismatch(f"{here}: draw deltas {got_deltas} != log {e.deltas}")
        k += 1
    if len(state.outcomes) != hands_before + 1:
        raise Mismatch(f"{where}: the hand did not end when the log's did")


def replay(game: MjlogGame, name: str) -> RecordingState:
    """Play ``game`` through the engine; :class:`Mismatch` at the first disagreement."""
    assert game.seed is not None
    walls = list(itertools.islice(tenhou_walls(game.seed), len(game.rounds)))
    first = game.rounds[0]
    position = Position(first.number // 4, first.number % 4, first.honba, first.sticks)
    state = RecordingState(
        Game(TENHOU).new_state(walls=walls, position=position, scores=first.scores)
    )
    for rnd in game.rounds:
        _replay_round(state, rnd, f"{name} round {rnd.number} honba {rnd.honba}")
    if game.owari is not None:
        if not state.is_over:
            raise Mismatch(f"{name}: the log ended the game, the engine did not")
        if state.final_scores != game.owari.scores:
            raise Mismatch(f"{name}: final {state.final_scores} != log {game.owari.scores}")
    return state


def test_the_logs_are_there() -> None:
    assert len(LOGS) == 160


@pytest.mark.parametrize("path", LOGS, ids=[p.name.split(".")[0] for p in LOGS])
def test_replay_tenhou_game(path: Path) -> None:
    state = replay(read_mjlog(path), path.name)
    auditor = Auditor(TENHOU)
    auditor.audit(state.events, state.offers, path.name)
    assert auditor.violations == []
    assert auditor.checked["discards"] > 0
