"""The rules auditor's mutation test (its runs over every preset: tests/game/test_audited_games.py).

The mutation test breaks the engine one rule at a time, in a copy of the source run by the
interpreter (``tests/support/mutation.py``: the compiled table cannot be changed from Python), and
asserts the auditor (``tests/support/auditor.py``, run in that copy by ``audit_child.py``) sees each
break in seeded
games of mixed play, or on walls that make liability (pao) likely. The unbroken copy, audited
alike, shows nothing.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from riichi.rules import RuleSet
from tests.support.mutation import Patch, broken_copy, child_slots, run_interpreted


PAO_GAMES = 40
PRESETS = ("ema", "tenhou")
GAMES = 100  # a mutant's games, until the first violation
CONTROL_GAMES = 20  # the unbroken copy's (the compiled build's audits play many more)

# agents that never ron pass many wins: furiten everywhere; without riichi, temporary furiten
PASSING = {"p_ron": 0.0}
PASSING_DAMA = {"p_ron": 0.0, "p_riichi": 0.0}

# name -> (how to break the engine, the auditor rule that must report it, agents' temperament)
MUTANTS: dict[str, tuple[Patch, str, dict[str, float]]] = {
    "own-discard furiten dropped": (
        ("game/player.py", " or bool(self.waits_mask & self.discard_mask)", ""),
        "ron opportunity", PASSING,
    ),
    "riichi furiten dropped": (
        ("game/claims.py", "q.riichi_furiten = True", "pass"), "ron opportunity", PASSING,
    ),
    "temporary furiten dropped": (
        ("game/claims.py", "q.temp_furiten = True", "pass"), "ron opportunity", PASSING_DAMA,
    ),
    "temporary furiten only when ron was offered": (
        ("game/claims.py", "for s in state.completed:",
         "for s in [c for c in state.completed if c in state.claims"
         " and isinstance(state.claims[c][0], Ron)]:"),
        "ron opportunity", PASSING_DAMA,
    ),
    "yakuless ron offered": (  # scored as if it were the last discard
        ("game/hand_end.py",
         "result = score_win(state.rules, p.hand, tile, p.melds, situation, state.position.honba)",
         "result = score_win(state.rules, p.hand, tile, p.melds, situation, state.position.honba)"
         " or score_win(state.rules, p.hand, tile, p.melds,"
         " __import__('dataclasses').replace(situation, houtei=True), state.position.honba)"),
        "ron opportunity", {},
    ),
    "calls on the last discard": (
        ("game/claims.py", "last = state.wall.live_remaining == 0\n",
         "last = False\n"),
        "no call on the last tile", {},
    ),
    "noten paid wrong": (
        ("game/draws.py", "loss = total // (4 - len(tenpai))", "loss = total // 3"),
        "noten payments", {},
    ),
    "kuikae ignored": (
        ("game/claims.py", "p.kuikae_mask = ban if state.kuikae_forbidden else 0",
         "p.kuikae_mask = 0"),
        "kuikae", {},
    ),
    "riichi with too few tiles left": (
        ("game/turn.py", ">= rules.riichi_min_wall_tiles", ">= 0"),
        "riichi refused (wall)", {},
    ),
    "counters not paid on a win": (
        ("game/hand_end.py", "discarder=discarder, honba=pos.honba", "discarder=discarder, honba=0"),
        "win payments, counters and sticks", {},
    ),
    "the deal passes from a tenpai dealer": (
        ("game/hand_end.py", "dealer_stays=dealer_tenpai", "dealer_stays=False"),
        "counters, sticks and dealer", {},
    ),
}

# the engine's riichi on a wait held four times, some in the seat's own kan, against the rules,
# by whether they count it tenpai (karaten_counts), and the auditor rule that must report it:
# offered where they do not (the concealed counts alone, blind to the kan), refused where they do
# (the rule ignored)
KARATEN: dict[bool, tuple[Patch, str]] = {
    False: (
        ("game/turn.py", "ready = p.tenpai_discards(state.rules.karaten_counts)",
         "ready = sum(1 << int(row[0]) for row in _core.discard_analysis(p.counts) if row[1] == 0)"),
        "riichi refused (not tenpai: karaten)",
    ),
    True: (
        ("game/turn.py", "ready = p.tenpai_discards(state.rules.karaten_counts)",
         "ready = p.tenpai_discards()"),
        "riichi offered",
    ),
}

# name -> (how to break the engine, the auditor rule that must report it)
PAO_MUTANTS: dict[str, tuple[Patch, str]] = {
    "no daisangen liability": (
        ("game/claims.py", '"daisangen" in pao and', "False and"), "liable seat shown",
    ),
    "the discarder pays the liable seat's half of a ron": (
        ("scoring/settle.py", "_pay(deltas, winner, liable, pao_value // 2)",
         "_pay(deltas, winner, discarder, pao_value // 2)"),
        "win payments, counters and sticks",
    ),
}

Job = tuple[str, tuple[Patch, ...], list[str]]  # (name, patches, audit_child arguments)


def jobs() -> Iterator[Job]:
    temperaments = {json.dumps(t, sort_keys=True) for _, _, t in MUTANTS.values()}
    for preset in PRESETS:
        for name, (patch, _, temperament) in MUTANTS.items():
            yield (f"{name} {preset}", (patch,),
                   ["games", preset, json.dumps(temperament, sort_keys=True), str(GAMES)])
        for temperament in sorted(temperaments):
            yield (f"unbroken {preset} {temperament}", (),
                   ["games", preset, temperament, str(CONTROL_GAMES)])
        yield (f"karaten {preset}", (KARATEN[RuleSet.preset(preset).karaten_counts][0],),
               ["karaten", preset])
        yield (f"unbroken karaten {preset}", (), ["karaten", preset])
    for name, (patch, _) in PAO_MUTANTS.items():
        yield (name, (patch,), ["pao", "ema", str(PAO_GAMES)])
    yield ("unbroken pao", (), ["pao", "ema", str(CONTROL_GAMES // 4)])


@pytest.fixture(scope="module")
def found(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """What the auditor found in every job's run: the jobs on one copy run in one child, each
    reported on its own."""
    root = tmp_path_factory.mktemp("auditor-mutants")
    on_copy: dict[tuple[Patch, ...], list[Job]] = {}
    for job in jobs():
        on_copy.setdefault(job[1], []).append(job)
    copies = {patches: broken_copy(root, work[0][0], patches) for patches, work in on_copy.items()}

    def run(work: list[Job]) -> tuple[list[str], subprocess.CompletedProcess[str]]:
        names = [name for name, _, _ in work]
        return names, run_interpreted(copies[work[0][1]], "tests.support.audit_child",
                                      [json.dumps(args) for _, _, args in work])

    with ThreadPoolExecutor(max_workers=child_slots()) as pool:
        runs = list(pool.map(run, sorted(on_copy.values(), key=len, reverse=True)))
    out: dict[str, list[str]] = {}
    for names, done in runs:
        assert done.returncode == 0, f"{names}:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
        reports = json.loads(done.stdout.splitlines()[-1])
        assert len(reports) == len(names), (names, reports)
        out.update(zip(names, reports))
    return out


def test_the_unbroken_copy_shows_no_violation(found: dict[str, list[str]]) -> None:
    for name, violations in found.items():
        if name.startswith("unbroken"):
            assert all(v.startswith("no violation in") for v in violations), (name, violations[:3])


@pytest.mark.parametrize("preset", PRESETS)
def test_auditor_catches_riichi_on_a_wait_held_four_times(
    found: dict[str, list[str]], preset: str
) -> None:
    _, rule = KARATEN[RuleSet.preset(preset).karaten_counts]
    violations = found[f"karaten {preset}"]
    assert any(f"[{rule}]" in v for v in violations), violations


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("mutant", sorted(MUTANTS))
def test_auditor_catches_each_mutant(found: dict[str, list[str]], mutant: str, preset: str) -> None:
    _, rule, _ = MUTANTS[mutant]
    violations = found[f"{mutant} {preset}"]
    assert any(f"[{rule}]" in v for v in violations), violations[:3]


@pytest.mark.parametrize("mutant", sorted(PAO_MUTANTS))
def test_auditor_catches_each_liability_mutant(found: dict[str, list[str]], mutant: str) -> None:
    _, rule = PAO_MUTANTS[mutant]
    violations = found[mutant]
    assert any(f"[{rule}]" in v for v in violations), violations[:3]
