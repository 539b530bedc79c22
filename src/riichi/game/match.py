"""A match: the best of ``RuleSet.match_sets`` sets, each the best of ``RuleSet.set_games`` games.

A game is won by the player alone in first place: seats tied on points for first win nobody where
the rules share tied places (``RuleSet.uma_tie``), and are placed by seat order where they do not
(``uma_tie="seat_order"``), as the game's ranks say. A set ends as soon as one
player has won more than half of its games, or when all are played; its winner is the player with
the most game wins (a tie: nobody). The match ends the same way over sets. The first dealer
changes game by game: in the ``k``-th game of the match player ``(k + s) % players`` sits at seat
``s`` (the seats' winds are drawn before each game at the table; this rotation stands in for
the draw, and keeps a match fair).

Game ``k`` of a match seeded ``seed`` is ``play_game(rules, seated_agents, seed, game_index=k)``.

>>> from riichi.agents import EfficiencyAgent
>>> m = play_match("2p-match", [EfficiencyAgent(), EfficiencyAgent(1)], seed=3)
>>> [s.game_winners for s in m.sets], m.set_wins, m.winner
([(0, 0), (1, 1), (0, 1, 0)], (2, 1), 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from riichi.game.game import GameResult, check_agents, check_event_sink, check_seed, play_game
from riichi.game.state import EventSink
from riichi.rules import RuleSet

if TYPE_CHECKING:
    from riichi.game.agent import Agent

__all__ = ["MatchResult", "SetResult", "play_match"]


@dataclass(frozen=True, slots=True)
class SetResult:
    """One set: its games (each :class:`GameResult` by seat), the player at each seat of each game,
    the winner of each game (a player, or None for a tie) and of the set."""

    games: tuple[GameResult, ...]
    seating: tuple[tuple[int, ...], ...]
    game_winners: tuple[int | None, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A whole match: its sets, how many sets each player won, and the match winner (None for a
    tie). Players are numbered as the agents were given to :func:`play_match`."""

    sets: tuple[SetResult, ...]
    set_wins: tuple[int, ...]
    winner: int | None
    seed: int


def _leader(wins: Sequence[int]) -> int | None:
    """The one player with the most wins, or None if several share the most."""
    top = max(wins)
    return wins.index(top) if wins.count(top) == 1 else None


def _decided(wins: Sequence[int], rounds: int) -> bool:
    """Someone has won more than half of ``rounds``: the rest cannot change the winner."""
    return max(wins) * 2 > rounds


def play_match(
    rules: RuleSet | str,
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    record_events: bool = True,
    on_event: EventSink | None = None,
    on_game: Callable[[GameResult], None] | None = None,
) -> MatchResult:
    """Play a match under ``rules`` (a preset name or :class:`RuleSet`; ``match_sets`` and
    ``set_games`` give its length), one agent per player. ``seed=None`` draws a seed from the
    operating system's entropy (recorded in :attr:`MatchResult.seed`). ``record_events`` and
    ``on_event`` are passed to every :func:`~riichi.game.play_game`; ``on_game`` is called with
    each game's result as it ends (its ``game_index`` ``k`` says the seating)."""
    rules = RuleSet.coerce(rules)
    seed = check_seed(seed)
    check_agents(agents, rules.players)
    check_event_sink(on_event)
    check_event_sink(on_game, "on_game")
    players = rules.players
    sets: list[SetResult] = []
    set_wins = [0] * players
    game_index = 0
    while len(sets) < rules.match_sets and not _decided(set_wins, rules.match_sets):
        games: list[GameResult] = []
        seating: list[tuple[int, ...]] = []
        winners: list[int | None] = []
        game_wins = [0] * players
        while len(games) < rules.set_games and not _decided(game_wins, rules.set_games):
            seated = tuple((game_index + s) % players for s in range(players))
            result = play_game(
                rules, [agents[p] for p in seated], seed, game_index,
                record_events=record_events, on_event=on_event,
            )
            if on_game is not None:
                on_game(result)
            firsts = [seated[s] for s, rank in enumerate(result.ranks) if rank == 1]
            winner = firsts[0] if len(firsts) == 1 else None
            if winner is not None:
                game_wins[winner] += 1
            games.append(result)
            seating.append(seated)
            winners.append(winner)
            game_index += 1
        set_winner = _leader(game_wins)
        if set_winner is not None:
            set_wins[set_winner] += 1
        sets.append(SetResult(tuple(games), tuple(seating), tuple(winners), set_winner))
    return MatchResult(tuple(sets), tuple(set_wins), _leader(set_wins), seed)
