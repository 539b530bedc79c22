"""Red fives in the scorer where the rules have none: a hand that names one is refused, and a
five given by its 136-id is a plain five."""

from __future__ import annotations

import pytest

from riichi import InvalidHandError
from riichi.scoring import score_hand


@pytest.mark.parametrize(
    ("concealed", "win", "melds", "dora"),
    [
        ("22m340m78s555z", "9s", ["pon:555p"], ()),
        ("22m34m678s555z", "0m", ["pon:555p"], ()),
        ("22m234m78s555z", "9s", ["pon:055p"], ()),
        ("22m234m78s555z", "9s", ["pon:555p"], ["0p"]),
        ("22m234m78s555z", "9s", ["pon:555p"], "0s"),
    ],
)
def test_a_red_five_under_rules_without_red_fives_is_refused(
    concealed: str, win: str, melds: list[str], dora: object
) -> None:
    arguments = dict(tsumo=False, seat_wind="S", round_wind="E", dora_indicators=dora)
    assert score_hand(concealed, win, melds, rules="ema", **arguments).han >= 1  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=r"names a red five .* the rules 'ema-2016' have none"):
        score_hand(concealed, win, melds, rules="ema-2016", **arguments)  # type: ignore[arg-type]


def test_without_red_fives_a_five_given_by_id_is_a_plain_five() -> None:
    # 136-id 88 is copy 0 of 5s: the red five where there are red fives, a plain five elsewhere
    # (the table deals every copy whatever the rules).
    from riichi.tiles import parse_ids

    concealed = [88 if t == 89 else t for t in parse_ids("45678s234p66m")]
    arguments = dict(tsumo=False, seat_wind="S", round_wind="E")
    plain = score_hand(concealed, 104, ["chi:123s"], rules="ema-2016", **arguments)  # type: ignore[arg-type]
    red = score_hand(concealed, 104, ["chi:123s"], rules="ema", **arguments)  # type: ignore[arg-type]
    assert red.yaku.get("aka_dora") == 1 and "aka_dora" not in plain.yaku
