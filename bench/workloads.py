"""Shared workloads of the benchmarks: seeded random hands and, for each task, the runners of
riichi and of its peers (``riichienv``, ``xiangting``, ``mahjong``) over the same hands.

Each peer gets its hands pre-converted to the input it takes fastest (outside any timed region):
riichi and xiangting take 34 counts as ``bytes``, riichienv a list of 136-ids, ``mahjong`` a list of 34
counts. A runner maps one task over all hands with a list comprehension, the same way for every peer,
and returns the raw results; ``normalize`` turns one raw result into a comparable value so that the
caller can check that all implementations agree before timing them.

>>> hands = random_hands(3, 14, seed=1)
>>> len(hands.ids), len(hands.counts[0]), int(hands.array.sum())
(3, 34, 42)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt
import riichienv
import xiangting
from mahjong.shanten import Shanten

import riichi

Runner = Callable[[], Collection[Any]]

NUM_TYPES = 34
NUM_IDS = 136

# Tasks, in the order the table prints them, and the hand set each one runs on.
SHANTEN = "shanten"
SHANTEN_BATCH = "shanten_batch"
WAITS = "waits"
DISCARD_ANALYSIS = "discard_analysis"
TASKS = (SHANTEN, SHANTEN_BATCH, WAITS, DISCARD_ANALYSIS)

RIICHI = "riichi"
RIICHIENV = "riichienv"
XIANGTING = "xiangting"
MAHJONG = "mahjong"
IMPLEMENTATIONS = (RIICHI, RIICHIENV, XIANGTING, MAHJONG)

_FOUR_PLAYERS = xiangting.PlayerCount.FOUR

# xiangting's stubs ask for list[int], but it accepts any sequence of counts and reads bytes about
# three times faster than a list: its fastest public input.
_xiangting_rn = cast(Callable[[bytes, Any], int], xiangting.calculate_replacement_number)
_xiangting_necessary = cast(
    Callable[[bytes | bytearray, Any], tuple[int, int]], xiangting.calculate_necessary_tiles
)


@dataclass(frozen=True)
class HandSet:
    """The same hands in every peer's preferred input form."""

    ids: list[list[int]]
    counts: list[bytes]
    count_lists: list[list[int]]
    array: npt.NDArray[np.uint8]

    def __len__(self) -> int:
        return len(self.ids)


def hand_set(id_lists: Sequence[Sequence[int]]) -> HandSet:
    """Build a :class:`HandSet` from hands given as 136-ids."""
    array = np.zeros((len(id_lists), NUM_TYPES), dtype=np.uint8)
    for row, ids in zip(array, id_lists):
        np.add.at(row, np.asarray(ids) // 4, 1)
    return HandSet(
        ids=[sorted(int(i) for i in ids) for ids in id_lists],
        counts=[row.tobytes() for row in array],
        count_lists=[[int(c) for c in row] for row in array],
        array=array,
    )


def random_hands(n: int, size: int, seed: int) -> HandSet:
    """``n`` hands of ``size`` tiles, each the first tiles of a freshly shuffled wall."""
    rng = np.random.default_rng(seed)
    return hand_set([rng.permutation(NUM_IDS)[:size].tolist() for _ in range(n)])


def sanma_hands(n: int, size: int, seed: int) -> HandSet:
    """``n`` hands of ``size`` tiles from freshly shuffled three-player walls (108 tiles: no 2m-8m)."""
    rng = np.random.default_rng(seed)
    wall = np.array([i for i in range(NUM_IDS) if not 1 <= i // 4 <= 7])
    return hand_set([rng.permutation(wall)[:size].tolist() for _ in range(n)])


def tenpai_hands(n: int, seed: int) -> HandSet:
    """``n`` closed 13-tile tenpai hands: random complete hands (four sets and a pair within the
    four-copy limit) less one random tile, which always leaves a wait on that tile."""
    rng = np.random.default_rng(seed)
    hands = []
    for _ in range(n):
        counts = _random_complete_hand(rng)
        types = [t for t in range(NUM_TYPES) for _ in range(counts[t])]
        del types[int(rng.integers(len(types)))]
        hands.append(_ids_of_types(types))
    return hand_set(hands)


def _random_complete_hand(rng: np.random.Generator) -> list[int]:
    while True:
        counts = [0] * NUM_TYPES
        counts[int(rng.integers(NUM_TYPES))] += 2
        for _ in range(4):
            if rng.random() < 0.5:
                suit, start = int(rng.integers(3)), int(rng.integers(7))
                for t in range(9 * suit + start, 9 * suit + start + 3):
                    counts[t] += 1
            else:
                counts[int(rng.integers(NUM_TYPES))] += 3
        if max(counts) <= 4:
            return counts


def _ids_of_types(types: Sequence[int]) -> list[int]:
    copies = [0] * NUM_TYPES
    ids = []
    for t in types:
        ids.append(4 * t + copies[t])
        copies[t] += 1
    return ids


def default_hand_sets(scale: float = 1.0, seed: int = 2024) -> dict[str, HandSet]:
    """The hand set of every task; ``scale`` shrinks or grows the number of hands."""
    hands13 = random_hands(max(1, int(2000 * scale)), 13, seed)
    return {
        SHANTEN: hands13,
        SHANTEN_BATCH: hands13,
        WAITS: tenpai_hands(max(1, int(1000 * scale)), seed + 1),
        DISCARD_ANALYSIS: random_hands(max(1, int(200 * scale)), 14, seed + 2),
    }


# --- normalizers: raw result of one hand -> comparable value -------------------------------------


def _bits(mask: int) -> list[int]:
    return [t for t in range(NUM_TYPES) if mask >> t & 1]


def _same(x: Any) -> Any:
    return x


def _int(x: Any) -> int:
    return int(x)


def _xiangting_shanten(replacement_number: int) -> int:
    return replacement_number - 1


def _xiangting_waits(result: tuple[int, int]) -> list[int]:
    replacement_number, necessary = result
    return _bits(necessary) if replacement_number == 1 else []


def _riichi_discards(rows: Any) -> list[tuple[int, int, int]]:
    return [(tile, shanten, mask) for tile, shanten, mask, _unseen in rows.tolist()]


# --- discard analysis done the way a user of each peer has to do it ------------------------------
# The peers' rows hold (discard, shanten after it, mask of the tiles that lower that shanten); they
# skip riichi's fourth column (unseen copies), which only favours them.


def _xiangting_discard_analysis(hand: bytes) -> list[tuple[int, int, int]]:
    necessary = _xiangting_necessary
    counts = bytearray(hand)
    rows = []
    for t in range(NUM_TYPES):
        if counts[t]:
            counts[t] -= 1
            replacement_number, mask = necessary(counts, _FOUR_PLAYERS)
            rows.append((t, replacement_number - 1, mask))
            counts[t] += 1
    return rows


def _riichienv_discard_analysis(ids: list[int]) -> list[tuple[int, int, int]]:
    shanten = riichienv.calculate_shanten
    counts = [0] * NUM_TYPES
    for i in ids:
        counts[i >> 2] += 1
    rows = []
    for k, i in enumerate(ids):
        t = i >> 2
        if k and ids[k - 1] >> 2 == t:
            continue
        rest = ids[:k] + ids[k + 1 :]
        base = shanten(rest)
        counts[t] -= 1
        mask = 0
        for u in range(NUM_TYPES):
            if counts[u] < 4:
                # riichienv counts tiles by type, so any id of type u stands for the drawn copy.
                rest.append(u << 2)
                if shanten(rest) < base:
                    mask |= 1 << u
                rest.pop()
        counts[t] += 1
        rows.append((t, base, mask))
    return rows


# --- the cases ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One implementation of one task: ``bind`` captures the hands outside the timed region."""

    task: str
    impl: str
    bind: Callable[[HandSet], Runner]
    normalize: Callable[[Any], Any]


def _riichi_shanten(h: HandSet) -> Runner:
    f, xs = riichi.shanten, h.counts
    return lambda: [f(x) for x in xs]


def _riichi_batch(h: HandSet) -> Runner:
    f, xs = riichi.shanten_batch, h.array
    return lambda: f(xs)


def _riichi_waits(h: HandSet) -> Runner:
    f, xs = riichi.waits, h.counts
    return lambda: [f(x) for x in xs]


def _riichi_discard_analysis(h: HandSet) -> Runner:
    f, xs = riichi.discard_analysis, h.counts
    return lambda: [f(x) for x in xs]


def _riichienv_shanten(h: HandSet) -> Runner:
    f, xs = riichienv.calculate_shanten, h.ids
    return lambda: [f(x) for x in xs]


def _riichienv_waits(h: HandSet) -> Runner:
    evaluator, xs = riichienv.HandEvaluator, h.ids
    return lambda: [evaluator(x).get_waits() for x in xs]


def _riichienv_discards(h: HandSet) -> Runner:
    f, xs = _riichienv_discard_analysis, h.ids
    return lambda: [f(x) for x in xs]


def _xiangting_shanten_runner(h: HandSet) -> Runner:
    f, p, xs = _xiangting_rn, _FOUR_PLAYERS, h.counts
    return lambda: [f(x, p) for x in xs]


def _xiangting_waits_runner(h: HandSet) -> Runner:
    f, p, xs = _xiangting_necessary, _FOUR_PLAYERS, h.counts
    return lambda: [f(x, p) for x in xs]


def _xiangting_discards(h: HandSet) -> Runner:
    f, xs = _xiangting_discard_analysis, h.counts
    return lambda: [f(x) for x in xs]


def _mahjong_shanten(h: HandSet) -> Runner:
    f, xs = Shanten.calculate_shanten, h.count_lists
    return lambda: [f(x) for x in xs]


CASES: tuple[Case, ...] = (
    Case(SHANTEN, RIICHI, _riichi_shanten, _int),
    Case(SHANTEN, RIICHIENV, _riichienv_shanten, _int),
    Case(SHANTEN, XIANGTING, _xiangting_shanten_runner, _xiangting_shanten),
    Case(SHANTEN, MAHJONG, _mahjong_shanten, _int),
    Case(SHANTEN_BATCH, RIICHI, _riichi_batch, _int),
    Case(WAITS, RIICHI, _riichi_waits, list),
    Case(WAITS, RIICHIENV, _riichienv_waits, sorted),
    Case(WAITS, XIANGTING, _xiangting_waits_runner, _xiangting_waits),
    Case(DISCARD_ANALYSIS, RIICHI, _riichi_discard_analysis, _riichi_discards),
    Case(DISCARD_ANALYSIS, RIICHIENV, _riichienv_discards, _same),
    Case(DISCARD_ANALYSIS, XIANGTING, _xiangting_discards, _same),
)


def case(task: str, impl: str) -> Case:
    """The case of ``impl`` for ``task``."""
    return next(c for c in CASES if c.task == task and c.impl == impl)


def disagreements(task: str, hands: HandSet) -> dict[str, int]:
    """For each peer of ``task``, on how many hands its normalized answer differs from riichi's."""
    cases = [c for c in CASES if c.task == task]
    answers = {c.impl: [c.normalize(r) for r in c.bind(hands)()] for c in cases}
    reference = answers[RIICHI]
    return {
        impl: sum(a != b for a, b in zip(got, reference))
        for impl, got in answers.items()
        if impl != RIICHI
    }
