"""The scorer's kernel: the features of every reading of a winning hand, priced by a rule table.

:func:`score_hand` reads a hand, in any form it takes, into C arrays (checking it once;
:func:`riichi.scoring.bad_input.explain` names what is wrong with input it refuses), enumerates its
readings (decomposition into sets and a pair, and the set the winning tile completed), extracts
each reading's features as bit masks in the order the yaku are reported, prices them with the
table, keeps the reading paying most (then a yakuman over a counted one, then most han, then most
fu; the first on a tie) and builds its :class:`~riichi.scoring.result.HandResult`. Doing all of it
in C is what makes a hand cost a few microseconds, from notation as from 136-ids.

Each step is a module of its own, sharing the declarations of ``_kernel.pxd`` and calling one
another in C: :mod:`~riichi.scoring._input` (reading the input),
:mod:`~riichi.scoring._readings`, :mod:`~riichi.scoring._features`, :mod:`~riichi.scoring._fu`,
:mod:`~riichi.scoring._limits` (limits and payments), :mod:`~riichi.scoring._results` and
:mod:`~riichi.scoring._rules` (the rule table and its cache). This module chooses the best reading
and is the face of all of them.

The rules stay in Python: :mod:`riichi.scoring.rule_values` says how each field of a
:class:`RuleTable` (which features make which yaku for how many han, which yakuman count double,
fu and limit variants, counter payments) is read off a :class:`~riichi.rules.RuleSet`. The kernel
owns the two-han minimum, which ura dora count, the limits and the payment arithmetic
(:func:`hand_shares`); :func:`riichi.scoring.settle` owns counters, sticks, multiple ron and pao.
It imports nothing above the scoring package.

The feature names are the yaku names, in the order they appear in a result:

>>> ORDINARY[:5], YAKUMAN[-3:]
(('riichi', 'double_riichi', 'ippatsu', 'menzen_tsumo', 'tanyao'), ('suuankou', 'suuankou_tanki', 'renhou'))
"""

from libc.stdint cimport uint64_t
from libc.string cimport memset

from riichi._core cimport MAX_DECOMPOSITIONS
from riichi.scoring._features cimport (
    hand_features, hand_yakuman, is_pinfu, reading_features, reading_yakuman,
)
from riichi.scoring._fu cimport fu
from riichi.scoring._input cimport bools, names_red, plain, read_hand
from riichi.scoring._limits cimport basic_points, hand_points
from riichi.scoring._readings cimport readings
from riichi.scoring._results cimport hand_text, result
# cimported under another name: the Python name RuleTable is the class this module exports
from riichi.scoring._rules cimport RuleTable as Table, _table_for

from collections.abc import Iterable

from riichi.errors import InvalidHandError, NoYakuError, NotAWinError, quoted
from riichi.scoring._features import ORDINARY, YAKUMAN
from riichi.scoring._limits import (
    BASIC_LIMIT, BASIC_PER_YAKUMAN, MANGAN_BASIC, MAX_FU, YAKUMAN_LIMIT_NAMES, hand_shares,
    hand_value, north_half, tsumo_split,
)
from riichi.scoring._readings import WAITS
from riichi.scoring._rules import RuleTable, table_for
from riichi.scoring.bad_input import explain

__all__ = [
    "BASIC_LIMIT", "BASIC_PER_YAKUMAN", "MANGAN_BASIC", "MAX_FU", "ORDINARY", "YAKUMAN", "WAITS",
    "YAKUMAN_LIMIT_NAMES", "RuleTable",
    "hand_shares", "hand_value", "north_half", "score_hand", "table_for", "tsumo_split",
]


cdef inline void _consider(Candidate* best, Candidate* c) noexcept nogil:
    """Keep ``c`` if it pays more than ``best``; of equal pay, a yakuman over a counted one
    (four concealed triplets rather than 13 han of the same tiles read as runs), then more han,
    then more fu."""
    if best.reading < 0 or c.points > best.points:
        best[0] = c[0]
    elif c.points == best.points and (
            c.yakuman > best.yakuman
            or (c.yakuman == best.yakuman
                and (c.han > best.han or (c.han == best.han and c.fu > best.fu)))):
        best[0] = c[0]


cdef int _han_of(Table table, bint is_open, uint64_t features) noexcept:
    cdef int i, han = 0
    for i in range(NUM_ORDINARY):
        if features >> i & 1:
            han += table.han[is_open][i]
    return han


cdef object _score(Hand* d, tuple melds, object honba, object sticks, Table table):
    """The :class:`~riichi.scoring.result.HandResult` of the hand's best reading under ``table``;
    :class:`~riichi.errors.NotAWinError` for an incomplete hand, and
    :class:`~riichi.errors.NoYakuError` for a complete hand without yaku."""
    cdef Reading found[MAX_DECOMPOSITIONS * MAX_WAITS + 1]
    cdef Reading* r
    cdef Candidate best, c
    cdef int n, i, k, yaku_han, top
    cdef bint is_open = not d.is_closed
    cdef uint64_t of_hand, hand_yakuman_bits, yakuman
    n = readings(d, found)
    if n == 0:
        raise NotAWinError(
            hand_text(d, melds) + " is not a complete hand (four sets and a pair, seven pairs or thirteen orphans)")
    of_hand = hand_features(d, table.haitei_on_rinshan,
                            table.renhou == RENHOU_CUMULATIVE) & table.valid[is_open]
    hand_yakuman_bits = hand_yakuman(d, table.renhou == RENHOU_YAKUMAN)
    best.reading = -1
    for i in range(n):
        r = &found[i]
        c.reading = i
        c.pinfu = is_pinfu(d, r)
        c.fu = fu(d, table, r, c.pinfu)
        yakuman = hand_yakuman_bits | reading_yakuman(r)
        if yakuman:
            if not table.stacking:
                # Only the most valuable yakuman counts (the first of equals).
                top = -1
                for k in range(NUM_YAKUMAN):
                    if yakuman >> k & 1 and (top < 0 or table.yakuman_han[k] > table.yakuman_han[top]):
                        top = k
                yakuman = bit(top)
            c.han = 0
            for k in range(NUM_YAKUMAN):
                if yakuman >> k & 1:
                    c.han += table.yakuman_han[k]
            c.kind, c.features, c.yakuman = K_YAKUMAN, yakuman, c.han // 13
            c.basic = basic_points(c.han, c.fu, c.yakuman, table, &c.limit)
            c.points = hand_points(c.basic, d, table)
            _consider(&best, &c)
            continue
        c.features = of_hand | (reading_features(d, r, c.pinfu) & table.valid[is_open])
        yaku_han = _han_of(table, is_open, c.features)
        if yaku_han and not (table.shibari >= 0 and yaku_han < 2 and honba >= table.shibari):
            c.han = yaku_han + d.dora + (d.aka if table.red_fives else 0) + d.ura + d.kita
            c.kind, c.yakuman = K_ORDINARY, 0
            c.basic = basic_points(c.han, c.fu, 0, table, &c.limit)
            c.points = hand_points(c.basic, d, table)
            _consider(&best, &c)
        if d.renhou and table.renhou == RENHOU_STANDALONE:
            # Renhou is a mangan on its own, with no other yaku or dora; the hand keeps the better.
            c.han, c.kind, c.yakuman, c.features = table.han[0][F_RENHOU], K_RENHOU_ONLY, 0, 0
            c.basic = basic_points(c.han, c.fu, 0, table, &c.limit)
            c.points = hand_points(c.basic, d, table)
            _consider(&best, &c)
    if best.reading < 0:
        note = ""
        if table.shibari >= 0 and honba >= table.shibari:
            note = f"; with {honba} counters the rules need two han of yaku"
        raise NoYakuError(
            hand_text(d, melds) + " is complete but has no yaku (dora are not yaku)" + note)
    return result(d, honba, sticks, table, &best, &found[best.reading])


def score_hand(concealed, win_tile, melds=(), *, tsumo, seat_wind, round_wind,
               dora_indicators=(), ura_indicators=(), riichi=False, double_riichi=False,
               ippatsu=False, rinshan=False, chankan=False, haitei=False, houtei=False,
               tenhou=False, chiihou=False, renhou=False, honba=0, riichi_sticks=0, kita=0,
               rules="ema"):
    """Score a winning hand.

    ``concealed``: the concealed tiles before the win (notation, 136-ids, or 34 counts);
    ``win_tile``: the winning tile (notation, or a 136-id; a tile type when ``concealed`` is given
    as counts); ``melds``: :class:`~riichi.meld.Meld` objects or notation (``"chi:123s"``,
    ``"pon:555z"``, ``"kan:5555m"``, ``"ankan:2222m"``, ``"kakan:0555p"``); winds ``"E"`` ...
    ``"N"``; indicators like the concealed tiles, or a list of tile names (``["6s", "1z"]``);
    ``double_riichi`` implies riichi; ``riichi_sticks``: sticks on the table, which the winner
    takes; ``kita``: the Norths the winner has set aside (three players, where the rules have
    kita), a dora each (shown as ``"kita"``; an indicator showing North counts them as dora too);
    ``rules``: a preset name or a :class:`~riichi.rules.RuleSet`. Three players' rules refuse
    2m-8m, and a 1m indicator shows 9m. Under rules without red
    fives (``ema-2016``), notation that names one (``"0m"``) is refused, but for the "0" that
    notation asks for with all four fives (``"kakan:0555p"``); a 136-id is a copy, and copy 0 of
    a five is then a plain five.

    Every form is read here, once, into the kernel's arrays (numpy values are made plain first);
    input the kernel cannot read goes to :func:`riichi.scoring.bad_input.explain`, which says what
    is wrong, with the same message whatever the form.

    Raises :class:`~riichi.errors.WrongTypeError` for an argument of the wrong type (a float
    count, ``None`` for a flag or a tile), :class:`~riichi.errors.InvalidHandError` (or
    :class:`~riichi.errors.NotationError`) for a hand or situation that cannot exist, :class:`~riichi.errors.NotAWinError` for an
    incomplete hand and :class:`~riichi.errors.NoYakuError` for a complete hand without yaku.

    >>> r = score_hand("222m444p666s88s33m", "8s", tsumo=True, seat_wind="S", round_wind="E")
    >>> r.yaku, r.limit, r.payments.dealer, r.payments.non_dealer
    ({'suuankou': 13}, 'yakuman', 16000, 8000)
    >>> r = score_hand("45678s234p66m", "9s", ["chi:123s"], tsumo=False, seat_wind="S",
    ...                round_wind="E", dora_indicators=["6s", "1z"])
    >>> r.han, r.fu, r.points, r.fu_details
    (2, 30, 2000, [('base', 20), ('open pinfu', 2)])
    >>> r = score_hand("11m99m123p456s567s", "9m", tsumo=True, seat_wind="S", round_wind="E",
    ...                riichi=True, dora_indicators=["3z"], kita=1, rules="tenhou-3p")
    >>> r.yaku, r.points, (r.payments.dealer, r.payments.non_dealer)  # tsumo loss: no North
    ({'riichi': 1, 'menzen_tsumo': 1, 'dora': 1, 'kita': 1}, 5900, (3900, 2000))
    """
    cdef Table table = _table_for(rules)
    cdef Hand hand
    cdef tuple read = None
    counters, sticks = honba, riichi_sticks
    flags = (tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
             chiihou, renhou)
    memset(&hand, 0, sizeof(Hand))
    if not table.red_fives:
        for value in (concealed, win_tile, melds, dora_indicators, ura_indicators):
            if names_red(value):
                raise InvalidHandError(
                    f"{quoted(value)} names a red five (0m, 0p, 0s), but the rules "
                    f"{table.rules.name!r} have none: write it as a five (5m, 5p, 5s)")
    if bools(flags):
        read = read_hand(&hand, concealed, win_tile, melds, tsumo, seat_wind, round_wind,
                         dora_indicators, ura_indicators, riichi, double_riichi, ippatsu, rinshan,
                         chankan, haitei, houtei, tenhou, chiihou, renhou, honba, riichi_sticks,
                         kita, table)
    if read is None:
        if not isinstance(melds, (str, bytes, list, tuple)) and isinstance(melds, Iterable):
            melds = tuple(melds)   # read once: the explanation must see the same melds
        f = tuple([plain(v) for v in flags])
        counters, sticks, kita = plain(honba), plain(riichi_sticks), plain(kita)
        if bools(f):
            memset(&hand, 0, sizeof(Hand))
            read = read_hand(&hand, plain(concealed), plain(win_tile), plain(melds), f[0],
                             seat_wind, round_wind, plain(dora_indicators),
                             plain(ura_indicators), f[1], f[2], f[3], f[4], f[5], f[6], f[7],
                             f[8], f[9], f[10], counters, sticks, kita, table)
    if read is None:
        explain(
            concealed, win_tile, melds, tsumo=tsumo, seat_wind=seat_wind, round_wind=round_wind,
            dora_indicators=dora_indicators, ura_indicators=ura_indicators, riichi=riichi,
            double_riichi=double_riichi, ippatsu=ippatsu, rinshan=rinshan, chankan=chankan,
            haitei=haitei, houtei=houtei, tenhou=tenhou, chiihou=chiihou, renhou=renhou,
            honba=honba, riichi_sticks=riichi_sticks, kita=kita, rules=table.rules)
        raise InvalidHandError(
            f"the scorer cannot read concealed={concealed!r}, win_tile={win_tile!r}, "
            f"melds={melds!r}: expected the forms score_hand documents")
    return _score(&hand, read, counters, sticks, table)
