"""The board widget: it turns mouse and keys into edits and draws with paint()."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QPainter,
)
from PySide6.QtWidgets import (
    QSizePolicy,
    QWidget,
)

from slugboard.codecs import pentomino as pm

from ..page import BoardCanvas
from .paint import board_layout, cell_at, cell_center, paint


class PentominoCanvas(BoardCanvas):
    """Draws the board and turns mouse and keys into requests; the page makes the edits."""

    place_requested = Signal(int, int)  # row, col: put the current tool there
    pick_requested = Signal(int, int)  # row, col: pick up the item covering the cell
    remove_requested = Signal(int, int)  # row, col: remove the item covering the cell
    rotate_requested = Signal(int)  # +1 right, -1 left
    mirror_requested = Signal(bool)  # True: left-right, False: up-down
    drop_requested = Signal()  # Escape: put the tool down

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = pm.new_board()
        self._painting: pm.Painting | None = None
        self._painted_board = None
        self.tool: tuple | None = None  # (name, rotation, reflected) or None
        self.hover: tuple[int, int] | None = None
        self.shift = False  # Shift held: a click places even over a piece
        # The pieces, (name, row, col), that a completion being browsed adds: drawn pale.
        # While one is shown a click only brings the person's own board back (the page's
        # doing), so no piece in hand or pick-up outline is drawn over it.
        self.added: frozenset[tuple[str, int, int]] = frozenset()
        self.browsing = False
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(280, 280)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setToolTip(
            "Click to place the chosen piece, click a placed piece to pick it up "
            "(Shift+click places over it). "
            "R or right click or wheel: rotate; F / Shift+F: mirror; Delete: remove; "
            "arrows + Enter: place with the keyboard; Escape: put the piece down"
        )

    def sizeHint(self) -> QSize:
        return QSize(620, 620)

    def board_layout(self) -> tuple[QRectF, float, float]:
        return board_layout(QRectF(self.rect()), self.board)

    def painting(self) -> pm.Painting:
        # One board is painted many times (mouse moves): keep its painting.
        if self._painted_board is not self.board:
            self._painting = pm.paint(self.board)
            self._painted_board = self.board  # type: ignore[assignment]
        return self._painting

    def set_board(self, board: pm.Board) -> None:
        self.board = board
        if self.hover is not None and not (self.hover[0] < board.height and self.hover[1] < board.width):
            self.hover = None
        self.update()

    def cell_center(self, row: int, col: int) -> QPointF:
        return cell_center(QRectF(self.rect()), self.board, row, col)

    # The anatomy view's cells are the board's (row, col), row 0 at the top.
    def anatomy_cell_rect(self, row: int, col: int) -> QRectF | None:
        if not (0 <= row < self.board.height and 0 <= col < self.board.width):
            return None
        grid, size, _ = self.board_layout()
        return QRectF(grid.left() + col * size, grid.top() + row * size, size, size)

    def anatomy_cell_at(self, point: QPointF) -> tuple[int, int] | None:
        return cell_at(QRectF(self.rect()), self.board, point)

    def _covering(self) -> int | None:
        """Index of the item painted on the hovered cell, if any."""
        if self.hover is None:
            return None
        o = self.painting().owner[self.hover[0] * self.board.width + self.hover[1]]
        return o if o >= 0 else None

    def picks_up(self) -> bool:
        """Whether a click on the hovered cell picks a piece up (rather than placing)."""
        return self._covering() is not None and (self.tool is None or not self.shift)

    def ghost(self) -> tuple | None:
        """The piece a click would place, where it would place it; None where a click picks
        a piece up instead (as the web app shows no preview over a placed piece)."""
        if self.browsing or self.tool is None or self.hover is None or self.picks_up():
            return None
        name, rotation, reflected = self.tool
        return (name, self.hover[0], self.hover[1], rotation, reflected)

    def target(self) -> int | None:
        """Index (in the painting's items) of the item a click would pick up."""
        return self._covering() if self.picks_up() and not self.browsing else None

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        self._paint_cache.paint(
            self,
            painter,
            paint,
            self.board,
            self.palette(),
            painting=self.painting(),
            ghost=self.ghost(),
            target=self.target(),
            cursor=self.hover if self.hasFocus() and self.tool is None and not self.browsing else None,
            added=self.added,
        )

    def _set_shift(self, modifiers, key: int = 0, pressed: bool = True) -> None:
        # The event of the Shift key itself may carry the modifiers from before it (X11).
        shift = pressed if key == Qt.Key.Key_Shift else bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
        if shift != self.shift:
            self.shift = shift
            self.update()

    # --- mouse --------------------------------------------------------------------
    def _cell(self, event) -> tuple[int, int] | None:
        return cell_at(QRectF(self.rect()), self.board, event.position())

    def mouseMoveEvent(self, event) -> None:
        self._set_shift(event.modifiers())
        cell = self._cell(event)
        if cell != self.hover:
            self.hover = cell
            self.update()

    def leaveEvent(self, event) -> None:
        # The piece in hand is drawn only under the pointer: once the pointer is off the
        # board nothing there says where a click would place it (the arrow keys bring the
        # cursor back).
        self.forget_hover()

    def forget_hover(self) -> None:
        """Draw no piece in hand and no cursor until the pointer or an arrow key comes back."""
        if self.hover is not None:
            self.hover = None
            self.update()

    def mousePressEvent(self, event) -> None:
        self.setFocus()
        cell = self._cell(event)
        if event.button() == Qt.MouseButton.RightButton:
            self.rotate_requested.emit(-1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1)
            return
        if cell is None or event.button() != Qt.MouseButton.LeftButton:
            return
        self.hover = cell
        self._activate(cell, event.modifiers())

    def _activate(self, cell: tuple[int, int], modifiers=Qt.KeyboardModifier.NoModifier) -> None:
        r, c = cell
        covered = self.painting().owner[r * self.board.width + c] >= 0
        if covered and (self.tool is None or not modifiers & Qt.KeyboardModifier.ShiftModifier):
            self.pick_requested.emit(r, c)
        elif self.tool is not None:
            self.place_requested.emit(r, c)

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y()
        if steps:
            self.rotate_requested.emit(1 if steps < 0 else -1)
        event.accept()

    # --- keys ---------------------------------------------------------------------
    def keyReleaseEvent(self, event) -> None:
        self._set_shift(event.modifiers(), event.key(), False)
        super().keyReleaseEvent(event)

    def keyPressEvent(self, event) -> None:
        key = event.key()
        mods = event.modifiers()
        self._set_shift(mods, key)
        if mods & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier
        ):
            super().keyPressEvent(event)
            return
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        if key in moves:
            r, c = self.hover or (0, 0)
            dr, dc = moves[key]
            self.hover = ((r + dr) % self.board.height, (c + dc) % self.board.width)
            self.update()
        elif key == Qt.Key.Key_R:
            self.rotate_requested.emit(-1 if mods & Qt.KeyboardModifier.ShiftModifier else 1)
        elif key == Qt.Key.Key_F:
            self.mirror_requested.emit(not mods & Qt.KeyboardModifier.ShiftModifier)
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            if self.hover is not None:
                self.remove_requested.emit(*self.hover)
        elif key == Qt.Key.Key_Escape:
            self.drop_requested.emit()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.hover is not None:
                self._activate(self.hover, mods)
        else:
            super().keyPressEvent(event)


# --- the page ------------------------------------------------------------------------------

_SIZE_EDIT = 1  # undo merge id of resizes
