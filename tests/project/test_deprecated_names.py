"""One word names one thing, and a public name that changed for it still works for a release, with
a :class:`DeprecationWarning` naming the new one.

``kind`` is the kind of a meld: how a hand ended is its ``ending`` (a :class:`HandEnding`), a
plan's yaku its ``yaku``, a replay difference's aspect its ``aspect``, an mjlog draw's type its
``reason``. "Table" is the engine that plays a game: the game a human plays is a
:class:`~riichi.play.HumanGame`."""

from __future__ import annotations

import copy
import json
import pickle
import warnings
from typing import Any

import pytest

import riichi.game
import riichi.logs
import riichi.logs.mjlog
import riichi.play
from riichi.agents import EfficiencyAgent
from riichi.agents.plans import FREE, TOITOI, Plan, flush_plan
from riichi.game import Game, HandEnding, HandOutcome, play_game
from riichi.game.hand_end import abort
from riichi.game.replay import Difference
from riichi.logs import MjlogRyuukyoku, parse_mjlog
from riichi.meld import Meld
from riichi.play.human_game import HandSummary
from riichi.stats import hand_records
from riichi.stats.records import HandRecord
from riichi.tiles import parse_counts

_DRAWN_ROUND = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D" '
    'dan="16,17,17,17" rate="2121,2181,2185.5,2177" sx="M,M,M,F"/><TAIKYOKU oya="0"/><INIT seed="0,0,0,3,3,20" ten="250,250,250,250" oya="0" '
    'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
    'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/>'
    '<T52/><D52/><RYUUKYOKU type="kaze4" ba="0,0" sc="250,0,250,0,250,0,250,0" '
    'owari="250,5.0,250,-5.0,250,-15.0,250,15.0"/></mjloggm>'
)


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


def test_a_plan_names_its_yaku() -> None:
    flush = flush_plan(bytes(parse_counts("12356799m12p11z")), [], 10)
    assert flush is not None
    assert (flush.yaku, FREE.yaku, TOITOI.yaku) == ("flush_m", "free", "toitoi")
    assert _old(flush, "kind", "yaku") == "flush_m"
    assert _old(Plan("tanyao", 0, 0), "kind", "yaku") == "tanyao"


def test_a_replay_difference_names_its_aspect() -> None:
    d = Difference(2, 5, "win", "record 1000, engine 2000")
    assert d.aspect == "win" and str(d) == "round 2, event 5: win: record 1000, engine 2000"
    assert _old(d, "kind", "aspect") == "win"


def test_an_mjlog_draw_names_its_reason() -> None:
    drawn = parse_mjlog(_DRAWN_ROUND).rounds[0].ryuukyoku
    assert isinstance(drawn, MjlogRyuukyoku) and drawn.reason == "kaze4"
    assert _old(drawn, "kind", "reason") == "kaze4"
    reasons = riichi.logs.mjlog.RYUUKYOKU_REASONS
    assert riichi.logs.RYUUKYOKU_REASONS is reasons and "kaze4" in reasons
    for module in (riichi.logs.mjlog, riichi.logs):
        with pytest.warns(DeprecationWarning, match=r"riichi\.logs\.mjlog\.RYUUKYOKU_KINDS is "
                          r"deprecated .* use riichi\.logs\.mjlog\.RYUUKYOKU_REASONS"):
            assert module.RYUUKYOKU_KINDS is reasons
    assert "RYUUKYOKU_KINDS" not in riichi.logs.__all__


def test_a_meld_keeps_its_kind_without_a_warning() -> None:
    meld = Meld.parse("pon:555m")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert meld.kind.value == "pon"


def test_a_walls_kans_is_now_its_replacements() -> None:
    # a three-player wall draws its replacement tiles after kita too, not only after kans
    wall = Game("tenhou-3p", seed=1).wall(0)
    wall.draw_replacement()
    assert wall.replacements == 1 and _old(wall, "kans", "replacements") == 1


def _old_name(module: object, old: str, new: str) -> Any:
    """``module.old``, checked to warn that it is deprecated in favour of ``module.new``."""
    name = getattr(module, "__name__")
    with pytest.warns(DeprecationWarning,
                      match=rf"^{name}\.{old} is deprecated and goes in the next release: "
                            rf"use {name}\.{new}$"):
        return getattr(module, old)


def test_the_game_a_human_plays_is_a_human_game() -> None:
    assert _old_name(riichi.play, "Table", "HumanGame") is riichi.play.HumanGame
    assert "Table" not in riichi.play.__all__ and "HumanGame" in riichi.play.__all__
    with pytest.raises(AttributeError):
        riichi.play.Tabel  # noqa: B018 - any other name is still an error
