"""Long work that its caller can stop: solving, counting, reading a big file.

A function that may run long takes an optional `cancel: Cancel`, calls `cancel.check()`
now and then (every few thousand steps: a check costs a lock-free flag read), and so stops
with `Cancelled` soon after another thread calls `cancel.set()`. A `Cancel` may also carry
a progress callback for work that can say how far it has come.
"""

from __future__ import annotations

import threading
from collections.abc import Callable


class Cancelled(Exception):  # noqa: N818 - a state, as asyncio.CancelledError, not a fault
    """The work was stopped because its caller asked."""


class Cancel:
    """A flag one thread sets and the working thread checks."""

    def __init__(self, progress: Callable[[float], None] | None = None) -> None:
        self._event = threading.Event()
        self._progress = progress

    def with_progress(self, progress: Callable[[float], None]) -> Cancel:
        """The same flag, with `progress` to hear how far the work has come."""
        other = Cancel(progress)
        other._event = self._event
        return other

    def part(self, start: float, end: float) -> Cancel:
        """The same flag, for a step that runs from `start` to `end` of the whole work: the
        step reports its own progress (0 to 1) and this one's hears where the whole stands."""
        return self.with_progress(lambda fraction: self.report(start + fraction * (end - start)))

    def set(self) -> None:
        self._event.set()

    def is_set(self) -> bool:
        return self._event.is_set()

    def wait(self, seconds: float | None = None) -> bool:
        """Block until the caller asks the work to stop, or `seconds` pass (for work that
        waits on something outside it); whether it has asked."""
        return self._event.wait(seconds)

    def check(self) -> None:
        """Raise Cancelled when the caller has asked the work to stop."""
        if self._event.is_set():
            raise Cancelled

    def report(self, fraction: float) -> None:
        """Say how far the work has come (0 to 1), for a progress bar."""
        if self._progress is not None:
            self._progress(min(1.0, max(0.0, fraction)))


NEVER = Cancel()  # for callers that will not stop the work
