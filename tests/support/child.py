"""Code that might kill the interpreter, run in a child process of its own, so that a death by a
signal fails the test that ran it rather than ending the test run."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def run_isolated(code: str) -> str:
    """Run ``code`` in a fresh interpreter; its output, after checking it exited normally."""
    child = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                           text=True, timeout=300)
    # A negative return code is a death by signal (-11: segmentation fault).
    assert child.returncode == 0, f"exited {child.returncode}: {child.stderr[-3000:]}"
    return child.stdout
