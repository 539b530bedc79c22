"""The scorer's kernel: the features of every reading of a winning hand, priced by a rule table.

This module reads a hand, in any form :func:`score_hand` takes, into C arrays (checking it once;
:func:`riichi.scoring.hand.explain` names what is wrong with input it refuses), enumerates its
readings (decomposition into sets and a pair, and the set the winning tile completed), extracts
each reading's features as bit masks in the order the yaku are reported, prices them with the
table, keeps the reading paying most (then most han, then most fu; the first on a tie) and builds
its :class:`~riichi.scoring.result.HandResult`. Doing all of it in C is what makes a hand cost a
few microseconds, from notation as from 136-ids.

The rules stay in Python: :mod:`riichi.scoring.tables` says how each field of a
:class:`RuleTable` (which features make which yaku for how many han, which yakuman count double,
fu and limit variants, counter payments) is read off a :class:`~riichi.rules.RuleSet`. The kernel
owns the two-han minimum, which ura dora count, the limits and the payment arithmetic
(:func:`hand_shares`); :func:`riichi.scoring.settle` owns counters, sticks, multiple ron and pao.
It imports nothing above the scoring package.

The feature names are the yaku names, in the order they appear in a result:

>>> ORDINARY[:5], YAKUMAN[-3:]
(('riichi', 'double_riichi', 'ippatsu', 'menzen_tsumo', 'tanyao'), ('suuankou', 'suuankou_tanki', 'renhou'))
"""

from cpython.object cimport PyObject_GenericSetAttr
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from riichi._core cimport MAX_DECOMPOSITIONS, Decomposition, decompositions_k

import operator
from collections.abc import Iterable, Sequence

import numpy as np

from riichi.errors import InvalidHandError, NoYakuError, NotAWinError, RiichiError, quoted
from riichi.meld import Meld, MeldKind
from riichi.rules import RuleSet
from riichi.scoring.hand import explain
from riichi.scoring.result import HandResult, Payments
from riichi.scoring.tables import RULE_FIELDS, feature_han, yakuman_value
from riichi.tiles import RED_FIVE_IDS, WIND_LETTERS, format_types, tile_name

__all__ = [
    "BASIC_LIMIT", "BASIC_PER_YAKUMAN", "MANGAN_BASIC", "MAX_FU", "ORDINARY", "YAKUMAN", "WAITS",
    "YAKUMAN_LIMIT_NAMES", "RuleTable",
    "hand_shares", "hand_value", "score_hand", "table_for",
]

# ---- feature bits -----------------------------------------------------------------------------

# Ordinary yaku features, bit = position in ORDINARY. F_CHIITOITSU to F_SANSHOKU_DOUKOU depend on
# the reading; the others on the hand and the situation alone (computed once per hand).
cdef enum:
    F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU, F_MENZEN_TSUMO, F_TANYAO, F_HAKU, F_HATSU, F_CHUN,
    F_SEAT_WIND, F_ROUND_WIND, F_HAITEI, F_HOUTEI, F_RINSHAN, F_CHANKAN, F_SANKANTSU,
    F_HONROUTOU, F_SHOUSANGEN, F_HONITSU, F_CHINITSU, F_CHIITOITSU, F_PINFU, F_IIPEIKOU,
    F_RYANPEIKOU, F_SANSHOKU_DOUJUN, F_ITTSU, F_CHANTA, F_JUNCHAN, F_TOITOI, F_SANANKOU,
    F_SANSHOKU_DOUKOU, F_RENHOU, NUM_ORDINARY

# Yakuman features, bit = position in YAKUMAN; the hand's first, then the reading's.
cdef enum:
    Y_CHUUREN, Y_CHUUREN_9, Y_DAISANGEN, Y_SHOUSUUSHII, Y_DAISUUSHII, Y_TSUUIISOU, Y_RYUUIISOU,
    Y_CHINROUTOU, Y_SUUKANTSU, Y_TENHOU, Y_CHIIHOU, Y_KOKUSHI, Y_KOKUSHI_13, Y_SUUANKOU,
    Y_SUUANKOU_TANKI, Y_RENHOU, NUM_YAKUMAN

ORDINARY = (
    "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "tanyao", "haku", "hatsu", "chun",
    "seat_wind", "round_wind", "haitei", "houtei", "rinshan", "chankan", "sankantsu",
    "honroutou", "shousangen", "honitsu", "chinitsu", "chiitoitsu", "pinfu", "iipeikou",
    "ryanpeikou", "sanshoku_doujun", "ittsu", "chanta", "junchan", "toitoi", "sanankou",
    "sanshoku_doukou", "renhou",
)
"""Ordinary yaku features in the order a result lists them."""
YAKUMAN = (
    "chuuren", "chuuren_9", "daisangen", "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou",
    "chinroutou", "suukantsu", "tenhou", "chiihou", "kokushi", "kokushi_13", "suuankou",
    "suuankou_tanki", "renhou",
)
"""Yakuman features in the order a result lists them."""

cdef enum:
    W_RYANMEN, W_KANCHAN, W_PENCHAN, W_TANKI, W_SHANPON, W_KOKUSHI, W_KOKUSHI_13

WAITS = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon", "kokushi", "kokushi_13")
"""How the winning tile completed its set, as :attr:`HandResult.wait` names it."""

cdef enum:
    SHAPE_STANDARD, SHAPE_CHIITOITSU, SHAPE_KOKUSHI

cdef enum:
    RENHOU_NONE, RENHOU_STANDALONE, RENHOU_CUMULATIVE, RENHOU_YAKUMAN

cdef enum:
    MAX_WAITS = 5             # a pair, three kinds of run wait and a triplet
    MAX_FU_ITEMS = 12
    MANGAN = 2000
    YAKUMAN_BASIC = 8000      # basic points of each yakuman counted

BASIC_PER_YAKUMAN = YAKUMAN_BASIC
"""Basic points of each yakuman a hand counts (settlement splits a pao yakuman by it)."""
MANGAN_BASIC = MANGAN
"""Basic points of a mangan (what a nagashi mangan is paid as)."""

# ---- tile classes -----------------------------------------------------------------------------

cdef uint64_t HONOR_MASK = ((<uint64_t>1 << 34) - 1) ^ ((<uint64_t>1 << 27) - 1)
cdef uint64_t TERMINAL_MASK = ((<uint64_t>1 << 0) | (<uint64_t>1 << 8) | (<uint64_t>1 << 9)
                               | (<uint64_t>1 << 17) | (<uint64_t>1 << 18) | (<uint64_t>1 << 26))
cdef uint64_t TERMINAL_OR_HONOR_MASK = TERMINAL_MASK | HONOR_MASK
cdef uint64_t SUIT_MASK[3]
SUIT_MASK[:] = [(<uint64_t>1 << 9) - 1, ((<uint64_t>1 << 9) - 1) << 9, ((<uint64_t>1 << 9) - 1) << 18]
# 2s 3s 4s 6s 8s and the green dragon.
cdef uint64_t GREEN_MASK = ((<uint64_t>1 << 19) | (<uint64_t>1 << 20) | (<uint64_t>1 << 21)
                            | (<uint64_t>1 << 23) | (<uint64_t>1 << 25) | (<uint64_t>1 << 32))
cdef uint8_t NINE_GATES[9]
NINE_GATES[:] = [3, 1, 1, 1, 1, 1, 1, 1, 3]
cdef int DORA_OF[34]
DORA_OF[:] = [t - t % 9 + (t % 9 + 1) % 9 for t in range(27)] + [28, 29, 30, 27, 32, 33, 31]


cdef inline bint has(uint64_t mask, int tile) noexcept nogil:
    return (mask >> tile) & 1


cdef inline int suits_in(uint64_t mask) noexcept nogil:
    return (mask & SUIT_MASK[0] != 0) + (mask & SUIT_MASK[1] != 0) + (mask & SUIT_MASK[2] != 0)


# ---- rules ------------------------------------------------------------------------------------

cdef class RuleTable:
    """A :class:`~riichi.rules.RuleSet` (or a preset name) compiled into what the kernel reads:
    the han of each feature, and one field per entry of :data:`riichi.scoring.tables.RULE_FIELDS`.

    >>> RuleTable("tenhou").kan_ura, RuleTable("ema").ura_count(True)
    (True, 5)

    A table is shared by every game of its rules (:func:`table_for`): once made, it is read-only.

    >>> table_for("ema").shibari = 4
    Traceback (most recent call last):
    ...
    AttributeError: RuleTable.shibari is read-only (a table is shared by every game of its rules)
    """

    cdef readonly object rules
    cdef uint8_t han[2][NUM_ORDINARY]          # [open][feature]; 0 = no yaku
    cdef uint32_t valid[2]                     # features worth han, closed / open
    cdef uint8_t yakuman_han[NUM_YAKUMAN]      # 13, or 26 where the rules count it double
    cdef tuple yakuman_names
    cdef public int renhou, shibari, double_wind_fu, honba_ron, honba_tsumo
    cdef public bint stacking, kazoe_yakuman, kiriage, open_pinfu_fu, rinshan_tsumo_fu
    cdef public bint haitei_on_rinshan, red_fives, ura_dora, kan_ura, indicator_is_dora
    cdef bint _made  # the fields are set: __setattr__ refuses from now on

    def __init__(self, rules):
        cdef int i, side
        if self._made:  # a second __init__ would rewrite the C fields in place
            raise AttributeError("RuleTable.rules is read-only (a table is shared by every game "
                                 "of its rules)")
        self.rules = RuleSet.coerce(rules)
        self.valid[0] = self.valid[1] = 0
        for i in range(NUM_ORDINARY):
            for side, han in enumerate(feature_han(self.rules, ORDINARY[i])):
                self.han[side][i] = han
                if han:
                    self.valid[side] |= <uint32_t>1 << i
        names = []
        for i in range(NUM_YAKUMAN):
            han, name = yakuman_value(self.rules, YAKUMAN[i])
            self.yakuman_han[i] = han
            names.append(name)
        self.yakuman_names = tuple(names)
        for field, read in RULE_FIELDS.items():
            setattr(self, field, read(self.rules))
        self._made = True

    def __setattr__(self, name, value):
        # the fields are public for __init__ to set them by name (RULE_FIELDS), and only for it
        if self._made:
            raise AttributeError(
                f"RuleTable.{name} is read-only (a table is shared by every game of its rules)"
            )
        PyObject_GenericSetAttr(self, name, value)

    def __reduce__(self):
        # a new table made from the rules (the build turns Cython's own pickling off: its
        # __setstate_cython__ would rewrite in place a table that table_for shares)
        return (RuleTable, (self.rules,))

    cpdef int ura_count(self, bint riichi):
        """How many ura dora indicators count for a winner (who declared riichi or not)."""
        if not (riichi and self.ura_dora):
            return 0
        return 5 if self.kan_ura else 1


# ---- the hand ---------------------------------------------------------------------------------

# A winning hand and the situation of its win, read and checked by ``_read``. Counters and sticks
# stay Python ints beside it (arithmetic on them never overflows), the melds Meld objects.
cdef struct Hand:
    uint8_t closed[34]        # concealed tiles, the winning tile included
    uint8_t counts[34]        # every tile, melds included (a kan counts 4)
    int win
    int n_melds
    int n_meld_runs
    int meld_runs[4]
    int n_meld_triplets
    int meld_triplet[4]
    uint8_t meld_concealed[4]
    uint8_t meld_kan[4]
    uint64_t mask
    bint is_closed
    int kans, aka, dora, ura, seat, rnd
    bint tsumo, is_dealer, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei
    bint tenhou, chiihou, renhou


cdef int RED_IDS[3]
RED_IDS[:] = RED_FIVE_IDS
cdef dict WIND_OF = {letter: 27 + k for k, letter in enumerate(WIND_LETTERS)}
# Module constants: reading an enum member off its class costs a dict lookup per meld.
cdef object CHI = MeldKind.CHI, PON = MeldKind.PON, KAN = MeldKind.KAN
cdef object ANKAN = MeldKind.ANKAN, KAKAN = MeldKind.KAKAN
cdef dict MELDS = {}      # meld notation -> its Meld; a few thousand melds exist at most


cdef inline int _tile_id(object value) noexcept:
    """The 136-id ``value`` is, or -1 unless it is a plain int 0-135."""
    if type(value) is not int or not 0 <= value < 136:
        return -1
    return <int>value


cdef inline bint _add_red(int tile_id, int* reds) noexcept:
    """Note a red five; False if its suit's red five was seen already."""
    cdef int suit
    for suit in range(3):
        if tile_id == RED_IDS[suit]:
            if reds[0] >> suit & 1:
                return False
            reds[0] |= 1 << suit
    return True


cdef int _notation(object text, int* types, int most, int* reds) noexcept:
    """The tile types of notation ``text`` into ``types`` (at most ``most``), noting its red
    fives in ``reds``; their number, or -1 unless it is plain notation that
    :func:`riichi.tiles.parse_ids` reads (the general reader then says what is wrong)."""
    cdef str t
    cdef Py_ssize_t pos, start = 0, length
    cdef int n = 0, digit, base, tile, suit
    cdef Py_ssize_t k
    cdef Py_UCS4 c
    cdef uint8_t counts[34]
    cdef uint8_t plain_fives[3]
    if type(text) is not str:
        return -1
    t = <str>text
    length = len(t)
    memset(counts, 0, 34)
    memset(plain_fives, 0, 3)
    for pos in range(length):
        c = t[pos]
        if c >= u'0' and c <= u'9':
            continue
        if c == u'm':
            base = 0
        elif c == u'p':
            base = 9
        elif c == u's':
            base = 18
        elif c == u'z':
            base = 27
        else:
            return -1
        if start == pos:
            return -1
        for k in range(start, pos):
            digit = <int>(<Py_UCS4>t[k]) - 48
            if base == 27:
                if not 1 <= digit <= 7:
                    return -1
                tile = 27 + digit - 1
            else:
                suit = base // 9
                if digit == 0:
                    if reds[0] >> suit & 1:
                        return -1
                    reds[0] |= 1 << suit
                    tile = base + 4
                else:
                    tile = base + digit - 1
                    if digit == 5:
                        plain_fives[suit] += 1
                        if plain_fives[suit] > 3:
                            return -1
            counts[tile] += 1
            if counts[tile] > 4 or n == most:
                return -1
            types[n] = tile
            n += 1
        start = pos + 1
    if start != length:
        return -1
    return n


cdef int _one_tile(object value, bint by_type, int* reds) noexcept:
    """The tile type of one tile: notation, a 136-id (a tile type if ``by_type``); -1 if not."""
    cdef int tile
    if type(value) is str:
        return tile if _notation(value, &tile, 1, reds) == 1 else -1
    if by_type:
        if type(value) is not int or not 0 <= value < 34:
            return -1
        return <int>value
    tile = _tile_id(value)
    if tile < 0 or not _add_red(tile, reds):
        return -1
    return tile >> 2


cdef object _meld(object value):
    """The :class:`~riichi.meld.Meld` a meld or its notation is, or ``None``."""
    if isinstance(value, Meld):
        return value
    if type(value) is not str:
        return None
    found = MELDS.get(value)
    if found is None:
        try:
            found = Meld.parse(value)
        except RiichiError:
            return None
        if len(MELDS) >= 4096:
            MELDS.clear()
        MELDS[value] = found
    return found


cdef int _meld_tile(object kind, object tiles, int* reds):
    """The lowest tile type of a meld's sorted 136-ids, or -1 unless they make that kind of meld;
    notes the red fives."""
    cdef int size, k, tile, first = -1
    if kind is CHI or kind is PON:
        size = 3
    elif kind is KAN or kind is ANKAN or kind is KAKAN:
        size = 4
    else:
        return -1
    if type(tiles) is not tuple or len(tiles) != size:
        return -1
    for k in range(size):
        tile = _tile_id(tiles[k])
        if tile < 0 or not _add_red(tile, reds):
            return -1
        tile >>= 2
        if k == 0:
            first = tile
        elif tile != (first + k if kind is CHI else first):
            return -1
    if kind is CHI and (first >= 27 or first % 9 > 6):
        return -1
    return first


cdef int _indicated(Hand* d, object indicators, bint by_type, uint8_t* seen, int limit,
                    bint itself):
    """Dora that the first ``limit`` indicators show in the hand (the next tile of each, or the
    indicator's own tile type if ``itself``); -1 unless they are notation, a list of tile names or
    of 136-ids (tile types if ``by_type``), at most five, and no more copies of a tile than
    exist."""
    cdef int types[5]
    cdef int n, k, tile, reds = 0, dora = 0
    if type(indicators) is str:
        n = _notation(indicators, types, 5, &reds)
        if n < 0:
            return -1
    elif type(indicators) is tuple or type(indicators) is list:
        n = len(indicators)
        if n > 5:
            return -1
        for k in range(n):
            # Red fives among the indicators are not the hand's: each is read on its own.
            reds = 0
            types[k] = _one_tile(indicators[k], by_type, &reds)
            if types[k] < 0:
                return -1
    else:
        return -1
    for k in range(n):
        tile = types[k]
        seen[tile] += 1
        if seen[tile] > 4:
            return -1
        if k < limit:
            dora += d.counts[tile if itself else DORA_OF[tile]]
    return dora


cdef bint _concealed(Hand* d, object concealed, int size, int* reds, bint* by_type):
    """Read the concealed tiles (notation, 136-ids, or 34 counts) into ``d.closed``; False
    unless they are ``size`` tiles in one of those forms."""
    cdef int n, k, tile, value
    cdef int types[14]
    cdef uint8_t seen_id[136]
    if type(concealed) is str:
        n = _notation(concealed, types, 14, reds)
        if n != size:
            return False
        for k in range(n):
            d.closed[types[k]] += 1
        return True
    if type(concealed) is not list and type(concealed) is not tuple:
        return False
    if len(concealed) == 34:
        by_type[0] = True
        n = 0
        for k in range(34):
            item = concealed[k]
            if type(item) is not int or not 0 <= item <= 4:
                return False
            d.closed[k] = <int>item
            n += d.closed[k]
        return n == size
    if len(concealed) != size:
        return False
    memset(seen_id, 0, 136)
    for item in concealed:
        tile = _tile_id(item)
        if tile < 0 or seen_id[tile] or not _add_red(tile, reds):
            return False
        seen_id[tile] = 1
        d.closed[tile >> 2] += 1
    return True


cdef tuple _read(Hand* d, concealed, win_tile, melds, bint tsumo, seat_wind, round_wind,
                 dora_indicators, ura_indicators, bint riichi, bint double_riichi,
                 bint ippatsu, bint rinshan, bint chankan, bint haitei, bint houtei,
                 bint tenhou, bint chiihou, bint renhou, honba, riichi_sticks, RuleTable table):
    """Read a hand in any of the forms :func:`score_hand` takes into ``d``; its melds as Meld
    objects, or ``None`` for anything wrong (or an unusual type, such as numpy's)."""
    cdef int i, tile, t, reds = 0
    cdef bint by_type = False
    cdef uint8_t seen[34]
    if type(melds) is not tuple and type(melds) is not list:
        return None
    # Read as it is: a Meld subclass's fields may run Python code that changes a list.
    melds = tuple(melds)
    d.n_melds = len(melds)
    if d.n_melds > 4:
        return None
    if not _concealed(d, concealed, 13 - 3 * d.n_melds, &reds, &by_type):
        return None
    d.win = _one_tile(win_tile, by_type, &reds)
    if d.win < 0:
        return None
    d.closed[d.win] += 1
    d.counts = d.closed
    d.is_closed = True
    meld_objects = []
    for value in melds:
        m = _meld(value)
        if m is None:
            return None
        meld_objects.append(m)
        kind = (<object>m).kind
        tiles = (<object>m).tiles
        # A Meld checks itself when it is made, but its fields can be overwritten: what is read
        # here is checked again (cheaply), since the kernel indexes arrays with it.
        tile = _meld_tile(kind, tiles, &reds)
        if tile < 0:
            return None
        for value in tiles:
            d.counts[(<int>value) >> 2] += 1
        if kind is CHI:
            d.meld_runs[d.n_meld_runs] = tile
            d.n_meld_runs += 1
        else:
            i = d.n_meld_triplets
            d.meld_triplet[i] = tile
            d.meld_concealed[i] = kind is ANKAN
            d.meld_kan[i] = kind is not PON
            d.kans += d.meld_kan[i]
            d.n_meld_triplets += 1
        if kind is not ANKAN:
            d.is_closed = False
    for t in range(34):
        if d.counts[t] > 4:
            return None
        if d.counts[t]:
            d.mask |= <uint64_t>1 << t
    d.aka = (reds & 1) + (reds >> 1 & 1) + (reds >> 2)
    seen = d.counts
    riichi = riichi or double_riichi
    d.dora = _indicated(d, dora_indicators, by_type, seen, 5, table.indicator_is_dora)
    d.ura = _indicated(d, ura_indicators, by_type, seen, table.ura_count(riichi),
                       table.indicator_is_dora)
    if d.dora < 0 or d.ura < 0:
        return None
    seat = WIND_OF.get(seat_wind) if type(seat_wind) is str else None
    rnd = WIND_OF.get(round_wind) if type(round_wind) is str else None
    if seat is None or rnd is None:
        return None
    if type(honba) is not int or type(riichi_sticks) is not int:
        return None
    d.seat, d.rnd, d.is_dealer = seat, rnd, seat == 27
    d.tsumo, d.riichi, d.double_riichi, d.ippatsu = tsumo, riichi, double_riichi, ippatsu
    d.rinshan, d.chankan, d.haitei, d.houtei = rinshan, chankan, haitei, houtei
    d.tenhou, d.chiihou, d.renhou = tenhou, chiihou, renhou
    if _impossible(d) or honba < 0 or riichi_sticks < 0:
        return None
    return tuple(meld_objects)


cdef bint _impossible(Hand* d) noexcept:
    """The situation cannot happen at a table (the general reader says why)."""
    return (
        (d.riichi and not d.is_closed)
        or (d.ippatsu and not d.riichi)
        or ((d.rinshan or d.haitei or d.tenhou or d.chiihou) and not d.tsumo)
        or ((d.chankan or d.houtei or d.renhou) and d.tsumo)
        or (d.rinshan and (d.kans == 0 or d.chankan))
        or (d.tenhou and not d.is_dealer)
        or ((d.chiihou or d.renhou) and d.is_dealer)
        or ((d.tenhou or d.chiihou or d.renhou) and d.n_melds > 0)
    )


# ---- readings ---------------------------------------------------------------------------------

cdef struct Reading:
    int shape, pair, wait, n_runs, n_triplets, concealed_triplets
    int runs[4]               # every run, melds included, sorted
    int triplets[4]           # the hand's triplets, then the melds'
    uint8_t concealed[4]      # a triplet completed by a ron is open
    uint8_t kan[4]


cdef int _run_wait(int start, int win) noexcept nogil:
    if win == start + 1:
        return W_KANCHAN
    if (win == start + 2 and start % 9 == 0) or (win == start and start % 9 == 6):
        return W_PENCHAN
    return W_RYANMEN


cdef void _make_reading(Hand* d, Decomposition* dc, int wait, int ron_triplet,
                        Reading* r) noexcept nogil:
    cdef int i, j, run, n = 0
    r.shape, r.pair, r.wait = SHAPE_STANDARD, dc.pair, wait
    for i in range(dc.n_runs):
        r.runs[n] = dc.runs[i]
        n += 1
    for i in range(d.n_meld_runs):
        # Insert in order: the hand's runs are sorted already.
        run = d.meld_runs[i]
        j = n
        while j > 0 and r.runs[j - 1] > run:
            r.runs[j] = r.runs[j - 1]
            j -= 1
        r.runs[j] = run
        n += 1
    r.n_runs = n
    r.concealed_triplets = 0
    for i in range(dc.n_triplets):
        r.triplets[i] = dc.triplets[i]
        r.concealed[i] = d.tsumo or dc.triplets[i] != ron_triplet
        r.kan[i] = False
        r.concealed_triplets += r.concealed[i]
    n = dc.n_triplets
    for i in range(d.n_meld_triplets):
        r.triplets[n] = d.meld_triplet[i]
        r.concealed[n] = d.meld_concealed[i]
        r.kan[n] = d.meld_kan[i]
        r.concealed_triplets += r.concealed[n]
        n += 1
    r.n_triplets = n


cdef int _readings(Hand* d, Reading* out) noexcept nogil:
    """Every (decomposition, wait) reading of the hand, in the order the tie-break expects."""
    cdef Decomposition found[MAX_DECOMPOSITIONS]
    cdef int k, i, j, t, n = 0, n_found, wait, pairs = 0
    cdef uint32_t waits
    cdef int order[8]
    cdef int n_order
    if d.n_melds == 0:
        # Fourteen concealed tiles: one of each terminal and honor and one more is thirteen
        # orphans; seven tiles held twice are seven pairs.
        if d.mask == TERMINAL_OR_HONOR_MASK:
            out[0].shape = SHAPE_KOKUSHI
            out[0].wait = W_KOKUSHI_13 if d.closed[d.win] == 2 else W_KOKUSHI
            out[0].n_runs = out[0].n_triplets = out[0].concealed_triplets = 0
            for t in range(34):
                if d.closed[t] == 2:
                    out[0].pair = t
                    break
            return 1
        for t in range(34):
            pairs += d.closed[t] == 2
        if pairs == 7:
            out[0].shape, out[0].pair, out[0].wait = SHAPE_CHIITOITSU, d.win, W_TANKI
            out[0].n_runs = out[0].n_triplets = out[0].concealed_triplets = 0
            n = 1
    n_found = decompositions_k(d.closed, found)
    for k in range(n_found):
        # Waits in first-seen order: the pair, the runs in order, then a triplet.
        waits = 0
        n_order = 0
        if found[k].pair == d.win:
            waits |= 1 << W_TANKI
            order[n_order] = W_TANKI
            n_order += 1
        for i in range(found[k].n_runs):
            j = found[k].runs[i]
            if j <= d.win <= j + 2:
                wait = _run_wait(j, d.win)
                if not waits >> wait & 1:
                    waits |= 1 << wait
                    order[n_order] = wait
                    n_order += 1
        for i in range(found[k].n_triplets):
            if found[k].triplets[i] == d.win:
                order[n_order] = W_SHANPON
                n_order += 1
        for i in range(n_order):
            _make_reading(d, &found[k], order[i], d.win if order[i] == W_SHANPON else -1, &out[n])
            n += 1
    return n


# ---- features ---------------------------------------------------------------------------------

cdef inline int _triplets_of(Hand* d, int first, int last) noexcept nogil:
    cdef int t, n = 0
    for t in range(first, last + 1):
        n += d.counts[t] >= 3
    return n


cdef inline bint _pair_among(Hand* d, int first, int last) noexcept nogil:
    cdef int t
    for t in range(first, last + 1):
        if d.counts[t] == 2:
            return True
    return False


cdef uint32_t _hand_features(Hand* d, RuleTable table) noexcept:
    cdef uint32_t f = 0
    cdef uint64_t mask = d.mask
    if d.riichi and not d.double_riichi:
        f |= 1 << F_RIICHI
    if d.double_riichi:
        f |= 1 << F_DOUBLE_RIICHI
    if d.ippatsu:
        f |= 1 << F_IPPATSU
    if d.tsumo and d.is_closed:
        f |= 1 << F_MENZEN_TSUMO
    if not mask & TERMINAL_OR_HONOR_MASK:
        f |= 1 << F_TANYAO
    if d.counts[31] >= 3:
        f |= 1 << F_HAKU
    if d.counts[32] >= 3:
        f |= 1 << F_HATSU
    if d.counts[33] >= 3:
        f |= 1 << F_CHUN
    if d.counts[d.seat] >= 3:
        f |= 1 << F_SEAT_WIND
    if d.counts[d.rnd] >= 3:
        f |= 1 << F_ROUND_WIND
    if d.haitei and (not d.rinshan or table.haitei_on_rinshan):
        f |= 1 << F_HAITEI
    if d.houtei:
        f |= 1 << F_HOUTEI
    if d.rinshan:
        f |= 1 << F_RINSHAN
    if d.chankan:
        f |= 1 << F_CHANKAN
    if d.kans == 3:
        f |= 1 << F_SANKANTSU
    if not mask & ~TERMINAL_OR_HONOR_MASK and mask & HONOR_MASK and mask & TERMINAL_MASK:
        f |= 1 << F_HONROUTOU
    if _triplets_of(d, 31, 33) == 2 and _pair_among(d, 31, 33):
        f |= 1 << F_SHOUSANGEN
    if suits_in(mask) == 1:
        f |= 1 << (F_HONITSU if mask & HONOR_MASK else F_CHINITSU)
    if d.renhou and table.renhou == RENHOU_CUMULATIVE:
        f |= 1 << F_RENHOU
    return f


cdef uint32_t _hand_yakuman(Hand* d, RuleTable table) noexcept:
    cdef uint32_t f = 0
    cdef uint64_t mask = d.mask
    cdef int t, base, dragons = _triplets_of(d, 31, 33), winds = _triplets_of(d, 27, 30)
    cdef bint gates
    if d.n_melds == 0 and not mask & HONOR_MASK and suits_in(mask) == 1:
        base = 0 if mask & SUIT_MASK[0] else (9 if mask & SUIT_MASK[1] else 18)
        gates = True
        for t in range(9):
            gates = gates and d.closed[base + t] >= NINE_GATES[t]
        if gates:
            # Nine-sided: the hand before the win was exactly 1112345678999.
            f |= 1 << (Y_CHUUREN_9 if d.closed[d.win] == NINE_GATES[d.win - base] + 1
                       else Y_CHUUREN)
    if dragons == 3:
        f |= 1 << Y_DAISANGEN
    if winds == 3 and _pair_among(d, 27, 30):
        f |= 1 << Y_SHOUSUUSHII
    if winds == 4:
        f |= 1 << Y_DAISUUSHII
    if not mask & ~HONOR_MASK:
        f |= 1 << Y_TSUUIISOU
    if not mask & ~GREEN_MASK:
        f |= 1 << Y_RYUUIISOU
    if not mask & ~TERMINAL_MASK:
        f |= 1 << Y_CHINROUTOU
    if d.kans == 4:
        f |= 1 << Y_SUUKANTSU
    if d.tenhou:
        f |= 1 << Y_TENHOU
    if d.chiihou:
        f |= 1 << Y_CHIIHOU
    if d.renhou and table.renhou == RENHOU_YAKUMAN:
        f |= 1 << Y_RENHOU
    return f


cdef inline bint _in(int tile, int* tiles, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if tiles[i] == tile:
            return True
    return False


cdef bint _all_sets_have(Reading* r, uint64_t mask) noexcept nogil:
    """Every set and the pair hold a tile of ``mask`` (chanta, junchan)."""
    cdef int i
    if not has(mask, r.pair):
        return False
    for i in range(r.n_runs):
        if not (has(mask, r.runs[i]) or has(mask, r.runs[i] + 2)):
            return False
    for i in range(r.n_triplets):
        if not has(mask, r.triplets[i]):
            return False
    return True


cdef bint _is_pinfu(Hand* d, Reading* r) noexcept nogil:
    """Closed, four runs, a two-sided wait and a pair that scores no fu."""
    return (r.shape == SHAPE_STANDARD and d.is_closed and r.n_triplets == 0
            and r.wait == W_RYANMEN and r.pair < 31 and r.pair != d.seat and r.pair != d.rnd)


cdef uint32_t _reading_features(Hand* d, Reading* r, bint pinfu) noexcept nogil:
    cdef uint32_t f = 0
    cdef int i, n, identical = 0
    cdef int* runs = r.runs
    n = r.n_runs
    if r.shape == SHAPE_CHIITOITSU:
        return 1 << F_CHIITOITSU
    if pinfu:
        f |= 1 << F_PINFU
    if d.is_closed and n >= 2:
        if n == 4 and runs[0] == runs[1] and runs[2] == runs[3]:
            identical = 2
        else:
            for i in range(n - 1):
                identical = identical or runs[i] == runs[i + 1]
        if identical:
            f |= 1 << (F_RYANPEIKOU if identical == 2 else F_IIPEIKOU)
    for i in range(n):
        if runs[i] < 9 and _in(runs[i] + 9, runs, n) and _in(runs[i] + 18, runs, n):
            f |= 1 << F_SANSHOKU_DOUJUN
    for i in range(0, 27, 9):
        if _in(i, runs, n) and _in(i + 3, runs, n) and _in(i + 6, runs, n):
            f |= 1 << F_ITTSU
    if n:
        if d.mask & HONOR_MASK:
            if _all_sets_have(r, TERMINAL_OR_HONOR_MASK):
                f |= 1 << F_CHANTA
        elif _all_sets_have(r, TERMINAL_MASK):
            f |= 1 << F_JUNCHAN
    else:
        f |= 1 << F_TOITOI
    if r.concealed_triplets == 3:
        f |= 1 << F_SANANKOU
    for i in range(r.n_triplets):
        if (r.triplets[i] < 9 and _in(r.triplets[i] + 9, r.triplets, r.n_triplets)
                and _in(r.triplets[i] + 18, r.triplets, r.n_triplets)):
            f |= 1 << F_SANSHOKU_DOUKOU
    return f


cdef uint32_t _reading_yakuman(Reading* r) noexcept nogil:
    if r.wait == W_KOKUSHI:
        return 1 << Y_KOKUSHI
    if r.wait == W_KOKUSHI_13:
        return 1 << Y_KOKUSHI_13
    if r.concealed_triplets == 4:
        return 1 << (Y_SUUANKOU_TANKI if r.wait == W_TANKI else Y_SUUANKOU)
    return 0


# ---- fu ---------------------------------------------------------------------------------------

cdef enum:
    FU_BASE, FU_CLOSED_RON, FU_TSUMO, FU_KANCHAN, FU_PENCHAN, FU_TANKI, FU_DRAGON_PAIR,
    FU_DOUBLE_WIND_PAIR, FU_SEAT_WIND_PAIR, FU_ROUND_WIND_PAIR, FU_OPEN_TRIPLET,
    FU_CLOSED_TRIPLET, FU_OPEN_KAN, FU_CLOSED_KAN, FU_OPEN_PINFU, FU_CHIITOITSU

_FU_REASONS = (
    "base", "closed ron", "tsumo", "kanchan wait", "penchan wait", "tanki wait", "dragon pair",
    "double wind pair", "seat wind pair", "round wind pair", "open triplet", "closed triplet",
    "open kan", "closed kan", "open pinfu", "chiitoitsu",
)
# fu_details text by reason and tile ("closed triplet 9s"), made once.
cdef list FU_TEXT = [[reason] + [f"{reason} {tile_name(t)}" for t in range(34)]
                     for reason in _FU_REASONS]

cdef struct FuItem:
    int reason, tile, fu      # tile -1 when the reason names none


cdef int _fu_items(Hand* d, RuleTable table, Reading* r, bint pinfu,
                   FuItem* items) noexcept:
    """The fu of a reading as items whose fu sum to the fu before rounding; returns their
    number. (Thirteen orphans, a yakuman whatever its fu, counts none.)"""
    cdef int n = 0, i, tile, pair = r.pair
    if r.shape == SHAPE_CHIITOITSU:
        items[0] = FuItem(FU_CHIITOITSU, -1, 25)
        return 1
    if r.shape == SHAPE_KOKUSHI:
        return 0
    items[n] = FuItem(FU_BASE, -1, 20); n += 1
    if d.is_closed and not d.tsumo:
        items[n] = FuItem(FU_CLOSED_RON, -1, 10); n += 1
    if d.tsumo and not pinfu and (table.rinshan_tsumo_fu or not d.rinshan):
        items[n] = FuItem(FU_TSUMO, -1, 2); n += 1
    if r.wait == W_KANCHAN or r.wait == W_PENCHAN or r.wait == W_TANKI:
        items[n] = FuItem(FU_KANCHAN + r.wait - W_KANCHAN, -1, 2); n += 1
    if pair >= 31:
        items[n] = FuItem(FU_DRAGON_PAIR, pair, 2); n += 1
    if pair == d.seat and pair == d.rnd:
        items[n] = FuItem(FU_DOUBLE_WIND_PAIR, pair, table.double_wind_fu); n += 1
    elif pair == d.seat:
        items[n] = FuItem(FU_SEAT_WIND_PAIR, pair, 2); n += 1
    elif pair == d.rnd:
        items[n] = FuItem(FU_ROUND_WIND_PAIR, pair, 2); n += 1
    for i in range(r.n_triplets):
        tile = r.triplets[i]
        items[n] = FuItem(
            (FU_CLOSED_KAN if r.concealed[i] else FU_OPEN_KAN) if r.kan[i]
            else (FU_CLOSED_TRIPLET if r.concealed[i] else FU_OPEN_TRIPLET),
            tile, 2 << (has(TERMINAL_OR_HONOR_MASK, tile) + r.concealed[i] + 2 * r.kan[i]))
        n += 1
    if n == 1 and not d.is_closed and table.open_pinfu_fu:
        # An open hand with no fu at all, won by ron, counts 30 fu: 20 + 2, rounded up.
        items[n] = FuItem(FU_OPEN_PINFU, -1, 2); n += 1
    return n


cdef int _fu(Hand* d, RuleTable table, Reading* r, bint pinfu) noexcept:
    cdef FuItem items[MAX_FU_ITEMS]
    cdef int i, fu = 0, n = _fu_items(d, table, r, pinfu, items)
    for i in range(n):
        fu += items[i].fu
    return fu if r.shape == SHAPE_CHIITOITSU else (fu + 9) // 10 * 10


# ---- points -----------------------------------------------------------------------------------

cdef enum:
    L_NONE, L_MANGAN, L_HANEMAN, L_BAIMAN, L_SANBAIMAN, L_KAZOE, L_YAKUMAN

_LIMIT_NAMES = (None, "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman")
YAKUMAN_LIMIT_NAMES = (
    "", "yakuman", "double_yakuman", "triple_yakuman", "quadruple_yakuman", "quintuple_yakuman",
    "sextuple_yakuman",
)
"""Limit name by number of yakuman (index); more than six are named ``"7x_yakuman"`` etc."""


cdef inline int _ceil100(int points) noexcept nogil:
    return (points + 99) // 100 * 100


cdef inline void _shares(int basic, bint dealer, bint tsumo, int* ron, int* dealer_share,
                         int* each) noexcept nogil:
    """The payments of a hand before counters: the discarder's on a ron; on a tsumo, the
    dealer's (when the winner is not the dealer) and each non-dealer's."""
    ron[0] = dealer_share[0] = each[0] = 0
    if not tsumo:
        ron[0] = _ceil100(basic * (6 if dealer else 4))
    elif dealer:
        each[0] = _ceil100(2 * basic)
    else:
        dealer_share[0] = _ceil100(2 * basic)
        each[0] = _ceil100(basic)


BASIC_LIMIT = 100 * YAKUMAN_BASIC
"""The most basic points :func:`hand_shares` takes (a hundred yakuman: more than any hand scores)."""
MAX_FU = 170
"""The most fu a hand counts: four concealed kans of honours, a double-wind pair, a single wait and
a closed ron (164, rounded up)."""


cdef long long _int_in(object value, str name, long long low, long long high,
                       str expected) except? -1:
    """``value``, an int (not a bool) from ``low`` to ``high``, else InvalidHandError."""
    number = None
    if not isinstance(value, bool):
        try:
            number = operator.index(value)
        except TypeError:
            pass
    if number is None or not low <= number <= high:
        raise InvalidHandError(f"{name}={quoted(value)}: expected {expected}")
    return number


def hand_shares(basic, *, bint is_dealer, bint tsumo):
    """(ron payment, dealer's tsumo share, each non-dealer's tsumo share), before counters, of a
    hand of ``basic`` points (an int from 0 to :data:`BASIC_LIMIT`; else
    :class:`~riichi.errors.InvalidHandError`).

    >>> hand_shares(2000, is_dealer=False, tsumo=True)
    (0, 4000, 2000)
    """
    cdef int points = <int>_int_in(basic, "basic", 0, BASIC_LIMIT,
                                   f"an int from 0 to {BASIC_LIMIT:,} basic points")
    cdef int ron, dealer_share, each
    _shares(points, is_dealer, tsumo, &ron, &dealer_share, &each)
    return ron, dealer_share, each


cdef int _basic(int han, int fu, int yakuman, RuleTable table, int* limit) noexcept:
    """Basic points of a hand (``yakuman`` = yakuman counted); its limit goes to ``limit``."""
    cdef int basic
    if yakuman:
        limit[0] = L_YAKUMAN
        return YAKUMAN_BASIC * yakuman
    if han >= 13 and table.kazoe_yakuman:
        limit[0] = L_KAZOE
        return YAKUMAN_BASIC
    if han >= 11:
        limit[0] = L_SANBAIMAN
        return 6000
    if han >= 8:
        limit[0] = L_BAIMAN
        return 4000
    if han >= 6:
        limit[0] = L_HANEMAN
        return 3000
    basic = fu << (han + 2) if han < 5 else MANGAN
    if basic >= MANGAN or (table.kiriage and basic == 1920):
        # 1920 is 4 han 30 fu or 3 han 60 fu, which kiriage rounds up to mangan.
        limit[0] = L_MANGAN
        return MANGAN
    limit[0] = L_NONE
    return basic


def hand_value(han, fu, rules="ema"):
    """(basic points, limit name or None) of a hand of ``han`` han and ``fu`` fu without a
    yakuman under ``rules`` (a :class:`~riichi.rules.RuleSet` or a preset name): the value the
    scorer gives such a hand, for payment tables.

    ``han`` is an int of at least 1; ``fu`` a count the scorer gives: 25 (seven pairs) or a
    multiple of 10 from 20 to :data:`MAX_FU`. Fu are not rounded here: anything else (23 fu) is
    refused with :class:`~riichi.errors.InvalidHandError`.

    >>> hand_value(4, 30), hand_value(4, 30, "mleague"), hand_value(13, 30)
    ((1920, None), (2000, 'mangan'), (8000, 'kazoe_yakuman'))
    """
    cdef int limit = L_NONE
    # Every han from 13 up is worth the same: a larger count is read as 13 (and stays a C int).
    cdef int h = <int>min(_int_in(han, "han", 1, 2**62, "an int from 1 to 2**62"), 13)
    cdef int f = <int>_int_in(fu, "fu", 20, MAX_FU, f"25 or a multiple of 10 from 20 to {MAX_FU}")
    if f != 25 and f % 10:
        raise InvalidHandError(f"fu={f}: expected 25 or a multiple of 10 from 20 to {MAX_FU} "
                               "(fu are rounded up to 10 before they are priced)")
    basic = _basic(h, f, 0, _table_for(rules), &limit)
    return basic, _LIMIT_NAMES[limit]


cdef inline int _hand_points(int basic, bint dealer, bint tsumo) noexcept nogil:
    """What the winner receives for the hand alone (four players)."""
    cdef int ron, dealer_share, each
    _shares(basic, dealer, tsumo, &ron, &dealer_share, &each)
    return ron + dealer_share + each * (3 if dealer else 2)


# ---- the best reading -------------------------------------------------------------------------

cdef enum:
    K_ORDINARY, K_YAKUMAN, K_RENHOU_ONLY

cdef struct Candidate:
    int points, han, fu, basic, limit, yakuman, kind
    uint32_t features         # ordinary or yakuman bits, as ``kind`` says
    bint pinfu
    int reading


cdef inline void _consider(Candidate* best, Candidate* c) noexcept nogil:
    """Keep ``c`` if it pays more (then more han, then more fu) than ``best``."""
    if (best.reading < 0 or c.points > best.points
            or (c.points == best.points and (c.han > best.han
                                             or (c.han == best.han and c.fu > best.fu)))):
        best[0] = c[0]


cdef int _han_of(RuleTable table, bint is_open, uint32_t features) noexcept:
    cdef int i, han = 0
    for i in range(NUM_ORDINARY):
        if features >> i & 1:
            han += table.han[is_open][i]
    return han


cdef object _score(Hand* d, tuple melds, object honba, object sticks, RuleTable table):
    """The :class:`~riichi.scoring.result.HandResult` of the hand's best reading under ``table``;
    :class:`~riichi.errors.NotAWinError` for an incomplete hand, and
    :class:`~riichi.errors.NoYakuError` for a complete hand without yaku."""
    cdef Reading readings[MAX_DECOMPOSITIONS * MAX_WAITS + 1]
    cdef Reading* r
    cdef Candidate best, c
    cdef int n, i, k, yaku_han, top
    cdef bint is_open = not d.is_closed
    cdef uint32_t hand_features, hand_yakuman, yakuman
    n = _readings(d, readings)
    if n == 0:
        raise NotAWinError(
            _hand_text(d, melds) + " is not a complete hand (four sets and a pair, seven pairs or thirteen orphans)")
    hand_features = _hand_features(d, table) & table.valid[is_open]
    hand_yakuman = _hand_yakuman(d, table)
    best.reading = -1
    for i in range(n):
        r = &readings[i]
        c.reading = i
        c.pinfu = _is_pinfu(d, r)
        c.fu = _fu(d, table, r, c.pinfu)
        yakuman = hand_yakuman | _reading_yakuman(r)
        if yakuman:
            if not table.stacking:
                # Only the most valuable yakuman counts (the first of equals).
                top = -1
                for k in range(NUM_YAKUMAN):
                    if yakuman >> k & 1 and (top < 0 or table.yakuman_han[k] > table.yakuman_han[top]):
                        top = k
                yakuman = 1 << top
            c.han = 0
            for k in range(NUM_YAKUMAN):
                if yakuman >> k & 1:
                    c.han += table.yakuman_han[k]
            c.kind, c.features, c.yakuman = K_YAKUMAN, yakuman, c.han // 13
            c.basic = _basic(c.han, c.fu, c.yakuman, table, &c.limit)
            c.points = _hand_points(c.basic, d.is_dealer, d.tsumo)
            _consider(&best, &c)
            continue
        c.features = hand_features | (_reading_features(d, r, c.pinfu) & table.valid[is_open])
        yaku_han = _han_of(table, is_open, c.features)
        if yaku_han and not (table.shibari >= 0 and yaku_han < 2 and honba >= table.shibari):
            c.han = yaku_han + d.dora + (d.aka if table.red_fives else 0) + d.ura
            c.kind, c.yakuman = K_ORDINARY, 0
            c.basic = _basic(c.han, c.fu, 0, table, &c.limit)
            c.points = _hand_points(c.basic, d.is_dealer, d.tsumo)
            _consider(&best, &c)
        if d.renhou and table.renhou == RENHOU_STANDALONE:
            # Renhou is a mangan on its own, with no other yaku or dora; the hand keeps the better.
            c.han, c.kind, c.yakuman, c.features = table.han[0][F_RENHOU], K_RENHOU_ONLY, 0, 0
            c.basic = _basic(c.han, c.fu, 0, table, &c.limit)
            c.points = _hand_points(c.basic, d.is_dealer, d.tsumo)
            _consider(&best, &c)
    if best.reading < 0:
        note = ""
        if table.shibari >= 0 and honba >= table.shibari:
            note = f"; with {honba} counters the rules need two han of yaku"
        raise NoYakuError(
            _hand_text(d, melds) + " is complete but has no yaku (dora are not yaku)" + note)
    return _result(d, honba, sticks, table, &best, &readings[best.reading])


# Notation pieces, made once: a NoYakuError is an everyday answer to "may I win on this?", and
# riichi.tiles' general formatters would cost several times the scoring.
cdef list DIGITS = [[str(t % 9 + 1) * n for n in range(5)] for t in range(34)]
cdef dict MELD_TEXT = {}   # (kind, tiles) -> notation; a few thousand melds exist at most


cdef str _counts_text(Hand* d):
    """The concealed tiles in notation (as :func:`riichi.tiles.format_counts` writes them)."""
    cdef int suit
    groups = []
    for suit, letter in enumerate("mpsz"):
        text = "".join([DIGITS[t][d.closed[t]] for t in range(9 * suit, min(9 * suit + 9, 34))])
        if text:
            groups.append(text + letter)
    return "".join(groups)


cdef list _meld_texts(tuple melds):
    texts = []
    for m in melds:
        key = (m.kind, m.tiles)
        text = MELD_TEXT.get(key)
        if text is None:
            text = MELD_TEXT[key] = str(m)
        texts.append(text)
    return texts


cdef str _hand_text(Hand* d, tuple melds):
    return f"{_counts_text(d)!r} with melds {_meld_texts(melds)!r}"


# ---- the result -------------------------------------------------------------------------------

# Notation of every set, made once: formatting per hand would cost more than scoring it.
cdef list RUN_NAMES = [format_types([t, t + 1, t + 2]) if t < 27 and t % 9 < 7 else ""
                       for t in range(34)]
cdef list PAIR_NAMES = [format_types([t] * 2) for t in range(34)]
cdef list TRIPLET_NAMES = [format_types([t] * 3) for t in range(34)]
cdef list KAN_NAMES = [format_types([t] * 4) for t in range(34)]
_new = object.__new__


cdef inline object _frozen(cls, tuple names, tuple values):
    """An instance of a frozen slots dataclass without its ``__init__``: its generated
    ``__init__`` sets each field through ``object.__setattr__``, which costs more than scoring."""
    cdef Py_ssize_t i
    obj = _new(cls)
    for i in range(len(names)):
        PyObject_GenericSetAttr(obj, names[i], values[i])
    return obj


_PAYMENTS_FIELDS = ("ron", "dealer", "non_dealer", "honba", "sticks", "total")
_RESULT_FIELDS = ("han", "fu", "points", "yaku", "limit", "fu_details", "payments",
                  "basic_points", "yakuman", "dora", "aka_dora", "ura_dora", "tsumo", "is_dealer",
                  "riichi", "wait", "reading")


cdef object _payments(Hand* d, RuleTable table, int basic, object honba, object sticks):
    cdef int ron, dealer_share, each
    _shares(basic, d.is_dealer, d.tsumo, &ron, &dealer_share, &each)
    stick_points = 1000 * sticks
    if d.tsumo:
        bonus = table.honba_tsumo * honba
        dealer_pays = 0 if d.is_dealer else dealer_share + bonus
        each_pays = each + bonus
        total = dealer_pays + each_pays * (3 if d.is_dealer else 2) + stick_points
        values = (0, dealer_pays, each_pays, bonus * 3, stick_points, total)
    else:
        bonus = table.honba_ron * honba
        values = (ron + bonus, 0, 0, bonus, stick_points, ron + bonus + stick_points)
    return _frozen(Payments, _PAYMENTS_FIELDS, values)


cdef str _describe(Hand* d, Reading* r):
    cdef int i
    if r.shape == SHAPE_KOKUSHI:
        return _counts_text(d)
    if r.shape == SHAPE_CHIITOITSU:
        return " ".join([PAIR_NAMES[t] for t in range(34) if d.closed[t]])
    sets = [RUN_NAMES[r.runs[i]] for i in range(r.n_runs)]
    for i in range(r.n_triplets):
        sets.append((KAN_NAMES if r.kan[i] else TRIPLET_NAMES)[r.triplets[i]])
    sets.append(PAIR_NAMES[r.pair])
    return " ".join(sets)


cdef object _result(Hand* d, object honba, object sticks, RuleTable table, Candidate* best,
                    Reading* r):
    cdef FuItem items[MAX_FU_ITEMS]
    cdef int i, n, dora = 0, aka = 0, ura = 0
    cdef bint is_open = not d.is_closed
    cdef dict yaku = {}
    if best.kind == K_YAKUMAN:
        for i in range(NUM_YAKUMAN):
            if best.features >> i & 1:
                yaku[table.yakuman_names[i]] = table.yakuman_han[i]
    elif best.kind == K_RENHOU_ONLY:
        yaku["renhou"] = best.han
    else:
        for i in range(NUM_ORDINARY):
            if best.features >> i & 1:
                yaku[ORDINARY[i]] = table.han[is_open][i]
        dora, ura = d.dora, d.ura
        aka = d.aka if table.red_fives else 0
        if dora:
            yaku["dora"] = dora
        if aka:
            yaku["aka_dora"] = aka
        if ura:
            yaku["ura_dora"] = ura
    n = _fu_items(d, table, r, best.pinfu, items)
    fu_details = [(FU_TEXT[items[i].reason][items[i].tile + 1], items[i].fu) for i in range(n)]
    if best.limit != L_YAKUMAN:
        limit = _LIMIT_NAMES[best.limit]
    elif best.yakuman < len(YAKUMAN_LIMIT_NAMES):
        limit = YAKUMAN_LIMIT_NAMES[best.yakuman]
    else:
        limit = f"{best.yakuman}x_yakuman"
    return _frozen(HandResult, _RESULT_FIELDS, (
        best.han, best.fu, best.points, yaku, limit, fu_details,
        _payments(d, table, best.basic, honba, sticks), best.basic, best.yakuman,
        dora, aka, ura, d.tsumo, d.is_dealer, d.riichi, WAITS[r.wait], _describe(d, r)))


# ---- entry points -----------------------------------------------------------------------------

cdef dict TABLES = {}   # preset name, or id() of a RuleSet -> its RuleTable
cdef int MAX_TABLES = 64


cdef RuleTable _table_for(rules):
    cdef RuleTable table
    by_name = type(rules) is str
    key = rules if by_name else id(rules)
    found = TABLES.get(key)
    if found is not None:
        table = found
        # Keyed by identity: hashing a RuleSet's fifty fields would cost more than scoring. The
        # table holds its RuleSet, so the id cannot be reused while the entry lives.
        if by_name or table.rules is rules:
            return table
    table = RuleTable(rules)
    if len(TABLES) >= MAX_TABLES:
        TABLES.clear()
    TABLES[key] = table
    return table


def table_for(rules):
    """The :class:`RuleTable` of ``rules`` (a :class:`~riichi.rules.RuleSet` or a preset name),
    compiled once.

    >>> table_for("ema") is table_for("ema"), table_for("ema").rules.name
    (True, 'ema')
    """
    return _table_for(rules)


cdef object _plain_item(object value):
    """A numpy scalar or an int subclass as the plain Python value; anything else as it is."""
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    return value


cdef object _plain(object value):
    """``value`` in the plain Python types :func:`_read` takes: numpy arrays, bytes and other
    sequences become lists of plain items (see :func:`_plain_item`); anything else is left for
    :func:`~riichi.scoring.hand.explain` to refuse."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, bytes):
        return list(value)
    if isinstance(value, Sequence) and not isinstance(value, str):
        return [_plain_item(v) for v in value]
    return _plain_item(value)


cdef inline bint _bools(tuple flags) noexcept:
    """Whether every flag is a bool (anything else, None included, is refused: a flag is never
    guessed from another type)."""
    for flag in flags:
        if type(flag) is not bool:
            return False
    return True


cdef bint _names_red(object value):
    """Whether ``value`` (notation, or a list of tile names or meld notation) names a red five
    ("0" in notation) where the rules have none. Notation that names all four fives of a suit
    (``"kan:0555m"``) is no red five: notation writes copy 0 of a five as "0" when all four are
    there. (A 136-id is a copy: under rules without red fives, copy 0 of a five is a plain five.)"""
    if type(value) is str:
        return _names_red_text(<str>value)
    if type(value) is tuple or type(value) is list:
        for item in tuple(value):
            if type(item) is str and _names_red_text(<str>item):
                return True
    return False


cdef bint _names_red_text(str text):
    cdef int zeros = 0, fives = 0, z = 0, f = 0
    cdef int[3] by_suit_zeros = [0, 0, 0]
    cdef int[3] by_suit_fives = [0, 0, 0]
    cdef int suit
    if "0" not in text:
        return False
    for ch in text:
        if ch == "0":
            z += 1
        elif ch == "5":
            f += 1
        elif ch in "mps":
            suit = "mps".index(ch)
            by_suit_zeros[suit] += z
            by_suit_fives[suit] += f
            z = f = 0
        elif not ch.isdigit():
            z = f = 0
    for suit in range(3):
        if by_suit_zeros[suit] and by_suit_zeros[suit] + by_suit_fives[suit] < 4:
            return True
    return False


def score_hand(concealed, win_tile, melds=(), *, tsumo, seat_wind, round_wind,
               dora_indicators=(), ura_indicators=(), riichi=False, double_riichi=False,
               ippatsu=False, rinshan=False, chankan=False, haitei=False, houtei=False,
               tenhou=False, chiihou=False, renhou=False, honba=0, riichi_sticks=0, rules="ema"):
    """Score a winning hand.

    ``concealed``: the concealed tiles before the win (notation, 136-ids, or 34 counts);
    ``win_tile``: the winning tile (notation, or a 136-id; a tile type when ``concealed`` is given
    as counts); ``melds``: :class:`~riichi.meld.Meld` objects or notation (``"chi:123s"``,
    ``"pon:555z"``, ``"kan:5555m"``, ``"ankan:2222m"``, ``"kakan:0555p"``); winds ``"E"`` ...
    ``"N"``; indicators like the concealed tiles, or a list of tile names (``["6s", "1z"]``);
    ``double_riichi`` implies riichi; ``riichi_sticks``: sticks on the table, which the winner
    takes; ``rules``: a preset name or a :class:`~riichi.rules.RuleSet`. Under rules without red
    fives (``ema-2016``), notation that names one (``"0m"``) is refused, but for the "0" that
    notation asks for with all four fives (``"kakan:0555p"``); a 136-id is a copy, and copy 0 of
    a five is then a plain five.

    Every form is read here, once, into the kernel's arrays (numpy values are made plain first);
    input the kernel cannot read goes to :func:`riichi.scoring.hand.explain`, which says what is
    wrong, with the same message whatever the form.

    Raises :class:`~riichi.errors.InvalidHandError` (or :class:`~riichi.errors.NotationError`)
    for a hand or situation that cannot exist, :class:`~riichi.errors.NotAWinError` for an
    incomplete hand and :class:`~riichi.errors.NoYakuError` for a complete hand without yaku.

    >>> r = score_hand("222m444p666s88s33m", "8s", tsumo=True, seat_wind="S", round_wind="E")
    >>> r.yaku, r.limit, r.payments.dealer, r.payments.non_dealer
    ({'suuankou': 13}, 'yakuman', 16000, 8000)
    >>> r = score_hand("45678s234p66m", "9s", ["chi:123s"], tsumo=False, seat_wind="S",
    ...                round_wind="E", dora_indicators=["6s", "1z"])
    >>> r.han, r.fu, r.points, r.fu_details
    (2, 30, 2000, [('base', 20), ('open pinfu', 2)])
    """
    cdef RuleTable table = _table_for(rules)
    cdef Hand hand
    cdef tuple read = None
    counters, sticks = honba, riichi_sticks
    flags = (tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
             chiihou, renhou)
    memset(&hand, 0, sizeof(Hand))
    if not table.red_fives:
        for value in (concealed, win_tile, melds, dora_indicators, ura_indicators):
            if _names_red(value):
                raise InvalidHandError(
                    f"{quoted(value)} names a red five (0m, 0p, 0s), but the rules "
                    f"{table.rules.name!r} have none: write it as a five (5m, 5p, 5s)")
    if _bools(flags):
        read = _read(&hand, concealed, win_tile, melds, tsumo, seat_wind, round_wind, dora_indicators,
                     ura_indicators, riichi, double_riichi, ippatsu, rinshan, chankan, haitei,
                     houtei, tenhou, chiihou, renhou, honba, riichi_sticks, table)
    if read is None:
        if not isinstance(melds, (str, bytes, list, tuple)) and isinstance(melds, Iterable):
            melds = tuple(melds)   # read once: the explanation must see the same melds
        f = tuple([_plain(v) for v in flags])
        counters, sticks = _plain(honba), _plain(riichi_sticks)
        if _bools(f):
            memset(&hand, 0, sizeof(Hand))
            read = _read(&hand, _plain(concealed), _plain(win_tile), _plain(melds), f[0],
                         seat_wind, round_wind, _plain(dora_indicators), _plain(ura_indicators),
                         f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10],
                         counters, sticks, table)
    if read is None:
        explain(
            concealed, win_tile, melds, tsumo=tsumo, seat_wind=seat_wind, round_wind=round_wind,
            dora_indicators=dora_indicators, ura_indicators=ura_indicators, riichi=riichi,
            double_riichi=double_riichi, ippatsu=ippatsu, rinshan=rinshan, chankan=chankan,
            haitei=haitei, houtei=houtei, tenhou=tenhou, chiihou=chiihou, renhou=renhou,
            honba=honba, riichi_sticks=riichi_sticks)
        raise InvalidHandError(
            f"the scorer cannot read concealed={concealed!r}, win_tile={win_tile!r}, "
            f"melds={melds!r}: expected the forms score_hand documents")
    return _score(&hand, read, counters, sticks, table)
