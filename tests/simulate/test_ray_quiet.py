"""``--backend ray`` prints the command's own text only: no Ray notice comes before the summary;
and a ``--ray-address`` where no Ray answers fails within seconds in one line (it once waited
minutes printing Ray's warnings). A real local Ray is started; the address that is not Ray is a
real socket that accepts connections and answers nothing."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from riichi.errors import BackendError
from riichi.runner import check_ray_address, default_workers

CLI = [sys.executable, "-m", "riichi.simulate"]


def test_a_ray_run_prints_no_ray_notice() -> None:
    done = subprocess.run([*CLI, "--backend", "ray", "--workers", "2", "--games", "8", "--seed",
                           "1", "--players", "random"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith("8 games - rules ema, seed 1\n")


def test_the_address_local_starts_a_local_ray_as_no_address_does() -> None:
    """``--ray-address local`` is Ray's word for a new Ray on this machine: it was started with
    every CPU of the machine, not ``--workers``, so more workers than CPUs were refused where the
    same run without an address played them."""
    workers = default_workers() + 1
    done = subprocess.run([*CLI, "--backend", "ray", "--ray-address", "local", "--workers",
                           str(workers), "--games", str(workers), "--shard-size", "1", "--seed", "1",
                           "--players", "random", "--format", "json"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == workers


def test_without_an_address_a_local_ray_is_started_whatever_ray_address_says() -> None:
    # Ray's own default: RAY_ADDRESS (or the last cluster 'ray start' began here) was joined, and
    # refused the CPUs of the local Ray asked for: "cannot start Ray at this machine: When
    # connecting to an existing cluster, num_cpus and num_gpus must not be provided"
    done = subprocess.run([*CLI, "--backend", "ray", "--workers", "1", "--games", "2", "--seed",
                           "1", "--players", "random", "--format", "json"], capture_output=True,
                          text=True, timeout=600, env={**os.environ, "RAY_ADDRESS": "127.0.0.1:1"})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2


def test_an_address_where_no_ray_answers_fails_fast_in_one_line() -> None:
    with socket.socket() as listener:  # accepts, then says nothing: no Ray, no gRPC
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        address = f"127.0.0.1:{listener.getsockname()[1]}"
        # Ray itself retried for minutes here: the timeout stops a command that waits so
        done = subprocess.run([*CLI, "--backend", "ray", "--ray-address", address, "--games", "4",
                               "--players", "random"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"python -m riichi.simulate: error: no Ray cluster at '{address}'")


def test_an_ipv6_address_in_brackets_is_reached() -> None:
    # [::1]:PORT was looked up as the host name '[::1]': "Name or service not known"
    with socket.socket(socket.AF_INET6) as listener:  # accepts, then says nothing
        listener.bind(("::1", 0))
        listener.listen(8)
        address = f"[::1]:{listener.getsockname()[1]}"
        with pytest.raises(BackendError, match=rf"^no Ray cluster at '\[::1\]:\d+': what listens "
                           "there does not answer as Ray does"):
            check_ray_address(address)


def test_ctrl_c_while_an_address_is_checked_is_one_line_and_exit_code_130() -> None:
    with socket.socket() as listener:  # accepts, then says nothing: the check waits for an answer
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        address = f"127.0.0.1:{listener.getsockname()[1]}"
        proc = subprocess.Popen([*CLI, "--backend", "ray", "--ray-address", address, "--games", "4"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        connection, _ = listener.accept()  # the command is checking the address
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
        connection.close()
    assert proc.returncode == 130, stderr
    assert stdout == "" and stderr == "interrupted\n"


def test_ctrl_c_after_out_is_made_but_before_the_run_begins_keeps_nothing(tmp_path: Path) -> None:
    """The address is checked twice, before --out is made and as the run starts: a Ctrl-C in the
    second check was 'error: ... holds no run to resume' with exit code 2, and left the folder."""
    settings = b"\0\0\0" + bytes((4, 0, 0, 0, 0, 0))  # an empty SETTINGS frame: gRPC's answer
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        address = f"127.0.0.1:{listener.getsockname()[1]}"
        proc = subprocess.Popen([*CLI, "--backend", "ray", "--ray-address", address, "--games", "4",
                                 "--seed", "1", "--out", str(tmp_path / "new" / "run")],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first, _ = listener.accept()  # answered as Ray would
        first.recv(64)
        first.sendall(settings)
        first.close()
        second, _ = listener.accept()  # the second check waits for its answer
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
        second.close()
    assert proc.returncode == 130, stderr
    assert stdout == "" and stderr == "interrupted\n"
    assert list(tmp_path.iterdir()) == []
