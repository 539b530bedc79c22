"""Differential test: 100,000 generated winning hands scored by us and by the `mahjong` package
(2.1.0, test-only dependency) under matching options; every disagreement must be one of the
documented rule differences below, each with its reason, and they are counted.

Set RIICHI_DIFF_HANDS to run fewer hands while developing (the default is the issue's 100,000).
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("mahjong")

from mahjong.constants import EAST, NORTH, SOUTH, WEST  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules  # noqa: E402
from mahjong.meld import Meld as MjMeld  # noqa: E402

from riichi.errors import NoYakuError, NotAWinError  # noqa: E402
from riichi.meld import MeldKind  # noqa: E402
from riichi.rules import DOUBLE_YAKUMAN_FORMS, KazoeLimit, Renhou, RuleSet  # noqa: E402
from riichi.scoring import HandResult, score_hand  # noqa: E402
from tests.support.winning_hands import GeneratedHand, random_hand  # noqa: E402

HANDS = int(os.environ.get("RIICHI_DIFF_HANDS", "100000"))
SEED = 20240601

_WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
_MELD_TYPES = {
    MeldKind.CHI: (MjMeld.CHI, True),
    MeldKind.PON: (MjMeld.PON, True),
    MeldKind.KAN: (MjMeld.KAN, True),
    MeldKind.KAKAN: (MjMeld.SHOUMINKAN, True),
    MeldKind.ANKAN: (MjMeld.KAN, False),
}
_NAMES = {
    "Menzen Tsumo": "menzen_tsumo", "Riichi": "riichi", "Double Riichi": "double_riichi",
    "Ippatsu": "ippatsu", "Chankan": "chankan", "Rinshan Kaihou": "rinshan",
    "Haitei Raoyue": "haitei", "Houtei Raoyui": "houtei", "Pinfu": "pinfu", "Tanyao": "tanyao",
    "Iipeiko": "iipeikou", "Yakuhai (haku)": "haku", "Yakuhai (hatsu)": "hatsu",
    "Yakuhai (chun)": "chun", "Chiitoitsu": "chiitoitsu", "Chantai": "chanta", "Ittsu": "ittsu",
    "Sanshoku Doujun": "sanshoku_doujun", "Sanshoku Doukou": "sanshoku_doukou",
    "Toitoi": "toitoi", "San Ankou": "sanankou", "San Kantsu": "sankantsu",
    "Shou Sangen": "shousangen", "Honroutou": "honroutou", "Honitsu": "honitsu",
    "Junchan": "junchan", "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu", "Dora": "dora",
    "Aka Dora": "aka_dora", "Ura Dora": "ura_dora", "Renhou": "renhou",
    "Kokushi Musou": "kokushi", "Kokushi Musou Juusanmen Matchi": "kokushi_13",
    "Chuuren Poutou": "chuuren", "Daburu Chuuren Poutou": "chuuren_9", "Suu Ankou": "suuankou",
    "Suu Ankou Tanki": "suuankou_tanki", "Daisangen": "daisangen", "Shousuushii": "shousuushii",
    "Dai Suushii": "daisuushii", "Tsuu Iisou": "tsuuiisou", "Ryuuiisou": "ryuuiisou",
    "Chinroutou": "chinroutou", "Suu Kantsu": "suukantsu", "Tenhou": "tenhou",
    "Chiihou": "chiihou", "Renhou (yakuman)": "renhou",
    **{f"Yakuhai (seat wind {w})": "seat_wind" for w in ("east", "south", "west", "north")},
    **{f"Yakuhai (round wind {w})": "round_wind" for w in ("east", "south", "west", "north")},
}
_SINGLE_FORM = {"kokushi_13": "kokushi", "chuuren_9": "chuuren", "suuankou_tanki": "suuankou"}


@dataclasses.dataclass(frozen=True)
class Profile:
    """One set of `mahjong` options and the RuleSet that means the same."""

    options: dict[str, Any]
    rules: RuleSet


_TENHOU = RuleSet.preset("tenhou")
PROFILES = (
    Profile(
        dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False,
             kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False, renhou_as_yakuman=True),
        dataclasses.replace(_TENHOU, name="diff-a", renhou=Renhou.YAKUMAN),
    ),
    Profile(
        dict(has_open_tanyao=False, has_aka_dora=True, has_double_yakuman=True,
             kazoe_limit=HandConstants.KAZOE_SANBAIMAN, kiriage=True, renhou_as_yakuman=True),
        dataclasses.replace(
            RuleSet.preset("ema"), name="diff-b", double_yakuman=DOUBLE_YAKUMAN_FORMS,
            yakuman_stacking=True, kazoe_limit=KazoeLimit.SANBAIMAN, kiriage=True,
        ),
    ),
    Profile(
        dict(has_open_tanyao=True, has_aka_dora=False, has_double_yakuman=False,
             kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False, renhou_as_yakuman=False),
        dataclasses.replace(
            _TENHOU, name="diff-c", red_fives=False, renhou=Renhou.MANGAN_CUMULATIVE,
        ),
    ),
)

Outcome = tuple[str, int, int, int, int, dict[str, int]]
"""(error or "", han, fu, points, total with counters and sticks, yaku)."""


def ours(hand: GeneratedHand, profile: Profile) -> Outcome:
    try:
        r: HandResult = score_hand(**hand.kwargs(), rules=profile.rules)
    except NoYakuError:
        return ("no_yaku", 0, 0, 0, 0, {})
    except NotAWinError:
        return ("not_a_win", 0, 0, 0, 0, {})
    return ("", r.han, r.fu, r.points, r.payments.total, dict(r.yaku))


def theirs(hand: GeneratedHand, profile: Profile) -> Outcome:
    melds = []
    tiles = list(hand.concealed) + [hand.win_tile]
    for m in hand.melds:
        kind, opened = _MELD_TYPES[m.kind]
        melds.append(MjMeld(meld_type=kind, tiles=list(m.tiles), opened=opened))
        tiles += list(m.tiles)
    flags = hand.flags
    config = HandConfig(
        is_tsumo=hand.tsumo, is_riichi=flags["riichi"], is_ippatsu=flags["ippatsu"],
        is_rinshan=flags["rinshan"], is_chankan=flags["chankan"], is_haitei=flags["haitei"],
        is_houtei=flags["houtei"], is_daburu_riichi=flags["double_riichi"],
        is_tenhou=flags["tenhou"], is_renhou=flags["renhou"], is_chiihou=flags["chiihou"],
        player_wind=_WINDS[hand.seat_wind], round_wind=_WINDS[hand.round_wind],
        tsumi_number=hand.honba, kyoutaku_number=hand.riichi_sticks,
        options=OptionalRules(**profile.options),
    )
    response = HandCalculator.estimate_hand_value(
        tiles, hand.win_tile, melds=melds, dora_indicators=list(hand.dora_indicators),
        config=config, ura_dora_indicators=list(hand.ura_indicators),
    )
    if response.error:
        error = {"no_yaku": "no_yaku", "hand_not_winning": "not_a_win"}.get(response.error, response.error)
        return (error, 0, 0, 0, 0, {})
    yaku: dict[str, int] = {}
    for y in response.yaku:
        name = _NAMES[y.name]
        han = y.han_open if response.is_open_hand else y.han_closed
        if han == 13 and name in _SINGLE_FORM:
            name = _SINGLE_FORM[name]
        yaku[name] = yaku.get(name, 0) + han
    cost = response.cost
    points = cost["total"] - cost["kyoutaku_bonus"] - _honba_total(hand, cost)
    return ("", response.han, response.fu, points, cost["total"], yaku)


def _honba_total(hand: GeneratedHand, cost: Any) -> int:
    if not hand.tsumo:
        return int(cost["main_bonus"])
    payers_of_additional = 3 if hand.seat_wind == "E" else 2
    dealer_bonus = 0 if hand.seat_wind == "E" else cost["main_bonus"]
    return int(dealer_bonus + cost["additional_bonus"] * payers_of_additional)


# ---- documented differences ---------------------------------------------------------------------
# Each: a name, the reason, and a predicate (hand, ours, theirs) -> bool that recognises it; the
# test counts how often each occurs. Under the three profiles above none has occurred in 100,000
# hands, so the tuple is empty. Rule differences the profiles avoid by construction (not generated
# or not configured), for the record:
# - `mahjong` rejects haitei together with rinshan, and houtei together with chankan; we score
#   haitei + rinshan per RuleSet.haitei_rinshan_combine. The generator never sets both.
# - `mahjong` makes all four double-yakuman forms double or none; our `ema` doubles only Big Four
#   Winds and does not stack yakuman: profile B uses all four forms with stacking instead.
# - `mahjong` has no stand-alone renhou mangan (EMA 2016) and no 2-fu double-wind pair (M.League);
#   those presets are covered by the named tests of RULES.md instead.

Difference = tuple[str, str, Callable[[GeneratedHand, Outcome, Outcome], bool]]

DIFFERENCES: tuple[Difference, ...] = ()


def test_differential_against_mahjong() -> None:
    rng = random.Random(SEED)
    counts: Counter[str] = Counter()
    undocumented: list[tuple[GeneratedHand, str, Outcome, Outcome]] = []
    for index in range(HANDS):
        hand = random_hand(rng)
        profile = PROFILES[index % len(PROFILES)]
        a, b = ours(hand, profile), theirs(hand, profile)
        counts["hands"] += 1
        counts[a[0] or "scored"] += 1
        if a == b:
            continue
        for name, _reason, matches in DIFFERENCES:
            if matches(hand, a, b):
                counts[name] += 1
                break
        else:
            undocumented.append((hand, profile.rules.name, a, b))
    print(dict(counts))
    assert counts["scored"] > HANDS // 2
    assert undocumented == [], f"{len(undocumented)} undocumented, first: {undocumented[:3]}"
