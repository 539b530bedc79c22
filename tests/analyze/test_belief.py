"""The belief over an opponent's hand: its discard model favours the real hand of a record, the
analysis reports how far the weights narrowed the choice (effective sample size) and warns when
they collapse, and the fit script makes the table the package ships."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import warnings
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from riichi import _core
from riichi.agents import DefensiveAgent
from riichi.analyze import decision
from riichi.analyze._belief import AGES, FEATURES, draw_hand, log_likelihood
from riichi.analyze.belief import (
    DEFAULT_MODEL, ESS_WARNING, LEVELS, PICKS, BeliefWarning, Model, beliefs, passed_tiles, prior_cell,
)
from riichi.analyze.belief_table import PRIOR
from riichi.analyze.decision import analyse_point
from riichi.analyze.position import AnalysisError, as_record, find_point
from riichi.analyze.worlds import hidden_places
from riichi.game import play_game
from riichi.logs import events as ev, read

ROOT = Path(__file__).parent.parent.parent
MJLOGS = sorted((ROOT / "tests" / "data" / "mjlog").glob("*.mjlog.gz"))


@cache
def selfplay(seed: int = 11):
    return as_record(play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)], seed=seed))


def _counts(tiles) -> bytes:
    counts = bytearray(34)
    for t in tiles:
        counts[t >> 2] += 1
    return bytes(counts)


def test_the_discard_model_favours_the_real_hand_of_a_record():
    """At decisions of real games, each opponent's real hand (from the record) among 15 hands
    of the same shanten drawn uniformly from the tiles it could hold: the discard model gives the
    real one on average several times the weight of a hand drawn at random (1/16)."""
    coef = np.asarray(DEFAULT_MODEL.discards)
    shares = []
    rng = np.random.default_rng(5)
    for path in MJLOGS[1::20]:
        record, rules = as_record(read(path))
        dahai = [k for k, e in enumerate(record.events) if isinstance(e, ev.Dahai)
                 and not isinstance(record.events[k - 1], ev.Reach)]
        for k in dahai[8::23]:
            try:
                point = find_point(record, rules, k, record.events[k].actor)
            except AnalysisError:
                continue
            state = point.state
            for b in beliefs(state, point.seat, {}):
                p = state.players[b.seat]
                if b.riichi or len(b.history) < 4:
                    continue
                pool = [state.wall.yama[i] for i in hidden_places(state.wall)]
                pool += [t for s in range(4) if s != point.seat for t in state.players[s].hand]
                level = min(_core.shanten(p.counts), LEVELS - 1)
                weights = [log_likelihood(bytes(p.counts), b.size, b.history, b.ages, coef)]
                for _ in range(15):
                    order = rng.permutation(len(pool))
                    hand, _, _, _, reached = draw_hand(
                        [pool[i] for i in order[:b.size]], [pool[i] for i in order[b.size:]], 0,
                        level, 0, b.melded, b"", b"", np.zeros(16), rng.random((1600, 2)), 30,
                        1, 1, 0.0)
                    assert reached
                    weights.append(log_likelihood(_counts(hand), b.size, b.history, b.ages,
                                                  coef))
                w = np.exp(np.array(weights) - max(weights))
                shares.append(w[0] / w.sum())
    assert len(shares) > 40
    assert np.mean(shares) > 3 / 16, np.mean(shares)
    assert np.median(shares) > 1 / 16


def test_the_effective_sample_size_is_reported_per_seat():
    record, rules = selfplay()
    result = decision(record, "E1-6", seat=1, samples=12, horizon="hand", seed=3, rules=rules,
                      progress=False)
    assert sorted(result.ess) == [0, 2, 3]
    assert all(1.0 <= e <= PICKS for e in result.ess.values())
    assert 0.0 <= result.collapsed <= 1.0
    assert result.to_json()["ess"] == {str(s): e for s, e in result.ess.items()}
    assert "effective sample size seat 1" in result.table()  # seats 1-4 for people
    flat = decision(record, "E1-6", seat=1, samples=12, horizon="hand", seed=3, rules=rules,
                    progress=False, worlds="uniform")
    assert flat.ess == {} and "effective sample size" not in flat.table()


def test_collapsed_weights_make_the_analysis_warn():
    """A discard model so sharp that one hand of the sixteen takes all the weight."""
    record, rules = selfplay()
    point = find_point(record, rules, "E1-7", seat=1)
    sharp = Model(PRIOR, (-80.0, 20.0, 0.0, 0.0) * AGES)
    with pytest.warns(BeliefWarning, match="collapsed for seat"):
        result = analyse_point(point, samples=8, horizon="hand", seed=1, progress=False,
                               model=sharp)
    assert result.warning is not None and min(result.ess.values()) < 2.0
    low = [s for s in sorted(result.ess) if result.ess[s] < ESS_WARNING]
    named = ", ".join(str(s) for s in low)  # seats 0-3, as the keys of ess and the JSON's
    assert f"collapsed for seat {named} (" in result.warning
    assert result.to_json()["warning"] == result.warning
    people = ", ".join(str(s + 1) for s in low)  # seats 1-4, as the table's line of the ess
    assert f"warning: the belief's weights collapsed for seat {people} (" in result.table()
    assert all(f"seat {s + 1} {result.ess[s]:.1f}" in result.table() for s in low)
    assert result.collapsed > 0.3
    assert "warning: the belief's weights collapsed" in result.table()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert analyse_point(point, samples=8, horizon="hand", seed=1, progress=False).warning \
            is None


def test_a_model_of_the_wrong_shape_is_refused():
    with pytest.raises(AnalysisError, match=f"has {FEATURES * AGES} coefficients, not 3"):
        Model(PRIOR, (1.0, 2.0, 3.0))


def test_passed_tiles_are_what_others_discarded_since_the_seats_own_discard():
    events = [ev.Dahai(0, 4, False), ev.Dahai(1, 8, False), ev.Dahai(2, 12, True),
              ev.Dahai(3, 16, False), ev.Dahai(0, 20, True)]
    passed = passed_tiles(events, 4)
    assert passed[0] == 0
    assert passed[1] == (1 << 3) | (1 << 4) | (1 << 5)
    assert passed[3] == 1 << 5


def test_a_kan_that_could_be_robbed_is_passed_by_every_other_seat():
    # seat 1 adds 1m to its pon: seats 0 and 2 could have robbed it (chankan), had they waited
    events = [ev.Dahai(0, 4, False), ev.KakanDeclared(1, 0, (1, 2, 3)), ev.Dahai(2, 8, False)]
    passed = passed_tiles(events, 3)
    assert passed == {0: 0b101, 1: 0b110, 2: 0}


def test_a_north_set_aside_is_passed_only_where_it_may_be_won_on():
    events = [ev.Dahai(0, 4, False), ev.KitaDeclared(1, 120)]
    north = 1 << 30
    assert passed_tiles(events, 3) == {0: north, 1: 0b10, 2: 0b10 | north}
    assert passed_tiles(events, 3, kita_ron=False) == {0: 0, 1: 0b10, 2: 0b10}


def test_the_prior_covers_every_cell_with_shares_that_sum_to_one():
    for melds in range(5):
        for turn in range(0, 25, 2):
            for left in range(0, 71, 7):
                for tedashi in range(0, turn + 1, 3):
                    shares = PRIOR[prior_cell(melds, turn, left, tedashi)]
                    assert len(shares) == LEVELS and min(shares) >= 0
                    assert abs(sum(shares) - 1) < 1e-3
    # what the data says: later in the hand, and with more calls, real hands are closer to tenpai
    assert PRIOR[(0, 4, 3, 3)][0] > PRIOR[(0, 1, 0, 1)][0]
    assert PRIOR[(2, 2, 2, 2)][0] > PRIOR[(0, 2, 2, 2)][0]


def test_the_fit_script_writes_a_table_the_belief_loads(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    for path in MJLOGS[:3]:
        (games / path.name).symlink_to(path)
    out = tmp_path / "table.py"
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "fit_belief.py"), "--data",
                           str(games), "--out", str(out)], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    assert "Fitted on 3 Phoenix-room games" in done.stdout and "shape tilts" in done.stdout
    spec = importlib.util.spec_from_file_location("table", out)
    assert spec is not None and spec.loader is not None
    table = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(table)
    model = Model(table.PRIOR, tuple(table.DISCARD_MODEL), tuple(table.QUALITY))
    assert set(model.prior) == set(PRIOR) and len(model.quality) == LEVELS + 1
    assert all(abs(sum(v) - 1) < 1e-3 for v in model.prior.values())
    # real players keep the discards that keep them efficient, whatever the age of the discard
    assert all(model.discards[a * FEATURES] < 0 for a in range(AGES))
