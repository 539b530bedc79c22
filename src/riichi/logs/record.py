"""One model for every game record: a :class:`GameRecord` holds rounds of :mod:`~riichi.logs.events`.

Whatever format a record was read from (mjai JSON lines, tenhou.net/6 JSON, Tenhou mjlog XML), it
becomes the same thing: a ``start_game``, rounds (``start_kyoku`` ... ``end_kyoku``, with the wins
and draws as their results) and, when the game was played to its end, an ``end_game``. Tiles are
136-ids. Formats that name tiles only by type (mjai, tenhou.net/6) get their ids from a
:class:`RoundBuilder`: each tile that comes into sight (dealt, drawn, turned as an indicator) takes
the lowest free copy of its type (the red five is copy 0), and a tile leaving a hand is the copy
that hand holds. Equal records therefore read to equal events.

>>> b = RoundBuilder("<example>", (25000,) * 4)
>>> hands = [[(k % 34, False) for k in range(13 * s, 13 * s + 13)] for s in range(4)]
>>> start = b.start_kyoku("E", 1, 0, 0, 0, (33, False), hands)
>>> start.tehais[2][:3], start.dora_marker
((1, 5, 9), 133)
>>> b.tsumo(0, (4, True)), b.dahai(0, (0, False), False)
(Draw(actor=0, pai=16, rinshan=False), Dahai(actor=0, pai=0, tsumogiri=False))
>>> b.dahai(1, (0, False), False)
Traceback (most recent call last):
...
riichi.errors.LogFormatError: <example>: seat 1 does not hold 1m
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from riichi.errors import LogFormatError, as_int, quoted
from riichi.logs import events as ev
from riichi.logs.events import REACHES
from riichi.logs.round_order import check_carried, check_dealers, check_round_order
from riichi.logs.tenhou_wall import rebuild_wall
from riichi.rules import RuleSet
from riichi.rules.checks import POINTS
from riichi.tiles import RED_FIVE_OF_TYPE, WIND_LETTERS

__all__ = ["GameRecord", "RoundRecord", "RoundBuilder", "TileName", "iter_rounds",
           "rebuild_wall", "seats_of", "valid_points", "POINTS_EXPECTED"]

TileName = tuple[int, bool]
"""A tile as the type-only formats name it: its type (0-33) and whether it is the red five."""

_NORTH = 30  # the tile type a kita sets aside

POINTS_EXPECTED = (f"expected 4 whole numbers of points (3 at three players, 2 at two) "
                   f"from {-POINTS:,} to {POINTS:,}")
"""What a record's scores must be, as its readers' errors say it."""


def seats_of(scores: Sequence[object]) -> int:
    """The seats of a game whose record starts with ``scores``: two or three scores make a game
    of two or three players, any other number one of four (whose scores are then refused).

    >>> seats_of([30_000, 30_000]), seats_of([35_000] * 3), seats_of([25_000] * 4), seats_of([0])
    (2, 3, 4, 4)
    """
    return len(scores) if 2 <= len(scores) <= 3 else 4


def valid_points(values: Sequence[object], seats: int = 4) -> bool:
    """Whether ``values`` are ``seats`` seats' points a table can hold (whole numbers within
    ±10,000,000, as the engine's).

    >>> valid_points([25_000, 25_000, 24_000, 26_000]), valid_points([10**30, -10**30, 0, 0])
    (True, False)
    """
    return len(values) == seats and all(type(v) is int and -POINTS <= v <= POINTS for v in values)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round: its events from ``start_kyoku`` to ``end_kyoku`` (a record cut in the middle of
    a round keeps what it has)."""

    events: tuple[ev.Event, ...]

    @property
    def start(self) -> ev.StartKyoku:
        """The ``start_kyoku`` that opens the round."""
        first = self.events[0]
        assert isinstance(first, ev.StartKyoku)  # RoundRecord is only built behind that check
        return first

    @property
    def results(self) -> tuple[ev.Hora | ev.Ryukyoku, ...]:
        """The wins (two for a double ron) or the draw that ended the round; () if it was cut."""
        return tuple(e for e in self.events if isinstance(e, (ev.Hora, ev.Ryukyoku)))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game record: who played, the rounds and the end.

    ``format`` names what it was read from (``"mjai"``, ``"tenhou6"``, ``"mjlog"``, or
    ``"events"`` for a game the engine played). ``walls`` holds each round's wall (Tenhou's
    ``yama`` layout) when the reader fixed it (an mjlog's: the exact walls of its shuffle seed,
    a :class:`~riichi.logs.tenhou_wall.TenhouWalls` that shuffles them when first read, or
    without a seed the walls its rounds show); otherwise :meth:`round_walls` rebuilds the walls
    from what the events show. ``end`` is None for a game recorded without its end.
    ``red_fives`` says whether the game was played with a red five in each suit (136-ids 16, 52
    and 88), as its record says (tenhou.net/6 ``rule.aka``, the mjlog game type); without red
    fives those ids are plain fives. ``names`` has one name a seat: four, or three or two for a
    game of three or two players (whose events hold that many seats). ``rules`` is the rule set
    the record says it was played under (a record this package wrote carries it:
    :func:`~riichi.rules.files.rules_in_record`), None when it does not say.
    ``final_scores_stated`` is False when the record's ``end_game`` states no final scores (an
    mjai ``end_game`` without ``scores``): ``end.scores`` are then the last round's, before any
    riichi sticks left on the table go to first place, and a replay compares no final scores.
    """

    format: str
    names: tuple[str, ...]
    start: ev.StartGame
    rounds: tuple[RoundRecord, ...]
    end: ev.EndGame | None
    walls: Sequence[tuple[int, ...]] | None = None
    title: str = ""
    red_fives: bool = True
    rules: RuleSet | None = None
    final_scores_stated: bool = True

    @property
    def events(self) -> tuple[ev.Event, ...]:
        """Every event from ``start_game`` to ``end_game``."""
        out: list[ev.Event] = [self.start]
        for rnd in self.rounds:
            out.extend(rnd.events)
        if self.end is not None:
            out.append(self.end)
        return tuple(out)

    def round_walls(self) -> list[list[int]]:
        """The wall of each round: the recorded one, else one rebuilt with :func:`rebuild_wall`
        (the readers check that it can be)."""
        if self.walls is not None:
            return [list(w) for w in self.walls[: len(self.rounds)]]
        return [rebuild_wall(r.events) for r in self.rounds]

    @classmethod
    def from_events(
        cls,
        events: Iterable[ev.Event],
        *,
        format: str = "events",
        names: Sequence[str] = (),
        source: str = "<events>",
    ) -> GameRecord:
        """Split an event stream (a game the engine played, a read mjai log) into rounds.

        >>> from riichi.agents import RandomAgent
        >>> from riichi.game import play_game
        >>> result = play_game("ema", [RandomAgent(s) for s in range(4)], seed=2)
        >>> record = GameRecord.from_events(result.events)
        >>> len(record.rounds) == len(result.hands), record.events == result.events
        (True, True)
        """
        stream = list(events)
        if not stream or not isinstance(stream[0], ev.StartGame):
            raise LogFormatError(f"{source}: a game record begins with start_game")
        end: ev.EndGame | None = None
        rounds: list[list[ev.Event]] = []
        current: list[ev.Event] | None = None
        for k, e in enumerate(stream[1:], start=1):
            if end is not None:
                raise LogFormatError(f"{source}: event {k} ({e.type}) comes after end_game")
            if isinstance(e, ev.StartKyoku):
                if current is not None and not isinstance(current[-1], ev.EndKyoku):
                    raise LogFormatError(f"{source}: event {k}: start_kyoku before the last round ended")
                current = [e]
                rounds.append(current)
            elif isinstance(e, ev.EndGame):
                end = e
            elif current is None or isinstance(current[-1], ev.EndKyoku):
                raise LogFormatError(f"{source}: event {k} ({e.type}) is outside a round")
            else:
                current.append(e)
        first = stream[0]
        assert isinstance(first, ev.StartGame)
        # the events are taken as given: how a hand-made stream's rounds carry the table over is
        # for riichi.game.replay to judge (a round's start differences), not to refuse here
        return cls.from_rounds(format, names, first, rounds, end, source, carried=False)

    @classmethod
    def from_rounds(cls, format: str, names: Sequence[str], start: ev.StartGame,
                    rounds: Sequence[Sequence[ev.Event]], end: ev.EndGame | None, source: str,
                    carried: bool = True, **fields: Any) -> GameRecord:
        """A record of rounds laid out by a reader (each from its ``start_kyoku`` to its
        ``end_kyoku``, the last one perhaps cut), and any other ``fields``: how every reader
        and :meth:`from_events` make one; unless ``carried`` is false, each round must start as
        the one before left the table (:func:`~riichi.logs.round_order.check_carried`)."""
        seats = len(start.scores)
        if names and len(names) != seats:
            raise LogFormatError(f"{source}: expected {seats} player names, got {len(names)}")
        for number in range(len(rounds) - 1):
            if not isinstance(rounds[number][-1], ev.EndKyoku):
                raise LogFormatError(f"{source}: round {number + 1} has no end_kyoku before the next round")
        check_dealers(rounds, seats, source)
        check_round_order(rounds, seats, fields.get("rules"), source)
        if carried:
            check_carried(rounds, source)
        return cls(format, tuple(names) or ("",) * seats, start, tuple([RoundRecord(tuple(r)) for r in rounds]),
                   end, **fields)


class RoundBuilder:
    """Builds the events of rounds from a type-only record, giving every tile its 136-id.

    One builder reads a whole game: it keeps the scores (from ``scores``, then every payment) and,
    within a round, each seat's concealed tiles, the last discard, the indicators turned and who
    declared riichi. Every method checks what the record claims against that state and raises
    :class:`~riichi.errors.LogFormatError` (prefixed with ``where``, and ``line`` when the reader
    sets one; the reader keeps both up to date) when it cannot be so: a fifth copy, a discard of
    a tile not held, a call on nothing. With ``red_fives=False`` (a game without red fives) a red
    five is refused and the four fives of a suit are plain copies. Three ``scores`` make a
    three-player game: three seats, no 2m-8m, and a North may be set aside (:meth:`kita`); two
    ``scores`` a two-player game: two seats of the 136 tiles, each calling the other's discards.

    Inside, a tile's name is one number, ``2 * type + red``, and the copies of each tile type not
    yet in sight are a 4-bit mask: the compiled build keeps both in C.
    """

    def __init__(self, where: str, scores: Sequence[int], *, red_fives: bool = True) -> None:
        self.where = where
        self.line = 0
        self.scores = list(scores)
        self.seats = seats_of(self.scores)
        self.red_types = _RED_TYPES if red_fives else 0  # the types with a red five (copy 0), a bit each
        self._reset()

    def _reset(self) -> None:
        self.free = bytearray(_ALL_COPIES)  # by type, the copies not yet in sight (bit c: copy c)
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.pons: list[dict[int, tuple[int, ...]]] = [{} for _ in range(self.seats)]
        self.drawn = self.drawer = -1  # the tile just drawn (the last of its hand) and who drew it
        self.discarder = self.discarded = -1  # the last discard, while it may be called
        self.adder = self.added = -1  # the tile a seat adds to its pon, while it may be robbed
        self.after_kan = -1
        self.indicators: list[int] = []
        self.ura: list[int] = []
        self.riichi = 0  # the seats that declared riichi, a bit each

    def fail(self, problem: str) -> LogFormatError:
        """The error for a record that says ``problem``."""
        where = self.where if self.line == 0 else f"{self.where}, line {self.line}"
        return LogFormatError(f"{where}: {problem}")

    def snapshot(self) -> tuple[Any, ...]:
        """The builder's state, for :meth:`restore` (a reader that tries one reading of a record
        and may go back to try another)."""
        return (bytes(self.free), [list(hand) for hand in self.hands], [dict(pons) for pons in self.pons],
                self.drawn, self.drawer, self.discarder, self.discarded, self.adder, self.added, self.after_kan,
                list(self.indicators), list(self.ura), self.riichi, list(self.scores))

    def restore(self, snapshot: tuple[Any, ...]) -> None:
        """Go back to the state of ``snapshot`` (which stays as it is, to go back to again)."""
        (free, hands, pons, self.drawn, self.drawer, self.discarder, self.discarded, self.adder, self.added,
         self.after_kan, indicators, ura, self.riichi, scores) = snapshot
        self.free = bytearray(free)
        self.hands = [list(hand) for hand in hands]
        self.pons = [dict(p) for p in pons]
        self.indicators, self.ura, self.scores = list(indicators), list(ura), list(scores)

    # --- tiles ----------------------------------------------------------------------------
    def code(self, name: TileName) -> int:
        """``name`` as one number, ``2 * type + red``, checked against this game."""
        tile_type, red = name
        if not 0 <= tile_type < 34 or (red and tile_type not in RED_FIVE_OF_TYPE):
            raise self.fail(f"no tile {name!r}")
        if red and not self.red_types >> tile_type & 1:
            raise self.fail(f"a red five ({ev.mjai_tile(4 * tile_type)}) in a game without red fives")
        return 2 * tile_type + (1 if red else 0)

    def code_of(self, tile: int) -> int:
        """The name (``2 * type + red``) of the 136-id ``tile`` in this game."""
        tile_type = tile >> 2
        return 2 * tile_type + (1 if tile & 3 == 0 and self.red_types >> tile_type & 1 else 0)

    def name_of(self, tile: int) -> TileName:
        """The name of the 136-id ``tile`` in this game (a red five only with red fives)."""
        return NAME_OF_CODE[self.code_of(tile)]

    def new_tile(self, name: TileName) -> int:
        """The 136-id of a tile that comes into sight (dealt, drawn, turned)."""
        return self._new(self.code(name))

    def _new(self, code: int) -> int:
        tile_type = code >> 1
        if self.seats == 3 and 1 <= tile_type <= 7:
            raise self.fail(f"{_named(code)} in a three-player game (it plays no 2m-8m)")
        free = self.free[tile_type]
        if code & 1:
            if not free & 1:
                raise self.fail(f"a second red five of type {tile_type}")
            self.free[tile_type] = free & 14
            return 4 * tile_type
        plain = free & 14 if self.red_types >> tile_type & 1 else free
        if not plain:
            if self.red_types >> tile_type & 1:
                raise self.fail(f"a fourth plain {ev.mjai_tile(tile_type * 4 + 1)} (the fourth copy is the red five)")
            raise self.fail(f"a fifth copy of {_named(code)}")
        copy = _LOWEST_COPY[plain]
        self.free[tile_type] = free & ~(1 << copy)
        return 4 * tile_type + copy

    def _take(self, seat: int, code: int, avoid: int) -> int:
        """Take a tile named ``code`` out of ``seat``'s hand, the first in the hand's order that is
        not ``avoid`` if there is one."""
        hand = self.hands[seat]
        first = -1
        for i in range(len(hand)):
            tile = hand[i]
            if self.code_of(tile) == code:
                if tile != avoid:
                    del hand[i]
                    return tile
                first = i
        if first < 0:
            raise self.fail(f"seat {seat} does not hold {_named(code)}")
        tile = hand[first]
        del hand[first]
        return tile

    def _seat(self, seat: object) -> int:
        number = seat if type(seat) is int else as_int(seat)  # numpy's integers too, no bool
        if number is None or not 0 <= number < self.seats:
            raise self.fail(f"seat {quoted(seat)} is not 0-{self.seats - 1}")
        return number

    # --- events ---------------------------------------------------------------------------
    def start_kyoku(
        self,
        bakaze: str,
        kyoku: int,
        honba: int,
        kyotaku: int,
        oya: int,
        dora_marker: TileName,
        tehais: Sequence[Sequence[TileName]],
    ) -> ev.StartKyoku:
        self._reset()
        if bakaze not in WIND_LETTERS:
            raise self.fail(f"round wind {bakaze!r} is not E, S, W or N")
        kyoku, honba, kyotaku = (_counted(self, value, what, low, top) for value, what, low, top in (
            (kyoku, "kyoku", 1, 5), (honba, "honba", 0, 1000), (kyotaku, "kyotaku", 0, 1000)))
        oya = self._seat(oya)
        if not valid_points(self.scores, self.seats):
            name = f"{bakaze}{kyoku}-{honba}"
            named = "" if f"({name})" in self.where else f"round {name}: "  # a tenhou.net/6 round's name is there
            raise self.fail(f"{named}the scores {quoted(self.scores)}: {POINTS_EXPECTED}")
        if len(tehais) != self.seats or any(len(h) != 13 for h in tehais):
            raise self.fail(f"expected {self.seats} starting hands of 13 tiles")
        self.hands = [sorted([self._new(self.code(t)) for t in hand]) for hand in tehais]
        marker = self._new(self.code(dora_marker))
        self.indicators = [marker]
        return ev.StartKyoku(bakaze, kyoku, honba, kyotaku, oya, marker, tuple(self.scores),
                             tuple([tuple(h) for h in self.hands]))

    def tsumo(self, actor: int, name: TileName, rinshan: bool | None = None) -> ev.Draw:
        return self.draw(self._seat(actor), self.code(name), rinshan)

    def draw(self, seat: int, code: int, rinshan: bool | None) -> ev.Draw:
        """:meth:`tsumo` of a checked seat and a tile's :meth:`code`."""
        tile = self._new(code)
        self.hands[seat].append(tile)
        self.drawn, self.drawer = tile, seat
        replacement = self.after_kan == seat if rinshan is None else rinshan
        self.after_kan = self.discarder = self.adder = -1
        return ev.shared_draw(seat, tile, replacement)

    def dahai(self, actor: int, name: TileName, tsumogiri: bool) -> ev.Dahai:
        seat = self._seat(actor)
        if tsumogiri and (self.drawn < 0 or self.drawer != seat):
            raise self.fail(f"seat {seat} discards {_name(name)} as the tile drawn, but did not draw it")
        return self.discard_tile(seat, self.code(name), tsumogiri)

    def discard_tile(self, seat: int, code: int, tsumogiri: bool) -> ev.Dahai:
        """:meth:`dahai` of a checked seat and a tile's :meth:`code`."""
        if tsumogiri:
            tile = self.drawn
            if tile < 0 or self.drawer != seat or code != self.code_of(tile):
                raise self.fail(f"seat {seat} discards {_named(code)} as the tile drawn, but did not draw it")
            self.hands[seat].pop()  # the tile drawn is the last of the hand until the seat plays
        else:
            tile = self._take(seat, code, self.drawn)
        self.drawn = -1
        self.discarder, self.discarded = seat, tile
        return ev.shared_dahai(seat, tile, tsumogiri)

    def _claimed(self, seat: int, target: int, name: TileName | None) -> int:
        if self.discarder < 0 or self.discarder != self._seat(target) or target == seat:
            raise self.fail(f"seat {seat} calls a discard of seat {target}, who did not just discard")
        tile = self.discarded
        if name is not None and self.code(name) != self.code_of(tile):
            raise self.fail(f"seat {seat} calls {_name(name)}, but the discard is {ev.mjai_tile(tile)}")
        self.discarder = -1
        return tile

    def call(self, kind: str, actor: int, target: int, pai: TileName | None,
             consumed: Sequence[TileName]) -> ev.Event:
        """A chi, pon or open kan (``kind`` is the mjai name) of the last discard."""
        seat, target = self._seat(actor), self._seat(target)
        needed = 3 if kind == "daiminkan" else 2
        if len(consumed) != needed:
            raise self.fail(f"{kind} takes {needed} tiles from the hand, got {len(consumed)}")
        tile = self._claimed(seat, target, pai)
        used = tuple([self._take(seat, self.code(t), -1) for t in consumed])
        types = sorted([tile // 4] + [t // 4 for t in used])
        if kind == "chi":
            if (target + 1) % self.seats != seat or types[0] >= 27 or types[0] // 9 != types[2] // 9 \
                    or types != [types[0], types[0] + 1, types[0] + 2]:
                raise self.fail(f"chi of {ev.mjai_tile(tile)} with {_names(used)} by seat {seat} "
                                f"from seat {target} is no run from the left")
            event: ev.Event = ev.ChiCalled(seat, target, tile, used)
        else:
            if len(set(types)) != 1:
                raise self.fail(f"{kind} of {ev.mjai_tile(tile)} with {_names(used)} is not one tile type")
            if kind == "pon":
                self.pons[seat][tile // 4] = (tile, *used)
                event = ev.PonCalled(seat, target, tile, used)
            else:
                self.after_kan = seat
                event = ev.DaiminkanCalled(seat, target, tile, used)
        self.drawn = -1
        return event

    def kakan(self, actor: int, name: TileName) -> ev.KakanDeclared:
        seat = self._seat(actor)
        code = self.code(name)
        pon = self.pons[seat].pop(code >> 1, None)
        if pon is None:
            raise self.fail(f"seat {seat} adds {_name(name)} to a pon it does not have")
        tile = self._take(seat, code, -1)
        self.after_kan = self.adder = seat
        self.added = tile
        self.drawn = -1
        return ev.KakanDeclared(seat, tile, tuple(sorted(pon)))

    def ankan(self, actor: int, consumed: Sequence[TileName]) -> ev.AnkanDeclared:
        seat = self._seat(actor)
        if len(consumed) != 4 or len({self.code(t) >> 1 for t in consumed}) != 1:
            raise self.fail(f"a concealed kan is four tiles of one type, got {len(consumed)}")
        used = tuple([self._take(seat, self.code(t), -1) for t in consumed])
        self.after_kan = seat
        self.drawn = -1
        return ev.AnkanDeclared(seat, used)

    def kita(self, actor: int) -> ev.KitaDeclared:
        """``actor`` sets a North aside (three players): its replacement draw comes next, unless
        a seat wins on the North."""
        seat = self._seat(actor)
        if self.seats != 3:
            raise self.fail(f"seat {seat} sets a North aside (kita) in a game of {self.seats} players")
        tile = self._take(seat, 2 * _NORTH, -1)
        self.after_kan = self.adder = seat  # a ron on the North takes it as a robbed kan's tile
        self.added = tile
        self.discarder = self.drawn = -1
        return ev.KitaDeclared(seat, tile)

    def dora(self, name: TileName) -> ev.Dora:
        if len(self.indicators) >= 5:
            raise self.fail("a sixth dora indicator")
        marker = self._new(self.code(name))
        self.indicators.append(marker)
        return ev.Dora(marker)

    def reach(self, actor: int) -> ev.Reach:
        seat = self._seat(actor)
        if self.riichi >> seat & 1:
            raise self.fail(f"seat {seat} declares riichi twice")
        self.riichi |= 1 << seat
        return REACHES[seat]

    def reach_accepted(self, actor: int) -> ev.ReachAccepted:
        seat = self._seat(actor)
        if not self.riichi >> seat & 1:
            raise self.fail(f"riichi of seat {seat} accepted without a declaration")
        self.scores[seat] -= 1000
        return ev.ReachAccepted(seat, _STICK[self.seats][seat], tuple(self.scores))

    def win_tile(self, actor: int, target: int) -> int:
        """The tile ``actor`` wins on: the one drawn, the last discard of ``target``, the kan
        ``target`` was adding (chankan) or the North it set aside."""
        seat, target = self._seat(actor), self._seat(target)
        if seat == target:
            if self.drawn < 0 or self.drawer != seat:
                raise self.fail(f"seat {seat} wins by tsumo without a drawn tile")
            return self.drawn
        if self.discarder == target:
            return self.discarded
        if self.adder == target:
            return self.added
        raise self.fail(f"seat {seat} wins on a tile of seat {target}, who offered none")

    def ura_markers(self, names: Sequence[TileName]) -> tuple[int, ...]:
        """The ids of the ura indicators ``names`` (turned once, shared by the winners)."""
        if len(names) > 5:
            raise self.fail(f"{len(names)} ura indicators (at most 5)")
        for k, name in enumerate(names):
            if k == len(self.ura):
                self.ura.append(self._new(self.code(name)))
            elif self.code_of(self.ura[k]) != self.code(name):
                raise self.fail(f"ura indicator {k} is {_name(name)} here, {ev.mjai_tile(self.ura[k])} before")
        return tuple(self.ura[: len(names)])

    def hora(
        self,
        actor: int,
        target: int,
        deltas: Sequence[int],
        *,
        han: int = 0,
        fu: int = 0,
        points: int = 0,
        yaku: tuple[tuple[str, int], ...] = (),
        dora_markers: Sequence[int] | None = None,
        ura_markers: Sequence[TileName] = (),
        pao: int | None = None,
    ) -> ev.Hora:
        actor, target = self._seat(actor), self._seat(target)
        tile = self.win_tile(actor, target)
        payments = self._deltas(deltas)
        if pao is not None:
            pao = self._seat(pao)
        markers = tuple(self.indicators) if dora_markers is None else tuple(dora_markers)
        return ev.Hora(actor, target, tile, payments, tuple(self.scores), han, fu, points, yaku,
                       markers, self.ura_markers(ura_markers), pao)

    def ryukyoku(self, reason: str, tenpai: Sequence[int], deltas: Sequence[int]) -> ev.Ryukyoku:
        payments = self._deltas(deltas)
        return ev.Ryukyoku(reason, tuple([self._seat(s) for s in tenpai]), payments, tuple(self.scores))

    def _deltas(self, deltas: Sequence[int]) -> tuple[int, ...]:
        numbers = [as_int(d) for d in deltas]  # numpy's integers too, no bool
        if len(numbers) != self.seats or not all(d is not None and abs(d) < 10**7 for d in numbers):
            raise self.fail(f"payments {quoted(list(deltas))}: expected {self.seats} whole numbers of points")
        payments = tuple([d for d in numbers if d is not None])
        for s in range(self.seats):
            self.scores[s] += payments[s]
        return payments


def _counted(builder: RoundBuilder, value: object, what: str, low: int, top: int) -> int:
    """``value`` as an int (numpy's integers too, no bool) from ``low`` up to ``top``."""
    number = value if type(value) is int else as_int(value)
    if number is None or not low <= number < top:
        raise builder.fail(f"{what} {quoted(value)} is out of range {low}-{top - 1}")
    return number


_RED_TYPES = sum(1 << tile_type for tile_type in RED_FIVE_OF_TYPE)
_ALL_COPIES = b"\x0f" * 34
_LOWEST_COPY = bytes([0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0])  # the lowest bit of a 4-bit mask
NAME_OF_CODE = tuple((code >> 1, bool(code & 1)) for code in range(68))
# a riichi's payments, by the number of seats and the seat
_STICK = {n: tuple(tuple(-1000 if s == seat else 0 for s in range(n)) for seat in range(n)) for n in (2, 3, 4)}


def _named(code: int) -> str:
    """The mjai name of the tile named ``code`` (``2 * type + red``), a plain five as ``5m``."""
    tile_type = code >> 1
    if code & 1:
        return ev.mjai_tile(4 * tile_type)
    return ev.mjai_tile(tile_type * 4 + 1 if tile_type in RED_FIVE_OF_TYPE else tile_type * 4)


def _name(name: TileName) -> str:
    return _named(2 * name[0] + (1 if name[1] else 0))


def _names(tiles: Iterable[int]) -> str:
    return ",".join(ev.mjai_tile(t) for t in tiles)


def iter_rounds(events: Iterable[ev.Event]) -> Iterator[list[ev.Event]]:
    """The rounds of an event stream (each from ``start_kyoku``), other events left out."""
    current: list[ev.Event] | None = None
    for e in events:
        if isinstance(e, ev.StartKyoku):
            if current is not None:
                yield current
            current = [e]
        elif current is not None and not isinstance(e, ev.EndGame):
            current.append(e)
    if current is not None:
        yield current
