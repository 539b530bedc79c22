"""The scoring kernel's reading of its input: a hand in any form :func:`~riichi.scoring.score_hand`
takes (notation, 136-ids, 34 counts; melds as :class:`~riichi.meld.Meld` objects or notation;
numpy values and other sequences made plain first) read into the C struct the other steps read,
and checked once. Anything it refuses goes to :func:`riichi.scoring.bad_input.explain`, which says
what is wrong.
"""

from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

from riichi.scoring._kernel cimport EAST, MANZU_2_TO_8_MASK, NORTH, Hand
from riichi.scoring._rules cimport RuleTable

from collections.abc import Sequence

import numpy as np

from riichi.errors import RiichiError
from riichi.meld import Meld, MeldKind
from riichi.tiles import RED_FIVE_IDS, WIND_LETTERS

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
                    RuleTable table, int* shown, int* reds):
    """Dora that the first ``limit`` indicators show in the hand and among its Norths set aside
    (the tile each shows under ``table``: the next, or the indicator's own), with the number of
    indicators in ``shown``; -1 unless they are notation, a list of tile names or of 136-ids
    (tile types if ``by_type``), at most five, no more copies of a tile than exist, no red five
    already in ``reds`` (the hand's and the indicators' read before), and none the rules do not
    play (three players: no 2m-8m)."""
    cdef int types[5]
    cdef int n, k, tile, dora_type, dora = 0
    if type(indicators) is str:
        n = _notation(indicators, types, 5, reds)
        if n < 0:
            return -1
    elif type(indicators) is tuple or type(indicators) is list:
        n = len(indicators)
        if n > 5:
            return -1
        for k in range(n):
            types[k] = _one_tile(indicators[k], by_type, reds)
            if types[k] < 0:
                return -1
    else:
        return -1
    shown[0] = n
    for k in range(n):
        tile = types[k]
        seen[tile] += 1
        if seen[tile] > 4 or (table.players == 3 and 1 <= tile <= 7):
            return -1
        if k < limit:
            dora_type = table.dora_of[tile]
            dora += d.counts[dora_type] + (d.kita if dora_type == NORTH else 0)
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


cdef tuple read_hand(Hand* d, concealed, win_tile, melds, bint tsumo, seat_wind, round_wind,
                     dora_indicators, ura_indicators, bint riichi, bint double_riichi,
                     bint ippatsu, bint rinshan, bint chankan, bint haitei, bint houtei,
                     bint tenhou, bint chiihou, bint renhou, honba, riichi_sticks, kita,
                     RuleTable table):
    """Read a hand in any of the forms :func:`~riichi.scoring.score_hand` takes into ``d``; its melds as Meld
    objects, or ``None`` for anything wrong (or an unusual type, such as numpy's)."""
    cdef int i, tile, t, reds = 0, dora_shown = 0, ura_shown = 0
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
            if not table.rules.chi:  # a table without chi (three players)
                return None
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
    if table.players == 3 and d.mask & MANZU_2_TO_8_MASK:
        return None
    # the Norths set aside: at most four with the hand's own, and only where the rules have kita
    if type(kita) is not int:
        return None
    if kita == 0:  # an int compared with a constant inline: the four-player case costs nothing
        d.kita = 0
    elif table.kita and 0 < kita <= 4 - d.counts[NORTH]:
        d.kita = kita
    else:
        return None
    d.aka = (reds & 1) + (reds >> 1 & 1) + (reds >> 2)
    seen = d.counts
    seen[NORTH] += d.kita
    riichi = riichi or double_riichi
    # a red five turned as an indicator is not in the hand: the indicators add to its reds
    d.dora = _indicated(d, dora_indicators, by_type, seen, 5, table, &dora_shown, &reds)
    d.ura = _indicated(d, ura_indicators, by_type, seen, table.ura_count(riichi), table,
                       &ura_shown, &reds)
    # each ura indicator is the tile under a dora indicator
    if d.dora < 0 or d.ura < 0 or ura_shown > dora_shown:
        return None
    seat = WIND_OF.get(seat_wind) if type(seat_wind) is str else None
    rnd = WIND_OF.get(round_wind) if type(round_wind) is str else None
    if seat is None or rnd is None or seat - EAST >= table.winds:  # no player at that wind seat
        return None
    if type(honba) is not int or type(riichi_sticks) is not int:
        return None
    d.seat, d.rnd, d.is_dealer = seat, rnd, seat == EAST
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
        or (d.rinshan and ((d.kans == 0 and d.kita == 0) or d.chankan))
        or (d.chankan and d.houtei)  # houtei is won on the last discard, no kan's tile
        or (d.ippatsu and d.rinshan)  # the kan or kita before the replacement draw ends ippatsu
        or (d.chankan and d.counts[d.win] > 1)  # the kan holds the robbed tile's other copies
        or (d.tenhou and not d.is_dealer)
        or ((d.chiihou or d.renhou) and d.is_dealer)
        # the first uninterrupted go-around: no call, no kita, and no riichi (declared with a
        # discard, after the seat's first draw)
        or ((d.tenhou or d.chiihou or d.renhou) and (d.n_melds > 0 or d.kita > 0 or d.riichi))
    )


cdef object _plain_item(object value):
    """A numpy scalar or an int subclass as the plain Python value; anything else as it is."""
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    return value


cdef object plain(object value):
    """``value`` in the plain Python types :func:`read_hand` takes: numpy arrays, bytes and other
    sequences become lists of plain items (see :func:`_plain_item`); anything else is left for
    :func:`~riichi.scoring.bad_input.explain` to refuse."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, bytes):
        return list(value)
    if isinstance(value, Sequence) and not isinstance(value, str):
        return [_plain_item(v) for v in value]
    return _plain_item(value)


cdef bint names_red(object value):
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

