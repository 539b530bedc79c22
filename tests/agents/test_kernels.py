"""The players' compiled glue against plain-Python references written from its definition: the
legal discard a choice names, the calls worth weighing, the kuikae ban, an open hand's plan, the
han estimate; and the observation's cheap accessors against the views they shortcut. Positions
come from real games and random hands."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from riichi import _core
from riichi.agents._calls import calls_below
from riichi.agents._efficiency import (
    ALL_TILES,
    best_discard,
    discard_types,
    listed_discard,
    turn_discard,
)
from riichi.agents._plans import tiles_in
from riichi.agents import DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.agents.plans import FREE, TOITOI, Plan, meld_masks, open_plan, plan_for
from riichi.agents.value import hand_han
from riichi.errors import IllegalActionError, InvalidHandError
from riichi.game import Game, Observation
from riichi.game.actions import (
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
)
from riichi.rules import RuleSet
from riichi.tiles import RED_FIVE_IDS
from tests.support.game import forged

TYPES = (Discard, Riichi, NineTerminals, Ankan, Kakan)
YAOCHUU = sum(1 << t for t in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
SUITS = tuple(((1 << 9) - 1) << (9 * s) for s in range(3))
HONOURS = ((1 << 7) - 1) << 27


def decisions(rules: str, seed: int, games: int) -> Iterator[tuple[Observation, tuple[Action, ...]]]:
    """Every decision of ``games`` seeded games of mixed players, yielded before it is taken."""
    for g in range(games):
        state = Game(rules, seed=seed, game_index=g).new_state()
        agents = [DefensiveAgent(seed=g), EfficiencyAgent(seed=g), RandomAgent(g),
                  DefensiveAgent(seed=g + 1)]
        while not state.is_over:
            seat = state.acting_seats[0]
            legal = state.legal(seat)
            obs = Observation(state, seat)
            yield obs, legal
            state.apply(agents[seat].act(obs, legal), seat=seat)


# ---------------------------------------------------------------- references
def reference_listed(legal: Sequence[Action], kind: int, riichi: bool) -> Action:
    """The listed riichi (when asked for and listed) or discard of a tile of ``kind``: a plain
    copy over a red five."""
    for cls in ((Riichi, Discard) if riichi else (Discard,)):
        found = [a for a in legal if type(a) is cls and a.tile >> 2 == kind]
        plain = [a for a in found if a.tile not in RED_FIVE_IDS]
        if plain or found:
            return (plain or found)[0]
    raise AssertionError("no discard of that type")


def same_tile(got: Action, expected: Action) -> bool:
    """The same kind of action on a copy of the same tile type, red or not alike (which plain
    copy is listed first is the game's business)."""
    assert isinstance(got, (Discard, Riichi)) and isinstance(expected, (Discard, Riichi))
    return (type(got), got.tile >> 2, got.tile in RED_FIVE_IDS) == (
        type(expected), expected.tile >> 2, expected.tile in RED_FIVE_IDS)


def reference_calls(
    counts: bytes, legal: Sequence[Action], limit: int, players: int = 4
) -> tuple[int, list[tuple[int, int, int, int]]]:
    now = _core.shanten(counts, players)
    if now <= 0 or now - 1 > limit:
        return now, []
    out, tried = [], set()
    for i, action in enumerate(legal):
        if not isinstance(action, (Chi, Pon)):
            continue
        a, b = action.tiles[0] >> 2, action.tiles[1] >> 2
        if (a, b) in tried:
            continue
        tried.add((a, b))
        after = bytearray(counts)
        after[a] -= 1
        after[b] -= 1
        low = max(_core.shanten(after, players), 0)
        if low < now:
            out.append((i, a, b, low))
    return now, out


def reference_plan(counts: bytes, melds: list[tuple[tuple[int, ...], bool]], yakuhai: int,
                   kuitan: bool) -> Plan | None:
    """open_plan as its docstring defines it, over the plans' own masks."""
    if not melds:
        return FREE
    if any(not run and yakuhai >> types[0] & 1 for types, run in melds):
        return FREE
    if any(counts[t] >= 3 and yakuhai >> t & 1 for t in range(27, 34)):
        return FREE
    shown = sum(1 << t for t in {t for types, _ in melds for t in types})
    best: tuple[int, Plan] | None = None
    choices = ([("tanyao", YAOCHUU, ALL_TILES & ~YAOCHUU)] if kuitan else []) + [
        (f"flush_{'mps'[s]}", ALL_TILES & ~(SUITS[s] | HONOURS), SUITS[s] | HONOURS)
        for s in range(3)
    ]
    for yaku, garbage, useful in choices:
        if shown & garbage:
            continue
        left = sum(counts[t] for t in range(34) if garbage >> t & 1)
        if best is None or left < best[0]:
            best = (left, Plan(yaku, garbage, useful))
    if best is None:
        return None if any(run for _, run in melds) else TOITOI
    return best[1]


def reference_han(counts: bytes, meld_types: tuple[int, ...], reds: int, dora: tuple[int, ...],
                  closed: bool, yakuhai: int) -> int:
    held = [counts[t] + meld_types.count(t) for t in range(34)]
    han = reds + sum(held[d] for d in dora) + closed
    han += sum(1 for t in range(27, 34) if held[t] >= 3 and yakuhai >> t & 1)
    if not any(held[t] for t in range(34) if YAOCHUU >> t & 1):
        han += 1  # tanyao
    suits = [s for s in range(3) if any(held[9 * s: 9 * s + 9])]
    if len(suits) == 1:
        flush = 2 if any(held[27:]) else 5
        han += flush + closed
    return han


# ---------------------------------------------------------------- on real positions
@pytest.mark.parametrize("rules", ["tenhou", "ema", "tenhou-3p"])
def test_the_compiled_glue_agrees_with_its_references_on_real_positions(rules: str) -> None:
    turns = claims = riichis = 0
    players = RuleSet.coerce(rules).players
    sanma = players == 3  # the steps read a three-player hand as the core's players=3 does
    for obs, legal in decisions(rules, seed=41, games=4):
        counts = obs.counts
        if type(legal[-1]) is Pass:
            for limit in (0, 1, 8):
                assert calls_below(counts, legal, limit, Chi, Pon, sanma) == reference_calls(
                    counts, legal, limit, players)
            claims += 1
            continue
        if obs.in_riichi or not any(type(a) is Discard for a in legal):
            continue
        allowed = sum(1 << t for t in {a.tile >> 2 for a in legal if type(a) is Discard})
        assert discard_types(legal, Discard) == allowed
        for kind in range(34):
            if allowed >> kind & 1:
                for riichi in (False, True):
                    got = listed_discard(legal, kind, counts, riichi, Discard, Riichi,
                                         NineTerminals)
                    assert same_tile(got, reference_listed(legal, kind, riichi))
                    riichis += type(got) is Riichi
        banned = ALL_TILES & ~allowed
        row = (counts, obs.visible, bytes(34), bytes(range(34)), 0, ALL_TILES, banned)
        action, tile, shanten, unseen = turn_discard(legal, *row, -1, 7, True, TYPES, sanma)
        assert (tile, shanten, unseen) == best_discard(*row, sanma=sanma)
        five = tile in (4, 13, 22) and counts[tile] == 1
        if five or type(legal[-1]) in (Ankan, Kakan):
            assert action is None
        else:
            assert action is not None
            assert same_tile(action, reference_listed(legal, tile, shanten == 0 and unseen > 0))
        turns += 1
    assert turns > 300 and claims > 100 and riichis > 10


def test_the_observation_shortcuts_read_what_the_full_views_show() -> None:
    seen_riichi = seen_open = 0
    for obs, _ in decisions("tenhou", seed=43, games=3):
        riichi, melds = obs.riichi, obs.melds
        assert obs.own_melds == melds[obs.seat]
        assert obs.is_closed == all(not m.is_open for m in melds[obs.seat])
        assert obs.riichi_mask == sum(1 << s for s in range(4) if riichi[s])
        for n in range(5):
            expected = sum(1 << s for s in range(4) if riichi[s] or len(melds[s]) >= n)
            assert obs.riichi_or_melds(n) == expected
        seen_riichi += any(riichi)
        seen_open += not obs.is_closed
    assert seen_riichi > 100 and seen_open > 100


# ---------------------------------------------------------------- on random hands
def random_hand(rng: random.Random, size: int) -> bytes:
    counts = bytearray(34)
    for tile in rng.sample(range(136), size):
        counts[tile >> 2] += 1
    return bytes(counts)


def random_melds(rng: random.Random) -> list[tuple[tuple[int, ...], bool]]:
    melds: list[tuple[tuple[int, ...], bool]] = []
    for _ in range(rng.randrange(0, 4)):
        if rng.random() < 0.5:
            suit, start = rng.randrange(3), rng.randrange(7)
            melds.append((tuple(9 * suit + start + k for k in range(3)), True))
        else:
            kind = rng.randrange(34)
            melds.append(((kind,) * rng.choice((3, 4)), False))
    return melds


def test_the_open_plan_and_the_han_estimate_match_their_definitions() -> None:
    rng = random.Random(47)
    for _ in range(4_000):
        melds = random_melds(rng)
        counts = random_hand(rng, 13 - 3 * len(melds))
        yakuhai = rng.getrandbits(7) << 27
        kuitan = rng.random() < 0.5
        expected = reference_plan(counts, melds, yakuhai, kuitan)
        assert open_plan(counts, melds, yakuhai, kuitan) == expected
        if melds:
            assert plan_for(counts, meld_masks(melds), yakuhai, kuitan) == expected
        if expected is not None:
            assert expected.garbage_in(counts) == tiles_in(counts, expected.garbage)
        meld_types = tuple(t for types, _ in melds for t in types)
        dora = tuple(rng.randrange(34) for _ in range(rng.randrange(1, 4)))
        reds, closed = rng.randrange(3), not melds
        assert hand_han(counts, meld_types, reds, dora, closed, yakuhai) == reference_han(
            counts, meld_types, reds, dora, closed, yakuhai)


def test_the_compiled_glue_refuses_bad_input() -> None:
    hand = bytes([1, 0] * 13 + [0] * 8)  # 13 lone tiles: far from tenpai
    legal = (Discard(0, 0), Discard(0, 8), Pass(0))
    with pytest.raises(IllegalActionError, match="no discard of tile type 20"):
        listed_discard(legal, 20, hand, False, Discard, Riichi, NineTerminals)
    with pytest.raises(InvalidHandError, match="0-33"):
        listed_discard(legal, 34, hand, False, Discard, Riichi, NineTerminals)
    with pytest.raises(InvalidHandError, match="3n\\+1"):
        calls_below(bytes([1] * 14 + [0] * 20), (Pass(0),), 8, Chi, Pon)
    with pytest.raises(InvalidHandError, match="not in the hand"):
        calls_below(hand, (Chi(1, (4, 12)), Pass(1)), 8, Chi, Pon)
    with pytest.raises(IllegalActionError, match="136"):
        Discard(0, 136)  # refused when made; one whose field is overwritten, by the glue:
    overwritten = forged(Discard, 0, 136)
    with pytest.raises(InvalidHandError, match="136-id"):
        discard_types((overwritten,), type(overwritten))
    with pytest.raises(InvalidHandError, match="0-33"):
        hand_han(hand, (34,), 0, (), True, 0)
    with pytest.raises(InvalidHandError, match="34 values"):
        tiles_in(bytes(33), 1)
