"""The yaku's feature bits agree wherever they are listed, and fit the kernel's 64-bit masks.

A yaku is named in four places: :class:`~riichi.scoring.yaku.Yaku`, its han in
:data:`~riichi.scoring.yaku.HAN`, the kernel's C enum of feature bits (``F_*`` and ``Y_*`` in
``scoring/_kernel.pxd``) and the Python names of those bits (``ORDINARY`` and ``YAKUMAN``). Adding a
yaku to one and not the others must fail here, as must listing it out of order (a bit would then
be reported under its neighbour's name). The C enum is read from the source: it has no Python face.
"""

from __future__ import annotations

import re
from pathlib import Path

import riichi
from riichi.scoring import _kernel
from riichi.scoring.yaku import HAN, Yaku

SCORING = Path(riichi.__file__).parent / "scoring"
SHARED = (SCORING / "_kernel.pxd").read_text(encoding="utf-8")


def _enum_of(first: str) -> list[str]:
    """The members of the ``cdef enum`` of the shared declarations that starts with ``first``."""
    for block in re.findall(r"^cdef enum:\n((?:    .*\n)+)", SHARED, flags=re.MULTILINE):
        members = re.findall(r"\b[A-Z][A-Z0-9_]*\b", block)
        if members and members[0] == first:
            return members
    raise AssertionError(f"no enum starting with {first} in _kernel.pxd")


def test_the_c_feature_bits_are_the_python_names_in_order() -> None:
    assert _enum_of("F_RIICHI") == [f"F_{name.upper()}" for name in _kernel.ORDINARY] + ["NUM_ORDINARY"]
    assert _enum_of("Y_CHUUREN") == [f"Y_{name.upper()}" for name in _kernel.YAKUMAN] + ["NUM_YAKUMAN"]


def test_the_han_table_lists_the_ordinary_features_in_order() -> None:
    # Renhou is a feature with no entry in HAN: its value comes from RuleSet.renhou.
    assert [yaku.key for yaku in HAN] + ["renhou"] == list(_kernel.ORDINARY)


def test_every_yaku_is_a_feature_and_every_feature_a_yaku() -> None:
    # Nagashi mangan is settled as a draw, never scored as a hand.
    keys = {yaku.key for yaku in Yaku}
    assert set(_kernel.ORDINARY) | set(_kernel.YAKUMAN) == keys - {"nagashi_mangan"}
    assert len(set(_kernel.ORDINARY)) == len(_kernel.ORDINARY)
    assert len(set(_kernel.YAKUMAN)) == len(_kernel.YAKUMAN)
    assert set(_kernel.ORDINARY) & set(_kernel.YAKUMAN) == {"renhou"}  # a mangan or a yakuman


def test_the_feature_masks_are_64_bit_and_every_feature_fits() -> None:
    assert len(_kernel.ORDINARY) <= 64 and len(_kernel.YAKUMAN) <= 64
    declarations = "\n".join(path.read_text(encoding="utf-8") for path in sorted(SCORING.glob("_*.p*"))
                             if path.suffix in (".pyx", ".pxd"))
    masks = re.findall(r"^ +(?:cdef )?(\w+) +(?:valid\[2\]|features) *(?:#.*)?$", declarations,
                       flags=re.MULTILINE)
    masks += re.findall(r"^cdef (?:inline )?(\w+) (?:hand|reading)_(?:features|yakuman)\(", declarations,
                        flags=re.MULTILINE)
    assert len(masks) >= 6 and set(masks) == {"uint64_t"}, masks
