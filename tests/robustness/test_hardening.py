"""The reproducers of the hardening issue, one test each: every one now gives a clear error (or,
for the agents, correct play). Those that once killed the interpreter run in a child process."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap
from collections.abc import Sequence

import numpy as np
import pytest

import riichi
from riichi import IllegalActionError, InvalidHandError, InvalidRuleError, RiichiError
from riichi.agents import RandomAgent
from riichi.errors import UnsupportedRuleError
from riichi.game import Game, Observation, play_game
from riichi.game.actions import Action, Pass
from riichi.rules import RuleSet
from riichi.scoring import score_hand


def run_isolated(code: str) -> str:
    """Run ``code`` in a fresh interpreter; its output, after checking it exited normally."""
    child = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                           text=True, timeout=300)
    # A negative return code is a death by signal (-11: segmentation fault).
    assert child.returncode == 0, f"exited {child.returncode}: {child.stderr[-3000:]}"
    return child.stdout


# ---- 1-3: crashes ----------------------------------------------------------------------------


def test_1_shanten_batch_refuses_an_out_that_overlaps_the_input() -> None:
    out = run_isolated("""
        import numpy as np, riichi
        from riichi.tiles import parse_counts
        h = np.tile(parse_counts("123m456p789s11222z"), (1000, 1))
        before = h.copy()
        try:
            riichi.shanten_batch(h, out=h.reshape(-1)[68:1068].view(np.int8))
        except riichi.OutputArrayError as e:
            print(e)
        print((h == before).all())
    """)
    assert "out shares memory with hands" in out and out.strip().endswith("True")


def test_2_shanten_batch_survives_another_thread_writing_its_input() -> None:
    out = run_isolated("""
        import threading, time
        import numpy as np, riichi
        from riichi.tiles import parse_counts
        hands = np.tile(parse_counts("123m456p789s1122z"), (2_000_000, 1))
        def write():
            time.sleep(0.002)
            hands[:, 0] = 255
        writer = threading.Thread(target=write)
        writer.start()
        try:
            result = riichi.shanten_batch(hands)
            print("finished", int(result.max()))
        except riichi.InvalidHandError as e:
            print("refused", e)
        writer.join()
    """)
    # Whether the write lands before, during or after the call, no row is read outside the
    # tables: a changed row is refused with its count named.
    assert out.startswith("finished 0") or (
        out.startswith("refused row ") and "count of 1m is 255" in out
    ), out


def test_3_a_meld_with_overwritten_fields_is_refused_by_the_scorer() -> None:
    out = run_isolated("""
        import riichi
        from riichi import Meld
        from riichi.tiles import parse_ids
        for name, value in (("tiles", (2**30, 2**30 + 4, 2**30 + 8)), ("tiles", (76, 80, 84, 88)),
                            ("tiles", ()), ("kind", "chi"), ("tiles", (132, 136, 140))):
            m = Meld.parse("chi:123s")
            try:
                object.__setattr__(m, name, value)
            except TypeError:  # compiled: a meld's fields cannot be overwritten; a subclass lies
                m = type("Meld", (Meld,), {name: property(lambda self, v=value: v)})(
                    m.kind, m.tiles)
            try:
                riichi.score_hand(parse_ids("45678s234p66m"), parse_ids("9s")[0], [m],
                                  tsumo=False, seat_wind="S", round_wind="E")
                print("scored")
            except (riichi.RiichiError, TypeError) as e:
                print(type(e).__name__)
    """)
    assert out.split() == ["InvalidHandError", "InvalidHandError", "InvalidHandError",
                           "WrongTypeError", "InvalidHandError"]


# ---- 4-6: agents -----------------------------------------------------------------------------


class Recorder:
    """Plays randomly and records the type of the legal actions it is given."""

    def __init__(self, seat: int) -> None:
        self.inner = RandomAgent(seat)
        self.kinds: set[type] = set()

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        self.kinds.add(type(legal_actions))
        return self.inner.act(observation, legal_actions)


def test_4_agents_get_an_immutable_tuple_and_lists_given_out_are_copies() -> None:
    agents = [Recorder(s) for s in range(4)]
    play_game("cardavia", agents, seed=4)
    assert set().union(*(a.kinds for a in agents)) == {tuple}
    state = Game("ema", seed=4).new_state()
    listed = state.legal_actions(0)
    chosen = listed.pop()
    listed.append(Pass(0))
    assert chosen in state.legal(0) and Pass(0) not in state.legal(0)
    state.apply(chosen, seat=0)  # still legal: the engine's own actions were not touched


def test_5_an_answer_for_another_seat_is_refused_naming_the_seat() -> None:
    class Impostor(RandomAgent):
        def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
            return Pass((observation.seat + 1) % 4)

    with pytest.raises(IllegalActionError, match="seat 1's agent returned Pass\\(seat=2\\)"):
        play_game("ema", [RandomAgent(0), Impostor(1), RandomAgent(2), RandomAgent(3)], seed=3)


def test_6_agents_without_act_are_refused_up_front_and_none_names_the_seat() -> None:
    with pytest.raises(RiichiError, match=r"agents\[0\] is 1, which has no act\(\) method"):
        play_game("ema", [1, 2, 3, 4], seed=0)  # type: ignore[list-item]

    class Silent:
        def act(self, observation: Observation, legal_actions: Sequence[Action]) -> None:
            return None

    with pytest.raises(IllegalActionError, match="seat 0's agent returned None"):
        play_game("ema", [Silent(), RandomAgent(1), RandomAgent(2), RandomAgent(3)])  # type: ignore[list-item]


# ---- 7-9: rule values and numbers ------------------------------------------------------------


@pytest.mark.parametrize("players", [3])
def test_7_a_player_count_the_engine_does_not_play_is_refused(players: int) -> None:
    rules = dataclasses.replace(RuleSet(), players=players, uma=(20_000, 0, -20_000, 0))
    with pytest.raises(UnsupportedRuleError, match=f"players={players}"):
        play_game(rules, [RandomAgent(s) for s in range(4)])


@pytest.mark.parametrize("field", ["start_points", "honba_ron"])
def test_7_a_rule_value_of_the_wrong_type_is_refused_when_the_rules_are_made(field: str) -> None:
    with pytest.raises(InvalidRuleError, match=f"{field}=None \\(expected an int"):
        dataclasses.replace(RuleSet(), **{field: None})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"honba": 1.5}, "honba=1.5: expected an int >= 0"),
        ({"honba": float("nan")}, "honba=nan: expected an int >= 0"),
        ({"tsumo": None}, "tsumo=None: expected True or False"),
        ({"riichi_sticks": True}, "riichi_sticks=True: expected an int >= 0"),
    ],
)
def test_8_numbers_and_flags_of_the_scorer_are_checked(change: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"tsumo": False, "seat_wind": "S", "round_wind": "E", **change}
    with pytest.raises(InvalidHandError, match=message):
        score_hand("45678s234p66m", "9s", ["chi:123s"], **arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True])
def test_8_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(RiichiError, match="seed=.*expected an int >= 0"):
        play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=seed)  # type: ignore[arg-type]


def test_8_a_drawn_seed_is_recorded_and_replays_the_game() -> None:
    first = play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=None)
    again = play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=first.seed,
                      game_index=first.game_index)
    other = play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=None)
    assert isinstance(first.seed, int) and first.seed >= 0 and first.seed != other.seed
    assert again.events == first.events and again.seed == first.seed


def test_9_a_long_input_is_quoted_in_a_short_window() -> None:
    text = "1" * 1_000_000 + "x"
    with pytest.raises(riichi.NotationError) as info:
        riichi.parse_types(text)
    message = str(info.value)
    assert len(message) < 300 and "position 1000001" in message and "characters 999942-1000001" in message


def test_9_bools_are_no_tiles_or_counts_in_any_entry_point() -> None:
    with pytest.raises(TypeError, match="got the bool True"):
        riichi.tile_name(True)
    hands = np.ones((2, 34), dtype=bool)
    with pytest.raises(InvalidHandError, match="dtype bool"):
        riichi.shanten(hands[0])
    with pytest.raises(InvalidHandError, match="dtype bool"):
        riichi.shanten_batch(hands)


@pytest.mark.parametrize(("mask", "message"), [(1.5, "got float"), ("5p", "got str"), (True, "got the bool True")])
def test_9_tiles_from_mask_wants_an_int(mask: object, message: str) -> None:
    with pytest.raises(TypeError, match=f"a tile mask is an int, {message}"):
        riichi.tiles_from_mask(mask)  # type: ignore[arg-type]


def test_9_shanten_batch_of_none_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="numpy.uint8 array of shape \\(N, 34\\), got None"):
        riichi.shanten_batch(None)  # type: ignore[arg-type]


def test_9_melds_given_as_one_string_say_so() -> None:
    with pytest.raises(InvalidHandError, match="melds='chi:123s': expected a list of melds"):
        score_hand("45678s234p66m", "9s", "chi:123s", tsumo=False, seat_wind="S", round_wind="E")  # type: ignore[arg-type]
