"""The dealer's 14th tile is dealt, not drawn: which flag the dealer's first discard of a hand
carries is a writer's convention. Tenhou writes the 14th tile as the dealer's first draw, and its
discard as tsumogiri; Mahjong Soul deals all 14 tiles, and RiichiEnv under its ``default_mjsoul``
rules writes that discard as tedashi. The replay takes either flag there, and there only."""

from __future__ import annotations

import json

from riichi.game.replay import replay
from riichi.logs import read
from riichi.rules.files import rules_from_dict
from tests.support.paths import DATA

RIICHIENV = DATA / "riichienv" / "mjsoul_single_hand_seed0.jsonl"
ONE_HAND = rules_from_dict({"preset": "mahjongsoul", "single_hand": True})


def lines() -> list[dict[str, object]]:
    return [json.loads(line) for line in RIICHIENV.read_text(encoding="utf-8").splitlines()]


def test_riichienvs_dealer_opening_tedashi_of_the_14th_tile_replays() -> None:
    events = lines()
    start, draw, discard = events[1:4]
    assert draw == {"actor": start["oya"], "pai": "W", "type": "tsumo"}
    assert discard == {"actor": start["oya"], "pai": "W", "tsumogiri": False, "type": "dahai"}
    assert "W" not in start["tehais"][start["oya"]]  # the West discarded is the 14th tile
    assert replay(read(RIICHIENV.read_text(encoding="utf-8"), format="mjai"), rules=ONE_HAND).differences == ()


def test_a_tedashi_of_the_drawn_tile_after_the_opening_discard_is_still_a_difference() -> None:
    events = lines()
    later = next(k for k, e in enumerate(events) if k > 3 and e["type"] == "dahai" and e["tsumogiri"] is True)
    events[later] = {**events[later], "tsumogiri": False}
    text = "\n".join(json.dumps(e) for e in events)
    report = replay(read(text, format="mjai"), rules=ONE_HAND)
    assert [(d.aspect, d.round, d.event) for d in report.differences][:1] == [("illegal", 0, later - 1)]
