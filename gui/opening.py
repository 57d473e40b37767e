"""Opening a long text off the window's thread.

The largest boards come as the longest texts: a 1000x1000 minesweeper game of 100,000
actions is a slug of 1.7 million characters, and reading it, working out what showing it
takes (its replay and the figures of its game) and writing its slug back take seconds of
pure Python. `Opener` does all of that on a worker thread while the window stays live:
a progress bar and a Cancel button appear in the status bar when it takes more than a
moment, the pointer says the application is busy, and the window gets the board, ready,
only once everything is worked out. Cancelling, a newer paste or closing the window stops
it at once and the board stays as it was.
"""

from __future__ import annotations

import sys
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QStatusBar, QWidget

from slugboard.codecs import SlugError, decode_any, game
from slugboard.codecs.work import Cancel

from .worker import LatestOnly, Progress, progress_widgets

# How far into the progress bar reading the text ends and writing the slug begins; the
# game's own preparation fills what lies between.
READ_PART, PREPARED_PART = 0.2, 0.9
STEPS = 1000
SWITCH_INTERVAL_S = 0.001


def read_and_prepare(text: str, cancel: Cancel) -> tuple[str, Any, str | None]:
    """(game, board, slug) of `text`, with what showing the board takes worked out ahead;
    raises SlugError as decoding does, and reports progress through `cancel`. The slug is
    None for a board that has none."""
    name, board = decode_any(text)
    cancel.check()
    cancel.report(READ_PART)
    entry = game(name)
    entry.prepare(board, cancel.part(READ_PART, PREPARED_PART))
    cancel.check()
    cancel.report(PREPARED_PART)
    try:
        slug: str | None = entry.encode(board)
    except SlugError:
        slug = None  # the window says why when it shows the board
    return name, board, slug


class Opener(QObject):
    """Reads and prepares one text at a time in the background; a newer text replaces
    the one under way. `opened(text, game, board, slug)` or `failed(text, error)` fires
    in the window's thread for the text that was not replaced or cancelled; `stopped`,
    when the person cancelled."""

    opened = Signal(str, str, object, object)
    failed = Signal(str, object)
    stopped = Signal()

    # Work quicker than this shows no progress bar: it would only flash.
    SHOW_AFTER_MS = 200

    def __init__(self, window: QWidget, status_bar: QStatusBar) -> None:
        super().__init__(window)
        self._worker = LatestOnly(self)
        self._worker.finished.connect(self._finished)
        self._progress = Progress(self)
        self._progress.advanced.connect(self._advanced)
        self.bar, self.cancel_button = progress_widgets(
            status_bar, "Opening %p%", "Stop opening it: the board stays as it was (Esc)"
        )
        self.bar.setRange(0, STEPS)
        self.cancel_button.clicked.connect(self.cancel)
        # Escape stops it too, while it runs (the board's own Escape waits till then).
        self._escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), window)
        self._escape.setEnabled(False)
        self._escape.activated.connect(self.cancel)
        self._reveal = QTimer(self, singleShot=True, interval=self.SHOW_AFTER_MS)
        self._reveal.timeout.connect(self._show_progress)
        self._text = ""
        self._cursor = False
        self._switch_interval: float | None = None  # the interpreter's own, while a text is read

    @property
    def busy(self) -> bool:
        return self._worker.busy

    def open(self, text: str) -> None:
        """Start reading `text`; whatever was being opened is given up."""
        self.drop()
        self._text = text
        send = self._worker.relay(self._progress.advanced.emit)

        def job(text: str, cancel: Cancel) -> tuple[str, Any, str | None]:
            return read_and_prepare(text, cancel.with_progress(lambda f: send(round(f * STEPS), STEPS)))

        self._worker.submit(job, text)
        self.bar.setValue(0)
        # The window's thread takes the interpreter back after every Qt call it makes; while
        # the worker runs pure Python, a shorter switch interval makes those waits shorter
        # (the window's p95 wait while a 1000x1000 game is read: 38 ms -> 12 ms).
        if self._switch_interval is None:
            self._switch_interval = sys.getswitchinterval()
            sys.setswitchinterval(min(self._switch_interval, SWITCH_INTERVAL_S))
        self._reveal.start()
        self._escape.setEnabled(True)
        QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
        self._cursor = True

    def cancel(self) -> None:
        """Stop what is being opened (Cancel, Escape); `stopped` says so when something was."""
        if self.drop():
            self.stopped.emit()

    def drop(self) -> bool:
        """Give up what is being opened without a word (a newer paste takes its place);
        True when something was."""
        was = self._worker.busy
        self._worker.cancel()
        self._done()
        return was

    def shutdown(self) -> None:
        """The window is closing: stop at once, and never answer."""
        self._worker.shutdown()
        self._done()

    def _show_progress(self) -> None:
        if self._worker.busy:
            self.bar.show()
            self.cancel_button.show()

    def _advanced(self, done: int, total: int) -> None:
        if self._worker.busy:
            self.bar.setValue(done)

    def _done(self) -> None:
        if self._switch_interval is not None:
            sys.setswitchinterval(self._switch_interval)
            self._switch_interval = None
        self._reveal.stop()
        self._escape.setEnabled(False)
        self.bar.hide()
        self.cancel_button.hide()
        if self._cursor:
            self._cursor = False
            QApplication.restoreOverrideCursor()

    def _finished(self, result: Any) -> None:
        self._done()
        text, self._text = self._text, ""
        if isinstance(result, Exception):
            self.failed.emit(text, result)
        else:
            self.opened.emit(text, *result)
