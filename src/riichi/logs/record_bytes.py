"""A record's bytes, read within a bound: :data:`MAX_RECORD_BYTES`, :func:`read_bounded`,
:func:`decompressed`; its rounds: :data:`MAX_ROUNDS`; and the player names a writer puts in it:
:func:`checked_names`.

Every reader of a file or of gzip data goes through here, so that no input (a gzip bomb,
``/dev/zero``) makes a reader hold more than the bound in memory.

>>> import gzip
>>> decompressed(gzip.compress(b"<mjloggm/>"), "<data>")
b'<mjloggm/>'
>>> decompressed(gzip.compress(bytes(MAX_RECORD_BYTES + 1)), "<data>")
Traceback (most recent call last):
...
riichi.errors.LogFormatError: <data>: larger than 16,777,216 bytes (riichi.logs.MAX_RECORD_BYTES), far more than any game record
"""

from __future__ import annotations

import gzip
import io
import json
import os

from collections.abc import Sequence

from riichi.errors import LogFormatError, WrongTypeError, quoted

__all__ = ["MAX_RECORD_BYTES", "MAX_ROUNDS", "checked_size", "checked_rounds", "decompressed", "read_bounded", "as_text", "utf8",
           "checked_names"]

MAX_RECORD_BYTES = 16 * 1024 * 1024
"""The largest record a reader takes, in bytes (or characters) after decompression: 16 MiB, some
thirty times a long game's mjai log (about 0.5 MB). A larger input is refused with
:class:`~riichi.errors.LogFormatError` after reading at most this much."""


_GZIP_MAGIC = b"\x1f\x8b"
"""The two bytes every gzip stream begins with."""

MAX_ROUNDS = 1_000
"""The most rounds a record may hold: far more than any game (a long hanchan plays some twenty),
so that a record of the largest size is refused before its rounds are read one by one."""


def checked_rounds(rounds: int, where: str) -> None:
    """:class:`~riichi.errors.LogFormatError` if a record has ``rounds`` > :data:`MAX_ROUNDS`."""
    if rounds > MAX_ROUNDS:
        raise LogFormatError(f"{where}: more than {MAX_ROUNDS:,} rounds (riichi.logs.MAX_ROUNDS), "
                             "far more than any game")


def checked_names(names: Sequence[str], counts: range, expected: str) -> Sequence[str]:
    """``names`` for a writer to put in a record, unless its reader would refuse them: names that
    are not all texts (:class:`~riichi.errors.WrongTypeError`), or a number of them not in
    ``counts`` (:class:`LogFormatError` saying the ``expected`` number)."""
    # a text is a sequence of texts too: "ABCD" would be four one-letter names
    if isinstance(names, str) or not isinstance(names, Sequence) or not all(
            isinstance(n, str) for n in names):
        raise WrongTypeError(f"names: expected the player names as texts, got {quoted(names)}")
    if len(names) not in counts:
        raise LogFormatError(f"names: expected {expected}, got {len(names)}")
    return names


def checked_size(data: str | bytes, source: str) -> str | bytes:
    """``data``, unless it is larger than :data:`MAX_RECORD_BYTES`."""
    if len(data) > MAX_RECORD_BYTES:
        raise LogFormatError(
            f"{source}: larger than {MAX_RECORD_BYTES:,} bytes (riichi.logs.MAX_RECORD_BYTES), "
            "far more than any game record"
        )
    return data


def decompressed(data: bytes, source: str) -> bytes:
    """``data``, decompressed if it is gzip data, within the bound."""
    if data[:2] == _GZIP_MAGIC:
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
                data = stream.read(MAX_RECORD_BYTES + 1)  # never more than the bound in memory
        except (OSError, EOFError, ValueError) as exc:
            raise LogFormatError(f"{source}: corrupt gzip data ({exc})") from None
        if data[:2] == _GZIP_MAGIC:  # gzip run on a .gz: say so rather than call it text not UTF-8
            raise LogFormatError(f"{source}: gzip inside gzip (once decompressed it begins with gzip's "
                                 "magic bytes 1f 8b again); expected a record compressed once: "
                                 "decompress it once (gunzip) and read the .gz that comes out")
    checked_size(data, source)
    return utf8(data, source)


def utf8(data: bytes, source: str) -> bytes:
    """``data`` as UTF-8: a record saved as UTF-16 or UTF-32 (what Windows Notepad calls
    "Unicode"), told by its byte order mark or by the zero bytes beside its first character as
    JSON's own detection tells them, is encoded again as UTF-8; other bytes are left as they are."""
    encoding = json.detect_encoding(data)
    if encoding in ("utf-8", "utf-8-sig"):
        return data
    try:
        return data.decode(encoding).encode("utf-8")
    except UnicodeDecodeError as exc:
        raise LogFormatError(f"{source}: not {encoding.upper()} text, as its first bytes say ({exc})") from None


def read_bounded(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the file at ``path`` (as they are: not decompressed), within the bound."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise LogFormatError(f"cannot read {quoted(name)}: {exc.strerror}") from None
    except ValueError as exc:  # a path no file can have: a NUL in it
        raise LogFormatError(f"cannot read {quoted(name)}: {exc}") from None
    checked_size(data, quoted(name))
    return data


def as_text(data: str | bytes, source: str) -> str:
    """``data`` as text (bytes are read as UTF-8, or as the UTF-16 or UTF-32 they show, see
    :func:`utf8`) without the byte order mark some editors put
    first; :class:`LogFormatError` naming ``source`` if they are not."""
    try:
        return (data if isinstance(data, str) else utf8(data, source).decode("utf-8")).removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raw = exc.object
        if raw[:2] == _GZIP_MAGIC:
            raise LogFormatError(f"{source}: gzip data (it begins with gzip's magic bytes 1f 8b); "
                                 "expected the record's text: riichi.logs.read decompresses it") from None
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - raw.rfind(b"\n", 0, exc.start)
        raise LogFormatError(f"{source}, line {line}: not UTF-8 text (byte {raw[exc.start]:#04x} at "
                             f"column {column}; expected UTF-8, or UTF-16 or UTF-32 from the first "
                             "byte on)") from None
