"""Engines that misbehave (tests/fake_engine.py), started through a wrapper script that
does not `exec` the engine: a search and a close end in bounded time, the whole process
group goes, and an engine that floods its output costs bounded memory."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest
from depth import examples
from fake_engine import wrapper
from hypothesis import given, settings
from hypothesis import strategies as st
from processes import linux_only, wait_ended

from slugboard.codecs import xiangqi
from slugboard.codecs.xiangqi import engine as eng

pytestmark = linux_only


def _pid(pidfile: str) -> int:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with open(pidfile, encoding="ascii") as handle:
                text = handle.read()
            if text:
                return int(text)
        except FileNotFoundError:
            pass
        threading.Event().wait(0.02)  # the engine writes its pid as it starts
    raise AssertionError("the fake engine never started")


def _in_thread(work, seconds: float) -> tuple[bool, list]:
    """Run `work` in a thread; whether it ended within `seconds`, and what it raised."""
    raised: list = []

    def run() -> None:
        try:
            work()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            raised.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    return not thread.is_alive(), raised


@pytest.mark.slow
def test_a_hung_engine_behind_a_wrapper_is_ended_with_its_group(tmp_path):
    script, pidfile = wrapper(tmp_path, "hang")
    engine = eng.Engine(script)
    engine.grace = 0.3
    grandchild = _pid(pidfile)
    started = time.monotonic()
    ended, raised = _in_thread(lambda: engine.analyse(xiangqi.new_board(), movetime=200), 20)
    assert ended, "the search did not end"
    assert len(raised) == 1 and isinstance(raised[0], eng.EngineError)
    assert "stopped answering" in str(raised[0])
    # movetime, grace, then the quit and the group's end: not the minute the engine sleeps.
    assert time.monotonic() - started < 8
    assert wait_ended(grandchild, 5), "the engine the wrapper started still runs"
    assert not engine.alive


@pytest.mark.slow
def test_closing_an_engine_behind_a_wrapper_mid_search_returns_at_once(tmp_path):
    script, pidfile = wrapper(tmp_path, "hang")
    engine = eng.Engine(script)
    grandchild = _pid(pidfile)
    searching = threading.Event()

    def search() -> None:
        try:
            for _ in engine.search(xiangqi.new_board(), stopped=lambda: searching.set() or False):
                pass
        except eng.EngineError:
            pass  # the engine ended under it: what a search says when its engine is closed

    thread = threading.Thread(target=search, daemon=True)
    thread.start()
    assert searching.wait(10)
    started = time.monotonic()
    ended, _ = _in_thread(engine.close, 15)
    assert ended and time.monotonic() - started < 5
    assert wait_ended(grandchild, 5)
    thread.join(10)
    assert not thread.is_alive(), "the search did not hear that its engine ended"


def test_an_engine_behind_a_wrapper_that_dies_mid_search_says_so(tmp_path):
    script, _ = wrapper(tmp_path, "die")
    ended, raised = _in_thread(lambda: eng.analyse(xiangqi.new_board(), movetime=5000, engine=script), 20)
    assert ended and len(raised) == 1
    assert "ended unexpectedly" in str(raised[0]) or "stopped" in str(raised[0])


@pytest.mark.slow
def test_a_silent_engine_behind_a_wrapper_is_ended(tmp_path, monkeypatch):
    monkeypatch.setattr(eng, "UCI_WAIT", 0.2)
    script, pidfile = wrapper(tmp_path, "silent")
    ended, raised = _in_thread(lambda: eng.Engine(script, start_timeout=0.3), 20)
    assert ended and len(raised) == 1 and "no reply within 0.3 s" in str(raised[0])
    assert wait_ended(_pid(pidfile), 5)


@pytest.mark.slow
def test_a_flood_of_lines_is_held_in_bounded_room(tmp_path):
    script, _ = wrapper(tmp_path, "flood", seconds=1.0)  # thousands of lines a second
    with eng.Engine(script) as engine:
        engine.grace = 10
        held = []
        found = None
        for snapshot in engine.search(xiangqi.new_board(), movetime=100):
            held.append(len(engine._lines))
            found = snapshot
        assert found is not None and found.final and found.best is not None
        assert max(held) <= eng.QUEUE_LIMIT


FLOOD_SCRIPT = """
import resource, subprocess, sys
run = subprocess.run(
    [sys.executable, "-m", "slugboard.codecs", "analyse", "--engine", sys.argv[1], "--movetime", "300",
     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"],
    capture_output=True, timeout=120,
)
print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def _largest_kb(script: str) -> int:
    """The most memory the command's processes took (kB) while analysing with `script`."""
    run = subprocess.run([sys.executable, "-c", FLOOD_SCRIPT, script], capture_output=True, text=True, timeout=180)
    code, most_kb = (int(word) for word in run.stdout.split())
    assert code == 0, run.stderr
    return most_kb


@pytest.mark.slow
def test_the_command_line_stays_small_while_an_engine_floods(tmp_path):
    (tmp_path / "quiet").mkdir()
    quiet, _ = wrapper(tmp_path / "quiet", "flood", seconds=0)
    flood, _ = wrapper(tmp_path, "flood", seconds=1.5)
    own_kb = _largest_kb(quiet)  # the command's own size, with an engine that sends nothing more
    most_kb = _largest_kb(flood)
    # No more than a few lines held: with the limits on lines and on the queue lifted, the
    # flood's megabyte lines grow it by 16 MB in this time (and by gigabytes in longer ones).
    assert most_kb - own_kb < 10_000, f"{own_kb / 1000:.0f} MB, then {most_kb / 1000:.0f} MB"


_INFO = st.builds(
    lambda depth, number: f"info depth {depth} multipv {number} score cp 1 pv h2e2",
    st.integers(1, 60),
    st.integers(0, 7),
)
_OTHER = st.sampled_from(["readyok", "bestmove h2e2", "info string hello", "id name X", "uciok"])


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.one_of(_INFO, _OTHER), max_size=200))
def test_the_engine_output_keeps_every_other_line_and_the_latest_info_of_each_line(lines):
    output = eng._Output(limit=len(lines) + 1)  # room for all: nothing waits
    for line in lines:
        output.put(line)
    output.end()
    taken = []
    while (line := output.get(0)) is not None:
        taken.append(line)
    # Every line but `info` comes, in order; an `info` a search reads comes as the latest
    # of its MultiPV line in its run, the others are dropped.
    assert [t for t in taken if not t.startswith("info ")] == [t for t in lines if not t.startswith("info ")]
    expected = []
    run: dict = {}
    for line in [*lines, "end"]:
        if line.startswith("info "):
            key = eng._info_key(line)
            if key is not None:
                run[key] = line
        else:
            expected.extend(run.values())
            run = {}
    assert [t for t in taken if t.startswith("info ")] == expected
    assert all(1 <= eng._info_key(t) <= eng.MAX_MULTIPV for t in taken if t.startswith("info "))
