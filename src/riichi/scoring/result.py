"""What the scorer returns: :class:`HandResult` and the :class:`Payments` of one win."""

from __future__ import annotations

from dataclasses import dataclass

from riichi.errors import WrongTypeError

__all__ = ["HandResult", "Payments"]


@dataclass(frozen=True, slots=True)
class Payments:
    """Who pays the winner how much, counters (honba) and riichi sticks included.

    On a ron only :attr:`ron` is set; on a tsumo by the dealer each of the others pays
    :attr:`non_dealer`; on a tsumo by a non-dealer the dealer pays :attr:`dealer` and each other
    player :attr:`non_dealer` (three players: the one other; the empty North's share unpaid, or
    halved as ``RuleSet.tsumo_payment`` says). Two players: the opponent pays the whole tsumo
    (``RuleSet.tsumo_payment``: the absent players' shares too, or what a ron would cost), in
    :attr:`dealer` where the opponent is East, else in :attr:`non_dealer`. ``total`` is
    everything the winner receives, ``sticks`` included.

    >>> p = Payments(ron=0, dealer=2_100, non_dealer=1_100, honba=300, sticks=1_000, total=5_300)
    >>> p.total - p.sticks - p.honba
    4000
    """

    ron: int
    """What the discarder pays (the hand plus counters); 0 on a tsumo."""
    dealer: int
    """What the dealer pays on a non-dealer's tsumo (the hand's share plus counters); else 0."""
    non_dealer: int
    """What each non-dealer pays on a tsumo (share plus counters); 0 on a ron."""
    honba: int
    """The counter bonus included in the payments above, summed over the payers."""
    sticks: int
    """Riichi sticks the winner takes from the table (1,000 each)."""
    total: int
    """Everything the winner receives: the hand, the counters and the sticks."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """The value of a winning hand, as :func:`riichi.scoring.score_hand` reads it.

    ``points`` is what the winner receives for the hand alone (a ron's payment, or the sum of a
    tsumo's payments), before counters and sticks; ``payments`` adds them. Two results are equal
    when every field is; a result is not hashable (its ``yaku`` and ``fu_details`` are a dict and a
    list): ``hash`` raises a :class:`~riichi.errors.WrongTypeError` that says so.

    >>> from riichi.scoring import score_hand
    >>> r = score_hand("12345678s234p66m", "9s", tsumo=False, seat_wind="S", round_wind="E",
    ...                riichi=True)
    >>> r.han, r.fu, r.points, r.limit
    (4, 30, 7700, None)
    >>> r.yaku
    {'riichi': 1, 'pinfu': 1, 'ittsu': 2}
    """

    han: int
    """Han of yaku and dora together (13 per yakuman, 26 for a double yakuman)."""
    fu: int
    """Fu, rounded up to 10 (seven pairs: 25)."""
    points: int
    """The hand's value before counters and sticks."""
    yaku: dict[str, int]
    """Yaku name -> han, with ``"dora"``, ``"aka_dora"``, ``"ura_dora"`` and ``"kita"`` when
    present."""
    limit: str | None
    """``None``, ``"mangan"``, ``"haneman"``, ``"baiman"``, ``"sanbaiman"``, ``"kazoe_yakuman"``,
    ``"yakuman"``, ``"double_yakuman"``, ``"triple_yakuman"``, ..."""
    fu_details: list[tuple[str, int]]
    """Itemised fu: (reason, fu), summing to the fu before rounding."""
    payments: Payments
    """Who pays what, counters and sticks included."""
    basic_points: int
    """fu x 2^(han+2), or the limit's value (mangan 2,000 ... yakuman 8,000 per yakuman)."""
    yakuman: int
    """Number of yakuman counted (a double yakuman counts 2); 0 for an ordinary hand."""
    dora: int
    """Dora and kan dora counted (also in :attr:`yaku` as ``"dora"``); 0 for a yakuman."""
    aka_dora: int
    """Red fives counted."""
    ura_dora: int
    """Ura dora and kan ura dora counted (riichi winners only)."""
    tsumo: bool
    """Won by self-draw."""
    is_dealer: bool
    """The winner is the dealer (East)."""
    riichi: bool
    """The winner had declared riichi (or double riichi)."""
    wait: str
    """How the winning tile completed the chosen reading: ``"ryanmen"``, ``"kanchan"``, ``"penchan"``,
    ``"tanki"``, ``"shanpon"``, ``"kokushi"`` or ``"kokushi_13"``."""
    reading: str
    """The chosen reading: the sets and the pair in notation, melds marked, e.g.
    ``"123m 456p 789s (pon:111z) 22z"``."""

    def __hash__(self) -> int:
        """Refused: a frozen HandResult still holds a dict (:attr:`yaku`) and a list
        (:attr:`fu_details`) that can change, and a hash must not."""
        raise WrongTypeError(
            "a HandResult is not hashable: its yaku (a dict) and fu_details (a list) can change; "
            "expected it compared with ==, or a key of its fields such as (r.han, r.fu, r.points)"
        )

    @property
    def kita(self) -> int:
        """Norths set aside (three players: kita) counted, a dora each: the ``"kita"`` entry of
        :attr:`yaku` (0 without one, and for a yakuman)."""
        return self.yaku.get("kita", 0)

    @property
    def is_yakuman(self) -> bool:
        """True for a real yakuman (a counted yakuman of 13+ han is not one).

        >>> from riichi.scoring import score_hand
        >>> score_hand("19m19p19s1234567z", "1m", tsumo=False, seat_wind="S",
        ...            round_wind="E").is_yakuman
        True
        """
        return self.yakuman > 0
