"""Kita (nukidora) at a table of three, on arranged walls: a North set aside on a seat's turn after
a draw, its replacement tile, the dora it counts, the call it is (ippatsu, the first go-around),
and the ron on it (``RuleSet.kita``, ``kita_ron``; riichi.wiki's Sanma page, mjstars.net's
three-player rules: "may not be done immediately after a pon", "acts as a call for the purposes
of removing ippatsu, double riichi, kyuushuukyuuhai, tenhou, and chiihou", "other players may
declare ron on a kita call").

Seat 0 deals; the quiet hands (``SANMA_QUIET``) hold no North and win on nothing thrown here.
"""

from __future__ import annotations

import dataclasses

import pytest

from riichi.errors import IllegalActionError
from riichi.game import (
    Discard, GameState, Kita, NineTerminals, Pass, Phase, Pon, Riichi, Ron, Tsumo,
)
from riichi.game import events as ev
from riichi.rules import RuleSet
from tests.support.game import SANMA_QUIET, discard, first, pass_claims, riichi, table, tsumogiri

TENHOU_3P = RuleSet.preset("tenhou-3p")
NORTH = 30
ITTSU_NORTH_PAIR = "123p456p789p11s44z"  # shanpon on 1s and North, ittsu for a yaku


def kitas(state, seat: int) -> list[Kita]:  # type: ignore[no-untyped-def]
    return [a for a in state.legal(seat) if isinstance(a, Kita)]


def test_kita_is_listed_for_each_north_held_after_a_draw() -> None:
    state = table(["19m147p258s12344z", SANMA_QUIET[1], SANMA_QUIET[2]], "4z",
                  rules="tenhou-3p")
    assert TENHOU_3P.kita
    # three Norths: two dealt, one drawn; one kita each, listed after the discards
    assert [a.tile for a in kitas(state, 0)] == [120, 121, 122]
    legal = state.legal(0)
    assert all(isinstance(a, (Discard, Riichi)) for a in legal[: legal.index(kitas(state, 0)[0])])
    assert str(kitas(state, 0)[0]) == "seat 0: kita 4z"


def test_no_kita_without_the_rule_or_at_four_players() -> None:
    hands = ["19m147p258s12344z", SANMA_QUIET[1], SANMA_QUIET[2]]
    assert kitas(table(hands, "4z", rules=dataclasses.replace(TENHOU_3P, kita=False)), 0) == []
    four = table(["147m258p369s1244z", None, None, None], "4z", rules="tenhou")
    assert not four.rules.kita and four.players[0].counts[NORTH] == 3 and kitas(four, 0) == []


def test_no_kita_right_after_a_pon() -> None:
    state = table([SANMA_QUIET[0], "19m258p369s45567z", SANMA_QUIET[2]], "9p9s7z3p",
                  rules="tenhou-3p")
    discard(state, 0, "5z")
    state.apply(first(state, 1, Pon))
    assert state.players[1].counts[NORTH] == 1
    assert kitas(state, 1) == []  # a discard only, until the next draw
    discard(state, 1, "9m")
    pass_claims(state)
    tsumogiri(state, 2)  # seats 2 and 0
    assert state.turn == 1 and [a.tile for a in kitas(state, 1)] == [120]


def test_a_kita_sets_the_north_aside_and_draws_a_replacement_tile() -> None:
    state = table([SANMA_QUIET[0], SANMA_QUIET[1], "19m258p369s12467z"], "9p9s7z",
                  rules="tenhou-3p", replacements="3p8s")
    tsumogiri(state, 2)  # seats 0 and 1 throw their draws
    live = state.wall.live_remaining
    assert state.turn == 2 and state.drawn >> 2 == 33
    state.apply(Kita(2, 120))
    p = state.players[2]
    assert p.kita == (120,) and p.counts[NORTH] == 0 and 120 not in p.hand
    assert state.seen[NORTH] == 1 and state.interrupted
    replacement = state.wall.yama[1]  # the first replacement place, as Tenhou's three-player wall
    assert replacement >> 2 == 11 and state.drawn == replacement and state.rinshan
    assert state.events[-2:] == [ev.KitaDeclared(2, 120), ev.Draw(2, replacement, True)]
    assert state.events[-2].to_mjai() == {"type": "nukidora", "actor": 2, "pai": "N"}
    # the replacement moved the last live tile into the dead wall
    assert state.wall.live_remaining == live - 1 and state.wall.replacements == 1
    assert sorted(state.tile_locations()) == sorted(state.wall.yama)


def test_replacement_tiles_follow_tenhous_order_for_three_players() -> None:
    state = table([SANMA_QUIET[0], "19m258p369s12444z", SANMA_QUIET[2]], "9p4z",
                  rules="tenhou-3p", replacements="2p3p4p6p7p")
    tsumogiri(state)  # seat 0
    assert state.turn == 1
    drawn = []
    for _ in range(4):
        state.apply(kitas(state, 1)[0])
        drawn.append(state.drawn)
    assert [state.wall.yama[i] for i in (1, 0, 3, 2)] == drawn
    assert [t >> 2 for t in drawn] == [10, 11, 12, 14]
    assert len(state.players[1].kita) == 4 and kitas(state, 1) == []
    assert TENHOU_3P.replacement_tiles == 8 and state.wall.replacements_left == 4
    assert state.wall.dora_indicators == [state.wall.yama[9]]  # on the fifth stack


def test_a_riichi_hand_sets_aside_only_the_north_it_drew() -> None:
    state = table([SANMA_QUIET[0], "123p456p789p23s44z", SANMA_QUIET[2]], "9p6z7z9s4z",
                  rules="tenhou-3p")
    tsumogiri(state)  # seat 0
    riichi(state, 1, "6z")  # waits on 1s and 4s, with the Norths for its pair
    pass_claims(state)
    tsumogiri(state, 2)  # seats 2 and 0
    assert state.turn == 1 and state.drawn >> 2 == NORTH
    assert state.legal(1) == (Discard(1, state.drawn), Kita(1, state.drawn))


def test_a_kita_ends_ippatsu_as_a_call() -> None:
    hands = [SANMA_QUIET[0], "123p456p789p11s24s", "19m258p369s12467z"]
    # seat 1 declares riichi; seat 2 sets a North aside (or throws what it drew); seat 1 draws 3s
    for declared in (True, False):
        state = table(hands, "9p6z7z9s3s", rules="tenhou-3p", replacements="6s")
        tsumogiri(state)  # seat 0
        riichi(state, 1, "6z")
        pass_claims(state)
        assert state.players[1].ippatsu
        if declared:
            state.apply(first(state, 2, Kita))
            assert not state.players[1].ippatsu
        discard(state, 2, "6s" if declared else "7z")
        pass_claims(state)
        tsumogiri(state)  # seat 0
        state.apply(Tsumo(1))
        (win,) = [e for e in state.events if isinstance(e, ev.Hora)]
        assert ("ippatsu" in dict(win.yaku)) is not declared


def test_the_own_kita_ends_the_own_ippatsu_and_the_replacement_win_is_rinshan() -> None:
    state = table([SANMA_QUIET[0], "123p456p789p11s24s", SANMA_QUIET[2]], "9p6z7z9s4z",
                  rules="tenhou-3p", replacements="3s")
    tsumogiri(state)
    riichi(state, 1, "6z")
    pass_claims(state)
    tsumogiri(state, 2)
    state.apply(first(state, 1, Kita))
    assert not state.players[1].ippatsu and state.rinshan and state.drawn >> 2 == 20
    state.apply(Tsumo(1))
    (win,) = [e for e in state.events if isinstance(e, ev.Hora)]
    # (riichi on the first discard, no call before: double riichi)
    assert dict(win.yaku) == {"double_riichi": 2, "menzen_tsumo": 1, "rinshan": 1, "ittsu": 2,
                              "kita": 1}
    # a haneman tsumo without North's share (tsumo loss): 6,000 from the dealer, 3,000 from seat
    # 2, and the riichi stick back
    assert win.points == 9_000 and win.deltas == (-6_000, 10_000, -3_000)


def first_turn(second: str, kita: bool) -> GameState:
    """The dealer, holding a North, sets it aside (or not) and throws its replacement (or the
    tile it drew); seat 1 (dealt ``second``) then draws its first tile."""
    state = table(["19m147p258s12346z", second, SANMA_QUIET[2]], "9s7z", rules="tenhou-3p",
                  replacements="3p")
    if kita:
        state.apply(first(state, 0, Kita))
    discard(state, 0, "3p" if kita else "9s")
    pass_claims(state)
    assert state.interrupted is kita
    return state


@pytest.mark.parametrize("kita", [True, False])
def test_a_kita_ends_the_first_go_around_for_nine_terminals(kita: bool) -> None:
    state = first_turn("19m1239p19s12356z", kita)  # eleven kinds of terminals and honours
    assert (NineTerminals(1) in state.legal(1)) is not kita


@pytest.mark.parametrize("kita", [True, False])
def test_a_kita_ends_the_first_go_around_for_double_riichi(kita: bool) -> None:
    state = first_turn("123p456p789p11s24s", kita)
    riichi(state, 1, "7z")
    pass_claims(state)
    assert state.players[1].riichi and state.players[1].double_riichi is not kita


def test_a_kita_may_be_won_on_by_ron_without_chankan() -> None:
    state = table([SANMA_QUIET[0], ITTSU_NORTH_PAIR, "19m258p369s12467z"], "9p7z7z",
                  rules="tenhou-3p")
    tsumogiri(state, 2)
    assert state.turn == 2
    state.apply(first(state, 2, Kita))
    assert state.phase is Phase.KITA and state.acting_seats == [1]
    assert state.legal(1) == (Ron(1), Pass(1))
    state.apply(Ron(1))
    (win,) = [e for e in state.events if isinstance(e, ev.Hora)]
    assert (win.actor, win.target, win.pai) == (1, 2, 122)  # seat 1 holds 120 and 121
    # ittsu, 2 han 40 fu (a closed ron and a triplet of North): no chankan
    assert dict(win.yaku) == {"ittsu": 2} and (win.han, win.fu, win.points) == (2, 40, 2600)
    assert win.deltas == (0, 2600, -2600)
    assert state.outcomes[0].reason == "ron" and state.outcomes[0].discarder == 2


def test_a_ron_on_a_kita_keeps_the_winners_ippatsu() -> None:
    # seat 1 declares riichi (waiting on 1s and North); seat 2 sets a North aside at once: the
    # ron on it comes before the kita stands as a call, as a ron robbing a kan does
    state = table([SANMA_QUIET[0], ITTSU_NORTH_PAIR, "19m258p369s12467z"], "9p7z7z",
                  rules="tenhou-3p")
    tsumogiri(state)  # seat 0
    riichi(state, 1, "7z")
    pass_claims(state)
    state.apply(first(state, 2, Kita))
    assert state.players[1].ippatsu and not state.interrupted
    state.apply(Ron(1))
    (win,) = [e for e in state.events if isinstance(e, ev.Hora)]
    # riichi on the first discard (double riichi), ippatsu, ittsu: no chankan
    assert dict(win.yaku) == {"double_riichi": 2, "ippatsu": 1, "ittsu": 2}


def test_a_kita_passed_by_ron_makes_the_waiting_seat_furiten_and_is_replaced() -> None:
    state = table([SANMA_QUIET[0], ITTSU_NORTH_PAIR, "19m258p369s12467z"], "9p7z7z",
                  rules="tenhou-3p", replacements="3p")
    tsumogiri(state, 2)
    state.apply(first(state, 2, Kita))
    state.apply(Pass(1))
    assert state.players[1].temp_furiten
    assert state.phase is Phase.TURN and state.turn == 2 and state.rinshan
    assert state.drawn >> 2 == 11


def test_no_ron_on_a_kita_where_the_rules_forbid_it() -> None:
    rules = dataclasses.replace(TENHOU_3P, kita_ron=False)
    state = table([SANMA_QUIET[0], ITTSU_NORTH_PAIR, "19m258p369s12467z"], "9p7z7z",
                  rules=rules, replacements="3p")
    tsumogiri(state, 2)
    state.apply(first(state, 2, Kita))
    assert state.phase is Phase.TURN and state.turn == 2 and state.drawn >> 2 == 11
    assert state.players[1].temp_furiten  # the North completed its hand, and passed


def test_a_kita_not_listed_is_refused() -> None:
    state = table(["19m147p258s12346z", SANMA_QUIET[1], SANMA_QUIET[2]], "9s",
                  rules="tenhou-3p")
    before = state.snapshot()
    for wrong in (Kita(0, 121), Kita(1, 120)):
        with pytest.raises(IllegalActionError):
            state.apply(wrong)
    assert state.snapshot() == before


@pytest.mark.parametrize("tile", [0, 52, 119, 124, 135])
def test_a_kita_of_a_tile_that_is_not_a_north_is_refused_when_made(tile: int) -> None:
    expected = rf"Kita.tile={tile}: expected a North \(136-ids 120-123\)"
    with pytest.raises(IllegalActionError, match=expected):
        Kita(0, tile)
    assert [Kita(2, north).tile for north in range(120, 124)] == [120, 121, 122, 123]


def test_kita_dora_are_counted_on_their_own_line_and_as_dora_under_a_west_indicator() -> None:
    # seat 0 sets its two Norths aside and wins on the second replacement tile; the West
    # indicator makes each North set aside a dora too
    state = table(["123p456p789s12s44z", SANMA_QUIET[1], SANMA_QUIET[2]], "9m",
                  rules="tenhou-3p", dora="3z", replacements="3s9m")
    state.apply(first(state, 0, Kita))
    state.apply(first(state, 0, Kita))
    assert state.players[0].kita == (120, 121) and state.dora == (NORTH,)
    state.apply(Tsumo(0))
    (win,) = [e for e in state.events if isinstance(e, ev.Hora)]
    assert dict(win.yaku) == {"menzen_tsumo": 1, "rinshan": 1, "dora": 2, "kita": 2}
    # a dealer's haneman: 6,000 from each of the two others
    assert win.points == 12_000 and win.deltas == (12_000, -6_000, -6_000)


def test_a_wait_on_north_with_every_north_the_seats_own_is_no_wait() -> None:
    # seat 0 sets two Norths aside and keeps two as a pair: a shanpon on 1s and North, but no
    # North is left to win on (as a wait on a tile its melds hold the other copies of)
    state = table(["123p456p789s11s44z", SANMA_QUIET[1], SANMA_QUIET[2]], "4z",
                  rules="tenhou-3p", replacements="4z9m")
    state.apply(first(state, 0, Kita))
    state.apply(first(state, 0, Kita))
    discard(state, 0, "9m")
    p = state.players[0]
    assert len(p.kita) == 2 and p.counts[NORTH] == 2
    assert p.waits_mask == 1 << 18  # 1s alone
