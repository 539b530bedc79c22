"""``import riichi`` loads the hand functions only; the table, the players and the scorer come on
first use of one of their names, each name in ``riichi.__all__`` as before.

Each check runs in a fresh interpreter: this one has long since imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import riichi

HEAVY = ("riichi.game", "riichi.agents", "riichi.scoring", "riichi.rules", "riichi.meld")


def _run(code: str) -> object:
    """What ``code`` prints as JSON, run by a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def _loaded_after(statement: str) -> set[str]:
    code = (f"{statement}\nimport json, sys\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'riichi')))")
    loaded = _run(code)
    assert isinstance(loaded, list)
    return set(loaded)


@pytest.mark.parametrize("statement", ["import riichi", "import riichi._core",
                                       "from riichi import shanten, waits, parse_counts"])
def test_hand_functions_do_not_load_the_table(statement: str) -> None:
    loaded = _loaded_after(statement)
    assert {"riichi", "riichi._core", "riichi.tiles"} <= loaded
    assert not loaded & set(HEAVY), f"{statement} loaded {sorted(loaded & set(HEAVY))}"
    assert not any(m.startswith(tuple(h + "." for h in HEAVY)) for m in loaded)


def test_a_name_loads_only_what_it_needs() -> None:
    loaded = _loaded_after("from riichi import RuleSet")
    assert "riichi.rules" in loaded
    assert not loaded & {"riichi.game", "riichi.agents", "riichi.scoring"}


def test_every_public_name_resolves_from_a_fresh_import() -> None:
    code = """
import json, riichi
names = {}
for name in riichi.__all__:
    value = getattr(riichi, name)
    names[name] = getattr(value, "__module__", None) or value.__name__
print(json.dumps([names, sorted(dir(riichi))]))
"""
    result = _run(code)
    assert isinstance(result, list)
    names, listed = result
    assert sorted(names) == sorted(riichi.__all__)
    for name, module in names.items():
        assert module.split(".")[0] == "riichi", (name, module)
        assert getattr(riichi, name) is not None
    assert set(riichi.__all__) <= set(listed)


def test_names_are_the_defining_modules_objects() -> None:
    from riichi.agents import DefensiveAgent
    from riichi.game import play_game
    from riichi.meld import Meld
    from riichi.scoring import score_hand

    assert riichi.play_game is play_game
    assert riichi.DefensiveAgent is DefensiveAgent
    assert riichi.score_hand is score_hand
    assert riichi.Meld is Meld
    assert riichi.meld.Meld is Meld
    assert riichi.game.play_game is play_game  # subpackages stay attributes of riichi


def test_star_import_gives_every_public_name() -> None:
    names = _run("from riichi import *\nimport json\nprint(json.dumps(sorted(dir())))")
    assert isinstance(names, list)
    assert set(riichi.__all__) <= set(names)


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'play_games'"):
        riichi.play_games  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(ImportError):
        from riichi import Scorer  # type: ignore[attr-defined]  # noqa: F401
