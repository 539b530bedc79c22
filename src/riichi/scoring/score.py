"""``score_hand``: the value of a winning hand under a :class:`~riichi.rules.RuleSet`.

Every reading of the hand (decomposition and wait) is scored; the one paying most wins, then the
one with most han, then most fu.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import numpy as np

from riichi.errors import NoYakuError, NotAWinError
from riichi.rules import Renhou, RuleSet
from riichi.scoring.fu import describe, fu_items, round_fu
from riichi.scoring.hand import MeldInput, TileInput, TilesInput, WinningHand, read_hand
from riichi.scoring.limits import basic_points, hand_points, payments
from riichi.scoring.reading import Reading, Shape, readings
from riichi.scoring.result import HandResult
from riichi.scoring.yaku import (
    BASE_FORM,
    HAN,
    HAND_YAKU,
    HAND_YAKUMAN,
    READING_YAKU,
    READING_YAKUMAN,
    Yaku,
    is_pinfu,
)
from riichi.tiles import format_counts, format_types

__all__ = ["score_hand", "score_winning_hand"]

_RENHOU_HAN = 5


class _Candidate(NamedTuple):
    """One scored reading; tuples compare by (points, han, fu) first."""

    points: int
    han: int
    fu: int
    basic: int
    limit: str | None
    yaku: list[tuple[str, int]]
    yakuman: int
    reading: Reading
    pinfu: bool
    counts_dora: bool


def _rules(rules: RuleSet | str, _cache: dict[str, RuleSet] = {}) -> RuleSet:  # noqa: B006
    # A preset name is resolved once per process: building a RuleSet costs more than scoring.
    if isinstance(rules, RuleSet):
        return rules
    found = _cache.get(rules)
    if found is None:
        found = _cache[rules] = RuleSet.coerce(rules)
    return found


def score_hand(
    concealed: TilesInput,
    win_tile: TileInput,
    melds: Iterable[MeldInput] = (),
    *,
    tsumo: bool,
    seat_wind: str,
    round_wind: str,
    dora_indicators: TilesInput = (),
    ura_indicators: TilesInput = (),
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: RuleSet | str = "ema",
) -> HandResult:
    """Score a winning hand.

    ``concealed``: the concealed tiles before the win (notation, 136-ids, or 34 counts);
    ``win_tile``: the winning tile (notation, or a 136-id; a tile type when ``concealed`` is given
    as counts); ``melds``: :class:`~riichi.meld.Meld` objects or notation (``"chi:123s"``,
    ``"pon:555z"``, ``"kan:5555m"``, ``"ankan:2222m"``, ``"kakan:0555p"``); winds ``"E"`` ...
    ``"N"``; indicators like the concealed tiles; ``double_riichi`` implies riichi;
    ``riichi_sticks``: sticks on the table, which the winner takes; ``rules``: a preset name or a
    :class:`~riichi.rules.RuleSet`.

    Raises :class:`~riichi.errors.InvalidHandError` for a hand or situation that cannot exist,
    :class:`~riichi.errors.NotAWinError` for an incomplete hand and
    :class:`~riichi.errors.NoYakuError` for a complete hand without yaku.

    >>> r = score_hand("222m444p666s88s33m", "8s", tsumo=True, seat_wind="S", round_wind="E")
    >>> r.yaku, r.limit, r.payments.dealer, r.payments.non_dealer
    ({'suuankou': 13}, 'yakuman', 16000, 8000)
    >>> r = score_hand("45678s234p66m", "9s", ["chi:123s"], tsumo=False, seat_wind="S",
    ...                round_wind="E", dora_indicators="6s")
    >>> r.han, r.fu, r.points, r.fu_details
    (2, 30, 2000, [('base', 20), ('open pinfu', 2)])
    """
    hand = read_hand(
        concealed,
        win_tile,
        melds,
        tsumo=tsumo,
        seat_wind=seat_wind,
        round_wind=round_wind,
        dora_indicators=dora_indicators,
        ura_indicators=ura_indicators,
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=ippatsu,
        rinshan=rinshan,
        chankan=chankan,
        haitei=haitei,
        houtei=houtei,
        tenhou=tenhou,
        chiihou=chiihou,
        renhou=renhou,
        honba=honba,
        riichi_sticks=riichi_sticks,
        rules=_rules(rules),
    )
    return score_winning_hand(hand)


def score_winning_hand(h: WinningHand) -> HandResult:
    """Score an already validated :class:`~riichi.scoring.hand.WinningHand`."""
    all_readings = readings(h)
    if not all_readings:
        raise NotAWinError(
            f"{format_counts(np.frombuffer(h.closed, np.uint8))!r} with melds "
            f"{[str(m) for m in h.melds]!r} is not a complete hand (four sets and a pair, seven "
            "pairs or thirteen orphans)"
        )
    first = all_readings[0]
    closed = h.is_closed
    hand_yaku = [
        (y.key, HAN[y][0] if closed else HAN[y][1]) for y, holds in HAND_YAKU if holds(h, first)
    ]
    hand_yaku = [(name, han) for name, han in hand_yaku if han]
    hand_yakuman = [y for y, holds in HAND_YAKUMAN if holds(h, first)]
    renhou = h.rules.renhou if h.renhou else Renhou.NONE

    best: _Candidate | None = None
    for r in all_readings:
        for candidate in _candidates(h, r, hand_yaku, hand_yakuman, renhou):
            if best is None or candidate[:3] > best[:3]:
                best = candidate
    if best is None:
        raise NoYakuError(
            f"{format_counts(np.frombuffer(h.closed, np.uint8))!r} with melds "
            f"{[str(m) for m in h.melds]!r} is complete but has no yaku (dora are not yaku)"
            + _shibari_note(h)
        )
    return _result(h, best)


def _shibari_note(h: WinningHand) -> str:
    limit = h.rules.ryanhan_shibari
    if limit is not None and h.honba >= limit:
        return f"; with {h.honba} counters the rules need two han of yaku"
    return ""


def _candidates(
    h: WinningHand,
    r: Reading,
    hand_yaku: list[tuple[str, int]],
    hand_yakuman: list[Yaku],
    renhou: Renhou,
) -> list[_Candidate]:
    rules = h.rules
    pinfu = r.shape is Shape.STANDARD and is_pinfu(h, r)
    fu = sum(item[2] for item in fu_items(h, r, pinfu))
    fu = fu if r.shape is Shape.CHIITOITSU else round_fu(fu)

    yakuman = hand_yakuman + [y for y, holds in READING_YAKUMAN if holds(h, r)]
    if yakuman or renhou is Renhou.YAKUMAN:
        named = [_yakuman_entry(y, rules) for y in yakuman]
        if renhou is Renhou.YAKUMAN:
            named.append((Yaku.RENHOU.key, 13))
        if not rules.yakuman_stacking:
            named = [max(named, key=lambda entry: entry[1])]
        han = sum(n for _, n in named)
        basic, limit = basic_points(han, fu, han // 13, rules)
        points = hand_points(basic, is_dealer=h.is_dealer, tsumo=h.tsumo)
        return [_Candidate(points, han, fu, basic, limit, named, han // 13, r, pinfu, False)]

    yaku = list(hand_yaku)
    if r.shape is Shape.CHIITOITSU:
        yaku.append((Yaku.CHIITOITSU.key, 2))
    else:
        closed = h.is_closed
        for y, holds in READING_YAKU:
            han = HAN[y][0] if closed else HAN[y][1]
            if han and holds(h, r):
                yaku.append((y.key, han))
    if renhou is Renhou.MANGAN_CUMULATIVE:
        yaku.append((Yaku.RENHOU.key, _RENHOU_HAN))
    out: list[_Candidate] = []
    yaku_han = sum(n for _, n in yaku)
    shibari = rules.ryanhan_shibari
    if yaku_han and not (shibari is not None and h.honba >= shibari and yaku_han < 2):
        han = yaku_han + h.dora + (h.aka if rules.red_fives else 0) + h.ura_dora
        basic, limit = basic_points(han, fu, 0, rules)
        points = hand_points(basic, is_dealer=h.is_dealer, tsumo=h.tsumo)
        out.append(_Candidate(points, han, fu, basic, limit, yaku, 0, r, pinfu, True))
    if renhou is Renhou.MANGAN_STANDALONE:
        # Renhou is a mangan on its own, with no other yaku or dora; the hand keeps the better.
        basic, limit = basic_points(_RENHOU_HAN, fu, 0, rules)
        points = hand_points(basic, is_dealer=h.is_dealer, tsumo=h.tsumo)
        renhou_only = [(Yaku.RENHOU.key, _RENHOU_HAN)]
        out.append(_Candidate(points, _RENHOU_HAN, fu, basic, limit, renhou_only, 0, r, pinfu, False))
    return out


def _yakuman_entry(y: Yaku, rules: RuleSet) -> tuple[str, int]:
    if y.key in rules.double_yakuman:
        return y.key, 26
    return BASE_FORM.get(y, y).key, 13


def _result(h: WinningHand, best: _Candidate) -> HandResult:
    rules = h.rules
    yaku = dict(best.yaku)
    dora = aka = ura = 0
    if best.counts_dora:
        dora, ura = h.dora, h.ura_dora
        aka = h.aka if rules.red_fives else 0
        for name, count in (("dora", dora), ("aka_dora", aka), ("ura_dora", ura)):
            if count:
                yaku[name] = count
    r = best.reading
    return HandResult(
        han=best.han,
        fu=best.fu,
        points=best.points,
        yaku=yaku,
        limit=best.limit,
        fu_details=describe(fu_items(h, r, best.pinfu)),
        payments=payments(
            best.basic,
            is_dealer=h.is_dealer,
            tsumo=h.tsumo,
            honba=h.honba,
            riichi_sticks=h.riichi_sticks,
            rules=rules,
        ),
        basic_points=best.basic,
        yakuman=best.yakuman,
        dora=dora,
        aka_dora=aka,
        ura_dora=ura,
        tsumo=h.tsumo,
        is_dealer=h.is_dealer,
        riichi=h.riichi,
        wait=r.wait.name.lower(),
        reading=_describe_reading(h, r),
    )


# Notation of every possible set, computed once: formatting per hand would cost more than scoring.
_RUN_NAMES = tuple(format_types([t, t + 1, t + 2]) if t < 27 and t % 9 < 7 else "" for t in range(34))
_SAME_NAMES = {n: tuple(format_types([t] * n) for t in range(34)) for n in (2, 3, 4)}


def _describe_reading(h: WinningHand, r: Reading) -> str:
    if r.shape is Shape.KOKUSHI:
        return format_counts(np.frombuffer(h.closed, np.uint8))
    pairs = _SAME_NAMES[2]
    if r.shape is Shape.CHIITOITSU:
        return " ".join(pairs[t] for t in range(34) if h.closed[t])
    sets = [_RUN_NAMES[t] for t in r.runs]
    sets += [_SAME_NAMES[4 if kan else 3][t] for t, _, kan in r.triplets]
    sets.append(pairs[r.pair])
    return " ".join(sets)
