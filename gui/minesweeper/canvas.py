"""The board widget: it turns mouse and keys into edits and draws with paint()."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QPainter,
)
from PySide6.QtWidgets import (
    QSizePolicy,
    QWidget,
)

from slugboard.codecs import minesweeper as ms
from slugboard.codecs.minesweeper.clicks import MousePath
from slugboard.codecs.minesweeper.odds import MineOdds

from ..page import BoardCanvas
from .paint import EDIT, REPLAY, Layout, paint


class MinesCanvas(BoardCanvas):
    """Shows the board in the page's current view and turns clicks and keys into cell
    actions: `cell_clicked(x, y, button)` (left opens or toggles a mine, right flags)."""

    cell_clicked = Signal(int, int, object)
    # The pointer for a game's record, in cells from the field's top left: "mv" a move,
    # "lc"/"rc" a press and "lr"/"rr" a release of the left or right button, "lk"/"rk" a
    # key that opens or flags at the keyboard cursor. Sent before the click it makes.
    pointer = Signal(str, float, float)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = ms.new_board()
        self.view = EDIT
        self.state: ms.ReplayState | None = None
        self.replay: ms.Replay | None = None
        self.field: ms.Field | None = None  # the board's, held while it is shown
        self.clock_ms: float | None = None
        self.odds: MineOdds | None = None
        self.mouse: MousePath | None = None
        self.hover: tuple[int, int] | None = None
        self.cursor: tuple[int, int] | None = None  # type: ignore[assignment]
        self._pressed: tuple[int, int] | None = None
        self._down: Qt.MouseButton | None = None  # the button held, of left and right
        self._after_paint: list[Callable[[], None]] = []
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(280, 240)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(640, 560)

    def board_layout(self) -> Layout:
        return Layout(QRectF(self.rect()), self.board.width, self.board.height)

    def cell_center(self, x: int, y: int) -> QPointF:
        return self.board_layout().cell_rect(x, y).center()

    # The anatomy view's cells are (row, col) = (y, x) of the game's field.
    def anatomy_cell_rect(self, row: int, col: int) -> QRectF | None:
        if not (0 <= row < self.board.height and 0 <= col < self.board.width):
            return None
        return self.board_layout().cell_rect(col, row)

    def anatomy_cell_at(self, point: QPointF) -> tuple[int, int] | None:
        cell = self.board_layout().cell_at(point)
        return None if cell is None else (cell[1], cell[0])

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        self._paint_cache.paint(
            self,
            painter,
            paint,
            self.board,
            self.palette(),
            view=self.view,
            state=self.state,
            replay=self.replay,
            field=self.field,
            clock_ms=self.clock_ms,
            hover=self.hover if self.view != REPLAY else None,
            cursor=self.cursor if self.view != REPLAY and self.hasFocus() else None,
            odds=self.odds if self.view != EDIT else None,
            mouse=self.mouse if self.view == REPLAY else None,
            covered=self.board_layout().grid,  # the field's picture is opaque
        )
        if self._after_paint:
            # In the next event-loop turn: after this paint has reached the screen.
            QTimer.singleShot(0, self, self._painted)

    def after_paint(self, fn: Callable[[], None]) -> None:
        """Call `fn` once, just after the next paint."""
        if fn not in self._after_paint:
            self._after_paint.append(fn)

    def _painted(self) -> None:
        calls, self._after_paint = self._after_paint, []
        for fn in calls:
            fn()

    def _send_pointer(self, kind: str, event) -> None:
        lay = self.board_layout()
        point = event.position()
        self.pointer.emit(kind, (point.x() - lay.grid.left()) / lay.cell, (point.y() - lay.grid.top()) / lay.cell)

    def mousePressEvent(self, event) -> None:
        self.setFocus()
        cell = self.board_layout().cell_at(event.position())
        button = event.button()
        if self._down is not None and not event.buttons() & self._down:
            self._down = None  # its release went elsewhere
        if self._down is not None:
            return  # one button at a time: a press while another is down does nothing
        if button in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            self._down = button
            self._send_pointer("lc" if button == Qt.MouseButton.LeftButton else "rc", event)
        self._pressed = cell
        if cell is not None and button == Qt.MouseButton.RightButton:
            self.cell_clicked.emit(cell[0], cell[1], Qt.MouseButton.RightButton)

    def mouseReleaseEvent(self, event) -> None:
        # Like the classic game, a left click acts on release: in Play over the cell it is
        # released on (as replay files count it), in Edit over the cell it pressed.
        cell = self.board_layout().cell_at(event.position())
        button = event.button()
        if button != self._down:
            return
        self._down = None
        self._send_pointer("lr" if button == Qt.MouseButton.LeftButton else "rr", event)
        pressed = self._pressed if self.view == EDIT else cell
        if button == Qt.MouseButton.LeftButton and cell is not None and cell == pressed:
            self.cell_clicked.emit(cell[0], cell[1], Qt.MouseButton.LeftButton)
        self._pressed = None

    def mouseMoveEvent(self, event) -> None:
        self._send_pointer("mv", event)
        cell = self.board_layout().cell_at(event.position())
        if cell != self.hover:
            self.hover = cell
            self.update()

    def leaveEvent(self, event) -> None:
        self.hover = None
        self.update()

    def keyPressEvent(self, event) -> None:
        if (
            event.modifiers()
            & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier)
            or self.view == REPLAY
        ):
            super().keyPressEvent(event)
            return
        moves = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        key = event.key()
        if key in moves:
            x, y = self.cursor or (0, 0)
            dx, dy = moves[key]
            self.cursor = ((x + dx) % self.board.width, (y + dy) % self.board.height)
            self.update()
            return
        if self._down is not None and key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_F):
            return  # a mouse button is down: its click comes first, one at a time
        if self.cursor is not None and key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.pointer.emit("lk", self.cursor[0], self.cursor[1])
            self.cell_clicked.emit(self.cursor[0], self.cursor[1], Qt.MouseButton.LeftButton)
            return
        if self.cursor is not None and key == Qt.Key.Key_F:
            self.pointer.emit("rk", self.cursor[0], self.cursor[1])
            self.cell_clicked.emit(self.cursor[0], self.cursor[1], Qt.MouseButton.RightButton)
            return
        super().keyPressEvent(event)


# --- the replay clock ------------------------------------------------------------------------
