from typing import Any

KIND: int
LINE: int
START: int
END: int
ACTOR: int
TARGET: int
PAI: int
FLAG: int
COUNT: int
CONSUMED: int
KINDS: tuple[str | None, ...]
BLANK: int
JSON: int
ABSENT_FLAG: int
NULL_FLAG: int

def scan(text: str) -> Any: ...
