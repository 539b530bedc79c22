"""The table of three (``tenhou-3p``, ``mahjongsoul-3p``): the 108 tiles and their wall as Tenhou
lays it out, the dora of a 1m or 9m indicator, no chi, the points, the end of the game (the West
extension, bust), the payments of a hand at the table and the abortive draws the presets keep.

Sources: riichi.wiki's Tenhou.net rules (three-player section) and its Sanma page, mjstars.net's
three-player ranking rules, riichi.wiki's Mahjong Soul page (three-player section), and two real
Houou games (``tests/data/sanma``).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from riichi.agents import RandomAgent
from riichi.errors import InvalidHandError, InvalidRuleError
from riichi.game import Chi, Game, Phase, Position, Riichi, Tsumo, Wall, play_game
from riichi.game import events as ev
from riichi.game.draws import abort_after_discard
from riichi.game.flow import final_results, game_over
from riichi.game.wall import wall_tiles
from riichi.logs import tenhou_wall
from riichi.rules import AbortiveDraw, RuleSet
from tests.support.game import SANMA_QUIET, discard, first, play_out, table, tsumogiri

TENHOU_3P = RuleSet.preset("tenhou-3p")
MAHJONGSOUL_3P = RuleSet.preset("mahjongsoul-3p")
DATA = Path(__file__).resolve().parent.parent / "data" / "sanma"


def test_the_three_player_presets_play_as_their_sources_say() -> None:
    for rules in (TENHOU_3P, MAHJONGSOUL_3P):
        assert (rules.players, rules.winds, rules.live_wall, rules.replacement_tiles) == (3, 3, 94, 8)
        assert not rules.chi and rules.kita and rules.kita_ron
        assert (rules.start_points, rules.target_points, rules.noten_total) == (35_000, 40_000, 2_000)
        assert (rules.honba_ron, rules.honba_tsumo) == (200, 100)
        assert rules.abortive_draws == {AbortiveDraw.NINE_TERMINALS, AbortiveDraw.FOUR_KANS}
    assert (TENHOU_3P.return_points, TENHOU_3P.oka, TENHOU_3P.uma[:3]) == (40_000, 15_000,
                                                                           (20_000, 0, -20_000))
    assert (MAHJONGSOUL_3P.return_points, MAHJONGSOUL_3P.oka) == (35_000, 0)
    assert RuleSet.preset("tenhou-3p-east").rounds == RuleSet.preset("mahjongsoul-3p-east").rounds == 1


@pytest.mark.parametrize(("changes", "message"), [
    ({"winds": 4}, "winds=4 with players=3 (expected 3"),
    ({"live_wall": 122}, "live_wall=122 with players=3 (expected 40 to 94"),
    ({"abortive_draws": {"four_winds", "four_riichi"}}, "four_winds, four_riichi and players=3"),
    ({"noten_total": 3_001}, "noten_total=3001 with players=3 (expected a multiple of 2"),
    ({"tsumo_payment": "absent_too"}, "tsumo_payment='absent_too' with players=3"),
])
def test_rule_values_that_do_not_fit_three_players_are_refused(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidRuleError, match=re.escape(message)):
        dataclasses.replace(TENHOU_3P, **changes)


def test_kita_and_north_bisection_need_three_players() -> None:
    with pytest.raises(InvalidRuleError, match="kita=True with players=4"):
        RuleSet(kita=True)
    with pytest.raises(InvalidRuleError, match="tsumo_payment='north_bisection' with players=4"):
        RuleSet(tsumo_payment="north_bisection")  # type: ignore[arg-type]


def test_the_wall_holds_the_108_tiles_without_2m_8m() -> None:
    state = Game("tenhou-3p", seed=3).new_state()
    tiles = wall_tiles(TENHOU_3P)
    assert len(tiles) == 108 and not any(4 <= t < 32 for t in tiles)
    assert sorted(state.wall.yama) == list(tiles) and sorted(state.tile_locations()) == list(tiles)
    assert [len(p.hand) for p in state.players] == [14, 13, 13]
    assert state.wall.live_remaining == 108 - 14 - 39 - 1  # the dealer has drawn
    with pytest.raises(InvalidHandError, match="of the 108 tiles of 3 players"):
        Wall(list(range(136)), TENHOU_3P)
    # the tile named, and why none is left
    with pytest.raises(InvalidHandError, match=re.escape(
            "no copy of 2m left for '2m19m147p258s1235z': the rules 'tenhou-3p' play three "
            "players, without 2m-8m")):
        Wall.arranged(["2m19m147p258s1235z", None, None], rules=TENHOU_3P)
    with pytest.raises(InvalidHandError, match=re.escape(
            "no copy of 1z left for '1z': the four are placed")):
        Wall.arranged(["19m147p258s11115z", None, None], "1z", rules=TENHOU_3P)


def test_the_wall_is_laid_out_as_tenhous_records_show() -> None:
    # the first round of a real game: its deal, the dealer's draws and kita (a North set aside
    # on the first turn, its replacement from yama[1]; then seat 1's from yama[0]), the dora
    # indicator and the ura indicator of its win
    text = (DATA / "tenhou-sanma-dnovikoff.mjlog.xml").read_text(encoding="utf-8")
    seed = re.search(r'<SHUFFLE seed="([^"]+)"', text).group(1)  # type: ignore[union-attr]
    init = dict(re.findall(r'(\w+)="([^"]*)"', text[text.index("<INIT"):].split(">")[0]))
    # the 108 tiles shuffled as Tenhou shuffles its 136, over 108 places (riichi.logs.tenhou_wall)
    wall = Wall(next(tenhou_wall.tenhou_walls(seed, players=3)), TENHOU_3P)
    hands = wall.deal(dealer=0)
    assert [sorted(h) for h in hands] == [sorted(map(int, init[f"hai{s}"].split(",")))
                                          for s in range(3)]
    assert wall.draw() == 82 and wall.draw_replacement() == 38  # <T82/><N who="0" .../><T38/>
    assert wall.draw() == 85 and wall.draw_replacement() == 46  # <U85/><N who="1" .../><U46/>
    assert wall.dora_indicators == [int(init["seed"].split(",")[5])] == [70]
    assert wall.ura_indicators == [80]  # doraHaiUra="80" of the round's win


def test_a_1m_indicator_shows_9m_and_a_9m_indicator_1m() -> None:
    assert table(list(SANMA_QUIET), rules="tenhou-3p", dora="1m").dora == (8,)
    assert table(list(SANMA_QUIET), rules="tenhou-3p", dora="9m").dora == (0,)
    assert table([None] * 4, rules="tenhou", dora="1m").dora == (1,)


def test_no_chi_at_three_players() -> None:
    hands = [SANMA_QUIET[0], "19m2345p258s1256z", SANMA_QUIET[2]]
    assert not TENHOU_3P.chi
    state = table(hands, "1p", rules="tenhou-3p")
    discard(state, 0, "1p")
    assert state.phase is Phase.TURN and state.turn == 1  # nobody was asked
    allowed = table(hands, "1p", rules=dataclasses.replace(TENHOU_3P, chi=True))
    discard(allowed, 0, "1p")
    assert allowed.phase is Phase.CLAIM and any(isinstance(a, Chi) for a in allowed.legal(1))


def test_three_players_start_with_35000_and_end_with_uma_and_oka() -> None:
    state = Game("tenhou-3p", seed=1).new_state()
    assert state.scores == [35_000] * 3 and state.winds == (0, 1, 2)
    # the final points of a real game (2014091101gm-00b9-0000-5ca6b487): Tenhou shows the results
    # rounded to the thousand (54.0, -37.0, -17.0); the engine keeps points
    ranks, results = final_results(TENHOU_3P, [59_200, 22_800, 23_000])
    assert ranks == [1, 3, 2] and results == [54_200, -37_200, -17_000]
    assert final_results(MAHJONGSOUL_3P, [59_200, 22_800, 23_000])[1] == [39_200, -27_200, -12_000]


def test_the_deal_passes_through_three_seats_a_round() -> None:
    state = table(list(SANMA_QUIET), rules="tenhou-3p", kyoku=2)
    assert state.dealer == 2 and state.winds == (1, 2, 0)
    play_out(state)  # nobody tenpai: the deal passes, into the South round
    assert state.outcomes[0].deltas == (0, 0, 0) and state.position == Position(1, 0, 1, 0)


@pytest.mark.parametrize(("position", "scores", "after"), [
    ((1, 2), [36_000, 35_000, 34_000], Position(2, 0, 1, 0)),  # after South 3: into West
    ((1, 2), [41_000, 35_000, 29_000], None),  # someone at 40,000: over
    ((2, 0), [36_000, 35_000, 34_000], Position(2, 1, 1, 0)),  # West 1: sudden death
    ((2, 2), [36_000, 35_000, 34_000], None),  # over after West 3 at the latest
])
def test_west_extension_until_someone_reaches_40000(
    position: tuple[int, int], scores: list[int], after: Position | None
) -> None:
    state = table(list(SANMA_QUIET), rules="tenhou-3p", round_wind=position[0],
                  kyoku=position[1], scores=scores)
    play_out(state)
    assert state.is_over is (after is None)
    if after is not None:
        assert state.position == after


def test_a_bust_ends_the_game() -> None:
    assert TENHOU_3P.tobi and game_over(TENHOU_3P, Position(0, 0), [-100, 70_000, 35_100],
                                        dealer_stays=False, how="win")
    assert not game_over(TENHOU_3P, Position(0, 0), [0, 70_000, 35_000], False, "win")


def test_a_riichi_stick_and_a_tsumo_of_three_at_the_table() -> None:
    # seat 1 riichi (its stick on the table), then a tsumo: the dealer and seat 2 pay, North
    # does not; 2 counters, 100 a counter from each of the two payers
    state = table([SANMA_QUIET[0], "123p456p789p11s24s", SANMA_QUIET[2]], "9p7z9s9p3s",
                  rules="tenhou-3p", honba=2, scores=[35_000, 35_000, 35_000])
    tsumogiri(state)
    state.apply(first(state, 1, Riichi))  # throws 7z
    while state.phase is not Phase.TURN:
        state.apply(state.legal(state.acting_seats[0])[-1])
    tsumogiri(state, 2)
    state.apply(Tsumo(1))
    (win,) = [e for e in state.events if isinstance(e, ev.Hora)]
    assert dict(win.yaku) == {"double_riichi": 2, "ippatsu": 1, "menzen_tsumo": 1, "ittsu": 2}
    # a haneman: 6,000 + 3,000 (North's 3,000 unpaid), 200 a payer for the counters, the stick
    assert win.points == 9_000 and win.deltas == (-6_200, 10_400, -3_200)
    assert sum(state.scores) == 105_000 and state.position.sticks == 0


def test_the_abortive_draws_of_the_three_player_presets() -> None:
    for rules in (TENHOU_3P, MAHJONGSOUL_3P):
        # four kans by two seats abort; three first discards of one wind do not
        assert abort_after_discard(rules, [False] * 3, [0, 0, 1, 1], False, None) == "four_kans"
        assert abort_after_discard(rules, [False] * 3, [], False, [27, 27, 27]) is None
        assert abort_after_discard(rules, [True] * 3, [], True, None) is None  # three riichi
    # nine terminals on a first uninterrupted draw
    state = table(["19m19p19s1235z67z9s", SANMA_QUIET[1], SANMA_QUIET[2]], "7z",
                  rules="tenhou-3p")
    assert any(type(a).__name__ == "NineTerminals" for a in state.legal(0))


def test_random_players_play_whole_games_of_both_presets() -> None:
    for preset in ("tenhou-3p", "mahjongsoul-3p-east"):
        result = play_game(preset, [RandomAgent(s) for s in range(3)], seed=4)
        assert sum(result.final_scores) == 105_000 and sum(result.results) == 0
        assert any(isinstance(e, ev.KitaDeclared) for e in result.events)
        assert len(result.final_scores) == 3 and sorted(result.ranks) == [1, 2, 3]


def test_an_exhaustive_draw_pays_2000_between_three() -> None:
    # seat 1 waits on 3s, the others are far from tenpai; everyone throws what they draw
    state = table([SANMA_QUIET[0], "123p456p789p11s24s", SANMA_QUIET[2]], rules="tenhou-3p")
    play_out(state)
    (outcome,) = state.outcomes
    assert outcome.reason == "exhaustive" and outcome.deltas == (-1_000, 2_000, -1_000)
    assert state.position == Position(0, 1, 1, 0)  # the dealer was noten: the deal passes


def test_north_bisection_at_the_table() -> None:
    # the tsumo of test_a_riichi_stick_and_a_tsumo_of_three_at_the_table with North's share
    # halved between the payers: a haneman of 12,000 as a ron, 7,500 and 4,500
    rules = dataclasses.replace(TENHOU_3P, tsumo_payment="north_bisection")
    state = table([SANMA_QUIET[0], "123p456p789p11s24s", SANMA_QUIET[2]], "9p7z9s9p3s",
                  rules=rules)
    tsumogiri(state)
    state.apply(first(state, 1, Riichi))
    while state.phase is not Phase.TURN:
        state.apply(state.legal(state.acting_seats[0])[-1])
    tsumogiri(state, 2)
    state.apply(Tsumo(1))
    (win,) = [e for e in state.events if isinstance(e, ev.Hora)]
    assert win.points == 12_000 and win.deltas == (-7_500, 13_000, -4_500)
