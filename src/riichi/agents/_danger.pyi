"""Type stubs for the compiled danger of a discard, riichi.agents._danger."""

def tile_danger(
    tile: int, genbutsu: int, counts: bytes | bytearray, visible: bytes | bytearray,
    sanma: bool = False,
) -> float: ...
