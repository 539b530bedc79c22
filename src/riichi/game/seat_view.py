"""What one seat may know of the table, as plain data, and a table state that holds only that.

:func:`view_of` writes an :class:`~riichi.game.observation.Observation` as plain values (ints,
bools, lists and ``None``: ready for JSON), read from its public properties alone, so it holds
nothing the seat is not shown. :func:`state_from_view` builds from such a view a
:class:`~riichi.game.state.GameState` that holds only that: the seat's own concealed tiles, every
seat's melds, discards and riichi, the scores, the position, the dora, the tiles face up, the
decision (the tile just drawn or the tile on offer), and a wall with its counters but no tiles;
the other seats' hands are empty. An observation of that state for the seat shows what the
original showed, property for property. An agent run in a process of its own
(:class:`riichi.agents.isolated.IsolatedAgent`) is sent the view and decides on such a state.

The state is for observing only: nothing in it lets a table play on (the wall has no tile to
draw), and a kan that may be robbed shows as a claim on the kan's tile.

>>> from riichi.game import Game
>>> from riichi.game.observation import Observation
>>> table = Game("ema", seed=3).new_state()
>>> view = view_of(Observation(table, 0))
>>> state = state_from_view(view, table.shown_rules)
>>> Observation(state, 0).hand == Observation(table, 0).hand
True
>>> [len(p.hand) for p in state.players], state.wall.yama, state.wall.live_remaining
([14, 0, 0, 0], [], 69)
"""

from __future__ import annotations

from typing import Any

from riichi.game.flow import Position, seat_winds
from riichi.game.observation import Observation
from riichi.game.phase import CLAIM, TURN
from riichi.game.player import Player
from riichi.game.state import GameState
from riichi.game.prebuilt import CLAIMED as _CLAIMED
from riichi.game.prebuilt import POND as _POND
from riichi.game.wall import Wall
from riichi.meld import Meld, MeldKind
from riichi.rules import RuleSet

__all__ = ["view_of", "state_from_view", "TSUMOGIRI", "RIICHI", "CLAIMED"]

TSUMOGIRI, RIICHI, CLAIMED = 256, 512, 1024
"""The marks of a discard in a view, added to its tile."""
_KANS = (MeldKind.KAN, MeldKind.ANKAN, MeldKind.KAKAN)


def view_of(observation: Observation) -> dict[str, Any]:
    """What ``observation`` shows, as plain data (the rules apart: they are the same at every
    decision of a game, and :func:`~riichi.rules.files.rules_to_dict` writes them).

    ``genbutsu`` stands for what a seat shows of its discards and of the tiles discarded after
    its riichi; ``waits`` and ``furiten`` are the seat's own. A discard is one int: the tile,
    plus 256 if tsumogiri, 512 if the riichi tile, 1024 if claimed (:data:`TSUMOGIRI`,
    :data:`RIICHI`, :data:`CLAIMED`).

    >>> from riichi.game import Game
    >>> view = view_of(Observation(Game("ema", seed=3).new_state(), 2))
    >>> view["seat"], len(view["hand"]), view["drawn"], view["wall_remaining"]
    (2, 13, None, 69)
    """
    obs = observation
    position = obs.position
    return {
        "seat": obs.seat,
        "position": [position.round_wind, position.kyoku, position.honba, position.sticks],
        "dealer": obs.dealer,
        "scores": list(obs.scores),
        "dora_indicators": list(obs.dora_indicators),
        "dora": list(obs.dora),
        "visible": list(obs.visible),
        "wall_remaining": obs.wall_remaining,
        "hand": list(obs.hand),
        "drawn": obs.drawn,
        "claimable": obs.claimable,
        "discarder": obs.discarder,
        "waits": obs.waits,
        "furiten": obs.furiten,
        "riichi": list(obs.riichi),
        "genbutsu": list(obs.genbutsu),
        "melds": [
            [[m.kind.value, list(m.tiles), m.called, m.from_seat] for m in melds]
            for melds in obs.melds
        ],
        "discards": [
            [d.tile | d.tsumogiri << 8 | d.riichi << 9 | d.claimed << 10 for d in pond]
            for pond in obs.discards
        ],
        "kita": [list(tiles) for tiles in obs.kita],
    }


def state_from_view(view: dict[str, Any], rules: RuleSet) -> GameState:
    """A state holding only ``view`` (from :func:`view_of`) of a game played by ``rules``: over
    it, ``Observation(state, view["seat"])`` shows what the observation of the view showed.

    The view is taken as :func:`view_of` wrote it (its tiles and melds are not checked again)."""
    seat = view["seat"]
    players = []
    replacements = 0  # drawn after each kan and kita
    for s in range(rules.players):
        p = Player(view["hand"] if s == seat else ())
        p.melds = [Meld.trusted(MeldKind(kind), tiles, called, from_seat)
                   for kind, tiles, called, from_seat in view["melds"][s]]
        for m in p.melds:
            replacements += m.kind in _KANS
        p.kita = tuple(view["kita"][s])
        replacements += len(p.kita)
        # the table's own pond entries (immutable, shared): nothing to make
        # bits 8 and 9 (tsumogiri, riichi) are the flat tables' 2 * riichi + tsumogiri
        p.discards = [(_CLAIMED if d & CLAIMED else _POND)[(d >> 8 & 3) * 136 + (d & 255)]
                      for d in view["discards"][s]]
        p.riichi = view["riichi"][s]
        # one mask for both: a seat's genbutsu is what it shows of them
        p.discard_mask = view["genbutsu"][s]
        players.append(p)
    own = players[seat]
    own.waits_mask = waits = view["waits"]
    own.temp_furiten = view["furiten"]
    # the own waits among the genbutsu as tiles discarded after its riichi, which the table does
    # not count as furiten itself: the furiten shown is the view's
    own.riichi_safe_mask = own.discard_mask & waits
    own.discard_mask &= ~waits
    state = GameState.__new__(GameState)
    state.rules = state.shown_rules = rules
    state.seats = rules.players
    state.position = position = Position(*view["position"])
    state.scores = list(view["scores"])
    state.players = tuple(players)
    state.winds = seat_winds(rules, position.kyoku)
    state.dealer = view["dealer"]
    state.east = state.dealer if state.winds[state.dealer] == 0 else None
    claimable = view["claimable"]
    if claimable is None:
        drawn = view["drawn"]
        state.phase, state.turn, state.drawn_tile = TURN, seat, -1 if drawn is None else drawn
        state.last_discard = state.discarder = -1
    else:
        state.phase, state.turn, state.drawn_tile = CLAIM, view["discarder"], -1
        state.last_discard, state.discarder = claimable, view["discarder"]
    state.kan_tile = -1
    state.seen = bytearray(view["visible"])
    state.dora_indicators = tuple(view["dora_indicators"])
    state.dora = tuple(view["dora"])
    state.wall = Wall.counted(rules, view["wall_remaining"], replacements,
                              len(state.dora_indicators))
    return state
