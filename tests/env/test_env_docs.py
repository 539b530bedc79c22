"""docs/env.md shows what the code does: one table per encoding, a row per plane with its name,
what it holds and its range, as ``riichi.env.encoders.PLANES`` declares them (which the spaces'
bounds and the writers read); and the action space's table covers the 124 indices in the groups
``riichi.env.actions`` lays out."""

from __future__ import annotations

import re

from riichi.env import PLANES
from riichi.env import actions as space
from tests.support.paths import ROOT

DOC = (ROOT / "docs" / "env.md").read_text(encoding="utf-8")


def plane_table(encoding: str) -> str:
    rows = [f"### `{encoding}`: {len(PLANES[encoding])} planes", "",
            "| plane | name | what it holds | range |", "|---:|---|---|---|"]
    rows += [f"| {k} | {name} | {meaning} | {low:g} to {high:g} |"
             for k, (name, meaning, low, high) in enumerate(PLANES[encoding])]
    return "\n".join(rows) + "\n"


def test_every_encoding_has_its_table_of_planes() -> None:
    for encoding in PLANES:
        assert plane_table(encoding) in DOC, encoding


def test_the_action_table_covers_the_space_in_its_groups() -> None:
    table = DOC.split("| index | action |", 1)[1].split("\n\n", 1)[0]
    ranges = re.findall(r"^\| (\d+)(?:-(\d+))?(?:, (\d+))? \|", table, re.M)
    covered = [k for first, last, also in ranges
               for k in [*range(int(first), int(last or first) + 1), *([int(also)] if also else [])]]
    assert covered == list(range(space.NUM_ACTIONS))
    starts = {int(first) for first, _, _ in ranges}
    assert {space.DISCARD, space.DISCARD_HELD, space.RIICHI, space.RIICHI_HELD, space.CHI,
            space.PON, space.DAIMINKAN, space.KAN, space.RON, space.TSUMO, space.NINE_TERMINALS,
            space.PASS, space.KITA} <= starts
