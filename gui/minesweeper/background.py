"""When the page's background work starts: once the board is painted, and one count at a
time."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

if TYPE_CHECKING:
    from ..worker import LatestOnly
    from .canvas import MinesCanvas

# How long work to start once the board is painted waits for a canvas that is not painted
# (a page out of sight).
AFTER_PAINT_AT_MOST_MS = 500


class AfterPaint(QObject):
    """Calls work to start once the canvas has painted what it shows now (work on a thread
    of this process shares the interpreter with the window, and would slow that paint), or
    after AFTER_PAINT_AT_MOST_MS when the canvas is not painted (a page out of sight)."""

    def __init__(self, canvas: MinesCanvas, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._canvas = canvas
        self._starts: list[Callable[[], None]] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(AFTER_PAINT_AT_MOST_MS)
        self._timer.timeout.connect(self._run)

    def __call__(self, start: Callable[[], None]) -> None:
        """Call `start` after the next paint; `start` checks that its work is still wanted."""
        self._starts.append(start)
        self._canvas.after_paint(self._run)
        if not self._timer.isActive():
            self._timer.start()

    def _run(self) -> None:
        self._timer.stop()
        starts, self._starts = self._starts, []
        for start in starts:
            start()


class Turns:
    """The counts run one at a time, after a long game's replay being built: two threads at
    once would each take the interpreter from the window's thread in turn, and it would
    wait for both."""

    def __init__(self) -> None:
        self.jobs: Sequence[LatestOnly] = ()
        self._waiting: list[Callable[[], None]] = []  # counts to start when the one under way ends

    def in_turn(self, job: LatestOnly, start: Callable[[], None]) -> bool:
        """Whether `job` may start now. While another runs, `start` waits, and is called
        again when that one ends (`job` itself may be given a newer count at once)."""
        if not any(other.busy for other in self.jobs if other is not job):
            return True
        self._waiting.append(start)
        return False

    def next(self) -> None:
        """A job has ended: the counts waiting for it start (or wait again)."""
        starts, self._waiting = self._waiting, []
        for start in starts:
            start()
