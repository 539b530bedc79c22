"""The table's state is declared once and copied whole: for ``GameState``, ``Player`` and ``Wall``
the compiled declaration (``.pxd``) and the Python one (``__slots__``) name the same fields, the copy
(``clone()`` / ``copy()``) sets every one of them, the snapshot reads every field that is part of
the game's moment, and no module outside ``riichi.game`` touches a member the table keeps to
itself (a name with one leading underscore)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import riichi

SRC = Path(riichi.__file__).resolve().parent
GAME = SRC / "game"
# class, its module, its copying method
CLASSES = [("GameState", "state", "clone"), ("Player", "player", "copy"), ("Wall", "wall", "copy")]
# What a snapshot (the summary two equal moments of a game share) leaves out, and why: the rules
# and the table's wiring are the same for every moment of one game; the event sinks are where the
# log goes, not the game (the snapshot counts the events); the cached answers are worked out again
# from the rest; the seats' winds and the dealer follow from the position, the dora from the wall,
# and the final scores, results and ranks from the scores at the end.
NOT_IN_SNAPSHOT = {
    "rules", "shown_rules", "seats", "_after", "_chi", "_walls", "_record_events", "_on_event", "_emit",
    "_heard", "_wins", "_turn_actions", "events", "winds", "dealer", "east", "dora",
    "dora_indicators", "final_scores", "results", "ranks",
}


def _class(module: str, name: str) -> ast.ClassDef:
    tree = ast.parse((GAME / f"{module}.py").read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)


def _slots(module: str, name: str) -> set[str]:
    for node in _class(module, name).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError(f"{name} has no __slots__")


def _declared(module: str, name: str) -> set[str]:
    """The fields of ``cdef class name`` in the module's .pxd."""
    text = (GAME / f"{module}.pxd").read_text(encoding="utf-8")
    body = text[text.index(f"cdef class {name}"):].split("\n", 1)[1]
    fields: set[str] = set()
    for line in body.splitlines():
        if line and not line.startswith((" ", "#")):
            break  # the end of the class block
        match = re.match(r"\s+cdef (?:public |readonly )?(?:[\w.]+ )+(\w+)\s*(?:#.*)?$", line)
        if match:
            fields.add(match.group(1))
    return fields


def _set_in(module: str, name: str, method: str) -> set[str]:
    """The attributes ``method`` sets on the copy it makes (``other.field = ...``)."""
    function = next(n for n in _class(module, name).body
                    if isinstance(n, ast.FunctionDef) and n.name == method)
    return {t.attr for n in ast.walk(function) if isinstance(n, ast.Assign)
            for t in n.targets if isinstance(t, ast.Attribute)}


@pytest.mark.parametrize(("name", "module", "method"), CLASSES)
def test_the_compiled_and_the_python_declarations_name_the_same_fields(
        name: str, module: str, method: str) -> None:
    assert _declared(module, name) == _slots(module, name)


@pytest.mark.parametrize(("name", "module", "method"), CLASSES)
def test_the_copy_sets_every_field(name: str, module: str, method: str) -> None:
    fields = _slots(module, name)
    set_by_copy = _set_in(module, name, method)
    if name == "GameState":
        set_by_copy |= {"_emit", "_heard"}  # set by _bind_emit(), which clone() calls
    assert set_by_copy == fields


def test_the_snapshot_reads_every_field_of_the_moment() -> None:
    snapshot = next(n for n in _class("state", "GameState").body
                    if isinstance(n, ast.FunctionDef) and n.name == "snapshot")
    read = {n.attr for n in ast.walk(snapshot) if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name) and n.value.id == "self"}
    fields = _slots("state", "GameState")
    assert NOT_IN_SNAPSHOT <= fields
    assert fields - NOT_IN_SNAPSHOT <= read, "fields the snapshot does not read"


def _private_members() -> set[str]:
    """Every member name with one leading underscore that a class of riichi.game declares."""
    names: set[str] = set()
    for path in GAME.glob("*.pxd"):
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"cdef (?:public |readonly )?[\w.\[\]]+ (_[a-z]\w*)", text))
        names |= set(re.findall(r"cp?def [\w. ]*?\b(_[a-z]\w*)\(", text))
    for path in GAME.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for item in ast.walk(node):
                    if isinstance(item, ast.FunctionDef) and re.match(r"_[a-z]", item.name):
                        names.add(item.name)
                    elif (isinstance(item, ast.Attribute) and isinstance(item.value, ast.Name)
                          and item.value.id == "self" and re.match(r"_[a-z]", item.attr)):
                        names.add(item.attr)
    return names


def test_no_module_outside_the_table_uses_its_private_members() -> None:
    private = _private_members()
    assert {"_walls", "_wins", "_bind_emit", "_state"} <= private  # the reading finds them
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if path.is_relative_to(GAME):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            # a module's own members (self._x, cls._x) are its own business
            if (isinstance(node, ast.Attribute) and node.attr in private
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                found.append(f"{path.relative_to(SRC)}:{node.lineno} {ast.unparse(node)}")
    assert found == []
