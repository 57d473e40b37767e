"""Whether a process has ended, for the tests of helper processes (read from /proc)."""

from __future__ import annotations

import sys
import time

import pytest

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def ended(pid: int) -> bool:
    """The process is gone, or killed and waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] == "Z"
    except FileNotFoundError:
        return True


def wait_ended(pid: int, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not ended(pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    return ended(pid)
