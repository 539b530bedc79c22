"""The end of a hand: the wins (scored at the table, paid), the exhaustive and abortive draws,
then the next hand or the end of the game.

:func:`tsumo_result` and :func:`ron_result` score the win a seat may take now (the scorer says
whether it has a yaku and what it is worth); :func:`ron` and :func:`settle` pay the winners
(:func:`riichi.scoring.settle_each`: counters, riichi sticks, liability); :func:`exhaustive_draw`
pays tenpai or nagashi mangan and :func:`abort` ends a hand with no payment. Each ends the hand in
a :class:`HandOutcome`, moves the position on (:mod:`riichi.game.flow`: the deal, the counters,
the game's end) and deals the next hand. Functions of the state
(:class:`~riichi.game.state.GameState`); the compiled build types them in ``hand_end.pxd``.

>>> from riichi.game import Game
>>> state = Game("ema", seed=1).new_state()
>>> abort(state, "nine_terminals")
>>> outcome = state.outcomes[0]
>>> outcome.ending, outcome.reason, outcome.deltas, state.position.honba
(<HandEnding.ABORT: 'abort'>, 'nine_terminals', (0, 0, 0, 0), 1)
>>> outcome.ending == "abort"
True
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from riichi._deprecated import RenamedAttribute
from riichi._frozen import Frozen, dataclass_fields
from riichi.game import events as ev
from riichi.game.draws import nagashi_payments, noten_payments, triple_ron
from riichi.game.flow import Position, end_of_game, game_over, next_position
from riichi.game.phase import CLAIM, OVER
from riichi.game.winning import Situation, score_win
from riichi.rules import MultiRon, Nagashi, RuleSet
from riichi.scoring import HandResult, Win, counted_ura, settle_each

if TYPE_CHECKING:
    from riichi.game.state import GameState

__all__ = [
    "HandEnding", "HandOutcome", "tsumo_result", "ron_result", "indicators", "ron", "settle",
    "exhaustive_draw", "abort",
]


class HandEnding(StrEnum):
    """How a hand ended. Each member is its own word as a string (``HandEnding.WIN == "win"``),
    the word the records and tables write."""

    WIN = "win"
    """One or more seats won (tsumo or ron)."""
    DRAW = "draw"
    """An exhaustive draw: the live wall ran out (nagashi mangan included)."""
    ABORT = "abort"
    """An abortive draw: the hand stopped before its end, with no payment."""


# Members read at every exhaustive draw, looked up once: an attribute of an enum class is a
# lookup through EnumType.__getattr__ (Python 3.11), some 800 instructions.
_DRAW = HandEnding.DRAW
_NO_NAGASHI = Nagashi.NONE


class HandOutcome(Frozen):
    """How one hand ended: ``ending`` is a :class:`HandEnding`; ``reason`` is ``"tsumo"``,
    ``"ron"`` or the draw's reason (see :class:`~riichi.game.events.Ryukyoku`); ``deltas`` the
    point changes by seat; ``results`` the scored hands of the winners, in turn order from the
    discarder (not in its ``repr``). Each was scored with the hand's counters and without the
    riichi sticks: its ``payments`` are the hand's price, not what was paid. What each seat was
    paid, the sticks, the counters of several winners and a liable seat's share included, is
    ``deltas``."""

    # a value type on Frozen, made at the end of every hand: a dataclass's __init__ runs as Python
    # written out: mypy reads match patterns from a tuple of literals only
    __slots__ = _fields = __match_args__ = (
        "position", "ending", "reason", "winners", "discarder", "deltas", "results",
    )
    __dataclass_fields__ = dataclass_fields(
        __slots__, "Position", "HandEnding", "str", "tuple[int, ...]", "int | None",
        "tuple[int, ...]", "tuple[HandResult, ...]",
    )

    def __init__(
        self,
        position: Position,
        ending: HandEnding,
        reason: str,
        winners: tuple[int, ...],
        discarder: int | None,
        deltas: tuple[int, ...],
        results: tuple[HandResult, ...],
    ) -> None:
        self._seal()
        self._hold(position, ending, reason, winners, discarder, deltas, results)

    def _hold(
        self, position: Position, ending: HandEnding, reason: str, winners: tuple[int, ...],
        discarder: int | None, deltas: tuple[int, ...], results: tuple[HandResult, ...],
    ) -> None:
        self.position = position
        self.ending = ending
        self.reason = reason
        self.winners = winners
        self.discarder = discarder
        self.deltas = deltas
        self.results = results

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}"
                           for name in self.__match_args__[:-1]])  # all but the scored hands
        return f"HandOutcome({shown})"

    kind = RenamedAttribute[HandEnding]("ending")
    """Deprecated: :attr:`ending`."""


def tsumo_result(state: GameState, seat: int) -> HandResult | None:
    if seat not in state.wins:
        p = state.players[seat]
        drawn = state.drawn
        assert drawn is not None
        concealed = [t for t in p.hand if t != drawn]
        situation = _situation(state, seat, True, False)
        result = score_win(state.rules, concealed, drawn, p.melds, situation, state.position.honba)
        if result is None:
            return None
        state.wins[seat] = result
    return state.wins[seat]


def ron_result(state: GameState, seat: int, tile: int, chankan: bool = False) -> HandResult | None:
    p = state.players[seat]
    situation = _situation(state, seat, False, chankan)
    result = score_win(state.rules, p.hand, tile, p.melds, situation, state.position.honba)
    if result is not None:
        state.wins[seat] = result
    return result


def _situation(state: GameState, seat: int, tsumo: bool, chankan: bool) -> Situation:
    p = state.players[seat]
    first = not state.interrupted and not p.discards
    last = state.wall.live_remaining == 0
    dora, ura = indicators(state)
    return Situation(
        tsumo=tsumo,
        seat_wind=state.winds[seat],
        round_wind=state.position.round_wind % 4,
        dora_indicators=dora,
        ura_indicators=ura,
        riichi=p.riichi and not p.double_riichi,
        double_riichi=p.riichi and p.double_riichi,
        ippatsu=p.ippatsu,
        rinshan=tsumo and state.rinshan,
        chankan=chankan,
        # the scorer drops haitei from a rinshan win where the rules do not combine them
        haitei=tsumo and last,
        houtei=not tsumo and not chankan and last,
        tenhou=tsumo and first and seat == state.east,
        chiihou=tsumo and first and seat != state.east,
        renhou=not tsumo and first and seat != state.east,
        kita=len(p.kita),
    )


def indicators(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(dora, ura dora) indicators revealed; the scorer says which ura dora a winner gets."""
    wall = state.wall
    # a kan dora still waiting for the kan's discard does not count, even for a win on the
    # replacement tile (as Tenhou's records show)
    count = wall.dora_count
    first = wall.first_dora
    return (
        tuple([wall.yama[first + 2 * k] for k in range(count)]),
        tuple([wall.yama[first - 1 + 2 * k] for k in range(count)]),
    )


def ron(state: GameState, rons: list[int]) -> None:
    if state.rules.multi_ron is MultiRon.HEAD_BUMP:
        rons = rons[:1]
    elif triple_ron(state.rules, len(rons)):
        abort(state, "triple_ron")
        return
    state.riichi_pending = -1  # a riichi discard won on is void: no stick
    # the discard, or the tile of a kan or kita won on
    tile = state.last_discard if state.phase is CLAIM else state.kan_tile
    winners = [Win(s, state.wins[s], state.pao.get(s)) for s in rons]
    settle(state, winners, state.discarder, tile)


def settle(state: GameState, wins: list[Win], discarder: int | None, tile: int | None) -> None:
    pos = state.position
    per_winner = settle_each(
        wins, dealer=state.east, discarder=discarder, honba=pos.honba,
        riichi_sticks=pos.sticks, rules=state.rules,
    )
    deltas = [sum([d[s] for d in per_winner]) for s in range(state.seats)]
    state.stick_owners = []
    assert tile is not None
    dora, ura = indicators(state)
    for w, own in zip(wins, per_winner):
        r = w.result
        for s in range(state.seats):
            state.scores[s] += own[s]
        if not state.heard:
            continue
        state.announce(
            ev.Hora(
                actor=w.seat,
                target=w.seat if discarder is None else discarder,
                pai=tile,
                deltas=own,
                scores=tuple(state.scores),
                han=r.han,
                fu=r.fu,
                points=r.points,
                yaku=tuple(r.yaku.items()),
                dora_markers=dora,
                ura_markers=counted_ura(ura, riichi=r.riichi, rules=state.rules),
                pao=w.liable if _pao_applies(state.rules, w) else None,
            )
        )
    seats = tuple([w.seat for w in wins])
    dealer_won = state.east in seats
    _end_hand(state,
        HandEnding.WIN,
        "tsumo" if discarder is None else "ron",
        seats,
        discarder,
        deltas,
        tuple([w.result for w in wins]),
        dealer_stays=dealer_won,
        add_counter=dealer_won,
        sticks=0,
    )


def exhaustive_draw(state: GameState) -> None:
    rules = state.rules
    karaten = rules.karaten_counts
    tenpai = tuple([s for s, p in enumerate(state.players) if p.tenpai(karaten)])
    nagashi = [
        s for s, p in enumerate(state.players) if p.nagashi and p.discards
    ] if rules.nagashi is not _NO_NAGASHI else []
    if nagashi:
        reason, deltas = "nagashi_mangan", nagashi_payments(nagashi, state.dealer, rules)
    else:
        reason, deltas = "exhaustive", noten_payments(rules.noten_total, tenpai, state.seats)
    for s in range(state.seats):
        state.scores[s] += deltas[s]
    if state.heard:
        state.announce(ev.Ryukyoku(reason, tenpai, tuple(deltas), tuple(state.scores)))
    dealer_tenpai = rules.tenpai_renchan and state.east in tenpai
    _end_hand(state,
        _DRAW, reason, (), None, deltas, (),
        dealer_stays=dealer_tenpai, add_counter=True, sticks=state.position.sticks,
    )


def abort(state: GameState, reason: str) -> None:
    state.riichi_pending = -1
    state.announce(ev.Ryukyoku(reason, (), (0,) * state.seats, tuple(state.scores)))
    _end_hand(state,
        HandEnding.ABORT, reason, (), None, [0] * state.seats, (),
        dealer_stays=True, add_counter=True, sticks=state.position.sticks,
    )


def _end_hand(state: GameState, ending: HandEnding,
    reason: str,
    winners: tuple[int, ...],
    discarder: int | None,
    deltas: Sequence[int],
    results: tuple[HandResult, ...],
    dealer_stays: bool,
    add_counter: bool,
    sticks: int,
) -> None:
    pos = state.position
    if state.heard:
        state.announce(ev.EndKyoku())
    # the table's own values: made at C level, where calling the class is a Python call
    outcome = HandOutcome.__new__(HandOutcome)
    outcome._seal()
    outcome._hold(pos, ending, reason, winners, discarder, tuple(deltas), results)
    state.outcomes.append(outcome)
    state.claims = {}
    state.responses = {}
    state.listed_actions = None
    state.hand_number += 1
    state.position = next_position(pos, dealer_stays, add_counter, sticks, state.rules.winds)
    if game_over(state.rules, pos, state.scores, dealer_stays, ending):
        _end_game(state)
    else:
        state.start_hand()


def _end_game(state: GameState) -> None:
    final, ranks, results = end_of_game(
        state.rules, state.scores, state.position.sticks, state.stick_owners
    )
    state.scores[:] = final
    state.stick_owners = []
    state.final_scores = tuple(state.scores)
    state.results = tuple(results)
    state.ranks = tuple(ranks)
    state.phase = OVER
    state.announce(ev.EndGame(tuple(state.scores), tuple(results), tuple(ranks)))


def _pao_applies(rules: RuleSet, w: Win) -> bool:
    return w.liable is not None and any(y in w.result.yaku for y in rules.pao)
