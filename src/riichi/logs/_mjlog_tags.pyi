from typing import Any

KIND: int
LINE: int
COLUMN: int
SEAT: int
DRAW: int
TILE: int
TAG_INDEX: int
MOVE: int
TAG: int

def scan(text: str) -> tuple[Any, list[tuple[str, dict[str, str], int, int]]] | None: ...
def integers(text: str) -> tuple[int, ...] | None: ...
