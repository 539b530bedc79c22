"""The ASGI app of the web game (Starlette) and :func:`serve`, which runs it with uvicorn.

``/`` and ``/static/...`` are the page (HTML, CSS, JavaScript made for it; the tiles are drawn
by the page); ``/ws`` is a WebSocket per browser tab, holding one :class:`WebGame` at a time.

The browser sends JSON messages: ``{"type": "new", "rules": ..., "opponents": ..., "seed": ...}``
starts a game (``seed`` optional), ``act`` and ``next`` are :meth:`WebGame.handle`'s. The
server answers with ``view`` messages (the human's :meth:`WebGame.view` after every change,
the AI's turns ``delay`` seconds apart), ``rules`` (the preset's English rules page, once per
game) and ``error`` messages, after which the game is as it was.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.requests import Request
from starlette.websockets import WebSocket, WebSocketDisconnect

from riichi._cli import printable
from riichi.errors import RiichiError
from riichi.play.table import OPPONENTS
from riichi.play.web.session import GAME_PRESETS, MessageError, WebGame

__all__ = ["create_app", "Connection"]

_STATIC = resources.files("riichi.play.web").joinpath("static")


class Connection:
    """One browser tab: its socket, its game and the task that plays the AI's turns."""

    def __init__(self, socket: WebSocket, delay: float) -> None:
        self.socket = socket
        self.delay = delay
        self.game: WebGame | None = None
        self._ai: asyncio.Task[None] | None = None
        self._send_lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        async with self._send_lock:
            await self.socket.send_text(json.dumps(message, separators=(",", ":")))

    async def run(self) -> None:
        """Answer messages until the browser goes away."""
        await self.send({"type": "hello", "presets": list(GAME_PRESETS),
                         "opponents": list(OPPONENTS)})
        try:
            while True:
                text = await self.socket.receive_text()
                try:
                    await self.receive(text)
                except (MessageError, RiichiError) as error:
                    await self.send({"type": "error", "message": str(error)})
        except WebSocketDisconnect:
            pass
        finally:
            if self._ai is not None:
                self._ai.cancel()

    async def receive(self, text: str) -> None:
        """Handle one message from the browser."""
        try:
            message = json.loads(text)
        except ValueError as error:
            raise MessageError(f"expected a JSON message: {error}") from None
        if isinstance(message, dict) and message.get("type") == "new":
            await self.start(message)
            return
        if self.game is None:
            raise MessageError("no game yet: send a 'new' message first")
        self.game.handle(message)
        await self.changed()

    async def start(self, message: dict[str, Any]) -> None:
        rules = message.get("rules", "cardavia")
        opponents = message.get("opponents", "defensive")
        seed = message.get("seed")
        if not isinstance(rules, str) or not isinstance(opponents, str):
            raise MessageError("'new' takes 'rules' and 'opponents' as strings")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise MessageError(f"seed {seed!r}: expected a whole number from 0 to 2**63-1")
        game = WebGame(rules, seed, opponents)  # a bad choice raises before anything changes
        if self._ai is not None:
            self._ai.cancel()
            self._ai = None
        self.game = game
        await self.send({"type": "rules", "rules": rules, "text": game.rules_text()})
        await self.changed()

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
        except RiichiError as error:  # an AI that breaks the rules: say so rather than hang
            await self.send({"type": "error", "message": f"an AI player failed: {error}"})


def create_app(delay: float = 0.6) -> Starlette:
    """The web game's app: the page and one WebSocket per tab; the AI's turns ``delay``
    seconds apart."""

    async def index(request: Request) -> Response:
        with resources.as_file(_STATIC.joinpath("index.html")) as path:
            return FileResponse(path, media_type="text/html")

    async def socket(websocket: WebSocket) -> None:
        # Only this server's own page may play: another site open in the same browser could
        # otherwise reach a loopback server through the browser.
        origin = websocket.headers.get("origin")
        if origin is not None and urlsplit(origin).netloc != websocket.headers.get("host"):
            await websocket.close(code=1008, reason="the game is played from its own page")
            return
        await websocket.accept()
        await Connection(websocket, delay).run()

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
    import socket as sockets
    import webbrowser

    import uvicorn

    family = sockets.AF_INET6 if ":" in host else sockets.AF_INET
    listener = sockets.socket(family, sockets.SOCK_STREAM)
    listener.setsockopt(sockets.SOL_SOCKET, sockets.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(64)
    bound = listener.getsockname()[1]
    shown = f"[{host}]" if family == sockets.AF_INET6 else host
    url = f"http://{shown}:{bound}/" + (f"?{query}" if query else "")
    print(printable(f"riichi web game at {url}  (Ctrl-C stops the server)"), flush=True)
    config = uvicorn.Config(create_app(delay), log_level="warning", ws="websockets-sansio")
    if open_browser:
        webbrowser.open(url)
    uvicorn.Server(config).run(sockets=[listener])
