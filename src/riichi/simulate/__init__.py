"""Monte Carlo simulation of whole games: ``python -m riichi.simulate`` and :func:`run`.

Games are seeded (game ``i`` of seed ``s`` is the same game whatever the worker count), played in
shards on one process, a local process pool or a Ray cluster, and summed into a summary with 95 %
confidence intervals; the per-game and per-hand tables go to Parquet.
"""

from typing import TYPE_CHECKING

from riichi._deprecated import renamed
from riichi.simulate.run import DEFAULT_GAMES, SimulationResult, execute, make_plan, resume, run
from riichi.simulate.shard import RunPlan
from riichi.simulate.starting_point import StartingPoint

__all__ = ["run", "execute", "resume", "make_plan", "RunPlan", "StartingPoint", "SimulationResult",
           "DEFAULT_GAMES"]

# The names these classes had, beside riichi.game.winning.Situation and riichi.agents.plans.Plan.
if not TYPE_CHECKING:
    __getattr__ = renamed(__name__, {"Plan": ("RunPlan", RunPlan),
                                     "Situation": ("StartingPoint", StartingPoint)})
