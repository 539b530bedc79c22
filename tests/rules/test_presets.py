"""RuleSet and its presets."""

from __future__ import annotations

import ast
import dataclasses
import inspect

import pytest

import riichi.rules as rules_module
from riichi.rules import ruleset as ruleset_module
from riichi.rules.presets import PRESETS
from riichi.errors import RiichiError, WrongTypeError
from riichi.scoring import score_hand
from riichi.rules import (
    DOUBLE_YAKUMAN_FORMS,
    PAO_YAKUMAN,
    PRESET_NAMES,
    AbortiveDraw,
    KanDoraTiming,
    KazoeLimit,
    LeftoverSticks,
    MultiRon,
    MultiRonSticks,
    Nagashi,
    PaoHonba,
    PaoScope,
    Renhou,
    RiichiKanPolicy,
    RuleSet,
    TempFuritenClear,
)


def test_the_issue_presets_exist() -> None:
    assert {"ema", "cardavia", "tenhou", "ema-2016", "wrc", "mleague", "mahjongsoul"} <= set(PRESET_NAMES)
    assert PRESET_NAMES[0] == "ema"


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_has_its_name_and_is_a_fresh_equal_value(name: str) -> None:
    rules = RuleSet.preset(name)
    assert rules.name == name
    assert RuleSet.preset(name) == rules
    assert hash(RuleSet.preset(name)) == hash(rules)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_repr_evaluates_back(name: str) -> None:
    rules = RuleSet.preset(name)
    assert eval(repr(rules), vars(rules_module)) == rules  # noqa: S307


def test_default_is_ema() -> None:
    assert RuleSet() == RuleSet.preset("ema")


def test_unknown_preset_lists_the_known_names() -> None:
    with pytest.raises(ValueError, match="unknown rule preset 'nope'") as error:
        RuleSet.preset("nope")
    assert isinstance(error.value, RiichiError)
    for name in PRESET_NAMES:
        assert name in str(error.value)


def test_variants_with_replace_and_frozen() -> None:
    ema = RuleSet.preset("ema")
    house = dataclasses.replace(ema, kiriage=True, name="house")
    assert house.kiriage and not ema.kiriage
    assert eval(repr(house), vars(rules_module)) == house  # noqa: S307
    with pytest.raises(dataclasses.FrozenInstanceError):
        ema.kiriage = True  # type: ignore[misc]


@pytest.mark.parametrize(
    "change",
    [
        {"double_wind_pair_fu": 3},
        {"open_pinfu_fu": 25},
        {"double_yakuman": frozenset({"chiitoitsu"})},
        {"pao": frozenset({"tsuuiisou"})},
        {"uma": (1, 2, 3)},
        {"max_kans": 5},
        {"players": 5},
        {"rounds": 0},
    ],
)
def test_invalid_values_are_rejected(change: dict[str, object]) -> None:
    with pytest.raises(RiichiError, match=next(iter(change))):
        dataclasses.replace(RuleSet(), **change)  # type: ignore[arg-type]


def test_coerce() -> None:
    tenhou = RuleSet.preset("tenhou")
    assert RuleSet.coerce("tenhou") == tenhou
    assert RuleSet.coerce(tenhou) is tenhou
    with pytest.raises(WrongTypeError, match="preset name or a RuleSet"):
        RuleSet.coerce(3)  # type: ignore[arg-type]


def test_every_field_has_a_docstring() -> None:
    tree = ast.parse(inspect.getsource(ruleset_module))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "RuleSet")
    body = cls.body
    fields = {f.name for f in dataclasses.fields(RuleSet)}
    documented = {
        node.target.id
        for node, after in zip(body, body[1:])
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
        and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
        and isinstance(after.value.value, str)
    }
    assert fields == documented


def test_fields_the_rules_matrix_asks_for() -> None:
    names = {f.name for f in dataclasses.fields(RuleSet)}
    wanted = {
        "start_points", "return_points", "oka", "uma", "red_fives", "kuitan", "kuikae_forbidden",
        "kiriage", "kazoe_limit", "double_yakuman", "yakuman_stacking", "renhou",
        "double_wind_pair_fu", "open_pinfu_fu", "rinshan_tsumo_fu", "kan_dora_timing", "kan_ura",
        "nagashi", "abortive_draws", "multi_ron", "multi_ron_honba", "leftover_sticks", "pao",
        "riichi_min_points", "riichi_min_wall_tiles", "riichi_kan_policy", "kokushi_chankan_ankan",
        "karaten_counts", "temp_furiten_clear", "agari_yame", "tenpai_yame", "tobi",
        "west_extension", "noten_total", "honba_ron", "honba_tsumo", "chombo", "max_kans",
        "single_hand", "haitei_rinshan_combine", "target_points", "uma_tie",
    }
    assert wanted <= names


def test_ema_is_the_users_documents() -> None:
    ema = RuleSet.preset("ema")
    assert (ema.start_points, ema.uma, ema.red_fives, ema.kuitan) == (
        30000, (30000, 10000, -10000, -30000), True, False,
    )
    assert ema.kuikae_forbidden and not ema.kiriage and ema.kazoe_limit is KazoeLimit.YAKUMAN
    assert ema.double_yakuman == {"daisuushii"} and not ema.yakuman_stacking
    assert ema.renhou is Renhou.YAKUMAN and ema.double_wind_pair_fu == 4
    assert ema.multi_ron is MultiRon.ALL and ema.multi_ron_sticks is MultiRonSticks.ALL
    assert ema.abortive_draws == frozenset() and ema.nagashi is Nagashi.NONE
    assert ema.riichi_min_points is None and ema.riichi_min_wall_tiles == 4
    assert ema.riichi_kan_policy is RiichiKanPolicy.WAIT_AND_READING
    assert ema.kokushi_chankan_ankan and ema.pao == {"daisangen", "daisuushii"}
    assert ema.pao_honba is PaoHonba.DISCARDER and ema.leftover_sticks is LeftoverSticks.FIRST_PLACE
    assert ema.temp_furiten_clear is TempFuritenClear.OWN_DRAW_OR_ANY_CALL
    assert not (ema.agari_yame or ema.tobi or ema.west_extension or ema.single_hand)
    assert ema.ryanhan_shibari is None


def test_cardavia_changes_only_the_game_flow() -> None:
    ema, cardavia = RuleSet.preset("ema"), RuleSet.preset("cardavia")
    assert cardavia.start_points == 25000 and cardavia.single_hand
    assert cardavia.multi_ron is MultiRon.HEAD_BUMP and cardavia.max_kans == 4
    assert cardavia.riichi_kan_policy is RiichiKanPolicy.NONE
    assert cardavia.leftover_sticks is LeftoverSticks.RETURNED
    scoring = ("kuitan", "kiriage", "kazoe_limit", "double_yakuman", "yakuman_stacking", "renhou",
               "double_wind_pair_fu", "open_pinfu_fu", "red_fives")
    assert all(getattr(cardavia, f) == getattr(ema, f) for f in scoring)


def test_tenhou_is_what_the_data_confirms() -> None:
    t = RuleSet.preset("tenhou")
    assert (t.start_points, t.return_points, t.oka, t.uma) == (
        25000, 30000, 20000, (20000, 10000, -10000, -20000),
    )
    assert t.red_fives and t.kuitan and not t.kiriage and t.kazoe_limit is KazoeLimit.YAKUMAN
    assert t.yakuman_stacking and t.double_yakuman == frozenset()
    assert t.multi_ron is MultiRon.DOUBLE and t.multi_ron_honba is MultiRonSticks.NEAREST
    assert t.multi_ron_sticks is MultiRonSticks.NEAREST and t.pao_honba is PaoHonba.LIABLE
    assert t.abortive_draws == frozenset(AbortiveDraw) and t.nagashi is Nagashi.DRAW_PAYMENT
    assert t.kan_dora_timing is KanDoraTiming.OPEN_AFTER_DISCARD
    assert t.tobi and t.agari_yame and t.tenpai_yame and t.west_extension and t.target_points == 30000
    assert t.riichi_min_points == 1000 and t.riichi_kan_policy is RiichiKanPolicy.WAIT_ONLY
    assert not t.kokushi_chankan_ankan and t.renhou is Renhou.NONE


def test_other_presets_follow_the_rules_matrix() -> None:
    e16, wrc = RuleSet.preset("ema-2016"), RuleSet.preset("wrc")
    ml, ms = RuleSet.preset("mleague"), RuleSet.preset("mahjongsoul")
    assert e16.uma == (15000, 5000, -5000, -15000) and not e16.red_fives and e16.kuitan
    assert e16.kazoe_limit is KazoeLimit.SANBAIMAN and e16.renhou is Renhou.MANGAN_STANDALONE
    assert not e16.haitei_rinshan_combine and e16.double_yakuman == frozenset()
    assert wrc.kiriage and wrc.yakuman_stacking and wrc.multi_ron is MultiRon.HEAD_BUMP
    assert wrc.renhou is Renhou.MANGAN_CUMULATIVE and wrc.leftover_sticks is LeftoverSticks.LOST
    assert ml.kiriage and ml.double_wind_pair_fu == 2 and ml.pao == PAO_YAKUMAN
    assert ml.kazoe_limit is KazoeLimit.SANBAIMAN and ml.multi_ron is MultiRon.HEAD_BUMP
    assert ml.riichi_min_wall_tiles == 0 and ml.riichi_min_points is None
    assert ms.double_yakuman == DOUBLE_YAKUMAN_FORMS and ms.pao_scope is PaoScope.YAKUMAN_PART
    assert ms.kokushi_chankan_ankan and ms.multi_ron is MultiRon.ALL and not ms.kiriage


def test_unsourced_decisions_are_said_in_the_docstrings() -> None:
    # each preset says what it follows, then "Decided: ..." for what its source leaves open
    for name in ("ema", "ema-2016", "wrc", "tenhou", "mahjongsoul", "mleague", "cardavia", "2p",
                 "2p-match"):
        doc = (PRESETS[name].__doc__ or "").lower()
        assert "decided" in doc or "decides" in doc, name


@pytest.mark.parametrize("rules", [5, None, ["ema"], b"ema"], ids=repr)
def test_rules_of_the_wrong_type_are_a_wrong_type_error(rules: object) -> None:
    # rules=5 or None was an UnknownPresetError, as if it were a name misspelt, and a list of
    # names a bare TypeError (unhashable), from every function that takes rules
    with pytest.raises(WrongTypeError, match=r"expected a (preset name or a RuleSet|str, one of ema)"):
        RuleSet.coerce(rules)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"^preset name .*: expected a str, one of ema, "):
        RuleSet.preset(rules)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="expected a preset name or a RuleSet"):
        score_hand("123m456p789s1122z", "2z", tsumo=False, seat_wind="S", round_wind="E",
                   riichi=True, rules=rules)  # type: ignore[arg-type]
