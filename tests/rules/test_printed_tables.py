"""The generated preset table and payment tables (``python -m riichi.rules``).

The payment figures are checked against a reference written here from the rule text (basic points
fu x 2^(han+2), limits by han, payments rounded up to 100), and against the seed's table of
non-dealer tsumo payments (seed 000, copied into this file).
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Callable

import pytest

from riichi.rules import PRESET_NAMES, RuleSet
from riichi.rules.__main__ import main
from riichi.rules.printed import (
    WIDTH, field_docs, preset_page, preset_table, preset_text, presets_text,
)
from riichi.scoring.__main__ import main as payments_main
from riichi.scoring.chart import FU_ROWS, payment_chart
from tests.support.paths import ROOT

FIELDS = [f.name for f in dataclasses.fields(RuleSet)]


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def test_docs_copy_is_current() -> None:
    assert (ROOT / "docs" / "presets.md").read_text(encoding="utf-8") == preset_table(), (
        "docs/presets.md is stale: regenerate it with python -m riichi.rules --markdown > "
        "docs/presets.md"
    )
    assert "(docs/presets.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_table_has_every_preset_and_field_with_its_value() -> None:
    lines = preset_table().splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("| field |"))
    assert _cells(lines[header]) == ["field", *PRESET_NAMES]
    rows = {(_cells(line)[0]).strip("`"): _cells(line)[1:] for line in lines[header + 2:]
            if line.startswith("| `")}
    assert list(rows) == FIELDS
    presets = [RuleSet.preset(n) for n in PRESET_NAMES]
    assert rows["start_points"] == [str(r.start_points) for r in presets]
    assert rows["kiriage"] == [str(r.kiriage) for r in presets]
    assert rows["renhou"] == [r.renhou.value for r in presets]


def test_every_field_is_documented_once() -> None:
    docs = field_docs()
    assert list(docs) == FIELDS
    assert all(len(text) > 10 for text in docs.values())
    page = preset_page("tenhou")
    for name in FIELDS:
        assert f"- `{name}` = " in page
    assert "- `start_points` = 25000: Points each player starts with." in page


def _reference_basic(han: int, fu: int, rules: RuleSet) -> int:
    if han >= 13:
        return 8000 if rules.kazoe_limit == "yakuman" else 6000
    for low, basic in ((11, 6000), (8, 4000), (6, 3000), (5, 2000)):
        if han >= low:
            return basic
    basic = fu * 2 ** (han + 2)
    if rules.kiriage and basic == 1920:
        return 2000
    return min(basic, 2000)


def _up(points: float) -> int:
    return -(-int(points) // 100) * 100


@pytest.mark.parametrize("name", ["ema", "mleague"])
def test_payment_grid_matches_the_reference(name: str) -> None:
    rules = RuleSet.preset(name)
    lines = payment_chart(name).splitlines()
    expected = {
        "Non-dealer ron": lambda b: str(_up(4 * b)),
        "Non-dealer tsumo": lambda b: f"{_up(b)} / {_up(2 * b)}",
        "Dealer ron": lambda b: str(_up(6 * b)),
        "Dealer tsumo": lambda b: str(_up(2 * b)),
    }
    checked = 0
    for title, pay in expected.items():
        start = lines.index(f"## {title}")
        for fu, line in zip(FU_ROWS, lines[start + 4:]):
            cells = _cells(line)
            assert cells[0] == str(fu)
            for han, cell in enumerate(cells[1:], start=1):
                if cell != "-":
                    assert cell == pay(_reference_basic(han, fu, rules)), (title, han, fu)
                    checked += 1
    # impossible: 20 fu ron, 25 fu 1 han ron; 20 fu 1 han tsumo, 25 fu 1 and 2 han tsumo
    assert checked == 4 * 44 - 2 * 5 - 2 * 3


def test_payments_agree_with_the_seed_table() -> None:
    # seed 000, "other players, tsumo" (non-dealer tsumo): fu 20-100 x han 1-4, blank = impossible
    seed_rows = {
        20: ["", "400 / 700", "700 / 1300", "1300 / 2600"],
        25: ["", "", "800 / 1600", "1600 / 3200"],
        40: ["400 / 700", "700 / 1300", "1300 / 2600", "2000 / 4000"],
        50: ["400 / 800", "800 / 1600", "1600 / 3200", "2000 / 4000"],
        60: ["500 / 1000", "1000 / 2000", "2000 / 3900", "2000 / 4000"],
        70: ["600 / 1200", "1200 / 2300", "2000 / 4000", "2000 / 4000"],
        80: ["700 / 1300", "1300 / 2600", "2000 / 4000", "2000 / 4000"],
        90: ["800 / 1500", "1500 / 2900", "2000 / 4000", "2000 / 4000"],
        100: ["800 / 1600", "1600 / 3200", "2000 / 4000", "2000 / 4000"],
    }
    lines = payment_chart("ema").splitlines()
    start = lines.index("## Non-dealer tsumo")
    grid = {int(_cells(line)[0]): _cells(line)[1:] for line in lines[start + 4:start + 15]}
    for fu, row in seed_rows.items():
        assert [c if c != "-" else "" for c in grid[fu]] == row, fu


def test_limit_rows() -> None:
    lines = payment_chart("ema").splitlines()
    rows = {_cells(line)[0]: _cells(line)[1:] for line in lines if line.startswith("| ")}
    assert rows["mangan"] == ["5", "8000", "2000 / 4000", "12000", "4000"]
    assert rows["haneman"] == ["6-7", "12000", "3000 / 6000", "18000", "6000"]
    assert rows["kazoe_yakuman"] == ["13+", "32000", "8000 / 16000", "48000", "16000"]
    capped = payment_chart("ema-2016").splitlines()
    assert "| sanbaiman | 13+ | 24000 | 6000 / 12000 | 36000 | 12000 |" in capped


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert capsys.readouterr().out == presets_text()
    assert main(["--markdown"]) == 0
    assert capsys.readouterr().out == preset_table()
    assert main(["wrc"]) == 0
    assert capsys.readouterr().out == preset_text("wrc")
    assert main(["wrc", "--markdown"]) == 0
    assert capsys.readouterr().out == preset_page("wrc")
    with pytest.raises(SystemExit) as exit_:  # the payment tables come from the scorer's command
        main(["ema", "--payments"])
    assert exit_.value.code == 2 and "unrecognized arguments: --payments" in capsys.readouterr().err


def test_payments_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert payments_main(["ema"]) == 0
    assert capsys.readouterr().out == payment_chart("ema")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_payment_tables_fit_80_columns(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert payments_main([preset]) == 0
    assert max(map(len, capsys.readouterr().out.splitlines())) <= WIDTH


@pytest.mark.parametrize("argv", [[], *([n] for n in PRESET_NAMES)])
def test_plain_pages_fit_80_columns_without_markup(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(map(len, lines)) <= WIDTH
    assert not any("`" in line or ":class:" in line or ":attr:" in line for line in lines)


def test_every_preset_names_its_source_in_plain_words() -> None:
    listing = presets_text()
    for name, source in (("ema", "European Mahjong Association"),
                         ("ema-2016", "European Mahjong Association"),
                         ("wrc", "World Riichi Championship"), ("tenhou", "Tenhou"),
                         ("mahjongsoul", "Mahjong Soul"), ("mleague", "M.League"),
                         ("cardavia", "not from a published rulebook"),
                         ("2p", "no published rulebook"), ("2p-match", "no published rulebook")):
        page = preset_text(name)
        assert source in page and source in listing, name
    assert "Where the 2012 text leaves a point open" in preset_text("ema")
    assert "differs from the EMA rules" in preset_text("cardavia")


@pytest.mark.parametrize(("command", "prog"), [(main, "rules"), (payments_main, "scoring")])
def test_bad_arguments_name_the_presets(
    command: Callable[[list[str]], int], prog: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        command(["nope"])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"python -m riichi.{prog}: error:" in captured.err
    assert ", ".join(PRESET_NAMES) in captured.err


def test_runs_as_a_module_without_warnings() -> None:
    done = subprocess.run([sys.executable, "-m", "riichi.rules", "cardavia"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == preset_text("cardavia")
