"""Game records: writers, readers, format detection, errors, and replay through the engine.

Round trips: games the engine played are written (mjai, tenhou.net/6), read back and replayed; the
replay's events must equal the original game's, in the mjai vocabulary (the formats name tiles by
kind, so a reader picks its own copy of each plain tile). Real records: the 33 tenhou.net/6 games
(mjx-project/mjx, MIT) and the 20 rare-case rounds (Equim-chan/mjai-reviewer, Apache-2.0) in
``tests/data/tenhou6`` (licences in the README there) replay under ``tenhou``.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import re
from pathlib import Path

import pytest

from riichi.agents import RandomAgent
from riichi.errors import LogFormatError, RiichiError
from riichi.game import GameResult, play_game
from riichi.game.replay import replay
from riichi.logs import (
    GameRecord,
    detect_format,
    dumps,
    dumps_mjai,
    events as ev,
    read,
    write,
)
from riichi.rules import RuleSet
from tests.support.paths import DATA

MJX = sorted((DATA / "tenhou6" / "mjx").glob("*.json.gz"))
CASES = sorted((DATA / "tenhou6" / "cases").glob("*.json"))
PRESETS = ("ema", "tenhou")
FAST_GAMES = 20
SLOW_GAMES = 500

# Two of mjai-reviewer's cases were written to test call parsing and are not games Tenhou could
# have played; the replay (or the reader) says where.
INCONSISTENT_CASES = {
    # seat 2's riichi is accepted before seat 0's ron on a later discard, yet the win pays
    # 1,600 without the riichi stick (the engine pays 2,600)
    "confusing_nakis_1": "win",
    # four plain 5s (with a red five in the set), and the winner's payment goes to another seat
    "confusing_nakis_2": "reader",
}


def _game(preset: str, seed: int) -> GameResult:
    return play_game(preset, [RandomAgent(seed * 4 + s) for s in range(4)], seed=seed)


def _mjai(events: tuple[ev.Event, ...] | list[ev.Event]) -> str:
    return dumps_mjai(events)


def _round_trip(preset: str, seed: int, fmt: str) -> None:
    result = _game(preset, seed)
    original = _mjai(result.events)
    record = read(dumps(result, format=fmt))
    assert record.format == fmt
    if fmt == "mjai":  # the mjai reader gives back every event exactly
        assert _mjai(record.events) == original
    assert record.end is not None and record.end.scores == result.final_scores
    report = replay(record, rules=preset)
    assert [str(d) for d in report.differences] == []
    assert _mjai(report.events) == original


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
@pytest.mark.parametrize("preset", PRESETS)
def test_round_trip(preset: str, fmt: str) -> None:
    for seed in range(FAST_GAMES):
        _round_trip(preset, seed, fmt)


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
@pytest.mark.parametrize("preset", PRESETS)
def test_round_trip_500_games(preset: str, fmt: str) -> None:
    for seed in range(SLOW_GAMES):
        _round_trip(preset, seed, fmt)


def test_the_tenhou6_records_are_there() -> None:
    assert (len(MJX), len(CASES)) == (33, 20)


@pytest.mark.parametrize("path", MJX, ids=[p.name[:12] for p in MJX])
def test_tenhou6_game_replays(path: Path) -> None:
    record = read(path)
    lines = gzip.decompress(path.read_bytes()).decode().splitlines()
    assert record.format == "tenhou6" and len(record.rounds) == len(lines)
    report = replay(record, rules="tenhou")
    assert [str(d) for d in report.differences] == []


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_tenhou6_case_replays(path: Path) -> None:
    expected = INCONSISTENT_CASES.get(path.stem)
    if expected == "reader":
        with pytest.raises(LogFormatError, match="a fourth plain 5s"):
            read(path)
        return
    report = replay(read(path), rules="tenhou")
    if expected is None:
        assert [str(d) for d in report.differences] == []
    else:
        assert [d.aspect for d in report.differences] == [expected]
        assert "[1600, 0, -1600, 0]" in report.differences[0].message
        assert "[2600, 0, -1600, 0]" in report.differences[0].message


def test_tenhou6_cases_show_the_rare_situations() -> None:
    """The cases hold what their names say, as the reader lays them out."""
    def kinds(name: str) -> list[str]:
        return [e.type for e in read(DATA / "tenhou6" / "cases" / f"{name}.json").events]

    chankan = read(DATA / "tenhou6" / "cases" / "chankan.json").events
    hora = next(e for e in chankan if isinstance(e, ev.Hora))
    kakan = next(e for e in chankan if isinstance(e, ev.KakanDeclared))
    assert hora.pai == kakan.pai and hora.target == kakan.actor
    assert kinds("double_ron").count("hora") == 2
    assert kinds("suukantsu_0").count("ankan") + kinds("suukantsu_0").count("kakan") + \
        kinds("suukantsu_0").count("daiminkan") == 4
    assert kinds("four_reach").count("reach_accepted") == 4
    rinshan = read(DATA / "tenhou6" / "cases" / "rinshan.json").events
    last_tsumo = [e for e in rinshan if isinstance(e, ev.Draw)][-1]
    assert last_tsumo.rinshan
    assert [e for e in read(DATA / "tenhou6" / "cases" / "kyushukyuhai.json").events
            if isinstance(e, ev.Ryukyoku)][0].reason == "nine_terminals"


MJLOGS = sorted((DATA / "mjlog").glob("*.mjlog.gz"))


def _convert_and_replay(paths: list[Path]) -> None:
    for path in paths:
        record = read(path)
        for fmt in ("mjai", "tenhou6"):
            converted = read(dumps(record, format=fmt))
            assert [str(d) for d in replay(converted, rules="tenhou").differences] == [], (path.name, fmt)


def test_real_games_convert_to_both_formats() -> None:
    """Tenhou games (mjlog) written as mjai and as tenhou.net/6, read back, still replay exactly."""
    _convert_and_replay(MJLOGS[::20])


@pytest.mark.slow
def test_all_real_games_convert_to_both_formats() -> None:
    _convert_and_replay(MJLOGS)


# --- files, formats, detection -------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_write_and_read_files(tmp_path: Path, fmt: str) -> None:
    result = _game("tenhou", 3)
    for name in (f"game.{fmt}", f"game.{fmt}.gz"):
        path = tmp_path / name
        write(result, path, format=fmt)
        assert (path.read_bytes()[:2] == b"\x1f\x8b") == name.endswith(".gz")
        for source in (path, str(path), path.read_bytes()):
            record = read(source)
            assert record.format == fmt
            assert _mjai(replay(record, rules="tenhou").events) == _mjai(result.events)


def test_tenhou6_output_is_what_the_viewer_reads() -> None:
    result = _game("tenhou", 5)
    obj = json.loads(dumps(result, format="tenhou6"))
    assert set(obj) == {"title", "name", "rule", "log", "sc", "rules"}  # rules: this package's
    assert len(obj["log"]) == len(result.hands)
    starts = [e for e in result.events if isinstance(e, ev.StartKyoku)]
    for rnd, hand, start in zip(obj["log"], result.hands, starts):
        assert len(rnd) == 17
        assert rnd[0] == [hand.position.round_wind * 4 + hand.position.kyoku, start.honba, start.kyotaku]
        assert rnd[1] == list(start.scores)
        assert all(len(rnd[4 + 3 * s]) == 13 for s in range(4))
        assert rnd[16][0] in ("和了", "流局", "流し満貫", "九種九牌", "四風連打", "四家立直", "四槓散了",
                              "三家和了", "全員聴牌", "全員不聴")
        if hand.ending != "abort" and rnd[16][0] not in ("全員聴牌", "全員不聴"):
            assert rnd[16][1] == list(hand.deltas) or rnd[16][0] == "和了"


def test_mjai_output_speaks_the_standard_vocabulary() -> None:
    lines = [json.loads(x) for x in dumps(_game("tenhou", 2)).splitlines()]
    assert lines[0]["type"] == "start_game" and lines[-1]["type"] == "end_game"
    start = lines[1]
    assert set(start) >= {"bakaze", "kyoku", "honba", "kyotaku", "oya", "dora_marker", "scores", "tehais"}
    tiles = {x["pai"] for x in lines if "pai" in x}
    assert tiles <= {f"{n}{s}" for n in range(1, 10) for s in "mps"} | {"5mr", "5pr", "5sr"} | set("ESWNPFC")
    assert {x["type"] for x in lines} >= {"start_game", "start_kyoku", "tsumo", "dahai", "end_kyoku", "end_game"}


def test_mjai_written_by_others_reads() -> None:
    """A minimal mjai log (no scores, no rinshan flags, no han) reads, and the missing parts
    are inferred."""
    tehais = [["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p"],
              ["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "E", "E", "4s"],
              ["5mr", "5pr", "5sr", "W", "W", "N", "N", "P", "P", "F", "F", "C", "C"],
              ["1m", "1m", "1m", "2p", "2p", "2p", "3s", "3s", "3s", "4s", "4s", "S", "S"]]
    lines = [
        {"type": "start_game", "names": ["a", "b", "c", "d"]},
        {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
         "dora_marker": "9p", "tehais": tehais},
        {"type": "tsumo", "actor": 0, "pai": "S"},
        {"type": "dahai", "actor": 0, "pai": "S", "tsumogiri": True},
        {"type": "pon", "actor": 3, "target": 0, "pai": "S", "consumed": ["S", "S"]},
        {"type": "dahai", "actor": 3, "pai": "4s", "tsumogiri": False},
        {"type": "hora", "actor": 1, "target": 3, "deltas": [0, 8000, 0, -8000]},
        {"type": "end_kyoku"},
    ]
    record = read("\n".join(json.dumps(x) for x in lines))
    assert record.names == ("a", "b", "c", "d") and record.start.scores == (25000,) * 4
    assert record.end is None and len(record.rounds) == 1
    hora = record.rounds[0].results[0]
    assert isinstance(hora, ev.Hora) and hora.scores == (25000, 33000, 25000, 17000)
    assert ev.mjai_tile(hora.pai) == "4s"


def test_detect_format() -> None:
    assert detect_format(dumps(_game("ema", 1))) == "mjai"
    assert detect_format(dumps(_game("ema", 1), format="tenhou6").encode()) == "tenhou6"
    assert detect_format(gzip.compress((DATA / "tenhou6" / "cases" / "rinshan.json").read_bytes())) == "tenhou6"
    assert detect_format(next((DATA / "mjlog").glob("*.gz")).read_bytes()) == "mjlog"
    with pytest.raises(LogFormatError, match="not a known game record"):
        detect_format("hello")


@pytest.mark.parametrize("content, message", [
    (b"", "empty, or blanks only"),
    (b" \r\n\t\n", "empty, or blanks only"),
    (gzip.compress(b"", mtime=0), "empty, or blanks only"),
    (b"Hello, world\n", "not a known game record: 'Hello, world\\n'"),
], ids=["empty", "blanks", "empty-gzip", "text"])
def test_a_file_that_is_no_record_is_named_in_the_error(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    expected = r" \(expected mjai JSON lines, tenhou.net/6 JSON or mjlog XML\)$"
    with pytest.raises(LogFormatError, match=f"^{re.escape(str(path))}: {re.escape(message)}.*{expected}"):
        read(path)
    with pytest.raises(LogFormatError, match=f"^<record>: {re.escape(message)}.*{expected}"):
        read(content)


@pytest.mark.parametrize("text", ["", "   ", " \t\r", "\ufeff"])
def test_an_empty_text_is_read_as_an_empty_record_not_as_a_path(text: str) -> None:
    with pytest.raises(LogFormatError, match=r"^<record>: empty, or blanks only \(expected mjai JSON lines"):
        read(text)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "mjlog"])
def test_a_record_after_a_byte_order_mark_reads_as_without_it(fmt: str) -> None:
    """A UTF-8 byte order mark (an editor's, Windows Notepad's) is detected past, and read past,
    in every format: as text, as bytes and gzip-compressed."""
    text = (gzip.decompress(next((DATA / "mjlog").glob("*.gz")).read_bytes()).decode() if fmt == "mjlog"
            else dumps(_game("tenhou", 2), format=fmt))
    plain = read(text)
    for marked in ("\ufeff" + text, "\ufeff".encode() + text.encode(), gzip.compress(("\ufeff" + text).encode())):
        assert detect_format(marked) == fmt
        assert read(marked) == plain


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "mjlog"])
@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_a_record_saved_as_utf16_or_utf32_reads_as_in_utf8(fmt: str, encoding: str, tmp_path: Path) -> None:
    """Windows Notepad's "Unicode" is UTF-16 with a byte order mark; without the mark the zero
    bytes beside the first character tell it, as JSON's own detection does. Every format reads
    from such a file, plain or gzip-compressed, as from its UTF-8 text."""
    text = (gzip.decompress(next((DATA / "mjlog").glob("*.gz")).read_bytes()).decode() if fmt == "mjlog"
            else dumps(_game("tenhou", 2), format=fmt))
    plain = read(text)
    saved = tmp_path / "record"
    for data in (text.encode(encoding), gzip.compress(text.encode(encoding))):
        saved.write_bytes(data)
        assert detect_format(data) == fmt
        assert read(data) == plain and read(saved) == plain


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6"])
def test_names_in_shift_jis_are_refused_naming_the_line_and_column(fmt: str) -> None:
    """Tenhou's own files are UTF-8; a record saved again by a Japanese editor in Shift-JIS is
    refused where its first name begins."""
    game = read(dumps(_game("tenhou", 2), format=fmt))
    named = dataclasses.replace(game, names=("東家", "南家", "西家", "北家"))
    text = dumps(named, format=fmt)
    line = next(k for k, row in enumerate(text.split("\n"), 1) if "東家" in row)
    column = text.split("\n")[line - 1].index("東家") + 1
    with pytest.raises(LogFormatError, match=rf"^<record>, line {line}: not UTF-8 text \(byte 0x93 at "
                       rf"column {column}; expected UTF-8, or UTF-16 or UTF-32 from the first byte on\)$"):
        read(text.encode("shift_jis"))


def test_a_utf16_record_cut_in_a_character_is_refused_saying_so() -> None:
    data = dumps(_game("tenhou", 2)).encode("utf-16")[:-1]
    with pytest.raises(LogFormatError, match=r"^<record>: not UTF-16 text, as its first bytes say"):
        read(data)


# --- errors ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def mjai_text() -> str:
    return dumps(_game("tenhou", 4))


def _lines(text: str) -> list[dict[str, object]]:
    return [json.loads(x) for x in text.splitlines()]


def _joined(lines: list[dict[str, object]]) -> str:
    return "\n".join(json.dumps(x) for x in lines)


def test_mjai_errors_name_the_line(mjai_text: str) -> None:
    lines = _lines(mjai_text)
    k = next(i for i, x in enumerate(lines) if x["type"] == "dahai" and not x["tsumogiri"])
    bad = [dict(x) for x in lines]
    bad[k]["pai"] = "9z"
    with pytest.raises(LogFormatError, match=rf"<mjai>, line {k + 1}: field 'pai': '9z' is not an mjai tile"):
        read(_joined(bad), format="mjai")
    bad = [dict(x) for x in lines]
    held = set(bad[1]["tehais"][bad[k]["actor"]])  # type: ignore[index]
    bad[k]["pai"] = next(t for t in ("1m", "9m", "1p", "9p", "E", "C") if t not in held)
    with pytest.raises(LogFormatError, match=rf"line {k + 1}: seat {bad[k]['actor']} does not hold"):
        read(_joined(bad), format="mjai")
    with pytest.raises(LogFormatError, match=r"line 3: not JSON"):
        read("\n".join(mjai_text.splitlines()[:2] + ['{"type": "tsumo", "act']), format="mjai")
    with pytest.raises(LogFormatError, match=r"line 2: start_kyoku lacks the field 'tehais'"):
        read(_joined([lines[0], {k: v for k, v in lines[1].items() if k != "tehais"}]), format="mjai")
    with pytest.raises(LogFormatError, match=r"'hello' is not an mjai event"):
        read(_joined([lines[0], {"type": "hello"}]), format="mjai")


def test_a_log_of_one_seats_view_is_refused_as_hidden_hands(mjai_text: str) -> None:
    """What an mjai server sends one player hides the others' tiles as "?": the error says so."""
    lines = _lines(mjai_text)
    view = [dict(x) for x in lines[:6]]
    view[1]["tehais"] = [hand if seat == 0 else ["?"] * 13  # type: ignore[index]
                         for seat, hand in enumerate(view[1]["tehais"])]  # type: ignore[arg-type]
    hidden = r"'\?' is a hidden tile: this is a log of one seat's view, with the other hands hidden"
    with pytest.raises(LogFormatError, match=rf"<mjai>, line 2: field 'tehais': {hidden}"):
        read(_joined(view), format="mjai")
    k = next(i for i, x in enumerate(lines) if x["type"] == "tsumo" and x["actor"] != 0)
    drawn = [dict(x) for x in lines[: k + 1]]
    drawn[k]["pai"] = "?"
    with pytest.raises(LogFormatError, match=rf"<mjai>, line {k + 1}: field 'pai': {hidden}"):
        read(_joined(drawn), format="mjai")


def test_a_truncated_record_reads_as_far_as_it_goes(mjai_text: str) -> None:
    """A record cut at a line boundary is a game without its end; cut inside a line, an error."""
    lines = mjai_text.splitlines()
    record = read("\n".join(lines[:300]), format="mjai")
    assert record.end is None and replay(record, rules="tenhou").differences == ()
    with pytest.raises(LogFormatError, match="line 300: not JSON"):
        read("\n".join(lines[:299]) + "\n" + lines[299][:-5], format="mjai")


# --- red fives: tenhou.net/6 rule.aka ------------------------------------------------------------

NO_RED_FIVES = "ema-2016"
FIVES = (4, 13, 22)  # the tile types 5m, 5p, 5s


def _tile_codes(value: object) -> set[int]:
    """Every tile number of a tenhou.net/6 log: in lists, and inside call strings."""
    if isinstance(value, list):
        return set().union(*(_tile_codes(v) for v in value))
    if isinstance(value, int) and not isinstance(value, bool):
        return {value}
    if isinstance(value, str) and re.fullmatch(r"[0-9a-z]+", value):
        return {int(d) for d in re.findall(r"\d\d", re.sub("[a-z]", "", value))}
    return set()


def _all_copies_shown(record: GameRecord) -> int:
    """How many times a round shows all four copies of a five (dealt, drawn or turned)."""
    count = 0
    for rnd in record.rounds:
        start = rnd.start
        shown = {t for hand in start.tehais for t in hand} | {start.dora_marker}
        shown |= {e.pai for e in rnd.events if isinstance(e, ev.Draw)}
        shown |= {e.dora_marker for e in rnd.events if isinstance(e, ev.Dora)}
        count += sum(all(kind * 4 + c in shown for c in range(4)) for kind in FIVES)
    return count


def _by_kind(mjai_text: str) -> str:
    """mjai text with the five of id 16, 52, 88 named as the plain five it is without red fives."""
    return re.sub(r'"5([mps])r"', r'"5\1"', mjai_text)


def test_a_game_without_red_fives_round_trips_through_tenhou6() -> None:
    """Under a rule set without red fives the writer says so (``aka: 0``) and names every five
    plain; the record reads back, four plain fives of a suit and all, and replays with the same
    events."""
    assert not RuleSet.preset(NO_RED_FIVES).red_fives
    four_plain = 0
    for seed in range(FAST_GAMES):
        result = _game(NO_RED_FIVES, seed)
        text = dumps(result, format="tenhou6")
        obj = json.loads(text)
        assert obj["rule"]["aka"] == 0
        assert not _tile_codes(obj["log"]) & {51, 52, 53}
        record = read(text)
        assert record.red_fives is False
        assert record.end is not None and record.end.scores == result.final_scores
        report = replay(record, rules=NO_RED_FIVES)
        assert [str(d) for d in report.differences] == []
        assert _by_kind(_mjai(report.events)) == _by_kind(_mjai(result.events))
        assert dumps(report, format="tenhou6") == text
        four_plain += _all_copies_shown(record)
    assert four_plain > 0


def test_a_game_with_red_fives_says_so_in_tenhou6() -> None:
    obj = json.loads(dumps(_game("tenhou", 0), format="tenhou6"))
    assert obj["rule"]["aka"] == 1 and _tile_codes(obj["log"]) & {51, 52, 53}


def _nine_terminals(rule: object, seat_1_five: int = 15) -> str:
    """The nine-terminals round of the rare cases, with its rule replaced, seat 1's red 5m made
    ``seat_1_five`` and seat 2's 7m a fourth 5m."""
    obj = json.loads((DATA / "tenhou6" / "cases" / "kyushukyuhai.json").read_text())
    rnd = obj["log"][0]
    rnd[7][rnd[7].index(51)] = seat_1_five
    rnd[10][rnd[10].index(17)] = 15
    obj["rule"] = rule
    return json.dumps(obj)


def test_a_tenhou6_record_without_red_fives_reads_four_plain_fives() -> None:
    for rule in ({"disp": "般南喰", "aka": 0}, {"aka51": 0, "aka52": 0, "aka53": 0}):
        record = read(_nine_terminals(rule), format="tenhou6")
        assert record.red_fives is False
        start = record.rounds[0].start
        assert sorted(t for hand in start.tehais for t in hand if t // 4 == 4) == [16, 17, 18, 19]
        no_red_fives = dataclasses.replace(RuleSet.preset("tenhou"), red_fives=False)
        assert [str(d) for d in replay(record, rules=no_red_fives).differences] == []
        again = json.loads(dumps(record, format="tenhou6"))
        assert again["rule"]["aka"] == 0
        assert again["log"] == json.loads(_nine_terminals(rule))["log"]


def test_tenhou6_red_fives_must_match_the_rule() -> None:
    fourth = r"round 1 \(E4-0\): a fourth plain 5m \(the fourth copy is the red five\)"
    with pytest.raises(LogFormatError, match=fourth):
        read(_nine_terminals({"aka": 1}), format="tenhou6")
    with pytest.raises(LogFormatError, match="a fourth plain 5m"):
        read(_nine_terminals({}), format="tenhou6")  # no word on red fives: Tenhou's usual game
    red = r"round 1 \(E4-0\): a red five \(5[mps]r\) in a game without red fives"
    for code in (51, 52, 53):
        text = _nine_terminals({"aka": 0}, seat_1_five=code)
        with pytest.raises(LogFormatError, match=red):
            read(text, format="tenhou6")


@pytest.mark.parametrize(("rule", "message"), [
    ({"aka": 2}, r"rule aka=2: expected 0 \(no red fives\) or 1 \(one red five per suit\)"),
    ({"aka": True}, r"rule aka=True: expected 0"),
    ({"aka51": 1, "aka52": 2, "aka53": 1}, r"rule aka52=2: expected 0"),
    ({"aka51": 0, "aka52": 1, "aka53": 1}, r"rule aka51=0, aka52=1, aka53=1: red fives in some suits only"),
    ("aka", r"'rule' must be an object, got 'aka'"),
])
def test_tenhou6_red_five_rules_nobody_plays_are_refused(rule: object, message: str) -> None:
    with pytest.raises(LogFormatError, match=r"^<tenhou6>: " + message):
        read(_nine_terminals(rule), format="tenhou6")


def test_tenhou6_errors_name_the_round() -> None:
    obj = json.loads((DATA / "tenhou6" / "cases" / "ranked_game.json").read_text())
    obj["log"][2][6][3] = 47 if obj["log"][2][6][3] != 47 else 46  # seat 0 discards a tile not held
    with pytest.raises(LogFormatError, match=r"<tenhou6>, round 3 \(E2-1\): "):
        read(json.dumps(obj), format="tenhou6")
    obj = json.loads((DATA / "tenhou6" / "cases" / "ranked_game.json").read_text())
    obj["log"][1][16] = ["謎"]
    with pytest.raises(LogFormatError, match=r"round 2 \(E2-0\): '謎' is not a tenhou.net/6 result"):
        read(json.dumps(obj), format="tenhou6")
    obj["log"][1] = obj["log"][1][:5]
    with pytest.raises(LogFormatError, match=r"round 2: a round is a list of 17 entries"):
        read(json.dumps(obj), format="tenhou6")


def test_a_tenhou6_round_head_of_another_dealer_is_named_as_such() -> None:
    """The head alone says who deals: a West round's head (W2, seat 1 deals) on a round seat 2
    dealt is refused at the head, not as play that goes on after the round ended."""
    obj = json.loads((DATA / "tenhou6" / "cases" / "four_reach.json").read_text(encoding="utf-8"))
    assert obj["log"][0][0] == [2, 0, 0]
    obj["log"][0][0] = [9, 0, 0]
    expected = (r"^<tenhou6>, round 1 \(W2-0\): the round head \[9, 0, 0\] makes seat 1 the dealer, but "
                r"the round is played as seat 2 deals \(expected .*\[10, 0, 0\] for W3; with seat 1 dealing: ")
    with pytest.raises(LogFormatError, match=expected):
        read(json.dumps(obj, ensure_ascii=False), format="tenhou6")
    obj["log"][0][0] = [10, 0, 0]  # the head of a West round that seat 2 deals: it reads
    assert read(json.dumps(obj, ensure_ascii=False), format="tenhou6").rounds[0].start.oya == 2


@pytest.mark.parametrize("entry, bad", [
    *((entry, bad) for entry in (2, 3, 4) for bad in (0, 54, 11.0, True, "11")),  # indicators, a hand
    *((5, bad) for bad in (0, 54, True)),  # a take (not a number: a call)
    *((6, bad) for bad in (54, 11.0, True, "11")),  # a discard (0: after an open kan)
])
def test_a_tenhou6_number_that_is_no_tile_is_refused_naming_the_round(entry: int, bad: object) -> None:
    """Dora and ura indicators, starting hands, takes and discards."""
    obj = json.loads((DATA / "tenhou6" / "cases" / "ranked_game.json").read_text())
    round_ = obj["log"][1]
    round_[3] = round_[3] or [11]
    round_[entry][0] = bad
    with pytest.raises(LogFormatError, match=rf"^<tenhou6>, round 2 \(E2-0\): {re.escape(repr(bad))} is not a "
                       r"tenhou.net/6 tile \(11-19, 21-29, 31-39, 41-47, 51-53\)$"):
        read(json.dumps(obj), format="tenhou6")


def test_an_mjlog_without_seed_that_shows_a_tile_twice() -> None:
    """Without a shuffle seed the walls come from what the rounds show, which must be possible
    (found by the fuzzing: a draw doubled)."""
    text = gzip.decompress(MJLOGS[0].read_bytes()).decode()
    text = re.sub(r"<SHUFFLE[^>]*/>", "", text)
    assert read(text).walls is not None
    first_draw = re.search(r"<T\d+/>", text)
    assert first_draw is not None
    doubled = text[: first_draw.end()] + first_draw.group() + text[first_draw.end() :]
    with pytest.raises(LogFormatError, match=r"<mjlog>, round 1: the round shows the tile \w+ \(id \d+\) twice"):
        read(doubled, format="mjlog")


def test_an_mjlog_added_kan_without_its_pon() -> None:
    """Found by fuzzing: a meld code rewritten into an added kan of a pon never called."""
    text = gzip.decompress(MJLOGS[0].read_bytes()).decode()
    call = re.search(r'<N who="(\d)" m="(\d+)" ?/>', text)
    assert call is not None
    kakan = f'<N who="{call.group(1)}" m="{(0 << 9) | 0x10 | 1}" />'  # an added kan of 1m
    with pytest.raises(LogFormatError, match=r"<mjlog>, round \d+ honba \d+: seat \d adds a kan to a pon of 1m"):
        read(text[: call.start()] + kakan + text[call.end() :], format="mjlog")


def test_errors_are_riichi_errors() -> None:
    assert issubclass(LogFormatError, RiichiError)
    with pytest.raises(LogFormatError, match="cannot read"):
        read("/nonexistent/game.mjlog")
    with pytest.raises(LogFormatError, match="format='csv'"):
        read("{}", format="csv")


# --- replay finds differences ------------------------------------------------------------------


def _tampered(record: GameRecord, index: int, event: ev.Event) -> GameRecord:
    rnd = record.rounds[index]
    k = next(i for i, e in enumerate(rnd.events) if type(e) is type(event))
    new = dataclasses.replace(rnd, events=rnd.events[:k] + (event,) + rnd.events[k + 1 :])
    return dataclasses.replace(record, rounds=record.rounds[:index] + (new,) + record.rounds[index + 1 :])


def test_replay_reports_each_kind_of_difference() -> None:
    result = _game("tenhou", 19)  # a game with a win and exhaustive draws
    record = GameRecord.from_events(result.events)
    assert replay(record, rules="tenhou").ok

    win_round = next(i for i, r in enumerate(record.rounds) if isinstance(r.results[0], ev.Hora))
    hora = record.rounds[win_round].results[0]
    assert isinstance(hora, ev.Hora)
    more = tuple(d + (1000 if s == hora.actor else -1000 if s == (hora.actor + 1) % 4 else 0)
                 for s, d in enumerate(hora.deltas))
    report = replay(_tampered(record, win_round, dataclasses.replace(hora, deltas=more)), rules="tenhou")
    assert [(d.round, d.aspect) for d in report.differences][:1] == [(win_round, "win")]

    first = record.rounds[0]
    dahai = next(e for e in first.events if isinstance(e, ev.Dahai))
    hand = set(first.start.tehais[dahai.actor])
    foreign = next(t for t in range(136) if t not in hand and t // 4 != dahai.pai // 4)
    report = replay(_tampered(record, 0, dataclasses.replace(dahai, pai=foreign)), rules="tenhou")
    assert [(d.round, d.aspect) for d in report.differences][:1] == [(0, "illegal")]
    assert report.differences[0].round == 0 and "not legal" in report.differences[0].message

    draw_round = next(i for i, r in enumerate(record.rounds) if isinstance(r.results[0], ev.Ryukyoku))
    ryu = record.rounds[draw_round].results[0]
    assert isinstance(ryu, ev.Ryukyoku)
    other = dataclasses.replace(ryu, deltas=tuple(-d for d in ryu.deltas) if any(ryu.deltas) else (1, -1, 0, 0))
    report = replay(_tampered(record, draw_round, other), rules="tenhou")
    assert [(d.round, d.aspect) for d in report.differences][:1] == [(draw_round, "draw_result")]

    end = record.end
    assert end is not None
    report = replay(dataclasses.replace(record, end=dataclasses.replace(end, scores=(0, 0, 0, 0))), rules="tenhou")
    assert [d.aspect for d in report.differences] == ["final_scores"]

    report = replay(record, rules="ema")  # other rules, other game
    assert not report.ok


ABSURD = [10**30, -(10**30), 0, 0]
MJLOG_SAMPLE = MJLOGS[0]


def _absurd_mjai(mjai_text: str, event: str) -> str:
    lines = _lines(mjai_text)
    k = next(i for i, x in enumerate(lines) if x["type"] == event)
    lines[k]["scores"] = ABSURD
    return _joined(lines)


@pytest.mark.parametrize(("event", "message"), [
    ("start_kyoku", r"<mjai>, line 2: round E1-0: the scores \[10{30}, -10{30}, 0, 0\]: expected 4 whole "
                    r"numbers of points \(3 at three players, 2 at two\) from -10,000,000 to 10,000,000"),
    ("start_game", r"<mjai>, line 1: start_game: the scores \[10{30}, .*: expected 4 whole numbers"),
    ("end_game", r"<mjai>, line \d+: end_game: the scores \[10{30}, .*: expected 4 whole numbers"),
])
def test_absurd_mjai_scores_are_refused_naming_the_round(mjai_text: str, event: str, message: str) -> None:
    with pytest.raises(LogFormatError, match=message):
        read(_absurd_mjai(mjai_text, event), format="mjai")


def test_absurd_scores_are_refused_in_every_format() -> None:
    obj = json.loads(dumps(_game("tenhou", 4), format="tenhou6"))
    obj["log"][1][1] = ABSURD
    with pytest.raises(LogFormatError, match=r"<tenhou6>, round 2 \(E\d-\d\): the scores \[10{30}, .*: "
                                             r"expected 4 whole numbers of points"):
        read(json.dumps(obj), format="tenhou6")
    text = gzip.decompress(MJLOG_SAMPLE.read_bytes()).decode()
    assert 'ten="250,250,250,250"' in text
    huge = text.replace('ten="250,250,250,250"', f'ten="{10**28},{-(10**28)},250,250"', 1)
    with pytest.raises(LogFormatError, match=r"<mjlog>, round 0 honba 0: the scores \(10{30}, .*: expected 4 whole"):
        read(huge, format="mjlog")
    paid = re.sub(r'(<AGARI [^>]*sc=")250,0,', rf"\g<1>250,{10**28},", text, count=1)
    assert paid != text
    with pytest.raises(LogFormatError, match=r"<mjlog>, round \d+ honba \d+: the payments \(10{30}, .*: expected"):
        read(paid, format="mjlog")


def test_a_record_of_more_rounds_than_any_game_is_refused_before_they_are_read() -> None:
    """At the size bound a record holds some 20,000 rounds; more than MAX_ROUNDS are refused."""
    from riichi.logs import MAX_ROUNDS

    text = gzip.decompress(MJLOG_SAMPLE.read_bytes()).decode()
    record = read(text)
    obj = json.loads(dumps(record, format="tenhou6"))
    many = MAX_ROUNDS // len(obj["log"]) + 1
    obj["log"] = obj["log"] * many
    with pytest.raises(LogFormatError, match=rf"<tenhou6>: more than {MAX_ROUNDS:,} rounds \(riichi.logs.MAX_ROUNDS\)"):
        read(json.dumps(obj), format="tenhou6")
    lines = dumps(record, format="mjai").splitlines()
    with pytest.raises(LogFormatError, match=rf"<mjai>, line \d+: more than {MAX_ROUNDS:,} rounds"):
        read("\n".join([lines[0], *lines[1:-1] * many]), format="mjai")
    head, rest = text.split("<INIT", 1)
    body = re.sub(r' owari="[^"]*"', "", "<INIT" + rest.rsplit("</mjloggm>", 1)[0])
    with pytest.raises(LogFormatError, match=rf"<mjlog>, line \d+, column \d+: more than {MAX_ROUNDS:,} rounds"):
        read(head + body * many + "</mjloggm>", format="mjlog")
    # one hand again and again, each aborted (nine terminals, the dealer staying, one honba more):
    # rounds that follow each other and carry the table over
    aborted = json.loads((DATA / "tenhou6" / "cases" / "kyushukyuhai.json").read_text(encoding="utf-8"))
    aborted["log"] = [[[3, honba, 0], *aborted["log"][0][1:]] for honba in range(MAX_ROUNDS)]
    assert len(read(json.dumps(aborted), format="tenhou6").rounds) == MAX_ROUNDS
