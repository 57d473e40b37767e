"""Python's garbage collector, run on the window's thread only.

The collector runs in whichever thread happens to allocate when its thresholds are
crossed: with solvers and counters working on other threads, that is often not the
window's. A cycle of garbage holding a Qt object (a closed dialog, a page's old picture)
would then be destroyed on that thread while the window's thread uses Qt, which Qt does
not allow and which can end the process. So the application turns automatic collection
off and collects, generation by generation as Python would, from a timer on the window's
thread.

When the application quits, the collector collects everything once and leaves automatic
collection off for good: Qt then destroys the window and the application's children, and
a collection set off by an allocation inside one of those destructors can run a PySide
callback that disconnects a signal while Qt holds the lock that disconnecting needs, and
the process never exits. Python collects again itself once Qt is gone.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer


def quiet_teardown() -> None:
    """Collect now, on this thread, and start no collection while Qt tears the
    application down (see above): call it when the application's work is done."""
    gc.collect()
    gc.disable()


class MainThreadCollector(QObject):
    """While it lives (parent it to the application), garbage is collected on the thread
    that made it, every `interval_ms`, when Python's own thresholds say so. `stop()`
    gives collection back to Python; so does destroying it, unless the application is
    quitting."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = 500):
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.collected = 0  # collections run, for tests
        self.settled = False
        gc.disable()
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.check)
        self.timer.start()
        self._quitting: list[bool] = []  # set on quit; read when this object is gone
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._quit)
        self.destroyed.connect(lambda *_, quitting=self._quitting: None if quitting else gc.enable())

    def settle(self) -> None:
        """Collect once, then leave every object alive now out of every later collection
        (`gc.freeze`): call it once the start's work is done. What the start made (the
        modules, the window, the games' tables) lives as long as the application, and a
        collection of the oldest generation otherwise goes over all of it again, long
        enough to drop a frame of a replay (benchmarks/collector.py)."""
        gc.collect()
        gc.freeze()
        self.settled = True

    def stop(self) -> None:
        """Stop collecting from the timer and turn Python's own collection back on."""
        self.timer.stop()
        gc.enable()

    def _quit(self) -> None:
        self._quitting.append(True)
        self.timer.stop()
        quiet_teardown()

    def check(self) -> None:
        counts = gc.get_count()
        # The oldest generation whose count is over its threshold is collected, with the
        # younger ones, as the automatic collector does.
        for generation in (2, 1, 0):
            if counts[generation] > self.thresholds[generation]:
                gc.collect(generation)
                self.collected += 1
                return
