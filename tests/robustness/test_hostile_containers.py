"""Compiled code given values and containers that change while it reads them (an int whose
``>>`` empties the list it came from, a tile property that empties the legal list, a meld kind
that adds melds), and actions that check their fields when they are made.

Those that once killed the interpreter (compiled code with bounds checks off, trusting a list
that Python code run in between changed) run in a child process each: the test asserts the child
exits normally with a plain answer or the package's error, not by a signal. The compiled steps
(the players' riichi.agents._efficiency and its neighbours, the scoring kernel) are always
compiled, whatever RIICHI_PURE_PYTHON says.
"""

from __future__ import annotations

import pytest

from riichi import IllegalActionError
from riichi.game.actions import Ankan, Chi, Discard, Kakan, Pass, Pon, Riichi
from tests.support.child import run_isolated

# An int whose >> empties the list it was taken from (the audit's weapon against chi tiles).
EVIL_INT = """
class Evil(int):
    box = None
    def __rshift__(self, other):
        if Evil.box is not None:
            Evil.box.clear()
        return int(self) >> other
"""


def test_efficiency_agent_on_a_chi_whose_tiles_empty_themselves() -> None:
    out = run_isolated(EVIL_INT + """
        from riichi.agents import EfficiencyAgent
        from riichi.game import Game, Observation
        from riichi.game.actions import Chi, Pass
        import riichi
        state = Game("ema", seed=3).new_state()
        for seat in range(4):
            tiles = [Evil(t) for t in state.players[seat].hand[:2]]
            Evil.box = tiles
            try:
                legal = (Chi(seat, tiles), Pass(seat))
            except riichi.RiichiError as e:
                print("refused", type(e).__name__)
                continue
            print(type(legal[0].tiles).__name__, [type(t).__name__ for t in legal[0].tiles])
            try:
                answer = EfficiencyAgent(seat).act(Observation(state, seat), legal)
                print("answer", answer in legal)
            except riichi.RiichiError as e:
                print("error", type(e).__name__)
    """.replace("\n        ", "\n"))
    lines = out.split("\n")
    # The action keeps plain ints in a tuple: what the compiled player reads cannot change.
    assert "tuple ['int', 'int']" in lines
    assert all(line in ("tuple ['int', 'int']", "answer True") or line.startswith("error ")
               for line in lines if line), out


@pytest.mark.parametrize(
    "given",
    [(1.5, 8), ("8", 12), (8,), (8, 12, 16), (8, 136), (-1, 12), 812, None, "ab", (True, 12)],
)
def test_a_call_is_checked_when_it_is_made(given: object) -> None:
    with pytest.raises(IllegalActionError, match=r"(Chi|Pon)\.tiles="):
        Chi(1, given)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match=r"Pon\.tiles="):
        Pon(1, given)  # type: ignore[arg-type]


def test_every_action_checks_its_fields() -> None:
    import numpy as np

    assert Chi(1, [np.int64(8), 12]) == Chi(1, (8, 12))
    assert type(Discard(np.uint8(2), 5).seat) is int
    for make in (lambda: Discard(4, 5), lambda: Riichi(0, 136), lambda: Ankan(0, 34),
                 lambda: Kakan(-1, 3), lambda: Pass(True), lambda: Discard(0, 2.0)):
        with pytest.raises(IllegalActionError, match="expected an int 0-"):
            make()


def test_calls_below_with_chi_tiles_that_empty_themselves() -> None:
    out = run_isolated(EVIL_INT + """
        from riichi.agents._calls import calls_below
        from riichi.tiles import parse_counts
        hand = bytes(parse_counts("1344m678p12349s1z"))
        class LooseChi:  # an action class that does not check its fields
            def __init__(self, tiles):
                self.tiles = tiles
        plain = calls_below(hand, [LooseChi([0, 8]), LooseChi([8, 12])], 8, LooseChi, LooseChi)
        for _ in range(200):
            first, second = [Evil(0), Evil(8)], [Evil(8), Evil(12)]
            Evil.box = first
            got = calls_below(hand, [LooseChi(first), LooseChi(second)], 8, LooseChi, LooseChi)
            assert got == plain, (got, plain)
        print("same", plain)
    """.replace("\n        ", "\n"))
    assert out.strip() == "same (2, [(0, 0, 2, 1)])"


def test_listed_discard_with_a_tile_property_that_empties_the_legal_list() -> None:
    out = run_isolated("""
        from riichi.agents._efficiency import listed_discard, turn_discard, discard_types
        from riichi.game.actions import NineTerminals, Riichi
        hand = bytes([0] * 4 + [2] + [0] * 29)
        class LooseDiscard:
            legal = None
            def __init__(self, tile):
                self._tile = tile
            @property
            def tile(self):
                if LooseDiscard.legal is not None:
                    LooseDiscard.legal.clear()
                return self._tile
        results = []
        for _ in range(200):
            legal = [LooseDiscard(16), LooseDiscard(17)]
            LooseDiscard.legal = legal
            chosen = listed_discard(legal, 4, hand, False, LooseDiscard, Riichi, NineTerminals)
            results.append(chosen.tile)
            legal = [LooseDiscard(16), LooseDiscard(17)]
            LooseDiscard.legal = legal
            results.append(discard_types(legal, LooseDiscard))
        print(sorted(set(results)))
    """)
    assert out.strip() == "[16, 17]"  # the plain copy 17 is chosen; the type mask is 1 << 4


def test_defend_discard_with_threats_and_candidates_that_empty_their_lists() -> None:
    out = run_isolated("""
        from riichi.agents._efficiency import ALL_TILES, defend_discard
        hand = bytes([1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6
                     + [2, 2, 1, 0, 0, 0, 0])
        z = bytes(34)
        class Weight:
            box = None
            def __float__(self):
                if Weight.box is not None:
                    Weight.box.clear()
                return 1.0
        class Number:
            box = None
            def __init__(self, value):
                self.value = value
            def __index__(self):
                if Number.box is not None:
                    Number.box.clear()
                return self.value
            __int__ = __index__
        threat = (1.0, ALL_TILES, 1)
        plain = defend_discard(hand, z, z, z, 0, ALL_TILES, 0, [threat] * 4, 1.0)
        rows = [(1, 0, 0, t, 4) for t in (0, 1, 2, 29)]
        plain_listed = defend_discard(hand, z, z, z, 0, ALL_TILES, 0, [threat], 1.0, list(rows))
        for _ in range(200):
            threats = [(Weight(), ALL_TILES, 1) for _ in range(4)]
            Weight.box = threats
            assert defend_discard(hand, z, z, z, 0, ALL_TILES, 0, threats, 1.0) == plain
            candidates = [(Number(a), b, c, d, e) for a, b, c, d, e in rows]
            Number.box = candidates
            got = defend_discard(hand, z, z, z, 0, ALL_TILES, 0, [threat], 1.0, candidates)
            assert got == plain_listed, (got, plain_listed)
        print("same")
    """)
    assert out.strip() == "same"


def test_score_hand_with_a_meld_whose_kind_adds_melds() -> None:
    out = run_isolated("""
        import riichi
        from riichi import Meld
        from riichi.tiles import parse_ids
        class Growing(Meld):
            box = None
            def __getattribute__(self, name):
                if name == "kind" and Growing.box is not None:
                    Growing.box.append(Growing.box[0])  # one meld more, each time it is read
                return object.__getattribute__(self, name)
        base = Meld.parse("chi:123s")
        for _ in range(100):
            melds = [Growing(base.kind, base.tiles, base.called, base.from_seat)]
            Growing.box = melds
            try:
                r = riichi.score_hand(parse_ids("45678s234p66m"), parse_ids("9s")[0], melds,
                                      tsumo=False, seat_wind="S", round_wind="E")
                print("scored", r.points)
            except riichi.RiichiError as e:
                print(type(e).__name__)
    """)
    assert set(out.split("\n")) - {""} == {"scored 1000"}, out
