"""Yaku: an :class:`~enum.IntEnum` plus tables of predicates that share one signature.

Every predicate is ``(hand, reading) -> bool``. Those in the ``HAND_`` tables depend on the hand
alone (its tiles, melds and the situation of the win) and are evaluated once per hand; those in the
``READING_`` tables depend on how the hand is read and are evaluated per reading. A rule variant is
read from ``hand.rules`` inside the predicate that it affects.

>>> Yaku.SANSHOKU_DOUJUN.name.lower()
'sanshoku_doujun'
>>> HAN[Yaku.HONITSU]
(3, 2)
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Final

from riichi.scoring.hand import WinningHand
from riichi.scoring.reading import Reading, Wait
from riichi.scoring.tiles34 import (
    DRAGONS,
    GREEN_MASK,
    HONOR_MASK,
    SUIT_MASKS,
    TERMINAL_MASK,
    TERMINAL_OR_HONOR_MASK,
    WINDS,
)

__all__ = [
    "BASE_FORM",
    "HAN",
    "HAND_YAKU",
    "HAND_YAKUMAN",
    "READING_YAKU",
    "READING_YAKUMAN",
    "Predicate",
    "Yaku",
    "is_pinfu",
]


class Yaku(enum.IntEnum):
    """Every yaku; ``yaku.name.lower()`` is its name in :attr:`HandResult.yaku`."""

    RIICHI = 1
    DOUBLE_RIICHI = 2
    IPPATSU = 3
    MENZEN_TSUMO = 4
    PINFU = 5
    TANYAO = 6
    IIPEIKOU = 7
    HAKU = 8
    HATSU = 9
    CHUN = 10
    SEAT_WIND = 11
    ROUND_WIND = 12
    HAITEI = 13
    HOUTEI = 14
    RINSHAN = 15
    CHANKAN = 16
    CHIITOITSU = 17
    SANSHOKU_DOUJUN = 18
    ITTSU = 19
    CHANTA = 20
    TOITOI = 21
    SANANKOU = 22
    SANSHOKU_DOUKOU = 23
    SANKANTSU = 24
    HONROUTOU = 25
    SHOUSANGEN = 26
    HONITSU = 27
    JUNCHAN = 28
    RYANPEIKOU = 29
    CHINITSU = 30
    NAGASHI_MANGAN = 31
    RENHOU = 32
    KOKUSHI = 40
    KOKUSHI_13 = 41
    CHUUREN = 42
    CHUUREN_9 = 43
    SUUANKOU = 44
    SUUANKOU_TANKI = 45
    DAISANGEN = 46
    SHOUSUUSHII = 47
    DAISUUSHII = 48
    TSUUIISOU = 49
    RYUUIISOU = 50
    CHINROUTOU = 51
    SUUKANTSU = 52
    TENHOU = 53
    CHIIHOU = 54

    @property
    def key(self) -> str:
        """The name used in results and rule sets (``"kokushi_13"``)."""
        return self.name.lower()


HAN: Final[dict[Yaku, tuple[int, int]]] = {
    Yaku.RIICHI: (1, 0),
    Yaku.DOUBLE_RIICHI: (2, 0),
    Yaku.IPPATSU: (1, 0),
    Yaku.MENZEN_TSUMO: (1, 0),
    Yaku.PINFU: (1, 0),
    Yaku.TANYAO: (1, 1),
    Yaku.IIPEIKOU: (1, 0),
    Yaku.HAKU: (1, 1),
    Yaku.HATSU: (1, 1),
    Yaku.CHUN: (1, 1),
    Yaku.SEAT_WIND: (1, 1),
    Yaku.ROUND_WIND: (1, 1),
    Yaku.HAITEI: (1, 1),
    Yaku.HOUTEI: (1, 1),
    Yaku.RINSHAN: (1, 1),
    Yaku.CHANKAN: (1, 1),
    Yaku.CHIITOITSU: (2, 0),
    Yaku.SANSHOKU_DOUJUN: (2, 1),
    Yaku.ITTSU: (2, 1),
    Yaku.CHANTA: (2, 1),
    Yaku.TOITOI: (2, 2),
    Yaku.SANANKOU: (2, 2),
    Yaku.SANSHOKU_DOUKOU: (2, 2),
    Yaku.SANKANTSU: (2, 2),
    Yaku.HONROUTOU: (2, 2),
    Yaku.SHOUSANGEN: (2, 2),
    Yaku.HONITSU: (3, 2),
    Yaku.JUNCHAN: (3, 2),
    Yaku.RYANPEIKOU: (3, 0),
    Yaku.CHINITSU: (6, 5),
}
"""(closed han, open han) of each ordinary yaku; 0 = closed hands only. Tanyao's open han applies
only where ``RuleSet.kuitan``; renhou's value comes from ``RuleSet.renhou``."""

BASE_FORM: Final[dict[Yaku, Yaku]] = {
    Yaku.KOKUSHI_13: Yaku.KOKUSHI,
    Yaku.CHUUREN_9: Yaku.CHUUREN,
    Yaku.SUUANKOU_TANKI: Yaku.SUUANKOU,
}
"""A yakuman form that only some rules count double, and the name it goes by where it is single."""

Predicate = Callable[[WinningHand, Reading], bool]

_DRAGON_MASK: Final = sum(1 << t for t in DRAGONS)


def _one_suit(mask: int) -> bool:
    return sum(1 for s in SUIT_MASKS if mask & s) == 1


def _triplet_count(h: WinningHand, tiles: tuple[int, ...]) -> int:
    return sum(1 for t in tiles if h.counts[t] >= 3)


# ---- hand-level yaku ---------------------------------------------------------------------------


def _tanyao(h: WinningHand, r: Reading) -> bool:
    return not h.mask & TERMINAL_OR_HONOR_MASK and (h.is_closed or h.rules.kuitan)


def _haitei(h: WinningHand, r: Reading) -> bool:
    return h.haitei and (not h.rinshan or h.rules.haitei_rinshan_combine)


def _honroutou(h: WinningHand, r: Reading) -> bool:
    return (
        not h.mask & ~TERMINAL_OR_HONOR_MASK
        and bool(h.mask & HONOR_MASK)
        and bool(h.mask & TERMINAL_MASK)
    )


def _shousangen(h: WinningHand, r: Reading) -> bool:
    return _triplet_count(h, DRAGONS) == 2 and any(h.counts[t] == 2 for t in DRAGONS)


def _honitsu(h: WinningHand, r: Reading) -> bool:
    return bool(h.mask & HONOR_MASK) and _one_suit(h.mask)


def _chinitsu(h: WinningHand, r: Reading) -> bool:
    return not h.mask & HONOR_MASK and _one_suit(h.mask)


def _triplet_of(tile_of: Callable[[WinningHand], int]) -> Predicate:
    def predicate(h: WinningHand, r: Reading) -> bool:
        return h.counts[tile_of(h)] >= 3

    return predicate


HAND_YAKU: Final[tuple[tuple[Yaku, Predicate], ...]] = (
    (Yaku.RIICHI, lambda h, r: h.riichi and not h.double_riichi),
    (Yaku.DOUBLE_RIICHI, lambda h, r: h.double_riichi),
    (Yaku.IPPATSU, lambda h, r: h.ippatsu),
    (Yaku.MENZEN_TSUMO, lambda h, r: h.tsumo and h.is_closed),
    (Yaku.TANYAO, _tanyao),
    (Yaku.HAKU, _triplet_of(lambda h: 31)),
    (Yaku.HATSU, _triplet_of(lambda h: 32)),
    (Yaku.CHUN, _triplet_of(lambda h: 33)),
    (Yaku.SEAT_WIND, _triplet_of(lambda h: h.seat_wind)),
    (Yaku.ROUND_WIND, _triplet_of(lambda h: h.round_wind)),
    (Yaku.HAITEI, _haitei),
    (Yaku.HOUTEI, lambda h, r: h.houtei),
    (Yaku.RINSHAN, lambda h, r: h.rinshan),
    (Yaku.CHANKAN, lambda h, r: h.chankan),
    (Yaku.SANKANTSU, lambda h, r: h.kans == 3),
    (Yaku.HONROUTOU, _honroutou),
    (Yaku.SHOUSANGEN, _shousangen),
    (Yaku.HONITSU, _honitsu),
    (Yaku.CHINITSU, _chinitsu),
)
"""Ordinary yaku that depend on the hand alone (any shape)."""


# ---- reading-level yaku (standard shape) -------------------------------------------------------


def is_pinfu(h: WinningHand, r: Reading) -> bool:
    """Pinfu: closed, four runs, an open (two-sided) wait, a pair that scores no fu."""
    if not h.is_closed or r.triplets or r.wait is not Wait.RYANMEN:
        return False
    pair = r.pair
    return not (_DRAGON_MASK >> pair & 1 or pair == h.seat_wind or pair == h.round_wind)


def _identical_run_pairs(r: Reading) -> int:
    runs = r.runs
    if len(runs) < 2:
        return 0
    if len(runs) == 4 and runs[0] == runs[1] and runs[2] == runs[3]:
        return 2
    return 1 if len(set(runs)) < len(runs) else 0


def _iipeikou(h: WinningHand, r: Reading) -> bool:
    return h.is_closed and _identical_run_pairs(r) == 1


def _ryanpeikou(h: WinningHand, r: Reading) -> bool:
    return h.is_closed and _identical_run_pairs(r) == 2


def _sanshoku_doujun(h: WinningHand, r: Reading) -> bool:
    runs = r.runs
    return any(n + 9 in runs and n + 18 in runs for n in runs if n < 9)


def _ittsu(h: WinningHand, r: Reading) -> bool:
    runs = r.runs
    return any(s in runs and s + 3 in runs and s + 6 in runs for s in (0, 9, 18))


def _chanta(h: WinningHand, r: Reading) -> bool:
    return bool(r.runs) and bool(h.mask & HONOR_MASK) and r.all_sets_have(TERMINAL_OR_HONOR_MASK)


def _junchan(h: WinningHand, r: Reading) -> bool:
    return bool(r.runs) and not h.mask & HONOR_MASK and r.all_sets_have(TERMINAL_MASK)


def _sanshoku_doukou(h: WinningHand, r: Reading) -> bool:
    tiles = {t[0] for t in r.triplets}
    return any(n + 9 in tiles and n + 18 in tiles for n in tiles if n < 9)


READING_YAKU: Final[tuple[tuple[Yaku, Predicate], ...]] = (
    (Yaku.PINFU, is_pinfu),
    (Yaku.IIPEIKOU, _iipeikou),
    (Yaku.RYANPEIKOU, _ryanpeikou),
    (Yaku.SANSHOKU_DOUJUN, _sanshoku_doujun),
    (Yaku.ITTSU, _ittsu),
    (Yaku.CHANTA, _chanta),
    (Yaku.JUNCHAN, _junchan),
    (Yaku.TOITOI, lambda h, r: not r.runs),
    (Yaku.SANANKOU, lambda h, r: r.concealed_triplets == 3),
    (Yaku.SANSHOKU_DOUKOU, _sanshoku_doukou),
)
"""Ordinary yaku that depend on the reading of a four-sets-and-a-pair hand."""


# ---- yakuman ----------------------------------------------------------------------------------


def _chuuren_counts(h: WinningHand) -> list[int] | None:
    """The nine counts of the suit of a closed one-suit hand without melds, else None."""
    if h.melds or h.mask & HONOR_MASK or not _one_suit(h.mask):
        return None
    base = next(s for s, m in zip((0, 9, 18), SUIT_MASKS) if h.mask & m)
    return list(h.closed[base : base + 9])


_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _chuuren_any(h: WinningHand) -> tuple[bool, bool]:
    """(nine gates, on the nine-sided wait)."""
    c = _chuuren_counts(h)
    if c is None or any(n < need for n, need in zip(c, _NINE_GATES)):
        return False, False
    before = list(c)
    before[h.win % 9] -= 1
    return True, tuple(before) == _NINE_GATES


HAND_YAKUMAN: Final[tuple[tuple[Yaku, Predicate], ...]] = (
    (Yaku.CHUUREN, lambda h, r: _chuuren_any(h) == (True, False)),
    (Yaku.CHUUREN_9, lambda h, r: _chuuren_any(h)[1]),
    (Yaku.DAISANGEN, lambda h, r: _triplet_count(h, DRAGONS) == 3),
    (
        Yaku.SHOUSUUSHII,
        lambda h, r: _triplet_count(h, WINDS) == 3 and any(h.counts[t] == 2 for t in WINDS),
    ),
    (Yaku.DAISUUSHII, lambda h, r: _triplet_count(h, WINDS) == 4),
    (Yaku.TSUUIISOU, lambda h, r: not h.mask & ~HONOR_MASK),
    (Yaku.RYUUIISOU, lambda h, r: not h.mask & ~GREEN_MASK),
    (Yaku.CHINROUTOU, lambda h, r: not h.mask & ~TERMINAL_MASK),
    (Yaku.SUUKANTSU, lambda h, r: h.kans == 4),
    (Yaku.TENHOU, lambda h, r: h.tenhou),
    (Yaku.CHIIHOU, lambda h, r: h.chiihou),
)
"""Yakuman that depend on the hand alone. (Renhou's value comes from ``RuleSet.renhou``.)"""

READING_YAKUMAN: Final[tuple[tuple[Yaku, Predicate], ...]] = (
    (Yaku.KOKUSHI, lambda h, r: r.wait is Wait.KOKUSHI),
    (Yaku.KOKUSHI_13, lambda h, r: r.wait is Wait.KOKUSHI_13),
    (Yaku.SUUANKOU, lambda h, r: r.concealed_triplets == 4 and r.wait is not Wait.TANKI),
    (Yaku.SUUANKOU_TANKI, lambda h, r: r.concealed_triplets == 4 and r.wait is Wait.TANKI),
)
"""Yakuman that depend on the reading."""
