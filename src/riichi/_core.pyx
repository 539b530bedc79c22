"""Shanten, waits, tile acceptance and hand decompositions over 34-slot tile counts.

This is the compiled core of :mod:`riichi`; everything here works on a hand given as 34 tile counts
(1m-9m, 1p-9p, 1s-9s, E S W N White Green Red) and knows nothing of yaku, players or rules.  The
functions are re-exported from :mod:`riichi`, where they are documented for users.

The method
----------
A complete hand is four sets and a pair, less one set per open meld.  For one suit and a target of
``m`` sets and ``p`` pairs, the *distance* of the suit's counts is the least number of tiles that must
be added so that the suit contains such a pattern without a fifth copy of any tile.  The build
(``build_tools/shanten_tables.py``) computes it for every count vector of a suit with at most 14 tiles
(405,350 vectors; 43,130 for the honours, which have no runs), together with a bit mask of the tiles
whose addition lowers it, and stores both in ``_shanten_tables.bin``.  At run time a suit's vector is
ranked into that table with a small offset table (nine additions), and the hand's distance is the
min-plus combination of its four suits over the ways of sharing the sets and the pair among them:
``shanten = distance - 1``.  Because every pattern counted respects the four-copy limit, a wait on a
tile the hand already holds four of never counts.

The tiles that lower the shanten are the union of the suits' masks over the optimal sharings: a tile
lowers the total exactly when it lowers its own suit's distance in some optimal sharing, since one
tile changes one suit by at most one.  The same combination therefore gives waits and ukeire, and a
discard analysis needs only one table lookup per discard against the precomputed combination of the
other three suits.  Seven pairs and thirteen orphans have closed forms.

Three-player mahjong (``players=3``) plays without 2m-8m.  Its manzu are 1m and 9m alone, two kinds
that form no runs, so that suit is read from a 25-entry table of the same format (built at import)
instead of the nine-kind one; the other suits, the combination and the closed forms are shared, and
seven pairs may only draw the 27 kinds in play.  The other three suits' tables are exact for three
players too, as their tiles are the same.

Entry points for one hand take the counts as a ``numpy.uint8`` array of 34, ``bytes`` or
``bytearray`` and copy them through a raw pointer (a typed memoryview would cost more than the
shanten itself); any other input goes through :func:`riichi.tiles.counts_from` (notation strings,
lists).  Batch kernels take typed memoryviews and run without the GIL.  A kernel only ever reads a
private copy of the counts, checked after it was made: another thread writing into a numpy array
cannot change what was checked, so no input makes a kernel read outside its tables.

What each call takes and returns
--------------------------------
Every hand is 34 counts of 1 to 14 tiles (the open melds implied); a function asks for the size a
question has an answer at (any other size is an :class:`~riichi.errors.InvalidHandError` saying so).
``shanten``, ``shanten_standard``, ``waits``, ``waits_mask``, ``ukeire``, ``discard_analysis`` and
``shanten_batch`` take ``players`` (4, 3 or 2; 3 refuses counts holding 2m-8m); seven pairs, thirteen
orphans and the decompositions of a hand are the same for every number of players.

- ``shanten``, ``shanten_standard``: a 3n+1 or 3n+2 hand; an ``int`` (-1 complete, 0 tenpai);
- ``shanten_chiitoitsu``, ``shanten_kokushi``: a closed hand of 13 or 14 tiles; an ``int``;
- ``waits``: a 3n+1 hand; a ``list[int]`` of tile types, ascending;
- ``ukeire``: a 3n+1 hand; a ``tuple[list[int], int]``, those tiles and their unseen copies;
- ``discard_analysis``: a 3n+2 hand; an ``int64`` numpy array of shape (k, 4), a row per discard;
- ``decompositions``: a 3n+2 hand; a ``list[tuple[int, tuple[int, ...], tuple[int, ...]]]``;
- ``tiles_from_mask``: a 34-bit mask; a ``list[int]`` of tile types, ascending;
- ``shanten_batch``: an (N, 34) ``uint8`` array; an ``int8`` numpy array of shape (N,).

Why these shapes: a varying number of tile types (waits, the ukeire tiles, a mask's tiles) is a
``list[int]``, the form ``format_types`` and the rest of :mod:`riichi.tiles` take; a record of a
fixed size is a ``tuple`` (ukeire's tiles and count; a reading, whose run starts and triplets are
tuples so that readings compare and hash as values, e.g. in a set); a table of numbers, one row per
discard or per hand, is a numpy array, which a caller indexes, sorts and stacks without a Python
object per cell. Tile types are the ``int`` indices 0-33 everywhere;
:func:`riichi.tiles.format_types` writes them as notation.

Why waits and ukeire refuse a 14-tile hand: both ask which drawn tile helps a hand that is one tile
short, and a 3n+2 hand is not short of a tile: it must discard first, and which tiles then help
depends on the discard. :func:`discard_analysis` answers that for every discard at once, so a 3n+2
hand given to ``waits`` or ``ukeire`` is refused with a message naming it.
"""

from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_CheckExact, PyByteArray_GET_SIZE
from cpython.bytes cimport (
    PyBytes_AS_STRING, PyBytes_CheckExact, PyBytes_FromStringAndSize, PyBytes_GET_SIZE,
)
from libc.stdlib cimport free, malloc
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy

cimport numpy as cnp

import operator
import os

import numpy as np

from riichi.errors import InvalidHandError, InvalidRuleError, OutputArrayError, WrongTypeError

cnp.import_array()

cdef extern from *:
    """
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    #error "riichi._core reads tile counts eight at a time and assumes a little-endian machine"
    #endif
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int riichi_ctz64(unsigned long long x) {
        unsigned long i; _BitScanForward64(&i, x); return (int)i;
    }
    #else
    static inline int riichi_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    #endif
    /* Inline bit counting: without -mpopcnt the compiler's builtin is a library call. */
    static inline int riichi_popcount64(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    """
    int riichi_ctz64(unsigned long long x) noexcept nogil
    int riichi_popcount64(unsigned long long x) noexcept nogil


# The min-plus combination of suits' distances: a whole hand's shanten-only distance from its four
# suits' packed words (ten 4-bit distances each, index pair * 5 + sets), and the join of two parts
# for ukeire and discard analysis.  It is the batch kernel's whole cost, so on x86-64 it runs in
# SSE2, one 16-bit lane per number of sets; the portable version is the reference it is tested
# against and the fallback elsewhere.
cdef extern from *:
    """
    #include <stdint.h>

    /* Distances for 0-4 sets without the pair in lanes 0-4 and with it in lanes 8-12; the lanes
       between are padding (the SSE2 combination leaves leftovers there, never read). */
    static inline void riichi_unpack(uint64_t w, int16_t *d) {
        for (int m = 0; m < 5; m++) {
            d[m] = (int16_t)((w >> (4 * m)) & 15);
            d[8 + m] = (int16_t)((w >> (4 * (5 + m))) & 15);
        }
        for (int j = 5; j < 8; j++) d[j] = d[8 + j] = 99;
    }

    static inline void riichi_join_portable(const int16_t *a, const int16_t *b, int16_t *out) {
        for (int m = 0; m < 5; m++) {
            int best = 99, best_pair = 99;
            for (int k = 0; k <= m; k++) {
                int d = a[k] + b[m - k];
                if (d < best) best = d;
                d = a[8 + k] + b[m - k];
                if (d < best_pair) best_pair = d;
                d = a[k] + b[8 + m - k];
                if (d < best_pair) best_pair = d;
            }
            out[m] = (int16_t)best;
            out[8 + m] = (int16_t)best_pair;
        }
        for (int j = 5; j < 8; j++) out[j] = out[8 + j] = 99;
    }

    static int riichi_distance_portable(const uint64_t *words, int sets) {
        int16_t v[4][16], x[16], y[16];
        int best = 99;
        for (int s = 0; s < 4; s++) riichi_unpack(words[s], v[s]);
        riichi_join_portable(v[0], v[1], x);
        riichi_join_portable(v[2], v[3], y);
        for (int k = 0; k <= sets; k++) {
            int d = x[8 + k] + y[sets - k];
            if (d < best) best = d;
            d = x[k] + y[8 + sets - k];
            if (d < best) best = d;
        }
        return best;
    }

    #if (defined(__SSE2__) && defined(__x86_64__)) || defined(_M_X64) || defined(_M_AMD64)
    #include <emmintrin.h>
    /* Lanes 0-4 of p0 / p1 hold the distances for 0-4 sets without / with the pair; lanes 5-7
       hold leftovers that shifts only ever move upwards, so they never reach lanes 0-4. */
    typedef struct { __m128i p0, p1; } riichi_lanes;

    static inline riichi_lanes riichi_lanes_of(uint64_t w) {
        const __m128i nibble = _mm_set1_epi8(0x0F), zero = _mm_setzero_si128();
        __m128i x = _mm_cvtsi64_si128((long long)w);
        __m128i bytes = _mm_unpacklo_epi8(_mm_and_si128(x, nibble),
                                          _mm_and_si128(_mm_srli_epi16(x, 4), nibble));
        riichi_lanes r;
        r.p0 = _mm_unpacklo_epi8(bytes, zero);
        r.p1 = _mm_unpacklo_epi8(_mm_srli_si128(bytes, 5), zero);
        return r;
    }

    #define RIICHI_SPLAT_LO(v, k) _mm_unpacklo_epi64(_mm_shufflelo_epi16(v, (k) * 0x55), \
                                                     _mm_shufflelo_epi16(v, (k) * 0x55))
    #define RIICHI_SPLAT_4(v) _mm_unpackhi_epi64(_mm_shufflehi_epi16(v, 0), _mm_shufflehi_epi16(v, 0))
    /* b shifted up k lanes, the lanes below k filled with a distance too large to win. */
    #define RIICHI_UP(v, k) _mm_or_si128(_mm_slli_si128(v, 2 * (k)), \
                                         _mm_srli_si128(_mm_set1_epi16(99), 16 - 2 * (k)))
    #define RIICHI_STEP(k, a0k, a1k) do { \
            __m128i b0 = RIICHI_UP(b.p0, k), b1 = RIICHI_UP(b.p1, k), s0 = (a0k), s1 = (a1k); \
            out.p0 = _mm_min_epi16(out.p0, _mm_add_epi16(s0, b0)); \
            out.p1 = _mm_min_epi16(out.p1, _mm_min_epi16(_mm_add_epi16(s1, b0), \
                                                         _mm_add_epi16(s0, b1))); \
        } while (0)

    static inline riichi_lanes riichi_combine_sse2(riichi_lanes a, riichi_lanes b) {
        riichi_lanes out;
        out.p0 = out.p1 = _mm_set1_epi16(99);
        RIICHI_STEP(0, RIICHI_SPLAT_LO(a.p0, 0), RIICHI_SPLAT_LO(a.p1, 0));
        RIICHI_STEP(1, RIICHI_SPLAT_LO(a.p0, 1), RIICHI_SPLAT_LO(a.p1, 1));
        RIICHI_STEP(2, RIICHI_SPLAT_LO(a.p0, 2), RIICHI_SPLAT_LO(a.p1, 2));
        RIICHI_STEP(3, RIICHI_SPLAT_LO(a.p0, 3), RIICHI_SPLAT_LO(a.p1, 3));
        RIICHI_STEP(4, RIICHI_SPLAT_4(a.p0), RIICHI_SPLAT_4(a.p1));
        return out;
    }

    static inline void riichi_join(const int16_t *a, const int16_t *b, int16_t *out) {
        riichi_lanes x, y, z;
        x.p0 = _mm_loadu_si128((const __m128i *)a);
        x.p1 = _mm_loadu_si128((const __m128i *)(a + 8));
        y.p0 = _mm_loadu_si128((const __m128i *)b);
        y.p1 = _mm_loadu_si128((const __m128i *)(b + 8));
        z = riichi_combine_sse2(x, y);
        _mm_storeu_si128((__m128i *)out, z.p0);
        _mm_storeu_si128((__m128i *)(out + 8), z.p1);
    }

    static int riichi_distance(const uint64_t *words, int sets) {
        riichi_lanes x = riichi_combine_sse2(riichi_lanes_of(words[0]), riichi_lanes_of(words[1]));
        riichi_lanes y = riichi_combine_sse2(riichi_lanes_of(words[2]), riichi_lanes_of(words[3]));
        int16_t whole[8];
        _mm_storeu_si128((__m128i *)whole, riichi_combine_sse2(x, y).p1);
        return whole[sets];
    }
    #else
    #define riichi_join riichi_join_portable
    #define riichi_distance riichi_distance_portable
    #endif
    """
    int riichi_distance(const uint64_t* words, int sets) noexcept nogil
    void riichi_join(const int16_t* a, const int16_t* b, int16_t* out) noexcept nogil
    int riichi_distance_portable(const uint64_t* words, int sets) noexcept nogil

__all__ = [
    "shanten",
    "shanten_standard",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "waits",
    "waits_mask",
    "ukeire",
    "discard_analysis",
    "decompositions",
    "shanten_batch",
    "tiles_from_mask",
]

cdef enum:
    MAX_TILES = 14
    SUIT_ENTRIES = 405350
    HONOR_ENTRIES = 43130

cdef uint64_t ONE = 1
# Terminals and honours: 1m 9m 1p 9p 1s 9s E S W N White Green Red.
cdef uint64_t YAOCHUU = ((ONE << 0) | (ONE << 8) | (ONE << 9) | (ONE << 17) | (ONE << 18)
                         | (ONE << 26) | (((ONE << 7) - 1) << 27))
cdef uint64_t ALL_TILES = (ONE << 34) - 1
# Three-player mahjong has no 2m-8m.
cdef uint64_t SANMA_ABSENT = ((ONE << 7) - 1) << 1
cdef uint64_t SANMA_TILES = ALL_TILES & ~SANMA_ABSENT

# ---------------------------------------------------------------------------------------------------
# Tables

cdef const uint16_t* _suit_table = NULL
cdef const uint16_t* _honor_table = NULL
# The shanten-only path: distances alone, four bits each in one word per entry (3.6 MB instead of
# 8.9 MB, so more of it stays in cache), and no masks to carry.
cdef const uint64_t* _suit_dist = NULL
cdef const uint64_t* _honor_dist = NULL
# offset[position][tiles before it][count at it]: the lexicographic rank contributed by one position.
cdef int32_t _suit_offset[9][MAX_TILES + 1][5]
cdef int32_t _honor_offset[7][MAX_TILES + 1][5]
_tables = None  # keeps the table memory alive
# Three players' manzu, 1m and 9m alone: two kinds without runs, so 25 entries (rank 5 * 1m + 9m)
# in the tables' formats, worked out at import.  A pattern two kinds cannot hold (three sets, or
# two and the pair) is NO_PATTERN away, more than any hand's distance (at most 9), so a sharing
# that needs it is never the minimum.
cdef enum:
    SANMA_ENTRIES = 25
    NO_PATTERN = 15
cdef uint16_t _sanma_table[SANMA_ENTRIES * 10]
cdef uint64_t _sanma_dist[SANMA_ENTRIES]


cdef void _fill_offsets(int32_t* offset, int kinds) noexcept:
    # ways[j][t]: count vectors of j kinds (each 0..4) holding at most t tiles.
    cdef int32_t ways[10][MAX_TILES + 1]
    cdef int j, t, v, i, s, c
    cdef int32_t acc
    for t in range(MAX_TILES + 1):
        ways[0][t] = 1
    for j in range(1, kinds):
        for t in range(MAX_TILES + 1):
            acc = 0
            for v in range(min(4, t) + 1):
                acc += ways[j - 1][t - v]
            ways[j][t] = acc
    for i in range(kinds):
        for s in range(MAX_TILES + 1):
            acc = 0
            for c in range(5):
                offset[(i * (MAX_TILES + 1) + s) * 5 + c] = acc
                if s + c <= MAX_TILES:
                    acc += ways[kinds - 1 - i][MAX_TILES - s - c]


def _load_tables() -> None:
    global _tables, _suit_table, _honor_table, _suit_dist, _honor_dist
    path = os.path.join(os.path.dirname(__file__), "_shanten_tables.bin")
    magic = b"RIICHI-SHANTEN-TABLES-1\n"
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ImportError(f"riichi: cannot read the shanten tables {path!r} ({e}); "
                          "reinstall the package") from e
    header = len(magic) + 8
    sizes = np.frombuffer(data, dtype="<u4", count=2, offset=len(magic)) if len(data) >= header else None
    if (not data.startswith(magic) or sizes is None
            or tuple(sizes) != (SUIT_ENTRIES, HONOR_ENTRIES)
            or len(data) != header + 20 * (SUIT_ENTRIES + HONOR_ENTRIES)):
        raise ImportError(f"riichi: the shanten tables {path!r} are corrupt; reinstall the package")
    table = np.ascontiguousarray(np.frombuffer(data, dtype="<u2", offset=header), dtype=np.uint16)
    cdef const uint16_t[::1] view = table
    _suit_table = &view[0]
    _honor_table = &view[10 * SUIT_ENTRIES]
    distances = np.zeros(SUIT_ENTRIES + HONOR_ENTRIES, dtype=np.uint64)
    cdef uint64_t[::1] packed = distances
    cdef Py_ssize_t i
    cdef int j
    for i in range(SUIT_ENTRIES + HONOR_ENTRIES):
        for j in range(10):
            packed[i] |= (<uint64_t>(view[10 * i + j] & 15)) << (4 * j)
    _suit_dist = &packed[0]
    _honor_dist = &packed[SUIT_ENTRIES]
    _tables = (table, distances)
    _fill_offsets(&_suit_offset[0][0][0], 9)
    _fill_offsets(&_honor_offset[0][0][0], 7)


cdef int _sanma_distance(int ones, int nines, int sets, int pairs) noexcept:
    """Tiles to add to `ones` 1m and `nines` 9m for `sets` triplets and `pairs` pairs of them."""
    cdef int one_sets, one_pair, need_ones, need_nines, best = NO_PATTERN
    for one_sets in range(sets + 1):
        for one_pair in range(pairs + 1):
            need_ones = 3 * one_sets + 2 * one_pair
            need_nines = 3 * (sets - one_sets) + 2 * (pairs - one_pair)
            if need_ones <= 4 and need_nines <= 4:
                best = min(best, max(need_ones - ones, 0) + max(need_nines - nines, 0))
    return best


cdef void _fill_sanma_tables() noexcept:
    cdef int ones, nines, entry, d
    cdef uint16_t useful
    for ones in range(5):
        for nines in range(5):
            _sanma_dist[5 * ones + nines] = 0
            for entry in range(10):
                d = _sanma_distance(ones, nines, entry % 5, entry // 5)
                useful = 0
                if ones < 4 and _sanma_distance(ones + 1, nines, entry % 5, entry // 5) < d:
                    useful |= 1
                if nines < 4 and _sanma_distance(ones, nines + 1, entry % 5, entry // 5) < d:
                    useful |= 1 << 8
                _sanma_table[10 * (5 * ones + nines) + entry] = d | (useful << 4)
                _sanma_dist[5 * ones + nines] |= (<uint64_t>d) << (4 * entry)


_load_tables()
_fill_sanma_tables()


cdef inline int32_t _rank(const uint8_t* c, const int32_t* offset, int kinds) noexcept nogil:
    """Position of a suit's counts in its table: the lexicographic rank among vectors of <= 14."""
    cdef int32_t rank = 0
    cdef int s = 0, i
    for i in range(kinds):
        rank += offset[(i * (MAX_TILES + 1) + s) * 5 + c[i]]
        s += c[i]
    return rank


cdef inline int32_t _suit_rank(const uint8_t* c) noexcept nogil:
    return _rank(c, &_suit_offset[0][0][0], 9)


cdef inline int32_t _honor_rank(const uint8_t* c) noexcept nogil:
    return _rank(c, &_honor_offset[0][0][0], 7)


cdef inline int32_t _sanma_rank(const uint8_t* c) noexcept nogil:
    """Position of three players' manzu (1m and 9m only) in its table."""
    return 5 * c[0] + c[8]


# The tiles that lower a distance are only wanted for the few entries that reach the minimum, so a
# combination of suits keeps its distances (cheap) and works out an entry's useful tiles on demand,
# from the splits of its two parts that reach that entry's distance.

cdef inline void _leaf(Node* n, const uint8_t* counts, int suit, bint sanma) noexcept nogil:
    """A suit read from the table; its useful tiles are unpacked from the entry when asked for."""
    cdef int j
    if suit == 3:
        n.entry = _honor_table + 10 * _honor_rank(counts + 27)
    elif suit == 0 and sanma:
        n.entry = _sanma_table + 10 * _sanma_rank(counts)
    else:
        n.entry = _suit_table + 10 * _suit_rank(counts + 9 * suit)
    for j in range(5):
        n.dist[j] = n.entry[j] & 15
        n.dist[8 + j] = n.entry[5 + j] & 15
    for j in range(5, 8):
        n.dist[j] = n.dist[8 + j] = 99
    n.shift = 9 * suit
    n.a = NULL
    n.b = NULL


cdef inline void _join(Node* n, Node* a, Node* b) noexcept nogil:
    """The combination of two parts: distances now, useful tiles when asked for."""
    riichi_join(a.dist, b.dist, n.dist)
    n.known = 0
    n.a = a
    n.b = b


cdef inline int _dist(const Node* n, int entry) noexcept nogil:
    """Distance of entry pair * 5 + sets (stored in lanes: sets, or 8 + sets with the pair)."""
    return n.dist[entry + 3 * (entry >= 5)]


cdef uint64_t _useful(Node* n, int entry) noexcept nogil:
    """Tiles lowering entry (pair * 5 + sets) of n: the union over the splits that reach it."""
    if n.a == NULL:
        return (<uint64_t>(n.entry[entry] >> 4)) << n.shift
    if (n.known >> entry) & 1:
        return n.useful[entry]
    cdef int m = entry % 5, k, best = _dist(n, entry)
    cdef uint64_t u = 0
    for k in range(m + 1):
        if entry < 5:
            if n.a.dist[k] + n.b.dist[m - k] == best:
                u |= _useful(n.a, k) | _useful(n.b, m - k)
        else:
            if n.a.dist[8 + k] + n.b.dist[m - k] == best:
                u |= _useful(n.a, 5 + k) | _useful(n.b, m - k)
            if n.a.dist[k] + n.b.dist[8 + m - k] == best:
                u |= _useful(n.a, k) | _useful(n.b, 5 + m - k)
    n.useful[entry] = u
    n.known |= 1 << entry
    return u


cdef inline int _complete_dist(const Node* a, const Node* b, int sets) noexcept nogil:
    """Distance of `sets` sets and one pair shared between a and b."""
    cdef int k, best = 99
    for k in range(sets + 1):
        best = min(best, a.dist[8 + k] + b.dist[sets - k], a.dist[k] + b.dist[8 + sets - k])
    return best


cdef inline uint64_t _complete_useful(Node* a, Node* b, int sets, int best) noexcept nogil:
    """The tiles that lower the distance `best` (see _complete_dist) of a and b."""
    cdef int k
    cdef uint64_t u = 0
    for k in range(sets + 1):
        if a.dist[8 + k] + b.dist[sets - k] == best:
            u |= _useful(a, 5 + k) | _useful(b, sets - k)
        if a.dist[k] + b.dist[8 + sets - k] == best:
            u |= _useful(a, k) | _useful(b, 5 + sets - k)
    return u


cdef inline void _distance_words(const uint8_t* counts, uint64_t* words, bint sanma) noexcept nogil:
    words[0] = _sanma_dist[_sanma_rank(counts)] if sanma else _suit_dist[_suit_rank(counts)]
    words[1] = _suit_dist[_suit_rank(counts + 9)]
    words[2] = _suit_dist[_suit_rank(counts + 18)]
    words[3] = _honor_dist[_honor_rank(counts + 27)]


# ---------------------------------------------------------------------------------------------------
# Kernels

cdef int shanten_standard_k(const uint8_t* counts, int sets, bint sanma=False) noexcept nogil:
    cdef uint64_t words[4]
    _distance_words(counts, words, sanma)
    return riichi_distance(words, sets) - 1


cdef int shanten_standard_useful_k(const uint8_t* counts, int sets, uint64_t* useful,
                                   bint sanma=False) noexcept nogil:
    cdef Node v[4]
    cdef Node a, b
    cdef int suit
    for suit in range(4):
        _leaf(&v[suit], counts, suit, sanma)
    _join(&a, &v[0], &v[1])
    _join(&b, &v[2], &v[3])
    cdef int best = _complete_dist(&a, &b, sets)
    useful[0] = _complete_useful(&a, &b, sets, best)
    return best - 1


# The 34 counts read as five 8-byte words (tiles 0-7, 8-15, 16-23, 24-31, 26-33), one byte lane per
# tile: a lane mask keeps each tile once and picks the terminals and honours.  Built from byte
# arrays, so the lanes match the memory order on any endianness.
cdef uint64_t LANES = 0x0101010101010101
cdef int WORD_AT[5]
cdef uint64_t WORD_LANES[5]
cdef uint64_t WORD_BYTES[5]   # WORD_LANES widened to whole bytes
cdef uint64_t WORD_YAOCHUU[5]


cdef void _fill_lanes() noexcept:
    cdef uint8_t keep[8]
    cdef uint8_t yao[8]
    cdef int i, j, t
    for i in range(5):
        WORD_AT[i] = 8 * i if i < 4 else NUM_TYPES - 8
        for j in range(8):
            t = WORD_AT[i] + j
            keep[j] = 1 if i < 4 or t >= 32 else 0
            yao[j] = keep[j] if (YAOCHUU >> t) & 1 else 0
        memcpy(&WORD_LANES[i], keep, 8)
        WORD_BYTES[i] = WORD_LANES[i] * 0xFF
        memcpy(&WORD_YAOCHUU[i], yao, 8)


_fill_lanes()


cdef inline int _lane_sum(uint64_t lanes) noexcept nogil:
    return <int>((lanes * LANES) >> 56)


cdef uint64_t GATHER = 0x0102040810204080


cdef inline uint64_t _lane_bits(uint64_t lanes, int first) noexcept nogil:
    """The 0/1 byte lanes of the word at tile `first` as bits first .. first + 7 of a tile mask."""
    return ((lanes * GATHER) >> 56) << first


# Which tiles a hand holds once, at least twice, or not at all: all seven pairs and thirteen
# orphans need, and it can be updated for one discard without rescanning the hand.
cdef struct Pairs:
    int pairs          # kinds held at least twice
    int kinds          # kinds held at all
    uint64_t single    # held exactly once
    uint64_t missing   # not held


cdef inline Pairs _pairs_summary(const uint8_t* counts, uint64_t among) noexcept nogil:
    cdef Pairs r
    cdef int i
    cdef uint64_t w, held, twice, held_mask = 0, twice_mask = 0
    for i in range(5):
        memcpy(&w, counts + WORD_AT[i], 8)
        held = (w | (w >> 1) | (w >> 2)) & WORD_LANES[i]
        twice = ((w >> 1) | (w >> 2)) & WORD_LANES[i]
        held_mask |= _lane_bits(held, WORD_AT[i])
        twice_mask |= _lane_bits(twice, WORD_AT[i])
    held_mask &= among
    twice_mask &= among
    r.pairs = riichi_popcount64(twice_mask)
    r.kinds = riichi_popcount64(held_mask)
    r.single = held_mask & ~twice_mask
    r.missing = among & ~held_mask
    return r


cdef inline Pairs _pairs_after_discard(Pairs r, int held, int tile) noexcept nogil:
    """The summary once one of the `held` copies of `tile` (a tile it covers) is discarded."""
    cdef uint64_t bit = ONE << tile
    if held == 1:
        r.kinds -= 1
        r.single &= ~bit
        r.missing |= bit
    elif held == 2:
        r.pairs -= 1
        r.single |= bit
    return r


cdef inline int _chiitoitsu_shanten(int pairs, int kinds) noexcept nogil:
    # Seven different pairs: four of a kind is one pair, so a new kind is needed while kinds < 7.
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


cdef inline int _kokushi_shanten(int pairs, int kinds) noexcept nogil:
    return 13 - kinds - (pairs > 0)


cdef inline int _chiitoitsu(Pairs r, uint64_t* useful) noexcept nogil:
    useful[0] = r.single | (r.missing if r.kinds < 7 else 0)
    return _chiitoitsu_shanten(r.pairs, r.kinds)


cdef inline int _kokushi(Pairs r, uint64_t* useful) noexcept nogil:
    useful[0] = r.missing | (0 if r.pairs > 0 else r.single)
    return _kokushi_shanten(r.pairs, r.kinds)


cdef inline int _closed_forms_shanten(const uint8_t* c) noexcept nogil:
    """The better of seven pairs and thirteen orphans, counted eight tiles at a time."""
    cdef int i, pairs, kinds, yao_pairs, yao_kinds
    cdef uint64_t w, held, twice, all_held = 0, all_twice = 0, yao_held = 0, yao_twice = 0
    for i in range(5):
        memcpy(&w, c + WORD_AT[i], 8)
        # Counts are at most 4 (three bits): a lane is held if any bit is set, twice if bit 1 or 2 is.
        # The 0/1 lanes of the five words add up to at most 5 per lane, so they are summed once.
        held = (w | (w >> 1) | (w >> 2)) & WORD_LANES[i]
        twice = ((w >> 1) | (w >> 2)) & WORD_LANES[i]
        all_held += held
        all_twice += twice
        yao_held += held & WORD_YAOCHUU[i]
        yao_twice += twice & WORD_YAOCHUU[i]
    kinds = _lane_sum(all_held)
    pairs = _lane_sum(all_twice)
    yao_kinds = _lane_sum(yao_held)
    yao_pairs = _lane_sum(yao_twice)
    return min(_chiitoitsu_shanten(pairs, kinds), _kokushi_shanten(yao_pairs, yao_kinds))


cdef inline uint64_t _in_play(bint sanma) noexcept nogil:
    """The tile types of the game: seven pairs may draw any of them it does not hold."""
    return SANMA_TILES if sanma else ALL_TILES


cdef int shanten_chiitoitsu_k(const uint8_t* counts, uint64_t* useful, bint sanma=False) noexcept nogil:
    return _chiitoitsu(_pairs_summary(counts, _in_play(sanma)), useful)


cdef int shanten_kokushi_k(const uint8_t* counts, uint64_t* useful) noexcept nogil:
    return _kokushi(_pairs_summary(counts, YAOCHUU), useful)


cdef inline int _best_of(int s, uint64_t* useful, int other, uint64_t other_useful) noexcept nogil:
    """The better of two forms; the tiles of every form at the minimum lower the shanten."""
    if other < s:
        useful[0] = other_useful
        return other
    if other == s:
        useful[0] |= other_useful
    return s


cdef inline int _shanten_of(const uint8_t* counts, const uint64_t* words, int size) noexcept nogil:
    """Shanten given the hand's distance words (see _distance_words)."""
    cdef int s = riichi_distance(words, size // 3) - 1
    if size >= 13:
        s = min(s, _closed_forms_shanten(counts))
    return s


cdef int shanten_k(const uint8_t* counts, int size, bint sanma=False) noexcept nogil:
    cdef uint64_t words[4]
    _distance_words(counts, words, sanma)
    return _shanten_of(counts, words, size)


cdef int shanten_useful_k(const uint8_t* counts, int size, uint64_t* useful,
                          bint sanma=False) noexcept nogil:
    cdef int s = shanten_standard_useful_k(counts, size // 3, useful, sanma)
    cdef uint64_t u
    cdef int other
    if size >= 13:
        other = shanten_chiitoitsu_k(counts, &u, sanma)
        s = _best_of(s, useful, other, u)
        other = shanten_kokushi_k(counts, &u)
        s = _best_of(s, useful, other, u)
    return s


# The suited tiles (1m-9s), and those a shift of a suit's mask by one or two places would carry
# into the next suit (or out of the suits): shifted there, a tile has no neighbour.
cdef uint64_t SUITED = (ONE << 27) - 1
cdef uint64_t SUIT_FIRST = (ONE << 0) | (ONE << 9) | (ONE << 18)
cdef uint64_t SUIT_LAST = (ONE << 8) | (ONE << 17) | (ONE << 26)


cdef inline bint _two_loose(const uint8_t* counts, int size) noexcept nogil:
    """The hand holds two loose tiles (a single copy with no tile of its suit within two places,
    or a single honour) and is not all terminals and honours: no tile completes it. In a complete
    hand every tile but a pair's shares a set or pair with a neighbour, so taking one tile out
    leaves at most one tile loose (a single wait's partner), in the standard form as in seven
    pairs; thirteen orphans, whose tiles are all loose, is the only form left, and it takes
    thirteen terminals and honours. Most hands a table asks about are like this."""
    cdef Pairs r = _pairs_summary(counts, ALL_TILES)
    cdef uint64_t loose = _loose(r)
    if not loose & (loose - 1):  # at most one
        return False
    return size < 13 or (~r.missing & ALL_TILES & ~YAOCHUU) != 0


cdef inline uint64_t _loose(Pairs r) noexcept nogil:
    """The loose tiles of the hand summed up in `r`: the types held once with no tile of their
    suit within two places, and the honours held once. A set or pair of a complete hand holding
    one of them holds a tile the hand lacks."""
    cdef uint64_t held = ~r.missing & SUITED
    cdef uint64_t near = SUITED & (
        ((held << 1) & ~SUIT_FIRST) | ((held << 2) & ~(SUIT_FIRST | SUIT_FIRST << 1))
        | ((held >> 1) & ~SUIT_LAST) | ((held >> 2) & ~(SUIT_LAST | SUIT_LAST >> 1)))
    return r.single & ~near


cdef uint64_t waits_k(const uint8_t* counts, int size, bint sanma=False) noexcept nogil:
    """The waits of a 3n+1 hand, 0 if it is not tenpai: what shanten_useful_k gives at shanten
    0. Most hands asked are not tenpai: those with two loose tiles are told at once
    (_two_loose), and the useful tiles of the others, the costly part, are worked out only at
    shanten 0."""
    cdef Node v[4]
    cdef Node a, b
    cdef int suit, sets = size // 3, best, standard
    cdef uint64_t u = 0, form
    if _two_loose(counts, size):
        return 0
    for suit in range(4):
        _leaf(&v[suit], counts, suit, sanma)
    _join(&a, &v[0], &v[1])
    _join(&b, &v[2], &v[3])
    best = _complete_dist(&a, &b, sets)
    standard = best - 1
    if size >= 13:
        if min(standard, _closed_forms_shanten(counts)) != 0:
            return 0
        if shanten_chiitoitsu_k(counts, &form, sanma) == 0:
            u = form
        if shanten_kokushi_k(counts, &form) == 0:
            u |= form
    elif standard != 0:
        return 0
    if standard == 0:
        u |= _complete_useful(&a, &b, sets, best)
    return u


cdef struct Seen:
    uint64_t plane[3]   # bit t of plane j: bit j of the copies of tile t in the hand or visible


cdef inline Seen _seen(const uint8_t* counts, const uint8_t* visible) noexcept nogil:
    cdef Seen r
    cdef int i, j
    cdef uint64_t w, v
    r.plane[0] = 0
    r.plane[1] = 0
    r.plane[2] = 0
    for i in range(5):
        memcpy(&w, counts + WORD_AT[i], 8)
        if visible != NULL:
            # Lane sums stay within a byte: the hand and the visible tiles hold at most four.
            memcpy(&v, visible + WORD_AT[i], 8)
            w += v
        for j in range(3):
            r.plane[j] |= _lane_bits((w >> j) & WORD_LANES[i], WORD_AT[i])
    return r


cdef inline int _unseen(uint64_t tiles, const Seen* seen) noexcept nogil:
    """Copies of `tiles` neither in the hand nor visible: four each, less what the planes count."""
    return (4 * riichi_popcount64(tiles) - riichi_popcount64(tiles & seen.plane[0])
            - 2 * riichi_popcount64(tiles & seen.plane[1]) - 4 * riichi_popcount64(tiles & seen.plane[2]))


cdef int discard_analysis_k(const uint8_t* counts, int size, const uint8_t* visible,
                            uint64_t among, bint lowest_only, int64_t* out,
                            bint sanma=False) noexcept nogil:
    """Rows (discard, shanten, useful mask, unseen) for each distinct tile of the hand in `among`
    (a mask of tile types), in tile order; with `lowest_only`, only the rows of the lowest
    shanten among them. Returns the row count.

    The discarded copy counts as seen: it lies in the discarder's pond. A discard's shanten is
    cheap and its useful tiles are not, so every shanten comes first and the useful tiles only
    for the rows kept.
    """
    cdef uint8_t c[NUM_TYPES]
    cdef Node v[4]
    cdef Node others[4]
    cdef Node leaf[NUM_TYPES]           # each discard's suit without the discarded tile
    cdef int form[NUM_TYPES][3]         # each discard's shanten: standard, seven pairs, orphans
    cdef uint64_t form_useful[NUM_TYPES][2]
    cdef int tile[NUM_TYPES]
    cdef Node pair01, pair23
    cdef int sets = size // 3, t, suit, s, i, n = 0, rows = 0, lowest = 99
    cdef bint closed = size == 14
    cdef uint64_t u
    cdef Pairs chiitoi, kokushi
    memcpy(c, counts, NUM_TYPES)
    for suit in range(4):
        _leaf(&v[suit], c, suit, sanma)
    # Each suit's complement, from two pair combinations instead of four triple ones; the useful
    # tiles of their entries are worked out once, when the first discard needs them.
    _join(&pair01, &v[0], &v[1])
    _join(&pair23, &v[2], &v[3])
    _join(&others[0], &v[1], &pair23)
    _join(&others[1], &v[0], &pair23)
    _join(&others[2], &pair01, &v[3])
    _join(&others[3], &pair01, &v[2])
    if closed:
        chiitoi = _pairs_summary(c, _in_play(sanma))
        kokushi = _pairs_summary(c, YAOCHUU)
    for t in range(NUM_TYPES):
        if c[t] == 0 or not (among >> t) & 1:
            continue
        suit = t // 9
        c[t] -= 1
        _leaf(&leaf[n], c, suit, sanma)
        c[t] += 1
        form[n][0] = s = _complete_dist(&leaf[n], &others[suit], sets) - 1
        if closed:
            form[n][1] = _chiitoitsu(_pairs_after_discard(chiitoi, c[t], t), &form_useful[n][0])
            if (YAOCHUU >> t) & 1:
                form[n][2] = _kokushi(_pairs_after_discard(kokushi, c[t], t), &form_useful[n][1])
            else:
                form[n][2] = _kokushi(kokushi, &form_useful[n][1])
            s = min(s, form[n][1], form[n][2])
        tile[n] = t
        lowest = min(lowest, s)
        n += 1
    cdef Seen seen = _seen(counts, visible)
    for i in range(n):
        t = tile[i]
        s = form[i][0]
        if closed:
            s = min(s, form[i][1], form[i][2])
        if lowest_only and s > lowest:
            continue
        # the useful tiles of every form at the minimum lower the shanten
        u = 0
        if form[i][0] == s:
            u = _complete_useful(&leaf[i], &others[t // 9], sets, s + 1)
        if closed:
            if form[i][1] == s:
                u |= form_useful[i][0]
            if form[i][2] == s:
                u |= form_useful[i][1]
        out[4 * rows] = t
        out[4 * rows + 1] = s
        out[4 * rows + 2] = <int64_t>u
        out[4 * rows + 3] = _unseen(u, &seen)
        rows += 1
    return rows


# ---------------------------------------------------------------------------------------------------
# Decompositions of a complete hand

cdef int _read_sets(uint8_t* c, int tile, Decomposition* current, Decomposition* out,
                    int found) noexcept nogil:
    """Append every reading of c[tile:] as sets to out; returns the new count."""
    cdef int k, r, j
    while tile < NUM_TYPES and c[tile] == 0:
        tile += 1
    if tile == NUM_TYPES:
        if found < MAX_DECOMPOSITIONS:
            out[found] = current[0]
        return found + 1
    # The lowest tile left starts its sets: either one triplet and runs for the rest, or runs only.
    # Fixing the triplet first makes every reading come out once.
    cdef int held = c[tile]
    for k in range(2):
        if k == 1 and held < 3:
            break
        r = held - 3 * k
        if r > 0 and (tile >= 27 or tile % 9 > 6 or c[tile + 1] < r or c[tile + 2] < r):
            continue
        c[tile] = 0
        if r > 0:
            c[tile + 1] -= r
            c[tile + 2] -= r
        if k:
            current.triplets[current.n_triplets] = tile
            current.n_triplets += 1
        for j in range(r):
            current.runs[current.n_runs] = tile
            current.n_runs += 1
        found = _read_sets(c, tile + 1, current, out, found)
        current.n_runs -= r
        current.n_triplets -= k
        c[tile] = held
        if r > 0:
            c[tile + 1] += r
            c[tile + 2] += r
    return found


cdef int decompositions_k(const uint8_t* counts, Decomposition* out) noexcept nogil:
    """Every reading of a 3n+2 hand as a pair and sets (none if it has no standard reading)."""
    cdef uint8_t c[NUM_TYPES]
    cdef Decomposition current
    cdef int pair, found = 0
    memcpy(c, counts, NUM_TYPES)
    current.n_runs = 0
    current.n_triplets = 0
    for pair in range(NUM_TYPES):
        if c[pair] >= 2:
            c[pair] -= 2
            current.pair = pair
            found = _read_sets(c, 0, &current, out, found)
            c[pair] += 2
    return min(found, MAX_DECOMPOSITIONS)


# ---------------------------------------------------------------------------------------------------
# The Python face: input checks, then the kernels

_counts_from = None


def set_counts_converter(converter) -> None:
    """Register the function that turns other inputs (notation, lists) into counts.

    riichi.tiles sits above this module, so it hands its parser down instead of being imported.
    """
    global _counts_from
    _counts_from = converter


cdef inline const uint8_t* _raw_counts(object counts) noexcept:
    """A pointer to 34 counts held by `counts` itself, or NULL when it needs converting."""
    cdef cnp.ndarray a
    if cnp.PyArray_Check(counts):
        a = <cnp.ndarray>counts
        if (cnp.PyArray_TYPE(a) == cnp.NPY_UINT8 and cnp.PyArray_NDIM(a) == 1
                and cnp.PyArray_DIM(a, 0) == NUM_TYPES and cnp.PyArray_IS_C_CONTIGUOUS(a)):
            return <const uint8_t*>cnp.PyArray_DATA(a)
    elif PyBytes_CheckExact(counts):
        if PyBytes_GET_SIZE(counts) == NUM_TYPES:
            return <const uint8_t*>PyBytes_AS_STRING(counts)
    elif PyByteArray_CheckExact(counts):
        if PyByteArray_GET_SIZE(counts) == NUM_TYPES:
            return <const uint8_t*>PyByteArray_AS_STRING(counts)
    return NULL


cpdef bytes frozen_counts(bytearray counts):
    """``bytes(counts)``: an immutable copy of counts the table keeps as a bytearray, made at C
    level (the table hands a copy to a player at nearly every decision, and ``bytes()`` pays for
    a generic constructor's lookups first)."""
    return PyBytes_FromStringAndSize(PyByteArray_AS_STRING(counts), PyByteArray_GET_SIZE(counts))


cdef int _load(object counts, uint8_t* c) except -1:
    """Copy the 34 counts of `counts` into `c`.

    The kernels read the private copy only: a numpy array can be written by another thread without
    the GIL, and counts that changed between their check and their use would index outside the
    tables.  Copying 34 bytes costs a nanosecond or two.
    """
    cdef const uint8_t* raw = _raw_counts(counts)
    if raw == NULL:
        counts = _converted(counts)
        raw = _raw_counts(counts)
        if raw == NULL:
            raise InvalidHandError(f"expected 34 tile counts, got {_describe(counts)}")
    memcpy(c, raw, NUM_TYPES)
    return 0


cdef object _converted(object counts):
    if _counts_from is None:
        raise InvalidHandError(f"expected 34 tile counts as numpy.uint8, bytes or bytearray, "
                               f"got {_describe(counts)}")
    return _counts_from(counts)


cdef str _tile_name(int t):
    return f"{t % 9 + 1}{'mpsz'[t // 9]}"


cdef inline int _checked_size(const uint8_t* c) noexcept nogil:
    """The number of tiles of a legal hand; -1 for a fifth copy, -2 for an illegal size."""
    cdef int i, n = 0
    cdef uint64_t w, over = 0
    for i in range(5):
        memcpy(&w, c + WORD_AT[i], 8)
        w &= WORD_BYTES[i]
        # A lane of 5..127 reaches bit 7 when 123 is added; one of 128 or more has it already.
        over |= ((w + LANES * 0x7B) | w) & (LANES * 0x80)
        n += _lane_sum(w)
    if over:
        return -1
    if n > MAX_TILES or n % 3 == 0:
        return -2
    return n


cdef int _size(const uint8_t* c, str what, bint sanma=False) except -1:
    """The number of tiles, after checking the counts (and, for three players, that they hold no
    2m-8m); `what` prefixes the message."""
    cdef int t, n = _checked_size(c)
    if n == -1:
        for t in range(NUM_TYPES):
            if c[t] > 4:
                raise InvalidHandError(f"{what}count of {_tile_name(t)} is {c[t]}; "
                                       "a tile has four copies")
    if n == -2:
        raise InvalidHandError(f"{what}a hand has 3n+1 or 3n+2 tiles (1, 2, 4, 5, 7, 8, 10, 11, "
                               f"13 or 14), got {_tile_sum(c)}")
    if sanma:
        _check_in_play(c, f"{what}the hand holds")
    return n


cdef inline uint64_t _absent_held(const uint8_t* c) noexcept nogil:
    """Nonzero when the counts hold any of 2m-8m, which three-player mahjong lacks."""
    cdef uint64_t w
    memcpy(&w, c, 8)
    return w & (WORD_BYTES[0] & ~<uint64_t>0xFF)   # lanes 1-7 of the word of tiles 0-7


cdef int _check_in_play(const uint8_t* c, str what) except -1:
    cdef int t
    if _absent_held(c):
        for t in range(1, 8):
            if c[t]:
                raise InvalidHandError(f"{what} {_tile_name(t)}, which three-player mahjong does not "
                                       "have (it plays without 2m-8m)")
    return 0


# players= of every hand function: 4 (the default) and 2 play all 34 tile types, 3 plays without
# 2m-8m.  A Python int 4 or 3 is recognised by identity (CPython shares small ints), so neither
# call does Python-level work for it; anything else takes the checked path.
cdef object _FOUR = 4
cdef object _THREE = 3


cdef inline bint _sanma(object players) except -1:
    """Whether `players` means three-player mahjong; anything but 4, 3 or 2 is refused."""
    if players is _FOUR:
        return False
    if players is _THREE:
        return True
    return _sanma_checked(players)


cdef bint _sanma_checked(object players) except -1:
    if not isinstance(players, (bool, np.bool_)):
        try:
            count = operator.index(players)
        except TypeError:
            count = None
        if count == 3:
            return True
        if count == 4 or count == 2:
            return False
    raise InvalidRuleError(f"players is 4, 3 or 2 (two players use every tile, as four do), "
                           f"got {players!r}")


cdef inline int _table_counts(object counts, object players, uint8_t* c) noexcept:
    """The number of tiles of the 34 counts of a bytearray, four players' (as the table keeps each
    seat's hand), copied into `c`, where it has no fifth copy and a size a hand may have: what
    the checked path (_sanma, _load, _size) finds of them, without its lookups. 0 for any other
    input, which the checked path reads and refuses with its message."""
    if (players is not _FOUR or not PyByteArray_CheckExact(counts)
            or PyByteArray_GET_SIZE(counts) != NUM_TYPES):
        return 0
    memcpy(c, PyByteArray_AS_STRING(counts), NUM_TYPES)
    cdef int n = _checked_size(c)
    return n if n > 0 else 0


cdef int _closed_size(const uint8_t* c, str form) except -1:
    cdef int n = _size(c, "")
    if n < 13:
        raise InvalidHandError(f"{form} needs a closed hand of 13 or 14 tiles, got {n}")
    return n


cpdef int shanten(object counts, object players=4) except -2:
    """Shanten of a hand: tiles short of tenpai (0), -1 for a complete hand.

    The minimum over the standard form (sets and a pair, less one set per open meld implied by the
    size), seven pairs and thirteen orphans (those two only for 13 or 14 closed tiles).  A wait on a
    tile the hand holds all four of does not count.

    ``players`` is 4, 3 or 2: three-player mahjong plays without 2m-8m, so 1m and 9m form no runs
    (a hand holding 2m-8m is refused); two players use every tile, as four do.

    >>> shanten("123m456p789s1122z"), shanten("123456789m1111p"), shanten("123m456p789s11222z")
    (0, 1, -1)
    >>> shanten("1111m111122233z"), shanten("1111m111122233z", players=3)
    (1, 2)
    """
    cdef uint8_t c[NUM_TYPES]
    cdef int n = _table_counts(counts, players, c)
    if n:  # the table's own counts, at nearly every turn
        return shanten_k(c, n, False)
    cdef bint sanma = _sanma(players)
    _load(counts, c)
    return shanten_k(c, _size(c, "", sanma), sanma)


cpdef bint tenpai_or_complete(object counts) except -1:
    """``shanten(counts) <= 0`` for a 3n+2 hand of four players' tiles: complete, or tenpai once
    it discards (the table asks it of every closed hand on its turn, for riichi).

    Most hands are told at once: a hand with three loose tiles (single copies with no tile of
    their suit within two places, single honours) is neither. A complete hand one tile away keeps
    every tile of it but one and lacks one, and a loose tile it keeps needs a tile the hand lacks
    in its set or pair: at most one loose tile is kept and one discarded. Thirteen orphans, whose
    tiles are all loose, is the only form such a hand may still be tenpai in.

    >>> tenpai_or_complete("159m159p159s12345z"), tenpai_or_complete("179m19p19s1234567z")
    (False, True)
    >>> tenpai_or_complete("123456789m11234p"), tenpai_or_complete("123456789m11236p")
    (True, True)
    """
    cdef uint8_t c[NUM_TYPES]
    cdef uint64_t unused, simples
    cdef Pairs r
    cdef int n = _table_counts(counts, _FOUR, c)
    if n % 3 != 2:  # not the table's 3n+2 counts: the checked path
        return shanten(counts) <= 0
    r = _pairs_summary(c, ALL_TILES)
    if riichi_popcount64(_loose(r)) >= 3:
        # thirteen orphans tenpai holds at most one tile of 2-8, most hands two kinds of them
        simples = ~r.missing & ALL_TILES & ~YAOCHUU
        return (n == MAX_TILES and not simples & (simples - 1)
                and shanten_kokushi_k(c, &unused) <= 0)
    return shanten_k(c, n, False) <= 0


def shanten_standard(counts, players=4) -> int:
    """Shanten of the standard form (sets and a pair) alone; ``players`` as for :func:`shanten`.

    >>> shanten_standard("22m55m33p77p44s66s88s")   # seven pairs, but far from four sets
    3
    """
    cdef uint8_t c[NUM_TYPES]
    cdef bint sanma = _sanma(players)
    _load(counts, c)
    return shanten_standard_k(c, _size(c, "", sanma) // 3, sanma)


def shanten_chiitoitsu(counts) -> int:
    """Shanten of seven pairs (seven different pairs; four of a kind is one pair).

    >>> shanten_chiitoitsu("22m55m33p77p44s66s8s"), shanten_chiitoitsu("2222m55m33p77p44s6s")
    (0, 2)
    """
    cdef uint8_t c[NUM_TYPES]
    _load(counts, c)
    cdef uint64_t unused
    _closed_size(c, "seven pairs")
    return shanten_chiitoitsu_k(c, &unused)


cpdef int shanten_kokushi(object counts) except -2:
    """Shanten of thirteen orphans.

    >>> shanten_kokushi("19m19p19s1234567z")
    0
    """
    cdef uint8_t c[NUM_TYPES]
    _load(counts, c)
    cdef uint64_t unused
    _closed_size(c, "thirteen orphans")
    return shanten_kokushi_k(c, &unused)


cdef list _mask_tiles(uint64_t mask):
    cdef list tiles = []
    while mask:
        tiles.append(riichi_ctz64(mask))
        mask &= mask - 1
    return tiles


def tiles_from_mask(mask) -> list:
    """The tile types whose bits are set in a 34-bit mask, in order.

    >>> tiles_from_mask(0b101)
    [0, 2]
    """
    if isinstance(mask, (bool, np.bool_)):
        raise WrongTypeError(f"a tile mask is an int, got the bool {mask!r}")
    try:
        m = operator.index(mask)
    except TypeError:
        raise WrongTypeError(f"a tile mask is an int, got {type(mask).__name__}") from None
    if m < 0 or m >> NUM_TYPES:
        raise InvalidHandError(f"a tile mask has bits 0-33 only, got {mask!r}")
    return _mask_tiles(<uint64_t>m)


cdef int _waiting_size(const uint8_t* c, bint sanma) except -1:
    cdef int n = _size(c, "", sanma)
    if n % 3 != 1:  # 3n+2 (_size refuses the other sizes)
        raise InvalidHandError(
            f"expected a hand of 3n+1 tiles (one tile short of a win), got {n}: a hand after its "
            "draw discards first; discard_analysis gives the waits and ukeire after each discard"
        )
    return n


def waits(counts, players=4) -> list:
    """The tile types that complete a 3n+1 hand, in order; ``[]`` if it is not tenpai.

    ``players`` as for :func:`shanten`: with three, 2m-8m are never waits.

    >>> waits("1112345678999m")
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    >>> waits("123456789m1111p")   # its only wait is a fifth 1p
    []
    >>> waits("11m99m123p456s777z"), waits("11m99m123p456s777z", players=3)
    ([0, 8], [0, 8])
    """
    return _mask_tiles(waits_mask(counts, players))


cpdef uint64_t waits_mask(object counts, object players=4) except 0xFFFFFFFFFFFFFFFF:
    """The waits of a 3n+1 hand as a bit mask over tile types (bit ``t`` for type ``t``); ``0`` if
    it is not tenpai. The same answer as :func:`waits`, in the form a table tests bits of: the
    game asks it after every discard, from C when the caller is compiled.

    >>> waits_mask("1112345678999m") == 0b111111111, waits_mask("123456789m1111p")
    (True, 0)
    """
    cdef uint8_t c[NUM_TYPES]
    cdef int n = _table_counts(counts, players, c)
    if n % 3 == 1:  # the table's own counts, after nearly every discard
        return waits_k(c, n, False)
    cdef bint sanma = _sanma(players)
    _load(counts, c)
    return waits_k(c, _waiting_size(c, sanma), sanma)


cdef const uint8_t* _visible(object visible, const uint8_t* hand, uint8_t* v,
                             bint sanma) except? NULL:
    """`v` filled with the checked visible counts, or NULL for None."""
    if visible is None:
        return NULL
    _load(visible, v)
    if sanma:
        _check_in_play(v, "visible holds")
    cdef int t
    for t in range(NUM_TYPES):
        if hand[t] + v[t] > 4:
            raise InvalidHandError(f"{hand[t]} {_tile_name(t)} in the hand and {v[t]} visible: "
                                   "a tile has four copies")
    return v


def ukeire(counts, visible=None, players=4) -> tuple:
    """Tile acceptance of a 3n+1 hand: the tile types that lower its shanten, and their unseen copies.

    ``visible`` (optional counts) are tiles seen outside the hand: discards, melds, dora indicators.
    ``players`` as for :func:`shanten`: with three, 2m-8m are never drawn (nor visible).

    >>> ukeire("123m456p789s1123z")   # East: 2 unseen, South and West: 3 each
    ([27, 28, 29], 8)
    >>> ukeire("19m19p19s1234566z", players=3)   # thirteen orphans: only Red is missing
    ([33], 4)
    """
    cdef uint8_t c[NUM_TYPES]
    cdef bint sanma = _sanma(players)
    _load(counts, c)
    cdef uint64_t useful
    cdef uint8_t seen_counts[NUM_TYPES]
    cdef int n = _waiting_size(c, sanma)
    cdef const uint8_t* v = _visible(visible, c, seen_counts, sanma)
    cdef Seen seen = _seen(c, v)
    shanten_useful_k(c, n, &useful, sanma)
    return _mask_tiles(useful), _unseen(useful, &seen)


def discard_analysis(counts, visible=None, players=4):
    """What each discard of a 3n+2 hand leaves, in one call.

    Returns an ``int64`` array with one row per distinct tile type in the hand, in tile order:
    ``(discard, shanten after it, ukeire mask, unseen copies of the ukeire tiles)``.  Bit ``t`` of
    the mask is set when tile type ``t`` lowers the shanten; :func:`tiles_from_mask` lists them.  The
    discarded copy counts as seen (it lies in the pond), as do ``visible`` tiles.  ``players`` as
    for :func:`shanten`: with three, 2m-8m are never drawn (nor visible).

    >>> rows = discard_analysis("123m456p789s11223z")
    >>> [(int(t), int(s), tiles_from_mask(int(m)), int(n)) for t, s, m, n in rows if t in (0, 29)]
    [(0, 1, [0, 3, 27, 28], 11), (29, 0, [27, 28], 4)]
    """
    cdef uint8_t c[NUM_TYPES]
    cdef bint sanma = _sanma(players)
    _load(counts, c)
    cdef uint8_t seen_counts[NUM_TYPES]
    cdef cnp.npy_intp dims[2]
    cdef int n = _size(c, "", sanma)
    if n % 3 != 2:
        raise InvalidHandError(f"expected a hand of 3n+2 tiles (after a draw), got {n}")
    cdef const uint8_t* v = _visible(visible, c, seen_counts, sanma)
    cdef int64_t rows[NUM_TYPES * 4]
    cdef int k = discard_analysis_k(c, n, v, ALL_TILES, False, rows, sanma)
    dims[0] = k
    dims[1] = 4
    cdef cnp.ndarray out = cnp.PyArray_SimpleNew(2, dims, cnp.NPY_INT64)
    memcpy(cnp.PyArray_DATA(out), rows, k * 4 * sizeof(int64_t))
    return out


def decompositions(counts) -> list:
    """Every reading of a complete 3n+2 hand as ``(pair, run starts, triplets)``; ``[]`` if none.

    Runs are given by their lowest tile.  Seven pairs and thirteen orphans are recognised by
    :func:`shanten_chiitoitsu` and :func:`shanten_kokushi` returning -1.

    >>> decompositions("111222333m55p789s")
    [(13, (0, 0, 0, 24), ()), (13, (24,), (0, 1, 2))]
    """
    cdef uint8_t c[NUM_TYPES]
    _load(counts, c)
    cdef Decomposition found[MAX_DECOMPOSITIONS]
    cdef Decomposition* r
    cdef int k, i, j, n
    cdef list result = []
    n = _size(c, "")
    if n % 3 != 2:
        raise InvalidHandError(f"expected a hand of 3n+2 tiles (a finished hand), got {n}")
    if shanten_standard_k(c, n // 3) != -1:
        return []
    k = decompositions_k(c, found)
    for i in range(k):
        r = &found[i]
        runs = [r.runs[j] for j in range(r.n_runs)]
        triplets = [r.triplets[j] for j in range(r.n_triplets)]
        result.append((r.pair, tuple(runs), tuple(triplets)))
    return result


def _shanten_standard_portable(counts) -> int:
    """The standard-form shanten through the portable kernel (tests compare it with the fast one)."""
    cdef uint8_t c[NUM_TYPES]
    _load(counts, c)
    cdef uint64_t words[4]
    cdef int sets = _size(c, "") // 3
    _distance_words(c, words, False)
    return riichi_distance_portable(words, sets) - 1


# shanten_batch copies the rows it reads into a private double buffer, a chunk at a time: copying
# row by row right before reading it would stall on store forwarding (the checks read words that
# straddle the copy's stores).
cdef enum:
    CHUNK = 64


cdef inline const uint8_t* _batch_row(const uint8_t* hands, Py_ssize_t count, Py_ssize_t i,
                                      uint8_t* buffer) noexcept nogil:
    """Row i of the batch in the private buffer (2 * CHUNK rows), copying its chunk on its first row."""
    cdef uint8_t* chunk = buffer + ((i // CHUNK) & 1) * CHUNK * NUM_TYPES
    if i % CHUNK == 0:
        memcpy(chunk, hands + i * NUM_TYPES, min(CHUNK, count - i) * NUM_TYPES)
    return chunk + (i % CHUNK) * NUM_TYPES


cdef inline int _take_row(const uint8_t* row, uint64_t* words, bint sanma) noexcept nogil:
    """The size of a private row after checking it, and its table words; a negative number if the
    row is no legal hand."""
    cdef int n = _checked_size(row)
    if sanma and _absent_held(row):
        n = -3
    if n >= 0:
        _distance_words(row, words, sanma)
    return n


def shanten_batch(hands, out=None, players=4):
    """Shanten of every row of a C-contiguous ``uint8`` array of shape ``(N, 34)``, without the GIL.

    Returns ``out`` (an ``int8`` array of length ``N``, allocated when not given), which must not
    share memory with ``hands``.  The kernel checks and reads a private copy of each row, so another
    thread writing into ``hands`` during the call cannot make it read outside its tables; a bad row
    raises :class:`~riichi.errors.InvalidHandError` naming it, with ``out`` as it was before the call;
    an ``out`` that cannot take the results raises :class:`~riichi.errors.OutputArrayError`.
    ``players`` as for :func:`shanten`.

    >>> import numpy as np
    >>> from riichi.tiles import parse_counts
    >>> shanten_batch(np.stack([parse_counts("123m456p789s1122z"), parse_counts("19m19p19s1234567z")]))
    array([0, 0], dtype=int8)
    """
    cdef bint sanma = _sanma(players)
    expected = "expected a C-contiguous numpy.uint8 array of shape (N, 34)"
    if hands is None:
        raise WrongTypeError(f"{expected}, got None")
    if isinstance(hands, np.ndarray) and hands.dtype != np.uint8:
        # A bool array would pass as bytes; shanten() refuses it too.
        raise InvalidHandError(f"{expected}, got {_describe(hands)}")
    cdef const uint8_t[:, ::1] h
    try:
        h = hands
    except (TypeError, ValueError) as e:
        raise InvalidHandError(f"{expected}, got {_describe(hands, layout=True)}") from e
    if h.shape[1] != NUM_TYPES:
        raise InvalidHandError(f"{expected}, got shape ({h.shape[0]}, {h.shape[1]})")
    cdef Py_ssize_t count = h.shape[0], i, bad = -1
    cdef bint given = out is not None
    if not given:
        out = np.empty(count, dtype=np.int8)
    wanted = f"out must be a writable numpy.int8 array of shape ({count},)"
    if isinstance(out, np.ndarray) and out.dtype != np.int8:
        raise OutputArrayError(f"{wanted}, got {_describe(out)}")
    cdef int8_t[::1] o
    try:
        o = out
    except (TypeError, ValueError) as e:
        raise OutputArrayError(f"{wanted}, got {_describe(out, layout=True, writing=True)}") from e
    if o.shape[0] != count:
        raise OutputArrayError(f"out must have shape ({count},), got ({o.shape[0]},)")
    if count and _overlap(&h[0, 0], count * NUM_TYPES, &o[0], count):
        raise OutputArrayError("out shares memory with hands: the results would overwrite the "
                               "hands being read; pass a separate array")
    # A bad row stops the loop; the caller's `out` is then put back as it was.
    cdef int8_t* saved = NULL
    if given and count:
        saved = <int8_t*>malloc(count)
        if saved == NULL:
            raise MemoryError()
        memcpy(saved, &o[0], count)
    cdef uint8_t buffer[2 * CHUNK * NUM_TYPES]
    cdef const uint8_t* rows[2]
    cdef uint64_t words[2][4]
    cdef int sizes[2]
    cdef const uint8_t* source = &h[0, 0] if count else NULL
    try:
        with nogil:
            # The table words of the next hand are fetched while this one is combined: the table
            # does not fit in the fast caches, and the loads are most of a hand's latency.
            if count:
                rows[0] = _batch_row(source, count, 0, buffer)
                sizes[0] = _take_row(rows[0], words[0], sanma)
            for i in range(count):
                if sizes[i & 1] < 0:
                    bad = i
                    break
                if i + 1 < count:
                    rows[(i + 1) & 1] = _batch_row(source, count, i + 1, buffer)
                    sizes[(i + 1) & 1] = _take_row(rows[(i + 1) & 1], words[(i + 1) & 1], sanma)
                o[i] = _shanten_of(rows[i & 1], words[i & 1], sizes[i & 1])
            if bad >= 0 and saved != NULL:
                memcpy(&o[0], saved, count)
    finally:
        free(saved)
    if bad >= 0:
        _size(rows[bad & 1], f"row {bad}: ", sanma)
    return out


cdef inline bint _overlap(const void* a, Py_ssize_t a_size, const void* b, Py_ssize_t b_size) noexcept:
    cdef const char* x = <const char*>a
    cdef const char* y = <const char*>b
    return x < y + b_size and y < x + a_size


cdef inline int _tile_sum(const uint8_t* c) noexcept nogil:
    cdef int t, n = 0
    for t in range(NUM_TYPES):
        n += c[t]
    return n


def _describe(x, bint layout=False, bint writing=False) -> str:
    """``x`` as an error shows it; with ``layout`` (and ``writing``) an array whose dtype and shape
    are right is refused for its memory (or for being read-only), which must then be said."""
    if isinstance(x, np.ndarray):
        flaws = [""]
        if layout and not x.flags.c_contiguous:
            flaws.append("not C-contiguous")
        if writing and not x.flags.writeable:
            flaws.append("read-only")
        return f"an array of dtype {x.dtype} and shape {x.shape}" + ", ".join(flaws)
    return f"{type(x).__name__}"
