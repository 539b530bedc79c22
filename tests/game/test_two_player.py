"""Two-player riichi, presets ``2p`` and ``2p-match`` (RULES.md section 3, seed 002): one arranged
scenario per rule.

Figures are worked out by hand from the rules: a 2 han 40 fu hand has 640 basic points; as a
four-player tsumo a non-dealer is paid 1,300 + 700 + 700 = 2,700 and a dealer 3 x 1,300 = 3,900;
as a ron a non-dealer 2,600 and a dealer 3,900.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from riichi.agents import EfficiencyAgent, RandomAgent
from riichi.errors import InvalidHandError, RiichiError, UnsupportedRuleError
from riichi.game import (
    Ankan,
    Chi,
    Discard,
    Game,
    GameState,
    Observation,
    Pass,
    Phase,
    Pon,
    Position,
    Riichi,
    Ron,
    Tsumo,
    play_game,
    play_match,
)
from riichi.game import events as ev
from riichi.play.human_game import HumanGame, PlayError
from riichi.rules import RuleSet, TsumoPayment
from riichi.scoring import counted_ura
from riichi.tiles import parse_tile
from tests.support.game import QUIET, WIN_HAND, discard, first, play_out, table, tsumogiri

TWO = RuleSet.preset("2p")
MATCH = RuleSet.preset("2p-match")


def table2(hands: list[str | None], draws: str = "", **options: Any) -> GameState:
    """A two-player table (``2p`` unless ``rules`` is given) with an arranged wall."""
    options.setdefault("rules", TWO)
    return table(hands, draws, **options)


def _hora(state: GameState) -> ev.Hora:
    (win,) = [e for e in state.events if isinstance(e, ev.Hora)]
    return win


def _first_hand(state: GameState) -> list[ev.Event]:
    events = state.events
    end = next((i for i, e in enumerate(events) if isinstance(e, ev.EndKyoku)), len(events))
    return events[:end]


def _tsumo_count(state: GameState) -> int:
    """Live draws of the first hand."""
    return sum(1 for e in _first_hand(state) if isinstance(e, ev.Draw) and not e.rinshan)


# ---- the table --------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [TWO, MATCH])
def test_two_players_start_with_30000(rules: RuleSet) -> None:
    state = Game(rules).new_state()
    assert state.scores == [rules.start_points] * 2 == [30_000, 30_000]
    assert len(state.players) == 2
    start = state.events[1]
    assert isinstance(start, ev.StartKyoku) and len(start.tehais) == 2


@pytest.mark.parametrize("field", ["nagashi", "abortive_draws"])
def test_four_seat_rules_are_refused_at_two_players(field: str) -> None:
    value = {"nagashi": "draw_payment", "abortive_draws": {"four_riichi"}}[field]
    with pytest.raises(UnsupportedRuleError, match=f"does not play {field}=.* with players=2"):
        Game(dataclasses.replace(TWO, **{field: value}))
    seats = "the table seats three or four players; rules '2p' have 2"
    with pytest.raises(PlayError, match=seats):
        HumanGame("2p", seed=0, opponents=[RandomAgent(s) for s in (1, 2, 3)])


def test_two_agents_are_required() -> None:
    with pytest.raises(RiichiError, match="expected 2 agents, got 4"):
        play_game("2p", [RandomAgent(s) for s in range(4)])
    with pytest.raises(RiichiError, match="expected 4 agents, got 2"):
        play_game("ema", [RandomAgent(s) for s in range(2)])
    with pytest.raises(RiichiError, match="expected 2 agents, got 3"):
        play_match("2p-match", [RandomAgent(s) for s in range(3)])
    with pytest.raises(RiichiError, match="expected a sequence of 2 agents"):
        play_match("2p-match", RandomAgent(0))  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [0, 1])
def test_chi_from_the_single_opponent(seat: int) -> None:
    # the discarder's opponent may chi, whichever seat it is (it is at once left, across and right)
    other = 1 - seat
    hands: list[str | None] = [None, None]
    hands[other] = QUIET[0]
    hands[seat] = "45p" + "111m" + "99m" + "369s" + "123z"
    state = table2(hands, "9m6p" if seat == 0 else "6p")
    if seat == 0:  # seat 0 deals: it throws its 9m, then seat 1 draws the 6p
        state.apply(Discard(0, state.drawn))  # type: ignore[arg-type]
    assert state.turn == other and state.drawn is not None and state.drawn >> 2 == parse_tile("6p")
    state.apply(Discard(other, state.drawn))
    state.apply(first(state, seat, Chi))
    assert state.turn == seat and state.players[seat].melds[0].from_seat == other


def test_pon_from_the_opponent() -> None:
    state = table2(["99m" + QUIET[0][2:], "1111p" + "99m" + "258s1234z"], "1m")
    discard(state, 0, "9m")
    assert any(isinstance(a, Pon) for a in state.legal_actions(1))


# ---- the wall ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "draws", "last"), [(TWO, 64 - 26, 72), (MATCH, 66 - 26, 70)])
def test_live_wall_is_32_or_33_stacks(rules: RuleSet, draws: int, last: int) -> None:
    # The deal and the live draws take 64 (2p) or 66 (2p-match) tiles after the break; the hand
    # draws once the bottom tile of the last stack is drawn.
    state = table2([QUIET[0], QUIET[1]], rules=rules)
    yama = state.wall.yama
    assert state.wall.live_remaining == draws - 1  # the dealer has drawn
    play_out(state)
    assert _tsumo_count(state) == draws
    drawn = [e.pai for e in _first_hand(state) if isinstance(e, ev.Draw)]
    assert drawn[-1] == yama[last]
    end = [e for e in _first_hand(state) if isinstance(e, ev.Ryukyoku)]
    assert end and end[0].reason == "exhaustive"


@pytest.mark.parametrize(("rules", "per_kan"), [(TWO, 1), (MATCH, 2)])
def test_each_kan_moves_one_tile_or_one_stack_into_the_dead_wall(
    rules: RuleSet, per_kan: int
) -> None:
    assert rules.kan_dead_wall_tiles == per_kan
    state = table2(["1111m258p369s123z", QUIET[1]], rules=rules)
    before = state.wall.live_remaining
    state.apply(Ankan(0, 0))
    assert state.wall.live_remaining == before - per_kan
    # the rest of the wall, out of play, is still accounted for
    assert len(state.wall.live_tiles()) == state.wall.live_remaining
    assert len(state.dora_indicators) == 2
    assert sorted(state.tile_locations()) == list(range(136))
    play_out(state)
    # one replacement draw plus the live draws: the live wall gave up per_kan tiles to the kan
    full = rules.live_wall - 26
    assert _tsumo_count(state) == full - per_kan


def test_2p_dora_is_the_next_tile_2p_match_the_indicator_itself() -> None:
    assert MATCH.dora_is_indicator and not TWO.dora_is_indicator
    # WIN_HAND holds 4m once and no 5m: indicator 4m is one dora in 2p-match, none in 2p
    results = {}
    for rules in (TWO, MATCH):
        state = table2([WIN_HAND, QUIET[1]], "9m9p5z", rules=rules, dora="4m")
        tsumogiri(state, 2)
        state.apply(Tsumo(0))
        results[rules.name] = dict(_hora(state).yaku).get("dora", 0)
    assert results == {"2p": 0, "2p-match": 1}
    shown = table2([QUIET[0], QUIET[1]], rules=MATCH, dora="4m")
    assert Observation(shown, 0).dora == (parse_tile("4m"),)
    assert Observation(table2([QUIET[0], QUIET[1]], dora="4m"), 0).dora == (parse_tile("5m"),)
    assert MATCH.dora_of(parse_tile("9m")) == parse_tile("9m")
    assert TWO.dora_of(parse_tile("9m")) == parse_tile("1m")


def test_2p_match_ura_dora_is_the_tile_under_the_indicator_and_no_kan_ura() -> None:
    # riichi, then a ron: the ura indicator 2m is itself ura dora (WIN_HAND holds one 2m)
    state = table2([WIN_HAND, "5z" + QUIET[1][1:]], "9m9p", rules=MATCH, ura="2m")
    assert state.drawn is not None
    state.apply(Riichi(0, state.drawn))
    if state.phase is Phase.CLAIM:
        state.apply(Pass(1))
    discard(state, 1, "5z")
    state.apply(Ron(0))
    assert dict(_hora(state).yaku).get("ura_dora") == 1
    assert counted_ura((4, 6), riichi=True, rules=MATCH) == (4,)
    assert counted_ura((4, 6), riichi=True, rules=TWO) == (4, 6)


def test_2p_match_counts_no_kan_ura_dora() -> None:
    # riichi after a concealed kan, then a ron on 9s: the ura indicators are 2p and 5s (under the
    # dora and the kan dora indicators); the hand holds 2p, 3p, 5s and 6s, so 2p counts one ura
    # dora for each, 2p-match only the first.
    ura = {}
    for rules in (TWO, MATCH):
        state = table2(["1111m234p567s55z8s", "9s" + QUIET[1][1:]], "7s9m", rules=rules,
                       ura="2p5s", replacements="9p")
        state.apply(Ankan(0, 0))
        assert state.drawn is not None
        state.apply(Riichi(0, state.drawn))
        if state.phase is Phase.CLAIM:
            state.apply(Pass(1))
        discard(state, 1, "9s")
        state.apply(Ron(0))
        ura[rules.name] = dict(_hora(state).yaku).get("ura_dora", 0)
    assert ura == {"2p": 2, "2p-match": 1}


# ---- winds and the dealer ---------------------------------------------------------------------

def test_2p_seats_keep_two_opposite_winds_and_south_deals_when_nobody_is_east() -> None:
    winds = [table2([QUIET[0], QUIET[1]], kyoku=k).winds for k in range(4)]
    assert winds == [(0, 2), (3, 1), (2, 0), (1, 3)]
    state = table2([QUIET[0], QUIET[1]], kyoku=1)
    assert state.dealer == 1 and state.east is None and state.turn == 1
    start = next(e for e in state.events if isinstance(e, ev.StartKyoku))
    assert start.oya == 1
    assert Observation(state, 1).seat_wind == 1 and Observation(state, 0).seat_wind == 3


def test_2p_south_dealing_wins_as_a_non_dealer_and_the_deal_passes() -> None:
    # kyoku 1: seat 1 (South) deals; its tsumo is paid as a non-dealer's, all by the opponent
    state = table2([QUIET[0], WIN_HAND], "9m9p5z", kyoku=1)
    tsumogiri(state, 2)
    assert state.turn == 1
    state.apply(Tsumo(1))
    win = _hora(state)
    assert (win.han, win.fu) == (2, 40)
    assert win.deltas == (-2_700, 2_700)
    assert state.position == Position(0, 2, 0, 0)  # no renchan: the deal passes


@pytest.mark.parametrize(("kyoku", "yaku", "deltas"), [
    (0, "tenhou", (48_000, -48_000)),  # East deals: tenhou, a dealer's yakuman
    (1, "chiihou", (-32_000, 32_000)),  # South deals, nobody is East: chiihou, a non-dealer's
])
def test_2p_a_first_draw_win_is_tenhou_only_for_east(
    kyoku: int, yaku: str, deltas: tuple[int, int]
) -> None:
    # The dealer's first draw completes its hand. Scored as tenhou for a South dealer, the hand
    # would be one the scorer refuses (tenhou for a non-dealer): the table never asks it that.
    dealer = kyoku
    hands = [QUIET[0], QUIET[1]]
    hands[dealer] = WIN_HAND
    state = table2(hands, "5z", kyoku=kyoku)
    assert state.turn == dealer and state.east == (0 if kyoku == 0 else None)
    try:
        legal = state.legal_actions(dealer)
    except InvalidHandError as error:  # a defect of the table, not a hand without yaku
        pytest.fail(f"the table asked the scorer for an impossible win: {error}")
    assert Tsumo(dealer) in legal
    state.apply(Tsumo(dealer))
    win = _hora(state)
    assert dict(win.yaku) == {yaku: 13}
    assert win.deltas == deltas


def test_2p_dealer_tsumo_is_paid_by_the_opponent_for_three() -> None:
    assert TWO.tsumo_payment is TsumoPayment.ABSENT_TOO
    state = table2([WIN_HAND, QUIET[1]], "9m9p5z", honba=1)
    tsumogiri(state, 2)
    state.apply(Tsumo(0))
    win = _hora(state)
    assert win.deltas == (3_900 + 300, -3_900 - 300)  # counters as three payers would pay
    assert state.position == Position(0, 0, 2, 0)  # the East dealer won: renchan


def test_2p_match_players_are_always_east_and_south() -> None:
    assert [table2([QUIET[0], QUIET[1]], rules=MATCH, kyoku=k).winds for k in (0, 1)] == [
        (0, 1), (1, 0)]
    state = table2([QUIET[0], QUIET[1]], rules=MATCH, kyoku=1)
    assert state.dealer == 1 and state.east == 1


@pytest.mark.parametrize(("seat", "paid"), [(0, 3_900), (1, 2_600)])
def test_2p_match_tsumo_is_paid_as_a_ron(seat: int, paid: int) -> None:
    assert MATCH.tsumo_payment is TsumoPayment.AS_RON
    hands = [QUIET[0], QUIET[1]]
    hands[seat] = WIN_HAND
    state = table2(hands, "9m9p5z" if seat == 0 else "9m9p9s5z", rules=MATCH, honba=2)
    while state.turn != seat or state.drawn is None or state.drawn >> 2 != parse_tile("5z"):
        tsumogiri(state)
    state.apply(Tsumo(seat))
    expected = [-(paid + 600)] * 2
    expected[seat] = paid + 600
    assert _hora(state).deltas == tuple(expected)


# ---- exhaustive draws -------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [TWO, MATCH])
def test_noten_pays_1500_to_a_tenpai_opponent(rules: RuleSet) -> None:
    state = table2([QUIET[0], WIN_HAND], rules=rules)
    play_out(state)
    draw = next(e for e in state.events if isinstance(e, ev.Ryukyoku))
    assert draw.tenpai == (1,) and draw.deltas == (-1_500, 1_500)


def test_2p_winds_rotate_after_every_draw_with_a_counter() -> None:
    # the East dealer is tenpai, yet the winds rotate; a counter is added
    assert not TWO.tenpai_renchan
    state = table2([WIN_HAND, QUIET[1]], honba=1)
    play_out(state)
    assert state.position == Position(0, 1, 2, 0)


@pytest.mark.parametrize(("dealer_hand", "after"), [(WIN_HAND, Position(0, 0, 1, 0)),
                                                    (QUIET[0], Position(0, 1, 1, 0))])
def test_2p_match_draws_follow_the_four_player_rule(dealer_hand: str, after: Position) -> None:
    assert MATCH.tenpai_renchan
    state = table2([dealer_hand, QUIET[1]], rules=MATCH)
    play_out(state)
    assert state.position == after


# ---- game length, points below zero -----------------------------------------------------------

class _Tsumogiri:
    """Discards what it draws (its first tile after a call) and declines every claim."""

    def act(self, observation: Observation, legal: tuple[object, ...]) -> object:
        for action in legal:
            if isinstance(action, Pass) or (
                isinstance(action, Discard) and action.tile == observation.drawn
            ):
                return action
        return next(a for a in legal if isinstance(a, Discard))


@pytest.mark.parametrize(("rules", "winds", "hands"), [(TWO, {0, 1}, {0, 1, 2, 3}),
                                                       (MATCH, {0, 1, 2, 3}, {0, 1})])
def test_game_length(rules: RuleSet, winds: set[int], hands: set[int]) -> None:
    # 2p: the East and South rounds of four hands (two of them without an East seat);
    # 2p-match: four rounds of two hands
    result = play_game(rules, [_Tsumogiri(), _Tsumogiri()], seed=4)  # type: ignore[list-item]
    positions = [h.position for h in result.hands]
    assert {p.round_wind for p in positions} == winds
    assert {p.kyoku for p in positions} == hands
    last = positions[-1]
    assert (last.round_wind, last.kyoku) == (max(winds), max(hands))
    assert sum(result.final_scores) == 60_000


def test_2p_match_play_continues_below_zero() -> None:
    # the East dealer's ron: 1 han (haku) 40 fu, 2,000
    state = table2([WIN_HAND, "5z" + QUIET[1][1:]], "9m", rules=MATCH, scores=[59_000, 1_000])
    state.apply(Discard(0, state.drawn))  # type: ignore[arg-type]
    discard(state, 1, "5z")
    state.apply(Ron(0))
    assert state.scores == [61_000, -1_000]
    assert not state.is_over and state.phase is Phase.TURN
    busted = dataclasses.replace(MATCH, tobi=True)
    state = table2([WIN_HAND, "5z" + QUIET[1][1:]], "9m", rules=busted, scores=[59_000, 1_000])
    state.apply(Discard(0, state.drawn))  # type: ignore[arg-type]
    discard(state, 1, "5z")
    state.apply(Ron(0))
    assert state.is_over


# ---- the match --------------------------------------------------------------------------------

def test_match_is_best_of_three_sets_of_three_games() -> None:
    agents = [EfficiencyAgent(), EfficiencyAgent(seed=1)]
    match = play_match("2p-match", agents, seed=3)
    index = 0
    for played in match.sets:
        assert 2 <= len(played.games) <= 3
        wins = [played.game_winners.count(p) for p in (0, 1)]
        for game, seating, winner in zip(played.games, played.seating, played.game_winners):
            assert game.game_index == index and seating == (index % 2, (index + 1) % 2)
            firsts = [seating[s] for s, rank in enumerate(game.ranks) if rank == 1]
            assert winner == (firsts[0] if len(firsts) == 1 else None)
            again = play_game("2p-match", [agents[p] for p in seating], 3, index)
            assert again.events == game.events
            index += 1
        # a set stops once a player has two game wins
        assert max(wins) == 2 or len(played.games) == 3
        assert played.winner == (wins.index(max(wins)) if wins.count(max(wins)) == 1 else None)
    set_wins = [sum(s.winner == p for s in match.sets) for p in (0, 1)]
    assert tuple(set_wins) == match.set_wins
    assert max(set_wins) == 2 or len(match.sets) == 3
    assert match.winner == (set_wins.index(2) if 2 in set_wins else None)


def test_a_match_of_one_game() -> None:
    rules = dataclasses.replace(MATCH, match_sets=1, set_games=1)
    match = play_match(rules, [EfficiencyAgent(), EfficiencyAgent(seed=1)], seed=5)
    assert len(match.sets) == 1 and len(match.sets[0].games) == 1
    assert match.winner == match.sets[0].winner == match.sets[0].game_winners[0]
