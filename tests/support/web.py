"""Shared by the web game's tests: what a hidden tile is, a replay of a game from the messages
the browser sent, the players the tests use for the human seat, and the real server (a fixture)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from riichi.game import GameState
from riichi.play.web.session import MessageError, WebGame

# Every key a message from the server may hold, and those whose values are 136-ids (an int, or a
# list of ints). A new key must be added here, so that no field escapes the hidden-tile check.
TILE_KEYS = {"hand", "drawn", "tile", "tiles", "called", "dora_indicators", "ura_indicators",
             "concealed", "winning_tile"}
KNOWN_KEYS = TILE_KEYS | {
    "type", "game", "rules", "seed", "opponents", "one_hand", "move", "round", "wind", "kyoku",
    "honba", "sticks", "wall", "dora", "seats", "seat", "score", "riichi", "concealed_count",
    "pond", "claimed", "tsumogiri", "melds", "kind", "from", "turn", "last_discarder", "you",
    "waits", "furiten", "claim", "chankan", "actions", "i", "action", "tile_type", "hint",
    "shanten", "unseen", "ukeire", "summary", "ending", "reason", "position", "round_wind",
    "dealer", "wins", "wait", "yaku", "fu_items", "fu", "han", "limit", "points", "sticks_won",
    "deltas", "scores", "tenpai", "noten_total", "more_summaries", "over", "final", "ranks",
    "presets", "text", "message", "code", "id", "resumed", "hint_tsumo", "leftover",
    "start_scores", "leftover_sticks", "results", "return_points", "uma", "oka",
    "players", "kita", "three_player_presets", "red_fives", "pao",
}


def walk(message: Any) -> Iterator[tuple[str, Any]]:
    """Every (key, value) pair in a JSON message, at any depth."""
    if isinstance(message, dict):
        for key, value in message.items():
            yield key, value
            yield from walk(value)
    elif isinstance(message, list):
        for item in message:
            yield from walk(item)


def tile_ids(message: Any) -> set[int]:
    """The 136-ids a message holds (the values of its tile keys)."""
    out: set[int] = set()
    for key, value in walk(message):
        if key in TILE_KEYS:  # a fu item's "tile" is notation, not an id: only ints count
            values = value if isinstance(value, list) else [value]
            out.update(v for v in values if isinstance(v, int))
    return out


class Played:
    """A game played step by step, keeping the table as it was just before its first hand
    ended (a whole game deals the next hand at once, so the state after is another hand's)."""

    def __init__(self, game: WebGame) -> None:
        self.game = game
        self.end_state: GameState | None = None

    def step(self, move: Callable[[], object]) -> None:
        before = self.game.table.state.clone()
        move()
        if self.end_state is None and self.game.table.summary is not None:
            self.end_state = before

    def hidden_at_end(self) -> set[int]:
        """The 136-ids nobody but their owner (or nobody) saw during the first hand: the AI
        seats' concealed tiles (those the summary lays open excepted) and the walls, dora
        indicators excepted."""
        state, summary = self.end_state, self.game.table.summary
        assert state is not None and summary is not None, "the hand has not ended"
        shown: set[int] = set()
        for hand in [w.hand for w in summary.wins] + list(summary.tenpai):
            shown.update(hand.concealed)
        hidden: set[int] = set()
        for seat in range(1, state.rules.players):
            hidden.update(t for t in state.players[seat].hand if t not in shown)
        hidden.update(state.wall.live_tiles())
        hidden.update(state.wall.dead_tiles())
        return hidden - set(state.dora_indicators)


def pre_end(messages: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages sent before the first view with a finished hand's summary."""
    out = []
    for m in messages:
        if m.get("type") == "view" and m["summary"] is not None:
            break
        out.append(m)
    return out


def replay(rules: str, seed: int, opponents: str, sent: Iterable[dict[str, Any]]) -> Played:
    """The game the server played, rebuilt from the ``act`` messages the browser sent; those
    the server refused (a stale move number, a bad action) are refused here too."""
    game = WebGame(rules, seed, opponents)
    played = Played(game)
    for message in sent:
        if message.get("type") == "next":
            played.step(game.table.dismiss)
        if message.get("type") != "act":
            continue
        while game.table.ai_pending():
            played.step(game.table.ai_step)
        try:
            played.step(lambda: game.handle(message))
        except MessageError:
            pass
    while game.table.ai_pending():
        played.step(game.table.ai_step)
    return played


def calling_choice(view: dict[str, Any]) -> int:
    """The test player: wins when it can, calls every chi, pon and kan offered, otherwise
    discards its last allowed tile (the drawn one when it may)."""
    actions = view["actions"]
    for words in (("tsumo", "ron"), ("chi", "pon", "kan")):
        for a in actions:
            if a["action"] in words:
                return int(a["i"])
    allowed = {a["tile"]: a["i"] for a in actions if a["action"] == "discard"}
    for tile in reversed(view["you"]["hand"]):
        if tile in allowed:
            return int(allowed[tile])
    return int(next(a["i"] for a in actions if a["action"] == "pass"))


def play_hand(game: WebGame, choose: Any = calling_choice) -> tuple[Played, list[dict[str, Any]]]:
    """Play ``game`` to the end of its hand without a server, as the server would; returns
    the game played and every view shown on the way."""
    played = Played(game)
    views = [game.view()]
    while game.table.summary is None:
        while game.table.ai_pending():
            played.step(game.table.ai_step)
            views.append(game.view())
        if game.table.summary is not None:
            break
        view = game.view()
        played.step(lambda: game.handle({"type": "act", "move": view["move"],
                                         "action": choose(view)}))
        views.append(game.view())
    return played, views


@pytest.fixture(scope="module")
def served() -> Any:
    """``python -m riichi.play --web --no-browser``: the address it prints."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "riichi.play", "--web", "--no-browser", "--delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(r"http://([\d.]+):(\d+)/\S*", line)
    assert match, line
    yield match
    proc.terminate()
    proc.wait(timeout=10)


def open_socket(served: Any) -> Any:
    """A web socket to the page's server (the ``served`` fixture's address)."""
    return connect(f"ws://{served.group(1)}:{served.group(2)}/ws")


def receive_until(socket: Any, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` on ``socket``, skipping the others."""
    while True:
        message = json.loads(socket.recv(timeout=10))
        if message["type"] == kind:
            return dict(message)
