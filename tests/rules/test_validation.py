"""RuleSet checks every field when it is made; the engine refuses the values it does not play."""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path
from typing import Any

import pytest

import riichi.rules as rules_module
from riichi import InvalidRuleError, RiichiError, UnsupportedRuleError
from riichi.errors import UnknownRuleFieldError, WrongTypeError
from riichi.game import Game
from riichi.game import game as game_module
from riichi.rules import PRESET_NAMES, AbortiveDraw, DoubleYakuman, PaoYaku, Renhou, RuleSet
from riichi.rules.checks import check_of
from riichi.rules.files import rules_from_dict, rules_to_dict, with_changes

FIELDS = [f.name for f in dataclasses.fields(RuleSet)]
DEFAULT = RuleSet()


def test_every_field_has_a_check() -> None:
    assert all(callable(check_of(f)) for f in dataclasses.fields(RuleSet))


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_presets_pass_their_checks_and_are_playable(name: str) -> None:
    rules = RuleSet.preset(name)
    assert dataclasses.replace(rules) == rules
    Game(rules)


WRONG = [None, True, 1.5, "nope", -(10**9), 10**12, (), object(), float("nan")]


@pytest.mark.parametrize("field", FIELDS)
def test_a_wrong_value_is_refused_naming_field_value_and_what_is_allowed(field: str) -> None:
    refused = 0
    for value in WRONG:
        try:
            rules = dataclasses.replace(DEFAULT, **{field: value})
        except InvalidRuleError as error:
            refused += 1
            message = str(error)
            assert isinstance(error, RiichiError) and isinstance(error, ValueError)
            assert message.startswith(f"invalid RuleSet: {field}=") and "(expected " in message
            continue
        # Accepted: only None where the field is optional, or a value of the field's own kind.
        stored = getattr(rules, field)
        assert value is None or isinstance(stored, type(getattr(DEFAULT, field))), (field, value)
    assert refused >= len(WRONG) - 2, field


def test_ints_refuse_bools_and_bools_refuse_ints() -> None:
    with pytest.raises(InvalidRuleError, match="players=True"):
        RuleSet(players=True)
    with pytest.raises(InvalidRuleError, match="kuitan=1 \\(expected True or False\\)"):
        RuleSet(kuitan=1)  # type: ignore[arg-type]


def test_several_problems_are_reported_together() -> None:
    with pytest.raises(InvalidRuleError, match="start_points=0 .*; rounds=5 "):
        RuleSet(start_points=0, rounds=5)


def test_enum_and_set_fields_take_their_values_and_store_members() -> None:
    rules = RuleSet(renhou="none", abortive_draws={"four_winds"}, pao=["daisangen"])  # type: ignore[arg-type]
    assert rules.renhou is Renhou.NONE
    assert rules.abortive_draws == frozenset({AbortiveDraw.FOUR_WINDS})
    assert all(type(v) is AbortiveDraw for v in rules.abortive_draws)
    assert rules.pao == frozenset({"daisangen"}) and hash(rules) == hash(RuleSet(
        renhou=Renhou.NONE, abortive_draws=frozenset({AbortiveDraw.FOUR_WINDS}),
        pao=frozenset({"daisangen"})))
    with pytest.raises(InvalidRuleError, match="renhou='sometimes' \\(expected a Renhou: 'none'"):
        RuleSet(renhou="sometimes")  # type: ignore[arg-type]


def test_noten_total_must_share_evenly() -> None:
    with pytest.raises(InvalidRuleError, match="noten_total=1000 .*multiple of 6"):
        RuleSet(noten_total=1000)
    assert RuleSet(noten_total=1200).noten_total == 1200


def test_the_values_the_engine_does_not_play_are_listed_and_refused() -> None:
    for field, (values, meaning) in game_module._UNPLAYABLE.items():
        assert meaning
        for value in values:
            rules = dataclasses.replace(DEFAULT, **{field: value})
            with pytest.raises(UnsupportedRuleError, match=f"does not play {field}="):
                Game(rules)
    assert "players" not in game_module._UNPLAYABLE  # two, three and four players are played


def test_chombo_fields_are_documented_by_the_function_that_reads_them() -> None:
    source = inspect.getsource(RuleSet)
    for field in ("chombo", "chombo_points"):
        docstring = source.split(f"\n    {field}: ", 1)[1].split('"""')[1]
        assert "riichi.scoring.chombo_penalty" in docstring, field


def test_pao_and_double_yakuman_are_sets_of_members_and_take_the_names_rules_files_hold() -> None:
    assert all(type(v) is PaoYaku for preset in PRESET_NAMES for v in RuleSet.preset(preset).pao)
    assert all(type(v) is DoubleYakuman
               for preset in PRESET_NAMES for v in RuleSet.preset(preset).double_yakuman)
    doubled = rules_from_dict({"double_yakuman": ["kokushi_13"]}).double_yakuman
    assert doubled == frozenset({DoubleYakuman.KOKUSHI_13}) and "kokushi_13" in doubled
    stored = rules_from_dict({"preset": "ema", "pao": ["suukantsu", "daisangen"]})
    assert stored.pao == frozenset({PaoYaku.SUUKANTSU, PaoYaku.DAISANGEN})
    assert rules_to_dict(stored)["pao"] == ["daisangen", "suukantsu"]
    assert with_changes(RuleSet(), ["pao=daisuushii"]).pao == frozenset({PaoYaku.DAISUUSHII})
    with pytest.raises(InvalidRuleError, match=r"pao=\['tsuuiisou'\] \(expected a frozenset of PaoYaku"):
        rules_from_dict({"pao": ["tsuuiisou"]})


def test_a_field_without_its_check_is_refused_when_the_class_is_made() -> None:
    @dataclasses.dataclass
    class Unchecked:
        players: int = 4

    with pytest.raises(TypeError, match="'players' has no check: declare it with rule"):
        check_of(dataclasses.fields(Unchecked)[0])


def test_no_module_of_the_rules_package_is_over_400_lines() -> None:
    package = Path(rules_module.__file__).parent
    sizes = {p.name: len(p.read_text().splitlines()) for p in package.glob("*.py")}
    assert len(sizes) >= 6 and max(sizes.values()) <= 400, sizes


def test_three_players_under_four_players_walls_and_winds_are_refused() -> None:
    # three players are played (tenhou-3p, mahjongsoul-3p), with their own winds and wall
    with pytest.raises(InvalidRuleError, match=r"winds=4 with players=3 .* live_wall=122"):
        dataclasses.replace(RuleSet(), players=3, uma=(20_000, 0, -20_000, 0))


@pytest.mark.parametrize("field", ["start_points", "honba_ron"])
def test_a_rule_value_of_the_wrong_type_is_refused_when_the_rules_are_made(field: str) -> None:
    with pytest.raises(InvalidRuleError, match=f"{field}=None \\(expected an int"):
        dataclasses.replace(RuleSet(), **{field: None})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "change",
    [
        {"uma": (10_000, 10_000, 10_000, 10_000)},
        {"oka": 20_001},
        {"start_points": 25_000, "return_points": 30_000, "oka": 0},
        {"players": 2},  # the four-player uma summed over two places: +40,000
    ],
)
def test_results_that_do_not_add_up_to_zero_are_refused(change: dict[str, object]) -> None:
    with pytest.raises(InvalidRuleError, match="the final results add up to"):
        dataclasses.replace(RuleSet(), **change)


def test_every_preset_adds_up_to_zero() -> None:
    for name in PRESET_NAMES:
        rules = RuleSet.preset(name)
        total = (rules.players * (rules.start_points - rules.return_points)
                 + sum(rules.uma[: rules.players]) + rules.oka)
        assert total == 0, name
    assert RuleSet(start_points=25_000, return_points=30_000, oka=20_000).oka == 20_000


def test_a_west_extension_needs_a_wind_round_after_the_last() -> None:
    # North is the last wind: a four-round game has no round to extend into (it played a fifth
    # round at round_wind=4)
    with pytest.raises(InvalidRuleError, match="west_extension=True with rounds=4 .*no wind round "
                       "follows North"):
        dataclasses.replace(RuleSet.preset("tenhou"), rounds=4)
    assert dataclasses.replace(RuleSet.preset("tenhou"), rounds=3).rounds == 3


def test_a_west_extension_needs_a_target() -> None:
    # without a target everybody has "reached" it: the flag was accepted and never played
    with pytest.raises(InvalidRuleError, match="west_extension=True with target_points=None "
                       "\\(expected a target_points"):
        RuleSet(west_extension=True)
    assert RuleSet(west_extension=True, target_points=30_000).west_extension


def test_the_unplayed_value_docs_errors_names_is_refused_by_the_engine() -> None:
    # the page named players=3, which the engine has played since the three-player presets
    text = (Path(__file__).parents[2] / "docs" / "errors.md").read_text(encoding="utf-8")
    example = re.search(r"\(`UnsupportedRuleError`, e\.g\. `(\w+)=\"?(\w+)\"?`\)", text)
    assert example is not None
    field, value = example.groups()
    with pytest.raises(UnsupportedRuleError, match=f"does not play {field}="):
        Game(dataclasses.replace(DEFAULT, **{field: value}))


@pytest.mark.parametrize(("call", "fragment"), [
    # a str was read letter by letter ("rule change 'k': expected field=value")
    (lambda: with_changes(RuleSet(), "kuitan=true"), "changes='kuitan=true': expected a list of "
     "field=value words"),
    (lambda: with_changes(RuleSet(), 5), "changes=5: expected a list"),  # TypeError from inside
    (lambda: with_changes(RuleSet(), [5]), "rule change 5: expected a str"),  # AttributeError
    (lambda: rules_from_dict([("kuitan", True)]), "expected a mapping of rule fields"),  # TypeError
])
def test_rule_changes_and_tables_of_the_wrong_type_are_refused(call: object, fragment: str) -> None:
    with pytest.raises(WrongTypeError, match=re.escape(fragment)):
        call()  # type: ignore[operator]
    assert with_changes(RuleSet(), ("kuitan=true",)).kuitan


@pytest.mark.parametrize(("preset", "most"), [("tenhou-3p", 55), ("2p", 38), ("ema", 70)])
def test_a_riichi_wall_minimum_beyond_the_wall_after_the_deal_is_refused(preset: str, most: int) -> None:
    # 94 - 3 x 13 tiles after a three-player deal, 64 - 2 x 13 after a two-player one: a minimum
    # above them was accepted and no riichi was ever possible
    rules = RuleSet.preset(preset)
    assert dataclasses.replace(rules, riichi_min_wall_tiles=most).riichi_min_wall_tiles == most
    if most < 70:
        with pytest.raises(InvalidRuleError, match=f"riichi_min_wall_tiles={most + 1} with "
                           f"live_wall={rules.live_wall} .*expected 0 to {most}"):
            dataclasses.replace(rules, riichi_min_wall_tiles=most + 1)


def test_an_uma_for_a_place_the_table_has_not_is_refused() -> None:
    # three players have no 4th place: its uma was taken and never paid
    with pytest.raises(InvalidRuleError, match=r"uma=\(20000, 0, -20000, 5\) with players=3 "
                       r"\(expected 0 for place 4: a table of 3"):
        dataclasses.replace(RuleSet.preset("tenhou-3p"), uma=(20_000, 0, -20_000, 5))
    with pytest.raises(InvalidRuleError, match="expected 0 for places 3-4"):
        dataclasses.replace(RuleSet.preset("2p"), uma=(10_000, -10_000, 5_000, -5_000))


def test_a_three_place_uma_is_refused_saying_what_three_players_write() -> None:
    with pytest.raises(InvalidRuleError, match=r"uma=\(20000, 0, -20000\) \(expected four ints.*"
                       "20000,0,-20000,0 at three players"):
        with_changes(RuleSet.preset("tenhou-3p"), ["uma=20000,0,-20000"])


@pytest.mark.parametrize("make", [
    lambda: RuleSet(red_five=False),
    lambda: dataclasses.replace(RuleSet.preset("tenhou"), red_five=False),
], ids=["RuleSet", "dataclasses.replace"])
def test_an_unknown_field_is_named_with_the_nearest_one(make: Any) -> None:
    # Python's own error said only "unexpected keyword argument" and was no RiichiError
    with pytest.raises(UnknownRuleFieldError, match=r"^unknown rule field 'red_five' \(did you "
                       r"mean red_fives\?\); python -m riichi.rules lists them$") as caught:
        make()
    assert isinstance(caught.value, InvalidRuleError) and isinstance(caught.value, TypeError)
