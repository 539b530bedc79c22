"""Tenhou's three-player mjlog: two real Houou games (``tests/data/sanma``, with their licences)
read into the record model, with every round's 108-tile wall rebuilt from the game's seed.

What a three-player mjlog holds (see the README beside the games): ``GO type`` with the 0x10 bit,
a fourth, empty, player in ``UN``, ``INIT`` scores of four with 0 last and an empty ``hai3``, and
the kita (a North set aside) as an ``N`` whose meld code has bit 5 alone of bits 2-5 and the
North's 136-id in its top byte; the winner's kita are among the ``m`` codes of its ``AGARI``.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from riichi.errors import LogFormatError, UnsupportedRuleError
from riichi.logs import read
from riichi.logs.mjlog import MjlogKita, kita_tile, parse_mjlog, read_mjlog
from riichi.logs.tenhou_wall import THREE_PLAYER_TILES, tenhou_walls, tenhou_walls_with_dice

DATA = Path(__file__).resolve().parent.parent / "data" / "sanma"
GAMES = {"tenhou-sanma-dnovikoff.mjlog.xml": (6, 16), "2014091101gm-00b9-0000-5ca6b487.mjlog.xml": (11, 24)}


@pytest.mark.parametrize("name", GAMES)
def test_a_three_player_game_reads_with_its_rounds_and_kita(name: str) -> None:
    rounds, kita = GAMES[name]  # as the README of the shared data counts them
    game = read_mjlog(DATA / name)
    assert game.game_type.three_player and game.game_type.players == 3
    assert len(game.rounds) == rounds
    assert sum(isinstance(e, MjlogKita) for r in game.rounds for e in r.events) == kita
    assert all(r.hands[3] == () and r.scores[3] == 0 for r in game.rounds)
    record = read(DATA / name)
    assert len(record.start.scores) == 3 and record.end is not None and len(record.end.scores) == 3
    assert sum(e.type == "nukidora" for e in record.events) == kita
    # each kita is followed by its replacement draw, or by a ron on the North
    events = record.events
    after = [events[k + 1] for k, e in enumerate(events) if e.type == "nukidora"]
    assert all(e.type == "tsumo" and e.rinshan or e.type == "hora" for e in after)
    assert {len(e.tehais) for e in events if e.type == "start_kyoku"} == {3}


@pytest.mark.parametrize("name", GAMES)
def test_the_walls_of_the_seed_deal_and_roll_what_the_game_did(name: str) -> None:
    game = read_mjlog(DATA / name)
    walls = list(itertools.islice(tenhou_walls_with_dice(game.seed or "", players=3), len(game.rounds)))
    for rnd, (yama, dice) in zip(game.rounds, walls):
        assert sorted(yama) == list(THREE_PLAYER_TILES)
        assert dice == rnd.dice  # the INIT's dice come from the same words as the shuffle
        assert yama[9] == rnd.dora_indicator  # the first indicator of three players
    assert [list(w) for w in read(DATA / name).round_walls()] == [y for y, _ in walls]


def test_the_winners_kita_are_counted_apart_from_their_melds() -> None:
    text = (DATA / "tenhou-sanma-dnovikoff.mjlog.xml").read_text(encoding="utf-8")
    first_win = read_mjlog(DATA / "tenhou-sanma-dnovikoff.mjlog.xml").rounds[0].agaris[0]
    assert re.search(r'<AGARI [^>]*m="30752"', text)  # a kita and no meld
    assert (first_win.kita, first_win.melds) == (1, ())
    # Tenhou's dora line counts the kita: yaku 52 with 2 han = 1 dora + 1 kita
    assert [(y.id, y.han) for y in first_win.yaku if y.id == 52] == [(52, 2)]


def test_a_kita_code_names_a_north() -> None:
    assert kita_tile(31008) == 121 and kita_tile(30752) == 120
    assert kita_tile(46185) is None  # a pon
    with pytest.raises(LogFormatError, match="a kita of tile id 0, which is no North"):
        kita_tile(0x20)
    game = (DATA / "tenhou-sanma-dnovikoff.mjlog.xml").read_text(encoding="utf-8")
    broken = game.replace('<N who="0" m="31008" />', '<N who="0" m="288" />', 1)
    with pytest.raises(LogFormatError, match=r"<N> attribute m: meld code 288: a kita of tile id 1"):
        parse_mjlog(broken)


def test_a_three_player_round_deals_no_fourth_hand() -> None:
    game = (DATA / "tenhou-sanma-dnovikoff.mjlog.xml").read_text(encoding="utf-8")
    with pytest.raises(LogFormatError, match=r"hai3=.*expected 0 values, got 1"):
        parse_mjlog(game.replace('hai3=""', 'hai3="5"', 1))


def test_the_four_player_walls_are_unchanged() -> None:
    seed = "mt19937ar-sha512-n288-base64," + "AAAA" * 832
    four, three = next(tenhou_walls(seed)), next(tenhou_walls(seed, players=3))
    assert sorted(four) == list(range(136)) and len(three) == 108
    assert next(tenhou_walls(seed, players=4)) == four
    with pytest.raises(UnsupportedRuleError, match="of 4 or 3 players, got players=2"):
        next(tenhou_walls(seed, players=2))
