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

from riichi._frozen import Frozen, dataclass_fields
from riichi.errors import NoYakuError
from riichi.meld import Meld
from riichi.rules import RuleSet
from riichi.scoring import HandResult, score_hand
from riichi.tiles import WIND_LETTERS

__all__ = ["Situation", "score_win"]


class Situation(Frozen):
    """The circumstances of a win besides the tiles (flags as :func:`score_hand` names them):
    ``ura_indicators`` every ura dora indicator revealed (the scorer counts those the winner is
    owed), ``kita`` the Norths the winner has set aside (three players).

    >>> Situation(tsumo=True, seat_wind=0, round_wind=0, dora_indicators=(5,)).haitei
    False
    """

    # a value type on Frozen, made at every win the table asks about: a dataclass's __init__ runs
    # as Python, some 30,000 instructions for these sixteen fields
    __slots__ = _fields = __match_args__ = (
        "tsumo", "seat_wind", "round_wind", "dora_indicators", "ura_indicators", "riichi",
        "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou",
        "renhou", "kita",
    )
    __dataclass_fields__ = dataclass_fields(
        __slots__, "bool", "int", "int", "tuple[int, ...]", "tuple[int, ...]", *["bool"] * 10, "int",
        ura_indicators=(), riichi=False, double_riichi=False, ippatsu=False, rinshan=False,
        chankan=False, haitei=False, houtei=False, tenhou=False, chiihou=False, renhou=False,
        kita=0,
    )

    def __init__(
        self,
        tsumo: bool,
        seat_wind: int,
        round_wind: int,
        dora_indicators: tuple[int, ...],
        ura_indicators: tuple[int, ...] = (),
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
        kita: int = 0,
    ) -> None:
        self._seal()
        self.tsumo = tsumo
        self.seat_wind = seat_wind
        self.round_wind = round_wind
        self.dora_indicators = dora_indicators
        self.ura_indicators = ura_indicators
        self.riichi = riichi
        self.double_riichi = double_riichi
        self.ippatsu = ippatsu
        self.rinshan = rinshan
        self.chankan = chankan
        self.haitei = haitei
        self.houtei = houtei
        self.tenhou = tenhou
        self.chiihou = chiihou
        self.renhou = renhou
        self.kita = kita


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
