"""The web game's second round of defects, shown without a browser where the server owns them."""

from __future__ import annotations

from typing import Any

import pytest

from riichi.play.web.session import MessageError, WebGame
from tests.support.web import play_hand


def _both_to_answer(game: WebGame) -> None:
    """Play ``game`` (the human discarding the drawn tile or passing) until a discard is to be
    answered by the human and an AI at once."""
    table = game.table
    while not (table.ai_pending() and table.human_actions()):
        assert table.summary is None, "no discard the human and an AI both answer in this hand"
        if table.ai_pending():
            table.ai_step()
            continue
        view = game.view()
        game.handle({"type": "act", "move": view["move"], "action": len(view["actions"]) - 1})


def test_an_act_while_an_ai_is_still_to_answer_a_discard_is_refused() -> None:
    # the view shows no action then (the server waits for the AI): an act with its move number
    # came out of order, and must not be taken before the AI's answer
    game = WebGame("cardavia", 10, "efficiency")
    _both_to_answer(game)
    before = game.view()
    assert before["actions"] == [] and game.table.human_actions()
    with pytest.raises(MessageError, match="AI") as refused:
        game.handle({"type": "act", "move": before["move"], "action": 0})
    assert refused.value.code == "turn"
    assert game.view() == before


def _last_action(view: dict[str, Any]) -> int:
    """A quick test player: the last action offered (the drawn tile, or Pass)."""
    return len(view["actions"]) - 1


def test_a_hand_that_does_not_end_the_game_starts_from_the_points_it_was_dealt_with() -> None:
    # seed 5: South wins 12,000 by ron from West in the first hand, no riichi: the summary's
    # table started from the next hand's points (23,000 47,000 35,000) and put the 12,000
    # down as riichi sticks
    _, views = play_hand(WebGame("tenhou-3p-east", 5, "defensive"), _last_action)
    summary = views[-1]["summary"]
    assert not views[-1]["over"] and summary["deltas"] == [-12_000, 12_000, 0]
    assert summary["start_scores"] == [35_000, 35_000, 35_000]
    assert summary["scores"] == [23_000, 47_000, 35_000]
