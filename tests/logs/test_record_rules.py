"""A record this package writes carries the rule set it was played under (the preset and the
fields changed), in mjai's ``start_game`` and beside tenhou.net/6's ``rule``; the readers give it
back as ``GameRecord.rules``, replay uses it, and ``riichi.analyze`` replays under it and says so
(a record without one gets ``tenhou`` and a one-line notice)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from riichi.agents import RandomAgent
from riichi.errors import InvalidRuleError, LogFormatError
from riichi.game import play_game
from riichi.game.replay import replay
from riichi.logs import dumps, read, write
from riichi.rules import RuleSet
from riichi.rules.files import with_changes
HOUSE = with_changes(RuleSet.preset("tenhou"), ["uma=30000,10000,-10000,-30000", "kuitan=false"])


def _game(rules: RuleSet | str, seed: int = 2):  # type: ignore[no-untyped-def]
    return play_game(rules, [RandomAgent(seed * 4 + s) for s in range(4)], seed=seed)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
@pytest.mark.parametrize("rules", ["ema", "ema-2016", "cardavia", HOUSE], ids=str)
def test_the_record_carries_its_rules_and_replays_under_them(fmt: str, rules: object) -> None:
    result = _game(rules)  # type: ignore[arg-type]
    text = dumps(result, format=fmt)
    header = json.loads(text.splitlines()[0]) if fmt == "mjai" else json.loads(text)
    carried = header["rules"]
    assert carried["preset"] == ("tenhou" if rules is HOUSE else rules)
    assert {k for k in carried if k != "preset"} == ({"uma", "kuitan"} if rules is HOUSE else set())
    record = read(text)
    assert record.rules == result.rules
    report = replay(record)  # no rules given: the record's own
    assert report.differences == () and report.rules == result.rules
    assert dumps(report, format=fmt) == text  # and written again, still carrying them


@pytest.fixture(scope="module")
def without_rules(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game's events in mjai alone: a record that carries no rules (a Tenhou record carries
    its lobby's, tests/logs/test_game_type_rules.py)."""
    path = tmp_path_factory.mktemp("plain") / "plain.mjai.jsonl"
    path.write_text(dumps(_game("tenhou").events), encoding="utf-8")
    return path


def test_a_record_without_rules_says_none_and_replay_asks_for_them(without_rules: Path) -> None:
    record = read(without_rules)
    assert record.rules is None
    with pytest.raises(InvalidRuleError, match="the record carries no rule set: give rules="):
        replay(record)
    assert replay(record, rules="tenhou").differences == ()


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_rules_no_table_plays_are_a_format_error_naming_the_record(fmt: str) -> None:
    text = dumps(_game("ema"), format=fmt)
    bad = text.replace('"rules":{"preset":"ema"}', '"rules":{"preset":"ema","oka":-1}')
    assert bad != text
    with pytest.raises(LogFormatError, match="the record's rules: .*oka=-1"):
        read(bad)
    with pytest.raises(LogFormatError, match="'rules' must be an object"):
        read(text.replace('"rules":{"preset":"ema"}', '"rules":"ema"'))


def analyze(record: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "riichi.analyze", str(record), "--seat", "1", "--samples", "4",
         "--horizon", "hand", "--seed", "1", "--quiet", *args],
        capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("name", ["ema.json", "ema.jsonl"])
def test_analyze_replays_a_record_under_the_rules_it_carries_and_says_so(
    tmp_path: Path, name: str
) -> None:
    path = tmp_path / name
    write(_game("ema", 5), path, format="tenhou6" if name.endswith(".json") else "mjai")
    done = analyze(path, "--at", "E1-3", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == "replaying under the rules the record carries: ema\n"
    # ema's 30,000 points each: under tenhou's 25,000 the first round would not start
    assert json.loads(done.stdout)["situation"].startswith("E1 honba 0, scores 30000/30000/")
    chosen = analyze(path, "--at", "E1-3", "--rules", "ema", "--format", "json")
    assert chosen.returncode == 0 and chosen.stderr == ""  # the rules named: nothing to say
    assert json.loads(chosen.stdout) == json.loads(done.stdout)


def test_analyze_says_which_rules_a_record_without_any_gets(without_rules: Path) -> None:
    done = analyze(without_rules, "--at", "E1-5")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ("the record carries no rule set: replaying under tenhou (--rules to "
                           "choose)\n")
