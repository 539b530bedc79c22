"""A cheating agent: it plays legal random moves and, at every decision, tries every route out of
what it was handed towards the table's hidden state (another seat's concealed tiles, the wall).

It is shared by the tests of the sealed observation (the agent in the table's process) and of the
isolated runner (the agent in a process of its own), so both are held to the same list of routes.
:attr:`CheatingAgent.leaks` maps each route to the number of decisions at which it reached a table
object that holds hidden tiles: a :class:`~riichi.game.state.GameState` whose other seats hold
concealed tiles, a :class:`~riichi.game.player.Player` whose hand is not this seat's, or a
:class:`~riichi.game.wall.Wall` with tiles in it. Given ``report=PATH`` it also writes them there
as JSON when the game ends (the isolated runner's test reads them from the child that way);
given ``fail_at=N`` it raises at its N-th decision, and searches the traceback it is then handed.
"""

from __future__ import annotations

import copy
import gc
import json
import pickle
import random
import sys
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any

ROUTES = (
    "attributes", "referents", "reduce", "pickle", "copy", "events", "hooks", "frames",
    "traceback", "referrers", "objects",
)
"""Every route the agent tries, in the order it tries them."""

_TABLE_TYPES = {"GameState", "Player", "Wall"}
_MAX_OBJECTS = 400_000  # more than every object of the process: a walk ends by exhaustion


class CheatingAgent:
    """Legal random moves, and a search for the hidden tiles from everything it is handed."""

    def __init__(self, seed: int = 0, report: str | None = None, searches: int = 2,
                 fail_at: int | None = None) -> None:
        self._random = random.Random(seed)
        self._fail_at = fail_at  # the decision at which it raises, to be handed a traceback
        self._searches = searches  # the decisions that search: the first ones
        self._report = report
        self.leaks: dict[str, int] = dict.fromkeys(ROUTES, 0)
        self.decisions = 0
        self._events: list[object] = []
        self._hooks: list[object] = []

    # --- the hooks: each argument is something else to search from ------------------------------
    def on_game_start(self, seat: int, rules: object) -> None:
        self._seat = seat
        self._hooks.append(rules)

    def on_event(self, event: object) -> None:
        self._events.append(event)

    def on_game_end(self, result: object) -> None:
        self._hooks.append(result)
        self._write()

    def on_game_abort(self, error: BaseException) -> None:
        frames = []
        tb = error.__traceback__
        while tb is not None:
            frames.append(tb.tb_frame)
            tb = tb.tb_next
        self._try("traceback", lambda: [f.f_locals for f in frames] + [error.args])
        self._write()

    # --- a decision ------------------------------------------------------------------------------
    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        self.decisions += 1
        self._own = sorted(observation.hand)
        if self.decisions <= self._searches:  # a search walks the whole process
            self._search(observation, legal_actions)
        if self.decisions == self._fail_at:
            raise RuntimeError("the cheating agent stops the game, to be handed its traceback")
        return self._random.choice(list(legal_actions))

    def _search(self, observation: Any, legal_actions: Sequence[Any]) -> None:
        starts: list[object] = [observation, legal_actions, *legal_actions]
        self._try("attributes", lambda: [_attribute(observation, name) for name in
                                         dir(observation)] + [getattr(observation, "_state", None)])
        self._try("referents", lambda: starts)
        self._try("reduce", lambda: [_call(o.__reduce_ex__, 2) for o in starts] +
                  [_call(o.__reduce__) for o in starts])
        self._try("pickle", lambda: [_call(lambda o=o: pickle.loads(pickle.dumps(o))) for o in starts])
        self._try("copy", lambda: [_call(copy.copy, o) for o in starts] +
                  [_call(copy.deepcopy, o) for o in starts])
        self._try("events", lambda: self._events)
        self._try("hooks", lambda: self._hooks)
        self._try("frames", _frame_locals)
        self._try("referrers", lambda: gc.get_referrers(
            *starts, observation.position, observation.rules, observation.dora_indicators))
        self._try("objects", gc.get_objects)

    def _try(self, route: str, reach: Callable[[], Iterable[object]]) -> None:
        try:
            starts = list(reach())
        except Exception:  # a refused route is a closed one
            return
        if _finds_hidden(starts, self._own):
            self.leaks[route] += 1

    def _write(self) -> None:
        if self._report is not None:
            with open(self._report, "w", encoding="utf-8") as out:
                json.dump({"leaks": self.leaks, "decisions": self.decisions}, out)


def _attribute(obj: object, name: str) -> object:
    try:
        return getattr(obj, name)
    except Exception:
        return None


def _call(function: Callable[..., object], *args: object) -> object:
    try:
        return function(*args)
    except Exception:
        return None


def _frame_locals() -> list[object]:
    """The locals of every frame above the agent's own: the table's and its callers'."""
    out: list[object] = []
    frame = sys._getframe(1)
    while frame.f_code is not CheatingAgent._search.__code__:
        frame = frame.f_back  # type: ignore[assignment]
    frame = frame.f_back.f_back  # type: ignore[union-attr]  # past act, to its caller
    while frame is not None:
        out.append(dict(frame.f_locals))
        frame = frame.f_back
    return out


def _finds_hidden(starts: list[object], own: list[int]) -> bool:
    """Whether a walk of referents from ``starts`` meets a table object holding hidden tiles."""
    seen: set[int] = set()
    todo = deque(starts)  # breadth first: what is near the start is met before the limit
    while todo and len(seen) < _MAX_OBJECTS:
        obj = todo.popleft()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if type(obj).__name__ in _TABLE_TYPES and _holds_hidden(obj, own):
            return True
        todo.extend(gc.get_referents(obj))
        if isinstance(obj, dict):
            todo.extend(obj.values())
    return False


def _holds_hidden(obj: Any, own: list[int]) -> bool:
    name = type(obj).__name__
    try:
        if name == "Wall":
            return bool(obj.yama)
        if name == "Player":
            return bool(obj.hand) and sorted(obj.hand) != own
        return any(_holds_hidden(p, own) for p in obj.players) or _holds_hidden(obj.wall, own)
    except Exception:
        return False
