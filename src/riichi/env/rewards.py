"""The rewards of the environments: what a seat is paid, step by step, for its play.

Three kinds, each in thousands of points where it counts points:

* ``"points"``: the placement points of the rules (the final score less the return, plus uma and
  oka: :attr:`GameResult.results <riichi.game.GameResult.results>`), paid as they come: every
  change of the seat's score when it happens (a hand's payments, the riichi stick it puts down,
  the sticks left at the end), and at the end of the game the rest (its start less the return,
  plus its uma and oka). A game's rewards add up to ``results[seat] / 1000``.
* ``"score"``: every change of the seat's score alone, the sticks left at the end included; a
  game's rewards add up to ``(final score - start) / 1000``.
* ``"rank"``: nothing until the end, then ``+1`` for first place down to ``-1`` for last, evenly
  spaced (``1 - 2 * (rank - 1) / (players - 1)``); seats tied under rules that split ties share
  the rewards of the places they tie for, so that a game's rank rewards add up to 0.

>>> from riichi.game.flow import final_results
>>> from riichi.rules import RuleSet
>>> tenhou, final = RuleSet.preset("tenhou"), [45_000, 25_000, 20_000, 10_000]
>>> ranks, results = final_results(tenhou, final)
>>> results
[55000, 5000, -20000, -40000]
>>> final_rewards(reward_code("points"), tenhou, [25_000] * 4, final, results, ranks)
[35.0, 5.0, -15.0, -25.0]
>>> [round(r, 3) for r in final_rewards(reward_code("rank"), tenhou, [25_000] * 4, final, results, ranks)]
[1.0, 0.333, -0.333, -1.0]
"""

from __future__ import annotations

from collections.abc import Sequence

from riichi.errors import RiichiError, quoted
from riichi.rules import RuleSet

__all__ = ["REWARDS", "POINTS", "SCORE", "RANK", "reward_code", "step_scale", "final_rewards"]

REWARDS = ("points", "score", "rank")
"""The kinds of reward, by name; a kind's code is its place here."""
POINTS, SCORE, RANK = 0, 1, 2
_THOUSAND = 1_000.0


def reward_code(name: object) -> int:
    """The code of the reward kind ``name`` (:data:`REWARDS`)."""
    if not isinstance(name, str) or name not in REWARDS:
        raise RiichiError(f"reward={quoted(name)}: expected one of {', '.join(REWARDS)}")
    return REWARDS.index(name)


def step_scale(code: int) -> float:
    """What one point of a change of score is worth under the reward ``code``."""
    return 0.0 if code == RANK else 1 / _THOUSAND


def final_rewards(code: int, rules: RuleSet, start: Sequence[int], final_scores: Sequence[int],
                  results: Sequence[int], ranks: Sequence[int]) -> list[float]:
    """Each seat's reward at the end of the game, beyond the changes of score already paid (a
    game that started at ``start`` and ended at ``final_scores``, ``results`` and ``ranks``)."""
    players = len(final_scores)
    if code == POINTS:
        return [(results[s] - (final_scores[s] - start[s])) / _THOUSAND for s in range(players)]
    if code == RANK:
        # Seats tied under rules that split ties share one rank: each is paid the mean of the
        # places the tie takes (rank to rank + tied - 1), as they share those places' uma.
        tied = [ranks.count(ranks[s]) for s in range(players)]
        return [1 - (2 * (ranks[s] - 1) + tied[s] - 1) / (players - 1) for s in range(players)]
    return [0.0] * players
