"""The compiled best-discard step against a reference written from its definition over the core's
discard analysis, and the players' Python candidate list against it."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from riichi import _core
from riichi.agents._efficiency import ALL_TILES, best_discard
from riichi.errors import InvalidHandError


def reference(
    counts: bytes, visible: bytes, worth: bytes, order: bytes, first: int, useful: int,
    banned: int, players: int = 4,
) -> tuple[int, int, int]:
    analysis = _core.discard_analysis(counts, visible, players).tolist()
    rows = [r for r in analysis if not banned >> r[0] & 1]
    preferred = [r for r in rows if first >> r[0] & 1]
    rows = preferred or rows
    keyed = []
    for t, shanten, mask, _ in rows:
        unseen = sum(4 - counts[u] - visible[u] for u in range(34) if (mask & useful) >> u & 1)
        keyed.append(((shanten, worth[t] - unseen, order[t], t), (t, shanten, unseen)))
    return min(keyed)[1]


def random_case(
    rng: random.Random, ids: Sequence[int] = range(136)
) -> tuple[bytes, bytes, bytes, bytes, int, int, int]:
    tiles = rng.sample(ids, rng.choice((2, 5, 8, 11, 14)) + rng.randrange(0, 30))
    size = (len(tiles) - 2) // 3 * 3 + 2
    size = min(size, 14)
    hand, rest = tiles[:size], tiles[size:]
    counts, visible = bytearray(34), bytearray(34)
    for t in hand:
        counts[t >> 2] += 1
    for t in rest:
        visible[t >> 2] += 1
    worth = bytes(rng.choice((0, 0, 0, 4, 8)) for _ in range(34))
    order = bytes(rng.randrange(40) for _ in range(34))
    held = sum(1 << t for t in range(34) if counts[t])
    first = rng.choice((0, held & rng.getrandbits(34)))
    useful = rng.choice((ALL_TILES, rng.getrandbits(34)))
    keep_one = ~(1 << next(t for t in range(34) if counts[t]))
    banned = rng.choice((0, held & rng.getrandbits(34) & keep_one))
    return bytes(counts), bytes(visible), worth, order, first, useful, banned


def test_best_discard_matches_its_definition() -> None:
    rng = random.Random(17)
    for _ in range(3_000):
        case = random_case(rng)
        assert best_discard(*case) == reference(*case), case


def test_best_discard_at_three_players_matches_its_definition() -> None:
    rng = random.Random(18)
    three_player_ids = [t for t in range(136) if not 1 <= t >> 2 <= 7]  # no 2m-8m
    for _ in range(3_000):
        case = random_case(rng, three_player_ids)
        assert best_discard(*case, sanma=True) == reference(*case, players=3), case
    with pytest.raises(InvalidHandError, match="2m-8m"):
        best_discard(bytes([0, 2] + [1] * 12 + [0] * 20), bytes(34), bytes(34), bytes(34),
                     sanma=True)


def test_best_discard_refuses_bad_input() -> None:
    hand = bytes([2] + [1] * 12 + [0] * 21)
    with pytest.raises(InvalidHandError, match="3n\\+2"):
        best_discard(bytes([1] * 13 + [0] * 21), bytes(34), bytes(34), bytes(34))
    with pytest.raises(InvalidHandError, match="four copies"):
        best_discard(hand, bytes([3] + [0] * 33), bytes(34), bytes(34))
    with pytest.raises(InvalidHandError, match="34 values"):
        best_discard(hand, bytes(33), bytes(34), bytes(34))
    with pytest.raises(InvalidHandError, match="banned"):
        best_discard(hand, bytes(34), bytes(34), bytes(34), banned=ALL_TILES)


def own_turns(seed: int) -> Iterator[tuple[Any, Any, Sequence[Any]]]:
    """Every own turn (not in riichi) of six `tenhou` games of four DefensiveAgents:
    ``(agent, observation, legal actions)``, each yielded before the agent acts on it."""
    from riichi.agents import DefensiveAgent
    from riichi.game import Game, Observation, Pass

    for index in range(6):
        state = Game("tenhou", seed=seed, game_index=index).new_state()
        agents = [DefensiveAgent(seed=s) for s in range(4)]
        while not state.is_over:
            for seat in state.acting_seats:
                legal = state.legal_actions(seat)
                obs = Observation(state, seat)
                agent = agents[seat]
                if type(legal[-1]) is not Pass and not obs.in_riichi:
                    yield agent, obs, legal
                state.apply(agent.act(obs, legal))


def test_the_players_candidate_list_agrees_with_the_compiled_step() -> None:
    # DefensiveAgent weighs every candidate from the Python list; EfficiencyAgent takes the
    # compiled choice: on real positions (open hands and their plans included) they agree.
    from riichi.agents.efficiency import Turn, _kuikae_banned

    checked = 0
    for agent, obs, legal in own_turns(seed=13):
        counts = obs.counts
        plan, open_sets = agent._plan(obs, counts)
        banned = 0 if obs.drawn is not None else _kuikae_banned(legal)
        worth, order = agent._worth_and_order(obs, counts)
        turn = Turn(obs, counts, obs.visible, plan, open_sets, banned, worth, order)
        assert agent._best(turn) == min(agent._candidates(turn))
        checked += 1
    assert checked > 500


def test_the_worth_bonus_and_the_flush_steer_match_their_definition() -> None:
    # The same call with red fives worth ``weight`` more and a flush steered to: the reference
    # applies both by hand (the flush as the other suits first, only its suit and honours useful).
    rng = random.Random(23)
    for _ in range(3_000):
        counts, visible, worth, order, first, useful, banned = random_case(rng)
        bonus, weight = rng.choice((0, rng.getrandbits(34))), rng.choice((0, 4, 9))
        flush_tiles, suits = rng.choice((-1, rng.randrange(4, 15))), rng.randrange(8)
        table = bytes(w + (weight if bonus >> t & 1 else 0) for t, w in enumerate(worth))
        suit = next((s for s in range(3) if suits >> s & 1 and flush_tiles >= 0
                     and sum(counts[9 * s: 9 * s + 9]) + sum(counts[27:]) >= flush_tiles), -1)
        if suit >= 0:
            useful = (0x1FF << 9 * suit) | (0x7F << 27)
            first = ALL_TILES & ~useful
        got = best_discard(counts, visible, worth, order, first if suit < 0 else 0,
                           useful if suit < 0 else ALL_TILES, banned, bonus, weight, flush_tiles,
                           suits)
        assert got == reference(counts, visible, table, order, first, useful, banned), (
            counts, visible, worth, order, first, useful, banned, bonus, weight, flush_tiles,
            suits)


def test_the_compiled_turn_agrees_with_the_python_plan_and_candidates() -> None:
    # On a turn with nothing to fear a player makes one compiled call; on real positions (open
    # hands, flushes and red fives included) it picks what the Python plan and candidate list
    # pick.
    from riichi.agents.efficiency import FREE, TOITOI, Turn, _kuikae_banned, _open_shapes
    from riichi.agents.value import lone_reds
    from riichi.agents.plans import flush_suits

    checked = flushes = 0
    for agent, obs, legal in own_turns(seed=29):
        counts = obs.counts
        plan, open_sets = agent._plan(obs, counts)
        if plan is TOITOI:
            continue
        shapes = _open_shapes(obs, counts)
        base = agent._open_plan(obs, counts, shapes) if shapes else FREE
        banned = 0 if obs.drawn is not None else _kuikae_banned(legal)
        worth, order = agent._worth_and_order(obs, counts)
        turn = Turn(obs, counts, obs.visible, plan, open_sets, banned, worth, order)
        tables = agent._tables(obs)
        flush = agent.flush_tiles if base is FREE else None
        got = best_discard(
            counts, obs.visible, *tables, base.garbage, base.useful, banned,
            lone_reds(obs, counts), agent.dora_weight,
            -1 if flush is None else flush, flush_suits(shapes))
        best = min(agent._candidates(turn))
        assert got == (best[3], best[0], best[4])
        checked += 1
        flushes += plan.yaku.startswith("flush")
    assert checked > 500 and flushes > 10


def test_a_worth_bonus_on_other_tiles_leaves_the_choice() -> None:
    # A player asks whether a lone five is red only when that five is its choice: a bonus on
    # tile types other than the choice only makes them costlier.
    rng = random.Random(37)
    for _ in range(3_000):
        case = random_case(rng)
        tile, shanten, unseen = best_discard(*case)
        bonus = rng.getrandbits(34) & ~(1 << tile)
        assert best_discard(*case, bonus, rng.choice((1, 4, 9))) == (tile, shanten, unseen)
