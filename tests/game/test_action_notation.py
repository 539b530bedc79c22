"""Action notation: ``str(action)`` as the table says it, read back by ``parse_action``."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from riichi.agents import EfficiencyAgent
from riichi.errors import IllegalActionError, NotationError, RiichiError, WrongTypeError
from riichi.game import play_game
from riichi.game.action_notation import format_action, parse_action
from riichi.game.actions import *  # noqa: F403 - an example of every action
from riichi.game.observation import Observation

# Worked by hand: 136-id 52 is the red 5p (copy 0 of type 13), 53 and 54 plain 5p; 8 and 12 are
# 3m and 4m; type 4 is 5m and 27 East.
EXAMPLES = [
    (Discard(0, 52), "seat 0: discard 0p"),
    (Discard(1, 53), "seat 1: discard 5p"),
    (Riichi(2, 132), "seat 2: riichi 7z"),
    (Tsumo(3), "seat 3: tsumo"),
    (Ron(0), "seat 0: ron"),
    (Chi(1, (8, 12)), "seat 1: chi 34m"),
    (Pon(2, (52, 53)), "seat 2: pon 05p"),
    (Daiminkan(3), "seat 3: kan"),
    (Ankan(0, 27), "seat 0: ankan 1z"),
    (Kakan(1, 4), "seat 1: kakan 5m"),
    (Pass(2), "seat 2: pass"),
    (NineTerminals(3), "seat 3: abort"),
]


@pytest.mark.parametrize(("action", "text"), EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_str_is_the_notation_and_reads_back(action: Action, text: str) -> None:
    assert str(action) == format_action(action) == text
    assert parse_action(text) == action  # these hold the copy notation reads back


def test_winds_name_the_seat_as_the_table_does() -> None:
    winds = (3, 0, 1, 2)  # seat 1 deals: East
    assert format_action(Discard(1, 52), winds) == "East: discard 0p"
    assert format_action(Pon(0, (53, 54)), winds) == "North: pon 55p"
    assert parse_action("North: pon 55p", winds) == Pon(0, (53, 54))
    two_players = (0, 2)  # opposite each other: East and West
    assert parse_action("West: tsumo", two_players) == Tsumo(1)
    with pytest.raises(NotationError, match="expected who as a wind at the table: East, West"):
        parse_action("South: tsumo", two_players)


Asked = tuple[int, int, int, tuple[Action, ...]]


class _Recorder(EfficiencyAgent):
    """A player that keeps every decision it was asked: its seat, the dealer and its wind then (an
    observation is valid only during its decision) and the legal actions."""

    def __init__(self, seat: int, asked: list[Asked]) -> None:
        super().__init__(seed=seat)
        self.asked = asked

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        self.asked.append(
            (observation.seat, observation.dealer, observation.seat_wind, tuple(legal_actions))
        )
        return super().act(observation, legal_actions)


def test_every_legal_action_of_real_games_reads_back() -> None:
    asked: list[Asked] = []
    for seed in range(3):
        play_game("tenhou", [_Recorder(s, asked) for s in range(4)], seed=seed)
    kinds = set()
    for seat, dealer, seat_wind, legal in asked:
        winds = tuple((s - dealer) % 4 for s in range(4))  # four players: East deals
        assert winds[seat] == seat_wind
        for action in legal:
            by_wind = format_action(action, winds)
            assert by_wind.partition(":")[2] == str(action).partition(":")[2]
            assert parse_action(by_wind, winds, legal) in legal
            kinds.add(type(action))
            text = str(action)
            assert format_action(parse_action(text)) == text  # the same play, maybe another copy
            assert parse_action(text, legal=legal) in legal
            assert format_action(parse_action(text, legal=legal)) == text
    assert {Discard, Riichi, Tsumo, Pass, Pon, Chi} <= kinds  # the games offered these at least


def test_legal_actions_resolve_the_copy_and_refuse_what_is_not_legal() -> None:
    legal = [Discard(0, 54), Discard(0, 60), Tsumo(0)]
    assert parse_action("seat 0: discard 5p", legal=legal) == Discard(0, 54)
    assert parse_action("seat 0: discard 5p") == Discard(0, 53)  # no context: the lowest copy
    with pytest.raises(IllegalActionError, match="'seat 0: discard 0p' is not a legal action now; "
                       "legal: seat 0: discard 5p, seat 0: discard 7p, seat 0: tsumo"):
        parse_action("seat 0: discard 0p", legal=legal)


@pytest.mark.parametrize(("text", "fragment"), [
    ("discard 5p", "expected 'who: what'"),
    ("seat 0: throw 5p", "expected 'who: what'"),
    ("seat 0:", "expected 'who: what'"),
    ("East: discard 5p", "expected who as 'seat 0' to 'seat 3'"),
    ("seat x: discard 5p", "expected who as 'seat 0'"),
    ("seat 0: discard", "discard takes a tile, like 'discard 5p'"),
    ("seat 0: discard 55p", "discard takes a tile"),
    ("seat 0: pon 5p", "pon takes the two tiles of the hand it uses, two of one tile, like "
                       "'pon 55p'"),
    ("seat 0: tsumo 5p", "tsumo takes no tile"),
    # each of these was read into an action that only the table's legality check refused
    ("seat 0: chi 11z", "chi takes the two tiles of the hand it uses, number tiles of one suit one "
                        "or two apart"),
    ("seat 0: chi 11m", "chi takes the two tiles"),
    ("seat 0: chi 05m", "chi takes the two tiles"),
    ("seat 0: chi 15m", "chi takes the two tiles"),
    ("seat 0: chi 9m1p", "chi takes the two tiles"),
    ("seat 0: chi 3m4p", "chi takes the two tiles"),
    ("seat 0: pon 56p", "pon takes the two tiles of the hand it uses, two of one tile"),
    ("seat 0: pon 1z2z", "pon takes the two tiles"),
    ("seat 0: discard 5x", "unexpected character 'x'"),
])
def test_bad_notation_is_refused(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        parse_action(text)


@pytest.mark.parametrize("text", ["seat 0: chi 34m", "seat 0: chi 35m", "seat 0: chi 43m",
                                  "seat 0: chi 0s6s", "seat 0: chi 89p", "seat 0: pon 05p",
                                  "seat 0: pon 77z"])
def test_the_hands_part_of_every_shape_of_chi_and_pon_is_read(text: str) -> None:
    assert parse_action(text).seat == 0


def test_a_seat_beyond_the_table_is_refused_by_the_action() -> None:
    with pytest.raises(IllegalActionError, match="Discard.seat=4: expected an int 0-3"):
        parse_action("seat 4: discard 5p")
    with pytest.raises(TypeError, match="expected a str"):
        parse_action(52)  # type: ignore[arg-type]


def test_kita_reads_back_and_needs_a_north() -> None:
    assert str(Kita(1, 121)) == "seat 1: kita 4z" and parse_action("seat 1: kita 4z") == Kita(1, 120)
    with pytest.raises(IllegalActionError, match="Kita.tile=108: expected a North"):
        parse_action("seat 1: kita 1z")


@pytest.mark.parametrize(
    ("winds", "error", "fragment"),
    [
        ("abc", WrongTypeError, "winds='abc': expected each seat's wind now"),
        (3, WrongTypeError, "winds=3: expected each seat's wind now"),
        ((0.0, 1, 2, 3), WrongTypeError, "winds=0.0: expected each seat's wind now"),
        ((0, 0), RiichiError, r"winds=\(0, 0\): expected .* two to four different ints 0 \(East\)"),
        ((0, 1, 2, 3, 4), RiichiError, r"winds=\(0, 1, 2, 3, 4\): expected"),
        ((9, 1, 2, 3), RiichiError, r"winds=\(9, 1, 2, 3\): expected"),
    ],
)
def test_winds_that_are_no_seats_winds_are_refused(
        winds: object, error: type[Exception], fragment: str) -> None:
    # they raised TypeError or IndexError from inside, or named a seat by a wind no seat has
    for call in (lambda: parse_action("East: discard 5p", winds=winds),  # type: ignore[arg-type]
                 lambda: format_action(Discard(0, 52), winds=winds)):  # type: ignore[arg-type]
        with pytest.raises(error, match=fragment):
            call()


def test_format_refuses_what_is_no_action_and_a_seat_without_a_wind() -> None:
    with pytest.raises(WrongTypeError, match="expected an action .*, got str 'seat 0: pass'"):
        format_action("seat 0: pass")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"seat 2 has no wind in winds=\(0, 1\)"):
        format_action(Discard(2, 52), winds=(0, 1))


@pytest.mark.parametrize("legal", ["abc", [1, 2], 5])
def test_legal_must_be_actions(legal: object) -> None:
    with pytest.raises(WrongTypeError, match="expected the legal actions"):
        parse_action("seat 0: discard 5p", legal=legal)  # type: ignore[arg-type]
