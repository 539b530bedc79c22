"""The scoring kernel's limits and payments: the basic points of a hand of so many han and fu (or
yakuman) under a rule table, its limit, and the shares each seat pays before counters
(:func:`hand_shares`; :func:`riichi.scoring.settle` owns counters, sticks, multiple ron and pao).

>>> hand_value(5, 30), hand_shares(8000, is_dealer=True, tsumo=False)
((2000, 'mangan'), (48000, 0, 0))
"""

import operator

import numpy as np

from riichi.scoring._kernel cimport (
    L_BAIMAN, L_HANEMAN, L_KAZOE, L_MANGAN, L_NONE, L_SANBAIMAN, L_YAKUMAN, MANGAN, YAKUMAN_BASIC,
)
from riichi.scoring._rules cimport _table_for

from riichi.errors import InvalidHandError, WrongTypeError, quoted

__all__ = [
    "BASIC_LIMIT", "BASIC_PER_YAKUMAN", "MANGAN_BASIC", "MAX_FU", "YAKUMAN_LIMIT_NAMES",
    "hand_shares", "hand_value", "north_half", "tsumo_split",
]

BASIC_PER_YAKUMAN = YAKUMAN_BASIC
"""Basic points of each yakuman a hand counts (settlement splits a pao yakuman by it)."""
MANGAN_BASIC = MANGAN
"""Basic points of a mangan (what a nagashi mangan is paid as)."""

LIMIT_NAMES = (None, "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman")
"""Limit name by the kernel's L_* number, below a yakuman (see :data:`YAKUMAN_LIMIT_NAMES`)."""
YAKUMAN_LIMIT_NAMES = (
    "", "yakuman", "double_yakuman", "triple_yakuman", "quadruple_yakuman", "quintuple_yakuman",
    "sextuple_yakuman",
)
"""Limit name by number of yakuman (index); more than six are named ``"7x_yakuman"`` etc."""

BASIC_LIMIT = 100 * YAKUMAN_BASIC
"""The most basic points :func:`hand_shares` takes (a hundred yakuman: more than any hand scores)."""
MAX_FU = 170
"""The most fu a hand counts: four concealed kans of honours, a double-wind pair, a single wait and
a closed ron (164, rounded up)."""


cdef long long _int_in(object value, str name, long long low, long long high,
                       str expected) except? -1:
    """``value``, an int (not a bool) from ``low`` to ``high``; else a WrongTypeError for another
    type, an InvalidHandError for an int out of range."""
    number = None
    if not isinstance(value, (bool, np.bool_)):
        try:
            number = operator.index(value)
        except TypeError:
            pass
    if number is None:
        raise WrongTypeError(f"{name}={quoted(value)}: expected {expected}")
    if not low <= number <= high:
        raise InvalidHandError(f"{name}={quoted(value)}: expected {expected}")
    return number


# what hand_shares expects, written once (not at every payment)
cdef str _BASIC_EXPECTED = f"an int from 0 to {BASIC_LIMIT:,} basic points"


def hand_shares(basic, *, is_dealer, tsumo):
    """(ron payment, dealer's tsumo share, each non-dealer's tsumo share), before counters, of a
    hand of ``basic`` points (an int from 0 to :data:`BASIC_LIMIT`) as the dealer or not, by
    tsumo or not (each True or False); else :class:`~riichi.errors.WrongTypeError` for a wrong
    type, :class:`~riichi.errors.InvalidHandError` for an int out of range.

    >>> hand_shares(2000, is_dealer=False, tsumo=True)
    (0, 4000, 2000)
    """
    cdef int points = <int>_int_in(basic, "basic", 0, BASIC_LIMIT, _BASIC_EXPECTED)
    cdef int ron, dealer_share, each
    shares(points, _flag("is_dealer", is_dealer), _flag("tsumo", tsumo), &ron, &dealer_share,
           &each)
    return ron, dealer_share, each


def tsumo_split(basic, *, is_dealer, rules="ema"):
    """(the dealer's share, each other payer's share) of a tsumo of ``basic`` points (as
    :func:`hand_shares` takes them) by the dealer or not, before counters, as
    ``RuleSet.tsumo_payment`` says; the dealer's share is 0 on the dealer's own tsumo. Where one
    opponent pays for the whole table (two players: ``absent_too``, ``as_ron``) both are its
    payment.

    >>> tsumo_split(320, is_dealer=False), tsumo_split(320, is_dealer=False, rules="2p-match")
    ((700, 400), (1300, 1300))
    """
    cdef int points = <int>_int_in(basic, "basic", 0, BASIC_LIMIT, _BASIC_EXPECTED)
    cdef int dealer_share, each
    tsumo_parts(points, _flag("is_dealer", is_dealer), _table_for(rules).tsumo_payment,
                &dealer_share, &each)
    return dealer_share, each


cdef bint _flag(str name, object flag) except -1:
    """``flag``, True or False (numpy's too), else WrongTypeError: read as C truth values,
    None would be False and "no" True."""
    if not isinstance(flag, (bool, np.bool_)):
        raise WrongTypeError(f"{name}={quoted(flag)}: expected True or False")
    return bool(flag)


def north_half(own, north):
    """A payer's tsumo share ``own`` with half of the empty North's share ``north``, rounded up to
    100: what each of three players pays under north bisection (both multiples of 100).

    >>> north_half(300, 300), north_half(500, 300), north_half(2000, 2000)
    (500, 700, 3000)
    """
    cdef int o = <int>_int_in(own, "own", 0, 2 * BASIC_LIMIT, "a share of a hand, in points")
    cdef int n = <int>_int_in(north, "north", 0, 2 * BASIC_LIMIT, "a share of a hand, in points")
    return with_north_half(o, n)


cdef int basic_points(int han, int fu, int yakuman, RuleTable table, int* limit) noexcept:
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
    refused with :class:`~riichi.errors.InvalidHandError`, what is no int with a
    :class:`~riichi.errors.WrongTypeError`.

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
    basic = basic_points(h, f, 0, _table_for(rules), &limit)
    return basic, LIMIT_NAMES[limit]
