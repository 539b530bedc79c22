"""Many tables stepped at once: :class:`VectorEnv`, with Gymnasium's conventions for vector
environments and numpy arrays in and out.

Each of the ``num_envs`` tables plays one game at a time, and a new one when its game is over.
A step answers the decision waiting at every table (one action index per table, see
:mod:`riichi.env.actions`) and plays on, the built-in players or agents of the seats the caller
does not keep answering for theirs, until each table waits for a seat of the caller's again. The
whole step is one loop in C over the tables (the table's own loop, :class:`riichi.game.driver.Driver`,
the encodings and the masks all compiled): nothing is made per decision but what the table itself
makes.

Seeds: the ``k``-th game of table ``i`` is game ``n = k * num_envs + i`` of the run, played on
the walls of ``Game(rules, seed, n)`` (with ``duplicate``, the walls of deal ``n // players``, its
``n % players``-th rotation: seat ``s`` is kept by entry ``(s + rotation) % players`` of
``opponents``, so one deal is played with every entry in every seat); the built-in player in
seat ``s`` of deal ``d`` is seeded :func:`riichi.agents.registry.agent_seed` ``(seed, d, s)``, as
the simulator seeds it. The same seed gives the same games, whatever is asked in between.

>>> import numpy as np
>>> env = VectorEnv(2, "tenhou", seed=1)
>>> obs, info = env.reset()
>>> obs.shape, info["action_mask"].shape, info["seat"].tolist()
((2, 39, 34), (2, 124), [0, 0])
>>> actions = info["action_mask"].argmax(axis=1)  # the first legal index of each table
>>> obs, rewards, terminated, truncated, info = env.step(actions)
>>> rewards.shape, terminated.tolist(), info["rewards"].shape
((2,), [False, False], (2, 4))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias, Union

import numpy as np

try:  # the compiled build gives the mask's rows to riichi.env.actions as C pointers
    import cython
except ModuleNotFoundError:
    from riichi._no_cython import cython

from riichi.agents.registry import BUILTIN_PLAYERS, agent_seed
from riichi.env import rewards as _rewards
from riichi.env.actions import (
    NUM_ACTIONS, fill_row, illegal_index, integer_indices, turn_action,
)
if not cython.compiled:  # the compiled build cimports it, a C function of the rows' pointers
    from riichi.env.actions import fill_turn_at
from riichi.env.encoders import PLANES, PondPlanes, encoding_code
if not cython.compiled:  # the compiled build cimports it, inline (encoders.pxd)
    from riichi.env.encoders import write_compact_row, write_row
from riichi.errors import RiichiError, WrongTypeError, named_int, quoted
from riichi.game.agent import Agent
from riichi.game.driver import Driver
from riichi.game.game import Game, GameResult, abort_game, end_game, start_game
from riichi.game.observation import Observation
from riichi.game.state import GameState
from riichi.rules import RuleSet

if TYPE_CHECKING:
    from riichi.game.actions import Action
    from riichi.game.flow import Position

__all__ = ["VectorEnv", "Opponent"]

_ACTIONS = NUM_ACTIONS  # a C constant in the compiled build (vector.pxd)

Opponent: TypeAlias = Union[str, Agent, Callable[[int], Agent], None]
"""Who keeps a seat: ``None`` (the caller), a built-in player's name (``"defensive"``: a new one
for every game, seeded as the simulator seeds it), an agent's class or any function of a seed that
makes one, or an agent itself (for one table and one seat only: an agent plays one seat of one
game at a time)."""


class VectorEnv:
    """``num_envs`` tables of ``rules``, stepped together; see the module's documentation.

    ``encoding`` names the observation's planes (:data:`riichi.env.encoders.PLANES`) and
    ``reward`` the reward (:mod:`riichi.env.rewards`). ``opponents`` gives, seat by seat, who
    keeps the seats the caller does not (see :data:`Opponent`); by default the caller keeps every
    seat. ``copy=False`` returns the environment's own arrays (overwritten by the next step)
    rather than copies. ``record_events`` keeps each game's events, and ``on_game_end`` is called
    with the table's index and the :class:`~riichi.game.GameResult` of each game that ends.
    """

    def __init__(
        self,
        num_envs: int,
        rules: RuleSet | str = "tenhou",
        seed: int | None = None,
        *,
        encoding: str = "compact-v1",
        reward: str = "points",
        opponents: Sequence[Opponent] | None = None,
        duplicate: bool = False,
        copy: bool = True,
        record_events: bool = False,
        on_game_end: Callable[[int, GameResult], None] | None = None,
    ) -> None:
        tables = named_int("num_envs", num_envs, "an int >= 1")  # numpy's integers too, no bool
        if tables < 1:
            raise RiichiError(f"num_envs={tables}: expected an int >= 1")
        self.num_envs = tables
        self._expected = f"{tables} integer action indices"  # made once: step() names it if need be
        self.rules = Game(rules).rules  # refuses rules the engine does not play
        self.players = self.rules.players
        # Each name checked before it is kept: the compiled attribute would refuse one of
        # another type than str with a TypeError naming no setting.
        self._code = encoding_code(encoding)
        self.encoding = encoding
        self._reward = _rewards.reward_code(reward)
        self.reward = reward
        self._scale = _rewards.step_scale(self._reward)
        self._entries = _entries(opponents, self.players, num_envs)
        self.duplicate = _switch("duplicate", duplicate)
        self.copy = _switch("copy", copy)
        self.record_events = _switch("record_events", record_events)
        if on_game_end is not None and not callable(on_game_end):  # else a bare error mid-step
            raise WrongTypeError(f"on_game_end={quoted(on_game_end)}: expected a function of the "
                                 "table's index and the game's GameResult, or None")
        self.on_game_end = on_game_end
        self._red = bool(self.rules.red_fives)
        self._hooked = any(e is not None and not isinstance(e, str) for e in self._entries)
        self._seed = Game(self.rules, seed).seed
        # What a step returns, and the same memory as the compiled loop writes it (a typed
        # memoryview there; the array itself when interpreted); the rest is the tables' own.
        planes = len(PLANES[encoding])
        self._obs = np.zeros((num_envs, planes, 34), np.float32)
        self._obs_c = self._obs
        self._ponds = PondPlanes(num_envs, self.players)
        self._mask = np.zeros((num_envs, NUM_ACTIONS), np.bool_)
        self._mask_c = self._mask.view(np.uint8)
        self._seat = np.full(num_envs, -1, np.int64)
        self._seat_c = self._seat
        self._rewards = np.zeros(num_envs, np.float32)
        self._rewards_c = self._rewards
        self._seat_rewards = np.zeros((num_envs, self.players), np.float32)
        self._seat_rewards_c = self._seat_rewards
        self._terminated = np.zeros(num_envs, np.bool_)
        self._terminated_c = self._terminated.view(np.uint8)
        self._truncated = np.zeros(num_envs, np.bool_)
        self._index = np.full((num_envs, NUM_ACTIONS), -1, np.int16)  # action index -> legal[k]
        # The actions of a step, copied in once checked: read from C without a view made per step
        self._chosen = np.zeros(num_envs, np.int64)
        self._chosen_c = self._chosen
        self._done = np.zeros(num_envs, np.uint8)  # the game ended at the last step
        self._last = np.zeros((num_envs, self.players), np.int64)  # the scores paid so far
        # The table's position when the scores were last paid: a new one for every change of score
        self._paid_at: list[Position | None] = [None] * num_envs
        self._start = np.zeros((num_envs, self.players), np.int64)  # the scores the game began at
        self._counters = np.zeros(num_envs, np.int64)  # games begun at each table
        self._drivers: list[Driver | None] = [None] * num_envs
        self._games: list[Game | None] = [None] * num_envs
        every = np.ones(num_envs, np.bool_)
        self._info: dict[str, Any] = {
            "action_mask": self._mask, "seat": self._seat, "rewards": self._seat_rewards,
            "_action_mask": every, "_seat": every, "_rewards": every,
        }

    # ---- Gymnasium's interface ---------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a new game at every table: the run's first games when ``seed`` is given (the
        games of that seed), else the games after those played so far."""
        first = 0
        if seed is not None:
            self._seed = Game(self.rules, seed).seed
        else:
            for i in range(self.num_envs):
                first = max(first, self._counters[i])
        self.close()
        for i in range(self.num_envs):
            self._counters[i] = first
            self._done[i] = 0
            self._begin(i)
        self._rewards[:] = 0
        self._seat_rewards[:] = 0
        self._terminated[:] = False
        return self._out(self._obs), self._info_out()

    def step(self, actions: object) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                              dict[str, Any]]:
        """Answer each table's decision with ``actions[i]`` (an index of the action space, legal
        by ``info["action_mask"]``; ignored at a table whose game ended at the last step, which
        starts its next game instead) and play on to the next decision of each."""
        self._checked(actions)
        self._advance_all(self._chosen_c)
        return (self._out(self._obs), self._out(self._rewards), self._out(self._terminated),
                self._out(self._truncated), self._info_out())

    def close(self) -> None:
        """Let every table's game go (its agents are told, as of a game stopped)."""
        for i in range(self.num_envs):
            driver = self._drivers[i]
            if driver is not None and driver.seat >= 0:
                abort_game(driver.agents, RiichiError("the environment was closed"))
            self._drivers[i] = None

    # ---- one table ---------------------------------------------------------------------------

    def observation(self, table: int) -> Observation:
        """The observation of the decision waiting at ``table``, lent until the next step."""
        return self._driver(table).observe()

    def legal_actions(self, table: int) -> tuple[Action, ...]:
        """The legal actions of the decision waiting at ``table``, as the table lists them."""
        return self._driver(table).legal

    def state(self, table: int) -> GameState:
        """The game in progress at ``table`` (every hand and the wall: the caller's own table)."""
        return self._driver(table).state

    def _driver(self, table: int) -> Driver:
        number = named_int("table", table, f"an int 0-{self.num_envs - 1}")  # numpy's too
        if not 0 <= number < self.num_envs:
            raise RiichiError(f"table={number}: expected an int 0-{self.num_envs - 1}")
        table = number
        driver = self._drivers[table]
        if driver is None or driver.seat < 0:
            raise RiichiError(f"table {table} waits for no decision (reset(), or step() after "
                              "its game ended)")
        return driver

    # ---- the steps ---------------------------------------------------------------------------

    def _checked(self, actions: object) -> None:
        """``actions`` copied into the step's indices, one per table, each checked legal where a
        decision waits; nothing else is changed when one is not."""
        if self._drivers[0] is None:
            raise RiichiError("step() before reset() or after close(): call reset() first")
        if not (cython.compiled and _copied(actions, cython.address(self._chosen_c[0]),
                                            self.num_envs)):
            integer_indices(actions, (self.num_envs,), self._expected, self._chosen)
        self._check_legal(self._chosen_c)

    def _check_legal(self, chosen: np.ndarray) -> None:
        for i in range(self.num_envs):
            a = chosen[i]
            if not self._done[i] and not (0 <= a < _ACTIONS and self._mask_c[i, a]):
                raise illegal_index(f"actions[{i}]", a, f"seat {self._seat[i]} at table {i}",
                                    self._mask[i])

    def _advance_all(self, chosen: np.ndarray) -> None:
        # Cleared for every table at once: most steps pay no one and end no game.
        self._seat_rewards_c[:, :] = 0
        self._rewards_c[:] = 0
        self._terminated_c[:] = 0
        # The rows read at every table as C arrays (a memoryview attribute is tested set at each
        # read): the environment's own arrays, which nothing resizes.
        done: Any
        index: Any
        paid: Any
        rewards: Any
        if cython.compiled:
            done = cython.address(self._done[0])
            index = cython.address(self._index[0, 0])
            paid = cython.address(self._seat_rewards_c[0, 0])
            rewards = cython.address(self._rewards_c[0])
        else:
            done, index = self._done, self._index.reshape(-1)
            paid, rewards = self._seat_rewards_c.reshape(-1), self._rewards_c
        players = self.players
        # One try for the whole loop (a try saves and restores the exception state at each
        # entry): an error while a table takes its answer ends that table's game.
        taking = -1
        try:
            for i in range(self.num_envs):
                if done[i]:
                    done[i] = 0
                    self._begin(i)
                    continue
                driver = self._drivers[i]
                assert driver is not None  # every table has a game from reset() on
                acting = driver.seat
                slot = chosen[i]
                turn = driver.decided
                taking = i
                if turn is None:  # a claim: the index row holds places in its tuple
                    driver.take_listed(index[i * _ACTIONS + slot])
                else:  # a turn, never listed: the row holds what turn_action needs
                    driver.take_decided(turn_action(turn, slot, index[i * _ACTIONS + slot]))
                taking = -1
                state = driver.state
                # The table makes a new position (its round, counters and sticks) at every change
                # of score, a riichi stick put down or a hand's end: the scores are read only then.
                if state.position is not self._paid_at[i]:
                    self._pay(i, state)
                if driver.seat < 0:
                    self._end(i)
                else:
                    self._observe(i, driver)
                rewards[i] = paid[i * players + acting]
        except BaseException as error:
            if taking >= 0:
                table = self._drivers[taking]
                assert table is not None
                abort_game(table.agents, error)
            raise

    def _begin(self, i: int) -> None:
        """Start table ``i``'s next game and play to the caller's first decision."""
        while True:
            n = int(self._counters[i]) * self.num_envs + i
            self._counters[i] += 1
            players = self.players
            deal, rotation = divmod(n, players) if self.duplicate else (n, 0)
            game = Game(self.rules, self._seed, deal)
            agents = [self._agent((s + rotation) % players, deal, s) for s in range(players)]
            try:
                state = start_game(game, agents, record_events=self.record_events)
                driver = Driver(state, agents)
                scores = state.scores
                for s in range(players):
                    self._last[i, s] = scores[s]
                    self._start[i, s] = scores[s]
                self._paid_at[i] = state.position
                self._drivers[i] = driver
                self._games[i] = game
                seat = driver.advance()
            except BaseException as error:
                abort_game(agents, error)
                raise
            if seat >= 0:
                self._observe(i, driver)
                return
            # Over before the caller's first decision: no step reports a game the caller had no
            # part in (on_game_end still hears of it); the table deals its next one.
            self._end(i)
            self._done[i] = 0
            self._terminated_c[i] = 0
            for s in range(players):
                self._seat_rewards_c[i, s] = 0

    def _agent(self, k: int, deal: int, seat: int) -> Agent | None:
        """The player of ``seat`` in ``deal``, as entry ``k`` of ``opponents`` gives it."""
        entry = self._entries[k]
        if entry is None:
            return None
        if isinstance(entry, str):
            return BUILTIN_PLAYERS[entry].make(seed=agent_seed(self._seed, deal, seat))
        if isinstance(entry, type) or not callable(getattr(entry, "act", None)):
            made = entry(agent_seed(self._seed, deal, seat))  # type: ignore[operator]
            if not callable(getattr(made, "act", None)):  # else a bare error at its turn
                raise RiichiError(f"opponents[{k}] made {quoted(made)}, which has no act() "
                                  "method: expected a function of a seed that makes an agent "
                                  "(riichi.agents.Agent)")
            return made
        return entry  # type: ignore[return-value]

    def _observe(self, i: int, driver: Driver) -> None:
        """Encode the decision waiting at table ``i`` and mark its legal actions."""
        observation = driver.observe()
        turn = driver.decided
        # A turn has a drawn tile but no tile offered, a claim the reverse: only one is read, at a
        # turn from its decision (the observation's drawn_tile, without the call).
        if turn is None:
            drawn, offered = -1, observation.offered_tile()
        else:
            drawn, offered = turn.drawn, -1
        if cython.compiled and self._code == 0:  # the row's first value (see write_compact_row)
            write_compact_row(observation, cython.address(self._obs_c[i, 0, 0]), self._ponds, i,
                              drawn, offered)
        else:
            write_row(self._code, observation, driver.state, self._obs_c, i, self._ponds, i,
                      drawn, offered)
        if turn is None:
            fill_row(driver.legal, drawn, offered, self._red, self._mask_c, i, self._index, i)
        elif cython.compiled:  # the caller's turn, marked without listing its tuple
            fill_turn_at(turn, self._red, cython.address(self._mask_c[i, 0]),
                         cython.address(self._index[i, 0]))
        else:
            fill_turn_at(turn, self._red, self._mask_c[i], self._index[i])
        self._seat_c[i] = driver.seat

    def _pay(self, i: int, state: GameState) -> None:
        """Each seat's reward for the changes of score since the last payment, at a step that
        made a new position (_advance_all cleared the rewards: a seat whose score did not change
        keeps 0)."""
        self._paid_at[i] = state.position
        scores = state.scores
        last: Any
        paid: Any
        if cython.compiled:  # the rows read as C arrays: a memoryview attribute is checked
            # initialized at every read. i < num_envs and s < players, the arrays' shape.
            last = cython.address(self._last[i, 0])
            paid = cython.address(self._seat_rewards_c[i, 0])
        else:
            last = self._last[i]
            paid = self._seat_rewards_c[i]
        for s in range(self.players):
            now = scores[s]
            if now != last[s]:  # most steps change no score: nothing written
                paid[s] = (now - last[s]) * self._scale
                last[s] = now

    def _end(self, i: int) -> None:
        """Table ``i``'s game is over: the rewards of its end, its result to whom asks for it."""
        driver = self._drivers[i]
        game = self._games[i]
        assert driver is not None and game is not None
        state = driver.state
        assert state.final_scores is not None and state.results is not None
        assert state.ranks is not None
        start = [self._start[i, s] for s in range(self.players)]
        final = _rewards.final_rewards(self._reward, self.rules, start, state.final_scores,
                                       state.results, state.ranks)
        for s in range(self.players):
            self._seat_rewards_c[i, s] += final[s]
        if self.on_game_end is not None or self._hooked:
            result = end_game(state, game, driver.agents)
            if self.on_game_end is not None:
                self.on_game_end(i, result)
        self._terminated_c[i] = 1
        self._done[i] = 1
        self._seat_c[i] = -1
        self._obs_c[i, :, :] = 0
        self._mask_c[i, :] = 0
        self._index[i, :] = -1

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _info_out(self) -> dict[str, Any]:
        if not self.copy:
            return self._info
        return {key: value.copy() for key, value in self._info.items()}

    # ---- spaces (with the ``env`` extra) -----------------------------------------------------

    @property
    def single_observation_space(self) -> Any:
        """A Gymnasium ``Box`` of one table's planes (needs the ``env`` extra)."""
        from riichi.env.spaces import planes_space

        return planes_space(self.encoding)

    @property
    def single_action_space(self) -> Any:
        """``Discrete(124)`` (needs the ``env`` extra)."""
        from riichi.env.spaces import action_space

        return action_space()

    @property
    def observation_space(self) -> Any:
        """The batched ``Box`` of every table's planes (needs the ``env`` extra)."""
        from riichi.env.spaces import batched

        return batched(self.single_observation_space, self.num_envs)

    @property
    def action_space(self) -> Any:
        """``MultiDiscrete`` of every table's action index (needs the ``env`` extra)."""
        from riichi.env.spaces import batched

        return batched(self.single_action_space, self.num_envs)

    @property
    def metadata(self) -> dict[str, Any]:
        """Gymnasium's metadata: the tables start their next game at the step after one ends."""
        from riichi.env.spaces import next_step_autoreset

        return {"autoreset_mode": next_step_autoreset()}


def _copied(actions: object, chosen: np.ndarray, n: int) -> bool:  # chosen: int64_t* compiled
    """Whether ``actions`` is what :func:`~riichi.env.actions.sample_actions` gives, a numpy
    array itself of ``n`` int64 indices, C-contiguous in the machine's byte order, and so was
    copied into ``chosen`` in one memcpy (the compiled build's): integer_indices, which takes
    anything, checks and converts it with numpy calls that cost ~65 instructions a table."""
    if type(actions) is not cnp.ndarray:  # type: ignore[name-defined]
        return False
    given: Any = actions
    if not (cnp.PyArray_NDIM(given) == 1  # type: ignore[name-defined]
            and cnp.PyArray_DIMS(given)[0] == n  # type: ignore[name-defined]
            and cnp.PyArray_TYPE(given) == cnp.NPY_INT64  # type: ignore[name-defined]
            and cnp.PyArray_IS_C_CONTIGUOUS(given)  # type: ignore[name-defined]
            and cnp.PyArray_ISNOTSWAPPED(given)):  # type: ignore[name-defined]
        return False
    memcpy(chosen, cnp.PyArray_DATA(given),  # type: ignore[name-defined]
           n * cython.sizeof(cython.longlong))
    return True


def _switch(name: str, value: object) -> bool:
    """A setting that is on or off: a bool (numpy's too), never a truthy string such as "false"."""
    if not isinstance(value, (bool, np.bool_)):
        raise WrongTypeError(f"{name}={quoted(value)}: expected True or False")
    return bool(value)


def _entries(opponents: Sequence[Opponent] | None, players: int, tables: int) -> list[Opponent]:
    """``opponents`` checked: one entry per seat, at least one the caller's."""
    if opponents is None:
        return [None] * players
    if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence) \
            or len(opponents) != players:
        raise RiichiError(f"opponents={quoted(opponents)}: expected {players} entries, None for "
                          "each seat the caller keeps")
    entries = list(opponents)
    for seat, entry in enumerate(entries):
        if entry is None:
            continue
        if isinstance(entry, str):
            if entry not in BUILTIN_PLAYERS:
                raise RiichiError(f"opponents[{seat}]={entry!r}: expected a built-in player "
                                  f"({', '.join(BUILTIN_PLAYERS)}), an agent or None")
        elif not isinstance(entry, type) and callable(getattr(entry, "act", None)):
            first = next(k for k, other in enumerate(entries) if other is entry)
            if first < seat:
                raise RiichiError(
                    f"opponents[{seat}] is the agent of opponents[{first}] too: an agent plays "
                    "one seat (the game tells it which); pass one agent per seat, its class, or "
                    "a function of a seed that makes one")
            if tables > 1:
                raise RiichiError(
                    f"opponents[{seat}] is an agent, which plays one game at a time, and there "
                    f"are {tables} tables: pass its class, or a function of a seed that makes one")
        elif not callable(entry):
            raise RiichiError(f"opponents[{seat}]={quoted(entry)}: expected a built-in player's "
                              "name, an agent, its class, a function of a seed or None")
    if all(entry is not None for entry in entries):
        raise RiichiError("opponents keeps every seat: leave at least one None for the caller")
    return entries
