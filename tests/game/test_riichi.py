"""Riichi and ippatsu: only the drawn tile may be discarded after riichi, an ippatsu ron, a call
that breaks ippatsu, the points (``RuleSet.riichi_min_points``) and wall tiles
(``RuleSet.riichi_min_wall_tiles``) a riichi needs, and no riichi on a wait the seat holds all of.
Furiten is in test_furiten.py, the sticks in test_riichi_sticks.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from riichi.game import (
    Ankan, Discard, Game, Pass, Phase, Pon, Riichi, Ron, Wall,
)
from riichi.game import events as ev
from riichi.rules import RuleSet
from riichi.tiles import parse_tile
from tests.support.game import (
    GO_AROUND,
    NOTEN,
    QUIET,
    SANMA_QUIET,
    TENPAI,
    WIN_HAND,
    discard,
    first,
    hora,
    pass_claims,
    play_out,
    riichi,
    table,
    tsumogiri,
)


def test_riichi_ippatsu_ron_takes_the_stick() -> None:
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], GO_AROUND + "8s9m5z")
    tsumogiri(state, 5)
    riichi(state, 1, "9m")
    pass_claims(state)
    discard(state, 2, "5z")
    state.apply(Ron(1))
    (win,) = hora(state)
    assert dict(win.yaku) == {"riichi": 1, "ippatsu": 1, "haku": 1}
    assert win.deltas == (0, 6_200, -5_200, 0)  # 3 han 40 fu = 5,200, and the stick
    assert state.scores == [30_000, 35_200, 24_800, 30_000]


def test_after_riichi_only_the_drawn_tile_may_be_discarded() -> None:
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], GO_AROUND + "8s9m7m7m7m1p")
    tsumogiri(state, 5)
    riichi(state, 1, "9m")
    pass_claims(state)
    tsumogiri(state, 3)
    assert state.legal_actions(1) == [Discard(1, state.drawn)]  # type: ignore[arg-type]


def test_a_call_breaks_ippatsu() -> None:
    hands = [QUIET[0], WIN_HAND, QUIET[1], "369m147p258s1577z"]
    state = table(hands, GO_AROUND + "8s9m7z")
    tsumogiri(state, 5)
    riichi(state, 1, "9m")
    pass_claims(state)
    discard(state, 2, "7z")
    state.apply(first(state, 3, Pon))
    discard(state, 3, "5z")
    state.apply(Ron(1))
    (win,) = hora(state)
    assert dict(win.yaku) == {"riichi": 1, "haku": 1}
    assert win.deltas == (0, 3_600, 0, -2_600)


@pytest.mark.parametrize(
    ("rules", "points", "allowed"),
    [("ema", 500, True), ("tenhou", 500, False), ("tenhou", 1_000, True), ("cardavia", 900, False),
     ("cardavia", 1_000, True)],
)
def test_riichi_minimum_points(rules: str, points: int, allowed: bool) -> None:
    minimum = RuleSet.preset(rules).riichi_min_points
    assert (minimum is None or points >= minimum) is allowed
    assert minimum == (None if rules == "ema" else 1_000)
    state = table(
        [QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], GO_AROUND + "8s9m", rules=rules,
        # the others hold the rest of the table's sum
        scores=[30_000, points, 30_000, 4 * RuleSet.preset(rules).start_points - 60_000 - points],
    )
    tsumogiri(state, 5)
    assert any(isinstance(a, Riichi) for a in state.legal_actions(1)) is allowed


# ---------------------------------------------------------------------------- the tenpai of riichi

# After the concealed kan of 5s the 46s kanchan waits on a tile the seat holds all four of: not
# tenpai, so no riichi; without the kan the same tiles wait on 7p (or 2m) and riichi is offered.
KARATEN = "0555s46s456m123p7p"

# Which four-player presets count that wait tenpai (karaten_counts): Tenhou's rules, a wait for a
# "5th tile" is tenpai but for the four in the hand that chooses the discard (riichi.wiki's
# Tenhou.net rules; Tenhou's Meijinsen rules: 打牌選択可能な手牌で4枚使用している牌を除く), and
# riichi.wiki's Karaten page (12s44466688p beside a kan of 3s scored tenpai on Tenhou, "the same
# kind of case is allowable in Mahjong Soul"); EMA: not tenpai.
COUNTS_KARATEN = {"ema": False, "ema-2016": False, "tenhou": True, "mahjongsoul": True}


@pytest.mark.parametrize("rules", sorted(COUNTS_KARATEN))
@pytest.mark.parametrize("kan", [True, False])
def test_riichi_on_a_wait_in_the_seats_own_kan_only_where_the_rules_count_karaten(
    rules: str, kan: bool
) -> None:
    counts = COUNTS_KARATEN[rules]
    assert RuleSet.preset(rules).karaten_counts is counts
    wall = Wall.arranged([KARATEN, None, None, None], draws="2m", replacements="7p")
    state = Game(rules).new_state(walls=[wall])
    if kan:
        state.apply(Ankan(0, parse_tile("5s")))
    riichis = {a.tile >> 2 for a in state.legal_actions(0) if isinstance(a, Riichi)}
    if not kan:
        assert riichis == {parse_tile("2m"), parse_tile("7p")}
    else:
        assert riichis == ({parse_tile("2m")} if counts else set())
        assert not state.players[0].tenpai_discards()
        assert bool(state.players[0].tenpai_discards(karaten=True))


@pytest.mark.parametrize("rules", sorted(COUNTS_KARATEN))
def test_a_wait_in_the_seats_own_kan_is_paid_as_tenpai_where_the_rules_count_karaten(
    rules: str,
) -> None:
    counts = COUNTS_KARATEN[rules]
    # the quiet hands, holding no 5s (seat 0 holds them all)
    state = table([KARATEN, QUIET[0], QUIET[1], "369m147p268s1234z"], "2m", rules=rules,
                  replacements="7p")
    state.apply(Ankan(0, parse_tile("5s")))
    discard(state, 0, "2m")
    assert state.players[0].waits_mask == 0  # every 5s is in the kan: nothing left to win on
    play_out(state)
    (drawn,) = [e for e in state.events if isinstance(e, ev.Ryukyoku)]
    assert (drawn.reason, drawn.tenpai) == ("exhaustive", (0,) if counts else ())
    assert drawn.deltas == ((3_000, -1_000, -1_000, -1_000) if counts else (0, 0, 0, 0))


# The same wait at three players (no 2m-8m): after the kan of 5s and the discard of 9m the 46s
# kanchan waits on the tiles of the seat's own kan. tenhou-3p counts such a hand tenpai
# (karaten_counts, as tenhou): riichi is offered, and the hand is paid as tenpai at the
# exhaustive draw; karaten_counts=False refuses both.
KARATEN_3P = "0555s46s123p456p7p"


@pytest.mark.parametrize("counts", [True, False])
def test_a_wait_on_the_seats_own_kan_is_tenpai_where_the_rules_count_karaten(counts: bool) -> None:
    rules = replace(RuleSet.preset("tenhou-3p"), karaten_counts=counts)
    assert all(RuleSet.preset(p).karaten_counts for p in ("tenhou-3p", "mahjongsoul-3p"))
    state = table([KARATEN_3P, SANMA_QUIET[1], SANMA_QUIET[2]], "9m", rules=rules,
                  replacements="7p")
    state.apply(Ankan(0, parse_tile("5s")))
    riichis = {a.tile >> 2 for a in state.legal_actions(0) if isinstance(a, Riichi)}
    assert riichis == ({parse_tile("9m")} if counts else set())
    discard(state, 0, "9m")
    assert state.players[0].waits_mask == 0  # no 5s is left to win on
    play_out(state)
    (drawn,) = [e for e in state.events if isinstance(e, ev.Ryukyoku)]
    assert drawn.tenpai == ((0,) if counts else ())
    assert drawn.deltas == ((2_000, -1_000, -1_000) if counts else (0, 0, 0))


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
