"""What a game state waits for: :class:`Phase`, and its members as module constants.

>>> from riichi.game import Game
>>> Game("ema", seed=1).new_state().phase
<Phase.TURN: 'turn'>
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.Enum):
    """What the state waits for."""

    TURN = "turn"
    """The seat :attr:`GameState.turn` to discard, win, declare a kan or riichi."""
    CLAIM = "claim"
    """Answers to the claims on the last discard."""
    CHANKAN = "chankan"
    """Answers to a possible robbing of the kan just declared."""
    KITA = "kita"
    """Answers to a possible ron on the North just set aside (kita, three players)."""
    OVER = "over"
    """The game has ended."""


# An enum member is a descriptor call away on Python 3.11 (slow on a path taken at every action):
# the state machine reads these module constants instead.
TURN, CLAIM, CHANKAN, KITA, OVER = Phase.TURN, Phase.CLAIM, Phase.CHANKAN, Phase.KITA, Phase.OVER
