"""Type stubs for the compiled discard choice of the built-in players, riichi._efficiency."""

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
def calls_below(
    counts: bytes | bytearray,
    legal: Sequence[object],
    limit: int,
    chi_type: type,
    pon_type: type,
) -> tuple[int, list[tuple[int, int, int, int]]]: ...
def discard_types(legal: Sequence[object], discard_type: type) -> int: ...
def tiles_in(counts: bytes | bytearray, mask: int) -> int: ...
def open_plan_index(
    counts: bytes | bytearray, meld_types: int, runs: bool, yakuhai: int, kuitan: bool
) -> int: ...
def hand_han(
    counts: bytes | bytearray,
    meld_types: Sequence[int],
    reds: int,
    dora: Sequence[int],
    closed: bool,
    yakuhai: int,
) -> int: ...
def flush_suit(counts: bytes | bytearray, min_tiles: int, suits: int = 7) -> int: ...
def tile_danger(
    tile: int, genbutsu: int, counts: bytes | bytearray, visible: bytes | bytearray
) -> float: ...
