"""The reproducers of the second hardening round, one test each (or a few for a case with parts).

Those that once killed the interpreter (compiled code with bounds checks off, trusting a list
that Python code run in between changed) run in a child process each: the test asserts the child
exits normally with a plain answer or the package's error, not by a signal. The compiled steps
(the players' riichi.agents._efficiency and its neighbours, the scoring kernel) are always
compiled, whatever RIICHI_PURE_PYTHON says.
"""

from __future__ import annotations

import dataclasses
import gzip
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from riichi import IllegalActionError, InvalidHandError, InvalidRuleError, LogFormatError, RiichiError
from riichi.agents import MjaiAgent, MjaiBotError, RandomAgent
from riichi.game import Game, Position, play_game
from riichi.game.actions import Ankan, Chi, Discard, Kakan, Pass, Pon, Riichi
from riichi.logs import MAX_RECORD_BYTES, read
from riichi.logs.mjlog import read_mjlog
from riichi.rules import PRESET_NAMES, RuleSet
from riichi.scoring import hand_shares, hand_value, payment_chart, score_hand
from tests.support.paths import DATA


def run_isolated(code: str) -> str:
    """Run ``code`` in a fresh interpreter; its output, after checking it exited normally."""
    child = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                           text=True, timeout=300)
    # A negative return code is a death by signal (-11: segmentation fault).
    assert child.returncode == 0, f"exited {child.returncode}: {child.stderr[-3000:]}"
    return child.stdout


# ---- 1: interpreter deaths -------------------------------------------------------------------

# An int whose >> empties the list it was taken from (the audit's weapon against chi tiles).
EVIL_INT = """
class Evil(int):
    box = None
    def __rshift__(self, other):
        if Evil.box is not None:
            Evil.box.clear()
        return int(self) >> other
"""


def test_1_efficiency_agent_on_a_chi_whose_tiles_empty_themselves() -> None:
    out = run_isolated(EVIL_INT + """
        from riichi.agents import EfficiencyAgent
        from riichi.game import Game, Observation
        from riichi.game.actions import Chi, Pass
        import riichi
        state = Game("ema", seed=3).new_state()
        for seat in range(4):
            tiles = [Evil(t) for t in state.players[seat].hand[:2]]
            Evil.box = tiles
            try:
                legal = (Chi(seat, tiles), Pass(seat))
            except riichi.RiichiError as e:
                print("refused", type(e).__name__)
                continue
            print(type(legal[0].tiles).__name__, [type(t).__name__ for t in legal[0].tiles])
            try:
                answer = EfficiencyAgent(seat).act(Observation(state, seat), legal)
                print("answer", answer in legal)
            except riichi.RiichiError as e:
                print("error", type(e).__name__)
    """.replace("\n        ", "\n"))
    lines = out.split("\n")
    # The action keeps plain ints in a tuple: what the compiled player reads cannot change.
    assert "tuple ['int', 'int']" in lines
    assert all(line in ("tuple ['int', 'int']", "answer True") or line.startswith("error ")
               for line in lines if line), out


@pytest.mark.parametrize(
    "given",
    [(1.5, 8), ("8", 12), (8,), (8, 12, 16), (8, 136), (-1, 12), 812, None, "ab", (True, 12)],
)
def test_1_a_call_is_checked_when_it_is_made(given: object) -> None:
    with pytest.raises(IllegalActionError, match=r"(Chi|Pon)\.tiles="):
        Chi(1, given)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"Pon\.tiles="):
        Pon(1, given)  # type: ignore[arg-type]


def test_1_every_action_checks_its_fields() -> None:
    import numpy as np

    assert Chi(1, [np.int64(8), 12]) == Chi(1, (8, 12))
    assert type(Discard(np.uint8(2), 5).seat) is int
    for make in (lambda: Discard(4, 5), lambda: Riichi(0, 136), lambda: Ankan(0, 34),
                 lambda: Kakan(-1, 3), lambda: Pass(True), lambda: Discard(0, 2.0)):
        with pytest.raises(IllegalActionError, match="expected an int 0-"):
            make()


def test_1_calls_below_with_chi_tiles_that_empty_themselves() -> None:
    out = run_isolated(EVIL_INT + """
        from riichi.agents._calls import calls_below
        from riichi.tiles import parse_counts
        hand = bytes(parse_counts("1344m678p12349s1z"))
        class LooseChi:  # an action class that does not check its fields
            def __init__(self, tiles):
                self.tiles = tiles
        plain = calls_below(hand, [LooseChi([0, 8]), LooseChi([8, 12])], 8, LooseChi, LooseChi)
        for _ in range(200):
            first, second = [Evil(0), Evil(8)], [Evil(8), Evil(12)]
            Evil.box = first
            got = calls_below(hand, [LooseChi(first), LooseChi(second)], 8, LooseChi, LooseChi)
            assert got == plain, (got, plain)
        print("same", plain)
    """.replace("\n        ", "\n"))
    assert out.strip() == "same (2, [(0, 0, 2, 1)])"


def test_1_listed_discard_with_a_tile_property_that_empties_the_legal_list() -> None:
    out = run_isolated("""
        from riichi.agents._efficiency import listed_discard, turn_discard, discard_types
        from riichi.game.actions import NineTerminals, Riichi
        hand = bytes([0] * 4 + [2] + [0] * 29)
        class LooseDiscard:
            legal = None
            def __init__(self, tile):
                self._tile = tile
            @property
            def tile(self):
                if LooseDiscard.legal is not None:
                    LooseDiscard.legal.clear()
                return self._tile
        results = []
        for _ in range(200):
            legal = [LooseDiscard(16), LooseDiscard(17)]
            LooseDiscard.legal = legal
            chosen = listed_discard(legal, 4, hand, False, LooseDiscard, Riichi, NineTerminals)
            results.append(chosen.tile)
            legal = [LooseDiscard(16), LooseDiscard(17)]
            LooseDiscard.legal = legal
            results.append(discard_types(legal, LooseDiscard))
        print(sorted(set(results)))
    """)
    assert out.strip() == "[16, 17]"  # the plain copy 17 is chosen; the type mask is 1 << 4


def test_1_defend_discard_with_threats_and_candidates_that_empty_their_lists() -> None:
    out = run_isolated("""
        from riichi.agents._efficiency import ALL_TILES, defend_discard
        hand = bytes([1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6
                     + [2, 2, 1, 0, 0, 0, 0])
        z = bytes(34)
        class Weight:
            box = None
            def __float__(self):
                if Weight.box is not None:
                    Weight.box.clear()
                return 1.0
        class Number:
            box = None
            def __init__(self, value):
                self.value = value
            def __index__(self):
                if Number.box is not None:
                    Number.box.clear()
                return self.value
            __int__ = __index__
        threat = (1.0, ALL_TILES, 1)
        plain = defend_discard(hand, z, z, z, 0, ALL_TILES, 0, [threat] * 4, 1.0)
        rows = [(1, 0, 0, t, 4) for t in (0, 1, 2, 29)]
        plain_listed = defend_discard(hand, z, z, z, 0, ALL_TILES, 0, [threat], 1.0, list(rows))
        for _ in range(200):
            threats = [(Weight(), ALL_TILES, 1) for _ in range(4)]
            Weight.box = threats
            assert defend_discard(hand, z, z, z, 0, ALL_TILES, 0, threats, 1.0) == plain
            candidates = [(Number(a), b, c, d, e) for a, b, c, d, e in rows]
            Number.box = candidates
            got = defend_discard(hand, z, z, z, 0, ALL_TILES, 0, [threat], 1.0, candidates)
            assert got == plain_listed, (got, plain_listed)
        print("same")
    """)
    assert out.strip() == "same"


def test_1_score_hand_with_a_meld_whose_kind_adds_melds() -> None:
    out = run_isolated("""
        import riichi
        from riichi import Meld
        from riichi.tiles import parse_ids
        class Growing(Meld):
            box = None
            def __getattribute__(self, name):
                if name == "kind" and Growing.box is not None:
                    Growing.box.append(Growing.box[0])  # one meld more, each time it is read
                return object.__getattribute__(self, name)
        base = Meld.parse("chi:123s")
        for _ in range(100):
            melds = [Growing(base.kind, base.tiles, base.called, base.from_seat)]
            Growing.box = melds
            try:
                r = riichi.score_hand(parse_ids("45678s234p66m"), parse_ids("9s")[0], melds,
                                      tsumo=False, seat_wind="S", round_wind="E")
                print("scored", r.points)
            except riichi.RiichiError as e:
                print(type(e).__name__)
    """)
    assert set(out.split("\n")) - {""} == {"scored 1000"}, out


# ---- 2: mjai bots ----------------------------------------------------------------------------


def _bot(tmp_path: Path, body: str, name: str = "bot.py") -> list[str]:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return [sys.executable, str(path)]


def _play(command: list[str], timeout: float = 5.0) -> None:
    agents = [MjaiAgent(command, timeout=timeout), RandomAgent(1), RandomAgent(2), RandomAgent(3)]
    play_game("ema", agents, seed=0)


def _resident_kib() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
@pytest.mark.parametrize(
    ("stream", "message"),
    [
        ("stdout", r"\(seat 0\) answered start_game with a line of more than 262,144 bytes"),
        ("stderr", r"bot.py'\] \(seat 0\) wrote more than 4,194,304 bytes to its stderr \(at start_game\)"),
    ],
)
def test_2_a_bot_writing_without_end_fails_fast_within_bounded_memory(
    tmp_path: Path, stream: str, message: str
) -> None:
    endless = _bot(tmp_path, f"""
        import sys
        sys.stdin.readline()
        chunk = "x" * 65536  # no newline, ever
        while True:
            sys.{stream}.write(chunk)
            sys.{stream}.flush()
    """)
    before = _resident_kib()
    start = time.monotonic()
    with pytest.raises(MjaiBotError, match=message):
        _play(endless, timeout=30.0)
    assert time.monotonic() - start < 20  # long before the 30 s timeout
    assert _resident_kib() - before < 64 * 1024


def test_2_deeply_nested_json_is_a_bot_error_and_the_bot_is_ended(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    nested = _bot(tmp_path, f"""
        import os, sys
        open({str(pid_file)!r}, "w").write(str(os.getpid()))
        sys.stdin.readline()
        print("[" * 100000 + "]" * 100000, flush=True)
        for line in sys.stdin:
            pass
        import time
        time.sleep(60)
    """)
    with pytest.raises(MjaiBotError, match=r"answered start_game with '\[\[\[.*not JSON"):
        _play(nested)
    _assert_gone(int(pid_file.read_text()))


def _assert_gone(pid: int) -> None:
    """The process ``pid`` has ended (it may linger as a zombie of a parent that is gone)."""
    for _ in range(50):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().split(") ", 1)[1].startswith("Z"):
                    return
        except FileNotFoundError:
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
    pytest.fail(f"process {pid} outlived the game")


# A bot that starts a program of its own, then discards every tile it draws and calls nothing.
SPAWNER = """
import json, os, subprocess, sys
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
open({pids!r}, "w").write(f"{{os.getpid()}} {{child.pid}}")
me = None
for line in sys.stdin:
    e = json.loads(line)
    answer = {{"type": "none"}}
    if e["type"] == "start_game":
        me = e["id"]
    elif e["type"] == "tsumo" and e["actor"] == me:
        answer = {{"type": "dahai", "actor": me, "pai": e["pai"], "tsumogiri": True}}
    print(json.dumps(answer), flush=True)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_2_when_another_agent_raises_the_bot_and_its_grandchild_end(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    spawner = _bot(tmp_path, SPAWNER.format(pids=str(pids)))

    class Crasher(RandomAgent):
        def act(self, observation, legal_actions):  # type: ignore[no-untyped-def]
            raise RuntimeError("crashed")

    agents = [MjaiAgent(spawner, timeout=5.0), Crasher(1), RandomAgent(2), RandomAgent(3)]
    with pytest.raises(RuntimeError, match="crashed"):  # after the bot's first discard
        play_game("ema", agents, seed=0)
    bot, grandchild = map(int, pids.read_text().split())
    _assert_gone(bot)
    _assert_gone(grandchild)


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_2_a_grandchild_ends_with_a_game_that_ends_normally(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    spawner = _bot(tmp_path, SPAWNER.format(pids=str(pids)))
    agents = [RandomAgent(0), RandomAgent(1), RandomAgent(2), MjaiAgent(spawner, timeout=5.0)]
    play_game("cardavia", agents, seed=0)
    for pid in map(int, pids.read_text().split()):
        _assert_gone(pid)


def test_2_an_answer_for_another_seat_is_refused(tmp_path: Path) -> None:
    other = _bot(tmp_path, """
        import json, sys
        me = None
        for line in sys.stdin:
            e = json.loads(line)
            answer = {"type": "none"}
            if e["type"] == "start_game":
                me = e["id"]
            elif e["type"] == "tsumo" and e["actor"] == me:
                answer = {"type": "dahai", "actor": (me + 1) % 4, "pai": e["pai"], "tsumogiri": True}
            print(json.dumps(answer), flush=True)
    """)
    with pytest.raises(IllegalActionError, match=r"\(seat 0\) answered \{\"type\": \"dahai\", \"actor\": 1.* which the rules do not allow for seat 1"):
        _play(other)


# ---- 3: numbers and rules --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("han", "fu", "message"),
    [
        (1, 2**28, "fu=268435456: expected 25 or a multiple of 10 from 20 to 170"),
        (1, 10**9, "fu=1000000000"),
        (1, 2**31, "fu=2147483648"),
        (1, 23, r"fu=23: .*\(fu are rounded up"),
        (1, 19, "fu=19"),
        (0, 30, "han=0: expected an int from 1"),
        (2**31, 30, None),
        (1.5, 30, "han=1.5"),
        (True, 30, "han=True"),
    ],
)
def test_3_hand_value_checks_its_range(han: object, fu: object, message: str | None) -> None:
    if message is None:  # any number of han from 13 is a counted yakuman, not an overflow
        assert hand_value(han, fu) == (8000, "kazoe_yakuman")  # type: ignore[arg-type]
        return
    with pytest.raises(InvalidHandError, match=message):
        hand_value(han, fu)  # type: ignore[arg-type]


def test_3_hand_value_of_every_fu_it_takes_is_positive_and_bounded() -> None:
    for han in range(1, 15):
        for fu in [20, 25, *range(30, 171, 10)]:
            basic, _ = hand_value(han, fu)
            assert 0 < basic <= 8000
    assert payment_chart("ema").count("|") > 100  # the chart still prices every cell


@pytest.mark.parametrize("basic", [536870912, -5, 2**31, 2**63, 800_001, 1.5, None])
def test_3_hand_shares_checks_its_range(basic: object) -> None:
    with pytest.raises(InvalidHandError, match="basic=.*: expected an int from 0 to 800,000"):
        hand_shares(basic, is_dealer=False, tsumo=False)  # type: ignore[arg-type]
    assert hand_shares(800_000, is_dealer=True, tsumo=False) == (4_800_000, 0, 0)


@pytest.mark.parametrize(
    "change",
    [
        {"uma": (10_000, 10_000, 10_000, 10_000)},
        {"oka": 20_001},
        {"start_points": 25_000, "return_points": 30_000, "oka": 0},
        {"players": 2},  # the four-player uma summed over two places: +40,000
    ],
)
def test_3_results_that_do_not_add_up_to_zero_are_refused(change: dict[str, object]) -> None:
    with pytest.raises(InvalidRuleError, match="the final results add up to"):
        dataclasses.replace(RuleSet(), **change)


def test_3_every_preset_adds_up_to_zero() -> None:
    for name in PRESET_NAMES:
        rules = RuleSet.preset(name)
        total = (rules.players * (rules.start_points - rules.return_points)
                 + sum(rules.uma[: rules.players]) + rules.oka)
        assert total == 0, name
    assert RuleSet(start_points=25_000, return_points=30_000, oka=20_000).oka == 20_000


@pytest.mark.parametrize(
    ("rules", "position", "message"),
    [
        ("ema", Position(round_wind=7), r"position.round_wind=7: expected 0-1 \(the rules 'ema' play East, South\)"),
        ("ema", Position(round_wind=2), "position.round_wind=2: expected 0-1"),
        ("cardavia", Position(round_wind=1), "position.round_wind=1: expected 0-0"),
        ("tenhou", Position(round_wind=3), r"expected 0-2 \(the rules 'tenhou' play East, South, West\)"),
    ],
)
def test_3_a_round_the_rules_do_not_play_is_refused(rules: str, position: Position, message: str) -> None:
    with pytest.raises(RiichiError, match=message):
        Game(rules, seed=0).new_state(position=position)
    with pytest.raises(RiichiError, match=message):
        play_game(rules, [RandomAgent(s) for s in range(4)], seed=0, position=position)


def test_3_a_west_hand_where_the_rules_play_west() -> None:
    state = Game("tenhou", seed=0).new_state(position=Position(round_wind=2))
    assert state.position.round_wind == 2


@pytest.mark.parametrize(
    ("concealed", "win", "melds", "dora"),
    [
        ("22m340m78s555z", "9s", ["pon:555p"], ()),
        ("22m34m678s555z", "0m", ["pon:555p"], ()),
        ("22m234m78s555z", "9s", ["pon:055p"], ()),
        ("22m234m78s555z", "9s", ["pon:555p"], ["0p"]),
        ("22m234m78s555z", "9s", ["pon:555p"], "0s"),
    ],
)
def test_3_a_red_five_under_rules_without_red_fives_is_refused(
    concealed: str, win: str, melds: list[str], dora: object
) -> None:
    arguments = dict(tsumo=False, seat_wind="S", round_wind="E", dora_indicators=dora)
    assert score_hand(concealed, win, melds, rules="ema", **arguments).han >= 1  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=r"names a red five .* the rules 'ema-2016' have none"):
        score_hand(concealed, win, melds, rules="ema-2016", **arguments)  # type: ignore[arg-type]


def test_3_without_red_fives_a_five_given_by_id_is_a_plain_five() -> None:
    # 136-id 88 is copy 0 of 5s: the red five where there are red fives, a plain five elsewhere
    # (the table deals every copy whatever the rules).
    from riichi.tiles import parse_ids

    concealed = [88 if t == 89 else t for t in parse_ids("45678s234p66m")]
    arguments = dict(tsumo=False, seat_wind="S", round_wind="E")
    plain = score_hand(concealed, 104, ["chi:123s"], rules="ema-2016", **arguments)  # type: ignore[arg-type]
    red = score_hand(concealed, 104, ["chi:123s"], rules="ema", **arguments)  # type: ignore[arg-type]
    assert red.yaku.get("aka_dora") == 1 and "aka_dora" not in plain.yaku


# ---- 4: records and small things -------------------------------------------------------------


def test_4_a_gzip_bomb_is_refused_within_the_limit(tmp_path: Path) -> None:
    bomb = gzip.compress(b"[" + b"0," * (MAX_RECORD_BYTES // 2 + 10) + b"0]", compresslevel=9)
    assert len(bomb) < MAX_RECORD_BYTES // 100
    with pytest.raises(LogFormatError, match="larger than 16,777,216 bytes"):
        read(bomb)
    path = tmp_path / "bomb.json.gz"
    path.write_bytes(bomb)
    with pytest.raises(LogFormatError, match="larger than 16,777,216 bytes"):
        read(path)
    with pytest.raises(LogFormatError, match="larger than 16,777,216 bytes"):
        read_mjlog(path)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_4_dev_zero_is_refused() -> None:
    with pytest.raises(LogFormatError, match="/dev/zero.*larger than 16,777,216 bytes"):
        read("/dev/zero")


def test_4_a_path_with_a_nul_is_a_log_format_error() -> None:
    with pytest.raises(LogFormatError, match="cannot read 'a\\\\x00b'"):
        read("a\0b")
    with pytest.raises(LogFormatError, match="cannot read"):
        read_mjlog("a\0b")


def test_4_a_text_larger_than_the_limit_is_refused() -> None:
    with pytest.raises(LogFormatError, match="larger than"):
        read("{" + " " * MAX_RECORD_BYTES + "}")


def test_4_real_records_still_read() -> None:
    data = DATA
    records = sorted(data.rglob("*.json")) + sorted(data.rglob("*.mjlog"))
    assert records
    for path in records[:5]:
        read(path)


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        (["--seed", "-1"], "argument --seed: invalid seed '-1': expected 0 or more"),
        (["--seed", "x"], "argument --seed: invalid seed 'x': expected an int"),
        (["--delay", "inf"], "argument --delay: invalid delay 'inf': expected 0 to 10 seconds"),
        (["--delay", "nan"], "argument --delay: invalid delay 'nan'"),
        (["--delay", "-1"], "argument --delay: invalid delay '-1'"),
    ],
)
def test_4_play_refuses_bad_numbers_like_any_bad_argument(argument: list[str], message: str) -> None:
    child = subprocess.run([sys.executable, "-m", "riichi.play", *argument], capture_output=True,
                           text=True, timeout=60)
    assert child.returncode == 2, child.stderr
    assert message in child.stderr and "Traceback" not in child.stderr
