"""Real Tenhou games replayed through the engine under the ``tenhou`` rules.

Each game's walls are rebuilt from its ``SHUFFLE`` seed; every logged action must be legal, every
round must start with the logged hands, draws and scores, every win must move the same points with
the same dora and ura indicators, every draw the same points, and the game must end with the same
final scores: :func:`riichi.game.replay.replay` reports each of those as a difference. The legal actions
of every decision are recorded too, and the rules auditor (``tests/support/auditor.py``) checks them
against the log's hands: every ``Ron`` or ``Tsumo`` offered is a real win by the rules (and every
other offer too), not only the ones the log's players took.
Data: ``tests/data/mjlog`` (Tenhou game logs from mjx-project/mjx, MIT; see the README there).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from riichi.game import Action, GameState
from riichi.game.replay import ReplayReport, replay
from riichi.logs import GameRecord, read
from riichi.logs.mjlog import MjlogAgari, read_mjlog
from riichi.logs.mjlog_events import TENHOU_YAKU
from riichi.rules import RuleSet
from tests.support.auditor import Auditor, Offers
from tests.support.paths import DATA

LOGS = sorted((DATA / "mjlog").glob("*.mjlog*"))


def test_the_logs_are_there() -> None:
    assert len(LOGS) == 160


def audited_replay(path: Path, rules: str) -> tuple[GameRecord, ReplayReport]:
    """The record at ``path`` replayed under ``rules``, its differences none, every action the
    engine offered on the way audited with no violation."""
    offers: Offers = {}

    def record_offer(round_index: int, state: GameState, seat: int, action: Action) -> None:
        # every action the replay takes, with the legal actions of its seat at that moment
        offers.setdefault(len(state.events), {})[seat] = (tuple(state.legal(seat)), action)

    record = read(path)
    assert record.format == "mjlog" and record.walls is not None
    report = replay(record, rules=rules, on_decision=record_offer)
    assert [str(d) for d in report.differences] == []
    assert report.events[-1].type == "end_game" or record.end is None
    auditor = Auditor(RuleSet.preset(rules))
    auditor.audit(report.events, offers, path.name)
    assert auditor.violations == []
    assert auditor.checked["discards"] > 0
    return record, report


@pytest.mark.parametrize("path", LOGS, ids=[p.name.split(".")[0] for p in LOGS])
def test_replay_tenhou_game(path: Path) -> None:
    audited_replay(path, "tenhou")


SANMA = sorted((DATA / "sanma").glob("*.mjlog.xml"))
"""Two real Houou three-player games (tests/data/sanma, with their licences)."""


def _played(events: Sequence[Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """What the events say happened, the way both a Tenhou record and the engine can say it: the
    events but the dora turned after a kan, and those dora apart (the record turns one before
    the discard that follows the kan's replacement draw, the engine after it). A win's yaku are
    left out (Tenhou counts kita and dora as one yaku, the engine names them apart), the hands
    dealt are sorted and the final results are left out (Tenhou rounds them to the thousand,
    the engine keeps points: the ``tenhou-3p`` preset says so)."""
    played, dora = [], []
    for event in events:
        shown = event.to_mjai()
        shown.pop("yaku", None)
        shown.pop("results", None)
        if "tehais" in shown:
            shown["tehais"] = [sorted(hand) for hand in shown["tehais"]]
        (dora if shown["type"] == "dora" else played).append(shown)
    return played, dora


@pytest.mark.parametrize("path", SANMA, ids=[p.name.split(".")[0] for p in SANMA])
def test_replay_tenhou_three_player_game(path: Path) -> None:
    """Every draw, discard, call, kita, riichi, win, draw and payment of a real three-player game
    is the engine's own under ``tenhou-3p``, on the walls of the game's seed; every action it
    offered on the way is audited."""
    record, report = audited_replay(path, "tenhou-3p")
    assert len(record.start.scores) == 3 and all(len(w) == 108 for w in record.round_walls())
    # beyond what replay compares: the very same events, one by one, fu and points of each win
    # and the scores after each payment included
    assert _played(report.events) == _played(record.events)
    assert sum(e.type == "nukidora" for e in record.events) > 0
    # and every yaku of every win, Tenhou's dora line (its yaku 52-54) read as the engine names it
    wins = [a for rnd in read_mjlog(path).rounds for a in rnd.agaris]
    engine = [dict(e.yaku) for e in report.events if e.type == "hora"]
    assert engine == [_yaku(a) for a in wins] and len(wins) == sum(e.type == "hora" for e in record.events)


_DORA = {52: "dora", 53: "ura_dora", 54: "aka_dora"}


def _yaku(win: MjlogAgari) -> dict[str, int]:
    """A recorded win's yaku by the engine's names: the kita Tenhou counts among its dora (yaku 52)
    on their own line."""
    yaku = {TENHOU_YAKU.get(y.id) or _DORA[y.id]: y.han for y in win.yaku if y.han}
    yaku.update((TENHOU_YAKU[y], 13) for y in win.yakuman)
    if win.kita:
        yaku["kita"] = win.kita
        yaku["dora"] -= win.kita
        if not yaku["dora"]:
            del yaku["dora"]
    return yaku
