"""A Tenhou record carries the rules its lobby played: the mjlog's GO type flags (0x08 East and
South, else East only; 0x04 no open tanyao; 0x02 no red fives; 0x10 three players) and a
tenhou.net/6 record's ``rule.disp`` (東/南, 喰, 三) give a rule set derived from the tenhou or
tenhou-3p preset, which the replay and the analysis play by default."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from riichi.agents import DefensiveAgent
from riichi.analyze.position import as_record
from riichi.errors import LogFormatError
from riichi.game import play_game
from riichi.game.replay import replay
from riichi.logs import dumps, read
from riichi.rules import RuleSet
from riichi.rules.files import describe
from tests.support.paths import DATA

PHOENIX = DATA / "mjlog" / "2010091009gm-00a9-0000-83af2648.mjlog.gz"  # GO type 169: 鳳南喰赤
SANMA = DATA / "sanma" / "2014091101gm-00b9-0000-5ca6b487.mjlog.xml"  # GO type 185: 三鳳南喰赤
CASES = DATA / "tenhou6" / "cases"


def with_type(tmp_path: Path, flags: int) -> Path:
    """The Phoenix game with its GO type set to ``flags`` (the rounds as Tenhou played them)."""
    text = gzip.decompress(PHOENIX.read_bytes())
    assert text.count(b'<GO type="169"') == 1
    path = tmp_path / f"type{flags}.mjlog"
    path.write_bytes(text.replace(b'<GO type="169"', f'<GO type="{flags}"'.encode()))
    return path


def test_the_real_lobbies_carry_tenhou_and_tenhou_3p() -> None:
    assert read(PHOENIX).rules == RuleSet.preset("tenhou")
    assert read(SANMA).rules == RuleSet.preset("tenhou-3p")
    assert replay(read(PHOENIX)).differences == ()  # by default under the rules it carries


def test_an_east_only_game_is_replayed_under_tenhou_east(tmp_path: Path) -> None:
    record = read(with_type(tmp_path, 169 & ~0x08))  # 鳳東喰赤
    assert record.rules == RuleSet.preset("tenhou-east") and record.rules.rounds == 1
    assert describe(record.rules) == "tenhou-east"
    first_south = next(i for i, r in enumerate(record.rounds) if r.start.bakaze == "S")
    ends = [d for d in replay(record).differences if d.aspect == "game_end"]
    # the game went on into the South round, which an East game that someone has won does not
    assert ends and ends[0].round == first_south
    assert as_record(record)[1] == record.rules


def test_a_game_without_open_tanyao_refuses_the_open_tanyao_wins(tmp_path: Path) -> None:
    record = read(with_type(tmp_path, 169 | 0x04))  # 鳳南赤
    assert record.rules.name == "tenhou" and not record.rules.kuitan
    assert describe(record.rules) == "tenhou with kuitan=false"
    assert replay(record).differences  # the open tanyao wins Tenhou scored are not wins here
    assert replay(record, rules="tenhou").differences == ()


def test_the_flags_combine_on_three_players(tmp_path: Path) -> None:
    flags = (185 & ~0x08) | 0x04 | 0x02  # 三鳳東: East only, no open tanyao, no red fives
    path = tmp_path / "east3.mjlog"
    text = SANMA.read_bytes().replace(b'<GO type="185"', f'<GO type="{flags}"'.encode(), 1)
    path.write_bytes(text)
    rules = read(path).rules
    assert rules.name == "tenhou-3p-east" and rules.players == 3
    assert not rules.kuitan and not rules.red_fives


def test_chips_are_refused_with_the_flag_named(tmp_path: Path) -> None:
    expected = r"attribute type=681: flag 0x200 .*chips.* not played"
    with pytest.raises(LogFormatError, match=expected):
        read(with_type(tmp_path, 169 | 0x200))


@pytest.mark.parametrize("case, disp, name, kuitan", [
    ("chankan.json", "上東喰赤速", "tenhou-east", True),
    ("four_reach.json", "般東喰", "tenhou-east", True),
    ("ranked_game.json", "特南喰赤", "tenhou", True),
])
def test_a_tenhou6_record_carries_the_rules_its_disp_names(case: str, disp: str, name: str,
                                                           kuitan: bool) -> None:
    path = CASES / case
    assert json.loads(path.read_text(encoding="utf-8"))["rule"]["disp"] == disp
    record = read(path)
    assert record.rules is not None and record.rules.name == name and record.rules.kuitan is kuitan
    assert replay(record).differences == ()


def test_a_tenhou6_disp_without_open_tanyao_or_of_another_site(tmp_path: Path) -> None:
    text = (CASES / "four_reach.json").read_text(encoding="utf-8")
    path = tmp_path / "nokui.json"
    path.write_text(text.replace("般東喰", "般南"), encoding="utf-8")
    assert describe(read(path).rules) == "tenhou with kuitan=false"
    path.write_text(text.replace("般東喰", "Gold Room South"), encoding="utf-8")
    assert read(path).rules is None
    path.write_text(text.replace("般東喰", "三般東喰"), encoding="utf-8")
    with pytest.raises(LogFormatError, match="names a lobby of 3 players, but the rounds deal 4"):
        read(path)


@pytest.mark.parametrize("disp", ["四般南喰赤祝", "般東喰赤祝", "三琥南喰赤祝５", "鳳南喰－祝"])
def test_a_tenhou6_chip_lobby_is_refused_as_an_mjlogs_chip_flags_are(disp: str) -> None:
    # a chip (祝儀) lobby's disp read as the plain tenhou rules, or as a lobby of no site, without
    # a word, where an mjlog of the same lobby (GO type 0x200, 0x400) is refused
    data = json.loads((CASES / "four_reach.json").read_text(encoding="utf-8"))
    data["rule"]["disp"] = disp
    with pytest.raises(LogFormatError, match=r"^<tenhou6>: rule disp=.*: a lobby that pays chips \(祝儀\) "
                                             r"is not played here; expected a lobby without 祝"):
        read(json.dumps(data, ensure_ascii=False), format="tenhou6")


@pytest.mark.parametrize("disp", [5, ["鳳南喰赤"], {"room": "鳳"}, True])
def test_a_tenhou6_disp_that_is_not_text_is_refused(tmp_path: Path, disp: object) -> None:
    data = json.loads((CASES / "four_reach.json").read_text(encoding="utf-8"))
    data["rule"]["disp"] = disp
    with pytest.raises(LogFormatError, match=r"^<tenhou6>: rule disp=.*: expected the name of the game's lobby as text"):
        read(json.dumps(data, ensure_ascii=False), format="tenhou6")


@pytest.mark.parametrize("disp", [5, ["riichi"]])
def test_a_tenhou6_disp_that_is_not_text_is_refused_beside_carried_rules(disp: object) -> None:
    # a record this package wrote carries its rules beside rule.disp: a disp that is no text was
    # taken there without a word, where the same record without its rules was refused
    game = play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)], seed=3)
    data = json.loads(dumps(game, format="tenhou6"))
    assert data["rules"] == {"preset": "tenhou"}
    data["rule"]["disp"] = disp
    with pytest.raises(LogFormatError, match=r"^<tenhou6>: rule disp=.*: expected the name of the game's lobby as text"):
        read(json.dumps(data, ensure_ascii=False), format="tenhou6")


def test_an_east_game_read_by_its_disp_alone_replays_to_its_own_end(tmp_path: Path) -> None:
    # no full East game of Tenhou's is in the data: one played under tenhou-east, written as a
    # tenhou.net/6 record whose only word on its rules is Tenhou's lobby name
    game = play_game("tenhou-east", [DefensiveAgent(seed=s) for s in range(4)], seed=3)
    data = json.loads(dumps(game.events, format="tenhou6"))
    assert "rules" not in data  # the events alone
    data["rule"]["disp"] = "鳳東喰赤"
    path = tmp_path / "east.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    record = read(path)
    assert record.rules == RuleSet.preset("tenhou-east")
    report = replay(record)
    assert report.differences == () and record.end.scores == tuple(game.final_scores)
    assert replay(record, rules="tenhou").differences  # a hanchan would have gone on
