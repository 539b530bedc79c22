"""Double riichi: riichi declared on a seat's first discard, in an uninterrupted first go-around,
is worth a han more."""

from __future__ import annotations

import pytest

from riichi.game import Ron
from tests.support.game import (
    QUIET, WIN_HAND, discard, hora, one_call_or_none, pass_claims, riichi, table, throw, tsumogiri,
)

# Seat 2 may pon seat 0's first discard, the 1z; seat 3 (WIN_HAND, waiting on 5z/6z) declares
# riichi on its first discard, the 8s it draws, and wins on seat 0's 5z.
HANDS = [QUIET[0], QUIET[2], "258m369p147s1123z", WIN_HAND]


@pytest.mark.parametrize(("called", "yaku"), [
    (True, {"riichi": 1, "ippatsu": 1, "haku": 1}),
    (False, {"double_riichi": 2, "ippatsu": 1, "haku": 1}),
])
def test_a_call_in_the_first_go_around_makes_a_first_discard_riichi_a_plain_riichi(
    called: bool, yaku: dict[str, int]
) -> None:
    state = table(HANDS, "9m8s5z" if called else "9m7s7s8s5z")
    one_call_or_none(state, 2, "2z", called)
    assert state.turn == 3 and not state.players[3].discards
    riichi(state, 3, "8s")
    pass_claims(state)
    assert state.players[3].double_riichi is not called
    throw(state)  # seat 0 throws the 5z
    state.apply(Ron(3))
    (win,) = hora(state)
    assert dict(win.yaku) == yaku
    # 3 han 40 fu (5,200) or a mangan (8,000), and the stick back
    assert win.deltas == ((-5_200, 0, 0, 6_200) if called else (-8_000, 0, 0, 9_000))


def test_double_riichi() -> None:
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "8s9m5z")
    tsumogiri(state)
    riichi(state, 1, "9m")
    pass_claims(state)
    assert state.players[1].double_riichi
    discard(state, 2, "5z")
    state.apply(Ron(1))
    (win,) = hora(state)
    assert dict(win.yaku) == {"double_riichi": 2, "ippatsu": 1, "haku": 1}
    assert win.deltas == (0, 9_000, -8_000, 0)  # 4 han 40 fu: mangan
