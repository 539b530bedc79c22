"""The rules auditor (``tests/support/auditor.py``) over seeded games of mixed play under every preset
of four players, ``2p`` and the three-player presets, and on walls that deal one seat pairs of the
dragons or winds, where liability (pao) and its payments come up.

The auditor rebuilds every hand from the event log and checks every offer and payment against
its own rule logic; the games must reach every rule it checks and break none. Each run prints
the games audited and the violations. ``RIICHI_AUDIT_GAMES`` sets the number of games of the slow
run per preset.
"""

from __future__ import annotations

import os
import time

import pytest

from riichi.rules import RuleSet
from tests.support.auditor import Auditor, audit_games, audit_pao_games

PRESETS = ("ema", "ema-2016", "wrc", "tenhou", "mahjongsoul", "mleague", "cardavia", "2p",
           "tenhou-3p", "mahjongsoul-3p")
FAST_GAMES = 200
SLOW_GAMES = int(os.environ.get("RIICHI_AUDIT_GAMES", "10000"))
PAO_GAMES = 40

# rules every fast run must have reached (so that a quiet auditor means something)
REACHED = (
    "ron opportunity", "ron refused only by no yaku", "ron refused only by own-discard furiten",
    "ron refused only by temporary furiten", "ron refused only by riichi furiten",
    "passed a winning tile",
    "tsumo offered", "tsumo refused (no yaku)", "riichi offered", "riichi refused (not tenpai)",
    "riichi refused (wall)", "riichi: only the drawn tile", "kuikae", "chi", "pon", "open kan",
    "kans offered", "no call on the last tile", "no call in riichi", "noten payments",
    "tenpai at the draw", "win payments, counters and sticks", "hand value",
    "counters, sticks and dealer", "final results with uma",
)
# what a preset's games cannot reach: no wall minimum for riichi, one hand only, and a seat
# beside its only opponent, who draws next, is never offered the ron it passed again in time
UNREACHABLE = {
    "mleague": {"riichi refused (wall)"},
    "cardavia": {"counters, sticks and dealer"},
    "2p": {"ron refused only by temporary furiten"},
    "tenhou-3p": {"chi"},
    "mahjongsoul-3p": {"chi"},
}
# what the three-player games must reach besides
REACHED_3P = ("kita offered", "kita refused (riichi)", "kita refused (after a call)",
              "no chi where the rules have none", "a kita completes a hand")


@pytest.mark.parametrize("preset", PRESETS)
def test_auditor_finds_the_engine_keeps_the_rules(preset: str) -> None:
    auditor, games = audit_games(preset, seed=2026, games=FAST_GAMES)
    print(f"{preset}: {games} games audited, {len(auditor.violations)} violations")
    assert auditor.violations == []
    missing = [rule for rule in REACHED if not auditor.checked[rule]]
    assert set(missing) == UNREACHABLE.get(preset, set()), f"the games never reached {missing}"
    if preset in ("tenhou", "mahjongsoul", "tenhou-3p", "mahjongsoul-3p"):
        assert auditor.checked["abortive draw"] and auditor.checked["nine terminals"]
    if RuleSet.preset(preset).players == 3:
        assert [rule for rule in REACHED_3P if not auditor.checked[rule]] == []
    if preset == "cardavia":
        assert auditor.checked["game end after one hand"] == games


@pytest.mark.parametrize("preset", ["ema", "tenhou", "mahjongsoul", "mleague"])
def test_auditor_checks_liability_and_its_payments(preset: str) -> None:
    # ema and tenhou: the discarder or the liable seat pays the counters; mahjongsoul: liable
    # for the yakuman alone; mleague: liable for four kans too
    auditor = audit_pao_games(preset, PAO_GAMES)
    print(f"{preset}: {2 * PAO_GAMES} games audited, {auditor.checked['liability']} liable, "
          f"{auditor.checked['pao payments']} pao payments, {len(auditor.violations)} violations")
    assert auditor.violations == []
    assert auditor.checked["liability"] >= 10 and auditor.checked["pao payments"] >= 5


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_auditor_many_games(preset: str) -> None:
    start = time.perf_counter()
    auditor = Auditor(preset)
    chunk = 1_000
    for first in range(0, SLOW_GAMES, chunk):
        audit_games(preset, 7, min(chunk, SLOW_GAMES - first), auditor=auditor, first=first)
        print(f"{preset}: {first + chunk} games, {len(auditor.violations)} violations, "
              f"{time.perf_counter() - start:.0f} s", flush=True)
    pao_games = 2 * (SLOW_GAMES // 20) if RuleSet.preset(preset).players == 4 else 0
    if pao_games:
        audit_pao_games(preset, pao_games // 2, auditor)
    elapsed = time.perf_counter() - start
    print(f"\n{preset}: {SLOW_GAMES} games and {pao_games} on pao walls audited, "
          f"{len(auditor.violations)} violations, {elapsed:.0f} s")
    for rule, n in sorted(auditor.checked.items()):
        print(f"  {rule}: {n}")
    for violation in auditor.violations[:20]:
        print("  " + violation)
    assert auditor.violations == []
