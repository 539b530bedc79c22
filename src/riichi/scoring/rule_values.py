"""How a :class:`~riichi.rules.RuleSet` becomes the scoring kernel's :class:`RuleTable`.

The kernel (:mod:`riichi.scoring._kernel`) finds the features of each reading of a hand — "all
simples", "three concealed triplets", "a nine-sided wait" — named like the yaku they make. What
each is worth under a rule set, and every other value the kernel reads off the rules, is said
here: :data:`RULE_FIELDS` maps each of the table's fields to how it is read, so a new scoring rule
is one ``RuleSet`` field, one entry here and the one place in the kernel that uses it.

>>> from riichi.rules import RuleSet
>>> RULE_FIELDS["shibari"](RuleSet.preset("ema")), feature_han(RuleSet(kuitan=False), "tanyao")
(-1, (1, 0))
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Final

from riichi.rules import KazoeLimit, RuleSet, TsumoPayment
from riichi.scoring.yaku import BASE_FORM, HAN, RENHOU_HAN, Yaku

__all__ = [
    "RENHOU_MODES", "RULE_FIELDS", "TSUMO_PAYMENTS", "dora_of_each", "feature_han",
    "tsumo_counter", "yakuman_value",
]

RENHOU_MODES: Final = ("none", "mangan_standalone", "mangan_cumulative", "yakuman")
"""``RuleSet.renhou`` values in the order the kernel numbers them."""

TSUMO_PAYMENTS: Final = (
    TsumoPayment.SHARED, TsumoPayment.NORTH_BISECTION, TsumoPayment.ABSENT_TOO, TsumoPayment.AS_RON
)
"""``RuleSet.tsumo_payment`` values in the order the kernel numbers them."""


def tsumo_counter(rules: RuleSet) -> int:
    """What each payer of a tsumo pays per counter (honba): as on a ron where the opponent pays
    a tsumo as a ron, for the two empty seats too where the opponent pays their shares.

    >>> [tsumo_counter(RuleSet.preset(name)) for name in ("ema", "2p", "2p-match")]
    [100, 300, 300]
    """
    mode = rules.tsumo_payment
    if mode is TsumoPayment.AS_RON:
        return rules.honba_ron
    if mode is TsumoPayment.ABSENT_TOO:
        return rules.honba_tsumo * 3
    return rules.honba_tsumo

RULE_FIELDS: Final[dict[str, Callable[[RuleSet], int]]] = {
    "renhou": lambda r: RENHOU_MODES.index(str(r.renhou)),
    "shibari": lambda r: -1 if r.ryanhan_shibari is None else r.ryanhan_shibari,
    "double_wind_fu": attrgetter("double_wind_pair_fu"),
    "honba_ron": attrgetter("honba_ron"),
    "honba_tsumo": attrgetter("honba_tsumo"),
    "stacking": attrgetter("yakuman_stacking"),
    "kazoe_yakuman": lambda r: r.kazoe_limit is KazoeLimit.YAKUMAN,
    "kiriage": attrgetter("kiriage"),
    "open_pinfu_fu": lambda r: r.open_pinfu_fu == 30,
    "rinshan_tsumo_fu": attrgetter("rinshan_tsumo_fu"),
    "haitei_on_rinshan": attrgetter("haitei_rinshan_combine"),
    "red_fives": attrgetter("red_fives"),
    "ura_dora": attrgetter("ura_dora"),
    "kan_ura": attrgetter("kan_ura"),
    "players": attrgetter("players"),
    "winds": attrgetter("winds"),
    "tsumo_payment": lambda r: TSUMO_PAYMENTS.index(r.tsumo_payment),
    "tsumo_counter": tsumo_counter,
    "kita": attrgetter("kita"),
}
"""Each scalar field of the kernel's rule table -> how it is read off a RuleSet."""


def dora_of_each(rules: RuleSet) -> tuple[int, ...]:
    """The dora tile type each indicator's tile type shows (:meth:`RuleSet.dora_of`): the next
    tile of its suit (three players: 1m shows 9m), or the indicator itself where
    ``dora_is_indicator``. Worked out once for each of the few rule sets that differ in it (a
    table is made for every game's own copy of its rules).

    >>> dora_of_each(RuleSet())[:2], dora_of_each(RuleSet.preset("tenhou-3p"))[:2]
    ((1, 2), (8, 2))
    """
    key = (rules.dora_is_indicator, rules.players)  # what RuleSet.dora_of reads
    shown = _DORA_OF.get(key)
    if shown is None:
        shown = _DORA_OF[key] = tuple(rules.dora_of(t) for t in range(34))
    return shown


_DORA_OF: dict[tuple[bool, int], tuple[int, ...]] = {}


def feature_han(rules: RuleSet, name: str) -> tuple[int, int]:
    """(han closed, han open) of the ordinary yaku feature ``name``; 0 where it is no yaku."""
    yaku = Yaku[name.upper()]
    if yaku is Yaku.RENHOU:
        # Counted as a yaku only where it is cumulative; the kernel reads the standalone value.
        return RENHOU_HAN, RENHOU_HAN
    closed, opened = HAN.get(yaku, (0, 0))
    if yaku is Yaku.TANYAO and not rules.kuitan:
        opened = 0
    return closed, opened


def yakuman_value(rules: RuleSet, name: str) -> tuple[int, str]:
    """(han, name reported) of the yakuman feature ``name``: 26 under its own name where the rules
    count it double, else 13 under its base form's name."""
    yaku = Yaku[name.upper()]
    if name in rules.double_yakuman and yaku is not Yaku.RENHOU:
        return 26, name
    return 13, BASE_FORM.get(yaku, yaku).key
