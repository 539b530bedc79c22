"""Every :class:`~riichi.rules.RuleSet` field is played by a game test, or has a recorded reason
why it needs none.

A field counts as played when a test function of ``tests/game/test_*.py`` (this file aside) names
it, as a whole word in its name, its decorators or its body: the scenario tests name the field
whose rule they show (asserting the value the preset gives it). A field a rule-set change adds
fails this test until a game test plays it or ``REASONS`` says why no game test can.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

from riichi.rules import RuleSet

TESTS = Path(__file__).parent
FIELDS = [f.name for f in dataclasses.fields(RuleSet)]

REASONS: dict[str, str] = {
    "name": "a label for logs and displays; no rule reads it",
    "chombo": "the table refuses every illegal action, so it never has a chombo; the penalty is "
              "riichi.scoring.chombo_penalty's, for referee tools (tests/scoring/test_settle.py)",
    "chombo_points": "as chombo: riichi.scoring.chombo_penalty (tests/scoring/test_settle.py)",
    "kazoe_limit": "read only by the scorer, to which the table hands the whole RuleSet (as for "
                   "red_fives and double_wind_pair_fu, which game tests play); 13 han and more "
                   "per preset in tests/scoring/test_limits.py and test_rules_examples.py",
}
"""Why a field has no game test, for each field that has none."""


def game_test_functions() -> dict[str, set[str]]:
    """Each game test function (``file::name``) -> the words of its name, decorators and body."""
    out: dict[str, set[str]] = {}
    for path in sorted(TESTS.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                parts = [ast.get_source_segment(text, d) or "" for d in node.decorator_list]
                parts.append(ast.get_source_segment(text, node) or "")
                out[f"{path.name}::{node.name}"] = set(re.findall(r"\w+", "\n".join(parts)))
    return out


def played(field: str, functions: dict[str, set[str]]) -> list[str]:
    """The game tests that name ``field``: as a word, or as words of a test's name."""
    return [name for name, words in functions.items()
            if field in words or f"_{field}_" in f"_{name.partition('::')[2]}_"]


def test_every_rule_field_has_a_game_test_or_a_reason() -> None:
    functions = game_test_functions()
    assert len(functions) > 150  # the files were found
    missing = [f for f in FIELDS if not played(f, functions) and f not in REASONS]
    assert missing == [], f"RuleSet fields no game test names and no reason covers: {missing}"


def test_the_reasons_are_for_fields_of_the_rule_set() -> None:
    assert sorted(set(REASONS) - set(FIELDS)) == []
    assert all(len(reason) > 20 for reason in REASONS.values())


def test_the_check_finds_a_field_no_test_names() -> None:
    # it can fail: a field no test names, with no reason, is reported
    functions = game_test_functions()
    assert played("nagashi", functions) and not played("no_such_rule", functions)
