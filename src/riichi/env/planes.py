"""The planes of the environments' encodings (:mod:`riichi.env.encoders` writes them): each
plane's name, what it holds and the least and greatest values it takes, in the order written.

>>> len(PLANES["compact-v1"]), len(PLANES["rich-v1"]), len(PLANES["oracle-v1"])
(39, 57, 51)
>>> PLANES["compact-v1"][0][0]
'hand 1'
"""

from __future__ import annotations

__all__ = ["PLANES", "Plane", "plane_row", "SCORE_LIMIT", "COUNT_LIMIT"]

_RELATIVE = ("self", "right", "across", "left")
_OTHERS = _RELATIVE[1:]


Plane = tuple[str, str, float, float]
"""A plane's name, what it holds, and the least and greatest values it takes."""
SCORE_LIMIT = 100.0  # 10,000,000 points, the most riichi.game.flow.starting_scores takes
COUNT_LIMIT = 10.0  # 100 sticks or counters


def _p(name: str, meaning: str, low: float = 0.0, high: float = 1.0) -> Plane:
    return (name, meaning, low, high)


_SEAT_WORDS = {"self": "this seat", "right": "the next seat", "across": "the seat across",
               "left": "the seat before"}


def _per_seat(name: str, meaning: str, seats: tuple[str, ...] = _RELATIVE, low: float = 0.0,
              high: float = 1.0) -> list[Plane]:
    return [_p(f"{name} {seat}", meaning.replace("SEAT", _SEAT_WORDS[seat]), low, high)
            for seat in seats]


_COMPACT: list[Plane] = [
    _p("hand 1", "1 where this seat's concealed tiles (the drawn one included) hold the type"),
    _p("hand 2", "1 where they hold two or more"),
    _p("hand 3", "1 where they hold three or more"),
    _p("hand 4", "1 where they hold all four"),
    _p("red", "1 at 5m, 5p, 5s for a red five among them"),
    _p("drawn", "1 at the type of the tile this seat just drew (on its turn after a draw)"),
    _p("offered", "1 at the type of the tile this seat may claim (a discard, a kan it may rob, "
                  "or a North set aside)"),
    *_per_seat("melds", "tiles of the type in the melds of SEAT and, at 4z, the Norths it set "
                        "aside (three players: kita), / 4"),
    *_per_seat("pond", "tiles of the type SEAT discarded (claimed ones too), / 4"),
    *_per_seat("order", "(k + 1) / 24, at most 1, for the latest discard of the type by SEAT, its "
                        "k-th (from 0)"),
    *_per_seat("tsumogiri", "1 where the latest discard of the type by SEAT was the tile it had "
                            "just drawn"),
    *_per_seat("riichi tile", "1 at the type of the tile SEAT declared riichi with"),
    _p("dora", "times the type is dora (one per indicator turned), / 4"),
    _p("visible", "tiles of the type this seat can see (its hand, the ponds, the melds, the "
                  "indicators), / 4"),
    _p("round wind", "1 at the round wind's tile (East 1z ... North 4z)"),
    _p("seat wind", "1 at this seat's wind tile"),
    *_per_seat("score", "the points of SEAT / 100,000 (within +-100, the engine's limit), in "
                        "every column", low=-SCORE_LIMIT, high=SCORE_LIMIT),
    _p("sticks", "riichi sticks on the table / 10 (at most 10), in every column", high=COUNT_LIMIT),
    _p("honba", "counters on the table / 10 (at most 10), in every column", high=COUNT_LIMIT),
    _p("wall", "tiles left in the live wall / 70, in every column"),
    _p("round", "(round wind x 4 + hand of the round) / 8, in every column", high=2.0),
]
_RICH: list[Plane] = _COMPACT + [
    _p("shanten", "(this seat's shanten + 1) / 8, in every column"),
    _p("discard shanten", "(shanten after discarding the type + 1) / 8, for each type held on a "
                          "turn (3n+2 tiles); 0 elsewhere"),
    _p("discard ukeire", "unseen tiles that lower the shanten after discarding the type, / 40, "
                         "for each type held on a turn", high=136 / 40),
    _p("waits", "1 at each type that completes this seat's hand of 3n+1 tiles (none on a turn)"),
    _p("furiten", "1 in every column when this seat may not win by ron"),
    _p("unseen", "copies of the type this seat cannot see, / 4"),
    *_per_seat("genbutsu", "1 at each type no one can deal in to SEAT with", _OTHERS),
    *_per_seat("suji", "1 at each number tile whose two-sided waits are all closed by the "
                       "genbutsu of SEAT", _OTHERS),
    *_per_seat("danger", "the built-in players' estimate of dealing in to SEAT with the type "
                         "were it tenpai (percent), / 12", _OTHERS),
    *_per_seat("in riichi", "1 in every column when SEAT is in riichi", _OTHERS),
]
_ORACLE: list[Plane] = _COMPACT + [
    *_per_seat("hidden hand", "tiles of the type in the concealed hand of SEAT, / 4", _OTHERS),
    *_per_seat("hidden red", "1 at 5m, 5p, 5s for a red five in the concealed hand of SEAT",
               _OTHERS),
    *_per_seat("hidden waits", "1 at each type that completes the hand of SEAT", _OTHERS),
    _p("live wall", "tiles of the type still to be drawn from the live wall, / 4"),
    _p("next draw", "1 at the type of the live wall's next draw"),
    _p("ura indicators", "ura dora indicators under the indicators turned, / 4"),
]

PLANES: dict[str, tuple[Plane, ...]] = {
    "compact-v1": tuple(_COMPACT), "rich-v1": tuple(_RICH), "oracle-v1": tuple(_ORACLE),
}
"""Each encoding's planes, in order: (name, what it holds, least value, greatest value)."""


def plane_row(name: str) -> int:
    """The row of the plane ``name`` of ``compact-v1`` or ``rich-v1`` (the oracle's own planes
    follow ``compact-v1``).

    >>> plane_row("hand 1"), plane_row("shanten")
    (0, 39)
    """
    return [plane[0] for plane in _RICH].index(name)
