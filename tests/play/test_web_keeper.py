"""The games the web server keeps for its tabs (:class:`~riichi.play.web.keeper.Keeper`) and the
socket's ``resume`` message: only the session id reaches a game; ids are random and long; a game
whose tab went away waits a while, and the oldest go first when too many wait; a tab that takes a
game up with its id takes it from the tab that had it, which can no longer play it."""

from __future__ import annotations

import json
import re
from typing import Any

from riichi.play.web.keeper import ID_BYTES, Keeper
from tests.support.web import open_socket, receive_until, served  # noqa: F401 - served is a fixture


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_session_ids_are_long_random_and_distinct() -> None:
    keeper: Keeper[int] = Keeper()
    owner = object()
    keys = [keeper.add(n, owner) for n in range(2_000)]
    assert len(set(keys)) == len(keys) and ID_BYTES >= 16  # 128 bits or more
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{32}", key) for key in keys)
    assert [keeper.take(key, owner) for key in keys[:3]] == [0, 1, 2]
    assert keeper.take(keys[0][:-1] + ("A" if keys[0][-1] != "A" else "B"), owner) is None


def test_a_game_waits_for_its_tab_a_while_and_an_open_one_always() -> None:
    clock = Clock()
    keeper: Keeper[str] = Keeper(keep=60.0, clock=clock)
    tab, reloaded = object(), object()
    left, open_ = keeper.add("left", tab), keeper.add("open", object())
    keeper.leave(left, tab)
    clock.now = 59.0
    assert keeper.take(left, reloaded) == "left"  # back in time
    keeper.leave(left, reloaded)
    clock.now = 59.0 + 60.5
    assert keeper.take(left, reloaded) is None and len(keeper) == 1
    clock.now = 10_000.0
    assert keeper.take(open_, reloaded) == "open"  # never dropped while its tab is open


def test_the_oldest_waiting_games_go_first() -> None:
    clock = Clock()
    keeper: Keeper[int] = Keeper(keep=1e9, most=2, clock=clock)
    owners = [object() for _ in range(3)]
    keys = [keeper.add(n, owners[n]) for n in range(3)]
    for n in range(3):
        clock.now = float(n)
        keeper.leave(keys[n], owners[n])
    assert [keeper.take(key, object()) for key in keys] == [None, 1, 2]


def test_only_the_tab_showing_a_game_replaces_or_leaves_it() -> None:
    keeper: Keeper[str] = Keeper()
    tab, stranger = object(), object()
    key = keeper.add("first", tab)
    keeper.replace(key, "forged", stranger)
    keeper.leave(key, stranger)
    assert keeper.owner(key) is tab and keeper.take(key, tab) == "first"
    keeper.replace(key, "second", tab)
    assert keeper.take(key, tab) == "second"


def _start(socket: Any, seed: int) -> tuple[str, dict[str, Any]]:
    receive_until(socket, "hello")
    socket.send(json.dumps({"type": "new", "rules": "cardavia", "seed": seed}))
    session = receive_until(socket, "session")
    return session["id"], receive_until(socket, "view")


def test_resume_over_the_socket(served: Any) -> None:  # noqa: F811 - the fixture
    with open_socket(served) as first:
        key, view = _start(first, 4)
        first.send(json.dumps({"type": "act", "move": view["move"], "action": 0}))
        moved = receive_until(first, "view")
        while not moved["actions"]:  # the AI plays on to your next decision
            moved = receive_until(first, "view")
        with open_socket(served) as stranger:
            receive_until(stranger, "hello")
            for bad, code in (({"session": "A" * 32}, "session"), ({"session": ["x"]}, "session"),
                              ({"session": "x" * 5_000}, "refused"), ({}, "session")):
                stranger.send(json.dumps({"type": "resume", **bad}))
                error = receive_until(stranger, "error")
                assert error["code"] == code, error
            stranger.send(json.dumps({"type": "act", "move": moved["move"], "action": 0}))
            assert "no game yet" in receive_until(stranger, "error")["message"]
            # with the id, the game as it is; the first tab is told and may no longer play it
            stranger.send(json.dumps({"type": "resume", "session": key}))
            assert receive_until(stranger, "session") == {"type": "session", "id": key, "resumed": True}
            taken = receive_until(stranger, "view")
            assert (taken["move"], taken["you"]["hand"]) == (moved["move"], moved["you"]["hand"])
            assert receive_until(first, "error")["code"] == "moved"
            first.send(json.dumps({"type": "act", "move": taken["move"], "action": 0}))
            assert "no game yet" in receive_until(first, "error")["message"]
