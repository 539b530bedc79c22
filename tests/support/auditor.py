"""An outside-in rules auditor: seeded games by agents that mix behaviours, every offer recorded,
every hand rebuilt from the public event log and checked against rules written here.

The auditor knows the game only through the event log (``start_kyoku`` hands, draws, discards,
calls, riichi, wins, draws, dora) and the legal actions the engine offered at each decision. It
keeps its own table (concealed tiles, melds, discards, riichi and furiten of each seat) and its
own rule logic, simple and slow on purpose: waits by trying each of the 34 tile types on a
recursive complete-hand test, furiten (own discards, temporary, riichi), kuikae, the last tile,
riichi conditions, liability (pao), the payments of wins and draws, counters, sticks, the
dealer's seat and the final result, for every preset of four players, ``2p`` and the presets of
three (RULES.md; the rule set's fields as its docs describe them): at three players no chi, and
kita, a North set aside for a dora and a replacement draw (offered for each North held after a
draw, only the North drawn in riichi, while the wall has a replacement tile and a live tile to
give; a call that ends ippatsu and the first go-around once nobody wins on it; won on by ron
where ``kita_ron``, as a discard, keeping the winner's ippatsu), tsumo loss or north bisection. Only "is there a yaku, and what are its han and
fu" comes from the public scorer :func:`riichi.scoring.score_hand`, a layer tested on its own:
what a win pays is worked out here from the han and fu by the written score table.

Every check counts its opportunities in :attr:`Auditor.checked` and files what fails in
:attr:`Auditor.violations`.

>>> auditor = Auditor("ema")
>>> events, offers = play_recorded("ema", seed=5, game_index=0)
>>> auditor.audit(events, offers, "ema/5/0")
>>> auditor.violations, auditor.checked["ron opportunity"] > 0
([], True)
"""

from __future__ import annotations

import functools
import operator
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from riichi import _core
from riichi.errors import NotAWinError, NoYakuError
from riichi.game import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Game,
    Kakan,
    Kita,
    NineTerminals,
    Observation,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
    Wall,
)
from riichi.game import events as ev
from riichi.meld import Meld, MeldKind
from riichi.rules import (
    AbortiveDraw,
    KazoeLimit,
    LeftoverSticks,
    MultiRon,
    MultiRonSticks,
    PaoHonba,
    PaoScope,
    RiichiKanPolicy,
    RuleSet,
    TempFuritenClear,
    TsumoPayment,
)
from riichi.scoring import HandResult, score_hand

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
orphans = operator.itemgetter(*ORPHANS)
"""A hand's counts of the terminals and honours, in the order of ORPHANS."""
WINDS = ("E", "S", "W", "N")
ABORTS = ("nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron")
DRAGONS = (31, 32, 33)
WIND_TYPES = (27, 28, 29, 30)
COUNTED = ("dora", "aka_dora", "ura_dora", "kita")  # han that are no yaku
NORTH = 30

Offers = dict[int, dict[int, tuple[tuple[Action, ...], Action]]]
"""Event count -> seat -> (legal actions, the action taken) of every decision."""

Offered = dict[type, list[Action]]
"""A decision's legal actions by their class."""


def by_kind(legal: Sequence[Action]) -> Offered:
    """``legal`` by class (the engine's action classes have no subclasses), in their order."""
    kinds: Offered = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    return kinds


# ---------------------------------------------------------------------------- hands, by brute force


SUITS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))  # (first type, size, runs)


def _sets_and_pair(counts: list[int], pair: bool, runs: bool) -> bool:
    """Whether ``counts`` (one suit) split into sets and, unless ``pair`` is had, one pair."""
    i = next((t for t, c in enumerate(counts) if c), -1)
    if i < 0:
        return pair
    if counts[i] >= 3:
        counts[i] -= 3
        ok = _sets_and_pair(counts, pair, runs)
        counts[i] += 3
        if ok:
            return True
    if not pair and counts[i] >= 2:
        counts[i] -= 2
        ok = _sets_and_pair(counts, True, runs)
        counts[i] += 2
        if ok:
            return True
    if runs and i + 2 < len(counts) and counts[i + 1] and counts[i + 2]:
        for t in (i, i + 1, i + 2):
            counts[t] -= 1
        ok = _sets_and_pair(counts, pair, runs)
        for t in (i, i + 1, i + 2):
            counts[t] += 1
        return ok
    return False


@functools.lru_cache(maxsize=None)
def _suit_ok(part: tuple[int, ...], runs: bool) -> bool:
    """One suit's tiles are sets only (size 3n) or sets and one pair (size 3n+2)."""
    size = sum(part)
    return size % 3 != 1 and _sets_and_pair(list(part), size % 3 == 0, runs)


@functools.lru_cache(maxsize=None)
def _suit_completions(part: tuple[int, ...], runs: bool) -> tuple[int, ...]:
    """Indices ``x`` whose added tile makes the suit sets (and a pair)."""
    out = []
    for x in range(len(part)):
        if part[x] < 4:
            with_x = list(part)
            with_x[x] += 1
            if _suit_ok(tuple(with_x), runs):
                out.append(x)
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _suit(part: tuple[int, ...], runs: bool) -> tuple[int, bool, tuple[int, ...]]:
    """One suit's size mod 3, whether it is whole (:func:`_suit_ok`) and its completions."""
    return sum(part) % 3, _suit_ok(part, runs), _suit_completions(part, runs)


def _suits(counts: Sequence[int]) -> tuple[tuple[int, bool, tuple[int, ...]], ...]:
    """:func:`_suit` of each suit of ``counts``, in the order of SUITS."""
    return (_suit(tuple(counts[:9]), True), _suit(tuple(counts[9:18]), True),
            _suit(tuple(counts[18:27]), True), _suit(tuple(counts[27:]), False))


def _standard(counts: Sequence[int]) -> bool:
    suits = _suits(counts)
    return sum(size == 2 for size, _, _ in suits) == 1 and all(whole for _, whole, _ in suits)


def is_complete(counts: Sequence[int]) -> bool:
    """A complete concealed part of 3n+2 tiles: sets and a pair (suit by suit, exactly one pair),
    seven different pairs, or thirteen orphans (the last two only with 14 concealed tiles)."""
    if sum(counts) == 14:
        if counts.count(2) == 7:  # and so no other tile
            return True
        held = orphans(counts)
        if 0 not in held and sum(held) == 14:
            return True
    return _standard(counts)


@functools.lru_cache(maxsize=1 << 17)
def _hand_waits(concealed: tuple[int, ...]) -> frozenset[int]:
    """Tile types that complete ``concealed`` (3n+1 tiles), but those it holds all four of.

    Sets and a pair: a tile added to one suit must make that suit whole while every other suit
    already is, with exactly one pair over all suits. Seven pairs and thirteen orphans are tried
    tile by tile.
    """
    suits = _suits(concealed)
    pairs = sum(size == 2 for size, _, _ in suits)
    broken = [k for k, (_, whole, _) in enumerate(suits) if not whole]
    found: set[int] = set()
    for k, (size, _, completions) in enumerate(suits):
        # suit k grows by one (3n+1 to a pair, or a pair to sets), the others stay as they are,
        # all whole
        if (
            size and completions and pairs - (size == 2) + (size == 1) == 1
            and broken in ([], [k])
        ):
            base = SUITS[k][0]
            found.update(base + x for x in completions)
    if sum(concealed) == 13:
        if concealed.count(2) == 6 and concealed.count(1) == 1:  # and so no other tile
            found.add(concealed.index(1))  # seven pairs: the single
        if sum(orphans(concealed)) == 13:
            missing = [t for t in ORPHANS if not concealed[t]]
            if not missing:
                found.update(ORPHANS)  # thirteen orphans, 13-sided
            elif len(missing) == 1:
                found.add(missing[0])
    return frozenset(t for t in found if concealed[t] < 4)


def waits(concealed: tuple[int, ...], in_melds: tuple[int, ...]) -> frozenset[int]:
    """Tile types that complete ``concealed`` (3n+1 tiles), leaving out those the seat holds all
    four of (in its hand and melds): no copy is left to win on."""
    found = _hand_waits(concealed)
    if not found:
        return found
    return frozenset(t for t in found if concealed[t] + in_melds[t] < 4)


def _runs(kind: int) -> tuple[tuple[int, tuple[int, int]], ...]:
    """The runs a tile type is in: (the run's lowest type, its two other types); none for an
    honour."""
    out = []
    for lo in (kind - 2, kind - 1, kind):
        if kind < 27 and lo >= 0 and lo // 9 == kind // 9 and lo % 9 <= 6:
            a, b = (t for t in (lo, lo + 1, lo + 2) if t != kind)
            out.append((lo, (a, b)))
    return tuple(out)


RUNS = tuple(_runs(kind) for kind in range(34))


def kuikae_banned(called: int, run: tuple[int, int, int] | None) -> set[int]:
    """Types a seat may not discard right after a call: the called type; after a chi on an end of
    the run, also the type beyond the other end (claim 1 for 123: not 1 nor 4)."""
    banned = {called}
    if run is not None:
        low, high = run[0], run[2]
        if called == low and high % 9 != 8:
            banned.add(high + 1)
        elif called == high and low % 9 != 0:
            banned.add(low - 1)
    return banned


def noten_deltas(total: int, tenpai: Sequence[int], players: int = 4) -> tuple[int, ...]:
    """The exhaustive draw's payments: the noten seats pay ``total`` to the tenpai seats."""
    if len(tenpai) in (0, players):
        return (0,) * players
    return tuple(
        total // len(tenpai) if s in tenpai else -(total // (players - len(tenpai)))
        for s in range(players)
    )


# ---------------------------------------------------------------------------- the score table

# The written table of limits: from this many han, this many basic points.
LIMITS = ((11, 6_000), (8, 4_000), (6, 3_000), (5, 2_000))


def yakuman_count(yaku: dict[str, int]) -> int:
    """Yakuman in a scored hand: 13 han each (26 for a double form)."""
    return sum(han // 13 for name, han in yaku.items() if han >= 13 and name not in COUNTED)


def basic_points(han: int, fu: int, yaku: dict[str, int], rules: RuleSet) -> int:
    """A hand's basic points by the score table: 8,000 per yakuman; 13 han or more a counted
    yakuman or sanbaiman (``kazoe_limit``); the limits from mangan up; below, fu x 2^(2 + han)
    up to a mangan, which 4 han 30 fu and 3 han 60 fu reach under kiriage."""
    yakuman = yakuman_count(yaku)
    if yakuman:
        return 8_000 * yakuman
    if han >= 13:
        return 8_000 if rules.kazoe_limit is KazoeLimit.YAKUMAN else 6_000
    for least, basic in LIMITS:
        if han >= least:
            return basic
    if rules.kiriage and (han, fu) in ((4, 30), (3, 60)):
        return 2_000
    return min(fu * 2 ** (2 + han), 2_000)


def hundreds(points: int) -> int:
    """Rounded up to a multiple of 100."""
    return -(-points // 100) * 100


def win_deltas(
    rules: RuleSet, winner: int, basic: int, east: int | None, discarder: int | None,
    honba: int, liable: int | None = None, liable_basic: int = 0,
) -> list[int]:
    """What one win pays each seat, counters included, sticks not: a ron 4 (East 6) x basic from
    the discarder; a tsumo 1 x basic from each other seat and 2 x from East (all 2 x to East),
    or at two seats what ``tsumo_payment`` says; each payment rounded up to 100. At three seats
    the empty North's share is not paid, or (north bisection) each payer adds half of it, rounded
    up to 100 with its own share. ``liable``
    answers for ``liable_basic`` of the basic points: alone on a tsumo, half on a ron from a
    third seat."""
    players = rules.players
    out = [0] * players
    ron_times = 6 if winner == east else 4

    def pay(payer: int, amount: int) -> None:
        out[payer] -= amount
        out[winner] += amount

    own_basic = basic - liable_basic if liable is not None else basic
    others = [s for s in range(players) if s != winner]
    if discarder is None:
        mode = rules.tsumo_payment
        # what East and each other seat pay at four seats
        east_share = hundreds(2 * own_basic)
        each = hundreds((2 if winner == east else 1) * own_basic)
        if mode is TsumoPayment.AS_RON:
            shares = {s: hundreds(ron_times * own_basic) for s in others}
            counter = rules.honba_ron * honba
        elif mode is TsumoPayment.ABSENT_TOO:  # the opponent pays for every payer
            shares = {s: (3 * each if winner == east else east_share + 2 * each) for s in others}
            counter = 3 * rules.honba_tsumo * honba
        elif mode is TsumoPayment.NORTH_BISECTION:  # North would pay ``each``
            shares = {s: -(-(2 * (east_share if s == east else each) + each) // 200) * 100
                      for s in others}
            counter = rules.honba_tsumo * honba
        else:
            shares = {s: east_share if s == east else each for s in others}
            counter = rules.honba_tsumo * honba
        for s in others:
            pay(s, shares[s])
        if liable is not None:
            pay(liable, hundreds(ron_times * liable_basic) + counter * len(others))
        else:
            for s in others:
                pay(s, counter)
        return out
    pay(discarder, hundreds(ron_times * own_basic))
    counter_payer = discarder
    if liable is not None:
        value = hundreds(ron_times * liable_basic)
        if liable == discarder:
            pay(discarder, value)
        else:
            pay(discarder, value - value // 2)
            pay(liable, value // 2)
            if rules.pao_honba is PaoHonba.LIABLE:
                counter_payer = liable
    pay(counter_payer, rules.honba_ron * honba)
    return out


def liable_basic(yaku: dict[str, int], basic: int, rules: RuleSet) -> int:
    """The basic points a liable seat answers for: the whole hand, or only the yakuman that made
    it liable (``pao_scope``); 0 if the hand holds no yakuman of ``rules.pao``."""
    part = sum(han for name, han in yaku.items() if name in rules.pao)
    if not part:
        return 0
    return basic if rules.pao_scope is PaoScope.WHOLE_HAND else 8_000 * (part // 13)


# ---------------------------------------------------------------------------- agents and recording


class MixedAgent:
    """An agent of one temperament: takes an offered ron with ``p_ron`` and a tsumo with
    ``p_tsumo`` (passes them otherwise), calls with ``p_call``, declares riichi with ``p_riichi``
    and kans with ``p_kan``, sets a North aside with ``p_kita`` (three players), and discards toward
    tenpai with ``p_greedy`` (else at random).
    The temperament is drawn from ``rng`` unless ``fixed`` sets some of it."""

    def __init__(self, rng: random.Random, **fixed: float) -> None:
        self.rng = rng
        self.p_ron = rng.choice((1.0, 0.6, 0.0))
        self.p_tsumo = rng.choice((1.0, 0.8))
        self.p_call = rng.choice((0.0, 0.2, 0.6))
        self.p_riichi = rng.choice((0.2, 0.8, 1.0))
        self.p_kan = rng.choice((0.3, 1.0))
        # not drawn (the four-player games stay the ones they were): the callers keep more Norths
        self.p_kita = 1.0 - self.p_call
        self.p_greedy = rng.choice((0.0, 0.6, 0.95))
        for name, value in fixed.items():
            setattr(self, name, value)

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        rng = self.rng
        # the engine's action classes have no subclasses: an action's kind is its type
        offered = {type(a) for a in legal}
        for win, p in ((Ron, self.p_ron), (Tsumo, self.p_tsumo)):
            if win in offered and rng.random() < p:
                return next(a for a in legal if type(a) is win)
        for kinds, p in (
            ((Ankan, Kakan, Daiminkan), self.p_kan),
            ((Kita,), self.p_kita),
            ((Riichi,), self.p_riichi),
            ((Chi, Pon), self.p_call),
            ((NineTerminals,), 0.5),
        ):
            if not offered.isdisjoint(kinds) and rng.random() < p:
                chosen = [a for a in legal if type(a) in kinds]
                return self._best(observation, chosen) if kinds == (Riichi,) else rng.choice(chosen)
        plain = [a for a in legal if type(a) is Discard or type(a) is Pass]
        if not plain:
            return rng.choice(list(legal))
        if isinstance(plain[0], Discard) and rng.random() < self.p_greedy:
            return self._best(observation, plain)
        return rng.choice(plain)

    def _best(self, observation: Observation, discards: Sequence[Action]) -> Action:
        counts = bytearray(34)
        for tile in observation.hand:
            counts[tile >> 2] += 1
        after = {row[0]: (row[1], -row[2]) for row in _core.discard_analysis(counts).tolist()}
        tiles = {a: a.tile >> 2 for a in discards if isinstance(a, (Discard, Riichi))}
        best = min(after[t] for t in tiles.values())
        return self.rng.choice([a for a, t in tiles.items() if after[t] == best])


class HonorCaller:
    """A player after the yakuman of called sets: wins whenever it may, pons and kans every
    honor, calls every open kan, nothing else, and throws a suited tile toward tenpai."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, (Ron, Tsumo)):
                return action
        for action in legal:
            if isinstance(action, Daiminkan) or (
                isinstance(action, (Pon, Kakan, Ankan)) and _called_type(action) >= 27
            ):
                return action
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return next(a for a in legal if isinstance(a, Pass))
        suited = [a for a in discards if a.tile >> 2 < 27] or discards
        return MixedAgent(self.rng, p_greedy=1.0)._best(observation, suited)


def _called_type(action: Pon | Kakan | Ankan) -> int:
    return action.tiles[0] >> 2 if isinstance(action, Pon) else action.tile_type


def play_recorded(
    rules: RuleSet | str,
    seed: int,
    game_index: int,
    walls: Sequence[Wall] = (),
    honor_callers: Sequence[int] = (),
    **temperament: float,
) -> tuple[list[ev.Event], Offers]:
    """Play one game with a :class:`MixedAgent` at each seat (``temperament`` fixes some of
    their probabilities) or a :class:`HonorCaller` at the seats ``honor_callers``; ``walls`` are
    the first hands' walls. Records every decision's offers."""
    rng = random.Random(seed * 1_000_003 + game_index)
    game = Game(rules, seed=seed, game_index=game_index)
    agents: list[MixedAgent | HonorCaller] = [
        HonorCaller(random.Random(rng.random())) if seat in honor_callers
        else MixedAgent(random.Random(rng.random()), **temperament)
        for seat in range(game.rules.players)
    ]
    state = game.new_state(walls=walls)
    offers: Offers = {}
    while not state.is_over:
        for seat in state.acting_seats:
            legal = tuple(state.legal_actions(seat))
            action = agents[seat].act(Observation(state, seat), legal)
            offers.setdefault(len(state.events), {})[seat] = (legal, action)
            state.apply(action)
    return list(state.events), offers


# ---------------------------------------------------------------------------- the auditor's table


@dataclass
class Seat:
    """One seat as the log shows it. Its melds and kita change only through :meth:`meld` and
    :meth:`set_aside`, its concealed tiles through :meth:`add` and :meth:`remove`: the counts and
    waits read between two changes are worked out once."""

    concealed: list[int]
    melds: tuple[Meld, ...] = ()
    discards: list[int] = field(default_factory=list)  # tile types, claimed ones included
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    temp_furiten: bool = False
    riichi_furiten: bool = False
    kuikae: set[int] = field(default_factory=set)
    nagashi: bool = True  # every discard a terminal or honor, none claimed
    liable: int | None = None  # the seat that fed the set completing a yakuman of rules.pao
    kita: tuple[int, ...] = ()  # the Norths set aside
    _counts: list[int] = field(default_factory=list)
    # worked out since the last change: the counts, the counts outside the hand, the waits
    _counted: tuple[int, ...] | None = None
    _outside: tuple[int, ...] | None = None
    _waits: frozenset[int] | None = None

    def __post_init__(self) -> None:
        self._counts = [0] * 34
        for t in self.concealed:
            self._counts[t >> 2] += 1

    def add(self, tile: int) -> None:
        self.concealed.append(tile)
        self._counts[tile >> 2] += 1
        self._counted = self._waits = None

    def remove(self, tile: int) -> None:
        self.concealed.remove(tile)
        self._counts[tile >> 2] -= 1
        self._counted = self._waits = None

    def meld(self, meld: Meld, replacing: int | None = None) -> None:
        """Adds ``meld``, or puts it in the place of the meld at index ``replacing``."""
        melds = list(self.melds)
        if replacing is None:
            melds.append(meld)
        else:
            melds[replacing] = meld
        self.melds = tuple(melds)
        self._outside = self._waits = None

    def set_aside(self, north: int) -> None:
        """Sets the North ``north`` aside from the hand (kita)."""
        self.remove(north)
        self.kita += (north,)
        self._outside = None

    def counts(self, without: int | None = None) -> tuple[int, ...]:
        if without is None:
            if self._counted is None:
                self._counted = tuple(self._counts)
            return self._counted
        self._counts[without] -= 1
        out = tuple(self._counts)
        self._counts[without] += 1
        return out

    def in_melds(self) -> tuple[int, ...]:
        """The seat's tiles outside its concealed hand, as counts: its melds and its kita."""
        if self._outside is None:
            c = [0] * 34
            for m in self.melds:
                for t in m.tiles:
                    c[t >> 2] += 1
            c[NORTH] += len(self.kita)
            self._outside = tuple(c)
        return self._outside

    def waits(self, without: int | None = None) -> frozenset[int]:
        if without is not None:
            return waits(self.counts(without), self.in_melds())
        if self._waits is None:
            self._waits = waits(self.counts(), self.in_melds())
        return self._waits

    def tenpai(self, karaten: bool) -> bool:
        """Waits on a tile left to win on or, where ``karaten`` counts, on tiles the seat holds
        all four of, some outside its concealed hand."""
        return bool(self.waits() or karaten and waits(self.counts(), (0,) * 34))

    @property
    def closed(self) -> bool:
        return all(m.kind is MeldKind.ANKAN for m in self.melds)


@dataclass
class Window:
    """A tile others may claim: a discard (``kind`` "dahai"), a kan tile ("kakan", "ankan") or a
    North set aside ("kita")."""

    kind: str
    tile: int
    seat: int
    completes: list[int] = field(default_factory=list)  # seats whose hand the tile completes
    rons: list[int] = field(default_factory=list)  # seats that answered Ron
    call: bool = False


class Auditor:
    """Checks games of one rule set; accumulates :attr:`checked` and :attr:`violations`."""

    def __init__(self, rules: RuleSet | str) -> None:
        self.rules = RuleSet.coerce(rules)
        if self.rules.ryanhan_shibari is not None:
            raise ValueError("the auditor knows no two-han minimum")
        self.players = self.rules.players
        self.checked: Counter[str] = Counter()
        self.violations: list[str] = []

    # ------------------------------------------------------------------ driving
    def audit(self, events: Sequence[ev.Event], offers: Offers, name: str) -> None:
        """Check one game's log and offers."""
        self.name = name
        self.events = events
        self.offers = offers
        self.used: set[int] = set()
        self.window: Window | None = None
        self.expect: list[str] = []  # what must end the hand next: an abort reason or "draw"
        for i, e in enumerate(events):
            self.i = i
            # claims on a discard are asked after the dora it flushes, claims on a kan before
            # the kan's own dora
            w = self.window
            if w is not None and (w.kind != "dahai" or not isinstance(e, ev.Dora)):
                self._close_window(i, e)
            handler = getattr(self, "_on_" + e.type)
            handler(e)
        unused = set(offers) - self.used
        if unused:
            self._fail(f"decisions at event counts {sorted(unused)} were never checked")

    def _fail(self, message: str) -> None:
        self.violations.append(f"{self.name} event {self.i}: {message}")

    def _count(self, rule: str, ok: bool, message: Callable[[], str]) -> None:
        """Counts a check of ``rule``; files ``message()`` (written only then) if not ``ok``."""
        self.checked[rule] += 1
        if not ok:
            self._fail(f"[{rule}] {message()}")

    def _offers_at(self, count: int) -> dict[int, tuple[tuple[Action, ...], Action]]:
        self.used.add(count)
        return self.offers.get(count, {})

    # ------------------------------------------------------------------ situation
    @property
    def live_left(self) -> int:
        """Live tiles left: the live wall less the deal and every draw (a kan's replacement draw
        takes a tile from the live wall's end)."""
        return self.rules.live_wall - 13 * self.players - self.draws

    def _score(
        self, seat: int, tiles: Sequence[int], win: int, tsumo: bool, chankan: bool = False,
        dora: Sequence[int] = (), ura: Sequence[int] = (),
    ) -> HandResult | None:
        """The scorer's value of the win, or None without a yaku."""
        s = self.seats[seat]
        last = self.live_left == 0
        first = self.first_round and not s.discards
        try:
            return score_hand(
                list(tiles), win, s.melds, tsumo=tsumo,
                seat_wind=WINDS[self.winds[seat]], round_wind=self.round_wind,
                dora_indicators=list(dora), ura_indicators=list(ura),
                riichi=s.riichi, double_riichi=s.riichi and s.double_riichi, ippatsu=s.ippatsu,
                rinshan=tsumo and self.rinshan, chankan=chankan,
                haitei=tsumo and last and (not self.rinshan or self.rules.haitei_rinshan_combine),
                houtei=not tsumo and not chankan and last,
                tenhou=tsumo and first and seat == self.east,
                chiihou=tsumo and first and seat != self.east,
                renhou=not tsumo and first and seat != self.east, kita=len(s.kita),
                rules=self.rules,
            )
        except NoYakuError:
            return None
        except NotAWinError:
            self._fail(f"seat {seat}: complete by the auditor, not by the scorer: {tiles} + {win}")
            return None

    # ------------------------------------------------------------------ hands
    def _on_start_game(self, e: ev.StartGame) -> None:
        self.stick_owners: list[int] = []  # who put down each stick on the table
        self.scores = list(e.scores)
        self.total = sum(e.scores)
        self.next_position: tuple[str, int, int, int] | None = None

    def _on_start_kyoku(self, e: ev.StartKyoku) -> None:
        got = (e.bakaze, e.kyoku - 1, e.honba, e.kyotaku)
        if self.next_position is not None:
            self._check_game_goes_on()
            self._count("counters, sticks and dealer", got == self.next_position,
                        lambda: f"hand starts at {got}, expected {self.next_position}")
            self._count("scores carried", list(e.scores) == self.scores,
                        lambda: f"{e.scores} != {self.scores}")
        self.scores = list(e.scores)
        self.round_wind, self.honba, self.sticks = e.bakaze, e.honba, e.kyotaku
        # seat i sits at wind seat i * (winds // players); in hand k of a round wind seat k is
        # East; with no seat East (two players opposite) the lowest wind deals
        self.kyoku = e.kyoku - 1
        wind_seats = self.rules.winds
        spacing = wind_seats // self.players
        self.winds = [(i * spacing - self.kyoku) % wind_seats for i in range(self.players)]
        self.dealer = self.winds.index(min(self.winds))
        self.east = self.dealer if self.winds[self.dealer] == 0 else None
        self._count("dealer", e.oya == self.dealer,
                    lambda: f"seat {e.oya} deals, expected {self.dealer}")
        self.seats = [Seat(sorted(h)) for h in e.tehais]
        self.draws = 0
        self.replacements = 0  # replacement tiles drawn (after kans and kita)
        self.kans: list[int] = []
        self.first_round = True
        self.rinshan = False
        self.turn_by_draw = False
        self.dora = [e.dora_marker]
        self.riichi_pending = -1
        self.winners: list[int] = []
        self.win_sticks = 0
        self.expect_after_riichi: list[str] = []
        self.ended = False

    def _on_tsumo(self, e: ev.Draw) -> None:
        s = self.seats[e.actor]
        if self.expect:
            self._fail(f"a draw where {self.expect} should have ended the hand")
            self.expect = []
        self.draws += 1
        self.replacements += e.rinshan
        self.rinshan = e.rinshan
        if not e.rinshan and self.rules.temp_furiten_clear is not TempFuritenClear.OWN_DISCARD:
            s.temp_furiten = False
        s.add(e.pai)
        self.turn_by_draw = True
        self.drawn = e.pai
        self._check_turn(e.actor, self._offers_at(self.i + 1))

    def _on_reach(self, e: ev.Reach) -> None:
        self.riichi_pending = e.actor
        s = self.seats[e.actor]
        s.double_riichi = self.first_round and not s.discards

    def _on_dahai(self, e: ev.Dahai) -> None:
        s = self.seats[e.actor]
        kind = e.pai >> 2
        if e.pai not in s.concealed:
            self._fail(f"seat {e.actor} discards {e.pai} it does not hold")
            return
        s.remove(e.pai)
        s.discards.append(kind)
        s.kuikae = set()
        if s.riichi:
            s.ippatsu = False
        if kind not in ORPHANS:
            s.nagashi = False
        if self.rules.temp_furiten_clear is TempFuritenClear.OWN_DISCARD:
            s.temp_furiten = False
        self.rinshan = False
        self.window = Window("dahai", e.pai, e.actor)

    def _on_reach_accepted(self, e: ev.ReachAccepted) -> None:
        s = self.seats[e.actor]
        self._count("riichi stick", self.riichi_pending == e.actor and not s.riichi,
                    lambda: f"seat {e.actor} pays a stick without a pending riichi")
        s.riichi = True
        s.ippatsu = True
        self.riichi_pending = -1
        self.scores[e.actor] -= 1_000
        self.sticks += 1
        self.stick_owners.append(e.actor)
        self._check_scores(e.scores, "riichi stick")
        if "four_riichi" in self.expect_after_riichi:
            self.expect = ["four_riichi"]
        self.expect_after_riichi = []

    def _interrupt(self) -> None:
        self.first_round = False
        for s in self.seats:
            s.ippatsu = False

    def _call(self, e: ev.ChiCalled | ev.PonCalled | ev.DaiminkanCalled, kind: MeldKind) -> Seat:
        s = self.seats[e.actor]
        for t in e.consumed:
            s.remove(t)
        s.meld(Meld(kind, tuple(e.consumed) + (e.pai,), e.pai, e.target))
        if kind is not MeldKind.CHI:
            self._liability(s, e.pai >> 2, e.target, kan=kind is MeldKind.KAN)
        self.seats[e.target].nagashi = False
        self._interrupt()
        clear = self.rules.temp_furiten_clear
        if clear is TempFuritenClear.OWN_DRAW_OR_ANY_CALL:
            for q in self.seats:
                q.temp_furiten = False
        elif clear is TempFuritenClear.OWN_DRAW_OR_CLAIM:
            s.temp_furiten = False
        return s

    def _liability(self, s: Seat, kind: int, feeder: int, kan: bool) -> None:
        """The seat whose discard gave ``s`` its third dragon set, its fourth wind set or (by an
        open kan) its fourth kan answers for the yakuman those make, where ``rules.pao`` says."""
        pao = self.rules.pao
        sets = [m.tiles[0] >> 2 for m in s.melds if m.kind is not MeldKind.CHI]
        kans = sum(m.kind in (MeldKind.KAN, MeldKind.KAKAN, MeldKind.ANKAN) for m in s.melds)
        if (
            ("daisangen" in pao and kind in DRAGONS and sum(t in DRAGONS for t in sets) == 3)
            or ("daisuushii" in pao and kind in WIND_TYPES
                and sum(t in WIND_TYPES for t in sets) == 4)
            or ("suukantsu" in pao and kan and kans == 4)
        ):
            s.liable = feeder
            self.checked["liability"] += 1

    def _on_chi(self, e: ev.ChiCalled) -> None:
        s = self._call(e, MeldKind.CHI)
        run = tuple(sorted(t >> 2 for t in (*e.consumed, e.pai)))
        if self.rules.kuikae_forbidden:
            s.kuikae = kuikae_banned(e.pai >> 2, run)  # type: ignore[arg-type]
        self.turn_by_draw = False
        self._check_turn(e.actor, self._offers_at(self.i + 1))

    def _on_pon(self, e: ev.PonCalled) -> None:
        s = self._call(e, MeldKind.PON)
        if self.rules.kuikae_forbidden:
            s.kuikae = kuikae_banned(e.pai >> 2, None)
        self.turn_by_draw = False
        self._check_turn(e.actor, self._offers_at(self.i + 1))

    def _on_daiminkan(self, e: ev.DaiminkanCalled) -> None:
        self._call(e, MeldKind.KAN)
        self.kans.append(e.actor)

    def _on_ankan(self, e: ev.AnkanDeclared) -> None:
        s = self.seats[e.actor]
        for t in e.consumed:
            s.remove(t)
        s.meld(Meld(MeldKind.ANKAN, e.consumed))
        self._interrupt()
        self.kans.append(e.actor)
        self.window = Window("ankan", e.consumed[0], e.actor)

    def _on_kakan(self, e: ev.KakanDeclared) -> None:
        s = self.seats[e.actor]
        s.remove(e.pai)
        k = next(i for i, m in enumerate(s.melds) if m.kind is MeldKind.PON
                 and m.tiles[0] >> 2 == e.pai >> 2)
        pon = s.melds[k]
        s.meld(Meld(MeldKind.KAKAN, pon.tiles + (e.pai,), pon.called, pon.from_seat), k)
        self.kans.append(e.actor)
        self.window = Window("kakan", e.pai, e.actor)

    def _on_nukidora(self, e: ev.KitaDeclared) -> None:
        s = self.seats[e.actor]
        if e.pai not in s.concealed or e.pai >> 2 != NORTH:
            self._fail(f"seat {e.actor} sets aside {e.pai}, no North it holds")
            return
        s.set_aside(e.pai)
        # a call, as a kan: ippatsu and the first go-around end once nobody wins on the North
        self.window = Window("kita", e.pai, e.actor)

    def _on_dora(self, e: ev.Dora) -> None:
        self.dora.append(e.dora_marker)

    def _on_end_kyoku(self, e: ev.EndKyoku) -> None:
        if not self.ended:
            self._fail("end_kyoku without a win or a draw")

    # ------------------------------------------------------------------ a seat's turn
    def _check_turn(self, seat: int, offers: dict[int, tuple[tuple[Action, ...], Action]]) -> None:
        if not offers and self.i == len(self.events) - 1:
            return  # a record that stops at this decision
        if set(offers) != {seat}:
            self._fail(f"turn of seat {seat}, but seats {sorted(offers)} were asked")
            return
        legal = offers[seat][0]
        kinds = by_kind(legal)
        s = self.seats[seat]
        drew = self.turn_by_draw
        last = self.live_left == 0
        counts = s.counts()
        tsumo_offered = Tsumo(seat) in legal
        # tsumo: a complete hand with a yaku; furiten does not matter
        if drew:
            complete = is_complete(counts)
            result = None
            if complete:
                tiles = list(s.concealed)
                tiles.remove(self.drawn)
                result = self._score(seat, tiles, self.drawn, tsumo=True)
            rule = "tsumo offered" if result else "tsumo refused (no yaku)" if complete else ""
            if rule or tsumo_offered:
                self._count(rule or "tsumo refused (incomplete)",
                            tsumo_offered is (result is not None),
                            lambda: f"seat {seat} tsumo: complete={complete}, "
                            f"yaku={result is not None}, offered={tsumo_offered}")
        # discards
        offered = {a.tile for a in kinds.get(Discard, ())}
        if s.riichi:
            want = {self.drawn}
            rule = "riichi: only the drawn tile"
        else:
            want = {t for t in s.concealed if t >> 2 not in s.kuikae}
            rule = "kuikae" if s.kuikae else "discards"
        self._count(rule, offered == want,
                    lambda: f"seat {seat} discards {sorted(offered)} != {sorted(want)}")
        self._check_riichi_offer(seat, s, kinds, drew)
        self._check_kita(seat, s, kinds, drew, last)
        self._check_kans(seat, s, kinds, drew, last)
        # nine terminals
        nine = (
            AbortiveDraw.NINE_TERMINALS in self.rules.abortive_draws and drew
            and self.first_round and not s.discards
            and 13 - orphans(counts).count(0) >= 9
        )
        nine_offered = NineTerminals in kinds and NineTerminals(seat) in legal
        if nine or nine_offered:
            self._count("nine terminals", nine_offered is nine,
                        lambda: f"seat {seat}: nine terminals offered={not nine}")

    def _check_riichi_offer(
        self, seat: int, s: Seat, kinds: Offered, drew: bool
    ) -> None:
        offered = {a.tile for a in kinds.get(Riichi, ())}
        if s.riichi or not s.closed or not drew:
            if offered:
                self._fail(f"seat {seat} offered riichi (riichi={s.riichi}, closed={s.closed}, "
                           f"drew={drew})")
            return
        ready, karaten = self._riichi_discards(s)
        wall_ok = self.live_left >= self.rules.riichi_min_wall_tiles
        minimum = self.rules.riichi_min_points
        points_ok = minimum is None or self.scores[seat] >= minimum
        want = ready if wall_ok and points_ok else set()
        if ready:
            rule = ("riichi offered" if want else "riichi refused (wall)" if not wall_ok
                    else "riichi refused (points)")
        else:
            rule = "riichi refused (not tenpai: karaten)" if karaten else "riichi refused (not tenpai)"
        self._count(rule, offered == want,
                    lambda: f"seat {seat} riichi discards {sorted(offered)} != {sorted(want)}")

    def _riichi_discards(self, s: Seat) -> tuple[set[int], bool]:
        """The tiles whose discard leaves ``s`` tenpai, and whether some discard would leave it
        waiting only on tiles it holds all four of (counting its melds): tenpai too where the
        rules count karaten."""
        counts = s.counts()
        bad = [k for k, (_, whole, _) in enumerate(_suits(counts)) if not whole]
        pairs = 34 - counts.count(0) - counts.count(1)  # types held twice or more
        special = pairs >= 5 or 13 - orphans(counts).count(0) >= 11
        if len(bad) > 2 and not special:
            return set(), False  # a discard and a draw change two suits at most
        kinds = {t >> 2 for t in s.concealed}
        if len(bad) == 2 and not special:
            kinds = {t for t in kinds if any(b <= t < b + n for b, n, _ in (SUITS[k] for k in bad))}
        in_melds = s.in_melds()
        ready: set[int] = set()
        karaten = False
        for kind in kinds:
            without = s.counts(kind)
            if _hand_waits(without):
                if waits(without, in_melds) or self.rules.karaten_counts:
                    ready.add(kind)
                else:
                    karaten = True
        return {t for t in s.concealed if t >> 2 in ready}, karaten

    def _check_kita(
        self, seat: int, s: Seat, kinds: Offered, drew: bool, last: bool
    ) -> None:
        """Each North held is offered to set aside after a draw (in riichi only the North drawn),
        where the rules have kita and the wall gives a replacement tile and a live tile."""
        offered = {a.tile for a in kinds.get(Kita, ())}
        held = {t for t in s.concealed if t >> 2 == NORTH}
        if not held and not offered:
            return
        want: set[int] = set()
        if self.rules.kita and drew and not last:
            if self.replacements >= self.rules.replacement_tiles:
                self.checked["kita refused (no replacement tile)"] += 1
            else:
                want = ({self.drawn} & held) if s.riichi else held
        rule = ("kita offered" if want else "kita refused (riichi)" if s.riichi and drew
                else "kita refused (after a call)" if not drew else "kita refused")
        self._count(rule, offered == want,
                    lambda: f"seat {seat} kita {sorted(offered)} != {sorted(want)}")

    def _check_kans(
        self, seat: int, s: Seat, kinds: Offered, drew: bool, last: bool
    ) -> None:
        ankans = {a.tile_type for a in kinds.get(Ankan, ())}
        kakans = {a.tile_type for a in kinds.get(Kakan, ())}
        counts = s.counts()
        possible = drew and not last and len(self.kans) < self.rules.max_kans
        if not possible:
            if any(counts[t] == 4 for t in range(34)) or any(
                m.kind is MeldKind.PON and counts[m.tiles[0] >> 2] for m in s.melds
            ):
                self._count("no kan on the last tile, after a call or past the limit",
                            not ankans and not kakans, lambda: f"seat {seat} offered kans "
                            f"{ankans | kakans} (drew={drew}, last={last}, kans={self.kans})")
            return
        if s.riichi:
            # only the drawn tile, and only if the waits stay the same
            if kakans:
                self._fail(f"seat {seat} in riichi offered kakan {kakans}")
            if self.rules.riichi_kan_policy is RiichiKanPolicy.NONE and ankans:
                self._fail(f"seat {seat} in riichi offered ankan {ankans}: no kan after riichi")
            for t in ankans:
                before = s.waits(without=self.drawn >> 2)
                after_kan = Seat([x for x in s.concealed if x >> 2 != t],
                                 s.melds + (Meld(MeldKind.ANKAN, (4 * t, 4 * t + 1, 4 * t + 2,
                                                                   4 * t + 3)),))
                self._count("riichi kan keeps the waits",
                            t == self.drawn >> 2 and after_kan.waits() == before,
                            lambda: f"seat {seat} in riichi offered ankan {t}")
            return
        want_ankan = {t for t in range(34) if counts[t] == 4}
        want_kakan = {m.tiles[0] >> 2 for m in s.melds
                      if m.kind is MeldKind.PON and counts[m.tiles[0] >> 2]}
        if want_ankan or want_kakan or ankans or kakans:
            self._count("kans offered", (ankans, kakans) == (want_ankan, want_kakan),
                        lambda: f"seat {seat} kans {ankans}/{kakans} != {want_ankan}/{want_kakan}")

    # ------------------------------------------------------------------ claims
    def _close_window(self, i: int, e: ev.Event) -> None:
        w = self.window
        assert w is not None
        self.window = None
        offers = self._offers_at(i)
        last = self.live_left == 0
        # four kans by more than one player end the hand unless this discard is won on
        ending = (AbortiveDraw.FOUR_KANS in self.rules.abortive_draws and len(self.kans) == 4
                  and len(set(self.kans)) > 1)
        for k in range(1, self.players):
            seat = (w.seat + k) % self.players
            legal = offers[seat][0] if seat in offers else ()
            if seat in offers and isinstance(offers[seat][1], Ron):
                w.rons.append(seat)
            self._check_ron(w, seat, legal)
            if w.kind == "dahai":
                self._check_calls(w, seat, legal, k == 1, last, ending)
            elif {type(a) for a in legal} - {Ron, Pass}:
                self._fail(f"seat {seat} offered {legal} on a kan")
            if legal and not any(isinstance(a, Pass) for a in legal):
                self._fail(f"seat {seat} asked without Pass: {legal}")
            if legal and set(legal) <= {Pass(seat)}:
                self._fail(f"seat {seat} asked with nothing to claim")
        w.call = any(isinstance(d[1], (Chi, Pon, Daiminkan)) for d in offers.values())
        self._resolve(w, e)

    def _check_ron(self, w: Window, seat: int, legal: Sequence[Action]) -> None:
        s = self.seats[seat]
        waiting = s.waits()
        kind = w.tile >> 2
        completes = kind in waiting
        if completes and w.kind == "ankan":
            # only thirteen orphans may rob a concealed kan
            completes = (self.rules.kokushi_chankan_ankan and not s.melds
                         and all(c for c in (s.counts()[t] + (t == kind) for t in ORPHANS)))
        offered = Ron(seat) in legal
        if not completes:
            if offered:
                self._fail(f"seat {seat} offered Ron on {w.tile} it does not wait on")
            return
        w.completes.append(seat)
        if w.kind == "kita":
            self.checked["a kita completes a hand"] += 1
        own = bool(waiting & set(s.discards))
        blocked = [name for name, on in (("own-discard furiten", own),
                                         ("temporary furiten", s.temp_furiten),
                                         ("riichi furiten", s.riichi_furiten)) if on]
        if w.kind == "kita" and not self.rules.kita_ron:
            blocked.append("no ron on a kita")
        elif self._score(seat, s.concealed, w.tile, tsumo=False,
                         chankan=w.kind in ("kakan", "ankan")) is None:
            blocked.append("no yaku")
        for name in blocked:
            self.checked[f"ron refused ({name})"] += 1
        if len(blocked) == 1:
            self.checked[f"ron refused only by {blocked[0]}"] += 1
        self._count("ron opportunity", offered is not bool(blocked),
                    lambda: f"seat {seat} on {w.tile} ({w.kind}): offered={offered}, "
                            f"blocked by {blocked}")

    def _check_calls(
        self, w: Window, seat: int, legal: Sequence[Action], nxt: bool, last: bool, ending: bool
    ) -> None:
        s = self.seats[seat]
        kind = w.tile >> 2
        counts = s.counts()
        kinds = by_kind(legal)
        pons = kinds.get(Pon, [])
        chis = kinds.get(Chi, [])
        kan = Daiminkan in kinds and Daiminkan(seat) in legal
        could_pon = counts[kind] >= 2
        run_shape = nxt and any(counts[a] and counts[b] for _, (a, b) in RUNS[kind])
        if run_shape and not self.rules.chi:
            self._count("no chi where the rules have none", not chis,
                        lambda: f"seat {seat} offered {chis}")
        could_chi = run_shape and self.rules.chi
        could_kan = counts[kind] == 3
        if last or ending or s.riichi:
            if could_pon or could_chi:
                self._count("no call on the last tile" if last else
                            "no call after four kans" if ending else "no call in riichi",
                            not (pons or chis or kan), lambda: f"seat {seat} offered {legal}")
            return
        kuikae = self.rules.kuikae_forbidden

        def leaves_a_discard(used: Sequence[int], run: tuple[int, int, int] | None) -> bool:
            rest = list(counts)
            for t in used:
                rest[t] -= 1
            banned = kuikae_banned(kind, run)
            return not kuikae or any(rest[t] for t in range(34) if t not in banned)

        want_pon = could_pon and leaves_a_discard([kind, kind], None)
        if could_pon:
            self._count("pon", bool(pons) is want_pon,
                        lambda: f"seat {seat} pon {pons}, expected {want_pon}")
        want_chi = nxt and self.rules.chi and any(
            counts[a] and counts[b] and leaves_a_discard((a, b), (lo, lo + 1, lo + 2))
            for lo, (a, b) in RUNS[kind]
        )
        for a in chis:
            run = tuple(sorted([kind] + [t >> 2 for t in a.tiles]))
            self._count("chi leaves a legal discard",
                        leaves_a_discard([t >> 2 for t in a.tiles], run),  # type: ignore[arg-type]
                        lambda: f"seat {seat} offered {a}: kuikae forbids all")
        if could_chi or chis:
            self._count("chi", bool(chis) is want_chi,
                        lambda: f"seat {seat} chi {chis}, expected {want_chi}")
        want_kan = could_kan and len(self.kans) < self.rules.max_kans
        if could_kan:
            self._count("open kan", kan is want_kan,
                        lambda: f"seat {seat} daiminkan {kan} != {want_kan}")

    def _resolve(self, w: Window, e: ev.Event) -> None:
        """The claims on ``w`` are answered; ``e`` is the event that follows them."""
        rules = self.rules
        if w.rons:
            rons = w.rons
            if rules.multi_ron is MultiRon.HEAD_BUMP:
                rons = rons[:1]
            if rules.multi_ron is MultiRon.DOUBLE and len(rons) == 3:
                self.expect = ["triple_ron"]
            else:
                self.winners = list(rons)
                self.win_tile = w.tile
                self.win_from = w.seat
                self.win_chankan = w.kind in ("kakan", "ankan")
                self._count("ron answered is won", isinstance(e, ev.Hora) and e.actor == rons[0],
                            lambda: f"rons {rons} answered, next event {e.type}")
            return
        for seat in w.completes:  # passing a tile that completes the hand, offered or not
            s = self.seats[seat]
            self.checked["passed a winning tile"] += 1
            if s.riichi:
                s.riichi_furiten = True
            else:
                s.temp_furiten = True
        if w.kind in ("kakan", "kita"):
            self._interrupt()
        if w.kind != "dahai":
            return
        expected: list[str] = []
        pending = self.riichi_pending
        aborts = rules.abortive_draws
        self.expect_after_riichi = []
        if AbortiveDraw.FOUR_RIICHI in aborts and pending >= 0 and all(
            q.riichi or k == pending for k, q in enumerate(self.seats)
        ):
            self.expect_after_riichi = ["four_riichi"]
        if AbortiveDraw.FOUR_KANS in aborts and len(self.kans) == 4 and len(set(self.kans)) > 1:
            expected = ["four_kans"]
        elif (
            AbortiveDraw.FOUR_WINDS in aborts and not w.call and self.first_round
            and all(len(q.discards) == 1 for q in self.seats)
            and len({q.discards[0] for q in self.seats}) == 1 and self.seats[0].discards[0] >= 27
            and self.seats[0].discards[0] <= 30
        ):
            expected = ["four_winds"]
        elif not w.call and self.live_left == 0:
            expected = ["draw"]
        if self.expect_after_riichi:
            expected = []
        self.expect = expected

    # ------------------------------------------------------------------ ends of hands
    def _check_scores(self, scores: Sequence[int], what: str) -> None:
        self._count("conservation", sum(scores) + 1_000 * self.sticks == self.total,
                    lambda: f"{what}: points {scores} + {self.sticks} sticks != {self.total}")
        self._count("scores follow the payments", list(scores) == self.scores,
                    lambda: f"{what}: {list(scores)} != {self.scores}")
        self.scores = list(scores)

    def _on_hora(self, e: ev.Hora) -> None:
        tsumo = e.actor == e.target
        s = self.seats[e.actor]
        if tsumo:
            self.winners = [e.actor]
            tiles = list(s.concealed)
            tiles.remove(e.pai)
            chankan = False
        else:
            if e.actor not in self.winners:
                self._fail(f"seat {e.actor} wins by ron unasked (winners {self.winners})")
                return
            tiles = list(s.concealed)
            chankan = self.win_chankan
        index = self.winners.index(e.actor)
        if index == 0:
            self.win_sticks = self.sticks
        self._count("dora indicators of the win", list(e.dora_markers) == self.dora,
                    lambda: f"{e.dora_markers} != {self.dora}")
        want_ura = (len(self.dora) if self.rules.kan_ura else 1) if (
            s.riichi and self.rules.ura_dora) else 0
        self._count("ura dora indicators", len(e.ura_markers) == want_ura,
                    lambda: f"{len(e.ura_markers)} ura indicators, expected {want_ura}")
        result = self._score(e.actor, tiles, e.pai, tsumo, chankan, e.dora_markers, e.ura_markers)
        if result is None:
            self._fail(f"seat {e.actor} won without a yaku")
            return
        self._count("hand value", (e.han, e.fu, e.points) == (result.han, result.fu, result.points),
                    lambda: f"seat {e.actor}: {(e.han, e.fu, e.points)} != scorer "
                    f"{(result.han, result.fu, result.points)}")
        want, taken = self._win_deltas(e, tsumo, index)
        self._count("win payments, counters and sticks", e.deltas == want,
                    lambda: f"seat {e.actor}: {e.deltas} != {want}")
        for k in range(self.players):
            self.scores[k] += e.deltas[k]
        self.sticks -= taken
        self.stick_owners = []
        self._check_scores(e.scores, "win")
        if index < len(self.winners) - 1:
            return  # more winners follow
        dealer_won = self.east in self.winners
        self._end_hand(dealer_stays=dealer_won, counter=dealer_won, sticks=0, how="win")

    def _win_deltas(self, e: ev.Hora, tsumo: bool, index: int) -> tuple[tuple[int, ...], int]:
        """What the win pays each seat (by the score table, from the han and fu the scorer
        gave), and how many sticks the winner takes."""
        rules = self.rules
        yaku = dict(e.yaku)
        basic = basic_points(e.han, e.fu, yaku, rules)
        honba = self.honba if index == 0 or rules.multi_ron_honba is MultiRonSticks.ALL else 0
        liable = self.seats[e.actor].liable
        part = liable_basic(yaku, basic, rules) if liable is not None else 0
        if part:
            self.checked["pao payments"] += 1
        self._count("liable seat shown", e.pao == (liable if part else None),
                    lambda: f"seat {e.actor}: pao {e.pao}, expected {liable if part else None}")
        out = win_deltas(rules, e.actor, basic, self.east, None if tsumo else e.target, honba,
                         liable if part else None, part)
        # several winners share the sticks: each takes back its own, the first the rest
        if len(self.winners) > 1 and rules.multi_ron_sticks is MultiRonSticks.ALL:
            own = [w for w in self.winners[1:] if self.seats[w].riichi]
            taken = self.win_sticks - len(own) if index == 0 else int(e.actor in own)
        else:
            taken = self.win_sticks if index == 0 else 0
        out[e.actor] += 1_000 * taken
        return tuple(out), taken

    def _on_ryukyoku(self, e: ev.Ryukyoku) -> None:
        expected = self.expect
        self.expect = []
        reason = e.reason
        if reason in ABORTS:
            self._count("abortive draw", AbortiveDraw(reason) in self.rules.abortive_draws
                        if reason != "triple_ron" else self.rules.multi_ron is MultiRon.DOUBLE,
                        lambda: f"abort {reason} under {self.rules.name}")
            if reason != "nine_terminals":
                self._count("abortive draw when due", expected == [reason],
                            lambda: f"abort {reason}, expected {expected}")
            self._check_scores(e.scores, "abort")
            self._end_hand(dealer_stays=True, counter=True, sticks=self.sticks, how="abort")
            return
        self._count("exhaustive draw when due", expected == ["draw"],
                    lambda: f"{reason} draw, expected {expected}")
        karaten = self.rules.karaten_counts
        tenpai = tuple(k for k in range(self.players) if self.seats[k].tenpai(karaten))
        self._count("tenpai at the draw", tuple(e.tenpai) == tenpai,
                    lambda: f"{e.tenpai} != {tenpai}")
        if reason == "nagashi_mangan":
            seats = [k for k, q in enumerate(self.seats) if q.nagashi and q.discards]
            self._count("nagashi mangan", bool(seats), lambda: "nagashi without an eligible seat")
            want = [0] * self.players
            for k in seats:  # each paid a mangan as a tsumo is paid
                for payer, delta in enumerate(win_deltas(self.rules, k, 2_000, self.east, None, 0)):
                    want[payer] += delta
        else:
            self._count("no nagashi mangan", not any(q.nagashi and q.discards for q in self.seats)
                        or self.rules.nagashi.value == "none",
                        lambda: "an eligible nagashi was not paid")
            want = list(noten_deltas(self.rules.noten_total, tenpai, self.players))
        self._count("noten payments", tuple(e.deltas) == tuple(want),
                    lambda: f"{e.deltas} != {want}")
        for k in range(self.players):
            self.scores[k] += want[k]
        self._check_scores(e.scores, "draw")
        self._end_hand(dealer_stays=self.rules.tenpai_renchan and self.east in tenpai,
                       counter=True, sticks=self.sticks, how="draw")

    def _end_hand(self, dealer_stays: bool, counter: bool, sticks: int, how: str) -> None:
        self.ended = True
        wind = WINDS.index(self.round_wind)
        kyoku = self.kyoku
        if not dealer_stays:
            kyoku += 1
            if kyoku == self.rules.winds:
                wind, kyoku = wind + 1, 0
        honba = self.honba + 1 if counter else 0
        self.next_position = (WINDS[wind % 4], kyoku, honba, sticks)
        self.last_hand = (WINDS.index(self.round_wind), self.kyoku, dealer_stays, how)
        self.sticks = sticks

    def _past_last_hand(self) -> bool:
        played_wind, played_kyoku, stays, _ = self.last_hand
        last = (self.rules.rounds - 1, self.rules.winds - 1)
        return (played_wind, played_kyoku) >= last and not stays

    def _check_game_goes_on(self) -> None:
        rules = self.rules
        self._count("one hand only", not rules.single_hand,
                    lambda: "a second hand of a one-hand game")
        if rules.tobi:
            self._count("game ends on a bust", min(self.scores) >= 0,
                        lambda: f"scores {self.scores}")
        if rules.target_points is None:
            self._count("game goes on until the last hand", not self._past_last_hand(),
                        lambda: f"a hand after {self.last_hand}")

    def _on_end_game(self, e: ev.EndGame) -> None:
        rules = self.rules
        played_wind, played_kyoku, _, _ = self.last_hand
        if rules.single_hand:
            self.checked["game end after one hand"] += 1
        elif rules.tobi and min(self.scores) < 0:
            self.checked["game end (bust)"] += 1
        elif rules.target_points is None:
            self._count("game end after the last hand", self._past_last_hand(),
                        lambda: f"game ended after {self.last_hand}")
        else:
            self._count("game end not before the last hand",
                        (played_wind, played_kyoku) >= (rules.rounds - 1, rules.winds - 1),
                        lambda: f"game ended after {self.last_hand}")
        seats = range(self.players)
        order = sorted(seats, key=lambda k: (-e.scores[k], k))
        final = list(self.scores)
        tied_first = [k for k in seats if self.scores[k] == max(self.scores)]
        leftover = rules.leftover_sticks
        if not self.sticks:
            self._count("final points", list(e.scores) == final, lambda: f"{e.scores} != {final}")
        elif leftover is LeftoverSticks.LOST:
            self._count("leftover sticks lost", list(e.scores) == final,
                        lambda: f"{e.scores} != {final}")
        elif leftover is LeftoverSticks.RETURNED:
            for k in self.stick_owners:
                final[k] += 1_000
            self._count("leftover sticks returned", list(e.scores) == final,
                        lambda: f"{e.scores} != {final} (sticks of {self.stick_owners})")
        elif len(tied_first) == 1:
            final[tied_first[0]] += 1_000 * self.sticks
            self._count("leftover sticks to first place", list(e.scores) == final,
                        lambda: f"{e.scores} != {final}")
        bonus = [u + (rules.oka if place == 0 else 0) for place, u in enumerate(rules.uma)]
        results = [0] * self.players
        for place, k in enumerate(order):
            tied = [p for p, q in enumerate(order) if e.scores[q] == e.scores[k]]
            share = (sum(bonus[p] for p in tied) // len(tied)
                     if rules.uma_tie.value == "split" else bonus[place])
            results[k] = e.scores[k] - rules.return_points + share
        self._count("final results with uma", list(e.results) == results,
                    lambda: f"{e.results} != {results}")


# ---------------------------------------------------------------------------- audits of many games


def audit_games(
    preset: RuleSet | str,
    seed: int,
    games: int,
    until_violation: bool = False,
    auditor: Auditor | None = None,
    first: int = 0,
    **temperament: float,
) -> tuple[Auditor, int]:
    """Audit games ``first`` to ``first + games - 1`` of a seed (with ``auditor``, or a new one);
    returns the auditor and the number of games played."""
    auditor = auditor or Auditor(preset)
    for index in range(first, first + games):
        events, offers = play_recorded(preset, seed, index, **temperament)
        auditor.audit(events, offers, f"{preset} seed {seed} game {index}")
        if until_violation and auditor.violations:
            return auditor, index + 1 - first
    return auditor, games


# Walls that deal seat 1 two of each dragon or each wind, and seats 0, 2 and 3 one of each:
# seat 1 (a HonorCaller) pons what the others throw.
PAO_HANDS: dict[str, tuple[str, ...]] = {
    "daisangen": ("147m258p369s1235z", "556677z123m456p1s", "258m369p147s1246z",
                  "369m147p258s1347z"),
    "daisuushii": ("147m258p369s1235z", "11223344z123m99p", "258m369p147s2466z",
                   "369m147p258s3477z"),
}


def audit_pao_games(preset: str, games: int, auditor: Auditor | None = None) -> Auditor:
    """Audit ``games`` games per wall of PAO_HANDS (their first hand on that wall)."""
    auditor = auditor or Auditor(preset)
    rules = RuleSet.preset(preset)
    for name, hands in PAO_HANDS.items():
        for index in range(games):
            wall = Wall.arranged(hands, rules=rules)
            events, offers = play_recorded(preset, 5, index, walls=[wall], honor_callers=[1],
                                           p_call=0.0)
            auditor.audit(events, offers, f"{preset} {name} game {index}")
    return auditor
