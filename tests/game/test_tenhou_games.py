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
from typing import Any

import pytest

from riichi.game import Action, GameState
from riichi.game import replay as replay_module
from riichi.game.replay import replay
from riichi.logs import read
from riichi.rules import RuleSet
from tests.support.auditor import Auditor, Offers
from tests.support.paths import DATA

LOGS = sorted((DATA / "mjlog").glob("*.mjlog*"))


def test_the_logs_are_there() -> None:
    assert len(LOGS) == 160


class Recording:
    """A game state seen through the replay: every action applied is recorded with the legal
    actions of its seat at that moment (the state's own methods are C-level in the compiled
    build, so the replay is given this view of it rather than a patched class)."""

    def __init__(self, state: GameState, offers: Offers) -> None:
        self._state = state
        self._offers = offers

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def apply(self, action: Action, *, seat: int | None = None) -> None:
        asked: int = action.seat
        legal = tuple(self._state.legal_actions(asked))
        self._offers.setdefault(len(self._state.events), {})[asked] = (legal, action)
        self._state.apply(action, seat=seat)


@pytest.mark.parametrize("path", LOGS, ids=[p.name.split(".")[0] for p in LOGS])
def test_replay_tenhou_game(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    offers: Offers = {}
    start = replay_module._RoundReplay.__init__

    def recording_start(round_replay: Any, state: GameState, *args: Any) -> None:
        start(round_replay, Recording(state, offers), *args)  # type: ignore[arg-type]

    monkeypatch.setattr(replay_module._RoundReplay, "__init__", recording_start)
    record = read(path)
    assert record.format == "mjlog" and record.walls is not None
    report = replay(record, rules="tenhou")
    assert [str(d) for d in report.differences] == []
    assert report.events[-1].type == "end_game" or record.end is None
    auditor = Auditor(RuleSet.preset("tenhou"))
    auditor.audit(report.events, offers, path.name)
    assert auditor.violations == []
    assert auditor.checked["discards"] > 0
