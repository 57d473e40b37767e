"""Running a slow query (a sudoku solution count) off the GUI thread.

Only the newest request's answer is delivered: an edit made while a count runs makes
the older answer stale, and it is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, Signal


class LatestOnly(QObject):
    """Runs one function at a time in a worker thread; `finished(result)` fires in the
    GUI thread for the latest submission only."""

    finished = Signal(object)
    _delivered = Signal(int, object)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="slugboard-query")
        self._generation = 0
        self._running = False
        self._delivered.connect(self._deliver)

    @property
    def busy(self) -> bool:
        return self._running

    def submit(self, fn: Callable[..., Any], *args: Any) -> None:
        self._generation += 1
        generation = self._generation
        self._running = True
        future = self._pool.submit(fn, *args)
        future.add_done_callback(lambda f: self._emit(generation, f))

    def _emit(self, generation: int, future: Future) -> None:
        # Runs in the worker thread; the queued signal carries the result to the GUI thread.
        try:
            result = future.result()
        except Exception as exc:  # delivered, not swallowed: the page shows it
            result = exc
        try:
            self._delivered.emit(generation, result)
        except RuntimeError:
            pass  # the page was destroyed while the query ran

    def _deliver(self, generation: int, result: Any) -> None:
        if generation == self._generation:
            self._running = False
            self.finished.emit(result)

    def shutdown(self) -> None:
        self._generation += 1
        self._pool.shutdown(wait=False, cancel_futures=True)
