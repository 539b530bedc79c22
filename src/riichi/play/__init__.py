"""Play a hand (``cardavia``) or a whole game against three AI in the terminal.

``python -m riichi.play`` (:mod:`riichi.play.cli`). The game logic is :class:`HumanGame` (the
engine and the AI seats) and :class:`Controller` (what the human may do now, driven by key names);
:func:`riichi.play.view.render` draws them as text; :mod:`riichi.play.app` is the thin
prompt_toolkit front end, imported only when a game starts.
"""

from riichi._deprecated import renamed
from riichi.play.controller import Controller
from riichi.play.human_game import HandSummary, HumanGame, PlayError, make_opponents

__all__ = ["Controller", "HandSummary", "PlayError", "HumanGame", "make_opponents"]

# "Table" names the engine that plays a game (riichi.game); the human's game was called Table too.
__getattr__ = renamed("riichi.play", {"Table": ("HumanGame", HumanGame)})
