"""Tenhou's walls, rebuilt from the ``<SHUFFLE seed=...>`` of an mjlog.

Tenhou published how its server shuffles (2022): the seed string
``"mt19937ar-sha512-n288-base64,<base64>"`` decodes to 624 little-endian 32-bit words that seed an
MT19937 generator with ``init_by_array``. For every round, in order, the generator gives 288 words;
their little-endian bytes, cut into nine blocks of 128, are hashed with SHA-512, and the nine digests
read as 144 little-endian words ``rnd``. The wall ``yama`` starts as ``0..135`` and is shuffled with
``swap(yama[i], yama[i + rnd[i] % (136 - i)])`` for ``i = 0..134``; the dice are ``rnd[135] % 6 + 1``
and ``rnd[136] % 6 + 1``. Three players' ``yama`` starts as the 108 ids without 2m-8m, ascending
(:data:`THREE_PLAYER_TILES`), and is shuffled the same way over its 108 places.

Where the tiles of a ``yama`` go (``yama[0..13]`` is the dead wall):

- the deal takes from ``yama[135]`` downward: 4 tiles to each player three times, starting with the
  dealer, then one each (:func:`deal`);
- the ``k``-th live draw of the round (``k = 0`` the dealer's first) is ``yama[83 - k]`` (:func:`live_draw`);
- dora indicators ``yama[5]``, ``yama[7]``, ``yama[9]``, ...; ura indicators ``yama[4]``, ``yama[6]``, ...
  (:func:`dora_indicator`, :func:`ura_indicator`);
- replacement draws after kans ``yama[1]``, ``yama[0]``, ``yama[3]``, ``yama[2]`` (:func:`replacement_draw`).

A three-player ``yama`` (108 tiles) is dealt from ``yama[107]`` down to its three players, its
``k``-th live draw is ``yama[68 - k]`` (55 of them), its eight replacement draws (after a kan or a
kita) ``yama[1], yama[0], yama[3], yama[2], yama[5], ...`` and its dora indicators ``yama[9]``,
``yama[11]``, ... (the ura ``yama[8]``, ...). The functions below read either from its size.
The engine's two-player wall (Tenhou has none) is 136 tiles dealt to two seats from
``yama[135]`` down, its ``k``-th live draw ``yama[109 - k]`` and its dead wall as four players';
:func:`deal` and :func:`live_draw` take it as ``players=2``.

>>> seed = "mt19937ar-sha512-n288-base64," + "AAAA" * 832
>>> yama, dice = next(tenhou_walls_with_dice(seed))
>>> sorted(yama) == list(range(136)), all(1 <= d <= 6 for d in dice)
(True, True)
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import struct
import itertools
from collections.abc import Iterator, Sequence
from typing import NamedTuple, overload

from riichi.errors import LogFormatError, UnsupportedRuleError, WrongTypeError, named_int, quoted
from riichi.logs import events as ev

__all__ = [
    "SEED_PREFIX",
    "WALL_SIZE",
    "THREE_PLAYER_TILES",
    "decode_seed",
    "tenhou_walls",
    "tenhou_walls_with_dice",
    "TenhouWalls",
    "deal",
    "live_draw",
    "dora_indicator",
    "ura_indicator",
    "replacement_draw",
    "rebuild_wall",
]

SEED_PREFIX = "mt19937ar-sha512-n288-base64,"
WALL_SIZE = 136

THREE_PLAYER_TILES = tuple(t for t in range(WALL_SIZE) if not 4 <= t < 32)
"""The 136-ids three players play (2m-8m removed), in the order their ``yama`` starts."""

_KEY_WORDS = 624  # the decoded seed is one whole MT19937 state's worth of words
_WORDS_PER_ROUND = 288
_BLOCK_BYTES = 128  # SHA-512 input per block: 32 generator words
_MASK32 = 0xFFFFFFFF
# MT19937's constants: the twist's masks and matrix, the tempering's masks
_UPPER, _LOWER, _MATRIX, _TEMPER_B, _TEMPER_C = 0x80000000, 0x7FFFFFFF, 0x9908B0DF, 0x9D2C5680, 0xEFC60000


def decode_seed(seed: str) -> list[int]:
    """The 624 key words of a Tenhou seed string; LogFormatError says what is wrong with a bad one.

    >>> decode_seed("mt19937ar-sha512-n288-base64," + "AQAAAAAA" + "AAAA" * 830)[:2]
    [1, 0]
    """
    return list(_key(seed))


def _key(seed: object) -> tuple[int, ...]:
    if not isinstance(seed, str) or not seed.startswith(SEED_PREFIX):
        raise LogFormatError(f"a Tenhou seed must start with {SEED_PREFIX!r}, got {str(seed)[:40]!r}")
    return _decoded(seed)


@functools.lru_cache(maxsize=4)  # a reader checks a log's seed, then rebuilds its walls from it
def _decoded(seed: str) -> tuple[int, ...]:
    try:
        raw = base64.b64decode(seed[len(SEED_PREFIX) :], validate=True)
    except (binascii.Error, ValueError) as exc:
        raise LogFormatError(f"a Tenhou seed is not valid base64 ({exc}): {seed[:60]!r}...") from None
    if len(raw) != 4 * _KEY_WORDS:
        raise LogFormatError(
            f"a Tenhou seed must decode to {4 * _KEY_WORDS} bytes ({_KEY_WORDS} words), got {len(raw)}"
        )
    return struct.unpack(f"<{_KEY_WORDS}I", raw)


def _init_genrand(seed: int) -> list[int]:
    """MT19937's ``init_genrand``: the 624-word state for one 32-bit ``seed``."""
    mt = [seed]
    for i in range(1, _KEY_WORDS):
        prev = mt[i - 1]
        mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & _MASK32)
    return mt


_GENRAND = _init_genrand(19650218)  # where every init_by_array starts, whatever the key


def _init_by_array(key: Sequence[int]) -> list[int]:
    """MT19937's ``init_by_array`` (Matsumoto & Nishimura, 2002): the 624-word state for ``key``."""
    mt = list(_GENRAND)
    i, j = 1, 0
    for n in range(max(_KEY_WORDS, len(key))):
        prev, word = mt[i - 1], key[j]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + word + j) & _MASK32
        i, j = i + 1, j + 1
        if i >= _KEY_WORDS:
            mt[0], i = mt[_KEY_WORDS - 1], 1
        if j >= len(key):
            j = 0
    for n in range(_KEY_WORDS - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK32
        i += 1
        if i >= _KEY_WORDS:
            mt[0], i = mt[_KEY_WORDS - 1], 1
    mt[0] = 0x80000000  # as the reference code: a nonzero state whatever the key
    return list(mt)


class _Twister:
    """MT19937 (Matsumoto & Nishimura, 1998) seeded by ``init_by_array`` with ``key``: the 32-bit
    words of Tenhou's generator, as the reference code's ``genrand_int32`` gives them."""

    def __init__(self, key: Sequence[int]) -> None:
        self.mt = _init_by_array(key)
        self.pos = _KEY_WORDS

    def stream(self, n: int) -> bytes:
        """The next ``n`` words as little-endian bytes."""
        out = bytearray(4 * n)
        for k in range(n):
            if self.pos >= _KEY_WORDS:
                self.twist()
            y = self.mt[self.pos]
            self.pos += 1
            y ^= y >> 11
            y ^= (y << 7) & _TEMPER_B
            y ^= (y << 15) & _TEMPER_C
            y ^= y >> 18
            for b in range(4):
                out[4 * k + b] = (y >> (8 * b)) & 255
        return bytes(out)

    def twist(self) -> None:
        """The next 624 words of state (in place, as the reference code)."""
        for i in range(_KEY_WORDS):
            y = (self.mt[i] & _UPPER) | (self.mt[(i + 1) % _KEY_WORDS] & _LOWER)
            self.mt[i] = self.mt[(i + 397) % _KEY_WORDS] ^ (y >> 1) ^ (_MATRIX if y & 1 else 0)
        self.pos = 0


def _round_randoms(twister: _Twister) -> list[int]:
    """The 144 words ``rnd`` of one round: SHA-512 over nine 128-byte blocks of generator output."""
    source = twister.stream(_WORDS_PER_ROUND)
    digests = b"".join([
        hashlib.sha512(source[start : start + _BLOCK_BYTES]).digest()
        for start in range(0, len(source), _BLOCK_BYTES)
    ])
    return list(_RANDOMS.unpack(digests))


_RANDOMS = struct.Struct(f"<{_WORDS_PER_ROUND // 2}I")  # the nine digests' words


def _shuffled(rnd: list[int], tiles: list[int]) -> list[int]:
    """The wall that the round's words ``rnd`` shuffle ``tiles`` (``0..135``, or the 108 of three
    players) into."""
    yama = list(tiles)
    size = len(yama)
    for i in range(size - 1):
        word = rnd[i]
        j = i + word % (size - i)
        yama[i], yama[j] = yama[j], yama[i]
    return yama


def tenhou_walls_with_dice(seed: str, players: int = 4) -> Iterator[tuple[list[int], tuple[int, int]]]:
    """Every round's wall and dice for a Tenhou seed, in the order the rounds were played
    (``players=3``: the walls of 108 tiles).

    The iterator never ends (the seed does not know how many rounds the game had): zip it with the
    rounds. A malformed seed raises :class:`~riichi.errors.LogFormatError` on the first ``next``.

    >>> seed = "mt19937ar-sha512-n288-base64," + "AAAA" * 832
    >>> walls = tenhou_walls_with_dice(seed)
    >>> first, second = next(walls), next(walls)
    >>> first[0] != second[0]
    True
    """
    if players not in (3, 4):
        raise UnsupportedRuleError(f"Tenhou's walls are of 4 or 3 players, got players={quoted(players)}")
    tiles = list(THREE_PLAYER_TILES if players == 3 else range(WALL_SIZE))
    twister = _Twister(_key(seed))
    while True:
        rnd = _round_randoms(twister)
        yield _shuffled(rnd, tiles), (rnd[135] % 6 + 1, rnd[136] % 6 + 1)


def tenhou_walls(seed: str, players: int = 4) -> Iterator[list[int]]:
    """Every round's 136-tile ``yama`` for a Tenhou seed (108 tiles for ``players=3``), in order
    (an endless iterator).

    >>> seed = "mt19937ar-sha512-n288-base64," + "AAAA" * 832
    >>> len(next(tenhou_walls(seed)))
    136
    """
    for yama, _dice in tenhou_walls_with_dice(seed, players):
        yield yama


class TenhouWalls(Sequence[tuple[int, ...]]):
    """The walls of a game's first ``rounds`` rounds from its Tenhou shuffle ``seed`` (of
    ``players`` players), shuffled when first read: an mjlog's record holds them, and most
    readers of a record (statistics, training data) never look at its walls, which cost a
    quarter of the reading (nine SHA-512 digests a round).

    It is a sequence of walls (each a tuple of 136-ids, 108 for three players) and equals the
    tuple of those walls.

    >>> seed = "mt19937ar-sha512-n288-base64," + "AAAA" * 832
    >>> walls = TenhouWalls(seed, 4, 2)
    >>> len(walls), len(walls[1]), walls[0] == tuple(next(tenhou_walls(seed)))
    (2, 136, True)
    >>> walls == tuple(tuple(w) for w in itertools.islice(tenhou_walls(seed), 2))
    True
    """

    __slots__ = ("seed", "players", "rounds", "_walls")

    def __init__(self, seed: str, players: int, rounds: int) -> None:
        self.seed, self.players, self.rounds = seed, players, rounds
        self._walls: tuple[tuple[int, ...], ...] | None = None

    def walls(self) -> tuple[tuple[int, ...], ...]:
        """The walls as a tuple, shuffled on the first call."""
        if self._walls is None:
            shuffled = itertools.islice(tenhou_walls(self.seed, self.players), self.rounds)
            self._walls = tuple([tuple(w) for w in shuffled])
        return self._walls

    def __len__(self) -> int:
        return self.rounds

    @overload
    def __getitem__(self, index: int) -> tuple[int, ...]: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[tuple[int, ...], ...]: ...
    def __getitem__(self, index: int | slice) -> tuple[int, ...] | tuple[tuple[int, ...], ...]:
        return self.walls()[index]

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self.walls())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TenhouWalls) and (other.seed, other.players, other.rounds) == (
                self.seed, self.players, self.rounds):
            return True
        if isinstance(other, (TenhouWalls, tuple)):
            return self.walls() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.walls())  # as the tuple it equals

    def __repr__(self) -> str:
        return f"TenhouWalls({self.seed[:40]!r}..., players={self.players}, rounds={self.rounds})"


class _Layout(NamedTuple):
    """Where a wall's tiles go, by its players (136 tiles, or the 108 of three players)."""

    players: int
    size: int
    live_top: int  # yama[live_top] is the dealer's first draw, the next ones below it
    live_draws: int
    replacements: tuple[int, ...]  # where the replacement draws are, in order
    first_dora: int  # yama[first_dora + 2n] is the n-th indicator, the ura just below it


_LAYOUTS = {
    4: _Layout(4, WALL_SIZE, 83, 70, (1, 0, 3, 2), 5),
    3: _Layout(3, len(THREE_PLAYER_TILES), 68, 55, (1, 0, 3, 2, 5, 4, 7, 6), 9),
    # the engine's two-player wall (Tenhou has none): a deal of 26 tiles, then live draws down to
    # the dead wall (a rule set ends them sooner: live_wall), which is laid out as four players'
    2: _Layout(2, WALL_SIZE, 109, 96, (1, 0, 3, 2), 5),
}


def _check_wall(yama: Sequence[int], players: int | None = None) -> _Layout:
    """The layout of ``yama``: of ``players`` players, else by its size (Tenhou's walls)."""
    if isinstance(yama, (str, bytes)) or not hasattr(yama, "__len__"):
        raise WrongTypeError(f"yama={quoted(yama)}: expected a wall (a list of its 136-ids)")
    by_size = 3 if len(yama) == len(THREE_PLAYER_TILES) else 4
    layout = _LAYOUTS.get(by_size if players is None else players)
    if layout is None:
        raise LogFormatError(f"a wall is of 2, 3 or 4 players, got players={quoted(players)}")
    if len(yama) != layout.size:
        given = "" if players is None else f" for {players} players"
        raise LogFormatError(f"a wall has {WALL_SIZE} tiles (108 for three players), got {len(yama)}{given}")
    return layout


def deal(yama: Sequence[int], dealer: int, players: int | None = None) -> tuple[list[int], ...]:
    """The starting hands (by absolute seat, in the order dealt) of a round with ``dealer``: four,
    or three from a wall of 108 tiles, or two with ``players=2`` (the engine's two-player wall).

    >>> hands = deal(list(range(136)), dealer=1)
    >>> hands[1][:5], hands[1][12], hands[2][:4], hands[0][12]
    ([135, 134, 133, 132, 119], 87, [131, 130, 129, 128], 84)
    >>> [hand[12] for hand in deal(list(range(108)), dealer=0)]
    [71, 70, 69]
    >>> [hand[12] for hand in deal(list(range(136)), dealer=1, players=2)]
    [110, 111]
    """
    players = _check_wall(yama, players).players
    dealer = named_int("dealer", dealer, f"a seat 0-{players - 1}")  # True is no seat
    if dealer not in range(players):
        raise LogFormatError(f"dealer must be a seat 0-{players - 1}, got {quoted(dealer)}")
    hands: tuple[list[int], ...] = tuple([] for _ in range(players))
    position = len(yama) - 1
    for take in (4, 4, 4, 1):
        for offset in range(players):
            hand = hands[(dealer + offset) % players]
            hand.extend(yama[position - n] for n in range(take))
            position -= take
    return hands


def live_draw(yama: Sequence[int], k: int, players: int | None = None) -> int:
    """The ``k``-th draw from the live wall (``k = 0`` is the dealer's first draw), kans aside
    (``players=2``: of the engine's two-player wall, which a rule set may end sooner).

    >>> live_draw(list(range(136)), 0), live_draw(list(range(136)), 69), live_draw(list(range(108)), 0)
    (83, 14, 68)
    >>> live_draw(list(range(136)), 0, players=2), live_draw(list(range(136)), 95, players=2)
    (109, 14)
    """
    layout = _check_wall(yama, players)
    k = named_int("k", k, f"an int 0-{layout.live_draws - 1}")
    if not 0 <= k < layout.live_draws:
        raise LogFormatError(f"the live wall has {layout.live_draws} draws (k = 0..{layout.live_draws - 1}), "
                             f"got k={quoted(k)}")
    return yama[layout.live_top - k]


def dora_indicator(yama: Sequence[int], n: int = 0) -> int:
    """The ``n``-th dora indicator: ``n = 0`` the one turned at the start, ``1..4`` after each kan.

    >>> [dora_indicator(list(range(136)), n) for n in range(5)], dora_indicator(list(range(108)))
    ([5, 7, 9, 11, 13], 9)
    """
    layout = _check_wall(yama)
    n = named_int("n", n, "an int 0-4")
    if n not in range(5):
        raise LogFormatError(f"there are 5 dora indicators (n = 0..4), got n={quoted(n)}")
    return yama[layout.first_dora + 2 * n]


def ura_indicator(yama: Sequence[int], n: int = 0) -> int:
    """The ura dora indicator under the ``n``-th dora indicator.

    >>> [ura_indicator(list(range(136)), n) for n in range(5)], ura_indicator(list(range(108)))
    ([4, 6, 8, 10, 12], 8)
    """
    layout = _check_wall(yama)
    n = named_int("n", n, "an int 0-4")
    if n not in range(5):
        raise LogFormatError(f"there are 5 ura indicators (n = 0..4), got n={quoted(n)}")
    return yama[layout.first_dora - 1 + 2 * n]


def replacement_draw(yama: Sequence[int], n: int) -> int:
    """The replacement tile drawn after the ``n``-th kan of the round (``n = 0..3``), or at three
    players after the ``n``-th kan or kita (``n = 0..7``).

    >>> [replacement_draw(list(range(136)), n) for n in range(4)], replacement_draw(list(range(108)), 7)
    ([1, 0, 3, 2], 6)
    """
    places = _check_wall(yama).replacements
    n = named_int("n", n, f"an int 0-{len(places) - 1}")
    if n not in range(len(places)):
        raise LogFormatError(f"a round has at most {len(places)} replacement draws "
                             f"(n = 0..{len(places) - 1}), got n={quoted(n)}")
    return yama[places[n]]


_PLACES = {players: list(range(layout.size)) for players, layout in _LAYOUTS.items()}  # a wall's places


def rebuild_wall(events: Sequence[ev.Event]) -> list[int]:
    """A wall (``yama`` layout) that deals, draws and turns what a round's events show.

    The deal, the live draws in order, the replacement draws (after a kan or a kita), the dora
    indicators and the ura indicators of a win go where the engine takes them from (a wall of 108
    tiles for a round dealt to three players, the two-player wall for two); the tiles the round
    never showed fill the other places in ascending order. :class:`LogFormatError` if the events
    show one tile twice.
    """
    start = events[0]
    assert isinstance(start, ev.StartKyoku)
    players = len(start.tehais)
    places = _PLACES[players]
    size, layout = len(places), _check_wall(places, players)
    yama: list[int | None] = [None] * size
    placed: list[tuple[int, int]] = []
    for seat, positions in enumerate(deal(places, start.oya, players)):
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
                    placed.append((live_draw(places, live, players), e.pai))
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
