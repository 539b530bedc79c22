"""A win read from tenhou.net/6 keeps what its text says: the points paid (``1000点``, a tsumo's
``500-1000点`` and a dealer's ``700点∀``), the fu and han (``30符1飜``), and a limit's han from its
yaku; so a game written as tenhou.net/6 reads back with each win's han, fu and points. And the
writer writes that text as Tenhou does: every win of the real games in tests/data, read or
replayed and written again, has Tenhou's own text."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterable

import pytest

from riichi.agents import EfficiencyAgent
from riichi.game import play_game
from riichi.game.replay import replay
from riichi.logs import dumps, read
from riichi.logs import events as ev
from riichi.logs.mjlog_events import TENHOU_YAKU
from riichi.logs.tenhou6_wins import win_text, win_value
from tests.logs.test_records import INCONSISTENT_CASES
from tests.support.paths import DATA

# the cases but the two written by hand to test call parsing (tests/logs/test_records.py says why)
REAL = sorted((DATA / "tenhou6" / "mjx").glob("*.json.gz")) + [
    p for p in sorted((DATA / "tenhou6" / "cases").glob("*.json")) if p.stem not in INCONSISTENT_CASES]


def _wins(events: Iterable[ev.Event]) -> list[ev.Hora]:
    return [e for e in events if isinstance(e, ev.Hora)]


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-3p"])
def test_a_written_game_reads_back_with_each_wins_han_fu_and_points(preset: str) -> None:
    seats = 3 if preset == "tenhou-3p" else 4
    wins: list[tuple[ev.Hora, ev.Hora]] = []
    for seed in range(4):
        game = play_game(preset, [EfficiencyAgent(seed=s) for s in range(seats)], seed=seed)
        wins += zip(_wins(game.events), _wins(read(dumps(game, format="tenhou6")).events))
    assert len(wins) > 20 and any(w.actor == w.target for w, _ in wins)
    for played, read_back in wins:
        assert (read_back.han, read_back.points, read_back.yaku) == (played.han, played.points, played.yaku)
        # a limit's text names the limit, not the fu (as Tenhou writes it): a mangan of three or
        # four han too
        mangan = played.han >= 5 or (played.han >= 3 and played.fu << (played.han + 2) >= 2000)
        assert read_back.fu == (0 if mangan else played.fu)


def test_the_points_of_real_wins_are_what_the_winner_took_before_the_counters() -> None:
    """Tenhou's own texts: the points a win says, with the honba and the riichi sticks on the
    table (this hand's too), are what the winner's payment shows (one winner of each hand: a double ron splits the
    sticks)."""
    texts = set()
    checked = 0
    for path in REAL:
        for record_round in read(path).rounds:
            start, wins = record_round.start, _wins(record_round.events)
            if len(wins) != 1:
                continue
            win = wins[0]
            honba = start.honba * (300 if win.actor != win.target else 100 * (len(start.tehais) - 1))
            sticks = start.kyotaku + sum(isinstance(e, ev.ReachAccepted) for e in record_round.events)
            assert win.points > 0 and win.deltas[win.actor] == win.points + honba + 1000 * sticks, path.name
            checked += 1
            texts.add((win.actor == win.target, win.actor == start.oya))
    assert checked > 100 and texts == {(t, d) for t in (True, False) for d in (True, False)}


def test_tenhou_yaku_read_under_the_engines_names() -> None:
    """Tenhou writes its yaku in Japanese (``槍槓(1飜)``, ``場風 東(1飜)``, ``大三元(役満)``): they
    read as the engine names them, as an mjlog's yaku ids do, its dora lines too."""
    chankan = _wins(read(DATA / "tenhou6" / "cases" / "chankan.json").events)
    assert [w.yaku for w in chankan] == [(("chankan", 1), ("round_wind", 1), ("dora", 1), ("aka_dora", 2))]
    names = {name for path in REAL for win in _wins(read(path).events) for name, _ in win.yaku}
    engine = {*TENHOU_YAKU.values(), "dora", "ura_dora", "aka_dora", "kita"}
    assert len(names) >= 30 and names <= engine and {"daisangen", "tenhou", "ura_dora"} <= names


@pytest.mark.parametrize(("text", "points"), [("満貫" + "9" * 5000 + "点", 0), ("9" * 5000 + "符1飜1000点", 1000),
                                             ("満貫99999999999点", 0)])
def test_a_wins_text_of_figures_no_game_has_is_not_read_as_them(text: str, points: int) -> None:
    """Figures of more digits than any game's (here one Python cannot even convert) are not taken
    for the win's fu or points: it reads with its han from its yaku, and no other exception."""
    record = json.loads((DATA / "tenhou6" / "cases" / "chankan.json").read_text(encoding="utf-8"))
    record["log"][0][-1][2][3] = text
    (win,) = _wins(read(json.dumps(record, ensure_ascii=False)).events)
    assert (win.fu, win.points, win.han) == (0, points, 5)


def _texts(rounds: Iterable[list[object]], order: bool = True) -> list[tuple[str, ...]]:
    """The text and yaku of each win of tenhou.net/6 rounds, in order (the yaku in theirs, or
    sorted)."""
    infos = [info[3:] for rnd in rounds if rnd[-1][0] == "和了" for info in rnd[-1][2::2]]  # type: ignore[index]
    return [(info[0], *(info[1:] if order else sorted(info[1:]))) for info in infos]


def test_each_win_is_written_as_tenhou_writes_it() -> None:
    """Tenhou's texts: ``30符2飜2000点`` for a ron, ``30符3飜1000-2000点`` for a non-dealer's tsumo
    (what each non-dealer and the dealer pay), ``30符4飜3900点∀`` for a dealer's (what each seat
    pays), ``満貫`` for a limit (five han, or three or four with fu enough), and the yaku under
    Tenhou's names (``自風 南(1飜)``, ``四槓子(役満)``). Every win of the 33 real games and the
    rare cases (but one whose yaku are in English), read and written again, says the same, and
    every win of the games replayed through the engine (which scores each hand itself) too, its
    yaku in the engine's order; it said a tsumo's sum (``4000点``, ``11700点``), ``0符4飜8000点``
    for a mangan of four han and the engine's yaku names (``seat_wind(1飜)``, ``suukantsu(13飜)``)."""
    forms = set()
    compared = 0
    for path in REAL:
        text = gzip.decompress(path.read_bytes()).decode() if path.suffix == ".gz" else path.read_text()
        rounds = [rnd for line in text.splitlines() if line.strip() for rnd in json.loads(line)["log"]]
        tenhou = _texts(rounds)
        record = read(path)
        written = _texts(json.loads(dumps(record, format="tenhou6"))["log"])
        if any(y.partition("(")[0].isascii() for win in tenhou for y in win[1:]):  # English: written in Japanese
            assert [w[0] for w in written] == [w[0] for w in tenhou] and path.stem == "confusing_nakis_7"
        else:
            assert written == tenhou, path.name
            compared += len(tenhou)
        if path.parent.name == "mjx":  # whole games: the engine plays them again
            report = replay(record, rules="tenhou")
            assert _texts(json.loads(dumps(report, format="tenhou6"))["log"], order=False) == _texts(rounds, False)
        forms |= {re.sub(r"\d+", "N", win[0]) for win in tenhou}
    assert compared >= 290
    assert {"N符N飜N点", "N符N飜N-N点", "N符N飜N点∀", "満貫N-N点", "満貫N点∀", "満貫N点"} <= forms


@pytest.mark.parametrize(("text", "seats", "points"), [
    ("30符3飜1000-2000点", 4, 4000), ("30符3飜4000点", 4, 4000), ("30符4飜3900点∀", 4, 11700),
    ("30符4飜11700点", 4, 11700), ("満貫2000-4000点", 3, 6000), ("満貫6000点", 3, 6000),
    ("跳満6000点∀", 3, 12000),
])
def test_the_reader_takes_a_tsumo_as_shares_or_as_its_sum(text: str, seats: int, points: int) -> None:
    assert win_value(text, seats)[2] == points


def test_a_three_player_tsumo_is_written_as_its_shares() -> None:
    """Tsumo loss: the non-dealer pays its share and the dealer the dealer's, the empty North's
    share unpaid (``2000-4000点`` for a mangan); a dealer's tsumo is each payer's share."""
    texts = []
    for seed in range(4):
        game = play_game("tenhou-3p", [EfficiencyAgent(seed=s) for s in range(3)], seed=seed)
        log = json.loads(dumps(game, format="tenhou6"))["log"]
        for rnd, win in ((r, w) for r in log if r[-1][0] == "和了" for w in r[-1][2::2]):
            if win[0] == win[1]:
                texts.append(win[3])
                shares = re.search(r"(\d+)(?:-(\d+))?点(∀?)$", win[3])
                assert shares is not None
                each, dealer, every = shares.groups()
                assert (every == "∀") == (win[0] == rnd[0][0] % 4)
                assert every or int(dealer) in (2 * int(each), 2 * int(each) - 100)
    assert len(texts) >= 5 and any("∀" in t for t in texts) and any("-" in t for t in texts)


@pytest.mark.parametrize(("deltas", "winner", "liable", "text"), [
    ((-32000, 32000, 0, 0), 1, 0, "役満8000-16000点"),  # the dealer liable
    ((0, 32300, 0, -32300), 1, 3, "役満8000-16000点"),  # another seat liable, a counter on the table
    ((48000, -48000, 0, 0), 0, 1, "役満16000点∀"),  # a dealer's yakuman
    ((-16100, 32300, -8100, -8100), 1, None, "役満8000-16000点"),  # paid by all, a counter each
])
def test_a_tsumo_paid_by_a_liable_seat_is_written_as_the_hands_shares(
        deltas: tuple[int, ...], winner: int, liable: int | None, text: str) -> None:
    """Pao: the liable seat paid what the others would have, so the shares are the hand's, from
    its points, as for a tsumo paid by all."""
    points = 32000 if winner else 48000
    assert win_text(0, 13, points, deltas, winner=winner, dealer=0, tsumo=True, liable=liable) == text


def test_a_tsumo_paid_otherwise_than_in_shares_is_written_as_its_sum() -> None:
    """Payments that are no shares of each seat (two players; counters not paid alike)."""
    assert win_text(30, 4, 7900, (7900, -7900), winner=0, dealer=1, tsumo=True) == "30符4飜7900点"
    assert win_text(30, 3, 4000, (-2000, 4100, -1100, -1000), winner=1, dealer=0, tsumo=True) == "30符3飜4000点"
