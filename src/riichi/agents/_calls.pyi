"""Type stubs for the compiled claims of the built-in players, riichi.agents._calls."""

from collections.abc import Sequence

def calls_below(
    counts: bytes | bytearray,
    legal: Sequence[object],
    limit: int,
    chi_type: type,
    pon_type: type,
    sanma: bool = False,
) -> tuple[int, list[tuple[int, int, int, int]]]: ...
