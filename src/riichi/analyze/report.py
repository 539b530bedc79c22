"""The whole-game review as one self-contained HTML page (no scripts, images or fonts to fetch):
a summary, then each decision, the costliest first, with the table as the seat saw it and the
actions ranked with their intervals, the played one marked.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> from riichi.analyze.review import review
>>> game = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
>>> page = html_report(review(game, 1, samples=4, horizon="hand", seed=2, progress=False, limit=1))
>>> page.startswith("<!DOCTYPE html>"), "played" in page
(True, True)
"""

from __future__ import annotations

from html import escape
from typing import Any

from riichi.analyze.decision import ActionResult, Decision
from riichi.analyze.review import Review
from riichi.tiles import tile_id_name

__all__ = ["html_report"]

_STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #222; max-width: 72em; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin: 0 0 .3em 0; }
.decision { border: 1px solid #ccc; border-radius: 6px; padding: .8em 1em; margin: 1em 0; }
.meta { color: #555; font-size: .9em; margin: .2em 0 .6em 0; }
.tile { display: inline-block; min-width: 1.5em; padding: .1em .15em; margin: 1px;
  border: 1px solid #999; border-radius: 3px; background: #fffdf5; text-align: center;
  font-family: monospace; font-size: .95em; }
.m { color: #a11; } .p { color: #137; } .s { color: #161; } .z { color: #222; }
.red { background: #fbd3d3; } .riichi { transform: rotate(90deg); margin: 0 .4em; }
.claimed { opacity: .35; } .tsumogiri { background: #eee; }
.drawn { margin-left: .6em; outline: 2px solid #e90; }
.seats { display: grid; grid-template-columns: repeat(2, 1fr); gap: .3em 1.5em; margin: .4em 0; }
.seat { font-size: .9em; } .me { font-weight: bold; }
table { border-collapse: collapse; margin-top: .5em; font-size: .9em; }
th, td { padding: .2em .6em; text-align: right; border-bottom: 1px solid #eee; }
th:first-child, td:first-child { text-align: left; }
tr.played { background: #fff3c4; font-weight: bold; }
.bar { position: relative; width: 14em; height: .8em; background: #f2f2f2; }
.bar span { position: absolute; top: 0; height: 100%; background: #7aa7d8; }
.bar i { position: absolute; top: -2px; width: 2px; height: 120%; background: #123; }
.loss { color: #a11; font-weight: bold; }
"""


def _tile(tile: int, extra: str = "") -> str:
    name = tile_id_name(tile)
    classes = f"tile {name[1]}" + (" red" if name[0] == "0" else "") + (f" {extra}" if extra else "")
    return f'<span class="{classes}">{escape(name)}</span>'


def _seat_line(view: dict[str, Any], s: int) -> str:
    seat = view["seats"][s]
    pond = "".join(
        _tile(d["tile"], " ".join(k for k in ("riichi", "tsumogiri", "claimed") if d[k]))
        for d in seat["discards"])
    melds = " ".join("".join(_tile(t) for t in m) for m in seat["melds"])
    who = "you" if s == view["seat"] else f"seat {s + 1}"
    marks = (" dealer" if s == view["dealer"] else "") + (" riichi" if seat["riichi"] else "")
    me = " me" if s == view["seat"] else ""
    return (f'<div class="seat{me}">{who}{marks}, {seat["score"]:,}: {pond}'
            + (f" &nbsp;melds {melds}" if melds else "") + "</div>")


def _table(view: dict[str, Any]) -> str:
    hand = "".join(_tile(t) for t in view["hand"])
    if view["drawn"] is not None:
        hand += _tile(view["drawn"], "drawn")
    offered = (f' &nbsp;on offer {_tile(view["offered"])}' if view["offered"] is not None
               and view["offered"] >= 0 else "")
    dora = "".join(_tile(t) for t in view["dora_indicators"])
    seats = "".join(_seat_line(view, s) for s in range(len(view["seats"])))
    return (f'<div>hand {hand}{offered}</div><div class="meta">dora indicators {dora}, '
            f'{view["wall"]} tiles left in the wall</div><div class="seats">{seats}</div>')


def _bar(a: ActionResult, low: float, high: float) -> str:
    span = (high - low) or 1.0

    def at(x: float) -> float:
        return 100 * (x - low) / span

    return (f'<div class="bar"><span style="left:{at(a.value.low):.1f}%;'
            f'width:{max(0.5, at(a.value.high) - at(a.value.low)):.1f}%"></span>'
            f'<i style="left:{at(a.value.mean):.1f}%"></i></div>')


def _actions(d: Decision) -> str:
    low = min(a.value.low for a in d.actions)
    high = max(a.value.high for a in d.actions)
    game = d.horizon == "game"
    head = ("<tr><th>action</th><th>" + ("placement points" if game else "hand points")
            + " [95%]</th><th></th><th>vs played [paired 95%]</th>"
            + ("<th>1st</th><th>2nd</th><th>3rd</th><th>4th</th>" if game else "")
            + "<th>win</th><th>deal-in</th><th>draw</th></tr>")
    rows = []
    for a in d.actions:
        places = "".join(f"<td>{p.mean:.0%}</td>" for p in a.placement) if game else ""
        rows.append(
            f'<tr class="{"played" if a.played else ""}"><td>{"&#9733; " if a.played else ""}'
            f"{escape(a.label)}{' (played)' if a.played else ''}</td><td>{a.value.text()}</td>"
            f"<td>{_bar(a, low, high)}</td><td>{a.vs_played.text()}</td>{places}"
            f"<td>{a.win.mean:.0%}</td><td>{a.deal_in.mean:.0%}</td><td>{a.draw.mean:.0%}</td></tr>")
    return f"<table>{head}{''.join(rows)}</table>"


def _decision(d: Decision, view: dict[str, Any], rank: int) -> str:
    loss = (f'<span class="loss">lost {d.loss:,.0f} against {escape(d.best.label)}</span>'
            if d.loss > 0 else "the played action ranks first")
    return (f'<div class="decision" id="e{d.event}"><h2>#{rank} {escape(d.label)} '
            f"(event {d.event}): {loss}</h2>"
            f'<div class="meta">{escape(d.situation)}</div>{_table(view)}{_actions(d)}</div>')


def html_report(result: Review) -> str:
    """The page of ``result``."""
    seat = f"seat {result.seat + 1}"  # seats are numbered 1-4 for people
    name = result.names[result.seat]
    reviewed = f"{seat} ({escape(name)})" if name else seat
    total = sum(max(0.0, d.loss) for d in result.decisions)
    unit = "placement points" if result.horizon == "game" else "points of the hand"
    cards = "".join(_decision(result.decisions[k], result.tables[k], rank + 1)
                    for rank, k in enumerate(result.costliest()))
    title = escape(result.title or "game review")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}: {seat}</title>
<style>{_STYLE}</style></head><body>
<h1>Review of {reviewed}: {title}</h1>
<p class="meta">{len(result.decisions)} decisions with a choice, each played out on
{result.samples} worlds to the end of the {result.horizon} by {escape(','.join(result.players))};
seed {result.seed}; {result.seconds:.1f} s. Expected loss of the played actions against the best
candidate, summed: {total:,.0f} {unit} (a point estimate: each decision's interval is below).
Decisions are listed where the played action lost the most first; the played action is marked
&#9733;. Intervals are 95 %; "vs played" is paired on the same worlds.</p>
{cards}
</body></html>
"""
