"""Opening a long text, or restoring a large stored board, off the window's thread.

The largest boards come as the longest texts: a 1000x1000 minesweeper game of 100,000
actions is a slug of 1.7 million characters, and reading it, working out what showing it
takes (its replay and the figures of its game) and writing its slug back take seconds of
pure Python. `Opener` does all of that on a worker thread while the window stays live:
a progress bar and a Cancel button appear in the status bar when it takes more than a
moment, the pointer says the application is busy, and the window gets the board, ready,
only once everything is worked out. Cancelling, a newer paste or closing the window stops
it at once and the board stays as it was.

`Restorer` does the same for the large boards kept from the last run, one game after the
other, so that the window is on screen at once and each board follows when it is ready;
its progress bar says it is restoring, and Cancel leaves the stored boards where they are.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QLabel, QStatusBar, QWidget

from slugboard.codecs import SlugError, decode_any, game
from slugboard.codecs.work import Cancel

from .store import read_board
from .worker import LatestOnly, Progress, progress_widgets

# How far into the progress bar reading the text ends and writing the slug begins; the
# game's own preparation fills what lies between.
READ_PART, PREPARED_PART = 0.2, 0.9
STEPS = 1000
SWITCH_INTERVAL_S = 0.001


def _prepared(name: str, board: Any, cancel: Cancel) -> str | None:
    """Work out what showing `board` takes, after it has been read, and write its slug
    (None for a board that has none)."""
    cancel.check()
    cancel.report(READ_PART)
    entry = game(name)
    entry.prepare(board, cancel.part(READ_PART, PREPARED_PART))
    cancel.check()
    cancel.report(PREPARED_PART)
    try:
        return entry.encode(board)
    except SlugError:
        return None  # the window says why when it shows the board


def read_and_prepare(text: str, cancel: Cancel) -> tuple[str, Any, str | None]:
    """(game, board, slug) of `text`, with what showing the board takes worked out ahead;
    raises SlugError as decoding does, and reports progress through `cancel`. The slug is
    None for a board that has none."""
    name, board = decode_any(text)
    return name, board, _prepared(name, board, cancel)


def restore_and_prepare(name: str, text: str, cancel: Cancel) -> tuple[Any, str | None]:
    """(board, slug) of the board of `name` kept as `text` in the settings, prepared as
    `read_and_prepare` prepares a pasted one; raises SlugError when it no longer reads."""
    board = read_board(name, text)
    return board, _prepared(name, board, cancel)


class _QuickSwitches:
    """The interpreter's switch interval, made short while any background reading runs:
    the window's thread takes the interpreter back after every Qt call it makes, and while
    a worker runs pure Python a shorter interval makes those waits shorter
    (benchmarks/tricks.py times the window's waits both ways). Counted, so that two readings
    at once give the interpreter's own interval back only when both are done."""

    users = 0
    saved = 0.0

    @classmethod
    def take(cls) -> None:
        if cls.users == 0:
            cls.saved = sys.getswitchinterval()
            sys.setswitchinterval(min(cls.saved, SWITCH_INTERVAL_S))
        cls.users += 1

    @classmethod
    def give_back(cls) -> None:
        cls.users -= 1
        if cls.users == 0:
            sys.setswitchinterval(cls.saved)


class _Background(QObject):
    """One reading at a time on a worker thread, with its progress bar and Cancel button
    in the status bar (and Escape while it runs). A subclass starts readings with `_start`
    and is handed each one's result (or its exception) in `_deliver`."""

    # Work quicker than this shows no progress bar: it would only flash.
    SHOW_AFTER_MS = 200
    BUSY_CURSOR = True

    def __init__(self, window: QWidget, status_bar: QStatusBar, form: str, tip: str) -> None:
        super().__init__(window)
        self._worker = LatestOnly(self)
        self._worker.finished.connect(self._finished)
        self._progress = Progress(self)
        self._progress.advanced.connect(self._advanced)
        self.bar, self.cancel_button = progress_widgets(status_bar, form, tip)
        self.bar.setRange(0, STEPS)
        self.cancel_button.clicked.connect(self.cancel)
        # Escape stops it too, while it runs (the board's own Escape waits till then). When
        # an opening and a restoring both run, each Escape stops one of them.
        self._escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), window)
        self._escape.setEnabled(False)
        self._escape.activated.connect(self.cancel)
        self._escape.activatedAmbiguously.connect(self.cancel)
        self._reveal = QTimer(self, singleShot=True, interval=self.SHOW_AFTER_MS)
        self._reveal.timeout.connect(self._show_progress)
        self._cursor = False
        self._quick = False  # the switch interval is short for this reading

    @property
    def busy(self) -> bool:
        return self._worker.busy

    def cancel(self) -> None:
        raise NotImplementedError

    def shutdown(self) -> None:
        """The window is closing: stop at once, and never answer."""
        self._worker.shutdown()
        self._done()

    def _start(self, job: Callable[..., Any], *args: Any) -> None:
        send = self._worker.relay(self._progress.advanced.emit)

        def work(*args: Any, cancel: Cancel) -> Any:
            return job(*args, cancel.with_progress(lambda f: send(round(f * STEPS), STEPS)))

        self._worker.submit(work, *args)
        self.bar.setValue(0)
        if not self._quick:
            self._quick = True
            _QuickSwitches.take()
        self._reveal.start()
        self._escape.setEnabled(True)
        if self.BUSY_CURSOR and not self._cursor:
            QApplication.setOverrideCursor(Qt.CursorShape.BusyCursor)
            self._cursor = True

    def _stop(self) -> bool:
        """Give up the reading under way; True when there was one."""
        was = self._worker.busy
        self._worker.cancel()
        self._done()
        return was

    def _show_progress(self) -> None:
        if self._worker.busy:
            self.bar.show()
            self.cancel_button.show()

    def _advanced(self, done: int, total: int) -> None:
        if self._worker.busy:
            self.bar.setValue(done)

    def _done(self) -> None:
        if self._quick:
            self._quick = False
            _QuickSwitches.give_back()
        self._reveal.stop()
        self._escape.setEnabled(False)
        self.bar.hide()
        self.cancel_button.hide()
        if self._cursor:
            self._cursor = False
            QApplication.restoreOverrideCursor()

    def _finished(self, result: Any) -> None:
        self._done()
        self._deliver(result)

    def _deliver(self, result: Any) -> None:
        raise NotImplementedError


class Opener(_Background):
    """Reads and prepares one text at a time in the background; a newer text replaces
    the one under way. `opened(text, game, board, slug)` or `failed(text, error)` fires
    in the window's thread for the text that was not replaced or cancelled; `stopped`,
    when the person cancelled."""

    opened = Signal(str, str, object, object)
    failed = Signal(str, object)
    stopped = Signal()

    def __init__(self, window: QWidget, status_bar: QStatusBar) -> None:
        super().__init__(window, status_bar, "Opening %p%", "Stop opening it: the board stays as it was (Esc)")
        self._text = ""

    def open(self, text: str) -> None:
        """Start reading `text`; whatever was being opened is given up."""
        self.drop()
        self._text = text
        self._start(read_and_prepare, text)

    def cancel(self) -> None:
        """Stop what is being opened (Cancel, Escape); `stopped` says so when something was."""
        if self.drop():
            self.stopped.emit()

    def drop(self) -> bool:
        """Give up what is being opened without a word (a newer paste takes its place);
        True when something was."""
        return self._stop()

    def _deliver(self, result: Any) -> None:
        text, self._text = self._text, ""
        if isinstance(result, Exception):
            self.failed.emit(text, result)
        else:
            self.opened.emit(text, *result)


class Restorer(_Background):
    """Restores the stored boards it is given, one game after the other, in the
    background. `restored(game, board, slug)` or `failed(game, text, error)` fires in the
    window's thread for each board not dropped or cancelled; `stopped(games)`, with the
    games whose boards were not restored, when the person cancelled."""

    restored = Signal(str, object, object)
    failed = Signal(str, str, object)
    stopped = Signal(list)

    # Shown at once: a restore comes with the window, and a page waits for it.
    SHOW_AFTER_MS = 0
    # The window is usable meanwhile (every other game, a paste): no busy pointer.
    BUSY_CURSOR = False

    def __init__(self, window: QWidget, status_bar: QStatusBar) -> None:
        super().__init__(
            window,
            status_bar,
            "Restoring the last board %p%",
            "Stop restoring it: it stays saved, and comes back the next time Slugboard starts (Esc)",
        )
        self._waiting: list[tuple[str, str]] = []  # (game, stored text), in turn
        self._name = ""  # the game whose board is being restored
        self._text = ""
        self._started = False

    @staticmethod
    def cover(page: QWidget, title: str) -> None:
        """Disable `page` and hide it under words saying its last board is being restored."""
        page.setEnabled(False)
        if page.findChild(Cover, options=Qt.FindChildOption.FindDirectChildrenOnly) is None:
            Cover(page, f"Restoring the last {title} board…").show()

    @staticmethod
    def uncover(page: QWidget) -> None:
        """Show `page` again, usable, as `cover` found it."""
        for found in page.findChildren(Cover, options=Qt.FindChildOption.FindDirectChildrenOnly):
            page.removeEventFilter(found)
            found.hide()
            found.deleteLater()
        page.setEnabled(True)

    def restore(self, name: str, text: str) -> None:
        """Restore the board of `name` kept as `text`, after those already asked for.
        Before `start`, it only waits its turn, and the progress bar says so."""
        self._waiting.append((name, text))
        self._label()
        if not self._started:
            self.bar.setValue(0)
            self.bar.show()
            self.cancel_button.show()
            self._escape.setEnabled(True)
        elif not self.busy:
            self._next()

    def start(self) -> None:
        """Begin restoring: once the window is on screen, as a worker running meanwhile
        would make the window's thread wait for the interpreter after each Qt call it makes
        (benchmarks/minesweeper_restore.py)."""
        if not self._started:
            self._started = True
            if not self.busy:
                self._next()

    def restoring(self, name: str) -> bool:
        """Whether the board of `name` is being restored or waits its turn."""
        return (self.busy and self._name == name) or any(waiting == name for waiting, _ in self._waiting)

    def drop(self, name: str) -> None:
        """Give up restoring the board of `name` without a word (another board took its place)."""
        self._waiting = [(n, t) for n, t in self._waiting if n != name]
        if self.busy and self._name == name:
            self._stop()
            self._next()
        elif not self.busy:
            self._done()  # its progress bar goes with the last board waiting

    def cancel(self) -> None:
        """Stop restoring every board (Cancel, Escape); `stopped` names their games."""
        names = ([self._name] if self.busy else []) + [name for name, _ in self._waiting]
        self._waiting = []
        self._stop()
        if names:
            self.stopped.emit(names)

    def _done(self) -> None:
        super()._done()
        if self._waiting and not self._started:  # still waiting to start: the bar stays
            self.bar.show()
            self.cancel_button.show()
            self._escape.setEnabled(True)

    def _label(self) -> None:
        """The bar names the boards it restores, and is wide enough to say it whole."""
        names = ([self._name] if self.busy else []) + [name for name, _ in self._waiting]
        text = "Restoring the last " + " and ".join(game(name).title for name in names) + " board"
        self.bar.setFormat(text + " %p%")
        self.bar.setToolTip(text)
        self.bar.setFixedWidth(self.bar.fontMetrics().horizontalAdvance(text + " 100%") + 24)

    def shutdown(self) -> None:
        self._waiting = []
        super().shutdown()

    def _next(self) -> None:
        if not self._waiting or not self._started:
            return
        self._name, self._text = self._waiting.pop(0)
        self._start(restore_and_prepare, self._name, self._text)
        self._label()

    def _deliver(self, result: Any) -> None:
        name, text = self._name, self._text
        self._text = ""
        if isinstance(result, Exception):
            self.failed.emit(name, text, result)
        else:
            self.restored.emit(name, *result)
        if not self.busy:  # the window may have asked for another meanwhile
            self._next()


class Cover(QLabel):
    """Covers a game's page while its stored board is restored: the page holds the game's
    new board meanwhile, which is not the person's, and is disabled (see `cover`)."""

    def __init__(self, page: QWidget, text: str) -> None:
        super().__init__(text, page)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setAutoFillBackground(True)
        self.setGeometry(page.rect())
        page.installEventFilter(self)  # to keep the page's size

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and isinstance(watched, QWidget):
            self.setGeometry(watched.rect())
        return False
