"""Wins at the table: asking the scorer what a hand is worth, and who pays whom.

The scorer (:func:`riichi.scoring.score_hand`) values the hand alone and
:func:`riichi.scoring.settle` pays it out; this module gives them the table's situation and splits
the payment of several ron winners per winner, as game records show it.

>>> from riichi.rules import RuleSet
>>> r = evaluate(RuleSet.preset("ema"), [0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 110, 124], 125,
...              (), Situation(tsumo=False, seat_wind=1, round_wind=0, dora_indicators=(130,)))
>>> r.points, r.yaku
(8000, {'round_wind': 1, 'sanshoku_doujun': 2, 'chanta': 2})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from riichi.errors import NoYakuError
from riichi.meld import Meld
from riichi.rules import MultiRonSticks, RuleSet
from riichi.scoring import HandResult, Win, score_hand, settle

__all__ = ["Situation", "evaluate", "win_deltas"]

_WINDS = ("E", "S", "W", "N")


@dataclass(frozen=True, slots=True)
class Situation:
    """The circumstances of a win besides the tiles (flags as :func:`score_hand` names them)."""

    tsumo: bool
    seat_wind: int
    round_wind: int
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...] = ()
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False


_NOT_YAKU = frozenset({"dora", "aka_dora", "ura_dora"})


def evaluate(
    rules: RuleSet,
    concealed: Sequence[int],
    win_tile: int,
    melds: Sequence[Meld],
    situation: Situation,
    honba: int = 0,
) -> HandResult | None:
    """The hand's value without counters and sticks, or ``None`` when it may not win: no yaku,
    or fewer than two han of yaku from ``RuleSet.ryanhan_shibari`` counters on."""
    s = situation
    try:
        result = score_hand(
            list(concealed),
            win_tile,
            tuple(melds),
            tsumo=s.tsumo,
            seat_wind=_WINDS[s.seat_wind],
            round_wind=_WINDS[s.round_wind],
            dora_indicators=list(s.dora_indicators),
            ura_indicators=list(s.ura_indicators),
            riichi=s.riichi or s.double_riichi,
            double_riichi=s.double_riichi,
            ippatsu=s.ippatsu,
            rinshan=s.rinshan,
            chankan=s.chankan,
            haitei=s.haitei,
            houtei=s.houtei,
            tenhou=s.tenhou,
            chiihou=s.chiihou,
            renhou=s.renhou,
            rules=rules,
        )
    except NoYakuError:
        return None
    minimum = rules.ryanhan_shibari
    if minimum is not None and honba >= minimum and not result.yakuman:
        if sum(han for name, han in result.yaku.items() if name not in _NOT_YAKU) < 2:
            return None
    return result


def win_deltas(
    rules: RuleSet,
    wins: Sequence[Win],
    discarder: int | None,
    dealer: int,
    honba: int,
    sticks: int,
) -> list[tuple[int, ...]]:
    """Point changes of every seat, one tuple per winner: one tsumo (``discarder`` is ``None``)
    or ron winners listed in turn order from the discarder; counters and the ``sticks`` on the
    table go as the rules say (their sum is :func:`riichi.scoring.settle` of all the wins).

    >>> r = RuleSet.preset("ema")
    >>> hand = score_hand("234567m2345p678s", "5p", tsumo=True, seat_wind="S", round_wind="E",
    ...                   riichi=True)
    >>> win_deltas(r, [Win(1, hand)], discarder=None, dealer=0, honba=2, sticks=1)
    [(-2200, 5600, -1200, -1200)]
    """
    share_all = len(wins) > 1 and rules.multi_ron_sticks is MultiRonSticks.ALL
    others_own = sum(1 for w in wins[1:] if w.result.riichi) if share_all else 0
    out: list[tuple[int, ...]] = []
    for k, w in enumerate(wins):
        counters = honba if k == 0 or rules.multi_ron_honba is MultiRonSticks.ALL else 0
        if k == 0:
            own_sticks = sticks - others_own
        else:
            own_sticks = 1 if share_all and w.result.riichi else 0
        out.append(
            settle(
                [w], dealer=dealer, discarder=discarder, honba=counters,
                riichi_sticks=own_sticks, rules=rules,
            )
        )
    return out
