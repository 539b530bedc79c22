"""The auditor's runs that the mutation test (tests/robustness/test_auditor_mutants.py) makes on a
broken copy of the source, in a child process: each argument is one run, a JSON list of the words
below; prints what the auditor found in each run, as a JSON list of one list per run.

    ["games", PRESET, TEMPERAMENT_JSON, GAMES]  # mixed games until a violation
    ["pao", PRESET, GAMES]                      # games on walls that make liability likely
    ["karaten", PRESET]                         # riichi on a wait held four times
"""

from __future__ import annotations

import json
import sys

from riichi.game import Wall
from riichi.game import events as ev
from tests.support.auditor import Auditor, audit_games, audit_pao_games, play_recorded

def games(preset: str, temperament: dict[str, float], count: int) -> list[str]:
    auditor, played = audit_games(preset, seed=11, games=count, until_violation=True, **temperament)
    return auditor.violations or [f"no violation in {played} games"]


def pao(preset: str, count: int) -> list[str]:
    return audit_pao_games(preset, count).violations


def karaten(preset: str) -> list[str]:
    # the dealer declares the kan of 5s, then its 46s kanchan waits on no tile left
    wall = Wall.arranged(["0555s46s456m123p7p", None, None, None], "2m", replacements="7p")
    events, offers = play_recorded(preset, 0, 0, walls=[wall], p_kan=1.0)
    assert isinstance(events[3], ev.AnkanDeclared), events[3]
    auditor = Auditor(preset)
    auditor.audit(events, offers, "karaten")
    return auditor.violations


def run(what: str, preset: str, *rest: str) -> list[str]:
    """One run's findings."""
    if what == "games":
        return games(preset, json.loads(rest[0]), int(rest[1]))
    if what == "pao":
        return pao(preset, int(rest[0]))
    return karaten(preset)


if __name__ == "__main__":
    print(json.dumps([run(*json.loads(argument)) for argument in sys.argv[1:]]))
