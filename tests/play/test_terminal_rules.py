"""The terminal game plays the preset's rules as the engine does: on ``cardavia`` the rules its page
states (a passed ron is furiten until the player's own draw, a call in between changes nothing; a
concealed kan cannot be robbed, not even for thirteen orphans), on ``ema`` the other way. The
human is seated at a :class:`~riichi.play.human_game.HumanGame` with an arranged wall and answers through
the :class:`~riichi.play.controller.Controller` and the screen the terminal shows
(:func:`riichi.play.view.render`); the AI seats follow a script."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from riichi.game import Action, Ankan, Discard, Observation, Pass, Pon, Ron, Wall
from riichi.play.controller import Controller
from riichi.play.rules_text import rules_text
from riichi.play.human_game import HumanGame
from riichi.play.view import plain, render
from riichi.rules import RuleSet
from riichi.tiles import parse_tile
from tests.support.game import QUIET

PINFU = "234m345p456s67m22s"  # waits 5m/8m


class Script:
    """An AI seat that takes the first legal action of a kind it is told to (``Pon``, ``Ankan``),
    else discards what it drew (after a call, a tile of type ``after_call``) and passes."""

    def __init__(self, takes: Sequence[type] = (), after_call: str = "") -> None:
        self.takes = tuple(takes)
        self.after_call = after_call

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        for action in legal_actions:
            if isinstance(action, self.takes):
                return action
        for action in legal_actions:
            if isinstance(action, Discard) and (
                action.tile == observation.drawn
                or (observation.drawn is None and action.tile >> 2 == parse_tile(self.after_call))
            ):
                return action
        return next(a for a in legal_actions if isinstance(a, Pass))


def seated(rules: str, hands: list[str], draws: str, opponents: list[Script]) -> HumanGame:
    """The human at seat 2 of an arranged table (the AI seats 3, 0 and 1, in that order)."""
    wall = Wall.arranged(hands, draws, dora_indicators="8s", ura_indicators="8s",
                         rules=RuleSet.preset(rules))
    return HumanGame(rules, seed=0, opponents=opponents, seat=2, walls=[wall])


def play_ai(table: HumanGame) -> None:
    while table.ai_pending():
        table.ai_step()


def screen(ui: Controller) -> str:
    return plain(render(ui, 80, 24))


@pytest.mark.parametrize(("rules", "cleared_by_the_call"), [("ema", True), ("cardavia", False)])
def test_a_passed_ron_stays_furiten_across_a_call_until_the_own_draw(
    rules: str, cleared_by_the_call: bool
) -> None:
    # seat 0 throws 5m: you pass the ron; seat 1 throws 7z, seat 3 pons it and throws 8m
    table = seated(rules, [QUIET[0], QUIET[1], PINFU, "368m147p258s1277z"], "5m7z",
                   [Script((Pon,), after_call="8m"), Script(), Script()])
    ui = Controller(table, rules_text="")
    play_ai(table)
    assert [c.label for c in ui.menu()] == ["Ron 5m", "Pass"]
    ui.press("enter")  # Pass is preselected
    assert table.state.players[2].temp_furiten and "FURITEN" in screen(ui)
    play_ai(table)
    if cleared_by_the_call:  # EMA 2012: anyone's call ends it, and the 8m may be won on
        assert [c.label for c in ui.menu()] == ["Ron 8m", "Pass"]
        return
    # cardavia: the 8m passes by unclaimed; your own draw ends the furiten
    assert ui.menu() == [] and ui.discarding()
    pond = table.observation.discards[3]
    assert [d.tile >> 2 for d in pond] == [parse_tile("8m")]
    assert not table.state.players[2].temp_furiten
    assert "FURITEN" not in screen(ui)


@pytest.mark.parametrize(("rules", "robbed"), [("ema", True), ("cardavia", False)])
def test_thirteen_orphans_robs_a_concealed_kan_only_where_the_rules_say(
    rules: str, robbed: bool
) -> None:
    # seat 1 draws its fourth 1m and makes a concealed kan; you wait on 1m with thirteen orphans
    hands = ["258m147p369s1234z", "111m345p456s5566z", "99m19p19s1234567z", QUIET[2]]
    table = seated(rules, hands, "9p1m", [Script(), Script(), Script((Ankan,))])
    ui = Controller(table, rules_text="")
    play_ai(table)
    if robbed:
        assert [c.label for c in ui.menu()] == ["Ron 1m", "Pass"]
        assert "1m" in screen(ui)
        ui.press("left")  # onto Ron
        ui.press("enter")
        win = table.summary
        assert win is not None and "kokushi" in win.wins[0].result.yaku
    else:  # the AI went on past the kan to your turn: no ron was offered on it
        assert ui.menu() == [] and ui.discarding()
        melds = table.observation.melds[1]
        assert len(melds) == 1 and melds[0].kind.value == "ankan"
        assert not any(isinstance(a, Ron) for a in table.human_actions())


def test_the_terminals_rules_page_states_them() -> None:
    text = " ".join(rules_text(RuleSet.preset("cardavia")).split())
    assert "riichi needs at least 1,000 points and four tiles left in the wall" in text
    assert "a passed ron is furiten until the player's own next draw (no call ends it sooner)" in text
    assert "a concealed kan cannot be robbed, not even for thirteen orphans" in text
