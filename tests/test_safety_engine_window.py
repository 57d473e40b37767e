"""Closing the window while the analysis runs an engine that hangs behind a wrapper
script: the close returns at once, and the engine the script started is ended."""

from __future__ import annotations

import time

import pytest
from fake_engine import wrapper
from processes import linux_only, wait_ended
from test_gui_xiangqi_analysis import _analyse
from test_gui_xiangqi_play import _set_up

from slugboard.codecs import xiangqi


@pytest.mark.slow
@linux_only
def test_closing_the_window_ends_a_hung_engine_behind_a_wrapper(qtbot, main_window, tmp_path):
    script, pidfile = wrapper(tmp_path, "hang")
    page = _set_up(qtbot, main_window, xiangqi.OPENING_FEN)
    page.use_engine(script)
    _analyse(qtbot, page)
    qtbot.waitUntil(lambda: page.runner.engine_pid is not None, timeout=20_000)
    with open(pidfile, encoding="ascii") as handle:
        grandchild = int(handle.read())
    started = time.monotonic()
    main_window.close()
    # A quit, a short wait, then the group ended: not the minute the engine sleeps.
    assert time.monotonic() - started < 5
    assert wait_ended(grandchild, 5), "the engine the wrapper started still runs"
