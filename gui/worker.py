"""Running slow queries (a sudoku solution count) off the GUI thread, so that they can
always be stopped.

A query runs on a daemon thread of this process, or, for a `LatestOnly` made with
`apart=`, in a helper process (`slugboard.codecs.apart`): long searches in Python go
there, so that they never hold the interpreter the window needs.

Only the newest request's answer is delivered: an edit made while a query runs makes
the older answer stale, so a new request cancels the old one (through the `cancel`
token every query takes) and its answer, if it still comes, is dropped. Shutting down
cancels at once and never waits: the worker thread is a daemon, so a query that is slow
to notice cannot keep the application from quitting.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import queue

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QProgressBar, QPushButton, QStatusBar

from slugboard.codecs.work import Cancel, Cancelled

if TYPE_CHECKING:
    from slugboard.codecs.apart import Helper


# The queries the pages ask for while a window is made (a sudoku's solution count, say)
# wait to start their threads until its first frame is on screen, or until the page asks
# again: a thread started while the window builds and paints that frame would take the
# interpreter from it. `hold_queries` and `start_held` are that, and the window's start
# is the one place that uses them.
_holding: list[list[threading.Thread]] = []


def hold_queries() -> list[threading.Thread]:
    """Until `stop_holding(held)`, a query's new thread is made but not started: it goes
    into `held`, the list returned, for `start_held`; its queries queue as usual."""
    held: list[threading.Thread] = []
    _holding.append(held)
    return held


def stop_holding(held: list[threading.Thread]) -> None:
    """New threads start at once again (those held still wait for `start_held`)."""
    _holding[:] = [other for other in _holding if other is not held]


def start_held(held: list[threading.Thread]) -> None:
    """Start the threads held (each once, whichever of this and a new query comes first)."""
    stop_holding(held)
    threads, held[:] = list(held), []
    for thread in threads:
        if thread.ident is None:
            thread.start()


class LatestOnly(QObject):
    """Runs one query at a time on a daemon thread: `submit(fn, *args)` calls
    `fn(*args, cancel=token)`; `finished(result)` fires in the GUI thread for the latest
    submission only, with the exception as the result when the query failed.

    Made with `apart=(module, ...)`, it runs each query in a helper process that imports
    those modules when it starts, and is kept for the next query: `fn` and its arguments
    must then be picklable (a module-level function, or a `functools.partial` of one). Set
    `apart` to None to run the queries on the thread again."""

    finished = Signal(object)
    _delivered = Signal(int, object)

    def __init__(self, parent: QObject | None = None, *, apart: Sequence[str] | None = None):
        super().__init__(parent)
        self.apart = None if apart is None else tuple(apart)
        self._helper: Helper | None = None
        self._generation = 0
        self._cancel: Cancel | None = None
        self._running = False
        self._closed = False
        self._emitting = threading.Lock()
        # The thread and its queue are made with the first query: most pages never ask one
        # in a session, and a window holds several of these.
        self._jobs: queue.SimpleQueue[_Job | None] | None = None
        self._thread: threading.Thread | None = None
        self._delivered.connect(self._deliver)

    @property
    def busy(self) -> bool:
        return self._running

    def submit(self, fn: Callable[..., Any], *args: Any, progress: Callable[..., Any] | None = None) -> None:
        """Run `fn(*args, cancel=token)` in place of the query running; with `progress`,
        also `progress=`, a callable whose calls in the work reach `progress` (a signal's
        emit, say) as `relay` gives it."""
        if self._closed:
            return
        self.cancel()
        self._cancel = Cancel()
        self._running = True
        if self._jobs is None:
            import queue

            self._jobs = queue.SimpleQueue()
            self._thread = threading.Thread(target=self._work, args=(self._jobs,), name="slugboard-query", daemon=True)
            if _holding:
                _holding[-1].append(self._thread)  # started with the window's first frame
            else:
                self._thread.start()
        elif not _holding and self._thread is not None and self._thread.ident is None:
            self._thread.start()  # asked again once the window is made: now
        send = None if progress is None else self.relay(progress)
        self._jobs.put((self._generation, self._cancel, fn, args, send, self.apart))

    def cancel(self) -> None:
        """Stop the running query, if any, and drop its answer."""
        self._generation += 1
        self._running = False
        if self._cancel is not None:
            self._cancel.set()
            if self._helper is not None:
                self._helper.cancel(self._cancel)
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
            helper, self._helper = self._helper, None
        if helper is not None:
            helper.stop()
        if self._jobs is not None:
            self._jobs.put(None)

    def _helper_for(self, modules: tuple[str, ...]) -> Helper | None:
        """The helper process's keeper for queries run apart (made with the first one), or
        None once shut down."""
        from slugboard.codecs.apart import Helper

        with self._emitting:
            if self._closed:
                return None
            if self._helper is None:
                self._helper = Helper(modules)
            return self._helper

    def _work(self, jobs: queue.SimpleQueue) -> None:
        while True:
            job = jobs.get()
            if job is None:
                return
            generation, cancel, fn, args, progress, apart = job
            if cancel.is_set():
                continue  # superseded before it started
            try:
                result: Any = self._run(fn, args, cancel, progress, apart)
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

    def _run(
        self,
        fn: Callable[..., Any],
        args: tuple[Any, ...],
        cancel: Cancel,
        progress: Callable[..., None] | None,
        apart: tuple[str, ...] | None,
    ) -> Any:
        """The query's answer, worked out in its helper process or, for a query not run
        apart or where no helper process can be started, here."""
        if apart is not None:
            from slugboard.codecs.apart import NoHelperError

            helper = self._helper_for(apart)
            if helper is None:
                raise Cancelled  # shut down meanwhile
            try:
                return helper.call(fn, args, cancel=cancel, progress=progress)
            except NoHelperError:
                pass  # slower for the window meanwhile, but answered
        kwargs: dict[str, Any] = {} if progress is None else {"progress": progress}
        return fn(*args, cancel=cancel, **kwargs)

    def _deliver(self, generation: int, result: Any) -> None:
        if generation == self._generation:
            self._running = False
            self.finished.emit(result)


_Job = tuple[int, Cancel, Callable[..., Any], tuple[Any, ...], Callable[..., None] | None, tuple[str, ...] | None]


def why(exc: BaseException) -> str:
    """A failed query's reason, as a person reads it after "… failed: "."""
    text = str(exc).strip()
    if isinstance(exc, MemoryError):
        return text or "there was not enough memory"
    return text or f"an unexpected error ({type(exc).__name__})"


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
