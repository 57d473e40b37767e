"""What the game leaves the window as: File > Export video (painted and encoded on a
thread, its progress in the row under the panel), File > Export recording (an animation,
its progress in the status bar) and File > Save replay as .evf."""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from slugboard.codecs import minesweeper as ms

from ..worker import LatestOnly, why

if TYPE_CHECKING:
    from .dealing import WorkRow
    from .page import MinesweeperPage
    from .recorder import RecordingExport


def _write_video(path, board, palette, mouse, fps, speed, size, cancel, progress):
    from .video import write_video

    return write_video(
        path, board, fps=fps, speed=speed, size=size, palette=palette, mouse=mouse, cancel=cancel, progress=progress
    )


class VideoExport(QObject):
    """One video at a time, painted and encoded on a thread (painting a QImage may be done
    off the window's thread); its progress comes back through `progressed`."""

    progressed = Signal(float)

    def __init__(self, page: MinesweeperPage, row: WorkRow) -> None:
        super().__init__(page)
        self._page = page
        self._row = row
        self.job = LatestOnly(self)
        self.job.finished.connect(self._written)
        self.progressed.connect(self._moved)
        self.path: str | None = None  # the video under way
        self._since = 0.0

    def shutdown(self) -> None:
        self.job.shutdown()

    def dialog(self) -> None:
        """File > Export video: the replay as .mp4 or .webm, with its clock, counters and mouse path."""
        page = self._page
        if not page.board.events:
            page.show_status("No game to show yet: play one, or open a replay or a game slug")
            return
        from PySide6.QtWidgets import QFileDialog

        path, chosen = QFileDialog.getSaveFileName(
            page, "Export video", "minesweeper.mp4", "MP4 video (*.mp4);;WebM video (*.webm)"
        )
        if path:
            from .video import is_video

            if not is_video(path):
                path += "." + chosen.split("*.")[-1].rstrip(")")
            self.start(path)

    def possible(self) -> bool:
        """A game with clicks to show, and no video under way."""
        return bool(self._page.board.events) and self.path is None

    def start(self, path: str, *, fps: int = 30, speed: float = 1.0, size=None) -> bool:
        """Start writing the replay to `path` in the background; the row under the panel
        shows how far it has come, with Cancel, and the status bar says when it is saved."""
        from .recording import RecordingError
        from .video import check

        page = self._page
        try:
            check(path, fps=fps, speed=speed, size=size)
        except RecordingError as exc:
            page.show_status(f"Not saved: {exc}")
            return False
        if self.path is not None:
            page.show_status("A video is being written: wait for it, or Cancel it")
            return False
        self.path, self._since = path, time.time()
        mouse = page.mouse_path() if page.mouse_box.isChecked() else None
        palette = QPalette(page.palette())
        self.job.submit(_write_video, path, page.board, palette, mouse, fps, speed, size, progress=self.progressed.emit)
        self._row.say(f"Writing {os.path.basename(path)}…")
        page.actions_changed.emit()
        return True

    def _moved(self, fraction: float) -> None:
        if self.path is not None:
            self._row.say(f"Writing {os.path.basename(self.path)}: {100 * fraction:.0f}%")

    def _written(self, result) -> None:
        path, self.path = self.path, None
        self._row.say("")
        if path is None:
            return
        page = self._page
        page.actions_changed.emit()
        if isinstance(result, Exception):
            page.show_status(f"Not saved: {why(result)}")
        else:
            page.show_status(f"Saved {os.path.basename(path)}")

    def cancel(self) -> None:
        path, self.path = self.path, None
        if path is None:
            return
        page = self._page
        self.job.cancel()
        self._row.say("")
        page.actions_changed.emit()
        # A video whose file was whole before the stop reached it is kept, and said so.
        try:
            whole = os.path.getmtime(path) >= self._since
        except OSError:
            whole = False
        page.show_status(
            f"Saved {os.path.basename(path)}: it was whole before it could be stopped"
            if whole
            else "Video stopped: nothing was saved"
        )


def has_replay(game: str, board) -> bool:
    """Whether the board is a recorded minesweeper game, the one kind a recording plays."""
    return game == ms.NAME and bool(getattr(board, "events", ()))


class RecordingExports:
    """File > Export recording; its RecordingExport is made with the first recording."""

    def __init__(self, page: MinesweeperPage) -> None:
        self._page = page
        self.made: RecordingExport | None = None

    def possible(self) -> bool:
        """A game with clicks to replay, and no recording under way."""
        page = self._page
        return has_replay(page.GAME, page.board) and not (self.made is not None and self.made.busy)

    def dialog(self) -> None:
        from .recording import is_recording

        page = self._page
        if not has_replay(page.GAME, page.board):
            return
        from ..file_dialogs import save_file_name

        path, chosen = save_file_name(
            page,
            "Export recording",
            "minesweeper.gif",
            "GIF animation (*.gif);;WebP animation (*.webp);;Animated PNG (*.apng)",
            page.settings,
        )
        if path:
            if not is_recording(path):
                path += "." + chosen.split("*.")[-1].rstrip(")")
            self.start(path)

    def start(self, path: str) -> bool:
        """Start writing the replay of the game shown to `path`, in the background; the
        status bar shows how far it has come and says when it is saved."""
        page = self._page
        if not has_replay(page.GAME, page.board):
            self._say("Open a recorded minesweeper game to export its replay", 6000)
            return False
        return self.recorder().start(path, page.board, page.palette())

    def cancel(self) -> None:
        if self.made is not None:
            self.made.cancel()

    def shutdown(self) -> None:
        if self.made is not None:
            self.made.shutdown()

    def recorder(self) -> RecordingExport:
        if self.made is None:
            from PySide6.QtWidgets import QMainWindow, QStatusBar

            from .recorder import RecordingExport

            page = self._page
            window = page.window()
            bar = window.statusBar() if isinstance(window, QMainWindow) else QStatusBar(page)
            self.made = RecordingExport(bar, page)
            self.made.said.connect(self._say)
            self.made.busy_changed.connect(lambda _: page.actions_changed.emit())
        return self.made

    def _say(self, text: str, ms: int = 6000) -> None:
        from PySide6.QtWidgets import QMainWindow

        window = self._page.window()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage(text, ms)
        else:
            self._page.status_changed.emit(text)


def save_replay_dialog(page: MinesweeperPage) -> None:
    """File > Save replay as: the game as an .evf replay, with its mouse path when it has one."""
    if not page.can_save_replay():
        page.show_status("No game to save yet: play one, or open a replay or a game slug")
        return
    from PySide6.QtWidgets import QFileDialog

    path, _ = QFileDialog.getSaveFileName(page, "Save replay as", "minesweeper.evf", "Replay (*.evf)")
    if path:
        if not path.lower().endswith(".evf"):
            path += ".evf"
        save_replay(page, path)


def save_replay(page: MinesweeperPage, path: str) -> bool:
    """Write the open game to `path` as an .evf replay; says in the status bar how it went.
    The file is whole or not there: it is written beside and then renamed."""
    from slugboard.codecs.errors import SlugError
    from slugboard.codecs.minesweeper.evf import recording_of, write_evf
    from slugboard.codecs.newfile import write_atomically

    name = os.path.basename(path)
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        kept = page.replay_to_save()
        data = write_evf(recording_of(page.board, replay_file=kept))
        write_atomically(path, data)
    except SlugError as exc:
        page.show_status(f"Could not save the replay: {exc.message}")
        return False
    except OSError as exc:
        page.show_status(f"Could not write {name}: {exc.strerror or exc}")
        return False
    finally:
        QApplication.restoreOverrideCursor()
    what = (
        "with its mouse path"
        if kept is not None
        else "with each click at the middle of its cell (a link keeps no mouse path)"
    )
    page.show_status(f"Saved the replay to {name}, {what}")
    return True
