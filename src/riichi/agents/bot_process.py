"""A bot's child process, spoken to one line at a time within bounds: :class:`BotProcess`.

Whatever the bot does, the table holds little of it and waits for it a bounded time: an answer
line may be at most :data:`MAX_LINE_BYTES`, at most :data:`MAX_STDERR_BYTES` of its stderr are
taken in a game (the last :data:`STDERR_TAIL` bytes are kept, for messages), and a line sent that
the bot does not read within the timeout is a failure like an answer that does not come. The bot
runs in a process group of its own (on POSIX), and :meth:`BotProcess.close` ends the whole group:
a program the bot started does not outlive it.

>>> import sys
>>> bot = BotProcess([sys.executable, "-c", "print(input()[::-1], flush=True)"])
>>> bot.send(b"olleh\\n", 5.0, "a word")
>>> bot.receive(5.0, "a word")
b'hello\\n'
>>> bot.close(1.0)
"""

from __future__ import annotations

import math
import numbers
import os
import queue
import select
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from typing import IO

from riichi.errors import RiichiError, quoted

__all__ = [
    "MAX_LINE_BYTES", "MAX_STDERR_BYTES", "STDERR_TAIL", "BotFailure", "BotProcess", "seconds",
]

MAX_LINE_BYTES = 256 * 1024
"""The longest line a bot may write (an mjai answer is a few hundred bytes)."""
MAX_STDERR_BYTES = 4 * 1024 * 1024
"""The most a bot may write to its stderr in one game."""
STDERR_TAIL = 500
"""The bytes of a bot's stderr kept for messages: its last ones."""
_QUEUED_LINES = 16  # lines read ahead of the table at most: a bot that floods waits
_POSIX = os.name == "posix"


def seconds(name: str, value: object, error: type[RiichiError]) -> float:
    """``value``, given for the wait ``name`` of a bot's agent, as a float: a positive finite
    number of seconds; anything else (a bool, a str, None, NaN, infinity, which the waits' clocks
    cannot take) is refused with ``error``, the agent's own kind of error.

    >>> seconds("timeout", 2, RiichiError)
    2.0
    """
    number = float(value) if isinstance(value, numbers.Real) and not isinstance(value, bool) else 0.0
    if not 0 < number < math.inf:
        raise error(f"{name}={quoted(value)}: expected a positive number of seconds (finite)")
    return number


class BotFailure(Exception):
    """What went wrong with the bot, in words naming the line sent (the caller names the bot)."""


class BotProcess:
    """``command`` running as a child process, its stdin, stdout and stderr pipes; ``env`` its
    environment (by default this process's)."""

    def __init__(self, command: Sequence[str], env: Mapping[str, str] | None = None) -> None:
        self.process = subprocess.Popen(
            list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            start_new_session=_POSIX, env=env,
        )
        stdin, stdout, stderr = self.process.stdin, self.process.stdout, self.process.stderr
        assert stdin is not None and stdout is not None and stderr is not None
        self._stdin = stdin
        if _POSIX:
            os.set_blocking(stdin.fileno(), False)  # a send waits with select, within its timeout
        self._lines: queue.Queue[bytes | BotFailure | None] = queue.Queue(_QUEUED_LINES)
        self._stop = threading.Event()
        self._stderr_tail = b""
        self._stderr_flood = threading.Event()
        threading.Thread(target=self._pump_lines, args=(stdout,), daemon=True).start()
        self._stderr_reader = threading.Thread(target=self._pump_stderr, args=(stderr,), daemon=True)
        self._stderr_reader.start()
        # A bot left running by a caller that never closes it still ends with its owner.
        self._finalizer = weakref.finalize(self, _end_group, self.process)

    # --- the pumps (threads) -------------------------------------------------------------------
    def _put(self, item: bytes | BotFailure | None) -> bool:
        while not self._stop.is_set():
            try:
                self._lines.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _pump_lines(self, stdout: IO[bytes]) -> None:
        with stdout:
            self._read_lines(stdout)

    def _read_lines(self, stdout: IO[bytes]) -> None:
        pending = bytearray()
        while not self._stop.is_set():
            chunk = stdout.read1(65536)  # type: ignore[attr-defined]
            if not chunk:
                break
            pending += chunk
            while (end := pending.find(b"\n")) >= 0:
                if end >= MAX_LINE_BYTES or not self._put(bytes(pending[: end + 1])):
                    break
                del pending[: end + 1]
            if len(pending) >= MAX_LINE_BYTES:
                self._put(BotFailure(f"a line of more than {MAX_LINE_BYTES:,} bytes"))
                return
        if pending:
            self._put(bytes(pending))
        self._put(None)

    def _pump_stderr(self, stderr: IO[bytes]) -> None:
        total = 0
        with stderr:
            while chunk := stderr.read1(65536):  # type: ignore[attr-defined]
                total += len(chunk)
                self._stderr_tail = (self._stderr_tail + chunk)[-STDERR_TAIL:]
                if total > MAX_STDERR_BYTES:
                    self._stderr_flood.set()
                    return  # read no more: the bot is ended at its next answer

    # --- the table's side ----------------------------------------------------------------------
    def send(self, data: bytes, timeout: float, what: str) -> None:
        """Write ``data`` (``what``, for messages) to the bot's stdin; BotFailure if it exits or
        does not take it within ``timeout`` seconds."""
        self._check_stderr(what)
        deadline = time.monotonic() + timeout
        view = memoryview(data)
        try:
            while view:
                if _POSIX:
                    left = deadline - time.monotonic()
                    if left <= 0 or not select.select([], [self._stdin], [], left)[1]:
                        raise BotFailure(f"did not read {what} within {timeout:g} s")
                    try:
                        written = os.write(self._stdin.fileno(), view)
                    except BlockingIOError:
                        continue
                    view = view[written:]
                else:
                    self._stdin.write(view)
                    self._stdin.flush()
                    break
        except (OSError, ValueError):  # a closed pipe: the bot has exited
            raise BotFailure(f"exited before it was sent {what}") from None

    def receive(self, timeout: float, what: str) -> bytes | None:
        """The bot's next line, its answer to ``what`` (for messages); ``None`` if it closed its
        stdout. BotFailure if none comes within ``timeout`` seconds, the line is too long or the
        bot floods its stderr."""
        deadline = time.monotonic() + timeout
        while True:
            self._check_stderr(what)
            left = deadline - time.monotonic()
            if left <= 0:
                raise BotFailure(f"did not answer {what} within {timeout:g} s")
            try:
                line = self._lines.get(timeout=min(left, 0.1))
            except queue.Empty:
                continue
            self._check_stderr(what)  # a flood may have ended the bot meanwhile
            if isinstance(line, BotFailure):
                raise BotFailure(f"answered {what} with {line}")
            return line

    def _check_stderr(self, what: str) -> None:
        if self._stderr_flood.is_set():
            raise BotFailure(
                f"wrote more than {MAX_STDERR_BYTES:,} bytes to its stderr (at {what})"
            )

    def stderr_tail(self) -> str:
        """The last bytes the bot wrote to its stderr, as text (all of them if it has exited:
        the reader is given a moment to finish)."""
        if self.process.poll() is not None:
            self._stderr_reader.join(0.5)
        return self._stderr_tail.decode("utf-8", "replace").strip()

    def failure_note(self) -> str:
        """What a message about the bot's failure adds: its exit code, if it has exited (it is
        given a moment to), and the end of its stderr, if it wrote any."""
        code = self.exit_code(0.5)
        stderr = self.stderr_tail()
        return (f" (exit code {code})" if code is not None else "") + (
            f"; its stderr ends: {stderr}" if stderr else "")

    def exit_code(self, wait: float) -> int | None:
        """The bot's exit code, waiting up to ``wait`` seconds for it; None if it runs on."""
        try:
            return self.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return None

    def close(self, grace: float) -> None:
        """Close the bot's stdin, give it ``grace`` seconds to exit, then end its whole process
        group (what it started included)."""
        self._stop.set()
        try:
            self._stdin.close()
        except OSError:
            pass
        self.exit_code(grace)
        self._finalizer()


def _end_group(process: subprocess.Popen[bytes]) -> None:
    """Kill ``process`` and, on POSIX, every process of its group; reap it."""
    if _POSIX:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    if process.poll() is None:
        process.kill()
    process.wait()
    # Its stdout and stderr are closed by their readers: a process outside the group may hold
    # them open, and a reader must not be closed under it.
    if process.stdin is not None:
        try:
            process.stdin.close()
        except OSError:
            pass
