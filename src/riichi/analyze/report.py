"""The whole-game review as one self-contained HTML page (its style, script and data inline,
nothing fetched): a summary with the significant losses, then one decision at a time in play
order with the table drawn as the seat saw it (the web game's tile drawing), previous/next and a
filter to the significant losses, the candidates with their intervals, and for each flagged
decision the figures behind the flag and the hand as a tenhou.net/6 log.

A decision is flagged, and counts in the headline, only where a candidate did significantly
better than the action played (:attr:`~riichi.analyze.decision.Decision.lost`: its paired
interval, widened for the number of candidates, excludes zero).

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> from riichi.analyze.review import review
>>> game = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
>>> page = html_report(review(game, 1, samples=4, horizon="hand", seed=2, progress=False, limit=1))
>>> page.startswith("<!DOCTYPE html>"), 'id="review-data"' in page
(True, True)
"""

from __future__ import annotations

import json
from html import escape
from importlib import resources
from typing import Any

from riichi._cli import many
from riichi.analyze.decision import Decision
from riichi.analyze.review import Review

__all__ = ["html_report", "review_data"]


def _asset(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def _decision_data(d: Decision, view: dict[str, Any], all_last: bool) -> dict[str, Any]:
    data = d.to_json()
    round_label = view["round"] + (f"-{view['honba']}" if view["honba"] else "")
    turn = d.label[len(round_label):].lstrip("-").strip() or d.label
    data.update(table=view, round_label=round_label, turn=turn, all_last=all_last,
                best=d.best.label, played=d.played.label,
                # the page's texts number the seats from 1, as its seat panels do
                situation=d.situation_for(1), warning=d.warning_for(1))
    for a, result in zip(data["actions"], d.actions):
        a["placement"] = [p.to_json() for p in result.placement]
    return data


def review_data(result: Review) -> dict[str, Any]:
    """What the page shows, as JSON-able data: the settings and each decision (its analysis,
    its table, the turn and round labels, whether it was judged by placement, the export)."""
    return {
        "seat": result.seat, "horizon": result.horizon, "samples": result.samples,
        "decisions": [_decision_data(d, view, d.measure == "points" and d.horizon == "hand")
                      for d, view in zip(result.decisions, result.tables)],
    }


def _headline(result: Review) -> str:
    """How many decisions lost beyond the noise, and what they lost in one unit: the horizon's
    (points of the hand, or placement points), the all-last hands of a hand's review, judged by
    placement, counted apart and never added to points of the hand."""
    lost = [(d, found) for d in (result.decisions[k] for k in result.flagged())
            if (found := d.lost) is not None]
    if not lost:
        return ("No decision where a candidate did significantly better than the action played "
                f"(of {len(result.decisions)}).")
    measure = "points" if result.horizon == "game" else "hand_delta"
    if all(d.measure != measure for d, _ in lost):
        measure = "points"  # every loss was at an all-last hand
    summed = [(d, found) for d, found in lost if d.measure == measure]
    unit = "placement points" if measure == "points" else "points of the hand"
    apart = len(lost) - len(summed)
    total = sum(found[1].mean for _, found in summed)
    worst, (better, _) = summed[0]
    return (f'<span class="loss">{len(lost)} of {len(result.decisions)} decisions lost '
            f"significantly</span>, {total:,.0f} {unit} in all"
            + (f" ({many(apart, 'all-last decision')} in placement points, not in that sum)"
               if apart else "")
            + f"; the largest at {escape(worst.label)}: {escape(worst.played.label)} "
            f"instead of {escape(better.label)}.")


def html_report(result: Review) -> str:
    """The page of ``result``."""
    seat = f"seat {result.seat + 1}"  # seats are numbered 1-4 for people
    name = result.names[result.seat]
    reviewed = f"{seat} ({escape(name)})" if name else seat
    title = escape(result.title or "game review")
    # every "<" escaped: a "</script>" or "<!--<script>" in a name or title would end the data
    # early, or keep it open past its end (the HTML parser's escaped script states)
    data = json.dumps(review_data(result), ensure_ascii=False).replace("<", "\\u003c")
    script = (_asset("riichi.play.web", "static/tiles.js")
              + _asset("riichi.analyze", "static/review.js"))
    worlds = result.decisions[0].worlds if result.decisions else "belief"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}: {seat}</title>
<style>{_asset("riichi.analyze", "static/review.css")}</style></head><body>
<h1>Review of {reviewed}: {title}</h1>
<p class="meta">{many(len(result.decisions), "decision")} with a choice, each played out on
{result.samples} {escape(worlds)} worlds to the end of the {result.horizon} by
{escape(','.join(result.players))}; seed {result.seed}; {result.seconds:.1f} s. Intervals are 95 %;
"vs played" is paired on the same worlds. A decision is marked lost only where a candidate did
better than the played action beyond the noise (its paired interval, widened for the number of
candidates, excludes zero); in the last hand of the game actions are judged by placement.</p>
<p id="headline">{_headline(result)}</p>
<nav id="nav"><button id="prev" type="button">&#9664; previous</button>
<span id="where"></span><button id="next" type="button">next &#9654;</button>
<label>show <select id="filter"><option value="all">every decision</option>
<option value="flagged">only the significant losses</option></select></label>
<span class="meta">(the arrow keys step too)</span></nav>
<div id="hands"></div>
<main id="decision"><noscript>The page draws the decisions with its script.</noscript></main>
<script type="application/json" id="review-data">{data}</script>
<script>{script}</script>
</body></html>
"""
