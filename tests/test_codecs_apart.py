"""A helper process runs long work apart from the window: answers, failures and progress
come back, Cancel stops the work and keeps the helper, a helper that does not stop is
killed, and a helper whose caller has gone ends by itself."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import threading
from pathlib import Path

import apart_work
import pytest
from processes import linux_only, wait_ended

from slugboard.codecs import apart
from slugboard.codecs import pentomino as pm
from slugboard.codecs.apart import Helper, HelperLostError, HelperTimeoutError, NoHelperError
from slugboard.codecs.pentomino import solver
from slugboard.codecs.work import Cancel, Cancelled

TESTS = str(Path(__file__).parent)

pytestmark = linux_only


@pytest.fixture
def helper(monkeypatch):
    # The helper imports this folder's apart_work by name, as it would a codec module.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([TESTS, os.environ.get("PYTHONPATH", "")]))
    made = Helper(["apart_work"])
    yield made
    made.stop()


def _call_on_thread(helper: Helper, fn, args=(), *, cancel: Cancel, progress=None):
    """Runs helper.call on a thread, as a window's worker does: (thread, outcome list)."""
    outcome: list[object] = []

    def run():
        try:
            outcome.append(helper.call(fn, args, cancel=cancel, progress=progress))
        except BaseException as exc:  # noqa: BLE001 - the test looks at it
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


@pytest.mark.slow
def test_a_real_search_answers_as_it_does_here():
    helper = Helper([solver.__name__])
    try:
        board = pm.decode("R4f")
        heard: list[tuple[int, float]] = []
        found = helper.call(solver.count, (board,), cancel=Cancel(), progress=lambda *v: heard.append(v))
        assert found == solver.count(board) == (1472, True)
        assert heard and heard[-1] == (1472, 1.0)  # the progress the count sends, all of it
        assert helper.pid is not None and helper.pid != os.getpid()
        solved = helper.call(solver.solve, (board,), cancel=Cancel())
        assert pm.is_complete(solved) and set(board.pieces) <= set(solved.pieces)
    finally:
        helper.stop()


def test_one_helper_serves_call_after_call(helper):
    first = helper.call(apart_work.pid, (), cancel=Cancel())
    assert first != os.getpid()
    assert helper.call(apart_work.pid, (), cancel=Cancel()) == first == helper.pid
    heard: list[tuple] = []
    assert helper.call(apart_work.ticks, (5,), cancel=Cancel(), progress=lambda *v: heard.append(v)) == 5
    assert heard == [(n, 5) for n in range(1, 6)]


def test_failures_come_back_as_the_work_raised_them(helper):
    with pytest.raises(ValueError, match="broken query"):
        helper.call(apart_work.fails, (), cancel=Cancel())
    # An answer that cannot be sent back is told as a failure, and says what it was.
    with pytest.raises(RuntimeError, match="function"):
        helper.call(apart_work.unsendable, (), cancel=Cancel())
    # Work that cannot be sent at all fails here; the helper is untouched.
    pid = helper.call(apart_work.pid, (), cancel=Cancel())
    with pytest.raises((pickle.PicklingError, AttributeError, TypeError)):
        helper.call(lambda cancel: 1, (), cancel=Cancel())
    assert helper.call(apart_work.pid, (), cancel=Cancel()) == pid
    # What the work prints goes to the helper's standard error, not into its answers.
    assert helper.call(apart_work.chatty, (), cancel=Cancel()) == "answered"


def test_cancel_stops_the_work_and_keeps_the_helper(helper):
    pid = helper.call(apart_work.pid, (), cancel=Cancel())
    cancel = Cancel()
    started = threading.Event()
    thread, outcome = _call_on_thread(
        helper, apart_work.until_cancelled, cancel=cancel, progress=lambda _: started.set()
    )
    assert started.wait(10)
    cancel.set()
    helper.cancel(cancel)
    thread.join(10)
    assert not thread.is_alive() and isinstance(outcome[0], Cancelled)
    # Stopped by the work itself, not by killing its helper: the same helper answers next.
    assert helper.call(apart_work.pid, (), cancel=Cancel()) == pid


@pytest.mark.slow
def test_a_cancelled_call_that_goes_on_is_killed_and_the_next_gets_a_new_helper(helper, monkeypatch):
    monkeypatch.setattr(apart, "STOP_WAIT", 0.3)
    pid = helper.call(apart_work.pid, (), cancel=Cancel())
    cancel = Cancel()
    started = threading.Event()
    thread, outcome = _call_on_thread(helper, apart_work.deaf, (60,), cancel=cancel, progress=lambda _: started.set())
    assert started.wait(10)
    cancel.set()
    helper.cancel(cancel)
    thread.join(10)
    assert isinstance(outcome[0], Cancelled)
    assert wait_ended(pid)
    assert helper.call(apart_work.pid, (), cancel=Cancel()) not in (pid, None)


@pytest.mark.slow
def test_a_cancel_of_a_call_already_over_changes_nothing(helper):
    cancel = Cancel()
    pid = helper.call(apart_work.pid, (), cancel=cancel)
    cancel.set()
    helper.cancel(cancel)
    assert helper.call(apart_work.pid, (), cancel=Cancel()) == pid
    # A call whose cancel is set before it starts never runs.
    with pytest.raises(Cancelled):
        helper.call(apart_work.deaf, (60,), cancel=cancel)


@pytest.mark.slow
def test_a_helper_that_dies_is_reported_and_replaced(helper):
    pid = helper.call(apart_work.pid, (), cancel=Cancel())
    with pytest.raises(HelperLostError):
        helper.call(apart_work.dies, (), cancel=Cancel())
    assert helper.call(apart_work.pid, (), cancel=Cancel()) not in (pid, None)


def test_stop_kills_the_helper_at_once_and_ends_the_call(helper):
    cancel = Cancel()
    started = threading.Event()
    thread, outcome = _call_on_thread(helper, apart_work.deaf, (60,), cancel=cancel, progress=lambda _: started.set())
    assert started.wait(10)
    pid = helper.pid
    cancel.set()  # as a window that quits: its query's cancel set, then the helper stopped
    helper.stop()
    thread.join(5)
    assert isinstance(outcome[0], Cancelled)
    assert wait_ended(pid)
    with pytest.raises(Cancelled):  # a stopped helper runs nothing more
        helper.call(apart_work.pid, (), cancel=Cancel())


@pytest.mark.slow
def test_a_helper_whose_caller_has_gone_ends_by_itself(tmp_path):
    """The caller is killed, with no chance to stop its helper: the helper, in the middle of
    work that never looks at its cancel, ends too."""
    script = tmp_path / "caller.py"
    script.write_text(
        "import os, sys, threading\n"
        f"sys.path.insert(0, {TESTS!r})\n"
        "from slugboard.codecs.apart import Helper\n"
        "from slugboard.codecs.work import Cancel\n"
        "import apart_work\n"
        "helper = Helper(['apart_work'])\n"
        "started = threading.Event()\n"
        "threading.Thread(target=helper.call, args=(apart_work.deaf, (600,)),\n"
        "                 kwargs={'cancel': Cancel(), 'progress': lambda _: started.set()}, daemon=True).start()\n"
        "started.wait(30)\n"
        "print(helper.pid, flush=True)\n"
        "os.kill(os.getpid(), 9)\n"
    )
    env = dict(os.environ, PYTHONPATH=TESTS)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60, env=env)
    pid = int(done.stdout.strip())
    assert wait_ended(pid, 10)


def test_no_helper_can_start_without_a_python_to_run_it(monkeypatch):
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    helper = Helper([solver.__name__])
    with pytest.raises(NoHelperError):
        helper.call(solver.count, (pm.decode("R4f"),), cancel=Cancel())
    assert helper.pid is None


@pytest.mark.slow
def test_a_helper_that_ends_as_it_starts_ran_nothing(monkeypatch):
    """A helper that cannot even import what it was given ends before it is ready: told
    apart from one lost in the middle of work, so that the caller can run the work itself."""
    monkeypatch.setenv("PYTHONPATH", TESTS)
    helper = Helper(["no_such_module_anywhere"])
    try:
        with pytest.raises(NoHelperError):
            helper.call(apart_work.pid, (), cancel=Cancel())
    finally:
        helper.stop()


@pytest.mark.slow
def test_a_helper_started_with_no_standard_error_still_answers():
    """A window with no standard error (pythonw on Windows) starts its helper with none: the
    helper still answers, and what the work prints is dropped."""
    env = dict(os.environ, PYTHONPATH=TESTS)
    process = subprocess.Popen(
        [sys.executable, "-m", "slugboard.codecs.apart", "apart_work"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        preexec_fn=lambda: os.close(2),  # noqa: PLW1509 - nothing else runs in this test's process then
    )
    try:
        job = pickle.dumps((apart_work.chatty, (), False))
        process.stdin.write(pickle.dumps(("call", 1, job)))
        process.stdin.flush()
        assert pickle.load(process.stdout) == ("ready", 0, None)
        assert pickle.load(process.stdout) == ("done", 1, "answered")
    finally:
        process.kill()
        process.wait()


def test_a_cancel_wakes_work_that_waits_on_it():
    """`Cancel.wait` returns once another thread sets the flag (work that waits on something
    outside it stops at once), and says False when its time passes first."""
    cancel = Cancel()
    assert cancel.wait(0) is False
    waiting = threading.Event()
    woke: list[bool] = []

    def work() -> None:
        waiting.set()
        woke.append(cancel.wait(60))

    thread = threading.Thread(target=work)
    thread.start()
    assert waiting.wait(10)
    cancel.set()
    thread.join(10)
    assert woke == [True] and cancel.with_progress(lambda _: None).wait(0) is True


@pytest.mark.slow
def test_a_call_that_watches_its_cancel_kills_work_that_never_looks(helper):
    """For a library call that holds the interpreter (ms-toollib's): the call itself sees
    the cancel and ends the helper at once, with nobody calling `cancel`."""
    pid = helper.call(apart_work.pid, (), cancel=Cancel())
    cancel = Cancel()
    started = threading.Event()
    outcome: list[object] = []

    def run():
        try:
            helper.call(apart_work.deaf, (60,), cancel=cancel, progress=lambda _: started.set(), on_cancel="kill")
        except BaseException as exc:  # noqa: BLE001 - the test looks at it
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert started.wait(10)
    cancel.set()
    thread.join(5)
    assert not thread.is_alive() and isinstance(outcome[0], Cancelled)
    assert wait_ended(pid)
    assert helper.call(apart_work.pid, (), cancel=Cancel()) not in (pid, None)


@pytest.mark.slow
def test_a_call_past_its_time_ends_its_helper(helper):
    pid = helper.call(apart_work.pid, (), cancel=Cancel())
    with pytest.raises(HelperTimeoutError):
        helper.call(apart_work.deaf, (60,), cancel=Cancel(), timeout_s=0.5)
    assert wait_ended(pid)
    assert helper.call(apart_work.pid, (), cancel=Cancel()) not in (pid, None)


def test_a_failure_that_is_no_exception_comes_back_and_the_helper_stays(helper):
    pid = helper.call(apart_work.pid, (), cancel=Cancel())
    with pytest.raises(RuntimeError, match="Panic: a library gave up"):
        helper.call(apart_work.panics, (), cancel=Cancel())
    assert helper.call(apart_work.pid, (), cancel=Cancel()) == pid
