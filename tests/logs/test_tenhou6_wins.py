"""A win read from tenhou.net/6 keeps what its text says: the points paid (``1000点``, a tsumo's
``500-1000点`` and a dealer's ``700点∀``), the fu and han (``30符1飜``), and a limit's han from its
yaku; so a game written as tenhou.net/6 reads back with each win's han, fu and points."""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest

from riichi.agents import EfficiencyAgent
from riichi.game import play_game
from riichi.logs import dumps, read
from riichi.logs import events as ev
from riichi.logs.mjlog_events import TENHOU_YAKU
from tests.logs.test_records import INCONSISTENT_CASES
from tests.support.paths import DATA

# the cases but the two written by hand to test call parsing (tests/logs/test_records.py says why)
REAL = sorted((DATA / "tenhou6" / "mjx").glob("*.json.gz")) + [
    p for p in sorted((DATA / "tenhou6" / "cases").glob("*.json")) if p.stem not in INCONSISTENT_CASES]


def _wins(events: Iterable[ev.Event]) -> list[ev.Hora]:
    return [e for e in events if isinstance(e, ev.Hora)]


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-3p"])
def test_a_written_game_reads_back_with_each_wins_han_fu_and_points(preset: str) -> None:
    seats = 3 if preset == "tenhou-3p" else 4
    wins: list[tuple[ev.Hora, ev.Hora]] = []
    for seed in range(4):
        game = play_game(preset, [EfficiencyAgent(seed=s) for s in range(seats)], seed=seed)
        wins += zip(_wins(game.events), _wins(read(dumps(game, format="tenhou6")).events))
    assert len(wins) > 20 and any(w.actor == w.target for w, _ in wins)
    for played, read_back in wins:
        assert (read_back.han, read_back.points, read_back.yaku) == (played.han, played.points, played.yaku)
        # a limit's text names the limit, not the fu (as Tenhou writes it)
        assert read_back.fu == (played.fu if played.han < 5 else 0)


def test_the_points_of_real_wins_are_what_the_winner_took_before_the_counters() -> None:
    """Tenhou's own texts: the points a win says, with the honba and the riichi sticks on the
    table (this hand's too), are what the winner's payment shows (one winner of each hand: a double ron splits the
    sticks)."""
    texts = set()
    checked = 0
    for path in REAL:
        for record_round in read(path).rounds:
            start, wins = record_round.start, _wins(record_round.events)
            if len(wins) != 1:
                continue
            win = wins[0]
            honba = start.honba * (300 if win.actor != win.target else 100 * (len(start.tehais) - 1))
            sticks = start.kyotaku + sum(isinstance(e, ev.ReachAccepted) for e in record_round.events)
            assert win.points > 0 and win.deltas[win.actor] == win.points + honba + 1000 * sticks, path.name
            checked += 1
            texts.add((win.actor == win.target, win.actor == start.oya))
    assert checked > 100 and texts == {(t, d) for t in (True, False) for d in (True, False)}


def test_tenhou_yaku_read_under_the_engines_names() -> None:
    """Tenhou writes its yaku in Japanese (``槍槓(1飜)``, ``場風 東(1飜)``, ``大三元(役満)``): they
    read as the engine names them, as an mjlog's yaku ids do, its dora lines too."""
    chankan = _wins(read(DATA / "tenhou6" / "cases" / "chankan.json").events)
    assert [w.yaku for w in chankan] == [(("chankan", 1), ("round_wind", 1), ("dora", 1), ("aka_dora", 2))]
    names = {name for path in REAL for win in _wins(read(path).events) for name, _ in win.yaku}
    engine = {*TENHOU_YAKU.values(), "dora", "ura_dora", "aka_dora", "kita"}
    assert len(names) >= 30 and names <= engine and {"daisangen", "tenhou", "ura_dora"} <= names


@pytest.mark.parametrize(("text", "points"), [("満貫" + "9" * 5000 + "点", 0), ("9" * 5000 + "符1飜1000点", 1000),
                                             ("満貫99999999999点", 0)])
def test_a_wins_text_of_figures_no_game_has_is_not_read_as_them(text: str, points: int) -> None:
    """Figures of more digits than any game's (here one Python cannot even convert) are not taken
    for the win's fu or points: it reads with its han from its yaku, and no other exception."""
    record = json.loads((DATA / "tenhou6" / "cases" / "chankan.json").read_text(encoding="utf-8"))
    record["log"][0][-1][2][3] = text
    (win,) = _wins(read(json.dumps(record, ensure_ascii=False)).events)
    assert (win.fu, win.points, win.han) == (0, points, 5)
