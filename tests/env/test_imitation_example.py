"""The imitation example of docs/env.md runs as its page tells (here with few games, epochs and
deals): it learns from both sources, prints held-out agreement beside the two trivial baselines,
beats a random legal kind on held-out self-play decisions, and plays the learned discard through
the simulator."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.support.paths import ROOT

SCRIPT = ROOT / "examples" / "imitation" / "learn_discards.py"


def test_the_imitation_example_learns_and_plays(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "6", "--epochs", "3", "--deals", "2",
         "--out", str(tmp_path / "run")],
        capture_output=True, text=True, check=True, timeout=600).stdout
    assert out.startswith("6 self-play games, 30 real games")
    rows = dict(re.findall(r"^\| (EfficiencyAgent \(self-play\)|Tenhou players) \| (.*) \|$", out,
                           re.M))
    assert set(rows) == {"EfficiencyAgent (self-play)", "Tenhou players"}
    for cells in rows.values():
        split, model, uniform, tsumogiri = cells.split(" | ")
        assert re.fullmatch(r"[\d,]+ / [\d,]+", split)
        assert all(re.fullmatch(r"\d+\.\d%", c) for c in (model, uniform, tsumogiri))
    model, uniform = (float(c.rstrip("%")) for c in
                      rows["EfficiencyAgent (self-play)"].split(" | ")[1:3])
    assert model > 2 * uniform
    assert re.search(r"^\| learned discard \| [+-][\d,]+ \| .* \|$", out, re.M)
    assert (tmp_path / "run" / "tenhou_discards.npz").is_file()


def test_the_examples_page_names_its_options_and_what_it_writes() -> None:
    shown = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True,
                           check=True, timeout=60).stdout
    options = set(re.findall(r"\[(--[a-z-]+)", shown)) - {"--help"}
    assert {"--games", "--out"} <= options
    page = (SCRIPT.parent / "README.md").read_text(encoding="utf-8")
    assert [o for o in sorted(options) if f"`{o}" not in page] == []
    assert "imitation-out/tenhou_discards.npz" in page  # where a run from the clone leaves its file
