"""The table's values and state against code that tries to rewrite, break or copy them (issue 33,
rows 3-6): no route rewrites a shared value, an answer is judged by its value, no field read by
the compiled table ends the interpreter, and a copy of a state is a state of its own.

A rewrite that works poisons the tables every later game shares, and a crash ends the process: the
attempts run in a child process of their own, which prints what it saw.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

import riichi.game.state
from riichi.game import Game, GameState
from riichi.game.player import Player
from riichi.game.wall import Wall

COMPILED = riichi.game.state.__file__.endswith(tuple(EXTENSION_SUFFIXES))


def run_child(script: str) -> dict[str, object]:
    """Run ``script`` in a new interpreter (this build: the environment is passed on) and read
    the JSON object it prints last."""
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           env=dict(os.environ), timeout=600)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stderr == ""
    found: dict[str, object] = json.loads(child.stdout.splitlines()[-1])
    return found


# Every route to change a value in place that Python code has, tried on values the table shares:
# a listed action, the table's chi, meld and pond entry, a position. ``object.__setattr__`` writes
# an interpreted value's slot (plain Python cannot refuse it): tried on the compiled build only.
REWRITE = r"""
import copy, json, pickle, sys
from riichi.agents import EfficiencyAgent
from riichi.game import Game, play_game
from riichi.game.actions import Chi, Discard, trusted_call
from riichi.game.flow import Position
from riichi.game.prebuilt import DISCARDS, POND
from riichi.meld import Meld, MeldKind, trusted_meld
import riichi._frozen, riichi.game.actions, riichi.game.flow, riichi.game.observation
import riichi.game.player, riichi.game.state, riichi.game.wall, riichi.meld, riichi.scoring._kernel
COMPILED = sys.argv[1] == "compiled"

def games():
    try:
        return [play_game("tenhou", [EfficiencyAgent(seed=4 * i + s) for s in range(4)], seed=5,
                          game_index=i).events for i in range(3)]
    except Exception as error:  # a game the rewritten tables broke
        return repr(error)

before = games()
modules = (riichi._frozen, riichi.game.actions, riichi.game.flow, riichi.game.observation,
           riichi.game.player, riichi.game.state, riichi.game.wall, riichi.meld,
           riichi.scoring._kernel)
pickling = sorted(f"{m.__name__}.{name}" for m in modules for name, cls in vars(m).items()
                  if isinstance(cls, type) and cls.__module__ == m.__name__
                  and any(hasattr(cls, a) for a in ("__setstate_cython__", "__reduce_cython__")))
state = Game("tenhou", seed=5).new_state()
values = {
    "listed discard": state.legal(0)[0], "shared discard": DISCARDS[1][52],
    "chi": trusted_call(Chi, 1, (8, 12)), "made chi": Chi(1, (8, 12)),
    "meld": trusted_meld(MeldKind.PON, (108, 109, 110), 109, 2),
    "made meld": Meld(MeldKind.CHI, (0, 4, 8), 0, 3), "pond entry": POND[136 + 52],
    "position": state.position,
}
other = {Discard: (3, 135), Chi: (3, (13, 17)), Meld: (MeldKind.PON, (4, 5, 6), 4, 1),
         type(POND[136 + 52]): (7, False, True, True), Position: (3, 3, 3, 3)}

def routes(value, fields):
    yield "__setstate_cython__", lambda: value.__setstate_cython__(fields)
    yield "__setstate__", lambda: value.__setstate__(fields)
    yield "__init__", lambda: value.__init__(*fields)
    yield "setattr", lambda: setattr(value, value._fields[0], fields[0])
    yield "delattr", lambda: delattr(value, value._fields[0])
    if COMPILED:
        yield "object.__setattr__", lambda: object.__setattr__(value, value._fields[-1], fields[-1])

rewritten, copies = [], []
for name, value in values.items():
    fields = other[type(value)]
    key = value._key()
    for route, attempt in routes(value, fields):
        try:
            attempt()
        except Exception:  # refused (a route that fails half-way is seen by the check below)
            pass
        if value._key() != key:
            rewritten.append(f"{name} by {route}: {value._key()}")
            key = value._key()
    for made in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        if type(made) is not type(value) or made != value:
            copies.append(f"{name}: {made!r}")
table = riichi.scoring._kernel.table_for("ema")  # shared by every game of the rules
made = (table.shibari, table.rules.name)
for route, attempt in (("setattr", lambda: setattr(table, "shibari", 4)),
                       ("__init__", lambda: table.__init__("tenhou"))):
    try:
        attempt()
    except Exception:
        pass
    if (table.shibari, table.rules.name) != made:
        rewritten.append(f"RuleTable by {route}")
        made = (table.shibari, table.rules.name)
try:
    again = pickle.loads(pickle.dumps(table))
    if again is table or again.rules != table.rules:
        copies.append("RuleTable")
except Exception as error:
    copies.append(f"RuleTable: {type(error).__name__}")
print(json.dumps({"pickling": pickling, "rewritten": rewritten, "copies": copies,
                  "same games": games() == before}))
"""


def test_no_route_rewrites_a_value_the_table_shares() -> None:
    # On f4bd2d0 every extension type kept Cython's __setstate_cython__ (and a second __init__
    # wrote the C fields): the listed discard became Discard(seat=3, tile=135) and so did the one
    # the table shares with every later game, which then played otherwise.
    seen = run_child(REWRITE.replace("sys.argv[1]", repr("compiled" if COMPILED else "source")))
    assert seen == {"pickling": [], "rewritten": [], "copies": [], "same games": True}


# A seat in riichi may discard only the tile it drew. The agent tries to make the table take
# another: by rewriting the listed discard in place (routes as above), or by answering with a new
# Discard of another tile of its hand, or of a tile it does not hold. Every other answer is an
# equal action made anew, which must be taken as the listed one: the game is the plain game.
ANSWERS = r"""
import json, sys
from riichi.agents import EfficiencyAgent
from riichi.errors import IllegalActionError
from riichi.game import play_game
from riichi.game.actions import Discard
COMPILED = sys.argv[1] == "compiled"

class Forger:
    def __init__(self, seed, how):
        self.plain, self.how, self.forged = EfficiencyAgent(seed=seed), how, None

    def act(self, obs, legal):
        chosen = self.plain.act(obs, legal)
        if self.how == "equal" or self.forged is not None or not obs.in_riichi \
                or obs.drawn is None or legal != (Discard(obs.seat, obs.drawn),):
            return type(chosen)(*chosen._key())  # an equal action, made anew
        held = next(t for t in obs.hand if t != obs.drawn)
        tile = held if self.how.endswith(" held") else next(t for t in range(136)
                                                            if t not in obs.hand)
        if not self.how.startswith("rewrite"):
            self.forged = False
            return Discard(obs.seat, tile)
        listed = legal[0]
        attempts = [lambda: listed.__setstate_cython__((obs.seat, tile)),
                    lambda: listed.__init__(obs.seat, tile)]
        if COMPILED:
            attempts.append(lambda: object.__setattr__(listed, "tile", tile))
        for attempt in attempts:
            try:
                attempt()
            except (AttributeError, TypeError):
                pass
        self.forged = listed.tile != obs.drawn
        return listed

def play(how, index):
    agents = [Forger(4 * index + s, how) for s in range(4)]
    try:
        ending = play_game("tenhou", agents, seed=9, game_index=index).events
    except Exception as error:
        ending = type(error).__name__
    return ending, [a.forged for a in agents if a.forged is not None]

plain = [play_game("tenhou", [EfficiencyAgent(seed=4 * i + s) for s in range(4)], seed=9,
                   game_index=i).events for i in range(3)]
out = {"equal answers play the plain game": [play("equal", i)[0] for i in range(3)] == plain}
# a rewrite that works changes the tables later games share: those games come last
for how in ("new, held", "new, not held", "rewrite, held", "rewrite, not held"):
    index = next(i for i in range(40) if play(how, i)[1])  # a game where a seat is in riichi
    ending, forged = play(how, index)
    out[how] = [ending if isinstance(ending, str) else "played on", any(forged)]
print(json.dumps(out))
"""


def test_the_table_takes_an_answer_by_its_value() -> None:
    # On f4bd2d0 the seat in riichi rewrote its listed tsumogiri discard in place (by
    # __setstate_cython__ or a second __init__) to another tile, of its hand or not; the table,
    # which found its listed object by identity, took it, and the shared discard stayed rewritten
    # for the later games.
    seen = run_child(ANSWERS.replace("sys.argv[1]", repr("compiled" if COMPILED else "source")))
    assert seen == {
        "equal answers play the plain game": True,
        "new, held": ["IllegalActionError", False], "new, not held": ["IllegalActionError", False],
        "rewrite, held": ["played on", False], "rewrite, not held": ["played on", False],
    }


# Each case in a process of its own (a fork of the child): a field of the table set to None or to
# another object, a seat's list changed, an object made by __new__ alone, a function of the table
# given None, and then the state asked and stepped.
FIELDS = r"""
import json, os, warnings
import numpy
from riichi.env.actions import NUM_ACTIONS, fill_turn_row
from riichi.errors import RiichiError
from riichi.game import Game, Phase, claims, hand_end, kans
from riichi.game.actions import Ankan, Chi, Discard, Pass, Pon, Riichi, Tsumo
from riichi.game.flow import Position
from riichi.game.player import DiscardedTile, Player
from riichi.game.state import GameState
from riichi.game.turn import Turn, decide
from riichi.game.wall import Wall
from riichi.meld import Meld

def started():
    state = Game("tenhou", seed=3).new_state()
    step(state, 6)
    return state

def step(state, count=300):
    for _ in range(count):
        if state.is_over:
            return
        for seat in state.acting_seats:
            state.apply(state.legal(seat)[-1], seat=seat)

warnings.simplefilter("ignore", DeprecationWarning)  # uses() reads the deprecated names too

def uses(thing):
    # every attribute read, every method called (with an argument if it wants one)
    for name in [n for n in dir(thing) if not n.startswith("__") or n in ("__repr__", "__hash__")]:
        try:
            value = getattr(thing, name)
            try:
                value()
            except TypeError as error:
                if "argument" in str(error):
                    value(0)
        except Exception:
            pass

def field(owner, name, value):
    def case():
        state = started()
        target = {"state": state, "player": state.players[1], "wall": state.wall}[owner]
        setattr(target, name, value)
        step(state)
    return case

CASES = {}
for name in dir(GameState):  # every field (and property) of a state
    if type(getattr(GameState, name)).__name__ in ("getset_descriptor", "member_descriptor",
                                                   "property"):
        CASES[f"state.{name} = None"] = field("state", name, None)
for name in ("hand", "counts", "melds", "discards", "waits_mask", "riichi"):
    CASES[f"player.{name} = None"] = field("player", name, None)
CASES["wall.yama = None"] = field("wall", "yama", None)
def seat_replaced(seat):
    def case():
        state = started()
        state.players[state.turn if seat is None else seat] = None
        state.legal(state.turn)
        step(state)
    return case
CASES["state.players[0] = None"] = seat_replaced(0)
CASES["a seat replaced, then legal()"] = seat_replaced(None)
def meld_none():
    state = started()
    state.players[state.turn].melds.append(None)
    state.hands_changed()
    step(state)
CASES["a meld that is None"] = meld_none
def listed(state):
    state.legal(state.turn)
def masked(state):
    # the environments' mask of the turn, marked from its decision: no tuple listed
    turn = Turn.__new__(Turn)
    decide(state, turn)
    fill_turn_row(turn, True, numpy.zeros((1, NUM_ACTIONS), numpy.uint8), 0,
                  numpy.zeros((1, NUM_ACTIONS), numpy.int16), 0)
def hand_changed(change, ask):
    # the seat's own bytes written in place (its hand is a list made at each read, whose change
    # changes no seat)
    def case():
        state = started()
        p = state.players[state.turn]
        change(p.tiles, p.size)
        state.hands_changed()
        ask(state)
    return case
def banned_count_changed(delta, ask):
    def case():
        state = Game("tenhou", seed=3).new_state()
        # calls made wherever offered, until a seat's turn after a chi or pon bans a type whose
        # count can move by delta
        while not state.is_over:
            if state.phase is Phase.TURN:
                p = state.players[state.turn]
                banned = [k for k in range(34) if p.kuikae_mask >> k & 1 and 0 <= p.counts[k] + delta <= 4]
                if banned:
                    p.counts[banned[0]] += delta
                    state.hands_changed()
                    ask(state)
                    return
            for seat in state.acting_seats:
                state.apply(state.legal(seat)[0 if state.phase is Phase.CLAIM else -1], seat=seat)
        raise AssertionError("no turn after a chi or pon in the game")
    return case
for how, ask in (("", listed), (", masked", masked)):
    CASES["a hand holding id 200" + how] = hand_changed(lambda tiles, size: tiles.__setitem__(size - 1, 200), ask)
    CASES["a hand holding id 136" + how] = hand_changed(lambda tiles, size: tiles.__setitem__(0, 136), ask)
    CASES["a hand one banned tile past its counts" + how] = banned_count_changed(-1, ask)
    CASES["a hand one banned tile short of its counts" + how] = banned_count_changed(1, ask)
for cls in (GameState, Player, Wall, Meld, DiscardedTile, Position, Discard, Riichi, Chi, Pon,
            Ankan, Tsumo, Pass):
    CASES[f"{cls.__name__}.__new__"] = lambda cls=cls: uses(cls.__new__(cls))
def unmade_state():
    state = GameState.__new__(GameState)
    for ask in (lambda: state.legal(0), lambda: state.apply(Discard(0, 0), seat=0),
                lambda: state.apply_unchecked(Pass(0)), lambda: state.acting_seats,
                lambda: state.clone()):
        try:
            ask()
        except (RiichiError, AttributeError):  # the interpreted build: a slot never set
            pass
CASES["an unmade state, asked"] = unmade_state
for function, args in ((claims.open_claims, (None, 0, 0)), (claims.resolve, (None,)),
                       (hand_end.settle, (None, [], None, None)), (hand_end.abort, (None, "x")),
                       (hand_end.tsumo_result, (None, 0)),
                       (kans.declare_ankan, (None, Ankan(0, 0)))):
    CASES[f"{function.__name__}(None, ...)"] = lambda f=function, a=args: f(*a)

out = {}
for name, case in CASES.items():
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            case()
            seen = "ran"
        except Exception as error:
            seen = type(error).__name__
        os.write(write, seen.encode())
        os._exit(0)
    os.close(write)
    _, status = os.waitpid(pid, 0)
    seen = os.read(read, 200).decode()
    os.close(read)
    out[name] = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else seen
print(json.dumps(out))
"""


def test_no_field_or_unmade_object_ends_the_interpreter() -> None:
    # On f4bd2d0 these cases died with SIGSEGV: state.wall = None, state.players[0] = None, a
    # seat replaced then legal(), and every function of the table given None for the state; an
    # unmade state refused with TypeError ('NoneType' object is not iterable).
    seen = {name: str(how) for name, how in run_child(FIELDS).items()}
    died = {name: how for name, how in seen.items() if how.startswith("signal")}
    assert died == {}
    # whatever is refused is refused with a clear error: the table's own, or Python's
    unclear = {name: how for name, how in seen.items()
               if how not in ("ran", "RiichiError", "AttributeError", "TypeError", "IndexError")}
    assert unclear == {}
    # the seats are the table's own tuple: no seat can be replaced, so none is checked at a step
    assert seen["state.players[0] = None"] == seen["a seat replaced, then legal()"] == "TypeError"
    assert seen["an unmade state, asked"] == "ran"
    # the turn's tuple is made at the length the counts give and filled from the hand: a hand
    # changed apart from its counts is refused, never written past the tuple nor left with holes;
    # and so is it by the environments' mask of the turn (masked), which marks the index of each
    # tile's kind
    hands = {name: how for name, how in seen.items() if name.startswith("a hand ")}
    assert len(hands) == 8 and set(hands.values()) == {"RiichiError"}


def test_a_seat_of_the_table_cannot_be_replaced() -> None:
    # Before, the seats were a list that Python code could change, and every step checked each
    # seat was a Player; now they are a tuple the table alone makes (a new hand, a clone, a state
    # from a seat's view), so assigning into it is refused and changes nothing.
    state = Game("tenhou", seed=4).new_state()
    before = state.snapshot()
    for seats in (state.players, state.clone().players):
        assert type(seats) is tuple and all(type(p) is Player for p in seats)
        with pytest.raises(TypeError):
            seats[0] = None  # type: ignore[index]
    assert state.snapshot() == before
    seat = state.acting_seats[0]
    state.apply(state.legal(seat)[0], seat=seat)


def test_copies_of_a_state_a_player_and_a_wall_are_their_own() -> None:
    # On f4bd2d0 copy.copy(state) shared the seats and the wall (stepping the copy changed the
    # state), and the actions applied to a copy.deepcopy(state) appended their events to the
    # state's own.
    state = Game("tenhou", seed=4).new_state()
    for _ in range(5):
        seat = state.acting_seats[0]
        state.apply(state.legal(seat)[0], seat=seat)
    before = state.snapshot()
    events = list(state.events)
    reference = state.clone()
    for made in (copy.copy(state), copy.deepcopy(state)):
        assert isinstance(made, GameState)
        for twin in (made, reference.clone()):
            for _ in range(12):
                seat = twin.acting_seats[0]
                twin.apply(twin.legal(seat)[-1], seat=seat)
        assert made.snapshot() == twin.snapshot() and made.events == twin.events
        assert state.snapshot() == before and state.events == events

    player = state.players[state.turn]
    hand = list(player.hand)
    for made_player in (copy.copy(player), copy.deepcopy(player)):
        assert isinstance(made_player, Player) and made_player.hand == hand
        made_player.remove(hand[0])
        assert player.hand == hand

    wall = state.wall
    left = wall.live_remaining
    for made_wall in (copy.copy(wall), copy.deepcopy(wall)):
        assert isinstance(made_wall, Wall) and made_wall.live_tiles() == wall.live_tiles()
        made_wall.draw()
        assert wall.live_remaining == left
