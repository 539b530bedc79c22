"""What reading a game record costs: mjai, tenhou.net/6 and mjlog, each beside the bare parse of
the same text (``json.loads``, or ElementTree's XML parse for mjlog).

    python -m pytest bench/test_bench_records.py --benchmark-only -p no:cacheprovider \
        --benchmark-columns=median,mean,rounds

The games are the 20 Tenhou games (Phoenix room, 11.6 hands each on average) of
``tests/data/mjlog`` from 2022, as Tenhou wrote them (mjlog) and as this package writes them
(mjai, tenhou.net/6); every reader reads every game, which is checked before timing. Divide a
round's time by ``len(GAMES)`` for the per-game figure (``extra_info["ms_per_game"]``).
"""

from __future__ import annotations

import gzip
import json
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from riichi.logs import dumps, read

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "mjlog"
MJLOG = [gzip.decompress(p.read_bytes()).decode() for p in sorted(DATA.glob("2022*.mjlog.gz"))[:20]]
RECORDS = [read(text) for text in MJLOG]
GAMES = {
    "mjlog": MJLOG,
    "mjai": [dumps(r, format="mjai") for r in RECORDS],
    "tenhou6": [dumps(r, format="tenhou6") for r in RECORDS],
}
for texts in GAMES.values():  # every reader reads the same rounds and end of each game
    assert [(len(r.rounds), r.end) for r in map(read, texts)] == [(len(r.rounds), r.end) for r in RECORDS]

PARSE: dict[str, Callable[[str], object]] = {
    "mjlog": ElementTree.fromstring,
    "mjai": lambda text: [json.loads(line) for line in text.splitlines()],  # one JSON value a line
    "tenhou6": json.loads,
}


def _run(benchmark: Any, work: Callable[[str], object], texts: list[str]) -> None:
    def run() -> int:
        return sum(work(t) is not None for t in texts)

    assert benchmark(run) == len(texts)
    benchmark.extra_info["games"] = len(texts)
    if benchmark.stats:
        benchmark.extra_info["ms_per_game"] = benchmark.stats.stats.mean / len(texts) * 1e3


@pytest.mark.parametrize("fmt", list(GAMES))
def test_bench_read(benchmark: Any, fmt: str) -> None:
    _run(benchmark, read, GAMES[fmt])


@pytest.mark.parametrize("fmt", list(GAMES))
def test_bench_parse_only(benchmark: Any, fmt: str) -> None:
    _run(benchmark, PARSE[fmt], GAMES[fmt])
