"""Rebuild agari.jsonl.gz from the shared Tenhou data (run by hand; tests never read ../shared).

    python tests/data/tenhou/extract_agari.py /work/shared/data/tenhou/agari.jsonl

Keeps only the fields the scoring tests use, one JSON object a line, gzipped.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

KEEP = (
    "id", "honba", "riichi_sticks", "who", "from_who", "pao_who", "oya", "is_dealer",
    "seat_wind", "round_wind", "closed_136", "win_tile_136", "dora_indicators_136",
    "ura_indicators_136", "flags", "receives_honba_and_sticks", "multi_ron_index",
)
RESULT_KEEP = ("fu", "han", "points", "limit", "yaku", "yakuman", "deltas")


def main(source: str) -> None:
    out = Path(__file__).with_name("agari.jsonl.gz")
    with open(source, encoding="utf-8") as lines, gzip.open(out, "wt", encoding="utf-8") as sink:
        for line in lines:
            agari = json.loads(line)
            row = {key: agari[key] for key in KEEP}
            row["melds"] = [
                {k: m[k] for k in ("type", "tiles", "called", "from_who")} for m in agari["melds"]
            ]
            row["result"] = {key: agari["result"][key] for key in RESULT_KEEP}
            for yaku in row["result"]["yaku"] + row["result"]["yakuman"]:
                yaku.pop("name_jp", None)
            sink.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
