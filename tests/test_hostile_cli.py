"""The command lines given hostile input, in a subprocess as users run them: a rules file that is
not UTF-8, nests 5,000 deep or holds the wrong types is one line and exit code 2; a user's text
reaches the terminal with its control and bidi characters escaped; ``--resume`` runs no code that
only its ``run.json`` names."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_simulate_cli import _one_error_line as one_error_line
from test_simulate_cli import simulate

CONTROLS = "\x1b\x00\x07\x7f\x9b\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""ESC, NUL, BEL, DEL, C1's CSI and every bidi embedding, override and isolate."""


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'preset = "ema"\nname = "caf\xe9"\n',
         "is not UTF-8 text (byte 0xe9 at offset 26); expected TOML"),
        (b"kuitan = " + b"[" * 5000 + b"]" * 5000 + b"\n", "nests arrays or tables too deeply"),
        (b"preset = " + b"{a = " * 5000 + b"1" + b"}" * 5000 + b"\n",
         "nests arrays or tables too deeply"),
        (b'preset = ["ema"]\n', "preset=['ema']: expected a preset name: ema, "),
        (b"preset = {name = 'ema'}\n", "preset={'name': 'ema'}: expected a preset name"),
        (b"preset = 4\n", "preset=4: expected a preset name"),
        (b"preset = 1979-05-27\n", "preset=datetime.date(1979, 5, 27): expected a preset name"),
        (b"uma = [[1, 2], 3, 4, 5]\n", "uma=([1, 2], 3, 4, 5) (expected four ints"),
        (b"kuitan = " + b"[" * 200 + b"]" * 200 + b"\n", "kuitan=[[[[[["),
        (b"[players]\nx = 1\n", "players={'x': 1} (expected 2, 3 or 4)"),
        (b"\xff\xfe", "is not UTF-8 text (byte 0xff at offset 0)"),
    ],
)
def test_a_bad_rules_file_is_one_line_and_exit_code_2(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "house.toml"
    path.write_bytes(content)
    line = one_error_line(simulate("--rules", str(path), "--games", "1", "--backend", "local"))
    assert f"rules file '{path}'" in line
    assert message in line


def test_a_rule_set_name_reaches_the_terminal_escaped(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    toml = "".join(f"\\u{ord(c):04x}" for c in CONTROLS)  # TOML escapes in a basic string
    path.write_text(f'name = "house{toml}rules"\n', encoding="utf-8")
    word = CONTROLS.replace("\x00", "")  # a command line's words hold no NUL
    for words, name in ((["--rules", str(path)], f"house{CONTROLS}rules"),
                        (["--set", f"name=set{word}rules"], f"set{word}rules")):
        done = simulate(*words, "--players", "random", "--games", "1", "--backend", "local",
                        "--quiet")
        assert done.returncode == 0, done.stderr
        assert not set(CONTROLS) & set(done.stdout + done.stderr)
        assert f"rules {repr(name)[1:-1]}, seed " in done.stdout


def test_printable_escapes_control_and_bidi_characters_only() -> None:
    from riichi._cli import printable

    assert printable(CONTROLS) == "".join(repr(c)[1:-1] for c in CONTROLS)
    kept = "plain text, 東 南 西 北, émigré, tab-free\nsecond line"
    assert printable(kept) == kept
    every = "".join(map(chr, range(0x2100)))
    assert not set(CONTROLS) & set(printable(every))
    assert printable(every).count("\n") == 1
