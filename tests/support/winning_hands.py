"""A generator of random winning hands for the differential test, the scorer's properties and the
benchmark (its own tests: ``tests/scoring/test_hand_generator.py``).

``random_hand(rng)`` deals physical tiles (136-ids, red fives included) into four sets and a pair (or
seven pairs, or thirteen orphans), turns some sets into melds, picks the winning tile among the
concealed ones (so every wait shape occurs), and draws the situation: winds, tsumo or ron, riichi,
ippatsu, double riichi, rinshan, chankan, haitei, houtei, tenhou / chiihou / renhou, dora and ura
indicators, counters and sticks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from riichi.meld import Meld, MeldKind

# Styles of hand and how often each is dealt: mostly what real games are made of (closed runs
# hands won on a two-sided wait, all simples, a value triplet, a riichi hand of any shape), the
# rarer shapes and the yakuman kept but dealt seldom.
_STYLE_WEIGHTS = {
    "pinfu": 20, "simples": 15, "yakuhai": 14, "closed": 14, "any": 10, "chiitoitsu": 4,
    "half_flush": 4, "flush": 3, "runs": 3, "triplets": 3, "honors": 3, "terminals": 3,
    "green": 2, "kokushi": 2,
}
_STYLES = tuple(_STYLE_WEIGHTS)
_WEIGHTS = tuple(_STYLE_WEIGHTS.values())
_PLAIN_STYLES = ("pinfu", "simples", "closed", "any", "flush", "half_flush", "honors")
_GREEN = (19, 20, 21, 23, 25, 32)
_TERMINALS_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass(frozen=True)
class GeneratedHand:
    """One random winning hand and the situation of its win."""

    concealed: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld, ...]
    tsumo: bool
    seat_wind: str
    round_wind: str
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    flags: dict[str, bool] = field(default_factory=dict)
    honba: int = 0
    riichi_sticks: int = 0

    def kwargs(self) -> dict[str, Any]:
        """Keyword arguments for :func:`riichi.scoring.score_hand` (without ``rules``)."""
        return dict(
            concealed=self.concealed, win_tile=self.win_tile, melds=self.melds, tsumo=self.tsumo,
            seat_wind=self.seat_wind, round_wind=self.round_wind,
            dora_indicators=self.dora_indicators, ura_indicators=self.ura_indicators,
            honba=self.honba, riichi_sticks=self.riichi_sticks, **self.flags,
        )


class _Pool:
    """The physical tiles not dealt yet."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.ids: dict[int, list[int]] = {t: list(range(4 * t, 4 * t + 4)) for t in range(34)}

    def has(self, t: int, n: int) -> bool:
        return len(self.ids[t]) >= n

    def take(self, t: int, n: int) -> list[int]:
        """``n`` of the copies of ``t`` left, chosen at random (which copy matters: red fives)."""
        copies = self.ids[t]
        return [copies.pop(int(self.rng.random() * len(copies))) for _ in range(n)]

    def draw_any(self, rng: random.Random) -> int:
        """Take a random remaining tile (an indicator)."""
        tile = rng.choice([i for copies in self.ids.values() for i in copies])
        self.ids[tile >> 2].remove(tile)
        return tile


def _tiles_for(style: str, rng: random.Random) -> list[int]:
    suit = 9 * rng.randrange(3)
    return {
        "pinfu": list(range(27)),
        "simples": [t for t in range(27) if t % 9 not in (0, 8)],
        "flush": list(range(suit, suit + 9)),
        "half_flush": [*range(suit, suit + 9), *range(27, 34)],
        "honors": [*range(27, 34), *rng.sample(range(27), 3)],
        "terminals": list(_TERMINALS_HONORS),
        "green": list(_GREEN),
    }.get(style, list(range(34)))


def _standard_sets(
    style: str, pool: _Pool, rng: random.Random
) -> list[tuple[str, int, list[int]]] | None:
    tiles = _tiles_for(style, rng)
    run_share = {
        "pinfu": 1.0, "runs": 0.95, "triplets": 0.0, "honors": 0.2, "terminals": 0.3
    }.get(style, 0.6)
    sets: list[tuple[str, int, list[int]]] = []
    if style == "yakuhai":  # a triplet of a dragon or a wind first
        t = rng.choice(range(27, 34))
        sets.append(("triplet", t, pool.take(t, 3)))
    while len(sets) < 4:
        for _attempt in range(20):
            t = rng.choice(tiles)
            if rng.random() < run_share and t < 27:
                start = t if t % 9 <= 6 else t - 2
                if style == "terminals":
                    start = t - t % 9 + rng.choice((0, 6))
                if all(pool.has(start + k, 1) for k in range(3)):
                    sets.append(("run", start, [pool.take(start + k, 1)[0] for k in range(3)]))
                    break
            elif pool.has(t, 3):
                sets.append(("triplet", t, pool.take(t, 3)))
                break
        else:
            return None
    for _attempt in range(20):
        t = rng.choice(tiles)
        if style == "pinfu" and t >= 27:
            continue
        if pool.has(t, 2):
            sets.append(("pair", t, pool.take(t, 2)))
            return sets
    return None


def _meld_from(kind: str, t: int, ids: list[int], pool: _Pool, rng: random.Random) -> Meld | None:
    seat = rng.randrange(4)
    if kind == "run":
        return Meld(MeldKind.CHI, tuple(ids), ids[0], seat)
    roll = rng.random()
    if roll < 0.55 or not pool.has(t, 1):
        return Meld(MeldKind.PON, tuple(ids), ids[0], seat)
    ids = ids + pool.take(t, 1)
    if roll < 0.7:
        return Meld(MeldKind.KAN, tuple(ids), ids[0], seat)
    if roll < 0.8:
        return Meld(MeldKind.KAKAN, tuple(ids), ids[0], seat)
    return Meld(MeldKind.ANKAN, tuple(ids))


def _two_sided(sets: list[tuple[str, int, list[int]]]) -> list[int]:
    """The tiles of the runs that complete them on a two-sided wait (not 3 of 123, not 7 of 789)."""
    out = []
    for kind, start, ids in sets:
        if kind == "run":
            if start % 9 != 6:
                out.append(ids[0])
            if start % 9 != 0:
                out.append(ids[2])
    return out


def _deal(rng: random.Random) -> tuple[list[int], tuple[Meld, ...], _Pool, list[int]]:
    """(closed 136-ids with the winning tile, melds, remaining pool, preferred winning tiles)."""
    while True:
        pool = _Pool(rng)
        style = rng.choices(_STYLES, weights=_WEIGHTS)[0]
        if style == "chiitoitsu":
            tiles = rng.sample(_tiles_for(rng.choice(_PLAIN_STYLES), rng), 7)
            return [i for t in tiles for i in pool.take(t, 2)], (), pool, []
        if style == "kokushi":
            closed = [pool.take(t, 1)[0] for t in _TERMINALS_HONORS]
            return closed + pool.take(rng.choice(_TERMINALS_HONORS), 1), (), pool, []
        sets = _standard_sets(style, pool, rng)
        if sets is None:
            continue
        if style in ("pinfu", "closed"):
            n_melds = 0
        else:
            n_melds = rng.choices((0, 1, 2, 3, 4), weights=(45, 20, 15, 12, 8))[0]
        melded = set(rng.sample(range(4), n_melds))
        melds: list[Meld] = []
        closed: list[int] = []
        for index, (kind, t, ids) in enumerate(sets):
            meld = _meld_from(kind, t, ids, pool, rng) if index in melded else None
            if meld is None:
                closed += ids
            else:
                melds.append(meld)
        return closed, tuple(melds), pool, _two_sided(sets) if style == "pinfu" else []


def random_hand(rng: random.Random) -> GeneratedHand:
    """A random winning hand (it may lack a yaku: the scorer must then say so)."""
    closed, melds, pool, preferred = _deal(rng)
    win = rng.choice(preferred if preferred and rng.random() < 0.8 else closed)
    concealed = [i for i in closed if i != win]
    rng.shuffle(concealed)
    is_closed = all(m.kind is MeldKind.ANKAN for m in melds)
    has_kan = any(m.is_kan for m in melds)
    seat, round_wind = rng.choice("ESWN"), rng.choice("EESSWN")
    tsumo = rng.random() < 0.5
    # a tile robbed from a kan is its last copy: the winner holds no other
    held = [*closed, *(i for m in melds for i in m.tiles)]
    robbable = sum(1 for i in held if i >> 2 == win >> 2) == 1
    flags = {
        "riichi": is_closed and rng.random() < 0.5,
        "rinshan": tsumo and has_kan and rng.random() < 0.2,
        "chankan": not tsumo and rng.random() < 0.03 and robbable,
    }
    flags["double_riichi"] = flags["riichi"] and rng.random() < 0.05
    # the winner's kan before a rinshan ends ippatsu
    flags["ippatsu"] = flags["riichi"] and rng.random() < 0.2 and not flags["rinshan"]
    flags["haitei"] = tsumo and not flags["rinshan"] and rng.random() < 0.05
    flags["houtei"] = not tsumo and not flags["chankan"] and rng.random() < 0.05
    first_turn = not melds and not flags["riichi"] and rng.random() < 0.03
    flags["tenhou"] = first_turn and tsumo and seat == "E"
    flags["chiihou"] = first_turn and tsumo and seat != "E"
    flags["renhou"] = first_turn and not tsumo and seat != "E"
    kans = sum(1 for m in melds if m.is_kan)
    dora = [pool.draw_any(rng) for _ in range(1 + kans)]
    ura = [pool.draw_any(rng) for _ in range(1 + kans)] if flags["riichi"] else []
    return GeneratedHand(
        concealed=tuple(concealed), win_tile=win, melds=melds, tsumo=tsumo, seat_wind=seat,
        round_wind=round_wind, dora_indicators=tuple(dora), ura_indicators=tuple(ura),
        flags=flags, honba=rng.choice((0, 0, 0, 1, 2, 5)), riichi_sticks=rng.choice((0, 0, 1, 2)),
    )


def random_hands(n: int, seed: int) -> list[GeneratedHand]:
    """``n`` random winning hands, the same for the same seed."""
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]
