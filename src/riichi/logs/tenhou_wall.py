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

>>> seed = "mt19937ar-sha512-n288-base64," + "AAAA" * 832
>>> yama, dice = next(tenhou_walls_with_dice(seed))
>>> sorted(yama) == list(range(136)), all(1 <= d <= 6 for d in dice)
(True, True)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct
from collections.abc import Iterator, Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from riichi.errors import LogFormatError, UnsupportedRuleError, quoted

__all__ = [
    "SEED_PREFIX",
    "WALL_SIZE",
    "THREE_PLAYER_TILES",
    "decode_seed",
    "tenhou_walls",
    "tenhou_walls_with_dice",
    "deal",
    "live_draw",
    "dora_indicator",
    "ura_indicator",
    "replacement_draw",
]

SEED_PREFIX = "mt19937ar-sha512-n288-base64,"
WALL_SIZE = 136

THREE_PLAYER_TILES = tuple(t for t in range(WALL_SIZE) if not 4 <= t < 32)
"""The 136-ids three players play (2m-8m removed), in the order their ``yama`` starts."""

_KEY_WORDS = 624  # the decoded seed is one whole MT19937 state's worth of words
_WORDS_PER_ROUND = 288
_BLOCK_BYTES = 128  # SHA-512 input per block: 32 generator words
_MASK32 = 0xFFFFFFFF


def decode_seed(seed: str) -> list[int]:
    """The 624 key words of a Tenhou seed string; LogFormatError says what is wrong with a bad one.

    >>> decode_seed("mt19937ar-sha512-n288-base64," + "AQAAAAAA" + "AAAA" * 830)[:2]
    [1, 0]
    """
    if not isinstance(seed, str) or not seed.startswith(SEED_PREFIX):
        raise LogFormatError(f"a Tenhou seed must start with {SEED_PREFIX!r}, got {str(seed)[:40]!r}")
    try:
        raw = base64.b64decode(seed[len(SEED_PREFIX) :], validate=True)
    except (binascii.Error, ValueError) as exc:
        raise LogFormatError(f"a Tenhou seed is not valid base64 ({exc}): {seed[:60]!r}...") from None
    if len(raw) != 4 * _KEY_WORDS:
        raise LogFormatError(
            f"a Tenhou seed must decode to {4 * _KEY_WORDS} bytes ({_KEY_WORDS} words), got {len(raw)}"
        )
    return list(struct.unpack(f"<{_KEY_WORDS}I", raw))


def _init_genrand(seed: int) -> list[int]:
    """MT19937's ``init_genrand``: the 624-word state for one 32-bit ``seed``."""
    mt = [seed]
    for i in range(1, _KEY_WORDS):
        prev = mt[i - 1]
        mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & _MASK32)
    return mt


_GENRAND = _init_genrand(19650218)  # where every init_by_array starts, whatever the key


def _init_by_array(key: Sequence[int]) -> npt.NDArray[np.uint32]:
    """MT19937's ``init_by_array`` (Matsumoto & Nishimura, 2002): the 624-word state for ``key``."""
    mt = list(_GENRAND)
    i, j = 1, 0
    for _ in range(max(_KEY_WORDS, len(key))):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & _MASK32
        i, j = i + 1, j + 1
        if i >= _KEY_WORDS:
            mt[0], i = mt[_KEY_WORDS - 1], 1
        if j >= len(key):
            j = 0
    for _ in range(_KEY_WORDS - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK32
        i += 1
        if i >= _KEY_WORDS:
            mt[0], i = mt[_KEY_WORDS - 1], 1
    mt[0] = 0x80000000  # as the reference code: a nonzero state whatever the key
    return np.array(mt, dtype=np.uint32)


def _round_randoms(generator: np.random.MT19937) -> list[int]:
    """The 144 words ``rnd`` of one round: SHA-512 over nine 128-byte blocks of generator output."""
    source = generator.random_raw(_WORDS_PER_ROUND).astype("<u4").tobytes()
    digests = b"".join(
        hashlib.sha512(source[start : start + _BLOCK_BYTES]).digest()
        for start in range(0, len(source), _BLOCK_BYTES)
    )
    return list(struct.unpack(f"<{len(digests) // 4}I", digests))


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
    key = decode_seed(seed)
    generator = np.random.MT19937()
    generator.state = {"bit_generator": "MT19937", "state": {"key": _init_by_array(key), "pos": _KEY_WORDS}}
    tiles = THREE_PLAYER_TILES if players == 3 else range(WALL_SIZE)
    size = len(tiles)
    while True:
        rnd = _round_randoms(generator)
        yama = list(tiles)
        for i in range(size - 1):
            j = i + rnd[i] % (size - i)
            yama[i], yama[j] = yama[j], yama[i]
        yield yama, (rnd[135] % 6 + 1, rnd[136] % 6 + 1)


def tenhou_walls(seed: str, players: int = 4) -> Iterator[list[int]]:
    """Every round's 136-tile ``yama`` for a Tenhou seed (108 tiles for ``players=3``), in order
    (an endless iterator).

    >>> seed = "mt19937ar-sha512-n288-base64," + "AAAA" * 832
    >>> len(next(tenhou_walls(seed)))
    136
    """
    for yama, _dice in tenhou_walls_with_dice(seed, players):
        yield yama


class _Layout(NamedTuple):
    """Where a wall's tiles go, by its size (136 tiles, or the 108 of three players)."""

    players: int
    live_top: int  # yama[live_top] is the dealer's first draw, the next ones below it
    live_draws: int
    replacements: tuple[int, ...]  # where the replacement draws are, in order
    first_dora: int  # yama[first_dora + 2n] is the n-th indicator, the ura just below it


_LAYOUTS = {
    WALL_SIZE: _Layout(4, 83, 70, (1, 0, 3, 2), 5),
    len(THREE_PLAYER_TILES): _Layout(3, 68, 55, (1, 0, 3, 2, 5, 4, 7, 6), 9),
}


def _check_wall(yama: Sequence[int]) -> _Layout:
    layout = _LAYOUTS.get(len(yama))
    if layout is None:
        raise LogFormatError(f"a Tenhou wall has {WALL_SIZE} tiles (108 for three players), got {len(yama)}")
    return layout


def deal(yama: Sequence[int], dealer: int) -> tuple[list[int], ...]:
    """The starting hands (by absolute seat, in the order dealt) of a round with ``dealer``: four,
    or three from a wall of 108 tiles.

    >>> hands = deal(list(range(136)), dealer=1)
    >>> hands[1][:5], hands[1][12], hands[2][:4], hands[0][12]
    ([135, 134, 133, 132, 119], 87, [131, 130, 129, 128], 84)
    >>> [hand[12] for hand in deal(list(range(108)), dealer=0)]
    [71, 70, 69]
    """
    players = _check_wall(yama).players
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


def live_draw(yama: Sequence[int], k: int) -> int:
    """The ``k``-th draw from the live wall (``k = 0`` is the dealer's first draw), kans aside.

    >>> live_draw(list(range(136)), 0), live_draw(list(range(136)), 69), live_draw(list(range(108)), 0)
    (83, 14, 68)
    """
    layout = _check_wall(yama)
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
    if n not in range(5):
        raise LogFormatError(f"there are 5 dora indicators (n = 0..4), got n={quoted(n)}")
    return yama[layout.first_dora + 2 * n]


def ura_indicator(yama: Sequence[int], n: int = 0) -> int:
    """The ura dora indicator under the ``n``-th dora indicator.

    >>> [ura_indicator(list(range(136)), n) for n in range(5)], ura_indicator(list(range(108)))
    ([4, 6, 8, 10, 12], 8)
    """
    layout = _check_wall(yama)
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
    if n not in range(len(places)):
        raise LogFormatError(f"a round has at most {len(places)} replacement draws "
                             f"(n = 0..{len(places) - 1}), got n={quoted(n)}")
    return yama[places[n]]
