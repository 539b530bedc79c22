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

from riichi.errors import LogFormatError, quoted
from riichi.logs import events as ev
from riichi.logs.tenhou_wall import (
    THREE_PLAYER_TILES,
    _check_wall,
    deal,
    dora_indicator,
    live_draw,
    replacement_draw,
    ura_indicator,
)
from riichi.rules.checks import POINTS
from riichi.tiles import RED_FIVE_OF_TYPE, WIND_LETTERS

__all__ = ["GameRecord", "RoundRecord", "RoundBuilder", "TileName", "as_text", "iter_rounds", "rebuild_wall",
           "valid_points", "POINTS_EXPECTED"]

TileName = tuple[int, bool]
"""A tile as the type-only formats name it: its type (0-33) and whether it is the red five."""

_NORTH = 30  # the tile type a kita sets aside

_PLACES = {4: list(range(136)), 3: list(range(len(THREE_PLAYER_TILES)))}  # a wall's places, by players

POINTS_EXPECTED = f"expected 4 whole numbers of points (3 at three players) from {-POINTS:,} to {POINTS:,}"
"""What a record's scores must be, as its readers' errors say it."""


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
    ``yama`` layout) when the reader fixed it (an mjlog's: the exact walls of its shuffle seed, or
    without a seed the walls its rounds show); otherwise :meth:`round_walls` rebuilds the walls
    from what the events show. ``end`` is None for a game recorded without its end.
    ``red_fives`` says whether the game was played with a red five in each suit (136-ids 16, 52
    and 88), as its record says (tenhou.net/6 ``rule.aka``, the mjlog game type); without red
    fives those ids are plain fives. ``names`` has one name a seat: four, or three for a
    three-player game (whose events hold three seats).
    """

    format: str
    names: tuple[str, ...]
    start: ev.StartGame
    rounds: tuple[RoundRecord, ...]
    end: ev.EndGame | None
    walls: tuple[tuple[int, ...], ...] | None = None
    title: str = ""
    red_fives: bool = True

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
        seats = len(first.scores)
        if names and len(names) != seats:
            raise LogFormatError(f"{source}: expected {seats} player names, got {len(names)}")
        return cls(format, tuple(names) or ("",) * seats, first,
                   tuple(RoundRecord(tuple(r)) for r in rounds), end)


def rebuild_wall(events: Sequence[ev.Event]) -> list[int]:
    """A wall (``yama`` layout) that deals, draws and turns what a round's events show.

    The deal, the live draws in order, the replacement draws (after a kan or a kita), the dora
    indicators and the ura indicators of a win go where the engine takes them from (a wall of 108
    tiles for a round dealt to three players); the tiles the round never showed fill the other
    places in ascending order. :class:`LogFormatError` if the events show one tile twice.
    """
    start = events[0]
    assert isinstance(start, ev.StartKyoku)
    places = _PLACES[3 if len(start.tehais) == 3 else 4]
    size, layout = len(places), _check_wall(places)
    yama: list[int | None] = [None] * size
    placed: list[tuple[int, int]] = []
    for seat, positions in enumerate(deal(places, start.oya)):
        placed.extend(zip(positions, start.tehais[seat]))
    dora = [start.dora_marker]
    ura: tuple[int, ...] = ()
    live = replacements = 0
    for e in events:
        if isinstance(e, ev.Draw):
            if e.rinshan:
                if replacements < len(layout.replacements):
                    placed.append((replacement_draw(places, replacements), e.pai))
                replacements += 1
            else:
                if live < layout.live_draws:
                    placed.append((live_draw(places, live), e.pai))
                live += 1
        elif isinstance(e, ev.Dora):
            dora.append(e.dora_marker)
        elif isinstance(e, ev.Hora) and len(e.ura_markers) > len(ura):
            ura = e.ura_markers
    placed.extend((dora_indicator(places, k), t) for k, t in enumerate(dora[:5]))
    placed.extend((ura_indicator(places, k), t) for k, t in enumerate(ura[:5]))
    shown: set[int] = set()
    for position, tile in placed:
        if tile in shown or yama[position] is not None:
            raise LogFormatError(f"the round shows the tile {ev.mjai_tile(tile)} (id {tile}) twice "
                                 "(or two tiles where the wall has one)")
        shown.add(tile)
        yama[position] = tile
    tiles = THREE_PLAYER_TILES if layout.players == 3 else range(size)
    filler = iter(t for t in tiles if t not in shown)
    return [t if t is not None else next(filler) for t in yama]


class RoundBuilder:
    """Builds the events of rounds from a type-only record, giving every tile its 136-id.

    One builder reads a whole game: it keeps the scores (from ``scores``, then every payment) and,
    within a round, each seat's concealed tiles, the last discard, the indicators turned and who
    declared riichi. Every method checks what the record claims against that state and raises
    :class:`~riichi.errors.LogFormatError` (prefixed with ``where``, which the reader keeps up to
    date) when it cannot be so: a fifth copy, a discard of a tile not held, a call on nothing.
    With ``red_fives=False`` (a game without red fives) a red five is refused and the four fives
    of a suit are plain copies. Three ``scores`` make a three-player game: three seats, no 2m-8m,
    and a North may be set aside (:meth:`kita`).
    """

    def __init__(self, where: str, scores: Sequence[int], *, red_fives: bool = True) -> None:
        self.where = where
        self.scores = list(scores)
        self.seats = 3 if len(self.scores) == 3 else 4
        self.red = dict(RED_FIVE_OF_TYPE) if red_fives else {}  # the red five's 136-id by tile type
        self._plain = [[k * 4 + c for c in range(4) if k * 4 + c != self.red.get(k)] for k in range(34)]
        self._reset()

    def _reset(self) -> None:
        self.free: list[list[int]] = [list(plain) for plain in self._plain]  # by type, lowest first
        self.red_free = set(self.red.values())
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.pons: list[dict[int, tuple[int, ...]]] = [{} for _ in range(self.seats)]
        self.drawn: int | None = None
        self.last_discard: tuple[int, int] | None = None  # (seat, tile)
        self.kan_tile: tuple[int, int] | None = None  # (seat, tile) of an added kan
        self.after_kan = -1
        self.indicators: list[int] = []
        self.ura: list[int] = []
        self.riichi: set[int] = set()

    def fail(self, problem: str) -> LogFormatError:
        """The error for a record that says ``problem``."""
        return LogFormatError(f"{self.where}: {problem}")

    def snapshot(self) -> dict[str, Any]:
        """The builder's state, for :meth:`restore` (a reader that tries one reading of a record
        and may go back to try another)."""
        return _copied(self.__dict__)

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Go back to the state of ``snapshot`` (which stays as it is, to go back to again)."""
        self.__dict__.update(_copied(snapshot))

    # --- tiles ----------------------------------------------------------------------------
    def new_tile(self, name: TileName) -> int:
        """The 136-id of a tile that comes into sight (dealt, drawn, turned)."""
        tile_type, red = _check_name(self, name)
        if self.seats == 3 and 1 <= tile_type <= 7:
            raise self.fail(f"{_name(name)} in a three-player game (it plays no 2m-8m)")
        if red:
            tile = self.red[tile_type]
            if tile not in self.red_free:
                raise self.fail(f"a second red five of type {tile_type}")
            self.red_free.discard(tile)
            return tile
        if not self.free[tile_type]:
            if tile_type in self.red:
                raise self.fail(f"a fourth plain {ev.mjai_tile(tile_type * 4 + 1)} (the fourth copy is the red five)")
            raise self.fail(f"a fifth copy of {_name((tile_type, False))}")
        return self.free[tile_type].pop(0)

    def _take(self, seat: int, name: TileName, avoid: int | None = None) -> int:
        """Take a tile named ``name`` out of ``seat``'s hand (another copy than ``avoid`` if one)."""
        tile_type, red = _check_name(self, name)
        red_five = self.red.get(tile_type)
        hand = self.hands[seat]
        first = None
        for tile in hand:
            if tile // 4 == tile_type and (tile == red_five) == red:
                if tile != avoid:
                    hand.remove(tile)
                    return tile
                first = tile
        if first is None:
            raise self.fail(f"seat {seat} does not hold {_name(name)}")
        hand.remove(first)
        return first

    def name_of(self, tile: int) -> TileName:
        """The name of the 136-id ``tile`` in this game (a red five only with red fives)."""
        return tile // 4, self.red.get(tile // 4) == tile

    def _seat(self, seat: int) -> int:
        if type(seat) is not int or not 0 <= seat < self.seats:  # no bool
            raise self.fail(f"seat {seat!r} is not 0-{self.seats - 1}")
        return seat

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
        for value, what, valid in ((kyoku, "kyoku", range(1, 5)), (honba, "honba", range(1000)),
                                   (kyotaku, "kyotaku", range(1000))):
            if not isinstance(value, int) or isinstance(value, bool) or value not in valid:
                raise self.fail(f"{what} {value!r} is out of range")
        self._seat(oya)
        if not valid_points(self.scores, self.seats):
            name = f"{bakaze}{kyoku}-{honba}"
            named = "" if f"({name})" in self.where else f"round {name}: "  # a tenhou.net/6 round's name is there
            raise self.fail(f"{named}the scores {quoted(self.scores)}: {POINTS_EXPECTED}")
        if len(tehais) != self.seats or any(len(h) != 13 for h in tehais):
            raise self.fail(f"expected {self.seats} starting hands of 13 tiles")
        self.hands = [sorted(self.new_tile(t) for t in hand) for hand in tehais]
        marker = self.new_tile(dora_marker)
        self.indicators = [marker]
        return ev.StartKyoku(bakaze, kyoku, honba, kyotaku, oya, marker, tuple(self.scores),
                             tuple(tuple(h) for h in self.hands))

    def tsumo(self, actor: int, name: TileName, rinshan: bool | None = None) -> ev.Draw:
        seat = self._seat(actor)
        tile = self.new_tile(name)
        self.hands[seat].append(tile)
        self.drawn = tile
        replacement = self.after_kan == seat if rinshan is None else rinshan
        self.after_kan = -1
        self.last_discard = self.kan_tile = None
        return ev.Draw(seat, tile, replacement)

    def dahai(self, actor: int, name: TileName, tsumogiri: bool) -> ev.Dahai:
        seat = self._seat(actor)
        if tsumogiri:
            if self.drawn is None or self.drawn not in self.hands[seat] or \
                    _check_name(self, name) != self.name_of(self.drawn):
                raise self.fail(f"seat {seat} discards {_name(name)} as the tile drawn, but did not draw it")
            tile = self.drawn
            self.hands[seat].remove(tile)
        else:
            tile = self._take(seat, name, avoid=self.drawn)
        self.drawn = None
        self.last_discard = (seat, tile)
        return ev.Dahai(seat, tile, tsumogiri)

    def _claimed(self, seat: int, target: int, name: TileName | None) -> int:
        if self.last_discard is None or self.last_discard[0] != self._seat(target) or target == seat:
            raise self.fail(f"seat {seat} calls a discard of seat {target}, who did not just discard")
        tile = self.last_discard[1]
        if name is not None and _check_name(self, name) != self.name_of(tile):
            raise self.fail(f"seat {seat} calls {_name(name)}, but the discard is {ev.mjai_tile(tile)}")
        self.last_discard = None
        return tile

    def call(self, kind: str, actor: int, target: int, pai: TileName | None,
             consumed: Sequence[TileName]) -> ev.Event:
        """A chi, pon or open kan (``kind`` is the mjai name) of the last discard."""
        seat = self._seat(actor)
        needed = {"chi": 2, "pon": 2, "daiminkan": 3}[kind]
        if len(consumed) != needed:
            raise self.fail(f"{kind} takes {needed} tiles from the hand, got {len(consumed)}")
        tile = self._claimed(seat, target, pai)
        used = tuple(self._take(seat, t) for t in consumed)
        types = sorted([tile // 4, *(t // 4 for t in used)])
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
        self.drawn = None
        return event

    def kakan(self, actor: int, name: TileName) -> ev.KakanDeclared:
        seat = self._seat(actor)
        tile_type = _check_name(self, name)[0]
        pon = self.pons[seat].pop(tile_type, None)
        if pon is None:
            raise self.fail(f"seat {seat} adds {_name(name)} to a pon it does not have")
        tile = self._take(seat, name)
        self.after_kan = seat
        self.kan_tile = (seat, tile)
        self.drawn = None
        return ev.KakanDeclared(seat, tile, tuple(sorted(pon)))

    def ankan(self, actor: int, consumed: Sequence[TileName]) -> ev.AnkanDeclared:
        seat = self._seat(actor)
        if len(consumed) != 4 or len({_check_name(self, t)[0] for t in consumed}) != 1:
            raise self.fail(f"a concealed kan is four tiles of one type, got {len(consumed)}")
        used = tuple(self._take(seat, t) for t in consumed)
        self.after_kan = seat
        self.drawn = None
        return ev.AnkanDeclared(seat, used)

    def kita(self, actor: int) -> ev.KitaDeclared:
        """``actor`` sets a North aside (three players): its replacement draw comes next, unless
        a seat wins on the North."""
        seat = self._seat(actor)
        if self.seats != 3:
            raise self.fail(f"seat {seat} sets a North aside (kita) in a game of {self.seats} players")
        tile = self._take(seat, (_NORTH, False))
        self.after_kan = seat
        self.kan_tile = (seat, tile)  # a ron on the North takes it as a robbed kan's tile
        self.last_discard = None
        self.drawn = None
        return ev.KitaDeclared(seat, tile)

    def dora(self, name: TileName) -> ev.Dora:
        if len(self.indicators) >= 5:
            raise self.fail("a sixth dora indicator")
        marker = self.new_tile(name)
        self.indicators.append(marker)
        return ev.Dora(marker)

    def reach(self, actor: int) -> ev.Reach:
        seat = self._seat(actor)
        if seat in self.riichi:
            raise self.fail(f"seat {seat} declares riichi twice")
        self.riichi.add(seat)
        return ev.Reach(seat)

    def reach_accepted(self, actor: int) -> ev.ReachAccepted:
        seat = self._seat(actor)
        if seat not in self.riichi:
            raise self.fail(f"riichi of seat {seat} accepted without a declaration")
        deltas = tuple(-1000 if s == seat else 0 for s in range(self.seats))
        self.scores[seat] -= 1000
        return ev.ReachAccepted(seat, deltas, tuple(self.scores))

    def win_tile(self, actor: int, target: int) -> int:
        """The tile ``actor`` wins on: the one drawn, the last discard of ``target``, the kan
        ``target`` was adding (chankan) or the North it set aside."""
        seat, target = self._seat(actor), self._seat(target)
        if seat == target:
            if self.drawn is None or self.drawn not in self.hands[seat]:
                raise self.fail(f"seat {seat} wins by tsumo without a drawn tile")
            return self.drawn
        for last in (self.last_discard, self.kan_tile):
            if last is not None and last[0] == target:
                return last[1]
        raise self.fail(f"seat {seat} wins on a tile of seat {target}, who offered none")

    def ura_markers(self, names: Sequence[TileName]) -> tuple[int, ...]:
        """The ids of the ura indicators ``names`` (turned once, shared by the winners)."""
        if len(names) > 5:
            raise self.fail(f"{len(names)} ura indicators (at most 5)")
        for k, name in enumerate(names):
            if k == len(self.ura):
                self.ura.append(self.new_tile(name))
            elif self.name_of(self.ura[k]) != _check_name(self, name):
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
        tile = self.win_tile(actor, target)
        payments = self._deltas(deltas)
        if pao is not None:
            self._seat(pao)
        markers = tuple(self.indicators) if dora_markers is None else tuple(dora_markers)
        return ev.Hora(actor, target, tile, payments, tuple(self.scores), han, fu, points, yaku,
                       markers, self.ura_markers(ura_markers), pao)

    def ryukyoku(self, reason: str, tenpai: Sequence[int], deltas: Sequence[int]) -> ev.Ryukyoku:
        payments = self._deltas(deltas)
        return ev.Ryukyoku(reason, tuple(self._seat(s) for s in tenpai), payments, tuple(self.scores))

    def _deltas(self, deltas: Sequence[int]) -> tuple[int, ...]:
        if len(deltas) != self.seats or not all(isinstance(d, int) and not isinstance(d, bool)
                                                 and abs(d) < 10**7 for d in deltas):
            raise self.fail(f"payments {list(deltas)!r}: expected {self.seats} whole numbers of points")
        for s in range(self.seats):
            self.scores[s] += deltas[s]
        return tuple(deltas)


def _copied(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of a builder's state, deep where the builder changes it in place."""
    out = dict(state)
    out["free"] = [list(free) for free in state["free"]]
    out["hands"] = [list(hand) for hand in state["hands"]]
    out["pons"] = [dict(pons) for pons in state["pons"]]
    for key in ("red_free", "indicators", "ura", "riichi", "scores"):
        out[key] = state[key].copy()
    return out


def as_text(data: str | bytes, source: str) -> str:
    """``data`` as text (bytes are read as UTF-8); :class:`LogFormatError` naming ``source`` if
    they are not."""
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LogFormatError(f"{source}: not UTF-8 text ({exc})") from None


def _check_name(builder: RoundBuilder, name: TileName) -> TileName:
    tile_type, red = name
    if tile_type not in range(34) or (red and tile_type not in RED_FIVE_OF_TYPE):
        raise builder.fail(f"no tile {name!r}")
    if red and tile_type not in builder.red:
        raise builder.fail(f"a red five ({ev.mjai_tile(RED_FIVE_OF_TYPE[tile_type])}) in a game without red fives")
    return tile_type, red


def _name(name: TileName) -> str:
    tile_type, red = name
    return ev.mjai_tile(RED_FIVE_OF_TYPE[tile_type] if red else tile_type * 4 + 1 if tile_type in RED_FIVE_OF_TYPE else tile_type * 4)


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
