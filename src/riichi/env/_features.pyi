import numpy as np
import numpy.typing as npt

Planes = npt.NDArray[np.float32]

def clear(out: Planes, first: int, stop: int, rows: int = 0) -> int: ...
def write_discards(counts: bytes | bytearray, visible: bytes | bytearray, out: Planes,
                   shanten_plane: int, ukeire_plane: int, sanma: bool = False) -> int: ...
def write_danger(counts: bytes | bytearray, visible: bytes | bytearray, genbutsu: int,
                 out: Planes, plane: int, sanma: bool = False) -> int: ...
