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
    (or drops it), and only then asks its queue for the next: so a thread waiting on an
    empty queue, or ended, has handled every job it was given."""

    def __init__(self, monkeypatch) -> None:
        self._lock = threading.Condition()
        self._queues: list[_Watched] = []
        real = LatestOnly._work
        watcher = self

        def work(worker: LatestOnly, jobs: queue.SimpleQueue) -> None:
            watched = _Watched(jobs, watcher._lock)
            with watcher._lock:
                watcher._queues.append(watched)
            try:
                real(worker, watched)
            finally:
                with watcher._lock:
                    watched.ended = True
                    watcher._lock.notify_all()

        monkeypatch.setattr(LatestOnly, "_work", work)

    def idle(self) -> bool:
        """Every watched thread has handled all it was given."""
        with self._lock:
            return self._idle()

    def _idle(self) -> bool:
        return all(watched.ended or (watched.waiting and watched.empty()) for watched in self._queues)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Block this thread, handling no events, until every query has been handled: what
        they sent the window is still on its way."""
        with self._lock:
            return self._lock.wait_for(self._idle, timeout)

    def settle(self, qtbot, timeout: int = 10_000) -> None:
        """Wait until every query has been handled, then let the window take in the answers
        they sent (they come to the window's thread as queued signals)."""
        qtbot.waitUntil(self.idle, timeout=timeout)
        QCoreApplication.processEvents()


class _Watched:
    """A worker's job queue that says whether its thread is waiting on it."""

    def __init__(self, jobs: queue.SimpleQueue, told: threading.Condition) -> None:
        self._jobs = jobs
        self._told = told
        self.waiting = False
        self.ended = False

    def empty(self) -> bool:
        return self._jobs.empty()

    def get(self) -> Any:
        with self._told:
            self.waiting = True
            self._told.notify_all()
        job = self._jobs.get()
        self.waiting = False
        return job


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
