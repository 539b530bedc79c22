"""Type stubs for the compiled discard choice of the built-in players, riichi._efficiency."""

ALL_TILES: int

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
def flush_suit(counts: bytes | bytearray, min_tiles: int, suits: int = 7) -> int: ...
def tile_danger(
    tile: int, genbutsu: int, counts: bytes | bytearray, visible: bytes | bytearray
) -> float: ...
