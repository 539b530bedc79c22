"""Per-hand scoring speed: riichi.scoring.score_hand vs `mahjong` (HandCalculator.estimate_hand_value)
and riichienv's public HandEvaluator, on the same 10,000 generated winning hands.

    python -m pytest bench/test_bench_scoring.py --benchmark-only -p no:cacheprovider

Each benchmark round scores all hands; divide the time by ``len(HANDS)`` for the per-hand figure
(``extra_info["us_per_hand"]``). The peers' inputs are converted before timing, and ours are given
as 136-ids and Meld objects, the form a game engine has at hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from riichi.errors import NoYakuError
from riichi.meld import MeldKind
from riichi.scoring import score_hand
from tests.support.winning_hands import GeneratedHand, random_hands

HANDS = random_hands(10_000, seed=2024)


def _per_hand(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = len(HANDS)
    if benchmark.stats:
        benchmark.extra_info["us_per_hand"] = benchmark.stats.stats.mean / len(HANDS) * 1e6


def test_bench_riichi_score_hand(benchmark: Any) -> None:
    calls = [hand.kwargs() for hand in HANDS]

    def run() -> int:
        scored = 0
        for kwargs in calls:
            try:
                score_hand(**kwargs, rules="tenhou")
                scored += 1
            except NoYakuError:
                pass
        return scored

    assert benchmark.pedantic(run, rounds=3, iterations=1) > len(HANDS) // 2
    _per_hand(benchmark)


def test_bench_mahjong_estimate_hand_value(benchmark: Any) -> None:
    mahjong = pytest.importorskip("mahjong.hand_calculating.hand")
    from mahjong.constants import EAST, NORTH, SOUTH, WEST
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    winds = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
    kinds = {
        MeldKind.CHI: (Meld.CHI, True), MeldKind.PON: (Meld.PON, True),
        MeldKind.KAN: (Meld.KAN, True), MeldKind.KAKAN: (Meld.SHOUMINKAN, True),
        MeldKind.ANKAN: (Meld.KAN, False),
    }
    options = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False)

    def convert(hand: GeneratedHand) -> tuple[Any, ...]:
        melds = [Meld(meld_type=kinds[m.kind][0], tiles=list(m.tiles), opened=kinds[m.kind][1])
                 for m in hand.melds]
        tiles = [*hand.concealed, hand.win_tile, *(i for m in hand.melds for i in m.tiles)]
        f = hand.flags
        config = HandConfig(
            is_tsumo=hand.tsumo, is_riichi=f["riichi"], is_ippatsu=f["ippatsu"],
            is_rinshan=f["rinshan"], is_chankan=f["chankan"], is_haitei=f["haitei"],
            is_houtei=f["houtei"], is_daburu_riichi=f["double_riichi"], is_tenhou=f["tenhou"],
            is_chiihou=f["chiihou"], player_wind=winds[hand.seat_wind],
            round_wind=winds[hand.round_wind], tsumi_number=hand.honba,
            kyoutaku_number=hand.riichi_sticks, options=options,
        )
        return tiles, hand.win_tile, melds, list(hand.dora_indicators), config, list(hand.ura_indicators)

    calls = [convert(hand) for hand in HANDS]
    estimate = mahjong.HandCalculator.estimate_hand_value

    def run() -> int:
        scored = 0
        for tiles, win, melds, dora, config, ura in calls:
            if estimate(tiles, win, melds, dora, config, ura_dora_indicators=ura).error is None:
                scored += 1
        return scored

    assert benchmark.pedantic(run, rounds=1, iterations=1) > len(HANDS) // 2
    _per_hand(benchmark)


def test_bench_riichienv_hand_evaluator(benchmark: Any) -> None:
    riichienv = pytest.importorskip("riichienv")

    kinds = {
        MeldKind.CHI: riichienv.MeldType.Chi, MeldKind.PON: riichienv.MeldType.Pon,
        MeldKind.KAN: riichienv.MeldType.Daiminkan, MeldKind.KAKAN: riichienv.MeldType.Kakan,
        MeldKind.ANKAN: riichienv.MeldType.Ankan,
    }

    def convert(hand: GeneratedHand) -> tuple[Any, ...]:
        melds = [riichienv.Meld(kinds[m.kind], list(m.tiles), m.kind is not MeldKind.ANKAN)
                 for m in hand.melds]
        f = hand.flags
        conditions = riichienv.Conditions(
            tsumo=hand.tsumo, riichi=f["riichi"] or f["double_riichi"],
            double_riichi=f["double_riichi"], ippatsu=f["ippatsu"], haitei=f["haitei"],
            houtei=f["houtei"], rinshan=f["rinshan"], chankan=f["chankan"],
            tsumo_first_turn=f["tenhou"] or f["chiihou"], player_wind="ESWN".index(hand.seat_wind),
            round_wind="ESWN".index(hand.round_wind), riichi_sticks=hand.riichi_sticks,
            honba=hand.honba,
        )
        tiles = sorted([*hand.concealed, hand.win_tile])
        return tiles, melds, hand.win_tile, list(hand.dora_indicators), list(hand.ura_indicators), conditions

    calls = [convert(hand) for hand in HANDS]
    evaluator = riichienv.HandEvaluator

    def run() -> int:
        scored = 0
        for tiles, melds, win, dora, ura, conditions in calls:
            if evaluator(tiles, melds).calc(win, dora, conditions, ura).is_win:
                scored += 1
        return scored

    assert benchmark.pedantic(run, rounds=3, iterations=1) > len(HANDS) // 2
    _per_hand(benchmark)
