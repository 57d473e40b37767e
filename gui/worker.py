"""Running slow queries (a sudoku solution count) off the GUI thread, so that they can
always be stopped.

Only the newest request's answer is delivered: an edit made while a query runs makes
the older answer stale, so a new request cancels the old one (through the `cancel`
token every query takes) and its answer, if it still comes, is dropped. Shutting down
cancels at once and never waits: the worker thread is a daemon, so a query that is slow
to notice cannot keep the application from quitting.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import queue

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QProgressBar, QPushButton, QStatusBar

from slugboard.codecs.work import Cancel, Cancelled


class LatestOnly(QObject):
    """Runs one query at a time on a daemon thread: `submit(fn, *args)` calls
    `fn(*args, cancel=token)`; `finished(result)` fires in the GUI thread for the latest
    submission only, with the exception as the result when the query failed."""

    finished = Signal(object)
    _delivered = Signal(int, object)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._generation = 0
        self._cancel: Cancel | None = None
        self._running = False
        self._closed = False
        self._emitting = threading.Lock()
        # The thread and its queue are made with the first query: most pages never ask one
        # in a session, and a window holds several of these.
        self._jobs: queue.SimpleQueue[tuple[int, Cancel, Callable[..., Any], tuple[Any, ...]] | None] | None = None
        self._delivered.connect(self._deliver)

    @property
    def busy(self) -> bool:
        return self._running

    def submit(self, fn: Callable[..., Any], *args: Any) -> None:
        if self._closed:
            return
        self.cancel()
        self._cancel = Cancel()
        self._running = True
        if self._jobs is None:
            import queue

            self._jobs = queue.SimpleQueue()
            threading.Thread(target=self._work, args=(self._jobs,), name="slugboard-query", daemon=True).start()
        self._jobs.put((self._generation, self._cancel, fn, args))

    def cancel(self) -> None:
        """Stop the running query, if any, and drop its answer."""
        self._generation += 1
        self._running = False
        if self._cancel is not None:
            self._cancel.set()
            self._cancel = None

    def relay(self, emit: Callable[..., Any]) -> Callable[..., None]:
        """`emit` (a signal's emit, for progress sent from the work) made safe to call from
        the worker thread: it sends nothing once `shutdown` has been called, and never
        while the window's thread is shutting this down."""

        def send(*args: Any) -> None:
            with self._emitting:
                if not self._closed:
                    emit(*args)

        return send

    def shutdown(self) -> None:
        """Cancel what runs and stop the thread; returns at once. No answer is sent after
        it returns, so the object may be destroyed right away."""
        with self._emitting:
            self.cancel()
            self._closed = True
        if self._jobs is not None:
            self._jobs.put(None)

    def _work(self, jobs: queue.SimpleQueue) -> None:
        while True:
            job = jobs.get()
            if job is None:
                return
            generation, cancel, fn, args = job
            if cancel.is_set():
                continue  # superseded before it started
            try:
                result: Any = fn(*args, cancel=cancel)
            except Cancelled:
                continue
            except Exception as exc:  # noqa: BLE001 - delivered, not swallowed: the page shows it
                result = exc
            # Sent under the lock `shutdown` takes: an answer is never sent to an object the
            # window's thread is destroying.
            with self._emitting:
                if self._closed or cancel.is_set():
                    continue
                try:
                    self._delivered.emit(generation, result)
                except RuntimeError:
                    return  # the page was destroyed while the query ran

    def _deliver(self, generation: int, result: Any) -> None:
        if generation == self._generation:
            self._running = False
            self.finished.emit(result)


class Progress(QObject):
    """Carries work's progress (steps done, steps in all) from a worker thread."""

    advanced = Signal(int, int)


def progress_widgets(status_bar: QStatusBar, form: str, tip: str) -> tuple[QProgressBar, QPushButton]:
    """A progress bar (`form` as QProgressBar.setFormat takes it) and a Cancel button
    (`tip` its tooltip) at the right of the status bar, hidden until work runs."""
    bar = QProgressBar()
    bar.setMaximumWidth(200)
    bar.setFormat(form)
    button = QPushButton("Cancel")
    button.setToolTip(tip)
    for widget in (bar, button):
        widget.hide()
        status_bar.addPermanentWidget(widget)
    return bar, button
