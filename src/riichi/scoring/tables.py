"""A :class:`~riichi.rules.RuleSet` compiled into the lookup tables of the scoring kernel.

The kernel (:mod:`riichi._scoring`) finds the features of each reading of a hand — "all simples",
"three concealed triplets", "a nine-sided wait" — named like the yaku they make. Which of them are
yaku under a rule set, for how many han closed and open, which yakuman count double and how fu,
limits and counters go is decided here, once per rule set.

>>> table = compile_rules("ema")
>>> table.rules.name
'ema'
"""

from __future__ import annotations

from riichi._scoring import ORDINARY, YAKUMAN, RuleTable
from riichi.rules import KazoeLimit, RuleSet
from riichi.scoring.yaku import BASE_FORM, HAN, RENHOU_HAN, Yaku

__all__ = ["compile_rules"]


def compile_rules(rules: RuleSet | str) -> RuleTable:
    """The table of ``rules`` (a :class:`~riichi.rules.RuleSet` or a preset name).

    Scoring compiles each rule set once (:func:`riichi._scoring.table_for` keeps the tables).
    Raises :class:`~riichi.rules.UnknownPresetError` for an unknown preset name.
    """
    rules = RuleSet.coerce(rules)
    han_closed, han_open = [], []
    for name in ORDINARY:
        yaku = Yaku[name.upper()]
        closed, opened = HAN.get(yaku, (0, 0))
        if yaku is Yaku.TANYAO and not rules.kuitan:
            opened = 0
        if yaku is Yaku.RENHOU:
            # Counted as a yaku only where it is cumulative; the kernel reads the standalone value.
            closed = opened = RENHOU_HAN
        han_closed.append(closed)
        han_open.append(opened)
    yakuman_han, yakuman_names = [], []
    for name in YAKUMAN:
        yaku = Yaku[name.upper()]
        double = name in rules.double_yakuman and yaku is not Yaku.RENHOU
        yakuman_han.append(26 if double else 13)
        yakuman_names.append(name if double else BASE_FORM.get(yaku, yaku).key)
    return RuleTable(
        rules,
        han_closed,
        han_open,
        yakuman_han,
        yakuman_names,
        renhou=str(rules.renhou),
        ryanhan_shibari=rules.ryanhan_shibari,
        double_wind_pair_fu=rules.double_wind_pair_fu,
        honba_ron=rules.honba_ron,
        honba_tsumo=rules.honba_tsumo,
        yakuman_stacking=rules.yakuman_stacking,
        kazoe_yakuman=rules.kazoe_limit is KazoeLimit.YAKUMAN,
        kiriage=rules.kiriage,
        open_pinfu_fu=rules.open_pinfu_fu == 30,
        rinshan_tsumo_fu=rules.rinshan_tsumo_fu,
        haitei_rinshan_combine=rules.haitei_rinshan_combine,
        red_fives=rules.red_fives,
        ura_dora=rules.ura_dora,
        kan_ura=rules.kan_ura,
    )

