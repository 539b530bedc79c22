"""Helpers of the game scenario tests: arranged tables, scripted turns, event lookups.

Seat 0 is the dealer unless a test says otherwise. Hands are 13 tiles in notation; draws are listed
in the order they are drawn (the dealer's first draw first). Seats that only pass the time discard
the tile they drew ("tsumogiri") and decline every claim.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from riichi.game import Action, Discard, Game, GameState, Pass, Phase, Pon, Position, Riichi, Wall
from riichi.game import events as ev
from riichi.game.flow import dealer_seat
from riichi.rules import RuleSet
from riichi.tiles import parse_tile, parse_tile_id

# Far from tenpai and unable to win on anything the scenarios discard.
QUIET = ("147m258p369s1234z", "258m369p147s1234z", "369m147p258s1234z")
# The same at a table of three (no 2m-8m), holding no North.
SANMA_QUIET = ("19m147p258s12356z", "19m258p369s12567z", "19m369p147s13567z")
WIN_HAND = "234m345p456s5566z"  # shanpon 5z/6z: ron 5z = haku, 40 fu 1 han
HARMLESS_DORA = "8s"  # dora 9s: in no scenario hand
# Waits 5m/8m; a ron is tanyao + pinfu, 2 han 30 fu = 2,000 from a non-dealer.
PINFU = "234m345p456s67m22s"
GO_AROUND = "1s2s3s7s"  # four harmless draws, one per seat: no renhou or ippatsu after them
# Each seat's hand tenpai, or noten, at an exhaustive draw.
TENPAI = ("123456789m111p5z", "123456789p111s6z", "123456789s999p7z", "111222333444z5z")
NOTEN = ("258m258p258s6677z", "369m369p369s2567z", "24578m247p247s67z", "1111222333444z")
# NOTEN[3] is karaten: its only wait, 1z, is the tile it holds all four of


def table(
    hands: Sequence[str | None],
    draws: str = "",
    *,
    rules: RuleSet | str = "ema",
    round_wind: int = 0,
    kyoku: int = 0,
    honba: int = 0,
    sticks: int = 0,
    scores: Sequence[int] | None = None,
    dora: str = HARMLESS_DORA,
    ura: str = HARMLESS_DORA,
    replacements: str = "",
) -> GameState:
    ruleset = RuleSet.coerce(rules)  # the table's size and the seat that deals come from it
    wall = Wall.arranged(
        hands, draws, dealer=dealer_seat(ruleset, kyoku), dora_indicators=dora,
        ura_indicators=ura, replacements=replacements, rules=ruleset,
    )
    return Game(ruleset, seed=0).new_state(
        walls=[wall], position=Position(round_wind, kyoku, honba, sticks), scores=scores
    )


def tile_in_hand(state: GameState, seat: int, name: str) -> int:
    """The 136-id of ``name`` in ``seat``'s hand (``0m`` the red five, ``5m`` a plain one)."""
    wanted = parse_tile_id(name) if name[0] == "0" else None
    kind = parse_tile(name)
    for t in sorted(state.players[seat].hand):
        if (wanted is not None and t == wanted) or (
            wanted is None and t >> 2 == kind and t not in (16, 52, 88)
        ):
            return t
    raise AssertionError(f"seat {seat} has no {name}: {sorted(state.players[seat].hand)}")


def discard(state: GameState, seat: int, name: str) -> None:
    state.apply(Discard(seat, tile_in_hand(state, seat, name)))


def riichi(state: GameState, seat: int, name: str) -> None:
    state.apply(Riichi(seat, tile_in_hand(state, seat, name)))


def pass_claims(state: GameState) -> None:
    while state.phase in (Phase.CLAIM, Phase.CHANKAN):
        seat = state.acting_seats[0]
        state.apply(Pass(seat))


def tsumogiri(state: GameState, turns: int = 1) -> None:
    for _ in range(turns):
        assert state.phase is Phase.TURN and state.drawn is not None
        state.apply(Discard(state.turn, state.drawn))
        pass_claims(state)


def hora(state: GameState) -> list[ev.Hora]:
    return [e for e in state.events if isinstance(e, ev.Hora)]


def last_kyoku_events(state: GameState) -> list[ev.Event]:
    starts = [i for i, e in enumerate(state.events) if isinstance(e, ev.StartKyoku)]
    return state.events[starts[0] :]


def first(state: GameState, seat: int, kind: type) -> Action:
    """The first legal action of ``kind`` for ``seat``."""
    for action in state.legal_actions(seat):
        if isinstance(action, kind):
            return action
    raise AssertionError(f"seat {seat} has no {kind.__name__}: {state.legal_actions(seat)}")


def one_call_or_none(state: GameState, caller: int, throw_away: str, called: bool) -> None:
    """Seat 0 discards its 1z and ``caller`` pons it, throwing ``throw_away``, or declines while the
    seats up to ``caller`` throw what they draw: either way the seat after ``caller`` plays next,
    in a first go-around interrupted by a call or not."""
    discard(state, 0, "1z")
    if called:
        state.apply(first(state, caller, Pon))
        discard(state, caller, throw_away)
        pass_claims(state)
    else:
        state.apply(Pass(caller))
        tsumogiri(state, caller)


def three_dragon_pons(state: GameState) -> None:
    """Seat 0 discards 5z, 6z and 7z and seat 1 pons each, throwing 1s, 9s and 7p after; the
    seats between throw what they draw. Only the third pon makes seat 0 liable (pao)."""
    for dragon, throw_away in (("5z", "1s"), ("6z", "9s"), ("7z", "7p")):
        discard(state, 0, dragon)
        state.apply(first(state, 1, Pon))
        discard(state, 1, throw_away)
        pass_claims(state)
        if dragon != "7z":
            assert state.pao == {}  # two dragon sets: nobody is liable yet
            tsumogiri(state, 2)
    assert state.pao == {1: 0}


def throw(state: GameState) -> None:
    """The seat to play discards the tile it drew; the claims on it stay open."""
    assert state.phase is Phase.TURN and state.drawn is not None
    state.apply(Discard(state.turn, state.drawn))


def _throw_and_pass_until(state: GameState, done: Callable[[], bool]) -> None:
    """Everyone discards what they draw and declines every claim until ``done()``."""
    while not done():
        if state.phase is Phase.TURN:
            throw(state)
        else:
            state.apply(Pass(state.acting_seats[0]))


def play_out(state: GameState) -> None:
    """Everyone discards what they draw and declines every claim until the hand ends."""
    hands = len(state.outcomes)
    _throw_and_pass_until(state, lambda: len(state.outcomes) != hands)


def play_to_last_tile(state: GameState, left: int = 0) -> None:
    """Play on, discarding and passing, until a seat holds the last live tile (haitei), or the
    draw that leaves ``left`` tiles in the live wall."""
    _throw_and_pass_until(
        state, lambda: state.phase is Phase.TURN and state.wall.live_remaining == left
    )


def move_to_last_live_place(wall: Wall, tile_type: int, left: int = 0) -> None:
    """Put an undealt tile of ``tile_type`` in the place of the last live draw (haitei), or of
    the draw that leaves ``left`` tiles in the live wall."""
    yama = wall.yama
    target = wall.live_end + left
    place = next(i for i in [*range(14, 84), *range(14)] if yama[i] >> 2 == tile_type)
    yama[place], yama[target] = yama[target], yama[place]


def forged(cls: type, *values: object) -> object:
    """An action of ``cls`` whose fields read as ``values``, past the checks an action makes when
    it is made (as fields overwritten after would be).

    The interpreted build's actions take the values through ``object.__setattr__``. The compiled
    build's fields are read-only C fields nothing can overwrite, so the nearest forgery there is an
    instance of a subclass of ``cls`` whose fields are properties giving ``values``.
    """
    action = cls.__new__(cls)
    try:
        for field, value in zip(cls._fields, values):  # type: ignore[attr-defined]
            object.__setattr__(action, field, value)
        return action
    except (TypeError, AttributeError):  # compiled: the fields cannot be set
        pass
    names = cls._fields  # type: ignore[attr-defined]
    fake = type(cls.__name__, (cls,), {
        "__slots__": (), **{name: property(lambda self, v=v: v) for name, v in zip(names, values)}
    })
    return fake.__new__(fake)
