"""The panel's long searches (Solve, Hint, Count, Make puzzle, and the listing of the
completions to browse): one at a time in a helper process, with a progress bar that says
how far the search has gone and Cancel beside it while one runs."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QWidget

from slugboard.codecs.pentomino import completions, distinct, generate, solver

from ..worker import LatestOnly
from .controls import button

ESTIMATE_AFTER = 2.0  # seconds of a search before it guesses how long is left


def time_left(seconds: float) -> str:
    """A rough length of time, as a person says it."""
    if seconds < 90:
        return f"about {max(5, round(seconds / 5) * 5)} seconds"
    if seconds < 90 * 60:
        return f"about {round(seconds / 60)} minutes"
    if seconds < 36 * 3600:
        return f"about {round(seconds / 3600)} hours"
    return f"about {round(seconds / 86400)} days"


class Searches(QWidget):
    """The row of the progress bar and Cancel, and the search they follow. `start` runs a
    search of some kind; `done(kind, result)` brings its answer, `stopped(kind)` says the
    person cancelled it. Only one runs: a new one, or `drop`, ends the one before."""

    done = Signal(str, object)
    stopped = Signal(str)
    ended = Signal()  # no search runs any more (answered, cancelled or dropped)

    def __init__(self, then: Callable[[], object], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.progress = QProgressBar()
        self.progress.setObjectName("searchProgress")
        self.cancel_button = button("Cancel", "Stop the search", self.cancel, then)
        for w in (self.progress, self.cancel_button):
            policy = w.sizePolicy()
            policy.setRetainSizeWhenHidden(True)  # they come and go without moving anything
            w.setSizePolicy(policy)
            w.hide()
            row.addWidget(w)
        # The searches run in a helper process: a count can take minutes, and on a thread
        # of this process it would slow every page laid out meanwhile tenfold.
        self.job = LatestOnly(self, apart=(solver.__name__, generate.__name__, completions.__name__, distinct.__name__))
        self.job.finished.connect(self._finished)
        self.kind = ""
        self._started = 0.0

    @property
    def busy(self) -> bool:
        return self.job.busy

    def start(self, kind: str, fn: Callable[..., Any], *args: Any, progress: Callable[..., Any] | None = None) -> None:
        """Run `fn(*args)` as the search `kind`; a search that reports its progress has its
        share shown (`advance`), one that cannot shows the bar moving to and fro."""
        self.job.cancel()
        self.kind = kind
        self._started = time.monotonic()
        self.cancel_button.show()
        self.progress.setRange(0, 1000 if progress is not None else 0)
        self.progress.setValue(0)
        self.progress.setFormat("Starting…" if progress is not None else "Searching…")
        self.progress.show()
        self.job.submit(fn, *args, progress=progress)

    def advance(self, done: float, parts: int = 0, ended: float = 0.0) -> str:
        """Show how far the search has gone: `done` of `parts` in all, or (no parts) `done`
        as a share; and return a guess of the time left ("" too early to say), from that
        share or from `ended`, the share of another way the search ends (a listing that
        stops at the completions kept), whichever is further."""
        share = max(done / parts if parts else done, ended)
        if parts:
            self.progress.setRange(0, parts)
            self.progress.setValue(int(done))
            self.progress.setFormat(f"{int(done):,} of {parts:,} parts")
        else:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(share * 1000))
            self.progress.setFormat(f"{share:.0%} of the parts")
        spent = time.monotonic() - self._started
        if share <= 0 or share >= 1 or spent < ESTIMATE_AFTER:
            return ""
        return f"{time_left(spent * (1 - share) / share)} left"

    def cancel(self) -> None:
        """The person's Cancel: the search stops, and `stopped` says which it was."""
        if not self.job.busy:
            return
        kind = self.kind
        self.drop()
        self.stopped.emit(kind)

    def drop(self) -> None:
        """End the search under way, if any, without a word (an edit made it stale)."""
        if self.job.busy:
            self.job.cancel()
        self._ended()

    def shutdown(self) -> None:
        self.job.shutdown()

    def _ended(self) -> None:
        self.kind = ""
        self.progress.hide()
        self.cancel_button.hide()
        self.ended.emit()

    def _finished(self, result: object) -> None:
        kind = self.kind
        self._ended()
        self.done.emit(kind, result)


class Heard(QObject):
    """Carries a search's progress from the worker thread to the panel."""

    counted = Signal(int, float)  # completions so far, share of the parts done
    listed = Signal(int, object, object, float, int)  # listed so far, their indices, the placements, parts done, parts
