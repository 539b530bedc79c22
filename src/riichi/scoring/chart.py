"""Payment tables of a rule set (ron and tsumo, dealer and non-dealer, by han and fu, and the
limit hands), each figure computed by the scorer: what a hand of that value pays, before counters
and riichi sticks.

>>> print(payment_chart("ema").splitlines()[0])
# Payments under `ema`
"""

from __future__ import annotations

import textwrap

from riichi.rules import RuleSet
from riichi.scoring._kernel import BASIC_PER_YAKUMAN, hand_value
from riichi.scoring.settle import payments_for, tsumo_shares

__all__ = ["FU_ROWS", "LIMIT_HAN", "payment_chart"]

FU_ROWS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
"""The fu of the table's rows."""

LIMIT_HAN = (5, 6, 8, 11, 13)
"""The han at which each limit (mangan to counted yakuman) starts."""

_HAN_COLUMNS = (1, 2, 3, 4)


def _possible(han: int, fu: int, tsumo: bool) -> bool:
    """Whether a hand of ``han`` han and ``fu`` fu can be won that way: 20 fu is a closed tsumo
    (pinfu tsumo: 2 han at least), 25 fu seven pairs (2 han; 3 with the closed tsumo)."""
    if fu == 20:
        return tsumo and han >= 2
    if fu == 25:
        return han >= (3 if tsumo else 2)
    return True


def _cell(basic: int, is_dealer: bool, tsumo: bool, rules: RuleSet) -> str:
    """What the winner is paid, as a table cell: the ron payment, or a tsumo's payers' shares
    (as :func:`~riichi.scoring.settle.payments_for` names them); at three players, where the
    empty North seat pays nothing or has its share split, a tsumo's shares and then its total
    (``300/500=800``)."""
    shares = payments_for(basic, is_dealer=is_dealer, tsumo=tsumo, rules=rules)
    if tsumo and rules.players == 3:
        winner = 0 if is_dealer else 1  # with the dealer at seat 0
        total = sum(tsumo_shares(basic, winner, 0, rules))
        return "/".join(str(points) for points in shares.values()) + f"={total}"
    return " / ".join(str(points) for points in shares.values())


def _grid(title: str, is_dealer: bool, tsumo: bool, rules: RuleSet) -> list[str]:
    lines = [f"## {title}", "", "| fu | " + " | ".join(f"{h} han" for h in _HAN_COLUMNS) + " |",
             "|---" * (len(_HAN_COLUMNS) + 1) + "|"]
    for fu in FU_ROWS:
        cells = [
            _cell(hand_value(han, fu, rules)[0], is_dealer, tsumo, rules)
            if _possible(han, fu, tsumo) else "-"
            for han in _HAN_COLUMNS
        ]
        lines.append(f"| {fu} | " + " | ".join(cells) + " |")
    return lines + [""]


def payment_chart(rules: RuleSet | str) -> str:
    """The payment tables of ``rules`` (a :class:`~riichi.rules.RuleSet` or a preset name) as
    Markdown. A tsumo cell lists what each payer pays, as :func:`payments_for` says."""
    rules = RuleSet.coerce(rules)
    tsumo_note = "; ".join(
        f"{who} tsumo: {' / '.join(payments_for(0, is_dealer=d, tsumo=True, rules=rules))}"
        for who, d in (("non-dealer", False), ("dealer", True))
    )
    lines = [
        f"# Payments under `{rules.name}`",
        "",
        "What the winner is paid for the hand, before counters (honba) and riichi sticks.",
        *textwrap.wrap(f"A tsumo cell gives each payer's share ({tsumo_note})"
                       + (", then the total the winner receives from the two others."
                          if rules.players == 3 else "."), 80),
        "",
    ]
    for title, is_dealer, tsumo in (
        ("Non-dealer ron", False, False),
        ("Non-dealer tsumo", False, True),
        ("Dealer ron", True, False),
        ("Dealer tsumo", True, True),
    ):
        lines += _grid(title, is_dealer, tsumo, rules)
    lines += [
        "## Limit hands",
        "",
        "| limit | han | non-dealer ron | non-dealer tsumo | dealer ron | dealer tsumo |",
        "|---|---|---|---|---|---|",
    ]
    limits = [hand_value(han, 30, rules) + (han,) for han in LIMIT_HAN]
    for k, (basic, name, han) in enumerate(limits):
        last = LIMIT_HAN[k + 1] - 1 if k + 1 < len(LIMIT_HAN) else None
        span = f"{han}+" if last is None else (str(han) if last == han else f"{han}-{last}")
        lines.append(_limit_row(str(name), span, basic, rules))
    lines.append(_limit_row("yakuman", "(yakuman hand)", BASIC_PER_YAKUMAN, rules))
    return "\n".join(lines) + "\n"


def _limit_row(name: str, span: str, basic: int, rules: RuleSet) -> str:
    cells = [
        _cell(basic, is_dealer, tsumo, rules)
        for is_dealer in (False, True)
        for tsumo in (False, True)
    ]
    return f"| {name} | {span} | " + " | ".join(cells) + " |"
