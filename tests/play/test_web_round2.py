"""The web game's second round of defects, shown without a browser where the server owns them."""

from __future__ import annotations

import pytest

from riichi.play.web.session import MessageError, WebGame


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
