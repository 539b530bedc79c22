"""docs/architecture.md names the module that owns each rule of the table: the modules exist, every
RuleSet field is owned by a row, and each owner's source reads the fields its row names; every
dotted name the page gives (the glossary's included) is in the code under that name."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import warnings
from pathlib import Path

import pytest

from riichi.errors import WrongTypeError
from riichi.rules import RuleSet
from riichi.scoring import score_hand
from tests.support.paths import ROOT

DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
FIELDS = {f.name for f in dataclasses.fields(RuleSet)}


def rows() -> list[tuple[str, list[str], list[str]]]:
    """(rule, owner modules, fields) of each row of the table."""
    table = DOC.split("| rule of the table | owner |", 1)[1].split("\n\n", 1)[0]
    out = []
    for line in table.splitlines()[2:]:
        rule, owners, fields = (c.strip() for c in line.strip().strip("|").split("|"))
        out.append((rule, re.findall(r"`([\w.]+)`", owners), re.findall(r"`(\w+)`", fields)))
    return out


def _source(module: str) -> str:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None, f"{module} does not exist"
    origin = Path(spec.origin)
    if origin.suffix != ".py":  # a compiled module: read the source it was built from
        origin = origin.with_name(origin.name.split(".")[0] + ".py")
    return origin.read_text(encoding="utf-8")


def test_the_table_is_read() -> None:
    assert len(rows()) >= 15
    assert all(owners for _, owners, _ in rows())


def test_every_module_named_exists() -> None:
    for _, owners, _ in rows():
        for module in owners:
            assert module.startswith("riichi.") and _source(module)


def _read_outside_the_rules() -> set[str]:
    """The fields some module outside riichi.rules reads (``.field``, or its name quoted)."""
    sources = [p.read_text(encoding="utf-8") for p in (ROOT / "src" / "riichi").rglob("*.py*")
               if p.suffix in (".py", ".pyx") and "rules" not in p.relative_to(ROOT / "src").parts]
    return {f for f in FIELDS if any(re.search(rf"\.{f}\b|[\"']{f}[\"']", s) for s in sources)}


def test_every_rule_field_the_table_reads_has_one_owner() -> None:
    named = [field for _, _, fields in rows() for field in fields]
    assert set(named) <= FIELDS, sorted(set(named) - FIELDS)
    assert len(named) == len(set(named)), "a field named by two rows"
    # A field becomes a rule of the table when a module reads it; until then declaring it in
    # riichi.rules.ruleset is all it takes.
    read = _read_outside_the_rules()
    assert len(read) > 40 and read <= set(named), sorted(read - set(named))


def test_each_owner_reads_the_fields_of_its_row() -> None:
    for rule, owners, fields in rows():
        source = "\n".join(_source(module) for module in owners)
        unread = [f for f in fields if not re.search(rf"\b{f}\b", source)]
        assert not unread, f"{owners} (owning {rule!r}) never names {unread}"


def test_the_glossary_says_the_winds_score_hand_takes() -> None:
    row = next(line for line in DOC.splitlines() if line.startswith("| seat wind, round wind |"))
    assert "`score_hand`'s `seat_wind` and `round_wind` are the letters `\"E\"`...`\"N\"` " \
           "(an int is refused, a `WrongTypeError`)" in row
    hand = ("12345678s234p66m", "9s")
    assert score_hand(*hand, tsumo=False, seat_wind="S", round_wind="E", riichi=True).points == 7700
    for wind in (1, 0):
        with pytest.raises(WrongTypeError, match=f"seat_wind={wind}: expected 'E', 'S', 'W' or 'N'"):
            score_hand(*hand, tsumo=False, seat_wind=wind, round_wind="E", riichi=True)
        with pytest.raises(WrongTypeError, match=f"round_wind={wind}: expected 'E', 'S', 'W' or 'N'"):
            score_hand(*hand, tsumo=False, seat_wind="S", round_wind=wind, riichi=True)


def _resolves(dotted: str) -> bool:
    """Whether ``dotted`` (``riichi.game.claims``, ``riichi.game.winning.Situation``) is a module
    of the package or a name one of its modules defines; a deprecated alias does not count."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        try:
            if importlib.util.find_spec(module) is None:
                continue
        except ModuleNotFoundError:  # a name inside a module, not a module of a package
            continue
        found: object = importlib.import_module(module)
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            for name in parts[cut:]:
                try:
                    found = getattr(found, name)
                except (AttributeError, DeprecationWarning):
                    return False
        return True
    return False


def test_every_dotted_name_of_the_page_is_in_the_code() -> None:
    named = set(re.findall(r"`(riichi(?:\.\w+)+)", DOC))
    assert "riichi.game.winning.Situation" in named and _resolves("riichi.game.winning.Situation")
    assert not _resolves("riichi.play.Table")  # the alias kept for old code is no name of the page's
    missing = sorted(name for name in named if not _resolves(name))
    assert not missing, f"docs/architecture.md names what the code has not: {missing}"
