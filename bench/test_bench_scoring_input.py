"""score_hand from notation vs from 136-ids, on the same 1,405 real Tenhou hands.

    python -m pytest bench/test_bench_scoring_input.py --benchmark-only -p no:cacheprovider

The hands are those of ``tests/data/tenhou/agari.jsonl.gz``; the notation form writes each as a
user types it (concealed tiles, the winning tile and the indicators in notation, melds as
``"chi:123s"`` strings). Both forms must give the same results, which is checked before timing.
Divide a round's time by ``len(AGARI)`` for the per-hand figure (``extra_info["us_per_hand"]``).
"""

from __future__ import annotations

from typing import Any

from riichi.meld import Meld
from riichi.scoring import score_hand
from riichi.tiles import format_ids, tile_id_name
from tests.support.tenhou_agari import AGARI, MELD_KINDS


def _ids(agari: dict[str, Any]) -> dict[str, Any]:
    """The hand as a game engine holds it: 136-ids and Meld objects."""
    flags = agari["flags"]
    return dict(
        concealed=agari["closed_136"],
        win_tile=agari["win_tile_136"],
        melds=[
            Meld(MELD_KINDS[m["type"]], tuple(m["tiles"]), m["called"], m["from_who"])
            for m in agari["melds"]
        ],
        dora_indicators=agari["dora_indicators_136"],
        ura_indicators=agari["ura_indicators_136"],
        seat_wind=agari["seat_wind"],
        round_wind=agari["round_wind"],
        honba=agari["honba"],
        riichi_sticks=agari["riichi_sticks"],
        rules="tenhou",
        **{flag: flags[flag] for flag in (
            "tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
            "houtei", "tenhou", "chiihou", "renhou",
        )},
    )


def _notation(ids: dict[str, Any]) -> dict[str, Any]:
    """The same hand as a user writes it."""
    return {
        **ids,
        "concealed": format_ids(ids["concealed"]),
        "win_tile": tile_id_name(ids["win_tile"]),
        "melds": [str(m) for m in ids["melds"]],
        "dora_indicators": format_ids(ids["dora_indicators"]),
        "ura_indicators": [tile_id_name(t) for t in ids["ura_indicators"]],
    }


IDS = [_ids(agari) for agari in AGARI]
NOTATION = [_notation(kwargs) for kwargs in IDS]
assert [score_hand(**k) for k in IDS] == [score_hand(**k) for k in NOTATION]


def _run(benchmark: Any, calls: list[dict[str, Any]]) -> None:
    def run() -> int:
        return sum(score_hand(**kwargs).points for kwargs in calls)

    assert benchmark(run) > 0
    benchmark.extra_info["hands"] = len(calls)
    if benchmark.stats:
        benchmark.extra_info["us_per_hand"] = benchmark.stats.stats.mean / len(calls) * 1e6


def test_bench_score_hand_from_ids(benchmark: Any) -> None:
    _run(benchmark, IDS)


def test_bench_score_hand_from_notation(benchmark: Any) -> None:
    _run(benchmark, NOTATION)
