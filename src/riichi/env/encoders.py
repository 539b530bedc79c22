"""The encodings of a decision: a seat's :class:`~riichi.game.Observation` as planes of 34 values.

Every plane is one value per tile type (``1m`` ... ``7z``); a number that belongs to no tile (a
score, the sticks) is written in all 34 columns. Seats are counted from the one observing: ``self``,
``right`` (the next to play), ``across``, ``left`` (with three players ``across`` stays empty and
``left`` is the seat before; with two the other seat is ``right``). The Norths a seat set aside
(three players: kita) count among its melds' tiles, at 4z.

* ``compact-v1`` (39 planes): the seat's hand, the melds and discards of every seat with the order,
  tsumogiri and riichi marks of its discards, the dora, the tiles in sight, the winds, the scores,
  the sticks, the counters, the wall and the round.
* ``rich-v1`` (57 planes): ``compact-v1``, then the hand's shanten, each discard's shanten and
  tile acceptance, the waits, furiten, the tiles out of sight and, against each other seat, its
  genbutsu, its suji, the danger of each tile (the built-in players' estimate) and its riichi.
* ``oracle-v1`` (51 planes): ``compact-v1``, then what the seat cannot see, for a critic trained
  with privileged information: the other seats' concealed tiles, red fives and waits, the live
  wall, its next draw and the ura dora indicators.

The first two are functions of the observation alone: they read what the observation shows (the
compiled readers of ``observation.pxd``, the same facts its properties give) and nothing else of
the table. The oracle reads the table's state too. :data:`PLANES` (of :mod:`riichi.env.planes`)
names and explains every plane; ``docs/env.md`` prints them.

>>> import numpy as np
>>> from riichi.game import Game, Observation
>>> out = np.zeros((39, 34), np.float32)
>>> write_compact(Observation(Game("tenhou", seed=3).new_state(), 0), out)
>>> int(out[0].sum() + out[1].sum() + out[2].sum() + out[3].sum())  # 14 tiles in hand
14
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

try:  # the compiled build reads the writers' C pointer from it; the interpreted one a flat view
    import cython
except ModuleNotFoundError:
    from riichi._no_cython import cython

from riichi import _core
from riichi.errors import RiichiError, quoted
from riichi.env._features import clear, write_danger, write_discards
from riichi.env.planes import COUNT_LIMIT, PLANES, SCORE_LIMIT
from riichi.env.planes import plane_row as _plane
from riichi.game.flow import Position
from riichi.game.observation import Observation
from riichi.game.player import DiscardedTile, Player
from riichi.game.state import GameState
from riichi.meld import Meld, MeldKind

if TYPE_CHECKING:
    import numpy.typing as npt

    Planes = npt.NDArray[np.float32]
    Row = npt.NDArray[np.float32]  # the compiled build's float*: see _flat
    Batch = npt.NDArray[np.float32]  # the planes of many decisions, (n, planes, 34)
    Counts = npt.NDArray[np.intp]  # the compiled build's Py_ssize_t*: see _first_count

__all__ = ["PLANES", "ENCODINGS", "encoding_code", "write", "write_compact", "write_rich", "write_oracle"]

_CHI = MeldKind.CHI
_COLUMNS = 34  # a plane's, as the clears read them (encoders.pxd)
_SCORE_LIMIT = SCORE_LIMIT
_COUNT_LIMIT = COUNT_LIMIT


if not cython.compiled:  # the compiled build's are C constants of these values (encoders.pxd)
    _SEATS = 4  # planes kept for every relative seat, whatever the players
    _NORTH = 30  # the tile type of the Norths set aside (kita)
    _KEPT = 3 + _SEATS  # the values PondPlanes keeps of a position: 3 planes', the seats' scores
    HAND = _plane("hand 1")
    RED = _plane("red")
    DRAWN = _plane("drawn")
    OFFERED = _plane("offered")
    MELDS = _plane("melds self")
    POND = _plane("pond self")
    ORDER = _plane("order self")
    TSUMOGIRI = _plane("tsumogiri self")
    RIICHI_TILE = _plane("riichi tile self")
    DORA = _plane("dora")
    VISIBLE = _plane("visible")
    ROUND_WIND = _plane("round wind")
    SEAT_WIND = _plane("seat wind")
    SCORE = _plane("score self")
    STICKS = _plane("sticks")
    HONBA = _plane("honba")
    WALL = _plane("wall")
    ROUND = _plane("round")
    COMPACT = len(PLANES["compact-v1"])
    SHANTEN = _plane("shanten")
    DISCARD_SHANTEN = _plane("discard shanten")
    DISCARD_UKEIRE = _plane("discard ukeire")
    WAITS = _plane("waits")
    FURITEN = _plane("furiten")
    UNSEEN = _plane("unseen")
    GENBUTSU = _plane("genbutsu right")
    SUJI = _plane("suji right")
    DANGER = _plane("danger right")
    IN_RIICHI = _plane("in riichi right")
    RICH = len(PLANES["rich-v1"])
    HIDDEN_HAND = COMPACT
    HIDDEN_RED = HIDDEN_HAND + 3
    HIDDEN_WAITS = HIDDEN_RED + 3
    LIVE_WALL = HIDDEN_WAITS + 3
    NEXT_DRAW = LIVE_WALL + 1
    URA = NEXT_DRAW + 1
    ORACLE = len(PLANES["oracle-v1"])

_ORDER_SCALE = 24.0
_SCORE_SCALE = 100_000.0
_COUNT_SCALE = 10.0
_WALL_SCALE = 70.0
_ROUND_SCALE = 8.0
_SHANTEN_SCALE = 8.0


def _seat_after(seat: int, r: int, players: int) -> int:
    """The seat ``r`` places after ``seat`` at a table of ``players``."""
    s = seat + r
    return s - players if s >= players else s  # Python's modulo would test the signs


def _place(r: int, players: int) -> int:
    """The relative seat (0 self, 1 right, 2 across, 3 left) of the seat ``r`` places after this
    one at a table of ``players``: with fewer than four, the seat before this one is left."""
    return r if r < 2 or players == _SEATS else r + _SEATS - players


# The writers below write the planes as one flat row of floats, the value of plane ``p`` at tile
# type ``t`` at ``p * 34 + t``: in the compiled build a C pointer to the array's first value, whose
# offsets a C compiler keeps in registers (a typed memoryview's index reads its strides at every
# write), interpreted a flat view of the array.

def _flat(out: Planes) -> Row:
    """The first value of ``out`` (C-contiguous, rows of 34 floats) as the flat row the writers
    write."""
    o: Row
    if cython.compiled:
        o = cython.address(out[0, 0])
    else:
        o = out.reshape(-1)
    return o


def _zero(o: Row, first: int, stop: int) -> None:
    """Planes ``first`` to ``stop - 1`` of ``o`` set to 0."""
    for v in range(first * _COLUMNS, stop * _COLUMNS):
        o[v] = 0.0


def _spread(o: Row, first: int, stop: int) -> None:
    """Copy column 0 of planes ``first`` to ``stop - 1`` into their other columns: the planes that
    hold one number are written once, then spread."""
    for plane in range(first, stop):
        at = plane * 34
        value = o[at]
        for t in range(1, 34):
            o[at + t] = value


def _write_reds(o: Row, at: int, held: bytearray, tiles: bytearray, size: int) -> None:
    """1 at 5m, 5p, 5s of the plane at ``o[at]`` for each red five among the ``size`` ascending
    ids of ``tiles``, whose counts by type are ``held``."""
    # A red five is the lowest id of its type (16 5m, 52 5p, 88 5s) and the ids ascend: a red
    # five held is the first tile of its type, after as many as the counts hold below it. So
    # the counts are summed and one tile read per five held.
    below = 0  # the tiles of the types before t
    t = 0
    for five in range(4, 23, 9):
        if held[five]:
            while t < five:
                below += held[t]
                t += 1
            if below < size:  # else the counts were changed apart from the tiles: no read past
                if tiles[below] == five * 4:
                    o[at + five] = 1.0


def _write_meld(o: Row, at: int, meld: Meld) -> None:
    """0.25 for each tile of ``meld`` at its type in the plane at ``o[at]``: a chi's three
    consecutive types from its lowest, any other meld's copies of one type. Read from its first
    type and its size: each tile read would be a Python int converted."""
    t = at + meld.first_type
    if meld.kind is _CHI:
        o[t] += 0.25
        o[t + 1] += 0.25
        o[t + 2] += 0.25
    else:
        o[t] += len(meld.tiles) * 0.25


def _write_pond(o: Row, at: int, apart: int, pond: list[DiscardedTile], start: int) -> int:
    """The pond, order and tsumogiri planes of the discards of ``pond`` from its ``start``-th on,
    over the planes of ``o`` at ``at``, ``at + apart`` and ``at + 2 * apart`` (those of the
    discards before it written already); returns the type of the tile among them that declared
    riichi, or -1 (the riichi tile plane holds that one type alone)."""
    order_at = at + apart
    tsumogiri_at = order_at + apart
    riichi = -1
    for i in range(start, len(pond)):
        discard = pond[i]
        t = discard.tile >> 2
        o[at + t] += 0.25
        o[order_at + t] = min((i + 1) / _ORDER_SCALE, 1.0)
        o[tsumogiri_at + t] = discard.tsumogiri
        if discard.riichi:
            riichi = t
    return riichi


@cython.cclass
class PondPlanes:
    """The four pond planes of every seat at each of ``tables`` tables, kept from one decision
    to the next by the environments (:class:`~riichi.env.VectorEnv`, ``encode_record``), which
    so write only the discards made since a table's last decision and copy the rest.

    A pond only grows in a hand (a claimed discard is marked claimed, which no plane shows), and
    each hand's ponds are new lists: the planes of a pond seen before, kept with the list itself
    (so that no other list can be taken for it), are its planes then, and those of its discards
    since, written as :func:`write_compact` writes them. The riichi tile plane holds one type at
    most: it is kept as that type, written into the row (cleared) rather than copied whole.

    It keeps each table's :class:`~riichi.game.flow.Position` too, with the values of its
    planes and of each seat's score plane: its counters and the scores are Python ints, read
    again only when the table's position is another (the table makes a new one at every change
    of score, as VectorEnv's rewards read them).
    """

    def __init__(self, tables: int, seats: int) -> None:
        self.seats = seats
        self.ponds: list[list[DiscardedTile] | None] = [None] * (tables * seats)
        self.counts = np.zeros(tables * seats, np.intp)  # the discards of each written
        self.types = np.full(tables * seats, -1, np.intp)  # each riichi tile's type, or -1
        self.planes = np.zeros((tables * seats * 3, 34), np.float32)  # pond, order, tsumogiri
        self.kept = _flat(self.planes)
        self.written = _first_count(self.counts)
        self.riichi = _first_count(self.types)
        # each table's position at its last decision, with the column of its round wind and the
        # values of the sticks, honba and round planes, then of each seat's score plane
        self.positions: list[Position | None] = [None] * tables
        self.winds = np.zeros(tables, np.intp)
        self.numbers = np.zeros((tables, _KEPT), np.float32)
        self.wind = _first_count(self.winds)
        self.number = _flat(self.numbers)

    def write(self, o: Row, table: int, obs: Observation) -> None:
        """The pond planes of every seat at ``table``, as ``obs`` shows them, into those of
        ``o`` (its riichi tile planes cleared): in one call, whose loop keeps the kept planes'
        pointers in registers from one seat to the next."""
        players = obs.seat_count()
        kept = self.kept
        first_slot = table * self.seats
        apart = _SEATS * 34
        for r in range(players):
            s = _seat_after(obs.seat, r, players)
            at = (POND + _place(r, players)) * 34
            pond = obs.pond(s)
            slot = first_slot + s
            first = slot * 3
            base = first * 34
            n = self.written[slot]
            size = len(pond)
            if self.ponds[slot] is not pond or size < n:  # a new hand's: written whole
                self.ponds[slot] = pond
                _zero(kept, first, first + 3)
                self.riichi[slot] = -1
                n = 0
            if n < size:  # most seats have not discarded since the last decision
                riichi = _write_pond(kept, base, 34, pond, n)
                if riichi >= 0:
                    self.riichi[slot] = riichi
            self.written[slot] = size
            _copy(o, at, kept, base)  # pond, order, tsumogiri: three calls, no loop to count
            _copy(o, at + apart, kept, base + 34)
            _copy(o, at + 2 * apart, kept, base + 68)
            riichi = self.riichi[slot]
            if riichi >= 0:
                o[at + 3 * apart + riichi] = 1.0

    def keep_position(self, o: Row, table: int, position: Position, scores: list[int]) -> None:
        """:func:`_write_position` of ``position``, the position at ``table`` now, kept for the
        table's next decisions (:func:`_kept_position`) with the values of the seats' ``scores``
        (:func:`_score_value`)."""
        numbers = self.number
        at = table * _KEPT
        self.wind[table] = _write_position(o, position)
        self.positions[table] = position
        numbers[at] = o[STICKS * 34]
        numbers[at + 1] = o[HONBA * 34]
        numbers[at + 2] = o[ROUND * 34]
        for s in range(len(scores)):
            numbers[at + 3 + s] = _score_value(scores[s])


def _kept_position(o: Row, ponds: PondPlanes, table: int) -> None:
    """:func:`_write_position` of the position ``ponds`` keeps for ``table``."""
    numbers = ponds.number
    at = table * _KEPT
    o[ROUND_WIND * 34 + ponds.wind[table]] = 1.0
    o[STICKS * 34] = numbers[at]
    o[HONBA * 34] = numbers[at + 1]
    o[ROUND * 34] = numbers[at + 2]


def _first_count(counts: Counts) -> Counts:
    """The first of ``counts`` (C-contiguous), as the compiled build's C pointer (a typed
    memoryview's index tests at every read that it holds a view), interpreted the array."""
    c: Counts
    if cython.compiled:
        c = cython.address(counts[0])
    else:
        c = counts
    return c


def _copy(o: Row, at: int, source: Row, start: int) -> None:
    """The 34 values of ``source`` from ``start`` into ``o`` from ``at``."""
    if cython.compiled:  # one memcpy: a loop would test at every call whether the two overlap
        memcpy(cython.address(o[at]), cython.address(source[start]),  # type: ignore[name-defined]
               34 * cython.sizeof(cython.float))
    else:
        o[at:at + 34] = source[start:start + 34]


def write_compact(obs: Observation, out: Planes) -> None:
    """Write ``compact-v1`` of ``obs`` into ``out[:39]`` (float32, 34 columns)."""
    clear(out, 0, 0, COMPACT)  # refuses an array too small, before anything is written
    _compact_alone(obs, _flat(out))


def _compact_alone(obs: Observation, o: Row) -> None:
    """``compact-v1`` of ``obs`` into ``o``, every plane written from ``obs``."""
    _compact(obs, o, None, 0, obs.drawn_tile(), obs.offered_tile())


def _compact(obs: Observation, o: Row, ponds: PondPlanes | None, table: int, drawn: int,
             offered: int) -> None:
    """``compact-v1`` of ``obs`` into ``o``, with the pond planes ``ponds`` keeps for ``table``
    (if any); ``drawn`` and ``offered`` are ``obs.drawn_tile()`` and ``obs.offered_tile()``,
    which the environments read once for the planes and the mask."""
    # Cleared: the planes written a few columns at a time. The hand's are written whole, and
    # so are the numbers spread from column 0, and the pond, order and tsumogiri planes of every
    # seat at the table when ``ponds`` copies them; the visible tiles' too, but cleared with the
    # planes around them (one memset rather than two).
    seat = obs.seat
    players = obs.seat_count()
    if ponds is None:
        _zero(o, RED, SCORE)
    else:
        _zero(o, RED, POND)
        for k in range(2, 2 + _SEATS - players):  # the places no seat takes
            for plane in range(3):  # their pond, order and tsumogiri planes (a C loop: a step
                at = POND + k + plane * _SEATS  # of _SEATS would be a Python range)
                _zero(o, at, at + 1)
        _zero(o, RIICHI_TILE, SCORE)
    p = obs.own()
    counts = p.counts
    seen = obs.seen_counts()
    # The counts' bytes read as C bytes (no Python code runs meanwhile, which could move them),
    # and the hand's planes as sums and shifts: a count of 0-4 compared would be a branch the
    # processor mispredicts at every other column.
    held = counts
    shown = seen
    quarter = 0.25
    visible = VISIBLE * 34
    for t in range(34):
        c = held[t]
        o[t] = (c + 3) >> 2  # 1 where c >= 1 (HAND is plane 0)
        o[34 + t] = (c + 2) >> 2  # c >= 2
        o[68 + t] = (c + 1) >> 2  # c >= 3
        o[102 + t] = c >> 2  # c == 4
        o[visible + t] = (c + shown[t]) * quarter
    _write_reds(o, RED * 34, held, p.tiles, p.size)
    if drawn >= 0:
        o[DRAWN * 34 + (drawn >> 2)] = 1.0
    if offered >= 0:
        o[OFFERED * 34 + (offered >> 2)] = 1.0
    # The position is the table's at its last decision at most decisions (it changes a few
    # times a hand): its planes' values are then those kept, and so are the scores'.
    if ponds is None:
        _write_position(o, obs.position)
        scores = obs.score_list()
    elif ponds.positions[table] is obs.position:
        _kept_position(o, ponds, table)
    else:
        ponds.keep_position(o, table, obs.position, obs.score_list())
    for k in range(2, 2 + _SEATS - players):  # the places no seat takes (across; left with two)
        o[(SCORE + k) * 34] = 0.0
    for r in range(players):
        s = _seat_after(seat, r, players)
        k = _place(r, players)
        at = (MELDS + k) * 34
        melds = obs.meld_list(s)
        for m in range(len(melds)):  # cast: a seat's melds are Melds (a call would test each)
            _write_meld(o, at, cython.cast(Meld, melds[m]))
        if players == 3:  # only three players set Norths aside
            o[at + _NORTH] += len(obs.seat_kita(s)) * 0.25
        if ponds is None:
            riichi = _write_pond(o, (POND + k) * 34, _SEATS * 34, obs.pond(s), 0)
            if riichi >= 0:
                o[(RIICHI_TILE + k) * 34 + riichi] = 1.0
            o[(SCORE + k) * 34] = _score_value(scores[s])
        else:
            o[(SCORE + k) * 34] = ponds.number[table * _KEPT + 3 + s]
    if ponds is not None:
        ponds.write(o, table, obs)
    at = DORA * 34
    for t in obs.dora:
        o[at + t] += 0.25
    o[SEAT_WIND * 34 + 27 + obs.seat_wind] = 1.0
    o[WALL * 34] = obs.wall_left() / _WALL_SCALE
    _spread(o, SCORE, COMPACT)


def _score_value(score: int) -> float:
    """The value of a score plane of ``score``."""
    return max(min(score / _SCORE_SCALE, _SCORE_LIMIT), -_SCORE_LIMIT)


def _write_position(o: Row, position: Position) -> int:
    """The round wind, sticks, honba and round planes of ``position`` into ``o`` (cleared; the
    numbers in column 0, to be spread); returns the round wind's column."""
    round_wind = position.round_wind
    kyoku = position.kyoku
    sticks = position.sticks
    honba = position.honba
    wind = 27 + round_wind % 4
    o[ROUND_WIND * 34 + wind] = 1.0
    o[STICKS * 34] = min(sticks / _COUNT_SCALE, _COUNT_LIMIT)
    o[HONBA * 34] = min(honba / _COUNT_SCALE, _COUNT_LIMIT)
    o[ROUND * 34] = (round_wind * 4 + kyoku) / _ROUND_SCALE
    return wind


def write_rich(obs: Observation, out: Planes) -> None:
    """Write ``rich-v1`` of ``obs`` into ``out[:57]``."""
    clear(out, COMPACT, RICH)  # first: an array too small is refused before anything is written
    _rich(obs, out, _flat(out))


def _rich(obs: Observation, out: Planes, o: Row) -> None:
    """``rich-v1`` of ``obs`` into ``out``, whose first value is ``o`` (its own planes cleared)."""
    _compact_alone(obs, o)
    p = obs.own()
    counts = p.counts
    visible = obs.seen_counts()
    players = obs.seat_count()
    sanma = players == 3  # a table of three plays no 2m-8m: none unseen or useful
    o[SHANTEN * 34] = (_core.shanten(counts, players) + 1) / _SHANTEN_SCALE
    _spread(o, SHANTEN, SHANTEN + 1)
    write_discards(counts, visible, out, DISCARD_SHANTEN, DISCARD_UKEIRE, sanma)
    waits = p.waits_mask if p.size % 3 == 1 else 0  # a hand of 3n+2 waits on nothing
    waits_at = WAITS * 34
    unseen_at = UNSEEN * 34
    for t in range(34):
        if waits >> t & 1:
            o[waits_at + t] = 1.0
        if not (sanma and 0 < t < 8):
            o[unseen_at + t] = max(4 - counts[t] - visible[t], 0) * 0.25
    if p.furiten:
        o[FURITEN * 34] = 1.0
        _spread(o, FURITEN, FURITEN + 1)
    seat = obs.seat
    for r in range(1, players):
        s = (seat + r) % players
        k = _place(r, players) - 1
        genbutsu = obs.seat_genbutsu(s)
        at = (GENBUTSU + k) * 34
        for t in range(34):
            if genbutsu >> t & 1:
                o[at + t] = 1.0
        _write_suji(o, (SUJI + k) * 34, genbutsu, sanma)
        write_danger(counts, visible, genbutsu, out, DANGER + k, sanma)
        if obs.seat_riichi(s):
            o[(IN_RIICHI + k) * 34] = 1.0
    _spread(o, IN_RIICHI, RICH)


def _write_suji(o: Row, at: int, genbutsu: int, sanma: bool) -> None:
    """1 at each number tile each of whose two-sided waits has its other end in ``genbutsu``
    (``sanma``: a table of three, where no two-sided wait takes 1m or 9m, and 2m-8m are none)."""
    if sanma:
        o[at] = o[at + 8] = 1.0
    for suit in range(1 if sanma else 0, 3):
        first = suit * 9
        for n in range(9):  # the tile's number - 1
            low = n < 3 or genbutsu >> (first + n - 3) & 1  # the wait below it, closed
            high = n > 5 or genbutsu >> (first + n + 3) & 1
            if low and high:
                o[at + first + n] = 1.0


def write_oracle(obs: Observation, state: GameState, out: Planes) -> None:
    """Write ``oracle-v1`` of ``obs`` (and of ``state``, the table it was lent from) into
    ``out[:51]``."""
    clear(out, COMPACT, ORACLE)  # first, as in write_rich
    _oracle(obs, state, _flat(out))


def _oracle(obs: Observation, state: GameState, o: Row) -> None:
    """``oracle-v1`` of ``obs`` and ``state`` into ``o`` (its own planes cleared)."""
    _compact_alone(obs, o)
    seat = obs.seat
    players = obs.seat_count()
    for r in range(1, players):
        s = (seat + r) % players
        k = _place(r, players) - 1
        q: Player = state.players[s]
        hand_at = (HIDDEN_HAND + k) * 34
        waits_at = (HIDDEN_WAITS + k) * 34
        for t in range(34):
            o[hand_at + t] = q.counts[t] * 0.25
            if q.waits_mask >> t & 1:
                o[waits_at + t] = 1.0
        _write_reds(o, (HIDDEN_RED + k) * 34, q.counts, q.tiles, q.size)
    wall = state.wall
    live = wall.live_tiles()
    at = LIVE_WALL * 34
    for tile in live:
        o[at + (tile >> 2)] += 0.25
    if live:
        o[NEXT_DRAW * 34 + (live[0] >> 2)] = 1.0
    at = URA * 34
    for tile in wall.ura_indicators:
        o[at + (tile >> 2)] += 0.25


ENCODINGS = tuple(PLANES)
"""The encodings by name; an encoding's code is its place here."""
_ORACLE_CODE = ENCODINGS.index("oracle-v1")


def encoding_code(name: object) -> int:
    """The code of the encoding ``name`` (:data:`ENCODINGS`)."""
    if not isinstance(name, str) or name not in PLANES:
        raise RiichiError(f"encoding={quoted(name)}: expected one of {', '.join(ENCODINGS)}")
    return ENCODINGS.index(name)


def write(code: int, obs: Observation, state: object, out: Planes) -> None:
    """Write the encoding ``code`` of ``obs`` into ``out``; the oracle reads ``state`` too (the
    :class:`~riichi.game.GameState` that lent ``obs``)."""
    if code == _ORACLE_CODE:
        if not isinstance(state, GameState):
            raise RiichiError("the oracle encoding reads the table: pass the GameState the "
                              "observation was made from (state=...)")
        players = state.players
        # another table's state would give another game's hands and wall (or fail, when it
        # seats fewer players): the lent observation's own seat is the state's player
        if obs.seat >= len(players) or players[obs.seat] is not obs.own():
            raise RiichiError(f"state={quoted(state)}: expected the GameState the observation "
                              "was made from (the oracle reads its hands and wall)")
        write_oracle(obs, state, out)
    elif code == 0:
        write_compact(obs, out)
    else:
        write_rich(obs, out)


if not cython.compiled:  # the compiled build's is inline, in encoders.pxd

    def write_row(code: int, obs: Observation, state: object, out: Batch, i: int,
                  ponds: PondPlanes, table: int, drawn: int, offered: int) -> None:
        """:func:`write` into ``out[i]``, of an array of many decisions' planes that its caller
        shaped for the encoding (VectorEnv's, encode_record's): ``compact-v1`` is written in place,
        with no view of the row made, and with the pond planes ``ponds`` keeps for ``table``;
        ``drawn`` and ``offered`` are ``obs.drawn_tile()`` and ``obs.offered_tile()``, which the
        caller reads for the mask too."""
        if code == 0:
            write_compact_row(obs, out[i].reshape(-1), ponds, table, drawn, offered)
        else:
            _write_view(code, obs, state, out, i)

    def write_compact_row(obs: Observation, row: Row, ponds: PondPlanes, table: int, drawn: int,
                          offered: int) -> None:
        """``compact-v1`` of ``obs`` into ``row`` (a decision's planes, flat), as write_row writes
        it."""
        _compact(obs, row, ponds, table, drawn, offered)


def _write_view(code: int, obs: Observation, state: object, out: Batch, i: int) -> None:
    """:func:`write` into a view of ``out[i]``: the view made here, not in write_row, which
    would clear its C slice at every call (27 instructions a decision of ``compact-v1``)."""
    write(code, obs, state, out[i])
