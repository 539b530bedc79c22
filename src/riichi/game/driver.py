"""The loop that plays a game: agents decide for their seats, the caller for the seats it keeps.

A :class:`Driver` holds one game in progress (a :class:`~riichi.game.state.GameState`) and an
agent or ``None`` for each seat. :meth:`Driver.advance` asks the agents, one decision at a time,
until a seat without an agent is to decide or the game is over; the caller then answers with
:meth:`Driver.take`. :func:`~riichi.game.play_game` gives every seat an agent, so one
``advance`` plays the whole game; the environments of :mod:`riichi.env` keep some seats or all
of them and step many drivers from C. It is the table's one loop: in the compiled build it is an
extension type (``driver.pxd``) whose steps are C calls, and a built-in player's ``act`` is called
at C level (:func:`riichi.game.builtin_agent.decide`).

Claims are asked one seat after another, in turn order from the discarder (every seat with an
option answers before the table resolves them, so the order changes nothing of the game).

>>> from riichi.agents import RandomAgent
>>> from riichi.game import Game
>>> driver = Driver(Game("ema", seed=7).new_state(), [None, RandomAgent(1), RandomAgent(2), RandomAgent(3)])
>>> driver.advance()  # the dealer, seat 0, decides first: its seat has no agent
0
>>> action = driver.legal[0]
>>> driver.take(action) in (-1, 0)  # the others played on until seat 0 decides again
True
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, SupportsIndex

from riichi.errors import RiichiError, WrongTypeError
from riichi.game.actions import Action
from riichi.game.agent import check_agent
from riichi.game.builtin_agent import decide
from riichi.game.observation import Observation
from riichi.game.phase import OVER, TURN
from riichi.game.state import GameState
from riichi.game.turn import Turn, decide as decide_turn, listed

if TYPE_CHECKING:
    from riichi.game.agent import Agent

__all__ = ["Driver"]


class Driver:
    """One game in progress and who decides for each seat: ``agents[seat]``, or the caller where
    it is ``None``.

    :attr:`seat` is the seat whose decision waits for the caller (-1 when none: before the first
    :meth:`advance`, and once the game is over) and :attr:`legal` its legal actions, the table's
    own tuple. At the caller's turn :attr:`decided` is the turn's decision, from which the tuple
    is listed at the first read of :attr:`legal` only: the environments mark their masks from
    the decision itself (:mod:`riichi.env.actions`) and answer with :meth:`take_decided`, and a
    claim with :meth:`take_listed` (the answer's place in :attr:`legal`).
    """

    __slots__ = ("state", "agents", "seat", "decided", "_legal", "_turn", "_observation")

    if TYPE_CHECKING:  # the compiled build declares the fields in driver.pxd
        state: GameState
        agents: list[Agent | None]
        seat: int
        decided: Turn | None  # the caller's turn's decision, lent until take(); None at a claim
        _legal: tuple[Action, ...] | None  # None at a caller's turn not listed yet
        _turn: Turn  # the decision of every caller's turn, decided anew into it
        _observation: Observation

    def __init__(self, state: GameState, agents: Sequence[Agent | None]) -> None:
        if len(agents) != state.seats:
            raise RiichiError(f"expected {state.seats} agents or None, got {len(agents)}")
        for seat, agent in enumerate(agents):
            if agent is not None:
                check_agent(seat, agent)
        self.state = state
        self.agents = list(agents)
        self.seat = -1
        self.decided = None
        self._legal = ()
        self._turn = Turn.__new__(Turn)
        # The caller's observation, lent again at each of its decisions (no object made per
        # decision); an agent is given a new one each time, as it may keep it.
        self._observation = Observation.__new__(Observation)

    def advance(self) -> int:
        """Let the agents answer until a seat without an agent is to decide (returned) or the game
        is over (-1)."""
        state = self.state
        agents = self.agents
        while True:
            # the phase compared where it is, not held in a local (counted up and down each time)
            if state.phase is TURN:
                seat = state.turn
                if agents[seat] is None:
                    # decided, not listed: most callers (the environments) never read the tuple
                    decide_turn(state, self._turn)
                    self.seat = seat
                    self.decided = self._turn
                    self._legal = None
                    return seat
                legal = state.legal(seat)
            elif state.phase is OVER:
                self.seat = -1
                self.decided = None
                self._legal = ()
                return -1
            else:
                # What legal(seat) lists for the claimant still to answer, without its tests of
                # the phase and of the answers given: _next_claimant finds the seat and makes its
                # options the driver's legal.
                seat = self._next_claimant()
                legal = self._listed()
            agent = agents[seat]
            if agent is None:
                self.seat = seat
                self.decided = None
                self._legal = legal
                return seat
            state.answer(decide(agent, Observation(state, seat), legal), seat)

    @property
    def legal(self) -> tuple[Action, ...]:
        """The legal actions of :attr:`seat`'s decision, the table's own tuple (``()`` when none)."""
        return self._listed()

    def _listed(self) -> tuple[Action, ...]:
        """:attr:`legal`, a caller's turn listed at the first read."""
        legal = self._legal
        if legal is None:
            state = self.state
            # the state's own place for the turn's tuple, which GameState.legal and answer read:
            # one tuple a turn, whoever asks first
            if state.listed_actions is None:
                state.listed_actions = listed(self._turn)
            legal = self._legal = state.listed_actions
        return legal

    def take(self, action: Action) -> int:
        """The caller's answer for :attr:`seat` (checked as the answers of agents are), then
        :meth:`advance`."""
        seat = self._seat_deciding()
        self._listed()  # for the answer to be checked against
        self.state.answer(action, seat)
        return self._taken()

    def take_listed(self, index: SupportsIndex) -> int:
        """The caller's answer given as its place in :attr:`legal` (an int or a numpy integer),
        taken unchecked (the listed action itself, as :meth:`take` finds it), then
        :meth:`advance`: the environments answer a claim so, from their masks, without the
        answer looked for in the tuple again."""
        self._seat_deciding()
        if type(index) is int:  # the environments' answer: tested without a Python call
            place = index
        elif isinstance(index, bool) or not hasattr(index, "__index__"):
            raise WrongTypeError(f"index={index!r}: expected an int, the place of an action in "
                                 "legal")
        else:
            place = operator.index(index)
        legal = self._listed()
        if not 0 <= place < len(legal):
            raise RiichiError(f"expected the place of an action in legal, 0 to {len(legal) - 1}, "
                              f"got {place}")
        self.state.apply_unchecked(legal[place])
        return self._taken()

    def take_decided(self, action: Action) -> int:
        """The caller's answer to its turn, an action of :attr:`decided` as
        :func:`riichi.env.actions.turn_action` gives it, taken unchecked (no tuple is listed to
        check it against), then :meth:`advance`."""
        self._seat_deciding()
        if self.decided is None:
            raise RiichiError("the caller's decision is a claim: expected take() of one of legal")
        self.state.apply_unchecked(action)
        return self._taken()

    def _seat_deciding(self) -> int:
        """The seat whose decision waits for the caller."""
        seat = self.seat
        if seat < 0:
            raise RiichiError("no seat of the caller's is to decide: call advance() first, and "
                              "take no action once the game is over")
        return seat

    def _taken(self) -> int:
        """The observation lent for the decision taken back, then :meth:`advance`."""
        self._observation.take_back()
        return self.advance()

    def _next_claimant(self) -> int:
        """The first seat, in turn order from the discarder, still to answer the claims, its
        options made :attr:`legal` (read with the seat, not looked up by it)."""
        responses = self.state.responses
        for seat, options in self.state.claims.items():
            # before the first answer, the first seat (a size read, where a lookup of the seat
            # in the dict hashed it)
            if not responses or seat not in responses:
                self._legal = options
                return seat
        raise RiichiError("the claims are all answered, yet the table waits for one")

    def observe(self) -> Observation:
        """The observation of :attr:`seat` for its decision now, lent until :meth:`take`."""
        if self.seat < 0:
            raise RiichiError("no seat of the caller's is to decide: there is nothing to observe")
        observation = self._observation
        observation.lend(self.state, self.seat)
        return observation
