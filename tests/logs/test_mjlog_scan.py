"""The C scanner of mjlog tags reads every tag as expat does, or leaves the text to expat."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi.errors import LogFormatError
from riichi.logs._mjlog_tags import DRAW, KIND, MOVE, SEAT, TAG_INDEX, TILE, integers, scan
from riichi.logs.mjlog import _tokenize
from tests.support.paths import DATA

FILES = sorted((DATA / "mjlog").glob("*.mjlog.gz"))
SAMPLE = gzip.decompress(FILES[0].read_bytes()).decode()


def scanned_tokens(text: str) -> list[tuple[str, dict[str, str], int, int]] | None:
    """What :func:`scan` read of ``text``, as expat's tokens (a move's name rebuilt from its row)."""
    scanned = scan(text)
    if scanned is None:
        return None
    rows, tags = scanned
    tokens: list[tuple[str, dict[str, str], int, int]] = []
    for row in rows.tolist():
        if row[KIND] == MOVE:
            letter = ("TUVW" if row[DRAW] else "DEFG")[row[SEAT]]
            tokens.append((f"{letter}{row[TILE]}", {}, row[1], row[2]))
        else:
            tokens.append(tags[row[TAG_INDEX]])
    return tokens


def expat_tokens(text: str) -> list[tuple[str, dict[str, str], int, int]] | None:
    try:
        return _tokenize(text, "<test>")
    except LogFormatError:
        return None


@pytest.mark.parametrize("path", FILES[:40], ids=lambda p: p.name[:24])
def test_every_real_log_is_scanned_as_expat_reads_it(path: Path) -> None:
    text = gzip.decompress(path.read_bytes()).decode()
    tokens = scanned_tokens(text)
    assert tokens is not None and len(tokens) > 10
    assert tokens == expat_tokens(text)


@settings(max_examples=300)
@given(st.data())
def test_a_changed_log_is_scanned_as_expat_reads_it_or_left_to_expat(data: st.DataObject) -> None:
    # a few characters of XML's alphabet put in, taken out or swapped, anywhere in a real log
    text = SAMPLE
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        piece = data.draw(st.text(alphabet='<>/="\' \n\rTDa0158mjlogN!-&;\t', max_size=4))
        cut = data.draw(st.integers(0, 3))
        text = text[:at] + piece + text[at + cut :]
    tokens = scanned_tokens(text)
    if tokens is not None:
        assert tokens == expat_tokens(text)


def test_a_second_root_and_a_tag_holding_text_are_left_to_expat() -> None:
    assert scan(SAMPLE.replace("<T77/>", "<mjloggm/>", 1)) is None
    assert scan(SAMPLE.replace("<T77/>", "<T77>x</T77>", 1)) is None
    assert scan(SAMPLE.replace("<T77/>", "<T77/>&amp;", 1)) is None


@settings(max_examples=500)
@given(st.text(alphabet="0123456789-,+_ a\u0663", max_size=30))
def test_integers_reads_what_int_reads(text: str) -> None:
    values = integers(text)
    if values is not None:
        assert values == tuple(int(part) for part in text.split(","))


def test_integers_reads_tenhou_s_attributes_and_leaves_the_rest() -> None:
    assert integers("34,-11,0,007") == (34, -11, 0, 7)
    assert integers("9" * 18) == (10**18 - 1,)
    assert [integers(text) for text in ("", ",", "1,", "-", "9" * 19, "1_0", " 1", "+1")] == [None] * 8
