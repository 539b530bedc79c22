"""Type stubs for the compiled han estimate of the built-in players, riichi.agents._value."""

from collections.abc import Sequence

def hand_han(
    counts: bytes | bytearray,
    meld_types: Sequence[int],
    reds: int,
    dora: Sequence[int],
    closed: bool,
    yakuhai: int,
) -> int: ...
