"""The rules a record is analysed under: an mjlog's are its lobby's (without red fives where its
flags say so); a record that carries none gets the preset of its number of seats (tenhou,
tenhou-3p, 2p), without red fives when the record says its game had none; the command line says
which."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from riichi.agents import DefensiveAgent
from riichi.analyze.__main__ import main
from riichi.analyze.position import as_record
from riichi.game import play_game
from riichi.logs import dumps, read
from tests.support.paths import DATA

MJLOG = DATA / "mjlog" / "2010091009gm-00a9-0000-83af2648.mjlog.gz"


@pytest.fixture(scope="module")
def without_red_fives(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Phoenix-room mjlog whose lobby flags say "no red fives" (GO type 169 + 2)."""
    text = gzip.decompress(MJLOG.read_bytes())
    assert b'type="169"' in text
    path = tmp_path_factory.mktemp("nored") / "nored.mjlog"
    path.write_bytes(text.replace(b'type="169"', b'type="171"', 1))
    return path


def test_a_record_of_a_lobby_without_red_fives_is_analysed_without_them(without_red_fives):
    record, rules = as_record(read(without_red_fives))
    assert not record.red_fives and record.rules == rules  # the rules its GO type flags say
    assert rules.name == "tenhou" and not rules.red_fives
    assert as_record(read(MJLOG))[1].red_fives  # the lobby with them


def test_the_command_says_the_rules_without_red_fives(without_red_fives, capsys):
    assert main([str(without_red_fives), "--seat", "2", "--at", "S1-2-5", "--samples", "2",
                 "--horizon", "hand", "--seed", "1", "--quiet"]) == 0
    notice = " ".join(capsys.readouterr().err.split())
    assert "replaying under the rules the record carries: tenhou with red_fives=false" in notice


def test_a_two_player_record_without_rules_is_analysed_under_2p(tmp_path, capsys):
    game = play_game("2p", [DefensiveAgent(seed=s) for s in range(2)], seed=4)
    path = tmp_path / "two.mjai.jsonl"
    path.write_text(dumps(game.events), encoding="utf-8")  # the events only: no rules
    record, rules = as_record(read(path))
    assert record.rules is None and rules.name == "2p" and rules.players == 2
    assert main([str(path), "--seat", "1", "--at", "E1-3", "--samples", "2", "--horizon",
                 "hand", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr()
    assert "replaying under 2p" in out.err and "E1-3" in out.out


def test_without_red_fives_the_fives_are_one_candidate_named_plainly():
    from riichi.analyze import decision
    from riichi.analyze.decision import candidates
    from riichi.analyze.position import find_point

    game = play_game("wrc", [DefensiveAgent(seed=s) for s in range(4)], seed=8)
    record, rules = as_record(game)
    assert not rules.red_fives
    point = find_point(record, rules, 77, 0)  # E1-1-1: 1m 4m 5m (id 16) 5m 6m in the hand
    assert 16 in point.state.players[0].hand
    result = decision(game, 77, seat=0, samples=2, horizon="hand", seed=1, progress=False)
    labels = [a.label for a in result.actions]
    assert labels.count("5m") == 1 and "0m" not in labels
    assert result.hand.startswith("14556m")
    fives = [a for a in candidates(point.legal, point.played, rules.red_fives)
             if getattr(a, "tile", -1) >> 2 == 4]
    assert len(fives) == 1


@pytest.mark.parametrize("rules, players", [("tenhou-3p", 3), ("2p", 2)])
def test_a_played_game_under_rules_for_other_seats_is_refused_clearly(rules, players):
    from riichi.analyze import AnalysisError, decision

    game = play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)], seed=1)
    with pytest.raises(AnalysisError, match=f"a record of 4 seats cannot be replayed under "
                                            f"rules for {players} players"):
        decision(game, "E1-3", seat=1, samples=2, rules=rules, progress=False)
