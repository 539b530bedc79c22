"""The rows the encoders write each plane at are the rows ``PLANES`` gives the plane's name: the
compiled build's are C constants written out in ``encoders.pxd`` (which the C compiler folds into
every offset), the interpreted build's are computed from the names; both must agree with them.
"""

from __future__ import annotations

import pytest

from riichi.env import encoders
from riichi.env.encoders import PLANES

# each row's constant, the encoding that holds the plane and the plane's name
ROWS = {
    "HAND": ("compact-v1", "hand 1"), "RED": ("compact-v1", "red"),
    "DRAWN": ("compact-v1", "drawn"), "OFFERED": ("compact-v1", "offered"),
    "MELDS": ("compact-v1", "melds self"), "POND": ("compact-v1", "pond self"),
    "ORDER": ("compact-v1", "order self"), "TSUMOGIRI": ("compact-v1", "tsumogiri self"),
    "RIICHI_TILE": ("compact-v1", "riichi tile self"), "DORA": ("compact-v1", "dora"),
    "VISIBLE": ("compact-v1", "visible"), "ROUND_WIND": ("compact-v1", "round wind"),
    "SEAT_WIND": ("compact-v1", "seat wind"), "SCORE": ("compact-v1", "score self"),
    "STICKS": ("compact-v1", "sticks"), "HONBA": ("compact-v1", "honba"),
    "WALL": ("compact-v1", "wall"), "ROUND": ("compact-v1", "round"),
    "SHANTEN": ("rich-v1", "shanten"), "DISCARD_SHANTEN": ("rich-v1", "discard shanten"),
    "DISCARD_UKEIRE": ("rich-v1", "discard ukeire"), "WAITS": ("rich-v1", "waits"),
    "FURITEN": ("rich-v1", "furiten"), "UNSEEN": ("rich-v1", "unseen"),
    "GENBUTSU": ("rich-v1", "genbutsu right"), "SUJI": ("rich-v1", "suji right"),
    "DANGER": ("rich-v1", "danger right"), "IN_RIICHI": ("rich-v1", "in riichi right"),
    "HIDDEN_HAND": ("oracle-v1", "hidden hand right"),
    "HIDDEN_RED": ("oracle-v1", "hidden red right"),
    "HIDDEN_WAITS": ("oracle-v1", "hidden waits right"),
    "LIVE_WALL": ("oracle-v1", "live wall"), "NEXT_DRAW": ("oracle-v1", "next draw"),
    "URA": ("oracle-v1", "ura indicators"),
}
SIZES = {"COMPACT": "compact-v1", "RICH": "rich-v1", "ORACLE": "oracle-v1"}


@pytest.mark.parametrize("constant", ROWS)
def test_each_plane_is_written_at_its_row(constant: str) -> None:
    encoding, name = ROWS[constant]
    assert getattr(encoders, constant) == [plane[0] for plane in PLANES[encoding]].index(name)


@pytest.mark.parametrize("constant", SIZES)
def test_each_encoding_is_its_planes(constant: str) -> None:
    assert getattr(encoders, constant) == len(PLANES[SIZES[constant]])
