"""File > Export recording: the replay shown on the minesweeper page written as an
animation in the background, its progress and Cancel in the window's status bar."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QStatusBar

from ..worker import LatestOnly, Progress, progress_widgets


class RecordingExport(QObject):
    """One recording at a time: `start(path, board, palette)`, `cancel()`, and `said`
    with what a person should read in the status bar (saved, stopped, failed)."""

    said = Signal(str, int)  # the message, and how long it stays (ms)
    busy_changed = Signal(bool)

    def __init__(self, status_bar: QStatusBar, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = LatestOnly(self)
        self._worker.finished.connect(self._done)
        self._progress = Progress(self)
        self._progress.advanced.connect(self._advanced)
        self._path = ""
        self._finish: Any = None  # the recording under way's recording.Finish
        self.bar, self.cancel_button = progress_widgets(
            status_bar, "Recording %p%", "Stop the recording; no file is written"
        )
        self.cancel_button.clicked.connect(self.cancel)

    @property
    def busy(self) -> bool:
        return self._worker.busy

    def start(self, path: str, board: Any, palette: QPalette) -> bool:
        """Start writing the replay of `board` to `path`; False (and said why) when the
        file cannot be a recording."""
        from . import recording  # with Pillow: loaded when first needed

        try:
            recording.check(path)
        except recording.RecordingError as exc:
            self.said.emit(f"Not saved: {exc}", 8000)
            return False
        self._path = path
        advanced: Callable[[int, int], None] = self._worker.relay(self._progress.advanced.emit)
        finish = self._finish = recording.Finish()
        palette = QPalette(palette)  # the worker's own copy

        def job(path, board, palette, cancel):
            return recording.record(path, board, palette=palette, cancel=cancel, progress=advanced, finish=finish)

        self.bar.setValue(0)
        self.bar.show()
        self.cancel_button.show()
        self._worker.submit(job, path, board, palette)
        self.busy_changed.emit(True)
        self.said.emit(f"Recording {os.path.basename(path)}…", 0)
        return True

    def cancel(self) -> None:
        """Stop the recording under way; its unfinished file is removed. A recording whose
        file was written before the stop (the window has not heard yet) is kept, and said so."""
        if self._worker.busy:
            stopped = self._finish.stop()
            self._worker.cancel()
            if stopped:
                self.said.emit("Recording stopped: nothing was saved", 5000)
            else:
                self.said.emit(f"Saved {self._path}: the recording was complete before it could be stopped", 8000)
        self._finished()

    def shutdown(self) -> None:
        """Quitting: the recording under way stops, and leaves no partial file."""
        if self._worker.busy:
            # A file already written stays; else none is, and what was written of it is
            # removed now (the worker may not get to it before the process ends).
            self._finish.stop()
        self._worker.shutdown()

    def _advanced(self, done: int, total: int) -> None:
        if self._worker.busy:
            self.bar.setMaximum(total)
            self.bar.setValue(done)

    def _finished(self) -> None:
        self.bar.hide()
        self.cancel_button.hide()
        self.busy_changed.emit(False)

    def _done(self, result) -> None:
        self._finished()
        path = self._path
        if isinstance(result, OSError):
            self.said.emit(f"Could not save {path}: {result.strerror or result}", 8000)
        elif isinstance(result, Exception):
            self.said.emit(f"Could not save {path}: {result}", 8000)
        else:
            self.said.emit(f"Saved {path} ({result} frames)", 6000)
