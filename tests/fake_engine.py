"""A xiangqi engine that misbehaves, for the tests of codecs/xiangqi/engine.py: run as
`python fake_engine.py MODE [PIDFILE]`, it greets as UCI does, then

  hang    says nothing once asked to search, and ignores `stop`, `quit`, the end of its
          input and SIGTERM (only SIGKILL ends it) for up to a minute;
  flood   answers `go` with `info` lines and lines of megabytes without an end, as fast as
          it can, for FLOOD_SECONDS or the seconds given to `wrapper` (or until its output
          is closed), then its best move;
  die     answers `go` with one `info` line, then exits with status 3;
  silent  never says anything (not even to `uci`) for up to a minute.

With PIDFILE it writes its process id there first, so a test can see whether it is gone.
`wrapper(folder, mode)` writes a shell script that starts it without `exec`, as many
install scripts start an engine: the engine is then the script's child, not the process
that the caller started."""

from __future__ import annotations

import os
import signal
import stat
import sys
import time

FLOOD_SECONDS = 4.0
INFO = b"info depth 1 seldepth 1 multipv 1 score cp 5 nodes 10 pv h2e2\n"


def wrapper(folder, mode: str, seconds: float = FLOOD_SECONDS) -> tuple[str, str]:
    """A `#!/bin/sh` script in `folder` that runs this engine in `mode` without `exec`,
    and the file the engine writes its process id into; a flood lasts `seconds`."""
    pidfile = os.path.join(str(folder), f"{mode}.pid")
    script = os.path.join(str(folder), f"{mode}-engine")
    with open(script, "w", encoding="utf-8") as handle:
        handle.write(f"#!/bin/sh\n'{sys.executable}' '{os.path.abspath(__file__)}' {mode} '{pidfile}' {seconds}\n")
    os.chmod(script, os.stat(script).st_mode | stat.S_IXUSR)
    return script, pidfile


def _say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _flood(seconds: float) -> None:
    block = INFO * 2000 + b"x" * (4 << 20)  # then a line of megabytes with no end
    out = sys.stdout.buffer
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            out.write(block)
        out.write(b"\n")
        out.flush()
    except BrokenPipeError:
        sys.exit(0)
    _say("bestmove h2e2")


def main() -> None:
    mode = sys.argv[1]
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w", encoding="ascii") as handle:
            handle.write(str(os.getpid()))
    if mode == "hang":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if mode == "silent":
        time.sleep(60)
        return
    for line in sys.stdin:
        word = line.split()[0] if line.split() else ""
        if word == "uci":
            _say("id name Fake")
            _say("uciok")
        elif word == "isready":
            _say("readyok")
        elif word == "go":
            if mode == "flood":
                _flood(float(sys.argv[3]) if len(sys.argv) > 3 else FLOOD_SECONDS)
            elif mode == "die":
                _say("info depth 1 multipv 1 score cp 5 pv h2e2")
                sys.exit(3)
        elif word == "quit" and mode != "hang":
            return
    if mode == "hang":
        time.sleep(60)


if __name__ == "__main__":
    main()
