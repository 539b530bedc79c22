"""What ``python -m riichi.rules PRESET`` shows of each rule is what ``--set`` takes: every
``field = value`` line of every preset's page, typed back as ``--set field=value`` over another
preset, gives that preset's value. And the page names the preset's published source."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys

import pytest

from riichi.rules import PRESET_NAMES, RuleSet
from riichi.rules.files import load_rules

_SHOWN = re.compile(r"^([a-z_0-9]+) = (.*)$")


def shown(preset: str) -> dict[str, str]:
    """Each field's value as the command's page for ``preset`` shows it."""
    page = subprocess.run([sys.executable, "-m", "riichi.rules", preset], capture_output=True,
                          text=True, check=True).stdout
    return {m.group(1): m.group(2) for line in page.splitlines() if (m := _SHOWN.match(line))}


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_value_shown_is_typed_back_as_shown(preset: str) -> None:
    values = shown(preset)
    fields = [f.name for f in dataclasses.fields(RuleSet)]
    assert list(values) == fields
    other = "tenhou" if preset != "tenhou" else "ema"
    typed = load_rules(other, [f"{k}={v}" for k, v in values.items()])
    assert typed == RuleSet.preset(preset)


def test_uma_is_shown_as_set_takes_it_and_a_run_takes_it() -> None:
    uma = shown("tenhou")["uma"]
    assert uma == "20000,10000,-10000,-20000"
    done = subprocess.run(
        [sys.executable, "-m", "riichi.simulate", "--rules", "ema", "--set", f"uma={uma}",
         "--games", "2", "--seed", "1", "--players", "random", "--backend", "local"],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"uma={uma}" in done.stdout  # the summary names the change, in the same words


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_page_names_its_published_source(preset: str) -> None:
    page = subprocess.run([sys.executable, "-m", "riichi.rules", preset], capture_output=True,
                          text=True, check=True).stdout
    source = " ".join(page.split("Source: ", 1)[1].split("\n\n")[0].split())
    assert len(source) > 20
    published = {"ema": "Riichi Competition Rules, 2012", "ema-2016": "2016 edition",
                 "wrc": "WRC Rules, 2022", "tenhou": "tenhou.net", "tenhou-east": "tenhou.net",
                 "mahjongsoul": "Mahjong Soul",
                 "mleague": "M.League", "tenhou-3p": "tenhou.net's rules as riichi.wiki",
                 "tenhou-3p-east": "tenhou.net's rules as riichi.wiki",
                 "mahjongsoul-3p": "Mahjong Soul's rules as riichi.wiki",
                 "mahjongsoul-3p-east": "Mahjong Soul's rules as riichi.wiki"}
    assert published.get(preset, "none published") in source
