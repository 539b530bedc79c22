"""Training data from records: ``encode_record`` of a simulated game's record is what the
environment produced while that game was played (observations, masks, actions, seats, rewards),
and real Tenhou records (mjlog, tenhou.net/6, and mjai written from them) give decisions whose
actions are legal and whose rewards add up to the points Tenhou paid.

Two things no record of the events shows: a call answered on a discard that another seat's claim
took first (a chi under a pon or a ron, a pon under a ron: the record shows the claim made, and
``encode_record`` gives the overridden answer as the pass it came to), and the tiles of the wall
nobody drew or saw, which the oracle encoding's wall planes read (a record rebuilds its wall from
the tiles it shows and puts the others anywhere; an mjlog's shuffle seed gives the very wall).

Data: ``tests/data/mjlog`` and ``tests/data/tenhou6`` (Tenhou game logs from mjx-project/mjx, MIT;
see the READMEs there).
"""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
import pytest

from riichi.env import PLANES, VectorEnv, encode_record
from riichi.env.actions import (
    CHI, DAIMINKAN, DISCARD, KITA, NUM_ACTIONS, PASS, PON, RON, sample_actions,
)
from riichi.errors import InvalidRuleError, LogFormatError, WrongTypeError
from riichi.game import GameResult
from riichi.game.flow import final_results
from riichi.logs import GameRecord, dumps_mjai, read
from riichi.rules import RuleSet
from tests.support.paths import DATA

# the oracle's planes of the wall: the live wall, its next draw, the ura indicators (the last three)
UNSHOWN = len(PLANES["oracle-v1"]) - 3
MJLOGS = sorted((DATA / "mjlog").glob("2022060100gm*.mjlog.gz"))[:6]
TENHOU6 = sorted((DATA / "tenhou6" / "mjx").glob("*.json.gz"))[:4]


def live_games(preset: str, encoding: str, reward: str, seed: int, tables: int = 2) -> list[
        tuple[GameResult, dict[str, np.ndarray]]]:
    """Each table's first game through VectorEnv with random legal actions: its result, and what
    the environment gave at each of its decisions (the rewards of a seat gathered from its
    decision to its next, as the records' rewards are)."""
    results: dict[int, GameResult] = {}
    env = VectorEnv(tables, preset, seed=seed, encoding=encoding, reward=reward,
                    record_events=True, on_game_end=lambda t, r: results.setdefault(t, r))
    obs, info = env.reset()
    rng = np.random.default_rng(seed)
    rows: list[dict[str, list[object]]] = [
        {"obs": [], "mask": [], "action": [], "seat": [], "reward": []} for _ in range(tables)]
    last: list[dict[int, int]] = [{} for _ in range(tables)]  # seat -> its latest row
    while len(results) < tables:
        actions = sample_actions(info["action_mask"], rng)
        playing = [t for t in range(tables) if t not in results]
        for t in playing:
            row = rows[t]
            last[t][int(info["seat"][t])] = len(row["action"])
            row["obs"].append(obs[t])
            row["mask"].append(info["action_mask"][t])
            row["action"].append(int(actions[t]))
            row["seat"].append(int(info["seat"][t]))
            row["reward"].append(0.0)
        obs, _, _, _, info = env.step(actions)
        for t in playing:
            for seat, paid in enumerate(info["rewards"][t]):
                if seat in last[t]:
                    rows[t]["reward"][last[t][seat]] += float(paid)  # type: ignore[operator]
    return [(results[t], {k: np.array(v) for k, v in rows[t].items()}) for t in range(tables)]


@pytest.mark.parametrize(("preset", "encoding", "reward"), [
    ("tenhou", "compact-v1", "points"), ("ema", "rich-v1", "score"),
    ("mleague", "oracle-v1", "rank"), ("tenhou-3p", "compact-v1", "points"),
    ("mahjongsoul-3p", "rich-v1", "rank"),
])
def test_a_simulated_games_record_gives_what_the_environment_gave(
        preset: str, encoding: str, reward: str) -> None:
    for result, live in live_games(preset, encoding, reward, seed=21):
        record = GameRecord.from_events(result.events)
        data = encode_record(record, rules=preset, encoding=encoding, reward=reward)
        assert_as_live(data, live, encoding)


@pytest.mark.parametrize(("preset", "encoding", "reward"), [
    ("2p", "compact-v1", "points"), ("2p-match", "rich-v1", "points"), ("2p", "oracle-v1", "rank"),
])
def test_a_two_player_games_mjai_record_gives_what_the_environment_gave(
        preset: str, encoding: str, reward: str) -> None:
    """Two seats: the game written as mjai (as the simulator keeps it) and read back, and each
    seat's rewards adding up to its result (points), or to +1 and -1 (rank; 0 each for a tie)."""
    for result, live in live_games(preset, encoding, reward, seed=23):
        record = read(dumps_mjai(result.events))
        data = encode_record(record, rules=preset, encoding=encoding, reward=reward)
        assert_as_live(data, live, encoding)
        assert set(data.seat.tolist()) == {0, 1}
        totals = [float(data.reward[data.seat == seat].sum()) for seat in (0, 1)]
        ranks = result.ranks  # docs: 1 - 2 (rank - 1) / (players - 1), a tie the places' mean
        want = ([r / 1000 for r in result.results] if reward == "points" else
                [1.0 - (2 * (r - 1) + ranks.count(r) - 1) for r in ranks])
        assert totals == pytest.approx(want, abs=1e-3)


def assert_as_live(data: object, live: dict[str, np.ndarray], encoding: str) -> None:
    """``data`` from a record holds what the environment gave while the game was played: the
    same rows, but for a call another seat's claim took first (:func:`assert_overridden`)."""
    assert len(data) == len(live["action"]) > 100  # type: ignore[arg-type]
    assert np.array_equal(data.seat, live["seat"])  # type: ignore[attr-defined]
    assert np.array_equal(data.mask, live["mask"])  # type: ignore[attr-defined]
    for k in np.flatnonzero(data.action != live["action"]):  # type: ignore[attr-defined]
        assert_overridden(int(k), live["action"], data)
    shown = slice(None) if encoding != "oracle-v1" else slice(0, UNSHOWN)
    assert np.array_equal(data.obs[:, shown], live["obs"][:, shown])  # type: ignore[attr-defined]
    np.testing.assert_allclose(data.reward, live["reward"], atol=1e-4)  # type: ignore[attr-defined]


def assert_overridden(k: int, live: np.ndarray, data: object) -> None:
    """Row ``k``'s call (live) is a pass in the record because another seat's claim on the same
    tile, of a higher priority, was taken."""
    assert CHI <= live[k] <= DAIMINKAN and data.action[k] == PASS  # type: ignore[attr-defined]
    offered = data.obs[k, 6]  # type: ignore[attr-defined]  # the "offered" plane
    group = [j for j in range(max(k - 3, 0), k + 4)
             if data.mask[j, PASS] and np.array_equal(data.obs[j, 6], offered)]  # type: ignore[attr-defined]
    taken = {int(data.action[j]) for j in group if j != k}  # type: ignore[attr-defined]
    higher = {RON} | ({PON, PON + 1, DAIMINKAN} if live[k] < PON else set())
    assert taken & higher, (k, live[k], taken)


def _check(data: object, record: GameRecord) -> None:
    """Every action legal, every seat asked, and the rewards adding up to the points paid."""
    assert len(data) > 40  # type: ignore[arg-type]
    rows = np.arange(len(data))  # type: ignore[arg-type]
    assert data.mask[rows, data.action].all()  # type: ignore[attr-defined]
    assert set(data.seat.tolist()) == {0, 1, 2, 3}  # type: ignore[attr-defined]
    assert (data.action < NUM_ACTIONS).all()  # type: ignore[attr-defined]
    discards = (data.action >= DISCARD) & (data.action < DISCARD + 38)  # type: ignore[attr-defined]
    assert discards.mean() > 0.4 and (data.action == PASS).any()  # type: ignore[attr-defined]
    if record.end is not None:
        for seat in range(4):
            total = data.reward[data.seat == seat].sum()  # type: ignore[attr-defined]
            assert total == pytest.approx(record.end.results[seat] / 1000, abs=1e-3)


@pytest.mark.parametrize("path", MJLOGS, ids=[p.name[:23] for p in MJLOGS])
def test_real_mjlog_games(path: Path) -> None:
    record = read(path)
    _check(encode_record(record, rules="tenhou"), record)


@pytest.mark.parametrize("path", TENHOU6, ids=[p.name[:10] for p in TENHOU6])
def test_real_tenhou6_games_and_their_mjai(path: Path) -> None:
    record = read(gzip.decompress(path.read_bytes()).decode())
    data = encode_record(record, rules="tenhou")
    _check(data, record)
    again = encode_record(read(dumps_mjai(record.events)), rules="tenhou")
    assert np.array_equal(again.action, data.action) and np.array_equal(again.obs, data.obs)


def test_a_record_that_does_not_replay_is_refused() -> None:
    record = read(MJLOGS[0])
    # the WRC rules round 4 han 30 fu up to a mangan: the first win pays otherwise
    with pytest.raises(LogFormatError, match="does not replay exactly under the rules 'wrc'"):
        encode_record(record, rules="wrc")
    with pytest.raises(WrongTypeError, match="expected a riichi.logs.GameRecord"):
        encode_record(MJLOGS[0].read_bytes(), rules="tenhou")  # type: ignore[arg-type]


@pytest.mark.parametrize(("path", "rules", "seats"), [
    (DATA / "sanma" / "tenhou-sanma-dnovikoff.mjlog.xml", "tenhou", 3),
    (MJLOGS[0], "tenhou-3p", 4),
])
def test_rules_for_another_number_of_players_are_refused_by_name(
        path: Path, rules: str, seats: int) -> None:
    players = 7 - seats
    with pytest.raises(InvalidRuleError, match=rf"the record is a game of {seats} players and "
                                                rf"the rules '{rules}' seat {players}: expected "
                                                rf"rules for {seats} players"):
        encode_record(read(path), rules=rules)


@pytest.mark.parametrize("path", sorted((DATA / "sanma").glob("*.mjlog.xml")),
                         ids=lambda p: p.name[:12])
def test_real_three_player_games(path: Path) -> None:
    """Tenhou's sanma (tests/data/sanma, with its licences): every action legal, every seat asked,
    kita among the actions, and each seat's rewards adding up to its placement points under
    ``tenhou-3p`` from the final scores Tenhou shows (which Tenhou rounds to the thousand)."""
    record = read(path)
    data = encode_record(record, rules="tenhou-3p", encoding="rich-v1")
    assert set(data.seat.tolist()) == {0, 1, 2} and len(data) > 200
    assert data.mask[np.arange(len(data)), data.action].all()
    assert (data.action == KITA).any()
    assert record.end is not None
    _, results = final_results(RuleSet.preset("tenhou-3p"), record.end.scores)
    for seat in range(3):
        total = data.reward[data.seat == seat].sum()
        assert total == pytest.approx(results[seat] / 1000, abs=1e-3)
        assert abs(results[seat] - record.end.results[seat]) <= 1000


def test_a_record_is_encoded_under_the_rules_it_carries_by_default() -> None:
    # rules= was required, where replay and riichi.analyze play a record's own rules by default
    record = read(DATA / "sanma" / "tenhou-sanma-dnovikoff.mjlog.xml")
    assert record.rules is not None and record.rules.name == "tenhou-3p"
    carried = encode_record(record)
    named = encode_record(record, rules="tenhou-3p")
    assert np.array_equal(carried.action, named.action)
    assert np.array_equal(carried.reward, named.reward)
    bare = read(DATA / "tenhou6" / "cases" / "confusing_nakis_7.json")
    assert bare.rules is None
    with pytest.raises(InvalidRuleError, match=r"the record carries no rule set: give rules="):
        encode_record(bare)
