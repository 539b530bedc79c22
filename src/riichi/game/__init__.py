"""The table: a state machine that plays riichi mahjong by a :class:`~riichi.rules.RuleSet`.

>>> from riichi.agents import RandomAgent
>>> result = play_game("cardavia", [RandomAgent(i) for i in range(4)], seed=0)
>>> len(result.hands)
1
"""

from riichi.game import events
from riichi.game.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from riichi.game.action_notation import format_action, parse_action
from riichi.game.flow import Position
from riichi.game.game import Game, GameResult, play_game
from riichi.game.hand_end import HandEnding
from riichi.game.match import MatchResult, SetResult, play_match
from riichi.game.observation import Observation
from riichi.game.state import GameState, HandOutcome, Phase
from riichi.game.wall import Wall

__all__ = [
    "Action",
    "Ankan",
    "Chi",
    "Daiminkan",
    "Discard",
    "Game",
    "GameResult",
    "GameState",
    "HandEnding",
    "HandOutcome",
    "Kakan",
    "Kita",
    "MatchResult",
    "NineTerminals",
    "Observation",
    "Pass",
    "Phase",
    "Pon",
    "Position",
    "Riichi",
    "Ron",
    "SetResult",
    "Tsumo",
    "Wall",
    "events",
    "format_action",
    "parse_action",
    "play_game",
    "play_match",
]
