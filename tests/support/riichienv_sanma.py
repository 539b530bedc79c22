"""The table of three beside riichienv's three-player mode: the same walls, the same choices, and
every decision and payment compared.

Each hand of a ``tenhou-3p`` game played here is dealt again by riichienv
(``RiichiEnv(game_mode="3p-red-single")``, reset with the hand's dealer, round wind, counters,
sticks, points and wall, the wall remapped to riichienv's layout by :func:`riichienv_wall`). Both
tables are then driven together: at every decision the seats asked and the actions each is offered
are compared in one notation (:func:`our_key`, :func:`their_key`), one action is picked at random
among those both offer (:class:`Chooser`, a random player that prefers wins, riichi and the
discards that keep its shanten lowest, so that hands are won and paid), and each table takes it.
At the end of the hand the winners and the points each seat gained or paid are compared.

A difference is counted by its kind (:attr:`Tally.differences`) with a few examples; where a
decision cannot be matched (a turn given to different seats, or no action offered by both) the
hand is left (:attr:`Tally.abandoned`). ``docs/game.md`` ("Beside riichienv") classifies every kind
found; ``bench/sanma_differential.py`` runs the differential over many hands.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import riichienv  # type: ignore[import-untyped]

from riichi import shanten
from riichi.game import (
    Action, Ankan, Discard, Game, GameState, Kakan, Kita, NineTerminals, Pass, Phase, Pon, Riichi,
)
from riichi.tiles import tile_id_name, tile_name

__all__ = [
    "DOCUMENTED", "riichienv_wall", "our_key", "their_key", "Chooser", "Tally",
    "compare_hands",
]

Key = tuple[str, ...]
"""An action in the common notation: its kind, then its tile(s) (``("discard", "0p")``,
``("pon", "0p5p")``, ``("ankan", "1z")``, ``("riichi",)``)."""

MODE = "3p-red-single"  # one hand, started from the position it is given
RULES = {"tenhou-3p": riichienv.GameRule.default_tenhou,
         "mahjongsoul-3p": riichienv.GameRule.default_mjsoul}
"""Our three-player presets and riichienv's rules of the same game."""
REPLACEMENTS = (1, 0, 3, 2, 5, 4, 7, 6)  # our yama places of the replacement tiles, in draw order
LIVE = 94  # tiles dealt and drawn from the live wall, before any replacement draw
_T = riichienv.ActionType
_TYPES = {tile_id_name(t): t >> 2 for t in range(136)}  # a tile's name to its type


def riichienv_wall(yama: Sequence[int]) -> list[int]:
    """The 108 tiles of our wall ``yama`` in the order ``RiichiEnv.reset(wall=...)`` takes them.

    riichienv deals ``wall[0:36]`` four at a time from the dealer, ``wall[36:39]`` one each, and
    draws ``wall[39]``, ``wall[40]``, ... ; its replacement tiles are ``wall[107]``,
    ``wall[106]``, ... and its dora indicators ``wall[99]``, ``wall[97]``, ... (the ura
    ``wall[98]``, ``wall[96]``, ...). Ours deal and draw ``yama[107]`` downward, replace from
    ``yama[1], yama[0], yama[3], ...``, and show ``yama[9], yama[11], ...`` (ura ``yama[8],
    ...``). The fourth and fifth kan indicators lie among the tiles the replacements moved from
    the live wall, in each engine in a place the other gives to another use: only they differ.
    """
    wall = [yama[107 - i] for i in range(LIVE)] + [0] * (108 - LIVE)
    for k, place in enumerate(REPLACEMENTS):
        wall[107 - k] = yama[place]
    for k in range(3):  # the first three indicators and their ura
        wall[99 - 2 * k] = yama[9 + 2 * k]
        wall[98 - 2 * k] = yama[8 + 2 * k]
    return wall


DOCUMENTED = {
    "dora indicator 4 (wall layout)": "the fourth kan indicator lies elsewhere in each wall",
    "dora indicator 5 (wall layout)": "the fifth kan indicator lies elsewhere in each wall",
    "payments after a kan indicator placed elsewhere": "the same, in the hand's dora",
    "kan dora turned at another moment": "an open kan's indicator turned after the discard here",
}
"""The kinds of difference ``docs/game.md`` ("Beside riichienv") explains, each in a few words."""


def _names(tiles: Sequence[int]) -> str:
    return "".join(sorted(tile_id_name(t) for t in tiles))


def our_key(action: Action) -> Key:
    """``action`` of our table in the common notation (a riichi without its discard: riichienv
    declares riichi, then discards)."""
    if isinstance(action, Discard):
        return ("discard", tile_id_name(action.tile))
    if isinstance(action, Riichi):
        return ("riichi",)
    if isinstance(action, Pon):
        return ("pon", _names(action.tiles))
    if isinstance(action, (Ankan, Kakan)):
        return (type(action).__name__.lower(), tile_name(action.tile_type))
    if isinstance(action, NineTerminals):
        return ("nine_terminals",)
    return (type(action).__name__.lower(),)  # tsumo, ron, pass, daiminkan, kita, chi


_THEIR_KINDS = {
    int(_T.DISCARD): "discard", int(_T.RIICHI): "riichi", int(_T.TSUMO): "tsumo",
    int(_T.RON): "ron", int(_T.PASS): "pass", int(_T.PON): "pon", int(_T.CHI): "chi",
    int(_T.DAIMINKAN): "daiminkan", int(_T.ANKAN): "ankan", int(_T.KAKAN): "kakan",
    int(_T.KYUSHU_KYUHAI): "nine_terminals", int(_T.KITA): "kita",
}


def their_key(action: Any) -> Key:
    """riichienv's ``Action3P`` in the common notation."""
    kind = _THEIR_KINDS[int(action.action_type)]
    if kind == "discard":
        return (kind, tile_id_name(action.tile))
    if kind in ("pon", "chi"):
        return (kind, _names(action.consume_tiles))
    if kind in ("ankan", "kakan"):
        tile = action.tile if action.tile is not None else action.consume_tiles[0]
        return (kind, tile_name(tile >> 2))
    return (kind,)


def _our_id(action: Action) -> tuple[int, ...]:
    if isinstance(action, (Discard, Riichi, Kita)):
        return (action.tile,)
    if isinstance(action, Pon):
        return tuple(sorted(action.tiles))
    return ()


def _their_id(action: Any) -> tuple[int, ...]:
    if action.consume_tiles:
        return tuple(sorted(action.consume_tiles))
    return () if action.tile is None else (action.tile,)


def _pair(ours: list[Action], theirs: list[Any]) -> tuple[Action, Any]:
    """The two tables' actions of one key: the same tiles where both list them."""
    for a in ours:
        for b in theirs:
            if _our_id(a) == _their_id(b) or (isinstance(a, Riichi) and b.tile is None):
                return a, b
    return ours[0], theirs[0]


class Chooser:
    """The random player both tables follow: from the keys both offer a seat it takes a win (nine
    times in ten), a kita or riichi (seven in ten), a kan (one in two), a call (one in four),
    else a discard, most often one that leaves the lowest shanten; every draw from ``rng``."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def choose(self, keys: set[Key], counts: Sequence[int]) -> Key:
        ordered = sorted(keys)
        for kinds, chance in ((("tsumo", "ron"), 0.9), (("kita", "riichi"), 0.7),
                              (("ankan", "kakan", "daiminkan"), 0.5), (("pon", "chi"), 0.25),
                              (("nine_terminals",), 0.5)):
            wanted = [k for k in ordered if k[0] in kinds]
            if wanted and self.rng.random() < chance:
                return wanted[int(self.rng.integers(len(wanted)))]
        discards = [k for k in ordered if k[0] == "discard"]
        if not discards:
            rest = [k for k in ordered if k[0] == "pass"] or ordered
            return rest[int(self.rng.integers(len(rest)))]
        return self.discard(discards, counts)

    def discard(self, discards: list[Key], counts: Sequence[int]) -> Key:
        if self.rng.random() < 0.8:
            after = []
            for key in discards:
                left = list(counts)
                left[_TYPES[key[1]]] -= 1
                after.append(shanten(left, players=3))
            best = min(after)
            discards = [k for k, s in zip(discards, after) if s == best]
        return discards[int(self.rng.integers(len(discards)))]


@dataclasses.dataclass
class Tally:
    """What a run compared: hands, decisions (one seat's offered actions at one moment), the
    decisions and hands that agreed, the differences by kind with examples, the hands left."""

    hands: int = 0
    decisions: int = 0
    agreements: int = 0
    payments_agreed: int = 0
    abandoned: int = 0
    differences: Counter[str] = dataclasses.field(default_factory=Counter)
    hands_with: Counter[str] = dataclasses.field(default_factory=Counter)
    examples: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    endings: Counter[str] = dataclasses.field(default_factory=Counter)

    def differ(self, kind: str, where: str, seen: set[str]) -> None:
        self.differences[kind] += 1
        if kind not in seen:
            seen.add(kind)
            self.hands_with[kind] += 1
        shown = self.examples.setdefault(kind, [])
        if len(shown) < 3:
            shown.append(where)

    def lines(self) -> list[str]:
        out = [f"hands compared: {self.hands} ({self.abandoned} left before their end)",
               f"decisions compared: {self.decisions}, agreeing: {self.agreements}",
               f"payments agreeing: {self.payments_agreed} of {self.hands - self.abandoned}",
               "endings: " + ", ".join(f"{k} {v}" for k, v in sorted(self.endings.items()))]
        for kind, n in sorted(self.differences.items()):
            out.append(f"difference {kind}: {n} times in {self.hands_with[kind]} hands")
            out += [f"    e.g. {e}" for e in self.examples[kind]]
        return out


_MOMENT = {False: "turn", True: "claims"}


def _by_key(actions: Sequence[Any], key: Callable[[Any], Key]) -> dict[Key, list[Any]]:
    """``actions`` grouped by their key in the common notation, in the order listed."""
    out: dict[Key, list[Any]] = {}
    for a in actions:
        out.setdefault(key(a), []).append(a)
    return out


def _describe(keys: set[Key]) -> str:
    return " ".join("/".join(k) for k in sorted(keys)) or "-"


class _Hand:
    """One hand played on both tables."""

    def __init__(
        self, state: GameState, chooser: Chooser, tally: Tally, label: str, rule: Any
    ) -> None:
        self.state, self.chooser, self.tally, self.label = state, chooser, tally, label
        self.seen: set[str] = set()
        self.outcomes = len(state.outcomes)
        pos = state.position
        self.start = list(state.scores)
        self.first_event = len(state.events)
        self.indicators: tuple[list[int], list[int]] = ([], [])
        self.env = riichienv.RiichiEnv(game_mode=MODE, seed=0, rule=rule)
        obs = self.env.reset(
            oya=state.dealer, wall=riichienv_wall(state.wall.yama), round_wind=pos.round_wind,
            scores=list(state.scores), honba=pos.honba, kyotaku=pos.sticks,
        )
        self.offered = self._offered(obs)

    def _offered(self, obs: dict[int, Any]) -> dict[int, list[Any]]:
        return {s: o.legal_actions() for s, o in obs.items() if o.legal_actions()}

    def differ(self, kind: str, detail: str) -> None:
        where = f"{self.label}, turn {len(self.state.events)}: {detail}"
        self.tally.differ(kind, where, self.seen)

    def ours_over(self) -> bool:
        return self.state.is_over or len(self.state.outcomes) > self.outcomes

    def play(self) -> None:
        self.tally.hands += 1
        env, state = self.env, self.state
        theirs_dealt = [sorted(h) for h in env.hands]
        if theirs_dealt != [sorted(p.hand) for p in state.players]:
            self.differ("deal", f"ours {state.players[0].hand} theirs {env.hands[0]}")
            self.tally.abandoned += 1
            return
        while True:
            ours_done, theirs_done = self.ours_over(), env.done()
            if ours_done or theirs_done:
                break
            if not self.step():
                self.tally.abandoned += 1
                return
        if ours_done != theirs_done:
            self.differ("hand end", f"ours over {ours_done}, theirs over {theirs_done}")
            self.tally.abandoned += 1
            return
        self.settle()

    def step(self) -> bool:
        """One decision of every seat asked; False when the tables cannot go on together."""
        state, env = self.state, self.env
        ours_claim = state.phase is not Phase.TURN
        theirs_claim = int(env.phase) == 1
        our_seats = list(state.acting_seats)
        their_seats = sorted(self.offered)
        self.compare_indicators()
        if ours_claim != theirs_claim or (not ours_claim and our_seats != their_seats):
            here = {s: _describe(set(_by_key(state.legal(s), our_key))) for s in our_seats}
            there = {s: _describe(set(_by_key(self.offered[s], their_key))) for s in their_seats}
            self.differ(f"seats asked ({_MOMENT[ours_claim]} here, {_MOMENT[theirs_claim]} there)",
                        f"ours {here} theirs {there}")
            if ours_claim and not theirs_claim:  # pass here and ask again
                for seat in our_seats:
                    state.apply(Pass(seat))
                return True
            if theirs_claim and not ours_claim:
                self.offered = self._offered(env.step({
                    s: next(a for a in acts if their_key(a) == ("pass",))
                    for s, acts in self.offered.items()}))
                return True
            return False
        ours_moves: list[Action] = []
        theirs_moves: dict[int, Any] = {}
        for seat in sorted(set(our_seats) | set(their_seats)):
            ours = _by_key(state.legal(seat), our_key)
            theirs = _by_key(self.offered.get(seat, []), their_key)
            self.tally.decisions += 1
            if set(ours) == set(theirs):
                self.tally.agreements += 1
            else:
                self.differ(self._kind(set(ours), set(theirs)),
                            f"seat {seat} ours-only {_describe(set(ours) - set(theirs))} "
                            f"theirs-only {_describe(set(theirs) - set(ours))}")
            common = set(ours) & set(theirs)
            if not common:
                if ours_claim and ("pass",) in ours and not theirs:
                    ours_moves.append(ours[("pass",)][0])
                    continue
                if ours_claim and ("pass",) in theirs and not ours:
                    theirs_moves[seat] = theirs[("pass",)][0]
                    continue
                return False
            key = self.chooser.choose(common, state.players[seat].counts)
            a, b = _pair(ours[key], theirs[key])
            if key == ("riichi",):
                return self.riichi(seat, ours[key], b)
            ours_moves.append(a)
            theirs_moves[seat] = b
        for a in ours_moves:
            state.apply(a)
        self.offered = self._offered(env.step(theirs_moves))
        return True

    def riichi(self, seat: int, ours: list[Action], declare: Any) -> bool:
        """Riichi: here one action with its discard, there a declaration, then the discard."""
        state, env = self.state, self.env
        offered = self._offered(env.step({seat: declare})).get(seat, [])
        by_ours = {("discard", tile_id_name(a.tile)): a for a in ours if isinstance(a, Riichi)}
        by_theirs = {their_key(b): b for b in offered}
        self.tally.decisions += 1
        if set(by_ours) == set(by_theirs):
            self.tally.agreements += 1
        else:
            self.differ("riichi discards", f"seat {seat} ours-only "
                        f"{_describe(set(by_ours) - set(by_theirs))} theirs-only "
                        f"{_describe(set(by_theirs) - set(by_ours))}")
        common = sorted(set(by_ours) & set(by_theirs))
        if not common:
            return False
        key = common[int(self.chooser.rng.integers(len(common)))]
        a, b = by_ours[key], by_theirs[key]
        b = next((x for x in offered if x.tile == a.tile and their_key(x) == key), b)
        state.apply(a)
        self.offered = self._offered(env.step({seat: b}))
        return True

    def compare_indicators(self) -> None:
        ours, theirs = list(self.state.dora_indicators), list(self.env.dora_indicators)
        if ours == theirs or (ours, theirs) == self.indicators:
            return
        self.indicators = (ours, theirs)
        short = min(len(ours), len(theirs))
        if ours[:short] != theirs[:short]:
            first = next(i for i in range(short) if ours[i] != theirs[i])
            self.differ(f"dora indicator {first + 1} (wall layout)" if first >= 3 else
                        "dora indicators", f"ours {ours} theirs {theirs}")
        else:
            self.differ("kan dora turned at another moment", f"ours {ours} theirs {theirs}")

    @staticmethod
    def _kind(ours: set[Key], theirs: set[Key]) -> str:
        only_ours = sorted({k[0] for k in ours - theirs})
        only_theirs = sorted({k[0] for k in theirs - ours})
        return (f"offered: ours-only {'+'.join(only_ours) or '-'}, "
                f"theirs-only {'+'.join(only_theirs) or '-'}")

    def settle(self) -> None:
        state, env = self.state, self.env
        outcome = state.outcomes[self.outcomes]
        # our deltas are the hand's payments; a riichi's stick was paid when it was accepted
        ours = list(outcome.deltas)
        for e in state.events[self.first_event:]:
            if e.type == "reach_accepted":
                ours[e.actor] -= 1000
        theirs = [a - b for a, b in zip(env.scores(), self.start)]
        paid = f"ours {ours} theirs {theirs}"
        winners = sorted({e["actor"] for e in env.mjai_log if e["type"] == "hora"})
        self.tally.endings[outcome.reason] += 1
        if sorted(outcome.winners) != winners:
            self.differ("winners", f"ours {outcome.reason} {outcome.winners} theirs {winners} "
                        f"{[e for e in env.mjai_log if e['type'] in ('hora', 'ryukyoku')]}")
        elif ours == theirs:
            self.tally.payments_agreed += 1
        elif any(k.startswith("dora indicator ") for k in self.seen):
            self.differ("payments after a kan indicator placed elsewhere", paid)
        else:
            ends = [e for e in env.mjai_log if e["type"] in ("hora", "ryukyoku")]
            self.differ(f"payments ({outcome.reason})", f"{paid} {ends}")



def compare_hands(
    hands: int, seed: int, preset: str = "tenhou-3p",
    on_hand: Callable[[Tally], None] | None = None,
) -> Tally:
    """Compare ``hands`` hands of ``preset``'s games (seeds ``seed``, ``seed + 1``, ...) with
    riichienv's (its rules of that game, :data:`RULES`), each played by :class:`Chooser` from one
    ``numpy`` generator of ``seed``."""
    rule = RULES[preset]()
    tally = Tally()
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    chooser = Chooser(rng)
    game_seed = seed
    while tally.hands < hands:
        state = Game(preset, seed=game_seed).new_state()
        number = 0
        while not state.is_over and tally.hands < hands:
            hand = _Hand(state, chooser, tally, f"game seed {game_seed} hand {number}", rule)
            hand.play()
            _finish(hand, chooser)
            number += 1
            if on_hand is not None:
                on_hand(tally)
        game_seed += 1
    return tally


def _finish(hand: _Hand, chooser: Chooser) -> None:
    """Play our hand to its end alone (after the tables parted)."""
    state = hand.state
    while not hand.ours_over():
        seat = state.acting_seats[0]
        keys = _by_key(state.legal(seat), our_key)
        state.apply(keys[chooser.choose(set(keys), state.players[seat].counts)][0])
