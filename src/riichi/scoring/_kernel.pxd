# What every step of the scoring kernel shares: the hand as read, its readings, the feature bits,
# the tile classes and the small helpers each step inlines. The steps are modules of their own,
# each with a .pxd of the functions the others call (C calls, no Python in between):
#   _rules     RuleTable, what a RuleSet is worth to the kernel, and the cache of tables
#   _input     reading a hand in any form score_hand takes into a Hand
#   _readings  the readings of a Hand (decomposition and wait)
#   _features  the yaku features of a hand and of a reading, as bit masks
#   _fu        the fu of a reading
#   _limits    limits and payments: basic points, the shares of a hand
#   _results   the HandResult of the best reading, and the hand in notation for messages
#   _kernel    score_hand: the best reading, and the public face of all of them
from libc.stdint cimport uint8_t, uint64_t

# Ordinary yaku features, bit = position in ORDINARY (riichi.scoring._features, which names them; a
# test checks that the two lists and riichi.scoring.yaku agree, name for name and in order).
# F_CHIITOITSU to F_SANSHOKU_DOUKOU depend on the reading; the others on the hand and the situation
# alone (computed once per hand).
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

# How the winning tile completed its set, in the order of WAITS (riichi.scoring._readings).
cdef enum:
    W_RYANMEN, W_KANCHAN, W_PENCHAN, W_TANKI, W_SHANPON, W_KOKUSHI, W_KOKUSHI_13

cdef enum:
    SHAPE_STANDARD, SHAPE_CHIITOITSU, SHAPE_KOKUSHI

# RuleSet.renhou, in the order of riichi.scoring.rule_values.RENHOU_MODES.
cdef enum:
    RENHOU_NONE, RENHOU_STANDALONE, RENHOU_CUMULATIVE, RENHOU_YAKUMAN

# RuleSet.tsumo_payment, in the order of riichi.scoring.rule_values.TSUMO_PAYMENTS.
cdef enum:
    TP_SHARED, TP_NORTH_BISECTION, TP_ABSENT_TOO, TP_AS_RON

# The limit of a hand, in the order of _LIMIT_NAMES (riichi.scoring._limits).
cdef enum:
    L_NONE, L_MANGAN, L_HANEMAN, L_BAIMAN, L_SANBAIMAN, L_KAZOE, L_YAKUMAN

# What a candidate's features are: ordinary yaku, yakuman, or renhou as a mangan on its own.
cdef enum:
    K_ORDINARY, K_YAKUMAN, K_RENHOU_ONLY

cdef enum:
    MAX_WAITS = 5             # a pair, three kinds of run wait and a triplet
    MANGAN = 2000
    YAKUMAN_BASIC = 8000      # basic points of each yakuman counted

# Tile classes as masks of tile types: constants of the C each module is compiled to.
cdef extern from *:
    """
    #define RIICHI_HONOR_MASK (((1ULL << 34) - 1) ^ ((1ULL << 27) - 1))
    #define RIICHI_TERMINAL_MASK ((1ULL << 0) | (1ULL << 8) | (1ULL << 9) | (1ULL << 17) | (1ULL << 18) | (1ULL << 26))
    """
    const uint64_t HONOR_MASK "RIICHI_HONOR_MASK"
    const uint64_t TERMINAL_MASK "RIICHI_TERMINAL_MASK"
    const uint64_t TERMINAL_OR_HONOR_MASK "(RIICHI_TERMINAL_MASK | RIICHI_HONOR_MASK)"
    const uint64_t MANZU_2_TO_8_MASK "(((1ULL << 8) - 1) ^ 1ULL)"

cdef enum:
    EAST = 27                 # the tile type of the dealer's wind: seat winds count from it
    NORTH = 30                # the tile type three players set aside (kita)

# A winning hand and the situation of its win, read and checked by riichi.scoring._input. Counters
# and sticks stay Python ints beside it (arithmetic on them never overflows), the melds Meld objects.
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
    int kans, aka, dora, ura, kita, seat, rnd
    bint tsumo, is_dealer, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei
    bint tenhou, chiihou, renhou

# One reading of a hand: its sets and pair, and the wait the winning tile completed.
cdef struct Reading:
    int shape, pair, wait, n_runs, n_triplets, concealed_triplets
    int runs[4]               # every run, melds included, sorted
    int triplets[4]           # the hand's triplets, then the melds'
    uint8_t concealed[4]      # a triplet completed by a ron is open
    uint8_t kan[4]

# One reading priced: what the best reading is chosen by, and what its result is built from.
cdef struct Candidate:
    int points, han, fu, basic, limit, yakuman, kind
    uint64_t features         # ordinary or yakuman bits, as ``kind`` says
    bint pinfu
    int reading


cdef inline uint64_t bit(int feature) noexcept nogil:
    """The mask of one feature (or tile type)."""
    return <uint64_t>1 << feature


cdef inline bint has(uint64_t mask, int tile) noexcept nogil:
    return (mask >> tile) & 1
