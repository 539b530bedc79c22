"""Settlement: the point changes of every seat after one win or several wins on one discard.

>>> from riichi.scoring import score_hand
>>> hand = score_hand("234567m2345p678s", "5p", tsumo=True, seat_wind="S", round_wind="E",
...                   riichi=True)
>>> settle([Win(seat=1, result=hand)], dealer=0, honba=2, riichi_sticks=1)
(-2200, 5600, -1200, -1200)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from riichi.errors import SettlementError, WrongTypeError, as_int, quoted
from riichi.rules import (
    Chombo,
    MultiRon,
    MultiRonSticks,
    PaoHonba,
    PaoScope,
    RuleSet,
    TsumoPayment,
)
from riichi.scoring._kernel import BASIC_PER_YAKUMAN, MANGAN_BASIC, hand_shares, tsumo_split
from riichi.scoring.result import HandResult
from riichi.scoring.rule_values import tsumo_counter

__all__ = ["Win", "chombo_penalty", "payments_for", "settle", "settle_each", "tsumo_shares"]


@dataclass(frozen=True, slots=True)
class Win:
    """One winner of a hand: the seat (0-3; 0-2 at three players, 0-1 at two), the scored hand,
    and the liable (pao) seat if any.

    ``result`` must have been scored with the winner's own seat wind (its ``is_dealer`` and
    ``tsumo`` are used). ``liable`` is the seat that fed the last set of a yakuman in
    ``RuleSet.pao``; it is ignored when the hand holds none of them. A seat is an int, or what
    :func:`operator.index` takes (numpy's integers), never a bool, as for every seat and count
    :func:`settle` takes.
    """

    seat: int
    result: HandResult
    liable: int | None = None


def settle(
    wins: Sequence[Win],
    *,
    dealer: int | None,
    discarder: int | None = None,
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: RuleSet | str = "ema",
) -> tuple[int, ...]:
    """Point change of each seat (``RuleSet.players`` of them).

    ``dealer`` is the East seat, ``None`` when no seat is East (two players on four wind seats,
    every second hand; a :class:`SettlementError` where the rules always seat an East).

    ``wins``: one tsumo win (``discarder=None``) or one or more ron wins on the discard of
    ``discarder``; ``riichi_sticks``: sticks on the table, the winners' own sticks of this hand
    included (the deltas add them to the winners; their payment was taken when riichi was
    declared). Several ron winners are each paid their full hand; counters and sticks go as
    ``RuleSet.multi_ron_honba`` / ``multi_ron_sticks`` say. The sum of :func:`settle_each`.

    >>> from riichi.scoring import score_hand
    >>> a = score_hand("123m456p789s1155z", "5z", tsumo=False, seat_wind="S", round_wind="E")
    >>> b = score_hand("234m456p678s3399p", "9p", tsumo=False, seat_wind="N", round_wind="E",
    ...                riichi=True)
    >>> a.points, b.points  # seat 3 is the first winner after the discarder (seat 2)
    (1300, 1300)
    >>> settle([Win(1, a), Win(3, b)], dealer=0, discarder=2, honba=1, riichi_sticks=2)
    (0, 1600, -3200, 3600)
    >>> settle([Win(1, a), Win(3, b)], dealer=0, discarder=2, honba=1, riichi_sticks=2,
    ...        rules="tenhou")
    (0, 1300, -2900, 3600)
    """
    each = settle_each(
        wins, dealer=dealer, discarder=discarder, honba=honba, riichi_sticks=riichi_sticks,
        rules=rules,
    )
    return tuple(map(sum, zip(*each)))


def settle_each(
    wins: Sequence[Win],
    *,
    dealer: int | None,
    discarder: int | None = None,
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: RuleSet | str = "ema",
) -> list[tuple[int, ...]]:
    """Point change of each seat for each win, in the order of ``wins`` (arguments as
    :func:`settle`): what a game record shows per winner, and what a table applies as it is.

    >>> from riichi.scoring import score_hand
    >>> a = score_hand("123m456p789s1155z", "5z", tsumo=False, seat_wind="S", round_wind="E")
    >>> b = score_hand("234m456p678s3399p", "9p", tsumo=False, seat_wind="N", round_wind="E",
    ...                riichi=True)
    >>> settle_each([Win(1, a), Win(3, b)], dealer=0, discarder=2, honba=1, riichi_sticks=2)
    [(0, 1600, -1600, 0), (0, 0, -1600, 3600)]
    """
    if type(rules) is not RuleSet:  # the table's own RuleSet needs no coercion
        rules = RuleSet.coerce(rules)
    players = rules.players
    wins, dealer, discarder, honba, riichi_sticks = _checked_types(wins, dealer, discarder, honba, riichi_sticks)
    if not wins:
        raise SettlementError("settle() needs at least one win")
    seats = [w.seat for w in wins]
    _check_dealer(dealer, rules)
    _check_seats(seats, [w.liable for w in wins], discarder, players)
    if discarder is None and len(wins) > 1:
        raise SettlementError(f"{len(wins)} winners by tsumo; only one player can win by tsumo")
    if len(wins) > 1 and rules.multi_ron is MultiRon.HEAD_BUMP:
        raise SettlementError(
            f"rules {rules.name!r} allow one ron winner (head bump); got seats {seats}"
        )
    if len(wins) > 2 and rules.multi_ron is MultiRon.DOUBLE:
        raise SettlementError(
            f"rules {rules.name!r} end a triple ron in an abortive draw; got seats {seats}"
        )
    for w in wins:
        if w.result.is_dealer != (w.seat == dealer) or w.result.tsumo != (discarder is None):
            raise SettlementError(
                f"the hand of seat {w.seat} was scored as "
                f"{'dealer' if w.result.is_dealer else 'non-dealer'} "
                f"{'tsumo' if w.result.tsumo else 'ron'}, which does not fit dealer={dealer}, "
                f"discarder={discarder}"
            )
    own_sticks = sum(1 for w in wins if w.result.riichi) if len(wins) > 1 else 0
    if riichi_sticks < own_sticks:
        raise SettlementError(
            f"riichi_sticks={riichi_sticks}, but {own_sticks} winners declared riichi this hand"
        )

    order = [0] if len(wins) == 1 else sorted(
        range(len(wins)), key=lambda k: (wins[k].seat - (discarder or 0)) % players
    )
    deltas = [[0] * players for _ in wins]
    for index, k in enumerate(order):
        nearest = index == 0
        gets_honba = nearest or rules.multi_ron_honba is MultiRonSticks.ALL
        _pay_hand(deltas[k], wins[k], dealer, discarder, honba if gets_honba else 0, rules)
    # Sticks: with several winners under MultiRonSticks.ALL each takes back their own stick and
    # the nearest winner takes the rest; otherwise the nearest winner takes them all.
    nearest_win = order[0]
    if len(wins) > 1 and rules.multi_ron_sticks is MultiRonSticks.ALL:
        for k, w in enumerate(wins):
            if w.result.riichi:
                deltas[k][w.seat] += 1000
        deltas[nearest_win][wins[nearest_win].seat] += 1000 * (riichi_sticks - own_sticks)
    else:
        deltas[nearest_win][wins[nearest_win].seat] += 1000 * riichi_sticks
    return [tuple(d) for d in deltas]


def _seats(name: str, seat: object, dealer: object) -> tuple[int, int | None]:
    """``seat`` and ``dealer`` (or None) as ints (:func:`~riichi.errors.as_int`: numpy's integers
    too); a :class:`WrongTypeError` for what is none (a bool, a float, a str)."""
    number = as_int(seat)
    east = None if dealer is None else as_int(dealer)
    if number is None or (east is None and dealer is not None):
        raise WrongTypeError(
            f"{name}={quoted(seat)}, dealer={quoted(dealer)}: expected seats (ints), "
            "dealer None when no seat is East"
        )
    return number, east


def _checked_types(
    wins: object, dealer: object, discarder: object, honba: object, riichi_sticks: object
) -> tuple[list[Win], int | None, int | None, int, int]:
    """The arguments of :func:`settle_each` with every seat and count an int (numpy's integers
    taken); what is not a sequence of :class:`Win` or not an int (a bool or a float is not)
    refused."""
    if type(wins) is not list and (
        isinstance(wins, (str, bytes)) or not isinstance(wins, Sequence)
    ):
        raise WrongTypeError(f"wins={quoted(wins)}: expected a sequence of Win")
    checked = []
    for w in wins:
        seat = as_int(w.seat) if isinstance(w, Win) else None
        liable = as_int(w.liable) if isinstance(w, Win) and w.liable is not None else None
        if seat is None or not isinstance(w.result, HandResult) or (liable is None and w.liable is not None):
            raise WrongTypeError(
                f"{quoted(w)}: expected a Win(seat, result, liable) with an int seat, a "
                "HandResult and an int or None liable"
            )
        checked.append(w if seat is w.seat and liable is w.liable else Win(seat, w.result, liable))
    east = None if dealer is None else as_int(dealer)
    discards = None if discarder is None else as_int(discarder)
    if (east is None and dealer is not None) or (discards is None and discarder is not None):
        raise WrongTypeError(
            f"dealer={quoted(dealer)}, discarder={quoted(discarder)}: expected seats (ints), "
            "discarder None for a tsumo, dealer None when no seat is East"
        )
    counts = []
    for name, value in (("honba", honba), ("riichi_sticks", riichi_sticks)):
        count = as_int(value)
        if count is None:
            raise WrongTypeError(f"{name}={quoted(value)}: expected an int >= 0")
        if count < 0:
            raise SettlementError(f"{name}={count}: expected an int >= 0")
        counts.append(count)
    return checked, east, discards, counts[0], counts[1]


def _check_seats(
    seats: list[int], liable: list[int | None], discarder: int | None, players: int
) -> None:
    _check_seat("discarder", discarder, players)
    for s in seats:
        _check_seat("winner", s, players)
    for seat in liable:
        _check_seat("liable", seat, players)
    if len(set(seats)) != len(seats):
        raise SettlementError(f"a seat wins twice: {seats}")
    if discarder is not None and discarder in seats:
        raise SettlementError(f"seat {discarder} cannot ron their own discard")


def _check_dealer(dealer: int | None, rules: RuleSet) -> None:
    """The East seat at the table of ``rules``; None only where some hands have none (two
    players on more wind seats than two)."""
    _check_seat("dealer", dealer, rules.players)
    if dealer is None and rules.winds == rules.players:
        raise SettlementError(
            f"dealer=None: the rules {rules.name!r} always seat an East (expected its seat, "
            f"0-{rules.players - 1})"
        )


def _check_seat(name: str, seat: int | None, players: int) -> None:
    if seat is not None and not 0 <= seat < players:
        raise SettlementError(f"{name} seat {seat} is not a seat 0-{players - 1}")


def _pay(deltas: list[int], winner: int, payer: int, amount: int) -> None:
    deltas[payer] -= amount
    deltas[winner] += amount


def _pay_hand(
    deltas: list[int], w: Win, dealer: int | None, discarder: int | None, honba: int,
    rules: RuleSet,
) -> None:
    """Pay one winner's hand and counters (not the sticks) into ``deltas``."""
    result = w.result
    liable = w.liable if w.liable != w.seat else None
    pao_basic = _pao_basic(result, rules) if liable is not None else 0
    normal_basic = result.basic_points - pao_basic
    winner = w.seat
    others = [s for s in range(len(deltas)) if s != winner]
    if discarder is None:
        shares = tsumo_shares(normal_basic, winner, dealer, rules)
        counters = tsumo_counter(rules) * honba
        for s in others:
            _pay(deltas, winner, s, shares[s])
        if liable is not None and pao_basic:
            _pay(deltas, winner, liable, _ron_value(pao_basic, result.is_dealer))
            _pay(deltas, winner, liable, counters * len(others))
        else:
            for s in others:
                _pay(deltas, winner, s, counters)
        return
    _pay(deltas, winner, discarder, _ron_value(normal_basic, result.is_dealer))
    honba_payer = discarder
    if liable is not None and pao_basic:
        pao_value = _ron_value(pao_basic, result.is_dealer)
        if liable == discarder:
            _pay(deltas, winner, discarder, pao_value)
        else:
            _pay(deltas, winner, discarder, pao_value - pao_value // 2)
            _pay(deltas, winner, liable, pao_value // 2)
            if rules.pao_honba is PaoHonba.LIABLE:
                honba_payer = liable
    _pay(deltas, winner, honba_payer, rules.honba_ron * honba)


def chombo_penalty(
    offender: int, *, dealer: int | None, rules: RuleSet | str = "ema"
) -> tuple[tuple[int, ...], int]:
    """A chombo's penalty under ``RuleSet.chombo``, for a referee's tools: the point changes of
    each seat at once, and the points taken off the offender's final result after uma.

    The engine's own table never has a chombo (it refuses every illegal action), so nothing in it
    calls this. :attr:`~riichi.rules.Chombo.REVERSE_MANGAN`: the offender pays each other seat
    what that seat would pay for the offender's mangan tsumo (``RuleSet.tsumo_payment`` at a
    two-player table); :attr:`~riichi.rules.Chombo.POINT_DEDUCTION`: no payment now,
    ``RuleSet.chombo_points`` after uma. ``dealer`` is the East seat (``None`` when none is).

    >>> chombo_penalty(1, dealer=0)
    ((4000, -8000, 2000, 2000), 0)
    >>> chombo_penalty(0, dealer=0), chombo_penalty(2, dealer=0, rules="wrc")
    (((-12000, 4000, 4000, 4000), 0), ((0, 0, 0, 0), 30000))
    """
    rules = RuleSet.coerce(rules)
    offender, dealer = _seats("offender", offender, dealer)
    _check_seat("offender", offender, rules.players)
    _check_dealer(dealer, rules)
    deltas = [0] * rules.players
    if rules.chombo is Chombo.POINT_DEDUCTION:
        return tuple(deltas), rules.chombo_points
    shares = tsumo_shares(MANGAN_BASIC, offender, dealer, rules)
    for s in range(rules.players):
        deltas[s] += shares[s]
        deltas[offender] -= shares[s]
    return tuple(deltas), 0


def tsumo_shares(
    basic: int, winner: int, dealer: int | None, rules: RuleSet | str
) -> list[int]:
    """What each seat pays (0 for the winner) for a tsumo of ``basic`` points by ``winner``,
    before counters, as :func:`payments_for` says; ``dealer`` is the East seat (``None`` when no
    seat is East).

    >>> tsumo_shares(2000, 1, 0, RuleSet()), tsumo_shares(2000, 1, 0, RuleSet.preset("tenhou-3p"))
    ([4000, 0, 2000, 2000], [4000, 0, 2000])
    """
    if type(rules) is not RuleSet:
        rules = RuleSet.coerce(rules)
    winner, dealer = _seats("winner", winner, dealer)
    _check_seat("winner", winner, rules.players)
    _check_dealer(dealer, rules)
    shares = payments_for(basic, is_dealer=winner == dealer, tsumo=True, rules=rules)
    each = shares.get("opponent", shares.get("non-dealer", 0))
    out = [each] * rules.players
    if dealer is not None and dealer != winner and "dealer" in shares:
        out[dealer] = shares["dealer"]
    out[winner] = 0
    return out


def payments_for(
    basic: int, *, is_dealer: bool, tsumo: bool, rules: RuleSet | str
) -> dict[str, int]:
    """What each payer pays for a hand of ``basic`` points, before counters: the ``"discarder"``
    on a ron; on a tsumo, as ``RuleSet.tsumo_payment`` says, the ``"dealer"`` and each
    ``"non-dealer"`` (a dealer's tsumo has non-dealer payers only), or the ``"opponent"`` alone.
    Three players pay the shares of four, the empty North's unpaid (tsumo loss), or with half of
    it each (north bisection: the share's half rounded up to 100 with the payer's own).

    >>> payments_for(2000, is_dealer=False, tsumo=True, rules=RuleSet())
    {'non-dealer': 2000, 'dealer': 4000}
    >>> payments_for(2000, is_dealer=True, tsumo=False, rules=RuleSet())
    {'discarder': 12000}
    >>> payments_for(2000, is_dealer=False, tsumo=True, rules=RuleSet.preset("2p"))
    {'opponent': 8000}
    >>> import dataclasses
    >>> bisection = dataclasses.replace(RuleSet.preset("tenhou-3p"), tsumo_payment="north_bisection")
    >>> payments_for(240, is_dealer=False, tsumo=True, rules=bisection)  # 30 fu 1 han: 300 / 500
    {'non-dealer': 500, 'dealer': 700}
    """
    ron = hand_shares(basic, is_dealer=is_dealer, tsumo=tsumo)[0]
    if not tsumo:
        return {"discarder": ron}
    if type(rules) is not RuleSet:
        rules = RuleSet.coerce(rules)
    dealer_share, each = tsumo_split(basic, is_dealer=is_dealer, rules=rules)
    if rules.tsumo_payment in (TsumoPayment.AS_RON, TsumoPayment.ABSENT_TOO):
        return {"opponent": each}
    if is_dealer:
        return {"non-dealer": each}
    return {"non-dealer": each, "dealer": dealer_share}


def _ron_value(basic: int, is_dealer: bool) -> int:
    return hand_shares(basic, is_dealer=is_dealer, tsumo=False)[0]


def _pao_basic(result: HandResult, rules: RuleSet) -> int:
    """Basic points the liable player answers for (0 when no pao yakuman is in the hand)."""
    pao_han = sum(han for name, han in result.yaku.items() if name in rules.pao)
    if not pao_han:
        return 0
    if rules.pao_scope is PaoScope.WHOLE_HAND:
        return result.basic_points
    return BASIC_PER_YAKUMAN * (pao_han // 13)
