"""The tenhou.net/6 reader's search over the readings of a round's calls, and its bound.

A tenhou.net/6 round does not say which discard a call took: the reader lets each call take the
first discard it matches and goes back to try the others when the rest of the round cannot be
played so. ``tenhou6._PLAYS`` bounds the turns all tries may play at that many times the round's
plays (its takes and discards) plus one; past it a corrupt round fails with ``LogFormatError``
"... (nor in 16 plays of the round's calls)" instead of searching on.

The turns are counted by a subclass of the reader's round player whose ``turn`` counts and plays
on (an instrument: every turn is the reader's own), in the compiled build as in the interpreted one.

What the counts show: a round's search plays fewer turns than the round has plays, even for a
corrupt round whose four hands make their four calls each, every call a choice point the search
goes back to (65 turns for its 98 plays), or the real round of the most choice points among the
cases (7), corrupted at its end (89 turns for 152 plays); the bound (16 times the plays) is far
above both, so it is shown to stop a search by offering the search more readings than a record
can (each choice point's readings three times over). The reader's search cannot grow so: a
reading's history is fixed by the takes it has played (a call names the seat it took from, a draw
follows the discard of the seat before or the seat's own kan), so the search plays each state of
the round (how far each seat's takes and discards are played, whose turn it is) at most once; and
a hand makes at most four calls (a call and the discard after it take three of its thirteen
tiles), so a wrong reading soon meets a seat whose next take is a call it cannot make.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from riichi.errors import LogFormatError
from riichi.logs import dumps_mjai, read, tenhou6
from riichi.logs.record import RoundBuilder
from riichi.logs.tenhou6_tiles import parse_tenhou6_code, red_fives_of_rule
from riichi.tiles import WIND_LETTERS
from tests.support.paths import DATA

CASES = DATA / "tenhou6" / "cases"
# the cases whose calls the reader reads twice before it finds their discards (the search goes back)
AMBIGUOUS = ("confusing_nakis_0", "confusing_nakis_1", "confusing_nakis_3", "confusing_nakis_5",
             "confusing_nakis_6")
UNBOUNDED = 10**9  # a bound no search reaches
RUNAWAY = 10 * tenhou6._PLAYS  # the instrument stops a search at ten times the bound
SHORT_PAYMENTS = ["流局", [0, 0, 0]]  # a result of three payments: wrong at the round's very end


class Runaway(Exception):
    """The instrument's own stop: a search played ten times the turns the bound allows."""


class CountedPlay(tenhou6._Play):
    """The reader's player of a round, counting the turns it plays and the times it goes back;
    with ``echoes`` above 1, offering each choice point's readings that many times over."""

    def __init__(self, builder: RoundBuilder, data: list[Any], where: str, most: int, echoes: int) -> None:
        super().__init__(builder, data, where)
        self.turns, self.backs, self.most, self.echoes = 0, 0, most, echoes

    def turn(self, seat: int, draw: bool, call: Any) -> Any:
        self.turns += 1
        if self.turns > self.most:
            raise Runaway(f"{self.turns} turns")
        return super().turn(seat, draw, call)

    def restore(self, snap: tuple[Any, ...]) -> None:
        self.backs += 1
        super().restore(snap)

    def next_turns(self, discarder: int, name: Any) -> list[Any]:
        turns: list[Any] = super().next_turns(discarder, name)
        return turns * self.echoes if len(turns) > 1 else turns


def plays(data: list[Any]) -> int:
    """A round's plays: its takes (draws and calls) and its discards, all seats'."""
    return sum(len(data[5 + 3 * s]) + len(data[6 + 3 * s]) for s in range(4))


def bound(data: list[Any]) -> int:
    return tenhou6._PLAYS * (plays(data) + 1)


def counted(record: dict[str, Any], echoes: int = 1) -> tuple[CountedPlay, list[Any] | LogFormatError]:
    """Play the record's one round with the instrument, as :func:`riichi.logs.read` does: the
    round's events, or the error that ended its search."""
    data = record["log"][0]
    number, honba, sticks = data[0]
    bakaze, kyoku, oya = WIND_LETTERS[number // 4], number % 4 + 1, number % 4
    where = f"<record>, round 1 ({bakaze}{kyoku}-{honba})"
    builder = RoundBuilder(where, data[1], red_fives=red_fives_of_rule(record["rule"], "<record>"))
    play = CountedPlay(builder, data, where, most=RUNAWAY * (plays(data) + 1), echoes=echoes)
    hands = [[parse_tenhou6_code(c) for c in data[4 + 3 * s]] for s in range(4)]
    start = builder.start_kyoku(bakaze, kyoku, honba, sticks, oya, play.dora[0], hands)
    try:
        return play, [start, *play.play(oya)]
    except LogFormatError as exc:
        return play, exc


def read_error(record: dict[str, Any]) -> LogFormatError:
    with pytest.raises(LogFormatError) as caught:
        read(json.dumps(record, ensure_ascii=False))
    return caught.value


def four_calls_a_hand(result: list[Any]) -> dict[str, Any]:
    """East 1 of a game without red fives where the dealer draws and discards, the next seat
    chis the discard and discards, the next chis that, and so on around the table 16 times (four
    calls a hand, the most it can make); then 8 rounds of draws, each tile discarded as drawn.
    After each discard called, the next seat may draw or chi: a choice point."""
    runs = [(suit, low) for _ in range(2) for suit in (10, 20, 30) for low in (1, 4, 7)][:16]
    called = [suit + low for suit, low in runs]  # chi k takes called[k], discarded by seat k % 4
    # the tiles no chi uses: honors, then the suits' last two copies of each (the runs use two)
    spare = iter([c for c in range(41, 48) for _ in range(4)] + [c for c in range(11, 40) if c % 10] * 2)
    dora = next(spare)
    hands: list[list[int]] = [[next(spare)] for _ in range(4)]  # each hand's 13th tile
    takes: list[list[Any]] = [[next(spare)], [], [], []]
    discards: list[list[Any]] = [[called[0]], [], [], []]
    for k, (suit, low) in enumerate(runs):
        caller = (k + 1) % 4
        hands[caller] += [suit + low + 1, suit + low + 2]
        takes[caller].append(f"c{suit + low}{suit + low + 1}{suit + low + 2}")
        hands[k % 4].append(called[k])
        discards[caller].append(called[k + 1] if k + 1 < 16 else hands[0][0])
    for seat in (1, 2, 3, 0) * 8:
        takes[seat].append(next(spare))
        discards[seat].append(60)
    log = [[0, 0, 0], [25000] * 4, [dora], []]
    for seat in range(4):
        log += [sorted(hands[seat]), takes[seat], discards[seat]]
    return {"title": ["", ""], "name": ["A", "B", "C", "D"], "rule": {"disp": "", "aka": 0},
            "log": [[*log, result]]}


def confusing_nakis_0(result: list[Any]) -> dict[str, Any]:
    """The real round of the most choice points among the cases (7), with ``result``."""
    record: dict[str, Any] = json.loads((CASES / "confusing_nakis_0.json").read_text())
    record["log"][0][16] = result
    return record


# corrupt at their very end, and how many choice points their search goes back to
CORRUPT = {"four calls a hand": (four_calls_a_hand(SHORT_PAYMENTS), 16),
           "confusing_nakis_0": (confusing_nakis_0(SHORT_PAYMENTS), 7)}


def test_the_crafted_round_is_a_valid_round_of_sixteen_choice_points() -> None:
    record = four_calls_a_hand(["流局", [0, 0, 0, 0]])
    play, events = counted(record)
    assert isinstance(events, list)
    assert dumps_mjai(events) in dumps_mjai(read(json.dumps(record)).events)
    assert sum(e.type == "chi" for e in events) == 16
    assert (play.turns, play.backs, plays(record["log"][0])) == (49, 0, 98)


@pytest.mark.parametrize("name", CORRUPT)
def test_a_corrupt_round_of_many_choice_points_is_searched_within_the_bound(name: str) -> None:
    record, choice_points = CORRUPT[name]
    play, played = counted(record)  # the instrument first: it stops a runaway search
    error = read_error(record)
    assert "payments [0, 0, 0]: expected 4 whole numbers of points" in str(error)
    assert "plays of the round's calls" not in str(error)  # the search ended before the bound
    assert str(played) == str(error)
    data = record["log"][0]
    assert play.backs == choice_points  # every other reading was tried
    assert play.turns <= bound(data)
    assert play.turns <= plays(data) + 1  # far within it: measured 65 of 98 plays, 89 of 152


@pytest.mark.parametrize("name", CORRUPT)
def test_the_bound_stops_an_exponential_search_within_16_times_the_plays(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No record makes the reader's search outgrow the bound, so here the instrument offers each
    choice point's readings three times over: the tries then multiply at each choice point (past
    ten times the bound without it), and the reader's own loop stops them at the bound."""
    record, _ = CORRUPT[name]
    data = record["log"][0]
    play, played = counted(record, echoes=3)
    assert isinstance(played, LogFormatError)
    assert str(played).endswith(" (nor in 16 plays of the round's calls)")
    assert "payments [0, 0, 0]: expected 4 whole numbers of points" in str(played)
    assert play.turns == bound(data)  # 1,584 turns for 98 plays, 2,448 for 152
    monkeypatch.setattr(tenhou6, "_PLAYS", UNBOUNDED)
    with pytest.raises(Runaway):  # without the bound: past ten times it
        counted(record, echoes=3)


@pytest.mark.parametrize("name", AMBIGUOUS)
def test_a_valid_round_of_ambiguous_calls_reads_the_same_under_the_bound(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    record = json.loads((CASES / f"{name}.json").read_text())
    record["log"] = record["log"][:1]
    data = record["log"][0]
    play, events = counted(record)
    assert isinstance(events, list)
    assert play.backs >= 1  # its first reading of a call was wrong
    assert play.turns <= bound(data)
    bounded = dumps_mjai(read(json.dumps(record, ensure_ascii=False)).events)
    assert dumps_mjai(events) in bounded
    monkeypatch.setattr(tenhou6, "_PLAYS", UNBOUNDED)
    assert dumps_mjai(read(json.dumps(record, ensure_ascii=False)).events) == bounded
