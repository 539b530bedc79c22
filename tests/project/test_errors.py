"""One exception hierarchy: every error class lives in :mod:`riichi.errors`, and the table of
errors in docs/errors.md is the module's own (names, bases and what each is raised for)."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import riichi
from riichi import errors
from tests.support.paths import ROOT

SOURCE = ROOT / "src" / "riichi"

INTERNAL = {
    "riichi.agents.bot_process.BotFailure":
        "BotProcess's signal to MjaiAgent, which raises MjaiBotError naming the bot in its place",
    "riichi.rules.checks.Expected":
        "a field check's answer to RuleSet, which raises InvalidRuleError naming the field",
    "riichi.game.replay.Apart":
        "RoundReplay's signal that the record and the engine went apart, which replay() and the "
        "analysis's positions catch once the difference is noted",
}
"""Exceptions that never reach a caller: each is caught in the library and turned into an error of
:mod:`riichi.errors`."""


def _error_classes() -> dict[str, str]:
    """Every exception class defined in the package's sources, by dotted name: a class whose base
    is a built-in exception, an error of riichi.errors or another such class (to a fixed point)."""
    bases_of: dict[str, tuple[str, set[str]]] = {}
    for path in SOURCE.rglob("*.py"):
        module = ".".join(path.relative_to(SOURCE.parent).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
                bases_of[f"{module}.{node.name}"] = (node.name, names)
    known = {"Exception", "ValueError", "TypeError", "RuntimeError", "KeyError", "OSError",
             *errors.__all__}
    found: dict[str, str] = {}
    while True:
        new = {dotted: name for dotted, (name, names) in bases_of.items()
               if names & known and dotted not in found}
        if not new:
            return found
        found.update(new)
        known |= set(new.values())


def test_every_error_class_is_in_errors_py() -> None:
    classes = _error_classes()
    assert "riichi.errors.RiichiError" in classes and len(classes) > 20  # the scan sees them
    outside = {d for d in classes if not d.startswith("riichi.errors.")}
    outside -= {d for d in outside if d.rpartition(".")[2].startswith("_")}  # private signals
    assert outside == set(INTERNAL)


def test_every_error_derives_from_riichi_error_and_is_exported() -> None:
    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.RiichiError) and cls.__module__ == "riichi.errors", name
    defined = {n for n, v in vars(errors).items() if isinstance(v, type) and issubclass(v, Exception)}
    assert defined == set(errors.__all__)


def test_the_old_homes_of_moved_errors_still_name_them() -> None:
    from riichi.agents import MjaiBotError
    from riichi.play import PlayError
    from riichi.play.web.session import MessageError
    from riichi.rules import UnknownPresetError

    assert (MjaiBotError, PlayError, MessageError, UnknownPresetError) == (
        errors.MjaiBotError, errors.PlayError, errors.MessageError, errors.UnknownPresetError)
    assert riichi.RiichiError is errors.RiichiError


def _markdown(text: str) -> str:
    """A docstring's reST roles and literals as Markdown code (``:class:`~a.B``` as `B`)."""
    text = re.sub(r":\w+:`(~?)([\w.]+)`",
                  lambda m: f"`{m[2].rpartition('.')[2] if m[1] else m[2]}`", text)
    return text.replace("``", "`")


def error_table() -> str:
    """The table of errors of docs/errors.md, made from riichi.errors."""
    rows = ["| Error | Is a | Raised for |", "| --- | --- | --- |"]
    for name in errors.__all__:
        cls = getattr(errors, name)
        parents = ", ".join(f"`{b.__name__}`" for b in cls.__bases__ if b is not Exception) or "-"
        doc = " ".join(inspect.getdoc(cls).split())  # type: ignore[union-attr]
        first = re.split(r"(?<=[.:])\s", doc, maxsplit=1)[0].rstrip(":.")
        rows.append(f"| `{name}` | {parents} | {_markdown(first)} |")
    return "\n".join(rows) + "\n"


def test_docs_error_table_is_made_from_errors_py() -> None:
    table = error_table()
    assert table in (ROOT / "docs" / "errors.md").read_text(encoding="utf-8"), (
        "the table of errors in docs/errors.md is stale; put this one in its place:\n" + table)


def _raised_builtin(node: ast.Raise) -> str | None:
    """``ValueError`` or ``TypeError`` if ``node`` raises one of them itself (not a RiichiError)."""
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return exc.id if isinstance(exc, ast.Name) and exc.id in ("ValueError", "TypeError") else None


def test_no_plain_value_or_type_error_is_raised_on_purpose() -> None:
    src = Path(riichi.__file__).resolve().parent
    found = []
    for path in sorted(src.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(src)}:{node.lineno} raises {name}" for node in ast.walk(tree)
                  if isinstance(node, ast.Raise) and (name := _raised_builtin(node))]
    for path in sorted(src.rglob("*.pyx")):  # Cython: not Python's grammar, read line by line
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.match(r"\s*raise (ValueError|TypeError)\b", line):
                found.append(f"{path.relative_to(src)}:{number} {line.strip()}")
    assert found == [], "raise a RiichiError subclass instead:\n" + "\n".join(found)


def test_the_source_check_finds_a_plain_raise() -> None:
    tree = ast.parse("def f(x):\n    if x:\n        raise ValueError('x')\n    raise TypeError\n")
    assert sorted(_raised_builtin(n) for n in ast.walk(tree) if isinstance(n, ast.Raise)) == [
        "TypeError", "ValueError"]
