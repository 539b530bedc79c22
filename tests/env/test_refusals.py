"""Bad input to the environments is refused with an error of riichi's saying what was wrong and
what was expected, and changes nothing: the next good call behaves as if the bad one never
came."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from riichi.env.pettingzoo import RiichiParallel, parallel_env
from riichi.errors import IllegalActionError


def to_a_claim_of_two(table: RiichiParallel, seed: int) -> dict[str, Any]:
    """Play ``table`` from ``seed`` with seeded random legal actions to the first decision of two
    seats at once (a claim on a discard); its observations."""
    observations, _ = table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        deciding = [a for a in table.agents if observations[a]["action_mask"].any()]
        if len(deciding) > 1:
            return observations
        actions = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
                   for a in deciding}
        observations, *_ = table.step(actions)


@pytest.mark.parametrize("second", ["illegal", "missing"])
def test_a_parallel_step_refused_for_its_second_claimant_takes_no_answer(second: str) -> None:
    table, twin = parallel_env(), parallel_env()
    observations = to_a_claim_of_two(table, seed=1)
    to_a_claim_of_two(twin, seed=1)
    first, last = [a for a in table.agents if observations[a]["action_mask"].any()][:2]
    # each claimant's last legal index (a pass) now, its first (a call) in the refused step
    answers = {a: int(np.flatnonzero(observations[a]["action_mask"])[-1]) for a in (first, last)}
    bad = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in (first, last)}
    if second == "illegal":
        bad[last] = int(np.flatnonzero(observations[last]["action_mask"] == 0)[0])
        message = rf"actions\['{last}'\]={bad[last]} is not legal \({last} may: .*pass"
    else:
        del bad[last]
        message = f"{last} has a decision now and no action was given"
    with pytest.raises(IllegalActionError, match=message):
        table.step(bad)
    after = table.step(answers)
    expected = twin.step(answers)
    for agent in table.possible_agents:
        assert np.array_equal(after[0][agent]["observation"], expected[0][agent]["observation"])
        assert np.array_equal(after[0][agent]["action_mask"], expected[0][agent]["action_mask"])
    assert after[1:] == expected[1:]
