"""A game situation to simulate the rest of a game from (``--from``): a :class:`StartingPoint`.

(Not :class:`riichi.game.winning.Situation`, the circumstances of a win; this class was called
``Situation`` too, a name kept as a deprecated alias for one release.)

Format: a round name, then ``key=value`` words in any order, separated by spaces::

    E4 honba=1 sticks=1 scores=32000,28000,24000,15000 dealer=4

- the round: ``E1``-``E4``, ``S1``-``S4`` (within the rules' game length: East-only presets stop
  at ``E4``), ``W1``-``W4`` only under rules with a West extension (sudden death); three players
  play rounds of three hands (``E1``-``E3``);
- ``scores=`` (required): the points of each seat in turn order, the first dealer's (East in
  E1) first; multiples of 100 between -10,000,000 and 10,000,000 that, with 1,000 per riichi
  stick on the table, add up to the preset's players x starting points;
- ``honba=`` and ``sticks=`` (default 0): the counters and the riichi sticks on the table,
  0-1000 each;
- ``dealer=`` (optional): checked against the round (the dealer of ``X<k>`` is seat ``k``). Seats
  are numbered 1-4 here, as people count them (the Python API's seats are 0-3).

>>> from riichi.rules import RuleSet
>>> s = StartingPoint.parse("S3 sticks=2 scores=40000,30000,28000,20000", RuleSet.preset("ema"))
>>> s.position, s.scores
(Position(round_wind=1, kyoku=2, honba=0, sticks=2), (40000, 30000, 28000, 20000))
>>> str(s)
'S3 honba=0 sticks=2 scores=40000,30000,28000,20000 dealer=3'
>>> str(StartingPoint.parse("S3 scores=40000,35000,30000", RuleSet.preset("tenhou-3p")))
'S3 honba=0 sticks=0 scores=40000,35000,30000 dealer=3'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from riichi._deprecated import renamed

from riichi.errors import RiichiError, SituationError, WrongTypeError, quoted
from riichi.game.flow import Position, starting_scores
from riichi.rules import RuleSet
from riichi.tiles import WIND_LETTERS

__all__ = ["StartingPoint"]

_KEYS = ("honba", "sticks", "scores", "dealer")
COUNTER_LIMIT = 1_000
"""The most honba counters or riichi sticks a situation may start with."""
SCORE_LIMIT = 10_000_000
"""The largest score, either side of zero, a situation may give a seat (the tables' 32-bit
columns hold any game played from it)."""
_NUMBER = re.compile(r"-?[0-9]{1,9}")  # ASCII digits only: str.isdigit also takes '²'


@dataclass(frozen=True, slots=True)
class StartingPoint:
    """Where a game stands (round, counters, sticks) and the points of each seat: the point a
    simulation plays the rest of the game from."""

    position: Position
    scores: tuple[int, ...]

    @classmethod
    def parse(cls, text: str, rules: RuleSet) -> StartingPoint:
        """Read ``text`` (the format above) and check it against ``rules``."""
        if not isinstance(text, str):
            raise WrongTypeError(
                f"situation {quoted(text)}: expected its text, e.g. 'E4 scores=32000,28000,24000,16000'"
            )
        words = text.split()
        if not words:
            raise SituationError("empty situation; expected e.g. 'E4 scores=32000,28000,24000,16000'")
        round_wind, kyoku = _round(words[0], rules, text)
        values: dict[str, str] = {}
        for word in words[1:]:
            key, eq, value = word.partition("=")
            if not eq or key not in _KEYS:
                raise SituationError(
                    f"situation {quoted(text)}: cannot read {quoted(word)}; expected key=value with a key "
                    f"among {', '.join(_KEYS)}"
                )
            if key in values:
                raise SituationError(f"situation {quoted(text)}: {key}= given twice")
            values[key] = value
        if "scores" not in values:
            names = ",".join("abcd"[:rules.players])
            raise SituationError(f"situation {quoted(text)}: scores={names} is required")
        honba = _count(values.get("honba", "0"), "honba", text)
        sticks = _count(values.get("sticks", "0"), "sticks", text)
        scores = _scores(values["scores"], text, rules.players)
        try:
            starting_scores(scores, rules, sticks)
        except RiichiError as error:
            raise SituationError(f"situation {quoted(text)}: {error}") from None
        if "dealer" in values and _number(values["dealer"], "dealer", text, 1,
                                          rules.players) != kyoku + 1:
            raise SituationError(
                f"situation {quoted(text)}: dealer={values['dealer']} does not match {words[0]}, "
                f"whose dealer is seat {kyoku + 1}"
            )
        return cls(Position(round_wind, kyoku, honba, sticks), scores)

    def __str__(self) -> str:
        p = self.position
        return (
            f"{WIND_LETTERS[p.round_wind]}{p.kyoku + 1} honba={p.honba} sticks={p.sticks} "
            f"scores={','.join(map(str, self.scores))} dealer={p.kyoku + 1}"
        )


def _round(name: str, rules: RuleSet, text: str) -> tuple[int, int]:
    last = rules.rounds + (1 if rules.west_extension else 0)
    hands = "1234"[:rules.players]
    allowed = f"{WIND_LETTERS[0]}1-{WIND_LETTERS[last - 1]}{hands[-1]}"
    if rules.single_hand:
        last, allowed = 1, "E1 (the game is one hand)"
    if (
        len(name) != 2
        or name[0] not in WIND_LETTERS[:last]
        or name[1] not in hands
        or (rules.single_hand and name != "E1")
    ):
        raise SituationError(
            f"situation {quoted(text)}: round {quoted(name)} is not a round of a {rules.name} game; "
            f"expected {allowed}"
        )
    return WIND_LETTERS.index(name[0]), int(name[1]) - 1


def _number(value: str, key: str, text: str, low: int, high: int) -> int:
    """``value`` as a whole number in ``[low, high]`` (ASCII digits, an optional minus)."""
    number = int(value) if _NUMBER.fullmatch(value) else None
    if number is None or not low <= number <= high:
        raise SituationError(
            f"situation {quoted(text)}: {key}={quoted(value)}; expected a whole number from "
            f"{low:,} to {high:,}"
        )
    return number


def _count(value: str, key: str, text: str) -> int:
    return _number(value, key, text, 0, COUNTER_LIMIT)


def _scores(value: str, text: str, players: int) -> tuple[int, ...]:
    parts = value.split(",")
    if len(parts) != players:
        raise SituationError(
            f"situation {quoted(text)}: {len(parts)} scores; expected {players}, the first "
            f"dealer's first, separated by commas"
        )
    return tuple(_number(p, "scores", text, -SCORE_LIMIT, SCORE_LIMIT) for p in parts)


if not TYPE_CHECKING:
    __getattr__ = renamed(__name__, {"Situation": ("StartingPoint", StartingPoint)})
