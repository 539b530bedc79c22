"""All 1,405 winning hands of real Tenhou games, scored under ``tenhou``: the same han, fu, points
and yaku as the Tenhou server, and the same point changes through ``settle``.

Data: tests/data/tenhou/agari.jsonl.gz (see the README there for its source and licences).
"""

from __future__ import annotations

from typing import Any

import pytest

from riichi.meld import Meld
from riichi.scoring import HandResult, Win, score_hand, settle
from tests.support.tenhou_agari import AGARI, MELD_KINDS

# Tenhou's yaku names -> ours (the per-wind yakuhai are one yaku each here).
TENHOU_NAMES = {
    "rinshan_kaihou": "rinshan",
    "haitei_raoyue": "haitei",
    "houtei_raoyui": "houtei",
    **{f"seat_wind_{w}": "seat_wind" for w in ("east", "south", "west", "north")},
    **{f"round_wind_{w}": "round_wind" for w in ("east", "south", "west", "north")},
}




def _score(agari: dict[str, Any]) -> HandResult:
    flags = agari["flags"]
    melds = [
        Meld(MELD_KINDS[m["type"]], tuple(m["tiles"]), m["called"], m["from_who"])
        for m in agari["melds"]
    ]
    return score_hand(
        agari["closed_136"],
        agari["win_tile_136"],
        melds,
        tsumo=flags["tsumo"],
        seat_wind=agari["seat_wind"],
        round_wind=agari["round_wind"],
        dora_indicators=agari["dora_indicators_136"],
        ura_indicators=agari["ura_indicators_136"],
        riichi=flags["riichi"],
        double_riichi=flags["double_riichi"],
        ippatsu=flags["ippatsu"],
        rinshan=flags["rinshan"],
        chankan=flags["chankan"],
        haitei=flags["haitei"],
        houtei=flags["houtei"],
        tenhou=flags["tenhou"],
        chiihou=flags["chiihou"],
        renhou=flags["renhou"],
        honba=agari["honba"],
        riichi_sticks=agari["riichi_sticks"],
        rules="tenhou",
    )


def _tenhou_yaku(result: dict[str, Any]) -> dict[str, int]:
    if result["yakuman"]:
        return {y["name"]: 13 for y in result["yakuman"]}
    return {TENHOU_NAMES.get(y["name"], y["name"]): y["han"] for y in result["yaku"] if y["han"]}


def test_the_data_is_all_there() -> None:
    assert len(AGARI) == 1405
    assert len({a["id"] for a in AGARI}) == 1405


def test_every_tenhou_hand_scores_as_tenhou_scored_it() -> None:
    mismatches = []
    for agari in AGARI:
        expected = agari["result"]
        got = _score(agari)
        want = (expected["han"] or got.han, expected["fu"], expected["points"], _tenhou_yaku(expected))
        have = (got.han, got.fu, got.points, got.yaku)
        if expected["yakuman"] and expected["han"] is None:
            want = (got.han, *want[1:])
        if want != have:
            mismatches.append((agari["id"], want, have))
    assert mismatches == [], f"{len(mismatches)}/1405 differ, first: {mismatches[:5]}"


def test_every_tenhou_win_settles_to_the_logged_deltas() -> None:
    mismatches = []
    for agari in AGARI:
        got = _score(agari)
        tsumo = agari["flags"]["tsumo"]
        bonus = agari["receives_honba_and_sticks"]
        deltas = settle(
            [Win(agari["who"], got, agari["pao_who"])],
            dealer=agari["oya"],
            discarder=None if tsumo else agari["from_who"],
            honba=agari["honba"] if bonus else 0,
            riichi_sticks=agari["riichi_sticks"] if bonus else 0,
            rules="tenhou",
        )
        if list(deltas) != agari["result"]["deltas"]:
            mismatches.append((agari["id"], agari["result"]["deltas"], deltas))
    assert mismatches == [], f"{len(mismatches)}/1405 differ, first: {mismatches[:5]}"


@pytest.mark.parametrize(
    "name", ["daisangen", "suuankou", "tenhou", "chankan", "rinshan", "houtei", "double_riichi"]
)
def test_the_data_covers(name: str) -> None:
    names = {n for a in AGARI for n in _tenhou_yaku(a["result"])}
    assert name in names
