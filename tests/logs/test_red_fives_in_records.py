"""Red fives in mjai records: a game without them names every five plainly and says so.

A game played without red fives (``ema-2016``, or any rule set with ``red_fives`` false) is
written with plain fives and ``"aka_flag": false`` in ``start_game``; the reader takes four plain
fives of a suit there, and a ``"5pr"`` (as earlier versions wrote the five of 136-id 52 in any
game) as the plain five it is. A game with red fives is written as before. Four and three players.
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from riichi.agents import RandomAgent
from riichi.errors import LogFormatError
from riichi.game import GameResult, play_game
from riichi.game.replay import replay
from riichi.logs import dumps, dumps_mjai, events as ev, read
from riichi.rules import RuleSet

NO_RED_FIVES = {4: RuleSet.preset("ema-2016"),
                3: dataclasses.replace(RuleSet.preset("tenhou-3p"), red_fives=False)}
RED_FIVES = {4: RuleSet.preset("tenhou"), 3: RuleSet.preset("tenhou-3p")}
GAMES = 6
RED_NAME = re.compile(r'"5[mps]r"')


def _game(rules: RuleSet, seed: int) -> GameResult:
    return play_game(rules, [RandomAgent(seed * 4 + s) for s in range(rules.players)], seed=seed)


def _plain(text: str) -> str:
    """mjai text with every five named plainly (what the writer wrote before for a game without
    red fives, made comparable)."""
    return RED_NAME.sub(lambda m: m.group()[:3] + '"', text)


def _four_plain_fives(record_events: tuple[ev.Event, ...]) -> int:
    """How many times a round shows all four copies of a five (dealt, drawn or turned)."""
    count = 0
    shown: set[int] = set()
    for e in (*record_events, ev.END_KYOKU):
        if isinstance(e, ev.StartKyoku) or e is ev.END_KYOKU:
            count += sum(all(kind * 4 + c in shown for c in range(4)) for kind in (4, 13, 22))
            shown = set(t for hand in e.tehais for t in hand) | {e.dora_marker} if isinstance(e, ev.StartKyoku) else set()
        elif isinstance(e, ev.Draw):
            shown.add(e.pai)
        elif isinstance(e, ev.Dora):
            shown.add(e.dora_marker)
    return count


@pytest.mark.parametrize("players", [4, 3])
def test_a_game_without_red_fives_round_trips_through_mjai(players: int) -> None:
    rules = NO_RED_FIVES[players]
    assert not rules.red_fives
    four_plain = 0
    for seed in range(GAMES):
        result = _game(rules, seed)
        text = dumps(result, format="mjai")
        assert not RED_NAME.search(text)
        assert json.loads(text.splitlines()[0])["aka_flag"] is False
        record = read(text)
        assert record.red_fives is False and record.rules == rules
        assert dumps(record, format="mjai") == text
        assert record.end is not None and record.end.scores == result.final_scores
        report = replay(record)
        assert [str(d) for d in report.differences] == []
        assert _plain(dumps_mjai(report.events)) == _plain(dumps_mjai(result.events))
        four_plain += _four_plain_fives(record.events)
    assert four_plain > 0  # the reader took a fourth plain five of a suit


@pytest.mark.parametrize("players", [4, 3])
def test_a_game_with_red_fives_round_trips_through_mjai_as_before(players: int) -> None:
    for seed in range(GAMES):
        result = _game(RED_FIVES[players], seed)
        text = dumps(result, format="mjai")
        assert "aka_flag" not in text
        assert dumps_mjai(read(text).events) == dumps_mjai(result.events)
        record = read(text)
        assert record.red_fives is True and dumps(record, format="mjai") == text
    assert RED_NAME.search(text)


@pytest.mark.parametrize("players", [4, 3])
def test_a_red_five_name_in_a_game_without_red_fives_reads_as_the_plain_five(players: int) -> None:
    """Files written before the writer knew: the rules carried, the fives named ``5pr`` and the
    like, no ``aka_flag``."""
    result = _game(NO_RED_FIVES[players], 1)
    old = dumps_mjai(result.events).replace(
        '{"type":"start_game",', '{"type":"start_game","rules":%s,' % json.dumps(
            {"preset": "ema-2016"} if players == 4 else {"preset": "tenhou-3p", "red_fives": False},
            separators=(",", ":")), 1)
    assert RED_NAME.search(old) and "aka_flag" not in old
    record = read(old)
    assert record.red_fives is False
    assert dumps(record, format="mjai") == dumps(result, format="mjai")
    assert [str(d) for d in replay(record).differences] == []


def test_aka_flag_alone_says_a_game_has_no_red_fives() -> None:
    """A record without rules (from a tenhou.net/6 file with ``aka: 0``, say) keeps its plain
    fives through mjai by ``aka_flag``; without the flag four plain fives of a suit are refused,
    as in any mjai file of a game with red fives."""
    seed = next(s for s in range(GAMES) if _four_plain_fives(_game(NO_RED_FIVES[4], s).events))
    result = _game(NO_RED_FIVES[4], seed)
    text = dumps(read(dumps(result, format="tenhou6").replace('"rules":{"preset":"ema-2016"},', "")),
                 format="mjai")
    first = json.loads(text.splitlines()[0])
    assert "rules" not in first and first["aka_flag"] is False
    record = read(text)
    assert record.red_fives is False and record.rules is None
    assert [str(d) for d in replay(record, rules="ema-2016").differences] == []
    with pytest.raises(LogFormatError, match=r"a fourth plain 5[mps] \(the fourth copy is the red five\)"):
        read(text.replace('"aka_flag":false,', "", 1))


@pytest.mark.parametrize(("flag", "message"), [
    ("true", r"line 1: aka_flag is true, but the record's rules have red_fives = false"),
    ('"no"', r"line 1: aka_flag 'no' is not true or false"),
])
def test_a_wrong_aka_flag_is_refused(flag: str, message: str) -> None:
    text = dumps(_game(NO_RED_FIVES[4], 0), format="mjai").replace('"aka_flag":false', f'"aka_flag":{flag}', 1)
    with pytest.raises(LogFormatError, match=message):
        read(text)


@pytest.mark.parametrize("red", [False, True])
def test_a_three_player_game_round_trips_through_tenhou6_with_red_fives_or_without(red: bool) -> None:
    """tenhou.net/6 says it (``rule.aka``) at three players too; four players: test_records.py."""
    rules = (RED_FIVES if red else NO_RED_FIVES)[3]
    for seed in range(GAMES):
        result = _game(rules, seed)
        text = dumps(result, format="tenhou6")
        log = json.loads(text)
        assert log["rule"]["aka"] == int(red)
        record = read(text)
        assert record.red_fives is red and dumps(record, format="tenhou6") == text
        report = replay(record)
        assert [str(d) for d in report.differences] == []
        assert _plain(dumps_mjai(report.events)) == _plain(dumps_mjai(result.events))
    if red:
        assert re.search(r"\b5[123]\b", json.dumps(log["log"]))
