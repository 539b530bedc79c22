"""The state machine's contract: validation, clone, determinism, walls, observations, events."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

from riichi.agents import RandomAgent
from riichi.errors import (
    IllegalActionError, InvalidHandError, RiichiError, SituationError, WrongTypeError,
)
from riichi.game import (
    Chi,
    Discard,
    Game,
    Observation,
    Pass,
    Pon,
    Position,
    Ron,
    Tsumo,
    Wall,
    play_game,
)
from riichi.game import events as ev
from riichi.game.match import play_match
from riichi.game.player import Player, dealt_seats
from riichi.meld import Meld
from riichi.rules import RuleSet
from riichi.simulate.starting_point import StartingPoint
from riichi.tiles import parse_ids
from tests.support.game import QUIET, WIN_HAND, discard, forged, table, tile_in_hand, tsumogiri


def test_illegal_actions_raise_and_change_nothing() -> None:
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z7z7z7z5z")
    tsumogiri(state, 4)
    before = state.snapshot()
    drawn = state.drawn
    assert drawn is not None
    bad = [
        Discard(1, tile_in_hand(state, 1, "5z")),  # not this seat's turn
        Discard(0, 135 if 135 not in state.players[0].hand else 134),  # not in the hand
        Tsumo(0),  # 5z does not complete seat 0's hand
        Ron(1),  # nothing to claim during a turn
        Pass(0),
        Chi(1, (0, 4)),
        "discard 5z",  # not an action at all
    ]
    for action in bad:
        with pytest.raises(IllegalActionError):
            state.apply(action)  # type: ignore[arg-type]
        assert state.snapshot() == before
    discard(state, 0, "5z")
    during_claims = state.snapshot()
    for action in (Ron(2), Pon(3, (0, 1)), Discard(0, drawn), Tsumo(1)):
        with pytest.raises(IllegalActionError, match="is not legal now"):
            state.apply(action)
        assert state.snapshot() == during_claims


def test_clone_is_independent() -> None:
    state = Game("ema", seed=3).new_state()
    before = state.snapshot()
    copy = state.clone()
    assert copy.snapshot() == before
    action = state.legal_actions(0)[0]
    copy.apply(action)
    assert copy.snapshot() != before and state.snapshot() == before
    assert state.legal_actions(0)[0] == action
    assert sorted(state.tile_locations()) == list(range(136))


def _log(seed: int, index: int) -> list[dict[str, object]]:
    result = play_game("ema", [RandomAgent(k) for k in range(4)], seed=seed, game_index=index)
    return [e.to_mjai() for e in result.events]


def test_same_seed_same_game() -> None:
    assert _log(5, 2) == _log(5, 2)
    assert _log(5, 2) != _log(5, 3)


def test_same_seed_same_game_across_processes() -> None:
    code = (
        "import json; from riichi.game import play_game; from riichi.agents import RandomAgent; "
        "r = play_game('ema', [RandomAgent(k) for k in range(4)], seed=5, game_index=2); "
        "print(json.dumps([e.to_mjai() for e in r.events]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONHASHSEED": "123"},
    ).stdout
    assert json.loads(out) == json.loads(json.dumps(_log(5, 2)))


def test_walls_follow_the_seed_sequence() -> None:
    game = Game("ema", seed=9, game_index=4)
    child = np.random.SeedSequence(9, spawn_key=(4,)).spawn(3)[2]
    expected = np.random.default_rng(child).permutation(136).tolist()
    assert game.wall(2).yama == expected


def test_start_from_a_situation() -> None:
    scores = [20_000, 35_000, 30_000, 34_000]
    state = Game("ema", seed=1).new_state(position=Position(1, 2, 3, 1), scores=scores)
    start = state.events[1]
    assert isinstance(start, ev.StartKyoku)
    assert (start.bakaze, start.kyoku, start.honba, start.kyotaku, start.oya) == ("S", 3, 3, 1, 2)
    assert state.turn == 2 and list(start.scores) == scores


def test_wall_layout_and_validation() -> None:
    wall = Wall(list(range(136)))
    hands = wall.deal(dealer=1)
    assert hands[1][:4] == [135, 134, 133, 132] and hands[2][:4] == [131, 130, 129, 128]
    assert wall.dora_indicators == [5] and wall.ura_indicators == [4]
    assert wall.draw() == 83 and wall.live_remaining == 69
    assert wall.draw_replacement() == 1 and wall.live_remaining == 68
    assert wall.reveal_dora() == 7
    with pytest.raises(InvalidHandError):
        Wall(list(range(135)) + [0])
    with pytest.raises(InvalidHandError, match="no copy"):
        Wall.arranged(["1111m123456789p", None, None, None], "1m")


@pytest.mark.parametrize("rules", ["tenhou", "tenhou-3p", "2p"])
def test_each_seat_is_dealt_its_tiles_ascending(rules: str) -> None:
    # Wall.hands, what the table deals from, reads the seats' tiles out in id order (no sort)
    ruleset = RuleSet.preset(rules)
    for seed in range(20):
        wall = Wall.seeded(seed, (0, 0), ruleset)
        for dealer in range(ruleset.players):
            assert wall.hands(dealer) == [sorted(h) for h in wall.deal(dealer)]
    # yama[135..132], [119..116] and [103..100] in the three rounds of four, then yama[87]
    assert Wall(list(range(136))).hands(dealer=1)[1] == [
        87, 100, 101, 102, 103, 116, 117, 118, 119, 132, 133, 134, 135
    ]


def test_observation_shows_only_what_the_seat_may_see() -> None:
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z7z7z7z5z")
    obs = Observation(state, 1)
    assert obs.hand == tuple(sorted(state.players[1].hand)) and obs.drawn is None
    assert obs.dora_indicators == tuple(state.wall.dora_indicators)
    assert (obs.seat_wind, obs.round_wind, obs.wall_remaining) == (1, 0, 69)
    assert not hasattr(obs, "players") and not hasattr(obs, "wall")
    tsumogiri(state, 4)
    discard(state, 0, "5z")
    obs = Observation(state, 1)
    assert obs.claimable is not None and obs.claimable >> 2 == 31
    assert obs.discards[0][-1].tile == obs.claimable and obs.waits == 1 << 31 | 1 << 32


def test_events_in_mjai_form() -> None:
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z")
    start = state.events[1].to_mjai()
    assert start["type"] == "start_kyoku" and start["bakaze"] == "E" and start["oya"] == 0
    tehais = start["tehais"]
    assert isinstance(tehais, list)
    assert tehais[1] == ["2m", "3m", "4m", "3p", "4p", "5p", "4s", "5s", "6s", "P", "P", "F", "F"]
    assert state.events[2].to_mjai() == {"type": "tsumo", "actor": 0, "pai": "C", "rinshan": False}


def test_play_game_result() -> None:
    result = play_game("cardavia", [RandomAgent(k) for k in range(4)], seed=8)
    assert len(result.hands) == 1 and sum(result.final_scores) == 100_000
    assert sorted(result.ranks)[0] == 1
    assert isinstance(result.events[0], ev.StartGame) and isinstance(result.events[-1], ev.EndGame)
    assert sum(isinstance(e, ev.EndGame) for e in result.events) == 1


def test_play_game_rejects_an_illegal_agent() -> None:
    class Cheater:
        def act(self, observation: Observation, legal_actions: object) -> Discard:
            return Discard(observation.seat, 999)

    with pytest.raises(IllegalActionError):
        play_game("ema", [Cheater()] * 4, seed=1)


def test_unchecked_fast_path_plays_the_same_game() -> None:
    checked = Game("tenhou", seed=6).new_state()
    fast = Game("tenhou", seed=6).new_state()
    agents = [RandomAgent(k) for k in range(4)]
    twins = [RandomAgent(k) for k in range(4)]
    while not checked.is_over:
        for seat in checked.acting_seats:
            checked.apply(agents[seat].act(Observation(checked, seat), checked.legal_actions(seat)))
            fast.apply_unchecked(twins[seat].act(Observation(fast, seat), fast.legal_actions(seat)))
    assert fast.is_over and fast.events == checked.events


MALFORMED = [(Pon, 1, (1,)), (Pon, 1, "ab"), (Chi, 1, (0.5, 2)), (Discard, 7, 0), (Discard, -1, 0)]


@pytest.mark.parametrize("fields", MALFORMED)
def test_malformed_actions_are_refused_when_made(fields: tuple[type, object, object]) -> None:
    cls, *values = fields
    with pytest.raises(IllegalActionError, match="expected"):
        cls(*values)


@pytest.mark.parametrize("fields", MALFORMED)
def test_malformed_actions_are_illegal(fields: tuple[type, object, object]) -> None:
    action = forged(*fields)
    state = Game("ema", seed=3).new_state()
    before = state.snapshot()
    assert not state.is_legal(action)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        state.apply(action)  # type: ignore[arg-type]
    assert state.snapshot() == before


def test_clone_copies_every_player_field() -> None:
    result_state = Game("ema", seed=12).new_state()
    agents = [RandomAgent(k) for k in range(4)]
    for _ in range(60):
        for seat in result_state.acting_seats:
            legal = result_state.legal_actions(seat)
            result_state.apply(agents[seat].act(Observation(result_state, seat), legal))
    copy = result_state.clone()
    for original, twin in zip(result_state.players, copy.players):
        for name in Player.__slots__:  # the fields of the interpreted build, declared alike
            assert getattr(twin, name) == getattr(original, name), name
        assert twin.hand is not original.hand and twin.counts is not original.counts


def test_a_wait_whose_other_copies_are_all_in_own_melds_is_no_wait() -> None:
    # Pon of 1m (ids 0-2) and the last 1m (id 3) as a single wait: the seat holds all four 1m, so
    # it is not tenpai; with a pon of 2m instead the same 1m wait stands.
    rest = parse_ids("456p789p234s")
    held_all = Player([3, *rest])
    held_all.melds.append(Meld.parse("pon:111m"))
    held_all.update_waits()
    assert held_all.waits_mask == 0

    other = Player([3, *rest])
    other.melds.append(Meld.parse("pon:222m"))
    other.update_waits()
    assert other.waits_mask == 1 << 0


@pytest.mark.parametrize(("rules", "scores", "sticks", "message"), [
    ("ema", [2**63, 0, 0, 0], 0, "expected points from -10,000,000 to 10,000,000"),
    ("ema", [1, 2, 3, 4], 0, "expected multiples of 100"),
    ("ema", [30_000, 30_000, 30_000, 29_000], 0, "add up to 119000, plus 0 in riichi sticks = 119000; "
                                                 "the ema table holds 4 x 30000 = 120000"),
    ("ema", [30_000, 30_000, 30_000, 30_000], 1, "plus 1000 in riichi sticks = 121000"),
    ("tenhou", [-1_000, 40_000, 30_000, 31_000], 0, "bust"),
    ("2p", [30_000, 30_000, 0, 0], 0, "expected 2 ints"),
])
def test_play_game_checks_the_scores_as_a_situation_does(
        rules: str, scores: list[int], sticks: int, message: str) -> None:
    """Scores no table of these rules can hold are refused, by play_game as by ``--from``."""
    players = RuleSet.preset(rules).players
    with pytest.raises(RiichiError, match=re.escape(message)):
        play_game(rules, [RandomAgent(s) for s in range(players)], seed=1,
                  position=Position(0, 0, 0, sticks), scores=scores)
    if players == 4:
        text = f"E1 sticks={sticks} scores={','.join(map(str, scores))}"
        with pytest.raises(SituationError, match=re.escape(message) if scores[0] < 2**63 else "scores="):
            StartingPoint.parse(text, RuleSet.preset(rules))


def test_scores_that_add_up_start_the_game_and_its_results_add_up_to_zero() -> None:
    result = play_game("ema", [RandomAgent(s) for s in range(4)], seed=1,
                       position=Position(0, 0, 0, 2), scores=[40_000, 30_000, 29_000, 19_000])
    assert sum(result.final_scores) == 120_000 and sum(result.results) == 0


@pytest.mark.parametrize(
    ("rules", "position", "message"),
    [
        ("ema", Position(round_wind=7), r"position.round_wind=7: expected 0-1 \(the rules 'ema' play East, South\)"),
        ("ema", Position(round_wind=2), "position.round_wind=2: expected 0-1"),
        ("cardavia", Position(round_wind=1), "position.round_wind=1: expected 0-0"),
        ("tenhou", Position(round_wind=3), r"expected 0-2 \(the rules 'tenhou' play East, South, West\)"),
    ],
)
def test_a_round_the_rules_do_not_play_is_refused(rules: str, position: Position, message: str) -> None:
    with pytest.raises(RiichiError, match=message):
        Game(rules, seed=0).new_state(position=position)
    with pytest.raises(RiichiError, match=message):
        play_game(rules, [RandomAgent(s) for s in range(4)], seed=0, position=position)


def test_a_west_hand_where_the_rules_play_west() -> None:
    state = Game("tenhou", seed=0).new_state(position=Position(round_wind=2))
    assert state.position.round_wind == 2


@pytest.mark.parametrize(("arguments", "fragment"), [
    ({"walls": 5}, "walls=5: expected a sequence of walls"),
    ({"walls": "abc"}, "walls='abc': expected a sequence of walls"),
    ({"on_event": 5}, "on_event=5: expected a function to call, or None"),
])
def test_play_game_refuses_walls_and_callbacks_of_the_wrong_type_before_it_plays(
        arguments: dict[str, object], fragment: str) -> None:
    # walls=5 raised "'int' object is not iterable"; on_event=5 "'int' object is not callable"
    # at the first event, after every agent's on_game_start
    started = []

    class Watched(RandomAgent):
        def on_game_start(self, seat: int, rules: RuleSet) -> None:
            started.append(seat)

    with pytest.raises(WrongTypeError, match=re.escape(fragment)):
        play_game("ema", [Watched(s) for s in range(4)], seed=1, **arguments)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=re.escape(fragment)):
        Game("ema").new_state(**arguments)  # type: ignore[arg-type]
    assert started == []


@pytest.mark.parametrize("callback", ["on_event", "on_game"])
def test_play_match_refuses_a_callback_that_is_not_callable_before_the_first_game(callback: str) -> None:
    # on_game=5 failed only when the first game had been played
    agents = [RandomAgent(s) for s in range(4)]
    with pytest.raises(WrongTypeError, match=f"^{callback}=5: expected a function to call, or None$"):
        play_match("ema", agents, seed=1, **{callback: 5})  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", ["tenhou", "tenhou-3p", "2p"])
def test_the_seats_dealt_from_the_wall_are_the_seats_made_of_their_hands(rules: str) -> None:
    # dealt_seats reads each seat's tiles out of the bytes of Wall.seats_dealt (no list of them):
    # each seat must be Player(the tiles Wall.deal gives it), bytes and waits included
    ruleset = RuleSet.preset(rules)
    read = ("tiles", "size", "hand", "counts", "waits_mask", "melds", "discards", "kita",
            "nagashi", "noten_turn", "riichi", "furiten", "kuikae_mask", "genbutsu_mask")
    for seed in range(10):
        wall = Wall.seeded(seed, (0, 1), ruleset)
        for dealer in range(ruleset.players):
            made = [Player(hand) for hand in wall.deal(dealer)]
            for p in made:
                p.update_waits()
            seats = dealt_seats(wall.seats_dealt(dealer), ruleset.players)
            assert [[getattr(p, f) for f in read] for p in seats] == [
                [getattr(p, f) for f in read] for p in made
            ]


def test_a_seat_adds_and_removes_tiles_in_their_places() -> None:
    # Player.add and remove find a tile's place from the nearer end of the ascending hand: every
    # id, from either end, against a sorted list; a tile not held is refused, changing nothing.
    rng = np.random.default_rng(7)
    for _ in range(40):
        ids = sorted(rng.choice(136, size=int(rng.integers(0, 15)), replace=False).tolist())
        for tile in range(136):
            p = Player(ids)
            if tile in ids:
                p.remove(tile)
                expected = [t for t in ids if t != tile]
            else:
                with pytest.raises(IllegalActionError, match=f"tile {tile} is not in the hand"):
                    p.remove(tile)
                assert p.hand == ids and bytes(p.counts) == bytes(Player(ids).counts)
                p.add(tile)
                expected = sorted([*ids, tile])
            assert p.hand == expected
            assert list(p.counts) == [sum(t >> 2 == k for t in expected) for k in range(34)]


@pytest.mark.parametrize(("seats", "players", "error", "message"), [
    (bytearray([1] * 136), 4, InvalidHandError, "more than 14 tiles marked for seat 0"),
    (bytearray([1] * 13 + [2] * 15) + bytearray(108), 4, InvalidHandError,
     "more than 14 tiles marked for seat 1"),
    (bytearray(137), 4, WrongTypeError, "expected a bytearray of 136 marks"),
    (bytes(136), 4, WrongTypeError, "expected a bytearray of 136 marks"),
    ([0] * 136, 4, WrongTypeError, "expected a bytearray of 136 marks"),
    (bytearray(136), 5, InvalidHandError, "players=5: expected 2, 3 or 4"),
    (bytearray(136), 1, InvalidHandError, "players=1: expected 2, 3 or 4"),
    (bytearray(136), "4", WrongTypeError, "players='4': expected 2, 3 or 4"),
])
def test_a_deal_no_wall_makes_is_refused(seats: object, players: object,
                                         error: type[Exception], message: str) -> None:
    # the seats read the marks through a C pointer into 14 bytes each: 136 marks of seat 0 wrote
    # past them, and a players count above the marks' seats dealt empty hands
    with pytest.raises(error, match=message):
        dealt_seats(seats, players)  # type: ignore[arg-type]
