"""The built-in players' rules, each on an arranged table: the riichi decision, a call refused for
want of a yaku and a yakuhai call made, folding with genbutsu against a riichi, pushing a valuable
tenpai, and determinism."""

from __future__ import annotations

from riichi.agents import DefensiveAgent, EfficiencyAgent
from riichi.game import Discard, GameState, Observation, Pass, Phase, Pon, Riichi, play_game
from riichi.tiles import parse_tile
from tests.support.game import QUIET, discard, pass_claims, riichi, table, tsumogiri


def decide(agent: EfficiencyAgent, state: GameState, seat: int) -> object:
    legal = state.legal_actions(seat)
    action = agent.act(Observation(state, seat), legal)
    assert action in legal
    return action


def test_riichi_with_the_discard_that_leaves_the_most_waits() -> None:
    # 134m: dropping 1m leaves 34m (2m and 5m: eight unseen), dropping 4m leaves 13m (2m: four)
    state = table(["13m456p789s777z55s", *QUIET], "4m")
    action = decide(EfficiencyAgent(), state, 0)
    assert isinstance(action, Riichi) and action.tile >> 2 == parse_tile("1m")


def test_no_riichi_while_the_hand_is_not_tenpai() -> None:
    state = table(["13m456p789s66z5s19p", *QUIET], "4m")
    action = decide(EfficiencyAgent(), state, 0)
    assert isinstance(action, Discard)


def test_a_call_that_leaves_no_yaku_is_refused() -> None:
    # Seat 1 could chi 3p with 24p and lower its shanten, but with terminals and guest winds in
    # hand, no yakuhai and mixed suits, the open hand would have no way to a yaku.
    state = table(["3p258m369s47p1234z", "123789m24p689s34z", QUIET[1], QUIET[2]], "7z",
                  rules="tenhou")
    discard(state, 0, "3p")
    assert state.phase is Phase.CLAIM and 1 in state.acting_seats
    assert any(not isinstance(a, Pass) for a in state.legal_actions(1))
    for agent in (EfficiencyAgent(), DefensiveAgent()):
        assert isinstance(decide(agent, state, 1), Pass)


def test_a_yakuhai_pair_is_called() -> None:
    # The same hand with a pair of White: the pon is a yaku and lowers the shanten.
    state = table(["5z258m369s47p1234z", "123789m24p668s55z", QUIET[1], QUIET[2]], "7z",
                  rules="tenhou")
    discard(state, 0, "5z")
    for agent in (EfficiencyAgent(), DefensiveAgent()):
        assert isinstance(decide(agent, state, 1), Pon)


def riichi_against_dealer(dealer_hand: str, dealer_draws: tuple[str, str]) -> GameState:
    """Seat 1 declares riichi on 5s, seats 2 and 3 throw 9m and 1s, and the dealer (seat 0)
    has drawn its second tile: the dealer decides against a riichi."""
    first, second = dealer_draws
    state = table([dealer_hand, "123m456p789s1122z", QUIET[0], QUIET[1]],
                  f"{first}5s9m1s{second}", dora="1s")
    tsumogiri(state)
    riichi(state, 1, "5s")
    pass_claims(state)
    tsumogiri(state, 2)
    assert state.turn == 0 and state.players[1].riichi
    return state


def test_folding_discards_genbutsu_against_a_riichi() -> None:
    # Far from tenpai with 5s, the riichi discard, in hand: the defender throws it; the
    # efficient player keeps it (it is part of 45s) and throws something else.
    state = riichi_against_dealer("13578m2468p45s9s7z", ("6z", "3z"))
    fold = decide(DefensiveAgent(), state, 0)
    assert isinstance(fold, Discard) and fold.tile >> 2 == parse_tile("5s")
    push = decide(EfficiencyAgent(), state, 0)
    assert isinstance(push, (Discard, Riichi)) and push.tile >> 2 != parse_tile("5s")


def test_a_valuable_tenpai_is_pushed() -> None:
    # Tenpai on 4p-7p with tanyao, dora 22s and a red five: the defender throws the dangerous
    # 8m and stays tenpai rather than break the hand with the genbutsu 5s.
    state = riichi_against_dealer("234m234p06p22s345s", ("6z", "8m"))
    action = decide(DefensiveAgent(), state, 0)
    assert isinstance(action, (Discard, Riichi)) and action.tile >> 2 == parse_tile("8m")


def test_a_cheap_bad_tenpai_folds() -> None:
    # Tenpai on a single 9p with nothing but riichi to score: the defender breaks it with the
    # genbutsu 5s.
    state = riichi_against_dealer("123m117899p345s6m", ("6z", "6z"))
    action = decide(DefensiveAgent(), state, 0)
    assert isinstance(action, Discard) and action.tile >> 2 == parse_tile("5s")
    assert decide(EfficiencyAgent(), state, 0).tile >> 2 != parse_tile("5s")  # type: ignore[attr-defined]


def test_same_seed_same_game() -> None:
    for cls in (EfficiencyAgent, DefensiveAgent):
        games = [
            play_game("tenhou", [cls(seed=s) for s in range(4)], seed=9).events for _ in range(2)
        ]
        assert games[0] == games[1]


def test_threats_are_riichi_and_big_open_hands() -> None:
    # Over real positions: every riichi seat is a threat on every tile; a seat with three open
    # melds is one when they are all of one suit (threat on that suit and honours) or hold two
    # dora; nobody else is.
    from riichi.agents.plans import ALL_TILES, HONOR_MASK, SUIT_MASKS
    from riichi.game import Game

    agent = DefensiveAgent()
    seen_flush = seen_riichi = 0
    for index in range(12):
        state = Game("tenhou", seed=22, game_index=index).new_state()
        players = [DefensiveAgent(seed=s) for s in range(4)]
        while not state.is_over:
            for seat in state.acting_seats:
                obs = Observation(state, seat)
                expected = {}
                for s in range(4):
                    shown = [m for m in state.players[s].melds if m.is_open]
                    tiles = [t for m in shown for t in m.tiles]
                    suits = {(t >> 2) // 9 for t in tiles if t >> 2 < 27}
                    dora = sum(obs.dora.count(t >> 2) for t in tiles) + sum(
                        t in (16, 52, 88) for t in tiles)
                    if s == seat:
                        continue
                    if state.players[s].riichi:
                        expected[s] = ALL_TILES
                        seen_riichi += 1
                    elif len(shown) >= 3 and len(suits) == 1:
                        expected[s] = SUIT_MASKS[suits.pop()] | HONOR_MASK
                        seen_flush += 1
                    elif len(shown) >= 3 and dora >= 2:
                        expected[s] = ALL_TILES
                assert {s: mask for s, _, mask in agent.threats(obs)} == expected
                state.apply(players[seat].act(obs, state.legal_actions(seat)))
    assert seen_riichi and seen_flush
