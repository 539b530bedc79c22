"""The rounds of a record follow each other as a game plays them: the same hand again (the dealer
stays) or the next (the next dealer, or the next wind after the last hand of one). A round whose
head names another wind, ahead or back, is refused in every format, as a head that names another
dealer is."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from riichi.agents import RandomAgent
from riichi.errors import LogFormatError
from riichi.game import play_game
from riichi.logs import dumps, read
from tests.support.paths import DATA

PHOENIX = DATA / "mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog.gz"


def game_text(fmt: str) -> str:
    return dumps(play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=7), format=fmt)


def heads(fmt: str) -> list[tuple[str, int]]:
    return [(r.start.bakaze, r.start.kyoku) for r in read(game_text(fmt), format=fmt).rounds]


def with_wind(fmt: str, index: int, wind: int) -> str:
    """The game of :func:`game_text` with round ``index``'s wind set to ``wind`` (0 East ...), its
    hand and dealer kept."""
    text = game_text(fmt)
    if fmt == "tenhou6":
        data = json.loads(text)
        data["log"][index][0][0] = 4 * wind + data["log"][index][0][0] % 4
        return json.dumps(data, ensure_ascii=False)
    lines = text.splitlines()
    k = [n for n, line in enumerate(lines) if '"start_kyoku"' in line][index]
    start = json.loads(lines[k])
    start["bakaze"] = "ESWN"[wind]
    lines[k] = json.dumps(start)
    return "\n".join(lines)


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_a_round_of_another_wind_is_refused(fmt: str) -> None:
    assert heads(fmt)[:2] == [("E", 1), ("E", 2)]
    with pytest.raises(LogFormatError, match=r"round 2 is S2-1 after E1-0: expected E1 \(the same dealer "
                                             r"again\) or E2 \(the next hand\)"):
        read(with_wind(fmt, 1, 1), format=fmt)


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_a_wind_that_goes_back_is_refused(fmt: str) -> None:
    first_south = heads(fmt).index(("S", 1))
    with pytest.raises(LogFormatError, match=rf"round {first_south + 1} is E1-\d+ after E4-\d+: expected E4 "
                                             r"\(the same dealer again\) or S1 \(the next hand\)"):
        read(with_wind(fmt, first_south, 0), format=fmt)


def test_an_mjlog_round_of_another_wind_is_refused() -> None:
    xml = gzip.decompress(PHOENIX.read_bytes()).decode()
    second = re.findall(r'<INIT seed="\d+,', xml)[1]
    assert second == '<INIT seed="1,'
    with pytest.raises(LogFormatError, match=r"round 2 is S2-0 after E1-0: expected E1 \(the same dealer "
                                             r"again\) or E2 \(the next hand\)"):
        read(xml.replace(second, '<INIT seed="5,', 1).encode(), format="mjlog")


def test_three_players_go_to_south_after_east_3() -> None:
    game = play_game("tenhou-3p", [RandomAgent(s) for s in range(3)], seed=1)
    for fmt in ("mjai", "tenhou6"):
        rounds = read(dumps(game, format=fmt), format=fmt).rounds
        winds = [(r.start.bakaze, r.start.kyoku) for r in rounds]
        assert ("E", 3) in winds and ("S", 1) in winds and ("E", 4) not in winds


def test_an_mjai_round_of_another_dealer_than_its_hand_is_refused() -> None:
    # tenhou.net/6 gives the dealer by the hand's number; mjai writes both, and took E2 dealt by
    # seat 3 without a word
    lines = game_text("mjai").splitlines()
    k = [n for n, line in enumerate(lines) if '"start_kyoku"' in line][1]
    start = json.loads(lines[k])
    assert (start["bakaze"], start["kyoku"], start["oya"]) == ("E", 2, 1)
    lines[k] = json.dumps({**start, "oya": 3})
    with pytest.raises(LogFormatError, match=r"round 2 \(E2-1\) is dealt by seat 3: expected seat 1, "
                                             r"who deals the second hand of a wind"):
        read("\n".join(lines), format="mjai")


def test_an_mjlog_round_of_another_dealer_than_its_seed_is_refused() -> None:
    xml = gzip.decompress(PHOENIX.read_bytes()).decode()
    second = re.findall(r'<INIT seed="[^"]*" ten="[^"]*" oya="\d"', xml)[1]
    assert second.startswith('<INIT seed="1,') and second.endswith('oya="1"')
    with pytest.raises(LogFormatError, match=r"round 2 \(E2-0\) is dealt by seat 2: expected seat 1, "
                                             r"who deals the second hand of a wind"):
        read(xml.replace(second, second.replace('oya="1"', 'oya="2"'), 1).encode(), format="mjlog")


@pytest.mark.parametrize("preset", ["2p", "2p-match"])
def test_two_players_deal_as_the_engine_does(preset: str) -> None:
    game = play_game(preset, [RandomAgent(s) for s in range(2)], seed=3)
    rounds = read(dumps(game, format="mjai"), format="mjai").rounds
    assert {(r.start.kyoku, r.start.oya) for r in rounds} <= {(1, 0), (2, 1), (3, 1), (4, 0)}
