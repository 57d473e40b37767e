"""Fields that need no guessing, dealt in a helper process (a dense one may take thousands
of tries), and the row under the panel that says what work is under way, with its Cancel."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper import noguess

from ..worker import LatestOnly, why
from .paint import PLAY
from .widgets import button

if TYPE_CHECKING:
    from .page import MinesweeperPage


class WorkRow(QHBoxLayout):
    """Said while work is under way (a field dealt, a video written), with Cancel, which come
    and go together; while there is none, the row gives its room to the rest of the panel."""

    def __init__(self, cancel: Callable[[], None]) -> None:
        super().__init__()
        self.label = QLabel()
        self.label.setObjectName("dealingLabel")
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # it names the file being written
        self.label.setFixedHeight(self.label.fontMetrics().lineSpacing() + 2)
        self.cancel = button("Cancel", "Stop the work under way", cancel)
        self.cancel.setObjectName("dealingCancel")
        self.cancel.hide()
        self.label.hide()
        self.addWidget(self.label, 1)
        self.addWidget(self.cancel)

    def say(self, text: str) -> None:
        self.label.setText(text)
        self.label.setVisible(bool(text))
        self.cancel.setVisible(bool(text))


class Dealer(QObject):
    """Deals a field that needs no guessing; `dealing` is what asked: (mode, board, x, y),
    the mode being Edit, Play or "level"."""

    def __init__(self, page: MinesweeperPage, row: WorkRow) -> None:
        super().__init__(page)
        self._page = page
        self._row = row
        self.worker = LatestOnly(self, apart=(noguess.__name__,))
        self.worker.finished.connect(self._dealt)
        self.dealing: tuple | None = None

    def shutdown(self) -> None:
        self.worker.shutdown()

    def deal(self, mode: str, board: ms.Board, x: int, y: int, mines: int) -> None:
        """Ask the helper for a field of `mines` mines like `board`'s that a first click at
        (x, y) opens and logic alone solves; `_dealt` takes it from there."""
        self.dealing = (mode, board, x, y)
        self.worker.submit(noguess.no_guess_mines, board.width, board.height, mines, (x, y))
        self._row.say("Dealing a field that needs no guessing…")

    def board_shown(self, board: ms.Board) -> None:
        if self.dealing is not None and self.dealing[1] is not board:
            self.cancel()  # the field asked for belongs to a board no longer shown

    def cancel(self) -> None:
        if self.dealing is None:
            return
        self.dealing = None
        self.worker.cancel()
        self._row.say("")
        self._page.show_status("Cancelled: the field is dealt again at the next click")

    def _dealt(self, result) -> None:
        page = self._page
        pending, self.dealing = self.dealing, None
        self._row.say("")
        if pending is None:
            return
        mode, board, x, y = pending
        if isinstance(result, Exception):
            page.show_status(f"No field that needs no guessing: {why(result)}")
            return
        mines = tuple(tuple(m) for m in result)
        if mode == PLAY:
            if board is page.board:
                dealt = board.with_field(board.width, board.height, mines, board.events)
                page.session.click(x, y, Qt.MouseButton.LeftButton, dealt)
            return
        w, h = board.width, board.height
        page.set_board(page.board.with_field(w, h, mines), f"Random field needing no guessing ({len(mines)} mines)")
        if mode == "level":
            page.edit.seen_level_field = page.board
        page.show_status(f"This field needs no guessing from a first click at ({x}, {y}), the middle")
