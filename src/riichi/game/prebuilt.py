"""The tables the state machine precomputes once and shares across games (all immutable).

The actions a seat is most often offered, the records of the two things that happen at every
turn (a draw and a discard), the tile a discard leaves in the pond, and which moments end a
temporary furiten under each rule. Building them at every action is what they save.

>>> DISCARDS[2][52], DAHAIS[0][True][52]
(Discard(seat=2, tile=52), Dahai(actor=0, pai=52, tsumogiri=True))
"""

from __future__ import annotations

from riichi.game import events as ev
from riichi.game.actions import (
    Ankan, Chi, Daiminkan, Discard, Kakan, Kita, NineTerminals, Pass, Pon, Riichi, Ron, Tsumo,
)
from riichi.game.player import DiscardedTile, mask_of
from riichi.meld import MeldKind
from riichi.rules import TempFuritenClear
from riichi.tiles import TERMINALS_AND_HONORS

TERMINAL_HONOR_MASK = mask_of(TERMINALS_AND_HONORS)
CHI, PON = MeldKind.CHI, MeldKind.PON

# [seat][tile] and [seat]: the common actions
DISCARDS = tuple(tuple(Discard(s, t) for t in range(136)) for s in range(4))
RIICHIS = tuple(tuple(Riichi(s, t) for t in range(136)) for s in range(4))
TSUMO = tuple(Tsumo(s) for s in range(4))
RON = tuple(Ron(s) for s in range(4))
PASS = tuple(Pass(s) for s in range(4))
ROB = tuple((RON[s], PASS[s]) for s in range(4))  # the answers to a kan that may be robbed
DAIMINKAN = tuple(Daiminkan(s) for s in range(4))
# [seat][tile type]: the kans a turn lists (a seat holding four copies, or the fourth of a pon)
ANKANS = tuple(tuple(Ankan(s, k) for k in range(34)) for s in range(4))
KAKANS = tuple(tuple(Kakan(s, k) for k in range(34)) for s in range(4))
# [(seat * 136 + low id) * span + high id - low id]: the chis and pons a hand may be offered, by
# the two ids it calls with, ascending (None where no call is), the span one more than the most
# the ids of a call differ by: 11 for a chi (1m's first copy, 3m's last), 3 for a pon
CHI_SPAN, PON_SPAN = 12, 4


def _chi(seat: int, low: int, high: int) -> Chi | None:
    """The chi of ``seat`` with the ids ``low`` and ``high``, if they make two tiles of a run."""
    a, b = low >> 2, high >> 2
    return Chi(seat, (low, high)) if 0 < b - a <= 2 and b < 27 and a // 9 == b // 9 else None


def _pon(seat: int, low: int, high: int) -> Pon | None:
    """The pon of ``seat`` with the ids ``low`` and ``high``, if they are two copies of a tile."""
    return Pon(seat, (low, high)) if low < high < 136 and low >> 2 == high >> 2 else None


CHIS = tuple(_chi(s, t, t + d) for s in range(4) for t in range(136) for d in range(CHI_SPAN))
PONS = tuple(_pon(s, t, t + d) for s in range(4) for t in range(136) for d in range(PON_SPAN))
NORTH_IDS = (120, 121, 122, 123)  # the four Norths, which three players may set aside (kita)
KITAS = tuple({t: Kita(s, t) for t in NORTH_IDS} for s in range(4))  # [seat][north id]
ACTION_TYPES = frozenset((Discard, Riichi, Tsumo, Ron, Chi, Pon, Daiminkan, Ankan, Kakan, Pass,
                          NineTerminals, Kita))
# [seat][flag][tile], the flag being rinshan or tsumogiri: the vocabulary's own (the readers share them)
DRAWS, DAHAIS = ev.DRAWS, ev.DAHAIS
# [(2 * riichi + tsumogiri) * 136 + tile]: a tile in the pond, and one taken from it by a call;
# one flat tuple, read at every discard with one indexing where three nested tuples took three
POND = tuple(DiscardedTile(t, f, r) for r in (False, True) for f in (False, True)
             for t in range(136))
CLAIMED = tuple(DiscardedTile(t, f, r, claimed=True) for r in (False, True) for f in (False, True)
                for t in range(136))

# The moments that may end a seat's temporary furiten, and whose furiten each one ends under each
# rule (RuleSet.temp_furiten_clear): nobody's, the seat's own, or every seat's.
OWN_DRAW, OWN_DISCARD, OWN_CLAIM = 0, 1, 2  # from the wall; a discard; a chi, pon or open kan
NOBODY, SEAT, EVERYONE = 0, 1, 2


def _furiten_ends(draw: int, discard: int, claim: int) -> int:
    """Whose furiten each moment ends, two bits a moment in one int (bits ``2 * moment``): read
    at every draw and discard, a shift where a tuple would be an indexed Python int."""
    return draw << 2 * OWN_DRAW | discard << 2 * OWN_DISCARD | claim << 2 * OWN_CLAIM


TEMP_FURITEN_ENDS = {
    TempFuritenClear.OWN_DRAW_OR_ANY_CALL: _furiten_ends(SEAT, NOBODY, EVERYONE),
    TempFuritenClear.OWN_DRAW_OR_CLAIM: _furiten_ends(SEAT, NOBODY, SEAT),
    TempFuritenClear.OWN_DISCARD: _furiten_ends(NOBODY, SEAT, NOBODY),
    TempFuritenClear.OWN_DRAW: _furiten_ends(SEAT, NOBODY, NOBODY),
}
