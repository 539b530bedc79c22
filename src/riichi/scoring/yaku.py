"""Yaku: an :class:`~enum.IntEnum` and what each is worth.

Whether a hand has a yaku is a feature the scoring kernel (:mod:`riichi.scoring._features`)
extracts from each reading of the hand; what the feature is worth under a
:class:`~riichi.rules.RuleSet` is decided here and in :mod:`riichi.scoring.rule_values`.

>>> Yaku.SANSHOKU_DOUJUN.name.lower()
'sanshoku_doujun'
>>> HAN[Yaku.HONITSU]
(3, 2)
"""

from __future__ import annotations

import enum
from typing import Final

__all__ = ["BASE_FORM", "HAN", "RENHOU_HAN", "Yaku"]


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
    Yaku.TANYAO: (1, 1),
    Yaku.HAKU: (1, 1),
    Yaku.HATSU: (1, 1),
    Yaku.CHUN: (1, 1),
    Yaku.SEAT_WIND: (1, 1),
    Yaku.ROUND_WIND: (1, 1),
    Yaku.HAITEI: (1, 1),
    Yaku.HOUTEI: (1, 1),
    Yaku.RINSHAN: (1, 1),
    Yaku.CHANKAN: (1, 1),
    Yaku.SANKANTSU: (2, 2),
    Yaku.HONROUTOU: (2, 2),
    Yaku.SHOUSANGEN: (2, 2),
    Yaku.HONITSU: (3, 2),
    Yaku.CHINITSU: (6, 5),
    Yaku.CHIITOITSU: (2, 0),
    Yaku.PINFU: (1, 0),
    Yaku.IIPEIKOU: (1, 0),
    Yaku.RYANPEIKOU: (3, 0),
    Yaku.SANSHOKU_DOUJUN: (2, 1),
    Yaku.ITTSU: (2, 1),
    Yaku.CHANTA: (2, 1),
    Yaku.JUNCHAN: (3, 2),
    Yaku.TOITOI: (2, 2),
    Yaku.SANANKOU: (2, 2),
    Yaku.SANSHOKU_DOUKOU: (2, 2),
}
"""(closed han, open han) of each ordinary yaku; 0 = closed hands only. Tanyao's open han applies
only where ``RuleSet.kuitan``; renhou's value comes from ``RuleSet.renhou``. In the order a result
lists the yaku, which is the order of the scoring kernel's features (renhou last): a test checks
that this table, :class:`Yaku` and the kernel's feature lists agree."""

BASE_FORM: Final[dict[Yaku, Yaku]] = {
    Yaku.KOKUSHI_13: Yaku.KOKUSHI,
    Yaku.CHUUREN_9: Yaku.CHUUREN,
    Yaku.SUUANKOU_TANKI: Yaku.SUUANKOU,
}
"""A yakuman form that only some rules count double, and the name it goes by where it is single."""

RENHOU_HAN: Final = 5
"""Han of renhou where the rules make it a mangan (``Renhou.MANGAN_*``)."""
