"""Type stubs for the compiled chain over an opponent's hands, riichi.analyze._belief."""

import numpy as np
import numpy.typing as npt

FEATURES: int
AGES: int

def age_class(age: int) -> int: ...
def log_likelihood(
    counts: bytes, size: int, history: bytes, ages: bytes, coef: npt.NDArray[np.float64]
) -> float: ...
def discard_features(counts: bytes, size: int) -> list[tuple[int, float, float, float, float]]: ...
def consistent(
    counts: bytes, size: int, mode: int, level: int, banned: int, melded: bytes
) -> bool: ...
def draw_hand(
    hand: list[int],
    rest: list[int],
    mode: int,
    level: int,
    banned: int,
    melded: bytes,
    history: bytes,
    ages: bytes,
    coef: npt.NDArray[np.float64],
    moves: npt.NDArray[np.float64],
    burn: int,
    thin: int,
    picks: int,
    pick: float,
    tilt: float = 0.0,
) -> tuple[list[int], float, int, int, bool]: ...
def chain_states(
    hand: list[int],
    rest: list[int],
    mode: int,
    level: int,
    banned: int,
    melded: bytes,
    history: bytes,
    ages: bytes,
    coef: npt.NDArray[np.float64],
    moves: npt.NDArray[np.float64],
    burn: int,
    thin: int,
    picks: int,
) -> list[tuple[float, float]] | None: ...
def hand_quality(counts: bytes, size: int, melded: bytes) -> float: ...
