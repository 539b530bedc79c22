"""What the table showed about an opponent's concealed tiles: the belief the worlds draw them from.

For each other seat, from public facts only (:class:`SeatBelief`, worked out once per decision):

- a **shanten prior**: the share of real players' hands at each shanten (0 = tenpai ... 4 or more)
  given the seat's open melds, its turn (discards made), the tiles left in the wall and its hand
  discards (tedashi: discards that were not the tile just drawn), fitted on real Tenhou games
  (:mod:`riichi.analyze.belief_table`, made by ``bench/fit_belief.py``);
- its **recent hand discards** (at most :data:`HISTORY`, each with its age), which the discard
  model (:mod:`riichi.analyze._belief`) turns into a likelihood of a hand: the probability that a
  real player holding that hand would have discarded them, a softmax over the hand's discards of
  tile efficiency (shanten, ukeire) and the tile's kind, fitted on the same games;
- the tiles it may not wait on at tenpai: its own discards and the tiles others discarded since
  its last discard (it would have won on them), and in riichi every tile discarded since.

:func:`draw_hands` deals each seat a hand in turn from the tiles the analysed seat has not seen: a
shanten level from the prior (a seat in riichi: tenpai and not furiten), then a Markov chain over
the hands of that level from the pool (uniform among them), :data:`PICKS` of its states weighed by
the likelihood of the seat's discards and by a shape tilt (``(1 + ukeire) ** tilt``, a tilt per
level fitted so that the hands drawn have the real hands' ukeire: real players keep better shapes
than a random hand of the same shanten) and one picked in proportion (sampling-importance
resampling). The marginal of the shanten is the prior's: the weights only choose among hands of
one level, so the prior and the discards do not count the same evidence twice. The effective
sample size of the weights (out of :data:`PICKS`) says how much they narrowed the choice; near 1
the pick is the best of a few hands, a weak approximation of the belief.

>>> from riichi.game import Game
>>> state = Game("tenhou", seed=3).new_state()
>>> [round(sum(b.prior), 6) for b in beliefs(state, 0, {})]
[1.0, 1.0, 1.0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from riichi.analyze._belief import AGES, FEATURES, age_class, consistent, draw_hand
from riichi.analyze.belief_table import DISCARD_MODEL, PRIOR, QUALITY
from riichi.analyze.position import seat_named
from riichi.errors import AnalysisError
from riichi.game.player import Player
from riichi.game.state import GameState
from riichi.logs import events as ev

__all__ = ["SeatBelief", "Model", "DEFAULT_MODEL", "beliefs", "draw_hands", "prior_cell",
           "seat_cell", "shanten_class", "hand_history", "riichi_start", "passed_tiles",
           "BeliefWarning", "COLLAPSED", "ESS_WARNING", "HISTORY", "PICKS", "LEVELS"]

LEVELS = 5
"""Shanten classes of the prior: 0 (tenpai), 1, 2, 3 and 4 or more."""

HISTORY = 8
"""The most recent hand discards of a seat the likelihood weighs."""

PICKS = 16
"""States of an opponent's chain weighed against each other in one world."""

THIN = 6
"""Swaps proposed between two weighed states."""

BURN = 48
"""Swaps proposed inside the level before the first weighed state."""

WALK = 1_500
"""Swaps at most to walk a random hand to the level drawn (a level it does not reach in that
many is drawn anew)."""

RIICHI_BURN = 400
"""Swaps proposed to a riichi seat's hand before the first weighed state (its start is a random
complete hand less a tile, far from the uniform law)."""

TRIES = 8
"""Levels drawn for a seat before the draw gives up on the prior."""

COLLAPSED = 1.5
"""An effective sample size below this (out of :data:`PICKS`) is a collapsed draw: one hand
carried nearly all the weight."""

ESS_WARNING = 2.0
"""A seat whose weighed hands have a mean effective sample size below this makes an analysis
warn (:class:`BeliefWarning`)."""


class BeliefWarning(UserWarning):
    """The belief's weights collapsed for a seat: its discards fit few of the hands drawn."""


RIICHI_TRIES = 1_000
"""Starting hands drawn for one seat in riichi before the draw gives up."""


@dataclass(frozen=True)
class Model:
    """A fitted belief: the shanten prior (``prior[cell]`` the shares of classes 0-4, by
    :func:`prior_cell`), the discard model's coefficients (:data:`FEATURES` per age class) and
    the shape tilts (``quality[k]`` for the hands of shanten class ``k``, ``quality[LEVELS]``
    for a seat in riichi: the power of ``1 + ukeire`` the weights are multiplied by)."""

    prior: Mapping[tuple[int, int, int, int], tuple[float, ...]]
    discards: tuple[float, ...]
    quality: tuple[float, ...] = (0.0,) * (LEVELS + 1)

    def __post_init__(self) -> None:
        if len(self.discards) != FEATURES * AGES:
            raise AnalysisError(f"a discard model has {FEATURES * AGES} coefficients, "
                                f"not {len(self.discards)}")
        if len(self.quality) != LEVELS + 1:
            raise AnalysisError(f"a belief has {LEVELS + 1} shape tilts, not "
                                f"{len(self.quality)}")


DEFAULT_MODEL = Model(PRIOR, DISCARD_MODEL, QUALITY)
"""The belief fitted on the real games (:mod:`riichi.analyze.belief_table`)."""


def prior_cell(melds: int, turn: int, left: int, tedashi: int) -> tuple[int, int, int, int]:
    """The prior's cell of a seat with ``melds`` open melds, ``turn`` discards made, ``left``
    tiles in the live wall and ``tedashi`` hand discards.

    >>> prior_cell(0, 7, 40, 5)
    (0, 2, 1, 1)
    """
    return (min(melds, 3), min(turn // 3, 4), 0 if left >= 50 else 1 if left >= 35 else
            2 if left >= 20 else 3, min(tedashi // 3, 3))


def seat_cell(p: Player, left: int) -> tuple[int, int, int, int]:
    """The prior's cell of the seat ``p`` (a table's :class:`~riichi.game.player.Player`) with
    ``left`` tiles in the live wall: from its public side only."""
    return prior_cell(sum(1 for m in p.melds if m.is_open), len(p.discards), left,
                      sum(1 for d in p.discards if not d.tsumogiri))


def shanten_class(shanten: int) -> int:
    """The prior's class of a shanten (4 stands for 4 or more)."""
    return min(max(shanten, 0), LEVELS - 1)


def hand_history(discards: Sequence[object]) -> tuple[bytes, bytes]:
    """The tile types of the last :data:`HISTORY` hand discards of a pond (entries with
    ``tile`` and ``tsumogiri``) and their age classes (:func:`~riichi.analyze._belief.age_class`
    of how many discards of the seat followed each)."""
    types, ages = [], []
    last = len(discards) - 1
    for k in range(last, -1, -1):
        d = discards[k]
        if not d.tsumogiri:  # type: ignore[attr-defined]
            types.append(d.tile >> 2)  # type: ignore[attr-defined]
            ages.append(age_class(last - k))
            if len(types) == HISTORY:
                break
    return bytes(types), bytes(ages)


@dataclass(frozen=True)
class SeatBelief:
    """What the table showed of one opponent (see the module's docstring): its seat, concealed
    tile count, riichi, the prior's shares of shanten classes 0-4, its recent hand discards with
    their age classes, the tile types it may not wait on and the tile types in its melds."""

    seat: int
    size: int
    riichi: bool
    prior: tuple[float, ...]
    history: bytes
    ages: bytes
    banned: int
    melded: bytes


def beliefs(state: GameState, seat: int, passed: Mapping[int, int],
            model: Model = DEFAULT_MODEL) -> list[SeatBelief]:
    """The belief about every seat but ``seat`` at ``state``; ``passed[s]`` is the mask of the
    tile types others discarded since seat ``s``'s last discard (it would have won on them)."""
    left = state.wall.live_remaining
    out = []
    for s, p in enumerate(state.players):
        if s == seat:
            continue
        prior = model.prior[seat_cell(p, left)]
        history, ages = hand_history(p.discards)
        melded = bytearray(34)
        for m in p.melds:
            for t in m.types:
                melded[t] += 1
        banned = p.genbutsu_mask | (0 if p.riichi else passed.get(s, 0))
        out.append(SeatBelief(s, len(p.hand), bool(p.riichi), tuple(prior), history, ages,
                              banned, bytes(melded)))
    return out


def passed_tiles(events: Sequence[ev.Event], seats: int, kita_ron: bool = True) -> dict[int, int]:
    """For each seat, the mask of the tile types it let go by since its own last discard in
    ``events`` (a round's, up to a decision): tiles it would have won on, had it waited on them
    (a seat that had no discard yet: since the deal). They are the others' discards, the tiles
    they added to a pon (a kan any seat waiting on it may rob) and, where ``kita_ron`` (the
    rules' :attr:`~riichi.rules.RuleSet.kita_ron`), the Norths they set aside.

    >>> from riichi.logs.events import Dahai, KakanDeclared
    >>> passed_tiles([Dahai(0, 4, False), Dahai(1, 8, False), Dahai(2, 12, True)], 4)
    {0: 12, 1: 8, 2: 0, 3: 14}
    >>> passed_tiles([Dahai(0, 4, False), KakanDeclared(1, 0, (1, 2, 3))], 3)
    {0: 1, 1: 2, 2: 3}
    """
    out = dict.fromkeys(range(seats), 0)
    for e in events:
        if isinstance(e, ev.Dahai):
            for s in out:
                out[s] = 0 if s == e.actor else out[s] | 1 << (e.pai >> 2)
        elif isinstance(e, ev.KakanDeclared) or (kita_ron and isinstance(e, ev.KitaDeclared)):
            for s in out:
                if s != e.actor:
                    out[s] |= 1 << (e.pai >> 2)
    return out


@dataclass
class Draws:
    """What the draws of one world's hands cost and found: per seat, the effective sample size
    of its weighed states; the swaps proposed and kept inside the consistent sets."""

    ess: dict[int, float]
    proposals: int = 0
    accepted: int = 0


def draw_hands(pool: list[int], seats: Sequence[SeatBelief], rng: np.random.Generator,
               model: Model = DEFAULT_MODEL, tries: int = RIICHI_TRIES
               ) -> tuple[dict[int, list[int]], list[int], Draws]:
    """Hands for ``seats`` drawn from ``pool`` (136-ids) by the belief (see the module's
    docstring): the seats in riichi first, each among the tiles the ones before left. Returns
    the hands, the tiles left (in ``pool``'s order) and the draws' figures."""
    coef = np.asarray(model.discards, dtype=float)
    hands: dict[int, list[int]] = {}
    draws = Draws({})
    for b in sorted(seats, key=lambda b: not b.riichi):
        hand = _draw_one(pool, b, rng, coef, model.quality, draws, tries)
        hands[b.seat] = hand
        taken = set(hand)
        pool = [t for t in pool if t not in taken]
    return hands, pool, draws


def _draw_one(pool: list[int], b: SeatBelief, rng: np.random.Generator, coef: np.ndarray,
              tilts: Sequence[float], draws: Draws, tries: int) -> list[int]:
    shares = list(b.prior) if b.size > 1 else [1.0] + [0.0] * (LEVELS - 1)  # one tile: tenpai
    for _ in range(TRIES):
        if b.riichi:
            start, mode, level, burn = riichi_start(pool, b, rng, tries), 1, 0, RIICHI_BURN
        else:
            level = _level(shares, float(rng.random()))
            order = rng.permutation(len(pool))
            start, mode, burn = [pool[i] for i in order[:b.size]], 0, BURN
        taken = set(start)
        rest = [t for t in pool if t not in taken]
        moves = rng.random(((WALK if mode == 0 else 0) + burn + THIN * PICKS, 2))
        tilt = tilts[LEVELS if b.riichi else level]
        hand, ess, made, kept, reached = draw_hand(
            start, rest, mode, level, b.banned, b.melded, b.history, b.ages, coef, moves, burn,
            THIN, PICKS, float(rng.random()), tilt)
        if reached:
            draws.ess[b.seat] = ess
            draws.proposals += made
            draws.accepted += kept
            return hand
        shares[level] = 0.0  # no hand of that level among these tiles
        if not any(shares):
            break
    raise AnalysisError(f"no hand for {seat_named(b.seat)} found in {TRIES} draws of the belief: "
                        "what the table showed is not consistent with the tiles left unseen")


def _level(shares: Sequence[float], u: float) -> int:
    """The level whose cumulative share first exceeds ``u`` times their total."""
    at = u * sum(shares)
    for level, share in enumerate(shares):
        if at < share:
            return level
        at -= share
    return max(k for k, share in enumerate(shares) if share)


def _complete_hand(kinds: list[int], size: int, rng: np.random.Generator) -> list[int] | None:
    """Tile types of a random complete hand of ``size + 1`` tiles (sets and a pair) taken from
    the types ``kinds`` (one entry per tile), one of its tiles then dropped; None if the draw
    runs out of tiles."""
    left = bytearray(34)
    for k in kinds:
        left[k] += 1
    hand: list[int] = []
    for _ in range(size // 3):
        shapes = [(k, k, k) for k in range(34) if left[k] >= 3]
        shapes += [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6
                   and left[k] and left[k + 1] and left[k + 2]]
        if not shapes:
            return None
        for k in shapes[int(rng.integers(len(shapes)))]:
            left[k] -= 1
            hand.append(k)
    pairs = [k for k in range(34) if left[k] >= 2]
    if not pairs:
        return None
    pair = pairs[int(rng.integers(len(pairs)))]
    hand += [pair, pair]
    hand.pop(int(rng.integers(len(hand))))
    return hand


def riichi_start(pool: list[int], b: SeatBelief, rng: np.random.Generator,
                 tries: int = RIICHI_TRIES) -> list[int]:
    """A starting hand (136-ids from ``pool``) for the seat of ``b`` in riichi: tenpai and not
    furiten, a random complete hand less one tile."""
    by_kind: dict[int, list[int]] = {}
    for t in pool:
        by_kind.setdefault(t >> 2, []).append(t)
    kinds_of_pool = [t >> 2 for t in pool]
    for _ in range(tries):
        kinds = _complete_hand(kinds_of_pool, b.size, rng)
        if kinds is None:
            continue
        counts = bytearray(34)
        for k in kinds:
            counts[k] += 1
        if consistent(bytes(counts), b.size, 1, 0, b.banned, b.melded):
            return [by_kind[k].pop(int(rng.integers(len(by_kind[k])))) for k in kinds]
    raise AnalysisError(
        f"no tenpai hand for {seat_named(b.seat)} in riichi found in {tries} tries of the redeal: "
        "its riichi is not consistent with the tiles left unseen"
    )
