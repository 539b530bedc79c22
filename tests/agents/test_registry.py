"""The built-in players are listed once (``riichi.agents.BUILTIN_PLAYERS``): every other list of
them in the package derives from it, and the lists that cannot (the page's words, the build's
module list, the lazy names of ``import riichi``) are compared with it here."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import riichi
import riichi.agents
from riichi.agents import BUILTIN_PLAYERS, DEFAULT_PLAYER
from riichi.play.human_game import OPPONENTS, make_opponents
from riichi.errors import UnknownPlayerError
from riichi.simulate import players as simulate_players
from tests.support.compiled import COMPILED
from tests.support.paths import ROOT

SRC = Path(riichi.__file__).resolve().parent


def test_the_simulator_seats_exactly_the_built_in_players() -> None:
    assert simulate_players.PLAYERS == {name: p.target for name, p in BUILTIN_PLAYERS.items()}
    assert simulate_players.DEFAULT_PLAYER == DEFAULT_PLAYER in BUILTIN_PLAYERS
    for name, player in BUILTIN_PLAYERS.items():
        assert simulate_players.load_player(name) is player.agent_class


def test_the_games_offer_exactly_the_built_in_players() -> None:
    assert OPPONENTS is BUILTIN_PLAYERS
    for name, player in BUILTIN_PLAYERS.items():
        assert {type(a) for a in make_opponents([name], seed=1)} == {player.agent_class}


@pytest.mark.parametrize("command", ["riichi.simulate", "riichi.play"])
def test_each_command_lists_every_built_in_player_in_its_help(command: str) -> None:
    shown = subprocess.run([sys.executable, "-m", command, "--help"], capture_output=True,
                           text=True, timeout=60, env={"COLUMNS": "200", "PATH": ""} | _python_env())
    assert shown.returncode == 0, shown.stderr
    for name in BUILTIN_PLAYERS:
        assert re.search(rf"\b{name}\b", shown.stdout), (command, name)
    assert f"default: {DEFAULT_PLAYER}" in shown.stdout or f"default {DEFAULT_PLAYER}" in shown.stdout


def _python_env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k in ("PYTHONPATH", "RIICHI_PURE_PYTHON", "HOME")}


def test_each_built_in_player_is_a_name_of_the_package() -> None:
    classes = {player.agent_class.__name__ for player in BUILTIN_PLAYERS.values()}
    for name in classes:
        assert getattr(riichi.agents, name) is getattr(riichi, name)
    lazy_source = (SRC / "__init__.py").read_text(encoding="utf-8")
    lazy = re.search(r'"riichi\.agents": \(([^)]*)\)', lazy_source)
    assert lazy is not None
    assert set(ast.literal_eval(f"({lazy.group(1)})")) == classes | {"Agent"}


def test_the_page_has_words_for_every_built_in_player_in_both_languages() -> None:
    script = (SRC / "play" / "web" / "static" / "i18n.js").read_text(encoding="utf-8")
    texts = script[script.index("const TEXT = {"):script.index("\n};\n")]
    languages = re.split(r"\n  (?:en|uk): \{\n", texts)[1:]
    assert len(languages) == 2
    for words in languages:
        assert set(re.findall(r"\bopp_(\w+):", words)) == set(BUILTIN_PLAYERS)


def test_every_built_in_player_is_compiled_and_checked_against_its_source() -> None:
    modules = {player.agent_class.__module__ for player in BUILTIN_PLAYERS.values()}
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    agents = re.search(r'\("agents", \(([^)]*)\)\)', setup)
    assert agents is not None
    built = {f"riichi.agents.{name}" for name in ast.literal_eval(f"({agents.group(1)})")}
    assert modules <= built
    assert modules <= set(COMPILED)


def _keywords(cls: type) -> set[str]:
    """The keyword-only parameters of ``cls.__init__`` as its source declares them."""
    module = cls.__module__.rsplit(".", 1)[1]
    tree = ast.parse((SRC / "agents" / f"{module}.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    return {a.arg for a in item.args.kwonlyargs}
            return set()
    raise AssertionError(f"no class {cls.__name__} in {cls.__module__}")


def test_each_players_settings_are_its_constructors_keywords() -> None:
    for player in BUILTIN_PLAYERS.values():
        cls = player.agent_class
        own_classes = [c for c in cls.__mro__ if c.__module__.startswith("riichi.agents.")]
        assert set(player.settings) == set().union(*map(_keywords, own_classes)), player.name
        assert type(player.make(seed=3)) is cls


@pytest.mark.parametrize("name", [":RandomAgent", "riichi.agents:", ".agents:RandomAgent"])
def test_a_module_class_name_without_its_module_or_class_is_refused_by_name(name: str) -> None:
    # an empty module name was importlib's ValueError, a relative one its TypeError
    with pytest.raises(UnknownPlayerError, match=f"^player {re.escape(repr(name))}: expected "
                                                 "module:Class, an absolute module name"):
        simulate_players.load_player(name)


def test_an_unknown_player_name_lists_every_kind_of_player_a_seat_takes() -> None:
    # the message named the built-in players and module:Class, not a factory or an mjai bot
    with pytest.raises(UnknownPlayerError, match=r"^unknown player 'defensiv'; expected one of "
                       r"random, efficiency, defensive, module:Class, module:function or "
                       r"mjai:COMMAND$"):
        simulate_players.load_player("defensiv")
