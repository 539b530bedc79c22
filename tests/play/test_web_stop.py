"""The web server stops and lets go cleanly: Ctrl-C as soon as the address shows, and a tab that
goes away while the AI are playing, leave nothing on the server's terminal."""

from __future__ import annotations

import sys

import pytest

if not sys.platform.startswith(("linux", "darwin")):
    pytest.skip("pseudo-terminals are POSIX only", allow_module_level=True)

from tests.support.terminal import Terminal  # noqa: E402  (pexpect's pty: POSIX only)

WEB = f"{sys.executable} -m riichi.play --web --no-browser"


def test_ctrl_c_as_soon_as_the_address_shows_stops_the_server_quietly() -> None:
    # the address once came before the server's loop ran: a Ctrl-C then left "coroutine
    # 'Server.serve' was never awaited" (wider than the terminal); pexpect sends 50 ms after
    # the line shows, inside that window most times, so a few tries catch it
    for _ in range(5):
        term = Terminal(WEB)
        term.child.expect_exact("(Ctrl-C stops the server)")
        term.child.sendcontrol("c")
        assert term.finish() == 0
        assert term.raw.strip() in (b"", b"^C"), term.raw


def test_ctrl_c_before_the_server_serves_is_one_line_and_exit_code_130(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # a Ctrl-C after the command began but before the address showed (starlette and uvicorn
    # take a tenth of a second to import) ended in the traceback of the import under way and
    # the death of the process by the signal; here it comes while the web's extra is looked for
    from riichi.play import cli

    def interrupted(extra: str, purpose: str) -> str | None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "missing_extra", interrupted)
    assert cli.main(["--web", "--no-browser"]) == 130
    assert capsys.readouterr().err == "interrupted\n"
