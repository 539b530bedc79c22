"""The game tests can fail: each rule below is broken on purpose in a copy of the source, and the
game tests that play it, run on that copy by the interpreter (``RIICHI_PURE_PYTHON=1``), must fail.

Each mutant is a one-place text change of ``src/riichi`` (see ``tests/support/mutation.py``). The same tests, run
on an unbroken copy, must pass: a mutant is killed by the rule it breaks, not by the copy.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.support.mutation import broken_copy, child_slots, run_interpreted
from tests.support.paths import TESTS


# name -> (file under src/riichi, text, its replacement, the test file under tests/, tests selected
# by -k)
MUTANTS: dict[str, tuple[str, str, str, str, str]] = {
    "daisuushii pao after the third wind pon": (
        "game/claims.py", "sum(t in WINDS for t in sets) == 4", "sum(t in WINDS for t in sets) >= 3",
        "game/test_pao.py", "daisuushii",
    ),
    "haitei ignores haitei_rinshan_combine": (
        "scoring/rule_values.py", '"haitei_on_rinshan": attrgetter("haitei_rinshan_combine"),',
        '"haitei_on_rinshan": lambda r: True,', "game/test_last_tile.py", "haitei",
    ),
    "the own claim keeps temporary furiten (EMA 2016, WRC)": (
        "game/prebuilt.py",
        "TempFuritenClear.OWN_DRAW_OR_CLAIM: _furiten_ends(SEAT, NOBODY, SEAT),",
        "TempFuritenClear.OWN_DRAW_OR_CLAIM: _furiten_ends(SEAT, NOBODY, NOBODY),",
        "game/test_furiten.py", "furiten",
    ),
    "four kans by one player abort": (
        "game/draws.py", "len(set(kan_seats)) > 1", "len(set(kan_seats)) >= 1",
        "game/test_abortive_draws.py", "four_kans",
    ),
    "anyone's call ends temporary furiten (EMA 2016, WRC)": (
        "game/prebuilt.py",
        "TempFuritenClear.OWN_DRAW_OR_CLAIM: _furiten_ends(SEAT, NOBODY, SEAT),",
        "TempFuritenClear.OWN_DRAW_OR_CLAIM: _furiten_ends(SEAT, NOBODY, EVERYONE),",
        "game/test_furiten.py", "furiten",
    ),
    "the own draw ends temporary furiten (Tenhou)": (
        "game/prebuilt.py", "TempFuritenClear.OWN_DISCARD: _furiten_ends(NOBODY, SEAT, NOBODY),",
        "TempFuritenClear.OWN_DISCARD: _furiten_ends(SEAT, SEAT, NOBODY),",
        "game/test_furiten.py", "furiten",
    ),
    "no four riichi abort": (
        "game/draws.py", "if riichi_accepted and _FOUR_RIICHI in aborts and all(riichi):",
        "if False:", "game/test_abortive_draws.py", "four_riichi",
    ),
    "riichi needs four tiles left under every rule set": (
        "game/turn.py", ">= rules.riichi_min_wall_tiles", ">= 4",
        "game/test_riichi.py", "riichi_needs",
    ),
    "kuikae misses the far end of a run called on a 6": (
        "game/call_options.py", "called % 9 <= 5", "called % 9 <= 4", "game/test_call_options.py",
        "kuikae",
    ),
    "a tsumo's counters paid at the ron rate": (
        "scoring/rule_values.py", "    return rules.honba_tsumo\n", "    return rules.honba_ron\n",
        "game/test_payments.py", "every_win",
    ),
    "double riichi after a call in the first go-around": (
        "game/state.py", "p.double_riichi = not self.interrupted and not p.discards",
        "p.double_riichi = not p.discards", "game/test_double_riichi.py", "first_go_around",
    ),
    "nagashi mangan with a called discard": (
        "game/claims.py", "    giver.nagashi = False\n", "", "game/test_nagashi.py", "nagashi",
    ),
    "tenhou for a dealer who is not East (2p)": (
        "game/hand_end.py", "tenhou=tsumo and first and seat == state.east,",
        "tenhou=tsumo and first and seat == state.dealer,", "game/test_two_player.py",
        "first_draw",
    ),
    "a concealed kan opens the hand": (
        "game/player.py", "if meld.kind is not _ANKAN:", "if meld.kind is not _ANKAN or meld.is_kan:",
        "game/test_concealed_kan.py", "closed",
    ),
    "a riichi kan may change the wait": (
        "game/call_options.py", "if _core.waits_mask(after) != waits_mask:", "if False:",
        "game/test_concealed_kan.py", "wait",
    ),
    "a concealed kan's dora waits for the discard (Tenhou)": (
        "game/claims.py",
        "if concealed or state.rules.kan_dora_timing is KanDoraTiming.IMMEDIATE:",
        "if state.rules.kan_dora_timing is KanDoraTiming.IMMEDIATE:",
        "game/test_concealed_kan.py", "dora",
    ),
    "a kan robbed by two pays the nearest only": (
        "game/claims.py", "        _hand_end.ron(state, rons)\n        return\n    state.claims = {}",
        "        _hand_end.ron(state, rons[:1])\n        return\n    state.claims = {}",
        "game/test_multi_ron.py", "multi_ron",
    ),
    "nine terminals offered after a call": (
        "game/turn.py", "if not p.discards and not state.interrupted and nine_terminals(",
        "if not p.discards and nine_terminals(", "game/test_nine_terminals.py", "nine",
    ),
    "agari-yame checks the start points, not the target": (
        "game/flow.py", "at_target = target is None or scores[dealer] >= target",
        "at_target = target is None or scores[dealer] >= rules.start_points",
        "game/test_agari_yame.py", "agari_yame",
    ),
    "the West round goes on after someone reaches the target": (
        "game/flow.py", "return reached or pos.kyoku == last", "return pos.kyoku == last",
        "game/test_west_extension.py", "west",
    ),
    "a kita is no call: ippatsu and the first go-around go on (three players)": (
        "game/claims.py", "        state.interrupt()\n        state.draw(", "        state.draw(",
        "game/test_kita.py",
        "ippatsu or first_go_around",
    ),
    "a ron on a kita loses the winner's ippatsu (three players)": (
        "game/kita.py", "    state.seen[NORTH] += 1\n",
        "    state.seen[NORTH] += 1\n    state.interrupt()\n", "game/test_kita.py",
        "keeps_the_winners_ippatsu",
    ),
    "a wait on the seat's own kan is noten where the rules count it (karaten_counts ignored)": (
        "game/turn.py", "p.tenpai_discards(state.rules.karaten_counts)", "p.tenpai_discards()",
        "game/test_riichi.py", "karaten",
    ),
    "chi at three players": (
        "game/claims.py", "if k == 1 and state.has_chi:", "if k == 1:",
        "game/test_three_players.py", "chi",
    ),
    "the empty North's tsumo share halved between the payers under tsumo loss": (
        "scoring/rule_values.py",
        '"tsumo_payment": lambda r: TSUMO_PAYMENTS.index(r.tsumo_payment),',
        '"tsumo_payment": lambda r: 1 if r.players == 3 else TSUMO_PAYMENTS.index(r.tsumo_payment),',
        "scoring/test_three_player_payments.py", "real_games or tsumo_loss",
    ),
    "a 1m indicator shows 2m at three players": (
        "rules/ruleset.py", "if self.players == 3 and indicator == 0:", "if False:",
        "game/test_three_players.py", "indicator",
    ),
}


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("mutants")
    yield root
    shutil.rmtree(root, ignore_errors=True)


def run_tests(base: Path, test_files: list[str], selection: str) -> subprocess.CompletedProcess[str]:
    """The tests of ``test_files`` selected by ``selection`` run on the copy at ``base`` by the
    interpreter."""
    return run_interpreted(base, "pytest", [
        "-x", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
        *(str(TESTS / test_file) for test_file in test_files), "-k", selection,
    ])


def every_selection() -> tuple[list[str], str]:
    """The test files the mutants run and one selection of, in each, the tests the mutants run
    there: a test is selected by its file's name and its own selection, as ``-k`` matches a
    test's file name too (no file's name is part of another's)."""
    by_file: dict[str, set[str]] = {}
    for _, _, _, test_file, selection in MUTANTS.values():
        by_file.setdefault(test_file, set()).add(selection)
    files = sorted(by_file)
    names = [Path(test_file).name for test_file in files]
    assert not any(a in b for a in names for b in names if a != b), names
    return files, " or ".join(
        f"({name} and ({' or '.join(f'({s})' for s in sorted(by_file[test_file]))}))"
        for name, test_file in zip(names, files)
    )


@pytest.fixture(scope="module")
def results(copies: Path) -> dict[str, subprocess.CompletedProcess[str]]:
    """Every mutant's run and, under the name "unbroken", the unbroken copy's run of the tests
    they run, all in one process."""
    jobs: dict[str, tuple[Path, list[str], str]] = {
        "unbroken": (broken_copy(copies, "unbroken", []), *every_selection()),
    }
    for name, (path, old, new, test_file, selection) in MUTANTS.items():
        jobs[name] = (broken_copy(copies, name, [(path, old, new)]), [test_file], selection)
    with ThreadPoolExecutor(max_workers=child_slots()) as pool:
        futures = {name: pool.submit(run_tests, *job) for name, job in jobs.items()}
        return {name: future.result() for name, future in futures.items()}


def test_the_unbroken_copy_passes_the_tests_the_mutants_run(
    results: dict[str, subprocess.CompletedProcess[str]],
) -> None:
    for name, run in results.items():
        if name.startswith("unbroken"):
            assert run.returncode == 0, f"{name}:\n{run.stdout[-3000:]}\n{run.stderr[-2000:]}"


@pytest.mark.parametrize("mutant", list(MUTANTS))
def test_the_game_tests_kill_the_mutant(
    results: dict[str, subprocess.CompletedProcess[str]], mutant: str
) -> None:
    run = results[mutant]
    # 1: tests ran and some failed (not 2+: an error of collection or usage)
    assert run.returncode == 1, f"{mutant} survived:\n{run.stdout[-3000:]}\n{run.stderr[-2000:]}"
    assert " failed" in run.stdout.splitlines()[-1], run.stdout[-2000:]
