"""The web game's socket given hostile frames, at the socket level: the real server
(``python -m riichi.play --web``) on a local port and raw WebSocket frames written by hand. A
binary frame, a text frame that is not UTF-8, JSON nested too deeply, too long or of the wrong
shape is answered with an error and the game goes on; a socket opened with another Host than
the served address (a DNS-rebinding page) is refused."""

from __future__ import annotations

import base64
import itertools
import json
import os
import socket
from typing import Any

import pytest

from tests.support.web import served  # noqa: F401 - the real server, a fixture

TEXT, BINARY, CLOSE = 0x1, 0x2, 0x8


class RawSocket:
    """A WebSocket client that writes its frames byte by byte (masked, as a client must)."""

    def __init__(self, host: str, port: int, headers: dict[str, str]) -> None:
        self.connection = socket.create_connection((host, port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = ["GET /ws HTTP/1.1", *(f"{k}: {v}" for k, v in {
            "Host": f"{host}:{port}", "Upgrade": "websocket", "Connection": "Upgrade",
            "Sec-WebSocket-Key": key, "Sec-WebSocket-Version": "13", **headers}.items())]
        self.connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        self.status = int(head.split(b" ")[1])

    def _fill(self) -> None:
        data = self.connection.recv(65536)
        if not data:
            raise EOFError("the server closed the connection")
        self.buffer += data

    def _read(self, count: int) -> bytes:
        while len(self.buffer) < count:
            self._fill()
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        size = len(payload)
        length = (bytes([0x80 | size]) if size < 126 else
                  bytes([0x80 | 126]) + size.to_bytes(2, "big") if size < 1 << 16 else
                  bytes([0x80 | 127]) + size.to_bytes(8, "big"))
        masked = bytes(b ^ m for b, m in zip(payload, itertools.cycle(mask)))
        self.connection.sendall(bytes([0x80 | opcode]) + length + mask + masked)

    def frame(self) -> tuple[int, bytes]:
        first, second = self._read(2)
        size = second & 0x7F
        if size >= 126:
            size = int.from_bytes(self._read(2 if size == 126 else 8), "big")
        return first & 0x0F, self._read(size)

    def message(self, kind: str) -> dict[str, Any]:
        """The next message of type ``kind`` (a close frame fails)."""
        while True:
            opcode, payload = self.frame()
            assert opcode != CLOSE, f"the server closed the socket: {payload!r}"
            message: dict[str, Any] = json.loads(payload)
            if message["type"] == kind:
                return message

    def close(self) -> None:
        self.connection.close()


def address(served: Any) -> tuple[str, int]:  # noqa: F811 - the fixture's value
    return served.group(1), int(served.group(2))


BAD_FRAMES = [
    (BINARY, b'{"type": "next"}', "a binary frame of 16 bytes; expected a JSON message in a text frame"),
    (BINARY, b"\xff\xfe", "a message of 2 bytes that are not UTF-8 text (byte 0xff at 0)"),
    (TEXT, b'{"type": "act", "move": 0, "action": "\xc3\x28"}',
     "a message of 42 bytes that are not UTF-8 text (byte 0xc3 at 38)"),
    (TEXT, b"[" * 4000, "arrays or objects nested too deeply"),
    (TEXT, b'{"type":' + b"[" * 2000 + b"]" * 2000 + b"}", "arrays or objects nested too deeply"),
    (TEXT, b"[" * 100_000, "a message of 100,000 characters; expected a JSON message of at most"),
    (TEXT, b'"act"', "expected a JSON object, got str"),
    (TEXT, b'{"type": ["act"]}', "unknown message type ['act']"),
    (TEXT, b'{"type": "act", "move": [0], "action": {"i": 0}}', "'act' needs integer"),
    (TEXT, b'{"type": "new", "seed": 1e400}', "seed inf: expected a whole number"),
    (TEXT, b'{"type": "new", "rules": {"preset": "ema"}}', "'new' takes 'rules' and 'opponents'"),
    (TEXT, b'{"type": "resume", "session": ["x"]}', "'resume' takes the session id"),
    (TEXT, b'{"type": "resume", "session": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}',
     "no game is kept under that session id"),
]


def test_every_bad_frame_is_answered_with_an_error_and_the_game_goes_on(
    served: Any,  # noqa: F811 - the fixture
) -> None:
    host, port = address(served)
    raw = RawSocket(host, port, {"Origin": f"http://{host}:{port}"})
    try:
        assert raw.status == 101
        raw.message("hello")
        raw.send(TEXT, json.dumps({"type": "new", "rules": "cardavia", "seed": 4}).encode())
        view = raw.message("view")
        for opcode, payload, error in BAD_FRAMES:
            raw.send(opcode, payload)
            assert error in raw.message("error")["message"], payload[:60]
        raw.send(TEXT, json.dumps({"type": "act", "move": view["move"], "action": 0}).encode())
        after = raw.message("view")
        assert after["move"] == view["move"] + 1 and after["game"]["seed"] == 4
    finally:
        raw.close()


@pytest.mark.parametrize(
    ("host", "origin"),
    [
        ("rebound.example:{port}", "http://rebound.example:{port}"),  # DNS rebinding
        ("rebound.example:{port}", None),
        ("127.0.0.1:{other}", "http://127.0.0.1:{other}"),
        ("127.0.0.2:{port}", "http://127.0.0.2:{port}"),
        ("127.0.0.1:x", None),
        ("127.0.0.1:{port}", "http://rebound.example:{port}"),
    ],
)
def test_a_socket_for_another_host_than_the_served_address_is_refused(
    served: Any, host: str, origin: str | None,  # noqa: F811 - the fixture
) -> None:
    served_host, port = address(served)
    words = {"port": port, "other": port + 1}
    headers = {"Host": host.format(**words)}
    if origin is not None:
        headers["Origin"] = origin.format(**words)
    raw = RawSocket(served_host, port, headers)
    try:
        assert raw.status == 403
    finally:
        raw.close()


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}"])
def test_a_socket_for_the_served_address_is_accepted(
    served: Any, host: str,  # noqa: F811 - the fixture
) -> None:
    served_host, port = address(served)
    name = host.format(port=port)
    raw = RawSocket(served_host, port, {"Host": name, "Origin": f"http://{name}"})
    try:
        assert raw.status == 101
        assert raw.message("hello")["presets"]
    finally:
        raw.close()
