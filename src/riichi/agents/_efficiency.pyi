"""Type stubs for the compiled discard choice of the built-in players, riichi.agents._efficiency."""

from collections.abc import Sequence
from typing import TypeVar

_A = TypeVar("_A")

ALL_TILES: int
Candidate = tuple[int, int, int, int, int]

def best_discard(
    counts: bytes | bytearray,
    visible: bytes | bytearray,
    worth: bytes | bytearray,
    order: bytes | bytearray,
    first: int = 0,
    useful: int = ...,
    banned: int = 0,
    bonus: int = 0,
    weight: int = 0,
    flush_tiles: int = -1,
    flush_suits: int = 7,
    sanma: bool = False,
) -> tuple[int, int, int]: ...
def defend_discard(
    counts: bytes | bytearray,
    visible: bytes | bytearray,
    worth: bytes | bytearray,
    order: bytes | bytearray,
    first: int,
    useful: int,
    banned: int,
    threats: Sequence[tuple[float, int, int]],
    caution: float,
    candidates: list[Candidate] | None = None,
    sanma: bool = False,
) -> tuple[Candidate, Candidate, Candidate]: ...
def turn_discard(
    legal: Sequence[_A],
    counts: bytes | bytearray,
    visible: bytes | bytearray,
    worth: bytes | bytearray,
    order: bytes | bytearray,
    first: int,
    useful: int,
    banned: int,
    flush_tiles: int,
    flush_suits: int,
    riichi: bool,
    types: tuple[type, type, type, type, type],
    sanma: bool = False,
) -> tuple[_A | None, int, int, int]: ...
def listed_discard(
    legal: Sequence[_A],
    tile_type: int,
    counts: bytes | bytearray,
    riichi: bool,
    discard_type: type,
    riichi_type: type,
    nine_terminals_type: type,
) -> _A: ...
def discard_types(legal: Sequence[object], discard_type: type) -> int: ...
