"""A win as tenhou.net/6 records write it (:mod:`riichi.logs.tenhou6` reads and writes them):
its value (its fu and han or its limit, then what it is paid before the counters) and its yaku.

Tenhou names a limit for the fu and han (``満貫``: five han, or three or four with fu enough), and
writes a ron's points (``30符2飜2000点``), a non-dealer's tsumo as what each non-dealer and
the dealer pay (``30符3飜1000-2000点``, ``満貫2000-4000点``) and a dealer's tsumo as what each
seat pays, marked ``∀`` (``30符4飜3900点∀``). A tsumo whose payments are no such shares (two
players; a liable seat paying for a yakuman) is written as the sum, which the reader takes too.

>>> win_text(30, 3, 4000, (-2000, 5000, -1000, -1000), winner=1, dealer=0, tsumo=True)
'30符3飜1000-2000点'
>>> win_text(30, 4, 11700, (12000 + 1000, -4000, -4000, -4000), winner=0, dealer=0, tsumo=True)
'30符4飜3900点∀'
>>> win_text(30, 4, 7900, (7900, -7900), winner=0, dealer=1, tsumo=True)  # two players
'30符4飜7900点'
>>> win_value("満貫2000-4000点", 4), win_value("30符4飜3900点∀", 4), win_value("30符4飜11700点", 4)
((0, 0, 8000), (30, 4, 11700), (30, 4, 11700))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from riichi.errors import LogFormatError
from riichi.logs.mjlog_events import TENHOU6_YAKU

__all__ = ["seated_payments", "win_text", "win_value", "yaku_of_text", "yaku_text"]

_LIMITS = {5: "満貫", 6: "跳満", 8: "倍満", 11: "三倍満", 13: "役満"}
_MANGAN_BASIC = 2000  # the basic points of a mangan, which three or four han reach with fu enough


def win_text(fu: int, han: int, points: int, deltas: Sequence[int], *, winner: int, dealer: int | None,
             tsumo: bool, liable: int | None = None) -> str:
    """The text of a win of ``fu`` and ``han`` paid ``points`` before the counters (the sum of a
    tsumo's shares), its payments ``deltas`` (counters and sticks included), ``liable`` the seat
    that paid for a yakuman (pao) if another did."""
    limit = next((name for least, name in sorted(_LIMITS.items(), reverse=True) if han >= least), "")
    if 3 <= han < 5 and (fu == 0 or fu << (han + 2) >= _MANGAN_BASIC):  # fu 0: a limit read, its fu unsaid
        limit = _LIMITS[5]
    paid, every = _shares(points, deltas, winner, dealer, liable) if tsumo else (f"{points}", "")
    return f"{limit or f'{fu}符{han}飜'}{paid}点{every}"


def _shares(points: int, deltas: Sequence[int], winner: int, dealer: int | None,
            liable: int | None) -> tuple[str, str]:
    """A tsumo's shares as Tenhou writes them (``1000-2000``, or ``3900`` and the ``∀`` after
    the 点): the payments less the counters, which every payer pays alike; where a liable seat
    paid for the others, the shares of ``points`` (a dealer pays twice a non-dealer's share, or
    100 less: each share is rounded up to 100). The sum where they are no such shares."""
    seats = len(deltas)
    payers = [s for s in range(seats) if s != winner]
    if liable is None or liable == winner:
        counters, uneven = divmod(-sum(deltas[s] for s in payers) - points, len(payers))
        shares = {s: -deltas[s] - counters for s in payers}
    else:
        each = -(-points // (100 * (seats if winner != dealer else seats - 1))) * 100
        counters, uneven = 0, 0
        shares = {s: points - each * (seats - 2) if s == dealer else each for s in payers}
    others = {share for s, share in shares.items() if s != dealer}
    if seats == 2 or uneven or counters < 0 or len(others) != 1 or dealer is None \
            or sum(shares.values()) != points:
        return f"{points}", ""
    if winner == dealer:
        return f"{others.pop()}", "∀"
    return f"{others.pop()}-{shares[dealer]}", ""


def yaku_text(name: str, han: int, *, seat_wind: int, round_wind: int) -> str:
    """A yaku or dora line of a win as Tenhou writes it: its Japanese name (a wind's with the
    wind: ``自風 南``, ``場風 東``) and its han, ``役満`` for a yakuman; a name Tenhou has not
    (another rule's yaku) as the engine's.

    >>> yaku_text("riichi", 1, seat_wind=1, round_wind=0), yaku_text("seat_wind", 1, seat_wind=1, round_wind=0)
    ('立直(1飜)', '自風 南(1飜)')
    >>> yaku_text("daisangen", 13, seat_wind=0, round_wind=0), yaku_text("aka_dora", 2, seat_wind=0, round_wind=0)
    ('大三元(役満)', '赤ドラ(2飜)')
    """
    wind = {"seat_wind": ("自風", seat_wind), "round_wind": ("場風", round_wind)}.get(name)
    tenhou = f"{wind[0]} {'東南西北'[wind[1]]}" if wind else _TENHOU_NAME.get(name, name)
    yakuman = han == 13 and name in _TENHOU_NAME and name not in _DORA_LINES
    return f"{tenhou}({'役満' if yakuman else f'{han}飜'})"


# Tenhou's Japanese names by the engine's (its English ones, which a log may carry, left aside)
_TENHOU_NAME = {engine: tenhou for tenhou, engine in reversed(TENHOU6_YAKU.items()) if not tenhou.isascii()}
_DORA_LINES = frozenset({"dora", "ura_dora", "aka_dora", "kita"})


def win_value(text: str, seats: int) -> tuple[int, int, int]:
    """A win's fu, han (0, 0 where it names its limit) and points before the counters, from its
    text in any of the forms above (a tsumo's shares added up)."""
    fu_han = re.match(r"(\d{1,7})符(\d{1,7})飜", text)  # no figure of a game has more digits
    paid = re.search(r"(?<!\d)(\d{1,7})(?:-(\d{1,7}))?点(∀?)$", text)
    each, dealer, every = (int(paid[1]), paid[2], paid[3]) if paid else (0, None, "")
    points = int(dealer) + each * (seats - 2) if dealer else each * (seats - 1) if every else each
    return (int(fu_han[1]), int(fu_han[2]), points) if fu_han else (0, 0, points)


def yaku_of_text(text: str) -> tuple[str, int]:
    """A yaku as a record writes it, read back: Tenhou's name as the engine's (another writer's
    as it is) and its han, 13 for a yakuman.

    >>> yaku_of_text("立直(1飜)"), yaku_of_text("大三元(役満)")
    (('riichi', 1), ('daisangen', 13))
    """
    found = re.match(r"(.*)\((\d+)飜\)$", text)
    name, han = (found.group(1), int(found.group(2))) if found else (re.sub(r"\(.*\)$", "", text), 13)
    return TENHOU6_YAKU.get(name, name), han


def seated_payments(deltas: list[Any], seats: int, fail: Callable[[str], LogFormatError]) -> list[Any]:
    """The payments of a result to the seats played: at three players the fourth place must pay
    nothing (else the error ``fail`` makes, which names the round)."""
    if seats == 3 and len(deltas) == 4:
        if deltas[3] != 0:
            raise fail(f"payments {deltas!r}: the fourth place of a three-player game pays {deltas[3]!r}")
        return deltas[:3]
    return deltas
