"""Waiting for the window's background queries in the tests: a test that checks nothing
came of a query (its answer dropped, or never sent) waits until every query has been
handled and the window has taken in what was sent, instead of waiting a fixed time."""

from __future__ import annotations

import queue
import threading
from typing import Any

from PySide6.QtCore import QCoreApplication

from slugboard.gui.worker import LatestOnly


class Queries:
    """Watches the query threads of the `LatestOnly` workers that start from now on.

    A worker's thread takes one job at a time from its queue, runs it, sends its answer
    (or drops it), and only then asks its queue for the next. So each job put on a queue
    is counted until its thread asks for the next one, or ends: a count of none left means
    every job given has been handled."""

    def __init__(self, monkeypatch) -> None:
        self._told = threading.Condition()
        self._queues: list[_Counted] = []
        real_work, real_queue = LatestOnly._work, queue.SimpleQueue
        watcher = self

        def work(worker: LatestOnly, jobs) -> None:
            with watcher._told:
                if isinstance(jobs, _Counted):
                    watcher._queues.append(jobs)
            try:
                real_work(worker, jobs)
            finally:
                if isinstance(jobs, _Counted):
                    jobs.ended()

        monkeypatch.setattr(LatestOnly, "_work", work)
        # The worker makes its queue with its first query (`queue.SimpleQueue()`).
        monkeypatch.setattr(queue, "SimpleQueue", lambda: _Counted(real_queue(), self._told))

    def idle(self) -> bool:
        """Every watched thread has handled all it was given."""
        with self._told:
            return self._idle()

    def _idle(self) -> bool:
        return all(jobs.over or jobs.left == 0 for jobs in self._queues)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Block this thread, handling no events, until every query has been handled: what
        they sent the window is still on its way."""
        with self._told:
            return self._told.wait_for(self._idle, timeout)

    def settle(self, qtbot, timeout: int = 10_000) -> None:
        """Wait until every query has been handled, then let the window take in the answers
        they sent (they come to the window's thread as queued signals)."""
        qtbot.waitUntil(self.idle, timeout=timeout)
        QCoreApplication.processEvents()


class _Counted:
    """A job queue that counts the jobs put on it and not yet handled: a job taken is
    handled once its taker asks for the next (or ends)."""

    def __init__(self, jobs: queue.SimpleQueue, told: threading.Condition) -> None:
        self._jobs = jobs
        self._told = told
        self._taken = False
        self.left = 0
        self.over = False  # its thread has ended: nothing more on it is handled

    def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
        with self._told:
            self.left += 1
        self._jobs.put(item)

    put_nowait = put

    def get(self, block: bool = True, timeout: float | None = None) -> Any:
        self._handled()
        item = self._jobs.get(block, timeout)
        with self._told:
            self._taken = True
        return item

    def get_nowait(self) -> Any:
        return self.get(False)

    def empty(self) -> bool:
        return self._jobs.empty()

    def qsize(self) -> int:
        return self._jobs.qsize()

    def ended(self) -> None:
        self._handled()
        with self._told:
            self.over = True
            self._told.notify_all()

    def _handled(self) -> None:
        with self._told:
            if self._taken:
                self._taken = False
                self.left -= 1
                self._told.notify_all()


def animations_done(widget) -> bool:
    """Nothing in `widget` is being animated: a field's clear button fading in or out (Qt
    fades it over a few frames when the field's text comes or goes), a style's hover."""
    from PySide6.QtCore import QAbstractAnimation

    running = QAbstractAnimation.State.Running
    return all(animation.state() != running for animation in widget.findChildren(QAbstractAnimation))


def background_done(window) -> bool:
    """Nothing the window has set going is still to come: no query of its pages runs, and
    no one-off timer (a quick check put off a moment, a save) is waiting to fire."""
    from PySide6.QtCore import QTimer

    timers = (timer for timer in window.findChildren(QTimer) if timer.isSingleShot())
    return not any(worker.busy for worker in window.findChildren(LatestOnly)) and not any(
        timer.isActive() for timer in timers
    )


def move_pointer(qtbot, widget, pos=None) -> None:
    """Move the pointer over `widget` (to `pos`, else to its centre) as QTest does, and wait
    until the widget has heard of it: whatever follows the pointer (a filter on the widget,
    the widget itself, what the one it left does) has then had its turn."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtTest import QTest

    heard: list[QEvent.Type] = []
    kinds = (QEvent.Type.MouseMove, QEvent.Type.Enter, QEvent.Type.HoverMove, QEvent.Type.HoverEnter)

    class Ear(QObject):
        def eventFilter(self, watched, event) -> bool:
            if event.type() in kinds:
                heard.append(event.type())
            return False

    ear = Ear()
    widget.installEventFilter(ear)
    try:
        if pos is None:
            QTest.mouseMove(widget)
        else:
            QTest.mouseMove(widget, pos)
        qtbot.waitUntil(lambda: bool(heard))
    finally:
        widget.removeEventFilter(ear)
