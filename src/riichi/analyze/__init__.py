"""Which action was best: Monte Carlo rollouts from a real position, with confidence intervals.

:func:`decision` analyses one decision of a game record: every legal action of the seat is
played out, by the simulator's players, on the same random worlds that fit what the table showed
(each opponent's hand drawn from a belief fitted on real games: :mod:`riichi.analyze.belief`), and
their outcomes (placement, placement points, final score, the hand's result) come with 95 %
intervals and paired differences from the action played. :func:`review` analyses every
decision of one seat in a game and :func:`~riichi.analyze.report.html_report` writes the review
as one self-contained HTML page; ``python -m riichi.analyze`` does both from the command line.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> game = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
>>> result = decision(game, "E1-3", seat=1, samples=10, horizon="hand", seed=1, progress=False)
>>> result.played.label in [a.label for a in result.actions]
True
"""

from __future__ import annotations

from riichi.analyze.decision import ActionResult, Decision, decision
from riichi.analyze.estimate import Estimate
from riichi.analyze.position import AnalysisError, DecisionPoint
from riichi.analyze.review import Review, review


__all__ = ["decision", "review", "Decision", "ActionResult", "Estimate", "Review",
           "DecisionPoint", "AnalysisError"]
