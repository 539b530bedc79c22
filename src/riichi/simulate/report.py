"""The summary as printed at the end of a run: rich tables of the per-player figures, the table's
figures, the most frequent yaku and the speed."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

__all__ = ["render_summary"]

_TOP_YAKU = 8


def render_summary(summary: dict[str, Any], timing: dict[str, Any] | None = None) -> RenderableType:
    """The printed summary; ``timing`` (games per second) is shown when given."""
    seats = len(summary["players"])
    title = (
        f"Placement odds from {summary['from']}" if summary["from"] is not None
        else f"{summary['games']:,} games"
        + (f" ({summary['deals']:,} walls x 4 rotations)" if summary["duplicate"] else "")
        + (f" in {summary['matches']:,} matches" if "matches" in summary else "")
    )
    table = Table(
        title=f"{title} - rules {summary['rules']}, seed {summary['seed']}",
        caption="95 % confidence intervals: ± for averages, low-high for shares",
    )
    seat_word = "player" if summary["duplicate"] else "seat"
    for name in (seat_word, "avg rank", *("1st", "2nd", "3rd", "4th")[:seats], "final score",
                 "result", "win", "deal-in", "riichi", "call"):
        table.add_column(name, justify="left" if name == seat_word else "right")
    for p in summary["players"]:
        ci = p["ci95"]
        table.add_row(
            f"{p['seat']}: {p['player']}",
            _mean(p["avg_rank"], ci["avg_rank"], ".2f"),
            *(_share(x, c) for x, c in zip(p["rank_dist"], ci["rank_dist"])),
            _mean(p["avg_final_score"], ci["avg_final_score"], ",.0f"),
            _mean(p["avg_result"], ci["avg_result"], "+,.0f"),
            *(_share(p[r], ci[r]) for r in ("win_rate", "deal_in_rate", "riichi_rate", "call_rate")),
        )
    parts: list[RenderableType] = [table]
    if "matches" in summary:
        parts.append(_match_table(summary))
    if summary["duplicate"]:
        parts.append(_duplicate_table(summary))
    hands = summary["hands"]
    parts.append(Text(
        f"hands: {hands['count']:,} ({_num(hands['per_game'], '.2f')} per game); "
        f"exhaustive draws {_share(hands['draw_rate'], hands['ci95']['draw_rate'], ' ')}; "
        f"abortive draws {_pct(hands['abort_rate'])}; average winning hand "
        f"{_mean(hands['avg_win_points'], hands['ci95']['avg_win_points'], ',.0f', ' ')} points"
    ))
    yaku = list(summary["yaku"].items())[:_TOP_YAKU]
    if yaku:
        parts.append(Text("most frequent yaku: " + ", ".join(f"{n} {c:,}" for n, c in yaku)))
    if timing is not None:
        parts.append(Text(
            f"{timing['games_played']:,} games played in {timing['seconds']:.1f} s: "
            f"{timing['games_per_second']:,.1f} games/s"
        ))
    return Group(*parts)


def _match_table(summary: dict[str, Any]) -> Table:
    table = Table(title=f"{summary['matches']:,} matches (best of sets of games)")
    for name in ("player", "sets won", "matches won", "match win rate"):
        table.add_column(name, justify="left" if name == "player" else "right")
    for p in summary["players"]:
        table.add_row(
            f"{p['seat']}: {p['player']}",
            f"{p['set_wins']:,}",
            f"{p['match_wins']:,}",
            _share(p["match_win_rate"], p["ci95"]["match_win_rate"], " "),
        )
    return table


def _duplicate_table(summary: dict[str, Any]) -> Table:
    table = Table(title="Duplicate play: each wall played in every seat",
                  caption="variance ratio = Var(mean of a wall's 4 games) / (Var(one game) / 4)")
    for name in ("player", "walls", "result (per wall)", "variance ratio", "variance reduction"):
        table.add_column(name, justify="left" if name == "player" else "right")
    for p in summary["players"]:
        dup = p["duplicate"]
        table.add_row(
            f"{p['seat']}: {p['player']}",
            f"{dup['walls']:,}",
            _mean(p["avg_result"], p["ci95"]["avg_result"], "+,.0f"),
            _num(dup["variance_ratio"], ".3f"),
            _pct(dup["variance_reduction"]),
        )
    return table


def _num(x: float | None, spec: str) -> str:
    return "-" if x is None else format(x, spec)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _mean(x: float | None, ci: list[float | None], spec: str, sep: str = " ") -> str:
    """A mean and the half-width of its (symmetric, normal) interval."""
    low, high = ci
    if x is None or low is None or high is None:
        return _num(x, spec)
    return f"{_num(x, spec)}{sep}±{(high - low) / 2:{spec.lstrip('+')}}"


def _share(x: float | None, ci: list[float | None], sep: str = "\n") -> str:
    """A share in percent and its (Wilson, not symmetric) interval."""
    low, high = ci
    if x is None or low is None or high is None:
        return _pct(x)
    return f"{100 * x:.1f}%{sep}{100 * low:.1f}-{100 * high:.1f}"
