"""The library call: :func:`run` plays a seeded simulation and returns a :class:`SimulationResult`;
:func:`resume` finishes one that was interrupted.

>>> result = run(games=4, seed=7, players="random", backend="local", shard_size=2)
>>> result.summary["games"], result.games.num_rows, sum(result.summary["players"][0]["rank_dist"])
(4, 4, 1.0)
"""

from __future__ import annotations

import json
import numbers
import secrets
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from riichi.errors import (
    RiichiError, RunDirectoryError, SimulationError, SituationError, WrongTypeError, named_int,
    quoted,
)
from riichi.game.game import Game
from riichi.rules import RuleSet
from riichi.runner import Progress, check_backend, reported, start
from riichi.simulate.output import RunDirectory
from riichi.simulate.players import (
    DEFAULT_PLAYER, Player, PlayerSpec, check_commands, check_player, runs_code, seat_players,
)
from riichi.simulate.shard import RunPlan, ShardWork, plays_matches
from riichi.simulate.starting_point import StartingPoint
from riichi.simulate.summary import summarize, summary_json
from riichi.stats import Tally

if TYPE_CHECKING:
    import os

    import pyarrow as pa

__all__ = ["run", "execute", "resume", "make_plan", "check_backend", "drawn_seed", "run_seed",
           "SimulationResult", "DEFAULT_GAMES", "Progress"]

DEFAULT_GAMES = 500
"""Games of a run when no number is given: a summary in well under a minute on two cores."""


@dataclass
class SimulationResult:
    """What a run produced: its :class:`RunPlan`, the summary (as in ``summary.json``), the time it
    took, and the per-game and per-hand tables (read from the output directory when there is one,
    else kept in memory unless the run was asked not to)."""

    plan: RunPlan
    summary: dict[str, Any]
    elapsed: float
    """Seconds spent playing (not reproducible)."""
    games_played: int
    """Games played by this call (fewer than the run's after a resume)."""
    out: Path | None = None
    _tables: dict[int, tuple[pa.Table, pa.Table]] | None = field(default=None, repr=False)

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time (not reproducible); 0.0 when no time was
        measured (no games played), as a rate with no time has no value JSON can hold."""
        return self.games_played / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def timing(self) -> dict[str, float | int]:
        """The contents of ``timing.json``."""
        return {"games_played": self.games_played, "seconds": round(self.elapsed, 3),
                "games_per_second": round(self.games_per_second, 2)}

    @property
    def games(self) -> pa.Table:
        """One row per game (see ``games.parquet`` in the README)."""
        return self._table(0, "games.parquet")

    @property
    def hands(self) -> pa.Table:
        """One row per hand (see ``hands.parquet`` in the README)."""
        return self._table(1, "hands.parquet")

    def summary_json(self) -> str:
        """The text of ``summary.json``."""
        return summary_json(self.summary)

    def _table(self, which: int, name: str) -> pa.Table:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if self.out is not None:
            return pq.read_table(self.out / name)
        if self._tables is None:
            raise SimulationError("this run kept no tables (keep_tables=False and no out directory)")
        return pa.concat_tables([self._tables[k][which] for k in sorted(self._tables)])


def drawn_seed() -> int:
    """A seed drawn at random for a run given none (a simulation, an analysis): 63 bits, at most
    19 digits to copy into ``--seed``."""
    return secrets.randbits(63)


def run_seed(seed: object, error: type[RiichiError] = SimulationError) -> int:
    """The seed of a run given ``seed``: a whole number >= 0 as it is, None as one
    :func:`drawn_seed`, anything else an ``error`` saying so (before any work: numpy would
    refuse it deep in a worker).

    >>> run_seed(7)
    7
    >>> run_seed(-1)
    Traceback (most recent call last):
    ...
    riichi.errors.SimulationError: seed=-1: expected a whole number >= 0
    """
    if seed is None:
        return drawn_seed()
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise error(f"seed={quoted(seed)}: expected a whole number >= 0")
    return int(seed)


def make_plan(
    games: int = DEFAULT_GAMES,
    *,
    seed: int | None = None,
    rules: RuleSet | str = "ema",
    players: Player | Sequence[Player] = DEFAULT_PLAYER,
    duplicate: bool = False,
    situation: str | None = None,
    shard_size: int = 100,
    logs: int = 0,
) -> RunPlan:
    """Check the settings of a run (:class:`~riichi.errors.SimulationError` and its kinds, or
    :class:`~riichi.errors.UnknownPresetError`, :class:`~riichi.errors.InvalidRuleError`) and fix
    them in a :class:`RunPlan`; a missing seed is drawn at random. Each player is made once here, so
    a bad name or setting fails before any game."""
    games, shard_size, logs = (_count(name, value, least, expected) for name, value, least, expected in (
        ("games", games, 1, "at least 1"), ("shard_size", shard_size, 1, "at least 1"),
        ("logs", logs, 0, "a number of games >= 0")))
    seed = run_seed(seed)
    if not isinstance(duplicate, bool):  # run.json keeps a bool, which a resume checks
        raise WrongTypeError(f"duplicate={quoted(duplicate)}: expected True or False")
    ruleset = RuleSet.coerce(rules)
    Game(ruleset)  # rule values the engine does not play fail here, not in a worker
    seats = seat_players(players, ruleset.players)
    for spec in dict.fromkeys(seats):
        check_player(spec)
    for option, given in (("duplicate", duplicate), ("situation", situation is not None)):
        if given and (ruleset.players < 3 or plays_matches(ruleset)):
            raise SimulationError(
                f"{option} play is for three- and four-player games; rules {ruleset.name!r} play "
                f"{'matches' if plays_matches(ruleset) else f'{ruleset.players} players'}"
            )
    text = None
    if situation is not None:
        if duplicate:
            raise SituationError(
                "a situation fixes each seat's score, so it cannot be played in duplicate; "
                "drop --duplicate or --from"
            )
        text = str(StartingPoint.parse(situation, ruleset))
    return RunPlan(seed, games, ruleset, seats, duplicate, text, shard_size, logs)


def _count(name: str, value: object, least: int, expected: str) -> int:
    """A count of a run's settings as an int (:func:`~riichi.errors.as_int`: numpy's integers
    too, no bool, no float), at least ``least`` (else an error saying ``expected``)."""
    count = named_int(name, value, f"{expected}, a whole number")
    if count < least:
        raise SimulationError(f"{name}={count}: expected {expected}")
    return count


def run(
    games: int = DEFAULT_GAMES,
    *,
    seed: int | None = None,
    rules: RuleSet | str = "ema",
    players: Player | Sequence[Player] = DEFAULT_PLAYER,
    duplicate: bool = False,
    situation: str | None = None,
    shard_size: int = 100,
    logs: int = 0,
    workers: int | None = None,
    backend: str = "process",
    ray_address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    keep_tables: bool = True,
    progress: Progress | None = None,
) -> SimulationResult:
    """Play ``games`` games (or, with ``duplicate``, ``games`` walls four times each, seats
    rotated) seeded by ``seed``, under ``rules`` (a preset name or any :class:`RuleSet`), with
    ``players`` (one for every seat, or one per seat: a built-in name, ``module:Class``, an
    :class:`~riichi.agents.Agent` class, a factory ``seed -> Agent``, any of them with settings
    as ``"defensive(fold_threshold=2000)"`` or a :class:`~riichi.simulate.players.PlayerSpec`;
    see :mod:`riichi.simulate.players`), from ``situation`` if given (the format of
    :mod:`riichi.simulate.starting_point`).

    Shards of ``shard_size`` games (matches under match rules; with ``duplicate``, the whole
    walls that fit, at least one) are played on ``backend`` (``local``, ``process`` or ``ray``)
    by ``workers`` workers; with ``out`` every finished shard is written there (see
    :mod:`riichi.simulate.output`) and the run can be resumed after an interruption. Without
    ``out`` the tables stay in memory unless ``keep_tables`` is false. With ``out``, the first
    ``logs`` games are also written to ``out/logs`` as mjai and tenhou.net/6 records.
    """
    plan = make_plan(games, seed=seed, rules=rules, players=players, duplicate=duplicate,
                     situation=situation, shard_size=shard_size, logs=logs)
    if plan.logs and out is None:
        raise SimulationError(f"logs={plan.logs}: the game records are written to out; give "
                              "out=DIR")
    return execute(plan, workers=workers, backend=backend, ray_address=ray_address, out=out,
                   keep_tables=keep_tables, progress=progress)


def execute(
    plan: RunPlan,
    *,
    workers: int | None = None,
    backend: str = "process",
    ray_address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    keep_tables: bool = True,
    progress: Progress | None = None,
) -> SimulationResult:
    """Play the games of ``plan`` (made by :func:`make_plan`); the other arguments as in
    :func:`run`."""
    if not isinstance(plan, RunPlan):
        raise WrongTypeError(f"plan={quoted(plan)}: expected a RunPlan, made by make_plan")
    _check_progress(progress)
    workers = check_backend(backend, workers, ray_address)
    check_local_commands(plan, backend)
    if out is None:
        return _execute(plan, None, {}, workers, backend, ray_address, keep_tables, progress)
    with RunDirectory(out) as directory:
        directory.create(plan)
        return _execute(plan, directory, {}, workers, backend, ray_address, keep_tables, progress)


def resume(
    out: str | os.PathLike[str],
    *,
    players: Player | Sequence[Player] | None = None,
    trust_players: bool = False,
    workers: int | None = None,
    backend: str = "process",
    ray_address: str | None = None,
    progress: Progress | None = None,
    rewrite_finished: bool = True,
) -> SimulationResult:
    """Finish the run kept in ``out``: play the shards that were not finished and write the
    summary, exactly as an uninterrupted run would have. Every file kept there is checked first
    (:class:`~riichi.errors.RunDirectoryError` names one that does not belong to the run). A run
    already finished has its summary written again (its ``timing.json`` kept), or with
    ``rewrite_finished=False`` is refused, changing nothing.

    ``run.json`` is data that anyone who can write to ``out`` may rewrite (its fingerprint
    finds changes by mistake, not by design), so a run whose players are code (``module:Class``,
    ``module:function``, ``mjai:COMMAND``) is resumed only when ``players`` repeats them, as
    :func:`run` took them, or ``trust_players`` says to run the code the file names; the
    built-in players are resumed as they are."""
    _check_progress(progress)
    workers = check_backend(backend, workers, ray_address)
    with RunDirectory(out) as directory:
        plan = directory.open()
        _check_players(directory.plan_file, plan.players, players, trust_players)
        check_local_commands(plan, backend)
        make_plan(plan.deals, seed=plan.seed, rules=plan.rules, players=plan.players,
                  duplicate=plan.duplicate, situation=plan.situation, shard_size=plan.shard_size)
        finished = directory.finished(plan)
        if len(finished) == plan.shards and not rewrite_finished:
            played = "matches" if plays_matches(plan.rules) else "games"
            raise RunDirectoryError(
                f"nothing to resume: the run in {out} had played all its {plan.games} {played} "
                f"already; its summary is {directory.path / 'summary.json'}"
            )
        return _execute(plan, directory, finished, workers, backend, ray_address, True, progress)


def _check_progress(progress: object) -> None:
    """Refuse, before any folder or game, a ``progress`` that cannot be told how far the run
    went (``False``, which :func:`riichi.analyze.decision` takes, is no function)."""
    if progress is not None and not callable(progress):
        raise WrongTypeError(f"progress={quoted(progress)}: expected None or a function told "
                             "(done, total)")


def check_local_commands(plan: RunPlan, backend: str) -> None:
    """The mjai bots' programs checked before any game of a run on this machine (Ray's workers
    start theirs where they run: a missing one fails the first game there)."""
    if backend != "ray":
        check_commands(plan.players)


def _check_players(
    plan_file: Path, kept: tuple[PlayerSpec, ...], players: Player | Sequence[Player] | None,
    trust: bool,
) -> None:
    """Refuse (:class:`~riichi.errors.RunDirectoryError`) to resume players that are code unless
    the caller named them (``players``, which must be the run's) or trusts ``plan_file``."""
    listed = ",".join(map(str, kept))
    if players is not None:
        given = seat_players(players, len(kept))
        if given != kept:
            raise RunDirectoryError(
                f"players {','.join(map(str, given))} are not the players of the run in "
                f"{plan_file} ({listed}); repeat the run's own"
            )
        return
    code = [str(p) for p in dict.fromkeys(kept) if runs_code(p)]
    if code and not trust:
        raise RunDirectoryError(
            f"{plan_file} names players that are code ({', '.join(code)}), and a resume runs only "
            f"the code its command names: repeat them with --players {shlex.quote(listed)} "
            "(players=), or pass --trust-players (trust_players=True) to run the code that file "
            "names"
        )


def _done(plan: RunPlan, tally: Tally) -> int:
    """What the progress of ``plan``'s run counts in ``tally``: what ``--games`` counts, games,
    or under match rules matches."""
    return tally.matches if plays_matches(plan.rules) else tally.games


def _execute(
    plan: RunPlan,
    directory: RunDirectory | None,
    finished: dict[int, Tally],
    workers: int | None,
    backend: str,
    ray_address: str | None,
    keep_tables: bool,
    progress: Progress | None,
) -> SimulationResult:
    tally = Tally()
    for k in sorted(finished):
        tally = tally + finished[k]
    left = plan.shards - len(finished)
    todo = (k for k in range(plan.shards) if k not in finished)  # taken as workers are free
    tables: dict[int, tuple[pa.Table, pa.Table]] | None = {} if keep_tables else None
    played = 0
    began = time.perf_counter()
    if not left:  # a finished run, resumed: no worker to start
        if progress is not None:
            progress(_done(plan, tally), plan.games)
    else:
        with start(ShardWork(plan), backend, workers, ray_address, most=left) as pool:
            if directory is not None:  # the games begin: a failure or Ctrl-C keeps the files
                directory.keep()
            for result in reported(pool.play(todo), lambda r: _done(plan, r.tally), plan.games,
                                   progress, _done(plan, tally)):
                if directory is not None:
                    directory.write_shard(result)
                elif tables is not None:
                    tables[result.shard] = (result.games, result.hands)
                tally = tally + result.tally
                played += result.tally.games
    elapsed = time.perf_counter() - began
    outcome = SimulationResult(
        plan, summarize(plan, tally), elapsed, played,
        directory.path if directory is not None else None, tables,
    )
    if directory is not None:
        directory.write_json("summary.json", outcome.summary_json())
        if left:  # a finished run resumed keeps the timing of the games it played
            directory.write_json("timing.json", json.dumps(outcome.timing, indent=2) + "\n")
    return outcome
