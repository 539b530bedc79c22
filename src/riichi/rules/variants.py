"""The rule variants: each rule that has more than two answers is an enum, and the sets of yakuman a
rule can name.

A :class:`~riichi.rules.RuleSet` field holds one of these (or a frozenset of them); a field also
takes the member's string (``renhou="none"``), which is what rules files and JSON hold.

>>> Renhou("none") is Renhou.NONE
True
>>> sorted(PAO_YAKUMAN)
[<PaoYaku.DAISANGEN: 'daisangen'>, <PaoYaku.DAISUUSHII: 'daisuushii'>, <PaoYaku.SUUKANTSU: 'suukantsu'>]
"""

from __future__ import annotations

import enum

__all__ = [
    "AbortiveDraw",
    "Chombo",
    "DoubleYakuman",
    "KanDoraTiming",
    "KazoeLimit",
    "LeftoverSticks",
    "MultiRon",
    "MultiRonSticks",
    "Nagashi",
    "PaoHonba",
    "PaoScope",
    "PaoYaku",
    "Renhou",
    "RiichiKanPolicy",
    "TempFuritenClear",
    "TsumoPayment",
    "UmaTie",
    "DOUBLE_YAKUMAN_FORMS",
    "PAO_YAKUMAN",
]


class KazoeLimit(enum.StrEnum):
    """What a hand of 13 or more han without a real yakuman is worth."""

    YAKUMAN = "yakuman"
    """A counted yakuman (kazoe yakuman): 8,000 basic points."""
    SANBAIMAN = "sanbaiman"
    """Capped at sanbaiman (6,000 basic points): there is no counted yakuman."""


class Renhou(enum.StrEnum):
    """Blessing of Man: a ron in the first uninterrupted round before the winner's first draw."""

    NONE = "none"
    """Not a yaku; the hand needs another yaku to win."""
    MANGAN_STANDALONE = "mangan_standalone"
    """A mangan that does not combine with other yaku or dora; the hand takes the higher of the
    two values (EMA 2016 §4.2.4)."""
    MANGAN_CUMULATIVE = "mangan_cumulative"
    """A 5-han yaku that adds to the other yaku and dora (WRC)."""
    YAKUMAN = "yakuman"
    """A yakuman (EMA 2012)."""


class KanDoraTiming(enum.StrEnum):
    """When the indicator of a new kan dora is turned."""

    IMMEDIATE = "immediate"
    """At once for every kan, before the replacement draw."""
    OPEN_AFTER_DISCARD = "open_after_discard"
    """Concealed kan at once; open and added kans after the kan's discard.  A win on the
    replacement tile is scored without the new indicator (as Tenhou's logged rinshan wins after an
    added kan show)."""


class Nagashi(enum.StrEnum):
    """Nagashi mangan: only terminals and honors discarded, none claimed, at an exhaustive draw."""

    NONE = "none"
    """Not played."""
    WIN = "win"
    """Counts as a win, paid as a mangan tsumo (EMA 2012)."""
    DRAW_PAYMENT = "draw_payment"
    """Paid like a mangan tsumo but the hand is still an exhaustive draw: no noten payments, the
    dealer repeats if tenpai (Tenhou)."""


class AbortiveDraw(enum.StrEnum):
    """Situations that end a hand at once without a winner. (Three ron claims: see :class:`MultiRon`.)"""

    NINE_TERMINALS = "nine_terminals"
    """A player with nine different terminals/honors on the first uninterrupted draw may abort."""
    FOUR_WINDS = "four_winds"
    """All four first discards are the same wind, with no call."""
    FOUR_RIICHI = "four_riichi"
    """The fourth riichi declaration is accepted."""
    FOUR_KANS = "four_kans"
    """A fourth kan by more than one player (after its discard passes)."""


class MultiRon(enum.StrEnum):
    """What happens when several players claim the same discard (or robbed kan) for a win."""

    HEAD_BUMP = "head_bump"
    """Only the claimant first in turn order after the discarder wins."""
    DOUBLE = "double"
    """Two claimants both win; three claims abort the hand (an abortive draw, dealer stays)."""
    ALL = "all"
    """Every claimant wins (double and triple ron)."""


class MultiRonSticks(enum.StrEnum):
    """Who takes the counters (honba) or riichi sticks when several players win on one discard."""

    ALL = "all"
    """Counters: every winner is paid their own counters. Sticks: every winner takes back their own
    riichi stick and the other sticks go to the first winner after the discarder (EMA)."""
    NEAREST = "nearest"
    """Only the winner first in turn order after the discarder gets them (Tenhou)."""


class LeftoverSticks(enum.StrEnum):
    """Riichi sticks still on the table when the game ends."""

    FIRST_PLACE = "first_place"
    """To the player in first place (split on a tie)."""
    LOST = "lost"
    """Removed from play."""
    RETURNED = "returned"
    """Returned to the players who put them down."""


class PaoScope(enum.StrEnum):
    """What the liable (pao) player is liable for."""

    WHOLE_HAND = "whole_hand"
    """The whole hand value, including any other yakuman it stacks with."""
    YAKUMAN_PART = "yakuman_part"
    """Only the value of the yakuman that triggered the liability (Mahjong Soul)."""


class PaoHonba(enum.StrEnum):
    """Who pays the counters when a pao hand is won by ron from a third player."""

    DISCARDER = "discarder"
    """The discarder alone (EMA 2016 §3.3.9)."""
    LIABLE = "liable"
    """The liable player (Tenhou)."""


class RiichiKanPolicy(enum.StrEnum):
    """Which concealed kans a riichi player may declare on a drawn fourth tile."""

    WAIT_AND_READING = "wait_and_reading"
    """Only if the waits do not change and the three tiles are a triplet in every reading."""
    WAIT_ONLY = "wait_only"
    """Only if the waits do not change (the reading may)."""
    NONE = "none"
    """Never."""


class TempFuritenClear(enum.StrEnum):
    """When temporary furiten (from passing a winning tile) ends for a player not in riichi."""

    OWN_DRAW_OR_ANY_CALL = "own_draw_or_any_call"
    """At the player's next draw from the wall, or when any player calls a set (EMA 2012)."""
    OWN_DRAW_OR_CLAIM = "own_draw_or_claim"
    """At the player's next draw or their own claim of a tile (EMA 2016 §3.4.5)."""
    OWN_DISCARD = "own_discard"
    """At the player's next discard; others' calls do not clear it (Tenhou)."""
    OWN_DRAW = "own_draw"
    """At the player's next draw from the wall only; neither others' calls nor the player's own
    claim clears it (the ``cardavia`` page: "until your next draw")."""


class TsumoPayment(enum.StrEnum):
    """Who pays a win by tsumo, and how much."""

    SHARED = "shared"
    """Every other player pays their share (the dealer double); at a three-player table the empty
    North seat's share is not paid (tsumo loss, Tenhou and Mahjong Soul)."""
    NORTH_BISECTION = "north_bisection"
    """Three players: the two payers share the empty North seat's share, each paying its own
    share and half of North's, rounded up to 100 (north bisection)."""
    ABSENT_TOO = "absent_too"
    """The other players pay their shares and those of the empty seats: at a two-player table the
    opponent pays what three payers would."""
    AS_RON = "as_ron"
    """The opponent pays what a ron would cost (counters as on a ron too)."""


class UmaTie(enum.StrEnum):
    """How tied final places share the placement bonus (uma) and oka."""

    SPLIT = "split"
    """The tied players share the summed uma of their places."""
    SEAT_ORDER = "seat_order"
    """The tie is broken by the starting seat order (East first)."""


class Chombo(enum.StrEnum):
    """The penalty for a chombo (:func:`riichi.scoring.chombo_penalty`, for referee tools; the
    engine's table prevents illegal play)."""

    REVERSE_MANGAN = "reverse_mangan"
    """The offender pays a mangan tsumo in reverse: 4,000 to the dealer and 2,000 to the others,
    or 4,000 to each as dealer."""
    POINT_DEDUCTION = "point_deduction"
    """``chombo_points`` are deducted from the offender's final result after uma."""



class PaoYaku(enum.StrEnum):
    """A yakuman that can make the player who fed its last set liable (pao). A member is equal to
    its yaku's name, as the scorer spells it (``PaoYaku.DAISANGEN == "daisangen"``)."""

    DAISANGEN = "daisangen"
    """Big Three Dragons: the feeder of the third dragon set."""
    DAISUUSHII = "daisuushii"
    """Big Four Winds: the feeder of the fourth wind set."""
    SUUKANTSU = "suukantsu"
    """Four Kans: the feeder of the fourth kan."""


class DoubleYakuman(enum.StrEnum):
    """A yakuman form a rule set may count double. A member is equal to its form's name, as the
    scorer spells it (``DoubleYakuman.KOKUSHI_13 == "kokushi_13"``)."""

    DAISUUSHII = "daisuushii"
    """Big Four Winds."""
    KOKUSHI_13 = "kokushi_13"
    """Thirteen Orphans on the 13-sided wait."""
    SUUANKOU_TANKI = "suuankou_tanki"
    """Four Concealed Triplets on the pair wait."""
    CHUUREN_9 = "chuuren_9"
    """Nine Gates on the 9-sided wait."""


DOUBLE_YAKUMAN_FORMS: frozenset[DoubleYakuman] = frozenset(DoubleYakuman)
"""Yakuman forms a rule set may count double."""

PAO_YAKUMAN: frozenset[PaoYaku] = frozenset(PaoYaku)
"""Yakuman that can make the player who fed the last set liable."""
