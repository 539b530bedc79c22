"""The rules page (``?``): the English rules of a preset, as paragraphs for the terminal.

``ema`` and ``cardavia`` have their rules shipped as text (``rules_ema.md``,
``rules_cardavia.md``); any other rule set is described by the
:class:`~riichi.rules.RuleSet` fields in which it differs from ``ema``, followed by the ``ema``
text.

>>> text = rules_text(RuleSet.preset("cardavia"))
>>> text.splitlines()[0]
"Preset 'cardavia' - one hand, you against three AI"
>>> "head bump" in text and "Riichi." in text
True
>>> "start_points: 25000" in rules_text(RuleSet.preset("tenhou"))
True
>>> rules_text(RuleSet.preset("tenhou-3p")).splitlines()[0][:39]
'Three players: you against two AI, with'
"""

from __future__ import annotations

import dataclasses
import re
from importlib import resources

from riichi.rules import RuleSet, TsumoPayment

__all__ = ["rules_text", "reflow"]

_SHIPPED = ("ema", "cardavia")
_NEW_PARAGRAPH = re.compile(r"^(#+ |- |\d+\. )")
# Markdown marks dropped and characters a plain terminal may lack, written in ASCII.
_PLAIN = (("**", ""), ("`", "'"), ("—", "-"), ("–", "-"), ("→", "->"), ("×", "x"), ("≥", ">="), ("≤", "<="))


def reflow(markdown: str) -> str:
    """Markdown as one line per paragraph, heading or list item; emphasis marks, backticks and
    comments dropped, so the screen can wrap it to any width.

    >>> reflow("# Head\\n**Turn.** Draw\\nthen `discard`.\\n- one\\n  more\\n\\n# Next")
    "Head\\nTurn. Draw then 'discard'.\\n- one more\\n\\nNext"
    """
    out: list[str] = []
    joinable = False  # the last line is a paragraph that goes on
    for raw in markdown.splitlines():
        line = raw.strip()
        if line.startswith("<!--"):
            continue
        for fancy, simple in _PLAIN:
            line = line.replace(fancy, simple)
        if joinable and line and not _NEW_PARAGRAPH.match(line):
            out[-1] += " " + line
        else:
            out.append(line.lstrip("# "))
            joinable = bool(line) and not line.startswith("#")
    return "\n".join(out).strip("\n")


def _shipped(name: str) -> str:
    return reflow(resources.files("riichi.play").joinpath(f"rules_{name}.md").read_text("utf-8"))


def rules_text(rules: RuleSet) -> str:
    """The rules page of ``rules``."""
    ema = _shipped("ema")
    if rules.name == "ema":
        return ema
    if rules.name in _SHIPPED:
        return _shipped(rules.name) + "\n\nEverything else as in 'ema':\n\n" + ema
    base = RuleSet.preset("ema")
    changed = [
        f"- {f.name}: {getattr(rules, f.name)}"
        for f in dataclasses.fields(rules)
        if f.name != "name" and getattr(rules, f.name) != getattr(base, f.name)
    ]
    head = f"Rule set '{rules.name}': as 'ema' except for these values:"
    if rules.players == 3:
        missing = (_BISECTION if rules.tsumo_payment is TsumoPayment.NORTH_BISECTION
                   else _TSUMO_LOSS)
        head = f"{_THREE_PLAYERS} {missing}\n\n{head}"
    return "\n".join([head, *changed, "", ema])


_THREE_PLAYERS = (
    "Three players: you against two AI, with 108 tiles (no 2m-8m: a 1m indicator makes 9m the "
    "dora). No chi. A North may be set aside (kita, key n) for a dora of its own and a "
    "replacement tile; others may win on it by ron. Noten payments and the tsumo payments are "
    "shared by the two others;"
)
_TSUMO_LOSS = "what the missing fourth seat would pay on a tsumo is not paid (tsumo loss)."
_BISECTION = "the missing fourth seat's share of a tsumo is split between them (north bisection)."
