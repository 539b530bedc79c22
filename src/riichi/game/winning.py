"""Wins at the table: asking the scorer what a hand is worth in the table's situation.

The scorer (:func:`riichi.scoring.score_hand`) values the hand, the two-han minimum with counters
and the ura dora that count included, and :func:`riichi.scoring.settle_each` pays it out; the table
applies both as they are.

>>> from riichi.rules import RuleSet
>>> r = score_win(RuleSet.preset("ema"), [0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 110, 124], 125,
...              (), Situation(tsumo=False, seat_wind=1, round_wind=0, dora_indicators=(130,)))
>>> r.points, r.yaku
(8000, {'round_wind': 1, 'sanshoku_doujun': 2, 'chanta': 2})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from riichi.errors import NoYakuError
from riichi.meld import Meld
from riichi.rules import RuleSet
from riichi.scoring import HandResult, score_hand
from riichi.tiles import WIND_LETTERS

__all__ = ["Situation", "score_win"]


@dataclass(frozen=True, slots=True)
class Situation:
    """The circumstances of a win besides the tiles (flags as :func:`score_hand` names them)."""

    tsumo: bool
    seat_wind: int
    round_wind: int
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...] = ()
    """Every ura dora indicator revealed; the scorer counts those the winner is owed."""
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
    kita: int = 0
    """Norths the winner has set aside (three players)."""


def score_win(
    rules: RuleSet,
    concealed: Sequence[int],
    win_tile: int,
    melds: Sequence[Meld],
    situation: Situation,
    honba: int = 0,
) -> HandResult | None:
    """The hand's value with ``honba`` counters and no sticks, or ``None`` when it may not win: no
    yaku, or fewer than two han of yaku from ``RuleSet.ryanhan_shibari`` counters on."""
    s = situation
    try:
        result = score_hand(
            list(concealed),
            win_tile,
            tuple(melds),
            tsumo=s.tsumo,
            seat_wind=WIND_LETTERS[s.seat_wind],
            round_wind=WIND_LETTERS[s.round_wind],
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
            honba=honba,
            kita=s.kita,
            rules=rules,
        )
    except NoYakuError:
        return None
    return result
