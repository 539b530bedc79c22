"""The ASGI app of the web game (Starlette) and :func:`serve`, which runs it with uvicorn.

``/`` and ``/static/...`` are the page (HTML, CSS, JavaScript made for it; the tiles are drawn
by the page); ``/ws`` is a WebSocket per browser tab, holding one :class:`WebGame` at a time.

The browser sends JSON messages: ``{"type": "new", "rules": ..., "opponents": ..., "seed": ...}``
starts a game (``seed`` optional), ``{"type": "resume", "session": id}`` takes up the game kept
under a session id (after a reload), ``act`` and ``next`` are :meth:`WebGame.handle`'s. The
server answers with ``session`` (the tab's session id, when its first game starts or it takes one
up), ``view`` messages (the human's :meth:`WebGame.view` after every change, the AI's turns
``delay`` seconds apart), ``rules`` (the preset's English rules page, once per game) and
``error`` messages (``code`` names the refusal, as :class:`MessageError`'s), after which the game
is as it was: also for a frame that is not a JSON message (binary, not UTF-8, nested too deeply,
too long).

A game outlives its socket for a while (:class:`~riichi.play.web.keeper.Keeper`): the page keeps
its session id and, reloaded, asks for its game back. Only the id reaches a game; a tab that
takes a game up with it takes it from any other tab showing it (which is told so).

The socket is opened only from the server's own page, at the address it serves: the ``Host``
the browser sends must name that address (its IP, or ``localhost`` for a loopback one; any IP
for a wildcard one, ``0.0.0.0``) and its port, and the ``Origin`` must be that host. A page of
another site is refused so, also one that reaches this server by DNS rebinding (its name made to
resolve to 127.0.0.1: the browser then sends that name as Host and Origin).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import secrets
import socket as sockets
import sys
import traceback
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.requests import Request
from starlette.websockets import WebSocket, WebSocketDisconnect
import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from riichi._cli import say
from riichi.errors import RiichiError
from riichi.agents.registry import DEFAULT_PLAYER
from riichi.play.human_game import OPPONENTS
from riichi.play.web.keeper import Keeper
from riichi.play.web.session import GAME_PRESETS, THREE_PLAYER_PRESETS, MessageError, WebGame

__all__ = ["create_app", "Connection", "host_check", "MAX_MESSAGE", "MAX_SEED"]

MAX_SEED = 2**63 - 1
"""The largest seed the page plays (the page's field takes up to 19 digits, below 2**63)."""

_STATIC = resources.files("riichi.play.web").joinpath("static")

MAX_MESSAGE = 4096
"""The longest message from the browser, in characters (the page sends at most about 100)."""


class Connection:
    """One browser tab: its socket, its game and the task that plays the AI's turns."""

    def __init__(self, socket: WebSocket, delay: float, keeper: Keeper[WebGame]) -> None:
        self.socket = socket
        self.delay = delay
        self.keeper = keeper
        self.game: WebGame | None = None
        self.session: str | None = None
        """The id the game is kept under."""
        self._ai: asyncio.Task[None] | None = None
        self._send_lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        async with self._send_lock:
            await self.socket.send_text(json.dumps(message, separators=(",", ":")))

    async def run(self) -> None:
        """Answer messages until the browser goes away."""
        await self.send({"type": "hello", "presets": list(GAME_PRESETS),
                         "three_player_presets": list(THREE_PLAYER_PRESETS),
                         "opponents": list(OPPONENTS), "default_opponent": DEFAULT_PLAYER})
        try:
            while (event := await self.socket.receive())["type"] != "websocket.disconnect":
                try:
                    await self.receive(_text(event))
                except (MessageError, RiichiError) as error:
                    code = error.code if isinstance(error, MessageError) else "refused"
                    await self.send({"type": "error", "code": code, "message": str(error)})
        except WebSocketDisconnect:
            pass
        finally:
            self._stop_ai()
            if self.session is not None:
                self.keeper.leave(self.session, self)

    async def receive(self, text: str) -> None:
        """Handle one message from the browser."""
        if len(text) > MAX_MESSAGE:
            raise MessageError(f"a message of {len(text):,} characters; expected a JSON message "
                               f"of at most {MAX_MESSAGE:,}")
        try:
            message = json.loads(text)
        except ValueError as error:
            raise MessageError(f"expected a JSON message: {error}") from None
        except RecursionError:
            raise MessageError("expected a JSON message: arrays or objects nested too deeply") from None
        if isinstance(message, dict) and message.get("type") == "new":
            await self.start(message)
            return
        if isinstance(message, dict) and message.get("type") == "resume":
            await self.resume(message.get("session"))
            return
        if self.game is None:
            raise MessageError("no game yet: send a 'new' message first")
        self.game.handle(message)
        await self.changed()

    async def start(self, message: dict[str, Any]) -> None:
        rules = message.get("rules", "cardavia")
        opponents = message.get("opponents", DEFAULT_PLAYER)
        seed = message.get("seed")
        if not isinstance(rules, str) or not isinstance(opponents, str):
            raise MessageError("'new' takes 'rules' and 'opponents' as strings")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if type(seed) is not int or not 0 <= seed <= MAX_SEED:
            raise MessageError(f"seed {seed!r}: expected a whole number from 0 to 2**63-1", "seed")
        game = WebGame(rules, seed, opponents)  # a bad choice raises before anything changes
        self._stop_ai()
        self.game = game
        if self.session is None:
            self.session = self.keeper.add(game, self)
            await self.send({"type": "session", "id": self.session, "resumed": False})
        else:
            self.keeper.replace(self.session, game, self)
        await self.send({"type": "rules", "rules": rules, "text": game.rules_text()})
        await self.changed()

    async def resume(self, key: object) -> None:
        """Take up the game kept under the session id ``key`` (a reloaded page's)."""
        if not isinstance(key, str) or not 0 < len(key) <= 64:
            raise MessageError("'resume' takes the session id the server gave, as a string",
                               "session")
        if key != self.session:
            shown_by = self.keeper.owner(key)
            game = self.keeper.take(key, self)
            if game is None:
                raise MessageError("no game is kept under that session id (it ended, expired or "
                                   "the server restarted); start a new one", "session")
            if isinstance(shown_by, Connection) and shown_by is not self:
                await shown_by.moved()
            if self.session is not None:
                self.keeper.leave(self.session, self)
            self._stop_ai()
            self.session, self.game = key, game
        assert self.game is not None
        await self.send({"type": "session", "id": key, "resumed": True})
        await self.send({"type": "rules", "rules": self.game.table.rules.name,
                         "text": self.game.rules_text()})
        await self.changed()

    async def moved(self) -> None:
        """Another tab took this one's game up with its session id: this tab lets it go."""
        self._stop_ai()
        self.game = self.session = None
        with contextlib.suppress(OSError, RuntimeError, WebSocketDisconnect):
            await self.send({"type": "error", "code": "moved",
                             "message": "this game goes on in another tab, which opened it with "
                                        "its session id"})

    def _stop_ai(self) -> None:
        if self._ai is not None:
            self._ai.cancel()
            self._ai = None

    async def changed(self) -> None:
        """Show the game as it is and let the AI play on if it is their move."""
        assert self.game is not None
        await self.send(self.game.view())
        if self.game.table.ai_pending() and (self._ai is None or self._ai.done()):
            self._ai = asyncio.create_task(self._play_ai(self.game))

    async def _play_ai(self, game: WebGame) -> None:
        table = game.table
        try:
            while table.ai_pending() and self.game is game:
                turn = table.ai_step()
                await self.send(game.view())
                if turn:
                    await asyncio.sleep(self.delay)
        except Exception as error:  # an AI that breaks the rules or fails: say so, not hang
            if not isinstance(error, RiichiError):
                # a defect rather than a refusal of the rules: its traceback goes to the log
                traceback.print_exception(error, file=sys.stderr)
            await self.send({"type": "error", "code": "ai",
                             "message": f"an AI player failed: {_described(error)}"})


def _described(error: Exception) -> str:
    """The words of ``error``: the library's own say what was wrong; another is named too."""
    return str(error) if isinstance(error, RiichiError) else f"{type(error).__name__}: {error}"


def _text(event: Mapping[str, Any]) -> str:
    """The text of a message from the socket; :class:`MessageError` for bytes (a binary frame,
    or a text frame that is not UTF-8, which :class:`_Protocol` passes on as bytes)."""
    text = event.get("text")
    if isinstance(text, str):
        return text
    data = bytes(event.get("bytes") or b"")
    try:
        data.decode()
    except UnicodeDecodeError as error:
        raise MessageError(
            f"a message of {len(data):,} bytes that are not UTF-8 text (byte "
            f"{data[error.start]:#04x} at {error.start}); expected a JSON message in a text frame"
        ) from None
    raise MessageError(f"a binary frame of {len(data):,} bytes; expected a JSON message in a "
                       "text frame")


class _Protocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, but a text message that is not UTF-8 reaches the app as
    bytes, which it answers with an error, rather than ending the connection and with it the
    tab's game (and logging a traceback)."""

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text":
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.curr_msg_data_type = "bytes"
        super().send_receive_event_to_app()


def host_check(host: str, port: int) -> Callable[[str | None], bool]:
    """Whether a ``Host`` header names the address ``host``:``port`` the server listens on:
    that IP (or ``localhost`` for a loopback one), any IP for a wildcard address, with the port.

    >>> served = host_check("127.0.0.1", 8000)
    >>> served("127.0.0.1:8000"), served("localhost:8000"), served("rebound.example:8000")
    (True, True, False)
    >>> host_check("0.0.0.0", 8000)("192.168.1.7:8000"), served("127.0.0.1:8001")
    (True, False)
    >>> host_check("::1", 8000)("[::1]:8000"), host_check("::", 8000)("rebound.example:8000")
    (True, False)
    """
    served = _ip(host)
    wildcard = served is not None and served.is_unspecified
    names = {host.lower()}
    if (served is not None and served.is_loopback) or host.lower() == "localhost":
        names |= {"localhost", "127.0.0.1", "::1"}

    def check(header: str | None) -> bool:
        try:
            parts = urlsplit(f"//{header}")
            name, given = parts.hostname, parts.port
        except ValueError:  # a port that is not a number
            return False
        if name is None or given != port:
            return False
        ip = _ip(name)
        return name in names or (wildcard and ip is not None) or (
            ip is not None and served is not None and ip == served)

    return check


def _ip(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None


def create_app(address: tuple[str, int], delay: float = 0.6, keep: float = 900.0) -> Starlette:
    """The web game's app, served at ``address`` (host, port): the page and one WebSocket per
    tab; the AI's turns ``delay`` seconds apart; a game whose tab went away kept ``keep``
    seconds for it to come back."""
    host_served = host_check(*address)
    keeper: Keeper[WebGame] = Keeper(keep)

    async def index(request: Request) -> Response:
        with resources.as_file(_STATIC.joinpath("index.html")) as path:
            return FileResponse(path, media_type="text/html")

    async def socket(websocket: WebSocket) -> None:
        # Only this server's own page may play: another site open in the same browser could
        # otherwise reach a loopback server through the browser.
        # The Host must be this server's address too: a page whose name is made to resolve to
        # 127.0.0.1 (DNS rebinding) sends its own name as both Origin and Host.
        host = websocket.headers.get("host")
        origin = websocket.headers.get("origin")
        if not host_served(host) or (origin is not None and urlsplit(origin).netloc != host):
            await websocket.close(code=1008, reason="the game is played from its own page")
            return
        await websocket.accept()
        await Connection(websocket, delay, keeper).run()

    with resources.as_file(_STATIC) as static_dir:
        routes = [
            Route("/", index),
            Mount("/static", StaticFiles(directory=str(static_dir)), name="static"),
            WebSocketRoute("/ws", socket),
        ]
    return Starlette(routes=routes)


def serve(host: str = "127.0.0.1", port: int = 0, open_browser: bool = True, delay: float = 0.6,
          query: str = "") -> None:
    """Serve the game on ``host``:``port`` (0: a free port) until Ctrl-C, printing the address
    and opening it in a browser (``query``: the page's settings, ``rules=ema&seed=7``)."""
    import webbrowser

    family = sockets.AF_INET6 if ":" in host else sockets.AF_INET
    listener = sockets.socket(family, sockets.SOCK_STREAM)
    listener.setsockopt(sockets.SOL_SOCKET, sockets.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(64)
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if family == sockets.AF_INET6 else host
    url = f"http://{shown}:{bound}/" + (f"?{query}" if query else "")

    def ready() -> None:
        # the address whole (on a line of its own where it would not fit beside the words)
        say(f"riichi web game at {url}\n(Ctrl-C stops the server)")
        sys.stdout.flush()
        if open_browser:
            webbrowser.open(url)

    config = uvicorn.Config(create_app((host, bound), delay), log_level="warning", ws=_Protocol)
    _Server(config, ready).run(sockets=[listener])


class _Server(uvicorn.Server):
    """uvicorn's server, which calls ``ready`` once it serves: only then does Ctrl-C stop it
    quietly (pressed while its loop was starting, it left a "coroutine 'Server.serve' was
    never awaited" warning), so the address, which invites the Ctrl-C, waits for that."""

    def __init__(self, config: uvicorn.Config, ready: Callable[[], None]) -> None:
        super().__init__(config)
        self._ready = ready

    async def startup(self, sockets: list[sockets.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            self._ready()
