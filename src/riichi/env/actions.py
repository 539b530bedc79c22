"""The fixed action space of the environments: every action a seat may take, as an index 0-123.

The table lists a decision's legal actions as objects (:mod:`riichi.game.actions`), naming the
exact tiles; a learner chooses an index in a space of fixed size, whose entries a mask marks
legal. Version 1 of the space (``ACTIONS_VERSION``):

==========  ==========================================================================
index       action
==========  ==========================================================================
0-36        discard a tile of kind ``k`` (0-33 the tile types ``1m`` ... ``7z``; 34, 35, 36
            the red ``0m``, ``0p``, ``0s``): the tile just drawn when it is of that kind
            (tsumogiri), else one from the hand
37          discard a tile of the drawn tile's kind from the hand, keeping the drawn one
38-74       riichi, discarding a tile of kind ``k - 38`` (chosen as for 0-36)
75          riichi, discarding a tile of the drawn tile's kind from the hand
76-78       chi, the called tile the lowest, the middle or the highest of the run
79-81       the same three, using a red five from the hand
82, 83      pon; pon using a red five from the hand
84          open kan (daiminkan) on the discard
85-118      concealed or added kan of tile type ``k - 85`` (a hand never has both)
119         ron (on a discard, robbing a kan, or on a North set aside)
120         tsumo
121         abort by nine terminals and honours
122         pass (decline every claim)
123         kita (three players: set a North aside, on the seat's turn)
==========  ==========================================================================

A kind is a tile type, but a red five is its own kind when the rules play red fives. Plain copies
of one type are the same tile to a player: an index names the kind, and the environment takes
the copy the table lists first. :data:`ACTION_NAMES` names every index.

>>> ACTION_NAMES[4], ACTION_NAMES[34], ACTION_NAMES[DISCARD_HELD], ACTION_NAMES[CHI + 1]
('discard 5m', 'discard 0m', 'discard held', 'chi middle')
>>> NUM_ACTIONS
124
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

try:  # the compiled build reads the masks' C pointers from it; the interpreted one the arrays
    import cython
except ModuleNotFoundError:
    from riichi._no_cython import cython

from riichi.errors import IllegalActionError, WrongTypeError, quoted
from riichi.game.actions import (
    Action, Ankan, Chi, Daiminkan, Discard, Kakan, Kita, NineTerminals, Pass, Pon, Riichi, Ron,
    Tsumo,
)
from riichi.game.observation import Observation
from riichi.game.prebuilt import DISCARDS, RIICHIS
from riichi.game.prebuilt import TSUMO as TSUMOS
from riichi.game.turn import Turn, hand_disagrees

if not cython.compiled:  # the compiled build cimports them, C functions (sample_rows only there)
    from riichi.env.sampling import pick_rows, sample_rows

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from riichi.game.player import Player

__all__ = [
    "ACTIONS_VERSION", "NUM_ACTIONS", "ACTION_NAMES", "KINDS", "DISCARD", "DISCARD_HELD",
    "RIICHI", "RIICHI_HELD", "CHI", "PON", "DAIMINKAN", "KAN", "RON", "TSUMO", "NINE_TERMINALS",
    "PASS", "KITA", "action_index", "legal_indices", "sample_actions", "integer_indices",
    "illegal_index", "one_index", "fill_row", "fill_turn_row", "turn_action",
]

ACTIONS_VERSION = 1
KINDS = 37
"""Tile kinds: the 34 types and the three red fives."""
DISCARD = 0
DISCARD_HELD = 37
RIICHI = 38
RIICHI_HELD = 75
CHI = 76
PON = 82
DAIMINKAN = 84
KAN = 85
RON = 119
TSUMO = 120
NINE_TERMINALS = 121
PASS = 122
KITA = 123
NUM_ACTIONS = 124
# Copies of the indices read for every action indexed, which the compiled build keeps as C ints
# (actions.pxd): a module's C variable is not one of its Python attributes.
_DISCARD, _RIICHI, _KINDS, _PASS, _ACTIONS = DISCARD, RIICHI, KINDS, PASS, NUM_ACTIONS
_CHI, _PON, _DAIMINKAN, _KAN, _RON = CHI, PON, DAIMINKAN, KAN, RON
_TSUMO, _NINE_TERMINALS, _KITA = TSUMO, NINE_TERMINALS, KITA

_RED_KIND = 34  # the red 5m; 5p and 5s follow
_TYPE_NAMES = [f"{n % 9 + 1}{'mpsz'[n // 9]}" for n in range(34)]
_KIND_NAMES = _TYPE_NAMES + ["0m", "0p", "0s"]
_SHAPES = ("lowest", "middle", "highest")

ACTION_NAMES: tuple[str, ...] = tuple(
    [f"discard {k}" for k in _KIND_NAMES] + ["discard held"]
    + [f"riichi {k}" for k in _KIND_NAMES] + ["riichi held"]
    + ["chi lowest", "chi middle", "chi highest", "chi lowest red", "chi middle red",
       "chi highest red", "pon", "pon red", "daiminkan"]
    + [f"kan {t}" for t in _TYPE_NAMES]
    + ["ron", "tsumo", "nine terminals", "pass", "kita"]
)
"""The name of every index, in order."""


def kind_of(tile: int, red: bool) -> int:
    """The kind of the 136-id ``tile``: its type, or 34-36 for a red five when ``red``."""
    tile_type = tile >> 2
    if red and tile & 3 == 0 and (tile_type == 4 or tile_type == 13 or tile_type == 22):
        return _RED_KIND + tile_type // 9
    return tile_type


def slot_of(action: Action, drawn: int, offered: int, red: bool) -> int:
    """The index of the listed ``action`` at a decision where ``drawn`` is the tile just drawn
    and ``offered`` the tile others may claim (-1 for none), under rules that play red fives or
    not (``red``)."""
    # Each action is bound to a local of its exact class (actions.pxd) before its C field is
    # read: the compiled build's test of that is one comparison, where a base class's walks the
    # class's bases.
    if type(action) is Discard:
        discard = action
        return _discard_slot(_DISCARD, discard.tile, drawn, kind_of(drawn, red), red)
    if type(action) is Pass:
        return _PASS
    if type(action) is Riichi:
        riichi = action
        return _discard_slot(_RIICHI, riichi.tile, drawn, kind_of(drawn, red), red)
    if type(action) is Chi:
        chi = action
        a, b = chi.tiles
        called = offered >> 2
        low = min(a >> 2, b >> 2, called)
        return _CHI + (called - low) + (3 if _with_red(a, b, red) else 0)
    if type(action) is Pon:
        pon = action
        a, b = pon.tiles
        return _PON + 1 if _with_red(a, b, red) else _PON
    if type(action) is Ron:
        return _RON
    if type(action) is Tsumo:
        return _TSUMO
    if type(action) is Ankan:
        ankan = action
        return _KAN + ankan.tile_type
    if type(action) is Kakan:
        kakan = action
        return _KAN + kakan.tile_type
    if type(action) is Daiminkan:
        return _DAIMINKAN
    if type(action) is NineTerminals:
        return _NINE_TERMINALS
    if type(action) is Kita:
        return _KITA
    raise IllegalActionError(f"{quoted(action)}: expected an action of riichi.game.actions")


def _discard_slot(base: int, tile: int, drawn: int, drawn_kind: int, red: bool) -> int:
    """The index of discarding ``tile`` (``base``: ``DISCARD``, or ``RIICHI`` declaring it) when
    ``drawn`` of kind ``drawn_kind`` was just drawn (-1 and -1 for none)."""
    return _kind_slot(base, kind_of(tile, red), tile, drawn, drawn_kind)


def _kind_slot(base: int, kind: int, tile: int, drawn: int, drawn_kind: int) -> int:
    """:func:`_discard_slot` of ``tile``, whose kind is ``kind``."""
    if kind == drawn_kind:  # most tiles are of another kind: one test
        # the drawn tile among its kind as often as not: a choice of two values, not a branch
        return base + kind if tile == drawn else base + _KINDS
    return base + kind


def _with_red(a: int, b: int, red: bool) -> bool:
    """Whether a call's tiles ``a`` and ``b`` from the hand hold a red five (when rules play them)."""
    return red and (kind_of(a, red) >= _RED_KIND or kind_of(b, red) >= _RED_KIND)


def fill_row(
    legal: tuple[Action, ...], drawn: int, offered: int, red: bool,
    mask: npt.NDArray[np.uint8], row: int, index: npt.NDArray[np.int16], index_row: int,
) -> None:
    """Mark in ``mask[row]`` (``NUM_ACTIONS`` bytes) the indices of the ``legal`` actions, and
    write into ``index[index_row]`` where each is in ``legal`` (-1 for an index not legal); the
    first listed action of an index is the one it stands for. The rows are the environments'
    (VectorEnv's, encode_record's), and no view of either is made: a view of a typed
    memoryview's row is counted in and out with atomic operations."""
    if cython.compiled:
        _fill(legal, drawn, offered, red, cython.address(mask[row, 0]),
              cython.address(index[index_row, 0]))
    else:
        _fill(legal, drawn, offered, red, mask[row], index[index_row])


def _fill(legal: tuple[Action, ...], drawn: int, offered: int, red: bool,
          mask: npt.NDArray[np.uint8], index: npt.NDArray[np.int16]) -> None:
    """:func:`fill_row` into the ``NUM_ACTIONS`` values at ``mask`` and ``index`` (C pointers
    in the compiled build)."""
    _clear(mask, index)
    drawn_kind = kind_of(drawn, red)  # -1 for none
    for i in range(len(legal)):
        action = legal[i]
        if type(action) is Discard:  # most of a turn's actions, indexed here without a call
            discard = action
            slot = _discard_slot(_DISCARD, discard.tile, drawn, drawn_kind, red)
        else:
            slot = slot_of(action, drawn, offered, red)
        _mark(mask, index, slot, i)


def fill_turn_row(
    turn: Turn, red: bool, mask: npt.NDArray[np.uint8], row: int, index: npt.NDArray[np.int16],
    index_row: int,
) -> None:
    """:func:`fill_row` of the actions ``turn`` lists (:func:`riichi.game.turn.listed`), made
    from the decision and the hand without listing them: the mask is the same, and ``index``
    holds for each index what :func:`turn_action` takes the very action it stands for from (the
    tile of a discard or a riichi, the place of a kan or kita among the turn's extras)."""
    if cython.compiled:
        fill_turn_at(turn, red, cython.address(mask[row, 0]), cython.address(index[index_row, 0]))
    else:
        fill_turn_at(turn, red, mask[row], index[index_row])


def fill_turn_at(turn: Turn, red: bool, mask: npt.NDArray[np.uint8],
                 index: npt.NDArray[np.int16]) -> None:
    """:func:`fill_turn_row` into the ``NUM_ACTIONS`` values at ``mask`` and ``index`` (C
    pointers in the compiled build, the rows themselves in the interpreted one), in the order of
    the listing, so that the first action of an index is the one it stands for as in
    :func:`_fill`. VectorEnv calls it with its rows' pointers: a typed memoryview given to a
    function is copied whole (two of them cost ~60 instructions a call)."""
    _clear(mask, index)
    p = turn.player
    drawn = turn.drawn
    drawn_kind = kind_of(drawn, red)
    if turn.win:
        _mark(mask, index, _TSUMO, 0)
    if turn.abort is not None:
        _mark(mask, index, _NINE_TERMINALS, 0)
    if p.riichi:
        _mark(mask, index, _discard_slot(_DISCARD, drawn, drawn, drawn_kind, red), drawn)
        put = 1
    elif turn.ban:
        put = _mark_held(mask, index, _DISCARD, p, ~turn.ban, drawn, drawn_kind, red)
    else:  # most turns
        put = _mark_every(mask, index, _DISCARD, p, drawn, drawn_kind, red)
    if turn.ready:
        put += _mark_held(mask, index, _RIICHI, p, turn.ready, drawn, drawn_kind, red)
    if put != turn.discards + turn.riichis:  # the listing would refuse the hand: so is the mask
        raise hand_disagrees(p.hand, p.counts)
    extras = turn.extras
    for i in range(len(extras)):
        _mark(mask, index, slot_of(extras[i], drawn, -1, red), i)


def _mark_held(mask: npt.NDArray[np.uint8], index: npt.NDArray[np.int16], base: int, p: Player,
               types: int, drawn: int, drawn_kind: int, red: bool) -> int:
    """Mark the discards (``base``: ``DISCARD``, or ``RIICHI`` declaring them) of the concealed
    tiles of ``p`` of a type in the bit mask ``types``, indexed by their tile; how many there
    are."""
    put = past = 0
    kinds = _RED_KIND_OF if red else _KIND_OF
    tiles = p.tiles  # read as C bytes
    # From the last tile to the first, each tile's index written over what a later one wrote:
    # the first tile of an index is the one left, as _mark leaves it, without a test per tile.
    # No other action of the turn marks these indices.
    i = p.size
    while i:
        i -= 1
        t = tiles[i]
        kind = kinds[t]
        past |= kind
        if types >> (t >> 2) & 1:
            _mark_tile(mask, index, base, kind, t, drawn, drawn_kind)
            put += 1
    if past & _PAST:
        raise hand_disagrees(p.hand, None)
    return put


def _mark_every(mask: npt.NDArray[np.uint8], index: npt.NDArray[np.int16], base: int,
                p: Player, drawn: int, drawn_kind: int, red: bool) -> int:
    """:func:`_mark_held` of every type (a turn with no kuikae ban: most turns), without a test of
    each tile's type nor a count (~11 instructions a turn less)."""
    kinds = _RED_KIND_OF if red else _KIND_OF
    tiles = p.tiles
    past = 0
    for i in range(p.size - 1, -1, -1):  # from the last tile, as _mark_held
        t = tiles[i]
        past |= kinds[t]
        _mark_tile(mask, index, base, kinds[t], t, drawn, drawn_kind)
    if past & _PAST:
        raise hand_disagrees(p.hand, None)
    return p.size


def _mark_tile(mask: npt.NDArray[np.uint8], index: npt.NDArray[np.int16], base: int, kind: int,
               tile: int, drawn: int, drawn_kind: int) -> None:
    """Mark the discard of ``tile``, of kind ``kind``, indexed by the tile (over what another
    tile of its index wrote)."""
    slot = _kind_slot(base, kind, tile, drawn, drawn_kind)
    index[slot] = tile
    mask[slot] = 1


# The kind of each tile id 0-135 (kind_of), without and with red fives: one read for each tile
# of the hand, where kind_of's tests of a red five cost ~7 of the ~56 instructions of a tile. A
# byte past 135 (written in place by Python code) reads _PAST, whose bit in the kinds or-ed
# refuses the hand after the loop, one test in all; its slot (base + _PAST) is in the row.
_PAST = 64
assert NUM_ACTIONS == 124  # the fixed bounds of _clear, and of riichi.env.sampling
_KIND_OF = bytes(kind_of(tile, False) if tile < 136 else _PAST for tile in range(256))
_RED_KIND_OF = bytes(kind_of(tile, True) if tile < 136 else _PAST for tile in range(256))


def turn_action(turn: Turn, slot: int, value: int) -> Action:
    """The action of ``turn`` that index ``slot`` stands for, whose value in the index row
    :func:`fill_turn_row` wrote is ``value``."""
    if slot < _RIICHI:
        return DISCARDS[turn.seat][value]
    if slot < _CHI:
        return RIICHIS[turn.seat][value]
    if slot == _TSUMO:
        return TSUMOS[turn.seat]
    if slot == _NINE_TERMINALS:
        assert turn.abort is not None  # marked only when there is one
        return turn.abort
    return turn.extras[value]


def _clear(mask: npt.NDArray[np.uint8], index: npt.NDArray[np.int16]) -> None:
    """No index legal yet."""
    # NUM_ACTIONS as a constant: a C compiler clears the rows with a few wide writes, where it
    # calls memset for a length it does not know (or a loop's, with a test of the rows' overlap).
    # The mask as two 64 bytes that overlap: 124 at once are written by a slower rep stos.
    if cython.compiled:
        memset(mask, 0, 64)  # type: ignore[name-defined]
        memset(cython.address(mask[60]), 0, 64)  # type: ignore[name-defined]
        memset(index, 0xFF, 248)  # type: ignore[name-defined]  # each int16 -1
    else:
        mask[:] = 0
        index[:] = -1


def _mark(mask: npt.NDArray[np.uint8], index: npt.NDArray[np.int16], slot: int,
          value: int) -> None:
    """Mark ``slot`` legal with ``value`` in the index row, unless an action listed before
    already stands for it: the first listed action of an index is the one it stands for."""
    if index[slot] < 0:
        index[slot] = value
        mask[slot] = 1


def sample_actions(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A uniformly random legal index for each row of ``mask`` (``(n, NUM_ACTIONS)`` bool), drawn
    from ``rng``; 0 for a row with none legal (a table whose game just ended).

    >>> import numpy as np
    >>> mask = np.zeros((2, NUM_ACTIONS), bool); mask[0, [3, 9]] = True; mask[1, PASS] = True
    >>> sample_actions(mask, np.random.default_rng(1)).tolist() in ([3, 122], [9, 122])
    True
    """
    if cython.compiled:  # the environments' own masks, sampled without a call of numpy's
        picks = sample_rows(mask, rng)
        if picks is not None:
            return picks
    import numpy as np

    rows = np.asarray(mask)
    if rows.ndim != 2 or rows.shape[1] != NUM_ACTIONS or rows.dtype != np.bool_:
        raise IllegalActionError(f"mask of shape {rows.shape} and dtype {rows.dtype}: expected "
                                 f"bool of shape (n, {NUM_ACTIONS})")
    if not isinstance(rng, np.random.Generator):
        raise WrongTypeError(f"rng={quoted(rng)}: expected a numpy.random.Generator "
                             "(numpy.random.default_rng(seed))")
    draws: npt.NDArray[np.float64] = rng.random((rows.shape[0],))
    out = np.zeros(rows.shape[0], np.int64)
    pick_rows(np.ascontiguousarray(rows), draws, out)  # read as bytes: no view of it made
    return out


def integer_indices(actions: object, shape: tuple[int, ...], expected: str,
                    out: npt.NDArray[np.int64] | None = None) -> npt.NDArray[np.int64]:
    """``actions`` as int64 action indices of ``shape`` (``()`` for one: an int, a numpy integer
    or an integer array of one value, as Gymnasium's ``Discrete`` gives), written into ``out``
    (an int64 array of ``shape``) when it is given, else into a new array; anything else (a
    float, a string, an array of another shape) is refused, saying it ``expected`` more, and
    ``out`` is left as it was.

    >>> integer_indices([3, 122], (2,), "2 integer action indices").tolist()
    [3, 122]
    >>> integer_indices(2.0, (), "an integer action index")
    Traceback (most recent call last):
    ...
    riichi.errors.IllegalActionError: action=2.0: expected an integer action index
    """
    import numpy as np

    try:
        given = np.asarray(actions)
    except Exception:  # noqa: BLE001 - any object that is no array of indices
        given = np.empty(0)
    # An unsigned index past int64's values would wrap to a negative one, named as no one gave it.
    if given.shape != shape or given.dtype.kind not in "iu" or (
            given.dtype.kind == "u" and given.size and given.max() > np.iinfo(np.int64).max):
        name = "action" if shape == () else "actions"
        raise IllegalActionError(f"{name}={quoted(actions)}: expected {expected}")
    if out is None:
        return given.astype(np.int64)
    out[...] = given  # every value an int64's (checked above): copied exactly
    return out


def one_index(action: object) -> int:
    """``action`` as one action index (:func:`integer_indices`), legal or not.

    >>> one_index(5)
    5
    >>> one_index("5")
    Traceback (most recent call last):
    ...
    riichi.errors.IllegalActionError: action='5': expected an integer action index 0-123
    """
    return int(integer_indices(action, (), f"an integer action index 0-{NUM_ACTIONS - 1}"))


def illegal_index(what: str, index: int, who: str,
                  mask: npt.NDArray[np.bool_] | npt.NDArray[np.int8]) -> IllegalActionError:
    """The refusal of ``index``, given as ``what`` (``action``, ``actions[3]``) for the decision of
    ``who`` whose legal indices ``mask`` marks: it says what ``who`` may do instead.

    >>> import numpy as np
    >>> mask = np.zeros(NUM_ACTIONS, bool); mask[[3, PASS]] = True
    >>> illegal_index("action", 9, "seat 2", mask)
    IllegalActionError('action=9 is not legal (seat 2 may: discard 4m, pass)')
    """
    import numpy as np

    legal = ", ".join(ACTION_NAMES[k] for k in np.flatnonzero(mask))
    return IllegalActionError(f"{what}={index} is not legal ({who} may: {legal})")


def action_index(action: Action, observation: Observation) -> int:
    """The index of ``action``, one of the legal actions of ``observation``'s decision.

    >>> from riichi.game import Game, Observation
    >>> state = Game("tenhou", seed=3).new_state()
    >>> observation = Observation(state, 0)
    >>> action = state.legal(0)[0]
    >>> action, ACTION_NAMES[action_index(action, observation)]
    (Discard(seat=0, tile=3), 'discard 1m')
    """
    if not isinstance(observation, Observation):
        raise WrongTypeError(f"observation={quoted(observation)}: expected the Observation of "
                             "the decision the action answers")
    seen = observation  # typed as one in the compiled build, whose readers are C methods
    offered = seen.offered_tile()
    _check_of_decision(action, seen.seat, offered)
    return slot_of(action, seen.drawn_tile(), offered, seen.rules.red_fives)


_CLAIMS = (Chi, Pon, Daiminkan, Ron, Pass)
"""The actions that answer a tile on offer; every other action is one of a seat's turn."""


def _check_of_decision(action: Action, seat: int, offered: int) -> None:
    """Refuse an ``action`` that cannot be of the decision of ``seat``, on a claim when a tile
    is ``offered`` (else on its turn): :func:`slot_of` would give it an index as if it were."""
    of = getattr(action, "seat", None)
    if of is None:
        return  # no action of the table's: slot_of names it
    if of != seat:
        raise IllegalActionError(f"{action} is seat {of}'s: expected an action of seat {seat}, "
                                 "whose decision the observation shows")
    claim = isinstance(action, _CLAIMS)
    if claim and offered < 0:
        raise IllegalActionError(f"{action} claims a tile, and this decision is seat {seat}'s "
                                 "turn: expected an action of its turn")
    if not claim and offered >= 0:
        raise IllegalActionError(f"{action} is an action of a turn, and this decision is a claim "
                                 "on the tile offered: expected a claim or a pass")


def legal_indices(legal: Sequence[Action], observation: Observation) -> list[int]:
    """The indices of the ``legal`` actions of ``observation``'s decision, ascending, each once."""
    return sorted({action_index(action, observation) for action in legal})
