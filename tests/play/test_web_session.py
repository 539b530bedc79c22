"""The web game without a browser: what each view holds, messages that must change nothing, the
command line and the server (a real uvicorn, spoken to over HTTP and a WebSocket)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
from typing import Any

import pytest
from websockets.sync.client import connect

from riichi.game.action_notation import ACTION_WORDS
from riichi.meld import MeldKind
from riichi.play.web.session import MessageError, WebGame
from tests.support.web import KNOWN_KEYS, calling_choice, open_socket, play_hand, pre_end, receive_until, served, tile_ids, walk  # noqa: F401 - served: the real server, a fixture


@pytest.mark.parametrize("rules,seed", [("cardavia", 1), ("cardavia", 2), ("cardavia", 4),
                                        ("cardavia", 12), ("ema", 3), ("tenhou", 6),
                                        ("tenhou-3p", 1), ("mahjongsoul-3p", 2)])
def test_views_before_the_end_hold_no_hidden_tile(rules: str, seed: int) -> None:
    played, views = play_hand(WebGame(rules, seed, "defensive"))
    hidden = played.hidden_at_end()
    assert len(hidden) > 20  # the AI hands not laid open and the dead wall at least
    before = pre_end(views)
    assert len(before) > 20 and len(before) < len(views)
    for view in before:
        assert not tile_ids(view) & hidden
        assert {key for key, _ in walk(view)} <= KNOWN_KEYS
        for seat in view["seats"][1:]:
            assert set(seat) == {"seat", "wind", "score", "riichi", "kita", "concealed_count",
                                 "pond", "melds"}
    # the summary lays open only the winners' and the tenpai hands
    summary = views[-1]["summary"]
    shown = {t for w in summary["wins"] for t in [*w["hand"]["concealed"], w["hand"]["winning_tile"]]}
    shown |= {t for w in summary["wins"] for t in w["ura_indicators"]}
    shown |= {t for h in summary["tenpai"] for t in h["concealed"]}
    assert tile_ids(summary) & hidden <= shown


def test_view_shows_own_hand_sorted_with_the_drawn_tile_apart() -> None:
    view = WebGame("cardavia", 4, "random").view()
    hand = view["you"]["hand"]
    assert hand[-1] == view["you"]["drawn"] and hand[:-1] == sorted(hand[:-1])
    assert [s["concealed_count"] for s in view["seats"]] == [14, 13, 13, 13]
    discards = [a for a in view["actions"] if a["action"] == "discard"]
    assert sorted(a["tile"] for a in discards) == sorted(hand)
    assert view["hint"] and view["hint"][0]["shanten"] <= min(r["shanten"] for r in view["hint"])


def _objects(message: Any) -> list[dict[str, Any]]:
    """Every JSON object in ``message``, at any depth."""
    if isinstance(message, dict):
        return [message, *(o for v in message.values() for o in _objects(v))]
    if isinstance(message, list):
        return [o for v in message for o in _objects(v)]
    return []


@pytest.mark.parametrize("rules,seed", [("cardavia", 1), ("cardavia", 2), ("cardavia", 4),
                                        ("ema", 3), ("tenhou", 6)])
def test_kind_is_a_melds_kind_an_action_its_word_and_a_summary_its_ending(
    rules: str, seed: int
) -> None:
    _, views = play_hand(WebGame(rules, seed, "defensive"))
    words = set(ACTION_WORDS.values())
    melds = 0
    for view in views:
        assert all(set(a) & {"action", "kind"} == {"action"} and a["action"] in words
                   for a in view["actions"])
        for obj in _objects(view):
            if "kind" in obj:
                assert set(obj) == {"kind", "tiles", "called", "from"}, obj
                assert obj["kind"] in {k.value for k in MeldKind}
                melds += 1
    assert melds > 0  # the test player calls every pon and chi it is offered
    summary = views[-1]["summary"]
    assert summary["ending"] in ("win", "draw", "abort") and "kind" not in summary
    assert (summary["ending"] == "win") == bool(summary["wins"])
    assert json.loads(json.dumps(summary)) == summary


def _bad_messages(view: dict[str, Any]) -> list[object]:
    move = view["move"]
    return [
        "discard", 7, None, [], {}, {"type": "discard"}, {"type": "act"},
        {"type": "act", "move": move}, {"type": "act", "move": move, "action": "0"},
        {"type": "act", "move": str(move), "action": 0}, {"type": "act", "move": move, "action": 1.0},
        {"type": "act", "move": move, "action": -1}, {"type": "act", "move": move, "action": 99},
        {"type": "act", "move": move + 1, "action": 0}, {"type": "act", "move": move - 1, "action": 0},
        {"type": "act", "move": True, "action": 0}, {"type": "next"},
    ]


def test_malformed_and_out_of_turn_messages_change_nothing() -> None:
    game = WebGame("cardavia", 4, "defensive")
    checked = 0
    while game.table.summary is None and checked < 40:
        before = game.view()
        for message in _bad_messages(before):
            with pytest.raises(MessageError):
                game.handle(message)
            assert game.view() == before, message
        if game.table.ai_pending():  # the AI's turn: any act of the human's is out of turn
            with pytest.raises(MessageError, match="not your turn|moved on"):
                game.handle({"type": "act", "move": before["move"], "action": 0})
            assert game.view() == before
            game.table.ai_step()
        else:
            game.handle({"type": "act", "move": before["move"], "action": calling_choice(before)})
        checked += 1
    assert checked == 40


def test_next_is_refused_when_the_one_hand_game_is_over() -> None:
    game = WebGame("cardavia", 5, "defensive")
    play_hand(game)
    before = game.view()
    assert before["over"] and before["summary"] is not None
    with pytest.raises(MessageError, match="game is over"):
        game.handle({"type": "next"})
    assert game.view() == before


def test_a_whole_game_moves_to_its_next_hand() -> None:
    game = WebGame("ema", 3, "efficiency")
    play_hand(game)
    assert not game.view()["over"]
    game.handle({"type": "next"})
    view = game.view()
    assert view["summary"] is None and (view["round"]["kyoku"], view["round"]["honba"]) != (0, 0)


def test_unknown_rules_or_opponents_are_refused() -> None:
    with pytest.raises(MessageError, match="unknown rules 'tenhou-2p'; expected one of ema, "):
        WebGame("tenhou-2p", 1)
    # a preset of two players is known, but not played on the page: said so, not called unknown
    with pytest.raises(MessageError, match=r"^rules '2p' seat 2 players; the web game seats four "
                                           r"or three: ema, .*, mahjongsoul-3p-east$"):
        WebGame("2p", 1)
    with pytest.raises(MessageError, match=r"^unknown message type 'hello'; expected 'new', "
                                           r"'resume', 'act' or 'next'$"):
        WebGame("cardavia", 1).handle({"type": "hello"})
    with pytest.raises(Exception, match="unknown opponent"):
        WebGame("cardavia", 1, "tenhou")


# ---------------------------------------------------------------------- the real server
def test_the_command_serves_the_page_on_loopback(served: Any) -> None:
    host, port = served.group(1), served.group(2)
    assert host == "127.0.0.1"
    assert "rules=cardavia" in served.group(0)
    with urllib.request.urlopen(f"http://{host}:{port}/") as response:
        page = response.read().decode()
    assert "<title>CARDAVIA" in page
    loaded = re.findall(r'(?:src|href)="/static/([^"]+)"', page)
    assert {"app.js", "summary.js", "tiles.js", "i18n.js", "style.css"} <= set(loaded), loaded
    for name in loaded:  # every file the page loads is served
        with urllib.request.urlopen(f"http://{host}:{port}/static/{name}") as response:
            assert response.status == 200 and len(response.read()) > 1000


def test_the_socket_answers_bad_messages_with_errors_and_keeps_the_game(served: Any) -> None:
    with open_socket(served) as socket:
        hello = receive_until(socket, "hello")
        assert "cardavia" in hello["presets"] and "defensive" in hello["opponents"]
        socket.send(json.dumps({"type": "act", "move": 0, "action": 0}))
        assert "no game yet" in receive_until(socket, "error")["message"]
        for bad in ({"type": "new", "rules": "nope"}, {"type": "new", "seed": -5},
                    {"type": "new", "seed": "x"}, {"type": "new", "opponents": 3}):
            socket.send(json.dumps(bad))
            assert receive_until(socket, "error")["message"]
        socket.send(json.dumps({"type": "new", "rules": "cardavia", "seed": 4}))
        view = receive_until(socket, "view")
        assert view["game"]["seed"] == 4
        for bad in ["{not json", json.dumps({"type": "act", "move": view["move"], "action": 50}),
                    json.dumps({"type": "act", "move": view["move"] + 3, "action": 0})]:
            socket.send(bad)
            assert receive_until(socket, "error")["message"]
        socket.send(json.dumps({"type": "act", "move": view["move"], "action": 0}))
        after = receive_until(socket, "view")
        assert after["move"] == view["move"] + 1  # the game was where it had been


def test_two_sockets_play_independent_games(served: Any) -> None:
    with open_socket(served) as a, open_socket(served) as b:
        for socket, seed in ((a, 4), (b, 9)):
            receive_until(socket, "hello")
            socket.send(json.dumps({"type": "new", "rules": "cardavia", "seed": seed}))
        view_a, view_b = receive_until(a, "view"), receive_until(b, "view")
        a.send(json.dumps({"type": "act", "move": 0, "action": 0}))
        moved = receive_until(a, "view")
        assert moved["move"] == 1 and moved["game"]["seed"] == 4
        drawn = view_b["you"]["drawn"]
        index = next(a["i"] for a in view_b["actions"] if a["action"] == "discard" and a["tile"] == drawn)
        b.send(json.dumps({"type": "act", "move": 0, "action": index}))
        assert receive_until(b, "view")["seats"][0]["pond"][0]["tile"] == drawn
        assert view_a["you"]["hand"] != view_b["you"]["hand"]


def test_another_site_may_not_open_the_socket(served: Any) -> None:
    from websockets.exceptions import InvalidStatus

    address = f"ws://{served.group(1)}:{served.group(2)}/ws"
    with pytest.raises(InvalidStatus):
        connect(address, origin="http://evil.example")
    with connect(address, origin=f"http://{served.group(1)}:{served.group(2)}") as socket:
        assert receive_until(socket, "hello")["presets"]


def test_bad_web_arguments_are_refused() -> None:
    for args, message in (
        (["--port", "70000"], "--port"), (["--opponents", "x"], "unknown opponent"),
        (["--seat", "3"], "the web game seats you at seat 1"),
    ):
        proc = subprocess.run([sys.executable, "-m", "riichi.play", "--web", "--no-browser", *args],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and message in proc.stderr


def test_host_option_binds_where_asked() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "riichi.play", "--web", "--no-browser", "--host", "0.0.0.0"],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        port = re.search(r":(\d+)/", line)
        assert "http://0.0.0.0:" in line and port
        with urllib.request.urlopen(f"http://127.0.0.1:{port.group(1)}/") as response:
            assert response.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _passing_choice(view: dict[str, Any]) -> int:
    """A player who passes every call and discards the hint's tile."""
    for a in view["actions"]:
        if a["action"] == "pass":
            return int(a["i"])
    best = view["hint"][0]["tile_type"]
    return int([a for a in view["actions"]
                if a["action"] == "discard" and a["tile"] >> 2 == best][-1]["i"])


@pytest.mark.parametrize(("seed", "choose"), [(4, calling_choice), (72, _passing_choice)])
def test_the_human_is_offered_a_choice_only_once_the_ai_has_answered(seed: int, choose: Any) -> None:
    # else a click during the AI's answers would name a move that is gone by the time it lands
    game = WebGame("cardavia", seed, "defensive")
    offered = 0
    while game.table.summary is None:
        while game.table.ai_pending():
            view = game.view()
            assert view["actions"] == [] and view["hint"] == [] and view["claim"] is None
            game.table.ai_step()
        if game.table.summary is not None:
            break
        view = game.view()
        assert view["actions"]
        offered += 1
        game.handle({"type": "act", "move": view["move"], "action": choose(view)})
    assert offered > 10
