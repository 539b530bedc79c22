"""Real Tenhou games replayed through the engine under the ``tenhou`` rules.

Each game's walls are rebuilt from its ``SHUFFLE`` seed; every logged action must be legal, every
round must start with the logged hands, draws and scores, every win must move the same points with
the same dora and ura indicators, every draw the same points, and the game must end with the same
final scores: :func:`riichi.logs.replay` reports each of those as a difference.
Data: ``tests/data/mjlog`` (Tenhou game logs from mjx-project/mjx, MIT; see the README there).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from riichi.logs import read, replay

LOGS = sorted((Path(__file__).parent / "data" / "mjlog").glob("*.mjlog*"))


def test_the_logs_are_there() -> None:
    assert len(LOGS) == 160


@pytest.mark.parametrize("path", LOGS, ids=[p.name.split(".")[0] for p in LOGS])
def test_replay_tenhou_game(path: Path) -> None:
    record = read(path)
    assert record.format == "mjlog" and record.walls is not None
    report = replay(record, rules="tenhou")
    assert [str(d) for d in report.differences] == []
    assert report.events[-1].type == "end_game" or record.end is None
