"""The worlds of riichi.analyze: every way of drawing them keeps what the table showed, the chain
over an opponent's hands samples its set uniformly, and the belief draws opponents as fast as real
ones (where the uniform redeal did not)."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from riichi import _core
from riichi.agents import DefensiveAgent
from riichi.analyze import AnalysisError
from riichi.analyze._belief import consistent, draw_hand, hand_quality
from riichi.analyze.belief import beliefs, passed_tiles
from riichi.analyze.position import DecisionPoint, as_record, find_point
from riichi.analyze.worlds import WORLDS, hidden_places, redeal
from riichi.game import play_game
from riichi.logs import events as ev, read

MJLOGS = sorted((Path(__file__).parent.parent / "data" / "mjlog").glob("*.mjlog.gz"))


@cache
def selfplay(seed: int = 11):
    return as_record(play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)], seed=seed))


def discard_points(record, rules, every: int, first: int = 0) -> list[DecisionPoint]:
    """Decision points before every ``every``-th discard of ``record`` (riichi discards aside)."""
    out = []
    events = [k for k, e in enumerate(record.events) if isinstance(e, ev.Dahai)
              and not isinstance(record.events[k - 1], ev.Reach)]
    for k in events[first::every]:
        try:
            out.append(find_point(record, rules, k, record.events[k].actor))
        except AnalysisError:
            continue
    return out


def seat_beliefs(point: DecisionPoint):
    events = point.record.rounds[point.round].events[:point.local]
    return beliefs(point.state, point.seat, passed_tiles(events, point.state.seats))


def public(state, seat):
    """Everything the seat at the decision could see."""
    return (
        sorted(state.players[seat].hand),
        [(tuple(p.melds), tuple(p.discards), p.riichi, p.discard_mask, p.riichi_safe_mask,
          len(p.hand)) for p in state.players],
        tuple(state.dora_indicators), tuple(state.scores), state.wall.live_remaining,
        state.wall.replacements, state.wall.dora_count, state.phase, state.turn, bytes(state.seen),
        state.position.honba, state.position.sticks,
    )


def unseen(state, seat):
    return sorted([state.wall.yama[i] for i in hidden_places(state.wall)]
                  + [t for s in range(state.seats) if s != seat for t in state.players[s].hand])


def test_a_sampled_world_never_contradicts_the_public_record():
    record, rules = selfplay()
    points = discard_points(record, rules, every=9)
    real, real_rules = as_record(read(MJLOGS[5]))
    points += discard_points(real, real_rules, every=13)
    assert any(p.state.players[s].riichi for p in points for s in range(4) if s != p.seat)
    assert any(p.state.players[s].melds for p in points for s in range(4) if s != p.seat)
    for point, worlds, world in sampled_worlds(points, 4):
        assert sorted(world.tile_locations()) == list(range(136))
        assert_keeps_the_record(point, worlds, world)


def sampled_worlds(points, draws: int):
    """(point, way of drawing, world): ``draws`` worlds of every way at each of ``points``."""
    for point in points:
        seats = seat_beliefs(point)
        for worlds, k in itertools.product(WORLDS, range(draws)):
            world = point.state.clone()
            redeal(world, point.seat, np.random.default_rng(k), worlds=worlds, seats=seats)
            yield point, worlds, world


def assert_keeps_the_record(point: DecisionPoint, worlds: str, world) -> None:
    """``world``, drawn at ``point`` as ``worlds`` says, shows the seat what the point showed,
    moved only unseen tiles, and dealt each riichi seat a tenpai, not furiten hand (and, by the
    belief, no seat a win on a tile it let go by)."""
    state, seat = point.state, point.seat
    passed = passed_tiles(point.record.rounds[point.round].events[:point.local], state.seats)
    assert public(world, seat) == public(state, seat)
    assert unseen(world, seat) == unseen(state, seat)  # only unseen tiles moved
    assert world.legal(seat) == state.legal(seat)
    for s, p in enumerate(world.players):
        if s == seat or worlds == "oracle":
            assert p.hand == state.players[s].hand
            continue
        waits = p.waits_mask
        if p.riichi:  # tenpai and not furiten: no wait passed since the riichi
            assert waits and not waits & p.genbutsu_mask
        elif worlds == "belief" and waits:  # no win on a tile it let go by
            assert not waits & (p.discard_mask | passed[s])


def test_oracle_worlds_keep_the_real_hands_and_shuffle_the_wall():
    record, rules = selfplay()
    point = discard_points(record, rules, every=25)[1]
    walls = set()
    for k in range(6):
        world = point.state.clone()
        redeal(world, point.seat, np.random.default_rng(k), worlds="oracle")
        assert [p.hand for p in world.players] == [p.hand for p in point.state.players]
        walls.add(tuple(world.wall.yama))
    assert len(walls) == 6


def test_an_unknown_way_of_drawing_worlds_is_refused():
    record, rules = selfplay()
    from riichi.analyze.decision import analyse_point

    point = discard_points(record, rules, every=40)[0]
    with pytest.raises(AnalysisError, match="worlds='psychic': expected one of belief, uniform"):
        analyse_point(point, samples=2, horizon="hand", worlds="psychic", progress=False)


def test_the_chain_samples_its_set_uniformly():
    """Every 4-tile hand of a small pool at one shanten, counted exactly, against the chain's
    picks with a flat discard model: each hand as often as the others."""
    pool = [0, 1, 4, 8, 12, 13, 36, 40, 44, 45, 108, 109]  # 1m 1m 2m 3m 4m 4m 1p 2p 3p 3p 1z 1z
    inside = Counter()
    for hand in itertools.combinations(pool, 4):
        counts = bytearray(34)
        for t in hand:
            counts[t >> 2] += 1
        if consistent(bytes(counts), 4, 0, 0, 0, bytes(34)):
            inside[tuple(sorted(hand))] = 0
    assert 10 < len(inside) < 300
    rng = np.random.default_rng(3)
    draws = 6000
    for _ in range(draws):
        order = rng.permutation(len(pool))
        start = [pool[i] for i in order[:4]]
        rest = [pool[i] for i in order[4:]]
        hand, ess, made, kept, reached = draw_hand(
            start, rest, 0, 0, 0, bytes(34), b"", b"", np.zeros(16), rng.random((400, 2)), 40, 1,
            1, 0.0)
        assert reached and ess == 1.0 and 0 < kept <= made
        inside[tuple(hand)] += 1
    expected = draws / len(inside)
    chi2 = sum((n - expected) ** 2 / expected for n in inside.values())
    # chi-square with len - 1 degrees of freedom: its mean plus five standard deviations
    assert chi2 < len(inside) - 1 + 5 * np.sqrt(2 * (len(inside) - 1)), chi2


def test_a_tilt_favours_the_better_shapes_of_a_level():
    """The same chains picked flat and with a positive tilt: the tilted picks have more ukeire."""
    pool = list(range(0, 108, 3))  # number tiles only, most types three times
    flat, tilted = [], []
    for k in range(300):
        rng = np.random.default_rng(k)
        order = rng.permutation(len(pool))
        start, rest = [pool[i] for i in order[:13]], [pool[i] for i in order[13:]]
        moves, pick = rng.random((1200, 2)), float(rng.random())
        for tilt, out in ((0.0, flat), (3.0, tilted)):
            hand, ess, _, _, reached = draw_hand(start, rest, 0, 1, 0, bytes(34), b"", b"",
                                                 np.zeros(16), moves, 40, 4, 16, pick, tilt)
            assert reached and (tilt or ess == 16.0)
            out.append(hand_quality(bytes(_counts(hand)), 13, bytes(34)))
    assert np.mean(tilted) > np.mean(flat) + 0.1


def test_a_level_the_tiles_cannot_make_is_not_reached():
    pool = [0, 16, 32, 108, 112, 116, 120, 124, 128, 132]  # 1m 5m 9m and the honours: no shape
    hand, _, _, _, reached = draw_hand(pool[:4], pool[4:], 0, 0, 0, bytes(34), b"", b"",
                                       np.zeros(16), np.random.default_rng(1).random((900, 2)),
                                       50, 2, 4, 0.5)
    assert not reached and _core.shanten(_counts(hand)) > 0


def _counts(hand):
    counts = bytearray(34)
    for t in hand:
        counts[t >> 2] += 1
    return counts


def opponents(worlds: str, points, per_point: int
              ) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
    """(shanten, log(1 + ukeire)) of every opponent not in riichi: real, and in ``per_point``
    worlds each."""
    def seen(p) -> tuple[int, float]:
        melded = bytearray(34)
        for m in p.melds:
            for t in m.types:
                melded[t] += 1
        return _core.shanten(p.counts), hand_quality(bytes(p.counts), len(p.hand), bytes(melded))

    real, drawn = [], []
    for point in points:
        state, seat = point.state, point.seat
        others = [s for s in range(4) if s != seat and not state.players[s].riichi]
        real += [seen(state.players[s]) for s in others]
        seats = seat_beliefs(point)
        for k in range(per_point):
            world = state.clone()
            redeal(world, seat, np.random.default_rng(k), worlds=worlds, seats=seats)
            drawn += [seen(world.players[s]) for s in others]
    return real, drawn


def test_belief_opponents_are_as_close_to_winning_as_real_ones():
    """On real games, the belief's opponents have the real players' shanten on average (the
    uniform redeal's were more than one shanten slower), tenpai and 1-shanten shares alike, and
    at each shanten the real hands' ukeire."""
    points = []
    for path in MJLOGS[::16]:
        record, rules = as_record(read(path))
        points += discard_points(record, rules, every=17, first=5)
    real, belief = (np.array(x) for x in opponents("belief", points, 8))
    uniform = np.array(opponents("uniform", points, 8)[1])
    assert len(real) > 150
    real_mean, belief_mean = real[:, 0].mean(), belief[:, 0].mean()
    assert abs(belief_mean - real_mean) < 0.25, (belief_mean, real_mean)
    assert uniform[:, 0].mean() - real_mean > 0.8, (uniform[:, 0].mean(), real_mean)
    for level in (0, 1):
        share_real, share_belief = np.mean(real[:, 0] <= level), np.mean(belief[:, 0] <= level)
        assert abs(share_belief - share_real) < 0.08, (level, share_belief, share_real)
    for level in (1, 2, 3):  # ukeire at one level: within a tenth of the real hands'
        at_real, at_belief = real[real[:, 0] == level, 1], belief[belief[:, 0] == level, 1]
        assert len(at_real) > 20
        assert abs(np.expm1(at_belief.mean()) / np.expm1(at_real.mean()) - 1) < 0.1, level
