"""A hand won with a liable player (pao), arranged: you (seat 0, East) throw your three dragons,
South pons them all (the third makes you liable) and wins Big Three Dragons; for the web page's
and the terminal's tests of what a pao win says. The server deals only seeded walls, so the hand
is played by the server's own :class:`WebGame` on an arranged wall."""

from __future__ import annotations

from collections.abc import Sequence

from riichi.game import Action, Discard, Observation, Pass, Pon, Ron, Tsumo, Wall
from riichi.play.controller import Controller
from riichi.play.human_game import HumanGame
from riichi.play.web.session import WebGame
from riichi.rules import RuleSet
from riichi.tiles import parse_tile

# South pons your three dragons (the third makes you liable) and waits on 2m-5m with 34m99p;
# West and North hold no honour. The draws: your first, then those between the pons.
HANDS = ["147m258p369s1567z", "34m99p1s9s7p556677z", "258m369p147s1234z", "369m147p258s1234z"]
DRAWS = "4z9m9m8p9m8p8p"


class Scripted:
    """A player that wins and pons whenever it may, else throws the first of ``throws`` it holds,
    else the tile it drew (or passes)."""

    def __init__(self, throws: Sequence[str] = ()) -> None:
        self.throws = [parse_tile(t) for t in throws]

    def on_game_start(self, seat: int, rules: RuleSet) -> None:
        pass

    def on_event(self, event: object) -> None:
        pass

    def on_game_end(self, result: object) -> None:
        pass

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        for kind in (Tsumo, Ron, Pon):
            for action in legal:
                if type(action) is kind:
                    return action
        discards = [a for a in legal if isinstance(a, Discard)]
        for tile_type in self.throws:
            for action in discards:
                if action.tile >> 2 == tile_type:
                    return action
        drawn = [a for a in discards if a.tile == observation.drawn]
        return (drawn or discards or [a for a in legal if isinstance(a, Pass)])[0]


def pao_game(last_draws: str) -> WebGame:
    """The game at the finished hand's summary: you throw your three dragons, then pass and throw
    your draws; the others draw ``last_draws`` in turn from West after the third pon."""
    rules = RuleSet.preset("ema")
    wall = Wall.arranged(HANDS, DRAWS + last_draws, dora_indicators="8s", ura_indicators="8s",
                         rules=rules)
    game = WebGame("ema", 0)
    game.table = HumanGame(rules, 0, [Scripted(["1s", "9s", "7p"]), Scripted(), Scripted()],
                           walls=[wall])
    game.ui = Controller(game.table, "")
    dragons = [parse_tile(t) for t in ("5z", "6z", "7z")]
    while game.table.summary is None:
        if game.table.ai_pending():
            game.table.ai_step()
            continue
        view = game.view()
        actions, drawn = view["actions"], view["you"]["drawn"]
        mine = [a for a in actions if a["action"] == "pass"
                or (a["action"] == "discard" and a["tile"] >> 2 in dragons[:1])]
        mine = mine or [a for a in actions if a["action"] == "discard" and a["tile"] == drawn]
        if mine[0]["action"] == "discard" and dragons and mine[0]["tile"] >> 2 == dragons[0]:
            dragons.pop(0)
        game.handle({"type": "act", "move": view["move"], "action": mine[0]["i"]})
    return game
