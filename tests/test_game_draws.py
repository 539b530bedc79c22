"""Scenario tests of the ends of a hand without a winner, the last tile, and the game's end."""

from __future__ import annotations

import itertools

import pytest

from game_helpers import (
    QUIET,
    WIN_HAND,
    move_to_last_live_place,
    pass_claims,
    play_out,
    play_to_last_tile,
    table,
    throw,
    tsumogiri,
)
from riichi.game import (
    Ankan,
    Discard,
    Game,
    NineTerminals,
    Pass,
    Phase,
    Position,
    Riichi,
    Ron,
    Tsumo,
    Wall,
)
from riichi.game import events as ev
from riichi.rules import RuleSet

TENPAI = ("123456789m111p5z", "123456789p111s6z", "123456789s999p7z", "111222333444z5z")
NOTEN = ("258m258p258s6677z", "369m369p369s2567z", "24578m247p247s67z", "1111222333444z")
# NOTEN[3] is karaten: its only wait, 1z, is the tile it holds all four of


ALL_SUBSETS = [c for n in range(5) for c in itertools.combinations(range(4), n)]


@pytest.mark.parametrize("tenpai", ALL_SUBSETS)
def test_exhaustive_draw_noten_payments(tenpai: tuple[int, ...]) -> None:
    hands = [TENPAI[s] if s in tenpai else NOTEN[s] for s in range(4)]
    state = table(hands)
    play_out(state)
    outcome = state.outcomes[0]
    assert (outcome.ending, outcome.reason) == ("draw", "exhaustive")
    drawn = next(e for e in state.events if isinstance(e, ev.Ryukyoku))
    assert drawn.tenpai == tenpai
    n = len(tenpai)
    expected = tuple(
        0 if n in (0, 4) else (3_000 // n if s in tenpai else -3_000 // (4 - n)) for s in range(4)
    )
    assert outcome.deltas == expected
    # a counter is added; the dealer stays only if tenpai
    assert state.position == Position(0, 0 if 0 in tenpai else 1, 1, 0)


@pytest.mark.parametrize(("rules", "least"), [("ema", 4), ("mleague", 0), ("cardavia", 4)])
def test_riichi_needs_tiles_left_in_the_wall(rules: str, least: int) -> None:
    assert RuleSet.preset(rules).riichi_min_wall_tiles == least
    state = table([NOTEN[0], TENPAI[1], NOTEN[2], NOTEN[3]], rules=rules)
    seen = set()
    while not state.outcomes:
        if state.phase is Phase.TURN and state.turn == 1:
            can = any(isinstance(a, Riichi) for a in state.legal_actions(1))
            assert can is (state.wall.live_remaining >= least)
            seen.add((can, state.wall.live_remaining < 4))
        if state.phase is Phase.TURN:
            state.apply(Discard(state.turn, state.drawn))  # type: ignore[arg-type]
        else:
            state.apply(Pass(state.acting_seats[0]))
    # mleague: riichi also with fewer than four tiles left
    assert seen == ({(True, False), (False, True)} if least else {(True, False), (True, True)})


def test_cardavia_returns_unclaimed_sticks_and_ends() -> None:
    state = table([NOTEN[0], TENPAI[1], NOTEN[2], NOTEN[3]], "2m", rules="cardavia")
    tsumogiri(state)
    state.apply(Riichi(1, state.drawn))  # type: ignore[arg-type]
    pass_claims(state)
    play_out(state)
    assert state.is_over
    assert state.final_scores == (24_000, 28_000, 24_000, 24_000)
    assert [e.type for e in state.events[-3:]] == ["ryukyoku", "end_kyoku", "end_game"]


def test_haitei_tsumo_on_the_last_tile() -> None:
    wall = Wall.arranged([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], dora_indicators="8s",
                         ura_indicators="8s", replacements="5z6z6z")
    move_to_last_live_place(wall, 31)  # the last copy of 5z
    state = Game("ema").new_state(walls=[wall])
    play_to_last_tile(state)
    assert state.turn == 1 and Tsumo(1) in state.legal_actions(1)
    state.apply(Tsumo(1))
    win = next(e for e in state.events if isinstance(e, ev.Hora))
    assert dict(win.yaku) == {"menzen_tsumo": 1, "haitei": 1, "haku": 1}
    assert win.deltas == (-2_600, 5_200, -1_300, -1_300)


@pytest.mark.parametrize(
    ("rules", "haitei"),
    [("ema", True), ("ema-2016", False), ("wrc", False), ("tenhou", False), ("mleague", False)],
)
def test_rinshan_on_the_last_tile_counts_haitei_only_if_they_combine(
    rules: str, haitei: bool
) -> None:
    assert RuleSet.preset(rules).haitei_rinshan_combine is haitei
    # The dealer draws its fourth 2m with one live tile left and declares the kan: the kan takes
    # that tile into the dead wall, so the replacement 5s is the hand's last tile.
    wall = Wall.arranged(["222m444p234s67s99p", QUIET[0], "147m369p258s1234z", QUIET[2]],
                         dora_indicators="8s1z", ura_indicators="8s", replacements="5s")
    move_to_last_live_place(wall, 1, left=1)  # the last copy of 2m
    state = Game(rules).new_state(walls=[wall])
    play_to_last_tile(state, left=1)
    assert state.turn == 0 and Ankan(0, 1) in state.legal_actions(0)
    state.apply(Ankan(0, 1))
    assert state.wall.live_remaining == 0 and state.rinshan
    state.apply(Tsumo(0))
    (win,) = [e for e in state.events if isinstance(e, ev.Hora)]
    yaku = dict(win.yaku)
    assert yaku["rinshan"] == 1 and yaku["menzen_tsumo"] == 1
    assert ("haitei" in yaku) is haitei
    assert win.han == 2 + haitei + yaku.get("aka_dora", 0) + yaku.get("dora", 0)


def test_houtei_ron_and_no_calls_on_the_last_discard() -> None:
    pinfu = "234m345p456s67m22s"
    wall = Wall.arranged([QUIET[0], QUIET[1], pinfu, QUIET[2]], dora_indicators="8s8m",
                         ura_indicators="8s", replacements="0m5m5m8m")
    move_to_last_live_place(wall, 7)  # the last live 8m, drawn by seat 1
    state = Game("ema").new_state(walls=[wall])
    play_to_last_tile(state)
    throw(state)  # seat 1 throws the last tile, 8m
    assert state.legal_actions(2) == [Ron(2), Pass(2)]  # no chi on the last discard
    state.apply(Ron(2))
    win = next(e for e in state.events if isinstance(e, ev.Hora))
    assert dict(win.yaku) == {"houtei": 1, "tanyao": 1, "pinfu": 1}
    assert win.deltas == (0, -3_900, 3_900, 0)


# ---------------------------------------------------------------------------- abortive draws

@pytest.mark.parametrize(("rules", "offered"), [("ema", False), ("tenhou", True)])
def test_nine_terminals(rules: str, offered: bool) -> None:
    state = table(["19m19p19s1234z258m", QUIET[0], QUIET[1], QUIET[2]], "7z", rules=rules)
    assert (NineTerminals(0) in state.legal_actions(0)) is offered
    if offered:
        state.apply(NineTerminals(0))
        assert state.outcomes[0].reason == "nine_terminals"
        assert state.position == Position(0, 0, 1, 0)


@pytest.mark.parametrize(("rules", "aborts"), [("ema", False), ("tenhou", True)])
def test_four_winds(rules: str, aborts: bool) -> None:
    hands = [QUIET[0], QUIET[1], QUIET[2], "258m147p369s1567z"]
    state = table(hands, "7s8s9s7z", rules=rules)
    for seat in range(4):
        tile = next(t for t in sorted(state.players[seat].hand) if t >> 2 == 27)
        state.apply(Discard(seat, tile))
        pass_claims(state)
    assert (bool(state.outcomes) and state.outcomes[0].reason == "four_winds") is aborts


@pytest.mark.parametrize(("rules", "aborts"), [("ema", False), ("tenhou", True)])
def test_four_riichi(rules: str, aborts: bool) -> None:
    state = table(list(TENPAI), "5m5p5s5m", rules=rules)
    for _ in range(4):
        state.apply(Riichi(state.turn, state.drawn))  # type: ignore[arg-type]
        pass_claims(state)
    if aborts:
        assert state.outcomes[0].reason == "four_riichi"
        assert state.position == Position(0, 0, 1, 4)  # the sticks stay on the table
    else:
        assert not state.outcomes and state.position.sticks == 4


def test_no_kan_on_the_last_tile() -> None:
    hands = ["258m147p369s1234z", "111m345p456s5566z", QUIET[1], QUIET[2]]
    wall = Wall.arranged(hands, dora_indicators="8s", ura_indicators="8s", replacements="5z6z6z")
    move_to_last_live_place(wall, 0)  # the fourth 1m is the last tile, drawn by seat 1
    state = Game("ema").new_state(walls=[wall])
    play_to_last_tile(state)
    assert state.turn == 1 and state.players[1].counts[0] == 4
    assert not any(type(a).__name__ == "Ankan" for a in state.legal_actions(1))


def test_karaten_is_not_tenpai() -> None:
    state = table(list(NOTEN))
    assert state.players[3].waits_mask == 0  # 1111z222z333z444z: the only wait is held four times
    play_out(state)
    assert next(e for e in state.events if isinstance(e, ev.Ryukyoku)).tenpai == ()


@pytest.mark.parametrize(
    ("rules", "reason", "deltas"),
    [
        ("tenhou", "nagashi_mangan", (-4_000, 8_000, -2_000, -2_000)),
        ("ema", "exhaustive", None),
    ],
)
def test_nagashi_mangan(rules: str, reason: str, deltas: tuple[int, ...] | None) -> None:
    hands = [
        "2345m2345p2345s2m", "2345m2345p2345s3m", "678m678p678s4m4p4s7m", "678m678p678s3p3s4m4s"
    ]
    wall = Wall.arranged(hands)
    yama = wall.yama
    honors = list(range(108, 126))  # 1z-4z and two 5z: seat 1 draws nothing else
    for j, tile in enumerate(honors):
        place, here = 83 - (1 + 4 * j), yama.index(tile)
        yama[place], yama[here] = yama[here], yama[place]
    state = Game(rules).new_state(walls=[wall])
    play_out(state)
    outcome = state.outcomes[0]
    assert outcome.reason == reason
    if deltas is not None:
        assert outcome.deltas == deltas


def test_ema_game_ends_after_south_4_sticks_to_first_and_uma() -> None:
    scores = [35_000, 30_000, 25_000, 28_000]
    state = table(list(NOTEN), round_wind=1, kyoku=3, sticks=2, scores=scores)  # South 4
    play_out(state)
    assert state.is_over
    assert state.final_scores == (37_000, 30_000, 25_000, 28_000)
    assert state.results == (37_000, 10_000, -35_000, -12_000)
    assert state.ranks == (1, 2, 4, 3)


def test_tenhou_goes_into_the_west_round_when_nobody_has_30000() -> None:
    scores = [26_000, 25_000, 25_000, 24_000]
    state = table(list(NOTEN), rules="tenhou", round_wind=1, kyoku=3, scores=scores)
    play_out(state)
    assert not state.is_over and state.position == Position(2, 0, 1, 0)
