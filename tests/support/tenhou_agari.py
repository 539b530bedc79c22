"""The winning hands of real Tenhou games (``tests/data/tenhou/agari.jsonl.gz``, its source and
licences in the README there), as the scorer's tests and benchmark read them."""

from __future__ import annotations

import gzip
import json
from typing import Any

from riichi.meld import MeldKind
from tests.support.paths import DATA

AGARI_FILE = DATA / "tenhou" / "agari.jsonl.gz"

MELD_KINDS = {
    "chi": MeldKind.CHI,
    "pon": MeldKind.PON,
    "daiminkan": MeldKind.KAN,
    "shouminkan": MeldKind.KAKAN,
    "ankan": MeldKind.ANKAN,
}


def _load() -> list[dict[str, Any]]:
    with gzip.open(AGARI_FILE, "rt", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


AGARI = _load()
