"""The compiled table against its own source run by the interpreter: 5,000 games, event for event.

The modules of the table and of the built-in players are plain Python that the build compiles with
Cython; ``RIICHI_PURE_PYTHON=1`` loads them from source instead (``riichi._interpreted``). Both
must play every game identically: the same events, hand outcomes and final scores, for every
preset and every built-in player.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from riichi.agents import BUILTIN_PLAYERS, Agent
from riichi.game import play_game
from riichi.rules import RuleSet
from tests.support.compiled import COMPILED
from tests.support.paths import checkout_env

# 5,000 games over every preset of four players and the three-player tenhou-3p: the one-hand
# preset is cheap, so it takes the largest share.
WORKLOAD = {
    "cardavia": 1_800, "ema": 500, "ema-2016": 300, "wrc": 300, "tenhou": 700, "mahjongsoul": 600,
    "mleague": 600, "tenhou-3p": 200,
}
LINE_UPS = ("RRRR", "EEEE", "DDDD", "DERE")
# Every built-in player, by its initial: R(andom), E(fficiency), D(efensive).
PLAYERS = {name[0].upper(): player.agent_class for name, player in BUILTIN_PLAYERS.items()}


def agents_for(line_up: str, index: int, seats: int = 4) -> list[Agent]:
    return [PLAYERS[kind](seed=4 * index + seat) for seat, kind in enumerate(line_up[:seats])]


def digests(preset: str, games: int) -> list[str]:
    """One digest per game of everything it produced, the players rotating through the line-ups."""
    out = []
    for index in range(games):
        line_up = LINE_UPS[index % len(LINE_UPS)]
        result = play_game(preset, agents_for(line_up, index, RuleSet.preset(preset).players),
                           seed=11, game_index=index)
        record = repr((result.events, result.hands, result.final_scores, result.results))
        out.append(hashlib.sha256(record.encode()).hexdigest())
    return out


def is_compiled(module: str) -> bool:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    return spec.origin.endswith(tuple(EXTENSION_SUFFIXES))


@pytest.mark.compiled_only(reason="the interpreted build loads these modules from source")
def test_the_engine_runs_compiled() -> None:
    # the comparison below means something only if this build compiled the engine
    assert [module for module in COMPILED if not is_compiled(module)] == []


def test_no_compiled_module_is_older_than_its_source() -> None:
    # Built in place (pip install -e .), an edited .py runs only once rebuilt: catch a stale
    # build before its tests mislead. Installed from a wheel, the source and the compiled module
    # come together: both are in the wheel's record.
    installed = {str(f) for f in importlib.metadata.files("riichi") or ()}
    stale = []
    for module in COMPILED:
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None
        built = Path(spec.origin)
        source = built.with_name(module.rpartition(".")[2] + ".py")
        path = module.replace(".", "/")
        if f"{path}.py" in installed:
            assert f"{path.rpartition('/')[0]}/{built.name}" in installed, module
        elif source.stat().st_mtime > built.stat().st_mtime:
            stale.append(module)
    assert stale == [], f"rebuild (pip install -e .): {stale} changed since they were compiled"


def interpreted_digests(workload: dict[str, int]) -> subprocess.Popen[str]:
    """Start a process that plays ``workload`` on the interpreted engine and prints the digests."""
    script = (
        "import json, riichi.game.state as s, riichi.agents.efficiency as e; "
        "assert s.__file__.endswith('.py') and e.__file__.endswith('.py'), (s, e); "
        "from tests.game.test_compiled import digests; "
        f"print(json.dumps({{p: digests(p, n) for p, n in {workload!r}.items()}}))"
    )
    return subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                            env=checkout_env(RIICHI_PURE_PYTHON="1"))


@pytest.mark.compiled_only(reason="interpreted, both sides would be the same source")
def test_compiled_and_interpreted_engines_play_the_same_5000_games() -> None:
    assert sum(WORKLOAD.values()) == 5_000
    reference = interpreted_digests(WORKLOAD)  # runs beside the compiled games below
    compiled = {preset: digests(preset, games) for preset, games in WORKLOAD.items()}
    out, _ = reference.communicate(timeout=1_800)
    assert reference.returncode == 0
    interpreted = json.loads(out)
    for preset, games in WORKLOAD.items():
        differing = [i for i in range(games) if compiled[preset][i] != interpreted[preset][i]]
        assert differing == [], f"{preset}: games {differing[:10]} differ"


@pytest.mark.parametrize("flag", ["1", "yes"])
def test_the_switch_loads_the_engine_from_source(flag: str) -> None:
    script = "import riichi.game.state as s, riichi._core as c; print(s.__file__, c.__file__)"
    env = {**os.environ, "RIICHI_PURE_PYTHON": flag}
    state, core = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                                 text=True, check=True).stdout.split()
    assert state.endswith("state.py")
    assert core.endswith(tuple(EXTENSION_SUFFIXES))  # the Cython core has no Python source
