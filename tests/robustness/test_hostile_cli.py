"""The command lines given hostile input, in a subprocess as users run them: a rules file that is
not UTF-8, nests 5,000 deep or holds the wrong types is one line and exit code 2; a user's text
reaches the terminal with its control and bidi characters escaped; ``--resume`` runs no code that
only its ``run.json`` names."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from riichi.simulate import run
from riichi.simulate.output import fingerprint
from tests.support.cli import CLI, one_error_line, simulate
from tests.support.paths import checkout_env

SIM = "tests.support.sim_players"  # a module of players of the user's own
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


def interrupted_run(out: Path, players: str) -> None:
    """A run of 20 games stopped (as by Ctrl-C) after its first shard of 5, kept in ``out``."""

    def stop(done: int, total: int) -> None:
        if done:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(20, seed=3, players=players, shard_size=5, backend="local", out=out, progress=stop)


def simulate_with_path(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The command with ``path`` and the checkout (tests.support.sim_players) on its module path."""
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120,
                          env=checkout_env(path), cwd=path)


@pytest.mark.parametrize("player", ["evil_player:agent", "os:_exit", "mjai:touch mjai-ran"])
def test_a_resume_imports_no_player_that_only_run_json_names(tmp_path: Path, player: str) -> None:
    (tmp_path / "evil_player.py").write_text(
        "import os, pathlib\npathlib.Path('imported').write_text('x')\n"
        "def agent(seed):\n    os._exit(0)\n"
    )
    out = tmp_path / "run"
    interrupted_run(out, "random")
    # anyone who can write run.json can recompute its fingerprint
    record = json.loads((out / "run.json").read_text())
    record["players"][1] = player
    record["fingerprint"] = fingerprint(record)
    (out / "run.json").write_text(json.dumps(record))
    for kept in out.glob("*/*0000*"):  # as if stopped before a shard finished
        kept.unlink()
    done = simulate_with_path(tmp_path, "--resume", str(out), "--backend", "local", "--quiet")
    line = one_error_line(done)
    assert f"{out}/run.json names players that are code ({player})" in line
    assert f"repeat them with --players {shlex.quote(f'random,{player},random,random')}" in line
    assert "or pass --trust-players" in line
    assert not (tmp_path / "imported").exists() and not (tmp_path / "mjai-ran").exists()
    assert not list((out / "shards").iterdir())


def test_a_resume_runs_the_players_its_command_repeats_or_trusts(tmp_path: Path) -> None:
    players = f"{SIM}:Timid(dora_weight=6),random,{SIM}:cautious,random"
    whole = run(20, seed=3, players=players, shard_size=5, backend="local").summary_json()
    for k, extra in enumerate((["--players", players], ["--trust-players"])):
        out = tmp_path / f"run{k}"
        interrupted_run(out, players)
        done = simulate_with_path(tmp_path, "--resume", str(out), "--backend", "local",
                                  "--quiet", *extra)
        assert done.returncode == 0, done.stderr
        assert (out / "summary.json").read_text() == whole
    out = tmp_path / "run2"
    interrupted_run(out, players)
    line = one_error_line(simulate_with_path(tmp_path, "--resume", str(out), "--players",
                                             f"{SIM}:Timid"))
    assert f"players {SIM}:Timid,{SIM}:Timid,{SIM}:Timid,{SIM}:Timid are " \
        "not the players" in line
    assert f"of the run in {out}/run.json ({players}); repeat the run's own" in line
    line = one_error_line(simulate("--trust-players", "--games", "1"))
    assert "--trust-players is for --resume" in line


def test_a_resume_that_plays_nothing_says_why_and_fails(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(10, seed=3, players="random", shard_size=5, backend="local", out=out)
    summary = (out / "summary.json").read_bytes()
    line = one_error_line(simulate("--resume", str(out), "--backend", "local"))
    assert line.endswith(f"error: nothing to resume: the run in {out} had played all its 10 "
                         f"games already; its summary is {out}/summary.json")
    assert (out / "summary.json").read_bytes() == summary


def test_a_run_json_nested_too_deeply_is_one_line(tmp_path: Path) -> None:
    out = tmp_path / "run"
    interrupted_run(out, "random")
    (out / "run.json").write_text('{"rules": ' + "[" * 100_000 + "]" * 100_000 + "}")
    line = one_error_line(simulate("--resume", str(out), "--backend", "local"))
    assert line.endswith(f"error: {out}/run.json is damaged: not JSON text")


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        (["--seed", "-1"], "argument --seed: invalid seed '-1': expected 0 or more"),
        (["--seed", "x"], "argument --seed: invalid seed 'x': expected an int"),
        (["--delay", "inf"], "argument --delay: invalid delay 'inf': expected 0 to 10 seconds"),
        (["--delay", "nan"], "argument --delay: invalid delay 'nan'"),
        (["--delay", "-1"], "argument --delay: invalid delay '-1'"),
    ],
)
def test_play_refuses_bad_numbers_like_any_bad_argument(argument: list[str], message: str) -> None:
    child = subprocess.run([sys.executable, "-m", "riichi.play", *argument], capture_output=True,
                           text=True, timeout=60)
    assert child.returncode == 2, child.stderr
    assert message in child.stderr and "Traceback" not in child.stderr
