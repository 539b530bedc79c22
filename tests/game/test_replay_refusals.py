"""replay refuses what it cannot play in one error naming it, before it plays a round: rules for
another number of players than the record has seats (it listed a start difference a round,
"expected 2 ints", "a wall must hold each 136-id ..."), and a record that is no GameRecord."""

from __future__ import annotations

import pytest

from riichi.agents import RandomAgent
from riichi.errors import InvalidRuleError, WrongTypeError
from riichi.game import play_game
from riichi.game.replay import replay
from riichi.logs import dumps, read


@pytest.mark.parametrize(("seats", "preset", "other"), [(4, "tenhou", "2p"), (4, "tenhou", "tenhou-3p"),
                                                       (3, "tenhou-3p", "tenhou"), (2, "2p", "ema")])
def test_rules_for_another_number_of_players_are_refused(seats: int, preset: str, other: str) -> None:
    record = read(dumps(play_game(preset, [RandomAgent(s) for s in range(seats)], seed=1)))
    assert replay(record).differences == ()
    players = 2 if other == "2p" else 3 if other == "tenhou-3p" else 4
    with pytest.raises(InvalidRuleError, match=rf"^rules '{other}' are for {players} players: a record "
                                               rf"of {seats} seats cannot be replayed under them$"):
        replay(record, rules=other)


def test_a_record_that_is_no_game_record_is_refused_by_type() -> None:
    text = dumps(play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1))
    with pytest.raises(WrongTypeError, match=r"^record: expected a GameRecord \(riichi.logs.read\), got str$"):
        replay(text, rules="tenhou")  # type: ignore[arg-type]
