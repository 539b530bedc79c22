"""Settings of an analysis: workers on every backend or a clear refusal, the last hand of the
game judged by placement, and a loss flagged only beyond the noise of the candidates compared."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from riichi.agents import DefensiveAgent
from riichi.analyze import AnalysisError, decision
from riichi.analyze.decision import ActionResult, Decision
from riichi.analyze.estimate import Estimate, share_estimate
from riichi.analyze.position import as_record
from riichi.analyze.review import Review, review
from riichi.errors import BackendError, WrongTypeError
from riichi.game import play_game
from riichi.game.actions import Discard
from riichi.logs import dumps, events as ev

MJLOG = Path(__file__).parent.parent / "data" / "mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog.gz"


@cache
def selfplay(seed: int = 11):
    return as_record(play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)], seed=seed))


def test_several_workers_on_the_local_backend_are_refused_with_a_message():
    record, rules = selfplay()
    with pytest.raises(BackendError, match="the local backend plays in this one process; give "
                                           "backend 'process' or 'ray'"):
        decision(record, "E1-5", seat=1, samples=4, horizon="hand", rules=rules, workers=2,
                 progress=False)
    one = decision(record, "E1-5", seat=1, samples=4, horizon="hand", seed=2, rules=rules,
                   workers=1, progress=False)
    two = decision(record, "E1-5", seat=1, samples=4, horizon="hand", seed=2, rules=rules,
                   workers=2, backend="process", progress=False)
    assert one.to_json() == two.to_json()


def test_a_player_the_worker_processes_cannot_receive_is_refused_with_a_message():
    """A lambda player on the process backend ended in pickle's own PicklingError; the
    simulator refuses it as a BackendError that says what to do."""
    record, rules = selfplay()
    with pytest.raises(BackendError, match=r"^player 0 \(.*<lambda>\) cannot be sent to worker "
                                           r"processes: .*not a lambda or a local function\), "
                                           "or play with backend 'local'$"):
        decision(record, "E1-5", seat=1, samples=4, horizon="hand", rules=rules, workers=1,
                 backend="process", players=lambda seed: DefensiveAgent(seed=seed),
                 progress=False)


def test_the_command_line_refuses_workers_without_a_backend_that_uses_them():
    out = subprocess.run([sys.executable, "-m", "riichi.analyze", str(MJLOG), "--at", "E1-5",
                          "--seat", "1", "--rules", "tenhou", "--samples", "2", "--workers", "2",
                          "--quiet"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert "error: workers=2: the local backend plays in this one process" in out.stderr
    assert "--backend" in out.stderr


def test_the_last_hand_of_the_game_is_judged_by_placement():
    record, rules = selfplay()
    starts = [e for e in record.events if isinstance(e, ev.StartKyoku)]
    assert any(s.bakaze == "S" and s.kyoku == 4 for s in starts)
    honba = next(s.honba for s in starts if s.bakaze == "S" and s.kyoku == 4)
    label = f"S4-{honba}-2" if honba else "S4-2"
    seat = next(s for s in range(4) if s != starts[-1].oya)
    last = decision(record, label, seat=seat, samples=6, horizon="hand", seed=1, rules=rules,
                    progress=False)
    assert last.measure == "points"
    # the table says why, as the review page does ('all-last: judged by placement')
    assert "worlds to the end of the hand (all-last: judged by placement), players" in " ".join(
        last.table(width=200).split())
    assert [a.value for a in last.actions] == [a.points for a in last.actions]
    first = decision(record, "E1-5", seat=1, samples=6, horizon="hand", seed=1, rules=rules,
                     progress=False)
    assert first.measure == "hand_delta"


def _action(tile: int, played: bool, vs: tuple[float, float]) -> ActionResult:
    zero = Estimate(0.0, 0.0, 0.0)
    mean, half = vs
    return ActionResult(Discard(0, tile), f"t{tile}", played, zero, (zero,) * 4, zero, zero,
                        zero, zero, zero, zero, Estimate(mean, mean - half, mean + half), 0.0)


def _decision(*others: tuple[float, float]) -> Decision:
    actions = (_action(0, True, (0.0, 0.0)),) + tuple(
        _action(4 * (k + 1), False, vs) for k, vs in enumerate(others))
    return Decision("E1-1", 1, 0, "hand", 100, ("defensive",) * 4, 1, "hand_delta", actions,
                    None, "", "")


def test_a_loss_is_flagged_only_beyond_the_noise_of_every_candidate_compared():
    # one other candidate: its own 95 % interval, 60 +- 50, excludes zero
    lone = _decision((60.0, 50.0))
    assert lone.lost is not None and lone.lost[0].label == "t4"
    assert lone.lost[1].low == pytest.approx(10.0)
    # the same among five others: the interval widened for five comparisons holds zero
    crowd = _decision((60.0, 50.0), (-5.0, 50.0), (3.0, 50.0), (0.0, 50.0), (-20.0, 50.0))
    assert crowd.lost is None
    # a difference far beyond the noise is flagged among any number of candidates
    clear = _decision((500.0, 50.0), (-5.0, 50.0), (3.0, 50.0), (0.0, 50.0), (-20.0, 50.0))
    assert clear.lost is not None and clear.lost[1].mean == 500.0
    assert clear.lost[1].low > 0 and clear.lost[1].half_width > 50.0
    # docs/analyze.md: the normal point of 1 - 0.025/m for m candidates (2.58 for five)
    assert clear.lost[1].half_width == pytest.approx(50.0 * 2.5758 / 1.96, rel=1e-4)
    assert clear.to_json()["lost"]["action"] == "t4"


def test_a_difference_that_rounds_to_zero_is_shown_without_a_sign():
    """A paired difference of -0.3 [-0.4, -0.2] read '-0 [-0, -0]', and an interval reaching
    -0.4 '[-0, ...]': a loss where the rounded figures show none."""
    rows = _decision((-0.3, 0.1), (1133.6, 1134.0)).table().splitlines()
    assert rows[-7].split()[-3:] == ["0", "[0,", "0]"]  # t4 against the played t0
    assert rows[-6].split()[-3:] == ["1,134", "[0,", "2,268]"]  # t8
    assert Estimate(-0.3, -0.4, -0.2).text(",.1f") == "-0.3 [-0.4, -0.2]"  # what shows keeps it


@pytest.mark.parametrize("worlds", range(1, 41))
def test_a_share_of_none_or_all_has_its_exact_wilson_bound(worlds):
    """Wilson's interval of a share of 0 starts at 0 and that of 1 ends at 1; the rounding of
    centre - half gave 2.8e-17 for 6 worlds (in the JSON) and 0.9999999999999999 for 10."""
    none, every = share_estimate(np.zeros(worlds, bool)), share_estimate(np.ones(worlds, bool))
    assert none.low == 0.0 and none.mean == 0.0 and 0 < none.high < 1
    assert every.high == 1.0 and every.mean == 1.0 and 0 < every.low < 1


def test_the_summary_gives_an_all_last_loss_in_placement_points(tmp_path):
    """In a one-hand game (cardavia) every hand is all-last and judged by placement; the
    review's summary gave its losses in 'points' (the hand's) because the horizon was the hand."""
    from tests.analyze.test_review_page import NeverWins

    game = play_game("cardavia", [NeverWins(seed=0)] + [DefensiveAgent(seed=s) for s in (1, 2, 3)],
                     seed=8)  # seat 1 lets a tsumo go at its last decision, E1-14
    record = tmp_path / "game.mjai.jsonl"
    record.write_text(dumps(game), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "riichi.analyze", str(record), "--seat", "1",
                          "--samples", "8", "--horizon", "hand", "--seed", "1", "--quiet",
                          "--out", str(tmp_path / "page.html")],
                         capture_output=True, text=True, check=True)
    lost = [line for line in out.stdout.splitlines() if line.startswith("  1. ")]
    assert len(lost) == 1 and lost[0].startswith("  1. E1-14: played 4s, tsumo better by ")
    assert lost[0].endswith("] placement points")
    # and one warning is told as one: '1 decisions warn'
    assert "  1 decision warns that the belief's weights collapsed" in out.stdout


class Crashes(DefensiveAgent):
    """The default player with a bug: it raises at its first move."""

    def act(self, obs, legal):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("a bug in the player")


def test_a_player_that_raises_is_told_with_the_world_and_the_seed():
    """A player's own exception came out of the rollout as it was (a traceback on the command
    line); the simulator names the game and its seed, the analysis now names the world."""
    record, rules = selfplay()
    with pytest.raises(AnalysisError) as failed:
        decision(record, "E1-5", seat=1, samples=4, horizon="hand", rules=rules, seed=3,
                 players=Crashes, progress=False)
    event = failed.value.args[0].split("event ")[1].split(" ")[0]
    assert str(failed.value) == (f"world 0 of the decision at event {event} (seat=1 (--seat 2), "
                                 "seed 3) failed: ZeroDivisionError: a bug in the player")
    assert isinstance(failed.value.__cause__, ZeroDivisionError)


@pytest.mark.parametrize("progress", ["no", 0, 1, np.bool_(False)])
def test_a_progress_setting_that_is_no_bool_is_refused(progress, capsys):
    """progress="no" once drew the bar it meant to turn off (a non-empty text is true), and 0 or
    1 passed for a wish; the analysis now refuses it and draws nothing."""
    record, rules = selfplay()
    with pytest.raises(WrongTypeError, match=r"^progress=.*: expected True, False or None \("):
        decision(record, "E1-5", seat=1, samples=2, horizon="hand", seed=1, rules=rules, progress=progress)
    assert capsys.readouterr().err == ""


def _judged(measure: str, loss: float) -> Decision:
    """A decision of a hand's review judged by ``measure``, whose played action lost ``loss``
    (beyond the noise) to the one other candidate."""
    decision = dataclasses.replace(_decision((loss, 1.0)), measure=measure)
    played, other = decision.actions
    better = dataclasses.replace(other, value=Estimate(loss, loss, loss))
    return dataclasses.replace(decision, actions=(better, played))


def test_a_hand_review_ranks_its_losses_in_points_of_the_hand_before_placement_points():
    """A hand's review ranked an all-last loss of 5,000 placement points above a loss of 3,000
    points of the hand, as if the two were one scale; each unit is now ranked on its own, the
    horizon's first (the command's three largest, the page's headline)."""
    decisions = (_judged("hand_delta", 1000.0), _judged("points", 5000.0), _judged("hand_delta", 3000.0))
    result = Review("", 1, ("",) * 4, "hand", 100, ("defensive",) * 4, 1, 0.0, decisions, ({},) * 3)
    assert result.flagged() == result.costliest() == [2, 0, 1]
    assert result.flagged(2) == [2, 0]
    game = dataclasses.replace(result, horizon="game",
                               decisions=tuple(dataclasses.replace(d, measure="points") for d in decisions))
    assert game.flagged() == game.costliest() == [1, 2, 0]


@pytest.mark.parametrize("setting, said", [
    ({"horizon": "x"}, "horizon='x': expected one of game, hand"),
    ({"samples": 1}, "samples=1: expected an int >= 2 (worlds to play)"),
    ({"worlds": "nope"}, "worlds='nope': expected one of belief, uniform, oracle"),
])
def test_a_review_refuses_its_settings_before_it_reaches_the_workers(setting, said):
    """A review started its workers (here: tried to reach a Ray cluster) before it checked its
    own settings, and said the cluster was unreachable; it refuses them first, as decision does."""
    record, rules = selfplay()
    settings = {"samples": 2, **setting}
    for analyse in (lambda: review(record, 1, **settings, rules=rules, backend="ray", ray_address="127.0.0.1:9"),
                    lambda: decision(record, "E1-5", seat=1, **settings, rules=rules, backend="ray",
                                     ray_address="127.0.0.1:9")):
        with pytest.raises(AnalysisError, match=f"^{re.escape(said)}$"):
            analyse()
