"""The built-in players at a table of three: they play whole ``tenhou-3p`` and
``mahjongsoul-3p`` games legally (the table refuses anything else), never chi, and set a North
aside when the hand loses nothing by it (a free dora and a draw), keeping one the hand needs."""

from __future__ import annotations

import pytest

from riichi.agents import BUILTIN_PLAYERS, DefensiveAgent, EfficiencyAgent
from riichi.agents.plans import ALL_TILES
from riichi.game import Discard, GameState, Kita, Observation, Pon, Riichi, play_game
from riichi.game import events as ev
from tests.support.game import (
    SANMA_QUIET, discard, first, pass_claims, riichi, table, tile_in_hand, tsumogiri,
)


@pytest.mark.parametrize("preset", ["tenhou-3p", "mahjongsoul-3p"])
@pytest.mark.parametrize("player", sorted(BUILTIN_PLAYERS))
def test_each_built_in_player_plays_three_player_games(preset: str, player: str) -> None:
    cls = BUILTIN_PLAYERS[player].agent_class
    kita = wins = 0
    for index in range(4):
        result = play_game(preset, [cls(seed=3 * index + s) for s in range(3)], seed=8,
                           game_index=index)
        assert sum(result.final_scores) == 105_000 and sum(result.results) == 0
        assert not any(isinstance(e, ev.ChiCalled) for e in result.events)
        kita += sum(isinstance(e, ev.KitaDeclared) for e in result.events)
        wins += sum(isinstance(e, ev.Hora) for e in result.events)
    assert kita > 0 and wins > 0


@pytest.mark.parametrize("agent", [EfficiencyAgent(seed=1), DefensiveAgent(seed=1)])
def test_a_lone_north_is_set_aside(agent: EfficiencyAgent) -> None:
    state = table(["123p456p789s12s5z4z", SANMA_QUIET[1], SANMA_QUIET[2]], "7z",
                  rules="tenhou-3p")
    action = agent.act(Observation(state, 0), state.legal(0))
    assert isinstance(action, Kita)


@pytest.mark.parametrize("agent", [EfficiencyAgent(seed=1), DefensiveAgent(seed=1)])
def test_a_north_the_hand_needs_is_kept(agent: EfficiencyAgent) -> None:
    # tenpai on 3s with the Norths for its pair: without one it is further from a win
    state = table(["123p456p789s12s44z", SANMA_QUIET[1], SANMA_QUIET[2]], "7z",
                  rules="tenhou-3p")
    assert any(isinstance(a, Kita) for a in state.legal(0))
    action = agent.act(Observation(state, 0), state.legal(0))
    assert not isinstance(action, Kita)


def test_a_riichi_hand_sets_aside_the_north_it_draws() -> None:
    state = table([SANMA_QUIET[0], "123p456p789p23s44z", SANMA_QUIET[2]], "9p6z7z9s4z",
                  rules="tenhou-3p")
    tsumogiri(state)  # seat 0
    riichi(state, 1, "6z")
    pass_claims(state)
    tsumogiri(state, 2)  # seats 2 and 0: seat 1 draws its third North
    assert state.players[1].riichi and state.drawn >> 2 == 30
    assert isinstance(EfficiencyAgent(seed=1).act(Observation(state, 1), state.legal(1)), Kita)


@pytest.mark.parametrize("agent", [EfficiencyAgent(), DefensiveAgent()])
def test_a_lone_terminal_man_tile_waits_only_for_its_pair(agent: EfficiencyAgent) -> None:
    # Three players have no 7m or 8m: a lone 9m can only pair (3 tiles, as a lone 1p could), so
    # letting it go leaves the most unseen useful tiles (49) and breaking the 1p pair fewer (43).
    # Read as at four players, 7m and 8m made the 9m worth keeping (51 for the 1p).
    state = table(["9m113799p2347s22z", SANMA_QUIET[1], SANMA_QUIET[2]], "2z",
                  rules="tenhou-3p")
    action = agent.act(Observation(state, 0), state.legal(0))
    assert action.tile >> 2 == 8, action


def _dealer_against_a_riichi(hand: str, draw: str) -> GameState:
    """The dealer holds ``hand``, throws the 6z it draws, and draws ``draw`` after seat 1's
    riichi (on 1z and 2z)."""
    state = table([hand, "123p456p789s1122z", SANMA_QUIET[2]], f"6z9s3z{draw}",
                  rules="tenhou-3p")
    discard(state, 0, "6z")
    pass_claims(state)
    riichi(state, 1, "9s")
    pass_claims(state)
    tsumogiri(state)  # seat 2
    assert state.turn == 0 and state.players[1].riichi
    return state


def test_folding_at_a_table_of_three_throws_the_9m_no_run_can_take() -> None:
    # Far from tenpai against seat 1's riichi, the dealer holds a 9m (no 7m or 8m at this table:
    # only a pair or a single wait takes it, danger 1.5) and a 6z it threw one of (two out of
    # sight, 3.0); everything else is worse. Read as at four players, the 9m seemed open to a
    # 78m wait (5.5) and the 6z went first.
    state = _dealer_against_a_riichi("9m258p36p258s47s67z", "5z")
    action = DefensiveAgent().act(Observation(state, 0), state.legal(0))
    assert action.tile >> 2 == 8, action


# (the dealer's hand, its draw, the replacements for its Norths, how many it sets aside, what a
# ron is worth, the type it discards)
DAMA_WITH_NORTHS = [
    # One North aside, 9p drawn for it, a wait on 2s alone: tanyao, 40 fu, and the North a dora,
    # 2 han (3,900) for a ron. The player's worth left the North out (1 han, 2,000) and declared
    # riichi where dama_points=3900 meant it to stay quiet.
    ("234p567p345s678s4z", "2s", "9p", 1, 3_900, 17),
    # Two Norths aside and a wait on 4z and 5z with the other two: no 4z is left to win on, so a
    # ron is haku's (3 han with the Norths, 7,700). Read as a win on a North set aside, the 4z
    # wait has no yaku (worth 0), and the player declared riichi at dama_points=7700.
    ("234p567p345s4444z", "5z", "5z9m", 2, 7_700, 8),
]


@pytest.mark.parametrize("hand, draw, replacements, norths, worth, discarding", DAMA_WITH_NORTHS)
@pytest.mark.parametrize("cls", [EfficiencyAgent, DefensiveAgent])
def test_a_north_set_aside_counts_in_the_worth_that_keeps_a_hand_dama(
    cls: type[EfficiencyAgent], hand: str, draw: str, replacements: str, norths: int, worth: int,
    discarding: int,
) -> None:
    state = _dealer_with_norths_aside(hand, draw, replacements, norths)
    _assert_dama_up_to(cls, state, worth, discarding)


def _dealer_with_norths_aside(hand: str, draw: str, replacements: str, norths: int) -> GameState:
    """The dealer holds ``hand``, draws ``draw`` and sets ``norths`` of its 4z aside, drawing
    ``replacements`` for them."""
    state = table([hand, SANMA_QUIET[1], SANMA_QUIET[2]], draw, rules="tenhou-3p", dora="1m",
                  replacements=replacements)
    for _ in range(norths):
        state.apply(Kita(0, tile_in_hand(state, 0, "4z")))
    return state


def _assert_dama_up_to(
    cls: type[EfficiencyAgent], state: GameState, worth: int, discarding: int
) -> None:
    """The dealer discards the type ``discarding`` and stays dama with ``dama_points`` up to
    ``worth`` (what it counts a ron worth), declaring riichi above it."""
    for dama_points, declared in ((worth, Discard), (worth + 100, Riichi)):
        action = cls(seed=1, dama_points=dama_points).act(Observation(state, 0), state.legal(0))
        assert type(action) is declared and action.tile >> 2 == discarding, action


def _dealer_one_from_tenpai_with_a_north_aside_against_a_riichi() -> GameState:
    """The dealer sets its 4z aside and, after seat 1's riichi on a 6s, draws to a hand one tile
    from tenpai (234p567p345s68s5z9p1s) with no yaku but riichi: with the North, 2 han."""
    state = table(["234p567p345s68s4z5z", "123p456p789p23s11z", SANMA_QUIET[2]], "9p6s7s1s",
                  rules="tenhou-3p", dora="1m", replacements="1m")
    state.apply(Kita(0, tile_in_hand(state, 0, "4z")))
    discard(state, 0, "1m")
    pass_claims(state)
    riichi(state, 1, "6s")
    pass_claims(state)
    tsumogiri(state)  # seat 2
    return state


@pytest.mark.parametrize("fold_threshold, tile", [(3_900, "9p"), (4_000, "6s")])
def test_a_north_set_aside_counts_in_the_worth_that_decides_to_push(
    fold_threshold: int, tile: str
) -> None:
    # Worth 2 han with the North (3,900 for the dealer) the hand pushes at fold_threshold=3900
    # (letting the lone 9p go) and folds above it (the 6s seat 1 threw). The estimate left the
    # North out (1 han, 1,950) and folded at 3,900 too.
    state = _dealer_one_from_tenpai_with_a_north_aside_against_a_riichi()
    agent = DefensiveAgent(seed=1, fold_threshold=fold_threshold)
    action = agent.act(Observation(state, 0), state.legal(0))
    assert type(action) is Discard and action.tile == tile_in_hand(state, 0, tile), action


def test_an_open_hands_norths_set_aside_count_among_its_dora() -> None:
    # Seat 1 sets a North aside and pons 1z (no dora in the pon): with threat_dora=1 and
    # threat_melds=1 its one dora, the North, makes it a threat; with threat_dora=2 it is none.
    state = table([SANMA_QUIET[0], "19m258p369s11467z", SANMA_QUIET[2]], "8p8s9p3s",
                  rules="tenhou-3p", dora="1m", replacements="7p")
    tsumogiri(state)  # seat 0
    pass_claims(state)
    state.apply(Kita(1, tile_in_hand(state, 1, "4z")))
    discard(state, 1, "7p")
    pass_claims(state)
    tsumogiri(state)  # seat 2
    pass_claims(state)
    discard(state, 0, "1z")
    state.apply(first(state, 1, Pon))
    discard(state, 1, "9m")
    pass_claims(state)
    obs = Observation(state, 2)
    assert DefensiveAgent(threat_melds=1, threat_dora=1).threats(obs) == [(1, 0.6, ALL_TILES)]
    assert DefensiveAgent(threat_melds=1, threat_dora=2).threats(obs) == []


def test_a_folding_hand_keeps_its_north() -> None:
    # Far from tenpai against a riichi, the dealer folds: a North set aside would be offered to a
    # ron and bring one more tile to throw, so it keeps the North (a safe tile) and discards. The
    # player set it aside as if it played on; EfficiencyAgent, who never folds, still does.
    state = _dealer_against_a_riichi("9m258p36p258s47s47z", "5z")
    action = DefensiveAgent().act(Observation(state, 0), state.legal(0))
    assert type(action) is Discard, action
    assert isinstance(EfficiencyAgent().act(Observation(state, 0), state.legal(0)), Kita)


def test_a_pushing_hand_sets_its_north_aside() -> None:
    # Tenpai on 3s (four unseen) against the riichi: the dealer pushes, and sets its lone North
    # aside for a dora and a draw, as with no threat.
    state = _dealer_against_a_riichi("123p456p789s1s4z77z", "2s")
    assert isinstance(DefensiveAgent().act(Observation(state, 0), state.legal(0)), Kita)
