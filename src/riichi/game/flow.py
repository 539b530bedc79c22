"""The game between hands: where the deal goes, when the game ends, and the final result.

Pure functions of the scores and the position in the game, read from the :class:`RuleSet`.

>>> from riichi.rules import RuleSet
>>> final_results(RuleSet.preset("ema"), [40_000, 30_000, 30_000, 20_000])
([1, 2, 2, 4], [40000, 0, 0, -40000])
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from riichi._frozen import Frozen
from riichi.errors import RiichiError, checked_int, named_count, quoted
from riichi.rules import LeftoverSticks, RuleSet, UmaTie
from riichi.rules.checks import POINTS

__all__ = [
    "Position", "next_position", "game_over", "placement", "end_of_game", "final_results",
    "share_sticks",
    "seat_winds", "dealer_seat", "dealer_of", "point_unit", "starting_scores",
]


class Position(Frozen):
    """Where a game stands before a hand: round wind (0 East, 1 South, ...), hand of the round
    (0 to ``RuleSet.winds - 1``: the wind seat that is East; with four players the dealer's seat),
    counters and riichi sticks on the table.

    Each field is an int >= 0 (:func:`~riichi.errors.named_count`); which rounds and hands the
    rules play is checked by the game that starts there (:meth:`~riichi.game.Game.new_state`).

    >>> Position(round_wind=1, kyoku=2)
    Position(round_wind=1, kyoku=2, honba=0, sticks=0)
    >>> Position(round_wind=1.0)
    Traceback (most recent call last):
    ...
    riichi.errors.WrongTypeError: Position.round_wind=1.0: expected an int >= 0
    """

    __slots__ = _fields = ("round_wind", "kyoku", "honba", "sticks")

    def __init__(self, round_wind: int = 0, kyoku: int = 0, honba: int = 0, sticks: int = 0) -> None:
        self._seal()
        self._place(
            named_count("Position.round_wind", round_wind), named_count("Position.kyoku", kyoku),
            named_count("Position.honba", honba), named_count("Position.sticks", sticks),
        )

    def _place(self, round_wind: int, kyoku: int, honba: int, sticks: int) -> None:
        """Set the fields of a position being made (once: see :meth:`Frozen._seal`)."""
        self.round_wind = round_wind
        self.kyoku = kyoku
        self.honba = honba
        self.sticks = sticks


def trusted_position(round_wind: int, kyoku: int, honba: int, sticks: int) -> Position:
    """A :class:`Position` of counts the table already holds (ints >= 0, from a checked
    position): made without the checks of ``Position(...)``, which are for values from outside.

    >>> trusted_position(1, 2, 0, 1) == Position(1, 2, 0, 1)
    True
    """
    pos = Position.__new__(Position)
    pos._seal()
    pos._place(round_wind, kyoku, honba, sticks)
    return pos


STICK = 1_000
"""The points of one riichi stick."""


def point_unit(rules: RuleSet) -> int:
    """The points every score of a game under ``rules`` is a multiple of: 100 (what hands pay
    is rounded up to it), unless the start, the counters or the noten payments are finer.

    >>> point_unit(RuleSet()), point_unit(RuleSet(honba_tsumo=150, honba_ron=450))
    (100, 50)
    >>> point_unit(RuleSet.preset("tenhou-3p"))
    100
    """
    # noten_total is split among one to players - 1 seats: the finest share is its part for the
    # least common multiple of them (a sixth at four players, a half at three)
    shares = math.lcm(*range(1, rules.players))
    return math.gcd(100, rules.start_points, rules.honba_tsumo, rules.honba_ron,
                    rules.noten_total // shares)


def starting_scores(scores: object, rules: RuleSet, sticks: int = 0, table: int | None = None) -> list[int]:
    """``scores`` checked as the seats' points before a hand under ``rules`` with ``sticks``
    riichi sticks on the table: one int per seat, each from -10,000,000 to 10,000,000 and a
    multiple of :func:`point_unit`, adding up with 1,000 per stick to the table's points
    (``table``, by default the players times ``start_points``), and none below zero under
    ``tobi`` (the game would be over). :class:`~riichi.errors.RiichiError` says which rule the scores break.

    >>> starting_scores([31_000, 30_000, 30_000, 28_000], RuleSet(), sticks=1)
    [31000, 30000, 30000, 28000]
    >>> starting_scores([1, 2, 3, 4], RuleSet())
    Traceback (most recent call last):
    ...
    riichi.errors.RiichiError: scores=[1, 2, 3, 4]: expected multiples of 100
    """
    players = rules.players
    if isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence) or len(scores) != players:
        raise RiichiError(f"scores={quoted(scores)}: expected {players} ints")
    points = []
    for value in scores:
        try:
            points.append(checked_int(value, "an int"))
        except TypeError:
            raise RiichiError(f"scores={quoted(scores)}: expected {players} ints") from None
    if any(not -POINTS <= p <= POINTS for p in points):
        raise RiichiError(f"scores={quoted(scores)}: expected points from {-POINTS:,} to {POINTS:,}")
    unit = point_unit(rules)
    if any(p % unit for p in points):
        raise RiichiError(f"scores={quoted(scores)}: expected multiples of {unit}")
    holds = f"{players} x {rules.start_points} = " if table is None else ""
    table = players * rules.start_points if table is None else table
    if sum(points) + STICK * sticks != table:
        raise RiichiError(
            f"scores={quoted(scores)}: the scores add up to {sum(points)}, plus {STICK * sticks} in "
            f"riichi sticks = {sum(points) + STICK * sticks}; the {rules.name} table holds "
            f"{holds}{table}"
        )
    if rules.tobi and min(points) < 0:
        raise RiichiError(f"scores={quoted(scores)}: a negative score has already ended a "
                          f"{rules.name} game (bust)")
    return points


def seat_winds(rules: RuleSet, kyoku: int) -> tuple[int, ...]:
    """Each seat's wind (0 East ... 3 North) in hand ``kyoku`` of a round: seat ``i`` sits at wind
    seat ``i * winds // players``, and wind seat ``kyoku`` is East.

    >>> seat_winds(RuleSet(), 1), seat_winds(RuleSet.preset("2p"), 1)
    ((3, 0, 1, 2), (3, 1))
    """
    winds = rules.winds
    players = rules.players
    spacing = winds // players
    return tuple([(seat * spacing - kyoku) % winds for seat in range(players)])


def dealer_seat(rules: RuleSet, kyoku: int) -> int:
    """The seat that deals and acts first in hand ``kyoku``: East, or the seat with the lowest wind
    when no seat is East (two players opposite each other: South)."""
    return dealer_of(seat_winds(rules, kyoku))


def dealer_of(winds: tuple[int, ...]) -> int:
    """The seat that deals, of each seat's wind in the hand (:func:`seat_winds`): the lowest wind.

    >>> dealer_of((3, 0, 1, 2)), dealer_of((3, 1))
    (1, 1)
    """
    dealer = 0
    for seat in range(1, len(winds)):
        if winds[seat] < winds[dealer]:
            dealer = seat
    return dealer


def next_position(
    pos: Position, dealer_stays: bool, add_counter: bool, sticks: int, hands: int = 4
) -> Position:
    """The position of the next hand (``hands``: hands in a round without repeats)."""
    honba = pos.honba + 1 if add_counter else 0
    if dealer_stays:
        return trusted_position(pos.round_wind, pos.kyoku, honba, sticks)
    if pos.kyoku == hands - 1:
        return trusted_position(pos.round_wind + 1, 0, honba, sticks)
    return trusted_position(pos.round_wind, pos.kyoku + 1, honba, sticks)


def placement(scores: Sequence[int]) -> list[int]:
    """Seats from first to last place; ties go to the lower seat (the starting East first)."""
    return sorted(range(len(scores)), key=lambda s: (-scores[s], s))


def game_over(
    rules: RuleSet,
    pos: Position,
    scores: Sequence[int],
    dealer_stays: bool,
    how: str,
) -> bool:
    """Whether the game ends after the hand played at ``pos`` (``scores`` are after it);
    ``how`` the hand ended: ``"win"``, ``"draw"`` (exhaustive) or ``"abort"``.

    >>> r = RuleSet.preset("ema")
    >>> game_over(r, Position(1, 3), [30_000] * 4, dealer_stays=False, how="draw")
    True
    >>> game_over(r, Position(1, 3), [30_000] * 4, dealer_stays=True, how="win")
    False
    """
    if rules.single_hand:
        return True
    if rules.tobi:
        for points in scores:  # a C loop; min() is a Python call with its tuple of arguments
            if points < 0:
                return True
    extension = pos.round_wind >= rules.rounds  # sudden death, at most one extra round
    last = rules.winds - 1
    if not extension and not (pos.round_wind == rules.rounds - 1 and pos.kyoku == last):
        return False  # most hands: before the last hand, nothing more to ask
    target = rules.target_points
    reached = target is None or max(scores) >= target
    if dealer_stays:
        dealer = dealer_seat(rules, pos.kyoku)
        dealer_first = placement(scores)[0] == dealer
        at_target = target is None or scores[dealer] >= target
        yame = {"win": rules.agari_yame, "draw": rules.tenpai_yame}.get(how, False)
        return yame and dealer_first and at_target
    if extension:
        return reached or pos.kyoku == last
    return not (rules.west_extension and not reached)


def share_sticks(
    rules: RuleSet, scores: Sequence[int], sticks: int, owners: Sequence[int]
) -> list[int]:
    """Point changes that settle the riichi sticks left on the table at the game's end.

    ``owners`` names the seat that put down each stick whose owner is known.

    >>> share_sticks(RuleSet.preset("ema"), [30_000, 30_000, 20_000, 20_000], 3, [])
    [1500, 1500, 0, 0]
    """
    deltas = [0] * len(scores)
    if rules.leftover_sticks is LeftoverSticks.LOST or sticks == 0:
        return deltas
    if rules.leftover_sticks is LeftoverSticks.RETURNED:
        for seat in owners:
            deltas[seat] += STICK
        return deltas
    top = max(scores)
    if rules.uma_tie is UmaTie.SPLIT:
        firsts = [s for s in range(len(scores)) if scores[s] == top]
    else:
        firsts = placement(scores)[:1]
    share, rest = divmod(STICK * sticks, len(firsts))
    for seat in firsts:
        deltas[seat] += share
    deltas[firsts[0]] += rest
    return deltas


def end_of_game(
    rules: RuleSet, scores: Sequence[int], sticks: int, owners: Sequence[int]
) -> tuple[list[int], list[int], list[int]]:
    """The final scores (``scores`` with the leftover riichi sticks settled: :func:`share_sticks`),
    ranks and final results (:func:`final_results`) of a game that ends with ``sticks`` sticks
    on the table.

    Sticks shared by tied first places leave them tied, though one of them takes the odd points:

    >>> end_of_game(RuleSet(), [33_000, 33_000, 33_000, 20_000], 1, [])
    ([33334, 33333, 33333, 20000], [1, 1, 1, 4], [13334, 13333, 13333, -40000])
    """
    bonus = share_sticks(rules, scores, sticks, owners)
    final = [points + extra for points, extra in zip(scores, bonus)]
    # Sticks returned to their owners are the owners' points and may change the places; sticks
    # to first place never do, but their odd points would part tied first places.
    standing = scores if rules.leftover_sticks is LeftoverSticks.FIRST_PLACE else final
    ranks, results = final_results(rules, final, standing)
    return final, ranks, results


def final_results(
    rules: RuleSet, scores: Sequence[int], standing: Sequence[int] | None = None
) -> tuple[list[int], list[int]]:
    """Ranks (1 = first; tied seats share the best rank under a split-tie rule) and final results
    (points minus the return, plus uma and oka) of each seat; ``standing`` (by default
    ``scores``) places the seats."""
    scores_placed = scores if standing is None else standing
    order = placement(scores_placed)
    ranks = [0] * len(scores)
    bonus = [u for u in rules.uma]
    bonus[0] += rules.oka
    results = [0] * len(scores)
    place = 0
    while place < len(order):
        group = [order[place]]
        if rules.uma_tie is UmaTie.SPLIT:
            while (
                place + len(group) < len(order)
                and scores_placed[order[place + len(group)]] == scores_placed[group[0]]
            ):
                group.append(order[place + len(group)])
        share, rest = divmod(sum(bonus[place : place + len(group)]), len(group))
        for k, seat in enumerate(group):
            ranks[seat] = place + 1
            results[seat] = scores[seat] - rules.return_points + share + (rest if k == 0 else 0)
        place += len(group)
    return ranks, results
