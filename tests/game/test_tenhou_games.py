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

from pathlib import Path

import pytest

from riichi.game import Action, GameState
from riichi.game.replay import replay
from riichi.logs import read
from riichi.rules import RuleSet
from tests.support.auditor import Auditor, Offers
from tests.support.paths import DATA

LOGS = sorted((DATA / "mjlog").glob("*.mjlog*"))


def test_the_logs_are_there() -> None:
    assert len(LOGS) == 160


@pytest.mark.parametrize("path", LOGS, ids=[p.name.split(".")[0] for p in LOGS])
def test_replay_tenhou_game(path: Path) -> None:
    offers: Offers = {}

    def record_offer(round_index: int, state: GameState, seat: int, action: Action) -> None:
        # every action the replay takes, with the legal actions of its seat at that moment
        offers.setdefault(len(state.events), {})[seat] = (tuple(state.legal(seat)), action)

    record = read(path)
    assert record.format == "mjlog" and record.walls is not None
    report = replay(record, rules="tenhou", on_decision=record_offer)
    assert [str(d) for d in report.differences] == []
    assert report.events[-1].type == "end_game" or record.end is None
    auditor = Auditor(RuleSet.preset("tenhou"))
    auditor.audit(report.events, offers, path.name)
    assert auditor.violations == []
    assert auditor.checked["discards"] > 0
