"""The table's state is declared once and copied whole. For ``GameState``, ``Player``, ``Wall`` and
``Observation`` every place that names a field agrees: the compiled declaration (``.pxd``, the C
types), ``__slots__`` and the Python annotations (one each, for type checkers: the class's
``TYPE_CHECKING`` block or the assignment that makes the field), and the two types of a field are
the same type; ``GameState`` documents every field in its one annotated block. The copy
(``clone()`` / ``copy()``; a state's shared fields are copied by ``riichi.game.state_copy``)
sets every field, the snapshot (``state_copy.snapshot``) reads every field that is part of the
game's moment, and no module touches a member another module keeps to itself (a name with one
leading underscore): not outside ``riichi.game``, nor one module of the table another's."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

import riichi

SRC = Path(riichi.__file__).resolve().parent
GAME = SRC / "game"
# class, its module, its copying method
CLASSES = [("GameState", "state", "clone"), ("Player", "player", "copy"), ("Wall", "wall", "copy")]
# the classes of the table with C fields, and their modules: the four the table changes, then
# the values it makes (which are typed by their constructors' arguments)
DECLARED = [("GameState", "state"), ("Player", "player"), ("Wall", "wall"),
            ("Observation", "observation"), ("DiscardedTile", "player"), ("Position", "flow")]
# the Python type each C type of a .pxd stands for (object: any)
C_TYPES = {"int": "int", "Py_ssize_t": "int", "unsigned long long": "int", "bint": "bool",
           "list": "list", "tuple": "tuple", "dict": "dict", "bytearray": "bytearray"}
# What a snapshot (the summary two equal moments of a game share) leaves out, and why: the rules
# and the table's wiring are the same for every moment of one game; the event sinks are where the
# log goes, not the game (the snapshot counts the events); the cached answers are worked out again
# from the rest; the seats' winds and the dealer follow from the position, the dora from the wall,
# and the final scores, results and ranks from the scores at the end.
NOT_IN_SNAPSHOT = {
    "rules", "shown_rules", "seats", "seats_after", "has_chi", "_dora_of", "_kyoku_winds",
    "_temp_furiten_ends",
    "kuikae_forbidden", "red_fives", "_walls", "_record_events", "_on_event",
    "announce", "heard", "wins", "listed_actions", "events", "winds", "dealer", "east", "dora",
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


def _declared_types(module: str, name: str) -> dict[str, str]:
    """The fields of ``cdef class name`` in the module's .pxd, with their C types."""
    text = (GAME / f"{module}.pxd").read_text(encoding="utf-8")
    body = text[text.index(f"cdef class {name}"):].split("\n", 1)[1]
    fields: dict[str, str] = {}
    for line in body.splitlines():
        if line and not line.startswith((" ", "#")):
            break  # the end of the class block
        match = re.match(r"\s+cdef (?:public |readonly )?((?:[\w.]+ )+)(\w+)\s*(?:#.*)?$", line)
        if match:
            fields[match.group(2)] = match.group(1).strip()
    return fields


def _declared(module: str, name: str) -> set[str]:
    """The fields of ``cdef class name`` in the module's .pxd."""
    return set(_declared_types(module, name))


def _type_checking_block(cls: ast.ClassDef) -> list[ast.stmt]:
    """The body of the class's ``if TYPE_CHECKING:`` block (empty if it has none)."""
    for node in cls.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            return node.body
    return []


def _annotations(module: str, name: str) -> list[tuple[str, str]]:
    """Every annotation of a field of the class: in its body or its TYPE_CHECKING block, and on
    ``self.field`` in its methods (in order, repeated if a field is annotated twice)."""
    cls = _class(module, name)
    found = [(node.target.id, ast.unparse(node.annotation))
             for node in cls.body + _type_checking_block(cls)
             if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)]
    for method in cls.body:
        if isinstance(method, ast.FunctionDef):
            found += [(node.target.attr, ast.unparse(node.annotation))
                      for node in ast.walk(method) if isinstance(node, ast.AnnAssign)
                      and isinstance(node.target, ast.Attribute)
                      and isinstance(node.target.value, ast.Name) and node.target.value.id == "self"]
    return found


def _on_self(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
        and node.value.id == "self"


def _assigned_in_init(module: str, name: str) -> set[str]:
    """The fields ``__init__`` sets, itself or through a method of the class it calls on
    ``self`` (``Position._place``, which the table's trusted constructor calls too)."""
    methods = {n.name: n for n in _class(module, name).body if isinstance(n, ast.FunctionDef)}
    init = methods["__init__"]
    called = {n.func.attr for n in ast.walk(init) if isinstance(n, ast.Call) and _on_self(n.func)}
    makers = [init] + [methods[m] for m in sorted(called) if m in methods]
    return {t.attr for f in makers for n in ast.walk(f) if isinstance(n, ast.Assign)
            for t in n.targets if isinstance(t, ast.Attribute) and _on_self(t)}


def _python_types(annotation: str) -> set[str]:
    """The types an annotation allows, without their parameters (``list[int] | None``: list,
    None)."""
    return {re.sub(r"\[.*", "", part.strip()) for part in annotation.split("|")}


@pytest.mark.parametrize(("name", "module"), DECLARED)
def test_the_python_declaration_and_the_pxd_name_the_same_fields(name: str, module: str) -> None:
    assert _declared(module, name) == _slots(module, name)


@pytest.mark.parametrize(("name", "module"), DECLARED[:4])
def test_a_field_is_annotated_once_with_the_type_of_its_pxd(name: str, module: str) -> None:
    """(A field of a ``Player`` or a ``Wall`` without an annotation takes the type of the value
    that makes it, for type checkers; every field of a ``GameState`` is annotated.)"""
    annotated = _annotations(module, name)
    names = [field for field, _ in annotated]
    assert sorted(names) == sorted(set(names)), "a field annotated twice"
    assert set(names) <= _slots(module, name)
    if name == "GameState":
        assert set(names) == _slots(module, name)
    c_types = _declared_types(module, name)
    for field, annotation in annotated:
        c_type = c_types[field]
        if c_type == "object":
            continue
        python = _python_types(annotation)
        assert python - {"None"} == {C_TYPES.get(c_type, c_type)}, \
            f"{name}.{field}: {annotation} in Python, {c_type} in {module}.pxd"
        # a C number is never None; a field of a Python or extension type may be
        assert "None" not in python or c_type not in C_TYPES or C_TYPES[c_type] not in (
            "int", "bool"), f"{name}.{field} may be None in Python, not as a C {c_type}"


@pytest.mark.parametrize(("name", "module"), [("DiscardedTile", "player"), ("Position", "flow")])
def test_a_value_sets_every_field_when_made(name: str, module: str) -> None:
    assert _assigned_in_init(module, name) == _slots(module, name)


def test_the_state_documents_every_field_in_its_one_block() -> None:
    block = _type_checking_block(_class("state", "GameState"))
    fields = {node.target.id: node.lineno for node in block
              if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    assert set(fields) == _slots("state", "GameState")
    source = (GAME / "state.py").read_text(encoding="utf-8")
    commented = {token.start[0] for token in tokenize.generate_tokens(io.StringIO(source).readline)
                 if token.type == tokenize.COMMENT}
    assert [field for field, line in fields.items() if line not in commented] == [], \
        "fields without a comment saying what they hold"


def _function(module: str, name: str) -> ast.FunctionDef:
    """The module-level function ``name`` of the table's ``module``."""
    tree = ast.parse((GAME / f"{module}.py").read_text(encoding="utf-8"))
    return next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)


def _set_in(function: ast.FunctionDef) -> set[str]:
    """The attributes ``function`` sets on the copy it makes (``other.field = ...``)."""
    return {t.attr for n in ast.walk(function) if isinstance(n, ast.Assign)
            for t in n.targets if isinstance(t, ast.Attribute)}


@pytest.mark.parametrize(("name", "module", "method"), CLASSES)
def test_the_copy_sets_every_field(name: str, module: str, method: str) -> None:
    fields = _slots(module, name)
    set_by_copy = _set_in(next(n for n in _class(module, name).body
                               if isinstance(n, ast.FunctionDef) and n.name == method))
    if name == "GameState":
        set_by_copy |= _set_in(_function("state_copy", "copy_shared"))  # which clone() calls
        set_by_copy |= {"announce", "heard"}  # set by _bind_announce(), which clone() calls
    assert set_by_copy == fields


def _snapshot() -> ast.FunctionDef:
    """GameState.snapshot's body, which reads the state as ``state``."""
    return _function("state_copy", "snapshot")


def test_the_snapshot_reads_every_field_of_the_moment() -> None:
    read = {n.attr for n in ast.walk(_snapshot()) if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name) and n.value.id == "state"}
    fields = _slots("state", "GameState")
    assert NOT_IN_SNAPSHOT <= fields
    assert fields - NOT_IN_SNAPSHOT <= read, "fields the snapshot does not read"


# What the snapshot leaves out of each seat and of the wall: what follows from what it reads (a
# hand's counts, the pond's mask, the wall's remaining tiles, the turn's finding that the hand is
# noten) or from the rules (the wall's layout), and the wall's order, dealt with the hand (the
# tiles drawn so far show in the hands and ponds).
NOT_IN_SEAT_SNAPSHOT = {"counts", "discard_mask", "noten_turn"}
NOT_IN_WALL_SNAPSHOT = {"yama", "players", "live_end", "kan_tiles", "live_remaining",
                        "first_dora", "replacement_places"}


@pytest.mark.parametrize(("name", "module", "read_as", "left_out"), [
    ("Player", "player", "p", NOT_IN_SEAT_SNAPSHOT), ("Wall", "wall", "wall", NOT_IN_WALL_SNAPSHOT)])
def test_the_snapshot_reads_every_field_of_a_seat_and_of_the_wall(
        name: str, module: str, read_as: str, left_out: set[str]) -> None:
    read = {n.attr for n in ast.walk(_snapshot()) if isinstance(n, ast.Attribute) and (
        isinstance(n.value, ast.Name) and n.value.id == read_as
        or isinstance(n.value, ast.Attribute) and n.value.attr == read_as)}
    fields = _slots(module, name)
    assert left_out <= fields
    assert read == fields - left_out


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
    assert {"_walls", "_record_events", "_bind_announce", "_state"} <= private  # the reading finds them
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


def _own_members() -> dict[str, set[str]]:
    """For each module of riichi.game, the names with one leading underscore it declares: its
    classes' members (in the .py and the .pxd) and its module-level names."""
    own: dict[str, set[str]] = {}
    for path in GAME.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {node.name for node in tree.body
                 if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and _PRIVATE.match(node.name)}
        names |= {target.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
                  for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                  if isinstance(target, ast.Name) and _PRIVATE.match(target.id)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in ast.walk(node):
                    if isinstance(item, ast.FunctionDef) and _PRIVATE.match(item.name):
                        names.add(item.name)
                    elif (isinstance(item, ast.Attribute) and isinstance(item.value, ast.Name)
                          and item.value.id == "self" and _PRIVATE.match(item.attr)):
                        names.add(item.attr)
        pxd = path.with_suffix(".pxd")
        if pxd.exists():
            text = pxd.read_text(encoding="utf-8")
            names |= set(re.findall(r"cdef (?:public |readonly )?[\w.\[\]]+ (_[a-z]\w*)", text))
            names |= set(re.findall(r"cp?def [\w. ]*?\b(_[a-z]\w*)\(", text))
        own[path.stem] = names
    return own


# members, functions and classes (a class the compiled modules cimport, such as actions.py's
# TileAction, is shared and so public)
_PRIVATE = re.compile(r"_[A-Za-z]\w*$")


def test_no_module_of_the_table_uses_another_modules_private_members() -> None:
    """What the table's modules share is public (declared in the state's block and state.pxd);
    a member or function with one leading underscore is read, called, imported and cimported by
    its own module only."""
    own = _own_members()
    assert {"_walls", "_bind_announce", "_take_turn"} <= own["state"]  # the reading finds them
    assert {"_state", "_table"} <= own["observation"]
    assert "_position" in own["game"]
    owners: dict[str, set[str]] = {}
    for module, names in own.items():
        for name in names:
            owners.setdefault(name, set()).add(module)
    found = []
    for path in sorted(GAME.glob("*.py")):
        module = path.stem
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in owners
                    and module not in owners[node.attr]):
                found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("riichi.game."):
                found += [f"{path.name}:{node.lineno} {alias.name} from {node.module}"
                          for alias in node.names if _PRIVATE.match(alias.name)]
    for path in sorted(GAME.glob("*.pxd")):
        for line_number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = re.match(r"from riichi\.game\.\w+ cimport (.*)", line)
            if match:
                found += [f"{path.name}:{line_number} {name} cimported"
                          for name in re.split(r",\s*", match.group(1)) if _PRIVATE.match(name)]
    assert found == []
