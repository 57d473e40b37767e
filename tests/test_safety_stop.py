"""Ctrl+C and SIGTERM on `slugboard --book` and on `--export` of a recording: the run ends
with a line, not a traceback (status 130 after Ctrl+C, as slugboard-codec), what it was
writing is removed, and an earlier file at the target is left as it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from processes import linux_only

pytestmark = linux_only

PUZZLE = "UyF2MQAg"  # a sudoku slug (tests/data/sudoku.json)
LONG_GAME = "2=30x16,60000+00++550P;55NER"  # a game of 24 hours: 10,368 frames at --speed 100 --fps 12


def _start(folder, *args: str) -> subprocess.Popen:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CACHE_HOME=str(folder / "cache"))
    return subprocess.Popen(
        [sys.executable, "-m", "slugboard.gui", *args],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl+C as a terminal sends it, even when these tests run as a background job
        # (which starts with SIGINT ignored, and so would its children).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _wait_for_part(process: subprocess.Popen, folder) -> str:
    """The name of the file the run writes before it takes its target's name, once it is there."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        parts = [name for name in os.listdir(folder) if ".part" in name]
        if parts:
            return parts[0]
        assert process.poll() is None, process.communicate()
        time.sleep(0.02)  # the condition is a file another process makes: looked for again
    raise AssertionError("the run never began to write")


def _stop(process: subprocess.Popen, how: int) -> tuple[int, str]:
    process.send_signal(how)
    _, err = process.communicate(timeout=60)
    return process.returncode, err


@pytest.mark.slow
def test_ctrl_c_on_a_book_keeps_the_earlier_book_and_says_stopped(tmp_path):
    earlier = b"%PDF-1.4 an earlier book\n"
    (tmp_path / "book.pdf").write_bytes(earlier)
    (tmp_path / "boards.txt").write_text((PUZZLE + "\n") * 2_000)  # the most a book holds
    process = _start(tmp_path, "--book", "book.pdf", "boards.txt")
    _wait_for_part(process, tmp_path)
    code, err = _stop(process, signal.SIGINT)
    assert code == 130
    assert "stopped (Ctrl+C)" in err and "Traceback" not in err
    assert (tmp_path / "book.pdf").read_bytes() == earlier
    assert not [name for name in os.listdir(tmp_path) if ".part" in name]


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".gif", ".mp4"])
def test_ctrl_c_on_a_recording_says_stopped_and_leaves_nothing(tmp_path, suffix):
    process = _start(tmp_path, "--export", "game" + suffix, "--speed", "100", "--fps", "12", LONG_GAME)
    _wait_for_part(process, tmp_path)
    code, err = _stop(process, signal.SIGINT)
    assert code == 130
    assert "stopped (Ctrl+C)" in err and "Traceback" not in err
    assert [name for name in os.listdir(tmp_path) if name != "cache"] == []


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".gif", ".mp4"])
def test_a_recording_ended_by_sigterm_leaves_no_part_file(tmp_path, suffix):
    process = _start(tmp_path, "--export", "game" + suffix, "--speed", "100", "--fps", "12", LONG_GAME)
    _wait_for_part(process, tmp_path)
    code, err = _stop(process, signal.SIGTERM)
    assert code == 128 + signal.SIGTERM and "Traceback" not in err
    assert [name for name in os.listdir(tmp_path) if name != "cache"] == []
