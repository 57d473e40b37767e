"""Processes for the tests: a script run in a fresh interpreter, and whether a helper
process has ended (read from /proc)."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from typing import Any

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
    """Wait until the process ends (at most `seconds`): whether it has."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        select.select([handle], [], [], seconds)  # readable once the process has ended
    finally:
        os.close(handle)
    return ended(pid)


def fresh_process(script: str, *args: str, home: str | None = None) -> Any:
    """Run `script` with `args` in a fresh interpreter, on Qt's offscreen platform (and
    with `home` as its home, configuration and cache folder, if given); what it printed last,
    read as JSON. The script must succeed."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    if home is not None:
        env.update(HOME=home, XDG_CONFIG_HOME=home, XDG_CACHE_HOME=os.path.join(home, "cache"))
    run = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.splitlines()[-1])
