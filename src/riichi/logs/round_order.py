"""The order of a record's rounds: each dealt by the seat its hand's number names, each the hand
before again or the next one. Every reader checks its rounds so (:meth:`GameRecord.from_rounds`):
a record writes the round wind and the dealer apart from the play, which cannot show them wrong.

>>> from riichi.logs import events as ev
>>> def start(wind: str, kyoku: int) -> ev.StartKyoku:
...     return ev.StartKyoku(wind, kyoku, 0, 0, kyoku - 1, 0, (25000,) * 4, ((),) * 4)
>>> check_round_order([[start("E", 4)], [start("S", 1)]], 4, None, "<example>")
>>> check_round_order([[start("E", 1)], [start("S", 2)]], 4, None, "<example>")
Traceback (most recent call last):
...
riichi.errors.LogFormatError: <example>: round 2 is S2-0 after E1-0: expected E1 (the same dealer again) or E2 (the next hand)
"""

from __future__ import annotations

from collections.abc import Sequence

from riichi.errors import LogFormatError
from riichi.logs import events as ev
from riichi.rules import RuleSet
from riichi.tiles import WIND_LETTERS

__all__ = ["check_dealers", "check_round_order", "check_carried"]

_DEALERS = {2: (0, 1, 1, 0), 3: (0, 1, 2), 4: (0, 1, 2, 3)}  # by seats, the dealer of each hand of a wind
_ORDINALS = ("first", "second", "third", "fourth")


def check_dealers(rounds: Sequence[Sequence[ev.Event]], seats: int, source: str) -> None:
    """Refuse a round whose dealer is not the one its hand's number seats there (seat 0 deals
    the first hand; two players deal as the engine seats them, opposite each other)."""
    for number, events in enumerate(rounds, start=1):
        start = events[0]
        assert isinstance(start, ev.StartKyoku)  # the readers start each round so
        dealers = _DEALERS[seats]
        name = f"round {number} ({start.bakaze}{start.kyoku}-{start.honba})"
        if start.kyoku > len(dealers):
            raise LogFormatError(f"{source}: {name}: expected hand 1-{len(dealers)} of a wind at {seats} players")
        if start.oya != dealers[start.kyoku - 1]:
            raise LogFormatError(f"{source}: {name} is dealt by seat {start.oya}: expected seat "
                                 f"{dealers[start.kyoku - 1]}, who deals the {_ORDINALS[start.kyoku - 1]} hand of a wind")


def check_round_order(rounds: Sequence[Sequence[ev.Event]], seats: int, rules: RuleSet | None,
                       source: str) -> None:
    """Refuse a round that does not follow the one before as a game goes on: the same hand again
    (the dealer stays) or the next one. A record writes the round wind apart from the dealer: a
    wrong one (S2 for E2, an East hand after South) shows only here."""
    # the hands of a wind: the rules' winds; unknown at two seats (2p plays four, 2p-match two)
    hands = (rules.winds,) if rules is not None else _HANDS_OF_A_WIND[seats]
    for number in range(1, len(rounds)):
        before, start = rounds[number - 1][0], rounds[number][0]
        assert isinstance(before, ev.StartKyoku) and isinstance(start, ev.StartKyoku)  # the readers start each so
        again = f"{before.bakaze}{before.kyoku}"
        following = list(dict.fromkeys(_next_hand(before, last) for last in hands))
        if f"{start.bakaze}{start.kyoku}" not in (again, *following):
            raise LogFormatError(
                f"{source}: round {number + 1} is {start.bakaze}{start.kyoku}-{start.honba} after "
                f"{again}-{before.honba}: expected {again} (the same dealer again) or "
                f"{' or '.join(following)} (the next hand)")


_HANDS_OF_A_WIND = {2: (2, 4), 3: (3,), 4: (4,)}  # by seats, for a record without its rules


def _next_hand(start: ev.StartKyoku, last: int) -> str:
    """The hand after ``start``'s when its dealer passes, in a wind of ``last`` hands: after the
    last the next wind's first; none after North's."""
    if start.kyoku < last:
        return f"{start.bakaze}{start.kyoku + 1}"
    wind = WIND_LETTERS.index(start.bakaze) + 1
    return f"{WIND_LETTERS[wind]}1" if wind < len(WIND_LETTERS) else "none"


def check_carried(rounds: Sequence[Sequence[ev.Event]], source: str) -> None:
    """Refuse a round that does not start as the round before left the table: the scores it
    ended with, the riichi sticks (none after a win, which takes them; else those there and
    the riichi declared) and the counters (honba: one more after a draw; after a win none, or
    one more where the dealer won and stays). A record writes each round's start apart from the
    play before it: a round of another game, or one left out, shows only here."""
    for number in range(1, len(rounds)):
        before, start = rounds[number - 1], rounds[number][0]
        assert isinstance(start, ev.StartKyoku)  # the readers start each round so
        head = before[0]
        assert isinstance(head, ev.StartKyoku)
        ends = [e for e in before if isinstance(e, (ev.Hora, ev.Ryukyoku))]
        if not ends:
            continue  # a round ended without its result: nothing to carry over is known
        name = f"round {number + 1} ({start.bakaze}{start.kyoku}-{start.honba})"
        after = f"{head.bakaze}{head.kyoku}-{head.honba}"
        left = ends[-1].scores
        if tuple(start.scores) != tuple(left):
            raise LogFormatError(f"{source}: {name} starts with the scores {list(start.scores)}: expected "
                                 f"{list(left)}, the scores {after} ended with")
        won = isinstance(ends[-1], ev.Hora)
        declared = sum(isinstance(e, ev.ReachAccepted) for e in before)
        sticks = 0 if won else head.kyotaku + declared
        if start.kyotaku != sticks:
            why = "a win took them" if won else f"the {head.kyotaku} there and {declared} riichi declared"
            raise LogFormatError(f"{source}: {name} starts with riichi sticks {start.kyotaku} on the table: "
                                 f"expected {sticks} after {after} ({why})")
        counters = (0, head.honba + 1) if won else (head.honba + 1,)
        if start.honba not in counters:
            why = "a win: none, or one more where the dealer won" if won else "a draw: one more"
            raise LogFormatError(f"{source}: {name} starts with honba {start.honba}: expected "
                                 f"{' or '.join(map(str, counters))} after {after} ({why})")
