"""Impossible wins: hands and situations the scorer must refuse, each with part of the message
that says why (read in every input form by the scorer's tests and by its compiled entry's)."""

from __future__ import annotations

from typing import Any

IMPOSSIBLE_INPUT: list[tuple[Any, ...]] = [
        ("11m234p567s78s", "9s", ("pon:111m",), {}, "copies of '1m'"),
        ("1m234p567s789s", "9s", ("kan:1111m",), {}, "copies of '1m'"),
        ("123m456p789s1122z", "1z", ("pon:333z",), {}, "with 1 meld"),
        ("123m456p789s11z", "1z", (), {}, "with 0 meld"),
        ("123m456p789s11z", "1z", ("chi:123z",), {}, "chi"),
        ("123m456p789s1z", "1z", ("chi:123s",), {"riichi": True}, "riichi with an open hand"),
        ("123m456p789s2233z", "2z", (), {"tenhou": True, "tsumo": True}, "tenhou for a non-dealer"),
        ("123m456p789s2233z", "2z", (), {"ippatsu": True}, "ippatsu without riichi"),
        ("123m456p789s2233z", "2z", (), {"rinshan": True, "tsumo": True}, "rinshan without a kan"),
        ("123m456p789s2233z", "2z", (), {"chankan": True, "tsumo": True}, "chankan needs a ron"),
        ("123m456p789s2233z", "2z", (), {"haitei": True}, "haitei needs a tsumo"),
        # a riichi's ippatsu ends with any call, the winner's own kan or kita before a rinshan too
        ("123m456p789s5z", "5z", ("ankan:1111z",), {"riichi": True, "ippatsu": True,
                                                    "rinshan": True, "tsumo": True},
         "ippatsu and rinshan together"),
        # the tile robbed from a kan is its last copy: the other three are in the kan
        ("123m456p789s1122z", "1z", (), {"chankan": True}, "chankan on 1z with 3 copies of it"),
        ("456p78s11z222z", "9s", ("chi:789s",), {"chankan": True}, "chankan on 9s with 2"),
        # houtei is a win on the last discard; the tile robbed from a kan is no discard
        ("123m456p789s2233z", "2z", (), {"chankan": True, "houtei": True},
         "chankan and houtei together"),
        ("123m456p789s2233z", "2z", (), {"renhou": True, "seat_wind": "E"}, "renhou for the dealer"),
        # a riichi is declared with a discard, after the seat's first draw
        ("123m456p789s2233z", "2z", (), {"tenhou": True, "tsumo": True, "seat_wind": "E",
                                          "riichi": True}, "tenhou with riichi"),
        ("123m456p789s2233z", "2z", (), {"renhou": True, "double_riichi": True},
         "renhou with riichi"),
        # three players: a North set aside ends the first go-around; no chi at the table
        ("11m99m123p456s567s", "9m", (), {"chiihou": True, "tsumo": True, "kita": 1,
                                           "rules": "tenhou-3p"}, "chiihou with kita"),
        ("11m99m456s567s", "9m", ("chi:123p",), {"rules": "tenhou-3p"},
         "meld 'chi:123p': the rules 'tenhou-3p' have no chi"),
        ("123m456p789s2233z", "2z", (), {"seat_wind": "X"}, "seat_wind='X'"),
        ("123m406p789s2233z", "0p", (), {}, "two red fives"),
        ("123m456p789s2233z", "2z", (), {"dora_indicators": "1m2m3m4m5m6m"}, "at most 5"),
        ("1111m456p789s223z", "2z", (), {"dora_indicators": "1m"}, "copies of '1m'"),
        # each suit has one red five: in the hand or turned as an indicator, not both
        ("123m406p789s2233z", "2z", (), {"dora_indicators": "0p"}, "red five"),
        ("123m456p789s2233z", "2z", (), {"riichi": True, "dora_indicators": "0p",
                                          "ura_indicators": "0p"}, "red five"),
        ("123m46p789s22333z", "0p", (), {"dora_indicators": "0p"}, "red five"),
        # an ura indicator is the tile under a dora indicator
        ("123m456p789s2233z", "2z", (), {"riichi": True, "dora_indicators": "1m",
                                          "ura_indicators": "2m3m"},
         "2 ura_indicators under 1 dora_indicators"),
        ("123m456p789s2233z", "2z", (), {"ura_indicators": "2m"}, "1 ura_indicators under 0"),
        ("123m456p789s2233z", "2z", (), {"honba": -1}, "honba=-1"),
        ("123m456p789s2233z", "22z", (), {}, "one tile"),
        ("123m456p789s2233z", 200, (), {}, "0-135"),
]
"""(concealed, winning tile, melds, other arguments, part of the error message)."""
