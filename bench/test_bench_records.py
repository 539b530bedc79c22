"""What reading a game record costs: mjai, tenhou.net/6 and mjlog, each beside the bare parse of
the same text (``json.loads``, or ElementTree's XML parse for mjlog), in one group per format.

    python -m pytest bench/test_bench_records.py --benchmark-only -p no:cacheprovider \
        --benchmark-columns=min,median,rounds

The games are the 20 Tenhou games (Phoenix room, 11.7 hands each on average) of
``tests/data/mjlog`` from 2022, as Tenhou wrote them (mjlog) and as this package writes them
(mjai, tenhou.net/6); every reader reads every game, which is checked before timing (an mjlog's
walls, shuffled from its seed when first asked, are timed apart: ``read_with_walls``). Divide a
round's time by ``len(GAMES)`` for the per-game figure (``extra_info["ms_per_game"]``); the
group's table gives the reader's time as a multiple of the parse's.

The ``largest`` group reads a record at :data:`~riichi.logs.MAX_RECORD_BYTES` (a game's rounds
repeated to 16 MiB), which every reader refuses once it passes :data:`~riichi.logs.MAX_ROUNDS`,
beside the bare parse of the same text: one round each, it takes seconds.
"""

from __future__ import annotations

import gzip
import json
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from riichi.errors import LogFormatError
from riichi.logs import MAX_RECORD_BYTES, dumps, read

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


def largest(fmt: str) -> str:
    """A record of ``fmt`` just under :data:`MAX_RECORD_BYTES`: the first game's rounds repeated."""
    text = GAMES[fmt][0]
    if fmt == "tenhou6":
        game = json.loads(text)
        game["log"] = rounds = game["log"] * (MAX_RECORD_BYTES // len(text) + 1)
        game["log"] = rounds[: len(rounds) * (MAX_RECORD_BYTES - 3_000) // len(json.dumps(game))]
        return json.dumps(game)
    if fmt == "mjai":
        lines = text.splitlines(keepends=True)
        head, body, tail = lines[0], "".join(lines[1:-1]), lines[-1]
    else:
        first, last = text.index("<INIT"), text.rindex("<INIT")  # every round but the last
        head, body, tail = text[:first], text[first:last], text[first:]
    return head + body * ((MAX_RECORD_BYTES - len(head) - len(tail)) // len(body)) + tail


def _run(benchmark: Any, work: Callable[[str], object], texts: list[str]) -> None:
    def run() -> int:
        return sum(work(t) is not None for t in texts)

    assert benchmark(run) == len(texts)
    benchmark.extra_info["games"] = len(texts)
    if benchmark.stats:
        benchmark.extra_info["ms_per_game"] = benchmark.stats.stats.mean / len(texts) * 1e3


@pytest.mark.parametrize("fmt", list(GAMES))
def test_bench_read(benchmark: Any, fmt: str) -> None:
    benchmark.group = fmt
    _run(benchmark, read, GAMES[fmt])


def test_bench_read_with_walls(benchmark: Any) -> None:
    """An mjlog read and its walls shuffled from its seed (a record shuffles them when first
    asked: :meth:`~riichi.logs.GameRecord.round_walls`, a replay)."""
    benchmark.group = "mjlog"
    _run(benchmark, lambda text: read(text).round_walls(), GAMES["mjlog"])


@pytest.mark.parametrize("fmt", list(GAMES))
def test_bench_parse_only(benchmark: Any, fmt: str) -> None:
    benchmark.group = fmt
    _run(benchmark, PARSE[fmt], GAMES[fmt])


def _refused(text: str) -> str:
    try:
        read(text)
    except LogFormatError as exc:
        return str(exc)
    raise AssertionError("a record of more than MAX_ROUNDS rounds was read")


@pytest.mark.parametrize("fmt", list(GAMES))
def test_bench_largest_record(benchmark: Any, fmt: str) -> None:
    text = largest(fmt)
    assert MAX_RECORD_BYTES - len(GAMES[fmt][0]) <= len(text) <= MAX_RECORD_BYTES
    benchmark.group = "largest"
    assert "riichi.logs.MAX_ROUNDS" in benchmark.pedantic(_refused, (text,), rounds=1, iterations=1)


@pytest.mark.parametrize("fmt", list(GAMES))
def test_bench_largest_parse_only(benchmark: Any, fmt: str) -> None:
    benchmark.group = "largest"
    benchmark.pedantic(PARSE[fmt], (largest(fmt),), rounds=1, iterations=1)
