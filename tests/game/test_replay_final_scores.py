"""An mjai end_game without scores (as RiichiEnv writes it) states no final scores: the reader
gives the last round's as record.end.scores, and replay compares no final scores it cannot know,
while it still compares the final scores a record states."""

from __future__ import annotations

import json

from riichi.agents import DefensiveAgent
from riichi.game import play_game
from riichi.game.replay import replay
from riichi.logs import dumps, read


def test_an_mjai_end_game_without_scores_states_no_final_scores_to_compare() -> None:
    # riichi sticks are left on the table at the end of this game: the engine gives them to first
    # place, so the last round's scores (what an end_game without scores leaves) are not final
    game = play_game("tenhou-east", [DefensiveAgent(seed=s) for s in range(4)], seed=13)
    lines = dumps(game).splitlines()
    end = json.loads(lines[-1])
    assert end["type"] == "end_game" and end["scores"] == list(game.final_scores)
    del end["scores"]
    record = read("\n".join([*lines[:-1], json.dumps(end)]), format="mjai")
    assert replay(record).differences == ()
    assert not record.final_scores_stated and record.end is not None
    assert record.end.scores != game.final_scores  # the last round's: the sticks not yet given
    again = read(dumps(record), format="mjai")  # written back, it still states none
    assert not again.final_scores_stated and "scores" not in json.loads(dumps(record).splitlines()[-1])
    assert replay(again).differences == ()
    end["scores"] = [s + d for s, d in zip(game.final_scores, (1000, -1000, 0, 0))]  # stated, and wrong
    record = read("\n".join([*lines[:-1], json.dumps(end)]), format="mjai")
    assert record.final_scores_stated
    assert [d.aspect for d in replay(record).differences] == ["final_scores"]
