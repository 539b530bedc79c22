"""``kind`` names one thing, the kind of a meld: how a hand ended is its ``ending`` (a
:class:`HandEnding`). The old ``kind`` still reads the same value for a release, with a
:class:`DeprecationWarning` naming the new attribute."""

from __future__ import annotations

import copy
import json
import pickle
import warnings
from typing import Any

import pytest

import riichi.game
from riichi.agents import EfficiencyAgent
from riichi.game import Game, HandEnding, HandOutcome, play_game
from riichi.game.hand_end import abort
from riichi.meld import Meld
from riichi.play.table import HandSummary
from riichi.stats import hand_records
from riichi.stats.records import HandRecord

def _old(value: object, old: str, new: str) -> Any:
    """``value.old``, checked to warn that it is deprecated in favour of ``new``."""
    cls = type(value).__name__
    with pytest.warns(DeprecationWarning,
                      match=rf"^{cls}\.{old} is deprecated and goes in the next release: "
                            rf"use {cls}\.{new}$"):
        return getattr(value, old)


def test_a_hand_ending_is_the_word_it_replaces() -> None:
    assert [(e.name, e.value) for e in HandEnding] == [
        ("WIN", "win"), ("DRAW", "draw"), ("ABORT", "abort")]
    for ending in HandEnding:
        assert ending == ending.value and isinstance(ending, str)
        assert hash(ending) == hash(ending.value) and {ending.value: 1}[ending] == 1
        assert str(ending) == f"{ending}" == ending.value
        assert json.dumps({"ending": ending}) == json.dumps({"ending": ending.value})
        assert HandEnding(ending.value) is ending
    assert HandEnding.WIN != "draw"


def test_hand_ending_is_a_name_of_the_game_package() -> None:
    assert "HandEnding" in riichi.game.__all__
    assert riichi.game.HandEnding is riichi.game.hand_end.HandEnding


def _outcomes() -> list[HandOutcome]:
    """Wins, exhaustive draws and an abort from real games."""
    outcomes = [h for seed in (1, 4) for h in
                play_game("ema", [EfficiencyAgent(seed=s) for s in range(4)], seed=seed).hands]
    state = Game("ema", seed=1).new_state()
    abort(state, "nine_terminals")
    return outcomes + state.outcomes


def test_a_hand_outcome_says_how_it_ended_in_its_ending() -> None:
    outcomes = _outcomes()
    assert {o.ending for o in outcomes} == set(HandEnding)
    for o in outcomes:
        assert type(o.ending) is HandEnding
        assert (o.ending is HandEnding.WIN) == bool(o.winners)
        assert _old(o, "kind", "ending") is o.ending


def test_a_hand_outcome_still_pickles_copies_and_compares() -> None:
    for o in _outcomes():
        for again in (pickle.loads(pickle.dumps(o)), copy.copy(o), copy.deepcopy(o)):
            assert again == o and again.ending is o.ending
        if not o.results:  # a win's scored hand holds dicts, so only the others hash
            assert hash(pickle.loads(pickle.dumps(o))) == hash(o)
    assert "ending=<HandEnding.ABORT: 'abort'>" in repr(_outcomes()[-1])


def test_a_hand_record_and_a_hand_summary_say_it_in_their_ending() -> None:
    result = play_game("ema", [EfficiencyAgent(seed=s) for s in range(4)], seed=4)
    records = hand_records(result.events)
    assert [r.ending for r in records] == [o.ending for o in result.hands]
    for record in records:
        assert type(record.ending) is HandEnding
        assert _old(record, "kind", "ending") is record.ending
    o = result.hands[0]
    summary = HandSummary(o.position, o.ending, o.reason, (), (), o.deltas, o.deltas)
    assert _old(summary, "kind", "ending") is summary.ending is o.ending
    assert "kind" not in {f for f in HandRecord.__dataclass_fields__}


def test_a_meld_keeps_its_kind_without_a_warning() -> None:
    meld = Meld.parse("pon:555m")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert meld.kind.value == "pon"
