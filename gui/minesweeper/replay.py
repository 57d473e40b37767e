"""Replaying a recorded game in real time: the player behind the replay controls."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal

from slugboard.codecs import minesweeper as ms


class ReplayPlayer(QObject):
    """Plays a Replay against a clock. A QTimer calls `tick()`, which advances the replay
    by the time the clock says has passed, times the speed; tests call `advance(ms)`
    themselves (or give `clock` a fake) so nothing depends on waiting."""

    moved = Signal()
    playing_changed = Signal(bool)
    FRAME_MS = 15

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.replay: ms.Replay | None = None
        self.time_ms = 0.0
        self.index = 0
        self.speed = 1.0
        self.playing = False
        elapsed = QElapsedTimer()
        elapsed.start()
        self.clock: Callable[[], float] = lambda: float(elapsed.elapsed())
        self._last = 0.0
        self.timer = QTimer(self)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(self.FRAME_MS)
        self.timer.timeout.connect(self.tick)

    @property
    def duration_ms(self) -> int:
        return self.replay.duration_ms if self.replay else 0

    def load(self, replay: ms.Replay, time_ms: float = 0.0) -> None:
        self.replay = replay
        self.pause()
        self.seek(time_ms)

    def unload(self) -> None:
        """Hold no replay (another board's is no longer shown) until the next `load`."""
        self.pause()
        self.replay = None
        self.time_ms = 0.0
        self.index = 0

    def state(self) -> ms.ReplayState | None:
        if self.replay is None:
            return None
        return self.replay.state(self.index, self.time_ms)

    # -- playing
    def play(self) -> None:
        if self.replay is None or self.playing:
            return
        if self.time_ms >= self.duration_ms:
            self.seek(0)  # play at the end starts again
        self.playing = True
        self._last = self.clock()
        self.timer.start()
        self.playing_changed.emit(True)
        self.moved.emit()

    def pause(self) -> None:
        self.timer.stop()
        if self.playing:
            self.playing = False
            self.playing_changed.emit(False)
            self.moved.emit()

    def toggle(self) -> None:
        self.pause() if self.playing else self.play()

    def tick(self) -> None:
        now = self.clock()
        elapsed, self._last = now - self._last, now
        self.advance(elapsed)

    def advance(self, real_ms: float) -> None:
        """Let `real_ms` of wall time pass while playing."""
        if not self.playing or self.replay is None:
            return
        self.time_ms = min(self.duration_ms, self.time_ms + max(0.0, real_ms) * self.speed)
        self.index = self.replay.index_at(self.time_ms)
        if self.time_ms >= self.duration_ms:
            self.pause()
        self.moved.emit()

    # -- moving
    def seek(self, time_ms: float) -> None:
        if self.replay is None:
            return
        self.time_ms = max(0.0, min(float(time_ms), self.duration_ms))
        # The very start shows the untouched board, even when the first click came at 0.
        self.index = self.replay.index_at(self.time_ms) if self.time_ms > 0 else 0
        self._last = self.clock()
        self.moved.emit()

    def step(self, delta: int) -> None:
        """To the next or previous event, one at a time even when several share a moment."""
        if self.replay is None:
            return
        self.pause()
        self.index = max(0, min(self.replay.event_count, self.index + delta))
        self.time_ms = float(self.replay.time_of(self.index))
        self.moved.emit()

    def go_to(self, index: int) -> None:
        """To the moment just after the `index`-th event; playing goes on from there."""
        if self.replay is None:
            return
        self.index = max(0, min(self.replay.event_count, index))
        self.time_ms = float(self.replay.time_of(self.index))
        self._last = self.clock()
        self.moved.emit()

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.moved.emit()
