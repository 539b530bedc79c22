"""Monte Carlo simulation of whole games: ``python -m riichi.simulate`` and :func:`run`.

Games are seeded (game ``i`` of seed ``s`` is the same game whatever the worker count), played in
shards on one process, a local process pool or a Ray cluster, and summed into a summary with 95 %
confidence intervals; the per-game and per-hand tables go to Parquet.
"""

from riichi.simulate.run import DEFAULT_GAMES, SimulationResult, execute, make_plan, resume, run
from riichi.simulate.shard import Plan
from riichi.simulate.situation import Situation

__all__ = ["run", "execute", "resume", "make_plan", "Plan", "Situation", "SimulationResult", "DEFAULT_GAMES"]
