"""Fuzzing the three record readers: whatever the input, only ``LogFormatError`` may escape, and a
record that reads replays through the engine without raising (its report lists the differences).

Inputs: random bytes and text, and mutations of real records (cut anywhere, lines dropped,
doubled or swapped, characters changed, JSON values replaced by others of any type or by
plausible ones, mjlog attributes rewritten). The fast suite tries a few thousand per reader; the
slow run tries 100,000 per reader (``pytest -m slow tests/robustness/test_fuzz_records.py -s`` prints the counts).
Hypothesis runs derandomized: the same inputs every run.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi.agents import RandomAgent
from riichi.errors import LogFormatError
from riichi.game import play_game
from riichi.game.replay import ReplayReport, replay
from riichi.logs import (
    GameRecord,
    dumps,
    mjlog_record,
    parse_mjai,
    parse_mjlog,
    parse_tenhou6,
    read,
)
from tests.support.paths import DATA

FAST = 1_500
SLOW = 100_000


def _mjlog_head(path: Path, rounds: int) -> str:
    """The first ``rounds`` rounds of a real mjlog, closed as a document."""
    text = gzip.decompress(path.read_bytes()).decode()
    inits = [m.start() for m in re.finditer("<INIT", text)]
    return text[: inits[rounds]] + "</mjloggm>" if len(inits) > rounds else text


def _seeds() -> dict[str, list[str]]:
    mjai = [dumps(play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=k)) for k in range(4)]
    long_game = dumps(play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)).splitlines()
    mjai.append("\n".join(long_game[:400]))
    cases = sorted((DATA / "tenhou6" / "cases").glob("*.json"))
    tenhou6 = [p.read_text() for p in cases if p.stem != "confusing_nakis_2"]  # that one is no game
    tenhou6.append(gzip.decompress(next((DATA / "tenhou6" / "mjx").glob("*.gz")).read_bytes()).decode())
    tenhou6.append(dumps(play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=2), format="tenhou6"))
    mjlogs = sorted((DATA / "mjlog").glob("*.mjlog.gz"))
    mjlog = [_mjlog_head(p, 2) for p in mjlogs[:3]] + [_mjlog_head(mjlogs[-1], 1)]
    return {"mjai": mjai, "tenhou6": tenhou6, "mjlog": mjlog}


SEEDS = _seeds()


def _mjlog(data: str | bytes) -> GameRecord:
    return mjlog_record(parse_mjlog(data))


READERS: dict[str, Callable[[str | bytes], GameRecord]] = {
    "mjai": parse_mjai,
    "tenhou6": parse_tenhou6,
    "mjlog": _mjlog,
}

# --- mutations ------------------------------------------------------------------------------------
# Each mutation takes its choices from a ``random.Random`` that hypothesis draws (and replays): the
# place to change is uniform over the record, so a rare event is hit as often as a common one.

_PLAUSIBLE: list[Any] = [
    "1m", "5mr", "9s", "E", "C", "?", "5zr", "", "start_kyoku", "dahai", "hora", "ryukyoku",
    "和了", "流局", "全員聴牌", "九種九牌", "c121314", "p474747", "4747p47", "m39393939", "3636k3636",
    "161616a16", "r60", "r11", "60", 0, 1, 3, 4, 5, -1, 13, 60, 51, 53, 54, 11, 19, 47, 48, 99, 136,
    25000, 10**9, 2**70, 1.5, float("nan"), True, False, None, [], {}, [0, 0, 0, 0], ["1m"] * 13,
]


def _random_json(rnd: random.Random, depth: int = 0) -> Any:
    roll = rnd.random()
    if depth < 2 and roll < 0.15:
        return [_random_json(rnd, depth + 1) for _ in range(rnd.randrange(5))]
    if depth < 2 and roll < 0.25:
        return {rnd.choice(["type", "actor", "pai", "log", "x"]): _random_json(rnd, depth + 1)
                for _ in range(rnd.randrange(3))}
    if roll < 0.6:
        return rnd.choice(_PLAUSIBLE)
    return rnd.choice([rnd.randint(-300, 300), "".join(chr(rnd.randrange(32, 0x3000)) for _ in range(3))])


def _replace_in_json(rnd: random.Random, value: Any, depth: int = 0) -> Any:
    """``value`` with one node somewhere inside replaced, removed or grown (rarely the whole)."""
    if isinstance(value, (list, dict)) and value and rnd.random() < (0.9 if depth == 0 else 0.75):
        copy = list(value) if isinstance(value, list) else dict(value)
        key = rnd.randrange(len(copy)) if isinstance(copy, list) else rnd.choice(list(copy))
        action = rnd.randrange(6)
        if action == 0:
            del copy[key]
        elif action == 1 and isinstance(copy, list):
            copy.insert(key, rnd.choice(_PLAUSIBLE))
        else:
            copy[key] = _replace_in_json(rnd, copy[key], depth + 1)
        return copy
    return _random_json(rnd)


def _split(text: str) -> tuple[list[str], str]:
    if "\n" in text.strip():
        return text.split("\n"), "\n"
    return re.split(r"(?<=>)", text), ""


def _lines_op(rnd: random.Random, text: str) -> str:
    lines, joint = _split(text)
    if len(lines) < 2:
        return text
    i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
    action = rnd.randrange(3)
    if action == 0:
        del lines[i]
    elif action == 1:
        lines.insert(j, lines[i])
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return joint.join(lines)


def _json_op(rnd: random.Random, text: str) -> str:
    lines = text.split("\n")
    by_type: dict[str, list[int]] = {}  # a rare event is as likely a target as a common one
    for k, line in enumerate(lines):
        if line.strip():
            by_type.setdefault(line[:20], []).append(k)
    if not by_type:
        return text
    k = rnd.choice(by_type[rnd.choice(sorted(by_type))])
    try:
        value = json.loads(lines[k])
    except ValueError:
        return text
    lines[k] = json.dumps(_replace_in_json(rnd, value), ensure_ascii=False)
    return "\n".join(lines)


def _attr_op(rnd: random.Random, text: str) -> str:
    attrs = list(re.finditer(r'(\w+)="([^"]*)"', text))
    if not attrs:
        return text
    m = rnd.choice(attrs)
    values = ["", "0", "-1", "999", "1,2", "0,0,0,0", "250,0,250,0,250,0,250,0", "x", "136", "35",
              "mt19937ar-sha512-n288-base64,AAAA", "12,0,0,0,0,0", m.group(2) + ",1", m.group(2)[:-1]]
    value = rnd.choice(values) if rnd.random() < 0.6 else \
        "".join(rnd.choice("0123456789,-.") for _ in range(rnd.randrange(30)))
    return text[: m.start(2)] + value + text[m.end(2) :]


def _char_op(rnd: random.Random, text: str) -> str:
    i = rnd.randrange(len(text) + 1)
    noise = rnd.choice(['"', "<", ">", "{", "}", "[", "]", ",", "\n", "\x00", "\ud800", "é", "", "1"])
    return text[:i] + noise + text[i + rnd.randrange(4) :]


def _cut_op(rnd: random.Random, text: str) -> str:
    return text[: rnd.randrange(len(text) + 1)]


_OPS: dict[str, list[Callable[[random.Random, str], str]]] = {
    "mjai": [_lines_op, _lines_op, _json_op, _json_op, _json_op, _json_op, _char_op, _cut_op],
    "tenhou6": [_lines_op, _json_op, _json_op, _json_op, _json_op, _json_op, _char_op, _cut_op],
    "mjlog": [_lines_op, _lines_op, _attr_op, _attr_op, _attr_op, _attr_op, _char_op, _cut_op],
}


@st.composite
def _mutated(draw: st.DrawFn, fmt: str) -> str | bytes:
    rnd = draw(st.randoms(use_true_random=False))
    text = rnd.choice(SEEDS[fmt])
    for _ in range(1 + int(rnd.random() < 0.3) + int(rnd.random() < 0.1)):
        text = rnd.choice(_OPS[fmt])(rnd, text)
    if rnd.random() < 0.1:
        data = text.encode("utf-8", "surrogatepass")
        return gzip.compress(data, mtime=0) if rnd.random() < 0.5 else data
    return text


def _inputs(fmt: str) -> st.SearchStrategy[str | bytes]:
    mutated = _mutated(fmt)
    return st.one_of(mutated, mutated, mutated, mutated, st.binary(max_size=200), st.text(max_size=200))


def _fuzz(fmt: str, examples: int) -> int:
    tried = 0

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(_inputs(fmt))
    def run(data: str | bytes) -> None:
        nonlocal tried
        tried += 1
        for reader in (READERS[fmt], _read_bytes):
            try:
                record = reader(data)
            except LogFormatError:
                continue
            assert isinstance(record, GameRecord)
            assert isinstance(replay(record, rules="tenhou"), ReplayReport)

    run()
    return tried


def _read_bytes(data: str | bytes) -> GameRecord:
    """:func:`read` with format detection (bytes: never taken for a path)."""
    return read(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)


def test_the_seeds_read() -> None:
    """The unmutated records are valid: the mutations start from real input."""
    for fmt, texts in SEEDS.items():
        for text in texts:
            READERS[fmt](text)


@pytest.mark.parametrize("fmt", list(READERS))
def test_fuzz_readers(fmt: str) -> None:
    assert _fuzz(fmt, FAST) >= FAST * 0.9


@pytest.mark.slow
@pytest.mark.parametrize("fmt", list(READERS))
def test_fuzz_readers_100k(fmt: str) -> None:
    tried = _fuzz(fmt, SLOW)
    print(f"\n{fmt}: {tried} inputs, exceptions other than LogFormatError: 0")
    assert tried >= SLOW
