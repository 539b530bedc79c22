"""The figures docs/players.md sets the built-in players' play beside real Tenhou games with are
the ones its commands give: ``bench/realism.py`` at 2,000 hanchans of four and of three
``DefensiveAgent`` (about 15 s in all), and the real games of the test data (the same 160 Phoenix
games as ``../shared``'s, and the two three-player games), read through the same code."""

from __future__ import annotations

import glob
import importlib.util
import re
from types import ModuleType

import pytest

from riichi.logs import read_mjlog
from riichi.stats import Tally, hand_records, mjlog_events
from tests.support.paths import DATA, ROOT

PLAYERS_MD = ROOT / "docs" / "players.md"
REAL = {"tenhou": DATA / "mjlog" / "*.mjlog.gz", "tenhou-3p": DATA / "sanma" / "*.mjlog.xml"}
# the line of the page that opens each table
HEADS = {"tenhou": "| figure | DefensiveAgent x 4 |",
         "tenhou-3p": "| figure | DefensiveAgent x 3 |"}


def _realism() -> ModuleType:
    spec = importlib.util.spec_from_file_location("realism", ROOT / "bench" / "realism.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rows(lines: list[str]) -> dict[str, tuple[str, str]]:
    """Figure name -> (simulated, real) cells of a Markdown table's rows."""
    rows: dict[str, tuple[str, str]] = {}
    for line in lines:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0]] = (cells[1], cells[2])
    return rows


def _documented(preset: str) -> dict[str, tuple[str, str]]:
    """The rows of the page's table for ``preset``, each figure by the script's name for it (the
    page adds what a figure counts: "call rate % (hands with an open call)")."""
    lines = PLAYERS_MD.read_text(encoding="utf-8").splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith(HEADS[preset]))
    return {re.sub(r" (\(hands .*\)|of hands)$", "", name): cells
            for name, cells in _rows(lines[start + 2:]).items()}


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-3p"])
def test_the_players_page_quotes_what_its_commands_give(preset: str) -> None:
    realism = _realism()
    real = Tally()
    paths = sorted(glob.glob(str(REAL[preset])))
    assert len(paths) == {"tenhou": 160, "tenhou-3p": 2}[preset]
    for path in paths:
        real = real + Tally.of(hand_records(mjlog_events(read_mjlog(path))),
                               [realism.LABEL] * realism.SEATS[preset], games=1)
    text, _ = realism.table(realism.figures(realism.simulated(2000, 1, preset)),
                            realism.figures(real), preset)
    assert _documented(preset) == _rows(text.splitlines()[2:])
