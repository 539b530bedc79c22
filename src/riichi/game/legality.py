"""Which answers the table accepts: a listed action, or a chi or pon that makes a listed call
with other copies of the same tiles; and the error that says why any other answer is refused.

Only an action of one of the game's own types whose fields are plain ints is compared, so an object
with a strange ``__eq__`` or strange fields cannot pass for a legal action (in the compiled build
the fields of an action are C ints, in the interpreted one they are checked here).

>>> from riichi.game import Game, Discard
>>> state = Game("ema", seed=3).new_state()
>>> listed(state, Discard(0, state.legal(0)[0].tile)) is state.legal(0)[0]
True
>>> print(refusal(state, Discard(1, 0), None))
Discard(seat=1, tile=0) is not legal now (phase turn); legal for seat 1: []
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riichi.errors import IllegalActionError, quoted
from riichi.game.actions import Action, Chi, Pon
from riichi.game.call_options import listed_call
from riichi.game.phase import Phase
from riichi.game.prebuilt import ACTION_TYPES

if TYPE_CHECKING:
    from riichi.game.state import GameState

__all__ = ["listed", "listed_text", "refusal"]


def listed(state: GameState, action: object) -> Action | None:
    """The listed action equal to ``action``, a copy of a chi or pon that makes a listed call,
    or None.

    Only an action of one of the game's own types whose fields are plain ints is compared, so
    an object with a strange ``__eq__`` or strange fields cannot pass for a legal action.
    """
    if type(action) not in ACTION_TYPES or not _plain_fields(action):
        return None
    act: Action = action  # type: ignore[assignment]  # checked above; cast() is a call when compiled
    seat = act.seat
    if not 0 <= seat < state.seats:
        return None
    legal = state.legal(seat)
    for offered in legal:
        if offered is act:  # what an agent returns: the listed object itself
            return offered
    for offered in legal:
        if offered == act:  # a copy, compared by value (field by field: slower)
            return offered
    if isinstance(act, (Chi, Pon)) and listed_call(act, state.players[seat].hand, state.rules.red_fives) in legal:
        # The same call with other plain copies: made anew, so the state holds its own.
        return type(act)(seat, act.tiles)
    return None


def refusal(state: GameState, action: object, seat: int | None) -> IllegalActionError:
    """The error for an action :meth:`apply` refuses (``seat``: whose agent returned it)."""
    who = f"seat {seat}'s agent returned " if seat is not None else ""
    # what the agent's seat could have answered, told with every refusal of an agent's answer
    could = "" if seat is None else f"; legal for seat {seat}: {listed_text(state.legal(seat))}"
    if type(action) not in ACTION_TYPES or not _plain_fields(action):
        return IllegalActionError(
            f"{who}{quoted(action)}: expected one of the actions of riichi.game.actions, with int "
            f"fields{could}"
        )
    actor: int = action.seat  # type: ignore[attr-defined]  # an action, checked above
    if not 0 <= actor < state.seats:
        return IllegalActionError(
            f"{who}{quoted(action)}: expected an action of a seat 0-{state.seats - 1}{could}"
        )
    if seat is not None and actor != seat:
        return IllegalActionError(
            f"{who}{quoted(action)}, an action of seat {actor}: an agent acts for its own seat "
            f"only{could}"
        )
    # An action of the game's own types, the phase and the listed tuple cannot change: the text
    # is written from them when it is read (a caller that catches the refusal need not read it).
    phase = state.phase
    legal = state.legal(actor)
    return IllegalActionError.described_by(lambda: _not_legal(who, action, actor, phase, legal))


def _not_legal(who: str, action: object, actor: int, phase: Phase,
               legal: tuple[Action, ...]) -> str:
    """The message of a refusal of ``action``, legal neither in ``phase`` nor among ``legal``,
    the actions of its seat ``actor`` (``who``: the agent that returned it, or empty)."""
    shown = quoted(action)
    subject = f"{who}{shown}, which is" if who else f"{shown} is"
    listed = listed_text(legal)
    return f"{subject} not legal now (phase {phase.value}); legal for seat {actor}: {listed}"


def listed_text(legal: tuple[Action, ...]) -> str:
    """``legal`` as an error message lists it: the first eight, then ``...``.

    >>> listed_text(())
    '[]'
    """
    return "[" + ", ".join([repr(a) for a in legal[:8]]) + (", ...]" if len(legal) > 8 else "]")


def _plain_fields(action: object) -> bool:
    """Whether every field of an action is an int or a tuple of ints (nothing that could compare
    or index strangely)."""
    for name in action._fields:  # type: ignore[attr-defined]
        value = getattr(action, name)
        if type(value) is not int and not (
            type(value) is tuple and all(type(v) is int for v in value)
        ):
            return False
    return True
