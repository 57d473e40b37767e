"""Background queries: only the newest answer arrives, a new request or shutting down
stops the running one at once, failures are delivered, and quitting never waits."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from processes import ended, linux_only, wait_ended

from slugboard.codecs.work import Cancel
from slugboard.gui.worker import LatestOnly
from waiting import Queries


def slow(value: int, *, cancel: Cancel, started: threading.Event | None = None) -> int:
    """Runs until cancelled (then raises Cancelled) or for about two seconds."""
    if started is not None:
        started.set()
    cancel.wait(2.0)
    cancel.check()
    return value


def quick(value: int, *, cancel: Cancel) -> int:
    return value


def failing(*, cancel: Cancel) -> int:
    raise ValueError("broken query")


def test_only_the_newest_answer_arrives(qtbot, monkeypatch):
    queries = Queries(monkeypatch)
    worker = LatestOnly()
    answers: list[object] = []
    worker.finished.connect(answers.append)
    started = threading.Event()
    worker.submit(lambda cancel: slow(1, cancel=cancel, started=started))
    assert started.wait(5)
    worker.submit(quick, 2)
    qtbot.waitUntil(lambda: answers == [2], timeout=5000)
    queries.settle(qtbot)  # the first query's answer, had it been sent, has come too
    assert answers == [2] and not worker.busy
    worker.shutdown()


def test_a_new_request_cancels_the_running_one():
    worker = LatestOnly()
    tokens: list[Cancel] = []
    started = threading.Event()

    def record(*, cancel: Cancel) -> None:
        tokens.append(cancel)
        slow(0, cancel=cancel, started=started)

    worker.submit(record)
    assert started.wait(5)
    worker.submit(quick, 1)
    assert tokens and tokens[0].is_set()
    worker.shutdown()


def test_a_failure_is_delivered_as_the_answer(qtbot):
    worker = LatestOnly()
    with qtbot.waitSignal(worker.finished, timeout=5000) as signal:
        worker.submit(failing)
    assert isinstance(signal.args[0], ValueError) and "broken query" in str(signal.args[0])
    worker.shutdown()


def test_shutdown_drops_the_answer(qtbot, monkeypatch):
    """(How soon `shutdown` returns is measured by benchmarks/responsiveness.py.)"""
    queries = Queries(monkeypatch)
    worker = LatestOnly()
    answers: list[object] = []
    worker.finished.connect(answers.append)
    started = threading.Event()
    worker.submit(lambda cancel: slow(3, cancel=cancel, started=started))
    assert started.wait(5)
    worker.shutdown()
    queries.settle(qtbot)  # the query stopped and its thread ended
    assert answers == []
    worker.submit(quick, 4)  # a closed worker takes no more work
    queries.settle(qtbot)
    assert answers == [] and not worker.busy


@pytest.mark.slow
def test_quitting_while_a_query_runs_exits_at_once(tmp_path):
    """A query that never looks at its cancel flag cannot keep the process alive."""
    script = tmp_path / "quit.py"
    script.write_text(
        "import threading\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from slugboard.gui.worker import LatestOnly\n"
        "app = QApplication([])\n"
        "worker = LatestOnly()\n"
        "worker.submit(lambda cancel: threading.Event().wait())\n"
        "QTimer.singleShot(100, app.quit)\n"
        "app.exec()\n"
        "print('quit')\n"
    )
    # The query never ends: the process ends all the same (or the run times out).
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=30)
    assert done.stdout.strip() == "quit" and done.returncode == 0, done.stderr


def test_closing_the_window_stops_the_sudoku_count(main_window, qtbot, monkeypatch):
    page = main_window.page("sudoku")
    stopped = threading.Event()
    started = threading.Event()

    def endless(board, *, cancel: Cancel):
        started.set()
        cancel.wait(60)  # until closing the window stops it
        stopped.set()
        cancel.check()

    monkeypatch.setattr("slugboard.codecs.sudoku.facts.panel_facts", endless)
    page.set_board(page.board.with_digit(0, 0, 5), "Edit")
    assert started.wait(5) and page.solution_count is None  # counting
    main_window.close()
    assert stopped.wait(5)


def test_nothing_is_sent_once_shut_down(qtbot, monkeypatch):
    """A query that ends after its owner shut it down sends neither its answer nor its
    progress: the owner may already be gone."""
    import threading

    from slugboard.gui.worker import LatestOnly

    queries = Queries(monkeypatch)
    worker = LatestOnly()
    answers, progress = [], []
    worker.finished.connect(answers.append)
    started, release = threading.Event(), threading.Event()
    tell = worker.relay(progress.append)

    def slow(*, cancel):
        tell("under way")
        started.set()
        release.wait(5)
        tell("almost done")
        return "answer"

    worker.submit(slow)
    assert started.wait(5)
    worker.shutdown()
    release.set()
    queries.settle(qtbot)  # the query has returned and its thread ended
    assert answers == [] and progress == ["under way"]


def test_the_thread_starts_with_the_first_query(qtbot):
    """A worker made and never asked runs no thread; shut down, it starts none."""

    def threads() -> int:
        return sum(thread.name == "slugboard-query" and thread.is_alive() for thread in threading.enumerate())

    before = threads()
    idle, used = LatestOnly(), LatestOnly()
    assert threads() == before
    answers: list[object] = []
    used.finished.connect(answers.append)
    used.submit(quick, 5)
    qtbot.waitUntil(lambda: answers == [5])
    assert threads() == before + 1
    idle.shutdown()
    idle.submit(quick, 6)
    used.shutdown()
    qtbot.waitUntil(lambda: threads() == before)
    assert answers == [5]


def _children(pid: int) -> set[int]:
    """The processes `pid` has started and not reaped (read from /proc)."""
    found: set[int] = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            found.update(int(child) for child in f.read().split())
    return found


@pytest.mark.slow
@linux_only
def test_a_pentomino_count_runs_in_a_helper_process_that_closing_the_window_ends(main_window, qtbot):
    """The count of the empty 6x10 rectangle (seconds of work) runs in a process of its own,
    so the window never waits for it; Cancel keeps that process for the next search, and
    closing the window ends it at once."""
    import os

    page = main_window.page("pentomino")
    main_window.paste_text("R6a")
    page.count_button.click()
    qtbot.waitUntil(lambda: page.solver_label.text().endswith(" so far"), timeout=60_000)
    pid = page.searches.job._helper.pid
    assert pid is not None and pid != os.getpid() and not ended(pid)
    # The count's workers are threads of the helper, not processes of their own: closing
    # the window, which ends the helper, ends every one of them.
    assert _children(pid) == set()
    page.cancel_button.click()
    page.count_button.click()
    qtbot.waitUntil(lambda: page.solver_label.text().endswith(" so far"), timeout=60_000)
    assert page.searches.job._helper.pid == pid  # stopped by Cancel, not killed: the same helper counts again
    main_window.close()
    assert wait_ended(pid)


@pytest.mark.slow
@linux_only
def test_a_puzzle_is_made_in_a_helper_process(main_window, qtbot):
    import os

    page = main_window.page("sudoku")
    page.new_button.click()
    assert page.cancel_button.isEnabled() and not page.new_button.isEnabled()
    qtbot.waitUntil(lambda: page.new_button.isEnabled(), timeout=30_000)
    assert page.new_status.text().startswith("New puzzle: ") and page.solution_count in (None, 1)
    qtbot.waitUntil(lambda: page.solution_count == 1, timeout=10_000)
    pid = page.maker.worker._helper.pid
    assert pid is not None and pid != os.getpid() and not ended(pid)
    main_window.close()
    assert wait_ended(pid)


@pytest.mark.slow
@linux_only
def test_a_search_whose_process_is_killed_says_so_and_the_next_one_runs(main_window, qtbot):
    """The helper running a count is killed from outside (as the system does when memory
    runs out): the page says the search failed and why, and the next count starts a new
    helper and answers."""
    import os
    import signal

    page = main_window.page("pentomino")
    main_window.paste_text("R6a")
    page.count_button.click()
    qtbot.waitUntil(lambda: page.solver_label.text().endswith(" so far"), timeout=60_000)
    pid = page.searches.job._helper.pid
    os.kill(pid, signal.SIGKILL)
    qtbot.waitUntil(lambda: page.count_button.isEnabled(), timeout=10_000)
    assert main_window.statusBar().currentMessage() == "The search failed: its process ended before it answered"
    assert not page.cancel_button.isVisibleTo(page)
    main_window.paste_text("R4f")
    page.count_button.click()
    qtbot.waitUntil(
        lambda: page.solver_label.text() == "1,472 ways to complete the board, 368 up to its 4 symmetries",
        timeout=60_000,
    )
    assert page.searches.job._helper.pid not in (None, pid)


def test_a_failure_without_words_is_still_explained():
    from slugboard.gui.worker import why

    assert why(ValueError("no puzzle found")) == "no puzzle found"
    assert why(MemoryError()) == "there was not enough memory"
    assert why(RecursionError("")) == "an unexpected error (RecursionError)"


@pytest.mark.slow
def test_where_no_helper_process_can_start_the_search_runs_here(main_window, qtbot, monkeypatch):
    """No Python to start a helper with (an unusual install): the count is still answered,
    worked out in the window's own process."""
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    page = main_window.page("pentomino")
    main_window.paste_text("R4f")
    page.count_button.click()
    qtbot.waitUntil(
        lambda: page.solver_label.text() == "1,472 ways to complete the board, 368 up to its 4 symmetries",
        timeout=60_000,
    )
    assert page.searches.job._helper is not None and page.searches.job._helper.pid is None
