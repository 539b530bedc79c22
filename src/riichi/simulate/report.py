"""The summary as printed at the end of a run, laid out for the width of the terminal.

Each figure is printed whole: the per-seat figures are columns grouped in sections (placement,
points, play, duplicate, matches) and the sections are set side by side while they fit the width,
else stacked, one line per seat. Averages read ``2.48 ±0.05`` (half their normal 95 % interval),
shares ``26.1 (22.4-30.1)`` (in %, with their Wilson 95 % interval, which is not symmetric).
Players are listed in full above the tables, which name them by seat, numbered 1-4 as people
count them (seat 1 the first dealer; ``summary.json`` keeps the API's 0-3). Lines are broken
between figures, never inside one (:func:`riichi._cli.wrap`).

>>> from riichi.simulate import run
>>> text = render_summary(run(4, seed=7, players="random", backend="local").summary, width=80)
>>> max(len(line) for line in text.splitlines()) <= 80
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from riichi._cli import many, wrap
from riichi.rules.files import rule_word

__all__ = ["render_summary", "player_names"]

_TOP_YAKU = 8
_GAP = "  "
_PLACES = ("1st", "2nd", "3rd", "4th")
_RATES = (("win", "win_rate"), ("deal-in", "deal_in_rate"), ("riichi", "riichi_rate"),
          ("call", "call_rate"))


@dataclass(frozen=True, slots=True)
class _Column:
    header: str
    cells: tuple[str, ...]

    @property
    def width(self) -> int:
        return max(len(self.header), *(len(c) for c in self.cells))


@dataclass(frozen=True, slots=True)
class _Section:
    title: str
    columns: tuple[_Column, ...]


def player_names(summary: dict[str, Any]) -> list[str]:
    """Each player of ``summary`` as people read it, numbered from 1: ``seat 1: defensive``, or
    ``player 1: ...`` for the listed players of a run that moves them round the table (duplicate
    play, and the games of a match) (``summary.json`` keeps 0-3).

    >>> player_names({"duplicate": False, "players": [{"seat": 0, "player": "random"}]})
    ['seat 1: random']
    """
    word = _seat_word(summary)
    return [f"{word} {p['seat'] + 1}: {p['player']}" for p in summary["players"]]


def _seat_word(summary: dict[str, Any]) -> str:
    """What a row of ``summary`` is: a seat, or a player moved round the seats."""
    return "player" if summary["duplicate"] or "matches" in summary else "seat"


def render_summary(
    summary: dict[str, Any], timing: dict[str, Any] | None = None, width: int = 80
) -> str:
    """The printed summary, no line longer than ``width`` unless one column alone is; ``timing``
    (games per second) is shown when given."""
    players = summary["players"]
    seat_word = _seat_word(summary)
    lines = [*_wrap(_title(summary), width), *_wrap(_rule_changes(summary), width, "  "), ""]
    for name in player_names(summary):
        lines += _wrap(name, width, " " * 4)
    labels = _Column(seat_word, tuple(str(p["seat"] + 1) for p in players))
    for section in _pack(_sections(summary), width - labels.width - 2 * len(_GAP)):
        lines += ["", *_table(labels, section)]
    lines += ["", *_wrap("± half the 95 % interval; shares in % with the 95 % Wilson interval",
                         width)]
    hands = summary["hands"]
    lines += _wrap(
        f"hands: {hands['count']:,} ({_num(hands['per_game'], '.2f')} per game); exhaustive "
        f"draws {_share(hands['draw_rate'], hands['ci95']['draw_rate'])} %; abortive draws "
        f"{_pct(hands['abort_rate'])} %; average winning hand "
        f"{_mean(hands['avg_win_points'], hands['ci95']['avg_win_points'], ',.0f')} points",
        width, "  ",
    )
    yaku = list(summary["yaku"].items())[:_TOP_YAKU]
    if yaku:
        # a yaku and its count on one line (a no-break space)
        lines += _wrap("most frequent yaku: " + ", ".join(f"{n}\u00a0{c:,}" for n, c in yaku),
                       width, "  ")
    if timing is not None:  # a time and a speed each on one line with its unit (a no-break space)
        lines += _wrap(f"{many(timing['games_played'], 'game')} played in {timing['seconds']:.1f}\u00a0s: "
                       f"{timing['games_per_second']:,.1f}\u00a0games/s", width)
    return "\n".join(lines) + "\n"


def _title(summary: dict[str, Any]) -> str:
    if summary["from"] is not None:
        head = f"Placement odds from {summary['from']} ({many(summary['games'], 'game')})"
    else:
        head = many(summary["games"], "game")
        if summary["duplicate"]:
            head += f" ({many(summary['deals'], 'wall')} x {len(summary['players'])} rotations)"
        if "matches" in summary:
            head += f" in {many(summary['matches'], 'match')}"
    return f"{head} - rules {summary['rules']}, seed {summary['seed']}"


def _rule_changes(summary: dict[str, Any]) -> str:
    """Every field changed from the preset, in ``--set`` form (nothing for a preset)."""
    changes = summary.get("rule_changes")
    if not changes:
        return ""
    return f"rules changed from {summary['rules_base']}: " + ", ".join(
        f"{k}={rule_word(v)}" for k, v in changes.items()
    )


def _sections(summary: dict[str, Any]) -> list[_Section]:
    players = summary["players"]
    seats = len(players)
    ci = [p["ci95"] for p in players]

    def column(header: str, cells: list[str]) -> _Column:
        return _Column(header, tuple(cells))

    sections = [
        _Section("placement (%)", tuple(
            column(_PLACES[k], [_share(p["rank_dist"][k], c["rank_dist"][k])
                                for p, c in zip(players, ci)])
            for k in range(seats)
        )),
        _Section("points", (
            column("avg rank", [_mean(p["avg_rank"], c["avg_rank"], ".2f")
                                for p, c in zip(players, ci)]),
            column("final score", [_mean(p["avg_final_score"], c["avg_final_score"], ",.0f")
                                   for p, c in zip(players, ci)]),
            column("result", [_mean(p["avg_result"], c["avg_result"], "+,.0f")
                              for p, c in zip(players, ci)]),
            column("winning hand", [_mean(p["avg_win_points"], c["avg_win_points"], ",.0f")
                                    for p, c in zip(players, ci)]),
        )),
        _Section("play (% of hands)", tuple(
            column(name, [_share(p[key], c[key]) for p, c in zip(players, ci)])
            for name, key in _RATES
        )),
    ]
    if "matches" in summary:
        sections.append(_Section(many(summary["matches"], "match"), (
            column("sets won", [f"{p['set_wins']:,}" for p in players]),
            column("matches won", [f"{p['match_wins']:,}" for p in players]),
            column("match win %", [_share(p["match_win_rate"], c["match_win_rate"])
                                   for p, c in zip(players, ci)]),
        )))
    if summary["duplicate"]:
        dups = [p["duplicate"] for p in players]
        sections.append(_Section("duplicate: each wall in every seat", (
            column("walls", [f"{d['walls']:,}" for d in dups]),
            column("result per wall", [_mean(p["avg_result"], c["avg_result"], "+,.0f")
                                       for p, c in zip(players, ci)]),
            column("variance ratio", [_num(d["variance_ratio"], ".3f") for d in dups]),
            column("reduction", [f"{_pct(d['variance_reduction'])} %" for d in dups]),
        )))
    return sections


def _span(columns: tuple[_Column, ...]) -> int:
    return sum(c.width for c in columns) + len(_GAP) * (len(columns) - 1)


def _width(section: _Section) -> int:
    return max(len(section.title), _span(section.columns))


def _pack(sections: list[_Section], width: int) -> list[list[_Section]]:
    """Sections side by side (a double gap apart) while they fit ``width``; a section wider
    than it alone is split into pieces of whole columns."""
    pieces: list[_Section] = []
    for section in sections:
        if _width(section) <= width:
            pieces.append(section)
            continue
        part: list[_Column] = []
        for col in section.columns:
            if part and _span((*part, col)) > width:
                pieces.append(_Section(section.title, tuple(part)))
                part = []
            part.append(col)
        pieces.append(_Section(section.title, tuple(part)))
    rows: list[list[_Section]] = []
    for piece in pieces:
        if rows and sum(map(_width, (*rows[-1], piece))) + 2 * len(_GAP) * len(rows[-1]) <= width:
            rows[-1].append(piece)
        else:
            rows.append([piece])
    return rows


def _table(labels: _Column, sections: list[_Section]) -> list[str]:
    """Title line, header line and one line per seat; sections apart by a double gap."""
    blocks: list[tuple[str, list[str]]] = [("", [labels.header.ljust(labels.width), *(
        c.ljust(labels.width) for c in labels.cells)])]
    for section in sections:
        lines = [_GAP.join(c.header.rjust(c.width) for c in section.columns)]
        for row in range(len(labels.cells)):
            lines.append(_GAP.join(c.cells[row].rjust(c.width) for c in section.columns))
        blocks.append((section.title, lines))
    widths = [max(len(title), *(len(line) for line in lines)) for title, lines in blocks]
    gap = _GAP + _GAP
    out = [gap.join(title.ljust(w) for (title, _), w in zip(blocks, widths)).rstrip()]
    for row in range(len(labels.cells) + 1):
        out.append(gap.join(lines[row].rjust(w) if k else lines[row].ljust(w)
                            for k, ((_, lines), w) in enumerate(zip(blocks, widths))).rstrip())
    return out


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    return wrap(text, width, indent) if text else []


def _num(x: float | None, spec: str) -> str:
    return "-" if x is None else format(x, spec)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def _mean(x: float | None, ci: list[float | None], spec: str) -> str:
    """A mean and the half-width of its (symmetric, normal) interval."""
    low, high = ci
    if x is None or low is None or high is None:
        return _num(x, spec)
    return f"{_num(x, spec)} ±{(high - low) / 2:{spec.lstrip('+')}}"


def _share(x: float | None, ci: list[float | None]) -> str:
    """A share in percent and its (Wilson, not symmetric) interval."""
    low, high = ci
    if x is None or low is None or high is None:
        return _pct(x)
    return f"{100 * x:.1f} ({100 * low:.1f}-{100 * high:.1f})"
