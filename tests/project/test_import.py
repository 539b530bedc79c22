"""``import riichi`` loads the hand functions only; the table, the players and the scorer come on
first use of one of their names, each name in ``riichi.__all__`` as before.

Each check runs in a fresh interpreter: this one has long since imported everything.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import riichi
from tests.support.paths import ROOT

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


def _bare_path(tmp_path: Path, *modules: str) -> Path:
    """A directory holding riichi, numpy and ``modules`` only (links to the installed ones): with
    ``python -S`` and it as the whole path, the other installed packages are really absent."""
    root = tmp_path / "site"
    root.mkdir()
    for name in ("riichi", "numpy", *modules):
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        package = Path(spec.origin).parent
        (root / name).symlink_to(package, target_is_directory=True)
        libs = package.with_name(f"{name}.libs")  # a wheel's bundled shared libraries
        if libs.is_dir():
            (root / libs.name).symlink_to(libs, target_is_directory=True)
    return root


def _run_bare(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return subprocess.run([sys.executable, "-S", *args], capture_output=True, text=True,
                          timeout=120, env={**env, "PYTHONPATH": str(root)}, check=False)


def test_the_engine_needs_numpy_only(tmp_path: Path) -> None:
    root = _bare_path(tmp_path)
    done = _run_bare(root, "-c", """
import importlib.util, riichi
assert [m for m in ("pyarrow", "rich", "matplotlib") if importlib.util.find_spec(m)] == []
print(riichi.shanten("123m456p789s1122z"), riichi.shanten("123m456p789s11222z"))
result = riichi.play_game("ema", [riichi.RandomAgent(seed=s) for s in range(4)], seed=1)
print(sum(result.final_scores))
""")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "-1", "120000"]


def test_the_package_requires_numpy_and_each_tool_names_its_extra() -> None:
    import tomllib

    from riichi._optional import EXTRAS

    project = tomllib.loads((ROOT / "pyproject.toml")
                            .read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == ["numpy>=1.23"]
    assert project["requires-python"] == ">=3.11"
    declared = project["optional-dependencies"]
    for extra, modules in EXTRAS.items():
        names = {r.split(">")[0].split("=")[0].replace("-", "_").lower() for r in declared[extra]}
        assert names == set(modules), extra


def test_the_simulator_without_its_extra_says_what_to_install_before_playing(
    tmp_path: Path,
) -> None:
    root = _bare_path(tmp_path)
    out = tmp_path / "run"
    done = _run_bare(root, "-m", "riichi.simulate", "--games", "1", "--out", str(out))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "python -m riichi.simulate: error: the simulator needs pyarrow and rich: pip install "
        "'riichi[simulate]' (in a clone of the repository: pip install '.[simulate]')"
    ]
    assert not out.exists()


def test_plots_without_matplotlib_say_what_to_install_before_playing(tmp_path: Path) -> None:
    root = _bare_path(tmp_path, "pyarrow", "rich", "markdown_it", "mdurl", "pygments")
    out = tmp_path / "run"
    done = _run_bare(root, "-m", "riichi.simulate", "--games", "1", "--plots", "--out", str(out))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "python -m riichi.simulate: error: --plots needs matplotlib: pip install 'riichi[plots]' "
        "(in a clone of the repository: pip install '.[plots]')"
    ]
    assert not out.exists()
    # the same path plays when the plots are not asked for: the extra was the only thing missing
    played = _run_bare(root, "-m", "riichi.simulate", "--games", "1", "--players", "random",
                       "--backend", "local", "--seed", "1", "--format", "json")
    assert played.returncode == 0, played.stderr


def test_the_package_offers_every_name_of_the_cores_and_the_errors_all() -> None:
    from riichi import _core, errors

    assert set(_core.__all__) | set(errors.__all__) <= set(riichi.__all__)
    assert len(riichi.__all__) == len(set(riichi.__all__))
    stub = ast.parse((Path(_core.__file__).with_name("_core.pyi")).read_text(encoding="utf-8"))
    listed = next(n.value for n in stub.body if isinstance(n, ast.Assign)
                  and isinstance(n.targets[0], ast.Name) and n.targets[0].id == "__all__")
    assert ast.literal_eval(listed) == _core.__all__  # the stub names what the module offers


def test_the_names_type_checkers_see_are_the_names_loaded_on_use() -> None:
    tree = ast.parse(Path(riichi.__file__).read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If)
                 and isinstance(n.test, ast.Name) and n.test.id == "TYPE_CHECKING")
    typed = {(node.module, a.name) for node in block.body if isinstance(node, ast.ImportFrom)
             for a in node.names}
    loaded = {(module, name) for name, module in riichi._HOME.items()}
    assert typed - {("riichi", "meld")} == loaded


def test_dir_shows_only_the_public_api() -> None:
    names = _run("import json, riichi\nprint(json.dumps(dir(riichi)))")
    assert isinstance(names, list)
    assert {"TYPE_CHECKING", "annotations", "importlib", "_core", "_load"}.isdisjoint(names)
    assert set(names) == set(riichi.__all__) | riichi._SUBPACKAGES | {"__version__"}


def test_one_version_source() -> None:
    import importlib.metadata
    import tomllib

    root = ROOT
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert riichi.__version__ == importlib.metadata.version("riichi") == project["version"]
    assert "__version__ =" not in Path(riichi.__file__).read_text(encoding="utf-8")
