"""The generator of random winning hands (:mod:`tests.support.winning_hands`) reaches every shape,
wait and flag the scorer must handle, and the same seed gives the same hands."""

from __future__ import annotations

from collections import Counter

from riichi.meld import MeldKind
from tests.support.winning_hands import random_hands


def test_generated_hands_cover_every_shape_wait_and_flag() -> None:
    from riichi.errors import NoYakuError
    from riichi.scoring import score_hand

    waits: Counter[str] = Counter()
    yaku: Counter[str] = Counter()
    melds: Counter[MeldKind] = Counter()
    flags: Counter[str] = Counter()
    no_yaku = 0
    for hand in random_hands(3000, seed=7):
        for m in hand.melds:
            melds[m.kind] += 1
        flags.update(k for k, v in hand.flags.items() if v)
        try:
            result = score_hand(**hand.kwargs(), rules="tenhou")
        except NoYakuError:
            no_yaku += 1
            continue
        waits[result.wait] += 1
        yaku.update(result.yaku)
    assert set(waits) == {"ryanmen", "kanchan", "penchan", "tanki", "shanpon", "kokushi", "kokushi_13"}
    assert set(melds) == set(MeldKind)
    assert set(flags) == {
        "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
        "chiihou", "renhou",
    }
    for name in ("pinfu", "iipeikou", "chiitoitsu", "honitsu", "chinitsu", "toitoi", "sanankou",
                 "aka_dora", "dora", "ura_dora", "ittsu", "sanshoku_doujun", "chanta", "junchan",
                 "ryanpeikou", "shousangen", "kokushi", "daisangen", "tsuuiisou", "ryuuiisou"):
        assert yaku[name] > 0, name
    assert 0 < no_yaku < 3000


def test_the_same_seed_gives_the_same_hands() -> None:
    assert random_hands(50, seed=3) == random_hands(50, seed=3)
