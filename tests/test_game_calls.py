"""Scenario tests of calls, kans, claim priority, several ron winners and liability (pao)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game_helpers import (
    QUIET,
    WIN_HAND,
    discard,
    first,
    hora,
    pass_claims,
    riichi,
    table,
    three_dragon_pons,
    throw,
    tsumogiri,
)
from riichi.errors import IllegalActionError
from riichi.game import (
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    GameState,
    Kakan,
    Pass,
    Phase,
    Pon,
    Position,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.game import events as ev
from riichi.rules import DoubleYakuman, MultiRonSticks, RuleSet

PINFU = "234m345p456s67m22s"  # waits 5m/8m: tanyao + pinfu


def kinds(state: GameState, seat: int) -> list[str]:
    return [type(a).__name__ for a in state.legal_actions(seat)]


def test_chi_only_from_the_left_and_kuikae() -> None:
    hands = [QUIET[0], "1234m147p258s556z", QUIET[1], "239m369p147s1234z"]
    state = table(hands, "7z")
    discard(state, 0, "1m")
    # seat 3 also holds 2m3m but is not next: no chi for it
    assert state.acting_seats == [1]
    chi = first(state, 1, Chi)
    state.apply(chi)
    called = state.events[-1]
    assert isinstance(called, ev.ChiCalled) and (called.target, called.pai >> 2) == (0, 0)
    legal = state.legal_actions(1)
    banned = {t for t in state.players[1].hand if t >> 2 in (0, 3)}  # 1m and 4m
    assert banned and not banned & {a.tile for a in legal if isinstance(a, Discard)}
    before = state.snapshot()
    with pytest.raises(IllegalActionError):
        state.apply(Discard(1, min(banned)))
    assert state.snapshot() == before
    assert all(isinstance(a, Discard) for a in legal)  # no kan or riichi right after a call


def test_pon_beats_chi() -> None:
    hands = ["347m258p369s1234z", "1234m147p258s556z", "336m369p147s1234z", "147m369p147s1234z"]
    state = table(hands, "7z")
    discard(state, 0, "3m")
    assert state.acting_seats == [1, 2]
    hand1 = sorted(state.players[1].hand)
    state.apply(first(state, 1, Chi))
    state.apply(first(state, 2, Pon))
    assert isinstance(state.events[-1], ev.PonCalled) and state.events[-1].actor == 2
    assert sorted(state.players[1].hand) == hand1
    assert state.turn == 2 and state.drawn is None


def test_ron_beats_pon() -> None:
    hands = ["157m258p369s1234z", PINFU, "558m369p147s1234z", QUIET[2]]
    state = table(hands, "7z")
    discard(state, 0, "5m")
    state.apply(first(state, 2, Pon))
    state.apply(Ron(1))
    assert [e.type for e in state.events if e.type in ("pon", "hora")] == ["hora"]


def test_pon_kuikae_forbids_the_third_copy() -> None:
    hands = ["147m258p369s1237z", WIN_HAND, "258m369p147s1777z", QUIET[2]]
    state = table(hands, "9p")
    discard(state, 0, "7z")
    state.apply(first(state, 2, Pon))
    last_red = {t for t in state.players[2].hand if t >> 2 == 33}
    assert last_red and not any(
        isinstance(a, Discard) and a.tile in last_red for a in state.legal_actions(2)
    )


# ---------------------------------------------------------------------------- kans


def test_chankan_robs_an_added_kan() -> None:
    hands = ["148m258p369s1234z", "88m147p258s12345z", PINFU, QUIET[2]]
    state = table(hands, "9p7z7z7z8m")
    discard(state, 0, "8m")
    state.apply(Pass(2))  # a ron (renhou) seat 2 declines
    state.apply(first(state, 1, Pon))
    discard(state, 1, "5z")
    pass_claims(state)
    tsumogiri(state, 3)
    assert Kakan(1, 7) in state.legal_actions(1)
    state.apply(Kakan(1, 7))
    assert state.phase is Phase.CHANKAN and state.legal_actions(2) == [Ron(2), Pass(2)]
    state.apply(Ron(2))
    (win,) = hora(state)
    assert dict(win.yaku) == {"chankan": 1, "tanyao": 1, "pinfu": 1}
    assert win.deltas == (0, -3_900, 3_900, 0)
    assert not any(isinstance(e, ev.Dora) for e in state.events)


def test_added_kan_without_robber_turns_dora_and_draws_a_replacement() -> None:
    hands = ["148m258p369s1234z", "88m147p258s12345z", "259m369p147s1234z", QUIET[2]]
    state = table(hands, "9p7z7z7z8m", replacements="9m")
    discard(state, 0, "8m")
    state.apply(first(state, 1, Pon))
    discard(state, 1, "5z")
    pass_claims(state)
    tsumogiri(state, 3)
    state.apply(Kakan(1, 7))
    assert [e.type for e in state.events[-3:]] == ["kakan", "dora", "tsumo"]
    drawn = state.events[-1]
    assert isinstance(drawn, ev.Draw) and drawn.rinshan and drawn.pai >> 2 == 8  # 9m


def test_rinshan_after_a_concealed_kan() -> None:
    hands = ["247m258p369s1234z", "111m345p456s5566z", QUIET[1], QUIET[2]]
    state = table(hands, "9p1m", dora="8s8s", replacements="5z")
    tsumogiri(state)
    assert Ankan(1, 0) in state.legal_actions(1)
    state.apply(Ankan(1, 0))
    assert [e.type for e in state.events[-3:]] == ["ankan", "dora", "tsumo"]
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert dict(win.yaku) == {"menzen_tsumo": 1, "rinshan": 1, "haku": 1}
    assert win.deltas == (-4_000, 8_000, -2_000, -2_000)  # 3 han 70 fu: mangan


@pytest.mark.parametrize(("rules", "immediate"), [("ema", True), ("tenhou", False)])
def test_open_kan_dora_timing(rules: str, immediate: bool) -> None:
    hands = ["147m258p369s1237z", "777z147p258s369m1z", QUIET[1], QUIET[2]]
    state = table(hands, "9p", rules=rules)
    discard(state, 0, "7z")
    state.apply(Daiminkan(1))
    types = [e.type for e in state.events[-3:]]
    expected = ["daiminkan", "dora", "tsumo"] if immediate else ["dahai", "daiminkan", "tsumo"]
    assert types == expected
    throw(state)
    if not immediate:
        assert [e.type for e in state.events[-3:-1]] == ["dahai", "dora"]
    assert len(state.wall.dora_indicators) == 2


@pytest.mark.parametrize(("rules", "aborts"), [("ema", False), ("tenhou", True)])
def test_four_kans(rules: str, aborts: bool) -> None:
    hands = ["789m258p367s1234z", "111m222m333m5z6z7z4p", "456m369p147s999s5z", "789m777p258s1234z"]
    state = table(hands, "9p1m9s", rules=rules, replacements="2m3m8p7p")
    tsumogiri(state)
    for kind in (0, 1, 2):  # three concealed kans in a row, each on its replacement tile
        state.apply(Ankan(1, kind))
    tsumogiri(state)  # seat 1 throws 8p
    state.apply(Ankan(2, 26))  # the fourth kan, by a second player
    assert not any(isinstance(a, (Ankan, Kakan)) for a in state.legal_actions(2))  # no fifth
    throw(state)  # seat 2 throws 7p: seat 3 holds 777p but may not kan
    if aborts:  # nor pon: the hand ends unless the discard is won on, so nobody is asked
        assert state.outcomes[0].reason == "four_kans"
        assert state.position == Position(0, 0, 1, 0)
    else:
        assert "Daiminkan" not in kinds(state, 3) and "Pon" in kinds(state, 3)
        state.apply(Pass(3))
        assert state.phase is Phase.TURN and state.turn == 3


@pytest.mark.parametrize("rules", ["ema", "tenhou", "mahjongsoul"])
def test_four_kans_by_one_player_do_not_abort(rules: str) -> None:
    # seat 1 declares all four kans (it may yet make four quads): no abort, but no fifth kan
    hands = [None, "111m222m333m444m5z", None, None]
    state = table(hands, "9p1m", rules=rules, replacements="2m3m4m7p")
    tsumogiri(state)
    for kind in (0, 1, 2, 3):
        state.apply(Ankan(1, kind))
    assert state.kan_seats == [1, 1, 1, 1]
    assert not any(isinstance(a, (Ankan, Kakan)) for a in state.legal_actions(1))
    discard(state, 1, "7p")
    pass_claims(state)
    assert state.outcomes == [] and state.phase is Phase.TURN and state.turn == 2


@pytest.mark.parametrize(("rules", "robbed"), [("ema", True), ("tenhou", False), ("cardavia", False)])
def test_thirteen_orphans_robs_a_concealed_kan(rules: str, robbed: bool) -> None:
    assert RuleSet.preset(rules).kokushi_chankan_ankan is robbed
    hands = ["258m147p369s1234z", "111m345p456s5566z", "99m19p19s1234567z", QUIET[2]]
    state = table(hands, "9p1m", rules=rules)
    tsumogiri(state)
    state.apply(Ankan(1, 0))
    if robbed:
        assert state.phase is Phase.CHANKAN and state.legal_actions(2) == [Ron(2), Pass(2)]
        state.apply(Ron(2))
        assert "kokushi" in dict(hora(state)[0].yaku)
    else:
        assert state.phase is Phase.TURN and state.turn == 1


@pytest.mark.parametrize(
    ("rules", "allowed"), [("ema", False), ("tenhou", True), ("cardavia", False)]
)
def test_riichi_concealed_kan_that_changes_the_reading(rules: str, allowed: bool) -> None:
    hands = [QUIET[0], "333444055m67p11s", QUIET[1], "789m147p258s1234z"]
    state = table(hands, "9m9p1s2s7s3m", rules=rules)
    tsumogiri(state)
    riichi(state, 1, "9p")
    pass_claims(state)
    tsumogiri(state, 3)
    assert (Ankan(1, 2) in state.legal_actions(1)) is allowed


@pytest.mark.parametrize(
    ("rules", "allowed"), [("ema", True), ("tenhou", True), ("cardavia", False)]
)
def test_riichi_concealed_kan_of_a_plain_triplet(rules: str, allowed: bool) -> None:
    hands = ["258m147p369s1234z", "111m456p789p23s55s", QUIET[1], QUIET[2]]
    state = table(hands, "9m9p2z3z9s1m", rules=rules)
    tsumogiri(state)
    riichi(state, 1, "9p")
    pass_claims(state)
    tsumogiri(state, 3)
    assert (Ankan(1, 0) in state.legal_actions(1)) is allowed


# ---------------------------------------------------------------------------- several winners

TRIPLE = ["148m19p19s123457z", PINFU, "67m234p345p678s55s", "67m456p678p234s88p"]


@pytest.mark.parametrize(
    ("rules", "deltas", "reason"),
    [
        ("ema", (-6_900, 3_300, 2_300, 2_300), None),
        ("tenhou", (0, 0, 0, 0), "triple_ron"),
        ("cardavia", (-2_300, 3_300, 0, 0), None),
    ],
)
def test_triple_ron(rules: str, deltas: tuple[int, ...], reason: str | None) -> None:
    state = table(TRIPLE, "9m9m9m9m5z", rules=rules, honba=1, sticks=1)
    tsumogiri(state, 4)
    discard(state, 0, "8m")
    assert state.acting_seats == [1, 2, 3]
    for seat in (1, 2, 3):
        state.apply(Ron(seat))
    outcome = state.outcomes[0]
    assert outcome.deltas == deltas
    if reason:
        assert outcome.ending == "abort" and outcome.reason == reason
        assert state.position.honba == 2 and state.position.sticks == 1


def test_double_ron_in_tenhou_counters_to_the_nearest() -> None:
    assert RuleSet.preset("tenhou").multi_ron_honba is MultiRonSticks.NEAREST
    state = table(TRIPLE, "9m9m9m9m5z", rules="tenhou", honba=1, sticks=1)
    tsumogiri(state, 4)
    discard(state, 0, "8m")
    state.apply(Ron(1))
    state.apply(Ron(2))
    state.apply(Pass(3))
    assert [h.deltas for h in hora(state)] == [(-2_300, 3_300, 0, 0), (-2_000, 0, 2_000, 0)]
    assert state.position == Position(0, 1, 0, 0)


# ---------------------------------------------------------------------------- pao

PAO_DRAWS = "4z9m9m8p9m8p8p"


def _three_dragon_pons(last: str) -> GameState:
    hands = ["147m258p369s1567z", "34m99p1s9s7p556677z", QUIET[1], QUIET[2]]
    state = table(hands, PAO_DRAWS + last)
    three_dragon_pons(state)
    return state


def test_pao_on_tsumo_the_liable_player_pays_all() -> None:
    state = _three_dragon_pons("7s7s1p5m")
    tsumogiri(state, 3)
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert "daisangen" in dict(win.yaku) and win.pao == 0
    assert win.deltas == (-32_000, 32_000, 0, 0)


def test_pao_on_ron_the_discarder_and_the_liable_player_split() -> None:
    state = _three_dragon_pons("5m")
    throw(state)  # seat 2 throws 5m
    state.apply(Ron(1))
    assert hora(state)[0].deltas == (-16_000, 32_000, -16_000, 0)


# seat 0 throws the four winds in turn; seat 1 holds a pair of each (seats 2 and 3 hold none)
WIND_HANDS = (QUIET[0], None, "258m369p147s5677z", "369m147p258s5667z")
WIND_THROWS = ("1s", "9s", "9p", "1m")


def _wind_pons(seat_1: str, pons: int, last_draws: str, rules: RuleSet | str = "ema") -> GameState:
    """Seat 1 (``seat_1``) pons seat 0's first ``pons`` winds, throwing one of WIND_THROWS after
    each; then seats 2, 3 and 0 throw their next draws and seat 1 draws the last of
    ``last_draws``."""
    draws = "9m" + "9m9m8p8p8p6p6p6p2m"[: 6 * (pons - 1)] + last_draws
    state = table([WIND_HANDS[0], seat_1, *WIND_HANDS[2:]], draws, rules=rules)
    for k in range(pons):
        discard(state, 0, "1234"[k] + "z")
        state.apply(first(state, 1, Pon))
        discard(state, 1, WIND_THROWS[k])
        pass_claims(state)
        if k < 3:
            assert state.pao == {}  # up to three wind sets: nobody is liable yet
        if k < pons - 1:
            tsumogiri(state, 2)
    tsumogiri(state, 3)
    return state


def test_no_daisuushii_pao_when_the_fourth_wind_is_drawn() -> None:
    # three wind pons from seat 0, the fourth wind set concealed: seat 1 tsumos 4z for a double
    # yakuman (64,000 non-dealer) that everyone pays as usual: 32,000 dealer, 16,000 each other
    assert DoubleYakuman.DAISUUSHII in RuleSet.preset("ema").double_yakuman
    state = _wind_pons("55m1s9s9p11223344z", 3, "6p6p1p4z")
    assert state.pao == {}
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert dict(win.yaku) == {"daisuushii": 26} and win.pao is None
    assert win.deltas == (-32_000, 64_000, -16_000, -16_000)


@pytest.mark.parametrize(("pao", "liable"), [(frozenset({"daisangen", "daisuushii"}), True),
                                             (frozenset({"daisangen"}), False)])
def test_daisuushii_pao_for_the_fourth_wind_pon(pao: frozenset[str], liable: bool) -> None:
    # four wind pons from seat 0; seat 1 tsumos its 5m tanki: seat 0 pays it all if liable
    rules = replace(RuleSet.preset("ema"), pao=pao)
    state = _wind_pons("5m1m1s9s9p11223344z", 4, "2m2m1p5m", rules)
    assert state.pao == ({1: 0} if liable else {})
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert "daisuushii" in dict(win.yaku) and win.pao == (0 if liable else None)
    assert win.deltas == ((-64_000, 64_000, 0, 0) if liable
                          else (-32_000, 64_000, -16_000, -16_000))


def test_a_call_may_use_any_copies_of_the_listed_tiles() -> None:
    hands = ["0147m258p369s123z", "555m147p258s5567z", "248m369p147s1234z", QUIET[2]]
    state = table(hands, "9p")
    state.apply(Discard(0, 16))  # the red five
    assert [a for a in state.legal_actions(1) if isinstance(a, Pon)] == [Pon(1, (17, 18))]
    state.apply(Pon(1, (18, 19)))  # the same call with other plain copies
    assert state.players[1].melds[-1].tiles == (16, 18, 19) and 17 in state.players[1].hand


@pytest.mark.parametrize(
    ("rules", "deltas"),
    [("ema", (-16_000, 10_000, 9_000, 0)), ("tenhou", (-16_000, 11_000, 8_000, 0))],
)
def test_double_ron_riichi_sticks(rules: str, deltas: tuple[int, ...]) -> None:
    sticks = RuleSet.preset(rules).multi_ron_sticks
    assert sticks is (MultiRonSticks.ALL if rules == "ema" else MultiRonSticks.NEAREST)
    # seats 1 and 2 declare (double) riichi, one stick was already on the table
    hands = [TRIPLE[0], TRIPLE[1], TRIPLE[2], "369m147p369s1234z"]
    start = RuleSet.preset(rules).start_points
    scores = [start, start, start, start - 1_000]  # the stick on the table came from seat 3
    state = table(hands, "9m9m9m7z6z", rules=rules, sticks=1, scores=scores)
    tsumogiri(state)
    for seat in (1, 2):
        state.apply(Riichi(seat, state.drawn))  # type: ignore[arg-type]
        pass_claims(state)
    tsumogiri(state)
    discard(state, 0, "8m")
    state.apply(Ron(1))
    state.apply(Ron(2))
    assert state.outcomes[0].deltas == deltas
